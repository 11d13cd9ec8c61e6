"""A whole game of Rally Run as a state machine (rulings M1-M5, decisions R1-R12).

Ask ``current_player`` and ``legal_actions()``, then ``apply`` one action (see
:mod:`rally.rally_run.actions`). A reveal takes two steps: ``Reveal(cell)`` turns the
tile up for everyone to see, then the same player picks ``Rotate(r)`` among the
rotations allowed, and the car drives onto it. Anything illegal raises
:class:`~rally.IllegalAction` saying why and what would be allowed, and leaves the game
exactly as it was.

A game is built by :meth:`RallyRunGame.new` (the deal of a seed), or from parts by
:meth:`~RallyRunGame.from_state`, :meth:`~RallyRunGame.from_json` and
:meth:`~RallyRunGame.arrange`; those check the result with :meth:`~RallyRunGame.problems`
and never return a game no real play could reach.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> [str(a) for a in game.legal_actions()[:3]]
['reveal A1', 'swap A1 B1', 'swap A1 C1']
>>> game.apply("reveal A1")
>>> game.awaiting_rotation, [str(a) for a in game.legal_actions()]
(True, ['rotate 1'])
>>> game.apply("rotate 1")
>>> str(game.car_place(0)), game.current_player
('A1', 1)
>>> game.apply("drive C3")
Traceback (most recent call last):
...
rally.common.errors.IllegalAction: Gus's car is on the green start-finish tile, and C3 is not next to it. From there the road leads only to E5. Gus may: reveal E5 or swap two face-down tiles.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ..common import inputs
from ..common.i18n import _, language
from ..common.errors import IllegalAction, PositionError, SetupError
from ..common.history import log_issues, register_wordings, replay_start
from ..common.problem import Problem
from ..common.refusal import wording
from .actions import (
    DRIVES, FINISH, REVEALS, ROTATES, SWAPS, DriveTo, Finish, Reveal, Rotate, RunAction, Swap, parse_action,
)
from .arrange import arranged
from .board import (
    CELL_LIST, CELLS, DEFAULT_TILE_MIX, MAX_PLAYERS, MIN_PLAYERS, PIT, START_CORNERS, Cell, Place, TileMix,
    check_tile_mix, deal_layout, default_names, place_name, place_of,
)
from .events import CarMoved, RunEvent, RunGameWon, TileHidden, TileRevealed, TilesSwapped, TileTurned, TrophyTaken
from .legality import state_issues
from .observation import Observation
from .refusals import RunRefusals
from .render import Table, render
from . import rules
from .serialization import JSON, state_from_json, state_to_dict, state_to_json
from .state import MAX_TURNS, MOVE, OVER, ROTATE, RunState
from .tiles import BY_CODE

#: The default turn limit is this many turns per player (decision R8).
TURNS_PER_PLAYER = 100


class RallyRunGame(RunRefusals):
    """A game of Rally Run from the set-up to the winner. Create one with :meth:`new`
    (or :meth:`arrange`, :meth:`from_state`, :meth:`from_json`).

    Seats 0..n-1 play in increasing order (clockwise), starting with ``first_player``.
    Everything is read through properties and methods: :attr:`names`, :meth:`tile`,
    :meth:`car_place`, :attr:`trophies`, :attr:`trophies_left`, :attr:`turn`,
    :attr:`phase`, :attr:`pending`, :attr:`no_swap`, :attr:`winner`,
    :attr:`end_reason`, :attr:`events`, and :meth:`state` for all of it as plain data.
    """

    __slots__ = ()

    def __init__(self, state: RunState) -> None:
        """The game at ``state``: the same as :meth:`from_state`."""
        if not isinstance(state, RunState):
            inputs.fail(PositionError, _("RallyRunGame's argument"),
                        _("a RunState (RallyRunGame.new makes a new game)"), state, "game.state()")
        log_start = state.position if state.events is None else state.start
        self._load(state, [] if state.events is None else list(state.events), log_start)
        found = self.issues()
        if found:
            raise PositionError(found)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        players: int,
        seed: int = 0,
        tiles: TileMix = DEFAULT_TILE_MIX,
        first_player: int = 0,
        names: Sequence[str] | None = None,
        max_turns: int | None = None,
    ) -> RallyRunGame:
        """A new game for 2-4 players, laid out from ``seed`` (0 to 2**64-1).

        ``tiles`` is the mix of the 24 road tiles (:data:`DEFAULT_TILE_MIX`, M2);
        the layout (which tile lies where, at which rotation) and the trophy order are
        a pure function of ``seed`` and the mix (R12). ``max_turns`` bounds the game
        (default 100 turns per player, R8; at most :data:`MAX_TURNS`). ``names`` are by
        seat; without them each seat takes its car color's name (R14: Bo and Gus for two
        players, see :func:`~rally.rally_run.board.default_names`).
        """
        n = inputs.whole(players, _("The number of players"), MIN_PLAYERS, MAX_PLAYERS, SetupError)
        seed = inputs.seed(seed, SetupError)
        mix = check_tile_mix(tiles)
        first = inputs.seat(first_player, n, SetupError, _("The first player"))
        chosen = inputs.names(names, n, SetupError, default_names(n))
        limit = TURNS_PER_PLAYER * n if max_turns is None else inputs.whole(
            max_turns, _("The turn limit"), 1, MAX_TURNS, SetupError, TURNS_PER_PLAYER * n)
        codes, stack = deal_layout(seed, mix, n)
        game = cls.__new__(cls)
        game._players, game._names, game._seed, game._first = n, chosen, seed, first
        game._mix, game._max_turns = mix, limit
        game._starts = tuple(CELLS + k for k in START_CORNERS[n])
        game._tiles, game._stack = codes, stack
        game._cars = list(game._starts)
        game._held = [None] * n
        game._turn, game._phase, game._pending, game._last_swap = 0, MOVE, None, None
        game._winner, game._end_reason = None, None
        game._log, game._start = [], None
        return game

    @classmethod
    def from_state(cls, state: RunState) -> RallyRunGame:
        """The game at ``state``; raises :class:`~rally.PositionError` naming every reason
        no real game could reach it (see :meth:`problems`). A state without a log
        (``events`` is ``None``) becomes the position the game's log starts from."""
        return cls(state)

    @classmethod
    def arrange(
        cls,
        players: int,
        *,
        tiles: Mapping[str, str] | None = None,
        cars: Sequence[str | Place] | None = None,
        trophies: Sequence[str | None] | None = None,
        turn: int | None = None,
        last_swap: Sequence[str | Cell] | None = None,
        seed: int = 0,
        tile_mix: TileMix = DEFAULT_TILE_MIX,
        first_player: int = 0,
        names: Sequence[str] | None = None,
        max_turns: int | None = None,
    ) -> RallyRunGame:
        """A game in a chosen position, for lessons and tests; checked like
        :meth:`from_state`, so a position no real game could reach raises
        :class:`~rally.PositionError` naming why.

        Starts from ``new(players, seed, tile_mix, first_player, names, max_turns)``,
        lays ``tiles`` (cell -> tile text, like ``{"A1": "C:NE"}``; other tiles trade
        places so the mix stays the same), puts the cars on ``cars`` (per seat, a cell or
        a start-finish color), gives ``trophies`` (per seat, a color or ``None``; the
        others stay on the pit stop, in the seed's order), and sets the ``turn`` and the
        previous player's swap. Two things follow from the rest when not given:

        - ``turn``: the first turn at which ``first_player`` is to move and every car
          can have got where it stands (a turn moves a car one step at most);
        - ``last_swap``: none, unless the previous player's car is still on its start:
          then that turn was a swap, and the two face-down tiles farthest from the cars
          are marked as just swapped.

        The game's log starts at this position (see :meth:`state`).

        >>> game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW"}, cars=["B2", "green"])
        >>> str(game.tile("B2")), str(game.car_place(0)), game.is_face_up("B2"), game.turn
        ('X:NESW', 'B2', True, 6)
        >>> [str(c) for c in game.no_swap]
        ['E1', 'A5']
        """
        base = cls.new(players, seed, tile_mix, first_player, names, max_turns)
        return cls(arranged(base.state(), tiles=tiles, cars=cars, trophies=trophies, turn=turn, last_swap=last_swap))

    # ------------------------------------------------------------ the state as data
    def state(self) -> RunState:
        """This moment of the game as plain data (see :class:`~rally.rally_run.state.RunState`):
        everything :meth:`from_state` needs to set the table up again, with the event log
        and the position it starts from (``None`` for the deal of the seed)."""
        return RunState(
            players=self._players, names=self._names, seed=self._seed, first_player=self._first,
            tile_mix=self._mix, max_turns=self._max_turns, turn=self._turn, phase=self._phase,
            pending=None if self._pending is None else CELL_LIST[self._pending],
            tiles=tuple(None if c < 0 else BY_CODE[c] for c in self._tiles),
            cars=tuple(place_of(p) for p in self._cars), trophies=tuple(self._held), trophy_stack=tuple(self._stack),
            last_swap=None if self._last_swap is None else (
                CELL_LIST[self._last_swap[0]], CELL_LIST[self._last_swap[1]]),
            winner=self._winner, end_reason=self._end_reason, events=tuple(self._log), start=self._start,
        )

    def problems(self, lang: str | None = None) -> list[str]:
        """Every reason no real game could be where this one is, as sentences (in
        ``lang``, default the language spoken: :mod:`rally.common.i18n`); ``[]``
        for every game reached by play: :meth:`issues` worded.

        >>> RallyRunGame.new(3, seed=1).problems()
        []
        """
        with language(lang):
            return [p.words() for p in self.issues()]

    def issues(self) -> list[Problem]:
        """Every reason no real game could be where this one is, as values
        (:class:`~rally.common.problem.Problem`: an invariant's code and its facts); ``[]``
        for every game reached by play. What any game could reach is checked by
        :func:`rally.rally_run.legality.state_issues` (invariants V1-V16 in
        ``docs/invariants-rally-run.md``); then the log must replay, from the deal of the
        seed or from the position it starts at, to exactly this state (``V17.*``).

        >>> game = RallyRunGame.new(2, seed=6)
        >>> game.apply("reveal A1")
        >>> game.issues()
        []
        >>> try:
        ...     RallyRunGame.from_state(game.state().replace(seed=7))   # the log's reveal is not seed 7's
        ... except PositionError as err:
        ...     [(p.code, p.facts["number"], p.facts["kind"]) for p in err.issues]
        [('V17.event', 1, 'revealed')]
        """
        state = self.state()
        found = state_issues(state)
        if found:
            return found
        if self._start is not None and self._start != state.position:
            found = state_issues(self._start)
            if found:
                return [Problem("V17.start", {"problem": p}) for p in found]
        return self._history_issues(state)

    def _history_issues(self, state: RunState) -> list[Problem]:
        """Replay the log's decisions on the game it starts from; the log and the state
        must come out exactly as they are (V17)."""
        origin = self._start
        if origin is not None and origin.setup != state.setup:
            return [Problem("V17.setup")]
        if origin is None:
            replay = RallyRunGame.new(self._players, self._seed, self._mix, self._first, self._names, self._max_turns)
        else:
            replay = RallyRunGame.__new__(RallyRunGame)
            replay._load(origin, [], origin)
        # The replay starts from the seed's deal, or (no seed) from the position the log starts at.
        seed = self._seed if origin is None else None
        found = log_issues(self._log, replay, decision, self._names, "V17", seed=seed)
        if not found and replay.state().position != state.position:
            found = [Problem("V17.state", {"seed": seed})]
        return found

    # -------------------------------------------------------------- the rules
    def rotations(self) -> list[int]:
        """The rotations allowed for the tile just revealed (M3; R3 for a first move's
        dead end), smallest first; ``[]`` when no tile is waiting."""
        if self._phase != ROTATE or self._pending is None:
            return []
        return rules.rotations(self._tiles, self._cars, self._seat_to_move, self._pending)[0]

    def first_move_dead_end(self) -> bool:
        """True when the tile just revealed is a dead end on its car's first move, which
        faces a face-down neighbour instead of meeting the road (M3, R3)."""
        if self._phase != ROTATE or self._pending is None:
            return False
        return rules.rotations(self._tiles, self._cars, self._seat_to_move, self._pending)[1]

    def legal_actions(self) -> list[RunAction]:
        """Everything the current player may do now: the reveals, then the drives (each
        in the order north, east, south, west of the car), then ``Finish()`` if allowed,
        then every allowed swap in board order; after a reveal, the allowed rotations."""
        if self._phase == ROTATE:
            return [ROTATES[r] for r in self.rotations()]
        if self._phase == OVER:
            return []
        seat = self._seat_to_move
        reveals, drives, finish = rules.options(self._tiles, self._cars, self._held, seat)
        out: list[RunAction] = [REVEALS[c] for c in reveals]
        out += [DRIVES[c] for c in drives]
        if finish:
            out.append(FINISH)
        out += map(SWAPS.__getitem__, combinations(rules.swappable(self._cars, self._last_swap), 2))
        return out

    def can_move(self, seat: int | None = None) -> bool:
        """True when ``seat`` (default: the current player) may reveal, drive or finish now."""
        chosen = self.current_player if seat is None else inputs.seat(seat, self._players, SetupError)
        if chosen is None:
            return False
        return rules.can_move(self._tiles, self._cars, self._held, chosen)

    def is_stuck_for_good(self, seat: int) -> bool:
        """True when ``seat``'s car can never move again (decision R7): every road out of
        its tile leaves the board, ends at a start-finish tile that is not its finish, or
        ends on a tile where a car stuck for good stands and whose road does not lead back.
        Tiles under cars never change, so nothing can free such a car."""
        return inputs.seat(seat, self._players, SetupError) in self.stuck_for_good()

    def stuck_for_good(self) -> frozenset[int]:
        """The seats whose cars can never move again (R7): the largest set of cars each
        of which has no way out but onto cars of the set that it cannot drive onto."""
        return rules.stuck_for_good(self._tiles, self._cars, self._held)

    def all_stuck_for_good(self) -> bool:
        """True when no car can ever move again (R7), so the game must end."""
        return rules.all_stuck_for_good(self._tiles, self._cars, self._held)

    def standings(self) -> list[int]:
        """Seats from closest to their goal to farthest (decision R8): trophy holders
        first; then fewer steps from the car to its goal on an open board (the trophy's
        start-finish tile, or the pit stop); a tie goes to the seat later in the order of
        play (it has had no more turns than the others). A winner by finish is first."""
        finisher = self._winner if self._end_reason == "finish" else None
        return rules.standings(self._first, self._cars, self._held, finisher)

    # ------------------------------------------------------------------ acting
    def apply(self, action: RunAction | str, seat: int | None = None) -> None:
        """Do ``action`` for the current player (checked to be ``seat`` if given).

        Raises :class:`~rally.IllegalAction` with the reason, leaving the game unchanged."""
        reason = self.refusal(action, seat)
        if reason is not None:
            raise IllegalAction.because(reason)
        act = parse_action(action)
        current = self._seat_to_move
        log = self._log
        tiles = self._tiles
        if isinstance(act, Rotate):
            cell = self._pending
            assert cell is not None  # refusal allows a rotation only then
            exception = self.first_move_dead_end()
            tiles[cell] = (tiles[cell] & ~3) | act.rotation
            log.append(TileTurned.trusted(current, cell, tiles[cell], exception))
            self._pending = None
            self._phase = MOVE
            self._move_car(current, cell, "reveal")
            self._end_turn(None)
        elif isinstance(act, Reveal):
            cell = act.cell.index
            self._pending = cell
            self._phase = ROTATE
            log.append(TileRevealed.trusted(current, cell, tiles[cell]))
        elif isinstance(act, DriveTo):
            cell = act.cell.index
            self._move_car(current, cell, "pit" if cell == PIT else "car")
            if cell == PIT and self._held[current] is None and self._stack:
                color = self._stack.pop(0)
                self._held[current] = color
                log.append(TrophyTaken.trusted(current, color))
            self._end_turn(None)
        elif isinstance(act, Finish):
            self._move_car(current, rules.goal(self._held[current]), "finish")
            self._finish(current, "finish")
        else:
            a, b = act.a.index, act.b.index
            tiles[a], tiles[b] = tiles[b], tiles[a]
            log.append(TilesSwapped.trusted(current, a, b))
            self._end_turn((a, b))

    def _move_car(self, seat: int, dst: int, how: str) -> None:
        src = self._cars[seat]
        self._cars[seat] = dst
        self._log.append(CarMoved.trusted(seat, src, dst, how))
        if src < CELLS and src != PIT and src not in self._cars:
            self._log.append(TileHidden.trusted(src))  # it keeps its rotation (M2)

    def _end_turn(self, swap: tuple[int, int] | None) -> None:
        self._last_swap = swap
        self._turn += 1
        if rules.all_stuck_for_good(self._tiles, self._cars, self._held):
            self._finish(self.standings()[0], "all stuck")
        elif self._turn >= self._max_turns:
            self._finish(self.standings()[0], "turn limit")

    def _finish(self, seat: int, reason: str) -> None:
        self._phase = OVER
        self._winner = seat
        self._end_reason = reason
        self._pending = None
        self._log.append(RunGameWon.trusted(seat, reason))

    # ------------------------------------------------------------- observation
    def bot_view(self, seat: int) -> Observation:
        """What a computer player in ``seat`` is shown: its :meth:`observation`, no more
        (a memory game: face-down tiles stay hidden). See :func:`rally.common.turns.play_bots`."""
        return self.observation(seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: face-up tiles with their rotation, face-down ones as
        unknown, the cars, the trophies taken (shown to all), how many are left, the
        cells not to swap, and the public event log."""
        if not (inputs.is_whole(seat) and 0 <= seat < self._players):
            inputs.seat(seat, self._players, SetupError, _("The seat to observe"))
        cars = self._cars
        pending = self._pending
        tiles = self._tiles
        codes = tuple(-2 if i == PIT else (tiles[i] if (i in cars or i == pending) else -1) for i in range(CELLS))
        return Observation(
            seat=seat, players=self._players, names=self._names, turn=self._turn, max_turns=self._max_turns,
            current_player=self.current_player, phase=self._phase, pending=pending, codes=codes,
            places=tuple(cars), held=tuple(self._held), start_colors=self.start_colors,
            trophies_left=len(self._stack), no_swap=tuple(self._last_swap or ()), winner=self._winner,
            events=tuple(self._log),
        )

    # ---------------------------------------------------------------- display
    def narrate(self, lang: str | None = None) -> list[str]:
        """Every event so far in words (in ``lang``, default the language spoken:
        :mod:`rally.common.i18n`)."""
        with language(lang):
            return [e.describe(self._names) for e in self._log]

    def summary(self, reveal: bool = False, lang: str | None = None) -> str:
        """The board as a player sees it (face-down tiles as ``??``), or with every tile
        shown when ``reveal`` is true, then a line per player (in ``lang``, default the
        language spoken: :mod:`rally.common.i18n`)."""
        if reveal:
            codes = [-2 if i == PIT else c for i, c in enumerate(self._tiles)]
        else:
            codes = list(self.observation(0).codes)
        table = Table(self._players, self._names, self.turns_played, self._max_turns, self._phase, self.current_player,
                      self._winner, self._pending, codes, self._cars, self._held, self.start_colors,
                      len(self._stack), self._last_swap or ())
        with language(lang):
            return render(table)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        if self._phase == OVER and self._winner is not None:
            state = f"winner={self._names[self._winner]!r}"
        else:
            state = f"to_act={self.current_player}"
        return (f"<RallyRunGame {self._players} players, seed {self._seed}, turn {self._turn}, {state}, "
                f"cars {[place_name(p) for p in self._cars]}>")

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self.summary()) + "</pre>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RallyRunGame):
            return NotImplemented
        return self.state() == other.state()

    # ---------------------------------------------------------- serialization
    def to_dict(self) -> dict[str, JSON]:
        """The whole game as JSON-ready data (:meth:`to_json` writes it)."""
        return state_to_dict(self.state())

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :meth:`from_json` gives it back."""
        return state_to_json(self.state(), indent)

    @classmethod
    def from_json(cls, text: object) -> RallyRunGame:
        """A game from :meth:`to_json` text. Raises :class:`~rally.PositionError` naming
        every problem when the text is not JSON of a saved game or describes a state no
        real game could reach."""
        return cls(state_from_json(text))


def decision(event: RunEvent) -> tuple[int, RunAction] | None:
    """The seat and the action it chose that logged ``event``, or ``None`` for what
    follows from the rules (a car driving onto the tile just laid, a tile turning face
    down, a trophy taken, the end)."""
    if isinstance(event, TileRevealed):
        return event.seat, REVEALS[event.cell]
    if isinstance(event, TileTurned):
        return event.seat, ROTATES[event.code & 3]
    if isinstance(event, TilesSwapped):
        return event.seat, Swap(CELL_LIST[event.a], CELL_LIST[event.b])
    if isinstance(event, CarMoved) and event.how != "reveal":
        if event.how == "finish" or event.end >= CELLS:
            return event.seat, FINISH
        return event.seat, DRIVES[event.end]
    return None



register_wordings("V17")  # the log's replay (V17.illegal, V17.event, V17.count), worded in rally.common.history


@wording("V17.start")
def _start_problem(facts: Mapping[str, Any]) -> str:
    return _("The position the log starts from: {problem}").format(problem=facts["problem"].words())


@wording("V17.setup")
def _other_setup(facts: Mapping[str, Any]) -> str:
    return _("The position the log starts from has another set-up (players, names, seed, first player, tile mix or "
             "turn limit) than the game.")


@wording("V17.state")
def _log_elsewhere(facts: Mapping[str, Any]) -> str:
    return _("The event log, played {where}, leads to another state than this one.").format(
        where=replay_start(facts))

__all__ = ["RallyRunGame", "TURNS_PER_PLAYER", "MAX_TURNS", "decision"]
