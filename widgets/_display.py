"""A stable plain-text view for every widget, so notebook outputs compare cleanly.

Jupyter shows a widget with two MIME types: the live view and ``text/plain``. The
text is what nbval compares, so it must be the widget's deterministic ``__repr__``,
whole (ipywidgets would cut it at 110 characters; Plotly would leave it out). It is
also what JupyterLab shows where the widget will be before Run All, so it reads as
words in the language spoken (``"Your hand: red 2, green 5 …"``), never as Python:
no class names, no lists or quotes.

>>> from rally import language
>>> with language("de"):
...     cards_in_words(["R2", "G5"])
'Rot 2 und Grün 5'
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable

from rally import Card

from .i18n import _, join_words


def plain_text(markup: str) -> str:
    """The words of a little HTML (tags dropped, entities read): what a screen reader says.

    >>> plain_text("<b>Your turn</b> &amp; more")
    'Your turn & more'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


def folded_list(summary: str, items: Iterable[str]) -> str:
    """A list folded under its ``summary``, opened with a tap (HTML ``details``), so a
    page shows one line until a reader asks for more; each item is escaped.

    >>> folded_list("Which ones?", ["a lap", "a <b>"])[:47]
    "<details class='rally-folded'><summary style='p"
    >>> plain_text(folded_list("Which ones?", ["a lap"]))
    'Which ones?a lap'
    """
    rows = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return (f"<details class='rally-folded'><summary style='padding:10px 0;cursor:pointer'>{html.escape(summary)}"
            f"</summary><ul style='margin:0'>{rows}</ul></details>")


def cards_in_words(codes: Iterable[str]) -> str:
    """Cards by their codes, in words of the language spoken: ``"red 2, green 5 and blue 9"``;
    ``"no cards"`` for none."""
    words = [Card.parse(code).describe() for code in codes]
    return join_words(words) if words else _("no cards")


class StableRepr:
    """Mixin: ``text/plain`` in the MIME bundle is ``repr(self)``, never truncated.

    Put it first among the bases so its ``_repr_mimebundle_`` wins.
    """

    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:
            return {"text/plain": repr(self)}
        if isinstance(bundle, tuple):
            data, metadata = bundle
            return {**data, "text/plain": repr(self)}, metadata
        return {**bundle, "text/plain": repr(self)}
