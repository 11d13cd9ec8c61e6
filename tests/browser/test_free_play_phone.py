"""Lesson 9's free play on a phone (issue 41, a child's walk at 360 px): in the app view a
learner opens, every tool, *Drive round* included, is on the screen, whole, and big
enough for a finger."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import _lab
from .test_screens import check, screen_page  # noqa: F401 (screen_page: the fixture)


@pytest.mark.parametrize("lesson", ["09_rally_run_memory.ipynb", "de/09_rally_run_gedaechtnis.ipynb"])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_drive_round_is_seen_on_a_phone(screen_page, lab, lesson):
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    free = page.locator(".rally-free-play").last
    free.scroll_into_view_if_needed()
    width = page.viewport_size["width"]
    tools = free.locator("button.rfp-tool")
    expect(tools).to_have_count(2)
    for i in range(2):
        tool = tools.nth(i)
        tool.scroll_into_view_if_needed()
        expect(tool).to_be_visible()
        box = tool.bounding_box()
        words = tool.inner_text()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (words, box, width)
        assert box["height"] >= 44 and box["width"] >= 44, (words, box)
        assert tool.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{words!r} cut"
        hit = tool.evaluate("b => { const r = b.getBoundingClientRect(); "
                            "return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }")
        assert hit, f"{words!r} is covered"
    check(page, screen, "free play")
    _lab.screenshot(page, f"09_free_play_tools_{screen}_{lesson.replace('/', '_')}", free)


@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_the_trip_round_comes_into_view_on_a_phone(screen_page, lab):
    """*Drive round* may be far below the grid on a phone: the grid, where the car drives,
    comes into view when it is pressed."""
    page, _screen = screen_page
    _lab.open_app(page, lab, "09_rally_run_memory.ipynb")
    free = page.locator(".rally-free-play").last
    free.scroll_into_view_if_needed()
    free.locator('button[data-piece="C"]').tap()
    for name, taps in [("A1", 2), ("B1", 3), ("B2", 4), ("A2", 1)]:  # four curves round a square
        for _ in range(taps):
            free.locator(f'button[data-square="{name}"]').tap()
    free.locator('button[data-car="red"]').tap()
    free.locator('button[data-square="A1"]').tap()
    tool = free.locator("button.rfp-tool", has_text="Drive round")
    tool.scroll_into_view_if_needed()
    page.mouse.wheel(0, 400)  # the grid well above the top of the screen
    page.wait_for_timeout(300)
    in_view = "(g) => { const r = g.getBoundingClientRect(); return r.top >= -1 && r.bottom <= window.innerHeight + 1; }"
    grid = free.locator(".rfp-grid")
    assert not grid.evaluate(in_view)
    tool.tap()
    expect(free).to_contain_text("The red car drove round")
    page.wait_for_timeout(1500)  # a smooth scroll's time
    rect = grid.evaluate("g => { const r = g.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; }")
    assert grid.evaluate(in_view), rect  # (sub-pixel: a smooth scroll may stop a fraction short)
