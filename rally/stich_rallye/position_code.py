"""A what-if position written out and read back: as JSON, and as a one-line code.

The code is safe to paste in a chat or a URL (letters, digits and ``. _ - ~ %``); both
forms hold everything a position is, and reading either checks it again.

>>> from rally import Position
>>> p = Position.new(positions=[0, 0, 0], hand="R2 G5 B9 B3 R7")
>>> position_code(p)
'SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R2.R7.G5.B3.B9'
>>> Position.new(**read_code(position_code(p))) == p
True

This module knows a position by its fields alone (:class:`PositionFields`); reading
gives the arguments that make one, checked when :class:`~rally.Position` is made.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Protocol, TypedDict
from urllib.parse import quote, unquote

from ..common import inputs
from .cards import ROUNDS, read_cards
from ..common.errors import PositionError, SetupError
from ..common.i18n import N_, _
from .motor import DEFAULT_DIAL, MAX_DIAL_POSITIONS, MAX_DIAL_VALUE
from .movement import MAX_PROGRESS
from .serialization import read_track
from .cards import Card
from .track import TRACKS, Track

FORMAT = "stich-rallye-position/1"
CODE_VERSION = "SR1"
#: The fields of a position code, in the order they are written.
#: (Each description is marked for the catalogs: translate it where it is shown, ``_(CODE_FIELDS[key])``.)
CODE_FIELDS = {
    "T": N_("the track (a built-in name or track text)"),
    "D": N_("the dial values, when not the default"),
    "N": N_("the names, when not the default"),
    "R": N_("the round"),
    "F": N_("the flag holder's seat"),
    "P": N_("each car's progress"),
    "M": N_("each motor's dial position"),
    "C": N_("the cards of the trick so far"),
    "H": N_("a known hand: its seat, then its cards"),
    "X": N_("the earlier tricks' cards of this round, in the order played"),
}
#: What a code may hold: letters, digits and ``. _ - ~ %`` (no spaces, commas or tabs).
_CODE_TEXT = re.compile(r"[A-Za-z0-9._~%-]+")
_KEYS = ("format", "track", "track_name", "dial", "names", "round", "flag", "positions", "motors", "trick",
         "hands", "played")



class PositionFields(Protocol):
    """What a position is, as this module reads it: :class:`~rally.Position`'s fields."""

    @property
    def track(self) -> Track: ...
    @property
    def positions(self) -> tuple[int, ...]: ...
    @property
    def motors(self) -> tuple[int, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...] | None, ...]: ...
    @property
    def round(self) -> int: ...
    @property
    def flag(self) -> int: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def played(self) -> tuple[Card, ...]: ...
    @property
    def dial(self) -> tuple[int, ...]: ...
    @property
    def names(self) -> tuple[str, ...] | None: ...


class NewArguments(TypedDict):
    """The arguments of :meth:`Position.new <rally.Position.new>` a code holds."""

    track: str
    positions: list[int]
    motors: list[int]
    round: int
    flag: int
    trick: str
    hands: dict[int, str]
    played: str
    dial: list[int]
    names: list[str] | None


def position_to_dict(position: PositionFields) -> dict[str, Any]:
    """``position`` as JSON-ready data, in the format :data:`FORMAT`."""
    return {
        "format": FORMAT,
        "track": str(position.track),
        "track_name": position.track.name,
        "dial": list(position.dial),
        "names": None if position.names is None else list(position.names),
        "round": position.round,
        "flag": position.flag,
        "positions": list(position.positions),
        "motors": list(position.motors),
        "trick": [str(c) for c in position.trick],
        "hands": [None if h is None else [str(c) for c in h] for h in position.hands],
        "played": [str(c) for c in position.played],
    }


def position_to_json(position: PositionFields, indent: int | None = None) -> str:
    """``position`` as JSON text; :func:`read_json` reads it back."""
    return inputs.json_text(position_to_dict(position), indent, SetupError)


def read_json(text: str) -> dict[str, Any]:
    """The fields of a position (:class:`~rally.Position`'s arguments, by name) from
    :func:`position_to_json` text; a text that is not such JSON raises
    :class:`PositionError`."""
    data = inputs.json_object(text, _("A position in JSON"), _KEYS, PositionError, "Position.to_json()")
    if data["format"] != FORMAT:
        inputs.fail(PositionError, _("A position's format"), repr(FORMAT), data["format"])
    hands = inputs.sequence(data["hands"], _("The hands"), PositionError, "[['G11'], None, ...]", 5)
    return {
        "track": read_track(data["track"], data["track_name"]),
        "positions": tuple(inputs.sequence(data["positions"], _("The cars' progress"), PositionError, "[0, 3, 7]", 5)),
        "motors": tuple(inputs.sequence(data["motors"], _("The motors"), PositionError, "[0, 2, 1]", 5)),
        "hands": tuple(None if h is None else read_cards(h, _("A hand")) for h in hands),
        "round": data["round"], "flag": data["flag"], "trick": read_cards(data["trick"], _("The trick")),
        "played": read_cards(data["played"], _("The earlier tricks' cards")),
        "dial": tuple(inputs.sequence(data["dial"], _("The dial"), PositionError, str(list(DEFAULT_DIAL)),
                                      MAX_DIAL_POSITIONS)),
        "names": None if data["names"] is None else
        tuple(inputs.sequence(data["names"], _("The names"), PositionError, "['Ada', 'Bo', 'Cy']", 5)),
    }


