"""Rally Run: a catalogue of bad inputs. Each raises a typed error (a subclass of
``rally.errors.RuleError``, itself a ``ValueError``) whose message says what was wrong
and what would be right, and leaves the game unchanged."""

from __future__ import annotations

import json

import pytest

from rally.errors import IllegalAction, PositionError, RuleError, SetupError, TileError
from rally.rally_run import (
    Cell, DriveTo, Finish, RallyRunGame, Reveal, Rotate, Swap, Tile, TileKind, check_tile_mix, parse_action,
    parse_bot,
)


def base() -> RallyRunGame:
    """Ada on B2 (a curve open north and east), Bo on C2 (a straight north-south),
    Cy on E5 (a crossroads); Cy swapped B4 and D4 just before; Ada to move."""
    return RallyRunGame.arrange(3, seed=2, tiles={"B2": "C:NE", "C2": "S:NS", "E5": "X:NESW", "A1": "S:EW"},
                                cars=["B2", "C2", "E5"], last_swap=["B4", "D4"], turn=3)


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
    ("not an action", base, 42, None, TileError, ["not a Rally Run action", "reveal B3"]),
    ("unknown verb", base, "fly B3", None, TileError, ["not a Rally Run action", "swap B2 D4"]),
    ("cell off the board", base, "reveal F7", None, TileError, ["'F7' is not a cell", "column A-E"]),
    ("rotation not a number", revealing, "rotate left", None, TileError, ["quarter turns"]),
    ("reveal far away", base, Reveal("E1"), None, IllegalAction, ["not next to it", "Ada may: reveal B1"]),
    ("reveal with no road", base, Reveal("A2"), None, IllegalAction, ["no road leaves it to the west", "Ada may"]),
    ("reveal the pit stop", base, Reveal("C3"), None, IllegalAction, ["never face down", "drive C3"]),
    ("reveal under a car", base, Reveal("C2"), None, IllegalAction, ["already face up", "Bo"]),
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
    ("drive off the road", base, DriveTo("A2"), None, IllegalAction, ["no road leaves it to the west"]),
    ("finish without a trophy", base, Finish(), None, IllegalAction, ["no trophy yet", "pit stop"]),
    ("finish far from the corner", lambda: holding("red"), Finish(), None, IllegalAction,
     ["beside A1", "must stand on A1"]),
    ("finish at the wrong corner", lambda: RallyRunGame.arrange(2, tiles={"A1": "S:EW"}, cars=["A1", "green"],
                                                                trophies=["green", None]),
     Finish(), None, IllegalAction, ["green start-finish tile beside E5"]),
    ("swap a tile with itself", base, Swap("A3", "A3"), None, IllegalAction, ["two different tiles"]),
    ("swap the pit stop", base, Swap("C3", "A3"), None, IllegalAction, ["pit stop never moves"]),
    ("swap a tile under a car", base, Swap("C2", "A3"), None, IllegalAction, ["face up under Bo's car",
                                                                              "face-down"]),
    ("swap what was just swapped", base, Swap("D4", "A3"), None, IllegalAction,
     ["just swapped B4 and D4", "two other face-down tiles"]),
    ("out of turn", base, Reveal("B1"), 1, IllegalAction, ["Ada's turn, not Bo's"]),
    ("no such seat", base, Reveal("B1"), 7, IllegalAction, ["no seat 7", "0 to 2"]),
    # False == 0 and 0.0 == 0 in Python: still not seats.
    ("a bool as the seat", base, Reveal("B1"), False, IllegalAction, ["no seat False", "whole numbers from 0 to 2"]),
    ("a float as the seat", base, Reveal("B1"), 0.0, IllegalAction, ["no seat 0.0", "whole numbers from 0 to 2"]),
    ("out of turn while rotating", revealing, Rotate(1), 1, IllegalAction, ["Wait", "choosing how to lay it"]),
    ("after the game is over", finished, Swap("B2", "B3"), None, IllegalAction, ["game is over", "Ada won",
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
    ("not text", None, ["needs JSON text"]),
    ("not an object", "[1, 2]", ["JSON object with keys"]),
    ("missing key", without("cars"), ["missing cars"]),
    ("wrong format", saved(format="stich-rallye/1"), ["reads 'rally-run/1'"]),
    ("bad setup", saved(players=7), ["setup is invalid", "2 to 4 players"]),
    ("tiles not conserved", unbalanced(), ["never added or removed"]),
    ("tile text", saved(tiles=["Q"] * 25), ["not a tile"]),
    ("car on another's start", saved(cars=["B2", "red", "E5"]), ["own start tile"]),
    ("trophies wrong", saved(trophies=["yellow", None, None]), ["one per player in the start colors"]),
    ("trophy never left start", saved(cars=["B2", "blue", "E5"], trophies=[None, "red", None],
                                      trophy_stack=["blue", "green"]), ["never left the start"]),
    ("pending outside rotate", saved(pending="A2"), ["must be null"]),
    ("pending not on the road", saved(phase="rotate", pending="A2"), ["not where Ada's road leads"]),
    ("swapped tile under a car", saved(last_swap=["B2", "D4"]), ["swapped tile has no car"]),
    ("winner before the end", saved(winner=0), ["not over has no winner"]),
    ("finish winner not home", saved(phase="over", winner=0, end_reason="finish"),
     ["must stand on the start-finish tile"]),
    ("turn past the limit", saved(turn=999), ["past the limit"]),
    ("bad event", saved(events=[{"kind": "teleported"}]), ["not an event"]),
]


@pytest.mark.parametrize("name, text, words", BAD_JSON, ids=[c[0] for c in BAD_JSON])
def test_impossible_saved_games_name_their_problems(name, text, words):
    with pytest.raises(PositionError) as info:
        RallyRunGame.from_json(text)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"


def test_every_car_stuck_but_not_over_is_impossible():
    data = json.loads(RallyRunGame.arrange(2, tiles={"A1": "C:NW", "E5": "C:ES"}).to_json())
    data["cars"] = ["A1", "E5"]
    with pytest.raises(PositionError, match="stuck for good"):
        RallyRunGame.from_json(json.dumps(data))


BAD_SETUP = [
    (lambda: RallyRunGame.new(5), SetupError, "2 to 4 players"),
    (lambda: RallyRunGame.new(1), SetupError, "2 to 4 players"),
    (lambda: RallyRunGame.new(2, seed="x"), SetupError, "whole number"),
    (lambda: RallyRunGame.new(2, tiles={"straight": 23}), SetupError, "exactly 24"),
    (lambda: RallyRunGame.new(2, tiles={"loop": 24}), SetupError, "not a kind of road tile"),
    (lambda: RallyRunGame.new(2, tiles={"curve": -1, "straight": 25}), SetupError, "whole number from 0"),
    (lambda: RallyRunGame.new(2, tiles="8 curves"), SetupError, "counts by kind"),
    (lambda: RallyRunGame.new(2, first_player=2), SetupError, "seat from 0 to 1"),
    (lambda: RallyRunGame.new(2, names=["Ada", "Ada"]), SetupError, "different name"),
    (lambda: RallyRunGame.new(2, names="AdaBo"), SetupError, "as a list"),
    (lambda: RallyRunGame.new(2, max_turns=0), SetupError, "turn limit"),
    (lambda: RallyRunGame.new(2).observation(2), SetupError, "no seat 2"),
    (lambda: RallyRunGame.arrange(2, tiles={"C3": "S:NS"}), SetupError, "pit stop"),
    (lambda: RallyRunGame.arrange(2, tiles={"A1": "X:NESW", "A2": "X:NESW", "A3": "X:NESW", "A4": "X:NESW",
                                            "A5": "X:NESW"}), SetupError, "no crossroads left"),
    (lambda: Cell.parse("K1"), TileError, "column A-E"),
    (lambda: Tile.parse("C:NS"), TileError, "cannot open to north and south"),
    (lambda: Tile.parse("Z9"), TileError, "kind letter"),
    (lambda: TileKind.parse("hairpin"), TileError, "straight (S), curve (C)"),
    (lambda: Rotate(4), TileError, "from 0 to 3"),
    (lambda: parse_action("swap B2"), TileError, "not a Rally Run action"),
    (lambda: parse_bot("genius"), SetupError, "perfect, forgetful:K"),
    (lambda: parse_bot("forgetful:0"), SetupError, "forgetful:K"),
    (lambda: check_tile_mix([1, 2]), SetupError, "counts by kind"),
]


@pytest.mark.parametrize("make, error, words", BAD_SETUP, ids=[c[2] for c in BAD_SETUP])
def test_bad_setups_and_notation_raise_typed_errors(make, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        make()
    assert issubclass(error, RuleError)


def test_the_catalogue_is_long_enough():
    assert len(ILLEGAL) + len(BAD_JSON) + len(BAD_SETUP) >= 25
