"""Child-sized lessons: what a learner reads in a lesson's text cells has short sentences
and the whole lesson stays short (D25). The page as the learner sees it, widgets
included, is counted in the browser (tests/browser/test_learner_view.py); this is the
markdown's own share, checked without one.

A sentence is at most 20 words, outside cells tagged ``for-grown-ups`` (parts a lesson
marks, in words, as written for adults). A lesson's text is at most 1,200 words. The guide
for grown-ups (``for_grown_ups*.ipynb``, ``de/fuer_erwachsene*.ipynb``: its start and its
parts) keeps the same limits, every cell of it. Tables and code blocks are not prose; links
count as their words only. Chinese counts as the app view's count does (``harness.app_text``): two
characters a word, and a sentence ends at 。！？：； with no space after it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness.app_text import CJK, cjk_words

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("**/[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)
#: The guide for grown-ups, both languages: its start and its parts.
GUIDE = sorted([*NOTEBOOKS.glob("for_grown_ups*.ipynb"), *NOTEBOOKS.glob("de/fuer_erwachsene*.ipynb")])
LESSONS += GUIDE
IDS = [str(p.relative_to(NOTEBOOKS)) for p in LESSONS]
GROWN_UPS = "for-grown-ups"
MOST_WORDS_A_SENTENCE = 20
MOST_WORDS_A_LESSON = 1200


def prose(markdown: str) -> str:
    """The words a reader reads: no code blocks, no tables, a link as its text."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("|"))
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)


def sentences(markdown: str) -> list[str]:
    """Sentences, list items and lines of a heading, each on its own."""
    text = re.sub(r"^(#.*)$", "\\1\n", prose(markdown), flags=re.M)  # a heading stands alone
    parts = re.split(r"(?<=[.!?:;])\s+|(?<=[。！？：；])\s*|\n\s*(?:[-*]|\d+\.)\s+|\n{2,}", text)
    return [part.strip() for part in parts if part.strip()]


def words(text: str) -> int:
    return len(re.findall(r"\w+", CJK.sub(" ", text))) + cjk_words(text)


def text_cells(lesson: Path) -> list[dict]:
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "markdown"]


def test_sentences_are_split_as_a_reader_reads_them():
    text = "# A title\nFirst one. Second one!\n\n* an item\n* another: [a link](x.ipynb)\n\n| a | table |"
    assert sentences(text) == ["# A title", "First one.", "Second one!", "* an item", "another:", "a link"]
    assert words("Ada's car moves 3 spaces.") == 6
    assert sentences("## 开车\n掀开 B3。再开到 C3！") == ["## 开车", "掀开 B3。", "再开到 C3！"]
    assert words("掀开 B3。") == 2 and words("再开到维修站") == 3


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_no_sentence_a_child_reads_is_over_20_words(lesson):
    long = [
        f"{words(sentence)} words: {sentence}"
        for cell in text_cells(lesson)
        if GROWN_UPS not in cell["metadata"].get("tags", [])
        for sentence in sentences("".join(cell["source"]))
        if words(sentence) > MOST_WORDS_A_SENTENCE
    ]
    assert not long, "\n".join(long)


def test_the_guide_is_checked_in_both_languages():
    english = [p for p in GUIDE if p.parent == NOTEBOOKS]
    assert english and len(GUIDE) == 2 * len(english), [str(p.relative_to(NOTEBOOKS)) for p in GUIDE]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_no_lesson_is_over_1200_words(lesson):
    total = sum(words(prose("".join(cell["source"]))) for cell in text_cells(lesson))
    assert total <= MOST_WORDS_A_LESSON, f"{total} words"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_bold_word_is_drawn_bold(lesson):
    """Markdown's ``**`` shows as it is where its rules do not make it bold: a closing ``**``
    after punctuation must be followed by a space or punctuation, so Chinese writes
    ``**往前开**：`` rather than ``**往前开：**`` (CommonMark's flanking rule; mistune, which
    nbconvert uses, follows it, as JupyterLab and Voilà do)."""
    mistune = pytest.importorskip("mistune")
    render = mistune.create_markdown()
    left = [line for cell in text_cells(lesson) for line in re.sub(r"<[^>]+>", "", render("".join(cell["source"]))
                                                                     ).splitlines() if "**" in line]
    assert left == []

