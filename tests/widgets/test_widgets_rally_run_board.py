"""RallyRunBoard (widgets/rally_run/board.py) without a browser: clicks are the messages
the page sends, handled by the same Python handler; the synced traits are what the page
draws from. MemoryChart (widgets/rally_run/memory_chart.py) and the memory experiment too."""

from __future__ import annotations

import doctest
import importlib
import json
import random
import re
import shutil
import subprocess

import pytest

import rally
from rally import IllegalAction
from rally.rally_run import (
    COLORS, Cell, StartFinish, NoMemoryBot, PerfectMemoryBot, RallyRunGame, Reveal, Rotate, Swap, TilesSwapped, play_out,
)
from rally.rally_run.simulate import log_lines, memory_win_rates
from widgets import FreePlayBoard, MemoryChart, MemoryExperiment, RallyRunBoard
from widgets.rally_run.board import HERE


def send(board: RallyRunBoard, **message) -> None:
    """What the front end sends (``model.send``), through the widget's own handler."""
    board._on_msg(board, message, [])


def cell(board: RallyRunBoard, name: str) -> dict:
    return next(c for c in board.cells if c["cell"] == name)


def targets(board: RallyRunBoard) -> dict[str, str]:
    marked = {c["cell"]: c["target"] for c in board.cells if c["target"]}
    marked.update({s["color"]: s["target"] for s in board.starts if s["target"]})
    return marked


def public(board: RallyRunBoard) -> dict:
    """Everything synced to the page except the seed."""
    state = board.get_state()
    return {k: v for k, v in state.items() if k not in ("seed", "layout") and not k.startswith("_")}


# ------------------------------------------------------------------- a turn by clicks


def test_a_reveal_then_a_rotation_applies_those_actions():
    board = RallyRunBoard(players=2, seed=6, bots="none")
    reference = RallyRunGame.new(2, seed=6)
    assert targets(board) == {"A1": "reveal"}
    send(board, type="click", place="A1")
    assert board.game.awaiting_rotation and board.game.pending == 0
    assert cell(board, "A1")["pending"] and cell(board, "A1")["state"] == "up"
    reference.apply(Reveal("A1"))
    assert [r["rotation"] for r in board.rotations] == reference.rotations() == [1]
    assert targets(board) == {}  # nothing to click on the board while a tile waits
    send(board, type="rotate", rotation=1)
    reference.apply(Rotate(1))
    assert str(board.game.car_place(0)) == "A1"
    assert board.game.events[:3] == reference.events
    assert board.rotations == []
    assert board.status == "" and board.status_kind == "info"


def test_swap_mode_and_taps_are_refused_while_the_revealed_tile_waits_in_the_boards_words():
    """The engine names the ways to lay a tile as they are typed ("rotate 1"); the board, whose
    ways are buttons ("road →"), says to tap one of them, and nothing changes."""
    board = RallyRunBoard(players=2, seed=6, bots="none")
    send(board, type="click", place="A1")
    assert board.game.move_refusal(0).code == "M3.lay_first"
    assert "rotate" in board.game.why_illegal(Swap("A2", "B1"), 0)  # the engine's words, for typed actions
    events = tuple(board.game.events)
    first_lay = "First lay the tile you turned over: tap one of the buttons below the board."
    assert board.set_mode("swap") is False and board.mode == "move"
    assert (board.status, board.status_kind) == (first_lay, "error")
    for place in ("A1", "B2", "red"):  # the tile itself, another, a start-finish tile
        board.status = ""
        assert board.click(place) is False
        assert (board.status, board.status_kind) == (first_lay, "error")
    assert tuple(board.game.events) == events and board.game.awaiting_rotation
    with rally.language("de"):
        assert board.click("B2") is False and "rotate" not in board.status and "Drehung" not in board.status


def test_every_offered_rotation_is_drawn_with_its_openings():
    game = RallyRunGame.arrange(2, tiles={"A1": "C:WS"})
    board = RallyRunBoard(game, bots="none")
    board.click("A1")
    offered = {r["rotation"]: r for r in board.rotations}
    assert sorted(offered) == game.rotations()
    for r, row in offered.items():
        assert row["kind"] == "C" and "W" in row["openings"] and len(row["openings"]) == 2
        assert row["words"].startswith("a curve open to")
    board.rotate(max(offered))
    assert board.game.tile("A1").openings == tuple(offered[max(offered)]["openings"])


