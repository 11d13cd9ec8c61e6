"""The typed events a :class:`~rally.rally_run.RallyRunGame` logs.

Everything in a game of Rally Run happens in plain view (a revealed tile is seen by
all, a swap is watched by all, a trophy is shown when taken), so every event is
public: bots with memory learn from this log. Places are kept as engine integers
(cells 0-24, start-finish tiles 25-28); ``describe(names)`` says it in words.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> game.apply("reveal A1")
>>> game.apply("rotate 1")
>>> for event in game.events:
...     print(event.describe(game.names))
Ada reveals A1: a straight.
Ada lays it as a straight open to east and west.
Ada drives from the red start-finish tile to A1.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Sequence

from .board import place_name, place_words
from .tiles import KINDS, Tile


@dataclass(frozen=True)
class RunEvent:
    """Base of the Rally Run events; ``kind`` names the type in JSON."""

    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str]) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out


@dataclass(frozen=True)
class TileRevealed(RunEvent):
    """``seat`` turned the tile on ``cell`` face up; ``code`` is kind index * 4 + its old rotation."""

    kind: ClassVar[str] = "revealed"
    seat: int
    cell: int
    code: int

    @property
    def tile(self) -> Tile:
        return Tile.from_code(self.code)

    def describe(self, names):
        return f"{names[self.seat]} reveals {place_name(self.cell)}: a {KINDS[self.code >> 2].word}."


@dataclass(frozen=True)
class TileTurned(RunEvent):
    """The revealer chose the rotation: the tile now lies as ``code``."""

    kind: ClassVar[str] = "turned"
    seat: int
    cell: int
    code: int
    exception: bool = False  # the first-move dead end turned away from the start (M3)

    @property
    def tile(self) -> Tile:
        return Tile.from_code(self.code)

    def describe(self, names):
        extra = " (a first move's dead end may face a hidden neighbour instead)" if self.exception else ""
        return f"{names[self.seat]} lays it as {self.tile.describe()}{extra}."


@dataclass(frozen=True)
class CarMoved(RunEvent):
    """``seat``'s car went from place ``start`` to place ``end``; ``how`` is ``"reveal"``
    (onto the tile just revealed), ``"car"`` (onto a tile where another car stands),
    ``"pit"`` (onto the pit stop) or ``"finish"`` (onto its trophy's start-finish tile)."""

    kind: ClassVar[str] = "moved"
    seat: int
    start: int
    end: int
    how: str

    def describe(self, names):
        why = {"reveal": "", "car": " to join another car", "pit": " onto the pit stop",
               "finish": " home"}.get(self.how, "")
        return f"{names[self.seat]} drives from {place_words(self.start)} to {place_words(self.end)}{why}."


@dataclass(frozen=True)
class TileHidden(RunEvent):
    """The tile on ``cell`` turned face down again, its car having left (M3)."""

    kind: ClassVar[str] = "hidden"
    cell: int

    def describe(self, names):
        return f"The tile on {place_name(self.cell)} turns face down again (no car stands on it)."


@dataclass(frozen=True)
class TilesSwapped(RunEvent):
    kind: ClassVar[str] = "swapped"
    seat: int
    a: int
    b: int

    def describe(self, names):
        return f"{names[self.seat]} swaps the face-down tiles on {place_name(self.a)} and {place_name(self.b)}."


@dataclass(frozen=True)
class TrophyTaken(RunEvent):
    kind: ClassVar[str] = "trophy"
    seat: int
    color: str

    def describe(self, names):
        return (f"{names[self.seat]} takes the top trophy at the pit stop: it is {self.color}, so the "
                f"{self.color} start-finish tile is {names[self.seat]}'s finish.")


@dataclass(frozen=True)
class RunGameWon(RunEvent):
    """The end: ``reason`` is ``"finish"`` (M5), ``"turn limit"`` or ``"all stuck"`` (R8)."""

    kind: ClassVar[str] = "won"
    seat: int
    reason: str

    def describe(self, names):
        if self.reason == "finish":
            return f"{names[self.seat]} reaches the finish with the trophy and wins!"
        if self.reason == "all stuck":
            return (f"No car can ever move again, so the game ends: {names[self.seat]} is closest to "
                    "their goal and wins.")
        return f"The turn limit is reached: {names[self.seat]} is closest to their goal and wins."


EVENT_TYPES = {cls.kind: cls for cls in (TileRevealed, TileTurned, CarMoved, TileHidden, TilesSwapped,
                                         TrophyTaken, RunGameWon)}


def event_from_dict(data: dict) -> RunEvent:
    """An event from :meth:`RunEvent.to_dict` output (raises ``KeyError``/``TypeError``
    on bad input; the caller turns that into a :class:`~rally.PositionError`)."""
    cls = EVENT_TYPES[data["kind"]]
    return cls(**{k: v for k, v in data.items() if k != "kind"})


__all__ = ["RunEvent", "TileRevealed", "TileTurned", "CarMoved", "TileHidden", "TilesSwapped", "TrophyTaken",
           "RunGameWon"]
