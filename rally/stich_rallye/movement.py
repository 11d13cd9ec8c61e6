"""Moving a car: counting empty spaces, jumping cars, and rolling on hills
(rulings S6, S7 and S9).

A car's position is its *progress*: spaces travelled since the start, never reset at
the finish line. On a track of N spaces the car stands on space ``progress % N``;
progress 0 is the starting grid, where any number of cars may wait.

>>> from rally import Track, move
>>> track = Track.parse("S....D..U....")
>>> m = move(track, {"Ann": 3, "Bo": 4}, "Ann", 2)   # counts 6, jumps Bo on 4
>>> m.final, m.roll, [str(s) for s in m.path]
(6, None, ['4 jumped (Bo)', '5 counted', '6 counted'])
>>> print(m.describe())
Ann moves 2 from space 3, jumping Bo on space 4. Ann counts 2 empty spaces and stops on space 6.
"""

from __future__ import annotations

import enum
from typing import AbstractSet as Set, Any, Callable, Hashable, Mapping, NamedTuple, Sequence, cast

from ..common import inputs
from ..common.i18n import _, join_words, language, ngettext
from ..common.errors import PositionError, RuleError, SetupError
from ..common.problem import Problem
from ..common.refusal import wording
from .track import DOWN, FLAT, MAX_TRACK_LENGTH, MIN_TRACK_LENGTH, UP, Track

#: The greatest progress a car can have: two laps of the longest track and a last move.
MAX_PROGRESS = 1000
#: The longest move :func:`move` makes: more than any card and motor together.
MAX_STEPS = 99
#: The most cars :func:`move` takes (the game has five).
MAX_CARS = 10


class How(str, enum.Enum):
    """How a car entered a space on its way."""

    COUNTED = "counted"  # an empty space that counted toward the move
    JUMPED = "jumped"  # a space holding another car: passed, not counted
    ROLLED = "rolled"  # entered while rolling off a hill

    def __str__(self) -> str:
        return self.value


COUNTED, JUMPED, ROLLED = How.COUNTED, How.JUMPED, How.ROLLED


class _PathStepFields(NamedTuple):
    progress: int
    how: How
    over: Hashable | None = None


class PathStep(_PathStepFields):
    """One space entered during a move: its progress, how it was entered, and the car
    standing there (``None`` if empty). Checked when made: a progress from 0 to
    :data:`MAX_PROGRESS`, a :class:`How` (or its word, ``"counted"``), a car that can be
    a dict key, else :class:`~rally.PositionError`.

    >>> str(PathStep(4, "jumped", "Bo"))
    '4 jumped (Bo)'
    """

    __slots__ = ()

    def __new__(cls, progress: int, how: How | str, over: Hashable | None = None) -> "PathStep":
        if not (type(progress) is int and 0 <= progress <= MAX_PROGRESS):
            inputs.whole(progress, _("A step's progress"), 0, MAX_PROGRESS, PositionError)
        if not isinstance(how, How):
            how = How(inputs.one_of(how, _("How a step was entered"), [h.value for h in How], PositionError))
        if over is not None:
            _check_car(over, _("The car on a step"))
        return super().__new__(cls, progress, how, over)

    def __str__(self) -> str:
        return f"{self.progress} {self.how.value}" + (f" ({self.over})" if self.over is not None else "")


def _is_car(car: object) -> bool:
    """A car is named by a seat number, a name, or (several cars on one space) a tuple of them."""
    if isinstance(car, str):
        return True
    if isinstance(car, tuple):
        return len(car) <= MAX_CARS and all(isinstance(c, str) or _is_seat(c) for c in car)
    return _is_seat(car)


def _is_seat(car: object) -> bool:
    return inputs.is_whole(car) and cast(int, car).bit_length() <= 64


def _check_car(car: object, what: str) -> None:
    if not _is_car(car):
        # TRANSLATORS: a car is named by its seat number or a name; several cars on one space, by a tuple of them.
        inputs.fail(PositionError, what, _("a seat number, a name or a tuple of them"), car, "2")


