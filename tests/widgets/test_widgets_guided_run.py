"""GuidedRun, the guided first game of Rally Run (issue 40), played from Python to its
end: each stop has words and a ring on the board, "Go on" goes on, the board waits
while a tip is up, the learner makes every decision, and the rotation that would trap
the car for good is marked before it is laid (issue 41)."""

from __future__ import annotations

import random

import pytest

import rally
from rally.rally_run import DriveTo, Finish, RallyRunGame, Reveal, Rotate, Swap
from rally.rally_run.game import decision
from rally.rally_run.moments import GUIDED_SEED, KINDS, LEARNER, NUDGES, RandomLearner
from widgets.rally_run.board import RallyRunBoard
from widgets.rally_run.guided_game import GuidedRun


@pytest.fixture(autouse=True)
def english_after_each_test():
    before = rally.set_language("en")
    yield
    rally.set_language(before)


def tap(run: GuidedRun, action) -> bool:
    """The learner's action, done the way the page does it: clicks on the board."""
    board = run.board
    if isinstance(action, Rotate):
        return board.rotate(action.rotation)
    if isinstance(action, (Reveal, DriveTo)):
        return board.click(str(action.cell))
    if isinstance(action, Finish):
        return board.click(board.game.goal(LEARNER).color)
    assert isinstance(action, Swap)
    return board.set_mode("swap") and board.click(str(action.a)) and board.click(str(action.b))


def play_through(run: GuidedRun, rng: random.Random, learner=None):
    """Play ``run`` to its end; returns the stops (moment, words, highlight) and the taps made."""
    learner = learner or RandomLearner()
    stops, taps = [], 0
    for _ in range(2000):
        if run.moment is not None:
            stops.append((run.moment, run.tip_text, list(run.board.highlight)))
            # Nothing to tap but what the tip asks for, and that is marked as the prompt says
            # ("a tile marked reveal").
            marked = {c["cell"] for c in run.board.cells if c["target"]}
            asks = set(run.board.highlight) if run.moment.kind in ("reveal", "back_and_forth") else set()
            assert run.board.paused and marked == asks & {c["cell"] for c in run.board.cells}
            before = len(run.board.game.events)
            elsewhere = next(c["cell"] for c in run.board.cells if c["cell"] not in run.board.highlight)
            assert not run.board.click(elsewhere) and "Go on" in run.board.status  # the board waits
            assert len(run.board.game.events) == before
            assert run.go_on()
            assert run.moment is not None or "Go on" not in run.board.status  # the refusal went with the tip
            continue
        game = run.board.game
        if game.is_over:
            return stops, taps
        assert game.current_player == LEARNER and not run.board.paused  # everyone else has played
        assert tap(run, learner.choose(game, game.legal_actions(), rng))
        taps += 1
    pytest.fail("the guided game did not end")


@pytest.mark.parametrize("k", range(3))
def test_a_guided_game_played_to_its_end(k):
    run = GuidedRun(pace=0)
    stops, taps = play_through(run, random.Random(k))
    game = run.board.game
    kinds = [m.kind for m, _, _ in stops]
    assert kinds[0] == "reveal"  # before the first tap
    if "trap" in kinds:
        assert kinds.index("lay_tile") + 1 == kinds.index("trap")  # the first tile, and its trap
    once = [kind for kind in kinds if kind not in NUDGES]
    assert len(once) == len(set(once)) and set(kinds) <= set(KINDS + NUDGES)
    for moment, words, highlight in stops:
        assert words and highlight, moment  # something said, something pointed at
        # A trap rings the ⚠ choices of how to lay the tile; every other moment its places (the
        # nudge's second time the swap button too).
        again = ["swap"] if moment.kind == "back_and_forth" and moment.fact("again")[1] > 1 else []
        assert highlight == ([f"rotation:{r}" for r in moment.fact("rotations")] if moment.kind == "trap"
                             else again + list(moment.fact("places")))
    # The learner made every decision: each of seat 0's logged choices was a tap here.
    choices = [d for d in map(decision, game.events) if d is not None and d[0] == LEARNER]
    assert len(choices) == taps
    assert run.moment is None and run.tip_text == "" and run.board.highlight == []
    text = " ".join(child.value for child in run.end_box.children[:1])
    assert "The race is over" in text and "The tips in this game" in text
    assert len(run.end_box.children) == 1 + len(run.missing)


