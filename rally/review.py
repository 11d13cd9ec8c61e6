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
the cards they could not see anew. It is seeded: the same game, seat, playouts and
seed give the same review.

>>> from rally import examples
>>> game = examples.played(3, 5, 1000)          # a whole game of three careful bots
>>> r = review(game, seat=0, playouts=100, seed=1)
>>> len(r.decisions), r.decisions[0].label
(26, 'Round 1, trick 1: you led B2')
>>> worst = r.costly()[0]
>>> worst.label, f"{worst.chosen.win_rate:.0%} -> {worst.best.win_rate:.0%}", worst.clear
('Round 3, trick 6: you led R5', '41% -> 59%', False)
>>> print(worst.explanation)   # doctest: +NORMALIZE_WHITESPACE
You led R5. In the playouts, R5 never won you this trick; G9 did in 43% of them. Win chance: G9 59%, R5 41%.
Their intervals overlap, so R5 may be just as good.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import inputs
from .advisor import BOTS, BOT_WORDS, MAX_PLAYOUTS, Advice, OptionResult, advise
from .cards import Card
from .i18n import join_words
from .errors import SetupError
from .events import GameWon, Moved
from .game import Action, Game, Turbo, decision_of
from .position import Position
from .state import PLAY
from .tricks import seat_and_lowest

#: The most playouts per option a review may ask for (a whole game has ~30 decisions).
MAX_REVIEW_PLAYOUTS = MAX_PLAYOUTS // 10


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
    def clear(self) -> bool:
        """True when the best option's interval lies wholly above the chosen one's: the
        cost is more than the playouts' noise."""
        return self.best.clearly_above(self.chosen)

    @property
    def label(self) -> str:
        """``"Round 2, trick 3: you led G11"``."""
        return f"Round {self.round}, trick {self.trick}: you {_verb(self.position, self.chosen.action)}"


