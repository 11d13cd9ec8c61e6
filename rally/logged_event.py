"""The base of every logged event, in both games: a small immutable value with a kind.

An event knows its ``kind`` (its name in JSON), says itself in words with
``describe(names)`` (in any language rally speaks: ``describe(names, lang="de")``), and
writes itself as JSON-ready data with :meth:`to_dict`; a game module reads it back with
its own ``event_from_dict`` (through :mod:`rally.inputs`).
Stich Rallye's events are tuples underneath (the engine logs hundreds a game), Rally
Run's frozen dataclasses; both list their fields with :meth:`field_names`.

>>> from rally import CardPlayed, Card
>>> CardPlayed(1, Card.parse("G5")).to_dict()
{'kind': 'card_played', 'seat': 1, 'card': 'G5'}
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Sequence


class LoggedEvent:
    """Base of the events of both games; ``kind`` names the type in JSON."""

    __slots__ = ()
    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str], lang: str | None = None) -> str:  # pragma: no cover - overridden
        """The event in words, naming the seats by ``names``, in ``lang`` (default: the
        language spoken, :mod:`rally.i18n`)."""
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
