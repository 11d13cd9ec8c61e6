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
