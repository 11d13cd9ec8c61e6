"""GameControl alone, no widget drawn (issue 42, item 2): the computer players act at
their pace until a person must decide, and wait there; bad input is refused with a typed
error and changes nothing; pass-and-play hides the hand when the turn passes; the turbo
offer is the engine's two moves."""

from __future__ import annotations

import asyncio
import random

import pytest

import rally
from rally import CardError, Game, HeuristicBot, IllegalAction, Moved, RandomBot, SetupError, Turbo
from rally.common.turns import play_bots
from rally.stich_rallye.game import turbo_move
from widgets.stich_rallye.game_control import GameControl


def test_the_controller_needs_no_widget() -> None:
    import widgets.stich_rallye.game_control as module

    source = open(module.__file__, encoding="utf-8").read()
    assert "ipywidgets" not in source and "anywidget" not in source and "traitlets" not in source


@pytest.mark.parametrize("seed", [3, 11])
def test_the_bots_play_at_their_pace_and_a_persons_turn_waits(seed: int) -> None:
    game = Game.new(4, seed=seed, first_player=2)  # Cy leads: two computer players act before Ada
    control = GameControl(game, delay=0.01, bots=RandomBot(), rng=random.Random(seed))
    shown: list[int] = []  # how many events there were each time the table was drawn
    pauses: list[int] = []

    async def show() -> None:
        shown.append(len(control.take_events()))

    async def play() -> None:
        await control.play_slowly(lambda: False, show, lambda: pauses.append(len(game.events)))

    asyncio.run(play())
    # One action between two drawings, a pause before each, and Ada's turn at the end.
    assert game.current_player == 0 and control.person_to_act and not control.bots_to_move()
    assert len(pauses) == len(shown) - 1 == 2 and all(n >= 1 for n in shown[1:])
    before = game.state()
    assert control.play_bots() == 0 and game.state() == before  # her turn waits for her
    assert control.messages == game.narrate()


def test_a_pause_holds_the_computer_players() -> None:
    game = Game.new(3, seed=5, first_player=1)
    control = GameControl(game, delay=0.01)
    shown: list[int] = []

    async def show() -> None:
        shown.append(len(game.events))

    asyncio.run(control.play_slowly(lambda: True, show, lambda: None))
    assert shown == [1] and game.current_player == 1 and len(game.events) == 1  # drawn once, only the deal
    assert control.bots_to_move() and not control.bots_to_move(paused=True)


def test_bad_input_is_refused_with_a_typed_error_and_changes_nothing() -> None:
    game = Game.new(3, track="beach", seed=4)
    control = GameControl(game)
    before, events = game.state(), len(game.events)
    with pytest.raises(CardError, match="“X1” is not a card"):
        control.act("X1")
    illegal = next(c for c in game.hands[1])  # Bo's card, not Ada's
    with pytest.raises(IllegalAction) as refused:
        control.act(illegal)
    assert str(refused.value) == game.why_illegal(illegal, 0)
    with pytest.raises(IllegalAction, match="Only a trick's winner chooses the turbo"):
        control.act(Turbo(True))
    assert game.state() == before and len(game.events) == events and control.viewer == 0
    control.act(game.legal_actions()[0])
    assert len(game.events) == events + 1


def test_pass_and_play_hides_the_hand_when_the_turn_passes() -> None:
    game = Game.new(4, seed=5)
    control = GameControl(game, people=[0, 2])
    assert control.passing and control.viewer is None
    before = game.state()
    with pytest.raises(IllegalAction, match="First pass the screen to Ada: Ada, press “I am Ada: show my cards”"):
        control.act(game.legal_actions()[0])
    assert game.state() == before
    control.reveal(0)
    control.act(game.legal_actions()[0])
    assert control.viewer is None  # Bo, a computer player, is next: Ada's hand goes
    assert control.refusal(game.legal_actions()[0]) == "Wait: Bo is a computer player."
    control.play_bots()
    assert game.current_player == 2 and control.viewer is None
    with pytest.raises(SetupError):
        control.reveal(9)
    assert control.review_refusal(2) == "Each person's review opens once a game of several people is over."


def test_the_turbo_offer_is_the_engines_two_moves_and_changes_nothing() -> None:
    game = Game.new(3, seed=4)
    play_bots(game, [HeuristicBot()] * 3, random.Random(4), stop=lambda g: g.awaiting_turbo)
    seat = game.current_player
    control = GameControl(game, human=seat)
    before = game.state()
    offer = control.turbo_offer()
    assert offer is not None and offer.seat == seat and offer.value == game.motor_values[seat]
    assert offer.moves == {use: turbo_move(game, use) for use in (True, False)} and game.state() == before
    control.act(Turbo(True))
    moved = next(e for e in game.events if isinstance(e, Moved) and e.seat == seat and e.move == offer.moves[True])
    assert moved.move.steps == offer.moves[True].steps
    assert control.turbo_offer() is None  # chosen: no offer is left


def test_bad_set_ups_are_refused() -> None:
    with pytest.raises(SetupError, match="GameView's game must be a Game"):
        GameControl("a game")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="The bots' delay in seconds must be a number from 0 to 10"):
        GameControl(Game.new(3), delay=11)
    with pytest.raises(SetupError, match="GameView's rng must be a random.Random"):
        GameControl(Game.new(3), rng=7)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="Each computer player must be a bot with a choose method"):
        GameControl(Game.new(3), bots=[None, None, RandomBot()])  # type: ignore[list-item]
    with pytest.raises(SetupError, match="records its events from the first deal"):
        GameControl(Game.new(3, record=False))
    control = GameControl(Game.new(3), people=[0, 2], bots=[RandomBot()])
    assert control.bots[0] is None and control.bots[2] is None and isinstance(control.bots[1], RandomBot)


def test_a_person_who_lost_hears_where_their_car_got_to() -> None:
    """Round 32's walk: the game's end named only the winner. One person who lost is told
    their car's space and lap (the engine's positions); the winner, and people passing the
    screen round, are not."""
    told = 0
    for seed in range(8):
        game = rally.play_out(Game.new(4, seed=seed), [HeuristicBot()] * 4, random.Random(seed))
        line = GameControl(game, human=0).status()[0]
        progress, length = game.positions[0], len(game.track)
        said = f"Your car: space {progress % length}, lap {progress // length + 1}."
        assert (said in line) == (game.winner != 0), line
        told += said in line
        assert "Your car" not in GameControl(game, people=[0, 1]).status()[0]
        with rally.language("de"):
            if game.winner != 0:
                assert f"Dein Auto: Feld {progress % length}, Abschnitt {progress // length + 1}." in \
                    GameControl(game, human=0).status()[0]
    assert told
