"""The Plotly traces and layout of a :class:`~widgets.stich_rallye.track_figure.TrackFigure`,
as plain dicts: the ones the figure is made of (:func:`figure_traces`, :func:`figure_layout`)
and what a redraw sets on them (the trail of a move, a car, the marked choices).

Code (and the browser tests) find a trace by its stable key in Plotly's ``meta``, never by
its shown name: :data:`SPACES_KEY` for the spaces, :data:`CAR_KEY` and the player's name
(``"car:Ada"``) for each car. Each space is one marker whose color *and* symbol give its kind.

>>> from rally import TRACKS
>>> from widgets.stich_rallye.track_layout import wide_look
>>> track = TRACKS["beach"]
>>> space_xy = [stadium_point(i / len(track)) for i in range(len(track))]
>>> traces = figure_traces(track, space_xy, ["Ada"], ["red"], ["A"], wide_look(720, 350, ["Ada"], len(track)))
>>> [trace["meta"] for trace in traces][:CARS_FIRST + 1]
['road', 'pins', 'spaces', 'path', 'path steps', 'kind:start', 'kind:flat', 'kind:downhill', 'kind:uphill', 'car:Ada']
"""

from __future__ import annotations

import html
import math
from typing import Sequence

from rally import SpaceKind, Track

from ..i18n import _
from ..style import CAR_HEX, CAR_TEXT_HEX, OUTLINE_HEX, laps_done
from .track_layout import (CAR_INSET, GRID_HEIGHT, RADIUS, STRAIGHT, TrackLook, grid_half, inset,
                           outward_text_position, stadium_point, wrap)
from .track_words import KIND_LEGEND, car_hover, legend_name, trail_word

#: A box in plot units: ``(x0, y0, x1, y1)``.
Box = tuple[float, float, float, float]


def ring_size(look: TrackLook) -> float:
    """A choice's ring in px: round the marker of the space where the choice ends, on the
    track itself, so it names that space and stays clear of the cars, which stand inside
    the loop (walk 76: a ring round where the car would stand covered the cars beside it).

    >>> from .track_layout import narrow_look, wide_look
    >>> wide = wide_look(720, 350, ["Ada", "Bo"], 31)
    >>> ring_size(wide) > wide.space, ring_size(narrow_look(360, wide, ["Ada", "Bo"], 31)) >= 16
    (True, True)
    """
    # Just round the space's marker: a car on the next space stands a car's half inside
    # the loop and a space along, so a ring this small stays clear of it.
    return look.space + 8


def ring_clearance(look: TrackLook) -> float:
    """How far from a choice's space a label must keep, in plot units: the ring's half
    and its outline, and a few px of air."""
    return (ring_size(look) / 2 + 3) / max(look.ppu, 1.0)


#: Marker color and symbol per space kind: never color alone.
KIND_STYLE: dict[SpaceKind, tuple[str, str]] = {
    SpaceKind.START: ("#111827", "star"),
    SpaceKind.FLAT: ("#9ca3af", "circle"),
    SpaceKind.DOWNHILL: ("#2563eb", "triangle-down"),
    SpaceKind.UPHILL: ("#dc2626", "triangle-up"),
}
#: How the trail marks each step of a move.
HOW_STYLE: dict[str, tuple[str, str]] = {
    "counted": ("#16a34a", "circle-open"),
    "jumped": ("#ea580c", "x-thin-open"),
    "rolled": ("#7c3aed", "diamond-open"),
}

#: The stable key (Plotly's ``meta``) of the spaces trace; a car's is ``CAR_KEY + name``.
SPACES_KEY = "spaces"
CAR_KEY = "car:"
# Trace order; car traces follow, one per seat, then the choices' rings and their labels.
LOOP, PINS, SPACES, TRAIL, TRAIL_LABELS, KEY_FIRST = 0, 1, 2, 3, 4, 5
CARS_FIRST = KEY_FIRST + len(KIND_STYLE)
# Annotation order.
CAPTION, SUMMARY, GRID_NOTE, DIRECTION_NOTE = 0, 1, 2, 3

#: A space on a track and the outward normal there: ``(x, y, nx, ny)``, as :func:`stadium_point` gives.
SpacePoint = tuple[float, float, float, float]


