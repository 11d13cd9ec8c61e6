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
replay just before it. In Jupyter the review's work starts during the game: after
each of your decisions a thread beside the kernel's event loop does what the review will
do for it (:func:`rally.stich_rallye.review.look_ahead`, pausing while a hint is worked out), and after
the game the review is taken a step at a time in a thread too
(:func:`rally.review_steps`): the page shows what it has found, about once a second,
until it is complete.

The view draws a :class:`~widgets.stich_rallye.game_control.GameControl` (``control``), which
holds the game, the people's and the computer players' seats, whose hand is on screen and the
computer players' pace, and is tested alone. The reviews are a :class:`ReviewPanel`, the
replay a :class:`ReplayPanel`, the turbo choice :class:`TurboButtons`.

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
'“X1” is not a card: write a color letter R, G or B followed by a value from 1 to 15, like G11.'
"""

from __future__ import annotations

import asyncio
import html
import random
from typing import Sequence

import ipywidgets as w

import rally
from rally import DEFAULT_DIAL, Bot, Card, Dealt, Event, Game, Moved, Track, Turbo
from rally.stich_rallye.advisor import HINT_SECONDS
from rally.stich_rallye.replay import ReplayState

from .._display import StableRepr
from ..i18n import N_, _, decimal
from ..page_style import PageStyle
from ..scroll_anchor import ScrollAnchor
from ..style import car_words
from .hand_area import HandArea
from .game_control import MAX_DELAY, GameControl
from .game_log import LOG_LINES, GameLog
from .game_table import TRACK_SIZE, GameTable
from .replay_panel import ReplayPanel
from ..closing import close_soon, running_loop
from .review_panel import ReviewPanel, hint_time
from .turbo_buttons import TurboButtons

#: Bot speeds offered by the "Bots" control: seconds between two bot actions (each label
#: translated where shown).
SPEEDS = ((N_("instant"), 0.0), (N_("fast"), 0.4), (N_("slow"), 1.0))
#: What each speed of :data:`SPEEDS` does, for its tooltip.
SPEED_TIPS = (N_("act at once"), N_("pause 0.4 s"), N_("pause 1 s"))


def _pace_menu(delay: float) -> w.Dropdown:
    """The computer players' pace: a drop-down, not a row of buttons: its words read apart
    ("instant", "fast", "slow"), where side-by-side buttons ran together in the page's text."""
    options = [(_(label), value) for label, value in SPEEDS]
    if delay not in dict(SPEEDS).values():
        options.append((f"{decimal(delay, None)} s", delay))
    return w.Dropdown(options=options, value=delay, description=_("Computer pace:"),
                      tooltip=" · ".join(_(tip) for tip in SPEED_TIPS), style={"description_width": "initial"},
                      layout=w.Layout(width="auto"))


def _forwarded(name: str, doc: str, part: str = "control") -> property:
    """A read-only attribute of the view that is ``name`` of its ``part`` (its controller)."""
    return property(lambda view: getattr(getattr(view, part), name), doc=doc)


