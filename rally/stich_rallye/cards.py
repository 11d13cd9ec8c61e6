"""Cards, colors and the deck for each player count (rulings S2 and S3).

>>> from rally import Card, Color, deck
>>> card = Card.parse("g11")
>>> card, card.color, card.value
(Card.parse('G11'), <Color.GREEN: 1>, 11)
>>> str(card)
'G11'
>>> len(deck(3)), len(deck(4)), len(deck(5))
(27, 36, 45)
"""

from __future__ import annotations

import enum
import hashlib
import struct
from bisect import bisect_left
from typing import Iterable

from ..common import inputs
from ..common.errors import CardError, PositionError, RuleError, SetupError
from ..common.i18n import _, language, pgettext

MIN_PLAYERS = 3
MAX_PLAYERS = 5

#: Cards dealt to each player in rounds 1, 2 and 3 (ruling S3).
HAND_SIZES = (5, 7, 9)
ROUNDS = len(HAND_SIZES)

#: Lowest and highest card value in play, by player count (ruling S2).
VALUE_RANGES = {3: (2, 10), 4: (2, 13), 5: (1, 15)}


class Color(enum.IntEnum):
    """A card color. Each has a letter, so that cards never depend on color alone."""

    RED = 0
    GREEN = 1
    BLUE = 2

    @property
    def letter(self) -> str:
        """``"R"``, ``"G"`` or ``"B"``."""
        return "RGB"[self]

    @property
    def word(self) -> str:
        """The color as a word for sentences, in the language spoken: ``"green"``."""
        return (pgettext("color", "red"), pgettext("color", "green"), pgettext("color", "blue"))[self]

    @classmethod
    def from_letter(cls, letter: str) -> "Color":
        """The color for a letter, case-blind: ``Color.from_letter("g") is Color.GREEN``."""
        index = "RGB".find(letter.upper()) if isinstance(letter, str) and len(letter) == 1 else -1
        if index < 0:
            raise CardError(_("{given} is not a color: use R (red), G (green) or B (blue).").format(
                given=inputs.shown(letter)))
        return cls(index)


def card_code(color: int, value: int) -> int:
    """The small integer the engine uses for a card: ``color * 16 + value``."""
    return color * 16 + value


class Card(tuple[Color, int]):
    """One card: a color and a value from 1 to 15. Immutable, hashable and ordered
    (by color R < G < B, then value), so a sorted hand groups its colors.

    >>> Card(Color.BLUE, 7) == Card.parse("B7")
    True
    >>> sorted(Card.parse(t) for t in ["B7", "R5", "G3"])
    [Card.parse('R5'), Card.parse('G3'), Card.parse('B7')]
    """

    __slots__ = ()

    def __new__(cls, color: Color | int, value: int) -> "Card":
        if not (inputs.is_whole(color) and 0 <= color <= 2):
            inputs.whole(color, _("A card's color"), 0, 2, CardError, "Color.GREEN")
        if not (inputs.is_whole(value) and 1 <= value <= 15):
            inputs.whole(value, _("A card's value"), 1, 15, CardError, 11)
        return tuple.__new__(cls, (Color(color), value))

    @property
    def color(self) -> Color:
        return self[0]

    @property
    def value(self) -> int:
        return self[1]

    @property
    def code(self) -> int:
        """The engine's integer for this card (see :func:`card_code`)."""
        return self[0] * 16 + self[1]

    @classmethod
    def parse(cls, text: object) -> "Card":
        """Read a card written as a color letter and a value: ``"G11"``, ``"r5"``.

        Anything else raises :class:`CardError` naming the bad text and the right form.
        """
        cleaned = text.strip() if isinstance(text, str) and len(text) <= 40 else ""
        letter, digits = cleaned[:1].upper(), cleaned[1:]
        if letter in ("R", "G", "B") and digits.isascii() and digits.isdigit() and not digits.startswith("0") \
                and len(digits) <= 2 and 1 <= int(digits) <= 15:
            return _CARDS[card_code("RGB".index(letter), int(digits))]
        raise CardError(_("{given} is not a card: write a color letter R, G or B followed by "
                          "a value from 1 to 15, like G11.").format(given=inputs.shown(text)))

    @classmethod
    def from_code(cls, code: int) -> "Card":
        """The card for an engine integer (see :func:`card_code`): ``color * 16 + value``.

        >>> Card.from_code(27)
        Card.parse('G11')
        >>> Card.from_code(0)
        Traceback (most recent call last):
        ...
        rally.common.errors.CardError: A card's code must be a whole number color * 16 + value (red 1-15, green 17-31, blue 33-47), like 27 (G11), not 0.
        """
        card = CARDS.get(code) if type(code) is int else None
        if card is None:
            # TRANSLATORS: a card's code is the engine's number for it; keep "color * 16 + value" as it is.
            rule = _("a whole number color * 16 + value (red 1-15, green 17-31, blue 33-47)")
            inputs.fail(CardError, _("A card's code"), rule, code, "27 (G11)")
        return card

    def __str__(self) -> str:
        return f"{'RGB'[self[0]]}{self[1]}"

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def describe(self, lang: str | None = None) -> str:
        """The card in words: ``"green 11"`` (in ``lang``, default the language spoken)."""
        with language(lang):
            # TRANSLATORS: a card in words: {color} is the color word (red, green, blue), {value} its number.
            return _("{color} {value}").format(color=self[0].word, value=self[1])

    def __reduce__(self) -> tuple[type["Card"], tuple[int, int]]:
        return (Card, (int(self[0]), self[1]))


