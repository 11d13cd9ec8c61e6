"""TrackFigure: a :class:`rally.Track` drawn as a stadium-shaped loop, with cars and
step-by-step moves.

Every track is drawn on the same stadium (two straights joined by two half circles),
whatever its length; space 0, the start/finish, sits in the middle of the top
straight and cars run clockwise. Each space is one marker whose color *and* symbol
give its kind. Cars sit just inside the loop next to their space; cars on the
starting grid (progress 0) wait in a row of their own above the start, so no car ever
hides another.

A move is shown as a list of frames, one per space entered (``Move.path``):
``show_move`` queues them, ``step()`` shows the next, ``skip()`` jumps to the end and
``play()`` runs them on a timer in Jupyter. ``frames_shown`` records what was shown.
:class:`MovePlayer` puts buttons and a line of words under it.

Cars take the colors of :data:`rally.CAR_COLORS` by seat, or the ``colors`` given (the
rulebook's examples: Nyota's red car, Michael's yellow one); each car also carries its
initial, so no car is told apart by color alone.

On a page the figure fits the width there is (:meth:`TrackFigure.fit_room`, told by the
page through :class:`~widgets.plotly_view.ViewProbe`): in less room than its own width (a
phone) it is laid out again for that room, with its key below the track and no word
under 12 px (:data:`NARROW_FONT`); in room enough it is the wide figure again. A kernel
with no page draws the wide figure only.

The legend, the hover texts and the captions speak the language rally speaks
(:mod:`widgets.i18n`). Code (and the browser tests) find a trace by its stable key in
Plotly's ``meta``, never by its shown name: :data:`SPACES_KEY` (``"spaces"``) for the
spaces, :data:`CAR_KEY` and the player's name (``"car:Ada"``) for each car.

>>> from rally import TRACKS, move
>>> fig = TrackFigure(TRACKS["volcano"], positions=[0, 3, 7])
>>> fig
The volcano track, 31 spaces. Cars on spaces 0, 3 and 7.
>>> m = move(TRACKS["volcano"], [0, 3, 7], 0, 3)
>>> fig.show_move(m)
>>> while fig.step():
...     pass
>>> [(frame.progress, frame.how) for frame in fig.frames_shown][2:4]
[(3, 'jumped'), (4, 'counted')]
>>> [frame.progress for frame in fig.frames_shown], fig.positions
([1, 2, 3, 4, 5, 6], (6, 3, 7))
>>> fig.caption
'rolls down the hill to space 6'
"""

from __future__ import annotations

import asyncio
import html
import math
from typing import Callable, Hashable, NamedTuple, Sequence

import ipywidgets as w

import rally
from rally import CAR_COLORS, Move, SpaceKind, Track
from rally.common import inputs

from ..i18n import N_, _, join_words, ngettext, pgettext
from ..plotly_view import PlotlyView, narrow_width, plotly_figure
from ..style import CAR_HEX, CAR_TEXT_HEX, OUTLINE_HEX, laps_done, motor_side, short_labels

# Stadium geometry, in plot units: straights of length STRAIGHT, ends of radius RADIUS.
STRAIGHT = 2.2
RADIUS = 1.0
PERIMETER = 2 * STRAIGHT + 2 * math.pi * RADIUS
#: How far inside the loop a car sits from its space (a second car, passing, sits further in).
CAR_INSET = 0.22
#: The starting grid: a row above the start/finish, one slot per seat.
GRID_HEIGHT = 0.36
GRID_GAP = 0.24

