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

from .cards import Card, join_words
from .movement import Move, PathStep, How
from .tricks import TrickExplanation, explain_trick


@dataclass(frozen=True)
class Event:
    """Base of all events. ``kind`` names the event type in JSON."""

    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str]) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


@dataclass(frozen=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    round: int
    hands: tuple[tuple[Card, ...], ...]

    def describe(self, names):
        return f"Round {self.round}: each player gets {len(self.hands[0])} cards."


@dataclass(frozen=True)
class CardPlayed(Event):
    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card

    def describe(self, names):
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

    def describe(self, names):
        return f"{names[self.seat]} wins the trick. {self.explanation.sentence}"


@dataclass(frozen=True)
class MotorWound(Event):
    kind: ClassVar[str] = "motor_wound"
    seat: int
    position: int
    value: int

    def describe(self, names):
        lost = " (over-wound: the arrow went past the last position and the energy is lost)" if self.position == 0 else ""
        return f"{names[self.seat]} lost the trick and winds the motor to position {self.position}, value {self.value}{lost}."


@dataclass(frozen=True)
class TurboUsed(Event):
    kind: ClassVar[str] = "turbo_used"
    seat: int
    value: int

    def describe(self, names):
        spaces = "space" if self.value == 1 else "spaces"
        return f"{names[self.seat]} uses the turbo: {self.value} more {spaces}, and the motor goes back to 0."


@dataclass(frozen=True)
class TurboDeclined(Event):
    kind: ClassVar[str] = "turbo_declined"
    seat: int
    value: int

    def describe(self, names):
        return f"{names[self.seat]} keeps the motor wound at {self.value} and moves by the card alone."


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    move: Move
    cause: str  # "trick" or "motor"

    def describe(self, names):
        return self.move.describe(names)


@dataclass(frozen=True)
class LapCompleted(Event):
    kind: ClassVar[str] = "lap_completed"
    seat: int
    lap: int

    def describe(self, names):
        if self.lap == 1:
            return f"{names[self.seat]} crosses the finish line for the first time: the motor turns to its red side."
        return f"{names[self.seat]} crosses the finish line for the second time."


@dataclass(frozen=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: int
    order: tuple[int, ...]

    def describe(self, names):
        return (
            f"Round {self.round} is over. Every motor now moves its car, last place first: "
            f"{join_words([names[s] for s in self.order])}."
        )


@dataclass(frozen=True)
class MotorReleased(Event):
    kind: ClassVar[str] = "motor_released"
    seat: int
    value: int

    def describe(self, names):
        if self.value == 0:
            return f"{names[self.seat]}'s motor shows 0, so the car stays put."
        return f"{names[self.seat]}'s motor releases {self.value}."


@dataclass(frozen=True)
class FlagTaken(Event):
    kind: ClassVar[str] = "flag_taken"
    seat: int
    reason: str  # "trick" or "leader"

    def describe(self, names):
        if self.reason == "trick":
            return f"{names[self.seat]} takes the flag and leads the next trick."
        return f"{names[self.seat]} is in front and takes the flag for the next round."


@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    seat: int
    reason: str  # "second lap" or "leader"

    def describe(self, names):
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


def _decode_move(d: dict) -> Move:
    path = tuple(PathStep(int(p), How(h), o) for p, h, o in d["path"])
    return Move(d["mover"], d["start"], d["steps"], d["final"], d["counted_end"], d["roll"], path, d["track_length"])


def event_from_dict(d: dict) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`. Raises ``KeyError``/``TypeError``/
    ``ValueError`` on malformed input (the caller turns them into a PositionError)."""
    cls = EVENT_TYPES[d["kind"]]
    kwargs = {}
    for f in fields(cls):
        raw = d[f.name]
        if f.name == "card":
            raw = Card.parse(raw)
        elif f.name == "cards":
            raw = tuple(Card.parse(c) for c in raw)
        elif f.name == "hands":
            raw = tuple(tuple(Card.parse(c) for c in hand) for hand in raw)
        elif f.name == "move":
            raw = _decode_move(raw)
        elif f.name == "order":
            raw = tuple(raw)
        kwargs[f.name] = raw
    return cls(**kwargs)
