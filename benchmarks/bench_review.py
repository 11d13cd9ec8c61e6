"""How long a game review takes: every decision of one seat in a whole four-player game.

    python benchmarks/bench_review.py                      # 500 playouts per option (the default)
    python benchmarks/bench_review.py --playouts 200 --repeats 5 --seeds 8 14

For each seed it plays a whole game of four heuristic bots (``examples.played(4, seed,
1000)``) and reviews seat ``--seat`` with ``review(game, seat, playouts)``: every option
of every decision that seat made gets every playout (the review never stops early),
each played to the end of the game. It reports the decisions, the options played out,
the median and worst of ``--repeats`` timings, the playouts per second, and whether the
worst keeps within the target (a review a learner waits for: 10 seconds). A timed check
belongs here, not in the test suite: this prints, it never fails.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rally import review  # noqa: E402
from rally.stich_rallye.examples import played  # noqa: E402

TARGET_SECONDS = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=500, help="playouts per option (review's default: 500)")
    parser.add_argument("--repeats", type=int, default=3, help="timings per game")
    parser.add_argument("--seeds", type=int, nargs="+", default=[8, 14, 27], help="seeds of the four-player games")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed")
    parser.add_argument("--bots", default="random", choices=["random", "heuristic"], help="the playouts' players")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process; "
          f"{args.playouts} playouts per option, playouts by {args.bots} bots, seat {args.seat} reviewed, "
          f"median and worst of {args.repeats}; target {TARGET_SECONDS:.0f} s per game")
    verdicts = []
    for seed in args.seeds:
        game = played(4, seed, 1000)
        times = []
        for r in range(args.repeats):
            start = time.perf_counter()
            result = review(game, args.seat, playouts=args.playouts, seed=r, bots=args.bots)
            times.append(time.perf_counter() - start)
        decisions = len(result.decisions)
        options = sum(len(d.options) for d in result.decisions)
        playouts = options * args.playouts
        median, worst = statistics.median(times), max(times)
        verdict = "PASS" if worst <= TARGET_SECONDS else "OVER BUDGET"
        verdicts.append(verdict)
        print(f"seed {seed}: {decisions} decisions, {options} options ({playouts} playouts): "
              f"median {median:.2f} s, worst {worst:.2f} s, {playouts / median:,.0f} playouts/s   "
              f"{verdict} (worst {'within' if verdict == 'PASS' else 'over'} {TARGET_SECONDS:.0f} s)")
    passed = verdicts.count("PASS")
    print(f"{'PASS' if passed == len(verdicts) else 'OVER BUDGET'}: {passed} of {len(verdicts)} reviews "
          f"within {TARGET_SECONDS:.0f} s (worst of {args.repeats})")


if __name__ == "__main__":
    main()
