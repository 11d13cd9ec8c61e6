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
from .i18n import _, join_words, language, ngettext
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

    def describe(self, names: Sequence[str], lang: str | None = None) -> str:
        """The event in words, naming the seats by ``names`` (in ``lang``, default the
        language spoken: :mod:`rally.i18n`)."""
        with language(lang):
            return self._words(names)

    def _words(self, names: Sequence[str]) -> str:  # pragma: no cover - every event says itself
        raise NotImplementedError

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

    def _words(self, names: Sequence[str]) -> str:
        cards = len(self.hands[0])
        return ngettext("Round {round}: each player gets {n} card.", "Round {round}: each player gets {n} cards.",
                        cards).format(round=self.round, n=cards)


class _CardPlayedFields(NamedTuple):
    seat: int
    card: Card


class CardPlayed(Event, _CardPlayedFields):
    __slots__ = ()
    kind: ClassVar[str] = "card_played"

    def _words(self, names: Sequence[str]) -> str:
        # TRANSLATORS: {card} is the card's code (G11), {words} the card in words (green 11).
        return _("{name} plays {card} ({words}).").format(name=names[self.seat], card=self.card,
                                                           words=self.card.describe())


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

    def _words(self, names: Sequence[str]) -> str:
        # TRANSLATORS: {explanation} is a whole sentence saying why the trick was won.
        return _("{name} wins the trick. {explanation}").format(name=names[self.seat],
                                                                explanation=self.explanation.sentence)


class _MotorWoundFields(NamedTuple):
    seat: int
    position: int
    value: int


class MotorWound(Event, _MotorWoundFields):
    __slots__ = ()
    kind: ClassVar[str] = "motor_wound"

    def _words(self, names: Sequence[str]) -> str:
        if self.position == 0:
            template = _("{name} lost the trick and winds the motor to position {position}, value {value} "
                         "(over-wound: the arrow went past the last position and the energy is lost).")
        else:
            template = _("{name} lost the trick and winds the motor to position {position}, value {value}.")
        return template.format(name=names[self.seat], position=self.position, value=self.value)


class _TurboUsedFields(NamedTuple):
    seat: int
    value: int


class TurboUsed(Event, _TurboUsedFields):
    __slots__ = ()
    kind: ClassVar[str] = "turbo_used"

    def _words(self, names: Sequence[str]) -> str:
        return ngettext("{name} uses the turbo: {value} more space, and the motor goes back to 0.",
                        "{name} uses the turbo: {value} more spaces, and the motor goes back to 0.",
                        self.value).format(name=names[self.seat], value=self.value)


class _TurboDeclinedFields(NamedTuple):
    seat: int
    value: int


class TurboDeclined(Event, _TurboDeclinedFields):
    __slots__ = ()
    kind: ClassVar[str] = "turbo_declined"

    def _words(self, names: Sequence[str]) -> str:
        return _("{name} keeps the motor wound at {value} and moves by the card alone.").format(
            name=names[self.seat], value=self.value)


class _MovedFields(NamedTuple):
    seat: int
    move: Move
    cause: str  # "trick" or "motor"


class Moved(Event, _MovedFields):
    __slots__ = ()
    kind: ClassVar[str] = "moved"

    def _words(self, names: Sequence[str]) -> str:
        return self.move.describe(names)


class _LapCompletedFields(NamedTuple):
    seat: int
    lap: int


class LapCompleted(Event, _LapCompletedFields):
    __slots__ = ()
    kind: ClassVar[str] = "lap_completed"

    def _words(self, names: Sequence[str]) -> str:
        if self.lap == 1:
            return _("{name} crosses the finish line and completes lap 1: the motor turns to its red side.").format(
                name=names[self.seat])
        return _("{name} crosses the finish line again and completes lap {lap}.").format(
            name=names[self.seat], lap=self.lap)


class _LapLostFields(NamedTuple):
    seat: int
    lap: int


class LapLost(Event, _LapLostFields):
    """A car rolled back behind the finish line: lap ``lap`` no longer counts (S6, S9)."""

    __slots__ = ()
    kind: ClassVar[str] = "lap_lost"

    def _words(self, names: Sequence[str]) -> str:
        return _("{name} rolls back behind the finish line: lap {lap} no longer counts, and the motor turns back to "
                 "its yellow side.").format(name=names[self.seat], lap=self.lap)


class _RoundEndedFields(NamedTuple):
    round: int
    order: tuple[int, ...]


class RoundEnded(Event, _RoundEndedFields):
    __slots__ = ()
    kind: ClassVar[str] = "round_ended"

    def _words(self, names: Sequence[str]) -> str:
        return _("Round {round} is over. Every motor now moves its car, last place first: {order}.").format(
            round=self.round, order=join_words([names[s] for s in self.order]))


class _MotorReleasedFields(NamedTuple):
    seat: int
    value: int


class MotorReleased(Event, _MotorReleasedFields):
    __slots__ = ()
    kind: ClassVar[str] = "motor_released"

    def _words(self, names: Sequence[str]) -> str:
        if self.value == 0:
            return _("{name}'s motor shows 0, so the car stays put.").format(name=names[self.seat])
        return ngettext("{name}'s motor releases {value}.", "{name}'s motor releases {value}.", self.value).format(
            name=names[self.seat], value=self.value)


