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
no turbo         68.0%    55.2% - 78.6%         7.7          100
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
from .i18n import N_, _, decimal, join_words, language, ngettext, percent, percent_range, pgettext
from . import inputs
from .errors import SetupError
from .game import Action, Game, Turbo
from .position import Position
from .state import PLAY
from .tricks import seat_and_lowest

#: The z-score of the intervals shown and used for stopping early (99%).
Z99 = 2.576
#: The most playouts per option one question may ask for (about a minute of work).
MAX_PLAYOUTS = 100_000
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
#: The players of each kind of playout, in words (marked for the catalog: show them with
#: ``_(BOT_WORDS[kind])``).
BOT_WORDS = {
    # TRANSLATORS: who plays the playouts; it follows "by" in "(playouts by random players)".
    "random": N_("random players"),
    # TRANSLATORS: who plays the playouts; it follows "by" in "(playouts by careful players)".
    "heuristic": N_("careful players"),
}


def option_word(action: Action) -> str:
    """An option in words, in the language spoken: the card (``"G9"``), or the turbo
    choice (``"turbo"``, ``"no turbo"``)."""
    if isinstance(action, Turbo):
        return action.word()
    return str(action)


def _percent(rate: float) -> str:
    """``0.68`` as ``"68%"`` (German ``"68 %"``)."""
    return percent(rate)


