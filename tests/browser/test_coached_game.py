"""Lesson 05's coached game (``GameView(4, "volcano", seed=32, coach=True)``) played in
JupyterLab as a learner sees it: a 1280 x 800 window with the side bar open.

One test, in the order a learner meets things: the table (hand, trick, track) fits the
notebook area at once; the Hint names a card that may be played; a whole game is
clicked through, and at the first turbo choice the won trick, both buttons, the hand and
the rings on the track show together (the box's words say where each ends, or why both end
on one space, so they read without the track on a phone too); after the game the review charts one point per
decision of Ada's and offers up to three "Show it in the replay" buttons; the first opens
the replay, scrolled into view, with the decision explained, and stepping forward as the
note says reaches it. A screenshot of each step goes to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time

from . import _lab
from .test_game import KERNEL_IDLE, LESSON, SETTLED, Game

#: JavaScript: the part of the window where the notebook shows, as a box: the notebook
#: panel's scrolling area, cut to the window.
VIEW = f"""() => {{
  const nb = {_lab._PANEL};
  const outer = nb.node.querySelector('.jp-WindowedPanel-outer') || nb.content.node;
  const r = outer.getBoundingClientRect();
  return {{top: Math.max(r.top, 0), bottom: Math.min(r.bottom, window.innerHeight),
           left: Math.max(r.left, 0), right: Math.min(r.right, window.innerWidth),
           window: [window.innerWidth, window.innerHeight]}};
}}"""

#: JavaScript on an element: its box on the screen.
BOX = """el => { const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; }"""

#: JavaScript on an element: whether it lies wholly in the notebook's visible area.
INSIDE = f"""el => {{
  const v = ({VIEW})(), r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= v.top - 0.5 && r.bottom <= v.bottom + 0.5 &&
         r.left >= v.left - 0.5 && r.right <= v.right + 0.5;
}}"""

#: JavaScript on a Plotly figure: per trace (its key, ``meta``, else its name), the points
#: in its data and the points drawn.
TRACE_POINTS = """gd => {
  const out = {};
  for (const t of gd.data || []) out[t.meta ?? t.name] = {data: (t.x || []).length, drawn: 0};
  for (const g of gd.querySelectorAll('.scatterlayer g.trace')) {
    const t = g.__data__?.[0]?.trace;
    const name = t?.meta ?? t?.name;
    if (name in out) out[name].drawn += g.querySelectorAll('path.point').length;
  }
  return out;
}"""

#: The log lines of Ada's own decisions (rally/stich_rallye/events.py: CardPlayed, TurboUsed, TurboDeclined).
ADA_DECIDES = re.compile(r"^Ada (plays [RGB]\d+ |uses the turbo:|"
                         r"keeps the motor wound at \d+ and moves by the card alone)")
#: The game's log shows its last 80 events (game_view.LOG_LINES).
LOG_LINES = 80
HINT = re.compile(r"^(?:Try ([RGB]\d{1,2}) \([a-z]+ \d{1,2}\): |You have only one choice here: ([RGB]\d{1,2})\.)")
#: What a review still growing says (rally.Review.sentence), gone once it is whole.
GROWING = "the advisor has looked at"
RANKED_BUTTON = re.compile(r"^([①②③]) Show it in the replay$")


class CoachedGame(Game):
    """test_game's Game, waiting longer: the click that ends the game returns only when
    the kernel has reviewed the whole game."""

    def act(self, locator, timeout: float = 300_000) -> int:
        before = self.events()
        locator.click()
        self.page.wait_for_function(SETTLED, arg=[self.root.element_handle(), before], timeout=timeout)
        return self.events() - before

    def this_trick(self):
        return self.root.locator(".rally-trick").filter(has=self.page.get_by_text("This trick", exact=True))

    def track(self):
        return self.root.locator(".js-plotly-plot").first

    def to_top(self) -> None:
        """Scroll the game's output to the top of the notebook area, as a learner would."""
        self.root.evaluate("el => el.scrollIntoView({block: 'start'})")
        self.page.wait_for_timeout(200)  # let the scroll settle before measuring


def not_inside(page, parts: dict) -> list[str]:
    """The parts (name -> locator; every element it matches) not wholly inside the
    visible notebook area, with their boxes; a part that matches nothing is named too."""
    view = page.evaluate(VIEW)
    missing = []
    for name, locator in parts.items():
        count = locator.count()
        if count == 0:
            missing.append(f"{name}: not on the page")
        for i in range(count):
            if not locator.nth(i).evaluate(INSIDE):
                missing.append(f"{name} #{i}: {locator.nth(i).evaluate(BOX)} is not inside {view}")
    return missing


