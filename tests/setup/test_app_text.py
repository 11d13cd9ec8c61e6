"""The counts of what a learner reads (:mod:`harness.app_text`, ``bin/app-text``): words,
sentences and repeated lines as a reader meets them, in English and German."""

from __future__ import annotations

import doctest

from harness import app_text


def test_its_examples_run():
    result = doctest.testmod(app_text, optionflags=0, report=True)
    assert result.attempted > 0 and result.failed == 0


def test_a_sentence_ends_where_the_next_begins_in_either_language():
    text = "„Ada spielt G5.“ Bo gewinnt den Stich!\nRunde 1 von 3 · ⚑ Fahne: Ada\nRound 2. 7 cards each."
    assert app_text.sentences(text) == ["„Ada spielt G5.“", "Bo gewinnt den Stich!", "Runde 1 von 3 · ⚑ Fahne: Ada",
                                        "Round 2.", "7 cards each."]


def test_a_long_sentence_and_a_long_page_are_found():
    long = " ".join(["word"] * 21) + "."
    page = app_text.count("\n".join([long] + ["Three more words."] * 400), "a page")
    assert page.long_sentences == [long] and page.too_long and page.words == 21 + 1200
    assert page.repeated == []  # a short line shown often is a button or a label, not a repeated block
    assert "(over 1200 words)" in app_text.table([page])
