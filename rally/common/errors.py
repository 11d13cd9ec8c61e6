"""The typed errors of the rules package.

Every error is a :class:`ValueError`, so ``except ValueError`` catches bad input
anywhere, and every message says what was wrong and what would be right.

>>> from rally import Card, CardError
>>> try:
...     Card.parse("G16")
... except CardError as err:
...     print(err)
“G16” is not a card: write a color letter R, G or B followed by a value from 1 to 15, like G11.
"""

from __future__ import annotations

from typing import Sequence

from .i18n import ngettext
from .problem import Problem
from .refusal import Refusal
from .rule_error import RuleError as RuleError  # the base, in a module of its own (rally.common.i18n raises one too)


class CardError(RuleError):
    """A card was written wrongly or does not exist in this game."""


class SetupError(RuleError):
    """A game cannot be set up this way (player count, seat, names, dial ...)."""


class TrackError(RuleError):
    """A track's text breaks the track rules (ruling S10)."""


class IllegalAction(RuleError):
    """An action that the rules do not allow right now. The game is left unchanged.

    ``refusal`` is the reason as a value (code and facts), when the game gave one."""

    def __init__(self, message: str, refusal: Refusal | None = None):
        super().__init__(message)
        self.refusal = refusal

    @classmethod
    def because(cls, refusal: Refusal) -> IllegalAction:
        """The error for ``refusal``, worded in the language spoken now.

        >>> err = IllegalAction.because(Refusal("seat.none", {"seat": 7, "high": 2}))
        >>> err.refusal.code, str(err)
        ('seat.none', 'There is no seat 7: seats are whole numbers from 0 to 2.')
        """
        return cls(refusal.words(), refusal)


class PositionError(RuleError):
    """A game state that could never happen, or text that does not describe one.

    ``problems`` lists every problem found, each as one sentence; ``issues`` the same
    problems that are values (:class:`~rally.common.problem.Problem`: an invariant's code
    and its facts), in order. A problem of the text's shape (a field that is not a
    number, say) comes as a sentence only, so ``issues`` may hold fewer.
    """

    def __init__(self, problems: Sequence[str | Problem] | str | Problem):
        if isinstance(problems, (str, Problem)):
            problems = [problems]
        self.issues: list[Problem] = [p for p in problems if isinstance(p, Problem)]
        self.problems: list[str] = [p if isinstance(p, str) else p.words() for p in problems]
        if len(self.problems) == 1:
            message = self.problems[0]
        else:
            n = len(self.problems)
            listed = " ".join(f"({i}) {p}" for i, p in enumerate(self.problems, 1))
            # TRANSLATORS: {problems} is the problems, each numbered: "(1) ... (2) ...".
            message = ngettext("{n} problem: {problems}", "{n} problems: {problems}", n).format(
                n=n, problems=listed)
        super().__init__(message)


class TileError(RuleError):
    """Rally Run: a road tile, a cell, an action or a tile mix written wrongly."""
