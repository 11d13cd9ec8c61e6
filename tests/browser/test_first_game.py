"""The guided first games (issue 40, items 4 and 5), started from lesson 0 in the app view
(Voilà) and played to their end as a child plays them: by taps on a phone (360 x 740,
touch) and by the keyboard alone on a laptop (1280 x 800), in English and in German.

Lesson 0 shows two big game buttons (:class:`widgets.first_game.FirstGame`). One tap on a
game brings its first tip; the tip's "Go on ▶" is the second tap. From there the game is
played with a fixed policy, the same one the test plays from Python:

* Stich Rallye (:class:`~widgets.stich_rallye.guided_game.GuidedGame`): the first card of
  the hand that may be played; the turbo always used.
* Rally Run (:class:`~widgets.rally_run.guided_game.GuidedRun`): the first place on the
  board marked to click (reveal, drive or finish, in the board's order); to lay a tile, the
  first rotation not marked as a trap.

At each stop the page's tip words are read and the widget it marks (the 4 px amber border
of Stich Rallye: the last trick, a motor dial, the track, the hand; the rings of Rally
Run's board) is found. The stops must be the ones the same game makes in Python, in order:
the same words (German words in German), the same mark. On the keyboard the focus must be
on "Go on" when a tip appears, so Enter goes on; the learner's moves are made with Tab and
Enter. On the phone, at each stop, nothing may stick out of the window, no button may cut
its words, no target may be under 44 x 44 px (_screens.PROBLEMS), and no error may show.

A whole game takes minutes in the browser (the computer players play at a child's pace), so
each game is played to its end once per language (on the phone in one language, on the
keyboard in the other: :data:`WHOLE`); the other runs stop after :data:`FIRST_STOPS` stops.
Screenshots of a few stops go to test-artifacts/screenshots/first-game-*.png.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest

import rally
from rally import Card
from widgets.course import COURSE
from widgets.i18n import _
from widgets.rally_run.guided_game import GuidedRun
from widgets.stich_rallye.guided_game import GuidedGame
from widgets.style import card_face

from harness.guided_text import plain, rr_choice

from . import _lab
from ._screens import problems, touch, window

GAMES = ("stich_rallye", "rally_run")
LANGS = ("en", "de")
#: The most Tabs a keyboard move may take from where the focus is left (the hand, the
#: turbo choice, the board): more means the focus was lost to the page.
MOST_TABS = 12
SCREENS = ("phone-360", "laptop-1280")  # taps on the phone, the keyboard alone on the laptop
#: The runs played to the end: each game once per language, each game once per screen.
WHOLE = {("stich_rallye", "en", "phone-360"), ("stich_rallye", "de", "laptop-1280"),
         ("rally_run", "en", "laptop-1280"), ("rally_run", "de", "phone-360")}
#: Where the other runs stop.
FIRST_STOPS = 6
#: The stops photographed (by their number, from 1), and the end.
SHOTS = (1, 2, 7)
#: How long a step (the computer players' turns between two of the learner's) may take.
STEP_TIMEOUT = 90.0


# ----------------------------------------------------------------- the game in Python
@dataclass
class Reference:
    """What the guided game does in Python with the test's policy."""

    game: str
    lang: str
    go: str                 # the words of "Go on ▶" in the language
    choose: str             # the words of the game's button in lesson 0
    stops: list[tuple[str, str, dict]] = field(default_factory=list)  # kind, words, mark
    summary: str = ""       # the first words shown at the end
    moves: list[str] = field(default_factory=list)  # the learner's moves: a card, "turbo", a place, "rotate n"
    turbo: str = ""         # how the turbo button's words start (Stich Rallye)


def sr_mark(view: GuidedGame) -> dict:
    kind, what = view.pointing
    if kind == "trick":
        card = Card.parse(str(what))
        return {"widget": "trick", "card": f"{card_face(card)['color']} {card.value}"}
    if kind == "motor":
        return {"widget": "motor", "name": view.game.names[what]}
    return {"widget": {"space": "track", "hand": "hand"}[kind]}


