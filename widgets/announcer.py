"""Announcer: what a screen reader says as a game goes on, from one live region that stays
in the page.

A live region is announced when its text changes, but only if the element itself was
already in the page: an HTML widget rebuilt on every update (a game's log) is a new element
each time, and most screen readers say nothing. :class:`Announcer` is one element, made
once, whose text is replaced in place: each :meth:`say` is read out once, politely (after
what the reader is saying). It is invisible on screen; everything it says is also shown
in the view it belongs to.

>>> a = Announcer()
>>> a.say("Bo plays G9 (green 9).", "Your turn: play a card.")
>>> a
Last announced: Bo plays G9 (green 9). Your turn: play a card.
>>> a.count
1
"""

from __future__ import annotations

import anywidget
import traitlets

from ._display import StableRepr
from .messages import PageWrites
from .i18n import _

_ESM = """
export default {
  render({ model, el }) {
    const region = document.createElement("div");
    region.className = "rally-announcer";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    el.append(region);
    // The same words twice in a row are still news (two turns in a row): the count changes.
    const show = () => { region.textContent = model.get("text"); region.dataset.count = model.get("count"); };
    model.on("change", show);
    // Filled a moment after the region is in the page, so its first words are announced too.
    const timer = setTimeout(show, 100);
    return () => { clearTimeout(timer); model.off("change", show); };
  },
};
"""

#: Visually hidden, still read: the usual screen-reader-only rules.
_CSS = """
.rally-announcer { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
                   overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
"""


class Announcer(StableRepr, PageWrites, anywidget.AnyWidget):
    """One polite live region: :meth:`say` replaces its words, and a screen reader reads
    them once. ``text`` is the last announcement, ``count`` how many there were."""

    _esm = _ESM
    _css = _CSS
    text = traitlets.Unicode("").tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)

    def say(self, *sentences: str) -> None:
        """Announce ``sentences`` (empty ones are left out); nothing when all are empty."""
        words = " ".join(s.strip() for s in sentences if s and s.strip())
        if words:
            with self.hold_sync():
                self.text = words
                self.count += 1

    def __repr__(self) -> str:
        if not self.text:
            return _("Nothing announced yet.")
        return _("Last announced: {text}").format(text=self.text)


__all__ = ["Announcer"]
