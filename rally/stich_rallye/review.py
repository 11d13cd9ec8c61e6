"""A game review: every decision one player made, held against the advisor's best.

Chess players learn most from a review of their own game. :func:`review` walks through
a recorded game of Stich Rallye and, at each decision one seat made (a card, or a turbo
choice), asks the advisor (:func:`rally.advise`) for the win chance of every option it
had. The review gives, per decision, the option chosen and the best one with their win
chances and intervals, the *cost* (best minus chosen, in win chance) and a sentence
saying what happened and what the better option would have done; the decisions ranked
by cost; and the win chance after each decision, as a series to draw.

The review sees what the player saw, nothing more: each decision is a
:class:`~rally.Position` taken from the player's side of the table (their own hand,
the cards on the table and in earlier tricks of the round), and every playout deals
the cards they could not see anew. Each decision gets the coach's one analysis of its
moment (:func:`rally.advise` at its defaults), the analysis the hint gave: a player who
followed the hint took the best option, so that decision cost nothing. A choice that was
not the hint's pick is looked at closer: the same test games, played on to five times as
many. Only a cost clear of the test games' noise counts as costly (:func:`clearly_costly`);
with none, the review says so.

A whole game takes seconds, so :func:`review_steps` gives the review as it grows: a first
look at every decision in the order made (the hint's analysis: a choice that was the
hint's pick is settled there), a closer look at once where the first look already finds
the choice clearly worse, then the other closer looks, the costliest first. Its last
review is :func:`review`'s.

>>> from rally import examples
>>> game = examples.played(3, 5, 1000)          # a whole game of three careful bots
>>> r = review(game, seat=0)
>>> len(r.decisions), r.decisions[0].label
(26, 'Round 1, trick 1: you led B2')
>>> [d.label for d in r.costly()]        # only costs clear of the test games' noise
['Round 3, trick 5: you played R9', 'Round 3, trick 2: you played B4', 'Round 2, trick 1: you led G2']
>>> worst = r.costly()[0]
>>> f"{worst.chosen.win_rate:.0%} -> {worst.best.win_rate:.0%} in {worst.chosen.playouts} test games"
'39% -> 63% in 1000 test games'
>>> print(worst.explanation)   # doctest: +NORMALIZE_WHITESPACE
R9 wins the trick, and the trick's lowest card, 4, moves your car 4 spaces (more if you use the turbo). With R5 instead:
R5 loses the trick to Cy, and your motor winds from 4 to 7. Win chance: R5 63%, R9 39%.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from ..common import inputs
from .advisor import ALPHA, BOTS, COACH_BOTS, COACH_PLAYOUTS, MAX_PLAYOUTS, Advice, OptionResult, advise
from ..common.stats import sign_test
from .cards import Card
from ..common.i18n import _, join_words, language, ngettext, percent, pgettext
from ..common.errors import SetupError
from .game import Action, Game, Turbo, decision_of
from .position import Position
from .reasons import (both_lose_reasons, card_reason, kept_for_later, kept_motor_reasons, stakes_reasons,
                      turbo_gains_nothing, turbo_reason)
from .stakes import trick_stakes
from .state import PLAY
from .tricks import seat_and_lowest

#: The most playouts per option a review may ask for (a whole game has ~30 decisions).
MAX_REVIEW_PLAYOUTS = MAX_PLAYOUTS // 10
#: A decision whose choice was not the coach's pick is played on to this many times the
#: coach's test games per option (the same games first, then more on the same seed), so a
#: cost of a few points shows (``benchmarks/bench_coach.py recall``): 1,000 for the coach's 200.
CHECK_FACTOR = 5


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat: the moment, what was chosen, the advisor's
    answer, and what it cost."""

    number: int  # 1, 2, ...: the seat's decisions in the order made
    event: int  # the index in ``game.events`` of the event that records the choice
    position: Position  # the moment, as the seat saw it
    advice: Advice
    chosen: OptionResult
    explanation: str
    #: The cost is more than the test games' noise (:func:`clearly_costly`).
    clear: bool = False
    #: The choice was the pick of a hint the player was shown, which its time limit had
    #: stopped before it was sure (``hints`` of :func:`review`): never counted as costly.
    followed: bool = False

    @property
    def round(self) -> int:
        return self.position.round

    @property
    def trick(self) -> int:
        """The trick of the round this decision belongs to, counting from 1."""
        return self.position.tricks_done + 1

    @property
    def kind(self) -> str:
        """``"card"`` or ``"turbo"``."""
        return "card" if self.position.phase == PLAY else "turbo"

    @property
    def best(self) -> OptionResult:
        return self.advice.best

    @property
    def options(self) -> tuple[OptionResult, ...]:
        return self.advice.options

    @property
    def forced(self) -> bool:
        """True when there was only one option."""
        return len(self.options) == 1

    @property
    def cost(self) -> float:
        """The win chance given up: the best option's minus the chosen one's (0 when the
        choice was the best)."""
        return self.best.win_rate - self.chosen.win_rate

    @property
    def label(self) -> str:
        """``"Round 2, trick 3: you led G11"``, in the language spoken."""
        facts = {"round": self.round, "trick": self.trick, "card": self.chosen.action}
        action = self.chosen.action
        if isinstance(action, Turbo):
            if action.use:
                return _("Round {round}, trick {trick}: you used the turbo").format(**facts)
            return _("Round {round}, trick {trick}: you moved by the card alone").format(**facts)
        if not self.position.trick:
            return _("Round {round}, trick {trick}: you led {card}").format(**facts)
        return _("Round {round}, trick {trick}: you played {card}").format(**facts)


