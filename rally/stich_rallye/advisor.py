"""The advisor: which choice wins? Each option is played out in many test games to the
game's end, and the wins are counted.

For the decision at hand (a card to play, or turbo or not) :func:`advise` plays every
option out ``playouts`` times with computer players: careful ones by default, the way
the computer players at the table play (:class:`rally.HeuristicBot`). Each test game
deals the cards the decider cannot see anew, consistently with everything the table has
shown and weighed by the plays of this round (see :meth:`Position.to_game`), and later
rounds from a fresh seed; every option meets the same deals and the same dice (common
random numbers), so the differences between options come from the options themselves.

Left at its defaults, :func:`advise` gives *the* analysis of a moment: the same settings
and the moment's own seed (:func:`moment_seed`), shared by the hint, the what-if advisor
and the review, so they never disagree about a decision.

Playouts go in batches; with ``stop_early`` the advisor stops as soon as one option's
99% interval lies wholly above every other option's, and says that it did. With a
``time_limit`` it is an anytime search: the options meet the test games one deal at a
time, all of them on each, so it can stop after any deal, and it stops before the next
deal could take it past the limit, less a tenth kept free, or the longest deal so far
(:data:`RESERVE`: a busy machine makes a process wait its turn now and then). Its answer
then says how sure it is
(:attr:`Advice.sureness`): still clearly best, or not sure yet. Without a time limit (the
default) the answer depends on the seed alone, never on the machine's speed; the game
view's hint asks with :data:`HINT_SECONDS`.

>>> from rally import Position
>>> from rally.stich_rallye.advisor import advise
>>> p = Position.from_code(   # reached in a seeded game: Bo won the trick, two spaces from the finish
...     "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3")
>>> advice = advise(p)
>>> advice.best.action, advice.best.win_rate
(Turbo(True), 1.0)
>>> print(advice.table())
option       win chance   99% interval    spaces driven   playouts
turbo           100.0%   93.8% - 100.0%         5.0          100
no turbo         75.0%    62.5% - 84.4%         7.1          100
Spaces driven: how far the car went, on average, from here to the game's end.
Stopped early after 100 playouts per option: turbo is clearly best.
>>> print(advice.hint())
Use the turbo: in 100 test games, it won clearly more often than the card alone. With the turbo: 3 + 1 = 4 spaces, over the finish line, winning the race. Without it: 3 spaces, to space 19 of lap 2, keeping the motor's 1 for later.
>>> print(advice.judge("no turbo"))
✘ You picked no turbo (75%); the advisor's pick is turbo (100%), and the test games show clearly that it is better.
"""

from __future__ import annotations

import random
import threading
import time
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..common.stats import sign_test, wilson_interval
from .bots import Bot, HeuristicBot, RandomBot, play_out
from ..common.i18n import N_, _, decimal, join_words, language, ngettext, percent, percent_range, pgettext, shown
from ..common import inputs
from ..common.errors import SetupError
from .game import Action, Game, Turbo
from .position import Position
from .state import PLAY
from .reasons import card_reason, turbo_gains_nothing, turbo_reason
from .tricks import seat_and_lowest

#: The z-score of the intervals shown and used for stopping early (99%).
Z99 = 2.576
#: The chance, at most, of calling an option worse than the best when it is not: held
#: against the best option on the same test games (paired), shared among the options.
ALPHA = 0.01
#: The one analysis of a decision that every coach shares (the hint, the what-if advisor,
#: the review): test games per option, who plays them and how they are batched. With the
#: moment's own seed (:func:`moment_seed`), the same moment always gets the same answer,
#: so a child who follows the hint is never blamed for it in the review. Chosen by
#: measurement (``benchmarks/bench_coach.py``, decision D27): careful players play like
#: the people at the table, and 200 test games keep the hint under a second.
COACH_PLAYOUTS = 200
COACH_BOTS = "heuristic"
COACH_BATCH = 50
#: The hint's time budget in the game view, in seconds: on a busy machine the hint stops
#: there and says it is not sure yet (``benchmarks/bench_coach.py speed``, decision D42).
HINT_SECONDS = 1.0
#: The share of a time limit the anytime search keeps free at its end, at least (more when
#: one of its test games took longer): on a busy machine a process waits its turn now and
#: then, for hundredths of a second or more, and the answer still has to be put in words
#: (``benchmarks/bench_coach.py speed --busy 2``, decision D42).
RESERVE = 0.1
#: The longest time limit one question may have (an hour).
MAX_SECONDS = 3600.0
#: What :attr:`Advice.sureness` may say, in order from sure to not sure.
SURENESS = ("only", "clear", "close", "unsure")
#: How many answers :func:`advise` remembers (a whole game's decisions, several times over).
CACHE_SIZE = 512
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


