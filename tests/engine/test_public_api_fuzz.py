"""Junk into every public entry point of rally: only a typed error comes out (issue 39).

The public API is the names of ``rally`` and ``rally.rally_run``: each function, each
class, each method of their values. Every one is called with its arguments right but one,
and that one is junk a notebook or a page might hand over: None, True, negative and huge
numbers, floats, text, lists, dicts, objects of the other game. The call must answer or
raise a :class:`rally.RuleError` (a ``ValueError``): never an IndexError, KeyError,
TypeError, AttributeError or ZeroDivisionError. A game, a free-play grid or a bot that
refuses is left as it was. A seat, a place or a card code given as a bool or a negative
number is refused, never read as another one (``True`` is not seat 1, ``-1`` not the last).

Then the parsers each get arbitrary text and data (card codes, squares of a free-play
grid, tiles and pieces, free-play commands, position codes and JSON, the command line's
arguments), and the events and moves of both games every field.

The examples are derandomized: every run (and CI) tries the same ones.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rally
from rally import (
    DEFAULT_DIAL, TRACKS, Card, Color, Game, HeuristicBot, How, Move, PathStep, Position, RandomBot, RuleError,
    SpaceKind, Turbo, advise, check_positions, move, parse_cards, position_problems, review, setup_steps,
    table_view, trick_move,
)
from rally import rally_run as rr
from rally.cli import main
from rally.stich_rallye.replay import replay_states
from rally.rally_run import (
    DEFAULT_TILE_MIX, Cell, FreePlay, NoMemoryBot, PerfectMemoryBot, Piece, RallyRunGame, RandomRunBot, Tile, TileKind,
)
from rally.rally_run.replay import replay_states as run_replay_states

#: Deterministic: the same examples every run, no example database.
FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# ------------------------------------------------------------------ junk

#: Junk a notebook, a page or a file might hand over, one value at a time.
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**80), 2**80),
    st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 7, 16, 25, 29, 99, 2**64, -(2**70), 10**5000, -(10**5000)]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.binary(max_size=8),
    st.sampled_from(["", "0", "-1", "7", "G5", "B3", "red", "de", "xx", "reveal B3", "٣", "\udcff", "9" * 5000]),
    st.lists(st.integers(-2, 30), max_size=4), st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.integers(-1, 9), st.lists(st.integers(0, 40), max_size=3), max_size=2),
    st.sampled_from([(), (0, 0), (5, 0), ("a",), {1, 2}, object(), range(3), iter([1]), lambda *a: None,
                     Card.parse("G5"), Cell.parse("B3"), TRACKS["volcano"], TileKind.CURVE, Tile.parse("S:NS"),
                     Turbo(True), How.COUNTED, random.Random(0)]),
)


def stich_game() -> Game:
    game = Game.new(3, seed=1)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    return game


@functools.lru_cache(maxsize=None)
def finished_game() -> str:
    game = Game.new(3, seed=2)
    rally.play_out(game, [RandomBot()] * 3, random.Random(2))
    return game.to_json()


def run_game(rotating: bool = False) -> RallyRunGame:
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    if not rotating:
        game.apply("rotate 1")
    return game


def free_play() -> FreePlay:
    play = FreePlay(rows=3, cols=3)
    play.lay("A1", "C:ES")
    play.lay("B1", "C:SW")
    play.put_car("red", "A1")
    return play


@functools.lru_cache(maxsize=None)
def a_position() -> Position:
    return Position.from_game(stich_game())


@functools.lru_cache(maxsize=None)
def an_advice() -> rally.Advice:
    return advise(a_position(), playouts=8, seed=0, stop_early=False, batch=8)


@functools.lru_cache(maxsize=None)
def a_review() -> rally.Review:
    return review(Game.from_json(finished_game()), 0, playouts=2, seed=0)


def snapshot(value: object) -> object:
    """What must not change when a call on ``value`` is refused."""
    if isinstance(value, (Game, RallyRunGame)):
        return value.to_json()
    if isinstance(value, FreePlay):
        return repr(value), value.laid, value.cars
    if isinstance(value, rally.rally_run.MemoryBot):
        return value.remembered(run_game().observation(0)), value.describe()
    return None


# ------------------------------------------------------------------ the entry points

#: (name, what the call is made on or None, the call, its right arguments). An argument
#: given as ``Of(f)`` is ``f(thing)``: made from the thing the call is made on.
@dataclasses.dataclass(frozen=True)
class Of:
    make: Callable[[Any], Any]


def method(name: str) -> Callable[..., Any]:
    return lambda thing, **kwargs: getattr(thing, name)(**kwargs)


def free(function: Callable[..., Any]) -> Callable[..., Any]:
    return lambda thing, **kwargs: function(**kwargs)


def stich_events() -> list[rally.Event]:
    game = Game.from_json(finished_game())
    return list({type(e): e for e in game.events}.values())


def run_events() -> list[rr.RunEvent]:
    game = run_game()
    rr.play_out(game, [NoMemoryBot(), NoMemoryBot()], random.Random(0))
    return list({type(e): e for e in game.events}.values())


LANG = {"lang": None}
ENTRY_POINTS: list[tuple[str, Callable[[], Any] | None, Callable[..., Any], dict[str, Any]]] = [
    # --- Stich Rallye
    ("Card", None, free(Card), {"color": 1, "value": 5}),
    ("Card.parse", None, free(Card.parse), {"text": "G5"}),
    ("Card.from_code", None, free(Card.from_code), {"code": 21}),
    ("Card.describe", lambda: Card.parse("G5"), method("describe"), LANG),
    ("Color.from_letter", None, free(Color.from_letter), {"letter": "G"}),
    ("deck", None, free(rally.deck), {"players": 3}),
    ("parse_cards", None, free(parse_cards), {"cards": "G5 R3"}),
    ("Game.new", None, free(Game.new), {"players": 3, "track": "volcano", "seed": 0, "first_player": 0,
                                         "dial": DEFAULT_DIAL, "names": None, "record": True}),
    ("Game.from_json", None, free(Game.from_json), {"text": Of(lambda _: stich_game().to_json())}),
    ("Game.hand_codes", stich_game, method("hand_codes"), {"seat": 0}),
    ("Game.bot_view", stich_game, method("bot_view"), {"seat": 0}),
    ("Game.why_illegal", stich_game, method("why_illegal"), {"action": "R2", "seat": None, "lang": None}),
    ("Game.apply", stich_game, method("apply"), {"action": Of(lambda g: g.legal_actions()[0]), "seat": None}),
    ("Game.apply_recorded", stich_game, method("apply_recorded"), {"action": Of(lambda g: g.legal_actions()[0])}),
    ("Game.set_hidden_cards", stich_game, method("set_hidden_cards"),
     {"hands": {}, "discards": Of(lambda g: list(g.discard_codes)), "seed": 0}),
    ("Game.random_playout", stich_game, method("random_playout"), {"rng": Of(lambda g: random.Random(0))}),
    ("Game.describe", stich_game, method("describe"), {"event": Of(lambda g: g.events[0]), "lang": None}),
    ("Game.narrate", stich_game, method("narrate"), LANG),
    ("Game.summary", stich_game, method("summary"), LANG),
    ("Game.to_json", stich_game, method("to_json"), {"indent": None}),
    ("trick_move", None, free(trick_move), {"lowest": 3, "motor_value": 2, "turbo": True}),
    ("leader", None, free(rally.leader), {"positions": [3, 5, 0], "flag": 0}),
    ("release_order", None, free(rally.release_order), {"positions": [3, 5, 0], "flag": 0}),
    ("setup_steps", None, free(setup_steps), {"game": Of(lambda _: Game.new(3)), "lang": None}),
    ("table_view", None, lambda _, game: table_view(game).words(), {"game": Of(lambda _: stich_game())}),
    ("Motor", None, lambda _, **k: rally.Motor(**k).wound().released(), {"position": 0, "dial": DEFAULT_DIAL}),
    ("check_dial", None, free(rally.check_dial), {"dial": [0, 1, 2]}),
    ("move", None, lambda _, **k: move(**k).describe(), {"track": TRACKS["volcano"], "positions": [0, 1, 2],
                                                         "mover": 0, "steps": 3}),
    ("check_positions", None, free(check_positions), {"track": TRACKS["volcano"], "positions": {0: 3}}),
    ("position_problems", None, free(position_problems), {"track": TRACKS["volcano"], "positions": {0: 3}}),
    ("Move", None, lambda _, **k: (Move(**k).describe(), Move(**k).captions(), repr(Move(**k))),
     {"mover": 0, "start": 3, "steps": 2, "final": 5, "counted_end": 5, "roll": None,
      "path": (PathStep(4, How.COUNTED), PathStep(5, How.COUNTED)), "track_length": 30}),
    ("Move.describe", lambda: move(TRACKS["volcano"], [0, 1, 2], 0, 4), method("describe"),
     {"names": ["A", "B", "C"], "lang": None}),
    ("Move.captions", lambda: move(TRACKS["volcano"], [0, 1, 2], 0, 4), method("captions"),
     {"names": ["A", "B", "C"], "lang": None}),
    ("PathStep", None, lambda _, **k: (str(PathStep(**k)), repr(PathStep(**k))),
     {"progress": 3, "how": How.COUNTED, "over": None}),
    ("Track.parse", None, free(rally.Track.parse), {"text": "S....", "name": "custom"}),
    ("Track.kind", lambda: TRACKS["volcano"], method("kind"), {"space": 3}),
    ("Track.count", lambda: TRACKS["volcano"], method("count"), {"kind": SpaceKind.DOWNHILL}),
    ("get_track", None, free(rally.get_track), {"track": "beach"}),
    ("check_trick", None, free(rally.check_trick), {"trick": parse_cards("G5 G7 R3"), "complete": False}),
    ("explain_trick", None, lambda _, **k: rally.explain_trick(**k).sentence,
     {"trick": parse_cards("G5 G7 R3"), "lang": None}),
    ("legal_plays", None, free(rally.legal_plays), {"hand": parse_cards("G5 R3"), "trick": parse_cards("G7")}),
    ("why_illegal", None, free(rally.why_illegal),
     {"hand": parse_cards("G5 R3"), "trick": parse_cards("G7"), "card": Card.parse("R3")}),
    ("play_out", stich_game, free(rally.play_out),
     {"game": Of(lambda g: g), "bots": [RandomBot()] * 3, "rng": Of(lambda g: random.Random(0))}),
    ("play_until", stich_game, free(rally.play_until),
     {"game": Of(lambda g: g), "bots": [HeuristicBot()] * 3, "rng": Of(lambda g: random.Random(0)),
      "stop": lambda g: g.is_over}),
    ("play_bots", stich_game, free(rally.play_bots),
     {"game": Of(lambda g: g), "bots": [RandomBot(), None, RandomBot()], "rng": Of(lambda g: random.Random(0)),
      "until": None, "limit": None, "stop": None}),
    ("HeuristicBot", None, lambda _, **k: HeuristicBot(**k), {"min_gain": 3, "turbo": "smart"}),
    ("RandomBot.choose", RandomBot, method("choose"), {"game": Of(lambda _: stich_game()),
                                                      "actions": Of(lambda _: stich_game().legal_actions()),
                                                      "rng": Of(lambda _: random.Random(0))}),
    ("HeuristicBot.choose", HeuristicBot, method("choose"), {"game": Of(lambda _: stich_game()),
                                                            "actions": Of(lambda _: stich_game().legal_actions()),
                                                            "rng": Of(lambda _: random.Random(0))}),
    ("Position.from_game", None, free(Position.from_game), {"game": Of(lambda _: stich_game()), "reveal": False}),
    ("Position.to_game", a_position, method("to_game"), {"rng": None}),
    ("Position.preview", a_position, method("preview"), {"action": Of(lambda p: p.options()[0]), "lang": None}),
    ("Position.from_json", None, free(Position.from_json), {"text": Of(lambda _: a_position().to_json())}),
    ("Position.from_code", None, free(Position.from_code), {"code": Of(lambda _: a_position().code())}),
    ("Position.to_json", a_position, method("to_json"), {"indent": None}),
    ("Position.summary", a_position, method("summary"), LANG),
    ("Advice.judge", an_advice, method("judge"), {"guess": "R2", "lang": None}),
    ("Advice.table", an_advice, method("table"), LANG),
    ("OptionResult.clearly_above", lambda: an_advice().options[0], method("clearly_above"),
     {"other": Of(lambda o: o)}),
    ("Review.costly", a_review, method("costly"), {"k": 3}),
    ("Review.sentence", a_review, method("sentence"), LANG),
    ("replay_states", None, free(replay_states), {"game": Of(lambda _: stich_game()), "lang": None}),
    ("set_language", None, lambda _, lang: rally.set_language(rally.set_language(lang)), {"lang": "en"}),
    # --- Rally Run
    ("RallyRunGame.new", None, free(RallyRunGame.new),
     {"players": 2, "seed": 0, "tiles": DEFAULT_TILE_MIX, "first_player": 0, "names": None, "max_turns": None}),
    ("RallyRunGame.arrange", None, free(RallyRunGame.arrange),
     {"players": 2, "tiles": {"A1": "S:EW"}, "cars": None, "trophies": None, "turn": None, "last_swap": None,
      "seed": 0}),
    ("RallyRunGame.from_json", None, free(RallyRunGame.from_json), {"text": Of(lambda _: run_game().to_json())}),
    *[(f"RallyRunGame.{name}{' rotating' if rotating else ''}", functools.partial(run_game, rotating), method(name),
       kwargs)
      for rotating in (False, True)
      for name, kwargs in [
          ("problems", LANG), ("car_place", {"seat": 0}), ("is_face_up", {"cell": "A1"}), ("tile", {"cell": "A1"}),
          ("goal", {"seat": 0}), ("can_move", {"seat": None}), ("is_stuck_for_good", {"seat": 0}),
          ("what_is_legal", {"seat": 0, "lang": None}),
          ("why_illegal", {"action": "reveal A2", "seat": None, "lang": None}),
          ("apply", {"action": Of(lambda g: g.legal_actions()[0]), "seat": None}), ("bot_view", {"seat": 0}),
          ("observation", {"seat": 0}), ("narrate", LANG), ("summary", {"reveal": False, "lang": None}),
          ("to_json", {"indent": None})]],
    ("rally_run.play_out", run_game, free(rr.play_out),
     {"game": Of(lambda g: g), "bots": [NoMemoryBot(), NoMemoryBot()], "rng": Of(lambda g: random.Random(0))}),
    ("rally_run.replay_states", run_game, free(run_replay_states), {"game": Of(lambda g: g), "lang": None}),
    ("rally_run.parse_action", None, free(rr.parse_action), {"text": "reveal B3"}),
    ("parse_bot", None, free(rr.parse_bot), {"text": "forgetful:3"}),
    ("Cell", None, free(Cell), {"row": 1, "col": 1}),
    ("Cell.of", None, free(Cell.of), {"index": 3}),
    ("Tile", None, lambda _, **k: Tile(**k).describe(), {"kind": TileKind.CURVE, "rotation": 0}),
    ("Tile.from_code", None, free(Tile.from_code), {"code": 4}),
    ("Tile.opens", lambda: Tile.parse("C:NE"), method("opens"), {"direction": "N"}),
    ("Tile.rotated", lambda: Tile.parse("C:NE"), method("rotated"), {"turns": 1}),
    ("TileKind.mask", lambda: TileKind.CURVE, method("mask"), {"rotation": 1}),
    ("Reveal", None, lambda _, cell: rr.Reveal(cell).words(), {"cell": "B3"}),
    ("Rotate", None, lambda _, rotation: rr.Rotate(rotation).words(), {"rotation": 1}),
    ("Swap", None, lambda _, a, b: rr.Swap(a, b).words(), {"a": "B3", "b": "B4"}),
    ("check_tile_mix", None, free(rr.check_tile_mix), {"mix": DEFAULT_TILE_MIX}),
    ("distance", None, free(rr.distance), {"a": 0, "b": 3}),
    ("ForgetfulBot", None, free(rr.ForgetfulBot), {"turns": 3}),
    ("MemoryBot.describe", PerfectMemoryBot, method("describe"), LANG),
    ("MemoryBot.observe", PerfectMemoryBot, method("observe"), {"obs": Of(lambda _: run_game().observation(0))}),
    ("MemoryBot.remembered", PerfectMemoryBot, method("remembered"),
     {"obs": Of(lambda _: run_game().observation(0))}),
    ("MemoryBot.choose", PerfectMemoryBot, method("choose"),
     {"view": Of(lambda _: run_game().observation(0)), "actions": Of(lambda _: run_game().legal_actions()),
      "rng": Of(lambda _: random.Random(0))}),
    ("RandomRunBot.choose", RandomRunBot, method("choose"),
     {"view": Of(lambda _: run_game()), "actions": Of(lambda _: run_game().legal_actions()),
      "rng": Of(lambda _: random.Random(0))}),
    ("Observation.mask", lambda: run_game().observation(0), method("mask"), {"place": 3}),
    ("Observation.neighbours", lambda: run_game().observation(0), method("neighbours"), {"place": 3}),
    ("FreePlay", None, lambda _, **k: FreePlay(**k).status(), {"rows": 3, "cols": 3, "tile_mix": DEFAULT_TILE_MIX}),
    ("FreePlay.name", free_play, method("name"), {"square": (0, 0)}),
    *[(f"FreePlay.{name}", free_play, method(name), kwargs) for name, kwargs in [
        ("square", {"text": "A1"}), ("piece_at", {"square": "A1"}),
        ("lay", {"square": "C3", "piece": "curve", "rotation": None}), ("turn", {"square": "A1", "turns": 1}),
        ("lift", {"square": "A1"}), ("put_car", {"color": "blue", "square": "B1"}), ("take_car", {"color": "red"}),
        ("drive", {"color": "red", "square": "B1"}), ("drive_round", {"color": "red"})]],
    ("Piece", None, lambda _, **k: Piece(**k).words(), {"kind": TileKind.CURVE, "color": None, "rotation": 0}),
    ("Piece.rotated", lambda: Piece.parse("curve"), method("rotated"), {"turns": 1}),
]
#: Every event of both games: made from its fields, and said in words.
ENTRY_POINTS += [
    (f"{type(event).__name__}", None,
     functools.partial(lambda cls, seats, _, **k: cls(**k).describe(seats), type(event), ["A", "B", "C"]),
     {name: getattr(event, name) for name in event.field_names()})
    for event in [*stich_events(), *run_events()]
] + [
    (f"{type(event).__name__}.describe", functools.partial(lambda e: e, event), method("describe"),
     {"names": ["A", "B", "C"], "lang": None})
    for event in [*stich_events(), *run_events()]
]
#: Arguments where a bool or a negative number must be refused, not read as another number.
COUNTED = {"seat", "code", "index", "place", "cell", "row", "col", "players", "first_player", "flag", "round",
           "position", "lap", "value", "start", "final", "counted_end", "track_length", "leader", "progress",
           "lowest", "motor_value", "min_gain", "playouts", "indent", "max_turns", "turn", "rows", "cols", "seed",
           "a", "b"}
#: Where a negative number has a meaning of its own (turns the other way; a space counted back).
NEGATIVE_MEANS_SOMETHING = {("Track.kind", "space"), ("Tile.rotated", "turns"), ("TileKind.mask", "rotation"),
                            ("FreePlay.turn", "turns"), ("Piece.rotated", "turns")}
#: Asking why an action is illegal answers with the reason (a seat no game has among them), not an error.
ANSWERS_IN_WORDS = {"why_illegal"}


def arguments(thing: object, right: dict[str, Any]) -> dict[str, Any]:
    return {name: value.make(thing) if isinstance(value, Of) else value for name, value in right.items()}


@FUZZ
@given(entry=st.sampled_from(ENTRY_POINTS), data=st.data())
def test_every_public_entry_point_takes_junk_in_any_one_argument_or_refuses_it(entry, data):
    name, make, call, right = entry
    thing = make() if make is not None else None
    kwargs = arguments(thing, right)
    junk_in = data.draw(st.sampled_from(sorted(kwargs)), label="argument")
    junk = data.draw(JUNK, label="junk")
    kwargs[junk_in] = junk
    before = snapshot(thing)
    try:
        call(thing, **kwargs)
    except RuleError:
        assert snapshot(thing) == before, f"{name} refused {junk_in}={junk!r} but changed"
        return
    wrong_number = isinstance(junk, (bool, float)) or (type(junk) is int and junk < 0)
    if junk_in in COUNTED and wrong_number and (name, junk_in) not in NEGATIVE_MEANS_SOMETHING \
            and name.split(".")[-1].split(" ")[0] not in ANSWERS_IN_WORDS:
        pytest.fail(f"{name} took {junk_in}={junk!r} as a number")


def test_the_entry_points_cover_both_games_public_names():
    covered = {entry[0].split(".")[0].split(" ")[0] for entry in ENTRY_POINTS}
    for name in ("Card", "Game", "Move", "Position", "RallyRunGame", "FreePlay", "Tile", "Cell", "CardPlayed",
                 "TileRevealed", "play_out", "distance"):
        assert name in covered
    assert len(ENTRY_POINTS) >= 150


# ------------------------------------------------------------------ parsers


@FUZZ
@given(code=JUNK | st.integers(-5, 60))
def test_a_card_code_is_a_card_or_refused(code):
    try:
        card = Card.from_code(code)
    except rally.CardError:
        assert not (type(code) is int and code in rally.CARDS)
    else:
        assert card.code == code and type(code) is int


@FUZZ
@given(text=JUNK | st.text(alphabet="ABCDEFGHIJKLM0123456789 ", max_size=4)
       | st.tuples(st.integers(-2, 13), st.integers(-2, 13)))
def test_a_square_of_the_free_play_grid_is_one_of_its_squares_or_refused(text):
    play = FreePlay(rows=6, cols=8)
    try:
        square = play.square(text)
    except rr.TileError:
        return
    assert 0 <= square[0] < 6 and 0 <= square[1] < 8
    assert play.square(play.name(square)) == square


@FUZZ
@given(value=JUNK | st.text(alphabet="SCXD:NESW0123 abcdeilnoprstuwy-", max_size=12) | st.integers(-2, 20))
def test_tiles_and_pieces_are_read_or_refused(value):
    for read in (Tile.parse, Tile.from_code, TileKind.parse, Piece.parse):
        try:
            read(value)
        except rr.TileError:
            pass
    try:
        tile = Tile.parse(value)
    except rr.TileError:
        return
    assert Tile.parse(str(tile)) == tile and Tile.from_code(tile.code) == tile


COMMANDS = ["lay", "turn", "lift", "put_car", "take_car", "drive", "drive_round", "piece_at", "name"]


@FUZZ
@given(commands=st.lists(st.tuples(st.sampled_from(COMMANDS), JUNK | st.sampled_from(["A1", "B1", "C3", "red"]),
                                   JUNK | st.sampled_from(["curve", "C:NE", "blue", "B1", 1])), max_size=8))
def test_free_play_commands_do_what_they_say_or_refuse_and_change_nothing(commands):
    play = free_play()
    for command, first, second in commands:
        before = snapshot(play)
        try:
            if command in ("take_car", "drive_round", "lift", "piece_at", "name"):
                getattr(play, command)(first)
            else:
                getattr(play, command)(first, second)
        except rr.TileError:
            assert snapshot(play) == before
    play.status()


@FUZZ
@given(text=JUNK | st.text(alphabet="SR1_TvolcanoRFPMCHX0123456789.GB%~-", max_size=60)
       | st.sampled_from([a_position().code(), a_position().to_json()]).flatmap(
           lambda real: st.integers(0, len(real)).map(lambda cut: real[:cut])))
def test_position_codes_and_json_are_read_or_refused(text):
    for read in (Position.from_code, Position.from_json):
        try:
            position = read(text)
        except rally.PositionError:
            continue
        assert Position.from_code(position.code()) == position


WORDS = ["explain", "simulate", "tracks", "run", "--players", "--seed", "--track", "--bots", "--brief", "--games",
         "--max-turns", "--lang", "--help", "de", "en", "xx", "3", "4", "0", "-1", "٣", "G11", "R5", "B7", "G3", "G16",
         "beach", "S....", "random", "perfect", "none", "forgetful:٣", "9" * 30, ""]


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(argv=st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=6))
def test_the_command_line_answers_any_arguments_with_its_output_or_one_line(argv):
    if "simulate" in argv or "run" in argv:  # a whole game each: keep the runs short
        argv = [word for word in argv if word not in ("--games", "--max-turns")]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as done:  # --help, or arguments argparse refuses
            code = done.code
    assert code in (0, 2), (argv, code, err.getvalue())
    if code == 2:
        assert len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
        assert "Traceback" not in err.getvalue()


# ------------------------------------------------------------------ events and moves


def event_fields(event: object) -> dict[str, Any]:
    return {name: getattr(event, name) for name in event.field_names()}


@FUZZ
@given(event=st.sampled_from([*stich_events(), *run_events()]), data=st.data())
def test_an_event_is_made_only_in_range_and_says_itself_with_enough_names(event, data):
    fields = event_fields(event)
    field = data.draw(st.sampled_from(sorted(fields)), label="field")
    fields[field] = data.draw(JUNK, label="value")
    try:
        made = type(event)(**fields)
    except rally.PositionError:
        return
    assert made.to_dict()["kind"] == event.kind
    for names in (["Ada", "Bo", "Cy", "Di", "Ed"], data.draw(JUNK, label="names")):
        try:
            assert made.describe(names)
        except rally.SetupError:
            pass
    assert type(made)(**event_fields(made)) == made


@FUZZ
@given(field=st.sampled_from(["mover", "start", "steps", "final", "counted_end", "roll", "path", "track_length"]),
       value=JUNK, names=JUNK)
def test_a_move_is_made_only_in_range_and_says_itself(field, value, names):
    fields = {"mover": 0, "start": 3, "steps": 2, "final": 5, "counted_end": 5, "roll": None,
              "path": (PathStep(4, How.COUNTED), PathStep(5, How.JUMPED, 1)), "track_length": 30}
    fields[field] = value
    try:
        made = Move(**fields)
    except rally.PositionError:
        return
    assert made.describe() and repr(made) and made.space < made.track_length
    made.captions()
    for call in (made.describe, made.captions):
        try:
            call(names)
        except rally.SetupError:
            pass


def test_saved_games_round_trip_after_the_events_check_themselves():
    game = Game.from_json(finished_game())
    assert Game.from_json(game.to_json()) == game
    data = json.loads(game.to_json())
    assert [rally.stich_rallye.events.event_from_dict(e).to_dict() for e in data["events"]] == data["events"]
    run = run_game()
    assert RallyRunGame.from_json(run.to_json()).to_json() == run.to_json()