@dataclass(frozen=True)
class Review:
    """Every decision one seat made in a game, with the advisor's verdict on each."""

    seat: int
    names: tuple[str, ...]
    decisions: tuple[ReviewedDecision, ...]
    playouts: int
    seed: int | None  # None: each moment's own seed (rally.stich_rallye.advisor.moment_seed)
    bots: str
    winner: int | None  # None while the game is still running
    #: A review still growing (:func:`review_steps`): the decisions whose closer look is
    #: still to come (their numbers; their verdicts may change) ...
    pending: tuple[int, ...] = ()
    #: ... and how many decisions, after those in ``decisions``, are still to be looked at.
    unreviewed: int = 0

    @property
    def complete(self) -> bool:
        """True when every decision has its last verdict."""
        return not self.pending and not self.unreviewed

    @property
    def ranked(self) -> tuple[ReviewedDecision, ...]:
        """The decisions by cost, the costliest first (earlier first among equals)."""
        return tuple(sorted(self.decisions, key=lambda d: (-d.cost, d.number)))

    def costly(self, k: int = 3) -> tuple[ReviewedDecision, ...]:
        """The ``k`` decisions that cost the most, among those whose cost is clear of the
        test games' noise (:attr:`ReviewedDecision.clear`); none when no choice clearly
        cost anything."""
        k = inputs.whole(k, _("The number of decisions"), 1, 1000, SetupError, 3)
        return tuple(d for d in self.ranked if d.cost > 0 and d.clear)[:k]

    @property
    def series(self) -> tuple[float, ...]:
        """The seat's win chance after each decision (the chosen option's), in order."""
        return tuple(d.chosen.win_rate for d in self.decisions)

    @property
    def best_series(self) -> tuple[float, ...]:
        """The win chance the best option of each decision would have given."""
        return tuple(d.best.win_rate for d in self.decisions)

    @property
    def best_picks(self) -> int:
        """How many decisions took the best option (or the only one)."""
        return sum(d.cost == 0 for d in self.decisions)

    @property
    def choices(self) -> tuple[ReviewedDecision, ...]:
        """The decisions with more than one option (a card forced by the lead color, the
        last card of a hand, is no choice)."""
        return tuple(d for d in self.decisions if not d.forced)

    def sentence(self, lang: str | None = None) -> str:
        """The review in a few words (in ``lang``, default the language spoken)."""
        with language(lang):
            name = self.names[self.seat]
            made = len(self.decisions)
            if not self.complete:
                return self._so_far()
            if not made:
                return _("{name} has not decided anything yet.").format(name=name)
            # How the advisor found its picks (test games, careful players) is the guide's, for grown-ups.
            # Forced cards are left out: they would count as well chosen.
            choices = self.choices
            sentences = [ngettext(
                "{name} had a real choice {n} time; {best} of those matched the advisor's best choice.",
                "{name} had a real choice {n} times; {best} of those matched the advisor's best choice.",
                len(choices)).format(name=name, n=len(choices), best=sum(d.cost == 0 for d in choices))]
            if self.winner is not None:
                sentences.append(_("{name} won the race.").format(name=self.names[self.winner]))
            worst = self.costly(1)
            if worst:
                sentences.append(_costliest(worst[0]))
            else:
                sentences.append(_("No decision clearly cost you a chance to win: well played!"))
            return " ".join(sentences)

    def _so_far(self) -> str:
        """:meth:`sentence` of a review still growing: how far it is, and the costliest
        decision found so far."""
        total = len(self.decisions) + self.unreviewed
        sentences = [ngettext("{name} made {n} decision; the advisor has looked at {done} so far.",
                              "{name} made {n} decisions; the advisor has looked at {done} so far.", total).format(
            name=self.names[self.seat], n=total, done=len(self.decisions))]
        if self.pending:
            sentences.append(ngettext("It is taking a closer look at {n} choice that was not its pick.",
                                      "It is taking a closer look at {n} choices that were not its pick.",
                                      len(self.pending)).format(n=len(self.pending)))
        worst = self.costly(1)
        if worst:
            sentences.append(_costliest(worst[0]))
        return " ".join(sentences)

    def table(self, lang: str | None = None) -> str:
        """Every decision in a plain-text table, in the order made (in ``lang``, default
        the language spoken). A column grows when its heading does."""
        with language(lang):
            head = (pgettext("review table", "round"), pgettext("review table", "trick"),
                    pgettext("review table", "chosen"), pgettext("review table", "win"),
                    pgettext("review table", "best"), pgettext("review table", "cost"))
            words = [o.word for d in self.decisions for o in (d.chosen, d.best)]
            rnd, trick = max(5, len(head[0])), max(5, len(head[1]))
            chosen, best = (max(9, len(h), *(len(w) + 1 for w in words)) for h in (head[2], head[4]))
            win, cost = max(5, len(head[3])), max(4, len(head[5]))
            lines = [f"{'#':>3}  {head[0]:<{rnd}} {head[1]:<{trick}} {head[2]:<{chosen}} {head[3]:>{win}}   "
                     f"{head[4]:<{best}} {head[3]:>{win}}   {head[5]:>{cost}}"]
            for d in self.decisions:
                lines.append(f"{d.number:>3}  {d.round:<{rnd}} {d.trick:<{trick}} {d.chosen.word:<{chosen}} "
                             f"{percent(d.chosen.win_rate):>{win}}   {d.best.word:<{best}} {percent(d.best.win_rate):>{win}}   "
                             f"{percent(d.cost):>{cost}}")
            return "\n".join(lines)

    def __str__(self) -> str:
        return self.sentence() + "\n" + self.table()


