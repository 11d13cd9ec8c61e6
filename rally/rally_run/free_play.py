"""Rally Run's free play (the rulebook's *Creative play*, *Freies Spiel*): lay the tiles
face up on a grid as you like, turn them, and drive the cars along the roads (decision R13).

The pieces are the box's: the road tiles of a tile mix (:data:`DEFAULT_TILE_MIX` unless
another is given), the pit stop (a road leaves it on all four sides, M1) and the four
start-finish tiles (one road each, in their colors). A square of the grid is written as on
the game's board, a column letter and a row number (``"B3"``), on a grid of up to
:data:`MAX_SIDE` squares a side.

- A road is *broken* where a laid tile opens toward a square with no tile, or toward a tile
  that does not open back (:meth:`FreePlay.broken_roads`).
- The tiles make a *closed circuit* when no road is broken, every laid tile is joined to the
  others by roads, and the roads hold a loop to drive round (:meth:`FreePlay.circuit`).
- A car drives one square at a time along a road (:meth:`FreePlay.drive`), or round
  (:meth:`FreePlay.drive_round`): straight on at a crossroads and at the pit stop, round the
  bend of a curve, back the way it came at a dead end or a start-finish tile, until it is
  where it set off, heading the same way.

Every change is checked first: bad input raises :class:`~rally.common.errors.TileError` (a
``ValueError``) that says what was wrong and what would be right, and changes nothing. A
tile mix is checked as for a game (:class:`~rally.common.errors.SetupError`: 24 road tiles).

>>> play = FreePlay(rows=2, cols=2)
>>> for square, piece in [("A1", "C:ES"), ("B1", "C:SW"), ("B2", "C:NW"), ("A2", "C:NE")]:
...     _ = play.lay(square, piece)
>>> play.circuit()
['A1', 'B1', 'B2', 'A2']
>>> play.put_car("red", "A1")
'The red car is on A1.'
>>> play.drive_round("red")
['A1', 'B1', 'B2', 'A2', 'A1']
>>> play.turn("B2")
'B2 now opens to north and east.'
>>> play.broken_roads()
[('A2', 'E'), ('B2', 'E')]
>>> play.status()
'The road is broken in 2 places: the east side of A2 and the east side of B2.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..common import inputs
from ..common.errors import TileError
from ..common.i18n import _, capitalized, join_words, ngettext
from .board import COLORS, DEFAULT_TILE_MIX, TileMix, check_tile_mix, color_adjective
from .tiles import (ALL_OPEN, BITS, DIRECTIONS, KINDS, STEPS, Tile, TileKind, a_kind, direction_word, kind_count,
                    mask_directions, mask_words, opposite, rotate_mask)

#: The longest side of a free-play grid, in squares (columns A-L, rows 1-12).
MAX_SIDE = 12
LETTERS = "ABCDEFGHIJKL"
#: What a piece of free play is, besides a road tile.
PIT_STOP = "pit stop"
#: The longest text read as a piece ("yellow start-finish", "dead end", "C:NE").
MAX_PIECE_TEXT = 30


@dataclass(frozen=True, slots=True)
class Piece:
    """A tile as free play lays it: a road tile of ``kind``, the pit stop (``kind`` and
    ``color`` both ``None``) or the start-finish tile of ``color``; ``rotation`` counts
    quarter turns clockwise from the basic drawing (a start-finish tile's road leaves
    north at 0).

    >>> str(Piece.parse("curve")), str(Piece.parse("red").rotated()), str(Piece.parse("pit stop"))
    ('curve', 'red start-finish', 'pit stop')
    >>> Piece.parse("red").rotated().openings
    ('E',)
    """

    kind: Optional[TileKind] = None
    color: Optional[str] = None
    rotation: int = 0

    def __post_init__(self) -> None:
        if self.kind is not None and not isinstance(self.kind, TileKind):
            inputs.fail(TileError, _("A piece's kind"), _("a TileKind"), self.kind, "TileKind.CURVE")
        if self.color is not None and not (isinstance(self.color, str) and self.color in COLORS):
            inputs.one_of(self.color, _("A start-finish tile's color"), COLORS, TileError)
        if self.kind is not None and self.color is not None:
            raise TileError(_("A piece is a road tile or a start-finish tile, not both."))
        inputs.whole(self.rotation, _("A piece's rotation"), 0, self.rotations - 1, TileError)

    @property
    def rotations(self) -> int:
        """How many different-looking rotations the piece has (1, 2 or 4)."""
        if self.kind is not None:
            return self.kind.rotations
        return 4 if self.color is not None else 1

    @property
    def mask(self) -> int:
        """The piece's openings as bits (north 1, east 2, south 4, west 8)."""
        if self.kind is not None:
            return self.kind.mask(self.rotation)
        return rotate_mask(BITS[0], self.rotation) if self.color is not None else ALL_OPEN

    @property
    def openings(self) -> tuple[str, ...]:
        """The directions the road leaves by, clockwise from north."""
        return mask_directions(self.mask)

    @property
    def name(self) -> str:
        """The piece by its English name, as :meth:`parse` reads it and the supply counts it."""
        if self.kind is not None:
            return self.kind.word
        return f"{self.color} start-finish" if self.color is not None else PIT_STOP

    def rotated(self, turns: int = 1) -> Piece:
        """This piece turned ``turns`` more quarter turns clockwise."""
        turns = inputs.whole(turns, _("A number of quarter turns"), -4, 4, TileError, 1)
        return Piece(self.kind, self.color, (self.rotation + turns) % self.rotations)

    def words(self) -> str:
        """The piece in words with its article, in the language spoken: ``"a curve"``."""
        if self.kind is not None:
            return a_kind(self.kind)
        if self.color is not None:
            return _("the {color} start-finish tile").format(color=color_adjective(self.color))
        return _("the pit stop")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Piece:
        """A piece from a road tile (``"curve"``, ``"C"``, ``"C:NE"``, ``"C1"``), ``"pit stop"``
        or a start-finish tile by its color (``"red"``, ``"red start-finish"``)."""
        if isinstance(text, Piece):
            return text
        value = inputs.text(text, _("A piece"), TileError, "'curve'", MAX_PIECE_TEXT)
        key = value.strip().lower().replace("-", " ").replace("_", " ")
        if key in (PIT_STOP, "pit", "box", "p"):
            return cls()
        words = key.split()
        if words and words[0] in COLORS and words[1:] in ([], ["start", "finish"]):
            return cls(color=words[0])
        for kind in KINDS:
            if key in (kind.word, kind.letter.lower()):
                return cls(kind)
        try:
            tile = Tile.parse(value)
        except TileError:
            inputs.fail(TileError, _("A piece"), _("a road tile (straight, curve, crossroads, dead end, or like "
                                                   "C:NE), the pit stop, or a start-finish tile by its color "
                                                   "({colors})").format(colors=", ".join(COLORS)),
                        text, join_words(["'curve'", "'pit stop'", "'red'"], "or"))
        return cls(tile.kind, None, tile.rotation)


