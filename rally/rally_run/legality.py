"""What no real game of Rally Run could produce: the one place that says it.

:func:`state_problems` reads a :class:`~rally.rally_run.state.RunState` and names, one
sentence each, every way it breaks what the rules allow any game to reach: the board
and the tile mix, where the cars stand and how far they can have come in the turns
played, the tiles under them, the trophies, the tile waiting for its rotation, the two
tiles just swapped, and a finished game's winner and end. It does not read the seed or
the log: :meth:`RallyRunGame.problems() <rally.rally_run.RallyRunGame.problems>` asks
it, then replays the log when there is one, and every way into the engine goes
through ``problems()``. Each invariant is written down, with the ruling it follows
from, in ``docs/invariants-rally-run.md`` (V1-V16).

Each problem is a value first (:func:`state_issues`): a
:class:`~rally.common.problem.Problem` with the invariant's code (``V9.too_far``) and
its facts, worded beside its check (:func:`~rally.common.refusal.wording`) only when
asked. A state reached by play has no problems; change one thing and it is named:

>>> from rally.rally_run import RallyRunGame, Cell
>>> game = RallyRunGame.new(2, seed=6)
>>> for action in ["reveal A1", "rotate 1", "swap B2 C2"]:
...     game.apply(action)
>>> state_problems(game.state())
[]
>>> moved = game.state().replace(cars=(Cell.parse("B1"), game.state().cars[1]))
>>> [(p.code, p.facts["name"], p.facts["steps"], p.facts["turns"]) for p in state_issues(moved)]
[('V9.too_far', 'Bo', 2, 1)]
>>> state_problems(moved)
["Bo's car stands 2 steps from its start, but Bo has had only 1 turn, and a turn moves a car one step at most."]
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ..common.i18n import _, join_words, language, ngettext
from ..common.problem import Problem
from ..common.refusal import wording
from .board import CELL_LIST, CELLS, COLORS, NEIGHBOURS, PIT, START_CORNERS, Cell, color_adjective, color_noun, distance
from .rules import DEAD_END, all_stuck_for_good, goal, options, stuck_for_good, standings
from .state import OVER, ROTATE, RunState
from .tiles import BY_CODE, KINDS, MASKS, kind_count


class _Board:
    """A state's board as engine integers, for the rules in :mod:`rally.rally_run.rules`."""

    def __init__(self, state: RunState):
        self.state = state
        self.n = state.players
        self.names = state.names
        self.codes = [-1 if t is None else t.code for t in state.tiles]
        self.cars = [c.index if isinstance(c, Cell) else c.place for c in state.cars]
        self.held = list(state.trophies)
        self.starts = [CELLS + k for k in START_CORNERS[self.n]]
        self.finisher = state.winner if state.phase == OVER and state.end_reason == "finish" else None

    def turns_of(self, seat: int) -> int:
        """How many turns ``seat`` has finished: seats take turns from the first player."""
        s = self.state
        return s.turn // self.n + (1 if (seat - s.first_player) % self.n < s.turn % self.n else 0)

    @property
    def previous(self) -> int:
        """The seat whose turn came just before this one."""
        return (self.state.first_player + self.state.turn - 1) % self.n

    def seat(self, seat: int) -> dict[str, Any]:
        """The facts that name a seat: ``seat`` and its player's ``name``."""
        return {"seat": seat, "name": self.names[seat]}


def state_problems(state: RunState, lang: str | None = None) -> list[str]:
    """Every reason no real game could reach ``state``, as sentences (``[]`` if none), in
    ``lang`` (default the language spoken: :mod:`rally.common.i18n`): :func:`state_issues`
    worded."""
    with language(lang):
        return [p.words() for p in state_issues(state)]


def state_issues(state: RunState) -> list[Problem]:
    """Every reason no real game could reach ``state``, as values (``[]`` if none): each
    a :class:`~rally.common.problem.Problem` with its invariant's code
    (``docs/invariants-rally-run.md``).

    The board comes first: when a cell holds the wrong thing, the later checks (which
    read the roads from it) are not asked."""
    board = _Board(state)
    problems = _board_problems(board)
    if problems:
        return problems
    return (_turn_limit_problems(board) + _place_problems(board) + _trophy_problems(board)
            + _tile_under_car_problems(board) + _distance_problems(board) + _previous_turn_problems(board)
            + _pending_problems(board) + _swap_problems(board) + _end_problems(board))


