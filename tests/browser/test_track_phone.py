"""The track figure on a 360-px phone (issue 41, item 5): in the app view a learner opens,
the figure lays itself out for the width there is (the key below the track) instead of
being scaled down as a whole, so no word drawn in it is under 12 px, it is no wider than
the window, and a tap on a space shows that space's number in words of at least 12 px. On a
tablet and a laptop the figure keeps its own layout, with no word under 12 px either."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import _lab
from .test_lesson_moves import settled
from ._screens import sliders_cut
from .test_screens import check, screen_page  # noqa: F401 (screen_page: the fixture)

#: The smallest size, in CSS px as shown, of any word drawn in a figure on a phone.
SMALLEST = 12

#: JavaScript: every visible word drawn in the Plotly figures below ``root`` (an element):
#: its text, its font size as shown (the computed size times the zoom it is drawn at), and
#: each figure's box against the window's width.
WORDS = """(root) => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && Number(s.opacity) !== 0; };
  const zoom = (el) => { if ('currentCSSZoom' in el) return el.currentCSSZoom;
    let z = 1; for (let e = el; e; e = e.parentElement) z *= parseFloat(getComputedStyle(e).zoom) || 1; return z; };
  const words = [], figures = [];
  for (const plot of root.querySelectorAll('.js-plotly-plot')) {
    if (!shown(plot)) continue;
    const r = plot.getBoundingClientRect();
    figures.push({left: r.left, right: r.right, zoom: zoom(plot)});
    for (const t of plot.querySelectorAll('text')) {
      if (!t.textContent.trim() || !shown(t)) continue;
      words.push({text: t.textContent.trim().slice(0, 40), size: parseFloat(getComputedStyle(t).fontSize) * zoom(t)});
    }
  }
  return {words, figures, width: document.documentElement.clientWidth};
}"""

#: JavaScript: the middle of a space's marker in the figure ``el`` (arg: the space), in the window.
SPACE_AT = """([el, space]) => {
  for (const g of el.querySelectorAll('.scatterlayer g.trace')) {
    if (g.__data__?.[0]?.trace?.meta !== 'spaces') continue;
    const r = g.querySelectorAll('path.point')[space].getBoundingClientRect();
    return {x: r.x + r.width / 2, y: r.y + r.height / 2};
  }
  return null;
}"""

#: JavaScript: the hover label's words and their size as shown, in the figure ``el``.
HOVER = """(el) => [...el.querySelectorAll('.hoverlayer text')].filter(t => t.textContent.trim()).map(t => ({
  text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize) * (t.currentCSSZoom ?? 1)}))"""


#: The move player's buttons, its last words and the start of a space's hover text, per lesson.
WORDS_SAID = {
    "03_moving_and_hills.ipynb": {"step": "Step ▶", "end": "Show end ⇥", "over": "The move is over.",
                                  "space": "Space 5"},
    "de/03_fahren_und_huegel.ipynb": {"step": "Schritt vor ▶", "end": "Zum Ende ⇥", "over": "Die Fahrt ist zu Ende.",
                                      "space": "Feld 5"},
}


def measure(page) -> dict:
    """The words of every figure of the lesson once the figures have laid themselves out
    (drawn, shown, not scaled down) and stay the same."""
    _lab.wait_for_figures(page)
    return settled(page, page.locator("#rendered_cells"), WORDS)


@pytest.mark.parametrize("lesson", list(WORDS_SAID))
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_the_track_reads_on_a_phone(screen_page, lab, lesson):
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    found = measure(page)
    assert found["figures"], "no figure on the page"
    smallest = min(found["words"], key=lambda word: word["size"])
    print(f"{lesson}: {len(found['words'])} words in {len(found['figures'])} figures, the smallest {smallest}")
    assert [word for word in found["words"] if word["size"] < SMALLEST - 0.01] == []
    width = found["width"]
    for figure in found["figures"]:
        assert figure["left"] >= -1 and figure["right"] <= width + 1, (figure, width)
        assert figure["zoom"] == 1, f"the figure is scaled down: {figure}"
    check(page, screen, lesson)
    # The self-check's first track, made before the page showed it, numbers its spaces as
    # the later ones do (the numbers were lost: walk 79b).
    quiz = page.locator("#rendered_cells .jp-OutputArea-output").filter(has=page.locator(".widget-radio")).first
    drawn = {text.strip() for text in quiz.locator(".js-plotly-plot text").all_text_contents()}
    assert {str(space) for space in range(1, 12)} <= drawn, drawn
    # The rulebook's example, stepped to its end: the words stand below the track, the
    # track stays where it is, and no word is smaller.
    example = page.locator("#rendered_cells .jp-OutputArea-output").filter(
        has=page.locator(".rally-move-status")).first
    figure = example.locator(".js-plotly-plot")
    figure.scroll_into_view_if_needed()
    start = page.evaluate(SPACE_AT, [figure.element_handle(), 0])
    words = WORDS_SAID[lesson]
    _lab.output_button(example, words["step"]).tap()
    page.wait_for_timeout(500)
    _lab.output_button(example, words["end"]).tap()
    expect(example.locator(".rally-move-status")).to_contain_text(words["over"], timeout=10_000)
    found = measure(page)
    assert [word for word in found["words"] if word["size"] < SMALLEST - 0.01] == []
    assert page.evaluate(SPACE_AT, [figure.element_handle(), 0]) == start, "the track moved"
    check(page, screen, lesson + ", the example's end")
    name = f"track_phone_{screen}_{lesson.replace('/', '_')}"
    _lab.screenshot(page, name, example)
    # A tap on a space shows its number, in words as big as the rest.
    at = page.evaluate(SPACE_AT, [figure.element_handle(), 5])
    assert at is not None
    page.touchscreen.tap(at["x"], at["y"])
    page.wait_for_function(f"(el) => ({HOVER})(el).length > 0", arg=figure.element_handle(), timeout=5_000)
    hover = figure.evaluate(HOVER)
    assert any(word["text"].startswith(words["space"]) for word in hover), hover
    assert min(word["size"] for word in hover) >= SMALLEST, hover
    _lab.screenshot(page, name + "_tap", example)


@pytest.mark.parametrize("lesson", ["05_play_a_game.ipynb", "04_round_end_and_laps.ipynb", "06_what_if.ipynb"])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_the_game_track_reads_on_a_phone(screen_page, lab, lesson):
    """Lesson 5's game, lesson 4's replay and lesson 6's moment: each track stands in a row
    with the motors or the trick (wrapped below it on a phone) and is laid out for the phone
    all the same."""
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    found = measure(page)
    smallest = min(found["words"], key=lambda word: word["size"])
    print(f"{lesson}: {len(found['words'])} words in {len(found['figures'])} figures, the smallest {smallest}")
    assert found["figures"]
    assert [word for word in found["words"] if word["size"] < SMALLEST - 0.01] == []
    for figure in found["figures"]:
        assert figure["left"] >= -1 and figure["right"] <= found["width"] + 1 and figure["zoom"] == 1, figure
    check(page, screen, lesson)
    page.locator("#rendered_cells .js-plotly-plot").first.scroll_into_view_if_needed()
    _lab.screenshot(page, f"track_phone_{screen}_{lesson[:2]}_game")


@pytest.mark.parametrize("lesson", ["05_play_a_game.ipynb", "04_round_end_and_laps.ipynb", "03_moving_and_hills.ipynb"])
@pytest.mark.parametrize("screen_page", ["tablet-1024", "laptop-1280"], indirect=True)
def test_the_track_reads_on_a_tablet_and_a_laptop(screen_page, lab, lesson):
    """Where there is room the figure is drawn at its own size, not laid out anew: its own
    fonts keep every word, the key, the cars' letters, "starting grid", at 12 px or more."""
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    found = measure(page)
    assert found["figures"]
    small = sorted({(word["text"], round(word["size"], 1)) for word in found["words"] if word["size"] < SMALLEST - 0.01})
    print(f"{lesson} on {screen}: {len(found['words'])} words, under {SMALLEST} px: {small}")
    assert small == []
    page.locator("#rendered_cells .js-plotly-plot").first.scroll_into_view_if_needed()
    _lab.screenshot(page, f"track_{screen}_{lesson[:2]}")


