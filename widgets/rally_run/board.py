"""RallyRunBoard: the Rally Run board as one player sees it, playable by clicks.

The board is drawn as SVG from plain data computed from ``game.observation(seat)``
(:mod:`widgets.rally_run.board_rows`): face-down tiles are sent only as "face down"
(never their kind or rotation), face-up tiles with their roads, the pit stop with the number of
trophies left, the start-finish tiles in their colors with their word, and the
cars as colored shapes with their driver's initial. Every move goes through
``game.legal_actions()`` / ``game.apply()``; a refused click shows the engine's reason
in the status line and changes nothing (a tap while the tile just revealed waits to be laid
is answered in the board's own terms: the engine names the ways as typed, "rotate 1"). After the learner's turn the bots play theirs,
and the log says what everybody did. Every word on the page comes from here (most from
:mod:`widgets.rally_run.board_words`), in the language rally speaks at each redraw
(:mod:`widgets.i18n`; the page's own words in :attr:`RallyRunBoard.labels`); the color letters R, B, G and Y stay as they are in every
language, as the engine's codes do.

Clicking (what the page sends, also callable from Python): a tile marked *reveal* or
*drive* (:meth:`click`), then one of the offered rotations (:meth:`rotate`); for a
swap, *Swap* mode (:meth:`set_mode`) and two face-down tiles; your finish when it is
marked *finish*.

>>> board = RallyRunBoard(players=2, seed=6, bots="none")
>>> board  # doctest: +NORMALIZE_WHITESPACE
Rally Run as Bo sees it, seed 6, turn 1: Bo to move. Cars: Bo on the red start-finish tile and Gus on the green
    start-finish tile. 2 trophies left.
>>> [c["cell"] for c in board.cells if c["target"]]
['A1']
>>> board.click("A1")        # reveal A1: now choose how to lay it
True
>>> [r["tile"] for r in board.rotations]
['S:EW']
>>> board.rotate(1)          # Bo drives onto A1; Gus's bot answers at once
True
>>> board.log[:3]
['Turn 1: Bo reveals A1: a straight.', 'Turn 1: Bo lays it: road → ←.', 'Turn 1: Bo drives from the red start-finish tile to A1.']
>>> board.click("C3")
False
>>> board.status
"Bo's car is on A1 (a straight: road → ←), and C3 is not next to it. From there the road leads only to B1 or red start-finish. Bo may: reveal B1 or swap two face-down tiles."
"""

from __future__ import annotations

import pathlib
import random
from typing import Any, Callable, Collection, Sequence

import anywidget
import traitlets

import rally
from rally.common.turns import bots_per_seat, play_bots
from rally.common import inputs
from rally.rally_run import COLORS, Cell, DriveTo, Finish, RallyRunGame, Reveal, Rotate, StartFinish, Swap, parse_bot
from rally.rally_run.simulate import log_lines

from .._display import StableRepr
from ..messages import StatusLine
from ..i18n import _
from .board_rows import (
    CAR_SHAPES, COLOR_LETTERS, RUN_HEX, car_and_player_rows, cell_rows, name_cars_in_places,
    rotation_rows, start_rows, swap_partners, touched_places, waiting_rotation,
)
from .board_words import board_in_words, color_adjective, color_noun, heading_and_prompt, page_labels

HERE = pathlib.Path(__file__).parent

MODES = ("move", "swap")
#: Errors a click's text or number may raise (all typed by rally); shown in the status line, never raised.
CLICK_ERRORS = (rally.RuleError, ValueError, TypeError)


