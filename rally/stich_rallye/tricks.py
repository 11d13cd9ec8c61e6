"""Tricks: which cards may be played (ruling S4) and who wins (ruling S5).

The lead color must be followed when possible; the *last* color to appear in the
trick decides, and its highest card wins. The winner's car moves by the trick's
lowest value, whatever its color.

>>> from rally import Card, explain_trick, legal_plays, trick_winner
>>> trick = [Card.parse(t) for t in "G11 R5 B7 G3".split()]
>>> trick_winner(trick)
2
>>> print(explain_trick(trick).sentence)
Blue was the third color played, so the highest blue, 7, wins; the car moves 3, the lowest card.
>>> hand = [Card.parse(t) for t in "R2 G3 G9 B4".split()]
>>> [str(c) for c in legal_plays(hand, [Card.parse("G11")])]
['G3', 'G9']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..common import inputs
from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, Color, deck, format_cards, split_by_color
from ..common.errors import CardError
from ..common.refusal import Refusal, wording
from ..common.i18n import _, capitalized, join_words, language, ngettext

# The color and the value of each card code (see rally.stich_rallye.cards.card_code).
_COLOR = tuple(code >> 4 for code in range(48))
_VALUE = tuple(code & 15 for code in range(48))


def legal_codes(hand: Sequence[list[int]], lead: int) -> list[int]:
    """Engine form of :func:`legal_plays`, the one implementation of S4.

    ``hand`` holds the card codes of each color, ``hand[color]`` sorted; ``lead`` is the
    lead color, or -1 when the trick is empty. Returns the legal codes in hand order.
    The result may be ``hand[lead]`` itself: callers must not change it.
    """
    if lead >= 0 and hand[lead]:
        return hand[lead]
    return hand[0] + hand[1] + hand[2]


def winner_and_lowest(codes: Sequence[int]) -> tuple[int, int]:
    """Engine form of S5: the winning index in play order and the lowest value.

    One pass: a color seen for the first time becomes the deciding color and its card
    the best so far; a later card wins only if it is of the deciding color and higher.
    Within one color a higher code is a higher value, so the best card is kept as a
    code and found in ``codes`` at the end. (0, 99) for no cards.
    """
    if not codes:
        return 0, 99
    # Table lookups rather than ``>> 4`` and ``& 15``: this runs for every trick.
    color_of, value_of = _COLOR, _VALUE
    best = codes[0]
    lead = decider = color_of[best]
    second = -1  # the second color to appear, once one has
    lowest = 99
    for code in codes:
        if value_of[code] < lowest:
            lowest = value_of[code]
        color = color_of[code]
        if color != decider:
            if color != lead and color != second:
                if second < 0:
                    second = color
                decider = color
                best = code
        elif code > best:
            best = code
    return codes.index(best), lowest


def seat_and_lowest(codes: Sequence[int], flag: int, players: int) -> tuple[int, int]:
    """:func:`winner_and_lowest` by seat: the seat that wins a whole trick led by the flag
    holder ``flag`` (S1), and the trick's lowest value."""
    index, lowest = winner_and_lowest(codes)
    return (flag + index) % players, lowest


