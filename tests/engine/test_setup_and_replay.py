"""The set-up of the box (lesson 0) and the replay of part of a game (lesson 4): the
engine says each step, the views draw what it says."""

from __future__ import annotations

import random

import pytest

from rally import CAR_COLORS, Game, GameWon, HeuristicBot, RoundEnded, SetupError, deck, play_out, setup_steps
from rally.stich_rallye.replay import replay_states, round_end_span, trick_span
from widgets import BoxSetup, GameReplay


@pytest.mark.parametrize("players, low, high", [(3, 2, 10), (4, 2, 13), (5, 1, 15)])
def test_setup_steps_follow_the_rulebook_for_every_table(players, low, high):
    game = Game.new(players, seed=2)
    steps = setup_steps(game)
    assert [s.split(":")[0] for s in steps] == ["Board", "Cars and motors", "Motors", "Start", "Cards", "Flag", "Deal"]
    assert f"values {low} to {high}" in steps[4] and f"{3 * (high - low + 1)} cards" in steps[4]
    assert all(f"{game.names[s]} {CAR_COLORS[s]}" in steps[1] for s in range(players))
    assert f"the other {len(deck(players)) - 5 * players} lie aside" in steps[6]
    assert "clockwise" in steps[0] and "yellow side up" in steps[2] and "these lessons" in steps[5]


def test_setup_steps_name_another_first_player_as_chosen():
    steps = setup_steps(Game.new(4, seed=2, first_player=2))
    assert steps[5].startswith("Flag: Cy takes the flag") and "here that is Cy" in steps[5]


def test_setup_steps_refuse_a_game_under_way():
    game = Game.new(3, seed=2)
    game.apply(game.legal_actions()[0])
    with pytest.raises(SetupError, match="needs a game just dealt"):
        setup_steps(game)


def test_box_setup_redraws_for_another_player_count():
    view = BoxSetup()
    assert view.game.players == 4 and len(view.dials.children) == 4 and view.figure.positions == (0, 0, 0, 0)
    view.chooser.value = 3  # as a click on "3 players" does
    assert view.game.players == 3 and len(view.dials.children) == 3 and view.figure.positions == (0, 0, 0)
    assert "values 2 to 10" in view.text.value and len(view.hand.cards) == 5
    assert all(dial.position == 0 for dial in view.dials.children)


def test_round_end_span_runs_from_the_last_trick_to_the_new_flag():
    game = play_out(Game.new(4, seed=8), [HeuristicBot()] * 4, random.Random(8))
    first, last = round_end_span(game, 1)
    part = game.events[first:last + 1]
    assert sum(isinstance(e, RoundEnded) for e in part) == 1
    assert game.describe(part[0]).startswith("Bo plays") and "takes the flag for the next round" in game.describe(part[-1])
    with pytest.raises(SetupError, match="Round 3 has not ended"):
        round_end_span(Game.new(4, seed=8), 3)


def test_game_replay_steps_within_its_part_and_draws_each_moment():
    game = play_out(Game.new(4, seed=8), [HeuristicBot()] * 4, random.Random(8))
    first, last = round_end_span(game, 1)
    replay = GameReplay(game, first, last)
    states = replay_states(game)
    assert replay.back.disabled and replay.text.startswith(f"Step 1 of {last - first + 1}")
    assert replay.again.layout.display == "none"
    for _ in range(last - first):
        replay.forward.click()
    assert replay.index == last - first
    assert replay.figure.positions == states[last].positions
    assert [d.position for d in replay.dials] == list(states[last].motors)
    # At the end Step forward is greyed (and a press that reaches it stays at the end: a child
    # tapping on does not start the replay again); the line says it is over, and Back to start,
    # shown only now, starts again.
    assert replay.forward.disabled
    replay.forward.click()
    assert replay.index == last - first and replay.forward.disabled
    assert replay.forward.description == "Step forward ▶" and "The replay is over." in replay.status.value
    assert replay.again.layout.display == "" and replay.again.button_style == "primary"
    replay.again.click()
    assert replay.index == 0 and replay.figure.positions == states[first].positions
    assert replay.again.layout.display == "none" and "over" not in replay.status.value
    replay.step(100)
    replay.step(-100)
    assert replay.index == 0 and replay.figure.positions == states[first].positions


def test_game_replay_of_the_winning_trick_ends_on_the_win():
    from rally import examples

    game = examples.played(3, 28, 1000)
    first, last = trick_span(game, len(game.events) - 1)
    replay = GameReplay(game, first, last)
    replay.slider.value = replay.slider.max
    assert isinstance(replay.state.event, GameWon) and "wins the race" in replay.text


@pytest.mark.parametrize("first, last, message", [
    (-1, None, "The first event shown must be"), (1, 0, "The last event shown must be a whole number from 1 to 1"),
    (True, None, "The first event shown must be")])
def test_game_replay_refuses_a_part_the_game_does_not_have(first, last, message):
    game = Game.new(3, seed=1)
    game.apply(game.legal_actions()[0])
    with pytest.raises(SetupError, match=message):
        GameReplay(game, first, last)
