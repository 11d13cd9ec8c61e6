"""The lessons' server as a classroom runs it (``bin/lessons``, its settings from
``binder/``): a lesson left in the app view stops its Python, with the token ``bin/lessons``
gives the server and without one, and an idle Python is stopped by the server itself."""

from __future__ import annotations

import re
import time

import pytest

from . import _lab

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
