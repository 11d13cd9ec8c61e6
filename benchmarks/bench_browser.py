"""How long a card click in GameView takes to show on the track, in a real browser.

Starts JupyterLab on loopback as `bin/lessons` does (harness/lab.py), opens
notebooks/05_play_a_game.ipynb in Debian's Chromium through Playwright, runs it, and
clicks Ada's first playable card again and again. Each click is timed in the page,
from the click until the track figure's SVG shows a car somewhere else (every click
finishes a trick with the bots acting at once, so the winner's car moves). A click
after which Ada must first choose the turbo moves no car yet: it is not counted, and
the turbo is declined. When the game ends the notebook runs again for a new one.

    python benchmarks/bench_browser.py              # median and worst of 20 clicks
    python benchmarks/bench_browser.py --clicks 50

With ``--game rally-run`` it opens notebooks/08_rally_run_finish.ipynb instead and times, on
the playable Rally Run board, a click on the tile to reveal until the rotations to
choose from are drawn, and a click on a rotation until the board shows the learner's
car on the tile and the bots' turns in the log; then *New game* deals the next seed.

    python benchmarks/bench_browser.py --game rally-run

With ``--first-widget`` it times how soon a lesson shows its first widget, where the
learner waits for it:

in JupyterLab, from Run All to the first widget drawn, in a warm kernel (the lesson has
run once in it; each repeat clears the outputs and runs all again), and once in a cold
one (the first Run All after the kernel started). The static site runs a lesson by
itself: ``--site`` times it.

    python benchmarks/bench_browser.py --first-widget               # 5 repeats each
    python benchmarks/bench_browser.py --bytes                      # a first visit's bytes, per server
    RALLY_SITE=_site python benchmarks/bench_browser.py --site      # a site built already

With ``--site`` it times what a learner waits for on the static site, in a fresh profile
each time, from the page's load (the browser's navigation start, read in the page):
JupyterLab up, the lesson visible (its text and its widgets' pictures drawn), its first live
widget, the lesson live (it ran by itself), and the whole site saved for offline use; with
the bytes transferred up to "live" and up to "saved". ``--busy`` keeps every core busy
with other work meanwhile, as a learner's laptop rarely is idle.

    python benchmarks/bench_browser.py --site --repeats 3
    python benchmarks/bench_browser.py --site --repeats 3 --busy

With ``--browsers`` it puts Chromium, Firefox and WebKit (Safari's engine) side by side, a
fresh profile each: the site's lesson 0 until its pictures show and until it is live, and
lesson 5 in the app view until Voilà drew it (harness/browsers.py drives them)::

    RALLY_SITE=_site python benchmarks/bench_browser.py --browsers --repeats 3

Needs Chromium and playwright: `bash bin/install-browser` (Firefox and WebKit too); the site and Firefox also
Node.js and npm.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import lab as _lab, site as _site  # noqa: E402

#: JavaScript: click the first playable card of the first GameView; resolve with the
#: milliseconds until its track figure draws a car elsewhere (null after 5 s).
TIMED_CLICK = """async () => {
  const root = document.querySelector('.jp-CodeCell .jp-OutputArea-output');
  const gd = root.querySelector('.js-plotly-plot');
  const spots = () => JSON.stringify([...gd.querySelectorAll('.scatterlayer g.trace')]
      .filter(g => (g.__data__?.[0]?.trace?.meta || '').startsWith('car:'))
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
    parser.add_argument("--first-widget", action="store_true",
                        help="time Run All to the first widget in JupyterLab (the site: --site)")
    parser.add_argument("--repeats", type=int, default=5, help="with --first-widget: repeats each (default 5)")
    parser.add_argument("--bytes", action="store_true",
                        help="the bytes a first visit of the site transfers, up to lesson 1's first widget")
    parser.add_argument("--site", action="store_true",
                        help="the static site: page load -> up, visible, first widget, live, saved offline; bytes")
    parser.add_argument("--busy", action="store_true", help="with --site: every core busy with other work meanwhile")
    parser.add_argument("--browsers", action="store_true",
                        help="Chromium, Firefox and WebKit side by side: the site's lesson 0 visible and live, "
                             "the app view's lesson 5 ready")
    args = parser.parse_args(argv)
    why = _lab.missing_browser()
    if why:
        print(f"Cannot run: {why}; {_lab.INSTALL_HINT}.", file=sys.stderr)
        return 2
    if args.first_widget:
        return first_widget(args.repeats)
    if args.bytes:
        return site_bytes()
    if args.site:
        with busy_cores(args.busy):
            return site_timings(args.repeats)
    if args.browsers:
        with busy_cores(args.busy):
            return browser_timings(args.repeats)
    return (rally_run if args.game == "rally-run" else stich_rallye)(args.clicks)


#: The lessons timed by --first-widget: lesson 1 opens on a hand of cards (an anywidget),
#: lesson 3 on the track (a Plotly figure).
FIRST_WIDGET_LESSONS = ("01_tricks.ipynb", "03_moving_and_hills.ipynb")
#: JavaScript: in the page's outputs, the first widget drawn: a widget's view (ipywidgets
#: or anywidget) with something inside, or a Plotly figure's SVG.
WIDGET_DRAWN = ("() => !!document.querySelector('.jp-OutputArea-output .jupyter-widgets *, "
                ".jp-OutputArea-output .js-plotly-plot .main-svg')")
#: JavaScript: clear the outputs, press Run All (without waiting for it) and resolve with
#: the milliseconds until the first widget is drawn.
TIMED_RUN_ALL = f"""async () => {{
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const drawn = {WIDGET_DRAWN};
  return await new Promise(resolve => {{
    const t0 = performance.now();
    const observer = new MutationObserver(() => {{
      if (drawn()) {{ observer.disconnect(); resolve(performance.now() - t0); }}
    }});
    observer.observe(document.body, {{subtree: true, childList: true}});
    app.commands.execute('notebook:run-all-cells');
  }});
}}"""


def first_widget(repeats: int) -> int:
    from playwright.sync_api import sync_playwright

    started = time.perf_counter()
    print(f"first widget drawn ({repeats} repeats; median, best, worst)")
    with _lab.JupyterLab() as lab, sync_playwright() as playwright:
        browser = _lab.launch_chromium(playwright)
        try:
            for lesson in FIRST_WIDGET_LESSONS:
                page = browser.new_context(viewport=_lab.WINDOW).new_page()
                _lab.open_notebook(page, lab, lesson)
                cold = page.evaluate(TIMED_RUN_ALL)
                warm = []
                for _ in range(repeats):
                    page.wait_for_function(KERNEL_IDLE, polling=100)
                    warm.append(page.evaluate(TIMED_RUN_ALL))
                page.wait_for_function(KERNEL_IDLE, polling=100)
                page.context.close()
                lab.shutdown_kernels()
                print(f"  JupyterLab, {lesson}: Run All -> first widget, warm kernel {summary(warm)}; "
                      f"cold kernel {cold / 1000:.2f} s")
        finally:
            browser.close()
    print(f"(whole run {time.perf_counter() - started:.0f} s)")
    return 0


#: The lessons --site opens: lesson 0 (the front page's), 1 (cards) and 3 (the track: its
#: first figure fetches Plotly).
SITE_LESSONS = ("00_start_here.ipynb", "01_tricks.ipynb", "03_moving_and_hills.ipynb")
#: JavaScript run in every page before its own scripts: the time (ms from the navigation's
#: start) each mark is first reached, in window.__rallyMarks.
SITE_MARKS = """
(() => {
  const marks = window.__rallyMarks = {};
  const tests = {
    up: () => !!document.querySelector('button.rally-site-map'),
    // the lesson's text and its widgets' pictures (site/lesson_pictures.py), before Python
    visible: () => !!document.querySelector('.jp-Notebook .jp-MarkdownOutput h1') &&
      !!document.querySelector('.rally-picture__view *'),
    // the first live widget (not a picture)
    widget: () => !!document.querySelector('.jp-OutputArea-output:not(.rally-picture) .jupyter-widgets *, ' +
      '.jp-OutputArea-output:not(.rally-picture) .js-plotly-plot .main-svg'),
    live: () => !!(document.body && document.body.dataset.rallyLive),
    saved: () => !!(document.body && document.body.dataset.rallyOffline === 'ready'),
  };
  const look = () => { for (const [name, test] of Object.entries(tests)) if (!(name in marks) && test()) marks[name] = performance.now(); };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ['data-rally-live', 'data-rally-offline']});
})();
"""
MARKS = ("up", "visible", "widget", "live", "saved")


@contextmanager
def busy_cores(busy: bool):
    """With ``busy``: one process a core spinning meanwhile (another program at work)."""
    import os
    import subprocess

    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)] if busy else []
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


