"""The static site as a visitor gets it, for the browser tests and the tools: build it with ``bin/site``, serve it the way
the README says (``bin/serve-site``) on loopback, and open it in Chromium with every
other host cut off and every attempt to reach one recorded.

Two nets catch a request that tries to leave 127.0.0.1:

- ``block_other_hosts`` routes every request of a browser context (the page, its web
  workers, where Pyodide runs, and its service worker): the site's own go on, the rest
  are recorded and aborted.
- Chromium is started with a recording proxy (:class:`LeaveRecorder`) for whatever no
  route sees; Chromium reaches loopback directly, so only requests to other hosts arrive
  there, and each is recorded and refused.

Used by ``tests/browser/test_site.py``, ``site/lesson_pictures.py`` and ``benchmarks/bench_browser.py --site``.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from typing import Any, Callable

from . import lab as _lab

ROOT = _lab.ROOT

#: The first line of an HTTP request, as a browser sends it to its proxy.
HTTP_REQUEST = re.compile(r"^[A-Z]+ \S+ HTTP/\d")
#: The hosts Chromium itself calls (component updates, safe browsing, ...) even with
#: background networking off; such a call comes from the browser, not from the site.
CHROMIUM_OWN_HOSTS = ("googleapis.com", "gstatic.com", "google.com", "gvt1.com")


def missing_tools() -> str | None:
    """Why the site cannot be built here (bin/site needs npm for Pyodide), or None."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        return "Node.js and npm are not installed (Debian: apt-get install nodejs npm)"
    return None


