"""The quizzes, the Rally Run board and the memory chart speak German when rally does
(widgets/quiz.py, widgets/stich_rallye/quizzes.py, widgets/rally_run/*): built under
``rally.language("de")`` from seeded games, every text a learner sees is German and holds
none of the English sentences of these files; in English nothing changed. A click
answered later speaks the language spoken at the click.

These checks pass once the widgets' German catalog (widgets/locale/de) holds the
translations of these files' messages."""

from __future__ import annotations

import functools
import string
from pathlib import Path

import pytest

import rally
from rally import Track
from rally.rally_run import START_FINISH, RallyRunGame
from widgets.rally_run.board_words import car_place, line_place
from rally.rally_run.simulate import memory_win_rates
from widgets import MemoryChart, RallyRunBoard, rally_run_quiz, round_end_quiz, tricks_quiz
from widgets.i18n import WIDGETS
from widgets.stich_rallye.quizzes import motor_quiz
from widgets.stich_rallye.track_quizzes import moving_quiz
from widgets.stich_rallye.track_words import track_in_words

ROOT = Path(__file__).resolve().parents[2]
FILES = ["widgets/quiz.py", "widgets/stich_rallye/quizzes.py", "widgets/stich_rallye/track_quizzes.py", "widgets/rally_run/board.py",
         "widgets/rally_run/board_words.py", "widgets/rally_run/board_rows.py",
         "widgets/rally_run/memory_chart.py", "widgets/rally_run/quizzes.py"]


