"""Rally Run: one test per ruling M1-M5, per turn rule of the rulebook, and per project
decision R1-R12 (docs/decisions.md). Positions are built with ``RallyRunGame.arrange``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rally import IllegalAction, Refusal, RuleError, SetupError
from rally.rally_run import (
    COLORS, DEFAULT_TILE_MIX, PIT_STOP, START_FINISH, Cell, DriveTo, Finish, ForgetfulBot, NoMemoryBot,
    PerfectMemoryBot, RallyRunGame, Reveal, Rotate, StartFinish, Swap, Tile, TileKind, TrophyTaken, play_out,
)


def kinds_on_board(game: RallyRunGame) -> Counter:
    return Counter(t.kind for t in game.tiles if t is not None)


def legal_texts(game: RallyRunGame) -> list[str]:
    return [str(a) for a in game.legal_actions() if not isinstance(a, Swap)]


# ----------------------------------------------------------------------------- M1


def test_m1_board_is_a_5x5_grid_with_the_pit_stop_in_the_centre():
    game = RallyRunGame.new(4, seed=3)
    obs = game.observation(0)
    assert len(obs.codes) == 25
    assert obs.tiles[PIT_STOP.index] == "pit" and str(PIT_STOP) == "C3"
    assert obs.mask(PIT_STOP.index) == 15  # open on all four sides
    assert game.tile("C3") is None and game.is_face_up("C3")
    # the other 24 cells hold road tiles, all face down at the start
    assert sum(t is None for t in obs.tiles) == 24
    assert sum(t is not None for t in game.tiles) == 24


def test_m1_four_start_finish_tiles_beside_the_corners_none_touching():
    corners = {str(sf.corner) for sf in START_FINISH}
    assert corners == {"A1", "E1", "A5", "E5"}
    positions = [sf.position for sf in START_FINISH]
    for (r1, c1) in positions:
        assert not (0 <= r1 < 5 and 0 <= c1 < 5)  # outside the grid
        for (r2, c2) in positions:
            if (r1, c1) != (r2, c2):
                assert abs(r1 - r2) + abs(c1 - c2) > 1  # no two touch
    assert len({sf.color for sf in START_FINISH}) == 4


def test_m1_cars_start_on_start_finish_tiles_whose_road_leads_only_into_the_corner():
    game = RallyRunGame.new(4, seed=0)
    assert all(isinstance(p, StartFinish) for p in game.cars)
    for seat in range(4):
        game_seat = RallyRunGame.arrange(4, seed=0, turn=seat)
        corner = str(game_seat.car_place(seat).corner)
        assert legal_texts(game_seat) == [f"reveal {corner}"]


# ----------------------------------------------------------------------------- M2


def test_m2_default_tile_mix_is_8_straights_8_curves_4_crossroads_4_dead_ends():
    assert dict(DEFAULT_TILE_MIX) == {TileKind.STRAIGHT: 8, TileKind.CURVE: 8, TileKind.CROSSROADS: 4,
                                      TileKind.DEAD_END: 4}
    assert kinds_on_board(RallyRunGame.new(2, seed=9)) == Counter(DEFAULT_TILE_MIX)


def test_m2_the_tile_mix_can_be_changed():
    mix = {"straight": 6, "curve": 12, "crossroads": 6, "dead end": 0}
    game = RallyRunGame.new(3, seed=1, tiles=mix)
    assert kinds_on_board(game) == Counter({TileKind.STRAIGHT: 6, TileKind.CURVE: 12, TileKind.CROSSROADS: 6})
    with pytest.raises(SetupError, match="exactly 24"):
        RallyRunGame.new(3, tiles={"straight": 20})


def test_m2_tile_kinds_openings_and_rotation():
    assert Tile(TileKind.STRAIGHT, 0).openings == ("N", "S")
    assert Tile(TileKind.CURVE, 0).openings == ("N", "E")
    assert Tile(TileKind.CROSSROADS, 0).openings == ("N", "E", "S", "W")
    assert Tile(TileKind.DEAD_END, 0).openings == ("N",)
    assert [t.openings for t in TileKind.CURVE.orientations()] == [("N", "E"), ("E", "S"), ("S", "W"), ("N", "W")]
    assert Tile(TileKind.STRAIGHT, 1).rotated() == Tile(TileKind.STRAIGHT, 0)
    assert TileKind.CROSSROADS.rotations == 1 and TileKind.STRAIGHT.rotations == 2


def test_m2_a_tile_keeps_its_rotation_face_down_and_may_be_rotated_anew_when_revealed():
    game = RallyRunGame.arrange(2, tiles={"A2": "X:NESW", "A3": "C:NE"}, cars=["A2", "green"])
    game.apply("reveal A3")
    assert game.rotations() == [0, 3]  # must open north, toward A2
    game.apply("rotate 3")  # north and west
    game.apply("swap B4 C4")  # Gus
    game.apply("reveal A2")  # Bo goes back; A3 turns face down
    game.apply("rotate 0")
    assert not game.is_face_up("A3")
    assert str(game.tile("A3")) == "C:NW"  # kept its rotation face down
    game.apply("swap B5 C5")
    game.apply("reveal A3")
    assert game.rotations() == [0, 3]  # the revealer may turn it anew
    game.apply("rotate 0")
    assert str(game.tile("A3")) == "C:NE"


def test_m2_layout_and_trophy_order_are_a_pure_function_of_the_seed():
    a, b = RallyRunGame.new(4, seed=11), RallyRunGame.new(4, seed=11)
    assert a.tiles == b.tiles and a.state().trophy_stack == b.state().trophy_stack
    assert RallyRunGame.new(4, seed=12).tiles != a.tiles


# ----------------------------------------------------------------------------- M3


def test_m3_reveal_only_a_face_down_tile_next_to_the_car_where_its_road_leads():
    game = RallyRunGame.arrange(2, tiles={"B2": "C:NE"}, cars=["B2", "green"])
    assert legal_texts(game) == ["reveal B1", "reveal C2"]
    assert "No road leaves it to the south" in game.why_illegal(Reveal("B3"))
    assert "not next to it" in game.why_illegal(Reveal("D4"))


def test_m3_the_revealed_tile_must_be_turned_to_meet_the_road():
    game = RallyRunGame.arrange(2, tiles={"B2": "C:NE", "C2": "S:NS"}, cars=["B2", "green"])
    game.apply("reveal C2")
    assert game.awaiting_rotation and game.current_player == 0
    assert game.rotations() == [1]  # only east-west meets the road from B2 (west)
    assert "must open to the west" in game.why_illegal(Rotate(0))
    game.apply(Rotate(1))
    assert str(game.car_place(0)) == "C2" and game.current_player == 1


def test_m3_the_car_moves_onto_the_revealed_tile_even_if_it_leads_nowhere():
    game = RallyRunGame.arrange(2, tiles={"B2": "C:NE", "C2": "D:N"}, cars=["B2", "green"])
    game.apply("reveal C2")
    assert game.rotations() == [3]  # the dead end can only face back west
    game.apply("rotate 3")
    assert str(game.car_place(0)) == "C2"
    game.apply("swap A4 A5")
    assert legal_texts(game) == ["reveal B2"]  # the only way out is back


def test_m3_first_move_dead_end_may_face_a_face_down_neighbour_never_the_start():
    game = RallyRunGame.arrange(2, tiles={"A1": "D:N"})
    game.apply("reveal A1")
    assert game.rotations() == [1, 2]  # toward B1 (east) or A2 (south); not west, to the start
    assert "face-down neighbour" in game.why_illegal(Rotate(3))
    game.apply("rotate 2")
    assert game.events[-2].exception is True
    game.apply("swap C4 C5")
    assert legal_texts(game) == ["reveal A2"]


def test_m3_first_move_dead_end_with_a_car_on_one_neighbour():
    game = RallyRunGame.arrange(3, tiles={"A1": "D:N", "B1": "S:EW"}, cars=["red", "B1", "green"])
    game.apply("reveal A1")
    assert game.rotations() == [2]  # B1 is face up under Ed's car: only A2 is face down


def test_m3_later_dead_ends_have_no_exception():
    game = RallyRunGame.arrange(2, tiles={"B1": "S:EW", "A1": "D:N"}, cars=["B1", "green"])
    game.apply("reveal A1")
    assert game.rotations() == [1]  # faces back east, toward B1, as usual


def test_m3_drive_onto_a_tile_where_another_car_stands_when_the_roads_meet():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "C2": "S:EW"}, cars=["B2", "C2"])
    assert "drive C2" in legal_texts(game) and "reveal C2" not in legal_texts(game)
    game.apply(DriveTo("C2"))
    assert game.cars[0] == game.cars[1] == Cell.parse("C2")
    assert not any(e.kind == "revealed" for e in game.events)  # nothing revealed


def test_m3_no_drive_onto_a_car_when_the_roads_do_not_meet():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "C2": "S:NS"}, cars=["B2", "C2"])
    assert "drive C2" not in legal_texts(game)
    assert "roads do not meet" in game.why_illegal(DriveTo("C2"))
    assert "already face up" in game.why_illegal(Reveal("C2"))


def test_m3_swap_two_face_down_tiles_unseen_keeping_their_rotations():
    game = RallyRunGame.new(2, seed=4)
    a, b = game.tile("B2"), game.tile("D4")
    game.apply(Swap("D4", "B2"))
    assert game.tile("B2") == b and game.tile("D4") == a
    assert not game.is_face_up("B2") and not game.is_face_up("D4")
    assert game.events[-1].describe(game.names) == "Bo swaps the face-down tiles on B2 and D4."


def test_m3_not_swapping_the_tiles_the_previous_player_just_swapped():
    game = RallyRunGame.new(3, seed=4)
    game.apply("swap B2 D4")
    barred = Refusal("R9.just_swapped", {"a": Cell.parse("B2").index, "b": Cell.parse("D4").index, "seat": 0,
                                         "name": game.names[0]})
    assert game.swap_refusal("B2", "C2") == barred and game.swap_refusal("C2", "D4") == barred
    assert game.swap_refusal("D4") == barred and game.swap_refusal("C2") is None
    assert game.why_illegal("swap B2 C2") == barred.words()
    assert Swap("B2", "C2") not in game.legal_actions()
    game.apply("swap B3 C2")  # other tiles are fine
    assert game.why_illegal("swap B2 D4") is None  # only the previous player's pair is barred
    game.apply(game.legal_actions()[0])  # Gus reveals
    game.apply(game.legal_actions()[0])  # and lays it: not a swap
    assert game.why_illegal("swap B3 C2") is None  # after a non-swap turn, everything may be swapped


def test_m3_tiles_turn_face_down_when_left_unless_a_car_still_stands_there():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B3": "S:NS", "B1": "S:NS"}, cars=["B2", "B2"])
    game.apply("reveal B1")
    game.apply("rotate 0")
    assert game.is_face_up("B2")  # Gus's car still stands there
    assert game.observation(0).tiles[Cell.parse("B2").index] == Tile.parse("X:NESW")
    game.apply("reveal B3")  # Gus leaves too
    game.apply("rotate 0")
    assert not game.is_face_up("B2") and game.observation(0).tiles[Cell.parse("B2").index] is None
    assert [e.describe(game.names) for e in game.events if e.kind == "hidden"] == [
        "The tile on B2 turns face down again (no car stands on it)."]


# ----------------------------------------------------------------------------- M4


def test_m4_one_trophy_per_player_in_the_start_colors():
    game = RallyRunGame.new(3, seed=2)
    assert sorted(game.state().trophy_stack) == sorted(game.start_colors) == ["blue", "green", "red"]
    assert game.trophies_left == 3 and game.trophies == (None, None, None)


def test_m4_first_entry_to_the_pit_stop_takes_the_top_trophy_only_once():
    game = RallyRunGame.arrange(2, seed=5, tiles={"B3": "S:EW", "D3": "S:EW"}, cars=["B3", "D3"])
    top = game.state().trophy_stack[0]
    game.apply("drive C3")
    assert game.trophies[0] == top and isinstance(game.events[-1], TrophyTaken)
    assert game.goal(0).color == top
    game.apply("drive C3")  # Gus joins Bo on the pit stop (R4)
    assert game.trophies[1] is not None and game.trophies_left == 0
    assert game.cars[0] == game.cars[1] == PIT_STOP
    game.apply("reveal B3")
    game.apply("rotate 1")
    game.apply("swap A5 B5")
    game.apply("drive C3")  # Bo again: no second trophy
    assert game.trophies[0] == top and sum(isinstance(e, TrophyTaken) for e in game.events) == 2


# ----------------------------------------------------------------------------- M5


def test_m5_first_car_with_a_trophy_onto_its_colors_start_finish_wins():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"], trophies=["red", None])
    assert "finish" in legal_texts(game)
    game.apply(Finish())
    assert game.is_over and game.winner == 0 and game.end_reason == "finish"
    assert str(game.car_place(0)) == "red start-finish"
    assert game.legal_actions() == [] and game.current_player is None


def test_m5_no_finish_without_the_matching_trophy():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"], trophies=["green", None])
    assert "finish" not in legal_texts(game)
    assert "beside E5" in game.why_illegal(Finish())
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"])
    assert "no trophy yet" in game.why_illegal(Finish())


def test_m5_no_finish_when_the_corner_tile_does_not_open_toward_the_start_finish():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:NS"}, cars=["A1", "green"], trophies=["red", None])
    assert "No road leaves it to the west" in game.why_illegal(Finish())


# ------------------------------------------------------------------ decisions R1-R12


def test_r1_start_finish_tiles_west_and_east_of_the_corners():
    assert [(sf.color, str(sf.corner), sf.side) for sf in START_FINISH] == [
        ("red", "A1", "W"), ("blue", "E1", "E"), ("green", "E5", "E"), ("yellow", "A5", "W")]
    assert Cell.parse("b3") == Cell(2, 1) and str(Cell(4, 0)) == "A5"


def test_r2_starts_by_player_count():
    assert RallyRunGame.new(2).start_colors == ("red", "green")
    assert RallyRunGame.new(3).start_colors == ("red", "blue", "green")
    assert RallyRunGame.new(4).start_colors == COLORS


def test_r4_any_number_of_cars_may_share_the_pit_stop():
    game = RallyRunGame.arrange(3, tiles={"B3": "S:EW", "C2": "S:NS", "D3": "S:EW"}, cars=["B3", "C2", "D3"])
    for _ in range(3):
        game.apply("drive C3")
    assert set(game.cars) == {PIT_STOP} and game.trophies_left == 0


def test_r5_no_driving_onto_a_start_finish_tile_except_to_win():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"])
    assert legal_texts(game) == ["reveal B1"]  # not back onto the red start


def test_r7_every_car_stuck_for_good_ends_the_game():
    game = RallyRunGame.arrange(2, tiles={"A1": "C:NE", "E5": "C:NE"})
    game.apply("reveal A1")
    assert game.rotations() == [2, 3]
    game.apply("rotate 3")  # north (off the board) and west (the start): stuck for good
    assert game.is_stuck_for_good(0) and not game.is_over
    assert any(isinstance(a, Swap) for a in game.legal_actions())
    game.apply("reveal E5")
    game.apply("rotate 1")  # east (the start) and south (off the board)
    assert game.is_over and game.end_reason == "all stuck"
    assert game.winner == 1  # both 4 steps from the pit stop: the later player wins the tie (R8)


def test_r7_a_car_whose_only_road_ends_at_a_stuck_car_it_cannot_meet_is_stuck_too():
    # Gus's dead end on B1 faces west, onto A1. Bo lays A1 open north and west only: his
    # car is stuck for good, so A1 never changes, and its road never leads back east.
    game = RallyRunGame.arrange(2, tiles={"B1": "D:W", "A1": "C:NE"}, cars=["red", "B1"])
    assert game.stuck_for_good() == frozenset()
    game.apply("reveal A1")
    game.apply("rotate 3")
    assert game.is_stuck_for_good(0) and game.is_stuck_for_good(1)
    assert game.is_over and game.end_reason == "all stuck"


def test_r7_a_car_is_not_stuck_while_the_car_it_faces_may_still_leave_or_meets_its_road():
    # Bo on A1 (curve north-west) is stuck; Gus's dead end on B1 faces west. If A1 opened
    # east too, Gus could drive onto it one day: neither is stuck.
    game = RallyRunGame.arrange(2, tiles={"B1": "D:W", "A1": "X:NESW"}, cars=["A1", "B1"])
    assert game.stuck_for_good() == frozenset()
    # A1 open north and south does not meet Gus's road, but Bo may still drive south and
    # leave A1 face down, to be revealed: so Gus on B1 is not stuck either.
    game = RallyRunGame.arrange(2, tiles={"B1": "D:W", "A1": "S:NS"}, cars=["A1", "B1"])
    assert game.stuck_for_good() == frozenset() and not game.can_move(1)


def test_r7_a_swap_is_always_possible_while_the_game_goes_on():
    # The fewest swappable tiles: four cars on four road tiles, two tiles just swapped.
    game = RallyRunGame.arrange(4, tiles={"B2": "X:NESW", "B4": "X:NESW", "D2": "X:NESW", "D4": "X:NESW"},
                                cars=["B2", "B4", "D2", "D4"], last_swap=["A3", "E3"])
    swaps = [a for a in game.legal_actions() if isinstance(a, Swap)]
    assert len(swaps) == 18 * 17 // 2


def test_r8_the_turn_limit_ends_the_game_and_the_closest_driver_wins():
    # Bo took his trophy at the pit stop and drove on to B3: 6 steps from his start, so
    # the earliest turn that can be is turn 12; the limit comes 4 turns later.
    game = RallyRunGame.arrange(2, tiles={"B3": "S:EW"}, cars=["B3", "green"], trophies=["green", None],
                                max_turns=16)
    assert game.turn == 12
    for text in ("swap A3 A4", "swap B4 B5", "swap A4 A5", "swap B5 C5"):
        game.apply(text)
    assert game.is_over and game.end_reason == "turn limit" and game.winner == 0  # the trophy holder
    assert game.standings() == [0, 1]


def test_r8_default_limit_is_100_turns_per_player():
    assert RallyRunGame.new(2).max_turns == 200 and RallyRunGame.new(4).max_turns == 400


def test_r10_each_look_of_a_tile_is_one_rotation():
    game = RallyRunGame.arrange(2, tiles={"A1": "S:NS"})
    game.apply("reveal A1")
    assert game.rotations() == [1]
    assert "looks just like rotate 1" in game.why_illegal(Rotate(3))


def test_r11_the_last_car_to_leave_a_shared_tile_turns_it_face_down():
    test_m3_tiles_turn_face_down_when_left_unless_a_car_still_stands_there()


# ------------------------------------------------------------- observation and bots


def test_observation_hides_face_down_tiles():
    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "A1": "C:NE", "E5": "S:NS", "D1": "S:NS"},
                                cars=["B2", "green"])
    tiles = list(game.state().tiles)
    tiles[0], tiles[24] = tiles[24], tiles[0]  # hidden tiles differ: two swapped, one turned
    tiles[3] = Tile.parse("S:EW")
    other = RallyRunGame.from_state(game.state().position.replace(tiles=tuple(tiles)))
    assert other.tiles != game.tiles
    assert game.observation(1) == other.observation(1)
    obs = game.observation(1)
    assert obs.tiles[Cell.parse("B2").index] == Tile.parse("X:NESW")
    assert [str(c) for c in obs.face_down()][:3] == ["A1", "B1", "C1"]
    assert "??" in str(obs) and "X:NESW" in str(obs)


def test_perfect_memory_bot_remembers_revealed_tiles_and_follows_swaps():
    game = RallyRunGame.new(2, seed=6)
    bot = PerfectMemoryBot()
    game.apply("reveal A1")
    game.apply("rotate 1")
    game.apply("reveal E5")
    game.apply(game.legal_actions()[0])
    game.apply("reveal B1")
    game.apply(game.legal_actions()[0])  # Bo leaves A1: it turns face down
    game.apply("swap A1 C4")  # Gus moves Bo's old tile to C4
    obs = game.observation(0)
    bot.observe(obs)
    memory = bot.remembered(obs)
    assert Cell.parse("A1").index not in memory
    assert Tile.from_code(memory[Cell.parse("C4").index]) == Tile.parse("S:EW")


def test_forgetful_bot_forgets_after_its_turns_and_no_memory_bot_knows_nothing():
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    game.apply("rotate 1")
    game.apply("reveal E5")
    game.apply(game.legal_actions()[0])
    game.apply("reveal B1")
    game.apply(game.legal_actions()[0])  # A1 face down from here (turn 3)
    forgetful, none = ForgetfulBot(turns=2), NoMemoryBot()
    obs = game.observation(0)
    for bot in (forgetful, none):
        bot.observe(obs)
    assert Cell.parse("A1").index in forgetful.remembered(obs)
    assert none.remembered(obs) == {}
    for text in ("swap C2 C4", "swap D2 D4", "swap B4 B5"):
        game.apply(text)
    obs = game.observation(0)
    forgetful.observe(obs)
    assert Cell.parse("A1").index not in forgetful.remembered(obs)


def test_bots_decide_from_observations_and_finish_games():
    for seed in range(5):
        game = play_out(RallyRunGame.new(4, seed=seed),
                        [PerfectMemoryBot(), ForgetfulBot(3), NoMemoryBot(), PerfectMemoryBot()],
                        random.Random(seed))
        assert game.is_over and game.winner in range(4)


def test_clone_is_independent_and_json_round_trips():
    game = RallyRunGame.new(3, seed=2)
    game.apply("reveal A1")
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert game.awaiting_rotation and not copy.awaiting_rotation
    assert RallyRunGame.from_json(game.to_json()) == game
    assert RallyRunGame.from_json(copy.to_json(indent=2)) == copy


def test_errors_are_rule_errors_and_value_errors():
    game = RallyRunGame.new(2)
    with pytest.raises(IllegalAction):
        game.apply("drive C3")
    assert issubclass(IllegalAction, RuleError) and issubclass(RuleError, ValueError)


def test_r6_taken_trophies_are_public_the_stack_order_is_not():
    game = RallyRunGame.arrange(3, seed=1, tiles={"B3": "S:EW"}, cars=["B3", "blue", "green"])
    before = game.observation(1)
    assert before.trophies_left == 3 and "stack" not in " ".join(vars(before))
    game.apply("drive C3")
    obs = game.observation(2)  # another player sees Bo's trophy
    assert obs.held[0] == game.trophies[0] is not None and obs.trophies_left == 2
    position = game.state().position  # this moment, its log left out
    assert len(position.trophy_stack) == 2
    same = RallyRunGame.from_state(position)
    other = RallyRunGame.from_state(position.replace(trophy_stack=position.trophy_stack[::-1]))
    assert other.state().trophy_stack != same.state().trophy_stack  # the order left on the pit stop ...
    assert other.observation(2) == same.observation(2)  # ... is not shown
    assert obs.held == same.observation(2).held


def test_r12_same_seed_same_game_and_bots_are_reproducible():
    def one():
        game = RallyRunGame.new(4, seed=21, first_player=2, names=["Wu", "Xi", "Yo", "Zed"])
        return play_out(game, [PerfectMemoryBot(), ForgetfulBot(2), NoMemoryBot(), PerfectMemoryBot()],
                        random.Random(21))

    a, b = one(), one()
    assert a == b and a.to_json() == b.to_json()
    assert a.events[0].seat == 2 and a.names[2] == "Yo"


def test_r14_a_name_keeps_its_car_color_in_both_games():
    from rally import CAR_COLORS, DEFAULT_NAMES
    from rally.rally_run import NAMES_BY_COLOR, default_names

    for color, name in NAMES_BY_COLOR.items():  # Stich Rallye's driver of that color, where it has one
        assert color == "green" or DEFAULT_NAMES[CAR_COLORS.index(color)] == name, (color, name)
    assert {n: default_names(n) for n in (2, 3, 4)} == {
        2: ("Bo", "Gus"), 3: ("Bo", "Ed", "Gus"), 4: ("Bo", "Ed", "Gus", "Cy")}
    for players in (2, 3, 4):
        game = RallyRunGame.new(players, seed=3)
        assert [NAMES_BY_COLOR[c] for c in game.start_colors] == list(game.names) == list(default_names(players))
        assert game.state().replace(names=None).names == game.names  # a state's default too
    assert RallyRunGame.new(2, names=["Ada", "Bo"]).names == ("Ada", "Bo")  # names given stay as given
    with pytest.raises(SetupError, match="such as Bo and Gus"):
        RallyRunGame.new(2, names=["Ada"])
