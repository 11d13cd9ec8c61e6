"""ScrollAnchor: an invisible mark that brings its place on the page into view when
Python asks, so a button far from what it changes can show the change.

>>> anchor = ScrollAnchor()
>>> anchor.bring_into_view(); anchor.requests
1
"""

from __future__ import annotations

import anywidget
import traitlets

from ._display import StableRepr
from .messages import PageWrites
from .i18n import _


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
        model.on("change:requests", go);
        return () => model.off("change:requests", go);
      },
    };
    """
    requests = traitlets.Int(0).tag(sync=True)

    def bring_into_view(self) -> None:
        """Scroll the page so this anchor's place is at the top of the window."""
        self.requests += 1

    def __repr__(self) -> str:
        return _("(The page scrolls back to here.)")
