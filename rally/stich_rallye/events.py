"""The typed events a :class:`~rally.Game` logs, one per thing that happens.

Each event is a small immutable value with a ``describe(names)`` method that says
it in words, so a lesson can replay a game step by step.

>>> from rally import Game
>>> game = Game.new(3, seed=1)
>>> print(game.events[0].describe(game.names))
Round 1: each player gets 5 cards.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, NamedTuple, Sequence, TypeVar, cast

from ..common import inputs
from .cards import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, ROUNDS, Card, read_cards
from ..common.i18n import _, join_words, ngettext
from ..common.errors import PositionError, RuleError
from ..common.logged_event import LoggedEvent
from .motor import MAX_DIAL_POSITIONS, MAX_DIAL_VALUE
from .movement import MAX_PROGRESS, How, Move, PathStep
from .tricks import TrickExplanation, check_trick, explain_trick


E = TypeVar("E", bound="Event")


class Event(LoggedEvent):
    """Base of the Stich Rallye events: small tuples underneath (the engine logs hundreds
    a game, and a tuple is the cheapest value to make), equal only to events of their own
    kind; cards, moves and tuples are written as JSON data.

    An event is checked when it is made: every field in range (a seat from 0 to 4, a
    round from 1 to 3, cards as :class:`~rally.Card` objects, ...), else
    :class:`~rally.PositionError` saying what would be right; lists are kept as tuples.

    >>> CardPlayed(7, Card.parse("G5"))
    Traceback (most recent call last):
    ...
    rally.common.errors.PositionError: The seat of a card_played event must be a whole number from 0 to 4, like 0, not 7.
    """

    __slots__ = ()
    #: The words ``reason`` takes, where an event has one.
    REASONS: ClassVar[tuple[str, ...]] = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> "Event":
        made = super().__new__(cls, *args, **kwargs)
        names = cls.field_names()
        if not names:  # the bare base: no fields to check
            return made
        values = cast("tuple[object, ...]", made)
        if not all(_FITS[name](cls, value) for name, value in zip(names, values)):
            values = tuple(_checked(cls, name, value) for name, value in zip(names, values))
            made = super().__new__(cls, *values)  # lists kept as tuples
        cls._check_together(values)
        return made

    @classmethod
    def trusted(cls: type[E], *values: Any) -> E:
        """The event of ``values``, made without checks: the engine's way, which logs only
        events it knows are right (hundreds a game; checking each would nearly double a
        recorded game's time). Anything else makes events the checked way,
        ``CardPlayed(seat, card)``.

        >>> CardPlayed.trusted(1, Card.parse("G5")) == CardPlayed(1, Card.parse("G5"))
        True
        """
        return cls._make(values)  # type: ignore[attr-defined, no-any-return]

    @classmethod
    def _check_together(cls, values: tuple[object, ...]) -> None:
        """Raise :class:`PositionError` where fields that each fit do not fit together."""

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
            template = _("{name} lost the trick and winds the motor past the end: back to {value}, and the "
                         "saved-up speed is lost.")
        else:
            template = _("{name} lost the trick and winds the motor: it shows {value}.")
        return template.format(name=names[self.seat], value=self.value)


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

    @classmethod
    def _check_together(cls, values: tuple[object, ...]) -> None:
        seat, move = values[0], cast(Move, values[1])
        if move.mover != seat:
            inputs.fail(PositionError, _("The move of a moved event"), _("a move of seat {seat}'s car").format(
                seat=seat), move.mover)

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
            return _("{name} crosses the finish line and completes lap 1: the motor flips to its red side.").format(
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

    def _seats_named(self) -> int:
        return max(self.order) + 1

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
        return ngettext("{name}'s motor moves the car {value} space.", "{name}'s motor moves the car {value} spaces.",
                        self.value).format(
            name=names[self.seat], value=self.value)


class _FlagTakenFields(NamedTuple):
    seat: int
    reason: str  # "trick", "last trick" (of the round) or "leader"


class FlagTaken(Event, _FlagTakenFields):
    __slots__ = ()
    kind: ClassVar[str] = "flag_taken"
    REASONS: ClassVar[tuple[str, ...]] = ("trick", "last trick", "leader")

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
    REASONS: ClassVar[tuple[str, ...]] = ("second lap", "leader")

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


def _seat(cls: type[Event], value: object) -> bool:
    return type(value) is int and 0 <= value < MAX_PLAYERS


def _cards(value: object, low: int, high: int) -> bool:
    return type(value) is tuple and low <= len(value) <= high and all(isinstance(c, Card) for c in value)


_CAUSES = ("trick", "motor")
#: Whether a field's value fits, by field name: the quick test every new event passes
#: (:func:`_checked` says what is wrong when one does not).
_FITS: dict[str, Callable[[type[Event], object], bool]] = {
    "round": lambda cls, v: type(v) is int and 1 <= v <= ROUNDS,
    "seat": _seat,
    "leader": _seat,
    "card": lambda cls, v: isinstance(v, Card),
    "cards": lambda cls, v: _cards(v, MIN_PLAYERS, MAX_PLAYERS) and len(set(cast("tuple[Card, ...]", v))) == len(
        cast("tuple[Card, ...]", v)),
    "hands": lambda cls, v: type(v) is tuple and MIN_PLAYERS <= len(v) <= MAX_PLAYERS and all(
        _cards(h, 0, HAND_SIZES[-1]) for h in v),
    "position": lambda cls, v: type(v) is int and 0 <= v < MAX_DIAL_POSITIONS,
    "value": lambda cls, v: type(v) is int and 0 <= v <= MAX_DIAL_VALUE,
    "lap": lambda cls, v: type(v) is int and 1 <= v <= MAX_PROGRESS,
    "move": lambda cls, v: isinstance(v, Move),
    "cause": lambda cls, v: isinstance(v, str) and v in _CAUSES,
    "reason": lambda cls, v: isinstance(v, str) and v in cls.REASONS,
    "order": lambda cls, v: type(v) is tuple and MIN_PLAYERS <= len(v) <= MAX_PLAYERS and all(
        _seat(cls, s) for s in v) and len(set(v)) == len(v),
}


def _checked(cls: type[Event], name: str, value: object) -> object:
    """``value`` for the field ``name`` of a new ``cls`` event (a list as a tuple), else
    :class:`PositionError` saying what would be right."""
    # TRANSLATORS: {field} is a JSON key (round, seat, ...), {kind} an event's kind (dealt, ...).
    what = _("The {field} of a {kind} event").format(field=name, kind=cls.kind)
    if isinstance(value, list) and name in ("cards", "hands", "order"):
        value = tuple(tuple(h) if isinstance(h, list) else h for h in value) if name == "hands" else tuple(value)
    if _FITS[name](cls, value):
        return value
    if name == "round":
        inputs.whole(value, what, 1, ROUNDS, PositionError)
    elif name in ("seat", "leader"):
        inputs.whole(value, what, 0, MAX_PLAYERS - 1, PositionError)
    elif name == "position":
        inputs.whole(value, what, 0, MAX_DIAL_POSITIONS - 1, PositionError)
    elif name == "value":
        inputs.whole(value, what, 0, MAX_DIAL_VALUE, PositionError)
    elif name == "lap":
        inputs.whole(value, what, 1, MAX_PROGRESS, PositionError)
    elif name in ("cause", "reason"):
        inputs.one_of(value, what, _CAUSES if name == "cause" else cls.REASONS, PositionError)
    elif name == "card":
        inputs.instance(value, Card, what, PositionError, "Card.parse('G11')")
    elif name == "move":
        inputs.instance(value, Move, what, PositionError, "rally.move(...)")
    elif name == "cards":
        try:
            check_trick(value, complete=True)
        except RuleError as err:
            # TRANSLATORS: {what} names the data read (a noun phrase), {problem} says what is wrong with it.
            raise PositionError(_("{what}: {problem}").format(what=what, problem=err)) from None
        inputs.fail(PositionError, what, _("a list of Card objects"), value, "(Card.parse('G11'), ...)")
    elif name == "hands":
        # TRANSLATORS: the hands of a deal: one list of Card objects per player, 3 to 5 players.
        inputs.fail(PositionError, what, _("a list of 3 to 5 hands, each a list of at most 9 Card objects"), value,
                    "((Card.parse('G11'),), ...)")
    else:  # order
        # TRANSLATORS: the order of a round's end: every seat once, 3 to 5 of them.
        inputs.fail(PositionError, what, _("a list of 3 to 5 different seats from 0 to 4"), value, "(2, 0, 1)")
    raise AssertionError(name)  # pragma: no cover - every field fails above


def _decode_move(value: object) -> Move:
    d = inputs.fields(value, _("A move in the event log"), _MOVE_KEYS, PositionError)
    steps = inputs.sequence(d["path"], _("A move's path"), PositionError, "[[3, 'counted', None]]", MAX_PROGRESS)
    path = []
    for step in steps:
        item = inputs.sequence(step, _("A step of a move's path"), PositionError, "[3, 'counted', None]", 3)
        if len(item) != 3:
            # TRANSLATORS: the form of a step as JSON data: its progress, how it was entered, and the car there.
            inputs.fail(PositionError, _("A step of a move's path"), _("[progress, how, car or None]"), step)
        over = item[2]
        if isinstance(over, (list, tuple)):  # several cars on one space (the grid)
            over = tuple(inputs.sequence(over, _("The cars on a step"), PositionError, "[0, 2]", 5))
        how = How(inputs.one_of(item[1], _("How a step was entered"), [h.value for h in How], PositionError))
        path.append(PathStep(item[0], how, over))
    return Move(d["mover"], d["start"], d["steps"], d["final"], d["counted_end"], d["roll"], tuple(path),
                d["track_length"])


def event_from_dict(value: object) -> Event:
    """Rebuild an event from :meth:`Event.to_dict`; anything else raises
    :class:`~rally.PositionError` saying what is wrong. The event checks its own fields
    when it is made; whether it could have happened is for the game to say (it replays
    its log, see ``Game.problems``)."""
    if not isinstance(value, dict):
        inputs.fail(PositionError, _("An event"), _("a JSON object with a 'kind'"), value, "{'kind': 'dealt', ...}")
    cls = EVENT_TYPES[inputs.one_of(value.get("kind"), _("An event's kind"), EVENT_TYPES, PositionError)]
    names = list(cls.field_names())
    # TRANSLATORS: {kind} is an event's kind as JSON names it (dealt, card_played, trick_won, ...).
    kwargs = inputs.fields(value, _("A {kind} event").format(kind=cls.kind), ["kind", *names], PositionError)
    del kwargs["kind"]
    if "card" in kwargs:
        kwargs["card"] = read_cards([kwargs["card"]], _("The card of a card_played event"))[0]
    if "cards" in kwargs:
        kwargs["cards"] = read_cards(kwargs["cards"], _("The cards of a trick_won event"))
    if "hands" in kwargs:
        hands = inputs.sequence(kwargs["hands"], _("The hands of a dealt event"), PositionError, "[['G11'], ['R5']]",
                                MAX_PLAYERS)
        kwargs["hands"] = tuple(read_cards(h, _("A hand of a dealt event")) for h in hands)
    if "move" in kwargs:
        kwargs["move"] = _decode_move(kwargs["move"])
    return cls(**kwargs)
