"""How strong and how steady the coach is: the advisor's player against careful bots,
the review against a reference four times its size, and the coach's speed.

    python benchmarks/bench_coach.py strength --games 200 --first 90000 --jobs 1
    python benchmarks/bench_coach.py strength --games 200 --first 90000 --jobs 1 --opponents varied
    python benchmarks/bench_coach.py strength --games 200 --first 90000 --jobs 1 --advisor-only
    python benchmarks/bench_coach.py agreement --games 4
    python benchmarks/bench_coach.py recall --games 8 --jobs 2
    python benchmarks/bench_coach.py recall --games 8 --jobs 2 --first 91000 --save recall.json
    python benchmarks/bench_coach.py speed --games 3
    python benchmarks/bench_coach.py speed --games 3 --busy 2
    python benchmarks/bench_coach.py speed --games 3 --busy 2 --hints-only
    python benchmarks/bench_coach.py speed --games 3 --dealing uniform
    python benchmarks/bench_coach.py deals
    python benchmarks/bench_coach.py regret --games 10 --first 90000 --budgets 200,400,1000
    python benchmarks/bench_coach.py strength --games 200 --first 75000 --jobs 1 --advisor-only --save base.json
    python benchmarks/bench_coach.py strength --games 200 --first 75000 --jobs 1 --advisor-only --playouts 400 --against base.json
    python benchmarks/bench_coach.py strength --games 200 --first 75000 --jobs 1 --advisor-only --closer 400 --against base.json

``strength``: four-player games, seeds ``--first`` (default 0), and up; seat 0 is
:class:`rally.AdvisorBot` (the coach's own analysis at every decision with a choice:
``rally.advise`` with its defaults), seats 1-3 are careful bots (:class:`rally.HeuristicBot`,
with the shipped settings, or ``--opponents varied``: min_gain 1 and always the turbo,
min_gain 5 and never, min_gain 4); the flag starts with seat ``seed % 4``. The same seeds
are played with the advisor dealing the unseen cards uniformly among the deals the voids
allow (no weighing by the round's plays), and with a careful bot in seat 0. It prints
each player's wins with a 95% Wilson interval (a fair share is 25%), and an exact sign
test on the seeds only one of the two dealings won. ``--advisor-only`` plays the advisor
with weighed deals alone; ``--playouts N`` gives it N test games per option instead of the
coach's; ``--save FILE`` writes each seed's winner (the advisor with weighed deals), and
``--against FILE`` compares this run with a saved one game by game on the same seeds (the
seeds only one of the two won, an exact sign test). ``--closer N`` gives the advisor's
player a closer look where its options are close (:class:`CloserAdvisor`): the coach's
analysis, then, when no option was clearly best, the two best play N more deals. Each run says its wall-clock and CPU
seconds and the load.

``regret``: how much better the advisor could choose among its options. The decisions with a
choice of the advisor's player in ``--games`` games against three careful bots (seeds
``--first``, default 90000, and up) are each played out by a reference with ``--reference``
(2000) test games per option, seeds of its own, no early stop; then the advisor picks again
with each of ``--budgets`` test games per option, and the win chance its pick gives away
against the reference's best is summed, per game and by the number of options. The
reference's own noise counts in: its best is the best of noisy estimates, so even a perfect
pick shows some loss.

``agreement``: seeded games of four careful bots; seat 0's decisions reviewed by the
coach (``rally.stich_rallye.review`` with its defaults) and by a reference that gives every option
four times as many careful test games, without stopping early. It prints the rank
correlation (Spearman) of the two reviews' costs, how often the best option differs by
5 points or more, and whether any decision the coach calls costly is not costly in the
reference.

``recall``: does the review catch the real mistakes? Seat 0 is a learner (a careful player
that guesses one decision in three) against three careful bots, on seeds 90000 and up; each
of its decisions with a choice is reviewed by the coach and by a reference with ten times
its test games (its own seeds, no early stop). A choice is clearly costly when the
reference's best has its 99% interval wholly above the choice's; recall is how many of
those the review flags; precision how many it flags that the reference finds worse on the
same test games (none it finds fine is the goal). For comparison, the line "by the hint's
analysis alone" flags a choice when the hint's analysis (200 test games, no closer look)
has the best's interval wholly above the choice's. It prints, too, the lower end of
the 99% interval of each flagged cost on the test games the review's verdict rests on
(:func:`paired_low`: would a minimum effect drop it?); ``--save FILE`` writes every
decision's numbers (the paired counts of the review and of the reference) as JSON.

``speed``: seeded four-player games (seeds 0, 1, ...) of the learner of ``recall`` in
seat 0 against three careful bots. At every decision of seat 0 the hint as the game view
asks it (``rally.advise`` with the time budget ``HINT_SECONDS``, and its words,
``Advice.hint()``), from an empty memory of answers: its median and worst time, and how often it stopped at the budget (and after how
many test games); the learner then plays its own choice. Then each game's review as the
game view grows it (``rally.review_steps``), from an empty memory too: when the first step is on hand
(the page shows it at once), when every decision has had its first look, when the first
costly decision is found, and when the review is whole. Then the same as the game view
does it in Jupyter: the review's work on each decision but the last done while the game
goes on (``rally.stich_rallye.review.look_ahead``, from an empty memory: how long it takes a decision,
time the learner and the bots take anyway), and the review after the game. ``--busy N``
keeps N other processes spinning meanwhile (N = 2 on a 2-core machine: both cores busy);
``--dealing uniform`` times the advisor with the unseen cards dealt uniformly among the
deals the voids allow, as :data:`DEALINGS` says; ``--hints-only`` times the hints alone.

``deals``: over seeded games, how many dealt hands give a player a color they showed out
of earlier in the round (the issue measured 822 of 1,912 before positions kept it).

A timed check belongs here, not in the test suite.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rally import AdvisorBot, Game, HeuristicBot, Position, advise, play_out, review, review_steps  # noqa: E402
from rally.stich_rallye import advisor as advisor_module  # noqa: E402
from rally.common.stats import sign_test, wilson_interval  # noqa: E402
from rally.stich_rallye import evidence as evidence_module  # noqa: E402
from rally.stich_rallye.legality import shown_out  # noqa: E402
from rally.stich_rallye.review import look_ahead  # noqa: E402
from rally.common.turns import play_bots  # noqa: E402


#: The careful bots at the table: the shipped settings, or other settings (``--opponents varied``).
OPPONENTS = {
    "careful": lambda: [HeuristicBot(), HeuristicBot(), HeuristicBot()],
    "varied": lambda: [HeuristicBot(min_gain=1, turbo="always"), HeuristicBot(min_gain=5, turbo="never"),
                       HeuristicBot(min_gain=4)],
}
#: How the advisor deals the unseen cards: weighed by the round's plays (the shipped
#: way), or uniformly among the deals the voids allow (no Metropolis steps).
DEALINGS = {"weighed": evidence_module.STEPS_PER_CARD, "uniform": 0}


class CloserAdvisor:
    """The advisor's player with a closer look where its options are close: the coach's
    analysis (``rally.advise`` at its defaults: the same deals, batches and early stop),
    and when no option was clearly best after all its test games, the two best by its
    ranking play ``extra`` more deals, the same ones for both, on from the same stream of
    deals; the pick is the one of the two that won more of all its test games (then the
    spaces driven). With ``extra`` 0 it picks as :class:`rally.AdvisorBot` does, but for a
    card that ends the trick and wins it: this one judges it by a careful player's turbo
    choice after it, the advisor by the better turbo choice."""

    def __init__(self, extra: int):
        self.extra = extra

    def choose(self, game, actions, rng):  # noqa: ANN001 - a bot's signature (rally.Bot)
        if len(actions) == 1:
            return actions[0]
        position = Position.from_game(game)
        options, seat, start = position.options(), position.decider, position.positions[position.decider]
        stream = random.Random(advisor_module.moment_seed(position))
        players = [HeuristicBot() for _ in range(position.players)]
        wins, driven = [0] * len(options), [0] * len(options)

        def deal(chosen: list[int]) -> None:
            table, dice = position.to_game(stream), stream.getrandbits(64)
            for i in chosen:
                test = advisor_module.play_test_game(table, options[i], dice, players)[0]
                wins[i] += test.winner == seat
                driven[i] += test.positions[seat] - start

        every, done = list(range(len(options))), 0
        size, batch = advisor_module.COACH_PLAYOUTS, advisor_module.COACH_BATCH
        while done < size:
            for _ in range(min(batch, size - done)):
                deal(every)
            done = min(size, done + batch)
            if done < size and advisor_module._clear_winner(wins, done):
                return options[max(every, key=lambda i: (wins[i], driven[i]))]
        two = sorted(every, key=lambda i: (-wins[i], -driven[i]))[:2]
        for _ in range(self.extra):
            deal(two)
        return options[max(two, key=lambda i: (wins[i], driven[i]))]


def _one_game(job: tuple[int, str, str, str, int, int]) -> int | None:
    seed, first, opponents, dealing, playouts, closer = job
    if evidence_module.STEPS_PER_CARD != DEALINGS[dealing]:
        evidence_module.STEPS_PER_CARD = DEALINGS[dealing]
        advisor_module._answers.clear()  # answers remembered from the other dealing
    advisor = CloserAdvisor(closer) if closer else AdvisorBot(playouts=playouts)
    bots = [advisor if first == "advisor" else HeuristicBot()] + OPPONENTS[opponents]()
    game = Game.new(4, seed=seed, first_player=seed % 4, record=False)
    play_out(game, bots, random.Random(seed))
    return game.winner


def strength(games: int, jobs: int, first: int, opponents: str, advisor_only: bool = False,
             playouts: int = advisor_module.COACH_PLAYOUTS, save: str | None = None,
             against: str | None = None, closer: int = 0) -> None:
    seeds = range(first, first + games)
    print(f"{games} four-player games, seeds {first}-{first + games - 1}; seat 0 against three careful bots "
          f"({opponents}: {', '.join(map(repr, OPPONENTS[opponents]()))}); the advisor with {playouts} test games "
          f"per option{f', the two best {closer} more where none is clearly best' if closer else ''}; load {os.getloadavg()[0]:.1f} as it starts")
    won: dict[str, list[bool]] = {}
    runs = (("advisor", "weighed"),) if advisor_only else (("advisor", "weighed"), ("advisor", "uniform"),
                                                           ("careful", "weighed"))
    for who, dealing in runs:
        start, cpu = time.perf_counter(), _cpu()
        with multiprocessing.Pool(jobs) as pool:
            winners = pool.map(_one_game, [(seed, who, opponents, dealing, playouts, closer) for seed in seeds], chunksize=4)
        won[who + dealing] = [w == 0 for w in winners]
        if save and who == "advisor" and dealing == "weighed":
            Path(save).write_text(json.dumps(dict(zip(map(str, seeds), winners))))
        wins = sum(won[who + dealing])
        low, high = wilson_interval(wins, games)
        name = (f"advisor's player, {dealing} deals" if who == "advisor" else "careful bot (rally.HeuristicBot)")
        print(f"  {name:38} won {wins:4} of {games}: {wins / games:6.1%}  (95%: {low:.1%}-{high:.1%}), "
              f"{time.perf_counter() - start:.0f} s on {jobs} processes, {_cpu() - cpu:.0f} s of CPU, load "
              f"{os.getloadavg()[0]:.1f} at the end", flush=True)
    if against:
        paired(won["advisorweighed"], seeds, against)
    if advisor_only:
        return
    ahead = sum(a and not b for a, b in zip(won["advisorweighed"], won["advisoruniform"]))
    behind = sum(b and not a for a, b in zip(won["advisorweighed"], won["advisoruniform"]))
    both = min(1.0, 2 * min(sign_test(ahead, behind), sign_test(behind, ahead)))
    print(f"  paired, same seeds: won with weighed deals only {ahead}, with uniform deals only {behind}; "
          f"sign test p = {sign_test(ahead, behind):.3f} one-sided (weighed better), {both:.3f} two-sided")


def paired(mine: list[bool], seeds: range, against: str) -> None:
    """The advisor's wins on ``seeds`` against a run saved with ``--save`` (the same seeds):
    the games only one of the two won, and the exact sign test on them."""
    other = json.loads(Path(against).read_text())
    pairs = [(a, other[str(s)] == 0) for a, s in zip(mine, seeds) if str(s) in other]
    ahead = sum(a and not b for a, b in pairs)
    behind = sum(b and not a for a, b in pairs)
    both = min(1.0, 2 * min(sign_test(ahead, behind), sign_test(behind, ahead)))
    theirs = sum(b for _, b in pairs)
    print(f"  paired with {against} on {len(pairs)} seeds (it won {theirs}): won by this run only {ahead}, by "
          f"that one only {behind}; sign test p = {sign_test(ahead, behind):.3f} one-sided (this better), "
          f"{both:.3f} two-sided")


def _cpu() -> float:
    """The CPU seconds this process and its finished children have used."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def agreement(games: int) -> None:
    costs, reference, far, false_costly, decisions = [], [], 0, 0, 0
    ref_costly = found = 0
    for seed in range(games):
        game = Game.new(4, seed=seed)
        play_out(game, [HeuristicBot() for _ in range(4)], random.Random(seed))
        coach = review(game, 0)
        for d in coach.decisions:
            if d.forced:
                continue
            ref = advise(d.position, playouts=4 * advisor_module.COACH_PLAYOUTS, seed=10_000 + seed,
                         stop_early=False)
            chosen = next(o for o in ref.options if o.action == d.chosen.action)
            costs.append(d.cost)
            reference.append(ref.best.win_rate - chosen.win_rate)
            decisions += 1
            if abs(ref.best.win_rate - next(o for o in ref.options if o.action == d.best.action).win_rate) >= 0.05:
                far += 1
            called = d in coach.costly(1000)
            if called and not ref.best.clearly_above(chosen):
                false_costly += 1
            if ref.best.clearly_above(chosen):
                ref_costly += 1
                found += called
    print(f"{decisions} decisions with a choice, seat 0 of {games} games of careful bots; reference: "
          f"{4 * advisor_module.COACH_PLAYOUTS} careful test games per option")
    print(f"  rank correlation of the costs (Spearman): {_spearman(costs, reference):.2f}")
    print(f"  coach's best option 5 points or more below the reference's best: {far} of {decisions}")
    print(f"  called costly by the coach but not clearly costly in the reference: {false_costly}")
    print(f"  clearly costly in the reference and called costly by the coach too: {found} of {ref_costly}")


