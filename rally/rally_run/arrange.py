"""A Rally Run position chosen by hand, for lessons and tests (see :meth:`RallyRunGame.arrange`).

:func:`arranged` changes a new game's state as asked, keeping the tile mix by trading
tiles around, and works out the turn and the previous player's swap when not given.

>>> from rally.rally_run import RallyRunGame
>>> state = arranged(RallyRunGame.new(2).state(), tiles={"B2": "X:NESW"}, cars=["B2", "green"])
>>> str(state.tiles[6]), str(state.cars[0]), state.turn
('X:NESW', 'B2', 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..common import inputs
from ..common.errors import SetupError
from ..common.i18n import N_, _, ngettext
from .board import CELL_LIST, CELLS, PIT, ROAD_CELLS, START_CORNERS, Cell, Place, distance, parse_place, place_of
from .legality import earliest_turn
from .state import MOVE, RunState
from .tiles import BY_CODE, KINDS, Tile, TileKind

#: How many road tiles :meth:`RallyRunGame.arrange` lays at most: one per road cell.
MAX_LAID = len(ROAD_CELLS)
#: Why :meth:`RallyRunGame.arrange` cannot lay a tile, by kind (shown translated).
_NONE_LEFT = {TileKind.STRAIGHT: N_("The tile mix has no straight left to lay on {cell}."),
              TileKind.CURVE: N_("The tile mix has no curve left to lay on {cell}."),
              TileKind.CROSSROADS: N_("The tile mix has no crossroads left to lay on {cell}."),
              TileKind.DEAD_END: N_("The tile mix has no dead end left to lay on {cell}.")}


def arranged(base: RunState, *, tiles: Mapping[str, str] | None = None, cars: Sequence[str | Place] | None = None,
             trophies: Sequence[str | None] | None = None, turn: int | None = None,
             last_swap: Sequence[str | Cell] | None = None) -> RunState:
    """The position of a new game's state ``base`` changed as asked (the arguments
    are those of :meth:`RallyRunGame.arrange`), not yet checked to be one a game can
    reach; bad arguments raise :class:`~rally.SetupError`."""
    n = base.players
    codes = _laid([-1 if t is None else t.code for t in base.tiles], tiles)
    starts = [CELLS + k for k in START_CORNERS[n]]
    places = starts if cars is None else [
        parse_place(p) for p in inputs.sequence(cars, _("The cars"), SetupError, "['B2', 'green']", n)]
    stack = list(base.trophy_stack)
    held: list[str | None] = [None] * n
    if trophies is not None:
        held = list(inputs.sequence(trophies, _("The trophies"), SetupError, "['red', None]", n))
        for color in held:
            if color in stack:
                stack.remove(color)
    pair = None
    if last_swap is not None:
        swapped = inputs.sequence(last_swap, _("The tiles just swapped"), SetupError, "['B2', 'D4']", 2)
        if len(swapped) != 2:
            inputs.fail(SetupError, _("The tiles just swapped"), _("two cells"), last_swap, "['B2', 'D4']")
        pair = (Cell.parse(swapped[0]), Cell.parse(swapped[1]))
    position = base.position.replace(
        turn=0 if turn is None else turn, phase=MOVE, pending=None,
        tiles=tuple(None if c < 0 else BY_CODE[c] for c in codes), cars=tuple(place_of(p) for p in places),
        trophies=tuple(held), trophy_stack=tuple(stack), last_swap=pair, winner=None, end_reason=None)
    if turn is None:
        position = position.replace(turn=earliest_turn(position))
    previous = (position.first_player + position.turn - 1) % n
    if position.turn and pair is None and places[previous] == starts[previous]:
        far = sorted((c for c in ROAD_CELLS if c not in places),
                     key=lambda c: (-min(distance(c, p) for p in places), c))
        position = position.replace(last_swap=(CELL_LIST[far[0]], CELL_LIST[far[1]]))
    return position


def _laid(codes: list[int], tiles: Mapping[str, str] | None) -> list[int]:
    """The tile ``codes`` by cell with ``tiles`` (cell -> tile text) laid, each kind
    taken from another cell not laid yet, so the mix stays the same."""
    laid: set[int] = set()
    given = {} if tiles is None else tiles
    if not isinstance(given, Mapping) or len(given) > MAX_LAID:
        inputs.fail(SetupError, _("The tiles to lay"), ngettext(
            "a dict of at most {n} cell and tile", "a dict of at most {n} cells and tiles", MAX_LAID).format(
            n=MAX_LAID), tiles, "{'B2': 'C:NE'}")
    for text, tile_text in given.items():
        cell = Cell.parse(text).index
        code = Tile.parse(tile_text).code
        if cell == PIT:
            raise SetupError(_("C3 always holds the pit stop; lay road tiles on the other cells."))
        if codes[cell] >> 2 != code >> 2:
            spare = next((c for c in ROAD_CELLS
                          if c not in laid and c != cell and codes[c] >> 2 == code >> 2), None)
            if spare is None:
                raise SetupError(_(_NONE_LEFT[KINDS[code >> 2]]).format(cell=CELL_LIST[cell]))
            codes[cell], codes[spare] = codes[spare], codes[cell]
        codes[cell] = code
        laid.add(cell)
    return codes
