"""Rally Run: a catalogue of bad inputs. Each raises a typed error (a subclass of
``rally.common.errors.RuleError``, itself a ``ValueError``) whose message says what was wrong
and what would be right, and leaves the game unchanged."""

from __future__ import annotations

import json

import pytest

import random

from rally.common.errors import IllegalAction, PositionError, RuleError, SetupError, TileError
from rally.rally_run import (
    Cell, DriveTo, Finish, FreePlay, NoMemoryBot, RallyRunGame, Reveal, Rotate, Swap, Tile, TileHidden, TileKind,
    TileRevealed, check_tile_mix, distance, parse_action, parse_bot, play_out,
)
from rally.rally_run.replay import replay_states


def base() -> RallyRunGame:
    """Bo on B2 (a curve open north and east), Ed on C2 (a straight north-south),
    Gus on E5 (a crossroads); Gus swapped B4 and D4 just before; Bo to move (turn 13,
    the first at which the cars can have got there)."""
    game = RallyRunGame.arrange(3, seed=2, tiles={"B2": "C:NE", "C2": "S:NS", "E5": "X:NESW", "A1": "S:EW"},
                                cars=["B2", "C2", "E5"], last_swap=["B4", "D4"])
    assert game.turn == 12 and game.current_player == 0
    return game


def revealing() -> RallyRunGame:
    game = RallyRunGame.arrange(2, tiles={"A1": "S:NS"})
    game.apply("reveal A1")
    return game


def finished() -> RallyRunGame:
    game = RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"], trophies=["red", None])
    game.apply(Finish())
    return game


def holding(color: str) -> RallyRunGame:
    return RallyRunGame.arrange(2, tiles={"A1": "S:NS", "B3": "S:EW"}, cars=["B3", "green"], trophies=[color, None])


# (name, game maker, action, seat, error type, words the message must contain)
ILLEGAL = [
    ("not an action", base, 42, None, TileError, ["A Rally Run action must be", "reveal B3", "not 42."]),
    ("unknown verb", base, "fly B3", None, TileError, ["A Rally Run action must be", "swap B2 D4", "not “fly B3”."]),
    ("cell off the board", base, "reveal F7", None, TileError, ["A cell must be", "column A-E", "not “F7”."]),
    ("a non-ASCII rotation", revealing, "rotate ٣", None, TileError, ["digits 0-9", "not “٣”."]),
    ("a huge rotation", revealing, "rotate " + "9" * 5000, None, TileError, ["A Rally Run action must be"]),
    ("rotation not a number", revealing, "rotate left", None, TileError, ["quarter turns"]),
    ("reveal far away", base, Reveal("E1"), None, IllegalAction, ["not next to it", "Bo may: reveal B1"]),
    ("reveal with no road", base, Reveal("A2"), None, IllegalAction, ["No road leaves it to the west", "Bo may"]),
    ("reveal the pit stop", base, Reveal("C3"), None, IllegalAction, ["never face down", "drive C3"]),
    ("reveal under a car", base, Reveal("C2"), None, IllegalAction, ["already face up", "Ed"]),
    ("reveal own cell", base, Reveal("B2"), None, IllegalAction, ["already stands on B2"]),
    ("rotate before revealing", base, Rotate(0), None, IllegalAction, ["no revealed tile", "reveal"]),
    ("reveal while a rotation is due", revealing, Reveal("A2"), None, IllegalAction,
     ["must first choose how to lay it", "rotate 1"]),
    ("rotation that does not meet", revealing, Rotate(0), None, IllegalAction, ["must open to the west",
                                                                                  "rotate 1"]),
    ("rotation that looks like another", revealing, Rotate(3), None, IllegalAction,
     ["looks just like rotate 1"]),
    ("drive onto a face-down tile", base, DriveTo("B1"), None, IllegalAction, ["face down", "reveal B1"]),
    ("drive where roads do not meet", base, DriveTo("C2"), None, IllegalAction,
     ["no road to the west", "roads do not meet"]),
    ("drive to own cell", base, DriveTo("B2"), None, IllegalAction, ["already stands on B2"]),
    ("drive off the road", base, DriveTo("A2"), None, IllegalAction, ["No road leaves it to the west"]),
    ("finish without a trophy", base, Finish(), None, IllegalAction, ["no trophy yet", "pit stop"]),
    ("finish far from the corner", lambda: holding("red"), Finish(), None, IllegalAction,
     ["beside A1", "must stand on A1"]),
    ("finish at the wrong corner", lambda: RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"],
                                                                trophies=["green", None]),
     Finish(), None, IllegalAction, ["green start-finish tile beside E5"]),
    ("swap a tile with itself", base, Swap("A3", "A3"), None, IllegalAction, ["two different tiles"]),
    ("swap the pit stop", base, Swap("C3", "A3"), None, IllegalAction, ["pit stop never moves"]),
    ("swap a tile under a car", base, Swap("C2", "A3"), None, IllegalAction, ["face up under Ed's car",
                                                                              "face-down"]),
    ("swap what was just swapped", base, Swap("D4", "A3"), None, IllegalAction,
     ["just swapped B4 and D4", "neither may be swapped again right away"]),
    ("out of turn", base, Reveal("B1"), 1, IllegalAction, ["Bo's turn, not Ed's"]),
    ("no such seat", base, Reveal("B1"), 7, IllegalAction, ["no seat 7", "0 to 2"]),
    # False == 0 and 0.0 == 0 in Python: still not seats.
    ("a bool as the seat", base, Reveal("B1"), False, IllegalAction, ["no seat False", "whole numbers from 0 to 2"]),
    ("a float as the seat", base, Reveal("B1"), 0.0, IllegalAction, ["no seat 0.0", "whole numbers from 0 to 2"]),
    ("out of turn while rotating", revealing, Rotate(1), 1, IllegalAction, ["Wait", "choosing how to lay it"]),
    ("after the game is over", finished, Swap("B2", "B3"), None, IllegalAction, ["game is over", "Bo won",
                                                                                 "new game"]),
]


