"""ReplayPanel: the game view's replay controls after the game, "◀ Step back", a slider and
"Step forward ▶", with the words of the step shown; the table itself is drawn by the view
(``on_show``). A decision chosen in a review opens the replay just before it, explained
from its trick's start.

>>> panel = ReplayPanel(on_show=lambda index, state: None)
>>> panel.index is None, panel.layout.display
(True, 'none')
"""

from __future__ import annotations

import asyncio
import html
from typing import Callable

import ipywidgets as w

import rally
from rally import Game
from rally.stich_rallye.events import CardPlayed, FlagTaken, MotorWound
from rally.stich_rallye.replay import ReplayState, replay_states, trick_span

from ..closing import replace_children, running_loop
from ..i18n import _, ngettext
from ..occasion import Occasion
from ..page_style import REPLAY_CONTROLS
from ..scroll_anchor import ScrollAnchor

#: Seconds between two steps of the replay playing by itself: time to read a step's line.
PLAY_INTERVAL = 1.5
#: A card played, a motor wound, the flag passed: short lines, two thirds of a game's steps,
#: shown for this share of :data:`PLAY_INTERVAL` (with the longer lines' time below, a whole
#: game of 232 steps plays in under 5 minutes).
QUICK_SHARE = 0.4
QUICK_EVENTS = (CardPlayed, MotorWound, FlagTaken)
#: Any other step's line is read at this many words a :data:`PLAY_INTERVAL` (a trick's
#: explanation runs to 30 words and more), but is shown at most :data:`LONGEST_STEP` seconds.
WORDS_A_STEP = 12
LONGEST_STEP = 4.0


def step_seconds(state: ReplayState) -> float:
    """How long the replay playing by itself shows ``state`` before the next step."""
    if isinstance(state.event, QUICK_EVENTS):
        return PLAY_INTERVAL * QUICK_SHARE
    return min(LONGEST_STEP, PLAY_INTERVAL * max(1.0, len(state.text.split()) / WORDS_A_STEP))


