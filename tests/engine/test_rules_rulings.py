"""One or more tests per ruling S1-S13 of shared/RULINGS.md, through rally's public API.

Exact positions are worked out by hand from the rulings; the reasoning is in the
comments (``C`` = an empty space that is counted, ``J`` = an occupied space that is
jumped, not counted). Game positions are built with ``build_game`` (conftest.py), which
reads a ``GameState`` with ``Game.from_state``: every position must be one a real game
reaches (docs/invariants.md), so each says, where it matters, the history that explains
its motors and cars. Two facts shape them: every seat but the flag holder lost the last
finished trick, so its motor is wound (position 1 or more on the default dial), and in
round 1 a car off the grid won a trick (rounds 2 and 3 allow any spacing).
"""

from __future__ import annotations

import random

import pytest

from conftest import build_game, cards, events_of, path_summary, play_cards
from rally import (
    DEFAULT_DIAL, HAND_SIZES, TRACKS, Card, CardPlayed, Color, Dealt, FlagTaken, Game, GameWon,
    IllegalAction, LapCompleted, LapLost, Motor, MotorReleased, MotorWound, Moved, PositionError, RandomBot,
    RoundEnded, SetupError, SpaceKind, Track, TrackError, TrickWon, Turbo, TurboDeclined, TurboUsed,
    check_dial, deck, explain_trick, legal_plays, move, play_out, trick_winner, why_illegal,
)
from rally.common.refusal import Refusal
from rally.stich_rallye.tricks import refusal

FLAT10 = "S" + "." * 9
FLAT20 = "S" + "." * 19
FLAT30 = "S" + "." * 29


def moved(game, cause=None):
    return [e for e in events_of(game, Moved) if cause is None or e.cause == cause]


# ------------------------------------------------------------------------------ S1


def test_s1_seat_zero_holds_the_flag_unless_the_caller_chooses():
    game = Game.new(4, seed=11)
    assert game.flag == 0 and game.current_player == 0
    chosen = Game.new(4, seed=11, first_player=2)
    assert chosen.flag == 2 and chosen.current_player == 2
    # Clockwise is increasing seat number, wrapping after the last seat.
    seen = []
    for _ in range(4):
        seen.append(chosen.current_player)
        chosen.apply(chosen.legal_actions()[0])
    assert seen == [2, 3, 0, 1]
    assert [e.seat for e in events_of(chosen, CardPlayed)] == [2, 3, 0, 1]


def test_s1_trick_starts_with_flag_holder_goes_clockwise_and_winner_takes_flag():
    # Round 1, three tricks done: Ada and Bo won one each, Cy won the last (so holds the
    # flag); Di lost all three (motor at 3, value 4), the others two each.
    game = build_game(
        4, track=FLAT20, flag=2,
        hands=["G7 R3", "G2 R4", "G5 R6", "G9 R8"],
        positions=[3, 5, 1, 0],
        motors=[2, 2, 2, 3],
    )
    order = []
    for card in cards("G5 G9 G7 G2"):
        order.append(game.current_player)
        game.apply(card)
    assert order == [2, 3, 0, 1]
    assert [e.seat for e in events_of(game, CardPlayed)] == [2, 3, 0, 1]
    # All green: the highest green, G9 of seat 3, wins; it moves 2 (the lowest card).
    won = events_of(game, TrickWon)
    assert [(e.seat, e.leader) for e in won] == [(3, 2)]
    # Di's motor is wound, so she chooses first (S8); she moves by the card alone.
    assert game.current_player == 3
    game.apply(Turbo(False))
    assert events_of(game, FlagTaken) == [FlagTaken(3, "trick")]
    assert game.flag == 3 and game.current_player == 3
    # From the grid: 1 J (seat 2), 2 C, 3 J (seat 0), 4 C -> progress 4.
    assert game.positions == (3, 5, 1, 4)
    # The next trick is led by the winner: seat 0 may not start it.
    with pytest.raises(IllegalAction) as info:
        game.apply("R3", seat=0)
    assert info.value.refusal == Refusal("turn", {"current": 3, "seat": 0, "current_name": "Di", "seat_name": "Ada"})


# ------------------------------------------------------------------------------ S2


@pytest.mark.parametrize("players, low, high", [(3, 2, 10), (4, 2, 13), (5, 1, 15)])
def test_s2_cards_in_play_by_player_count(players, low, high):
    cards_in_play = deck(players)
    expected = {Card(color, value) for color in Color for value in range(low, high + 1)}
    assert len(cards_in_play) == len(expected) == 3 * (high - low + 1)
    assert set(cards_in_play) == expected


@pytest.mark.parametrize("players", [0, 1, 2, 6, 7])
def test_s2_fewer_than_3_or_more_than_5_players_is_an_error(players):
    with pytest.raises(SetupError, match=f"players of Stich Rallye must be a whole number from 3 to 5, "
                                         rf"like 4, not {players}\.$"):
        deck(players)
    with pytest.raises(SetupError):
        Game.new(players)


