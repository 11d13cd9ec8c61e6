"""The actions of a Rally Run turn (ruling M3), as small immutable values with a text form.

- ``Reveal(cell)``, text ``"reveal B3"``: turn up the face-down tile on ``cell``, next
  to your car where its road leads. The game then waits for a ``Rotate``.
- ``Rotate(r)``, text ``"rotate 1"``: lay the tile just revealed at rotation ``r``
  (quarter turns clockwise from the kind's basic drawing); your car then drives onto it.
- ``DriveTo(cell)``, text ``"drive B3"``: drive onto a neighbouring face-up tile where
  another car stands (M3), or onto the pit stop ``C3`` (decision R4).
- ``Finish()``, text ``"finish"``: drive from your corner cell onto the start-finish
  tile of your trophy's color, and win (M5).
- ``Swap(a, b)``, text ``"swap B2 D4"``: exchange two face-down tiles unseen (M3).
  ``Swap(a, b) == Swap(b, a)``.

Cells may be given as text: ``Reveal("b3") == Reveal(Cell.parse("B3"))``; a cell off
the board is refused when the action is made.

>>> from rally.rally_run import parse_action, Swap
>>> parse_action("swap d4 b2")
Swap(Cell.parse('B2'), Cell.parse('D4'))
>>> str(parse_action("Drive to C3"))
'drive C3'
>>> parse_action("rotate ٣")
Traceback (most recent call last):
...
rally.errors.TileError: In 'rotate ٣': A rotation (in quarter turns clockwise) must be a whole number from 0 to 3 written in the digits 0-9, like 0, not '٣'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .. import inputs
from ..errors import TileError
from ..i18n import N_, _
from .board import CELL_LIST, CELLS, Cell

#: The longest text read as an action.
MAX_ACTION_TEXT = 40
#: What an error about a rotation names (shown translated).
ROTATION = N_("A rotation (in quarter turns clockwise)")


@dataclass(frozen=True)
class Reveal:
    """Turn up the face-down tile on ``cell`` (then choose its rotation)."""

    cell: Cell

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", Cell.parse(self.cell))

    def __str__(self) -> str:
        return f"reveal {self.cell}"

    def __repr__(self) -> str:
        return f"Reveal({self.cell!r})"


@dataclass(frozen=True)
class Rotate:
    """Lay the revealed tile at ``rotation`` quarter turns clockwise (0 to 3)."""

    rotation: int

    def __post_init__(self) -> None:
        if not (inputs.is_whole(self.rotation) and 0 <= self.rotation <= 3):
            inputs.whole(self.rotation, _(ROTATION), 0, 3, TileError)

    def __str__(self) -> str:
        return f"rotate {self.rotation}"

    def __repr__(self) -> str:
        return f"Rotate({self.rotation})"


@dataclass(frozen=True)
class DriveTo:
    """Drive onto ``cell`` without revealing: a tile where another car stands, or the pit stop."""

    cell: Cell

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", Cell.parse(self.cell))

    def __str__(self) -> str:
        return f"drive {self.cell}"

    def __repr__(self) -> str:
        return f"DriveTo({self.cell!r})"


@dataclass(frozen=True)
class Finish:
    """Drive onto the start-finish tile of your trophy's color (from its corner cell)."""

    def __str__(self) -> str:
        return "finish"

    def __repr__(self) -> str:
        return "Finish()"


@dataclass(frozen=True)
class Swap:
    """Exchange the face-down tiles on cells ``a`` and ``b`` (stored in board order)."""

    a: Cell
    b: Cell

    def __post_init__(self) -> None:
        a, b = Cell.parse(self.a), Cell.parse(self.b)
        if b.index < a.index:
            a, b = b, a
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"swap {self.a} {self.b}"

    def __repr__(self) -> str:
        return f"Swap({self.a!r}, {self.b!r})"


RunAction = Union[Reveal, Rotate, DriveTo, Finish, Swap]
ACTION_TYPES = (Reveal, Rotate, DriveTo, Finish, Swap)
# TRANSLATORS: the actions in quotes are what the program reads: keep them as they are.
FORMS = N_("'reveal B3', 'rotate 1', 'drive C3', 'finish' or 'swap B2 D4'")

# Shared instances, so legal_actions() builds no new objects.
REVEALS = tuple(Reveal(c) for c in CELL_LIST)
DRIVES = tuple(DriveTo(c) for c in CELL_LIST)
ROTATES = tuple(Rotate(r) for r in range(4))
FINISH = Finish()
SWAPS = {(i, j): Swap(CELL_LIST[i], CELL_LIST[j]) for i in range(CELLS) for j in range(i + 1, CELLS)}


def parse_action(text: object) -> RunAction:
    """An action from its text (any case; ``"drive to B3"`` also reads), or the action itself."""
    if isinstance(text, ACTION_TYPES):
        return text
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        inputs.fail(TileError, _("A Rally Run action"),
                    _("text like {forms}, or a Reveal, Rotate, DriveTo, Finish or Swap").format(forms=_(FORMS)),
                    text, "'reveal B3'")
    words = text.strip().replace(",", " ").split()
    if [w.lower() for w in words[:2]] == ["drive", "to"]:
        words = ["drive"] + words[2:]
    verb, args = (words[0].lower(), words[1:]) if words else ("", [])  # cells are case-blind already
    try:
        if verb == "reveal" and len(args) == 1:
            return Reveal(Cell.parse(args[0]))
        if verb == "drive" and len(args) == 1:
            return DriveTo(Cell.parse(args[0]))
        if verb == "swap" and len(args) == 2:
            return Swap(Cell.parse(args[0]), Cell.parse(args[1]))
        if verb == "finish" and not args:
            return FINISH
        if verb == "rotate" and len(args) == 1:
            return ROTATES[inputs.whole_text(args[0], _(ROTATION), 0, 3, TileError)]
    except TileError as err:
        raise TileError(_("In {text}: {problem}").format(text=repr(text), problem=err)) from None
    inputs.fail(TileError, _("A Rally Run action"), _(FORMS), text, "'reveal B3'")


__all__ = ["Reveal", "Rotate", "DriveTo", "Finish", "Swap", "RunAction", "parse_action"]
