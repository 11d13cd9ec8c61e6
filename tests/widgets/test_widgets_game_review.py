"""The coached game: what the view says before each choice, the hint, the review after
the game and the jump from a costly decision into the replay. Every answer is checked
against rally, which decides; the view only shows it."""

from __future__ import annotations

import asyncio
import html
import importlib
import random
import time

import pytest

import rally
from rally import Game, HeuristicBot, Moved, Turbo, examples, play_out
from rally.stich_rallye.game import decision_of
from rally.stich_rallye.replay import trick_span
from widgets import GameReview, GameView, ReviewChart
from widgets.stich_rallye import replay_panel
from test_widgets_track_narrow import PHONE  # tests/widgets on sys.path


def play_through(view: GameView, rng: random.Random, decisions: int | None = None) -> int:
    """Play the human's seat at random to the end (or for ``decisions`` decisions); returns
    the decisions made."""
    made = 0
    while not view.game.is_over and made != decisions:
        assert view.waiting_for_human
        if view.game.awaiting_turbo:
            assert view.choose_turbo(rng.random() < 0.5)
        else:
            assert view.play_card(rng.choice(view.hand.playable))
        made += 1
    return made


@pytest.fixture(scope="module")
def coached() -> tuple[GameView, int]:
    view = GameView(4, "volcano", seed=5, coach=True)
    made = play_through(view, random.Random(3))  # random choices, one of them clearly costly
    return view, made


def test_the_prompt_says_what_may_be_played_and_why():
    view = GameView(4, "beach", seed=11)
    seen = set()
    rng = random.Random(1)
    while not view.game.is_over:
        game = view.game
        if game.awaiting_turbo:
            assert "use your motor or not" in view.hand.prompt
            view.choose_turbo(False)
            continue
        expected = rally.play_rule(game.hands[0], game.trick)
        assert view.hand.prompt == "Your turn. " + expected
        seen.add(expected.split(",")[0].split(":")[0])
        view.play_card(rng.choice(view.hand.playable))
    # The lead, following a color and holding none of it all came up.
    assert any(s.startswith("You lead") for s in seen)
    assert any("so you must" in s for s in seen) or any("is your only" in s for s in seen)


def test_the_hint_is_the_advisors_answer_in_words():
    view = GameView(3, "volcano", seed=3, coach=True)
    assert view.hint_box.layout.display == "flex" and not view.hint_button.disabled
    before = view.game.clone()
    hint = view.show_hint()
    assert view.game == before  # asking changes nothing
    advice = view.hint_advice  # within its time budget: the coach's one analysis of this moment, or as far as it got
    assert advice is not None and advice.played <= 200
    if not advice.out_of_time:
        assert advice == rally.advise(view.game)
    assert hint == advice.hint() and hint in view.hint_text.value
    assert hint.startswith(f"Try {advice.best.label} (") or hint.startswith("You have only one choice")
    assert not any(word in hint for word in ("playout", "interval", "%"))  # a child's words
    assert advice.best.label in view.hand.playable
    # Playing on clears it; the next turn's hint is a new question.
    view.play_card(view.hand.playable[0])
    assert view.hint_text.value == "" and view.hint_advice is None


