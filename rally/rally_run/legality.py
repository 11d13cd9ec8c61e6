"""What no real game of Rally Run could produce: the one place that says it.

:func:`state_problems` reads a :class:`~rally.rally_run.state.RunState` and names, one
sentence each, every way it breaks what the rules allow any game to reach: the board
and the tile mix, where the cars stand and how far they can have come in the turns
played, the tiles under them, the trophies, the tile waiting for its rotation, the two
tiles just swapped, and a finished game's winner and end. It does not read the seed or
the log: :meth:`RallyRunGame.problems() <rally.rally_run.RallyRunGame.problems>` asks
it, then replays the log when there is one, and every way into the engine goes
through ``problems()``. Each invariant is written down, with the ruling it follows
from, in ``docs/invariants-rally-run.md`` (V1-V16).

A state reached by play has no problems; change one thing and it is named:

>>> from rally.rally_run import RallyRunGame, Cell
>>> game = RallyRunGame.new(2, seed=6)
>>> for action in ["reveal A1", "rotate 1", "swap B2 C2"]:
...     game.apply(action)
>>> state_problems(game.state())
[]
>>> state_problems(game.state().replace(cars=(Cell.parse("B1"), game.state().cars[1])))
["Bo's car stands 2 steps from its start, but Bo has had only 1 turn, and a turn moves a car one step at most."]
"""

from __future__ import annotations

from collections import Counter

from ..common.i18n import _, join_words, language, ngettext
from .board import CELL_LIST, CELLS, COLORS, NEIGHBOURS, PIT, START_CORNERS, Cell, color_adjective, color_noun, distance
from .rules import DEAD_END, all_stuck_for_good, goal, options, stuck_for_good, standings
from .state import OVER, ROTATE, RunState
from .tiles import BY_CODE, KINDS, MASKS, kind_count


class _Board:
    """A state's board as engine integers, for the rules in :mod:`rally.rally_run.rules`."""

    def __init__(self, state: RunState):
        self.state = state
        self.n = state.players
        self.names = state.names
        self.codes = [-1 if t is None else t.code for t in state.tiles]
        self.cars = [c.index if isinstance(c, Cell) else c.place for c in state.cars]
        self.held = list(state.trophies)
        self.starts = [CELLS + k for k in START_CORNERS[self.n]]
        self.finisher = state.winner if state.phase == OVER and state.end_reason == "finish" else None

    def turns_of(self, seat: int) -> int:
        """How many turns ``seat`` has finished: seats take turns from the first player."""
        s = self.state
        return s.turn // self.n + (1 if (seat - s.first_player) % self.n < s.turn % self.n else 0)

    @property
    def previous(self) -> int:
        """The seat whose turn came just before this one."""
        return (self.state.first_player + self.state.turn - 1) % self.n


def state_problems(state: RunState, lang: str | None = None) -> list[str]:
    """Every reason no real game could reach ``state``, as sentences (``[]`` if none), in
    ``lang`` (default the language spoken: :mod:`rally.common.i18n`).

    The board comes first: when a cell holds the wrong thing, the later checks (which
    read the roads from it) are not asked."""
    with language(lang):
        board = _Board(state)
        problems = _board_problems(board)
        if problems:
            return problems
        return (_turn_limit_problems(board) + _place_problems(board) + _trophy_problems(board)
                + _tile_under_car_problems(board) + _distance_problems(board) + _previous_turn_problems(board)
                + _pending_problems(board) + _swap_problems(board) + _end_problems(board))


# ------------------------------------------------------------------ V1-V2: the board
def _board_problems(b: _Board) -> list[str]:
    """V1 the pit stop on C3, a road tile on every other cell (M1); V2 the tiles on the
    board are the tile mix (M2: tiles are swapped, never added or removed)."""
    problems = []
    for i, code in enumerate(b.codes):
        if i == PIT and code >= 0:
            problems.append(_("C3 always holds the pit stop, not {tile}.").format(tile=BY_CODE[code].describe()))
        elif i != PIT and code < 0:
            problems.append(_("{cell} holds no road tile: only C3 holds the pit stop, every other cell a road "
                              "tile.").format(cell=CELL_LIST[i]))
    if problems:
        return problems
    have = Counter(code >> 2 for code in b.codes if code >= 0)
    wrong = [k for k in range(len(KINDS)) if have[k] != b.state.tile_mix[k]]
    if wrong:
        board = join_words([kind_count(KINDS[k], have[k]) for k in wrong])
        mix = join_words([str(b.state.tile_mix[k]) for k in wrong])
        problems.append(_("The board has {board}, but the tile mix has {mix}: tiles are swapped, never added or "
                          "removed.").format(board=board, mix=mix))
    return problems


