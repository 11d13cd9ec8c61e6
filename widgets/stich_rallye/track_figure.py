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
(:mod:`widgets.i18n`; the words are in :mod:`~widgets.stich_rallye.track_words`). Where
everything stands and how big, in plain numbers, is :mod:`~widgets.stich_rallye.track_layout`;
the Plotly traces and layout as plain dicts, :mod:`~widgets.stich_rallye.track_traces`.
Code (and the browser tests) find a trace by its stable key in Plotly's ``meta``, never by
its shown name: :data:`SPACES_KEY` (``"spaces"``) for the spaces, :data:`CAR_KEY` and the
player's name (``"car:Ada"``) for each car.

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
from typing import Callable, Hashable, NamedTuple, Sequence

import ipywidgets as w

import rally
from rally import CAR_COLORS, Move, Track
from rally.common import inputs

from ..i18n import _, join_words, ngettext
from ..plotly_view import PlotlyView, narrow_width, plotly_figure
from ..style import short_labels
from .track_layout import TrackLook, car_spot, grid_half, narrow_look, stadium_point, text_height, wide_look, wrap
from .track_traces import (
    CAPTION, CARS_FIRST, DIRECTION_NOTE, GRID_NOTE, PINS, SPACES, SUMMARY, TRAIL, TRAIL_LABELS, car_pins, car_update,
    choice_marks, direction_note, figure_layout, figure_traces, note_boxes, ring_size, space_sizes, trail_marks,
    trail_update,
)
from .track_words import cars_by_color, cars_table, move_opening, space_hovers, track_in_words, track_sentence

#: The most lines of a finished move's summary inside the loop (the wide look): more would
#: run into the cars and the note on the direction, so a longer one stands below the track.
INSIDE_LINES = 3
#: A summary below the track in the wide look: under it, left-aligned (the key is to the right).
SUMMARY_BELOW = {"xref": "paper", "yref": "paper", "x": 0, "y": 0, "xanchor": "left", "yanchor": "top",
                 "align": "left", "yshift": -2}

