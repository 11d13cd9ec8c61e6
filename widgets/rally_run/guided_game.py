"""GuidedRun: a guided first game of Rally Run, for a five-year-old with a parent (issue 40).

A real game against one computer player, from a seed chosen so that every kind of moment
comes up (:data:`rally.rally_run.moments.GUIDED_SEED`). The first time each thing
happens the game stops: a picture, one or two short sentences in big type (read them
aloud), a ring on the board around what they are about, and "Go on ▶", one tap (the
keyboard goes to it). "Why?" opens the engine's full explanation. While a tip is up
the board waits. The learner makes every decision; which moments are new is decided by
the engine (:mod:`rally.rally_run.moments`), never here. At the end: what came up, and
for a kind that did not, "Show me" with a moment from a real seeded game.

>>> run = GuidedRun(pace=0)
>>> run.moment.kind, run.tip_text
('reveal', 'Tap a tile next to your car. It turns over, and you see its road.')
>>> run.board.highlight, run.board.paused
(['A1'], True)
>>> run.go_on(), run.tip_text, run.board.paused
(True, '', False)
"""

from __future__ import annotations

import asyncio
import html
from typing import Any, Callable

import ipywidgets as w

from rally.common.moment import Moment
from rally.rally_run import RallyRunGame, Tile
from rally.rally_run.moments import (
    GUIDED_BOT, GUIDED_SEED, KINDS, LEARNER, example_moment, guide, guided_game, moment_words, moment_why, nudged_again,
)

from .._display import StableRepr, folded_list
from ..closing import close_soon
from ..first_game import AGAIN
from ..i18n import N_, _, join_sentences
from ..occasion import Occasion
from ..announcer import Announcer
from ..page_style import PageStyle
from ..read_aloud import SpeakButton
from ..tip_scroll import GUIDED_CLASS, TIP_CLASS, TipScroll
from .board import RallyRunBoard
from .board_words import NUDGE_PICTURE, trap_warning
from .board_rows import RUN_HEX

#: A picture for each kind, shown before the words (a tile is drawn beside it when the
#: moment names one).
PICTURES = {"reveal": "👆", "lay_tile": "🔄", "trap": "⚠️", "tile_hidden": "🙈", "dead_end": "⛔",
            "swap": "🔀", "swap_ban": "🚫🔀", "drive_to_car": "🚗🚗", "pit_stop_trophy": "⛽", "finish": "🏁",
            "back_and_forth": NUDGE_PICTURE}
#: What each kind is called in the list at the end (shown translated).
TITLES = {"reveal": N_("turning a tile over"), "lay_tile": N_("laying a tile so the roads meet"),
          "trap": N_("a trap for your car"), "tile_hidden": N_("a tile turning face down again"),
          "dead_end": N_("a dead end"), "swap": N_("swapping two tiles"),
          "swap_ban": N_("two tiles nobody may swap next"), "drive_to_car": N_("driving onto another car"),
          "pit_stop_trophy": N_("the pit stop and the trophy"), "finish": N_("reaching the finish"),
          "back_and_forth": N_("a way out of going back and forth")}
#: Big type for the tip, and room for a finger on each button.
TIP_STYLE = "font-size:24px;line-height:1.35;font-weight:600"
BUTTON_LAYOUT = {"min_height": "48px", "margin": "4px 8px 4px 0", "width": "auto"}


def tile_picture(text: str, size: int = 64) -> str:
    """A road tile drawn as a little SVG (the board's colors): ``tile_picture("D:W")``."""
    tile = Tile.parse(text)
    h = size / 2
    ends = {"N": (h, 0.0), "E": (float(size), h), "S": (h, float(size)), "W": (0.0, h)}
    points = [ends[d] for d in tile.openings]
    if tile.kind.letter == "C":
        (x1, y1), (x2, y2) = points
        path = f"M{x1},{y1} Q{h},{h} {x2},{y2}"
    else:
        path = " ".join(f"M{h},{h} L{x},{y}" for x, y in points)
    bar = ""
    if tile.kind.letter == "D":
        x, y = points[0]
        dx, dy = (y - h) / h * size * 0.22, (x - h) / h * size * 0.22
        bar = f"<line x1='{h - dx}' y1='{h - dy}' x2='{h + dx}' y2='{h + dy}' stroke='#b91c1c' stroke-width='6'/>"
    return (f"<svg width='{size}' height='{size}' viewBox='0 0 {size} {size}' aria-hidden='true' "
            f"style='vertical-align:middle'><rect width='{size}' height='{size}' fill='#e8dcc0' stroke='#6b7280'/>"
            f"<path d='{path}' stroke='#4b5563' stroke-width='{size * 0.3}' fill='none'/>{bar}</svg>")


