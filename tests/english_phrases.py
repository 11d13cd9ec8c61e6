"""The English a translation must leave behind: the fixed runs of words of every message
in the English message templates (``rally.pot``, ``widgets.pot``). Used by the tests that
check German output (``tests/engine/test_german.py``, ``tests/browser/test_german.py``).

Import it with ``from english_phrases import english_phrases`` (pytest puts tests/ on sys.path).
"""

from __future__ import annotations

import pathlib
import re
import string

from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[1]
RALLY_POT = ROOT / "rally" / "locale" / "rally.pot"
WIDGETS_POT = ROOT / "widgets" / "locale" / "widgets.pot"


def english_phrases(*templates: pathlib.Path) -> set[str]:
    """Each message's fixed words (the text between its placeholders, cut at sentence
    marks and HTML tags), wherever they run to three words or more."""
    phrases = set()
    for template in templates:
        with template.open("rb") as f:
            for message in read_po(f):
                if not message.id:
                    continue
                for msgid in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)):
                    for literal, *_ in string.Formatter().parse(msgid):
                        for run in re.split(r"[.;:()!?<>]", literal):
                            words = run.split()
                            if len(words) >= 3 and sum(w.isalpha() for w in words) >= 3:
                                phrases.add(" ".join(words))
    return phrases


#: The engine's commands, choices, track and bot names in English: none may reach a German text.
COMMAND_WORDS = re.compile(
    r"\b(?:no turbo|use turbo|reveal|rotate|drive|swap|finish|volcano|beach|custom|careful|heuristic|random|"
    r"perfect|forgetful|\w*Bot)\b|\bturbo\b")
#: A number in English form: a decimal point between digits (not inside a code such as
#: P25.15.19), or a percent sign straight after a digit.
ENGLISH_NUMBER = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])|\d%")


def english_words(texts: list[str]) -> list[str]:
    """Each English command word or English-written number found in ``texts``, with its text."""
    found = set()
    for text in texts:
        words = re.sub(r"<[^>]*>", " ", text)  # what is shown, not the HTML's attributes
        for m in (*COMMAND_WORDS.finditer(words), *ENGLISH_NUMBER.finditer(words)):
            start = max(0, m.start() - 60)
            found.add(f"{m.group(0)!r} in {words[start:m.end() + 40]!r}")
    return sorted(found)