# ------------------------------------------------------------------------------ S3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s3_each_round_deals_5_7_9_from_all_cards_in_play(players):
    in_play = set(deck(players))
    rounds_seen = set()
    for seed in range(40):
        game = Game.new(players, seed=seed)
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        for dealt in events_of(game, Dealt):
            k = HAND_SIZES[dealt.round - 1]
            assert [len(h) for h in dealt.hands] == [k] * players
            dealt_cards = [c for h in dealt.hands for c in h]
            assert len(set(dealt_cards)) == len(dealt_cards), "hands must be disjoint"
            assert set(dealt_cards) <= in_play
            rounds_seen.add(dealt.round)
        if rounds_seen == {1, 2, 3}:
            break
    assert rounds_seen == {1, 2, 3}
    # Each round shuffles *all* cards in play: cards dealt in round 1 come back in round 2.
    by_round = {d.round: {c for h in d.hands for c in h} for d in events_of(game, Dealt)}
    assert by_round[1] & by_round[2]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s3_the_rest_lie_aside_unseen(players):
    game = Game.new(players, seed=5)
    dealt = [c for h in game.hands for c in h]
    assert len(dealt) == 5 * players
    assert game.trick == () and game.discards == ()
    aside = set(deck(players)) - set(dealt)
    assert len(aside) == len(deck(players)) - 5 * players
    # Unseen: the saved game's hands, trick and discards name no card set aside.
    data = game.to_dict()
    visible = {Card.parse(t) for h in data["hands"] for t in h} | set(cards(data["trick"] + data["discards"]))
    assert visible == set(dealt)
    assert not visible & aside


def test_s3_a_new_deal_each_round_fills_hands_to_seven():
    # 3 players, last trick of round 1: after it, round 2 deals 7 cards each. Each car
    # won one of the first four tricks; Cy won the last with the turbo (motor at 0) and
    # leads, so her win below moves her at once.
    game = build_game(3, track=FLAT20, flag=2, hands=["R2", "R3", "R4"], positions=[4, 6, 8], motors=[3, 2, 0])
    play_cards(game, "R4 R2 R3")
    assert game.round == 2
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert game.discards == ()
    assert events_of(game, Dealt)[-1].round == 2


# ------------------------------------------------------------------------------ S4


def test_s4_holder_of_lead_color_must_follow_whatever_others_played():
    hand = cards("R2 G3 B4 G9")
    trick = cards("G11 R5 B7")  # others left green; the lead color is still green
    assert legal_plays(hand, trick) == cards("G3 G9")
    assert refusal(hand, trick, Card.parse("R2")) == Refusal(
        "S4.follow", {"color": Color.GREEN, "cards": tuple(cards("G3 G9"))})
    assert refusal(hand, trick, Card.parse("B4")).code == "S4.follow"
    assert refusal(hand, trick, Card.parse("G9")) is None
    assert why_illegal(hand, trick, Card.parse("G9")) is None


def test_s4_without_the_lead_color_any_card_may_be_played():
    hand = cards("R2 B4 B9")
    assert legal_plays(hand, cards("G11 G3")) == hand
    assert all(why_illegal(hand, cards("G11"), c) is None for c in hand)
    assert legal_plays(hand, []) == hand  # leading: anything


def test_s4_the_game_refuses_a_card_that_does_not_follow():
    # Round 1, three tricks done, one won by each car; Ada won the last.
    game = build_game(3, track=FLAT20, hands=["G9 R2", "R3 G3", "B4 R4"], positions=[4, 6, 8], motors=[0, 2, 1])
    game.apply("G9")
    assert game.legal_actions() == [Card.parse("G3")]
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply("R3")
    assert info.value.refusal == Refusal("S4.follow", {"color": Color.GREEN, "cards": (Card.parse("G3"),)})
    assert game.to_json() == before


# ------------------------------------------------------------------------------ S5


@pytest.mark.parametrize(
    "trick, winner, deciding, lowest",
    [
        ("G3 G9 G5", 1, Color.GREEN, 3),  # one color: highest wins
        ("R10 B2 R13 B5", 3, Color.BLUE, 2),  # second color decides, R13 does not count
        ("B9 B12 R3 G2 R8", 3, Color.GREEN, 2),  # third color decides even with one card
        ("R5 R9 G4 B1 G14", 3, Color.BLUE, 1),  # the *last new* color, not the last card's
        ("G2 R15 G1 G7 G9", 1, Color.RED, 1),  # R15 wins; the lowest card (G1) is another color
    ],
)
def test_s5_last_new_color_decides_highest_of_it_wins_lowest_value_moves(trick, winner, deciding, lowest):
    played = cards(trick)
    assert trick_winner(played) == winner
    explanation = explain_trick(played)
    assert explanation.winner == winner
    assert explanation.deciding_color is deciding
    assert explanation.lowest == lowest == min(c.value for c in played)
    assert explanation.winning_card == played[winner]
    assert f"moves {lowest}" in explanation.sentence


