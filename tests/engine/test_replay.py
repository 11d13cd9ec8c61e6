"""The engine answers "the game as it stood after event k", for both games, in one shape:
``replay_states(game)`` gives one entry per event with ``index``, ``event`` and ``text``."""

from __future__ import annotations

import random

import pytest

from rally import Game, HeuristicBot, RandomBot, play_until
from rally.rally_run import PerfectMemoryBot, RallyRunGame, play_out as run_play_out
from rally.rally_run.replay import replay_states as run_replay
from rally.stich_rallye.replay import replay_states


@pytest.mark.parametrize("seed", [1, 7])
def test_stich_rallye_replay_meets_the_game_at_every_decision(seed):
    game = Game.new(4, seed=seed)
    rng = random.Random(seed)
    checkpoints = {}
    while not game.is_over:
        checkpoints[len(game.events)] = (game.positions, game.motors, game.flag, game.round)
        game.apply(RandomBot().choose(game, game.legal_actions(), rng))
    states = replay_states(game)
    assert [s.index for s in states] == list(range(len(game.events)))
    for count, (positions, motors, flag, round_) in checkpoints.items():
        if count:
            s = states[count - 1]
            assert (s.positions, s.motors, s.flag, s.round) == (positions, motors, flag, round_)


@pytest.mark.parametrize("seed", [2, 5])
def test_rally_run_replay_meets_the_game_after_every_decision(seed):
    game = RallyRunGame.new(3, seed=seed)
    rng = random.Random(seed)
    after: dict[int, object] = {}
    bots = [PerfectMemoryBot() for _ in range(3)]
    while not game.is_over and len(game.events) < 120:
        seat = game.current_player
        game.apply(bots[seat].choose(game.bot_view(seat), game.legal_actions(), rng))
        after[len(game.events) - 1] = game.state().position
    moments = run_replay(game)
    assert [m.index for m in moments] == list(range(len(game.events)))
    assert [m.text for m in moments] == game.narrate()
    for last, state in after.items():
        assert moments[last].state == state


def test_rally_run_replay_of_an_arranged_game_starts_where_it_was_set_up():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW"}, cars=["B2", "green"])
    start = game.state().position
    bots = [PerfectMemoryBot(), PerfectMemoryBot()]
    run_play_out(game, bots, random.Random(3))
    moments = run_replay(game)
    assert moments and moments[-1].state == game.state().position
    assert moments[0].state != start  # the first decision already changed the board


def test_stich_rallye_replay_of_a_game_played_by_careful_bots_ends_where_the_game_ends():
    game = play_until(Game.new(3, seed=4), [HeuristicBot()] * 3, random.Random(4), lambda g: g.round == 3)
    states = replay_states(game)
    assert states[-1].positions == game.positions and states[-1].motors == game.motors