def box_pieces(tile_mix: TileMix = DEFAULT_TILE_MIX) -> dict[str, int]:
    """What the box holds to lay, by piece name: every road tile of the mix, the pit stop
    and the four start-finish tiles.

    >>> box_pieces()["curve"], box_pieces()["pit stop"], box_pieces()["red start-finish"]
    (8, 1, 1)
    """
    counts = check_tile_mix(tile_mix)
    return {**{kind.word: n for kind, n in zip(KINDS, counts)}, PIT_STOP: 1,
            **{f"{color} start-finish": 1 for color in COLORS}}


Square = tuple[int, int]
#: A car's state while it drives round: where it stands and the direction it is heading.
Heading = tuple[Square, int]


class FreePlay:
    """A grid of ``rows`` x ``cols`` squares, the box's pieces to lay on it, and the cars.
    See the module's text for the words; every method that changes something returns a
    sentence saying what it did."""

    def __init__(self, rows: int = 6, cols: int = 8, tile_mix: TileMix = DEFAULT_TILE_MIX) -> None:
        self._rows = inputs.whole(rows, _("The number of rows"), 1, MAX_SIDE, TileError, 6)
        self._cols = inputs.whole(cols, _("The number of columns"), 1, MAX_SIDE, TileError, 8)
        self._box = box_pieces(tile_mix)
        self._laid: dict[Square, Piece] = {}
        self._cars: dict[str, Square] = {}
        self._headings: dict[str, int] = {}

    # ------------------------------------------------------------------ reading

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    def square(self, text: object) -> Square:
        """A square of this grid from ``"B3"`` or a ``(row, col)`` pair (both from 0)."""
        if isinstance(text, tuple) and len(text) == 2 and all(inputs.is_whole(v) for v in text):
            row, col = int(text[0]), int(text[1])
            if 0 <= row < self._rows and 0 <= col < self._cols:
                return row, col
        elif isinstance(text, str) and 2 <= len(text.strip()) <= 3:
            t = text.strip().upper()
            number = t[1:]  # a row as the grid names it: "A1", not "A01"
            if t[0] in LETTERS[:self._cols] and number.isascii() and number.isdigit() and number[0] != "0" \
                    and int(number) <= self._rows:
                return int(number) - 1, LETTERS.index(t[0])
        inputs.fail(TileError, _("A square"), _("a column A-{last} and a row 1-{rows} of this grid").format(
            last=LETTERS[self._cols - 1], rows=self._rows), text, "'A1'")

    def name(self, square: object) -> str:
        """``"B3"`` for the square in row 2, column 1 (both from 0); any square
        :meth:`square` reads.

        >>> FreePlay(rows=3, cols=3).name((2, 1))
        'B3'
        """
        row, col = self.square(square)
        return f"{LETTERS[col]}{row + 1}"

    def piece_at(self, square: object) -> Piece | None:
        """The piece laid on ``square``, or ``None``."""
        return self._laid.get(self.square(square))

    @property
    def laid(self) -> dict[str, Piece]:
        """Every laid piece by its square's name, row by row."""
        return {self.name(sq): piece for sq, piece in sorted(self._laid.items())}

    def left(self) -> dict[str, int]:
        """The pieces still in the box, by name (those with none left are left out)."""
        used: dict[str, int] = {}
        for piece in self._laid.values():
            used[piece.name] = used.get(piece.name, 0) + 1
        return {name: n - used.get(name, 0) for name, n in self._box.items() if n - used.get(name, 0) > 0}

    @property
    def cars(self) -> dict[str, str]:
        """Each car on the grid by color: the square it stands on."""
        return {color: self.name(sq) for color, sq in self._cars.items()}

    def _next(self, square: Square, direction: int) -> Square | None:
        row, col = square[0] + STEPS[direction][0], square[1] + STEPS[direction][1]
        return (row, col) if 0 <= row < self._rows and 0 <= col < self._cols else None

    def _joined(self, square: Square, direction: int) -> Square | None:
        """The square a road leads to from ``square`` toward ``direction``, when both
        tiles open toward each other; else ``None``."""
        piece = self._laid.get(square)
        there = self._next(square, direction)
        if piece is None or not piece.mask & BITS[direction] or there is None or there not in self._laid:
            return None
        return there if self._laid[there].mask & BITS[opposite(direction)] else None

    def broken_roads(self) -> list[tuple[str, str]]:
        """Every place a road is broken, as (square, direction), row by row: a laid tile
        opens there toward no tile, or toward one that does not open back."""
        return [(self.name(sq), DIRECTIONS[d]) for sq, piece in sorted(self._laid.items())
                for d in range(4) if piece.mask & BITS[d] and self._joined(sq, d) is None]

    def circuit(self) -> list[str] | None:
        """When the tiles make a closed circuit (no broken road, all joined, a loop to drive
        round): the squares of one loop of the roads, each joined to the next and the last to
        the first (at a crossroads the loop may turn, where a driving car goes straight on:
        :meth:`drive_round` gives a car's own route); else ``None``."""
        if not self._laid or self.broken_roads():
            return None
        start = min(self._laid)
        seen, todo = {start}, [start]
        roads = 0
        while todo:
            here = todo.pop()
            for d in range(4):
                there = self._joined(here, d)
                if there is not None:
                    roads += 1
                    if there not in seen:
                        seen.add(there)
                        todo.append(there)
        # A network of tiles joined by roads holds a loop when it has as many roads as tiles.
        if len(seen) != len(self._laid) or roads // 2 < len(seen):
            return None
        return [self.name(sq) for sq in self._loop_from(start)]

    def _loop_from(self, start: Square) -> list[Square]:
        """The squares of one loop through the tiles joined to ``start``, in order along it
        (a depth-first walk that meets a square it is still on the way from)."""
        parent: dict[Square, Square | None] = {start: None}
        on_way = {start}
        stack = [(start, iter(range(4)))]
        while stack:
            here, ways = stack[-1]
            for d in ways:
                there = self._joined(here, d)
                if there is None or there == parent[here]:
                    continue
                if there in on_way:  # back where this walk passed: the loop
                    loop = [here]
                    while loop[-1] != there:
                        back = parent[loop[-1]]
                        assert back is not None
                        loop.append(back)
                    return loop[::-1]
                if there not in parent:
                    parent[there] = here
                    on_way.add(there)
                    stack.append((there, iter(range(4))))
                    break
            else:
                on_way.discard(here)
                stack.pop()
        return []

    def status(self) -> str:
        """The grid in a sentence: what is broken, or whether the tiles make a closed circuit."""
        if not self._laid:
            return _("No tile is laid yet.")
        broken = self.broken_roads()
        if broken:
            places = [_("the {direction} side of {square}").format(square=sq, direction=direction_word(
                DIRECTIONS.index(d))) for sq, d in broken]
            return ngettext("The road is broken in {n} place: {places}.", "The road is broken in {n} places: {places}.",
                            len(broken)).format(n=len(broken), places=join_words(places))
        loop = self.circuit()
        if loop is not None:
            return ngettext("A closed circuit: {n} tile, no road broken.", "A closed circuit: {n} tiles, no road broken.",
                            len(self._laid)).format(n=len(self._laid))
        return _("No road is broken, but the tiles do not make one circuit: they are not all joined, "
                 "or there is no loop to drive round.")

    # ------------------------------------------------------------------ laying

    def lay(self, square: object, piece: object, rotation: int | None = None) -> str:
        """Lay ``piece`` (see :meth:`Piece.parse`) on the empty ``square``, turned
        ``rotation`` quarter turns (default: as written, or 0)."""
        where, what = self.square(square), Piece.parse(piece)
        if rotation is not None:
            what = Piece(what.kind, what.color, inputs.whole(rotation, _("A piece's rotation"), 0,
                                                             what.rotations - 1, TileError))
        if where in self._laid:
            raise TileError(_("There is a tile on {square} already: take it back first, or turn it.").format(
                square=self.name(where)))
        if what.kind is not None and self._box[what.name] == 0:
            raise TileError(_("The tile mix holds {none}: there is none to lay.").format(
                none=kind_count(what.kind, 0)))
        if what.name not in self.left():
            raise TileError(ngettext("No more of {piece} to lay: the box has {n} and it is on the grid.",
                                     "No more of {piece} to lay: the box has {n} and all are on the grid.",
                                     self._box.get(what.name, 0)).format(piece=what.words(),
                                                                         n=self._box.get(what.name, 0)))
        self._laid[where] = what
        return _("{Piece} laid on {square}, open to {directions}.").format(
            Piece=capitalized(what.words()), square=self.name(where), directions=mask_words(what.mask))

    def turn(self, square: object, turns: int = 1) -> str:
        """Turn the tile on ``square`` ``turns`` quarter turns clockwise."""
        where = self._taken(square)
        self._laid[where] = self._laid[where].rotated(turns)
        return _("{square} now opens to {directions}.").format(square=self.name(where),
                                                               directions=mask_words(self._laid[where].mask))

    def lift(self, square: object) -> str:
        """Take the tile on ``square`` back into the box (no car may stand on it)."""
        where = self._taken(square)
        on_it = [color for color, sq in self._cars.items() if sq == where]
        if on_it:
            raise TileError(_("The {color} car stands on {square}: drive it away or take it off first.").format(
                color=color_adjective(on_it[0]), square=self.name(where)))
        piece = self._laid.pop(where)
        return _("{Piece} taken back from {square}.").format(Piece=capitalized(piece.words()),
                                                               square=self.name(where))

    def _taken(self, square: object) -> Square:
        where = self.square(square)
        if where not in self._laid:
            raise TileError(_("There is no tile on {square}.").format(square=self.name(where)))
        return where

    # ------------------------------------------------------------------ driving

    def _car(self, color: object) -> str:
        if isinstance(color, str) and color.strip().lower() in COLORS:
            return color.strip().lower()
        return inputs.one_of(color, _("A car's color"), COLORS, TileError)

    def put_car(self, color: object, square: object) -> str:
        """Put the car of ``color`` on the tile on ``square`` (from wherever it was)."""
        car, where = self._car(color), self._taken(square)
        self._cars[car] = where
        self._headings.pop(car, None)
        return _("The {color} car is on {square}.").format(color=color_adjective(car), square=self.name(where))

    def take_car(self, color: object) -> str:
        """Take the car of ``color`` off the grid."""
        car = self._placed(color)
        del self._cars[car]
        self._headings.pop(car, None)
        return _("The {color} car is off the grid.").format(color=color_adjective(car))

    def _placed(self, color: object) -> str:
        car = self._car(color)
        if car not in self._cars:
            raise TileError(_("The {color} car is not on the grid: put it on a tile first.").format(
                color=color_adjective(car)))
        return car

    def drive(self, color: object, square: object) -> str:
        """Drive the car of ``color`` one square, onto the neighbouring ``square``, along a road."""
        car, to = self._placed(color), self.square(square)
        here = self._cars[car]
        ways = [d for d in range(4) if self._next(here, d) == to]
        if not ways:
            raise TileError(_("{square} is not next to {here}, where the {color} car stands: a car drives one "
                              "square at a time.").format(square=self.name(to), here=self.name(here),
                                                          color=color_adjective(car)))
        d = ways[0]
        if self._joined(here, d) is None:
            raise TileError(_("No road leads from {here} to {square}: {why}").format(
                here=self.name(here), square=self.name(to), why=self._why_not(here, d)))
        self._cars[car], self._headings[car] = to, d
        return _("The {color} car drives {direction} to {square}.").format(
            color=color_adjective(car), direction=direction_word(d), square=self.name(to))

    def _why_not(self, here: Square, d: int) -> str:
        there = self._next(here, d)
        if not self._laid[here].mask & BITS[d]:
            return _("the tile on {here} does not open to the {direction}.").format(
                here=self.name(here), direction=direction_word(d))
        if there is None or there not in self._laid:
            return _("no tile lies there.")
        return _("the tile there does not open to the {direction}.").format(direction=direction_word(opposite(d)))

    def drive_round(self, color: object) -> list[str]:
        """Drive the car of ``color`` round until it is back where it set off, heading the
        same way: the squares in order, ending where it began. The car then stands there
        again. A broken road on the way stops it with an error, and the car stays put."""
        car = self._placed(color)
        start = self._cars[car]
        heading = self._first_heading(car, start)
        state: Heading = (start, heading)
        path = [start]
        while True:
            here, d = state
            there = self._joined(here, d)
            if there is None:
                raise TileError(_("The {color} car cannot drive round: the road is broken at {here} toward the "
                                  "{direction}.").format(color=color_adjective(car), here=self.name(here),
                                                         direction=direction_word(d)))
            state = (there, self._way_on(there, opposite(d)))
            path.append(there)
            if state == (start, heading):
                break
        self._headings[car] = heading
        return [self.name(sq) for sq in path]

    def _first_heading(self, car: str, square: Square) -> int:
        """The way a car sets off: on as it was heading, where the road goes on that way;
        else its tile's first opening clockwise from north."""
        piece = self._laid[square]
        last = self._headings.get(car)
        if last is not None:
            on = self._way_on(square, opposite(last))
            if piece.mask & BITS[on]:
                return on
        return next(d for d in range(4) if piece.mask & BITS[d])  # every piece opens somewhere

    def _way_on(self, square: Square, came_from: int) -> int:
        """The way out of ``square`` for a car that came in from side ``came_from``:
        round a curve's bend, straight on where the road goes straight on, back where it
        cannot go on (a dead end, a start-finish tile)."""
        mask = self._laid[square].mask
        ahead = opposite(came_from)
        if mask & BITS[ahead]:
            return ahead
        others = [d for d in range(4) if mask & BITS[d] and d != came_from]
        return others[0] if len(others) == 1 else came_from

    def __repr__(self) -> str:
        return f"FreePlay(rows={self._rows}, cols={self._cols}, laid={len(self._laid)}, cars={self.cars})"


__all__ = ["FreePlay", "Piece", "box_pieces", "MAX_SIDE", "PIT_STOP"]
