"""The end of a round (ruling S12): who releases a motor first, and who leads after.

>>> release_order([0, 7, 0, 3], flag=2)
[0, 2, 3, 1]
>>> leader([0, 7, 0, 3], flag=2)
1
"""

from __future__ import annotations

import functools
from typing import Sequence

from ..common import inputs
from ..common.errors import PositionError
from ..common.i18n import _
from .movement import MAX_PROGRESS


def _checked(positions: object, flag: object) -> list[int]:
    cars = inputs.sequence(positions, _("The cars' progress"), PositionError, "[12, 5, 20, 9]", 5)
    for p in cars:
        inputs.whole(p, _("Each car's progress"), 0, MAX_PROGRESS, PositionError, 12)
    if not cars:
        inputs.fail(PositionError, _("The cars' progress"), _("a list with one number per car"), positions,
                    "[12, 5, 20, 9]")
    inputs.seat(flag, len(cars), PositionError, _("The flag holder"))
    return cars


def release_order(positions: Sequence[int], flag: int) -> list[int]:
    """The seats in the order their motors move cars at a round's end (S12): last place
    (lowest progress) first; cars tied on the grid in seat order, starting with the
    seat clockwise after the flag holder ``flag``.

    >>> release_order([12, 5, 20, 9], flag=2)
    [1, 3, 0, 2]
    """
    return release_order_of(_checked(positions, flag), flag)


def release_order_of(positions: Sequence[int], flag: int) -> list[int]:
    """:func:`release_order` for positions the engine already holds (unchecked)."""
    # The stable sort keeps the seats' order (from the one after the flag holder) in ties.
    return sorted(seats_after(len(positions), flag), key=positions.__getitem__)


@functools.lru_cache(maxsize=64)
def seats_after(n: int, flag: int) -> tuple[int, ...]:
    """All ``n`` seats clockwise, starting with the one after seat ``flag``."""
    return tuple((flag + i) % n for i in range(1, n + 1))


def leader(positions: Sequence[int], flag: int) -> int:
    """The car with the greatest progress, which takes the flag after the motors (S12).
    Ties happen only on the grid; then the first tied seat clockwise from the flag
    holder ``flag``, the holder included, leads (decision D5)."""
    return leader_of(_checked(positions, flag), flag)


def leader_of(positions: Sequence[int], flag: int) -> int:
    """:func:`leader` for positions the engine already holds (unchecked)."""
    best = max(positions)
    if positions.count(best) == 1:
        return positions.index(best)
    n = len(positions)
    return next(seat for seat in ((flag + i) % n for i in range(n)) if positions[seat] == best)


__all__ = ["release_order", "leader", "release_order_of", "leader_of", "seats_after"]
