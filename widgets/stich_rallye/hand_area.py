"""HandArea: the row under the game view's track: the hand on screen, or pass-and-play's
:class:`ScreenCover` in its place (never a card in the page then), and the coach's hint.

>>> from rally import Game
>>> area = HandArea(title="Ada's hand", coach=False, on_reveal=lambda: None)
>>> area.show_hand(Game.new(3, seed=4), 0, "Ada's hand", "Your turn.")
>>> area.hand.prompt, area.cover.layout.display
('Your turn.', 'none')
"""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as w

import rally
from rally import Game
from rally.stich_rallye.replay import ReplayState
from rally.stich_rallye.table_view import table_view

from ..i18n import _
from .card_hand import CardHand
from .screen_cover import ScreenCover


class HandArea(w.HBox):
    """``hand`` (a :class:`CardHand`), ``cover`` where it stands between turns, and the
    hint: ``hint_button`` over ``hint_text``, in ``hint_box`` (shown with ``coach``)."""

    def __init__(self, title: str, coach: bool, on_reveal: Callable[[], object]) -> None:
        self.hand = CardHand(title=title)
        self.hand.layout.width = "590px"
        self.hand.layout.max_width = "100%"
        self.cover = ScreenCover()
        self.cover.on_reveal(on_reveal)
        self.hint_button = w.Button(description=_("Hint: ask the advisor"),
                                    layout=w.Layout(width="auto"),
                                    tooltip=_("Plays every choice in many test games and says which wins most often"))
        self.hint_text = w.HTML()
        self.hint_box = w.VBox([self.hint_button, self.hint_text],
                               layout=w.Layout(width="250px", max_width="100%", display="flex" if coach else "none"))
        # Every row wraps: on a narrow screen (a phone) the hint goes under the hand.
        super().__init__([self.hand, self.cover, self.hint_box], layout=w.Layout(flex_flow="row wrap", max_width="100%"))

    def show_hand(self, game: Game, seat: int, title: str, prompt: str, held: str | None = None) -> None:
        """``seat``'s hand on screen, as it may be played now, with ``prompt`` above it;
        while something else ``held`` the game (a guided game's tip: its words), the hand
        waits, every card saying so when tapped."""
        self.hand.title = title
        if held:
            self.hand.show_with(game.hands[seat], lambda card: held, prompt, waiting=True)
        else:
            self.hand.show_game(game, seat, prompt)
        self.hand.layout.display = None
        self.cover.hide()

    def hide_hand(self) -> None:
        """No hand on screen, nor in the page: its cards and the hint go."""
        self.hand.show_with((), lambda card: None)
        self.hand.layout.display = "none"
        self.hint_text.value = ""

    def cover_for(self, game: Game, current: int | None, people: Sequence[int]) -> str:
        """Pass-and-play with no hand shown: the cover asks for the person whose turn it is
        (or says the computer players are playing); returns its words."""
        if current is None:  # the game is over: the reviews have their own cover
            self.cover.hide()
            return _("The game is over.")
        if current in people:
            self.cover.ask(table_view(game), current)
        else:
            self.cover.wait(table_view(game))
        return self.cover.words

    def show_then(self, states: Sequence[ReplayState], index: int, seat: int, title: str) -> None:
        """A replay: ``seat``'s hand right after event ``index`` of ``states``. None of it
        can be played now; when ``seat`` plays the next card, the cards the rules forbade
        then are crossed out with their reason and the others drawn plain (a card the review
        calls better never wears the ✕ of a game that is over)."""
        state = states[index]
        cards, then = state.hands[seat], _("Replay: the hand as it was then.")
        after = states[index + 1].event if index + 1 < len(states) else None
        if isinstance(after, rally.CardPlayed) and after.seat == seat:
            allowed = rally.legal_plays(cards, state.trick)
            why: Callable[[rally.Card], str | None] = (
                lambda card: rally.why_illegal(cards, state.trick, card) or then)
        else:
            allowed, why = list(cards), (lambda card: then)
        self.hand.title = title
        self.hand.show_with(cards, why, then, waiting=allowed)
        self.hand.layout.display = None

    def show_hint(self, advice: rally.Advice | None) -> None:
        """The advisor's hint under its button ('' when there is none)."""
        self.hint_text.value = ("" if advice is None else "<div style='font-size:13px;line-height:1.35' role='status'>"
                                f"{html.escape(advice.hint())}</div>")