def test_no_hint_button_without_the_coach():
    view = GameView(3, "volcano", seed=3)
    assert view.hint_box.layout.display == "none"
    assert view.review is None


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_the_review_covers_every_decision_of_the_human(coached):
    view, made = coached
    review = view.review
    assert review is not None and review.seat == view.human
    assert len(review.decisions) == made
    chosen = [action for seat, action in filter(None, map(decision_of, view.game.events)) if seat == view.human]
    assert [d.chosen.action for d in review.decisions] == chosen
    assert review.winner == view.game.winner
    # The same review as rally gives on its own.
    again = rally.stich_rallye.review(view.game, view.human)
    assert [d.explanation for d in again.decisions] == [d.explanation for d in review.decisions]


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_the_chart_draws_the_series(coached):
    view, _ = coached
    review, shown = view.review, view.review_view
    assert isinstance(shown, GameReview) and view.review_box.children == (shown,)
    chart = shown.chart
    assert isinstance(chart, ReviewChart)
    traces = {t.name: t for t in chart.plot.data}
    assert list(traces["your choice"].y) == [100 * r for r in review.series]
    assert list(traces["best option"].y) == [100 * r for r in review.best_series]
    costly = review.costly(3)
    assert list(traces["costliest"].x) == [d.number for d in costly]
    assert len(shown.buttons) == len(costly)
    rounds = [a.text for a in chart.plot.layout.annotations]
    assert rounds[0] == "Round 1" and len(rounds) == len({d.round for d in review.decisions})


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_a_costly_decision_opens_the_replay_one_step_before_it(coached):
    view, _ = coached
    review = view.review
    assert review.costly(1), "the fixture's game has a clearly costly decision"
    worst = review.costly(1)[0]
    asked = view.replay_anchor.requests
    view.review_view.buttons[0].click()
    first, last = trick_span(view.game, worst.event)
    assert view.replay_index == worst.event - 1  # the table just before the decision
    note = worst.label.split(":")[0]  # the note names the round and trick; its explanation, the choice
    said = html.escape(worst.explanation)
    assert note in view.replay_text.value and said in view.replay_text.value
    assert "Step forward to see it: it comes next." in view.replay_text.value
    assert view.replay_anchor.requests == asked + 1  # the replay is brought into view
    # One step forward is the decision itself, still explained.
    view.replay_step(+1)
    assert view.replay_index == worst.event
    assert view.game.events[worst.event].describe(view.game.names) in view.replay_text.value
    assert "This is that moment." in view.replay_text.value
    assert said in view.replay_text.value
    # Stepping back to the trick's start keeps the note; before the trick, and after it, it goes.
    view.replay_to(first - 1)
    assert said in view.replay_text.value
    view.replay_to(first - 2)
    assert said not in view.replay_text.value
    view.replay_to(last + 1)
    assert said not in view.replay_text.value


def test_the_replay_waits_at_the_end_and_starts_again_from_the_deal():
    game = play_out(Game.new(3, "beach", seed=4), [HeuristicBot()] * 3, random.Random(4))
    view = GameView(game=game)
    last = len(game.events) - 1
    assert view.replay_index == last and view.figure.positions == game.positions
    assert view.replay_forward.description == "Replay from the first deal ▶"
    view.replay_forward.click()
    assert view.replay_index == 0 and "Round 1: each player gets 5 cards." in view.replay_text.value
    assert view.replay_forward.description == "Step forward ▶" and view.replay_back.disabled


def test_the_replay_plays_by_itself_from_the_deal_and_a_step_taken_pauses_it(monkeypatch):
    game = play_out(Game.new(3, "beach", seed=4), [HeuristicBot()] * 3, random.Random(4))
    view = GameView(game=game)
    panel, last = view.replay_box, len(game.events) - 1
    play = panel.play_button
    assert play in panel.controls.children and panel.controls in view.children and play.description == "▶ Play"
    # At the end "Replay from the first deal ▶" plays the game again: Play stands aside there.
    assert play.layout.display == "none"
    play.click()  # no event loop (a script): nothing plays, nothing breaks
    assert not panel.playing and view.replay_index == last
    monkeypatch.setattr(replay_panel, "PLAY_INTERVAL", 0)

    async def play_then(button, step_back_at: int | None) -> list[int]:
        seen: list[int] = []
        view.replay_box.slider.observe(lambda change: seen.append(change["new"]), names="value")
        button.click()
        assert panel.playing and play.description == "⏸\ufe0e Pause" and play.layout.display is None
        while panel.playing:
            await asyncio.sleep(0)
            if step_back_at is not None and view.replay_index >= step_back_at:
                view.replay_step(-1)  # the learner steps back: the replay stops playing
        return seen

    seen = asyncio.run(play_then(view.replay_forward, step_back_at=3))  # from the end: from the first deal
    assert seen[:4] == [0, 1, 2, 3] and view.replay_index == 2  # paused by Step back
    assert not panel.playing and play.description == "▶ Play" and play.layout.display is None
    seen = asyncio.run(play_then(play, step_back_at=None))
    assert seen == list(range(3, last + 1)) and play.description == "▶ Play"  # on from there, to the end
    assert view.figure.positions == game.positions and play.layout.display == "none"

    async def close_while_playing() -> int:
        view.replay_forward.click()  # from the end: from the first deal again
        await asyncio.sleep(0)
        view.close()  # a new game took its place
        for _ in range(5):
            await asyncio.sleep(0)
        return view.replay_index

    assert asyncio.run(close_while_playing()) < 3 and not panel.playing


