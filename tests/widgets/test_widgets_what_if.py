"""The what-if widgets (widgets/stich_rallye/position_editor.py, advisor_panel.py, what_if.py), driven from Python: the editor checks as
the user edits, names problems, keeps the last possible position and its code; the
advisor panel shows rally's answer with a progress bar and a chart."""

from __future__ import annotations

import html
import random
import re

import pytest
from plotly.callbacks import Points

from rally import Game, HeuristicBot, Position, PositionError, SetupError, Turbo, advise, examples, parse_cards
from widgets import AdviceChart, AdvisorPanel, PositionEditor, WhatIf
from widgets.stich_rallye.track_figure import SPACES

# Both codes come from seeded games of heuristic players (test_the_codes_are_reached_by_play).
# Seed 1, four players on the volcano, after 45 decisions: round 2, Ada led G8, Bo threw R6,
# Cy must follow green with G7 or G9. Ada holds G10 G12, Bo B10 B13, Di R10 R11 R13.
START = ("SR1_Tvolcano_R2_F0_P25.15.19.24_M2.4.4.2_CG8.R6_H2G7.G9.B12"
         "_XG2.G5.G3.G4.B2.B9.B4.B7.R3.R5.R7.R9.B3.R4.B8.B11")
# Seed 55, three players on a 20-space track, after 45 decisions: round 2's last trick, Cy
# won it with 11 on the motor. The turbo wins at once; without it Ada goes round first.
TURBO = ("SR1_TS......D......U....._R2_F0_P32.16.23_M4.5.5_CB10.R10.G9_H2"
         "_XR4.R3.R8.R2.R6.G2.B3.B6.B8.R7.G5.R9.B5.G3.B9.G7.G8.G10")


