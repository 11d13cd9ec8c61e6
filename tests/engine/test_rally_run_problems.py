"""Rally Run: every problem of ``RallyRunGame.issues()`` by its code and facts (V1-V17,
docs/invariants-rally-run.md).

Each test takes a state reached by a seeded game (bots playing from ``RallyRunGame.new``),
checks it has no problems, changes one thing through ``RunState.replace``, and checks
that ``state_issues`` names exactly that problem, as a code and its facts, and that
``RallyRunGame.from_state`` and ``from_json`` refuse it with a :class:`PositionError`
carrying the same value (``issues``) and its words (``problems``). The words are read
in English only where a test says so; every code's words exist in German too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rally.common.errors import PositionError
from rally.common.problem import Problem
from rally.common.refusal import _WORDINGS
from rally.rally_run import (
    PIT_STOP, START_FINISH, Cell, PerfectMemoryBot, RallyRunGame, RandomRunBot, RunState, StartFinish, Tile, TileKind,
    TileTurned,
)
from rally.rally_run.board import CELL_LIST, CELLS, NEIGHBOURS
from rally.rally_run.events import TileHidden, TilesSwapped
from rally.rally_run.legality import state_issues, state_problems
from rally.rally_run.serialization import state_to_json

Want = Callable[[RallyRunGame], bool]
DOC = Path(__file__).parents[2] / "docs" / "invariants-rally-run.md"


def moment(want: Want, players: int = 2, seeds: range = range(0, 400), random_bots: bool = False) -> RunState:
    """The first moment, over seeded bot games, at which ``want(game)`` holds."""
    for seed in seeds:
        game = RallyRunGame.new(players, seed=seed)
        bots = [RandomRunBot() if random_bots else PerfectMemoryBot() for _ in range(players)]
        rng = random.Random(seed)
        while True:
            if want(game):
                state = game.state()
                assert game.issues() == [] and RallyRunGame.from_state(state) == game
                return state
            seat = game.current_player
            if seat is None:
                break
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(), rng))
    raise AssertionError("no such moment in the seeded games")


def refused(state: RunState) -> list[Problem]:
    """The problems ``from_state`` names as values (``from_json`` names the same), each
    worded as ``PositionError.problems`` says it, in English and in German."""
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_state(state)
    with pytest.raises(PositionError) as again:
        RallyRunGame.from_json(state_to_json(state))
    issues = info.value.issues
    assert again.value.issues == issues and again.value.problems == info.value.problems
    assert info.value.problems == [p.words() for p in issues]
    assert all(p.words("de") != p.words("en") for p in issues)
    return issues


def facts_of(problem: Problem, facts: dict[str, Any]) -> dict[str, Any]:
    return {key: problem.facts[key] for key in facts}


def one_problem(state: RunState, code: str, **facts: Any) -> Problem:
    """``state`` has exactly one problem, with ``code`` and (among its facts) ``facts``;
    ``from_state`` refuses it with the same problem, as a value and in words."""
    problems = state_issues(state)
    assert [p.code for p in problems] == [code], problems
    assert facts_of(problems[0], facts) == facts, problems[0]
    assert refused(state) == problems
    assert state_problems(state) == [problems[0].words()]
    return problems[0]


def log_problem(state: RunState, code: str, **facts: Any) -> Problem:
    """``state`` breaks no invariant V1-V16, and its log (V17) gives exactly one problem,
    with ``code`` and (among its facts) ``facts``."""
    assert state_issues(state) == []
    problems = refused(state)
    assert [p.code for p in problems] == [code], problems
    assert facts_of(problems[0], facts) == facts, problems[0]
    return problems[0]


def cell_of(place: Cell | StartFinish) -> int:
    return place.index if isinstance(place, Cell) else place.place


def previous(state: RunState) -> int:
    return (state.first_player + state.turn - 1) % state.players


def moving(game: RallyRunGame) -> bool:
    return game.phase == "move"


def with_car(state: RunState, seat: int, place: Cell | StartFinish) -> RunState:
    cars = list(state.cars)
    cars[seat] = place
    return state.replace(cars=tuple(cars))


def with_tiles(state: RunState, **tiles: Tile | None) -> RunState:
    """``state`` with the tiles on the cells named (``A1=Tile.parse("C:NE")``) changed."""
    laid = list(state.tiles)
    for cell, tile in tiles.items():
        laid[Cell.parse(cell).index] = tile
    return state.replace(tiles=tuple(laid))


def free_tile(state: RunState, kind: TileKind) -> Cell:
    """The first cell with a tile of ``kind`` and no car on it."""
    cars = [cell_of(c) for c in state.cars]
    return next(CELL_LIST[i] for i, t in enumerate(state.tiles) if t is not None and t.kind is kind and i not in cars)


@pytest.fixture(scope="module")
def early() -> RunState:
    return moment(lambda g: moving(g) and g.turn >= 3)


@pytest.fixture(scope="module")
def later() -> RunState:
    return moment(lambda g: moving(g) and g.turn >= 6)


# ------------------------------------------------------------------ V1-V2: the board


def test_v1_the_pit_stop_is_on_c3(early):
    p = one_problem(with_tiles(early, C3=Tile.parse("C:NE")), "V1.pit", tile=Tile.parse("C:NE"))
    assert p.words("en") == "C3 always holds the pit stop, not a curve open to north and east."


def test_v1_every_other_cell_holds_a_road_tile(early):
    hidden = next(c for c in CELL_LIST if c != PIT_STOP and c.index not in [cell_of(p) for p in early.cars])
    one_problem(with_tiles(early, **{str(hidden): None}), "V1.no_tile", cell=hidden)


def test_v2_the_tiles_on_the_board_are_the_mix(early):
    straight = free_tile(early, TileKind.STRAIGHT)
    one_problem(with_tiles(early, **{str(straight): Tile.parse("X:NESW")}), "V2.mix",
                kinds=(TileKind.STRAIGHT, TileKind.CROSSROADS), board=(7, 5), mix=(8, 4))


# ------------------------------------------------------------------ V3: the turn limit


def test_v3_a_game_at_its_turn_limit_is_over(later):
    one_problem(later.replace(max_turns=later.turn), "V3.at_limit", limit=later.turn)


def test_v3_no_turn_past_the_limit(later):
    one_problem(later.replace(max_turns=later.turn - 1), "V3.past_limit", turn=later.turn, limit=later.turn - 1)


# ------------------------------------------------------------------ V4: places


def test_v4_no_car_on_another_colors_start_finish_tile(later):
    # yellow: nobody's start in a two-player game
    one_problem(with_car(later, 1, START_FINISH[3]), "V4.start", seat=1, name="Gus", color="yellow")


# ------------------------------------------------------------------ V5-V7: trophies


def test_v5_one_trophy_per_player_in_the_start_colors():
    state = moment(lambda g: moving(g) and g.trophies_left == 1)
    held = tuple(t for t in state.trophies if t is not None)
    one_problem(state.replace(trophy_stack=()), "V5.trophies", trophies=held, colors=("green", "red"))
    one_problem(state.replace(trophy_stack=("yellow",)), "V5.trophies", trophies=tuple(sorted(held + ("yellow",))),
                colors=("green", "red"))


def test_v5_no_trophy_at_all_is_worded_as_none():
    state = moment(lambda g: moving(g) and g.turn >= 3)
    p = one_problem(state.replace(trophy_stack=()), "V5.trophies", trophies=(), colors=("green", "red"))
    assert p.words("en") == ("The trophies held and on the pit stop are none; there is one per player, in the start "
                             "colors: green and red.")


def test_v6_a_trophy_holder_has_left_its_start():
    def want(g: RallyRunGame) -> bool:
        holders = [s for s in range(2) if g.trophies[s] is not None]
        return moving(g) and bool(holders) and (g.no_swap != () or previous(g.state()) not in holders)

    state = moment(want)
    seat = next(s for s in range(2) if state.trophies[s] is not None)
    one_problem(with_car(state, seat, START_FINISH[0 if seat == 0 else 2]), "V6.at_start", seat=seat,
                name=state.names[seat], trophy=state.trophies[seat])


def test_v7_a_car_on_the_pit_stop_holds_a_trophy():
    state = moment(lambda g: moving(g) and g.turn >= 12 and g.trophies.count(None) == 1)
    seat = state.trophies.index(None)
    one_problem(with_car(state, seat, PIT_STOP), "V7.no_trophy", seat=seat, name=state.names[seat])


# ------------------------------------------------------------------ V8: the tile under a car


def test_v8_the_tile_under_a_car_meets_a_place_it_can_have_come_from():
    def on_an_edge(g: RallyRunGame) -> bool:
        return moving(g) and any(p < CELLS and -1 in NEIGHBOURS[p] for p in g.observation(0).places)

    state = moment(on_an_edge)
    seat, edge = next((s, p) for s, p in enumerate(state.cars) if isinstance(p, Cell) and -1 in NEIGHBOURS[p.index])
    dead_end = Tile(TileKind.DEAD_END, NEIGHBOURS[edge.index].index(-1))  # open off the board
    dead = free_tile(state, TileKind.DEAD_END)
    swapped = with_tiles(state, **{str(edge): dead_end, str(dead): state.tiles[edge.index]})  # swapped and turned
    one_problem(swapped, "V8.no_way_in", seat=seat, name=state.names[seat], cell=edge, tile=dead_end)


def test_v8_a_dead_end_never_faces_its_own_start():
    # Bo's first move reveals A1: whatever it is, it is laid to meet the road from the
    # red start, or (a dead end, R3) to face a cell. A dead end facing the start: never.
    state = moment(lambda g: moving(g) and g.car_place(0) == Cell(0, 0) and g.turn == 1)
    dead = free_tile(state, TileKind.DEAD_END)
    p = one_problem(with_tiles(state, A1=Tile.parse("D:W"), **{str(dead): state.tiles[0]}), "V8.no_way_in",
                    seat=0, name="Bo", cell=Cell.parse("A1"), tile=Tile.parse("D:W"))
    assert p.words("en").startswith("Bo's car stands on A1, a dead end open to west")


# ------------------------------------------------------------------ V9-V10: turns and moves


def test_v9_a_turn_moves_a_car_one_step_at_most():
    state = moment(lambda g: moving(g) and g.turn == 2 and g.car_place(0) == Cell(0, 0) and not g.no_swap)
    one_problem(with_car(state, 0, Cell.parse("B2")), "V9.too_far", seat=0, name="Bo", steps=3, turns=1,
                via_pit=False, swapped=False)


def test_v9_a_trophy_holder_came_by_way_of_the_pit_stop():
    state = moment(lambda g: moving(g) and g.trophies[0] is not None)
    turns = (state.turn + 1) // 2  # Bo moves first, in turns 0, 2, 4, ...
    with_trophy = state.replace(turn=state.turn - 2 * (turns - 4))  # Bo has had 4 turns; the pit stop is 5 steps away
    p = one_problem(with_trophy, "V9.too_far", seat=0, name="Bo", steps=5, turns=4, via_pit=True)
    assert p.words("en").startswith("Bo's car stands 5 steps from its start (by way of the pit stop, where it took "
                                    "its trophy), but Bo has had only 4 turns")


def test_v10_no_swap_marked_so_the_previous_player_moved():
    def want(g: RallyRunGame) -> bool:
        s = g.state()
        prev = previous(s)
        return (moving(g) and g.turn >= 2 and not g.no_swap and s.trophies[prev] is None
                and isinstance(s.cars[prev], Cell))

    state = moment(want)
    prev = previous(state)
    one_problem(with_car(state, prev, START_FINISH[0 if prev == 0 else 2]), "V10.not_moved", seat=prev,
                name=state.names[prev])


# ------------------------------------------------------------------ V11: the tile just revealed


def test_v11_a_tile_waits_for_its_rotation_only_in_the_rotate_phase():
    state = moment(lambda g: moving(g) and g.turn >= 2)
    one_problem(state.replace(pending=Cell.parse("C2")), "V11.not_rotating", phase="move", cell=Cell.parse("C2"))
    rotating = moment(lambda g: g.awaiting_rotation and g.turn >= 2)
    one_problem(rotating.replace(pending=None), "V11.none")


def test_v11_the_tile_just_revealed_is_where_the_road_leads():
    def rotating_from_a_cell(g: RallyRunGame) -> bool:
        car = g.car_place(g.current_player or 0)
        return g.awaiting_rotation and g.turn >= 4 and isinstance(car, Cell) and car != PIT_STOP

    rotating = moment(rotating_from_a_cell)
    cars = [cell_of(c) for c in rotating.cars]
    seat = (rotating.first_player + rotating.turn) % 2
    far = next(c for c in CELL_LIST if c.index not in cars and c != PIT_STOP and cars[seat] not in NEIGHBOURS[c.index])
    one_problem(rotating.replace(pending=far), "V11.off_road", seat=seat, name=rotating.names[seat], cell=far)
    one_problem(rotating.replace(pending=PIT_STOP), "V11.pit")
    under = CELL_LIST[cars[seat]]
    one_problem(rotating.replace(pending=under), "V11.under_car", cell=under, seats=(seat,))


# ------------------------------------------------------------------ V12: the tiles just swapped


def test_v12_the_tiles_just_swapped_are_two_face_down_road_tiles():
    state = moment(lambda g: moving(g) and bool(g.no_swap) and g.turn >= 4)
    assert state.last_swap is not None
    a, b = state.last_swap
    one_problem(state.replace(last_swap=(a, a)), "V12.same", cell=a)
    one_problem(state.replace(last_swap=(a, PIT_STOP)), "V12.pit")
    car = next(c for c in state.cars if isinstance(c, Cell) and c != PIT_STOP)
    one_problem(state.replace(last_swap=(a, car)), "V12.under_car", cells=(car,))


def test_v12_nothing_is_swapped_before_the_first_turn():
    state = RallyRunGame.new(2, seed=3).state()
    one_problem(state.replace(last_swap=(Cell.parse("B2"), Cell.parse("D4"))), "V12.first_turn")


# ------------------------------------------------------------------ V13-V16: the end


def finished(reason: str, players: int = 2, random_bots: bool = False) -> RunState:
    return moment(lambda g: g.end_reason == reason, players, random_bots=random_bots)


def test_v13_only_a_finished_game_has_a_winner(later):
    one_problem(later.replace(winner=1), "V13.early", winner=1, end_reason=None)
    one_problem(later.replace(end_reason="turn limit"), "V13.early", winner=None, end_reason="turn limit")
    one_problem(later.replace(phase="over"), "V13.none", winner=None, end_reason=None)


def test_v14_the_winner_at_the_finish_stands_on_its_trophys_tile_in_its_own_turn():
    state = moment(lambda g: g.end_reason == "finish" and not g.no_swap
                   and g.trophies[g.winner or 0] != g.start_colors[g.winner or 0])
    assert state.winner is not None
    winner, other = state.winner, 1 - state.winner
    who = {"seat": winner, "name": state.names[winner]}
    one_problem(state.replace(turn=state.turn + 1), "V14.turn", **who, turn=state.turn + 2, mover=other,
                mover_name=state.names[other])
    color = state.trophies[winner]
    corner = next(sf.corner for sf in START_FINISH if sf.color == color)
    one_problem(with_car(state, winner, corner), "V14.not_home", **who, trophy=color)  # one step back


def test_v14_no_finish_after_the_turn_limit():
    state = finished("finish")
    assert state.winner is not None
    one_problem(state.replace(max_turns=state.turn), "V14.limit", seat=state.winner, limit=state.turn)


def test_v15_the_turn_limit_is_reached_and_the_closest_driver_wins():
    state = finished("turn limit", random_bots=True)
    assert state.winner is not None
    one_problem(state.replace(max_turns=state.max_turns + 1), "V15.turns", turn=state.turn, limit=state.max_turns + 1)
    loser = 1 - state.winner
    p = one_problem(state.replace(winner=loser), "V15.closest", seat=loser, name=state.names[loser],
                    best=state.winner, best_name=state.names[state.winner])
    assert "the driver closest to their goal wins (R8)" in p.words("en")


def test_v16_all_stuck_means_every_car_stuck_for_good():
    state = finished("turn limit", random_bots=True)
    stuck = RallyRunGame.from_state(state).stuck_for_good()
    loose = tuple(s for s in range(2) if s not in stuck)
    one_problem(state.replace(end_reason="all stuck"), "V16.loose", seats=loose,
                names=tuple(state.names[s] for s in loose))


@pytest.fixture(scope="module")
def all_stuck() -> RunState:
    """Bo lays A1 open to the north and west, Gus lays E5 open to the east and south:
    neither can ever move again, so the game ended there (R7)."""
    for seed in range(200):
        game = RallyRunGame.new(2, seed=seed)
        a1, e5 = game.tile("A1"), game.tile("E5")
        if a1 is not None and e5 is not None and a1.kind is e5.kind is TileKind.CURVE:
            for action in ("reveal A1", "rotate 3", "reveal E5", "rotate 1"):
                game.apply(action)
            assert game.end_reason == "all stuck" and game.issues() == []
            return game.state()
    raise AssertionError("no seed lays two curves on A1 and E5")


def test_v16_every_car_stuck_ends_the_game_at_once(all_stuck):
    one_problem(all_stuck.replace(phase="move", winner=None, end_reason=None), "V16.not_over")
    one_problem(all_stuck.replace(end_reason="turn limit", max_turns=all_stuck.turn), "V15.all_stuck")
    assert all_stuck.winner is not None
    loser = 1 - all_stuck.winner
    one_problem(all_stuck.replace(winner=loser), "V16.closest", seat=loser, best=all_stuck.winner)


# ------------------------------------------------------------------ V17: the log


@pytest.fixture(scope="module")
def logged() -> RunState:
    state = moment(lambda g: moving(g) and g.turn >= 10)
    assert state.events is not None
    return state


def test_the_log_replays_to_the_state(logged):
    hidden = free_tile(logged, TileKind.CURVE)
    turned = logged.tiles[hidden.index]
    assert turned is not None
    # a face-down tile turned: no state invariant can see it, the log can
    p = log_problem(with_tiles(logged, **{str(hidden): turned.rotated()}), "V17.state", seed=logged.seed)
    assert p.words("en") == f"The event log, played from seed {logged.seed}, leads to another state than this one."


def test_every_event_of_the_log_is_one_the_game_gives(logged):
    events = logged.events or ()
    at = next(i for i, e in enumerate(events) if isinstance(e, TileTurned))
    e = events[at]
    assert isinstance(e, TileTurned)
    changed = events[:at] + (TileTurned(e.seat, e.cell, e.code, not e.exception),) + events[at + 1:]
    log_problem(logged.replace(events=changed), "V17.event", number=at + 1, kind=e.kind, seed=logged.seed)
    hidden = next(i for i, e in enumerate(events) if isinstance(e, TileHidden))
    log_problem(logged.replace(events=events[:hidden] + events[hidden + 1:]), "V17.event", number=hidden + 1)
    log_problem(logged.replace(events=events[:-1]), "V17.count", n=len(events) - 1, expected=len(events))


def test_a_decision_in_the_log_the_rules_refuse_is_named(logged):
    events = logged.events or ()
    at = next(i for i, e in enumerate(events) if isinstance(e, TilesSwapped) or e.kind == "revealed")
    seat = getattr(events[at], "seat")
    event = TilesSwapped(seat, PIT_STOP.index, 0)
    p = log_problem(logged.replace(events=events[:at] + (event,) + events[at + 1:]), "V17.illegal", number=at + 1,
                    seat=seat, name=logged.names[seat], seed=logged.seed)
    assert p.facts["reason"].code == "M3.pit"


def test_an_arranged_game_replays_from_its_start():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B1": "S:NS"}, cars=["B2", "green"])
    game.apply("reveal B1")
    game.apply("rotate 0")
    state = game.state()
    assert state.start is not None and state.start.events is None and len(state.events or ()) == 4
    assert RallyRunGame.from_json(game.to_json()) == game
    start = state.start
    log_problem(state.replace(start=start.replace(seed=start.seed + 1)), "V17.setup")
    p = log_problem(state.replace(start=with_car(start, 1, START_FINISH[3])), "V17.start")
    assert (p.facts["problem"].code, p.facts["problem"].facts["name"]) == ("V4.start", "Gus")
    assert p.words("en").startswith("The position the log starts from: Gus's car stands on the yellow start-finish")
    p = log_problem(state.replace(start=None), "V17.illegal", number=1, name="Bo", seed=0)
    assert p.words("en").startswith("Event 1 of the log says Bo chose reveal B1, which the game played from seed 0 "
                                    "does not allow")


def test_a_log_from_an_arranged_start_is_replayed_from_there():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B1": "S:NS"}, cars=["B2", "green"])
    game.apply("reveal B1")
    game.apply("rotate 0")
    state = game.state()
    p = log_problem(state.replace(events=(state.events or ())[:-1]), "V17.count", seed=None)
    assert "played from the position it starts at" in p.words("en")


def test_a_state_without_a_log_starts_one(later):
    game = RallyRunGame.from_state(later.position)
    assert game.events == () and game.state().start == later.position
    game.apply(game.legal_actions()[0])
    again = RallyRunGame.from_json(game.to_json())
    assert again == game and again.state().start == later.position


# ------------------------------------------------------------------ the list of codes


def test_the_invariants_page_lists_every_code_rally_run_words():
    listed = set(re.findall(r"`(V\d+\.\w+)`", DOC.read_text(encoding="utf-8")))
    worded = {code for code in _WORDINGS if re.fullmatch(r"V\d+\.\w+", code)}
    assert listed == worded


def test_the_problems_of_a_game_are_its_issues_worded(later):
    game = RallyRunGame.from_state(later)
    assert game.issues() == [] and game.problems() == [] and game.problems("de") == []