def test_the_replay_hand_crosses_out_only_what_the_rules_forbade_then():
    """In the replay the hand is as it was: just before the learner's card, the cards the
    lead color forbade are crossed out with that reason, the others drawn plain (none with
    the ✕ of a game that is over); at other moments the whole hand waits, drawn plain."""
    game = play_out(Game.new(3, "beach", seed=4), [HeuristicBot()] * 3, random.Random(4))
    view = GameView(game=game)
    plays = [i for i, e in enumerate(game.events) if isinstance(e, rally.CardPlayed) and e.seat == 0]
    forbidden_seen = 0
    for index in plays:
        view.replay_to(index - 1)
        state = view.replay_state
        allowed = set(map(str, rally.legal_plays(state.hands[0], state.trick)))
        for row in view.hand.cards:
            assert "over" not in row["reason"] and not row["playable"], row
            assert row["waiting"] == (row["code"] in allowed), row
            forbidden_seen += row["code"] not in allowed
        assert str(game.events[index].card) in allowed
    assert forbidden_seen > 0  # the game has moments where a color had to be followed
    view.replay_to(plays[0])  # just after the card: another player's turn, the hand waits
    assert all(row["waiting"] for row in view.hand.cards)
    view.hand.selected = view.hand.cards[0]["code"]  # a tap on a card of the replay plays nothing
    assert view.hand.selected == "" and game.is_over


def test_bad_input_is_refused_in_words():
    with pytest.raises(rally.SetupError, match="coach"):
        GameView(3, coach="yes")
    with pytest.raises(rally.SetupError, match="a rally Review"):
        GameReview("not a review")
    view = GameView(3, seed=1, coach=True)
    while not view.game.awaiting_turbo and not view.game.is_over:
        view.play_card(view.hand.playable[-1])
    if view.game.awaiting_turbo:
        hint = view.show_hint()  # the turbo choice gets a hint too, saying what each choice does
        assert hint.startswith(("Use the turbo", "Move by the card alone")) and "turbo" in hint
    with pytest.raises(rally.SetupError, match="a decision"):
        GameReview(rally.stich_rallye.review(view.game, 0, playouts=5)).on_select("jump")


def test_a_game_shown_while_bots_play_gives_no_hint():
    view = GameView(3, seed=2, coach=True)
    view.game.apply(view.game.legal_actions()[0])  # someone acted behind the view's back: not the human's turn
    assert view.game.current_player != 0
    assert view.show_hint() == ""


def test_the_turbo_choice_marks_the_track_from_the_rules():
    for seed in range(30):
        view = GameView(3, "volcano", seed, bots=HeuristicBot())
        while not view.game.is_over and not view.game.awaiting_turbo:
            view.play_card(view.hand.playable[-1])
        if view.game.awaiting_turbo:
            break
    else:
        pytest.fail("no turbo choice came up")
    for label, move in view.figure.choices:
        assert move.mover == 0
        use = label != "card alone"
        trial = view.game.clone()
        assert move == next(e.move for e in trial.apply_recorded(Turbo(use)) if isinstance(e, Moved))


