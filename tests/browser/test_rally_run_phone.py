"""Rally Run on a phone (a fresh-eyes learner's walk at 360 x 740, touch): the whole board,
start tiles and all, fits the lesson's output box with no sideways scrolling, every word on
it 14 px or more (no badge's word squeezed) and every place on it a 44-px target; on a tablet the pit stop's words
stay on its white plate. In lesson 9's free play, *Drive round* says what happened under
the button, in a live region on the screen, and the car drives the route square by square
(with reduced motion: the whole route is ringed at once and the car stays)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import _lab
from .test_rally_run import LESSON, Board, play_a_turn
from .test_screens import check, screen_page  # noqa: F401 (screen_page: the fixture)

#: The smallest word on the board on a 360-px phone, and the smallest target (WCAG 2.2,
#: 2.5.5), in CSS px: the walk found 12-px words small to read there.
SMALLEST, TARGET = 14, 44

#: JavaScript: every Rally Run board drawn on the page: its box, its output's box, its
#: smallest word as shown, its smallest place to tap, and whether its box scrolls sideways.
BOARDS = """() => [...document.querySelectorAll('.rally-run .rally-run__board')]
  .filter(svg => svg.getBoundingClientRect().width > 0).map(svg => {
    const r = svg.getBoundingClientRect();
    const out = svg.closest('.jp-OutputArea-output').getBoundingClientRect();
    const box = svg.closest('.rally-run__board-box');
    const sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t =>
      parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b));
    const places = [...svg.querySelectorAll('[data-place]')].map(g => g.getBoundingClientRect())
      .map(p => Math.min(p.width, p.height));
    return {left: r.left, right: r.right, outLeft: out.left, outRight: out.right, width: window.innerWidth,
            smallest: Math.min(...sizes), words: sizes.length, target: Math.min(...places), places: places.length,
            scrolls: box.scrollWidth > box.clientWidth + 1,
            squeezed: [...svg.querySelectorAll('.rr-badge-text[textLength]')].map(t => t.textContent),
            overlapping: (() => {  // two badges' plates over each other
              const plates = [...svg.querySelectorAll('.rr-badge')].map(p => p.getBoundingClientRect());
              return plates.filter((a, i) => plates.some((b, j) => j > i && a.left < b.right - 0.5
                && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)).length;
            })()};
  })"""

#: JavaScript: the pit stop's words against its white plate, on every board.
PIT = """() => [...document.querySelectorAll('.rally-run .rr-cell--pit')].map(g => {
  const plate = g.querySelector('.rr-pit-plate').getBoundingClientRect();
  return [...g.querySelectorAll('.rr-pit-text, .rr-pit-count')].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, inside: r.left >= plate.left - 0.5 && r.right <= plate.right + 0.5};
  });
}).flat()"""


@pytest.mark.parametrize("lesson", ["07_rally_run_driving.ipynb", "08_rally_run_finish.ipynb", "09_rally_run_memory.ipynb",
                                    "de/08_rally_run_ziel.ipynb"])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_the_whole_board_fits_a_phone(screen_page, lab, lesson):
    page, screen = screen_page
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    page.wait_for_timeout(500)  # a board draws itself again once it knows its width
    boards = page.evaluate(BOARDS)
    assert boards, "no Rally Run board on the page"
    for board in boards:
        print(lesson, board)
        assert board["outLeft"] - 0.5 <= board["left"] and board["right"] <= board["outRight"] + 0.5, board
        assert 0 <= board["left"] and board["right"] <= board["width"], board
        assert not board["scrolls"], board
        assert board["smallest"] >= SMALLEST - 0.01, board
        # A long badge word breaks into lines (walk 36: "aufdecken" squeezed), and no plate covers another.
        assert board["squeezed"] == [] and board["overlapping"] == 0, board
        assert board["places"] >= 25 and board["target"] >= TARGET - 0.5, board
    check(page, screen, lesson)
    page.locator(".rally-run").last.scroll_into_view_if_needed()
    _lab.screenshot(page, f"rally-run-phone-{lesson.replace('/', '_')}", page.locator(".rally-run").last)
    # Swapping (lesson 8 teaches it): every face-down tile is a choice with its badge, none
    # squeezed or over another. First a tile revealed: the ways to lay it come right under
    # the board, above the players' list (walk 74: below it, out of view with the board).
    if lesson.endswith(("08_rally_run_finish.ipynb", "08_rally_run_ziel.ipynb")):
        game = page.locator(".rally-run").last
        game.locator('[data-place="A1"]').tap()
        way = game.locator("button.rally-run__rotation").first
        way.wait_for(timeout=30_000)
        below = game.evaluate("""el => el.querySelector('button.rally-run__rotation').getBoundingClientRect().top
          - el.querySelector('.rally-run__board').getBoundingClientRect().bottom""")
        players = game.evaluate("el => el.querySelector('.rally-run__players').getBoundingClientRect().top")
        assert 0 <= below <= 60 and players > way.bounding_box()["y"], (below, players)
        way.tap()
        expect(game.locator("button.rally-run__rotation")).to_have_count(0, timeout=30_000)
        page.locator(".rally-run").last.locator("button.rally-run__mode").nth(1).click()
        page.wait_for_function("() => document.querySelectorAll('.rally-run .rr-target--swap').length > 0")
        for board in page.evaluate(BOARDS):
            assert board["squeezed"] == [] and board["overlapping"] == 0, board
        _lab.screenshot(page, f"rally-run-phone-swap-{lesson.replace('/', '_')}", page.locator(".rally-run").last)


@pytest.mark.parametrize("screen_page", ["tablet-1024"], indirect=True)
def test_the_pit_stop_words_stay_on_their_plate(screen_page, lab):
    page, _screen = screen_page
    _lab.open_app(page, lab, "08_rally_run_finish.ipynb")
    page.wait_for_timeout(500)
    words = page.evaluate(PIT)
    assert words and all(word["inside"] for word in words), words


#: A game of lesson 8's board where the pit stop soon is a place to drive to (found by playing
#: seeds in Python as ``play_a_turn`` plays them).
PIT_GAME = 1

#: JavaScript on a board's root: the learner (Bo) has a turn to play, with its buttons shown.
YOUR_TURN = """el => el.querySelector('.rally-run__controls').style.display !== 'none'
  && el.querySelector('.rally-run__heading').textContent.startsWith('Your turn, Bo')"""

#: JavaScript on a board's root: the pit stop's words that something drawn over the board
#: covers (arg: its selector: a badge's plate, a car).
PIT_UNDER = """(el, over) => {
  const plates = [...el.querySelectorAll(over)].map(p => p.getBoundingClientRect());
  return [...el.querySelectorAll('.rr-cell--pit .rr-pit-text, .rr-cell--pit .rr-pit-count')].filter(t => {
    const r = t.getBoundingClientRect();
    return plates.some(p => r.left < p.right - 0.5 && p.left < r.right - 0.5 && r.top < p.bottom - 0.5
      && p.top < r.bottom - 0.5);
  }).map(t => t.textContent);
}"""


@pytest.mark.parametrize("screen_page", ["tablet-1024", "phone-360"], indirect=True)
def test_a_pit_stop_to_drive_to_keeps_its_words_clear_of_its_badge(screen_page, lab):
    """Lesson 8's game, played by taps toward the goal until the pit stop is a place to drive
    to: its "drive" badge covers none of its words (walk 74: it covered "trophies" on a tablet).
    Then the car drives there: it covers none of them either (walk 78: "BIT" on a phone)."""
    page, _screen = screen_page
    _lab.open_app(page, lab, LESSON)  # as a learner opens it
    board = Board(page, touch=True)
    board.root.scroll_into_view_if_needed()
    # Game 1: played as below, Bo's car may drive to the pit stop at its fifth turn.
    board.root.locator(".rally-run__seed input").fill(str(PIT_GAME))
    # The new game's first turn looks as the old one's did; the kernel takes the taps below
    # in the order sent, so they reach the new game.
    board.root.locator("button.rally-run__new").tap()
    page.wait_for_timeout(1000)
    for _turn in range(12):
        # The computer players drive after the learner's turn; the learner's buttons come back with its next.
        page.wait_for_function(YOUR_TURN, arg=board.root.element_handle(), timeout=60_000)
        state = board.state()
        if any(kind == "drive" and place == "C3" for place, kind in state["targets"]):
            break
        play_a_turn(board, state, badge_clear=_screen != "phone-360")
    else:
        pytest.fail(f"the pit stop was never a place to drive to: {state['heading']}")
    board.place("C3").scroll_into_view_if_needed()
    _lab.screenshot(page, f"rally-run-pit-to-drive-{_screen}", board.place("C3"))
    assert board.root.evaluate(PIT_UNDER, ".rr-badges .rr-badge") == []
    words = page.evaluate(PIT)
    assert words and all(word["inside"] for word in words), words
    board.click("C3")
    page.wait_for_function(YOUR_TURN, arg=board.root.element_handle(), timeout=60_000)
    assert "on C3" in board.root.locator(".rally-run__players").inner_text()
    _lab.screenshot(page, f"rally-run-car-on-pit-{_screen}", board.place("C3"))
    assert board.root.evaluate(PIT_UNDER, ".rr-car") == []
    assert [word["text"] for word in page.evaluate(PIT)][:1] == ["PIT"]


#: The ring round B2 (squares A1..C3), as taps: (piece, square, extra quarter turns).
RING = [("C", "A1", 1), ("C", "C1", 2), ("C", "C3", 3), ("C", "A3", 0),
        ("S", "B1", 1), ("S", "C2", 0), ("S", "B3", 1), ("S", "A2", 0)]

#: JavaScript: what the free play shows, to wait for Python's answer to a tap.
SHOWN = """el => [el.querySelector('.rfp-status').textContent, el.querySelector('.rfp-said').textContent,
  ...[...el.querySelectorAll('.rfp-square, .rfp-piece, .rfp-car-button')].map(b => b.getAttribute('aria-label')
  + b.getAttribute('aria-pressed'))].join('|')"""

#: JavaScript: the drive as it is drawn now: the square the red car's chip is on, and the
#: squares ringed along the route.
DRIVE = """el => ({car: el.querySelector('.rfp-square .rfp-car[data-car="red"]')?.closest('.rfp-square').dataset.square,
  ringed: [...el.querySelectorAll('.rfp-square')].filter(b => getComputedStyle(b, '::after').boxShadow !== 'none')
    .map(b => b.dataset.square)})"""


def tap(free, locator) -> None:
    """Tap ``locator`` in the free play ``free`` and wait for Python's answer."""
    before = free.evaluate(SHOWN)
    locator.tap()
    free.page.wait_for_function(f"([el, before]) => ({SHOWN})(el) !== before", arg=[free.element_handle(), before],
                                timeout=30_000)


