"""Setting up the box for a new game of Stich Rallye, step by step, in words.

The steps follow the rulebook's set-up; the one choice the rulebook leaves to the
table (who takes the flag first) is this project's reading, RULINGS S1, and the
sentence says so.

>>> from rally import Game
>>> for step in setup_steps(Game.new(3, seed=4)):
...     print(step)
Board: the volcano track, in this app a loop of 31 spaces. Cars drive round it clockwise; only an uphill can roll a car back.
Cars and motors: one color each, Ada white, Bo red and Cy yellow.
Motors: yellow side up, every arrow on 0. A motor is only wound up by losing tricks.
Start: every car stands on the start space. It is the starting grid, where any number of cars fit.
Cards: with 3 players the values 2 to 10 are in play, in red, green and blue: 27 cards. The rest go back in the box.
Flag: Ada takes the flag and plays the first card. (The rulebook gives the flag to the wildest driver at the table; these lessons give it to the first player.)
Deal: each player gets 5 cards for round 1; the other 12 lie aside, unseen. Before rounds 2 and 3 all the cards are shuffled and dealt again (how the lessons read the rules).
"""

from __future__ import annotations

from ..common import inputs
from .cards import HAND_SIZES, deck
from ..common.errors import SetupError
from .game import CAR_COLORS, Game
from ..common.i18n import _, join_words, language, ngettext, pgettext


def setup_steps(game: Game, lang: str | None = None) -> list[str]:
    """How the box is set up for ``game`` (a game just dealt), one sentence a step (in
    ``lang``, default the language spoken)."""
    with language(lang):
        return _setup_steps(inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=1)"))


def _setup_steps(game: Game) -> list[str]:
    if game.round != 1 or game.trick or any(len(hand) != HAND_SIZES[0] for hand in game.hands):
        held = len(game.hands[0])
        raise SetupError(ngettext(
            "setup_steps needs a game just dealt, like Game.new(4, seed=1), not one under way (this one is in "
            "round {round}, with {n} card in the first hand).",
            "setup_steps needs a game just dealt, like Game.new(4, seed=1), not one under way (this one is in "
            "round {round}, with {n} cards in the first hand).", held).format(round=game.round, n=held))
    players, names = game.players, game.names
    cards = deck(players)
    values = sorted({card.value for card in cards})
    aside = len(cards) - players * HAND_SIZES[0]
    first = names[game.first_player]
    # TRANSLATORS: a player and the color of the car and motor they take: "Ada white".
    colors = join_words([pgettext("player's color", "{name} {color}").format(name=names[s], color=_(CAR_COLORS[s]))
                         for s in range(players)])
    if game.first_player == 0:
        flag = _("Flag: {name} takes the flag and plays the first card. (The rulebook gives the flag to the wildest "
                 "driver at the table; these lessons give it to the first player.)").format(name=first)
    else:
        flag = _("Flag: {name} takes the flag and plays the first card. (The rulebook gives the flag to the wildest "
                 "driver at the table; here that is {name}.)").format(name=first)
    return [
        ngettext("Board: the {track} track, in this app a loop of {n} space. Cars drive round it clockwise; only an uphill can roll a car back.",
                 "Board: the {track} track, in this app a loop of {n} spaces. Cars drive round it clockwise; only an uphill can roll a car back.",
                 len(game.track)).format(track=game.track.shown_name, n=len(game.track)),
        _("Cars and motors: one color each, {colors}.").format(colors=colors),
        _("Motors: yellow side up, every arrow on 0. A motor is only wound up by losing tricks."),
        _("Start: every car stands on the start space. It is the starting grid, where any number of cars fit."),
        (_("Cards: with 5 players all 45 cards are in play, the values 1 to 15 in red, green and blue.")
         if len(cards) == len(deck(5)) else  # none go back to the box
         _("Cards: with {players} players the values {low} to {high} are in play, in red, green and blue: "
           "{n} cards. The rest go back in the box.").format(
            players=players, low=values[0], high=values[-1], n=len(cards))),
        flag,
        ngettext("Deal: each player gets {n} cards for round 1; the other {aside} lies aside, unseen. Before "
                 "rounds 2 and 3 all the cards are shuffled and dealt again (how the lessons read the rules).",
                 "Deal: each player gets {n} cards for round 1; the other {aside} lie aside, unseen. Before "
                 "rounds 2 and 3 all the cards are shuffled and dealt again (how the lessons read the rules).",
                 aside).format(n=HAND_SIZES[0], aside=aside),
    ]
