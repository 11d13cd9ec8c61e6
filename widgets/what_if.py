"""What-if tools: set up any moment of a game, share it as a code, and ask which
choice wins.

- :class:`PositionEditor`  edit a position (click cars onto the track, type motors,
  hand and trick); rally checks it as you type and names every problem
- :class:`AdvisorPanel`    asks :func:`rally.advise`, with a progress bar, and shows
  the answer as a chart with intervals and as a table
- :class:`AdviceChart`     the advisor's answer as a Plotly bar chart
- :class:`WhatIf`          one guided position: predict first, then ask the advisor
- :class:`CopyButton`      copies a position code to the clipboard

Every rule and check comes from :mod:`rally` (:class:`rally.Position`,
:func:`rally.advise`); these widgets only read inputs and show answers.

The code below is a moment of a real game: four :class:`rally.HeuristicBot` players,
dealt from seed 1 and drawing from ``random.Random(1)``, after 45 decisions. In round
2, Ada led G8, Bo threw R6, and Cy must follow green.

>>> code = "SR1_Tvolcano_R2_F0_P25.15.19.24_M2.4.4.2_CG8.R6_H2G7.G9.B12_XG2.G5.G3.G4.B2.B9.B4.B7.R3.R5.R7.R9.B3.R4.B8.B11"
>>> editor = PositionEditor(code)
>>> editor
PositionEditor(SR1_Tvolcano_R2_F0_P25.15.19.24_M2.4.4.2_CG8.R6_H2G7.G9.B12_XG2.G5.G3.G4.B2.B9.B4.B7.R3.R5.R7.R9.B3.R4.B8.B11; Cy to play)
>>> editor.progress.value = "25, 15, 15, 24"
>>> editor.problems
['Cars Bo and Cy are both on space 15; a space holds one car.']
>>> editor.place(2, 20)   # a click on space 20 puts Cy's car there
>>> editor.problems, editor.position.positions
([], (25, 15, 20, 24))
"""

from __future__ import annotations

import html
import pathlib
from typing import Callable

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

import rally
from rally import DEFAULT_NAMES, TRACKS, Advice, Game, Position, Turbo, advise, inputs
from rally.advisor import BOTS as ADVISOR_BOTS, MAX_PLAYOUTS
from rally.cards import join_words
from rally.movement import MAX_PROGRESS

from ._display import StableRepr
from .plotly_view import PlotlyView
from .card_hand import CardHand
from .controls import _Messages, _whole_numbers
from .track_figure import TrackFigure
from .trick_table import TrickTable

HERE = pathlib.Path(__file__).parent

#: Bar colors and patterns per option kind: the pattern and the label carry the
#: meaning as well as the color (red stripes, green dots, blue plain, turbo checks).
BAR_STYLE = {
    "R": ("#b91c1c", "/"), "G": ("#15803d", "."), "B": ("#1d4ed8", ""),
    "turbo": ("#7c3aed", "x"), "no turbo": ("#6b7280", "-"),
}
BOTS = [("random players (fast)", "random"), ("careful players (slower)", "heuristic")]


class CopyButton(StableRepr, anywidget.AnyWidget):
    """A read-only field with ``text`` and a button that copies it to the clipboard
    (or selects it, where the page may not write to the clipboard)."""

    _esm = HERE / "copy_button.js"
    _css = """
    .rally-copy { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
    .rally-copy__field { font-family: ui-monospace, monospace; font-size: 12px; min-width: 420px; flex: 1;
                         padding: 3px 6px; border: 1px solid #9ca3af; border-radius: 4px; }
    .rally-copy__button { padding: 3px 10px; border: 1px solid #374151; border-radius: 4px; background: #f3f4f6;
                          cursor: pointer; white-space: nowrap; }
    .rally-copy__status { font-size: 12px; color: #374151; }
    """
    text = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Copy code").tag(sync=True)
    copies = traitlets.Int(0).tag(sync=True)

    def __repr__(self) -> str:
        return f"CopyButton({self.text!r})"


