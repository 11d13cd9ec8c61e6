"""GameReplay: step through part of a recorded game, event by event.

The table as it stood after each event (from :func:`rally.stich_rallye.replay.replay_states`): the
track, every motor, the trick on the table and the last trick, with what happened in
words. :func:`draw_replay_state` is the one drawing of a replayed moment; the game view's
own replay uses it too.

>>> from rally import examples
>>> game = examples.played(3, 28, 10)
>>> replay = GameReplay(game, first=2, last=5)
>>> replay.text
'Step 1 of 4 · round 1 · ⚑ Ada: Bo plays B6 (blue 6).'
>>> replay.step(+1); replay.step(+1); replay.index
2
>>> replay.step(+5); replay.index   # stops at the last event of the part shown
3
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

import rally
from rally import Game, Moved
from rally.common import inputs
from rally.stich_rallye.replay import ReplayState, replay_states

from .._display import StableRepr
from ..page_style import REPLAY_CONTROLS, PageStyle
from ..i18n import _
from ..style import laps_done
from .motor_dial import MotorDial
from .track_figure import TrackFigure
from .trick_table import TrickTable


def draw_replay_state(game: Game, state: ReplayState, before: Sequence[int], figure: TrackFigure,
                      dials: Sequence[MotorDial], trick: TrickTable, last_trick: TrickTable) -> None:
    """Draw the table right after ``state``'s event; ``before`` is where the cars stood
    just before it (a move is drawn from there to where it ended)."""
    if isinstance(state.event, Moved):
        figure.show_move(state.event.move, animate=False, positions=before)
    else:
        figure.set_positions(state.positions)
    for seat, dial in enumerate(dials):
        dial.update(state.motors[seat], laps=laps_done(state.positions[seat], len(game.track)))
    trick.show_trick(state.trick, state.trick_seats, game.names, complete=len(state.trick) == game.players)
    if state.last_trick:
        last_trick.show_trick(state.last_trick, state.last_trick_seats, game.names, complete=True)
    else:
        last_trick.clear()


class GameReplay(StableRepr, w.VBox):
    """Events ``first`` to ``last`` (counted from 0, both shown) of ``game``, which must
    record its events from the first deal; ◀ and ▶ step one event, the slider jumps."""

    def __init__(self, game: Game, first: int = 0, last: int | None = None, title: str | None = None):
        if not isinstance(game, Game):
            inputs.fail(rally.SetupError, _("GameReplay's game"), _("a Game"), game, "examples.played(3, 28, 200)")
        if not game.full_history:
            raise rally.SetupError(_("GameReplay needs a game that records its events from the first deal, "
                                     "like examples.played(3, 28, 200)."))
        count = len(game.events)
        if count == 0:
            raise rally.SetupError(_("GameReplay needs a game with at least one event, like Game.new(3, seed=1)."))
        first = inputs.whole(first, _("The first event shown"), 0, count - 1, rally.SetupError, 0)
        last = count - 1 if last is None else inputs.whole(last, _("The last event shown"), first, count - 1,
                                                           rally.SetupError, count - 1)
        title = _("Replay") if title is None else inputs.text(title, _("The replay's title"), rally.SetupError,
                                                              "'Replay'", 200)
        self.game = game
        self._states = replay_states(game)
        self._first, self._last = first, last
        before = self._states[first - 1].positions if first > 0 else (0,) * game.players
        self.figure = TrackFigure(game.track, before, game.names, width=640, height=330)
        self.dials = [MotorDial(game.dial, name=game.names[s], seat=s) for s in range(game.players)]
        self.trick_table = TrickTable(title=_("This trick"))
        self.last_trick = TrickTable(title=_("Previous trick"))
        self.back = w.Button(description=_("◀ Step back"), layout=w.Layout(width="auto"))
        self.forward = w.Button(description=_("Step forward ▶"), layout=w.Layout(width="auto"))
        # Shown only at the last step, and never where Step forward was: a child who taps on
        # past the end stays at the end (Step forward greyed there) instead of starting the
        # whole replay again.
        self.again = w.Button(description=_("↺ Back to start"), button_style="primary",
                              layout=w.Layout(width="auto", display="none"))
        self.slider = w.IntSlider(min=0, max=last - first, tooltip="", description=_("Step"), continuous_update=False,
                                  readout=False, layout=w.Layout(width="360px", max_width="100%"))
        self.status = w.HTML()
        self.back.on_click(lambda _: self.step(-1))
        self.forward.on_click(lambda _: self.step(+1))
        self.again.on_click(lambda _: self.step(-self.slider.max))
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        right = w.VBox([w.HBox(self.dials, layout=w.Layout(flex_flow="row wrap")), self.trick_table, self.last_trick],
                       layout=w.Layout(width="470px", max_width="100%"))
        # The buttons stay in sight while a phone scrolls down to the trick they step through
        # (below the track and the dials there): REPLAY_CONTROLS. The line saying what happened
        # stays put: kept in sight, its four or five lines covered the trick (walk 80).
        controls = w.HBox([self.back, self.slider, self.forward, self.again], layout=w.Layout(flex_flow="row wrap"))
        controls.add_class(REPLAY_CONTROLS)
        super().__init__(
            [w.HTML(f"<b>{html.escape(title)}</b>"), controls, self.status,
             w.HBox([self.figure, right], layout=w.Layout(flex_flow="row wrap")), PageStyle()],
            layout=w.Layout(max_width="1120px", border="2px solid #1d4ed8", padding="4px 8px"),
        )
        self._show(0)

    @property
    def index(self) -> int:
        """The event shown, counted from 0 within the part replayed."""
        return int(self.slider.value)

    @property
    def state(self) -> ReplayState:
        """The table after the event shown."""
        return self._states[self._first + self.index]

    @property
    def text(self) -> str:
        """The line above the track, as plain text."""
        state = self.state
        return _("Step {event} of {events} · round {round} · ⚑ {flag}: {text}").format(
            event=self.index + 1, events=self._last - self._first + 1, round=state.round,
            flag=self.game.names[state.flag], text=state.text)

    def step(self, delta: int) -> None:
        """Go ``delta`` events on (negative: back), staying within the part replayed."""
        self.slider.value = max(0, min(self.slider.max, self.index + int(delta)))
        if delta > 0 and self.index == self.slider.max:
            self.again.focus()  # Step forward is greyed now: the keyboard's focus goes beside it

    def _show(self, index: int) -> None:
        at = self._first + index
        before = self._states[at - 1].positions if at > 0 else (0,) * self.game.players
        draw_replay_state(self.game, self._states[at], before, self.figure, self.dials, self.trick_table,
                          self.last_trick)
        self.back.disabled = index == 0
        # At the last step Step forward is greyed (a button that looks usable and does nothing
        # reads as broken); the line says the replay is over, and Back to start, beside it,
        # is the button that starts again.
        end = index == self.slider.max
        self.again.layout.display = "" if end and index else "none"
        self.forward.disabled = end
        said = self.text + (" " + _("The replay is over.") if end else "")
        self.status.value = f"<div role='status'>{html.escape(said)}</div>"

    def __repr__(self) -> str:
        state = self.state
        return _("Replay, step {step} of {steps}, round {round}, {flag} holds the flag: {event}").format(
            step=self.index + 1, steps=self._last - self._first + 1, round=state.round,
            flag=self.game.names[state.flag], event=self.game.describe(state.event))
