"""Where everything of a :class:`~widgets.stich_rallye.track_figure.TrackFigure` stands and
how big it is, in plain numbers (no Plotly): the stadium every track is drawn on, the
places of the cars and of the starting grid, and the figure's two looks (:class:`TrackLook`),
the wide one and the one made for a narrow room.

Every track is drawn on the same stadium (two straights joined by two half circles),
whatever its length; space 0, the start/finish, sits in the middle of the top straight and
cars run clockwise. Cars sit just inside the loop next to their space; cars on the starting
grid (progress 0) wait in a row of their own above the start.

>>> space_xy = [stadium_point(i / 31) for i in range(31)]
>>> car_spot(space_xy, [0, 3, 3], 2, mover=2, grid_gap=GRID_GAP) != car_spot(space_xy, [0, 3, 3], 1, 2, GRID_GAP)
True
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from rally import SpaceKind

from ..plotly_view import narrow_width
from .track_words import key_chars

# Stadium geometry, in plot units: straights of length STRAIGHT, ends of radius RADIUS.
STRAIGHT = 2.2
RADIUS = 1.0
PERIMETER = 2 * STRAIGHT + 2 * math.pi * RADIUS
#: How far inside the loop a car sits from its space (a second car, passing, sits further in).
CAR_INSET = 0.22
#: The starting grid: a row above the start/finish, one slot per seat.
GRID_HEIGHT = 0.36
GRID_GAP = 0.24
#: The plot's extent in plot units, across and up: the stadium, the grid above it, a border.
ACROSS = 2 * (STRAIGHT / 2 + RADIUS + 0.25)
UP = 2 * RADIUS + GRID_HEIGHT + 0.6
#: The smallest font (px) of the figure laid out for a narrow room: no word drawn is smaller.
NARROW_FONT = 12
#: The smallest font (px) of the wide figure (a tablet, a laptop), where it is drawn at its own
#: size: no word drawn is smaller there either.
WIDE_FONT = 12
#: The key's font (px) in the narrow layout, where the key stands below the track.
NARROW_KEY_FONT = 13
#: The narrow layout's smallest margin left and right of the track (px).
NARROW_SIDE = 14


def stadium_point(fraction: float) -> tuple[float, float, float, float]:
    """The point ``fraction`` of the way round the stadium, clockwise from the middle of
    the top straight, and the outward unit normal there: ``(x, y, nx, ny)``.

    >>> stadium_point(0.0)
    (0.0, 1.0, 0.0, 1.0)
    """
    s = (fraction % 1.0) * PERIMETER
    half, arc = STRAIGHT / 2, math.pi * RADIUS
    if s < half:  # top straight, heading right
        return (s, RADIUS, 0.0, 1.0)
    s -= half
    if s < arc:  # right end, clockwise from the top
        angle = math.pi / 2 - s / RADIUS
        return (half + RADIUS * math.cos(angle), RADIUS * math.sin(angle), math.cos(angle), math.sin(angle))
    s -= arc
    if s < STRAIGHT:  # bottom straight, heading left
        return (half - s, -RADIUS, 0.0, -1.0)
    s -= STRAIGHT
    if s < arc:  # left end, clockwise from the bottom
        angle = -math.pi / 2 - s / RADIUS
        return (-half + RADIUS * math.cos(angle), RADIUS * math.sin(angle), math.cos(angle), math.sin(angle))
    s -= arc
    return (-half + s, RADIUS, 0.0, 1.0)  # top straight, back to the start


def grid_slot(seat: int, cars: int, grid_gap: float) -> tuple[float, float]:
    """Where ``seat``'s car waits on the starting grid of ``cars`` slots, ``grid_gap`` apart."""
    return ((seat - (cars - 1) / 2) * grid_gap, RADIUS + GRID_HEIGHT)


def grid_half(cars: int, grid_gap: float) -> float:
    """Half the width of the starting grid's box, in plot units."""
    return max(1, cars) * grid_gap / 2 + 0.08


