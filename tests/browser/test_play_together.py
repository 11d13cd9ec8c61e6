"""Playing together, as a family plays it, in Chromium at 1280 x 800 with a mouse and on
a tablet (1024 x 768, touch).

- Lesson 5's end: a whole Stich Rallye game of two people and two computer players at one
  screen, each hand shown only after its owner says only they can see the screen, and
  never while the other person's turn is shown (screenshots between turns); then each
  person's review, behind the same cover.
- Lesson 9's end: a whole Rally Run game of two people and a computer player at one board,
  the board saying whose turn it is by name and car; then a track of one's own in free
  play, laid and turned by clicks, recognised as a closed circuit and driven round."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import _lab
from .test_rally_run import Board, play_a_turn
from .test_screens import SCREENS, check, screen_page  # noqa: F401 (screen_page: the fixture)

LESSON = "09_rally_run_memory.ipynb"
CARDS_LESSON = "05_play_a_game.ipynb"
#: The people at the lesson's board and their cars (Gus, green, is the computer player).
PEOPLE = {"Bo": ("red", "R"), "Ed": ("blue", "B")}
#: The screens: a laptop with a mouse, a tablet with a finger (test_screens.SCREENS).
DEVICES = ["laptop-1280", "tablet-1024"]


def run_lesson(screen_page, lab, name: str):
    """Lesson ``name``, run, in a fresh window of the screen."""
    page, screen = screen_page
    _lab.open_notebook(page, lab, name)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    return page, screen


@pytest.fixture
def lesson(screen_page, lab):
    """Lesson 9, run, in a fresh window of the screen."""
    return run_lesson(screen_page, lab, LESSON)


@pytest.fixture
def family_table(screen_page, lab):
    """Lesson 5, run, in a fresh window of the screen, and a family game in view: the game's
    settings opened, People set to 2, as the lesson says, and a new game started."""
    page, screen = run_lesson(screen_page, lab, CARDS_LESSON)
    setup = page.locator(".jp-CodeCell .jp-OutputArea-output").filter(has=page.locator(".rally-hand")).first
    _lab.output_button(setup, "Game settings ⚙").click()  # the settings are folded away at first
    setup.locator(".widget-dropdown").filter(has_text="People").locator("select").select_option("2")
    _lab.output_button(setup, "New game").click()
    expect(setup.locator(".rally-screen-cover")).to_be_visible(timeout=30_000)
    table = Table(page, touch=bool(SCREENS[screen].get("has_touch")))
    table.root.scroll_into_view_if_needed()
    return page, screen, table


#: What the family's game shows now, read in the page: the cover's words, the hand's title
#: and cards, the turbo buttons, the events so far, and whether the kernel is idle.
TABLE_STATE = r"""el => {
  const shown = e => !!e && e.getClientRects().length > 0;
  const cover = el.querySelector('.rally-screen-cover');
  const hand = el.querySelector('.rally-hand');
  const ol = el.querySelector('ol[start]');
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status;
  return {
    cover: shown(cover) ? cover.innerText.replace(/\s+/g, ' ').trim() : '',
    title: shown(hand) ? hand.querySelector('.rally-hand__title')?.textContent ?? '' : '',
    cards: [...el.querySelectorAll('.rally-hand button.rally-card')].map(b => b.dataset.code),
    legal: [...el.querySelectorAll('.rally-hand button.rally-card[aria-disabled="false"]')].map(b => b.dataset.code),
    turbo: [...el.querySelectorAll('button')].filter(b => shown(b) && /^(Use turbo|Card alone):/.test(b.innerText))
      .map(b => b.innerText),
    events: ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0,
    text: el.innerText, idle: kernel === 'idle',
  };
}"""


class Table:
    """Lesson 5's family game: the last output that holds a game view."""

    def __init__(self, page, touch: bool):
        self.page = page
        self.root = page.locator(".jp-CodeCell .jp-OutputArea-output").filter(
            has=page.locator(".rally-screen-cover")).last
        self.touch = touch

    def state(self) -> dict:
        return self.root.evaluate(TABLE_STATE)

    def press(self, locator, before: dict) -> dict:
        """Click (or tap) ``locator``; wait until the game has answered and the kernel is idle."""
        locator.tap() if self.touch else locator.click()
        changed = """([el, before]) => { const now = (%s)(el);
          return now.idle && (now.events !== before.events || now.cover !== before.cover
                              || now.cards.join() !== before.cards.join() || now.turbo.join() !== before.turbo.join()); }
        """ % TABLE_STATE
        self.page.wait_for_function(changed, arg=[self.root.element_handle(), before], timeout=30_000)
        state = self.state()
        for _ in range(20):  # the widgets' updates are drawn a moment after the kernel is idle
            self.page.wait_for_timeout(100)
            now = self.state()
            if now == state:
                return now
            state = now
        return state


