"""Rally Run (HABA; also sold as Memo-Car-Race): the rules, explained, in pure Python.

Rulings M1-M5 are in ``shared/RULINGS.md``; the project's own decisions R1-R14 are in
``docs/decisions.md`` ("Rally Run").

Where each part lives:

- tiles.py         M2   ``TileKind`` (straight S, curve C, crossroads X, dead end D),
                        ``Tile(kind, rotation)`` with ``.openings`` (N/E/S/W), ``.rotated()``
- board.py         M1   ``Cell`` ("A1".."E5"; C3 is the pit stop), ``START_FINISH`` tiles by
                        corner and color, ``DEFAULT_TILE_MIX``, ``check_tile_mix``,
                   R14  ``NAMES_BY_COLOR``: the default names (Bo drives red, Ed blue, Gus
                        green, Cy yellow), by seat ``default_names(players)``
- actions.py       M3   ``Reveal``, ``Rotate``, ``DriveTo``, ``Finish``, ``Swap``, ``parse_action``
- rules.py         M3-M5  the rules of moving, as pure functions of the board (R3-R8, R11)
- game.py          M3-M5  ``RallyRunGame``, the state machine: creating, checking, acting
- table.py              ``RunTable``: a game's state as integers, read through properties
- refusals.py           why an action is refused, in words, and what is allowed instead
- arrange.py            a position chosen by hand (``RallyRunGame.arrange``)
- state.py              ``RunState``: a moment of a game as plain data (shape checked)
- legality.py           what no real game could produce: invariants V1-V16
                        (``docs/invariants-rally-run.md``; V17, the log, in ``problems()``)
- serialization.py      a state as JSON and back (shape only)
- observation.py        ``Observation``: one seat's view, face-down tiles hidden
- events.py             the typed, public event log
- replay.py             the board as it stood after event k
- bots.py               ``PerfectMemoryBot``, ``ForgetfulBot(turns=k)``, ``NoMemoryBot``, ``play_out``
- simulate.py           what ``python -m rally run`` prints; the memory experiment
- render.py             the board as text
- free_play.py     R13  ``FreePlay``: the rulebook's free play (lay the tiles as you like,
                        find broken roads and a closed circuit, drive cars round), ``Piece``

The game
--------

``RallyRunGame.new(players, seed=0, tiles=DEFAULT_TILE_MIX, first_player=0, names=None,
max_turns=None)``: 2-4 players; the layout (which tile lies face down where, at which
rotation) and the trophy order are a pure function of ``seed`` and the mix.

- ``current_player`` (``None`` once over), ``legal_actions()``, ``why_illegal(action,
  seat=None)`` (a sentence or ``None``), ``refusal(action, seat=None)`` (the same as a
  :class:`~rally.Refusal`, a code and its facts), ``apply(action, seat=None)`` (raises
  ``IllegalAction``, a ``RuleError``, leaving the game unchanged), ``clone()``,
  ``is_over``, ``winner``, ``end_reason`` (``"finish"``, ``"turn limit"``, ``"all stuck"``),
  ``standings()``, ``events``, ``narrate()``, ``summary(reveal=False)``, ``str(game)``,
  ``to_json()`` / ``RallyRunGame.from_json()``, ``state()`` / ``RallyRunGame.from_state()``
  (a :class:`RunState`), ``problems()`` (every reason no real game could be here).
- Words: everything said (events, refusals, errors, the board, the ``run`` report) is in
  the language rally speaks (:func:`rally.set_language`); ``narrate``, ``summary``,
  ``why_illegal``, ``problems``, ``describe`` and the reports also take ``lang="de"``.
  Action texts (``"reveal B3"``), cells, tile codes (``C:NE``) and color words read
  back (``"red"``) stay as they are in every language.
- State (read-only properties): ``players``, ``names``, ``seed``, ``first_player``,
  ``tile_mix``, ``phase`` (``"move"``, ``"rotate"``, ``"over"``), ``awaiting_rotation``,
  ``pending`` (cell index revealed, waiting for a rotation), ``rotations()``,
  ``turn``, ``max_turns``, ``car_place(seat)`` / ``cars`` (a ``Cell`` or a ``StartFinish``),
  ``goal(seat)``, ``trophies`` (each seat's color or ``None``), ``trophies_left``,
  ``start_colors``, ``no_swap``, ``tile(cell)`` / ``tiles`` (the referee's view),
  ``is_face_up(cell)``, ``can_move(seat)``, ``is_stuck_for_good(seat)``, ``stuck_for_good()`` (R7).
- Every way in from parts (``from_state``, ``from_json``, ``arrange``) asks ``issues()``
  (the problems as values, invariant codes like ``V9.too_far`` and their facts;
  ``problems()`` words them) and raises :class:`~rally.PositionError` with the list
  instead of returning a game no real play could reach. Every number and text read is bounded (``docs/invariants-rally-run.md``).
- ``RallyRunGame.arrange(players, tiles={"B2": "C:NE"}, cars=["B2", "green"], trophies=None,
  turn=None, last_swap=None, seed=0, tile_mix=..., first_player=0, names=None, max_turns=None)``:
  a game in a chosen position (for lessons and tests), checked like ``from_state``; the
  tile mix is kept by trading tiles around; the turn, when not given, is the first at
  which the cars can have got where they stand.
- ``observation(seat)`` -> :class:`Observation`: ``codes`` (per cell: a face-up tile's code
  ``kind*4+rotation``, -1 face down, -2 the pit stop) and ``tiles`` (``Tile`` / ``None`` /
  ``"pit"``), ``places`` / ``cars``, ``held``, ``start_colors``, ``trophies_left``,
  ``pending``, ``no_swap``, ``turn``, ``current_player``, ``phase``, ``winner``, ``events``.

Tiles: ``Tile.parse("C:NE")`` (kind letter S/C/X/D, then its openings) or ``"C0"`` (kind and
rotation, quarter turns clockwise from the basic drawing: straight N-S, curve N-E, dead end N);
``tile.openings``, ``tile.describe()``, ``tile.rotated()``. Cells: ``Cell.parse("B3")``
(``Cell(row, col)``, rows 1-5 north to south, columns A-E west to east, both 0-4: a cell
off the board is refused when it is made; ``.index`` is ``row * 5 + col``).
``START_FINISH[k].position`` gives each start-finish tile's (row, col) just outside the
grid, for drawing.

Bots (``choose(observation_or_game, actions, rng)``): ``PerfectMemoryBot()``,
``ForgetfulBot(turns=k)``, ``NoMemoryBot()``, ``RandomRunBot()``; ``play_out(game, bots, rng)``;
``parse_bot("forgetful:3")``. ``simulate(players, seed, bots, brief)`` and ``simulate_many``
(in ``rally.rally_run.simulate``) are what ``python -m rally run`` prints.

A turn (M3) is one of: ``Reveal(cell)`` then ``Rotate(r)``; ``DriveTo(cell)`` (onto a tile
where another car stands, or onto the pit stop); ``Finish()`` (onto your trophy's
start-finish tile: you win); ``Swap(a, b)``. Text forms: ``"reveal B3"``, ``"rotate 1"``,
``"drive C3"``, ``"finish"``, ``"swap B2 D4"``; ``apply`` takes either.

>>> from rally.rally_run import RallyRunGame, Reveal, Rotate
>>> game = RallyRunGame.new(2, seed=6)
>>> game.apply(Reveal("A1"))
>>> game.rotations()
[1]
>>> game.apply(Rotate(1))
>>> game.narrate()
['Bo reveals A1: a straight.', 'Bo lays it: road → ←.', 'Bo drives from the red start-finish tile to A1.']
>>> game.observation(1).tiles[0]
Tile.parse('S:EW')
"""