def review(
    game: Game,
    seat: int,
    playouts: int = COACH_PLAYOUTS,
    seed: int | None = None,
    bots: str = COACH_BOTS,
    progress: Callable[[int, int], None] | None = None,
    lang: str | None = None,
    check: int | None = None,
    hints: Iterable[Advice] = (),
) -> Review:
    """Review every decision ``seat`` made in ``game`` (finished or running, recording
    its events from the first deal): each option of each decision played out up to
    ``playouts`` times (:func:`rally.advise`, stopping early once one option is clearly
    best). With the settings left as they are, each decision gets the one analysis of
    its moment that the hint gave too (``seed=None``: each moment's own seed); a
    ``seed`` gives every decision a seed of its own from it. A decision whose choice was
    not the best is played on to ``check`` test games per option (default
    :data:`CHECK_FACTOR` times ``playouts``; the same games first, then more), so that a
    cost of a few points is told from the noise.
    ``progress(done, total)`` is called as each decision gets its last verdict. The
    explanations are in ``lang`` (default the language spoken: :mod:`rally.common.i18n`).
    ``hints`` are the answers the player was shown as hints (:func:`rally.advise` with a
    time limit, which may have stopped it before it was sure): a choice that followed one
    is never counted as costly, and its words say so.

    Raises :class:`SetupError` for a game that does not record its events from the
    first deal, a seat it does not have, or bad numbers.
    """
    steps = review_steps(game, seat, playouts, seed, bots, lang, check, hints)
    if progress is not None and not callable(progress):
        with language(lang):
            inputs.fail(SetupError, "progress", _("None or a function called as progress(done, total)"), progress,
                        "print")
    settled = 0
    for step in steps:
        done = len(step.decisions) - len(step.pending)
        if progress is not None and done > settled:
            progress(done, len(step.decisions) + step.unreviewed)
        settled = done
    return step