def test_a_swap_of_two_face_down_tiles_by_clicks():
    board = RallyRunBoard(players=2, seed=3, bots="none")
    before = board.game.tiles
    assert "“Swap two tiles”" in board.prompt  # buttons named as they read
    send(board, type="mode", mode="swap")
    assert board.mode == "swap"
    assert board.prompt.endswith(f"press “{board.labels['move_button']}” to go back.")
    assert board.labels["move_button"] == "Reveal / drive" and "Move" not in board.prompt
    assert set(targets(board).values()) == {"swap"} and len(targets(board)) == 24
    send(board, type="click", place="B2")
    assert board.swap_first == "B2" and targets(board)["B2"] == "chosen"
    send(board, type="click", place="D4")
    swaps = [e for e in board.game.events if isinstance(e, TilesSwapped)]
    assert swaps[0].seat == 0 and {swaps[0].a, swaps[0].b} == {6, 18}
    after = board.game.tiles  # Gus may not swap them back (the previous player's pair)
    assert (after[6], after[18]) == (before[18], before[6])
    assert board.mode == "move" and board.swap_first == ""
    assert any(line.startswith("Turn 1: Bo swaps the face-down tiles on B2 and D4") for line in board.log)


def test_the_first_swap_tile_can_be_put_back():
    board = RallyRunBoard(players=2, seed=3, bots="none")
    board.set_mode("swap")
    board.click("C1")
    board.click("C1")
    assert board.swap_first == "" and board.game.turn == 0


def test_the_previous_players_swap_is_marked_and_refused():
    game = RallyRunGame.arrange(2, seed=2, turn=1, last_swap=["B2", "D4"])
    board = RallyRunBoard(game, seat=1, bots="none")
    assert cell(board, "B2")["no_swap"] and cell(board, "D4")["no_swap"] and not cell(board, "C2")["no_swap"]
    board.set_mode("swap")
    assert "B2" not in targets(board) and "C2" in targets(board)
    before = board.game.to_json()
    assert board.click("B2") is False
    assert "just swapped B2 and D4" in board.status and board.status_kind == "error"
    assert board.game.to_json() == before and board.swap_first == ""


# ---------------------------------------------------------------------- refusals


@pytest.mark.parametrize("message, words", [
    ({"type": "click", "place": "C3"}, "C3 is not next to it"),
    ({"type": "click", "place": "Z9"}, "not “Z9”"),
    ({"type": "click", "place": "blue"}, "holds no trophy yet"),
    ({"type": "rotate", "rotation": 1}, "no revealed tile to turn"),
    ({"type": "rotate", "rotation": "x"}, "A rotation is a whole number of quarter turns, not 'x'"),
    ({"type": "mode", "mode": "fly"}, "'move' or 'swap'"),
    ({"type": "dance"}, "does not understand"),
    ({"type": "click"}, "does not understand"),
    ({"type": "new", "seed": "1.5"}, "“1.5” is not a game number: write a whole number like 42."),
    ({"type": "new", "seed": "-3"}, "“-3” is not a game number"),
])
def test_an_illegal_click_changes_nothing_and_says_why(message, words):
    board = RallyRunBoard(players=3, seed=4, bots="perfect")
    before, log = board.game.to_json(), list(board.log)
    send(board, **message)  # never raises into the kernel
    assert words in board.status and board.status_kind == "error"
    assert board.game.to_json() == before and board.log == log


def test_the_engine_reason_is_shown_for_a_wrong_rotation():
    game = RallyRunGame.arrange(2, tiles={"A1": "D:N"})
    board = RallyRunBoard(game, bots="none")
    board.click("A1")
    wrong = next(r for r in range(4) if r not in game.rotations() and r not in [x["rotation"] for x in board.rotations])
    before = board.game.to_json()
    assert board.rotate(wrong) is False
    assert board.status == board.game.why_illegal(Rotate(wrong))
    assert "first move" in board.status and board.game.to_json() == before


def test_a_wrong_finish_tile_names_the_right_one():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "D4"], trophies=["red", None])
    board = RallyRunBoard(game, bots="none")
    assert targets(board)["red"] == "finish"
    assert board.click("green") is False and "your finish is the red start-finish tile" in board.status
    assert board.click("red") is True
    assert board.game.winner == 0 and "Bo won" in repr(board)
    assert board.click("A1") is False and "The game is over" in board.status
    assert board.heading.startswith("Game over") and "wins" in board.prompt


def test_a_board_that_only_shows_refuses_clicks_and_keeps_its_moment():
    game = RallyRunGame.new(2, seed=6)
    board = RallyRunBoard(game, interactive=False)
    assert targets(board) == {}
    game.apply("reveal A1")  # the lesson plays on; the shown moment stays
    assert board.game.turn == 0 and board.game.pending is None
    assert board.click("A1") is False and "cannot be played" in board.status


# --------------------------------------------------------------------- hidden tiles


def test_face_down_tiles_send_nothing_of_the_hidden_layout():
    board = RallyRunBoard(players=2, seed=6, bots="none")
    board.click("A1")
    board.rotate(board.rotations[0]["rotation"])
    for row in board.cells:
        if row["state"] == "down":
            assert set(row) == {"cell", "row", "col", "target", "no_swap", "pending", "state", "label"}
            assert "tile" not in row and "kind" not in row and "openings" not in row
    face_up = {row["cell"] for row in board.cells if row["state"] == "up"}
    under_cars = {str(p) for p in board.game.cars if not isinstance(p, StartFinish)} - {"C3"}
    assert face_up == under_cars and "A1" in face_up  # exactly the road tiles under cars