# Where lessons, tests and benchmarks have always found them.
from .track_layout import ACROSS, NARROW_FONT, RADIUS, STRAIGHT, UP  # noqa: F401
from .track_traces import CAR_KEY, KEY_FIRST, KIND_STYLE, SPACES_KEY  # noqa: F401


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
        positions, names, colors = _checked_setup(track, positions, names, colors)
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
        self._tf_caption = self._tf_summary = ""
        self._tf_task: asyncio.Task | None = None
        self._tf_drawn: dict = {}  # what the last render sent, so the next sends only changes
        self._tf_watchers: list[Callable[[], None]] = []
        self._tf_choices: tuple[tuple[str, Move], ...] = ()
        #: Where every car is, in words and as a table: the track for a screen reader (and
        #: for anyone on a small screen), folded under the figure.
        self.in_words = w.HTML()
        self._tf_worded: tuple[int, ...] | None = None
        self._tf_track_words = track_in_words(track)  # the track never changes: said once, above every table
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
        self.plot.data[SPACES].marker.size = space_sizes(self._tf_track.kinds, look)
        self.plot.data[TRAIL].marker.size = look.space * 1.9
        self.plot.data[TRAIL_LABELS].textfont.size = look.text
        for seat in range(cars):
            self.plot.data[CARS_FIRST + seat].update(marker={"size": look.car}, textfont={"size": look.text})
        self.plot.data[CARS_FIRST + cars].marker.size = ring_size(look)
        self.plot.data[CARS_FIRST + cars + 1].textfont.size = look.choice
        grid = grid_half(cars, look.grid_gap)
        self.plot.layout.shapes[0].update(x0=-grid, x1=grid)
        notes = self.plot.layout.annotations
        notes[CAPTION].update(font={"size": look.caption}, **look.caption_at)
        notes[SUMMARY].update(font={"size": look.summary}, **look.summary_at)
        notes[GRID_NOTE].update(x=-grid - 0.05, font={"size": look.note})
        notes[DIRECTION_NOTE].update(y=look.note_y, font={"size": look.note}, text=direction_note(look))

    def _say(self, caption: str, summary: str, relaid: bool = False) -> None:
        """Show the caption and the summary. The wide look: inside the loop, but a summary of
        :data:`INSIDE_LINES` lines or more below the track, the figure grown for it while it
        is shown. A narrow look: in lines as wide as the track below it, the key moved down,
        the figure grown for them and not shrunk while words stand there (what stands below
        it does not jump as a move is stepped through); with no words, as high as its look
        again (no empty band over the key); the wide look's size is set again when ``relaid``."""
        look, notes = self._tf_look, self.plot.layout.annotations
        caption, summary = html.escape(caption), wrap(html.escape(summary), look.wrap)
        if look.below:
            caption = wrap(caption, look.caption_wrap)
            caption_px = text_height(caption, look.caption)
            words = caption_px + text_height(summary, look.summary)
            self._tf_words_px = max(self._tf_words_px, words + 6) if words else 0
            notes[CAPTION].update(text=caption, yshift=-2)
            notes[SUMMARY].update(text=summary, yshift=-2 - caption_px)
            self._grow({**look.legend, "y": -self._tf_words_px / look.below})
            return
        notes[CAPTION].text = caption
        inside = summary.count("<br>") < INSIDE_LINES  # more would cover the cars and the note on the direction
        notes[SUMMARY].update(text=summary, **(look.summary_at if inside else SUMMARY_BELOW))
        if relaid or self._tf_words_px or not inside:
            self._tf_words_px = 0 if inside else text_height(summary, look.summary) + 6
            self._grow(look.legend)

    def _grow(self, legend: dict) -> None:
        """The figure as high as its look plus the words below the track, the key at ``legend``."""
        look, grown = self._tf_look, self._tf_words_px
        self.plot.layout.update(height=look.height + grown, margin={**look.margin, "b": look.margin["b"] + grown},
                                legend=legend)

    def show_choices(self, choices: Sequence[tuple[str, Move]], caption: str = "") -> None:
        """Mark where each option would take the car deciding now: ``choices`` holds
        ``(label, move)`` pairs (moves from :func:`rally.move` or a game's preview),
        all of one car. Each end space gets a ring round its marker, with its label;
        the cars stand where the moves start. The marks stay until the next move or
        :meth:`set_positions`."""
        items = _checked_choices(choices)
        movers = {self._seat_of(m.mover) for _label, m in items}
        if len(movers) > 1:
            raise rally.SetupError(_("Every choice must move the same car."))
        self._drop_move()
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
        which only happens while ``mover`` passes it; on a phone neighbours take turns a lane
        further in: :func:`~widgets.stich_rallye.track_layout.car_spot`)."""
        return car_spot(self._tf_space_xy, positions, seat, mover, self._tf_look.grid_gap, self._tf_look.lane_gap)

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
        positions = one_per_car(positions, len(self._tf_names), self._tf_positions)
        _check_positions(self._tf_track, positions)
        self._drop_move()
        self._tf_choices = ()
        self._render(positions, caption, "", [])

    def show_move(self, move: Move, animate: bool = True, positions: Sequence[int] | None = None) -> None:
        """Show ``move`` (from :func:`rally.move` or a ``Moved`` event).

        The other cars stand where they are shown now, or at ``positions`` if given.
        With ``animate=True`` the car waits at its start and one frame per path step is
        queued for :meth:`step` / :meth:`play`; with ``animate=False`` the end is shown
        at once, with the whole path marked.
        """
        _check_move(move, self._tf_track)
        seat = self._seat_of(move.mover)
        if positions is None:  # where the cars stand, or will once the move being shown ends
            positions = self._tf_frames[-1].positions if self.frames_left else self._tf_positions
        base = list(one_per_car(positions, len(self._tf_names), self._tf_positions))
        self.stop_playing()
        self._tf_choices = ()
        base[seat] = move.start
        # Captions name cars by seat when the move uses seats, else by the move's own keys.
        captions = move.captions(self._tf_names if inputs.is_whole(move.mover) else None)
        frames = _frames_of(move, captions, seat, base)
        self._tf_move, self._tf_frames, self._tf_cursor, self._tf_shown = move, frames, 0, []
        if not frames:
            self._render(tuple(base), self._describe(move), "", [], mover=seat)
        elif animate:
            self._render(tuple(base), move_opening(self._tf_names[seat], move, len(self._tf_track)), "", [], mover=seat)
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

    def _drop_move(self) -> None:
        """Stop and forget the move being shown (its frames too)."""
        self.stop_playing()
        self._tf_frames, self._tf_cursor, self._tf_shown, self._tf_move = [], 0, [], None

    def _describe(self, move: Move) -> str:
        return move.describe(self._tf_names if inputs.is_whole(move.mover) else None)

    def _seat_of(self, car: Hashable) -> int:
        if inputs.is_whole(car) and 0 <= car < len(self._tf_names):  # type: ignore[operator]
            return car  # type: ignore[return-value]
        if car in self._tf_names:
            return self._tf_names.index(car)
        inputs.fail(rally.PositionError, _("The moving car"),
                    _("one of the cars here, a seat from 0 to {last} or a name ({names})").format(
                        last=len(self._tf_names) - 1, names=", ".join(self._tf_names)), car, 0)

    def _build(self) -> None:
        """Make the figure's traces and layout, in the look drawn now."""
        look = self._tf_look
        for trace in figure_traces(self._tf_track, self._tf_space_xy, self._tf_names, self._tf_colors,
                                   self._tf_labels, look):
            self.plot.add_scatter(**trace)
        self.plot.update_layout(**figure_layout(look, grid_half(len(self._tf_names), look.grid_gap)))

    def _render(self, positions: tuple[int, ...], caption: str, summary: str, trail: Sequence[TrackFrame],
                mover: int | None = None, relaid: bool = False) -> None:
        """Draw ``positions`` with a caption and the trail of steps shown so far; all of
        it anew in the look just chosen when ``relaid`` (:meth:`fit_room`)."""
        self._tf_last = (positions, caption, summary, tuple(trail), mover)
        n, names = len(self._tf_track), self._tf_safe
        car_words = cars_by_color(names, self._tf_colors)
        hover = space_hovers(self._tf_track.kinds, positions, car_words)
        jumper = mover if trail and trail[-1].how == "jumped" else None  # over a jumped car's space now
        spots = [self.car_spot(positions, seat, mover) for seat in range(len(positions))]
        cars = [car_update(names[seat], p, n, car_words[seat], spots[seat], seat == jumper)
                for seat, p in enumerate(positions)]
        pins = car_pins(spots, positions, self._tf_space_xy)
        rings, labels = choice_marks([(label, self._tf_space_xy[choice.final % n], self._describe(choice))
                                      for label, choice in self._tf_choices],
                                     self._tf_look, spots, note_boxes(self._tf_look, len(names)), self._tf_space_xy)
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
                self.plot.data[TRAIL].update(**trail_update(trail_key, self._tf_space_xy))
                self.plot.data[TRAIL_LABELS].update(**trail_marks(trail_key, self._tf_space_xy,
                                                                  self._tf_look.word_out))
            # A narrow look's note on the direction stands where a move's words go: the steps' numbers say it.
            # Marked choices' labels may stand where it does ("turbo or card alone" over "cars run
            # clockwise": walk 80); the rings say where the car goes.
            direction = not (self._tf_look.below and trail_key) and not self._tf_choices
            if self.plot.layout.annotations[DIRECTION_NOTE].visible is not direction:
                self.plot.layout.annotations[DIRECTION_NOTE].visible = direction
            for key, index, drawn in [*((seat, CARS_FIRST + seat, car) for seat, car in enumerate(cars)),
                                      ("pins", PINS, pins), ("choices", CARS_FIRST + len(cars), rings),
                                      ("labels", CARS_FIRST + len(cars) + 1, labels)]:
                if shown.get(key) != drawn:
                    self.plot.data[index].update(**drawn)
            if shown.get("caption") != (caption, summary):
                self._say(caption, summary, relaid)
        self._tf_drawn = {"hover": hover, "trail": trail_key, "caption": (caption, summary), "choices": rings,
                          "labels": labels, "pins": pins, **dict(enumerate(cars))}
        self.redrawn()
        self._tf_positions = tuple(positions)
        self._word_cars(self._tf_positions)
        self._tf_caption, self._tf_summary = caption, summary
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
        self.in_words.value = cars_table(positions, cars_by_color(self._tf_safe, self._tf_colors), len(self._tf_track),
                                         self._tf_track_words)

    def __repr__(self) -> str:
        return track_sentence(self._tf_track, self._tf_positions)

