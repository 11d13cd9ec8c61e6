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
    below the other. Else, on a phone (a window under 600 CSS px wide), the tip comes to the
    window's top in its place and never covers the game (the marked part, ringed, follows
    as the learner scrolls); on a larger screen the tip stays at the window's top (sticky)
    and the marked part comes up right under it, until the learner scrolls on by hand. ``marks`` is
    the CSS selector of the marked parts (``ring`` a border that marks them too), inside the element of class
    :data:`GUIDED_CLASS` that holds this widget and the tip's box (class :data:`TIP_CLASS`).

    >>> scroll = TipScroll(marks=".rr-highlight")
    >>> scroll.bring(); scroll.requests
    1
    """

    _esm = """
    const PAD = 8;
    const PHONE = 600;  // a window narrower than this (CSS px) is a phone's
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
      Object.assign(tip.style, { position: "", top: "", zIndex: "", background: "", maxHeight: "", overflowY: "" });
      const t = tip.getBoundingClientRect();
      const rects = marks.map((m) => m.getBoundingClientRect());
      const low = rects.length ? Math.max(...rects.map((r) => r.bottom)) : t.bottom;
      const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
      const height = window.innerHeight;
      if (low - t.top + 2 * PAD <= height) {  // the tip and the marked part fit in the window together
        if (t.top >= 0 && low <= height) return;  // and are in it: nothing moves
        tip.style.scrollMarginTop = `${PAD}px`;
        tip.scrollIntoView({ behavior, block: "start" });
        return;
      }
      // Too far apart for the window. On a phone the tip is not pinned over the game (a
      // pinned tip took a third of the screen and covered the cards and the board under
      // it): it comes to the window's top in its place, and what it marks, ringed, follows
      // as the learner scrolls on.
      if (window.matchMedia(`(max-width: ${PHONE - 1}px)`).matches) {
        tip.style.scrollMarginTop = `${PAD}px`;
        tip.scrollIntoView({ behavior, block: "start" });
        return;
      }
      // On a larger screen the tip stays at the window's top (sticky) and the first marked
      // part comes up right under it. Sticky needs the boxes around the tip to
      // let it out: those that do not scroll themselves show what overflows them.
      for (let a = tip.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowY !== "visible" && a.scrollHeight <= a.clientHeight + 40) a.style.overflow = "visible";
      }
      // At most half the window: a "Why?" opened in the tip scrolls inside it, not over the game.
      Object.assign(tip.style, { position: "sticky", top: "0px", zIndex: "20", background: "#ffffff",
                                 maxHeight: "50vh", overflowY: "auto" });
      // Once the learner scrolls on by hand, the tip lets go: it stays in its place in the
      // game and covers nothing.
      const letGo = () => {
        Object.assign(tip.style, { position: "", top: "", zIndex: "", maxHeight: "", overflowY: "" });
        for (const kind of ["wheel", "touchmove"]) window.removeEventListener(kind, letGo);
      };
      setTimeout(() => {
        for (const kind of ["wheel", "touchmove"]) window.addEventListener(kind, letGo, { passive: true, once: true });
      }, 600);
      const first = marks[rects.indexOf(rects.reduce((a, b) => (b.top < a.top ? b : a)))];
      first.style.scrollMarginTop = `${t.height + 2 * PAD}px`;
      first.scrollIntoView({ behavior, block: "start" });
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