class Learner:
    """A learner as the review meets one: plays like a careful bot, but one decision in
    ``guesses`` (with a choice) is a guess among the legal ones."""

    def __init__(self, guesses: int = 3):
        self.careful, self.guesses = HeuristicBot(), guesses

    def choose(self, game, actions, rng):  # noqa: ANN001 - a bot's signature (rally.Bot)
        if len(actions) > 1 and rng.randrange(self.guesses) == 0:
            return rng.choice(list(actions))
        return self.careful.choose(game, actions, rng)


def _review_test(d, first) -> tuple[int, int, int, float]:  # noqa: ANN001 - a ReviewedDecision, an Advice
    """The paired comparison the review's verdict on ``d`` rests on
    (:func:`rally.stich_rallye.review.clearly_costly`): the test games only the better
    option won, only the choice won, how many games, and the sign test's level."""
    advice, chosen = d.advice, d.chosen
    options = len(advice.options)
    if advice is first or advice.best is chosen or advice.played == first.played:
        best, seen, level = advice.best, 0, advisor_module.ALPHA / 2 / (options - 1)
    else:
        best = next(o for o in advice.options if o.action == first.best.action)
        seen, level = first.played, advisor_module.ALPHA / 2
    if best is chosen:
        return 0, 0, advice.played - seen, level
    return best.won_alone(chosen, seen), chosen.won_alone(best, seen), advice.played - seen, level


