"""Lesson 9's end, as a family plays it, in Chromium at 1280 x 800 with a mouse and on a
tablet (1024 x 768, touch): a whole Rally Run game of two people and a computer player
at one board, the board saying whose turn it is by name and car; then a track of one's
own in free play, laid and turned by clicks, recognised as a closed circuit and driven
round."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import _lab
from .test_rally_run import Board, play_a_turn
from .test_screens import SCREENS, check, screen_page  # noqa: F401 (screen_page: the fixture)

LESSON = "09_rally_run_memory.ipynb"
#: The people at the lesson's board and their cars (Cy, green, is the computer player).
PEOPLE = {"Ada": ("red", "R"), "Bo": ("blue", "B")}
#: The screens: a laptop with a mouse, a tablet with a finger (test_screens.SCREENS).
DEVICES = ["laptop-1280", "tablet-1024"]


@pytest.fixture
def lesson(screen_page, lab):
    """Lesson 9, run, in a fresh window of the screen."""
    page, screen = screen_page
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    return page, screen


@pytest.mark.parametrize("screen_page", DEVICES, indirect=True)
def test_two_people_and_a_computer_player_play_a_whole_game_at_one_board(lesson):
    page, screen = lesson
    board = Board(page, touch=bool(SCREENS[screen].get("has_touch")))
    board.root.scroll_into_view_if_needed()
    state = board.state()
    assert "your turn, Ada (red car)" in state["heading"]
    turns = {"Ada": 0, "Bo": 0}
    for _ in range(200):
        if state["heading"].startswith("Game over"):
            break
        name = re.search(r"your turn, (\w+) \((\w+) car\)", state["heading"])
        assert name and name.group(1) in PEOPLE, state["heading"]  # only people are waited for
        assert name.group(2) == PEOPLE[name.group(1)][0]
        turns[name.group(1)] += 1
        state = play_a_turn(board, state)
        after = re.search(r"your turn, (\w+)", state["heading"])
        if after and after.group(1) != name.group(1):  # handed over: said by name, car and letter
            color, letter = PEOPLE[after.group(1)]
            assert state["status"] == f"{after.group(1)}'s turn now: the {color} car ({letter}).", state["status"]
        if turns["Bo"] == 3 and turns["Ada"] == 3:
            _lab.screenshot(page, f"09_play_together_{screen}", board.root)
    assert state["heading"].startswith("Game over"), state["heading"]
    assert turns["Ada"] > 3 and turns["Bo"] > 3
    assert any(re.match(r"Turn \d+: Cy ", line) for line in state["log"])  # the computer played its own turns


@pytest.mark.parametrize("screen_page", DEVICES, indirect=True)
def test_a_track_laid_by_clicks_is_a_closed_circuit_and_a_car_drives_round_it(lesson):
    page, screen = lesson
    free = page.locator(".rally-free-play").last
    free.scroll_into_view_if_needed()
    touch = bool(SCREENS[screen].get("has_touch"))
    press = (lambda locator: locator.tap()) if touch else (lambda locator: locator.click())
    status, verdict = free.locator(".rfp-status"), free.locator(".rfp-verdict")
    expect(verdict).to_have_text("No tile is laid yet.")

    def square(name: str):
        return free.locator(f'button[data-square="{name}"]')

    press(free.locator('button[data-piece="C"]'))  # the curves
    expect(free.locator('button[data-piece="C"]')).to_have_attribute("aria-pressed", "true")
    # A ring of four curves: each laid by a click, then turned by more clicks to meet the next.
    for name, turns, openings in [("A1", 1, "east and south"), ("B1", 2, "south and west"),
                                  ("B2", 3, "north and west"), ("A2", 0, "north and east")]:
        press(square(name))
        for _ in range(turns):
            press(square(name))
        expect(square(name)).to_have_attribute("aria-label", re.compile(f"^{name}: a curve, open to {openings}"))
    expect(verdict).to_have_text("A closed circuit: 4 tiles, no road broken.")
    assert free.locator(".rfp-broken").count() == 0
    check(page, screen, "free play")  # nothing too wide, no word cut, targets big enough for a finger
    _lab.screenshot(page, f"09_free_play_circuit_{screen}", free)

    # Turned once more, a tile breaks the ring: the ✕ marks and the words say where.
    press(square("B2"))
    expect(verdict).to_have_text(re.compile(r"^The road is broken in \d places: .*B2"))
    assert free.locator('button[data-square="B2"] .rfp-broken').count() > 0
    for _ in range(3):
        press(square("B2"))
    expect(verdict).to_have_text("A closed circuit: 4 tiles, no road broken.")

    # The red car put on A1 and driven round: back where it set off.
    press(free.locator('button[data-car="red"]'))
    press(square("A1"))
    expect(status).to_have_text("The red car is on A1.")
    expect(square("A1").locator(".rfp-car")).to_have_text("R")
    press(free.locator("button.rfp-tool", has_text="Drive round"))
    expect(status).to_have_text("The red car drove round: A1 → B1 → B2 → A2 → A1, 4 squares, and is back on A1.")
    expect(free.locator(".rfp-square.is-on-route")).to_have_count(1)  # the car's trip, lit square by square
    # A click off the road is refused with the reason; the car stays.
    press(square("C3"))
    expect(status).to_have_text(re.compile(r"^⚠ .*(not next to|no tile)"))
    expect(square("A1").locator(".rfp-car")).to_have_text("R")
    _lab.screenshot(page, f"09_free_play_driven_{screen}", free)