@pytest.mark.parametrize("screen_page", DEVICES, indirect=True)
def test_two_people_and_two_computer_players_play_cards_with_hidden_hands(family_table):
    page, screen, table = family_table
    state = table.state()
    held: dict[str, tuple[str, set[str]]] = {}  # each person's round and cards when last seen
    covers = {"Ada": 0, "Bo": 0}
    turbos = 0
    for _ in range(300):
        if "Game over" in state["text"]:
            break
        if state["cover"]:
            # Between turns: only what the whole table sees. No card of any hand is in the page.
            asked = re.match(r"Pass the screen to (\w+) \((\w+) car\)", state["cover"])
            assert asked and asked.group(1) in covers, state["cover"]
            assert state["cards"] == [] and state["title"] == "", state
            name = asked.group(1)
            assert "Cards in hand:" in state["cover"] and f"I am {name}: show my cards" in state["cover"]
            covers[name] += 1
            if covers[name] <= 2:  # the first handovers, each way: what the table sees
                check(page, screen, f"cover for {name}")
                table.root.locator(".rally-screen-cover").scroll_into_view_if_needed()
                _lab.screenshot(page, f"05_pass_to_{name}_{covers[name]}_{screen}")
            state = table.press(table.root.locator(".rally-screen-cover button"), state)
            assert state["cover"] == "" and state["title"].startswith(f"{name}'s hand"), state
            # Another hand than the one seen last in this round (the cards are dealt again each round).
            round_now = re.search(r"Round (\d) of", state["text"]).group(1)
            others = [cards for person, (seen_in, cards) in held.items() if person != name and seen_in == round_now]
            assert all(not cards & set(state["cards"]) for cards in others), (others, state["cards"])
            held[name] = (round_now, set(state["cards"]))
            continue
        assert state["title"], state  # a person's turn: their hand is out
        if state["turbo"]:
            turbos += 1
            choice = table.root.locator("button").filter(has_text=re.compile(r"^(Use turbo|Card alone):")).nth(
                turbos % 2)
            state = table.press(choice, state)
        else:
            card = state["legal"][0]
            state = table.press(table.root.locator(f'.rally-hand button.rally-card[data-code="{card}"]'), state)
    assert "Game over" in state["text"], state["text"][-500:]
    assert covers["Ada"] > 3 and covers["Bo"] > 3
    assert state["cards"] == []  # the game over: nobody's cards

    # Each person's review, behind the same cover: Bo's first.
    review = table.root.locator("button", has_text="Bo's review")
    review.scroll_into_view_if_needed()
    state = table.press(review, state)
    assert state["cover"].startswith("Pass the screen to Bo") and state["cards"] == []
    button = table.root.locator(".rally-screen-cover button", has_text="I am Bo: show my review")
    button.tap() if table.touch else button.click()
    expect(table.root.get_by_text("Bo's review", exact=True)).to_be_visible(timeout=120_000)
    expect(table.root.locator(".rally-hand")).to_contain_text("Bo's hand", timeout=60_000)
    _lab.screenshot(page, f"05_review_of_Bo_{screen}")
    done = table.root.locator("button", has_text="Done: hide my review")
    done.tap() if table.touch else done.click()
    expect(table.root.locator("button", has_text="Ada's review")).to_be_visible()
    expect(table.root.locator(".rally-hand button.rally-card")).to_have_count(0)


@pytest.mark.parametrize("screen_page", DEVICES, indirect=True)
def test_two_people_and_a_computer_player_play_a_whole_game_at_one_board(lesson):
    page, screen = lesson
    board = Board(page, touch=bool(SCREENS[screen].get("has_touch")))
    board.root.scroll_into_view_if_needed()
    state = board.state()
    assert "Your turn, Bo (red car)" in state["heading"]
    turns = {"Bo": 0, "Ed": 0}
    for _ in range(200):
        if state["heading"].startswith("Game over"):
            break
        name = re.search(r"Your turn, (\w+) \((\w+) car\)", state["heading"])
        assert name and name.group(1) in PEOPLE, state["heading"]  # only people are waited for
        assert name.group(2) == PEOPLE[name.group(1)][0]
        turns[name.group(1)] += 1
        state = play_a_turn(board, state)
        after = re.search(r"Your turn, (\w+)", state["heading"])
        if after and after.group(1) != name.group(1):  # handed over: said by name and car
            color = PEOPLE[after.group(1)][0]
            assert state["status"] == f"{after.group(1)}'s turn now: the {color} car.", state["status"]
        if turns["Bo"] == 3 and turns["Ed"] == 3:
            _lab.screenshot(page, f"09_play_together_{screen}", board.root)
    assert state["heading"].startswith("Game over"), state["heading"]
    assert turns["Bo"] > 3 and turns["Ed"] > 3
    assert any(re.match(r"Turn \d+: Gus ", line) for line in state["log"])  # the computer played its own turns


@pytest.mark.parametrize("screen_page", DEVICES, indirect=True)
def test_a_track_laid_by_clicks_is_a_closed_circuit_and_a_car_drives_round_it(lesson):
    page, screen = lesson
    free = page.locator(".rally-free-play").last
    free.scroll_into_view_if_needed()
    touch = bool(SCREENS[screen].get("has_touch"))
    press = (lambda locator: locator.tap()) if touch else (lambda locator: locator.click())
    # What a tap on the grid did is said above it; what a tool did, under the tools.
    status, said, verdict = (free.locator(".rfp-status:not(.rfp-said)"), free.locator(".rfp-said"),
                             free.locator(".rfp-verdict"))
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
    expect(square("A1").locator(".rfp-car")).to_have_text("red")
    press(free.locator("button.rfp-tool", has_text="Drive round"))
    expect(said).to_have_text("The red car drove round: A1 → B1 → B2 → A2 → A1, 4 squares, and is back on A1.")
    expect(free.locator(".rfp-square.is-on-route").first).to_be_visible()  # the car's trip, ringed square by square
    # A click off the road is refused with the reason; the car stays.
    press(square("C3"))
    expect(status).to_have_text(re.compile(r"^⚠ .*(not next to|no tile)"))
    expect(square("A1").locator(".rfp-car")).to_have_text("red")
    _lab.screenshot(page, f"09_free_play_driven_{screen}", free)
