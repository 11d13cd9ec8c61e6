"""The what-if widgets (widgets/what_if.py), driven from Python: the editor checks as
the user edits, names problems, keeps the last possible position and its code; the
advisor panel shows rally's answer with a progress bar and a chart."""

from __future__ import annotations

import html

from plotly.callbacks import Points

from rally import Position, Turbo, advise, parse_cards
from widgets import AdviceChart, AdvisorPanel, PositionEditor, WhatIf
from widgets.track_figure import SPACES

START = "SR1_Tvolcano_R1_F0_P0.3.7.11_M1.1.0.1_CG11.R5_H2G3.G9.B4"
TURBO = "SR1_TS......D......U....._R3_F1_P33.28.5_M5.6.0_CG2.G4.G5_H0"


def click_space(figure, space: int) -> None:
    """What Plotly's front end sends when a space marker is clicked."""
    trace = figure.data[SPACES]
    trace._dispatch_on_click(Points(point_inds=[space], xs=[0], ys=[0], trace_name="spaces", trace_index=SPACES),
                             None)


def test_editor_loads_a_code_and_shows_it():
    editor = PositionEditor(START)
    assert editor.position == Position.from_code(START)
    assert editor.progress.value == "0, 3, 7, 11" and editor.hand.value == "G3 G9 B4"
    assert editor.copy.text == START
    assert "✔ A possible position" in editor.status.value and "Cy plays next" in editor.status.value
    assert editor.figure.positions == (0, 3, 7, 11)


def test_an_impossible_edit_names_every_problem_and_keeps_the_last_good_position():
    editor = PositionEditor(START)
    editor.progress.value = "0, 3, 3, 12"
    assert len(editor.problems) == 2
    assert "Cars Bo and Cy are both on space 3" in editor.status.value
    assert "rests on downhill space 12" in editor.status.value and "role='alert'" in editor.status.value
    assert editor.position == Position.from_code(START) and editor.copy.text == START
    assert editor.figure.positions == (0, 3, 7, 11)
    assert repr(editor) == "PositionEditor(2 problems)"
    editor.progress.value = "0, 3, 8, 11"
    assert editor.problems == [] and editor.position.positions == (0, 3, 8, 11)
    assert editor.figure.positions == (0, 3, 8, 11) and editor.copy.text != START


def test_clicking_a_space_places_the_chosen_car_on_the_chosen_lap():
    editor = PositionEditor(START)
    editor.car.value = "Di"
    click_space(editor.figure, 16)
    assert editor.position.positions == (0, 3, 7, 16)
    editor.lap.value = 1
    click_space(editor.figure, 1)
    assert editor.position.positions == (0, 3, 7, 32)  # 31 spaces: lap 2, space 1
    editor.car.value = "Ada"
    editor.lap.value = 0
    click_space(editor.figure, 5)  # a downhill: refused by rally, shown, nothing else changes
    assert editor.problems and "rests on downhill space 5" in editor.status.value
    assert editor.position.positions == (0, 3, 7, 32)


def test_cards_motors_and_other_hands_are_checked():
    editor = PositionEditor(START)
    editor.hand.value = "G3 G9 X4"
    assert any("'X4' is not a card" in p for p in editor.problems)
    editor.hand.value = "G3 G9 B4"
    editor.motors.value = "1, 1, 0, 5"
    assert any("only 2 tricks" in p for p in editor.problems)
    editor.motors.value = "1, 1, 0, 1"
    editor.others.value = "Bo: R3"
    assert any("Bo holds 1 cards but should hold 2" in p for p in editor.problems), editor.problems
    editor.others.value = "Zed: R3"
    assert "does not name one of Ada, Bo, Cy, Di" in editor.problems[0]
    editor.others.value = "Di: R3 R4 R6"
    assert editor.problems == [] and editor.position.hands[3] == tuple(parse_cards("R3 R4 R6"))
    assert "H3R3.R4.R6" in editor.copy.text


def test_changing_the_number_of_players_resizes_the_seats():
    editor = PositionEditor(START)
    editor.players.value = 5
    assert editor.progress.value == "0, 3, 7, 11, 0" and editor.car.options == ("Ada", "Bo", "Cy", "Di", "Ed")
    # Five players use cards 1-15; the position is checked again.
    assert editor.problems == [] or all("hold" in p or "should" in p for p in editor.problems)


