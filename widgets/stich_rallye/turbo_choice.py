"""TurboChoice: a trick just won, the winner's motor, and both choices to try.

>>> from rally import examples
>>> choice = TurboChoice(examples.turbo_choice())
>>> choice
Trick: Ada blue 7, Bo red 9 and Cy green 2. Cy wins. Cy's motor: arrow at position 4 of 9, value 7, lap 1 · yellow side. Try both choices.
>>> choice.choose(True)
'Cy moves 9 from space 15: counts 9 empty spaces and stops on space 24.'
>>> choice.dial.value  # the turbo sends the arrow back to 0
0
>>> choice.choose(False)
'Cy moves 2 from space 15: counts 2 empty spaces and stops on space 17.'
"""

from __future__ import annotations

import html

import ipywidgets as w

import rally
from rally import Game
from rally.stich_rallye.game import turbo_move
from rally.common import inputs

from .._display import StableRepr
from ..i18n import _
from .motor_dial import MotorDial
from .trick_table import TrickTable


class TurboChoice(StableRepr, w.VBox):
    """The moment a trick's winner chooses the turbo: the trick (with why it was won),
    the winner's motor dial and the game's two buttons, *Card alone* and *Use turbo*.
    A press plays that choice on a copy of the game and says where the car stops; both
    tried stay listed, so the two moves can be compared. ``game`` must be waiting for
    the turbo choice, and is not changed."""

    def __init__(self, game: Game):
        if not isinstance(game, Game):
            inputs.instance(game, Game, _("The game"), rally.SetupError, "rally.examples.turbo_choice()")
        if not game.awaiting_turbo:
            inputs.fail(rally.SetupError, _("The game"), _("a game whose trick's winner is choosing the turbo"),
                        game, "rally.examples.turbo_choice()")
        self._game = game.clone()
        seat = game.current_player
        self.trick = TrickTable()
        self.trick.show_game(game)
        self.dial = MotorDial(game.dial, position=game.motors[seat], laps=game.laps[seat], name=game.names[seat],
                              seat=seat)
        self.card_alone = w.Button(description=_("Card alone"), layout=w.Layout(width="auto"))
        self.use_turbo = w.Button(description=_("Use turbo"), button_style="warning", layout=w.Layout(width="auto"))
        self.card_alone.on_click(lambda _button: self.choose(False))
        self.use_turbo.on_click(lambda _button: self.choose(True))
        self.result = w.HTML()
        #: Where each choice tried so far takes the car, in words (True: the turbo).
        self.tried: dict[bool, str] = {}
        self._shown: bool | None = None  # the choice the dial shows now
        super().__init__([self.trick, self.dial, w.HBox([self.card_alone, self.use_turbo],
                                                          layout=w.Layout(flex_flow="row wrap")),
                          self.result])
        self._show()

    def choose(self, use: bool) -> str:
        """Play the turbo choice ``use`` on a copy of the game; the car's move in words."""
        use = inputs.flag(use, "use", rally.SetupError)
        self.tried[use] = turbo_move(self._game, use).describe(self._game.names)
        # The dial shows the choice pressed last: the turbo sends the arrow back to 0. (The
        # copy of the game is never changed, so its motor is still the one before the choice.)
        if use:
            self.dial.release()
        else:
            self.dial.update(self._game.motors[self._game.current_player])
        # The button of the choice shown now carries a ✓, so pressing it again plainly shows it.
        self.card_alone.icon, self.use_turbo.icon = ("", "check") if use else ("check", "")
        self._shown = use
        self._show()
        return self.tried[use]

    def _show(self) -> None:
        labels = {False: self.card_alone.description, True: self.use_turbo.description}
        lines = [("✓ " if use == self._shown else "")
                 + f"<b>{html.escape(labels[use])}:</b> {html.escape(self.tried[use])}"
                 for use in (False, True) if use in self.tried]
        self.result.value = "<div role='status' style='line-height:1.4'>" + "<br>".join(lines) + "</div>"

    def __repr__(self) -> str:
        tried = " ".join(f"{self.tried[use]}" for use in (False, True) if use in self.tried)
        return " ".join([repr(self.trick), repr(self.dial) + ".", tried or _("Try both choices.")])
