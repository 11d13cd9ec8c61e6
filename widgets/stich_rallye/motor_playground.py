"""MotorPlayground: wind a motor trick by trick on a dial, and see over-winding."""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

import rally

from .._display import StableRepr
from ..i18n import _
from .motor_dial import MotorDial


class MotorPlayground(StableRepr, w.VBox):
    """A motor dial with two buttons, to feel how winding and the turbo work: *Lose a
    trick* winds the arrow one position, *Use the turbo* sends it back to 0. A line
    under the dial says what just happened (wound, over-wound, released) and what one more
    loss would do (from :class:`rally.Motor`).

    >>> playground = MotorPlayground()
    >>> for _ in range(9):
    ...     playground.wind()
    >>> playground.last
    'Wound past the last position: in this app, the arrow goes back to 0, and its speed is lost.'
    """

    def __init__(self, dial: Sequence[int] = rally.DEFAULT_DIAL, name: str = "Ada"):
        self.dial = MotorDial(dial, name=name)  # rally checks the dial
        # Wide enough for their words (the default width cuts them off).
        self.lose = w.Button(description=_("Lose a trick: wind"), icon="rotate-right", layout=w.Layout(width="auto"))
        self.use = w.Button(description=_("Use the turbo: back to 0"), icon="bolt", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        #: What the last press did, in words ("" before the first).
        self.last = ""
        self.lose.on_click(lambda _button: self.wind())
        self.use.on_click(lambda _button: self.release())
        super().__init__([self.dial, w.HBox([self.lose, self.use]), self.status])
        self._show()

    def wind(self) -> None:
        """Lose a trick: the arrow turns one position (past the last, back to 0)."""
        before = self.dial.motor
        self.dial.wind()
        after = self.dial.motor
        if after.position == 0 and before.position != 0:
            self.last = _("Wound past the last position: in this app, the arrow goes back to 0, and its speed is "
                          "lost.")
        else:
            self.last = _("Wound one position: now worth {value}.").format(value=after.value)
        self._show()

    def release(self) -> None:
        """Use the turbo: the motor's whole value joins the move, and the arrow goes back to 0."""
        value = self.dial.motor.value
        self.dial.release()
        if value:
            self.last = _("Turbo used: the motor's whole value, {value}, adds to the winner's move, and the arrow goes "
                          "back to 0.").format(value=value)
        else:
            self.last = _("The motor is at 0, so there is nothing to use: a winner may use the turbo only when its "
                          "value is above 0.")
        self._show()

    @property
    def text(self) -> str:
        """The status line as plain text, in the language rally speaks."""
        motor = self.dial.motor
        nxt = motor.wound()
        if motor.over_winds_next() and nxt.position == 0:
            template = _("The motor shows {value}. One more lost trick winds it past the end: back to {next}, "
                         "and the saved-up speed is lost.")
        else:
            template = _("The motor shows {value}. One more lost trick makes it {next}.")
        return template.format(value=motor.value, next=nxt.value)

    def _show(self) -> None:
        last = f"<b>{html.escape(self.last)}</b><br>" if self.last else ""
        self.status.value = f"<div role='status'>{last}{html.escape(self.text)}</div>"

    def __repr__(self) -> str:
        return _("Motor: {status}").format(status=self.text)
