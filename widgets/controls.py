"""Controls for lessons: set up a game, try a move, build a trick.

Each control reads its inputs, asks rally, and shows rally's message when the input
is wrong; what was shown before stays as it was. Nothing raises into the notebook.

>>> setup = GameSetup(players=3, track="beach", seed=2)
>>> setup
GameSetup(3 players, beach, seed 2)
>>> setup.seed.value = "two"
>>> setup.new_game() is None
True
>>> setup.error
"The seed must be a whole number from 0 to 18446744073709551615 written in the digits 0-9, like 42, not 'two'."
>>> explorer = TrickExplorer("G11 R5 B7 G3")
>>> explorer.table.winner
'Cy'
"""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as w

import rally
from rally import DEFAULT_NAMES, TRACKS, HeuristicBot, RandomBot, Track, inputs
from rally.movement import MAX_PROGRESS, MAX_STEPS

from ._display import StableRepr
from .game_view import GameView
from .motor_dial import MotorDial
from .track_figure import TrackFigure
from .trick_table import TrickTable

#: The bots a lesson can pick, by label.
BOTS: dict[str, Callable[[], rally.Bot]] = {"careful (HeuristicBot)": HeuristicBot, "random (RandomBot)": RandomBot}


class _Messages:
    """A visible message line for bad input."""

    def _init_message(self) -> None:
        self.message = w.HTML()
        self._error = ""

    @property
    def error(self) -> str:
        """The message shown for the last bad input ('' when the last input was fine)."""
        return self._error

    def _show_error(self, text: str) -> None:
        self._error = text
        self.message.value = (
            f"<div role='alert' style='color:#9a3412;font-weight:600'>⚠ {html.escape(text)}</div>" if text else ""
        )


class GameSetup(_Messages, StableRepr, w.VBox):
    """Choose players, track, seed, names and bots, then press "New game" to get a
    :class:`GameView` below the controls (``setup.view``)."""

    def __init__(self, players: int = 4, track: str = "volcano", seed: int = 0,
                 names: Sequence[str] | None = None, bot: str = "careful (HeuristicBot)", bot_delay: float = 0.0):
        self._init_message()
        self.players = w.Dropdown(options=[3, 4, 5], value=players, description="Players",
                                  layout=w.Layout(width="150px"))
        self.track = w.Combobox(value=track, options=sorted(TRACKS), ensure_option=False, description="Track",
                                placeholder="volcano, beach or S..DD...U..", layout=w.Layout(width="300px"))
        self.seed = w.Text(value=str(seed), description="Seed", layout=w.Layout(width="160px"))
        self.names = w.Text(value=", ".join(names or ()), description="Names", placeholder="Ada, Bo, Cy, Di",
                            layout=w.Layout(width="300px"))
        self.bot = w.Dropdown(options=list(BOTS), value=bot, description="Bots", layout=w.Layout(width="260px"))
        self.start = w.Button(description="New game", button_style="primary")
        self.start.on_click(lambda _: self.new_game())
        self._bot_delay = bot_delay
        self.view: GameView | None = None
        self.box = w.Box()
        super().__init__([
            w.HBox([self.players, self.track, self.seed]),
            w.HBox([self.names, self.bot, self.start]),
            self.message,
            self.box,
        ])
        self.new_game()

    def new_game(self) -> GameView | None:
        """Build a game from the controls. Returns the new view, or None (with the
        reason shown) when an input is wrong; the previous game then stays."""
        try:
            players = self.players.value
            seed = inputs.whole_text(self.seed.value.strip(), "The seed", 0, inputs.MAX_SEED, rally.SetupError, 42)
            typed = inputs.text(self.names.value, "The names", rally.SetupError, "Ada, Bo, Cy", inputs.MAX_TEXT_CHARS)
            names = inputs.names([part.strip() for part in typed.split(",")] if typed.strip() else None, players,
                                 rally.SetupError)
            view = GameView(players, track=rally.get_track(self.track.value), seed=seed, names=names,
                            bots=BOTS[self.bot.value](), bot_delay=self._bot_delay)
        except rally.RuleError as err:
            self._show_error(str(err))
            return None
        self._show_error("")
        old, self.view = self.view, view
        self.box.children = (view,)
        if old is not None:
            old.close()
        return view

    def __repr__(self) -> str:
        view = self.view
        if view is None:
            return "GameSetup(no game yet)"
        return f"GameSetup({view.game.players} players, {view.game.track.name}, seed {view.game.seed})"