# ------------------------------------------------------------------ V1-V2: the board
def _board_problems(b: _Board) -> list[Problem]:
    """V1 the pit stop on C3, a road tile on every other cell (M1); V2 the tiles on the
    board are the tile mix (M2: tiles are swapped, never added or removed)."""
    problems = []
    for i, code in enumerate(b.codes):
        if i == PIT and code >= 0:
            problems.append(Problem("V1.pit", {"tile": BY_CODE[code]}))
        elif i != PIT and code < 0:
            problems.append(Problem("V1.no_tile", {"cell": CELL_LIST[i]}))
    if problems:
        return problems
    have = Counter(code >> 2 for code in b.codes if code >= 0)
    wrong = [k for k in range(len(KINDS)) if have[k] != b.state.tile_mix[k]]
    if wrong:
        problems.append(Problem("V2.mix", {"kinds": tuple(KINDS[k] for k in wrong),
                                           "board": tuple(have[k] for k in wrong),
                                           "mix": tuple(b.state.tile_mix[k] for k in wrong)}))
    return problems


@wording("V1.pit")
def _pit_tiled(facts: Mapping[str, Any]) -> str:
    return _("C3 always holds the pit stop, not {tile}.").format(tile=facts["tile"].describe())


@wording("V1.no_tile")
def _no_tile(facts: Mapping[str, Any]) -> str:
    return _("{cell} holds no road tile: only C3 holds the pit stop, every other cell a road "
             "tile.").format(cell=facts["cell"])


@wording("V2.mix")
def _not_the_mix(facts: Mapping[str, Any]) -> str:
    board = join_words([kind_count(kind, n) for kind, n in zip(facts["kinds"], facts["board"])])
    mix = join_words([str(n) for n in facts["mix"]])
    return _("The board has {board}, but the tile mix has {mix}: tiles are swapped, never added or "
             "removed.").format(board=board, mix=mix)


# ------------------------------------------------------------------ V3: the turn limit
def _turn_limit_problems(b: _Board) -> list[Problem]:
    """V3: turns are counted up to the limit; a game at its limit is over (R8)."""
    s = b.state
    if s.turn > s.max_turns:
        return [Problem("V3.past_limit", {"turn": s.turn, "limit": s.max_turns})]
    if s.phase != OVER and s.turn == s.max_turns:
        return [Problem("V3.at_limit", {"limit": s.max_turns})]
    return []


@wording("V3.past_limit")
def _past_limit(facts: Mapping[str, Any]) -> str:
    return ngettext("Turn {turn} is past the limit of {n} turns: the game ends when it is reached.",
                    "Turn {turn} is past the limit of {n} turns: the game ends when it is reached.",
                    facts["limit"]).format(turn=facts["turn"], n=facts["limit"])


@wording("V3.at_limit")
def _at_limit(facts: Mapping[str, Any]) -> str:
    return ngettext("The game has played its limit of {n} turns, so it would be over (R8).",
                    "The game has played its limit of {n} turns, so it would be over (R8).",
                    facts["limit"]).format(n=facts["limit"])


# ------------------------------------------------------------------ V4: places
def _place_problems(b: _Board) -> list[Problem]:
    """V4: a car stands on a cell or on its own start-finish tile; on another
    start-finish tile only as the winner at the finish (M1, R5, M5)."""
    return [Problem("V4.start", {**b.seat(s), "color": COLORS[p - CELLS]})
            for s, p in enumerate(b.cars) if p >= CELLS and p != b.starts[s] and s != b.finisher]


@wording("V4.start")
def _on_another_start(facts: Mapping[str, Any]) -> str:
    return _("{name}'s car stands on the {color} start-finish tile, but a car stands only on its own start-finish "
             "tile (until it first moves) or, to win, on the one of its trophy's color.").format(
        name=facts["name"], color=color_adjective(facts["color"]))


def _misplaced(b: _Board, seat: int) -> bool:
    """True when V4 or V6 already names ``seat``'s car (later checks then skip it)."""
    p = b.cars[seat]
    if p >= CELLS and p != b.starts[seat] and seat != b.finisher:
        return True
    return p == b.starts[seat] and b.held[seat] is not None and seat != b.finisher


