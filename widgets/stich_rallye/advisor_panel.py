"""AdvisorPanel: asks :func:`rally.advise` and shows the answer in words and as a chart.
How the advisor plays the game out (playouts, a seed, who plays, a progress bar) and the
answer's numbers (a table with intervals) are folded into a part for grown-ups. Nothing of
an answer is on show before one is asked for: the chart joins the panel with the first answer.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as w

import rally
from rally import Advice, Position, advise
from rally.common import inputs
from rally.stich_rallye.advisor import BOTS as ADVISOR_BOTS, COACH_BOTS, COACH_PLAYOUTS, MAX_PLAYOUTS

from .._display import StableRepr
from ..i18n import N_, _, ngettext
from ..messages import Messages
from .advice_chart import AdviceChart


#: Who plays the advisor's playouts: the label (translated where shown) and rally's bots value.
BOTS = [(N_("careful players, like people at the table"), "heuristic"), (N_("random players (faster)"), "random")]

#: A box that scrolls sideways draws a soft shadow at each edge it can scroll to (CSS only:
#: the white covers go with the content, the shadows stay with the box).
SCROLL_SHADOWS = ("background:linear-gradient(to right,#fff 30%,#fff0),linear-gradient(to left,#fff 30%,#fff0) 100% 0,"
                  "radial-gradient(farthest-side at 0 50%,#0003,#0000),"
                  "radial-gradient(farthest-side at 100% 50%,#0003,#0000) 100% 0;background-repeat:no-repeat;"
                  "background-size:40px 100%,40px 100%,14px 100%,14px 100%;"
                  "background-attachment:local,local,scroll,scroll")


def advice_table_html(advice: Advice) -> str:
    """The advisor's numbers as a table in the page's own font (numbers right-aligned), its
    notes under it: the words are rally's (:meth:`rally.Advice.rows`)."""
    heads, cells, notes = advice.rows()
    cell = "padding:2px 10px 2px 0;text-align:{}"
    head = "".join(f"<th scope='col' style='{cell.format('left' if i == 0 else 'right')}'>{html.escape(h)}</th>"
                   for i, h in enumerate(heads))
    body = "".join("<tr>" + "".join(
        f"<th scope='row' style='{cell.format('left')};font-weight:normal'>{html.escape(c)}</th>" if i == 0 else
        f"<td style='{cell.format('right')}'>{html.escape(c)}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in cells)
    # A table wider than a phone scrolls sideways in its own box (reached by the keyboard
    # too); the page never does. A shadow at an edge shows there is more that way.
    label = html.escape(_("The advisor's numbers"), quote=True)
    return (f"<div class='rally-scroll-x' role='region' aria-label='{label}' tabindex='0' "
            f"style='overflow-x:auto;max-width:100%;{SCROLL_SHADOWS}'>"
            f"<table style='border-collapse:collapse;font-size:13px'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>"
            + "".join(f"<p style='margin:4px 0'>{html.escape(n)}</p>" for n in notes))


class AdvisorPanel(Messages, StableRepr, w.VBox):
    """Settings, an *Ask the advisor* button, a progress bar, the chart and the table.

    ``source`` gives the position to ask about: a :class:`rally.Position`, or a function
    returning one (it may raise :class:`rally.RuleError`; the message is shown here).
    ``gate``, if given, is asked first: it returns ``None`` to let the advisor answer, or
    what the user must do before (shown in :attr:`note`, and nothing is asked). Owners
    may show their own words about the answer in :attr:`note` too. The chart shows each
    choice's chance; ``intervals`` adds its 99% interval and the count of test games (the
    numbers are in the grown-ups' fold either way)."""

    def __init__(self, source: Position | Callable[[], Position], playouts: int = COACH_PLAYOUTS,
                 seed: int | None = None, bots: str = COACH_BOTS, gate: Callable[[], str | None] | None = None,
                 intervals: bool = False):
        self._init_message()
        if not (isinstance(source, Position) or callable(source)):
            inputs.fail(rally.SetupError, _("The advisor's position"), _("a Position or a function returning one"),
                        source, "Position.from_game(game)")
        if gate is not None and not callable(gate):
            inputs.fail(rally.SetupError, _("The advisor's gate"), _("None or a function returning None or a reason"),
                        gate)
        self._gate = gate
        inputs.flag(intervals, "intervals", rally.SetupError)
        inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, rally.SetupError, COACH_PLAYOUTS)
        if seed is not None:
            inputs.seed(seed, rally.SetupError)
        inputs.one_of(bots, "bots", ADVISOR_BOTS, rally.SetupError)
        self._source = source if callable(source) else (lambda: source)
        self.playouts = w.BoundedIntText(value=playouts, min=1, max=MAX_PLAYOUTS, tooltip="", description=_("Playouts"),
                                         layout=w.Layout(width="170px"))
        # Left as they are, the settings give the coach's one analysis of a moment: the
        # moment's own seed, so the answer is the hint's and the review's too.
        self.own_seed = w.Checkbox(value=seed is None, indent=False, layout=w.Layout(width="auto"),
                                   tooltip="", description=_("the moment's own seed (the same answer as the hint and the review)"))
        self.seed = w.IntText(value=0 if seed is None else seed, tooltip="", description=_("Seed"), disabled=seed is None,
                              layout=w.Layout(width="140px"))
        self.own_seed.observe(lambda change: setattr(self.seed, "disabled", change["new"]), names="value")
        self.bots = w.Dropdown(options=[(_(label), value) for label, value in BOTS], value=bots,
                               tooltip="", description=_("Played by"), layout=w.Layout(width="300px", max_width="100%"))
        self.stop_early = w.Checkbox(value=True, tooltip="", description=_("stop early when one choice is clearly best"),
                                     indent=False, layout=w.Layout(width="auto"))
        self.ask_button = w.Button(description=_("Ask the advisor"), button_style="primary", icon="lightbulb-o",
                                   layout=w.Layout(width="auto"))
        self.ask_button.on_click(lambda _button: self.ask())
        self.progress = w.IntProgress(value=0, min=0, max=1, tooltip="", description=_("Playouts"), bar_style="info",
                                      layout=w.Layout(width="min(340px, 100%)", visibility="hidden"))
        self.progress_text = w.HTML("")  # its words wrap on a phone (a Label's are cut)
        self.note = w.HTML()
        # Shown with the first answer; its intervals (``intervals``) are for grown-ups' tools.
        self.chart = AdviceChart(intervals=intervals)
        self.answer = w.HTML()
        #: The answer's numbers (win chances, intervals, playouts), for grown-ups.
        self.details = w.HTML()
        self.details.add_class("rally-shrink")  # as narrow as its box: the table scrolls in its own
        self.advice: Advice | None = None
        self.grown_ups = self._grown_ups_fold()
        super().__init__([
            self.ask_button,
            self.message,
            self.note,
            self.answer,
            self.grown_ups,
        ])

    def _grown_ups_fold(self) -> w.Accordion:
        """How the advisor plays the game out (playouts, a seed, intervals), folded away for
        grown-ups: a child sees the question, the answer in words and the chart. Every row
        wraps and nothing is wider than the page (on a phone the settings' fixed widths made
        the fold wider than the screen, and its words were cut at the edge)."""
        def wrap() -> w.Layout:
            return w.Layout(flex_flow="row wrap", max_width="100%")

        return w.Accordion(
            children=[w.VBox([w.HBox([self.playouts, self.seed, self.bots], layout=wrap()), self.own_seed,
                              self.stop_early, w.HBox([self.progress, self.progress_text], layout=wrap()),
                              self.details], layout=w.Layout(max_width="100%"))],
            titles=(_("For grown-ups: how the advisor plays it out, and its numbers"),), selected_index=None)

    def ask(self) -> Advice | None:
        """Ask about the current position; None (with the reason shown) if it is not
        a possible position or the settings are wrong, or when the gate says not yet."""
        if self._gate is not None:
            reason = self._gate()
            if reason:
                self.note.value = f"<p role='status'><b>{html.escape(reason)}</b></p>"
                return None
            self.note.value = ""
        try:
            position = self._source()
            self.progress.layout.visibility = "visible"
            self.progress.value, self.progress.max = 0, self.playouts.value
            seed = None if self.own_seed.value else self.seed.value
            advice = advise(position, playouts=self.playouts.value, seed=seed, bots=self.bots.value,
                            stop_early=self.stop_early.value, progress=self._progressed)
        except rally.RuleError as err:
            self._show_error(_("The advisor cannot answer yet: {error}").format(error=err))
            self.progress.layout.visibility = "hidden"
            return None
        self._show_error("")
        self.show(advice)
        return advice

    def forget_error(self) -> None:
        """The position asked about has changed: a "cannot answer yet" about the old one goes."""
        self._show_error("")

    def show(self, advice: Advice) -> None:
        """Show an answer (from :meth:`ask` or from :func:`rally.advise` directly)."""
        self.advice = advice
        self.chart.show(advice)
        if self.chart not in self.children:
            at = self.children.index(self.answer)
            self.children = (*self.children[:at], self.chart, *self.children[at:])
        done = advice.options[0].playouts
        self.progress.max = max(1, done)
        self.progress.value = done
        if advice.stopped_early:
            template = ngettext("{done} of {total} playouts per choice (stopped early)",
                                "{done} of {total} playouts per choice (stopped early)", advice.playouts_asked)
        else:
            template = _playouts_per_choice(advice.playouts_asked)
        self.progress_text.value = template.format(done=done, total=advice.playouts_asked)
        sentence = f"<p><b>{html.escape(advice.sentence())}</b></p>"
        # The sentence counts test games and names the computer players: beside a child's
        # chart it goes into the grown-ups' fold (the child's question has its own words).
        self.answer.value = sentence if self.chart.intervals else ""
        self.details.value = ("" if self.chart.intervals else sentence) + advice_table_html(advice)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done
        self.progress_text.value = _playouts_per_choice(total).format(done=done, total=total)

    def __repr__(self) -> str:
        if self.advice is None:
            return _("The advisor: not asked yet.")
        return _("The advisor: {option} is the best choice.").format(option=self.advice.best.word)


def _playouts_per_choice(total: int) -> str:
    """The progress line's template, with ``done`` and ``total``."""
    return ngettext("{done} of {total} playouts per choice", "{done} of {total} playouts per choice", total)
