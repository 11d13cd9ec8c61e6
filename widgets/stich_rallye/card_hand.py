"""CardHand: a hand of cards as clickable card faces.

Each card shows its value, color letter and symbol, and a pattern (stripes, dots or
plain), so no one needs to tell colors apart. Cards that may not be played now are
dimmed and carry the reason rally gives (shown on hover and read out on focus).
Clicking a playable card, or pressing Enter or Space on it, sets ``selected``; a hand
shown with :meth:`CardHand.show` (a lesson's hand, not a game's) then says why it may be played.

>>> from rally import Card
>>> hand = CardHand(["G3", "R5", "G9"], trick=["G11"])
>>> hand
Your hand: green 3, red 5 and green 9. May be played: green 3 and green 9.
>>> hand.reason("R5")
'You must follow green: you hold G3 and G9.'
>>> hand.selected = "R5"          # a click on a dimmed card plays nothing
>>> hand.selected, hand.message
('', 'You must follow green: you hold G3 and G9.')
>>> hand.selected = "g9"
>>> hand.selected, hand.message
('G9', 'G9 may be played: it follows green, the lead color.')
"""

from __future__ import annotations

import pathlib
from typing import Callable, Collection, Iterable, Sequence

import anywidget
import traitlets

import rally
from rally import Card, Game
from rally.common import inputs

from .._display import StableRepr, cards_in_words
from ..messages import PageWrites
from ..i18n import _
from ..style import card_face

HERE = pathlib.Path(__file__).parent

#: Why a card may not be played now, or None when it may (a rally function).
Reason = Callable[[Card], "str | None"]


