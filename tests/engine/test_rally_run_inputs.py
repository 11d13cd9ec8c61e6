"""Rally Run: whatever comes in, only a typed error comes out.

The concrete cases of issue 14 each get a clear typed error (a ``rally.common.errors.RuleError``,
so a ``ValueError``) and leave the game unchanged; then hypothesis feeds every parser
and constructor arbitrary text, JSON, bytes, numbers (huge ones too) and nested lists,
and checks that nothing else ever comes out, and quickly.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rally.common.errors import IllegalAction, PositionError, RuleError, SetupError, TileError
from rally.rally_run import (
    Cell, DriveTo, RallyRunGame, Reveal, Rotate, Swap, Tile, TileKind, check_tile_mix, parse_action, parse_bot,
)
from rally.rally_run.bots import ForgetfulBot
from rally.rally_run.simulate import memory_win_rates, parse_bots, simulate_many

# ------------------------------------------------------------------ the concrete cases


def game_in_play() -> RallyRunGame:
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    game.apply("rotate 1")
    return game


@pytest.mark.parametrize("make, words", [
    (lambda: Cell(5, 0), "A cell's row (0 is row 1, in the north) must be a whole number from 0 to 4, like 0, not 5."),
    (lambda: Cell(0, 6), "A cell's column (0 is column A, in the west) must be a whole number from 0 to 4, like 0, "
                         "not 6."),
    (lambda: Cell(-1, -1), "A cell's row (0 is row 1, in the north) must be a whole number from 0 to 4, like 0, not -1."),
    (lambda: Cell(True, 0), "not True."),
    (lambda: Cell(2**70, 0), "not a number of about 22 digits."),
    (lambda: Reveal(Cell(5, 0)), "must be a whole number from 0 to 4, like 0, not 5."),
    (lambda: Reveal((5, 0)), "must be a whole number from 0 to 4, like 0, not 5."),
    (lambda: DriveTo((0, 6)), "not 6."),
    (lambda: Swap(Cell(-1, -1), Cell(0, 0)), "not -1."),
    (lambda: Swap((-1, -1), "B2"), "not -1."),
    (lambda: Cell.of(25), "A cell index must be a whole number from 0 to 24, like 0, not 25."),
    (lambda: Cell.of(-1), "A cell index must be a whole number from 0 to 24, like 0, not -1."),
    (lambda: Cell.parse("A6"), "A cell must be a column A-E and a row 1-5, like 'B3', not “A6”."),
    (lambda: Cell.parse("B٣"), "not “B٣”."),
    (lambda: Tile.parse("C٣"), "A curve's rotation must be a whole number from 0 to 3 written in the digits 0-9"),
    (lambda: Tile.parse("S" + "9" * 5000), "A tile must be text of at most 20 characters"),
    (lambda: Tile(TileKind.CROSSROADS, 1), "A crossroads's rotation must be a whole number from 0 to 0"),
    (lambda: Rotate(True), "not True."),
    (lambda: parse_action("rotate ٣"), "In 'rotate ٣': A rotation (in quarter turns clockwise) must be a whole number "
                                       "from 0 to 3 written in the digits 0-9, like 0, not “٣”."),
    (lambda: parse_action("reveal ٣"), "not “٣”."),
    (lambda: parse_action("rotate " + "1" * 5000), "A Rally Run action must be text like"),
])
def test_cells_tiles_and_actions_off_the_board_are_refused_when_made(make: Callable[[], object], words: str):
    with pytest.raises(TileError) as info:
        make()
    assert words in str(info.value)


@pytest.mark.parametrize("action, error, words", [
    ("reveal A6", TileError, "not “A6”."),
    ("reveal F1", TileError, "not “F1”."),
    ("swap A0 B2", TileError, "not “A0”."),
    ("rotate ٣", TileError, "digits 0-9"),
    ((5, 0), TileError, "A Rally Run action must be"),
    (b"reveal B1", TileError, "A Rally Run action must be"),
    (Reveal(Cell(4, 0)), IllegalAction, "A5 is not next to it"),
    (Swap(Cell(0, 0), Cell(0, 0)), IllegalAction, "two different tiles"),
])
def test_bad_actions_leave_the_game_unchanged(action: object, error: type[RuleError], words: str):
    game = game_in_play()
    before = game.to_json()
    with pytest.raises(error) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert words in str(info.value) and isinstance(info.value, RuleError)
    assert game.to_json() == before and game.problems() == []


def test_the_bot_spec_reads_ascii_digits_only():
    with pytest.raises(SetupError, match="digits 0-9"):
        parse_bot("forgetful:٣")
    with pytest.raises(SetupError, match="digits 0-9"):
        parse_bots("perfect,forgetful:٣", 2)
    with pytest.raises(SetupError, match="from 1 to 10000"):
        parse_bot("forgetful:" + "9" * 30)
    with pytest.raises(SetupError, match="at most 40 characters"):
        parse_bot("forgetful:" + "9" * 5000)
    assert parse_bot("forgetful:12").turns == 12 and parse_bot(" Forgetful ").turns == 4
    with pytest.raises(SetupError, match="from 1 to 10000"):
        ForgetfulBot(10**9)


@pytest.mark.parametrize("text, words", [
    (b"{}", "must be text (a str)"),
    (bytearray(b"{}"), "must be text (a str)"),
    ("\udcff", "is not JSON"),
    ("[" * 50_000 + "]" * 50_000, "nests deeper than 12 levels"),
    ('{"format": ' + "[" * 2_000 + "]" * 2_000 + "}", "nests deeper than 12 levels"),
    ("1" * 5000, "holds a number of 5000 digits"),
    ('{"seed": 1e400}', "which is not whole"),
    ('{"seed": NaN}', "which is not whole"),
    ("x" * 5_000_000, "of at most 4000000 characters"),
])
def test_saved_games_that_are_no_json_of_a_game_are_refused(text: object, words: str):
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_json(text)
    assert words in str(info.value)


def test_huge_numbers_anywhere_in_a_saved_game_are_refused_in_words():
    text = game_in_play().to_json()
    for key in ("seed", "turn", "max_turns", "players", "first_player"):
        data = json.loads(text)
        data[key] = 12345
        doctored = json.dumps(data).replace("12345", "9" * 5000)
        with pytest.raises(PositionError, match="holds a number of 5000 digits"):
            RallyRunGame.from_json(doctored)
    data = json.loads(text)
    data["seed"] = 2**64
    with pytest.raises(PositionError, match="The seed must be a whole number from 0 to 18446744073709551615"):
        RallyRunGame.from_json(json.dumps(data))


def test_counts_have_stated_bounds():
    with pytest.raises(SetupError, match="--games must be a whole number from 1 to 10000"):
        simulate_many(2, 100_000_000)
    with pytest.raises(SetupError, match="turn limit must be a whole number from 1 to 10000"):
        simulate_many(2, 1, max_turns=10**8)
    with pytest.raises(SetupError, match="at most 2\\*\\*64 - 5 for 5 games"):
        simulate_many(2, 5, seed=2**64 - 3)
    with pytest.raises(SetupError, match="--games times the turn limit must be at most 10000000 turns in one run"):
        simulate_many(2, 10_000, max_turns=10_000, bots="random")
    with pytest.raises(SetupError, match="memory lengths must be at most 10000 games in all"):
        memory_win_rates([0, 1, 2], games=5000)
    with pytest.raises(SetupError, match="The tiles to lay must be a dict of at most 24"):
        RallyRunGame.arrange(2, tiles={f"{c}{r}": "S:NS" for c in "ABCDEFG" for r in range(1, 8)})


# ------------------------------------------------------------------ fuzzing

#: Anything a caller, a page or a file might hand over.
LEAVES = (st.none() | st.booleans() | st.integers() | st.integers(-(2**80), 2**80)
          | st.sampled_from([2**64, -1, 0, 1, 4, 24, 25, 10_001])
          | st.sampled_from([5000, -5000]).map(lambda d: 10**d if d > 0 else -(10**-d))  # more than 4300 digits
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30) | st.binary(max_size=30)
          | st.sampled_from(["B3", "b3", "C3", "A6", "٣", "B٣", "reveal B3", "rotate 1", "rotate ٣", "swap B2 D4",
                            "finish", "drive C3", "C:NE", "X:NESW", "D0", "C٣", "perfect", "forgetful:٣",
                            "forgetful:3", "none", "red", "green", "straight", "dead end", "PIT", "1" * 5000])
          | st.sampled_from([Cell(1, 1), Tile.parse("S:NS"), TileKind.CURVE, Reveal("B1"), (0, 0), (5, 0), (0, -1)]))
ANYTHING = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                        | st.dictionaries(st.text(max_size=10) | st.sampled_from(["straight", "curve", "X", "D"]),
                                          inner, max_size=5), max_leaves=20)
FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def only_typed_errors(call: Callable[[], object]) -> None:
    """``call`` returns, or raises a typed error of rally; within a second either way."""
    start = time.perf_counter()
    try:
        call()
    except RuleError:
        pass
    assert time.perf_counter() - start < 1.0


@FUZZ
@given(value=ANYTHING)
def test_parsers_raise_only_typed_errors(value: object):
    only_typed_errors(lambda: Cell.parse(value))
    only_typed_errors(lambda: Tile.parse(value))
    only_typed_errors(lambda: TileKind.parse(value))
    only_typed_errors(lambda: parse_action(value))
    only_typed_errors(lambda: parse_bot(value))  # type: ignore[arg-type]
    only_typed_errors(lambda: parse_bots(value, 2))  # type: ignore[arg-type]
    only_typed_errors(lambda: check_tile_mix(value))
    only_typed_errors(lambda: RallyRunGame.from_json(value))
    only_typed_errors(lambda: Cell.of(value))  # type: ignore[arg-type]
    only_typed_errors(lambda: Rotate(value))  # type: ignore[arg-type]
    only_typed_errors(lambda: Reveal(value))  # type: ignore[arg-type]
    only_typed_errors(lambda: Swap(value, "B2"))  # type: ignore[arg-type]
    only_typed_errors(lambda: ForgetfulBot(value))  # type: ignore[arg-type]


@FUZZ
@given(a=ANYTHING, b=ANYTHING)
def test_constructors_raise_only_typed_errors(a: object, b: object):
    only_typed_errors(lambda: Cell(a, b))  # type: ignore[arg-type]
    only_typed_errors(lambda: Tile(a, b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.new(a))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.new(2, seed=a, tiles=b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.new(3, first_player=a, names=b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.new(4, max_turns=a))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.arrange(2, tiles=a, cars=b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.arrange(3, trophies=a, last_swap=b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.arrange(2, turn=a, seed=b))  # type: ignore[arg-type]
    only_typed_errors(lambda: RallyRunGame.arrange(a, tile_mix=b))  # type: ignore[arg-type]


@FUZZ
@given(action=ANYTHING, seat=ANYTHING)
def test_a_game_refuses_anything_with_a_typed_error_and_stays_as_it_was(action: object, seat: object):
    game = game_in_play()
    before = game.to_json()
    only_typed_errors(lambda: game.why_illegal(action, seat))  # type: ignore[arg-type]
    only_typed_errors(lambda: game.observation(seat))  # type: ignore[arg-type]
    only_typed_errors(lambda: game.tile(action))  # type: ignore[arg-type]
    only_typed_errors(lambda: game.goal(seat))  # type: ignore[arg-type]
    try:
        game.apply(action, seat)  # type: ignore[arg-type]
    except RuleError:
        assert game.to_json() == before
    assert game.problems() == []


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.sampled_from(["B3", "red", "PIT", "S:NS", "rotate", "move", "over", "finish"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30)


@FUZZ
@given(key=st.sampled_from(["format", "players", "names", "seed", "first_player", "tile_mix", "max_turns", "turn",
                            "phase", "pending", "tiles", "cars", "trophies", "trophy_stack", "last_swap", "winner",
                            "end_reason", "events", "start"]),
       value=JSON_VALUES, nested=st.booleans())
def test_saved_games_with_any_value_anywhere_raise_only_position_errors(key: str, value: object, nested: bool):
    game = RallyRunGame.arrange(3, tiles={"B2": "C:NE"}, cars=["B2", "blue", "green"])
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    target = data["start"] if nested else data
    target[key] = value
    text = json.dumps(data)
    start = time.perf_counter()
    try:
        again = RallyRunGame.from_json(text)
    except PositionError:
        pass
    else:
        assert again.problems() == [] and again.to_json() == RallyRunGame.from_json(again.to_json()).to_json()
    assert time.perf_counter() - start < 1.0
