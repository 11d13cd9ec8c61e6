"""Computer players behind one small protocol, and :func:`play_out`.

A bot is anything with ``choose(game, actions, rng) -> action``: it is shown the game,
the legal actions and the random generator to draw from.

>>> import random
>>> from rally import Game, RandomBot, HeuristicBot, play_out
>>> game = Game.new(4, seed=7)
>>> play_out(game, [RandomBot(), HeuristicBot(), RandomBot(), HeuristicBot()], random.Random(1))
<Game 4 players, volcano track, seed 7, round 3, winner='Di', positions [39, 59, 42, 63]>
>>> game.is_over, game.winner
(True, 3)
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Protocol, Sequence

from ..common import inputs
from .cards import CARDS, Card
from .motor import DEFAULT_DIAL
from ..common.errors import SetupError
from .game import Action, Game, Turbo
from ..common.i18n import _, ngettext
from .movement import occupants_of, travel
from .tricks import winner_and_lowest
from ..common.turns import choice, no_choice, play_bots


class Bot(Protocol):
    """What :func:`play_out` asks: pick one of ``actions`` (never empty)."""

    def choose(self, game: Game, actions: Sequence[Action], rng: random.Random) -> Action: ...


#: A careful player with its motor wound to this value or more plays to win whenever
#: it may (:meth:`HeuristicBot.card_code`).
EAGER_MOTOR = 7


def _late_enough(size: int, players: int) -> bool:
    """Whether a careful player plays to win onto a trick of ``size`` cards: it is the
    last to play, or half the table has played."""
    return size == players - 1 or size >= players // 2


class TableFacts(Protocol):
    """What :meth:`HeuristicBot.card_code` reads of the table besides the trick and the
    legal cards: how many play, and each motor's value (a :class:`Game` has both)."""

    @property
    def players(self) -> int: ...
    @property
    def motor_values(self) -> tuple[int, ...]: ...


