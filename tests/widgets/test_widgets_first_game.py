"""Lesson 0's game chooser (:class:`widgets.first_game.FirstGame`): a tap starts a game, a
second tap on it keeps the game being played (a child's double tap), the other button swaps
games, and a finished game is started afresh."""

from __future__ import annotations

from widgets.first_game import FirstGame
from widgets.rally_run.guided_game import GuidedRun
from widgets.stich_rallye.guided_game import GuidedGame

from test_widgets_guided_game import drive  # the same driver: random legal play, "Go on" at each tip


def test_a_second_tap_keeps_the_game_being_played() -> None:
    start = FirstGame()
    start.buttons["stich_rallye"].click()
    game = start.game
    assert isinstance(game, GuidedGame) and game.moment is not None
    game.go_on()
    game.play_card(game.hand.playable[0])
    played = len(game.game.events)
    start.buttons["stich_rallye"].click()
    assert start.game is game and len(game.game.events) == played  # nothing thrown away
    assert start.game_box.children == (game,)
    assert start.buttons["stich_rallye"].description.startswith("✓ ")


def test_the_other_game_swaps_and_a_finished_game_starts_afresh() -> None:
    start = FirstGame()
    start.buttons["stich_rallye"].click()
    first = start.game
    first.go_on()
    first.play_card(first.hand.playable[0])
    played = len(first.game.events)
    start.buttons["rally_run"].click()
    assert isinstance(start.game, GuidedRun) and start.game_box.children == (start.game,)
    assert not start.buttons["stich_rallye"].description.startswith("✓ ")
    other = start.game
    start.buttons["stich_rallye"].click()  # a stray tap and back: the game begun is where it was
    assert start.game is first and first.comm is not None and len(first.game.events) == played
    assert start.game_box.children == (first,) and other.comm is not None  # Rally Run's kept too
    start.buttons["rally_run"].click()
    assert start.game is other
    start.buttons["stich_rallye"].click()
    drive(start.game)
    finished = start.game
    assert finished.game.is_over
    start.buttons["stich_rallye"].click()
    assert start.game is not finished and not start.game.game.is_over and start.game.moment is not None


def test_play_again_shows_under_a_finished_game_and_starts_it_afresh() -> None:
    start = FirstGame()
    start.buttons["stich_rallye"].click()
    assert start.again.layout.display == "none"
    drive(start.game)
    finished = start.game
    assert finished.game.is_over and start.again.layout.display is None
    assert start.children.index(start.again) == start.children.index(start.game_box) + 1  # right under the game
    start.again.click()
    assert isinstance(start.game, GuidedGame) and start.game is not finished and not start.game.game.is_over
    assert start.again.layout.display == "none" and finished.comm is None


def test_play_again_after_a_finished_rally_run() -> None:
    import random

    from test_widgets_guided_run import play_through

    start = FirstGame()
    start.buttons["rally_run"].click()
    run = start.game
    play_through(run, random.Random(0))
    assert run.board.game.is_over and start.again.layout.display is None
    start.again.click()
    assert isinstance(start.game, GuidedRun) and start.game is not run and not start.game.board.game.is_over
    assert start.again.layout.display == "none"


def test_a_second_tap_keeps_a_rally_run_being_played_and_restarts_a_finished_one() -> None:
    import random

    from test_widgets_guided_run import play_through

    start = FirstGame()
    start.buttons["rally_run"].click()
    run = start.game
    start.buttons["rally_run"].click()
    assert start.game is run
    play_through(run, random.Random(1))
    start.buttons["rally_run"].click()
    assert start.game is not run and not start.game.board.game.is_over


def test_the_self_check_asks_about_each_game_chosen_and_keeps_each_ones_answers():
    """Walk 33: after Stich Rallye, then Rally Run, the Stich Rallye check had gone (and
    picking Stich Rallye again to find it started a new game). A check once shown stays."""
    from widgets import FirstCheck

    start = FirstGame()
    check = FirstCheck(start)
    stich, run = check.quizzes["stich_rallye"], check.quizzes["rally_run"]
    assert check.shown == "stich_rallye" and check.children == (check.intros["stich_rallye"], stich)
    assert "Stich Rallye" in check.intro.value
    stich.choice.value = stich.question.choices[0]
    stich._check_selected()
    answered = stich.feedback.value
    assert start.choose("rally_run")
    assert check.shown == "rally_run" and check.asked == ("stich_rallye", "rally_run")
    assert check.children == (check.intros["stich_rallye"], stich, check.intros["rally_run"], run)
    assert "Rally Run" in check.intro.value and "Rally Run" in repr(check) and "Stich Rallye" in repr(check)
    assert start.choose("stich_rallye")
    assert check.children[1] is stich and stich.feedback.value == answered  # nothing lost
    assert len(check.children) == 4  # Rally Run's check stays too
    late = FirstCheck(start)  # made after a game was chosen: it asks about that game
    assert late.shown == "stich_rallye" and late.asked == ("stich_rallye",)
    start.choose("rally_run")
    assert late.asked == ("stich_rallye", "rally_run") and FirstCheck(start).asked == ("stich_rallye", "rally_run")


def test_a_tap_says_at_once_that_the_game_is_being_set_up() -> None:
    """Setting a game up takes seconds on a slow tablet (the walk waited up to 8 s with no
    sign): while it is made, the tapped button has its tick and a status says so; once it
    is there, the status is gone. A game kept from before needs no wait and says nothing."""
    start = FirstGame()
    said = []
    start.alert.observe(lambda change: said.append((change["new"], start.buttons["rally_run"].description)),
                        names="value")
    assert start.choose("rally_run")
    (status, label), (after, _label) = said
    assert "role='status'" in status and "being set up" in status and label.startswith("✓ ")
    assert after == "" == start.alert.value and start.game is not None
    said.clear()
    assert start.choose("stich_rallye") and len(said) == 2
    said.clear()
    assert start.choose("rally_run") and said == []  # the one begun before: no wait
