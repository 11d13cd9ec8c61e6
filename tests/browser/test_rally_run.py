"""Lesson 08's game played in the browser: Rally Run's board clicked as a learner would (a
refused click with its reason, a swap, reveals with a rotation chosen, drives, to the end
of the game), then the same clicks replayed on the widget in Python must give the very
same game, and a new game is dealt from a seed typed in."""

from __future__ import annotations

import re

import pytest

from . import _lab
from .test_lessons import boards_stored

LESSON = "08_rally_run_finish.ipynb"  # the game to play, at its end

#: JavaScript on the board's root: what a learner sees, as data.
STATE = """el => ({
  heading: el.querySelector('.rally-run__heading').textContent,
  prompt: el.querySelector('.rally-run__prompt').textContent,
  status: el.querySelector('.rally-run__status').textContent,
  statusRole: el.querySelector('.rally-run__status').getAttribute('role'),
  logStart: Number(el.querySelector('.rally-run__log ol')?.getAttribute('start') || 1),
  log: [...el.querySelectorAll('.rally-run__log li')].map(li => li.textContent),
  targets: [...el.querySelectorAll('[data-place]')].filter(g => g.querySelector('.rr-target'))
    .map(g => [g.dataset.place, [...g.querySelector('.rr-target').classList].find(c => c.startsWith('rr-target--'))
      .slice('rr-target--'.length)]),
  // Each rotation button carries the engine's rotation it lays (data-rotation); its words
  // ("road ↓ ←", read out as "lay it so the road goes down and left") do not number it.
  rotations: [...el.querySelectorAll('button.rally-run__rotation')].map(b => Number(b.dataset.rotation)),
  rotationLabels: [...el.querySelectorAll('button.rally-run__rotation')].map(b => b.getAttribute('aria-label')),
  noSwap: [...el.querySelectorAll('g.rr-cell')].filter(g => g.querySelector('.rr-no-swap')).map(g => g.dataset.place),
})"""
#: JavaScript: the board has changed since ``before`` and the kernel is idle again (in
#: JupyterLab; the app view shows no kernel's state, and its board changes only by the kernel).
CHANGED = f"""([el, before]) => {{
  const now = JSON.stringify(({STATE})(el));
  const lab = window.jupyterapp?.shell?.currentWidget?.sessionContext;
  const kernel = lab ? lab.session?.kernel?.status : 'idle';
  return now !== before && kernel === 'idle';
}}"""
CORNERS = {"red": "A1", "blue": "E1", "green": "E5", "yellow": "A5"}


class Board:
    """The lesson's playable board (the last one), and every message the clicks sent."""

    def __init__(self, page, touch: bool = False):
        self.page = page
        self.root = page.locator(".rally-run").last
        self.sent: list[dict] = []
        self.touch = touch  # a finger on a tablet: taps, not clicks

    def state(self) -> dict:
        return self.root.evaluate(STATE)

    def act(self, locator, message: dict) -> dict:
        """Click ``locator`` (which sends ``message``), wait for Python's answer, return the new state."""
        before = self.root.evaluate(f"el => JSON.stringify(({STATE})(el))")
        locator.tap() if self.touch else locator.click()
        self.page.wait_for_function(CHANGED, arg=[self.root.element_handle(), before], timeout=30_000)
        self.sent.append(message)
        return self.state()

    def act_by_key(self, key: str) -> dict:
        """Press ``key`` on what has the focus, wait for Python's answer, return the new state."""
        before = self.root.evaluate(f"el => JSON.stringify(({STATE})(el))")
        self.page.keyboard.press(key)
        self.page.wait_for_function(CHANGED, arg=[self.root.element_handle(), before], timeout=30_000)
        return self.state()

    def place(self, place: str):
        return self.root.locator(f'[data-place="{place}"]')

    def click(self, place: str) -> dict:
        return self.act(self.place(place), {"type": "click", "place": place})

    def rotate(self, index: int = 0) -> dict:
        button = self.root.locator("button.rally-run__rotation").nth(index)
        rotation = int(button.get_attribute("data-rotation"))
        return self.act(button, {"type": "rotate", "rotation": rotation})

    def mode(self, mode: str) -> dict:
        words = {"move": "Reveal / drive", "swap": "Swap two tiles"}[mode]
        return self.act(self.root.locator("button.rally-run__mode", has_text=words), {"type": "mode", "mode": mode})

    def swap(self) -> dict:
        state = self.mode("swap")
        first = next(p for p, kind in state["targets"] if kind == "swap")
        state = self.click(first)
        assert [first, "chosen"] in state["targets"], state["targets"]
        second = next(p for p, kind in state["targets"] if kind == "swap")
        return self.click(second)