def rr_mark(run: GuidedRun) -> dict:
    return {"widget": "board", "places": sorted(run.board.highlight)}


def reference(game: str, lang: str) -> Reference:
    """Play the guided game from Python with the test's policy; record every stop."""
    with rally.language(lang):
        if game == "stich_rallye":
            view = GuidedGame(bot_delay=0)
            ref = Reference(game, lang, view.go_button.description, "",
                            turbo=_("Use turbo: {card} + {motor} → {where}").split("{")[0])
            for _step in range(3000):
                if view.moment is not None:
                    ref.stops.append((view.moment.kind, view.tip_text, sr_mark(view)))
                    view.go_on()
                elif view.game.is_over:
                    break
                else:
                    turbo = view.game.awaiting_turbo
                    ref.moves.append("turbo" if turbo else view.hand.playable[0])
                    done = view.choose_turbo(True) if turbo else view.play_card(view.hand.playable[0])
                    assert done, view.alert_text
            ref.summary = plain(view.summary.children[0].value)
            view.close()
        else:
            run = GuidedRun(pace=0)
            ref = Reference(game, lang, run.go_on_button.description, "")
            for _step in range(3000):
                if run.moment is not None:
                    ref.stops.append((run.moment.kind, run.tip_text, rr_mark(run)))
                    run.go_on()
                elif run.board.game.is_over:
                    break
                else:
                    how, what = rr_choice(run.board)
                    assert run.board.rotate(int(what)) if how == "rotate" else run.board.click(what), run.board.status
                    ref.moves.append(f"rotate {what}" if how == "rotate" else what)
            ref.summary = plain(run.end_box.children[0].value)
            run.close()
        from widgets.first_game import FirstGame, PICTURES, _label

        ref.choose = f"{PICTURES[game]}  {_label(game)}"
        assert FirstGame().buttons[game].description == ref.choose
    return ref


# ------------------------------------------------------------------ the game on the page
#: JavaScript: the game below lesson 0's buttons as a learner sees it now (arg: the
#: FirstGame's element, the words of "Go on", how the turbo's words start).
STATE = r"""([root, go, turbo]) => {
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const words = (el) => el.innerText.replace(/\s+/g, ' ').trim();
  const goButton = [...root.querySelectorAll('button')].find(b => b.textContent.trim() === go && shown(b));
  const tip = goButton ? words(goButton.parentElement.previousElementSibling) : null;
  const cards = [...root.querySelectorAll('.rally-hand button.rally-card[aria-disabled="false"]')].filter(shown)
    .map(b => b.dataset.code);
  const turboButton = turbo && [...root.querySelectorAll('button')].find(b => shown(b) && b.textContent.trim().startsWith(turbo));
  const board = root.querySelector('.rally-run-big');
  const live = board && !board.classList.contains('is-paused');
  const places = live ? [...board.querySelectorAll('.rally-run__board [role=button][tabindex="0"]')].map(g => g.dataset.place) : [];
  const rotations = live ? [...board.querySelectorAll('.rally-run__rotation:not([disabled])')]
    .map(b => ({rotation: b.dataset.rotation, trap: b.classList.contains('rally-run__rotation--trap')})) : [];
  const log = board?.querySelector('.rally-run__log ol');
  const alerts = [...root.querySelectorAll('[role=alert]')].filter(shown).map(words).filter(Boolean);
  return {tip, cards, turbo: Boolean(turboButton), places, rotations, alerts,
          log: log ? log.start + log.children.length - 1 : 0,
          announced: Number(root.querySelector('.rally-announcer')?.dataset.count || 0),
          text: words(root)};
}"""

