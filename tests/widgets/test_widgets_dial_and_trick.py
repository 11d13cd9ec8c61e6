"""MotorDial and TrickTable: what they show comes from rally's Motor and tricks."""

from __future__ import annotations

import pytest

import rally
from rally import DEFAULT_DIAL, Game, Motor, explain_trick, parse_cards
from widgets import MotorDial, TrickTable


def test_dial_shows_the_games_dial_and_winds_like_a_motor():
    dial = MotorDial(name="Ada")
    assert dial.dial == list(DEFAULT_DIAL) and len(dial.dial) == 9
    motor = Motor()
    for _ in range(len(DEFAULT_DIAL) - 1):
        dial.wind()
        motor = motor.wound()
        assert (dial.position, dial.value, dial.change) == (motor.position, motor.value, "wound")
    dial.wind()  # past the last position: over-wound, back to 0
    assert (dial.position, dial.value, dial.change) == (0, 0, "over-wound")
    dial.wind(), dial.wind()
    dial.release()
    assert (dial.position, dial.value, dial.change) == (0, 0, "released")


def test_dial_accepts_any_dial_and_counts_changes():
    dial = MotorDial(dial=[0, 3, 9], position=1, seat=3)
    assert (dial.value, dial.car_color, dial.car_hex) == (3, "purple", "#7b2cbf")
    revision = dial.revision
    dial.update(2)
    dial.update(2)
    assert dial.revision == revision + 2 and dial.change == ""  # no movement, no animation


def test_dial_side_and_label_follow_laps():
    dial = MotorDial()
    assert (dial.side, dial.label) == ("yellow", "lap 1 · yellow side")
    dial.update(4, laps=1)
    assert (dial.side, dial.label, dial.side_color) == ("red", "lap 2 · red side", "#d7263d")
    assert repr(dial) == "Motor: arrow at position 4 of 9, value 7, lap 2 · red side"


def test_dial_rejects_bad_input_and_keeps_its_state():
    with pytest.raises(rally.SetupError):
        MotorDial(dial=[1, 2, 3])
    dial = MotorDial(position=3)
    for bad, message in [(dict(position=9), "A motor position must be a whole number from 0 to 8"),
                         (dict(position=2, laps=-1), "The laps completed must be a whole number from 0 to"),
                         (dict(position=2, laps=True), "The laps completed must be a whole number"),
                         (dict(position=2, change="spin"), "The change must be one of '', 'wound'")]:
        with pytest.raises(rally.SetupError) as err:
            dial.update(**bad)
        assert message in str(err.value), str(err.value)
    assert (dial.position, dial.value, dial.laps) == (3, 4, 0)


def test_trick_table_shows_play_order_winner_and_explanation():
    table = TrickTable(title="Trick")
    cards = parse_cards("G11 R5 B7 G3")
    table.show_trick(cards, seats=[2, 3, 0, 1], names=["Ada", "Bo", "Cy", "Di"])
    assert [(r["order"], r["name"], r["card"]["code"]) for r in table.plays] == [
        (1, "Cy", "G11"), (2, "Di", "R5"), (3, "Ada", "B7"), (4, "Bo", "G3")]
    assert [r["wins"] for r in table.plays] == [i == explain_trick(cards).winner for i in range(4)]
    assert table.winner == "Ada" and table.complete
    assert table.explanation == explain_trick(cards).sentence
    assert table.status == "Ada wins the trick with B7."
    assert repr(table) == "Trick: Cy green 11, Di red 5, Ada blue 7 and Bo green 3. Ada wins."


def test_trick_table_shows_no_winner_before_the_trick_is_complete():
    game = Game.new(4, seed=3)
    game.apply("G9")
    game.apply("G5")
    table = TrickTable()
    table.show_game(game)
    assert [r["name"] for r in table.plays] == ["Ada", "Bo"]
    assert table.winner is None and table.explanation == "" and not table.complete
    assert table.status == "2 of 4 cards played."


def test_trick_table_rejects_impossible_tricks_and_keeps_the_last():
    table = TrickTable()
    names = ["Ada", "Bo", "Cy"]
    table.show_trick(["G11", "R5", "B7", "G3"], names=names + ["Di"])  # the rulebook's trick
    for bad, message in [
        (dict(cards=["G11", "G11"], complete=False), "A trick cannot hold the same card twice (G11)"),
        (dict(cards=["G11"], seats=[7], complete=False), "Each seat of the trick must be a whole number from 0 to 4"),
        (dict(cards=["G11", "R5"], seats=[0], complete=False), "The seats must be 2 seats, one per card"),
        (dict(cards=["G11", "R5"], seats=[1, 1], complete=False), "The seats must be different seats"),
        (dict(cards=["G11", "R5"], names=["Ada", "Bo"]), "A whole trick has one card per player: 3 to 5 cards"),
        (dict(cards=["G11", "R5", "B7"]), "A complete trick must be 5 cards, one per player (Ada, Bo, Cy, Di, Ed)"),
        (dict(cards=["G9", "R5", "B7"], names=["Ada", "Bo", "Ada"]), "Each player needs a different name"),
        (dict(cards=["G9", "R5", "B7"], names=names, complete="yes"), "complete must be True or False"),
        (dict(cards=["G11", "R5", "B7"], names=names), "G11 is not in play with 3 players (values 2-10)"),
    ]:
        with pytest.raises(rally.RuleError) as err:
            table.show_trick(**bad)
        assert message in str(err.value), str(err.value)
    assert [r["card"]["code"] for r in table.plays] == ["G11", "R5", "B7", "G3"] and table.winner == "Cy"
