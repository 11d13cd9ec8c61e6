"""MovePlayer: a :class:`TrackFigure` that plays one move step by step, with buttons
(Back to start, Step, Play, Show end) and a line saying in words what the step shown is.

The stepping itself is the figure's (:meth:`TrackFigure.step`, ``play``, ``skip``); the
words are the engine's (:meth:`rally.Move.captions`). This widget only adds the buttons
and the line, and is the one set of stepping controls of the lessons (the sandbox,
:class:`MoveExplorer`, uses it too).

>>> from rally import Track, move
>>> track = Track.parse("S.........D..U....")
>>> turbo = move(track, [2, 3], 0, 4)
>>> player = MovePlayer(track, [2, 3], turbo, names=["Nyota", "Michael"], colors=["red", "yellow"])
>>> player.status_text
'Nyota moves 4 from space 2. Press Step ▶ to see it space by space, or Play.'
>>> player.step(), player.status_text
(True, 'Step 1 of 5: jumps Michael on space 3 (not counted).')
>>> player.play(); player.status_text
'Step 5 of 5: counts space 7 (4 of 4). The move is over.'
>>> player.back(); player.figure.positions
(2, 3)
"""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as w

import rally
from rally import Move, Track
from rally.common import inputs

from .._display import StableRepr
from ..i18n import _
from .track_figure import TrackFigure

#: Seconds between two steps when playing.
PLAY_INTERVAL = 0.6