def build(dest: pathlib.Path) -> pathlib.Path:
    """Build the site into ``dest`` with ``bash bin/site`` (its caches live in build/)."""
    done = subprocess.run(["bash", str(ROOT / "bin" / "site"), str(dest)], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"bin/site failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return dest


class LeaveRecorder:
    """A proxy on loopback that records the first line of every request sent to it and
    answers 403: pointed at as Chromium's proxy, it sees every request for another host."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._socket = socket.socket()
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(50)
        self.url = f"http://127.0.0.1:{self._socket.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._socket.accept()
            except OSError:
                return
            try:
                conn.settimeout(5)
                first = conn.recv(4096).split(b"\r\n")[0].decode(errors="replace")
                self.seen.append(first)
                conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            finally:
                conn.close()

    def from_the_site(self) -> list[str]:
        """The HTTP requests that reached the proxy, but for Chromium's own calls to its
        vendor's hosts. Anything else arriving on its port is not a browser's request: a
        Jupyter kernel's ZeroMQ socket, for one, keeps knocking on the port its kernel had
        before the test server stopped it, and the system may have given that port to us."""
        return [line for line in self.seen if HTTP_REQUEST.match(line)
                and not any(host in line for host in CHROMIUM_OWN_HOSTS)]

    def close(self) -> None:
        self._socket.close()


def site_module(name: str):
    """A module of ``site/`` (``precompress``, ``serve``), loaded from its file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"site_{name}", _lab.ROOT / "site" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


class StaticSite:
    """The built site in ``folder``, served as the README says, by ``bin/serve-site``
    (gzip twins, always revalidated), on a free loopback port. Use as a context manager."""

    def __init__(self, folder: pathlib.Path) -> None:
        self.folder = folder
        self.port = _lab.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        #: Requests that tried to leave 127.0.0.1, seen by a route (see block_other_hosts).
        self.left: list[str] = []

    def __enter__(self) -> "StaticSite":
        self.proc = subprocess.Popen(
            ["bash", str(_lab.ROOT / "bin" / "serve-site"), str(self.folder), str(self.port), "--bind", "127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/index.html", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.__exit__()
                raise RuntimeError(f"bin/serve-site did not serve {self.folder} on {self.url}")
            time.sleep(0.1)

    def __exit__(self, *exc) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)

    def lesson_url(self, name: str) -> str:
        """A lesson in its language's app: ``de/...`` in ``de/lab/`` (JupyterLab in German),
        likewise ``fr/``, ``es/`` and ``zh/``; an English lesson in ``lab/``."""
        folder = name.split("/")[0] if "/" in name else ""
        app = f"{folder}/lab" if folder else "lab"
        return f"{self.url}/{app}/index.html?path={urllib.parse.quote(self.lesson_path(name))}"

    def lesson_path(self, name: str) -> str:
        """The lesson's path in the site's file browser (the site keeps the notebooks/ folder)."""
        return f"notebooks/{name}"

    #: A lesson on the site runs by itself (site/lesson-page.js): the checks wait for that
    #: run (:func:`wait_until_live`) instead of choosing Run All.
    runs_lessons_itself = True

    def stop(self) -> None:
        """Stop serving (the teacher's laptop closed): the browser has only what it saved."""
        self.__exit__()

    def block_other_hosts(self, context) -> None:
        """Route every request of ``context``: the site's own go on, any other is recorded in
        ``left`` and aborted. The one change to what the site serves: the settings file
        takes the settings the JupyterLab tests use (``_lab.LAB_SETTINGS``: every cell in
        the page, so the checks find every output). ``window.jupyterapp``, which the checks
        drive, the site exposes itself: its lesson-page script needs it too."""
        settings = json.loads((self.folder / "jupyter-lite.json").read_text(encoding="utf-8"))
        config = settings["jupyter-config-data"]
        if config.get("exposeAppInBrowser") != "true":
            raise AssertionError("the site's jupyter-lite.json does not expose the app: site/lesson-page.js cannot run")
        overrides = config.setdefault("settingsOverrides", {})
        for file, values in _lab.LAB_SETTINGS.items():  # "@scope/ext/plugin.jupyterlab-settings"
            plugin = file.removesuffix(".jupyterlab-settings").rsplit("/", 1)
            overrides.setdefault(":".join(plugin), {}).update(values)

        def route(r) -> None:
            url = r.request.url
            if url.startswith(("data:", "blob:")):
                r.continue_()
            elif urllib.parse.urlsplit(url).netloc != f"127.0.0.1:{self.port}":
                self.left.append(f"{r.request.method} {url}")
                r.abort()
            elif urllib.parse.urlsplit(url).path == "/jupyter-lite.json":
                r.fulfill(status=200, json=settings)
            else:
                r.continue_()

        context.route("**/*", route)


#: JavaScript: the open notebook's run state (``_lab.RUN_STATE``) and what the lesson-page
#: script made of the page.
LIVE_STATE = f"""() => {{
  const app = window.jupyterapp, panel = app && app.shell.currentWidget;
  return {{
    ...(({_lab.RUN_STATE})() || {{kernel: null, counts: [], running: 0}}),
    live: document.body.dataset.rallyLive || null,
    path: panel && panel.context ? panel.context.path : null,
    mode: app ? app.shell.mode : null,
    leftCollapsed: app ? app.shell.leftCollapsed : null,
    notebooks: app ? [...app.shell.widgets('main')].filter(w => w.sessionContext).length : null,
  }};
}}"""


def wait_until_live(page, path: str, timeout: float = 180_000) -> dict:
    """Wait until the lesson at ``path`` has run by itself (no Run All from the test): the
    page says it is live, every code cell has run and its kernel is idle. Returns the state."""
    page.wait_for_function(
        f"() => {{ const s = ({LIVE_STATE})(); return s.live === {json.dumps(path)} && s.path === s.live "
        "&& s.kernel === 'idle' && s.counts.length > 0 && s.counts.every(n => n !== null); }",
        timeout=timeout, polling=200)
    return page.evaluate(LIVE_STATE)


def chromium_args(proxy: LeaveRecorder) -> list[str]:
    """Chromium's arguments: the tests' own, and everything not for loopback to ``proxy``."""
    return [*_lab.CHROMIUM_ARGS, f"--proxy-server={proxy.url}", "--proxy-bypass-list=127.0.0.1"]


def launch_chromium(playwright, proxy: LeaveRecorder) -> "RelaunchingBrowser":
    """Debian's Chromium, headless, sending everything not for loopback to ``proxy``."""
    args = chromium_args(proxy)
    return RelaunchingBrowser(lambda: playwright.chromium.launch(executable_path=_lab.CHROMIUM, headless=True,
                                                                 args=args))


class RelaunchingBrowser:
    """A Playwright browser shared by many tests, launched again when it has gone: a
    Chromium that crashes fails the test it crashed in, not every test after it on the
    same worker. Anything else is the browser's own (``new_context``, ``version``, …)."""

    def __init__(self, launch: Callable[[], Any]) -> None:
        self._launch = launch
        self._browser = launch()

    def live(self) -> Any:
        """The browser, launched again first if it is no longer connected."""
        if not self._browser.is_connected():
            self._browser = self._launch()
        return self._browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self.live(), name)

    def close(self) -> None:
        if self._browser.is_connected():
            self._browser.close()


def built_site(dest: pathlib.Path | None = None) -> pathlib.Path:
    """The site to test: ``RALLY_SITE`` if set (an already built folder), else a fresh build."""
    given = os.environ.get("RALLY_SITE")
    if given:
        return pathlib.Path(given)
    return build(dest or pathlib.Path(tempfile.mkdtemp(prefix="rally-site-")) / "_site")
