"""An occasion views wait for: callbacks to call when it comes, and at once for one added after.

A game's end is such an occasion: "Play again ▶" appears once the race is over, however
late the button is made.

>>> over, said = Occasion(), []
>>> over.then(lambda: said.append("first"))
>>> over.come()
>>> over.then(lambda: said.append("late"))
>>> said, over.came
(['first', 'late'], True)
"""

from __future__ import annotations

from typing import Callable


class Occasion:
    """Callbacks (no arguments) to call each time :meth:`come` is called; one added with
    :meth:`then` after the occasion came is called at once."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[[], None]] = []
        self.came = False

    def then(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the occasion comes, and now if it has."""
        self._callbacks.append(callback)
        if self.came:
            callback()

    def come(self) -> None:
        """The occasion is here: call every callback, in the order they were added."""
        self.came = True
        for callback in list(self._callbacks):
            callback()


__all__ = ["Occasion"]
