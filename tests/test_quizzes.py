"""The lessons' quizzes accept right answers and reject wrong ones with an explanation.

The expected answers here are worked out by hand from the rulings, not read from the
engine, so a quiz that drifted from the rules would fail.
"""

import random
import re

import pytest

from rally import CardError, FlagTaken, Game, HeuristicBot, Moved, RoundEnded, SetupError, TrickWon, parse_cards
from rally.cards import format_cards
from widgets.quiz import Question, Quiz
from widgets import motor_quiz, moving_quiz, rally_run_quiz, round_end_quiz, start_quiz, tricks_quiz
from widgets.stich_rallye.quizzes import who_wins


def drive(quiz, index: int, answer: str):
    quiz.index = index
    quiz._show()
    return quiz.answer(answer)


# (quiz factory, question index, right answer, a wrong answer, fragment of the wrong answer's feedback)
CASES = [
    # Lesson 00: the first trick of the lesson's game (4 players, seed 1): only red, R12 wins.
    (start_quiz, 0, "Cy", "Ada", "only red was played"),
    # The losers wind up their motors, as the engine logged for that trick.
    (start_quiz, 1, "They wind up their motors", "Their cars move back", "the others wind up their motors"),
    # Two laps win at once (S13), as the seeded game that ended so shows.
    (start_quiz, 2, "2", "1", "round the track 2 times wins at once"),
    # G11 R5 B7 G3: blue is the third color, its highest (and only) card B7 wins (S5).
    (tricks_quiz, 0, "Cy", "Ada", "blue was the third color played"),
    # One color only: the highest green, 6, wins.
    (tricks_quiz, 1, "Bo", "Cy", "only green was played"),
    # B8 B3 G4 B11: green is the second (last new) color, so G4 beats B11.
    (tricks_quiz, 2, "Cy", "Di", "green was the second color played"),
    # R1 R5 G2 R14 B1: blue appears last, so B1 wins.
    (tricks_quiz, 3, "Ed", "Di", "blue was the third color played"),
    # Lead green, hand R8 G9 G13 B4: must follow green (S4).
    (tricks_quiz, 4, "G13", "R8", "You must follow green: you hold G9 and G13."),
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
    # Lowest progress first: Di (19), then Ada (24), Cy (39) and Bo (46).
    (round_end_quiz, 0, "Di", "Bo", "Last place goes first: Di, then Ada, then Cy, then Bo."),
    # Ada and Cy on the grid, Bo holds the flag: seat order from Cy (the seat after Bo) on:
    # Cy, then Ada (S12); then Di (15) and Bo (17).
    (round_end_quiz, 1, "Cy", "Ada", "Last place goes first: Cy, then Ada, then Di, then Bo. Cy and Ada are both on the "
                                     "grid, so they go in seat order starting with the seat after Bo"),
    # Bo and Ed on the grid, Di holds the flag: from Ed (the seat after Di) on: Ed, then Bo.
    (round_end_quiz, 2, "Ed", "Bo", "Last place goes first: Ed, then Bo, then Ada, then Cy, then Di. Ed and Bo are "
                                    "both on the grid, so they go in seat order starting with the seat after Di"),
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
def test_quiz_hints_first_explains_after_a_second_miss_and_accepts_right(factory, index, right, wrong, fragment):
    quiz = factory()
    hinted = drive(quiz, index, wrong)
    assert not hinted.correct and fragment not in hinted.message  # no solution yet
    assert hinted.message == f"{quiz.question.hint} Try again." and "Not yet." in quiz.feedback.value
    assert quiz.next_button.disabled and not quiz.next() and quiz.index == index  # answer first
    rejected = quiz.answer(wrong)
    assert not rejected.correct and fragment in rejected.message
    assert "✘" in quiz.feedback.value and fragment.split(":")[0] in quiz.feedback.value
    assert not quiz.next_button.disabled  # the solution is shown: the learner may move on
    accepted = quiz.answer(right)
    assert accepted.correct and "✔" in quiz.feedback.value
    assert quiz.right == 1 and quiz.tries == 3


@pytest.mark.parametrize("factory", [start_quiz, tricks_quiz, motor_quiz, moving_quiz, round_end_quiz, rally_run_quiz])
def test_every_question_has_a_hint_of_its_own_that_gives_nothing_away(factory):
    quiz = factory()
    for question in quiz.questions:
        assert question.hint and question.hint != Question.__dataclass_fields__["hint"].default
        assert not any(question.check(choice).correct and choice in question.hint.split() for choice in question.choices)


def test_a_right_first_answer_moves_on_at_once():
    quiz = tricks_quiz()
    assert quiz.answer("Cy").correct and not quiz.next_button.disabled
    assert quiz.next() and quiz.index == 1 and quiz.next_button.disabled


def test_any_card_is_right_when_you_cannot_follow():
    quiz = tricks_quiz()
    for card in ("G6", "B3", "B13"):
        feedback = drive(quiz, 5, card)
        assert feedback.correct and "You hold no red" in feedback.message


def heuristic_game(players: int, seed: int, decisions: int | None = None) -> Game:
    """A game of heuristic players dealt from ``seed`` (the bots draw from
    ``random.Random(seed)``), after ``decisions`` decisions or to its end."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (decisions is None or decisions > 0):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
        decisions = None if decisions is None else decisions - 1
    return game


@pytest.mark.parametrize("players, seed, number, cards", [
    (3, 0, 8, "G2 G6 G4"), (4, 18, 3, "B8 B3 G4 B11"), (5, 12, 1, "R1 R5 G2 R14 B1")])
def test_the_tricks_asked_about_were_played_in_seeded_games(players, seed, number, cards):
    tricks = [e for e in heuristic_game(players, seed).events if isinstance(e, TrickWon)]
    trick = tricks[number - 1]
    assert " ".join(map(str, trick.cards)) == cards and trick.seats[0] == 0  # Ada led it
    assert any(q.prompt.startswith("In this trick " + ", ".join(
        f"{n} {c}" for n, c in zip(("Ada", "Bo", "Cy", "Di", "Ed"), cards.split()))) for q in tricks_quiz().questions)


@pytest.mark.parametrize("seed, decisions, hand, trick", [(25, 6, "R8 G9 G13 B4", "G8 G6"),
                                                          (2, 12, "G6 B3 B13", "R3 R10 R7")])
def test_the_hands_asked_about_were_held_in_seeded_games(seed, decisions, hand, trick):
    game = heuristic_game(4, seed, decisions)
    assert " ".join(map(str, game.hands[game.current_player])) == hand
    assert " ".join(map(str, game.trick)) == trick
    shown = f"The trick so far is {format_cards(parse_cards(trick))}. You hold {format_cards(parse_cards(hand))}."
    assert any(q.prompt.startswith(shown) for q in tricks_quiz().questions)


@pytest.mark.parametrize("players, seed, round_, positions, flag", [
    (4, 0, 2, [24, 46, 39, 19], 1), (4, 52, 1, [0, 17, 0, 15], 1), (5, 2, 1, [3, 0, 8, 19, 0], 3)])
def test_the_round_ends_asked_about_were_reached_in_seeded_games(players, seed, round_, positions, flag):
    events = heuristic_game(players, seed).events
    end = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded) and e.round == round_)
    before = [e for e in events[:end] if isinstance(e, (Moved, FlagTaken))]
    progress = [0] * players
    for e in before:
        if isinstance(e, Moved):
            progress[e.seat] = e.move.final
    assert progress == positions and before[-1].seat == flag and before[-1].reason == "last trick"
    names = ("Ada", "Bo", "Cy", "Di", "Ed")[:players]
    where = ", ".join(f"{n} {'on the grid' if p == 0 else f'{p} spaces along'}" for n, p in zip(names, positions))
    assert any(q.prompt == f"The round's last trick is over. {where}. {names[flag]} holds the flag. "
               "Whose motor moves first?" for q in round_end_quiz().questions)


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


def test_a_trick_no_real_game_holds_is_refused():
    with pytest.raises(CardError, match=re.escape("B14 is not in play with 4 players (values 2-13).")):
        who_wins("B6 B2 G3 B14")
    with pytest.raises(CardError, match="3 to 5 cards"):
        who_wins("G3 R5")


def test_a_quiz_needs_questions():
    with pytest.raises(SetupError, match=re.escape("A quiz's questions must be a list of 1 to 100 Questions, "
                                                   "like [Question(...)], not [].")):
        Quiz("Empty", [])


def test_next_moves_on_and_clears_feedback_and_repr_is_stable():
    quiz = motor_quiz()
    quiz.answer("4")
    quiz.next_button.click()
    assert quiz.index == 1 and quiz.feedback.value == "" and quiz.choice.value is None
    assert repr(quiz) == "Quiz('The motor', question 2 of 5, 1 right of 1 tries)"
