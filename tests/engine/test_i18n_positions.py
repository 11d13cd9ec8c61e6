"""Positions, their checks and replays speak German when asked, and English as before.

Every position and game here is reached by playing a seeded game (rally.stich_rallye.examples); the
German sentences are the catalog's (rally/locale/de), the English ones the code's own.
"""

from __future__ import annotations

import pytest

import rally
from rally import Game, Position, PositionError, examples
from rally.common.errors import SetupError
from rally.stich_rallye.legality import state_issues, state_problems
from rally.stich_rallye.replay import replay_states, round_end_span


@pytest.fixture(autouse=True)
def _english_around_each_test():
    """Each test says which language it wants; none leaves one chosen."""
    with rally.language("en"):
        yield


def test_a_position_summary_in_german_and_in_english():
    position = examples.turbo_dilemma()
    assert position.summary(lang="de").splitlines()[0] == (
        "Runde 2: 5 Stiche sind gespielt, Cy hat die Fahne. Bo hat den Stich gewonnen und entscheidet: Turbo oder nicht.")
    assert position.summary(lang="en").splitlines()[0] == (
        "Round 2, 5 tricks done; Cy holds the flag. Bo won the trick and chooses: turbo or not.")
    assert position.summary(lang="de").splitlines()[1].startswith("Stich: Cy G12, ")
    with rally.language("de"):
        assert str(position) == position.summary(lang="de")
    assert rally.get_language() == "en"  # lang= speaks for one call only


def test_the_summary_lines_of_each_car_in_german():
    position = examples.lone_color_lead()
    lines = position.summary(lang="de").splitlines()
    assert lines[0] == "Runde 3: 6 Stiche sind gespielt, Cy hat die Fahne. Cy ist dran."
    n = len(position.track)
    for seat, line in enumerate(lines[1:]):
        p, m = position.positions[seat], position.motors[seat]
        cards = " ".join(str(c) for c in position.hands[seat] or ())
        assert line == (f"  {position.player_names[seat]}: Feld {p % n}, {p // n + 1}. Abschnitt, "
                        f"Motor {position.dial[m]} (Stellung {m}), Handkarten {cards}")
    hidden = examples.hill_block().summary(lang="de").splitlines()
    assert hidden[0] == "Runde 3: 0 Stiche sind gespielt, Ada hat die Fahne. Di ist dran."
    assert hidden[1] == "Stich: Ada R4, Bo R11, Cy R12"
    assert hidden[2].endswith(", Handkarten unbekannt")
    assert examples.hill_block().summary(lang="en").splitlines()[2].endswith(", hand unknown")


def _after_first_trick() -> Game:
    game = Game.new(4, seed=3)
    for card in ["R2", "R7", "R4", "R12"]:
        game.apply(card)
    return game


def test_a_state_problem_in_german_and_in_english():
    state = _after_first_trick().state().replace(motors=(1, 2, 1, 0))
    assert state_problems(state, lang="de") == [
        "Der Motor von Bo steht auf Stellung 2. Dafür muss Bo seit Rundenbeginn oder seit dem letzten Turbo "
        "2 Stiche verloren haben. Aber Bo kann höchstens 1 von 1 fertigen Stich dieser Runde verloren haben."]
    assert state_problems(state, lang="en") == [
        "Bo's motor is at position 2. That takes 2 lost tricks since the round began or Bo's last turbo. "
        "But Bo can have lost at most 1 of the 1 trick completed this round."]


def test_a_card_twice_and_a_log_in_german_and_in_english():
    """Problems are values worded at the edge: the same value in either language."""
    game = Game.new(4, seed=3, record=True)
    for card in ["R2", "R7", "R4", "R12"]:
        game.apply(card)
    state = game.state()
    twice = state.replace(hands=((state.hands[1][0],) + state.hands[0][1:],) + state.hands[1:], events=None)
    [problem] = state_issues(twice)
    assert (problem.code, str(problem.facts["card"]), problem.facts["count"]) == ("I1.repeated", "G5", 2)
    assert problem.words("de") == "G5 kommt 2-mal vor; jede Karte gibt es nur einmal."
    assert problem.words("en") == "G5 appears 2 times; every card exists once."
    with pytest.raises(PositionError) as caught:
        Game.from_state(state.replace(events=state.events[:-1]))
    [problem] = caught.value.issues
    assert (problem.code, problem.facts["n"], problem.facts["expected"]) == ("I11.count", 10, 11)
    assert problem.words("de") == ("Das Spielprotokoll hat 10 Ereignisse, aber seine Entscheidungen, mit Startwert 3 "
                                   "gespielt, ergeben 11.")