def space_sizes(kinds: Sequence[SpaceKind], look: TrackLook) -> list[float]:
    """Each space's marker size in ``look`` (the start's is bigger)."""
    return [look.space * (1.8 if k is SpaceKind.START else 1.0) for k in kinds]


def figure_traces(track: Track, space_xy: Sequence[SpacePoint], names: Sequence[str], colors: Sequence[str],
                  labels: Sequence[str], look: TrackLook) -> list[dict]:
    """Every trace of the figure, in trace order (:data:`SPACES`, :data:`CARS_FIRST`, ...):
    the road, the spaces, the trail of a move and its marks, the key's kinds of space, a car
    per seat (``names``, ``colors`` and the ``labels`` on the cars by seat) and the choices."""
    loop = [stadium_point(i / 240) for i in range(241)]
    traces = [
        dict(x=[p[0] for p in loop], y=[p[1] for p in loop], mode="lines", line={"color": "#e5e7eb", "width": 22},
             hoverinfo="skip", showlegend=False, name="road", meta="road"),
        # Under the spaces and the cars: a line from a space to its car where the car stands further in.
        dict(x=[], y=[], mode="lines", line={"color": OUTLINE_HEX, "width": 2}, hoverinfo="skip", showlegend=False,
             name="pins", meta="pins"),
        # Never shown (no legend entry, no name in the hover), so the name stays the key.
        dict(x=[p[0] for p in space_xy], y=[p[1] for p in space_xy], mode="markers", name=SPACES_KEY,
             meta=SPACES_KEY, showlegend=False, hoverinfo="text",
             marker={"color": [KIND_STYLE[k][0] for k in track.kinds],
                     "symbol": [KIND_STYLE[k][1] for k in track.kinds],
                     "size": space_sizes(track.kinds, look), "line": {"color": "#ffffff", "width": 1}},
             customdata=list(range(len(track)))),
        dict(x=[], y=[], mode="markers", name="path", meta="path", showlegend=False,
             hoverinfo="skip", marker={"size": look.space * 1.9, "line": {"width": 2.5}}),
        dict(x=[], y=[], mode="text", name="path steps", meta="path steps", showlegend=False,
             hoverinfo="skip", textfont={"size": look.text, "color": "#111827"},
             cliponaxis=False),  # "roll" by the right end
    ]
    traces += [dict(x=[None], y=[None], mode="markers", name=_(KIND_LEGEND[kind]), meta=f"kind:{kind.name.lower()}",
                    legendgroup="spaces", marker={"color": color, "symbol": symbol, "size": 11}, hoverinfo="skip")
               for kind, (color, symbol) in KIND_STYLE.items()]
    traces += [dict(
        # The legend shows the name given at each redraw (car_update); code finds the car by its key.
        x=[0.0], y=[0.0], mode="markers+text", legendgroup="cars", hoverinfo="text",
        meta=CAR_KEY + name, text=[label], textposition="middle center",
        textfont={"color": CAR_TEXT_HEX[color], "size": look.text, "family": "Arial Black, Arial, sans-serif"},
        marker={"color": CAR_HEX[color], "symbol": "square", "size": look.car,
                "line": {"color": OUTLINE_HEX, "width": 2}},
    ) for name, color, label in zip(names, colors, labels)]
    traces.append(dict(x=[], y=[], mode="markers", name="choices", meta="choices", showlegend=False,
                       hoverinfo="text", marker={"symbol": "circle-open", "size": ring_size(look), "color": OUTLINE_HEX,
                                                 "line": {"width": 3, "color": OUTLINE_HEX}}, cliponaxis=False))
    # Each label stands where choice_marks finds room beside its ring.
    traces.append(dict(x=[], y=[], mode="text", name="choice labels", meta="choice labels", showlegend=False,
                       hoverinfo="skip", textposition="middle center", textfont={"size": look.choice, "color": "#111827"},
                       cliponaxis=False))
    return traces


