"""docs/truth.md quotes the child's path word for word: every sentence its tables give as
the one a learner reads (a lesson's marked sentence, a self-check's question, hint or
feedback, a guided game's tip, a message) is in the lessons or the catalogs as they are now.
Reword a lesson or a message and its row in truth.md follows, or this fails.

Which quotes are claims: those in the tables' columns that hold the learner's text
(:data:`QUOTING`, each with the language it is in). "The sentence that marks it" and
"German" quote a lesson's text; "The message (source)" quotes a message. The other columns
say a reading in the page's own words (and may quote the rulebook, as "may"), and the prose
around the tables quotes the mark itself and its forms, so neither is checked here.

A quote is English in straight double quotes, German in „…“ (a German quote inside it
„as here“ nests). An ellipsis … in a quote stands for words left out: the parts around it
appear in that order. ``{placeholders}`` are written as the catalog writes them.

Where a quote must be: in a table with a "Lesson" column, in the markdown of a lesson the
row names (``widgets.course.COURSE``, in the column's language), read as a learner reads
it: bold ``**`` and line breaks dropped, a link as its text. In a table without one, in a
message of the catalogs of ``rally/`` and ``widgets/`` (an English quote in a msgid, the
English source; a German one in the German msgstr).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from widgets.course import COURSE

ROOT = Path(__file__).resolve().parents[2]
TRUTH = ROOT / "docs" / "truth.md"
NOTEBOOKS = ROOT / "notebooks"
#: The German catalog of each package with messages; its msgids are the English.
CATALOGS = (ROOT / "rally" / "locale" / "de" / "LC_MESSAGES" / "rally.po",
            ROOT / "widgets" / "locale" / "de" / "LC_MESSAGES" / "widgets.po")
#: The columns that quote what a learner reads, and the language each quotes.
QUOTING = {"The sentence that marks it": "en", "German": "de", "The message (source)": "en"}
#: The column that names a row's lessons: where its quotes are.
LESSON = "Lesson"


@dataclass(frozen=True)
class Quote:
    """One quote of truth.md: its text, the column it stands in and its language, the
    lessons its row names (``None`` in a table without a "Lesson" column: a message), and
    its line in truth.md."""

    text: str
    column: str
    lang: str
    lessons: tuple[int, ...] | None
    line: int

    def __str__(self) -> str:
        return f"truth.md:{self.line} {self.column}"


def plain(text: str) -> str:
    """Markdown as a learner reads it: no bold, a link as its text, one space for any run
    of spaces and line breaks."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text.replace("**", ""))
    return re.sub(r"\s+", " ", text).strip()


def quotes_in(cell: str) -> list[str]:
    """The quotes in a table cell: English in straight double quotes, then German in „…“,
    a German quote nested inside another kept whole."""
    found = re.findall(r'"([^"]*)"', cell)
    rest = re.sub(r'"[^"]*"', " ", cell)
    depth, start = 0, 0
    for i, char in enumerate(rest):
        if char == "„":
            start = i + 1 if depth == 0 else start
            depth += 1
        elif char == "“" and depth:
            depth -= 1
            if depth == 0:
                found.append(rest[start:i])
    return found


def rows(markdown: str) -> list[tuple[int, dict[str, str]]]:
    """Every row of every table in ``markdown``: its line number and its cells by header."""
    lines = markdown.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"\|\s*-", lines[i + 1]):
            header = [cell.strip() for cell in line.strip().strip("|").split("|")]
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                cells = [cell.strip() for cell in lines[j].strip().strip("|").split("|")]
                assert len(cells) == len(header), f"truth.md:{j + 1} has {len(cells)} cells, its header {len(header)}"
                found.append((j + 1, dict(zip(header, cells))))
                j += 1
    return found


def lessons(row: dict[str, str]) -> tuple[int, ...] | None:
    """The lessons a row names in its "Lesson" column ("3, 4"); ``None`` if its table has none."""
    return tuple(int(n) for n in re.findall(r"\d+", row[LESSON])) if LESSON in row else None


def quotes(markdown: str) -> list[Quote]:
    """The quotes of the :data:`QUOTING` columns of ``markdown``'s tables."""
    return [Quote(text, column, QUOTING[column], lessons(row), line)
            for line, row in rows(markdown)
            for column, cell in row.items() if column in QUOTING
            for text in quotes_in(cell)]


