"""TrickTable: the cards of a trick in play order, who played each, and who wins.

Once the trick is complete the winning row gets a "wins" label (and a highlight) and
the table shows rally's sentence explaining why.

>>> table = TrickTable()
>>> table.show_trick(["G11", "R5", "B7", "G3"], names=["Ada", "Bo", "Cy", "Di"])
>>> table
Trick: Ada green 11, Bo red 5, Cy blue 7 and Di green 3. Cy wins.
>>> print(table.explanation)
Blue was the third color played, so the highest blue, 7, wins; the car moves 3, the lowest card.
>>> table.show_trick(["G11", "R5"], names=["Ada", "Bo", "Cy", "Di"], complete=False)
>>> table.status
'2 of 4 cards played.'
"""

from __future__ import annotations

import pathlib
from typing import Iterable, Sequence

import anywidget
import traitlets

import rally
from rally import DEFAULT_NAMES, Card, Game
from rally.common import inputs

from .._display import StableRepr, cards_in_words
from ..messages import PageWrites
from ..i18n import _, join_words, ngettext
from ..style import card_face, car_color

HERE = pathlib.Path(__file__).parent


class TrickTable(StableRepr, PageWrites, anywidget.AnyWidget):
    """A trick as a table. ``plays`` holds one plain row per card (order, seat, name,
    card face, ``wins``); ``explanation`` is rally's sentence once complete."""

    _esm = HERE / "trick_table.js"
    _css = (HERE / "card_face.css").read_text(encoding="utf-8") + (HERE / "trick_table.css").read_text(encoding="utf-8")

    title = traitlets.Unicode("Trick").tag(sync=True)
    plays = traitlets.List(traitlets.Dict()).tag(sync=True)
    complete = traitlets.Bool(False).tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("No cards played yet.").tag(sync=True)
    #: The words the page shows beside the cards, in the language spoken when the table
    #: was made.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, title: str | None = None, **kwargs):
        # TRANSLATORS: beside the winning card of a trick.
        kwargs.setdefault("labels", {"wins": _("★ wins")})
        kwargs.setdefault("status", _("No cards played yet."))
        super().__init__(title=_("Trick") if title is None else title, **kwargs)

    def show_trick(
        self,
        cards: Iterable[Card | str],
        seats: Sequence[int] | None = None,
        names: Sequence[str] = DEFAULT_NAMES,
        complete: bool = True,
    ) -> None:
        """Show ``cards`` in play order, played by ``seats`` (default 0, 1, 2, ...)
        named by ``names``, one name per player. A complete trick (one card per player)
        shows its winner and rally's explanation. Bad input raises
        :class:`rally.RuleError` (:class:`rally.CardError` for bad cards) and changes
        nothing."""
        cards = rally.check_trick(rally.parse_cards(cards))  # rally rejects impossible tricks
        listed = inputs.sequence(names, _("The names"), rally.SetupError, "['Ada', 'Bo', 'Cy']", 5)
        names = inputs.names(listed, len(listed), rally.SetupError)
        seats = list(range(len(cards))) if seats is None else inputs.sequence(
            seats, _("The seats"), rally.SetupError, "[2, 3, 0]", len(names))
        if len(seats) != len(cards):
            inputs.fail(rally.SetupError, _("The seats"),
                        ngettext("{n} seat, one per card", "{n} seats, one per card", len(cards)).format(n=len(cards)),
                        seats, list(range(len(cards))))
        for seat in seats:
            inputs.seat(seat, len(names), rally.SetupError, _("Each seat of the trick"))
        if len(set(seats)) != len(seats):
            inputs.fail(rally.SetupError, _("The seats"), _("different seats: each player plays once in a trick"),
                        seats, list(range(len(cards))))
        complete = inputs.flag(complete, "complete", rally.SetupError)
        if complete and cards and len(cards) != len(names):
            inputs.fail(rally.CardError, _("A complete trick"),
                        ngettext("{n} card, one per player ({names})", "{n} cards, one per player ({names})",
                                 len(names)).format(n=len(names), names=", ".join(names)),
                        [str(c) for c in cards])
        explanation = rally.explain_trick(cards) if complete and cards else None
        winner = explanation.winner if explanation else None
        rows = [
            {"order": i + 1, "seat": seat, "name": names[seat], "car": car_color(seat), "card": card_face(card),
             "wins": i == winner}
            for i, (seat, card) in enumerate(zip(seats, cards))
        ]
        if explanation is not None:
            status = _("{name} wins the trick with {card}.").format(name=names[seats[explanation.winner]],
                                                                    card=explanation.winning_card)
        elif cards:
            status = ngettext("{played} of {n} card played.", "{played} of {n} cards played.", len(names)).format(
                played=len(cards), n=len(names))
        else:
            status = _("No cards played yet.")
        with self.hold_sync():
            self.plays = rows
            self.complete = explanation is not None
            self.explanation = explanation.sentence if explanation is not None else ""
            self.status = status

    def show_game(self, game: Game, before: str | None = None) -> None:
        """Show the current trick of ``game`` (complete while its winner chooses the turbo);
        until it is complete, its line also names ``before``, who won the trick before (its
        cards stand under "Previous trick", a screen further down on a phone)."""
        complete = len(game.trick) == game.players
        self.show_trick(game.trick, game.trick_seats, game.names, complete=complete)
        if before and not complete:
            self.status += " " + _("{name} won the last trick.").format(name=before)

    @property
    def winner(self) -> str | None:
        """The name of the winning player once the trick is complete."""
        for row in self.plays:
            if row["wins"]:
                return row["name"]
        return None

    def clear(self) -> None:
        """Show an empty trick."""
        self.show_trick([], complete=False)

    def __repr__(self) -> str:
        played = join_words([_("{name} {card}").format(name=row["name"], card=cards_in_words([row["card"]["code"]]))
                             for row in self.plays]) or _("no cards")
        text = _("{title}: {cards}.").format(title=self.title, cards=played)
        if self.winner:
            text += " " + _("{name} wins.").format(name=self.winner)
        return text
