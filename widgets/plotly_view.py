"""PlotlyView: a Plotly ``FigureWidget`` in an ipywidgets box, through public APIs only.

Two known limits of Plotly's FigureWidget shape this class:

- Changes made before the figure's front end is ready are lost (plotly.py issues 4933
  and 4998): Plotly's own display path sends the whole figure again when the figure is
  displayed. So until the page has shown this view, every redraw asks IPython's display
  formatter (a public API) to format the figure, which is that path; once the page
  reports the view, redraws send only what changed, through the figure's public methods.
  The page reports it through a tiny anywidget (:class:`ViewProbe`) that sits in the box.
- A FigureWidget takes no plotly.js config (plotly.py issue 1074): zooming is turned off
  in the layout (``dragmode``, ``fixedrange``) and the mode bar is hidden by a CSS rule
  that applies to this box only.

The figure is :attr:`PlotlyView.plot`; the box holds it and the probe.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets
from IPython import get_ipython
from IPython.core.formatters import format_display_data

from ._display import StableRepr

#: The MIME type of a widget's live view, the only format asked for when re-sending.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The CSS class of every PlotlyView box.
CSS_CLASS = "rally-plotly"


class ViewProbe(anywidget.AnyWidget):
    """An invisible widget that tells Python when the page shows it (``shown`` becomes
    True), and hides the mode bar of the Plotly figures beside it."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        // A moment after the view is made, so the figure beside it is made too.
        const timer = setTimeout(() => { model.set("shown", true); model.save_changes(); }, 250);
        return () => clearTimeout(timer);
      },
    };
    """
    _css = f".{CSS_CLASS} .modebar-container {{ display: none !important; }}"
    shown = traitlets.Bool(False).tag(sync=True)


class PlotlyView(StableRepr, w.VBox):
    """A box holding one Plotly figure, :attr:`plot`. Subclasses draw on ``self.plot``
    with its public methods and call :meth:`redrawn` after each drawing."""

    def __init__(self, plot: go.FigureWidget, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.plot = plot
        self.probe = ViewProbe()
        self.children = (plot, self.probe)
        self.add_class(CSS_CLASS)

    @property
    def on_page(self) -> bool:
        """True once the page has shown this view (then redraws send only changes)."""
        return bool(self.probe.shown)

    def redrawn(self) -> None:
        """Call after changing :attr:`plot`: until the page shows the view, the whole
        figure is sent again, so nothing drawn before its front end was ready is lost."""
        if not self.probe.shown and get_ipython() is not None:
            format_display_data(self.plot, include=[WIDGET_VIEW])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.redrawn()
        return super()._repr_mimebundle_(**kwargs)


__all__ = ["PlotlyView", "ViewProbe", "CSS_CLASS"]
