"""The app view in Firefox and in WebKit (Safari's engine, as on an iPad), from Debian and
driven as ``harness.browsers`` says: lesson 5's game played three cards with a turbo
decision, lesson 1's self-check answered, lesson 9's free play and its experiment's chart.
Any uncaught error of the page fails it. The site in both: ``test_site.py`` (it builds the site once)."""

from __future__ import annotations

import time

import pytest

from . import _other
from ._other import recorder  # noqa: F401 - the module's proxy for other hosts

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_the_app_view_in(name, lab, recorder):  # noqa: F811
    start = time.monotonic()
    with _other.launch(name, recorder) as driver:
        recorder.seen.clear()
        _other.open_app(driver, lab, "05_play_a_game.ipynb")
        _other.play_three_cards_and_a_turbo(driver)
        driver.screenshot(f"{name}-05_play_a_game-after-turbo")
        _other.no_errors(driver, recorder)

        _other.open_app(driver, lab, "01_tricks.ipynb")
        assert "last new color" in _other.answer(driver, "Ada", "✘ Not yet.")
        _other.answer(driver, "Bo", "✔ Right.")
        _other.no_errors(driver, recorder)

        _other.open_app(driver, lab, "09_rally_run_memory.ipynb")
        _other.free_play_circuit(driver)
        _other.memory_experiment(driver)
        driver.screenshot(f"{name}-09_rally_run_memory-chart")
        _other.no_errors(driver, recorder)
    print(f"{name}: the app view's path in {time.monotonic() - start:.0f} s")
