"""Lesson 3 in JupyterLab in Chromium: the rulebook's example plays step by step under
the learner's clicks (the car moves, the line under the buttons says each step), in
the rulebook's colors; and the sandbox's Play, pressed before anything else, plays the
move its boxes show."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from rally import Track, move
from widgets.style import CAR_HEX

from . import _lab

LESSON = "03_moving_and_hills.ipynb"

#: JavaScript: per car of the figure in ``el``, its marker's place (SVG transform) and fill.
CARS = """el => {
  const gd = el.querySelector('.js-plotly-plot');
  const cars = {};
  for (const g of gd.querySelectorAll('.scatterlayer g.trace')) {
    const key = g.__data__?.[0]?.trace?.meta || '';
    const point = g.querySelector('path.point');
    if (key.startsWith('car:') && point)
      cars[key.slice(4)] = {at: point.getAttribute('transform'), fill: point.style.fill};
  }
  return cars;
}"""


def rgb(hex_color: str) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def output_of(page, text: str):
    """The output area of the cell whose output shows ``text``."""
    return page.locator(".jp-Cell-outputArea").filter(has_text=text).first


def test_the_rulebook_example_steps_and_the_sandbox_plays_first(page, lab):
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    step_the_rulebook_example(page)
    play_the_sandbox(page)


def step_the_rulebook_example(page, shot: str = "") -> None:
    """In the run lesson 3, step through the rulebook's turbo example: Cy's yellow car
    jumps Bo's red one (our names for Nyota and Michael), one space a click, each step in words."""
    turbo = move(Track.parse("S.........D..U...."), [2, 3], 0, 4)
    captions = turbo.captions(["Cy", "Bo"])
    # The lesson's first move is this example; its words change as it steps, so it is found by its place.
    example = page.locator(".jp-Cell-outputArea").filter(has=page.locator(".rally-move-status")).first
    example.scroll_into_view_if_needed()
    status = example.locator(".rally-move-status")
    expect(status).to_contain_text("Cy moves 4 from space 2. Press Step ▶")
    cars = example.evaluate(CARS)
    assert cars["Cy"]["fill"] == rgb(CAR_HEX["yellow"]) and cars["Bo"]["fill"] == rgb(CAR_HEX["red"])
    step = _lab.output_button(example, "Step ▶")
    seen = [cars["Cy"]["at"]]
    for i, caption in enumerate(captions, start=1):
        step.click()
        expect(status).to_have_text(re.compile(rf"^Step {i} of {len(captions)}: {re.escape(caption)}\."))
        page.wait_for_function(f"([el, before]) => ({CARS})(el).Cy.at !== before",
                               arg=[example.element_handle(), seen[-1]])
        seen.append(example.evaluate(CARS)["Cy"]["at"])
        assert example.evaluate(CARS)["Bo"]["at"] == cars["Bo"]["at"]  # the jumped car stays
        if i == 2:
            _lab.screenshot(page, shot + "03_rulebook_example_step_2", example)
    assert len(set(seen)) == len(seen)  # a new place at every step
    expect(status).to_contain_text("The move is over.")
    _lab.screenshot(page, shot + "03_rulebook_example_end", example)


def settled(page, output, script: str = CARS) -> dict:
    """Where the cars of ``output``'s figure are drawn once they stay put (two readings
    0.5 s apart agree): the figure may still be laying itself out when first shown. (Or
    what another ``script`` reads in ``output``, once it stays the same.)"""
    before = output.evaluate(script)
    for _ in range(40):
        page.wait_for_timeout(500)
        now = output.evaluate(script)
        if now == before:
            return now
        before = now
    raise AssertionError(f"the figure never stopped changing: {now}")


def play_the_sandbox(page) -> None:
    """In the run lesson 3: Play, before touching anything, plays the move the boxes show."""
    sandbox = output_of(page, "Who moves")
    sandbox.scroll_into_view_if_needed()
    start = settled(page, sandbox)
    _lab.output_button(sandbox, "Play ▶▶").click()
    played = move(Track.parse("S...DD....U.....D..."), {"Ada": 0, "Bo": 3, "Cy": 7}, "Ada", 3)
    expect(sandbox.locator(".rally-move-status")).to_have_text(
        f"Step {len(played.path)} of {len(played.path)}: {played.captions()[-1]}. The move is over.", timeout=20_000)
    expect(sandbox).to_contain_text(played.describe())
    end = sandbox.evaluate(CARS)
    assert end["Ada"]["at"] != start["Ada"]["at"] and end["Bo"]["at"] == start["Bo"]["at"]
    _lab.screenshot(page, "03_sandbox_played", sandbox)
