"""The base of every logged event, in both games: a small immutable value with a kind.

An event knows its ``kind`` (its name in JSON), says itself in words with
``describe(names)`` (in any language rally speaks: ``describe(names, lang="de")``), and
writes itself as JSON-ready data with :meth:`to_dict`; a game module reads it back with
its own ``event_from_dict`` (through :mod:`rally.common.inputs`).
Stich Rallye's events are tuples underneath (the engine logs hundreds a game), Rally
Run's frozen dataclasses; both list their fields with :meth:`field_names`.

>>> from rally import CardPlayed, Card
>>> CardPlayed(1, Card.parse("G5")).to_dict()
{'kind': 'card_played', 'seat': 1, 'card': 'G5'}
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Sequence

from . import inputs
from .errors import SetupError
from .i18n import language


class LoggedEvent:
    """Base of the events of both games; ``kind`` names the type in JSON."""

    __slots__ = ()
    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str], lang: str | None = None) -> str:
        """The event in words, naming the seats by ``names``, in ``lang`` (default: the
        language spoken, :mod:`rally.common.i18n`). ``names`` lists a name (a text) for every
        seat up to the highest the event names, else :class:`~rally.SetupError`.

        >>> from rally import Card, CardPlayed
        >>> CardPlayed(2, Card.parse("G5")).describe(["Ada", "Bo"])
        Traceback (most recent call last):
        ...
        rally.common.errors.SetupError: The names must be a list of texts with a name for each seat from 0 to 2, like ['Ada', 'Bo', 'Cy'], not ['Ada', 'Bo'].
        """
        if not (isinstance(names, (list, tuple)) and len(names) >= self._seats_named()):  # narrate asks hundreds
            inputs.seat_names(names, self._seats_named(), SetupError)
        with language(lang):
            return self._words(names)

    def _seats_named(self) -> int:
        """How many seats :meth:`describe` names: up to the event's ``seat``, if it has one."""
        seat = getattr(self, "seat", None)
        return seat + 1 if isinstance(seat, int) else 0

    def _words(self, names: Sequence[str]) -> str:  # pragma: no cover - every event says itself
        raise NotImplementedError

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The event's fields, in order (a dataclass's fields by default)."""
        return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., field: value, ...}``, each value as :meth:`encode` writes it."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in self.field_names():
            out[name] = self.encode(getattr(self, name))
        return out

    @staticmethod
    def encode(value: Any) -> Any:
        """A field's value as JSON-ready data (plain values stay as they are)."""
        return value


__all__ = ["LoggedEvent"]
