"""The cards a what-if position does not show, and dealing them at random.

A :class:`~rally.Position` may leave hands unknown, and earlier tricks' cards unlisted.
:class:`UnseenCards` holds what is unseen and deals it, each time anew, consistently
with every public fact: who showed out of which color (S4). The deals are weighed by
what this round's plays say (:mod:`rally.stich_rallye.evidence`): a deal from which
careful players would have played the cards they played comes more often, and every
deal the voids allow can come.

>>> from rally import Position
>>> p = Position.new(positions=[0, 0, 0], hand="R2 G5 B9 B3 R7")
>>> unseen = UnseenCards.of(p, 0)
>>> unseen.sizes, unseen.free, len(unseen.unseen)
((5, 5, 5), (1, 2), 22)
>>> [len(h) for h in unseen.deal(random.Random(1)).hands]
[5, 5, 5]
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass
from typing import Iterable, Mapping, Protocol, Sequence

from .cards import CARDS, HAND_SIZES, Card, Color, deck
from ..common.errors import PositionError
from .evidence import TableEvidence
from .game import Game
from ..common.i18n import join_words, ngettext, pgettext
from ..common.problem import Problem
from .legality import shown_out, shown_out_issues
from .position_code import PositionFields
from .state import GameState


class Seen(PositionFields, Protocol):
    """What :class:`UnseenCards` reads of a position (:class:`~rally.Position` has it all):
    its fields, and what follows from them."""

    @property
    def players(self) -> int: ...
    @property
    def player_names(self) -> tuple[str, ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def trick_seats(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class UnseenCards:
    """What a position leaves unknown, and how to deal it at random, consistently with
    every public fact: who showed out of which color.

    Seats that lack colors are *short*; every other unknown place (the free hands, the
    unseen earlier tricks' cards, the cards not dealt this round) takes any color, so
    those pool together. A deal is drawn in two steps, each uniform: first how many
    cards of each color every short seat gets (a *split*, drawn with the number of deals
    it allows as its weight), then which cards. So every consistent deal is equally
    likely.
    """

    unseen: tuple[int, ...]  # card codes, sorted
    sizes: tuple[int, ...]  # cards each seat holds
    short: tuple[int, ...]
    free: tuple[int, ...]
    discards: int  # unseen cards already played this round
    splits: tuple[tuple[tuple[int, ...], ...], ...]  # per split: per short seat, cards of each color
    weights: tuple[int, ...]  # cumulative number of deals up to each split
    by_color: tuple[tuple[int, ...], ...]  # the unseen codes of each color
    voids: tuple[int, ...]  # per seat, the colors it showed out of, as bits
    evidence: TableEvidence  # what this round's plays say
    #: A game at the position with the unseen cards dealt in a fixed way: the first split,
    #: the cards in order, the earlier tricks' first.
    game: Game

    @classmethod
    def of(cls, position: Seen, done: int) -> UnseenCards:
        """What ``position`` leaves unseen, with ``done`` tricks of the round finished.
        Raises :class:`PositionError` naming every reason the unseen cards cannot be
        dealt as the position says (too few of them, or of the colors a seat may hold)."""
        n, names = position.players, position.player_names
        k = HAND_SIZES[position.round - 1]
        seen = [c for h in position.hands if h for c in h] + list(position.trick) + list(position.played)
        unseen = sorted(set(deck(n)) - set(seen))
        trick_seats = position.trick_seats
        sizes = tuple(k - done - (1 if s in trick_seats else 0) for s in range(n))
        unknown = tuple(s for s in range(n) if position.hands[s] is None)
        need_discards = max(0, done * n - len(position.played))
        voids = _shown_out(position, done, unseen, sum(sizes[s] for s in unknown) + need_discards)
        lacking = {s: frozenset(int(c) for c in voids.get(s, {})) for s in unknown}
        short = tuple(s for s in unknown if lacking[s])
        free = tuple(s for s in unknown if not lacking[s])
        by_color = tuple(tuple(c.code for c in unseen if c.code >> 4 == color) for color in range(3))
        splits, weights = _splits([len(p) for p in by_color], sizes, short, lacking)
        if not splits or len(unseen) - sum(sizes[s] for s in short) < sum(sizes[s] for s in free) + need_discards:
            colors = sorted({c for s in short for c in voids[s]})
            allowed = [c for c in unseen if c.color not in colors]
            # TRANSLATORS: {names} is one name or several ("Bo and Cy"), as the count says.
            raise PositionError(ngettext(
                "{names} did not follow {color}, so they hold no {color}; "
                "there are not enough other unseen cards ({cards}) for their hands.",
                "{names} did not follow {color}, so they hold no {color}; "
                "there are not enough other unseen cards ({cards}) for their hands.",
                len(short)).format(names=join_words([names[s] for s in short]),
                                   color=join_words([c.word for c in colors], "or"), cards=len(allowed)))
        dealt, rest = _deal(splits[0], [list(p) for p in by_color], short, free, sizes, None)
        return cls(tuple(c.code for c in unseen), sizes, short, free, need_discards, splits, weights, by_color,
                   tuple(sum(1 << c for c in lacking.get(s, ())) for s in range(n)), TableEvidence.of(position, done, [c.code for c in unseen]),
                   _game(position, dealt, rest[:need_discards]))

    def deal(self, rng: random.Random) -> Game:
        """A new game at the position, its unseen cards dealt anew (see the class)."""
        game = self.game.clone()
        if not self.short:  # no voids: one uniform sample
            rest = rng.sample(self.unseen, sum(self.sizes[s] for s in self.free) + self.discards)
            hands: dict[int, list[int]] = {}
            start = 0
            for seat in self.free:
                hands[seat] = rest[start:start + self.sizes[seat]]
                start += self.sizes[seat]
            others = rest[start:]
            if self.evidence.plays:  # the cards aside too: a swap may bring one into a hand
                drawn = set(rest)
                others += [c for c in self.unseen if c not in drawn]
        else:
            pick = rng.randrange(self.weights[-1])
            split = self.splits[bisect.bisect_right(self.weights, pick)]
            pools = [list(p) for p in self.by_color]
            for pool in pools:
                rng.shuffle(pool)
            hands, others = _deal(split, pools, self.short, self.free, self.sizes, rng)
        if self.evidence.plays:
            self.evidence.weigh(hands, others, self.voids, rng)
        known = game.discard_codes[:len(game.discard_codes) - self.discards]
        game.set_hidden_cards(hands, known + tuple(others[:self.discards]), rng.getrandbits(62))
        return game


def _shown_out(position: Seen, done: int, unseen: Sequence[Card],
               need: int) -> dict[int, dict[Color, tuple[int, Card]]]:
    """Who showed out of which color (S4): in every earlier trick when all of them are
    listed in the order played, else in the trick on the table only. Raises
    :class:`PositionError` for earlier tricks' cards no game has played by now, a seat
    that showed out of a color it holds, or fewer unseen cards than the ``need``."""
    n, played = position.players, position.played
    problems: list[str | Problem] = []
    if len(played) > done * n:
        facts = {"cards": len(played), "done": done, "players": n}
        if len(played) == 1:  # then no trick is done
            # TRANSLATORS: said of exactly one card ({cards} is 1), with no trick done yet ({done} is 0).
            template = pgettext("one card", "{cards} cards are listed from earlier tricks, but only {done} tricks "
                                "of {players} cards have been played this round.")
        else:
            # TRANSLATORS: {cards} is 2 or more; {players} is the number of cards in a trick.
            template = ngettext("{cards} cards are listed from earlier tricks, but only {done} trick "
                                "of {players} cards has been played this round.",
                                "{cards} cards are listed from earlier tricks, but only {done} tricks "
                                "of {players} cards have been played this round.", done)
        problems.append(template.format(**facts))
    history = len(played) == done * n and not problems
    if history:
        problems += shown_out_issues(played, position.trick, position.flag, position.hands, position.player_names)
    if need > len(unseen):
        problems.append(ngettext(
            "The unknown hands and earlier tricks need {need} unseen cards, but only "
            "{unseen} are unseen: check the hand sizes and the cards listed.",
            "The unknown hands and earlier tricks need {need} unseen cards, but only "
            "{unseen} are unseen: check the hand sizes and the cards listed.",
            need).format(need=need, unseen=len(unseen)))
    if problems:
        raise PositionError(problems)
    return shown_out(played if history else (), position.trick, position.flag, n)


def _splits(pools: list[int], sizes: tuple[int, ...], short: tuple[int, ...],
            lacking: Mapping[int, frozenset[int]]) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[int, ...]]:
    """Every split of the unseen colors among the ``short`` seats (``pools`` cards of
    each color), and the cumulative number of deals up to each."""
    splits: list[tuple[tuple[int, ...], ...]] = []
    weights: list[int] = []
    total = 0

    def ways(split: list[tuple[int, ...]]) -> int:
        count = 1
        for color, pool in enumerate(pools):
            taken = [row[color] for row in split]
            count *= math.factorial(pool) // math.prod(math.factorial(t) for t in taken)
            count //= math.factorial(pool - sum(taken))
        return count

    def fill(i: int, left: list[int], split: list[tuple[int, ...]]) -> None:
        nonlocal total
        if i == len(short):
            total += ways(split)
            splits.append(tuple(split))
            weights.append(total)
            return
        seat = short[i]
        allowed = [c for c in range(3) if c not in lacking[seat]]
        for row in _compositions(sizes[seat], [left[c] if c in allowed else 0 for c in range(3)]):
            fill(i + 1, [left[c] - row[c] for c in range(3)], split + [row])

    fill(0, pools, [])
    return tuple(splits), tuple(weights)


def _compositions(size: int, most: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` cards as counts of the three colors, at most ``most[c]`` of each."""
    for red in range(min(size, most[0]) + 1):
        for green in range(min(size - red, most[1]) + 1):
            blue = size - red - green
            if blue <= most[2]:
                yield (red, green, blue)


def _deal(split: tuple[tuple[int, ...], ...], pools: list[list[int]], short: tuple[int, ...], free: tuple[int, ...],
          sizes: tuple[int, ...], rng: random.Random | None) -> tuple[dict[int, list[int]], list[int]]:
    """The hands of the short seats by ``split`` from the color ``pools``, then the free
    hands from the rest (shuffled with ``rng``, else in order); and what is left over."""
    hands: dict[int, list[int]] = {}
    for seat, row in zip(short, split):
        hands[seat] = [c for color in range(3) for c in pools[color][:row[color]]]
        for color in range(3):
            del pools[color][:row[color]]
    rest = [c for pool in pools for c in pool]
    if rng is not None:
        rng.shuffle(rest)
    start = 0
    for seat in free:
        hands[seat] = rest[start:start + sizes[seat]]
        start += sizes[seat]
    return hands, rest[start:]


def _game(position: Seen, dealt: Mapping[int, Sequence[int]], discards: Sequence[int]) -> Game:
    """The game at ``position`` with the unknown hands ``dealt`` and the unlisted earlier
    tricks' cards ``discards`` (card codes)."""
    hands = list(position.hands)
    for seat, codes in dealt.items():
        hands[seat] = tuple(CARDS[c] for c in codes)
    # The first player matters only while round 1's first trick is unsettled, when it
    # is the flag holder; later deals come from the seed that to_game draws.
    state = GameState(players=position.players, track=position.track, dial=position.dial,
                      names=position.player_names, seed=0, first_player=position.flag, round=position.round,
                      phase=position.phase, flag=position.flag, winner=None, hands=tuple(h or () for h in hands),
                      trick=position.trick, discards=tuple(position.played) + tuple(CARDS[c] for c in discards),
                      positions=position.positions, motors=position.motors, events=None)
    return Game.from_state(state)
