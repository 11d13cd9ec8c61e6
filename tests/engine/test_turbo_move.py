"""turbo_move(game, use): where each turbo choice takes the trick's winner, without
changing the game, and the move the game then makes; refused with a typed error outside
the turbo choice."""

from __future__ import annotations

import random

import pytest

from rally import Game, HeuristicBot, IllegalAction, Moved, SetupError, Turbo
from rally.common.turns import play_bots
from rally.stich_rallye.game import turbo_move


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("use", [True, False])
def test_the_move_previewed_is_the_move_made(seed: int, use: bool) -> None:
    game = Game.new(3, seed=seed)
    bots = [HeuristicBot()] * 3
    play_bots(game, bots, random.Random(seed), stop=lambda g: g.awaiting_turbo)
    if game.is_over:
        pytest.skip("no turbo choice in this game")
    seat, before = game.current_player, game.state()
    move = turbo_move(game, use)
    assert game.state() == before  # only a copy moved
    made = [e.move for e in game.apply_recorded(Turbo(use)) if isinstance(e, Moved) and e.seat == seat]
    assert made[0] == move


def test_outside_the_turbo_choice_it_is_refused() -> None:
    game = Game.new(3, seed=1)
    before = game.state()
    with pytest.raises(IllegalAction, match="Only a trick's winner chooses the turbo"):
        turbo_move(game, True)
    with pytest.raises(SetupError, match="The game must be an object of type Game"):
        turbo_move("a game", True)  # type: ignore[arg-type]
    assert game.state() == before