def test_the_page_state_is_the_same_whatever_lies_face_down():
    """Two games with the same public history but different hidden layouts look the
    same to the page: nothing of the hidden tiles is synced."""
    a = RallyRunGame.arrange(2, tiles={"A1": "S:EW", "E5": "S:EW"}, seed=11)
    b = RallyRunGame.arrange(2, tiles={"A1": "S:EW", "E5": "S:EW"}, seed=12)
    assert a.tiles != b.tiles
    boards = [RallyRunBoard(g, bots="none", rng=random.Random(0)) for g in (a, b)]
    for board in boards:
        board.click("A1")
        board.rotate(1)
        board.set_mode("swap")
        board.click("C2")
    assert boards[0].game.tiles != boards[1].game.tiles
    assert sum(row["state"] == "down" for row in boards[0].cells) >= 21
    assert json.dumps(public(boards[0])) == json.dumps(public(boards[1]))


# ------------------------------------------------------------------------ the bots


def test_the_bots_move_after_the_human_and_the_log_says_what_they_did():
    board = RallyRunBoard(players=3, seed=8, bots=["perfect", "forgetful:3"])
    assert board.game.current_player == 0 and board.game.turn == 0
    board.click("A1")
    board.rotate(board.rotations[0]["rotation"])
    game = board.game
    assert game.current_player == 0 and game.turn == 3  # Ed and Gus have had their turns
    assert board.log == log_lines(game.events, game.names)
    assert any(line.startswith("Turn 2: Ed ") for line in board.log)
    assert any(line.startswith("Turn 3: Gus ") for line in board.log)
    assert [type(b).__name__ if b else None for b in board.bots] == [None, "PerfectMemoryBot", "ForgetfulBot"]


def test_bots_that_play_first_act_before_the_human():
    board = RallyRunBoard(players=3, seat=2, seed=5, bots="none")
    assert board.game.turn == 2 and board.game.current_player == 2
    assert board.players_info[2]["you"] and board.players_info[2]["current"]


def play_by_clicks(view: RallyRunBoard, seat: int, bot) -> None:
    """``seat``'s turn played through the widget's clicks, as ``bot`` would choose it."""
    game = view.game
    action = bot.choose(game.observation(seat), game.legal_actions(), view.rng)
    if isinstance(action, Swap):
        view.set_mode("swap")
        assert view.click(str(action.a)) and view.click(str(action.b))
    elif isinstance(action, Rotate):
        assert view.rotate(action.rotation)
    elif str(action) == "finish":
        assert view.click(game.goal(seat).color)
    else:
        assert targets(view)[str(action.cell)] in ("reveal", "drive")
        assert view.click(str(action.cell))


def test_a_whole_game_through_clicks_matches_the_engine_alone():
    """The human's seat played by a bot through the widget's clicks gives the very
    game the engine plays with the same bots and choices."""
    seed = 9
    view = RallyRunBoard(players=2, seed=seed, bots=[NoMemoryBot()], rng=random.Random(seed))
    me = PerfectMemoryBot()
    while not view.game.is_over:
        assert not view.over  # the page shows the move and swap buttons while there is a choice
        play_by_clicks(view, 0, me)
        assert view.status_kind == "info"
    assert view.over  # and hides them once the game is over
    assert view.prompt.startswith(view.game.events[-1].describe(view.game.names))
    assert view.prompt.endswith("Press “New game” to play again.")  # the player is told how they did
    reference = play_out(RallyRunGame.new(2, seed=seed), [PerfectMemoryBot(), NoMemoryBot()], random.Random(seed))
    assert view.game.events == reference.events


def test_people_play_together_at_one_board_and_the_computer_plays_the_rest():
    """Pass-and-play: Bo and Gus are people, Ed and Cy computer players. The board follows
    whoever's turn it is, says it by name and car, and a person is never played for."""
    view = RallyRunBoard(players=4, seed=12, people=[0, 2], bots=["perfect", "forgetful:3"], rng=random.Random(12))
    assert view.bots[0] is None and view.bots[2] is None and view.bots[1] is not None and view.bots[3] is not None
    people = {0: PerfectMemoryBot(), 2: NoMemoryBot()}
    turns_of = {0: 0, 2: 0}
    while not view.game.is_over:
        seat = view.game.current_player
        assert seat in people and view.human == seat  # the game waits only for people
        name, color = view.game.names[seat], view.game.start_colors[seat]
        assert view.heading.startswith(f"Your turn, {name} ({color} car)")
        assert [p["name"] for p in view.players_info if p["you"]] == [name]
        before = len(view.game.events)
        play_by_clicks(view, seat, people[seat])
        assert view.status_kind == "info" and len(view.game.events) > before
        turns_of[seat] += 1
        if not view.game.is_over and view.game.current_player != seat:
            nxt = view.game.current_player
            nxt_color = view.game.start_colors[nxt]
            assert view.status == f"{view.game.names[nxt]}'s turn now: the {nxt_color} car."
    assert turns_of[0] > 3 and turns_of[2] > 3
    assert view.prompt == view.game.events[-1].describe(view.game.names)  # no "you" among people sharing
    seats = {e.seat for e in view.game.events if hasattr(e, "seat")}
    assert {1, 3} <= seats  # the computer players played their own turns