def test_a_learner_going_back_and_forth_is_nudged_and_told_the_ways_out():
    for k in range(40):
        run = GuidedRun(pace=0)
        stops, _taps = play_through(run, random.Random(k))
        nudges = [(moment, words, highlight) for moment, words, highlight in stops if moment.kind == "back_and_forth"]
        if nudges:
            break
    else:
        pytest.fail("no learner went back and forth in 40 guided games")
    moment, words, highlight = nudges[0]
    assert words == "Going back and forth? Try another way, or swap two face-down tiles."
    assert highlight == list(moment.fact("places"))  # the tiles the car may turn over
    end = run.end_box.children[0].value
    assert "🔁" in end and "going back and forth" in end  # among the tips met, in words for a screen reader
    # Which ones, folded under one line: each tip met as its picture and its words.
    assert "<summary style='padding:10px 0;cursor:pointer'>Show the list</summary>" in end
    assert "<li>🔁 a way out of going back and forth</li>" in end
    assert "back_and_forth" not in run.missing  # a nudge is never "not in this game"


def test_the_nudges_second_time_rings_the_swap_button_and_a_tap_there_goes_through():
    """The first marked place each turn (the policy harness.guided_text plays) shuttles
    between two tiles: the nudge comes again, names the swap and rings its button; pressing
    it while the tip is up puts the tips away and starts swapping (walk 38)."""
    from harness.guided_text import rr_choice

    run = GuidedRun(pace=0)
    for _step in range(600):
        moment = run.moment
        if moment is not None and moment.kind == "back_and_forth" and moment.fact("again")[1] > 1:
            break
        if moment is not None:
            run.go_on()
        elif run.board.game.is_over:
            pytest.fail("the game ended with no second nudge")
        else:
            how, what = rr_choice(run.board)
            assert run.board.rotate(int(what)) if how == "rotate" else run.board.click(what)
    else:
        pytest.fail("no second nudge in 600 steps")
    assert run.tip_text == "Still going back and forth? Swap two face-down tiles!"
    assert "back and forth" not in run.board.prompt  # the tip says it; the board's line does not say it again
    assert run.board.highlight[0] == "swap" and run.board.highlight[1:] == list(moment.fact("places"))
    assert not run.board.set_mode("move") and run.moment is moment  # not what the tip asks: refused
    assert run.board.set_mode("swap") and run.moment is None and run.board.mode == "swap"


def test_a_tap_that_does_what_the_tip_asks_puts_the_tip_away_and_counts():
    run = GuidedRun(pace=0)
    assert run.moment.kind == "reveal" and run.board.highlight == ["A1"]
    assert run.board.click("A1")  # "Tap a tile next to your car": the child taps it
    assert run.board.game.awaiting_rotation and run.moment.kind == "lay_tile"
    traps = run._queue[0].fact("rotations") if run._queue else ()
    assert traps  # the guided seed's A1 can trap the car: the ⚠ tip waits behind this one
    assert not run.board.rotate(traps[0]) and run.moment.kind == "lay_tile"  # a way the tips warn of: refused
    assert run.board.game.awaiting_rotation and run.board.status == "In this app, the way marked ⚠ traps your car for good. Better choose another way."
    safe = next(r["rotation"] for r in run.board.rotations if r["rotation"] not in traps)
    assert run.board.rotate(safe) and not run.board.game.awaiting_rotation  # the other way: laid
    assert not run.board.game.is_stuck_for_good(LEARNER)


def test_go_on_and_why():
    run = GuidedRun(pace=0)
    assert run.moment.kind == "reveal" and run.board.highlight == ["A1"]
    why = run.why()
    assert "reveal A1" in why and "reveal A1" in run.why_box.value
    run.why()
    assert run.why_box.value == ""  # "Why?" toggles
    assert run.go_on() and not run.board.paused and run.moment is None
    assert not run.go_on()  # no tip up: nothing to go on from
    assert run.board.click("A1")
    assert run.moment.kind == "lay_tile" and run.board.game.awaiting_rotation
    assert "Here these fit: road ↓ ← or road ↑ ←" in run.why()  # the board's own words for each way
    assert run.go_on() and run.moment.kind == "trap"  # the next tip of the same moment
    assert "traps your car for good" in run.tip_text and "stuck" not in run.tip_text
    assert "could never drive on" in run.why()


def test_the_trap_is_marked_on_the_rotation_choice():
    run = GuidedRun(pace=0)
    run.go_on()
    run.board.click("A1")
    marked = {r["rotation"]: r for r in run.board.rotations}
    traps = [r for r, row in marked.items() if row["trap"]]
    assert traps == [3]
    assert marked[3]["text"].startswith("⚠") and "never drive on" in marked[3]["label"]
    assert not marked[2]["text"].startswith("⚠")
    assert "⚠" in run.board.prompt


def test_a_plain_board_marks_the_trap_too():
    board = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "C:NE"}), bots="none")
    board.click("A1")
    assert [r["trap"] for r in board.rotations] == [False, True]
    with rally.language("de"):
        board._refresh()
        assert "Vorsicht" in board.rotations[1]["label"] and "⚠" in board.prompt