def review_steps(
    game: Game,
    seat: int,
    playouts: int = COACH_PLAYOUTS,
    seed: int | None = None,
    bots: str = COACH_BOTS,
    lang: str | None = None,
    check: int | None = None,
    hints: Iterable[Advice] = (),
) -> Iterator[Review]:
    """:func:`review` as it grows, for a page that shows the first findings while the rest
    is worked out: the arguments are :func:`review`'s (checked at once), and each review
    it yields has one more decision looked at, or one more closer look (the decisions
    still to come in :attr:`Review.pending` and :attr:`Review.unreviewed`). First every
    decision in the order made, a closer look at once where the first look already finds
    the choice clearly worse; then the other closer looks, the costliest first. The last
    is complete and equals :func:`review`'s.

    >>> from rally import examples
    >>> steps = list(review_steps(examples.played(3, 5, 1000), seat=0))
    >>> len(steps[0].decisions), steps[0].complete, steps[-1].complete
    (1, False, True)
    >>> steps[-1] == review(examples.played(3, 5, 1000), seat=0)
    True
    """
    with language(lang):
        checked = _checked(game, seat, playouts, seed, bots, check, hints)
    return _steps(game, *checked, lang)


def _checked(game: Game, seat: int, playouts: int, seed: int | None, bots: str, check: int | None,
             hints: Iterable[Advice]) -> tuple[int, int, int | None, str, int, dict[str, Advice]]:
    """:func:`review_steps`'s arguments checked: the seat, playouts, seed, bots, check and
    the hints by their moment's code."""
    if not isinstance(game, Game):
        inputs.fail(SetupError, _("review()'s game"), _("a Game"), game, "Game.new(4, seed=3)")
    if not game.full_history:
        raise SetupError(_("A review replays the game from its first deal: give a game that records its events "
                           "from the start, Game.new(..., record=True), played on."))
    seat = inputs.seat(seat, game.players, SetupError, _("The seat to review"))
    playouts = inputs.whole(playouts, "playouts", 1, MAX_REVIEW_PLAYOUTS, SetupError, COACH_PLAYOUTS)
    if check is None:
        check = min(MAX_REVIEW_PLAYOUTS, CHECK_FACTOR * playouts)
    check = inputs.whole(check, "check", 1, MAX_REVIEW_PLAYOUTS, SetupError, CHECK_FACTOR * COACH_PLAYOUTS)
    if seed is not None:
        seed = inputs.seed(seed, SetupError)
    inputs.one_of(bots, "bots", BOTS, SetupError)
    if isinstance(hints, (str, bytes)) or not isinstance(hints, Iterable):
        inputs.fail(SetupError, _("The hints"), _("the advisor's answers shown as hints (Advice)"), hints, "[]")
    shown = {}
    for hint in hints:
        inputs.instance(hint, Advice, _("A hint"), SetupError, "rally.advise(game, time_limit=1)")
        shown[hint.position.code()] = hint
    return seat, playouts, seed, bots, check, shown


def _steps(game: Game, seat: int, playouts: int, seed: int | None, bots: str, check: int,
           shown: dict[str, Advice], lang: str | None) -> Iterator[Review]:
    """:func:`review_steps`'s work, its inputs checked. Each step's words are made in
    ``lang`` within the step (the steps may run in another thread, one after another)."""
    with language(lang):
        moments = _moments(game, seat)
    decisions: list[ReviewedDecision] = []
    firsts: list[Advice] = []
    pending: list[int] = []

    def grown() -> Review:
        return Review(seat, game.names, tuple(decisions), playouts, seed, bots, game.winner, tuple(sorted(pending)),
                      len(moments) - len(decisions))

    for number, (event, position, action) in enumerate(moments, start=1):
        with language(lang):
            # Each decision its own seed, so reviewing a running game later changes no earlier verdict.
            own = None if seed is None else (seed * 1_000_003 + number) % (inputs.MAX_SEED + 1)
            first = advise(position, playouts, own, bots)
            firsts.append(first)
            decision = _decided(number, event, position, first, first, action, shown)
            if _looks_closer(first, action, check):
                if decision.clear:  # the first look already finds it worse: the likeliest finding, settled now
                    decision = _decided(number, event, position, first, _closer(first, check), action, shown)
                else:
                    pending.append(number)
        decisions.append(decision)
        yield grown()
    for number in sorted(pending, key=lambda n: (-decisions[n - 1].cost, n)):
        with language(lang):
            old = decisions[number - 1]
            first = firsts[number - 1]
            decisions[number - 1] = _decided(number, old.event, old.position, first, _closer(first, check),
                                             old.chosen.action, shown)
        pending.remove(number)
        yield grown()
    if not moments:
        yield grown()


