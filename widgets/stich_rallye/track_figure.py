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
from rally import CAR_COLORS, Move, SpaceKind, Track, inputs

from ..i18n import N_, _, join_words, ngettext, pgettext
from ..plotly_view import PlotlyView, plotly_figure
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
CAPTION, SUMMARY = 0, 1


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
        self._tf_margin = _key_margin(names, n)
        step_px = _pixels_per_unit(width, height, self._tf_margin) * PERIMETER / n
        self._tf_space_size = max(7.0, min(16.0, 0.38 * step_px))
        self._tf_car_size = max(11.0, min(21.0, 0.5 * step_px))
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
        self._build(width, height)
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
        return ((seat - (cars - 1) / 2) * GRID_GAP, RADIUS + GRID_HEIGHT)

    def _build(self, width: int, height: int) -> None:
        track, n = self._tf_track, len(self._tf_track)
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
                "size": [self._tf_space_size * (1.8 if k is SpaceKind.START else 1.0) for k in track.kinds],
                "line": {"color": "#ffffff", "width": 1},
            },
            customdata=list(range(n)),
        )
        self.plot.add_scatter(x=[], y=[], mode="markers", name="path", meta="path", showlegend=False,
                              hoverinfo="skip", marker={"size": self._tf_space_size * 1.9, "line": {"width": 2.5}})
        self.plot.add_scatter(x=[], y=[], mode="text", name="path steps", meta="path steps", showlegend=False,
                              hoverinfo="skip", textfont={"size": 11, "color": "#111827"},
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
                textfont={"color": CAR_TEXT_HEX[color], "size": 11, "family": "Arial Black, Arial, sans-serif"},
                marker={"color": CAR_HEX[color], "symbol": "square", "size": self._tf_car_size,
                        "line": {"color": OUTLINE_HEX, "width": 2}},
            )
        self.plot.add_scatter(x=[], y=[], mode="markers+text", name="choices", meta="choices", showlegend=False,
                              hoverinfo="text",
                              textposition="top center", textfont={"size": 12, "color": "#111827"},
                              marker={"symbol": "square-open", "size": self._tf_car_size * 1.25, "color": OUTLINE_HEX,
                                      "line": {"width": 3, "color": OUTLINE_HEX}}, cliponaxis=False)
        half = STRAIGHT / 2 + RADIUS
        grid_w = max(1, len(self._tf_names)) * GRID_GAP / 2 + 0.08
        self.plot.update_layout(
            width=width, height=height, margin={"l": 6, "r": self._tf_margin, "t": 6, "b": 6},
            plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", hovermode="closest", dragmode=False,
            xaxis={"visible": False, "range": [-half - 0.25, half + 0.25], "fixedrange": True},
            yaxis={"visible": False, "range": [-RADIUS - 0.3, RADIUS + GRID_HEIGHT + 0.3], "fixedrange": True,
                   "scaleanchor": "x", "scaleratio": 1},
            legend={"x": 1.01, "xanchor": "left", "y": 1.0, "yanchor": "top", "font": {"size": 11},
                    "itemclick": False, "itemdoubleclick": False, "tracegroupgap": 14},
            shapes=[
                {"type": "rect", "x0": -grid_w, "x1": grid_w, "y0": RADIUS + GRID_HEIGHT - 0.15,
                 "y1": RADIUS + GRID_HEIGHT + 0.15, "line": {"color": "#6b7280", "dash": "dot", "width": 1}},
                {"type": "line", "x0": 0, "x1": 0, "y0": RADIUS - 0.16, "y1": RADIUS + 0.16,
                 "line": {"color": "#111827", "width": 3}},
            ],
            annotations=[
                {"x": 0, "y": 0.46, "text": "", "showarrow": False, "font": {"size": 15, "color": "#111827"}},
                # The summary hangs below the caption, so a long one grows down, never into it.
                {"x": 0, "y": 0.3, "yanchor": "top", "text": "", "showarrow": False,
                 "font": {"size": 11, "color": "#374151"}},
                {"x": -grid_w - 0.05, "y": RADIUS + GRID_HEIGHT, "text": html.escape(_("starting grid")),
                 "showarrow": False, "xanchor": "right", "font": {"size": 10, "color": "#4b5563"}},
                {"x": 0, "y": -0.56, "text": html.escape(_("cars run clockwise ↻")), "showarrow": False,
                 "font": {"size": 10, "color": "#6b7280"}},
            ],
        )

    def _render(self, positions: tuple[int, ...], caption: str, summary: str, trail: Sequence[TrackFrame],
                mover: int | None = None) -> None:
        """Draw ``positions`` with a caption and the trail of steps shown so far."""
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
        counted = 0
        labels = []
        for frame in trail:
            if frame.how == "counted":
                counted += 1
                labels.append(str(counted))
            else:
                # TRANSLATORS: a short mark beside a space where the moving car jumped another car, or rolled.
                labels.append(pgettext("trail mark", "jump") if frame.how == "jumped"
                              else pgettext("trail mark", "roll"))
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
        shown = self._tf_drawn
        # Plotly validates every assignment, so only what changed is sent.
        with self.plot.batch_update():
            if shown.get("hover") != hover:
                self.plot.data[SPACES].hovertext = hover
            if shown.get("trail") != trail_key:
                self.plot.data[TRAIL].update(
                    x=[p[0] for p in out], y=[p[1] for p in out],
                    marker={"color": [HOW_STYLE[f.how][0] for f in trail],
                            "symbol": [HOW_STYLE[f.how][1] for f in trail],
                            "line": {"color": [HOW_STYLE[f.how][0] for f in trail]}},
                )
                self.plot.data[TRAIL_LABELS].update(
                    x=[p[0] + p[2] * 0.2 for p in out], y=[p[1] + p[3] * 0.2 for p in out], text=labels,
                )
            for seat, car in enumerate(cars):
                if shown.get(seat) != car:
                    self.plot.data[CARS_FIRST + seat].update(**car)
            if shown.get("choices") != marks:
                self.plot.data[CARS_FIRST + len(cars)].update(
                    x=marks["x"], y=marks["y"], text=marks["text"], hovertext=marks["hovertext"],
                    textposition=marks["textposition"])
            if shown.get("caption") != (caption, summary):
                self.plot.layout.annotations[CAPTION].text = html.escape(caption)
                self.plot.layout.annotations[SUMMARY].text = _wrap(html.escape(summary), 48)  # clear of the cars inside the loop
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


def _key_margin(names: Sequence[str], track_length: int) -> int:
    """The figure's right margin, in pixels: room for the key's longest car entry, wherever
    the cars stand. Plotly widens a margin too narrow for its key, so an entry growing as a
    car moves ("starting grid" → "space 12") would shift the whole track sideways."""
    n = track_length
    longest = max((len(_legend_name(name, progress, n)) for name in names
                   for progress in (0, n - 1, 2 * n - 1, 2 * n)), default=0)
    return max(155, 46 + round(6.5 * longest))


def _pixels_per_unit(width: int, height: int, margin: int = 155) -> float:
    """How many pixels one plot unit takes in a figure of ``width`` x ``height`` whose key
    takes a right ``margin`` (the margins of :meth:`TrackFigure._build` taken off; the axes
    keep a 1:1 scale)."""
    across = 2 * (STRAIGHT / 2 + RADIUS + 0.25)
    up = 2 * RADIUS + GRID_HEIGHT + 0.6
    return max(20.0, min((width - 6 - margin) / across, (height - 12) / up))


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
