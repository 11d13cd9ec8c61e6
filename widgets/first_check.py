"""FirstCheck: lesson 0's self-check, on the game the learner chose to play first.

Stich Rallye's three questions until Rally Run is chosen in :class:`~widgets.FirstGame`;
then Rally Run's. Each keeps its answers when the other is shown.

>>> from widgets import FirstGame
>>> start = FirstGame()
>>> check = FirstCheck(start)
>>> check.shown
'stich_rallye'
>>> start.choose("rally_run")
True
>>> check.shown, check.intro_text
('rally_run', 'Played your first Rally Run game? Three questions on what it showed you.')

Where lesson 0 offers Rally Run alone, only its questions are made and shown:

>>> sorted(FirstCheck(FirstGame(games=("rally_run",))).quizzes)
['rally_run']
"""

from __future__ import annotations

import html

import ipywidgets as w

from ._display import StableRepr
from .first_game import FirstGame, games_spoken
from .i18n import _
from .quiz import Quiz


def _intro(game: str) -> str:
    if game == "stich_rallye":
        return _("Played your first Stich Rallye game? Three questions on what it showed you.")
    return _("Played your first Rally Run game? Three questions on what it showed you.")


def first_run_quiz() -> Quiz:
    """Three questions on what the guided Rally Run game shows: laying a tile, a tile left
    turning face down, and a swap the next player may not undo."""
    from .rally_run.quizzes import curve_from_west, may_swap_after, when_face_down

    # Not the questions lessons 7 and 8 ask: those come back to the same rules with other tiles.
    return Quiz(_("A first look at Rally Run"), [
        curve_from_west(), when_face_down(),
        may_swap_after(("swap A4 B5", "swap C1 D2"), ("C1", "E4"))])


def _quiz(game: str) -> Quiz:
    if game == "stich_rallye":
        from .stich_rallye.quizzes import start_quiz

        return start_quiz()
    return first_run_quiz()


class FirstCheck(StableRepr, w.VBox):
    """Lesson 0's self-check: the quiz on the game chosen in ``game`` (a :class:`FirstGame`),
    the first game it offers before any is chosen; a quiz for each game it offers (without
    ``game``: for each of :func:`~widgets.first_game.games_spoken`)."""

    def __init__(self, game: FirstGame | None = None) -> None:
        offered = game.games if game is not None else games_spoken()
        self.quizzes = {code: _quiz(code) for code in offered}
        self.intro = w.HTML()
        #: The code of the game the quiz on show asks about.
        self.shown = ""
        super().__init__(layout=w.Layout(width="100%"))
        self.show(offered[0])
        if game is not None:
            game.when_chosen(self.show)

    @property
    def intro_text(self) -> str:
        """The line above the quiz, as words."""
        return _intro(self.shown)

    def show(self, game: str) -> None:
        """Show the quiz on ``game`` (a code of the games offered)."""
        if game not in self.quizzes or game == self.shown:
            return
        self.shown = game
        self.intro.value = f"<p>{html.escape(_intro(game))}</p>"
        self.children = (self.intro, self.quizzes[game])

    def __repr__(self) -> str:
        return f"{self.intro_text}\n{self.quizzes[self.shown]!r}"


__all__ = ["FirstCheck", "first_run_quiz"]