#: Marker color and symbol per space kind: never color alone.
KIND_STYLE: dict[SpaceKind, tuple[str, str]] = {
    SpaceKind.START: ("#111827", "star"),
    SpaceKind.FLAT: ("#9ca3af", "circle"),
    SpaceKind.DOWNHILL: ("#2563eb", "triangle-down"),
    SpaceKind.UPHILL: ("#dc2626", "triangle-up"),
}
#: The legend's words per space kind (translated where shown: ``_(KIND_LEGEND[kind])``).
KIND_LEGEND: dict[SpaceKind, str] = {
    SpaceKind.START: N_("start/finish"),
    SpaceKind.FLAT: N_("flat"),
    SpaceKind.DOWNHILL: N_("downhill (rolls forward)"),
    SpaceKind.UPHILL: N_("uphill (rolls back)"),
}
#: A space's kind in a hover text ("Space 3: downhill"), translated where shown.
KIND_WORD: dict[SpaceKind, str] = {
    SpaceKind.START: N_("start/finish"),
    SpaceKind.FLAT: N_("flat"),
    SpaceKind.DOWNHILL: N_("downhill"),
    SpaceKind.UPHILL: N_("uphill"),
}
#: A car named by its color, per color word of :data:`rally.CAR_COLORS` (German declines
#: the color with the car, so each is a whole phrase).
CAR_PHRASE: dict[str, str] = {
    "white": N_("{name} (white car)"),
    "red": N_("{name} (red car)"),
    "yellow": N_("{name} (yellow car)"),
    "purple": N_("{name} (purple car)"),
    "blue": N_("{name} (blue car)"),
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
# Trace order; car traces follow, one per seat.
LOOP, SPACES, TRAIL, TRAIL_LABELS, KEY_FIRST = 0, 1, 2, 3, 4
CARS_FIRST = KEY_FIRST + len(KIND_STYLE)
# Annotation order.
CAPTION, SUMMARY, GRID_NOTE, DIRECTION_NOTE = 0, 1, 2, 3
#: The plot's extent in plot units, across and up: the stadium, the grid above it, a border.
ACROSS = 2 * (STRAIGHT / 2 + RADIUS + 0.25)
UP = 2 * RADIUS + GRID_HEIGHT + 0.6#: The smallest font (px) of the figure laid out for a narrow room: no word drawn is smaller.
NARROW_FONT = 12
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


class TrackFrame(NamedTuple):
    """One shown step of a move: the mover's progress, how the space was entered
    (``"counted"``, ``"jumped"`` or ``"rolled"``), the caption, and every car's
    progress at that moment."""

    step: int
    progress: int
    how: str
    caption: str
    positions: tuple[int, ...]


class TrackLook(NamedTuple):
    """The sizes of one layout of a :class:`TrackFigure`: the wide one, with the key beside
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


#: The caption's and the summary's places inside the loop (the wide look); the narrow look
#: sets the same properties, so each is given here, None where Plotly's default serves.
CAPTION_INSIDE = {"xref": None, "yref": None, "x": 0, "y": 0.46, "xanchor": None, "yanchor": None, "align": None,
                  "yshift": None}
SUMMARY_INSIDE = {**CAPTION_INSIDE, "y": 0.3, "yanchor": "top"}


def wide_look(width: int, height: int, names: Sequence[str], track_length: int) -> TrackLook:
    """The figure's own layout, ``width`` x ``height`` px, its key to the right of the track.

    >>> look = wide_look(720, 350, ["Ada", "Bo", "Cy"], 31)
    >>> look.width, look.margin["r"], look.legend["x"], look.text
    (720, 222, 1.01, 11)
    """
    margin = _key_margin(names, track_length)
    step_px = _pixels_per_unit(width, height, margin) * PERIMETER / track_length
    return TrackLook(
        width=width, height=height, margin={"l": 6, "r": margin, "t": 6, "b": 6},
        legend={"x": 1.01, "xanchor": "left", "y": 1.0, "yanchor": "top", "font": {"size": 11}},
        caption_at=CAPTION_INSIDE, summary_at=SUMMARY_INSIDE,
        space=max(7.0, min(16.0, 0.38 * step_px)), car=max(11.0, min(21.0, 0.5 * step_px)),
        text=11, note=10, summary=11, caption=15, choice=12, hover=13, wrap=48, caption_wrap=0, below=0,
        word_out=0.2, grid_gap=GRID_GAP)


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
    key_width = 46 + math.ceil(0.6 * key * _key_chars(names, track_length))
    width = max(narrow_width(room, wide.width), key_width + 12)
    wide_ppu = _pixels_per_unit(wide.width, wide.height, wide.margin["r"])
    # A side margin for a step's number beside an end of the loop (the key is not there).
    ppu = min((width - 2 * NARROW_SIDE) / ACROSS, wide_ppu)
    side = max(NARROW_SIDE, math.floor((width - ppu * ACROSS) / 2))
    plot_height = math.ceil(ppu * UP)
    # The key: one line per kind of space and per car, the two groups apart (Plotly's
    # legend: a line is 1.3 times its font and 3 px, plus its own border and padding).
    key_height = (len(KIND_STYLE) + len(names)) * (math.ceil(1.3 * key) + 3) + 14 + 16
    step_px = ppu * PERIMETER / track_length
    car = max(20.0, min(24.0, 0.6 * step_px))
    caption, summary = NARROW_FONT + 2, NARROW_FONT
    # Below the track, left-aligned under it (their yshift is set with their words: TrackFigure._say).
    below = {"xref": "paper", "yref": "paper", "x": 0, "y": 0, "xanchor": "left", "yanchor": "top", "align": "left"}
    line = width - 2 * side  # the words' lines are as wide as the track (a character: a little over half its size)
    return TrackLook(
        width=width, height=6 + plot_height + key_height, margin={"l": side, "r": side, "t": 6, "b": key_height},
        legend={"x": 0.0, "xanchor": "left", "y": 0.0, "yanchor": "top", "font": {"size": key}},
        caption_at=below, summary_at=below,
        space=max(9.0, min(16.0, 0.38 * step_px)), car=car,
        text=NARROW_FONT, note=NARROW_FONT, summary=summary, caption=caption, choice=NARROW_FONT + 1,
        hover=14, wrap=int(line / (0.55 * summary)), caption_wrap=int(line / (0.55 * caption)), below=plot_height,
        word_out=-0.7,  # inside, past a passing car
        grid_gap=max(GRID_GAP, (car + 3) / ppu))  # cars big enough for their initials, side by side


class TrackFigure(PlotlyView):
    """A Plotly figure (:attr:`plot`, a FigureWidget) showing a track, its spaces and the
    cars on it.

    ``positions`` gives each car's progress by seat; ``names`` label them (default
    :data:`rally.DEFAULT_NAMES`); ``colors`` are the cars' colors by seat, words of
    :data:`rally.CAR_COLORS`, each car a different one (default: by seat, white, red,
    yellow, ...). Bad positions raise :class:`rally.PositionError`, bad names or colors
    :class:`rally.SetupError`.
    """

    def __init__(
        self,
        track: Track,
        positions: Sequence[int] = (),
        names: Sequence[str] | None = None,
        width: int = 720,
        height: int = 350,
        colors: Sequence[str] | None = None,
    ):
        if not isinstance(track, Track):
            inputs.fail(rally.TrackError, _("TrackFigure's track"), _("a Track"), track, "TRACKS['volcano']")
        positions = tuple(inputs.sequence(positions, _("The cars' progress"), rally.SetupError, "[0, 3, 7]",
                                          len(CAR_COLORS)))
        names = inputs.names(names, len(positions), rally.SetupError)
        colors = car_colors(colors, len(positions))
        _check_positions(track, positions)
        super().__init__(plotly_figure())
        n = len(track)
        self._tf_track = track
        self._tf_names = names
        self._tf_colors = colors
        self._tf_safe = tuple(html.escape(name) for name in names)  # Plotly reads hover text as HTML
        self._tf_labels = short_labels(names)
        self._tf_positions = positions
        self._tf_space_xy = [stadium_point(i / n) for i in range(n)]
        #: The wide layout, and the one drawn now (the wide one, or one made for the page's room).
        self._tf_wide = wide_look(width, height, names, n)
        self._tf_look = self._tf_wide
        self._tf_words_px = 0  # the height of the words below the track (the narrow look); never less
        #: What the last render drew: positions, caption, summary, trail, mover (fit_room draws it again).
        self._tf_last: tuple[tuple[int, ...], str, str, tuple[TrackFrame, ...], int | None] = ((), "", "", (), None)
        self._tf_frames: list[TrackFrame] = []
        self._tf_cursor = 0
        self._tf_shown: list[TrackFrame] = []
        self._tf_move: Move | None = None
        self._tf_caption = ""
        self._tf_summary = ""
        self._tf_task: asyncio.Task | None = None
        self._tf_drawn: dict = {}  # what the last render sent, so the next sends only changes
        self._tf_watchers: list[Callable[[], None]] = []
        self._tf_choices: tuple[tuple[str, Move], ...] = ()
        #: Where every car is, in words and as a table: the track for a screen reader (and
        #: for anyone on a small screen), folded under the figure.
        self.in_words = w.HTML()
        self._tf_worded: tuple[int, ...] | None = None
        self._build()
        self._render(positions, "", "", [])
        self.children = (self.plot, self.in_words, self.probe)

    # ------------------------------------------------------------------ state
    @property
    def track(self) -> Track:
        return self._tf_track

    @property
    def names(self) -> tuple[str, ...]:
        return self._tf_names

    @property
    def colors(self) -> tuple[str, ...]:
        """Each car's color word, by seat."""
        return self._tf_colors

    @property
    def positions(self) -> tuple[int, ...]:
        """Each car's progress as shown now, by seat."""
        return self._tf_positions

    @property
    def caption(self) -> str:
        """The caption shown now (the current step of a move, or a description)."""
        return self._tf_caption

    @property
    def summary(self) -> str:
        """The finished move in words (empty while a move is still being shown)."""
        return self._tf_summary

    @property
    def current_move(self) -> Move | None:
        """The move being (or last) shown."""
        return self._tf_move

    @property
    def move_frames(self) -> tuple[TrackFrame, ...]:
        """Every frame of the current move, one per step of ``Move.path``."""
        return tuple(self._tf_frames)

    @property
    def frames_shown(self) -> tuple[TrackFrame, ...]:
        """The frames of the current move shown so far, in order."""
        return tuple(self._tf_shown)

    @property
    def frames_left(self) -> int:
        """Frames of the current move not shown yet."""
        return len(self._tf_frames) - self._tf_cursor

    @property
    def choices(self) -> tuple[tuple[str, Move], ...]:
        """The options marked by :meth:`show_choices`: ``(label, move)`` pairs."""
        return self._tf_choices

    @property
    def look(self) -> TrackLook:
        """The sizes of the layout drawn now: the wide one, or one made for a narrow room."""
        return self._tf_look

    def fit_room(self, room: int) -> None:
        """Lay the figure out for a page's ``room`` px (0: not known): narrower than the
        figure's own width, the narrow layout for it (:func:`narrow_look`); else the wide
        one. Where the cars stand, the move being shown and the marked choices stay."""
        wide = self._tf_wide
        look = narrow_look(room, wide, self._tf_names, len(self._tf_track)) if narrow_width(room, wide.width) else wide
        if look == self._tf_look:
            return
        self._tf_look = look
        self._tf_words_px = 0
        self._render(*self._tf_last, relaid=True)

    def _lay_out(self) -> None:
        """Set every size and place that differs between the looks (inside a batch that
        sets nothing else of them: Plotly keeps the first of two settings of a property in
        one batch when the second equals the value before the batch)."""
        look, cars = self._tf_look, len(self._tf_names)
        self.plot.layout.update(width=look.width, hoverlabel={"font": {"size": look.hover}})
        self.plot.data[SPACES].marker.size = self._space_sizes()
        self.plot.data[TRAIL].marker.size = look.space * 1.9
        self.plot.data[TRAIL_LABELS].textfont.size = look.text
        for seat in range(cars):
            self.plot.data[CARS_FIRST + seat].update(marker={"size": look.car}, textfont={"size": look.text})
        self.plot.data[CARS_FIRST + cars].update(marker={"size": look.car * 1.25}, textfont={"size": look.choice})
        grid = self._grid_half()
        self.plot.layout.shapes[0].update(x0=-grid, x1=grid)
        notes = self.plot.layout.annotations
        notes[CAPTION].update(font={"size": look.caption}, **look.caption_at)
        notes[SUMMARY].update(font={"size": look.summary}, **look.summary_at)
        notes[GRID_NOTE].update(x=-grid - 0.05, font={"size": look.note})
        notes[DIRECTION_NOTE].font.size = look.note

    def _say(self, caption: str, summary: str, relaid: bool = False) -> None:
        """Show the caption and the summary: inside the loop in the wide look; in a narrow
        one in lines as wide as the track below it, the key moved down and the figure grown
        to make room for them (and never shrunk again, so what stands below the figure
        does not jump as a move is stepped through). The figure's height, margins and key
        are set here, in the wide look only when it was ``relaid`` out (:meth:`fit_room`)."""
        look, notes = self._tf_look, self.plot.layout.annotations
        caption, summary = html.escape(caption), _wrap(html.escape(summary), look.wrap)
        if not look.below:
            notes[CAPTION].text = caption
            notes[SUMMARY].text = summary  # clear of the cars inside the loop
            if relaid:
                self.plot.layout.update(height=look.height, margin=look.margin, legend=look.legend)
            return
        caption = _wrap(caption, look.caption_wrap)
        caption_px = _text_height(caption, look.caption)
        words = caption_px + _text_height(summary, look.summary)
        self._tf_words_px = max(self._tf_words_px, words + 6 if words else 0)
        notes[CAPTION].update(text=caption, yshift=-2)
        notes[SUMMARY].update(text=summary, yshift=-2 - caption_px)
        grown = self._tf_words_px
        self.plot.layout.update(height=look.height + grown, margin={**look.margin, "b": look.margin["b"] + grown},
                                legend={**look.legend, "y": -grown / look.below})

    def _marks(self, trail: Sequence[tuple[int, str]]) -> dict[str, list]:
        """The trail's marks for its steps ``(progress, how)``, as Plotly's ``x``, ``y`` and
        ``text``: a counted step's number just outside the track; a jump's or a roll's word
        there too in the wide look. In a narrow one its spaces are too close for a word
        beside a number: the word stands inside the loop, once for steps in a row that
        would say the same word."""
        inside = self._tf_look.word_out < 0
        marks: dict[str, list] = {"x": [], "y": [], "text": []}
        counted, before = 0, ""
        for progress, how in trail:
            if how == "counted":
                counted += 1
                label, out = str(counted), 0.2
            else:
                # TRANSLATORS: a short mark beside a space where the moving car jumped another car, or rolled.
                label = pgettext("trail mark", "jump") if how == "jumped" else pgettext("trail mark", "roll")
                out = self._tf_look.word_out
            x, y, nx, ny = self._tf_space_xy[progress % len(self._tf_track)]
            marks["x"].append(x + nx * out)
            marks["y"].append(y + ny * out)
            marks["text"].append("" if inside and how != "counted" and how == before else label)
            before = how
        return marks

    def _space_sizes(self) -> list[float]:
        return [self._tf_look.space * (1.8 if k is SpaceKind.START else 1.0) for k in self._tf_track.kinds]

    def show_choices(self, choices: Sequence[tuple[str, Move]], caption: str = "") -> None:
        """Mark where each option would take the car deciding now: ``choices`` holds
        ``(label, move)`` pairs (moves from :func:`rally.move` or a game's preview),
        all of one car. Each end space gets a ring in the car's color with its label;
        the cars stand where the moves start. The marks stay until the next move or
        :meth:`set_positions`."""
        items = inputs.sequence(choices, _("The choices"), rally.SetupError, "[('turbo', move)]", 8)
        for item in items:
            if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)
                    and isinstance(item[1], Move)):
                inputs.fail(rally.SetupError, _("Each choice"), _("a pair (label, rally Move)"), item,
                            "('turbo', move)")
        movers = {self._seat_of(m.mover) for _label, m in items}
        if len(movers) > 1:
            raise rally.SetupError(_("Every choice must move the same car."))
        self.stop_playing()
        self._tf_frames, self._tf_cursor, self._tf_shown, self._tf_move = [], 0, [], None
        self._tf_choices = tuple(items)
        self._render(self._tf_positions, caption, "", [], mover=next(iter(movers), None))

    def space_xy(self, space: int) -> tuple[float, float]:
        """Where the marker of ``space`` is drawn."""
        x, y, _nx, _ny = self._tf_space_xy[space % len(self._tf_track)]
        return (x, y)

    def car_xy(self, seat: int) -> tuple[float, float]:
        """Where the marker of ``seat``'s car is drawn now (read from the trace)."""
        trace = self.plot.data[CARS_FIRST + seat]
        return (trace.x[0], trace.y[0])

    def car_spot(self, positions: Sequence[int], seat: int, mover: int | None = None) -> tuple[float, float]:
        """Where ``seat``'s car is drawn for ``positions``: its grid slot at progress 0,
        else just inside its space (further in when another car shares the space,
        which only happens while ``mover`` passes it)."""
        progress = positions[seat]
        if progress == 0:
            return self._grid_slot(seat, len(positions))
        n = len(self._tf_track)
        space = progress % n
        x, y, nx, ny = self._tf_space_xy[space]
        sharing = [s for s, p in enumerate(positions) if p != 0 and p % n == space]
        # The resting car keeps the inner lane; a passing mover takes the next one in.
        sharing.sort(key=lambda s: (s == mover, s))
        depth = CAR_INSET * (1 + sharing.index(seat))
        return (x - nx * depth, y - ny * depth)

    def on_space_click(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(space)`` when a space's marker is clicked in the page."""

        def clicked(trace, points, state) -> None:
            for index in points.point_inds:
                callback(int(index))

        self.plot.data[SPACES].on_click(clicked)

    def on_redraw(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every redraw: a frame shown, a move queued, cars placed
        (a :class:`MovePlayer` keeps its words and buttons in step this way)."""
        self._tf_watchers.append(callback)

    # ---------------------------------------------------------------- actions
    def set_positions(self, positions: Sequence[int], caption: str = "") -> None:
        """Show the cars at ``positions`` at once (any move being shown is dropped).
        Raises :class:`rally.PositionError` for positions that cannot happen."""
        positions = self._one_per_car(positions)
        _check_positions(self._tf_track, positions)
        self.stop_playing()
        self._tf_frames, self._tf_cursor, self._tf_shown, self._tf_move = [], 0, [], None
        self._tf_choices = ()
        self._render(positions, caption, "", [])

    def show_move(self, move: Move, animate: bool = True, positions: Sequence[int] | None = None) -> None:
        """Show ``move`` (from :func:`rally.move` or a ``Moved`` event).

        The other cars stand where they are shown now, or at ``positions`` if given.
        With ``animate=True`` the car waits at its start and one frame per path step is
        queued for :meth:`step` / :meth:`play`; with ``animate=False`` the end is shown
        at once, with the whole path marked.
        """
        if not isinstance(move, Move):
            inputs.fail(rally.RuleError, _("show_move's move"), _("a rally Move"), move,
                        "rally.move(track, [0, 5], 0, 3)")
        if move.track_length != len(self._tf_track):
            raise rally.TrackError(ngettext(
                "That move was made on a track of {length} spaces; this one has {spaces}.",
                "That move was made on a track of {length} spaces; this one has {spaces}.",
                move.track_length).format(length=move.track_length, spaces=len(self._tf_track)))
        seat = self._seat_of(move.mover)
        if positions is None:  # where the cars stand, or will once the move being shown ends
            positions = self._tf_frames[-1].positions if self.frames_left else self._tf_positions
        base = list(self._one_per_car(positions))
        self.stop_playing()
        self._tf_choices = ()
        base[seat] = move.start
        # Captions name cars by seat when the move uses seats, else by the move's own keys.
        captions = move.captions(self._tf_names if inputs.is_whole(move.mover) else None)
        frames = []
        for i, (path_step, text) in enumerate(zip(move.path, captions)):
            base[seat] = path_step.progress
            frames.append(TrackFrame(i + 1, path_step.progress, path_step.how.value, text, tuple(base)))
        base[seat] = move.start
        self._tf_move, self._tf_frames, self._tf_cursor, self._tf_shown = move, frames, 0, []
        if not frames:
            self._render(tuple(base), self._describe(move), "", [], mover=seat)
        elif animate:
            if move.start == 0:
                template = ngettext("{name} moves {n} from the grid", "{name} moves {n} from the grid", move.steps)
            else:
                template = ngettext("{name} moves {n} from space {space}", "{name} moves {n} from space {space}",
                                    move.steps)
            caption = template.format(name=self._tf_names[seat], n=move.steps,
                                      space=move.start % len(self._tf_track))
            self._render(tuple(base), caption, "", [], mover=seat)
        else:
            self.skip()

    def step(self) -> bool:
        """Show the next frame of the current move. Returns True while frames remain."""
        if self._tf_cursor >= len(self._tf_frames):
            return False
        frame = self._tf_frames[self._tf_cursor]
        self._tf_cursor += 1
        self._show_frame(frame)
        return self._tf_cursor < len(self._tf_frames)

    def skip(self) -> None:
        """Show the end of the current move at once."""
        if self._tf_cursor >= len(self._tf_frames):
            return
        self._tf_cursor = len(self._tf_frames)
        self._show_frame(self._tf_frames[-1])

    def play(self, interval: float = 0.35) -> "asyncio.Task | None":
        """Play the remaining frames, one every ``interval`` seconds.

        Inside Jupyter (a running event loop) this returns an :class:`asyncio.Task`
        and the kernel stays free; without a loop (scripts, tests) every frame is
        shown at once and ``None`` is returned.
        """
        self.stop_playing()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self.step():
                pass
            return None
        self._tf_task = loop.create_task(self.play_async(interval))
        return self._tf_task

    async def play_async(self, interval: float = 0.35) -> None:
        """Coroutine form of :meth:`play`: await it to wait for the end of the move."""
        while self.step():
            await asyncio.sleep(interval)

    # --------------------------------------------------------------- drawing
    def _show_frame(self, frame: TrackFrame) -> None:
        self._tf_shown.append(frame)
        done = self._tf_cursor >= len(self._tf_frames)
        move = self._tf_move
        summary = self._describe(move) if done and move is not None else ""
        trail = self._tf_frames[: self._tf_cursor]
        self._render(frame.positions, frame.caption, summary, trail, mover=self._seat_of(move.mover) if move else None)

    def _describe(self, move: Move) -> str:
        return move.describe(self._tf_names if inputs.is_whole(move.mover) else None)

    def _one_per_car(self, positions: Sequence[int]) -> tuple[int, ...]:
        """``positions`` if it gives one progress per car (checked further by rally)."""
        cars = len(self._tf_names)
        items = inputs.sequence(positions, _("The cars' progress"), rally.SetupError, "[0, 3, 7]", len(CAR_COLORS))
        if len(items) != cars:
            inputs.fail(rally.SetupError, _("The cars' progress"),
                        ngettext("{n} numbers, one per car", "{n} numbers, one per car", cars).format(n=cars),
                        positions, list(self._tf_positions))
        return tuple(items)

    def _seat_of(self, car: Hashable) -> int:
        if inputs.is_whole(car) and 0 <= car < len(self._tf_names):  # type: ignore[operator]
            return car  # type: ignore[return-value]
        if car in self._tf_names:
            return self._tf_names.index(car)
        inputs.fail(rally.PositionError, _("The moving car"),
                    _("one of the cars here, a seat from 0 to {last} or a name ({names})").format(
                        last=len(self._tf_names) - 1, names=", ".join(self._tf_names)), car, 0)

    def _grid_slot(self, seat: int, cars: int) -> tuple[float, float]:
        return ((seat - (cars - 1) / 2) * self._tf_look.grid_gap, RADIUS + GRID_HEIGHT)

    def _grid_half(self) -> float:
        """Half the width of the starting grid's box, in plot units."""
        return max(1, len(self._tf_names)) * self._tf_look.grid_gap / 2 + 0.08

    def _build(self) -> None:
        """Make the figure's traces and layout, in the look drawn now."""
        track, n, look = self._tf_track, len(self._tf_track), self._tf_look
        xs = [p[0] for p in self._tf_space_xy]
        ys = [p[1] for p in self._tf_space_xy]
        loop = [stadium_point(i / 240) for i in range(241)]
        self.plot.add_scatter(
            x=[p[0] for p in loop], y=[p[1] for p in loop], mode="lines", line={"color": "#e5e7eb", "width": 22},
            hoverinfo="skip", showlegend=False, name="road", meta="road",
        )
        self.plot.add_scatter(
            # Never shown (no legend entry, no name in the hover), so the name stays the key.
            x=xs, y=ys, mode="markers", name=SPACES_KEY, meta=SPACES_KEY, showlegend=False, hoverinfo="text",
            marker={
                "color": [KIND_STYLE[k][0] for k in track.kinds],
                "symbol": [KIND_STYLE[k][1] for k in track.kinds],
                "size": self._space_sizes(),
                "line": {"color": "#ffffff", "width": 1},
            },
            customdata=list(range(n)),
        )
        self.plot.add_scatter(x=[], y=[], mode="markers", name="path", meta="path", showlegend=False,
                              hoverinfo="skip", marker={"size": look.space * 1.9, "line": {"width": 2.5}})
        self.plot.add_scatter(x=[], y=[], mode="text", name="path steps", meta="path steps", showlegend=False,
                              hoverinfo="skip", textfont={"size": look.text, "color": "#111827"},
                              cliponaxis=False)  # "roll" by the right end
        for kind, (color, symbol) in KIND_STYLE.items():
            self.plot.add_scatter(
                x=[None], y=[None], mode="markers", name=_(KIND_LEGEND[kind]), meta=f"kind:{kind.name.lower()}",
                legendgroup="spaces", marker={"color": color, "symbol": symbol, "size": 11}, hoverinfo="skip",
            )
        for seat in range(len(self._tf_names)):
            color = self._tf_colors[seat]
            self.plot.add_scatter(
                # The legend shows the name given in _render; code finds the car by its key.
                x=[0.0], y=[0.0], mode="markers+text", legendgroup="cars", hoverinfo="text",
                meta=CAR_KEY + self._tf_names[seat],
                text=[self._tf_labels[seat]], textposition="middle center",
                textfont={"color": CAR_TEXT_HEX[color], "size": look.text, "family": "Arial Black, Arial, sans-serif"},
                marker={"color": CAR_HEX[color], "symbol": "square", "size": look.car,
                        "line": {"color": OUTLINE_HEX, "width": 2}},
            )
        self.plot.add_scatter(x=[], y=[], mode="markers+text", name="choices", meta="choices", showlegend=False,
                              hoverinfo="text",
                              textposition="top center", textfont={"size": look.choice, "color": "#111827"},
                              marker={"symbol": "square-open", "size": look.car * 1.25, "color": OUTLINE_HEX,
                                      "line": {"width": 3, "color": OUTLINE_HEX}}, cliponaxis=False)
        half = STRAIGHT / 2 + RADIUS
        grid_w = self._grid_half()
        self.plot.update_layout(
            width=look.width, height=look.height, margin=look.margin,
            plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", hovermode="closest", dragmode=False,
            hoverlabel={"font": {"size": look.hover}},
            xaxis={"visible": False, "range": [-half - 0.25, half + 0.25], "fixedrange": True},
            yaxis={"visible": False, "range": [-RADIUS - 0.3, RADIUS + GRID_HEIGHT + 0.3], "fixedrange": True,
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
                {"x": 0, "y": -0.56, "text": html.escape(_("cars run clockwise ↻")), "showarrow": False,
                 "font": {"size": look.note, "color": "#6b7280"}},
            ],
        )

    def _render(self, positions: tuple[int, ...], caption: str, summary: str, trail: Sequence[TrackFrame],
                mover: int | None = None, relaid: bool = False) -> None:
        """Draw ``positions`` with a caption and the trail of steps shown so far; all of
        it anew in the look just chosen when ``relaid`` (:meth:`fit_room`)."""
        self._tf_last = (positions, caption, summary, tuple(trail), mover)
        track, n, names = self._tf_track, len(self._tf_track), self._tf_safe
        on_space: dict[int | str, list[str]] = {}
        car_words = [_(CAR_PHRASE[color]).format(name=name) for name, color in zip(names, self._tf_colors)]
        for seat, p in enumerate(positions):
            where = "grid" if p == 0 else p % n
            on_space.setdefault(where, []).append(car_words[seat])
        hover = []
        space_line, grid_line, here_line = _("Space {space}: {kind}"), _("on the starting grid: {cars}"), \
            _("here: {cars}")
        kind_words = {kind: _(word) for kind, word in KIND_WORD.items()}
        for space, kind in enumerate(track.kinds):
            lines = [space_line.format(space=space, kind=kind_words[kind])]
            if space == 0 and "grid" in on_space:
                lines.append(grid_line.format(cars=", ".join(on_space["grid"])))
            if space in on_space:
                lines.append(here_line.format(cars=", ".join(on_space[space])))
            hover.append("<br>".join(lines))
        out = [self._tf_space_xy[f.progress % n] for f in trail]
        cars = []
        for seat, p in enumerate(positions):
            x, y = self.car_spot(positions, seat, mover)
            laps = laps_done(p, n)
            cars.append({
                "x": [x], "y": [y], "name": _legend_name(names[seat], p, n),
                "hovertext": [_car_hover(p, n).format(car=car_words[seat], space=p % n, laps=laps)],
            })
        marks: dict = {"x": [], "y": [], "text": [], "hovertext": [], "textposition": []}
        for label, choice in self._tf_choices:
            seat = self._seat_of(choice.mover)
            end = list(positions)
            end[seat] = choice.final
            x, y = self.car_spot(end, seat)
            marks["x"].append(x)
            marks["y"].append(y)
            marks["text"].append(html.escape(label))  # plain: the site's picture cleaner keeps no <tspan>
            marks["hovertext"].append(f"{html.escape(label)}: {html.escape(self._describe(choice))}")
            # The label points into the loop, away from the legend and the page's edges.
            marks["textposition"].append("middle left" if x > STRAIGHT / 2 else "middle right" if x < -STRAIGHT / 2
                                         else "bottom center" if y > 0 else "top center")
        trail_key = tuple((f.progress, f.how) for f in trail)
        # What the last render sent (all but the hover texts sent anew in a new look).
        shown = {"hover": self._tf_drawn.get("hover")} if relaid else self._tf_drawn
        # Plotly validates every assignment, so only what changed is sent.
        with self.plot.batch_update():
            if relaid:
                self._lay_out()
            if shown.get("hover") != hover:
                self.plot.data[SPACES].hovertext = hover
            if shown.get("trail") != trail_key:
                self.plot.data[TRAIL].update(
                    x=[p[0] for p in out], y=[p[1] for p in out],
                    marker={"color": [HOW_STYLE[f.how][0] for f in trail],
                            "symbol": [HOW_STYLE[f.how][1] for f in trail],
                            "line": {"color": [HOW_STYLE[f.how][0] for f in trail]}},
                )
                self.plot.data[TRAIL_LABELS].update(**self._marks(trail_key))
            for seat, car in enumerate(cars):
                if shown.get(seat) != car:
                    self.plot.data[CARS_FIRST + seat].update(**car)
            if shown.get("choices") != marks:
                self.plot.data[CARS_FIRST + len(cars)].update(
                    x=marks["x"], y=marks["y"], text=marks["text"], hovertext=marks["hovertext"],
                    textposition=marks["textposition"])
            if shown.get("caption") != (caption, summary):
                self._say(caption, summary, relaid)
        self._tf_drawn = {"hover": hover, "trail": trail_key, "caption": (caption, summary), "choices": marks,
                          **dict(enumerate(cars))}
        self.redrawn()
        self._tf_positions = tuple(positions)
        self._word_cars(self._tf_positions)
        self._tf_caption = caption
        self._tf_summary = summary
        for callback in self._tf_watchers:
            callback()

    def stop_playing(self) -> None:
        """Stop a move being played on a timer (see :meth:`play`); the frames not shown
        yet stay queued for :meth:`step` and :meth:`skip`."""
        if self._tf_task is not None and not self._tf_task.done():
            self._tf_task.cancel()
        self._tf_task = None

    def _word_cars(self, positions: tuple[int, ...]) -> None:
        """Fill :attr:`in_words` with where each car is (only when that changed)."""
        if positions == self._tf_worded:
            return
        self._tf_worded = positions
        n = len(self._tf_track)
        rows = []
        for seat, p in enumerate(positions):
            car = _(CAR_PHRASE[self._tf_colors[seat]]).format(name=self._tf_safe[seat])
            where = _("starting grid") if p == 0 else _("space {space}").format(space=p % n)
            rows.append(f"<tr><td>{car}</td><td>{html.escape(where)}</td><td>{laps_done(p, n)}</td></tr>")
        head = "".join(f"<th scope='col' style='text-align:left;padding-right:12px'>{html.escape(h)}</th>"
                       for h in (_("Car"), _("Where"), _("Laps completed")))
        self.in_words.value = (
            "<details style='font-size:13px;margin:2px 0'><summary>" + html.escape(_("Where the cars are, in words"))
            + f"</summary><table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>")

    def __repr__(self) -> str:
        track = self._tf_track
        text = ngettext("The {track} track, {n} space.", "The {track} track, {n} spaces.", len(track)).format(
            track=track.shown_name, n=len(track))
        if not self._tf_positions:
            return text
        return text + " " + ngettext("A car on space {spaces}.", "Cars on spaces {spaces}.", len(self._tf_positions)).format(
            spaces=join_words([str(p) for p in self._tf_positions]))


def car_colors(colors: Sequence[str] | None, cars: int) -> tuple[str, ...]:
    """The cars' colors by seat: ``colors`` checked (one per car, each a word of
    :data:`rally.CAR_COLORS`, no two the same), or the seat colors when None.

    >>> car_colors(["red", "yellow"], 2), car_colors(None, 3)
    (('red', 'yellow'), ('white', 'red', 'yellow'))
    """
    if colors is None:
        return tuple(CAR_COLORS[:cars])
    # The color words are what the code reads (``colors=["red", "yellow"]``): they stay as typed.
    palette = ", ".join(CAR_COLORS)
    example = list(CAR_COLORS[1:cars + 1] if cars < len(CAR_COLORS) else CAR_COLORS)
    items = inputs.sequence(colors, _("The cars' colors"), rally.SetupError, example, len(CAR_COLORS))
    if len(items) != cars:
        inputs.fail(rally.SetupError, _("The cars' colors"),
                    ngettext("a list of {n} color, one per car", "a list of {n} colors, one per car", cars)
                    .format(n=cars), colors, example)
    for color in items:
        if color not in CAR_COLORS:
            inputs.fail(rally.SetupError, _("Each car's color"),
                        _("one of the game's car colors ({colors})").format(colors=palette), color, "'red'")
    repeated = sorted({c for c in items if items.count(c) > 1})
    if repeated:  # five cars repeat at most two colors, so "a and b" is the longest list
        raise rally.SetupError(ngettext(
            "Each car needs a different color; {colors} is given twice. The game's car colors are {palette}.",
            "Each car needs a different color; {colors} is given twice. The game's car colors are {palette}.",
            len(repeated)).format(colors=join_words(repeated), palette=palette))
    return tuple(items)


#: A car's legend entry after 0, 1 and 2 completed laps: where it is and its lap (the
#: motor's side is on its dial and in the car's hover text).
LEGEND_NAMES = (N_("{name} · {where} · lap 1"), N_("{name} · {where} · lap 2"), N_("{name} · {where} · finished"))


def _legend_name(name: str, progress: int, track_length: int) -> str:
    """``"Ada · space 3 · lap 1"``: a car's legend entry."""
    where = _("starting grid") if progress == 0 else _("space {space}").format(space=progress % track_length)
    return _(LEGEND_NAMES[min(max(laps_done(progress, track_length), 0), 2)]).format(name=name, where=where)


def _car_hover(progress: int, track_length: int) -> str:
    """The template of a car's hover text, by where it stands and its motor's side; it
    takes ``car`` (the car in words), ``space`` and ``laps``."""
    if progress == 0:
        return _("{car} on the starting grid; laps completed: {laps}; motor on its yellow side")
    if motor_side(laps_done(progress, track_length)) == "red":
        return _("{car} on space {space}; laps completed: {laps}; motor on its red side")
    return _("{car} on space {space}; laps completed: {laps}; motor on its yellow side")


def _check_positions(track: Track, positions: Sequence[int]) -> None:
    """Raise :class:`rally.PositionError` when ``positions`` could not happen."""
    if positions:
        rally.check_positions(track, dict(enumerate(positions)))


def _key_chars(names: Sequence[str], track_length: int) -> int:
    """The characters of the key's longest car entry, wherever the cars stand."""
    n = track_length
    return max((len(_legend_name(name, progress, n)) for name in names
                for progress in (0, n - 1, 2 * n - 1, 2 * n)), default=0)


def _key_margin(names: Sequence[str], track_length: int) -> int:
    """The figure's right margin, in pixels: room for the key's longest car entry, wherever
    the cars stand. Plotly widens a margin too narrow for its key, so an entry growing as a
    car moves ("starting grid" → "space 12") would shift the whole track sideways."""
    return max(155, 46 + round(6.5 * _key_chars(names, track_length)))


def _pixels_per_unit(width: int, height: int, margin: int = 155) -> float:
    """How many pixels one plot unit takes in a figure of ``width`` x ``height`` whose key
    takes a right ``margin`` (the margins of :meth:`TrackFigure._build` taken off; the axes
    keep a 1:1 scale)."""
    return max(20.0, min((width - 6 - margin) / ACROSS, (height - 12) / UP))


def _text_height(text: str, size: int) -> int:
    """The height in px of ``text`` (lines joined by ``<br>``) in Plotly, at ``size`` px."""
    return math.ceil(len(text.split("<br>")) * 1.3 * size) + 2 if text else 0


def _wrap(text: str, width: int) -> str:
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
