"""A JupyterLab server on loopback and Chromium driven by Playwright, as a learner gets
them. Used by the browser tests (``tests/browser``), ``bin/app-text`` and the benchmarks.

The server is the one learners get: ``bin/lessons`` starts it, from the environment
``bin/env.sh`` made (with the settings ``bin/quiet-lab`` installed there), serving the
repository, so a broken set-up fails here as it would for a learner. The test's own
settings (the user settings and workspaces JupyterLab writes, a config folder with nothing
of the developer's home in it) live in a temporary folder; autosave is off, so nothing is
written back to the lessons.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("RALLY_CHROMIUM", "/usr/bin/chromium")
INSTALL_HINT = "install it with `bash bin/install-browser` (Debian's chromium and the playwright package)"
#: Chromium's flags on this kind of machine (no sandbox as root, no network but loopback).
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-quic",
    "--no-first-run", "--disable-component-update", "--disable-sync",
]
WINDOW = {"width": 1280, "height": 800}

#: JupyterLab settings for a predictable page: every cell in the DOM (no windowing), no news
#: or update pop-ups. No autosave comes from the lessons' own settings (binder/overrides.json).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"Chromium is not at {CHROMIUM}"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterLab:
    """``bash bin/lessons`` on a free loopback port: JupyterLab serving the repository, as a
    learner starts it. Use as a context manager: the server (and its kernels) stop whatever
    happens. ``lesson_url``/``lesson_path`` name a lesson by its path below ``notebooks/``."""

    def __init__(self, startup_timeout: float = 90.0, token: str | None = None, settings: tuple[str, ...] = ()):
        """``token`` None: the tests' server, with no token and no cross-site checks, so a
        test may call its API as it likes. A string: exactly as ``bin/lessons`` starts it,
        the cross-site checks on, with that token ("" for a classroom's server without one).
        ``settings``: more command-line settings, as a teacher may give ``bin/lessons``."""
        self.startup_timeout = startup_timeout
        self.token = token
        self.settings = settings
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="rally-lab-"))
        self.root = ROOT
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = self.tmp / "jupyter.log"

    def __enter__(self) -> "JupyterLab":
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        settings = self.tmp / "settings"
        for name, value in LAB_SETTINGS.items():
            path = settings / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value), encoding="utf-8")
        (self.tmp / "config").mkdir()  # empty: only the environment's settings, none of ~/.jupyter
        env = dict(os.environ)
        env["JUPYTER_CONFIG_DIR"] = str(self.tmp / "config")
        env["JUPYTER_RUNTIME_DIR"] = str(self.tmp / "runtime")
        env["RALLY_VENV"] = sys.prefix  # bin/lessons in the environment running the tests (bin/test's)
        # bin/lessons adds the repository root, --allow-root as root, and the first lesson.
        cmd = [
            "bash", str(ROOT / "bin" / "lessons"),
            "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token or ''}", "--ServerApp.password=",
            *(["--ServerApp.disable_check_xsrf=True"] if self.token is None else []),
            "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={self.tmp / 'workspaces'}", "--LabApp.news_url=None", *self.settings,
        ]
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + self.startup_timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with code {self.proc.returncode}:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(self._request("GET", "/api/status"), timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyter lab did not answer on {self.url} in {self.startup_timeout:.0f} s:\n"
                                   f"{self.log_text()}")
            time.sleep(0.25)

    def lesson_url(self, name: str) -> str:
        """Where the lesson ``name`` opens, in a fresh workspace."""
        return f"{self.url}/lab/tree/{self.lesson_path(name)}?reset"

    def lesson_path(self, name: str) -> str:
        """The lesson's path as JupyterLab names it (the server's root is the repository)."""
        return f"notebooks/{name}"

    def app_url(self, name: str) -> str:
        """Where the lesson ``name`` opens as an app (Voilà), as the app badge opens it."""
        return f"{self.url}/voila/render/{self.lesson_path(name)}" + (f"?token={self.token}" if self.token else "")

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-4000:]
        except OSError:
            return ""

    def _request(self, method: str, path: str) -> urllib.request.Request:
        headers = {"Authorization": f"token {self.token}"} if self.token else {}
        return urllib.request.Request(f"{self.url}{path}", method=method, headers=headers)

    def api(self, method: str, path: str):
        with urllib.request.urlopen(self._request(method, path), timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Stop every running kernel (each test starts its own)."""
        for session in self.api("GET", "/api/sessions") or []:
            try:
                self.api("DELETE", f"/api/sessions/{session['id']}")
            except urllib.error.URLError:
                pass
        for kernel in self.api("GET", "/api/kernels") or []:
            try:
                self.api("DELETE", f"/api/kernels/{kernel['id']}")
            except urllib.error.URLError:
                pass

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            try:
                proc.terminate()
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, 9)  # the server and the kernels it started
                except ProcessLookupError:
                    pass
                proc.wait(timeout=10)
        if proc is not None:
            try:
                os.killpg(proc.pid, 9)  # any kernel left behind in the server's session
            except (ProcessLookupError, PermissionError):
                pass
        if getattr(self, "log", None):
            self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


