"""Property-based tests: many random full games, every ruling checked along the way.

Games are played by ``play_out`` with a mix of RandomBot and HeuristicBot, on the
built-in tracks and on random valid tracks, with random dials. Each recorded game's
event log is replayed by ``check_event_log`` (conftest.py), which asserts S1, S3-S9
and S11-S13 against reference implementations written from RULINGS.md; the bots are
wrapped in ``CheckedBot``, which checks the live state before every decision.
"""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CheckedBot, LogChecker, check_event_log, dials, position_violations, ref_leader, track_texts
from rally import (
    DEFAULT_DIAL, CardPlayed, Dealt, Game, GameWon, HeuristicBot, LapCompleted, Moved, PositionError, RandomBot,
    RoundEnded, Track, Turbo, deck, play_out,
)
from rally.stich_rallye.events import event_from_dict

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw, players: int, track_kind: str):
    if track_kind == "random":
        track = draw(track_texts(players))
    else:
        track = track_kind
    return dict(
        players=players,
        track=track,
        dial=draw(st.one_of(st.just(DEFAULT_DIAL), dials)),
        seed=draw(st.integers(0, 2**31)),
        first_player=draw(st.integers(0, players - 1)),
        heuristic=draw(st.lists(st.booleans(), min_size=players, max_size=players)),
        rng_seed=draw(st.integers(0, 2**31)),
    )


def new_game(setup, record=True):
    return Game.new(setup["players"], track=setup["track"], seed=setup["seed"],
                    first_player=setup["first_player"], dial=setup["dial"], record=record)


def bots_for(setup):
    return [HeuristicBot() if h else RandomBot() for h in setup["heuristic"]]


GRID = [(p, t) for p in (3, 4, 5) for t in ("volcano", "beach", "random")]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(case=st.integers(3, 5).flatmap(lambda p: st.tuples(st.just(p), track_texts(p))))
def test_track_strategy_makes_valid_tracks(case):
    players, text = case
    track = Track.parse(text)  # raises TrackError if the generator were wrong
    assert track.resting_spaces > players


# ------------------------------------------------------------- full games, all rules


@pytest.mark.parametrize("players, track_kind", GRID)
@SETTINGS
@given(data=st.data())
def test_random_games_follow_every_ruling(players, track_kind, data):
    setup = data.draw(setups(players, track_kind))
    game = new_game(setup)
    checked = [CheckedBot(b) for b in bots_for(setup)]
    assert play_out(game, checked, random.Random(setup["rng_seed"])) is game
    assert sum(b.decisions for b in checked) > 0
    # The replay checks: deals (S3), seat order and flag (S1), following (S4), trick
    # winner and distance (S5), every move against an independent S7/S9 oracle, cars
    # on distinct spaces and never on a hill (S6, S9), turbo offered iff the motor is
    # above 0 (S8), winding and over-winding (S11), round-end order, release and
    # reset (S12), laps and exactly one winner, last (S13).
    checker = check_event_log(game, setup["first_player"])
    assert checker.moves == len([e for e in game.events if isinstance(e, Moved)])