def test_laying_the_trap_leaves_the_car_stuck_and_the_game_goes_on():
    run = GuidedRun(pace=0)
    run.go_on()
    run.board.click("A1")
    run.go_on()
    run.go_on()
    assert run.board.rotate(3)
    assert run.board.game.is_stuck_for_good(LEARNER)
    stops, _ = play_through(run, random.Random(5), RandomLearner(1.0))
    assert run.board.game.is_over
    # The end says how to play again with the button lesson 0 shows (the board's own is hidden).
    assert run.board.prompt.endswith("Press “Start this game again ▶” to play again."), run.board.prompt


def test_show_me_a_kind_that_did_not_come_up():
    run = GuidedRun(pace=0)
    assert not run.show_me("drive_to_car")  # a tip is up
    run.go_on()
    assert not run.show_me("chess")
    assert run.show_me("drive_to_car")
    assert run.example is not None and run.moment.kind == "drive_to_car"
    assert "another car's tile" in run.tip_text
    shown = run.example_box.children[-1]
    assert not shown.interactive and shown.highlight == list(run.moment.fact("places"))
    assert "game number" in run.example_box.children[0].value
    assert "to join another car" in run.why()
    assert run.go_on() and run.example is None and run.example_box.children == ()
    assert run.moment is None and run.board.game.turn == 0  # the game itself did not move


def test_german_tips():
    with rally.language("de"):
        run = GuidedRun(pace=0)
        assert run.tip_text == "Tippe auf ein Plättchen neben deinem Auto. Es wird aufgedeckt, und du siehst seine Straße."
        assert run.go_on_button.description == "Weiter ▶"
        assert "A1 aufdecken" in run.why()


def test_computer_players_wait_for_the_pace_in_jupyter():
    """With a running event loop (Jupyter's) and a pace, the computer player's actions come one at a time."""
    import asyncio

    async def main():
        run = GuidedRun(pace=0.01)
        run.go_on()
        run.board.click("A1")
        run.go_on()
        run.go_on()
        run.board.rotate(2)
        while run.moment is not None:
            run.go_on()
        events = len(run.board.game.events)
        for _ in range(200):
            if run.board.game.current_player == LEARNER and not run.board.paused and run.moment is None:
                break
            if run.moment is not None:
                run.go_on()
            await asyncio.sleep(0.02)
        assert len(run.board.game.events) > events
        assert run.board.game.current_player == LEARNER

    asyncio.run(main())


def test_the_guided_seed_is_the_default():
    run = GuidedRun(pace=0)
    assert run.board.game.seed == GUIDED_SEED and run.board.game.players == 2
    assert "Guided Rally Run" in repr(run)


def test_an_example_from_another_game_names_its_players_not_you():
    run = GuidedRun(pace=0)
    while run.moment is not None:
        run.go_on()
    assert run.show_me("finish")
    assert run.tip_text.split()[0] in run.example.names and "You " not in run.tip_text, run.tip_text


def test_the_trap_tip_rings_the_trapping_choice_not_the_cell():
    run = GuidedRun(pace=0)
    run.go_on()
    run.board.click("A1")
    run.go_on()  # the tip of laying the tile; the trap's comes next
    assert run.moment.kind == "trap"
    traps = [r["rotation"] for r in run.board.rotations if r["trap"]]
    assert run.board.highlight == [f"rotation:{r}" for r in traps] == ["rotation:3"]


def test_a_tip_is_brought_into_view_with_its_mark_and_so_is_a_refused_tap():
    run = GuidedRun(pace=0)
    assert run.tip_scroll.requests == 1 and "rally-guided" in run._dom_classes
    assert "rally-guided-tip-box" in run.tip_box._dom_classes
    assert ".rr-highlight" in run.tip_scroll.marks and ".rally-run__rotation.is-pointed" in run.tip_scroll.marks
    assert not run.board.click("B2")  # not what the tip asks: the board waits, the tip comes into view
    assert run.tip_scroll.requests == 2 and "Go on" in run.board.status
    run.go_on()
    run.board.click("A1")
    assert run.tip_scroll.requests == 3  # the next tip


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rotation_choices_say_which_ways_the_road_goes_in_child_words(lang):
    compass = {"en": ("north", "south", "east", "west", "open N", "open S"),
               "de": ("Norden", "Süden", "Osten", "Westen", "offen N", "offen S")}[lang]
    with rally.language(lang):
        board = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "C:NE"}), bots="none")
        board.click("A1")
        rows = board.rotations
        assert rows and all(r["text"].lstrip("⚠ ").split(" ", 1)[1].replace(" ", "") in
                            ("".join(p) for p in __import__("itertools").permutations("↑→↓←", 2)) for r in rows)
        for row in rows:
            assert not any(word in row["text"] + row["label"] for word in compass), row
            ways = {"en": ("up", "down", "left", "right"), "de": ("nach oben", "nach unten", "nach links",
                                                                  "nach rechts")}[lang]
            assert sum(way in row["label"] for way in ways) == 2, row["label"]
        # "click" is a mouse's word: a child taps. The board's words say "choose".
        words = " ".join([board.prompt, *board.labels.values()]).lower()
        assert "click" not in words and "klick" not in words, words


