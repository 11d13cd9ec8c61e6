"""BoxSetup: the table as it stands before the first card, for 3, 4 or 5 players."""

from __future__ import annotations

import html

import ipywidgets as w

import rally
from rally.stich_rallye.table_setup import setup_steps

from .._display import StableRepr
from ..closing import replace_children
from ..i18n import _, ngettext
from .card_hand import CardHand
from .motor_dial import MotorDial
from .track_figure import TrackFigure


class BoxSetup(StableRepr, w.VBox):
    """Choose how many play; the engine sets up that game and says each step in words
    (:func:`rally.stich_rallye.table_setup.setup_steps`), and the view draws the result: the cars on
    the start space, every motor on 0 and the first player's hand.

    >>> view = BoxSetup(players=3)
    >>> view.game.players, view.game.positions
    (3, (0, 0, 0))
    >>> view.choose(5)
    >>> len(view.dials.children), view.steps[4][:40]
    (5, 'Cards: with 5 players all 45 cards are i')
    """

    def __init__(self, players: int = 4, track: rally.Track | str = "volcano", seed: int = 1):
        self.track, self.seed = track, seed
        self.game = rally.Game.new(players, track=track, seed=seed)  # rally checks every input
        self.chooser = w.ToggleButtons(options=[(ngettext("{n} player", "{n} players", n).format(n=n), n)
                                                for n in (3, 4, 5)],
                                       value=self.game.players, tooltip="", description=_("Players:"),
                                       style={"button_width": "90px"})
        self.text = w.HTML()
        self.figure = TrackFigure(self.game.track, self.game.positions, self.game.names, width=560, height=300)
        self.dials = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand = CardHand()
        self.table = w.HBox([self.figure, self.dials], layout=w.Layout(flex_flow="row wrap"))
        self.chooser.observe(lambda change: self.choose(change["new"]), names="value")
        super().__init__([self.chooser, self.text, self.table, self.hand], layout=w.Layout(max_width="1120px"))
        self._show()

    @property
    def steps(self) -> list[str]:
        """The set-up, one sentence a step."""
        return setup_steps(self.game)

    def choose(self, players: int) -> None:
        """Set the table up again for ``players`` players (3, 4 or 5)."""
        if players == self.game.players:
            return
        self.game = rally.Game.new(players, track=self.track, seed=self.seed)
        self.figure = TrackFigure(self.game.track, self.game.positions, self.game.names, width=560, height=300)
        replace_children(self.table, (self.figure, self.dials))
        self.chooser.value = players
        self._show()

    def _show(self) -> None:
        game = self.game
        items = "".join(f"<li>{html.escape(step)}</li>" for step in self.steps)
        self.text.value = f"<ol class='rally-setup'>{items}</ol>"
        replace_children(self.dials, [MotorDial(game.dial, name=game.names[s], seat=s) for s in range(game.players)])
        first = game.first_player
        cards = rally.HAND_SIZES[0]
        self.hand.title = ngettext("{name}'s {n} card for round 1 (the flag ⚑ holder plays first)",
                                   "{name}'s {n} cards for round 1 (the flag ⚑ holder plays first)",
                                   cards).format(name=game.names[first], n=cards)
        self.hand.show(game.hands[first])

    def __repr__(self) -> str:
        return ngettext("The box set up: {n} player on the {track} track, the cars on the start, the motors on 0.",
                        "The box set up: {n} players on the {track} track, the cars on the start, the motors on 0.",
                        self.game.players).format(n=self.game.players, track=self.game.track.shown_name)