class CountingSite:
    """The built site served as ``bin/serve-site`` serves it (``site/serve.py``'s handler), in a
    thread, adding up what it sends: every response's body (its Content-Length), so the
    bytes a browser transferred are counted where they leave, whoever asked (the page, its
    workers, its service worker). Use as a context manager."""

    def __init__(self, folder: Path) -> None:
        import functools
        import http.server
        import threading

        serve = _site.site_module("serve")
        self.sent = 0
        self.requests = 0
        self.missing: list[str] = []
        lock = threading.Lock()
        outer = self

        class Counting(serve.SiteHandler):
            def send_header(self, keyword: str, value: str) -> None:
                super().send_header(keyword, value)
                if keyword.lower() == "content-length":
                    with lock:
                        outer.sent += int(value)

            def log_request(self, code="-", size="-") -> None:
                with lock:
                    outer.requests += 1
                    if str(code) == "404":
                        outer.missing.append(self.path)

            def log_message(self, *args) -> None:
                pass  # quiet: what was missing is listed at the end

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "CountingSite":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    lesson_url = _site.StaticSite.lesson_url  # the same addresses as bin/serve-site's site
    lesson_path = _site.StaticSite.lesson_path


def site_timings(repeats: int) -> int:
    from playwright.sync_api import sync_playwright

    import os

    load = os.getloadavg()[0]
    print(f"the static site, a fresh profile each time ({repeats} repeats; median, best, worst); "
          f"load average at the start {load:.1f} on {os.cpu_count()} cores")
    import tempfile

    with CountingSite(_site.built_site()) as site, sync_playwright() as playwright:
        recorder = _site.LeaveRecorder()
        try:
            for lesson in SITE_LESSONS:
                marks: dict[str, list[float]] = {name: [] for name in MARKS}
                sent_live, sent_saved = [], []
                for _ in range(repeats):
                    # A new profile on disk each time, as a learner's browser has: a context of
                    # Playwright's own keeps its HTTP cache in memory, which skips large files.
                    # No routes (block_other_hosts): routing turns the HTTP cache off. The proxy
                    # still records any request for another host.
                    profile = tempfile.mkdtemp(prefix="rally-profile-")
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=_lab.CHROMIUM, headless=True, viewport=_lab.WINDOW,
                        args=_site.chromium_args(recorder))
                    context.add_init_script(SITE_MARKS)
                    page = context.pages[0] if context.pages else context.new_page()
                    start = site.sent
                    page.goto(site.lesson_url(lesson))
                    _site.wait_until_live(page, site.lesson_path(lesson))
                    sent_live.append(site.sent - start)
                    page.wait_for_function("() => 'saved' in window.__rallyMarks", timeout=300_000, polling=200)
                    sent_saved.append(site.sent - start)
                    got = page.evaluate("window.__rallyMarks")
                    for name in MARKS:
                        marks[name].append(got[name])
                    context.close()
                    shutil.rmtree(profile, ignore_errors=True)
                print(f"  {lesson}: " + "; ".join(f"{name} {summary(marks[name])}" for name in MARKS))
                print(f"  {'':{len(lesson)}}  bytes sent up to live {statistics.median(sent_live) / 1e6:.1f} MB, "
                      f"with the site saved for offline use {statistics.median(sent_saved) / 1e6:.1f} MB")
            if site.missing:
                print(f"  asked for but not in the site (404): {sorted(set(site.missing))}")
            if recorder.from_the_site():
                print(f"  the site tried to leave 127.0.0.1: {recorder.from_the_site()}")
                return 1
        finally:
            recorder.close()
    return 0