#: JavaScript: what the tip marks. Stich Rallye: every element with the 4 px amber border
#: (the tip box's own is 3 px), as the widget it holds; Rally Run: the places the rings on
#: the game's board stand over.
MARKS = r"""(root) => {
  const amber = 'rgb(245, 158, 11)';
  const marked = [...root.querySelectorAll('*')].filter(el => {
    const s = getComputedStyle(el);
    return s.borderTopStyle === 'solid' && s.borderTopWidth === '4px' && s.borderTopColor === amber &&
      el.getClientRects().length > 0;
  });
  const one = (el, sel) => el.matches(sel) ? el : el.querySelector(sel);
  const found = marked.map(el => {
    let w;
    if ((w = one(el, '.rally-trick'))) {
      const face = w.querySelector('.rally-trick__play.is-winner .rally-card');
      const color = face ? [...face.classList].find(c => /^rally-card--/.test(c) && c !== 'rally-card--small') : '';
      return {widget: 'trick', card: face ? `${color.replace('rally-card--', '')} ${face.querySelector('.rally-card__value').textContent}` : ''};
    }
    if ((w = one(el, '.rally-dial'))) return {widget: 'motor', name: w.querySelector('.rally-dial__name').textContent.trim()};
    if (one(el, '.js-plotly-plot')) return {widget: 'track'};
    if (one(el, '.rally-hand')) return {widget: 'hand'};
    return {widget: 'other: ' + el.className};
  });
  const board = root.querySelector('.rally-run-big');
  if (board) {
    const cells = [...board.querySelectorAll('.rally-run__board [data-place]')];
    const places = [...board.querySelectorAll('.rally-run__board .rr-highlight')].map(ring => {
      const r = ring.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      const under = cells.find(g => { const b = g.getBoundingClientRect();
        return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom; });
      return under ? under.dataset.place : '?';
    });
    // A trap's tip rings the ⚠ choice of how to lay the tile, beside the board.
    for (const choice of board.querySelectorAll('.rally-run__rotation.is-pointed')) places.push('rotation:' + choice.dataset.rotation);
    // The nudge's second time rings the swap button too.
    if (board.querySelector('.rally-run__mode.is-pointed')) places.push('swap');
    if (places.length) found.push({widget: 'board', places: places.sort()});
  }
  return found;
}"""

#: JavaScript: what has the keyboard's focus, in words a test can check.
FOCUSED = r"""() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'nothing';
  if (el.matches('.rally-hand button.rally-card')) return 'card:' + el.dataset.code;
  if (el.dataset?.place) return 'place:' + el.dataset.place;
  if (el.matches('.rally-run__rotation')) return 'rotation:' + el.dataset.rotation;
  if (el.matches('button')) return 'button:' + el.textContent.trim();
  return el.tagName.toLowerCase() + ':' + (el.className || '').toString().slice(0, 40);
}"""