# ------------------------------------------- in Jupyter: the review grows beside the event loop
def finish_in_a_loop(view: GameView, ticks: list[float]) -> None:
    """Play the human's seat at random to the end, with an event loop running (as in
    Jupyter), and wait for the review; ``ticks`` gets the loop's time every few
    milliseconds meanwhile: the loop stays free while the review is worked out."""
    async def run() -> None:
        loop = asyncio.get_running_loop()

        async def tick() -> None:
            while True:
                ticks.append(loop.time())
                await asyncio.sleep(0.005)

        ticker = loop.create_task(tick())
        play_through(view, random.Random(3))
        assert view.review_box.task is not None  # the game is over: its review grows in the thread
        await view.review_box.task
        ticker.cancel()
    asyncio.run(run())


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_in_jupyter_the_review_shows_its_first_findings_and_grows_to_the_whole_review(monkeypatch):
    monkeypatch.setattr("widgets.stich_rallye.review_panel.REVIEW_REFRESH", 0.0)  # every step shown
    view = GameView(4, "volcano", seed=5, coach=True)
    shown: list[rally.Review] = []
    widths: list[int] = []

    def seen(change) -> None:
        if view.review is None:
            return
        shown.append(view.review)
        chart = view.review_view.chart
        widths.append(chart.plot.layout.width)
        if len(shown) == 1:
            chart.probe.set_state({"room": PHONE})  # as a phone's page tells the first chart its room

    view.review_box.observe(seen, names="children")
    ticks: list[float] = []
    finish_in_a_loop(view, ticks)
    final = view.review
    assert final is not None and final.complete and final == rally.review(view.game, view.human)
    steps = list(rally.review_steps(view.game, view.human))  # remembered answers: quick now
    assert shown == steps  # every step on the page, in order, the first with one decision
    assert len(shown[0].decisions) == 1 and not shown[0].complete
    # Each step after the first is drawn at once for the room the page told the step before.
    assert widths[0] == 820 and widths[1:] == [PHONE] * (len(shown) - 1) and len(shown) > 1
    # While it grew, the chart, the words and the progress bar were on the page; at the end only the review.
    assert view.review_box.children == (view.review_view,) and view.review_view.review is final


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_in_jupyter_the_event_loop_stays_free_while_the_review_is_worked_out(monkeypatch):
    importlib.import_module("rally.stich_rallye.advisor")._answers.clear()  # nothing remembered: every step plays test games
    real, spans = rally.review_steps, []

    def timed(*args, **kwargs):
        steps = real(*args, **kwargs)
        while True:
            start = time.monotonic()  # the event loop's clock (loop.time())
            step = next(steps, None)
            spans.append((start, time.monotonic()))
            if step is None:
                return
            yield step
    monkeypatch.setattr(rally, "review_steps", timed)
    view = GameView(3, "beach", seed=9, coach=True)
    ticks: list[float] = []
    finish_in_a_loop(view, ticks)
    assert view.review is not None and view.review.complete
    start, end = max(spans, key=lambda span: span[1] - span[0])
    assert end - start > 0.3, spans  # a closer look: long enough for the loop to tick often
    # The loop woke during the longest step (a busy machine may stretch its waits, so count, not time them).
    assert sum(start < tick < end for tick in ticks) >= 2, (start, end, ticks)


def test_a_growing_review_on_the_page_says_it_is_not_done():
    # A short seeded game: its first review with a closer look still to come is on hand in
    # under a second.
    growing = next(s for s in rally.review_steps(examples.played(3, 5, 1000), 0) if s.pending)
    page = GameReview(growing)
    assert "still looking" in page.children[-1].value and "well played" not in page.children[-1].value
    assert "the advisor has looked at" in page.children[0].value


def test_in_jupyter_a_review_that_fails_says_why_where_it_would_be(monkeypatch):
    def broken(*args, **kwargs):
        yield from ()
        raise RuntimeError("the test games ran out of cards")
    monkeypatch.setattr(rally, "review_steps", broken)
    view = GameView(3, "beach", seed=4, coach=True)
    finish_in_a_loop(view, [])
    assert view.review is None and view.review_box.task is None
    (alert,) = view.review_box.children
    assert "role='alert'" in alert.value and "the test games ran out of cards" in alert.value


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_pass_and_play_in_jupyter_a_review_hidden_while_it_grows_stops_and_the_next_grows_whole():
    view = GameView(3, "beach", seed=4, people=[0, 1], coach=True)

    async def run() -> None:
        while not view.game.is_over:
            if view.viewer is None:
                assert view.reveal()
            if view.game.awaiting_turbo:
                view.choose_turbo(False)
            else:
                view.play_card(view.hand.playable[0])
        assert view.ask_review(0) and view.reveal()
        first = view.review_box.task
        assert first is not None
        await asyncio.sleep(0)
        view.hide()  # Ada is done before her review is: it stops
        assert first.cancelled() or first.cancelling()
        assert view.ask_review(1) and view.reveal()
        await view.review_box.task
    asyncio.run(run())
    assert view.review is not None and view.review.complete and view.review.seat == 1
    assert view.review == rally.review(view.game, 1)


