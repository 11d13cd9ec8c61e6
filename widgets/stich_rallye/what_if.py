"""WhatIf: one guided position: predict first, then ask the advisor."""

from __future__ import annotations

import html

import ipywidgets as w

import rally
from rally import Advice, Position, inputs

from .._display import StableRepr
from .advisor_panel import AdvisorPanel
from .card_hand import CardHand
from .track_figure import TrackFigure
from .trick_table import TrickTable


class WhatIf(StableRepr, w.VBox):
    """One guided position: the track, the trick and the decider's hand; the learner
    picks what they would do, then asks the advisor, which says whether the numbers
    agree."""

    def __init__(self, position: Position | str, title: str = "", story: str = "", playouts: int = 1000,
                 seed: int = 0):
        if isinstance(position, str):
            position = Position.from_code(position)
        elif not isinstance(position, Position):  # a Position was checked when it was made
            inputs.fail(rally.PositionError, "WhatIf's position", "a Position or a position code", position,
                        "Position.from_game(game)")
        self.position = position
        names = position.player_names
        self.figure = TrackFigure(position.track, position.positions, names, height=300)
        self.trick_table = TrickTable("Trick so far")
        self.trick_table.show_trick(position.trick, position.trick_seats, names, complete=position.phase == "turbo")
        who = names[position.decider]
        self.hand = CardHand(position.hand, position.trick if position.phase == "play" else (),
                             title=f"{who}'s hand")
        self.choice = w.ToggleButtons(options=[str(a) for a in position.options()], value=None,
                                      description="Your guess", style={"button_width": "80px"})
        self.verdict = w.HTML()
        self.advisor = AdvisorPanel(position, playouts=playouts, seed=seed)
        self.advisor.ask_button.on_click(lambda _: self._judge())
        self.prediction: str | None = None
        self.choice.observe(lambda change: self.predict(change["new"]) if change["new"] else None, names="value")
        heading = f"<h4 style='margin:4px 0'>{html.escape(title)}</h4>" if title else ""
        super().__init__([
            w.HTML(f"{heading}<p>{html.escape(story)}</p>" if story else heading),
            self.figure,
            w.HTML(f"<pre style='font-size:12px'>{html.escape(position.summary())}</pre>"),
            w.HBox([self.trick_table, self.hand]),
            w.HTML(f"<p><b>What should {html.escape(who)} do?</b> Pick your guess first, then ask the advisor.</p>"),
            self.choice,
            self.advisor,
            self.verdict,
        ])

    def predict(self, choice: str) -> None:
        """Record the learner's guess (a card like ``"G9"``, ``"turbo"`` or ``"no turbo"``)."""
        options = [str(a) for a in self.position.options()]
        if choice not in options:
            self.verdict.value = (f"<div role='alert'>⚠ {html.escape(str(choice))} is not a choice here: "
                                  f"pick one of {html.escape(', '.join(options))}.</div>")
            return
        self.prediction = choice
        self.verdict.value = ""

    def ask(self) -> Advice | None:
        """Ask the advisor and judge the guess."""
        advice = self.advisor.ask()
        self._judge()
        return advice

    def _judge(self) -> None:
        advice = self.advisor.advice
        if advice is None:
            return
        best = advice.best
        if self.prediction is None:
            text = f"You did not guess first; the advisor's pick is {best.label}."
        elif self.prediction == best.label:
            text = f"✔ Your guess, {best.label}, is the advisor's pick too."
        else:
            mine = next(o for o in advice.options if o.label == self.prediction)
            text = (f"✘ You picked {mine.label} ({mine.win_rate:.0%}); the advisor's pick is {best.label} "
                    f"({best.win_rate:.0%}).")
            if not advice.clearly_best and mine.interval[1] >= best.interval[0]:
                text += " Their intervals overlap, so the difference may be luck: try more playouts."
        self.verdict.value = f"<p role='status'><b>{html.escape(text)}</b></p>"

    def __repr__(self) -> str:
        guess = self.prediction or "none"
        return f"WhatIf({self.position.code()}; guess {guess}; {self.advisor!r})"