@dataclass
class Run:
    """One guided game on the page, with what was read at each stop."""

    page: object
    ref: Reference
    screen: str
    full: bool
    stops: list[tuple[str, dict]] = field(default_factory=list)   # words, mark (as read)
    focus_misses: list[str] = field(default_factory=list)         # stops where "Go on" lacked the focus
    problems: list[str] = field(default_factory=list)             # the phone's screen checks, errors
    tabs: list[tuple[str, int, str]] = field(default_factory=list)  # keyboard presses: from, Tabs, to
    moves: list[str] = field(default_factory=list)
    timings: dict = field(default_factory=dict)

    @property
    def touch(self) -> bool:
        return touch(self.screen)

    @property
    def root(self):
        return self.page.locator(".rally-first-game").first

    def state(self) -> dict:
        return self.root.evaluate(f"(el, a) => ({STATE})([el, ...a])", [self.ref.go, self.ref.turbo])

    def tap_when_still(self, target) -> None:
        """Tap ``target`` once it stands still (two readings of its place 150 ms apart agree,
        within 5 s), as a child taps what they see: a tip scrolls itself into view, and a
        tap made while the page still moves lands on whatever passes under the finger (the
        fresh clone of stop 77, under load, tapped the track)."""
        box = None
        for _ in range(34):
            now = target.bounding_box()
            if now is not None and now == box:
                break
            box = now
            self.page.wait_for_timeout(150)
        target.tap()

    def wait(self, ready, what: str, timeout: float = STEP_TIMEOUT) -> dict:
        """Poll the page until ``ready(state)``; fail saying ``what`` was awaited."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            if ready(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.ref.game}/{self.ref.lang}/{self.screen}: waited {timeout:.0f} s for "
                                     f"{what}; the page shows: {state['text'][:600]}")
            self.page.wait_for_timeout(100)

    def focused(self) -> str:
        return self.page.evaluate(FOCUSED)

    def tab_to(self, wanted: str, most: int = 150) -> int:
        """Press Tab until the focus is on ``wanted`` (as :data:`FOCUSED` says it); the
        presses it took. The hand is one Tab stop: in it, Home and the right arrow move to
        a card."""
        start = self.focused()
        along = False  # moving along the hand with the arrows
        for presses in range(most + 1):
            now = self.focused()
            if now == wanted:
                self.tabs.append((start, presses, wanted))
                return presses
            if wanted.startswith("card:") and now.startswith("card:"):
                self.page.keyboard.press("ArrowRight" if along else "Home")
                along = True
            else:
                self.page.keyboard.press("Tab")
        raise AssertionError(f"{most} presses of Tab never reached {wanted}; the focus is on {self.focused()}")

    def press(self, locator, wanted: str) -> None:
        """The learner's press: a tap on the phone, Tab to it and Enter on the keyboard."""
        if self.touch:
            locator.tap()
        else:
            self.tab_to(wanted)
            self.page.keyboard.press("Enter")


def button(root, words: str, prefix: bool = False):
    return root.locator("button").filter(
        has_text=re.compile("^" + re.escape(words) + ("" if prefix else r"\s*$"))).locator("visible=true")


def play(page, lab, ref: Reference, screen: str, full: bool) -> Run:
    """Open lesson 0 as an app, choose the game and play it (to the end, or its first
    :data:`FIRST_STOPS` stops); returns what was read."""
    run = Run(page, ref, screen, full)
    started = time.monotonic()
    _lab.open_app(page, lab, COURSE[0].file(ref.lang))
    run.timings["open"] = time.monotonic() - started
    assert _lab.app_errors(page) == []
    root = run.root
    choose = button(root, ref.choose)
    assert root.locator("button").count() >= 2 and choose.count() == 1, root.inner_text()
    # Tap one: the game is there with its first tip (the second tap is its "Go on").
    started = time.monotonic()
    run.press(choose, "button:" + ref.choose)
    state = run.wait(lambda s: s["tip"], "the first tip after choosing the game", 120)
    run.timings["first tip"] = time.monotonic() - started
    started = time.monotonic()
    words = None
    for _step in range(3000):
        state = run.wait(lambda s: (s["tip"] and s["tip"] != words) or ref.summary in s["text"]
                         or (not s["tip"] and (s["cards"] or s["turbo"] or s["places"] or s["rotations"])),
                         "the next stop, the learner's turn or the end")
        if state["tip"] and state["tip"] != words:
            words = state["tip"]
            stop(run, words)
            if not full and len(run.stops) >= FIRST_STOPS:
                break
            before = words
            if run.touch:
                run.tap_when_still(button(root, ref.go))
            else:
                run.page.keyboard.press("Enter")  # the focus is on "Go on" (checked at the stop)
            run.wait(lambda s: s["tip"] != before, "the tip to go after Go on", 30)
            continue
        if ref.summary in state["text"]:
            break
        page.wait_for_timeout(150)
        if run.state() != state:  # the page was still being drawn: read it again
            continue
        move(run, state)
    else:
        raise AssertionError("the game did not end")
    run.timings["play"] = time.monotonic() - started
    if full:
        assert ref.summary in run.state()["text"]
        shot(run, "end", SUMMARY, ref.summary[:40])
    return run


