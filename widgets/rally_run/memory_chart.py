"""MemoryChart: Rally Run's "how much does memory help?" as a Plotly chart.

One bar per memory length, its win rate with the 95% interval as error bars, and a
dashed line at the fair share (a bot no better than its opponents, drawn when the
opponents all play alike). Every bar is
labelled with its memory length and its figure, so nothing rests on color.

>>> from rally.rally_run.simulate import memory_win_rates
>>> chart = MemoryChart(memory_win_rates([0, None], games=20, seed=1))
>>> chart
MemoryChart(2 players against a bot with no memory, 20 games each: none 60%, perfect 80%)
"""

from __future__ import annotations


from rally.rally_run.simulate import MemoryResult

from ..i18n import _, ngettext
from ..plotly_view import PlotlyFigure, PlotlyView


class MemoryChart(PlotlyView):
    """The win rate of each memory length in ``result`` (from
    :func:`rally.rally_run.simulate.memory_win_rates`), drawn on :attr:`plot`."""

    def __init__(self, result: MemoryResult, width: int = 620, height: int = 340):
        super().__init__(PlotlyFigure())
        self._result = result
        rows = result.rows
        labels = [row.label for row in rows]
        rates = [100 * row.rate for row in rows]
        plus = [100 * row.interval[1] - r for row, r in zip(rows, rates)]
        minus = [r - 100 * row.interval[0] for row, r in zip(rows, rates)]
        hover = [ngettext("memory {memory}: won {wins} of {games} game ({rate}%); {level} interval {low}-{high}%",
                          "memory {memory}: won {wins} of {games} games ({rate}%); {level} interval {low}-{high}%",
                          row.games).format(memory=row.label, wins=row.wins, games=row.games, level="95%",
                                            rate=f"{100 * row.rate:.1f}", low=f"{100 * row.interval[0]:.1f}",
                                            high=f"{100 * row.interval[1]:.1f}") for row in rows]
        fair = None if result.fair_share is None else 100 * result.fair_share
        self.plot.add_bar(x=labels, y=rates, hovertext=hover, hoverinfo="text",
                     marker={"color": "#1d4ed8", "pattern": {"shape": "/", "fgcolor": "#ffffff"},
                             "line": {"color": "#111827", "width": 1}},
                     error_y={"type": "data", "symmetric": False, "array": plus, "arrayminus": minus,
                              "color": "#111827", "thickness": 1.5, "width": 8})
        games = rows[0].games if rows else 0
        self.plot.update_layout(
            width=width, height=height, margin={"l": 60, "r": 10, "t": 50, "b": 50}, plot_bgcolor="#ffffff",
            paper_bgcolor="#ffffff", showlegend=False, dragmode=False,
            title={"text": ngettext("Win rate by memory, {games} game each against {opponents}",
                                    "Win rate by memory, {games} games each against {opponents}", games).format(
                       games=games, opponents=", ".join(result.opponents)),
                   "font": {"size": 14}},
            yaxis={"title": _("games won (%)"), "range": [0, 105], "gridcolor": "#e5e7eb", "fixedrange": True},
            xaxis={"title": _("how long the bot remembers a tile (in turns, any player's)"), "type": "category",
                   "fixedrange": True},
            # The fair share only means something when every opponent plays alike.
            shapes=[] if fair is None else [{"type": "line", "xref": "paper", "x0": 0, "x1": 1, "y0": fair, "y1": fair,
                                             "line": {"color": "#6b7280", "dash": "dash", "width": 2}}],
            annotations=([] if fair is None else [
                {"xref": "paper", "x": 1, "y": fair, "text": _("fair share {share}%").format(share=f"{fair:.0f}"),
                 "showarrow": False,
                 "xanchor": "right", "yshift": 10, "font": {"size": 12, "color": "#374151"}}])
            + [{"x": label, "y": rate + high, "text": f"{rate:.0f}%", "showarrow": False, "yshift": 10,
                "font": {"size": 12, "color": "#111827"}} for label, rate, high in zip(labels, rates, plus)],
        )
        self.redrawn()

    @property
    def result(self) -> MemoryResult:
        """The experiment shown."""
        return self._result

    def __repr__(self) -> str:
        r = self._result
        games = r.rows[0].games if r.rows else 0
        bars = ", ".join(f"{row.label} {row.rate:.0%}" for row in r.rows)
        return f"MemoryChart({r.players} players against {', '.join(r.opponents)}, {games} games each: {bars})"


__all__ = ["MemoryChart"]
