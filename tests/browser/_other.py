"""The cross-browser checks, written once in JavaScript for Firefox and WebKit
(``harness.browsers``): a learner's path through the app view and the site, the
selectors those of the Chromium tests (test_game.py, test_quiz.py, test_play_together.py,
test_lessons.py, test_site.py)."""

from __future__ import annotations

import json
import time

import pytest

from harness import browsers
from . import _site
from .conftest import skip_or_fail

#: JavaScript: the first output holding a hand (the lesson's game): its events, status, log.
GAME = """() => {
  const root = [...document.querySelectorAll('.jp-OutputArea-output')].find(o => o.querySelector('.rally-hand'));
  if (!root) return null;
  const ol = root.querySelector('ol[start]');
  return {
    events: ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0,
    status: root.querySelector('.rally-game__status')?.innerText ?? '',
    log: ol ? [...ol.children].map(li => li.innerText) : [],
    legal: root.querySelectorAll('.rally-hand button.rally-card[aria-disabled="false"]').length,
  };
}"""

#: JavaScript: click the game's first legal card ("card") or the button whose words begin with ``what``.
GAME_PRESS = """(what) => {
  const root = [...document.querySelectorAll('.jp-OutputArea-output')].find(o => o.querySelector('.rally-hand'));
  const target = what === 'card'
    ? root.querySelector('.rally-hand button.rally-card[aria-disabled="false"]')
    : [...root.querySelectorAll('button')].find(b => b.textContent.replace(/^\\W+/, '').startsWith(what));
  if (!target) return false;
  target.click();
  return true;
}"""

#: JavaScript: choose the answer ``label`` in the last self-check on the page and press Check;
#: returns the feedback shown before (so a wait can tell the new one).
QUIZ_ANSWER = """(label) => {
  const quiz = [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.querySelector('.widget-radio-box')).at(-1);
  quiz.scrollIntoView();
  const choice = [...quiz.querySelectorAll('.widget-radio-box label')].find(l => l.textContent.trim() === label);
  if (!choice) return {missing: [...quiz.querySelectorAll('.widget-radio-box label')].map(l => l.textContent.trim())};
  choice.querySelector('input').click();
  const check = [...document.querySelectorAll('.jp-OutputArea-output button')].find(b => b.textContent.replace(/^\\W+/, '').trim() === 'Check');
  check.click();
  return {clicked: label};
}"""
#: JavaScript: the last self-check's feedback words ('' before any).
QUIZ_FEEDBACK = """() => {
  const quiz = [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.querySelector('.widget-radio-box')).at(-1);
  return quiz?.querySelector('.rally-quiz__feedback')?.innerText ?? '';
}"""

#: JavaScript: press, in the last free-play output, the element matching ``selector``
#: (a button whose words begin with ``words`` when given), ``times`` times.
FREE_PRESS = """(selector, words, times) => {
  const free = [...document.querySelectorAll('.rally-free-play')].at(-1);
  free.scrollIntoView();
  const target = [...free.querySelectorAll(selector)].find(b => !words || b.textContent.trim().startsWith(words));
  for (let i = 0; i < times; i++) target.click();
  return !!target;
}"""
#: JavaScript: what the free play says: the verdict, the last tool's words, each square's label.
FREE_STATE = """() => {
  const free = [...document.querySelectorAll('.rally-free-play')].at(-1);
  return {verdict: free.querySelector('.rfp-verdict')?.innerText ?? '', said: free.querySelector('.rfp-said')?.innerText ?? '',
          squares: Object.fromEntries([...free.querySelectorAll('button[data-square]')].map(b => [b.dataset.square, b.getAttribute('aria-label')]))};
}"""

#: JavaScript: the experiment's chart, once drawn: its bars, error bars and x labels (null before).
MEMORY_CHART = """() => {
  const chart = [...document.querySelectorAll('.js-plotly-plot')].filter(p => p.textContent.includes('Win rate by memory')).at(-1);
  if (!chart) return null;
  return {bars: chart.querySelectorAll('.barlayer .point').length, errorbars: chart.querySelectorAll('.errorbar').length,
          ticks: [...chart.querySelectorAll('.xtick')].map(t => t.textContent)};
}"""
#: JavaScript: press the output button whose words begin with ``words``.
PRESS = """(words) => {
  const b = [...document.querySelectorAll('.jp-OutputArea-output button')].find(b => b.textContent.replace(/^\\W+/, '').startsWith(words));
  if (b) { b.scrollIntoView(); b.click(); }
  return !!b;
}"""


@pytest.fixture(scope="module")
def recorder():
    recorder = _site.LeaveRecorder()
    yield recorder
    recorder.close()


def launch(name: str, recorder) -> browsers.Driver:
    """Firefox or WebKit, every other host sent to ``recorder``; skipped (failed in CI) when missing."""
    why = browsers.missing(name)
    if why is not None:
        skip_or_fail(f"The {name} tests need it: {why}; {browsers.INSTALL_HINT}.")
    return browsers.launch(name, recorder.url)