#: JavaScript: the cars whose letter another car, drawn above it, covers, in the figures
#: below ``root``: "A under C".
CARS_COVERED = """(root) => {
  const out = [];
  for (const plot of root.querySelectorAll('.js-plotly-plot')) {
    const cars = [];
    for (const g of plot.querySelectorAll('.scatterlayer g.trace')) {
      const key = g.__data__?.[0]?.trace?.meta || '';
      const point = g.querySelector('path.point'), letter = g.querySelector('.textpoint text');
      if (key.startsWith('car:') && point && letter)
        cars.push({name: key.slice(4), box: point.getBoundingClientRect(), letter: letter.getBoundingClientRect()});
    }
    cars.forEach((a, i) => cars.slice(i + 1).forEach((b) => {
      const x = a.letter.left + a.letter.width / 2, y = a.letter.top + a.letter.height / 2;
      const half = Math.min(a.letter.width, a.letter.height) / 2;
      if (x + half > b.box.left && x - half < b.box.right && y + half > b.box.top && y - half < b.box.bottom)
        out.push(a.name + ' under ' + b.name);
    }));
  }
  return out;
}"""


@pytest.mark.parametrize("screen_page", ["phone-360", "laptop-1280"], indirect=True)
def test_lesson_4_s_replay_shows_its_slider_and_every_car(screen_page, lab):
    """Lesson 4's "end of round 1, step by step", stepped from its first event to its last:
    the slider's label and handle are whole at both ends, and no car hides another's letter
    (on a phone, cars on neighbouring spaces take turns a lane further in)."""
    page, screen = screen_page
    _lab.open_app(page, lab, "04_round_end_and_laps.ipynb")
    assert _lab.app_errors(page) == []
    replay = page.locator("#rendered_cells .jp-OutputArea-output").filter(has=page.locator(".widget-hslider")).first
    replay.scroll_into_view_if_needed()
    _lab.wait_for_figures(page)
    assert sliders_cut(replay) == []
    forward = _lab.output_button(replay, "Step forward ▶")
    # At the last step "↺ Back to start" shows beside Step forward, greyed there.
    again = _lab.output_button(replay, "↺ Back to start")
    # The line's widget (its words are redrawn inside it, the element with them is new each time).
    status = replay.locator(".widget-html-content").filter(has_text=re.compile(r"^\s*Step \d+ of \d+")).first
    covered = []
    for step in range(40):
        covered += [f"step {step + 1}: {c}" for c in replay.evaluate(CARS_COVERED)]
        if again.count() and again.is_visible():
            break
        said = status.inner_text()
        forward.click()
        page.wait_for_function("([el, said]) => el.innerText !== said", arg=[status.element_handle(), said],
                               timeout=30_000)  # the kernel has drawn the next step (and relabelled the button)
        page.wait_for_timeout(100)
    assert again.count() == 1 and again.is_visible() and again.is_enabled(), "the replay did not reach its last step"
    assert "The replay is over." in replay.inner_text()
    assert forward.is_disabled()
    # The keyboard's focus goes to the button beside it, never out of the replay.
    page.wait_for_function("el => el.contains(document.activeElement)", arg=again.element_handle(), timeout=10_000)
    page.wait_for_timeout(300)
    assert sliders_cut(replay) == []
    assert covered == []
    _lab.screenshot(page, f"replay_{screen}_04_end", replay)
    # Scrolled down to the trick (under the track and the dials on a phone), the child still
    # has the buttons in sight, clear of the trick and its players' names (walk 79b: 870 px
    # above it; walk 80: the step's words kept in sight with them covered the names).
    trick = replay.locator(".rally-trick").first
    trick.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    height = page.evaluate("() => window.innerHeight")
    back, seen = _lab.output_button(replay, "◀ Step back").bounding_box(), trick.bounding_box()
    bar = replay.locator(".rally-replay-controls").bounding_box()
    assert 0 <= back["y"] and bar["y"] + bar["height"] <= seen["y"] + 1 and seen["y"] < height, (back, bar, seen)