# ------------------------------------------------------------------ V5-V7: trophies
def _trophy_problems(b: _Board) -> list[Problem]:
    """V5 one trophy per player in the start colors, held or on the pit stop (M4, R2);
    V6 a trophy holder has left its start (M4, R5); V7 a car on the pit stop holds a
    trophy: its first entry took one, and there is one per player (M4, R4)."""
    s = b.state
    problems = []
    want = Counter(COLORS[k] for k in START_CORNERS[b.n])
    have = Counter([h for h in b.held if h is not None] + list(s.trophy_stack))
    if have != want:
        problems.append(Problem("V5.trophies", {"trophies": tuple(sorted(have.elements())),
                                                "colors": tuple(sorted(want.elements()))}))
    for seat, p in enumerate(b.cars):
        if p == b.starts[seat] and b.held[seat] is not None and seat != b.finisher:
            problems.append(Problem("V6.at_start", {**b.seat(seat), "trophy": b.held[seat]}))
        if p == PIT and b.held[seat] is None:
            problems.append(Problem("V7.no_trophy", b.seat(seat)))
    return problems


@wording("V5.trophies")
def _trophies(facts: Mapping[str, Any]) -> str:
    colors = join_words([color_noun(c) for c in facts["colors"]])
    if facts["trophies"]:
        return _("The trophies held and on the pit stop are {held}; there is one per player, in the start colors: "
                 "{colors}.").format(held=join_words([color_noun(c) for c in facts["trophies"]]), colors=colors)
    return _("The trophies held and on the pit stop are none; there is one per player, in the start colors: "
             "{colors}.").format(colors=colors)


@wording("V6.at_start")
def _trophy_at_start(facts: Mapping[str, Any]) -> str:
    return _("{name} holds a trophy, but the car is still on its start-finish tile: trophies are taken at the pit "
             "stop, and no car drives back onto its start except to win.").format(name=facts["name"])


@wording("V7.no_trophy")
def _pit_without_trophy(facts: Mapping[str, Any]) -> str:
    return _("{name}'s car is on the pit stop but holds no trophy: a car's first entry takes the top one, and there "
             "is one for every player.").format(name=facts["name"])


# ------------------------------------------------------------------ V8: the tile under a car
def _tile_under_car_problems(b: _Board) -> list[Problem]:
    """V8: a car came onto its tile from a neighbour its road meets: a cell, or (not for
    a dead end, R3) its own start-finish tile (M3, R3, R11)."""
    problems = []
    for seat, p in enumerate(b.cars):
        if p >= CELLS or p == PIT:
            continue
        code = b.codes[p]
        mask = MASKS[code]
        came = [n for d, n in enumerate(NEIGHBOURS[p]) if mask & (1 << d) and (
            0 <= n < CELLS or (n == b.starts[seat] and code >> 2 != DEAD_END))]
        if not came:
            problems.append(Problem("V8.no_way_in", {**b.seat(seat), "cell": CELL_LIST[p], "tile": BY_CODE[code]}))
    return problems


@wording("V8.no_way_in")
def _no_way_in(facts: Mapping[str, Any]) -> str:
    return _("{name}'s car stands on {cell}, {tile}: that road meets no place the car can have come from (a "
             "neighbouring cell, or for a first move its own start-finish tile, which a dead end never "
             "faces).").format(name=facts["name"], cell=facts["cell"], tile=facts["tile"].describe())


# ------------------------------------------------------------------ V9: how far the cars can have come
def _distance_problems(b: _Board) -> list[Problem]:
    """V9: a turn moves one car one step at most, so each car is no more steps from its
    start (by way of the pit stop, once it holds a trophy) than its player's moves:
    the turns it has finished, less the previous player's swap, plus the winner's
    finishing move, which ends the game before the turn is counted (M3-M5)."""
    s = b.state
    problems = []
    for seat, p in enumerate(b.cars):
        if _misplaced(b, seat) or p == b.starts[seat]:
            continue
        start = b.starts[seat]
        color = b.held[seat]
        need = distance(start, p) if color is None else distance(start, PIT) + distance(PIT, p)
        turns = b.turns_of(seat)
        moves = turns + (1 if seat == b.finisher else 0) - (1 if s.last_swap and s.turn and seat == b.previous else 0)
        if need > moves:
            problems.append(Problem("V9.too_far", {**b.seat(seat), "steps": need, "turns": turns,
                                                   "via_pit": color is not None,
                                                   "swapped": bool(s.last_swap and seat == b.previous)}))
    return problems


