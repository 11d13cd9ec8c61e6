"""Firefox and WebKit (Safari's engine), from Debian, driven like Chromium for the
cross-browser tests (``tests/browser/test_other_browsers.py``) and ``benchmarks/bench_browser.py``.

Both are driven through one small interface, :class:`Driver`: open an address, run a
JavaScript function in the page (its promise awaited, its result through JSON), and the
page's and its workers' uncaught errors. The page is read and clicked by JavaScript, so a
check written once runs in both. Neither downloads a browser.

- **WebKit**: WebKitGTK's own WebDriver (``WebKitWebDriver``, Debian's
  ``webkit2gtk-driver``) driving its MiniBrowser (``libwebkit2gtk-4.1-0``) on a virtual
  screen (Xvfb), through Selenium. Selenium's manager downloads nothing: the driver's path
  is given and ``SE_OFFLINE`` is set.
- **Firefox**: Debian's Firefox ESR driven by Puppeteer (the npm package ``puppeteer-core``)
  over WebDriver BiDi, the W3C protocol Firefox speaks itself; Debian ships no geckodriver,
  which Selenium would need. :class:`Firefox` runs ``harness/firefox_driver.mjs`` in Node.js
  and sends it one JSON command a line. Puppeteer's version is pinned in
  ``harness/puppeteer/package-lock.json`` (the release made for Firefox 140, the ESR), and
  ``bin/fetch-puppeteer`` installs it under build/ once, checksums checked, no browser
  downloaded.

Each browser sends every request for another host to a proxy (``site.LeaveRecorder``).

>>> sorted(BROWSERS)
['chromium', 'firefox', 'webkit']
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import pathlib
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from . import lab as _lab

FIREFOX = os.environ.get("RALLY_FIREFOX", "/usr/bin/firefox-esr")
NODE = os.environ.get("RALLY_NODE") or shutil.which("node") or "/usr/bin/node"
ROOT = _lab.ROOT
#: The Node.js script that drives Firefox with Puppeteer (:class:`Firefox`).
DRIVER_SCRIPT = ROOT / "harness" / "firefox_driver.mjs"
WEBKIT_DRIVER = os.environ.get("RALLY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("RALLY_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"
#: Seconds WebKit's session may take to start, and how many starts are tried. A MiniBrowser
#: that dies as it starts leaves WebKitWebDriver silent for good, and Selenium waits for its
#: answer with no end of its own: past this the start fails, and is tried again. A start
#: takes 1-2 s on this machine (idle, or beside four busy processes); a start that hung
#: cost 120 s in a whole run, so the wait is short and the tries more.
WEBKIT_SESSION_START = 40
WEBKIT_STARTS = 3
INSTALL_HINT = ("install them with `bash bin/install-browser` (Debian's firefox-esr, webkit2gtk-driver, "
                "libwebkit2gtk-4.1-0 and xvfb; the Python package selenium; for Firefox, Node.js and npm, "
                "with which bin/fetch-puppeteer installs Puppeteer)")

#: JavaScript run before the page's own (Firefox) or as soon as it has loaded (WebKit):
#: records every uncaught error and unhandled rejection of the page, and every error a
#: web worker (where Pyodide runs on the site) did not catch, in ``window.__rallyErrors``.
ERROR_TRAP = """() => {
  if (window.__rallyErrors) return;
  const seen = window.__rallyErrors = [];
  const text = e => (e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e)).slice(0, 500);
  window.addEventListener('error', e => seen.push('uncaught: ' + (e.error ? text(e.error) : e.message)));
  window.addEventListener('unhandledrejection', e => seen.push('unhandled rejection: ' + text(e.reason)));
  const Native = window.Worker;
  if (!Native) return;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__rallyWorkers = (window.__rallyWorkers || 0) + 1;
      this.addEventListener('error', e => seen.push('worker: ' + (e.message || 'an error') + ' at ' + e.filename + ':' + e.lineno));
    }
  };
}"""

#: Firefox's settings: no updates, no telemetry, no first-run pages, nothing fetched but the page.
FIREFOX_PREFS = {
    "app.update.enabled": False, "app.update.auto": False, "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore", "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.reportingpolicy.firstRun": False,
    "datareporting.healthreport.uploadEnabled": False, "toolkit.telemetry.enabled": False,
    "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "extensions.update.enabled": False, "browser.newtabpage.enabled": False,
    "browser.startup.page": 0, "remote.prefs.recommended": True,
    "dom.serviceWorkers.testing.enabled": True, "network.proxy.allow_hijacking_localhost": False,
    "services.settings.server": "data:,#remote-settings-dummy/v1", "browser.region.update.enabled": False,
    "browser.search.update": False, "app.normandy.enabled": False, "extensions.getAddons.cache.enabled": False,
}

#: The hosts Firefox itself calls (remote settings, push, captive-portal checks) whatever the
#: page does; such a call comes from the browser, not from the lesson.
OWN_HOSTS = ("mozilla.com", "mozilla.net", "mozilla.org", "firefox.com", "mozaws.net")


def missing(name: str) -> str | None:
    """Why ``name`` ("firefox" or "webkit") cannot be driven here, or None when it can."""
    needs = {"firefox": [FIREFOX, NODE], "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB], "chromium": [_lab.CHROMIUM]}[name]
    for path in needs:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"{path} is missing"
    for module in {"firefox": [], "webkit": ["selenium.webdriver"], "chromium": ["playwright.sync_api"]}[name]:
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module.split('.')[0]} is not installed"
    if name == "firefox":
        try:
            puppeteer_modules()
        except RuntimeError as e:  # no npm, or no registry to install it from
            return f"Puppeteer is not installed: {e}"
    return None


class Driver:
    """One browser window: :meth:`goto`, :meth:`js`, :meth:`wait`, :meth:`errors`; a context manager."""

    name = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def js(self, function: str, *args):
        """Call the JavaScript ``function`` (source text) with ``args`` in the page; its
        result (a promise's awaited), through JSON."""
        raise NotImplementedError

    def wait(self, function: str, *args, timeout: float = 60, every: float = 0.25):
        """Call ``function`` until its result is truthy; return it."""
        deadline = time.monotonic() + timeout
        while True:
            result = self.js(function, *args)
            if result:
                return result
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: not so after {timeout:.0f} s: {function[:300]}")
            time.sleep(every)

    def errors(self) -> list[str]:
        """The uncaught errors of the page and its workers (:data:`ERROR_TRAP`) so far."""
        return self.js("() => window.__rallyErrors || []")

    def screenshot(self, name: str) -> pathlib.Path:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> "Driver":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


#: JavaScript wrapping a function for :meth:`Driver.js`: its result, awaited, as JSON text,
#: or the error it threw.
_CALL = """async (source, args) => {
  try { return JSON.stringify({value: (await (0, eval)('(' + source + ')')(...args)) ?? null}); }
  catch (e) { return JSON.stringify({error: String(e && e.stack || e)}); }
}"""


def _unwrap(name: str, text: str):
    answer = json.loads(text)
    if "error" in answer:
        raise RuntimeError(f"{name}: the page's script failed: {answer['error'][:1000]}")
    return answer["value"]


class Firefox(Driver):
    """Debian's Firefox ESR, headless, in a fresh profile, driven by Puppeteer over WebDriver
    BiDi: a Node.js process (:data:`DRIVER_SCRIPT`) that takes one JSON command a line."""

    name = "firefox"

    def __init__(self, proxy_url: str, width: int = 1280, height: int = 800) -> None:
        modules = puppeteer_modules()
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="rally-firefox-"))
        host, port = proxy_url.removeprefix("http://").split(":")
        prefs = {**FIREFOX_PREFS, "network.proxy.type": 1, "network.proxy.http": host,
                 "network.proxy.http_port": int(port), "network.proxy.ssl": host, "network.proxy.ssl_port": int(port),
                 "network.proxy.no_proxies_on": "127.0.0.1"}
        config = {"firefox": FIREFOX, "profile": str(self.folder / "profile"), "prefs": prefs,
                  "args": ["--no-remote", f"--width={width}", f"--height={height}"],
                  "width": width, "height": height, "preload": f"({ERROR_TRAP})();"}
        self.log = self.folder / "driver.log"  # Node's and Puppeteer's complaints, for an error's message
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([NODE, str(DRIVER_SCRIPT), str(modules), json.dumps(config)],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                         text=True, encoding="utf-8", start_new_session=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._to, self._from = self.proc.stdin, self.proc.stdout
        self._lines: queue.Queue = queue.Queue()
        self._ids = itertools.count(1)
        self._reader = threading.Thread(target=self._receive, daemon=True)
        self._reader.start()
        try:
            self._answer("start", timeout=90)
        except BaseException:
            self.close()
            raise

    def _receive(self) -> None:
        for line in self._from:
            self._lines.put(line)
        self._lines.put(None)  # the driver ended

    def _answer(self, what: str, timeout: float, number: int | None = None):
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"firefox: no answer to {what} in {timeout:.0f} s") from None
            if line is None:
                self._lines.put(None)  # for the next command too
                self.proc.wait(timeout=10)
                tail = self.log.read_text(encoding="utf-8", errors="replace")[-2000:]
                raise RuntimeError(f"firefox: the driver ended (exit status {self.proc.returncode}) at {what}: {tail}")
            answer = json.loads(line)
            if answer.get("id") == number:  # not a late answer to a command that timed out
                break
        if "error" in answer:
            raise RuntimeError(f"firefox: {what}: {answer['error'][:1000]}")
        return answer.get("value")

    def send(self, command: str, timeout: float = 120, **params):
        """One command to the driver (harness/firefox_driver.mjs); its value, or RuntimeError with the reason."""
        number = next(self._ids)
        self._to.write(json.dumps({"id": number, "cmd": command, **params}) + "\n")
        self._to.flush()
        return self._answer(command, timeout, number)

    def goto(self, url: str) -> None:
        self.send("goto", timeout=620, url=url)

    def js(self, function: str, *args):
        return _unwrap(self.name, self.send("eval", expression=f"({_CALL})({json.dumps(function)}, {json.dumps(list(args))})"))

    def errors(self) -> list[str]:
        return [*super().errors(), *self.send("errors")]

    def screenshot(self, name: str) -> pathlib.Path:
        _lab.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = _lab.SCREENSHOTS / f"{name}.png"
        self.send("screenshot", path=str(path.resolve()))
        return path

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("close", timeout=30)
                self.proc.wait(timeout=10)
            except Exception:  # noqa: BLE001 - closing whatever state it is in
                pass
        _stop(self.proc)
        self._reader.join(timeout=10)  # it reads to the end of the driver's output
        for pipe in (self._to, self._from):
            try:
                pipe.close()
            except OSError:  # its last words unsent: the driver had ended
                pass
        shutil.rmtree(self.folder, ignore_errors=True)


