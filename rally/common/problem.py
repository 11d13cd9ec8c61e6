"""Position problems as values: a :class:`Problem` is an invariant's code and its facts.

A state no real game could reach is refused (:class:`~rally.PositionError`) with one
problem per broken invariant (``docs/invariants.md``): ``I7.motor`` names invariant I7,
the motors against the tricks, and its facts are the seat, the motor's position and the
tricks that bound it. As with a :class:`~rally.common.refusal.Refusal`, the sentence is
made only when asked, in the language spoken then, and tests assert codes and facts.

>>> from rally import Game
>>> from rally.stich_rallye.legality import state_issues
>>> state = Game.new(3, seed=5).state().replace(flag=1)
>>> [(p.code, p.facts["flag"]) for p in state_issues(state)]
[('I6.first_player', 1)]
>>> print(state_issues(state)[0].words("en"))
No trick of round 1 is finished, so the flag is still with the first player, Ada, not Bo.
"""

from __future__ import annotations

from dataclasses import dataclass

from .refusal import Refusal


@dataclass(frozen=True)
class Problem(Refusal):
    """Why no real game could be in a state: ``code`` names the invariant (``"I1.repeated"``:
    invariant I1, a card given twice), ``facts`` what breaks it.

    A problem is the refusal of a state rather than of an action, so it is a
    :class:`~rally.common.refusal.Refusal`: the same code and facts, worded by the same
    registry (:func:`~rally.common.refusal.wording`), one mechanism for every reason.
    It is a type of its own so that a reader, and mypy, can tell a refused state
    (``PositionError.issues``) from a refused action (``IllegalAction.refusal``)."""


__all__ = ["Problem"]
