"""The Rally Run board (ruling M1): a 5x5 grid, the pit stop in its centre, and four
start-finish tiles outside it, one beside each corner cell.

Cells are written with a column letter A-E (west to east) and a row number 1-5
(north to south): ``A1`` is the north-west corner, ``C3`` the pit stop. A
:class:`Cell` is always on the board: ``Cell(row, col)`` takes a row and a column from
0 to 4 and refuses anything else.

The four start-finish tiles sit west of the western corner cells and east of the
eastern ones (decision R1), so no two touch; each one's road runs into its corner
cell. Their colors, clockwise from the north-west: red (A1), blue (E1), green (E5),
yellow (A5).

Engine *places* are integers: cells 0-24 (``row * 5 + column``), then the
start-finish tiles 25-28 in the order of :data:`START_FINISH`.

>>> from rally.rally_run import Cell, START_FINISH, PIT_STOP, DEFAULT_TILE_MIX
>>> Cell.parse("b3"), Cell(2, 1).index, str(PIT_STOP)
(Cell.parse('B3'), 11, 'C3')
>>> [(str(sf), str(sf.corner), sf.side) for sf in START_FINISH]
[('red start-finish', 'A1', 'W'), ('blue start-finish', 'E1', 'E'), ('green start-finish', 'E5', 'E'), ('yellow start-finish', 'A5', 'W')]
>>> sum(DEFAULT_TILE_MIX.values())
24
>>> Cell(5, 0)
Traceback (most recent call last):
...
rally.common.errors.TileError: A cell's row (0 is row 1, in the north) must be a whole number from 0 to 4, like 0, not 5.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Union

from ..common import inputs
from ..common.errors import SetupError, TileError
from ..common.i18n import N_, _, join_words, ngettext, pgettext
from .tiles import ALL_OPEN, BITS, DIRECTIONS, KIND_INDEX, KINDS, PERIODS, STEPS, TileKind, direction_word, opposite

SIZE = 5
COLUMNS = "ABCDE"
CELLS = SIZE * SIZE
#: The centre cell's index (C3).
PIT = 12
#: Road-tile cells: every cell but the pit stop.
ROAD_CELLS = tuple(i for i in range(CELLS) if i != PIT)
#: The number of road tiles a tile mix must have.
ROAD_TILES = len(ROAD_CELLS)
COLORS = ("red", "blue", "green", "yellow")
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def color_adjective(color: str) -> str:
    """A start-finish color as a sentence uses it beside a noun or after "is", in the
    language spoken: ``"red"`` (German ``"rot"``; the German sentences add the ending)."""
    # TRANSLATORS: a color as an adjective without its ending: the sentences add it
    # ("das {color}e Start-Ziel-Plättchen", "vom {color}en ..."), so give the stem ("rot").
    words = {"red": pgettext("color adjective", "red"), "blue": pgettext("color adjective", "blue"),
             "green": pgettext("color adjective", "green"), "yellow": pgettext("color adjective", "yellow")}
    return words.get(color, color)


def color_noun(color: str) -> str:
    """A start-finish color as a noun (a label, an item of a list), in the language
    spoken: ``"red"`` (German ``"Rot"``)."""
    words = {"red": pgettext("color", "red"), "blue": pgettext("color", "blue"),
             "green": pgettext("color", "green"), "yellow": pgettext("color", "yellow")}
    return words.get(color, color)


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """A grid cell by ``row`` (0-4, north to south) and ``col`` (0-4, west to east).

    ``str(Cell(0, 1)) == "B1"``; :meth:`parse` reads that text (any case).
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (inputs.is_whole(self.row) and 0 <= self.row < SIZE):
            inputs.whole(self.row, _("A cell's row (0 is row 1, in the north)"), 0, SIZE - 1, TileError)
        if not (inputs.is_whole(self.col) and 0 <= self.col < SIZE):
            inputs.whole(self.col, _("A cell's column (0 is column A, in the west)"), 0, SIZE - 1, TileError)

    @property
    def index(self) -> int:
        return self.row * SIZE + self.col

    @classmethod
    def of(cls, index: int) -> Cell:
        """The cell of an engine index, 0 (A1) to 24 (E5)."""
        if inputs.is_whole(index) and 0 <= index < CELLS:
            return CELL_LIST[index]
        return CELL_LIST[inputs.whole(index, _("A cell index"), 0, CELLS - 1, TileError)]

    def __str__(self) -> str:
        return f"{COLUMNS[self.col]}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Cell.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Cell:
        """A cell from ``"B3"`` (column A-E, row 1-5), a ``Cell`` or a ``(row, col)`` pair."""
        if isinstance(text, Cell):
            return text
        if isinstance(text, tuple) and len(text) == 2:
            return CELL_LIST[cls(text[0], text[1]).index]
        if isinstance(text, str) and len(text) <= 8:
            t = text.strip().upper()
            if len(t) == 2 and t[0] in COLUMNS and t[1] in "12345":
                return CELL_LIST[(int(t[1]) - 1) * SIZE + COLUMNS.index(t[0])]
        inputs.fail(TileError, _("A cell"), _("a column A-E and a row 1-5"), text, "'B3'")