def option_in_sentence(action: Action) -> str:
    """An option as a sentence names it: a card as it is (``"G9"``), a turbo choice in
    quotes, as its button reads.

    >>> option_in_sentence(Turbo(False))
    '“no turbo”'
    """
    word = option_word(action)
    return shown(word) if isinstance(action, Turbo) else word


def _card_words(option: "OptionResult") -> str:
    """A card option as a child reads it, its code and its words (``"G9 (green 9)"``)."""
    action = option.action
    return option.word if isinstance(action, Turbo) else f"{option.word} ({action.describe()})"


def _percent(rate: float) -> str:
    """``0.68`` as ``"68%"`` (German ``"68 %"``)."""
    return percent(rate)


def _share(option: "OptionResult") -> str:
    """``"68% of 100 test games"``: how often ``option`` won, in the language spoken (a
    child's words for playouts)."""
    return ngettext("{rate} of {n} test game", "{rate} of {n} test games", option.playouts).format(
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
    #: The test games this option won, as bits (bit k: test game k). Every option of one
    #: answer meets the same test games, so two options are compared game by game.
    outcomes: int | None = field(default=None, repr=False)

    @property
    def win_rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def clearly_above(self, other: "OptionResult") -> bool:
        """True when this option's interval lies wholly above ``other``'s: better beyond
        the playouts' noise."""
        if not isinstance(other, OptionResult):
            inputs.instance(other, OptionResult, _("The other option"), SetupError, "advice.best")
        return self.interval[0] > other.interval[1]

    def won_alone(self, other: "OptionResult", after: int = 0) -> int:
        """How many test games this option won and ``other`` lost, among those after the
        first ``after`` (both options of one answer: the same test games)."""
        inputs.instance(other, OptionResult, _("The other option"), SetupError, "advice.best")
        if self.outcomes is None or other.outcomes is None:
            raise SetupError(_("Only options that advise() played keep their test games one by one."))
        return ((self.outcomes & ~other.outcomes) >> after).bit_count()

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
    #: The time limit stopped the test games before ``playouts_asked`` (and before any
    #: early stop): the answer is the best so far.
    out_of_time: bool = False

    @property
    def ranked(self) -> tuple[OptionResult, ...]:
        """Options by win chance, then progress gained, best first."""
        return tuple(sorted(self.options, key=lambda o: (-o.win_rate, -o.progress_gained)))

    @property
    def best(self) -> OptionResult:
        return self.ranked[0]

    @property
    def clearly_best(self) -> bool:
        """True when every other option is clearly worse (:meth:`clearly_worse`), as the
        judge and the review say too; an answer that stopped early had the best option's
        interval above every other's."""
        rest = self.ranked[1:]
        return bool(rest) and (self.stopped_early or all(self.clearly_worse(o) for o in rest))

    @property
    def played(self) -> int:
        """The test games each option met (all options meet the same ones)."""
        return self.options[0].playouts

    @property
    def sureness(self) -> str:
        """How sure the answer is: ``"only"`` (one option), ``"clear"`` (the best is clearly
        best, :attr:`clearly_best`), ``"close"`` (every test game asked for was played, and
        another option may be just as good) or ``"unsure"`` (the time limit stopped the
        test games before the best was clear).

        >>> from rally import Position
        >>> moment = Position.from_code(   # the moment of the module's example
        ...     "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3")
        >>> advise(moment).sureness
        'clear'
        >>> ticks = iter(range(1000))   # a clock that moves a second a look: out of time at once
        >>> rushed = advise(moment, seed=7, time_limit=1.5, clock=lambda: next(ticks))
        >>> rushed.sureness, rushed.played, rushed.out_of_time
        ('unsure', 1, True)
        """
        if len(self.options) == 1:
            return "only"
        if self.clearly_best:
            return "clear"
        return "unsure" if self.out_of_time else "close"

    def _time_note(self) -> str:
        """The sentence saying the advisor stopped before it was sure ('' when it did not)."""
        if self.sureness != "unsure":
            return ""
        return ngettext("The advisor had to stop after {n} test game, so it is not sure yet.",
                        "The advisor had to stop after {n} test games, so it is not sure yet.",
                        self.played).format(n=self.played)

    def clearly_worse(self, option: OptionResult) -> bool:
        """True when ``option`` is worse than the best beyond the test games' noise: on the
        same test games (:attr:`OptionResult.outcomes`), the best won clearly more of those
        only one of the two won (:func:`rally.common.stats.sign_test`, at :data:`ALPHA` shared
        among the other options). What the hint, the judge and the review call worse.

        >>> from rally import Position
        >>> a = advise(Position.from_code(   # the moment of the module's example
        ...     "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3"))
        >>> [a.clearly_worse(o) for o in a.ranked]
        [False, True]
        """
        if not isinstance(option, OptionResult) or option not in self.options:
            inputs.instance(option, OptionResult, _("The option"), SetupError, "advice.options[0]")
            inputs.fail(SetupError, _("The option"), _("one of this answer's options"), option.word,
                        "advice.options[0]")
        best = self.best
        if option is best:
            return False
        if best.outcomes is None or option.outcomes is None:  # no game-by-game record: the intervals
            return best.clearly_above(option)
        return sign_test(best.won_alone(option), option.won_alone(best)) < ALPHA / 2 / (len(self.options) - 1)

    def sentence(self, lang: str | None = None) -> str:
        """The answer in words (in ``lang``, default the language spoken)."""
        with language(lang):
            best = self.best
            facts = {"name": self.position.player_names[self.seat], "option": best.word, "share": _share(best),
                     "bots": _(BOT_WORDS[self.bots])}
            if len(self.options) == 1:
                return _("{name} has only one choice, {option}: it wins {share}.").format(**facts)
            if self.clearly_best:
                return _("For {name}, {option} won {share}: clearly the best (test games played by {bots})."
                         ).format(**facts)
            text = _("For {name}, {option} won {share}: the best so far, but not clearly "
                     "(test games played by {bots}).").format(**facts)
            note = self._time_note()
            return text + (" " + note if note else "")

    def hint(self, lang: str | None = None) -> str:
        """The answer as a coach's hint to the child deciding: the best option in words,
        whether it won clearly more often in the test games or other options did about as
        well (no percentages: :meth:`sentence` and :meth:`table` give the numbers), and the
        reason the rules give where they settle it at once (:mod:`rally.stich_rallye.reasons`),
        in ``lang`` (default the language spoken). An answer the time limit stopped before it
        was sure says so last."""
        with language(lang):
            best, *rest = self.ranked
            if not rest:
                return _("You have only one choice here: {option}.").format(option=best.word)
            close = [o for o in rest if not self.clearly_worse(o)][:3]
            action = best.action
            note = self._time_note()
            if isinstance(action, Turbo):
                text = self._turbo_hint(action, best.playouts, bool(close))
                return text + (" " + note if note else "")
            facts = {"option": _card_words(best), "n": best.playouts}
            if not close:
                text = ngettext("Try {option}: in {n} test game, it won clearly more often than {next}.",
                                "Try {option}: in {n} test games, it won clearly more often than {next}.",
                                best.playouts).format(next=rest[0].word, **facts)
            else:
                text = " ".join([
                    ngettext("Try {option}: it won most often in {n} test game.",
                             "Try {option}: it won most often in {n} test games.", best.playouts).format(**facts),
                    ngettext("{others} did about as well.", "{others} did about as well.", len(close)).format(
                        others=join_words([o.word for o in close], "or"))])
            reason = card_reason(self.position, action)
            return " ".join(part for part in (text, reason, note) if part)

    def _turbo_hint(self, best: Turbo, n: int, close: bool) -> str:
        """:meth:`hint` for a turbo choice: which to take, and what each does."""
        if best.use:
            text = (ngettext("Use the turbo: it won a little more often in {n} test game. Moving by the card alone "
                             "did about as well.",
                             "Use the turbo: it won a little more often in {n} test games. Moving by the card alone "
                             "did about as well.", n)
                    if close else
                    ngettext("Use the turbo: in {n} test game, it won clearly more often than the card alone.",
                             "Use the turbo: in {n} test games, it won clearly more often than the card alone.", n))
        else:
            text = (ngettext("Move by the card alone: it won a little more often in {n} test game. The turbo did "
                             "about as well.",
                             "Move by the card alone: it won a little more often in {n} test games. The turbo did "
                             "about as well.", n)
                    if close else
                    ngettext("Move by the card alone: in {n} test game, it won clearly more often than the turbo.",
                             "Move by the card alone: in {n} test games, it won clearly more often than the turbo.",
                             n))
        text = text.format(n=n)
        if turbo_gains_nothing(self.position):
            return text + " " + _("Turbo or not, your car ends on the same space.")
        return text + " " + _("With the turbo: {turbo}. Without it: {plain}.").format(
            turbo=turbo_reason(self.position, True), plain=turbo_reason(self.position, False))

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
                close = [o.word for o in self.ranked[1:] if not self.clearly_worse(o)]
                if close:
                    text += " " + ngettext(
                        "But the test games cannot tell it from {others}, so {others} may be just as good.",
                        "But the test games cannot tell it from {others}, so they may be just as good.",
                        len(close)).format(others=join_words(close, "or"))
                return text
            facts = {"mine": mine.word, "mine_rate": _percent(mine.win_rate), "best": best.word,
                     "best_rate": _percent(best.win_rate)}
            if not self.clearly_worse(mine):
                return _("≈ You picked {mine} ({mine_rate}); the advisor's pick is {best} ({best_rate}), but the "
                         "test games cannot tell the two apart, so {mine} may be just as good.").format(**facts)
            return _("✘ You picked {mine} ({mine_rate}); the advisor's pick is {best} ({best_rate}), and the test "
                     "games show clearly that it is better.").format(**facts)

    def rows(self, lang: str | None = None) -> tuple[tuple[str, ...], list[tuple[str, ...]], list[str]]:
        """The numbers of :meth:`table` as words (in ``lang``, default the language spoken):
        its headings, one row of cells an option (in the order asked about), and the notes
        under it. A page draws them as a table of its own.

        >>> from rally import Position
        >>> heads, cells, notes = advise(Position.from_code(   # the moment of the module's example
        ...     "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3")).rows()
        >>> heads[:2], cells[0], len(notes)
        (('option', 'win chance'), ('turbo', '100.0%', '93.8% - 100.0%', '5.0', '100'), 2)
        """
        with language(lang):
            heads = (pgettext("advice table", "option"), pgettext("advice table", "win chance"),
                     pgettext("advice table", "{level} interval").format(level=percent(0.99)),
                     pgettext("advice table", "spaces driven"), pgettext("advice table", "playouts"))
            cells: list[tuple[str, ...]] = [(o.word, percent(o.win_rate, 1), percent_range(*o.interval, 1), decimal(o.progress_gained, 1),
                      str(o.playouts)) for o in self.options]
            notes = [_("Spaces driven: how far the car went, on average, from here to the game's end.")]
            if self.stopped_early:
                n = self.options[0].playouts
                notes.append(ngettext("Stopped early after {n} playouts per option: {option} is clearly best.",
                                      "Stopped early after {n} playouts per option: {option} is clearly best.",
                                      n).format(n=n, option=self.best.word))
            if self.out_of_time:
                notes.append(ngettext("Stopped at the time limit after {n} playout per option of {asked}.",
                                      "Stopped at the time limit after {n} playouts per option of {asked}.",
                                      self.played).format(n=self.played, asked=self.playouts_asked))
            return heads, cells, notes

    def table(self, lang: str | None = None) -> str:
        """A plain-text table of every option, in the order they were asked about (in
        ``lang``, default the language spoken). A column grows when its heading does."""
        heads, cells, notes = self.rows(lang)
        # How much longer each heading is than the English one its column was made for.
        more = [max(0, len(h) - n) for h, n in zip(heads, (6, 10, 12, 13, 8))]
        first = max(12, len(heads[0]) + 2, *(len(row[0]) + 2 for row in cells))
        lines = [f"{heads[0]:<{first}}{heads[1]:>{11 + more[1]}}   {heads[2]:<{12 + more[2]}}    "
                 f"{heads[3]:>{13 + more[3]}}   {heads[4]:>{8 + more[4]}}"]
        for word, rate, interval, driven, playouts in cells:
            lines.append(f"{word:<{first}}{rate:>{10 + more[1]}}   {interval:>{14 + more[2]}}   "
                         f"{driven:>{9 + more[3]}}   {playouts:>{10 + more[4]}}")
        return "\n".join(lines + notes)

    def __str__(self) -> str:
        return self.table()


def moment_seed(position: Position) -> int:
    """The seed of a moment: the same position always gets the same seed, whoever asks
    (the hint, the what-if advisor or the review), so they all give the same answer.

    >>> from rally import Game, Position
    >>> moment = Position.from_game(Game.new(4, seed=3))
    >>> moment_seed(moment) == moment_seed(Position.from_code(moment.code()))
    True
    """
    return zlib.crc32(position.code().encode("utf-8"))


_answers: OrderedDict[tuple[object, ...], "Advice"] = OrderedDict()
_answers_lock = threading.Lock()  # a review may ask from a worker thread (the game view's)


def advise(
    position: Position | Game,
    playouts: int = COACH_PLAYOUTS,
    seed: int | None = None,
    bots: str = COACH_BOTS,
    stop_early: bool = True,
    batch: int = COACH_BATCH,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Advice:
    """Play each option of ``position`` out ``playouts`` times and count the wins.

    ``position`` may be a :class:`Position` or a :class:`Game` (then as its current
    player sees it). ``bots`` plays every seat in the playouts: ``"heuristic"``
    (careful players, like the people at the table) or ``"random"`` (faster, but
    nobody plays like that). ``seed`` defaults to the moment's own
    (:func:`moment_seed`): with the other settings left as they are, this is the one
    analysis the hint and the review give too. ``progress(done, total)`` is called
    after every batch. An answer already given is remembered and given again.

    ``time_limit`` (seconds, or None for none) makes it an anytime search: it stops
    before the next test game could take it past the limit less a reserve (:data:`RESERVE`,
    or the longest test game so far; after one test game at least), and
    the answer says so (:attr:`Advice.out_of_time`, :attr:`Advice.sureness`). Such an
    answer is not remembered; a whole one remembered is given at once. ``clock`` (default
    :func:`time.perf_counter`) tells the seconds.

    >>> from rally import Game
    >>> quick = advise(Game.new(4, seed=3), time_limit=HINT_SECONDS)
    >>> quick.played <= quick.playouts_asked and quick.sureness in SURENESS
    True
    """
    clock = _clock(clock)
    started = clock()
    if isinstance(position, Game):
        position = Position.from_game(position)
    if not isinstance(position, Position):
        raise SetupError(_("advise() needs a Position or a Game, not {type}.").format(type=type(position).__name__))
    inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, SetupError, 1000)
    inputs.whole(batch, "batch", 1, MAX_PLAYOUTS, SetupError, 100)
    inputs.one_of(bots, "bots", BOTS, SetupError)
    seed = moment_seed(position) if seed is None else inputs.seed(seed, SetupError)
    inputs.flag(stop_early, "stop_early", SetupError)
    if progress is not None and not callable(progress):
        inputs.fail(SetupError, "progress", _("None or a function called as progress(done, total)"), progress, "print")
    if time_limit is not None:
        time_limit = inputs.number(time_limit, "time_limit", 0.001, MAX_SECONDS, SetupError, HINT_SECONDS)
    key = (position.code(), playouts, seed, bots, stop_early, batch)
    known = _remembered(key)
    if known is not None:
        if progress is not None:
            progress(known.options[0].playouts, playouts)
        return known
    out_of_time = None if time_limit is None else _deadline(clock, started, time_limit)
    advice = _play_options(position, playouts, seed, bots, stop_early, batch, progress, out_of_time)
    if not advice.out_of_time:  # a whole answer only: a shorter one depends on the machine's speed
        _remember(key, advice)
    return advice


def _clock(clock: Callable[[], float] | None) -> Callable[[], float]:
    """``advise``'s ``clock`` checked: :func:`time.perf_counter` when None."""
    if clock is not None and not callable(clock):
        inputs.fail(SetupError, "clock", _("None or a function that returns the time in seconds"), clock,
                    "time.perf_counter")
    return clock or time.perf_counter


def _remembered(key: tuple[object, ...]) -> Advice | None:
    """The answer remembered for ``key`` (then the most recently used), or None."""
    with _answers_lock:
        known = _answers.get(key)
        if known is not None:
            _answers.move_to_end(key)
    return known


def _remember(key: tuple[object, ...], advice: Advice) -> None:
    """Remember ``advice`` for ``key``, forgetting the least recently used beyond :data:`CACHE_SIZE`."""
    with _answers_lock:
        _answers[key] = advice
        if len(_answers) > CACHE_SIZE:
            _answers.popitem(last=False)


def _deadline(clock: Callable[[], float], started: float, limit: float) -> Callable[[int], bool]:
    """``out_of_time(done)``: whether two more test games, each as long as the ``done`` so
    far took on average (the work before them included) or as the last one took if that
    was longer, would end past ``limit`` seconds from ``started``, less a reserve: its
    :data:`RESERVE`, or the longest test game so far if that was longer. Room for one
    more, for a busy machine slowing it down, and for a wait for its turn as long as the
    longest seen."""
    last, longest = [started], [0.0]

    def out_of_time(done: int) -> bool:
        now = clock()
        spent, step = now - started, now - last[0]
        last[0], longest[0] = now, max(longest[0], step)
        return spent + 2 * max(spent / done, step) > limit - max(limit * RESERVE, longest[0])
    return out_of_time


def _play_options(position: Position, playouts: int, seed: int, bots: str, stop_early: bool, batch: int,
                  progress: Callable[[int, int], None] | None,
                  out_of_time: Callable[[int], bool] | None = None) -> Advice:
    """:func:`advise`'s work, its inputs checked. ``out_of_time(done)`` is asked after each
    test game but the last: True stops there.

    A card that ends the trick and wins it for the decider, whose turbo choice then comes at
    once, is played out with each turbo choice after it on the same test games, and counts
    as the better of the two: nothing hidden is shown in between, so the player can choose
    as well there (a careful player's turbo afterwards would judge the card by its own slip)."""
    seat = position.decider
    options = position.options()
    start = position.positions[seat]
    cards = position.phase == PLAY
    done = 0
    stopped = cut = False
    rng = random.Random(seed)
    players = [BOTS[bots]() for _ in range(position.players)]
    # Each option's plays: the option alone, or the option and each turbo choice after it.
    plays: list[tuple[Turbo | None, ...]] = []
    counts: list[list[list[int]]] = []  # by option, by play: wins, outcomes (bits), progress gained, tricks won
    while done < playouts:
        size = min(batch, playouts - done)
        for _playout in range(size):
            deal = position.to_game(rng)
            dice = rng.getrandbits(64)
            if not plays:
                plays = [(Turbo(True), Turbo(False)) if turbo_follows(deal, action) else (None,) for action in options]
                counts = [[[0, 0, 0, 0] for _then in then] for then in plays]
            for i, action in enumerate(options):
                for j, then in enumerate(plays[i]):
                    game, taker = play_test_game(deal, action, dice, players, then)
                    tally = counts[i][j]
                    if game.winner == seat:
                        tally[0] += 1
                        tally[1] |= 1 << (done + _playout)
                    tally[2] += game.positions[seat] - start
                    tally[3] += taker == seat
            if out_of_time is not None and done + _playout + 1 < playouts and out_of_time(done + _playout + 1):
                size, cut = _playout + 1, True
                break
        done += size
        if progress is not None:
            progress(done, playouts)
        if cut:
            break
        wins = [max(tally[0] for tally in option) for option in counts]
        if stop_early and len(options) > 1 and done < playouts and _clear_winner(wins, done):
            stopped = True
            break
    best = [max(option, key=lambda tally: tally[0]) for option in counts]
    results = tuple(
        OptionResult(action, done, best[i][0], best[i][2] / done, wilson_interval(best[i][0], done, Z99),
                     best[i][3] if cards else None, best[i][1])
        for i, action in enumerate(options)
    )
    return Advice(position, seat, results, stopped, playouts, seed, bots, cut)


def turbo_follows(deal: Game, action: Action) -> bool:
    """True when ``action`` is the trick's last card, wins it for the seat playing it, and
    that seat's turbo choice comes next (the same on every deal: the trick is all known)."""
    if deal.phase != PLAY or len(deal.trick_codes) != deal.players - 1:
        return False
    seat, game = deal.current_player, deal.clone()
    game.apply_trusted(action)
    return game.awaiting_turbo and game.current_player == seat


class AdvisorBot:
    """A computer player that takes the advisor's best option at every decision with
    more than one, seeing only what its seat sees (:meth:`Position.from_game`): how
    strong the coach's advice is, measured in ``benchmarks/bench_coach.py``.

    >>> import random
    >>> from rally import Game, HeuristicBot, play_out
    >>> game = play_out(Game.new(3, seed=4, record=False), [AdvisorBot(playouts=20), HeuristicBot(), HeuristicBot()],
    ...                 random.Random(4))
    >>> game.is_over
    True
    """

    def __init__(self, playouts: int = COACH_PLAYOUTS, bots: str = COACH_BOTS):
        self.playouts = inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, SetupError, COACH_PLAYOUTS)
        self.bots = inputs.one_of(bots, "bots", BOTS, SetupError)

    def choose(self, game: Game, actions: Sequence[Action], rng: random.Random) -> Action:
        if len(actions) == 1:
            return actions[0]
        return advise(game, playouts=self.playouts, bots=self.bots).best.action

    def __repr__(self) -> str:
        return f"AdvisorBot(playouts={self.playouts}, bots={self.bots!r})"


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


