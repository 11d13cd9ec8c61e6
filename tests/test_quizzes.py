"""The lessons' quizzes accept right answers and reject wrong ones with an explanation.

The expected answers here are worked out by hand from the rulings, not read from the
engine, so a quiz that drifted from the rules would fail.
"""

import pytest

from widgets.quizzes import motor_quiz, moving_quiz, rally_run_quiz, round_end_quiz, tricks_quiz


def drive(quiz, index: int, answer: str):
    quiz.index = index
    quiz._show()
    return quiz.answer(answer)


# (quiz factory, question index, right answer, a wrong answer, fragment of the wrong answer's feedback)
CASES = [
    # G11 R5 B7 G3: blue is the third color, its highest (and only) card B7 wins (S5).
    (tricks_quiz, 0, "Cy", "Ada", "blue was the third color played"),
    # One color only: the highest red, 12, wins.
    (tricks_quiz, 1, "Bo", "Cy", "only red was played"),
    # B6 B2 G3 B14: green is the second (last new) color, so G3 beats B14.
    (tricks_quiz, 2, "Cy", "Di", "green was the second color played"),
    # G9 R2 G13 R10 B1: blue appears last, so B1 wins.
    (tricks_quiz, 3, "Ed", "Cy", "blue was the third color played"),
    # Lead green, hand R2 G5 B9 G12: must follow green (S4).
    (tricks_quiz, 4, "G12", "R2", "You must follow green: you hold G5 and G12."),
    # Dial 0,1,2,4,...: three losses from 0 reach position 3, value 4.
    (motor_quiz, 0, "4", "7", "0 → 1 → 2 → 4"),
    # From position 5 (11): 16 then 10.
    (motor_quiz, 1, "10", "16", "11 → 16 → 10"),
    # From position 7 (10): 5, then past the last position back to 0.
    (motor_quiz, 2, "0", "5", "energy is lost"),
    # Turbo is all or nothing: 3 + 7.
    (motor_quiz, 3, "10", "3", "without the turbo"),
    # Ada from 2 moves 3: 3 counts, 4 holds Bo (jumped), 5, 6 count: stops on 6 (S7).
    (moving_quiz, 0, "6", "5", "jumps Bo on space 4"),
    # Ada from 2 moves 3: ends on downhill 5; rolls over 6 (hill) and 7 (Bo) to 8 (S9).
    (moving_quiz, 1, "8", "5", "rolls forward, past Bo, to space 8"),
    # Ada from 1 moves 3: 2, 3, (4 Bo jumped), 5 uphill: rolls back over Bo on 4 to 3.
    (moving_quiz, 2, "3", "5", "rolls back, past Bo, to space 3"),
    # Lowest progress first: Bo (5).
    (round_end_quiz, 0, "Bo", "Cy", "Last place goes first: Bo, then Di, then Ada, then Cy."),
    # Ada, Cy, Di on the grid, Ada holds the flag: seat order from Bo (seat 1) on: Cy, Di, Ada (S12).
    (round_end_quiz, 1, "Cy", "Ada", "starting with the seat after Ada"),
    # Cy holds the flag; seat after Cy is Ada: Ada, then Bo.
    (round_end_quiz, 2, "Ada", "Bo", "Last place goes first: Ada, then Bo, then Cy."),
    # Rally Run. From B1 (curve south-west) Ada enters B2 from the north: a curve must open
    # north, so north-east or north-west (M3).
    (rally_run_quiz, 0, "2", "4", "must open to the north: 2 ways"),
    # A crossroads has a single look (R10), and it meets every road.
    (rally_run_quiz, 1, "1", "4", "one way: a crossroads"),
    # Bo just swapped A4 and B5: A4 may not be swapped right away (M3, R9) ...
    (rally_run_quiz, 2, "No", "Yes", "neither may be swapped again right away"),
    # ... but D2 and D4 may.
    (rally_run_quiz, 3, "Yes", "No", "neither is one of the two Bo just swapped"),
    # Bo still stands on B2, so it stays face up (M3, R11) ...
    (rally_run_quiz, 4, "It stays face up", "It goes face down", "Bo still stands on B2"),
    # ... and with nobody left on it, it turns face down.
    (rally_run_quiz, 5, "It goes face down", "It stays face up", "No other car stands on B2"),
    # A straight north-south on A1 does not lead west to the red start-finish (M5, R5).
    (rally_run_quiz, 6, "No", "Yes", "no road leaves it to the west"),
    # A curve open south and west does: with the red trophy she finishes and wins.
    (rally_run_quiz, 7, "Yes", "No", "She drives onto it and wins"),
    # The same road, but the green trophy: her finish is the green tile beside E5 (M5).
    (rally_run_quiz, 8, "No", "Yes", "finish is the green start-finish tile beside E5"),
]


@pytest.mark.parametrize("factory, index, right, wrong, fragment", CASES)
def test_quiz_rejects_wrong_with_explanation_and_accepts_right(factory, index, right, wrong, fragment):
    quiz = factory()
    rejected = drive(quiz, index, wrong)
    assert not rejected.correct
    assert fragment in rejected.message
    assert "✘" in quiz.feedback.value and fragment.split(":")[0] in quiz.feedback.value
    accepted = drive(quiz, index, right)
    assert accepted.correct
    assert "✔" in quiz.feedback.value
    assert quiz.right == 1 and quiz.tries == 2


def test_any_card_is_right_when_you_cannot_follow():
    quiz = tricks_quiz()
    for card in ("R3", "B8", "B13"):
        feedback = drive(quiz, 5, card)
        assert feedback.correct and "You hold no green" in feedback.message


def test_check_without_a_choice_asks_for_one_and_counts_nothing():
    quiz = tricks_quiz()
    quiz.check_button.click()
    assert "Pick an answer first" in quiz.feedback.value
    assert quiz.tries == 0


def test_an_answer_that_is_not_a_choice_is_explained_not_raised():
    quiz = tricks_quiz()
    feedback = quiz.answer("Zed")
    assert not feedback.correct and "not one of the choices" in quiz.feedback.value
    assert quiz.tries == 0


def test_next_moves_on_and_clears_feedback_and_repr_is_stable():
    quiz = motor_quiz()
    quiz.answer("4")
    quiz.next_button.click()
    assert quiz.index == 1 and quiz.feedback.value == "" and quiz.choice.value is None
    assert repr(quiz) == "Quiz('The motor', question 2 of 5, 1 right of 1 tries)"
