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

from ..common import inputs
from ..common.errors import TrackError
from ..common.i18n import N_, _, available_languages, join_words, language, ngettext

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
        """``"start/finish"``, ``"flat"``, ``"downhill"`` or ``"uphill"``: the same in
        every language, so code may compare it; show it translated, ``_(kind.word)``."""
        return SPACE_WORDS[self]


#: The word for each kind of space, in English; marked for the catalogs and translated
#: where it is shown (``rally.common.i18n._(SPACE_WORDS[kind])``).
SPACE_WORDS: dict[SpaceKind, str] = {
    SpaceKind.START: N_("start/finish"),
    SpaceKind.FLAT: N_("flat"),
    SpaceKind.DOWNHILL: N_("downhill"),
    SpaceKind.UPHILL: N_("uphill"),
}


# Engine codes for rolls: the start counts as flat, a car may rest there.
FLAT, DOWN, UP = 0, 1, 2
_ROLL_CODE = {SpaceKind.START: FLAT, SpaceKind.FLAT: FLAT, SpaceKind.DOWNHILL: DOWN, SpaceKind.UPHILL: UP}
# TRANSLATORS: how track text is written; the letters S, D, U and '.' are read back by the program.
#: How track text is written, in English; :func:`track_form` gives it in the language spoken.
TRACK_FORM = N_("one letter for each space (like S..DD...U..): S for the start, only at the front, a dot for flat, "
           "D for downhill, U for uphill")


class Track:
    """A closed loop of spaces; space 0 is the start/finish.

    Immutable and hashable. ``Track.parse(text)`` validates; ``str(track)`` gives the
    text back; ``track.kind(i)`` is the kind of space ``i`` (any integer, taken around
    the loop).
    """

    def __init__(self, text: object, name: object = "custom", doc: str | None = None):
        self._text = _validate(text)
        # Checked here before rally.common.inputs says why not: the built-in tracks are made on import.
        self.name = (name if isinstance(name, str) and len(name) <= inputs.MAX_NAME_LENGTH else
                     inputs.text(name, _("A track's name"), TrackError, "custom", inputs.MAX_NAME_LENGTH))
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
        """The kind of ``space`` (taken modulo the track length: a car's progress works
        too), a whole number from -1000 to 1000."""
        if not (type(space) is int and -1000 <= space <= 1000):
            inputs.whole(space, _("A space"), -1000, 1000, TrackError, 3)
        return self.kinds[space % len(self._text)]

    def hill(self, space: int) -> tuple[int, ...]:
        """The spaces of the hill ``space`` is on, in the order a car meets them: the hill
        spaces side by side around it, which make one hill (S9); none on a flat space.

        >>> Track.parse("S...UU...D..").hill(5), Track.parse("S...UU...D..").hill(9), Track.parse("S...UU...D..").hill(2)
        ((4, 5), (9,), ())
        """
        if not self.kind(space).is_hill:
            return ()
        n = len(self._text)
        first = last = space % n
        while self.kinds[(first - 1) % n].is_hill:  # the start is flat, so both loops end
            first -= 1
        while self.kinds[(last + 1) % n].is_hill:
            last += 1
        return tuple(s % n for s in range(first, last + 1))

    def count(self, kind: SpaceKind) -> int:
        """How many spaces are of ``kind``."""
        return self.kinds.count(kind)

    @property
    def resting_spaces(self) -> int:
        """Spaces a car may stop on: flat spaces and the start."""
        return self.roll_codes.count(FLAT)

    @property
    def shown_name(self) -> str:
        """The name as a person reads it, in the language spoken: a built-in board's name
        and the default ``"custom"`` translated (``"volcano"`` is ``"Vulkan"`` in German),
        a name of the table's own as it is. :attr:`name` stays what code looks up."""
        word = TRACK_WORDS.get(self.name)
        return self.name if word is None else _(word)