class ReplayPanel(w.VBox):
    """The replay of a finished game: ``states`` (one a logged event) and the controls
    stepping through them; ``on_show(index, state)`` draws the table at each."""

    def __init__(self, on_show: Callable[[int, ReplayState], object]) -> None:
        self.on_show = on_show
        self.states: list[ReplayState] = []
        self.started = Occasion()  # the game is over and its replay is there
        self._names: tuple[str, ...] = ()
        # A decision chosen in the review: its event, its trick's last event, and its words.
        self._note: tuple[int, int, str] | None = None
        self._note_from = 0
        self.back = w.Button(description=_("◀ Step back"), layout=w.Layout(width="auto"))
        self.forward = w.Button(description=_("Step forward ▶"), layout=w.Layout(width="auto"))
        #: Plays the replay by itself, a step every :data:`PLAY_INTERVAL` seconds (inside Jupyter).
        self.play_button = w.Button(description=_("▶ Play"), layout=w.Layout(width="auto"))
        self._playing: asyncio.Task | None = None
        self._stepping_itself = False
        self.slider = self._new_slider(0)
        #: The buttons and the slider: a row of their own for the page to place under the panel,
        #: where on a phone they stay in sight while the child scrolls down to the table they
        #: step through (:data:`~widgets.page_style.REPLAY_CONTROLS`; inside the panel they
        #: could not outstay it: walk 80). Shown with the panel.
        self.controls = w.HBox([self.back, self.slider, self.forward, self.play_button],
                               layout=w.Layout(flex_flow="row wrap", align_items="center", display="none",
                                               border="2px solid #1d4ed8", padding="4px 8px", max_width="850px"))
        self.controls.add_class(REPLAY_CONTROLS)
        self.text = w.HTML()
        self.anchor = ScrollAnchor()
        super().__init__(
            [self.anchor,
             w.HTML(_("<b>Replay</b>: step through everything that happened, from the first deal.")),
             self.text],
            layout=w.Layout(display="none", border="2px solid #1d4ed8", padding="4px 8px", max_width="850px"),
        )
        self.back.on_click(lambda _: self.step(-1))
        self.forward.on_click(lambda _: self.step(+1))
        self.play_button.on_click(lambda _: self.toggle_play())

    def _new_slider(self, last: int) -> w.IntSlider:
        """A slider over events 0..``last``, standing at ``last``. A game's replay gets a new
        one: the browser's slider keeps the range it was drawn with for its End key, so a
        slider drawn before the game (0..0) sent End to the first step."""
        # No number beside the slider: it counts from 0, while the text below says
        # "Step 210 of 221" (counting from 1), and the two disagreed by one.
        slider = w.IntSlider(value=last, min=0, max=last, tooltip="", description=_("Step"),
                             continuous_update=False, readout=False,
                             layout=w.Layout(width="420px", max_width="100%"))
        slider.observe(self._slider_moved, names="value")
        return slider

    @property
    def index(self) -> int | None:
        """The event shown, or None before the game is over."""
        return self.slider.value if self.states else None

    @property
    def state(self) -> ReplayState | None:
        """What is shown now, or None before the game is over."""
        return self.states[self.slider.value] if self.states else None

    def start(self, game: Game) -> None:
        """After the game: the replay stands at its last event, the board as the game
        ended; its forward button then starts again from the first deal."""
        self.states = replay_states(game)
        self._names = tuple(game.names)
        self.layout.display = self.controls.layout.display = "flex"
        last = len(self.states) - 1
        self.pause()
        old, self.slider = self.slider, self._new_slider(last)
        replace_children(self.controls, [self.slider if child is old else child for child in self.controls.children])
        self.show(last)
        self.started.come()

    def when_started(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (no arguments) once the game is over and its replay is there,
        at once if it is already."""
        self.started.then(callback)

    def step(self, delta: int) -> None:
        """Move ``delta`` events forward (or back, when negative). Forward from the last
        event starts again at the first deal, and plays on by itself (in Jupyter)."""
        if self.states:
            last = len(self.states) - 1
            if delta > 0 and self.slider.value == last:
                self.slider.value = 0
                self.toggle_play()
                return
            self.slider.value = max(0, min(last, self.slider.value + delta))

    def _slider_moved(self, change: dict) -> None:
        if not self._stepping_itself:
            self.pause()  # the learner took the controls
        self.show(change["new"])

    @property
    def playing(self) -> bool:
        """True while the replay plays by itself."""
        return self._playing is not None and not self._playing.done()

    def toggle_play(self) -> None:
        """Play the replay by itself from the step shown (from the first deal when it
        stands at the end), or pause it. Needs Jupyter's event loop; without one (a
        script), nothing happens."""
        if self.playing:
            self.pause()
            return
        loop = running_loop()
        if loop is None or not self.states:
            return
        self._playing = loop.create_task(self.play_on())
        self.play_button.description = _("⏸\ufe0e Pause")

    def pause(self) -> None:
        """Stop playing by itself, at the step shown."""
        task = self._playing
        if task is not None and not task.done():
            task.cancel()
        self._idle()

    def _idle(self) -> None:
        """Not playing by itself (paused, or played to the end): the button says Play."""
        self._playing = None
        self.play_button.description = _("▶ Play")
        self._show_play_button()

    def _show_play_button(self) -> None:
        """At the end the forward button ("Replay from the first deal ▶") plays the game
        again: the play button stands aside there, so no two buttons say the same."""
        at_end = bool(self.states) and self.slider.value == len(self.states) - 1
        self.play_button.layout.display = "none" if at_end and not self.playing else None

    async def play_on(self, interval: float | None = None) -> None:
        """Step forward every ``interval`` seconds (by default each step as long as
        :func:`step_seconds` says) to the end (from the first deal when the replay stands at
        its end), then stop. A closed panel stops too."""
        last = len(self.states) - 1
        if self.slider.value == last:
            self._step_itself(0)
        while self.comm is not None and self.slider.value < last:
            await asyncio.sleep(interval if interval is not None else step_seconds(self.states[self.slider.value]))
            if self.comm is None:
                break
            self._step_itself(self.slider.value + 1)
        if self._playing is asyncio.current_task():
            self._idle()

    def _step_itself(self, index: int) -> None:
        self._stepping_itself = True
        try:
            self.slider.value = index
        finally:
            self._stepping_itself = False

    def to(self, index: int) -> None:
        """Show the table right after event ``index``."""
        if self.states:
            self.slider.value = max(0, min(len(self.states) - 1, index))

    def open_at(self, game: Game, decision: rally.ReviewedDecision) -> None:
        """Open just before ``decision``, its explanation shown from its trick's start to the
        trick's end."""
        if not self.states:
            return
        self.pause()
        first, last = trick_span(game, decision.event)
        # The explanation names the card played, so the note's heading says only when.
        where = _("Round {round}, trick {trick}").format(round=decision.round, trick=decision.trick)
        self._note = (decision.event, last, (f"<div style='margin-top:4px;padding:4px 6px;background:#fef3c7'>"
                                             f"<b>{html.escape(where)}</b>: "
                                             f"{html.escape(decision.explanation)}</div>"))
        self._note_from = max(0, first - 1)  # stepping back through the trick keeps the note
        # The replay opens one step before the decision: one tap forward shows it. (Opened at
        # the trick's start, a child tapped up to 9 times with the table out of sight.)
        opening = max(0, decision.event - 1)
        if self.slider.value == opening:
            self.show(opening)
        else:
            self.to(opening)
        # The keyboard goes to the replay first; then the anchor scrolls it to the top (the
        # focus alone would scroll only as far as the button).
        self.forward.focus()
        self.anchor.bring_into_view()  # the review sits above: bring the replay and the board up

    def forget_note(self) -> None:
        """The decision explained belonged to one person's review: it goes with it."""
        self._note = None

    def show(self, index: int) -> None:
        """Show the table right after event ``index``, and its words."""
        if not self.states:
            return
        state = self.states[index]
        self.on_show(index, state)
        at_end = index == len(self.states) - 1
        self.text.value = "<div style='line-height:1.4'>" + _(
            "Step {event} of {events} · round {round} · ⚑ {flag}").format(
            event=index + 1, events=len(self.states), round=state.round, flag=html.escape(self._names[state.flag])
        ) + (f"<br><b>{html.escape(state.text)}</b>{self._note_words(index)}"
             + ("<br>" + _("This is how the game ended. “Replay from the first deal” tells it again, event by event.")
                if at_end else "")) + "</div>"
        self.back.disabled = index == 0
        self._show_play_button()
        self.forward.description = _("Replay from the first deal ▶") if at_end else _("Step forward ▶")

    def _note_words(self, index: int) -> str:
        """A decision chosen in the review stays explained from its trick's start to the decision itself."""
        if self._note is None or not self._note_from <= index <= self._note[1]:
            return ""
        steps = self._note[0] - index
        note = self._note[2]
        if steps == 0:  # the line stays (the table does not jump up under it) and says so
            note += "<div>" + _("This is that moment.") + "</div>"
        elif steps == 1:
            note += "<div>" + _("Step forward to see it: it comes next.") + "</div>"
        elif steps > 1:
            soon = ngettext("Step forward to see it: it comes in {n} step.",
                            "Step forward to see it: it comes in {n} steps.", steps).format(n=steps)
            note += f"<div>{soon}</div>"
        return note