def _looks_closer(first: Advice, action: Action, check: int) -> bool:
    """Whether a decision gets a closer look: ``action`` was not the pick of its first look
    (the hint's analysis), and ``check`` test games are more than it played."""
    return first.best.action != action and check > first.playouts_asked


def _closer(first: Advice, check: int, progress: Callable[[int, int], None] | None = None) -> Advice:
    """The closer look at a moment: ``first``'s test games played on to ``check`` per option."""
    return advise(first.position, check, first.seed, first.bots, stop_early=False, progress=progress)


def look_ahead(position: Position, action: Action, progress: Callable[[int, int], None] | None = None) -> None:
    """Do now, for one decision just made (``action`` at ``position``, as the decider saw
    it), the work the coach's review will do for it (:func:`review` with its defaults):
    its first look and, for a choice that was not the hint's pick, its closer look. The
    answers are remembered (:func:`rally.advise`), so the review after the game finds them
    done. The game view does this in a thread while the game goes on. ``progress(done,
    total)`` is called after every batch of test games (a caller may wait in it).

    >>> from rally import Game, Position, review
    >>> game = Game.new(3, seed=4)
    >>> moment, card = Position.from_game(game), game.legal_actions()[0]
    >>> look_ahead(moment, card)
    >>> game.apply(card)
    >>> review(game, 0).decisions[0].chosen.action == card
    True
    """
    inputs.instance(position, Position, _("The moment"), SetupError, "Position.from_game(game)")
    if action not in position.options():
        inputs.fail(SetupError, _("The choice"), _("one of the choices here: {choices}").format(
            choices=", ".join(str(o) for o in position.options())), action, position.options()[0])
    first = advise(position, COACH_PLAYOUTS, None, COACH_BOTS, progress=progress)
    check = min(MAX_REVIEW_PLAYOUTS, CHECK_FACTOR * COACH_PLAYOUTS)
    if _looks_closer(first, action, check):
        _closer(first, check, progress)


def _decided(number: int, event: int, position: Position, first: Advice, advice: Advice, action: Action,
             shown: dict[str, Advice]) -> ReviewedDecision:
    """The verdict on one decision: ``first`` is the hint's analysis of the moment,
    ``advice`` the same or its closer look; ``shown`` the hints the player was shown."""
    chosen = next(o for o in advice.options if o.action == action)
    hint = shown.get(position.code())
    followed = (hint is not None and hint.best.action == action and first.best.action != action
                and (hint.seed, hint.bots, hint.playouts_asked) == (first.seed, first.bots, first.playouts_asked))
    clear = not followed and clearly_costly(first, advice, chosen)
    return ReviewedDecision(number, event, position, advice, chosen, _explain(position, advice, chosen, clear, followed),
                            clear, followed)


def clearly_costly(first: Advice, advice: Advice, chosen: OptionResult) -> bool:
    """Whether ``chosen`` (an option of ``advice``) clearly cost the decider. ``first`` is the
    hint's analysis of the moment; ``advice`` the same, or its test games played on to
    more. Played on, the hint's pick is held against the choice on the new test games only:
    the pick was made on the first ones, which would favour it (the best of several looks
    better than it is), while the new ones test it fairly, game by game
    (:func:`rally.common.stats.sign_test` at :data:`rally.stich_rallye.advisor.ALPHA`). Not played on: the
    best against the choice on all the test games (:meth:`Advice.clearly_worse`).
    """
    if advice is first or advice.best is chosen:
        return advice.clearly_worse(chosen)
    pick = next(o for o in advice.options if o.action == first.best.action)
    if pick is chosen or pick.outcomes is None or chosen.outcomes is None:
        return False
    seen = first.options[0].playouts  # the hint's test games: the first ones of these
    return sign_test(pick.won_alone(chosen, seen), chosen.won_alone(pick, seen)) < ALPHA / 2