def one_per_car(positions: Sequence[int], cars: int, before: Sequence[int]) -> tuple[int, ...]:
    """``positions`` if it gives one progress for each of ``cars`` (checked further by
    rally); else a :class:`rally.SetupError` that shows ``before`` as the example."""
    items = inputs.sequence(positions, _("The cars' progress"), rally.SetupError, "[0, 3, 7]", len(CAR_COLORS))
    if len(items) != cars:
        inputs.fail(rally.SetupError, _("The cars' progress"),
                    ngettext("{n} numbers, one per car", "{n} numbers, one per car", cars).format(n=cars),
                    positions, list(before))
    return tuple(items)


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


def _check_positions(track: Track, positions: Sequence[int]) -> None:
    """Raise :class:`rally.PositionError` when ``positions`` could not happen."""
    if positions:
        rally.check_positions(track, dict(enumerate(positions)))


def _checked_setup(track: Track, positions: Sequence[int], names: Sequence[str] | None,
                   colors: Sequence[str] | None) -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    """A figure's cars as given, checked: their progress, names and colors by seat."""
    if not isinstance(track, Track):
        inputs.fail(rally.TrackError, _("TrackFigure's track"), _("a Track"), track, "TRACKS['volcano']")
    positions = tuple(inputs.sequence(positions, _("The cars' progress"), rally.SetupError, "[0, 3, 7]",
                                      len(CAR_COLORS)))
    names = inputs.names(names, len(positions), rally.SetupError)
    colors = car_colors(colors, len(positions))
    _check_positions(track, positions)
    return positions, names, colors


