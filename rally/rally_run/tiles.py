"""Road tiles: their kinds, their openings and how they turn (ruling M2).

A tile's road leaves it by some of its four sides, its *openings*, named by compass
direction: ``N`` (up the grid), ``E``, ``S`` and ``W``. A tile's *rotation* counts
quarter turns clockwise from the kind's basic drawing: a straight runs N-S, a curve
joins N and E, a dead end opens only to N, a crossroads opens everywhere. Rotations
that look alike are one rotation (R10): a straight has two (0 and 1), a crossroads one
(0), curves and dead ends four. A :class:`Tile` always holds one of those: anything
else is refused when it is made.

>>> from rally.rally_run import Tile, TileKind
>>> curve = Tile(TileKind.CURVE, 1)
>>> str(curve), curve.openings
('C:ES', ('E', 'S'))
>>> Tile.parse("s:we") == Tile(TileKind.STRAIGHT, 1)
True
>>> [str(t) for t in TileKind.DEAD_END.orientations()]
['D:N', 'D:E', 'D:S', 'D:W']
>>> Tile(TileKind.STRAIGHT, 2)
Traceback (most recent call last):
...
rally.common.errors.TileError: A straight's rotation must be a whole number from 0 to 1, like 0, not 2.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..common import inputs
from ..common.errors import TileError
from ..common.i18n import N_, _, capitalized, join_words, language, ngettext

#: The four directions, clockwise from north.
DIRECTIONS = ("N", "E", "S", "W")
#: The directions in words (English; shown translated: :func:`direction_word`).
DIRECTION_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))
#: Row and column change of one step in each direction (rows grow southwards).
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: One bit per direction, in the order of :data:`DIRECTIONS`.
BITS = (1, 2, 4, 8)
ALL_OPEN = 15
#: The longest text read as a tile or a kind ("dead end", "X:NESW", "C0").
MAX_TILE_TEXT = 20


def opposite(direction: int) -> int:
    """The direction back: ``opposite(0) == 2`` (north and south)."""
    return (direction + 2) % 4


def rotate_mask(mask: int, turns: int) -> int:
    """Openings ``mask`` turned ``turns`` quarter turns clockwise."""
    turns %= 4
    return ((mask << turns) | (mask >> (4 - turns))) & ALL_OPEN


def mask_directions(mask: int) -> tuple[str, ...]:
    """The letters of the directions in ``mask``, clockwise from north."""
    return tuple(DIRECTIONS[d] for d in range(4) if mask & BITS[d])


def direction_word(direction: int) -> str:
    """Direction ``direction`` (0 north, 1 east, ...) in words, in the language spoken."""
    return _(DIRECTION_WORDS[direction])


def mask_words(mask: int) -> str:
    """``"north and east"``-style words for the openings in ``mask``, in the language spoken."""
    return join_words([_(DIRECTION_WORDS[d]) for d in range(4) if mask & BITS[d]])


class TileKind(enum.Enum):
    """The four kinds of road tile (M2). The value is the kind's one-letter code."""

    STRAIGHT = "S"
    CURVE = "C"
    CROSSROADS = "X"
    DEAD_END = "D"

    @property
    def letter(self) -> str:
        return str(self.value)

    @property
    def word(self) -> str:
        """The kind's English name (``"dead end"``), as :meth:`parse` and saved games read
        it; sentences say :func:`a_kind` instead."""
        return _WORDS[self]

    @property
    def base_mask(self) -> int:
        """The openings at rotation 0."""
        return _BASE[self]

    @property
    def rotations(self) -> int:
        """How many different-looking rotations the kind has (1, 2 or 4)."""
        return _PERIOD[self]

    def mask(self, rotation: int) -> int:
        """The openings of this kind laid at ``rotation`` quarter turns clockwise (taken
        round: 4 is 0), one bit a direction (:data:`BITS`)."""
        if type(rotation) is not int:
            inputs.whole(rotation, _("A rotation (in quarter turns clockwise)"), 0, 3, TileError)
        return rotate_mask(_BASE[self], rotation)

    def orientations(self) -> list[Tile]:
        """The kind at each of its different-looking rotations."""
        return [Tile(self, r) for r in range(_PERIOD[self])]

    @classmethod
    def parse(cls, text: object) -> TileKind:
        """A kind from its letter (S, C, X, D) or its name (``"curve"``, ``"dead end"``)."""
        if isinstance(text, TileKind):
            return text
        if isinstance(text, str) and len(text) <= MAX_TILE_TEXT:
            key = text.strip().lower().replace("_", " ").replace("-", " ")
            for kind in cls:
                if key in (kind.letter.lower(), kind.word):
                    return kind
        # TRANSLATORS: the names in this rule are what the program reads: keep them in English.
        inputs.fail(TileError, _("A kind of road tile"), _("straight (S), curve (C), crossroads (X) or dead end (D)"),
                    text, "'curve'")


