"""CardHand: the faces it shows, which cards are dimmed and why (from rally), and
what a click does."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rally
from rally import Card, Game, deck
from widgets import CardHand

ALL = deck(5)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(ALL), min_size=1, max_size=9, unique=True).flatmap(
    lambda hand: st.tuples(st.just(hand), st.lists(
        st.sampled_from([c for c in ALL if c not in hand]), max_size=4, unique=True))))
def test_dimmed_cards_carry_rallys_reason(hand_and_trick):
    hand, trick = hand_and_trick
    widget = CardHand(hand, trick)
    assert widget.codes == [str(c) for c in hand]
    for row, card in zip(widget.cards, hand):
        reason = rally.why_illegal(hand, trick, card)
        assert row["playable"] is (reason is None)
        assert row["reason"] == (reason or "")
    assert widget.playable == [str(c) for c in rally.legal_plays(hand, trick)]


def test_faces_never_rely_on_color_alone():
    widget = CardHand(["R5", "G11", "B7"])
    faces = {row["color"]: row for row in widget.cards}
    assert [faces[c]["letter"] for c in ("red", "green", "blue")] == ["R", "G", "B"]
    assert len({faces[c]["symbol"] for c in faces}) == 3
    assert len({faces[c]["pattern"] for c in faces}) == 3
    assert faces["green"]["value"] == 11 and faces["green"]["words"] == "green 11"


def test_clicking_a_playable_card_selects_it_and_a_lessons_hand_says_why_it_may():
    widget = CardHand(["G3", "R5", "G9"], ["G11"])
    widget.selected = "R5"
    widget.selected = "g9"
    assert widget.selected == "G9" and widget.message == "G9 may be played: it follows green, the lead color."
    assert "Chosen: green 9." in repr(widget)
    widget.show(["R5", "B9"], ["G11"])  # no green: any card
    widget.selected = "B9"
    assert widget.message == "B9 may be played: you hold no green."
    widget.show(["R5", "B9"])  # nothing led yet: the hand leads
    widget.selected = "R5"
    assert widget.message == "R5 may be played: you lead, so any card may."
    game = Game.new(4, seed=3)
    widget.show_game(game, game.current_player)  # a game's hand plays the card: it needs no words for it
    widget.selected = widget.playable[0]
    assert widget.selected and widget.message == ""


def test_a_refused_click_from_the_page_is_sent_back():
    widget = CardHand(["G3", "R5", "G9"], ["G11"])
    sent, seen = [], []
    widget.send_state = lambda key=None: sent.append((key, widget.selected))
    widget.observe(lambda change: seen.append(change["new"]), names="selected")
    widget.set_state({"selected": "R5"})  # what the front end sends on a click
    assert widget.selected == "" and sent[-1] == ("selected", "")
    assert "R5" not in seen
    assert widget.message == "You must follow green: you hold G3 and G9."


@pytest.mark.parametrize("text, expected", [
    ("R5", "You must follow green: you hold G3 and G9."),
    ("B7", "You do not hold B7; your hand is G3, R5, G9."),
    ("Q3", "“Q3” is not a card: write a color letter R, G or B followed by a value from 1 to 15, like G11."),
])
def test_clicking_anything_else_selects_nothing_and_says_why(text, expected):
    widget = CardHand(["G3", "R5", "G9"], ["G11"])
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names="selected")
    widget.selected = text
    assert widget.selected == ""
    assert widget.message == expected
    assert seen == []  # observers never see an unplayable card


def test_show_game_takes_turn_and_turbo_reasons_from_the_game():
    game = Game.new(3, seed=1)
    widget = CardHand()
    widget.show_game(game, 1)  # seat 0 leads, seat 1 waits
    assert widget.playable == []
    assert {row["reason"] for row in widget.cards} == {"It is Ada's turn, not Bo's."}
    widget.show_game(game, 0, prompt="Your turn")
    assert widget.playable == [str(c) for c in game.legal_actions()] and widget.prompt == "Your turn"
    for seat in (3, -1, True):
        with pytest.raises(rally.SetupError, match="A seat must be a whole number from 0 to 2"):
            widget.show_game(game, seat)
    assert widget.playable == [str(c) for c in game.legal_actions()]


def test_bad_cards_raise_and_leave_the_hand_as_it_was():
    widget = CardHand(["G3", "R5"])
    with pytest.raises(rally.CardError):
        widget.show(["G3", "X9"])
    with pytest.raises(rally.CardError):
        widget.show(["G3"], trick=["G11", "G11"])
    assert widget.codes == ["G3", "R5"] and widget.playable == ["G3", "R5"]


def test_repr_lists_cards_and_playable_ones():
    assert repr(CardHand(["G3", "R5", "G9"], ["G11"])) == (
        "Your hand: green 3, red 5 and green 9. May be played: green 3 and green 9.")
    assert repr(CardHand()) == "Your hand: no cards."
    widget = CardHand([Card.parse("B2")])
    bundle, _ = widget._repr_mimebundle_()
    assert bundle["text/plain"] == repr(widget)


def test_a_hand_waiting_for_its_turn_is_not_drawn_as_unplayable():
    """The replay steps through moments when it is not Ada's turn: her cards then wait
    (no ✕, not dimmed); on her turn only the cards she may not play are marked."""
    import random

    from rally import Game, RandomBot, play_until

    game = Game.new(4, seed=3)
    hand = CardHand()
    play_until(game, [RandomBot()] * 4, random.Random(3), lambda g: g.current_player == 2)  # Cy to play
    hand.show_game(game, 0)
    assert hand.playable == [] and all(row["waiting"] and row["reason"] for row in hand.cards)
    play_until(game, [RandomBot()] * 4, random.Random(3), lambda g: g.current_player == 0 and len(g.trick) > 0)
    hand.show_game(game, 0)
    rows = {row["code"]: row for row in hand.cards}
    assert not any(row["waiting"] for row in rows.values())
    assert {code for code, row in rows.items() if row["playable"]} == {str(c) for c in game.legal_actions()}


def test_the_cards_left_when_the_game_is_over_are_drawn_as_unplayable():
    """A game ends when a car finishes, often with cards still in the hands: they are
    dimmed (not waiting for a turn that never comes), each saying why."""
    import random

    from rally import Game, HeuristicBot, play_until

    finished = (play_until(Game.new(4, seed=seed), [HeuristicBot()] * 4, random.Random(seed), lambda g: g.is_over)
                for seed in range(40))
    game = next(g for g in finished if g.hands[0])
    hand = CardHand()
    hand.show_game(game, 0)
    assert hand.cards and hand.playable == []
    assert all(not row["waiting"] and row["reason"] for row in hand.cards)


def test_a_waiting_hand_names_its_cards_as_waiting_not_as_against_the_rules():
    """Round 32's walk: a card of a hand held by a tip was read out as "cannot be played",
    as if the rules forbade it. The page reads a waiting card with its own words."""
    import rally
    from widgets.stich_rallye.card_hand import CardHand

    hand = CardHand(["G3", "R5"])
    hand.show_with([rally.Card.parse("G3")], lambda card: "First read the tip.", waiting=True)
    assert hand.cards[0]["waiting"] and hand.labels["waiting"] == "{words}: wait. {reason}"
    assert "cannot" not in hand.labels["waiting"]
    script = (pathlib.Path(__file__).parents[2] / "widgets" / "stich_rallye" / "card_hand.js").read_text()
    assert "card.waiting ? labels.waiting : labels.unplayable" in script
    with rally.language("de"):
        assert CardHand(["G3"]).labels["waiting"] == "{words}: noch warten. {reason}"
