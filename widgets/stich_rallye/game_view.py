"""GameView: a whole game of Stich Rallye against bots, in one widget.

You play one seat (seat 0 by default) with a :class:`CardHand`; bots play the others.
The view shows the track, every motor, the trick and the last trick with rally's
explanation, the flag holder and the round, and every event in words. Above your hand
it says what you may play and why (:func:`rally.play_rule`). When you win a trick with
a wound motor, two buttons ask whether to use it, and the track marks where each choice
would take your car. After the game a replay steps through the recorded events from
the first deal.

With ``coach=True`` a "Hint" button asks the advisor for the best option, in words with
its win chance, within :attr:`GameView.hint_seconds` (on a busy machine the hint stops
there and says it is not sure yet), and after the game a :class:`GameReview` shows your
win chance over the game and the three decisions that cost the most, each opening the
replay where its trick began. In Jupyter the review's work starts during the game: after
each of your decisions a thread beside the kernel's event loop does what the review will
do for it (:func:`rally.stich_rallye.review.look_ahead`, pausing while a hint is worked out), and after
the game the review is taken a step at a time in a thread too
(:func:`rally.review_steps`): the page shows what it has found, about once a second,
until it is complete.

The layout fits a 1280 x 800 window with JupyterLab's side bar open: the track, the
trick on the table, the turbo choice and your hand sit together; the motors, the last
trick and the log go to the right when there is room, else below.

With ``people=[0, 2]`` several people play at one screen (pass-and-play) and computer
players take the other seats. A hand is then shown only to its owner: between turns a
:class:`ScreenCover` stands where the hand was, saying what the whole table sees and
asking the next person to press a button once only they can see the screen. Each person
decides their own turbo, and after the game each can open their own review, one at a
time, behind the same cover.

Bots act at once by default, so code (and tests) can drive the game synchronously;
in Jupyter the "Bots" control slows them down to watch, with animated moves.

>>> view = GameView(3, track="beach", seed=4)
>>> view
A game on the beach track, seed 4, round 1: Ada to play. The cars have driven 0, 0 and 0 spaces.
>>> view.hand.playable
['R3', 'R4', 'R5', 'G3', 'B3']
>>> view.hand.prompt
'Your turn. You lead this trick: play any card; the others must follow its color if they can.'
>>> view.play_card("G3")   # Ada plays; the bots answer until Ada must act again
True
>>> view.messages[1:4]
['Ada plays G3 (green 3).', 'Bo plays B4 (blue 4).', 'Cy plays G6 (green 6).']
>>> view.last_trick
Previous trick: Ada green 3, Bo blue 4 and Cy green 6. Bo wins.
>>> view.figure
The beach track, 28 spaces. Cars on spaces 0, 3 and 0.
>>> view.play_card("X1")
False
>>> view.alert_text
"'X1' is not a card: write a color letter R, G or B followed by a value from 1 to 15, like G11."
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import random
import threading
from typing import Iterator, Sequence

import ipywidgets as w

import rally
from rally.stich_rallye.table_view import table_view
from rally.common.turns import play_bots
from rally import (
    DEFAULT_DIAL, HAND_SIZES, Bot, Card, Dealt, Event, FlagTaken, Game, HeuristicBot, Moved,
    MotorReleased, MotorWound, Track, TrickWon, Turbo, TurboUsed,
)
from rally.common import inputs

from .._display import StableRepr, plain_text
from ..i18n import N_, _, decimal, get_language, join_words, ngettext
from ..announcer import Announcer
from ..page_style import PageStyle
from ..scroll_anchor import ScrollAnchor
from .card_hand import CardHand
from .game_replay import draw_replay_state
from .game_review import GameReview
from .motor_dial import MotorDial
from .screen_cover import ScreenCover
from rally.stich_rallye.replay import ReplayState, replay_states, trick_span
from rally.stich_rallye.game import decision_of
from rally.stich_rallye.advisor import HINT_SECONDS
from rally.stich_rallye.review import look_ahead
from ..style import car_words, laps_done
from .track_figure import TrackFigure
from .trick_table import TrickTable

#: Bot speeds offered by the "Bots" control: seconds between two bot actions (each label
#: translated where shown).
SPEEDS = ((N_("instant"), 0.0), (N_("fast"), 0.4), (N_("slow"), 1.0))
#: What each speed of :data:`SPEEDS` does, for its tooltip.
SPEED_TIPS = (N_("act at once"), N_("pause 0.4 s"), N_("pause 1 s"))
#: Events shown in the message area (all of them stay in ``messages``).
LOG_LINES = 80
#: The most events one announcement reads out (a bot round between two of your turns fits).
ANNOUNCED_EVENTS = 16
#: The longest pause between two bot actions, in seconds.
MAX_DELAY = 10
#: The track's size during play: with the trick beside it, 850 px in all.
TRACK_SIZE = (590, 270)
#: Why two turbo choices end on the same space: the one that rolls there, in the move's own
#: words (``roll``: its last caption, "rolls back down the hill to space 6"), by the choice
#: (turbo, card alone, or None: both roll there).
ROLL_WORDS = {True: N_("With the turbo, your car {roll}."), False: N_("With the card alone, your car {roll}."),
              None: N_("Either way, your car {roll}.")}
#: While a review grows, the page shows what it has at most this often, in seconds (and
#: always its first step and its last).
REVIEW_REFRESH = 1.0


class GameView(StableRepr, w.VBox):
    """A full game against bots. ``play_card``/``choose_turbo`` (or a click on the
    hand / turbo buttons) play for the human; the bots then act until the human must
    act again or the game is over. Illegal or malformed input shows rally's reason in
    ``alert`` and changes nothing.

    ``bots`` is one bot for every other seat or a list with one per seat (the people's
    entries are ignored); they draw from ``rng`` (default ``random.Random(seed)``).

    ``people`` lists the seats people play at this screen (by default ``[human]``). With
    two or more, hands are hidden between turns (see the module's text): ``viewer`` is
    the seat whose hand is on screen, ``None`` while the cover is up.

    >>> table = GameView(4, seed=5, people=[0, 2])
    >>> table.viewer, table.cover
    (None, Pass the screen to Ada (white car). Ada, press the button when only you can see the screen. Round 1. Ada to play. Cards in hand: Ada 5, Bo 5, Cy 5 and Di 5. The button says: “I am Ada: show my cards”.)
    >>> table.reveal()
    True
    >>> table.viewer, table.hand.title
    (0, "Ada's hand (white car)")
    """

    #: The hint's time budget in seconds (None: no limit, the whole analysis, the same on
    #: any machine): :data:`rally.stich_rallye.advisor.HINT_SECONDS`.
    hint_seconds: float | None = HINT_SECONDS

    def __init__(
        self,
        players: int = 4,
        track: Track | str = "volcano",
        seed: int = 0,
        *,
        names: Sequence[str] | None = None,
        human: int | None = None,
        bots: Bot | Sequence[Bot] | None = None,
        rng: random.Random | None = None,
        bot_delay: float = 0.0,
        first_player: int = 0,
        dial: Sequence[int] = DEFAULT_DIAL,
        game: Game | None = None,
        coach: bool = False,
        people: Sequence[int] | None = None,
    ):
        if game is None:
            game = Game.new(players, track=track, seed=seed, first_player=first_player, dial=dial, names=names)
        elif not isinstance(game, Game):
            inputs.fail(rally.SetupError, _("GameView's game"), _("a Game"), game, "Game.new(4, seed=3)")
        elif not game.full_history:  # the replay retells the whole log, from the first deal
            raise rally.SetupError(_("GameView needs a game that records its events from the first deal: "
                                     "Game.new(..., record=True), played on."))
        if human is not None:
            human = inputs.seat(human, game.players, rally.SetupError, _("The human's seat"))
        self.people = inputs.people(people, human, game.players, rally.SetupError)
        human = self.people[0] if human is None else human
        bot_delay = inputs.number(bot_delay, _("The bots' delay in seconds"), 0, MAX_DELAY, rally.SetupError, 0.4)
        if rng is not None and not isinstance(rng, random.Random):
            inputs.fail(rally.SetupError, _("GameView's rng"), _("a random.Random"), rng, "random.Random(7)")
        self.coach = inputs.flag(coach, "coach", rally.SetupError)
        self.review: rally.Review | None = None
        self.review_view: GameReview | None = None
        self._hint = ""
        # A decision chosen in the review: its event, its trick's last event, and its words.
        self._note: tuple[int, int, str] | None = None
        self._note_from = 0
        self.game = game
        self.human = human
        #: Pass-and-play: more than one person at this screen, so hands are hidden between turns.
        self.passing = len(self.people) > 1
        #: The seat whose hand is on screen (``None``: the cover is up).
        self.viewer: int | None = None if self.passing else human
        self._reviews: dict[int, rally.Review] = {}
        self._hints: dict[int, list[rally.Advice]] = {}  # the hints each seat was shown, for its review
        self._review_task: asyncio.Task | None = None
        self._ahead: list[concurrent.futures.Future] = []  # the review's work on decisions made, queued
        #: The answer behind the hint on show (None when there is none).
        self.hint_advice: rally.Advice | None = None
        self._focus_cover = False  # pass-and-play: the cover's button gets the keyboard when it next asks
        self.bots = _bots_per_seat(bots, game.players)
        self._seats: list[Bot | None] = [None if s in self.people else bot for s, bot in enumerate(self.bots)]
        self.rng = rng if rng is not None else random.Random(game.seed)
        self._messages: list[str] = []
        self._seen = 0
        self._task: asyncio.Task | None = None
        self._states: list[ReplayState] = []
        self._won: tuple[tuple[Card, ...], tuple[int, ...]] | None = None  # a won trick still on the table
        # A new deal since the person last acted: their hand was empty, so the keyboard's
        # focus went with its last card; it is brought back to the new hand.
        self._dealt = False
        self._alert = ""
        names = game.names

        self.status = w.HTML()
        self.status.add_class("rally-game__status")  # the page's (and the browser tests') handle on it
        self.alert = w.HTML()
        self.figure = TrackFigure(game.track, game.positions, names, width=TRACK_SIZE[0], height=TRACK_SIZE[1])
        self.hand = CardHand(title=self._hand_title(human))
        self.cover = ScreenCover()
        self.cover.on_reveal(self.reveal)
        self.trick_table = TrickTable(title=_("This trick"))
        self.last_trick = TrickTable(title=_("Previous trick"))
        self.dials = [MotorDial(game.dial, name=names[s], seat=s) for s in range(game.players)]
        self.turbo_text = w.HTML()
        self.turbo_yes = w.Button(description=_("Use turbo"), button_style="warning", layout=w.Layout(width="auto"))
        self.turbo_no = w.Button(description=_("Card alone"), layout=w.Layout(width="auto"))
        self.turbo_box = w.VBox([self.turbo_text, self.turbo_yes, self.turbo_no],
                                layout=w.Layout(display="none", border="2px solid #b45309", padding="4px 8px",
                                                margin="4px 0"))
        self.hint_button = w.Button(description=_("Hint: ask the advisor"),
                                    layout=w.Layout(width="auto"),
                                    tooltip=_("Plays every choice in many test games and says which wins most often"))
        self.hint_text = w.HTML()
        self.hint_box = w.VBox([self.hint_button, self.hint_text],
                               layout=w.Layout(width="250px", max_width="100%", display="flex" if self.coach else "none"))
        self.review_box = w.VBox(layout=w.Layout(display="none"))
        self.review_cover = ScreenCover()  # pass-and-play: the reviews' cover, above the replay
        self.review_cover.on_reveal(self.reveal)
        self._chooser: tuple[w.Widget, ...] | None = None  # pass-and-play: the reviews' buttons, once over
        self._hide_review = w.Button(description=_("Done: hide my review"), button_style="primary",
                                     layout=w.Layout(width="auto"))
        self._hide_review.on_click(lambda _: self.hide())
        #: What a screen reader says as the game goes on: one live region, made once.
        self.announcer = Announcer()
        self._announced = 0  # how many of the messages were announced
        self._last_prompt = ""
        self._offered = False  # the turbo choice is on show (the keyboard was brought to it)
        options = [(_(label), delay) for label, delay in SPEEDS]
        if bot_delay not in dict(SPEEDS).values():
            options.append((f"{decimal(bot_delay, None)} s", bot_delay))
        # A drop-down, not a row of buttons: its words read apart ("instant", "fast", "slow"),
        # where side-by-side buttons ran together as "instantfastslow" in the page's text.
        self.speed = w.Dropdown(options=options, value=bot_delay, description=_("Computer pace:"),
                                tooltip=" · ".join(_(tip) for tip in SPEED_TIPS), style={"description_width": "initial"},
                                layout=w.Layout(width="auto"))
        self.event_log = w.HTML(layout=w.Layout(width="100%"))
        self.replay_back = w.Button(description=_("◀ Step back"), layout=w.Layout(width="auto"))
        self.replay_forward = w.Button(description=_("Step forward ▶"), layout=w.Layout(width="auto"))
        # No number beside the slider: it counts from 0, while the text below says
        # "Step 210 of 221" (counting from 1), and the two disagreed by one.
        self.replay_slider = w.IntSlider(min=0, max=0, description=_("Step"), continuous_update=False,
                                         readout=False, layout=w.Layout(width="420px", max_width="100%"))
        self.replay_text = w.HTML()
        self.replay_anchor = ScrollAnchor()
        self.replay_box = w.VBox(
            [self.replay_anchor,
             w.HTML(_("<b>Replay</b>: step through everything that happened, from the first deal.")),
             w.HBox([self.replay_back, self.replay_slider, self.replay_forward],
                    layout=w.Layout(flex_flow="row wrap", align_items="center")), self.replay_text],
            layout=w.Layout(display="none", border="2px solid #1d4ed8", padding="4px 8px", max_width="850px"),
        )

        self.hand.observe(self._on_selected, names="selected")
        self.turbo_yes.on_click(lambda _: self.choose_turbo(True))
        self.turbo_no.on_click(lambda _: self.choose_turbo(False))
        self.hint_button.on_click(lambda _: self.show_hint())
        self.replay_slider.observe(lambda change: self._show_replay(change["new"]), names="value")
        self.replay_back.on_click(lambda _: self.replay_step(-1))
        self.replay_forward.on_click(lambda _: self.replay_step(+1))

        # The play area is 850 px wide: a notebook's output area in a 1280 x 800 window
        # with JupyterLab's side bar open. The track, the trick, the turbo choice and the
        # hand sit together in it, about 520 px high. The side column (motors, last trick,
        # log) goes to its right when the side bar is closed (1120 px), else below it.
        beside = w.VBox([self.trick_table, self.turbo_box], layout=w.Layout(width="255px"))
        # Every row wraps: on a narrow screen (a phone) the trick goes under the track, the
        # hint under the hand, the dials under it all; the track scales to the width there is.
        wrap = w.Layout(flex_flow="row wrap", max_width="100%")
        # Pass-and-play's cover takes the hand's place between turns.
        play = w.VBox([w.HBox([self.figure, beside], layout=wrap),
                       w.HBox([self.hand, self.cover, self.hint_box], layout=wrap)],
                      layout=w.Layout(width="850px", max_width="100%"))
        dials = w.HBox(self.dials, layout=w.Layout(flex_flow="row wrap"))
        side = w.VBox([dials, self.last_trick, self.speed], layout=w.Layout(width="255px", max_width="100%"))
        self.hand.layout.width = "590px"
        self.hand.layout.max_width = "100%"
        super().__init__(
            [w.VBox([self.status, self.alert]), self.review_box, self.replay_box,
             w.HBox([play, side], layout=w.Layout(flex_flow="row wrap")), self.event_log, self.announcer,
             PageStyle()],
            layout=w.Layout(width="100%", max_width="1120px"),
        )
        self._advance()

    # -------------------------------------------------------------- reading
    @property
    def messages(self) -> list[str]:
        """Every event so far in words, in order."""
        return list(self._messages)

    @property
    def alert_text(self) -> str:
        """The message shown after bad input ('' when there is none)."""
        return self._alert

    @property
    def waiting_for_human(self) -> bool:
        """True when a person must act now (and no bot is still playing)."""
        return not self.busy and not self.game.is_over and self.game.current_player in self.people

    @property
    def busy(self) -> bool:
        """True while bots are playing on a timer."""
        return self._task is not None and not self._task.done()

    @property
    def replay_index(self) -> int | None:
        """The event shown by the replay, or None before the game is over."""
        return self.replay_slider.value if self._states else None

    @property
    def replay_state(self) -> ReplayState | None:
        """What the replay shows now."""
        return self._states[self.replay_slider.value] if self._states else None

    # --------------------------------------------------------------- acting
    def play_card(self, card: Card | str) -> bool:
        """Play ``card`` for the human. Returns False (with the reason in ``alert``)
        when it may not be played now."""
        return self.act(card)

    def choose_turbo(self, use: bool) -> bool:
        """Use the motor (True) or move by the card alone (False) after winning a trick.
        Anything but True or False is refused in ``alert``."""
        try:
            action = Turbo(use)
        except rally.RuleError as err:
            self._show_alert(str(err))
            return False
        return self.act(action)

    def act(self, action: Card | Turbo | str) -> bool:
        """Do ``action`` for the person whose hand is shown, then let the bots play.
        Returns True if done."""
        if self.busy:
            self._show_alert(_("Wait a moment: the bots are still playing."))
            return False
        seat = self.viewer
        if seat is None and not self.game.is_over:  # pass-and-play, the cover up: nobody's cards are out
            current = self.game.current_player
            name = self.game.names[current]
            self._show_alert(_("First pass the screen to {name}: {name}, press “{button}” when only you can see "
                               "the screen.").format(name=name, button=self.cover.button.description)
                             if current in self.people else _("Wait: {name} is a computer player.").format(name=name))
            return False
        try:
            reason = self.game.why_illegal(action, self.human if seat is None else seat)
        except (rally.RuleError, ValueError) as err:  # e.g. card text that is not a card
            reason = str(err)
        if reason is not None:
            self._show_alert(reason)
            return False
        assert seat is not None  # why_illegal refuses every action once the game is over
        moment = rally.Position.from_game(self.game) if self.coach and _running_loop() is not None else None
        made = len(self.game.events)
        self.game.apply(action, seat)
        if moment is not None and not self.game.is_over:  # the review's work on it, started now in a thread
            chosen = next(filter(None, map(decision_of, self.game.events[made:])))[1]
            self._ahead = [job for job in self._ahead if not job.done()]
            self._ahead.append(_worker("ahead").submit(look_ahead, moment, chosen, _wait_for_hints))
        self._hint, self.hint_advice = "", None  # a hint answers one decision only
        if isinstance(action, Turbo):  # chosen: the buttons go at once, not after the next stop or bot
            self.turbo_box.layout.display = "none"
        if self.passing and self.game.current_player != seat:
            # The turn has passed: the hand goes under the cover at once, before the computer
            # players' moves are shown (slowly, when they are slowed down).
            self.viewer = None
            self._hide_hand()
            self._cover(self.game.current_player)
            self._focus_cover = True
        self._show_alert("")
        self._advance()
        if isinstance(action, Turbo) and not self.game.is_over and self.viewer is not None:
            self.hand.focus_card()  # the turbo buttons are gone: the keyboard goes back to the hand
        return True

    def reveal(self) -> bool:
        """Pass-and-play: the person the cover asks for has the screen to themselves. Show
        their cards (their review, once the game is over). Returns False, with the reason
        in ``alert``, when the cover asks for nobody."""
        cover = self.review_cover if self.game.is_over else self.cover
        seat = cover.asked
        if seat is None or self.busy:
            self._show_alert(_("Nobody is asked to take the screen now."))
            return False
        self.viewer = seat
        self._show_alert("")
        if self.game.is_over:
            cover.hide()
            self._start_review(seat, hideable=True)
            self._show_replay(self.replay_slider.value)
        else:
            self._refresh()
            if not self.game.awaiting_turbo:  # the turbo buttons take the keyboard themselves
                self.hand.focus_card()
        return True

    def ask_review(self, seat: int) -> bool:
        """Pass-and-play, after the game: ask ``seat``'s person to take the screen for their
        own review (behind the cover, as during play). Returns False, with the reason in
        ``alert``, for a seat that is no person's or before the game is over."""
        if not (self.passing and self.game.is_over):
            self._show_alert(_("Each person's review opens once a game of several people is over."))
            return False
        if not (inputs.is_whole(seat) and seat in self.people):
            self._show_alert(_("The reviews are for the people's seats, {seats}, not {given}.").format(
                seats=join_words([str(s) for s in self.people]), given=inputs.shown(seat)))
            return False
        self.hide()
        self.review_cover.ask(table_view(self.game), seat, review=True)
        self.review_cover.button.focus()
        return True

    def hide(self) -> None:
        """Pass-and-play: take the cards (or the review) off the screen; once the game is
        over, the reviews' buttons come back."""
        if not self.passing:
            return
        self.viewer = None
        self._note = None  # a decision of the review explained in the replay: it was theirs alone
        self._show_alert("")
        if self.game.is_over:
            self._offer_reviews()
            self._show_replay(self.replay_slider.value)
        else:
            self._refresh()

    def replay_step(self, delta: int) -> None:
        """Move the replay ``delta`` events forward (or back, when negative). Forward from
        the last event starts again at the first deal."""
        if self._states:
            last = len(self._states) - 1
            if delta > 0 and self.replay_slider.value == last:
                self.replay_slider.value = 0
                return
            self.replay_slider.value = max(0, min(last, self.replay_slider.value + delta))

    def replay_to(self, index: int) -> None:
        """Show the replay right after event ``index``."""
        if self._states:
            self.replay_slider.value = max(0, min(len(self._states) - 1, index))

    # ------------------------------------------------------------ the loop
    def _on_selected(self, change: dict) -> None:
        if change["new"]:  # the hand only ever selects a playable card
            self.play_card(change["new"])

    def paused(self) -> bool:
        """Whether play waits now: asked before every computer player's action (and after each
        refresh). A plain game never waits; a guided game waits while a tip is up. Once it
        no longer waits, :meth:`resume` plays on."""
        return False

    def resume(self) -> None:
        """Play on after a pause: the computer players act until a person must decide."""
        if not self.busy:
            self._advance()

    def refreshed(self) -> None:
        """Runs after the widgets are brought in line with the game: a guided game marks
        what its tip points at here. A plain game does nothing."""

    def _bots_to_move(self) -> bool:
        return not self.game.is_over and self.game.current_player not in self.people and not self.paused()

    def _advance(self) -> None:
        """Show what happened, letting the bots act until the human's turn."""
        loop = _running_loop() if self.speed.value > 0 else None
        if loop is None:
            play_bots(self.game, self._seats, self.rng, stop=lambda game: self.paused())
            for event in self._new_events():
                self._absorb(event, animate=False)
            self._refresh()
        else:
            self._task = loop.create_task(self._advance_slowly())

    async def _advance_slowly(self) -> None:
        try:
            await self._absorb_slowly()
            while self._bots_to_move():
                self._refresh()
                await asyncio.sleep(self.speed.value)
                play_bots(self.game, self._seats, self.rng, limit=1)
                await self._absorb_slowly()
        except Exception as err:  # never raise into the notebook from a background task
            self._show_alert(_("The game stopped: {error}").format(error=err))
        finally:
            self._task = None
            self._refresh()

    async def _absorb_slowly(self) -> None:
        for event in self._new_events():
            self._absorb(event, animate=True)
            if isinstance(event, Moved):
                self._refresh_log()
                await self.figure.play_async(min(0.3, max(0.08, self.speed.value / 3)))
        self._refresh()

    def _new_events(self) -> tuple[Event, ...]:
        events = self.game.events[self._seen:]
        self._seen += len(events)
        return events

    def _absorb(self, event: Event, animate: bool) -> None:
        """Show one event: its words, and what it changes on the widgets."""
        game = self.game
        self._messages.append(event.describe(game.names))
        if isinstance(event, TrickWon):
            self._won = (event.cards, event.seats)
        elif isinstance(event, FlagTaken) and event.reason == "trick" and self._won:
            # The trick is cleared from the table: it becomes the last trick.
            self.last_trick.show_trick(*self._won, game.names, complete=True)
            self._won = None
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
            self._dealt = event.round > 1

    # -------------------------------------------------------------- showing
    def _refresh(self) -> None:
        """Bring every widget in line with the game."""
        game, names, me = self.game, self.game.names, self.viewer
        if self.figure.frames_left == 0 and self.figure.positions != game.positions:
            self.figure.set_positions(game.positions)
        for seat, dial in enumerate(self.dials):
            if (dial.position, dial.laps) != (game.motors[seat], game.laps[seat]):
                dial.update(game.motors[seat], laps=game.laps[seat])
        current = game.current_player
        choosing = game.awaiting_turbo
        mine = current == me and not self.busy
        if game.is_over:
            turn = _("Game over: <b>{name}</b> wins!").format(name=html.escape(names[game.winner]))
            prompt = _("The game is over.")
        elif current == me:
            if self.passing:  # the screen is passed round: the status names whose turn it is
                turn = (_("<b>{name}'s turn</b>: choose the turbo.") if choosing
                        else _("<b>{name}'s turn</b>: play a card.")).format(name=html.escape(names[me]))
            else:
                turn = _("<b>Your turn</b>: choose the turbo.") if choosing else _("<b>Your turn</b>: play a card.")
            prompt = (_("Your turn: use your motor or not? Choose with the buttons below the trick.") if choosing
                      else _("Your turn. {rule}").format(rule=rally.play_rule(game.hands[me], game.trick)))
        else:
            who = html.escape(names[current])
            turn = _("{name} to choose the turbo…").format(name=who) if choosing else _("{name} to play…").format(
                name=who)
            prompt = self.waiting_words(current)
        self.status.value = "<div style='font-size:15px'>" + _(
            "Round {round} of {rounds} · ⚑ flag: <b>{flag}</b> · {turn}").format(
            round=game.round, rounds=len(HAND_SIZES), flag=html.escape(names[game.flag]), turn=turn) + "</div>"
        if me is None:  # pass-and-play between turns: no hand on screen, nor in the page
            self._hide_hand()
            prompt = self._cover(current)
            if self._focus_cover and self.cover.asked is not None and not self.busy:
                self._focus_cover = False
                self.cover.button.focus()  # the next person's button: the keyboard is there for them
        else:
            self.hand.title = self._hand_title(me)
            self.hand.show_game(game, me, prompt)
            self.hand.layout.display = None
            self.cover.hide()
            if self._dealt and mine and not choosing and not game.is_over and not self.paused():
                self._dealt = False
                self.hand.focus_card()
        self.show_trick()
        if choosing and me is not None and current == me:
            self._offer_turbo()
            prompt = plain_text(self.turbo_text.value) + " " + " / ".join(
                (self.turbo_yes.description, self.turbo_no.description))
        else:
            self.turbo_box.layout.display = "none"
            self._offered = False
        self.hint_button.disabled = not (mine and not game.is_over)
        self.hint_box.layout.display = "flex" if self.coach and me is not None and not game.is_over else "none"
        self.hint_text.value = self._hint
        self._refresh_log()
        self._announce(prompt if not self.busy or current == me else "")
        if game.is_over and not self._states:
            self._start_replay()
            if self.passing:
                self._offer_reviews()
            elif self.coach:
                self._start_review(self.human)
            self.replay_forward.focus()  # the game is over: the keyboard goes to the replay
        self.refreshed()

    def waiting_words(self, current: int) -> str:
        """Under the hand while another player is to act (a guided game says more)."""
        return _("Waiting for {name}.").format(name=self.game.names[current])

    def show_trick(self) -> None:
        """The trick on the table (a guided game may show the one a tip is about)."""
        self.trick_table.show_game(self.game)

    def _hide_hand(self) -> None:
        """No hand on screen, nor in the page: its cards, the hint and the turbo choice go."""
        self.hand.show_with((), lambda card: None)
        self.hand.layout.display = "none"
        self._hint = self.hint_text.value = ""
        self.hint_advice = None
        self.turbo_box.layout.display = "none"
        self._offered = False

    def _cover(self, current: int | None) -> str:
        """Pass-and-play with no hand shown: the cover over the hand's place (asking for the
        person whose turn it is, or saying the computer players are playing), and its words."""
        if current is None:  # the game is over: the reviews have their own cover
            self.cover.hide()
            return _("The game is over.")
        if current in self.people:
            self.cover.ask(table_view(self.game), current)
        else:
            self.cover.wait(table_view(self.game))
        return self.cover.words

    def _hand_title(self, seat: int) -> str:
        return _("{name}'s hand ({car})").format(name=self.game.names[seat], car=car_words(seat))

    def _offer_turbo(self) -> None:
        """The turbo choice: both moves in words, and marked on the track. When both end on
        the same space, the box says which move rolls there (the engine's move says so)."""
        game, me = self.game, self.viewer
        assert me is not None  # offered only to the person whose hand is shown
        lowest = rally.explain_trick(game.trick).lowest
        value = game.motor_values[me]
        moves = {}
        for use in (True, False):
            preview = game.clone()  # the rules say where each choice ends; hidden cards play no part
            moves[use] = next(e.move for e in preview.apply_recorded(Turbo(use)) if isinstance(e, Moved))
        where = {use: self._where(m.final) for use, m in moves.items()}
        # The buttons say where each choice ends, so the box reads without the track (on a
        # phone it is scrolled away above). Two choices ending on one space: the moves say why.
        same = moves[True].final == moves[False].final and moves[True].final < 2 * len(game.track)
        rolls = {use: moves[use].captions(game.names)[-1] for use in moves if same and moves[use].roll is not None}
        if len(rolls) == 2:  # the shorter words: a car one of them passes on the way may be left out
            rolls = {None: min(rolls.values(), key=len)}
        ends = "".join(html.escape(_(ROLL_WORDS[use]).format(roll=roll)) for use, roll in rolls.items())
        self.turbo_text.value = "<div style='font-size:13px;line-height:1.35'>" + _(
            "<b>You won the trick.</b> Your motor shows {value}: use it now, or save it for later (it also drives "
            "you at the round's end).").format(value=value) + " " + (
            ends or _("The buttons and the track's rings show where you end.")) + "</div>"
        self.turbo_yes.description = _("Use turbo: {card} + {motor} → {where}").format(
            card=lowest, motor=value, where=where[True])
        self.turbo_no.description = _("Card alone: {card} → {where}").format(card=lowest, where=where[False])
        self.turbo_box.layout.display = "flex"
        if not self._offered:  # the choice has just appeared: bring the keyboard to it, once
            self._offered = True
            self.turbo_yes.focus()
        if self.figure.frames_left == 0:
            same = moves[True].final == moves[False].final
            self.figure.show_choices([(_("turbo or card alone"), moves[True])] if same else
                                     [(_("turbo"), moves[True]), (_("card alone"), moves[False])])

    def _announce(self, prompt: str) -> None:
        """Say once, from the live region, what happened since the last announcement and
        what comes now (whose turn, or the turbo offer)."""
        news = self._messages[self._announced:]
        self._announced = len(self._messages)
        if not news and prompt == self._last_prompt:
            return
        self._last_prompt = prompt
        self.announcer.say(*news[-ANNOUNCED_EVENTS:], prompt)

    def _where(self, progress: int) -> str:
        n = len(self.game.track)
        if progress >= 2 * n:
            return _("the finish: you win!")
        if progress % n == 0:
            return _("start/finish")
        if progress >= n:
            return _("space {space}, lap {lap}").format(space=progress % n, lap=progress // n + 1)
        return _("space {space}").format(space=progress % n)

    # ---------------------------------------------------------------- coach
    def show_hint(self) -> str:
        """Ask the advisor what to do now and show its answer under the Hint button.
        Returns the hint ('' when it is not the human's turn)."""
        if not self.waiting_for_human or self.viewer != self.game.current_player:
            return ""
        # The coach's one analysis of this moment: the review gives this decision the same (or,
        # stopped by the time limit before it was sure, never blames the choice it named).
        _HINT_FREE.clear()  # the review's work in the thread waits: the hint has the machine to itself
        try:
            advice = rally.advise(self.game, time_limit=self.hint_seconds)
        finally:
            _HINT_FREE.set()
        self.hint_advice = advice
        self._hints.setdefault(self.viewer, []).append(advice)
        self._hint = f"<div style='font-size:13px;line-height:1.35' role='status'>{html.escape(advice.hint())}</div>"
        self.hint_text.value = self._hint
        return advice.hint()

    def _offer_reviews(self) -> None:
        """Pass-and-play, the game over: a button per person for their own review."""
        if self._chooser is None:  # made once: a button is never closed inside its own click
            buttons = []
            for seat in self.people:
                button = w.Button(description=_("{name}'s review").format(name=self.game.names[seat]),
                                  layout=w.Layout(width="auto", margin="2px 6px 2px 0"))
                button.on_click(lambda _, seat=seat: self.ask_review(seat))
                buttons.append(button)
            self._chooser = (
                w.HTML("<div style='line-height:1.4'>" + _(
                    "<b>Look back at your game.</b> Each of you can open your own review: the cards you held and the "
                    "choices that cost the most. It opens behind the same cover, one person at a time.") + "</div>"),
                w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")), self.review_cover)
        self._clear_reviews()
        self.review_box.children = self._chooser
        self.review_box.layout.display = "flex"

    def _clear_reviews(self) -> None:
        """Take what the review box shows off the page and close it; its buttons and cover
        stay, for the next person. The page may still be talking to a chart just taken away
        (a last resize), so with an event loop running (in Jupyter) it closes a second later:
        closed at once, its model would be gone under the page's feet."""
        if self._review_task is not None:  # a review still growing: it stops after the step it is at
            self._review_task.cancel()
            self._review_task = None
        kept = {id(child) for child in (*(self._chooser or ()), self._hide_review)}
        gone = [child for child in self.review_box.children if id(child) not in kept]
        self.review_box.children = ()
        self.review = self.review_view = None
        _close_later(gone)

    def _start_review(self, seat: int, hideable: bool = False) -> None:
        """Review ``seat``'s decisions and show the review above the replay; ``hideable``
        adds a button that hides it again (pass-and-play). With an event loop running (in
        Jupyter) the review grows in a thread and the page shows it as it grows
        (:meth:`_review_slowly`); without one it is made here and shown whole."""
        self._clear_reviews()
        note = w.HTML("<i>" + _("Reviewing your game: every option of every decision you made is played out…")
                      + "</i>")
        bar = w.IntProgress(min=0, max=1, value=0, layout=w.Layout(width="400px"))
        self.review_box.children = (note, bar)
        self.review_box.layout.display = "flex"
        for job in self._ahead:  # the game is over: what was not begun is left to the review itself
            job.cancel()
        self._ahead = []
        if seat in self._reviews:  # a review opened again is not made again
            self._show_review(seat, self._reviews[seat], hideable)
            return
        loop = _running_loop()
        try:
            steps = rally.review_steps(self.game, seat, lang=get_language(), hints=self._hints.get(seat, ()))
            if loop is not None:
                self._review_task = loop.create_task(self._review_slowly(seat, steps, hideable, note, bar))
                return
            step = None
            for step in steps:
                _show_progress(bar, step)
        except rally.RuleError as err:  # SetupError and the like: said in words, never raised into the page
            self._review_failed(err)
            return
        if step is not None:
            self._show_review(seat, step, hideable)

    async def _review_slowly(self, seat: int, steps: Iterator[rally.Review], hideable: bool, note: w.HTML,
                             bar: w.IntProgress) -> None:
        """Take ``steps`` one at a time in the review's thread, the kernel's event loop free
        meanwhile, and show what they have found: the first step, then at most every
        :data:`REVIEW_REFRESH` seconds, and the last (the whole review)."""
        loop = asyncio.get_running_loop()
        shown_at: float | None = None
        step = shown = None
        try:
            while True:
                found = await loop.run_in_executor(_worker("review"), next, steps, None)
                if found is None:
                    break
                step = found
                _show_progress(bar, step)
                if shown_at is None or step.complete or loop.time() - shown_at >= REVIEW_REFRESH:
                    self._show_review(seat, step, hideable, (note, bar))
                    shown, shown_at = step, loop.time()
        except asyncio.CancelledError:
            raise
        except Exception as err:  # never raise into the notebook from a background task
            self._review_failed(err)
            return
        finally:
            if self._review_task is asyncio.current_task():
                self._review_task = None
        if step is not None and step is not shown:
            self._show_review(seat, step, hideable)

    def _show_review(self, seat: int, review: rally.Review, hideable: bool, working: tuple[w.Widget, ...] = ()) -> None:
        """Show ``review`` above the replay, in place of what is shown; ``working`` (a note
        and a progress bar) stays under it while it is still growing. What goes is closed."""
        if review.complete:
            self._reviews[seat] = review
        self.review = review
        self.review_view = GameReview(review)
        self.review_view.on_select(self.replay_decision)
        shown: tuple[w.Widget, ...] = (self.review_view,)
        if hideable:
            shown = (w.HTML("<b>" + _("{name}'s review").format(name=html.escape(self.game.names[seat])) + "</b>"),
                     self.review_view, self._hide_review)
        if not review.complete:
            shown += working
        before = self.review_box.children
        self.review_box.children = shown
        kept = {id(child) for child in (*shown, *(self._chooser or ()), self._hide_review)}
        _close_later([child for child in before if id(child) not in kept])

    def _review_failed(self, err: Exception) -> None:
        """Say in the review's place, where the learner looks, why there is no review."""
        before = self.review_box.children
        self.review = self.review_view = None
        self.review_box.children = (w.HTML("<div role='alert'>" + _("The review could not be made: {error}").format(
            error=html.escape(str(err))) + "</div>"),)
        kept = {id(child) for child in (*(self._chooser or ()), self._hide_review)}
        _close_later([child for child in before if id(child) not in kept])

    def replay_decision(self, decision: rally.ReviewedDecision) -> None:
        """Open the replay where ``decision``'s trick began: step forward to see it."""
        if not self._states:
            return
        first, last = trick_span(self.game, decision.event)
        # The explanation names the card played, so the note's heading says only when.
        where = _("Round {round}, trick {trick}").format(round=decision.round, trick=decision.trick)
        self._note = (decision.event, last, (f"<div style='margin-top:4px;padding:4px 6px;background:#fef3c7'>"
                                       f"<b>{html.escape(where)}</b>: "
                                       f"{html.escape(decision.explanation)}</div>"))
        self._note_from = max(0, first - 1)
        if self.replay_slider.value == self._note_from:
            self._show_replay(self._note_from)
        else:
            self.replay_to(self._note_from)
        # The keyboard goes to the replay first; then the anchor scrolls it to the top (the
        # focus alone would scroll only as far as the button).
        self.replay_forward.focus()
        self.replay_anchor.bring_into_view()  # the review sits above: bring the replay and the board up

    def _refresh_log(self, upto: int | None = None) -> None:
        lines = self._messages if upto is None else self._messages[: upto + 1]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines[-LOG_LINES:])
        self.event_log.value = (
            "<div style='display:flex;flex-direction:column-reverse;max-height:150px;overflow:auto;"
            "border:1px solid #d1d5db;padding:2px 8px;font-size:13px' role='log' tabindex='0' "
            f"aria-label='{html.escape(_('What happened'), quote=True)}'>"
            f"<ol start='{max(1, len(lines) - LOG_LINES + 1)}' style='margin:0;padding-left:2.4em'>{items}</ol></div>"
        )

    def _show_alert(self, text: str) -> None:
        self._alert = text
        self.alert.value = (
            f"<div role='alert' style='color:#9a3412;font-weight:600'>⚠ {html.escape(text)}</div>" if text else ""
        )

    # --------------------------------------------------------------- replay
    def _start_replay(self) -> None:
        """After the game: the replay stands at its last event, the board as the game
        ended; its forward button then starts again from the first deal."""
        self._states = replay_states(self.game)
        self.replay_box.layout.display = "flex"
        last = len(self._states) - 1
        self.replay_slider.max = last
        if self.replay_slider.value == last:
            self._show_replay(last)
        else:
            self.replay_slider.value = last  # the observer shows it

    def _show_replay(self, index: int) -> None:
        """Show the table right after event ``index``."""
        if not self._states:
            return
        game, names = self.game, self.game.names
        state = self._states[index]
        before = self._states[index - 1].positions if index > 0 else tuple([0] * game.players)
        draw_replay_state(game, state, before, self.figure, self.dials, self.trick_table, self.last_trick)
        me = self.viewer
        if me is None:  # pass-and-play: nobody's cards, until someone opens their review
            self._hide_hand()
        else:
            self.hand.title = self._hand_title(me)
            self.hand.show_with(state.hands[me], lambda card: game.why_illegal(card, me),
                                _("Replay: the hand as it was then."))
            self.hand.layout.display = None
        # A decision chosen in the review stays explained from its trick's start to the decision itself.
        note = ""
        if self._note is not None and self._note_from <= index <= self._note[1]:
            steps = self._note[0] - index
            note = self._note[2]
            if steps == 1:
                note += "<div>" + _("Step forward to see it: it comes next.") + "</div>"
            elif steps > 1:
                soon = ngettext("Step forward to see it: it comes in {n} step.",
                                "Step forward to see it: it comes in {n} steps.", steps).format(n=steps)
                note += f"<div>{soon}</div>"
        at_end = index == len(self._states) - 1
        self.replay_text.value = "<div style='line-height:1.4'>" + _(
            "Step {event} of {events} · round {round} · ⚑ {flag}").format(
            event=index + 1, events=len(self._states), round=state.round, flag=html.escape(names[state.flag])) + (
            f"<br><b>{html.escape(state.text)}</b>{note}"
            + ("<br>" + _("This is how the game ended. “Replay from the first deal” tells it again, event by event.")
               if at_end else "")
        ) + "</div>"
        self.replay_back.disabled = index == 0
        self.replay_forward.description = _("Replay from the first deal ▶") if at_end else _("Step forward ▶")
        self._refresh_log(upto=index)

    def close(self) -> None:
        """Close this view and every widget in it (frees them in the kernel)."""
        task = getattr(self, "_task", None)  # also called on a view whose set-up failed
        if task is not None:
            task.cancel()
        if hasattr(self, "figure"):
            self.figure.stop_playing()
        for child in (*(getattr(self, "_chooser", None) or ()), getattr(self, "_hide_review", None)):
            if child is not None:  # pass-and-play: the reviews' buttons, when not on show
                _close_tree(child)
        _close_tree(self)

    def __repr__(self) -> str:
        game = self.game
        words = {"track": game.track.shown_name, "seed": game.seed, "round": game.round,
                 "spaces": join_words([str(p) for p in game.positions])}
        if game.is_over:
            template = _("A game on the {track} track, seed {seed}: {name} won. The cars have driven {spaces} spaces.")
            name = game.names[game.winner]
        elif game.awaiting_turbo:
            template = _("A game on the {track} track, seed {seed}, round {round}: {name} chooses the turbo. "
                         "The cars have driven {spaces} spaces.")
            name = game.names[game.current_player]
        else:
            template = _("A game on the {track} track, seed {seed}, round {round}: {name} to play. "
                         "The cars have driven {spaces} spaces.")
            name = game.names[game.current_player]
        return template.format(name=name, **words)


def _bots_per_seat(bots: Bot | Sequence[Bot] | None, players: int) -> list[Bot]:
    if bots is None:
        return [HeuristicBot() for _ in range(players)]
    if hasattr(bots, "choose"):
        return [bots] * players  # type: ignore[list-item]
    listed = inputs.sequence(bots, _("The bots"), rally.SetupError, "HeuristicBot()", players)
    if len(listed) != players or not all(hasattr(b, "choose") for b in listed):
        inputs.fail(rally.SetupError, _("The bots"),
                    ngettext("one bot for everyone or a list of {n} bot, one per seat",
                             "one bot for everyone or a list of {n} bots, one per seat", players).format(n=players),
                    bots, "HeuristicBot()")
    return listed


def _close_tree(widget: w.Widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    for part in ("layout", "style"):
        if isinstance(getattr(widget, part, None), w.Widget):
            getattr(widget, part).close()
    w.Widget.close(widget)


def _close_later(widgets: Sequence[w.Widget]) -> None:
    """Close ``widgets`` just taken off the page. The page may still be talking to one of
    them (a chart's last resize), so with an event loop running (in Jupyter) they close a
    second later: closed at once, a model would be gone under the page's feet."""
    if not widgets:
        return
    loop = _running_loop()
    if loop is None:
        for widget in widgets:
            _close_tree(widget)
    else:
        loop.call_later(1.0, lambda: [_close_tree(widget) for widget in widgets])


def _show_progress(bar: w.IntProgress, review: rally.Review) -> None:
    """The progress bar under a review that grows: the decisions with their last verdict."""
    bar.max = max(1, len(review.decisions) + review.unreviewed)
    bar.value = len(review.decisions) - len(review.pending)


_workers: dict[str, concurrent.futures.ThreadPoolExecutor] = {}
#: Set while no hint is being worked out: the review's work done ahead waits for it.
_HINT_FREE = threading.Event()
_HINT_FREE.set()


def _worker(name: str) -> concurrent.futures.ThreadPoolExecutor:
    """The one thread of its kind (``"review"``: reviews growing, a step at a time;
    ``"ahead"``: the review's work on decisions just made), made when first needed."""
    if name not in _workers:
        _workers[name] = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"rally-{name}")
    return _workers[name]


def _wait_for_hints(done: int, total: int) -> None:
    """Between two batches of the review's work done ahead: wait while a hint is worked out."""
    _HINT_FREE.wait()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

