"""The words of a Stich Rallye game's refusals (:meth:`rally.Game.refusal`), one per code.

A card's own refusals (``hand.missing``, ``S4.follow``) are worded beside their check
in :mod:`rally.stich_rallye.tricks`; ``action.unknown`` beside the turbo's words in
:mod:`rally.stich_rallye.game`; ``seat.none``, which Rally Run shares, in :mod:`rally.common.refusal`.

>>> from rally.common.refusal import Refusal
>>> Refusal("turn", {"current": 0, "seat": 1, "current_name": "Ann", "seat_name": "Ben"}).words()
"It is Ann's turn, not Ben's."
"""

from __future__ import annotations

from typing import Any, Mapping

from ..common.i18n import _
from ..common.refusal import wording


@wording("over")
def _over(facts: Mapping[str, Any]) -> str:
    return _("The game is over: {name} won.").format(name=facts["name"])


@wording("turn")
def _turn(facts: Mapping[str, Any]) -> str:
    return _("It is {current}'s turn, not {seat}'s.").format(current=facts["current_name"], seat=facts["seat_name"])


@wording("S8.wait")
def _wait(facts: Mapping[str, Any]) -> str:
    return _("Wait: {name} won the trick and is choosing whether to use the turbo.").format(name=facts["name"])


@wording("S8.first")
def _turbo_first(facts: Mapping[str, Any]) -> str:
    return _("{name} won the trick and must first choose: use the turbo (add the motor's {value} to the "
             "move) or move by the lowest card alone.").format(name=facts["name"], value=facts["value"])


@wording("S8.winner_only")
def _winner_only(facts: Mapping[str, Any]) -> str:
    return _("Only a trick's winner chooses the turbo, right after winning it; now {name} must play a card."
             ).format(name=facts["name"])
