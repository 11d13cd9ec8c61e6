"""PositionEditor: set up any moment of a game, share it as a code, and ask which choice
wins. Every check comes from :class:`rally.Position`; the editor only reads inputs and
shows answers.

The code below is a moment of a real game: four :class:`rally.HeuristicBot` players,
dealt from seed 1 and drawing from ``random.Random(1)``, after 45 decisions. In round
2, Ada led G8, Bo threw R6, and Cy must follow green.

>>> code = "SR1_Tvolcano_R2_F0_P25.15.19.24_M2.4.4.2_CG8.R6_H2G7.G9.B12_XG2.G5.G3.G4.B2.B9.B4.B7.R3.R5.R7.R9.B3.R4.B8.B11"
>>> editor = PositionEditor(code)
>>> editor
A position to build, code SR1_Tvolcano_R2_F0_P25.15.19.24_M2.4.4.2_CG8.R6_H2G7.G9.B12_XG2.G5.G3.G4.B2.B9.B4.B7.R3.R5.R7.R9.B3.R4.B8.B11: Cy to play.
>>> editor.progress.value = "25, 15, 15, 24"
>>> editor.problems
['Cars Bo and Cy are both on space 15; a space holds one car.']
>>> editor.place(2, 20)   # a click on space 20 puts Cy's car there
>>> editor.problems, editor.position.positions
([], (25, 15, 20, 24))
"""

from __future__ import annotations

import html

import ipywidgets as w

import rally
from rally import DEFAULT_NAMES, TRACKS, Game, Position
from rally.common import inputs
from rally.stich_rallye.advisor import option_in_sentence
from rally.stich_rallye.movement import MAX_PROGRESS

from .._display import StableRepr
from ..i18n import _, join_words, ngettext
from ..messages import Messages, whole_numbers
from .advisor_panel import AdvisorPanel
from .copy_button import CopyButton
from .move_explorer import LAPS, lap_buttons_width
from .track_choice import TrackChoice
from .track_figure import TrackFigure


