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

A third limit: Plotly's view listens to its model through the model its widget was given at
``initialize``, so anywidget does not take those listeners off when the view goes (a box's
children change, an output is cleared). The next change then redraws a plot that is gone:
the page logs "Error setting state" and the views after it are not redrawn.
:class:`PlotlyFigure`'s front end notes what each view adds there and takes it off with the
view (``tests/browser/test_plotly_view.py``).

A fourth limit is speed. Since Plotly 6 a FigureWidget is an anywidget whose front end,
plotly.js and all (about 5 MB), travels as the widget's ``_esm`` with every figure, and
the page compiles it anew each time: about 0.85 s per figure here, most of the wait for
a lesson's first track. :class:`PlotlyFigure` is a FigureWidget whose ``_esm`` is a few
lines that use Plotly's own front end, sent to the page once per kernel by
:class:`PlotlyBundle` and loaded once per page. Plotly's widget code itself is unchanged.

Plotly itself is imported when the first figure is made (:func:`plotly_figure`), not with
the widgets: a lesson without a figure never spends the time (about 0.3 s here, more in
the browser's Python on the static site).
"""

from __future__ import annotations

import functools
import pathlib
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w
import traitlets
from IPython import get_ipython
from IPython.core.formatters import format_display_data

from rally.common.inputs import is_whole

from ._display import StableRepr
from .messages import PageWrites

if TYPE_CHECKING:
    import plotly.graph_objects as go

#: The MIME type of a widget's live view, the only format asked for when re-sending.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The CSS class of every PlotlyView box.
CSS_CLASS = "rally-plotly"
#: The widest room (CSS px) a page may report: wider than any screen.
ROOM_MAX = 20_000
#: The narrowest a figure is laid out (CSS px): in less room the page scales it down whole.
NARROWEST = 300


def chars_across(px: float, size: int = 14) -> int:
    """About how many characters of ``size``-px text (a title's 14 px unless told) fit in
    ``px`` px of a figure: a character takes a little over half its size.

    >>> chars_across(300)
    38
    """
    return int(px / (0.55 * size))


def narrow_width(room: int, wide: int) -> int:
    """The width at which to lay out a figure ``wide`` px wide in ``room`` px of a page: 0
    when it fits as made (or the room is not known, 0), else the room, at least
    :data:`NARROWEST`.

    >>> narrow_width(0, 720), narrow_width(1200, 720), narrow_width(360, 720), narrow_width(200, 720)
    (0, 0, 360, 300)
    """
    return max(NARROWEST, room) if 0 < room < wide else 0


class ViewProbe(PageWrites, anywidget.AnyWidget):
    """An invisible widget that tells Python when the page shows it (``shown`` becomes
    True) and how wide the space for its view is there (``room``, in CSS px, kept up to
    date as the window changes), hides the mode bar of the Plotly figures beside it, and
    fits the figure to the width there is: a view may lay its figure out again for the
    room (:meth:`PlotlyView.fit_room`); a figure still ``width`` px wide in a narrower
    space is scaled down as a whole (CSS ``zoom``), so no part is cut off and nothing
    scrolls sideways. A figure its view lays out again (``refits``) is hidden while it waits
    for its new layout, so a phone never flashes it shrunk."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        // A moment after the view is made, so the figure beside it is made too.
        const timer = setTimeout(() => { model.set("shown", true); model.save_changes(); }, 250);
        const box = () => el.parentElement;
        // The figure's own element (beside this one in the box); only it is scaled, so words
        // shown under it in the box keep their size.
        const figure = () => [...(box()?.children || [])].find(
          (c) => c !== el && (c.matches(".js-plotly-plot") || c.querySelector(".js-plotly-plot")));
        // The room there is, told to Python once it has stayed the same a moment, and only
        // when it changed (a window dragged wider tells only where it stops).
        let telling = null;
        const tell = (room) => {
          clearTimeout(telling);
          telling = setTimeout(() => {
            const value = Math.max(0, Math.min(ROOM_MAX, Math.round(room)));
            if (value !== model.get("room")) { model.set("room", value); model.save_changes(); }
          }, 150);
        };
        // The width inside an element's padding: what a child of it may take.
        const inside = (outer) => {
          if (!outer) return 0;
          const style = getComputedStyle(outer);
          return outer.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
        };
        // The room for the view: the narrowest width inside any box around it. A row the
        // figure sits in may have grown to the figure's own width (wider than the window),
        // so its own width alone would never be narrower than the figure.
        const roomFor = (view) => {
          let room = Infinity;
          for (let outer = view?.parentElement; outer && outer !== document.body; outer = outer.parentElement) {
            const width = inside(outer);
            if (width > 0) room = Math.min(room, width);
          }
          return Number.isFinite(room) ? room : 0;
        };
        let tries = 0, retry = null, watched = null, hiding = null, waited = false, arriving = false;
        const fit = () => {
          const view = box(), plot = figure(), room = roomFor(view), width = model.get("width");
          if (room) tell(room);
          if (view && !arriving) {
            arrival.observe(view, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});
            arriving = true;
          }
          if (!plot || !room) {  // the figure is drawn a moment after this view: look again
            if (tries++ < 100) retry = setTimeout(fit, 100);
            return;
          }
          arrival.disconnect();
          if (watched !== view.parentElement) { watch.observe(view.parentElement); watched = view.parentElement; }
          const scale = width ? Math.min(1, room / width) : 1;
          plot.style.zoom = scale < 1 ? String(Math.floor(scale * 1000) / 1000) : "";
          // A view that lays its figure out for the room is not shown shrunk (its words a few
          // px high on a phone) while Python does so: hidden, in its place, for 3 s at most.
          const wait = scale < 1 && model.get("refits") && !waited;
          plot.style.visibility = wait ? "hidden" : "";
          if (wait && !hiding) hiding = setTimeout(() => { waited = true; fit(); }, 3000);
          if (!wait) { clearTimeout(hiding); hiding = null; }
        };
        const watch = new ResizeObserver(() => fit());
        // The figure is fitted as soon as it is put in the box, before the page paints it (a
        // mutation observer runs first), so it never shows at its own width for a moment.
        const arrival = new MutationObserver(() => { if (figure()) fit(); });
        window.addEventListener("resize", fit);  // a box further out may narrow while the view's own does not
        const start = setTimeout(fit, 0);
        model.on("change:width", fit);
        return () => { clearTimeout(timer); clearTimeout(start); clearTimeout(retry); clearTimeout(telling); clearTimeout(hiding);
                       watch.disconnect(); arrival.disconnect(); window.removeEventListener("resize", fit);
                       model.off("change:width", fit); };
      },
    };
    """.replace("ROOM_MAX", str(ROOM_MAX))
    _css = f".{CSS_CLASS} .modebar-container {{ display: none !important; }}"
    shown = traitlets.Bool(False).tag(sync=True)
    #: The figure's own width in px (0: leave it as it is).
    width = traitlets.Int(0).tag(sync=True)
    #: Whether the view lays its figure out again for the room (:meth:`PlotlyView.fit_room`).
    refits = traitlets.Bool(False).tag(sync=True)
    #: The width of the space the view has on the page, in CSS px (0: not known, as in a
    #: kernel with no page). The page writes it; a value that is no whole number from 0 to
    #: :data:`ROOM_MAX` is refused.
    room = traitlets.Int(0, min=0, max=ROOM_MAX).tag(sync=True)
    _page_writes = frozenset({"shown", "room"})

    @traitlets.validate("room")
    def _whole_room(self, proposal: Any) -> int:
        if not is_whole(proposal["value"]):  # True is an int to Python, not a width
            raise traitlets.TraitError("room must be a whole number of pixels")
        return int(proposal["value"])


#: JavaScript: the page's one registry of Plotly's widget module (a promise of it), shared
#: by the module that loads it (:class:`PlotlyBundle`) and the figures that use it.
_REGISTRY = """
const KEY = Symbol.for("rally-notebooks.plotly-widget-module");
const registry = globalThis[KEY] ??= (() => {
  let resolve, reject;
  const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject, loading: false };
})();
"""


class PlotlyBundle(PageWrites, anywidget.AnyWidget):
    """Plotly's widget front end (``plotly/package_data/widgetbundle.js``, its public
    anywidget module), sent to the page once: a kernel makes one (:func:`plotly_bundle`),
    never shown. The page imports it once, for every :class:`PlotlyFigure`."""

    _esm = _REGISTRY + """
    export default {
      initialize({ model }) {
        if (registry.loading) return;  // another kernel of this page sent it already
        registry.loading = true;
        const url = URL.createObjectURL(new Blob([model.get("bundle")], { type: "text/javascript" }));
        import(url).then(registry.resolve, registry.reject).finally(() => URL.revokeObjectURL(url));
      },
    };
    """
    bundle = traitlets.Unicode("").tag(sync=True)


_BUNDLE: PlotlyBundle | None = None


def plotly_bundle() -> PlotlyBundle:
    """The kernel's one :class:`PlotlyBundle` (made on first use, kept while the kernel runs,
    so a page that reconnects gets it again with the other widgets)."""
    global _BUNDLE
    if _BUNDLE is None or _BUNDLE.comm is None:  # none yet, or closed (widgets closed all)
        import plotly

        _BUNDLE = PlotlyBundle(bundle=pathlib.Path(plotly.__file__).with_name("package_data")
                               .joinpath("widgetbundle.js").read_text(encoding="utf-8"))
    return _BUNDLE


@functools.cache
def _figure_class() -> type:
    """:class:`PlotlyFigure`, made when it is first asked for (it needs Plotly)."""
    import plotly.graph_objects as go

    class PlotlyFigure(go.FigureWidget):  # type: ignore[misc]
        """A Plotly ``FigureWidget`` in every way but one: its front end is Plotly's, loaded
        once per page from :class:`PlotlyBundle` instead of sent with each figure."""

        _esm = _REGISTRY + """
        export default async () => {
          const module = await registry.promise;
          const plotly = typeof module.default === "function" ? await module.default() : module.default;
          // Plotly's view listens through the model it was given at initialize, so anywidget
          // never removes those listeners with the view; a removed view would then redraw a
          // purged plot on the next change ("Cannot read properties of undefined (reading
          // 'map')"). Note what each render adds there and take it off with the view.
          let adding = null;
          let kept = null;
          return {
            initialize({ model, ...rest }) {
              kept = model;
              const noting = { ...model, on(name, callback) { adding?.push([name, callback]); model.on(name, callback); } };
              return plotly.initialize?.({ model: noting, ...rest });
            },
            render(props) {
              const added = [];
              adding = added;
              let cleanup;
              try { cleanup = plotly.render(props); } finally { adding = null; }
              return async () => {
                for (const [name, callback] of added) kept.off(name, callback);
                const done = await cleanup;
                if (typeof done === "function") done();
              };
            },
          };
        };
        """

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            plotly_bundle()  # its model reaches the page before this figure's
            super().__init__(*args, **kwargs)

    PlotlyFigure.__module__, PlotlyFigure.__qualname__ = __name__, "PlotlyFigure"
    return PlotlyFigure


def plotly_figure(**kwargs: Any) -> "go.FigureWidget":
    """A new, empty :class:`PlotlyFigure` (Plotly is imported on the first).

    >>> import plotly.graph_objects as go
    >>> figure = plotly_figure()
    >>> isinstance(figure, go.FigureWidget), len(figure._esm) < 2000
    (True, True)
    """
    return _figure_class()(**kwargs)


def __getattr__(name: str) -> Any:
    # PlotlyFigure is made on first use (PEP 562), so importing this module loads no Plotly.
    if name == "PlotlyFigure":
        return _figure_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class PlotlyView(StableRepr, w.VBox):
    """A box holding one Plotly figure, :attr:`plot`. Subclasses draw on ``self.plot``
    with its public methods and call :meth:`redrawn` after each drawing."""

    def __init__(self, plot: go.FigureWidget, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.plot = plot
        self.probe = ViewProbe(refits=type(self).fit_room is not PlotlyView.fit_room)
        self.children = (plot, self.probe)
        self.layout.max_width = "100%"  # never wider than its space: the figure scales down to it
        self.add_class(CSS_CLASS)
        self.probe.observe(self._room_told, names="room")

    def _room_told(self, change: dict[str, Any]) -> None:
        self.fit_room(int(change["new"]))

    def fit_room(self, room: int) -> None:
        """Called when the page tells the width of the view's space, ``room`` CSS px (0:
        not known). A subclass may lay its figure out again for it (and call
        :meth:`redrawn`); by default the figure keeps its layout and the page scales it
        down when it is wider than the room. A kernel with no page never calls it."""

    def take_room_of(self, other: PlotlyView) -> None:
        """Lay the figure out for the room the page told ``other``, a view this one takes
        the place of, so it is drawn for that room at once instead of a moment later."""
        if other.probe.room:
            self.probe.room = other.probe.room

    @property
    def on_page(self) -> bool:
        """True once the page has shown this view (then redraws send only changes)."""
        return bool(self.probe.shown)

    def redrawn(self) -> None:
        """Call after changing :attr:`plot`: until the page shows the view, the whole
        figure is sent again, so nothing drawn before its front end was ready is lost."""
        self.probe.width = int(self.plot.layout.width or 0)  # what the page fits to the width there is
        if not self.probe.shown and get_ipython() is not None:
            format_display_data(self.plot, include=[WIDGET_VIEW])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.redrawn()
        return super()._repr_mimebundle_(**kwargs)


__all__ = ["PlotlyView", "PlotlyFigure", "PlotlyBundle", "plotly_bundle", "plotly_figure", "ViewProbe", "CSS_CLASS",
           "ROOM_MAX", "NARROWEST", "chars_across", "narrow_width"]
