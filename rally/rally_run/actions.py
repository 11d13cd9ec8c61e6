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
the board is refused when the action is made. The text form is the same in every
language (the program reads it back); :meth:`words` says the action in the language
spoken (German ``"B3 aufdecken"``), and :func:`parse_action` reads those words too.

>>> from rally.rally_run import parse_action, Swap
>>> parse_action("swap d4 b2")
Swap(Cell.parse('B2'), Cell.parse('D4'))
>>> str(parse_action("Drive to C3"))
'drive C3'
>>> parse_action("B3 aufdecken") == Reveal("B3"), parse_action("nach C3 fahren").words()
(True, 'drive C3')
>>> parse_action("rotate ٣")
Traceback (most recent call last):
...
rally.common.errors.TileError: In 'rotate ٣': A rotation (in quarter turns clockwise) must be a whole number from 0 to 3 written in the digits 0-9, like 0, not “٣”.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from ..common import inputs
from ..common.errors import TileError
from ..common.i18n import N_, _, available_languages, language, pgettext
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

    def words(self) -> str:
        """The action in words, in the language spoken: ``"reveal B3"`` (``"B3 aufdecken"``)."""
        return _action_words()["reveal"].format(cell=self.cell)

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

    def words(self) -> str:
        """The action in words, in the language spoken: ``"rotate 1"`` (``"Drehung 1"``)."""
        return _action_words()["rotate"].format(r=self.rotation)

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

    def words(self) -> str:
        """The action in words, in the language spoken: ``"drive C3"`` (``"nach C3 fahren"``)."""
        return _action_words()["drive"].format(cell=self.cell)

    def __repr__(self) -> str:
        return f"DriveTo({self.cell!r})"


@dataclass(frozen=True)
class Finish:
    """Drive onto the start-finish tile of your trophy's color (from its corner cell)."""

    def __str__(self) -> str:
        return "finish"

    def words(self) -> str:
        """The action in words, in the language spoken: ``"finish"`` (``"ins Ziel fahren"``)."""
        return _action_words()["finish"]

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

    def words(self) -> str:
        """The action in words, in the language spoken: ``"swap B2 D4"`` (``"B2 und D4 vertauschen"``)."""
        return _action_words()["swap"].format(a=self.a, b=self.b)

    def __repr__(self) -> str:
        return f"Swap({self.a!r}, {self.b!r})"


RunAction = Union[Reveal, Rotate, DriveTo, Finish, Swap]
ACTION_TYPES = (Reveal, Rotate, DriveTo, Finish, Swap)
# TRANSLATORS: the actions in quotes are what the program reads: the English forms always
# work; write them as the actions in words of this language say them ("B3 aufdecken").
FORMS = N_("'reveal B3', 'rotate 1', 'drive C3', 'finish' or 'swap B2 D4'")


def _action_words() -> dict[str, str]:
    """The templates of the actions in words, in the language spoken."""
    return {
        # TRANSLATORS: an action in Rally Run, shown on buttons and in sentences, and read back
        # when typed: {cell} is a cell like B3. Keep each action's words distinct.
        "reveal": pgettext("action", "reveal {cell}"),
        # TRANSLATORS: lay the tile just turned up at rotation {r} (0-3 quarter turns clockwise).
        "rotate": pgettext("action", "rotate {r}"),
        "drive": pgettext("action", "drive {cell}"),
        # TRANSLATORS: drive onto the start-finish tile of your trophy's color and win.
        "finish": pgettext("action", "finish"),
        "swap": pgettext("action", "swap {a} {b}"),
    }


def _action_patterns() -> list[tuple[str, "re.Pattern[str]"]]:
    """Every action's words in every language rally speaks, as patterns to read them back."""
    if not _PATTERNS:
        for lang in available_languages():
            with language(lang):
                templates = _action_words()
            for kind, template in templates.items():
                pattern = re.escape(" ".join(template.lower().split())).replace(r"\ ", r"\s+")
                for field in ("cell", "a", "b", "r"):
                    pattern = pattern.replace(re.escape("{" + field + "}"), r"(\S+)")
                _PATTERNS.append((kind, re.compile(pattern + "$")))
    return _PATTERNS


_PATTERNS: list[tuple[str, "re.Pattern[str]"]] = []

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
    if verb not in ("reveal", "drive", "swap", "finish", "rotate"):  # the action in another language's words
        said = " ".join(w.lower() for w in words)
        for kind, pattern in _action_patterns():
            match = pattern.match(said)
            if match:
                verb, args = kind, list(match.groups())
                break
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