def figure_layout(look: TrackLook, grid_w: float) -> dict:
    """The figure's layout in ``look``: axes at a 1:1 scale, the starting grid's box
    ``grid_w`` wide each side, the start line, the key, and the annotations in
    annotation order (:data:`CAPTION`, :data:`SUMMARY`, ...)."""
    return dict(
        width=look.width, height=look.height, margin=look.margin,
        plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", hovermode="closest", dragmode=False,
        hoverlabel={"font": {"size": look.hover}},
        xaxis={"visible": False, "range": [PLOT_BOX[0], PLOT_BOX[2]], "fixedrange": True},
        yaxis={"visible": False, "range": [PLOT_BOX[1], PLOT_BOX[3]], "fixedrange": True,
               "scaleanchor": "x", "scaleratio": 1},
        legend={**look.legend, "itemclick": False, "itemdoubleclick": False, "tracegroupgap": 14},
        shapes=[
            {"type": "rect", "x0": -grid_w, "x1": grid_w, "y0": RADIUS + GRID_HEIGHT - 0.15,
             "y1": RADIUS + GRID_HEIGHT + 0.15, "line": {"color": "#6b7280", "dash": "dot", "width": 1}},
            {"type": "line", "x0": 0, "x1": 0, "y0": RADIUS - 0.16, "y1": RADIUS + 0.16,
             "line": {"color": "#111827", "width": 3}},
        ],
        annotations=[
            {**look.caption_at, "text": "", "showarrow": False, "font": {"size": look.caption, "color": "#111827"}},
            # The summary hangs below the caption, so a long one grows down, never into it.
            {**look.summary_at, "text": "", "showarrow": False,
             "font": {"size": look.summary, "color": "#374151"}},
            {"x": -grid_w - 0.05, "y": RADIUS + GRID_HEIGHT, "text": html.escape(_("starting grid")),
             "showarrow": False, "xanchor": "right", "font": {"size": look.note, "color": "#4b5563"}},
            {"x": 0, "y": look.note_y, "text": direction_note(look), "showarrow": False,
             "font": {"size": look.note, "color": "#6b7280"}},
        ],
    )


def direction_note(look: TrackLook) -> str:
    """The note in the loop saying which way cars run, in lines as long as ``look`` allows.

    >>> from .track_layout import narrow_look, wide_look
    >>> names = ["Ada", "Bo", "Cy", "Di"]
    >>> direction_note(wide_look(590, 270, names, 31)), direction_note(narrow_look(300, wide_look(590, 270, names, 31), names, 31))
    ('cars run clockwise ↻', 'cars run<br>clockwise&nbsp;↻')
    """
    note = html.escape(_("cars run clockwise ↻"))
    if not look.note_wrap:
        return note
    head, _space, tail = note.rpartition(" ")
    if head and len(tail) <= 2:  # the arrow stays with the word before it
        note = f"{head}&nbsp;{tail}"
    return wrap(note, look.note_wrap)


def note_boxes(look: TrackLook, cars: int) -> list[Box]:
    """About where the figure's two notes stand, ``(x0, y0, x1, y1)`` in plot units: "starting
    grid" left of the grid's box for ``cars`` cars, and the direction note in the loop
    (:func:`figure_layout` places both). A choice's label keeps clear of them.

    >>> from .track_layout import wide_look
    >>> grid, note = note_boxes(wide_look(720, 350, ["Ada", "Bo"], 31), 2)
    >>> grid[2] < -0.3 < 0.0 < note[2]
    True
    """
    ppu = max(look.ppu, 1.0)
    line = 1.3 * look.note / ppu
    grid_words = html.unescape(_("starting grid"))
    right = -grid_half(cars, look.grid_gap) - 0.05
    notes = [(right - 0.6 * look.note * len(grid_words) / ppu, RADIUS + GRID_HEIGHT - line / 2, right,
              RADIUS + GRID_HEIGHT + line / 2)]
    lines = html.unescape(direction_note(look)).split("<br>")
    half = 0.6 * look.note * max(len(text) for text in lines) / ppu / 2
    notes.append((-half, look.note_y - line * len(lines) / 2, half, look.note_y + line * len(lines) / 2))
    return notes


def space_numbers(spots: Sequence[tuple[float, float]], size: int) -> dict:
    """What the :data:`SPACES` trace shows to write each space's number outside the loop,
    for the spaces at ``spots`` (a small track in a self-check, answered with a number); the
    start, space 0, keeps its star alone.

    >>> space_numbers([(0.0, 1.0), (0.5, 1.0), (2.9, 0.0)], 12)["text"]
    ['', '1', '2']
    """
    places = [outward_text_position(x, y) for x, y in spots]
    # The last space's number, above the top row just before the start, stood on "starting grid"
    # ("starting gri10d" on a phone: walk 79): beside its space, left, it keeps clear of it.
    if places and places[-1] == "top center" and spots[-1][0] < 0:
        places[-1] = "middle left"
    return dict(mode="markers+text", text=[str(i) if i else "" for i in range(len(spots))],
                textposition=places, textfont={"size": size, "color": "#111827"}, cliponaxis=False)


