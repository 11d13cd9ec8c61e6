"""GameReview: a finished game's review, drawn: the win chance decision by decision and
the three decisions that cost the most, each a click away in a replay.

The numbers and the words all come from :func:`rally.stich_rallye.review`; this view only draws
them. :class:`ReviewChart` is the chart (Plotly): your win chance after each of your
decisions as a solid line, what the best option would have given as a dashed one, the
gap between them shaded, rounds marked, and the costliest decisions numbered. Under it
each costly decision has its label, its explanation and a button; ``on_select`` tells
the caller which decision to show (:class:`GameView` opens its replay there).

>>> from rally import examples, review
>>> game = examples.played(3, 5, 1000)
>>> view = GameReview(review(game, 0))
>>> view
Review of Ada's game: 26 decisions. The costliest: Round 3, trick 5: you played R9.
>>> chosen = []
>>> view.on_select(chosen.append)
>>> view.select(1)   # the costliest decision's button
>>> chosen[0].label
'Round 3, trick 5: you played R9'
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as w

import rally
from rally import Review, ReviewedDecision
from rally.common import inputs

from .._display import StableRepr
from ..i18n import _, ngettext, percent
from ..plotly_view import PlotlyView, chars_across, narrow_width, plotly_figure
from .track_layout import wrap

#: Marks for the costliest decisions, in order: a number in a circle, not only a color.
RANKS = ("①", "②", "③")
#: Below this win chance a costly decision's mark stands over its ring, clear of the x axis
#: (the plot is 156 px high for 0-105 %: a mark and its ring need about 28 px under the point).
LOW = 0.2


class ReviewChart(PlotlyView):
    """The win chance after each decision of a :class:`rally.Review`, on :attr:`plot`."""

    def __init__(self, review: Review, width: int = 820, height: int = 230):
        super().__init__(plotly_figure())
        self._wide, self._height = width, height
        decisions = review.decisions
        xs = [d.number for d in decisions]
        mine = [100 * r for r in review.series]
        best = [100 * r for r in review.best_series]
        hover = [html.escape(_hover(d)) for d in decisions]
        # The traces keep English names in ``meta`` (a stable key); ``name`` is the legend's words.
        self.plot.add_scatter(x=xs, y=best, mode="lines", name=_("best option"), meta="best option",
                              hoverinfo="skip", line={"color": "#6b7280", "dash": "dash", "width": 1.5})
        self.plot.add_scatter(x=xs, y=mine, mode="lines+markers", name=_("your choice"), meta="your choice",
                              fill="tonexty", fillcolor="rgba(220, 38, 38, 0.18)", hovertext=hover, hoverinfo="text",
                              line={"color": "#111827", "width": 2.5}, marker={"size": 6, "color": "#111827"})
        costly = review.costly(len(RANKS))
        self.plot.add_scatter(x=[d.number for d in costly], y=[100 * d.chosen.win_rate for d in costly],
                              mode="markers+text", name=_("costliest"), meta="costliest",
                              text=list(RANKS[:len(costly)]),
                              # Under its ring, clear of the dashed line above; over it near 0 %,
                              # clear of the axis.
                              textposition=["top center" if d.chosen.win_rate < LOW else "bottom center"
                                            for d in costly], textfont={"size": 16, "color": "#b91c1c"},
                              hovertext=[html.escape(d.label) for d in costly], hoverinfo="text",
                              marker={"symbol": "circle-open", "size": 15, "color": "#b91c1c",
                                      "line": {"width": 2.5, "color": "#b91c1c"}})
        starts = [d.number for i, d in enumerate(decisions) if i == 0 or d.round != decisions[i - 1].round]
        shapes = [{"type": "line", "x0": x - 0.5, "x1": x - 0.5, "y0": 0, "y1": 1, "yref": "paper",
                   "line": {"color": "#9ca3af", "dash": "dot", "width": 1}} for x in starts[1:]]
        rounds = [{"x": x - 0.4, "y": 1.0, "yref": "paper",
                   "text": _("Round {round}").format(round=decisions[x - 1].round),
                   "showarrow": False, "xanchor": "left", "yanchor": "top", "font": {"size": 12, "color": "#4b5563"}}
                  for x in starts]
        self.plot.update_layout(
            width=width, height=height, margin={"l": 56, "r": 10, "t": 34, "b": 40}, plot_bgcolor="#ffffff",
            paper_bgcolor="#ffffff", dragmode=False, hovermode="closest",
            title={"text": html.escape(_("{name}'s win chance after each decision").format(
                       name=review.names[review.seat])),
                   "font": {"size": 14}, "x": 0.01, "xanchor": "left"},
            xaxis={"title": html.escape(_("all your decisions in order, even those with no choice")), "fixedrange": True,
                   "range": [0.4, max(xs, default=1) + 0.6], "dtick": 5, "gridcolor": "#f3f4f6"},
            # A little room under 0 %: a costly choice's ring at 0 % is drawn whole, not cut by the axis.
            yaxis={"title": _("win chance (%)"), "range": [-7, 107], "tickvals": [0, 20, 40, 60, 80, 100],
                   "fixedrange": True, "gridcolor": "#e5e7eb", "zeroline": False},
            legend={"orientation": "h", "x": 1, "xanchor": "right", "y": 1.02, "yanchor": "bottom",
                    "font": {"size": 12}, "itemclick": False, "itemdoubleclick": False},
            hoverlabel={"font": {"size": 13}}, shapes=shapes, annotations=rounds,
        )
        self._title = _("{name}'s win chance after each decision").format(name=review.names[review.seat])
        self._x_title = _("all your decisions in order, even those with no choice")
        self._decisions = len(decisions)
        self.redrawn()

    def fit_room(self, room: int) -> None:
        """On a page narrower than the chart (a phone), the chart takes the page's width and
        its key goes under it, so its words keep their size instead of the whole being
        scaled down, and the x-axis title takes lines as wide as the plot; on a wide page it
        is as made."""
        width = narrow_width(room, self._wide)
        narrow = bool(width)
        left = 48 if narrow else 56
        x_title = wrap(html.escape(self._x_title), chars_across(width - left - 10)) if narrow else \
            html.escape(self._x_title)
        # The title too takes lines as wide as the page (German's ran off a phone's edge).
        title = wrap(html.escape(self._title), chars_across(width - 40)) if narrow else html.escape(self._title)
        lines, title_lines = x_title.count("<br>"), title.count("<br>")
        with self.plot.batch_update():
            self.plot.layout.width = width or self._wide
            self.plot.layout.height = self._height + (70 + 18 * (lines + title_lines) if narrow else 0)
            self.plot.layout.margin.update(l=left, b=110 + 18 * lines if narrow else 40, t=34 + 18 * title_lines)
            self.plot.layout.title.text = title
            self.plot.layout.xaxis.title.text = x_title
            self.plot.layout.legend.update(x=0 if narrow else 1, xanchor="left" if narrow else "right",
                                           y=-0.5 - 0.1 * lines if narrow else 1.02,
                                           yanchor="top" if narrow else "bottom")
        self.redrawn()

    def __repr__(self) -> str:
        return ngettext("{title}: a chart of {n} decision.", "{title}: a chart of {n} decisions.",
                        self._decisions).format(title=self._title, n=self._decisions)


def _hover(decision: ReviewedDecision) -> str:
    """What the chart says about one decision under the pointer."""
    chance = percent(decision.chosen.win_rate)
    if decision.cost == 0:
        return _("{label}: win chance {chance}").format(label=decision.label, chance=chance)
    best_chance = percent(decision.best.win_rate)
    return _("{label}: win chance {chance}; {best} would give {best_chance}").format(
        label=decision.label, chance=chance, best=decision.best.word, best_chance=best_chance)


class GameReview(StableRepr, w.VBox):
    """A :class:`rally.Review` as a chart, a sentence and the three costliest decisions,
    each with a button that calls the functions given to :meth:`on_select`. A review still
    growing (:func:`rally.review_steps`) is drawn as far as it goes, and says so."""

    def __init__(self, review: Review, width: int = 820):
        if not isinstance(review, Review):
            inputs.fail(rally.SetupError, _("GameReview's review"), _("a rally Review"), review,
                        "rally.stich_rallye.review(game, seat=0)")
        self.review = review
        self._listeners: list[Callable[[ReviewedDecision], None]] = []
        self.chart = ReviewChart(review, width=width)
        self.costly = review.costly(len(RANKS))
        self.buttons = [w.Button(description=_("{rank} Show it in the replay").format(rank=RANKS[i]),
                                 layout=w.Layout(width="auto"), tooltip=d.label) for i, d in enumerate(self.costly)]
        rows: list[w.Widget] = []
        for i, (decision, button) in enumerate(zip(self.costly, self.buttons)):
            button.on_click(lambda _, k=i + 1: self.select(k))
            rows.append(w.HBox([
                w.HTML("<div style='font-size:13px;line-height:1.35;max-width:640px'>"
                       + _("<b>{rank} {label}</b> · win chance {chance}; the best choice, {best}, {best_chance}").format(
                           rank=RANKS[i], label=html.escape(decision.label), chance=percent(decision.chosen.win_rate),
                           best=html.escape(decision.best.word), best_chance=percent(decision.best.win_rate))
                       + f"<br>{html.escape(decision.explanation)}</div>"),
                button], layout=w.Layout(align_items="center", justify_content="space-between", flex_flow="row wrap")))
        if not self.costly:
            rows.append(w.HTML("<i>" + (_("No decision clearly cost you a chance to win: well played!") if review.complete
                                        else _("Nothing found so far that clearly cost you a chance to win; the "
                                               "advisor is still looking…")) + "</i>"))
        heading = _("The decisions that cost the most") if self.costly else _("Your decisions")
        super().__init__(
            [w.HTML("<div style='line-height:1.4'><b style='font-size:15px'>" + _("Review of your game") + "</b><br>"
                    f"{html.escape(review.sentence())}<br><span class='rally-review-how'>"
                    # A child meets the review before the lesson on the advisor (walk 74): its words, once.
                    + html.escape(_("How does the computer know? It played each choice to the end many times: its "
                                    "test games. Your win chance is how often you won in them.")) + "</span></div>"),
             self.chart, w.HTML(f"<b>{heading}</b>"), *rows],
            layout=w.Layout(border="2px solid #b91c1c", padding="4px 8px", max_width="850px"),
        )

    def on_select(self, callback: Callable[[ReviewedDecision], None]) -> None:
        """Call ``callback(decision)`` when one of the costly decisions is chosen."""
        if not callable(callback):
            inputs.fail(rally.SetupError, _("on_select's callback"), _("a function called with a decision"), callback,
                        "print")
        self._listeners.append(callback)

    def select(self, rank: int) -> None:
        """Choose the ``rank``-th costliest decision (1 = the costliest), as its button does."""
        rank = inputs.whole(rank, _("The decision's rank"), 1, max(1, len(self.costly)), rally.SetupError, 1)
        if not self.costly:
            return
        decision = self.costly[rank - 1]
        for callback in self._listeners:
            callback(decision)

    def __repr__(self) -> str:
        review = self.review
        n = len(review.decisions)
        text = ngettext("Review of {name}'s game: {n} decision.", "Review of {name}'s game: {n} decisions.", n).format(
            name=review.names[review.seat], n=n)
        if self.costly:
            text += " " + _("The costliest: {decision}.").format(decision=self.costly[0].label)
        return text