def test_s5_the_winner_moves_by_the_lowest_card_of_any_color():
    # Round 1, three tricks done, one won by each car; Ada won the last.
    game = build_game(3, track=FLAT20, hands=["R9 G9", "B2 G3", "R4 G4"], positions=[5, 10, 15], motors=[0, 2, 1])
    play_cards(game, "R9 B2 R4")
    # Colors red then blue: blue decides, B2 is the only blue -> seat 1 wins and moves 2.
    assert events_of(game, TrickWon)[0].seat == 1
    # Bo lost the last trick, so his motor is wound and he chooses (S8): without the
    # turbo he moves by the lowest card alone.
    game.apply(Turbo(False))
    assert game.positions == (5, 12, 15)


# ------------------------------------------------------------------------------ S6


def test_s6_progress_is_never_reset_space_and_laps_follow_from_it():
    track = Track.parse(FLAT10)
    m = move(track, {"a": 8, "b": 3}, "a", 4)
    # 9 C, 10 C (space 0, empty), 11 C, 12 C -> progress 12: space 2, one lap done.
    assert (m.final, m.space, m.laps_completed) == (12, 2, 1)
    # Round 1, three tricks done: Ada won two, Bo one; Cy lost all three.
    game = build_game(3, track=FLAT10, hands=["R9 G9", "R2 G2", "R3 G3"], positions=[12, 5, 0], motors=[0, 2, 3])
    assert game.spaces == (2, 5, 0) and game.laps == (1, 0, 0)


def test_s6_the_grid_holds_any_number_of_cars_other_spaces_one():
    track = Track.parse(FLAT10)
    m = move(track, {"a": 0, "b": 0, "c": 0, "d": 0}, "a", 1)
    assert m.final == 1  # three cars waited together on the grid
    with pytest.raises(PositionError, match="both on space 3"):
        move(track, {"a": 3, "b": 3}, "a", 1)
    # Progress 3 and 13 are the same space on a 10-space track (a lap apart).
    with pytest.raises(PositionError, match="both on space 3"):
        move(track, {"a": 3, "b": 13}, "a", 1)


# ------------------------------------------------------------------------------ S7


def test_s7_occupied_spaces_are_jumped_not_counted():
    track = Track.parse(FLAT10)
    m = move(track, {"A": 1, "B": 2, "C": 4}, "A", 3)
    # 2 J (B), 3 C, 4 J (C), 5 C, 6 C -> 6.
    assert m.final == 6
    assert path_summary(m) == [(2, "jumped", "B"), (3, "counted", None), (4, "jumped", "C"),
                               (5, "counted", None), (6, "counted", None)]
    assert m.jumped == ("B", "C")


def test_s7_a_car_on_the_grid_is_jumped_when_passing_the_start():
    track = Track.parse(FLAT10)
    m = move(track, {"A": 8, "B": 0}, "A", 3)
    # 9 C, 10 J (B waits on the grid, space 0), 11 C, 12 C -> 12.
    assert m.final == 12
    assert (10, "jumped", "B") in path_summary(m)


def test_s7_cars_a_lap_ahead_or_behind_are_jumped():
    track = Track.parse(FLAT10)
    # B is a lap ahead on space 3: A from 1: 2 C, 3 J, 4 C -> 4.
    assert move(track, {"A": 1, "B": 13}, "A", 2).final == 4
    # B is a lap behind on space 4: A from 12: 13 C, 14 J, 15 C -> 15.
    assert move(track, {"A": 12, "B": 4}, "A", 2).final == 15


# ------------------------------------------------------------------------------ S8


def _turbo_game(motors, dial=DEFAULT_DIAL, track=FLAT20, positions=(5, 7, 0), round=2):
    """Ada leads R9, Bo R3, Cy R4: only red, Ada's R9 wins, the car moves 3.

    Two cards left: 5 tricks of round 2 are done (7 of round 3). Ada won the last, so
    Bo and Cy lost it and their motors are wound (S11); a motor can be at most as far
    round as the tricks its player lost (``round=3`` allows up to 7)."""
    game = build_game(3, track=track, hands=["R9 G9", "R3 G3", "R4 G4"], positions=list(positions),
                      motors=motors, dial=dial, round=round)
    play_cards(game, "R9 R3 R4")
    return game


def test_s8_winner_with_motor_above_zero_chooses_and_turbo_adds_whole_value():
    game = _turbo_game([3, 1, 1])  # Ada's motor at position 3: value 4
    assert game.current_player == 0
    assert game.legal_actions() == [Turbo(True), Turbo(False)]
    assert game.positions == (5, 7, 0)  # nothing moves before the choice
    game.apply(Turbo(True))
    # 3 + 4 = 7 counted from 5: 6 C, 7 J (Bo), 8..13 C -> 13.
    assert game.positions == (13, 7, 0)
    assert game.motors == (0, 2, 2)  # used motor back to 0; losers wound one on
    assert events_of(game, TurboUsed) == [TurboUsed(0, 4)]
    assert moved(game)[0].move.steps == 7


