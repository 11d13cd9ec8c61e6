"""Whole games played to the end fast, for simulations: random players and careful ones.

The moves are the rules' own primitives (:class:`~rally.stich_rallye.kernel.GameKernel`); only the
choosing is fast: no action lists, Card objects or checks, and without an event log the
players' choices are made on the card codes in place.
"""

from __future__ import annotations

import random
from math import floor
from typing import Callable, Self, Sequence

from ..common import inputs
from ..common.errors import SetupError
from .kernel import GameKernel, count_cars
from .state import OVER, PLAY, TURBO
from .tricks import legal_codes


class Playouts(GameKernel):
    """A game that can play itself to the end: :meth:`play_policy` and :meth:`random_playout`."""

    __slots__ = ()

    def play_policy(self, card: Callable[[Self, int, Sequence[int], Sequence[int]], int],
                    turbo: Callable[[Self, int, int], bool]) -> None:
        """Play to the end with a computer player's policy on the engine's integers:
        ``card(game, seat, trick, legal)`` returns one of the ``legal`` card codes for
        ``seat`` to play onto ``trick`` (both read-only), and ``turbo(game, seat,
        lowest)`` whether the winner of the trick on the table uses the motor. The same
        moves as :meth:`apply` with those choices, without action lists or checks: the
        fast way for playouts by careful players (:class:`rally.HeuristicBot`)."""
        n = self.players
        while self.phase != OVER:
            if self.phase == TURBO:
                seat, lowest = self._trick_result()
                self._finish_trick(seat, lowest, turbo(self, seat, lowest))
                continue
            trick = self._trick
            seat = (self.flag + len(trick)) % n
            legal = legal_codes(self._hands[seat], trick[0] >> 4 if trick else -1)
            self._play(legal[0] if len(legal) == 1 else card(self, seat, trick, legal))

    def random_playout(self, rng: random.Random) -> None:
        """Play to the end choosing uniformly at random: the same choices, in the same
        order, as :class:`RandomBot` through ``legal_actions``/``apply`` (a test holds
        the two paths equal). Works from any state, mid-trick included.

        >>> from rally import Game
        >>> game = Game.new(3, seed=1, record=False)
        >>> game.random_playout(random.Random(2))
        >>> game.is_over
        True
        """
        rnd = inputs.generator(rng, SetupError).random  # floor(rnd() * k) is RandomBot's int(rng.random() * k)
        if self._log is not None:
            # Recorded: the same draws, card by card through the primitive that logs them.
            while self.phase != OVER:
                if self.phase == TURBO:
                    self._finish_trick(*self._trick_result(), rnd() < 0.5)
                    continue
                trick = self._trick
                legal = legal_codes(self._hands[(self.flag + len(trick)) % self.players], trick[0] >> 4 if trick else -1)
                self._play(legal[floor(rnd() * len(legal))])
            return
        if self.phase == TURBO:
            self._finish_trick(*self._trick_result(), rnd() < 0.5)
        dial, motors, to_play = self.dial, self._motors, self._to_play
        cars = count_cars(self._positions, self._n)  # kept up to date by _move()
        while self.phase == PLAY:
            # One trick: the cards chosen in place, then settled by the rules' primitives.
            hands, trick = self._hands, self._trick
            if trick:
                lead = trick[0] >> 4
            else:
                hand = hands[self.flag]
                legal = hand[0] + hand[1] + hand[2]
                code = legal[floor(rnd() * len(legal))]
                lead = code >> 4
                hand[lead].remove(code)
                trick.append(code)
            for seat in to_play[self.flag][len(trick)]:
                follow = hands[seat][lead]  # S4, as legal_codes(): follow the lead color if you can
                if follow:
                    trick.append(follow.pop(floor(rnd() * len(follow))))
                else:
                    hand = hands[seat]
                    legal = hand[0] + hand[1] + hand[2]
                    code = legal[floor(rnd() * len(legal))]
                    hand[code >> 4].remove(code)
                    trick.append(code)
            winner, lowest = self._wind_losers()
            # RandomBot's pick of Turbo(True) from TURBO_CHOICES, offered only with a motor above 0 (S8).
            self._finish_trick(winner, lowest, dial[motors[winner]] > 0 and rnd() < 0.5, cars)
