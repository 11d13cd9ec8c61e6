"""WhatIf: one guided position: guess first, then ask the advisor.

Before the learner has guessed and pressed *Ask the advisor*, the widget shows the
position and the choices only: no pick, no chart, no numbers, no outcomes. The answer
and every word of it come from rally (:func:`rally.advise`, :meth:`rally.Advice.judge`,
:meth:`rally.Position.preview`); the widget only shows them.
"""

from __future__ import annotations

import html

import ipywidgets as w

import rally
from rally import Advice, Move, Position
from rally.common import inputs
from rally.stich_rallye.advisor import COACH_PLAYOUTS, option_in_sentence, option_word
from rally.stich_rallye.reasons import immediate_moves

from .._display import StableRepr
from ..i18n import _, join_words
from .advisor_panel import AdvisorPanel
from .card_hand import CardHand
from .track_figure import TrackFigure
from .trick_table import TrickTable


def motor_values(position: Position) -> str:
    """Each car's motor value, in seat order: what a learner needs beside the track.

    >>> motor_values(Position.from_game(rally.Game.new(3, seed=1)))
    'Motors: Ada 0 · Bo 0 · Cy 0'
    """
    values = " · ".join(f"{name} {position.dial[motor]}" for name, motor in zip(position.player_names, position.motors))
    # TRANSLATORS: {values} is each car's motor value after its name: "Ada 11 · Bo 2 · Cy 0".
    return _("Motors: {values}").format(values=values)


