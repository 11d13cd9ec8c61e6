"""Reading what people and files hand the engine: the one place that checks raw input.

Every constructor and parser in :mod:`rally` reads its numbers, names, texts and JSON
through these functions, so bad input always gets the same kind of answer: a
:class:`ValueError` subclass (the caller says which) whose message says what was
wrong and what would be right, in one style::

    <what> must be <what would be right>, like <an example>, not <what was given>.

``what`` and the rule are noun phrases, each translated where it is written (``_("The
number of players")``); the sentence around them is one template (:mod:`rally.common.i18n`).

Every value is bounded, so no input can make the engine run away: whole numbers have
a range, texts a length, JSON a size and a depth.

>>> from rally.common.inputs import whole, whole_text
>>> from rally.common.errors import SetupError
>>> whole(3, "The number of players", 3, 5, SetupError)
3
>>> whole(True, "The number of players", 3, 5, SetupError)
Traceback (most recent call last):
...
rally.common.errors.SetupError: The number of players must be a whole number from 3 to 5, like 3, not True.
>>> whole_text("٣", "The round", 1, 3, SetupError)
Traceback (most recent call last):
...
rally.common.errors.SetupError: The round must be a whole number from 1 to 3 written in the digits 0-9, like 1, not “٣”.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

from .errors import RuleError
from .i18n import _, decimal, join_words, ngettext, shown  # shown: how a message shows a value (lives in i18n)

ErrorType = type[RuleError]
T = TypeVar("T")

#: The largest seed: seeds are 64-bit, which is plenty of different games.
MAX_SEED = 2**64 - 1
#: Names are short words a table would write on a score sheet.
MAX_NAME_LENGTH = 40
#: Saved games and positions: the largest JSON text read, and how deeply it may nest.
MAX_JSON_CHARS = 4_000_000
MAX_JSON_DEPTH = 12
#: Any one line of text the engine reads (a card list, a track, an action, a code).
MAX_TEXT_CHARS = 4_000
#: Default player names, by seat (alphabetical, so seat order is easy to follow). Rally Run names
#: its seats by car color instead, each name keeping its car color from here
#: (:data:`rally.rally_run.NAMES_BY_COLOR`, decision R14).
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")


def fail(error: ErrorType, what: str, rule: str, value: object, example: object = None) -> NoReturn:
    """Raise ``error`` in the house style: what must hold, an example, what was given."""
    if example is None:
        raise error(_("{what} must be {rule}, not {given}.").format(what=what, rule=rule, given=shown(value)))
    raise error(_("{what} must be {rule}, like {example}, not {given}.").format(
        what=what, rule=rule, example=example, given=shown(value)))


def is_whole(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (``True == 1`` must not pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_rule(low: int, high: int | None) -> str:
    if high is None:
        return _("a whole number of {low} or more").format(low=low)
    return _("a whole number from {low} to {high}").format(low=low, high=high)


def whole(value: object, what: str, low: int, high: int, error: ErrorType, example: object = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``error``."""
    if is_whole(value) and low <= value <= high:  # type: ignore[operator]
        return value  # type: ignore[return-value]
    fail(error, what, _whole_rule(low, high), value, low if example is None else example)


