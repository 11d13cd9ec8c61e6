"""Closing widgets that were just taken off the page.

A widget lives twice: as a model in the kernel and as views the page makes from it. When a
box's children change, the page makes the new children's views a moment later, and on a
busy tablet (or a test machine running browsers side by side) that moment can be seconds:
drawing a chart holds the page up while the kernel's later messages wait in line. A model
closed in that time is gone under the page's feet: the page cannot finish the view it was
making ("Could not add child view to box" in the browser's console) and the box around it
loses that child. So what a box no longer shows is closed :data:`CLOSE_DELAY` seconds later
(:func:`close_soon`), and at once only where no event loop runs (a script, a test), where no
page is drawing.

>>> import ipywidgets as w
>>> old, kept = w.HTML("old"), w.HTML("kept")
>>> box = w.VBox([old, kept])
>>> replace_children(box, (kept, w.HTML("new")))  # no event loop here: closed now
>>> old.comm is None, kept.comm is None
(True, False)
"""

from __future__ import annotations

import asyncio
from typing import Iterable, Sequence

import ipywidgets as w

#: How long, in seconds, a widget taken off the page stays open: far longer than a page
#: takes to draw what it was last sent, and short enough that nothing piles up.
CLOSE_DELAY = 10.0


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running now (Jupyter's), or None (a script, a test)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def close_tree(widget: w.Widget) -> None:
    """Close ``widget``, everything in it, and their layouts and styles."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):
        if isinstance(getattr(widget, part, None), w.Widget):
            getattr(widget, part).close()
    w.Widget.close(widget)


def close_soon(widgets: Iterable[w.Widget]) -> None:
    """Close ``widgets``, just taken off the page, each with all in it (:func:`close_tree`):
    :data:`CLOSE_DELAY` seconds from now with an event loop running, else at once. Whatever a
    widget does by itself (a timer, a computer player) is for the caller to stop now."""
    widgets = list(widgets)
    if not widgets:
        return
    loop = running_loop()
    if loop is None:
        for widget in widgets:
            close_tree(widget)
    else:
        loop.call_later(CLOSE_DELAY, lambda: [close_tree(widget) for widget in widgets])


def replace_children(box: w.Box, children: Sequence[w.Widget], kept: Iterable[w.Widget] = ()) -> None:
    """Show ``children`` in ``box`` and close what it showed before and no longer does
    (:func:`close_soon`), but for the widgets in ``kept``: parts the caller shows again later."""
    stay = {id(child) for child in (*children, *kept)}
    gone = [child for child in box.children if id(child) not in stay]
    box.children = tuple(children)
    close_soon(gone)