from ..common.errors import IllegalAction, PositionError, RuleError, SetupError, TileError
from .actions import DriveTo, Finish, Reveal, Rotate, RunAction, Swap, parse_action
from .board import (
    COLORS, DEFAULT_TILE_MIX, NAMES_BY_COLOR, PIT_STOP, START_CORNERS, START_FINISH, Cell, StartFinish, check_tile_mix,
    default_names, distance,
)
from .bots import ForgetfulBot, MemoryBot, NoMemoryBot, PerfectMemoryBot, RandomRunBot, RunBot, parse_bot, play_out
from .events import CarMoved, RunEvent, RunGameWon, TileHidden, TileRevealed, TilesSwapped, TileTurned, TrophyTaken
from .free_play import FreePlay, Piece
from .game import TURNS_PER_PLAYER, RallyRunGame
from .observation import Observation
from .state import MAX_TURNS, RunState
from .tiles import DIRECTIONS, Tile, TileKind

__all__ = [
    "FreePlay", "Piece",
    "IllegalAction", "PositionError", "RuleError", "SetupError", "TileError",
    "DriveTo", "Finish", "Reveal", "Rotate", "RunAction", "Swap", "parse_action",
    "COLORS", "DEFAULT_TILE_MIX", "NAMES_BY_COLOR", "PIT_STOP", "START_CORNERS", "START_FINISH", "Cell", "StartFinish",
    "check_tile_mix", "default_names", "distance",
    "ForgetfulBot", "MemoryBot", "NoMemoryBot", "PerfectMemoryBot", "RandomRunBot", "RunBot", "parse_bot", "play_out",
    "CarMoved", "RunEvent", "RunGameWon", "TileHidden", "TileRevealed", "TilesSwapped", "TileTurned", "TrophyTaken",
    "TURNS_PER_PLAYER", "MAX_TURNS", "RallyRunGame", "RunState", "Observation",
    "DIRECTIONS", "Tile", "TileKind",
]
