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

from .errors import SetupError

#: Value of each dial position, position 0 first. A model of the printed dial.
DEFAULT_DIAL: tuple[int, ...] = (0, 1, 2, 4, 7, 11, 16, 10, 5)


def check_dial(dial: Sequence[int]) -> tuple[int, ...]:
    """Return ``dial`` as a tuple if it is a valid dial, else raise :class:`SetupError`.

    A dial has at least two positions, whole values of 0 or more, and value 0 at
    position 0 (where every motor starts a round)."""
    try:
        values = tuple(dial)
    except TypeError:
        raise SetupError(f"A dial is a list of values like {list(DEFAULT_DIAL)}, not {dial!r}.") from None
    if len(values) < 2:
        raise SetupError(f"A dial needs at least two positions, got {list(values)}; for example {list(DEFAULT_DIAL)}.")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise SetupError(f"Dial values must be whole numbers of 0 or more; {v!r} in {list(values)} is not.")
    if values[0] != 0:
        raise SetupError(f"A dial must start with value 0 (a motor starts each round there), got {list(values)}.")
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

    def __post_init__(self):
        object.__setattr__(self, "dial", check_dial(self.dial))
        if isinstance(self.position, bool) or not isinstance(self.position, int) or not 0 <= self.position < len(self.dial):
            raise SetupError(
                f"Motor position {self.position!r} is off the dial: positions run from 0 to {len(self.dial) - 1}."
            )

    @property
    def value(self) -> int:
        """How far the motor would move a car now."""
        return self.dial[self.position]

    def wound(self) -> "Motor":
        """The motor after losing one more trick."""
        return Motor(next_position(self.position, self.dial), self.dial)

    def released(self) -> "Motor":
        """The motor after it has been used: back at position 0."""
        return Motor(0, self.dial)

    def over_winds_next(self) -> bool:
        """True when one more wind would lower the value (the energy would be lost)."""
        return self.wound().value < self.value
