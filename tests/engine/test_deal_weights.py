"""Unseen cards dealt by what the table has shown (issue 45, item 2): deals weighed by how
likely they make this round's plays under a soft model of careful play
(rally/stich_rallye/evidence.py). The model is the careful bot's own policy; the deals
keep every void exact; a player who plays otherwise never makes a deal impossible."""

from __future__ import annotations

import itertools
import random
import statistics
from collections import Counter

import pytest

from rally import Game, HeuristicBot, Position, RandomBot
from rally.common.turns import play_bots
from rally.stich_rallye import evidence
from rally.stich_rallye.cards import deck, split_by_color
from rally.stich_rallye.legality import earlier_tricks, shown_out
from rally.stich_rallye.tricks import legal_codes


def moments(players: int, seed: int, bots, seat: int = 0):
    """Seat ``seat``'s decisions with a choice in a seeded game, as that seat saw them,
    with the game (every hand) at that moment."""
    game = Game.new(players, seed=seed, first_player=seed % players)
    rng = random.Random(seed)
    while not game.is_over:
        if game.current_player == seat and len(game.legal_actions()) > 1:
            yield Position.from_game(game), game.clone()
        play_bots(game, bots, rng, limit=1)


def mask(cards) -> int:
    return sum(1 << c.code for c in cards)


def fits(position: Position, hands) -> bool:
    """Whether a careful player would have played every card the unknown hands played
    this round, had they held ``hands`` now (each play at its likeliest)."""
    found = position._unseen.evidence
    return all(play.chance(mask(hands[seat])) == 1 for seat, plays in found.plays.items() for play in plays)


# ------------------------------------------------------------------ the model is the careful bot
def test_the_hands_a_careful_player_plays_a_card_from_are_those_card_code_plays_it_from():
    """``HeuristicBot.hands_for`` (what the weighing reads) says exactly when
    ``card_code`` (what the careful bots play) plays each legal card: for random tricks,
    hands, motors and settings."""
    rng = random.Random(45)
    seen: Counter[str] = Counter()
    for _ in range(4000):
        n = rng.choice((3, 4, 5))
        cards = [c.code for c in deck(n)]
        rng.shuffle(cards)
        size = rng.randrange(n)
        trick, hand = cards[:size], cards[size:size + rng.randint(1, 9)]
        legal = legal_codes(split_by_color(hand), trick[0] >> 4 if trick else -1)
        bot = HeuristicBot(min_gain=rng.randint(1, 6))
        table = evidence._Table(n, tuple(rng.choice((0, 2, 7, 16)) for _ in range(n)))
        seat = rng.randrange(n)
        chosen = bot.card_code(table, seat, trick, legal)
        held = sum(1 << c for c in legal)
        for card in legal:
            none, unless, rescue = bot.hands_for(table, seat, trick, card, legal)
            says = not held & none and (not held & unless or bool(held & rescue))
            assert says == (card == chosen), (n, trick, legal, card, table)
            seen["plays" if says else "not"] += 1
            seen["rescue"] += bool(held & rescue)
    assert seen["plays"] > 1000 and seen["not"] > 1000 and seen["rescue"] > 10


@pytest.mark.parametrize("turbo", ["smart", "never"])
def test_the_motors_are_read_back_as_they_were_when_each_trick_began(turbo):
    """The careful player's choice depends on its motor; the weighing reads each trick's
    motors back from the position (a careful table's exactly, the turbo included)."""
    checked = 0
    for seed in range(6):
        game = Game.new(4, seed=seed)
        rng = random.Random(seed)
        bots = [HeuristicBot(turbo=turbo)] * 4
        began: list[tuple[int, ...]] = []
        round_ = 1
        while not game.is_over:
            if game.round != round_:
                began, round_ = [], game.round
            if not game.trick and not game.awaiting_turbo:
                began.append(game.motors)
            p = Position.from_game(game)
            tricks = [(leader, tuple(c.code for c in cards)) for leader, cards in earlier_tricks(p.played, p.flag, 4)]
            tricks.append((p.flag, tuple(c.code for c in p.trick)))
            assert evidence._motors(tricks, p.motors, p.dial, 4) == began
            checked += 1
            play_bots(game, bots, rng, limit=1)
    assert checked > 300


# ------------------------------------------------------------------ the deals follow the plays
def test_weighed_deals_give_the_plays_made_more_chance_and_the_real_hands_more_cards():
    """At every decision of a seeded game of careful bots, deals weighed by the round's
    plays against deals uniform among those the voids allow (the same seeds): the plays
    the opponents really made are likelier on the weighed deals, which fit a careful
    player's plays more often and give each opponent more of the cards they really hold."""
    better = worse = 0
    totals = {"weighed": [0.0, 0.0, 0.0], "uniform": [0.0, 0.0, 0.0]}
    for position, game in moments(4, 90001, [HeuristicBot()] * 4):
        found = position._unseen.evidence
        if not found.plays:
            continue
        hits = {}
        for kind in totals:
            rng = random.Random(7)
            steps = evidence.STEPS_PER_CARD if kind == "weighed" else 0
            chance = fit = held = 0.0
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(evidence, "STEPS_PER_CARD", steps)
                deals = [position.to_game(rng) for _ in range(30)]
            for deal in deals:
                chance += statistics.fmean(found.likelihood(s, mask(deal.hands[s])) for s in found.plays)
                fit += fits(position, deal.hands)
                held += sum(len(set(deal.hands[s]) & set(game.hands[s])) for s in found.plays)
            totals[kind][0] += chance
            totals[kind][1] += fit
            totals[kind][2] += held
            hits[kind] = held
        better += hits["weighed"] > hits["uniform"]
        worse += hits["weighed"] < hits["uniform"]
    weighed, uniform = totals["weighed"], totals["uniform"]
    assert weighed[0] > 1.5 * uniform[0] and weighed[1] > 2 * uniform[1] and weighed[2] > uniform[2]
    assert better > 3 * worse