@functools.cache
def puppeteer_modules() -> pathlib.Path:
    """The folder with Puppeteer in its node_modules (``bin/fetch-puppeteer``: the pinned
    ``puppeteer-core`` of ``harness/puppeteer/package-lock.json``, under build/), installed once."""
    done = subprocess.run(["bash", str(ROOT / "bin" / "fetch-puppeteer")], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"bin/fetch-puppeteer failed: {done.stderr.strip()[-1500:]}")
    return pathlib.Path(done.stdout.strip().splitlines()[-1])


class WebKit(Driver):
    """WebKitGTK's MiniBrowser on a virtual screen (Xvfb), driven by WebKitWebDriver through Selenium."""

    name = "webkit"

    def __init__(self, proxy_url: str, width: int = 1280, height: int = 800) -> None:
        os.environ["SE_OFFLINE"] = "true"  # Selenium's manager must not look for a driver to download
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        # Xvfb picks a free display itself and writes its number once it takes connections.
        ready, told = os.pipe()
        self.xvfb = subprocess.Popen([XVFB, "-displayfd", str(told), "-screen", "0", f"{width}x{height + 100}x24",
                                      "-nolisten", "tcp"], pass_fds=(told,), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(told)
        with os.fdopen(ready) as pipe:
            number = pipe.readline().strip()
        if not number.isdigit():
            _stop(self.xvfb)
            raise RuntimeError(f"Xvfb ({XVFB}) did not start a virtual screen")
        self.display = f":{number}"
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.proxy = Proxy({"proxyType": ProxyType.MANUAL, "httpProxy": proxy_url.removeprefix("http://"),
                               "sslProxy": proxy_url.removeprefix("http://"), "noProxy": ["127.0.0.1"]})
        env = {**os.environ, "DISPLAY": self.display, "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1"}
        for attempt in range(1, WEBKIT_STARTS + 1):
            before = socket.getdefaulttimeout()
            socket.setdefaulttimeout(WEBKIT_SESSION_START)  # what urllib3 waits when Selenium names no timeout
            try:
                self.driver = webdriver.WebKitGTK(options=options,
                                                  service=Service(executable_path=WEBKIT_DRIVER, env=env))
                break
            except Exception:
                if attempt == WEBKIT_STARTS:  # (a failed start stops its own WebKitWebDriver)
                    _stop(self.xvfb)
                    raise
            except BaseException:
                _stop(self.xvfb)
                raise
            finally:
                socket.setdefaulttimeout(before)
        self.driver.set_window_size(width, height)
        self.driver.set_script_timeout(600)

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self.driver.execute_script(f"({ERROR_TRAP})()")  # WebDriver classic has no script before the page's

    def js(self, function: str, *args):
        text = self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1]; ({_CALL})(arguments[0], arguments[1]).then(done);",
            function, list(args))
        return _unwrap(self.name, text)

    def screenshot(self, name: str) -> pathlib.Path:
        _lab.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = _lab.SCREENSHOTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            _stop(self.xvfb)


