"""A Rally Run game's table: what lies and stands where, and whose turn it is.

:class:`RunTable` holds a game's state as the engine's integers and reads it out through
properties; :class:`~rally.rally_run.game.RallyRunGame` is one, with the rules' checks,
the acting and the states on top.
"""

from __future__ import annotations

from typing import Self

from ..common import inputs
from ..common.errors import SetupError
from . import rules
from .board import CELL_LIST, CELLS, COLORS, PIT, START_CORNERS, Cell, Counts, Place, place_of
from .events import RunEvent
from .state import OVER, ROTATE, RunState
from .tiles import BY_CODE, KINDS, Tile, TileKind


class RunTable:
    """The state of a game of Rally Run, read through properties and methods."""

    __slots__ = ("_players", "_names", "_seed", "_first", "_mix", "_max_turns", "_starts", "_tiles", "_cars",
                 "_stack", "_held", "_turn", "_phase", "_pending", "_last_swap", "_winner", "_end_reason", "_log",
                 "_start")

    _players: int
    _names: tuple[str, ...]
    _seed: int
    _first: int
    _mix: Counts
    _max_turns: int
    _starts: tuple[int, ...]
    _tiles: list[int]
    _cars: list[int]
    _stack: list[str]
    _held: list[str | None]
    _turn: int
    _phase: str
    _pending: int | None
    _last_swap: tuple[int, int] | None
    _winner: int | None
    _end_reason: str | None
    _log: list[RunEvent]
    _start: RunState | None

    def _load(self, state: RunState, log: list[RunEvent], start: RunState | None) -> None:
        """Take ``state``'s values (trusted: the callers check :meth:`problems`)."""
        self._players, self._names, self._seed, self._first = state.players, state.names, state.seed, state.first_player
        self._mix, self._max_turns = state.tile_mix, state.max_turns
        self._starts = tuple(CELLS + k for k in START_CORNERS[state.players])
        self._tiles = [-1 if t is None else t.code for t in state.tiles]
        self._cars = [p.index if isinstance(p, Cell) else p.place for p in state.cars]
        self._stack = list(state.trophy_stack)
        self._held = list(state.trophies)
        self._turn, self._phase = state.turn, state.phase
        self._winner, self._end_reason = state.winner, state.end_reason
        self._pending = None if state.pending is None else state.pending.index
        self._last_swap = None if state.last_swap is None else (state.last_swap[0].index, state.last_swap[1].index)
        self._log, self._start = log, start

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""
        g = type(self).__new__(type(self))
        g._players, g._names, g._seed, g._first = self._players, self._names, self._seed, self._first
        g._mix, g._max_turns, g._starts = self._mix, self._max_turns, self._starts
        g._tiles, g._cars, g._stack, g._held = self._tiles[:], self._cars[:], self._stack[:], self._held[:]
        g._turn, g._phase, g._pending, g._last_swap = self._turn, self._phase, self._pending, self._last_swap
        g._winner, g._end_reason, g._log, g._start = self._winner, self._end_reason, self._log[:], self._start
        return g

    @property
    def players(self) -> int:
        return self._players

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def tile_mix(self) -> dict[TileKind, int]:
        """How many road tiles of each kind the game has (M2)."""
        return dict(zip(KINDS, self._mix))

    @property
    def max_turns(self) -> int:
        return self._max_turns

    @property
    def turn(self) -> int:
        """Turns finished so far (a reveal and its rotation are one turn)."""
        return self._turn

    @property
    def turns_left(self) -> int:
        """The turns the player to move has before the turn limit stops the game (R8), this
        one included: the turns left, shared out in turn order.

        >>> from rally.rally_run import RallyRunGame
        >>> RallyRunGame.new(2, seed=1, max_turns=5).turns_left
        3
        """
        return -(-(self._max_turns - self._turn) // self._players)

    @property
    def turns_played(self) -> int:
        """Turns played, the winning one included: a finish ends the game within its turn,
        before :attr:`turn` counts it. The number the log gives the last turn
        (:func:`rally.rally_run.simulate.numbered`), so a game over says the same.

        >>> import random
        >>> from rally.rally_run import RallyRunGame, parse_bot, play_out
        >>> game = play_out(RallyRunGame.new(2, seed=5), [parse_bot("perfect"), parse_bot("none")], random.Random(5))
        >>> game.end_reason, game.turn, game.turns_played
        ('finish', 77, 78)
        """
        return self._turn + (1 if self._end_reason == "finish" else 0)

    @property
    def phase(self) -> str:
        """``"move"``, ``"rotate"`` (a revealed tile waits for its rotation) or ``"over"``."""
        return self._phase

    @property
    def pending(self) -> int | None:
        """The cell index of the tile just revealed, waiting for its rotation, or ``None``."""
        return self._pending

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def end_reason(self) -> str | None:
        """``"finish"``, ``"turn limit"`` or ``"all stuck"`` once over, else ``None``."""
        return self._end_reason

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def awaiting_rotation(self) -> bool:
        """True after a ``Reveal``: the same player must now choose a ``Rotate``."""
        return self._phase == ROTATE

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        if self._phase == OVER:
            return None
        return self._seat_to_move

    @property
    def _seat_to_move(self) -> int:
        """The seat whose turn it is by the turn count (the last mover's, once over)."""
        return (self._first + self._turn) % self._players

    @property
    def start_colors(self) -> tuple[str, ...]:
        """The color of the start-finish tile each seat's car started on (its car's color, R2)."""
        return tuple(COLORS[p - CELLS] for p in self._starts)

    @property
    def trophies(self) -> tuple[str | None, ...]:
        """The color of the trophy each seat holds, or ``None`` (taken trophies are shown to all)."""
        return tuple(self._held)

    @property
    def trophies_left(self) -> int:
        return len(self._stack)

    @property
    def no_swap(self) -> tuple[Cell, ...]:
        """The two cells the previous player just swapped (not to be swapped now), or ()."""
        return tuple(CELL_LIST[c] for c in self._last_swap) if self._last_swap else ()

    @property
    def events(self) -> tuple[RunEvent, ...]:
        """The public event log (from the deal, or from the position the game was arranged in)."""
        return tuple(self._log)

    def car_place(self, seat: int) -> Place:
        """Where ``seat``'s car stands: a :class:`Cell` or a :class:`StartFinish` tile."""
        return place_of(self._cars[inputs.seat(seat, self._players, SetupError)])

    @property
    def cars(self) -> tuple[Place, ...]:
        return tuple(place_of(p) for p in self._cars)

    def is_face_up(self, cell: Cell | str) -> bool:
        """A road tile is face up while a car stands on it or it was just revealed; the
        pit stop always is."""
        index = Cell.parse(cell).index
        return index == PIT or index in self._cars or index == self._pending

    def tile(self, cell: Cell | str) -> Tile | None:
        """The road tile on ``cell`` as it lies, face up or not (``None`` on the pit stop).
        This is the referee's view: players see face-down tiles only through
        :meth:`observation`, which hides them."""
        code = self._tiles[Cell.parse(cell).index]
        return None if code < 0 else BY_CODE[code]

    @property
    def tiles(self) -> tuple[Tile | None, ...]:
        """Every cell's tile (referee's view), by cell index; ``None`` for the pit stop."""
        return tuple(None if c < 0 else BY_CODE[c] for c in self._tiles)

    def goal(self, seat: int) -> Place:
        """Where ``seat`` is heading: the pit stop until it holds a trophy, then the
        start-finish tile of the trophy's color."""
        return place_of(rules.goal(self._held[inputs.seat(seat, self._players, SetupError)]))