def test_a_person_cannot_act_in_another_persons_turn_through_the_engine():
    view = RallyRunBoard(players=2, seed=3, people=[0, 1], bots="perfect")
    assert view.bots == [None, None]
    first = view.game.current_player
    other = 1 - first
    action = view.game.legal_actions()[0]
    before = view.game.clone()
    with pytest.raises(IllegalAction):
        view.game.apply(action, other)
    assert view.game == before


def test_the_peoples_seats_are_checked():
    from rally import SetupError

    assert RallyRunBoard(people=[0, 2], bots=["perfect"]).game.players == 3  # two people, one computer
    board = RallyRunBoard(players=2, seed=3)
    before = board.game.clone()
    send(board, type=["click"], place="A1")
    assert board.status_kind == "error" and "does not understand" in board.status and board.game == before

    for people in ([0, 0], [0, 4], "0,1", []):
        with pytest.raises(SetupError, match="The people's seats are a list of different seats from 0 to 3"):
            RallyRunBoard(players=4, people=people)
    with pytest.raises(SetupError, match=r"The seat shown first, 0, must be one of the people's seats, \[1\]"):
        RallyRunBoard(players=4, people=[1])
    with pytest.raises(SetupError, match=r"a list of 4 bots \(one per seat\) or of 2 \(one per computer player\)"):
        RallyRunBoard(players=4, people=[0, 1], bots=["perfect"])


def test_new_game_deals_from_the_seed_with_fresh_bots():
    board = RallyRunBoard(players=2, seed=1, bots="perfect")
    board.click("A1")
    old_bot = board.bots[1]
    send(board, type="new", seed=7)
    assert board.game == RallyRunGame.new(2, seed=7) and board.seed == 7 and board.log == []
    # A new bot: nothing remembered of the last game's tiles.
    assert isinstance(board.bots[1], PerfectMemoryBot) and board.bots[1] is not old_bot
    send(board, type="new", seed="")
    assert board.game.seed == 8


def test_a_failing_bot_stops_the_game_where_it_is_and_says_so():
    class Broken:
        def choose(self, observation, actions, rng):
            return "finish"  # not allowed: Gus holds no trophy

    board = RallyRunBoard(players=2, seed=1, bots=[Broken()])
    board.click("A1")
    board.rotate(board.rotations[0]["rotation"])
    # Bo's move stands and is shown; the failure is named where the learner looks.
    assert str(board.game.car_place(0)) == "A1" and board.log[-1] == "Turn 1: Bo drives from the red start-finish tile to A1."
    assert board.status_kind == "error" and board.status.startswith("Gus's computer player failed (")
    assert "IllegalAction" not in board.status  # a class name is no word for a child (round 24)
    assert "Press New game" in board.status
    assert board.click("B1") is False and board.status == "It is Gus's turn."
    send(board, type="new", seed=2)
    assert board.game.turn == 0 and board.status == ""


def test_bad_set_ups_are_refused_with_a_typed_error():
    from rally import SetupError

    with pytest.raises(SetupError, match="or of 3 \\(one per computer player\\)"):
        RallyRunBoard(players=4, bots=["perfect"])
    with pytest.raises(SetupError, match="Each computer player must be a bot with a choose method"):
        RallyRunBoard(players=2, bots=[None])
    with pytest.raises(SetupError, match="A bot must be perfect, forgetful:K"):
        RallyRunBoard(players=2, bots="genius")
    with pytest.raises(SetupError, match="seat from 0 to 1"):
        RallyRunBoard(players=2, seat=2)


# ---------------------------------------------------------------------- what it shows


