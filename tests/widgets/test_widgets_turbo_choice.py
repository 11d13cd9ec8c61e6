"""TurboChoice: lesson 2's moment to try both turbo choices, as the game's buttons say them."""

import random
import re

import pytest

import rally
from rally import SetupError, Turbo, examples
from widgets import TurboChoice


def _awaiting_turbo(seed: int) -> rally.Game:
    """A seeded game played at random until a trick's winner chooses the turbo with a wound motor."""
    game, rng = rally.Game.new(3, seed=seed), random.Random(seed)
    while not (game.awaiting_turbo and game.motor_values[game.current_player] > 0):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_lesson_moment_moves_by_the_card_alone_or_by_card_and_motor():
    game = examples.turbo_choice()
    seat = game.current_player
    start, lowest, motor = game.positions[seat], rally.explain_trick(game.trick).lowest, game.motor_values[seat]
    choice = TurboChoice(game)
    assert choice.result.value.count("<br>") == 0 and "Try both choices." in repr(choice)
    choice.use_turbo.click()
    assert choice.tried[True].endswith(f"stops on space {start + lowest + motor}.")
    choice.card_alone.click()
    assert choice.tried[False].endswith(f"stops on space {start + lowest}.")
    # Both stay listed, card alone first, each under its button's words.
    text = choice.result.value
    assert text.index("Card alone:") < text.index("Use turbo:") and "<br>" in text
    assert repr(choice).endswith(choice.tried[True])


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_each_button_plays_its_choice_on_a_copy_and_leaves_the_game_as_it_was(seed):
    game = _awaiting_turbo(seed)
    before = (game.positions, game.motors, len(game.events))
    choice = TurboChoice(game)
    for use, button in ((True, choice.use_turbo), (False, choice.card_alone)):
        button.click()
        played = game.clone()
        played.apply(Turbo(use))
        # The sentence ends on the space the rules put the car on (the track's numbers run from 0 each lap).
        spaces = [int(n) for n in re.findall(r"space (\d+)", choice.tried[use])]
        assert spaces[-1] == played.positions[game.current_player] % len(game.track), choice.tried[use]
    assert (game.positions, game.motors, len(game.events)) == before
    assert choice.dial.motor.value == game.motor_values[game.current_player]


def test_only_a_game_waiting_for_the_turbo_is_taken():
    with pytest.raises(SetupError, match="a game whose trick's winner is choosing the turbo"):
        TurboChoice(rally.Game.new(3, seed=1))
    with pytest.raises(SetupError, match="The game"):
        TurboChoice("G2 R9 B7")  # type: ignore[arg-type]
    choice = TurboChoice(examples.turbo_choice())
    with pytest.raises(SetupError):
        choice.choose("yes")  # type: ignore[arg-type]
    assert choice.tried == {}


def test_german_buttons_are_the_games_own():
    with rally.language("de"):
        choice = TurboChoice(examples.turbo_choice())
        choice.card_alone.click()
    assert (choice.card_alone.description, choice.use_turbo.description) == ("Ohne Turbo", "Turbo nutzen")
    assert "✓ <b>Ohne Turbo:</b> Cy fährt" in choice.result.value


def test_the_choice_shown_now_is_marked_on_its_button_and_its_line():
    choice = TurboChoice(examples.turbo_choice())
    choice.use_turbo.click()
    choice.card_alone.click()
    choice.use_turbo.click()  # pressed again: the turbo's move is the one shown, and says so
    assert (choice.use_turbo.icon, choice.card_alone.icon) == ("check", "")
    lines = choice.result.value.split("<br>")
    assert lines[1].startswith("✓ <b>Use turbo:</b>") and "✓" not in lines[0]
    assert choice.dial.value == 0
