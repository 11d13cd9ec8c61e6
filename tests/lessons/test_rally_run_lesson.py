"""Lesson 07 (Rally Run): its self-check questions, the order it teaches the rules in,
and the sentences it prints about games that end without a finish.

The expected answers here are worked out by hand from the rulings (M1-M5) and the
project's decisions (R1-R12), not read from the engine, so a question that drifted from
the rules would fail.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rally import SetupError
from rally.rally_run import RallyRunGame, parse_bot, play_out
from rally.rally_run.simulate import simulate
from widgets import rally_run_quiz
from widgets.rally_run.quizzes import PARTS

from lesson_words import PYTHON

ROOT = Path(__file__).resolve().parents[2]
#: The Rally Run lessons that teach the rules (lesson 9 is the memory experiment), read as one.
LESSONS = [ROOT / "notebooks" / "07_rally_run_driving.ipynb", ROOT / "notebooks" / "08_rally_run_finish.ipynb"]


def drive(quiz, index: int, answer: str):
    quiz.index = index
    quiz._show()
    return quiz.answer(answer)


# (part, question index, right answer, a wrong answer, fragment of the solution)
CASES = [
    # M1: the 24 road tiles are all laid whatever the number of players.
    ("set-up", 0, "24", "12", "whatever the number of players"),
    # M4, R2: one trophy per player, in the three start colors; yellow stays in the box.
    ("set-up", 1, "3", "4", "The yellow one stays in the box"),
    # M3: a straight entered from the north must open north: it lies north-south only.
    ("laying", 0, "Only road ↑ ↓", "Road ↑ ↓ or road → ←, as he likes", "Only ↑ ↓ meets the road from B1"),
    # M3, R3: Gus's first move: a dead end on E5 faces E4 (north) or D5 (west), never the green start.
    ("dead ends", 0, "Open to north or to west, as he likes", "Only open to east, toward his start",
     "must face a face-down neighbor"),
    # M3: later, Bo's dead end entered from the north must open north, back toward B1.
    ("dead ends", 1, "Open to north, back toward B1", "Any of the four ways", "faces back toward B1"),
    # M3, R11: B2 laid east-west has no road north, so Bo on B1 cannot join Gus there; were Gus
    # gone, B2 would lie face down, to be revealed, not driven onto.
    ("sharing", 0, "No", "Yes", "it has no road to the north, so the roads do not meet"),
    ("sharing", 0, "No", "Only if Gus drives off B2 first", "it has no road to the north"),
    # M3: the tile turns face down when the last car leaves it: Bo, who leaves second.
    ("sharing", 1, "When Bo drives off", "When Gus drives off", "nobody is left on it"),
    # R9: Gus did not swap on his last turn, so Bo may swap A4 (his own earlier swap does not count),
    # though A4 and D2 are far apart.
    ("swap", 0, "Yes", "No", "Bo's own swap does not count"),
    # The tempting misreading: his own swap bars him.
    ("swap", 0, "Yes", "No: Bo swapped A4 himself on his last turn", "Bo's own swap does not count"),
    # M3: E5 lies face up under Gus's car, so it cannot be swapped, with any tile.
    ("swap", 1, "No", "Yes", "only face-down tiles may be swapped"),
    # The tempting misreading: any tile left out of the last swap may be swapped.
    ("swap", 1, "No", "Yes: E5 was not in the last swap", "only face-down tiles may be swapped"),
    # M4: the trophy's color names the finish: Gus turns over Bo's red, so his finish is the red
    # start-finish tile, Bo's start (going home is the tempting wrong answer).
    ("pit stop", 0, "The one Bo started on", "The one he started on himself", "wherever a car started"),
    ("pit stop", 0, "The one Bo started on", "Any start-finish tile he reaches first",
     "The trophy's color names the finish"),
    # M5: a straight north-south on A1 does not lead west to the red start-finish tile.
    ("finish", 0, "No", "Yes", "No road leaves it to the west"),
    ("finish", 0, "No", "Only if no other car stands on the red start-finish tile", "No road leaves it to the west"),
    # M5: the green trophy's finish is the green tile beside E5, not the red one.
    ("finish", 1, "No", "Yes", "finish is the green start-finish tile beside E5"),
    # R5 (the project's reading, labelled as such): no car drives onto another start-finish tile.
    ("finish", 1, "No", "Only if no other car stands on the red start-finish tile",
     "The answer is “No”. In this app, a car may enter just one start-finish tile: its finish. Bo's finish"),
    # R5, R7: on E1 a curve open north and east leads off the board and onto Ed's own start.
    ("endings", 0, "Open to north and east", "Neither way", "where a car without its trophy never drives"),
    # R8: a trophy in hand counts before the steps, so Bo (6 steps to go) beats Gus (1 step).
    ("endings", 1, "Bo", "Gus", "holding a trophy counts before any number of steps"),
]


@pytest.mark.parametrize("part, index, right, wrong, fragment", CASES)
def test_each_question_hints_first_then_explains_and_accepts_the_right_answer(part, index, right, wrong, fragment):
    quiz = rally_run_quiz(part)
    hinted = drive(quiz, index, wrong)
    assert not hinted.correct and fragment not in hinted.message
    assert hinted.message == f"{quiz.question.hint} Try again."
    assert quiz.next_button.disabled and not quiz.next()
    rejected = quiz.answer(wrong)
    assert not rejected.correct and fragment in rejected.message
    assert quiz.answer(right).correct and "✔" in quiz.feedback.value


def test_every_question_of_every_part_is_covered_and_has_one_right_answer():
    asked = {(part, i) for part, i, *_ in CASES}
    assert asked == {(part, i) for part in PARTS for i in range(len(rally_run_quiz(part).questions))}
    for part in PARTS:
        for question in rally_run_quiz(part).questions:
            assert sum(question.check(choice).correct for choice in question.choices) == 1, question.prompt


def test_the_questions_use_the_engines_names_and_ask_in_their_heading_only():
    """Every game keeps its default names (Bo red, Gus green, Ed blue: NAMES_BY_COLOR); the
    heading asks the question, and the prompt beneath it tells the case without asking it
    again. A may-question offers a third answer besides Yes and No: "Only if …", or a yes or no
    with a reason that is true of the game but not the rule."""
    for part in PARTS:
        for question in rally_run_quiz(part).questions:
            texts = [question.prompt, question.heading, *question.choices,
                     *(question.check(choice).message for choice in question.choices)]
            assert not any(re.search(r"\b(?:Ada|she|her)\b", text) for text in texts), texts
            assert question.heading.endswith("?") and "?" not in question.prompt, question.prompt
            assert len(question.choices) >= 3, question.heading
    assert rally_run_quiz("sharing").questions[0].heading == "May Bo drive onto B2?"
    assert rally_run_quiz("endings").questions[0].heading == "Which way of laying the curve leaves Ed's car stuck for good?"


def test_the_whole_quiz_asks_every_part_in_the_lessons_order():
    whole = rally_run_quiz()
    parts = [q.prompt for part in PARTS for q in rally_run_quiz(part).questions]
    assert [q.prompt for q in whole.questions] == parts
    assert rally_run_quiz("swap").title == "Rally Run: swapping"


def test_an_unknown_part_is_refused_with_the_parts_named():
    with pytest.raises(SetupError, match=re.escape("The part of the Rally Run lesson must be one of 'set-up', "
                                                   "'laying'")):
        rally_run_quiz("winning")


def test_no_question_speaks_python():
    for question in rally_run_quiz().questions:
        texts = [question.prompt, question.hint, *question.choices,
                 *(question.check(choice).message for choice in question.choices)]
        assert [t for t in texts if PYTHON.search(t)] == []


# ------------------------------------------------------------------ the lesson
def lesson_cells() -> list[dict]:
    return [cell for lesson in LESSONS for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]]


#: The section of lessons 7 and 8 that teaches each part a self-check asks about.
TAUGHT_BY = {"laying": "### Laying a tile", "dead ends": "### Laying a tile", "swap": "## Swapping two tiles",
             "pit stop": "## The pit stop", "finish": "## The finish"}


def test_each_part_is_asked_once_after_the_section_that_teaches_it():
    cells = lesson_cells()
    headings = {line.rstrip(): i for i, c in enumerate(cells) if c["cell_type"] == "markdown" for line in c["source"]
                if line.startswith("#")}
    asked = [(i, re.findall(r'"([^"]+)"', m.group(1))) for i, c in enumerate(cells)
             if (m := re.search(r"rally_run_quiz\(([^)]*)\)", "".join(c["source"])))]
    parts = [part for _i, quiz in asked for part in quiz]
    # Issue 41: one self-check a lesson, each part asked once, after the section that teaches it.
    assert len(asked) == 2 and sorted(parts) == sorted(TAUGHT_BY)
    for i, quiz in asked:
        assert all(headings[TAUGHT_BY[part]] < i for part in quiz), (i, quiz)


#: Words an output prints, and the heading of the section that teaches them: nothing is
#: printed before it is taught.
TAUGHT_IN = {
    "to lay the tile": "## A turn: two choices",  # lesson 7's board: a tile revealed, to be laid
    "Bo to move": "## Your turn: play against the computer",  # lesson 8's game to play
}


@pytest.mark.parametrize("words, heading", TAUGHT_IN.items())
def test_nothing_is_printed_before_it_is_taught(words, heading):
    cells = lesson_cells()
    taught = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                  and any(line.rstrip() == heading for line in c["source"]))
    printed = [i for i, c in enumerate(cells) for o in c.get("outputs", [])
               if words in "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))]
    assert printed and min(printed) > taught, (words, printed, taught)


def test_no_board_shows_a_trophy_taken_before_the_pit_stop_is_taught():
    cells = lesson_cells()
    taught = next(i for i, c in enumerate(cells) if "## The pit stop" in "".join(c["source"]))
    boards = 0
    for i, cell in enumerate(cells[:taught]):
        for output in cell.get("outputs", []):
            shown = "".join(output.get("data", {}).get("text/plain", ""))
            if shown.startswith("Rally Run as "):  # a board's plain text: "..., 4 trophies left."
                boards += 1
                cars = len(re.findall(r"\b(?:Bo|Ed|Gus|Cy) on\b", shown))
                assert f"{cars} trophies left" in shown, (i, shown)
    assert boards >= 1  # lesson 7's first move (issue 41: few boards on the child's path)


def test_the_lesson_labels_the_projects_own_readings():
    text = re.sub(r"\s+", " ", " ".join("".join(c["source"]) for c in lesson_cells()
                                        if c["cell_type"] == "markdown").replace("**", ""))
    for reading in ("stacked on the pit stop, picture up and color down.",  # trophies (M4): both rulebooks say so
                    "go at the corners, each beside a corner tile. 4.",  # the rulebook: "on each corner of the grid"
                    "In this app, the start-finish tiles lie beside the corners, on the left and right edges.",  # M1
                    "The app's tiles are 8 straights, 8 curves, 4 crossroads and 4 dead ends.",  # M2
                    "The rulebook forbids that “in the first round”: turn the open end toward a face-down neighbor.",
                    # R3: the rulebook's own ban ("may not border a start-finish tile"), and its "first round" read:
                    "In this app, “the first round” means while your car is still on its start-finish tile.",
                    "You may drive onto its tile if your road leads there. In this app, both roads must meet.",  # R11: its road must open back
                    "You may drive onto the pit stop too. In this app, it is open on every side and stays face up.",  # M1
                    "In this app: - The pit stop has room for every car. - A car always takes one on its first visit, "
                    "and never a second.",                                                  # the rulebook: "may take"
                    "The app also starts each car on the tile of its own color. The app's trophies have the colors of "
                    "the cars playing.",                                        # the rulebook: colors unsaid
                    "The rulebook only says the new tile must touch yours. In this app, it must also lie where your "
                    "road leads. Do the same at the table.",  # M3: the rulebook's "border", then the reading, labelled
                    "In this app, at least one way always fits.",  # it follows from M3's reading
                    "In this app, your car could then never leave the tile: it would be stuck for good.",  # R5, R7
                    "In this app, a car may enter just one start-finish tile: its finish.",  # R5
                    "In this app, a car is stuck for good",                                # R7, R8
                    "or after 100 turns each (40 in lesson 0)."):                                           # the turn limit (R8)
        assert reading in text, reading
    assert "a car never drives back onto its start" not in text and "colour" not in text


# ------------------------------------------------------- endings, in words
def test_a_tie_when_every_car_is_stuck_goes_to_the_later_player_and_says_so():
    game = RallyRunGame.arrange(2, tiles={"A1": "C:NE", "E5": "C:NE"}, seed=1)
    for action in ("reveal A1", "rotate 3", "reveal E5", "rotate 1"):  # both curves face off the board
        game.apply(action)
    assert game.end_reason == "all stuck" and game.winner == 1  # both 4 steps from the pit stop: Gus plays later
    assert game.narrate()[-1] == (
        "No car can ever move again, so the game ends, and Gus wins. A trophy in hand counts first, then "
        "the fewest steps still to go. A tie goes to the player later in the order of play.")


def test_the_turn_limit_sentence_does_not_call_a_far_trophy_holder_closest():
    game = RallyRunGame.arrange(2, tiles={"C4": "S:NS", "C2": "S:EW"}, cars=["C4", "C2"], trophies=["red", None],
                                turn=199)
    game.apply("swap A1 B1")
    assert game.end_reason == "turn limit" and game.winner == 0  # 6 steps to go with a trophy beats 1 without
    assert game.narrate()[-1].startswith("The turn limit is reached, so the game ends, and Bo wins. A "
                                         "trophy in hand counts first")
    assert "closest" not in game.narrate()[-1]


def test_the_lessons_short_game_ends_at_its_turn_limit_with_the_nearer_trophy_holder_ahead():
    game = play_out(RallyRunGame.new(2, seed=22, max_turns=20), [parse_bot("none"), parse_bot("none")],
                    random.Random(22))
    assert game.end_reason == "turn limit" and game.trophies == ("red", "green")
    assert [str(p) for p in game.cars] == ["A2", "C4"] and game.winner == 0  # 2 steps to red, 4 to green


def test_the_command_lines_winner_line_says_why_in_full():
    out = simulate(2, seed=22, bots="none", max_turns=20)
    assert out.splitlines()[-1] == ("Winner: Bo, who was ahead when the turn limit was reached (a trophy in hand "
                                    "first, then the fewest steps to go; a tie to the later player).")


# ----------------------------------------------------------- the board's drawing
def test_each_board_draws_its_backs_with_patterns_of_its_own():
    text = (ROOT / "widgets" / "rally_run" / "board.js").read_text(encoding="utf-8")
    assert 'id: "rr-back"' not in text and "url(#rr-" not in text  # a page-wide id would be shared
    assert "fill: `url(#${uid}-back)`" in text and "id: `${uid}-back`" in text


def test_an_arranged_games_log_counts_its_turns_from_where_it_was_set_up():
    from widgets import RallyRunBoard

    game = RallyRunGame.arrange(2, tiles={"B1": "C:WS", "B2": "X:NESW"}, cars=["B1", "B2"], seed=1)
    assert game.turn == 14  # the earliest turn both cars can have got there
    game.apply("drive B2")
    board = RallyRunBoard(game, interactive=False)
    assert board.log == ["Turn 15: Bo drives from B1 to B2 to join another car.",
                         "Turn 15: The tile on B1 turns face down again (no car stands on it)."]
    assert board.heading == "Gus to move."
    fresh = RallyRunGame.new(2, seed=1)
    fresh.apply("swap A1 B1")
    assert RallyRunBoard(fresh, interactive=False).log == ["Turn 1: Bo swaps the face-down tiles on A1 and B1."]


def test_a_finished_games_turn_count_is_the_number_of_its_last_turn_in_the_log():
    """'Game over after 78 turns' where the log's last turn is 'Turn 78' (the winning drive
    ends the game within its turn), on the board, in the game's text and in the log."""
    from rally.rally_run.simulate import log_lines
    from widgets import RallyRunBoard

    game = play_out(RallyRunGame.new(2, seed=5), [parse_bot("perfect"), parse_bot("none")], random.Random(5))
    assert game.end_reason == "finish"
    last = [line for line in log_lines(game.events, game.names) if line.startswith("Turn ")][-1]
    assert last.startswith(f"Turn {game.turns_played}: ") and game.turns_played == game.turn + 1
    assert RallyRunBoard(game, interactive=False).heading == (f"Game over after {game.turns_played} turns: "
                                                              f"{game.names[game.winner]} wins!")
    assert f"game over after {game.turns_played} turns" in game.summary()
    limited = play_out(RallyRunGame.new(2, seed=22, max_turns=20), [parse_bot("none")] * 2, random.Random(22))
    assert limited.end_reason == "turn limit" and limited.turns_played == limited.turn == 20