def wait_scrolled(page, timeout: float = 10.0) -> None:
    """Wait until the notebook area has stopped scrolling (a smooth scroll has ended)."""
    scroll_top = (f"() => ({_lab._PANEL}.node.querySelector('.jp-WindowedPanel-outer') || "
                  f"{_lab._PANEL}.content.node).scrollTop")
    deadline = time.monotonic() + timeout
    last = page.evaluate(scroll_top)
    while True:
        page.wait_for_timeout(150)
        now = page.evaluate(scroll_top)
        if now == last:
            return
        assert time.monotonic() < deadline, "the notebook area kept scrolling"
        last = now


def settle(page) -> None:
    """A short pause before a screenshot: Plotly and the widgets finish drawing."""
    page.wait_for_timeout(400)


def test_coached_game_hint_turbo_review_and_replay(page, lab):
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    assert page.evaluate("() => window.jupyterapp.shell.leftCollapsed") is False  # the side bar is open
    assert page.viewport_size == _lab.WINDOW
    game = CoachedGame(page)
    game.hand.wait_for()
    assert "Your turn" in game.status()
    view = page.evaluate(VIEW)
    assert view["bottom"] - view["top"] > 400 and view["right"] - view["left"] > 600, view

    # 1. The table at the start: the hand's cards, this trick and the track at once.
    game.to_top()
    table = {"status line": game.root.locator(".rally-game__status"),
             "hand's cards": game.hand.locator("button.rally-card"),
             "hand's prompt": game.hand.locator(".rally-hand__prompt"), "This trick": game.this_trick(),
             "track": game.track()}
    assert game.hand.locator("button.rally-card").count() == 5  # round 1: five cards each
    assert not_inside(page, table) == []
    settle(page)
    _lab.screenshot(page, "05_coached-start")

    hint_button = _lab.output_button(game.root, "Hint: ask the advisor")
    hint_text = game.root.locator("div[role=status]").filter(has_text=HINT)
    hinted = False
    decisions = clicks = turbos = forced = 0
    for _ in range(200):
        if game.over():
            break
        if game.turbo_offered():
            use, alone = (_lab.output_button(game.root, words, prefix=True) for words in ("Use turbo:", "Card alone:"))
            if turbos == 0:
                # 3. The first turbo choice: the won trick, both buttons, the hand and the
                # rings on the track, together in the notebook area.
                game.to_top()
                winner = game.this_trick().locator(".rally-trick__play.is-winner")
                assert "★ wins" in winner.inner_text() and "Ada" in winner.inner_text()
                words = game.root.locator(".widget-html").filter(has_text="You won the trick")
                assert not_inside(page, {"This trick's winner": winner, "turbo words": words,
                                         "Use turbo button": use, "Card alone button": alone,
                                         "hand's cards": game.hand.locator("button.rally-card"),
                                         "track": game.track()}) == []
                ends = [re.search(r"→ (.+)$", b.inner_text().strip()).group(1) for b in (use, alone)]
                points = game.track().evaluate(TRACE_POINTS)["choices"]
                expected = 1 if ends[0] == ends[1] else 2
                assert points == {"data": expected, "drawn": expected}, (points, ends)
                settle(page)
                _lab.screenshot(page, "05_coached-turbo")
            added = game.act(use if turbos % 2 == 0 else alone)
            turbos += 1
        else:
            legal = game.legal()
            shown = game.hand.locator("button.rally-card").count()
            if not hinted and 1 < legal.count() < shown:
                # 2. A hint on a card turn where not every card may be played.
                playable = {legal.nth(i).get_attribute("data-code") for i in range(legal.count())}
                assert hint_button.is_enabled() and hint_text.count() == 0
                hint_button.click()
                hint_text.wait_for(timeout=120_000)
                page.wait_for_function(KERNEL_IDLE)
                said = hint_text.inner_text().strip()
                match = HINT.match(said)
                assert match, said
                named = match.group(1) or match.group(2)
                assert named in playable, (said, playable)
                game.to_top()
                assert not_inside(page, {"hint": hint_text, "Hint button": hint_button, "This trick": game.this_trick(),
                                         "hand's cards": game.hand.locator("button.rally-card")}) == []
                settle(page)
                _lab.screenshot(page, "05_coached-hint")
                hinted = True
            forced += legal.count() == 1  # one card the rules allow: no choice
            added = game.act(legal.first)
        clicks += 1
        assert added < LOG_LINES, "more events than the log shows at once: Ada's decisions cannot be counted"
        decisions += sum(1 for line in game.log()[-added:] if ADA_DECIDES.match(line))
    assert game.over(), game.status()
    assert hinted, "Ada never had a card turn where some of her cards could not be played"
    assert turbos >= 2, f"the turbo was offered {turbos} time(s); the test chooses both ways"
    assert decisions == clicks, (decisions, clicks)  # every click of Ada's is one logged decision

    # 4. The review: one point per decision on the chart, and 1 to 3 buttons.
    root_text = game.root.get_by_text("Review of your game")
    root_text.wait_for(timeout=300_000)
    # The review grows in a thread (its first findings at once, the kernel idle meanwhile):
    # the page says how far it has looked until it is whole.
    page.wait_for_function(f"el => !el.innerText.includes({GROWING!r})", arg=game.root.element_handle(),
                           timeout=300_000)
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    review = game.root.locator(".widget-vbox").filter(has_text="Review of your game").last
    chart = review.locator(".js-plotly-plot")
    assert chart.count() == 1
    chart.wait_for()
    page.wait_for_function("gd => gd.querySelectorAll('.scatterlayer g.trace path.point').length > 0",
                           arg=chart.element_handle())
    traces = chart.evaluate(TRACE_POINTS)
    assert traces["your choice"] == {"data": decisions, "drawn": decisions}, (traces, decisions)
    # Its sentence counts the real choices: a card the rules forced is none.
    made = re.search(r"Ada had a real choice (\d+) times?", review.inner_text())
    assert made and int(made.group(1)) == decisions - forced, (review.inner_text()[:300], decisions, forced)
    buttons = review.locator("button").filter(has_text=RANKED_BUTTON)
    ranks = [RANKED_BUTTON.match(t.strip()).group(1) for t in buttons.all_inner_texts()]
    assert ranks == ["①", "②", "③"][: len(ranks)] and 1 <= len(ranks) <= 3, ranks
    assert traces["costliest"]["data"] == len(ranks), traces
    assert page.evaluate(_lab.CUT_OFF_BUTTONS) == []
    review.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page)
    _lab.screenshot(page, "05_coached-review")

    # 5. "① Show it in the replay": the replay comes into view with the decision explained.
    first_row = review.locator(".widget-html").filter(has_text=re.compile(r"^① "))
    label = first_row.locator("b").first.inner_text().strip()
    assert label.startswith("① Round "), label
    label = label.removeprefix("① ")
    replay = game.root.locator(".widget-vbox").filter(has_text="Replay: step through everything").last
    heading = replay.get_by_text("Replay: step through everything")
    replay_text = replay.locator(".widget-html").last
    first_button = buttons.filter(has_text="①")
    first_button.evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    assert not_inside(page, {"① button": first_button}) == []
    assert not_inside(page, {"replay heading": heading}) != []  # the replay is below, out of sight
    assert re.search(r"Step \d+ of \d+", replay_text.inner_text()) and "fef3c7" not in replay_text.inner_html()
    first_button.click()
    note = replay_text.locator("div[style*='fef3c7']")
    note.wait_for()
    page.wait_for_function(KERNEL_IDLE)
    # The note names when (the row's "Round 1, trick 2"); its explanation names the card, once.
    assert note.locator("b").first.inner_text().strip() == label.split(":")[0]
    page.wait_for_function(INSIDE, arg=heading.element_handle(), timeout=10_000)  # the scroll is smooth
    wait_scrolled(page)
    back, forward = (_lab.output_button(game.root, words) for words in ("◀ Step back", "Step forward ▶"))
    # The anchor put the replay at the top of the notebook area (its border just above it).
    top, view = heading.evaluate(BOX)["top"], page.evaluate(VIEW)
    assert view["top"] <= top <= view["top"] + 60, (top, view)
    assert replay.evaluate(BOX)["top"] >= 0
    assert not_inside(page, {"replay heading": heading, "◀ Step back": back, "Step forward ▶": forward,
                             "replay text with the note": replay_text}) == []
    said = replay_text.inner_text()  # the note, then "Step forward to see it: it comes next / in N steps."
    ahead = re.search(r"Step forward to see it: it comes (next|in (\d+) steps)\.", said)
    assert ahead, said
    steps = 1 if ahead.group(1) == "next" else int(ahead.group(2))
    assert steps >= 1
    _lab.screenshot(page, "05_coached-replay-note")

    made_it = re.match(r"Round \d+, trick \d+: you "
                       r"(?:(?:led|played) ([RGB]\d+)|(used the turbo)|(moved by the card alone))$", label)
    assert made_it, label
    card, turbo, alone = made_it.groups()
    line = (f"Ada plays {card} (" if card else "Ada uses the turbo:" if turbo else "Ada keeps the motor wound at")
    event_text = replay_text.locator("b").first  # what happened at the event shown
    at, total = map(int, re.search(r"Step (\d+) of (\d+)", replay_text.inner_text()).groups())
    for step in range(1, steps + 1):
        assert not event_text.inner_text().startswith(line), (step, event_text.inner_text())
        forward.click()
        replay_text.get_by_text(f"Step {at + step} of {total}").wait_for()
        page.wait_for_function(KERNEL_IDLE)
    assert event_text.inner_text().startswith(line), (label, event_text.inner_text())
    assert note.count() == 1 and "Step forward to see it" not in replay_text.inner_text()
    replay.evaluate("el => el.scrollIntoView({block: 'start'})")
    settle(page)
    _lab.screenshot(page, "05_coached-replay-decision")
