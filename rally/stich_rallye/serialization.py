"""A game's state as JSON and back.

This module reads and writes the *shape* of a saved game (through
:mod:`rally.common.inputs`); whether the state could happen is for
:func:`rally.stich_rallye.legality.state_problems` and ``Game.problems()`` to say, and
``Game.from_json`` asks them. It knows :class:`~rally.stich_rallye.state.GameState`, not the game
class, so the game imports it and never the other way round.

>>> from rally import Game
>>> game = Game.new(3, seed=5)
>>> state = state_from_json(state_to_json(game.state()))
>>> state == game.state()
True
"""

from __future__ import annotations

from typing import Any

from ..common import inputs
from .cards import read_cards
from ..common.errors import PositionError, RuleError, SetupError
from .events import event_from_dict
from ..common.i18n import _
from .state import MAX_EVENTS, GameState
from .track import TRACKS, Track

FORMAT = "stich-rallye/1"
KEYS = ("format", "players", "names", "track", "track_name", "dial", "seed", "first_player", "round",
        "phase", "flag", "winner", "hands", "trick", "discards", "positions", "motors", "events")


def state_to_dict(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data (see :data:`KEYS`)."""
    return {
        "format": FORMAT,
        "players": state.players,
        "names": list(state.names),
        "track": str(state.track),
        "track_name": state.track.name,
        "dial": list(state.dial),
        "seed": state.seed,
        "first_player": state.first_player,
        "round": state.round,
        "phase": state.phase,
        "flag": state.flag,
        "winner": state.winner,
        "hands": [[str(c) for c in h] for h in state.hands],
        "trick": [str(c) for c in state.trick],
        "discards": [str(c) for c in state.discards],
        "positions": list(state.positions),
        "motors": list(state.motors),
        "events": None if state.events is None else [e.to_dict() for e in state.events],
    }


def state_to_json(state: GameState, indent: int | None = None) -> str:
    return inputs.json_text(state_to_dict(state), indent, SetupError)


def state_from_json(text: object) -> GameState:
    """A state from :func:`state_to_json` text; bad text raises :class:`PositionError`."""
    return state_from_dict(inputs.json_object(text, _("A saved game"), KEYS, PositionError, "Game.to_json()"))


def read_track(text: object, name: object) -> Track:
    """The track of a saved game or position: a built-in one when the name and text say so."""
    try:
        track = Track.parse(text, name)
    except RuleError as err:
        # TRANSLATORS: {what} names the data read (a noun phrase), {problem} says what is wrong with it.
        raise PositionError(_("{what}: {problem}").format(what=_("The track"), problem=err)) from None
    return TRACKS[track.name] if TRACKS.get(track.name) == track else track


def state_from_dict(value: object) -> GameState:
    """A state from :func:`state_to_dict` data, its shape checked."""
    data = inputs.fields(value, _("A saved game"), KEYS, PositionError)
    if data["format"] != FORMAT:
        inputs.fail(PositionError, _("A saved game's format"), repr(FORMAT), data["format"])
    hands = inputs.sequence(data["hands"], _("The hands"), PositionError, "[['G11', 'R5'], ...]", 5)
    events = data["events"]
    if events is not None:
        events = tuple(event_from_dict(e) for e in
                       inputs.sequence(events, _("The event log"), PositionError, _("a list of events"), MAX_EVENTS))
    return GameState(
        players=data["players"], track=read_track(data["track"], data["track_name"]), dial=data["dial"],
        names=data["names"], seed=data["seed"], first_player=data["first_player"], round=data["round"],
        phase=data["phase"], flag=data["flag"], winner=data["winner"],
        hands=tuple(read_cards(h, _("A hand")) for h in hands), trick=read_cards(data["trick"], _("The trick")),
        discards=read_cards(data["discards"], _("The earlier tricks' cards")),
        positions=data["positions"], motors=data["motors"], events=events,
    )


__all__ = ["FORMAT", "KEYS", "state_to_dict", "state_to_json", "state_from_json", "state_from_dict",
           "read_track"]