class CardHand(StableRepr, PageWrites, anywidget.AnyWidget):
    """A row of card buttons. ``cards`` holds plain data per card (its face and
    ``playable``/``reason``); ``selected`` is the code of the chosen card, ``""`` when
    none. Fill it with :meth:`show` (a hand and a trick) or :meth:`show_game`."""

    _esm = HERE / "card_hand.js"
    _css = (HERE / "card_face.css").read_text(encoding="utf-8") + (HERE / "card_hand.css").read_text(encoding="utf-8")

    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("Your hand").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: The words the page shows around the cards, in the language spoken when the hand
    #: was made: ``{code}``, ``{words}`` and ``{reason}`` are filled in by the page.
    labels = traitlets.Dict().tag(sync=True)
    #: How many times the kernel has asked for the keyboard's focus (:meth:`focus_card`).
    focus_asked = traitlets.Int(0).tag(sync=True)
    #: A click on a card sets ``selected``; the rest is the kernel's.
    _page_writes = frozenset({"selected"})

    def __init__(self, hand: Iterable[Card | str] = (), trick: Iterable[Card | str] = (), title: str | None = None,
                 **kwargs):
        kwargs.setdefault("labels", {
            "empty": _("No cards in hand."),
            # TRANSLATORS: the tooltip of a card that may be played; {code} is its code, like G11.
            "play": _("Play {code}"),
            # TRANSLATORS: read out by a screen reader; {words} is the card, like "green 11 (G ♣)".
            "playable": _("{words}: play it"),
            # TRANSLATORS: read out by a screen reader; {reason} is rally's sentence saying why.
            "unplayable": _("{words}: cannot be played. {reason}"),
            # TRANSLATORS: read out by a screen reader for a card of a hand that waits (another's
            # turn, a tip to read); {reason} says what it waits for.
            "waiting": _("{words}: wait. {reason}"),
        })
        super().__init__(title=_("Your hand") if title is None else title, **kwargs)
        self._why: Reason = lambda card: None
        self._fine: Reason = lambda card: None
        #: Called when a card is refused (a tap on a card that may not be played now).
        self.on_refused: Callable[[], object] = lambda: None
        self.show(hand, trick)

    def focus_card(self) -> None:
        """Bring the keyboard's focus to the hand: its first card that may be played (else
        its first card), as after a choice made elsewhere (the turbo buttons) or a new game.
        A count, not a message: a hand whose view is not drawn yet (a new game's) takes the
        focus once it is."""
        self.focus_asked += 1

    # ----------------------------------------------------------- filling it
    def show(self, hand: Iterable[Card | str], trick: Iterable[Card | str] = (), prompt: str = "") -> None:
        """Show ``hand`` as it may be played on ``trick`` (cards so far, in play order);
        reasons come from :func:`rally.why_illegal`. Bad card text raises
        :class:`rally.CardError` and leaves the widget as it was."""
        cards = rally.parse_cards(hand)
        played = rally.parse_cards(trick)
        lead = played[0].color if played else None

        def fine(card: Card) -> str:
            if lead is None:
                return _("{card} may be played: you lead, so any card may.").format(card=card)
            if card.color == lead:
                return _("{card} may be played: it follows {color}, the lead color.").format(card=card, color=lead.word)
            return _("{card} may be played: you hold no {color}.").format(card=card, color=lead.word)

        self.show_with(cards, lambda card: rally.why_illegal(cards, played, card), prompt, fine=fine)

    def show_game(self, game: Game, seat: int, prompt: str = "") -> None:
        """Show ``seat``'s hand in ``game``, with the reasons from ``Game.why_illegal``
        (whose turn it is, the lead color to follow, a pending turbo choice...)."""
        if not isinstance(game, Game):
            inputs.fail(rally.SetupError, _("show_game's game"), _("a Game"), game, "Game.new(4, seed=3)")
        seat = inputs.seat(seat, game.players, rally.SetupError)
        # Not this seat's turn (another player's, a turbo choice): the hand waits. Its cards
        # are not wrong to play, so they are not drawn as unplayable. Once the game is over,
        # the cards left are drawn as unplayable: none will ever be played.
        waiting = not game.is_over and (game.current_player != seat or game.awaiting_turbo)
        self.show_with(game.hands[seat], lambda card: game.why_illegal(card, seat), prompt, waiting)

    def show_with(self, cards: Sequence[Card], why: Reason, prompt: str = "",
                  waiting: bool | Collection[Card] = False, fine: Reason | None = None) -> None:
        """Show ``cards``; ``why(card)`` says why a card may not be played, or None. A hand
        ``waiting`` for its turn shows its cards plain: none may be played, none is dimmed
        or crossed out (the reason is still their tooltip and what a screen reader says).
        ``waiting`` may also name the cards that wait (a replay: the cards the rules allowed
        then); the others are drawn by their reason. ``fine(card)``, when given, says why a
        chosen card may be played (a lesson's hand; a game's plays the card and says nothing)."""
        waits = (lambda card: waiting) if waiting is True or waiting is False else (lambda card: card in waiting)
        rows = []
        for card in cards:
            reason = why(card)
            rows.append({**card_face(card), "playable": reason is None, "reason": reason or "",
                         "waiting": waits(card) and reason is not None})
        with self.hold_sync():
            self._why = why
            self._fine = fine or (lambda card: None)
            self.cards = rows
            self.prompt = prompt
            self.message = ""
            self.selected = ""

    # -------------------------------------------------------------- reading
    @property
    def codes(self) -> list[str]:
        """The cards shown, as text: ``["G3", "R5"]``."""
        return [c["code"] for c in self.cards]

    @property
    def playable(self) -> list[str]:
        """The cards that may be played now."""
        return [c["code"] for c in self.cards if c["playable"]]

    def reason(self, code: str) -> str | None:
        """Why the shown card ``code`` may not be played, or None if it may."""
        code = str(Card.parse(code))
        for c in self.cards:
            if c["code"] == code:
                return c["reason"] or None
        if not self.codes:
            raise rally.CardError(_("{card} is not shown in this hand: no cards.").format(card=code))
        raise rally.CardError(_("{card} is not shown in this hand: {cards}.").format(
            card=code, cards=" ".join(self.codes)))

    # ------------------------------------------------------------ selecting
    @traitlets.validate("selected")
    def _valid_selection(self, proposal: dict) -> str:
        """Only a playable card can be selected: anything else selects nothing and
        its reason goes to ``message``. Observers never see an unplayable card. A hand that
        shows no cards (put away between turns) takes no selection and says nothing: a late
        click from the page would otherwise name its former owner's card to the next person."""
        text = proposal["value"]
        if not text or not self.codes:
            self.message = ""
            return ""
        try:
            card = Card.parse(text)
            if str(card) in self.codes:
                reason = self._why(card)
            else:
                reason = rally.why_illegal([Card.parse(c) for c in self.codes], [], card)
        except rally.RuleError as err:
            reason = str(err)
        self.message = reason or self._fine(card) or ""
        if reason:
            self.on_refused()
        return "" if reason else str(card)

    def set_state(self, sync_data: dict) -> None:
        """A click from the page: if the selection was refused, tell the page."""
        super().set_state(sync_data)
        if "selected" in sync_data and sync_data["selected"] != self.selected:
            self.send_state("selected")

    def __repr__(self) -> str:
        text = _("{title}: {cards}.").format(title=self.title, cards=cards_in_words(self.codes))
        if self.codes and self.playable != self.codes:
            text += " " + _("May be played: {cards}.").format(cards=cards_in_words(self.playable))
        if self.selected:
            text += " " + _("Chosen: {card}.").format(card=cards_in_words([self.selected]))
        return text