@pytest.mark.parametrize("name", ["rally_run.board", "rally_run.memory_chart", "rally_run.free_play"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(f"widgets.{name}"), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_color_has_a_letter_and_a_word():
    board = RallyRunBoard(players=4, seed=0, bots="none")
    assert [(s["color"], s["letter"]) for s in board.starts] == [(c, c[0].upper()) for c in COLORS]
    assert all(s["color"] in s["label"] for s in board.starts)
    for info in board.players_info:
        assert info["letter"] == info["color"][0].upper() and info["label"] == info["name"][0]
    assert len({c["shape"] for c in board.cars}) == 4  # a distinct shape per car
    game = RallyRunGame.arrange(4, cars=["C3", "C3", "C3", "B2"], trophies=["green", "red", "yellow", None])
    shown = RallyRunBoard(game, interactive=False)
    assert [(p["trophy"], p["trophy_letter"]) for p in shown.players_info] == [
        ("green", "G"), ("red", "R"), ("yellow", "Y"), ("", "")]


def test_cars_sharing_a_tile_and_the_pit_stop_are_all_shown():
    # Ed entered the pit stop, so he took a trophy too (M4).
    game = RallyRunGame.arrange(4, tiles={"B3": "X:NESW"}, cars=["C3", "C3", "B3", "B3"],
                                trophies=["red", "blue", None, None])
    board = RallyRunBoard(game, interactive=False)
    assert [c["place"] for c in board.cars] == ["C3", "C3", "B3", "B3"]
    assert len({(c["place"], c["seat"]) for c in board.cars}) == 4
    assert cell(board, "C3")["state"] == "pit" and board.trophies_left == 2
    assert "2 trophies left" in cell(board, "C3")["label"]
    assert cell(board, "B3")["tile"] == "X:NESW"
    emptied = RallyRunBoard(RallyRunGame.arrange(2, cars=["C3", "C3"], trophies=["red", "green"]), interactive=False)
    assert cell(emptied, "C3")["label"].startswith("C3: the pit stop, no trophies left;")  # not "0 trophies"
    with rally.language("de"):
        emptied = RallyRunBoard(RallyRunGame.arrange(2, cars=["C3", "C3"], trophies=["red", "green"]), interactive=False)
    assert cell(emptied, "C3")["label"].startswith("C3: die Boxengasse, keine Kanister-Plättchen mehr;")


def test_repr_is_stable_and_names_the_moment():
    a, b = RallyRunBoard(players=3, seed=2), RallyRunBoard(players=3, seed=2)
    assert repr(a) == repr(b)
    assert not re.search(r"0x[0-9a-f]{6,}", repr(a))
    assert repr(a).startswith("Rally Run as Bo sees it, seed 2, turn 1: Bo to move. Cars: Bo on the red ")
    bundle = a._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(a)


@pytest.mark.parametrize("widget, name, kinds", [
    (RallyRunBoard, "board", ("click", "rotate", "mode", "new")),
    (FreePlayBoard, "free_play", ("click", "piece", "car", "mode", "round")),
])
def test_front_end_files_are_loaded_and_the_module_parses(tmp_path, widget, name, kinds):
    text = (HERE / f"{name}.js").read_text(encoding="utf-8")
    assert str(widget._esm) == text and "export default { render }" in text
    assert (HERE / f"{name}.css").read_text(encoding="utf-8") in str(widget._css)
    for kind in kinds:
        assert f'type: "{kind}"' in text  # every message the handler understands is sent
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the module was only read")
    copy = tmp_path / f"{name}.mjs"
    copy.write_text(text, encoding="utf-8")
    result = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# -------------------------------------------------------------------- the memory chart


def test_memory_chart_draws_each_row_with_its_interval():
    result = memory_win_rates([0, 3, None], games=30, seed=2)
    chart = MemoryChart(result)
    bar = chart.plot.data[0]
    assert list(bar.x) == ["none", "3 turns", "perfect"]
    for row, y, plus, minus in zip(result.rows, bar.y, bar.error_y.array, bar.error_y.arrayminus):
        assert y == pytest.approx(100 * row.rate)
        assert y + plus == pytest.approx(100 * row.interval[1]) and y - minus == pytest.approx(100 * row.interval[0])
    assert chart.plot.layout.shapes[0].y0 == pytest.approx(50)
    assert repr(chart).startswith("A chart of how often a computer player wins with each memory, 30 games each "
                                  "against a computer player with no memory: none ")
    # The fair share's label stands beside the plot (paper x beyond 1), at the line's height,
    # so it can never sit on a bar or on a bar's figure.
    label = next(a for a in chart.plot.layout.annotations if a.text.startswith("fair share"))
    assert label.xref == "paper" and label.x > 1 and label.xanchor == "left" and label.y == pytest.approx(50)
    assert chart.plot.layout.margin.r >= 90


def test_on_a_phone_the_memory_chart_takes_the_width_and_keeps_its_words_whole():
    chart = MemoryChart(memory_win_rates([0, 3, None], games=30, seed=2))
    chart.fit_room(360)  # the page's room on a phone: laid out 360 px wide, not scaled to half
    layout = chart.plot.layout
    assert layout.width == 360 and chart.probe.width == 360
    assert layout.margin.r <= 10 and not layout.annotations[0].visible  # no room beside the plot
    assert layout.title.text.endswith("<br>- - - fair share 50%")  # the fair share named under the title
    assert all(len(line) <= 45 for line in layout.title.text.split("<br>") + layout.xaxis.title.text.split("<br>"))
    assert layout.height > 340  # the margins grew; the bars keep their height
    chart.fit_room(1200)  # a laptop: as made
    assert (layout.width, layout.height, layout.margin.r) == (620, 340, 100) and layout.annotations[0].visible
    assert "<br>" not in layout.title.text + layout.xaxis.title.text


def test_the_memory_experiment_runs_only_when_asked_and_then_shows_its_result():
    experiment = MemoryExperiment([0, None], games=6, seed=2)
    assert experiment.result is None and len(experiment.children) == 3  # a button and words, nothing run
    assert "Press the button to play 12 games. It takes a few seconds." in experiment.status.value
    assert "It takes up to half a minute." in MemoryExperiment().status.value  # lesson 9's 2100 games
    experiment.run_button.click()
    assert experiment.result == memory_win_rates([0, None], games=6, seed=2)
    assert isinstance(experiment.children[-2], MemoryChart) and "perfect" in experiment.table.value
    # The table in the page's own font, large enough to read: no typewriter font at 12 px.
    assert "<table" in experiment.table.value and "font-size:14px" in experiment.table.value
    assert "<pre" not in experiment.table.value and "monospace" not in experiment.table.value
    assert experiment.children[-1] is experiment.conclusion
    assert "Done." in experiment.status.value and not experiment.run_button.disabled
    # A child's experiment (lesson 9) draws no intervals; the grown-ups' guide asks for them.
    bars = experiment.children[-2].plot.data[0]
    assert bars.error_y.visible is False and bars.hoverinfo == "skip" and "interval" not in experiment.table.value
    grown_ups = MemoryExperiment([0, None], games=6, seed=2, intervals=True)
    grown_ups.run()
    assert grown_ups.children[-2].plot.data[0].error_y.visible is True and "interval" in grown_ups.table.value


def test_the_memory_experiment_says_done_only_once_its_table_and_chart_are_shown():
    """Issue 41's walk: lesson 9 said "Done" some 7 s before its table showed (the chart,
    made after "Done", imports Plotly). When "Done" is sent, the table, the chart and the
    conclusion are already among the widget's children; until then the games' line stays."""
    experiment = MemoryExperiment([0, None], games=6, seed=2)
    seen = []

    def said(change):
        shown = experiment.children
        seen.append(("Done." in change["new"], experiment.table in shown and "<table" in experiment.table.value,
                     any(isinstance(c, MemoryChart) for c in shown), experiment.conclusion in shown))

    experiment.status.observe(said, names="value")
    experiment.run()
    assert seen[-1] == (True, True, True, True), seen
    assert [s for s in seen if s[0]] == [seen[-1]], seen  # "Done" said once, last


def test_the_memory_experiment_shows_its_progress_and_concludes_only_once_run():
    """Issue 41: lesson 9's experiment showed no progress while it ran, and its conclusion
    stood in the lesson before any game was played."""
    experiment = MemoryExperiment([0, 1, 2, None], games=30, seed=0)
    assert experiment.conclusion.value == "" and experiment.conclusion not in experiment.children
    seen = []
    experiment.progress.observe(lambda change: seen.append((experiment.progress_text.value,
                                                            experiment.progress in _shown(experiment))),
                                names="value")
    experiment.run()
    assert len(seen) > 10 and all(shown for _text, shown in seen)  # counted while the games are played
    assert experiment.progress.value == 120 and experiment.progress_text.value == "120 of 120 games played"
    rows = {row.turns: row for row in experiment.result.rows}
    assert experiment.conclusion in experiment.children
    assert f"With a perfect memory, it won {round(100 * rows[None].rate)}%." in experiment.conclusion.value
    assert (f"With no memory, the computer player won {round(100 * rows[0].rate)}% of its games."
            in experiment.conclusion.value)
    with rally.language("de"):
        german = MemoryExperiment([0, None], games=4, seed=1)
        german.run()
    assert "Mit perfektem Gedächtnis" in german.conclusion.value and german.progress_text.value == "8 von 8 Spielen gespielt"


def _shown(box) -> list:
    """Every widget under ``box``'s children, at any depth."""
    out = []
    for child in box.children:
        out.append(child)
        out.extend(_shown(child) if hasattr(child, "children") else [])
    return out


def test_the_memory_experiment_refuses_bad_settings_when_made():
    with pytest.raises(ValueError):
        MemoryExperiment([0, None], opponents=["nobody"], games=6)


def test_memory_chart_draws_no_fair_share_against_unlike_opponents():
    chart = MemoryChart(memory_win_rates([0, None], opponents=["none", "perfect"], games=3, seed=2))
    assert chart.plot.layout.shapes == () and not any("fair share" in a.text for a in chart.plot.layout.annotations)
    assert len(chart.plot.data[0].x) == 2


def test_the_memory_table_shows_intervals_only_to_grown_ups():
    from widgets.rally_run.memory_chart import MemoryExperiment, result_table

    result = memory_win_rates([0, None], games=12, seed=3)
    child, grown_up = result_table(result, intervals=False), result_table(result)
    assert "interval" not in child and child.count("<th scope") == 3
    assert "95% interval" in grown_up and grown_up.count("<th scope") == 4
    for row in result.rows:  # the same rows either way, each with its wins and its rate
        assert f">{row.wins}</td>" in child and f">{row.wins}</td>" in grown_up
    lesson = MemoryExperiment([0, None], games=12, seed=3)
    lesson.run()
    assert "interval" not in lesson.table.value
    guide = MemoryExperiment([0, None], games=12, seed=3, intervals=True)
    guide.run()
    assert "95% interval" in guide.table.value


def test_the_computer_players_last_turn_is_ringed_on_the_board():
    """A computer player moves in an instant: the places its turn touched are ringed (the
    highlight the page draws) until the person acts; a person's own move rings nothing."""
    board = RallyRunBoard(players=2, seed=7, names=["Bo", "Gus"], bots=["forgetful:3"])
    assert board.highlight == []  # Bo begins: nobody has moved yet
    assert board.click("A1") and board.highlight == []  # Bo's tile waits to be laid: no computer turn yet
    before = len(board.game.events)
    assert board.rotate(board.rotations[0]["rotation"])
    gus = [e for e in board.game.events[before:] if getattr(e, "seat", None) == 1]
    assert gus and board.highlight  # Gus has played his turn
    cells = {str(Cell.of(i)) for e in gus for i in (getattr(e, "cell", None), getattr(e, "end", None),
                                                      getattr(e, "a", None), getattr(e, "b", None))
             if isinstance(i, int) and i < 25}
    assert set(board.highlight) <= cells | set(COLORS) and set(board.highlight) & cells
    assert "A1" not in board.highlight  # Bo's own move is not ringed


def test_people_sharing_the_screen_are_not_each_called_you():
    shared = RallyRunBoard(players=3, seed=8, names=["Bo", "Ed", "Gus"], people=[0, 1], bots=["perfect"])
    assert not any("(you)" in p["text"] for p in shared.players_info)
    alone = RallyRunBoard(players=2, seed=7, names=["Bo", "Gus"], bots=["forgetful:3"])
    assert [p["text"].split(":")[0] for p in alone.players_info] == ["Bo (you)", "Gus"]


def test_a_turn_with_only_swaps_left_says_so_instead_of_asking_for_a_tile():
    """Round 26's walk: a car whose roads lead off the board and back to its start has no
    tile to tap; the prompt must not ask for one (a child thinks the board froze)."""
    # Bo's dead end faces Gus's tile, which does not open back; Gus may drive on later.
    blocked = RallyRunGame.arrange(2, tiles={"B2": "D:N", "B1": "S:EW"}, cars=["B2", "B1"])
    assert not blocked.can_move(0) and not blocked.is_stuck_for_good(0)
    board = RallyRunBoard(blocked, bots="none")
    assert board.prompt == "No road leads on from here. Press “Swap two tiles” and swap two face-down tiles."
    assert set(targets(board).values()) <= {"swap"}  # nothing to reveal or drive onto
    # A car stuck for good is told so (walk 77): swapping can never free it.
    stuck = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "C:NW"}, cars=["A1", "green"]), bots="none")
    assert stuck.prompt.startswith("In this app, your car is stuck for good")
    free = RallyRunBoard(players=2, seed=3, bots="none")
    assert free.game.can_move(0) and free.prompt.startswith("Choose a tile marked reveal or drive")


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_the_end_the_player_hears_how_far_their_car_got(language):
    """Lesson 8's game ended with the winner alone after 64 turns (round 31's walk): the
    player who lost is told where their car stands and whether it holds a trophy; the winner
    that they won; both how to play again."""
    endings = {}
    with rally.language(language):
        for seed in range(40):
            view = RallyRunBoard(players=2, seed=seed, bots=["perfect"], rng=random.Random(seed))
            me, rng = PerfectMemoryBot() if seed % 2 else NoMemoryBot(), random.Random(seed)
            while not view.game.is_over:
                play_by_clicks(view, 0, me)
            obs = view.game.observation(0)
            won = view.game.winner == 0
            kind = "won" if won else ("trophy" if obs.held[0] else "none")
            endings.setdefault(kind, (view.prompt, obs))
            if len(endings) == 3:
                break
        new = "Neues Spiel" if language == "de" else "New game"
        for kind, (prompt, obs) in endings.items():
            assert new in prompt, prompt
            if kind == "won":
                assert ("gewonnen" if language == "de" else "You win!") in prompt
            elif kind == "trophy":
                assert ("Kanister-Plättchen: " if language == "de" else "trophy: ") in prompt
            else:
                assert ("noch kein Kanister-Plättchen" if language == "de" else "no trophy yet") in prompt
    assert set(endings) == {"won", "trophy", "none"}


