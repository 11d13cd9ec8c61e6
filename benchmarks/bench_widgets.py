"""How fast GameView answers a card click.

A click is the CardHand's ``selected`` trait being set, as the page does; the figure
has updated once the FigureWidget's car trace data changed (a Plotly ``on_change``
callback, in Python). In between, the view plays the human's card, lets the bots act
until the human's next turn, and redraws everything. No browser is involved, so this
is the kernel's share of the delay.

    python benchmarks/bench_widgets.py            # 200 clicks that move a car
    python benchmarks/bench_widgets.py --clicks 500 --players 5 --bots random

It first times a lesson's first widget the way a kernel that has just started meets
it: a fresh interpreter imports ``widgets`` and makes a track figure (median of 5).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rally import HeuristicBot, RandomBot, Turbo  # noqa: E402
from widgets import GameView  # noqa: E402
from widgets.stich_rallye.track_figure import CARS_FIRST  # noqa: E402

BOTS = {"heuristic": HeuristicBot, "random": RandomBot}


FULL_COLLECTIONS: list[float] = []  # when Python's full garbage collections ended


def _note_collection(phase: str, info: dict) -> None:
    if phase == "stop" and info["generation"] == 2:
        FULL_COLLECTIONS.append(time.perf_counter())


def measure(clicks: int, players: int, track: str, bots: str) -> tuple[list[float], list[float], list[float]]:
    """Play seeded games until ``clicks`` card clicks have moved a car. Returns the
    click-to-figure-update times, the whole click handling times, and the latter for
    clicks without a full garbage collection, in ms."""
    to_update: list[float] = []
    handled: list[float] = []
    handled_no_gc: list[float] = []
    seed = 0
    while len(to_update) < clicks:
        view = GameView(players, track, seed, bots=BOTS[bots]())
        human = BOTS[bots]()
        changed: list[float] = []
        for seat in range(players):
            view.figure.plot.data[CARS_FIRST + seat].on_change(lambda *_: changed.append(time.perf_counter()), "x", "y")
        while not view.game.is_over and len(to_update) < clicks:
            action = human.choose(view.game, view.game.legal_actions(), view.rng)
            if isinstance(action, Turbo):
                view.choose_turbo(action.use)
                continue
            changed.clear()
            start = time.perf_counter()
            view.hand.selected = str(action)  # the click
            end = time.perf_counter()
            handled.append((end - start) * 1000)
            if not any(start <= t <= end for t in FULL_COLLECTIONS[-3:]):
                handled_no_gc.append((end - start) * 1000)
            if changed:
                to_update.append((changed[0] - start) * 1000)
        view.close()
        seed += 1
    return to_update, handled, handled_no_gc


FIRST_WIDGET = """
import time, sys
start = time.perf_counter()
import rally, widgets
widgets.TrackFigure(rally.TRACKS["volcano"], [0, 0, 0])
print(time.perf_counter() - start, "rfc3987_syntax" in sys.modules)
"""


def first_widget(runs: int = 5) -> tuple[float, bool]:
    """Seconds from a fresh interpreter's first import to a track figure made (median
    of ``runs``), and whether the slow IRI checker was imported on the way."""
    times, slow = [], False
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", FIRST_WIDGET], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parent.parent).stdout.split()
        times.append(float(out[0]))
        slow = slow or out[1] == "True"
    return statistics.median(times), slow


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200, help="clicks that move a car to time (default 200)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--track", default="volcano")
    parser.add_argument("--bots", default="heuristic", choices=sorted(BOTS))
    args = parser.parse_args(argv)
    measure(10, args.players, args.track, args.bots)  # warm up imports and caches
    gc.callbacks.append(_note_collection)
    to_update, handled, handled_no_gc = measure(args.clicks, args.players, args.track, args.bots)

    def line(label: str, ms: list[float]) -> str:
        ms = sorted(ms)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        return (f"{label}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, worst {ms[-1]:.1f} ms "
                f"({len(ms)} clicks)")

    seconds, slow = first_widget()
    print(f"first widget in a fresh interpreter (import widgets, make a track figure): median {seconds:.2f} s"
          + (" (rfc3987_syntax was imported on the way)" if slow else ""))
    print(f"GameView, {args.players} players, {args.track}, {args.bots} bots, one core")
    print(line("click -> figure updated", to_update))
    print(line("click -> every widget updated", handled))
    print(line("  the same, clicks without a full garbage collection", handled_no_gc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
