"""The typed events a :class:`~rally.rally_run.RallyRunGame` logs.

Everything in a game of Rally Run happens in plain view (a revealed tile is seen by
all, a swap is watched by all, a trophy is shown when taken), so every event is
public: bots with memory learn from this log. Places are kept as engine integers
(cells 0-24, start-finish tiles 25-28); ``describe(names)`` says it in words (in the
language spoken, or ``lang=``: :mod:`rally.common.i18n`).

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> game.apply("reveal A1")
>>> game.apply("rotate 1")
>>> for event in game.events:
...     print(event.describe(game.names))
Bo reveals A1: a straight.
Bo lays it: road → ←.
Bo drives from the red start-finish tile to A1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar, TypeVar

from ..common import inputs
from ..common.errors import PositionError
from ..common.i18n import _
from ..common.logged_event import LoggedEvent
from .board import CELLS, COLORS, MAX_PLAYERS, PLACES, START_FINISH, color_adjective, place_name
from .tiles import BY_CODE, CODES, KINDS, Tile, a_kind

#: How a car moves (:class:`CarMoved`), and how a game ends (:class:`RunGameWon`).
HOWS = ("reveal", "car", "pit", "finish")
REASONS = ("finish", "turn limit", "all stuck")



R = TypeVar("R", bound="RunEvent")


@dataclass(frozen=True)
class RunEvent(LoggedEvent):
    """Base of the Rally Run events: whole numbers, texts and flags, written as they are.

    An event is checked when it is made (:func:`check_event`, for a game of up to four
    players): a seat, cell, place or tile code out of range raises
    :class:`~rally.PositionError`.

    >>> TileHidden(25)
    Traceback (most recent call last):
    ...
    rally.common.errors.PositionError: A 'hidden' event's cell must be a whole number from 0 to 24, like 0, not 25.
    """

    def __post_init__(self) -> None:
        if type(self) in _RULES:  # the bare base has no fields
            check_event(self, MAX_PLAYERS)

    @classmethod
    def trusted(cls: type[R], *values: object) -> R:
        """The event of ``values`` (every field, in order), made without checks: the
        engine's way, which logs only events it knows are right (hundreds a game).
        Anything else makes events the checked way, ``TileHidden(3)``.

        >>> TileHidden.trusted(3) == TileHidden(3)
        True
        """
        event = object.__new__(cls)
        event.__dict__.update(zip(_NAMES[cls], values))  # as the frozen dataclass's own __init__ would set them
        return event


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

    def _words(self, names: Sequence[str]) -> str:
        return _("{name} reveals {cell}: {a_kind}.").format(
            name=names[self.seat], cell=place_name(self.cell), a_kind=a_kind(KINDS[self.code >> 2]))


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

    def _words(self, names: Sequence[str]) -> str:
        # Its road only: the reveal just before said its kind (a German editor: said twice, it read as a stammer).
        if self.exception:
            template = _("{name} lays it: {road} (on a first move, a dead end faces a face-down neighbor).")
        else:
            template = _("{name} lays it: {road}.")
        return template.format(name=names[self.seat], road=self.tile.way())


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

    def _words(self, names: Sequence[str]) -> str:
        # One sentence per shape a game logs: a car leaves a cell or (on its first move)
        # its start-finish tile, and reaches a cell, the pit stop or (to win) its finish.
        name = names[self.seat]
        start, end = self.start, self.end
        if end >= CELLS:
            return _("{name} drives from {start} into the finish on the {color} start-finish tile.").format(
                name=name, start=place_name(start), color=color_adjective(START_FINISH[end - CELLS].color))
        if start >= CELLS:
            color = color_adjective(START_FINISH[start - CELLS].color)
            if self.how == "car":
                template = _("{name} drives from the {color} start-finish tile to {end} to join another car.")
            else:
                template = _("{name} drives from the {color} start-finish tile to {end}.")
            return template.format(name=name, color=color, end=place_name(end))
        if self.how == "pit":
            template = _("{name} drives from {start} to {end} onto the pit stop.")
        elif self.how == "car":
            template = _("{name} drives from {start} to {end} to join another car.")
        else:
            template = _("{name} drives from {start} to {end}.")
        return template.format(name=name, start=place_name(start), end=place_name(end))


@dataclass(frozen=True)
class TileHidden(RunEvent):
    """The tile on ``cell`` turned face down again, its car having left (M3)."""

    kind: ClassVar[str] = "hidden"
    cell: int

    def _words(self, names: Sequence[str]) -> str:
        return _("The tile on {cell} turns face down again (no car stands on it).").format(cell=place_name(self.cell))


@dataclass(frozen=True)
class TilesSwapped(RunEvent):
    """``seat`` swapped the face-down tiles on cells ``a`` and ``b``."""

    kind: ClassVar[str] = "swapped"
    seat: int
    a: int
    b: int

    def _words(self, names: Sequence[str]) -> str:
        return _("{name} swaps the face-down tiles on {a} and {b}.").format(
            name=names[self.seat], a=place_name(self.a), b=place_name(self.b))


@dataclass(frozen=True)
class TrophyTaken(RunEvent):
    """``seat`` took the top trophy at the pit stop: it was ``color``."""

    kind: ClassVar[str] = "trophy"
    seat: int
    color: str

    def _words(self, names: Sequence[str]) -> str:
        return _("{name} takes the top trophy at the pit stop: it is {color}, so the {color} start-finish tile is "
                 "{name}'s finish.").format(name=names[self.seat], color=color_adjective(self.color))


@dataclass(frozen=True)
class RunGameWon(RunEvent):
    """The end: ``reason`` is ``"finish"`` (M5), ``"turn limit"`` or ``"all stuck"`` (R8)."""

    kind: ClassVar[str] = "won"
    seat: int
    reason: str

    def _words(self, names: Sequence[str]) -> str:
        name = names[self.seat]
        if self.reason == "finish":
            return _("{name} reaches the finish with the trophy and wins!").format(name=name)
        # R8's order, said whole: "closest to the goal" alone would be untrue for a
        # trophy holder far from home, or for the later of two tied players.
        if self.reason == "all stuck":
            return _("No car can ever move again, so the game ends, and {name} wins. A trophy in hand "
                     "counts first, then the fewest steps still to go. A tie goes to the player later in the "
                     "order of play.").format(name=name)
        return _("The turn limit is reached, so the game ends, and {name} wins. A trophy in hand "
                 "counts first, then the fewest steps still to go. A tie goes to the player later in the "
                 "order of play.").format(name=name)


EVENT_TYPES: dict[str, type[RunEvent]] = {
    cls.kind: cls for cls in (TileRevealed, TileTurned, CarMoved, TileHidden, TilesSwapped, TrophyTaken, RunGameWon)}


def _field_names(cls: type[RunEvent]) -> tuple[str, ...]:
    return ("kind",) + tuple(f.name for f in fields(cls))


_KEYS = {kind: _field_names(cls) for kind, cls in EVENT_TYPES.items()}
#: Each event's fields, in order (for :meth:`RunEvent.trusted`).
_NAMES = {cls: _KEYS[cls.kind][1:] for cls in EVENT_TYPES.values()}


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
        inputs.fail(PositionError, what, _("a tile code, kind index * 4 + rotation"), value, 4)
    elif rule == "flag":
        inputs.flag(value, what, PositionError)
    else:
        inputs.one_of(value, what, _WORDS[rule], PositionError)


def check_event(event: object, players: int) -> RunEvent:
    """``event`` if it is an event of a game of ``players``: every seat, cell, place,
    tile code, color and word in range; else :class:`~rally.PositionError`."""
    if not isinstance(event, RunEvent) or type(event) not in _RULES:
        inputs.fail(PositionError, _("Each event"), _("a Rally Run event (rally.rally_run.events)"), event,
                    "TilesSwapped(0, 1, 2)")
    for name, rule in _RULES[type(event)]:
        value = getattr(event, name)
        if not _fits(rule, value, players):
            # TRANSLATORS: {kind} is the event's name in the program ('moved'), {field} a field's ('seat').
            _refuse(rule, value, players, _("A {kind} event's {field}").format(kind=repr(event.kind), field=name))
    return event


def event_from_dict(data: object) -> RunEvent:
    """An event from :meth:`RunEvent.to_dict` output; anything else raises
    :class:`~rally.PositionError` saying what is wrong."""
    if not isinstance(data, dict):
        inputs.fail(PositionError, _("Each event"), _("a JSON object with a 'kind'"), data,
                    '{"kind": "hidden", "cell": 3}')
    kind = inputs.one_of(data.get("kind"), _("An event's kind"), EVENT_TYPES, PositionError)
    values = inputs.fields(data, _("A {kind} event").format(kind=repr(kind)), _KEYS[kind], PositionError)
    del values["kind"]
    return EVENT_TYPES[kind](**values)  # the event checks itself


__all__ = ["RunEvent", "TileRevealed", "TileTurned", "CarMoved", "TileHidden", "TilesSwapped", "TrophyTaken",
           "RunGameWon", "HOWS", "REASONS", "check_event", "event_from_dict"]
