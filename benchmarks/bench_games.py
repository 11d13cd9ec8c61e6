"""How many full random-bot games of Stich Rallye one core plays per second.

    python benchmarks/bench_games.py            # 3, 4 and 5 players, volcano track
    python benchmarks/bench_games.py --repeats 21 --games 500

Each measurement creates ``--games`` new games (each with its own seed, so every deal
differs) and plays them to the end with ``play_out(game, [RandomBot()] * players, rng)``,
twice: *recorded*, with the event log on (``Game.new``'s default, what every widget and
lesson uses), and *no log* (``record=False``, for simulations). Timings on a shared
virtual machine vary a lot from run to run, so it reports the median and the best of
``--repeats`` measurements. A timed check belongs here, not in the test suite.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rally import Game, RandomBot, play_out  # noqa: E402


def games_per_second(players: int, games: int, track: str, first_seed: int, record: bool) -> float:
    bots = [RandomBot()] * players
    rng = random.Random(first_seed)
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play_out(Game.new(players, track=track, seed=seed, record=record), bots, rng)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per measurement")
    parser.add_argument("--repeats", type=int, default=15, help="measurements per player count")
    parser.add_argument("--track", default="volcano")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process (one core); "
          f"{args.repeats} x {args.games} games, {args.track} track")
    for record in (True, False):
        print("recorded (event log on):" if record else "no log (record=False):")
        for players in (3, 4, 5):
            rates = [games_per_second(players, args.games, args.track, r * args.games, record)
                     for r in range(args.repeats)]
            print(f"  {players} players: median {statistics.median(rates):7.0f} games/s, "
                  f"best {max(rates):7.0f}, worst {min(rates):7.0f}")


if __name__ == "__main__":
    main()