class WhatIf(StableRepr, w.VBox):
    """One guided position: the track, the trick and the decider's hand; the learner
    picks what they would do, then asks the advisor, which says whether the numbers
    agree. The advisor answers only once a guess is made, and the guess is kept from
    then on. With ``outcomes``, the answer also shows what each choice does at once
    (the trick's result, the move and where it ends)."""

    def __init__(self, position: Position | str, title: str = "", story: str = "", playouts: int = COACH_PLAYOUTS,
                 seed: int | None = None, outcomes: bool = False):
        if isinstance(position, str):
            position = Position.from_code(position)
        elif not isinstance(position, Position):  # a Position was checked when it was made
            inputs.fail(rally.PositionError, _("WhatIf's position"), _("a Position or a position code"), position,
                        "Position.from_game(game)")
        inputs.flag(outcomes, "outcomes", rally.SetupError)
        self.position = position
        self.show_outcomes = outcomes
        names = position.player_names
        self.figure = TrackFigure(position.track, position.positions, names, height=300)
        self.trick_table = TrickTable(_("Trick so far"))
        self.trick_table.show_trick(position.trick, position.trick_seats, names, complete=position.phase == "turbo")
        self._who = who = names[position.decider]
        self.hand = CardHand(title=_("{name}'s hand").format(name=who))
        if position.phase == "turbo":  # the hand waits: a tapped card says the turbo comes first
            self.hand.show_game(position.to_game(rng=0), position.decider)
        else:
            self.hand.show(position.hand, position.trick)
        # Each choice's value: the action as rally reads it back; its button: words (G9, "Turbo nutzen").
        self._labels = [str(a) for a in position.options()]
        self._words = [option_word(a) for a in position.options()]
        self._said = [option_in_sentence(a) for a in position.options()]  # G9, “turbo”
        # Round buttons one under the other (as in a quiz): side-by-side toggle buttons ran
        # together in the page's text ("turbono turbo").
        self.choice = w.RadioButtons(options=list(zip(self._words, self._labels)), value=None,
                                     tooltip="", description=_("Your guess"), layout=w.Layout(width="auto"))
        self._mark_choices()
        self.advisor = AdvisorPanel(position, playouts=playouts, seed=seed, gate=self._not_ready)
        self.advisor.ask_button.on_click(lambda _button: self._judge())
        # Answered, the same question would get the same answer: the button says so, and
        # comes back as "Ask again" once a grown-up changes how the advisor plays it out.
        for setting in (self.advisor.playouts, self.advisor.seed, self.advisor.own_seed, self.advisor.bots,
                        self.advisor.stop_early):
            setting.observe(lambda _change: self._may_ask_again(), names="value")
        #: Where the verdict on the guess (and a wrong guess's warning) is shown: above the chart.
        self.verdict = self.advisor.note
        self.outcomes = w.HTML()
        self.prediction: str | None = None
        self.choice.observe(lambda change: self.predict(change["new"]) if change["new"] else None, names="value")
        # A tap on a card of the hand is a guess too: the same as its choice below.
        self.hand.observe(lambda change: self.predict(change["new"]) if change["new"] else None, names="selected")
        heading = f"<h4 style='margin:4px 0'>{html.escape(title)}</h4>" if title else ""
        question = _("What should {name} do?").format(name=who)
        # TRANSLATORS: {button} is the button "Ask the advisor", in italics.
        button = html.escape(_("Ask the advisor"))
        pick = _("Pick your guess first, then press {button}.").format(button=f"<i>{button}</i>")
        super().__init__([
            w.HTML(f"{heading}<p>{html.escape(story)}</p>" if story else heading),
            self.figure,
            # The track shows where the cars are, the trick and the hand are below: the motors
            # are what else the choice depends on (every motor moves its car at the round's end).
            w.HTML(f"<p style='margin:4px 0'>{html.escape(motor_values(position))}</p>"),
            w.HBox([self.trick_table, self.hand]),
            w.HTML(f"<p><b>{html.escape(question)}</b> {pick}</p>"),
            self.choice,
            self.advisor,
            self.outcomes,
        ])

    def _mark_choices(self) -> None:
        """Ring on the track where each choice moves the decider's car at once (the rules
        alone say where, as in a game's turbo offer). Choices that move no car (a card
        played into an unfinished trick) are not marked."""
        ends: list[tuple[str, Move]] = []
        for word, action in zip(self._words, self.position.options()):
            moves = immediate_moves(self.position, action)
            if len(moves) == 1 and moves[0].mover == self.position.decider:
                ends.append((word, moves[0]))
        if not ends:
            return
        if len({m.final for _word, m in ends}) == 1 and len(ends) > 1:  # one ring, every word on it
            ends = [(join_words([word for word, _m in ends], "or"), ends[0][1])]
        self.figure.show_choices(ends)

    def _may_ask_again(self) -> None:
        if self.answered:
            self.advisor.ask_button.disabled = False
            self.advisor.ask_button.description = _("Ask again")

    @property
    def answered(self) -> bool:
        """True once the advisor has answered (after a guess)."""
        return self.advisor.advice is not None

    def predict(self, choice: str) -> None:
        """Record the learner's guess (a card like ``"G9"``, ``"turbo"`` or ``"no turbo"``).
        Once the advisor has answered, the guess made before stays."""
        if self.answered:
            if choice != self.prediction:
                self.choice.value = self.prediction
                self._show_guess_in_hand()
            return
        if choice in self._words:  # the choice as its button says it ("ohne Turbo")
            choice = self._labels[self._words.index(choice)]
        if choice not in self._labels:
            warning = _("{choice} is not a choice here: pick one of {choices}.").format(
                choice=str(choice), choices=join_words(self._said, "or"))
            self.verdict.value = f"<div role='alert'>⚠ {html.escape(warning)}</div>"
            return
        self.prediction = choice
        if self.choice.value != choice:
            self.choice.value = choice
        self._show_guess_in_hand()
        self.verdict.value = ""

    def _show_guess_in_hand(self) -> None:
        """The card guessed stands out in the hand ('' for a turbo guess)."""
        guess = self.prediction if self.prediction in self.hand.playable else ""
        if self.hand.selected != guess:
            self.hand.selected = guess

    def ask(self) -> Advice | None:
        """Ask the advisor and judge the guess; None (and a request to guess first)
        before a guess is made."""
        advice = self.advisor.ask()
        self._judge()
        return advice

    def _not_ready(self) -> str | None:
        if self.prediction is None:
            return _("Pick your guess first: what should {name} do: {choices}? Then ask the advisor.").format(
                name=self._who, choices=join_words(self._said, "or"))
        return None

    def _judge(self) -> None:
        advice = self.advisor.advice
        if advice is None or self.prediction is None:
            return
        self.choice.disabled = True  # the guess was made before the answer, and stays
        self.advisor.ask_button.disabled = True
        self.advisor.ask_button.description = _("✓ The advisor has answered")
        self.verdict.value = f"<p role='status'><b>{html.escape(advice.judge(self.prediction))}</b></p>"
        if self.show_outcomes and not self.outcomes.value:
            parts = []
            for action in self.position.options():
                first, *rest = self.position.preview(action)  # first: the choice itself, in words
                lines = "".join(f"<li style='margin:0;line-height:1.4'>{html.escape(line)}</li>" for line in rest)
                parts.append(f"<p style='margin:6px 0 0 0'><b>{html.escape(first)}</b></p>"
                             f"<ul style='margin:0 0 4px 0'>{lines}</ul>")
            region = html.escape(_("What each choice does"), quote=True)
            heading = html.escape(_("What each choice does at once:"))
            self.outcomes.value = (f"<div role='region' aria-label='{region}'>"
                                   f"<p style='margin:6px 0 2px 0'><b>{heading}</b></p>"
                                   + "".join(parts) + "</div>")

    def __repr__(self) -> str:
        who = self.position.player_names[self.position.decider]
        if self.prediction is None:
            text = _("What should {name} do? No guess yet.").format(name=who)
        else:
            text = _("What should {name} do? The guess: {choice}.").format(
                name=who, choice=self._words[self._labels.index(self.prediction)])
        return text + " " + repr(self.advisor)
