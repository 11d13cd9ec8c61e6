"""The Rally Run board as text: a grid with column letters and row numbers, road tiles
as a kind letter and their openings (``C:NE``), face-down tiles as ``??``, the pit stop
as ``PIT``, and the start-finish tiles by color word beside their corners. Cars are
shown by their driver's name under the cell, never by color alone.

>>> from rally.rally_run import RallyRunGame
>>> print(RallyRunGame.new(2, seed=6).summary())
Rally Run, 2 players, turn 1 of at most 200: Ada to move.
             A      B      C      D      E
1    red >   ??     ??     ??     ??     ??   < blue
      Ada
2            ??     ??     ??     ??     ??
<BLANKLINE>
3            ??     ??    PIT     ??     ??
<BLANKLINE>
4            ??     ??     ??     ??     ??
<BLANKLINE>
5 yellow >   ??     ??     ??     ??     ??   < green
                                              Bo
  Ada (red car): on the red start-finish tile, heading for the pit stop (C3); no trophy yet.
  Bo (green car): on the green start-finish tile, heading for the pit stop (C3); no trophy yet.
Trophies left on the pit stop: 2 (face down).
"""

from __future__ import annotations

from .board import CELLS, COLUMNS, PIT, SIZE, START_FINISH, place_name
from .tiles import Tile

W = 7


def _grid(codes, places, names, players) -> list[str]:
    lines = [" " * 10 + "".join(c.center(W) for c in COLUMNS)]
    left = {sf.corner.row: sf.color for sf in START_FINISH if sf.side == "W"}
    right = {sf.corner.row: sf.color for sf in START_FINISH if sf.side == "E"}
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            code = codes[r * SIZE + c]
            cells.append(("PIT" if code == -2 else "??" if code == -1 else str(Tile.from_code(code))).center(W))
        lw = f"{left[r]} >" if r in left else ""
        rw = f"< {right[r]}" if r in right else ""
        lines.append((f"{r + 1}{lw.rjust(9)}" + "".join(cells) + f" {rw}").rstrip())
        under = []
        for c in range(SIZE):
            here = [names[s] for s in range(players) if places[s] == r * SIZE + c]
            under.append(",".join(here).center(W))
        lsf = [names[s] for s in range(players) if r in left and places[s] == CELLS + _sf_index(left[r])]
        rsf = [names[s] for s in range(players) if r in right and places[s] == CELLS + _sf_index(right[r])]
        lines.append((" " + ",".join(lsf).rjust(8) + " " + "".join(under) + " " + ",".join(rsf)).rstrip())
    return lines


def _sf_index(color: str) -> int:
    return [sf.color for sf in START_FINISH].index(color)


def _player_lines(names, places, held, start_colors, players) -> list[str]:
    out = []
    for s in range(players):
        p = places[s]
        where = f"on the {place_name(p)} tile" if p >= CELLS else ("on the pit stop (C3)" if p == PIT else f"on {place_name(p)}")
        if held[s] is not None and p == CELLS + _sf_index(held[s]):
            goal = f"holds the {held[s]} trophy and has reached its finish"
        elif held[s] is None:
            goal = "heading for the pit stop (C3); no trophy yet"
        else:
            sf = START_FINISH[_sf_index(held[s])]
            goal = f"holds the {held[s]} trophy, heading for the {held[s]} start-finish tile beside {sf.corner}"
        out.append(f"  {names[s]} ({start_colors[s]} car): {where}, {goal}.")
    return out


def _header(players, turn, max_turns, phase, current, names, winner, pending) -> str:
    if phase == "over":
        return f"Rally Run, {players} players, game over after {turn} turns: {names[winner]} wins."
    doing = f"choose how to lay {place_name(pending)}" if phase == "rotate" else "move"
    return f"Rally Run, {players} players, turn {turn + 1} of at most {max_turns}: {names[current]} to {doing}."


def render(game, reveal: bool = False) -> str:
    obs = game.observation(0)
    codes = game.tiles_[:] if reveal else list(obs.codes)
    if reveal:
        codes[PIT] = -2
    lines = [_header(game.players, game.turn, game.max_turns, game.phase, game.current_player, game.names,
                     game.winner, game.pending)]
    lines += _grid(codes, game.cars_, game.names, game.players)
    lines += _player_lines(game.names, game.cars_, game.held_, game.start_colors, game.players)
    lines.append(f"Trophies left on the pit stop: {len(game.stack_)} (face down).")
    if game.last_swap and game.phase != "over":
        a, b = game.last_swap
        lines.append(f"Just swapped, not to be swapped now: {place_name(a)} and {place_name(b)}.")
    return "\n".join(line.rstrip() for line in lines)


def render_observation(obs) -> str:
    lines = [f"What {obs.names[obs.seat]} sees. " + _header(obs.players, obs.turn, obs.max_turns, obs.phase,
                                                           obs.current_player, obs.names, obs.winner, obs.pending)]
    lines += _grid(obs.codes, obs.places, obs.names, obs.players)
    lines += _player_lines(obs.names, obs.places, obs.held, obs.start_colors, obs.players)
    lines.append(f"Trophies left on the pit stop: {obs.trophies_left} (face down).")
    return "\n".join(line.rstrip() for line in lines)