def stop(run: Run, words: str) -> None:
    """A tip is up: read its mark; check the focus, the screen and errors; photograph some."""
    page, n = run.page, len(run.stops) + 1
    expected = run.ref.stops[n - 1] if n <= len(run.ref.stops) else ("?", "", {})
    mark, deadline = [], time.monotonic() + 5
    while time.monotonic() < deadline:  # the mark arrives with the words, or just after
        mark = run.root.evaluate(MARKS)
        if mark == [expected[2]]:
            break
        page.wait_for_timeout(100)
    run.stops.append((words, mark[0] if len(mark) == 1 else {"several or none": mark}))
    if not run.touch:
        try:
            page.wait_for_function(f"(w) => ({FOCUSED})() === w", arg="button:" + run.ref.go, timeout=5000)
        except Exception:  # noqa: BLE001 - kept, and the keyboard goes on by Tab, as a child would
            run.focus_misses.append(f"stop {n} ({expected[0]}): the focus was on {run.focused()}")
            run.tab_to("button:" + run.ref.go)
    else:
        found = problems(page, run.screen)
        if any(found.values()):
            run.problems.append(f"stop {n} ({expected[0]}): {found}")
    errors = _lab.app_errors(page)
    if errors:
        run.problems.append(f"stop {n} ({expected[0]}): errors {errors}")
    if n in SHOTS:
        shot(run, f"stop{n}-{expected[0]}-tip", TIP_BOX, run.ref.go)
        shot(run, f"stop{n}-{expected[0]}-mark", MARKED, None)


#: JavaScript: where a screenshot looks (arg: the FirstGame's element and a word): the tip's
#: box (the box around the button of those words), what the tip marks, the summary (the
#: smallest element holding those words).
TIP_BOX = r"""([root, go]) => [...root.querySelectorAll('button')]
  .find(b => b.textContent.trim() === go && b.getClientRects().length).parentElement.parentElement"""
MARKED = r"""([root]) => root.querySelector('.rally-run-big .rr-highlight') || [...root.querySelectorAll('*')]
  .find(el => getComputedStyle(el).borderTopWidth === '4px' && getComputedStyle(el).borderTopColor === 'rgb(245, 158, 11)')"""
SUMMARY = r"""([root, words]) => [...root.querySelectorAll('*')].reverse()
  .find(el => el.innerText && el.innerText.replace(/\s+/g, ' ').includes(words))"""


def shot(run: Run, name: str, where: str, arg) -> None:
    """A screenshot of the window with the element ``where`` finds at its top (its centre
    for a mark)."""
    block = "center" if where is MARKED else "start"
    run.root.evaluate(f"(root, arg) => ({where})([root, arg])?.scrollIntoView({{block: '{block}'}})", arg)
    run.page.wait_for_timeout(400)  # the figures redraw once scrolled to
    _lab.screenshot(run.page, f"first-game-{run.ref.game}-{run.ref.lang}-{run.screen}-{name}")


#: JavaScript: the labels of the choices marked on a track (the turbo's) that lie over a car,
#: as "label over car" (walk 74: "card alone" over Cy's car on a phone).
LABELS_OVER_CARS = r"""(root) => [...root.querySelectorAll('.js-plotly-plot')].flatMap(gd => {
  // Each trace's group carries its trace (Plotly's data on the element), and so its meta.
  const traces = [...gd.querySelectorAll('.scatterlayer .trace')].map(g => [String(g.__data__?.[0]?.trace?.meta), g]);
  const shown = (els) => [...els].map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
  const cars = traces.filter(([meta]) => meta.startsWith('car:'))
    .flatMap(([meta, g]) => shown(g.querySelectorAll('.points path')).map(([, r]) => [meta.slice(4), r]));
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  // A choice's label, or its ring (walk 76: a ring covered the cars beside it), over a car.
  const labels = traces.filter(([meta]) => meta === 'choice labels').flatMap(([, g]) => shown(g.querySelectorAll('.textpoint text')))
    .map(([label, r]) => [label.textContent, r]);
  // A ring is a circle: it covers a car when its edge comes inside the car's box.
  const ringOver = (r, car) => {
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const dx = Math.max(car.left - cx, 0, cx - car.right), dy = Math.max(car.top - cy, 0, cy - car.bottom);
    return Math.hypot(dx, dy) < r.width / 2 - 1;
  };
  const rings = traces.filter(([meta]) => meta === 'choices').flatMap(([, g]) => shown(g.querySelectorAll('.points path')));
  return [...labels.flatMap(([label, r]) => cars.filter(([, car]) => over(r, car)).map(([name]) => `${label} over ${name}`)),
          ...rings.flatMap(([, r]) => cars.filter(([, car]) => ringOver(r, car)).map(([name]) => `a ring over ${name}`))];
})"""


