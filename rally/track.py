"""Tracks: a loop of spaces, each flat, downhill or uphill (ruling S10).

A track is written as text, one character a space: ``S`` the start/finish (first
character only), ``.`` flat, ``D`` downhill (blue on the board), ``U`` uphill (red).
The spaces right before and after the start are flat, so every run of hills has flat
spaces on both sides.

>>> from rally import Track, TRACKS
>>> t = Track.parse("S..DD..U..")
>>> len(t), t.kind(3), str(t)
(10, <SpaceKind.DOWNHILL: 'D'>, 'S..DD..U..')
>>> sorted(TRACKS)
['beach', 'volcano']
"""

from __future__ import annotations

import enum

from . import inputs
from .errors import TrackError

MIN_TRACK_LENGTH = 5
#: The longest track: long enough for any board, short enough that no move runs away.
MAX_TRACK_LENGTH = 200


class SpaceKind(enum.Enum):
    """What a space is, with its letter in the track text."""

    START = "S"
    FLAT = "."
    DOWNHILL = "D"
    UPHILL = "U"

    @property
    def is_hill(self) -> bool:
        return self in (SpaceKind.DOWNHILL, SpaceKind.UPHILL)

    @property
    def word(self) -> str:
        """``"start/finish"``, ``"flat"``, ``"downhill"`` or ``"uphill"``."""
        return "start/finish" if self is SpaceKind.START else self.name.lower()


# Engine codes for rolls: the start counts as flat, a car may rest there.
FLAT, DOWN, UP = 0, 1, 2
_ROLL_CODE = {SpaceKind.START: FLAT, SpaceKind.FLAT: FLAT, SpaceKind.DOWNHILL: DOWN, SpaceKind.UPHILL: UP}
_FORM = "write one character a space: S (start, first only), '.' flat, D downhill, U uphill, e.g. 'S..DD...U..'"


class Track:
    """A closed loop of spaces; space 0 is the start/finish.

    Immutable and hashable. ``Track.parse(text)`` validates; ``str(track)`` gives the
    text back; ``track.kind(i)`` is the kind of space ``i`` (any integer, taken around
    the loop).
    """

    def __init__(self, text: object, name: object = "custom", doc: str | None = None):
        self._text = _validate(text)
        self.name = inputs.text(name, "A track's name", TrackError, "custom", inputs.MAX_NAME_LENGTH)
        if doc:
            # The built-in boards carry their own docstring (they model printed boards).
            self.__doc__ = doc
        self.kinds: tuple[SpaceKind, ...] = tuple(SpaceKind(ch) for ch in self._text)
        #: Per space: 0 flat (start included), 1 downhill, 2 uphill. For the engine.
        self.roll_codes: tuple[int, ...] = tuple(_ROLL_CODE[k] for k in self.kinds)

    @classmethod
    def parse(cls, text: object, name: object = "custom") -> "Track":
        """A track from its text form; raises :class:`TrackError` naming what is wrong."""
        return cls(text, name)

    def __len__(self) -> int:
        return len(self._text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self.name in TRACKS and TRACKS[self.name] == self:
            return f"TRACKS[{self.name!r}]"
        return f"Track.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Track) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    def kind(self, space: int) -> SpaceKind:
        """The kind of ``space`` (taken modulo the track length)."""
        return self.kinds[space % len(self._text)]

    def count(self, kind: SpaceKind) -> int:
        """How many spaces are of ``kind``."""
        return self.kinds.count(kind)

    @property
    def resting_spaces(self) -> int:
        """Spaces a car may stop on: flat spaces and the start."""
        return self.roll_codes.count(FLAT)


def _validate(raw: object) -> str:
    text = inputs.text(raw, "A track", TrackError, "S..DD...U..", MAX_TRACK_LENGTH + 40).strip()
    for i, ch in enumerate(text):
        # Checked before upper-casing: 'ſ'.upper() is 'S', and only these letters are track text.
        if ch not in "S.DUsdu":
            raise TrackError(f"Character {inputs.shown(ch)} at space {i} is not a space kind: {_FORM}.")
    text = text.upper()
    if not MIN_TRACK_LENGTH <= len(text) <= MAX_TRACK_LENGTH:
        raise TrackError(f"A track has {MIN_TRACK_LENGTH} to {MAX_TRACK_LENGTH} spaces, {inputs.shown(text)} has "
                         f"{len(text)}: {_FORM}.")
    if text[0] != "S":
        raise TrackError(f"A track starts with the start/finish space S, but {text!r} starts with {text[0]!r}.")
    extra = text.find("S", 1)
    if extra > 0:
        raise TrackError(f"Only space 0 may be the start/finish, but space {extra} is also 'S' in {text!r}.")
    if text[1] != ".":
        raise TrackError(f"The space right after the start must be flat ('.'), but space 1 is {text[1]!r}.")
    if text[-1] != ".":
        raise TrackError(
            f"The space right before the start must be flat ('.'), but space {len(text) - 1} is {text[-1]!r}."
        )
    return text


_VOLCANO = "S..." + "DD" + "..." + "U" + ".." + "DDD" + "..." + "U" + "..." + "DD" + ".." + "UU" + "..."
_BEACH = "S...." + "D" + "...." + "UU" + "..." + "D" + "....." + "U" + "..." + "D" + ".."

#: The built-in tracks, by name.
TRACKS: dict[str, Track] = {}

TRACKS["volcano"] = Track(
    _VOLCANO,
    "volcano",
    doc="""The volcano track: this project's model of the printed volcano board.

    The rule text does not describe the boards, so the layout is ours: 31 spaces with
    7 downhill and 4 uphill spaces; the volcano has more downhill spaces than the beach,
    as the rulebook says. Use ``Track.parse`` to play on any other layout.""",
)
TRACKS["beach"] = Track(
    _BEACH,
    "beach",
    doc="""The beach track: this project's model of the printed beach board.

    The rule text does not describe the boards, so the layout is ours: 28 spaces with
    3 downhill and 3 uphill spaces, gentler than the volcano. Use ``Track.parse`` to
    play on any other layout.""",
)


def get_track(track: object) -> Track:
    """A :class:`Track` from a Track, a built-in name (``"volcano"``) or track text."""
    if isinstance(track, Track):
        return track
    if isinstance(track, str):
        key = track.strip().lower()
        if key in TRACKS:
            return TRACKS[key]
        if key[:1] == "s":
            return Track.parse(track)
        raise TrackError(
            f"{inputs.shown(track)} is neither a built-in track ({', '.join(sorted(TRACKS))}) nor track text: {_FORM}."
        )
    inputs.fail(TrackError, "A track", "a Track, a built-in name or track text", track, "'volcano'")