def build_the_ring(free) -> None:
    for piece, square, turns in RING:
        tap(free, free.locator(f'.rfp-piece[data-piece="{piece}"]'))
        for _ in range(1 + turns):
            tap(free, free.locator(f'.rfp-square[data-square="{square}"]'))
    tap(free, free.locator('.rfp-car-button[data-car="red"]'))
    tap(free, free.locator('.rfp-square[data-square="B1"]'))


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("screen_page", ["phone-360"], indirect=True)
def test_drive_round_is_seen_where_the_child_looks(screen_page, lab, motion):
    page, screen = screen_page
    page.emulate_media(reduced_motion=motion)
    _lab.open_app(page, lab, "09_rally_run_memory.ipynb")
    free = page.locator(".rally-free-play").last
    free.scroll_into_view_if_needed()
    build_the_ring(free)
    expect(free.locator(".rfp-verdict")).to_contain_text("closed circuit")
    round_button = free.locator("button.rfp-tool").nth(1)
    expect(round_button).to_have_text("Drive round")
    round_button.scroll_into_view_if_needed()
    said = free.locator(".rfp-said")
    expect(said).to_have_attribute("role", "status")
    # Every change of the drawing is recorded: the car's square and the squares ringed.
    free.evaluate(f"""el => {{ el.__trip = [];
      new MutationObserver(() => el.__trip.push(({DRIVE})(el))).observe(el, {{subtree: true, childList: true,
        attributes: true, attributeFilter: ['class']}}); }}""")
    round_button.tap()
    expect(said).to_contain_text("The red car drove round: B1 → C1 → C2")
    expect(free.locator(".rfp-status").first).to_have_text("")  # said once, where the finger is
    # Under the button, and on the screen without scrolling.
    button, box = round_button.bounding_box(), said.bounding_box()
    height = page.viewport_size["height"]
    assert box["y"] >= button["y"] + button["height"] - 1 and box["y"] + box["height"] <= height, (button, box)
    route = ["B1", "C1", "C2", "C3", "B3", "A3", "A2", "A1"]
    if motion == "reduce":  # the whole route ringed at once; the car stays on B1
        drive = free.evaluate(DRIVE)
        assert sorted(drive["ringed"]) == sorted(route) and drive["car"] == "B1", drive
        _lab.screenshot(page, "09-drive-round-reduced-motion-phone-360")
        return
    _lab.screenshot(page, "09-drive-round-phone-360")  # on its way
    page.wait_for_function(f"el => ({DRIVE})(el).ringed.length === 0", arg=free.element_handle(), timeout=10_000)
    seen = [step["car"] for step in free.evaluate("el => el.__trip")]
    seen = [car for i, car in enumerate(seen) if i == 0 or car != seen[i - 1]]
    # The car moves along the route, square by square, back to B1; each square it stands on is ringed.
    assert seen == ["B1", *route[1:], "B1"], seen
    assert all(step["car"] in step["ringed"] for step in free.evaluate("el => el.__trip") if step["ringed"])
    check(page, screen, "free play after a drive round")
