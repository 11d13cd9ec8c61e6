"""A game of Rally Run at one moment, as plain data: :class:`RunState`.

A state is what a referee would write down to set the table up again: the set-up
(players, names, seed, first player, tile mix, turn limit), the turn and phase, every
tile as it lies (face up or not), the cars, the trophies held and the stack left on
the pit stop, the tile just revealed, the two tiles just swapped, the winner, and the
event log with the position it starts from.

Building a :class:`RunState` checks its *shape* only (types, sizes and bounds, through
:mod:`rally.common.inputs`); whether a real game could reach it is what
:meth:`RallyRunGame.problems() <rally.rally_run.RallyRunGame.problems>` answers (see
:mod:`rally.rally_run.legality`), and :meth:`RallyRunGame.from_state
<rally.rally_run.RallyRunGame.from_state>` asks it.

Face up or face down is not written down: a road tile is face up exactly while a car
stands on it or it is the tile just revealed (``pending``), so a state cannot say
otherwise (M3).

The log: ``events`` is ``None`` when no history is kept; otherwise it runs from the
deal of ``seed`` (``start`` is ``None``), or from ``start``, a position set up by hand
(:meth:`RallyRunGame.arrange <rally.rally_run.RallyRunGame.arrange>`), which has no log
of its own.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> game.apply("reveal A1")
>>> state = game.state()
>>> state.phase, state.pending, state.tiles[0], state.cars
('rotate', Cell.parse('A1'), Tile.parse('S:NS'), (StartFinish(color='red', corner=Cell.parse('A1'), side='W'), StartFinish(color='green', corner=Cell.parse('E5'), side='E')))
>>> RallyRunGame.from_state(state) == game
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..common import inputs
from ..common.errors import PositionError, RuleError
from ..common.i18n import _, ngettext
from .board import (
    CELLS, COLORS, MAX_PLAYERS, MIN_PLAYERS, Cell, Counts, Place, StartFinish, check_tile_mix, default_names,
)
from .events import REASONS, RunEvent, check_event
from .tiles import Tile

MOVE, ROTATE, OVER = "move", "rotate", "over"
PHASES = (MOVE, ROTATE, OVER)
#: The largest turn limit a game may have (the default is 100 turns per player, R8).
MAX_TURNS = 10_000
#: The longest event log: a turn logs at most four events (reveal, turn, move, hide), and the end one more.
MAX_EVENTS = 4 * MAX_TURNS + 1


@dataclass(frozen=True)
class RunState:
    """A moment of a game, as plain data (see the module's docstring).

    ``tile_mix`` counts the road tiles by kind (straight, curve, crossroads, dead end);
    ``tiles[i]`` is the tile on cell ``i`` (``None`` on the pit stop, C3); ``cars[s]``
    is where seat ``s``'s car stands, a :class:`Cell` or a :class:`StartFinish`;
    ``trophies[s]`` the color of the trophy it holds or ``None``; ``trophy_stack`` the
    colors left on the pit stop, top first; ``pending`` the cell just revealed (in the
    ``"rotate"`` phase); ``last_swap`` the two cells the previous player just swapped.
    """

    players: int
    names: tuple[str, ...]
    seed: int
    first_player: int
    tile_mix: Counts
    max_turns: int
    turn: int
    phase: str
    pending: Cell | None
    tiles: tuple[Tile | None, ...]
    cars: tuple[Place, ...]
    trophies: tuple[str | None, ...]
    trophy_stack: tuple[str, ...]
    last_swap: tuple[Cell, Cell] | None
    winner: int | None
    end_reason: str | None
    events: tuple[RunEvent, ...] | None = None
    start: RunState | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # normalise to tuples: a frozen value type holds no lists
        n = inputs.whole(self.players, _("The number of players"), MIN_PLAYERS, MAX_PLAYERS, PositionError)
        set_(self, "names", inputs.names(self.names, n, PositionError, default_names(n)))
        inputs.seed(self.seed, PositionError)
        inputs.seat(self.first_player, n, PositionError, _("The first player"))
        try:
            set_(self, "tile_mix", check_tile_mix(self.tile_mix))
        except RuleError as err:
            raise PositionError(str(err)) from None
        inputs.whole(self.max_turns, _("The turn limit"), 1, MAX_TURNS, PositionError)
        inputs.whole(self.turn, _("The turn"), 0, MAX_TURNS, PositionError)
        inputs.one_of(self.phase, _("The phase"), PHASES, PositionError)
        if self.pending is not None and not isinstance(self.pending, Cell):
            inputs.fail(PositionError, _("The tile just revealed"), _("a Cell or None"), self.pending,
                        "Cell.parse('B1')")
        tiles = _items(self.tiles, _("The tiles"), ngettext(
            "{n} tile, one per cell A1, B1, ... E5", "{n} tiles, one per cell A1, B1, ... E5", CELLS).format(n=CELLS),
            CELLS)
        if not all(t is None or isinstance(t, Tile) for t in tiles):
            inputs.fail(PositionError, _("Each cell's tile"), _("a Tile (None on the pit stop)"),
                        next(t for t in tiles if not (t is None or isinstance(t, Tile))), "Tile.parse('C:NE')")
        set_(self, "tiles", tiles)
        cars = _items(self.cars, _("The cars"), ngettext(
            "{n} place, one per player", "{n} places, one per player", n).format(n=n), n)
        for car in cars:
            if not isinstance(car, (Cell, StartFinish)):
                inputs.fail(PositionError, _("Each car's place"), _("a Cell or a StartFinish"), car,
                            "Cell.parse('B3')")
        set_(self, "cars", cars)
        held = _items(self.trophies, _("The trophies held"), ngettext(
            "{n} color or None, one per player", "{n} colors or None, one per player", n).format(n=n), n)
        for color in held:
            if color is not None:
                inputs.one_of(color, _("Each trophy held"), COLORS, PositionError)
        set_(self, "trophies", held)
        stack = inputs.sequence(self.trophy_stack, _("The trophy stack"), PositionError, "['green', 'red']",
                                MAX_PLAYERS)
        for color in stack:
            inputs.one_of(color, _("Each trophy on the stack"), COLORS, PositionError)
        set_(self, "trophy_stack", tuple(stack))
        if self.last_swap is not None:
            pair = _items(self.last_swap, _("The tiles just swapped"), _("two cells"), 2)
            if not all(isinstance(c, Cell) for c in pair):
                inputs.fail(PositionError, _("The tiles just swapped"), _("two Cells or None"), self.last_swap,
                            "(Cell.parse('B2'), Cell.parse('D4'))")
            set_(self, "last_swap", (pair[0], pair[1]))
        if self.winner is not None:
            inputs.seat(self.winner, n, PositionError, _("The winner"))
        if self.end_reason is not None:
            inputs.one_of(self.end_reason, _("The end reason"), REASONS, PositionError)
        if self.events is not None:
            events = inputs.sequence(self.events, _("The event log"), PositionError, _("a list of events"),
                                     MAX_EVENTS)
            set_(self, "events", tuple(check_event(e, n) for e in events))
        if self.start is not None:
            if not isinstance(self.start, RunState):
                inputs.fail(PositionError, _("The log's start"), _("a RunState or None"), self.start, "None")
            if self.events is None or self.start.events is not None or self.start.start is not None:
                raise PositionError(_("A start position goes with an event log, and has no log or start of its own."))

    def replace(self, **changes: Any) -> RunState:  # any field, checked again by __post_init__
        """A copy with some fields changed, its shape checked again: ``state.replace(turn=4)``."""
        return dataclasses.replace(self, **changes)

    @property
    def setup(self) -> tuple[int, tuple[str, ...], int, int, Counts, int]:
        """What never changes in a game: players, names, seed, first player, tile mix, turn limit."""
        return self.players, self.names, self.seed, self.first_player, self.tile_mix, self.max_turns

    @property
    def position(self) -> RunState:
        """This moment without its history (``events`` and ``start`` left out)."""
        return self if self.events is None else self.replace(events=None, start=None)


def _items(value: object, what: str, rule: str, count: int) -> tuple[object, ...]:
    items = inputs.sequence(value, what, PositionError, rule, count)
    if len(items) != count:
        inputs.fail(PositionError, what, rule, value)
    return tuple(items)


__all__ = ["RunState", "MOVE", "ROTATE", "OVER", "PHASES", "MAX_TURNS", "MAX_EVENTS"]
