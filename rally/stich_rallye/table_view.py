"""What everybody at the table sees of a Stich Rallye game: the view for pass-and-play.

When people share one screen, the screen between two turns may show only what all of them
see across a real table: the cars on the track, every motor, the trick on the table and
the last trick, the cards played earlier in the round, how many cards each hand holds,
whose turn it is. Never a card in anyone's hand. :func:`table_view` is the one place that
says what that is; a view for pass-and-play draws from it and from nothing else between
turns, and shows a person's hand only once that person says only they can see the screen.

>>> from rally import Game
>>> game = Game.new(3, seed=4)
>>> game.apply("R3")
>>> view = table_view(game)
>>> view.current_player, view.trick, view.hand_sizes
(1, ((0, Card.parse('R3')),), (4, 5, 5))
>>> view.words()
'Round 1. On the table: Ada red 3. Bo to play.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common import inputs
from .cards import Card
from ..common.errors import SetupError
from .events import Dealt, TrickWon
from .game import Game
from ..common.i18n import _, join_words, language


@dataclass(frozen=True)
class TableView:
    """The public facts of a game at one moment (see :func:`table_view`)."""

    names: tuple[str, ...]
    round: int
    #: Who leads the trick on the table (holds the flag).
    flag: int
    #: Whose turn it is (``None`` once the game is over).
    current_player: int | None
    #: True while the winner of a trick decides on their turbo.
    awaiting_turbo: bool
    positions: tuple[int, ...]
    laps: tuple[int, ...]
    motors: tuple[int, ...]
    motor_values: tuple[int, ...]
    #: The trick on the table so far: (seat, card) in play order.
    trick: tuple[tuple[int, Card], ...]
    #: The last finished trick of this round, (seat, card) in play order, and its winner.
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    #: The cards of the earlier tricks of this round (they were played face up).
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    winner: int | None

    def words(self, lang: str | None = None) -> str:
        """The table in a sentence (in ``lang``, default the language spoken)."""
        with language(lang):
            parts = [_("Round {round}.").format(round=self.round)]
            if self.trick:
                parts.append(_("On the table: {cards}.").format(cards=join_words(
                    [_("{name} {card}").format(name=self.names[s], card=c.describe()) for s, c in self.trick])))
            if self.current_player is None:
                winner = self.names[self.winner] if self.winner is not None else ""
                parts.append(_("The game is over: {name} won.").format(name=winner))
            elif self.awaiting_turbo:
                parts.append(_("{name} decides on the turbo.").format(name=self.names[self.current_player]))
            else:
                parts.append(_("{name} to play.").format(name=self.names[self.current_player]))
            return " ".join(parts)


def table_view(game: Game) -> TableView:
    """What everybody at the table sees of ``game`` now; nothing of any hand but its size.
    The last trick is read from the game's log (an unrecorded game shows none)."""
    inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=1)")
    last: TrickWon | None = None
    # While its winner decides on the turbo, the trick just won is still on the table: the
    # last trick is the one before it.
    skip = 1 if game.awaiting_turbo else 0
    for event in reversed(game.events):
        if isinstance(event, Dealt):
            break
        if isinstance(event, TrickWon):
            if skip:
                skip -= 1
                continue
            last = event
            break
    return TableView(
        names=tuple(game.names), round=game.round, flag=game.flag, current_player=game.current_player,
        awaiting_turbo=game.awaiting_turbo, positions=game.positions, laps=game.laps, motors=game.motors,
        motor_values=game.motor_values, trick=tuple(zip(game.trick_seats, game.trick)),
        last_trick=tuple(zip(last.seats, last.cards)) if last is not None else (),
        last_winner=last.seat if last is not None else None, discards=game.discards,
        hand_sizes=tuple(len(hand) for hand in game.hands), winner=game.winner)


__all__ = ["TableView", "table_view"]