#: A path step made by :func:`travel`, already known to be right (no checks: a hot loop).
_step = PathStep._make


def travel(roll_codes: Sequence[int], occupants: Mapping[int, Hashable] | Set[int], start: int, steps: int,
           path: list[PathStep] | None = None) -> tuple[int, int, int]:
    """The engine's single implementation of S7 and S9.

    ``roll_codes`` is :attr:`Track.roll_codes`; ``occupants`` holds each space with
    another car on it, tested with ``in`` (a dict mapping it to that car when a ``path``
    is wanted; unrecorded games pass a dict counting the cars on each space).
    Returns ``(final, counted_end, roll)`` where ``roll`` is 0 (none), 1 (downhill) or
    2 (uphill). With a ``path`` list it appends every :class:`PathStep`; without one it
    runs a leaner loop for simulations (a property test holds both ways equal).
    """
    n = len(roll_codes)
    following, preceding = _NEIGHBOURS.get(n) or _neighbours(n)
    s = start % n  # the space at progress p, kept with it to spare a division a step
    p = start
    car_on: Callable[[int], Hashable | None] = _nobody  # who stands where, for the path
    if path is None:
        end = start + steps
        while p < end:
            p += 1
            s = following[s]
            if s in occupants:
                end += 1  # an occupied space is jumped, not counted (S7)
    else:
        if isinstance(occupants, Mapping):  # a plain set of spaces names nobody
            car_on = occupants.get
        left = steps
        while left > 0:
            p += 1
            s = following[s]
            if s in occupants:
                path.append(_step((p, JUMPED, car_on(s))))
                continue
            left -= 1
            path.append(_step((p, COUNTED, None)))
    end = p
    roll = roll_codes[s] if steps > 0 else FLAT
    if roll == DOWN:
        # Forward to the first empty flat space after the hill.
        while True:
            p += 1
            s = following[s]
            if path is not None:
                path.append(_step((p, ROLLED, car_on(s))))
            if roll_codes[s] == FLAT and s not in occupants:
                break
    elif roll == UP:
        # Back to the last empty flat space before the hill; the grid stops every roll.
        while True:
            p -= 1
            s = preceding[s]
            if path is not None:
                path.append(_step((p, ROLLED, car_on(s) if p > 0 else None)))
            if p <= 0 or (roll_codes[s] == FLAT and s not in occupants):
                break
    return p, end, roll


def _nobody(space: int) -> None:
    return None