def test_s8_declining_moves_the_lowest_value_alone_and_keeps_the_motor():
    game = _turbo_game([3, 1, 1])
    game.apply(Turbo(False))
    # 3 counted from 5: 6 C, 7 J (Bo), 8 C, 9 C -> 9.
    assert game.positions == (9, 7, 0)
    assert game.motors == (3, 2, 2)
    assert events_of(game, TurboDeclined) == [TurboDeclined(0, 4)]


def test_s8_no_choice_when_the_winners_motor_value_is_zero():
    game = _turbo_game([0, 1, 1])
    assert isinstance(game.legal_actions()[0], Card)  # straight on to the next trick
    assert game.positions == (9, 7, 0)
    assert not events_of(game, TurboUsed) and not events_of(game, TurboDeclined)
    # "Value above 0", not "position above 0": on this dial position 2 has value 0.
    # (Cy's motor at 0 was over-wound: four of the five tricks lost on a 4-position dial.)
    game = _turbo_game([2, 1, 0], dial=(0, 3, 0, 5))
    assert isinstance(game.legal_actions()[0], Card)
    assert game.positions == (9, 7, 0)
    assert game.motors == (2, 2, 1)  # the winner's motor is not wound


def test_s8_nobody_else_may_use_a_motor():
    game = _turbo_game([3, 5, 6], round=3)  # Bo and Cy have wound motors too
    before = game.to_json()
    for seat in (1, 2):
        with pytest.raises(IllegalAction, match="Ada won the trick"):
            game.apply(Turbo(True), seat=seat)
    with pytest.raises(IllegalAction, match="must first choose"):
        game.apply("G3")
    assert game.to_json() == before
    game.apply(Turbo(False))
    with pytest.raises(IllegalAction) as info:
        game.apply(Turbo(True))  # during play, nobody may fire a motor
    assert info.value.refusal.code == "S8.winner_only"


# ------------------------------------------------------------------------------ S9


def test_s9_ending_on_downhill_rolls_forward_past_cars_and_hills():
    track = Track.parse("S...DU......")
    # A from 2 counts 3, 4 (D) and ends on a downhill: it rolls on, passing the
    # uphill on 5 (a further hill on the way) to the first empty flat space, 6.
    m = move(track, {"A": 2}, "A", 2)
    assert (m.final, m.counted_end, m.roll) == (6, 4, "downhill")
    # With B on 6 and C on 7 it passes both and stops on 8.
    m = move(track, {"A": 2, "B": 6, "C": 7}, "A", 2)
    assert m.final == 8
    assert path_summary(m)[2:] == [(5, "rolled", None), (6, "rolled", "B"), (7, "rolled", "C"),
                                   (8, "rolled", None)]


def test_s9_ending_on_uphill_rolls_back_to_last_empty_flat_space():
    track = Track.parse("S.....UU....")
    # A from 3: 4 C, 5 C, 6 C (uphill) -> back to 5.
    assert move(track, {"A": 3}, "A", 3).final == 5
    # Ending on the second uphill (7) passes the first (6) on the way back: 5.
    m = move(track, {"A": 3}, "A", 4)
    assert (m.final, m.counted_end, m.roll) == (5, 7, "uphill")
    # B on 5 and C on 4: A from 3: 4 J, 5 J, 6 C (uphill) -> back past C and B to 3,
    # the space it left (empty now).
    m = move(track, {"A": 3, "B": 5, "C": 4}, "A", 1)
    assert (m.counted_end, m.final) == (6, 3)


def test_s9_a_backward_roll_stops_at_the_grid():
    track = Track.parse("S.U.......")
    # From the grid: 1 J (B), 2 C (uphill) -> back: 1 is B's, so to the grid, progress 0.
    m = move(track, {"A": 0, "B": 1, "C": 0}, "A", 1)
    assert (m.final, m.roll) == (0, "uphill")
    # Engine decision D2: the grid takes the car even when a car a lap ahead stands
    # on space 0 (progress 10); it is the grid, not space 0 of lap 1.
    m = move(track, {"A": 0, "B": 1, "C": 10}, "A", 1)
    assert m.final == 0


def test_s9_hills_passed_while_counting_do_not_roll():
    track = Track.parse("S..DD..U....")
    # From 1: 2, 3 (D), 4 (D), 5, 6 -> ends on flat 6; the hills on the way do nothing.
    m = move(track, {"A": 1}, "A", 5)
    assert (m.final, m.roll) == (6, None)
    # A zero move rolls nowhere.
    assert move(track, {"A": 1}, "A", 0).final == 1


