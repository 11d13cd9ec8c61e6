"""FirstGame: lesson 0's start, where a learner picks a game and plays a guided first game.

Two big buttons, one a game, each with its picture first: a tap on one starts that game's
guided first game (:class:`~widgets.stich_rallye.guided_game.GuidedGame` or
:class:`~widgets.rally_run.guided_game.GuidedRun`) right below, and its first tip's
"Go on" is the second tap. Tapping the other button swaps the game; the first one is
closed. Tapping the game being played again keeps it; once it is over, a tap starts a
new one, and so does **Start this game again ▶**, shown under the game that is over (the
same guided game from its start: lesson 5 and lesson 8 deal new ones).

>>> start = FirstGame()
>>> start
Two games to choose from. Stich Rallye: a card race, age 8 and up. Rally Run: a memory race, age 5 and up.
>>> start.choose("chess")
False
>>> start.alert_text
"The games are 'stich_rallye' and 'rally_run', not 'chess'."

In a language of Rally Run's rulebook alone (``rally.common.i18n.RALLY_RUN_ONLY``) lesson 0
offers Rally Run alone (:func:`games_spoken`); ``games=`` chooses too:

>>> FirstGame(games=("rally_run",))
One game to start: Rally Run: a memory race, age 5 and up.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence, cast

import ipywidgets as w

from rally import SetupError
from rally.common.i18n import RALLY_RUN_ONLY

from ._display import StableRepr
from .i18n import N_, _, get_language, join_words
from .occasion import Occasion
from .page_style import PageStyle

#: The games, by code: their picture and what the button says (each made in the language
#: spoken when drawn).
GAMES = ("stich_rallye", "rally_run")
#: The button under a guided game that is over (or a Rally Run car stuck for good): the
#: same game again from its start, not a new deal.
AGAIN = N_("Start this game again ▶")
#: Said at once when a game is tapped, while its first game is set up.
SETTING_UP = N_("The game is being set up…")
PICTURES = {"stich_rallye": "🃏🏎", "rally_run": "🧠🏁"}


def games_spoken(lang: str | None = None) -> tuple[str, ...]:
    """The games lesson 0 offers in ``lang`` (the language spoken if None): both, or Rally
    Run alone in a language whose catalogs speak Rally Run's part alone.

    >>> games_spoken("de"), games_spoken("zh_Hans")
    (('stich_rallye', 'rally_run'), ('rally_run',))
    """
    return ("rally_run",) if (lang or get_language()) in RALLY_RUN_ONLY else GAMES


def _refusal(games: Sequence[str], given: object) -> str:
    return _("The games are {games}, not {given}.").format(
        games=join_words([repr(code) for code in games]), given=repr(given)[:40])


def _label(game: str) -> str:
    if game == "stich_rallye":
        return _("Stich Rallye: a card race, age 8 and up")
    return _("Rally Run: a memory race, age 5 and up")


class FirstGame(StableRepr, w.VBox):
    """Lesson 0's game chooser; ``choose(code)`` is what a tap on a button does. ``games``:
    the games offered, codes of :data:`GAMES` (default: :func:`games_spoken`)."""

    def __init__(self, games: Sequence[str] | None = None) -> None:
        offered = games_spoken() if games is None else tuple(games)
        wrong = [code for code in offered if code not in GAMES]
        if wrong or not offered:
            raise SetupError(_refusal(GAMES, wrong[0] if wrong else offered))
        #: The codes of the games offered, in the order of their buttons.
        self.games: tuple[str, ...] = offered
        self.buttons = {
            game: w.Button(description=f"{PICTURES[game]}  {_label(game)}",
                           layout=w.Layout(width="auto", min_height="56px", margin="4px 8px 4px 0"),
                           style={"font_size": "18px", "font_weight": "bold"},
                           tooltip=_label(game))
            for game in self.games
        }
        for game, button in self.buttons.items():
            button.on_click(lambda _button, game=game: self.choose(game))
        self.alert = w.HTML()
        self._alert = ""
        #: The chosen game's code, or ``None`` before a tap.
        self.chosen: str | None = None
        self._chosen = Occasion()  # a game was chosen (again): its callbacks read self.chosen
        #: The guided game on show (a widget), or ``None``.
        self.game: Any = None
        # Each game begun and not over, by code: a tap on the other game's button and back
        # again finds it where it was (a child's stray tap throws nothing away).
        self._begun: dict[str, Any] = {}
        self.game_box = w.VBox(layout=w.Layout(width="100%"))
        # Under a game that is over, where the child is: the same game from its start.
        self.again = w.Button(description=_(AGAIN), button_style="primary",
                              layout=w.Layout(display="none", width="auto", min_height="56px", margin="8px 0"),
                              style={"font_size": "18px", "font_weight": "bold"})
        self.again.on_click(lambda _button: self.choose(self.chosen or self.games[0]))
        super().__init__(
            [w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap")), self.alert,
             self.game_box, self.again, PageStyle()],
            layout=w.Layout(width="100%", max_width="1120px"),
        )
        self.add_class("rally-first-game")  # the page's (and the browser tests') handle on it

    @property
    def alert_text(self) -> str:
        """What was wrong with the last choice ('' when nothing was)."""
        return self._alert

    def choose(self, game: str) -> bool:
        """Show ``game``'s guided first game (a code of :attr:`games`) below the
        buttons: the one begun, where it was, or a new one (each game begun is kept until it
        is over). Returns False, with the reason in ``alert``, for anything else."""
        if not (isinstance(game, str) and game in self.games):
            self._alert = _refusal(self.games, game)
            self.alert.value = f"<div role='alert' style='color:#b91c1c'>⚠ {self._alert}</div>"
            return False
        self._alert = self.alert.value = ""
        if game == self.chosen and self.game is not None and self.again.layout.display == "none":
            # A second tap on the game being played keeps it (a child's double tap must not
            # throw the game away); its tip takes the keyboard again.
            self._focus_tip()
            return True
        before, self.chosen = self.game, game
        for code, button in self.buttons.items():  # the chosen one marked by a tick, not by color alone
            button.button_style = "primary" if code == game else ""
            button.description = ("✓ " if code == game else "") + f"{PICTURES[code]}  {_label(code)}"
        kept = self._begun.get(game)
        if kept is None:  # none begun, or the last one is over: a new one
            # Setting a game up takes seconds on a slow tablet: the tap is answered at once.
            self.alert.value = f"<div role='status' class='rally-first-game__wait'>⏳ {html.escape(_(SETTING_UP))}</div>"
            kept = self._begun[game] = self._new_game(game)
            self.alert.value = ""
        self.game = kept
        self.game_box.children = (kept,)
        self.again.layout.display = "none"
        if before is not None and before is not kept and before not in self._begun.values():
            before.close()  # over, and off the page first: no view of it is left to ask for it
        self._focus_tip()
        self._chosen.come()
        return True

    def _new_game(self, game: str) -> Any:
        """A new guided game of ``game``, which says when it is over."""
        if game == "stich_rallye":
            from .stich_rallye.guided_game import GuidedGame
            made: Any = GuidedGame()
        else:
            from .rally_run.guided_game import GuidedRun
            made = GuidedRun()
        made.when_over(lambda: self._over(game, made))
        if hasattr(made, "when_stuck"):  # Rally Run: the learner's car can never drive on
            made.when_stuck(lambda: self._over(game, made))
        return made

    def when_chosen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(code)`` each time a game is chosen (now too, if one is)."""
        self._chosen.then(lambda: callback(cast(str, self.chosen)))  # set before the occasion comes

    def _over(self, game: str, which: Any) -> None:
        """``which``, a game of ``game``, is over (its own :meth:`when_over` says so): it is
        no longer kept, and under it, if it is on show, :data:`AGAIN` starts it again."""
        if self._begun.get(game) is which:
            del self._begun[game]
        if which is self.game:
            self.again.layout.display = None

    def _focus_tip(self) -> None:
        """The keyboard to the first tip's "Go on ▶", asked again now the game is on the
        page: asked while the game was made, before the page had drawn it, it was lost."""
        button = getattr(self.game, "go_button", None) or getattr(self.game, "go_on_button", None)
        if button is not None and self.game.moment is not None:
            button.focus()

    def close(self) -> None:
        for game in {id(g): g for g in (self.game, *self._begun.values()) if g is not None}.values():
            game.close()
        super().close()

    def __repr__(self) -> str:
        if self.game is None and len(self.games) == 1:
            return _("One game to start: {a}.").format(a=_label(self.games[0]))
        if self.game is None:
            return _("Two games to choose from. {a}. {b}.").format(a=_label(self.games[0]), b=_label(self.games[1]))
        return repr(self.game)


__all__ = ["FirstGame", "GAMES", "games_spoken"]
