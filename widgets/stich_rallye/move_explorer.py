"""MoveExplorer: type where the cars stand and how far one moves; the track shows the move
step by step, and rally says why it ends where it does.
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

import rally
from rally import Track, inputs
from rally.movement import MAX_PROGRESS, MAX_STEPS

from .._display import StableRepr
from ..messages import Messages, whole_numbers
from .track_figure import TrackFigure


class MoveExplorer(Messages, StableRepr, w.VBox):
    """Try one move: where the cars stand, who moves, how far. The move is shown on a
    :class:`TrackFigure` step by step ("Step", "Play", "Show end")."""

    def __init__(self, track: Track | str = "volcano", positions: Sequence[int] = (0, 3, 7),
                 names: Sequence[str] | None = None, mover: int = 0, steps: int = 3):
        self._init_message()
        track = rally.get_track(track)
        self.figure = TrackFigure(track, positions, names)  # rally checks the positions and the names
        names = list(self.figure.names)
        mover = inputs.seat(mover, len(names), rally.SetupError, "The mover")
        steps = inputs.whole(steps, "The number of spaces to move", 0, MAX_STEPS, rally.SetupError, 3)
        self.positions = w.Text(value=", ".join(map(str, positions)), description="Progress",
                                placeholder="one whole number per car: 0, 3, 7", layout=w.Layout(width="260px"))
        self.mover = w.Dropdown(options=[(name, seat) for seat, name in enumerate(names)], value=mover,
                                description="Mover", layout=w.Layout(width="180px"))
        self.steps = w.IntText(value=steps, description="Moves", layout=w.Layout(width="150px"))
        self.go = w.Button(description="Move", button_style="primary")
        self.step_button = w.Button(description="Step ▶")
        self.play_button = w.Button(description="Play")
        self.end_button = w.Button(description="Show end ▶▶")
        self.description = w.HTML()
        self.go.on_click(lambda _: self.try_move())
        self.step_button.on_click(lambda _: self.figure.step())
        self.play_button.on_click(lambda _: self.figure.play())
        self.end_button.on_click(lambda _: self.figure.skip())
        super().__init__([
            w.HBox([self.positions, self.mover, self.steps, self.go]),
            self.message,
            self.figure,
            w.HBox([self.step_button, self.play_button, self.end_button]),
            self.description,
        ])

    def try_move(self) -> rally.Move | None:
        """Make the move the controls describe and queue it on the figure; None (and
        the reason shown) when the input is wrong."""
        names = self.figure.names
        try:
            positions = whole_numbers(self.positions.value, "car's progress", MAX_PROGRESS)
            if len(positions) != len(names):
                inputs.fail(rally.SetupError, "The progress", f"{len(names)} whole numbers, one per car "
                            f"({', '.join(names)})", self.positions.value, ", ".join(map(str, (0, 3, 7, 11, 16)[:len(names)])))
            move = rally.move(self.figure.track, positions, self.mover.value, self.steps.value)
            self.figure.show_move(move, animate=True, positions=positions)
        except rally.RuleError as err:
            self._show_error(str(err))
            return None
        self._show_error("")
        self.description.value = html.escape(move.describe(self.figure.names))
        return move

    def __repr__(self) -> str:
        return f"MoveExplorer({self.figure!r})"
