"""Lesson controls: good input builds what it says; bad input shows rally's message in
the widget and leaves what was shown before."""

from __future__ import annotations

import random

import pytest

from rally import RandomBot, SetupError
from rally.common.inputs import MAX_SEED
from widgets import GameSetup, GameView, TrickExplorer


def test_setup_builds_the_game_it_describes():
    setup = GameSetup()
    assert isinstance(setup.view, GameView) and setup.box.children == (setup.view,)
    setup.players.value = 3
    setup.track.value = "beach"
    setup.seed.value = " 42 "
    setup.names.value = "Zoe, Yan, Xia"
    setup.bot.value = "random"
    setup.start.click()
    game = setup.view.game
    assert (game.players, game.track.name, game.seed, game.names) == (3, "beach", 42, ("Zoe", "Yan", "Xia"))
    assert all(isinstance(b, RandomBot) for seat, b in enumerate(setup.view.bots) if seat not in setup.view.people)
    assert all(setup.view.bots[seat] is None for seat in setup.view.people)  # the people's seats have no bot
    assert setup.error == "" and setup.message.value == ""
    assert repr(setup) == "A new game: 3 players on the beach track, seed 42."
    setup.track.value = "S...DD...U..."
    setup.start.click()
    assert str(setup.view.game.track) == "S...DD...U..."


