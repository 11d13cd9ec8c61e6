"""The typed events a :class:`~rally.Game` logs, one per thing that happens.

Each event is a small immutable value with a ``describe(names)`` method that says
it in words, so a lesson can replay a game step by step.

>>> from rally import Game
>>> game = Game.new(3, seed=1)
>>> print(game.events[0].describe(game.names))
Round 1: each player gets 5 cards.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, NamedTuple, Sequence, cast

from . import inputs
from .cards import Card, read_cards
from .i18n import join_words
from .errors import PositionError
from .logged_event import LoggedEvent
from .movement import How, Move, PathStep
from .movement import MAX_PROGRESS
from .track import MAX_TRACK_LENGTH
from .tricks import TrickExplanation, explain_trick


class Event(LoggedEvent):
    """Base of the Stich Rallye events: small tuples underneath (the engine logs hundreds
    a game, and a tuple is the cheapest value to make), equal only to events of their own
    kind; cards, moves and tuples are written as JSON data."""

    __slots__ = ()

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return cast("tuple[str, ...]", getattr(cls, "_fields", ()))

    @staticmethod
    def encode(value: Any) -> Any:
        return _encode(value)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and _same_tuple(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, _tuple_hash(self)))


# Every event is a tuple underneath: compared and hashed as one (with its type, above).
_same_tuple = cast(Callable[[object, object], bool], tuple.__eq__)
_tuple_hash = cast(Callable[[object], int], tuple.__hash__)


class _DealtFields(NamedTuple):
    round: int
    hands: tuple[tuple[Card, ...], ...]


class Dealt(Event, _DealtFields):
    __slots__ = ()
    kind: ClassVar[str] = "dealt"

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: each player gets {len(self.hands[0])} cards."


class _CardPlayedFields(NamedTuple):
    seat: int
    card: Card


class CardPlayed(Event, _CardPlayedFields):
    __slots__ = ()
    kind: ClassVar[str] = "card_played"

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays {self.card} ({self.card.describe()})."


class _TrickWonFields(NamedTuple):
    seat: int
    leader: int
    cards: tuple[Card, ...]


class TrickWon(Event, _TrickWonFields):
    __slots__ = ()
    kind: ClassVar[str] = "trick_won"

    @property
    def explanation(self) -> TrickExplanation:
        return explain_trick(self.cards)

    @property
    def seats(self) -> tuple[int, ...]:
        """Who played each card: clockwise from the leader (S1)."""
        n = len(self.cards)
        return tuple((self.leader + i) % n for i in range(n))

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} wins the trick. {self.explanation.sentence}"


class _MotorWoundFields(NamedTuple):
    seat: int
    position: int
    value: int


class MotorWound(Event, _MotorWoundFields):
    __slots__ = ()
    kind: ClassVar[str] = "motor_wound"

    def describe(self, names: Sequence[str]) -> str:
        lost = " (over-wound: the arrow went past the last position and the energy is lost)" if self.position == 0 else ""
        return f"{names[self.seat]} lost the trick and winds the motor to position {self.position}, value {self.value}{lost}."


class _TurboUsedFields(NamedTuple):
    seat: int
    value: int


class TurboUsed(Event, _TurboUsedFields):
    __slots__ = ()
    kind: ClassVar[str] = "turbo_used"

    def describe(self, names: Sequence[str]) -> str:
        spaces = "space" if self.value == 1 else "spaces"
        return f"{names[self.seat]} uses the turbo: {self.value} more {spaces}, and the motor goes back to 0."


class _TurboDeclinedFields(NamedTuple):
    seat: int
    value: int


class TurboDeclined(Event, _TurboDeclinedFields):
    __slots__ = ()
    kind: ClassVar[str] = "turbo_declined"

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} keeps the motor wound at {self.value} and moves by the card alone."


class _MovedFields(NamedTuple):
    seat: int
    move: Move
    cause: str  # "trick" or "motor"


class Moved(Event, _MovedFields):
    __slots__ = ()
    kind: ClassVar[str] = "moved"

    def describe(self, names: Sequence[str]) -> str:
        return self.move.describe(names)


class _LapCompletedFields(NamedTuple):
    seat: int
    lap: int


class LapCompleted(Event, _LapCompletedFields):
    __slots__ = ()
    kind: ClassVar[str] = "lap_completed"

    def describe(self, names: Sequence[str]) -> str:
        if self.lap == 1:
            return f"{names[self.seat]} crosses the finish line and completes lap 1: the motor turns to its red side."
        return f"{names[self.seat]} crosses the finish line again and completes lap {self.lap}."


class _LapLostFields(NamedTuple):
    seat: int
    lap: int


class LapLost(Event, _LapLostFields):
    """A car rolled back behind the finish line: lap ``lap`` no longer counts (S6, S9)."""

    __slots__ = ()
    kind: ClassVar[str] = "lap_lost"

    def describe(self, names: Sequence[str]) -> str:
        return (f"{names[self.seat]} rolls back behind the finish line: lap {self.lap} no longer counts, and the "
                "motor turns back to its yellow side.")


class _RoundEndedFields(NamedTuple):
    round: int
    order: tuple[int, ...]


class RoundEnded(Event, _RoundEndedFields):
    __slots__ = ()
    kind: ClassVar[str] = "round_ended"

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round} is over. Every motor now moves its car, last place first: "
            f"{join_words([names[s] for s in self.order])}."
        )


class _MotorReleasedFields(NamedTuple):
    seat: int
    value: int


class MotorReleased(Event, _MotorReleasedFields):
    __slots__ = ()
    kind: ClassVar[str] = "motor_released"

    def describe(self, names: Sequence[str]) -> str:
        if self.value == 0:
            return f"{names[self.seat]}'s motor shows 0, so the car stays put."
        return f"{names[self.seat]}'s motor releases {self.value}."


class _FlagTakenFields(NamedTuple):
    seat: int
    reason: str  # "trick", "last trick" (of the round) or "leader"


class FlagTaken(Event, _FlagTakenFields):
    __slots__ = ()
    kind: ClassVar[str] = "flag_taken"

    def describe(self, names: Sequence[str]) -> str:
        if self.reason == "trick":
            return f"{names[self.seat]} takes the flag and leads the next trick."
        if self.reason == "last trick":
            return (f"{names[self.seat]} won the round's last trick and holds the flag while the motors move; "
                    "then the car in front takes it.")
        return f"{names[self.seat]} is in front and takes the flag for the next round."


class _GameWonFields(NamedTuple):
    seat: int
    reason: str  # "second lap" or "leader"


class GameWon(Event, _GameWonFields):
    __slots__ = ()
    kind: ClassVar[str] = "game_won"

    def describe(self, names: Sequence[str]) -> str:
        if self.reason == "second lap":
            return f"{names[self.seat]} has gone round twice and wins the race at once!"
        return f"After round 3 nobody has gone round twice; {names[self.seat]} is in front and wins the race!"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (Dealt, CardPlayed, TrickWon, MotorWound, TurboUsed, TurboDeclined, Moved,
                LapCompleted, LapLost, RoundEnded, MotorReleased, FlagTaken, GameWon)
}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Move):
        return {
            "mover": value.mover, "start": value.start, "steps": value.steps, "final": value.final,
            "counted_end": value.counted_end, "roll": value.roll, "track_length": value.track_length,
            "path": [[s.progress, s.how.value, s.over] for s in value.path],
        }
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


_MOVE_KEYS = ("mover", "start", "steps", "final", "counted_end", "roll", "track_length", "path")
_NUMBER_FIELDS = ("round", "seat", "leader", "position", "value", "lap")
_WORDS = {"cause": ("trick", "motor"), "reason": ("trick", "last trick", "leader", "second lap")}


def _number(value: object, what: str) -> int:
    return inputs.whole(value, what, 0, MAX_PROGRESS, PositionError)


def _decode_move(value: object) -> Move:
    d = inputs.fields(value, "A move in the event log", _MOVE_KEYS, PositionError)
    steps = inputs.sequence(d["path"], "A move's path", PositionError, "[[3, 'counted', None]]", MAX_PROGRESS)
    path = []
    for step in steps:
        item = inputs.sequence(step, "A step of a move's path", PositionError, "[3, 'counted', None]", 3)
        if len(item) != 3:
            inputs.fail(PositionError, "A step of a move's path", "[progress, how, car or None]", step)
        over: Any = None
        if isinstance(item[2], (list, tuple)):  # several cars on one space (the grid)
            over = tuple(_number(c, "A car on a step") for c in
                         inputs.sequence(item[2], "The cars on a step", PositionError, "[0, 2]", 5))
        elif item[2] is not None:
            over = _number(item[2], "The car on a step")
        how = How(inputs.one_of(item[1], "How a step was entered", [h.value for h in How], PositionError))
        path.append(PathStep(_number(item[0], "A step's progress"), how, over))
    roll = d["roll"]
    if roll is not None:
        inputs.one_of(roll, "A move's roll", ("downhill", "uphill"), PositionError)
    return Move(_number(d["mover"], "The car that moved"), _number(d["start"], "A move's start"),
                _number(d["steps"], "A move's steps"), _number(d["final"], "A move's end"),
                _number(d["counted_end"], "Where a move's counting ended"), roll, tuple(path),
                inputs.whole(d["track_length"], "A move's track length", 1, MAX_TRACK_LENGTH, PositionError))


def event_from_dict(value: object) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`; anything else raises
    :class:`~rally.PositionError` saying what is wrong. Whether the event could have
    happened is for the game to say (it replays its log, see ``Game.problems``)."""
    if not isinstance(value, dict):
        inputs.fail(PositionError, "An event", "a JSON object with a 'kind'", value, "{'kind': 'dealt', ...}")
    cls = EVENT_TYPES[inputs.one_of(value.get("kind"), "An event's kind", EVENT_TYPES, PositionError)]
    names = list(cls.field_names())
    d = inputs.fields(value, f"A {cls.kind} event", ["kind", *names], PositionError)
    kwargs: dict[str, Any] = {}
    for name in names:
        raw = d[name]
        if name in _NUMBER_FIELDS:
            kwargs[name] = _number(raw, f"The {name} of a {cls.kind} event")
        elif name in _WORDS:
            kwargs[name] = inputs.one_of(raw, f"The {name} of a {cls.kind} event", _WORDS[name], PositionError)
        elif name == "card":
            kwargs[name] = read_cards([raw], "The card of a card_played event")[0]
        elif name == "cards":
            kwargs[name] = read_cards(raw, "The cards of a trick_won event")
        elif name == "hands":
            hands = inputs.sequence(raw, "The hands of a dealt event", PositionError, "[['G11'], ['R5']]", 5)
            kwargs[name] = tuple(read_cards(h, "A hand of a dealt event") for h in hands)
        elif name == "move":
            kwargs[name] = _decode_move(raw)
        elif name == "order":
            order = inputs.sequence(raw, "The order of a round_ended event", PositionError, "[2, 0, 1]", 5)
            kwargs[name] = tuple(_number(s, "A seat in a round_ended event") for s in order)
        else:  # pragma: no cover - every field of every event is named above
            raise AssertionError(f"unknown event field {name}")
    return cls(**kwargs)
