"""The rules of moving, as pure functions of the board (M3-M5, R3-R8, R11).

The game (:mod:`rally.rally_run.game`) plays by them and the legality checks
(:mod:`rally.rally_run.legality`) judge states by them, so both read the same rules
and neither imports the other. Everything here works on engine integers, for speed:

- ``codes``: the tile code on each of the 25 cells (kind index * 4 + rotation; -1 on
  the pit stop);
- ``cars``: each seat's place (cells 0-24, start-finish tiles 25-28);
- ``held``: each seat's trophy color, or ``None``.

>>> from rally.rally_run.board import deal_layout
>>> codes, stack = deal_layout(6, (8, 8, 4, 4), 2)
>>> options(codes, [25, 27], [None, None], 0)  # Bo on the red start: only A1 to reveal
([0], [], False)
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import CELLS, COLORS, FIXED_MASKS, NEIGHBOURS, PIT, ROAD_CELLS, distance
from .tiles import BITS, MASKS, PERIODS, opposite

DEAD_END = 3  # kind index of TileKind.DEAD_END
Codes = Sequence[int]
Places = Sequence[int]
Held = Sequence[str | None]


def direction(src: int, dst: int) -> int:
    """The direction from place ``src`` to its neighbour ``dst``, or -1."""
    row = NEIGHBOURS[src]
    return row.index(dst) if dst in row else -1


def mask_at(codes: Codes, place: int) -> int:
    """Openings of the tile on ``place`` (the pit stop and start-finish tiles included)."""
    if place >= CELLS or place == PIT:
        return FIXED_MASKS[place]
    return MASKS[codes[place]]


def roads(codes: Codes, place: int) -> list[tuple[int, int]]:
    """``(direction, neighbour)`` for each road out of the tile on ``place`` that does
    not leave the board (the neighbour may be a start-finish tile)."""
    mask = mask_at(codes, place)
    around = NEIGHBOURS[place]
    return [(d, around[d]) for d in range(4) if mask & BITS[d] and around[d] >= 0]


def goal(color: str | None) -> int:
    """Where a car holding ``color`` heads: the pit stop without a trophy (M4), else
    the start-finish tile of the trophy's color (M5)."""
    return PIT if color is None else CELLS + COLORS.index(color)


def step(codes: Codes, cars: Places, held: Held, seat: int, dst: int) -> str:
    """What ``seat``'s car may do toward place ``dst`` now (M3, M5, R4, R5, R11):
    ``"reveal"``, ``"drive"`` or ``"finish"``, or why none, as a code: ``"M3.here"``
    (the car stands there), ``"M3.not_next"``, ``"M3.no_road"`` (its tile does not open
    that way), ``"R5.no_trophy"``, ``"R5.not_yours"`` (a start-finish tile of another
    color), ``"R11.no_meet"`` (a car's tile whose road does not lead back). The one check
    behind :func:`options` and the game's refusals of a reveal, a drive and a finish.

    >>> from rally.rally_run.board import deal_layout
    >>> codes, stack = deal_layout(6, (8, 8, 4, 4), 2)
    >>> step(codes, [25, 27], [None, None], 0, 0), step(codes, [25, 27], [None, None], 0, 1)
    ('reveal', 'M3.not_next')
    """
    src = cars[seat]
    if dst == src:
        return "M3.here"
    d = direction(src, dst)
    if d < 0:
        return "M3.not_next"
    return _step(codes, cars, held, seat, d, dst)


def _step(codes: Codes, cars: Places, held: Held, seat: int, d: int, dst: int) -> str:
    """:func:`step` toward ``dst``, the neighbour in direction ``d``."""
    if not mask_at(codes, cars[seat]) & BITS[d]:
        return "M3.no_road"
    if dst >= CELLS:
        color = held[seat]
        if color is None:
            return "R5.no_trophy"
        return "finish" if color == COLORS[dst - CELLS] else "R5.not_yours"
    if dst == PIT:
        return "drive"
    if dst in cars:
        return "drive" if MASKS[codes[dst]] & BITS[opposite(d)] else "R11.no_meet"
    return "reveal"


def options(codes: Codes, cars: Places, held: Held, seat: int) -> tuple[list[int], list[int], bool]:
    """``(reveals, drives, finish)`` open to ``seat``'s car now (M3, M5, R4, R5, R11):
    face-down tiles its road leads to, tiles where a car stands whose road meets it (and
    the pit stop), and whether it may drive home (each by :func:`step`)."""
    reveals: list[int] = []
    drives: list[int] = []
    finish = False
    for d, dst in enumerate(NEIGHBOURS[cars[seat]]):
        if dst < 0:
            continue
        move = _step(codes, cars, held, seat, d, dst)
        if move == "reveal":
            reveals.append(dst)
        elif move == "drive":
            drives.append(dst)
        elif move == "finish":
            finish = True
    return reveals, drives, finish


