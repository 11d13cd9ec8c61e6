"""Rally Run's refusals as values (issue 42): each code and its facts, on positions
reached by playing seeded games; every action ``legal_actions`` lists has no refusal,
and every other action has one, from the same checks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rally import IllegalAction, Refusal
from rally.rally_run import Cell, DriveTo, Finish, RallyRunGame, Reveal, Swap
from rally.rally_run.actions import DRIVES, FINISH, REVEALS, ROTATES, SWAPS, RunAction
from rally.rally_run.board import CELL_LIST, CELLS, NEIGHBOURS, PIT, START_FINISH
from rally.rally_run.tiles import BITS

#: Every code a Rally Run game refuses with (docs/engine.md).
CODES = {"run.over", "seat.none", "run.turn", "M3.wait", "M3.lay_first", "M3.reveal_first", "M1.pit", "R11.face_up",
         "M3.face_down", "R5.no_trophy", "R5.corner", "M3.here", "M3.not_next", "M3.no_road", "R11.no_meet",
         "R10.same_look", "R3.dead_end", "M3.meet", "M3.same", "M3.pit", "M3.face_up", "R9.just_swapped"}
MOVES: tuple[RunAction, ...] = REVEALS + DRIVES + ROTATES + (FINISH,)


def played(seed: int, players: int, max_turns: int = 60) -> Iterator[RallyRunGame]:
    """Each position of a seeded game (the same game, moved on after each yield): random
    legal actions, mostly moves of the car, so cars meet and take trophies."""
    game = RallyRunGame.new(players, seed=seed, max_turns=max_turns)
    rng = random.Random(seed)
    while True:
        yield game
        if game.is_over:
            return
        legal = game.legal_actions()
        moves = [a for a in legal if not isinstance(a, Swap)]
        game.apply(rng.choice(moves) if moves and rng.random() < 0.9 else rng.choice(legal))


def first_refused(code: str) -> tuple[RallyRunGame, RunAction, Refusal]:
    """The first position of the seeded games above where a move is refused with ``code``."""
    for seed in range(40):
        for game in played(seed, 2 + seed % 3):
            for action in MOVES:
                reason = game.refusal(action)
                if reason is not None and reason.code == code:
                    return game.clone(), action, reason
    raise AssertionError(f"no seeded game reaches {code}")


def where(game: RallyRunGame, seat: int) -> int:
    """The engine's place index of ``seat``'s car (cells 0-24, start-finish tiles 25-28)."""
    place = game.car_place(seat)
    return place.index if isinstance(place, Cell) else place.place


def may(game: RallyRunGame) -> tuple[tuple[RunAction, ...], bool]:
    legal = game.legal_actions()
    return tuple(a for a in legal if not isinstance(a, Swap)), any(isinstance(a, Swap) for a in legal)


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4), (4, 2), (5, 3)])
def test_listed_actions_have_no_refusal_and_the_others_one(seed, players):
    rng = random.Random(seed)
    for game in played(seed, players):
        legal = set(game.legal_actions())
        for action in legal:
            assert game.refusal(action) is None and game.why_illegal(action) is None
        others = list(MOVES) + rng.sample(list(SWAPS.values()), 12)
        for action in others:
            if action in legal:
                continue
            reason = game.refusal(action)
            assert reason is not None and reason.code in CODES, (str(action), reason)
            assert game.why_illegal(action) == reason.words()
            if "may" in reason.facts:  # the facts say what is allowed, by legal_actions' check
                assert (reason.facts["may"], reason.facts["may_swap"]) == may(game)
        action = rng.choice([a for a in others if a not in legal])
        before = game.state()
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.refusal == game.refusal(action) and str(err.value) == err.value.refusal.words()
        assert game.state() == before


def test_turn_seat_and_waiting_codes():
    game = RallyRunGame.new(2, seed=1)
    assert game.refusal("reveal A1", seat=1) == Refusal(
        "run.turn", {"current": 0, "seat": 1, "current_name": "Bo", "seat_name": "Gus"})
    assert game.refusal("reveal A1", seat=2) == Refusal("seat.none", {"seat": 2, "high": 1})
    assert game.move_refusal() is None and game.move_refusal(1).code == "run.turn"
    assert game.refusal("rotate 0").code == "M3.reveal_first"
    game.apply("reveal A1")
    lay = game.move_refusal()
    assert lay.code == "M3.lay_first"
    assert {k: lay.facts[k] for k in ("seat", "name", "cell", "kind", "rotations")} == {
        "seat": 0, "name": "Bo", "cell": 0, "kind": game.tile("A1").kind, "rotations": tuple(game.rotations())}
    assert game.refusal("swap B2 D4") == lay == game.refusal(Finish())
    assert game.refusal("rotate 0", seat=1) == Refusal("M3.wait", {"current": 0, "name": "Bo", "cell": 0})


def test_game_over_names_the_winner_and_the_end():
    game = list(played(0, 2, max_turns=20))[-1]
    reason = game.refusal("reveal A1")
    assert reason == game.move_refusal(1) == Refusal(
        "run.over", {"winner": game.winner, "name": game.names[game.winner], "reason": game.end_reason})


def test_reveal_refusals():
    game, action, reason = first_refused("M1.pit")
    assert action == Reveal("C3") and dict(reason.facts) == {}
    game, action, reason = first_refused("R11.face_up")
    seats = tuple(s for s in range(game.players) if game.car_place(s) == action.cell)
    assert seats and reason.facts["cell"] == action.cell.index and reason.facts["seats"] == seats
    assert reason.facts["names"] == tuple(game.names[s] for s in seats)
    assert game.refusal(DriveTo(action.cell)) is None or game.refusal(DriveTo(action.cell)).code == "R11.no_meet"


def test_drive_refusals():
    game, action, reason = first_refused("M3.face_down")
    assert isinstance(action, DriveTo) and reason.facts["cell"] == action.cell.index
    assert game.refusal(Reveal(action.cell)) is None  # reveal it instead
    game, action, reason = first_refused("R11.no_meet")
    seat = game.current_player
    assert reason.facts["cell"] == action.cell.index and reason.facts["tile"] == game.tile(action.cell)
    assert NEIGHBOURS[action.cell.index][reason.facts["direction"]] == where(game, seat)
    assert not game.tile(action.cell).mask & BITS[reason.facts["direction"]]  # its road does not lead back


def test_road_refusals():
    game, action, reason = first_refused("M3.here")
    assert reason.facts["cell"] == where(game, game.current_player)
    for code in ("M3.not_next", "M3.no_road"):
        game, action, reason = first_refused(code)
        place = where(game, game.current_player)
        facts = reason.facts
        assert facts["place"] == place and facts["name"] == game.names[game.current_player]
        assert facts["tile"] == (game.tile(CELL_LIST[place]) if place < CELLS else None)
        assert (facts["direction"] < 0) == (code == "M3.not_next")
        if code == "M3.no_road":
            assert NEIGHBOURS[place][facts["direction"]] == facts["to"]
            assert facts["to"] not in facts["roads"]
        assert set(facts["roads"]) <= set(NEIGHBOURS[place])
        assert (facts["may"], facts["may_swap"]) == may(game)


def test_finish_refusals():
    game, action, reason = first_refused("R5.no_trophy")
    assert action == FINISH and game.trophies[game.current_player] is None
    game, action, reason = first_refused("R5.corner")
    seat = game.current_player
    color = game.trophies[seat]
    assert reason.facts["color"] == color and reason.facts["place"] == where(game, seat)
    corner = next(sf.corner for sf in START_FINISH if sf.color == color)
    assert reason.facts["corner"] == corner.index != reason.facts["place"]


def test_rotation_refusals():
    game, action, reason = first_refused("R10.same_look")
    kind = game.tile(CELL_LIST[game.pending]).kind
    assert reason.facts["rotation"] == action.rotation >= kind.rotations
    assert reason.facts["same"] == action.rotation % kind.rotations
    for code in ("R3.dead_end", "M3.meet"):
        game, action, reason = first_refused(code)
        assert reason.facts["rotation"] == action.rotation and action.rotation not in reason.facts["rotations"]
        assert reason.facts["rotations"] == tuple(game.rotations())
    game, action, reason = first_refused("R3.dead_end")
    assert where(game, game.current_player) >= CELLS  # a first move
    toward = reason.facts["toward"]
    assert toward < 0 or toward >= CELLS or toward == PIT or game.is_face_up(CELL_LIST[toward])


def test_refusals_are_words_only_at_the_edge():
    game, action, reason = first_refused("R5.corner")
    assert game.why_illegal(action, lang="de") == reason.words("de") != reason.words("en")
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.refusal == reason
