"""Small, seeded experiments over many simulated games.

>>> from rally import HeuristicBot, RandomBot
>>> result = win_rates({"heuristic": HeuristicBot, "random": RandomBot}, players=4, games=200, seed=1)
>>> sorted(result.rates)
['heuristic', 'random']
>>> result.games
200
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping

from ..common import inputs
from .bots import Bot, play_out
from .cards import check_players
from ..common.errors import SetupError
from .game import Game
from ..common.i18n import _, language, ngettext, percent, percent_range, pgettext
from ..common.stats import wilson_interval


@dataclass(frozen=True)
class WinRates:
    """How often each kind of bot won, per seat it held, with a 95% interval."""

    games: int
    players: int
    rates: dict[str, float]  # wins per seat held, as a fraction
    intervals: dict[str, tuple[float, float]]
    seats: dict[str, int]  # seats held in all games together

    def table(self, lang: str | None = None) -> str:
        """A plain-text table, best first (in ``lang``, default the language spoken). A
        column grows when its heading does."""
        with language(lang):
            head = (pgettext("win rates table", "bot"), pgettext("win rates table", "win rate"),
                    pgettext("win rates table", "{level} interval").format(level=percent(0.95)))
            first, more = max(16, len(head[0]) + 1), max(0, len(head[1]) - 10)
            lines = [f"{head[0]:<{first}}{head[1]:>{10 + more}}   {head[2]}"]
            for name in sorted(self.rates, key=lambda k: -self.rates[k]):
                low, high = self.intervals[name]
                lines.append(f"{name:<{first}}{percent(self.rates[name], 1):>{9 + more}}   {percent_range(low, high, 1)}")
            lines.append(ngettext("({games} games, {players} players; a fair share would be {share})",
                                  "({games} games, {players} players; a fair share would be {share})",
                                  self.games).format(games=self.games, players=self.players,
                                                     share=percent(1 / self.players, 1)))
            return "\n".join(lines)


def _made(factory: Callable[[], Bot], name: str) -> Bot:
    bot = factory()
    if not callable(getattr(bot, "choose", None)):
        inputs.fail(SetupError, _("The bot {name}").format(name=inputs.shown(name)),
                    _("something with a choose(game, actions, rng) method"), bot, "RandomBot()")
    return bot


#: The most games one experiment plays (about a minute on one core).
MAX_GAMES = 200_000


def win_rates(
    bots: Mapping[str, Callable[[], Bot]],
    players: int = 4,
    games: int = 1000,
    seed: int = 0,
    track: str = "volcano",
) -> WinRates:
    """Play ``games`` games; seats are dealt to the kinds of bot in turn, rotating every
    game so no kind always sits first. Returns each kind's win rate per seat held."""
    if not isinstance(bots, Mapping) or not bots:
        inputs.fail(SetupError, _("The bots"), _("a mapping from a name to a kind of bot"), bots,
                    "{'random': RandomBot}")
    for name, factory in bots.items():
        if not callable(factory):
            inputs.fail(SetupError, _("The bot {name}").format(name=inputs.shown(name)),
                        _("a kind of bot (a class or a function that makes one)"), factory, "RandomBot")
    check_players(players)
    inputs.whole(games, _("The number of games"), 1, MAX_GAMES, SetupError, 1000)
    inputs.seed(seed, SetupError)
    names = list(bots)
    rng = random.Random(seed)
    wins = dict.fromkeys(names, 0)
    seats = dict.fromkeys(names, 0)
    for g in range(games):
        kinds = [names[(g + s) % len(names)] for s in range(players)]
        # Every game its own deal, from seeds that stay seeds however large ``seed`` is.
        game = Game.new(players, track=track, seed=(seed * 1_000_003 + g) % (inputs.MAX_SEED + 1),
                        first_player=g % players, record=False)
        play_out(game, [_made(bots[k], k) for k in kinds], rng)
        assert game.winner is not None  # play_out plays to the end
        wins[kinds[game.winner]] += 1
        for k in kinds:
            seats[k] += 1
    rates = {k: wins[k] / seats[k] if seats[k] else 0.0 for k in names}  # wins per seat held
    return WinRates(games, players, rates, {k: wilson_interval(wins[k], seats[k]) for k in names}, seats)
