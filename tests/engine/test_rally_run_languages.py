"""Rally Run in the other languages of its rulebook (issue 44): French, Spanish and Chinese.

Their catalogs translate Rally Run's part (``rally.common.i18n.RALLY_RUN_ONLY``). Here seeded
games are told in each, with no English word left; what a player types in the language's words
is read back; refusals and the board speak it; a browser's language code finds it.
"""

from __future__ import annotations

import re

import pytest

import rally
from rally.common.errors import IllegalAction
from rally.common.i18n import RALLY_RUN_ONLY, available_languages
from rally.rally_run import RallyRunGame
from rally.rally_run.actions import parse_action
from rally.rally_run.simulate import log_lines, simulate
from test_i18n_rally_run import played  # tests/engine/test_i18n_rally_run.py: a whole game of three bots

#: English words that must not be left in a text about Rally Run in another language.
ENGLISH = re.compile(r"\b(start-finish|trophy|pit stop|face[- ]down|face[- ]up|drives|reveals|swaps|lays it|straight|"
                     r"curve|crossroads|dead end|turn|wins|winner|players|car|north|east|south|west|PIT|the|and)\b",
                     re.IGNORECASE)


@pytest.fixture(autouse=True)
def english_after_each_test():
    before = rally.set_language("en")
    yield
    rally.set_language(before)


def test_each_language_of_the_rulebook_has_its_catalog():
    assert set(RALLY_RUN_ONLY) < set(available_languages())


@pytest.mark.parametrize("code, lang", [("fr_FR.UTF-8", "fr"), ("es-MX", "es"), ("zh-CN", "zh_Hans"),
                                        ("zh-Hans", "zh_Hans"), ("zh", "zh_Hans")])
def test_a_browsers_language_code_finds_its_catalog(code, lang):
    with rally.language(code):
        assert rally.get_language() == lang


def test_traditional_chinese_is_not_served_simplified():
    with pytest.raises(rally.RuleError, match="zh_Hant"):
        rally.set_language("zh_Hant")


@pytest.mark.parametrize("lang", RALLY_RUN_ONLY)
@pytest.mark.parametrize("seed", [4, 11])
def test_a_whole_seeded_game_is_told_with_no_english_left(lang, seed):
    game = played(seed)
    with rally.language(lang):
        story = game.narrate()
        board = game.summary(reveal=True)
        log = log_lines(game.events, game.names)
    english = game.narrate()
    assert len(story) == len(english) >= 10
    for line, said in zip(story, english):
        assert line != said and not ENGLISH.search(line), line
    for text in [board, *log]:
        assert not ENGLISH.search(text.replace("PIT", "")), text  # the board's machine codes aside


@pytest.mark.parametrize("lang", RALLY_RUN_ONLY)
def test_what_a_player_types_in_the_language_is_read_back(lang):
    game = RallyRunGame.new(2, seed=6)
    for _turn in range(12):
        for action in game.legal_actions():
            with rally.language(lang):
                typed = action.words()
                assert parse_action(typed) == action, typed
                assert parse_action(typed.upper()) == action, typed
        game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("lang", RALLY_RUN_ONLY)
def test_a_refusal_says_why_in_the_language_and_leaves_the_game_as_it_was(lang):
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    game.apply("rotate 1")
    before = game.state()
    with rally.language(lang), pytest.raises(IllegalAction) as refused:
        game.apply("drive C3")
    assert game.state() == before
    said = str(refused.value)
    assert "Gus" in said and "C3" in said and not ENGLISH.search(said), said
    assert said != game.why_illegal("drive C3")


@pytest.mark.parametrize("lang", RALLY_RUN_ONLY)
def test_the_run_report_speaks_the_language(lang):
    report = simulate(2, seed=6, bots="perfect", brief=True, lang=lang)
    english = simulate(2, seed=6, bots="perfect", brief=True)
    assert report.splitlines()[-1] != english.splitlines()[-1]
    assert not ENGLISH.search(report.replace("PIT", "")), report


@pytest.mark.parametrize("lang", ("en", "de", *RALLY_RUN_ONLY))
def test_the_text_boards_columns_line_up_whatever_the_color_words(lang):
    """Every row's squares start in the same terminal column: a long color word (amarillo) or a
    wide character (红色, two columns each) moves the whole grid, never one row."""
    import unicodedata

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    with rally.language(lang):
        rows = [line for line in RallyRunGame.new(4, seed=6).summary().splitlines() if line[:1] in "12345"
                and "??" in line]
    assert len(rows) == 5
    assert len({columns(row[:row.index("??")]) for row in rows if row.index("??") < 20}) == 1, rows
