"""Rally Run's "how much does memory help?": :class:`MemoryChart` draws an experiment's
result as a Plotly chart; :class:`MemoryExperiment` runs the experiment only when the
learner asks (it can take half a minute), then shows its table and chart.

The chart has one bar per memory length, its win rate (with the 95% interval as error
bars for grown-ups: ``intervals``), and a dashed line at the fair share (a bot no better than its opponents, drawn
when the opponents all play alike), labelled beside the plot, clear of the bars. Every
bar is labelled with its memory length and its figure, so nothing rests on color.

>>> from rally.rally_run.simulate import memory_win_rates
>>> chart = MemoryChart(memory_win_rates([0, None], games=20, seed=1))
>>> chart
A chart of how often a computer player wins with each memory, 20 games each against a computer player with no memory: none 60%, perfect 80%.
>>> MemoryExperiment([0, None], games=20, seed=1)
An experiment on how much memory helps, run when you press its button: 20 games for each memory.
"""

from __future__ import annotations

import html
import textwrap
from typing import Iterable, Sequence

import ipywidgets as w

from rally.common import inputs
from rally.common.errors import SetupError
from rally.rally_run.simulate import MemoryResult, memory_win_rates

from .._display import StableRepr
from ..i18n import _, decimal, join_words, ngettext, percent
from ..plotly_view import PlotlyView, chars_across, narrow_width, plotly_figure


