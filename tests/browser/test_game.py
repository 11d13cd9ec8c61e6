"""Lesson 05 played in the browser: cards clicked, an illegal card refused with its
reason, the turbo used, a whole game to its end, and its replay."""

from __future__ import annotations

import re

import pytest

from . import _lab

LESSON = "05_play_a_game.ipynb"
#: True once the lesson's kernel has answered every message sent to it.
KERNEL_IDLE = "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'"

#: JavaScript on the GameView's output element.
EVENTS = """el => { const ol = el.querySelector('ol[start]');
  return ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0; }"""
SETTLED = """([el, before]) => {
  const ol = el.querySelector('ol[start]');
  const n = ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0;
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status;
  return n > before && kernel === 'idle' && /Your turn|Game over/.test(el.textContent);
}"""


class Game:
    """The lesson's GameView (the first game; GameSetup below holds another)."""

    def __init__(self, page):
        self.page = page
        # The first output holding a hand: the game (read aloud's switch comes before it).
        self.root = page.locator(".jp-CodeCell .jp-OutputArea-output").filter(has=page.locator(".rally-hand")).first
        self.hand = self.root.locator(".rally-hand")

    def events(self) -> int:
        return self.root.evaluate(EVENTS)

    def log(self) -> list[str]:
        return self.root.locator("ol[start] li").all_inner_texts()

    def status(self) -> str:
        return self.root.locator(".rally-game__status").inner_text()

    def cars(self) -> dict[str, str]:
        return self.page.evaluate(_lab.CAR_SPOTS, 0)

    def dials(self) -> dict[str, str]:
        return dict(zip(self.root.locator(".rally-dial__name").all_inner_texts(),
                        [svg.get_attribute("aria-label") for svg in self.root.locator(".rally-dial svg").all()]))

    def legal(self):
        return self.hand.locator('button.rally-card[aria-disabled="false"]')

    def turbo_offered(self) -> bool:
        return "choose the turbo" in self.status()

    def over(self) -> bool:
        return "Game over" in self.status()

    def act(self, locator) -> int:
        """Click ``locator`` and wait until the game has answered; returns the events added."""
        before = self.events()
        locator.click()
        self.page.wait_for_function(SETTLED, arg=[self.root.element_handle(), before], timeout=30_000)
        return self.events() - before


@pytest.fixture
def game(page, lab):
    _lab.open_notebook(page, lab, LESSON)
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    game = Game(page)
    game.hand.wait_for()
    assert "Your turn" in game.status()
    return game


def test_a_trick_the_car_and_the_motors(game):
    page = game.page
    cars, dials, hand = game.cars(), game.dials(), game.hand.locator("button.rally-card").count()
    assert set(cars) == set(dials) == {"Ada", "Bo", "Cy", "Di"}
    card = game.legal().first
    code = card.get_attribute("data-code")
    game.act(card)
    log = game.log()
    # The card lands in the trick and the bots answer, one card each.
    assert f"Ada plays {code}" in " ".join(log)
    for bot in ("Bo", "Cy", "Di"):
        assert any(line.startswith(f"{bot} plays ") for line in log), log
    last = game.root.locator(".rally-trick").filter(has_text="Previous trick")
    assert last.locator(".rally-trick__play").count() == 4
    ada = last.locator(".rally-trick__play").filter(has_text="Ada")
    assert ada.locator(".rally-card__value").inner_text() == code[1:]
    assert ada.locator(".rally-card").get_attribute("aria-label").endswith(f"({code[0]} {'♦♣♠'['RGB'.index(code[0])]})")
    winner = re.search(r"(\w+) wins the trick\.", " ".join(log)).group(1)
    assert "★ wins" in last.locator(".rally-trick__play.is-winner").inner_text()
    assert winner in last.locator(".rally-trick__play.is-winner").inner_text()
    assert game.hand.locator("button.rally-card").count() == hand - 1
    # The winner's car moved on the track, and only theirs.
    page.wait_for_function(f"() => ({_lab.CAR_SPOTS})(0)[{winner!r}] !== {cars[winner]!r}")
    moved = {name for name, spot in game.cars().items() if spot != cars[name]}
    assert moved == {winner}
    # The losers wound their motors: their dials changed, the winner's did not.
    after = game.dials()
    losers = {name for name in dials if name != winner}
    assert {name for name in dials if after[name] != dials[name]} == losers
    for name in losers:
        assert "position 1 of 9" in after[name] and "value 1" in after[name]
    game.root.locator(".js-plotly-plot").scroll_into_view_if_needed()
    _lab.screenshot(page, "05_play_a_game-mid-game")