def position_code(position: PositionFields) -> str:
    """The position as one line of letters, digits and ``. _ - ~ %``, safe to paste
    in a chat or a URL; :func:`read_code` reads it back. Fields are separated by
    ``_``: ``SR1`` then ``T`` track, ``D`` dial (if not the default), ``N`` names
    (if given), ``R`` round, ``F`` flag holder, ``P`` progress, ``M`` motors,
    ``C`` trick, one ``H<seat>`` per known hand, ``X`` earlier cards (if any)."""
    track = position.track.name if TRACKS.get(position.track.name) == position.track else str(position.track)
    fields = [CODE_VERSION, "T" + track]
    if position.dial != DEFAULT_DIAL:
        fields.append("D" + ".".join(map(str, position.dial)))
    if position.names is not None:
        fields.append("N" + ".".join(_escape(name) for name in position.names))
    fields += [f"R{position.round}", f"F{position.flag}", "P" + ".".join(map(str, position.positions)),
               "M" + ".".join(map(str, position.motors)), "C" + ".".join(map(str, position.trick))]
    fields += [f"H{s}" + ".".join(map(str, h)) for s, h in enumerate(position.hands) if h is not None]
    if position.played:
        fields.append("X" + ".".join(map(str, position.played)))
    return "_".join(fields)


def read_code(code: str) -> NewArguments:
    """The arguments of :meth:`Position.new <rally.Position.new>` that :func:`position_code`
    text holds; a bad code raises :class:`PositionError` saying which field is wrong."""
    example = "SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8"
    text = inputs.text(code, _("A position code"), PositionError, example, inputs.MAX_TEXT_CHARS).strip()
    fields = text.split("_")
    if fields[0] != CODE_VERSION:
        raise PositionError(_("A position code starts with {version}_, like {example}; this one starts {start}.")
                            .format(version=CODE_VERSION, example=repr(example),
                                    start=inputs.shown(fields[0], 12)))
    values: dict[str, str] = {}
    hands: dict[int, str] = {}
    for field in fields[1:]:
        key, value = field[:1], field[1:]
        if key not in CODE_FIELDS:
            # TRANSLATORS: {fields} lists each field's letter with what it holds: "T (the track ...), ...".
            raise PositionError(_("{field} is not a field of a position code; fields start with {fields}.").format(
                field=inputs.shown(field, 20), fields=_fields(CODE_FIELDS)))
        if value and not _CODE_TEXT.fullmatch(value):
            raise PositionError(_("The field {key} ({field}) may hold only the letters A-Z, the digits "
                                  "0-9 and . - ~ %, not {given}.").format(
                key=key, field=_(CODE_FIELDS[key]), given=inputs.shown(value, 20)))
        if key == "H":
            seat = inputs.whole_text(
                value[:1], _("A hand field's seat (H, the seat, then the cards, like H2G3.G9)"), 0, 4, PositionError)
            if seat in hands:
                raise PositionError(_("The hand of seat {seat} (H{seat}) appears twice.").format(seat=seat))
            hands[seat] = value[1:]
            continue
        if key in values:
            raise PositionError(_("The field {key} ({field}) appears twice.").format(
                key=key, field=_(CODE_FIELDS[key])))
        values[key] = value
    missing = [k for k in "TRFPMC" if k not in values]
    if missing:
        # TRANSLATORS: {fields} lists each missing field's letter with what it holds: "R (the round), ...".
        raise PositionError(_("The code lacks {fields}.").format(
            fields=_fields({k: CODE_FIELDS[k] for k in missing})))
    dial = _numbers(values["D"], "D", MAX_DIAL_VALUE) if "D" in values else list(DEFAULT_DIAL)
    return NewArguments(
        track=values["T"], positions=_numbers(values["P"], "P", MAX_PROGRESS),
        motors=_numbers(values["M"], "M", MAX_DIAL_POSITIONS - 1), round=_number(values["R"], "R", ROUNDS, 1),
        flag=_number(values["F"], "F", 4), trick=values["C"].replace(".", " "),
        hands={seat: text.replace(".", " ") for seat, text in hands.items()},
        played=values.get("X", "").replace(".", " "),
        dial=dial, names=[_unescape(x) for x in values["N"].split(".")] if "N" in values else None,
    )


def _fields(described: Mapping[str, str]) -> str:
    """``"T (the track ...), R (the round)"``: fields of a position code and what each holds."""
    return _(", ").join(f"{k} ({_(v)})" for k, v in described.items())


def _number(text: str, key: str, high: int, low: int = 0) -> int:
    return inputs.whole_text(text, _("The field {key} ({field})").format(key=key, field=_(CODE_FIELDS[key])),
                             low, high, PositionError)


def _numbers(text: str, key: str, high: int) -> list[int]:
    return [_number(part, key, high) for part in text.split(".")[:MAX_DIAL_POSITIONS + 1]]


def _unescape(text: str) -> str:
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        names = CODE_FIELDS["N"]
        raise PositionError(_("The field N ({field}) holds {given}, which is not a name escaped as a position code "
                              "writes it.").format(field=_(names), given=inputs.shown(text, 20))) from None


def _escape(name: str) -> str:
    return quote(name, safe="").replace(".", "%2E").replace("_", "%5F")


