"""Road tiles: their kinds, their openings and how they turn (ruling M2).

A tile's road leaves it by some of its four sides, its *openings*, named by compass
direction: ``N`` (up the grid), ``E``, ``S`` and ``W``. A tile's *rotation* counts
quarter turns clockwise from the kind's basic drawing: a straight runs N-S, a curve
joins N and E, a dead end opens only to N, a crossroads opens everywhere. Rotations
that look alike are one rotation: a straight has two (0 and 1), a crossroads one (0),
curves and dead ends four.

>>> from rally.rally_run import Tile, TileKind
>>> curve = Tile(TileKind.CURVE, 1)
>>> str(curve), curve.openings
('C:ES', ('E', 'S'))
>>> Tile.parse("s:we") == Tile(TileKind.STRAIGHT, 1)
True
>>> [str(t) for t in TileKind.DEAD_END.orientations()]
['D:N', 'D:E', 'D:S', 'D:W']
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from ..errors import TileError

#: The four directions, clockwise from north.
DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_WORDS = ("north", "east", "south", "west")
#: Row and column change of one step in each direction (rows grow southwards).
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: One bit per direction, in the order of :data:`DIRECTIONS`.
BITS = (1, 2, 4, 8)
ALL_OPEN = 15


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


def mask_words(mask: int) -> str:
    """``"north and east"``-style words for the openings in ``mask``."""
    words = [DIRECTION_WORDS[d] for d in range(4) if mask & BITS[d]]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class TileKind(enum.Enum):
    """The four kinds of road tile (M2). The value is the kind's one-letter code."""

    STRAIGHT = "S"
    CURVE = "C"
    CROSSROADS = "X"
    DEAD_END = "D"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def word(self) -> str:
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
        return rotate_mask(_BASE[self], rotation)

    def orientations(self) -> list["Tile"]:
        """The kind at each of its different-looking rotations."""
        return [Tile(self, r) for r in range(_PERIOD[self])]

    @classmethod
    def parse(cls, text: "str | TileKind") -> "TileKind":
        """A kind from its letter (S, C, X, D) or its name (``"curve"``, ``"dead end"``)."""
        if isinstance(text, TileKind):
            return text
        if isinstance(text, str):
            key = text.strip().lower().replace("_", " ").replace("-", " ")
            for kind in cls:
                if key in (kind.letter.lower(), kind.word, kind.name.lower().replace("_", " ")):
                    return kind
        raise TileError(
            f"{text!r} is not a kind of road tile: use straight (S), curve (C), crossroads (X) or dead end (D)."
        )


_WORDS = {TileKind.STRAIGHT: "straight", TileKind.CURVE: "curve", TileKind.CROSSROADS: "crossroads",
          TileKind.DEAD_END: "dead end"}
_BASE = {TileKind.STRAIGHT: 1 | 4, TileKind.CURVE: 1 | 2, TileKind.CROSSROADS: ALL_OPEN, TileKind.DEAD_END: 1}
_PERIOD = {TileKind.STRAIGHT: 2, TileKind.CURVE: 4, TileKind.CROSSROADS: 1, TileKind.DEAD_END: 4}
#: Kinds by index (the engine stores a tile as ``kind_index * 4 + rotation``).
KINDS = (TileKind.STRAIGHT, TileKind.CURVE, TileKind.CROSSROADS, TileKind.DEAD_END)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
#: ``MASKS[code]``: the openings of the engine's tile code.
MASKS = tuple(rotate_mask(_BASE[KINDS[c >> 2]], c & 3) for c in range(16))
PERIODS = tuple(_PERIOD[k] for k in KINDS)


class Tile(NamedTuple):
    """A road tile of one kind at one rotation (quarter turns clockwise).

    ``str(tile)`` gives the kind letter and the openings, like ``"C:NE"``;
    :meth:`parse` reads that, or the kind letter and rotation (``"C0"``).
    """

    kind: TileKind
    rotation: int = 0

    @property
    def mask(self) -> int:
        return self.kind.mask(self.rotation)

    @property
    def openings(self) -> tuple[str, ...]:
        """The directions the road leaves by, clockwise from north."""
        return mask_directions(self.mask)

    def opens(self, direction: str | int) -> bool:
        d = DIRECTIONS.index(direction) if isinstance(direction, str) else direction
        return bool(self.mask & BITS[d])

    def rotated(self, turns: int = 1) -> "Tile":
        """This tile turned ``turns`` more quarter turns clockwise."""
        return Tile(self.kind, (self.rotation + turns) % self.kind.rotations)

    def describe(self) -> str:
        """In words: ``"a curve open to north and east"``."""
        article = "an" if self.kind.word[0] in "aeiou" else "a"
        return f"{article} {self.kind.word} open to {mask_words(self.mask)}"

    @property
    def code(self) -> int:
        """The engine's integer for this tile."""
        return KIND_INDEX[self.kind] * 4 + self.rotation

    @classmethod
    def from_code(cls, code: int) -> "Tile":
        return cls(KINDS[code >> 2], code & 3)

    def __str__(self) -> str:
        return f"{self.kind.letter}:{''.join(self.openings)}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: "str | Tile") -> "Tile":
        """``"C:NE"`` (kind letter and openings) or ``"C0"`` (kind letter and rotation)."""
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str) or not text.strip():
            raise TileError(f"{text!r} is not a tile: write a kind letter and its openings, like 'C:NE' or 'S:NS'.")
        t = text.strip().upper()
        try:
            kind = TileKind.parse(t[0])
        except TileError:
            kind = None
        if kind is not None:
            rest = t[1:]
            if rest.isdigit() and int(rest) < kind.rotations:
                return cls(kind, int(rest))
            if rest.startswith(":") and rest[1:] and set(rest[1:]) <= set(DIRECTIONS) and len(set(rest[1:])) == len(rest[1:]):
                mask = sum(BITS[DIRECTIONS.index(ch)] for ch in rest[1:])
                for r in range(kind.rotations):
                    if kind.mask(r) == mask:
                        return cls(kind, r)
                shapes = ", ".join(str(o) for o in kind.orientations())
                raise TileError(f"A {kind.word} cannot open to {mask_words(mask)}: it can be {shapes}.")
        raise TileError(
            f"{text!r} is not a tile: write a kind letter (S straight, C curve, X crossroads, D dead end) "
            "and its openings, like 'C:NE', or the letter and a rotation, like 'C1'."
        )


__all__ = [
    "DIRECTIONS", "DIRECTION_WORDS", "BITS", "Tile", "TileKind", "opposite", "rotate_mask", "mask_directions",
    "mask_words",
]
