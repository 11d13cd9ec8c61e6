"""Stich Rallye pass-and-play in GameView: people and computer players at one screen.

A hand is on screen only while its owner has said only they can see it; between turns
the screen holds what the whole table sees. Checked over whole games by reading every
synced state of every widget in the view, as the page receives it."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re

import ipywidgets as w
import pytest

from rally import HeuristicBot, RandomBot, Turbo, TurboDeclined, TurboUsed
from rally.stich_rallye.table_view import table_view
from widgets import GameReview, GameView

CARD_CODE = re.compile(r"\b[RGB](?:1[0-5]|[1-9])\b")


def widgets_in(widget: w.Widget) -> list[w.Widget]:
    """``widget`` and every widget inside it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += widgets_in(child)
    return found


def page_text(view: GameView) -> str:
    """Everything the page is sent, but for the log of events and the last trick (they may
    name cards of earlier rounds, dealt again since): every synced state, as JSON."""
    leave_out = {id(part) for part in widgets_in(view.event_log) + widgets_in(view.last_trick)}
    return " ".join(json.dumps(part.get_state(), default=str) for part in widgets_in(view)
                    if id(part) not in leave_out)


def hidden_cards_shown(view: GameView) -> set[str]:
    """The cards of people's hands that the page is sent (none of the trick's: those are
    face up). A card is named by code (G11) or in words (green 11)."""
    text = page_text(view)
    said = set(CARD_CODE.findall(text))
    game = view.game
    shown = set()
    for seat in view.people:
        for card in game.hands[seat]:
            if str(card) in said or re.search(rf"\b{card.describe()}\b", text):
                shown.add(str(card))
    return shown


def play_together(view: GameView, rng: random.Random, check=None, hints: int = 0) -> dict[str, int]:
    """The people play the view to its end as they would: whoever the cover asks for
    presses its button, then clicks a card or a turbo button; the first ``hints`` turns
    ask the coach first. Returns counts."""
    counts = {"covers": 0, "turbos": 0, "cards": 0, "hints": 0}
    bot = RandomBot()
    for _ in range(400):
        if view.game.is_over:
            break
        assert view.waiting_for_human
        if view.viewer is None:
            counts["covers"] += 1
            if check:
                check(view)
            asked = view.cover.asked
            assert asked == view.game.current_player and asked in view.people
            view.cover.button.click()
            assert view.viewer == asked
        seat = view.viewer
        if counts["hints"] < hints:
            counts["hints"] += 1
            assert view.show_hint() and view.hint_text.value  # the coach answers the person shown
        action = bot.choose(view.game, view.game.legal_actions(), rng)
        if isinstance(action, Turbo):
            assert view.turbo_box.layout.display == "flex"
            counts["turbos"] += 1
            (view.turbo_yes if action.use else view.turbo_no).click()
        else:
            assert str(action) in view.hand.playable
            counts["cards"] += 1
            view.hand.selected = str(action)
        if not view.game.is_over and view.game.current_player != seat:
            assert view.viewer is None  # the turn passed: the hand went under the cover at once
    assert view.game.is_over
    return counts


def nothing_hidden_on_screen(view: GameView) -> None:
    """Between turns: no hand's card, and the cover's words are the table's."""
    assert view.hand.cards == [] and view.hand.layout.display == "none"
    assert view.turbo_box.layout.display == "none" and view.hint_text.value == ""
    assert hidden_cards_shown(view) == set()
    assert table_view(view.game).words() in view.cover.words


@pytest.mark.parametrize("seed, players, people", [(5, 4, [0, 2]), (11, 3, [1, 2]), (3, 5, [0, 1, 3])])
def test_a_whole_game_never_shows_a_hand_between_turns(seed, players, people):
    view = GameView(players, seed=seed, people=people, bots=HeuristicBot(), coach=True)
    assert view.viewer is None and view.cover.asked == view.game.current_player in people
    counts = play_together(view, random.Random(seed), check=nothing_hidden_on_screen, hints=3)
    assert counts["covers"] >= 2 * len(people)  # every person was asked for, more than once
    assert view.viewer is None and view.hand.cards == []  # the game over: nobody's cards
    # The computer players played their own seats; every turbo of a person was that person's click.
    people_turbos = [e for e in view.game.events if isinstance(e, (TurboUsed, TurboDeclined)) and e.seat in people]
    assert len(people_turbos) == counts["turbos"]


