"""FreePlayBoard: Rally Run's free play on screen: lay the tiles as you like, by clicks.

Every rule is the engine's (:class:`rally.rally_run.FreePlay`, decision R13); this view
draws plain data computed from it and sends it the clicks. A click on a piece of the box
chooses it; a click on an empty square lays it there; a click on a laid tile turns it a
quarter turn. *Take back* makes the next click take a tile back into the box. A car is
chosen by its button: a click on a tile puts it there, and from then on a click on the
next tile along a road drives it there; *Drive round* drives it round the roads until it
is back where it set off. Under the grid the engine says where a road is broken or that
the tiles make a closed circuit. A refused click shows the engine's reason and changes
nothing. Roads are drawn as grey arms from each tile's middle to the sides it opens to; a
broken side carries a ✕ as well as its red, so no color stands alone.

>>> board = FreePlayBoard(rows=2, cols=2)
>>> board.choose_piece("curve")
True
>>> [board.click(square) for square in ("A1", "A1", "B1", "B1", "B1")]  # lay, turn, lay, turn, turn
[True, True, True, True, True]
>>> board.laid()
{'A1': 'C:ES', 'B1': 'C:SW'}
>>> board.verdict
'The road is broken in 2 places: the south side of A1 and the south side of B1.'
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

import rally
from rally.rally_run import FreePlay, Piece
from rally.rally_run.board import COLORS
from rally.rally_run.tiles import BITS, DIRECTIONS, KINDS, mask_words

from .._display import StableRepr
from ..messages import StatusLine
from ..i18n import _, ngettext
from .board_rows import COLOR_LETTERS, RUN_HEX, RUN_TEXT_HEX
from .board_words import color_adjective, color_noun

HERE = pathlib.Path(__file__).parent
#: Errors a click's text may raise (all typed by rally): shown in the status line, never raised.
CLICK_ERRORS = (rally.RuleError, ValueError, TypeError)
MODES = ("lay", "lift")


def _code(piece: Piece) -> str:
    """How the page names a piece of the box (what :meth:`Piece.parse` reads back): the
    kind letter of a road tile, ``P`` for the pit stop, a start-finish tile's color."""
    if piece.kind is not None:
        return piece.kind.letter
    return piece.color if piece.color is not None else "P"


def _letter(piece: Piece) -> str:
    """A piece's kind for the page to tell pieces apart (never shown): S, C, X or D, P for
    the pit stop, a start-finish tile's color letter (R, B, G, Y)."""
    if piece.kind is not None:
        return piece.kind.letter
    return COLOR_LETTERS[piece.color] if piece.color is not None else "P"


def _mark(piece: Piece) -> str:
    """The word drawn on a piece, as the game's board draws it: none on a road tile (its
    road shows its kind), the pit stop's short word, a start-finish tile's color as a word
    (never a letter: on the board a letter is a driver's initial), so no piece is told by
    color alone."""
    if piece.kind is not None:
        return ""
    return color_noun(piece.color) if piece.color is not None else _("PIT")


def _car(color: str) -> dict[str, str]:
    """A car as the page draws it: its color, the color's word (``letter``: what the car
    shows) and screen colors."""
    return {"color": color, "letter": color_noun(color), "hex": RUN_HEX[color], "text_hex": RUN_TEXT_HEX[color]}


def _labels() -> dict[str, str]:
    """The words of the page around the grid (free_play.js shows only what it is given)."""
    return {
        "box": _("This app's pieces: choose one, then an empty square"),
        "cars": _("Cars: choose one, then a tile"),
        "lift": _("Take back"), "round": _("Drive round"), "grid": _("Free play grid"),
    }