def _recall_game(seed: int) -> list[dict[str, object]]:
    """One game of :func:`recall`: per decision with a choice, whether the review flags it,
    the paired counts its verdict rests on (:func:`_review_test`), and the reference's
    verdict, cost and paired counts (best against the choice); ``hint``: flagged by the
    coach's analysis alone (its best's 99% interval wholly above the chosen one's, at the
    hint's test games)."""
    game = Game.new(4, seed=seed, first_player=seed % 4)
    play_out(game, [Learner()] + [HeuristicBot() for _ in range(3)], random.Random(seed))
    coach = review(game, 0)
    flagged = set(coach.costly(1000))
    rows: list[dict[str, object]] = []
    for d in coach.decisions:
        if d.forced:
            continue
        ref = advise(d.position, playouts=10 * advisor_module.COACH_PLAYOUTS, seed=seed * 1000 + d.number,
                     stop_early=False)
        chosen = next(o for o in ref.options if o.action == d.chosen.action)
        first = advise(d.position)  # the coach's analysis, the hint's (remembered from the review)
        mine = next(o for o in first.options if o.action == d.chosen.action)
        better, worse, games, level = _review_test(d, first)
        rows.append({"seed": seed, "number": d.number, "flagged": d in flagged, "cost": d.cost,
                     "better": better, "worse": worse, "games": games, "level": level,
                     "ref_worse": ref.clearly_worse(chosen), "ref_costly": ref.best.clearly_above(chosen),
                     "ref_cost": ref.best.win_rate - chosen.win_rate, "ref_games": ref.played,
                     "ref_better": 0 if ref.best is chosen else ref.best.won_alone(chosen),
                     "ref_chosen": 0 if ref.best is chosen else chosen.won_alone(ref.best),
                     "hint": mine is not first.best and first.best.clearly_above(mine)})
    return rows


