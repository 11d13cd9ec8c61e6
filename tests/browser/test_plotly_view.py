"""A Plotly figure whose view left the page and came back keeps drawing without script
errors (widgets/plotly_view.py: Plotly's view listens through the model it was given at
initialize, and the figure's front end takes those listeners off with the view)."""

from __future__ import annotations

from . import _lab
from .test_site import RUN_IN_PYTHON

LESSON = "03_moving_and_hills.ipynb"

#: Python: the first track view the page shows, as ``view``.
FIND_VIEW = """
import gc
from widgets.plotly_view import PlotlyView
view = next(o for o in gc.get_objects() if isinstance(o, PlotlyView) and o.on_page)
kept = view.children
print(len(view.plot.data))
"""
PLOTS = "() => document.querySelectorAll('.js-plotly-plot').length"


def test_a_figure_shown_again_redraws_without_errors(page, lab):
    errors = _lab.watch_script_errors(page)
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    plots = page.evaluate(PLOTS)
    assert plots >= 1 and int(page.evaluate(RUN_IN_PYTHON, FIND_VIEW)) > 1
    # The figure leaves the box (its view is removed) and comes back (a new view).
    page.evaluate(RUN_IN_PYTHON, "view.children = kept[1:]")
    page.wait_for_function(f"() => ({PLOTS})() === {plots - 1}")
    page.evaluate(RUN_IN_PYTHON, "view.children = kept")
    page.wait_for_function(f"() => ({PLOTS})() === {plots}")
    # Every kind of change Plotly's view listens for: a relayout, a restyle, both at once.
    page.evaluate(RUN_IN_PYTHON, "view.plot.update_layout(title_text='one')")
    page.evaluate(RUN_IN_PYTHON, "view.plot.data[0].opacity = 0.9")
    page.evaluate(RUN_IN_PYTHON, "with view.plot.batch_update():\n"
                                 "    view.plot.data[0].opacity = 0.8\n    view.plot.layout.title.text = 'two'")
    page.wait_for_function("() => [...document.querySelectorAll('.js-plotly-plot .gtitle')]"
                           ".some(t => t.textContent === 'two')")
    page.wait_for_timeout(500)
    _lab.assert_no_script_errors(errors)