@wording("V9.too_far")
def _too_far(facts: Mapping[str, Any]) -> str:
    """V9 in words: ``name``'s car is ``steps`` steps from its start (``via_pit``: by way
    of the pit stop) after ``turns`` turns (``swapped``: the last one a swap)."""
    need, turns, via_pit, swapped = facts["steps"], facts["turns"], facts["via_pit"], facts["swapped"]
    steps = ngettext("{n} step", "{n} steps", need).format(n=need)
    if not turns:
        if via_pit:
            template = _("{name}'s car stands {steps} from its start (by way of the pit stop, where it took its "
                         "trophy), but {name} has had no turn yet, and a turn moves a car one step at most.")
        else:
            template = _("{name}'s car stands {steps} from its start, but {name} has had no turn yet, and a turn "
                         "moves a car one step at most.")
    elif swapped and turns == 1:
        if via_pit:
            template = _("{name}'s car stands {steps} from its start (by way of the pit stop, where it took its "
                         "trophy), but {name} has had only 1 turn (a swap), and a turn moves a car one step at most.")
        else:
            template = _("{name}'s car stands {steps} from its start, but {name} has had only 1 turn (a swap), and a "
                         "turn moves a car one step at most.")
    elif swapped:
        if via_pit:
            template = ngettext(
                "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
                "{name} has had only {n} turn (the last one a swap), and a turn moves a car one step at most.",
                "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
                "{name} has had only {n} turns (the last one a swap), and a turn moves a car one step at most.", turns)
        else:
            template = ngettext(
                "{name}'s car stands {steps} from its start, but {name} has had only {n} turn (the last one a swap), "
                "and a turn moves a car one step at most.",
                "{name}'s car stands {steps} from its start, but {name} has had only {n} turns (the last one a swap), "
                "and a turn moves a car one step at most.", turns)
    elif via_pit:
        template = ngettext(
            "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
            "{name} has had only {n} turn, and a turn moves a car one step at most.",
            "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
            "{name} has had only {n} turns, and a turn moves a car one step at most.", turns)
    else:
        template = ngettext(
            "{name}'s car stands {steps} from its start, but {name} has had only {n} turn, and a turn moves a car one "
            "step at most.",
            "{name}'s car stands {steps} from its start, but {name} has had only {n} turns, and a turn moves a car one "
            "step at most.", turns)
    return template.format(name=facts["name"], steps=steps, n=turns)


# ------------------------------------------------------------------ V10: the turn just before
def _previous_turn_problems(b: _Board) -> list[Problem]:
    """V10: when no tiles are marked as just swapped, the turn just before was a move,
    so that player's car has left its start (M3, R9)."""
    s = b.state
    if s.turn == 0 or s.last_swap is not None:
        return []
    prev = b.previous
    if b.cars[prev] == b.starts[prev]:
        return [Problem("V10.not_moved", b.seat(prev))]
    return []


@wording("V10.not_moved")
def _not_moved(facts: Mapping[str, Any]) -> str:
    return _("No tiles are marked as just swapped, so {name}'s turn just before was a move, yet {name}'s car is "
             "still on its start-finish tile.").format(name=facts["name"])


# ------------------------------------------------------------------ V11: the tile just revealed
def _pending_problems(b: _Board) -> list[Problem]:
    """V11: a tile waits for its rotation exactly in the rotate phase; it is a face-down
    road tile the current car's road leads to (M3)."""
    s = b.state
    if s.phase != ROTATE:
        if s.pending is not None:
            return [Problem("V11.not_rotating", {"phase": s.phase, "cell": s.pending})]
        return []
    if s.pending is None:
        return [Problem("V11.none")]
    cell = s.pending.index
    seat = (s.first_player + s.turn) % b.n
    if cell == PIT:
        return [Problem("V11.pit")]
    if cell in b.cars:
        return [Problem("V11.under_car", {"cell": s.pending, "seats": tuple(i for i, p in enumerate(b.cars)
                                                                            if p == cell)})]
    if _misplaced(b, seat) or cell not in options(b.codes, b.cars, b.held, seat)[0]:
        return [Problem("V11.off_road", {**b.seat(seat), "cell": s.pending})]
    return []