def trail_update(trail: Sequence[tuple[int, str]], space_xy: Sequence[SpacePoint]) -> dict:
    """What the :data:`TRAIL` trace shows for a move's steps so far, ``(progress, how)``:
    a ring on each space entered, in the color and symbol of how it was entered."""
    n = len(space_xy)
    colors = [HOW_STYLE[how][0] for _progress, how in trail]
    return dict(x=[space_xy[p % n][0] for p, _how in trail], y=[space_xy[p % n][1] for p, _how in trail],
                marker={"color": colors, "symbol": [HOW_STYLE[how][1] for _progress, how in trail],
                        "line": {"color": colors}})


#: How far inside the loop a jump's or a roll's word stands beside one of the loop's ends, in
#: the wide look (plot units): past a car sitting there.
WORD_INSIDE_AT_ENDS = 0.5
#: How much further out every second two-digit step number stands in a narrow look (plot units).
NUMBER_STAGGER = 0.24
#: How far apart (plot units) two words inside the loop of a narrow look stand at least.
WORDS_APART = 0.4


def trail_marks(trail: Sequence[tuple[int, str]], space_xy: Sequence[SpacePoint], word_out: float) -> dict[str, list]:
    """The trail's marks for its steps ``(progress, how)``, as Plotly's ``x``, ``y`` and
    ``text``: a counted step's number just outside the track; a jump's or a roll's word
    there too when ``word_out`` (:attr:`TrackLook.word_out`) is outside. Outside, a word
    beside one of the loop's two ends stands inside it instead: past an end there is no room
    for it. Inside (a narrow look, its spaces too close for a word beside a number) each word
    stands once, at the first step it names: words of neighbouring spaces in a bend would
    print over each other there. A second word near the first moves away from it.

    >>> xy = [stadium_point(i / 12) for i in range(12)]
    >>> trail_marks([(1, "counted"), (2, "jumped"), (3, "jumped"), (4, "counted")], xy, -0.7)["text"]
    ['1', 'jump', '', '2']
    """
    inside = word_out < 0
    marks: dict[str, list] = {"x": [], "y": [], "text": []}
    counted, said = 0, []
    for progress, how in trail:
        x, y, nx, ny = space_xy[progress % len(space_xy)]
        if how == "counted":
            counted += 1
            # Inside a narrow look two-digit numbers of neighbouring spaces would touch ("1110"):
            # every second one stands a little further out.
            label, out = str(counted), 0.2 + (NUMBER_STAGGER if inside and counted >= 10 and counted % 2 else 0.0)
        elif word_out > 0 and abs(x) > STRAIGHT / 2 + 0.05:  # beside an end: no room outside
            label, out = trail_word(how), -WORD_INSIDE_AT_ENDS
        else:
            label, out = trail_word(how), word_out
        spot = (x + nx * out, y + ny * out)
        if inside and how != "counted":
            if any(word == label for word, _spot in said):
                label = ""
            else:
                for _word, other in said:
                    spot = apart(spot, other)
                said.append((label, spot))
        marks["x"].append(spot[0])
        marks["y"].append(spot[1])
        marks["text"].append(label)
    return marks


def apart(spot: tuple[float, float], other: tuple[float, float]) -> tuple[float, float]:
    """``spot``, moved straight away from ``other`` until the two are :data:`WORDS_APART`
    apart (toward the loop's middle, up or down, when they coincide).

    >>> apart((1.0, 0.5), (1.0, 0.4)), apart((0.0, 0.0), (2.0, 0.0))
    ((1.0, 0.8), (0.0, 0.0))
    """
    gap = math.dist(spot, other)
    if gap >= WORDS_APART:
        return spot
    dx, dy = (spot[0] - other[0], spot[1] - other[1]) if gap else (0.0, -math.copysign(1.0, other[1] or 1.0))
    scale = WORDS_APART / (gap or 1.0)
    return (other[0] + dx * scale, other[1] + dy * scale)