class _FlagTakenFields(NamedTuple):
    seat: int
    reason: str  # "trick", "last trick" (of the round) or "leader"


class FlagTaken(Event, _FlagTakenFields):
    __slots__ = ()
    kind: ClassVar[str] = "flag_taken"

    def _words(self, names: Sequence[str]) -> str:
        if self.reason == "trick":
            template = _("{name} takes the flag and leads the next trick.")
        elif self.reason == "last trick":
            template = _("{name} won the round's last trick and holds the flag while the motors move; "
                         "then the car in front takes it.")
        else:
            template = _("{name} is in front and takes the flag for the next round.")
        return template.format(name=names[self.seat])


class _GameWonFields(NamedTuple):
    seat: int
    reason: str  # "second lap" or "leader"


class GameWon(Event, _GameWonFields):
    __slots__ = ()
    kind: ClassVar[str] = "game_won"

    def _words(self, names: Sequence[str]) -> str:
        if self.reason == "second lap":
            return _("{name} has gone round twice and wins the race at once!").format(name=names[self.seat])
        return _("After round 3 nobody has gone round twice; {name} is in front and wins the race!").format(
            name=names[self.seat])


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
    d = inputs.fields(value, _("A move in the event log"), _MOVE_KEYS, PositionError)
    steps = inputs.sequence(d["path"], _("A move's path"), PositionError, "[[3, 'counted', None]]", MAX_PROGRESS)
    path = []
    for step in steps:
        item = inputs.sequence(step, _("A step of a move's path"), PositionError, "[3, 'counted', None]", 3)
        if len(item) != 3:
            # TRANSLATORS: the form of a step as JSON data: its progress, how it was entered, and the car there.
            inputs.fail(PositionError, _("A step of a move's path"), _("[progress, how, car or None]"), step)
        over: Any = None
        if isinstance(item[2], (list, tuple)):  # several cars on one space (the grid)
            over = tuple(_number(c, _("A car on a step")) for c in
                         inputs.sequence(item[2], _("The cars on a step"), PositionError, "[0, 2]", 5))
        elif item[2] is not None:
            over = _number(item[2], _("The car on a step"))
        how = How(inputs.one_of(item[1], _("How a step was entered"), [h.value for h in How], PositionError))
        path.append(PathStep(_number(item[0], _("A step's progress")), how, over))
    roll = d["roll"]
    if roll is not None:
        inputs.one_of(roll, _("A move's roll"), ("downhill", "uphill"), PositionError)
    return Move(_number(d["mover"], _("The car that moved")), _number(d["start"], _("A move's start")),
                _number(d["steps"], _("A move's steps")), _number(d["final"], _("A move's end")),
                _number(d["counted_end"], _("Where a move's counting ended")), roll, tuple(path),
                inputs.whole(d["track_length"], _("A move's track length"), 1, MAX_TRACK_LENGTH, PositionError))


def event_from_dict(value: object) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`; anything else raises
    :class:`~rally.PositionError` saying what is wrong. Whether the event could have
    happened is for the game to say (it replays its log, see ``Game.problems``)."""
    if not isinstance(value, dict):
        inputs.fail(PositionError, _("An event"), _("a JSON object with a 'kind'"), value, "{'kind': 'dealt', ...}")
    cls = EVENT_TYPES[inputs.one_of(value.get("kind"), _("An event's kind"), EVENT_TYPES, PositionError)]
    names = list(cls.field_names())
    # TRANSLATORS: {kind} is an event's kind as JSON names it (dealt, card_played, trick_won, ...).
    d = inputs.fields(value, _("A {kind} event").format(kind=cls.kind), ["kind", *names], PositionError)
    kwargs: dict[str, Any] = {}
    for name in names:
        raw = d[name]
        if name in _NUMBER_FIELDS:
            # TRANSLATORS: {field} is a JSON key (round, seat, ...), {kind} an event's kind (dealt, ...).
            kwargs[name] = _number(raw, _("The {field} of a {kind} event").format(field=name, kind=cls.kind))
        elif name in _WORDS:
            kwargs[name] = inputs.one_of(raw, _("The {field} of a {kind} event").format(field=name, kind=cls.kind),
                                         _WORDS[name], PositionError)
        elif name == "card":
            kwargs[name] = read_cards([raw], _("The card of a card_played event"))[0]
        elif name == "cards":
            kwargs[name] = read_cards(raw, _("The cards of a trick_won event"))
        elif name == "hands":
            hands = inputs.sequence(raw, _("The hands of a dealt event"), PositionError, "[['G11'], ['R5']]", 5)
            kwargs[name] = tuple(read_cards(h, _("A hand of a dealt event")) for h in hands)
        elif name == "move":
            kwargs[name] = _decode_move(raw)
        elif name == "order":
            order = inputs.sequence(raw, _("The order of a round_ended event"), PositionError, "[2, 0, 1]", 5)
            kwargs[name] = tuple(_number(s, _("A seat in a round_ended event")) for s in order)
        else:  # pragma: no cover - every field of every event is named above
            raise AssertionError(f"unknown event field {name}")
    return cls(**kwargs)
