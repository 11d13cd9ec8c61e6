"""A self-check keeps a right answer, and its word problems come with a picture.

- Once a question is answered right it locks with its ✔: its answers and *Check* are
  disabled, and trying another answer cannot turn the ✔ into a ✘ (widgets/quiz.py).
- The motor questions draw the dial with its arrow where the lost tricks of a round put it
  (rally.Motor, wound on from 0), and say the value the arrow points at, never a position.
- The moving questions draw the track with the cars where rally.move accepted them.
"""

from __future__ import annotations

import pytest

from rally import DEFAULT_DIAL, Motor, Track, move
from widgets import motor_quiz, moving_quiz, rally_run_quiz, tricks_quiz
from widgets.quiz import Feedback, Question, Quiz
from widgets.stich_rallye.motor_dial import MotorDial
from widgets.stich_rallye.track_figure import TrackFigure


def show(quiz: Quiz, index: int) -> Quiz:
    quiz.index = index
    quiz._show()
    return quiz


def right_and_wrong(question: Question) -> tuple[str, str]:
    verdicts = {choice: question.check(choice).correct for choice in question.choices}
    return (next(c for c, ok in verdicts.items() if ok), next(c for c, ok in verdicts.items() if not ok))


@pytest.mark.parametrize("factory, index", [(tricks_quiz, 0), (motor_quiz, 4), (moving_quiz, 3),
                                            (lambda: rally_run_quiz("laying"), 0)])
def test_a_right_answer_locks_the_question_with_its_tick(factory, index):
    quiz = show(factory(), index)
    right, wrong = right_and_wrong(quiz.question)
    assert quiz.answer(right).correct and "✔" in quiz.feedback.value
    assert quiz.solved and quiz.choice.disabled and quiz.check_button.disabled
    assert not quiz.next_button.disabled
    shown, tries = quiz.feedback.value, quiz.tries
    again = quiz.answer(wrong)  # a child taps another answer to see what it says
    assert again.correct and quiz.feedback.value == shown and "✘" not in quiz.feedback.value
    assert quiz.choice.value == right and quiz.tries == tries  # nothing changed, nothing counted
    quiz._check_selected()  # Check pressed again (the page disables it; Python may still call it)
    assert quiz.feedback.value == shown


def test_the_lock_is_lifted_for_the_next_question_and_a_new_start():
    quiz = tricks_quiz()
    assert quiz.answer("Bo").correct and quiz.solved
    assert quiz.next() and not quiz.solved and not quiz.choice.disabled and not quiz.check_button.disabled
    quiz.restart()
    assert quiz.index == 0 and not quiz.solved and not quiz.check_button.disabled


def test_a_wrong_answer_does_not_lock_and_the_solution_may_still_be_found():
    quiz = tricks_quiz()
    right, wrong = right_and_wrong(quiz.question)
    quiz.answer(wrong)
    quiz.answer(wrong)  # the solution is shown: the learner may move on, or try the right one
    assert quiz.done and not quiz.solved and not quiz.check_button.disabled
    assert quiz.answer(right).correct and quiz.solved and "✔" in quiz.feedback.value


# The dial questions of lesson 2: (lost tricks before, lost tricks asked about).
DIAL_QUESTIONS = [(2, 3), (5, 2), (7, 2)]


@pytest.mark.parametrize("index, before_after", list(enumerate(DIAL_QUESTIONS, start=2)))
def test_a_motor_question_shows_the_dial_where_the_lost_tricks_put_it(index, before_after):
    before, losses = before_after
    motor = Motor(0, DEFAULT_DIAL)
    for _ in range(before):
        motor = motor.wound()
    quiz = show(motor_quiz(), index)
    (dial,) = quiz.picture.children
    assert isinstance(dial, MotorDial)
    assert (dial.position, dial.value, dial.dial) == (motor.position, motor.value, list(DEFAULT_DIAL))
    prompt = quiz.question.prompt
    assert f"The arrow points at {motor.value}." in prompt and "position" not in prompt
    assert ", ".join(map(str, DEFAULT_DIAL)) not in prompt  # the picture shows the dial's numbers


def test_the_dial_question_reads_the_value_not_the_position():
    quiz = show(motor_quiz(), 4)  # 7 lost tricks: the arrow is at position 7 and points at 10
    assert quiz.picture.children[0].value == 10 and "points at 10" in quiz.question.prompt
    assert "7" not in quiz.question.prompt