@pytest.mark.slow  # a whole coached game and its review at the shipped settings
def test_in_jupyter_the_reviews_work_is_done_during_the_game(monkeypatch):
    view = GameView(4, "volcano", seed=8, coach=True)

    async def run() -> int:
        made = play_through(view, random.Random(2), decisions=6)
        assert made == 6 and not view.game.is_over and len(view.review_box.ahead) >= 1  # a job a decision, those done dropped
        await asyncio.wrap_future(view.review_box.ahead[-1])  # one thread: the last one done, all are
        return made
    made = asyncio.run(run())

    def nothing_left(*args, **kwargs):
        raise AssertionError("the review had to play test games the game view had not played already")
    monkeypatch.setattr("rally.stich_rallye.advisor._play_options", nothing_left)
    review = rally.review(view.game, 0)  # the game is still running: a review of the decisions so far
    assert len(review.decisions) == made


def test_the_reviews_work_done_ahead_waits_while_a_hint_is_worked_out():
    from widgets.stich_rallye import review_panel
    from rally.stich_rallye.review import look_ahead
    game = Game.new(3, seed=7)
    moment, card = rally.Position.from_game(game), game.legal_actions()[-1]
    look_ahead(moment, card)  # remembered: asked again, it asks whether it may go on at once
    review_panel.HINT_FREE.clear()
    try:
        job = review_panel._worker("ahead").submit(look_ahead, moment, card, review_panel._wait_for_hints)
        with pytest.raises(TimeoutError):
            job.result(timeout=0.3)
    finally:
        review_panel.HINT_FREE.set()
    assert job.result(timeout=30) is None


def test_the_replay_passes_quickly_over_cards_played_and_dwells_on_long_lines(monkeypatch):
    """Playing by itself, the replay shows a card played, a motor wound or the flag passed
    for QUICK_SHARE of PLAY_INTERVAL, and any other step for PLAY_INTERVAL, longer for a
    long line (WORDS_A_STEP words an interval), at most LONGEST_STEP (walk 36: a whole game
    took 6 minutes; walk 38: a trick's 30-word line went by in under 2 seconds)."""
    from rally.stich_rallye.events import CardPlayed, TrickWon

    game = play_out(Game.new(4, "volcano", seed=32), [HeuristicBot()] * 4, random.Random(1))
    panel = GameView(game=game).replay_box
    waits: list[tuple[object, float]] = []

    async def no_wait(seconds: float) -> None:
        waits.append((panel.states[panel.slider.value], seconds))

    monkeypatch.setattr(replay_panel.asyncio, "sleep", no_wait)
    asyncio.run(panel.play_on())
    assert panel.slider.value == len(panel.states) - 1 and len(waits) == len(panel.states) - 1
    interval = replay_panel.PLAY_INTERVAL
    assert {s for state, s in waits if isinstance(state.event, CardPlayed)} == {interval * replay_panel.QUICK_SHARE}
    tricks = [(len(state.text.split()), s) for state, s in waits if isinstance(state.event, TrickWon)]
    assert tricks and all(s == min(replay_panel.LONGEST_STEP, interval * max(1, n / replay_panel.WORDS_A_STEP))
                          for n, s in tricks)
    assert any(s > interval for _n, s in tricks) and max(s for _n, s in tricks) <= replay_panel.LONGEST_STEP
    assert sum(s for _state, s in waits) < 300  # a whole game in under 5 minutes