def car_pins(spots: Sequence[tuple[float, float]], positions: Sequence[int],
             space_xy: Sequence[SpacePoint]) -> dict[str, list]:
    """The lines from a space to each car drawn further in than a car alone there (at
    ``spots``, by seat; a car on a phone a lane in beside its neighbour, or passing a car), so
    the eye finds the car's space; none for a car on the starting grid (``positions`` 0).

    >>> xy = [stadium_point(i / 4) for i in range(4)]
    >>> car_pins([inset(xy[1], CAR_INSET), inset(xy[2], 0.5)], [1, 2], xy)["x"][:2] == [xy[2][0], inset(xy[2], 0.5)[0]]
    True
    """
    xs: list[float | None] = []
    ys: list[float | None] = []
    n = len(space_xy)
    for spot, progress in zip(spots, positions):
        if progress == 0:
            continue
        point = space_xy[progress % n]
        if math.dist(spot, inset(point, CAR_INSET)) > 1e-6:
            xs += [point[0], spot[0], None]
            ys += [point[1], spot[1], None]
    return {"x": xs, "y": ys}


def car_update(name: str, progress: int, track_length: int, car_words: str, spot: tuple[float, float],
               jumping: bool = False) -> dict:
    """What a car's trace shows: the car at ``spot``, its key entry and its hover text
    (``name`` and ``car_words``, the car named with its color, escaped already; ``jumping``
    while a move shows it over another car)."""
    n = track_length
    hover = car_hover(progress, n).format(car=car_words, space=progress % n, laps=laps_done(progress, n))
    return {"x": [spot[0]], "y": [spot[1]], "name": legend_name(name, progress, n, jumping), "hovertext": [hover]}


def choice_marks(choices: Sequence[tuple[str, SpacePoint, str]], look: TrackLook,
                 cars: Sequence[tuple[float, float]] = (),
                 notes: Sequence[Box] = (), spaces: Sequence[SpacePoint] = ()) -> tuple[dict[str, list], dict[str, list]]:
    """What the choices' two traces show for each ``(label, space, description)``: a ring
    round the ``space`` (:func:`stadium_point`'s ``(x, y, nx, ny)``) where the choice's move
    would leave the car, on the track itself, so it names that space and covers no car
    (walk 76: a ring round where the car would stand covered the cars beside it); and its
    label just beside its ring: into the loop if that covers nothing, else the first place
    round the ring that covers no car (at ``cars``), ring, note (``notes``:
    :func:`note_boxes`), earlier label or space's marker (``spaces``: a hill's triangle
    says what the space does), else (a crowded phone) one a little further out,
    else the one that covers least (walk 74: "card alone" lay over a car on a phone); never
    past the plot's edge (:data:`PLOT_BOX`).

    >>> from .track_layout import wide_look
    >>> look = wide_look(720, 350, ["Ada", "Bo"], 31)
    >>> rings, labels = choice_marks([("turbo", (0.0, 1.0, 0.0, 1.0), "...")], look)
    >>> rings["x"], rings["y"], labels["x"][0] == 0.0 and labels["y"][0] < 1.0  # below the top straight: in the loop
    ([0.0], [1.0], True)
    >>> labels = choice_marks([("turbo", (0.0, 1.0, 0.0, 1.0), "...")], look, cars=[(0.0, 0.7)])[1]
    >>> labels["y"][0] > 1.0 or abs(labels["x"][0]) > 0.2  # not over the car in the loop
    True
    """
    rings: dict[str, list] = {"x": [], "y": [], "hovertext": []}
    labels: dict[str, list] = {"x": [], "y": [], "text": []}
    ppu = max(look.ppu, 1.0)
    # A car's and a ring's outlines, and a few px of air round them.
    ring = ring_clearance(look)
    half = (look.car / 2 + 3) / ppu
    kept = [(x - half, y - half, x + half, y + half) for x, y in cars]
    cars_kept = len(kept)
    kept += [(x - ring, y - ring, x + ring, y + ring) for _label, (x, y, _nx, _ny), _words in choices]
    kept += list(notes)
    dot = look.space / 2 / ppu
    kept += [(x - dot, y - dot, x + dot, y + dot) for x, y, _nx, _ny in spaces]
    for label, (x, y, nx, ny), description in choices:
        boxes = label_places(label, (x, y), (-nx, -ny), look)
        inside = [box for box in boxes if within(box, PLOT_BOX)] or boxes[:1]
        # A label nearer another choice's ring than its own would name the wrong ring (walk 77).
        others = [(ox, oy) for _other, (ox, oy, _onx, _ony), _words in choices if (ox, oy) != (x, y)]
        box = min(inside, key=lambda box: (any(apart_from(box, o) <= apart_from(box, (x, y)) for o in others),
                                            covered(box, kept, cars_kept), inside.index(box)))
        kept.append(box)
        rings["x"].append(x)
        rings["y"].append(y)
        rings["hovertext"].append(f"{html.escape(label)}: {html.escape(description)}")
        labels["x"].append((box[0] + box[2]) / 2)
        labels["y"].append((box[1] + box[3]) / 2)
        labels["text"].append(html.escape(label))  # plain: the site's picture cleaner keeps no <tspan>
    return rings, labels


