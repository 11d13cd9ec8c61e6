"""A whole game of Rally Run as a state machine (rulings M1-M5, decisions R1-R12).

Ask ``current_player`` and ``legal_actions()``, then ``apply`` one action (see
:mod:`rally.rally_run.actions`). A reveal takes two steps: ``Reveal(cell)`` turns the
tile up for everyone to see, then the same player picks ``Rotate(r)`` among the
rotations allowed, and the car drives onto it. Anything illegal raises
:class:`~rally.IllegalAction` saying why and what would be allowed, and leaves the game
exactly as it was.

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
rally.errors.IllegalAction: Bo's car is on the green start-finish tile, and C3 is not next to it: from there the road leads only to E5. Bo may: reveal E5 or swap two face-down tiles.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Mapping, Sequence

from ..cards import join_words
from ..errors import IllegalAction, SetupError
from .actions import DRIVES, FINISH, REVEALS, ROTATES, SWAPS, DriveTo, Finish, Reveal, Rotate, RunAction, parse_action
from .board import (
    CELL_LIST, CELLS, COLORS, DEFAULT_TILE_MIX, FIXED_MASKS, MAX_PLAYERS, MIN_PLAYERS, NEIGHBOURS, PIT,
    ROAD_CELLS, START_CORNERS, START_FINISH, Cell, StartFinish, check_tile_mix, deal_layout, distance,
    place_name, place_of, place_words,
)
from .events import CarMoved, RunEvent, RunGameWon, TileHidden, TileRevealed, TilesSwapped, TileTurned, TrophyTaken
from .tiles import BITS, DIRECTION_WORDS, MASKS, PERIODS, Tile, TileKind, mask_words, opposite

MOVE, ROTATE, OVER = "move", "rotate", "over"
#: Default player names, by seat.
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di")
#: The default turn limit is this many turns per player (decision R8).
TURNS_PER_PLAYER = 100
DEAD_END = 3  # kind index of TileKind.DEAD_END


def _direction(src: int, dst: int) -> int:
    """The direction from place ``src`` to its neighbour ``dst``, or -1."""
    row = NEIGHBOURS[src]
    return row.index(dst) if dst in row else -1


class RallyRunGame:
    """A game of Rally Run from the set-up to the winner. Create one with :meth:`new`.

    Seats 0..n-1 play in increasing order (clockwise), starting with ``first_player``.
    Public state: :attr:`names`, :meth:`tile`, :meth:`car_place`, :attr:`trophies`,
    :attr:`trophies_left`, :attr:`turn`, :attr:`phase`, :attr:`pending`,
    :attr:`no_swap`, :attr:`winner`, :attr:`end_reason`, :attr:`events`.
    """

    __slots__ = ("players", "names", "seed", "first_player", "counts", "max_turns", "starts",
                 "tiles_", "cars_", "stack_", "held_", "turn", "phase", "pending", "last_swap",
                 "winner", "end_reason", "_log")

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        players: int,
        seed: int = 0,
        tiles: Mapping = DEFAULT_TILE_MIX,
        first_player: int = 0,
        names: Sequence[str] | None = None,
        max_turns: int | None = None,
    ) -> "RallyRunGame":
        """A new game for 2-4 players, laid out from ``seed``.

        ``tiles`` is the mix of the 24 road tiles (:data:`DEFAULT_TILE_MIX`, M2);
        the layout (which tile lies where, at which rotation) and the trophy order are
        a pure function of ``seed`` and the mix. ``max_turns`` bounds the game
        (default 100 turns per player, R8).
        """
        game = cls._blank(players, seed, tiles, first_player, names, max_turns)
        game.tiles_, game.stack_ = deal_layout(seed, game.counts, game.players)
        return game

    @classmethod
    def _blank(cls, players, seed, tiles, first_player, names, max_turns) -> "RallyRunGame":
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"Rally Run is for {MIN_PLAYERS} to {MAX_PLAYERS} players (four cars), not {players!r}.")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"The seed is a whole number that fixes the layout, like 0 or 42, not {seed!r}.")
        counts = check_tile_mix(tiles)
        if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
            raise SetupError(f"The first player is a seat from 0 to {players - 1}, not {first_player!r}.")
        if names is None:
            names = DEFAULT_NAMES[:players]
        if isinstance(names, str) or not isinstance(names, Iterable):
            raise SetupError(f"Give the names as a list, one per player, like {list(DEFAULT_NAMES[:players])}, "
                             f"not {names!r}.")
        names = tuple(names)
        if len(names) != players or not all(isinstance(x, str) and x.strip() for x in names):
            raise SetupError(f"Give one non-empty name per player ({players}), not {list(names)!r}.")
        if len(set(names)) != players:
            raise SetupError(f"Each player needs a different name; {list(names)!r} repeats one.")
        if max_turns is None:
            max_turns = TURNS_PER_PLAYER * players
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise SetupError(f"The turn limit is a whole number of turns from 1, like {TURNS_PER_PLAYER * players}, "
                             f"not {max_turns!r}.")
        game = cls.__new__(cls)
        game.players, game.names, game.seed, game.first_player = players, names, seed, first_player
        game.counts, game.max_turns = counts, max_turns
        game.starts = START_CORNERS[players]
        game.tiles_ = [-1] * CELLS
        game.stack_ = []
        game.cars_ = [CELLS + k for k in game.starts]
        game.held_ = [None] * players
        game.turn = 0
        game.phase = MOVE
        game.pending = None
        game.last_swap = None
        game.winner = None
        game.end_reason = None
        game._log = []
        return game

    @classmethod
    def arrange(
        cls,
        players: int,
        *,
        tiles: Mapping[str, str] | None = None,
        cars: Sequence[str] | None = None,
        trophies: Sequence[str | None] | None = None,
        turn: int = 0,
        last_swap: Sequence[str] | None = None,
        seed: int = 0,
        **options,
    ) -> "RallyRunGame":
        """A game in a chosen position, for lessons and tests.

        Starts from ``new(players, seed=seed, **options)``, then lays ``tiles`` (cell ->
        tile text, like ``{"A1": "C:NE"}``; other tiles trade places so the mix stays
        the same), puts the cars on ``cars`` (per seat, a cell or a start-finish color),
        gives ``trophies`` (per seat, a color or ``None``; the others stay on the pit
        stop), and sets the ``turn`` and the previous player's swap. The result is
        checked like :meth:`from_json` and its event log starts empty.

        >>> game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW"}, cars=["B2", "green"])
        >>> str(game.tile("B2")), str(game.car_place(0)), game.is_face_up("B2")
        ('X:NESW', 'B2', True)
        """
        from .serialization import game_from_dict

        game = cls.new(players, seed=seed, **options)
        codes = game.tiles_
        fixed = set()
        for text, tile_text in (tiles or {}).items():
            cell = Cell.parse(text).index
            tile = Tile.parse(tile_text)
            if cell == PIT:
                raise SetupError("C3 always holds the pit stop; lay road tiles on the other cells.")
            if codes[cell] >> 2 != tile.code >> 2:
                spare = next((c for c in ROAD_CELLS if c not in fixed and c != cell
                              and codes[c] >> 2 == tile.code >> 2), None)
                if spare is None:
                    raise SetupError(f"The tile mix has no {tile.kind.word} left to lay on {Cell.of(cell)}.")
                codes[cell], codes[spare] = codes[spare], codes[cell]
            codes[cell] = tile.code
            fixed.add(cell)
        data = game.to_dict()
        if cars is not None:
            data["cars"] = list(cars)
        if trophies is not None:
            data["trophies"] = list(trophies)
            stack = list(data["trophy_stack"])
            for color in trophies:
                if color in stack:
                    stack.remove(color)
            data["trophy_stack"] = stack
        data["turn"] = turn
        data["last_swap"] = None if last_swap is None else list(last_swap)
        data["events"] = []
        return game_from_dict(data)

    def clone(self) -> "RallyRunGame":
        """An independent copy: changing one never changes the other."""
        g = RallyRunGame.__new__(RallyRunGame)
        for slot in ("players", "names", "seed", "first_player", "counts", "max_turns", "starts", "turn", "phase",
                     "pending", "last_swap", "winner", "end_reason"):
            setattr(g, slot, getattr(self, slot))
        g.tiles_, g.cars_, g.stack_, g.held_, g._log = (
            self.tiles_[:], self.cars_[:], self.stack_[:], self.held_[:], self._log[:])
        return g

    # ------------------------------------------------------------ public state
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def awaiting_rotation(self) -> bool:
        """True after a ``Reveal``: the same player must now choose a ``Rotate``."""
        return self.phase == ROTATE

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        if self.phase == OVER:
            return None
        return (self.first_player + self.turn) % self.players

    @property
    def start_colors(self) -> tuple[str, ...]:
        """The color of the start-finish tile each seat's car started on (its car's color, R2)."""
        return tuple(START_FINISH[k].color for k in self.starts)

    @property
    def trophies(self) -> tuple[str | None, ...]:
        """The color of the trophy each seat holds, or ``None`` (taken trophies are shown to all)."""
        return tuple(self.held_)

    @property
    def trophies_left(self) -> int:
        return len(self.stack_)

    @property
    def no_swap(self) -> tuple[Cell, ...]:
        """The two cells the previous player just swapped (not to be swapped now), or ()."""
        return tuple(CELL_LIST[c] for c in self.last_swap) if self.last_swap else ()

    @property
    def events(self) -> tuple[RunEvent, ...]:
        return tuple(self._log)

    def car_place(self, seat: int) -> "Cell | StartFinish":
        """Where ``seat``'s car stands: a :class:`Cell` or a :class:`StartFinish` tile."""
        return place_of(self.cars_[seat])

    @property
    def cars(self) -> tuple["Cell | StartFinish", ...]:
        return tuple(place_of(p) for p in self.cars_)

    def is_face_up(self, cell: Cell | str) -> bool:
        """A road tile is face up while a car stands on it or it was just revealed; the
        pit stop always is."""
        index = Cell.parse(cell).index
        return index == PIT or index in self.cars_ or index == self.pending

    def tile(self, cell: Cell | str) -> Tile | None:
        """The road tile on ``cell`` as it lies, face up or not (``None`` on the pit stop).
        This is the referee's view: players see face-down tiles only through
        :meth:`observation`, which hides them."""
        code = self.tiles_[Cell.parse(cell).index]
        return None if code < 0 else Tile.from_code(code)

    @property
    def tiles(self) -> tuple[Tile | None, ...]:
        """Every cell's tile (referee's view), by cell index; ``None`` for the pit stop."""
        return tuple(None if c < 0 else Tile.from_code(c) for c in self.tiles_)

    def goal(self, seat: int) -> "Cell | StartFinish":
        """Where ``seat`` is heading: the pit stop until it holds a trophy, then the
        start-finish tile of the trophy's color."""
        return place_of(self._goal(seat))

    def _goal(self, seat: int) -> int:
        held = self.held_[seat]
        return PIT if held is None else CELLS + COLORS.index(held)

    # -------------------------------------------------------------- the rules
    def _mask(self, place: int) -> int:
        """Openings of the tile on ``place`` (fixed tiles included)."""
        if place >= CELLS or place == PIT:
            return FIXED_MASKS[place]
        return MASKS[self.tiles_[place]]

    def _roads(self, place: int) -> list[tuple[int, int]]:
        """``(direction, neighbour)`` for each road out of the tile on ``place`` that does
        not leave the board (the neighbour may be a start-finish tile)."""
        mask = self._mask(place)
        around = NEIGHBOURS[place]
        return [(d, around[d]) for d in range(4) if mask & BITS[d] and around[d] >= 0]

    def _options(self, seat: int) -> tuple[list[int], list[int], bool]:
        """``(reveals, drives, finish)`` open to ``seat``'s car now (M3, M5, R4)."""
        cars = self.cars_
        reveals, drives, finish = [], [], False
        for d, dst in self._roads(cars[seat]):
            if dst >= CELLS:
                held = self.held_[seat]
                finish = finish or (held is not None and held == COLORS[dst - CELLS])
            elif dst == PIT:
                drives.append(dst)
            elif dst in cars:
                if MASKS[self.tiles_[dst]] & BITS[opposite(d)]:
                    drives.append(dst)
            else:
                reveals.append(dst)
        return reveals, drives, finish

    def _swappable(self) -> list[int]:
        """Face-down road cells that may be swapped now (not the previous player's pair)."""
        blocked = set(self.cars_)
        if self.last_swap:
            blocked.update(self.last_swap)
        return [c for c in ROAD_CELLS if c not in blocked]

    def rotations(self) -> list[int]:
        """The rotations allowed for the tile just revealed (M3; R3 for a first move's
        dead end), smallest first; ``[]`` when no tile is waiting."""
        if self.phase != ROTATE:
            return []
        return self._rotations(self.current_player, self.pending)[0]

    def _rotations(self, seat: int, cell: int) -> tuple[list[int], bool]:
        """``(rotations, exception)``: the allowed rotations of the tile on ``cell`` for
        ``seat``'s car, and whether the first-move dead-end exception decides them."""
        src = self.cars_[seat]
        back = opposite(_direction(src, cell))
        code = self.tiles_[cell]
        kind = code >> 2
        if src >= CELLS and kind == DEAD_END:
            # A first move (the car is still on its start-finish tile): the dead end
            # opens toward a face-down neighbour instead of back to the start (M3, R3).
            hidden, grid = [], []
            for r in range(4):
                d = MASKS[kind * 4 + r].bit_length() - 1
                dst = NEIGHBOURS[cell][d]
                if 0 <= dst < CELLS:
                    grid.append(r)
                    if dst != PIT and dst not in self.cars_:
                        hidden.append(r)
            return (hidden or grid), True
        return [r for r in range(PERIODS[kind]) if MASKS[kind * 4 + r] & BITS[back]], False

    def legal_actions(self) -> list[RunAction]:
        """Everything the current player may do now: the reveals, then the drives (each
        in the order north, east, south, west of the car), then ``Finish()`` if allowed,
        then every allowed swap in board order; after a reveal, the allowed rotations."""
        if self.phase == ROTATE:
            return [ROTATES[r] for r in self.rotations()]
        if self.phase == OVER:
            return []
        reveals, drives, finish = self._options(self.current_player)
        out: list[RunAction] = [REVEALS[c] for c in reveals] + [DRIVES[c] for c in drives]
        if finish:
            out.append(FINISH)
        free = self._swappable()
        out += map(SWAPS.__getitem__, combinations(free, 2))
        return out

    def can_move(self, seat: int | None = None) -> bool:
        """True when ``seat`` (default: the current player) may reveal, drive or finish now."""
        seat = self.current_player if seat is None else seat
        if seat is None:
            return False
        reveals, drives, finish = self._options(seat)
        return bool(reveals or drives or finish)

    def is_stuck_for_good(self, seat: int) -> bool:
        """True when ``seat``'s car can never move again (decision R7): every road out of
        its tile leaves the board, ends at a start-finish tile that is not its finish, or
        ends on a tile where a car stuck for good stands and whose road does not lead back.
        Tiles under cars never change, so nothing can free such a car."""
        return seat in self.stuck_for_good()

    def stuck_for_good(self) -> frozenset[int]:
        """The seats whose cars can never move again (R7): the largest set of cars each
        of which has no way out but onto cars of the set that it cannot drive onto."""
        stuck = set(range(self.players))
        cars, tiles, held = self.cars_, self.tiles_, self.held_
        changed = True
        while changed and stuck:
            changed = False
            blocked = {cars[s] for s in stuck}  # cells that stay taken, their tiles unchanged
            for seat in list(stuck):
                for d, dst in self._roads(cars[seat]):
                    if dst >= CELLS:
                        free = held[seat] == COLORS[dst - CELLS]  # its finish, trophy in hand
                    elif dst == PIT or dst not in blocked:
                        free = True  # the pit stop is always open; other tiles may be revealed or met
                    else:
                        free = bool(MASKS[tiles[dst]] & BITS[opposite(d)])
                    if free:
                        stuck.discard(seat)
                        changed = True
                        break
        return frozenset(stuck)

    def all_stuck_for_good(self) -> bool:
        """True when no car can ever move again (R7), so the game must end."""
        # A car that can move now is not stuck: that answers most turns without the fixed point.
        return not any(self.can_move(s) for s in range(self.players)) and len(self.stuck_for_good()) == self.players

    def _who(self, seat: int) -> str:
        return self.names[seat]

    def _what_is_legal(self, seat: int) -> str:
        reveals, drives, finish = self._options(seat)
        parts = [f"reveal {place_name(c)}" for c in reveals] + [f"drive {place_name(c)}" for c in drives]
        if finish:
            parts.append("finish")
        if len(self._swappable()) >= 2:
            parts.append("swap two face-down tiles")
        return f"{self._who(seat)} may: " + (join_words(parts, "or") if parts else "nothing") + "."

    def _where(self, seat: int) -> str:
        src = self.cars_[seat]
        if src >= CELLS:
            return f"{self._who(seat)}'s car is on the {place_name(src)} tile"
        if src == PIT:
            return f"{self._who(seat)}'s car is on the pit stop ({place_name(src)})"
        return f"{self._who(seat)}'s car is on {place_name(src)} ({Tile.from_code(self.tiles_[src]).describe()})"

    def _road_to(self, seat: int, dst: int) -> str | None:
        """Why ``seat``'s car has no road from its place to ``dst``, or None if it has."""
        src = self.cars_[seat]
        d = _direction(src, dst)
        mask = self._mask(src)
        roads = [place_name(NEIGHBOURS[src][e]) for e in range(4) if mask & BITS[e] and NEIGHBOURS[src][e] >= 0]
        leads = ("the road leads only to " + join_words(roads, "or")) if roads else "no road leads anywhere on the board"
        if d < 0:
            return f"{self._where(seat)}, and {place_words(dst)} is not next to it: from there {leads}."
        if not mask & BITS[d]:
            return (f"{self._where(seat)}: no road leaves it to the {DIRECTION_WORDS[d]}, toward "
                    f"{place_words(dst)}; {leads}.")
        return None

    def why_illegal(self, action: RunAction | str, seat: int | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now, in
        a player's words, ending with what would be allowed; ``None`` if it is allowed.
        Text that is not an action raises :class:`~rally.TileError`."""
        names = self.names
        if self.phase == OVER:
            return f"The game is over: {names[self.winner]} won ({self._end_words()}). Start a new game to play on."
        current = self.current_player
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players):
            # Checked before comparing: True == 1 and 1.0 == 1 would pass for seat 1.
            return f"There is no seat {seat!r}: seats are whole numbers from 0 to {self.players - 1}."
        if seat is not None and seat != current:
            if self.phase == ROTATE:
                return (f"Wait: {names[current]} has just revealed {place_name(self.pending)} and is choosing "
                        "how to lay it.")
            return f"It is {names[current]}'s turn, not {names[seat]}'s."
        action = parse_action(action)
        if self.phase == ROTATE:
            return self._why_rotate(current, action)
        if isinstance(action, Rotate):
            return (f"There is no revealed tile to turn: {names[current]} must first reveal a face-down tile next "
                    f"to the car (or drive, or swap). " + self._what_is_legal(current))
        if isinstance(action, Reveal):
            return self._why_reveal(current, action.cell.index)
        if isinstance(action, DriveTo):
            return self._why_drive(current, action.cell.index)
        if isinstance(action, Finish):
            return self._why_finish(current)
        return self._why_swap(current, action.a.index, action.b.index)

    def _end_words(self) -> str:
        return {"finish": "reached the finish with the trophy", "turn limit": "the turn limit was reached",
                "all stuck": "no car could ever move again"}.get(self.end_reason, str(self.end_reason))

    def _why_rotate(self, seat: int, action: RunAction) -> str | None:
        cell = self.pending
        allowed, exception = self._rotations(seat, cell)
        tile = Tile.from_code(self.tiles_[cell])
        choices = join_words([f"rotate {r} ({Tile(tile.kind, r).describe()})" for r in allowed], "or")
        if not isinstance(action, Rotate):
            article = "an" if tile.kind.word[0] in "aeiou" else "a"
            return (f"{self._who(seat)} has just revealed {place_name(cell)}, {article} {tile.kind.word}, and must first "
                    f"choose how to lay it: {choices}.")
        r = action.rotation
        if r in allowed:
            return None
        if r >= tile.kind.rotations:
            same = r % tile.kind.rotations
            return (f"A {tile.kind.word} turned {r} quarter turn{'s' if r > 1 else ''} looks just like rotate {same}; "
                    f"each look is offered once: {choices}.")
        laid = Tile(tile.kind, r)
        src = self.cars_[seat]
        if exception:
            toward = NEIGHBOURS[cell][laid.mask.bit_length() - 1]
            where = "the edge of the board" if toward < 0 else place_words(toward)
            return (f"Laid as rotate {r}, the dead end would open to the {mask_words(laid.mask)}, toward {where}; "
                    f"on a car's first move a dead end must face a face-down neighbour instead: {choices}.")
        back = opposite(_direction(src, cell))
        return (f"Laid as rotate {r}, {laid.describe()} would not meet the road from {place_words(src)}: it must "
                f"open to the {DIRECTION_WORDS[back]}. Choose {choices}.")

    def _why_reveal(self, seat: int, cell: int) -> str | None:
        if cell == PIT:
            return ("The pit stop is never face down, so it cannot be revealed: to go there, drive C3 "
                    "(if your road leads to it).")
        if cell == self.cars_[seat]:
            return f"{self._who(seat)}'s car already stands on {place_name(cell)}. " + self._what_is_legal(seat)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell in self.cars_:
            others = join_words([self.names[s] for s in range(self.players) if self.cars_[s] == cell])
            return (f"{place_name(cell)} is already face up ({others}'s car stands on it): drive {place_name(cell)} "
                    "instead, if its road meets yours. " + self._what_is_legal(seat))
        return None

    def _why_drive(self, seat: int, cell: int) -> str | None:
        if cell == self.cars_[seat]:
            return f"{self._who(seat)}'s car already stands on {place_name(cell)}. " + self._what_is_legal(seat)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell == PIT:
            return None
        if cell not in self.cars_:
            return (f"The tile on {place_name(cell)} is face down and no car stands on it: reveal {place_name(cell)} "
                    "to drive there. " + self._what_is_legal(seat))
        d = _direction(self.cars_[seat], cell)
        if not MASKS[self.tiles_[cell]] & BITS[opposite(d)]:
            tile = Tile.from_code(self.tiles_[cell])
            return (f"The tile on {place_name(cell)} is {tile.describe()}: it has no road to the "
                    f"{DIRECTION_WORDS[opposite(d)]}, so the roads do not meet. " + self._what_is_legal(seat))
        return None

    def _why_finish(self, seat: int) -> str | None:
        held = self.held_[seat]
        if held is None:
            return (f"{self._who(seat)} holds no trophy yet: first drive onto the pit stop (C3) to take one; its "
                    "color names the finish. " + self._what_is_legal(seat))
        sf = START_FINISH[COLORS.index(held)]
        src = self.cars_[seat]
        if src != sf.corner.index:
            return (f"{self._who(seat)}'s finish is the {held} start-finish tile beside {sf.corner}; the car must "
                    f"stand on {sf.corner} first (it is on {place_words(src)}). " + self._what_is_legal(seat))
        why = self._road_to(seat, sf.place)
        if why:
            return why + " " + self._what_is_legal(seat)
        return None

    def _why_swap(self, seat: int, a: int, b: int) -> str | None:
        if a == b:
            return f"A swap exchanges two different tiles, not {place_name(a)} with itself."
        for c in (a, b):
            if c == PIT:
                return "The pit stop never moves: swap two face-down road tiles."
            if c in self.cars_:
                others = join_words([self.names[s] for s in range(self.players) if self.cars_[s] == c])
                return (f"The tile on {place_name(c)} is face up under {others}'s car: only face-down tiles may be "
                        "swapped.")
        if self.last_swap and (a in self.last_swap or b in self.last_swap):
            x, y = self.last_swap
            prev = self.names[(self.current_player - 1) % self.players]
            return (f"{prev} has just swapped {place_name(x)} and {place_name(y)}: neither may be swapped again "
                    "right away. Choose two other face-down tiles.")
        return None

    # ------------------------------------------------------------------ acting
    def apply(self, action: RunAction | str, seat: int | None = None) -> None:
        """Do ``action`` for the current player (checked to be ``seat`` if given).

        Raises :class:`~rally.IllegalAction` with the reason, leaving the game unchanged."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        action = parse_action(action)
        seat = self.current_player
        log = self._log
        if isinstance(action, Rotate):
            cell = self.pending
            allowed, exception = self._rotations(seat, cell)
            self.tiles_[cell] = (self.tiles_[cell] & ~3) | action.rotation
            log.append(TileTurned(seat, cell, self.tiles_[cell], exception))
            self.pending = None
            self.phase = MOVE
            self._move_car(seat, cell, "reveal")
            self._end_turn(None)
        elif isinstance(action, Reveal):
            cell = action.cell.index
            self.pending = cell
            self.phase = ROTATE
            log.append(TileRevealed(seat, cell, self.tiles_[cell]))
        elif isinstance(action, DriveTo):
            cell = action.cell.index
            self._move_car(seat, cell, "pit" if cell == PIT else "car")
            if cell == PIT and self.held_[seat] is None and self.stack_:
                color = self.stack_.pop(0)
                self.held_[seat] = color
                log.append(TrophyTaken(seat, color))
            self._end_turn(None)
        elif isinstance(action, Finish):
            self._move_car(seat, CELLS + COLORS.index(self.held_[seat]), "finish")
            self._finish(seat, "finish")
        else:
            a, b = action.a.index, action.b.index
            self.tiles_[a], self.tiles_[b] = self.tiles_[b], self.tiles_[a]
            log.append(TilesSwapped(seat, a, b))
            self._end_turn((a, b))

    def _move_car(self, seat: int, dst: int, how: str) -> None:
        src = self.cars_[seat]
        self.cars_[seat] = dst
        self._log.append(CarMoved(seat, src, dst, how))
        if src < CELLS and src != PIT and src not in self.cars_:
            self._log.append(TileHidden(src))  # it keeps its rotation (M2)

    def _end_turn(self, swap: tuple[int, int] | None) -> None:
        self.last_swap = swap
        self.turn += 1
        if self.all_stuck_for_good():
            self._finish(self.standings()[0], "all stuck")
        elif self.turn >= self.max_turns:
            self._finish(self.standings()[0], "turn limit")

    def _finish(self, seat: int, reason: str) -> None:
        self.phase = OVER
        self.winner = seat
        self.end_reason = reason
        self.pending = None
        self._log.append(RunGameWon(seat, reason))

    def standings(self) -> list[int]:
        """Seats from closest to their goal to farthest (decision R8): trophy holders
        first; then fewer steps from the car to its goal on an open board (the trophy's
        start-finish tile, or the pit stop); a tie goes to the seat later in the order of
        play (it has had no more turns than the others). A winner by finish is first."""
        n = self.players

        def key(s: int):
            return (0 if s == self.winner and self.end_reason == "finish" else 1,
                    0 if self.held_[s] else 1, distance(self.cars_[s], self._goal(s)),
                    -((s - self.first_player) % n))

        return sorted(range(n), key=key)

    # ------------------------------------------------------------- observation
    def observation(self, seat: int) -> "Observation":
        """What ``seat`` may see: face-up tiles with their rotation, face-down ones as
        unknown, the cars, the trophies taken (shown to all), how many are left, the
        cells not to swap, and the public event log."""
        from .observation import Observation

        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise SetupError(f"There is no seat {seat!r}: seats run from 0 to {self.players - 1}.")
        cars = self.cars_
        codes = tuple(-2 if i == PIT else (self.tiles_[i] if (i in cars or i == self.pending) else -1)
                      for i in range(CELLS))
        return Observation(
            seat=seat, players=self.players, names=self.names, turn=self.turn, max_turns=self.max_turns,
            current_player=self.current_player, phase=self.phase, pending=self.pending, codes=codes,
            places=tuple(cars), held=tuple(self.held_), start_colors=self.start_colors,
            trophies_left=len(self.stack_), no_swap=tuple(self.last_swap or ()), winner=self.winner,
            events=tuple(self._log),
        )

    # ---------------------------------------------------------------- display
    def narrate(self) -> list[str]:
        """Every event so far in words."""
        return [e.describe(self.names) for e in self._log]

    def summary(self, reveal: bool = False) -> str:
        """The board as a player sees it (face-down tiles as ``??``), or with every tile
        shown when ``reveal`` is true, then a line per player."""
        from .render import render

        return render(self, reveal)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        state = f"winner={self.names[self.winner]!r}" if self.phase == OVER else f"to_act={self.current_player}"
        return (f"<RallyRunGame {self.players} players, seed {self.seed}, turn {self.turn}, {state}, "
                f"cars {[place_name(p) for p in self.cars_]}>")

    def _repr_html_(self) -> str:
        import html

        return "<pre>" + html.escape(self.summary()) + "</pre>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RallyRunGame):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # mutable

    # ---------------------------------------------------------- serialization
    def to_dict(self) -> dict:
        from .serialization import game_to_dict

        return game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :meth:`from_json` gives it back."""
        from .serialization import game_to_json

        return game_to_json(self, indent)

    @classmethod
    def from_json(cls, text: str) -> "RallyRunGame":
        """A game from :meth:`to_json` text. Raises :class:`~rally.PositionError` naming
        every problem when the text is not JSON or describes an impossible state."""
        from .serialization import game_from_json

        return game_from_json(text)


__all__ = ["RallyRunGame", "DEFAULT_NAMES", "TURNS_PER_PLAYER", "TileKind"]
