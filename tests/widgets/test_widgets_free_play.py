"""FreePlayBoard (widgets/rally_run/free_play.py) without a browser: clicks are the messages
the page sends, through the widget's own handler; the synced traits are what the page draws.
The rules are the engine's (tests/engine/test_rally_run_free_play.py); here: that the clicks reach
them, that what the page draws is what the engine says, and that a refusal changes nothing."""

from __future__ import annotations

import pytest

from rally import set_language
from widgets import FreePlayBoard

#: The ring round B2 on a 3 x 3 grid, as clicks: (piece, square, extra quarter turns).
RING_CLICKS = [("curve", "A1", 1), ("curve", "C1", 2), ("curve", "C3", 3), ("curve", "A3", 0),
               ("straight", "B1", 1), ("straight", "C2", 0), ("straight", "B3", 1), ("straight", "A2", 0)]


def send(board: FreePlayBoard, **message) -> None:
    board._on_msg(board, message, [])


def square(board: FreePlayBoard, name: str) -> dict:
    return next(s for s in board.squares if s["square"] == name)


def build_ring() -> FreePlayBoard:
    board = FreePlayBoard(rows=3, cols=3)
    for piece, where, turns in RING_CLICKS:
        send(board, type="piece", name=piece)
        for _ in range(1 + turns):  # the first click lays it, each other one turns it
            send(board, type="click", square=where)
        assert board.status_kind == "info", board.status
    return board


def test_a_circuit_built_by_clicks_is_recognised_and_a_car_drives_round_it():
    board = build_ring()
    assert board.laid() == {"A1": "C:ES", "B1": "S:EW", "C1": "C:SW", "A2": "S:NS", "C2": "S:NS",
                            "A3": "C:NE", "B3": "S:EW", "C3": "C:NW"}
    assert board.verdict == "A closed circuit: 8 tiles, no road broken."
    assert all(not s["broken"] for s in board.squares)
    send(board, type="car", color="red")
    send(board, type="click", square="B1")
    assert board.status == "The red car is on B1." and square(board, "B1")["cars"][0]["letter"] == "red"
    send(board, type="round")
    assert board.route[0] == board.route[-1] == "B1" and len(board.route) == 9
    assert board.driver == "red"  # the car the page moves along the route
    assert board.status.startswith("The red car drove round: B1 → C1 → C2") and "8 squares" in board.status


def test_a_car_drives_tile_by_tile_by_clicks_and_not_across_a_gap():
    board = build_ring()
    send(board, type="car", color="blue")
    send(board, type="click", square="A1")
    send(board, type="click", square="B1")
    assert board.status == "The blue car drives east to B1." and board.play.cars == {"blue": "B1"}
    send(board, type="click", square="B2")
    assert board.status_kind == "error" and "No road leads from B1 to B2" in board.status
    assert board.play.cars == {"blue": "B1"}


def test_a_broken_road_is_drawn_with_a_mark_and_named():
    board = FreePlayBoard(rows=2, cols=2)
    send(board, type="piece", name="straight")
    send(board, type="click", square="A1")
    assert square(board, "A1")["broken"] == ["N", "S"]
    assert "road broken toward north and south" in square(board, "A1")["label"]
    assert board.verdict.startswith("The road is broken in 2 places")


def test_the_box_counts_down_and_a_piece_none_left_of_is_refused():
    board = FreePlayBoard(rows=3, cols=3)
    send(board, type="piece", name="pit stop")
    send(board, type="click", square="B2")
    assert next(p for p in board.pieces if p["code"] == "P")["left"] == 0
    assert board.chosen_piece == ""  # none left to lay: the choice is put down
    send(board, type="piece", name="pit stop")
    assert board.status_kind == "error" and board.status == "None of the pit stop is left in the box."


