"""The English a translation must leave behind: the fixed runs of words of every message
in the English message templates (``rally.pot``, ``widgets.pot``). Used by the tests that
check German output (``tests/test_german.py``, ``tests/browser/test_german.py``).

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