def test_a_shown_hand_is_really_on_the_page():
    """The check above can fail: with a hand out, its cards are found in the page."""
    view = GameView(4, seed=5, people=[0, 2])
    view.reveal()
    assert hidden_cards_shown(view) == {str(c) for c in view.game.hands[0]}


def test_only_the_person_asked_for_can_act_and_a_refusal_changes_nothing():
    view = GameView(4, seed=5, people=[0, 2])
    events, card = len(view.game.events), str(view.game.hands[0][0])
    assert view.play_card(card) is False
    assert "First pass the screen to Ada" in view.alert_text and len(view.game.events) == events
    assert view.reveal() is True and view.alert_text == ""
    assert view.play_card("X1") is False and len(view.game.events) == events and view.viewer == 0
    assert view.play_card(view.hand.playable[0]) is True
    # Bo (a bot) answered; now Cy is asked for, and Ada's cards are gone from the screen.
    assert view.viewer is None and view.cover.asked == 2 and view.hand.cards == []
    events = len(view.game.events)
    assert view.play_card(str(view.game.hands[2][0])) is False and len(view.game.events) == events


def test_a_late_click_on_the_put_away_hand_names_no_card():
    """Ada clicks twice: the first card plays, the second click reaches the hand after it
    went under the cover. It is dropped without a word (a refusal would name her card)."""
    view = GameView(4, seed=5, people=[0, 2])
    view.reveal()
    first = view.hand.playable[0]
    other = next(code for code in view.hand.codes if code != first)
    view.hand.set_state({"selected": first})  # as the page sends a click
    assert view.viewer is None and view.cover.asked == 2
    events = len(view.game.events)
    view.hand.set_state({"selected": other})
    assert other in {str(c) for c in view.game.hands[0]}  # still Ada's, and nowhere on the page
    assert hidden_cards_shown(view) == set() and view.hand.message == "" and view.hand.selected == ""
    assert len(view.game.events) == events and view.viewer is None


@pytest.mark.slow
def test_each_person_opens_their_own_review_behind_the_cover():
    view = GameView(4, seed=5, people=[0, 2], bots=HeuristicBot())
    play_together(view, random.Random(1))
    assert view.review_box.layout.display == "flex"
    labels = [b.description for b in widgets_in(view.review_box)
              if isinstance(b, w.Button) and b is not view.review_cover.button]
    assert labels == ["Ada's review", "Cy's review"]
    assert view.ask_review(1) is False and "0 and 2" in view.alert_text  # Bo is a computer player
    assert view.ask_review(2) is True
    assert view.review_cover.asked == 2 and view.review_view is None and view.hand.cards == []
    assert view.review_cover.button.description == "I am Cy: show my review"
    view.review_cover.button.click()
    assert view.viewer == 2 and view.review is not None and view.review.seat == 2
    assert view.review_view in view.review_box.children
    view.replay_to(3)  # early in the first round: Cy's hand is full
    held = view.replay_state.hands[2]
    assert held and view.hand.codes == [str(c) for c in held]  # the replay shows Cy's hand, nobody else's
    costliest = view.review.ranked[0]
    view.replay_decision(costliest)  # the review explains a decision of Cy's in the replay
    assert html.escape(costliest.explanation) in view.replay_text.value
    card = str(costliest.chosen.action)  # the note's heading says when; the card is named by the explanation only
    assert f"Round {costliest.round}, trick {costliest.trick}" in view.replay_text.value
    assert view.replay_text.value.count(card) == costliest.explanation.count(card)
    done = [b for b in view.review_box.children if isinstance(b, w.Button)]
    done[0].click()
    assert view.viewer is None and view.review is None and view.hand.cards == []
    # Nothing of Cy's review is left for the next person: no hand, no decision, no chart.
    text = page_text(view)
    assert costliest.explanation not in text and costliest.label not in text
    assert not any(isinstance(part, GameReview) for part in widgets_in(view))
    assert view.ask_review(0) and view.review_cover.asked == 0 and view.reveal() and view.review.seat == 0
    assert costliest.explanation not in page_text(view)