def test_the_flag_and_the_end_checks_in_german():
    fresh = Game.new(4, seed=3).state()
    assert state_problems(fresh.replace(flag=2), lang="de") == [
        "In Runde 1 ist noch kein Stich fertig, also hat noch der Startspieler Ada die Fahne, nicht Cy."]
    assert state_problems(fresh.replace(phase="turbo"), lang="de") == [
        "Über den Turbo wird erst nach einem vollständigen Stich entschieden, "
        "und dieser Stich ist nicht vollständig."]
    assert state_problems(fresh.replace(winner=1), lang="de") == ["Nur ein beendetes Spiel hat einen Gewinner."]
    assert state_problems(fresh.replace(winner=1), lang="en") == ["Only a finished game has a winner."]


def test_several_problems_are_counted_in_german():
    state = _after_first_trick().state().replace(motors=(3, 3, 3, 3))
    with rally.language("de"):
        with pytest.raises(PositionError) as caught:
            Game.from_state(state)
    assert str(caught.value).startswith("4 Probleme: (1) Der Motor von Ada steht auf Stellung 3. ")
    assert caught.value.problems == state_problems(state, lang="de")
    with pytest.raises(PositionError, match=r"^4 problems: \(1\) Ada's motor is at position 3\. "):
        Game.from_state(state)


def test_a_position_code_with_a_missing_field_in_german():
    fields = examples.turbo_dilemma().code().split("_")
    code = "_".join(f for f in fields if not f.startswith("M"))
    with rally.language("de"):
        with pytest.raises(PositionError, match=r"^Im Code fehlt: M \(die Stellung jedes Motors\)\.$"):
            Position.from_code(code)
    with pytest.raises(PositionError, match=r"^The code lacks M \(each motor's dial position\)\.$"):
        Position.from_code(code)


def test_a_finished_game_leaves_nothing_to_decide_in_german():
    game = examples.played(3, 28, 1000)
    assert game.is_over
    winner = game.names[game.winner]
    with rally.language("de"):
        with pytest.raises(PositionError) as caught:
            Position.from_game(game)
    assert str(caught.value) == f"Das Spiel ist vorbei ({winner} hat gewonnen): Es gibt nichts mehr zu entscheiden."


def test_a_bad_motor_in_a_position_is_named_in_german():
    position = examples.turbo_dilemma()
    motors = list(position.motors)
    motors[0] = len(position.dial)  # one past the dial's last position
    with rally.language("de"):
        with pytest.raises(PositionError) as caught:
            Position(position.track, position.positions, tuple(motors), position.hands, position.round,
                     position.flag, position.trick, position.played, position.dial)
    assert str(caught.value) == (f"Jede Motorstellung muss eine ganze Zahl von 0 bis {len(position.dial) - 1} sein, "
                                 f"zum Beispiel 0, nicht {len(position.dial)}.")


def test_a_replay_speaks_the_language_asked_for():
    game = examples.played(3, 28, 1000)
    english = replay_states(game, lang="en")
    german = replay_states(game, lang="de")
    assert [s.text for s in english] == [game.describe(e) for e in game.events]
    assert english[0].text == "Round 1: each player gets 5 cards."
    with rally.language("de"):
        assert [s.text for s in german] == [e.describe(game.names) for e in game.events]
    assert german[0].text != english[0].text
    assert [(s.positions, s.motors, s.flag) for s in german] == [(s.positions, s.motors, s.flag) for s in english]
    assert rally.get_language() == "en"


def test_a_round_that_has_not_ended_in_german():
    game = examples.played(3, 5, 3)
    events = len(game.events)
    with rally.language("de"):
        with pytest.raises(SetupError) as caught:
            round_end_span(game, 1)
    assert str(caught.value) == (f"Runde 1 ist in diesem Spiel noch nicht zu Ende: Bisher gab es {events} Ereignisse, "
                                 "und noch keine Runde ist beendet.")
    with pytest.raises(SetupError, match=r"and ended rounds none\.$"):
        round_end_span(game, 1)


def test_a_preview_in_german_is_the_same_events_in_other_words():
    position = examples.hill_block()
    card = position.options()[0]
    english = position.preview(card, lang="en")
    german = position.preview(card, lang="de")
    assert len(german) == len(english) and german != english
    assert any("Es wurde nur Rot gespielt" in line for line in german)
