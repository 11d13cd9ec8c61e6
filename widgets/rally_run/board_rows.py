"""What the Rally Run board's page draws, as plain rows computed from
``game.observation(seat)``: the cells (face-down tiles only as "face down", never their
kind or rotation), the start-finish tiles, the cars, the players' lines beside the board
and the rotations offered for a tile just revealed. Each row carries its words, in the
language rally speaks (:mod:`widgets.rally_run.board_words`).

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> [(row["cell"], row["state"]) for row in cell_rows(game.observation(0), {})][:3]
[('A1', 'down'), ('B1', 'down'), ('C1', 'down')]
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rally.rally_run import (COLORS, START_FINISH, CarMoved, Cell, RallyRunGame, StartFinish, Swap, Tile, TileRevealed,
                             TilesSwapped, TileTurned)
from rally.rally_run.board import place_of
from rally.rally_run.traps import trapping_rotations

from ..i18n import _, join_words, ngettext
from ..style import short_labels
from .board_words import car_place, color_adjective, color_noun, line_place, player_line, start_tile, ways

#: Screen colors of the four Rally Run colors, and a text color that reads on each.
RUN_HEX: dict[str, str] = {"red": "#d7263d", "blue": "#1d4ed8", "green": "#15803d", "yellow": "#f6c90e"}
RUN_TEXT_HEX: dict[str, str] = {"red": "#ffffff", "blue": "#ffffff", "green": "#ffffff", "yellow": "#111111"}
#: A letter per color, so no color stands alone. The letters are the engine's and the
#: lessons' identifiers (R B G Y) in every language: a German Gelb/Grün would clash on G.
COLOR_LETTERS: dict[str, str] = {c: c[0].upper() for c in COLORS}
#: A shape per seat for the cars.
CAR_SHAPES = ("circle", "square", "triangle", "diamond")


def spot(place: Cell | StartFinish) -> str:
    """How the page names a place: ``"B3"`` for a cell, a start-finish tile by its color."""
    return place.color if isinstance(place, StartFinish) else str(place)


def cell_rows(obs, targets: Mapping[str, str], waiting: int | None = None) -> list[dict]:
    """Each cell of the observation ``obs``: the pit stop, a face-down tile or a face-up one
    with its roads, and what a click on it does (``targets``: place -> what it does). A tile
    just revealed is drawn at rotation ``waiting`` (see :func:`waiting_rotation`) when given."""
    no_swap = set(obs.no_swap)
    cells = []
    for i, code in enumerate(obs.codes):
        cell = Cell.of(i)
        row = {"cell": str(cell), "row": cell.row, "col": cell.col, "target": targets.get(str(cell), ""),
               "no_swap": i in no_swap, "pending": i == obs.pending}
        if code == -2:
            left = obs.trophies_left
            row.update(state="pit", label=ngettext("{cell}: the pit stop, {n} trophy left",
                                                   "{cell}: the pit stop, {n} trophies left", left).format(
                cell=cell, n=left) if left else _("{cell}: the pit stop, no trophies left").format(cell=cell))
        elif code == -1:
            row.update(state="down", label=_("{cell}: a face-down tile").format(cell=cell))
        else:
            tile = Tile.from_code(code)
            if i == obs.pending and waiting is not None:
                tile = Tile(tile.kind, waiting)
            row.update(state="up", tile=str(tile), kind=tile.kind.letter, openings=list(tile.openings),
                       label=_("{cell}: {tile}").format(cell=cell, tile=tile.describe()))
        cells.append(row)
    return cells


def start_rows(targets: Mapping[str, str]) -> list[dict]:
    """The four start-finish tiles, in their colors with their word."""
    starts = []
    for sf in START_FINISH:
        row, col = sf.position
        starts.append({"color": sf.color, "letter": COLOR_LETTERS[sf.color], "word": color_noun(sf.color),
                       "row": row, "col": col,
                       "side": sf.side, "hex": RUN_HEX[sf.color], "text_hex": RUN_TEXT_HEX[sf.color],
                       "target": targets.get(sf.color, ""),
                       "label": start_tile(sf.color, sf.corner)})
    return starts


def car_and_player_rows(game: RallyRunGame, obs, me: int, interactive: bool,
                        shared: bool = False) -> tuple[list[dict], list[dict]]:
    """The cars on the board and the players' lines beside it, one of each per seat;
    ``me`` is "you" on a board that may be played (``interactive``); its line says so
    unless people share the screen (``shared``: "(you)" would jump from child to child)."""
    names = game.names
    labels = short_labels(names)
    cars, infos = [], []
    for s in range(game.players):
        color = obs.start_colors[s]
        place = obs.cars[s]
        where = spot(place)
        title = _("{name}'s {color} car").format(name=names[s], color=color_adjective(color))
        cars.append({"seat": s, "name": names[s], "label": labels[s], "color": color, "hex": RUN_HEX[color],
                     "text_hex": RUN_TEXT_HEX[color], "shape": CAR_SHAPES[s], "place": where, "title": title})
        held = obs.held[s] or ""
        you = s == me and interactive
        on = car_place(place)
        infos.append({"seat": s, "name": names[s], "label": labels[s], "color": color,
                      "letter": COLOR_LETTERS[color], "hex": RUN_HEX[color], "text_hex": RUN_TEXT_HEX[color],
                      "shape": CAR_SHAPES[s], "trophy": held, "trophy_letter": COLOR_LETTERS.get(held, ""),
                      "trophy_hex": RUN_HEX.get(held, ""), "trophy_text_hex": RUN_TEXT_HEX.get(held, ""),
                      "where": on, "goal": str(game.goal(s)), "current": s == obs.current_player,
                      "you": you, "title": title,
                      "text": player_line(names[s], you and not shared, color, line_place(place, color, held), held)})
    return cars, infos


def name_cars_in_places(cars: Sequence[dict], places: Sequence[dict]) -> None:
    """Add to each place's label the cars standing there (rows of :func:`cell_rows` and
    :func:`start_rows`), so a screen reader hears them with it."""
    here: dict[str, list[str]] = {}
    for car in cars:
        here.setdefault(car["place"], []).append(car["title"])
    for row in places:
        key = row["cell"] if "cell" in row else row["color"]
        if key in here:
            row["label"] = _("{place}; here: {cars}").format(place=row["label"], cars=join_words(here[key]))


def waiting_rotation(rows: Sequence[dict]) -> int | None:
    """How the tile just revealed is drawn while it waits to be laid, from its
    :func:`rotation_rows`: the first way offered that traps no car, else the first way
    offered; ``None`` when no tile waits. The tile as it came up may face a way no rule
    allows (a dead end open to the board's edge), and the board never shows a tile lying
    where it could not lie.

    >>> game = RallyRunGame.arrange(2, tiles={"A1": "D:N"}, seed=1)
    >>> game.apply("reveal A1")
    >>> game.tile(Cell.parse("A1")).rotation in game.rotations()   # came up open to the edge
    False
    >>> waiting_rotation(rotation_rows(game)) in game.rotations()
    True
    """
    if not rows:
        return None
    return next((row["rotation"] for row in rows if not row["trap"]), rows[0]["rotation"])


def rotation_rows(game: RallyRunGame) -> list[dict]:
    """The rotations offered for the tile just revealed, as the page draws them: each with
    its look in words, and marked ⚠ when it would leave the car stuck for good (issue 41)."""
    kind = game.tile(Cell.of(game.pending)).kind
    traps = trapping_rotations(game)
    rows = []
    for r in game.rotations():
        tile = Tile(kind, r)
        words = tile.describe()
        # Said as a child sees it: which ways the road goes (the arrows), not compass points.
        label = _("lay it so the road goes {ways}").format(ways=ways(tile.openings))
        text = tile.way()
        if r in traps:  # said before the tile is laid: the car would never move again
            label = _("{choice}; careful: your car could never drive on").format(choice=label)
            text = f"⚠ {text}"
        rows.append({"rotation": r, "tile": str(tile), "kind": kind.letter, "trap": r in traps,
                     "openings": list(tile.openings), "words": words, "text": text, "label": label})
    return rows


def touched_places(events: Sequence, seats: Sequence[int]) -> list[str]:
    """The places the moves of ``seats`` in ``events`` touched, as the page rings them
    ("B3", or a start-finish tile's color): each tile turned over or laid, each pair of
    tiles swapped, where each car drove. So a computer player's turn, made in an instant,
    is seen on the board and not only in the log.

    >>> from rally.rally_run import RallyRunGame
    >>> game = RallyRunGame.new(2, seed=6)
    >>> before = len(game.events)
    >>> game.apply("reveal A1"); game.apply("rotate 1")
    >>> touched_places(game.events[before:], [0])
    ['A1']
    """
    touched: list[str] = []
    for event in events:
        if isinstance(event, (TileRevealed, TileTurned)) and event.seat in seats:
            places: tuple[int, ...] = (event.cell,)
        elif isinstance(event, TilesSwapped) and event.seat in seats:
            places = (event.a, event.b)
        elif isinstance(event, CarMoved) and event.seat in seats:
            places = (event.end,)
        else:
            continue
        touched += [where for where in map(spot, map(place_of, places)) if where not in touched]
    return touched


def swap_partners(actions: Sequence) -> set[int]:
    """Cells that appear in some swap among ``actions`` (the legal actions now)."""
    return {c.index for a in actions if isinstance(a, Swap) for c in (a.a, a.b)}
