"""ScrollAnchor: an invisible mark that brings its place on the page into view when
Python asks, so a button far from what it changes can show the change; it can take the
keyboard's focus too, so the next Tab goes to what follows it on the screen.

>>> anchor = ScrollAnchor()
>>> anchor.bring_into_view(); anchor.requests
1
>>> anchor.take_focus("The game is over."); anchor.focus_requests, anchor.label
(1, 'The game is over.')
"""

from __future__ import annotations

import anywidget
import traitlets

from ._display import StableRepr
from .messages import PageWrites
from .i18n import _
from .page_style import FOCUS_COLOR


class ScrollAnchor(StableRepr, PageWrites, anywidget.AnyWidget):
    """Put it at the top of what should come into view; call :meth:`bring_into_view`."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.height = "0";
        const go = () => {
          const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          el.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
        };
        // Focus for the keyboard: the mark itself (never a Tab stop), named for a screen
        // reader, so the next Tab goes to the first control after it. The mark has no size:
        // while it has the focus, the box it stands in shows the focus ring. The box is looked
        // up at the focus: while the mark is drawn it may not be in its box yet.
        const ring = (on) => (el.parentElement?.closest(".widget-box") || el.parentElement)
          ?.classList.toggle("rally-anchor-focus", on);
        el.addEventListener("focus", () => ring(true));
        el.addEventListener("blur", () => ring(false));
        const focus = () => {
          el.setAttribute("tabindex", "-1");
          el.setAttribute("role", "group");
          el.setAttribute("aria-label", model.get("label"));
          el.focus({ preventScroll: true });
          go();
        };
        model.on("change:requests", go);
        model.on("change:focus_requests", focus);
        return () => { model.off("change:requests", go); model.off("change:focus_requests", focus); };
      },
    };
    """
    _css = f"""
    .rally-anchor-focus {{ outline: 3px solid {FOCUS_COLOR}; outline-offset: 2px; }}
    """
    requests = traitlets.Int(0).tag(sync=True)
    focus_requests = traitlets.Int(0).tag(sync=True)
    #: What a screen reader says when the anchor takes the focus.
    label = traitlets.Unicode("").tag(sync=True)

    def bring_into_view(self) -> None:
        """Scroll the page so this anchor's place is at the top of the window."""
        self.requests += 1

    def take_focus(self, label: str) -> None:
        """Bring this anchor's place into view and give it the keyboard's focus, named
        ``label`` for a screen reader: the next Tab goes to the first control after it."""
        self.label = label
        self.focus_requests += 1

    def __repr__(self) -> str:
        return _("(The page scrolls back to here.)")
