"""Every screen and every hand (issue 27), in the app view a learner opens, as a learner
sees it: a phone (360 x 740 and 390 x 844, touch), a tablet (1024 x 768, touch) and a laptop
(1280 x 800, mouse).

- Lesson 5's coached game is played to its end by tapping (clicking on the laptop), the
  turbo included, and its review is shown; lesson 1's self-check is answered to its end; a
  Rally Run game (lesson 8's) takes a turn. At each step: no widget is wider than the
  window (nothing cut off, no sideways scrolling), no button cuts its words, and on touch
  no target is under 44 x 44 CSS px.
- A whole game of lesson 5 is played with the keyboard alone, the focus checked after
  every step: on a card of the hand, on the turbo choice when it appears, back in the hand
  after it, on the replay at the end.
- The live region of lesson 5 stays in the page (one element for the whole game) and its
  words change in place: whose turn it is, what was played, who won the trick, where a car
  went and the turbo offer are each announced.

Screenshots of each screen go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from widgets.course import COURSE

from . import _lab
from .test_coached_game import GROWING
from ._screens import (  # noqa: F401 (other tests import them from here)
    CHART_CUT, FIGURE_WORDS_UNDER_12, PROBLEMS, SCREENS, check, sliders_cut, touch_or_click, window)

#: JavaScript: the count of announcements of the live region below ``root`` (arg).
ANNOUNCED = "(el) => Number(el.querySelector('.rally-announcer')?.dataset.count || 0)"


@pytest.fixture
def screen_page(browser, lab, request):
    """A window of the screen ``request.param``; kernels stop after the test."""
    with window(browser, lab, request.param) as page:
        yield page, request.param


class AppGame:
    """Lesson 5's GameView in the app view (the first output with a hand)."""

    def __init__(self, page):
        self.page = page
        self.root = page.locator("#rendered_cells .jp-OutputArea-output").filter(has=page.locator(".rally-hand")).first
        self.hand = self.root.locator(".rally-hand")

    def announced(self) -> int:
        return self.root.evaluate(ANNOUNCED)

    def status(self) -> str:
        return self.root.locator(".rally-game__status").inner_text()

    def turbo_buttons(self):
        return self.root.locator("button").filter(has_text=re.compile(r"^(Use turbo|Card alone):"))

    def check_turbo_choice(self) -> None:
        """With the turbo buttons on screen, what the choice points to is on screen too: the
        box's words (the track above may be scrolled away on a phone) say where each choice
        ends and, when both end on one space, which move rolls there; the hand's line sends
        the learner to buttons below the trick, where they are in every layout."""
        ends = [re.search(r"→ (.+)$", self.turbo_buttons().nth(k).inner_text().strip()).group(1) for k in range(2)]
        found = self.turbo_buttons().first.evaluate("""(button) => {
          const box = button.closest('.widget-vbox'), words = box.querySelector('.widget-html');
          const b = box.getBoundingClientRect(), w = words.getBoundingClientRect();
          const trick = box.parentElement.querySelector('.rally-trick').getBoundingClientRect();
          return {text: words.innerText, shown: w.top >= 0 && b.bottom <= window.innerHeight,
                  below: b.top >= trick.bottom - 1};
        }""")
        assert found["shown"], "the turbo box's words and buttons are not on screen together"
        assert found["below"], "the turbo buttons are not below the trick"
        text = found["text"]
        if ends[0] == ends[1] and not ends[0].startswith("the finish"):
            assert re.search(r"(With the turbo|With the card alone|Either way), your car .*" + re.escape(ends[0]),
                             text), (ends, text)
        assert "The rings on the track show" not in text
        assert "below the trick" in self.hand.inner_text()

    def over(self) -> bool:
        return "Game over" in self.status()

    def wait_after(self, before: int) -> None:
        """Wait until the game has answered the step just taken (a new announcement)."""
        self.page.wait_for_function(f"([el, n]) => ({ANNOUNCED})(el) > n", arg=[self.root.element_handle(), before])