#: JavaScript on the board's root: the parts of the road of the tile being laid (its middle, and
#: the middle of each arm N, E, S, W where the road runs) that its "lay it" badge covers.
ROAD_UNDER_BADGE = """el => {
  const tile = [...el.querySelectorAll('g.rr-cell')].find(g => g.querySelector('.rr-pending'));
  const road = tile.querySelector('.rr-road');
  const cell = tile.querySelector('.rr-tile').getBBox();
  const box = [...el.querySelectorAll('.rr-badges .rr-badge')].map(b => b.getBBox()).find(b => {
    const [mx, my] = [b.x + b.width / 2, b.y + b.height / 2];
    return mx >= cell.x && mx <= cell.x + cell.width && my >= cell.y && my <= cell.y + cell.height;
  });
  const [cx, cy, q] = [cell.x + cell.width / 2, cell.y + cell.height / 2, cell.width / 4];
  const spots = {middle: [cx, cy], N: [cx, cy - q], E: [cx + q, cy], S: [cx, cy + q], W: [cx - q, cy]};
  const point = road.ownerSVGElement.createSVGPoint();
  return Object.entries(spots).filter(([, [x, y]]) => {
    point.x = x; point.y = y;
    return road.isPointInStroke(point) && x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  }).map(([name]) => name);
}"""


def goal_cell(heading: str) -> str:
    """The cell the learner's car heads for, read from the heading."""
    aim = heading.split("Heading for", 1)[1]
    return re.search(r"\b([A-E][1-5])\b", aim).group(1)


def distance(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1]) - int(b[1]))


def play_a_turn(board: Board, state: dict, badge_clear: bool = True) -> dict:
    """One turn as a sensible learner plays it: finish if you can, else reveal or drive
    toward the goal, else swap. ``badge_clear``: a tile being laid shows its road beside its
    "lay it" badge (not on a phone, where the badge is a third of the tile: the ways offered
    under the board draw the road)."""
    targets = dict(state["targets"])
    if "finish" in targets.values():
        return board.click(next(p for p, kind in targets.items() if kind == "finish"))
    moves = [p for p, kind in targets.items() if kind in ("reveal", "drive")]
    if not moves:
        return board.swap()
    goal = goal_cell(state["heading"])
    state = board.click(min(moves, key=lambda p: (distance(p, goal), p)))
    if state["rotations"] and badge_clear:
        # The badge leaves the road to judge in view: at most the end of one arm (when the road runs
        # both up and down) lies under it.
        under = board.root.evaluate(ROAD_UNDER_BADGE)
        assert under in ([], ["N"]), under
    if state["rotations"]:
        state = board.rotate(0)
    return state


@pytest.fixture
def board(page, lab):
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    from playwright.sync_api import expect

    expect(page.locator(".rally-run")).to_have_count(boards_stored(LESSON))  # views render after the kernel is idle
    board = Board(page)
    board.root.scroll_into_view_if_needed()
    assert "Your turn, Bo" in board.state()["heading"]
    return board