class FreePlayBoard(StableRepr, StatusLine, anywidget.AnyWidget):
    """Free play on a grid of ``rows`` x ``cols`` squares with the box of ``tile_mix``
    (the default mix unless given): the engine's :class:`FreePlay` in :attr:`play`."""

    _esm = HERE / "free_play.js"
    _css = HERE / "free_play.css"

    rows = traitlets.Int(6).tag(sync=True)
    cols = traitlets.Int(8).tag(sync=True)
    squares = traitlets.List(traitlets.Dict()).tag(sync=True)
    pieces = traitlets.List(traitlets.Dict()).tag(sync=True)
    car_buttons = traitlets.List(traitlets.Dict()).tag(sync=True)
    chosen_piece = traitlets.Unicode("").tag(sync=True)
    chosen_car = traitlets.Unicode("").tag(sync=True)
    mode = traitlets.Unicode("lay").tag(sync=True)
    #: The engine's word on the grid: where a road is broken, or a closed circuit.
    verdict = traitlets.Unicode("").tag(sync=True)
    #: The squares of the last drive round, in order (the page moves the car along them).
    route = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The color of the car driven round (the car the page moves along the route).
    driver = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, rows: int = 6, cols: int = 8, tile_mix: Any = None) -> None:
        self.play = FreePlay(rows, cols) if tile_mix is None else FreePlay(rows, cols, tile_mix)
        super().__init__(rows=self.play.rows, cols=self.play.cols)
        self.on_msg(self._on_msg)
        self._refresh()

    # ------------------------------------------------------------------ clicking
    def choose_piece(self, name: str) -> bool:
        """Choose a piece of the box to lay (``"curve"`` or ``"C"``, ``"pit stop"`` or ``"P"``, ``"red"``)."""
        try:
            piece = Piece.parse(name)
        except CLICK_ERRORS as err:
            return self._refuse(str(err))
        if piece.name not in self.play.left():
            return self._refuse(_("None of {piece} is left in the box.").format(piece=piece.words()))
        self.chosen_piece, self.chosen_car, self.mode = _code(piece), "", "lay"
        self._say(_("Tap or click an empty square to lay {piece} there.").format(piece=piece.words()))
        self._refresh()
        return True

    def choose_car(self, color: str) -> bool:
        """Choose the car of ``color`` (again: put the choice down)."""
        if color not in COLORS:
            return self._refuse(_("A car's color is one of {colors}, not {given}.").format(
                colors=", ".join(COLORS), given=repr(color)))
        if self.chosen_car == color:
            self.chosen_car = ""
            # Said, not silent: the next tap on a tile now turns it rather than moving the car.
            self._say(_("The {color} car is no longer chosen: a tap on a tile now turns the tile.").format(
                color=color_adjective(color)))
        else:
            self.chosen_car, self.chosen_piece, self.mode = color, "", "lay"
            on = self.play.cars.get(color)
            said = (_("The {color} car: tap or click the next tile along a road to drive there.") if on
                    else _("The {color} car: tap or click a tile to put it there."))
            self._say(said.format(color=color_adjective(color)))
        self._refresh()
        return True

    def set_mode(self, mode: str) -> bool:
        """``"lift"``: the next click on a tile takes it back into the box; ``"lay"``: back to laying."""
        if mode not in MODES:
            # TRANSLATORS: 'lay' and 'lift' are what the program reads: keep them.
            return self._refuse(_("The mode is 'lay' or 'lift', not {given}.").format(given=repr(mode)))
        self.mode, self.chosen_piece, self.chosen_car = mode, "", ""
        self._say(_("Tap or click a tile to take it back into the box.") if mode == "lift" else "")
        self._refresh()
        return True

    def click(self, square: str) -> bool:
        """A click on a square (``"B3"``): lay, turn, take back, put or drive a car, as chosen."""
        play = self.play
        try:
            where = play.name(play.square(square))
            laid = play.piece_at(where) is not None
            if self.chosen_car:
                color = self.chosen_car
                said = play.drive(color, where) if color in play.cars else play.put_car(color, where)
            elif self.mode == "lift":
                said = play.lift(where)
                self.mode = "lay"
            elif not laid and self.chosen_piece:
                said = play.lay(where, self.chosen_piece)
                if Piece.parse(self.chosen_piece).name not in play.left():
                    self.chosen_piece = ""
            elif laid:
                said = play.turn(where)
            else:
                return self._refuse(_("Choose a piece of the box first, then an empty square."))
        except CLICK_ERRORS as err:
            return self._refuse(str(err))
        self.route = []
        self._say(said)
        self._refresh()
        return True

    def drive_round(self, color: str | None = None) -> bool:
        """Drive the chosen car (or the car of ``color``) round, back to where it set off."""
        color = color or self.chosen_car or next(iter(self.play.cars), "")
        if not color:
            return self._refuse(_("Put a car on a tile first: choose a car, then a tile."))
        try:
            route = self.play.drive_round(color)
        except CLICK_ERRORS as err:
            return self._refuse(str(err))
        self.route = []  # a new trip, even along the same route: the page lights it again
        self.driver = color
        self.route = route
        self._say(_("The {color} car drove round: {route}, {n} squares, and is back on {start}.").format(
            color=color_adjective(color), route=" → ".join(route), n=len(route) - 1, start=route[0]))
        self._refresh()
        return True

    def laid(self) -> dict[str, str]:
        """Every laid tile by square, as the engine writes a road tile (``"C:NE"``) or by name."""
        return {sq: (f"{p.kind.letter}:{''.join(p.openings)}" if p.kind is not None else p.name)
                for sq, p in self.play.laid.items()}

    def _on_msg(self, widget, content: dict, buffers) -> None:
        """What the page sends: ``{"type": "click", "square": "B3"}``, ``{"type": "piece", "name":
        "C"}`` (a piece's code, or any name :meth:`Piece.parse` reads), ``{"type": "car", "color": "red"}``, ``{"type": "mode", "mode": "lift"}``,
        ``{"type": "round"}``."""
        kind = content.get("type") if isinstance(content, dict) else None
        kind = kind if isinstance(kind, str) else None  # a list or a dict is no message type
        handlers = {"click": ("square", self.click), "piece": ("name", self.choose_piece),
                    "car": ("color", self.choose_car), "mode": ("mode", self.set_mode)}
        if kind == "round":
            self.drive_round()
        elif kind in handlers and handlers[kind][0] in content:
            key, handle = handlers[kind]
            handle(str(content[key]))
        else:
            self._refuse(_("The page sent a message the board does not understand: {message}.").format(
                message=repr(content)))

    # ------------------------------------------------------------------ showing
    def _refresh(self) -> None:
        play = self.play
        broken: dict[str, list[str]] = {}
        for square, side in play.broken_roads():
            broken.setdefault(square, []).append(side)
        here: dict[str, list[str]] = {}
        for color, square in play.cars.items():
            here.setdefault(square, []).append(color)
        squares = []
        for row in range(play.rows):
            for col in range(play.cols):
                name = play.name((row, col))
                piece = play.piece_at(name)
                cars = here.get(name, [])
                words = (_("{square}: {piece}, open to {directions}").format(
                    square=name, piece=piece.words(), directions=mask_words(piece.mask))
                    if piece is not None else _("{square}: empty").format(square=name))
                if broken.get(name):
                    words += "; " + _("road broken toward {directions}").format(
                        directions=mask_words(sum(BITS[DIRECTIONS.index(side)] for side in broken[name])))
                if cars:
                    words += "; " + _("here: {cars}").format(cars=", ".join(
                        _("the {color} car").format(color=color_adjective(c)) for c in cars))
                squares.append({
                    "square": name, "row": row, "col": col, "kind": _letter(piece) if piece else "",
                    "mark": _mark(piece) if piece else "",
                    "color": (piece.color or "") if piece else "", "openings": list(piece.openings) if piece else [],
                    "broken": broken.get(name, []), "cars": [_car(c) for c in cars], "label": words})
        left = play.left()
        pieces = [{"code": _code(piece), "kind": _letter(piece), "mark": _mark(piece), "color": piece.color or "",
                   "hex": RUN_HEX.get(piece.color or "", ""), "left": left.get(piece.name, 0),
                   "words": piece.words(), "openings": list(piece.openings)}
                  for piece in [*(Piece(kind) for kind in KINDS), Piece(), *(Piece(color=c) for c in COLORS)]]
        cars_shown = [{**_car(c), "word": color_noun(c), "on": play.cars.get(c, ""),
                       "label": _("the {color} car").format(color=color_adjective(c))} for c in COLORS]
        with self.hold_sync():
            self.squares, self.pieces, self.car_buttons = squares, pieces, cars_shown
            self.verdict = play.status()
            self.labels = _labels()

    def __repr__(self) -> str:
        laid = len(self.play.laid)
        return ngettext("Free play on {rows} x {cols} squares, {n} tile laid: {verdict}",
                        "Free play on {rows} x {cols} squares, {n} tiles laid: {verdict}", laid).format(
            rows=self.play.rows, cols=self.play.cols, n=laid, verdict=self.play.status())


__all__ = ["FreePlayBoard"]