def test_take_back_and_a_tile_under_a_car_stays():
    board = build_ring()
    send(board, type="car", color="green")
    send(board, type="click", square="A2")
    send(board, type="car", color="green")  # put the choice down
    send(board, type="mode", mode="lift")
    send(board, type="click", square="A2")
    assert board.status_kind == "error" and "The green car stands on A2" in board.status and "A2" in board.laid()
    send(board, type="mode", mode="lift")
    send(board, type="click", square="B1")
    assert "B1" not in board.laid() and board.status == "A straight taken back from B1."
    assert board.verdict.startswith("The road is broken")


@pytest.mark.parametrize("message, words", [
    ({"type": "click", "square": "Z9"}, "A square must be a column A-C and a row 1-3"),
    ({"type": "piece", "name": "bend"}, "A piece must be a road tile"),
    ({"type": "car", "color": "purple"}, "A car's color is one of red, blue, green, yellow"),
    ({"type": "mode", "mode": "fly"}, "The mode is 'lay' or 'lift'"),
    ({"type": "click"}, "The page sent a message the board does not understand"),
    ({"type": ["click"], "square": "A1"}, "The page sent a message the board does not understand"),
    ({"type": "click", "square": "C3"}, "Choose a piece of the box first"),
])
def test_bad_clicks_are_refused_where_the_learner_looks_and_change_nothing(message, words):
    board = FreePlayBoard(rows=3, cols=3)
    send(board, type="piece", name="curve")
    send(board, type="click", square="A1")
    board.chosen_piece = ""
    before = (board.laid(), board.play.cars, board.squares)
    send(board, **message)
    assert board.status_kind == "error" and words in board.status
    assert (board.laid(), board.play.cars, board.squares) == before


def test_driving_round_with_no_car_or_on_a_broken_road_is_refused():
    board = FreePlayBoard(rows=2, cols=2)
    send(board, type="round")
    assert board.status_kind == "error" and board.status.startswith("Put a car on a tile first")
    send(board, type="piece", name="straight")
    send(board, type="click", square="A1")
    send(board, type="car", color="yellow")
    send(board, type="click", square="A1")
    send(board, type="round")
    assert board.status_kind == "error" and "the road is broken at A1" in board.status and board.route == []


def test_the_board_speaks_german():
    set_language("de")
    try:
        board = build_ring()
        assert board.verdict == "Ein geschlossener Rundkurs: 8 Plättchen, keine Straße unterbrochen."
        assert board.labels["round"] == "Rundkurs abfahren"
    finally:
        set_language("en")


def test_driving_round_again_lights_the_route_again():
    board = build_ring()
    send(board, type="car", color="red")
    send(board, type="click", square="B1")
    seen = []
    board.observe(lambda change: seen.append(list(change["new"])), names="route")
    send(board, type="round")
    send(board, type="round")
    assert [r for r in seen if r] == [board.route, board.route] and board.route[0] == "B1"


def test_putting_a_chosen_car_down_says_what_the_next_tap_does():
    board = build_ring()
    send(board, type="car", color="red")
    assert "tap or click a tile to put it there" in board.status
    send(board, type="click", square="B2")  # the empty middle: no tile to put the car on
    assert board.status_kind == "error" and "There is no tile on B2" in board.status and board.play.cars == {}
    send(board, type="car", color="red")  # the same car again: the choice is put down, and said so
    assert board.chosen_car == "" and board.status == ("The red car is no longer chosen: a tap on a tile now turns "
                                                       "the tile.")


@pytest.mark.parametrize("lang, one, two", [("en", "1 tile laid", "2 tiles laid"), ("fr", "1 plaquette posée", "2 plaquettes posées"),
                                            ("de", "1 Plättchen gelegt", "2 Plättchen gelegt")])
def test_the_text_form_counts_the_tiles_laid_in_the_language_spoken(lang, one, two):
    set_language(lang)
    try:
        board = FreePlayBoard(rows=3, cols=3)
        for count, words in [(1, one), (2, two)]:
            piece, where, _turns = RING_CLICKS[count - 1]
            send(board, type="piece", name=piece)
            send(board, type="click", square=where)
            assert len(board.laid()) == count and words in repr(board), repr(board)
    finally:
        set_language("en")