def open_app(driver: browsers.Driver, lab, name: str) -> float:
    """Open ``name`` in the app view until Voilà has drawn it (``browsers.app_ready``)."""
    return browsers.app_ready(driver, lab, name)


def play_three_cards_and_a_turbo(driver: browsers.Driver) -> list[str]:
    """Lesson 5's game: cards clicked until three are played and the turbo was decided; the log."""
    cards = turbos = 0
    for _ in range(60):
        state = driver.wait(GAME)
        if cards >= 3 and turbos >= 1 or "Game over" in state["status"]:
            break
        turbo = "choose the turbo" in state["status"]
        assert driver.js(GAME_PRESS, "Use turbo" if turbo else "card"), state
        turbos, cards = turbos + turbo, cards + (not turbo)
        driver.wait(f"() => {{ const s = ({GAME})(); return s.events > {state['events']} && "
                    "/Your turn|Game over/.test(s.status); }", timeout=60)
    log = driver.js(GAME)["log"]
    assert cards >= 3 and turbos >= 1, (cards, turbos, log[-5:])
    assert sum(line.startswith("Ada plays ") for line in log) >= 3, log
    assert any(line.startswith("Ada uses the turbo") for line in log), log
    return log


def answer(driver: browsers.Driver, label: str, expected: str) -> str:
    """Answer the last self-check with ``label``; wait for feedback starting with ``expected``."""
    before = driver.js(QUIZ_FEEDBACK)
    assert driver.js(QUIZ_ANSWER, label) == {"clicked": label}
    return driver.wait(f"() => {{ const f = ({QUIZ_FEEDBACK})(); return f !== {json.dumps(before)} && "
                       f"f.startsWith({json.dumps(expected)}) && f; }}", timeout=120)


def free_play_circuit(driver: browsers.Driver) -> None:
    """Lesson 9's free play: a ring of four curves laid by clicks, a car driven round it."""
    driver.wait("() => !!document.querySelector('.rally-free-play .rfp-verdict')")
    assert driver.js(FREE_PRESS, 'button[data-piece="C"]', "", 1)
    for name, turns, openings in [("A1", 1, "east and south"), ("B1", 2, "south and west"),
                                  ("B2", 3, "north and west"), ("A2", 0, "north and east")]:
        assert driver.js(FREE_PRESS, f'button[data-square="{name}"]', "", 1 + turns)
        driver.wait(f"() => ({FREE_STATE})().squares[{json.dumps(name)}]"
                    f".startsWith({json.dumps(f'{name}: a curve, open to {openings}')})", timeout=60)
    driver.wait(f"() => ({FREE_STATE})().verdict === 'A closed circuit: 4 tiles, no road broken.'", timeout=60)
    assert driver.js(FREE_PRESS, 'button[data-car="red"]', "", 1)
    assert driver.js(FREE_PRESS, 'button[data-square="A1"]', "", 1)
    assert driver.js(FREE_PRESS, "button.rfp-tool", "Drive round", 1)
    driver.wait(f"() => ({FREE_STATE})().said === 'The red car drove round: A1 → B1 → B2 → A2 → A1, "
                "4 squares, and is back on A1.'", timeout=60)


def memory_experiment(driver: browsers.Driver, timeout: float = 300) -> dict:
    """Lesson 9's experiment run by its button; its chart drawn with every bar."""
    assert driver.js(PRESS, "Run the experiment")
    chart = driver.wait(f"() => {{ const c = ({MEMORY_CHART})(); return c && c.bars === 7 && c; }}", timeout=timeout)
    assert chart["errorbars"] == 0, chart  # a child's chart: no intervals (the grown-ups' guide has them)
    assert chart["ticks"] == ["none", "1 turn", "2 turns", "3 turns", "5 turns", "8 turns", "perfect"], chart
    return chart


def no_errors(driver: browsers.Driver, recorder) -> None:
    """No uncaught error in the page or its workers, no request for another host."""
    errors = driver.errors()
    assert errors == [], f"{driver.name}: uncaught errors: {errors[:5]}"
    left = [line for line in recorder.from_the_site() if not any(host in line for host in browsers.OWN_HOSTS)]
    assert left == [], f"{driver.name}: requests for other hosts: {left}"


def site_lesson_0(driver: browsers.Driver, site) -> dict[str, float]:
    """The site's lesson 0 opened until it is live (it runs by itself), then its self-check
    answered wrongly and rightly; the seconds to the lesson's pictures and to live."""
    seconds = browsers.site_live(driver, site, "00_start_here.ipynb")
    assert "✘" in answer(driver, "Their cars move back", "✘")
    answer(driver, "They wind up their motors", "✔ Right.")
    return seconds