def test_an_illegal_card_says_why(game):
    for _ in range(40):  # until Ada must follow a color she cannot always follow
        if game.turbo_offered():
            game.act(_lab.output_button(game.root, "Card alone", prefix=True))
            continue
        if game.hand.locator('button.rally-card[aria-disabled="true"]').count():
            break
        game.act(game.legal().first)
    else:
        pytest.fail("Ada was never asked to follow a color she could not always follow")
    illegal = game.hand.locator('button.rally-card[aria-disabled="true"]').first
    reason = illegal.get_attribute("title")
    assert reason.startswith("You must follow"), reason
    before, cards = game.events(), game.hand.locator("button.rally-card").count()
    illegal.click(force=True)  # aria-disabled, so Playwright would wait; a learner just clicks
    message = game.hand.locator(".rally-hand__message")
    assert message.inner_text() == reason
    game.page.wait_for_timeout(300)
    assert game.events() == before and game.hand.locator("button.rally-card").count() == cards
    assert "Your turn" in game.status()
    game.hand.scroll_into_view_if_needed()
    _lab.screenshot(game.page, "05_play_a_game-illegal-card")


def test_a_whole_game_with_turbo_and_replay(game):
    page = game.page
    turbos = 0
    for _ in range(200):
        if game.over():
            break
        if game.turbo_offered():
            added = game.act(_lab.output_button(game.root, "Use turbo", prefix=True))
            turbos += 1
            assert any(line.startswith("Ada uses the turbo") for line in game.log()[-added:]), game.log()[-added:]
            if turbos == 1:
                _lab.screenshot(page, "05_play_a_game-after-turbo")
        else:
            game.act(game.legal().first)
    assert game.over(), game.status()
    assert turbos >= 1, "the turbo was never offered"
    log = game.log()
    assert re.search(r"wins the race", log[-1]), log[-3:]
    assert game.hand.locator("button.rally-card").count() == 0 or "Replay" in game.hand.inner_text()

    # The replay: it starts at the last event; step back and forth through it.
    replay = game.root.locator(".widget-vbox").filter(has_text="Replay: step through everything").last
    replay.wait_for()
    where = replay.locator(".widget-html").last
    total = int(re.search(r"Step (\d+) of (\d+)", where.inner_text()).group(2))
    assert f"Step {total} of {total}" in where.inner_text()
    # The slider shows no number of its own that could disagree with "Step N of M".
    assert replay.locator(".widget-readout").filter(visible=True).count() == 0
    _lab.screenshot(page, "05_play_a_game-game-over")
    back, forward = _lab.output_button(game.root, "◀ Step back"), _lab.output_button(game.root, "Step forward ▶")
    spots = {str(game.cars())}
    for i in range(1, 13):
        back.click()
        page.get_by_text(f"Step {total - i} of {total}").first.wait_for()
        page.wait_for_function(KERNEL_IDLE)
        spots.add(str(game.cars()))
    assert len(spots) > 1, "stepping back through the replay never moved a car"
    assert "Replay: the hand as it was then." in game.hand.inner_text()
    forward.click()
    page.get_by_text(f"Step {total - 11} of {total}").first.wait_for()
    page.wait_for_function(KERNEL_IDLE)
    # Played by itself (the kernel's event loop steps it), then paused where it stands. The
    # review may still be working in its thread beside it (a busy CI machine): a minute's wait.
    _lab.output_button(game.root, "▶ Play").click()
    _lab.output_button(game.root, "Pause").wait_for()
    page.get_by_text(f"Step {total - 9} of {total}").first.wait_for(timeout=60_000)
    _lab.output_button(game.root, "Pause").click()
    _lab.output_button(game.root, "▶ Play").wait_for()
    paused = where.inner_text()
    page.wait_for_timeout(3000)  # two steps' time: nothing moves while paused
    assert where.inner_text() == paused
    # The keyboard's End and Home reach the replay's last and first steps.
    handle = game.root.locator('.rally-replay-controls .noUi-handle[role="slider"]')  # the row under the replay
    handle.press("End")
    page.get_by_text(f"Step {total} of {total}").first.wait_for()
    handle.press("Home")
    page.get_by_text(f"Step 1 of {total}").first.wait_for()
    replay.scroll_into_view_if_needed()
    _lab.screenshot(page, "05_play_a_game-replay")
