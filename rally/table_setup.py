"""Setting up the box for a new game of Stich Rallye, step by step, in words.

The steps follow the rulebook's set-up; the one choice the rulebook leaves to the
table (who takes the flag first) is this project's reading, RULINGS S1, and the
sentence says so.

>>> from rally import Game
>>> for step in setup_steps(Game.new(3, seed=4)):
...     print(step)
Board: the volcano track, a loop of 31 spaces. Cars drive round it clockwise, and only that way.
Cars and motors: each player takes the car and the motor of one color: Ada white, Bo red and Cy yellow.
Motors: yellow side up, every arrow on 0. A motor is only wound up by losing tricks.
Start: every car stands on the start space. It is the starting grid, where any number of cars fit.
Cards: with 3 players the values 2 to 10 are in play, in red, green and blue: 27 cards. The rest go back in the box.
Flag: Ada takes the flag and plays the first card. (The rulebook gives the flag to the wildest driver at the table; these lessons give it to the first player.)
Deal: each player gets 5 cards for round 1; the other 12 lie aside face down, unseen, until the next round.
"""

from __future__ import annotations

from .cards import HAND_SIZES, deck
from .i18n import join_words
from .errors import SetupError
from .game import CAR_COLORS, Game


def setup_steps(game: Game) -> list[str]:
    """How the box is set up for ``game`` (a game just dealt), one sentence a step."""
    if game.round != 1 or game.trick or any(len(hand) != HAND_SIZES[0] for hand in game.hands):
        raise SetupError("setup_steps needs a game just dealt, like Game.new(4, seed=1), not one under way "
                         f"(this one is in round {game.round}, with {len(game.hands[0])} cards in the first hand).")
    players, names = game.players, game.names
    cards = deck(players)
    values = sorted({card.value for card in cards})
    aside = len(cards) - players * HAND_SIZES[0]
    return [
        f"Board: the {game.track.name} track, a loop of {len(game.track)} spaces. "
        "Cars drive round it clockwise, and only that way.",
        "Cars and motors: each player takes the car and the motor of one color: "
        + join_words([f"{names[s]} {CAR_COLORS[s]}" for s in range(players)]) + ".",
        "Motors: yellow side up, every arrow on 0. A motor is only wound up by losing tricks.",
        "Start: every car stands on the start space. It is the starting grid, where any number of cars fit.",
        f"Cards: with {players} players the values {values[0]} to {values[-1]} are in play, in red, green and "
        f"blue: {len(cards)} cards. The rest go back in the box.",
        f"Flag: {names[game.first_player]} takes the flag and plays the first card. (The rulebook gives the flag to "
        + ("the wildest driver at the table; these lessons give it to the first player.)" if game.first_player == 0
           else f"the wildest driver at the table; here that is {names[game.first_player]}.)"),
        f"Deal: each player gets {HAND_SIZES[0]} cards for round 1; the other {aside} lie aside face down, unseen, "
        "until the next round.",
    ]