def small_position() -> Position:
    """A seeded three-player moment, the last trick of round 1 about to be led, where
    both unknown hands (two cards each) played this round; Bo plays at random."""
    game = Game.new(3, seed=1)
    rng = random.Random(1)
    bots = [HeuristicBot(), RandomBot(), HeuristicBot()]
    while not (len(game.discards) == 9 and game.current_player == 0 and not game.trick):
        play_bots(game, bots, rng, limit=1)
    return Position.from_game(game)


def exact_shares(position: Position) -> dict[tuple[int, int], float]:
    """For each unknown seat and unseen card, the chance the seat holds it under the
    model: every deal the voids allow, enumerated, weighed by how likely it makes the
    plays."""
    unseen, found = position._unseen, position._unseen.evidence
    unknown = [s for s in range(position.players) if position.hands[s] is None]
    shares: Counter[tuple[int, int]] = Counter()
    total = 0.0
    for first in itertools.combinations(unseen.unseen, unseen.sizes[unknown[0]]):
        rest = [c for c in unseen.unseen if c not in first]
        for second in itertools.combinations(rest, unseen.sizes[unknown[1]]):
            hands = {unknown[0]: first, unknown[1]: second}
            if any(unseen.voids[s] >> (c >> 4) & 1 for s, h in hands.items() for c in h):
                continue
            weight = 1.0
            for s, h in hands.items():
                weight *= found.likelihood(s, sum(1 << c for c in h))
            assert weight > 0  # no deal the voids allow is impossible
            total += weight
            for s, h in hands.items():
                for c in h:
                    shares[s, c] += weight
    return {key: value / total for key, value in shares.items()}


def dealt_shares(position: Position, steps: int, deals: int) -> dict[tuple[int, int], float]:
    counts: Counter[tuple[int, int]] = Counter()
    rng = random.Random(3)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evidence, "STEPS_PER_CARD", steps)
        for _ in range(deals):
            game = position.to_game(rng)
            for s in range(position.players):
                if position.hands[s] is None:
                    counts.update((s, c.code) for c in game.hands[s])
    return {key: value / deals for key, value in counts.items()}


def test_the_weighing_deals_by_the_models_chances():
    """Given enough steps, the weighed deals follow the model: each unknown seat holds each
    unseen card as often as the model's chances over every deal the voids allow say
    (counted exactly), while uniform deals do not."""
    position = small_position()
    assert len(position._unseen.evidence.plays) == 2
    exact = exact_shares(position)
    keys = set(exact)

    def apart(shares: dict[tuple[int, int], float]) -> float:
        return max(abs(shares.get(key, 0.0) - exact.get(key, 0.0)) for key in keys | set(shares))

    assert apart(dealt_shares(position, 40, 4000)) < 0.03
    assert apart(dealt_shares(position, 0, 4000)) > 0.15


# ------------------------------------------------------------------ a player who plays otherwise
def test_a_play_no_careful_player_makes_leaves_that_players_deals_uniform():
    """Bo led B13, the highest card: no careful player leads it from any hand he could
    hold (a careful lead is the lowest card). Every deal is as unlikely as any other, so
    his hands come as often as without weighing: each unseen card a share of 4 in 30."""
    position = Position.new(positions=[0, 0, 0, 0], flag=1, trick="B13", hand="R2 G5 B9 B3 R7")
    found, unseen = position._unseen.evidence, position._unseen.unseen
    assert len({found.likelihood(1, 1 << c) for c in unseen}) == 1
    shares = dealt_shares(position, evidence.STEPS_PER_CARD, 3000)
    bo = [shares.get((1, c), 0.0) for c in unseen]
    assert len(bo) == 30 and max(abs(share - 4 / 30) for share in bo) < 0.035


def test_deals_stay_whole_and_keep_every_void_when_a_player_plays_at_random():
    """A seeded game where Bo plays at random: at each of Ada's decisions every weighed
    deal gives each hand its size, each unseen card once, no card of a color its player
    showed out of, and Bo's real hand keeps a chance above zero."""
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), HeuristicBot()]
    rng = random.Random(5)
    unlikely = 0
    for position, game in moments(4, 12, bots):
        found = position._unseen.evidence
        lacking = shown_out(position.played, position.trick, position.flag, 4)
        real = found.likelihood(1, mask(game.hands[1]))
        assert real > 0
        unlikely += 1 in found.plays and not fits(position, game.hands)
        unseen = sorted(position._unseen.unseen)
        for _ in range(5):
            deal = position.to_game(rng)
            assert [len(h) for h in deal.hands] == [len(h) for h in game.hands]
            dealt = [c.code for s in range(4) if position.hands[s] is None for c in deal.hands[s]]
            assert len(set(dealt)) == len(dealt) and set(dealt) <= set(unseen)
            for seat, colors in lacking.items():
                assert not {c.color for c in deal.hands[seat]} & set(colors)
    assert unlikely > 3  # Bo's real hands were ones a careful player's plays do not fit