def play_test_game(deal: Game, action: Action, dice: int, players: Sequence[Bot],
                   then: Turbo | None = None) -> tuple[Game, int | None]:
    """One test game of ``action``: a copy of ``deal`` with ``action`` taken (and ``then``,
    the turbo choice that follows it, when one does) and ``players`` playing on to the
    game's end, drawing from a generator seeded with ``dice``. Returns the game and, for a
    card, who won the trick it went into (None for a turbo choice)."""
    game = deal.clone()
    rolls = random.Random(dice)
    taker = None
    if game.phase == PLAY:
        taker = play_trick(game, action, players, rolls)
    else:
        game.apply_trusted(action)
    if then is not None and game.awaiting_turbo:
        game.apply_trusted(then)
    if not game.is_over:
        play_out(game, players, rolls)
    return game, taker


def _clear_winner(wins: Sequence[int], done: int) -> bool:
    intervals = sorted((wilson_interval(w, done, Z99) for w in wins), key=lambda iv: -iv[0])
    best_low = intervals[0][0]
    return all(best_low > high for _, high in intervals[1:])


__all__ = ["Advice", "AdvisorBot", "OptionResult", "advise", "moment_seed", "option_word", "option_in_sentence", "Z99", "ALPHA", "BOT_WORDS",
           "COACH_PLAYOUTS", "COACH_BOTS", "HINT_SECONDS", "SURENESS"]