class MemoryChart(PlotlyView):
    """The win rate of each memory length in ``result`` (from
    :func:`rally.rally_run.simulate.memory_win_rates`), drawn on :attr:`plot`; with
    ``intervals``, each rate's 95% interval as error bars and a bar's numbers on hover."""

    def __init__(self, result: MemoryResult, width: int = 620, height: int = 340, intervals: bool = True):
        inputs.flag(intervals, "intervals", SetupError)
        super().__init__(plotly_figure())
        self._result = result
        self._wide, self._high = width, height
        rows = result.rows
        games = rows[0].games if rows else 0
        self._plain = ngettext(
            "A chart of how often a computer player wins with each memory, {games} game each against "
            "{opponents}: {bars}.",
            "A chart of how often a computer player wins with each memory, {games} games each against "
            "{opponents}: {bars}.",
            games).format(games=games, opponents=join_words(result.opponents),
                          bars=", ".join(f"{row.label} {percent(row.rate)}" for row in rows))
        labels = [row.label for row in rows]
        rates = [100 * row.rate for row in rows]
        plus = [100 * row.interval[1] - r for row, r in zip(rows, rates)]
        minus = [r - 100 * row.interval[0] for row, r in zip(rows, rates)]
        hover = [ngettext("memory {memory}: won {wins} of {games} game ({rate}%); {level} interval {low}-{high}%",
                          "memory {memory}: won {wins} of {games} games ({rate}%); {level} interval {low}-{high}%",
                          row.games).format(memory=row.label, wins=row.wins, games=row.games, level=percent(0.95),
                                            rate=decimal(100 * row.rate, 1), low=decimal(100 * row.interval[0], 1),
                                            high=decimal(100 * row.interval[1], 1)) for row in rows]
        fair = None if result.fair_share is None else 100 * result.fair_share
        self.plot.add_bar(x=labels, y=rates, hovertext=hover, hoverinfo="text" if intervals else "skip",
                     marker={"color": "#1d4ed8", "pattern": {"shape": "/", "fgcolor": "#ffffff"},
                             "line": {"color": "#111827", "width": 1}},
                     error_y={"type": "data", "visible": intervals, "symmetric": False, "array": plus,
                              "arrayminus": minus,
                              "color": "#111827", "thickness": 1.5, "width": 8})
        games = rows[0].games if rows else 0
        self._title = html.escape(ngettext("Win rate by memory, {games} game each against {opponents}",
                                           "Win rate by memory, {games} games each against {opponents}", games).format(
            games=games, opponents=", ".join(result.opponents)))
        self._axis = html.escape(_("how long the computer player remembers a tile (in turns, any player's)"))
        self._fair = None if fair is None else html.escape(_("fair share {share}").format(share=percent(fair / 100)))
        self.plot.update_layout(
            width=width, height=height, margin={"l": 60, "r": 10 if fair is None else 100, "t": 50, "b": 50},
            plot_bgcolor="#ffffff",
            paper_bgcolor="#ffffff", showlegend=False, dragmode=False,
            title={"text": self._title, "font": {"size": 14}},
            yaxis={"title": _("games won (%)"), "range": [0, 105], "gridcolor": "#e5e7eb", "fixedrange": True},
            xaxis={"title": self._axis, "type": "category", "fixedrange": True},
            # The fair share only means something when every opponent plays alike.
            shapes=[] if fair is None else [{"type": "line", "xref": "paper", "x0": 0, "x1": 1, "y0": fair, "y1": fair,
                                             "line": {"color": "#6b7280", "dash": "dash", "width": 2}}],
            annotations=([] if fair is None else [
                # Beside the plot, at the line's height: never on a bar or its figure.
                {"xref": "paper", "x": 1.01, "y": fair, "text": self._fair,
                 "showarrow": False, "xanchor": "left", "yanchor": "middle",
                 "font": {"size": 12, "color": "#374151"}}])
            + [{"x": label, "y": rate + (high if intervals else 0), "text": percent(rate / 100), "showarrow": False,
                "yshift": 10, "font": {"size": 12, "color": "#111827"}} for label, rate, high in zip(labels, rates, plus)],
        )
        self.redrawn()

    def fit_room(self, room: int) -> None:
        """On a page narrower than the chart (a phone), the chart takes the page's width, so
        its words keep their size instead of the whole being scaled down: the title and the
        axis's words on two lines each, the fair share named under the title (there is no
        room beside the plot). On a wide page it is as made."""
        width = narrow_width(room, self._wide)
        narrow = bool(width)
        fair = self._fair
        chars = max(24, width // 8)  # about as many characters of 14-px text as fit the width
        title = "<br>".join(textwrap.wrap(self._title, chars)) if narrow else self._title
        left, right = (48 if narrow else 60), (10 if narrow or fair is None else 100)
        with self.plot.batch_update():
            self.plot.layout.width = width or self._wide
            # The axis's title is centred on the plot, not the page: its lines are as wide as the plot.
            axis = "<br>".join(textwrap.wrap(self._axis, chars_across(width - left - right))) if narrow else self._axis
            top = 32 + 20 * (title.count("<br>") + 2 if fair else title.count("<br>") + 1) if narrow else 50
            bottom = 34 + 16 * (axis.count("<br>") + 1) if narrow else 50
            # The margins grow on a phone; the bars keep their height.
            self.plot.layout.height = self._high + top + bottom - 100
            self.plot.layout.margin.update(l=left, r=right, t=top, b=bottom)
            self.plot.layout.title.text = title + (f"<br>- - - {fair}" if narrow and fair else "")
            self.plot.layout.xaxis.title.text = axis
            if fair is not None:
                self.plot.layout.annotations[0].visible = not narrow
        self.redrawn()

    @property
    def result(self) -> MemoryResult:
        """The experiment shown."""
        return self._result

    def __repr__(self) -> str:
        return self._plain


#: Up to this many games the experiment takes a few seconds; more can take up to half a minute.
GAMES_IN_SECONDS = 600


def result_table(result: MemoryResult, intervals: bool = True) -> str:
    """``result``'s table (:meth:`~rally.rally_run.simulate.MemoryResult.table`) as an HTML
    table in the page's own font at 14 px, not a typewriter font: its header, one row per
    memory length, and its last line (the games played) as the caption. Without
    ``intervals`` (a child's lesson), no column of 95% intervals."""
    # rally's words for the header, as its own table says them (under another name, so the
    # widgets' catalog does not take them in).
    from rally.common.i18n import percent_range, pgettext as rally_words

    header = [rally_words("table header", "memory"), rally_words("table header", "wins"),
              rally_words("table header", "win rate"), rally_words("table header", "{level} interval").format(
                  level=percent(0.95))]
    cell = "padding:2px 10px;border-bottom:1px solid #d1d5db"
    columns = len(header) if intervals else len(header) - 1
    head = "".join(f"<th scope='col' style='{cell};text-align:{'left' if i == 0 else 'right'}'>{html.escape(h)}</th>"
                   for i, h in enumerate(header[:columns]))
    rows = "".join(
        "<tr>" + "".join(f"<td style='{cell};text-align:{'left' if i == 0 else 'right'}'>{html.escape(str(v))}</td>"
                         for i, v in enumerate([row.label, row.wins, percent(row.rate, 1),
                                                percent_range(*row.interval, 1)][:columns])) + "</tr>"
        for row in result.rows)
    caption = result.table().splitlines()[-1]
    return (f"<table class='rally-memory-table' style='font-size:14px;border-collapse:collapse;margin:4px 0'>"
            f"<caption style='caption-side:bottom;text-align:left;padding-top:4px'>{html.escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


class MemoryExperiment(StableRepr, w.VBox):
    """A button that runs :func:`~rally.rally_run.simulate.memory_win_rates` with these
    settings when pressed, says that it is running, then shows the result's table and a
    :class:`MemoryChart`. Nothing slow runs before the learner asks. Bad settings are
    refused when the experiment is made, in the words of :mod:`rally`. ``intervals`` adds
    the table's column of 95% intervals and the chart's error bars (the guide for grown-ups
    asks for them)."""

    def __init__(self, memories: Iterable[int | None] = (0, 1, 2, 3, 5, 8, None),
                 opponents: Sequence[str] = ("none",), games: int = 300, seed: int = 0, intervals: bool = False):
        memory_win_rates(list(memories), opponents=opponents, games=1, seed=seed)  # checks every setting, at once
        self._settings = {"memories": list(memories), "opponents": list(opponents), "games": games, "seed": seed}
        #: The table's column of 95% intervals: for grown-ups (a child's lesson leaves it out).
        self._intervals = bool(intervals)
        self.result: MemoryResult | None = None
        self.run_button = w.Button(description=_("Run the experiment"), button_style="primary", icon="play",
                                   layout=w.Layout(width="auto"))
        self.status = w.HTML(f"<p role='status'>{html.escape(self._waiting())}</p>")
        #: How many games are played so far, while the experiment runs (hidden before).
        self.progress = w.IntProgress(value=0, min=0, max=len(self._settings["memories"]) * games,
                                      bar_style="info", layout=w.Layout(width="min(340px, 100%)"))
        self.progress_text = w.Label("")
        #: What the games showed, in words: empty until the experiment has run.
        self.conclusion = w.HTML()
        self.table = w.HTML()
        self.run_button.on_click(lambda _button: self.run())
        self._plain = ngettext(
            "An experiment on how much memory helps, run when you press its button: {games} game for each memory.",
            "An experiment on how much memory helps, run when you press its button: {games} games for each memory.",
            games).format(games=games)
        super().__init__([self.run_button, self.status, self.table])

    def _waiting(self) -> str:
        count = len(self._settings["memories"]) * self._settings["games"]
        # Some 180 games a second: lesson 9's 2100 take some 12 s on a 2-core server, longer
        # in a phone's browser.
        if count > GAMES_IN_SECONDS:
            return ngettext("Press the button to play {count} game. It takes up to half a minute.",
                            "Press the button to play {count} games. It takes up to half a minute.",
                            count).format(count=count)
        return ngettext("Press the button to play {count} game. It takes a few seconds.",
                        "Press the button to play {count} games. It takes a few seconds.", count).format(count=count)

    def run(self) -> MemoryResult:
        """Run the experiment (again, with the same games) and show its result. While it
        runs, a bar and a line count the games played; what the games showed is said only
        once they have all been played, and "Done" only once the table and chart are shown."""
        self.run_button.disabled = True
        running = _("Running the games…")
        self.status.value = f"<p role='status'><b>{html.escape(running)}</b></p>"
        self.conclusion.value = ""
        self.children = (self.run_button, self.status, w.HBox([self.progress, self.progress_text]))
        self._progressed(0, self.progress.max)
        try:
            self.result = memory_win_rates(self._settings["memories"], opponents=self._settings["opponents"],
                                           games=self._settings["games"], seed=self._settings["seed"],
                                           progress=self._progressed)
        except BaseException:
            self.status.value = f"<p role='status'>{html.escape(self._waiting())}</p>"
            self.children = (self.run_button, self.status, self.table)
            raise
        finally:
            self.run_button.disabled = False
        # The table and the chart are made while the line still says the games are running
        # (the first chart imports Plotly: seconds, on the site many), and "Done" comes after
        # they are on the page, never before.
        self.table.value = result_table(self.result, self._intervals)
        self.conclusion.value = "".join(f"<p>{html.escape(line)}</p>" for line in conclusion(self.result))
        self.children = (self.run_button, self.status, self.table, MemoryChart(self.result, intervals=self._intervals),
                         self.conclusion)
        done = _("Done. Here is what the games showed:")
        self.status.value = f"<p role='status'>{html.escape(done)}</p>"
        return self.result

    def _progressed(self, done: int, total: int) -> None:
        """After each game: the bar and the words, every 1% (each change goes to the page)."""
        if done not in (0, total) and done % max(1, total // 100):
            return
        self.progress.max, self.progress.value = total, done
        self.progress_text.value = ngettext("{done} of {total} game played", "{done} of {total} games played",
                                            total).format(done=done, total=total)

    def __repr__(self) -> str:
        return self._plain


def conclusion(result: MemoryResult) -> list[str]:
    """What the games of ``result`` showed, in a child's words, a sentence or two a line:
    the win rates of no memory and of the shortest memory tried, of perfect memory, and
    where a longer memory did no better (told from the numbers, never written in advance).

    >>> from rally.rally_run.simulate import MemoryRow
    >>> rows = (MemoryRow(0, 138, 300), MemoryRow(1, 181, 300), MemoryRow(2, 177, 300), MemoryRow(None, 242, 300))
    >>> for line in conclusion(MemoryResult(rows, 2, ("a computer player with no memory",), 0)): print(line)
    With no memory, the computer player won 46% of its games. With a memory of only 1 turn, it won 60%.
    With a perfect memory, it won 81%.
    Not every step is a gain: 1 turn and 2 turns came out about the same. Some of what you see is luck.
    """
    rows = {row.turns: row for row in result.rows}
    lines = []
    shortest = min((t for t in rows if t), default=None)
    if 0 in rows and shortest is not None:
        lines.append(ngettext("With no memory, the computer player won {none} of its games. With a memory of only "
                              "{turns} turn, it won {rate}.",
                              "With no memory, the computer player won {none} of its games. With a memory of only "
                              "{turns} turns, it won {rate}.", shortest).format(
            none=percent(rows[0].rate), turns=shortest, rate=percent(rows[shortest].rate)))
    if None in rows:
        lines.append(_("With a perfect memory, it won {rate}.").format(rate=percent(rows[None].rate)))
    finite = sorted(t for t in rows if t is not None)
    for short, long in zip(finite, finite[1:]):
        if rows[long].rate <= rows[short].rate and rows[long].interval[1] >= rows[short].interval[0]:
            lines.append(_("Not every step is a gain: {short} and {long} came out about the same. "
                           "Some of what you see is luck.").format(short=rows[short].label, long=rows[long].label))
            break
    return lines


__all__ = ["MemoryChart", "MemoryExperiment"]