def _moments(game: Game, seat: int) -> list[tuple[int, Position, Action]]:
    """Each decision ``seat`` made: the event recording it, the moment as the seat saw
    it, and the action chosen. The game is played again from its deal; only the seat's
    own view of each moment is kept (:meth:`Position.from_game`)."""
    again = Game.new(game.players, track=game.track, seed=game.seed, first_player=game.first_player,
                     dial=game.dial, names=game.names, record=False)
    moments = []
    for index, event in enumerate(game.events):
        made = decision_of(event)
        if made is None:
            continue
        who, action = made
        if who == seat:
            moments.append((index, Position.from_game(again), action))
        again.apply_trusted(action)
    return moments


# ------------------------------------------------------------------ the words
def _percent(rate: float) -> str:
    """``0.41`` as ``"41%"`` (German ``"41 %"``)."""
    return percent(rate)


def _costliest(d: ReviewedDecision) -> str:
    """The sentence of :meth:`Review.sentence` on the costliest decision ``d``."""
    facts = {"round": d.round, "trick": d.trick, "card": d.chosen.action, "rate": _percent(d.chosen.win_rate),
             "best": d.best.word, "best_rate": _percent(d.best.win_rate)}
    action = d.chosen.action
    if isinstance(action, Turbo):  # the better option was the other turbo choice
        if action.use:
            return _("Your choice that cost the most came in round {round}, trick {trick}: you used the turbo. "
                     "Your chance to win was {rate}; moving by the card alone would have made it {best_rate}."
                     ).format(**facts)
        return _("Your choice that cost the most came in round {round}, trick {trick}: you moved by the card alone. "
                 "Your chance to win was {rate}; using the turbo would have made it {best_rate}.").format(**facts)
    if not d.position.trick:
        return _("Your choice that cost the most came in round {round}, trick {trick}: you led {card}. Your chance "
                 "to win was {rate}; {best} would have made it {best_rate}.").format(**facts)
    return _("Your choice that cost the most came in round {round}, trick {trick}: you played {card}. Your chance "
             "to win was {rate}; {best} would have made it {best_rate}.").format(**facts)


def _explain(position: Position, advice: Advice, chosen: OptionResult, clear: bool, followed: bool = False) -> str:
    """What the decision did and what the best option would have done, in words (``clear``:
    the cost is more than the test games' noise; ``followed``: the choice was the pick of a
    hint stopped before it was sure)."""
    best = advice.best
    names = position.player_names
    facts: dict[str, object] = {"card": chosen.action, "rate": _percent(chosen.win_rate), "chosen": chosen.word,
                                "best": best.word, "best_rate": _percent(best.win_rate)}
    if len(advice.options) == 1:
        if len(position.hand) > 1 and position.trick:
            return _("You played {card}: the only card you could play, since you had to follow {color}. "
                     "Win chance: {rate}.").format(color=position.trick[0].color.word, **facts)
        if position.trick:
            return _("You played {card}: your last card. Win chance: {rate}.").format(**facts)
        return _("You led {card}: your last card. Win chance: {rate}.").format(**facts)
    if isinstance(chosen.action, Turbo):
        return _explain_turbo(position, advice, chosen, clear, followed)
    seat = position.decider
    last = len(position.trick) == position.players - 1
    outcome = "led" if not position.trick else "played"
    if last:  # the trick's winner is known at once
        mine = _finish_trick(position, chosen.action)[0]
        outcome = "won" if mine == seat else "lost"
        facts["name"] = names[mine]
    if chosen.win_rate >= best.win_rate:
        others = [o.word for o in advice.ranked if o is not chosen and not advice.clearly_worse(o)]
        if not others:
            return _first_best(outcome).format(**facts)
        return _first_pick(outcome, len(others)).format(others=join_words(others), **facts)
    sentences = [_first_plain(outcome).format(**facts)]
    both_lose = (both_lose_reasons(position, chosen.action, best.action)
                 if last and isinstance(chosen.action, Card) and isinstance(best.action, Card) else None)
    if both_lose:
        sentences = both_lose
    elif last:
        mine_reason, best_reason = card_reason(position, chosen.action), card_reason(position, best.action)
        if mine_reason and best_reason:
            # The rules settle both at once: say what each did (the trick, the lowest card, the move).
            sentences = [mine_reason, _("With {best} instead: {reason}").format(best=best.word, reason=best_reason)]
    else:
        sentences += _open_trick(position, chosen, best, facts)
    sentences.append(_("Win chance: {best} {best_rate}, {chosen} {rate}.").format(**facts))
    if followed:
        sentences.append(_followed())
    elif not clear:
        sentences.append(_("The test games cannot tell the two apart, so {chosen} may be just as good.").format(
            **facts))
    return " ".join(sentences)


