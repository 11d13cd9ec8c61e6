"""What the trick on the table is worth to the player deciding: the stakes of a card.

Winning a trick moves the winner's car by the trick's lowest card (S5), and the winner
may add the motor's whole value as the turbo (S8); losing it winds the motor one position
on its dial (S11), which past the dial's best value lowers it. Before the trick's last
card nobody knows its lowest card, but it can be no higher than the lowest card already
in it. :func:`trick_stakes` gives these facts for one card the decider may play, taken
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
    #: A win moves the car by the trick's lowest card: this many spaces or fewer.
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
    lowest = winner_and_lowest([c.code for c in cards])[1]
    smallest = deck(position.players)[0].value
    settled = len(cards) == position.players or lowest == smallest
    seat = position.decider
    motor = Motor(position.motors[seat], position.dial)
    alone = move(position.track, position.positions, seat, lowest) if settled else None
    return TrickStakes(card, lowest, settled, motor.value, motor.wound().value, alone)


__all__ = ["TrickStakes", "trick_stakes"]