def label_places(label: str, spot: tuple[float, float], inward: tuple[float, float], look: TrackLook) -> list[Box]:
    """Where a choice's ``label`` may stand round its ring at ``spot``, best first: just
    beside the ring, into the loop (``inward``: a unit vector) first, then round the ring
    toward the outside; then the same a car's size further out. Each is the label's box
    ``(x0, y0, x1, y1)`` in plot units (a character about 0.6 of the font size wide, a
    line 1.3 high).

    >>> from .track_layout import wide_look
    >>> look = wide_look(720, 350, ["Ada", "Bo"], 31)
    >>> x0, y0, x1, y1 = label_places("turbo", (0.0, 0.0), (0.0, -1.0), look)[0]
    >>> abs(x0 + x1) < 1e-9 and y1 < 0  # centred below the ring
    True
    """
    ppu = max(look.ppu, 1.0)
    wide, high = 0.6 * look.choice * len(label) / ppu, 1.3 * look.choice / ppu
    base = math.atan2(inward[1], inward[0])
    turns = sorted(range(8), key=lambda k: (min(k, 8 - k), k))  # 0, 1, 7, 2, 6, 3, 5, 4: nearest the inside first
    places = []
    for extra in (0.0, look.car / ppu):
        gap = ring_clearance(look) + extra
        for k in turns:
            ux, uy = math.cos(base + k * math.pi / 4), math.sin(base + k * math.pi / 4)
            # The box's centre far enough along (ux, uy) that the whole box lies beyond the
            # ring: its half-extent in that direction, past the gap.
            reach = gap + abs(ux) * wide / 2 + abs(uy) * high / 2
            cx, cy = spot[0] + ux * reach, spot[1] + uy * reach
            places.append((cx - wide / 2, cy - high / 2, cx + wide / 2, cy + high / 2))
    return places


def apart_from(box: Box, spot: tuple[float, float]) -> float:
    """How far ``box`` lies from ``spot`` (0 when it covers it).

    >>> apart_from((1.0, 0.0, 2.0, 1.0), (0.0, 0.5)), apart_from((1.0, 0.0, 2.0, 1.0), (1.5, 0.5))
    (1.0, 0.0)
    """
    return math.hypot(max(box[0] - spot[0], 0.0, spot[0] - box[2]), max(box[1] - spot[1], 0.0, spot[1] - box[3]))


def covered(box: Box, kept: Sequence[Box], cars: int) -> float:
    """How much of ``kept`` a label's ``box`` covers, in plot units squared; the first
    ``cars`` boxes of ``kept`` (the cars) count ten times: a covered car is worst.

    >>> covered((0, 0, 1, 1), [(0.5, 0.5, 2, 2), (0.9, 0, 2, 1)], 1)
    2.6
    """
    total = 0.0
    for i, other in enumerate(kept):
        if overlap(box, other):
            area = (min(box[2], other[2]) - max(box[0], other[0])) * (min(box[3], other[3]) - max(box[1], other[1]))
            total += area * (10 if i < cars else 1)
    return round(total, 9)


#: The plot's extent (``x0, y0, x1, y1``, plot units, as :func:`figure_layout` sets its axes):
#: a label stays inside it, never past the figure's edge on a phone.
PLOT_BOX: Box = (-STRAIGHT / 2 - RADIUS - 0.25, -RADIUS - 0.3, STRAIGHT / 2 + RADIUS + 0.25, RADIUS + GRID_HEIGHT + 0.3)


def within(a: Box, b: Box) -> bool:
    """Whether box ``a`` lies inside box ``b`` (both ``(x0, y0, x1, y1)``)."""
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes ``(x0, y0, x1, y1)`` share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
