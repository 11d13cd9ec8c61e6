"""Choose the seed of the guided first game (``rally.stich_rallye.moments.GUIDED_SEED``).

    python benchmarks/bench_guided_seed.py                  # seeds 0-299, then the best 10
    python benchmarks/bench_guided_seed.py --seeds 1000 --learners 200

A guided game stops the first time each kind of moment happens (``rally.stich_rallye.moments.KINDS``).
The learner makes every decision, so which kinds come up depends on how they play. For
each seed this plays the guided game once per learner policy (the heuristic player,
always and never the turbo, random legal play with different seeds:
``rally.stich_rallye.moments.learner_policies``) and counts the share of policies under which every
kind comes up in the game. First a quick pass over ``--seeds`` seeds with ``--quick``
policies, then the best ``--finalists`` seeds again with ``--learners`` policies, ranked by
that share and then by how early (in events) all kinds but the finish came up; it
prints each finalist's share and, for the best, how many policies miss each kind.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rally.stich_rallye.moments import GUIDED_SEED, coverage, learner_policies, search_seeds  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--quick", type=int, default=20)
    parser.add_argument("--finalists", type=int, default=10)
    parser.add_argument("--learners", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    quick = search_seeds(range(args.seeds), args.quick)
    finalists = [seed for _share, seed in quick[: args.finalists]]
    if GUIDED_SEED not in finalists:
        finalists.append(GUIDED_SEED)
    policies = learner_policies(args.learners)
    # Best first: the most learners meeting every kind, then the earliest (in events).
    results = sorted(((coverage(seed, policies), seed) for seed in finalists),
                     key=lambda r: (-r[0].share, r[0].late, r[1]))
    for found, seed in results:
        mark = "  <- GUIDED_SEED" if seed == GUIDED_SEED else ""
        print(f"seed {seed:4d}: every kind for {found.share:.1%} of {len(policies)} learners, all but the finish "
              f"by event {found.events:.0f} on average{mark}")
    (share, missed, _events), best = results[0]
    print(f"best seed {best}: learners missing each kind: "
          + ", ".join(f"{kind} {n}" for kind, n in missed.items() if n) or "none")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
