"""The game review (rally/stich_rallye/review.py): right where the rules alone decide the answer,
near zero cost for the advisor's own play, seeded, blind to the cards the reviewed
player could not see, and clear about bad input.

Every game here is played by the engine from a seed (``rally.stich_rallye.examples.played`` or the
bots below); every expected answer is derived from the rules engine in the test, never
typed in."""

from __future__ import annotations

import importlib
import random
import re
import statistics
import types
from typing import Any

import pytest

import rally.stich_rallye.kernel
from rally import (
    Card, Game, GameWon, HeuristicBot, Moved, Position, RandomBot, SetupError, Turbo, advise, play_bots, review,
    trick_winner,
)
from rally.stich_rallye.advisor import ALPHA, moment_seed, turbo_follows
from rally.common.stats import sign_test
from rally.stich_rallye.cards import split_by_color
from rally.stich_rallye.examples import played
from rally.stich_rallye.game import Action, decision_of
from rally.stich_rallye.review import MAX_REVIEW_PLAYOUTS, Review, ReviewedDecision, review_steps

review_module = importlib.import_module("rally.stich_rallye.review")  # ``rally.stich_rallye.review`` is the function


# ------------------------------------------------------------------ helpers
def outcome_at_once(decision: ReviewedDecision, action: Action) -> int | None:
    """The seat that wins the game at once when ``action`` is taken at ``decision``
    (before anyone decides anything else), or None. Checked on two different deals of
    the hidden cards: an outcome that is certain must not depend on them."""
    winners = set()
    for deal in (0, 1):
        game = decision.position.to_game(deal)
        events = game.apply_recorded(action)
        won = [e.seat for e in events if isinstance(e, GameWon)]
        winners.add(won[0] if won else None)
    assert len(winners) == 1, f"{decision.label}: {action} does not end the same way on every deal"
    return winners.pop()


def words(action: Action) -> str:
    """How an explanation speaks of an option: the card (``G9``), or the turbo choice
    in words (the words of ``ReviewedDecision.label``)."""
    if isinstance(action, Turbo):
        return "used the turbo" if action.use else "moved by the card alone"
    return str(action)


def verb(d: ReviewedDecision) -> str:
    """What the seat did, as a label says it: a card is led when the trick was empty."""
    if d.kind == "turbo":
        return words(d.chosen.action)
    return f"{'played' if d.position.trick else 'led'} {d.chosen.action}"