@pytest.mark.parametrize("players", [3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_cards_are_dealt_once_and_played_once_per_round(players, data):
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    game = play_out(new_game(setup), bots_for(setup), random.Random(setup["rng_seed"]))
    in_play = set(deck(players))
    dealt, played = {}, {}
    for e in game.events:
        if isinstance(e, Dealt):
            hands = [set(h) for h in e.hands]
            all_dealt = [c for h in e.hands for c in h]
            assert len(set(all_dealt)) == len(all_dealt) and set(all_dealt) <= in_play
            dealt[e.round] = hands
            played[e.round] = []
            current = e.round
        elif isinstance(e, CardPlayed):
            assert e.card in dealt[current][e.seat], f"{e.card} was not dealt to seat {e.seat}"
            played[current].append(e.card)
    for r, cards_played in played.items():
        assert len(cards_played) == len(set(cards_played)), f"a card played twice in round {r}"
    # Every round that reached its end played every dealt card.
    completed = [e.round for e in game.events if isinstance(e, RoundEnded)]
    assert completed == list(range(1, len(completed) + 1))
    for r in completed:
        assert set(played[r]) == set().union(*dealt[r])


@pytest.mark.parametrize("players", [3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_game_ends_by_round_3_with_one_winner(players, data):
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    game = play_out(new_game(setup), bots_for(setup), random.Random(setup["rng_seed"]))
    n2 = 2 * len(game.track)
    wins = [e for e in game.events if isinstance(e, GameWon)]
    assert len(wins) == 1 and game.events[-1] is wins[0]
    assert game.is_over and game.round <= 3 and game.winner == wins[0].seat
    assert game.legal_actions() == [] and game.current_player is None
    finishers = [e.seat for e in game.events if isinstance(e, Moved) and e.move.final >= n2]
    if finishers:
        # The first car to reach 2N wins, and nothing moves after it.
        assert wins[0].reason == "second lap" and finishers == [wins[0].seat]
        assert isinstance(game.events[-2], LapCompleted)
    else:
        assert wins[0].reason == "leader" and game.round == 3
        assert sum(isinstance(e, Dealt) for e in game.events) == 3
        assert wins[0].seat == ref_leader(game.positions, game.flag)
        assert game.positions[wins[0].seat] == max(game.positions)
        assert game.motors == (0,) * players  # all released (S12)
    assert not position_violations(str(game.track), game.positions)


# ------------------------------------------------------- clone and JSON round trips


def _random_prefix(game, rng, steps):
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])


@pytest.mark.parametrize("record", [True, False])
@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_clone_and_json_copies_are_equal_and_independent(record, data):
    players = data.draw(st.integers(3, 5))
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    game = new_game(setup, record=record)
    rng = random.Random(setup["rng_seed"])
    _random_prefix(game, rng, data.draw(st.integers(0, 160)))

    clone = game.clone()
    copy = Game.from_json(game.to_json())
    snapshot = game.to_json()
    assert clone == game and copy == game
    assert clone.to_json() == snapshot and copy.to_json() == snapshot
    assert copy.recording == record and len(copy.events) == len(game.events)
    if game.is_over:
        return
    # Mutating the original leaves both copies unchanged ...
    action = game.legal_actions()[0]
    game.apply(action)
    assert game.to_json() != snapshot
    assert clone.to_json() == snapshot and copy.to_json() == snapshot
    # ... mutating a copy leaves the original (and the other copy) unchanged ...
    after_original = game.to_json()
    clone.apply(action)
    assert game.to_json() == after_original and copy.to_json() == snapshot
    copy.apply(action)
    assert game.to_json() == after_original
    # ... and each copy, given the same action, reaches the same state.
    assert clone == game and copy == game
    # A whole playout of a copy never touches the original.
    play_out(clone, [RandomBot()] * players, random.Random(1))
    assert game.to_json() == after_original


@pytest.mark.parametrize("players", [3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_json_round_trip_of_finished_games(players, data):
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    game = play_out(new_game(setup), bots_for(setup), random.Random(setup["rng_seed"]))
    copy = Game.from_json(game.to_json())
    assert copy == game and copy.events == game.events
    assert json.loads(copy.to_json()) == json.loads(game.to_json())


# ----------------------------------------------------------- fast path == slow path


def _without_events(game):
    d = game.to_dict()
    del d["events"]
    return d


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_unrecorded_random_games_end_exactly_like_recorded_ones(players, data):
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    fast = play_out(new_game(setup, record=False), [RandomBot()] * players, random.Random(setup["rng_seed"]))
    slow = play_out(new_game(setup, record=True), [RandomBot()] * players, random.Random(setup["rng_seed"]))
    assert fast.events == () and slow.events
    assert fast.is_over and slow.is_over
    assert _without_events(fast) == _without_events(slow)


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_fast_path_from_any_position_matches_the_slow_path(players, data):
    setup = data.draw(setups(players, data.draw(st.sampled_from(["volcano", "beach", "random"]))))
    start = new_game(setup, record=False)
    _random_prefix(start, random.Random(setup["seed"]), data.draw(st.integers(0, 120)))
    # Mid-trick and turbo-choice positions included. The slow copy keeps a log from
    # this moment on (a log is the whole game's history, so it cannot be loaded).
    fast = start.clone()
    slow = Game.from_state(start.state())
    slow.record_from_now()
    assert slow.recording and slow == start
    play_out(fast, [RandomBot()] * players, random.Random(setup["rng_seed"]))
    play_out(slow, [RandomBot()] * players, random.Random(setup["rng_seed"]))
    assert _without_events(fast) == _without_events(slow)
    assert fast.events == () and (bool(slow.events) or start.is_over)


def test_fast_path_reaches_turbo_positions():
    """Sanity check on the previous test: random prefixes do stop at turbo choices."""
    seen = 0
    for seed in range(30):
        game = Game.new(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not game.is_over:
            if isinstance(game.legal_actions()[0], Turbo):
                seen += 1
                break
            _random_prefix(game, rng, 1)
    assert seen > 0


# ------------------------------------------------- the checker itself can fail


def _reference_game():
    """A finished recorded game with round ends and turbo choices in its log."""
    for seed in range(100):
        game = Game.new(4, seed=seed)
        play_out(game, [RandomBot(), HeuristicBot()] * 2, random.Random(seed))
        kinds = {e.kind for e in game.events}
        if {"round_ended", "turbo_used", "motor_released"} <= kinds:
            return game
    raise AssertionError("no suitable game found")


def _first(events, kind):
    return next(e for e in events if e["kind"] == kind)


def _bump_final(ev):
    _first(ev, "moved")["move"]["final"] += 1


def _bump_wound(ev):
    _first(ev, "motor_wound")["position"] += 1


def _wrong_seat(ev):
    card = _first(ev, "card_played")
    card["seat"] = (card["seat"] + 1) % 4


def _reverse_release(ev):
    ended = _first(ev, "round_ended")
    ended["order"] = ended["order"][::-1]


def _wrong_winner(ev):
    ev[-1]["seat"] = (ev[-1]["seat"] + 1) % 4


def _deal_twice(ev):
    hands = _first(ev, "dealt")["hands"]
    hands[1][0] = hands[0][0]


def _drop_turbo(ev):
    ev.remove(_first(ev, "turbo_used"))


@pytest.mark.parametrize("tamper", [_bump_final, _bump_wound, _wrong_seat, _reverse_release, _wrong_winner,
                                    _deal_twice, _drop_turbo])
def test_a_tampered_log_is_refused_on_load_and_caught_by_the_checker(tamper):
    game = _reference_game()
    check_event_log(game)  # the real log passes
    assert Game.from_json(game.to_json()) == game
    data = json.loads(game.to_json())
    tamper(data["events"])
    text = json.dumps(data)
    # A saved log is replayed from the seed when it is loaded (invariant I11): a log
    # that is not the game's own history is refused, naming where it goes wrong.
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    assert re.search(r"[Ee]vent", str(info.value)), str(info.value)
    # The independent checker (conftest.py) catches it too, replaying the events alone.
    events = tuple(event_from_dict(e) for e in data["events"])
    stand_in = SimpleNamespace(players=game.players, track=game.track, dial=game.dial, events=events)
    with pytest.raises(AssertionError):
        LogChecker(stand_in, game.first_player).run()