def test_the_heading_counts_down_the_last_turns_before_the_limit():
    """A game that stops at its turn limit says so before it comes (lesson 0's walk: the first
    game stopped with no warning): from TURNS_WARNED turns left, each of the player's turns
    says how many remain, this one included."""
    from rally.rally_run import RallyRunGame
    from widgets.rally_run.board_words import TURNS_WARNED

    board = RallyRunBoard(RallyRunGame.new(2, seed=3, max_turns=2 * TURNS_WARNED + 4), bots=["none"])
    told = []
    rng = random.Random(2)
    while not board.game.is_over:  # a learner's turn by taps: a marked place, else a swap
        told.append(board.heading)
        marked = [place for place, what in targets(board).items() if what in ("reveal", "drive", "finish")]
        if marked:
            board.click(rng.choice(marked))
            if board.rotations:
                board.rotate(rng.choice([r["rotation"] for r in board.rotations]))
        else:
            board.set_mode("swap")
            first, second = rng.sample(sorted(targets(board)), 2)
            board.click(first), board.click(second)
    counts = [int(m.group(1)) if (m := re.search(r"Only (\d+) turns? left", h)) else None for h in told]
    assert counts[:2] == [None, None] and counts[2:] == list(range(TURNS_WARNED, 0, -1)), counts


