"""Firefox and WebKit (Safari's engine), from Debian, driven like Chromium for the
cross-browser tests (``tests/browser/test_other_browsers.py``) and ``benchmarks/bench_browser.py``.

Both are driven through one small interface, :class:`Driver`: open an address, run a
JavaScript function in the page (its promise awaited, its result through JSON), and the
page's and its workers' uncaught errors. The page is read and clicked by JavaScript, so a
check written once runs in both.

- **WebKit**: WebKitGTK's own WebDriver (``WebKitWebDriver``, Debian's
  ``webkit2gtk-driver``) driving its MiniBrowser (``libwebkit2gtk-4.1-0``) on a virtual
  screen (Xvfb), through Selenium. Selenium's manager downloads nothing: the driver's path
  is given and ``SE_OFFLINE`` is set.
- **Firefox**: Debian's Firefox ESR through WebDriver BiDi, the W3C protocol Firefox
  speaks itself (``--remote-debugging-port``); Debian ships no geckodriver, which Selenium
  would need. :class:`FirefoxBiDi` sends BiDi's commands over a websocket (``websockets``).

Each browser sends every request for another host to a proxy (``site.LeaveRecorder``).

>>> sorted(BROWSERS)
['chromium', 'firefox', 'webkit']
"""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import queue
import shutil
import subprocess
import tempfile
import threading
import time

from . import lab as _lab

FIREFOX = os.environ.get("RALLY_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("RALLY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("RALLY_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"
INSTALL_HINT = ("install them with `bash bin/install-browser` (Debian's firefox-esr, webkit2gtk-driver, "
                "libwebkit2gtk-4.1-0 and xvfb; the Python packages selenium and websockets)")

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
    needs = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB], "chromium": [_lab.CHROMIUM]}[name]
    for path in needs:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"{path} is missing"
    for module in {"firefox": ["websockets.sync.client"], "webkit": ["selenium.webdriver"],
                   "chromium": ["playwright.sync_api"]}[name]:
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module.split('.')[0]} is not installed"
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


class FirefoxBiDi(Driver):
    """Debian's Firefox ESR, headless, in a fresh profile, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, proxy_url: str, width: int = 1280, height: int = 800) -> None:
        from websockets.sync.client import connect

        self.profile = pathlib.Path(tempfile.mkdtemp(prefix="rally-firefox-"))
        host, port = proxy_url.removeprefix("http://").split(":")
        prefs = {**FIREFOX_PREFS, "network.proxy.type": 1, "network.proxy.http": host,
                 "network.proxy.http_port": int(port), "network.proxy.ssl": host, "network.proxy.ssl_port": int(port),
                 "network.proxy.no_proxies_on": "127.0.0.1"}
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()), encoding="utf-8")
        port = _lab.free_port()
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(self.profile), f"--remote-debugging-port={port}",
             f"--width={width}", f"--height={height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**os.environ, "MOZ_HEADLESS": "1"})
        deadline = time.monotonic() + 60
        while True:
            try:
                # entered: the connection closes with the browser (close())
                self.socket = connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=5).__enter__()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError("Firefox did not open its WebDriver BiDi port")
                time.sleep(0.3)
        self._ids = itertools.count(1)
        self._answers: dict[int, queue.Queue] = {}
        self.log: list[str] = []
        threading.Thread(target=self._receive, daemon=True).start()
        self.send("session.new", capabilities={"alwaysMatch": {"acceptInsecureCerts": True}})
        # A tab of its own: the window Firefox opened first never has the focus headless, and
        # JupyterLab follows the focus to know the lesson in front (the site runs only that one).
        self.context = self.send("browsingContext.create", type="tab")["context"]
        self.send("browsingContext.setViewport", context=self.context,
                  viewport={"width": width, "height": height})
        self.send("script.addPreloadScript", functionDeclaration=ERROR_TRAP)
        self.send("session.subscribe", events=["log.entryAdded"])

    def _receive(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self._dispatch()
        except ConnectionClosed:  # the browser closed
            pass

    def _dispatch(self) -> None:
        for text in self.socket:
            message = json.loads(text)
            if "id" in message and message["id"] in self._answers:
                self._answers[message["id"]].put(message)
            elif message.get("method") == "log.entryAdded":
                entry = message["params"]
                if entry.get("type") == "javascript":  # an uncaught error, page or worker
                    self.log.append(f"uncaught ({entry['source'].get('realm', '')[:8]}): {entry.get('text', '')[:500]}")

    def send(self, method: str, timeout: float = 120, **params):
        """One BiDi command; its result, or RuntimeError with the browser's reason."""
        number = next(self._ids)
        self._answers[number] = answer = queue.Queue()
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            message = answer.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"firefox: no answer to {method} in {timeout} s") from None
        finally:
            del self._answers[number]
        if message.get("type") == "error":
            raise RuntimeError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def js(self, function: str, *args):
        result = self.send("script.callFunction", functionDeclaration=_CALL, awaitPromise=True,
                           target={"context": self.context},
                           arguments=[{"type": "string", "value": function},
                                      {"type": "array", "value": [_bidi_value(a) for a in args]}])
        if result["type"] == "exception":
            raise RuntimeError(f"firefox: {result['exceptionDetails'].get('text')}")
        return _unwrap(self.name, result["result"]["value"])

    def errors(self) -> list[str]:
        return [*super().errors(), *self.log]

    def screenshot(self, name: str) -> pathlib.Path:
        import base64

        data = self.send("browsingContext.captureScreenshot", context=self.context)["data"]
        _lab.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = _lab.SCREENSHOTS / f"{name}.png"
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        socket = getattr(self, "socket", None)
        if socket is not None:
            try:
                self.send("browser.close", timeout=10)
            except Exception:  # noqa: BLE001 - closing whatever state it is in
                pass
            socket.close()
        _stop(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)


def _bidi_value(value) -> dict:
    """A Python value (str, number, bool, None) as a BiDi local value."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    return {"type": "string", "value": str(value)}


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
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            _stop(self.xvfb)
            raise
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
BROWSERS = {"firefox": FirefoxBiDi, "webkit": WebKit, "chromium": Chromium}


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
