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

from ..common.i18n import _, ngettext
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


@wording("S5.incomplete")
def _incomplete(facts: Mapping[str, Any]) -> str:
    return ngettext("The trick is not complete: {played} of {players} card is played.",
                    "The trick is not complete: {played} of {players} cards are played.",
                    facts["players"]).format(played=facts["played"], players=facts["players"])


# The advisor's dealing of unseen cards (Game.set_hidden_cards) is refused with these: a
# program's mistake, not a player's, but a value all the same.
@wording("hidden.hand_size")
def _hidden_hand_size(facts: Mapping[str, Any]) -> str:
    return _("A new hand for seat {seat} must keep its size.").format(seat=facts["seat"])


@wording("hidden.discards")
def _hidden_discards(facts: Mapping[str, Any]) -> str:
    return _("The earlier tricks' cards must keep their number.")


@wording("hidden.cards")
def _hidden_cards(facts: Mapping[str, Any]) -> str:
    return _("The new hands and the earlier tricks' cards must be the codes of cards in play "
             "(see Card.code), each dealt once.")