def check_trick(trick: object, complete: bool = False) -> list[Card]:
    """The cards of ``trick`` if they can lie on the table together: Cards, each once,
    at most one per player (5); with ``complete``, a whole trick of 3 to 5 cards.
    Raises :class:`CardError` saying what is wrong."""
    cards = inputs.sequence(trick, _("A trick"), CardError, "[Card.parse('G11'), Card.parse('R5')]", 45)
    for card in cards:
        if not isinstance(card, Card):
            inputs.fail(CardError, _("Each card of a trick"), _("a Card"), card, "Card.parse('G11')")
    if len(set(cards)) != len(cards):
        repeated = sorted({str(c) for c in cards if cards.count(c) > 1})
        raise CardError(_("A trick cannot hold the same card twice ({cards}): every card exists once.")
                        .format(cards=", ".join(repeated)))
    if complete and not cards:
        raise CardError(_("An empty trick has no winner: give the whole trick, 3 to 5 cards, like G11 R5 B7 G3."))
    low = MIN_PLAYERS if complete else 0
    if not low <= len(cards) <= MAX_PLAYERS:
        if complete:
            message = ngettext(
                "A whole trick has one card per player: {low} to {high} cards, like G11 R5 B7 G3; this one has {n}.",
                "A whole trick has one card per player: {low} to {high} cards, like G11 R5 B7 G3; this one has {n}.",
                len(cards))
        else:
            message = ngettext(
                "A trick has at most one card per player: {low} to {high} cards, like G11 R5 B7 G3; this one has {n}.",
                "A trick has at most one card per player: {low} to {high} cards, like G11 R5 B7 G3; this one has {n}.",
                len(cards))
        raise CardError(message.format(low=low, high=MAX_PLAYERS, n=len(cards)))
    if complete:  # a whole trick tells the number of players, and so the cards in play (S2)
        in_play = deck(len(cards))
        for card in cards:
            if card not in in_play:
                raise CardError(_("{card} is not in play with {players} players (values {low}-{high}).").format(
                    card=card, players=len(cards), low=in_play[0].value, high=in_play[-1].value))
    return cards


def check_hand(hand: object) -> list[Card]:
    """The cards of ``hand``: Cards, each once, at most the nine of round 3."""
    cards = inputs.sequence(hand, _("A hand"), CardError, "[Card.parse('G3'), Card.parse('G9')]", 9)
    for card in cards:
        if not isinstance(card, Card):
            inputs.fail(CardError, _("Each card of a hand"), _("a Card"), card, "Card.parse('G3')")
    if len(set(cards)) != len(cards):
        raise CardError(_("A hand cannot hold the same card twice: every card exists once."))
    return cards