class RandomBot:
    """Chooses uniformly among the legal actions, drawing from the rng it is given."""

    def choose(self, game: Game, actions: Sequence[Action], rng: random.Random) -> Action:
        actions = choice(actions, rng)
        return actions[int(rng.random() * len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"


class HeuristicBot:
    """A sensible player, the way a careful beginner plays.

    Cards: when the trick so far is one it could win and the winning move is worth
    it (the trick's lowest card is at least ``min_gain``), it wins with its lowest
    winning card; otherwise it plays its lowest card that does not win, winding its
    motor.

    Turbo, by ``turbo``: ``"smart"`` (default) fires when the motor is at its dial's
    peak, would be over-wound by one more loss, is worth 7 or more, or it is the round's
    last trick, provided the turbo move ends further ahead than the plain one;
    ``"always"`` fires whenever it may; ``"never"`` keeps the motor for the round's end.
    """

    TURBO_POLICIES = ("smart", "always", "never")

    def __init__(self, min_gain: int = 3, turbo: str = "smart"):
        self.min_gain = inputs.whole(min_gain, "min_gain", 1, 15, SetupError, 3)
        self.turbo = inputs.one_of(turbo, "turbo", self.TURBO_POLICIES, SetupError)

    def __repr__(self) -> str:
        extra = f", turbo={self.turbo!r}" if self.turbo != "smart" else ""
        return f"HeuristicBot(min_gain={self.min_gain}{extra})"

    def choose(self, game: Game, actions: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(game, Game):
            inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=3)")
        cards = [a.code for a in choice(actions, rng) if isinstance(a, Card)]
        if not cards and not game.awaiting_turbo:
            no_choice(actions)
        if not cards:
            seat, lowest = game.trick_result()
            return Turbo(self.wants_turbo(game, seat, lowest))
        player = game.current_player
        assert player is not None  # a card is due, so somebody plays it
        return CARDS[self.card_code(game, player, game.trick_codes, cards)]

    def card_code(self, game: TableFacts, seat: int, trick: Sequence[int], legal: Sequence[int]) -> int:
        """The card ``seat`` plays, as an engine code, from the ``legal`` codes (in hand
        order) onto ``trick`` (codes, in play order): the policy :meth:`choose` follows,
        on the engine's integers, so playouts (:meth:`Game.play_policy`) run fast."""
        size = len(trick)
        probe = list(trick)
        probe.append(0)
        win = lose = -1  # the cheapest winning and losing cards so far
        low_after = 99  # the lowest card of the trick once won
        for code in legal:
            probe[-1] = code
            index, lowest = winner_and_lowest(probe)
            if index == size:
                low_after = min(low_after, lowest)
                if win < 0 or code & 15 < win & 15:  # the first of the lowest value, in hand order
                    win = code
            elif lose < 0 or (code & 15, code >> 4) < (lose & 15, lose >> 4):
                lose = code
        if win >= 0 and _late_enough(size, game.players) and self._worth(low_after, game.motor_values[seat]):
            return win
        return lose if lose >= 0 else win

    def hands_for(self, game: TableFacts, seat: int, trick: Sequence[int], card: int,
                  cards: Iterable[int]) -> tuple[int, int, int]:
        """Which legal cards make :meth:`card_code` play ``card`` onto ``trick``: three
        sets of ``cards`` (the codes that may be among the legal ones), as bit masks
        ``(none, unless, rescue)`` (bit ``code`` for a card). From the legal cards
        ``held`` (a mask with ``card`` in it), :meth:`card_code` plays ``card`` exactly
        when ``held`` has none of ``none``, and none of ``unless`` or one of ``rescue``.

        >>> r2, r7, r9, r12 = [Card.parse(text).code for text in ("R2", "R7", "R9", "R12")]
        >>> none, unless, rescue = HeuristicBot().hands_for(Game.new(4), 1, [r7], r9, [r2, r9, r12])
        >>> none, unless == 1 << r2, rescue   # Bo wins over R7 with R9 only when he holds no losing red
        (0, True, 0)
        """
        size = len(trick)
        trick_low = min((c & 15 for c in trick), default=99)
        motor = game.motor_values[seat]
        late = _late_enough(size, game.players)
        rank = (card & 15, card >> 4)
        card_wins = winner_and_lowest([*trick, card])[0] == size
        winners = losers = lower = low_winners = 0
        for code in cards:
            bit = 1 << code
            if winner_and_lowest([*trick, code])[0] == size:
                winners |= bit
                if code & 15 < self.min_gain:
                    low_winners |= bit
                alike = card_wins
            else:
                losers |= bit
                alike = not card_wins
            if alike and (code & 15, code >> 4) < rank:  # cheaper, and wins (or loses) as card does
                lower |= bit
        if card_wins:  # it is the cheapest winner, played to win or the only kind of card
            fire = late and self._worth(min(trick_low, card & 15), motor)
            return lower, 0 if fire else losers, 0
        # card loses: it is the cheapest loser, and no winner is worth playing
        if not late or (motor < EAGER_MOTOR and trick_low < self.min_gain):
            return lower, 0, 0
        return lower, winners, 0 if motor >= EAGER_MOTOR else low_winners

    def _worth(self, low_after: int, motor: int) -> bool:
        """Whether winning the trick is worth its cheapest winning card: the trick's
        lowest card once won (the car's move) is at least ``min_gain``, or the motor is
        wound to :data:`EAGER_MOTOR` or more."""
        return low_after >= self.min_gain or motor >= EAGER_MOTOR

    @staticmethod
    def motor_ripe(dial: Sequence[int], position: int) -> bool:
        """Whether a motor at ``position`` of ``dial`` is worth firing for the ``"smart"``
        turbo: at the dial's peak, one wind from dropping, or worth 7 or more.

        >>> [HeuristicBot.motor_ripe(DEFAULT_DIAL, p) for p in range(len(DEFAULT_DIAL))]
        [False, False, False, False, True, True, True, True, True]
        """
        value = dial[position]
        return value == max(dial) or dial[(position + 1) % len(dial)] < value or value >= 7

    def wants_turbo(self, game: Game, seat: int, lowest: int) -> bool:
        """Whether ``seat``, the winner of the trick on the table whose lowest card is
        ``lowest``, uses the turbo (see the class's policy)."""
        if self.turbo != "smart":
            return self.turbo == "always"
        position = game.motors[seat]
        value = game.dial[position]
        if not (self.motor_ripe(game.dial, position) or not game.hand_codes(seat)):  # nor the round's last trick
            return False
        n = len(game.track)
        occupants = occupants_of(game.positions, seat, n)
        start = game.positions[seat]
        plain = travel(game.track.roll_codes, occupants, start, lowest)[0]
        boosted = travel(game.track.roll_codes, occupants, start, lowest + value)[0]
        return boosted > plain


def play_out(game: Game, bots: Sequence[Bot], rng: random.Random) -> Game:
    """Play ``game`` to its end, asking ``bots[seat]`` for every decision. Returns the game.

    When every bot is a :class:`RandomBot`, a fast path (:meth:`Game.random_playout`)
    makes exactly the same choices without building action lists, with or without the
    event log; when every bot is a :class:`HeuristicBot`, so does
    :meth:`Game.play_policy` with their policy on card codes.
    """
    _check_bots(game, bots, rng)
    for bot in bots:
        if type(bot) is not RandomBot:
            break
    else:  # only random bots (a plain loop: cheaper than all() over a generator)
        game.random_playout(rng)
        return game
    if all(type(b) is HeuristicBot for b in bots):
        # Careful players: the same choices on the engine's integers, without action lists.
        if all(b is bots[0] for b in bots):
            game.play_policy(bots[0].card_code, bots[0].wants_turbo)  # type: ignore[attr-defined]
        else:
            game.play_policy(lambda g, s, t, legal: bots[s].card_code(g, s, t, legal),  # type: ignore[attr-defined]
                             lambda g, s, low: bots[s].wants_turbo(g, s, low))  # type: ignore[attr-defined]
        return game
    play_bots(game, bots, rng)
    return game


def _check_bots(game: Game, bots: Sequence[Bot], rng: random.Random) -> None:
    if not isinstance(game, Game):
        inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=3)")
    if not isinstance(rng, random.Random):
        inputs.generator(rng, SetupError)
    if not (isinstance(bots, (list, tuple)) and len(bots) <= 5):  # checked first: this runs for every playout
        inputs.sequence(bots, _("The bots"), SetupError, "[RandomBot()] * 4", 5)
    if len(bots) != game.players:
        raise SetupError(ngettext("Give one bot per player: {players} needed, {given} given.",
                                  "Give one bot per player: {players} needed, {given} given.", game.players).format(
            players=game.players, given=len(bots)))


def play_until(game: Game, bots: Sequence[Bot], rng: random.Random, stop: Callable[[Game], bool]) -> Game:
    """Let ``bots`` play ``game`` until ``stop(game)`` is true or the game is over.

    >>> game = play_until(Game.new(3, seed=11), [HeuristicBot()] * 3, random.Random(11),
    ...                   lambda g: g.awaiting_turbo)
    >>> game.awaiting_turbo, game.legal_actions()
    (True, [Turbo(True), Turbo(False)])
    """
    _check_bots(game, bots, rng)
    play_bots(game, bots, rng, stop=stop)
    return game


__all__ = ["Bot", "TableFacts", "RandomBot", "HeuristicBot", "play_out", "play_until"]