class GameView(StableRepr, w.VBox):
    """A full game against bots. ``play_card``/``choose_turbo`` (or a click on the
    hand / turbo buttons) play for the human; the bots then act until the human must
    act again or the game is over. Illegal or malformed input shows rally's reason in
    ``alert`` and changes nothing.

    ``bots`` is one bot for every other seat or a list with one per seat (the people's
    entries are ignored) or one per computer player; they draw from ``rng`` (default
    ``random.Random(seed)``).

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
    when_over = _forwarded("when_started", "``when_over(callback)``: call ``callback`` once the game is over "
                           "(at once if it is).", "replay_box")

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
        #: What is drawn: the game, who plays which seat, whose hand is on screen, the pace.
        self.control = GameControl(game, human=human, people=people, bots=bots, rng=rng, delay=bot_delay,
                                   coach=coach)
        self._task: asyncio.Task | None = None
        # A new deal since the person last acted: their hand was empty, so the keyboard's
        # focus went with its last card; it is brought back to the new hand.
        self._dealt = False
        self._alert = ""
        self._focus_cover = False  # pass-and-play: the cover's button gets the keyboard when it next asks
        self._make_parts()
        super().__init__(_page(self), layout=w.Layout(width="100%", max_width="1120px"))
        self._advance()

    def _make_parts(self) -> None:
        """The widgets of the view, wired to what they do."""
        game = self.game
        self.end_anchor = ScrollAnchor()  # at the view's top: the keyboard's place once the game is over
        self.status = w.HTML()
        self.status.add_class("rally-game__status")  # the page's (and the browser tests') handle on it
        self.alert = w.HTML()
        #: The track, the trick, the previous trick and the motors.
        self.table = GameTable(game)
        self.figure, self.trick_table, self.last_trick, self.dials = (
            self.table.figure, self.table.trick_table, self.table.last_trick, self.table.dials)
        #: The hand on screen (pass-and-play's cover in its place between turns) and the hint.
        self.hand_area = HandArea(self._hand_title(self.human), self.coach, on_reveal=self.reveal)
        self.hand, self.cover = self.hand_area.hand, self.hand_area.cover
        self.hint_button, self.hint_text, self.hint_box = (self.hand_area.hint_button, self.hand_area.hint_text,
                                                           self.hand_area.hint_box)
        self.turbo_box = TurboButtons()
        self.turbo_text, self.turbo_yes, self.turbo_no = (self.turbo_box.turbo_text, self.turbo_box.turbo_yes,
                                                          self.turbo_box.turbo_no)
        self.review_box = ReviewPanel(game, self.control.hints, on_select=self.replay_decision, on_hide=self.hide,
                                      on_reveal=self.reveal)
        self.review_cover = self.review_box.cover  # pass-and-play: the reviews' cover, above the replay
        self.speed = _pace_menu(self.control.delay)
        self.event_log = GameLog()
        #: What a screen reader says as the game goes on: one live region, made once.
        self.announcer = self.event_log.announcer
        self.replay_box = ReplayPanel(on_show=self._show_replay)
        self.replay_back, self.replay_forward, self.replay_text, self.replay_anchor = (
            self.replay_box.back, self.replay_box.forward, self.replay_box.text, self.replay_box.anchor)
        self.speed.observe(lambda change: setattr(self.control, "delay", change["new"]), names="value")
        # The hand only ever selects a playable card.
        self.hand.observe(lambda change: change["new"] and self.play_card(change["new"]), names="selected")
        self.turbo_yes.on_click(lambda _: self.choose_turbo(True))
        self.turbo_no.on_click(lambda _: self.choose_turbo(False))
        self.hint_button.on_click(lambda _: self.show_hint())

    game = _forwarded("game", "The game played.")
    human = _forwarded("human", "The seat of the person the view was made for (the first of ``people``).")
    people = _forwarded("people", "The seats people play at this screen.")
    passing = _forwarded("passing", "Pass-and-play: several people at this screen, hands hidden between turns.")
    viewer = _forwarded("viewer", "The seat whose hand is on screen (``None``: the cover is up).")
    bots = _forwarded("bots", "Every seat's computer player, ``None`` for the people's seats.")
    rng = _forwarded("rng", "What the computer players draw from.")
    coach = _forwarded("coach", "True when the view gives hints and, after the game, a review.")
    hint_advice = _forwarded("hint_advice", "The answer behind the hint on show (None when there is none).")
    messages = _forwarded("messages", "Every event so far in words, in order.")

    review = _forwarded("review", "The review on show (None when none is).", "review_box")
    review_view = _forwarded("review_view", "The review on show, drawn (a :class:`GameReview`).", "review_box")
    replay_index = _forwarded("index", "The event shown by the replay, or None before the game is over.",
                              "replay_box")
    replay_state = _forwarded("state", "What the replay shows now.", "replay_box")

    @property
    def alert_text(self) -> str:
        """The message shown after bad input ('' when there is none)."""
        return self._alert

    @property
    def waiting_for_human(self) -> bool:
        """True when a person must act now (and no bot is still playing)."""
        return not self.busy and self.control.person_to_act

    @property
    def busy(self) -> bool:
        """True while bots are playing on a timer."""
        return self._task is not None and not self._task.done()

    def play_card(self, card: Card | str) -> bool:
        """Play ``card`` for the human; False (the reason in ``alert``) if it may not be now."""
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
        """Do ``action`` for the person whose hand is shown, then let the bots play; True if done."""
        if self.busy:
            self._show_alert(_("Wait a moment: the bots are still playing."))
            return False
        game, seat = self.game, self.viewer
        made = len(game.events)
        try:
            # The review's work on a coached decision starts after it, in a thread (in Jupyter).
            ahead = self.coach and running_loop() is not None and self.control.refusal(action) is None
            moment = rally.Position.from_game(game) if ahead else None
            self.control.act(action)
        except ValueError as err:  # rally's reason, or card text that is not a card
            self._show_alert(str(err))
            return False
        if moment is not None and not game.is_over:
            self.review_box.look_ahead(moment, game.events[made:])
        if isinstance(action, Turbo):  # chosen: the buttons go at once, not after the next stop or bot
            self.turbo_box.hide()
        if self.passing and self.viewer is None and seat is not None:
            # The turn has passed: the hand goes under the cover at once, before the computer
            # players' moves are shown (slowly, when they are slowed down).
            self._hide_hand()
            self.hand_area.cover_for(game, game.current_player, self.people)
            self._focus_cover = True
        self._show_alert("")
        self._advance()
        if isinstance(action, Turbo) and not game.is_over and self.viewer is not None:
            self.hand.focus_card()  # the turbo buttons are gone: the keyboard goes back to the hand
        return True

    def reveal(self) -> bool:
        """Pass-and-play: the person the cover asks for sees their cards (their review, once
        the game is over); False, with the reason in ``alert``, when it asks for nobody."""
        cover = self.review_cover if self.game.is_over else self.cover
        seat = cover.asked
        if seat is None or self.busy:
            self._show_alert(_("Nobody is asked to take the screen now."))
            return False
        self.control.reveal(seat)
        self._show_alert("")
        if self.game.is_over:
            self.review_box.show_to(seat)
            self.replay_box.show(self.replay_box.slider.value)
        else:
            self._refresh()
            if not self.game.awaiting_turbo:  # the turbo buttons take the keyboard themselves
                self.hand.focus_card()
        return True

    def ask_review(self, seat: int) -> bool:
        """Pass-and-play, after the game: ask ``seat``'s person to take the screen for their
        review (behind the cover); False, the reason in ``alert``, if it is no person's or early."""
        reason = self.control.review_refusal(seat)
        if reason is not None:
            self._show_alert(reason)
            return False
        self.hide()
        self.review_box.ask(seat)
        return True

    def hide(self) -> None:
        """Pass-and-play: take the cards (or the review) off the screen; once the game is
        over, the reviews' buttons come back."""
        if not self.passing:
            return
        self.control.hide()
        self.replay_box.forget_note()  # a decision of the review explained in the replay: it was theirs alone
        self._show_alert("")
        if self.game.is_over:
            self.review_box.offer(self.people, self.ask_review)
            self.replay_box.show(self.replay_box.slider.value)
        else:
            self._refresh()

    def replay_step(self, delta: int) -> None:
        """Move the replay ``delta`` events forward (or back, when negative). Forward from
        the last event starts again at the first deal."""
        self.replay_box.step(delta)

    def replay_to(self, index: int) -> None:
        """Show the replay right after event ``index``."""
        self.replay_box.to(index)

    def replay_decision(self, decision: rally.ReviewedDecision) -> None:
        """Open the replay just before ``decision``: one step forward shows it."""
        self.replay_box.open_at(self.game, decision)

    def show_hint(self) -> str:
        """Ask the advisor what to do now and show its answer under the Hint button.
        Returns the hint ('' when it is not the human's turn)."""
        if not self.waiting_for_human:
            return ""
        # The coach's one analysis of this moment: the review gives this decision the same (or,
        # stopped by the time limit before it was sure, never blames the choice it named).
        with hint_time():
            advice = self.control.hint(self.hint_seconds)
        if advice is None:
            return ""
        self.hand_area.show_hint(advice)
        return advice.hint()

    def paused(self) -> bool:
        """Whether play waits now: asked before every computer player's action (and after each
        refresh). A plain game never waits; a guided game waits while a tip is up. Once it
        no longer waits, :meth:`resume` plays on."""
        return False

    def held_words(self) -> str | None:
        """What play waits for instead of a move (a guided game's tip), for the status and the hand."""
        return None

    def resume(self) -> None:
        """Play on after a pause: the computer players act until a person must decide."""
        if not self.busy:
            self._advance()

    def refreshed(self) -> None:
        """Runs after the widgets are brought in line with the game: a guided game marks
        what its tip points at here. A plain game does nothing."""

    def _advance(self) -> None:
        """Show what happened, letting the bots act until the human's turn."""
        loop = running_loop() if self.control.delay > 0 else None
        if loop is None:
            self.control.play_bots(stop=lambda game: self.paused())
            for event in self.control.take_events():
                self._absorb(event, animate=False)
            self._refresh()
        else:
            self._task = loop.create_task(self._advance_slowly())

    async def _advance_slowly(self) -> None:
        try:
            await self.control.play_slowly(self.paused, self._absorb_slowly, self._refresh)
        except Exception as err:  # never raise into the notebook from a background task
            self._show_alert(_("The game stopped: {error}").format(error=err))
        finally:
            self._task = None
            self._refresh()

    async def _absorb_slowly(self) -> None:
        for event in self.control.take_events():
            self._absorb(event, animate=True)
            if isinstance(event, Moved):
                self._refresh_log()
                await self.figure.play_async(min(0.3, max(0.08, self.control.delay / 3)))
        self._refresh()

    def _absorb(self, event: Event, animate: bool) -> None:
        """Show what one event changes on the widgets (its words are in ``messages``)."""
        self.table.absorb(event, animate)
        if isinstance(event, Dealt):
            self._dealt = event.round > 1

    def _refresh(self) -> None:
        """Bring every widget in line with the game."""
        game, me = self.game, self.viewer
        self.table.sync()
        prompt = self._show_turn()
        self.show_trick()
        offer = self.control.turbo_offer()
        if offer is not None:
            self.turbo_box.show(offer, game, self.figure)
            prompt = self.turbo_box.words
        else:
            self.turbo_box.hide()
        mine = game.current_player == me and not self.busy
        self.hint_button.disabled = not (mine and not game.is_over)
        self.hint_box.layout.display = "flex" if self.coach and me is not None and not game.is_over else "none"
        self.hand_area.show_hint(self.hint_advice)
        self._refresh_log()
        self.event_log.announce(self.control.messages, prompt if not self.busy or game.current_player == me else "")
        if game.is_over and not self.replay_box.states:
            self._game_over()
        self.refreshed()

    def _show_turn(self) -> str:
        """The status line and the hand, or pass-and-play's cover in its place; returns what
        is said under the hand (the cover's words)."""
        game, me = self.game, self.viewer
        self.status.value, prompt = self.control.status(held=(held := self.held_words()))
        if prompt is None:
            prompt = self.waiting_words(game.current_player)
        if me is None:  # pass-and-play between turns: no hand on screen, nor in the page
            self._hide_hand()
            prompt = self.hand_area.cover_for(game, game.current_player, self.people)
            if self._focus_cover and self.cover.asked is not None and not self.busy:
                self._focus_cover = False
                self.cover.button.focus()  # the next person's button: the keyboard is there for them
            return prompt
        self.hand_area.show_hand(game, me, self._hand_title(me), prompt, held)
        if (self._dealt and game.current_player == me and not self.busy and not game.awaiting_turbo
                and not game.is_over and not self.paused()):
            self._dealt = False
            self.hand.focus_card()
        return prompt

    def _game_over(self) -> None:
        """The replay, and the review (each person's, behind the cover, in pass-and-play)."""
        self.replay_box.start(self.game)
        if self.passing:
            self.review_box.offer(self.people, self.ask_review)
        elif self.coach:
            self.review_box.start(self.human)
        # The keyboard goes to the view's top: Tab follows the screen down, the review's buttons, the replay's.
        self.end_anchor.take_focus(_("The game is over."))

    def waiting_words(self, current: int) -> str:
        """Under the hand while another player is to act (a guided game says more)."""
        return _("Waiting for {name}.").format(name=self.game.names[current])

    def show_trick(self) -> None:
        """The trick on the table (a guided game may show the one a tip is about)."""
        self.trick_table.show_game(self.game, before=self.last_trick.winner)

    def _hide_hand(self) -> None:
        """No hand on screen, nor in the page: its cards, the hint and the turbo choice go."""
        self.hand_area.hide_hand()
        self.control.hint_advice = None
        self.turbo_box.hide()

    def _hand_title(self, seat: int) -> str:
        return _("{name}'s hand ({car})").format(name=self.game.names[seat], car=car_words(seat))

    def _refresh_log(self, upto: int | None = None) -> None:
        self.event_log.show(self.control.messages, upto)

    def _show_alert(self, text: str) -> None:
        self._alert = text
        self.alert.value = (
            f"<div role='alert' style='color:#9a3412;font-weight:600'>⚠ {html.escape(text)}</div>" if text else ""
        )

    def _show_replay(self, index: int, state: ReplayState) -> None:
        """The table right after event ``index`` (the replay says its words)."""
        self.table.show_state(self.replay_box.states, index)
        me = self.viewer
        if me is None:  # pass-and-play: nobody's cards, until someone opens their review
            self._hide_hand()
        else:
            self.hand_area.show_then(self.replay_box.states, index, me, self._hand_title(me))
        self._refresh_log(upto=index)

    def close(self) -> None:
        """Stop what goes on by itself (computer players, the replay playing) and close this view,
        all in it and the reviews' parts, once the page can have drawn them (``close_soon``)."""
        task = getattr(self, "_task", None)  # also called on a view whose set-up failed
        if task is not None:
            task.cancel()
        if hasattr(self, "replay_box"):  # made after the figure
            self.figure.stop_playing()
            self.replay_box.pause()
        close_soon([self, *(self.review_box.kept_parts() if hasattr(self, "review_box") else ())])

    def __repr__(self) -> str:
        return self.control.describe()