def move(run: Run, state: dict) -> None:
    """The learner's move, by the policy, from what the page offers."""
    root, ref = run.root, run.ref
    if ref.game == "stich_rallye":
        before = state["announced"]
        run.moves.append("turbo" if state["turbo"] else state["cards"][0])
        if state["turbo"]:
            covered = root.evaluate(LABELS_OVER_CARS)
            track = root.locator(".js-plotly-plot").first
            track.scroll_into_view_if_needed()
            _lab.screenshot(run.page, f"first-game-{ref.game}-{ref.lang}-{run.screen}-turbo-{len(run.moves)}", track)
            if covered:
                run.problems.append(f"move {len(run.moves)}: on the track, {covered}")
            run.press(button(root, ref.turbo, prefix=True).first, "button:" + button(
                root, ref.turbo, prefix=True).first.inner_text().strip())
        else:
            code = state["cards"][0]
            run.press(root.locator(f'.rally-hand button.rally-card[data-code="{code}"]'), "card:" + code)
        after = run.wait(lambda s: s["announced"] > before or s["alerts"], "the game to take the move", 30)
        if after["alerts"]:
            run.problems.append(f"move {len(run.moves)} ({run.moves[-1]}) refused: {after['alerts']}")
        return
    before = state["log"]
    if state["rotations"]:
        laid = [r for r in state["rotations"] if not r["trap"]] or state["rotations"]
        n = laid[0]["rotation"]
        run.moves.append(f"rotate {n}")
        run.press(root.locator(f'.rally-run__rotation[data-rotation="{n}"]').first, "rotation:" + n)
    else:
        place = state["places"][0]
        run.moves.append(place)
        run.press(root.locator(f'.rally-run__board [data-place="{place}"][tabindex="0"]').first, "place:" + place)
    after = run.wait(lambda s: s["log"] > before or s["alerts"], "the board to take the move", 30)
    if after["alerts"]:
        run.problems.append(f"move {len(run.moves)} ({run.moves[-1]}) refused: {after['alerts']}")