def said_in(quote: str, text: str) -> bool:
    """Whether ``text`` says ``quote``: its parts around each … in that order."""
    at = 0
    for part in filter(None, (p.strip() for p in plain(quote).split("…"))):
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


@cache
def lesson_text(number: int, lang: str) -> str:
    """The markdown of lesson ``number`` in ``lang``, every cell, as a learner reads it."""
    notebook = json.loads((NOTEBOOKS / COURSE[number].file(lang)).read_text(encoding="utf-8"))
    return "\n".join(plain("".join(cell["source"])) for cell in notebook["cells"] if cell["cell_type"] == "markdown")


@cache
def messages(lang: str) -> tuple[str, ...]:
    """Every message of the catalogs in ``lang`` (Babel reads them; obsolete entries are
    left out): the msgids and their plurals in English, the msgstrs in German."""
    found = []
    for path in CATALOGS:
        with path.open("rb") as f:
            for message in read_po(f):
                if not message.id:
                    continue
                texts = message.id if lang == "en" else message.string
                found += [plain(text) for text in (texts if isinstance(texts, (tuple, list)) else (texts,)) if text]
    return tuple(found)


def where(quote: Quote) -> list[str]:
    """The texts ``quote`` must be in: its row's lessons, or the catalogs' messages."""
    if quote.lessons is not None:
        return [lesson_text(n, quote.lang) for n in quote.lessons]
    return list(messages(quote.lang))


QUOTES = quotes(TRUTH.read_text(encoding="utf-8"))


def test_quotes_are_read_from_the_columns_that_hold_the_learners_text():
    table = "\n".join([
        "| Reading | Lesson | The sentence that marks it | German |",
        "|---|---|---|---|",
        '| Cars "next to" you | 3, 4 | "In this app, “next to” means **beside**." (then "At the table, …") '
        "| „„Neben“ heißt in der App: Seite an Seite.“; „Am Tisch …“ |",
        "",
        "| Where | The message (source) |",
        "|---|---|",
        '| Lesson 0 | "Careful: {name} may not." (`traps.py`) |',
    ])
    assert [(q.text, q.column, q.lang, q.lessons, q.line) for q in quotes(table)] == [
        ("In this app, “next to” means **beside**.", "The sentence that marks it", "en", (3, 4), 3),
        ("At the table, …", "The sentence that marks it", "en", (3, 4), 3),
        ("„Neben“ heißt in der App: Seite an Seite.", "German", "de", (3, 4), 3),
        ("Am Tisch …", "German", "de", (3, 4), 3),
        ("Careful: {name} may not.", "The message (source)", "en", None, 7),
    ]


def test_a_quote_is_said_with_its_words_left_out_in_order():
    text = plain("In this app, you first gather **all** the cards in play\nand [shuffle](x.ipynb) them.")
    assert said_in("In this app, you first gather **all** the cards in play and shuffle them.", text)
    assert said_in("In this app, you first gather … and shuffle them.", text)
    assert not said_in("and shuffle them. … In this app", text)  # the parts in the text's order
    assert not said_in("In this app, you first gather **all** the cards and shuffle them.", text)


def test_every_row_of_the_tables_quotes_the_learners_text():
    """A row of the checklist quotes what a learner reads in each quoting column it has, so
    no row says a lesson's sentence in other words than the lesson's."""
    quoted = {(q.line, q.column) for q in QUOTES}
    columns = [(line, column) for line, row in rows(TRUTH.read_text(encoding="utf-8"))
               for column in row if column in QUOTING]
    assert {column for _, column in columns} == set(QUOTING), columns
    assert [f"truth.md:{line} {column}" for line, column in columns if (line, column) not in quoted] == []


def test_a_lessons_row_names_lessons_of_the_course():
    named = [quote.lessons for quote in QUOTES if quote.lessons is not None]
    assert named and all(lessons and all(0 <= n < len(COURSE) for n in lessons) for lessons in named), named


@pytest.mark.parametrize("quote", QUOTES, ids=str)
def test_each_quote_is_what_a_learner_reads_now(quote: Quote):
    places = ([COURSE[n].file(quote.lang) for n in quote.lessons] if quote.lessons is not None
              else [f"the {quote.lang} messages of {', '.join(str(p.relative_to(ROOT)) for p in CATALOGS)}"])
    assert any(said_in(quote.text, text) for text in where(quote)), f"{quote.text!r} is not in {places}"
