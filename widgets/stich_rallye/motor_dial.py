"""MotorDial: one player's motor as an SVG dial.

The dial's positions and values come from the game's dial (default
:data:`rally.DEFAULT_DIAL`); the arrow points at the current position. The outer ring
shows the motor's side, yellow until the car has completed a lap and red after, and a
text label says the same ("lap 1 · yellow side"), so color is never needed. Winding and
releasing play short CSS animations.

>>> dial = MotorDial(name="Ada", seat=0)
>>> dial
Ada's motor: arrow at position 0 of 9, value 0, lap 1 · yellow side
>>> dial.wind(); dial.wind(); dial.wind()
>>> dial.position, dial.value, dial.change
(3, 4, 'wound')
>>> dial.release()
>>> dial.position, dial.change
(0, 'released')
>>> dial.update(5, laps=1)
>>> dial.label, dial.side
('lap 2 · red side', 'red')
"""

from __future__ import annotations

import pathlib
from typing import Sequence

import anywidget
import traitlets

import rally
from rally import DEFAULT_DIAL, Motor
from rally.common import inputs
from rally.stich_rallye.movement import MAX_PROGRESS

from .._display import StableRepr
from ..messages import PageWrites
from ..i18n import _
from ..style import CAR_HEX, OUTLINE_HEX, SIDE_HEX, car_color, laps_label, motor_side

HERE = pathlib.Path(__file__).parent

#: The animation names the front end knows.
CHANGES = ("", "wound", "over-wound", "released", "set")


class MotorDial(StableRepr, PageWrites, anywidget.AnyWidget):
    """The nine-position motor dial (any dial rally accepts). Traits hold plain data,
    computed here from :class:`rally.Motor`: the positions' values, the arrow's
    position, the value, the side and its label."""

    _esm = HERE / "motor_dial.js"
    _css = HERE / "motor_dial.css"

    dial = traitlets.List(traitlets.Int()).tag(sync=True)
    position = traitlets.Int(0).tag(sync=True)
    value = traitlets.Int(0).tag(sync=True)
    laps = traitlets.Int(0).tag(sync=True)
    side = traitlets.Unicode("yellow").tag(sync=True)
    side_color = traitlets.Unicode(SIDE_HEX["yellow"]).tag(sync=True)
    label = traitlets.Unicode("lap 1 · yellow side").tag(sync=True)
    name = traitlets.Unicode("").tag(sync=True)
    car_color = traitlets.Unicode("white").tag(sync=True)
    car_hex = traitlets.Unicode(CAR_HEX["white"]).tag(sync=True)
    outline_hex = traitlets.Unicode(OUTLINE_HEX).tag(sync=True)
    #: The last change, for the animation: "wound", "over-wound", "released" or "set".
    change = traitlets.Unicode("").tag(sync=True)
    #: Counts updates, so the same change twice in a row animates twice.
    revision = traitlets.Int(0).tag(sync=True)
    #: The words the page shows, in the language spoken when the dial was made; the page
    #: fills in ``{name}``, ``{value}``, ``{position}``, ``{positions}`` and ``{label}``.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, dial: Sequence[int] = DEFAULT_DIAL, position: int = 0, laps: int = 0, name: str = "",
                 seat: int = 0, **kwargs):
        motor = Motor(position, tuple(dial))  # rally checks the dial and the position
        name = inputs.text(name, _("The motor's owner"), rally.SetupError, "Ada", inputs.MAX_NAME_LENGTH)
        color = car_color(seat)
        kwargs.setdefault("labels", {
            # TRANSLATORS: under the dial: the value the motor shows now.
            "value": _("motor {value}"),
            # TRANSLATORS: read out by a screen reader; {label} is the lap and side, like "lap 1 · yellow side".
            "described": _("{name}'s motor: arrow at position {position} of {positions}, value {value}, {label}"),
            "described_nameless": _("Motor: arrow at position {position} of {positions}, value {value}, {label}"),
        })
        super().__init__(dial=list(motor.dial), name=name, car_color=color, car_hex=CAR_HEX[color], **kwargs)
        self._motor = motor
        self.update(position, laps, change="")

    @property
    def motor(self) -> Motor:
        """The :class:`rally.Motor` shown."""
        return self._motor

    def update(self, position: int, laps: int | None = None, change: str | None = None) -> None:
        """Point the arrow at ``position`` (and show ``laps`` completed laps).

        ``change`` names the animation; by default it is worked out with
        :class:`rally.Motor`: one wind on is "wound" ("over-wound" when that comes back
        to 0), a release is "released", anything else "set". Bad positions raise
        :class:`rally.SetupError` and change nothing.
        """
        old = self._motor
        new = Motor(position, old.dial)
        if laps is None:
            laps = self.laps
        else:
            laps = inputs.whole(laps, _("The laps completed"), 0, MAX_PROGRESS, rally.SetupError)
        if change is None or new.position == old.position:
            change = self._change(old, new)
        change = inputs.one_of(change, _("The change"), CHANGES, rally.SetupError)
        side = motor_side(laps)
        with self.hold_sync():
            self._motor = new
            self.position = new.position
            self.value = new.value
            self.laps = laps
            self.side = side
            self.side_color = SIDE_HEX[side]
            self.label = laps_label(laps)
            self.change = change
            self.revision += 1

    def wind(self) -> None:
        """One lost trick: the arrow moves on one position (:meth:`rally.Motor.wound`)."""
        self.update(self._motor.wound().position)

    def release(self) -> None:
        """The motor is used: the arrow goes back (:meth:`rally.Motor.released`)."""
        self.update(self._motor.released().position, change="released")

    @staticmethod
    def _change(old: Motor, new: Motor) -> str:
        if new.position == old.position:
            return ""
        if new.position == old.wound().position:
            return "over-wound" if new.position == old.released().position else "wound"
        if new.position == old.released().position:
            return "released"
        return "set"

    def __repr__(self) -> str:
        words = {"position": self.position, "positions": len(self.dial), "value": self.value,
                 "label": laps_label(self.laps)}
        if self.name:
            return _("{name}'s motor: arrow at position {position} of {positions}, value {value}, {label}").format(
                name=self.name, **words)
        return _("Motor: arrow at position {position} of {positions}, value {value}, {label}").format(**words)