def test_s9_a_downhill_roll_can_carry_a_car_over_the_finish_line():
    track = Track.parse("S......D..")
    # From 5: 6 C, 7 C (D) -> roll: 8 (B), 9 (C), 10 = space 0, empty -> lap completed.
    m = move(track, {"A": 5, "B": 8, "C": 9}, "A", 2)
    assert (m.final, m.space, m.laps_completed) == (10, 0, 1)


HILL20 = "S....DD............."  # downhill on 5 and 6


def test_s9_turbo_is_part_of_the_whole_move_rolls_only_at_its_end():
    # Ada wins R9/R3/R4 and moves 3 from 2; her motor (position 3) is worth 4.
    game = _turbo_game([3, 1, 1], track=HILL20, positions=(2, 10, 12))
    game.apply(Turbo(True))
    # 7 counted from 2: 3, 4, 5 (D), 6 (D), 7, 8, 9 -> stops on flat 9, no roll on 5.
    mv = moved(game)[0].move
    assert (mv.final, mv.roll) == (9, None)
    # Declining: 3, 4, 5 (D) -> rolls past 6 (D) to 7, and the motor is not added after.
    game = _turbo_game([3, 1, 1], track=HILL20, positions=(2, 10, 12))
    game.apply(Turbo(False))
    mv = moved(game)[0].move
    assert (mv.final, mv.roll) == (7, "downhill")
    assert game.positions[0] == 7 and game.motors[0] == 3
    assert game.current_player == 0 and isinstance(game.legal_actions()[0], Card)


# ------------------------------------------------------------------------------ S10


def test_s10_track_text_round_trip_and_space_kinds():
    track = Track.parse("S..DD..U..")
    assert str(track) == "S..DD..U.." and len(track) == 10
    assert [track.kind(i) for i in (0, 1, 3, 7)] == [SpaceKind.START, SpaceKind.FLAT, SpaceKind.DOWNHILL,
                                                      SpaceKind.UPHILL]
    assert track.kind(13) is SpaceKind.DOWNHILL  # taken around the loop


@pytest.mark.parametrize(
    "text, fragment",
    [
        (".S...", "starts with the start/finish space S"),
        ("S..S..", "space 3 is also 'S'"),
        ("SD....", "right after the start must be flat"),
        ("S...U", "right before the start must be flat"),
        ("S..X..", "“X” at space 3 is not a track letter"),
    ],
)
def test_s10_tracks_breaking_the_rules_are_refused(text, fragment):
    with pytest.raises(TrackError, match=fragment):
        Track.parse(text)


@pytest.mark.parametrize("name", ["volcano", "beach"])
def test_s10_built_in_tracks_are_valid_models(name):
    track = TRACKS[name]
    text = str(track)
    assert 28 <= len(track) <= 32
    assert text[0] == "S" and "S" not in text[1:]
    assert text[1] == "." and text[-1] == "."  # flat before and after the start
    # Every run of hill spaces has flat spaces on both sides.
    for i, ch in enumerate(text):
        if ch in "DU":
            left = i
            while text[left] in "DU":
                left -= 1
            right = i
            while text[right % len(text)] in "DU":
                right += 1
            assert text[left] in ".S" and text[right % len(text)] in ".S"
    assert Track.parse(text) == track


def test_s10_volcano_has_more_downhill_spaces_than_beach():
    assert TRACKS["volcano"].count(SpaceKind.DOWNHILL) > TRACKS["beach"].count(SpaceKind.DOWNHILL)


def test_s10_users_can_play_on_their_own_track():
    game = Game.new(3, track="S..D...U....", seed=1)
    assert str(game.track) == "S..D...U...."
    play_out(game, [RandomBot()] * 3, random.Random(1))
    assert game.is_over


# ------------------------------------------------------------------------------ S11


def test_s11_default_dial_and_winding_with_over_winding():
    assert DEFAULT_DIAL == (0, 1, 2, 4, 7, 11, 16, 10, 5)
    motor = Motor()
    values = []
    for _ in range(9):
        motor = motor.wound()
        values.append((motor.position, motor.value))
    # Nine positions, then past the ninth back to position 0: the energy is lost.
    assert values == [(1, 1), (2, 2), (3, 4), (4, 7), (5, 11), (6, 16), (7, 10), (8, 5), (0, 0)]
    # The same walk, motor by motor from where it starts (the review counts a kept motor on by it).
    assert [(m.position, m.value) for m in Motor().winding(9)] == [(0, 0), *values]
    assert Motor(7).winding(3) == (Motor(7), Motor(8), Motor(0), Motor(1)) and Motor(7).winding(0) == (Motor(7),)
    assert Motor(6).over_winds_next() and not Motor(5).over_winds_next()
    assert Motor(7).released() == Motor(0)


def test_s11_any_dial_starting_with_zero_may_be_given():
    assert check_dial([0, 5]) == (0, 5)
    assert Motor(1, (0, 5)).wound() == Motor(0, (0, 5))
    with pytest.raises(SetupError, match="must start with value 0"):
        check_dial([3, 5])