_WORDS = {TileKind.STRAIGHT: "straight", TileKind.CURVE: "curve", TileKind.CROSSROADS: "crossroads",
          TileKind.DEAD_END: "dead end"}
_BASE = {TileKind.STRAIGHT: 1 | 4, TileKind.CURVE: 1 | 2, TileKind.CROSSROADS: ALL_OPEN, TileKind.DEAD_END: 1}
_PERIOD = {TileKind.STRAIGHT: 2, TileKind.CURVE: 4, TileKind.CROSSROADS: 1, TileKind.DEAD_END: 4}
#: Each kind with its indefinite article, as a sentence says it (shown translated: :func:`a_kind`).
_A_KIND = {TileKind.STRAIGHT: N_("a straight"), TileKind.CURVE: N_("a curve"),
           TileKind.CROSSROADS: N_("a crossroads"), TileKind.DEAD_END: N_("a dead end")}
#: What an error about a tile's rotation names, by kind.
_ROTATION_OF = {TileKind.STRAIGHT: N_("A straight's rotation"), TileKind.CURVE: N_("A curve's rotation"),
                TileKind.CROSSROADS: N_("A crossroads's rotation"), TileKind.DEAD_END: N_("A dead end's rotation")}
#: Kinds by index (the engine stores a tile as ``kind_index * 4 + rotation``).
KINDS = (TileKind.STRAIGHT, TileKind.CURVE, TileKind.CROSSROADS, TileKind.DEAD_END)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
#: ``MASKS[code]``: the openings of the engine's tile code.
MASKS = tuple(rotate_mask(_BASE[KINDS[c >> 2]], c & 3) for c in range(16))
PERIODS = tuple(_PERIOD[k] for k in KINDS)
#: The engine codes that name a tile: each kind at each of its different-looking rotations.
CODES = frozenset(k * 4 + r for k in range(4) for r in range(PERIODS[k]))


#: The ways a road goes on a screen with north up, as arrows (the same in every language).
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