CELL_LIST = tuple(Cell(i // SIZE, i % SIZE) for i in range(CELLS))
PIT_STOP = CELL_LIST[PIT]
#: The start-finish tiles by color: the corner cell each one lies beside, and on which side (R1).
_START_FINISH_TILES = {"red": (CELL_LIST[0], "W"), "blue": (CELL_LIST[4], "E"),
                       "green": (CELL_LIST[24], "E"), "yellow": (CELL_LIST[20], "W")}


@dataclass(frozen=True, slots=True)
class StartFinish:
    """A start-finish tile: its ``color``, the ``corner`` cell its road runs into, and
    the ``side`` of that corner it lies on (``"W"`` or ``"E"``). There are exactly four
    (:data:`START_FINISH`); any other is refused.

    ``position`` is its (row, col) just outside the grid, handy for drawing."""

    color: str
    corner: Cell
    side: str

    def __post_init__(self) -> None:
        if not (isinstance(self.color, str) and self.color in COLORS):
            inputs.one_of(self.color, _("A start-finish tile's color"), COLORS, TileError)
        if _START_FINISH_TILES[self.color] != (self.corner, self.side):
            corner, side = _START_FINISH_TILES[self.color]
            inputs.fail(TileError, _("The {color} start-finish tile").format(color=color_adjective(self.color)),
                        _("beside {corner}, to its {side} (R1)").format(corner=corner,
                                                                        side=direction_word(DIRECTIONS.index(side))),
                        (self.corner, self.side), f"START_FINISH[{COLORS.index(self.color)}]")

    @property
    def position(self) -> tuple[int, int]:
        dr, dc = STEPS[DIRECTIONS.index(self.side)]
        return self.corner.row + dr, self.corner.col + dc

    @property
    def place(self) -> int:
        return CELLS + COLORS.index(self.color)

    def __str__(self) -> str:
        return f"{self.color} start-finish"


#: The start-finish tiles clockwise from the north-west, with their colors (R1).
START_FINISH = tuple(StartFinish(color, *_START_FINISH_TILES[color]) for color in COLORS)
#: Where a car may stand: a cell, or a start-finish tile.
Place = Union[Cell, StartFinish]
PLACES = CELLS + len(START_FINISH)
#: Which start-finish tiles the cars start on, by number of players (R2): two
#: players start on opposite corners.
START_CORNERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
#: The default name of each car color's driver (decision R14): a name keeps the car color
#: it has in Stich Rallye (:data:`rally.stich_rallye.game.CAR_COLORS`: Bo red, Cy yellow, Ed blue);
#: green, which Stich Rallye has not, is Gus's. See :func:`default_names`.
NAMES_BY_COLOR = {"red": "Bo", "blue": "Ed", "green": "Gus", "yellow": "Cy"}


def default_names(players: int) -> tuple[str, ...]:
    """The default names of a ``players``-player game, by seat: each seat's car color's
    name in :data:`NAMES_BY_COLOR`.

    >>> default_names(2), default_names(4)
    (('Bo', 'Gus'), ('Bo', 'Ed', 'Gus', 'Cy'))
    """
    return tuple(NAMES_BY_COLOR[COLORS[k]] for k in START_CORNERS[players])


def _neighbours() -> tuple[tuple[int, ...], ...]:
    table = [[-1] * 4 for _ in range(PLACES)]
    for i in range(CELLS):
        r, c = divmod(i, SIZE)
        for d, (dr, dc) in enumerate(STEPS):
            if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                table[i][d] = (r + dr) * SIZE + c + dc
    for k, sf in enumerate(START_FINISH):
        d = DIRECTIONS.index(sf.side)
        table[sf.corner.index][d] = CELLS + k
        table[CELLS + k][opposite(d)] = sf.corner.index
    return tuple(tuple(row) for row in table)


#: ``NEIGHBOURS[place][direction]``: the place one step that way, or -1 off the board.
NEIGHBOURS = _neighbours()
#: The openings of the fixed tiles: the pit stop opens everywhere, a start-finish tile
#: only toward its corner.
FIXED_MASKS = {PIT: ALL_OPEN, **{
    CELLS + k: BITS[opposite(DIRECTIONS.index(sf.side))] for k, sf in enumerate(START_FINISH)}}


def place_of(index: int) -> Place:
    """The public object for an engine place (0-24 cells, 25-28 start-finish tiles)."""
    return CELL_LIST[index] if index < CELLS else START_FINISH[index - CELLS]


def place_name(index: int) -> str:
    """``"B3"`` for a cell, ``"red start-finish"`` for a start-finish tile."""
    return str(place_of(index))


def place_words(index: int) -> str:
    """``"B3"`` for a cell, ``"the red start-finish tile"`` for a start-finish tile."""
    return str(CELL_LIST[index]) if index < CELLS else f"the {START_FINISH[index - CELLS]} tile"


def parse_place(text: object) -> int:
    """An engine place from a cell (``"B3"``, ``Cell``), a :class:`StartFinish` or a color word."""
    if isinstance(text, StartFinish):
        return text.place
    if isinstance(text, str) and len(text) <= 40:
        word = text.strip().lower().split(" ")[0]
        if word in COLORS:
            return CELLS + COLORS.index(word)
    if isinstance(text, (str, Cell, tuple)):
        try:
            return Cell.parse(text).index
        except TileError:
            pass
    # TRANSLATORS: {colors} are the color names the program reads, in English.
    inputs.fail(TileError, _("A place"), _("a cell A1-E5 or a start-finish tile by its color ({colors})").format(
        colors=", ".join(COLORS)), text, join_words(["'B3'", "'red'"], "or"))


def _at(p: int) -> tuple[int, int]:
    return divmod(p, SIZE) if p < CELLS else START_FINISH[p - CELLS].position


def place_index(value: object) -> int:
    """``value`` if it is an engine place, a whole number from 0 to 28 (0-24 the cells,
    row by row; 25-28 the start-finish tiles), else :class:`~rally.TileError`.

    >>> place_index(28)
    28
    >>> place_index(True)
    Traceback (most recent call last):
    ...
    rally.common.errors.TileError: A place (0-24 the cells, 25-28 the start-finish tiles) must be a whole number from 0 to 28, like 0, not True.
    """
    if type(value) is int and 0 <= value < PLACES:
        return value
    # TRANSLATORS: a place as the engine numbers it; the numbers are the program's: keep them.
    return inputs.whole(value, _("A place (0-24 the cells, 25-28 the start-finish tiles)"), 0, PLACES - 1, TileError)


def distance(a: int, b: int) -> int:
    """Steps between two places on an open board (start-finish tiles count as one
    step beyond their corner): no car gets from ``a`` to ``b`` in fewer moves.

    >>> distance(0, 24), distance(0, 25)
    (8, 1)
    """
    if not (type(a) is int and type(b) is int and 0 <= a < PLACES and 0 <= b < PLACES):  # checked first: bots sort by it
        a, b = place_index(a), place_index(b)
    (r1, c1), (r2, c2) = _at(a), _at(b)
    return abs(r1 - r2) + abs(c1 - c2)


# --------------------------------------------------------------------------- tile mix

#: The default mix of the 24 road tiles (ruling M2; the printed mix is not in the rule
#: text, so this is a model, and any mix of 24 tiles may be given).
DEFAULT_TILE_MIX: Mapping[TileKind, int] = {
    TileKind.STRAIGHT: 8, TileKind.CURVE: 8, TileKind.CROSSROADS: 4, TileKind.DEAD_END: 4,
}
#: A tile mix as counts by kind index (straight, curve, crossroads, dead end).
Counts = tuple[int, int, int, int]
#: A tile mix as given: counts by kind (``TileKind``, name or letter), or four counts in kind order.
TileMix = Union[Mapping[TileKind, int], Mapping[str, int], Sequence[int]]
_MIX_EXAMPLE = "{'straight': 8, 'curve': 8, 'crossroads': 4, 'dead end': 4}"
#: What an error about one kind's count names, by kind.
_COUNT_OF = {TileKind.STRAIGHT: N_("The number of straight tiles"), TileKind.CURVE: N_("The number of curve tiles"),
             TileKind.CROSSROADS: N_("The number of crossroads tiles"),
             TileKind.DEAD_END: N_("The number of dead end tiles")}


def check_tile_mix(mix: object) -> Counts:
    """A tile mix as counts by kind index, checked: every kind's count is a whole
    number from 0 to 24 and they add up to 24. Keys may be :class:`TileKind`, names or
    letters; four counts in the order straight, curve, crossroads, dead end also do.

    >>> check_tile_mix({"straight": 6, "curve": 10, "X": 4, "dead end": 4})
    (6, 10, 4, 4)
    """
    if isinstance(mix, (list, tuple)) and len(mix) == len(KINDS):
        mix = dict(zip(KINDS, mix))
    if not isinstance(mix, Mapping) or len(mix) > 2 * len(KINDS):
        inputs.fail(SetupError, _("The tile mix"), _("counts by kind"), mix, _MIX_EXAMPLE)
    counts = [0, 0, 0, 0]
    for key, value in mix.items():
        try:
            kind = TileKind.parse(key)
        except TileError as err:
            raise SetupError(_("In the tile mix: {problem}").format(problem=err)) from None
        counts[KIND_INDEX[kind]] += (value if inputs.is_whole(value) and 0 <= value <= ROAD_TILES else
                                     inputs.whole(value, _(_COUNT_OF[kind]), 0, ROAD_TILES, SetupError))
    if sum(counts) != ROAD_TILES:
        raise SetupError(ngettext(
            "The tile mix has {n} road tiles; the grid needs exactly {need} (every cell but the pit stop), "
            "like 8 straights, 8 curves, 4 crossroads and 4 dead ends.",
            "The tile mix has {n} road tiles; the grid needs exactly {need} (every cell but the pit stop), "
            "like 8 straights, 8 curves, 4 crossroads and 4 dead ends.", sum(counts)).format(n=sum(counts),
                                                                                           need=ROAD_TILES))
    return counts[0], counts[1], counts[2], counts[3]


def deal_layout(seed: int, counts: Sequence[int], players: int) -> tuple[list[int], list[str]]:
    """The starting layout, a pure function of the seed: the tile code (kind index * 4
    + rotation) on each of the 25 cells (-1 on the pit stop), and the trophy stack
    from the top down (``seed`` and ``counts`` checked by the caller).

    SHAKE-128 of ``"rally-run:seed"`` gives the keys: the tiles are shuffled by sorting
    on 64-bit keys, each tile's rotation comes from a key byte, and the trophies are
    shuffled the same way (the style of the Stich Rallye deal, decision D9).
    """
    tiles = [k for k, n in enumerate(counts) for _ in range(n)]
    stream = hashlib.shake_128(b"rally-run:%d" % seed).digest(8 * ROAD_TILES + ROAD_TILES + 8 * 4)
    keys = memoryview(stream[:8 * ROAD_TILES]).cast("Q").tolist()
    spins = stream[8 * ROAD_TILES:9 * ROAD_TILES]
    trophy_keys = memoryview(stream[9 * ROAD_TILES:]).cast("Q").tolist()
    order = sorted(range(ROAD_TILES), key=keys.__getitem__)
    layout = [-1] * CELLS
    for cell, i, spin in zip(ROAD_CELLS, order, spins):
        kind = tiles[i]
        layout[cell] = kind * 4 + spin % PERIODS[kind]
    colors = [START_FINISH[k].color for k in START_CORNERS[players]]
    stack = [c for _, c in sorted(zip(trophy_keys, colors))]
    return layout, stack


__all__ = [
    "Cell", "StartFinish", "Place", "START_FINISH", "START_CORNERS", "NAMES_BY_COLOR", "default_names", "PIT_STOP",
    "COLORS", "DEFAULT_TILE_MIX",
    "TileMix", "Counts", "check_tile_mix", "distance", "place_of", "parse_place", "ROAD_TILES", "MIN_PLAYERS",
    "MAX_PLAYERS", "color_adjective", "color_noun",
]