class MovePlayer(StableRepr, w.VBox):
    """A track with one move to watch: ``move`` (from :func:`rally.move`) made from
    ``positions`` (each car's progress, by seat). ``names`` and ``colors`` are the
    :class:`TrackFigure`'s. Without a move the buttons say there is nothing to play
    until :meth:`load` gives one.

    ``prepare``, if set, is called before every button's action and may load another
    move (the sandbox loads the move its inputs describe); when it returns False the
    action is not done (it has said why with :meth:`say`).
    """

    def __init__(self, track: Track, positions: Sequence[int] = (), move: Move | None = None,
                 names: Sequence[str] | None = None, colors: Sequence[str] | None = None,
                 width: int = 720, height: int = 350):
        self.figure = TrackFigure(track, positions, names, width=width, height=height, colors=colors)
        self.prepare: Callable[[], bool] | None = None
        self._move: Move | None = None
        self._start: tuple[int, ...] = self.figure.positions
        self._said = ""  # a message from the owner, shown until the figure changes
        # The status line names the buttons: "Step ▶", "Play", "↺ Back to start" are the same words.
        self.back_button = w.Button(description=_("↺ Back to start"),
                                    tooltip=_("Put the car back where the move starts"))
        self.step_button = w.Button(description=_("Step ▶"), button_style="primary", tooltip=_("Show the next space"))
        self.play_button = w.Button(description=_("Play ▶▶"), tooltip=_("Play the whole move, one space at a time"))
        self.end_button = w.Button(description=_("Show end ⇥"), tooltip=_("Jump to the end of the move"))
        for button in (self.back_button, self.step_button, self.play_button, self.end_button):
            button.layout = w.Layout(width="auto")
        self.status = w.HTML()
        self.back_button.on_click(lambda _button: self.back())
        self.step_button.on_click(lambda _button: self.step())
        self.play_button.on_click(lambda _button: self.play())
        self.end_button.on_click(lambda _button: self.skip())
        self.figure.on_redraw(self._update)
        # The buttons and their line above the track: on a phone the track and its key fill
        # the screen, and a Step ▶ under them moved a car out of sight (the walk, round 33).
        super().__init__([
            w.HBox([self.back_button, self.step_button, self.play_button, self.end_button]),
            self.status,
            self.figure,
        ])
        if move is not None:
            self.load(move)
        else:
            self._update()

    # ------------------------------------------------------------------ state
    @property
    def move(self) -> Move | None:
        """The move this player shows."""
        return self._move

    @property
    def start_positions(self) -> tuple[int, ...]:
        """Every car's progress where the move starts."""
        return self._start

    @property
    def status_text(self) -> str:
        """The line under the buttons, in words."""
        if self._said:
            return self._said
        figure, move = self.figure, self._move
        if move is None:
            return _("No move to play yet.")
        # The step reached, not how many frames were drawn: "Show end" draws only the last.
        total = len(figure.move_frames)
        shown = total - figure.frames_left
        if total == 0:
            return figure.caption  # "Ada does not move."
        if shown == 0:
            # TRANSLATORS: {caption} is a move about to be shown, e.g. "Ada moves 3 from space 2".
            return _("{caption}. Press Step ▶ to see it space by space, or Play.").format(caption=figure.caption)
        if figure.frames_left == 0:
            # TRANSLATORS: {caption} is what the car does on this step, e.g. "counts space 7 (4 of 4)".
            template = _("Step {shown} of {total}: {caption}. The move is over.")
        else:
            # TRANSLATORS: {caption} is what the car does on this step, e.g. "counts space 7 (4 of 4)".
            template = _("Step {shown} of {total}: {caption}.")
        return template.format(shown=shown, total=total, caption=figure.caption)

    # ---------------------------------------------------------------- actions
    def load(self, move: Move, positions: Sequence[int] | None = None) -> None:
        """Show ``move`` waiting at its start, the other cars at ``positions`` (by seat)
        or where they stand now. Raises rally's errors for a move that does not fit."""
        if not isinstance(move, Move):
            inputs.fail(rally.RuleError, _("MovePlayer's move"), _("a rally Move"), move,
                        "rally.move(track, [0, 5], 0, 3)")
        self._said = ""
        self.figure.show_move(move, animate=True, positions=positions)
        self._move, self._start = move, self.figure.positions
        self._update()

    def step(self) -> bool:
        """Show the next step of the move; True while more steps remain."""
        if not self._ready():
            return False
        if self.figure.frames_left == 0:
            if self.figure.move_frames:
                self.say(_("The move is over. Press ↺ Back to start to see it again, or Play."))
            else:
                # TRANSLATORS: {caption} is a whole sentence about a move with no steps, e.g. "Ada does not move."
                self.say(_("{caption} Press ↺ Back to start to see it again, or Play.").format(
                    caption=self.figure.caption))
            return False
        self.figure.stop_playing()
        return self.figure.step()

    def play(self) -> None:
        """Play the rest of the move (from the start again if it is over)."""
        if not self._ready():
            return
        if self.figure.frames_left == 0:
            self.back()
        self.figure.play(PLAY_INTERVAL)

    def skip(self) -> None:
        """Show the end of the move at once."""
        if self._ready():
            self.figure.skip()

    def back(self) -> None:
        """Put the cars back where the move starts."""
        if self._ready():
            self.figure.show_move(self._move, animate=True, positions=self._start)  # type: ignore[arg-type]

    def stop(self) -> None:
        """Stop playing; the steps not shown yet stay for Step."""
        self.figure.stop_playing()

    def say(self, text: str) -> None:
        """Show ``text`` on the line under the buttons (until the figure changes)."""
        self._said = text
        self._update(keep_said=True)

    # --------------------------------------------------------------- helpers
    def _ready(self) -> bool:
        """Run ``prepare``, and say so when there is no move to play."""
        self._said = ""
        if self.prepare is not None and not self.prepare():
            return False
        if self._move is None:
            self.say(_("No move to play yet."))
            return False
        return True

    def _update(self, keep_said: bool = False) -> None:
        if not keep_said:
            self._said = ""
        # The main button is the one that does something now: Step, until the move is over,
        # then Back to start (a highlighted Step that does nothing reads as broken).
        over = self._move is not None and bool(self.figure.move_frames) and self.figure.frames_left == 0
        self.step_button.button_style, self.back_button.button_style = ("", "primary") if over else ("primary", "")
        self.status.value = f'<div role="status" class="rally-move-status">{html.escape(self.status_text)}</div>'

    def __repr__(self) -> str:
        return repr(self.figure)


__all__ = ["MovePlayer", "PLAY_INTERVAL"]
