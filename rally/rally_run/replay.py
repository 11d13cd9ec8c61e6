"""Replaying a Rally Run game one event at a time: the board as it stood after event k.

The same shape as :func:`rally.stich_rallye.replay.replay_states` for Stich Rallye: one entry per
event, with the event, its words, and the game at that moment. A Rally Run turn is one
decision (a reveal, a rotation, a drive, a swap) and the events that follow from it; the
moment of each event is the game right after the decision that logged it.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> game.apply("reveal A1"); game.apply("rotate 1")
>>> moments = replay_states(game)
>>> [m.text for m in moments]
['Bo reveals A1: a straight.', 'Bo lays it: road → ←.', 'Bo drives from the red start-finish tile to A1.']
>>> moments[0].state.phase, str(moments[-1].state.cars[0])
('rotate', 'A1')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common import inputs
from ..common.errors import SetupError
from ..common.i18n import _
from .events import RunEvent
from .game import RallyRunGame, decision
from .state import RunState


@dataclass(frozen=True)
class RunMoment:
    """The game right after event ``index`` (``state``, without its log)."""

    index: int
    event: RunEvent
    text: str
    state: RunState


def replay_states(game: RallyRunGame, lang: str | None = None) -> list[RunMoment]:
    """One :class:`RunMoment` per event of ``game``, replayed from where its log starts;
    each moment's ``text`` in ``lang`` (default the language spoken: :mod:`rally.common.i18n`)."""
    now = inputs.instance(game, RallyRunGame, _("The game"), SetupError, "RallyRunGame.new(2, seed=6)").state()
    if now.start is not None:
        replay = RallyRunGame.from_state(now.start)
    else:
        replay = RallyRunGame.new(now.players, now.seed, now.tile_mix, now.first_player, now.names, now.max_turns)
    moment = replay.state().position
    moments: list[RunMoment] = []
    for index, event in enumerate(game.events):
        chosen = decision(event)
        if chosen is not None:
            seat, action = chosen
            replay.apply(action, seat)
            moment = replay.state().position
        moments.append(RunMoment(index, event, event.describe(game.names, lang), moment))
    return moments


__all__ = ["RunMoment", "replay_states"]