def test_a_whole_game_by_clicks_is_the_engines_game(board):
    page = board.page
    from widgets import RallyRunBoard

    # A click that breaks a rule: refused with the reason, where the learner looks; nothing moves.
    start = board.state()
    state = board.click("E3")
    assert state["statusRole"] == "alert" and state["status"].startswith("⚠ ")
    assert "E3 is not next to it" in state["status"], state["status"]
    assert state["log"] == start["log"] == [] and state["targets"] == start["targets"]

    # A swap by clicks: Swap mode, two face-down tiles; then the computer players answer.
    state = board.swap()
    swap = next(line for line in state["log"] if line.startswith("Turn 1: Bo swaps"))
    assert re.fullmatch(r"Turn 1: Bo swaps the face-down tiles on [A-E][1-5] and [A-E][1-5]\.", swap), swap
    assert any(line.startswith("Turn 2: Gus ") for line in state["log"])
    assert "Your turn, Bo" in state["heading"]

    # Then play on, revealing and laying tiles, until somebody wins.
    shots = 0
    for _ in range(150):
        if state["heading"].startswith("Game over"):
            break
        state = play_a_turn(board, state)
        if not shots and any(": Bo reveals" in line for line in state["log"]):
            _lab.screenshot(page, "08_rally_run-mid-game", board.root)
            shots += 1
    assert state["heading"].startswith("Game over"), state["heading"]
    assert state["targets"] == [] and re.search(r"wins|won", state["log"][-1]), state["log"][-3:]
    # The move buttons are gone: New game stands out, and the keyboard's focus is on it.
    assert board.root.evaluate(
        "el => document.activeElement === el.querySelector('button.rally-run__new.is-next')"), "focus not on New game"
    _lab.screenshot(page, "08_rally_run-game-over", board.root)

    # The page showed exactly the engine's game: replay the same messages in Python.
    replay = RallyRunBoard(players=2, seed=7, names=["Bo", "Gus"], bots=["forgetful:3"])  # lesson 8's game
    for message in board.sent:
        replay._on_msg(replay, message, [])
    assert replay.game.is_over
    assert state["log"] == replay.log[state["logStart"] - 1:]
    assert state["heading"] == replay.heading
    assert any(": Bo reveals" in line for line in replay.log) and any(": Bo lays it" in line for line in replay.log)


def test_a_new_game_from_a_typed_seed(board):
    from rally.rally_run import RallyRunGame

    state = board.click("A1")
    state = board.rotate(0)
    assert state["log"][0].startswith("Turn 1: Bo reveals A1")
    board.root.locator(".rally-run__seed input").fill("11")
    state = board.act(board.root.locator("button.rally-run__new"), {"type": "new", "seed": "11"})
    game = RallyRunGame.new(2, seed=11, names=["Bo", "Gus"])
    assert state["heading"].startswith("Your turn, Bo")
    assert state["log"] == [] and state["targets"] == [["A1", "reveal"]]
    # By keyboard: Tab order holds only the places that do something; Enter on A1 reveals it.
    in_tab_order = board.root.evaluate(
        "el => [...el.querySelectorAll('.rally-run__board [tabindex=\"0\"]')].map(g => g.dataset.place)")
    assert in_tab_order == ["A1"]
    board.place("A1").focus()
    state = board.act_by_key("Enter")
    game.apply("reveal A1")
    # The engine's own rotations for seed 11 are the buttons offered, and the focus is on the first.
    assert state["rotations"] == game.rotations()
    assert all(label.startswith("lay it so the road goes ") for label in state["rotationLabels"])
    assert state["targets"] == []  # while a tile waits to be laid, nothing on the board is clickable
    focused = board.page.evaluate("() => document.activeElement.dataset.rotation")
    assert focused == str(state["rotations"][0])
    state = board.act_by_key("Enter")
    game.apply(f"rotate {game.rotations()[0]}")
    assert state["log"][:3] == [f"Turn 1: {line}" for line in game.narrate()]
    # New game with the number as dealt: the next game, a new board (walk 38: it dealt game 11 again).
    seed = board.root.locator(".rally-run__seed input")
    state = board.act(board.root.locator("button.rally-run__new"), {"type": "new"})
    assert seed.input_value() == "12" and state["log"] == []
    # The number it shows, typed again: that same game, to play a board once more (walk 78: it
    # dealt the next one, though lesson 8 says "same Game number, same board").
    board.click("A1")
    seed.fill("12")
    state = board.act(board.root.locator("button.rally-run__new"), {"type": "new", "seed": "12"})
    assert seed.input_value() == "12" and state["log"] == []


def test_the_keyboard_sees_where_it_is_on_the_board(board):
    """The walk of round 22: the chosen mode button (dark) had a 1 px ring, and a tile reached by
    Tab stayed below the fold. Now every control has the 3 px ring, and a tile reached by the
    keyboard is scrolled into view."""
    page = board.page
    mode = board.root.locator('.rally-run__mode[aria-pressed="true"]')
    mode.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # reached by the keyboard, so :focus-visible holds
    ring = mode.evaluate("b => [getComputedStyle(b).outlineWidth, getComputedStyle(b).outlineStyle]")
    assert ring == ["3px", "solid"], ring
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    tile = board.root.locator('.rally-run__board [tabindex="0"]').first
    tile.evaluate("g => g.focus()")
    box, view = tile.bounding_box(), page.viewport_size
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= view["height"], (box, view)
