"""What the trick on the table is worth to the player deciding: the stakes of a card.

Winning a trick moves the winner's car by the trick's lowest card (S5), and the winner
may add the motor's whole value as the turbo (S8); losing it winds the motor one position
on its dial (S11), which past the dial's best value lowers it. Before the trick's last
card nobody knows its lowest card, but it can be no higher than the lowest card already
in it; and the card still wins only if no card after it brings a new color or a higher
card of its own color (S5), so the most is what the highest such cards not yet seen
would leave. :func:`trick_stakes` gives these facts for one card the decider may play, taken
from the table alone (never from hidden cards); :mod:`rally.stich_rallye.reasons` says
them in words.

>>> from rally import Card, Game, Position
>>> game = Game.new(4, seed=3)
>>> game.apply("G9"); game.apply("G5")
>>> stakes = trick_stakes(Position.from_game(game), Card.parse("B11"))   # Cy cannot follow green
>>> stakes.most, stakes.settled, stakes.motor, stakes.wound, stakes.over_winds
(5, False, 0, 1, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, deck
from .motor import Motor
from .movement import Move, move
from .position import Position
from .tricks import winner_and_lowest


@dataclass(frozen=True)
class TrickStakes:
    """What winning or losing the trick ``card`` goes into changes for the decider."""

    card: Card
    #: A win moves the car by the trick's lowest card: this many spaces or fewer (the
    #: most it can be when this card wins).
    most: int
    #: ``most`` is the trick's lowest card for certain (the trick's last card, or no
    #: lower card is in play).
    settled: bool
    #: The motor's value now: a win may add it to the move (the turbo); 0, no turbo.
    motor: int
    #: The motor's value after losing this trick: one more wind.
    wound: int
    #: Where a win takes the car by the card alone, any hill's roll included, when the
    #: lowest card is settled (the other cars stay where they are until the winner moves).
    alone: Move | None = None

    @property
    def over_winds(self) -> bool:
        """True when losing winds the motor past its best value, so its value drops."""
        return self.wound < self.motor


def trick_stakes(position: Position, card: Card) -> TrickStakes:
    """The stakes of playing ``card`` (one of the decider's cards) into the trick on the
    table at ``position``."""
    cards = (*position.trick, card)
    winner, lowest = winner_and_lowest([c.code for c in cards])
    smallest = deck(position.players)[0].value
    settled = len(cards) == position.players or lowest == smallest
    later = position.players - len(cards)
    most = lowest
    if later and winner == len(cards) - 1:
        # The cards that leave ``card`` winning: of a color already in the trick, and of its
        # own color only lower. The later players' best case plays the highest of them.
        colors = {c.color for c in cards}
        known = {c.code for c in (*cards, *position.hand, *position.played)}
        fits = sorted((c.value for c in deck(position.players) if c.code not in known and c.color in colors
                       and (c.color != card.color or c.value < card.value)), reverse=True)
        if len(fits) >= later:
            most = min(lowest, fits[later - 1])
    seat = position.decider
    motor = Motor(position.motors[seat], position.dial)
    alone = move(position.track, position.positions, seat, lowest) if settled else None
    return TrickStakes(card, most, settled, motor.value, motor.wound().value, alone)


__all__ = ["TrickStakes", "trick_stakes"]
