"""Lesson controls: good input builds what it says; bad input shows rally's message in
the widget and leaves what was shown before."""

from __future__ import annotations

import pytest

from rally import RandomBot
from widgets import GameSetup, GameView, MoveExplorer, TrickExplorer


def test_setup_builds_the_game_it_describes():
    setup = GameSetup()
    assert isinstance(setup.view, GameView) and setup.box.children == (setup.view,)
    setup.players.value = 3
    setup.track.value = "beach"
    setup.seed.value = " 42 "
    setup.names.value = "Zoe, Yan, Xia"
    setup.bot.value = "random (RandomBot)"
    setup.start.click()
    game = setup.view.game
    assert (game.players, game.track.name, game.seed, game.names) == (3, "beach", 42, ("Zoe", "Yan", "Xia"))
    assert all(isinstance(b, RandomBot) for b in setup.view.bots)
    assert setup.error == "" and setup.message.value == ""
    assert repr(setup) == "GameSetup(3 players, beach, seed 42)"
    setup.track.value = "S...DD...U..."
    setup.start.click()
    assert str(setup.view.game.track) == "S...DD...U..."


@pytest.mark.parametrize("field, value, expected", [
    ("seed", "4x", "The seed is a whole number that fixes the deals, like 0 or 42, not '4x'."),
    ("track", "S..Q..", "Character 'Q' at space 3 is not a space kind"),
    ("track", "mountain", "'mountain' is neither a built-in track (beach, volcano) nor track text"),
    ("names", "Ann, Bo", "Give one non-empty name per player (4), not ['Ann', 'Bo']"),
    ("names", "Ann, Bo, Ann, Di", "Each player needs a different name; ['Ann', 'Bo', 'Ann', 'Di'] repeats one."),
])
def test_setup_shows_bad_input_and_keeps_the_previous_game(field, value, expected):
    setup = GameSetup(players=4, seed=7)
    view = setup.view
    view.play_card(view.hand.playable[0])
    before = view.game.to_json()
    getattr(setup, field).value = value
    setup.start.click()
    assert expected in setup.error
    assert expected.split(":")[0].split("'")[0] in setup.message.value
    assert setup.view is view and setup.box.children == (view,)
    assert view.game.to_json() == before
    getattr(setup, field).value = {"seed": "7", "track": "volcano", "names": ""}[field]
    assert setup.new_game() is not None and setup.error == "" and setup.message.value == ""


def test_move_explorer_shows_the_move_step_by_step():
    explorer = MoveExplorer("volcano", positions=(0, 3, 7))
    explorer.mover.value = 0
    explorer.steps.value = 3
    explorer.go.click()
    move = explorer.figure.current_move
    assert (move.start, move.steps, move.final) == (0, 3, 6)
    assert explorer.description.value.startswith("Ada moves 3 from the grid: jumps Bo on space 3")
    explorer.step_button.click()
    assert [f.progress for f in explorer.figure.frames_shown] == [1]
    explorer.end_button.click()
    assert explorer.figure.positions == (6, 3, 7)
    assert repr(explorer) == "MoveExplorer(TrackFigure(volcano, 31 spaces, cars at [6, 3, 7]))"


@pytest.mark.parametrize("positions, steps, expected", [
    ("0, 4, 7", 2, "Car 1 rests on downhill space 4; cars only stop on flat spaces."),
    ("0, 3", 2, "Give one progress per car (3: Ada, Bo, Cy), not 2."),
    ("0, three, 7", 2, "Progress values are whole numbers separated by commas"),
    ("0, 3, 7", -2, "A car moves a whole number of spaces, 0 or more, not -2."),
])
def test_move_explorer_shows_bad_input_and_keeps_the_figure(positions, steps, expected):
    explorer = MoveExplorer("volcano", positions=(0, 3, 7))
    explorer.go.click()
    explorer.end_button.click()
    shown = (explorer.figure.positions, explorer.figure.current_move, explorer.description.value)
    explorer.positions.value = positions
    explorer.steps.value = steps
    explorer.go.click()
    assert explorer.error.startswith(expected)
    assert (explorer.figure.positions, explorer.figure.current_move, explorer.description.value) == shown


def test_trick_explorer_explains_and_rejects():
    explorer = TrickExplorer("B7 B9 R2")
    assert explorer.table.winner == "Cy" and explorer.error == ""
    explorer.cards.value = "G11 G11"  # Enter in the field
    assert explorer.error == "A trick cannot hold the same card twice (G11): every card exists once."
    assert [r["card"]["code"] for r in explorer.table.plays] == ["B7", "B9", "R2"]
    explorer.cards.value = "R1 R2 R3 R4 R5 R6"
    assert explorer.explain() is False and "1 to 5 cards" in explorer.error
    explorer.cards.value = "g3 r5"
    assert explorer.explain() is True and explorer.table.winner == "Bo" and explorer.message.value == ""
