"""The typed events a :class:`~rally.Game` logs, one per thing that happens.

Each event is a small frozen dataclass with a ``describe(names)`` method that says
it in words, so a lesson can replay a game step by step.

>>> from rally import Game
>>> game = Game.new(3, seed=1)
>>> print(game.events[0].describe(game.names))
Round 1: each player gets 5 cards.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Sequence

from . import inputs
from .cards import Card, join_words, parse_cards
from .errors import PositionError, RuleError
from .logged_event import LoggedEvent
from .movement import How, Move, PathStep
from .movement import MAX_PROGRESS
from .track import MAX_TRACK_LENGTH
from .tricks import TrickExplanation, explain_trick


@dataclass(frozen=True)
class Event(LoggedEvent):
    """Base of the Stich Rallye events; cards, moves and tuples are written as JSON data."""

    @staticmethod
    def encode(value: Any) -> Any:
        return _encode(value)


@dataclass(frozen=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    round: int
    hands: tuple[tuple[Card, ...], ...]

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: each player gets {len(self.hands[0])} cards."


@dataclass(frozen=True)
class CardPlayed(Event):
    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays {self.card} ({self.card.describe()})."


@dataclass(frozen=True)
class TrickWon(Event):
    kind: ClassVar[str] = "trick_won"
    seat: int
    leader: int
    cards: tuple[Card, ...]

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


@dataclass(frozen=True)
class MotorWound(Event):
    kind: ClassVar[str] = "motor_wound"
    seat: int
    position: int
    value: int

    def describe(self, names: Sequence[str]) -> str:
        lost = " (over-wound: the arrow went past the last position and the energy is lost)" if self.position == 0 else ""
        return f"{names[self.seat]} lost the trick and winds the motor to position {self.position}, value {self.value}{lost}."


@dataclass(frozen=True)
class TurboUsed(Event):
    kind: ClassVar[str] = "turbo_used"
    seat: int
    value: int

    def describe(self, names: Sequence[str]) -> str:
        spaces = "space" if self.value == 1 else "spaces"
        return f"{names[self.seat]} uses the turbo: {self.value} more {spaces}, and the motor goes back to 0."


@dataclass(frozen=True)
class TurboDeclined(Event):
    kind: ClassVar[str] = "turbo_declined"
    seat: int
    value: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} keeps the motor wound at {self.value} and moves by the card alone."


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    move: Move
    cause: str  # "trick" or "motor"

    def describe(self, names: Sequence[str]) -> str:
        return self.move.describe(names)


@dataclass(frozen=True)
class LapCompleted(Event):
    kind: ClassVar[str] = "lap_completed"
    seat: int
    lap: int

    def describe(self, names: Sequence[str]) -> str:
        if self.lap == 1:
            return f"{names[self.seat]} crosses the finish line for the first time: the motor turns to its red side."
        return f"{names[self.seat]} crosses the finish line for the second time."


@dataclass(frozen=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: int
    order: tuple[int, ...]

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round} is over. Every motor now moves its car, last place first: "
            f"{join_words([names[s] for s in self.order])}."
        )


@dataclass(frozen=True)
class MotorReleased(Event):
    kind: ClassVar[str] = "motor_released"
    seat: int
    value: int

    def describe(self, names: Sequence[str]) -> str:
        if self.value == 0:
            return f"{names[self.seat]}'s motor shows 0, so the car stays put."
        return f"{names[self.seat]}'s motor releases {self.value}."


@dataclass(frozen=True)
class FlagTaken(Event):
    kind: ClassVar[str] = "flag_taken"
    seat: int
    reason: str  # "trick" or "leader"

    def describe(self, names: Sequence[str]) -> str:
        if self.reason == "trick":
            return f"{names[self.seat]} takes the flag and leads the next trick."
        return f"{names[self.seat]} is in front and takes the flag for the next round."


@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    seat: int
    reason: str  # "second lap" or "leader"

    def describe(self, names: Sequence[str]) -> str:
        if self.reason == "second lap":
            return f"{names[self.seat]} has gone round twice and wins the race at once!"
        return f"After round 3 nobody has gone round twice; {names[self.seat]} is in front and wins the race!"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (Dealt, CardPlayed, TrickWon, MotorWound, TurboUsed, TurboDeclined, Moved,
                LapCompleted, RoundEnded, MotorReleased, FlagTaken, GameWon)
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
_WORDS = {"cause": ("trick", "motor"), "reason": ("trick", "leader", "second lap")}


def _number(value: object, what: str) -> int:
    return inputs.whole(value, what, 0, MAX_PROGRESS, PositionError)


def _cards(value: object, what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(inputs.sequence(value, what, PositionError, "['G11', 'R5']", 45)))
    except RuleError as err:
        raise PositionError(f"{what}: {err}") from None


def _decode_move(value: object) -> Move:
    d = inputs.fields(value, "A move in the event log", _MOVE_KEYS, PositionError)
    steps = inputs.sequence(d["path"], "A move's path", PositionError, "[[3, 'counted', None]]", MAX_PROGRESS)
    path = []
    for step in steps:
        item = inputs.sequence(step, "A step of a move's path", PositionError, "[3, 'counted', None]", 3)
        if len(item) != 3:
            inputs.fail(PositionError, "A step of a move's path", "[progress, how, car or None]", step)
        over = None if item[2] is None else _number(item[2], "The car on a step")
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
    names = [f.name for f in fields(cls)]
    d = inputs.fields(value, f"A {cls.kind} event", ["kind", *names], PositionError)
    kwargs: dict[str, Any] = {}
    for name in names:
        raw = d[name]
        if name in _NUMBER_FIELDS:
            kwargs[name] = _number(raw, f"The {name} of a {cls.kind} event")
        elif name in _WORDS:
            kwargs[name] = inputs.one_of(raw, f"The {name} of a {cls.kind} event", _WORDS[name], PositionError)
        elif name == "card":
            kwargs[name] = _cards([raw], "The card of a card_played event")[0]
        elif name == "cards":
            kwargs[name] = _cards(raw, "The cards of a trick_won event")
        elif name == "hands":
            hands = inputs.sequence(raw, "The hands of a dealt event", PositionError, "[['G11'], ['R5']]", 5)
            kwargs[name] = tuple(_cards(h, "A hand of a dealt event") for h in hands)
        elif name == "move":
            kwargs[name] = _decode_move(raw)
        elif name == "order":
            order = inputs.sequence(raw, "The order of a round_ended event", PositionError, "[2, 0, 1]", 5)
            kwargs[name] = tuple(_number(s, "A seat in a round_ended event") for s in order)
        else:  # pragma: no cover - every field of every event is named above
            raise AssertionError(f"unknown event field {name}")
    return cls(**kwargs)
