"""A Rally Run game as JSON and back, with every impossible state named.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(3, seed=5)
>>> game.apply("reveal A1")
>>> RallyRunGame.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from collections import Counter

from ..errors import PositionError, RuleError
from .board import CELLS, COLORS, PIT, Cell, parse_place, place_name
from .events import event_from_dict
from .game import MOVE, OVER, ROTATE, RallyRunGame, _direction
from .tiles import BITS, KINDS, Tile

FORMAT = "rally-run/1"
_KEYS = ("format", "players", "names", "seed", "first_player", "tile_mix", "max_turns", "turn", "phase",
         "pending", "tiles", "cars", "trophies", "trophy_stack", "last_swap", "winner", "end_reason", "events")
REASONS = ("finish", "turn limit", "all stuck")


def game_to_dict(game: RallyRunGame) -> dict:
    return {
        "format": FORMAT,
        "players": game.players,
        "names": list(game.names),
        "seed": game.seed,
        "first_player": game.first_player,
        "tile_mix": {k.word: n for k, n in zip(KINDS, game.counts)},
        "max_turns": game.max_turns,
        "turn": game.turn,
        "phase": game.phase,
        "pending": None if game.pending is None else place_name(game.pending),
        "tiles": ["PIT" if c < 0 else str(Tile.from_code(c)) for c in game.tiles_],
        "cars": [place_name(p).split(" ")[0] for p in game.cars_],
        "trophies": list(game.held_),
        "trophy_stack": list(game.stack_),
        "last_swap": None if not game.last_swap else [place_name(c) for c in game.last_swap],
        "winner": game.winner,
        "end_reason": game.end_reason,
        "events": [e.to_dict() for e in game._log],
    }


def game_to_json(game: RallyRunGame, indent: int | None = None) -> str:
    return json.dumps(game_to_dict(game), indent=indent)


def game_from_json(text: str) -> RallyRunGame:
    if not isinstance(text, (str, bytes)):
        raise PositionError(f"RallyRunGame.from_json needs JSON text (from to_json()), not {type(text).__name__}.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise PositionError(f"This is not JSON ({err.msg} at line {err.lineno}, column {err.colno}); "
                            "use the text that RallyRunGame.to_json() gives.") from None
    return game_from_dict(data)


def _int(value, what: str, low: int, high: int | None, problems: list[str]) -> bool:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        upto = f" to {high}" if high is not None else " or more"
        problems.append(f"{what} must be a whole number from {low}{upto}, not {value!r}.")
        return False
    return True


def game_from_dict(data: object) -> RallyRunGame:
    """A game from :func:`game_to_dict` output, checked for every impossibility."""
    if not isinstance(data, dict):
        raise PositionError("A saved Rally Run game is a JSON object with keys " + ", ".join(_KEYS) + ".")
    missing = [k for k in _KEYS if k not in data]
    unknown = [k for k in data if k not in _KEYS]
    if missing or unknown:
        parts = (["missing " + ", ".join(missing)] if missing else []) + (
            ["unknown " + ", ".join(map(str, unknown))] if unknown else [])
        raise PositionError(f"A saved Rally Run game has the keys {', '.join(_KEYS)}: this one has {'; '.join(parts)}.")
    if data["format"] != FORMAT:
        raise PositionError(f"Unknown format {data['format']!r}: this version reads {FORMAT!r}.")
    try:
        game = RallyRunGame._blank(data["players"], data["seed"], data["tile_mix"], data["first_player"],
                                   data["names"], data["max_turns"])
    except RuleError as err:
        raise PositionError(f"The game's setup is invalid: {err}") from None
    n = game.players
    problems: list[str] = []

    # Tiles: 25 cells, the pit stop in the centre, the mix conserved (M1, M2).
    tiles = data["tiles"]
    if not isinstance(tiles, list) or len(tiles) != CELLS:
        raise PositionError(f"'tiles' must list the {CELLS} cells A1, B1, ... E5, row by row, not {tiles!r}.")
    codes = []
    for i, t in enumerate(tiles):
        if i == PIT:
            if t != "PIT":
                problems.append(f"C3 always holds the pit stop (write 'PIT'), not {t!r}.")
            codes.append(-1)
            continue
        try:
            codes.append(Tile.parse(t).code)
        except RuleError as err:
            problems.append(f"On {Cell.of(i)}: {err}")
            codes.append(0)
    if not problems:
        have = Counter(c >> 2 for c in codes if c >= 0)
        for k, kind in enumerate(KINDS):
            if have[k] != game.counts[k]:
                problems.append(f"The board has {have[k]} {kind.word} tiles but the tile mix says {game.counts[k]}: "
                                "tiles are never added or removed.")
    if problems:
        raise PositionError(problems)
    game.tiles_ = codes

    # Turn and phase.
    if not _int(data["turn"], "The turn", 0, None, problems):
        raise PositionError(problems)
    phase = data["phase"]
    if phase not in (MOVE, ROTATE, OVER):
        raise PositionError(f"The phase must be 'move', 'rotate' or 'over', not {phase!r}.")
    game.turn, game.phase = data["turn"], phase
    if phase != OVER and game.turn >= game.max_turns:
        problems.append(f"Turn {game.turn} is past the limit of {game.max_turns} turns, so the game would be over.")

    # Cars.
    cars = data["cars"]
    if not isinstance(cars, list) or len(cars) != n:
        raise PositionError(f"'cars' must give one place per player ({n}), like ['A1', 'red'], not {cars!r}.")
    places = []
    for s, p in enumerate(cars):
        try:
            places.append(parse_place(p))
        except RuleError:
            problems.append(f"{game.names[s]}'s car is at {p!r}: write a cell like 'B3' or a start-finish color "
                            f"({', '.join(COLORS)}).")
            places.append(CELLS + game.starts[s])
    game.cars_ = places

    # Trophies (M4).
    held, stack = data["trophies"], data["trophy_stack"]
    if not isinstance(held, list) or len(held) != n or any(h is not None and h not in COLORS for h in held):
        raise PositionError(f"'trophies' must give each player's trophy color or null, not {held!r}.")
    if not isinstance(stack, list) or any(c not in COLORS for c in stack):
        raise PositionError(f"'trophy_stack' must list trophy colors from the top down, not {stack!r}.")
    game.held_, game.stack_ = list(held), list(stack)
    want = Counter(game.start_colors)
    have = Counter([h for h in held if h] + stack)
    if have != want:
        problems.append(f"The trophies held and on the pit stop are {sorted(have.elements())}; there must be one per "
                        f"player in the start colors, {sorted(want.elements())}.")
    for s, p in enumerate(places):
        if p >= CELLS:
            own = CELLS + game.starts[s]
            won_here = phase == OVER and data["winner"] == s and data["end_reason"] == "finish"
            if p != own and not won_here:
                problems.append(f"{game.names[s]}'s car is on the {place_name(p)} tile, but a car only stands on its "
                                "own start tile, or on its trophy's tile once it has won.")
            if p == own and held[s] is not None and not won_here:
                problems.append(f"{game.names[s]} holds a trophy but has never left the start: trophies are taken "
                                "at the pit stop.")

    # Pending reveal, last swap.
    pending = data["pending"]
    if phase == ROTATE:
        try:
            cell = Cell.parse(pending).index
        except RuleError:
            raise PositionError(problems + [f"In the 'rotate' phase 'pending' names the revealed cell, like 'B1', "
                                            f"not {pending!r}."]) from None
        seat = game.current_player
        src = places[seat]
        if cell == PIT or cell in places:
            problems.append(f"The revealed cell {place_name(cell)} must be a road tile without a car.")
        elif _direction(src, cell) < 0 or not game._mask(src) & BITS[_direction(src, cell)]:
            problems.append(f"{place_name(cell)} is not where {game.names[seat]}'s road leads, so it cannot have "
                            "been revealed.")
        else:
            game.pending = cell
    elif pending is not None:
        problems.append(f"Only the 'rotate' phase has a pending revealed cell; 'pending' must be null, not {pending!r}.")
    swap = data["last_swap"]
    if swap is not None:
        try:
            pair = tuple(sorted(Cell.parse(c).index for c in swap))
            if len(pair) != 2 or pair[0] == pair[1] or PIT in pair:
                raise ValueError
        except (RuleError, ValueError, TypeError):
            raise PositionError(problems + [f"'last_swap' must be null or two different road cells like "
                                            f"['B2', 'D4'], not {swap!r}."]) from None
        if any(c in places for c in pair):
            problems.append(f"A car stands on {' or '.join(place_name(c) for c in pair)}, which was just swapped "
                            "face down: a swapped tile has no car on it.")
        game.last_swap = pair

    # The end.
    winner, reason = data["winner"], data["end_reason"]
    if phase == OVER:
        if _int(winner, "The winner", 0, n - 1, problems):
            game.winner = winner
        if reason not in REASONS:
            problems.append(f"The end reason must be one of {', '.join(REASONS)}, not {reason!r}.")
        game.end_reason = reason
        if reason == "finish" and game.winner is not None:
            h = held[game.winner]
            if h is None or places[game.winner] != CELLS + COLORS.index(h):
                problems.append(f"{game.names[game.winner]} won at the finish, so the car must stand on the "
                                "start-finish tile of its trophy's color.")
    else:
        if winner is not None or reason is not None:
            problems.append("A game that is not over has no winner: 'winner' and 'end_reason' must be null.")
        if not problems and game.all_stuck_for_good():
            problems.append("Every car is stuck for good, so the game would already be over (decision R7).")

    events = data["events"]
    if not isinstance(events, list):
        problems.append(f"'events' must be a list (possibly empty), not {events!r}.")
    else:
        log = []
        for i, e in enumerate(events):
            try:
                log.append(event_from_dict(e))
            except (KeyError, TypeError, AttributeError):
                problems.append(f"Event {i} is not an event this version knows: {e!r}.")
        game._log = log
    if problems:
        raise PositionError(problems)
    return game