def _stop(proc: subprocess.Popen | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


class Chromium(Driver):
    """Debian's Chromium through Playwright (as ``harness.lab`` starts it), for figures side by side."""

    name = "chromium"

    def __init__(self, proxy_url: str, width: int = 1280, height: int = 800) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path=_lab.CHROMIUM, headless=True,
            args=[*_lab.CHROMIUM_ARGS, f"--proxy-server={proxy_url}", "--proxy-bypass-list=127.0.0.1"])
        self.page = self.browser.new_page(viewport={"width": width, "height": height})
        self.page.add_init_script(f"({ERROR_TRAP})()")

    def goto(self, url: str) -> None:
        self.page.goto(url, timeout=600_000)

    def js(self, function: str, *args):
        return _unwrap(self.name, self.page.evaluate(f"([source, args]) => ({_CALL})(source, args)", [function, list(args)]))

    def screenshot(self, name: str) -> pathlib.Path:
        return _lab.screenshot(self.page, name)

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


#: The drivers by browser name.
BROWSERS = {"firefox": Firefox, "webkit": WebKit, "chromium": Chromium}


def app_ready(driver: Driver, lab, name: str, timeout: float = 600) -> float:
    """Open the lesson ``name`` in the app view (``lab``, a ``harness.lab.JupyterLab``) and wait
    until Voilà has drawn it, with no error shown; the seconds it took."""
    start = time.monotonic()
    driver.goto(lab.app_url(name))
    assert driver.wait(_lab._APP_STATE, timeout=timeout) == "done"
    assert driver.js(_lab._APP_ERRORS) == []
    return time.monotonic() - start


def site_live(driver: Driver, site, name: str, timeout: float = 420) -> dict[str, float]:
    """Open the lesson ``name`` on the site (``site``, a ``harness.site.StaticSite``) and wait
    until it is live (it runs by itself); the seconds to its widgets' pictures and to live."""
    from .site import LIVE_STATE

    path = site.lesson_path(name)
    start = time.monotonic()
    driver.goto(site.lesson_url(name))
    driver.wait("() => document.querySelectorAll('.rally-picture').length > 0", timeout=timeout)
    visible = time.monotonic() - start
    driver.wait(f"() => {{ const s = ({LIVE_STATE})(); return s.live === {json.dumps(path)} && s.path === s.live "
                "&& s.kernel === 'idle' && s.counts.length > 0 && s.counts.every(n => n !== null); }",
                timeout=timeout, every=0.5)
    return {"visible": visible, "live": time.monotonic() - start}


def launch(name: str, proxy_url: str, width: int = 1280, height: int = 800) -> Driver:
    """Start the browser ``name`` ("firefox", "webkit" or "chromium") with every other host sent to ``proxy_url``."""
    return BROWSERS[name](proxy_url, width, height)
