"""What-if positions (rally/stich_rallye/position.py): building, checking, dealing the unknown cards,
and the JSON and text-code round trips."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from rally import (
    HAND_SIZES, Color, Game, HeuristicBot, IllegalAction, PositionError, Position, RandomBot, Turbo, deck,
)

FLAT20 = "S" + "." * 19


def played(players: int, seed: int, decisions: int, track: str = "volcano", **setup) -> Game:
    """The game of ``players`` heuristic players dealt from ``seed`` (the bots draw from
    ``random.Random(seed)``) after ``decisions`` decisions, as ``rally.stich_rallye.examples.played``
    plays it: every position these tests accept is one a real game reaches."""
    game = Game.new(players, track=track, seed=seed, **setup)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
    return game


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


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
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
    # Seed 2 on a 12-space track with its own dial and names, after 4 decisions: c.d won
    # the first trick, A_b leads the second with B2 and c.d is to play.
    game = played(3, 2, 4, track="S..D...U....", dial=[0, 3, 6, 2], names=["Zoë", "A_b", "c.d"])
    p = Position.from_game(game)
    code = p.code()
    assert code == ("SR1_TS..D...U...._D0.3.6.2_NZo%C3%AB.A%5Fb.c%2Ed_R1_F1_P0.2.0_M1.0.1_CB2_H2R7.R9.G6.B3"
                    "_XG2.G7.G4")
    back = Position.from_code(code)
    assert back == p and back.names == ("Zoë", "A_b", "c.d") and back.dial == (0, 3, 6, 2)
    assert str(back.track) == "S..D...U...."


def test_turbo_position_round_trips_and_offers_the_turbo():
    # Seed 0 on FLAT20 after 6 decisions: Bo won Cy's G4 G8 G10 with his motor at 1.
    p = Position.from_game(played(3, 0, 6, FLAT20))
    assert p.code() == "SR1_TS..................._R1_F2_P0.0.3_M2.1.1_CG4.G8.G10_H1R6.R8.B7_XB3.B6.B9"
    assert p.phase == "turbo" and p.decider == 1
    assert p.options() == [Turbo(True), Turbo(False)]
    assert Position.from_code(p.code()) == p


# ------------------------------------------------------------ dealing unknowns


def test_unknown_hands_are_dealt_from_unseen_cards_with_the_right_sizes():
    # Seed 3, five players, round 2 after 48 decisions: three tricks done, Ada led B7, Bo
    # threw G6, Cy decides. Only the first earlier trick's cards are listed: the other ten
    # played cards are unknown too, and dealt from the unseen ones.
    real = Position.from_game(played(5, 3, 48))
    p = dataclasses.replace(real, played=real.played[:5])
    assert (p.round, p.flag, [str(c) for c in p.trick], p.decider, p.tricks_done) == (2, 0, ["B7", "G6"], 2, 3)
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
        # Ada (seat 0) led blue; Bo (seat 1) played green, so Bo holds no blue (S4).
        assert all(c.color != Color.BLUE for c in hands[1])


def test_dealing_is_seeded_and_varies_between_seeds():
    p = Position.from_game(Game.new(4, seed=8))  # the first decision of seed 8: Ada leads
    assert p.to_game(5).hands == p.to_game(5).hands
    assert len({p.to_game(s).hands for s in range(20)}) == 20
    assert len({p.to_game(s).seed for s in range(20)}) == 20  # later rounds differ too


def test_void_players_deal_is_uniform_over_allowed_cards():
    # Seed 9 on FLAT20 after 2 decisions: Ada led B5; Bo could not follow and threw G2.
    # Bo's 4 unknown cards are never blue, and every non-blue unseen card reaches Bo's
    # hand in some deal.
    p = Position.from_game(played(3, 9, 2, FLAT20))
    assert p.code() == "SR1_TS..................._R1_F0_P0.0.0_M0.0.0_CB5.G2_H2R8.G6.B4.B7.B8"
    counts = Counter(c for s in range(400) for c in p.to_game(s).hands[1])
    assert all(c.color != Color.BLUE for c in counts)
    unseen_other = {c for c in deck(3) if c.color != Color.BLUE} - set(p.hand) - set(p.trick)
    assert set(counts) == unseen_other


# ------------------------------------------------------------ impossible ones


# Seed 9 on FLAT20 after 11 decisions: three tricks of round 1 done, one won by each
# player, Ada won the last and leads with B9 B10 (test_the_base_is_a_real_moment). Each
# impossible position below changes one thing.
BASE = dict(track=FLAT20, positions=[8, 2, 4], motors=[2, 2, 2], round=1, flag=0, trick="", hand="B9 B10")
# Bo and Cy hold R6 R10 and B7 B8 then; the earlier tricks were B5 G2 B4, R3 R8 R7, G6 G10 G7.
EARLIER = "B5 G2 B4 R3 R8 R7 G6 G10 G7"


def bad(**changes):
    return {**BASE, **changes}


def test_the_base_is_a_real_moment():
    real = Position.from_game(played(3, 9, 11, FLAT20), reveal=True)
    assert Position.new(**BASE) == dataclasses.replace(real, hands=(real.hands[0], None, None), played=())
    assert [" ".join(map(str, h)) for h in real.hands] == ["B9 B10", "R6 R10", "B7 B8"]
    assert " ".join(map(str, real.played)) == EARLIER


IMPOSSIBLE = [
    ("two cars on one space", bad(positions=[8, 8, 4]), "Ada and Bo are both on space 8"),
    ("a car resting on a hill", bad(track="S.......D..........."), "rests on downhill space 8"),
    ("a card twice", bad(hands={1: "R6 B9"}), "B9 appears 2 times"),
    ("a card not in play", bad(hand="B9 B15"), "B15 is not in play with 3 players"),
    ("a motor off the dial", bad(motors=[2, 9, 2]), "motor position must be a whole number from 0 to 8"),
    ("a motor wound more than tricks allow", bad(motors=[2, 3, 2]),
     "Bo's motor is at position 3. That takes 3 lost tricks since the round began or Bo's last turbo. "
     "But Bo can have lost at most 2 of the 3 tricks"),
    ("no hand for the decider", bad(hand=None), "Ada decides now: give their hand"),
    ("too many cards", bad(hand="B9 B10 B2 B3 R2 R4"), "holds 6 cards, but in round 1"),
    ("an empty hand to play from", bad(hand=""), "holds 0 cards"),
    ("too many earlier cards", bad(played=EARLIER + " R2"), "only 3 tricks of 3 cards have been played"),
    ("a known hand of the wrong size", bad(hands={1: "R6"}), "Bo holds 1 card but should hold 2"),
    # Bo threw R6 on Ada's B9 while keeping B2.
    ("a known hand that broke S4", bad(trick="B9 R6", hand="B7 B8", hands={1: "B2"}),
     "Bo played R6 but still holds blue"),
    ("a car already past two laps", bad(positions=[8, 2, 44]), "should be over"),
    # Seed 9's first trick: Bo won B5 G2 B4 with his motor at 0, so he moved at once.
    ("a turbo with an empty motor", dict(track=FLAT20, positions=[0, 0, 0], motors=[1, 0, 1], trick="B5 G2 B4",
                                         hand="R3 R6 R10 G7"), "Bo won the trick with an empty motor"),
    ("a flag holder who does not exist", bad(flag=3), "The flag holder must be a whole number from 0 to 2"),
    ("round four", bad(round=4), "The round must be a whole number from 1 to 3"),
    ("two players", bad(positions=[1, 2], motors=[0, 0]), "3, 4 or 5 numbers"),
    ("a bad card", bad(hand="B9 X9"), "“X9” is not a card"),
    ("a bad track", bad(track="S.D"), "track"),
    ("a bad dial", bad(dial=[1, 2, 3]), "must start with value 0"),
    ("names that repeat", bad(names=["A", "A", "B"]), "is there more than once"),
    ("one motor too few", bad(motors=[2, 2]), ("motor position", "must be 3 numbers, one per player")),
]


@pytest.mark.parametrize("what, kwargs, message", [c for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_positions_are_rejected_with_their_reason(what, kwargs, message):
    with pytest.raises(PositionError) as err:
        Position.new(**kwargs)
    for part in (message,) if isinstance(message, str) else message:
        assert part in str(err.value), str(err.value)


def test_every_problem_is_named_at_once():
    with pytest.raises(PositionError) as err:
        Position.new(**bad(positions=[8, 8, 4], motors=[2, 3, 2]))
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
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R2.G3.G4.G5.G6_Q1", "“Q1” is not a field"),
    ("SR1_Tvolcano_R1_R2_F0_P0.0.0_M0.0.0_C_H0R2", "appears twice"),
    ("SR1_Tvolcano_Rx_F0_P0.0.0_M0.0.0_C_H0R2", ("The field R (the round) must be a whole number", "not “x”")),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_HxR2", "H, the seat, then the cards"),
    ("SR1_Tmoon_R1_F0_P0.0.0_M0.0.0_C_H0R2", "neither a built-in track"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R2.G3.G4.G5.Z6", "“Z6” is not a card"),
]


@pytest.mark.parametrize("code, message", BAD_CODES)
def test_bad_codes_say_which_field_is_wrong(code, message):
    with pytest.raises(PositionError) as err:
        Position.from_code(code)
    for part in (message,) if isinstance(message, str) else message:
        assert part in str(err.value), str(err.value)


@pytest.mark.parametrize("text, message", [
    ("{", "is not JSON"),
    ("[]", "must be a JSON object with the keys format, track, track_name"),
    ('{"format": "x"}', "has the keys format, track, track_name, dial, names, round, flag, positions, motors, trick, "
                        "hands, played: this one has missing track"),
    (None, "A position in JSON must be text"),
])
def test_bad_json_is_rejected(text, message):
    with pytest.raises(PositionError, match=re.escape(message)):
        Position.from_json(text)


def test_json_with_a_wrong_format_or_hands_is_rejected():
    good = Position.new(**BASE)
    data = good.to_dict()
    import json
    with pytest.raises(PositionError, match=re.escape("format must be 'stich-rallye-position/1'")):
        Position.from_json(json.dumps({**data, "format": "other/9"}))
    with pytest.raises(PositionError, match="The hands must be a list"):
        Position.from_json(json.dumps({**data, "hands": "R2"}))


def test_a_position_never_changes_after_a_failed_edit():
    p = Position.new(**BASE)
    before = p.code()
    with pytest.raises(PositionError):
        Position.from_code(before.replace("P8.2.4", "P8.8.4"))
    assert p.code() == before and p.problems() == []


def test_the_trick_winner_did_not_wind_for_this_trick():
    # Seed 0 on FLAT20 after 6 decisions (as above): one trick done before this one, which
    # Bo lost (motor 1). Bo won this trick, so his motor was not wound for it: it cannot
    # be at 2.
    real = Position.from_game(played(3, 0, 6, FLAT20))
    assert real.motors == (2, 1, 1) and real.decider == 1 and real.tricks_done == 1
    with pytest.raises(PositionError, match="Bo can have lost at most 1 of the 2 tricks completed this round"):
        dataclasses.replace(real, motors=(2, 2, 1))
    assert real.problems() == []


def test_preview_tells_what_a_choice_sets_off_and_refuses_what_is_not_an_option():
    # Seed 66 on FLAT20 after 2 decisions: Ada led R5, Bo played R9; Cy must follow red and
    # cannot beat R9, but Cy's card decides how far Bo (the winner) moves.
    p = Position.from_game(played(3, 66, 2, FLAT20))
    assert p.code() == "SR1_TS..................._R1_F0_P0.0.0_M0.0.0_CR5.R9_H2R2.R7.G4.G5.B2"
    low, high = p.preview("R2"), p.preview("r7")
    assert low[0] == "Cy plays R2 (red 2)." and high[0] == "Cy plays R7 (red 7)."
    assert any(line.startswith("Bo wins the trick") for line in low)
    assert "Bo moves 2 from the grid" in " ".join(low) and "Bo moves 5 from the grid" in " ".join(high)
    before = p.code()
    with pytest.raises(IllegalAction, match="You do not hold B3"):
        p.preview("B3")
    with pytest.raises(ValueError, match="turbo"):
        p.preview("turbo")  # a card is due, not the turbo choice
    assert p.code() == before


def test_preview_of_a_turbo_choice():
    # Seed 0 on FLAT20 after 6 decisions: Bo won G4 G8 G10 (lowest 4) with 1 on his motor.
    p = Position.from_game(played(3, 0, 6, FLAT20))
    assert p.phase == "turbo" and p.decider == 1
    used, kept = " ".join(p.preview("turbo")), " ".join(p.preview("No  Turbo"))
    assert "Bo uses the turbo: 1 more space" in used and "Bo moves 5 from the grid" in used, used
    assert "Bo moves 4 from the grid" in kept, kept
