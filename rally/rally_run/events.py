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

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar

from .. import inputs
from ..errors import PositionError
from ..logged_event import LoggedEvent
from .board import CELLS, COLORS, MAX_PLAYERS, PLACES, place_name, place_words
from .tiles import BY_CODE, CODES, KINDS, Tile

#: How a car moves (:class:`CarMoved`), and how a game ends (:class:`RunGameWon`).
HOWS = ("reveal", "car", "pit", "finish")
REASONS = ("finish", "turn limit", "all stuck")



@dataclass(frozen=True)
class RunEvent(LoggedEvent):
    """Base of the Rally Run events: whole numbers, texts and flags, written as they are."""


@dataclass(frozen=True)
class TileRevealed(RunEvent):
    """``seat`` turned the tile on ``cell`` face up; ``code`` is kind index * 4 + its old rotation."""

    kind: ClassVar[str] = "revealed"
    seat: int
    cell: int
    code: int

    @property
    def tile(self) -> Tile:
        return BY_CODE[self.code]

    def describe(self, names: Sequence[str]) -> str:
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
        return BY_CODE[self.code]

    def describe(self, names: Sequence[str]) -> str:
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

    def describe(self, names: Sequence[str]) -> str:
        why = {"reveal": "", "car": " to join another car", "pit": " onto the pit stop",
               "finish": " home"}.get(self.how, "")
        return f"{names[self.seat]} drives from {place_words(self.start)} to {place_words(self.end)}{why}."


@dataclass(frozen=True)
class TileHidden(RunEvent):
    """The tile on ``cell`` turned face down again, its car having left (M3)."""

    kind: ClassVar[str] = "hidden"
    cell: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The tile on {place_name(self.cell)} turns face down again (no car stands on it)."


@dataclass(frozen=True)
class TilesSwapped(RunEvent):
    """``seat`` swapped the face-down tiles on cells ``a`` and ``b``."""

    kind: ClassVar[str] = "swapped"
    seat: int
    a: int
    b: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} swaps the face-down tiles on {place_name(self.a)} and {place_name(self.b)}."


@dataclass(frozen=True)
class TrophyTaken(RunEvent):
    """``seat`` took the top trophy at the pit stop: it was ``color``."""

    kind: ClassVar[str] = "trophy"
    seat: int
    color: str

    def describe(self, names: Sequence[str]) -> str:
        return (f"{names[self.seat]} takes the top trophy at the pit stop: it is {self.color}, so the "
                f"{self.color} start-finish tile is {names[self.seat]}'s finish.")


@dataclass(frozen=True)
class RunGameWon(RunEvent):
    """The end: ``reason`` is ``"finish"`` (M5), ``"turn limit"`` or ``"all stuck"`` (R8)."""

    kind: ClassVar[str] = "won"
    seat: int
    reason: str

    def describe(self, names: Sequence[str]) -> str:
        if self.reason == "finish":
            return f"{names[self.seat]} reaches the finish with the trophy and wins!"
        # R8's order, said whole: "closest to the goal" alone would be untrue for a
        # trophy holder far from home, or for the later of two tied players.
        ahead = (f"{names[self.seat]} is ahead and wins (a trophy in hand counts first, then the fewest steps "
                 "still to go; a tie goes to the player later in the order of play).")
        if self.reason == "all stuck":
            return f"No car can ever move again, so the game ends: {ahead}"
        return f"The turn limit is reached, so the game ends: {ahead}"


EVENT_TYPES: dict[str, type[RunEvent]] = {
    cls.kind: cls for cls in (TileRevealed, TileTurned, CarMoved, TileHidden, TilesSwapped, TrophyTaken, RunGameWon)}


def _field_names(cls: type[RunEvent]) -> tuple[str, ...]:
    return ("kind",) + tuple(f.name for f in fields(cls))


_KEYS = {kind: _field_names(cls) for kind, cls in EVENT_TYPES.items()}


#: What each field of an event holds, by field name.
_FIELD_RULES = {"seat": "seat", "cell": "cell", "a": "cell", "b": "cell", "start": "place", "end": "place",
                "code": "code", "exception": "flag", "how": "how", "color": "color", "reason": "reason"}
_RULES = {cls: tuple((f.name, _FIELD_RULES[f.name]) for f in fields(cls)) for cls in EVENT_TYPES.values()}
_WORDS = {"how": HOWS, "color": COLORS, "reason": REASONS}


def _fits(rule: str, value: object, players: int) -> bool:
    if rule in _WORDS:
        return isinstance(value, str) and value in _WORDS[rule]
    if rule == "flag":
        return value is True or value is False
    if not inputs.is_whole(value):
        return False
    assert isinstance(value, int)
    if rule == "code":
        return value in CODES
    return 0 <= value < (players if rule == "seat" else CELLS if rule == "cell" else PLACES)


def _refuse(rule: str, value: object, players: int, what: str) -> None:
    if rule == "seat":
        inputs.seat(value, players, PositionError, what)
    elif rule == "cell":
        inputs.whole(value, what, 0, CELLS - 1, PositionError)
    elif rule == "place":
        inputs.whole(value, what, 0, PLACES - 1, PositionError)
    elif rule == "code":
        inputs.fail(PositionError, what, "a tile code, kind index * 4 + rotation", value, 4)
    elif rule == "flag":
        inputs.flag(value, what, PositionError)
    else:
        inputs.one_of(value, what, _WORDS[rule], PositionError)


def check_event(event: object, players: int) -> RunEvent:
    """``event`` if it is an event of a game of ``players``: every seat, cell, place,
    tile code, color and word in range; else :class:`~rally.PositionError`."""
    if not isinstance(event, RunEvent) or type(event) not in _RULES:
        inputs.fail(PositionError, "Each event", "a Rally Run event (rally.rally_run.events)", event,
                    "TilesSwapped(0, 1, 2)")
    for name, rule in _RULES[type(event)]:
        value = getattr(event, name)
        if not _fits(rule, value, players):
            _refuse(rule, value, players, f"A {event.kind!r} event's {name}")
    return event


def event_from_dict(data: object) -> RunEvent:
    """An event from :meth:`RunEvent.to_dict` output; anything else raises
    :class:`~rally.PositionError` saying what is wrong."""
    if not isinstance(data, dict):
        inputs.fail(PositionError, "Each event", "a JSON object with a 'kind'", data, '{"kind": "hidden", "cell": 3}')
    kind = inputs.one_of(data.get("kind"), "An event's kind", EVENT_TYPES, PositionError)
    values = inputs.fields(data, f"A {kind!r} event", _KEYS[kind], PositionError)
    del values["kind"]
    cls = EVENT_TYPES[kind]
    return check_event(cls(**values), MAX_PLAYERS)


__all__ = ["RunEvent", "TileRevealed", "TileTurned", "CarMoved", "TileHidden", "TilesSwapped", "TrophyTaken",
           "RunGameWon", "HOWS", "REASONS", "check_event", "event_from_dict"]