# ------------------------------------------------------------------ V3: the turn limit
def _turn_limit_problems(b: _Board) -> list[str]:
    """V3: turns are counted up to the limit; a game at its limit is over (R8)."""
    s = b.state
    if s.turn > s.max_turns:
        return [ngettext("Turn {turn} is past the limit of {n} turns: the game ends when it is reached.",
                         "Turn {turn} is past the limit of {n} turns: the game ends when it is reached.",
                         s.max_turns).format(turn=s.turn, n=s.max_turns)]
    if s.phase != OVER and s.turn == s.max_turns:
        return [ngettext("The game has played its limit of {n} turns, so it would be over (R8).",
                         "The game has played its limit of {n} turns, so it would be over (R8).",
                         s.max_turns).format(n=s.max_turns)]
    return []


# ------------------------------------------------------------------ V4: places
def _place_problems(b: _Board) -> list[str]:
    """V4: a car stands on a cell or on its own start-finish tile; on another
    start-finish tile only as the winner at the finish (M1, R5, M5)."""
    problems = []
    for s, p in enumerate(b.cars):
        if p >= CELLS and p != b.starts[s] and s != b.finisher:
            problems.append(_("{name}'s car stands on the {color} start-finish tile, but a car stands only on its "
                              "own start-finish tile (until it first moves) or, to win, on the one of its trophy's "
                              "color.").format(name=b.names[s], color=color_adjective(COLORS[p - CELLS])))
    return problems


def _misplaced(b: _Board, seat: int) -> bool:
    """True when V4 or V6 already names ``seat``'s car (later checks then skip it)."""
    p = b.cars[seat]
    if p >= CELLS and p != b.starts[seat] and seat != b.finisher:
        return True
    return p == b.starts[seat] and b.held[seat] is not None and seat != b.finisher


# ------------------------------------------------------------------ V5-V7: trophies
def _trophy_problems(b: _Board) -> list[str]:
    """V5 one trophy per player in the start colors, held or on the pit stop (M4, R2);
    V6 a trophy holder has left its start (M4, R5); V7 a car on the pit stop holds a
    trophy: its first entry took one, and there is one per player (M4, R4)."""
    s = b.state
    problems = []
    want = Counter(COLORS[k] for k in START_CORNERS[b.n])
    have = Counter([h for h in b.held if h is not None] + list(s.trophy_stack))
    if have != want:
        colors = join_words([color_noun(c) for c in sorted(want.elements())])
        if have:
            problems.append(_("The trophies held and on the pit stop are {held}; there is one per player, in the "
                              "start colors: {colors}.").format(
                held=join_words([color_noun(c) for c in sorted(have.elements())]), colors=colors))
        else:
            problems.append(_("The trophies held and on the pit stop are none; there is one per player, in the "
                              "start colors: {colors}.").format(colors=colors))
    for seat, p in enumerate(b.cars):
        if p == b.starts[seat] and b.held[seat] is not None and seat != b.finisher:
            problems.append(_("{name} holds a trophy, but the car is still on its start-finish tile: trophies are "
                              "taken at the pit stop, and no car drives back onto its start except to win.").format(
                name=b.names[seat]))
        if p == PIT and b.held[seat] is None:
            problems.append(_("{name}'s car is on the pit stop but holds no trophy: a car's first entry takes the "
                              "top one, and there is one for every player.").format(name=b.names[seat]))
    return problems


# ------------------------------------------------------------------ V8: the tile under a car
def _tile_under_car_problems(b: _Board) -> list[str]:
    """V8: a car came onto its tile from a neighbour its road meets: a cell, or (not for
    a dead end, R3) its own start-finish tile (M3, R3, R11)."""
    problems = []
    for seat, p in enumerate(b.cars):
        if p >= CELLS or p == PIT:
            continue
        code = b.codes[p]
        mask = MASKS[code]
        came = [n for d, n in enumerate(NEIGHBOURS[p]) if mask & (1 << d) and (
            0 <= n < CELLS or (n == b.starts[seat] and code >> 2 != DEAD_END))]
        if not came:
            problems.append(_("{name}'s car stands on {cell}, {tile}: that road meets no place the car can have come "
                              "from (a neighbouring cell, or for a first move its own start-finish tile, which a dead "
                              "end never faces).").format(name=b.names[seat], cell=CELL_LIST[p],
                                                          tile=BY_CODE[code].describe()))
    return problems