def picture(moment: Moment) -> str:
    """The picture shown before a moment's words: its symbol, and its tile or color."""
    parts = [f"<span style='font-size:44px' aria-hidden='true'>{PICTURES[moment.kind]}</span>"]
    tile = moment.fact("tile")
    if isinstance(tile, str):
        parts.append(tile_picture(tile))
    color = moment.fact("color")
    if isinstance(color, str) and color in RUN_HEX:
        parts.append(f"<span aria-hidden='true' style='display:inline-block;width:44px;height:44px;"
                     f"border:2px solid #111827;border-radius:6px;background:{RUN_HEX[color]}'></span>")
    # Its own line height: a 44-px symbol in the tip's line would reach into the words below (walk 76).
    return "<div style='display:flex;gap:12px;align-items:center;line-height:1.15;margin-bottom:6px'>" + "".join(
        parts) + "</div>"


class GuidedRun(StableRepr, w.VBox):
    """A guided first game of Rally Run: the learner (the red car, who moves first)
    against one computer player (``bot``), from ``seed``. ``pace`` is the seconds between
    the computer player's actions in Jupyter (0, or no running event loop as in tests:
    at once).

    Public for tests and reading aloud: :attr:`moment` (the tip on show, or ``None``),
    :attr:`tip_text`, :meth:`go_on`, :meth:`why`, :meth:`show_me`, and the
    :attr:`board` (a :class:`~widgets.rally_run.board.RallyRunBoard`).
    """

    def __init__(self, seed: int = GUIDED_SEED, *, bot: str = GUIDED_BOT, pace: float = 0.8,
                 names: list[str] | None = None) -> None:
        self.guide = guide(LEARNER)
        self.pace = max(0.0, float(pace))
        #: The moment whose tip is on show, or ``None``.
        self.moment: Moment | None = None
        #: The game of the example on show after "Show me" (at its moment), or ``None``.
        self.example: RallyRunGame | None = None
        self._queue: list[Moment] = []
        self._why_open = False
        self._game: RallyRunGame | None = None
        self._moved_at = 0
        self._closed = False
        self.over = Occasion()  # the race is over and its end is shown
        self.stuck = Occasion()  # the learner's car can never drive on, while the race goes on
        self.stuck.then(self._say_stuck)
        self.picture = w.HTML()
        self.tip = w.HTML()
        self.go_on_button = w.Button(description=_("Go on ▶"), button_style="primary",
                                     layout=w.Layout(**BUTTON_LAYOUT), style={"font_size": "20px"})
        self.why_button = w.Button(description=_("Why?"), layout=w.Layout(**BUTTON_LAYOUT),
                                   style={"font_size": "18px"})
        self.go_on_button.on_click(lambda _b: self.go_on())
        self.why_button.on_click(lambda _b: self.why())
        self.why_box = w.HTML()
        # The tip's own 🔊 button; the announcer tells a screen reader each new tip, and the
        # switch "Read new moments aloud" reads it from there.
        self.tip_speaker = SpeakButton()
        self.announcer = Announcer()
        buttons = w.HBox([self.go_on_button, self.why_button, self.tip_speaker], layout=w.Layout(flex_flow="row wrap"))
        self.tip_box = w.VBox([self.picture, self.tip, buttons, self.why_box],
                              layout=w.Layout(border="3px solid #d97706", padding="8px 12px", margin="0 0 8px 0"))
        self.tip_box.add_class(TIP_CLASS)
        #: Brings the tip and the rings on the board (or the ⚠ choice) into the window together.
        self.tip_scroll = TipScroll(marks=".rr-highlight, .rally-run__rotation.is-pointed, .rally-run__mode.is-pointed")
        self.end_box = w.VBox()
        self.example_box = w.VBox()
        self.board = RallyRunBoard(guided_game(seed, names), bots=[bot], pause_hook=self._hold)
        self.board.again_words = _(AGAIN)  # its own "New game" is hidden: lesson 0's button plays again
        self.board.nudges = False  # its own 🔁 tip says it
        self.board.add_class("rally-run-big")
        # A tap on the board while a tip is up is refused in the board's status line: the
        # tip it asks to read comes into view with it.
        self.board.on_paused_click = self._paused_tap
        self.board.open_while_paused = self._tip_asks
        super().__init__([self.tip_scroll, self.tip_box, self.example_box, self.board, self.end_box, self.announcer,
                          PageStyle()], layout=w.Layout(width="100%", max_width="1000px"))
        self.add_class(GUIDED_CLASS)
        self._show()

    # ------------------------------------------------------------ public
    @property
    def tip_text(self) -> str:
        """The tip's sentences as read aloud ('' when no tip is up)."""
        if self.moment is None:
            return ""
        return join_sentences(moment_words(self.moment, self._names(), self._learner()))

    def go_on(self) -> bool:
        """One tap on "Go on ▶": the next tip, or the game goes on. False when no tip is up."""
        if self.moment is None:
            return False
        self.moment, self._why_open = None, False
        if self.example is not None:
            self.example = None
            self.example_box.children = ()
        elif self._queue:
            self.moment = self._queue.pop(0)
        self._show()
        if self.moment is None:
            self._moved_at = len(self.board.game.events)
            self.board.resume()  # which may bring the next tip at once
            self._show()
            if self.moment is None:  # play goes on: the keyboard goes from "Go on" to the board
                self.board.focus()
        return True

    def why(self) -> str:
        """Open (or close) the engine's full explanation of the tip on show; returns it."""
        if self.moment is None:
            return ""
        self._why_open = not self._why_open
        game = self.example if self.example is not None else self.board.game
        text = moment_why(self.moment, game)
        self.why_box.value = (f"<div role='note' style='font-size:16px;max-width:60em'>{html.escape(text)}</div>"
                              if self._why_open else "")
        return text

    @property
    def missing(self) -> tuple[str, ...]:
        """The kinds that have not come up in this game yet, in teaching order."""
        return self.guide.missing

    def show_me(self, kind: str) -> bool:
        """Show a moment of ``kind`` from a real seeded game (for a kind this game did not
        bring up): its tip, and its board with the ring. False while a tip is up, or for a
        kind that is not one of :data:`~rally.rally_run.moments.KINDS`."""
        if self.moment is not None or kind not in KINDS:
            return False
        self.example, self.moment = example_moment(kind)
        shown = RallyRunBoard(game=self.example, seat=LEARNER, interactive=False)
        shown.highlight = list(self.moment.fact("places") or ())
        note = _("From a game of two computer players (game number {seed}).").format(seed=self.example.seed)
        self.example_box.children = (w.HTML(f"<div style='font-size:15px'>{html.escape(note)}</div>"), shown)
        self._show()
        return True

    # ------------------------------------------------------------ the guide
    def _paused_tap(self, target: str | None) -> bool | str:
        """A tap on the board while a tip is up. A tap that does what the tip asks (a ringed
        tile to turn over, the ringed swap button (``"swap"``), or a way to lay the tile that
        no ⚠ tip warns of) puts the tips away and counts; any other tap brings the tip into
        view and is refused (a way marked ⚠ in the words of the ⚠ beside it)."""
        tips = [m for m in (self.moment, *self._queue) if m is not None]
        traps = {f"rotation:{r}" for m in tips if m.kind == "trap" for r in m.fact("rotations")}
        if target is None or self.example is not None or not tips:
            follows = False
        elif target.startswith("rotation:"):
            follows = any(m.kind == "lay_tile" for m in tips) and target not in traps
        else:
            follows = target in self._tip_asks()
        if not follows:
            self.tip_scroll.bring()
            return trap_warning().lstrip("⚠ ") if target in traps else False  # the board adds its own ⚠
        for _tip in tips:
            self.go_on()
        return True

    def _tip_asks(self) -> tuple[str, ...]:
        """The tiles the tip up asks the learner to tap (its ringed tiles to turn over or
        drive to): a tap there goes through while the board waits."""
        tip = next((m for m in (self.moment, *self._queue) if m is not None), None)
        if self.example is not None or tip is None or tip.kind not in ("reveal", "back_and_forth"):
            return ()
        return tuple(self.board.highlight)

    def _names(self) -> tuple[str, ...]:
        return (self.example if self.example is not None else self.board.game).names

    def _learner(self) -> int | None:
        """The seat the tips call "you": the learner's, and nobody's in an example of
        another game (two computer players)."""
        return LEARNER if self.example is None else None

    def _hold(self, game: RallyRunGame) -> bool:
        """The board's pause hook: stop at a new moment, or (paced) after each computer action."""
        if game is not self._game:  # a new game on the board: a new guide
            self._game, self.guide, self._queue, self._moved_at = game, guide(LEARNER), [], 0
        self._queue.extend(self.guide.new(game))
        board = getattr(self, "board", None)  # None while the board deals its first game
        if self.moment is None and self._queue and self.example is None:
            self.moment = self._queue.pop(0)
            if board is not None:
                self._show()
        if (board is not None and game is board.game and not self.stuck.came and not game.is_over
                and game.is_stuck_for_good(LEARNER)):
            self.stuck.come()
        if self.moment is not None:
            return True
        if game.current_player not in (None, LEARNER) and len(game.events) > self._moved_at and self._later():
            return True  # the computer player's last action stays in view a moment
        return False

    def _say_stuck(self) -> None:
        """Under the board: the learner's car can never drive on, the race may go on for a
        long time, and a new game is offered."""
        from ..first_game import AGAIN  # lesson 0's page: it imports this module when a game is chosen

        # The race goes on, and a stuck car's player may still swap (R7): the words say both ways on.
        words = html.escape(_("🚫 Your car is stuck for good: no road can ever take it on. You may still swap "
                              "tiles, or press “{button}” to start again.").format(button=_(AGAIN)))
        self.end_box.children = (w.HTML(f"<div role='status' style='font-size:18px'>{words}</div>"),)

    def when_stuck(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (no arguments) once the learner's car is stuck for good while the
        race goes on, at once if it is already."""
        self.stuck.then(callback)

    def _later(self) -> bool:
        """Resume after :attr:`pace` seconds, in Jupyter's event loop; False when at once."""
        if self.pace <= 0:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        loop.call_later(self.pace, self._tick)
        return True

    def _tick(self) -> None:
        if self.moment is None and not self._closed:
            self._moved_at = len(self.board.game.events)
            self.board.resume()
            self._show()

    # ------------------------------------------------------------ showing
    def _show(self) -> None:
        moment = self.moment
        self.why_box.value = ""
        if moment is None:
            self.tip_box.layout.display = "none"
            self.picture.value = self.tip.value = ""
            self.board.highlight = []
            self._show_end()
            return
        self.tip_box.layout.display = ""
        self.picture.value = picture(moment)
        words = moment_words(moment, self._names(), self._learner())
        self.tip.value = (f"<div class='rally-guided-tip' style='{TIP_STYLE}'>"
                          + "<br>".join(html.escape(s) for s in words) + "</div>")
        self.tip_speaker.say(join_sentences(words))
        self.announcer.say(*words)
        if self.example is None:
            self.board.highlight = self._rings(moment)
        self.go_on_button.focus()  # one tap, or Enter, goes on
        self.tip_scroll.bring()

    @staticmethod
    def _rings(moment: Moment) -> list[str]:
        """What the board rings for ``moment``: its places, or for a trap the ⚠ choices of
        how to lay the tile (``"rotation:3"``), which is what the tip warns of; the nudge's
        second time rings the swap button (``"swap"``) too, the way out it names."""
        if moment.kind == "trap" and moment.fact("rotations"):
            return [f"rotation:{r}" for r in moment.fact("rotations")]
        return (["swap"] if nudged_again(moment) else []) + list(moment.fact("places") or ())

    def _show_end(self) -> None:
        game = self.board.game
        if not game.is_over:
            if not self.stuck.came:
                self.end_box.children = ()
            return
        # What came up, as the tips' pictures (a five-year-old knows them from the tips); each
        # picture says its words to a screen reader and on hover.
        met = " ".join(f"<span role='img' aria-label='{html.escape(_(TITLES[kind]), quote=True)}' "
                       f"title='{html.escape(_(TITLES[kind]), quote=True)}'>{PICTURES[kind]}</span>"
                       for kind in self.guide.met)
        # How it ended stands above the board already (its prompt): said once.
        over = html.escape(_("The race is over."))
        came = html.escape(_("The tips in this game:"))
        which = folded_list(_("Show the list"), (f"{PICTURES[kind]} {_(TITLES[kind])}" for kind in self.guide.met))
        rows: list[Any] = [w.HTML(f"<div style='font-size:18px'>{over}<br>{came} "
                                  f"<span style='font-size:24px'>{met}</span>{which}</div>")]
        for kind in self.guide.missing:
            button = w.Button(description=_("Show me"), layout=w.Layout(**BUTTON_LAYOUT))
            button.on_click(lambda _b, kind=kind: self.show_me(kind))
            text = _("Did not come up: {kind}.").format(kind=_(TITLES[kind]))
            rows.append(w.HBox([w.HTML(f"<div style='font-size:18px'>{PICTURES[kind]} {html.escape(text)}</div>"),
                                button], layout=w.Layout(flex_flow="row wrap", align_items="center")))
        self.end_box.children = tuple(rows)
        if not self.over.came:
            self.over.come()

    def when_over(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (no arguments) once the race is over and its end is shown, at
        once if it is already."""
        self.over.then(callback)

    def close(self) -> None:
        """Stop the game (a paced computer player) and close it and its board once the page
        can have drawn them (:func:`~widgets.closing.close_soon`)."""
        self._closed = True
        close_soon([self])

    def __repr__(self) -> str:
        if self.moment is not None:
            return _("Guided Rally Run: {tip}").format(tip=self.tip_text)
        return _("Guided Rally Run, {board}").format(board=repr(self.board))


__all__ = ["GuidedRun", "PICTURES", "TITLES", "picture", "tile_picture"]