@functools.lru_cache(maxsize=1)
def english_sentences() -> frozenset[str]:
    """The English words of these files' messages: each template's text between its
    placeholders, where it is a phrase of its own (two words or more, 12 letters or more)
    that the German translation does not keep as it is. Phrases rally's own messages use
    too are left out: rally's sentences inside these texts are rally's catalog's business."""
    babel = pytest.importorskip("babel.messages.extract")
    keywords = {**babel.DEFAULT_KEYWORDS, "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
    rallys = "\n".join(m if isinstance(m, str) else "\n".join(m) for _f, _l, m, _c, _x in babel.extract_from_dir(
        str(ROOT / "rally"), keywords=keywords))
    german = WIDGETS.translation("de")
    found = set()
    for path in FILES:
        for _line, message, _comments, context in babel.extract_from_file("python", ROOT / path, keywords=keywords):
            forms = [message] if isinstance(message, str) else list(message)
            translated = (german.pgettext(context, forms[0]) if context and len(forms) == 1 else
                          german.ngettext(forms[0], forms[1], 2) if len(forms) == 2 else german.gettext(forms[0]))
            kept = translated if translated not in forms else ""  # an untranslated message keeps nothing
            for form in forms:
                for text, *_rest in string.Formatter().parse(form):
                    chunk = text.strip(" .,;:()")
                    if len(chunk) >= 12 and " " in chunk and chunk not in kept and chunk not in rallys:
                        found.add(chunk)
    return frozenset(found)


def assert_german(texts: list[str]) -> None:
    """None of ``texts`` holds an English sentence of these files."""
    english = english_sentences()
    assert english, "the files' messages were not found"
    leaks = sorted({(chunk, text) for text in texts for chunk in english if chunk in text})
    assert leaks == [], leaks[:5]


def quiz_texts(quiz) -> list[str]:
    """Everything a learner reads in ``quiz``: every question with its hint, its choices and
    the explanation of each choice, and the quiz's own words."""
    texts = [quiz.title, quiz.heading.value, quiz.check_button.description, quiz.next_button.description]
    for question in quiz.questions:
        texts += [question.prompt, question.heading, question.hint, *question.choices]
        texts += [question.check(choice).message for choice in question.choices]
    quiz.answer(quiz.question.choices[0])
    texts.append(quiz.feedback.value)
    return texts


# ------------------------------------------------------------------ the quizzes
def test_the_tricks_quiz_asks_and_answers_in_german():
    with rally.language("de"):
        quiz = tricks_quiz()
        assert quiz.title == "Stiche" and quiz.check_button.description == "Prüfen"
        assert quiz.next_button.description == "Nächste Frage"
        assert quiz.heading.value == f"<b>Frage 1 von {len(quiz.questions)}</b>"  # the prompt asks it
        question = quiz.question
        assert question.prompt.startswith("In diesem Stich wurde der Reihe nach gespielt: ")
        wrong = next(c for c in question.choices if not question.check(c).correct)
        hinted = quiz.answer(wrong)
        assert hinted.message == f"{question.hint} Versuch es noch einmal." and "Noch nicht." in quiz.feedback.value
        assert "Aber schau:" in quiz.answer(wrong).message and "Nicht ganz." in quiz.feedback.value
        assert_german(quiz_texts(tricks_quiz()))


def test_the_motor_and_moving_quizzes_count_in_german():
    with rally.language("de"):
        quiz = moving_quiz()
        assert quiz.title == "Fahren und Hügel"
        assert quiz.questions[0].prompt == ("Ada fährt 2 Felder vor. Diese Strecke hat keine Hügel. "
                                          "Auf welchem Feld bleibt das Auto von Ada stehen?")
        assert "<td>Ada (weißes Auto)</td><td>Feld 6</td>" in quiz.picture.children[0].in_words.value  # the picture
        assert motor_quiz().questions[4].prompt.startswith("Der Pfeil zeigt auf 10. Du verlierst noch 2 Stiche.")
        assert_german(quiz_texts(quiz))
        ends = round_end_quiz()
        assert ends.questions[0].prompt.startswith("Bo hat den letzten Stich der Runde gewonnen. Im 1. Abschnitt: Ada auf Feld 24")
        assert_german(quiz_texts(ends))


def test_a_track_is_described_in_the_language_asked_for():
    track = Track.parse("S...DD........")
    german = track_in_words(track, lang="de")
    assert german.startswith("Die Strecke hat 14 Felder") and "die Felder 4 und 5 sind Abfahrten (blau)" in german
    assert track_in_words(track, lang="en") == ("A track of 14 spaces, counted clockwise from the start/finish "
                                                "(space 0) to space 13; spaces 4 and 5 are downhill (blue), all "
                                                "the others flat.")


@pytest.mark.parametrize("part", ["set-up", "laying", "dead ends", "sharing", "swap", "pit stop", "finish",
                                  "endings"])
def test_every_rally_run_question_is_german(part):
    english = rally_run_quiz(part)
    with rally.language("de"):
        quiz = rally_run_quiz(part)
        assert quiz.title.startswith("Memo-Car-Race: ") and quiz.title != english.title
        assert [q.prompt == e.prompt or q.hint == e.hint for q, e in zip(quiz.questions, english.questions)] == [
            False] * len(english.questions)
        assert_german(quiz_texts(quiz))


def test_the_rally_run_quiz_names_colors_and_trophies_in_german():
    with rally.language("de"):
        quiz = rally_run_quiz("pit stop")
        assert quiz.title == "Memo-Car-Race: die Boxengasse"
        assert quiz.question.choices[:2] == ("Das, auf dem er selbst gestartet ist", "Das, auf dem Bo gestartet ist")
        answer = quiz.answer(quiz.question.choices[1])
        assert quiz.question.prompt.endswith("deckt das oberste Kanister-Plättchen auf: Es ist rot.")
        assert answer.correct and answer.message.startswith("Das rote: Dort ist Bo gestartet. ")
        assert "egal wo ein Auto gestartet ist" in answer.message
        assert quiz.question.heading == "Welches Start-Ziel-Plättchen ist jetzt das Ziel von Gus?"
        trophies = rally_run_quiz("set-up").questions[1]
        assert "Das Kanister-Plättchen in Gelb bleibt in der Schachtel." in trophies.check("3").message
        finish = rally_run_quiz("finish").questions[0]
        assert finish.choices == ("Ja", "Nein", "Nur wenn kein anderes Auto auf dem roten Start-Ziel-Plättchen "
                                  "steht") and finish.check("Nein").message.startswith("Die Antwort ist „Nein“. ")
        assert finish.heading == "Darf Bo in der App jetzt auf das rote Start-Ziel-Plättchen fahren?"
        assert rally_run_quiz("sharing").questions[0].prompt.startswith("Das Auto von Bo steht auf B1 (dort liegt eine Kurve: Straße ↓ ←).")


def test_a_quiz_made_in_english_explains_in_the_language_spoken_at_the_check():
    quiz = rally_run_quiz("pit stop")
    right = "The one Bo started on"
    assert quiz.question.choices[1] == right  # not first: a child should not learn where the answer stands
    with rally.language("de"):
        said = quiz.answer(right)
    assert said.correct and said.message.startswith("Das rote: Dort ist Bo gestartet. Die Farbe des Kanister-Plättchens zeigt das Ziel")
    assert quiz.answer(right).message.startswith("The red one, where Bo started. The trophy's color names the finish")


def test_the_quizzes_still_speak_english():
    with rally.language("en"):
        quiz = tricks_quiz()
        assert quiz.heading.value == f"<b>Question 1 of {len(quiz.questions)}</b>"  # the prompt asks it
        assert quiz.check_button.description == "Check" and quiz.next_button.description == "Next question"
        assert quiz.question.prompt.startswith("In this trick ") and quiz.question.prompt.endswith(" Who wins it?")
        assert rally_run_quiz("swap").title == "Rally Run: swapping"


# ------------------------------------------------------------------ the board
def board_texts(board: RallyRunBoard) -> list[str]:
    texts = [board.heading, board.prompt, board.status, *board.labels.values()]
    texts += [row["label"] for row in board.cells]
    texts += [row[k] for row in board.starts for k in ("label", "word")]
    texts += [row[k] for row in board.players_info for k in ("text", "title", "where")]
    texts += [row["title"] for row in board.cars]
    texts += [row[k] for row in board.rotations for k in ("text", "label")]
    return texts


def test_the_board_speaks_german_and_keeps_its_color_letters():
    with rally.language("de"):
        board = RallyRunBoard(players=2, seed=6, bots="none")
        assert board.heading == "Du bist dran, Bo (rotes Auto). Nächster Halt: die Boxengasse (C3)."
        assert board.labels["pit"] == "BOX" and board.labels["trophies"] == "2 Kanister"
        assert board.labels["move_button"] == "Aufdecken / Fahren" and board.labels["new_game"] == "Neues Spiel"
        assert [s["word"] for s in board.starts] == ["Rot", "Blau", "Grün", "Gelb"]
        assert [s["letter"] for s in board.starts] == ["R", "B", "G", "Y"]  # the cells' codes, in every language
        assert [s["color"] for s in board.starts] == ["red", "blue", "green", "yellow"]  # what a click sends
        assert board.players_info[0]["text"] == "Bo (du): rotes Auto, am Start, noch kein Kanister-Plättchen"
        assert board.cars[0]["title"] == "Das rote Auto von Bo"
        assert board.click("A1") and board.rotations
        assert board.rotations[0]["label"].startswith("so legen, dass die Straße nach ")  # no compass points
        assert board.prompt == "Leg das Plättchen auf A1: Wähle, wohin seine Straße geht."
        texts = board_texts(board)
        assert board.rotate(board.rotations[0]["rotation"])
        assert board.set_mode("swap") and board.status == "Wähle zwei verdeckte Plättchen, um sie zu vertauschen."
        texts += board_texts(board)
        # German words only (issue 41: the English 'red' stood in this refusal).
        assert not board.click(3) and board.status == ("Klick auf ein Feld wie B3 oder auf ein Start-Ziel-Plättchen, "
                                                       "zum Beispiel auf das rote, nicht auf 3.")
        texts += board_texts(board)
        assert_german(texts)


def test_a_board_made_in_english_answers_a_click_in_the_language_spoken_then():
    board = RallyRunBoard(players=3, seed=4, bots="none")
    assert board.labels["pit"] == "PIT" and board.heading.startswith("Your turn, Bo (red car).")
    with rally.language("de"):
        board.set_mode("swap")
        assert board.status == "Wähle zwei verdeckte Plättchen, um sie zu vertauschen."
        assert board.labels["swap_button"] == "Zwei Plättchen vertauschen" and board.heading.startswith("Du bist dran, Bo")
    board.set_mode("move")
    assert board.labels["swap_button"] == "Swap two tiles" and board.heading.startswith("Your turn, Bo")


def test_a_finished_game_and_a_shown_moment_in_german():
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    with rally.language("de"):
        shown = RallyRunBoard(game, interactive=False)
        assert shown.heading == "Bo wählt, wie das gerade aufgedeckte Plättchen liegen soll."
        assert not shown.click("A1") and shown.status.startswith("Dieser Spielplan zeigt nur eine Spielsituation")
        assert_german(board_texts(shown))


def test_the_board_still_speaks_english():
    board = RallyRunBoard(players=2, seed=6, bots="none")
    assert board.heading == "Your turn, Bo (red car). Heading for the pit stop (C3)."
    assert [s["word"] for s in board.starts] == ["red", "blue", "green", "yellow"]
    assert board.players_info[0]["text"] == "Bo (you): red car, at the start, no trophy yet"
    # Only a car at its own start with no trophy is "at the start"; anywhere else says where.
    red, blue = (next(sf for sf in START_FINISH if sf.color == c) for c in ("red", "blue"))
    assert line_place(red, "blue", "") == car_place(red) == "on the red start-finish tile"
    assert line_place(blue, "blue", "red") == "on the blue start-finish tile"
    with rally.language("de"):
        assert line_place(blue, "blue", "") == "am Start"
    assert board.cars[1]["title"] == "Gus's green car" and board.labels["trophies"] == "2 trophies"


# ------------------------------------------------------------ the memory chart
def test_the_memory_chart_is_labelled_in_german():
    result = memory_win_rates([0, None], games=6, seed=2)
    with rally.language("de"):
        chart = MemoryChart(result)
    layout = chart.plot.layout
    assert layout.title.text.startswith("Gewonnene Spiele je nach Gedächtnis, je 6 Spiele, Gegner: ")
    assert layout.yaxis.title.text == "Gewonnene Spiele (%)"
    assert layout.xaxis.title.text.startswith("Wie lange sich der Computerspieler ein Plättchen merkt")
    assert any(a.text == "Gleich stark: 50\xa0%" for a in layout.annotations)  # as German writes it
    assert_german([layout.title.text, layout.xaxis.title.text, layout.yaxis.title.text,
                   *(a.text for a in layout.annotations), *chart.plot.data[0].hovertext])
    english = MemoryChart(result).plot.layout
    assert english.title.text.startswith("Win rate by memory, 6 games each against ")
    assert english.yaxis.title.text == "games won (%)"