def paired_low(better: int, worse: int, games: int, z: float = advisor_module.Z99) -> float:
    """The lower end of the interval of a paired difference of win chances: ``better`` and
    ``worse`` test games won by one option only, of ``games`` (a normal approximation)."""
    if not games:
        return 0.0
    diff = (better - worse) / games
    spread = max(0.0, (better + worse) / games - diff * diff)
    return diff - z * (spread / games) ** 0.5


def recall(games: int, jobs: int, first: int, save: str | None = None) -> None:
    """The review against a reference with ten times its test games."""
    start = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        rows = [row for game in pool.map(_recall_game, range(first, first + games), chunksize=1) for row in game]
    if save:
        Path(save).write_text(json.dumps(rows, indent=0))
    flagged = [r for r in rows if r["flagged"]]
    costly = [r for r in rows if r["ref_costly"]]
    print(f"{len(rows)} decisions with a choice: seat 0 of {games} four-player games, seeds {first}-"
          f"{first + games - 1}, a careful player that guesses one decision in three, against three careful bots")
    print(f"  review: the coach's ({advisor_module.COACH_PLAYOUTS} test games per option, early stop, each "
          f"moment's seed); reference: {10 * advisor_module.COACH_PLAYOUTS} per option, seeds of its own")
    print(f"  clearly costly in the reference (its best's 99% interval wholly above the choice's): "
          f"{len(costly)}; flagged by the review: {sum(r['flagged'] for r in costly)} (recall)")
    print(f"  flagged by the review: {len(flagged)}; worse in the reference: {sum(r['ref_worse'] for r in flagged)} "
          f"(precision); fine in the reference: {sum(not r['ref_worse'] for r in flagged)}")
    print(f"  flagged by the hint's analysis alone (intervals apart, 200 test games): recall "
          f"{sum(r['hint'] for r in costly)} of {len(costly)}, {sum(r['hint'] for r in rows)} flagged, "
          f"{sum(r['hint'] and not r['ref_worse'] for r in rows)} fine in the reference")
    doubtful = [f"{r['cost']:.1%} (reference {r['ref_cost']:.1%})" for r in flagged if not r["ref_worse"]]
    print(f"  flagged but fine in the reference, their cost: {', '.join(doubtful) or 'none'}")
    missed = sorted(r["ref_cost"] for r in costly if not r["flagged"])
    print(f"  missed, their cost in the reference: {', '.join(f'{c:.1%}' for c in missed) or 'none'}")
    lows = sorted(paired_low(r["better"], r["worse"], r["games"]) for r in flagged)
    print(f"  flagged, the lower end of the 99% interval of the cost on the games the review's test used: "
          f"{', '.join(f'{x:.1%}' for x in lows)}")
    print(f"  {time.perf_counter() - start:.0f} s on {jobs} processes")