def test_s11_losing_a_trick_winds_one_position_and_the_last_wraps_to_zero():
    # The last trick of round 3 (8 tricks done, so a motor can be on the last
    # position): Ada wins R9/R3/R4 with an empty motor; Bo's motor is on the last
    # position (8), Cy's on 6 (value 16).
    game = build_game(3, track=FLAT20, hands=["R9", "R3", "R4"], positions=[5, 7, 0], motors=[0, 8, 6], round=3)
    play_cards(game, "R9 R3 R4")
    assert events_of(game, MotorWound) == [MotorWound(1, 0, 0), MotorWound(2, 7, 10)]
    # The round (and game) then ends: only Cy's wound motor (10) moves a car.
    assert [(e.seat, e.value) for e in events_of(game, MotorReleased) if e.value] == [(2, 10)]


def test_s11_with_a_custom_dial_over_winding_wraps_after_its_last_position():
    # On a two-position dial Cy's motor at 0 lost two tricks (the last one over-wound it).
    game = _turbo_game([0, 1, 0], dial=(0, 5))
    assert game.motors == (0, 0, 1)
    assert game.motor_values == (0, 0, 5)


def test_s11_every_motor_is_back_at_zero_when_a_round_starts():
    # Last trick of round 1; a custom dial where position 2 has value 0.
    game = build_game(3, track=FLAT20, hands=["R2", "R3", "R9"], positions=[4, 6, 8],
                      motors=[1, 1, 3], dial=(0, 3, 0, 5))
    play_cards(game, "R2 R3 R9")  # Cy wins with R9 (motor value 5 -> choice)
    game.apply(Turbo(False))  # keeps the motor wound into the round end
    assert game.round == 2
    assert game.motors == (0, 0, 0)
    # Round 2's first trick winds from position 0: losers go to position 1.
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    wound = events_of(game, MotorWound)[-2:]
    assert [w.position for w in wound] == [1, 1]


# ------------------------------------------------------------------------------ S12


def test_s12_round_end_release_order_and_grid_ties_from_seat_after_flag_holder():
    # Track: 2 is an uphill. 5 players, last trick of round 1, Di (seat 3) leads: she
    # won the fourth trick but rolled back to the grid from the uphill; Bo and Cy won a
    # trick each; everyone but Di lost the fourth, so their motors are wound.
    track = "S.U" + "." * 27
    game = build_game(
        5, track=track, flag=3,
        hands=["R1", "R5", "R6", "R10", "R3"],
        positions=[0, 1, 7, 0, 0],
        motors=[2, 1, 3, 2, 1],
    )
    play_cards(game, "R10 R3 R1 R5 R6")
    # Di's R10 wins (only red), moves 1; her motor shows 2 so she chooses: she keeps it.
    assert game.current_player == 3
    game.apply(Turbo(False))
    # Di from the grid: 1 J (Bo), 2 C = uphill -> back past Bo on 1 to the grid (S9).
    # So at the round's end Ada, Di (the flag holder) and Ed wait on the grid.
    # Motors after the trick: Ada 3 (value 4), Bo 2 (2), Cy 4 (7), Di 2 (2), Ed 2 (2).
    # Order: grid ties from the seat after the flag holder (Di=3): Ed, Ada, then Di
    # herself; then Bo (progress 1), then Cy (7).
    ended = events_of(game, RoundEnded)
    assert [(e.round, e.order) for e in ended] == [(1, (4, 0, 3, 1, 2))]
    assert [(e.seat, e.value) for e in events_of(game, MotorReleased)] == [
        (4, 2), (0, 4), (3, 2), (1, 2), (2, 7)]
    # Ed 2 from grid: 1 J (Bo), 2 C (uphill), 3 C -> 3 (flat, no roll).
    # Ada 4 from grid: 1 J, 2 C, 3 J (Ed), 4 C, 5 C, 6 C -> 6.
    # Di 2 from grid: 1 J, 2 C, 3 J, 4 C -> 4.
    # Bo 2 from 1: 2 C (uphill, but the move goes on), 3 J (Ed), 4 J (Di), 5 C -> 5.
    # Cy 7 from 7: 8..14 C -> 14.
    finals = [(e.seat, e.move.final) for e in moved(game, "motor")]
    assert finals == [(4, 3), (0, 6), (3, 4), (1, 5), (2, 14)]
    assert [e.move.roll for e in moved(game, "motor")] == [None] * 5
    assert game.positions == (6, 5, 14, 4, 3)
    # Afterwards the car with the greatest progress (Cy) takes the flag, motors are 0.
    assert events_of(game, FlagTaken)[-1] == FlagTaken(2, "leader")
    assert game.flag == 2 and game.current_player == 2
    assert game.motors == (0,) * 5
    assert game.round == 2 and [len(h) for h in game.hands] == [7] * 5