@pytest.mark.parametrize("name, make, action, seat, error, words", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_bad_actions_raise_typed_errors_and_change_nothing(name, make, action, seat, error, words):
    game = make()
    before = game.to_json()
    with pytest.raises(error) as info:
        game.apply(action, seat=seat)
    assert issubclass(error, RuleError) and isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"
    assert game.to_json() == before
    if error is IllegalAction:
        assert game.why_illegal(action, seat=seat) == str(info.value)


def saved(**changes) -> str:
    game = RallyRunGame.arrange(3, seed=2, tiles={"B2": "C:NE", "E5": "X:NESW"}, cars=["B2", "blue", "E5"])
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


def without(key: str) -> str:
    data = json.loads(saved())
    del data[key]
    return json.dumps(data)


def unbalanced() -> str:
    data = json.loads(saved())
    data["tiles"][0] = "X:NESW"
    data["tiles"][1] = "X:NESW"
    return json.dumps(data)


BAD_JSON = [
    ("not JSON", "{oops", ["not JSON", "to_json()"]),
    ("not text", None, ["must be text (a str)", "not None."]),
    ("bytes", b'{"format": "rally-run/2"}', ["must be text (a str)"]),
    ("not an object", "[1, 2]", ["JSON object with the keys", "not [1, 2]."]),
    ("missing key", without("cars"), ["missing cars"]),
    ("wrong format", saved(format="stich-rallye/1"), ["format must be 'rally-run/2'", "not “stich-rallye/1”."]),
    ("bad setup", saved(players=7), ["The number of players must be a whole number from 2 to 4", "not 7."]),
    ("tiles not conserved", unbalanced(), ["never added or removed"]),
    ("tile text", saved(tiles=["Q"] * 25), ["The tile on A1", "A tile must be", "not “Q”."]),
    ("car on another's start", saved(cars=["B2", "red", "E5"]), ["Ed's car stands on the red start-finish tile",
                                                                 "own start-finish tile"]),
    ("trophies wrong", saved(trophies=["yellow", None, None]), ["one per player, in the start colors"]),
    ("trophy never left start", saved(cars=["B2", "blue", "E5"], trophies=[None, "red", None],
                                      trophy_stack=["blue", "green"]), ["Ed holds a trophy",
                                                                         "still on its start-finish tile"]),
    ("pending outside rotate", saved(pending="A2"), ["Only the rotate phase"]),
    ("pending not on the road", saved(phase="rotate", pending="A2"), ["not where Bo's road leads"]),
    ("swapped tile under a car", saved(last_swap=["B2", "D4"]), ["A car stands on B2, just swapped face down"]),
    ("winner before the end", saved(winner=0), ["not over has no winner"]),
    ("finish winner not home", saved(phase="over", winner=0, end_reason="finish"),
     ["stands on the start-finish tile of its color"]),
    ("turn past the limit", saved(turn=999), ["past the limit"]),
    ("bad event", saved(events=[{"kind": "teleported"}]), ["An event's kind must be one of", "not “teleported”."]),
    ("a huge number", saved().replace('"seed": 2,', '"seed": ' + "9" * 5000 + ","), ["holds a number of 5000 digits"]),
    ("deep nesting", "[" * 100_000 + "]" * 100_000, ["nests deeper than"]),
]


@pytest.mark.parametrize("cell, other, code, facts", [
    ("A3", "A3", "M3.same", {"cell": Cell.parse("A3").index}),
    ("C3", None, "M3.pit", {}),
    ("C2", "A3", "M3.face_up", {"cell": Cell.parse("C2").index, "seats": (1,), "names": ("Ed",)}),
    ("A3", "D4", "R9.just_swapped", {"a": Cell.parse("B4").index, "b": Cell.parse("D4").index, "seat": 2,
                                     "name": "Gus"}),
])
def test_a_swap_refusal_is_a_code_and_its_facts(cell, other, code, facts):
    game = base()
    reason = game.swap_refusal(cell, other)
    assert reason.code == code and dict(reason.facts) == facts
    if other is not None:  # why_illegal words the same value, and apply's error carries it
        assert game.why_illegal(Swap(cell, other)) == reason.words()
        with pytest.raises(IllegalAction) as info:
            game.apply(Swap(cell, other))
        assert info.value.refusal == reason
    assert reason.words("de") != reason.words("en")


def test_a_swappable_tile_has_no_refusal():
    game = base()
    assert game.swap_refusal("A3") is None and game.swap_refusal("A3", "B1") is None


@pytest.mark.parametrize("name, text, words", BAD_JSON, ids=[c[0] for c in BAD_JSON])
def test_impossible_saved_games_name_their_problems(name, text, words):
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_json(text)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"


def test_every_car_stuck_but_not_over_is_impossible():
    data = json.loads(RallyRunGame.arrange(2, tiles={"A1": "C:NW", "E5": "C:ES"}).to_json())
    data["cars"] = ["A1", "E5"]
    data["turn"] = 2  # each has had the one turn that moved it
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_json(json.dumps(data))
    assert [p.code for p in info.value.issues] == ["V16.not_over"]
    assert info.value.problems == [info.value.issues[0].words()]


BAD_SETUP = [
    (lambda: RallyRunGame.new(5), SetupError, "number of players must be a whole number from 2 to 4"),
    (lambda: RallyRunGame.new(1), SetupError, "number of players must be a whole number from 2 to 4"),
    (lambda: RallyRunGame.new(2, seed="x"), SetupError, "whole number"),
    (lambda: RallyRunGame.new(2, tiles={"straight": 23}), SetupError, "exactly 24"),
    (lambda: RallyRunGame.new(2, tiles={"loop": 24}), SetupError, "A kind of road tile must be"),
    (lambda: RallyRunGame.new(2, tiles={"curve": -1, "straight": 25}), SetupError, "whole number from 0"),
    (lambda: RallyRunGame.new(2, tiles="8 curves"), SetupError, "counts by kind"),
    (lambda: RallyRunGame.new(2, first_player=2), SetupError, "first player must be a whole number from 0 to 1"),
    (lambda: RallyRunGame.new(2, names=["Ada", "Ada"]), SetupError, "different name"),
    (lambda: RallyRunGame.new(2, names="AdaBo"), SetupError, "names must be a list"),
    (lambda: RallyRunGame.new(2, max_turns=0), SetupError, "turn limit must be a whole number from 1 to 10000"),
    (lambda: RallyRunGame.new(2, max_turns=10**9), SetupError, "turn limit must be a whole number from 1 to 10000"),
    (lambda: RallyRunGame.new(2, seed=2**64), SetupError, "seed must be a whole number from 0 to"),
    (lambda: RallyRunGame.new(2).observation(2), SetupError, "seat to observe must be a whole number from 0 to 1"),
    (lambda: RallyRunGame.arrange(2, tiles={"C3": "S:NS"}), SetupError, "pit stop"),
    (lambda: RallyRunGame.arrange(2, tiles={"A1": "X:NESW", "A2": "X:NESW", "A3": "X:NESW", "A4": "X:NESW",
                                            "A5": "X:NESW"}), SetupError, "no crossroads left"),
    (lambda: Cell.parse("K1"), TileError, "column A-E"),
    (lambda: Tile.parse("C:NS"), TileError, "cannot open to north and south"),
    (lambda: Tile.parse("Z9"), TileError, "kind letter"),
    (lambda: TileKind.parse("hairpin"), TileError, "straight (S), curve (C)"),
    (lambda: Rotate(4), TileError, "from 0 to 3"),
    (lambda: parse_action("swap B2"), TileError, "A Rally Run action must be"),
    (lambda: parse_bot("genius"), SetupError, "perfect, forgetful:K"),
    (lambda: parse_bot("forgetful:0"), SetupError, "forgetful:K"),
    (lambda: check_tile_mix([1, 2]), SetupError, "counts by kind"),
    # A seat is 0 to players - 1: no negative index, no True for 1.
    (lambda: RallyRunGame.new(3).what_is_legal(7), SetupError, "A seat must be a whole number from 0 to 2, like 0, "
                                                               "not 7."),
    (lambda: RallyRunGame.new(3).what_is_legal("0"), SetupError, "A seat must be a whole number from 0 to 2, like 0, "
                                                                 "not “0”."),
    (lambda: RallyRunGame.new(3).what_is_legal(-1), SetupError, "A seat must be a whole number from 0 to 2, like 0, "
                                                                "not -1."),
    (lambda: RallyRunGame.new(3).what_is_legal(True), SetupError, "A seat must be a whole number from 0 to 2, like 0, "
                                                                  "not True."),
    (lambda: replay_states(None), SetupError, "The game must be an object of type RallyRunGame, like "
                                              "RallyRunGame.new(2, seed=6), not None."),
    (lambda: play_out(RallyRunGame.new(2), [NoMemoryBot(), NoMemoryBot()], None), SetupError,
     "The random generator must be an object of type Random, like random.Random(0), not None."),
    (lambda: play_out(RallyRunGame.new(2), None, random.Random(0)), SetupError, "The bots must be a list"),
    (lambda: NoMemoryBot().choose(RallyRunGame.new(2), [], random.Random(0)), SetupError,
     "The actions to choose from must be a list of at least one legal action"),
    (lambda: TileHidden(25), PositionError, "A 'hidden' event's cell must be a whole number from 0 to 24"),
    (lambda: TileRevealed(0, 3, 99), PositionError, "A 'revealed' event's code must be a tile code"),
    (lambda: TileHidden(3).describe(None), SetupError, "The names must be a list of texts"),
    (lambda: distance(0, 99), TileError, "A place (0-24 the cells, 25-28 the start-finish tiles) must be a whole "
                                         "number from 0 to 28"),
    (lambda: FreePlay().name(None), TileError, "A square must be a column A-H and a row 1-6 of this grid"),
    (lambda: RallyRunGame.new(2).to_json(indent=True), SetupError, "The indent must be None (one line)"),
    (lambda: RallyRunGame.new(2).summary(lang="klingon"), RuleError, "rally has no messages in “klingon”"),
]


@pytest.mark.parametrize("make, error, words", BAD_SETUP, ids=[c[2] for c in BAD_SETUP])
def test_bad_setups_and_notation_raise_typed_errors(make, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        make()
    assert issubclass(error, RuleError)


def test_the_catalogue_is_long_enough():
    assert len(ILLEGAL) + len(BAD_JSON) + len(BAD_SETUP) >= 25
