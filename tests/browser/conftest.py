"""Browser tests: JupyterLab on loopback, driven by Debian's Chromium through Playwright.

Chromium sends every request for a host other than 127.0.0.1 to a recording proxy that
refuses it (``_site.LeaveRecorder``): a test during which a lesson's page (JupyterLab or the
app view) asked another host for anything fails, since a child's page talks to its own
server only.

Without Chromium or the playwright package these tests are skipped with a message
saying how to install them, unless RALLY_REQUIRE_BROWSER=1 (as in CI): then a missing
browser fails them.
"""

from __future__ import annotations

import os

import pytest

from . import _lab, _screens, _site

REQUIRED = os.environ.get("RALLY_REQUIRE_BROWSER", "") == "1"


def skip_or_fail(message: str) -> None:
    """Skip with ``message``, or fail where the browser tests are required (CI)."""
    if REQUIRED:
        pytest.fail(message + " (RALLY_REQUIRE_BROWSER=1 is set, so this is a failure.)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="package")
def browser_ready():
    why = _lab.missing_browser()
    if why is not None:
        skip_or_fail(f"Browser tests need Chromium and Playwright: {why}; {_lab.INSTALL_HINT}.")


# Package scope: the server and Playwright's event loop end with the last browser test,
# before the rest of the suite (which runs asyncio itself) goes on.
@pytest.fixture(scope="package")
def lab(browser_ready):
    with _lab.JupyterLab() as server:
        yield server


@pytest.fixture
def lab_in_english_after(lab):
    """The lab server, its interface set back to English afterwards (a test that opens a
    lesson through ``/lessons-in/<lang>/``; the next tests read English)."""
    import json
    import urllib.request

    yield lab
    with urllib.request.urlopen(f"{lab.url}/lessons-in/en/{lab.lesson_path('00_start_here.ipynb')}", timeout=30) as r:
        assert r.status == 200
    settings = json.loads((lab.tmp / "settings" / "@jupyterlab" / "translation-extension" /
                           "plugin.jupyterlab-settings").read_text(encoding="utf-8"))
    assert settings["locale"] == "en"


@pytest.fixture(scope="package")
def playwright(browser_ready):
    """Playwright, once for all the browser tests (a second one could not start while
    the first runs)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="package")
def lab_leave_recorder(browser_ready):
    """Every request the lab's Chromium sent for another host (see the module)."""
    recorder = _site.LeaveRecorder()
    yield recorder
    recorder.close()


@pytest.fixture(scope="package")
def browser(playwright, lab_leave_recorder):
    chromium = _site.launch_chromium(playwright, lab_leave_recorder)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(autouse=True)
def no_request_leaves(request):
    """A test that used the lab's Chromium fails if anything in it asked another host."""
    if "browser" not in request.fixturenames:
        yield
        return
    recorder = request.getfixturevalue("lab_leave_recorder")
    recorder.seen.clear()
    yield
    assert recorder.from_the_site() == [], f"the page asked other hosts: {recorder.from_the_site()}"


@pytest.fixture
def page(browser, lab):
    """A fresh browser window of 1280 x 800; the test's kernels stop afterwards, and a script
    error on the page fails the test."""
    with _screens.window(browser, lab, "laptop-1280", 30_000) as page:
        yield page