def can_move(codes: Codes, cars: Places, held: Held, seat: int) -> bool:
    """True when ``seat`` may reveal, drive or finish now."""
    reveals, drives, finish = options(codes, cars, held, seat)
    return bool(reveals or drives or finish)


def rotations(codes: Codes, cars: Places, seat: int, cell: int) -> tuple[list[int], bool]:
    """``(rotations, exception)``: the rotations ``seat`` may lay the tile just revealed
    on ``cell`` at, smallest first (M3, R10), and whether the first-move dead-end
    exception (R3) decides them.

    On a car's first move a dead end opens toward a face-down neighbour of its cell,
    never toward a start-finish tile (M3):

    >>> codes = [0] * CELLS
    >>> codes[0] = DEAD_END * 4  # a dead end on A1, the red corner cell
    >>> rotations(codes, [25, 27], 0, 0)  # Bo on the red start: east or south, not west
    ([1, 2], True)
    """
    src = cars[seat]
    code = codes[cell]
    kind = code >> 2
    if src >= CELLS and kind == DEAD_END:
        # A first move (the car is still on its start-finish tile): the dead end
        # opens toward a face-down neighbour instead of back to the start (M3, R3).
        hidden, grid = [], []
        for r in range(4):
            dst = NEIGHBOURS[cell][MASKS[kind * 4 + r].bit_length() - 1]
            if 0 <= dst < CELLS:
                grid.append(r)
                if dst != PIT and dst not in cars:
                    hidden.append(r)
        return (hidden or grid), True
    back = BITS[opposite(direction(src, cell))]
    return [r for r in range(PERIODS[kind]) if MASKS[kind * 4 + r] & back], False


def swap_block(cars: Places, last_swap: Sequence[int] | None, cell: int) -> str | None:
    """Why the tile on ``cell`` may not be swapped now, as a code; ``None`` if it may
    (M3, R9): ``"M3.pit"`` (the pit stop never moves), ``"M3.face_up"`` (a car stands
    on it), ``"R9.just_swapped"`` (one of the previous player's pair). The one check
    behind :func:`swappable` and the game's refusals of a swap."""
    if cell == PIT:
        return "M3.pit"
    if cell in cars:
        return "M3.face_up"
    if last_swap and cell in last_swap:
        return "R9.just_swapped"
    return None


def swappable(cars: Places, last_swap: Sequence[int] | None) -> list[int]:
    """Face-down road cells that may be swapped now: those :func:`swap_block` lets
    through. The tile just revealed is never asked about: no swap then."""
    return [c for c in ROAD_CELLS if swap_block(cars, last_swap, c) is None]


def stuck_for_good(codes: Codes, cars: Places, held: Held) -> frozenset[int]:
    """The seats whose cars can never move again (R7): the largest set of cars each of
    which has no way out but onto cars of the set that it cannot drive onto. Tiles
    under cars never change, so nothing can free them."""
    stuck = set(range(len(cars)))
    changed = True
    while changed and stuck:
        changed = False
        blocked = {cars[s] for s in stuck}  # cells that stay taken, their tiles unchanged
        for seat in list(stuck):
            for d, dst in roads(codes, cars[seat]):
                if dst >= CELLS:
                    free = held[seat] == COLORS[dst - CELLS]  # its finish, trophy in hand
                elif dst == PIT or dst not in blocked:
                    free = True  # the pit stop is always open; other tiles may be revealed or met
                else:
                    free = bool(MASKS[codes[dst]] & BITS[opposite(d)])
                if free:
                    stuck.discard(seat)
                    changed = True
                    break
    return frozenset(stuck)


def all_stuck_for_good(codes: Codes, cars: Places, held: Held) -> bool:
    """True when no car can ever move again (R7), so the game must end."""
    # A car that can move now is not stuck: that answers most turns without the fixed point.
    for seat in range(len(cars)):
        if can_move(codes, cars, held, seat):
            return False
    return len(stuck_for_good(codes, cars, held)) == len(cars)


def standings(first_player: int, cars: Places, held: Held, finisher: int | None = None) -> list[int]:
    """Seats from closest to their goal to farthest (R8): the winner at the finish
    (``finisher``) first; then trophy holders; then fewer steps from the car to its goal
    on an open board; a tie goes to the seat later in the order of play."""
    n = len(cars)

    def key(s: int) -> tuple[int, int, int, int]:
        return (0 if s == finisher else 1, 0 if held[s] else 1, distance(cars[s], goal(held[s])),
                -((s - first_player) % n))

    return sorted(range(n), key=key)


__all__ = ["direction", "mask_at", "roads", "goal", "step", "options", "can_move", "rotations", "swap_block", "swappable",
           "stuck_for_good", "all_stuck_for_good", "standings"]