def _open_trick(position: Position, chosen: OptionResult, best: OptionResult, facts: dict[str, object]) -> list[str]:
    """The sentences on a card played into a trick whose winner is not known yet, when it
    and the ``best`` card won the trick in the test games at rates 10 points apart or
    more: those rates, then what winning the trick with the one that won it more often,
    and what losing it, change (:func:`stakes_reasons`)."""
    mine_rate, best_rate = chosen.trick_win_rate or 0.0, best.trick_win_rate or 0.0
    if abs(mine_rate - best_rate) < 0.1:
        return _close_trick(position, chosen, best)
    rates = _trick_rates(mine_rate, best_rate).format(chosen_trick=_times_in_100(mine_rate),
                                                      best_trick=_times_in_100(best_rate), **facts)
    winner = chosen if mine_rate > best_rate else best
    assert isinstance(winner.action, Card)
    return [rates, *stakes_reasons(trick_stakes(position, winner.action), only=winner is chosen)]


def _close_trick(position: Position, chosen: OptionResult, best: OptionResult) -> list[str]:
    """:func:`_open_trick`'s sentences when the two cards won the trick about as often in the
    test games: that; the trick's lowest card the lower of the two would set, when it is
    lower than every card in the trick so far (the winner's move by the card alone); and
    the card each keeps for later. Only what the table settles is said."""
    mine, other = chosen.action, best.action
    assert isinstance(mine, Card) and isinstance(other, Card)
    sentences = [_("{chosen} and {best} won you this trick about as often in the test games.").format(
        chosen=chosen.word, best=best.word)]
    low = min(mine, other, key=lambda card: card.value)
    if mine.value != other.value and all(low.value < card.value for card in position.trick):
        sentences.append(ngettext(
            "With {card}, the trick's lowest card is {value} or lower: its winner moves at most {value} space "
            "by the card alone.",
            "With {card}, the trick's lowest card is {value} or lower: its winner moves at most {value} spaces "
            "by the card alone.", low.value).format(card=low, value=low.value))
    sentences.append(kept_for_later(mine, other))
    return sentences


def _followed() -> str:
    """The sentence on a choice that followed a hint stopped before it was sure."""
    return _("You followed the hint, and that was right to do: the hint had to stop before it was sure, and "
             "more test games found the other choice better.")


def _first_best(outcome: str) -> str:
    """The template of the first sentence on a card that was the best choice, by what it
    did: ``"led"``, ``"played"``, ``"won"`` or ``"lost"`` (the trick it completed)."""
    if outcome == "led":
        return _("You led {card}: the best choice here (win chance {rate}).")
    if outcome == "won":
        return _("You played {card} and won the trick: the best choice here (win chance {rate}).")
    if outcome == "lost":
        return _("You played {card} and lost the trick to {name}: the best choice here (win chance {rate}).")
    return _("You played {card}: the best choice here (win chance {rate}).")


def _first_pick(outcome: str, others: int) -> str:
    """As :func:`_first_best`, for the advisor's pick with ``others`` options about as good."""
    if outcome == "led":
        return ngettext("You led {card}: the advisor's pick (win chance {rate}), though {others} was about as good.",
                        "You led {card}: the advisor's pick (win chance {rate}), though {others} were about as "
                        "good.", others)
    if outcome == "won":
        return ngettext("You played {card} and won the trick: the advisor's pick (win chance {rate}), though "
                        "{others} was about as good.",
                        "You played {card} and won the trick: the advisor's pick (win chance {rate}), though "
                        "{others} were about as good.", others)
    if outcome == "lost":
        return ngettext("You played {card} and lost the trick to {name}: the advisor's pick (win chance {rate}), "
                        "though {others} was about as good.",
                        "You played {card} and lost the trick to {name}: the advisor's pick (win chance {rate}), "
                        "though {others} were about as good.", others)
    return ngettext("You played {card}: the advisor's pick (win chance {rate}), though {others} was about as good.",
                    "You played {card}: the advisor's pick (win chance {rate}), though {others} were about as "
                    "good.", others)


