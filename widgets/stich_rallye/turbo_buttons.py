"""TurboButtons: the game view's turbo choice, both moves in words on its two buttons and
marked on the track (:class:`~widgets.stich_rallye.game_control.TurboOffer` drawn).

>>> import random
>>> from rally import Game, HeuristicBot, play_bots
>>> from widgets.stich_rallye.game_control import GameControl
>>> game = Game.new(3, seed=4)
>>> _made = play_bots(game, [HeuristicBot()] * 3, random.Random(4), stop=lambda game: game.awaiting_turbo)
>>> control = GameControl(game, human=game.current_player)   # Bo chooses the turbo
>>> buttons = TurboButtons()
>>> buttons.show(control.turbo_offer(), control.game)
>>> buttons.turbo_yes.description, buttons.turbo_no.description
('Use turbo: 2 + 1 → space 6', 'Card alone: 2 → space 2')
"""

from __future__ import annotations

import html

import ipywidgets as w

from rally import Game

from .._display import plain_text
from ..i18n import N_, _
from .game_control import TurboOffer
from .track_figure import TrackFigure

#: Why two turbo choices end on the same space: the one that rolls there, in the move's own
#: words (``roll``: its last caption, "rolls back down the hill to space 6"), by the choice
#: (turbo, card alone, or None: both roll there).
ROLL_WORDS = {True: N_("With the turbo, your car {roll}."), False: N_("With the card alone, your car {roll}."),
              None: N_("Either way, your car {roll}.")}


class TurboButtons(w.VBox):
    """The box with the offer's words, **Use turbo** (``turbo_yes``) and **Card alone**
    (``turbo_no``); hidden until :meth:`show`. ``offered`` is True while it is on show."""

    def __init__(self) -> None:
        self.turbo_text = w.HTML()
        self.turbo_yes = w.Button(description=_("Use turbo"), button_style="warning", layout=w.Layout(width="auto"))
        self.turbo_no = w.Button(description=_("Card alone"), layout=w.Layout(width="auto"))
        self.offered = False
        super().__init__([self.turbo_text, self.turbo_yes, self.turbo_no],
                         layout=w.Layout(display="none", border="2px solid #b45309", padding="4px 8px", margin="4px 0"))

    def show(self, offer: TurboOffer, game: Game, figure: TrackFigure | None = None) -> None:
        """Both choices of ``offer`` in words on the buttons, and marked on ``figure``. When
        both end on the same space, the box says which move rolls there (the move says so).
        The keyboard comes to the choice when it first shows."""
        moves = offer.moves
        where = {use: self._where(m.final, len(game.track)) for use, m in moves.items()}
        # The buttons say where each choice ends, so the box reads without the track (on a
        # phone it is scrolled away above). Two choices ending on one space: the moves say why.
        same = moves[True].final == moves[False].final and moves[True].final < 2 * len(game.track)
        rolls = {use: moves[use].captions(game.names)[-1] for use in moves if same and moves[use].roll is not None}
        if len(rolls) == 2:  # the shorter words: a car one of them passes on the way may be left out
            rolls = {None: min(rolls.values(), key=len)}
        ends = " ".join(html.escape(_(ROLL_WORDS[use]).format(roll=roll)) for use, roll in rolls.items())
        if same:  # said plainly, not only through the roll that takes one of them there (walk 80)
            ends = " ".join(filter(None, [html.escape(_("Both choices end on the same space: the turbo gains nothing "
                                                       "here.")), ends]))
        self.turbo_text.value = "<div style='font-size:13px;line-height:1.35'>" + _(
            "<b>You won the trick.</b> Your motor shows {value}: use it now, or save it for later (it also drives "
            "you at the round's end).").format(value=offer.value) + " " + (
            ends or _("Each button says where you end. Rings on the track show it too.")) + "</div>"
        self.turbo_yes.description = _("Use turbo: {card} + {motor} → {where}").format(
            card=offer.lowest, motor=offer.value, where=where[True])
        self.turbo_no.description = _("Card alone: {card} → {where}").format(card=offer.lowest, where=where[False])
        # The turbo's colour draws the eye: none when it gains nothing.
        self.turbo_yes.button_style = "" if same else "warning"
        self.layout.display = "flex"
        if not self.offered:  # the choice has just appeared: bring the keyboard to it, once
            self.offered = True
            self.turbo_yes.focus()
        if figure is not None and figure.frames_left == 0:
            same = moves[True].final == moves[False].final
            figure.show_choices([(_("turbo or card alone"), moves[True])] if same else
                                [(_("turbo"), moves[True]), (_("card alone"), moves[False])])

    @property
    def words(self) -> str:
        """What the box says, its buttons included (for the screen reader's announcement)."""
        return plain_text(self.turbo_text.value) + " " + " / ".join(
            (self.turbo_yes.description, self.turbo_no.description))

    def hold(self, held: bool) -> None:
        """Keep the choice on show but let it wait (``held``: a tip to read first): its
        buttons are greyed and take no tap, so none looks live while it does nothing."""
        self.turbo_yes.disabled = self.turbo_no.disabled = held

    def hide(self) -> None:
        """Take the choice off the page."""
        self.layout.display = "none"
        self.offered = False

    @staticmethod
    def _where(progress: int, n: int) -> str:
        if progress >= 2 * n:
            return _("the finish: you win!")
        if progress % n == 0:
            return _("start/finish")
        if progress >= n:
            return _("space {space}, lap {lap}").format(space=progress % n, lap=progress // n + 1)
        return _("space {space}").format(space=progress % n)