def car_spot(space_xy: Sequence[tuple[float, float, float, float]], positions: Sequence[int], seat: int,
             mover: int | None, grid_gap: float, lane_gap: float = 0.0) -> tuple[float, float]:
    """Where ``seat``'s car is drawn for ``positions`` on a track whose spaces stand at
    ``space_xy`` (:func:`stadium_point` per space): its grid slot at progress 0, else just
    inside its space (further in when another car shares the space, which only happens
    while ``mover`` passes it). With a ``lane_gap`` (cars wider than a space, on a phone),
    cars on neighbouring spaces take turns to sit that much further in, so none hides
    another's letter.

    >>> xy = [stadium_point(i / 31) for i in range(31)]
    >>> [round(car_spot(xy, [1, 2, 3], seat, None, GRID_GAP, 0.3)[1], 2) for seat in range(3)]
    [0.78, 0.48, 0.78]
    """
    progress = positions[seat]
    if progress == 0:
        return grid_slot(seat, len(positions), grid_gap)
    n = len(space_xy)
    space = progress % n
    sharing = [s for s, p in enumerate(positions) if p != 0 and p % n == space]
    # The resting car keeps the inner lane; a passing mover takes the next one in.
    sharing.sort(key=lambda s: (s == mover, s))
    depth = CAR_INSET * (1 + sharing.index(seat))
    if lane_gap:
        taken = {p % n for p in positions if p != 0}
        behind = next((k for k in range(1, n) if (space - k) % n not in taken), n)
        depth += lane_gap * ((behind - 1) % 2)  # every second car of a row of neighbours
    return inset(space_xy[space], depth)


def inset(point: tuple[float, float, float, float], depth: float) -> tuple[float, float]:
    """The place ``depth`` plot units inside the loop from ``point`` (:func:`stadium_point`'s
    ``(x, y, nx, ny)``).

    >>> inset((0.0, 1.0, 0.0, 1.0), 0.25)
    (0.0, 0.75)
    """
    x, y, nx, ny = point
    return (x - nx * depth, y - ny * depth)


def outward_text_position(x: float, y: float) -> str:
    """Plotly's ``textposition`` for a label at ``(x, y)`` that points out of the loop."""
    return ("middle right" if x > STRAIGHT / 2 else "middle left" if x < -STRAIGHT / 2
            else "top center" if y > 0 else "bottom center")


class TrackLook(NamedTuple):
    """The sizes of one layout of a track figure: the wide one, with the key beside
    the track and the caption inside the loop (what a kernel with no page draws), or one
    made for the narrow room of a page (:func:`narrow_look`), with the caption, the
    summary and the key below the track. Sizes are px; ``margin``, ``legend`` and the
    two ``..._at`` go to Plotly as they are (None: Plotly's default)."""

    width: int
    #: The figure's height and bottom margin with no words below the track (the narrow
    #: look grows both by the height of the words it shows there).
    height: int
    margin: dict
    legend: dict
    #: Where the caption and the summary stand (an annotation's place and anchors).
    caption_at: dict
    summary_at: dict
    #: A space's marker (the start's is 1.8 times as big) and a car's.
    space: float
    car: float
    #: The words on the cars and beside the steps of a move, the small notes ("starting
    #: grid", the direction), the finished move's summary, the caption, a choice's label.
    text: int
    note: int
    summary: int
    caption: int
    choice: int
    #: The hover label's font: the words a tap on a space shows (its number and kind).
    hover: int
    #: The longest line of the summary and of the caption, in characters (0: one line).
    wrap: int
    caption_wrap: int
    #: The height of the plot (the track), in px, when the words stand below it (else 0).
    below: int
    #: How far outside the track a jump's or a roll's mark stands, in plot units (less
    #: than 0: inside the loop); a counted step's number stands 0.2 outside.
    word_out: float
    #: From one car's place on the starting grid to the next, in plot units.
    grid_gap: float
    #: How much further in every second car of a row on neighbouring spaces sits, in plot
    #: units (0: cars are narrower than a space and sit in one lane).
    lane_gap: float = 0.0
    #: Where the note "cars run clockwise" stands, up from the middle of the loop (plot units).
    note_y: float = -0.56
    #: The note's longest line, in characters (0: one line), so cars in a bend never cover it.
    note_wrap: int = 0
    #: How many px one plot unit takes (both axes keep a 1:1 scale).
    ppu: float = 0.0