def _first_plain(outcome: str) -> str:
    """As :func:`_first_best`, for a card that was not the best choice."""
    if outcome == "led":
        return _("You led {card}.")
    if outcome == "won":
        return _("You played {card} and won the trick.")
    if outcome == "lost":
        return _("You played {card} and lost the trick to {name}.")
    return _("You played {card}.")


def _trick_rates(mine: float, best: float) -> str:
    """The template saying how often the chosen card (``mine``) and the best one won the
    decider the trick they went into, in the playouts (the two differ by 10% or more), as
    times in 100: a percentage is kept for the chance of winning the race."""
    if mine == 0:
        if best == 1:
            return _("In the test games, {chosen} never won you this trick; {best} always did.")
        return _("In the test games, {chosen} never won you this trick; {best} won it {best_trick} times in 100.")
    if mine == 1:
        if best == 0:
            return _("In the test games, {chosen} always won you this trick; {best} never did.")
        return _("In the test games, {chosen} always won you this trick; {best} won it {best_trick} times in 100.")
    if best == 0:
        return _("In the test games, {chosen} won you this trick {chosen_trick} times in 100; {best} never did.")
    if best == 1:
        return _("In the test games, {chosen} won you this trick {chosen_trick} times in 100; {best} always did.")
    return _("In the test games, {chosen} won you this trick {chosen_trick} times in 100, {best} {best_trick} "
             "times.")


def _times_in_100(rate: float) -> int:
    """A rate strictly between never and always as times in 100 (1 to 99)."""
    return max(1, min(99, round(rate * 100)))


def _explain_turbo(position: Position, advice: Advice, chosen: OptionResult, clear: bool, followed: bool) -> str:
    best = advice.best
    details: dict[Action, str] = {o.action: turbo_reason(position, o.action.use) for o in advice.options
                                  if isinstance(o.action, Turbo)}
    assert isinstance(chosen.action, Turbo)
    facts = {"details": details[chosen.action], "other": details[best.action], "rate": _percent(chosen.win_rate),
             "best_rate": _percent(best.win_rate)}
    if chosen.win_rate >= best.win_rate:
        if chosen.action.use:
            text = _("You used the turbo: {details}: the best choice here (win chance {rate}).").format(**facts)
        else:
            text = _("You moved by the card alone: {details}: the best choice here (win chance {rate}).").format(
                **facts)
    elif chosen.action.use:
        text = _("You used the turbo: {details}. Had you moved by the card alone: {other}, your win chance would "
                 "have been {best_rate} instead of {rate}.").format(**facts)
    else:
        text = _("You moved by the card alone: {details}. Had you used the turbo: {other}, your win chance would "
                 "have been {best_rate} instead of {rate}.").format(**facts)
    if turbo_gains_nothing(position):
        text += " " + _("Both choices end on the same space, so the turbo gains nothing here: keeping the motor "
                        "saves it for later.")
    if chosen.action.use and chosen is not best and clear:  # the turbo cost: say what the kept motor would do
        text = " ".join([text, *kept_motor_reasons(position)])
    if chosen is not best and followed:
        text += " " + _followed()
    elif chosen is not best and not clear:
        text += " " + _("The test games cannot tell the two apart, so your choice may be just as good.")
    return text


def _finish_trick(position: Position, card: Action) -> tuple[int, int]:
    """The seat that wins the trick ``card`` completes, and the car's move (the lowest card)."""
    assert isinstance(card, Card)
    return seat_and_lowest([c.code for c in position.trick] + [card.code], position.flag, position.players)


__all__ = ["Review", "ReviewedDecision", "review", "review_steps", "look_ahead", "clearly_costly", "CHECK_FACTOR",
           "MAX_REVIEW_PLAYOUTS"]
