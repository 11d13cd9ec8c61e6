"""MoveExplorer: say where the cars stand (a space and a lap each) and how far one moves;
the track plays that move step by step, and rally says why it ends where it does.

The move always follows the boxes: change a box and the cars stand where it says,
ready to move; Step and Play play the move the boxes describe. A box that describes
no possible position is named in words above the track, and the track with its buttons
is hidden until the boxes describe a position again: it would show an older one.

>>> explorer = MoveExplorer("S...DD....U.....D...", positions=(0, 3, 7), steps=3)
>>> explorer.player.play(); explorer.figure.positions
(6, 3, 7)
>>> explorer.spaces[1].value = 4    # a downhill space: no car can stand there
>>> explorer.error
'Car Bo rests on downhill space 4; cars only stop on flat spaces.'
>>> explorer.player.layout.visibility, explorer.description.value
('hidden', '')
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

import rally
from rally import Move, Track
from rally.common import inputs
from rally.stich_rallye.movement import MAX_STEPS

from .._display import StableRepr
from ..i18n import N_, _
from ..messages import Messages
from .move_player import MovePlayer
from .track_figure import TrackFigure

#: The sandbox's laps: a car drives the first or the second (the race is two laps). The
#: labels are translated where shown (``_(label)``).
LAPS = ((N_("lap 1"), 1), (N_("lap 2"), 2))


def lap_buttons_width(labels: Sequence[str], least: int = 70) -> str:
    """A button width (CSS) that shows the longest of ``labels`` whole: ``least`` pixels
    for short words (English "lap 1"), wider for longer ones (other languages)."""
    return f"{max(least, 9 * max(map(len, labels), default=0) + 12)}px"


class MoveExplorer(Messages, StableRepr, w.VBox):
    """Try one move: where the cars stand, who moves, how far. The move is played on a
    :class:`MovePlayer` ("Step", "Play", "Show end", "Back to start").

    ``positions`` gives each car's progress by seat to start with (each on its first or
    second lap); ``colors`` are the cars' colors, as for :class:`TrackFigure`.
    """

    def __init__(self, track: Track | str = "volcano", positions: Sequence[int] = (0, 3, 7),
                 names: Sequence[str] | None = None, mover: int = 0, steps: int = 3,
                 colors: Sequence[str] | None = None):
        self._init_message()
        track = rally.get_track(track)
        n = len(track)
        self.player = MovePlayer(track, positions, names=names, colors=colors)  # rally checks positions and names
        self.figure: TrackFigure = self.player.figure
        names = list(self.figure.names)
        for name, progress in zip(names, self.figure.positions):
            inputs.whole(progress, _("{name}'s progress").format(name=name), 0, 2 * n - 1, rally.SetupError,
                         3)  # lap 1 or 2
        mover = inputs.seat(mover, len(names), rally.SetupError, _("The mover"))
        steps = inputs.whole(steps, _("The number of spaces to move"), 0, MAX_STEPS, rally.SetupError, 3)
        self.spaces = [
            w.IntText(value=p % n, tooltip="", description=_("{name}'s space").format(name=name),
                      style={"description_width": "initial"}, layout=w.Layout(width="150px"))
            for name, p in zip(names, self.figure.positions)
        ]
        laps = [(_(label), lap) for label, lap in LAPS]
        width = lap_buttons_width([label for label, _lap in laps])
        self.laps = [
            w.ToggleButtons(options=laps, value=p // n + 1, style={"button_width": width},
                            tooltips=[_("{name} is on the first lap").format(name=name),
                                      _("{name} is on the second lap").format(name=name)])
            for name, p in zip(names, self.figure.positions)
        ]
        self.mover = w.Dropdown(options=[(name, seat) for seat, name in enumerate(names)], value=mover,
                                tooltip="", description=_("Who moves"), style={"description_width": "initial"},
                                layout=w.Layout(width="180px"))
        self.steps = w.IntText(value=steps, tooltip="", description=_("Spaces to move"), style={"description_width": "initial"},
                               layout=w.Layout(width="170px"))
        self.description = w.HTML()
        cars = [w.VBox([space, lap], layout=w.Layout(margin="0 14px 4px 0"))
                for space, lap in zip(self.spaces, self.laps)]
        help_line = w.HTML("<p>{}</p>".format(html.escape(
            _("Spaces are counted from the start/finish, space 0, to space {last}. "
              "Space 0 on lap 1 is the starting grid.").format(last=n - 1))))
        for control in (*self.spaces, *self.laps, self.mover, self.steps):
            control.observe(lambda _change: self.try_move(), names="value")
        self.player.prepare = self._prepare
        self.figure.on_redraw(self._show_summary)
        super().__init__([
            w.HBox(cars, layout=w.Layout(flex_flow="row wrap")),
            help_line,
            w.HBox([self.mover, self.steps]),
            self.message,
            self.player,
            self.description,
        ])
        self.try_move()

    @property
    def positions(self) -> tuple[int, ...]:
        """Each car's progress as the boxes say (a space and a lap each); rally's
        :class:`rally.SetupError` when a box holds no space of this track."""
        n = len(self.figure.track)
        out = []
        for name, space, lap in zip(self.figure.names, self.spaces, self.laps):
            where = inputs.whole(space.value, _("{name}'s space").format(name=name), 0, n - 1, rally.SetupError, 3)
            out.append((lap.value - 1) * n + where)
        return tuple(out)

    def try_move(self) -> Move | None:
        """Make the move the boxes describe and put it on the track, ready to play; None
        (and the reason shown) when the boxes describe no possible move."""
        move = self._move_from_boxes()
        if move is not None and (move != self.player.move or self.positions != self.player.start_positions):
            self.player.load(move, positions=self.positions)
        return move

    # --------------------------------------------------------------- helpers
    def _move_from_boxes(self) -> Move | None:
        names = self.figure.names
        try:
            positions = self.positions
            by_name = dict(zip(names, positions))
            move = rally.move(self.figure.track, by_name, names[self.mover.value], self.steps.value)
        except rally.RuleError as err:
            self._show_error(str(err))
            self.player.layout.visibility = "hidden"  # its cars stand where the boxes no longer say
            self.description.value = ""
            return None
        self._show_error("")
        self.player.layout.visibility = "visible"
        return move

    def _prepare(self) -> bool:
        """Before Step, Play, Show end or Back: the move the boxes describe, loaded."""
        if self.try_move() is None:
            self.player.say(_("Nothing to play yet: {error}").format(error=self.error))
            return False
        return True

    def _show_summary(self) -> None:
        summary = self.figure.summary
        self.description.value = f"<p>{html.escape(summary)}</p>" if summary else ""

    def __repr__(self) -> str:
        return repr(self.figure)