#: For each track length, the space after and the space before each space.
_NEIGHBOURS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _neighbours(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The entry of :data:`_NEIGHBOURS` for a track of ``n`` spaces, made and stored."""
    tables = _NEIGHBOURS[n] = (tuple((s + 1) % n for s in range(n)), tuple((s - 1) % n for s in range(n)))
    return tables


ROLL_NAMES = {0: None, DOWN: "downhill", UP: "uphill"}


class Move(tuple[Any, ...]):
    """The result of moving one car: where it ended and every space it entered.

    ``path`` lists every space entered, in order (see :class:`PathStep`); ``roll`` is
    ``None``, ``"downhill"`` or ``"uphill"``; ``counted_end`` is where the counting
    stopped, before any roll. Immutable; equal moves have equal fields and paths.
    """

    # A tuple underneath, so the engine makes one in a single step for every recorded
    # move: (mover, start, steps, final, counted_end, roll, track_length, trace, box),
    # where ``box`` holds the path once traced and ``trace`` what tracing it needs.
    __slots__ = ()

    def __new__(cls, mover: Hashable, start: int, steps: int, final: int, counted_end: int, roll: str | None,
                path: Sequence[PathStep], track_length: int) -> "Move":
        _check_car(mover, _("The car that moved"))
        for value, what in ((start, _("A move's start")), (final, _("A move's end")),
                            (counted_end, _("Where a move's counting ended"))):
            if not (type(value) is int and 0 <= value <= MAX_PROGRESS):
                inputs.whole(value, what, 0, MAX_PROGRESS, PositionError)
        if not (type(steps) is int and 0 <= steps <= MAX_STEPS):
            inputs.whole(steps, _("A move's steps"), 0, MAX_STEPS, PositionError, 3)
        if roll is not None:
            inputs.one_of(roll, _("A move's roll"), ("downhill", "uphill"), PositionError)
        if not (type(track_length) is int and MIN_TRACK_LENGTH <= track_length <= MAX_TRACK_LENGTH):
            inputs.whole(track_length, _("A move's track length"), MIN_TRACK_LENGTH, MAX_TRACK_LENGTH, PositionError)
        steps_taken = tuple(inputs.sequence(path, _("A move's path"), PositionError, "[PathStep(3, 'counted')]",
                                            MAX_PROGRESS))
        for step in steps_taken:
            if not isinstance(step, PathStep):
                inputs.instance(step, PathStep, _("A step of a move's path"), PositionError, "PathStep(3, 'counted')")
        return tuple.__new__(cls, (mover, start, steps, final, counted_end, roll, track_length, None, [steps_taken]))

    @classmethod
    def traced(cls, mover: Hashable, start: int, steps: int, result: tuple[int, int, int], track_length: int,
               roll_codes: Sequence[int], occupants: Mapping[int, Hashable]) -> "Move":
        """A move whose path is traced only when asked for: ``result`` is what
        :func:`travel` returned for it, ``roll_codes`` and ``occupants`` what it was
        given (the engine records every move this way; most paths are never read)."""
        final, end, roll = result
        return tuple.__new__(cls, (mover, start, steps, final, end, ROLL_NAMES[roll], track_length,
                                   (roll_codes, occupants), [None]))

    @property
    def mover(self) -> Hashable:
        return cast(Hashable, self[0])

    @property
    def start(self) -> int:
        return cast(int, self[1])

    @property
    def steps(self) -> int:
        return cast(int, self[2])

    @property
    def final(self) -> int:
        return cast(int, self[3])

    @property
    def counted_end(self) -> int:
        return cast(int, self[4])

    @property
    def roll(self) -> str | None:
        return cast("str | None", self[5])

    @property
    def track_length(self) -> int:
        return cast(int, self[6])

    @property
    def path(self) -> tuple[PathStep, ...]:
        """Every space entered, in order."""
        box = cast("list[tuple[PathStep, ...] | None]", self[8])
        path = box[0]
        if path is None:
            roll_codes, occupants = self[7]
            steps: list[PathStep] = []
            travel(roll_codes, occupants, self.start, self.steps, steps)
            path = box[0] = tuple(steps)
        return path

    def _key(self) -> tuple[object, ...]:
        return self[:7]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() == other._key() and self.path == other.path

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Move(mover={self.mover!r}, start={self.start}, steps={self.steps}, final={self.final}, "
                f"counted_end={self.counted_end}, roll={self.roll!r}, path={self.path!r}, "
                f"track_length={self.track_length})")

    def __reduce__(self) -> tuple[type["Move"], tuple[object, ...]]:
        return (Move, (self.mover, self.start, self.steps, self.final, self.counted_end, self.roll, self.path,
                       self.track_length))

    @property
    def space(self) -> int:
        """The space the car stands on after the move."""
        return self.final % self.track_length

    @property
    def laps_completed(self) -> int:
        """Laps the car has completed after the move (``final // N``)."""
        return self.final // self.track_length

    @property
    def jumped(self) -> tuple[Hashable, ...]:
        """The cars jumped while counting, in order."""
        return tuple(s.over for s in self.path if s.how is JUMPED)

    def captions(self, names: Mapping[Hashable, str] | Sequence[str] | None = None,
                 lang: str | None = None) -> list[str]:
        """One short caption per path step, for animating the move step by step:
        "counts space 5 (2 of 3)", "jumps Bo on space 4 (not counted)", "rolls down the
        hill to space 8, passing Bo" (in ``lang``, default the language spoken)."""
        with language(lang):
            return self._captions(_namer(names))

    def _captions(self, name: Callable[[Hashable], str]) -> list[str]:
        out = []
        count = 0
        for step in self.path:
            space = step.progress % self.track_length
            passing = None if step.over is None else name(step.over)
            if step.how is COUNTED:
                count += 1
                out.append(_("counts space {space} ({count} of {steps})").format(
                    space=space, count=count, steps=self.steps))
            elif step.how is JUMPED:
                out.append(_("jumps {car} on space {space} (not counted)").format(car=passing, space=space))
            elif self.roll == "downhill":
                if passing is None:
                    out.append(_("rolls down the hill to space {space}").format(space=space))
                else:
                    out.append(_("rolls down the hill to space {space}, passing {car}").format(
                        space=space, car=passing))
            elif step.progress == 0:
                if passing is None:
                    out.append(_("rolls back down the hill to the grid"))
                else:
                    out.append(_("rolls back down the hill to the grid, passing {car}").format(car=passing))
            elif passing is None:
                out.append(_("rolls back down the hill to space {space}").format(space=space))
            else:
                out.append(_("rolls back down the hill to space {space}, passing {car}").format(
                    space=space, car=passing))
        return out

    def describe(self, names: Mapping[Hashable, str] | Sequence[str] | None = None, lang: str | None = None) -> str:
        """The move in one to three plain sentences (in ``lang``, default the language spoken)."""
        with language(lang):
            return self._describe(_namer(names))

    def _describe(self, name: Callable[[Hashable], str]) -> str:
        n = self.track_length
        who = name(self.mover)
        if self.steps == 0:
            return _("{who} does not move.").format(who=who)
        jumped = [s for s in self.path if s.how is JUMPED and s.progress <= self.counted_end]
        facts = {
            "who": who, "steps": self.steps, "start": self.start % n, "end": self.counted_end % n,
            # TRANSLATORS: one car jumped on a move, in a list: "Bo on space 4, Cy on space 5".
            "jumped": join_words([_("{car} on space {space}").format(car=name(s.over), space=s.progress % n)
                                  for s in jumped]),
        }
        text = self._counting(self.start == 0, bool(jumped)).format(**facts)
        passed = join_words([name(s.over) for s in self.path if s.how is ROLLED and s.over is not None])
        if self.roll == "downhill":
            if passed:
                rolled = _("It rolls forward, past {cars}, to space {space}, "
                           "the first empty space after the hill.")
            else:
                rolled = _("It rolls forward to space {space}, the first empty space after the hill.")
            text += " " + rolled.format(cars=passed, space=self.space)
        elif self.roll is not None:
            if self.final == 0:
                if passed:
                    rolled = _("It rolls back, past {cars}, all the way back to the starting grid.")
                else:
                    rolled = _("It rolls back all the way back to the starting grid.")
            elif passed:
                rolled = _("It rolls back, past {cars}, to space {space}, the last empty space before the hill.")
            else:
                rolled = _("It rolls back to space {space}, the last empty space before the hill.")
            text += " " + rolled.format(cars=passed, space=self.space)
        if self.final // n > self.start // n:
            text += " " + _("That completes lap {lap}.").format(lap=self.final // n)
        elif self.final // n < self.start // n:
            text += " " + _("That takes it back behind the finish line: lap {lap} no longer counts.").format(
                lap=self.start // n)
        return text

    def _counting(self, from_grid: bool, jumps: bool) -> str:
        """The template of the move's first sentence: where it starts, the cars it jumps,
        the empty spaces it counts and where the counting ends (a hill or not)."""
        if self.roll is None:
            return self._counting_flat(from_grid, jumps)
        if self.roll == "downhill":
            return self._counting_downhill(from_grid, jumps)
        return self._counting_uphill(from_grid, jumps)

    def _counting_flat(self, from_grid: bool, jumps: bool) -> str:
        """:meth:`_counting` for a move that ends on a flat space."""
        k = self.steps
        if from_grid:
            if jumps:
                return ngettext("{who} moves {steps} from the grid, jumping {jumped}. {who} counts {steps} empty space "
                                "and stops on space {end}.",
                                "{who} moves {steps} from the grid, jumping {jumped}. "
                                "{who} counts {steps} empty spaces "
                                "and stops on space {end}.", k)
            return ngettext("{who} moves {steps} from the grid: counts {steps} empty space "
                            "and stops on space {end}.",
                            "{who} moves {steps} from the grid: counts {steps} empty spaces "
                            "and stops on space {end}.", k)
        if jumps:
            return ngettext("{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty space "
                            "and stops on space {end}.",
                            "{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty spaces "
                            "and stops on space {end}.", k)
        return ngettext("{who} moves {steps} from space {start}: counts {steps} empty space "
                        "and stops on space {end}.",
                        "{who} moves {steps} from space {start}: counts {steps} empty spaces "
                        "and stops on space {end}.", k)

    def _counting_downhill(self, from_grid: bool, jumps: bool) -> str:
        """:meth:`_counting` for a move whose counting ends on a downhill space."""
        k = self.steps
        if from_grid:
            if jumps:
                return ngettext("{who} moves {steps} from the grid, jumping {jumped}. {who} counts {steps} empty space "
                                "and ends on downhill space {end}.",
                                "{who} moves {steps} from the grid, jumping {jumped}. "
                                "{who} counts {steps} empty spaces "
                                "and ends on downhill space {end}.", k)
            return ngettext("{who} moves {steps} from the grid: counts {steps} empty space "
                            "and ends on downhill space {end}.",
                            "{who} moves {steps} from the grid: counts {steps} empty spaces "
                            "and ends on downhill space {end}.", k)
        if jumps:
            return ngettext("{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty space "
                            "and ends on downhill space {end}.",
                            "{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty spaces "
                            "and ends on downhill space {end}.", k)
        return ngettext("{who} moves {steps} from space {start}: counts {steps} empty space "
                        "and ends on downhill space {end}.",
                        "{who} moves {steps} from space {start}: counts {steps} empty spaces "
                        "and ends on downhill space {end}.", k)

    def _counting_uphill(self, from_grid: bool, jumps: bool) -> str:
        """:meth:`_counting` for a move whose counting ends on an uphill space."""
        k = self.steps
        if from_grid:
            if jumps:
                return ngettext("{who} moves {steps} from the grid, jumping {jumped}. {who} counts {steps} empty space "
                                "and ends on uphill space {end}.",
                                "{who} moves {steps} from the grid, jumping {jumped}. "
                                "{who} counts {steps} empty spaces "
                                "and ends on uphill space {end}.", k)
            return ngettext("{who} moves {steps} from the grid: counts {steps} empty space "
                            "and ends on uphill space {end}.",
                            "{who} moves {steps} from the grid: counts {steps} empty spaces "
                            "and ends on uphill space {end}.", k)
        if jumps:
            return ngettext("{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty space "
                            "and ends on uphill space {end}.",
                            "{who} moves {steps} from space {start}, jumping {jumped}. "
                            "{who} counts {steps} empty spaces "
                            "and ends on uphill space {end}.", k)
        return ngettext("{who} moves {steps} from space {start}: counts {steps} empty space "
                        "and ends on uphill space {end}.",
                        "{who} moves {steps} from space {start}: counts {steps} empty spaces "
                        "and ends on uphill space {end}.", k)

    def __str__(self) -> str:
        return self.describe()


def _namer(names: Mapping[Hashable, str] | Sequence[str] | None) -> Callable[[Hashable], str]:
    """How a step's car is named: by the mapping's value, by seat, or as it is. Several
    cars on one space (the grid, and the finish line beside it) come as a tuple and are
    all named: "Ada and Di". A car the names leave out raises :class:`~rally.SetupError`."""
    if names is not None and not isinstance(names, Mapping):
        names = inputs.seat_names(names, 0, SetupError)

    def one(car: Hashable) -> str:
        if names is None:
            return str(car)
        if isinstance(names, Mapping):
            if car not in names:
                # TRANSLATORS: {car} is a car as the move names it (a seat number or a name).
                rule = _("a dict with a name for car {car}").format(car=inputs.shown(car))
                inputs.fail(SetupError, _("The names"), rule, names, "{0: 'Ada', 1: 'Bo'}")
            return str(names[car])
        if not (inputs.is_whole(car) and cast(int, car) >= 0):  # a car named otherwise than by its seat
            return str(car)
        return inputs.seat_names(names, cast(int, car) + 1, SetupError)[cast(int, car)]

    def name(car: Hashable) -> str:
        return join_words([one(c) for c in car]) if isinstance(car, tuple) else one(car)
    return name


def occupants_of(positions: Mapping[Hashable, int] | Sequence[int], mover: Hashable, n: int) -> dict[int, Hashable]:
    """Spaces holding a car other than ``mover``, mapped to that car, or to a tuple of
    cars where several share a space (cars on the grid all hold space 0, S6, D2)."""
    items = positions.items() if isinstance(positions, Mapping) else enumerate(positions)
    spaces: dict[int, list[Hashable]] = {}
    for car, p in items:
        if car != mover:
            spaces.setdefault(p % n, []).append(car)
    return {space: cars[0] if len(cars) == 1 else tuple(cars) for space, cars in spaces.items()}


def move(track: Track, positions: Mapping[Hashable, int] | Sequence[int], mover: Hashable, steps: int) -> Move:
    """Move ``mover`` by ``steps`` empty spaces from where ``positions`` says it is.

    ``positions`` maps each car to its progress (a list maps seat numbers). Cars on
    other spaces are jumped and not counted (S7); a move that ends on a downhill
    rolls forward, one that ends on an uphill rolls back (S9). Raises
    :class:`PositionError` for positions that could not happen.
    """
    positions = _cars(track, positions, _("move()'s track"))
    check_positions(track, positions)
    try:
        known = mover in positions
    except TypeError:  # unhashable
        known = False
    if not known:
        raise PositionError(_("{mover} is not one of the cars: {cars}.").format(
            mover=inputs.shown(mover), cars=", ".join(inputs.shown(car) for car in positions)))
    inputs.whole(steps, _("The number of spaces to move"), 0, MAX_STEPS, RuleError, 3)
    n = len(track)
    path: list[PathStep] = []
    start = positions[mover]
    final, end, roll = travel(track.roll_codes, occupants_of(positions, mover, n), start, steps, path)
    return Move(mover, start, steps, final, end, ROLL_NAMES[roll], tuple(path), n)


def _cars(track: object, positions: object, what: str) -> Mapping[Hashable, int]:
    """``positions`` as a mapping of at most :data:`MAX_CARS` cars to their progress (a
    list maps seat numbers), once ``track`` is known to be a :class:`Track` (``what``
    names it); else :class:`~rally.RuleError` or :class:`~rally.PositionError`."""
    if not isinstance(track, Track):
        inputs.fail(RuleError, what, _("a Track"), track, "TRACKS['volcano']")
    if not isinstance(positions, Mapping):
        positions = dict(enumerate(inputs.sequence(positions, _("The cars' progress"), PositionError, "[0, 3, 7]",
                                                   MAX_CARS)))
    if len(positions) > MAX_CARS:
        inputs.fail(PositionError, _("The cars"), ngettext("at most {n} car", "at most {n} cars", MAX_CARS).format(
            n=MAX_CARS), ngettext("{n} car", "{n} cars", len(positions)).format(n=len(positions)))
    return cast("Mapping[Hashable, int]", positions)


def position_problems(track: Track, positions: Mapping[Hashable, int]) -> list[str]:
    """Every way ``positions`` breaks S6 or S9 on ``track``, as sentences (``positions``
    maps each car to its progress; a list maps seat numbers): :func:`position_issues` worded."""
    return [p.words() for p in position_issues(track, positions)]


def position_issues(track: Track, positions: Mapping[Hashable, int]) -> list[Problem]:
    """Every way ``positions`` breaks S6 or S9 on ``track`` (invariant I5), as values:
    ``I5.progress`` (not a progress), ``I5.hill`` (a car resting on a hill), ``I5.shared``
    (two cars on one space), ``I5.crowded`` (more cars than flat spaces).

    >>> from rally import Track
    >>> [(p.code, dict(p.facts)) for p in position_issues(Track.parse("S.D.."), {"Ann": 2})]
    [('I5.hill', {'car': 'Ann', 'space': 2, 'slope': 'downhill'})]
    """
    positions = _cars(track, positions, _("The track"))
    n = len(track)
    problems = []
    seen: dict[int, Hashable] = {}
    for car, p in positions.items():
        if not (inputs.is_whole(p) and 0 <= p <= MAX_PROGRESS):
            problems.append(Problem("I5.progress", {"car": car, "high": MAX_PROGRESS, "given": p}))
            continue
        if p == 0:
            continue  # the grid holds any number of cars
        if track.roll_codes[p % n] in (DOWN, UP):
            problems.append(Problem("I5.hill", {"car": car, "space": p % n,
                                                "slope": ROLL_NAMES[track.roll_codes[p % n]]}))
        if p % n in seen:
            problems.append(Problem("I5.shared", {"first": seen[p % n], "second": car, "space": p % n}))
        seen[p % n] = car
    if len(positions) >= track.resting_spaces and not problems:
        problems.append(Problem("I5.crowded", {"cars": len(positions), "flat": track.resting_spaces}))
    return problems


def _car_word(car: Hashable) -> str:
    """A car in a problem's sentence: its name, or its key as Python writes it."""
    return car if isinstance(car, str) else inputs.shown(car)


@wording("I5.progress")
def _not_a_progress(facts: Mapping[str, Any]) -> str:
    return _("Car {car}'s progress must be a whole number from 0 to {high}, like 3, not {given}.").format(
        car=_car_word(facts["car"]), high=facts["high"], given=inputs.shown(facts["given"]))


@wording("I5.hill")
def _on_a_hill(facts: Mapping[str, Any]) -> str:
    if facts["slope"] == "downhill":
        template = _("Car {car} rests on downhill space {space}; cars only stop on flat spaces.")
    else:
        template = _("Car {car} rests on uphill space {space}; cars only stop on flat spaces.")
    return template.format(car=_car_word(facts["car"]), space=facts["space"])


@wording("I5.shared")
def _shared(facts: Mapping[str, Any]) -> str:
    return _("Cars {first} and {second} are both on space {space}; a space holds one car.").format(
        first=_car_word(facts["first"]), second=_car_word(facts["second"]), space=facts["space"])


@wording("I5.crowded")
def _crowded(facts: Mapping[str, Any]) -> str:
    return ngettext("{cars} cars need more than the {flat} flat space of this track.",
                    "{cars} cars need more than the {flat} flat spaces of this track.",
                    facts["flat"]).format(cars=facts["cars"], flat=facts["flat"])


def check_positions(track: Track, positions: Mapping[Hashable, int]) -> None:
    """Raise :class:`PositionError` listing every problem of ``positions``, if any."""
    problems = position_issues(track, positions)
    if problems:
        raise PositionError(problems)
