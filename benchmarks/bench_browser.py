"""How long a card click in GameView takes to show on the track, in a real browser.

Starts JupyterLab on loopback (a temporary copy of the lessons), opens
notebooks/05_play_a_game.ipynb in Debian's Chromium through Playwright, runs it, and
clicks Ada's first playable card again and again. Each click is timed in the page,
from the click until the track figure's SVG shows a car somewhere else (every click
finishes a trick with the bots acting at once, so the winner's car moves). A click
after which Ada must first choose the turbo moves no car yet: it is not counted, and
the turbo is declined. When the game ends the notebook runs again for a new one.

    python benchmarks/bench_browser.py              # median and worst of 20 clicks
    python benchmarks/bench_browser.py --clicks 50

With ``--game rally-run`` it opens notebooks/07_rally_run.ipynb instead and times, on
the playable Rally Run board, a click on the tile to reveal until the rotations to
choose from are drawn, and a click on a rotation until the board shows the learner's
car on the tile and the bots' turns in the log; then *New game* deals the next seed.

    python benchmarks/bench_browser.py --game rally-run

Needs Chromium and playwright: `bash bin/install-browser`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

import _lab  # noqa: E402

#: JavaScript: click the first playable card of the first GameView; resolve with the
#: milliseconds until its track figure draws a car elsewhere (null after 5 s).
TIMED_CLICK = """async () => {
  const root = document.querySelector('.jp-CodeCell .jp-OutputArea-output');
  const gd = root.querySelector('.js-plotly-plot');
  const spots = () => JSON.stringify([...gd.querySelectorAll('.scatterlayer g.trace')]
      .filter(g => (g.__data__?.[0]?.trace?.name || '').includes(' · lap'))
      .map(g => g.querySelector('path.point')?.getAttribute('transform')));
  const before = spots();
  const card = root.querySelector('.rally-hand button.rally-card[aria-disabled="false"]');
  if (!card) return {error: 'no playable card'};
  return await new Promise(resolve => {
    let t0;
    const observer = new MutationObserver(() => {
      if (spots() !== before) { observer.disconnect(); clearTimeout(timer); resolve({ms: performance.now() - t0}); }
    });
    observer.observe(gd, {subtree: true, attributes: true, childList: true});
    const timer = setTimeout(() => { observer.disconnect(); resolve({ms: null}); }, 5000);
    t0 = performance.now();
    card.click();
  });
}"""
#: JavaScript: on the playable Rally Run board (the last), click what ``selector`` finds
#: and resolve with the milliseconds until ``done`` (JavaScript on the board) holds.
TIMED_BOARD_CLICK = """async ([selector, done]) => {
  const root = [...document.querySelectorAll('.rally-run')].pop();
  const target = root.querySelector(selector);
  if (!target) return {error: `nothing matches ${selector}`};
  const ready = new Function('root', `return (${done});`);
  return await new Promise(resolve => {
    let t0;
    const observer = new MutationObserver(() => {
      if (ready(root)) { observer.disconnect(); clearTimeout(timer); resolve({ms: performance.now() - t0}); }
    });
    observer.observe(root, {subtree: true, attributes: true, childList: true, characterData: true});
    const timer = setTimeout(() => { observer.disconnect(); resolve({ms: null}); }, 5000);
    t0 = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  });
}"""
#: After a reveal: the rotation buttons are drawn. After a rotation: they are gone and
#: the log shows the bots' turns.
ROTATIONS_SHOWN = "root.querySelectorAll('button.rally-run__rotation').length > 0"
TURN_DONE = ("root.querySelectorAll('button.rally-run__rotation').length === 0 && "
             "[...root.querySelectorAll('.rally-run__log li')].some(li => li.textContent.startsWith('Turn 3: Cy'))")
KERNEL_IDLE = "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'"
SETTLED = """() => {
  const root = document.querySelector('.jp-CodeCell .jp-OutputArea-output');
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status;
  return kernel === 'idle' && /Your turn|Game over/.test(root.textContent);
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20, help="clicks that move a car (default 20)")
    parser.add_argument("--game", choices=("stich-rallye", "rally-run"), default="stich-rallye",
                        help="which lesson's game to click (default stich-rallye: lesson 05)")
    args = parser.parse_args(argv)
    why = _lab.missing_browser()
    if why:
        print(f"Cannot run: {why}; {_lab.INSTALL_HINT}.", file=sys.stderr)
        return 2
    return (rally_run if args.game == "rally-run" else stich_rallye)(args.clicks)