# ------------------------------------------------------------------ V9: how far the cars can have come
def _distance_problems(b: _Board) -> list[str]:
    """V9: a turn moves one car one step at most, so each car is no more steps from its
    start (by way of the pit stop, once it holds a trophy) than its player's moves:
    the turns it has finished, less the previous player's swap, plus the winner's
    finishing move, which ends the game before the turn is counted (M3-M5)."""
    s = b.state
    problems = []
    for seat, p in enumerate(b.cars):
        if _misplaced(b, seat) or p == b.starts[seat]:
            continue
        start = b.starts[seat]
        color = b.held[seat]
        need = distance(start, p) if color is None else distance(start, PIT) + distance(PIT, p)
        turns = b.turns_of(seat)
        moves = turns + (1 if seat == b.finisher else 0) - (1 if s.last_swap and s.turn and seat == b.previous else 0)
        if need > moves:
            problems.append(_too_far(b.names[seat], need, turns, color is not None,
                                     bool(s.last_swap and seat == b.previous)))
    return problems


def _too_far(name: str, need: int, turns: int, via_pit: bool, swapped: bool) -> str:
    """V9 in words: ``name``'s car is ``need`` steps from its start (``via_pit``: by way
    of the pit stop) after ``turns`` turns (``swapped``: the last one a swap)."""
    steps = ngettext("{n} step", "{n} steps", need).format(n=need)
    if not turns:
        if via_pit:
            template = _("{name}'s car stands {steps} from its start (by way of the pit stop, where it took its "
                         "trophy), but {name} has had no turn yet, and a turn moves a car one step at most.")
        else:
            template = _("{name}'s car stands {steps} from its start, but {name} has had no turn yet, and a turn "
                         "moves a car one step at most.")
    elif swapped and turns == 1:
        if via_pit:
            template = _("{name}'s car stands {steps} from its start (by way of the pit stop, where it took its "
                         "trophy), but {name} has had only 1 turn (a swap), and a turn moves a car one step at most.")
        else:
            template = _("{name}'s car stands {steps} from its start, but {name} has had only 1 turn (a swap), and a "
                         "turn moves a car one step at most.")
    elif swapped:
        if via_pit:
            template = ngettext(
                "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
                "{name} has had only {n} turn (the last one a swap), and a turn moves a car one step at most.",
                "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
                "{name} has had only {n} turns (the last one a swap), and a turn moves a car one step at most.", turns)
        else:
            template = ngettext(
                "{name}'s car stands {steps} from its start, but {name} has had only {n} turn (the last one a swap), "
                "and a turn moves a car one step at most.",
                "{name}'s car stands {steps} from its start, but {name} has had only {n} turns (the last one a swap), "
                "and a turn moves a car one step at most.", turns)
    elif via_pit:
        template = ngettext(
            "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
            "{name} has had only {n} turn, and a turn moves a car one step at most.",
            "{name}'s car stands {steps} from its start (by way of the pit stop, where it took its trophy), but "
            "{name} has had only {n} turns, and a turn moves a car one step at most.", turns)
    else:
        template = ngettext(
            "{name}'s car stands {steps} from its start, but {name} has had only {n} turn, and a turn moves a car one "
            "step at most.",
            "{name}'s car stands {steps} from its start, but {name} has had only {n} turns, and a turn moves a car one "
            "step at most.", turns)
    return template.format(name=name, steps=steps, n=turns)


# ------------------------------------------------------------------ V10: the turn just before
def _previous_turn_problems(b: _Board) -> list[str]:
    """V10: when no tiles are marked as just swapped, the turn just before was a move,
    so that player's car has left its start (M3, R9)."""
    s = b.state
    if s.turn == 0 or s.last_swap is not None:
        return []
    prev = b.previous
    if b.cars[prev] == b.starts[prev]:
        return [_("No tiles are marked as just swapped, so {name}'s turn just before was a move, yet {name}'s car is "
                  "still on its start-finish tile.").format(name=b.names[prev])]
    return []


# ------------------------------------------------------------------ V11: the tile just revealed
def _pending_problems(b: _Board) -> list[str]:
    """V11: a tile waits for its rotation exactly in the rotate phase; it is a face-down
    road tile the current car's road leads to (M3)."""
    s = b.state
    if s.phase != ROTATE:
        if s.pending is not None:
            # TRANSLATORS: {phase} is the phase's name in the program ('move', 'over').
            return [_("Only the rotate phase has a tile waiting for its rotation, so none can wait in the {phase} "
                      "phase (not {cell}).").format(phase=repr(s.phase), cell=s.pending)]
        return []
    if s.pending is None:
        return [_("In the rotate phase a tile just revealed waits for its rotation, but none is named.")]
    cell = s.pending.index
    seat = (s.first_player + s.turn) % b.n
    if cell == PIT:
        return [_("The pit stop is never face down, so it cannot be the tile just revealed.")]
    if cell in b.cars:
        return [_("A car stands on {cell}, so its tile was face up and cannot have just been revealed.").format(
            cell=s.pending)]
    if _misplaced(b, seat) or cell not in options(b.codes, b.cars, b.held, seat)[0]:
        return [_("{cell} is not where {name}'s road leads, so {name} cannot have just revealed it.").format(
            cell=s.pending, name=b.names[seat])]
    return []


