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
rally.errors.IllegalAction: Gus's car is on the green start-finish tile, and C3 is not next to it: from there the road leads only to E5. Gus may: reveal E5 or swap two face-down tiles.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from itertools import combinations

from .. import inputs
from ..i18n import N_, _, capitalized, join_words, language, ngettext
from ..errors import IllegalAction, PositionError, SetupError
from ..history import log_problems
from .actions import (
    DRIVES, FINISH, REVEALS, ROTATES, SWAPS, DriveTo, Finish, Reveal, Rotate, RunAction, Swap, parse_action,
)
from .board import (
    CELL_LIST, CELLS, COLORS, DEFAULT_TILE_MIX, MAX_PLAYERS, MIN_PLAYERS, NEIGHBOURS, PIT, ROAD_CELLS, START_CORNERS,
    START_FINISH, Cell, Counts, Place, TileMix, check_tile_mix, color_adjective, color_noun, deal_layout,
    default_names, distance, parse_place, place_name, place_of,
)
from .events import CarMoved, RunEvent, RunGameWon, TileHidden, TileRevealed, TilesSwapped, TileTurned, TrophyTaken
from .legality import earliest_turn, state_problems
from .observation import Observation
from .render import Table, render
from . import rules
from .serialization import JSON, state_from_json, state_to_dict, state_to_json
from .state import MAX_TURNS, MOVE, OVER, ROTATE, RunState
from .tiles import BITS, BY_CODE, KINDS, MASKS, Tile, TileKind, a_kind, direction_word, mask_words, opposite

#: The default turn limit is this many turns per player (decision R8).
TURNS_PER_PLAYER = 100
#: How many road tiles :meth:`RallyRunGame.arrange` lays at most: one per road cell.
MAX_LAID = len(ROAD_CELLS)
#: Why :meth:`RallyRunGame.arrange` cannot lay a tile, by kind (shown translated).
_NONE_LEFT = {TileKind.STRAIGHT: N_("The tile mix has no straight left to lay on {cell}."),
              TileKind.CURVE: N_("The tile mix has no curve left to lay on {cell}."),
              TileKind.CROSSROADS: N_("The tile mix has no crossroads left to lay on {cell}."),
              TileKind.DEAD_END: N_("The tile mix has no dead end left to lay on {cell}.")}


def _place_label(place: int) -> str:
    """A place as a list of places names it: ``"B1"``, ``"red start-finish"``."""
    if place < CELLS:
        return place_name(place)
    # TRANSLATORS: a start-finish tile in a list of places ("B1 or red start-finish");
    # {color} is the color as a noun ("Rot").
    return _("{color} start-finish").format(color=color_noun(COLORS[place - CELLS]))