def test_with_slowed_computer_players_the_hand_is_covered_before_they_play():
    async def scenario():
        view = GameView(3, seed=4, people=[0, 1], bot_delay=0.05)
        while view.busy:
            await asyncio.sleep(0.01)
        for _ in range(6):  # Ada's and Bo's turns, each handing over to the other or to Cy
            assert view.reveal()
            seat = view.viewer
            view.hand.selected = view.hand.playable[0]
            if view.game.current_player != seat:  # the turn passed: covered at once, before Cy plays
                assert view.viewer is None and view.hand.cards == [] and view.hand.prompt == ""
                assert view.hint_text.value == "" and view.turbo_box.layout.display == "none"
            while view.busy:
                await asyncio.sleep(0.01)
            if view.game.awaiting_turbo:
                view.choose_turbo(False)
            while view.busy:
                await asyncio.sleep(0.01)
            assert view.viewer is None or view.viewer == view.game.current_player
            if view.viewer is not None:  # the same person plays on (a trick won)
                view.hide()
        return view

    view = asyncio.run(scenario())
    assert view.messages == view.game.narrate()[:len(view.messages)]


def test_one_person_plays_as_before_with_no_cover():
    view = GameView(3, seed=4)
    assert view.people == [0] and not view.passing and view.viewer == 0
    assert view.cover.layout.display == "none" and view.hand.codes
    assert view.reveal() is False and view.alert_text == "Nobody is asked to take the screen now."
    assert view.ask_review(0) is False


@pytest.mark.parametrize("people, error", [
    ([0, 0], "different seats from 0 to 3"), ([4], "from 0 to 3"), ("0, 2", "like [0, 2]"),
])
def test_bad_people_are_refused_in_words(people, error):
    with pytest.raises(ValueError, match=re.escape(error)):
        GameView(4, people=people)


def test_the_seat_shown_must_be_a_person():
    with pytest.raises(ValueError, match="must be one of the people's seats"):
        GameView(4, human=1, people=[0, 2])



def test_the_setup_seats_people_first_and_keeps_the_menu_within_the_players():
    from widgets import GameSetup

    setup = GameSetup(people=2, seed=7)
    assert setup.view.people == [0, 1] and setup.view.passing and setup.view.viewer is None
    assert "Ada and Bo play at this screen" in repr(setup)
    setup.players.value = 3
    setup.people.value = 3
    view = setup.new_game()
    assert view.people == [0, 1, 2] and view.game.players == 3  # three people, no computer player
    setup.players.value = 4
    assert setup.people.options == (1, 2, 3, 4) and setup.people.value == 3
    setup.people.value = 1
    assert setup.new_game().passing is False  # one person: the game as before, hand always shown
    with pytest.raises(ValueError, match="The number of people must be a whole number from 1 to 4"):
        GameSetup(people=5)


@pytest.mark.parametrize("lang, typed, people, expected", [
    # Lesson 5's "Play with your family": "Type your own names" (two of you, two computer players).
    ("en", "Mum, Lena", 2, ("Mum", "Lena", "Cy", "Di")),
    ("en", "Grandpa Joe; Lena", 2, ("Grandpa Joe", "Lena", "Cy", "Di")),
    ("de", "Oma Erika, Jürgen", 2, ("Oma Erika", "Jürgen", "Cy", "Di")),
    ("de", "Mama, Lena, Özlem,", 3, ("Mama", "Lena", "Özlem", "Di")),
    ("de", "Cy, Ada", 2, ("Cy", "Ada", "Bo", "Di")),  # the computer players never take a typed name
])
def test_the_family_game_takes_the_names_people_type(lang, typed, people, expected):
    import rally
    from widgets import GameSetup

    with rally.language(lang):
        setup = GameSetup(people=2, seed=7, coach=True)
        setup.people.value = people
        setup.names.value = typed
        view = setup.new_game()
        assert setup.error == "" and view is not None and view.game.names == expected
        assert view.people == list(range(people)) and view.passing
        mine = expected[0]
        assert mine in repr(setup)
    view.close()