@pytest.mark.parametrize("field, value, expected", [
    ("seed", "4x", "“4x” is not a game number: write a whole number like 42."),
    ("seed", "-3", "“-3” is not a game number: write a whole number like 42."),
    ("seed", "1" * 30, "“111111111111111111111111111111” is not a game number: write a whole number like 42."),
    ("track", "S..Q..", "“Q” at space 3 is not a track letter"),
    ("track", "mountain", "“mountain” is neither a built-in track (beach or volcano) nor a track of your own"),
    ("track", "sunset", "“sunset” is neither a built-in track (beach or volcano) nor a track of your own"),
    ("track", "  ", "Choose a track (beach or volcano) or write one of your own: one letter for each space"),
    ("names", "Ann, Bo, Cy, Di, Ed", "This game has 4 players: type at most 4 names, with commas between them, "
                                     "not 5."),
    ("names", "Ann, " + "B" * 41, "Each name must be printable text of 1 to 40 characters, like Ada, not 'BBB"),
    ("names", "Ann, Bo, Ann, Di", "Each player needs a different name, such as Ada, Bo, Cy and Di: Ann is there "
                                  "more than once."),
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


def test_a_settings_error_shows_at_once_for_a_track_and_goes_once_the_settings_are_right():
    setup = GameSetup(players=4, seed=7)
    setup.track.value = "S..X.."  # written in "a track of my own": said before New game is pressed
    assert "“X” at space 3 is not a track letter" in setup.error and "track letter" in setup.message.value
    setup.names.value = "Mia, Papa"  # another setting changed: the track is still wrong, and says so
    assert "“X” at space 3" in setup.error
    setup.track.value = "S..DD...U.."
    assert setup.error == "" and setup.message.value == ""
    setup.seed.value = "7x"
    setup.start.click()
    assert "“7x” is not a game number" in setup.error
    setup.seed.value = "8"  # mended: the error goes at once, not at the next New game
    assert setup.error == ""
    setup.names.value = "Ann, Bo, Cy, Di, Ed"  # no error showing, and not the track: checked at New game
    assert setup.error == ""
    assert setup.new_game() is None and "at most 4 names" in setup.error


def test_setup_shows_the_game_first_and_its_settings_one_tap_away():
    setup = GameSetup(seed=7)
    assert setup.children[2] is setup.box and isinstance(setup.view, GameView)  # the game is there at once
    assert setup.settings.layout.display == "none" and setup.settings_button.description == "Game settings ⚙"
    assert setup.message in setup.settings.children  # a setting's error shows beside the settings
    setup.settings_button.value = True
    assert setup.settings.layout.display == "flex" and setup.settings_button.description == "Hide the settings ⚙"
    setup.settings_button.value = False
    assert setup.settings.layout.display == "none"
    assert GameSetup(show_settings=True).settings.layout.display == "flex"
    # New game pressed: the settings fold away, the keyboard goes to the new hand.
    setup.settings_button.value = True
    setup.seed.value = "8"
    setup.start.click()
    assert setup.view.game.seed == 8 and setup.settings.layout.display == "none"
    assert setup.view.game.current_player == setup.view.viewer and setup.view.hand.focus_asked == 1
    # A setting to mend keeps them open, with its error beside it.
    setup.seed.value = "4x"
    setup.start.click()
    assert setup.settings.layout.display == "flex" and "not a game number" in setup.error
    with pytest.raises(SetupError, match="True or False"):
        GameSetup(show_settings="yes")


def test_play_again_under_a_finished_game_deals_the_next_game_number():
    setup = GameSetup(players=3, seed=7)
    first = setup.view
    assert setup.again.layout.display == "none"  # not while the game is on
    rng = random.Random(1)
    while not first.game.is_over:
        assert setup.again.layout.display == "none"
        if first.game.awaiting_turbo:
            first.choose_turbo(rng.random() < 0.5)
        else:
            first.play_card(rng.choice(first.hand.playable))
    assert setup.again.layout.display is None and setup.children.index(setup.again) == 3  # below the game
    # The finished game's replay and review would go: "Play again" asks first.
    setup.again.click()
    assert setup.view is first and setup.confirm.layout.display == "flex" and setup.again.layout.display == "none"
    assert "replay will be gone" in setup.again_words.value
    setup.again_no.click()  # kept: the game stays, and "Play again" waits under it
    assert setup.view is first and setup.confirm.layout.display == "none" and setup.again.layout.display is None
    setup.again.click()
    setup.again_yes.click()
    assert setup.confirm.layout.display == "none"
    assert setup.view is not first and setup.view.game.seed == 8 and setup.seed.value == "8"
    assert setup.view.game.players == 3 and not setup.view.game.is_over
    # The button pressed goes: the keyboard goes to the new hand, whose turn it is (a game
    # the page opens with leaves the focus alone).
    assert setup.view.game.current_player == 0 and setup.view.hand.focus_asked == 1
    assert GameSetup(players=3, seed=8).view.hand.focus_asked == 0
    assert setup.again.layout.display == "none"
    setup.seed.value = str(MAX_SEED)  # after the last game number comes 0
    assert setup.play_again().game.seed == 0


def test_a_bad_setting_opens_the_settings_to_show_why():
    setup = GameSetup(seed=7)
    setup.seed.value = "x"
    assert setup.new_game() is None
    assert setup.settings.layout.display == "flex" and "not a game number" in setup.message.value


def test_trick_explorer_explains_and_rejects():
    explorer = TrickExplorer("B7 B9 R2")
    assert explorer.table.winner == "Cy" and explorer.error == ""
    explorer.cards.value = "G11 G11"  # Enter in the field
    assert explorer.error == "A trick cannot hold the same card twice (G11): every card exists once."
    # The last trick's winner does not stay under the new mistake: the table is cleared.
    assert explorer.table.plays == [] and explorer.table.winner is None and "wins" not in repr(explorer)
    assert explorer.table.layout.display == "none"  # no empty table under the mistake either
    explorer.cards.value = "R1 R2 R3 R4 R5 R6"
    assert explorer.explain() is False
    assert explorer.error == "A whole trick has one card per player: 3 to 5 cards, like G11 R5 B7 G3; this one has 6."
    explorer.cards.value = "g3 r5"  # two cards are not a whole trick: nobody has won it yet
    assert explorer.explain() is False and explorer.error.endswith("this one has 2.")
    assert explorer.table.plays == []
    explorer.cards.value = "B7 B9 R2"
    assert explorer.table.winner == "Cy" and explorer.table.layout.display is None
    explorer.cards.value = "hello kitty"  # words, not cards: said in words, and no winner shown
    assert explorer.error and explorer.table.winner is None and explorer.table.plays == []
    explorer.cards.value = "g3 r5 g9"
    assert explorer.explain() is True and explorer.table.winner == "Bo" and explorer.message.value == ""
    assert [r["name"] for r in explorer.table.plays] == ["Ada", "Bo", "Cy"]
