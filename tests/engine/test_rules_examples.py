"""The worked examples of the English rulebook (shared/rules/stich-rallye-rules-en.txt).

Players as in the rulebook's pictures: Emmet, Michael, Nyota and Ray, in seats 0-3.
"""

from __future__ import annotations

import pytest

from conftest import build_game, cards, events_of, path_summary, play_cards
from rally import (
    Color, FlagTaken, MotorWound, Moved, Track, TrickWon, Turbo, TurboUsed, explain_trick, move,
    trick_winner,
)

NAMES = ["Emmet", "Michael", "Nyota", "Ray"]


# Example 1: Emmet green 11, Michael red 5 (no green), Nyota blue 7 (no green),
# Ray green 3 (must follow green). Three colors: blue came third, so the highest
# blue wins: Nyota.
def test_example_1_third_color_wins_the_trick():
    trick = cards("G11 R5 B7 G3")
    assert trick_winner(trick) == 2
    explanation = explain_trick(trick)
    assert explanation.winner == 2
    assert explanation.colors == (Color.GREEN, Color.RED, Color.BLUE)
    assert explanation.deciding_color is Color.BLUE
    assert explanation.winning_card == cards("B7")[0]
    assert explanation.lowest == 3
    sentence = explanation.sentence.lower()
    assert "blue" in sentence and "third" in sentence
    assert "moves 3" in sentence


# Example 2: Nyota uses her motor: 3 spaces for the trick plus 1 for the motor, 4 in
# all, jumping Michael's car on the way; the jumped space is not counted.
def test_example_2_turbo_move_jumps_a_car_without_counting_it():
    track = Track.parse("S" + "." * 15)
    m = move(track, {"Nyota": 2, "Michael": 4}, "Nyota", 3 + 1)
    # 3 C, 4 J (Michael), 5 C, 6 C, 7 C: four counted spaces, progress 7.
    assert m.final == 7
    assert path_summary(m) == [(3, "counted", None), (4, "jumped", "Michael"), (5, "counted", None),
                               (6, "counted", None), (7, "counted", None)]
    assert sum(step.how.value == "counted" for step in m.path) == 4
    assert m.jumped == ("Michael",)
    assert "jumping Michael on space 4" in m.describe()


def test_example_2_in_a_game_nyota_wins_example_1_and_fires_her_motor():
    # The rulebook gives the trick and the motor's value, not the moment, so we chose a
    # moment of round 1 a real game reaches: three tricks are done. Michael won the
    # first (lowest card 5: from the grid to 5); Nyota the second, adding the 1 her motor
    # had from losing the first (2 + 1: to 3), which set it back to 0; Emmet the third
    # (2: to 2), keeping his motor at 2; Ray lost all three. Everyone but Emmet lost the
    # third trick, so Nyota's motor is at position 1 (value 1 on the default dial), as
    # in the rulebook, and Emmet holds the flag and leads the trick of example 1.
    game = build_game(
        4, track="S" + "." * 15, names=NAMES, flag=0,
        hands=["G11 R13", "R5 R12", "B7 B13", "G3 G13"],
        positions=[2, 5, 3, 0],
        motors=[2, 2, 1, 3],
    )
    play_cards(game, "G11 R5 B7 G3")
    won = events_of(game, TrickWon)
    assert [(e.seat, e.leader) for e in won] == [(2, 0)]
    assert "third" in won[0].explanation.sentence
    assert sorted(e.seat for e in events_of(game, MotorWound)) == [0, 1, 3]
    # Her motor shows 1, so she chooses; she adds it.
    assert game.current_player == 2
    assert game.legal_actions() == [Turbo(True), Turbo(False)]
    game.apply(Turbo(True), seat=2)
    assert events_of(game, TurboUsed) == [TurboUsed(2, 1)]
    (mv,) = events_of(game, Moved)
    assert (mv.seat, mv.cause, mv.move.steps) == (2, "trick", 4)
    # From 3: 4 C, 5 J (Michael), 6 C, 7 C, 8 C -> 8: Michael's car jumped, not counted.
    assert mv.move.final == 8 and mv.move.jumped == (1,)
    assert game.positions == (2, 5, 8, 0)
    assert game.motors == (3, 3, 0, 4)
    assert events_of(game, FlagTaken) == [FlagTaken(2, "trick")]
    assert game.current_player == 2


# Example 3: Michael moves 2 for the red 2, ends on a downhill and rolls down past
# Nyota's car standing right after the hill, to the next empty flat space.
def test_example_3_downhill_roll_passes_the_car_right_after_the_hill():
    track = Track.parse("S...DD......")  # downhill on spaces 4 and 5
    m = move(track, {"Michael": 3, "Nyota": 6}, "Michael", 2)
    # 4 C, 5 C (downhill) -> rolls: 6 holds Nyota, passed; 7 is flat and empty.
    assert (m.counted_end, m.roll, m.final) == (5, "downhill", 7)
    assert path_summary(m) == [(4, "counted", None), (5, "counted", None), (6, "rolled", "Nyota"),
                               (7, "rolled", None)]
    assert m.jumped == ()  # passing while rolling is not a jump while counting
    assert "past Nyota" in m.describe()


@pytest.mark.parametrize("nyota", [6, 8])
def test_example_3_without_nyota_in_the_way_the_roll_stops_right_after_the_hill(nyota):
    track = Track.parse("S...DD......")
    m = move(track, {"Michael": 3, "Nyota": nyota}, "Michael", 2)
    assert m.final == (7 if nyota == 6 else 6)