# ------------------------------------------------------------------------- the tests
def test_the_python_games_stop_at_every_kind_with_words_in_the_language():
    """The reference the browser is held to: each game stops at least at FIRST_STOPS
    moments, each with words and a mark, German words in German."""
    for game in GAMES:
        english, german = reference(game, "en"), reference(game, "de")
        assert len(english.stops) > FIRST_STOPS and [s[0] for s in english.stops] == [s[0] for s in german.stops]
        for (kind, en_words, mark), (_k, de_words, de_mark) in zip(english.stops, german.stops):
            assert en_words and de_words and en_words != de_words and mark == de_mark, kind
        assert english.go == "Go on ▶" and german.go == "Weiter ▶"


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_guided_game_from_lesson_0(browser, lab, game, lang, screen):
    ref = reference(game, lang)  # made anew for each test: the kernel imports the words as they are now
    full = (game, lang, screen) in WHOLE
    with window(browser, lab, screen, timeout=60_000) as page:
        run = play(page, lab, ref, screen, full)
    expected = ref.stops if full else ref.stops[:FIRST_STOPS]
    print(f"\n{game}/{lang}/{screen}: {len(run.stops)} stops, {len(run.moves)} moves"
          f"{' (the whole game)' if full else ''}; seconds: "
          + ", ".join(f"{k} {v:.1f}" for k, v in run.timings.items())
          + (f"; Tabs per keyboard press: {[n for _s, n, _w in run.tabs]}" if run.tabs else ""))
    for start, n, wanted in run.tabs:
        if n > 10:
            print(f"  {n} Tabs from {start} to {wanted}")
    # The stops, in order: the same words as Python's, the same widget marked.
    assert [words for words, _mark in run.stops] == [words for _kind, words, _mark in expected]
    for n, ((_words, mark), (kind, _w, wanted)) in enumerate(zip(run.stops, expected), 1):
        assert mark == wanted, f"stop {n} ({kind}): marked {mark}, Python marks {wanted}"
    # The learner's moves, made on the page by the policy, are Python's.
    assert run.moves == ref.moves[:len(run.moves)] and (not full or run.moves == ref.moves), (run.moves, ref.moves)
    assert run.problems == []
    assert run.focus_misses == [], "the focus was not on Go on when the tip appeared"
    # After "Go on" the keyboard is where the next decision is: a few Tabs, not the page again.
    assert max((n for _s, n, _w in run.tabs), default=0) <= MOST_TABS, run.tabs


#: JavaScript: on the phone, where the tip's "Go on", what the tip marks and the board's
#: words are in the window (arg: the FirstGame's element and the words of "Go on").
IN_VIEW = r"""([root, go]) => {
  const shown = (el) => el.getClientRects().length > 0;
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: Math.round(r.top), bottom: Math.round(r.bottom)}; };
  const goButton = [...root.querySelectorAll('button')].find(b => b.textContent.trim() === go && shown(b));
  const amber = (el) => { const s = getComputedStyle(el); return s.borderTopStyle === 'solid' &&
    s.borderTopWidth === '4px' && s.borderTopColor === 'rgb(245, 158, 11)'; };
  const marks = [...root.querySelectorAll('*')].filter(el => !(el instanceof SVGElement) && amber(el))
    .concat([...root.querySelectorAll('.rally-run-big .rr-highlight, .rally-run__rotation.is-pointed')])
    .filter(shown).map(box);
  const board = root.querySelector('.rally-run-big .rally-run__board');
  let smallest = null;
  if (board) {
    const scale = board.getBoundingClientRect().width / board.viewBox.baseVal.width;
    const sizes = [...board.querySelectorAll('text')].filter(t => t.textContent.trim())
      .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
    smallest = Math.min(...sizes);
  }
  const tip = goButton && goButton.closest('.rally-guided-tip-box');
  return {height: window.innerHeight, go: goButton ? box(goButton) : null, tip: tip ? box(tip) : null, marks, smallest};
}"""


def in_view(run: Run) -> dict:
    """Wait (the page scrolls smoothly) until "Go on" and the tip's marks are in the window;
    returns what was read last."""
    deadline, seen = time.monotonic() + 6, {}
    while time.monotonic() < deadline:
        seen = run.root.evaluate(f"(el, go) => ({IN_VIEW})([el, go])", run.ref.go)
        height, go = seen["height"], seen["go"]
        together = seen["marks"] and all(m["top"] < height - 40 and m["bottom"] > 40 for m in seen["marks"])
        # Too far apart for the window: the tip is at its top, in its place (never pinned
        # over the game: test_tip_phone.py), and what it marks lies below.
        apart = (seen["tip"] and seen["marks"] and 0 <= seen["tip"]["top"] <= 40
                 and max(m["bottom"] for m in seen["marks"]) - seen["tip"]["top"] > height - 16)
        if go and 0 <= go["top"] and go["bottom"] <= height and (together or apart):
            seen["ok"] = True
            return seen
        run.page.wait_for_timeout(200)
    seen["ok"] = False
    return seen


