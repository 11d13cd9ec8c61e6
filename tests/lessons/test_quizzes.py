"""The lessons' quizzes accept right answers and reject wrong ones with an explanation.

The expected answers here are worked out by hand from the rulings, not read from the
engine, so a quiz that drifted from the rules would fail.
"""

import html
import random
import re
from pathlib import Path

import pytest

import rally

from rally import CardError, FlagTaken, Game, HeuristicBot, Moved, RoundEnded, SetupError, TrickWon, parse_cards
from widgets.i18n import join_words
from rally.common.i18n import RALLY_RUN_ONLY
from widgets.course import FOLDERS
from widgets.quiz import Question, Quiz
from widgets import motor_quiz, moving_quiz, rally_run_quiz, round_end_quiz, start_quiz, tricks_quiz
from widgets.stich_rallye.quizzes import may_play, who_wins
from widgets.first_check import first_run_quiz

ROOT = Path(__file__).resolve().parents[2]


def drive(quiz, index: int, answer: str):
    quiz.index = index
    quiz._show()
    return quiz.answer(answer)


# (quiz factory, question index, right answer, a wrong answer, fragment of the wrong answer's feedback)
CASES = [
    # Lesson 00. The losers wind up their motors, as the engine logged for the game's first trick.
    (start_quiz, 0, "They wind up their motors", "Their cars move back", "each wind their motor one position on"),
    # Two laps win at once (S13), in the middle of round 3, as the seeded game that ended so shows.
    (start_quiz, 2, "Cy wins the race at once", "The round is played to its end; then the car furthest ahead wins",
     "other tricks are not played"),
    (start_quiz, 2, "Cy wins the race at once", "Cy must drive one more lap to win", "wins the race at once"),
    # Cy G6, Di G13, Ada G3, Bo G12: one color, Di's G13 wins. Lesson 0 says who won, not
    # who takes the flag: the flag is taught in lesson 1.
    (start_quiz, 1, "Di", "Ada", "Di won this trick, so Di plays the first card of the next one."),
    # Lesson 00 after the Rally Run game (not lessons 7 and 8's questions): a curve entered from
    # the west may open north or south (M3), and Bo chooses; Gus has just swapped C1 and D2,
    # so Bo may not swap C1 now (R9).
    (first_run_quiz, 0, "Road ↑ ← or road ↓ ←, as he likes", "Only road → ↓", "Both meet the road from A2"),
    (first_run_quiz, 2, "No", "Yes", "Gus has just swapped C1 and D2"),
    # Di G6, Ada G3, Bo B4, Cy G12: blue is the second (last new) color, so B4 beats G12
    # (asked first: the lesson's own example is a trick of three colors).
    (tricks_quiz, 0, "Bo", "Cy", "blue was the second color played"),
    # Ada R3, Bo R10, Cy R4: one color only, the highest red, 10, wins.
    (tricks_quiz, 1, "Bo", "Ada", "only red was played"),
    # Di R4, Ada G6, Bo R5, Cy B6: blue is the third color, its only card B6 wins (S5).
    (tricks_quiz, 2, "Cy", "Ada", "blue was the third color played"),
    # Di B1, Ed G2, Ada R2, Bo B10, Cy B13: red is the third color, Ada's R2 wins and she
    # takes the flag, so she leads the next trick (S1).
    (tricks_quiz, 3, "Ada", "Di", "Ada takes the flag and leads the next trick"),
    # Lead green, hand R7 R9 G3 B8: must follow green with the only green, G3 (S4).
    (tricks_quiz, 4, "G3", "R7", "You must follow green: you hold G3."),
    # Lead red, hand R7 G9 B8: must follow red with R7.
    (tricks_quiz, 5, "R7", "B8", "You must follow red: you hold R7."),
    # Dial 0,1,2,4,7,11,...: three losses from position 2 (2) reach position 5, value 11.
    (motor_quiz, 2, "11", "7", "2 → 4 → 7 → 11"),
    # From position 5 (11): 16 then 10.
    (motor_quiz, 3, "10", "16", "11 → 16 → 10"),
    # From 10 (position 7): 5, then past the last number back to 0.
    (motor_quiz, 4, "0", "5", "saved-up speed is lost"),
    # Turbo is all or nothing: 3 + 7.
    (motor_quiz, 0, "10", "3", "without the turbo"),
    # Clockwise only: Ada from 6 moves 2 to 8, never back toward Bo on 3 (driving backwards would reach 4).
    (moving_quiz, 0, "8", "4", "counts 2 empty spaces and stops on space 8"),
    # Ada from 3 moves 2: 4 (Bo) and 5 (Cy) are jumped, 6 and 7 count: stops on 7 (S7).
    (moving_quiz, 1, "7", "5", "jumping Bo on space 4 and Cy on space 5"),
    # Ada from 2 moves 4 over uphill 5: 3, 4, 5, 6; the move ends on flat 6, no roll (S9).
    (moving_quiz, 2, "6", "4", "counts 4 empty spaces and stops on space 6"),
    # Ada from 1 moves 3: ends on downhill 4; rolls over 5 (hill), 6 (Bo), 7 (Cy) to 8 (S9).
    (moving_quiz, 3, "8", "6", "rolls forward, past Bo and Cy, to space 8"),
    # The child counted past space 5 on no move here, but 4 and 5 are one hill: said so.
    (moving_quiz, 3, "8", "6", "the first empty space after the hill. Spaces 4 and 5 make one hill."),
    # Ada from 2 moves 4: 3, 4, (5 Bo jumped), 6, 7 uphill: rolls back over 6 and Bo to 4.
    (moving_quiz, 4, "4", "5", "rolls back, past Bo, to space 4"),
    # Ada counted space 6 on her way, and 6 is part of the hill she rolls off: said so.
    (moving_quiz, 4, "4", "6", "the last empty space before the hill. Spaces 6 and 7 make one hill."),
    # Lowest progress first: Di (19), then Ada (24), Cy (39) and Bo (46).
    (round_end_quiz, 0, "Di", "Bo", "Last place goes first: Di, then Ada, then Cy, then Bo."),
    # Ada and Cy on the grid, Bo holds the flag: seat order from Cy (the seat after Bo) on:
    # Cy, then Ada (S12); then Di (15) and Bo (17).
    (round_end_quiz, 1, "Cy", "Ada", "Last place goes first: Cy, then Ada, then Di, then Bo. Cy and Ada are both on the "
                                     "grid. In this app they go in turn, clockwise, starting after Bo"),
    # Bo and Ed on the grid, Di holds the flag: from Ed (the seat after Di) on: Ed, then Bo.
    (round_end_quiz, 2, "Ed", "Bo", "Last place goes first: Ed, then Bo, then Ada, then Cy, then Di. Ed and Bo are "
                                    "both on the grid. In this app they go in turn, clockwise, starting after Di"),
    # 4 players, seed 3: Di wins round 1's last trick; Di moves for it and the others wind
    # up before any motor moves (S12).
    (round_end_quiz, 3, "Di's car moves, and the others wind up their motors",
     "Every motor moves its car at once", "As in any other trick, Di"),
    # 4 players, seed 0: round 2 deals 7 each (28 cards); round 1 left only 36 - 20 = 16 aside (S3).
    (round_end_quiz, 4, "No, too few", "Yes, with some left over",
     "4 players need 7 cards each: 28 in all. Only 16 were never dealt."),
    (round_end_quiz, 4, "No, too few", "Yes, just enough for everyone", "all the cards are gathered and shuffled first"),
    # Rally Run's questions: tests/lessons/test_rally_run_lesson.py.
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
    assert quiz.answer("Bo").correct and not quiz.next_button.disabled
    assert quiz.next() and quiz.index == 1 and quiz.next_button.disabled


QUIZZES = [start_quiz, tricks_quiz, motor_quiz, moving_quiz, round_end_quiz, rally_run_quiz]


@pytest.mark.parametrize("factory", QUIZZES)
def test_every_question_can_be_answered_wrongly_and_has_one_right_answer(factory):
    for question in factory().questions:
        verdicts = [question.check(choice).correct for choice in question.choices]
        assert verdicts.count(True) == 1, (question.prompt, question.choices, verdicts)


@pytest.mark.parametrize("factory", QUIZZES)
def test_every_question_is_headed_by_what_it_asks(factory):
    quiz = factory()
    headings = []
    for index, question in enumerate(quiz.questions):
        assert question.heading and question.heading.endswith("?"), question.prompt
        assert question.heading != quiz.title
        drive(quiz, index, next(c for c in question.choices if question.check(c).correct))
        # The heading says what the question asks, unless the prompt beneath already asks it.
        assert (html.escape(question.heading) in quiz.heading.value) != (question.heading in question.prompt)
        assert f"Question {index + 1} of {len(quiz.questions)}" in quiz.heading.value
        if factory is rally_run_quiz:  # the heading asks; the prompt beneath tells the case, not asking again
            assert question.heading not in question.prompt and len(question.choices) >= 3, question.heading
        headings.append(question.heading)
    if factory is tricks_quiz:  # no longer "Who wins?" above a question about which card may be played
        assert headings[-1] == "Which card may you play?" and headings[0] == "Who wins it?"


def test_a_hand_with_several_playable_cards_is_refused_in_words():
    with pytest.raises(SetupError, match=re.escape("exactly one card that may be played; R8 G9 G13 B4 holds 2 after G8 G6.")):
        may_play("R8 G9 G13 B4", "G8 G6")


def test_the_self_check_ends_with_the_result_and_does_not_start_over():
    quiz = motor_quiz()
    firsts = []
    for index, question in enumerate(quiz.questions):
        right = next(c for c in question.choices if question.check(c).correct)
        wrong = next(c for c in question.choices if not question.check(c).correct)
        if index % 2:  # every other question wrong at the first try, then right
            quiz.answer(wrong)
        quiz.answer(right)
        firsts.append(not index % 2)
        assert quiz.next_button.description == ("See your result" if index == len(quiz.questions) - 1
                                                else "Next question")
        assert quiz.next()
    assert quiz.finished and quiz.index == len(quiz.questions) - 1  # not back to question 1
    assert quiz.first_tries == firsts
    result = f"You have finished the self-check: {sum(firsts)} of {len(firsts)} questions right at the first try."
    assert quiz.result() == result and result in quiz.feedback.value
    assert quiz.check_button.layout.display == "none" and quiz.next_button.layout.display == "none"
    assert quiz.again_button.layout.display is None and not quiz.next()  # nothing after the end but Start again
    quiz.again_button.click()
    assert not quiz.finished and quiz.index == 0 and quiz.first_tries == [] and "Question 1 of 5" in quiz.heading.value


def test_the_result_counts_a_question_whose_solution_was_shown_as_not_right_first():
    quiz = tricks_quiz()
    quiz.answer("Ada")
    quiz.answer("Ada")  # the solution is shown
    quiz.answer("Cy")
    assert quiz.first_tries == [False]


def test_the_result_is_said_in_german():
    with rally.language("de"):
        quiz = motor_quiz()
        assert repr(quiz) == "Selbsttest „Der Motor“: 5 Fragen."
        for index, question in enumerate(quiz.questions):
            quiz.answer(next(c for c in question.choices if question.check(c).correct))
            quiz.next()
        assert quiz.result() == "Du hast den Selbsttest geschafft: 5 von 5 Fragen beim ersten Versuch richtig."


def heuristic_game(players: int, seed: int, decisions: int | None = None) -> Game:
    """A game of heuristic players dealt from ``seed`` (the bots draw from
    ``random.Random(seed)``), after ``decisions`` decisions or to its end."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (decisions is None or decisions > 0):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
        decisions = None if decisions is None else decisions - 1
    return game


@pytest.mark.parametrize("players, seed, number, plays", [
    (4, 28, 3, "Di R4, Ada G6, Bo R5, Cy B6"), (3, 1, 1, "Ada R3, Bo R10, Cy R4"),
    (4, 4, 3, "Di G6, Ada G3, Bo B4, Cy G12"), (5, 3, 3, "Di B1, Ed G2, Ada R2, Bo B10, Cy B13")])
def test_the_tricks_asked_about_were_played_in_seeded_games(players, seed, number, plays):
    tricks = [e for e in heuristic_game(players, seed).events if isinstance(e, TrickWon)]
    trick = tricks[number - 1]
    names = ("Ada", "Bo", "Cy", "Di", "Ed")
    assert ", ".join(f"{names[s]} {c}" for s, c in zip(trick.seats, trick.cards)) == plays
    assert any(q.prompt.startswith(f"In this trick {plays} were played") for q in tricks_quiz().questions)


def test_no_trick_asked_about_is_shown_in_the_lesson_above():
    lesson = (ROOT / "notebooks" / "01_tricks.ipynb").read_text(encoding="utf-8")
    for question in tricks_quiz().questions[:4]:
        cards = re.findall(r"[RGB]\d+", question.prompt.split(" were played")[0])
        assert " ".join(cards) not in lesson, cards


@pytest.mark.parametrize("seed, decisions, hand, trick", [(1, 6, "R7 R9 G3 B8", "G6 G13"),
                                                          (2, 11, "R7 G9 B8", "R3 R10")])
def test_the_hands_asked_about_were_held_in_seeded_games(seed, decisions, hand, trick):
    game = heuristic_game(4, seed, decisions)
    assert " ".join(map(str, game.hands[game.current_player])) == hand
    assert " ".join(map(str, game.trick)) == trick
    shown = f"The trick so far is {join_words(trick.split())}. You hold {join_words(hand.split())}."
    assert any(q.prompt.startswith(shown) for q in tricks_quiz().questions)


@pytest.mark.parametrize("players, seed, round_, positions, flag", [
    (4, 0, 2, [24, 46, 39, 19], 1), (4, 52, 1, [0, 17, 0, 15], 1), (5, 2, 1, [3, 0, 8, 19, 0], 3)])
def test_the_round_ends_asked_about_were_reached_in_seeded_games(players, seed, round_, positions, flag):
    game = heuristic_game(players, seed)
    events = game.events
    end = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded) and e.round == round_)
    before = [e for e in events[:end] if isinstance(e, (Moved, FlagTaken))]
    progress = [0] * players
    for e in before:
        if isinstance(e, Moved):
            progress[e.seat] = e.move.final
    assert progress == positions and before[-1].seat == flag and before[-1].reason == "last trick"
    names = ("Ada", "Bo", "Cy", "Di", "Ed")[:players]
    # Each car as the game's board shows it: its space on the game's own track, and its lap.
    n = len(game.track)
    grid = [name for name, p in zip(names, positions) if p == 0]
    laps = {lap: [f"{name} on space {p % n}" for name, p in zip(names, positions) if p and p // n + 1 == lap]
            for lap in (1, 2)}
    said = ([f"On the grid: {' and '.join(grid)}."] if grid else []) + [
        f"Lap {lap}: {', '.join(cars[:-1]) + ' and ' if len(cars) > 1 else ''}{cars[-1]}." for lap, cars in laps.items() if cars]
    # Two cars or more on the grid: their order is the project's reading (S12), and the question says so.
    seats = ", ".join(names[:-1]) + f" and {names[-1]}"
    ask = (f"They sit {seats}, clockwise. In this app, whose motor moves first?" if positions.count(0) >= 2
           else "Whose motor moves first?")
    assert any(q.prompt == f"{names[flag]} won the round's last trick. {' '.join(said)} {ask}"
               for q in round_end_quiz().questions)


def test_check_without_a_choice_asks_for_one_and_counts_nothing():
    quiz = tricks_quiz()
    quiz.check_button.click()
    assert "Pick an answer first" in quiz.feedback.value
    assert "✘" not in quiz.feedback.value and "Not quite" not in quiz.feedback.value  # a nudge, not a wrong answer
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
    quiz.answer("10")
    quiz.next_button.click()
    assert quiz.index == 1 and quiz.feedback.value == "" and quiz.choice.value is None
    assert repr(quiz) == "Self-check “The motor”: 5 questions." == repr(motor_quiz())  # the same for nbval


# ------------------------------------------------- every sentence a child reads in a self-check
def _lesson_quizzes(lang: str) -> list[tuple[str, Quiz]]:
    """Each numbered lesson's self-check, made by running the lesson's own quiz cell (its
    imports, then its last line) in the lesson's language."""
    import ast
    import nbformat

    from widgets.course import course

    from widgets import FirstCheck

    found = []
    for lesson in course(lang):
        notebook = nbformat.read(ROOT / "notebooks" / lesson.file(lang), as_version=4)
        names: dict[str, object] = {}  # one namespace a lesson, as its kernel's (lesson 0's check follows its game)
        for cell in notebook.cells:
            tree = ast.parse(cell.source) if cell.cell_type == "code" else None
            if tree and tree.body and isinstance(tree.body[-1], ast.Expr) and (
                    "quiz" in cell.source.lower() or "First" in cell.source):
                with rally.language(lang):
                    exec(compile(ast.Module(tree.body[:-1], []), lesson.file(lang), "exec"), names)
                    made = eval(compile(ast.Expression(tree.body[-1].value), lesson.file(lang), "eval"), names)
                if isinstance(made, Quiz):
                    found.append((lesson.file(lang), made))
                elif isinstance(made, FirstCheck):  # both games' checks: the first at once, the other once its game is chosen
                    found += [(lesson.file(lang), quiz) for quiz in made.quizzes.values()]
    return found


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_no_sentence_of_a_self_check_is_over_20_words(lang):
    """Issue 41: the questions, choices, hints and every answer's feedback, as the lessons
    make them, keep the child's path's limit (the app-text count sees only a first question),
    in every language the lessons are written in."""
    from harness.app_text import sentences, words

    quizzes = _lesson_quizzes(lang)
    # lessons 0-8 each end with one; in a language of Rally Run alone, lesson 0 and Rally Run's two
    assert len(quizzes) >= (3 if lang in RALLY_RUN_ONLY else 9)
    long = []
    with rally.language(lang):
        for name, quiz in quizzes:
            for question in quiz.questions:
                texts = [question.prompt, question.heading, question.hint, *question.choices,
                         *(question.check(choice).message for choice in question.choices)]
                long += [(name, s) for text in texts for s in sentences(html.unescape(re.sub("<[^>]+>", " ", text)))
                         if words(s) > 20]
    assert not long, long


def test_a_new_choice_after_a_wrong_answer_drops_the_cross_and_keeps_the_hint():
    quiz = tricks_quiz()
    wrong = next(c for c in quiz.question.choices if not quiz.question.check(c).correct)
    quiz.choice.value = wrong
    quiz._check_selected()
    assert "✘" in quiz.feedback.value and "Try again." in quiz.feedback.value
    quiz.choice.value = next(c for c in quiz.question.choices if c != wrong)
    # The hint stays; "Try again" beside a new pick read as a verdict on it (a child's walk).
    assert "✘" not in quiz.feedback.value and "ℹ" in quiz.feedback.value and "Try again." not in quiz.feedback.value
    assert quiz.question.hint in html.unescape(quiz.feedback.value)
    quiz._check_selected()  # the verdict on the new choice stands until the next choice
    assert "ℹ" not in quiz.feedback.value


@pytest.mark.parametrize("missed, cheer", [(0, "Great work!"), (2, "Good work! Press “Start again” to try once more."),
                                           (6, "Now you have seen every answer. Press “Start again” to try once more.")])
def test_the_end_of_a_self_check_cheers_as_it_went_and_says_how_to_try_again(missed, cheer):
    """All right at the first try: great work; at least half: good work; fewer: every answer
    has been seen (found, or shown after two misses), and how to try once more."""
    quiz = tricks_quiz()
    for i, question in enumerate(quiz.questions):
        right = next(c for c in question.choices if question.check(c).correct)
        wrong = next(c for c in question.choices if not question.check(c).correct)
        if i < missed:
            quiz.answer(wrong)
        quiz.answer(right)
        quiz.next()
    assert quiz.finished and len(quiz.questions) == 6
    assert cheer in quiz.feedback.value and quiz.feedback.value.count("work!") <= 1


def test_a_move_says_a_hill_is_one_only_where_it_ends_on_one_of_several_spaces():
    quiz = moving_quiz()
    said = {i: q.check(q.choices[0]).message for i, q in enumerate(quiz.questions)}
    assert [i for i, text in said.items() if "make one hill" in text] == [3, 4]  # ends on a two-space hill
    assert "stops on space 6" in said[2]  # passing over a hill changes nothing, and nothing is said of it
