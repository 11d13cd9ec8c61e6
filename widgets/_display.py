"""A stable plain-text view for every widget, so notebook outputs compare cleanly.

Jupyter shows a widget with two MIME types: the live view and ``text/plain``. The
text is what nbval compares, so it must be the widget's deterministic ``__repr__``,
whole (ipywidgets would cut it at 110 characters; Plotly would leave it out).
"""

from __future__ import annotations

from typing import Any


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