#: Every card, by its engine code.
CARDS: dict[int, Card] = {
    card_code(_color, _value): tuple.__new__(Card, (_color, _value)) for _color in Color for _value in range(1, 16)
}
_CARDS = CARDS


def check_players(players: object) -> int:
    """Return ``players`` if it is a valid player count (3 to 5), else raise :class:`SetupError`."""
    if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:  # checked first: deck() runs on import
        return players
    return inputs.whole(players, _("The number of players of Stich Rallye"), MIN_PLAYERS, MAX_PLAYERS, SetupError, 4)


def deck(players: int) -> list[Card]:
    """The cards in play for 3, 4 or 5 players, sorted (ruling S2).

    >>> [str(c) for c in deck(3)][:3]
    ['R2', 'R3', 'R4']
    """
    low, high = VALUE_RANGES[check_players(players)]
    return [CARDS[card_code(color, value)] for color in Color for value in range(low, high + 1)]


_DECK_CODES = {n: [c.code for c in deck(n)] for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
#: The 48 keys of a deal from its 384 bytes: native 64-bit unsigned integers, as
#: ``memoryview(...).cast("Q")`` reads them, but faster.
_KEYS = struct.Struct("48Q").unpack


def deal_codes(players: int, seed: int, round: int) -> list[list[list[int]]]:
    """The engine's deal for one round (S3): for each seat, its cards as codes split by
    color, ``[reds, greens, blues]``, each sorted. A pure function of the seed and the
    round, so a saved game needs no random-generator state.

    SHAKE-128 of ``"seed:round"`` gives every card a 64-bit key and the deck is sorted
    by key (a uniform shuffle, and faster in Python than ``random.shuffle``); seat ``s``
    gets the ``s``-th run of hand-size cards, the rest lie aside unseen.
    """
    codes = _DECK_CODES[players]
    k = HAND_SIZES[round - 1]
    keys = list(_KEYS(hashlib.shake_128(b"%d:%d" % (seed, round)).digest(8 * 48)))
    deck = sorted(codes, key=keys.__getitem__)
    hands = []
    for start in range(0, players * k, k):
        # split_by_color() without its copy and call: this runs three times a game.
        hand = deck[start:start + k]
        hand.sort()
        green = bisect_left(hand, 16)
        blue = bisect_left(hand, 32, green)
        hands.append([hand[:green], hand[green:blue], hand[blue:]])
    return hands


def split_by_color(codes: Iterable[int]) -> list[list[int]]:
    """Card codes sorted into the engine's per-color hand: ``[reds, greens, blues]``."""
    hand = sorted(codes)
    green = bisect_left(hand, 16)
    blue = bisect_left(hand, 32, green)
    return [hand[:green], hand[green:blue], hand[blue:]]


def deal(players: int, seed: int, round: int) -> list[list[Card]]:
    """Each player's sorted hand in ``round`` (1-3) of the game with ``seed`` (S3).

    >>> [len(hand) for hand in deal(4, seed=0, round=2)]
    [7, 7, 7, 7]
    """
    check_players(players)
    inputs.seed(seed, SetupError)
    inputs.whole(round, _("The round"), 1, ROUNDS, SetupError)
    return [[CARDS[c] for c in h[0] + h[1] + h[2]] for h in deal_codes(players, seed, round)]


def parse_cards(cards: object) -> list[Card]:
    """Cards from Card objects or text; a string may hold several: ``"G11 R5, B7"``.
    At most 45 cards (every card in play), each parsed by :meth:`Card.parse`."""
    if isinstance(cards, str):
        cards = inputs.text(cards, _("Card text"), CardError, "G11 R5 B7").replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        inputs.fail(CardError, _("The cards"), _("card text or a list of cards"), cards, "'G11 R5 B7'")
    items = inputs.sequence(cards, _("The cards"), CardError, "'G11 R5 B7'", len(CARDS))
    return [c if isinstance(c, Card) else Card.parse(c) for c in items]


def read_cards(value: object, what: str, limit: int = 45) -> tuple[Card, ...]:
    """Cards from a list of card texts, as saved games and event logs hold them; anything
    else raises :class:`~rally.common.errors.PositionError` naming ``what``."""
    try:
        return tuple(parse_cards(inputs.sequence(value, what, PositionError, "['G11', 'R5']", limit)))
    except RuleError as err:
        # TRANSLATORS: {what} names the data read (a noun phrase), {problem} says what is wrong with it.
        raise PositionError(_("{what}: {problem}").format(what=what, problem=err)) from None


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """``"G3 G9"``: cards as their short text."""
    return sep.join(str(c) for c in cards)