def number(value: object, what: str, low: float, high: float, error: ErrorType, example: object = None) -> float:
    """``value`` if it is a number (int or float, not bool, not NaN) from ``low`` to ``high``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
        return float(value)
    fail(error, what, _("a number from {low} to {high}").format(low=decimal(low, None), high=decimal(high, None)), value,
         low if example is None else example)


def whole_text(text: object, what: str, low: int, high: int, error: ErrorType, example: object = None) -> int:
    """A whole number written in the ASCII digits 0-9 (no sign, no other script's
    digits), from ``low`` to ``high``; never builds a number longer than ``high``."""
    if (isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= len(str(high))
            and low <= int(text) <= high):
        return int(text)
    fail(error, what, _("{rule} written in the digits 0-9").format(rule=_whole_rule(low, high)), text,
         low if example is None else example)


def seat(value: object, players: int, error: ErrorType, what: str | None = None) -> int:
    """A seat number of a game of ``players``: 0 to ``players - 1``."""
    if type(value) is int and 0 <= value < players:  # checked first: the words are looked up only when wrong
        return value
    return whole(value, _("A seat") if what is None else what, 0, players - 1, error)


def seed(value: object, error: ErrorType, what: str | None = None) -> int:
    """A seed: a whole number from 0 to :data:`MAX_SEED` that fixes every random choice."""
    if type(value) is int and 0 <= value <= MAX_SEED:  # checked first: the words are looked up only when wrong
        return value
    return whole(value, _("The seed") if what is None else what, 0, MAX_SEED, error, 42)


def text(value: object, what: str, error: ErrorType, example: str, limit: int = MAX_TEXT_CHARS) -> str:
    """``value`` if it is a ``str`` of at most ``limit`` characters (bytes are refused:
    the engine reads text, and decoding is the caller's choice)."""
    if isinstance(value, str) and len(value) <= limit:
        return value
    rule = _("text (a str)") if not isinstance(value, str) else _("text of at most {limit} characters").format(
        limit=limit)
    fail(error, what, rule, value, repr(example))


def sequence(value: object, what: str, error: ErrorType, example: str, limit: int) -> list[Any]:
    """The items of a list or tuple of at most ``limit`` items. Strings, bytes, sets,
    dicts and iterators are refused: their order or their items would be a guess."""
    if isinstance(value, (list, tuple)) and len(value) <= limit:
        return list(value)
    rule = (ngettext("a list of at most {limit} item", "a list of at most {limit} items", limit).format(limit=limit)
            if isinstance(value, (list, tuple)) else _("a list"))
    fail(error, what, rule, value, example)


def instance(value: object, kind: type[T], what: str, error: ErrorType, example: str) -> T:
    """``value`` if it is a ``kind``: an object rally makes (a game, an event, a move) that
    a caller hands back, else ``error``.

    >>> from rally.common.errors import SetupError
    >>> instance(None, random.Random, "The random generator", SetupError, "random.Random(0)")
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The random generator must be an object of type Random, like random.Random(0), not None.
    """
    if isinstance(value, kind):
        return value
    # TRANSLATORS: {type} is the name of a class of the program (Game, Move, Random): keep it.
    fail(error, what, _("an object of type {type}").format(type=kind.__name__), value, example)


def generator(value: object, error: ErrorType) -> random.Random:
    """``value`` if it is a :class:`random.Random`: what bots and playouts draw from,
    made by the caller from a seed (``random.Random(7)``) so a game can be played again.

    >>> from rally.common.errors import SetupError
    >>> generator(7, SetupError)
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The random generator must be an object of type Random, like random.Random(0), not 7.
    """
    if isinstance(value, random.Random):  # checked first: bots and playouts ask on every move
        return value
    return instance(value, random.Random, _("The random generator"), error, "random.Random(0)")


def seat_names(value: object, seats: int, error: ErrorType) -> Sequence[str]:
    """``value`` if it is a list or tuple of texts naming each seat from 0 to ``seats - 1``
    (more are fine: a game's names), as the words of an event or a move take them.

    >>> from rally.common.errors import SetupError
    >>> seat_names(["Ada", "Bo"], 3, SetupError)
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The names must be a list of texts with a name for each seat from 0 to 2, like ['Ada', 'Bo', 'Cy'], not ['Ada', 'Bo'].
    """
    if isinstance(value, (list, tuple)) and len(value) >= seats:  # a name that is no text is shown as it is
        return value
    rule = (_("a list of texts with a name for each seat from 0 to {last}").format(last=seats - 1) if seats else
            _("a list of texts, a name for each seat"))
    fail(error, _("The names"), rule, value, repr(list(DEFAULT_NAMES[:max(seats, 2)])))


def people(value: object, seat: int | None, players: int, error: ErrorType) -> list[int]:
    """The seats people play at one screen, in seat order: different seats from 0 to
    ``players - 1``, among them ``seat`` (the seat shown first) when one is given.
    ``None`` gives ``[seat]`` (``[0]`` without a seat).

    >>> from rally.common.errors import SetupError
    >>> people([2, 0], None, 4, SetupError)
    [0, 2]
    """
    if value is None:
        return [0 if seat is None else seat]
    if not (isinstance(value, (list, tuple)) and 1 <= len(value) <= players
            and all(is_whole(p) and 0 <= p < players for p in value) and len(set(value)) == len(value)):
        raise error(_("The people's seats are a list of different seats from 0 to {last}, like [0, 2], "
                      "not {given}.").format(last=players - 1, given=shown(value)))
    if seat is not None and seat not in value:
        raise error(_("The seat shown first, {seat}, must be one of the people's seats, {given}.").format(
            seat=seat, given=shown(value)))
    return sorted(value)


def names(value: object, players: int, error: ErrorType, defaults: Sequence[str] = DEFAULT_NAMES) -> tuple[str, ...]:
    """One different, non-empty name per player, each at most :data:`MAX_NAME_LENGTH`
    printable characters; ``None`` gives the first ``players`` of ``defaults``."""
    if value is None:
        return tuple(defaults[:players])
    example = join_words(defaults[:players])
    items = sequence(value, _("The names"), error, example, players)
    if len(items) != players:
        given = join_words([item if isinstance(item, str) else shown(item) for item in items])
        raise error(ngettext("The game needs {n} different name, one per player, such as {example}, not {given}.",
                             "The game needs {n} different names, one per player, such as {example}, not {given}.",
                             players).format(n=players, example=example, given=given or _("none")))
    for item in items:
        if not (isinstance(item, str) and item.strip() and len(item) <= MAX_NAME_LENGTH and item.isprintable()):
            fail(error, _("Each name"), _("printable text of 1 to {limit} characters").format(limit=MAX_NAME_LENGTH),
                 item, defaults[0])
    if len(set(items)) != players:
        twice = next(name for i, name in enumerate(items) if name in items[:i])
        raise error(_("Each player needs a different name, such as {example}: {name} is there more than once.")
                    .format(example=example, name=twice))
    return tuple(items)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(source: str) -> int:
    """How deeply the arrays and objects of JSON text nest (strings skipped)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", source)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _number(token: str) -> int:
    if len(token.lstrip("-")) > 20:
        raise ValueError(_("a number of {digits} digits").format(digits=len(token)))
    return int(token)


def _no_float(token: str) -> NoReturn:
    raise ValueError(_("the number {number}, which is not whole").format(number=token[:20]))


def json_object(source: object, what: str, keys: Sequence[str], error: ErrorType, made_by: str) -> dict[str, Any]:
    """Read JSON text (a ``str`` of at most :data:`MAX_JSON_CHARS` characters, nested at
    most :data:`MAX_JSON_DEPTH` deep, whole numbers of at most 20 digits, no fractions or
    NaN) holding an object with exactly ``keys``; ``made_by`` names what writes it."""
    if not isinstance(source, str):
        raise error(_("{what} must be text (a str), as {made_by} gives it, not {given}.").format(
            what=what, made_by=made_by, given=shown(source)))
    src = text(source, what, error, _("the text {made_by} gives").format(made_by=made_by), MAX_JSON_CHARS)
    if _depth(src) > MAX_JSON_DEPTH:
        raise error(_("{what} nests deeper than {depth} levels; use the text {made_by} gives.").format(
            what=what, depth=MAX_JSON_DEPTH, made_by=made_by))
    try:
        data = json.loads(src, parse_int=_number, parse_float=_no_float, parse_constant=_no_float)
    except json.JSONDecodeError as err:
        # TRANSLATORS: {problem} is Python's own description of the JSON error, in English.
        raise error(_("{what} is not JSON ({problem} at line {line}, column {column}); use the text {made_by} gives.")
                    .format(what=what, problem=err.msg, line=err.lineno, column=err.colno, made_by=made_by)) from None
    except ValueError as err:
        raise error(_("{what} holds {found}; use the text {made_by} gives.").format(
            what=what, found=err, made_by=made_by)) from None
    return fields(data, what, keys, error)


def json_text(data: object, indent: object, error: ErrorType) -> str:
    """``data`` as JSON text: on one line, or with ``indent`` spaces a level (a whole
    number from 0 to 8), as the ``to_json`` of games and positions write it.

    >>> from rally.common.errors import SetupError
    >>> json_text({"seat": 1}, None, SetupError)
    '{"seat": 1}'
    >>> json_text({"seat": 1}, True, SetupError)
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The indent must be None (one line) or a whole number from 0 to 8, like 2, not True.
    """
    if indent is not None and not (is_whole(indent) and 0 <= indent <= 8):  # type: ignore[operator]
        fail(error, _("The indent"), _("None (one line) or a whole number from 0 to 8"), indent, 2)
    return json.dumps(data, indent=indent)  # type: ignore[arg-type]


def fields(data: object, what: str, keys: Sequence[str], error: ErrorType) -> dict[str, Any]:
    """``data`` if it is a dict with exactly ``keys``; else ``error`` naming the missing
    and unknown keys."""
    if not isinstance(data, Mapping):
        fail(error, what, _("a JSON object with the keys {keys}").format(keys=", ".join(keys)), data)
    missing = ", ".join(k for k in keys if k not in data)
    unknown = ", ".join([shown(k, 20) for k in data if k not in keys][:5])
    if missing and unknown:
        template = _("{what} has the keys {keys}: this one has missing {missing}; unknown {unknown}.")
    elif missing:
        template = _("{what} has the keys {keys}: this one has missing {missing}.")
    elif unknown:
        template = _("{what} has the keys {keys}: this one has unknown {unknown}.")
    if missing or unknown:
        raise error(template.format(what=what, keys=", ".join(keys), missing=missing, unknown=unknown))
    return dict(data)


def one_of(value: object, what: str, choices: Iterable[str], error: ErrorType) -> str:
    """``value`` if it is one of the strings ``choices``."""
    options = list(choices)
    if isinstance(value, str) and value in options:
        return value
    fail(error, what, _("one of {choices}").format(choices=", ".join(repr(c) for c in options)), value,
         repr(options[0]))


def flag(value: object, what: str, error: ErrorType) -> bool:
    """``value`` if it is ``True`` or ``False`` (``'no'`` or ``0`` would be a guess)."""
    if isinstance(value, bool):
        return value
    fail(error, what, _("True or False"), value, "True")


__all__ = [
    "DEFAULT_NAMES", "MAX_SEED", "MAX_NAME_LENGTH", "MAX_JSON_CHARS", "MAX_JSON_DEPTH", "MAX_TEXT_CHARS",
    "shown", "fail", "is_whole", "whole", "number", "whole_text", "seat", "seed", "text", "sequence", "instance",
    "generator", "seat_names", "names",
    "json_object", "json_text", "fields", "one_of", "flag",
]
