"""MovePlayer and the sandbox (MoveExplorer): every move shown can be played step by
step with buttons, the line under them says each step in the engine's words, the
rulebook's cars keep the rulebook's colors, and the sandbox's buttons always play the
move its boxes describe (or say what to fix)."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

import rally
from rally import TRACKS, Track, move
from widgets import MoveExplorer, MovePlayer, TrackFigure, moving_quiz
from widgets.stich_rallye import move_explorer, move_player
from widgets.stich_rallye.track_words import track_in_words
from widgets.stich_rallye.track_figure import CARS_FIRST, SPACES, TRAIL
from widgets.style import CAR_HEX

ROOT = Path(__file__).resolve().parents[2]

# The rulebook's turbo example: Nyota (red) on 2, Michael (yellow) just ahead on 3; 3 + 1 to count.
TURBO_TRACK = Track.parse("S.........D..U....")
NAMES = ["Nyota", "Michael"]


def turbo_player() -> MovePlayer:
    turbo = move(TURBO_TRACK, [2, 3], 0, 4)
    return MovePlayer(TURBO_TRACK, [2, 3], turbo, names=NAMES, colors=["red", "yellow"])


@pytest.mark.parametrize("module", [move_player, move_explorer])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_each_step_is_said_in_the_engines_words_and_the_car_follows_the_path():
    player = turbo_player()
    m = player.move
    assert player.figure.positions == (2, 3) and player.figure.frames_shown == ()
    assert player.status_text == "Nyota moves 4 from space 2. Press Step ▶ to see it space by space, or Play."
    captions = m.captions(NAMES)
    assert captions[0] == "jumps Michael on space 3 (not counted)"
    assert captions[1] == "counts space 4 (1 of 4)"
    for i, path_step in enumerate(m.path, start=1):
        more = player.step_button.click() or player.figure.frames_left > 0
        assert player.status_text.startswith(f"Step {i} of {len(m.path)}: {captions[i - 1]}.")
        assert player.status_text in player.status.value
        assert player.figure.positions == (path_step.progress, 3)
        assert more == (i < len(m.path))
    assert player.status_text == "Step 5 of 5: counts space 7 (4 of 4). The move is over."
    assert player.figure.summary == m.describe(NAMES)


def test_step_at_the_end_says_so_play_replays_back_returns_and_show_end_ends():
    player = turbo_player()
    player.end_button.click()
    assert player.figure.positions == (7, 3) and player.figure.frames_left == 0
    # The step reached is the last, though only its frame was drawn.
    assert player.status_text.startswith("Step 5 of 5: ") and player.status_text.endswith("The move is over.")
    player.back_button.click()
    player.step_button.click()
    player.end_button.click()
    assert player.status_text.startswith("Step 5 of 5: ")
    assert player.step() is False
    assert "The move is over. Press ↺ Back to start" in player.status.value
    player.back_button.click()
    assert player.figure.positions == (2, 3) and player.figure.frames_shown == ()
    assert player.status_text.startswith("Nyota moves 4 from space 2.")
    player.step_button.click()
    player.step_button.click()
    player.play_button.click()  # no event loop in a test: the rest of the move at once
    assert player.figure.positions == (7, 3) and len(player.figure.frames_shown) == 5
    player.play_button.click()  # over: Play plays it again from the start
    assert [f.progress for f in player.figure.frames_shown] == [s.progress for s in player.move.path]
    assert player.figure.positions == (7, 3)


def test_a_player_without_a_move_and_a_move_of_no_steps_say_so():
    empty = MovePlayer(TRACKS["volcano"], [0, 3])
    assert empty.status_text == "No move to play yet."
    assert empty.step() is False and empty.figure.positions == (0, 3)
    still = MovePlayer(TRACKS["volcano"], [0, 3], move(TRACKS["volcano"], [0, 3], 1, 0))
    assert still.status_text == "Bo does not move."
    still.play_button.click()
    assert still.figure.positions == (0, 3) and "Bo does not move." in still.status.value


def test_a_move_that_does_not_fit_is_refused_in_rallys_words():
    with pytest.raises(rally.TrackError):
        MovePlayer(TRACKS["volcano"], [0, 3], move(TRACKS["beach"], [0, 3], 0, 2))
    with pytest.raises(rally.RuleError, match="MovePlayer's move must be a rally Move"):
        MovePlayer(TRACKS["volcano"], [0, 3], "Ada moves 3")  # type: ignore[arg-type]


def test_the_rulebooks_cars_are_drawn_in_the_rulebooks_colors_and_with_initials():
    player = turbo_player()
    cars = [player.figure.plot.data[CARS_FIRST + seat] for seat in range(2)]
    assert [c.marker.color for c in cars] == [CAR_HEX["red"], CAR_HEX["yellow"]]
    assert [c.text[0] for c in cars] == ["N", "M"]  # told apart without color too
    assert player.figure.colors == ("red", "yellow")
    assert cars[0].hovertext[0].startswith("Nyota (red car) on space 2")
    assert player.figure.plot.data[SPACES].hovertext[3] == "Space 3: flat<br>here: Michael (yellow car)"
    # Without colors, the seat colors as before.
    assert TrackFigure(TRACKS["volcano"], [0, 3]).colors == ("white", "red")


@pytest.mark.parametrize("colors, message", [
    (["red"], "The cars' colors must be a list of 2 colors, one per car"),
    (["red", "pink"], "Each car's color must be one of the game's car colors (white, red, yellow, purple, blue), "
                      "like 'red', not “pink”."),
    (["red", "red"], "Each car needs a different color; red is given twice."),
    ("red yellow", "The cars' colors must be a list"),
    (["Red", "yellow"], "not “Red”"),
])
def test_bad_colors_are_refused_with_what_would_be_right(colors, message):
    with pytest.raises(rally.SetupError, match=re.escape(message)):
        TrackFigure(TRACKS["volcano"], [0, 3], names=NAMES, colors=colors)
    with pytest.raises(rally.SetupError, match=re.escape(message)):
        MovePlayer(TRACKS["volcano"], [0, 3], names=NAMES, colors=colors)


# ------------------------------------------------------------------ the sandbox
def test_play_before_anything_plays_the_move_the_boxes_show():
    explorer = MoveExplorer("volcano", positions=(0, 3, 7), steps=3)
    expected = move(TRACKS["volcano"], {"Ada": 0, "Bo": 3, "Cy": 7}, "Ada", 3)
    assert explorer.player.status_text.startswith("Ada moves 3 from the grid.")
    assert explorer.description.value == ""  # the end is not given away before the move is played
    explorer.player.play_button.click()
    assert [f.progress for f in explorer.figure.frames_shown] == [s.progress for s in expected.path]
    assert explorer.figure.positions == (expected.final, 3, 7) == (6, 3, 7)
    assert explorer.description.value.startswith("<p>Ada moves 3 from the grid, jumping Bo on space 3. Ada counts")
    assert repr(explorer) == "The volcano track, 31 spaces. Cars on spaces 6, 3 and 7."


def test_step_first_steps_and_changing_a_box_sets_up_the_new_move():
    explorer = MoveExplorer("volcano", positions=(0, 3, 7), steps=3)
    explorer.player.step_button.click()
    assert [f.progress for f in explorer.figure.frames_shown] == [1]
    assert explorer.player.status_text == "Step 1 of 6: counts space 1 (1 of 3)."
    explorer.mover.value = 1  # Bo moves now, from where the boxes say: the cars go back there
    assert explorer.figure.positions == (0, 3, 7) and explorer.figure.frames_shown == ()
    assert explorer.player.status_text.startswith("Bo moves 3 from space 3.")
    explorer.steps.value = 2
    explorer.spaces[2].value = 11
    explorer.laps[0].value = 2  # Ada on space 0 of lap 2: the start/finish, one lap done
    assert explorer.positions == (31, 3, 11) and explorer.error == ""
    explorer.player.step_button.click()
    m = explorer.figure.current_move
    assert (m.mover, m.start, m.steps) == ("Bo", 3, 2)
    assert explorer.figure.positions[1] == m.path[0].progress and explorer.figure.positions[::2] == (31, 11)


@pytest.mark.parametrize("box, value, expected", [
    ("space 1", 4, "Car Bo rests on downhill space 4; cars only stop on flat spaces."),
    ("space 1", 7, "Cars Bo and Cy are both on space 7; a space holds one car."),
    ("space 2", 31, "Cy's space must be a whole number from 0 to 30, like 3, not 31."),
    ("space 0", -1, "Ada's space must be a whole number from 0 to 30, like 3, not -1."),
    ("steps", -2, "The number of spaces to move must be a whole number from 0 to 99, like 3, not -2."),
])
def test_a_box_that_describes_no_game_is_named_where_the_user_looks(box, value, expected):
    explorer = MoveExplorer("volcano", positions=(0, 3, 7), steps=3)
    explorer.player.end_button.click()
    shown = (explorer.figure.positions, explorer.figure.current_move)
    control = explorer.steps if box == "steps" else explorer.spaces[int(box.split()[1])]
    control.value = value
    assert explorer.error == expected and expected in explorer.message.value.replace("&#x27;", "'")
    assert (explorer.figure.positions, explorer.figure.current_move) == shown
    # The track would show an older position than the boxes: it is hidden, with its summary.
    assert explorer.player.layout.visibility == "hidden" and explorer.description.value == ""
    explorer.player.play_button.click()  # nothing to play: the line under the buttons says why
    assert explorer.player.status_text == f"Nothing to play yet: {expected}"
    assert (explorer.figure.positions, explorer.figure.current_move) == shown
    control.value = {"space 0": 0, "space 1": 3, "space 2": 7, "steps": 3}[box]  # fixed: the message goes
    assert explorer.error == "" and explorer.message.value == "" and explorer.player.layout.visibility == "visible"
    explorer.player.play_button.click()
    assert explorer.figure.frames_left == 0 and explorer.figure.frames_shown


def test_the_sandbox_speaks_board_words():
    explorer = MoveExplorer("volcano", positions=(0, 3, 33))
    labels = [s.description for s in explorer.spaces] + [explorer.mover.description, explorer.steps.description]
    assert labels == ["Ada's space", "Bo's space", "Cy's space", "Who moves", "Spaces to move"]
    assert [lap.value for lap in explorer.laps] == [1, 1, 2] and explorer.spaces[2].value == 2
    assert not any("progress" in label.lower() for label in labels)
    with pytest.raises(rally.SetupError, match="Cy's progress must be a whole number from 0 to 61"):
        MoveExplorer("volcano", positions=(0, 3, 64))  # past two laps: the race is over


# ------------------------------------------------------------------ the quiz
def lesson_sentences() -> set[str]:
    """Every line lesson 3 writes or prints."""
    cells = json.loads((ROOT / "notebooks" / "03_moving_and_hills.ipynb").read_text(encoding="utf-8"))["cells"]
    written = [line for c in cells if c["cell_type"] == "markdown" for line in "".join(c["source"]).splitlines()]
    printed = [line for c in cells for o in c.get("outputs", []) for line in "".join(o.get("text", "")).splitlines()]
    return {line.strip() for line in written + printed}


def test_the_moving_quiz_asks_positions_the_lesson_did_not_show():
    shown = lesson_sentences()
    assert any("Cy moves 3, plus 1" in line for line in shown)  # the lesson's examples are read
    quiz = moving_quiz()
    for question in quiz.questions:
        right = [c for c in question.choices if question.check(c).correct]
        assert len(right) == 1
        solution = question.check(right[0]).message
        assert solution not in shown and solution.startswith("Ada moves")
        assert "S." not in question.prompt and "progress" not in question.prompt  # board words


def test_the_first_question_is_about_driving_clockwise():
    question = moving_quiz().questions[0]
    assert "clockwise" in question.hint
    # Ada on 6 moves 2 on a flat track: 7, 8. Driving back would have reached 4, a choice offered.
    assert {"8", "4"} <= set(question.choices)
    assert question.check("8").correct and not question.check("4").correct


def test_a_track_in_words():
    assert track_in_words(Track.parse("S...DD..U..")) == (
        "A track of 11 spaces, counted clockwise from the start/finish (space 0) to space 10; spaces 4 and 5 are "
        "downhill (blue) and space 8 is uphill (red), all the others flat.")
    assert track_in_words(Track.parse("S....")).endswith("to space 4, with no hills.")


def test_the_figure_folds_its_hills_in_words_above_the_cars_for_a_screen_reader():
    """The hills are drawn in color and shape only: the folded words under the figure say
    where they are (a lesson 3 self-check cannot be answered without them)."""
    said = TrackFigure(Track.parse("S...DD..U.."), positions=[2], names=["Ada"]).in_words.value
    assert "spaces 4 and 5 are downhill (blue) and space 8 is uphill (red)" in said
    assert said.index("uphill") < said.index("<table>")


def test_the_main_button_is_the_one_that_does_something_now():
    """Round 26's walk: once the move is over, Step does nothing, so Back to start is the
    highlighted button; going back gives Step its highlight again."""
    player = turbo_player()
    styles = lambda: (player.step_button.button_style, player.back_button.button_style)  # noqa: E731
    assert styles() == ("primary", "")
    player.step_button.click()
    assert styles() == ("primary", "")  # more steps to see
    player.end_button.click()
    assert styles() == ("", "primary")
    player.step_button.click()  # says the move is over: still Back to start's turn
    assert styles() == ("", "primary")
    player.back_button.click()
    assert styles() == ("primary", "")
