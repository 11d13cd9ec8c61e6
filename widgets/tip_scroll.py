"""TipScroll: brings a guided game's tip and what it marks into the window together; both
games' guided games (Stich Rallye's GuidedGame, Rally Run's GuidedRun) use it."""

from __future__ import annotations

import anywidget
import traitlets

from ._display import StableRepr
from .messages import PageWrites

#: The page's classes: the guided game, its tip's box, and what the tip marks.
GUIDED_CLASS, TIP_CLASS, MARKED_CLASS = "rally-guided", "rally-guided-tip-box", "rally-guided-marked"


class TipScroll(StableRepr, PageWrites, anywidget.AnyWidget):
    """Brings a guided game's tip and what it marks into the window: both, when they fit one
    below the other; else the tip comes to the window's top in its place, and the marked
    part, ringed, follows as the learner scrolls on (the tip is never pinned over the game). ``marks`` is
    the CSS selector of the marked parts (``ring`` a border that marks them too), inside the element of class
    :data:`GUIDED_CLASS` that holds this widget and the tip's box (class :data:`TIP_CLASS`).

    >>> scroll = TipScroll(marks=".rr-highlight")
    >>> scroll.bring(); scroll.requests
    1
    """

    _esm = """
    const PAD = 8;
    // A marked part inside a box that scrolls sideways (Rally Run's board on a phone) is
    // brought into that box's view, centred, before the window scrolls.
    function across(mark) {
      for (let a = mark.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (!["auto", "scroll"].includes(s.overflowX) || a.scrollWidth <= a.clientWidth) continue;
        const box = a.getBoundingClientRect(), r = mark.getBoundingClientRect();
        if (r.left < box.left || r.right > box.right) a.scrollLeft += r.left - box.left - (box.width - r.width) / 2;
        return;
      }
    }
    function bring(model, el) {
      const root = el.closest(".rally-guided");
      const tip = root && root.querySelector(".rally-guided-tip-box");
      if (!tip || !tip.getClientRects().length) return;
      // The keyboard to the tip's "Go on" (Python asks for it too, but a request sent before
      // the game's views were drawn is lost: lesson 0 makes the game and shows its first tip at once).
      const go = tip.querySelector("button.mod-primary");
      if (go && !tip.contains(document.activeElement)) go.focus({ preventScroll: true });
      const marks = [...root.querySelectorAll(model.get("marks") || ":not(*)")];
      const ring = model.get("ring");  // marked by a border: "4px rgb(245, 158, 11)"
      if (ring) {
        const [width, ...color] = ring.split(" ");
        for (const e of root.querySelectorAll("*")) {
          if (e instanceof SVGElement) continue;
          const s = getComputedStyle(e);
          if (s.borderTopStyle === "solid" && s.borderTopWidth === width && s.borderTopColor === color.join(" ")) {
            marks.push(e);
          }
        }
      }
      marks.splice(0, marks.length, ...marks.filter((m) => m.getClientRects().length));
      if (marks.length) across(marks[0]);
      const t = tip.getBoundingClientRect();
      const rects = marks.map((m) => m.getBoundingClientRect());
      const low = rects.length ? Math.max(...rects.map((r) => r.bottom)) : t.bottom;
      const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
      const height = window.innerHeight;
      // Both in the window already: nothing moves.
      if (low - t.top + 2 * PAD <= height && t.top >= 0 && low <= height) return;
      // Else the tip comes to the window's top in its place: what it marks comes with it when
      // both fit, or, ringed, follows as the learner scrolls on. The tip is never pinned over
      // the game: pinned, it took 180-320 px of a phone's or a tablet's screen and covered
      // the cards, the hand's heading and the board (and a card the keyboard went to).
      tip.style.scrollMarginTop = `${PAD}px`;
      tip.scrollIntoView({ behavior, block: "start" });
    }
    export default {
      render({ model, el }) {
        el.style.height = "0";
        // After the tip's words, its mark and the figures are drawn (they come just before).
        const later = () => setTimeout(() => requestAnimationFrame(() => bring(model, el)), 150);
        model.on("change:requests", later);
        if (model.get("requests") > 0) setTimeout(later, 150);  // a tip up before the game was on the page
        return () => model.off("change:requests", later);
      },
    };
    """
    marks = traitlets.Unicode("").tag(sync=True)
    #: What else is marked: the elements with this border ("4px rgb(245, 158, 11)": its top's width and color).
    ring = traitlets.Unicode("").tag(sync=True)
    requests = traitlets.Int(0).tag(sync=True)

    def bring(self) -> None:
        """Bring the tip and what it marks into the window."""
        self.requests += 1

    def __repr__(self) -> str:
        return _("(The page brings the tip into view.)")


__all__ = ["GUIDED_CLASS", "MARKED_CLASS", "TIP_CLASS", "TipScroll"]
