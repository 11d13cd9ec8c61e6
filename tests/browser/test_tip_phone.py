"""A guided game's tip on a phone (issue 41, the learner walk): at each of the first stops,
on a 360 x 740 touch screen in English and German, the tip's box covers nothing of the
game: no card of the hand, not the hand's heading, no tile of the Rally Run board, no
choice of how to lay a tile (each is checked where it is in the window: what the page
shows at its middle and corners must be itself, not the tip). The tip's "Go on" and what
the tip marks are still brought into the window together (test_first_game.py checks that).
Screenshots: test-artifacts/screenshots/tip-phone-*.png."""

from __future__ import annotations

import pytest

from widgets.course import COURSE

from . import _lab
from ._screens import window
from .test_first_game import FIRST_STOPS, Run, button, move, reference

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


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["stich_rallye", "rally_run"])
def test_on_a_phone_the_tip_covers_nothing_of_the_game(browser, lab, game, lang):
    ref = reference(game, lang)
    with window(browser, lab, "phone-360", timeout=60_000) as page:
        run = Run(page, ref, "phone-360", False)
        _lab.open_app(page, lab, COURSE[0].file(lang))
        button(run.root, ref.choose).tap()
        found, words = [], None
        for _step in range(200):
            state = run.wait(lambda s: (s["tip"] and s["tip"] != words)
                             or (not s["tip"] and (s["cards"] or s["turbo"] or s["places"] or s["rotations"])),
                             "the next stop or the learner's turn")
            if state["tip"] and state["tip"] != words:
                words = state["tip"]
                kind = ref.stops[len(run.stops)][0]
                run.stops.append((words, {}))
                page.wait_for_timeout(1500)  # the page scrolls smoothly to the tip and its mark
                seen = run.root.evaluate(COVERED)
                print(f"{game}/{lang} stop {len(run.stops)} ({kind}): tip {seen['tip']}, covered {seen['covered']}")
                if seen["covered"]:
                    found.append(f"stop {len(run.stops)} ({kind}): the tip {seen['tip']} covers {seen['covered']}")
                if len(run.stops) <= 3:
                    _lab.screenshot(page, f"tip-phone-{game}-{lang}-stop{len(run.stops)}-{kind}")
                if len(run.stops) >= FIRST_STOPS:
                    break
                button(run.root, ref.go).tap()
                run.wait(lambda s, before=words: s["tip"] != before, "the tip to go after Go on", 30)
                continue
            page.wait_for_timeout(150)
            if run.state() != state:
                continue
            move(run, state)
        assert len(run.stops) >= FIRST_STOPS
        assert found == [], "on a phone the tip covers the game:\n" + "\n".join(found)