def _checked_choices(choices: Sequence[tuple[str, Move]]) -> list[tuple[str, Move]]:
    """``choices`` if each is a pair ``(label, move)``."""
    items = inputs.sequence(choices, _("The choices"), rally.SetupError, "[('turbo', move)]", 8)
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)
                and isinstance(item[1], Move)):
            inputs.fail(rally.SetupError, _("Each choice"), _("a pair (label, rally Move)"), item,
                        "('turbo', move)")
    return items


def _check_move(move: Move, track: Track) -> None:
    """Raise when ``move`` is no move, or one made on a track of another length."""
    if not isinstance(move, Move):
        inputs.fail(rally.RuleError, _("show_move's move"), _("a rally Move"), move,
                    "rally.move(track, [0, 5], 0, 3)")
    if move.track_length != len(track):
        raise rally.TrackError(ngettext(
            "That move was made on a track of {length} spaces; this one has {spaces}.",
            "That move was made on a track of {length} spaces; this one has {spaces}.",
            move.track_length).format(length=move.track_length, spaces=len(track)))


def _frames_of(move: Move, captions: Sequence[str], seat: int, positions: Sequence[int]) -> list[TrackFrame]:
    """The frames of ``move``, one per step of its path, each with its caption and every
    car's progress then: the mover (``seat``) where the step took it, the others at ``positions``."""
    base = list(positions)
    frames = []
    for i, (path_step, text) in enumerate(zip(move.path, captions)):
        base[seat] = path_step.progress
        frames.append(TrackFrame(i + 1, path_step.progress, path_step.how.value, text, tuple(base)))
    return frames