@wording("V11.not_rotating")
def _not_rotating(facts: Mapping[str, Any]) -> str:
    # TRANSLATORS: {phase} is the phase's name in the program ('move', 'over').
    return _("Only the rotate phase has a tile waiting for its rotation, so none can wait in the {phase} phase (not "
             "{cell}).").format(phase=repr(facts["phase"]), cell=facts["cell"])


@wording("V11.none")
def _none_pending(facts: Mapping[str, Any]) -> str:
    return _("In the rotate phase a tile just revealed waits for its rotation, but none is named.")


@wording("V11.pit")
def _pit_pending(facts: Mapping[str, Any]) -> str:
    return _("The pit stop is never face down, so it cannot be the tile just revealed.")


@wording("V11.under_car")
def _pending_under_car(facts: Mapping[str, Any]) -> str:
    return _("A car stands on {cell}, so its tile was face up and cannot have just been revealed.").format(
        cell=facts["cell"])


@wording("V11.off_road")
def _pending_off_road(facts: Mapping[str, Any]) -> str:
    return _("{cell} is not where {name}'s road leads, so {name} cannot have just revealed it.").format(
        cell=facts["cell"], name=facts["name"])


# ------------------------------------------------------------------ V12: the tiles just swapped
def _swap_problems(b: _Board) -> list[Problem]:
    """V12: the tiles just swapped are two different face-down road tiles, swapped in a
    turn already played; no car has moved onto them since (M3, R9)."""
    s = b.state
    if s.last_swap is None:
        return []
    x, y = s.last_swap
    if x == y:
        return [Problem("V12.same", {"cell": x})]
    if PIT in (x.index, y.index):
        return [Problem("V12.pit")]
    if s.turn == 0:
        return [Problem("V12.first_turn")]
    under = [c for c in (x, y) if c.index in b.cars]
    if under:
        return [Problem("V12.under_car", {"cells": tuple(under)})]
    return []


@wording("V12.same")
def _swapped_twice(facts: Mapping[str, Any]) -> str:
    return _("The tiles just swapped are two different cells, not {cell} twice.").format(cell=facts["cell"])


@wording("V12.pit")
def _pit_swapped(facts: Mapping[str, Any]) -> str:
    return _("The pit stop never moves, so it cannot be one of the tiles just swapped.")


@wording("V12.first_turn")
def _swapped_before_play(facts: Mapping[str, Any]) -> str:
    return _("Nobody has had a turn yet, so no tiles can have just been swapped.")


@wording("V12.under_car")
def _swapped_under_car(facts: Mapping[str, Any]) -> str:
    return _("A car stands on {cells}, just swapped face down: no car has moved since that swap.").format(
        cells=join_words([str(c) for c in facts["cells"]]))


# ------------------------------------------------------------------ V13-V16: the end
def _end_problems(b: _Board) -> list[Problem]:
    """V13 only a finished game has a winner and an end reason; V16 a game not over has
    a car that can move one day (R7); then a finished game's end (V14-V16)."""
    s = b.state
    if s.phase != OVER:
        if s.winner is not None or s.end_reason is not None:
            return [Problem("V13.early", {"winner": s.winner, "end_reason": s.end_reason})]
        if all_stuck_for_good(b.codes, b.cars, b.held):
            return [Problem("V16.not_over")]
        return []
    if s.winner is None or s.end_reason is None:
        return [Problem("V13.none", {"winner": s.winner, "end_reason": s.end_reason})]
    if s.end_reason == "finish":
        return _finish_problems(b, s.winner)
    return _no_finish_problems(b, s.winner)


def _finish_problems(b: _Board, winner: int) -> list[Problem]:
    """V14 a win at the finish: the winner's car on its trophy's start-finish tile, in
    its own turn, before the turn limit (M5, R8)."""
    s = b.state
    color = b.held[winner]
    if color is None or b.cars[winner] != goal(color):
        return [Problem("V14.not_home", {**b.seat(winner), "trophy": color})]
    mover = (s.first_player + s.turn) % b.n
    if mover != winner:
        return [Problem("V14.turn", {**b.seat(winner), "turn": s.turn + 1, "mover": mover,
                                     "mover_name": b.names[mover]})]
    if s.turn == s.max_turns:  # past it, V3 says so
        return [Problem("V14.limit", {**b.seat(winner), "limit": s.max_turns})]
    return []


