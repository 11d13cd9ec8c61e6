"""How rally things look: car colors, card faces, lap labels.

Display choices only; no rule lives here. Every card face carries its letter and a
symbol and pattern as well as its color, so nothing depends on color alone.

>>> from rally import Card
>>> face = card_face(Card.parse("G11"))
>>> face["code"], face["letter"], face["symbol"], face["pattern"], face["words"]
('G11', 'G', '♣', 'dots', 'green 11')
>>> lap_label(0, 31), lap_label(40, 31), lap_label(62, 31)
('lap 1 · yellow side', 'lap 2 · red side', 'finished · red side')
>>> short_labels(["Ada", "Bo", "Ann"])
['Ad', 'B', 'An']
"""

from __future__ import annotations

from typing import Sequence

from rally import CAR_COLORS, Card, Color

from .i18n import N_, _

#: Screen colors for the car colors of :data:`rally.CAR_COLORS`.
CAR_HEX: dict[str, str] = {
    "white": "#ffffff",
    "red": "#d7263d",
    "yellow": "#f6c90e",
    "purple": "#7b2cbf",
    "blue": "#1d4ed8",
}
#: Text color that reads well on each car color.
CAR_TEXT_HEX: dict[str, str] = {
    "white": "#111111",
    "red": "#ffffff",
    "yellow": "#111111",
    "purple": "#ffffff",
    "blue": "#ffffff",
}
#: A dark outline, so a white car shows on a white page.
OUTLINE_HEX = "#1f2937"

#: The two sides of a motor's number disc.
SIDE_HEX: dict[str, str] = {"yellow": "#f6c90e", "red": "#d7263d"}

#: Per card color: a suit-like symbol and a CSS pattern name, so colors never stand alone.
CARD_SYMBOLS: dict[Color, str] = {Color.RED: "♦", Color.GREEN: "♣", Color.BLUE: "♠"}
CARD_PATTERNS: dict[Color, str] = {Color.RED: "stripes", Color.GREEN: "dots", Color.BLUE: "plain"}
#: Per card color: its key, the same in every language (the card faces' CSS classes,
#: ``rally-card--red``..., are made from it; never from the translated word).
CARD_KEYS: dict[Color, str] = {Color.RED: "red", Color.GREEN: "green", Color.BLUE: "blue"}


#: The cars in words, by car color (translated where shown: :func:`car_words`).
CAR_WORDS: dict[str, str] = {
    "white": N_("white car"),
    "red": N_("red car"),
    "yellow": N_("yellow car"),
    "purple": N_("purple car"),
    "blue": N_("blue car"),
}

#: The label of a motor's side after 0, 1 and 2 completed laps (:func:`laps_label`).
LAPS_LABELS = (N_("lap 1 · yellow side"), N_("lap 2 · red side"), N_("finished · red side"))


def car_color(seat: int) -> str:
    """The color word of ``seat``'s car: ``car_color(2) == "yellow"`` (a key, as in
    :data:`CAR_HEX`; :func:`car_words` says it in the language spoken)."""
    return CAR_COLORS[seat]


def car_words(seat: int) -> str:
    """``seat``'s car in words, in the language spoken: ``car_words(2) == "yellow car"``."""
    return _(CAR_WORDS[CAR_COLORS[seat]])


def card_face(card: Card) -> dict[str, object]:
    """Plain data for drawing one card face (what the anywidgets receive). ``color`` is a
    key, the same in every language (``"red"``, ``"green"``, ``"blue"``: the faces' CSS
    classes ``rally-card--red``... are made from it); ``color_word`` says it in the
    language spoken."""
    return {
        "code": str(card),
        "value": card.value,
        "color": CARD_KEYS[card.color],
        "letter": card.color.letter,
        "symbol": CARD_SYMBOLS[card.color],
        "pattern": CARD_PATTERNS[card.color],
        "words": card.describe(),
        "color_word": card.color.word,
    }


def laps_done(progress: int, track_length: int) -> int:
    """Laps a car has completed (the project's reading of progress, as in ``Game.laps``)."""
    return progress // track_length


def motor_side(laps: int) -> str:
    """``"yellow"`` before the first completed lap, ``"red"`` from then on."""
    return "red" if laps >= 1 else "yellow"


def laps_label(laps: int) -> str:
    """``"lap 2 · red side"``: the lap being driven (after ``laps`` completed) and the motor
    side, in the language spoken (:func:`motor_side` gives the side as a key)."""
    return _(LAPS_LABELS[min(max(laps, 0), 2)])


def lap_label(progress: int, track_length: int) -> str:
    """``"lap 1 · yellow side"``: :func:`laps_label` for a car's progress."""
    return laps_label(laps_done(progress, track_length))


def short_labels(names: Sequence[str]) -> list[str]:
    """A short label per name for car markers: the initial, or two letters where
    initials clash."""
    initials = [name.strip()[:1].upper() for name in names]
    out = []
    for name, initial in zip(names, initials):
        clash = initials.count(initial) > 1
        out.append(name.strip()[:2].capitalize() if clash else initial)
    return out
