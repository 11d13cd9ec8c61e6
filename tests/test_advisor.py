"""The advisor (rally/advisor.py): seeded, right on positions whose answer is known,
honest about stopping early, and clear about bad input."""

from __future__ import annotations

import random

import pytest

from rally import Card, Game, Position, PositionError, RandomBot, SetupError, Turbo, play_until
from rally import advise
from rally.advisor import Z99
from rally.analysis import wilson_interval

TRACK20 = "S......D......U....."  # 20 spaces: 2 laps end at progress 40


def turbo_decides():
    """Round 3, last trick: Ada won it with 11 on her motor. The turbo takes her past
    progress 40 at once; without it she moves 2, the round ends, and Bo (16 on his
    motor, released before Ada's because he is behind her) goes round first."""
    return Position.new(track=TRACK20, positions=[33, 28, 5], motors=[5, 6, 0], round=3, flag=1,
                        trick="G2 G4 G5", hand="")


def card_decides():
    """Round 3, two cards left. Bo led G2, Cy played G4; Ada, last to play at progress 38
    just behind Bo, holds G9 and G3. G9 wins the trick and moves her 2 spaces, past 40:
    she wins at once. After G3, Cy wins this trick and leads B7 to the last; Ada's G9
    and Bo's R5 follow, red is the last new color, and Bo's R5 takes him past 40."""
    return Position.new(track=TRACK20, positions=[38, 39, 30], motors=[0, 0, 0], round=3, flag=1,
                        trick="G2 G4", hand="G9 G3", hands={1: "R5", 2: "B7"})


def test_an_option_that_wins_outright_is_ranked_first_and_one_that_cannot_win_last():
    advice = advise(turbo_decides(), playouts=300, seed=3, stop_early=False)
    by_label = {o.label: o for o in advice.options}
    assert by_label["turbo"].win_rate == 1.0 and by_label["turbo"].wins == 300
    assert by_label["no turbo"].wins == 0
    assert advice.best.action == Turbo(True)
    assert [o.label for o in advice.ranked] == ["turbo", "no turbo"]
    assert advice.clearly_best and not advice.stopped_early
    assert by_label["turbo"].progress_gained > by_label["no turbo"].progress_gained


def test_the_winning_card_is_ranked_first():
    advice = advise(card_decides(), playouts=200, seed=0, stop_early=False)
    assert [o.label for o in advice.options] == ["G3", "G9"]  # hand order
    assert advice.best.action == Card.parse("G9") and advice.best.win_rate == 1.0
    assert advice.ranked[1].action == Card.parse("G3") and advice.ranked[1].wins == 0


def test_the_same_question_gives_the_same_answer():
    game = Game.new(4, seed=21, record=False)
    play_until(game, [RandomBot()] * 4, random.Random(2), lambda g: len(g.hand_codes(g.current_player)) == 3)
    first = advise(game, playouts=150, seed=9)
    again = advise(game.clone(), playouts=150, seed=9)
    assert first.options == again.options
    other = advise(game, playouts=150, seed=10)
    assert first.options != other.options  # a different seed draws other cards and dice


def test_stopping_early_is_reported_and_counts_the_playouts_made():
    calls = []
    advice = advise(turbo_decides(), playouts=1000, seed=1, batch=50, progress=lambda d, t: calls.append((d, t)))
    assert advice.stopped_early
    made = advice.options[0].playouts
    assert made < 1000 and all(o.playouts == made for o in advice.options)
    assert calls[-1] == (made, 1000) and [d for d, _ in calls] == list(range(50, made + 1, 50))
    assert "Stopped early" in advice.table()


def test_intervals_are_99_percent_wilson_intervals_of_the_counts():
    advice = advise(card_decides(), playouts=120, seed=4, stop_early=False)
    for o in advice.options:
        assert o.interval == wilson_interval(o.wins, o.playouts, Z99)
        assert o.interval[0] <= o.win_rate <= o.interval[1]


def test_every_option_meets_the_same_deals():
    # With one option only, the advisor's answer is the plain playout statistic.
    p = Position.new(track=TRACK20, positions=[0, 0, 0], round=1, flag=1, trick="R10 R2", hand="R3 G4 G5 B6 B7")
    advice = advise(p, playouts=100, seed=5)
    assert [o.label for o in advice.options] == ["R3"] and not advice.stopped_early
    assert advice.options[0].playouts == 100
    assert "only one choice" in advice.sentence()


def test_heuristic_playouts_work_too():
    advice = advise(turbo_decides(), playouts=30, seed=0, bots="heuristic", stop_early=False)
    assert advice.best.action == Turbo(True) and advice.bots == "heuristic"


@pytest.mark.parametrize("kwargs, error, message", [
    ({"playouts": 0}, SetupError, "playouts must be a whole number of 1 or more"),
    ({"batch": -1}, SetupError, "batch must be a whole number"),
    ({"bots": "clever"}, SetupError, "bots must be one of random, heuristic"),
    ({"seed": "x"}, SetupError, "seed is a whole number"),
])
def test_bad_requests_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        advise(turbo_decides(), **kwargs)


def test_advising_a_finished_game_or_nonsense_is_refused():
    with pytest.raises(SetupError, match="needs a Position or a Game"):
        advise("SR1_Tvolcano")
    game = Game.new(3, seed=1, record=False)
    from rally import play_out
    play_out(game, [RandomBot()] * 3, random.Random(1))
    with pytest.raises(PositionError, match="game is over"):
        advise(game)