def played(players: int, seed: int, decisions: int, track: str = "volcano", reveal: bool = False) -> Position:
    """The position after ``decisions`` decisions of heuristic players dealt from ``seed``
    (the bots draw from ``random.Random(seed)``)."""
    game = Game.new(players, track=track, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
    return Position.from_game(game, reveal=reveal)


def test_the_codes_are_reached_by_play():
    assert played(4, 1, 45).code() == START
    assert played(3, 55, 45, track="S......D......U.....").code() == TURBO
    hands = played(4, 1, 45, reveal=True).hands
    assert [" ".join(map(str, h)) for h in hands] == ["G10 G12", "B10 B13", "G7 G9 B12", "R10 R11 R13"]


def click_space(figure, space: int) -> None:
    """What Plotly's front end sends when a space marker is clicked."""
    trace = figure.plot.data[SPACES]
    trace._dispatch_on_click(Points(point_inds=[space], xs=[0], ys=[0], trace_name="spaces", trace_index=SPACES),
                             None)


def test_editor_loads_a_code_and_shows_it():
    editor = PositionEditor(START)
    assert editor.position == Position.from_code(START)
    assert editor.progress.value == "25, 15, 19, 24" and editor.hand.value == "G7 G9 B12"
    assert editor.copy.text == START
    assert "✔ A possible position" in editor.status.value and "Cy plays next" in editor.status.value
    assert "Round 2, 4 tricks done" in editor.status.value and "Choices: G7, G9." in editor.status.value
    assert editor.figure.positions == (25, 15, 19, 24)


def test_the_default_position_is_a_games_first_decision():
    editor = PositionEditor()
    assert editor.position == Position.from_game(Game.new(4))
    assert "Ada plays next" in editor.status.value


def test_an_impossible_edit_names_every_problem_and_keeps_the_last_good_position():
    editor = PositionEditor(START)
    editor.progress.value = "25, 15, 15, 12"
    assert len(editor.problems) == 2
    assert "Cars Bo and Cy are both on space 15" in editor.status.value
    assert "rests on downhill space 12" in editor.status.value and "role='alert'" in editor.status.value
    assert editor.position == Position.from_code(START) and editor.copy.text == START
    assert editor.figure.positions == (25, 15, 19, 24)
    assert repr(editor) == "A position to build: not a possible one yet (2 problems)."
    editor.progress.value = "25, 15, 20, 24"
    assert editor.problems == [] and editor.position.positions == (25, 15, 20, 24)
    assert editor.figure.positions == (25, 15, 20, 24) and editor.copy.text != START


def test_numbers_that_are_not_whole_are_named_in_rallys_words():
    editor = PositionEditor(START)
    editor.progress.value = "25, 15, 19, x"
    assert editor.problems == ["Each number of spaces along must be a whole number from 0 to 1000 written in the "
                               "digits 0-9, like 0, not “x”."]
    editor.motors.value = "2, 4, 4, 9"
    editor.progress.value = "25, 15, 19, 24"
    assert editor.problems == ["Each motor position must be a whole number from 0 to 8 written in the digits 0-9, "
                               "like 0, not “9”."]
    assert editor.position == Position.from_code(START)


def test_clicking_a_space_places_the_chosen_car_on_the_chosen_lap():
    editor = PositionEditor(START)
    editor.car.value = "Di"
    click_space(editor.figure, 16)
    assert editor.position.positions == (25, 15, 19, 16)
    editor.lap.value = 1
    click_space(editor.figure, 1)
    assert editor.position.positions == (25, 15, 19, 32)  # 31 spaces: lap 2, space 1
    editor.car.value = "Ada"
    editor.lap.value = 0
    click_space(editor.figure, 5)  # a downhill: refused by rally, shown, nothing else changes
    assert editor.problems and "rests on downhill space 5" in editor.status.value
    assert editor.position.positions == (25, 15, 19, 32)


def test_placing_a_car_off_the_track_is_refused_in_words():
    editor = PositionEditor(START)
    editor.place(3, 31)
    assert editor.error == "The space must be a whole number from 0 to 30, like 0, not 31."
    editor.place(4, 3)
    assert editor.error == "The car to place must be a whole number from 0 to 3, like 0, not 4."
    assert editor.progress.value == "25, 15, 19, 24" and editor.position == Position.from_code(START)
    editor.place(3, 2)
    assert editor.error == "" and editor.position.positions == (25, 15, 19, 2)


def test_cards_motors_and_other_hands_are_checked():
    editor = PositionEditor(START)
    editor.hand.value = "G7 G9 X4"
    assert any("“X4” is not a card" in p for p in editor.problems)
    editor.hand.value = "G7 G9 B12"
    editor.motors.value = "2, 4, 4, 5"  # four tricks done: Di's motor cannot have been wound five times
    assert any("Di can have lost at most 4 of the 4 tricks completed this round" in p for p in editor.problems)
    editor.motors.value = "2, 4, 4, 2"
    editor.others.value = "Bo: R12"
    assert any("Bo holds 1 card but should hold 2" in p for p in editor.problems), editor.problems
    editor.others.value = "Zed: R3"
    assert editor.problems == ["Each other hand must be a name (Ada, Bo, Cy or Di), a colon and the cards, one hand "
                               "after another separated by ';', like 'Bo: R2 G7; Di: B5', not “Zed: R3”."]
    editor.others.value = "Di: R10 R11 R13; di: R10"
    assert editor.problems == ["Each other hand must be given once, but Di's is given twice, "
                               "not “Di: R10 R11 R13; di: R10”."]
    editor.others.value = "Di: R10 R11 R13"  # Di's real hand
    assert editor.problems == [] and editor.position.hands[3] == tuple(parse_cards("R10 R11 R13"))
    assert "H3R10.R11.R13" in editor.copy.text


def test_changing_the_number_of_players_resizes_the_seats():
    editor = PositionEditor(START)
    editor.players.value = 5
    assert editor.progress.value == "25, 15, 19, 24, 0" and editor.car.options == ("Ada", "Bo", "Cy", "Di", "Ed")
    # The position is checked again: Ed lost the last trick (Ada won it), so his motor
    # cannot stand at 0 after four tricks.
    assert len(editor.problems) == 1 and editor.problems[0].startswith("Ed lost the last trick"), editor.problems
    assert editor.position == Position.from_code(START)


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
    bars = chart.plot.data[0]
    assert list(bars.x) == ["turbo ★", "no turbo"]
    assert list(bars.y) == [100.0, 0.0]
    assert list(bars.marker.pattern.shape) == ["x", "-"]  # told apart without color
    low, high = advice.options[0].interval
    assert abs(bars.error_y.arrayminus[0] - 100 * (1 - low)) < 1e-9 and abs(bars.error_y.array[0]) < 1e-9
    # Each bar's figure sits above its interval's upper end.
    notes = chart.plot.layout.annotations
    assert [(a.x, a.text) for a in notes] == [("turbo ★", "100%"), ("no turbo", "0%")]
    assert notes[1].y == 100 * advice.options[1].interval[1]
    panel = editor.advisor
    assert panel.progress.value == panel.progress.max == advice.options[0].playouts
    assert "stopped early" in panel.progress_text.value
    assert "turbo won 100%" in panel.answer.value
    assert repr(panel) == "The advisor: turbo is the best choice."
    assert repr(chart) == "Chance to win for each choice: turbo 100% and no turbo 0%."


def test_the_advisor_refuses_an_impossible_position_in_words():
    editor = PositionEditor(START)
    editor.progress.value = "25, 15, 15, 24"
    assert editor.advisor.ask() is None
    assert "The advisor cannot answer yet" in editor.advisor.message.value
    assert "both on space 15" in editor.advisor.message.value
    assert editor.advisor.advice is None


def shown_text(widget) -> str:
    """Every word a widget tree puts on the page: HTML and labels, button and toggle
    words, typed text, and the bars of any chart in it."""
    parts = []
    for attr in ("value", "description", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str):
            parts.append(value)
    parts += [str(o) for o in getattr(widget, "options", ()) if isinstance(o, str)]
    if isinstance(widget, AdviceChart):
        parts += [str(x) for x in widget.plot.data[0].x] + [str(widget.plot.layout.title.text)]
    for child in getattr(widget, "children", ()):
        parts.append(shown_text(child))
    return html.unescape("\n".join(parts))


LESSON_POSITIONS = {"turbo_dilemma": examples.turbo_dilemma, "lone_color_lead": examples.lone_color_lead,
                    "hill_block": examples.hill_block}


@pytest.mark.parametrize("name", LESSON_POSITIONS)
def test_what_if_shows_no_answer_before_a_guess(name):
    position = LESSON_POSITIONS[name]()
    best = advise(position).best.label
    lesson = WhatIf(position, title="Guess", outcomes=True)

    def no_answer_on_show():
        text = shown_text(lesson)
        assert lesson.advisor.chart not in lesson.advisor.children  # no bars anywhere
        assert not any(isinstance(c, AdviceChart) for c in lesson.advisor.children)
        for answer_words in ("advisor's pick", "win chance", "test games played by", "clearly the best", "spaces driven", "%",
                             "wins the trick", " moves "):
            assert answer_words not in text, (answer_words, text)
        assert lesson.advisor.answer.value == "" and lesson.outcomes.value == "" and lesson.advisor.advice is None

    no_answer_on_show()
    assert f"What should {position.player_names[position.decider]} do?" in shown_text(lesson)
    # Pressing the button without a guess asks for one, and answers nothing.
    lesson.advisor.ask_button.click()
    assert "Pick your guess first" in lesson.verdict.value
    no_answer_on_show()
    assert lesson.ask() is None
    no_answer_on_show()
    # The guess, then the button: the advisor's pick, the chart and the numbers appear.
    guess = [code for _word, code in lesson.choice.options if code != best][0]
    lesson.choice.value = guess
    no_answer_on_show()  # a guess alone shows nothing of the answer
    lesson.advisor.ask_button.click()
    text = shown_text(lesson)
    assert f"the advisor's pick is {best}" in text
    assert lesson.advisor.advice.best.label == best
    bars = lesson.advisor.chart.plot.data[0]
    assert lesson.advisor.chart in lesson.advisor.children and f"{best} ★" in bars.x
    assert len(bars.x) == len(position.options())
    assert "win chance" in text and "spaces driven" in text
    for action in position.options():  # what each choice does, in rally's words
        assert all(line in text for line in position.preview(action))
    assert lesson.choice.disabled  # the guess was made before the answer and stays
    lesson.choice.value = best
    assert lesson.prediction == guess and lesson.choice.value == guess


def test_what_if_judges_the_guess_against_the_advisor():
    lesson = WhatIf(TURBO, title="Fire now?", playouts=100)
    assert lesson.choice.options == (("turbo", "turbo"), ("no turbo", "no turbo"))  # (button's words, action)
    lesson.choice.value = "no turbo"
    assert lesson.prediction == "no turbo"
    advice = lesson.ask()
    assert advice.best.label == "turbo"
    assert html.unescape(lesson.verdict.value) == (
        "<p role='status'><b>✘ You picked no turbo (0%); the advisor's pick is turbo (100%), and the test games show "
        "clearly that it is better.</b></p>")
    assert "<li>" not in lesson.outcomes.value  # outcomes only when asked for
    right = WhatIf(TURBO, playouts=100)
    right.predict("G9")
    assert "G9 is not a choice here: pick one of “turbo” or “no turbo”" in right.verdict.value
    assert right.prediction is None and right.ask() is None
    right.predict("turbo")
    assert right.ask() is not None
    assert "✔ Your guess, turbo, is the advisor's pick too." in html.unescape(right.verdict.value)
    assert repr(right).endswith("The guess: turbo. The advisor: turbo is the best choice.")


def test_the_advisor_judges_in_words_of_its_own():
    advice = advise(examples.hill_block())  # the lesson's analysis: three reds, close together
    best, *rest = advice.ranked
    close = [o for o in rest if not advice.clearly_worse(o)]
    assert close, "the moment's choices are close: the words below are the ones for that"
    verdict = advice.judge(best.label)
    assert verdict.startswith(f"✔ Your guess, {best.label}, is the advisor's pick too. But the test games cannot "
                              "tell it from ")
    assert all(o.label in verdict for o in close)
    other = close[0]
    assert advice.judge(other.label) == (
        f"≈ You picked {other.label} ({other.win_rate:.0%}); the advisor's pick is {best.label} "
        f"({best.win_rate:.0%}), but the test games cannot tell the two apart, so {other.label} may be just as good.")
    for words in (advice.judge(o.label) for o in advice.options):
        assert "interval" not in words and "playout" not in words  # a child's words
    with pytest.raises(SetupError, match="The guess must be one of the choices here: R2, R3, R6"):
        advice.judge("G7")


def test_the_editors_advisor_shows_no_chart_before_it_is_asked():
    editor = PositionEditor(TURBO, playouts=100)
    assert editor.advisor.chart not in editor.advisor.children and editor.advisor.answer.value == ""
    editor.advisor.ask_button.click()
    assert editor.advisor.chart in editor.advisor.children and "turbo won 100%" in editor.advisor.answer.value


def test_the_chart_shows_cards_with_their_letters_and_patterns():
    p = Position.from_code(START)
    advice = advise(p, playouts=50, seed=2, stop_early=False)
    chart = AdviceChart()
    assert repr(chart) == "Chance to win for each choice: no answer yet."
    chart.show(advice)
    labels = [x.rstrip(" ★") for x in chart.plot.data[0].x]
    assert labels == ["G7", "G9"]
    assert list(chart.plot.data[0].marker.pattern.shape) == [".", "."]
    assert sum(x.endswith("★") for x in chart.plot.data[0].x) == 1


def test_advisor_panel_on_a_fixed_position_and_bad_settings():
    panel = AdvisorPanel(Position.from_code(TURBO))
    assert panel.own_seed.value and panel.seed.disabled  # the coach's analysis: the hint's and the review's
    assert panel.ask() == advise(Position.from_code(TURBO))
    panel.bots.value = "random"
    assert panel.ask().bots == "random"
    panel.own_seed.value = False
    assert not panel.seed.disabled
    panel.seed.value = 3
    panel.playouts.value = 20
    shown = panel.ask()
    assert shown.options[0].playouts == 20
    panel.seed.value = -1  # a bad seed is refused in rally's words; the last answer stays
    assert panel.ask() is None and panel.advice is shown
    assert "The advisor cannot answer yet: The seed must be a whole number from 0 to" in panel.error
    panel.seed.value = 3
    assert panel.ask() is not None and panel.error == ""


def test_advisor_panel_refuses_bad_settings_when_made():
    for kwargs, message in [({"playouts": 0}, "playouts must be a whole number from 1 to 100000"),
                            ({"seed": "x"}, "The seed must be a whole number"),
                            ({"bots": "clever"}, "bots must be one of 'random', 'heuristic'"),
                            ({"gate": 42}, "The advisor's gate must be None or a function")]:
        with pytest.raises(SetupError, match=re.escape(message)):
            AdvisorPanel(Position.from_code(TURBO), **kwargs)
    with pytest.raises(PositionError, match="WhatIf's position must be a Position or a position code"):
        WhatIf(42)
    with pytest.raises(SetupError, match="outcomes must be True or False"):
        WhatIf(TURBO, outcomes="yes")


def test_the_editor_drops_an_old_error_once_an_edit_is_made():
    editor = PositionEditor(examples.turbo_dilemma())
    assert editor.load_code("not a code") is None and "cannot be loaded" in editor.message.value
    editor.motors.value = "5, 5, 1, 6"  # a valid edit: the old error must not stay above it
    assert editor.message.value == "" and editor.problems == [] and "A possible position" in editor.status.value


def test_a_card_typed_twice_is_named_as_such():
    editor = PositionEditor(examples.turbo_dilemma())
    editor.hand.value = "B8 B8"
    assert editor.problems == ["B8 appears 2 times; every card exists once."]
    assert "B8 appears 2 times" in editor.status.value
    editor.hand.value = "B8"
    assert editor.problems == []


def test_an_old_error_goes_once_the_position_is_right():
    """Issue 41: the editor kept an old error under a position that had become possible."""
    editor = PositionEditor(START, playouts=5)
    editor.progress.value = "25, 15, 15, 24"
    assert editor.advisor.ask() is None
    assert editor.advisor.error.startswith("The advisor cannot answer yet: ")
    assert "cannot answer yet" in editor.advisor.message.value
    editor.load_code("SR1_nonsense")
    assert editor.error.startswith("That code cannot be loaded")
    editor.progress.value = "25, 15, 20, 24"  # possible again
    assert editor.problems == [] and "✔ A possible position" in editor.status.value
    assert (editor.error, editor.message.value) == ("", "")
    assert (editor.advisor.error, editor.advisor.message.value) == ("", "")
    assert editor.advisor.ask() is not None and editor.advisor.error == ""


def test_a_tap_on_a_card_of_the_hand_is_the_guess_and_the_guess_stays_after_the_answer():
    lesson = WhatIf(START, playouts=20, seed=1)
    assert lesson.hand.playable == ["G7", "G9"] and lesson.prediction is None
    lesson.hand.selected = "G9"  # the child taps G9 in Cy's hand
    assert lesson.prediction == "G9" and lesson.choice.value == "G9"
    lesson.choice.value = "G7"  # the choice below: the hand shows it too
    assert lesson.prediction == "G7" and lesson.hand.selected == "G7"
    lesson.hand.selected = "B12"  # a dimmed card is no guess
    assert lesson.prediction == "G7" and lesson.hand.selected == "" and lesson.choice.value == "G7"
    lesson.hand.selected = "G7"
    lesson.advisor.ask_button.click()
    assert lesson.answered
    lesson.hand.selected = "G9"  # after the answer the guess made before stays, in the hand too
    assert lesson.prediction == "G7" and lesson.choice.value == "G7" and lesson.hand.selected == "G7"


def test_an_answered_what_if_says_so_on_its_button_until_a_setting_changes():
    """Walk 12: pressing "Ask the advisor" again after its answer seemed to do nothing (the
    same question, the same answer)."""
    lesson = WhatIf(examples.turbo_dilemma(), title="Guess")
    button = lesson.advisor.ask_button
    lesson.choice.value = lesson.choice.options[0][1]
    button.click()
    assert lesson.answered and button.disabled and button.description == "✓ The advisor has answered"
    lesson.advisor.playouts.value = lesson.advisor.playouts.value + 1  # a grown-up changes the settings
    assert not button.disabled and button.description == "Ask again"
    button.click()
    assert lesson.advisor.advice.best.playouts <= lesson.advisor.playouts.value and button.disabled


def test_a_card_tapped_while_the_turbo_waits_says_the_turbo_comes_first():
    """At a turbo choice the decider's hand waits: no card may be played, and a tapped card
    says why (the walk found "B8 may be played: you lead" under a hand at a turbo choice)."""
    position = examples.turbo_dilemma()
    assert position.phase == "turbo"
    view = WhatIf(position, playouts=20, seed=1)
    assert view.hand.codes and view.hand.playable == []
    view.hand.selected = view.hand.codes[0]
    assert "may be played" not in view.hand.message
    assert "turbo" in view.hand.message and position.player_names[position.decider] in view.hand.message


def test_a_child_s_chart_shows_chances_and_the_grown_ups_editor_its_intervals():
    """The chart beside a child's question shows each choice's chance only: the test games'
    count and the 99% intervals are in the grown-ups' fold (issue 41: no statistics on the
    child's path). The grown-ups' position editor draws the intervals too."""
    lesson = WhatIf(examples.turbo_dilemma(), title="Use the turbo now?", outcomes=True)
    lesson.predict("turbo")
    advice = lesson.ask()
    chart = lesson.advisor.chart
    bars = chart.plot.data[0]
    assert chart in lesson.advisor.children and bars.error_y.visible is False and bars.hoverinfo == "skip"
    assert chart.plot.layout.title.text == "Bo&#x27;s choices: chance to win"
    assert [a.y for a in chart.plot.layout.annotations] == [100 * o.win_rate for o in advice.options]
    assert "test games" not in shown_text(chart) and "interval" not in shown_text(chart)
    assert "99% interval" in lesson.advisor.details.value  # the numbers, in the fold
    sentence = html.escape(advice.sentence())  # "… won 62% of 150 test games … (played by careful players)"
    assert lesson.advisor.answer.value == "" and sentence in lesson.advisor.details.value
    outside = shown_text(lesson).replace(shown_text(lesson.advisor.grown_ups), "")
    assert f"{advice.options[0].playouts} test games" not in outside and "careful players" not in outside
    editor = PositionEditor(TURBO, playouts=200, seed=1)
    editor.advisor.ask()
    assert editor.advisor.chart.plot.data[0].error_y.visible is True
    assert "test games each" in editor.advisor.chart.plot.layout.title.text
    assert "test games" in editor.advisor.answer.value  # the grown-ups' tool says it beside its chart
    with pytest.raises(SetupError, match="True or False"):
        AdvisorPanel(Position.from_code(TURBO), intervals="yes")