def browser_timings(repeats: int) -> int:
    """Each browser (harness/browsers.py), a fresh profile each time: the site's lesson 0 until
    its pictures show and until it is live, and lesson 5 in the app view until Voilà drew it."""
    import os

    from harness import browsers

    print(f"each browser, a fresh profile each time ({repeats} repeats; median, best, worst); "
          f"load average at the start {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    recorder = _site.LeaveRecorder()
    try:
        with _site.StaticSite(_site.built_site()) as site, _lab.JupyterLab() as lab:
            for name in ("chromium", "firefox", "webkit"):
                if browsers.missing(name):
                    print(f"  {name}: cannot run: {browsers.missing(name)}")
                    continue
                marks: dict[str, list[float]] = {"site visible": [], "site live": [], "app view ready": []}
                for _ in range(repeats):
                    with browsers.launch(name, recorder.url) as driver:
                        seconds = browsers.site_live(driver, site, "00_start_here.ipynb")
                        marks["site visible"].append(seconds["visible"] * 1000)
                        marks["site live"].append(seconds["live"] * 1000)
                        marks["app view ready"].append(browsers.app_ready(driver, lab, "05_play_a_game.ipynb") * 1000)
                        errors = driver.errors()
                    lab.shutdown_kernels()
                    if errors:
                        print(f"  {name}: uncaught errors: {errors[:3]}")
                print(f"  {name}: " + "; ".join(f"{mark} {summary(values)}" for mark, values in marks.items()))
    finally:
        recorder.close()
    return 0


#: Served the two ways the README has known: bin/serve-site (gzip twins) and, before it,
#: Python's plain file server.
SERVERS = {"bin/serve-site": None, "python -m http.server": [sys.executable, "-m", "http.server", "-d", "{folder}",
                                                             "--bind", "127.0.0.1", "{port}"]}


def site_bytes() -> int:
    """A first visit of the site in a fresh profile, from the front page to lesson 1's first
    widget (the lesson runs by itself): the requests and the bytes
    they transferred (headers and bodies as sent, compressed or not), per server."""
    import subprocess

    from playwright.sync_api import sync_playwright

    folder = _site.built_site()
    print(f"a first visit of {folder}: front page -> lesson 1's first widget, a fresh profile")
    for name, command in SERVERS.items():
        with _site.StaticSite(folder) as site, sync_playwright() as playwright:
            if command is not None:  # the same site, served by the other server on another port
                site.__exit__()
                site.proc = subprocess.Popen([part.format(folder=folder, port=site.port) for part in command],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(1.5)
            recorder = _site.LeaveRecorder()
            browser = _site.launch_chromium(playwright, recorder)
            try:
                context = browser.new_context(viewport=_lab.WINDOW)  # no routes: they turn the HTTP cache off
                sent: list[int] = []

                def count(request) -> None:
                    try:
                        sent.append(sum(max(0, request.sizes()[key]) for key in ("responseBodySize", "responseHeadersSize")))
                    except Exception:  # its page closed before its sizes could be read
                        pass

                context.on("requestfinished", count)
                page = context.new_page()
                t0 = time.perf_counter()
                _lab.open_notebook(page, site, "01_tricks.ipynb", timeout=180_000)
                page.wait_for_function(WIDGET_DRAWN, timeout=180_000, polling=50)  # the lesson runs by itself
                seconds = time.perf_counter() - t0
                page.wait_for_timeout(2000)  # the rest of what the lesson loads
                context.close()
                total = sum(sent)
                print(f"  {name:22} {len(sent):4} requests, {total / 1e6:5.1f} MB; a classroom of 30: "
                      f"{30 * total / 1e6:6.0f} MB ({30 * total * 8 / 50e6 / 60:.1f} min at 50 Mbit/s); "
                      f"first widget after {seconds:.1f} s")
            finally:
                browser.close()
                recorder.close()
                if command is not None and site.proc is not None:
                    site.proc.terminate()
                    site.proc.wait(timeout=10)
                    site.proc = None
    return 0


def summary(ms: list[float]) -> str:
    s = sorted(ms)
    return f"{statistics.median(s) / 1000:.2f} s ({s[0] / 1000:.2f}-{s[-1] / 1000:.2f})"


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
        root = page.locator(".jp-CodeCell .jp-OutputArea-output").first
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
    with lesson_page("08_rally_run_finish.ipynb") as page:
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