def legal_plays(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in play
    order), in hand order. A player holding the lead color must play it (S4)."""
    trick = check_trick(trick)
    hand = check_hand(hand)
    by_code = {c.code: c for c in hand}
    # legal_codes works on sorted hands; keep the caller's hand order in the answer.
    legal = set(legal_codes(split_by_color(by_code), trick[0].color if trick else -1))
    return [c for c in hand if c.code in legal]


def refusal(hand: Sequence[Card], trick: Sequence[Card], card: Card) -> Refusal | None:
    """Why ``card`` may not be played from ``hand`` on ``trick``, as a value; ``None``
    when it may be played. Codes: ``"hand.missing"`` (facts ``card``, ``hand``) and
    ``"S4.follow"`` (facts ``color``, the lead color, and ``cards``, the ones to play),
    from the same check as :func:`legal_plays`.

    >>> hand = [Card.parse(t) for t in "G3 R5 G9".split()]
    >>> reason = refusal(hand, [Card.parse("G11")], Card.parse("R5"))
    >>> reason.code, reason.facts["color"], [str(c) for c in reason.facts["cards"]]
    ('S4.follow', <Color.GREEN: 1>, ['G3', 'G9'])
    """
    hand = check_hand(hand)
    if not isinstance(card, Card):
        inputs.fail(CardError, _("The card to play"), _("a Card"), card, "Card.parse('G11')")
    if card not in hand:
        return Refusal("hand.missing", {"card": card, "hand": tuple(hand)})
    trick = check_trick(trick)
    if not trick:
        return None
    legal = legal_plays(hand, trick)
    if card not in legal:
        return Refusal("S4.follow", {"color": trick[0].color, "cards": tuple(legal)})
    return None


@wording("hand.missing")
def _missing_words(facts: Mapping[str, Any]) -> str:
    if not facts["hand"]:
        return _("You do not hold {card}; you hold no cards.").format(card=facts["card"])
    return _("You do not hold {card}; your hand is {hand}.").format(
        card=facts["card"], hand=format_cards(facts["hand"], ", "))


@wording("S4.follow")
def _follow_words(facts: Mapping[str, Any]) -> str:
    return _("You must follow {color}: you hold {cards}.").format(
        color=facts["color"].word, cards=join_words([str(c) for c in facts["cards"]]))


def why_illegal(hand: Sequence[Card], trick: Sequence[Card], card: Card) -> str | None:
    """Why ``card`` may not be played from ``hand`` on ``trick``, in a player's words
    (:func:`refusal` worded); ``None`` when it may be played.

    >>> hand = [Card.parse(t) for t in "G3 R5 G9".split()]
    >>> why_illegal(hand, [Card.parse("G11")], Card.parse("R5"))
    'You must follow green: you hold G3 and G9.'
    """
    reason = refusal(hand, trick, card)
    return None if reason is None else reason.words()


def play_rule(hand: Sequence[Card], trick: Sequence[Card]) -> str:
    """What the player holding ``hand`` may play on ``trick`` now, and why (S4), in a
    coach's words to that player.

    >>> hand = [Card.parse(t) for t in "G3 R5 G9".split()]
    >>> play_rule(hand, [Card.parse("G11")])
    'Green was led and you hold green, so you must follow green: G3 or G9.'
    >>> play_rule(hand, [Card.parse("B4")])
    'Blue was led and you hold no blue, so you may play any card.'
    >>> play_rule(hand, [])
    'You lead this trick: play any card; the others must follow its color if they can.'
    """
    hand = check_hand(hand)
    trick = check_trick(trick)
    if not hand:
        return _("You hold no cards.")
    if not trick:
        return _("You lead this trick: play any card; the others must follow its color if they can.")
    lead = trick[0].color
    follow = [str(c) for c in hand if c.color == lead]
    words = {"Color": capitalized(lead.word), "color": lead.word}
    if not follow:
        return _("{Color} was led and you hold no {color}, so you may play any card.").format(**words)
    if len(follow) == 1:
        return _("{Color} was led and {card} is your only {color}, so you must play it.").format(
            card=follow[0], **words)
    return _("{Color} was led and you hold {color}, so you must follow {color}: {cards}.").format(
        cards=join_words(follow, "or"), **words)


def trick_winner(trick: Sequence[Card]) -> int:
    """Index, in play order, of the card that wins ``trick`` (S5)."""
    trick = check_trick(trick, complete=True)
    return winner_and_lowest([c.code for c in trick])[0]


@dataclass(frozen=True)
class TrickExplanation:
    """Why a trick was won, with the facts a teacher would point at.

    ``winner`` is the index of the winning card in play order; ``colors`` the colors
    in order of first appearance; ``deciding_color`` the last of them; ``lowest`` the
    lowest value, which is how far the winner's car moves.
    """

    cards: tuple[Card, ...]
    winner: int
    colors: tuple[Color, ...]
    deciding_color: Color
    lowest: int
    sentence: str

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]

    def __str__(self) -> str:
        return self.sentence


def explain_trick(trick: Sequence[Card], lang: str | None = None) -> TrickExplanation:
    """Explain who wins ``trick`` and how far the winner moves, in one plain sentence
    (in ``lang``, default the language spoken: :mod:`rally.common.i18n`)."""
    with language(lang):
        return _explain_trick(trick)


def _explain_trick(trick: Sequence[Card]) -> TrickExplanation:
    trick = check_trick(trick, complete=True)
    winner, lowest = winner_and_lowest([c.code for c in trick])
    colors: list[Color] = []
    for card in trick:
        if card.color not in colors:
            colors.append(card.color)
    deciding = colors[-1]
    facts = {"Color": capitalized(deciding.word), "color": deciding.word, "best": trick[winner].value,
             "card": trick[winner], "lowest": lowest}
    if len(colors) == 1:
        template = ngettext("Only {color} was played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.",
                            "Only {color} was played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.", lowest)
    elif len(colors) == 2:
        template = ngettext("{Color} was the second color played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.",
                            "{Color} was the second color played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.", lowest)
    else:
        template = ngettext("{Color} was the third color played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.",
                            "{Color} was the third color played, so the highest {color}, {best}, wins; "
                            "the car moves {lowest}, the lowest card.", lowest)
    sentence = template.format(**facts)
    return TrickExplanation(tuple(trick), winner, tuple(colors), deciding, lowest, sentence)