class PositionEditor(Messages, StableRepr, w.VBox):
    """Edit a position; rally checks it on every change and names each problem.

    Click a car's name, then a space on the track, to put that car there (on the lap
    chosen beside it); or type how many spaces along each car is. The code under the editor always
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
            inputs.fail(rally.PositionError, _("PositionEditor's position"), _("a Position or a position code"),
                        position, "Position.from_game(game)")
        self.position: Position = position
        self.problems: list[str] = []
        self._loading = False
        text = lambda value, label, hint, width="330px": w.Text(  # noqa: E731
            value=value, tooltip="", description=label, placeholder=hint, layout=w.Layout(width=width),
            style={"description_width": "110px"}, continuous_update=False)
        self.players = w.Dropdown(options=[3, 4, 5], tooltip="", description=_("Players"), layout=w.Layout(width="170px"))
        self.track = TrackChoice("", width="330px", description_width="110px")
        self.round = w.Dropdown(options=[1, 2, 3], tooltip="", description=_("Round"), layout=w.Layout(width="150px"))
        self.flag = w.Dropdown(options=[], tooltip="", description=_("Flag holder"), layout=w.Layout(width="200px"))
        self.progress = text("", _("Spaces along"), _("per car, from the start, laps included: 0, 3, 7, 11"))
        self.motors = text("", _("Motor positions"), _("dial position per car: 0, 2, 1, 0"))
        self.trick = text("", _("Trick so far"), _("cards in play order: G11 R5"))
        self.hand = text("", _("Decider's hand"), _("the hand of the player to decide: G3 G9 B4"))
        self.others = text("", _("Other hands"), _("optional, e.g. Bo: R2 G7; Di: B5 (unknown if empty)"), "460px")
        self.played = text("", _("Earlier tricks"), _("optional: this round's cards so far, in the order played"),
                           "460px")
        self.car = w.ToggleButtons(options=[], tooltip="", description=_("Place car"), style={"button_width": "60px"})
        laps = [(_(label), lap - 1) for label, lap in LAPS]
        self.lap = w.ToggleButtons(options=laps, value=0,
                                   style={"button_width": lap_buttons_width([label for label, _lap in laps], 60)},
                                   tooltips=[_("put the car on its first lap"), _("put the car on its second lap")])
        self.figure_box = w.Box()
        self.figure: TrackFigure | None = None
        self.status = w.HTML()
        self.copy = CopyButton(label=_("Copy code"))
        self.paste = w.Text(placeholder=_("paste a position code (SR1_...) here"), layout=w.Layout(width="460px"))
        self.load_button = w.Button(description=_("Load code"), icon="upload")
        self.load_button.on_click(lambda _button: self.load_code(self.paste.value))
        self.advisor = AdvisorPanel(self._checked, playouts=playouts, seed=seed, intervals=True)  # a grown-ups' tool
        for control in (self.players, self.track, self.round, self.flag, self.progress, self.motors, self.trick,
                        self.hand, self.others, self.played):
            control.observe(lambda _change: self._edited(), names="value")
        super().__init__(self._rows())
        self.load(position)

    def _rows(self) -> list[w.Widget]:
        """The editor's rows, top to bottom: the controls, the track, the status and code, the advisor."""
        return [
            w.HBox([self.players, self.track, self.round, self.flag]),
            w.HBox([self.car, self.lap]),
            w.HTML("<p>{}</p>".format(html.escape(
                _("Choose a car, then click a space on the track to put it there.")))),
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
        ]

    # ------------------------------------------------------------- loading
    def load(self, position: Position) -> None:
        """Fill the editor with ``position``."""
        if not isinstance(position, Position):
            inputs.fail(rally.PositionError, _("The position to load"), _("a Position"), position,
                        "Position.from_game(game)")
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
            self._show_error(_("That code cannot be loaded: {error}").format(error=err))
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
            seat = inputs.seat(seat, players, rally.SetupError, _("The car to place"))
            space = inputs.whole(space, _("The space"), 0, n - 1, rally.SetupError)
            lap = inputs.whole(self.lap.value if lap is None else lap, _("The lap"), 0, 1, rally.SetupError)
        except rally.RuleError as err:
            self._show_error(str(err))
            return
        self._show_error("")
        try:
            progress = whole_numbers(self.progress.value, _("number of spaces along"), MAX_PROGRESS)
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
                inputs.fail(rally.PositionError, _("Each other hand"),
                            _("a name ({names}), a colon and the cards, one hand after another separated by ';'")
                            .format(names=join_words(list(names), "or")), part.strip(), "'Bo: R2 G7; Di: B5'")
            if seat in hands:
                inputs.fail(rally.PositionError, _("Each other hand"),
                            _("given once, but {name}'s is given twice").format(name=names[seat]), self.others.value)
            hands[seat] = cards
        progress = whole_numbers(self.progress.value, _("number of spaces along"), MAX_PROGRESS, rally.PositionError)
        motors = whole_numbers(self.motors.value, _("motor position"), len(self.position.dial) - 1,
                               rally.PositionError)
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
        self._show_error("")  # an earlier load or placing error is old news: the status below is now
        self.advisor.forget_error()  # so is the advisor's "cannot answer yet" about an earlier position
        players = self.players.value
        self._fit_players(players)
        try:
            position = self._read()
        except rally.RuleError as err:
            self.problems = list(getattr(err, "problems", [str(err)]))
            items = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems)
            heading = html.escape(_("Not a possible position yet:"))
            self.status.value = (f"<div role='alert' style='color:#9a3412'><b>⚠ {heading}</b>"
                                 f"<ul style='margin:2px 0'>{items}</ul></div>")
            return
        self.problems = []
        self.position = position
        self.copy.text = position.code()
        names = position.player_names
        who = names[position.decider]
        options = ", ".join(map(option_in_sentence, position.options()))  # the choices in words: G9, “turbo”
        if position.phase == "turbo":
            template = ngettext("Round {round}, {n} tricks done: {name} chooses: turbo or not. Choices: {choices}.",
                                "Round {round}, {n} tricks done: {name} chooses: turbo or not. Choices: {choices}.",
                                position.tricks_done)
        else:
            template = ngettext("Round {round}, {n} tricks done: {name} plays next. Choices: {choices}.",
                                "Round {round}, {n} tricks done: {name} plays next. Choices: {choices}.",
                                position.tricks_done)
        state = template.format(round=position.round, n=position.tricks_done, name=who, choices=options)
        cars = "\n".join(position.summary().splitlines()[1:])  # the trick, the cars, motors and hands
        heading = html.escape(_("A possible position."))
        self.status.value = (f"<div role='status' style='color:#14532d'><b>✔ {heading}</b> {html.escape(state)}</div>"
                             f"<pre style='font-size:12px;margin:2px 0'>{html.escape(cars)}</pre>")
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
                        values = whole_numbers(field.value, _("number"), MAX_PROGRESS)
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
            return ngettext("A position to build: not a possible one yet ({n} problem).",
                            "A position to build: not a possible one yet ({n} problems).", len(self.problems)).format(
                n=len(self.problems))
        p = self.position
        if p.phase == "turbo":
            return _("A position to build, code {code}: {name} chooses the turbo.").format(
                code=p.code(), name=p.player_names[p.decider])
        return _("A position to build, code {code}: {name} to play.").format(code=p.code(), name=p.player_names[p.decider])