def test_a_car_stuck_for_good_is_told_so_not_sent_to_swap():
    """Walk 77: after a ⚠ way on a first move (a curve on A1 open to the edge), every turn said "No road leads on
    from here. Press 'Swap two tiles'", which can never free the car."""
    game = RallyRunGame.arrange(2, tiles={"A1": "C:NE"})
    board = RallyRunBoard(game, bots=["forgetful:3"])
    board.click("A1")
    trap = next(r["rotation"] for r in board.rotations if r["trap"])
    board.rotate(trap)
    assert board.game.current_player == 0 and board.game.is_stuck_for_good(0)
    assert "your car is stuck for good" in board.prompt and "New game" in board.prompt
    free = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "C:NE"}), bots=["forgetful:3"])
    free.click("A1")
    free.rotate(next(r["rotation"] for r in free.rotations if not r["trap"]))
    assert free.game.current_player == 0 and "stuck for good" not in free.prompt


def test_a_tile_waiting_to_be_laid_is_drawn_only_as_it_may_lie():
    """Walk 77: lesson 7's dead end on A1 came up open to the north, off the board, and the
    board drew it so while it waited, a way no rule allows and the choices never offered."""
    board = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "D:N"}), bots="none")
    came_up = board.game.tile(Cell.parse("A1")).openings
    board.click("A1")
    drawn = cell(board, "A1")
    offered = {tuple(r["openings"]): r["trap"] for r in board.rotations}
    assert drawn["pending"] and tuple(came_up) not in offered
    assert offered.get(tuple(drawn["openings"])) is False  # an offered way, and not the trap
    last = board.rotations[-1]
    board.rotate(last["rotation"])
    assert cell(board, "A1")["openings"] == last["openings"] and not cell(board, "A1")["pending"]