#: The caption's and the summary's places inside the loop (the wide look); the narrow look
#: sets the same properties, so each is given here, None where Plotly's default serves.
CAPTION_INSIDE = {"xref": None, "yref": None, "x": 0, "y": 0.46, "xanchor": None, "yanchor": None, "align": None,
                  "yshift": None}
SUMMARY_INSIDE = {**CAPTION_INSIDE, "y": 0.3, "yanchor": "top"}


def wide_look(width: int, height: int, names: Sequence[str], track_length: int) -> TrackLook:
    """The figure's own layout, ``width`` x ``height`` px, its key to the right of the track.

    >>> look = wide_look(720, 350, ["Ada", "Bo", "Cy"], 31)
    >>> look.width, look.margin["r"], look.legend["x"], min(look.text, look.note, look.summary, look.legend["font"]["size"])
    (720, 237, 1.01, 12)
    """
    margin = key_margin(names, track_length, WIDE_FONT)
    ppu = pixels_per_unit(width, height, margin)
    step_px = ppu * PERIMETER / track_length
    return TrackLook(
        width=width, height=height, margin={"l": 6, "r": margin, "t": 6, "b": 6},
        legend={"x": 1.01, "xanchor": "left", "y": 1.0, "yanchor": "top", "font": {"size": WIDE_FONT}},
        caption_at=CAPTION_INSIDE, summary_at=SUMMARY_INSIDE,
        space=max(7.0, min(16.0, 0.38 * step_px)), car=max(11.0, min(21.0, 0.5 * step_px)),
        text=WIDE_FONT, note=WIDE_FONT, summary=WIDE_FONT, caption=15, choice=WIDE_FONT + 1, hover=13, wrap=44,
        caption_wrap=0, below=0,
        word_out=0.2, grid_gap=GRID_GAP, ppu=ppu)


def narrow_look(room: int, wide: TrackLook, names: Sequence[str], track_length: int) -> TrackLook:
    """The layout for ``room`` px narrower than the wide look ``wide``: as wide as the room
    (at least :data:`~widgets.plotly_view.NARROWEST`, or the key's longest entry), no word under
    :data:`NARROW_FONT` px, the track no bigger than in the wide look and as big as the
    width allows; below it the caption and the summary (in lines as wide as the track),
    then the key, and the figure as high as all of them.

    >>> names = ["Ada", "Bo", "Cy"]
    >>> look = narrow_look(360, wide_look(720, 350, names, 31), names, 31)
    >>> look.width, look.legend["y"], min(look.text, look.note, look.summary, look.choice) >= NARROW_FONT
    (360, 0.0, True)
    """
    key = NARROW_KEY_FONT
    key_width = 46 + math.ceil(0.6 * key * key_chars(names, track_length))
    width = max(narrow_width(room, wide.width), key_width + 12)
    wide_ppu = pixels_per_unit(wide.width, wide.height, wide.margin["r"])
    # A side margin for a step's number beside an end of the loop (the key is not there).
    ppu = min((width - 2 * NARROW_SIDE) / ACROSS, wide_ppu)
    side = max(NARROW_SIDE, math.floor((width - ppu * ACROSS) / 2))
    plot_height = math.ceil(ppu * UP)
    # The key: one line per kind of space and per car, the two groups apart (Plotly's
    # legend: a line is 1.3 times its font and 3 px, plus its own border and padding).
    key_height = (len(SpaceKind) + len(names)) * (math.ceil(1.3 * key) + 3) + 14 + 16
    step_px = ppu * PERIMETER / track_length
    car = max(20.0, min(24.0, 0.6 * step_px))
    caption, summary = NARROW_FONT + 2, NARROW_FONT
    # Below the track, left-aligned under it (their yshift is set with their words: TrackFigure._say).
    below = {"xref": "paper", "yref": "paper", "x": 0, "y": 0, "xanchor": "left", "yanchor": "top", "align": "left"}
    line = width - 2 * side  # the words' lines are as wide as the track (a character: a little over half its size)
    # Cars wider than the room between two spaces (least inside a bend): neighbours take turns
    # a lane further in, so no car covers another, and a move's words stand past the inner
    # lane. The note on the direction goes to the loop's middle.
    lane_gap = lane_gap_for(track_length, ppu, car)
    word_out = -max(0.7, CAR_INSET + lane_gap + car / 2 / ppu + 0.08)
    # The note in the loop's middle, in lines that end before a car in a bend's inner lane
    # begins (a character of the page's sans-serif font: about 0.62 of its size).
    free = 2 * (STRAIGHT / 2 + RADIUS - CAR_INSET - lane_gap - 0.1) * ppu - car
    note_wrap = max(8, int(free / (0.62 * NARROW_FONT)))
    return TrackLook(
        width=width, height=6 + plot_height + key_height, margin={"l": side, "r": side, "t": 6, "b": key_height},
        legend={"x": 0.0, "xanchor": "left", "y": 0.0, "yanchor": "top", "font": {"size": key}},
        caption_at=below, summary_at=below,
        space=max(9.0, min(16.0, 0.38 * step_px)), car=car,
        text=NARROW_FONT, note=NARROW_FONT, summary=summary, caption=caption, choice=NARROW_FONT + 1,
        hover=14, wrap=int(line / (0.55 * summary)), caption_wrap=int(line / (0.55 * caption)), below=plot_height,
        word_out=word_out,  # inside, past a passing car
        grid_gap=max(GRID_GAP, (car + 3) / ppu),  # cars big enough for their initials, side by side
        lane_gap=lane_gap, note_y=0.0, note_wrap=note_wrap, ppu=ppu)


