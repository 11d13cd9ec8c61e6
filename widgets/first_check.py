"""FirstCheck: lesson 0's self-check, on the games the learner chose to play.

Stich Rallye's three questions until Rally Run is chosen in :class:`~widgets.FirstGame`;
then Rally Run's too, under them: a check never goes away once shown, and keeps its answers.

>>> from widgets import FirstGame
>>> start = FirstGame()
>>> check = FirstCheck(start)
>>> check.shown, check.asked
('stich_rallye', ('stich_rallye',))
>>> start.choose("rally_run")
True
>>> check.shown, check.asked, check.intro_text
('rally_run', ('stich_rallye', 'rally_run'), 'Played your first Rally Run game? Three questions on what it showed you.')

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
    """Lesson 0's self-check: the quiz on each game chosen in ``game`` (a :class:`FirstGame`),
    in the order the games are offered, the first game's before any is chosen; a quiz for
    each game it offers (without ``game``: for each of :func:`~widgets.first_game.games_spoken`)."""

    def __init__(self, game: FirstGame | None = None) -> None:
        offered = game.games if game is not None else games_spoken()
        self.quizzes = {code: _quiz(code) for code in offered}
        self.intros = {code: w.HTML(f"<p>{html.escape(_intro(code))}</p>") for code in offered}
        self._offered = tuple(offered)
        #: The codes of the games whose quizzes are on show, in the order offered.
        self.asked: tuple[str, ...] = ()
        #: The code of the game chosen last (the first offered before any is chosen).
        self.shown = ""
        super().__init__(layout=w.Layout(width="100%"))
        self.show(offered[0])
        if game is not None:
            game.when_chosen(self.show)

    @property
    def intro(self) -> w.HTML:
        """The line above the quiz on the game chosen last."""
        return self.intros[self.shown]

    @property
    def intro_text(self) -> str:
        """The line above the quiz on the game chosen last, as words."""
        return _intro(self.shown)

    def show(self, game: str) -> None:
        """Show the quiz on ``game`` (a code of the games offered) too: a quiz shown stays,
        so a learner who played both games finds both checks."""
        if game not in self.quizzes:
            return
        self.shown = game
        if game in self.asked:
            return
        self.asked = tuple(code for code in self._offered if code in self.asked or code == game)
        self.children = tuple(part for code in self.asked for part in (self.intros[code], self.quizzes[code]))

    def __repr__(self) -> str:
        return "\n".join(f"{_intro(code)}\n{self.quizzes[code]!r}" for code in self.asked)


__all__ = ["FirstCheck", "first_run_quiz"]