def test_a_car_stuck_for_good_is_sent_to_the_button_the_page_shows():
    """Walk 78: lesson 0's guided game hides "New game" and plays again with its own button,
    but the stuck car's line still said to press "New game"."""
    board = RallyRunBoard(RallyRunGame.arrange(2, tiles={"A1": "C:NE"}), bots=["forgetful:3"])
    board.again_words = "Start this game again ▶"
    board.click("A1")
    board.rotate(next(r["rotation"] for r in board.rotations if r["trap"]))
    assert board.game.is_stuck_for_good(0)
    assert "“Start this game again ▶”" in board.prompt and "New game" not in board.prompt


def test_a_car_going_back_and_forth_in_a_free_game_is_nudged_to_swap():
    """Walk 78: lesson 8's game 7 shuts Bo in four tiles; a child who kept driving went to
    and fro for 36 turns while the line above the board kept asking for a tile to reveal."""
    board = RallyRunBoard(players=2, seed=7, names=["Bo", "Gus"], bots=["forgetful:3"])
    said = []
    while not said or not said[-1].startswith("🔁 Still going back and forth?"):
        game = board.game
        assert not game.is_over, said
        if game.awaiting_rotation:
            assert board.rotate(board.rotations[0]["rotation"])
        else:
            first = next(place for place, what in targets(board).items() if what in ("reveal", "drive"))
            assert board.click(first)
        said.append(board.prompt)
    nudged = [i for i, line in enumerate(said) if line.startswith("🔁 Going back and forth? Try another way, or swap")]
    assert nudged and all("back and forth" not in line for line in said[:nudged[0]])
    assert said[-1].startswith("🔁 Still going back and forth? Swap two face-down tiles!")
    assert board.set_mode("swap") and "back and forth" not in board.prompt  # swapping now: the line says how
    # Walk 79: the nudge stayed after the child swapped as told. It goes, and comes back only
    # if the car goes back and forth again as long.
    down = [place for place, what in targets(board).items() if what == "swap"]
    assert board.click(down[0]) and board.click(down[1])
    assert board.game.current_player == 0 and not board.game.is_over
    assert board.mode == "move" and "back and forth" not in board.prompt