def test_s12_round_end_follows_s7_s9_and_a_zero_motor_moves_nothing():
    # Track: downhill on 6 and 7. Dial with value = position, for easy counting.
    # Round 1, four tricks done: Ada won one, Cy the last (with the turbo, so her motor
    # is at 0 and she leads); Bo lost all four.
    dial = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    game = build_game(3, track="S.....DD......", flag=2, hands=["R2", "R3", "R10"], positions=[3, 0, 10],
                      motors=[3, 4, 0], dial=dial)
    play_cards(game, "R10 R2 R3")
    # Cy wins (R10) with an empty motor: 11 C, 12 C -> 12. Ada 3 -> 4, Bo 4 -> 5.
    # Order: Bo (0), Ada (3), Cy (12).
    assert events_of(game, RoundEnded)[0].order == (1, 0, 2)
    # Bo 5 from grid: 1, 2, 3 J (Ada), 4, 5, 6 (D) -> rolls past 7 (D) to 8.
    # Ada 4 from 3: 4, 5, 6, 7 (D) -> rolls past Bo on 8 to 9.
    # Cy's motor shows 0: released, no move.
    assert [(e.seat, e.value) for e in events_of(game, MotorReleased)] == [(1, 5), (0, 4), (2, 0)]
    assert [(e.seat, e.move.final, e.move.roll) for e in moved(game, "motor")] == [
        (1, 8, "downhill"), (0, 9, "downhill")]
    assert game.positions == (9, 8, 12)
    assert game.flag == 2  # Cy still leads


def test_s12_release_order_with_everyone_on_the_grid():
    game = Game.new(5, seed=3, first_player=2)
    assert game.release_order() == [3, 4, 0, 1, 2]
    assert Game.new(4, seed=3).release_order() == [1, 2, 3, 0]


def test_s12_release_order_function_last_place_first_grid_ties_after_flag():
    from rally import release_order

    # Grid: seats 0 and 2; flag holder 2, so the tie starts at seat 3 (not on the
    # grid), then 0, then 2 itself; then seat 3 (progress 3), then seat 1 (7).
    assert release_order([0, 7, 0, 3], flag=2) == [0, 2, 3, 1]
    # Flag holder 0: ties start at seat 1.
    assert release_order([0, 0, 5, 0], flag=0) == [1, 3, 0, 2]


# ------------------------------------------------------------------------------ S13


def test_s13_reaching_n_completes_the_first_lap():
    # Round 1, three tricks done, one won by each car; Ada won the last.
    game = build_game(3, track=FLAT10, hands=["R9 G9", "R3 G3", "R4 G4"], positions=[8, 5, 3], motors=[0, 2, 1])
    play_cards(game, "R9 R3 R4")
    # Ada moves 3 from 8: 9, 10 (space 0, empty), 11 -> 11: lap 1 done, space 1.
    assert game.positions == (11, 5, 3)
    assert game.laps == (1, 0, 0) and game.spaces == (1, 5, 3)
    assert events_of(game, LapCompleted) == [LapCompleted(0, 1)]
    assert not game.is_over


def test_s13_second_lap_ends_the_game_at_once_mid_round():
    # Round 3, seven tricks done; Ada won the last.
    game = build_game(3, track=FLAT10, round=3, hands=["R9 G9", "R3 G3", "R4 G4"], positions=[18, 5, 3],
                      motors=[0, 2, 1])
    play_cards(game, "R9 R3 R4")
    # Ada moves 3 from 18: 19, 20, 21 -> progress 21 >= 2N = 20: she wins at once,
    # though everyone still holds a card.
    assert game.is_over and game.winner == 0
    assert game.events[-2:] == (LapCompleted(0, 2), GameWon(0, "second lap"))
    assert [len(h) for h in game.hands] == [1, 1, 1]
    with pytest.raises(IllegalAction) as info:
        game.apply("G3")
    assert info.value.refusal == Refusal("over", {"winner": 0, "name": "Ada"})


def test_s13_win_in_the_middle_of_a_round_end_leaves_later_motors_unreleased():
    # The last trick of round 3: Cy won the one before with the turbo (motor at 0) and leads.
    game = build_game(3, track=FLAT10, flag=2, hands=["R5", "R2", "R9"], positions=[15, 17, 13],
                      motors=[3, 5, 0], round=3)
    play_cards(game, "R9 R5 R2")
    # Cy wins (R9), empty motor, moves 2: 14 C, 15 J (Ada), 16 C -> 16.
    # Motors: Ada 4 (value 7), Bo 6 (value 16). Order: Ada 15, Cy 16, Bo 17.
    assert events_of(game, RoundEnded)[0].order == (0, 2, 1)
    # Ada 7 from 15: 16 J (Cy), 17 J (Bo), 18, 19, 20, 21, 22, 23, 24 -> 24 >= 20.
    # She wins at once, although Bo's motor (16) would have carried him further.
    assert game.is_over and game.winner == 0
    assert game.positions == (24, 17, 16)
    assert [(e.seat, e.value) for e in events_of(game, MotorReleased)] == [(0, 7)]
    assert game.events[-2:] == (LapCompleted(0, 2), GameWon(0, "second lap"))
    assert not [e for e in events_of(game, FlagTaken) if e.reason == "leader"]
    # Engine decision D6: motors not yet released keep their positions.
    assert game.motors == (0, 6, 0)
    assert game.round == 3