def mentions(text: str, action: Action) -> bool:
    """True when ``text`` speaks of ``action`` (a whole word: R1 is not R12)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(words(action))}(?![0-9])", text) is not None


def verdicts(r: Review) -> list[tuple[Any, ...]]:
    """Everything a review says, as plain values (for comparing reviews field by field)."""
    return [
        (d.number, d.event, d.position.code(), d.label, d.explanation, d.chosen.label,
         tuple((o.label, o.playouts, o.wins, o.interval, o.progress_gained, o.trick_wins) for o in d.options))
        for d in r.decisions
    ]


def costs(r: Review) -> list[float]:
    return [d.cost for d in r.decisions]


# ------------------------------------------------------ 1. known answers
#: Whole games of heuristic bots with a decision whose options end the game at once
#: (found by a search over seeds; every fact is checked again below from the rules):
#: (players, seed, seat, kind, the option chosen, who wins at once after each option).
KNOWN = [
    # Round 3's last trick: the turbo lets Ada (seat 0) end in front after the motors;
    # moving by the card alone leaves Bo in front: Bo wins. Bo took the turbo.
    pytest.param(3, 255, 1, "turbo", Turbo(True), {Turbo(True): 0, Turbo(False): 1}, id="3p-seed255-turbo-loses"),
    # Round 3: Cy plays last to the trick. B5 lets Ada win the trick and the race at
    # once; with B8 or B9 Cy wins the trick and nobody wins yet. Cy played B5.
    pytest.param(3, 315, 2, "card", Card.parse("B5"),
                 {Card.parse("B5"): 0, Card.parse("B8"): None, Card.parse("B9"): None}, id="3p-seed315-card-loses"),
    # Di's turbo takes her over the finish line at once; Di declined it.
    pytest.param(4, 8, 3, "turbo", Turbo(False), {Turbo(True): 3, Turbo(False): None}, id="4p-seed8-turbo-declined"),
]


@pytest.fixture(scope="module")
def known_reviews() -> dict[tuple[int, int, int], Review]:
    return {(p, s, seat): review(played(p, s, 1000), seat, playouts=150, seed=7)
            for p, s, seat in ((3, 255, 1), (3, 315, 2), (4, 8, 3))}


@pytest.mark.slow
@pytest.mark.slow_setup
@pytest.mark.parametrize("players, seed, seat, kind, chosen, outcomes", KNOWN)
def test_known_answers(known_reviews, players, seed, seat, kind, chosen, outcomes):
    r = known_reviews[(players, seed, seat)]
    game = played(players, seed, 1000)
    assert game.is_over and r.winner == game.winner
    # The decisions of the review whose options end the game at once, found from the rules.
    certain = {}
    for d in r.decisions:
        found = {o.action: outcome_at_once(d, o.action) for o in d.options}
        if any(w is not None for w in found.values()):
            certain[d.number] = found
    matching = [d for d in r.decisions if d.number in certain and certain[d.number] == outcomes]
    assert len(matching) == 1, f"the seeded game no longer reaches the moment: {certain}"
    d = matching[0]
    assert d.kind == kind and d.chosen.action == chosen
    assert d.position.decider == seat
    assert decision_of(game.events[d.event]) == (seat, chosen)

    for number, found in certain.items():
        decision = r.decisions[number - 1]
        winning = [a for a, w in found.items() if w == seat]
        for option in decision.options:
            if found[option.action] == seat:  # wins outright: every playout is a win
                assert option.win_rate == 1.0, (decision.label, option.label)
            elif found[option.action] is not None:  # someone else wins at once
                assert option.win_rate == 0.0, (decision.label, option.label)
        if winning:
            assert decision.best.win_rate == 1.0
            if len(winning) == 1:
                assert decision.best.action == winning[0]

    # The moment itself: the chosen option was not the winning one. Against careful
    # players the other options may lose the race too (seed 315: Cy loses whatever she
    # plays); then the choice cost nothing, and the review says nothing against it.
    assert outcomes[chosen] != seat
    if d.best.win_rate == d.chosen.win_rate == 0.0:
        assert d.cost == 0 and d not in r.costly(len(r.decisions))
        return
    assert d.cost == d.best.win_rate - d.chosen.win_rate > 0
    assert d.clear
    assert d.best.interval[0] > d.chosen.interval[1]
    ranked = list(r.ranked)
    for other in r.decisions:
        if other.cost < d.cost:
            assert ranked.index(d) < ranked.index(other), (d.label, other.label)
    costly = list(r.costly(len(r.decisions)))
    assert d in costly and all(costly.index(d) < costly.index(o) for o in costly if o.cost < d.cost)
    assert all(o.cost > 0 and o.clear for o in costly)
    # The explanation names both what was done and the better option.
    assert d.explanation.startswith(("You ", f"{d.chosen.action} "))
    assert mentions(d.explanation, d.chosen.action)
    assert mentions(d.explanation, d.best.action)
    assert d.best.label in r.table()


@pytest.mark.slow
@pytest.mark.slow_setup
def test_a_card_played_last_to_a_trick_wins_it_in_every_playout_or_in_none(known_reviews):
    """The trick a card goes into is decided at once when it is the trick's last card:
    ``trick_win_rate`` is then 1 or 0 exactly as the trick-taking rule (S5) says. Turbo
    choices have no trick share."""
    checked = 0
    for r in known_reviews.values():
        for d in r.decisions:
            if d.kind == "turbo":
                assert all(o.trick_wins is None and o.trick_win_rate is None for o in d.options)
                continue
            assert all(o.trick_wins is not None and 0 <= o.trick_wins <= o.playouts for o in d.options)
            if len(d.position.trick) == d.position.players - 1:
                for o in d.options:
                    assert isinstance(o.action, Card)
                    seat = (d.position.flag + trick_winner([*d.position.trick, o.action])) % d.position.players
                    assert o.trick_win_rate == (1.0 if seat == d.position.decider else 0.0), (d.label, o.label)
                    checked += 1
    assert checked > 20


@pytest.mark.slow  # the known reviews are worked out for the slow tests above
@pytest.mark.slow_setup
def test_turbo_explanations_claim_a_win_only_for_the_option_that_wins(known_reviews):
    for (players, seed, seat), r in known_reviews.items():
        for d in r.decisions:
            if d.kind != "turbo":
                continue
            wins, crosses = 0, 0
            for o in d.options:
                game = d.position.to_game(0)
                events = game.apply_recorded(o.action)
                move = next(e.move for e in events if isinstance(e, Moved))
                won = [e for e in events if isinstance(e, GameWon)]
                wins += bool(won) and won[0].seat == seat
                crosses += move.final >= 2 * move.track_length
            assert d.explanation.count("winning the race") <= wins, (seed, d.label, d.explanation)
            assert d.explanation.count("over the finish line") <= crosses, (seed, d.label, d.explanation)


# ---------------------------------------------- 2. the advisor's own play
def best_play_game(seed: int) -> Game:
    """Three players: seat 0 always takes the advisor's best option (each decision its
    own seed), heuristic bots play the others."""
    game = Game.new(3, seed=seed)
    bots = [None, HeuristicBot(), HeuristicBot()]
    rng = random.Random(seed)
    asked = 0
    while True:
        play_bots(game, bots, rng, until=0)
        if game.is_over:
            return game
        asked += 1
        game.apply(advise(game, playouts=300, seed=seed * 1000 + asked, stop_early=False).best.action)


@pytest.mark.slow
def test_the_advisors_own_play_costs_almost_nothing_and_random_play_costs_more():
    seed = 3
    best = review(best_play_game(seed), 0, playouts=300, seed=99)  # seeds unlike the ones it was played with
    assert len(best.decisions) > 15
    assert statistics.mean(costs(best)) < 0.02
    assert not any(d.clear for d in best.decisions)

    game = Game.new(3, seed=seed)
    play_bots(game, [RandomBot(), HeuristicBot(), HeuristicBot()], random.Random(seed))
    assert game.is_over
    careless = review(game, 0, playouts=300, seed=99)
    assert statistics.mean(costs(careless)) > statistics.mean(costs(best))
    assert careless.best_picks / len(careless.decisions) < best.best_picks / len(best.decisions)


# ---------------------------------------------------- 3. reproducible
@pytest.mark.slow
def test_the_same_arguments_give_the_same_review_and_another_seed_other_numbers():
    game = played(3, 5, 1000)
    first = review(game, 0, playouts=100, seed=3)
    again = review(played(3, 5, 1000), 0, playouts=100, seed=3)
    assert verdicts(first) == verdicts(again)
    assert first == again
    assert first.sentence() == again.sentence() and first.table() == again.table()
    other = review(game, 0, playouts=100, seed=4)
    assert [d.label for d in other.decisions] == [d.label for d in first.decisions]  # the same moments ...
    assert [[o.wins for o in d.options] for d in other.decisions] != \
        [[o.wins for o in d.options] for d in first.decisions]  # ... other playouts
    randomly = review(game, 0, playouts=100, seed=3, bots="random")
    assert randomly.bots == "random" and verdicts(randomly) != verdicts(first)
    # Left at its defaults, each decision gets its moment's own seed: the coach's analysis.
    coach = review(game, 0)
    assert coach.seed is None and all(d.advice.seed == moment_seed(d.position) for d in coach.decisions)
    # It is the hint's analysis where the hint's pick was chosen, and where it was not, the
    # same test games played on to five times as many.
    hints = [advise(d.position) for d in coach.decisions]
    assert any(d.advice == hint for d, hint in zip(coach.decisions, hints))
    for d, hint in zip(coach.decisions, hints):
        if hint.best.action == d.chosen.action:
            assert d.advice == hint
        else:
            assert d.advice == advise(d.position, playouts=5 * hint.playouts_asked, stop_early=False)
            mask = (1 << hint.options[0].playouts) - 1
            # A card that ends the trick and wins it counts with the better turbo choice after
            # it, which more test games may change: the others' first games are the hint's.
            deal = d.position.to_game(0)
            assert [o.outcomes & mask for o in d.advice.options if not turbo_follows(deal, o.action)] == \
                [o.outcomes for o in hint.options if not turbo_follows(deal, o.action)]


# -------------------------------------------------- 4. no hidden information
def test_each_moment_shows_only_the_reviewed_seats_hand():
    game = played(4, 8, 1000)
    for seat in range(4):
        r = review(game, seat, playouts=5, seed=1)
        assert r.decisions
        for d in r.decisions:
            assert d.position.decider == seat
            assert d.position.hands[seat] is not None
            assert all(d.position.hands[s] is None for s in range(4) if s != seat)
            made = decision_of(game.events[d.event])
            assert made == (seat, d.chosen.action)
        # Every decision the seat made is reviewed, in order.
        made_by_seat = [i for i, e in enumerate(game.events) if (m := decision_of(e)) and m[0] == seat]
        assert [d.event for d in r.decisions] == made_by_seat
        assert [d.number for d in r.decisions] == list(range(1, len(made_by_seat) + 1))


SEED_A = 5
SEED_B = 2**40 + 5  # a seed nothing else uses: its deal is seed A's with two hidden cards swapped
CUT = 8  # decisions into round 1


def swapped_twin(monkeypatch) -> tuple[Game, Game, tuple[Card, Card]]:
    """Game A (three heuristic players, seed A) part-way into round 1, and game B: the
    same decisions, dealt the same except that two cards of one color not yet played,
    held by seats 1 and 2, are swapped between them. Every play stays legal (each seat
    keeps how many cards of each color it holds) and seat 0 sees exactly the same."""
    a = played(3, SEED_A, CUT)
    assert a.round == 1 and not a.is_over
    pairs = [(x, y) for x in a.hands[1] for y in a.hands[2] if x.color == y.color]
    assert pairs, "no two unplayed cards of one color held by seats 1 and 2"
    x, y = max(pairs, key=lambda p: abs(p[0].value - p[1].value))
    real = rally.stich_rallye.kernel.deal_codes

    def deal_codes(players: int, seed: int, round: int) -> list[list[list[int]]]:
        if seed != SEED_B:
            return real(players, seed, round)
        hands = real(players, SEED_A, round)
        if round == 1:
            one = [c for h in hands[1] for c in h]
            two = [c for h in hands[2] for c in h]
            hands[1] = split_by_color([y.code if c == x.code else c for c in one])
            hands[2] = split_by_color([x.code if c == y.code else c for c in two])
        return hands

    monkeypatch.setattr(rally.stich_rallye.kernel, "deal_codes", deal_codes)
    b = Game.new(3, seed=SEED_B)
    for event in a.events:
        made = decision_of(event)
        if made is not None:
            b.apply(made[1], seat=made[0])
    return a, b, (x, y)


@pytest.mark.slow
def test_a_review_does_not_depend_on_cards_the_seat_could_not_see(monkeypatch):
    a, b, (x, y) = swapped_twin(monkeypatch)
    # The twin differs in hidden cards only.
    assert a.hands != b.hands
    assert x in a.hands[1] and y in a.hands[2] and y in b.hands[1] and x in b.hands[2]
    assert a.hands[0] == b.hands[0]
    assert (a.trick, a.discards, a.positions, a.motors, a.flag, a.current_player) == \
        (b.trick, b.discards, b.positions, b.motors, b.flag, b.current_player)
    assert [decision_of(e) for e in a.events] == [decision_of(e) for e in b.events]

    ra = review(a, 0, playouts=150, seed=2)
    rb = review(b, 0, playouts=150, seed=2)
    assert len(ra.decisions) >= 3
    assert verdicts(ra) == verdicts(rb)
    assert ra == rb

    # The check can fail: a review that looked at every hand would tell the two apart.
    leaky = types.SimpleNamespace(from_game=lambda game: Position.from_game(game, reveal=True))
    monkeypatch.setattr(review_module, "Position", leaky)
    la = review(a, 0, playouts=150, seed=2)
    lb = review(b, 0, playouts=150, seed=2)
    assert verdicts(la) != verdicts(lb)
    # ... and not only in the hands it shows: the swapped cards change the win counts.
    assert [[o.wins for o in d.options] for d in la.decisions] != [[o.wins for o in d.options] for d in lb.decisions]
    revealed = [advise(d.position, playouts=150, seed=2, stop_early=False) for d in la.decisions]
    revealed_b = [advise(d.position, playouts=150, seed=2, stop_early=False) for d in lb.decisions]
    assert [[o.wins for o in v.options] for v in revealed] != [[o.wins for o in v.options] for v in revealed_b]


# ------------------------------------------- 5. explanations, series, errors
@pytest.mark.slow  # reviews games at the shipped settings
def test_explanations_series_and_progress():
    game = played(4, 8, 1000)
    calls: list[tuple[int, int]] = []
    r = review(game, 0, playouts=100, seed=5, progress=lambda done, total: calls.append((done, total)))
    n = len(r.decisions)
    assert n > 10
    assert calls == [(k, n) for k in range(1, n + 1)]
    assert r.series == tuple(d.chosen.win_rate for d in r.decisions) and len(r.series) == n
    assert r.best_series == tuple(d.best.win_rate for d in r.decisions)
    assert all(b >= s for b, s in zip(r.best_series, r.series))
    assert r.best_picks == sum(d.cost == 0 for d in r.decisions)
    kinds = {d.kind for d in r.decisions}
    assert kinds == {"card", "turbo"}
    forced = [d for d in r.decisions if d.forced]
    assert forced and any(not d.forced for d in r.decisions)
    for d in r.decisions:
        assert d.explanation and d.explanation.startswith(("You ", f"{d.chosen.action} "))
        assert mentions(d.explanation, d.chosen.action), (d.label, d.explanation)
        assert d.label == f"Round {d.round}, trick {d.trick}: you {verb(d)}"
        assert d.chosen in d.options and d.best is d.advice.ranked[0]
        assert d.cost == d.best.win_rate - d.chosen.win_rate >= 0
        assert 1 <= d.trick <= 9 and d.round in (1, 2, 3)
        # The advisor stops early once one option is clearly best (the coach's setting); a
        # choice that was not its pick is looked at closer: five times the test games, on the
        # same seed, to the end.
        done = d.options[0].playouts
        assert all(o.playouts == done for o in d.options)
        first = advise(d.position, 100, d.advice.seed)
        if d.advice.playouts_asked == 100:
            assert d.advice is first and first.best.action == d.chosen.action
            assert done == 100 or (d.advice.stopped_early and d.advice.clearly_best)
            assert not d.clear
        else:
            assert first.best.action != d.chosen.action
            assert d.advice.playouts_asked == done == 5 * 100 and not d.advice.stopped_early
            # Clear: the hint's pick won clearly more of the new test games only one of the two won.
            pick = next(o for o in d.options if o.action == first.best.action)
            new = [((a.outcomes & ~b.outcomes) >> first.options[0].playouts).bit_count()
                   for a, b in ((pick, d.chosen), (d.chosen, pick))]
            assert d.clear == (d.best is not d.chosen and sign_test(*new) < ALPHA / 2)
        if d.forced:
            assert d.cost == 0 and not d.clear and d.best is d.chosen
    assert list(r.ranked) == sorted(r.decisions, key=lambda d: (-d.cost, d.number))
    assert all(d.cost > 0 and d.clear for d in r.costly(n)) and len(r.costly()) <= 3
    assert r.costly(n) == tuple(d for d in r.ranked if d.cost > 0 and d.clear)
    table = r.table().splitlines()
    assert len(table) == n + 1
    sentence = r.sentence()
    # Only real choices count: a forced card is no choice, and would count as well chosen.
    choices = [d for d in r.decisions if len(d.options) > 1]
    assert len(choices) < n  # the game had forced cards
    assert sentence.startswith(f"{game.names[0]} had a real choice {len(choices)} times; "
                               f"{sum(d.cost == 0 for d in choices)} of those matched")
    assert game.names[game.winner] in sentence
    assert str(r) == sentence + "\n" + r.table()
    worst = r.costly(1)[0]
    assert f"round {worst.round}, trick {worst.trick}: you {verb(worst)}." in sentence
    better = worst.best.action  # named in words: a card, or what the turbo choice would have done
    assert (("using the turbo" if better.use else "moving by the card alone") if isinstance(better, Turbo)
            else str(better)) in sentence


def test_a_seat_that_has_not_decided_yet():
    r = review(Game.new(3, seed=1), 1, playouts=10)
    assert r.decisions == () and r.series == () and r.costly() == () and r.winner is None
    assert r.sentence() == "Bo has not decided anything yet."


@pytest.mark.slow
def test_a_running_game_gives_the_same_verdicts_as_the_finished_game_later():
    finished = played(3, 5, 1000)
    running = played(3, 5, 31)
    assert running.round == 2 and not running.is_over and running.trick  # mid-trick, mid-round 2
    assert finished.events[:len(running.events)] == running.events
    now = review(running, 0, playouts=100, seed=11)
    later = review(finished, 0, playouts=100, seed=11)
    assert now.winner is None and "won the race" not in now.sentence()
    assert 0 < len(now.decisions) < len(later.decisions)
    assert verdicts(now) == verdicts(later)[:len(now.decisions)]
    assert now.decisions == later.decisions[:len(now.decisions)]


def unrecorded_game() -> Game:
    game = Game.new(3, seed=1, record=False)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    return game


#: Each bad call, and what its message must say: what was wrong and what would be right.
BAD = {
    "not-a-game": (lambda g: review("a game", 0), r"review\(\)'s game must be a Game, like Game\.new"),
    "a-position": (lambda g: review(Position.from_game(g), 0), r"must be a Game.*not Position"),
    "record-false": (lambda g: review(unrecorded_game(), 0), r"records its events.*record=True"),
    "seat-3": (lambda g: review(g, 3), r"seat .*from 0 to 2.*not 3"),
    "seat-minus-1": (lambda g: review(g, -1), r"seat .*from 0 to 2.*not -1"),
    "seat-bool": (lambda g: review(g, True), r"seat .*from 0 to 2.*not True"),
    "playouts-0": (lambda g: review(g, 0, playouts=0), rf"playouts .*from 1 to {MAX_REVIEW_PLAYOUTS}.*not 0"),
    "playouts-too-many": (lambda g: review(g, 0, playouts=MAX_REVIEW_PLAYOUTS + 1),
                          rf"playouts .*from 1 to {MAX_REVIEW_PLAYOUTS}.*not {MAX_REVIEW_PLAYOUTS + 1}"),
    "playouts-fraction": (lambda g: review(g, 0, playouts=2.5), r"playouts .*whole number.*not 2\.5"),
    "seed": (lambda g: review(g, 0, seed=-1), r"seed .*whole number.*not -1"),
    "bots": (lambda g: review(g, 0, bots="smart"), r"bots .*'random', 'heuristic'.*not “smart”"),
    "progress": (lambda g: review(g, 0, progress="print"), r"progress .*function.*not “print”"),
    "hints-text": (lambda g: review(g, 0, hints="G3"), r"hints must be the advisor's answers shown as hints"),
    "hints-not-advice": (lambda g: review(g, 0, hints=[3]), r"A hint must be .*Advice.*not 3"),
    "steps-seat": (lambda g: review_steps(g, 5), r"seat .*from 0 to 2.*not 5"),  # refused at once, not at the first step
}


@pytest.mark.parametrize("name", BAD)
def test_bad_input_is_refused_saying_what_was_wrong(name):
    call, message = BAD[name]
    with pytest.raises(SetupError, match=message) as err:
        call(played(3, 5, 10))
    assert isinstance(err.value, ValueError)


def test_a_game_logged_only_from_some_moment_is_refused():
    game = unrecorded_game()
    game.record_from_now()
    game.apply(game.legal_actions()[0])
    assert game.recording and not game.full_history
    with pytest.raises(SetupError, match="first deal"):
        review(game, 0)
    with pytest.raises(SetupError, match="number of decisions"):
        review(played(3, 5, 10), 0, playouts=5).costly(0)


# ------------------------------------------------------ 6. a review that grows
@pytest.mark.slow  # reviews games at the shipped settings
def test_a_review_grows_first_looks_in_order_then_closer_looks_costliest_first():
    game = played(4, 8, 1000)
    steps = list(review_steps(game, 0, playouts=60, seed=5))
    final = steps[-1]
    assert final.complete and final == review(game, 0, playouts=60, seed=5)
    n = len(final.decisions)
    looks, closer = steps[:n], steps[n:]
    # The first looks: one decision more a step, in the order made.
    assert [len(s.decisions) for s in looks] == list(range(1, n + 1))
    assert [s.unreviewed for s in looks] == list(range(n - 1, -1, -1)) and not any(s.complete for s in steps[:-1])
    for s in looks:
        new = s.decisions[-1]
        first = advise(new.position, 60, new.advice.seed)
        mine = next(o for o in first.options if o.action == new.chosen.action)
        # Left for later: a choice not the first look's pick that the first look does not find clearly worse.
        assert (new.number in s.pending) == (mine is not first.best and not first.clearly_worse(mine))
    # Then the closer looks, one a step, the costliest (at the first look) first.
    waiting = looks[-1]
    assert len(waiting.pending) == len(closer) > 1
    settled = [(set(a.pending) - set(b.pending)).pop() for a, b in zip(steps[n - 1:], closer)]
    costs = [waiting.decisions[k - 1].cost for k in settled]
    assert costs == sorted(costs, reverse=True) and sorted(settled) == list(waiting.pending)
    # A decision with its last verdict never changes; one waiting is never counted as costly.
    for s in steps:
        for d in s.decisions:
            if d.number in s.pending:
                assert not d.clear and d.advice.playouts_asked == 60 and d not in s.costly(100)
            else:
                assert d == final.decisions[d.number - 1]
    # What a growing review says.
    assert steps[0].sentence() == f"{game.names[0]} made {n} decisions; the advisor has looked at 1 so far."
    assert f"It is taking a closer look at {len(waiting.pending)} choices that were not its pick." in waiting.sentence()
    assert "well played" not in waiting.sentence()


@pytest.mark.slow  # reviews games at the shipped settings
def test_a_choice_that_followed_a_hint_stopped_early_is_never_costly():
    game = played(4, 8, 1000)
    plain = review(game, 0, playouts=60, seed=5)
    ticks = iter(range(10**6))
    # The hints a learner on a very busy machine was shown, before any review: each stopped
    # after one test game (an answer remembered whole would be given whole).
    importlib.import_module("rally.stich_rallye.advisor")._answers.clear()
    hints = [advise(d.position, 60, d.advice.seed, time_limit=1.5, clock=lambda: next(ticks)) for d in plain.decisions]
    assert all(h.played == 1 and h.out_of_time for h in hints if len(h.options) > 1)
    shown = review(game, 0, playouts=60, seed=5, hints=hints)
    followed = [d for d in shown.decisions if d.followed]
    assert followed and any(plain.decisions[d.number - 1].clear for d in followed)
    for d, before, hint in zip(shown.decisions, plain.decisions, hints):
        first = advise(d.position, 60, d.advice.seed)
        assert d.followed == (hint.best.action == d.chosen.action != first.best.action)
        if d.followed:  # the same numbers, never blamed, and the words say why
            assert d.advice == before.advice and not d.clear and d not in shown.costly(100)
            assert ("You followed the hint" in d.explanation) == (d.chosen is not d.best)
        else:
            assert d == before


def test_the_reviews_work_done_ahead_is_the_reviews_and_bad_input_is_refused():
    game = played(3, 5, 5)  # five decisions in: a card to follow blue with
    moment = Position.from_game(game)
    with pytest.raises(SetupError, match=r"The moment must be an object of type Position, like Position.from_game"):
        review_module.look_ahead("SR1", moment.options()[0])
    choices = ", ".join(str(o) for o in moment.options())
    with pytest.raises(SetupError, match=re.escape(f"The choice must be one of the choices here: {choices}, like "
                                                   f"{moment.options()[0]}, not Turbo(True).")):
        review_module.look_ahead(moment, Turbo(True))
    calls: list[tuple[int, int]] = []
    for option in moment.options()[:2]:
        review_module.look_ahead(moment, option, progress=lambda done, total: calls.append((done, total)))
    assert calls and all(done <= total for done, total in calls)