@dataclass(frozen=True, slots=True)
class Tile:
    """A road tile of one kind at one of its rotations (quarter turns clockwise).

    ``str(tile)`` gives the kind letter and the openings, like ``"C:NE"``;
    :meth:`parse` reads that, or the kind letter and rotation (``"C0"``).
    """

    kind: TileKind
    rotation: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TileKind):
            inputs.fail(TileError, _("A tile's kind"), _("a TileKind"), self.kind, "TileKind.CURVE")
        if not (inputs.is_whole(self.rotation) and 0 <= self.rotation < self.kind.rotations):
            inputs.whole(self.rotation, _(_ROTATION_OF[self.kind]), 0, self.kind.rotations - 1, TileError)

    @property
    def mask(self) -> int:
        return self.kind.mask(self.rotation)

    @property
    def openings(self) -> tuple[str, ...]:
        """The directions the road leaves by, clockwise from north."""
        return mask_directions(self.mask)

    def arrows(self) -> str:
        """The ways its road goes on a screen with north up, as arrows (the same in every
        language): ``Tile.parse("C:NE").arrows() == "↑ →"``."""
        return " ".join(ARROWS[d] for d in self.openings)

    def way(self) -> str:
        """How a board shows this way of laying the tile, in the language spoken:
        ``"road ↑ →"``."""
        return _("road {arrows}").format(arrows=self.arrows())

    def opens(self, direction: str | int) -> bool:
        """True when the road leaves by ``direction`` (``"N"`` or 0, ``"E"`` or 1, ...)."""
        if isinstance(direction, str) and direction in DIRECTIONS:
            d = DIRECTIONS.index(direction)
        elif inputs.is_whole(direction) and 0 <= int(direction) <= 3:
            d = int(direction)
        else:
            d = inputs.whole(direction, _("A direction"), 0, 3, TileError, join_words(["'N'", "0"], "or"))
        return bool(self.mask & BITS[d])

    def rotated(self, turns: int = 1) -> Tile:
        """This tile turned ``turns`` more quarter turns clockwise."""
        turns = inputs.whole(turns, _("A number of quarter turns"), -4, 4, TileError, 1)
        return Tile(self.kind, (self.rotation + turns) % self.kind.rotations)

    def shown(self, lang: str | None = None) -> str:
        """In the board's words: the kind and the arrows of its road, ``"a curve: road ↑ →"``
        (in ``lang``, default the language spoken), as a learner sees the tile.

        >>> Tile.parse("C:NE").shown("en")
        'a curve: road ↑ →'
        """
        with language(lang):
            # TRANSLATORS: a tile as the board shows it: "a curve: road ↑ →".
            return _("{a_kind}: {way}").format(a_kind=a_kind(self.kind), way=self.way())

    def describe(self, lang: str | None = None) -> str:
        """In words: ``"a curve open to north and east"`` (in ``lang``, default the
        language spoken: :mod:`rally.common.i18n`)."""
        with language(lang):
            return _("{a_kind} open to {directions}").format(a_kind=a_kind(self.kind),
                                                             directions=mask_words(self.mask))

    @property
    def code(self) -> int:
        """The engine's integer for this tile (kind index * 4 + rotation)."""
        return KIND_INDEX[self.kind] * 4 + self.rotation

    @classmethod
    def from_code(cls, code: int) -> Tile:
        """The tile of an engine code (see :data:`CODES`)."""
        if inputs.is_whole(code) and code in BY_CODE:
            return BY_CODE[code]
        inputs.fail(TileError, _("A tile code"), _("kind index * 4 + rotation, one of {codes}").format(
            codes=", ".join(map(str, sorted(CODES)))), code, 4)

    def __str__(self) -> str:
        return f"{self.kind.letter}:{''.join(self.openings)}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Tile:
        """``"C:NE"`` (kind letter and openings) or ``"C0"`` (kind letter and rotation)."""
        if isinstance(text, Tile):
            return text
        value = inputs.text(text, _("A tile"), TileError, "C:NE", MAX_TILE_TEXT)
        t = value.strip().upper()
        kind = _KIND_LETTERS.get(t[:1])
        if kind is not None:
            rest = t[1:]
            if rest.isdigit():
                return cls(kind, inputs.whole_text(rest, _(_ROTATION_OF[kind]), 0, kind.rotations - 1, TileError))
            if rest.startswith(":") and rest[1:] and set(rest[1:]) <= set(DIRECTIONS) and len(set(rest[1:])) == len(rest[1:]):
                mask = sum(BITS[DIRECTIONS.index(ch)] for ch in rest[1:])
                for r in range(kind.rotations):
                    if kind.mask(r) == mask:
                        return cls(kind, r)
                shapes = ", ".join(str(o) for o in kind.orientations())
                raise TileError(_("{A_kind} cannot open to {directions}: it can be {shapes}.").format(
                    A_kind=capitalized(a_kind(kind)), directions=mask_words(mask), shapes=shapes))
        inputs.fail(TileError, _("A tile"), _("a kind letter (S straight, C curve, X crossroads, D dead end) and its "
                                              "openings, or the letter and a rotation"), text,
                    join_words(["'C:NE'", "'C1'"], "or"))


def a_kind(kind: TileKind) -> str:
    """The kind with its indefinite article, in the language spoken: ``"a curve"``."""
    return _(_A_KIND[kind])


def kind_count(kind: TileKind, n: int) -> str:
    """``n`` tiles of ``kind`` in words, in the language spoken: ``"8 straights"``."""
    if kind is TileKind.STRAIGHT:
        return ngettext("{n} straight", "{n} straights", n).format(n=n)
    if kind is TileKind.CURVE:
        return ngettext("{n} curve", "{n} curves", n).format(n=n)
    if kind is TileKind.CROSSROADS:
        return ngettext("{n} crossroads", "{n} crossroads", n).format(n=n)
    return ngettext("{n} dead end", "{n} dead ends", n).format(n=n)


_KIND_LETTERS = {k.letter: k for k in KINDS}
#: ``BY_CODE[code]``: the :class:`Tile` of each engine code.
BY_CODE = {code: Tile(KINDS[code >> 2], code & 3) for code in sorted(CODES)}


__all__ = [
    "DIRECTIONS", "DIRECTION_WORDS", "BITS", "CODES", "Tile", "TileKind", "opposite", "rotate_mask",
    "mask_directions", "mask_words", "direction_word", "a_kind", "kind_count",
]
