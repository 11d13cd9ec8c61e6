"""What-if positions (rally/position.py): building, checking, dealing the unknown cards,
and the JSON and text-code round trips."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from rally import (
    DEFAULT_DIAL, HAND_SIZES, Card, Color, Game, IllegalAction, PositionError, Position, RandomBot, Turbo, deck, legal_plays,
    parse_cards, play_until,
)

FLAT20 = "S" + "." * 19


def game_at(players: int, seed: int, steps: int, track: str = "volcano") -> Game:
    """A random game after ``steps`` decisions, or at its last decision if it ends sooner."""
    game = Game.new(players, track=track, seed=seed, record=False)
    rng = random.Random(seed)
    for _ in range(steps):
        before = game.clone()
        game.apply(RandomBot().choose(game, game.legal_actions(), rng))
        if game.is_over:
            return before
    return game


# ------------------------------------------------------------------ round trips


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000), steps=st.integers(0, 120), reveal=st.booleans())
def test_positions_from_games_round_trip_through_code_and_json(players, seed, steps, reveal):
    game = game_at(players, seed, steps)
    position = Position.from_game(game, reveal=reveal)
    assert position.decider == game.current_player
    assert position.options() == game.legal_actions()
    assert position.tricks_done == len(game.discards) // players
    code = position.code()
    assert all(ch.isalnum() or ch in "._-~%" for ch in code), code  # safe in a chat or a URL
    assert Position.from_code(code) == position
    assert Position.from_code(code).code() == code
    assert Position.from_json(position.to_json()) == position
    if reveal:  # everything known: the game built from it is the same moment
        rebuilt = position.to_game(seed)
        assert rebuilt.hands == game.hands and rebuilt.trick == game.trick and rebuilt.positions == game.positions
        assert rebuilt.motors == game.motors and rebuilt.flag == game.flag and rebuilt.round == game.round


def test_code_carries_custom_track_dial_and_names():
    p = Position.new(track="S..D...U....", positions=[0, 2, 5], motors=[0, 1, 1], dial=[0, 3, 6, 2],
                     round=1, flag=1, trick="R5", hand="R2 G7 B3 B4", names=["Zoë", "A_b", "c.d"])
    code = p.code()
    assert code.startswith("SR1_TS..D...U...._D0.3.6.2_NZo%C3%AB.A%5Fb.c%2Ed_R1_F1_P0.2.5_M0.1.1_CR5_H2")
    back = Position.from_code(code)
    assert back == p and back.names == ("Zoë", "A_b", "c.d") and back.dial == (0, 3, 6, 2)
    assert str(back.track) == "S..D...U...."


def test_turbo_position_round_trips_and_offers_the_turbo():
    p = Position.new(track=FLAT20, positions=[5, 7, 0], motors=[3, 1, 0], flag=0, trick="R9 R3 R4",
                     hand="G9")
    assert p.phase == "turbo" and p.decider == 0
    assert p.options() == [Turbo(True), Turbo(False)]
    assert Position.from_code(p.code()) == p


# ------------------------------------------------------------ dealing unknowns


def test_unknown_hands_are_dealt_from_unseen_cards_with_the_right_sizes():
    p = Position.new(positions=[0, 3, 7, 11, 16], round=2, flag=3, trick="G10 R4", hand="G2 G8 B1 R13 R15",
                     played="R1 R2 R3 R5 R6")
    seen = set(p.hand) | set(p.trick) | set(p.played)
    k = HAND_SIZES[1]
    for seed in range(30):
        game = p.to_game(seed)
        hands = game.hands
        everything = [c for h in hands for c in h] + list(game.trick) + list(game.discards)
        assert len(everything) == len(set(everything))  # every card once
        assert set(everything) <= set(deck(5))
        assert hands[p.decider] == tuple(sorted(p.hand))
        assert set(p.played) <= set(game.discards) and len(game.discards) == 5 * p.tricks_done
        for seat in range(5):
            assert len(hands[seat]) == k - p.tricks_done - (seat in p.trick_seats)
        assert not (set(c for s in range(5) if s != p.decider for c in hands[s]) & seen)
        # Di (seat 3) led green; Ed (seat 4) played red, so Ed holds no green (S4).
        assert all(c.color != Color.GREEN for c in hands[4])


def test_dealing_is_seeded_and_varies_between_seeds():
    p = Position.new(positions=[0, 0, 0, 0], hand="R2 G5 B9 B3 R7")
    assert p.to_game(5).hands == p.to_game(5).hands
    assert len({p.to_game(s).hands for s in range(20)}) == 20
    assert len({p.to_game(s).seed for s in range(20)}) == 20  # later rounds differ too


def test_void_players_deal_is_uniform_over_allowed_cards():
    # 3 players, round 1: Bo led red; Cy could not follow. Cy's 4 unknown cards are never red,
    # and every non-red unseen card reaches Cy's hand in some deal.
    p = Position.new(track=FLAT20, positions=[0, 0, 0], flag=1, trick="R10 G2", hand="R3 G4 B5 B6 B7")
    counts = Counter(c for s in range(400) for c in p.to_game(s).hands[2])
    assert all(c.color != Color.RED for c in counts)
    unseen_other = {c for c in deck(3) if c.color != Color.RED} - set(p.hand) - set(p.trick)
    assert set(counts) == unseen_other


# ------------------------------------------------------------ impossible ones


BASE = dict(track=FLAT20, positions=[4, 6, 8], motors=[0, 0, 0], round=1, flag=0, trick="", hand="R2 G3 G9 B4 B5")


def bad(**changes):
    return {**BASE, **changes}


IMPOSSIBLE = [
    ("two cars on one space", bad(positions=[4, 4, 8]), "are both on space 4"),
    ("a car resting on a hill", bad(track="S..D......U.........", positions=[3, 6, 8]), "rests on downhill space 3"),
    ("a card twice", bad(trick="R2"), "R2 appears 2 times"),
    ("a card not in play", bad(hand="R2 G3 G9 B4 B15"), "B15 is not in play with 3 players"),
    ("a motor off the dial", bad(motors=[0, 9, 0]), "motor position"),
    ("a motor wound more than tricks allow", bad(motors=[0, 3, 0], hand="R2 G3 G9 B4"), "only 1 trick"),
    ("no hand for the decider", bad(hand=None), "Ada decides now: give their hand"),
    ("too many cards", bad(hand="R2 G3 G9 B4 B5 B6"), "holds 6 cards, but in round 1"),
    ("an empty hand to play from", bad(hand=""), "holds 0 cards"),
    ("too many earlier cards", bad(hand="R2 G3 G9 B4", played="R3 R4 R5 R6"), "only 1 trick"),
    ("a known hand of the wrong size", bad(hands={1: "R3 R4"}), "Bo holds 2 cards but should hold 5"),
    ("a known hand that broke S4", dict(BASE, flag=1, trick="G2 R4", hand="R2 G3 G9 B4 B5", hands={2: "G4 G5 B2 B3"}),
     "played R4 but still holds green"),
    ("a car already past two laps", bad(positions=[4, 6, 48]), "should be over"),
    ("a turbo with an empty motor", bad(trick="R9 R3 R4", hand="G9 B4 B5 B6", motors=[0, 1, 1]),
     "won the trick with an empty motor"),
    ("a flag holder who does not exist", bad(flag=3), "flag holder is a seat from 0 to 2"),
    ("round four", bad(round=4), "The round is 1, 2 or 3"),
    ("two players", bad(positions=[1, 2], motors=[0, 0]), "3, 4 or 5 numbers"),
    ("a bad card", bad(hand="R2 G3 X9"), "'X9' is not a card"),
    ("a bad track", bad(track="S.D"), "track"),
    ("a bad dial", bad(dial=[1, 2, 3]), "must start with value 0"),
    ("names that repeat", bad(names=["A", "A", "B"]), "repeats one"),
    ("one motor too few", bad(motors=[0, 0]), "one motor position per player"),
]


@pytest.mark.parametrize("what, kwargs, message", [c for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_positions_are_rejected_with_their_reason(what, kwargs, message):
    with pytest.raises(PositionError) as err:
        Position.new(**kwargs)
    assert message in str(err.value), str(err.value)


def test_every_problem_is_named_at_once():
    with pytest.raises(PositionError) as err:
        Position.new(**bad(positions=[4, 4, 8], motors=[0, 9, 0]))
    assert len(err.value.problems) == 2, err.value.problems


def test_void_hands_that_cannot_be_filled_are_rejected():
    # Round 3, four players, all 36 cards dealt. Bo led R2; Cy and Di threw other colors,
    # so they hold no red; Ada holds none either. Eleven reds are unseen, but Bo can hold
    # only eight of them.
    with pytest.raises(PositionError) as err:
        Position.new(track=FLAT20, positions=[0, 0, 0, 0], round=3, flag=1, trick="R2 G2 B2",
                     hand="G3 G4 G5 G6 G7 G8 G9 G10 B3")
    assert "Cy and Di did not follow red, so they hold no red" in str(err.value), str(err.value)


def test_from_game_refuses_a_finished_game():
    game = Game.new(3, seed=1, record=False)
    from rally import play_out
    play_out(game, [RandomBot()] * 3, random.Random(1))
    with pytest.raises(PositionError, match="game is over"):
        Position.from_game(game)


BAD_CODES = [
    ("", "starts with SR1_"),
    ("SR2_Tvolcano", "starts with SR1_"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C", "give their hand"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0", "lacks C"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R2.G3.G4.G5.G6_Q1", "'Q1' is not a field"),
    ("SR1_Tvolcano_R1_R2_F0_P0.0.0_M0.0.0_C_H0R2", "appears twice"),
    ("SR1_Tvolcano_Rx_F0_P0.0.0_M0.0.0_C_H0R2", "needs a whole number, not 'x'"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_HxR2", "H, the seat, then the cards"),
    ("SR1_Tmoon_R1_F0_P0.0.0_M0.0.0_C_H0R2", "neither a built-in track"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R2.G3.G4.G5.Z6", "'Z6' is not a card"),
]


@pytest.mark.parametrize("code, message", BAD_CODES)
def test_bad_codes_say_which_field_is_wrong(code, message):
    with pytest.raises(PositionError) as err:
        Position.from_code(code)
    assert message in str(err.value), str(err.value)


@pytest.mark.parametrize("text, message", [
    ("{", "not JSON"),
    ("[]", "exactly the keys"),
    ('{"format": "x"}', "exactly the keys"),
    (None, "needs JSON text"),
])
def test_bad_json_is_rejected(text, message):
    with pytest.raises(PositionError, match=message):
        Position.from_json(text)


def test_json_with_a_wrong_format_or_hands_is_rejected():
    good = Position.new(**BASE)
    data = good.to_dict()
    import json
    with pytest.raises(PositionError, match="Unknown format"):
        Position.from_json(json.dumps({**data, "format": "other/9"}))
    with pytest.raises(PositionError, match="one hand"):
        Position.from_json(json.dumps({**data, "hands": "R2"}))


def test_a_position_never_changes_after_a_failed_edit():
    p = Position.new(**BASE)
    before = p.code()
    with pytest.raises(PositionError):
        Position.from_code(before.replace("P4.6.8", "P4.4.8"))
    assert p.code() == before and p.problems() == []


def test_the_trick_winner_did_not_wind_for_this_trick():
    # Round 1, one trick done before this one: Ada won this trick, so her motor can have
    # been wound once at most (by the earlier trick), not twice.
    with pytest.raises(PositionError, match="Ada won this trick and lost at most 1 before it"):
        Position.new(track=FLAT20, positions=[4, 6, 8], motors=[2, 1, 1], trick="R9 R3 R4", hand="G9 B4 B5")
    assert Position.new(track=FLAT20, positions=[4, 6, 8], motors=[1, 2, 2], trick="R9 R3 R4", hand="G9 B4 B5")


def test_preview_tells_what_a_choice_sets_off_and_refuses_what_is_not_an_option():
    # Bo leads R9, Cy plays R10; Ada's card decides how far Cy (the winner) moves.
    p = Position.new(track=FLAT20, positions=[1, 2, 3], flag=1, trick="R9 R10", hand="R2 R7")
    low, high = p.preview("R2"), p.preview("r7")
    assert low[0] == "Ada plays R2 (red 2)." and high[0] == "Ada plays R7 (red 7)."
    assert any(line.startswith("Cy wins the trick") for line in low)
    assert "Cy moves 2 from space 3" in " ".join(low) and "Cy moves 7 from space 3" in " ".join(high)
    before = p.code()
    with pytest.raises(IllegalAction, match="You do not hold B3"):
        p.preview("B3")
    with pytest.raises(ValueError, match="turbo"):
        p.preview("turbo")  # a card is due, not the turbo choice
    assert p.code() == before


def test_preview_of_a_turbo_choice():
    p = Position.new(track=FLAT20, positions=[1, 2, 3], motors=[0, 2, 1], flag=1, trick="R9 R10 R2", hand="R7")
    assert p.phase == "turbo" and p.decider == 2
    used, kept = " ".join(p.preview("turbo")), " ".join(p.preview("No  Turbo"))
    assert "Cy uses the turbo: 1 more space" in used and "Cy moves 3 from space 3" in used, used
    assert "Cy moves 2 from space 3" in kept, kept
