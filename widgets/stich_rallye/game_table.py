"""GameTable: what the game view draws of the table, the track, the trick, the previous
trick and every motor, kept in line with a game event by event (and with a replay's
states after it).

>>> from rally import Game
>>> game = Game.new(3, track="beach", seed=4)
>>> table = GameTable(game)
>>> for card in ("G3", "B4", "G6"):
...     game.apply(card)
>>> for event in game.events:
...     table.absorb(event, animate=False)
>>> table.last_trick
Previous trick: Ada green 3, Bo blue 4 and Cy green 6. Bo wins.
"""

from __future__ import annotations

from typing import Sequence

from rally import Card, Dealt, Event, FlagTaken, Game, Moved, MotorReleased, MotorWound, TrickWon, TurboUsed
from rally.stich_rallye.replay import ReplayState

from ..i18n import _
from ..style import laps_done
from .game_replay import draw_replay_state
from .motor_dial import MotorDial
from .track_figure import TrackFigure
from .trick_table import TrickTable

#: The track's size during play: with the trick beside it, 850 px in all.
TRACK_SIZE = (590, 270)


class GameTable:
    """The table of ``game``: ``figure`` (the track), ``trick_table``, ``last_trick`` and
    ``dials`` (a motor a seat); the view lays them out."""

    def __init__(self, game: Game) -> None:
        self.game = game
        names = game.names
        self.figure = TrackFigure(game.track, game.positions, names, width=TRACK_SIZE[0], height=TRACK_SIZE[1])
        self.trick_table = TrickTable(title=_("This trick"))
        self.last_trick = TrickTable(title=_("Previous trick"))
        self.dials = [MotorDial(game.dial, name=names[s], seat=s) for s in range(game.players)]
        self._won: tuple[tuple[Card, ...], tuple[int, ...]] | None = None  # a won trick still on the table
        self._last: tuple[tuple[Card, ...], tuple[int, ...]] | None = None  # the trick "Previous trick" shows

    def absorb(self, event: Event, animate: bool) -> None:
        """Show what ``event`` changes on the table (a move played step by step when ``animate``)."""
        game = self.game
        if isinstance(event, TrickWon):
            self._won = (event.cards, event.seats)
        elif isinstance(event, FlagTaken) and event.reason in ("trick", "last trick") and self._won:
            # The trick is cleared from the table: it becomes the last trick (a round's last too).
            self._last, self._won = self._won, None
            self.show_last()
        elif isinstance(event, Moved):
            self.figure.show_move(event.move, animate=animate)
            dial = self.dials[event.seat]
            dial.update(dial.position, laps=laps_done(event.move.final, len(game.track)), change="")
        elif isinstance(event, MotorWound):
            self.dials[event.seat].update(event.position)
        elif isinstance(event, (TurboUsed, MotorReleased)):
            self.dials[event.seat].release()
        elif isinstance(event, Dealt):
            for dial in self.dials:
                dial.release()

    def show_previous(self, trick: tuple[Sequence[Card], Sequence[int]] | None) -> None:
        """"Previous trick" shows ``trick`` (its cards and seats; ``None``: an empty table)
        for a while (:meth:`show_last` puts the game's back)."""
        if trick is None:
            self.last_trick.clear()
        else:
            self.last_trick.show_trick(*trick, self.game.names, complete=True)

    def show_last(self) -> None:
        """"Previous trick" shows the trick last cleared from the table."""
        self.show_previous(self._last)

    def sync(self) -> None:
        """The cars and motors as the game has them (once no move is being played)."""
        game = self.game
        if self.figure.frames_left == 0 and self.figure.positions != game.positions:
            self.figure.set_positions(game.positions)
        for seat, dial in enumerate(self.dials):
            if (dial.position, dial.laps) != (game.motors[seat], game.laps[seat]):
                dial.update(game.motors[seat], laps=game.laps[seat])

    def show_state(self, states: Sequence[ReplayState], index: int) -> None:
        """The table right after event ``index`` of the replay's ``states``."""
        before = states[index - 1].positions if index > 0 else tuple([0] * self.game.players)
        draw_replay_state(self.game, states[index], before, self.figure, self.dials, self.trick_table,
                          self.last_trick)
