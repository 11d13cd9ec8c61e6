"""AdviceChart: the advisor's answer as a Plotly bar chart: each choice's win chance, and for
grown-ups (``intervals=True``) its 99% interval and the number of test games."""

from __future__ import annotations

import html


import rally
from rally import Advice, Turbo
from rally.common import inputs

from ..i18n import _, decimal, join_words, ngettext, percent, percent_range
from ..plotly_view import PlotlyView, narrow_width, plotly_figure


#: Bar colors and patterns per option kind: the pattern and the label carry the
#: meaning as well as the color (red stripes, green dots, blue plain, turbo checks).
BAR_STYLE = {
    "R": ("#b91c1c", "/"), "G": ("#15803d", "."), "B": ("#1d4ed8", ""),
    "turbo": ("#7c3aed", "x"), "no turbo": ("#6b7280", "-"),
}


class AdviceChart(PlotlyView):
    """Win chance of each option as bars (on :attr:`plot`). Every bar is labelled (``G9``,
    ``turbo``) and patterned by kind. A child's chart (the default) shows the chances only;
    with ``intervals`` the advisor's 99% intervals are error bars, the title counts the test
    games and a bar's hover gives its numbers (the grown-ups' position editor)."""

    def __init__(self, width: int = 560, height: int = 300, intervals: bool = False):
        inputs.flag(intervals, "intervals", rally.SetupError)
        super().__init__(plotly_figure())
        self._wide = width
        self._narrow = False
        self._title = ""
        self.intervals = intervals
        self.plot.add_bar(x=[], y=[], hoverinfo="text" if intervals else "skip",
                     error_y={"type": "data", "visible": intervals, "symmetric": False, "array": [], "arrayminus": [],
                              "color": "#111827",
                              "thickness": 1.5, "width": 8})
        self.plot.update_layout(
            width=width, height=height, margin={"l": 60, "r": 10, "t": 40, "b": 40}, plot_bgcolor="#ffffff",
            dragmode=False,
            paper_bgcolor="#ffffff",
            title={"text": html.escape(_("Ask the advisor to see which choice wins")), "font": {"size": 14}},
            hoverlabel={"font": {"size": 13}},
            yaxis={"title": html.escape(_("win chance (%)")), "range": [0, 112], "gridcolor": "#e5e7eb",
                   "fixedrange": True},
            xaxis={"title": "", "fixedrange": True, "type": "category"}, showlegend=False,
        )
        self._advice: Advice | None = None
        self.redrawn()

    @property
    def advice(self) -> Advice | None:
        """The answer shown, if any."""
        return self._advice

    def show(self, advice: Advice) -> None:
        """Draw ``advice``: one bar per option in the order asked, the best marked ★."""
        best = advice.best
        labels, rates, plus, minus, text, colors, patterns, hover = [], [], [], [], [], [], [], []
        for option in advice.options:
            rate = 100 * option.win_rate
            low, high = (100 * x for x in option.interval)
            key = option.label if isinstance(option.action, Turbo) else option.label[0]
            color, pattern = BAR_STYLE[key]
            mark = " ★" if option is best else ""
            labels.append(option.word + mark)  # the option in words: "G9", "Turbo nutzen"
            rates.append(rate)
            plus.append(high - rate if self.intervals else 0)
            minus.append(rate - low if self.intervals else 0)
            text.append(percent(option.win_rate))
            colors.append(color)
            patterns.append(pattern)
            hover.append(ngettext(
                "{label}: won {wins} of {playouts} test games ({rate}); {level} interval {interval}; "
                "spaces driven on average {spaces}",
                "{label}: won {wins} of {playouts} test games ({rate}); {level} interval {interval}; "
                "spaces driven on average {spaces}", option.playouts).format(
                    label=option.word, wins=option.wins, playouts=option.playouts, rate=percent(option.win_rate, 1),
                    level=percent(0.99), interval=percent_range(*option.interval, 1),
                    spaces=decimal(option.progress_gained, 1)))
        name = advice.position.player_names[advice.seat]
        with self.plot.batch_update():
            self.plot.data[0].update(x=labels, y=rates, hovertext=hover,
                                marker={"color": colors, "pattern": {"shape": patterns, "fgcolor": "#ffffff"},
                                        "line": {"color": "#111827", "width": 1}},
                                error_y={"array": plus, "arrayminus": minus})
            # Each figure above its bar, or its interval's whisker, where neither hides the other.
            self.plot.layout.annotations = [
                {"x": label, "y": rate + high, "text": words, "showarrow": False, "yshift": 10,
                 "font": {"size": 13, "color": "#111827"}}
                for label, rate, high, words in zip(labels, rates, plus, text)]
            playouts = advice.options[0].playouts
            self._title = (ngettext("{name}'s choices: chance to win ({n} test game each)",
                                    "{name}'s choices: chance to win ({n} test games each)", playouts).format(
                name=name, n=playouts) if self.intervals else _("{name}'s choices: chance to win").format(name=name))
            self.plot.layout.title.text = self._title_html()
        self._advice = advice
        self.redrawn()

    def fit_room(self, room: int) -> None:
        """On a page narrower than the chart (a phone), the chart takes the page's width and
        its title two lines, so its words keep their size instead of the whole being scaled
        down; on a wide page it is as made."""
        width = narrow_width(room, self._wide)
        self._narrow = bool(width)
        with self.plot.batch_update():
            self.plot.layout.width = width or self._wide
            self.plot.layout.margin.l = 48 if self._narrow else 60
            self.plot.layout.margin.t = 56 if self._narrow else 40
            if self._title:
                self.plot.layout.title.text = self._title_html()
        self.redrawn()

    def _title_html(self) -> str:
        words = html.escape(self._title)
        if self._narrow and " (" in words:  # the test games' count on a line of its own
            words = words.replace(" (", "<br>(", 1)
        return words

    def __repr__(self) -> str:
        if self.advice is None:
            return _("Chance to win for each choice: no answer yet.")
        return _("Chance to win for each choice: {chances}.").format(
            chances=join_words([f"{o.word} {percent(o.win_rate)}" for o in self.advice.options]))