# The moving questions of lesson 3: (track, cars, mover, steps).
TRACK_QUESTIONS = [
    ("S...........", {"Ada": 6, "Bo": 3, "Cy": 9}),
    ("S..........", {"Ada": 3, "Bo": 4, "Cy": 5}),
    ("S....U.......", {"Ada": 2, "Bo": 9}),
    ("S...DD........", {"Ada": 1, "Bo": 6, "Cy": 7}),
    ("S.....UU.....", {"Ada": 2, "Bo": 5}),
]


@pytest.mark.parametrize("index, setup", list(enumerate(TRACK_QUESTIONS)))
def test_a_moving_question_shows_the_track_and_its_cars(index, setup):
    text, cars = setup
    quiz = show(moving_quiz(), index)
    (figure,) = quiz.picture.children
    assert isinstance(figure, TrackFigure)
    assert str(figure.track) == str(Track.parse(text)) and figure.names == tuple(cars)
    assert figure.positions == tuple(cars.values())
    move(figure.track, dict(zip(figure.names, figure.positions)), "Ada", 1)  # a position rally accepts
    words = quiz.question.prompt
    assert words.startswith("Ada moves ") and "A track of" not in words and "stands on space" not in words
    assert "Bo" not in words  # every car's space is in the picture's key


def test_a_question_without_a_picture_shows_none_and_the_end_clears_it():
    quiz = Quiz("Warm-up", [Question("Two and one?", ("2", "3"), lambda a: Feedback(a == "3", "Three."))])
    assert quiz.picture.children == ()
    pictured = moving_quiz()
    assert len(pictured.picture.children) == 1
    for _ in pictured.questions:
        pictured.answer(right_and_wrong(pictured.question)[0])
        pictured.next()
    assert pictured.finished and pictured.picture.children == ()


@pytest.mark.parametrize("room", [0, 320])  # the wide figure, and a phone's room
@pytest.mark.parametrize("index", range(len(TRACK_QUESTIONS)))
def test_a_numbered_tracks_space_numbers_keep_clear_of_the_starting_grids_word(index, room):
    """Walk 79: on a phone the number of the space before the start stood on "starting grid"
    ("starting gri10d"). Each number's box, as Plotly places it beside its space, is held
    against the word's box (:func:`note_boxes`), in plot units."""
    from widgets.stich_rallye.track_traces import SPACES, note_boxes

    quiz = show(moving_quiz(), index)
    (figure,) = quiz.picture.children
    figure.fit_room(room)
    look, spaces = figure.look, figure.plot.data[SPACES]
    ppu = max(look.ppu, 1.0)
    size, marker = spaces.textfont.size / ppu, look.space / ppu
    (gx0, gy0, gx1, gy1), _note = note_boxes(look, len(figure.names))
    for (x, y), text, place in zip(zip(spaces.x, spaces.y), spaces.text, spaces.textposition):
        if not text:
            continue
        w, h = 0.6 * size * len(text), 1.3 * size
        box = {"top center": (x - w / 2, y + marker / 2, x + w / 2, y + marker / 2 + h),
               "bottom center": (x - w / 2, y - marker / 2 - h, x + w / 2, y - marker / 2),
               "middle left": (x - marker / 2 - w, y - h / 2, x - marker / 2, y + h / 2),
               "middle right": (x + marker / 2, y - h / 2, x + marker / 2 + w, y + h / 2)}[place]
        apart = box[2] <= gx0 or gx1 <= box[0] or box[3] <= gy0 or gy1 <= box[1]
        assert apart, (text, place, box, (gx0, gy0, gx1, gy1))


@pytest.mark.parametrize("index", range(len(TRACK_QUESTIONS)))
def test_a_numbered_track_keeps_its_numbers_in_the_words_size_of_a_phones_layout(index):
    """The numbers stay when the page tells a phone's room, drawn as big as the figure's
    other words there. (That the first question's numbers reach the page at all is held in
    the browser: tests/browser/test_track_phone.py.)"""
    from widgets.stich_rallye.track_traces import SPACES

    quiz = show(moving_quiz(), index)
    (figure,) = quiz.picture.children
    figure.fit_room(320)
    spaces = figure.plot.data[SPACES]
    assert list(spaces.text) == ["", *(str(s) for s in range(1, len(figure.track)))]
    assert spaces.textfont.size == figure.look.text
