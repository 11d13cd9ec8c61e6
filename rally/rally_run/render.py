"""The Rally Run board as text: a grid with column letters and row numbers, road tiles
as a kind letter and their openings (``C:NE``), face-down tiles as ``??``, the pit stop
as ``PIT``, and the start-finish tiles by color word beside their corners. Cars are
shown by their driver's name under the cell, never by color alone.

It reads plain data (a :class:`Table`), so the game and the observation both use it
and it imports neither.

>>> from rally.rally_run import RallyRunGame
>>> print(RallyRunGame.new(2, seed=6).summary())
Rally Run, 2 players, turn 1 of at most 200: Bo to move.
             A      B      C      D      E
1    red >   ??     ??     ??     ??     ??   < blue
       Bo
2            ??     ??     ??     ??     ??
<BLANKLINE>
3            ??     ??    PIT     ??     ??
<BLANKLINE>
4            ??     ??     ??     ??     ??
<BLANKLINE>
5 yellow >   ??     ??     ??     ??     ??   < green
                                              Gus
  Bo (red car): on the red start-finish tile, heading for the pit stop (C3); no trophy yet.
  Gus (green car): on the green start-finish tile, heading for the pit stop (C3); no trophy yet.
Trophies left on the pit stop: 2 (face down).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from ..common.i18n import _, ngettext, pgettext
from .board import CELLS, COLORS, COLUMNS, PIT, SIZE, START_FINISH, color_adjective, color_noun, place_name
from .tiles import BY_CODE

W = 7


class Table(NamedTuple):
    """What the text shows: ``codes`` per cell is a tile code, -1 face down (``??``) or
    -2 the pit stop; ``places`` are engine places; ``no_swap`` the cells just swapped."""

    players: int
    names: Sequence[str]
    turn: int
    max_turns: int
    phase: str
    current: int | None
    winner: int | None
    pending: int | None
    codes: Sequence[int]
    places: Sequence[int]
    held: Sequence[str | None]
    start_colors: Sequence[str]
    trophies_left: int
    no_swap: Sequence[int] = ()


def _width(text: str) -> int:
    """How many columns ``text`` takes in a terminal: a wide character (Chinese) two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int, how: str) -> str:
    """``text`` padded to ``width`` columns: on the left (``"right"``) or both sides (``"center"``)."""
    gap = max(0, width - _width(text))
    left = gap if how == "right" else gap // 2 + (gap & width & 1)  # as str.center splits an odd gap
    return " " * left + text + " " * (gap - left)


def _grid(t: Table) -> list[str]:
    left = {sf.corner.row: sf.color for sf in START_FINISH if sf.side == "W"}
    right = {sf.corner.row: sf.color for sf in START_FINISH if sf.side == "E"}
    labels = {r: f"{color_noun(color)} >" for r, color in left.items()}
    margin = max(9, *(_width(label) + 1 for label in labels.values()))  # a long color word moves the grid, not a row
    lines = [" " * (margin + 1) + "".join(_pad(c, W, "center") for c in COLUMNS)]
    # TRANSLATORS: the pit stop's label on the text board: at most 7 letters, capitals.
    pit = pgettext("board", "PIT")
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            code = t.codes[r * SIZE + c]
            cells.append(_pad(pit if code == -2 else "??" if code == -1 else str(BY_CODE[code]), W, "center"))
        rw = f"< {color_noun(right[r])}" if r in right else ""
        lines.append((f"{r + 1}{_pad(labels.get(r, ''), margin, 'right')}" + "".join(cells) + f" {rw}").rstrip())
        under = []
        for c in range(SIZE):
            here = [t.names[s] for s in range(t.players) if t.places[s] == r * SIZE + c]
            under.append(_pad(",".join(here), W, "center"))
        lsf = [t.names[s] for s in range(t.players) if r in left and t.places[s] == CELLS + COLORS.index(left[r])]
        rsf = [t.names[s] for s in range(t.players) if r in right and t.places[s] == CELLS + COLORS.index(right[r])]
        lines.append((" " + _pad(",".join(lsf), margin - 1, "right") + " " + "".join(under) + " " + ",".join(rsf)).rstrip())
    return lines


def _player_lines(t: Table) -> list[str]:
    out = []
    for s in range(t.players):
        p = t.places[s]
        held = t.held[s]
        if p >= CELLS:
            where = _("on the {color} start-finish tile").format(color=color_adjective(COLORS[p - CELLS]))
        else:
            where = _("on the pit stop (C3)") if p == PIT else _("on {cell}").format(cell=place_name(p))
        if held is not None and p == CELLS + COLORS.index(held):
            goal = _("holds the {color} trophy and has reached its finish").format(color=color_adjective(held))
        elif held is None:
            goal = _("heading for the pit stop (C3); no trophy yet")
        else:
            sf = START_FINISH[COLORS.index(held)]
            goal = _("holds the {color} trophy, heading for the {color} start-finish tile beside {corner}").format(
                color=color_adjective(held), corner=sf.corner)
        # TRANSLATORS: one line per player; {where} is like "on B3", {goal} like "heading
        # for the pit stop (C3); no trophy yet" (the messages just before this one).
        out.append("  " + _("{name} ({color} car): {where}, {goal}.").format(
            name=t.names[s], color=color_adjective(t.start_colors[s]), where=where, goal=goal))
    return out


def _header(t: Table) -> str:
    if t.phase == "over" and t.winner is not None:
        return ngettext("Rally Run, {players} players, game over after {n} turns: {name} wins.",
                        "Rally Run, {players} players, game over after {n} turns: {name} wins.", t.turn).format(
            players=t.players, n=t.turn, name=t.names[t.winner])
    # TRANSLATORS: who is to act when a game has nobody to act (never in a real game).
    who = t.names[t.current] if t.current is not None else _("nobody")
    if t.pending is not None:
        return _("Rally Run, {players} players, turn {turn} of at most {max_turns}: {name} to choose how to lay "
                 "{cell}.").format(players=t.players, turn=t.turn + 1, max_turns=t.max_turns, name=who,
                                   cell=place_name(t.pending))
    return _("Rally Run, {players} players, turn {turn} of at most {max_turns}: {name} to move.").format(
        players=t.players, turn=t.turn + 1, max_turns=t.max_turns, name=who)


def render(t: Table, heading: str = "") -> str:
    """The table as text: a header line, the grid, a line per player, the trophies
    left, and (while the game goes on) the cells just swapped (in the language spoken)."""
    lines = [heading + _header(t)] + _grid(t) + _player_lines(t)
    lines.append(ngettext("Trophies left on the pit stop: {n} (face down).",
                          "Trophies left on the pit stop: {n} (face down).", t.trophies_left).format(n=t.trophies_left))
    if t.no_swap and t.phase != "over":
        a, b = t.no_swap
        lines.append(_("Just swapped, not to be swapped now: {a} and {b}.").format(a=place_name(a), b=place_name(b)))
    return "\n".join(line.rstrip() for line in lines)


__all__ = ["Table", "render"]
