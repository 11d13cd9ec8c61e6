"""The advisor: which choice wins? Each option is played out many times to the game's
end, and the wins are counted.

For the decision at hand (a card to play, or turbo or not) :func:`advise` plays every
option out ``playouts`` times with computer players. Each playout deals the cards the
decider cannot see anew (see :meth:`Position.to_game`) and later rounds from a fresh
seed; every option meets the same deals and the same dice (common random numbers), so
the differences between options come from the options themselves. The answer is
seeded: the same question gives the same answer.

Playouts go in batches; with ``stop_early`` the advisor stops as soon as one option's
99% interval lies wholly above every other option's, and says that it did.

>>> from rally import Position
>>> from rally.advisor import advise
>>> p = Position.from_code(   # reached in a seeded game: Bo won the trick, two spaces from the finish
...     "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3")
>>> advice = advise(p, playouts=200, seed=1)
>>> advice.best.action, advice.best.win_rate
(Turbo(True), 1.0)
>>> print(advice.table())
option       win chance   99% interval    spaces driven   playouts
turbo           100.0%   93.8% - 100.0%         5.0          100
no turbo         68.0%   55.2% -  78.6%         7.7          100
Spaces driven: how far the car went, on average, from here to the game's end.
Stopped early after 100 playouts per option: turbo is clearly best.
>>> advice.hint()
'Try turbo: it won 100% of 100 playouts; the next best, no turbo, won 68%.'
>>> print(advice.judge("no turbo"))
✘ You picked no turbo (68%); the advisor's pick is turbo (100%), and their intervals do not overlap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .analysis import wilson_interval
from .bots import Bot, HeuristicBot, RandomBot, play_out
from .i18n import join_words
from . import inputs
from .errors import SetupError
from .game import Action, Game
from .position import Position
from .state import PLAY
from .tricks import seat_and_lowest

#: The z-score of the intervals shown and used for stopping early (99%).
Z99 = 2.576
#: The most playouts per option one question may ask for (about a minute of work).
MAX_PLAYOUTS = 100_000
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
#: The players of each kind of playout, in words.
BOT_WORDS = {"random": "random players", "heuristic": "careful players"}


@dataclass(frozen=True)
class OptionResult:
    """What playing out one option gave."""

    action: Action
    playouts: int
    wins: int
    progress_gained: float  # the decider's average progress gained by the game's end
    interval: tuple[float, float]  # 99% Wilson interval of the win chance
    #: Playouts in which the decider won the trick this card went into; None for a turbo choice.
    trick_wins: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def clearly_above(self, other: "OptionResult") -> bool:
        """True when this option's interval lies wholly above ``other``'s: better beyond
        the playouts' noise."""
        return self.interval[0] > other.interval[1]

    @property
    def trick_win_rate(self) -> float | None:
        """How often the decider won the trick this card went into; None for a turbo choice."""
        if self.trick_wins is None:
            return None
        return self.trick_wins / self.playouts if self.playouts else 0.0

    @property
    def label(self) -> str:
        """``"G9"``, ``"turbo"`` or ``"no turbo"``."""
        return str(self.action)


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one position: every option, best first in ``ranked``."""

    position: Position
    seat: int
    options: tuple[OptionResult, ...]  # in the order of Position.options()
    stopped_early: bool
    playouts_asked: int
    seed: int
    bots: str

    @property
    def ranked(self) -> tuple[OptionResult, ...]:
        """Options by win chance, then progress gained, best first."""
        return tuple(sorted(self.options, key=lambda o: (-o.win_rate, -o.progress_gained)))

    @property
    def best(self) -> OptionResult:
        return self.ranked[0]

    @property
    def clearly_best(self) -> bool:
        """True when the best option's interval lies above every other's."""
        best, *rest = self.ranked
        return bool(rest) and all(best.clearly_above(o) for o in rest)

    def sentence(self) -> str:
        """The answer in words."""
        name = self.position.player_names[self.seat]
        best = self.best
        if len(self.options) == 1:
            return f"{name} has only one choice, {best.label}: it wins {best.win_rate:.0%} of {best.playouts} playouts."
        verdict = "clearly the best" if self.clearly_best else "the best so far, but not clearly"
        return (f"For {name}, {best.label} won {best.win_rate:.0%} of {best.playouts} playouts: "
                f"{verdict} (playouts by {BOT_WORDS[self.bots]}).")

    def hint(self) -> str:
        """The answer as a coach's hint to the player deciding: the best option in words,
        with its win chance, and any option that may be just as good."""
        best, *rest = self.ranked
        if not rest:
            return f"You have only one choice here: {best.label}."
        close = [o for o in rest if not best.clearly_above(o)]
        text = f"Try {best.label}: it won {best.win_rate:.0%} of {best.playouts} playouts"
        if not close:
            return text + f"; the next best, {rest[0].label}, won {rest[0].win_rate:.0%}."
        others = join_words([f"{o.label} ({o.win_rate:.0%})" for o in close[:3]], "or")
        return text + f", but {others} may be just as good."

    def judge(self, guess: str) -> str:
        """A learner's guess (an option's label: ``"G9"``, ``"turbo"``, ``"no turbo"``)
        held against this answer, in words: the advisor's pick, a guess whose interval
        overlaps the pick's (so it may be just as good), or a guess clearly behind.
        Raises :class:`SetupError` for a guess that is not one of the options."""
        labels = [o.label for o in self.options]
        if not isinstance(guess, str) or guess not in labels:
            inputs.fail(SetupError, "The guess", "one of the choices here: " + ", ".join(labels), guess, labels[0])
        best = self.best
        mine = self.options[labels.index(guess)]
        if mine is best:
            text = f"✔ Your guess, {best.label}, is the advisor's pick too."
            close = [o.label for o in self.ranked[1:] if not best.clearly_above(o)]
            if close:
                whose = f"the interval of {close[0]} overlaps" if len(close) == 1 else \
                    f"the intervals of {join_words(close)} overlap"
                text += (f" But {whose} it, so {close[0] if len(close) == 1 else 'they'} may be just as good: "
                         "ask again with more playouts.")
            return text
        text = (f"You picked {mine.label} ({mine.win_rate:.0%}); the advisor's pick is {best.label} "
                f"({best.win_rate:.0%})")
        if not best.clearly_above(mine):
            return (f"≈ {text}, but their intervals overlap, so {mine.label} may be just as good: "
                    "ask again with more playouts.")
        return f"✘ {text}, and their intervals do not overlap."

    def table(self) -> str:
        """A plain-text table of every option, in the order they were asked about."""
        lines = [f"{'option':<12}{'win chance':>11}   99% interval    spaces driven   playouts"]
        for o in self.options:
            low, high = o.interval
            lines.append(f"{o.label:<12}{o.win_rate:>10.1%}   {low:>5.1%} - {high:>6.1%}   {o.progress_gained:>9.1f}"
                         f"   {o.playouts:>10}")
        lines.append("Spaces driven: how far the car went, on average, from here to the game's end.")
        if self.stopped_early:
            lines.append(f"Stopped early after {self.options[0].playouts} playouts per option: "
                         f"{self.best.label} is clearly best.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def advise(
    position: Position | Game,
    playouts: int = 1000,
    seed: int = 0,
    bots: str = "random",
    stop_early: bool = True,
    batch: int = 100,
    progress: Callable[[int, int], None] | None = None,
) -> Advice:
    """Play each option of ``position`` out ``playouts`` times and count the wins.

    ``position`` may be a :class:`Position` or a :class:`Game` (then as its current
    player sees it). ``bots`` plays every seat in the playouts: ``"random"`` (fast) or
    ``"heuristic"``. ``progress(done, total)`` is called after every batch.
    """
    if isinstance(position, Game):
        position = Position.from_game(position)
    if not isinstance(position, Position):
        raise SetupError(f"advise() needs a Position or a Game, not {type(position).__name__}.")
    inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, SetupError, 1000)
    inputs.whole(batch, "batch", 1, MAX_PLAYOUTS, SetupError, 100)
    inputs.one_of(bots, "bots", BOTS, SetupError)
    inputs.seed(seed, SetupError)
    inputs.flag(stop_early, "stop_early", SetupError)
    if progress is not None and not callable(progress):
        inputs.fail(SetupError, "progress", "None or a function called as progress(done, total)", progress, "print")
    seat = position.decider
    options = position.options()
    start = position.positions[seat]
    wins = [0] * len(options)
    gained = [0] * len(options)
    tricks = [0] * len(options)
    cards = position.phase == PLAY
    done = 0
    stopped = False
    rng = random.Random(seed)
    players = [BOTS[bots]() for _ in range(position.players)]
    while done < playouts:
        size = min(batch, playouts - done)
        for _ in range(size):
            deal = position.to_game(rng)
            dice = rng.getrandbits(64)
            for i, action in enumerate(options):
                game = deal.clone()
                rolls = random.Random(dice)
                if cards:
                    tricks[i] += play_trick(game, action, players, rolls) == seat
                else:
                    game.apply_trusted(action)
                if not game.is_over:
                    play_out(game, players, rolls)
                wins[i] += game.winner == seat
                gained[i] += game.positions[seat] - start
        done += size
        if progress is not None:
            progress(done, playouts)
        if stop_early and len(options) > 1 and done < playouts and _clear_winner(wins, done):
            stopped = True
            break
    results = tuple(
        OptionResult(action, done, wins[i], gained[i] / done, wilson_interval(wins[i], done, Z99),
                     tricks[i] if cards else None)
        for i, action in enumerate(options)
    )
    return Advice(position, seat, results, stopped, playouts, seed, bots)


def play_trick(game: Game, card: Action, players: Sequence[Bot], rng: random.Random) -> int:
    """Play ``card`` (a legal card) and let ``players`` finish the trick it goes into;
    returns the trick's winner. The players draw from ``rng`` exactly as a playout
    would, so a playout that goes on from here is the one it would have been."""
    n = game.players
    while True:
        trick = game.trick_codes
        if len(trick) == n - 1:  # this card completes the trick: its winner is known now
            winner = seat_and_lowest([*trick, card.code], game.flag, n)[0]  # type: ignore[union-attr]
            game.apply_trusted(card)
            return winner
        game.apply_trusted(card)
        seat = game.current_player
        assert seat is not None  # a trick still open has a next player
        card = players[seat].choose(game.bot_view(seat), game.legal_actions(), rng)


def _clear_winner(wins: Sequence[int], done: int) -> bool:
    intervals = sorted((wilson_interval(w, done, Z99) for w in wins), key=lambda iv: -iv[0])
    best_low = intervals[0][0]
    return all(best_low > high for _, high in intervals[1:])


__all__ = ["Advice", "OptionResult", "advise", "Z99", "BOT_WORDS"]