# ------------------------------------------------------------------ V12: the tiles just swapped
def _swap_problems(b: _Board) -> list[str]:
    """V12: the tiles just swapped are two different face-down road tiles, swapped in a
    turn already played; no car has moved onto them since (M3, R9)."""
    s = b.state
    if s.last_swap is None:
        return []
    x, y = s.last_swap
    if x == y:
        return [_("The tiles just swapped are two different cells, not {cell} twice.").format(cell=x)]
    if PIT in (x.index, y.index):
        return [_("The pit stop never moves, so it cannot be one of the tiles just swapped.")]
    if s.turn == 0:
        return [_("Nobody has had a turn yet, so no tiles can have just been swapped.")]
    under = [c for c in (x, y) if c.index in b.cars]
    if under:
        return [_("A car stands on {cells}, just swapped face down: no car has moved since that swap.").format(
            cells=join_words([str(c) for c in under]))]
    return []


# ------------------------------------------------------------------ V13-V16: the end
def _end_problems(b: _Board) -> list[str]:
    """V13 only a finished game has a winner and an end reason; V14 a win at the finish:
    the winner's car on its trophy's start-finish tile, in its own turn (M5); V15 a win
    at the turn limit: the limit reached, not every car stuck, the driver closest to
    their goal wins (R8); V16 every car stuck for good ends the game at once, and the
    closest driver wins (R7, R8)."""
    s = b.state
    names = b.names
    if s.phase != OVER:
        if s.winner is not None or s.end_reason is not None:
            return [_("A game that is not over has no winner and no end reason.")]
        if all_stuck_for_good(b.codes, b.cars, b.held):
            return [_("Every car is stuck for good, so the game would already be over (R7).")]
        return []
    if s.winner is None or s.end_reason is None:
        return [_("A finished game has a winner and an end reason.")]
    winner = names[s.winner]
    if s.end_reason == "finish":
        color = b.held[s.winner]
        if color is None or b.cars[s.winner] != goal(color):
            return [_("{name} won at the finish, so {name} holds a trophy and the car stands on the start-finish "
                      "tile of its color.").format(name=winner)]
        if (s.first_player + s.turn) % b.n != s.winner:
            return [_("A finish ends the game in the finisher's own turn, and turn {turn} is {player}'s, not "
                      "{name}'s.").format(turn=s.turn + 1, player=names[(s.first_player + s.turn) % b.n],
                                          name=winner)]
        if s.turn == s.max_turns:  # past it, V3 says so
            return [ngettext("The game reached its limit of {n} turns before {name}'s finish, so it ended there (R8).",
                             "The game reached its limit of {n} turns before {name}'s finish, so it ended there (R8).",
                             s.max_turns).format(n=s.max_turns, name=winner)]
        return []
    best = standings(s.first_player, b.cars, b.held)[0]
    stuck = stuck_for_good(b.codes, b.cars, b.held)
    if s.end_reason == "turn limit":
        if s.turn < s.max_turns:  # past it, V3 says so
            return [ngettext("The game ended at the turn limit, so it has played {n} turns, not {turn}.",
                             "The game ended at the turn limit, so it has played {n} turns, not {turn}.",
                             s.max_turns).format(n=s.max_turns, turn=s.turn)]
        if len(stuck) == b.n:
            return [_("Every car is stuck for good, and that ends the game (R7) before the turn limit is looked at.")]
    else:
        loose = [names[seat] for seat in range(b.n) if seat not in stuck]
        if loose:
            return [ngettext("The game ended with every car stuck for good, but {names} can still move one day (R7).",
                             "The game ended with every car stuck for good, but {names} can still move one day (R7).",
                             len(loose)).format(names=join_words(loose))]
    if s.winner != best:
        return [_("When nobody finishes, the driver closest to their goal wins (R8): {best}, not {name}.").format(
            best=names[best], name=winner)]
    return []


def earliest_turn(state: RunState) -> int:
    """The first turn, with the same seat to move as at ``state.turn``, at which every
    car can have got where it stands (V9) and, if tiles are marked as just swapped, a
    turn has been played (V12); ``state.turn`` if there is none below the limit.
    :meth:`RallyRunGame.arrange <rally.rally_run.RallyRunGame.arrange>` uses it when no
    turn is given."""
    n = state.players
    turn = state.turn % n
    if state.last_swap is not None and turn == 0:
        turn += n
    while turn < state.max_turns:
        if not _distance_problems(_Board(state.replace(turn=turn))):
            return turn
        turn += n
    return state.turn


__all__ = ["state_problems", "earliest_turn"]