def _validate(raw: object) -> str:
    # Checked here before rally.common.inputs says why not: the built-in tracks are made on import.
    text = (raw if isinstance(raw, str) and len(raw) <= MAX_TRACK_LENGTH + 40 else
            inputs.text(raw, _("A track"), TrackError, "S..DD...U..", MAX_TRACK_LENGTH + 40)).strip()
    for i, ch in enumerate(text):
        # Checked before upper-casing: 'ſ'.upper() is 'S', and only these letters are track text.
        if ch not in "S.DUsdu":
            raise TrackError(_("{char} at space {space} is not a track letter: {form}.").format(
                char=inputs.shown(ch), space=i, form=_(TRACK_FORM)))
    text = text.upper()
    if not MIN_TRACK_LENGTH <= len(text) <= MAX_TRACK_LENGTH:
        raise TrackError(ngettext("A track has {low} to {high} spaces, {text} has {n}: {form}.",
                                  "A track has {low} to {high} spaces, {text} has {n}: {form}.", len(text)).format(
            low=MIN_TRACK_LENGTH, high=MAX_TRACK_LENGTH, text=inputs.shown(text), n=len(text), form=_(TRACK_FORM)))
    if text[0] != "S":
        raise TrackError(_("A track starts with the start/finish space S, but {text} starts with {first}.").format(
            text=inputs.shown(text), first=inputs.shown(text[0])))
    extra = text.find("S", 1)
    if extra > 0:
        raise TrackError(_("Only space 0 may be the start/finish, but space {space} is also 'S' in {text}.").format(
            space=extra, text=inputs.shown(text)))
    if text[1] != ".":
        raise TrackError(_("The space right after the start must be flat ('.'), but space 1 is {char}.").format(
            char=inputs.shown(text[1])))
    if text[-1] != ".":
        raise TrackError(_("The space right before the start must be flat ('.'), but space {space} is {char}.").format(
            space=len(text) - 1, char=inputs.shown(text[-1])))
    return text


_VOLCANO = "S..." + "DD" + "..." + "U" + ".." + "DDD" + "..." + "U" + "..." + "DD" + ".." + "UU" + "..."
_BEACH = "S...." + "D" + "...." + "UU" + "..." + "D" + "....." + "U" + "..." + "D" + ".."

#: The built-in tracks, by name.
TRACKS: dict[str, Track] = {}
#: The built-in boards' names and the default name, as words in English: marked for the
#: catalogs and translated where shown (see :attr:`Track.shown_name`).
TRACK_WORDS: dict[str, str] = {"volcano": N_("volcano"), "beach": N_("beach"), "custom": N_("custom")}

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
    """A :class:`Track` from a Track, a built-in name (``"volcano"``, or the board's name
    in any language rally speaks: ``"Vulkan"``) or track text.

    >>> get_track("Strand") is get_track("beach") is TRACKS["beach"]
    True
    """
    if isinstance(track, Track):
        return track
    if isinstance(track, str):
        key = " ".join(track.lower().split())
        if key in TRACKS:
            return TRACKS[key]
        named = _track_words().get(key)
        if named is not None:
            return TRACKS[named]
        if not key:
            raise TrackError(_("Choose a track ({names}) or write one of your own: {form}.").format(
                names=_built_in_names(), form=_(TRACK_FORM)))
        # Text of space letters and dots ("S..DD", "D..S") is track text, and hears what is
        # wrong with it; a word that only starts with S ("sunset") is a name not known, and
        # hears the built-in names.
        if ("." in key and key[:1] == "s") or set(key) <= set("s.du"):
            return Track.parse(track)
        raise TrackError(_("{given} is neither a built-in track ({names}) nor a track of your own: {form}.").format(
            given=inputs.shown(track), names=_built_in_names(), form=_(TRACK_FORM)))
    inputs.fail(TrackError, _("A track"), _("a Track, a built-in name or track text"), track, "'volcano'")


def track_form() -> str:
    """How track text is written, in the language spoken: what a track of one's own needs.

    >>> track_form().startswith("one letter for each space")
    True
    """
    return _(TRACK_FORM)


def _built_in_names() -> str:
    """The built-in boards' names as the language spoken lists them: "beach or volcano"."""
    return join_words([TRACKS[n].shown_name for n in sorted(TRACKS)], "or")


def _track_words() -> dict[str, str]:
    """The built-in boards' names in every language rally speaks, lower-case, to their
    names in code: ``{"vulkan": "volcano", ...}``."""
    if not _WORDS:
        for lang in available_languages():
            with language(lang):
                for name in TRACKS:
                    _WORDS.setdefault(" ".join(TRACKS[name].shown_name.lower().split()), name)
    return _WORDS


_WORDS: dict[str, str] = {}
