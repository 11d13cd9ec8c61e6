"""What the plays of this round say about the cards nobody has seen.

Every card a player with an unknown hand played this round came from a hand that held
it, the cards that player played later, and the cards they hold now. A careful player
(:class:`rally.HeuristicBot`, the way the computer players play) would have played that
card from some of those hands and not from others. So a deal of the unseen cards makes
the table's plays more or less likely, and :class:`TableEvidence` says how likely, by a
soft model of careful play: a play is likeliest from a hand a careful player plays it
from, and :data:`UNLIKELY` times as likely for each card in the hand that would have
made a careful player play otherwise (a cheaper card that does as well, or one that
makes winning the trick worth it). A person who plays otherwise only makes some deals
less likely, never one impossible: every deal the voids allow keeps a chance above zero.

:meth:`TableEvidence.weigh` moves a deal drawn uniformly towards the likely ones
(Metropolis-Hastings steps: swap two unseen cards between places, with a chance that
follows the likelihood; voids are kept exact, and so are the hands' sizes).

>>> from rally import Position
>>> from rally.stich_rallye.unseen import UnseenCards
>>> p = Position.new(positions=[0, 0, 0, 0], hand="R2 G5 B9 B3 R7", flag=1, trick="G7 G3 G13")
>>> evidence = UnseenCards.of(p, 0).evidence
>>> sorted(evidence.plays)      # Bo, Cy and Di played a card each, from hands nobody knows
[1, 2, 3]
>>> low, high = 1 << Card.parse("G2").code, 1 << Card.parse("G12").code
>>> evidence.likelihood(2, low), evidence.likelihood(2, high)   # Cy played G3: a careful Cy holds no G2
(0.01, 1.0)
>>> import random
>>> dealt = [UnseenCards.of(p, 0).deal(random.Random(seed)).hands[2] for seed in range(100)]
>>> sum(Card.parse("G2") in hand for hand in dealt)   # about 14 in 100 if dealt uniformly (4 of 28 cards)
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from .bots import HeuristicBot
from .cards import Card, deck
from .legality import earlier_tricks
from .motor import winding_table
from .position_code import PositionFields
from .tricks import winner_and_lowest

#: How much less likely a play makes a hand for each card in it that would have made a
#: careful player play otherwise (a cheaper card of the same kind, or one that made
#: winning worth it): how soft the weighing is (0 would allow only the deals a careful
#: player's plays fit; 1 weighs nothing).
UNLIKELY = 0.01
#: Metropolis steps per deal, per card in the hands that played this round (the more
#: cards, the more ways a deal may be unlikely); 0 deals uniformly, as without evidence.
STEPS_PER_CARD = 4
#: The chance that a step swaps out a card that makes a play unlikely, rather than any.
TARGETED = 0.7
#: The careful player of the model.
MODEL = HeuristicBot()


class _Table(NamedTuple):
    """What the careful player reads of the table when it plays (see :meth:`HeuristicBot.card_code`)."""

    players: int
    motor_values: tuple[int, ...]


class Play(NamedTuple):
    """One card a seat with an unknown hand played this round, as bit masks of card codes
    (see :meth:`HeuristicBot.hands_for`): the careful player plays it from the legal
    cards ``held`` exactly when ``held`` has none of ``none``, and none of ``unless`` or
    one of ``rescue``."""

    scope: int  # the cards that were legal, if held: the lead color's, or all
    later: int  # this card and the seat's later ones this round, within the scope
    none: int
    unless: int
    rescue: int

    def chance(self, hand: int) -> float:
        """How likely the model makes this play when the seat holds ``hand`` now: 1 when
        a careful player would have played it, else :data:`UNLIKELY` to the power of the
        cards in ``hand`` that would have made them play otherwise (at least 1)."""
        return _seat((self,), hand)[0]


@dataclass(frozen=True)
class TableEvidence:
    """The plays of this round by seats whose hands are unknown, by seat (seats with no
    such play are left out), and how likely a hand makes them."""

    plays: dict[int, tuple[Play, ...]]

    @classmethod
    def of(cls, position: PositionFields, done: int, unseen: Sequence[int]) -> TableEvidence:
        """The evidence of ``position``, with ``done`` tricks of the round finished and the
        ``unseen`` card codes: the trick on the table, and the earlier tricks when all of
        them are listed in the order played."""
        n = len(position.positions)
        dial = position.dial
        colors = [sum(1 << c.code for c in deck(n) if c.code >> 4 == color) for color in range(3)]
        everything = sum(colors)
        tricks = [] if len(position.played) != done * n else [  # else the trick on the table only
            (leader, tuple(c.code for c in cards)) for leader, cards in earlier_tricks(position.played, position.flag, n)]
        tricks.append((position.flag, tuple(c.code for c in position.trick)))
        motors = _motors(tricks, position.motors, dial, n)
        plays: dict[int, list[Play]] = {}
        for number, (leader, cards) in enumerate(tricks):
            table = _Table(n, tuple(dial[m] for m in motors[number]))
            for i, card in enumerate(cards):
                seat = (leader + i) % n
                if position.hands[seat] is not None:
                    continue
                lead = cards[0] >> 4
                scope = colors[lead] if i and card >> 4 == lead else everything
                later = [c for t, (first, codes) in enumerate(tricks[number:], number)
                         for j, c in enumerate(codes) if (first + j) % n == seat and (t > number or j >= i)]
                candidates = [c for c in [*unseen, *later] if scope >> c & 1]
                if len(candidates) < 2:
                    continue  # nothing else it could have played
                none, unless, rescue = MODEL.hands_for(table, seat, cards[:i], card, candidates)
                known = sum(1 << c for c in later) & scope
                if known & none or known & unless and not sum(1 << c for c in candidates) & rescue:
                    none = known  # no hand makes it careful: as unlikely whatever the seat holds now
                plays.setdefault(seat, []).append(Play(scope, known, none, unless, rescue))
        return cls({seat: tuple(found) for seat, found in plays.items()})

    def likelihood(self, seat: int, hand: int) -> float:
        """How likely the model makes ``seat``'s plays this round when it holds ``hand``
        now (a bit mask of card codes); 1 for a seat with no play to weigh."""
        return _seat(self.plays.get(seat, ()), hand)[0]

    def weigh(self, hands: dict[int, list[int]], rest: list[int], voids: Sequence[int], rng: random.Random) -> None:
        """Move the deal ``hands`` (card codes by unknown seat) and ``rest`` (the other
        unseen cards) towards the deals that make the plays likely, in place.

        Metropolis-Hastings steps, :data:`STEPS_PER_CARD` for each card of the hands with
        plays to weigh: each swaps one of those cards, ``x``, with an unseen card ``y`` of
        another place (drawn uniformly), and is accepted with the chance the swap keeps
        (at most 1), times the chance of proposing it back over the chance of proposing
        it. ``x`` is, with the chance :data:`TARGETED`, one of the cards that make a play
        unlikely (one a careful player would have played instead, or that would have
        made them play to win), else any; so the deal reaches the likely ones in few
        steps. ``voids[seat]`` holds, as bits, the colors a seat showed out of: no swap
        gives it one. The hands keep their sizes, and every deal the voids allow keeps a
        chance above zero."""
        order = [s for s in hands if s in self.plays]
        weighed = len(order)
        cards = sum(len(hands[s]) for s in order)
        steps = STEPS_PER_CARD * cards
        if not steps:
            return
        order += [s for s in hands if s not in self.plays]
        flat, place, starts, sizes = _flatten([hands[s] for s in order] + [rest])
        if max(sizes) == len(flat):  # all the unseen cards in one place: nothing to swap
            return
        _swap_towards_likely(flat, place, starts, sizes, [self.plays[s] for s in order[:weighed]],
                             [voids[s] for s in order] + [0], steps, rng)
        for p, seat in enumerate(order):
            hands[seat] = flat[starts[p]:starts[p] + sizes[p]]
        rest[:] = flat[starts[-1]:]


def _swap_towards_likely(flat: list[int], place: list[int], starts: list[int], sizes: list[int],
                         plays: Sequence[tuple[Play, ...]], lacking: Sequence[int], steps: int,
                         rng: random.Random) -> None:
    """:meth:`TableEvidence.weigh`'s steps on the cards as :func:`_flatten` lays them out
    (the hands with ``plays`` first, their colors ``lacking`` as bits), in place."""
    weighed, total, cards = len(plays), len(flat), starts[len(plays)]
    where = {c: i for i, c in enumerate(flat)}
    masks = [sum(1 << c for c in flat[starts[p]:starts[p] + sizes[p]]) for p in range(weighed)]
    seen = [_seat(plays[p], masks[p]) for p in range(weighed)]
    chances, unlikely = [chance for chance, _bad in seen], [bad for _chance, bad in seen]
    bad = _union(unlikely)
    partners = [1 / (total - size) for size in sizes]  # the chance of each partner of a card of each place
    draw = rng.random
    for _step in range(steps):
        count = bad.bit_count()
        if count and draw() < TARGETED:
            x = _nth_bit(bad, int(draw() * count))
            i = where[x]
        else:
            i = int(draw() * cards)
            x = flat[i]
        a = place[i]
        j = int(draw() * (total - sizes[a]))
        if j >= starts[a]:
            j += sizes[a]
        b = place[j]
        y = flat[j]
        if lacking[a] >> (y >> 4) & 1 or lacking[b] >> (x >> 4) & 1:
            continue
        swap = 1 << x | 1 << y
        mask_a = masks[a] ^ swap
        chance_a, bad_a = _seat(plays[a], mask_a)
        ratio = chance_a / chances[a]
        bad_after = bad_a
        for k in range(weighed):
            if k != a and k != b:
                bad_after |= unlikely[k]
        if b < weighed:
            mask_b = masks[b] ^ swap
            chance_b, bad_b = _seat(plays[b], mask_b)
            ratio *= chance_b / chances[b]
            bad_after |= bad_b
        # The chances of proposing this swap and the one that undoes it (x back out of
        # b, or y out of a): the first card drawn (a card that makes a play unlikely, or
        # any), then its partner; either may come first when both lie in weighed hands.
        forward = _proposed(bad, x, cards) * partners[a]
        reverse = _proposed(bad_after, y, cards) * partners[a]
        if b < weighed:
            forward += _proposed(bad, y, cards) * partners[b]
            reverse += _proposed(bad_after, x, cards) * partners[b]
        if draw() * forward >= ratio * reverse:
            continue
        masks[a], chances[a], unlikely[a] = mask_a, chance_a, bad_a
        if b < weighed:
            masks[b], chances[b], unlikely[b] = mask_b, chance_b, bad_b
        bad = bad_after
        flat[i], flat[j] = y, x
        where[x], where[y] = j, i


def _flatten(places: Sequence[list[int]]) -> tuple[list[int], list[int], list[int], list[int]]:
    """The cards of ``places`` in one list, with each card's place, each place's start
    in the list and its size."""
    flat: list[int] = []
    place: list[int] = []
    starts: list[int] = []
    for p, cards in enumerate(places):
        starts.append(len(flat))
        flat += cards
        place += [p] * len(cards)
    return flat, place, starts, [len(cards) for cards in places]


def _proposed(bad: int, card: int, cards: int) -> float:
    """The chance that a step draws ``card`` first among the ``cards`` of the hands with
    plays: one of the cards in ``bad`` (those that make a play unlikely) with the chance
    :data:`TARGETED`, else any."""
    count = bad.bit_count()
    if not count:
        return 1 / cards
    anyone = (1 - TARGETED) / cards
    return anyone + TARGETED / count if bad >> card & 1 else anyone


def _seat(plays: Sequence[Play], hand: int) -> tuple[float, int]:
    """How likely the model makes ``plays`` (one seat's) when the seat holds ``hand`` now
    (:meth:`Play.chance` of each, multiplied), and the cards of ``hand`` that make one of
    them unlikely (bits). Written out: this is the weighing's inner loop."""
    chance, bad = 1.0, 0
    for scope, later, none, unless, rescue in plays:
        held = hand & scope | later
        if held & none:
            against = hand & none
        elif held & unless and not held & rescue:
            against = hand & unless
        else:
            continue
        bad |= against
        chance *= UNLIKELY ** (against.bit_count() or 1)
    return chance, bad


def _union(masks: Sequence[int]) -> int:
    """The bits of all ``masks`` together."""
    every = 0
    for mask in masks:
        every |= mask
    return every


def _nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th lowest set bit of ``mask`` (from 0)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _motors(tricks: Sequence[tuple[int, tuple[int, ...]]], now: Sequence[int], dial: tuple[int, ...],
            players: int) -> list[tuple[int, ...]]:
    """The motor positions as each of the round's ``tricks`` (leader, codes; the last one
    on the table) began, read back from the positions ``now``: a loser's motor wound one
    step, a winner's stayed unless a turbo set it to 0. Where a winner's 0 leaves that
    open, the earlier positions follow the careful player's turbo
    (:meth:`HeuristicBot.motor_ripe`)."""
    wind = winding_table(dial)
    size = len(dial)
    winners = [(leader + winner_and_lowest(codes)[0]) % players if len(codes) == players else None
               for leader, codes in tricks]
    guess: list[list[int]] = []
    motors = [0] * players  # every motor starts the round at 0 (S11)
    for number, winner in enumerate(winners):
        guess.append(motors[:])
        if winner is None:
            continue
        motors = [m if s == winner else wind[m] for s, m in enumerate(motors)]
        if number < len(tricks) - 1 and dial[motors[winner]] and MODEL.motor_ripe(dial, motors[winner]):
            motors[winner] = 0
    known = [True] * players
    motors = list(now)
    for number in range(len(tricks) - 1, -1, -1):
        winner = winners[number]
        if winner is not None:
            for s in range(players):
                if s != winner:
                    motors[s] = (motors[s] - 1) % size
                elif motors[s] == 0 and number < len(tricks) - 1:
                    known[s] = False  # a turbo may have set it to 0
        guess[number] = [m if k else g for m, k, g in zip(motors, known, guess[number])]
    return [tuple(g) for g in guess]


__all__ = ["TableEvidence", "Play", "UNLIKELY", "STEPS_PER_CARD", "MODEL"]
