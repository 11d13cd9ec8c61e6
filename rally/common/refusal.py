"""Reasons as values: a :class:`Refusal` is a code and its facts, worded at the edge.

The engine decides *that* an action is refused and *why* as a value (python-chess's
``Move`` status, OpenSpiel's legality checks); the sentence a learner reads is made
from it only when asked, in the language spoken then. Each module that refuses
registers one wording per code (:func:`wording`), so gettext's catalogs keep the
sentences and tests can assert codes and facts instead of English.

>>> from rally import Game
>>> game = Game.new(3, seed=1)
>>> reason = game.refusal("turbo")
>>> reason.code, reason.facts["name"]
('S8.winner_only', 'Ada')
>>> reason.words("de") != reason.words("en")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .i18n import _, language, shown

_WORDINGS: dict[str, Callable[[Mapping[str, Any]], str]] = {}


def wording(code: str) -> Callable[[Callable[[Mapping[str, Any]], str]], Callable[[Mapping[str, Any]], str]]:
    """Register the function that words refusals with ``code`` (a decorator)."""
    def register(words: Callable[[Mapping[str, Any]], str]) -> Callable[[Mapping[str, Any]], str]:
        if code in _WORDINGS:
            raise ValueError(f"refusal code {code!r} is worded twice")
        _WORDINGS[code] = words
        return words
    return register


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed: ``code`` names the rule (``"S4.follow"``: ruling
    S4, following the lead color), ``facts`` the facts a teacher would point at."""

    code: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))

    def words(self, lang: str | None = None) -> str:
        """The refusal as one sentence (in ``lang``, default the language spoken)."""
        with language(lang):
            return _WORDINGS[self.code](self.facts)

    def __str__(self) -> str:
        return self.words()


@wording("seat.none")
def _no_seat(facts: Mapping[str, Any]) -> str:
    # Both games refuse a seat that is not one alike, so the code and its words live here.
    return _("There is no seat {seat}: seats are whole numbers from 0 to {high}.").format(
        seat=shown(facts["seat"]), high=facts["high"])


__all__ = ["Refusal", "wording"]