def _spin() -> None:
    """A process that keeps one core busy until it is stopped."""
    while True:
        pass


def _timed_review(game: Game, remembered: bool = False) -> tuple[float, float, float | None, float, int]:
    """One review as the game view grows it, from an empty memory of answers (or, with
    ``remembered``, from what is remembered now): the seconds to its first step, to every
    decision's first look, to its first costly decision (None: none) and to the whole
    review, and how many steps it had."""
    if not remembered:
        advisor_module._answers.clear()
    start = time.perf_counter()
    first = looked = costly = None
    steps = 0
    for step in review_steps(game, 0):
        now = time.perf_counter() - start
        steps += 1
        first = now if first is None else first
        if looked is None and not step.unreviewed:
            looked = now
        if costly is None and step.costly(1):
            costly = now
    assert first is not None and looked is not None and step.complete
    return first, looked, costly, time.perf_counter() - start, steps


def speed(games: int, busy: int, hints_only: bool = False) -> None:
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(busy)]
    for spinner in spinners:
        spinner.start()
    try:
        _speed(games, busy, hints_only)
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.join()


def _speed(games: int, busy: int, hints_only: bool) -> None:
    limit = advisor_module.HINT_SECONDS
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{busy} other processes spinning on {os.cpu_count()} cores (load {load:.1f} as it starts); "
          f"{evidence_module.STEPS_PER_CARD} weighing steps a card (0: uniform deals)")
    hints, cut, reviews, ahead, after = [], [], [], [], []
    for seed in range(games):
        game = Game.new(4, seed=seed)
        rng = random.Random(seed)
        learner, bots = Learner(), [None, HeuristicBot(), HeuristicBot(), HeuristicBot()]
        decisions: list[tuple[Position, object]] = []
        while True:
            play_bots(game, bots, rng, until=0)
            if game.is_over:
                break
            advisor_module._answers.clear()
            start = time.perf_counter()
            hint = advise(game, time_limit=limit)
            hint.hint()  # the whole answer as the game view asks it: the analysis and its words
            hints.append(time.perf_counter() - start)
            if hint.out_of_time:
                cut.append(hint.played)
            action = learner.choose(game, game.legal_actions(), rng)
            decisions.append((Position.from_game(game), action))
            game.apply(action)
        if hints_only:
            continue
        reviews.append(_timed_review(game))
        advisor_module._answers.clear()
        for position, action in decisions[:-1]:  # the last one ends the game: the review begins at once
            start = time.perf_counter()
            look_ahead(position, action)
            ahead.append(time.perf_counter() - start)
        after.append(_timed_review(game, remembered=True))
    stopped = (f"; {len(cut)} stopped at the budget, after {min(cut)}-{max(cut)} test games (median "
               f"{statistics.median(cut):.0f})" if cut else "; none stopped at the budget")
    over = sum(t > limit for t in hints)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"hint with a {limit:g} s budget, its words included ({len(hints)} decisions of {games} games): median "
          f"{statistics.median(hints):.2f} s, worst {max(hints):.2f} s (then {', '.join(f'{t:.2f}' for t in sorted(hints)[-4:-1][::-1])}), "
          f"{over} over the budget{stopped}; load {load:.1f} as it ends")
    if hints_only:
        return
    for what, k in (("first step on the page", 0), ("every decision's first look", 1), ("whole review", 3)):
        times = [r[k] for r in reviews]
        print(f"review ({games} games), {what}: median {statistics.median(times):.2f} s, worst {max(times):.2f} s")
    found = [r[2] for r in reviews if r[2] is not None]
    print(f"review, first costly decision found: {', '.join(f'{t:.2f} s' for t in found) or 'none'} "
          f"({len(found)} of {games} games have one); steps per review: {', '.join(str(r[4]) for r in reviews)}")
    print(f"the review's work done during the game ({len(ahead)} decisions): median {statistics.median(ahead):.2f} s "
          f"a decision, worst {max(ahead):.2f} s")
    for what, k in (("first step", 0), ("first costly decision", 2), ("whole review", 3)):
        times = [r[k] for r in after if r[k] is not None]
        print(f"review after it, {what}: median {statistics.median(times):.2f} s, worst {max(times):.2f} s")


