"""The experiment "how much does memory help?" (rally.rally_run.simulate.memory_win_rates)."""

from __future__ import annotations

import random

import pytest

from rally import SetupError
from rally.rally_run import ForgetfulBot, NoMemoryBot, PerfectMemoryBot, RallyRunGame, play_out
from rally.rally_run.simulate import log_lines, memory_bot, memory_win_rates, simulate


def test_it_is_seeded_and_counts_every_game():
    a = memory_win_rates([0, 2, None], games=24, seed=5)
    assert a == memory_win_rates([0, 2, None], games=24, seed=5)
    assert [row.label for row in a.rows] == ["none", "2 turns", "perfect"]
    assert all(row.games == 24 and 0 <= row.wins <= 24 for row in a.rows)
    assert a.players == 2 and a.fair_share == 0.5 and a.opponents == ("a computer player with no memory",)
    low, high = a.rows[0].interval
    assert low <= a.rows[0].rate <= high


def test_each_game_is_the_seeded_game_with_the_bot_in_turn_in_every_seat():
    result = memory_win_rates([None], opponents=["none", "forgetful:2"], games=6, seed=40)
    wins = 0
    for k in range(6):
        bots = [NoMemoryBot(), ForgetfulBot(2)]
        bots.insert(k % 3, PerfectMemoryBot())
        game = play_out(RallyRunGame.new(3, seed=40 + k), bots, random.Random(40 + k))
        wins += game.winner == k % 3
    assert result.rows[0].wins == wins and result.players == 3


def test_perfect_memory_wins_more_than_none():
    result = memory_win_rates([0, None], games=120, seed=0)
    none, perfect = result.rows
    assert perfect.rate > none.rate + 0.15


def test_the_bot_for_each_memory_length():
    assert type(memory_bot(None)) is PerfectMemoryBot and type(memory_bot(0)) is NoMemoryBot
    assert memory_bot(3).turns == 3


@pytest.mark.parametrize("kwargs, words", [
    ({"games": 0}, "number of games must be a whole number from 1 to 10000"),
    ({"games": 10**12}, "number of games must be a whole number from 1 to 10000"),
    ({"seed": 2**64 - 2, "games": 3}, "at most 2\\*\\*64 - 3 for 3 games"),
    ({"memories": range(10**12)}, "memory lengths must be a list of at most 20 items"),
    ({"memories": [10**30]}, "memory length"),
    ({"opponents": []}, "Give 1 to 3 opponents"),
    ({"opponents": ["none"] * 4}, "Give 1 to 3 opponents"),
    ({"memories": [-1]}, "memory length"),
    ({"opponents": ["genius"]}, "A bot must be perfect, forgetful:K"),
    ({"memories": []}, "at least one memory length"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"seed": -1}, "seed must be a whole number"),
])
def test_bad_settings_are_refused(kwargs, words):
    with pytest.raises(SetupError, match=words):
        memory_win_rates(**kwargs)


def test_log_lines_number_the_turns_as_the_cli_prints_them():
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    game.apply("rotate 1")
    lines = log_lines(game.events, game.names)
    assert lines == [f"Turn 1: {text}" for text in game.narrate()]
    assert "Turn 1: Bo reveals A1: a straight." in simulate(2, seed=6, bots="perfect")


def test_one_opponent_may_be_named_alone_and_a_fair_share_needs_alike_opponents():
    alone = memory_win_rates([None], opponents="none", games=4, seed=3)
    assert alone.players == 2 and alone.rows == memory_win_rates([None], opponents=["none"], games=4, seed=3).rows
    assert alone.fair_share == 0.5 and "a fair share would be 50.0%" in alone.table()
    mixed = memory_win_rates([None], opponents=["none", "forgetful:3"], games=3, seed=3)
    assert mixed.players == 3 and mixed.fair_share is None and "fair share" not in mixed.table()
