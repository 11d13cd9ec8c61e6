"""The widgets package as a whole: docstring examples, stable reprs, front-end files."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re
import shutil
import subprocess

import pytest

import widgets

MODULES = ["style", "messages", "plotly_view", "_display", "stich_rallye.screen_cover", "stich_rallye.track_figure", "stich_rallye.card_hand", "stich_rallye.motor_dial",
           "stich_rallye.trick_table", "stich_rallye.game_view", "stich_rallye.game_setup", "stich_rallye.trick_explorer",
           "stich_rallye.position_editor", "stich_rallye.quizzes", "stich_rallye.track_quizzes", "rally_run.quizzes"]
HERE = pathlib.Path(widgets.__file__).parent


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"widgets.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def build_all():
    from rally import TRACKS

    return [
        widgets.TrackFigure(TRACKS["beach"], [0, 2]),
        widgets.CardHand(["G3", "R5"], ["G11"]),
        widgets.MotorDial(name="Bo", seat=1, position=2),
        widgets.TrickTable(),
        widgets.GameView(3, "beach", 1),
        widgets.GameSetup(players=3),
        widgets.MoveExplorer(),
        widgets.TrickExplorer(),
    ]


def test_every_widget_has_a_stable_plain_text_view():
    first, second = build_all(), build_all()
    for a, b in zip(first, second):
        text = repr(a)
        assert text == repr(b)
        assert not re.search(r"0x[0-9a-f]{6,}", text) and type(a).__name__ not in text  # words, not Python
        bundle = a._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert data["text/plain"] == text  # whole, never cut at 110 characters
        assert "application/vnd.jupyter.widget-view+json" in data


def test_long_reprs_are_not_cut():
    names = [f"Alexandra-Konstantina von Hohenzollern {i}" for i in range(3)]  # 40 characters, the most a name has
    view = widgets.GameView(3, "beach", 1, names=names)
    assert len(repr(view)) > 110
    assert view._repr_mimebundle_()["text/plain"] == repr(view)


def test_public_names():
    for name in widgets.__all__:
        assert getattr(widgets, name) is not None


SCRIPTS = sorted(str(p.relative_to(HERE)) for p in HERE.rglob("*.js"))


def test_the_front_end_modules_are_found():
    assert len(SCRIPTS) >= 5, SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_front_end_modules_parse_and_export_render(script, tmp_path):
    text = (HERE / script).read_text(encoding="utf-8")
    assert "export default { render }" in text
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the module was only read")
    copy = tmp_path / (pathlib.Path(script).name[:-3] + ".mjs")
    copy.write_text(text, encoding="utf-8")
    result = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_anywidgets_load_their_files():
    for cls, name in [(widgets.CardHand, "card_hand"), (widgets.MotorDial, "motor_dial"),
                      (widgets.TrickTable, "trick_table")]:
        folder = HERE / "stich_rallye"
        assert str(cls._esm) == (folder / f"{name}.js").read_text(encoding="utf-8")
        assert (folder / f"{name}.css").read_text(encoding="utf-8") in str(cls._css)


def test_a_first_figure_does_not_import_the_slow_iri_checker():
    """The lab extra keeps jsonschema below 4.25 (pyproject.toml): from 4.25 on, showing
    any Plotly figure imports rfc3987_syntax, which builds a grammar for seconds."""
    import subprocess
    import sys

    code = ("import sys, rally, widgets; widgets.TrackFigure(rally.TRACKS['volcano'], [0, 0, 0]); "
            "print('plotly.io._renderers' in sys.modules, 'rfc3987_syntax' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"]  # the figure's renderers were loaded, the checker was not


def test_plotly_front_end_is_sent_once_per_kernel_not_with_every_figure():
    """Every figure the widgets draw is a PlotlyFigure: a FigureWidget whose own front end
    is a few lines; Plotly's (plotly.js, megabytes) travels once, in the kernel's one
    PlotlyBundle, alive as long as any figure may need it."""
    import plotly
    import plotly.graph_objects as go

    from rally import TRACKS
    from widgets.plotly_view import PlotlyBundle, PlotlyFigure, plotly_bundle

    plotly_js = (pathlib.Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(encoding="utf-8")
    figures = [widgets.TrackFigure(TRACKS["volcano"], [0, 3]).plot,
               widgets.AdviceChart().plot]
    for figure in figures:
        assert isinstance(figure, PlotlyFigure) and isinstance(figure, go.FigureWidget)
        assert len(figure._esm) < 2000 < len(plotly_js)  # not plotly.js again
        assert "registry.promise" in figure._esm        # it waits for the page's one copy
    bundle = plotly_bundle()
    assert isinstance(bundle, PlotlyBundle) and bundle.bundle == plotly_js
    assert plotly_bundle() is bundle and bundle.comm is not None
    bundle.close()  # as when every widget is closed: the next figure sends it again
    PlotlyFigure()
    assert plotly_bundle() is not bundle and plotly_bundle().comm is not None


def test_plotly_is_imported_at_the_first_figure_not_with_the_widgets():
    """A lesson with no figure never imports Plotly; the first figure does."""
    import subprocess
    import sys

    code = ("import sys, rally, widgets; from widgets import CardHand, GameView, TrackFigure, RallyRunBoard; "
            "before = 'plotly' in sys.modules; widgets.TrackFigure(rally.TRACKS['volcano'], [0, 3]); "
            "print(before, 'plotly.graph_objects' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]