def regret(games: int, first: int, budgets: list[int], reference: int) -> None:
    """How much the advisor's picks give away against a reference with many more test
    games: the headroom left to a better choice among the options (issue 45, item 2)."""
    start, cpu = time.perf_counter(), _cpu()
    codes: list[str] = []
    for seed in range(first, first + games):
        game = Game.new(4, seed=seed, first_player=seed % 4, record=False)
        rng, bots, advisor = random.Random(seed), [None] + OPPONENTS["careful"](), AdvisorBot()
        while True:
            play_bots(game, bots, rng, until=0)
            if game.is_over:
                break
            actions = game.legal_actions()
            if len(actions) > 1:
                codes.append(Position.from_game(game).code())
            game.apply(advisor.choose(game, actions, rng))
    refs = []
    for number, code in enumerate(codes):
        ref = advise(Position.from_code(code), playouts=reference, seed=777_000 + number, stop_early=False)
        refs.append({o.label: o.win_rate for o in ref.options})
    print(f"{len(codes)} decisions with a choice of the advisor's player (seat 0) in {games} four-player games against "
          f"three careful bots, seeds {first}-{first + games - 1}; reference: {reference} test games per option, "
          f"seeds of its own, no early stop ({_cpu() - cpu:.0f} s of CPU so far)")
    for budget in budgets:
        advisor_module._answers.clear()
        spent, lost, wrong, by_size = _cpu(), 0.0, 0, {}
        for code, rates in zip(codes, refs):
            pick = advise(Position.from_code(code), playouts=budget).best.label
            cost = max(rates.values()) - rates[pick]
            lost, wrong = lost + cost, wrong + (cost > 0)
            size = min(len(rates), 5)
            by_size[size] = by_size.get(size, 0.0) + cost
        sizes = ", ".join(f"{k}{'+' if k == 5 else ''} options {v / games:.1%}" for k, v in sorted(by_size.items()))
        print(f"  {budget} test games per option: the pick is below the reference's best {wrong} times; win chance "
              f"given away {lost / games:.1%} a game ({sizes}); {_cpu() - spent:.0f} s of CPU")
    print(f"  the reference's own noise counts in these figures: its best is the best of noisy estimates. "
          f"{time.perf_counter() - start:.0f} s")


