"""The motor: a dial of positions with values (ruling S11).

Losing a trick winds the arrow one position on; past the last position it comes
back to 0 and the stored energy is lost. The printed dial's numbers are not in the
rule text: :data:`DEFAULT_DIAL` is this project's model of it, and any dial whose
first value is 0 can be used instead.

>>> from rally import DEFAULT_DIAL, Motor
>>> m = Motor()
>>> m.wound().wound().wound().value
4
>>> Motor(position=8).wound().position   # over-wound: back to 0
0
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Sequence

from ..common import inputs
from ..common.errors import SetupError
from ..common.i18n import _

#: Value of each dial position, position 0 first. A model of the printed dial.
DEFAULT_DIAL: tuple[int, ...] = (0, 1, 2, 4, 7, 11, 16, 10, 5)
#: Bounds of any dial: enough for every printed or imagined motor.
MAX_DIAL_POSITIONS = 20
MAX_DIAL_VALUE = 40


def check_dial(dial: object) -> tuple[int, ...]:
    """Return ``dial`` as a tuple if it is a valid dial, else raise :class:`SetupError`.

    A dial has 2 to :data:`MAX_DIAL_POSITIONS` positions, whole values from 0 to
    :data:`MAX_DIAL_VALUE` (so no motor can send a car round and round), and value 0 at
    position 0 (where every motor starts a round)."""
    example = str(list(DEFAULT_DIAL))
    values = tuple(dial if isinstance(dial, (list, tuple)) and len(dial) <= MAX_DIAL_POSITIONS else
                   inputs.sequence(dial, _("A dial"), SetupError, example, MAX_DIAL_POSITIONS))
    if len(values) < 2:
        inputs.fail(SetupError, _("A dial"), _("a list of 2 to {high} values").format(high=MAX_DIAL_POSITIONS), dial,
                    example)
    for v in values:
        if not (inputs.is_whole(v) and 0 <= v <= MAX_DIAL_VALUE):
            inputs.whole(v, _("Each dial value"), 0, MAX_DIAL_VALUE, SetupError, 7)
    if values[0] != 0:
        raise SetupError(_("A dial must start with value 0 (a motor starts each round there), got {values}.").format(
            values=list(values)))
    return values


def next_position(position: int, dial: Sequence[int]) -> int:
    """Where the arrow points after one more wind: the next position, or 0 after the last."""
    return (position + 1) % len(dial)


@functools.lru_cache(maxsize=64)
def winding_table(dial: tuple[int, ...]) -> tuple[int, ...]:
    """``next_position`` for every position, precomputed for the engine's hot loop."""
    return tuple(next_position(p, dial) for p in range(len(dial)))


@dataclass(frozen=True)
class Motor:
    """A motor: its dial and where its arrow points. Immutable; winding returns a new one."""

    position: int = 0
    dial: tuple[int, ...] = field(default=DEFAULT_DIAL)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dial", check_dial(self.dial))
        if not (inputs.is_whole(self.position) and 0 <= self.position < len(self.dial)):
            inputs.whole(self.position, _("A motor position"), 0, len(self.dial) - 1, SetupError)

    @property
    def value(self) -> int:
        """How far the motor would move a car now."""
        return self.dial[self.position]

    def wound(self) -> "Motor":
        """The motor after losing one more trick."""
        return Motor(next_position(self.position, self.dial), self.dial)

    def winding(self, losses: int) -> tuple["Motor", ...]:
        """This motor, then the motor after each of ``losses`` more lost tricks, in order.

        >>> [m.value for m in Motor().winding(4)]
        [0, 1, 2, 4, 7]
        """
        motors = [self]
        for _loss in range(losses):
            motors.append(motors[-1].wound())
        return tuple(motors)

    def released(self) -> "Motor":
        """The motor after it has been used: back at position 0."""
        return Motor(0, self.dial)

    def over_winds_next(self) -> bool:
        """True when one more wind would lower the value (the energy would be lost)."""
        return self.wound().value < self.value