class AdviceChart(PlotlyView):
    """Win chance of each option as bars (on :attr:`plot`), with the advisor's 99%
    intervals as error bars. Every bar is labelled (``G9``, ``turbo``) and patterned by kind."""

    def __init__(self, width: int = 560, height: int = 300):
        super().__init__(go.FigureWidget())
        self.plot.add_bar(x=[], y=[], hoverinfo="text",
                     error_y={"type": "data", "symmetric": False, "array": [], "arrayminus": [], "color": "#111827",
                              "thickness": 1.5, "width": 8})
        self.plot.update_layout(
            width=width, height=height, margin={"l": 60, "r": 10, "t": 40, "b": 40}, plot_bgcolor="#ffffff",
            dragmode=False,
            paper_bgcolor="#ffffff", title={"text": "Ask the advisor to see which choice wins", "font": {"size": 14}},
            yaxis={"title": "chance to win the game (%)", "range": [0, 112], "gridcolor": "#e5e7eb", "fixedrange": True},
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
            labels.append(option.label + mark)
            rates.append(rate)
            plus.append(high - rate)
            minus.append(rate - low)
            text.append(f"{rate:.0f}%")
            colors.append(color)
            patterns.append(pattern)
            hover.append(f"{option.label}: won {option.wins} of {option.playouts} playouts ({rate:.1f}%); "
                         f"99% interval {low:.1f}-{high:.1f}%; progress gained {option.progress_gained:.1f}")
        name = advice.position.player_names[advice.seat]
        with self.plot.batch_update():
            self.plot.data[0].update(x=labels, y=rates, hovertext=hover,
                                marker={"color": colors, "pattern": {"shape": patterns, "fgcolor": "#ffffff"},
                                        "line": {"color": "#111827", "width": 1}},
                                error_y={"array": plus, "arrayminus": minus})
            # Each figure above its interval's whisker, where neither hides the other.
            self.plot.layout.annotations = [
                {"x": label, "y": rate + high, "text": words, "showarrow": False, "yshift": 10,
                 "font": {"size": 13, "color": "#111827"}}
                for label, rate, high, words in zip(labels, rates, plus, text)]
            self.plot.layout.title.text = html.escape(
                f"{name}'s choices: chance to win ({advice.options[0].playouts} playouts each)")
        self._advice = advice
        self.redrawn()

    def __repr__(self) -> str:
        if self.advice is None:
            return "AdviceChart(no answer yet)"
        return "AdviceChart(" + ", ".join(f"{o.label} {o.win_rate:.0%}" for o in self.advice.options) + ")"


class AdvisorPanel(_Messages, StableRepr, w.VBox):
    """Settings, an *Ask the advisor* button, a progress bar, the chart and the table.

    ``source`` gives the position to ask about: a :class:`rally.Position`, or a function
    returning one (it may raise :class:`rally.RuleError`; the message is shown here)."""

    def __init__(self, source: Position | Callable[[], Position], playouts: int = 1000, seed: int = 0,
                 bots: str = "random"):
        self._init_message()
        if not (isinstance(source, Position) or callable(source)):
            inputs.fail(rally.SetupError, "The advisor's position", "a Position or a function returning one", source,
                        "Position.from_game(game)")
        inputs.whole(playouts, "playouts", 1, MAX_PLAYOUTS, rally.SetupError, 1000)
        inputs.seed(seed, rally.SetupError)
        inputs.one_of(bots, "bots", ADVISOR_BOTS, rally.SetupError)
        self._source = source if callable(source) else (lambda: source)
        self.playouts = w.BoundedIntText(value=playouts, min=1, max=MAX_PLAYOUTS, description="Playouts",
                                         layout=w.Layout(width="170px"))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="140px"))
        self.bots = w.Dropdown(options=BOTS, value=bots, description="Played by", layout=w.Layout(width="300px"))
        self.stop_early = w.Checkbox(value=True, description="stop early when one choice is clearly best",
                                     indent=False, layout=w.Layout(width="auto"))
        self.ask_button = w.Button(description="Ask the advisor", button_style="primary", icon="lightbulb-o",
                                   layout=w.Layout(width="auto"))
        self.ask_button.on_click(lambda _: self.ask())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Playouts", bar_style="info",
                                      layout=w.Layout(width="340px", visibility="hidden"))
        self.progress_text = w.Label("")
        self.chart = AdviceChart()
        self.answer = w.HTML()
        self.advice: Advice | None = None
        super().__init__([
            w.HBox([self.playouts, self.seed, self.bots]),
            w.HBox([self.ask_button, self.stop_early]),
            w.HBox([self.progress, self.progress_text]),
            self.message,
            self.chart,
            self.answer,
        ])

    def ask(self) -> Advice | None:
        """Ask about the current position; None (with the reason shown) if it is not
        a possible position or the settings are wrong."""
        try:
            position = self._source()
            self.progress.layout.visibility = "visible"
            self.progress.value, self.progress.max = 0, self.playouts.value
            advice = advise(position, playouts=self.playouts.value, seed=self.seed.value, bots=self.bots.value,
                            stop_early=self.stop_early.value, progress=self._progressed)
        except rally.RuleError as err:
            self._show_error(f"The advisor cannot answer yet: {err}")
            self.progress.layout.visibility = "hidden"
            return None
        self._show_error("")
        self.show(advice)
        return advice

    def show(self, advice: Advice) -> None:
        """Show an answer (from :meth:`ask` or from :func:`rally.advise` directly)."""
        self.advice = advice
        self.chart.show(advice)
        done = advice.options[0].playouts
        self.progress.max = max(1, done)
        self.progress.value = done
        self.progress_text.value = (f"{done} of {advice.playouts_asked} playouts per choice"
                                    + (" (stopped early)" if advice.stopped_early else ""))
        self.answer.value = (f"<p><b>{html.escape(advice.sentence())}</b></p>"
                             f"<pre style='font-size:12px'>{html.escape(advice.table())}</pre>")

    def _progressed(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done
        self.progress_text.value = f"{done} of {total} playouts per choice"

    def __repr__(self) -> str:
        if self.advice is None:
            return "AdvisorPanel(not asked yet)"
        return f"AdvisorPanel({self.advice.best.label} is best)"


class PositionEditor(_Messages, StableRepr, w.VBox):
    """Edit a position; rally checks it on every change and names each problem.

    Click a car's name, then a space on the track, to put that car there (on the lap
    chosen beside it); or type each car's progress. The code under the editor always
    holds the last possible position: copy it to share, paste one to load it. The
    advisor below asks about the position shown.
    """

    def __init__(self, position: Position | str | None = None, playouts: int = 1000, seed: int = 0):
        self._init_message()
        if position is None:
            position = Position.from_game(Game.new(4))  # the first decision of a game: Ada leads
        elif isinstance(position, str):
            position = Position.from_code(position)
        elif not isinstance(position, Position):
            inputs.fail(rally.PositionError, "PositionEditor's position", "a Position or a position code", position,
                        "Position.from_game(game)")
        self.position: Position = position
        self.problems: list[str] = []
        self._loading = False
        text = lambda value, label, hint, width="330px": w.Text(  # noqa: E731
            value=value, description=label, placeholder=hint, layout=w.Layout(width=width),
            style={"description_width": "110px"}, continuous_update=False)
        self.players = w.Dropdown(options=[3, 4, 5], description="Players", layout=w.Layout(width="170px"))
        self.track = w.Combobox(options=sorted(TRACKS), description="Track", ensure_option=False,
                                placeholder="volcano, beach or S..DD...U..", layout=w.Layout(width="330px"),
                                continuous_update=False)
        self.round = w.Dropdown(options=[1, 2, 3], description="Round", layout=w.Layout(width="150px"))
        self.flag = w.Dropdown(options=[], description="Flag holder", layout=w.Layout(width="200px"))
        self.progress = text("", "Progress", "one number per car: 0, 3, 7, 11")
        self.motors = text("", "Motor positions", "dial position per car: 0, 2, 1, 0")
        self.trick = text("", "Trick so far", "cards in play order: G11 R5")
        self.hand = text("", "Decider's hand", "the hand of the player to decide: G3 G9 B4")
        self.others = text("", "Other hands", "optional, e.g. Bo: R2 G7; Di: B5 (unknown if empty)", "460px")
        self.played = text("", "Earlier tricks", "optional: cards already played this round", "460px")
        self.car = w.ToggleButtons(options=[], description="Place car", style={"button_width": "60px"})
        self.lap = w.ToggleButtons(options=[("lap 1", 0), ("lap 2", 1)], value=0, style={"button_width": "60px"},
                                   tooltips=["put the car on its first lap", "put the car on its second lap"])
        self.figure_box = w.Box()
        self.figure: TrackFigure | None = None
        self.status = w.HTML()
        self.copy = CopyButton(label="Copy code")
        self.paste = w.Text(placeholder="paste a position code (SR1_...) here", layout=w.Layout(width="460px"))
        self.load_button = w.Button(description="Load code", icon="upload")
        self.load_button.on_click(lambda _: self.load_code(self.paste.value))
        self.advisor = AdvisorPanel(self._checked, playouts=playouts, seed=seed)
        for control in (self.players, self.track, self.round, self.flag, self.progress, self.motors, self.trick,
                        self.hand, self.others, self.played):
            control.observe(lambda _: self._edited(), names="value")
        super().__init__([
            w.HBox([self.players, self.track, self.round, self.flag]),
            w.HBox([self.car, self.lap]),
            w.HTML("<small>Choose a car, then click a space on the track to put it there.</small>"),
            self.figure_box,
            w.HBox([self.progress, self.motors]),
            w.HBox([self.trick, self.hand]),
            self.others,
            self.played,
            self.status,
            self.copy,
            w.HBox([self.paste, self.load_button]),
            self.message,
            self.advisor,
        ])
        self.load(position)

    # ------------------------------------------------------------- loading
    def load(self, position: Position) -> None:
        """Fill the editor with ``position``."""
        if not isinstance(position, Position):
            inputs.fail(rally.PositionError, "The position to load", "a Position", position, "Position.from_game(game)")
        names = position.player_names
        self._loading = True
        try:
            self.players.value = position.players
            self.track.value = position.track.name if TRACKS.get(position.track.name) == position.track \
                else str(position.track)
            self.round.value = position.round
            self.flag.options = [(name, seat) for seat, name in enumerate(names)]
            self.flag.value = position.flag
            self.progress.value = ", ".join(map(str, position.positions))
            self.motors.value = ", ".join(map(str, position.motors))
            self.trick.value = " ".join(map(str, position.trick))
            self.hand.value = " ".join(map(str, position.hand))
            self.others.value = "; ".join(
                f"{names[s]}: {' '.join(map(str, h))}" for s, h in enumerate(position.hands)
                if h is not None and s != position.decider)
            self.played.value = " ".join(map(str, position.played))
        finally:
            self._loading = False
        self._names = tuple(names)
        self._edited()

    def load_code(self, code: str) -> Position | None:
        """Load a pasted code; None (and the reason shown) if it is not a possible position."""
        try:
            position = Position.from_code(code)
        except rally.RuleError as err:
            self._show_error(f"That code cannot be loaded: {err}")
            return None
        self._show_error("")
        self.load(position)
        return position

    # ------------------------------------------------------------- editing
    def place(self, seat: int, space: int, lap: int | None = None) -> None:
        """Put ``seat``'s car on ``space`` (on ``lap`` 0 or 1, default the lap chosen);
        the start/finish on the first lap means the starting grid."""
        players = self.players.value
        n = len(self._track_or_none() or TRACKS["volcano"])
        try:
            seat = inputs.seat(seat, players, rally.SetupError, "The car to place")
            space = inputs.whole(space, "The space", 0, n - 1, rally.SetupError)
            lap = inputs.whole(self.lap.value if lap is None else lap, "The lap", 0, 1, rally.SetupError)
        except rally.RuleError as err:
            self._show_error(str(err))
            return
        self._show_error("")
        try:
            progress = _whole_numbers(self.progress.value, "car's progress", MAX_PROGRESS)
        except rally.RuleError:
            progress = []
        progress = (progress + [0] * players)[:players]
        progress[seat] = lap * n + space
        self.progress.value = ", ".join(map(str, progress))

    def _track_or_none(self) -> rally.Track | None:
        try:
            return rally.get_track(self.track.value)
        except rally.RuleError:
            return None

    def _read(self) -> Position:
        """The position the controls describe (raises :class:`rally.RuleError`)."""
        players = self.players.value
        names = DEFAULT_NAMES[:players] if self.position.names is None or len(self.position.names) != players \
            else self.position.names
        seats = {name.lower(): seat for seat, name in enumerate(names)}
        hands: dict[int, str] = {}
        for part in self.others.value.split(";"):
            if not part.strip():
                continue
            name, colon, cards = part.partition(":")
            seat = seats.get(name.strip().lower())
            if not colon or seat is None:
                inputs.fail(rally.PositionError, "Each other hand", f"a name ({join_words(list(names), 'or')}), a colon "
                            "and the cards, one hand after another separated by ';'", part.strip(),
                            "'Bo: R2 G7; Di: B5'")
            if seat in hands:
                inputs.fail(rally.PositionError, "Each other hand", f"given once, but {names[seat]}'s is given twice",
                            self.others.value)
            hands[seat] = cards
        progress = _whole_numbers(self.progress.value, "car's progress", MAX_PROGRESS, rally.PositionError)
        motors = _whole_numbers(self.motors.value, "motor position", len(self.position.dial) - 1, rally.PositionError)
        return Position.new(self.track.value, progress, motors, self.round.value, self.flag.value, self.trick.value,
                            self.hand.value, hands, self.played.value, self.position.dial, self.position.names
                            if self.position.names is not None and len(self.position.names) == players else None)

    def _checked(self) -> Position:
        if self.problems:
            raise rally.PositionError(self.problems)
        return self.position

    def _edited(self) -> None:
        if self._loading:
            return
        players = self.players.value
        self._fit_players(players)
        try:
            position = self._read()
        except rally.RuleError as err:
            self.problems = list(getattr(err, "problems", [str(err)]))
            items = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems)
            self.status.value = (f"<div role='alert' style='color:#9a3412'><b>⚠ Not a possible position yet:</b>"
                                 f"<ul style='margin:2px 0'>{items}</ul></div>")
            return
        self.problems = []
        self.position = position
        self.copy.text = position.code()
        names = position.player_names
        who = names[position.decider]
        doing = "chooses: turbo or not" if position.phase == "turbo" else "plays next"
        options = ", ".join(map(str, position.options()))
        self.status.value = (f"<div role='status' style='color:#14532d'><b>✔ A possible position.</b> "
                             f"Round {position.round}, {position.tricks_done} tricks done: "
                             f"{html.escape(who)} {doing}. Choices: {html.escape(options)}.</div>")
        self._show_track(position)

    def _fit_players(self, players: int) -> None:
        """Keep seat controls in step with the number of players."""
        names = tuple(DEFAULT_NAMES[:players]) if self.position.names is None or \
            len(self.position.names) != players else self.position.names
        if tuple(self.car.options) != tuple(names):
            self._loading = True
            try:
                self.car.options = list(names)
                flag = self.flag.value if self.flag.value is not None and self.flag.value < players else 0
                self.flag.options = [(name, seat) for seat, name in enumerate(names)]
                self.flag.value = flag
                for field in (self.progress, self.motors):
                    try:
                        values = _whole_numbers(field.value, "number", MAX_PROGRESS)
                    except rally.RuleError:
                        continue
                    field.value = ", ".join(map(str, (values + [0] * players)[:players]))
            finally:
                self._loading = False

    def _show_track(self, position: Position) -> None:
        names = position.player_names
        figure = self.figure
        if figure is None or figure.track != position.track or figure.names != names:
            figure = TrackFigure(position.track, position.positions, names)
            figure.on_space_click(lambda space: self.place(names.index(self.car.value), space))
            self.figure, self.figure_box.children = figure, (figure,)
        elif figure.positions != position.positions:
            figure.set_positions(position.positions)

    def __repr__(self) -> str:
        if self.problems:
            return f"PositionEditor({len(self.problems)} problem{'s' if len(self.problems) > 1 else ''})"
        p = self.position
        doing = "chooses the turbo" if p.phase == "turbo" else "to play"
        return f"PositionEditor({p.code()}; {p.player_names[p.decider]} {doing})"


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


__all__ = ["AdviceChart", "AdvisorPanel", "CopyButton", "PositionEditor", "WhatIf", "BAR_STYLE"]