@contextmanager
def lesson_page(notebook: str):
    """A page of Chromium with ``notebook`` open in JupyterLab and all its cells run."""
    from playwright.sync_api import sync_playwright

    with _lab.JupyterLab() as lab, sync_playwright() as playwright:
        browser = _lab.launch_chromium(playwright)
        try:
            page = browser.new_context(viewport=_lab.WINDOW).new_page()
            _lab.open_notebook(page, lab, notebook)
            _lab.run_all(page)
            yield page
        finally:
            browser.close()


def stich_rallye(clicks: int) -> int:
    """Lesson 05: click Ada's first playable card until ``clicks`` clicks moved a car."""
    times: list[float] = []
    skipped = 0
    started = time.perf_counter()
    with lesson_page("05_play_a_game.ipynb") as page:
        root = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea-output").first
        status = root.locator(".widget-html").first
        while len(times) < clicks:
            text = status.inner_text()
            if "Game over" in text:
                _lab.run_all(page)  # a new game
                continue
            if "choose the turbo" in text:
                _lab.output_button(root, "Card alone", prefix=True).click()
                page.wait_for_timeout(50)
                page.wait_for_function(SETTLED)
                continue
            result = page.evaluate(TIMED_CLICK)
            if "error" in result:
                raise RuntimeError(result["error"])
            if result["ms"] is None:
                skipped += 1
            else:
                times.append(result["ms"])
            page.wait_for_timeout(50)
            page.wait_for_function(SETTLED)
    print(f"card click -> track figure shows the move, in Chromium ({len(times)} clicks, "
          f"{skipped} not counted: a turbo choice came first)")
    print(f"  median {statistics.median(times):7.1f} ms")
    print(f"  worst  {max(times):7.1f} ms")
    print(f"  best   {min(times):7.1f} ms")
    print(f"  all: {' '.join(f'{t:.0f}' for t in times)}")
    print(f"(whole run {time.perf_counter() - started:.0f} s)")
    return 0


def timed(page, selector: str, done: str) -> float | None:
    result = page.evaluate(TIMED_BOARD_CLICK, [selector, done])
    if "error" in result:
        raise RuntimeError(result["error"])
    page.wait_for_function(KERNEL_IDLE)
    return result["ms"]


def rally_run(clicks: int) -> int:
    """Lesson 07: reveal A1 on a new game, then lay it, ``clicks`` times each."""
    reveals: list[float] = []
    turns: list[float] = []
    lost = 0
    started = time.perf_counter()
    with lesson_page("07_rally_run.ipynb") as page:
        board = page.locator(".rally-run").nth(8)
        board.wait_for()
        board.scroll_into_view_if_needed()
        seed = 100
        while len(turns) < clicks:
            board.locator(".rally-run__seed input").fill(str(seed))
            board.locator("button.rally-run__new").click()
            page.wait_for_function("() => [...document.querySelectorAll('.rally-run')].pop()"
                                   ".querySelector('.rally-run__log').style.display === 'none'")
            page.wait_for_function(KERNEL_IDLE)
            seed += 1
            shown = timed(page, '[data-place="A1"]', ROTATIONS_SHOWN)
            done = timed(page, "button.rally-run__rotation", TURN_DONE) if shown is not None else None
            if shown is None or done is None:
                lost += 1
                continue
            reveals.append(shown)
            turns.append(done)
    print(f"Rally Run board in Chromium ({clicks} new games, {lost} not counted)")
    for name, times in (("tile click -> rotations drawn", reveals), ("rotation click -> bots' turns shown", turns)):
        print(f"  {name}: median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms, "
              f"best {min(times):6.1f} ms")
    print(f"(whole run {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