def lane_gap_for(track_length: int, ppu: float, car: float) -> float:
    """How much further in (plot units) every second car of a row on neighbouring spaces
    sits so that no car's square (``car`` px, drawn upright, ``ppu`` px a unit) overlaps its
    neighbour's anywhere round a loop of ``track_length`` spaces; 0 when they fit in one lane.

    >>> lane_gap_for(31, 150.0, 14.0), round(lane_gap_for(31, 70.0, 20.0), 2)
    (0.0, 0.39)
    """
    xy = [stadium_point(i / track_length) for i in range(track_length)]

    def apart(outer: float, inner: float) -> float:  # px between neighbours' squares, the least round the loop
        pairs = ((inset(xy[i], d1), inset(xy[(i + 1) % track_length], d2))
                 for i in range(track_length) for d1, d2 in ((outer, inner), (inner, outer)))
        return ppu * min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in pairs)

    need = car + 1
    if apart(CAR_INSET, CAR_INSET) >= need:
        return 0.0
    gap = need / ppu
    while apart(CAR_INSET, CAR_INSET + gap) < need:
        gap += 1 / ppu
    return gap


def key_margin(names: Sequence[str], track_length: int, font: int = WIDE_FONT) -> int:
    """The figure's right margin, in pixels: room for the key's longest car entry in ``font``
    px, wherever the cars stand. Plotly widens a margin too narrow for its key, so an entry
    growing as a car moves ("starting grid" → "space 12") would shift the whole track sideways."""
    return max(155, 46 + round(0.59 * font * key_chars(names, track_length)))


def pixels_per_unit(width: int, height: int, margin: int = 155) -> float:
    """How many pixels one plot unit takes in a figure of ``width`` x ``height`` whose key
    takes a right ``margin`` (the figure's other margins taken off; the axes keep a 1:1
    scale)."""
    return max(20.0, min((width - 6 - margin) / ACROSS, (height - 12) / UP))


def text_height(text: str, size: int) -> int:
    """The height in px of ``text`` (lines joined by ``<br>``) in Plotly, at ``size`` px."""
    return math.ceil(len(text.split("<br>")) * 1.3 * size) + 2 if text else 0


def wrap(text: str, width: int) -> str:
    """Break ``text`` into lines of at most ``width`` characters, joined by ``<br>``."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return "<br>".join(lines)
