"""The positions the lessons and docs show, each reached by playing a seeded game.

Nothing here is typed in: every example is the moment a game of four
:class:`~rally.HeuristicBot` players, dealt and played from a fixed seed, reaches after
a fixed number of decisions. So every example is one a real game reaches, and anyone can
replay the game to it (``played(4, seed, decisions)``).

>>> p = turbo_dilemma()
>>> print(p.summary().splitlines()[0])
Round 2, 5 tricks done; Cy holds the flag. Bo won the trick and chooses: turbo or not.
>>> p.code() == Position.from_game(played(4, 14, 52)).code()
True
"""

from __future__ import annotations

import random

from ..common import inputs
from .bots import HeuristicBot
from ..common.errors import SetupError
from .game import Game
from ..common.i18n import _
from .position import Position
from ..common.turns import play_bots

#: The most decisions :func:`played` plays (a whole game has a few hundred).
MAX_DECISIONS = 1000


def played(players: int, seed: int, decisions: int, track: str = "volcano") -> Game:
    """The game of ``players`` heuristic players dealt from ``seed`` (the bots draw from
    ``random.Random(seed)``), after ``decisions`` decisions (cards and turbo choices),
    or at its end if it ends sooner.

    >>> played(3, 5, 2).trick
    (Card.parse('B2'), Card.parse('G4'))
    """
    game = Game.new(players, track=track, seed=seed)
    limit = inputs.whole(decisions, _("The number of decisions"), 0, MAX_DECISIONS, SetupError, 52)
    play_bots(game, [HeuristicBot()] * players, random.Random(seed), limit=limit)
    return game


def turbo_choice() -> Game:
    """Round 2 of a three-player game, seed 41: Cy has just won a trick whose lowest card
    is 2, and Cy's motor shows 7. Either way the car only counts empty flat spaces, so
    the choice is all there is to see: 2 spaces alone, or 9 with the turbo.

    >>> game = turbo_choice()
    >>> game.awaiting_turbo, game.names[game.current_player], game.motor_values[game.current_player]
    (True, 'Cy', 7)
    """
    return played(3, 41, 37)


def turbo_dilemma() -> Position:
    """Round 2 of seed 14: Bo has won a trick with the green 13; his motor shows 11 and
    the trick's lowest card is 5. Fire the turbo now, or keep the motor for the round's end?"""
    return Position.from_game(played(4, 14, 52))


def lone_color_lead() -> Position:
    """Round 3 of seed 27, every hand shown: Cy leads with three cards, and nobody else
    holds blue. Is the blue 8, which nobody can follow, the card to lead?"""
    return Position.from_game(played(4, 27, 87), reveal=True)


def hill_block() -> Position:
    """The first trick of round 3 of seed 289: Cy will win it with the red 12, and Di,
    last to play, cannot beat it, but Di's card may be the lowest and so decide where
    Cy's car ends: rolled back before the hill, or sent over it."""
    return Position.from_game(played(4, 289, 61))


def last_trick_turbo() -> Position:
    """The last trick of round 1 of seed 8: Ada has won it with the red 8, the lowest card
    is 4 and her motor shows 4. The turbo takes her car to space 16 and empties the motor;
    without it she lands on a downhill, rolls to space 15, and her motor, still wound,
    moves her on at the round's end: more now is less in the end.

    >>> p = last_trick_turbo()
    >>> p.preview("no turbo")[-1]
    'Round 2: each player gets 7 cards.'
    """
    return Position.from_game(played(4, 8, 23))


__all__ = ["played", "turbo_dilemma", "lone_color_lead", "hill_block", "last_trick_turbo", "MAX_DECISIONS"]
