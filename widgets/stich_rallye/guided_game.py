"""GuidedGame: a first game of Stich Rallye that stops at everything new.

A real game against three computer players, dealt from a seed chosen so that every kind
of moment comes up early (:data:`rally.stich_rallye.moments.GUIDED_SEED`). The first time each thing
happens (a trick of one, two or three colors, a lost trick winding the motor, a turbo
offer, a roll downhill or uphill, the round's end, round 2's new deal, a lap, the
finish) the game stops: a tip says it in one or two short sentences, marks it on the
table (the won trick, a motor, the space a car rolled to, the hand) and waits for one
tap on "Go on ▶". "Why?" shows the engine's whole explanation. The learner makes every
decision. Which moments are new is decided by the engine (:mod:`rally.stich_rallye.moments`).

After the game a list says what the learner met; for a kind the game did not bring up,
"Show me" replays that moment of another seeded game.

>>> view = GuidedGame()
>>> view.moment.kind, view.tip_text
('lead', 'In a trick, everyone plays one card; you lead this one, so play any card you like. The others must play its color if they can; if not, any card.')
>>> view.hand.playable   # the tip is up: the hand waits for "Go on"
[]
>>> view.play_card(view.game.legal_actions()[0])
False
>>> view.go_on(); view.moment is None
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

import rally
from rally import Card, Dealt, Turbo
from rally.stich_rallye.events import TrickWon
from rally.common import inputs
from rally.common.moment import Moment
from rally.stich_rallye.moments import (
    GUIDED_PLAYERS, GUIDED_SEED, GUIDED_TRACK, KINDS, example_moment, guide, moment_why, moment_words,
)

from .._display import folded_list
from ..i18n import N_, _, ngettext
from ..read_aloud import SpeakButton
from ..tip_scroll import GUIDED_CLASS, MARKED_CLASS, TIP_CLASS, TipScroll
from ..style import car_words
from .game_replay import GameReplay
from .game_view import GameView

#: A few words for each kind of moment, for the list of what the learner met.
KIND_LABELS = {
    "lead": N_("leading a trick"),
    "follow_color": N_("following the lead color"),
    "trick_one_color": N_("a trick of one color"),
    "trick_two_colors": N_("a trick of two colors"),
    "trick_three_colors": N_("a trick of three colors"),
    "motor_wound": N_("a lost trick winds your motor"),
    "turbo_offer": N_("the turbo choice"),
    "downhill_roll": N_("a car rolls on downhill"),
    "uphill_roll": N_("a car rolls back off an uphill"),
    "round_end_motors": N_("the motors drive at the round's end"),
    "new_deal": N_("the new deal of round 2"),
    "lap": N_("a lap"),
    "finish": N_("the end of the race"),
}
#: How the widget a tip points at is marked (and how the page writes it in its style).
POINTER = "4px solid #f59e0b"
POINTER_RING = "4px rgb(245, 158, 11)"
#: The events of an example shown before its moment.
EXAMPLE_LEAD_IN = 5


def _trick_before(game: rally.Game, index: int | None) -> tuple[tuple[Card, ...], tuple[int, ...]] | None:
    """The cards and seats of the trick won in this round before event ``index`` of
    ``game``'s log (``None`` when that was the round's first trick)."""
    for event in reversed(game.events[:index]):
        if isinstance(event, TrickWon):
            return event.cards, event.seats
        if isinstance(event, Dealt):
            return None
    return None


class GuidedGame(GameView):
    """The guided first game: :data:`~rally.stich_rallye.moments.GUIDED_PLAYERS` players on the
    :data:`~rally.stich_rallye.moments.GUIDED_TRACK` track, the learner in seat 0, the computer players
    at a watchable pace in Jupyter (``bot_delay`` seconds; at once where no event loop
    runs, as in tests). ``moment`` is the tip on show (``None`` when play goes on),
    ``tip_text`` its words, ``pointing`` what it marks: ``("trick", card)``,
    ``("motor", seat)``, ``("space", progress)`` or ``("hand", seat)``."""

    def __init__(self, seed: int = GUIDED_SEED, bot_delay: float = 0.4) -> None:
        seed = inputs.seed(seed, rally.SetupError)
        # Made before the game view: it refreshes (and so asks for tips) while it is made.
        self.guide = guide(0)
        self._queue: list[Moment] = []
        self.moment: Moment | None = None
        self.pointing: tuple[str, Any] | None = None
        self._marked: list[w.Widget] = []
        self.tip_words = w.HTML()
        self.go_button = w.Button(description=_("Go on ▶"), button_style="primary", layout=w.Layout(width="auto"))
        self.why_button = w.Button(description=_("Why?"), layout=w.Layout(width="auto"))
        self.why_text = w.HTML(layout=w.Layout(display="none"))
        # The tip's own 🔊 button (the switch "Read new moments aloud" reads it through the
        # announcer already, so this one reads only when pressed).
        self.tip_speaker = SpeakButton()
        self.go_button.on_click(lambda _b: self.go_on())
        self.why_button.on_click(lambda _b: self.why())
        self.tip_box = w.VBox([self.tip_words, w.HBox([self.go_button, self.why_button, self.tip_speaker]), self.why_text],
                              layout=w.Layout(display="none", border="3px solid #f59e0b", padding="6px 12px",
                                              margin="4px 0", max_width="850px"))
        self.tip_box.add_class(TIP_CLASS)
        #: Brings the tip and what it marks into the window (on a phone they may lie far apart).
        # (The marked widgets by their class, and by the border itself: a class given to an
        # anywidget after it is drawn does not reach the page.)
        self.tip_scroll = TipScroll(marks="." + MARKED_CLASS, ring=POINTER_RING)
        self.summary = w.VBox(layout=w.Layout(display="none", max_width="850px"))
        self.example_box = w.VBox(layout=w.Layout(display="none", max_width="850px"))
        super().__init__(GUIDED_PLAYERS, track=GUIDED_TRACK, seed=seed, human=0, bot_delay=bot_delay)
        self.children = (*self.children[:1], self.tip_scroll, self.tip_box, self.summary, self.example_box,
                         *self.children[1:])
        self.add_class(GUIDED_CLASS)
        # A card tapped while a tip holds the hand says so under it, and the tip comes into
        # view (on a phone it stands a screen or two above the hand).
        self.hand.on_refused = lambda: self.tip_scroll.bring() if self.moment is not None else None
        # The track is laid out again for the page's width (a phone: taller, its key below
        # it) once the page says it, after the first tip may have been brought into view.
        self.figure.probe.observe(self._track_laid_out, names="room")
        self.refreshed()

    def _track_laid_out(self, _change: object) -> None:
        if self.moment is not None:  # what the tip marks may have moved: bring it again
            self.tip_scroll.bring()

    # -------------------------------------------------------------- reading
    @property
    def tip_text(self) -> str:
        """The words of the tip on show ('' when none is)."""
        if self.moment is None:
            return ""
        return " ".join(self._words(self.moment))

    @property
    def met(self) -> tuple[str, ...]:
        """The kinds of moment shown so far, in the order they came."""
        return self.guide.met

    @property
    def missing(self) -> tuple[str, ...]:
        """The kinds of moment not met (yet), in teaching order."""
        return self.guide.missing

    # --------------------------------------------------------------- acting
    def go_on(self) -> None:
        """Close the tip: show the next new moment, or play on."""
        if self.moment is None:
            return
        self._unmark()
        self.moment = None
        if self._queue:
            self._show(self._queue.pop(0))
        else:
            self.tip_box.layout.display = "none"
            self.turbo_box.hold(False)
            self.resume()
            self.refreshed()
            if self.moment is None:
                self._focus_decision()

    def why(self) -> str:
        """Show (or hide again) the engine's whole explanation of the tip on show; returns it."""
        if self.moment is None:
            return ""
        text = moment_why(self.moment, self.game)
        shown = self.why_text.layout.display != "none"
        self.why_text.value = ("<div style='font-size:14px;line-height:1.4'>"
                               + "<br>".join(html.escape(line) for line in text.splitlines()) + "</div>")
        self.why_text.layout.display = "none" if shown else "block"
        if not shown:
            self.announcer.say(text)
        return text

    def act(self, action: Card | Turbo | str) -> bool:
        """Play for the learner, as :meth:`GameView.act`; refused while a tip is up."""
        if self.moment is not None:
            # Said once, under the card just tapped (the tip may be far above it), while the
            # tip with its "Go on" comes into view.
            self.hand.message = self._read_the_tip_first()
            self.tip_scroll.bring()
            return False
        return super().act(action)

    def show_example(self, kind: str) -> GameReplay:
        """Replay the first moment of ``kind`` in a real seeded game (for a kind this game
        did not bring up): the events just before it and the moment itself, with its words."""
        kind = inputs.one_of(kind, _("The kind of moment"), KINDS, rally.SetupError)
        game, moment = example_moment(kind)
        last = len(game.events) - 1 if moment.event is None else moment.event
        replay = GameReplay(game, first=max(0, last - EXAMPLE_LEAD_IN), last=last,
                            title=_("Another game, seed {seed}").format(seed=game.seed))
        replay.step(EXAMPLE_LEAD_IN)
        words = w.HTML("<div style='font-size:16px'>" + html.escape(" ".join(moment_words(moment, game.names)))
                       + "</div>")
        self.example_box.children = (words, replay)
        self.example_box.layout.display = "flex"
        return replay

    # ------------------------------------------------------- the guide's hooks
    def paused(self) -> bool:
        """True while a tip is up or a new moment waits to be shown."""
        if not hasattr(self, "guide"):
            return False
        self._queue.extend(self.guide.new(self.game))
        return self.moment is not None or bool(self._queue)

    def refreshed(self) -> None:
        """Show the next tip once the table is drawn, or the summary at the end."""
        if not hasattr(self, "tip_box") or self.busy:
            return
        self.paused()  # collect what is new
        if self.moment is None and self._queue:
            self._show(self._queue.pop(0))
        elif self.moment is not None:
            self._mark(self.moment)
        if self.game.is_over and self.moment is None and self.summary.layout.display == "none":
            self._summarize()

    # -------------------------------------------------------------- showing
    def _words(self, moment: Moment) -> tuple[str, ...]:
        """The tip's sentences: the engine's, and at a round's end whose new deal is already
        on the table, that the cards are dealt (the hand shows them under the tip)."""
        words = moment_words(moment, self.game.names)
        if moment.kind == "round_end_motors" and moment.event is not None:
            deal = next((e for e in self.game.events[moment.event:] if isinstance(e, Dealt)), None)
            if deal is not None:
                words += (_("Your new cards for round {round} are already below.").format(
                    round=deal.round),)
        return words

    def held_words(self) -> str | None:
        """While a tip is up, play waits for the learner to read it, not for a move: the
        status line says so, whoever's turn is next."""
        return self._read_the_tip_first() if self.paused() else None

    def waiting_words(self, current: int) -> str:
        """While a tip is up, play waits for the learner, not for the next player."""
        return self.held_words() or super().waiting_words(current)

    def _read_the_tip_first(self) -> str:
        """What the learner is told while a tip holds the game: under the hand, and when a
        card is tapped before "Go on"."""
        return _("First read the tip, then press “{button}”.").format(button=self.go_button.description)

    def show_trick(self) -> None:
        """While a tip is about a trick just won, its cards stay on the table: the tip is
        read beside them, not a screen away under "Previous trick"."""
        moment = self.moment
        if moment is not None and moment.kind.startswith("trick_") and not self.game.trick:
            self.trick_table.show_trick(moment.fact("cards"), moment.fact("seats"), self.game.names, complete=True)
        else:
            super().show_trick()

    def _hand_title(self, seat: int) -> str:
        """The hand says whose it is: the tips say "you", the log and "Why?" say the name."""
        return _("Your cards: you are {name} ({car})").format(name=self.game.names[seat], car=car_words(seat))

    def _show(self, moment: Moment) -> None:
        self.moment = moment
        words = self._words(moment)
        self.tip_words.value = "".join(f"<p style='font-size:18px;line-height:1.4;margin:4px 0'>{html.escape(s)}</p>"
                                       for s in words)
        self.why_text.layout.display = "none"
        self.tip_box.layout.display = "flex"
        self.turbo_box.hold(True)
        self._mark(moment)
        self.tip_speaker.say(" ".join(words))
        self.announcer.say(*words)
        self.go_button.focus()
        self.tip_scroll.bring()

    def _mark(self, moment: Moment) -> None:
        """Point at what ``moment`` is about on the table."""
        self._unmark()
        self.show_trick()
        kind, seat = moment.kind, moment.seat
        if kind.startswith("trick_"):
            if self.figure.frames_left == 0 and self.figure.caption:
                # The words under the track told the move before this trick: old news beside
                # a tip about a new trick, whose own move is still to come.
                self.figure.set_positions(self.figure.positions)
            # The tip's trick stands under "This trick"; "Previous trick" shows the one before it.
            self.table.show_previous(_trick_before(self.game, moment.event))
            self.pointing = ("trick", moment.fact("card"))
            self._border(self.trick_table)
        elif kind in ("motor_wound", "turbo_offer", "round_end_motors") and seat is not None:
            self.pointing = ("motor", seat)
            self._border(self.dials[seat])
        elif moment.fact("move") is not None:
            move = moment.fact("move")
            self.pointing = ("space", move.final)
            self.figure.show_choices([(_("here"), move)])
            self._border(self.figure)
        elif kind == "finish" and seat is not None:
            self.pointing = ("space", moment.fact("progress"))
            self._border(self.figure)
        else:  # leading, following, a new deal: the learner's hand
            self.pointing = ("hand", self.human)
            self._border(self.hand)

    def _focus_decision(self) -> None:
        """The tip is gone: the keyboard goes where the learner acts next, the turbo choice
        when it waits, else the hand (the "Go on" button it was on is hidden, and Tab would
        start again from the top of the page: 55 presses to the turbo choice)."""
        self._dealt = False  # the keyboard is brought where the learner acts next, here
        if self.viewer is None or self.game.is_over:
            return
        if self.game.awaiting_turbo and self.game.current_player == self.viewer:
            self.turbo_yes.focus()
        else:
            self.hand.focus_card()

    def _border(self, widget: w.Widget) -> None:
        widget.layout.border = POINTER
        widget.add_class(MARKED_CLASS)
        self._marked.append(widget)

    def _unmark(self) -> None:
        if self.pointing is not None and self.pointing[0] == "trick":
            self.table.show_last()  # "Previous trick" as the game has it
        for widget in self._marked:
            widget.layout.border = ""
            widget.remove_class(MARKED_CLASS)
        if self.figure.choices and self.figure.frames_left == 0:  # the "here" ring goes with its tip
            self.figure.set_positions(self.game.positions)
        self._marked = []
        self.pointing = None

    def _summarize(self) -> None:
        met = ngettext("You met {n} new thing in this game.", "You met {n} new things in this game.", len(self.met))
        rows: list[w.Widget] = [w.HTML("<div style='font-size:16px'><p>" + html.escape(met.format(n=len(self.met)))
                                       + "</p>" + folded_list(_("Show the list"), (_(KIND_LABELS[k]) for k in self.met))
                                       + "</div>")]
        for kind in self.missing:
            button = w.Button(description=_("Show me"), layout=w.Layout(width="auto"))
            button.on_click(lambda _b, kind=kind: self.show_example(kind))
            rows.append(w.HBox([w.HTML("<p style='font-size:16px'>" + html.escape(
                _("This game did not bring up {thing}.").format(thing=_(KIND_LABELS[kind]))) + "</p>"), button]))
        self.summary.children = tuple(rows)
        self.summary.layout.display = "flex"
        # The keyboard to the summary's first control ("Show me"), else to the replay's: the
        # "Go on" it was on is hidden.
        first = next((row.children[1] for row in rows[1:]), self.replay_forward)
        first.focus()

    def __repr__(self) -> str:
        text = super().__repr__()
        if self.moment is not None:
            text += " " + _("Tip: {words}").format(words=self.tip_text)
        return text