class MoveExplorer(_Messages, StableRepr, w.VBox):
    """Try one move: where the cars stand, who moves, how far. The move is shown on a
    :class:`TrackFigure` step by step ("Step", "Play", "Show end")."""

    def __init__(self, track: Track | str = "volcano", positions: Sequence[int] = (0, 3, 7),
                 names: Sequence[str] | None = None, mover: int = 0, steps: int = 3):
        self._init_message()
        track = rally.get_track(track)
        self.figure = TrackFigure(track, positions, names)  # rally checks the positions and the names
        names = list(self.figure.names)
        mover = inputs.seat(mover, len(names), rally.SetupError, "The mover")
        steps = inputs.whole(steps, "The number of spaces to move", 0, MAX_STEPS, rally.SetupError, 3)
        self.positions = w.Text(value=", ".join(map(str, positions)), description="Progress",
                                placeholder="one whole number per car: 0, 3, 7", layout=w.Layout(width="260px"))
        self.mover = w.Dropdown(options=[(name, seat) for seat, name in enumerate(names)], value=mover,
                                description="Mover", layout=w.Layout(width="180px"))
        self.steps = w.IntText(value=steps, description="Moves", layout=w.Layout(width="150px"))
        self.go = w.Button(description="Move", button_style="primary")
        self.step_button = w.Button(description="Step ▶")
        self.play_button = w.Button(description="Play")
        self.end_button = w.Button(description="Show end ▶▶")
        self.description = w.HTML()
        self.go.on_click(lambda _: self.try_move())
        self.step_button.on_click(lambda _: self.figure.step())
        self.play_button.on_click(lambda _: self.figure.play())
        self.end_button.on_click(lambda _: self.figure.skip())
        super().__init__([
            w.HBox([self.positions, self.mover, self.steps, self.go]),
            self.message,
            self.figure,
            w.HBox([self.step_button, self.play_button, self.end_button]),
            self.description,
        ])

    def try_move(self) -> rally.Move | None:
        """Make the move the controls describe and queue it on the figure; None (and
        the reason shown) when the input is wrong."""
        names = self.figure.names
        try:
            positions = _whole_numbers(self.positions.value, "car's progress", MAX_PROGRESS)
            if len(positions) != len(names):
                inputs.fail(rally.SetupError, "The progress", f"{len(names)} whole numbers, one per car "
                            f"({', '.join(names)})", self.positions.value, ", ".join(map(str, (0, 3, 7, 11, 16)[:len(names)])))
            move = rally.move(self.figure.track, positions, self.mover.value, self.steps.value)
            self.figure.show_move(move, animate=True, positions=positions)
        except rally.RuleError as err:
            self._show_error(str(err))
            return None
        self._show_error("")
        self.description.value = html.escape(move.describe(self.figure.names))
        return move

    def __repr__(self) -> str:
        return f"MoveExplorer({self.figure!r})"


class MotorPlayground(StableRepr, w.VBox):
    """A motor dial with two buttons, to feel how winding and the turbo work: *Lose a
    trick* winds the arrow one position, *Use the turbo* sends it back to 0. A line
    under the dial says what one more loss would do (from :class:`rally.Motor`)."""

    def __init__(self, dial: Sequence[int] = rally.DEFAULT_DIAL, name: str = "Ada"):
        self.dial = MotorDial(dial, name=name)  # rally checks the dial
        # Wide enough for their words (the default width cuts them off).
        self.lose = w.Button(description="Lose a trick: wind", icon="rotate-right", layout=w.Layout(width="auto"))
        self.use = w.Button(description="Use the turbo: release", icon="bolt", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.lose.on_click(lambda _: self.wind())
        self.use.on_click(lambda _: self.release())
        super().__init__([self.dial, w.HBox([self.lose, self.use]), self.status])
        self._show()

    def wind(self) -> None:
        self.dial.wind()
        self._show()

    def release(self) -> None:
        self.dial.release()
        self._show()

    @property
    def text(self) -> str:
        """The status line as plain text."""
        motor = self.dial.motor
        nxt = motor.wound()
        ahead = (
            f"one more loss over-winds it: back to {nxt.value}, the energy lost"
            if motor.over_winds_next() and nxt.position == 0
            else f"one more loss makes it worth {nxt.value}"
        )
        return f"Position {motor.position} of {len(motor.dial)}: worth {motor.value}; {ahead}."

    def _show(self) -> None:
        self.status.value = f"<div role='status'>{html.escape(self.text)}</div>"

    def __repr__(self) -> str:
        return f"MotorPlayground({self.text})"


class TrickExplorer(_Messages, StableRepr, w.VBox):
    """Type a trick ("G11 R5 B7 G3") and see who wins it and why."""

    def __init__(self, cards: str = "G11 R5 B7 G3", names: Sequence[str] = DEFAULT_NAMES):
        self._init_message()
        listed = inputs.sequence(names, "The names", rally.SetupError, "['Ada', 'Bo', 'Cy']", 5)
        self._names = inputs.names(listed, len(listed), rally.SetupError)
        cards = inputs.text(cards, "The trick", rally.SetupError, "G11 R5 B7 G3")
        self.cards = w.Text(value=cards, description="Trick", placeholder="cards in play order: G11 R5 B7 G3",
                            continuous_update=False, layout=w.Layout(width="360px"))
        self.go = w.Button(description="Who wins?", button_style="primary")
        self.table = TrickTable(title="Trick")
        self.go.on_click(lambda _: self.explain())
        self.cards.observe(lambda _: self.explain(), names="value")  # on Enter or leaving the field
        super().__init__([w.HBox([self.cards, self.go]), self.message, self.table])
        self.explain()

    def explain(self) -> bool:
        """Show the typed trick, played by the first players in seat order; False (and
        rally's reason shown) when it is not a whole trick of 3 to 5 cards."""
        try:
            cards = rally.check_trick(rally.parse_cards(self.cards.value), complete=True)
            if len(cards) > len(self._names):
                inputs.fail(rally.CardError, "The trick", f"at most {len(self._names)} cards, one per player "
                            f"({', '.join(self._names)})", self.cards.value)
            self.table.show_trick(cards, names=self._names[:len(cards)], complete=True)
        except rally.RuleError as err:
            self._show_error(str(err))
            return False
        self._show_error("")
        return True

    def __repr__(self) -> str:
        return f"TrickExplorer({self.table!r})"


def _whole_numbers(text: str, what: str, high: int, error: type[rally.RuleError] = rally.SetupError) -> list[int]:
    """The whole numbers typed in a box, separated by commas or spaces (``"0, 3, 7"``),
    each read by :func:`rally.inputs.whole_text` as "Each <what>", from 0 to ``high``."""
    typed = inputs.text(text, "The numbers typed", error, "0, 3, 7")
    return [inputs.whole_text(part, f"Each {what}", 0, high, error) for part in typed.replace(",", " ").split()]