def _no_finish_problems(b: _Board, winner: int) -> list[Problem]:
    """V15 a win at the turn limit: the limit reached, not every car stuck, the driver
    closest to their goal wins (R8); V16 every car stuck for good ends the game at once,
    and the closest driver wins (R7, R8)."""
    s = b.state
    stuck = stuck_for_good(b.codes, b.cars, b.held)
    if s.end_reason == "turn limit":
        if s.turn < s.max_turns:  # past it, V3 says so
            return [Problem("V15.turns", {"turn": s.turn, "limit": s.max_turns})]
        if len(stuck) == b.n:
            return [Problem("V15.all_stuck")]
        code = "V15.closest"
    else:
        loose = tuple(seat for seat in range(b.n) if seat not in stuck)
        if loose:
            return [Problem("V16.loose", {"seats": loose, "names": tuple(b.names[seat] for seat in loose)})]
        code = "V16.closest"
    best = standings(s.first_player, b.cars, b.held)[0]
    if winner != best:
        return [Problem(code, {**b.seat(winner), "best": best, "best_name": b.names[best]})]
    return []


@wording("V13.early")
def _early_end(facts: Mapping[str, Any]) -> str:
    return _("A game that is not over has no winner and no end reason.")


@wording("V13.none")
def _no_end(facts: Mapping[str, Any]) -> str:
    return _("A finished game has a winner and an end reason.")


@wording("V14.not_home")
def _not_home(facts: Mapping[str, Any]) -> str:
    return _("{name} won at the finish, so {name} holds a trophy and the car stands on the start-finish tile of its "
             "color.").format(name=facts["name"])


@wording("V14.turn")
def _not_own_turn(facts: Mapping[str, Any]) -> str:
    return _("A finish ends the game in the finisher's own turn, and turn {turn} is {player}'s, not "
             "{name}'s.").format(turn=facts["turn"], player=facts["mover_name"], name=facts["name"])


@wording("V14.limit")
def _finish_after_limit(facts: Mapping[str, Any]) -> str:
    return ngettext("The game reached its limit of {n} turns before {name}'s finish, so it ended there (R8).",
                    "The game reached its limit of {n} turns before {name}'s finish, so it ended there (R8).",
                    facts["limit"]).format(n=facts["limit"], name=facts["name"])


@wording("V15.turns")
def _limit_not_reached(facts: Mapping[str, Any]) -> str:
    return ngettext("The game ended at the turn limit, so it has played {n} turns, not {turn}.",
                    "The game ended at the turn limit, so it has played {n} turns, not {turn}.",
                    facts["limit"]).format(n=facts["limit"], turn=facts["turn"])


@wording("V15.all_stuck")
def _stuck_before_limit(facts: Mapping[str, Any]) -> str:
    return _("Every car is stuck for good, and that ends the game (R7) before the turn limit is looked at.")


@wording("V16.not_over")
def _stuck_not_over(facts: Mapping[str, Any]) -> str:
    return _("Every car is stuck for good, so the game would already be over (R7).")


@wording("V16.loose")
def _not_all_stuck(facts: Mapping[str, Any]) -> str:
    return ngettext("The game ended with every car stuck for good, but {names} can still move one day (R7).",
                    "The game ended with every car stuck for good, but {names} can still move one day (R7).",
                    len(facts["names"])).format(names=join_words(list(facts["names"])))


@wording("V15.closest")
@wording("V16.closest")
def _not_closest(facts: Mapping[str, Any]) -> str:
    # One rule for both ends without a finish (R8): the same sentence for V15 and V16.
    return _("When nobody finishes, the driver closest to their goal wins (R8): {best}, not {name}.").format(
        best=facts["best_name"], name=facts["name"])


def earliest_turn(state: RunState) -> int:
    """The first turn, with the same seat to move as at ``state.turn``, at which every
    car can have got where it stands (V9) and, if tiles are marked as just swapped, a
    turn has been played (V12); ``state.turn`` if there is none below the limit.
    :meth:`RallyRunGame.arrange <rally.rally_run.RallyRunGame.arrange>` uses it when no
    turn is given."""
    n = state.players
    turn = state.turn % n
    if state.last_swap is not None and turn == 0:
        turn += n
    while turn < state.max_turns:
        if not _distance_problems(_Board(state.replace(turn=turn))):
            return turn
        turn += n
    return state.turn


__all__ = ["state_issues", "state_problems", "earliest_turn"]
