"""What one player may see of a Rally Run game (:meth:`RallyRunGame.observation`).

Face-down tiles are hidden from everybody, so every seat sees the same board; the
observation is what a bot may decide from (besides its own memory). Taken trophies
are shown to all (decision R6); the order of the trophies left on the pit stop is not.

>>> from rally.rally_run import RallyRunGame
>>> obs = RallyRunGame.new(2, seed=6).observation(0)
>>> obs.tiles[0], obs.tiles[12], obs.cars
(None, 'pit', (StartFinish(color='red', corner=Cell.parse('A1'), side='W'), StartFinish(color='green', corner=Cell.parse('E5'), side='E')))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..common.i18n import _
from .board import CELL_LIST, CELLS, FIXED_MASKS, NEIGHBOURS, PIT, Cell, Place, place_index, place_of
from .events import RunEvent
from .render import Table, render
from .tiles import BY_CODE, MASKS, Tile


@dataclass(frozen=True)
class Observation:
    """One seat's view.

    - ``codes``: per cell index 0-24, the engine code of a face-up road tile
      (``kind_index * 4 + rotation``), ``-1`` for a face-down tile, ``-2`` for the pit stop;
      :attr:`tiles` gives the same as ``Tile`` / ``None`` / ``"pit"``.
    - ``places``: each seat's car as an engine place (cells 0-24, start-finish 25-28);
      :attr:`cars` gives ``Cell`` / ``StartFinish`` objects.
    - ``held``: each seat's trophy color or ``None``; ``start_colors``: each seat's start.
    - ``pending``: the cell just revealed and waiting for a rotation, or ``None``.
    - ``no_swap``: the cells the previous player just swapped.
    - ``events``: the whole public event log.
    """

    seat: int
    players: int
    names: tuple[str, ...]
    turn: int
    max_turns: int
    current_player: int | None
    phase: str
    pending: int | None
    codes: tuple[int, ...]
    places: tuple[int, ...]
    held: tuple[str | None, ...]
    start_colors: tuple[str, ...]
    trophies_left: int
    no_swap: tuple[int, ...]
    winner: int | None
    events: tuple[RunEvent, ...]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def tiles(self) -> tuple[Tile | None | str, ...]:
        """Per cell: the face-up ``Tile``, ``None`` when face down, ``"pit"`` for the pit stop."""
        return tuple("pit" if c == -2 else (None if c == -1 else BY_CODE[c]) for c in self.codes)

    @property
    def cars(self) -> tuple[Place, ...]:
        """Each seat's car: a ``Cell`` or a ``StartFinish``."""
        return tuple(place_of(p) for p in self.places)

    def face_down(self) -> list[Cell]:
        """The cells whose tiles are face down."""
        return [CELL_LIST[i] for i, c in enumerate(self.codes) if c == -1]

    def mask(self, place: int) -> int:
        """Openings of a face-up place (pit stop and start-finish included); -1 if face down."""
        place = place_index(place)
        if place >= CELLS or place == PIT:
            return FIXED_MASKS[place]
        code = self.codes[place]
        return -1 if code < 0 else MASKS[code]

    def neighbours(self, place: int) -> Sequence[int]:
        """The place one step north, east, south and west of ``place`` (-1: off the board)."""
        return NEIGHBOURS[place_index(place)]

    def __str__(self) -> str:
        table = Table(self.players, self.names, self.turn, self.max_turns, self.phase, self.current_player,
                      self.winner, self.pending, self.codes, self.places, self.held, self.start_colors,
                      self.trophies_left)
        return render(table, heading=_("What {name} sees. ").format(name=self.names[self.seat]))