class RallyRunGame:
    """A game of Rally Run from the set-up to the winner. Create one with :meth:`new`
    (or :meth:`arrange`, :meth:`from_state`, :meth:`from_json`).

    Seats 0..n-1 play in increasing order (clockwise), starting with ``first_player``.
    Everything is read through properties and methods: :attr:`names`, :meth:`tile`,
    :meth:`car_place`, :attr:`trophies`, :attr:`trophies_left`, :attr:`turn`,
    :attr:`phase`, :attr:`pending`, :attr:`no_swap`, :attr:`winner`,
    :attr:`end_reason`, :attr:`events`, and :meth:`state` for all of it as plain data.
    """

    __slots__ = ("_players", "_names", "_seed", "_first", "_mix", "_max_turns", "_starts", "_tiles", "_cars",
                 "_stack", "_held", "_turn", "_phase", "_pending", "_last_swap", "_winner", "_end_reason", "_log",
                 "_start")

    _players: int
    _names: tuple[str, ...]
    _seed: int
    _first: int
    _mix: Counts
    _max_turns: int
    _starts: tuple[int, ...]
    _tiles: list[int]
    _cars: list[int]
    _stack: list[str]
    _held: list[str | None]
    _turn: int
    _phase: str
    _pending: int | None
    _last_swap: tuple[int, int] | None
    _winner: int | None
    _end_reason: str | None
    _log: list[RunEvent]
    _start: RunState | None

    def __init__(self, state: RunState) -> None:
        """The game at ``state``: the same as :meth:`from_state`."""
        if not isinstance(state, RunState):
            inputs.fail(PositionError, _("RallyRunGame's argument"),
                        _("a RunState (RallyRunGame.new makes a new game)"), state, "game.state()")
        log_start = state.position if state.events is None else state.start
        self._load(state, [] if state.events is None else list(state.events), log_start)
        found = self.problems()
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
        n = base._players
        codes = base._tiles[:]
        laid: set[int] = set()
        given = {} if tiles is None else tiles
        if not isinstance(given, Mapping) or len(given) > MAX_LAID:
            inputs.fail(SetupError, _("The tiles to lay"), ngettext(
                "a dict of at most {n} cell and tile", "a dict of at most {n} cells and tiles", MAX_LAID).format(
                n=MAX_LAID), tiles, "{'B2': 'C:NE'}")
        for text, tile_text in given.items():
            cell = Cell.parse(text).index
            code = Tile.parse(tile_text).code
            if cell == PIT:
                raise SetupError(_("C3 always holds the pit stop; lay road tiles on the other cells."))
            if codes[cell] >> 2 != code >> 2:
                spare = next((c for c in ROAD_CELLS
                              if c not in laid and c != cell and codes[c] >> 2 == code >> 2), None)
                if spare is None:
                    raise SetupError(_(_NONE_LEFT[KINDS[code >> 2]]).format(cell=CELL_LIST[cell]))
                codes[cell], codes[spare] = codes[spare], codes[cell]
            codes[cell] = code
            laid.add(cell)
        places = list(base._starts) if cars is None else [
            parse_place(p) for p in inputs.sequence(cars, _("The cars"), SetupError, "['B2', 'green']", n)]
        stack = base._stack[:]
        held: list[str | None] = [None] * n
        if trophies is not None:
            held = list(inputs.sequence(trophies, _("The trophies"), SetupError, "['red', None]", n))
            for color in held:
                if color in stack:
                    stack.remove(color)
        pair = None
        if last_swap is not None:
            swapped = inputs.sequence(last_swap, _("The tiles just swapped"), SetupError, "['B2', 'D4']", 2)
            if len(swapped) != 2:
                inputs.fail(SetupError, _("The tiles just swapped"), _("two cells"), last_swap, "['B2', 'D4']")
            pair = (Cell.parse(swapped[0]), Cell.parse(swapped[1]))
        position = RunState(
            players=n, names=base._names, seed=base._seed, first_player=base._first, tile_mix=base._mix,
            max_turns=base._max_turns, turn=0 if turn is None else turn, phase=MOVE, pending=None,
            tiles=tuple(None if c < 0 else BY_CODE[c] for c in codes), cars=tuple(place_of(p) for p in places),
            trophies=tuple(held), trophy_stack=tuple(stack), last_swap=pair, winner=None, end_reason=None)
        if turn is None:
            position = position.replace(turn=earliest_turn(position))
        previous = (position.first_player + position.turn - 1) % n
        if position.turn and pair is None and places[previous] == base._starts[previous]:
            far = sorted((c for c in ROAD_CELLS if c not in places),
                         key=lambda c: (-min(distance(c, p) for p in places), c))
            position = position.replace(last_swap=(CELL_LIST[far[0]], CELL_LIST[far[1]]))
        return cls(position)

    def _load(self, state: RunState, log: list[RunEvent], start: RunState | None) -> None:
        """Take ``state``'s values (trusted: the callers check :meth:`problems`)."""
        self._players, self._names, self._seed, self._first = state.players, state.names, state.seed, state.first_player
        self._mix, self._max_turns = state.tile_mix, state.max_turns
        self._starts = tuple(CELLS + k for k in START_CORNERS[state.players])
        self._tiles = [-1 if t is None else t.code for t in state.tiles]
        self._cars = [p.index if isinstance(p, Cell) else p.place for p in state.cars]
        self._stack = list(state.trophy_stack)
        self._held = list(state.trophies)
        self._turn, self._phase = state.turn, state.phase
        self._winner, self._end_reason = state.winner, state.end_reason
        self._pending = None if state.pending is None else state.pending.index
        self._last_swap = None if state.last_swap is None else (state.last_swap[0].index, state.last_swap[1].index)
        self._log, self._start = log, start

    def clone(self) -> RallyRunGame:
        """An independent copy: changing one never changes the other."""
        g = RallyRunGame.__new__(RallyRunGame)
        g._players, g._names, g._seed, g._first = self._players, self._names, self._seed, self._first
        g._mix, g._max_turns, g._starts = self._mix, self._max_turns, self._starts
        g._tiles, g._cars, g._stack, g._held = self._tiles[:], self._cars[:], self._stack[:], self._held[:]
        g._turn, g._phase, g._pending, g._last_swap = self._turn, self._phase, self._pending, self._last_swap
        g._winner, g._end_reason, g._log, g._start = self._winner, self._end_reason, self._log[:], self._start
        return g

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
        ``lang``, default the language spoken: :mod:`rally.i18n`); ``[]``
        for every game reached by play. What any game could reach is checked by
        :func:`rally.rally_run.legality.state_problems` (invariants V1-V16 in
        ``docs/invariants-rally-run.md``); then the log must replay, from the deal of the
        seed or from the position it starts at, to exactly this state (V17).

        >>> RallyRunGame.new(3, seed=1).problems()
        []
        """
        with language(lang):
            state = self.state()
            found = state_problems(state)
            if found:
                return found
            if self._start is not None and self._start != state.position:
                found = state_problems(self._start)
                if found:
                    return [_("The position the log starts from: {problem}").format(problem=p) for p in found]
            return self._history_problems(state)

    def _history_problems(self, state: RunState) -> list[str]:
        """Replay the log's decisions on the game it starts from; the log and the state
        must come out exactly as they are."""
        origin = self._start
        if origin is not None and origin.setup != state.setup:
            return [_("The position the log starts from has another set-up (players, names, seed, first player, "
                      "tile mix or turn limit) than the game.")]
        if origin is None:
            replay = RallyRunGame.new(self._players, self._seed, self._mix, self._first, self._names, self._max_turns)
        else:
            replay = RallyRunGame.__new__(RallyRunGame)
            replay._load(origin, [], origin)
        # TRANSLATORS: where a replay of the log starts, in "the game played {where}".
        where = (_("from seed {seed}").format(seed=self._seed) if origin is None else
                 _("from the position it starts at"))
        found = log_problems(self._log, replay, decision, self._names, where)
        if found:
            return found
        if replay.state().position != state.position:
            return [_("The event log, played {where}, leads to another state than this one.").format(where=where)]
        return []

    # ------------------------------------------------------------ public state
    @property
    def players(self) -> int:
        return self._players

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def tile_mix(self) -> dict[TileKind, int]:
        """How many road tiles of each kind the game has (M2)."""
        return dict(zip(KINDS, self._mix))

    @property
    def max_turns(self) -> int:
        return self._max_turns

    @property
    def turn(self) -> int:
        """Turns finished so far (a reveal and its rotation are one turn)."""
        return self._turn

    @property
    def turns_played(self) -> int:
        """Turns played, the winning one included: a finish ends the game within its turn,
        before :attr:`turn` counts it. The number the log gives the last turn
        (:func:`rally.rally_run.simulate.numbered`), so a game over says the same.

        >>> import random
        >>> from rally.rally_run import parse_bot, play_out
        >>> game = play_out(RallyRunGame.new(2, seed=5), [parse_bot("perfect"), parse_bot("none")], random.Random(5))
        >>> game.end_reason, game.turn, game.turns_played
        ('finish', 77, 78)
        """
        return self._turn + (1 if self._end_reason == "finish" else 0)

    @property
    def phase(self) -> str:
        """``"move"``, ``"rotate"`` (a revealed tile waits for its rotation) or ``"over"``."""
        return self._phase

    @property
    def pending(self) -> int | None:
        """The cell index of the tile just revealed, waiting for its rotation, or ``None``."""
        return self._pending

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def end_reason(self) -> str | None:
        """``"finish"``, ``"turn limit"`` or ``"all stuck"`` once over, else ``None``."""
        return self._end_reason

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def awaiting_rotation(self) -> bool:
        """True after a ``Reveal``: the same player must now choose a ``Rotate``."""
        return self._phase == ROTATE

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        if self._phase == OVER:
            return None
        return (self._first + self._turn) % self._players

    @property
    def start_colors(self) -> tuple[str, ...]:
        """The color of the start-finish tile each seat's car started on (its car's color, R2)."""
        return tuple(COLORS[p - CELLS] for p in self._starts)

    @property
    def trophies(self) -> tuple[str | None, ...]:
        """The color of the trophy each seat holds, or ``None`` (taken trophies are shown to all)."""
        return tuple(self._held)

    @property
    def trophies_left(self) -> int:
        return len(self._stack)

    @property
    def no_swap(self) -> tuple[Cell, ...]:
        """The two cells the previous player just swapped (not to be swapped now), or ()."""
        return tuple(CELL_LIST[c] for c in self._last_swap) if self._last_swap else ()

    @property
    def events(self) -> tuple[RunEvent, ...]:
        """The public event log (from the deal, or from the position the game was arranged in)."""
        return tuple(self._log)

    def car_place(self, seat: int) -> Place:
        """Where ``seat``'s car stands: a :class:`Cell` or a :class:`StartFinish` tile."""
        return place_of(self._cars[inputs.seat(seat, self._players, SetupError)])

    @property
    def cars(self) -> tuple[Place, ...]:
        return tuple(place_of(p) for p in self._cars)

    def is_face_up(self, cell: Cell | str) -> bool:
        """A road tile is face up while a car stands on it or it was just revealed; the
        pit stop always is."""
        index = Cell.parse(cell).index
        return index == PIT or index in self._cars or index == self._pending

    def tile(self, cell: Cell | str) -> Tile | None:
        """The road tile on ``cell`` as it lies, face up or not (``None`` on the pit stop).
        This is the referee's view: players see face-down tiles only through
        :meth:`observation`, which hides them."""
        code = self._tiles[Cell.parse(cell).index]
        return None if code < 0 else BY_CODE[code]

    @property
    def tiles(self) -> tuple[Tile | None, ...]:
        """Every cell's tile (referee's view), by cell index; ``None`` for the pit stop."""
        return tuple(None if c < 0 else BY_CODE[c] for c in self._tiles)

    def goal(self, seat: int) -> Place:
        """Where ``seat`` is heading: the pit stop until it holds a trophy, then the
        start-finish tile of the trophy's color."""
        return place_of(rules.goal(self._held[inputs.seat(seat, self._players, SetupError)]))

    # -------------------------------------------------------------- the rules
    def rotations(self) -> list[int]:
        """The rotations allowed for the tile just revealed (M3; R3 for a first move's
        dead end), smallest first; ``[]`` when no tile is waiting."""
        if self._phase != ROTATE or self._pending is None:
            return []
        return rules.rotations(self._tiles, self._cars, (self._first + self._turn) % self._players, self._pending)[0]

    def legal_actions(self) -> list[RunAction]:
        """Everything the current player may do now: the reveals, then the drives (each
        in the order north, east, south, west of the car), then ``Finish()`` if allowed,
        then every allowed swap in board order; after a reveal, the allowed rotations."""
        if self._phase == ROTATE:
            return [ROTATES[r] for r in self.rotations()]
        if self._phase == OVER:
            return []
        seat = (self._first + self._turn) % self._players
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

    def what_is_legal(self, seat: int, lang: str | None = None) -> str:
        """What ``seat`` may do now, as one sentence: the actions in words (as they may be
        typed), joined with "or" (the sentence :meth:`why_illegal` ends with; in ``lang``,
        default the language spoken).

        >>> RallyRunGame.new(2, seed=1).what_is_legal(0)
        'Bo may: reveal A1 or swap two face-down tiles.'
        >>> RallyRunGame.new(2, seed=1).what_is_legal(-1)
        Traceback (most recent call last):
        ...
        rally.errors.SetupError: A seat must be a whole number from 0 to 1, like 0, not -1.
        """
        with language(lang):
            return self._what_is_legal(inputs.seat(seat, self._players, SetupError))

    def _what_is_legal(self, seat: int) -> str:
        reveals, drives, finish = rules.options(self._tiles, self._cars, self._held, seat)
        # The actions in words, as they may be typed: the program reads them back.
        parts = [REVEALS[c].words() for c in reveals] + [DRIVES[c].words() for c in drives]
        if finish:
            parts.append(FINISH.words())
        if len(rules.swappable(self._cars, self._last_swap)) >= 2:
            parts.append(_("swap two face-down tiles"))
        if not parts:
            return _("{name} may: nothing.").format(name=self._names[seat])
        # TRANSLATORS: {choices} are actions in words ("reveal B3", "drive C3", "finish": the
        # messages with context "action"), joined with "or".
        return _("{name} may: {choices}.").format(name=self._names[seat], choices=join_words(parts, "or"))

    def _where(self, seat: int) -> str:
        src = self._cars[seat]
        who = self._names[seat]
        if src >= CELLS:
            # TRANSLATORS: this and the next two are the {where} of the sentences that say
            # why the car cannot go somewhere ("{where}, and {cell} is not next to it: ...").
            return _("{name}'s car is on the {color} start-finish tile").format(
                name=who, color=color_adjective(COLORS[src - CELLS]))
        if src == PIT:
            return _("{name}'s car is on the pit stop ({cell})").format(name=who, cell=place_name(src))
        return _("{name}'s car is on {cell} ({tile})").format(
            name=who, cell=place_name(src), tile=BY_CODE[self._tiles[src]].describe())

    def _road_to(self, seat: int, dst: int) -> str | None:
        """Why ``seat``'s car has no road from its place to ``dst``, or None if it has."""
        src = self._cars[seat]
        d = rules.direction(src, dst)
        mask = rules.mask_at(self._tiles, src)
        if d >= 0 and mask & BITS[d]:
            return None
        roads = [_place_label(NEIGHBOURS[src][e]) for e in range(4) if mask & BITS[e] and NEIGHBOURS[src][e] >= 0]
        words = {"where": self._where(seat), "cells": join_words(roads, "or")}
        if d < 0:
            if roads:
                template = _("{where}, and {cell} is not next to it: from there the road leads only to {cells}.")
            else:
                template = _("{where}, and {cell} is not next to it: from there no road leads anywhere on the board.")
            return template.format(cell=place_name(dst), **words)
        words["direction"] = direction_word(d)
        if dst >= CELLS:
            if roads:
                template = _("{where}: no road leaves it to the {direction}, toward the {color} start-finish tile; "
                             "the road leads only to {cells}.")
            else:
                template = _("{where}: no road leaves it to the {direction}, toward the {color} start-finish tile; "
                             "no road leads anywhere on the board.")
            return template.format(color=color_adjective(COLORS[dst - CELLS]), **words)
        if roads:
            template = _("{where}: no road leaves it to the {direction}, toward {cell}; the road leads only to "
                         "{cells}.")
        else:
            template = _("{where}: no road leaves it to the {direction}, toward {cell}; no road leads anywhere on "
                         "the board.")
        return template.format(cell=place_name(dst), **words)

    def why_illegal(self, action: RunAction | str, seat: int | None = None, lang: str | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now, in
        a player's words, ending with what would be allowed; ``None`` if it is allowed
        (in ``lang``, default the language spoken: :mod:`rally.i18n`).
        Text that is not an action raises :class:`~rally.TileError`."""
        if lang is None:  # apply asks every move: no language switch then
            return self._why_illegal(action, seat)
        with language(lang):
            return self._why_illegal(action, seat)

    def _why_illegal(self, action: RunAction | str, seat: int | None) -> str | None:
        names = self._names
        if self._phase == OVER:
            return self._over_words()
        current = (self._first + self._turn) % self._players
        if seat is not None and not (inputs.is_whole(seat) and 0 <= seat < self._players):
            # Checked before comparing: True == 1 and 1.0 == 1 would pass for seat 1.
            return _("There is no seat {seat}: seats are whole numbers from 0 to {high}.").format(
                seat=inputs.shown(seat), high=self._players - 1)
        if seat is not None and seat != current:
            if self._phase == ROTATE and self._pending is not None:
                return _("Wait: {name} has just revealed {cell} and is choosing how to lay it.").format(
                    name=names[current], cell=place_name(self._pending))
            return _("It is {name}'s turn, not {other}'s.").format(name=names[current], other=names[seat])
        act = parse_action(action)
        if self._phase == ROTATE and self._pending is not None:
            return self._why_rotate(current, self._pending, act)
        if isinstance(act, Rotate):
            return _("There is no revealed tile to turn: {name} must first reveal a face-down tile next to the car "
                     "(or drive, or swap).").format(name=names[current]) + " " + self._what_is_legal(current)
        if isinstance(act, Reveal):
            return self._why_reveal(current, act.cell.index)
        if isinstance(act, DriveTo):
            return self._why_drive(current, act.cell.index)
        if isinstance(act, Finish):
            return self._why_finish(current)
        return self._why_swap(current, act.a.index, act.b.index)

    def _over_words(self) -> str:
        # TRANSLATORS: who won when a finished game names no winner (never in a real game).
        won = self._names[self._winner] if self._winner is not None else _("nobody")
        if self._end_reason == "finish":
            template = _("The game is over: {name} won (reached the finish with the trophy). Start a new game to play "
                         "on.")
        elif self._end_reason == "all stuck":
            template = _("The game is over: {name} won (no car could ever move again). Start a new game to play on.")
        else:
            template = _("The game is over: {name} won (the turn limit was reached). Start a new game to play on.")
        return template.format(name=won)

    def _why_rotate(self, seat: int, cell: int, action: RunAction) -> str | None:
        allowed, exception = rules.rotations(self._tiles, self._cars, seat, cell)
        tile = BY_CODE[self._tiles[cell]]
        r = action.rotation if isinstance(action, Rotate) else -1
        if r in allowed:
            return None
        # The rotations in words, as they may be typed ("rotate 1"), each with its look in words.
        choices = join_words([f"{ROTATES[k].words()} ({Tile(tile.kind, k).describe()})" for k in allowed], "or")
        if not isinstance(action, Rotate):
            return _("{name} has just revealed {cell}, {a_kind}, and must first choose how to lay it: "
                     "{choices}.").format(name=self._names[seat], cell=place_name(cell), a_kind=a_kind(tile.kind),
                                          choices=choices)
        if r >= tile.kind.rotations:
            same = r % tile.kind.rotations
            return ngettext("{A_kind} turned {n} quarter turn looks just like rotate {same}; each look is offered "
                            "once: {choices}.",
                            "{A_kind} turned {n} quarter turns looks just like rotate {same}; each look is offered "
                            "once: {choices}.", r).format(
                A_kind=capitalized(a_kind(tile.kind)), n=r, same=same, choices=choices)
        laid = Tile(tile.kind, r)
        src = self._cars[seat]
        if exception:
            toward = NEIGHBOURS[cell][laid.mask.bit_length() - 1]
            words = {"r": r, "direction": mask_words(laid.mask), "choices": choices}
            if toward < 0:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward the edge of the "
                             "board; on a car's first move a dead end must face a face-down neighbour instead: "
                             "{choices}.")
            elif toward >= CELLS:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward the {color} "
                             "start-finish tile; on a car's first move a dead end must face a face-down neighbour "
                             "instead: {choices}.")
                words["color"] = color_adjective(COLORS[toward - CELLS])
            else:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward {cell}; on a "
                             "car's first move a dead end must face a face-down neighbour instead: {choices}.")
                words["cell"] = place_name(toward)
            return template.format(**words)
        back = opposite(rules.direction(src, cell))
        words = {"r": r, "tile": laid.describe(), "direction": direction_word(back), "choices": choices}
        if src >= CELLS:
            return _("Laid as rotate {r}, {tile} would not meet the road from the {color} start-finish tile: it must "
                     "open to the {direction}. Choose {choices}.").format(
                color=color_adjective(COLORS[src - CELLS]), **words)
        return _("Laid as rotate {r}, {tile} would not meet the road from {cell}: it must open to the {direction}. "
                 "Choose {choices}.").format(cell=place_name(src), **words)

    def _already_there(self, seat: int, cell: int) -> str:
        return _("{name}'s car already stands on {cell}.").format(
            name=self._names[seat], cell=place_name(cell)) + " " + self._what_is_legal(seat)

    def _why_reveal(self, seat: int, cell: int) -> str | None:
        if cell == PIT:
            return _("The pit stop is never face down, so it cannot be revealed: to go there, drive C3 (if your road "
                     "leads to it).")
        if cell == self._cars[seat]:
            return self._already_there(seat, cell)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell in self._cars:
            others = join_words([self._names[s] for s in range(self._players) if self._cars[s] == cell])
            return _("{cell} is already face up ({names}'s car stands on it): drive {cell} instead, if its road meets "
                     "yours.").format(cell=place_name(cell), names=others) + " " + self._what_is_legal(seat)
        return None

    def _why_drive(self, seat: int, cell: int) -> str | None:
        if cell == self._cars[seat]:
            return self._already_there(seat, cell)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell == PIT:
            return None
        if cell not in self._cars:
            return _("The tile on {cell} is face down and no car stands on it: reveal {cell} to drive there.").format(
                cell=place_name(cell)) + " " + self._what_is_legal(seat)
        d = rules.direction(self._cars[seat], cell)
        if not MASKS[self._tiles[cell]] & BITS[opposite(d)]:
            tile = BY_CODE[self._tiles[cell]]
            return _("The tile on {cell} is {tile}: it has no road to the {direction}, so the roads do not "
                     "meet.").format(cell=place_name(cell), tile=tile.describe(),
                                     direction=direction_word(opposite(d))) + " " + self._what_is_legal(seat)
        return None

    def _why_finish(self, seat: int) -> str | None:
        held = self._held[seat]
        if held is None:
            return _("{name} holds no trophy yet: first drive onto the pit stop (C3) to take one; its color names the "
                     "finish.").format(name=self._names[seat]) + " " + self._what_is_legal(seat)
        sf = START_FINISH[COLORS.index(held)]
        src = self._cars[seat]
        if src != sf.corner.index:
            words = {"name": self._names[seat], "color": color_adjective(held), "corner": sf.corner}
            if src >= CELLS:
                text = _("{name}'s finish is the {color} start-finish tile beside {corner}; the car must stand on "
                         "{corner} first (it is on the {start_color} start-finish tile).").format(
                    start_color=color_adjective(COLORS[src - CELLS]), **words)
            else:
                text = _("{name}'s finish is the {color} start-finish tile beside {corner}; the car must stand on "
                         "{corner} first (it is on {cell}).").format(cell=place_name(src), **words)
            return text + " " + self._what_is_legal(seat)
        why = self._road_to(seat, sf.place)
        if why:
            return why + " " + self._what_is_legal(seat)
        return None

    def _why_swap(self, seat: int, a: int, b: int) -> str | None:
        if a == b:
            return _("A swap exchanges two different tiles, not {cell} with itself.").format(cell=place_name(a))
        for c in (a, b):
            if c == PIT:
                return _("The pit stop never moves: swap two face-down road tiles.")
            if c in self._cars:
                others = join_words([self._names[s] for s in range(self._players) if self._cars[s] == c])
                return _("The tile on {cell} is face up under {names}'s car: only face-down tiles may be "
                         "swapped.").format(cell=place_name(c), names=others)
        if self._last_swap and (a in self._last_swap or b in self._last_swap):
            x, y = self._last_swap
            prev = self._names[(seat - 1) % self._players]
            return _("{name} has just swapped {a} and {b}: neither may be swapped again right away. Choose two other "
                     "face-down tiles.").format(name=prev, a=place_name(x), b=place_name(y))
        return None

    # ------------------------------------------------------------------ acting
    def apply(self, action: RunAction | str, seat: int | None = None) -> None:
        """Do ``action`` for the current player (checked to be ``seat`` if given).

        Raises :class:`~rally.IllegalAction` with the reason, leaving the game unchanged."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        act = parse_action(action)
        current = (self._first + self._turn) % self._players
        log = self._log
        tiles = self._tiles
        if isinstance(act, Rotate):
            cell = self._pending
            assert cell is not None  # why_illegal allows a rotation only then
            exception = rules.rotations(tiles, self._cars, current, cell)[1]
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
        (a memory game: face-down tiles stay hidden). See :func:`rally.turns.play_bots`."""
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
        :mod:`rally.i18n`)."""
        with language(lang):
            return [e.describe(self._names) for e in self._log]

    def summary(self, reveal: bool = False, lang: str | None = None) -> str:
        """The board as a player sees it (face-down tiles as ``??``), or with every tile
        shown when ``reveal`` is true, then a line per player (in ``lang``, default the
        language spoken: :mod:`rally.i18n`)."""
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


__all__ = ["RallyRunGame", "TURNS_PER_PLAYER", "MAX_TURNS", "decision"]