def test_the_boards_words_are_big_enough_to_read_on_a_phone():
    """Every word on the board is drawn at the board's text size (--rr-text, 16 units where
    there is room), which board.js raises on a narrow screen so that it shows 12 px or more:
    the board is T + 570 units wide, so at its narrowest (262 px, text at 28 units) a word
    is 12 px (tests/browser/test_rally_run_phone.py measures the board at 360 px)."""
    import pathlib
    import re

    folder = pathlib.Path(__file__).parents[2] / "widgets/rally_run"
    css = (folder / "board.css").read_text(encoding="utf-8")
    sizes = re.findall(r"\.rally-run \.rr-[\w-]+ \{[^}]*font-size: ([^;]+);", css)
    assert len(sizes) >= 8 and all(size.startswith(("var(--rr-text, 16px)", "calc(var(--rr-text, 16px) +"))
                                   for size in sizes), sizes
    width = int(re.search(r"\.rally-run__board \{[^}]*min-width: (\d+)px", css).group(1))
    js = (folder / "board.js").read_text(encoding="utf-8")
    assert "const S = 80;" in js and "const REST = 6 + 7 * S + 4;" in js and "const TEXT_MAX = 28;" in js
    assert 28 * width / (28 + 570) >= 12
    # On a 360-px phone (a board of 330 px) the text grows to 14 px, within TEXT_MAX.
    assert "const SMALLEST_PX = 14.1;" in js and 14.1 * 570 / (330 - 14.1) <= 28


def test_a_car_stuck_for_good_is_told_so_and_a_new_game_is_offered():
    """Walk 13: laid the way the ⚠ tip warned against, the car could never move again, and
    the race went on for 40 turns with nothing said and no way to start again."""
    from widgets import FirstGame

    first = FirstGame()
    assert first.choose("rally_run")
    run = first.game
    run.pace = 0
    run.go_on()
    run.board.click("A1")
    while run.moment is not None:
        run.go_on()
    assert not run.stuck.came and first.again.layout.display == "none"
    trap = next(r["rotation"] for r in run.board.rotations if r["trap"])
    assert run.board.rotate(trap)
    while run.moment is not None:  # the tips of what happened, then the board goes on
        run.go_on()
    assert run.board.game.is_stuck_for_good(0) and not run.board.game.is_over
    assert run.stuck.came and "stuck for good" in run.end_box.children[0].value
    assert first.again.layout.display is None  # "Start this game again ▶" is there while the race goes on
    assert first.again.description in run.end_box.children[0].value  # the button the words name
    assert first.choose("rally_run") and first.game is not run  # and it starts a new race


def test_a_way_marked_with_a_warning_tapped_while_its_tip_is_up_says_why():
    """Round 32's walk tapped the ⚠ way the tip warned of and read "press Go on first": the
    refusal says what the ⚠ means, and the tile waits to be laid."""
    run = GuidedRun(pace=0)
    rng = random.Random(3)
    for _ in range(400):
        if run.moment is not None and run.moment.kind == "trap":
            break
        if run.moment is not None:
            run.go_on()
        else:
            assert tap(run, RandomLearner().choose(run.board.game, run.board.game.legal_actions(), rng))
    assert run.moment is not None and run.moment.kind == "trap"
    ringed = [int(place.split(":")[1]) for place in run.board.highlight]
    before = len(run.board.game.events)
    assert not run.board.rotate(ringed[0])
    assert run.board.status == "In this app, the way marked ⚠ traps your car for good. Better choose another way."
    assert len(run.board.game.events) == before and run.board.game.awaiting_rotation


def test_a_mark_kept_for_a_tip_goes_when_the_rings_change_while_the_board_waits():
    """The first tip's tile keeps its "reveal" mark; once the rings change while the board
    still waits (a next tip that asks for no tap), that mark goes with them."""
    run = GuidedRun(pace=0)
    assert [c["cell"] for c in run.board.cells if c["target"]] == ["A1"] and run.board.paused
    run.board.highlight = []
    assert run.board.paused and not any(c["target"] for c in run.board.cells)