#: JavaScript: the game's parts the tip's box covers in the window (arg: the FirstGame's
#: element), and the box's place. A part counts as covered when the page shows the tip at
#: its middle or at a point a little inside one of its corners.
COVERED = r"""(root) => {
  const tip = [...root.querySelectorAll('.rally-guided-tip-box')].find(t => t.getClientRects().length);
  if (!tip) return {tip: null, covered: []};
  const t = tip.getBoundingClientRect();
  const parts = root.querySelectorAll(['.rally-hand__title', '.rally-hand button.rally-card',
    '.rally-run-big .rally-run__board [data-place]', '.rally-run-big .rally-run__rotation'].join(', '));
  const covered = [];
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.getClientRects().length) continue;
    const points = [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]]
      .map(([a, b]) => [r.left + a * r.width, r.top + b * r.height])
      .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    if (points.some(([x, y]) => tip.contains(document.elementFromPoint(x, y)))) {
      covered.push((el.dataset.code || el.dataset.place || el.dataset.rotation || el.textContent || '').trim().slice(0, 40)
                   + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom));
    }
  }
  return {tip: {top: Math.round(t.top), bottom: Math.round(t.bottom), position: getComputedStyle(tip).position},
          covered};
}"""


@pytest.mark.parametrize("screen", ["phone-360", "tablet-1024"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_each_tip_comes_into_view_with_what_it_marks(browser, lab, game, lang, screen):
    """360 px (and a tablet's 1024 x 768): at each of the first stops, the tip's "Go on" is in the window with the part
    it marks (the hand, the last trick, a motor; a ring on the board, the ⚠ choice of how to
    lay a tile), or, where the two are too far apart for the window, the tip is at its top
    with the marked part below it; the tip covers nothing of the game (:data:`COVERED`: it
    once stayed pinned over the window's top, 180-320 px of it, over the cards, the hand's
    heading and the board); the Rally Run board's words are 12 px or more."""
    ref = reference(game, lang)
    with window(browser, lab, screen, timeout=60_000) as page:
        run = Run(page, ref, screen, False)
        _lab.open_app(page, lab, COURSE[0].file(lang))
        button(run.root, ref.choose).tap()
        missed, hidden, words = [], [], None
        for _step in range(200):
            state = run.wait(lambda s: (s["tip"] and s["tip"] != words)
                             or (not s["tip"] and (s["cards"] or s["turbo"] or s["places"] or s["rotations"])),
                             "the next stop or the learner's turn")
            if state["tip"] and state["tip"] != words:
                words = state["tip"]
                kind = ref.stops[len(run.stops)][0]
                seen = in_view(run)
                run.stops.append((words, {}))
                if not seen["ok"]:
                    missed.append(f"stop {len(run.stops)} ({kind}): {seen}")
                page.wait_for_timeout(500)  # the smooth scroll ends
                cover = run.root.evaluate(COVERED)
                if cover["covered"]:
                    hidden.append(f"stop {len(run.stops)} ({kind}): the tip {cover['tip']} covers {cover['covered']}")
                if game == "rally_run":
                    assert seen["smallest"] >= 12 - 0.01, f"board text of {seen['smallest']:.1f} px on {screen}"
                if len(run.stops) in (1, 3):
                    _lab.screenshot(page, f"first-game-{game}-{lang}-{screen}-in-view-stop{len(run.stops)}-{kind}")
                if len(run.stops) >= FIRST_STOPS:
                    break
                run.tap_when_still(button(run.root, ref.go))
                run.wait(lambda s, before=words: s["tip"] != before, "the tip to go after Go on", 30)
                continue
            page.wait_for_timeout(150)
            if run.state() != state:
                continue
            move(run, state)
        assert len(run.stops) >= FIRST_STOPS
        assert hidden == [], f"on {screen} the tip covers the game:\n" + "\n".join(hidden)
        assert missed == [], "a tip and what it marks were not in the window together:\n" + "\n".join(missed)