def test_loading_a_bad_code_shows_why_and_keeps_everything():
    editor = PositionEditor(START)
    assert editor.load_code("SR1_Tvolcano_R9") is None
    assert "That code cannot be loaded" in editor.message.value and "lacks F (the flag holder" in editor.message.value
    assert editor.position == Position.from_code(START) and editor.copy.text == START
    assert editor.load_code(TURBO) == Position.from_code(TURBO)
    assert editor.message.value == "" and editor.track.value == "S......D......U....."
    assert "chooses: turbo or not" in editor.status.value


def test_the_advisor_answers_with_a_chart_and_a_progress_bar():
    editor = PositionEditor(TURBO, playouts=200, seed=1)
    advice = editor.advisor.ask()
    assert advice is not None and advice.best.action == Turbo(True)
    assert advice.options == advise(Position.from_code(TURBO), playouts=200, seed=1).options
    chart = editor.advisor.chart
    bars = chart.data[0]
    assert list(bars.x) == ["turbo ★", "no turbo"]
    assert list(bars.y) == [100.0, 0.0]
    assert list(bars.marker.pattern.shape) == ["x", "-"]  # told apart without color
    low, high = advice.options[0].interval
    assert abs(bars.error_y.arrayminus[0] - 100 * (1 - low)) < 1e-9 and abs(bars.error_y.array[0]) < 1e-9
    # Each bar's figure sits above its interval's upper end.
    notes = chart.layout.annotations
    assert [(a.x, a.text) for a in notes] == [("turbo ★", "100%"), ("no turbo", "0%")]
    assert notes[1].y == 100 * advice.options[1].interval[1]
    panel = editor.advisor
    assert panel.progress.value == panel.progress.max == advice.options[0].playouts
    assert "stopped early" in panel.progress_text.value
    assert "turbo won 100%" in panel.answer.value
    assert repr(panel) == "AdvisorPanel(turbo is best)" and repr(chart) == "AdviceChart(turbo 100%, no turbo 0%)"


def test_the_advisor_refuses_an_impossible_position_in_words():
    editor = PositionEditor(START)
    editor.progress.value = "0, 3, 3, 11"
    assert editor.advisor.ask() is None
    assert "The advisor cannot answer yet" in editor.advisor.message.value
    assert "both on space 3" in editor.advisor.message.value
    assert editor.advisor.advice is None


def test_what_if_judges_the_guess_against_the_advisor():
    lesson = WhatIf(TURBO, title="Fire now?", playouts=100)
    assert lesson.choice.options == ("turbo", "no turbo")
    lesson.choice.value = "no turbo"
    assert lesson.prediction == "no turbo"
    advice = lesson.ask()
    assert advice.best.label == "turbo"
    assert "✘ You picked no turbo (0%); the advisor's pick is turbo (100%)." in html.unescape(lesson.verdict.value)
    lesson.predict("turbo")
    lesson.ask()
    assert "✔ Your guess, turbo, is the advisor's pick too." in html.unescape(lesson.verdict.value)
    lesson.predict("G9")
    assert "G9 is not a choice here" in lesson.verdict.value and lesson.prediction == "turbo"


def test_the_chart_shows_cards_with_their_letters_and_patterns():
    p = Position.from_code(START)
    advice = advise(p, playouts=50, seed=2, stop_early=False)
    chart = AdviceChart()
    assert repr(chart) == "AdviceChart(no answer yet)"
    chart.show(advice)
    labels = [x.rstrip(" ★") for x in chart.data[0].x]
    assert labels == ["G3", "G9"]
    assert list(chart.data[0].marker.pattern.shape) == [".", "."]
    assert sum(x.endswith("★") for x in chart.data[0].x) == 1


def test_advisor_panel_on_a_fixed_position_and_bad_settings():
    panel = AdvisorPanel(Position.from_code(TURBO), playouts=50)
    panel.bots.value = "heuristic"
    assert panel.ask().bots == "heuristic"
    panel.seed.value = 3
    panel.playouts.value = 20
    assert panel.ask().options[0].playouts == 20