def test_s13_rolls_count_a_downhill_roll_onto_2n_wins():
    # Round 2, five tricks done; Ada won the last.
    game = build_game(3, track="S......D..", round=2, hands=["R9 G9", "R2 G2", "R3 G3"], positions=[15, 8, 9],
                      motors=[0, 2, 1])
    play_cards(game, "R9 R2 R3")
    # Ada from 15: 16 C, 17 C (downhill) -> rolls past Bo (8) and Cy (9) to 20 = 2N.
    assert game.is_over and game.winner == 0
    mv = moved(game)[-1].move
    assert (mv.counted_end, mv.final, mv.roll) == (17, 20, "downhill")
    assert game.events[-1] == GameWon(0, "second lap")


def test_s13_rolls_count_an_uphill_roll_back_below_2n_does_not_win():
    # Round 2, five tricks done; Ada won the last.
    game = build_game(3, track="S.U.......", round=2, hands=["R9 G9", "R3 G3", "R4 G4"], positions=[17, 1, 0],
                      motors=[0, 2, 1])
    play_cards(game, "R9 R3 R4")
    # Ada moves 3 from 17: 18 C, 19 C, 20 J (Cy on the grid), 21 J (Bo), 22 C (uphill);
    # she counted past 2N = 20 but rolls back past 21 and 20 to 19: no win.
    mv = moved(game)[-1].move
    assert (mv.counted_end, mv.final, mv.roll) == (22, 19, "uphill")
    assert not game.is_over and game.winner is None
    assert not events_of(game, GameWon) and not events_of(game, LapCompleted)
    assert game.positions == (19, 1, 0)


def test_s13_after_round_3_the_leader_wins():
    # The last trick of round 3: Cy won the one before with the turbo (motor at 0) and leads.
    game = build_game(3, track=FLAT30, round=3, flag=2, hands=["R2", "R3", "R4"], positions=[20, 25, 10],
                      motors=[3, 1, 0])
    play_cards(game, "R4 R2 R3")
    # Cy (R4) moves 2: 12. Motors: Ada 4 (value 7), Bo 2 (value 2), Cy 0.
    # Order: Cy 12 (moves nothing), Ada 20, Bo 25.
    # Ada 7 from 20: 21, 22, 23, 24, 25 J (Bo), 26, 27, 28 -> 28. Bo 2: 26, 27 -> 27.
    # Nobody reached 2N = 60: the leader after the round's end, Ada, wins.
    assert game.positions == (28, 27, 12)
    assert game.is_over and game.winner == 0 and game.round == 3
    assert game.events[-2:] == (FlagTaken(0, "leader"), GameWon(0, "leader"))
    assert sum(isinstance(e, GameWon) for e in game.events) == 1
    assert not events_of(game, Dealt)  # no fourth round


def test_s13_rolling_back_across_the_finish_line_loses_the_lap_again():
    # Engine decision D7 (the rulings are silent): laps are always progress // N, so a
    # car that rolls back over the finish line is on its first lap again, and no
    # LapCompleted is logged for that move.
    # 5 players (for a value-1 card); uphill on space 2; Ada stands on space 0 a lap
    # on (progress 10) while Cy, Di and Ed still wait on the grid; Bo is on space 1.
    # Round 1, three tricks done: Ada won two (the last one too), Bo one.
    game = build_game(5, track="S.U.......", hands=["R9 G9", "R1 G1", "R2 G2", "R3 G3", "R4 G4"],
                      positions=[10, 1, 0, 0, 0], motors=[0, 2, 3, 3, 3])
    assert game.laps == (1, 0, 0, 0, 0)
    play_cards(game, "R9 R1 R2 R3 R4")
    # Ada (R9) moves 1 from 10: 11 J (Bo), 12 C (uphill) -> back past Bo (11) and
    # the grid cars' space 0 (10) to 9: progress 9, lap 0 again.
    mv = moved(game)[-1].move
    assert (mv.start, mv.counted_end, mv.final, mv.roll) == (10, 12, 9, "uphill")
    assert game.positions[0] == 9 and game.laps[0] == 0 and game.spaces[0] == 9
    assert not events_of(game, LapCompleted)
    # ... and the loss is told, in the move and as an event of its own.
    assert mv.describe(game.names).endswith("That takes it back behind the finish line: lap 1 no longer counts.")
    assert events_of(game, LapLost) == [LapLost(0, 1)]
    assert "lap 1 no longer counts" in LapLost(0, 1).describe(game.names)