@pytest.mark.parametrize("screen_page", list(SCREENS), indirect=True)
def test_lesson_5_game_and_review_fit_every_screen(screen_page, lab):
    page, screen = screen_page
    touch = bool(SCREENS[screen].get("has_touch"))
    _lab.open_app(page, lab, "05_play_a_game.ipynb")
    assert _lab.app_errors(page) == []
    check(page, screen, "the lesson opened")
    game = AppGame(page)
    game.hand.scroll_into_view_if_needed()
    _lab.screenshot(page, f"screens-{screen}-05-start")
    # Below the play area (a tablet) the motors' column is as wide as the page: the four dials
    # in one row (walk 74: a 255-px column of two rows, the rest of the screen empty).
    tops = game.root.evaluate("el => [...el.querySelectorAll('.rally-dial')].map(d => Math.round(d.getBoundingClientRect().top))")
    assert len(tops) == 4 and (len(set(tops)) == 1 if screen == "tablet-1024" else True), tops
    turbo_seen = 0
    for _step in range(120):
        if game.over():
            break
        before = game.announced()
        if game.turbo_buttons().count() and game.turbo_buttons().first.is_visible():
            game.turbo_buttons().last.scroll_into_view_if_needed()
            check(page, screen, f"turbo choice {turbo_seen + 1}")  # every one: on lap 2 the words grow
            game.check_turbo_choice()
            if not turbo_seen:
                _lab.screenshot(page, f"screens-{screen}-05-turbo")
            turbo_seen += 1
            touch_or_click(game.turbo_buttons().nth(turbo_seen % 2), touch)
        else:
            touch_or_click(game.hand.locator('button.rally-card[aria-disabled="false"]').first, touch)
        game.wait_after(before)
    assert game.over(), "the game did not end in 120 steps"
    assert turbo_seen > 0
    # The track's words read on every screen (on a tablet and a laptop the figure is drawn
    # at its own size, its words too).
    assert game.root.evaluate(FIGURE_WORDS_UNDER_12) == []
    # The replay's slider shows its label and its handle whole, at the last step and the first.
    assert sliders_cut(game.root) == []
    review = page.get_by_text("Review of your game")
    review.wait_for(timeout=120_000)
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # the review chart draws
    check(page, screen, "the review")
    # The chart is laid out for the room a moment after it is drawn (and again as the review grows).
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"(el) => ({CHART_CUT})(el).length === 0", arg=game.root.element_handle(),
                               timeout=10_000)
    assert game.root.evaluate(CHART_CUT) == []
    _lab.screenshot(page, f"screens-{screen}-05-review")
    game.root.locator("button").filter(has_text=re.compile(r"^Replay from the first deal")).first.click()
    page.wait_for_timeout(300)
    assert sliders_cut(game.root) == []
    # Scrolled down to the trick the replay steps through, the child still has its buttons in
    # sight on a phone, clear of the trick (walk 80: 824 px above it, off the screen).
    if SCREENS[screen]["viewport"]["width"] < 700:
        trick = game.root.locator(".rally-trick").first
        trick.evaluate("el => el.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
        bar, seen = game.root.locator(".rally-replay-controls").bounding_box(), trick.bounding_box()
        assert 0 <= bar["y"] and bar["y"] + bar["height"] <= seen["y"] + 1, (bar, seen)
        _lab.screenshot(page, f"screens-{screen}-05-replay-trick")


def answer_self_check(page, screen: str, touch: bool) -> int:
    """Answer every question of the first self-check on the page, trying its choices in
    turn until one is accepted; check the screen at each question. Returns the questions."""
    quiz = page.locator("#rendered_cells .jp-OutputArea-output").filter(
        has=page.locator("button").filter(has_text=re.compile(r"^\W*Check$"))).first
    quiz.scroll_into_view_if_needed()
    asked = 0
    for _question in range(20):
        heading = quiz.locator("b").filter(has_text=re.compile(r"^Question \d+ of \d+")).first
        if not heading.count():
            break
        asked += 1
        check(page, screen, f"self-check, {heading.inner_text()}")
        choices = quiz.locator(".widget-radio-box label")
        for i in range(choices.count()):
            touch_or_click(choices.nth(i), touch)
            touch_or_click(quiz.locator("button").filter(has_text="Check"), touch)
            next_button = quiz.locator("button").filter(has_text=re.compile(r"Next question|See your result"))
            page.wait_for_timeout(300)
            if next_button.is_enabled():
                break
        touch_or_click(next_button, touch)
        page.wait_for_timeout(300)
    quiz.locator("b").filter(has_text="You have finished the self-check").wait_for()
    check(page, screen, "the self-check's result")
    return asked


@pytest.mark.parametrize("screen_page", list(SCREENS), indirect=True)
def test_lesson_1_self_check_fits_every_screen(screen_page, lab):
    page, screen = screen_page
    _lab.open_app(page, lab, "01_tricks.ipynb")
    assert _lab.app_errors(page) == []
    check(page, screen, "lesson 1 opened")
    assert answer_self_check(page, screen, bool(SCREENS[screen].get("has_touch"))) >= 4
    _lab.screenshot(page, f"screens-{screen}-01-self-check")


@pytest.mark.parametrize("screen_page", list(SCREENS), indirect=True)
def test_a_rally_run_turn_fits_every_screen(screen_page, lab):
    page, screen = screen_page
    touch = bool(SCREENS[screen].get("has_touch"))
    _lab.open_app(page, lab, "08_rally_run_finish.ipynb")  # its game to play
    assert _lab.app_errors(page) == []
    # The game to play: the one board with places to click now (found once: once a tile is
    # revealed, its places wait for the rotation and the filter would match nothing).
    playable = page.evaluate("""() => [...document.querySelectorAll('.rally-run')].findIndex(
      b => b.querySelector('.rally-run__board [role=button][tabindex="0"]'))""")
    assert playable >= 0, "no board of lesson 8 can be played"
    board = page.locator(".rally-run").nth(playable)
    board.scroll_into_view_if_needed()
    check(page, screen, "lesson 8's game")
    cells = board.locator('.rally-run__board [role=button][tabindex="0"]')
    assert cells.count() > 0
    # Every cell of the board is named for a screen reader, with a role.
    assert board.locator(".rally-run__board [aria-label]:not([role])").count() == 0
    touch_or_click(board.locator('.rally-run__board [role=button][tabindex="0"]:has(.rr-target--reveal)').first, touch)
    board.locator(".rally-run__rotation").first.wait_for()
    check(page, screen, "a tile revealed, its rotations offered")
    _lab.screenshot(page, f"screens-{screen}-08-rally-run")


#: JavaScript: what has the keyboard's focus, in words a test can check.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'nothing';
  if (el.matches('.rally-hand button.rally-card')) return 'card:' + el.getAttribute('aria-disabled');
  if (el.matches('button')) return 'button:' + el.textContent.trim();
  if (el.matches('[role=group][aria-label]')) return 'mark:' + el.getAttribute('aria-label');
  return el.tagName.toLowerCase() + ':' + (el.className || '').toString().slice(0, 40);
}"""
#: JavaScript: the hand's cards that Tab stops on (their aria-disabled), below ``el``.
TAB_STOPS = "(el) => [...el.querySelectorAll('.rally-hand button.rally-card')].filter(b => b.tabIndex === 0)" \
    ".map(b => b.getAttribute('aria-disabled'))"
#: JavaScript: the live region of the game below ``el``, marked the first time it is seen;
#: returns its words and whether it is the element marked then (one element all game long).
REGION = """(el) => {
  const region = el.querySelector('.rally-announcer');
  if (!region) return null;
  window.__rallyRegion ??= region;
  return {text: region.textContent, same: window.__rallyRegion === region,
          live: region.getAttribute('aria-live'), role: region.getAttribute('role')};
}"""


@pytest.mark.parametrize("screen_page", ["laptop-1280"], indirect=True)
def test_a_whole_game_by_keyboard_with_its_announcements(screen_page, lab):
    """Lesson 5 with Tab, Enter and nothing else. The focus goes where the decision is:
    into the hand, onto the turbo choice when it appears, back into the hand after it, and
    at the end to the view's top, so that Tab goes down the screen: the review's buttons,
    then the replay's, then "Play again". The live region is one element for the whole game, and
    what it says covers whose turn it is, the cards played, the tricks won, the moves and
    the turbo offer."""
    page, _screen = screen_page
    _lab.open_app(page, lab, "05_play_a_game.ipynb")
    game = AppGame(page)
    for _tab in range(100):  # from the top of the page to the first card that may be played
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == "card:false":
            break
    else:
        pytest.fail(f"Tab never reached a card that may be played; the focus is on {page.evaluate(FOCUSED)}")
    said, turbos = [], 0
    region = game.root.evaluate(REGION)
    assert region["live"] == "polite" and region["role"] == "status" and "Your turn" in region["text"]
    for _step in range(150):
        if game.over():
            break
        before = game.announced()
        if game.turbo_buttons().count() and game.turbo_buttons().first.is_visible():
            page.wait_for_function(f"() => ({FOCUSED})().startsWith('button:Use turbo')")  # brought to the choice
            turbos += 1
            if turbos % 2 == 0:
                page.keyboard.press("Tab")  # on to "Card alone"
                assert page.evaluate(FOCUSED).startswith("button:Card alone")
            page.keyboard.press("Enter")
            game.wait_after(before)
            if not game.over():  # and back in the hand
                page.wait_for_function(f"() => ({FOCUSED})().startsWith('card:')")
        else:
            # The hand is one Tab stop, and at the learner's turn the focus is on a card that may
            # be played, not on a dimmed one it stood on while the others played.
            page.wait_for_function(f"() => ({FOCUSED})() === 'card:false'")
            assert game.root.evaluate(TAB_STOPS) == ["false"]
            page.keyboard.press("ArrowRight")  # the arrows move along it
            page.keyboard.press("ArrowLeft")
            for _arrow in range(12):
                if page.evaluate(FOCUSED) == "card:false":
                    break
                page.keyboard.press("ArrowRight")
            assert page.evaluate(FOCUSED) == "card:false", page.evaluate(FOCUSED)
            page.keyboard.press("Enter")
            game.wait_after(before)
        region = game.root.evaluate(REGION)
        assert region["same"], "the live region was made anew: a screen reader would miss its words"
        said.append(region["text"])
    assert game.over() and turbos > 0
    page.wait_for_function(f"() => ({FOCUSED})() === 'mark:The game is over.'", timeout=120_000)
    # The mark has no size: the box it stands in (the status line's) shows the focus ring.
    assert page.evaluate("() => document.activeElement.parentElement.closest('.widget-box')"
                         ".classList.contains('rally-anchor-focus')")
    page.wait_for_function(f"el => !el.innerText.includes({GROWING!r})", arg=game.root.element_handle(),
                           timeout=300_000)  # the review whole: all its buttons there
    text = " ".join(said)
    for words in ("Your turn", " plays ", " wins the trick", " moves ", "You won the trick", "Use turbo:"):
        assert words in text, words
    # From the top, Tab goes down the screen: the review's buttons, the replay's, "Play again".
    stops = []
    for _tab in range(60):
        stops.append(page.evaluate(FOCUSED))
        if stops[-1] == "button:Play again ▶":
            break
        page.keyboard.press("Tab")
    else:
        pytest.fail(f"Tab never reached Play again ▶; it went {stops}")
    replay = stops.index("button:Replay from the first deal ▶")
    shown = [i for i, stop in enumerate(stops) if stop.endswith("Show it in the replay")]
    assert all(i < replay for i in shown) and not any(s.startswith("card:") for s in stops[:replay]), stops
    # The next game, from the keyboard too: its hand takes the focus once it is drawn (the
    # button pressed is gone, and the new hand did not exist when the kernel asked for it).
    page.keyboard.press("Enter")
    # It asks first (this game's replay and review would go): the keyboard is on its yes.
    page.wait_for_function(f"() => ({FOCUSED})() === 'button:Yes, a new game ▶'")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({FOCUSED})() === 'card:false'", timeout=60_000)


@pytest.mark.parametrize("lesson", [lesson.file("en") for lesson in COURSE] + [COURSE[5].file("de")])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_every_lesson_fits_the_smallest_phone(screen_page, lab, lesson):
    """Every widget of every lesson, as the lesson opens, on the narrowest screen (the
    German twins show the same widgets; lesson 5's, with the longest labels, is tried too)."""
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    page.wait_for_timeout(1000)  # figures scale themselves once drawn
    check(page, screen, lesson)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_lesson_6s_answer_and_grown_ups_fold_fit_the_smallest_phone(screen_page, lab, lang):
    """Lesson 6 on a phone after the advisor has answered, its grown-ups' fold opened by a
    tap: the settings' words and the progress line wrap, the numbers table scrolls in its
    own box; nothing is cut or wider than the screen."""
    page, screen = screen_page
    _lab.open_app(page, lab, COURSE[6].file(lang))
    assert _lab.app_errors(page) == []
    question = page.locator("#rendered_cells .jp-OutputArea-output").filter(
        has=page.locator(".widget-radio-box")).first
    question.locator(".widget-radio-box label").first.tap()
    question.locator("button.mod-primary").first.tap()  # ask the advisor
    question.locator(".js-plotly-plot .barlayer .point").nth(1).wait_for()
    fold = question.locator(".jupyter-widget-Collapse-header").first
    fold.tap()
    question.locator(".rally-scroll-x table").wait_for()
    page.wait_for_timeout(500)  # the fold's rows laid out
    check(page, screen, f"lesson 6 ({lang}): the advisor's answer and its grown-ups' fold")