class RallyRunBoard(StableRepr, StatusLine, anywidget.AnyWidget):
    """The board from ``seat``'s view. Give a ``game`` to show or play on, or let the
    widget deal one (``players``, ``seed``, ``names``).

    ``bots`` plays the other seats: one bot name for all (``"perfect"``), or a list
    with one per other seat in seat order (``["perfect", "forgetful:3", "none"]``) or,
    when ``players`` or ``game`` fixes the number of players, one per seat (the
    learner's entry is ignored); without them a list names the other seats; names as in
    :func:`rally.rally_run.parse_bot`, or bot objects. With ``interactive=False`` the
    board only shows the game as it is now (a copy is kept), for step-by-step lessons.

    ``people`` plays together at one screen (pass-and-play): the seats people play (by
    default ``[seat]``, one learner); the computer players take the others. Rally Run
    hides nothing from anyone but what lies face down, so the board simply follows the
    person whose turn it is and says it at the top, by name and car color.

    >>> table = RallyRunBoard(players=3, seed=6, people=[0, 2], bots="perfect")
    >>> table.people, table.human
    ([0, 2], 0)
    """

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    cells = traitlets.List(traitlets.Dict()).tag(sync=True)
    starts = traitlets.List(traitlets.Dict()).tag(sync=True)
    cars = traitlets.List(traitlets.Dict()).tag(sync=True)
    players_info = traitlets.List(traitlets.Dict()).tag(sync=True)
    trophies_left = traitlets.Int(0).tag(sync=True)
    rotations = traitlets.List(traitlets.Dict()).tag(sync=True)
    mode = traitlets.Unicode("move").tag(sync=True)
    #: True once the game is over: the page then hides the move and swap buttons.
    over = traitlets.Bool(False).tag(sync=True)
    swap_first = traitlets.Unicode("").tag(sync=True)
    heading = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The words of the page around the board, in the language spoken at the last redraw.
    labels = traitlets.Dict().tag(sync=True)
    #: Whether the board may be played, fixed when it is made: a board made to show one
    #: position stays so (read-only here, and the page may set none of these traits: every
    #: click comes as a message, :meth:`_on_msg`).
    interactive = traitlets.Bool(True, read_only=True).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    #: Places the page rings to point at them ("B2", or a start-finish tile's color), set by a guide.
    highlight = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: True while the board waits (:attr:`pause_hook`): clicks are refused until :meth:`resume`.
    paused = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: RallyRunGame | None = None,
        seat: int = 0,
        *,
        players: int | None = None,
        seed: int = 0,
        names: Sequence[str] | None = None,
        bots: Any = "perfect",
        interactive: bool = True,
        rng: random.Random | None = None,
        people: Sequence[int] | None = None,
        pause_hook: Callable[[RallyRunGame], bool] | None = None,
    ):
        super().__init__()
        #: Asked before each computer player's action, at a person's decision and at the end: True pauses.
        self.pause_hook = pause_hook
        #: Asked about a tap while paused (a guide's tip is up), with what was tapped (a cell
        #: like ``"A1"``, a start-finish tile's color, ``"rotation:2"``; ``None`` for the swap
        #: button): True when the guide let it through (it put its tips away), else the tap
        #: is refused, in the words returned (a string) or as a wait for "Go on".
        self.on_paused_click: Callable[[str | None], bool | str] | None = None
        #: The places a tap may go through while paused (the ones a guide's tip asks for):
        #: they keep their marks ("reveal"), so the prompt's words match what is drawn.
        self.open_while_paused: Callable[[], Collection[str]] = lambda: ()
        #: The words of the button that starts another game, named at the game's end; None:
        #: the board's own "New game" (a guide that hides it names its own button).
        self.again_words: str | None = None
        #: Whether the prompt nudges a car going back and forth to swap (a guide with its own tip says no).
        self.nudges = True
        self.set_trait("interactive", bool(interactive))
        if game is None:
            if players is None:
                seated = len(people) if isinstance(people, (list, tuple)) else 1
                players = len(bots) + seated if isinstance(bots, (list, tuple)) else max(2, seated)
            game = RallyRunGame.new(players, seed=seed, names=names)
        elif not interactive:
            game = game.clone()  # a snapshot: later moves in the lesson do not change it
        if not (inputs.is_whole(seat) and 0 <= seat < game.players):
            raise rally.SetupError(_("The board shows a seat from 0 to {last}, not {given}.").format(
                last=game.players - 1, given=inputs.shown(seat)))
        self.game = game
        self.human = seat
        self.people = inputs.people(people, seat, game.players, rally.SetupError)
        self._bot_specs = bots
        self.bots = bots_per_seat(bots, game.players, self.people, parse_bot, "'perfect'") if interactive else []
        self.rng = rng if rng is not None else random.Random(game.seed)
        self.on_msg(self._on_msg)
        self._advance()

    # ------------------------------------------------------------ clicking
    def click(self, place: str) -> bool:
        """A click on a cell (``"B3"``) or a start-finish tile (its color, ``"red"``).
        Returns True when it did something (an action, or a first swap tile chosen)."""
        if not isinstance(place, str):
            # TRANSLATORS: 'B3' and 'red' are what the program reads: keep them.
            return self._refuse(_("Click a cell like 'B3' or a start-finish tile by its color, like 'red', not "
                                  "{given}.").format(given=repr(place)))
        tapped = place.strip().lower() if place.strip().lower() in COLORS else place.strip().upper()
        if not self._may_act(tapped):
            return False
        game = self.game
        if game.awaiting_rotation:
            return self._lay_first()
        try:
            target = place.strip().lower()
            if target in COLORS:
                return self._click_start(target)
            cell = Cell.parse(place)
            if self.mode == "swap":
                return self._click_swap(cell)
            return self._do(DriveTo(cell) if game.is_face_up(cell) else Reveal(cell))
        except CLICK_ERRORS as err:
            return self._refuse(str(err))

    def rotate(self, rotation: int) -> bool:
        """Lay the tile just revealed at ``rotation`` (one of :attr:`rotations`)."""
        if not self._may_act(f"rotation:{rotation}"):
            return False
        try:
            return self._do(Rotate(rotation))
        except CLICK_ERRORS as err:
            return self._refuse(str(err))

    def set_mode(self, mode: str) -> bool:
        """``"move"`` (clicks reveal or drive) or ``"swap"`` (two clicks swap two tiles)."""
        if mode not in MODES:
            # TRANSLATORS: 'move' and 'swap' are what the program reads: keep them.
            return self._refuse(_("The mode is 'move' or 'swap', not {given}.").format(given=repr(mode)))
        if not self._may_act("swap" if mode == "swap" else None):  # a guide may ring the swap button
            return False
        if mode == "swap" and self.game.awaiting_rotation:  # the tile just revealed waits to be laid
            return self._lay_first()
        self.mode, self.swap_first = mode, ""
        self._say(_("Choose two face-down tiles to swap them.") if mode == "swap" else "")
        self._refresh()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (the same players, names and bots) from ``seed``."""
        old = self.game
        seed = (old.seed + 1) % (inputs.MAX_SEED + 1) if seed is None else seed
        self.game = RallyRunGame.new(old.players, seed=seed, names=old.names, first_player=old.first_player)
        if self.interactive:
            self.bots = bots_per_seat(self._bot_specs, old.players, self.people, parse_bot, "'perfect'")
        self.rng = random.Random(seed)
        self.mode, self.swap_first = "move", ""
        self._say("")
        self._advance()

    def focus(self) -> None:
        """Bring the keyboard to the board: the rotation to choose, or the first place to click."""
        self.send({"type": "focus"})

    def resume(self) -> None:
        """Go on after a pause (see :attr:`pause_hook`): the computer players play on."""
        if self.paused:
            self.paused = False
            if self.status_kind == "error":  # a click refused while paused: no longer true
                self._say("")
            self._advance()

    def _held(self, game: RallyRunGame) -> bool:
        held = bool(self.pause_hook and self.pause_hook(game))
        self.paused = self.paused or held
        return held

    def _on_msg(self, widget, content: dict, buffers) -> None:
        """What the page sends: ``{"type": "click", "place": "B3"}``, ``{"type": "rotate",
        "rotation": 1}``, ``{"type": "mode", "mode": "swap"}``, ``{"type": "new", "seed": 4}``."""
        kind = content.get("type") if isinstance(content, dict) else None
        kind = kind if isinstance(kind, str) else None  # a list or a dict is no message type
        if kind == "new":
            seed = str(content.get("seed", "")).strip()
            try:
                chosen = inputs.whole_text(seed, "The seed", 0, inputs.MAX_SEED, rally.SetupError) if seed else None
            except rally.SetupError:
                # The same words as the Stich Rallye game's settings (widgets/stich_rallye/game_setup.py).
                self._refuse(_("{given} is not a game number: write a whole number like 42.").format(
                    given=inputs.shown(seed)))
            else:
                self.new_game(chosen)
            return
        value = {"click": "place", "rotate": "rotation", "mode": "mode"}.get(kind)
        if value is None or value not in content:
            self._refuse(_("The page sent a message the board does not understand: {message}.").format(
                message=repr(content)))
        elif kind == "click":
            self.click(str(content["place"]))
        elif kind == "mode":
            self.set_mode(str(content["mode"]))
        elif inputs.is_whole(content["rotation"]):
            self.rotate(content["rotation"])
        else:
            self._refuse(_("A rotation is a whole number of quarter turns, not {given}.").format(
                given=repr(content["rotation"])))

    # ------------------------------------------------------------- helpers
    def _may_act(self, target: str | None = None) -> bool:
        game = self.game
        if not self.interactive:
            return self._refuse(_("This board shows one position of a game; it cannot be played."))
        if self.paused:
            # A guide may let the tap through (it is what the tip asks); else it brings the tip into view.
            answer = self.on_paused_click(target) if self.on_paused_click is not None else False
            if isinstance(answer, str):
                return self._refuse(answer)
            if not (answer and not self.paused):
                return self._refuse(_("The game waits while a tip is up: press “Go on ▶” first."))
        if game.is_over:
            return self._refuse(game.why_illegal(Finish()) or _("The game is over."))
        if game.current_player != self.human:
            return self._refuse(_("It is {name}'s turn.").format(name=game.names[game.current_player]))
        return True

    def _lay_first(self) -> bool:
        """Refuse a tap while the tile just turned over waits to be laid, in the board's own
        terms: the engine's reason names the ways as they are typed ("rotate 1"), where the
        board shows them as buttons ("road →")."""
        return self._refuse(_("First lay the tile you turned over: tap one of the buttons below the board."))

    def _click_start(self, color: str) -> bool:
        goal = self.game.goal(self.human)
        if isinstance(goal, StartFinish) and goal.color != color:
            return self._refuse(_("Your trophy is {color}: your finish is the {color} start-finish tile beside "
                                  "{corner}, not the {other} one.").format(
                color=color_adjective(goal.color), corner=goal.corner, other=color_adjective(color)))
        return self._do(Finish())  # the engine says why, if it may not finish yet

    def _click_swap(self, cell: Cell) -> bool:
        game, first = self.game, self.swap_first
        if first == str(cell):
            self.swap_first = ""
            self._say(_("Swap: the first tile is put back; choose two face-down tiles."))
            self._refresh()
            return True
        if first:
            return self._do(Swap(first, cell))
        partners = swap_partners(game.legal_actions())
        if cell.index not in partners:
            reason = game.swap_refusal(cell)
            return self._refuse(reason.words() if reason else _("{cell} cannot be swapped now.").format(cell=cell))
        self.swap_first = str(cell)
        self._say(_("Swap: {cell} chosen; choose the second face-down tile (or {cell} again to put it back).").format(
            cell=cell))
        self._refresh()
        return True

    def _do(self, action) -> bool:
        game = self.game
        reason = game.why_illegal(action, self.human)
        if reason is not None:
            if self.swap_first:
                self.swap_first = ""
                self._refresh()
            return self._refuse(reason)
        game.apply(action, self.human)
        self.mode, self.swap_first = "move", ""
        self._say("")
        self._advance()  # the learner's action stands, whatever the bots do next
        return True

    def _advance(self) -> None:
        """Let the bots play until the learner must act (or the game ends), then redraw.
        A bot that fails (a bot of the user's own making may) stops the game where it is,
        says so, and never undoes or hides the moves already made."""
        game = self.game
        before = len(game.events)
        try:
            if self.interactive:
                play_bots(game, self.bots, self.rng, stop=self._held)  # up to a person's turn, or a pause
                if self.pause_hook is None:  # a guide rings places itself
                    computers = [seat for seat, bot in enumerate(self.bots) if bot is not None]
                    self.highlight = touched_places(game.events[before:], computers)
                if game.is_over:
                    self._held(game)
                seat = game.current_player
                if seat is not None and seat != self.human and self.bots[seat] is None:
                    self.human = seat
                    color = game.start_colors[seat]
                    # Pass-and-play: the next person hears it is their turn, by name and car.
                    self._say(_("{name}'s turn now: the {color} car.").format(
                        name=game.names[seat], color=color_adjective(color)))
        except Exception as err:  # noqa: BLE001 - shown where the learner looks, never raised into the kernel
            seat = game.current_player
            self._say(_("{name}'s computer player failed ({problem}); the game stops here. Press New game "
                        "to play on.").format(name=game.names[seat], problem=err), "error")
        finally:
            self._refresh()

    # --------------------------------------------------------------- showing
    @traitlets.observe("highlight")
    def _ringed(self, change: dict) -> None:
        """A guide's rings changed while the board waits: what a tap may do follows them
        (marks drawn for the last tip go when the next asks for no tap)."""
        if self.paused:
            self._refresh()

    def _refresh(self) -> None:
        game, me = self.game, self.human
        obs = game.observation(me)
        targets = self._targets()
        waiting = rotation_rows(game) if game.awaiting_rotation else []  # drawn for anyone, offered to me
        cells, starts = cell_rows(obs, targets, waiting_rotation(waiting)), start_rows(targets)
        cars, infos = car_and_player_rows(game, obs, me, self.interactive, shared=len(self.people) > 1)
        name_cars_in_places(cars, [*cells, *starts])
        rotations = waiting if game.current_player == me else []
        with self.hold_sync():
            self.cells, self.starts, self.cars, self.players_info = cells, starts, cars, infos
            self.trophies_left = obs.trophies_left
            self.rotations = rotations
            start = game.state().start  # an arranged game's log starts at its position's turn
            self.log = log_lines(game.events, game.names, 0 if start is None else start.turn)
            self.seed = game.seed
            self.labels = page_labels(obs.trophies_left)
            self.heading, self.prompt = heading_and_prompt(
                game, me, self.interactive, self.mode, shared=len(self.people) > 1, again=self.again_words,
                nudge=self.nudges)
            self.over = game.is_over

    def _targets(self) -> dict[str, str]:
        """Where a click does something now: place -> what it does."""
        game = self.game
        if not self.interactive or game.phase != "move" or game.current_player != self.human:
            return {}
        if self.paused:
            open_now = set(self.open_while_paused())
            if not open_now:
                return {}
            return {place: does for place, does in self._targets_now(game).items() if place in open_now}
        return self._targets_now(game)

    def _targets_now(self, game: RallyRunGame) -> dict[str, str]:
        """Where a click does something at ``game``'s decision, the board not paused."""
        actions = game.legal_actions()
        if self.mode == "swap":
            first = self.swap_first
            if first:
                out = {str(c): "swap" for a in actions if isinstance(a, Swap) and first in (str(a.a), str(a.b))
                       for c in (a.a, a.b) if str(c) != first}
                return {**out, first: "chosen"}
            return {str(Cell.of(c)): "swap" for c in swap_partners(actions)}
        out = {}
        for a in actions:
            if isinstance(a, Reveal):
                out[str(a.cell)] = "reveal"
            elif isinstance(a, DriveTo):
                out[str(a.cell)] = "drive"
            elif isinstance(a, Finish):
                out[game.goal(self.human).color] = "finish"
        return out

    def __repr__(self) -> str:
        return board_in_words(self.game, self.human)


__all__ = ["RallyRunBoard", "RUN_HEX", "COLOR_LETTERS", "CAR_SHAPES", "color_noun", "color_adjective"]