def launch_chromium(playwright):
    """Debian's Chromium, headless; Playwright gives it a fresh, empty profile."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


# ---------------------------------------------------------------- in the page
#: JavaScript: the notebook panel in the main area (``window.jupyterapp`` is there
#: because the server runs with ``--LabApp.expose_app_in_browser``).
_PANEL = "window.jupyterapp?.shell?.currentWidget"

#: JavaScript: how far the run is: every code cell's execution count and state (null when
#: no notebook is open); the site's checks (_site.LIVE_STATE) build on it.
RUN_STATE = f"""() => {{
  const nb = {_PANEL};
  if (!nb?.content?.widgets || !nb.sessionContext) return null;
  const cells = nb.content.widgets.filter(c => c.model.type === 'code');
  return {{
    kernel: nb.sessionContext.session?.kernel?.status ?? 'none',
    counts: cells.map(c => c.model.executionCount),
    running: cells.filter(c => c.model.executionState === 'running').length,
  }};
}}"""

#: JavaScript: the outputs that show an error (error outputs, or a traceback on stderr).
_ERRORS = f"""() => {{
  const nb = {_PANEL};
  const found = [];
  nb.content.widgets.forEach((cell, i) => {{
    if (cell.model.type !== 'code') return;
    for (const out of cell.model.outputs.toJSON()) {{
      if (out.output_type === 'error') found.push(`cell ${{i}}: ${{out.ename}}: ${{out.evalue}}`);
      const text = Array.isArray(out.text) ? out.text.join('') : (out.text || '');
      if (out.output_type === 'stream' && out.name === 'stderr' && /Traceback|Error/.test(text))
        found.push(`cell ${{i}} stderr: ${{text.slice(0, 300)}}`);
    }}
  }});
  for (const el of document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    if (/Traceback/.test(el.textContent)) found.push('stderr on the page: ' + el.textContent.slice(0, 300));
  for (const el of document.querySelectorAll('.jp-OutputArea-output'))
    if (/Error displaying widget|Failed to load model class|Failed to create view/.test(el.textContent))
      found.push('widget error on the page: ' + el.textContent.slice(0, 300));
  return found;
}}"""


def open_notebook(page, server, name: str, timeout: float = 90_000) -> None:
    """Open the lesson ``name`` (a path under notebooks/) in a fresh workspace and wait for
    its kernel to be ready. ``server`` is a :class:`JupyterLab` or the static site
    (``_site.StaticSite``): anything with ``lesson_url(name)`` and ``lesson_path(name)``."""
    page.goto(server.lesson_url(name))
    wait_for_lesson(page, server.lesson_path(name), timeout)


def wait_for_lesson(page, path: str, timeout: float = 90_000) -> None:
    """Wait until the notebook at ``path`` (as JupyterLab names it) is open in the main
    area with its kernel ready."""
    page.wait_for_function(
        f"() => {_PANEL}?.context?.path === {json.dumps(path)} && "
        f"{_PANEL}.sessionContext?.session?.kernel?.status === 'idle'",
        timeout=timeout, polling=200,
    )


def run_all(page, timeout: float = 180_000) -> dict:
    """Clear the outputs, run every cell (the "Run All Cells" command) and wait
    until each code cell has run and the kernel is idle. Returns the run state."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(f"() => ({RUN_STATE})().counts.every(n => n === null)")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        f"() => {{ const s = ({RUN_STATE})(); "
        "return s.kernel === 'idle' && s.running === 0 && s.counts.every(n => n !== null); }",
        timeout=timeout, polling=200,
    )
    return page.evaluate(RUN_STATE)


def error_outputs(page) -> list[str]:
    """Every output of the open notebook that shows an error."""
    return page.evaluate(_ERRORS)


#: JavaScript: the Plotly figures of tracks on the page (the ones with a "spaces" trace:
#: charts such as the advisor's bars or a game review's line are left out), in page order.
TRACK_PLOTS = """[...document.querySelectorAll('.js-plotly-plot')]
  .filter(gd => (gd._fullData || []).some(t => (t.meta ?? t.name) === 'spaces'))"""

#: JavaScript: per track figure on the page, the SVG points drawn for each named trace.
PLOT_POINTS = f"""() => {TRACK_PLOTS}.map(gd => {{
  const counts = {{}};
  for (const g of gd.querySelectorAll('.scatterlayer g.trace')) {{
    const trace = g.__data__?.[0]?.trace;
    const name = trace?.meta ?? trace?.name;  // a track's traces are keyed in meta ("spaces", "car:Ada")
    if (name !== undefined) counts[name] = (counts[name] || 0) + g.querySelectorAll('path.point').length;
  }}
  return counts;
}})"""

#: JavaScript: where each car's marker is drawn in figure ``i`` (its SVG transform).
CAR_SPOTS = f"""(i) => {{
  const gd = {TRACK_PLOTS}[i];
  const spots = {{}};
  for (const g of gd.querySelectorAll('.scatterlayer g.trace')) {{
    const key = g.__data__?.[0]?.trace?.meta || '';
    if (key.startsWith('car:')) spots[key.slice(4)] = g.querySelector('path.point')?.getAttribute('transform');
  }}
  return spots;
}}"""


def watch_script_errors(page) -> list[str]:
    """Collect, from now on, the page's script errors: exceptions nobody caught and what the
    page reports on its console as an error. Returns the list it fills."""
    seen: list[str] = []

    def console(message) -> None:
        # A resource that could not load is not a script's error: the app view (Voilà) asks
        # CDNs for icons and MathJax, which this machine cannot reach (noted in README).
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            seen.append(f"console: {message.text[:500]}")

    page.on("pageerror", lambda error: seen.append(f"uncaught: {str(error)[:500]}"))
    page.on("console", console)
    return seen


def assert_no_script_errors(seen: list[str]) -> None:
    """Fail if the page reported a script error (``seen`` from :func:`watch_script_errors`):
    a widget whose script fails may still show half of itself, and the page's own report of
    the failure is the sure sign (a dial's labels once broke this way, and only this saw it)."""
    assert seen == [], f"the page reported script errors: {seen[:5]}"


def screenshot(page, name: str, target=None) -> pathlib.Path:
    """Save a screenshot (of the window, or of ``target``) as a test artifact."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if target is None:
        page.screenshot(path=str(path))
    else:
        target.screenshot(path=str(path))
    return path


def output_button(where, text: str, prefix: bool = False):
    """A button in the notebook's outputs (or in the locator ``where``) whose words are
    exactly ``text`` (an icon may precede them), or start with it if ``prefix``."""
    import re

    scope = where.locator(".jp-OutputArea-output") if hasattr(where, "goto") else where
    return scope.locator("button").filter(has_text=re.compile(rf"^\W*{re.escape(text)}" + ("" if prefix else r"\s*$")))


#: JavaScript: the buttons in the outputs whose words do not fit (cut off with "…").
CUT_OFF_BUTTONS = """() => [...document.querySelectorAll('.jp-OutputArea-output button')]
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
  .map(b => b.textContent.trim())"""


# ---------------------------------------------------------------- the app view (Voilà)
#: JavaScript: Voilà is done when its template has run every cell (``window.voila_finish``
#: then removes the "Running ..." spinner ``#loading`` and shows ``#rendered_cells``), every
#: output is drawn (Voilà's front end replaces each output's JSON script by its view) and
#: the widgets are: every view of every widget model of Voilà's widget manager
#: (``window.jupyterapp.widgetManager``) made, none new since the last look.
_APP_STATE = """async () => {
  const cells = document.getElementById('rendered_cells');
  if (!cells) return document.readyState === 'complete' ? 'no lesson on the page' : null;
  if (document.getElementById('loading') || getComputedStyle(cells).display === 'none') return null;
  if (cells.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return null;
  const outputs = [...cells.querySelectorAll('.jp-OutputArea-output')];
  if (!outputs.every(o => o.childElementCount > 0 || o.textContent.trim() !== '')) return null;
  if (!outputs.some(o => !o.dataset.mimeType)) return 'done';  // no widget on the page
  const manager = window.jupyterapp?.widgetManager;
  if (!manager?._models) return null;
  const models = await Promise.all(Object.values(manager._models));
  const views = await Promise.all(models.flatMap(m => Object.values(m.views || {})));
  const seen = window.__rallyAppViews;
  window.__rallyAppViews = views.length;
  return views.length > 0 && views.length === seen ? 'done' : null;
}"""

#: JavaScript: what shows an error in the app: an error output (Voilà keeps them on the
#: stderr channel, its own words in place of the traceback), or a widget that failed.
_APP_ERRORS = """() => [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
  .filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr' ||
               /Traceback|There was an error when executing|Javascript Error|Error displaying widget|Failed to load model class|Failed to create view/
                 .test(o.textContent))
  .map(o => o.textContent.trim().slice(0, 300))"""


def open_app(page, lab: JupyterLab, name: str, timeout: float = 600_000) -> None:
    """Open ``name`` as an app (Voilà, ``/voila/render/...`` on the same server) and wait
    until Voilà has run every cell and drawn every output. Long lessons take a while."""
    page.goto(lab.app_url(name), wait_until="commit", timeout=timeout)
    deadline = time.monotonic() + timeout / 1000
    while (state := page.evaluate(_APP_STATE)) is None:  # evaluate awaits the check's promise
        if time.monotonic() > deadline:
            raise TimeoutError(f"Voilà did not finish {name} in {timeout / 1000:.0f} s: "
                               f"{page.inner_text('body')[:300]}\n{lab.log_text()}")
        page.wait_for_timeout(250)
    if state != "done":
        raise AssertionError(f"Voilà showed no lesson for {name}: {page.inner_text('body')[:1000]}\n{lab.log_text()}")


def app_errors(page) -> list[str]:
    """Every output of the app page that shows an error."""
    return page.evaluate(_APP_ERRORS)


#: JavaScript: whether every track figure shown on the page is drawn and laid out for its
#: room: each shown box of a :class:`widgets.plotly_view.PlotlyView` (``.rally-plotly``)
#: holds a Plotly figure that is not hidden while it waits for its new layout and is not
#: scaled down (the layout Python sends for the room has arrived).
_FIGURES_LAID_OUT = """() => [...document.querySelectorAll('#rendered_cells .rally-plotly')]
  .filter(box => box.getClientRects().length > 0)
  .every(box => { const plot = box.querySelector('.js-plotly-plot');
    return plot && plot.querySelector('.main-svg') && plot.style.visibility !== 'hidden'
      && (plot.style.zoom === '' || plot.style.zoom === '1'); })"""


def wait_for_figures(page, timeout: float = 60_000) -> None:
    """Wait until every figure shown in the app is drawn and laid out for its room (every
    view of the project's figures lays its figure out again for the room it has).
    Plotly draws a figure a moment after its widget's view is made, and on a narrow screen
    the figure waits, hidden, for the layout Python makes for the room: a busy machine may
    take seconds for both."""
    page.wait_for_function(_FIGURES_LAID_OUT, timeout=timeout, polling=250)


#: JavaScript: the words a learner reads in the outputs below ``root`` (a CSS selector):
#: per visible output, its rendered text (innerText: what is shown, not what is hidden)
#: and the text drawn in its SVG (card faces, dials, Plotly's labels).
OUTPUT_TEXTS = """(root) => [...document.querySelectorAll(root + ' .jp-OutputArea-output')]
  .filter(o => o.getClientRects().length > 0)
  .map(o => [o.innerText, ...[...o.querySelectorAll('svg text')]
    .filter(t => t.getClientRects().length > 0 && getComputedStyle(t).visibility !== 'hidden')
    .map(t => t.textContent)].join('\\n'))"""


# ---------------------------------------------------------------- accessibility (axe-core)
#: JupyterLab draws cells out of view with ``content-visibility: auto`` (they are skipped
#: until scrolled to); axe would take them for hidden. Shown for the check.
_ALL_CELLS_SHOWN = ".jp-Cell, .jp-WindowedPanel-viewport > * { content-visibility: visible !important; }"


def axe_violations(page, include: str = ".jp-OutputArea-output") -> list[str]:
    """The serious and critical accessibility violations axe-core (``axe-playwright-python``,
    from PyPI) finds in the lesson's outputs, the project's widgets, with every cell of the
    notebook made visible to it; one line each: the rule, its impact and where."""
    from axe_playwright_python.sync_playwright import Axe

    page.add_style_tag(content=_ALL_CELLS_SHOWN)
    results = Axe().run(page, context={"include": [[include]]}, options={"resultTypes": ["violations"]})
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
