"""The lessons' server as a classroom runs it (``bin/lessons``, its settings from
``binder/``): a lesson left in the app view stops its Python, with the token ``bin/lessons``
gives the server and without one, and an idle Python is stopped by the server itself."""

from __future__ import annotations

import re
import time

import pytest

from . import _lab, _screens

LESSON = "01_tricks.ipynb"


def kernels_after(lab: _lab.JupyterLab, wanted: int, timeout: float = 20.0) -> int:
    """The number of running kernels, once it is ``wanted`` or ``timeout`` seconds passed."""
    deadline = time.monotonic() + timeout
    while True:
        count = len(lab.api("GET", "/api/kernels"))
        if count == wanted or time.monotonic() > deadline:
            return count
        time.sleep(0.25)


@pytest.mark.parametrize("token", ["a-teachers-token", ""], ids=["with a token", "without a token"])
def test_leaving_an_app_page_stops_its_python(browser, token):
    with _lab.JupyterLab(token=token) as lab:
        context = browser.new_context(viewport=_lab.WINDOW)
        try:
            page = context.new_page()
            seen = _lab.watch_script_errors(page)
            _lab.open_app(page, lab, LESSON)
            assert kernels_after(lab, 1) == 1
            page.goto("about:blank")  # the child closes the lesson
            assert kernels_after(lab, 0) == 0, f"the lesson's Python still runs:\n{lab.log_text()}"
            refused = re.findall(r"\] 403 [A-Z]+ \S+", lab.log_text())  # the server's access log
            assert not refused, lab.log_text()
        finally:
            context.close()
        _lab.assert_no_script_errors(seen)
        # The server stops an idle Python by itself, open page or not, with the settings of
        # binder/jupyter_server_config.json (its own log says which it read).
        assert "Culling kernels with idle durations > 3600 seconds at 300 second intervals" in lab.log_text()
        assert "Culling kernels even with connected clients" in lab.log_text()


#: Each page's notice when its Python is gone, and its button, in the lesson's language.
STOPPED = [
    ("01_tricks.ipynb", "This lesson stopped after a long break.", "Reload the lesson ↻"),
    ("de/01_stiche.ipynb", "Diese Lektion hat nach einer langen Pause angehalten.", "Lektion neu laden ↻"),
]


#: JavaScript: Voilà has run the lesson and shows it (its spinner gone).
LESSON_SHOWN = """() => { const cells = document.getElementById('rendered_cells');
  return !!cells && !document.getElementById('loading') && getComputedStyle(cells).display !== 'none'; }"""


def notice(page) -> str:
    """The text of the page's notice that the lesson stopped ("" while there is none)."""
    box = page.locator("#rally-stopped")
    return box.inner_text() if box.count() else ""


@pytest.mark.parametrize(("lesson", "stopped", "reload"), STOPPED, ids=["English", "German"])
def test_a_lesson_the_server_stopped_says_so_and_reloads(browser, lesson, stopped, reload):
    """The server stops an idle lesson's Python (here after 12 s instead of an hour, the rest of
    the settings as ``bin/lessons`` gives them). The page does not stay silent: when the child
    taps, a notice says the lesson stopped, and its button starts the lesson again. While the
    Python runs, a tap shows nothing."""
    idle = ("--MappingKernelManager.cull_idle_timeout=12", "--MappingKernelManager.cull_interval=2")
    with _lab.JupyterLab(token="a-teachers-token", settings=idle) as lab:
        context = browser.new_context(**_screens.SCREENS["phone-390"])
        try:
            page = context.new_page()
            seen = _lab.watch_script_errors(page)
            _lab.open_app(page, lab, lesson)
            page.touchscreen.tap(195, 400)
            page.wait_for_timeout(1500)
            assert notice(page) == "", "a live lesson says it stopped"
            assert kernels_after(lab, 0, timeout=60) == 0, f"the server kept the idle Python:\n{lab.log_text()}"
            assert "Culling 'idle' kernel" in lab.log_text()
            page.touchscreen.tap(195, 400)
            page.wait_for_function("document.getElementById('rally-stopped') !== null", timeout=10_000)
            assert stopped in notice(page)
            button = page.get_by_role("button", name=reload)
            # The notice takes the keyboard's focus (a tap's own focus may come a moment later).
            page.wait_for_function("document.activeElement && document.activeElement.closest('#rally-stopped')",
                                   timeout=5_000)
            box = page.locator("#rally-stopped").bounding_box()
            assert box["y"] == 0 and box["width"] == 390, box  # at the top, across the screen
            _lab.screenshot(page, f"lesson_stopped_{'de' if lesson.startswith('de/') else 'en'}")
            with page.expect_navigation():
                button.tap()
            page.wait_for_function(LESSON_SHOWN, timeout=300_000)  # the page has its lesson again
            assert notice(page) == ""
            assert lab.log_text().count("Kernel started") == 2, lab.log_text()  # with a new Python
        finally:
            context.close()
        _lab.assert_no_script_errors(seen)


def test_a_lesson_whose_server_is_gone_says_so(browser):
    """The server itself stops (Binder's idle server, a teacher closing ``bin/lessons``): a tap
    brings the notice that the lesson lost its connection."""
    with _lab.JupyterLab(token="a-teachers-token") as lab:
        context = browser.new_context(viewport=_lab.WINDOW)
        try:
            page = context.new_page()
            _lab.open_app(page, lab, LESSON)
            page.mouse.click(640, 400)
            page.wait_for_timeout(1000)
            assert notice(page) == ""
            lab.stop()
            page.wait_for_timeout(3500)  # a child's next tap, not the same one
            page.mouse.click(640, 400)
            page.wait_for_function("document.getElementById('rally-stopped') !== null", timeout=15_000)
            assert "This lesson lost its connection." in notice(page)
            assert "Reload the page" in notice(page)
        finally:
            context.close()


def test_jupyterlab_opens_on_the_lessons_folder(browser):
    """Someone who types /lab (a child, or a teacher) lands in ``notebooks/``, lesson 0 first
    in the list, not among the repository's tools (``FileContentsManager.preferred_dir``)."""
    with _lab.JupyterLab(token="a-teachers-token") as lab:
        context = browser.new_context(viewport=_lab.WINDOW)
        try:
            page = context.new_page()
            page.goto(f"{lab.url}/lab?token={lab.token}")
            page.wait_for_selector(".jp-DirListing-item", timeout=90_000)
            page.wait_for_function("document.querySelector('.jp-FileBrowser-crumbs').innerText.includes('notebooks')",
                                   timeout=30_000)
            names = page.locator(".jp-DirListing-item .jp-DirListing-itemName").all_inner_texts()
            assert "00_start_here.ipynb" in names and "de" in names, names
            assert not {"bin", "harness", "uv.lock"} & set(names), names
        finally:
            context.close()