@dataclass(frozen=True)
class Review:
    """Every decision one seat made in a game, with the advisor's verdict on each."""

    seat: int
    names: tuple[str, ...]
    decisions: tuple[ReviewedDecision, ...]
    playouts: int
    seed: int
    bots: str
    winner: int | None  # None while the game is still running

    @property
    def ranked(self) -> tuple[ReviewedDecision, ...]:
        """The decisions by cost, the costliest first (earlier first among equals)."""
        return tuple(sorted(self.decisions, key=lambda d: (-d.cost, d.number)))

    def costly(self, k: int = 3) -> tuple[ReviewedDecision, ...]:
        """The ``k`` decisions that cost the most, leaving out those that cost nothing."""
        k = inputs.whole(k, "The number of decisions", 1, 1000, SetupError, 3)
        return tuple(d for d in self.ranked if d.cost > 0)[:k]

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

    def sentence(self) -> str:
        """The review in a few words."""
        name = self.names[self.seat]
        made = len(self.decisions)
        if not made:
            return f"{name} has not decided anything yet."
        result = ("" if self.winner is None else
                  f" {name} won the race." if self.winner == self.seat else f" {self.names[self.winner]} won the race.")
        text = (f"{name} made {made} decision{'s' if made != 1 else ''}; {self.best_picks} of them took the best "
                f"option the advisor found ({self.playouts} playouts per option, by {BOT_WORDS[self.bots]}).{result}")
        worst = self.costly(1)
        if worst:
            d = worst[0]
            text += (f" The costliest was in round {d.round}, trick {d.trick}, when you {_verb(d.position, d.chosen.action)}: "
                     "your win chance was "
                     f"{d.chosen.win_rate:.0%}, and {_option(d.best.action)} would have made it "
                     f"{d.best.win_rate:.0%}.")
        return text

    def table(self) -> str:
        """Every decision in a plain-text table, in the order made."""
        lines = [f"{'#':>3}  {'round':<5} {'trick':<5} {'chosen':<9} {'win':>5}   {'best':<9} {'win':>5}   cost"]
        for d in self.decisions:
            lines.append(f"{d.number:>3}  {d.round:<5} {d.trick:<5} {d.chosen.label:<9} {d.chosen.win_rate:>5.0%}   "
                         f"{d.best.label:<9} {d.best.win_rate:>5.0%}   {d.cost:>4.0%}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.sentence() + "\n" + self.table()


def review(
    game: Game,
    seat: int,
    playouts: int = 500,
    seed: int = 0,
    bots: str = "random",
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every decision ``seat`` made in ``game`` (finished or running, recording
    its events from the first deal): each option of each decision played out
    ``playouts`` times. ``progress(done, total)`` is called after each decision.

    Raises :class:`SetupError` for a game that does not record its events from the
    first deal, a seat it does not have, or bad numbers.
    """
    if not isinstance(game, Game):
        inputs.fail(SetupError, "review()'s game", "a Game", game, "Game.new(4, seed=3)")
    if not game.full_history:
        raise SetupError("A review replays the game from its first deal: give a game that records its events "
                         "from the start, Game.new(..., record=True), played on.")
    seat = inputs.seat(seat, game.players, SetupError, "The seat to review")
    playouts = inputs.whole(playouts, "playouts", 1, MAX_REVIEW_PLAYOUTS, SetupError, 500)
    seed = inputs.seed(seed, SetupError)
    inputs.one_of(bots, "bots", BOTS, SetupError)
    if progress is not None and not callable(progress):
        inputs.fail(SetupError, "progress", "None or a function called as progress(done, total)", progress, "print")
    moments = _moments(game, seat)
    decisions = []
    for number, (event, position, action) in enumerate(moments, start=1):
        # Each decision its own seed, so reviewing a running game later changes no earlier verdict.
        advice = advise(position, playouts, (seed * 1_000_003 + number) % (inputs.MAX_SEED + 1), bots,
                        stop_early=False)
        chosen = next(o for o in advice.options if o.action == action)
        decisions.append(ReviewedDecision(number, event, position, advice, chosen, _explain(position, advice, chosen)))
        if progress is not None:
            progress(number, len(moments))
    return Review(seat, game.names, tuple(decisions), playouts, seed, bots, game.winner)


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
def _verb(position: Position, action: Action) -> str:
    """``"led G11"``, ``"played B7"``, ``"used the turbo"``, ``"moved by the card alone"``."""
    if isinstance(action, Turbo):
        return "used the turbo" if action.use else "moved by the card alone"
    return f"{'led' if not position.trick else 'played'} {action}"


def _option(action: Action) -> str:
    """An option as the subject of a sentence: ``"B7"``, ``"using the turbo"``."""
    if isinstance(action, Turbo):
        return "using the turbo" if action.use else "moving by the card alone"
    return str(action)


def _explain(position: Position, advice: Advice, chosen: OptionResult) -> str:
    """What the decision did and what the best option would have done, in words."""
    best = advice.best
    names = position.player_names
    if len(advice.options) == 1:
        if len(position.hand) > 1 and position.trick:
            return (f"You played {chosen.action}: the only card you could play, since you had to follow "
                    f"{position.trick[0].color.word}. Win chance: {chosen.win_rate:.0%}.")
        return f"You {_verb(position, chosen.action)}: your last card. Win chance: {chosen.win_rate:.0%}."
    if isinstance(chosen.action, Turbo):
        return _explain_turbo(position, advice, chosen)
    seat = position.decider
    text = f"You {_verb(position, chosen.action)}"
    last = len(position.trick) == position.players - 1
    if last:  # the trick's winner is known at once
        mine = _finish_trick(position, chosen.action)[0]
        text += " and won the trick" if mine == seat else f" and lost the trick to {names[mine]}"
    if chosen.win_rate >= best.win_rate:
        others = [o.label for o in advice.ranked if o is not chosen and not chosen.clearly_above(o)]
        if not others:
            return text + f": the best choice here (win chance {chosen.win_rate:.0%})."
        return (text + f": the advisor's pick (win chance {chosen.win_rate:.0%}), though {join_words(others)} "
                f"{'was' if len(others) == 1 else 'were'} about as good.")
    text += "."
    if last:
        theirs, lowest = _finish_trick(position, best.action)
        won = theirs == seat
        same = won == (mine == seat)
        text += f" {best.label} would have {'won' if won else 'lost'} it{' too' if same else ''}"
        if won and not same:
            text += f", and your car would have moved by its lowest card, {lowest}"
        text += "."
    else:
        mine_rate, best_rate = chosen.trick_win_rate or 0.0, best.trick_win_rate or 0.0
        if abs(mine_rate - best_rate) >= 0.1:
            text += f" In the playouts, {chosen.label} {_won_you(mine_rate)}; {best.label} {_did(best_rate)}."
    text += f" Win chance: {best.label} {best.win_rate:.0%}, {chosen.label} {chosen.win_rate:.0%}."
    if not best.clearly_above(chosen):
        text += f" Their intervals overlap, so {chosen.label} may be just as good."
    return text


def _explain_turbo(position: Position, advice: Advice, chosen: OptionResult) -> str:
    best = advice.best
    lines = {o.action: _turbo_outcome(position, o.action) for o in advice.options}
    mine, theirs = lines[chosen.action], lines[best.action]
    if chosen.win_rate >= best.win_rate:
        return f"You {mine}: the best choice here (win chance {chosen.win_rate:.0%})."
    text = f"You {mine}. Had you {theirs}, your win chance would have been {best.win_rate:.0%} instead of " \
           f"{chosen.win_rate:.0%}."
    if not best.clearly_above(chosen):
        text += " Their intervals overlap, so your choice may be just as good."
    return text


def _turbo_outcome(position: Position, action: Action) -> str:
    """``"used the turbo: 4 + 7 = 11 spaces, to space 15"`` and the like."""
    game = position.to_game(0)  # the move depends only on the table, never on hidden cards
    seat = position.decider
    value = game.motor_values[seat]
    events = game.apply_recorded(action)
    move = next(e.move for e in events if isinstance(e, Moved))
    n = move.track_length
    won = next((e for e in events if isinstance(e, GameWon)), None)
    after = ""
    if won is not None and won.seat == seat and move.final >= 2 * n:
        where = "over the finish line, winning the race"
    else:
        lap = f" of lap {move.final // n + 1}" if move.final >= n else ""
        where = "onto the start/finish space" if move.final % n == 0 else f"to space {move.final % n}{lap}"
        if won is not None and won.seat != seat:
            after = f"; then {position.player_names[won.seat]} wins the race"
        elif won is not None and won.reason == "second lap":
            after = "; then your motor takes you over the finish line at the round's end, winning the race"
        elif won is not None:
            after = "; the race ends with your car in front, winning it"
    assert isinstance(action, Turbo)
    if action.use:
        return f"used the turbo: {move.steps - value} + {value} = {move.steps} spaces, {where}{after}"
    later = "to drive you at the round's end" if not position.hand else "for later"
    return f"moved by the card alone: {move.steps} spaces, {where}, keeping the motor's {value} {later}{after}"


def _won_you(rate: float) -> str:
    if rate in (0, 1):
        return f"{'never' if rate == 0 else 'always'} won you this trick"
    return f"won you this trick in {rate:.0%} of them"


def _did(rate: float) -> str:
    return "never did" if rate == 0 else "always did" if rate == 1 else f"did in {rate:.0%} of them"


def _finish_trick(position: Position, card: Action) -> tuple[int, int]:
    """The seat that wins the trick ``card`` completes, and the car's move (the lowest card)."""
    assert isinstance(card, Card)
    return seat_and_lowest([c.code for c in position.trick] + [card.code], position.flag, position.players)


__all__ = ["Review", "ReviewedDecision", "review", "MAX_REVIEW_PLAYOUTS"]
