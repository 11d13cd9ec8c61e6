"""A Rally Run state as JSON and back.

This module reads and writes the *shape* of a saved game (through
:mod:`rally.common.inputs`: text only, bounded in size and depth, whole numbers only, exact
keys); whether the state could happen is for ``RallyRunGame.problems()`` to say, and
``RallyRunGame.from_json`` asks it. It knows :class:`~rally.rally_run.state.RunState`,
not the game class, so the game imports it and never the other way round.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(3, seed=5)
>>> game.apply("reveal A1")
>>> state_from_json(state_to_json(game.state())) == game.state()
True
>>> state_from_json(b'{}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rally.common.errors.PositionError: A saved Rally Run game must be text (a str)..., not b'{}'.
"""

from __future__ import annotations

from typing import Union

from ..common import inputs
from ..common.errors import PositionError, RuleError, SetupError
from ..common.i18n import N_, _
from .board import CELL_LIST, MAX_PLAYERS, Cell, Place, parse_place, place_of
from .events import event_from_dict
from .state import MAX_EVENTS, RunState
from .tiles import KINDS, Tile

FORMAT = "rally-run/2"
KEYS = ("format", "players", "names", "seed", "first_player", "tile_mix", "max_turns", "turn", "phase",
        "pending", "tiles", "cars", "trophies", "trophy_stack", "last_swap", "winner", "end_reason", "events",
        "start")
#: What the pit stop's cell holds in the ``tiles`` list.
PIT_TEXT = "PIT"
WHAT = N_("A saved Rally Run game")
MADE_BY = "RallyRunGame.to_json()"

#: A JSON value, as :func:`json.dumps` writes it.
JSON = Union[None, bool, int, str, list["JSON"], dict[str, "JSON"]]


def _where(place: Place) -> str:
    """A car's place as saved: a cell (``"B3"``) or a start-finish tile by its color (``"red"``)."""
    return str(place) if isinstance(place, Cell) else str(place).split(" ")[0]


def state_to_dict(state: RunState) -> dict[str, JSON]:
    """``state`` as JSON-ready data (see :data:`KEYS`)."""
    return {
        "format": FORMAT,
        "players": state.players,
        "names": list(state.names),
        "seed": state.seed,
        "first_player": state.first_player,
        "tile_mix": {k.word: n for k, n in zip(KINDS, state.tile_mix)},
        "max_turns": state.max_turns,
        "turn": state.turn,
        "phase": state.phase,
        "pending": None if state.pending is None else str(state.pending),
        "tiles": [PIT_TEXT if t is None else str(t) for t in state.tiles],
        "cars": [_where(p) for p in state.cars],
        "trophies": list(state.trophies),
        "trophy_stack": list(state.trophy_stack),
        "last_swap": None if state.last_swap is None else [str(c) for c in state.last_swap],
        "winner": state.winner,
        "end_reason": state.end_reason,
        "events": None if state.events is None else [dict(e.to_dict()) for e in state.events],
        "start": None if state.start is None else state_to_dict(state.start),
    }


def state_to_json(state: RunState, indent: int | None = None) -> str:
    return inputs.json_text(state_to_dict(state), indent, SetupError)


def state_from_json(text: object) -> RunState:
    """A state from :func:`state_to_json` text; bad text raises :class:`~rally.PositionError`."""
    return state_from_dict(inputs.json_object(text, _(WHAT), KEYS, PositionError, MADE_BY))


def _cell(what: str, value: object) -> Cell:
    try:
        return Cell.parse(value)
    except RuleError as err:
        raise PositionError(_("{what}: {problem}").format(what=what, problem=err)) from None


def _tile(what: str, value: object) -> Tile | None:
    if value == PIT_TEXT:
        return None
    try:
        return Tile.parse(value)
    except RuleError as err:
        raise PositionError(_("{what}: {problem}").format(what=what, problem=err)) from None


def _place(what: str, value: object) -> Place:
    try:
        return place_of(parse_place(value))
    except RuleError as err:
        raise PositionError(_("{what}: {problem}").format(what=what, problem=err)) from None


def state_from_dict(value: object) -> RunState:
    """A state from :func:`state_to_dict` data, its shape checked."""
    data = inputs.fields(value, _(WHAT), KEYS, PositionError)
    if data["format"] != FORMAT:
        inputs.fail(PositionError, _("A saved Rally Run game's format"), repr(FORMAT), data["format"])
    tiles = inputs.sequence(data["tiles"], _("The tiles"), PositionError, _("['S:NS', 'C:NE', ...], 25 of them"), 25)
    laid = tuple(_tile(_("The tile on {cell}").format(cell=CELL_LIST[i]), t) for i, t in enumerate(tiles))
    cars = inputs.sequence(data["cars"], _("The cars"), PositionError, "['B3', 'green']", MAX_PLAYERS)
    pending = data["pending"]
    swap = data["last_swap"]
    pair = None
    if swap is not None:
        swapped = _("The tiles just swapped")
        cells = inputs.sequence(swap, swapped, PositionError, "['B2', 'D4']", 2)
        if len(cells) != 2:
            inputs.fail(PositionError, swapped, _("two cells"), swap, "['B2', 'D4']")
        pair = (_cell(swapped, cells[0]), _cell(swapped, cells[1]))
    events = data["events"]
    log = None if events is None else tuple(
        event_from_dict(e) for e in inputs.sequence(events, _("The event log"), PositionError, _("a list of events"),
                                                    MAX_EVENTS))
    start = data["start"]
    return RunState(
        players=data["players"], names=data["names"], seed=data["seed"], first_player=data["first_player"],
        tile_mix=data["tile_mix"], max_turns=data["max_turns"], turn=data["turn"], phase=data["phase"],
        pending=None if pending is None else _cell(_("The tile just revealed"), pending),
        tiles=laid, cars=tuple(_place(_("Car {number}'s place").format(number=i + 1), p) for i, p in enumerate(cars)),
        trophies=data["trophies"], trophy_stack=data["trophy_stack"], last_swap=pair,
        winner=data["winner"], end_reason=data["end_reason"], events=log,
        start=None if start is None else state_from_dict(start),
    )


__all__ = ["FORMAT", "KEYS", "JSON", "state_to_dict", "state_to_json", "state_from_json", "state_from_dict"]
