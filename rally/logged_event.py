"""The base of every logged event, in both games: a small frozen value with a kind.

An event knows its ``kind`` (its name in JSON), says itself in words with
``describe(names)``, and writes itself as JSON-ready data with :meth:`to_dict`; a game
module reads it back with its own ``event_from_dict`` (through :mod:`rally.inputs`).

>>> from rally import CardPlayed, Card
>>> CardPlayed(1, Card.parse("G5")).to_dict()
{'kind': 'card_played', 'seat': 1, 'card': 'G5'}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Sequence


@dataclass(frozen=True)
class LoggedEvent:
    """Base of the events of both games; ``kind`` names the type in JSON."""

    kind: ClassVar[str] = "event"

    def describe(self, names: Sequence[str]) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., field: value, ...}``, each value as :meth:`encode` writes it."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = self.encode(getattr(self, f.name))
        return out

    @staticmethod
    def encode(value: Any) -> Any:
        """A field's value as JSON-ready data (plain values stay as they are)."""
        return value


__all__ = ["LoggedEvent"]
