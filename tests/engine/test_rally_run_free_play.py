"""Rally Run's free play (``rally.rally_run.free_play``, decision R13): tiles laid face up as a
child likes, broken roads named, a closed circuit recognised, cars driven along the roads
and round, bad input refused with a clear error and nothing changed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rally import set_language
from rally.common.errors import TileError
from rally.rally_run import DEFAULT_TILE_MIX, FreePlay, Piece
from rally.rally_run.tiles import DIRECTIONS, STEPS

#: A ring round B2 on a 3 x 3 grid: four curves at the corners, four straights between.
RING = {"A1": "C:ES", "B1": "S:EW", "C1": "C:SW", "C2": "S:NS", "C3": "C:NW", "B3": "S:EW", "A3": "C:NE",
        "A2": "S:NS"}


def build(tiles: dict[str, str], rows: int = 3, cols: int = 3, **kwargs) -> FreePlay:
    play = FreePlay(rows=rows, cols=cols, **kwargs)
    for square, piece in tiles.items():
        play.lay(square, piece)
    return play


def snapshot(play: FreePlay) -> tuple:
    return play.laid, play.cars, play.left(), play.broken_roads(), play.circuit()


def neighbours(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = (a[0], int(a[1:])), (b[0], int(b[1:]))
    return abs(ord(ca) - ord(cb)) + abs(ra - rb) == 1


# --- broken roads -----------------------------------------------------------------------

def test_a_tile_alone_has_its_roads_broken_on_every_side_it_opens():
    play = build({"B2": "straight"})
    assert play.broken_roads() == [("B2", "N"), ("B2", "S")]
    assert play.status() == ("The road is broken in 2 places: the north side of B2 and the south side of B2.")


def test_a_road_that_meets_a_tile_not_opening_back_is_broken_on_both_tiles():
    play = build({"A1": "S:EW", "B1": "S:NS"}, rows=2, cols=2)  # A1 opens east; B1 does not open west
    assert ("A1", "E") in play.broken_roads()
    assert ("B1", "N") in play.broken_roads() and ("B1", "S") in play.broken_roads()
    play.turn("B1")  # now west-east: it meets A1, and opens east off the grid
    assert ("A1", "E") not in play.broken_roads()
    assert ("B1", "E") in play.broken_roads() and play.circuit() is None


def test_a_road_off_the_grid_is_broken():
    play = build({"A1": "D:N"}, rows=1, cols=1)
    assert play.broken_roads() == [("A1", "N")]


# --- the closed circuit -----------------------------------------------------------------

def test_a_ring_is_a_closed_circuit_in_driving_order():
    play = build(RING)
    loop = play.circuit()
    assert sorted(loop) == sorted(RING) and len(loop) == 8
    assert all(neighbours(a, b) for a, b in zip(loop, loop[1:] + loop[:1]))
    assert play.broken_roads() == []
    assert play.status() == "A closed circuit: 8 tiles, no road broken."


def test_a_ring_with_one_tile_turned_or_taken_away_is_no_circuit():
    play = build(RING)
    play.turn("B1")  # a straight turned north-south breaks the ring
    assert play.circuit() is None and ("B1", "N") in play.broken_roads()
    play.turn("B1")
    play.lift("B1")
    assert play.circuit() is None and ("A1", "E") in play.broken_roads() and ("C1", "W") in play.broken_roads()


def test_a_dead_end_off_the_loop_and_the_pit_stop_in_it_keep_the_circuit():
    # The pit stop on A2 opens everywhere: a start-finish tile west... off the grid would break,
    # so the grid is wider: the ring sits in columns B-D, the pit stop on B2 with the
    # red start-finish tile on A2 opening east into it, a dead end on C2 opening west.
    ring = {"B1": "C:ES", "C1": "S:EW", "D1": "C:SW", "D2": "S:NS", "D3": "C:NW", "C3": "S:EW", "B3": "C:NE"}
    play = build({**ring, "B2": "pit stop", "A2": "red", "C2": "D:W"}, rows=3, cols=4)
    play.turn("A2")  # the start-finish tile's road leaves north at first: east after one turn
    assert play.broken_roads() == []
    loop = play.circuit()
    assert loop is not None and "B2" in loop and "A2" not in loop and "C2" not in loop


def test_two_rings_not_joined_are_no_circuit():
    left = {"A1": "C:ES", "B1": "C:SW", "B2": "C:NW", "A2": "C:NE"}
    right = {"D1": "C:ES", "E1": "C:SW", "E2": "C:NW", "D2": "C:NE"}
    play = build({**left, **right}, rows=2, cols=5)
    assert play.broken_roads() == [] and play.circuit() is None
    assert "not all joined" in play.status()


def test_a_road_with_two_dead_ends_has_no_loop():
    play = build({"A1": "D:E", "B1": "S:EW", "C1": "D:W"}, rows=1, cols=3)
    assert play.broken_roads() == [] and play.circuit() is None
    assert "no loop" in play.status()


# --- driving ----------------------------------------------------------------------------

def test_a_car_drives_round_the_ring_and_is_back_where_it_set_off():
    play = build(RING)
    play.put_car("blue", "B1")
    path = play.drive_round("blue")
    assert path[0] == path[-1] == "B1" and len(path) == 9
    assert sorted(path[:-1]) == sorted(RING)
    assert all(neighbours(a, b) for a, b in zip(path, path[1:]))
    assert play.cars == {"blue": "B1"}


def test_a_car_goes_straight_over_a_crossroads_in_a_figure_eight():
    # Two rings that share the crossroads on C3: a car crosses it twice, straight on both times.
    eight = {"A1": "C:ES", "B1": "S:EW", "C1": "C:SW", "A2": "S:NS", "C2": "S:NS", "A3": "C:NE", "B3": "S:EW",
             "C3": "X", "D3": "S:EW", "E3": "C:SW", "C4": "S:NS", "E4": "S:NS", "C5": "C:NE", "D5": "S:EW",
             "E5": "C:NW"}
    play = build(eight, rows=5, cols=5)
    assert play.broken_roads() == [] and play.circuit() is not None
    play.put_car("green", "B1")
    path = play.drive_round("green")
    assert path.count("C3") == 2 and sorted(set(path)) == sorted(eight)
    for before, cross, after in ((path[i - 1], path[i], path[i + 1]) for i in range(1, len(path) - 1)
                                 if path[i] == "C3"):
        assert before[0] == after[0] or before[1:] == after[1:]  # straight on: same column or row


def test_a_car_turns_back_at_a_dead_end():
    play = build({"A1": "D:E", "B1": "S:EW", "C1": "D:W"}, rows=1, cols=3)
    play.put_car("red", "A1")
    assert play.drive_round("red") == ["A1", "B1", "C1", "B1", "A1"]


def test_a_car_drives_one_square_along_a_road_and_not_across_a_gap():
    play = build(RING)
    play.put_car("red", "A1")
    assert play.drive("red", "B1") == "The red car drives east to B1."
    assert play.cars == {"red": "B1"}
    with pytest.raises(TileError, match="the tile on B1 does not open to the south"):
        play.drive("red", "B2")
    with pytest.raises(TileError, match="not next to B1"):
        play.drive("red", "C3")


def test_a_broken_road_stops_driving_round_and_the_car_stays():
    play = build({"A1": "C:ES", "B1": "S:EW", "C1": "C:SW", "A2": "S:NS"}, rows=3, cols=3)
    play.put_car("yellow", "A1")
    with pytest.raises(TileError, match="the road is broken at C1 toward the south"):
        play.drive_round("yellow")
    assert play.cars == {"yellow": "A1"}


# --- the box and bad input --------------------------------------------------------------

def test_the_box_holds_the_mix_the_pit_stop_and_four_start_finish_tiles():
    play = FreePlay()
    left = play.left()
    assert [left[kind.word] for kind in DEFAULT_TILE_MIX] == list(DEFAULT_TILE_MIX.values())
    assert left["pit stop"] == 1 and all(left[f"{c} start-finish"] == 1 for c in ("red", "blue", "green", "yellow"))
    other = FreePlay(tile_mix={"straight": 12, "curve": 12})
    with pytest.raises(TileError, match="The tile mix holds 0 crossroads"):
        other.lay("A1", "crossroads")


def test_no_more_pieces_than_the_box_holds():
    play = FreePlay(rows=3, cols=3)
    for square in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3"):
        play.lay(square, "curve")
    assert "curve" not in play.left()
    before = snapshot(play)
    with pytest.raises(TileError, match="the box has 8 and all are on the grid"):
        play.lay("C3", "curve")
    assert snapshot(play) == before


@pytest.mark.parametrize("change, error", [
    (lambda p: p.lay("D1", "curve"), "A square must be a column A-C and a row 1-3 of this grid, like 'A1', not “D1”"),
    (lambda p: p.lay("A1", "curve"), "There is a tile on A1 already"),
    (lambda p: p.lay("B2", "bend"), "A piece must be a road tile"),
    (lambda p: p.lay("B2", "straight", rotation=2), "A piece's rotation must be a whole number from 0 to 1"),
    (lambda p: p.lay("B2", "purple"), "A piece must be"),
    (lambda p: p.turn("B2"), "There is no tile on B2"),
    (lambda p: p.turn("A1", 9), "A number of quarter turns must be a whole number from -4 to 4"),
    (lambda p: p.lift("A1"), "The red car stands on A1"),
    (lambda p: p.put_car("purple", "A1"), "A car's color must be one of"),
    (lambda p: p.put_car("blue", "B2"), "There is no tile on B2"),
    (lambda p: p.drive("blue", "B1"), "The blue car is not on the grid"),
    (lambda p: p.drive("red", "A2"), "No road leads from A1 to A2"),
    (lambda p: p.square(("1", 0)), "A square must be"),
    (lambda p: p.square("A01"), "like 'A1', not “A01”"),
    (lambda p: p.square("A0"), "like 'A1', not “A0”"),
])
def test_bad_input_is_refused_with_what_would_be_right_and_nothing_changes(change, error):
    play = build({"A1": "C:ES", "B1": "S:EW"})
    play.put_car("red", "A1")
    before = snapshot(play)
    with pytest.raises(TileError) as refused:
        change(play)
    assert isinstance(refused.value, ValueError)
    assert error in str(refused.value)
    assert snapshot(play) == before


def test_sizes_of_the_grid_are_checked():
    with pytest.raises(TileError, match="The number of rows must be a whole number from 1 to 12"):
        FreePlay(rows=13)
    assert FreePlay(rows=12, cols=12).square("L12") == (11, 11)


def test_pieces_read_and_turn_as_the_box_has_them():
    assert Piece.parse("C:NE") == Piece.parse("curve") and Piece.parse("C1").openings == ("E", "S")
    assert Piece.parse("pit stop").openings == DIRECTIONS and Piece.parse("p").rotated(3) == Piece.parse("box")
    assert [Piece.parse("green start-finish").rotated(k).openings for k in range(4)] == [("N",), ("E",), ("S",), ("W",)]


def test_free_play_speaks_german():
    set_language("de")
    try:
        play = build({"B2": "straight"})
        assert play.status().startswith("Die Straße ist an 2 Stellen unterbrochen")
        with pytest.raises(TileError, match="Auf B2 liegt schon ein Plättchen"):
            play.lay("B2", "curve")
    finally:
        set_language("en")


# --- properties -------------------------------------------------------------------------

PIECES = ["straight", "curve", "crossroads", "dead end", "pit stop", "red", "blue", "green", "yellow"]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(st.sampled_from(["lay", "turn", "lift"]), st.integers(0, 3), st.integers(0, 3),
                          st.sampled_from(PIECES), st.integers(0, 3)), max_size=40))
def test_whatever_a_child_does_the_grid_stays_one_the_box_can_make(steps):
    play = FreePlay(rows=4, cols=4)
    box = play.left()
    for action, row, col, piece, turns in steps:
        before = snapshot(play)
        try:
            if action == "lay":
                play.lay((row, col), piece)
            elif action == "turn":
                play.turn((row, col), turns)
            else:
                play.lift((row, col))
        except TileError:
            assert snapshot(play) == before  # refused: nothing changed
        laid = list(play.laid.values())
        assert all(sum(p.name == name for p in laid) <= n for name, n in box.items())
        loop = play.circuit()
        if loop is not None:  # a closed circuit has no broken road, and a car drives round it
            assert play.broken_roads() == []
            play.put_car("red", loop[0])
            path = play.drive_round("red")
            assert path[0] == path[-1] == loop[0]
            assert all((ord(b[0]) - ord(a[0]), int(b[1:]) - int(a[1:])) in [(dc, dr) for dr, dc in STEPS]
                       for a, b in zip(path, path[1:]))
            play.take_car("red")