def _share(option: "OptionResult") -> str:
    """``"68% of 100 playouts"``: how often ``option`` won, in the language spoken."""
    return ngettext("{rate} of {n} playouts", "{rate} of {n} playouts", option.playouts).format(
        rate=_percent(option.win_rate), n=option.playouts)


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
        """``"G9"``, ``"turbo"`` or ``"no turbo"``: the option's code, the same in every
        language (:meth:`Advice.judge` reads it); :attr:`word` is the option in words."""
        return str(self.action)

    @property
    def word(self) -> str:
        """The option in words, in the language spoken: ``"G9"``, ``"turbo"``, ``"no turbo"``."""
        return option_word(self.action)


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

    def sentence(self, lang: str | None = None) -> str:
        """The answer in words (in ``lang``, default the language spoken)."""
        with language(lang):
            best = self.best
            facts = {"name": self.position.player_names[self.seat], "option": best.word, "share": _share(best),
                     "bots": _(BOT_WORDS[self.bots])}
            if len(self.options) == 1:
                return _("{name} has only one choice, {option}: it wins {share}.").format(**facts)
            if self.clearly_best:
                return _("For {name}, {option} won {share}: clearly the best (playouts by {bots}).").format(**facts)
            return _("For {name}, {option} won {share}: the best so far, but not clearly "
                     "(playouts by {bots}).").format(**facts)

    def hint(self, lang: str | None = None) -> str:
        """The answer as a coach's hint to the player deciding: the best option in words,
        with its win chance, and any option that may be just as good (in ``lang``,
        default the language spoken)."""
        with language(lang):
            best, *rest = self.ranked
            if not rest:
                return _("You have only one choice here: {option}.").format(option=best.word)
            close = [o for o in rest if not best.clearly_above(o)][:3]
            if not close:
                return _("Try {option}: it won {share}; the next best, {next}, won {next_rate}.").format(
                    option=best.word, share=_share(best), next=rest[0].word, next_rate=_percent(rest[0].win_rate))
            others = join_words([f"{o.word} ({_percent(o.win_rate)})" for o in close], "or")
            return ngettext("Try {option}: it won {share}, but {others} may be just as good.",
                            "Try {option}: it won {share}, but {others} may be just as good.", len(close)).format(
                option=best.word, share=_share(best), others=others)

    def judge(self, guess: str, lang: str | None = None) -> str:
        """A learner's guess (an option's label: ``"G9"``, ``"turbo"``, ``"no turbo"``)
        held against this answer, in words (in ``lang``, default the language spoken):
        the advisor's pick, a guess whose interval overlaps the pick's (so it may be just
        as good), or a guess clearly behind. Raises :class:`SetupError` for a guess that
        is not one of the options."""
        with language(lang):
            labels = [o.label for o in self.options]
            if not isinstance(guess, str) or guess not in labels:
                inputs.fail(SetupError, _("The guess"),
                            _("one of the choices here: {choices}").format(choices=", ".join(labels)), guess, labels[0])
            best = self.best
            mine = self.options[labels.index(guess)]
            if mine is best:
                text = _("✔ Your guess, {option}, is the advisor's pick too.").format(option=best.word)
                close = [o.word for o in self.ranked[1:] if not best.clearly_above(o)]
                if close:
                    text += " " + ngettext(
                        "But the interval of {others} overlaps it, so {others} may be just as good: "
                        "ask again with more playouts.",
                        "But the intervals of {others} overlap it, so they may be just as good: "
                        "ask again with more playouts.", len(close)).format(others=join_words(close))
                return text
            facts = {"mine": mine.word, "mine_rate": _percent(mine.win_rate), "best": best.word,
                     "best_rate": _percent(best.win_rate)}
            if not best.clearly_above(mine):
                return _("≈ You picked {mine} ({mine_rate}); the advisor's pick is {best} ({best_rate}), but their "
                         "intervals overlap, so {mine} may be just as good: ask again with more playouts.").format(
                    **facts)
            return _("✘ You picked {mine} ({mine_rate}); the advisor's pick is {best} ({best_rate}), and their "
                     "intervals do not overlap.").format(**facts)

    def table(self, lang: str | None = None) -> str:
        """A plain-text table of every option, in the order they were asked about (in
        ``lang``, default the language spoken). A column grows when its heading does."""
        with language(lang):
            head = (pgettext("advice table", "option"), pgettext("advice table", "win chance"),
                    pgettext("advice table", "{level} interval").format(level=percent(0.99)), pgettext("advice table", "spaces driven"),
                    pgettext("advice table", "playouts"))
            # How much longer each heading is than the English one its column was made for.
            more = [max(0, len(h) - n) for h, n in zip(head, (6, 10, 12, 13, 8))]
            first = max(12, len(head[0]) + 2, *(len(o.word) + 2 for o in self.options))
            lines = [f"{head[0]:<{first}}{head[1]:>{11 + more[1]}}   {head[2]:<{12 + more[2]}}    "
                     f"{head[3]:>{13 + more[3]}}   {head[4]:>{8 + more[4]}}"]
            for o in self.options:
                low, high = o.interval
                interval = percent_range(low, high, 1)
                lines.append(f"{percent(o.win_rate, 1):>{10 + more[1]}}   {interval:>{14 + more[2]}}   "
                             f"{decimal(o.progress_gained, 1):>{9 + more[3]}}   {o.playouts:>{10 + more[4]}}")
                lines[-1] = f"{o.word:<{first}}" + lines[-1]
            lines.append(_("Spaces driven: how far the car went, on average, from here to the game's end."))
            if self.stopped_early:
                n = self.options[0].playouts
                lines.append(ngettext("Stopped early after {n} playouts per option: {option} is clearly best.",
                                      "Stopped early after {n} playouts per option: {option} is clearly best.",
                                      n).format(n=n, option=self.best.word))
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
        raise SetupError(_("advise() needs a Position or a Game, not {type}.").format(type=type(position).__name__))
    inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, SetupError, 1000)
    inputs.whole(batch, "batch", 1, MAX_PLAYOUTS, SetupError, 100)
    inputs.one_of(bots, "bots", BOTS, SetupError)
    inputs.seed(seed, SetupError)
    inputs.flag(stop_early, "stop_early", SetupError)
    if progress is not None and not callable(progress):
        inputs.fail(SetupError, "progress", _("None or a function called as progress(done, total)"), progress, "print")
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
        for _playout in range(size):
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


__all__ = ["Advice", "OptionResult", "advise", "option_word", "Z99", "BOT_WORDS"]
