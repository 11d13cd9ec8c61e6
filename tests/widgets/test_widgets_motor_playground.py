"""MotorPlayground: winding and releasing a motor by buttons, as lesson 2 does."""

import pytest

from rally import SetupError
from widgets import MotorPlayground


def test_buttons_wind_and_release_the_dial_and_say_what_comes_next():
    play = MotorPlayground()
    assert play.text == "The motor shows 0. One more lost trick makes it 1."
    for _ in range(6):
        play.lose.click()
    # Default dial (0, 1, 2, 4, 7, 11, 16, 10, 5): six losses reach the peak, 16.
    assert play.dial.motor.position == 6 and play.dial.motor.value == 16
    assert "One more lost trick makes it 10." in play.status.value
    play.lose.click()
    play.lose.click()
    assert play.text == "The motor shows 5. One more lost trick winds it past the end: back to 0, and the saved-up speed is lost."
    play.use.click()
    assert play.dial.motor.position == 0
    assert repr(play) == "Motor: The motor shows 0. One more lost trick makes it 1."


def test_a_custom_dial_is_checked_by_rally():
    assert MotorPlayground(dial=(0, 3, 6)).text == "The motor shows 0. One more lost trick makes it 3."
    with pytest.raises(SetupError, match="must start with value 0"):
        MotorPlayground(dial=(2, 3))


def test_the_playground_says_what_each_press_did():
    import rally

    playground = MotorPlayground()
    assert playground.last == ""
    playground.use.click()  # nothing wound yet
    assert playground.last.startswith("The motor is at 0, so there is nothing to use")
    for _ in range(4):
        playground.lose.click()
    assert playground.last == "Wound one position: now worth 7." and playground.last in playground.status.value
    playground.use.click()
    assert playground.last == "Turbo used: the motor's whole value, 7, adds to the winner's move, and the arrow goes back to 0."
    assert playground.dial.motor.position == 0
    for _ in range(len(playground.dial.motor.dial)):  # every position, then past the last
        playground.lose.click()
    assert playground.last.startswith("Wound past the last position: in this app, the arrow goes back to 0")
    assert "in this app" in playground.last and playground.dial.motor.position == 0
    with rally.language("de"):
        german = MotorPlayground()
        german.use.click()
        assert german.last.startswith("Der Motor steht auf 0")