def watch_leaving(box: w.Box, loop: asyncio.AbstractEventLoop, left: dict[int, float],
                  closed: dict[int, float]) -> None:
    """Note when each widget leaves ``box`` (``left``) and when it is closed (``closed``), by
    id, in the loop's time."""
    def changed(change) -> None:
        for child in change.old:
            if child not in change.new:
                left[id(child)] = loop.time()
                child.observe(lambda _, key=id(child): closed.setdefault(key, loop.time()), names="comm")
    box.observe(changed, names="children")


def test_in_jupyter_a_growing_review_closes_what_it_replaces_once_the_page_can_have_drawn_it(monkeypatch):
    # The page makes a box's new views a moment after the box changes, seconds on a busy
    # tablet; a model closed meanwhile breaks the view being made ("Could not add child view
    # to box"). So each step of a growing review keeps its title, and what it replaces is
    # closed CLOSE_DELAY seconds after it left the page, never sooner.
    monkeypatch.setattr("widgets.stich_rallye.review_panel.REVIEW_REFRESH", 0.0)  # every step shown
    monkeypatch.setattr("widgets.closing.CLOSE_DELAY", 0.3)
    view = GameView(4, seed=5, people=[0, 2], bots=HeuristicBot())
    play_together(view, random.Random(1))
    panel = view.review_box
    left: dict[int, float] = {}
    closed: dict[int, float] = {}
    steps: list[tuple[w.Widget, ...]] = []
    panel.observe(lambda change: steps.append(change.new), names="children")

    async def run() -> None:
        loop = asyncio.get_running_loop()
        watch_leaving(panel, loop, left, closed)
        assert view.ask_review(2) and view.reveal()
        await panel.task
        reviews = [step for step in steps if any(isinstance(child, GameReview) for child in step)]
        assert len(reviews) > 2  # it grew: the first step, more, the whole review
        view.hide()  # "Done: hide my review"
        await asyncio.sleep(0.6)

    asyncio.run(run())
    grown = [step for step in steps if any(isinstance(child, GameReview) for child in step)]
    assert len({id(step[0]) for step in grown}) == 1  # one title, kept while the review grew
    gone = {id(child) for step in grown for child in step if isinstance(child, GameReview)}
    assert gone <= set(closed)  # every review drawn is closed in the end
    assert all(closed[key] - left[key] >= 0.3 for key in closed), (left, closed)


def test_in_jupyter_new_game_stops_the_old_game_at_once_and_closes_it_once_off_the_page(monkeypatch):
    from widgets import GameSetup

    monkeypatch.setattr("widgets.closing.CLOSE_DELAY", 0.3)
    left: dict[int, float] = {}
    closed: dict[int, float] = {}

    async def run() -> tuple[GameView, int]:
        loop = asyncio.get_running_loop()
        setup = GameSetup(seed=7, bot_delay=0.05)  # computer players at a pace: their turns wait in the loop
        old = setup.view
        watch_leaving(setup.box, loop, left, closed)
        while old.busy:  # the first turn is the person's: the view's look for computer players ends at once
            await asyncio.sleep(0.01)
        assert old.act(old.game.legal_actions()[0]) and old.busy  # the computer players are to play
        played = len(old.game.events)
        setup.new_game()
        assert old.comm is not None and id(old) in left  # off the page but open: the page may be drawing it
        await asyncio.sleep(0.6)
        return old, played

    old, played = asyncio.run(run())
    assert len(old.game.events) == played  # stopped at once: no computer player played on
    assert old.comm is None and closed[id(old)] - left[id(old)] >= 0.3
    assert all(part.comm is None for part in widgets_in(old))