def _page(view: GameView) -> list[w.Widget]:
    """The view's rows. The play area is 850 px wide: a notebook's output area in a 1280 x
    800 window with JupyterLab's side bar open. The track, the trick, the turbo choice and
    the hand sit together in it, about 520 px high. The side column (last trick, motors,
    pace) goes to its right when the side bar is closed (1120 px), else below it, as wide as the page."""
    beside = w.VBox([view.trick_table, view.turbo_box], layout=w.Layout(width="255px"))
    # Every row wraps: on a narrow screen (a phone) the trick goes under the track, the
    # trick just won and the dials under it all; the track scales to the width there is.
    play = w.VBox([w.HBox([view.figure, beside], layout=w.Layout(flex_flow="row wrap", max_width="100%")),
                   view.hand_area], layout=w.Layout(width="850px", max_width="100%"))
    dials = w.HBox(view.dials, layout=w.Layout(flex_flow="row wrap"))
    dials.layout.margin = "12px 0 0 0"  # the dials' boxes apart from the trick's cards above them
    # The trick just won first: on a phone it stands right under the hand, not under the
    # four dials a screen further down (at "instant" pace a learner's trick is over at once).
    # Beside the play area it is 255 px wide; below it (a tablet) it takes the whole width, and the
    # four dials stand in one row there (walk 74: a 255-px column with the rest of the screen empty).
    side = w.VBox([view.last_trick, dials, view.speed], layout=w.Layout(flex="1 1 255px", min_width="255px",
                                                                        max_width="100%"))
    # The replay's buttons are a row of their own under it, in this box: on a phone they stay in
    # sight while the child scrolls down to the table (ReplayPanel.controls).
    return [w.VBox([view.end_anchor, view.status, view.alert]), view.review_box, view.replay_box,
            view.replay_box.controls,
            w.HBox([play, side], layout=w.Layout(flex_flow="row wrap")), view.event_log, view.announcer, PageStyle()]


__all__ = ["GameView", "MAX_DELAY", "SPEEDS", "LOG_LINES", "TRACK_SIZE"]
