"""TrickTable: the cards of a trick in play order, who played each, and who wins.

Once the trick is complete the winning row gets a "wins" label (and a highlight) and
the table shows rally's sentence explaining why.

>>> table = TrickTable()
>>> table.show_trick(["G11", "R5", "B7", "G3"], names=["Ada", "Bo", "Cy", "Di"])
>>> table
TrickTable(Trick: Ada G11, Bo R5, Cy B7, Di G3; Cy wins)
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

from ._display import StableRepr
from .style import card_face, car_color

HERE = pathlib.Path(__file__).parent


class TrickTable(StableRepr, anywidget.AnyWidget):
    """A trick as a table. ``plays`` holds one plain row per card (order, seat, name,
    card face, ``wins``); ``explanation`` is rally's sentence once complete."""

    _esm = HERE / "trick_table.js"
    _css = (HERE / "card_face.css").read_text(encoding="utf-8") + (HERE / "trick_table.css").read_text(encoding="utf-8")

    title = traitlets.Unicode("Trick").tag(sync=True)
    plays = traitlets.List(traitlets.Dict()).tag(sync=True)
    complete = traitlets.Bool(False).tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("No cards played yet.").tag(sync=True)

    def __init__(self, title: str = "Trick", **kwargs):
        super().__init__(title=title, **kwargs)

    def show_trick(
        self,
        cards: Iterable[Card | str],
        seats: Sequence[int] | None = None,
        names: Sequence[str] = DEFAULT_NAMES,
        complete: bool = True,
    ) -> None:
        """Show ``cards`` in play order, played by ``seats`` (default 0, 1, 2, ...)
        named by ``names``. A complete trick shows its winner and rally's explanation.
        Bad cards raise :class:`rally.CardError` and change nothing."""
        cards = rally.parse_cards(cards)
        seats = list(range(len(cards))) if seats is None else list(seats)
        if len(seats) != len(cards):
            raise rally.SetupError(f"Give one seat per card: {len(cards)} cards, {len(seats)} seats.")
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
                raise rally.SetupError(f"Seat {seat!r} has no name: seats run from 0 to {len(names) - 1}.")
        explanation = rally.explain_trick(cards) if cards else None  # rally rejects impossible tricks
        winner = explanation.winner if complete and explanation else None
        rows = [
            {"order": i + 1, "seat": seat, "name": names[seat], "car": car_color(seat), "card": card_face(card),
             "wins": i == winner}
            for i, (seat, card) in enumerate(zip(seats, cards))
        ]
        if not cards:
            status = "No cards played yet."
        elif complete:
            status = f"{names[seats[winner]]} wins the trick with {cards[winner]}."
        else:
            status = f"{len(cards)} of {len(names)} cards played."
        with self.hold_sync():
            self.plays = rows
            self.complete = bool(complete and cards)
            self.explanation = explanation.sentence if winner is not None else ""
            self.status = status

    def show_game(self, game: Game) -> None:
        """Show the current trick of ``game`` (complete while its winner chooses the turbo)."""
        self.show_trick(game.trick, game.trick_seats, game.names, complete=len(game.trick) == game.players)

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
        played = ", ".join(f"{row['name']} {row['card']['code']}" for row in self.plays) or "no cards"
        ending = f"; {self.winner} wins" if self.winner else ""
        return f"TrickTable({self.title}: {played}{ending})"
