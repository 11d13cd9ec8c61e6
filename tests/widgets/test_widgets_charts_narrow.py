"""The advisor's chart and the review's chart on a narrow screen (issue 41, item 5: the
review chart readable on a phone): told a phone's room by the page (``probe.room``), each
takes that width instead of being scaled down whole, with no word under 12 px (the review's
key goes under it, the advice's title takes two lines); in room enough each is as a kernel
with no page draws it."""

from __future__ import annotations

import pytest

import rally

from test_widgets_track_narrow import LAPTOP, PHONE, drawn, font_sizes  # tests/widgets on sys.path

from rally import Position, advise, examples, review
from widgets.plotly_view import NARROWEST
from widgets.stich_rallye.advice_chart import AdviceChart
from widgets.stich_rallye.game_review import LOW, ReviewChart

#: The smallest word a chart may show on a phone, in px.
SMALLEST = 12


def check_narrow(chart, width: int) -> None:
    layout = chart.plot.layout
    assert layout.width == width and chart.probe.width == width  # nothing left for the page to scale down
    small = {where: size for where, size in font_sizes(chart).items() if size < SMALLEST}
    assert small == {}
    assert layout.hoverlabel.font.size >= SMALLEST  # a tap on a point says what it is


@pytest.mark.slow  # reviews a whole game at the shipped settings
def test_the_review_chart_takes_a_phone_s_width_with_its_key_below():
    chart = ReviewChart(review(examples.played(3, 5, 1000), 0))
    wide = drawn(chart)
    assert chart.plot.layout.width == 820 and chart.plot.layout.legend.y > 1  # the key above, at the right
    chart.probe.set_state({"room": PHONE})  # as the page writes it
    check_narrow(chart, PHONE)
    legend = chart.plot.layout.legend
    assert legend.y < 0 and legend.yanchor == "top" and legend.x == 0  # under the chart, from its left
    assert chart.plot.layout.margin.b > 100 and chart.plot.layout.height > 230  # room made for it
    # The x axis's title in lines as wide as the plot (a character of its 14 px: a little over half that).
    lines = chart.plot.layout.xaxis.title.text.split("<br>")
    assert len(lines) > 1 and all(len(line) * 0.55 * 14 <= PHONE - chart.plot.layout.margin.l for line in lines)
    # A costly decision's mark stands under its ring, or over it near 0 %, clear of the x axis.
    marks = next(trace for trace in chart.plot.data if trace.meta == "costliest")
    assert all(pos == ("top center" if y < 100 * LOW else "bottom center") for pos, y in zip(marks.textposition, marks.y))
    # Its title too, in German (longer words): lines as wide as the page, the top margin made for them.
    with rally.language("de"):
        german = ReviewChart(review(examples.played(3, 5, 1000), 0))
    german.probe.set_state({"room": PHONE})
    title = german.plot.layout.title.text.split("<br>")
    assert len(title) > 1 and all(len(line) * 0.55 * 14 <= PHONE - 40 for line in title), title
    assert german.plot.layout.margin.t >= 34 + 18 * (len(title) - 1)
    chart.probe.set_state({"room": 200})  # narrower than any chart is drawn: the page scales it down
    assert chart.plot.layout.width == NARROWEST
    chart.probe.set_state({"room": LAPTOP})
    assert drawn(chart) == wide


def test_the_advice_chart_takes_a_phone_s_width_with_its_title_on_two_lines():
    chart = AdviceChart(intervals=True)  # the grown-ups' chart: its title counts the test games
    # Reached in a seeded game (rally.stich_rallye.advisor's example): Bo chooses the turbo.
    position = Position.from_code(
        "SR1_TS......D......U....._R3_F2_P36.35.23_M3.1.2_CB3.B5.B8_H1R5.R6.R7.R10.B9.B10_XG2.G8.G3.R2.R4.R3")
    chart.show(advise(position, playouts=8, seed=1))
    wide = drawn(chart)
    assert "<br>" not in chart.plot.layout.title.text
    chart.probe.set_state({"room": PHONE})
    check_narrow(chart, PHONE)
    assert "<br>(" in chart.plot.layout.title.text  # "(8 test games each)" on a line of its own
    chart.probe.set_state({"room": LAPTOP})
    assert drawn(chart) == wide


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_memory_chart_s_axis_title_fits_the_plot_on_a_phone(lang):
    """Lesson 9's chart: on a phone its x axis's title (centred on the plot, not the page)
    takes lines no wider than the plot, so no word is cut at the page's edge."""
    import rally
    from rally.rally_run.simulate import memory_win_rates
    from widgets.rally_run.memory_chart import MemoryChart

    with rally.language(lang):
        chart = MemoryChart(memory_win_rates([0, 3, None], games=4, seed=1))
        chart.probe.set_state({"room": PHONE})
    layout = chart.plot.layout
    plot = PHONE - layout.margin.l - layout.margin.r
    lines = layout.xaxis.title.text.split("<br>")
    assert len(lines) > 1 and all(len(line) * 0.55 * 14 <= plot for line in lines), (plot, lines)
