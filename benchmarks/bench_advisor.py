"""How long the advisor takes on five-player positions in the middle of a round.

    python benchmarks/bench_advisor.py                  # 1,000 playouts per option
    python benchmarks/bench_advisor.py --playouts 500 --repeats 5

For each round it plays a seeded five-player game with random bots up to the moment a
player leads a trick in the middle of that round (round 1 with 3 of 5 cards left, round 2
with 4 of 7, round 3 with 5 of 9), so every card in hand is an option. It then asks
``advise(position, playouts, stop_early=False)``: every option gets every playout,
each played to the end of the game. It reports the median and worst of ``--repeats``
timings. A timed check belongs here, not in the test suite.
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

from rally import Game, Position, RandomBot, advise, play_until  # noqa: E402

CARDS_LEFT = {1: 3, 2: 4, 3: 5}


def mid_round_position(round: int, seed: int = 11) -> Position:
    """A five-player position where the flag holder leads with ``CARDS_LEFT[round]`` cards."""
    for s in range(seed, seed + 1000):
        game = Game.new(5, seed=s, record=False)
        play_until(game, [RandomBot()] * 5, random.Random(s), lambda g: g.round > round or (
            g.round == round and not g.trick_codes and len(g.hand_codes(g.flag)) == CARDS_LEFT[round]))
        if not game.is_over and game.round == round:
            return Position.from_game(game)
    raise RuntimeError("no such position found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000, help="playouts per option")
    parser.add_argument("--repeats", type=int, default=7, help="timings per position")
    parser.add_argument("--bots", default="random", choices=["random", "heuristic"], help="the playouts' players")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process; "
          f"{args.playouts} playouts per option by {args.bots} players, no early stop, median of {args.repeats}")
    for round in (1, 2, 3):
        position = mid_round_position(round)
        times = []
        for r in range(args.repeats):
            start = time.perf_counter()
            advice = advise(position, playouts=args.playouts, seed=r, bots=args.bots, stop_early=False)
            times.append(time.perf_counter() - start)
        options = len(advice.options)
        print(f"round {round}, {options} options ({options * args.playouts} playouts): "
              f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s   {position.code()}")


if __name__ == "__main__":
    main()