def deals(games: int) -> None:
    dealt = wrong = 0
    for seed in range(games):
        game = Game.new(4, seed=seed)
        rng = random.Random(seed)
        bots = [HeuristicBot() for _ in range(4)]
        while not game.is_over:
            p = Position.from_game(game)
            lacking = shown_out(p.played, p.trick, p.flag, 4)
            if lacking:
                hands = p.to_game(rng).hands
                dealt += 1
                wrong += any({c.color for c in hands[s]} & set(colors) for s, colors in lacking.items())
            play_bots(game, bots, rng, limit=1)
    print(f"{wrong} of {dealt} deals (one per moment with a known void, {games} games) give a player a color "
          f"they showed out of")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["strength", "agreement", "recall", "speed", "deals", "regret"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first", type=int, default=None,
                        help="the first game's seed (recall: 90000, strength: 0)")
    parser.add_argument("--opponents", choices=sorted(OPPONENTS), default="careful",
                        help="strength: the careful bots' settings")
    parser.add_argument("--advisor-only", action="store_true",
                        help="strength: the advisor's player with weighed deals only (no uniform deals, no careful bot)")
    parser.add_argument("--playouts", type=int, default=advisor_module.COACH_PLAYOUTS,
                        help="strength, regret: the advisor's test games per option")
    parser.add_argument("--budgets", default=str(advisor_module.COACH_PLAYOUTS),
                        help="regret: the advisor's test games per option to try, separated by commas")
    parser.add_argument("--reference", type=int, default=2000, help="regret: the reference's test games per option")
    parser.add_argument("--closer", type=int, default=0,
                        help="strength: where no option is clearly best, the two best play this many more deals")
    parser.add_argument("--against", default=None,
                        help="strength: a run saved with --save on the same seeds, compared game by game")
    parser.add_argument("--busy", type=int, default=0, help="speed: other processes spinning meanwhile")
    parser.add_argument("--save", default=None, help="recall: write every decision's numbers to this JSON file; strength: each seed's winner")
    parser.add_argument("--hints-only", action="store_true", help="speed: time the hints, not the reviews")
    parser.add_argument("--dealing", choices=sorted(DEALINGS), default="weighed",
                        help="speed: how the advisor deals the unseen cards")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; coach: "
          f"{advisor_module.COACH_PLAYOUTS} test games per option by {advisor_module.COACH_BOTS} players")
    if args.what == "strength":
        strength(args.games or 300, args.jobs, args.first or 0, args.opponents, args.advisor_only, args.playouts,
                 args.save, args.against, args.closer)
    elif args.what == "agreement":
        agreement(args.games or 4)
    elif args.what == "recall":
        recall(args.games or 8, args.jobs, 90_000 if args.first is None else args.first, args.save)
    elif args.what == "speed":
        evidence_module.STEPS_PER_CARD = DEALINGS[args.dealing]
        speed(args.games or 3, args.busy, args.hints_only)
    elif args.what == "regret":
        regret(args.games or 10, 90_000 if args.first is None else args.first,
               [int(b) for b in args.budgets.split(",")], args.reference)
    else:
        deals(args.games or 24)


if __name__ == "__main__":
    main()
