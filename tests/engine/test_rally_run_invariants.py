"""Rally Run: one test per invariant of ``RallyRunGame.problems()`` (V1-V16 and the log,
docs/invariants-rally-run.md).

Each test takes a state reached by a seeded game (bots playing from ``RallyRunGame.new``),
checks it has no problems, changes one thing through ``RunState.replace``, and checks
that ``RallyRunGame.from_state`` refuses it with a :class:`PositionError` naming exactly
that problem (one sentence), and that ``from_json`` refuses its JSON the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rally.common.errors import PositionError
from rally.rally_run import (
    PIT_STOP, START_FINISH, Cell, PerfectMemoryBot, RallyRunGame, RandomRunBot, RunState, StartFinish, Tile, TileKind,
    TileTurned,
)
from rally.rally_run.board import CELL_LIST, CELLS, NEIGHBOURS
from rally.rally_run.events import TileHidden, TilesSwapped
from rally.rally_run.serialization import state_to_json

Want = Callable[[RallyRunGame], bool]


def moment(want: Want, players: int = 2, seeds: range = range(0, 400), random_bots: bool = False) -> RunState:
    """The first moment, over seeded bot games, at which ``want(game)`` holds."""
    for seed in seeds:
        game = RallyRunGame.new(players, seed=seed)
        bots = [RandomRunBot() if random_bots else PerfectMemoryBot() for _ in range(players)]
        rng = random.Random(seed)
        while True:
            if want(game):
                state = game.state()
                assert game.problems() == [] and RallyRunGame.from_state(state) == game
                return state
            seat = game.current_player
            if seat is None:
                break
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(), rng))
    raise AssertionError("no such moment in the seeded games")


def refused(state: RunState) -> list[str]:
    """The problems ``from_state`` names (and ``from_json`` names the same)."""
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_state(state)
    with pytest.raises(PositionError) as again:
        RallyRunGame.from_json(state_to_json(state))
    assert again.value.problems == info.value.problems
    return info.value.problems


def only(state: RunState, *words: str) -> str:
    """The one problem of ``state``, which must contain every one of ``words``."""
    problems = refused(state)
    assert len(problems) == 1, problems
    for word in words:
        assert word in problems[0], (word, problems[0])
    return problems[0]


def places(game: RallyRunGame) -> tuple[int, ...]:
    return game.observation(0).places


def cell_of(place: Cell | StartFinish) -> int:
    return place.index if isinstance(place, Cell) else place.place


def previous(state: RunState) -> int:
    return (state.first_player + state.turn - 1) % state.players


def moving(game: RallyRunGame) -> bool:
    return game.phase == "move"


# ------------------------------------------------------------------ V1-V2: the board


def test_v1_the_pit_stop_is_on_c3():
    state = moment(lambda g: moving(g) and g.turn >= 3)
    tiles = list(state.tiles)
    tiles[PIT_STOP.index] = Tile.parse("C:NE")
    only(state.replace(tiles=tuple(tiles)), "C3 always holds the pit stop, not a curve open to north and east.")


def test_v1_every_other_cell_holds_a_road_tile():
    state = moment(lambda g: moving(g) and g.turn >= 3)
    hidden = next(i for i in range(CELLS) if i != PIT_STOP.index and i not in [cell_of(c) for c in state.cars])
    tiles = list(state.tiles)
    tiles[hidden] = None
    only(state.replace(tiles=tuple(tiles)), f"{CELL_LIST[hidden]} holds no road tile")


def test_v2_the_tiles_on_the_board_are_the_mix():
    state = moment(lambda g: moving(g) and g.turn >= 3)
    cars = [cell_of(c) for c in state.cars]
    straight = next(i for i, t in enumerate(state.tiles) if t is not None and t.kind is TileKind.STRAIGHT
                    and i not in cars)
    tiles = list(state.tiles)
    tiles[straight] = Tile.parse("X:NESW")
    only(state.replace(tiles=tuple(tiles)), "The board has 7 straights and 5 crossroads, but the tile mix has 8 and 4")


# ------------------------------------------------------------------ V3: the turn limit


def test_v3_a_game_at_its_turn_limit_is_over():
    state = moment(lambda g: moving(g) and g.turn >= 6)
    only(state.replace(max_turns=state.turn), f"has played its limit of {state.turn} turns, so it would be over")


def test_v3_no_turn_past_the_limit():
    state = moment(lambda g: moving(g) and g.turn >= 6)
    only(state.replace(max_turns=state.turn - 1), f"Turn {state.turn} is past the limit of {state.turn - 1} turns")


# ------------------------------------------------------------------ V4: places


def test_v4_no_car_on_another_colors_start_finish_tile():
    state = moment(lambda g: moving(g) and g.turn >= 6)
    cars = list(state.cars)
    cars[1] = START_FINISH[3]  # yellow: nobody's start in a two-player game
    only(state.replace(cars=tuple(cars)), "Gus's car stands on the yellow start-finish tile")


# ------------------------------------------------------------------ V5-V7: trophies


def test_v5_one_trophy_per_player_in_the_start_colors():
    state = moment(lambda g: moving(g) and g.trophies_left == 1)
    only(state.replace(trophy_stack=()), "The trophies held and on the pit stop are", "one per player")
    only(state.replace(trophy_stack=("yellow",)), "one per player, in the start colors: green and red")


def test_v6_a_trophy_holder_has_left_its_start():
    def want(g: RallyRunGame) -> bool:
        holders = [s for s in range(2) if g.trophies[s] is not None]
        return moving(g) and bool(holders) and (g.no_swap != () or previous(g.state()) not in holders)

    state = moment(want)
    seat = next(s for s in range(2) if state.trophies[s] is not None)
    cars = list(state.cars)
    cars[seat] = START_FINISH[0 if seat == 0 else 2]
    only(state.replace(cars=tuple(cars)), f"{state.names[seat]} holds a trophy, but the car is still on its start")


def test_v7_a_car_on_the_pit_stop_holds_a_trophy():
    def want(g: RallyRunGame) -> bool:
        return moving(g) and g.turn >= 12 and g.trophies.count(None) == 1

    state = moment(want)
    seat = state.trophies.index(None)
    cars = list(state.cars)
    cars[seat] = PIT_STOP
    only(state.replace(cars=tuple(cars)), f"{state.names[seat]}'s car is on the pit stop but holds no trophy")


# ------------------------------------------------------------------ V8: the tile under a car


def test_v8_the_tile_under_a_car_meets_a_place_it_can_have_come_from():
    def on_an_edge(g: RallyRunGame) -> bool:
        return moving(g) and any(p < CELLS and -1 in NEIGHBOURS[p] for p in places(g))

    state = moment(on_an_edge)
    seat, edge = next((s, cell_of(p)) for s, p in enumerate(state.cars)
                      if isinstance(p, Cell) and -1 in NEIGHBOURS[p.index])
    off = NEIGHBOURS[edge].index(-1)  # the direction off the board
    cars = [cell_of(c) for c in state.cars]
    dead = next(i for i, t in enumerate(state.tiles) if t is not None and t.kind is TileKind.DEAD_END and i not in cars)
    tiles = list(state.tiles)
    tiles[edge], tiles[dead] = Tile(TileKind.DEAD_END, off), tiles[edge]  # a swap, and the dead end turned
    only(state.replace(tiles=tuple(tiles)),
         f"{state.names[seat]}'s car stands on {CELL_LIST[edge]}, a dead end open to",
         "meets no place the car can have come from")


def test_v8_a_dead_end_never_faces_its_own_start():
    # Bo's first move reveals A1: whatever it is, it is laid to meet the road from the
    # red start, or (a dead end, R3) to face a cell. A dead end facing the start: never.
    state = moment(lambda g: moving(g) and isinstance(g.car_place(0), Cell) and g.car_place(0) == Cell(0, 0)
                   and g.turn == 1)
    cars = [cell_of(c) for c in state.cars]
    dead = next(i for i, t in enumerate(state.tiles) if t is not None and t.kind is TileKind.DEAD_END and i not in cars)
    tiles = list(state.tiles)
    tiles[0], tiles[dead] = Tile.parse("D:W"), tiles[0]
    only(state.replace(tiles=tuple(tiles)), "Bo's car stands on A1, a dead end open to west",
         "which a dead end never faces")


# ------------------------------------------------------------------ V9-V10: turns and moves


def test_v9_a_turn_moves_a_car_one_step_at_most():
    state = moment(lambda g: moving(g) and g.turn == 2 and g.car_place(0) == Cell(0, 0) and not g.no_swap)
    cars = list(state.cars)
    cars[0] = Cell.parse("B2")
    only(state.replace(cars=tuple(cars)), "Bo's car stands 3 steps from its start, but Bo has had only 1 turn")


def test_v9_a_trophy_holder_came_by_way_of_the_pit_stop():
    state = moment(lambda g: moving(g) and g.trophies[0] is not None)
    turns = (state.turn + 1) // 2  # Bo moves first, in turns 0, 2, 4, ...
    with_trophy = state.replace(turn=state.turn - 2 * (turns - 4))  # Bo has had 4 turns; the pit stop is 5 steps away
    only(with_trophy, "Bo's car stands 5 steps from its start (by way of the pit stop, where it took its trophy), "
                      "but Bo has had only 4 turns")


def test_v10_no_swap_marked_so_the_previous_player_moved():
    def want(g: RallyRunGame) -> bool:
        s = g.state()
        prev = previous(s)
        return (moving(g) and g.turn >= 2 and not g.no_swap and s.trophies[prev] is None
                and isinstance(s.cars[prev], Cell))

    state = moment(want)
    prev = previous(state)
    cars = list(state.cars)
    cars[prev] = START_FINISH[0 if prev == 0 else 2]
    only(state.replace(cars=tuple(cars)), f"{state.names[prev]}'s turn just before was a move, yet")


# ------------------------------------------------------------------ V11: the tile just revealed


def test_v11_a_tile_waits_for_its_rotation_only_in_the_rotate_phase():
    state = moment(lambda g: moving(g) and g.turn >= 2)
    only(state.replace(pending=Cell.parse("C2")), "Only the rotate phase has a tile waiting")
    rotating = moment(lambda g: g.awaiting_rotation and g.turn >= 2)
    only(rotating.replace(pending=None), "In the rotate phase a tile just revealed waits for its rotation")


def test_v11_the_tile_just_revealed_is_where_the_road_leads():
    rotating = moment(lambda g: g.awaiting_rotation and g.turn >= 4)
    cars = [cell_of(c) for c in rotating.cars]
    seat = (rotating.first_player + rotating.turn) % 2
    far = next(c for c in CELL_LIST if c.index not in cars and c.index != PIT_STOP.index
               and cars[seat] not in NEIGHBOURS[c.index])
    only(rotating.replace(pending=far), f"{far} is not where {rotating.names[seat]}'s road leads")
    only(rotating.replace(pending=PIT_STOP), "The pit stop is never face down")
    under = CELL_LIST[cars[seat]] if cars[seat] < CELLS else None
    if under is not None and under != PIT_STOP:
        only(rotating.replace(pending=under), f"A car stands on {under}, so its tile was face up")


# ------------------------------------------------------------------ V12: the tiles just swapped


def test_v12_the_tiles_just_swapped_are_two_face_down_road_tiles():
    state = moment(lambda g: moving(g) and bool(g.no_swap) and g.turn >= 4)
    assert state.last_swap is not None
    a, b = state.last_swap
    only(state.replace(last_swap=(a, a)), f"two different cells, not {a} twice")
    only(state.replace(last_swap=(a, PIT_STOP)), "The pit stop never moves")
    car = next(c for c in state.cars if isinstance(c, Cell) and c != PIT_STOP)
    only(state.replace(last_swap=(a, car)), f"A car stands on {car}, just swapped face down")


def test_v12_nothing_is_swapped_before_the_first_turn():
    state = RallyRunGame.new(2, seed=3).state()
    only(state.replace(last_swap=(Cell.parse("B2"), Cell.parse("D4"))), "Nobody has had a turn yet")


# ------------------------------------------------------------------ V13-V16: the end


def finished(reason: str, players: int = 2, random_bots: bool = False) -> RunState:
    return moment(lambda g: g.end_reason == reason, players, random_bots=random_bots)


def test_v13_only_a_finished_game_has_a_winner():
    state = moment(lambda g: moving(g) and g.turn >= 2)
    only(state.replace(winner=1), "A game that is not over has no winner and no end reason")
    only(state.replace(end_reason="turn limit"), "A game that is not over has no winner and no end reason")
    only(state.replace(phase="over"), "A finished game has a winner and an end reason")


def test_v14_the_winner_at_the_finish_stands_on_its_trophys_tile_in_its_own_turn():
    state = moment(lambda g: g.end_reason == "finish" and not g.no_swap
                   and g.trophies[g.winner or 0] != g.start_colors[g.winner or 0])
    assert state.winner is not None
    winner = state.names[state.winner]
    only(state.replace(turn=state.turn + 1), f"is {state.names[1 - state.winner]}'s, not {winner}'s")
    color = state.trophies[state.winner]
    corner = next(sf.corner for sf in START_FINISH if sf.color == color)
    cars = list(state.cars)
    cars[state.winner] = corner  # one step back
    only(state.replace(cars=tuple(cars)), f"{winner} won at the finish, so {winner} holds a trophy")


def test_v14_no_finish_after_the_turn_limit():
    state = finished("finish")
    only(state.replace(max_turns=state.turn), f"reached its limit of {state.turn} turns before")


def test_v15_the_turn_limit_is_reached_and_the_closest_driver_wins():
    state = finished("turn limit", random_bots=True)
    assert state.winner is not None
    only(state.replace(max_turns=state.max_turns + 1), "ended at the turn limit, so it has played")
    only(state.replace(winner=1 - state.winner), "the driver closest to their goal wins (R8)")


def test_v16_all_stuck_means_every_car_stuck_for_good():
    state = finished("turn limit", random_bots=True)
    only(state.replace(end_reason="all stuck"), "ended with every car stuck for good, but")


def test_v16_every_car_stuck_ends_the_game_at_once():
    # Bo lays A1 open to the north and west, Gus lays E5 open to the east and south:
    # neither can ever move again, so the game ended there (R7).
    game = RallyRunGame.new(2, seed=0)
    state = None
    for seed in range(200):
        game = RallyRunGame.new(2, seed=seed)
        a1, e5 = game.tile("A1"), game.tile("E5")
        if a1 is not None and e5 is not None and a1.kind is e5.kind is TileKind.CURVE:
            for action in ("reveal A1", "rotate 3", "reveal E5", "rotate 1"):
                game.apply(action)
            state = game.state()
            break
    assert state is not None and state.end_reason == "all stuck" and game.problems() == []
    only(state.replace(phase="move", winner=None, end_reason=None), "Every car is stuck for good, so the game would")
    only(state.replace(end_reason="turn limit", max_turns=state.turn), "that ends the game (R7) before the turn limit")


# ------------------------------------------------------------------ the log


def test_the_log_replays_to_the_state():
    state = moment(lambda g: moving(g) and g.turn >= 10)
    assert state.events is not None
    hidden = next(i for i, t in enumerate(state.tiles) if t is not None and t.kind is TileKind.CURVE
                  and i not in [cell_of(c) for c in state.cars])
    tiles = list(state.tiles)
    turned = tiles[hidden]
    assert turned is not None
    tiles[hidden] = turned.rotated()  # a face-down tile turned: no state invariant can see it, the log can
    only(state.replace(tiles=tuple(tiles)), "The event log, played from seed", "leads to another state")


def test_every_event_of_the_log_is_one_the_game_gives():
    state = moment(lambda g: moving(g) and g.turn >= 10)
    assert state.events is not None
    events = list(state.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, TileTurned))
    e = events[at]
    assert isinstance(e, TileTurned)
    events[at] = TileTurned(e.seat, e.cell, e.code, not e.exception)
    only(state.replace(events=tuple(events)), f"Event {at + 1} of the log ({events[at].kind}) is not what the game played from seed")
    hidden = next(i for i, e in enumerate(state.events) if isinstance(e, TileHidden))
    only(state.replace(events=state.events[:hidden] + state.events[hidden + 1:]), "is not what the game played")
    only(state.replace(events=state.events[:-1]), "give", "events")


def test_a_decision_in_the_log_the_rules_refuse_is_named():
    state = moment(lambda g: moving(g) and g.turn >= 10)
    assert state.events is not None
    at = next(i for i, e in enumerate(state.events) if isinstance(e, TilesSwapped) or e.kind == "revealed")
    event = TilesSwapped(getattr(state.events[at], "seat"), PIT_STOP.index, 0)
    only(state.replace(events=state.events[:at] + (event,) + state.events[at + 1:]),
         f"Event {at + 1} of the log says", "does not allow: The pit stop never moves")


def test_an_arranged_game_replays_from_its_start():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B1": "S:NS"}, cars=["B2", "green"])
    game.apply("reveal B1")
    game.apply("rotate 0")
    state = game.state()
    assert state.start is not None and state.start.events is None and len(state.events or ()) == 4
    assert RallyRunGame.from_json(game.to_json()) == game
    start = state.start
    only(state.replace(start=start.replace(seed=start.seed + 1)), "another set-up")
    cars = list(start.cars)
    cars[1] = START_FINISH[3]
    only(state.replace(start=start.replace(cars=tuple(cars))),
         "The position the log starts from: Gus's car stands on the yellow start-finish tile")
    only(state.replace(start=None), "Event 1 of the log says Bo chose reveal B1, which the game played from seed 0 "
                                    "does not allow")


def test_a_state_without_a_log_starts_one():
    played = moment(lambda g: moving(g) and g.turn >= 6)
    game = RallyRunGame.from_state(played.position)
    assert game.events == () and game.state().start == played.position
    game.apply(game.legal_actions()[0])
    again = RallyRunGame.from_json(game.to_json())
    assert again == game and again.state().start == played.position
