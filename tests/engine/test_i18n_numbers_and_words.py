"""Numbers as each language writes them, and the actions a player may type, in words of
every language rally speaks (the English forms keep working)."""

from __future__ import annotations

import random

import pytest

import rally
from rally import Game, examples, language
from rally.common.errors import TileError
from rally.stich_rallye.game import NO_TURBO, USE_TURBO, parse_action
from rally.common.i18n import decimal, percent, percent_range
from rally.rally_run import RallyRunGame
from rally.rally_run import parse_action as parse_run_action
from rally.rally_run.actions import DriveTo, Finish, Reveal, Rotate, Swap


def test_numbers_in_english_and_in_german():
    assert (decimal(52.66, 1), percent(0.5266, 1), percent(0.5), percent_range(0.552, 0.786, 1)) == (
        "52.7", "52.7%", "50%", "55.2% - 78.6%")
    with language("de"):
        assert (decimal(52.66, 1), percent(0.5266, 1), percent(0.5), percent_range(0.552, 0.786, 1)) == (
            "52,7", "52,7\xa0%", "50\xa0%", "55,2\xa0% bis 78,6\xa0%")
        assert decimal(3.0) == "3" and decimal(1234.5, 1) == "1234,5"


def test_numbers_in_german_sentences_and_tables():
    moment = examples.turbo_dilemma()
    advice = rally.advise(moment, playouts=40, seed=1)
    with language("de"):
        told = [advice.sentence(), advice.table(), advice.judge(advice.ranked[-1].label)]
        hint = advice.hint()
    assert all("%" in text for text in told)
    assert "%" not in hint and "40 Probespielen" in hint  # the child's hint names no percentage
    for text in told:
        assert "\xa0%" in text and not any(ch.isdigit() and after == "%" for ch, after in zip(text, text[1:]))
    assert "," in told[1].splitlines()[1]  # "100,0 %" in the table


def test_the_turbo_choice_is_read_in_the_words_of_every_language():
    assert parse_action("turbo") == parse_action("Turbo nutzen") == parse_action("  turbo   NUTZEN ") == USE_TURBO
    assert parse_action("no turbo") == parse_action("ohne Turbo") == NO_TURBO
    with language("de"):
        assert (USE_TURBO.word(), NO_TURBO.word()) == ("Turbo nutzen", "Ohne Turbo")
        assert parse_action(USE_TURBO.word()) == USE_TURBO  # what is shown is read back
    assert (USE_TURBO.word(), NO_TURBO.word(), str(USE_TURBO)) == ("turbo", "no turbo", "turbo")
    with pytest.raises(rally.CardError):
        parse_action("Turbo bitte")


def test_a_german_player_may_type_the_turbo_choice_in_german():
    game = Game.new(3, seed=2)
    while not game.awaiting_turbo:
        game.apply(game.legal_actions()[0])
        if game.is_over:
            pytest.skip("no turbo choice in this seeded game")
    before = game.to_json()
    with language("de"):
        assert game.why_illegal("ohne Turbo") is None
        game.apply("ohne Turbo")
    assert game.to_json() != before and not game.awaiting_turbo


ACTIONS = [Reveal("B3"), Rotate(1), DriveTo("C3"), Finish(), Swap("B2", "D4")]


def test_rally_run_actions_in_german_words_are_read_back():
    with language("de"):
        words = [action.words() for action in ACTIONS]
    assert words == ["B3 aufdecken", "Drehung 1", "nach C3 fahren", "ins Ziel fahren", "B2 und D4 vertauschen"]
    assert [parse_run_action(w) for w in words] == ACTIONS
    assert [parse_run_action(w.upper()) for w in words] == ACTIONS  # any case
    assert [parse_run_action(str(a)) for a in ACTIONS] == ACTIONS  # the English forms keep working
    assert [a.words() for a in ACTIONS] == [str(a) for a in ACTIONS]
    with pytest.raises(TileError):
        parse_run_action("B3 umdrehen")


def test_every_legal_rally_run_action_round_trips_through_its_german_words():
    game = RallyRunGame.new(3, seed=4)
    rng = random.Random(4)
    seen = 0
    while not game.is_over and game.turn < 40:
        actions = game.legal_actions()
        with language("de"):
            for action in actions:
                assert parse_run_action(action.words()) == action
                seen += 1
            legal = game.what_is_legal(game.current_player)
        assert not any(word in legal for word in ("reveal", "drive ", "rotate", "finish"))
        game.apply(actions[int(rng.random() * len(actions))])
    assert seen > 100


def test_tracks_are_named_and_read_in_every_language():
    with language("de"):
        assert [rally.TRACKS[n].shown_name for n in ("volcano", "beach")] == ["Vulkan", "Strand"]
        with pytest.raises(rally.TrackError, match=r"\(Strand oder Vulkan\)"):
            rally.get_track("Mond")
    assert rally.get_track("Vulkan") is rally.get_track("volcano") is rally.TRACKS["volcano"]
    assert rally.get_track(" strand ") is rally.TRACKS["beach"]
    assert rally.get_track("S..D.U..").kinds == rally.Track.parse("S..D.U..").kinds  # track text still reads
