"""Stich Rallye: what no real game could produce is refused, and nothing else is (issue 14).

1. Each invariant I1-I11 of docs/invariants.md, and each problem of rally/stich_rallye/legality.py:
   a state a seeded game reaches, with one thing changed, is refused with exactly that
   problem, asserted by its code and facts (by ``state_issues`` and by ``Game.from_state``);
   one sentence of each invariant is read in English (and in German in test_i18n_positions.py).
2. Every state random play reaches (3, 4 and 5 players, built-in and random tracks and
   dials) has no problems and round-trips through JSON; every decision round-trips as a
   ``Position`` through its code and its JSON.
3. Whatever comes in (any text, non-ASCII digits, bytes, huge numbers, floats, None,
   bools, nested lists, dicts, deeply nested JSON), every parser and constructor answers
   with a ``rally.RuleError`` and nothing else, and no input makes it run away; the
   concrete cases of the issue each have a test.
4. A refused action leaves the game exactly as it was.

Tests marked ``xfail(strict=True)`` show engine bugs found while writing these (see
their reasons); they turn into failures once the bug is fixed, to be unmarked then.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import dials, track_texts
from rally import (
    DEFAULT_DIAL, CardPlayed, Card, CardError, Color, Dealt, Event, FlagTaken, Game, GameState, HeuristicBot,
    IllegalAction, MotorWound, PositionError, Position, RandomBot, RuleError, SetupError, TRACKS, Track,
    TrackError, TrickWon, Turbo, check_dial, check_trick, deck, explain_trick, get_track, leader, legal_plays,
    move, parse_action, parse_cards, play_until, release_order, trick_winner, why_illegal,
)
from rally.stich_rallye.advisor import advise
from rally.stich_rallye.analysis import win_rates
from rally.common.problem import Problem
from rally.stich_rallye.legality import state_issues, state_problems
from rally.stich_rallye.motor import Motor

# ====================================================================== moments of real games


def reach(players: int, seed: int, stop=lambda game: False, *, track="volcano", bots=HeuristicBot,
          record: bool = False, **setup) -> Game:
    """The game of ``players`` bots dealt from ``seed`` (drawing from ``random.Random(seed)``),
    played until ``stop(game)`` or its end: every moment below is one a real game reaches."""
    game = Game.new(players, track=track, seed=seed, record=record, **setup)
    return play_until(game, [bots() for _ in range(players)], random.Random(seed), stop)


@functools.lru_cache(maxsize=None)
def mid_round_two() -> GameState:
    """Seed 3, four heuristic players, round 2: two tricks done (Di won the second and
    holds the flag), Di led G5 and Ada followed with G6. Motors (1, 2, 2, 1)."""
    state = reach(4, 3, lambda g: g.round == 2 and len(g.discards) >= 8 and len(g.trick) == 2).state()
    assert (state.round, state.tricks_done, state.flag, len(state.trick)) == (2, 2, 3, 2)
    assert state.motors == (1, 2, 2, 1) and state_problems(state) == []
    return state


@functools.lru_cache(maxsize=None)
def turbo_moment() -> GameState:
    """Seed 3, round 2 after one trick (Ada won it): Ada led B2, Bo B4, Cy B3, Di B11;
    Di won and chooses the turbo. Bo and Cy lost both tricks (motors at 2)."""
    state = reach(4, 3, lambda g: g.round == 2 and g.awaiting_turbo).state()
    assert (state.phase, state.tricks_done, state.flag, state.motors) == ("turbo", 1, 0, (1, 2, 2, 1))
    assert state_problems(state) == []
    return state


@functools.lru_cache(maxsize=None)
def round_two_start() -> GameState:
    """Seed 3, round 2 just dealt: Di (progress 20) is in front and holds the flag."""
    state = reach(4, 3, lambda g: g.round == 2).state()
    assert (state.tricks_done, state.trick, state.positions, state.flag) == (0, (), (16, 17, 19, 20), 3)
    return state


@functools.lru_cache(maxsize=None)
def four_tricks_of_round_one() -> GameState:
    """Seed 4, three random players, round 1 after four tricks: Bo won them all (so his
    motor never wound) and is on progress 15; everyone holds one card."""
    state = reach(3, 4, lambda g: len(g.discards) == 12 and not g.trick, bots=RandomBot).state()
    assert (state.round, state.flag, state.positions, state.motors) == (1, 1, (0, 15, 0), (4, 0, 4))
    return state


@functools.lru_cache(maxsize=None)
def finished_by_the_leader() -> GameState:
    """Seed 29, three heuristic players on the volcano: nobody went round twice; after
    round 3's motors Bo is in front (60) and wins."""
    state = reach(3, 29).state()
    assert (state.phase, state.round, state.winner, state.flag, state.positions) == ("over", 3, 1, 1, (55, 60, 48))
    return state


@functools.lru_cache(maxsize=None)
def finished_by_a_second_lap() -> GameState:
    """Seed 1, three heuristic players on a flat 12-space track: Cy led G7, Ada G8 and Bo
    won with G9, reaching 27 >= 2N = 24: the game ended with the trick on the table."""
    state = reach(3, 1, track="S" + "." * 11).state()
    assert (state.phase, state.winner, state.flag, state.positions) == ("over", 1, 2, (18, 27, 23))
    assert len(state.trick) == 3
    return state


def one_problem(state: GameState, code: str, **facts) -> Problem:
    """``state`` has exactly one problem, with ``code`` and (among its facts) ``facts``;
    ``Game.from_state`` refuses it with the same problem, as a value and in words."""
    problems = state_issues(state)
    assert [p.code for p in problems] == [code], problems
    assert {key: problems[0].facts[key] for key in facts} == facts, problems[0]
    with pytest.raises(PositionError) as info:
        Game.from_state(state)
    assert info.value.issues == problems
    assert info.value.problems == state_problems(state) == [problems[0].words()]
    return problems[0]


def unseen(state: GameState) -> list[Card]:
    """The cards in play that lie aside this round: in no hand, trick or earlier trick."""
    visible = {c for h in state.hands for c in h} | set(state.trick) | set(state.discards)
    return [c for c in deck(state.players) if c not in visible]


def free_space(state: GameState, kind: str) -> int:
    """A space of ``kind`` ('.', 'D' or “U”) with no car on it (space 0 excluded)."""
    text, n = str(state.track), len(state.track)
    taken = {p % n for p in state.positions if p}
    return next(i for i in range(1, n) if text[i] == kind and i not in taken)


def with_item(values, index: int, value):
    items = list(values)
    items[index] = value
    return tuple(items)


def test_the_moments_are_real():
    for state in (mid_round_two(), turbo_moment(), round_two_start(), four_tricks_of_round_one(),
                  finished_by_the_leader(), finished_by_a_second_lap()):
        assert state_problems(state) == []
        assert Game.from_state(state).state() == state


# ---------------------------------------------------------------- I1: every card once, in play


def test_i1_a_card_held_twice():
    state = mid_round_two()
    twice = state.hands[1][0]
    bad = state.replace(hands=with_item(state.hands, 0, (twice,) + state.hands[0][1:]))
    problem = one_problem(bad, "I1.repeated", card=twice, count=2)
    assert problem.words("en") == f"{twice} appears 2 times; every card exists once."


def test_i1_a_card_not_in_play_for_this_many_players():
    state = reach(3, 5, lambda g: g.round == 2 and len(g.trick) == 1).state()
    fifteen = Card.parse("R15")  # three players play 2-10
    bad = state.replace(hands=with_item(state.hands, 2, (fifteen,) + state.hands[2][1:]))
    one_problem(bad, "I1.not_in_play", card=fifteen, players=3, low=2, high=10)


# ---------------------------------------------------------------- I2: tricks and hand sizes


def test_i2_earlier_tricks_that_are_not_whole_tricks():
    state = mid_round_two()
    bad = state.replace(discards=state.discards[:-1])
    one_problem(bad, "I2.split", cards=7, players=4)


def test_i2_more_tricks_done_than_the_round_has():
    state = four_tricks_of_round_one()
    bad = state.replace(discards=state.discards + tuple(unseen(state)[:6]))
    one_problem(bad, "I2.too_many", round=1, tricks=5, done=6)


@pytest.mark.parametrize("seat, held, in_trick, words", [
    (1, 4, False, "Bo holds 4 cards but should hold 5 (round 2 deals 7, 2 tricks done)."),
    (3, 3, True, "Di holds 3 cards but should hold 4 (round 2 deals 7, 2 tricks done, and a card in this trick)."),
])
def test_i2_a_hand_of_the_wrong_size(seat, held, in_trick, words):
    state = mid_round_two()
    bad = state.replace(hands=with_item(state.hands, seat, state.hands[seat][1:]))
    problem = one_problem(bad, "I2.hand", seat=seat, held=held, expected=held + 1, round=2, dealt=7, done=2,
                          in_trick=in_trick)
    assert problem.words("en") == words


# ---------------------------------------------------------------- I3: the phase and the trick


def test_i3_a_turbo_choice_before_the_trick_is_complete():
    bad = mid_round_two().replace(phase="turbo")
    one_problem(bad, "I3.turbo")


def test_i3_a_complete_trick_left_unsettled():
    bad = turbo_moment().replace(phase="play")
    one_problem(bad, "I3.unsettled")


def test_i3_play_goes_on_after_the_rounds_last_trick():
    # The last trick played (every hand emptied into the earlier tricks) but the round
    # not ended: no motor released, no new deal.
    state = four_tricks_of_round_one()
    bad = state.replace(hands=((),) * 3, discards=state.discards + tuple(c for h in state.hands for c in h))
    problem = one_problem(bad, "I3.round_over", round=1)
    assert problem.words("en") == (
        "Every trick of round 1 is done, so the round is over: the motors move the cars, then the next round is "
        "dealt or the game ends.")


def test_i3_a_game_over_with_a_trick_half_played():
    state = mid_round_two()
    front = state.positions.index(max(state.positions))
    bad = state.replace(phase="over", winner=front)
    one_problem(bad, "I3.over_midway")


def test_i3_a_game_over_in_round_one_before_any_card_is_refused_on_load():
    data = json.loads(Game.new(4, seed=3).to_json())
    data.update(phase="over", winner=0)
    with pytest.raises(PositionError) as info:
        Game.from_json(json.dumps(data))
    assert [p.code for p in info.value.issues] == ["I3.over_midway"]


# ---------------------------------------------------------------- I4: following


def test_i4_a_card_off_the_lead_color_from_a_player_who_still_holds_it():
    # Seed 0, round 1: Ada led R7, Bo R13, Cy R6, and Di (no red) threw B5. Give Di a red
    # card that lies aside in place of one of hers: then she had to follow.
    game = reach(4, 0, lambda g: len(g.trick) >= 2 and any(c.color != g.trick[0].color for c in g.trick[1:]))
    state = game.state()
    assert [str(c) for c in state.trick] == ["R7", "R13", "R6", "B5"] and state.flag == 0
    red = next(c for c in unseen(state) if c.color is Color.RED)
    bad = state.replace(hands=with_item(state.hands, 3, (red,) + state.hands[3][1:]))
    problem = one_problem(bad, "I4", seat=3, name="Di", card=Card.parse("B5"), color=Color.RED)
    assert problem.words("en") == "Di played B5 but still holds red: they had to follow."


# ---------------------------------------------------------------- I5: cars


def test_i5_a_car_resting_on_a_hill():
    state = mid_round_two()
    hill = free_space(state, "D")
    bad = state.replace(positions=with_item(state.positions, 0, hill))
    one_problem(bad, "I5.hill", car="Ada", space=hill, slope="downhill")


def test_i5_two_cars_on_one_space():
    state = mid_round_two()
    n = len(state.track)
    bad = state.replace(positions=with_item(state.positions, 1, state.positions[0] + n))  # a lap apart
    space = state.positions[0] % n
    problem = one_problem(bad, "I5.shared", first="Ada", second="Bo", space=space)
    assert problem.words("en") == f"Cars Ada and Bo are both on space {space}; a space holds one car."


def test_i5_more_cars_than_flat_spaces():
    state = Game.new(5, seed=2).state()
    bad = state.replace(track=Track.parse("S...."))
    assert [(p.code, dict(p.facts)) for p in state_issues(bad)] == [("I5.crowded", {"cars": 5, "flat": 5})]
    with pytest.raises(PositionError, match="The game's set-up is invalid: The track has only 5 flat spaces"):
        Game.from_state(bad)


@pytest.mark.parametrize("seats, names", [((2,), ("Cy",)), ((0, 2), ("Ada", "Cy"))])
def test_i5_a_car_round_twice_in_a_game_not_over(seats, names):
    state = mid_round_two()
    n = len(state.track)
    positions = state.positions
    for seat in seats:
        positions = with_item(positions, seat, 2 * n + positions[seat] % n)
    one_problem(state.replace(positions=positions), "I5.twice", seats=seats, names=names)


# ---------------------------------------------------------------- I6: the flag at a round's start


def test_i6_round_one_starts_with_the_first_player():
    bad = Game.new(3, seed=5).state().replace(flag=1)
    one_problem(bad, "I6.first_player", first=0, first_name="Ada", flag=1, flag_name="Bo")


def test_i6_later_rounds_start_with_the_car_in_front():
    bad = round_two_start().replace(flag=1)
    problem = one_problem(bad, "I6.front", round=2, front=3, front_name="Di", flag=1, flag_name="Bo")
    assert problem.words("en") == ("No trick of round 2 is finished, so the flag is still with the car that was "
                                   "in front after the motors, Di, not Bo.")


# ---------------------------------------------------------------- I7: motors and tricks


def test_i7_a_motor_wound_more_often_than_its_player_can_have_lost():
    # Di won the second trick (she holds the flag), so she lost at most one of the two.
    bad = mid_round_two().replace(motors=(1, 2, 2, 2))
    one_problem(bad, "I7.motor", seat=3, m=2, trailing=0, winds=2, can_lose=1, total=2)


def test_i7_a_player_who_lost_the_last_trick_with_the_motor_at_zero():
    bad = mid_round_two().replace(motors=(0, 2, 2, 1))
    one_problem(bad, "I7.motor", seat=0, m=0, trailing=1, winds=9, can_lose=2, total=2, last=8)


def test_i7_a_player_who_lost_the_last_two_tricks_with_the_motor_at_one():
    # Bo lost the finished trick (Ada won it) and the one on the table (Di won it).
    bad = turbo_moment().replace(motors=(1, 1, 2, 1))
    problem = one_problem(bad, "I7.motor", seat=1, m=1, trailing=2, winds=10, can_lose=2, total=2, last=8)
    assert problem.words("en") == (
        "Bo lost the last 2 tricks. So the motor was wound at least twice since the round began or Bo's last turbo. "
        "To stand at position 1 again, it needs 10 winds (the arrow goes back to 0 after position 8). But Bo can have "
        "lost at most 2 of the 2 tricks completed this round.")


def test_i7_more_winners_than_tricks():
    # Seed 0, three random players, round 1 after two tricks: Ada won the first, Bo the
    # second; Cy lost both and waits on the grid. Put Cy's car on the track: three cars
    # then claim a win in round 1, one more than the tricks played.
    game = reach(3, 0, lambda g: len(g.discards) == 6, bots=RandomBot)
    state = game.state()
    assert (state.flag, state.positions, state.motors) == (1, (6, 7, 0), (1, 1, 2))
    bad = state.replace(positions=(6, 7, free_space(state, ".")))
    problem = one_problem(bad, "I7.winners", round=1, done=2,
                          reasons=(("grid", 0, "Ada"), ("flag", 1, "Bo"), ("grid", 2, "Cy")))
    assert problem.words("en") == (
        "Only 2 tricks of round 1 are finished, but 3 must have been won: Ada's car left the grid, which in round 1 "
        "only a won trick does; Bo holds the flag, so won the last finished trick; Cy's car left the grid, which in "
        "round 1 only a won trick does.")


def test_i7_a_car_off_the_grid_before_any_trick():
    bad = Game.new(3, seed=5).state().replace(positions=(0, 2, 0))
    one_problem(bad, "I7.winners", round=1, done=0, reasons=(("grid", 1, "Bo"),))


def test_i7_more_lost_tricks_than_the_tricks_allow():
    # Seed 4, three random players, round 1 after two tricks: Bo won both. Ada and Cy
    # lost both (motors at 2); a motor at 1 for Bo says he lost one as well.
    game = reach(3, 4, lambda g: len(g.discards) == 6, bots=RandomBot, record=True)
    assert [e.seat for e in game.events if isinstance(e, TrickWon)] == [1, 1]
    bad = game.state().replace(motors=(2, 1, 2), events=None)
    one_problem(bad, "I7.lost", done=2, round=1, won=1)


# ---------------------------------------------------------------- I8: the turbo


def test_i8_a_turbo_choice_with_an_empty_motor():
    bad = turbo_moment().replace(motors=(1, 2, 2, 0))
    problem = one_problem(bad, "I8", seat=3, name="Di")
    assert problem.words("en") == "Di won the trick with an empty motor, so there is no turbo to choose."


# ---------------------------------------------------------------- I9: winners


def test_i9_a_winner_in_a_game_still_being_played():
    one_problem(mid_round_two().replace(winner=3), "I9.early", winner=3)


def test_i9_a_finished_game_without_a_winner():
    problem = one_problem(finished_by_the_leader().replace(winner=None), "I9.none")
    assert problem.words("en") == "A finished game has a winner."


# ---------------------------------------------------------------- I10: the end


def test_i10_two_cars_round_twice():
    state = finished_by_a_second_lap()
    n = len(state.track)
    bad = state.replace(positions=with_item(state.positions, 0, 2 * n + state.positions[0] % n))
    one_problem(bad, "I10.twice_all", seats=(0, 1), names=("Ada", "Bo"))


def test_i10_the_car_round_twice_is_the_winner():
    bad = finished_by_a_second_lap().replace(winner=2)
    one_problem(bad, "I10.twice", seat=1, name="Bo", winner=2, winner_name="Cy")


def test_i10_a_game_ended_by_a_trick_was_won_by_that_tricks_winner():
    # Cy led the trick; with Ada as the leader the same cards would make Cy its winner.
    bad = finished_by_a_second_lap().replace(flag=0)
    one_problem(bad, "I10.trick", seat=2, name="Cy", winner=1, winner_name="Bo")


def test_i10_without_a_second_lap_the_game_ends_only_after_round_three():
    # The round's last trick put back on the table: the game cannot have ended then.
    state = finished_by_the_leader()
    bad = state.replace(trick=state.discards[-3:], discards=state.discards[:-3])
    one_problem(bad, "I10.early", round=3)


def test_i10_every_motor_is_back_at_zero_at_the_end():
    bad = finished_by_the_leader().replace(motors=(0, 0, 3))
    one_problem(bad, "I10.motors", motors=(0, 0, 3))


def test_i10_the_car_in_front_wins():
    bad = finished_by_the_leader().replace(winner=0)
    problem = one_problem(bad, "I10.front", round=3, winner=0, winner_name="Ada")
    assert problem.words("en") == "After round 3 the car in front wins, and that is not Ada."


def test_i10_a_winner_not_in_front_is_refused_on_load():
    data = json.loads(Game.from_state(finished_by_the_leader()).to_json())
    data["winner"] = 2
    with pytest.raises(PositionError) as info:
        Game.from_json(json.dumps(data))
    assert [(p.code, p.facts["winner"]) for p in info.value.issues] == [("I10.front", 2)]


def test_i10_the_winner_takes_the_flag():
    bad = finished_by_the_leader().replace(flag=0)
    one_problem(bad, "I10.flag", flag=0, winner=1, winner_name="Bo")


# ---------------------------------------------------------------- I11: the event log


@functools.lru_cache(maxsize=None)
def recorded() -> GameState:
    """Seed 3, four heuristic players, recorded: round 1 after two tricks and one card."""
    state = reach(4, 3, lambda g: len(g.discards) == 8 and len(g.trick) == 1, record=True).state()
    assert state.events is not None and state_problems(state) == []
    assert Game.from_state(state).problems() == []
    return state


def log_problem(state: GameState, code: str, **facts) -> Problem:
    """``state`` passes I1-I10 but its log is not its history: refused, one problem, with
    ``code`` and (among its facts) ``facts``."""
    assert state_issues(state) == []
    with pytest.raises(PositionError) as info:
        Game.from_state(state)
    assert [p.code for p in info.value.issues] == [code], info.value.problems
    problem = info.value.issues[0]
    assert {key: problem.facts[key] for key in facts} == facts, problem
    assert info.value.problems == [problem.words()]
    return problem


def test_i11_a_logged_decision_the_game_does_not_allow():
    state = recorded()
    events = list(state.events)
    first = next(i for i, e in enumerate(events) if isinstance(e, CardPlayed))
    other = next(e.card for e in events[first + 1:] if isinstance(e, CardPlayed))  # Bo's card
    events[first] = CardPlayed(events[first].seat, other)
    problem = log_problem(state.replace(events=tuple(events)), "I11.illegal", number=first + 1, seat=0, name="Ada",
                          action=other, seed=3)
    assert (problem.facts["reason"].code, problem.facts["reason"].facts["card"]) == ("hand.missing", other)


def test_i11_a_logged_event_that_did_not_happen():
    state = recorded()
    events = list(state.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, MotorWound))
    wound = events[i]
    events[i] = MotorWound(wound.seat, wound.position + 1, state.dial[wound.position + 1])
    log_problem(state.replace(events=tuple(events)), "I11.event", number=i + 1, kind=events[i].kind, event=wound,
                seed=3)


def test_i11_a_log_missing_its_last_event():
    state = reach(4, 3, lambda g: len(g.discards) == 8 and not g.trick, record=True).state()
    assert isinstance(state.events[-1], FlagTaken)
    count = len(state.events)
    problem = log_problem(state.replace(events=state.events[:-1]), "I11.count", n=count - 1, expected=count, seed=3)
    assert problem.words("en") == (f"The event log has {count - 1} events, but its decisions, played from seed 3, "
                                   f"give {count}.")


def test_i11_a_log_that_leads_elsewhere():
    state = recorded()
    assert isinstance(state.events[-1], CardPlayed)
    log_problem(state.replace(events=state.events[:-1]), "I11.state", seed=3)


def test_i11_a_log_from_another_seed():
    log_problem(recorded().replace(seed=4), "I11.illegal", seat=0, name="Ada", seed=4)


def test_i11_a_tampered_saved_game_is_refused_on_load():
    game = Game.from_state(recorded())
    data = json.loads(game.to_json())
    wound = next(e for e in data["events"] if e["kind"] == "motor_wound")
    wound["position"] += 1
    with pytest.raises(PositionError, match=r"of the log \(\w+\) is not what the game played from seed 3 logs there"):
        Game.from_json(json.dumps(data))


# ---------------------------------------------------------------- positions of the issue


def test_the_issues_position_where_a_player_lost_two_tricks_yet_shows_one_is_refused():
    # Seat 3 (Di) lost tricks 5 and 6 of round 2 (the one on the table was won by Ada),
    # yet the code shows Di's motor at position 1.
    with pytest.raises(PositionError) as info:
        Position.from_code("SR1_Tvolcano_R2_F1_P17.20.24.10_M5.2.3.1_CG4.G9.G12.G13_H0B3")
    assert [(p.code, p.facts["seat"], p.facts["m"], p.facts["trailing"], p.facts["winds"], p.facts["can_lose"],
             p.facts["total"]) for p in info.value.issues] == [("I7.motor", 3, 1, 2, 10, 6, 6)]


def test_the_issues_position_with_three_cars_off_the_grid_after_two_tricks_is_refused():
    # Bo, Cy and Di off the grid after two tricks of round 1, and Ada holds the flag.
    with pytest.raises(PositionError) as info:
        Position.from_code("SR1_Tvolcano_R1_F0_P0.3.7.11_M1.1.0.1_CG11.R5_H2G3.G9.B4")
    assert [(p.code, p.facts["done"], p.facts["reasons"]) for p in info.value.issues] == [
        ("I7.winners", 2, (("flag", 0, "Ada"), ("grid", 1, "Bo"), ("grid", 2, "Cy"), ("grid", 3, "Di")))]


# ====================================================================== every state play reaches


@st.composite
def setups(draw):
    players = draw(st.integers(3, 5))
    return dict(
        players=players,
        track=draw(st.sampled_from(["volcano", "beach"]) | track_texts(players)),
        dial=draw(st.just(DEFAULT_DIAL) | dials),
        seed=draw(st.integers(0, 2**64 - 1)),
        first_player=draw(st.integers(0, players - 1)),
    ), draw(st.lists(st.booleans(), min_size=players, max_size=players)), draw(st.integers(0, 2**32))


PLAY = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def positions_round_trip(game: Game) -> None:
    for reveal in (False, True):
        p = Position.from_game(game, reveal=reveal)
        assert Position.from_code(p.code()) == p
        assert Position.from_json(p.to_json()) == p
        assert p.problems() == [] and p.options() == game.legal_actions()


@pytest.mark.slow
@PLAY
@given(case=setups())
def test_every_state_of_random_play_is_legal_and_round_trips(case):
    setup, heuristic, rng_seed = case
    game = Game.new(**setup, record=False)
    bots = [HeuristicBot() if h else RandomBot() for h in heuristic]
    rng = random.Random(rng_seed)
    while True:
        assert game.problems() == []
        state = game.state()
        assert Game.from_state(state).state() == state
        assert Game.from_json(game.to_json()) == game
        if game.is_over:
            break
        positions_round_trip(game)
        game.apply(bots[game.current_player].choose(game, game.legal_actions(), rng))


@PLAY
@given(case=setups(), checks=st.lists(st.integers(0, 250), min_size=1, max_size=3))
def test_recorded_games_are_legal_with_their_logs(case, checks):
    setup, heuristic, rng_seed = case
    game = Game.new(**setup)
    bots = [HeuristicBot() if h else RandomBot() for h in heuristic]
    rng = random.Random(rng_seed)
    step = 0
    while True:
        assert state_problems(game.state()) == []
        if step in checks or game.is_over:
            # The log is replayed from the seed (I11): the whole history checks out.
            assert game.problems() == []
            copy = Game.from_json(game.to_json())
            assert copy == game and copy.events == game.events and copy.narrate() == game.narrate()
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game, game.legal_actions(), rng))
        step += 1


# ====================================================================== anything in, a RuleError out

HUGE = 10**5000  # more digits than Python turns into text (4300)
#: Anything a caller, a page or a file might hand over.
LEAVES = (st.none() | st.booleans() | st.integers() | st.integers(-(2**80), 2**80)
          | st.sampled_from([2**64, 2**64 - 1, -1, 0, 1, 3, 5, 7, 10**9, 10**12])
          | st.sampled_from([5000, -5000]).map(lambda d: 10**d if d > 0 else -(10**-d))  # no repr: too many digits
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30) | st.binary(max_size=30)
          | st.sampled_from(["G11", "g11", "R5 B7", "G11 R5 B7 G3", "٣", "G٣", "R١٥", "ſ", "ſ....", "S....",
                            "S..D...U..", "volcano", "beach", " volcano ", "turbo", "no turbo", "Turbo", "heuristic",
                            "random", "smart", "never", "play", "over", "[" * 100000, "9" * 5000, "1e999", "NaN",
                            "SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8"])
          | st.sampled_from([Card.parse("G11"), Color.BLUE, Turbo(True), TRACKS["volcano"], (0, 0, 0), [0, 1, 2, 4]]))
#: Dictionary keys: text and small whole numbers (huge number keys have their own tests below).
KEYS = st.text(max_size=10) | st.integers(-3, 7) | st.sampled_from(["G11", "hand", "format"])
ANYTHING = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                        | st.dictionaries(KEYS, inner, max_size=4), max_leaves=16)
FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def answers(call, *args, **kwargs):
    """``call(*args, **kwargs)``'s result, or None if it raised a RuleError (any other
    exception fails the test)."""
    try:
        return call(*args, **kwargs)
    except RuleError:
        return None


@functools.lru_cache(maxsize=None)
def a_position() -> Position:
    return Position.from_game(reach(3, 5, lambda g: len(g.trick) == 1))


@FUZZ
@given(value=ANYTHING)
def test_parsers_answer_anything_with_a_rule_error(value):
    card = Card.parse("G11")
    for call, args in [
        (Card.parse, (value,)), (parse_cards, (value,)), (Color.from_letter, (value,)), (Track.parse, (value,)),
        (Track.parse, ("S....", value)), (get_track, (value,)), (check_dial, (value,)), (Motor, (value,)),
        (Motor, (0, value)), (Card, (value, 5)), (Card, (Color.RED, value)), (deck, (value,)),
        (parse_action, (value,)), (Turbo, (value,)), (explain_trick, (value,)), (trick_winner, (value,)),
        (check_trick, (value,)), (legal_plays, (value, [])), (legal_plays, ([card], value)),
        (why_illegal, (value, [], card)), (why_illegal, ([card], value, card)), (why_illegal, ([card], [], value)),
        (release_order, (value, 0)), (release_order, ([0, 0, 0], value)), (leader, (value, 0)),
        (leader, ([0, 0, 0], value)), (Game.from_json, (value,)), (Game.from_state, (value,)),
        (Position.from_code, (value,)), (Position.from_json, (value,)), (Position.from_game, (value,)),
        (HeuristicBot, (value,)), (HeuristicBot, (3, value)), (advise, (value,)),
    ]:
        answers(call, *args)


@FUZZ
@given(argument=st.sampled_from(["players", "track", "seed", "first_player", "dial", "names", "record"]),
       value=ANYTHING)
def test_a_new_game_takes_each_argument_or_refuses_it(argument, value):
    arguments = dict(players=3, track="volcano", seed=1, first_player=0, dial=DEFAULT_DIAL, names=None, record=True)
    arguments[argument] = value
    game = answers(Game.new, **arguments)
    if game is not None:
        assert game.problems() == [] and Game.from_json(game.to_json()) == game


@FUZZ
@given(argument=st.sampled_from(["track", "positions", "mover", "steps"]), value=ANYTHING)
def test_move_takes_each_argument_or_refuses_it(argument, value):
    arguments = dict(track=TRACKS["volcano"], positions={"a": 2, "b": 3}, mover="a", steps=4)
    arguments[argument] = value
    answers(move, **arguments)


STATE_FIELDS = ["players", "track", "dial", "names", "seed", "first_player", "round", "phase", "flag", "winner",
                "hands", "trick", "discards", "positions", "motors", "events"]


@FUZZ
@given(field=st.sampled_from(STATE_FIELDS), value=ANYTHING, recorded_state=st.booleans())
def test_a_game_state_with_anything_in_one_field_is_refused_or_legal(field, value, recorded_state):
    state = recorded() if recorded_state else mid_round_two()
    changed = answers(state.replace, **{field: value})
    if changed is not None:
        game = answers(Game.from_state, changed)
        if game is not None:
            assert game.problems() == []


@FUZZ
@given(argument=st.sampled_from(["track", "positions", "motors", "round", "flag", "trick", "hand", "hands",
                                 "played", "dial", "names"]), value=ANYTHING)
def test_a_position_takes_each_argument_or_refuses_it(argument, value):
    real = a_position()
    arguments = dict(track=real.track, positions=real.positions, motors=real.motors, round=real.round,
                     flag=real.flag, trick=real.trick, hand=real.hand, hands=None, played=real.played,
                     dial=real.dial, names=None)
    arguments[argument] = value
    p = answers(Position.new, **arguments)
    if p is not None:
        assert Position.from_code(p.code()) == p and p.problems() == []


def not_too_many(value) -> bool:
    """Leaves out the whole numbers that ask for a long but legal computation."""
    return not (isinstance(value, int) and not isinstance(value, bool) and 20 < value <= 10**6)


@settings(max_examples=80, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(argument=st.sampled_from(["playouts", "seed", "bots", "stop_early", "batch"]),
       value=ANYTHING.filter(not_too_many))
def test_the_advisor_takes_each_argument_or_refuses_it(argument, value):
    arguments = dict(playouts=4, seed=1, bots="random", stop_early=True, batch=2)
    arguments[argument] = value
    answers(advise, a_position(), **arguments)


@settings(max_examples=80, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(argument=st.sampled_from(["games", "seed", "track", "bots", "players"]), value=ANYTHING.filter(not_too_many))
def test_win_rates_takes_each_argument_or_refuses_it(argument, value):
    # Bots given as a dict of anything, and players that are not whole numbers, crash
    # today: see the xfail tests at the end of this file.
    if argument == "bots" and isinstance(value, dict) or argument == "players" and not (
            type(value) is int and value != 0):
        return
    arguments = dict(bots={"random": RandomBot}, players=3, games=2, seed=1, track="volcano")
    arguments[argument] = value
    answers(win_rates, **arguments)


SAVED_KEYS = ["format", "players", "names", "track", "track_name", "dial", "seed", "first_player", "round", "phase",
              "flag", "winner", "hands", "trick", "discards", "positions", "motors", "events"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.sampled_from(["G11", "volcano", "S....", "play", "turbo", "over", "dealt", "card_played", "moved"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30)
#: Values for an event's fields (seats 3 and 4 are seats of other games, 99 of none).
EVENT_VALUES = st.recursive(
    st.none() | st.booleans() | st.sampled_from([-1, 0, 1, 2, 3, 4, 99, 10**30, 2**70]) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["G11", "R2", "trick", "motor", "leader", "second lap", "counted"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30)


@FUZZ
@given(key=st.sampled_from(SAVED_KEYS), value=JSON_VALUES)
def test_a_saved_game_with_anything_in_one_field_is_refused_or_legal(key, value):
    data = json.loads(Game.from_state(recorded()).to_json())
    data[key] = value
    game = answers(Game.from_json, json.dumps(data))
    if game is not None:
        assert game.problems() == [] and game.narrate() is not None




@FUZZ
@given(index=st.integers(0, 40), value=EVENT_VALUES, data=st.data())
def test_a_saved_log_with_anything_in_one_event_field_is_refused(index, value, data):
    saved = json.loads(Game.from_state(recorded()).to_json())
    event = saved["events"][index % len(saved["events"])]
    key = data.draw(st.sampled_from(sorted(event)))
    if event[key] == value:
        return
    event[key] = value
    assert answers(Game.from_json, json.dumps(saved)) is None


@FUZZ
@given(action=ANYTHING, seat=ANYTHING)
def test_a_game_refuses_anything_and_stays_as_it_was(action, seat):
    for state in (mid_round_two(), turbo_moment()):
        game = Game.from_state(state)
        before = game.to_json()
        answers(game.why_illegal, action, seat)
        answers(game.hand_codes, seat)
        try:
            game.apply(action, seat)
        except RuleError:
            assert game.to_json() == before
        assert game.problems() == []


@pytest.mark.parametrize("call, words", [
    (lambda: check_dial([0, 10**12]), "Each dial value must be a whole number from 0 to 40"),
    (lambda: Game.new(3, dial=[0, 10**12]), "Each dial value must be a whole number from 0 to 40"),
    (lambda: Game.new(3, dial=[0] * 10**6), "A dial must be a list of at most 20 items"),
    (lambda: Motor(10**12), "A motor position must be a whole number from 0 to 8"),
    (lambda: move(TRACKS["volcano"], {"a": 1}, "a", 10**9), "The number of spaces to move must be a whole number "
                                                             "from 0 to 99"),
    (lambda: move(TRACKS["volcano"], {"a": 10**9}, "a", 1), "progress must be a whole number from 0 to 1000"),
    (lambda: Track.parse("S" + "." * 10**6), "A track must be text of at most 240 characters"),
    (lambda: Game.new(3, seed=2**64), "The seed must be a whole number from 0 to 18446744073709551615"),
    (lambda: Position.new(positions=[0, 0, 10**9], hand="R2 R3 R4 R5 R6"), "progress must be a whole number"),
    (lambda: HeuristicBot(min_gain=10**9), "min_gain must be a whole number from 1 to 15"),
    (lambda: advise(a_position(), playouts=10**9), "playouts must be a whole number from 1 to 100000"),
    (lambda: win_rates({"random": RandomBot}, games=10**9), "The number of games must be a whole number from 1 to "
                                                              "200000"),
    (lambda: parse_cards(["G11"] * 10**6), "The cards must be a list of at most 45 items"),
    (lambda: Card.parse("G" + "1" * 10**6), "is not a card"),
    (lambda: Game.from_json(" " * 5_000_000), "A saved game must be text of at most 4000000 characters"),
])
def test_numbers_and_sizes_that_would_run_away_are_refused(call, words):
    with pytest.raises(RuleError) as info:
        call()
    assert words in str(info.value)
    assert len(str(info.value)) < 400  # the message shows a short form of what was given


# ---------------------------------------------------------------- the concrete cases of the issue


@pytest.mark.parametrize("load", [Game.from_json, Position.from_json])
def test_json_nested_deeply_is_refused_before_it_is_read(load):
    with pytest.raises(PositionError, match="nests deeper than 12 levels"):
        load("[" * 100000)
    with pytest.raises(PositionError, match="nests deeper than 12 levels"):
        load('{"format": ' + "[" * 50 + "]" * 50 + "}")


def test_bytes_are_refused_by_from_json():
    text = Game.new(3, seed=1).to_json()
    with pytest.raises(PositionError, match=r"A saved game must be text \(a str\), as Game.to_json\(\) gives it"):
        Game.from_json(text.encode())
    with pytest.raises(PositionError, match=r"A position in JSON must be text \(a str\)"):
        Position.from_json(a_position().to_json().encode())
    with pytest.raises(PositionError):
        Game.from_json(bytearray(b"\xff\xfe"))


def test_a_5000_digit_number_in_json_is_refused():
    data = json.loads(Game.new(3, seed=1).to_json())
    text = json.dumps(data).replace('"seed": 1', '"seed": ' + "9" * 5000)
    with pytest.raises(PositionError, match="A saved game holds a number of 5000 digits"):
        Game.from_json(text)
    with pytest.raises(PositionError, match="holds a number of 5000 digits"):
        Position.from_json(a_position().to_json().replace('"round": 1', '"round": ' + "1" * 5000))
    with pytest.raises(SetupError, match="not a number of about 5001 digits"):
        Game.new(3, seed=10**5000)


@pytest.mark.parametrize("call, words", [
    (lambda: Card.parse("G٣"), "“G٣” is not a card"),
    (lambda: Card.parse("٣"), "“٣” is not a card"),
    (lambda: parse_cards("G11 R٣"), "“R٣” is not a card"),
    (lambda: parse_action("B١٠"), "“B١٠” is not a card"),
    (lambda: Game.new(3, seed=1).apply("R٣"), "“R٣” is not a card"),
    (lambda: Position.from_code("SR1_Tvolcano_R٣_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8"), "The field R (the round)"),
    (lambda: Position.from_code("SR1_Tvolcano_R1_F0_P0.0.٣_M0.0.0_C_H0R7.G8.G9.B3.B8"), "The field P"),
    (lambda: Position.from_code("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B٣.B8"), "The field H"),
])
def test_non_ascii_digits_are_refused(call, words):
    with pytest.raises(RuleError) as info:
        call()
    assert words in str(info.value)


GOOD_CODE = "SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8"


@pytest.mark.parametrize("code, words", [
    ("SR1_Tvolcano_R1_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8", "The field R (the round) appears twice."),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8_H0R7", "The hand of seat 0 (H0) appears twice."),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3 B8", "may hold only the letters A-Z, the digits"),
    ("SR1_Tvolcano_R1_F0_P0. 0.0_M0.0.0_C_H0R7.G8.G9.B3.B8", "may hold only the letters A-Z, the digits"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3\tB8", "may hold only the letters A-Z, the digits"),
    ("SR1_Tvolcano_R1_F0_P0,0,0_M0.0.0_C_H0R7.G8.G9.B3.B8", "may hold only the letters A-Z, the digits"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7,G8,G9,B3,B8", "may hold only the letters A-Z, the digits"),
    ("SR2_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8", "A position code starts with SR1_"),
    ("SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_H0R7.G8.G9.B3.B8", "The code lacks C (the cards of the trick so far)."),
])
def test_position_codes_with_repeated_fields_or_stray_characters_are_refused(code, words):
    assert Position.from_code(GOOD_CODE).code() == GOOD_CODE
    with pytest.raises(PositionError) as info:
        Position.from_code(code)
    assert words in str(info.value)


def test_parse_cards_of_none():
    with pytest.raises(CardError) as info:
        parse_cards(None)
    assert str(info.value) == "The cards must be card text or a list of cards, like 'G11 R5 B7', not None."


def test_names_given_as_a_dict():
    with pytest.raises(SetupError, match=r"The names must be a list, like Ada, Bo and Cy, not \{'a': 1\}\."):
        Game.new(3, names={"a": 1})
    with pytest.raises(PositionError, match="The names must be a list"):
        Position.new(positions=[0, 0, 0], hand="R2 R3 R4 R5 R6", names={"a": 1})


def test_a_track_with_a_long_s():
    # 'ſ'.upper() is 'S': a track that only looks like text of S's is still refused.
    with pytest.raises(TrackError, match="“ſ” at space 0 is not a track letter"):
        Track.parse("ſ....")
    with pytest.raises(TrackError, match="“ſ...........” is neither a built-in track"):
        Game.new(3, track="ſ...........")


def test_release_order_with_a_flag_holder_who_is_not_at_the_table():
    with pytest.raises(PositionError, match=r"The flag holder must be a whole number from 0 to 2, like 0, not 7\."):
        release_order([0, 0, 0], flag=7)
    with pytest.raises(PositionError, match="not 7"):
        leader([0, 0, 0], flag=7)


def test_turbo_of_a_word():
    with pytest.raises(IllegalAction, match=r"A turbo choice must be True or False, like True, not “no”\."):
        Turbo("no")
    with pytest.raises(IllegalAction, match="not 1"):
        Turbo(1)


@pytest.mark.parametrize("size", [1, 2, 6, 30])
def test_explaining_a_trick_of_the_wrong_size(size):
    trick = [Card(color, value) for color in Color for value in range(1, 11)][:size]
    with pytest.raises(CardError) as info:
        explain_trick(trick)
    assert str(info.value) == (f"A whole trick has one card per player: 3 to 5 cards, like G11 R5 B7 G3; this one "
                               f"has {size}.")
    with pytest.raises(CardError):
        trick_winner(trick)
    if size <= 5:
        assert check_trick(trick) == trick  # a trick still being played may have any size up to 5


def test_an_event_with_seat_99_in_a_saved_log_is_refused_on_load():
    data = json.loads(Game.from_state(recorded()).to_json())
    played = next(e for e in data["events"] if e["kind"] == "card_played")
    played["seat"] = 99
    with pytest.raises(PositionError) as info:
        Game.from_json(json.dumps(data))
    assert str(info.value) == "The seat of a card_played event must be a whole number from 0 to 4, like 0, not 99."
    # Every game that loads narrates its log.
    assert Game.from_state(recorded()).narrate()


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rally", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args, words", [
    (["simulate", "--seed", "7" * 5000], "--seed must be a whole number from 0 to 18446744073709551615"),
    (["explain", "G11"], "3 to 5 cards"),
    (["explain", "G11", "R5", "B7", "G3", "G2", "R2"], "3 to 5 cards"),
    (["run", "--games", "100000000"], "--games must be a whole number from 1 to 10000"),
])
def test_the_command_line_refuses_in_one_line(args, words):
    result = run_cli(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr
    assert len(lines[0]) < 300


# ====================================================================== a refusal changes nothing


@pytest.mark.parametrize("moment", [mid_round_two, turbo_moment, round_two_start, finished_by_a_second_lap])
def test_every_refused_action_leaves_the_game_as_it_was(moment):
    game = Game.from_state(moment())
    game.record_from_now()
    before, events = game.to_json(), game.events
    legal = game.legal_actions()
    tried = 0
    for action in [*deck(game.players), Card.parse("R15"), Turbo(True), Turbo(False), "turbo", "G٣", None, 42]:
        for seat in (None, *range(game.players), 7, True):
            meant = Turbo(True) if action == "turbo" else action
            if meant in legal and (seat is None or (type(seat) is int and seat == game.current_player)):
                continue
            with pytest.raises(RuleError) as info:
                game.apply(action, seat=seat)
            if isinstance(info.value, IllegalAction):  # the reason is the one why_illegal gives
                assert game.why_illegal(action, seat) == str(info.value)
            assert game.to_json() == before and game.events == events
            tried += 1
    assert tried > 100
    assert game.problems() == []


# ====================================================================== engine bugs found (xfail)
# Each test says what the engine should do; it fails today for the reason given, and
# will pass (and so, being strict, fail as XPASS) once the engine is fixed.


@functools.lru_cache(maxsize=None)
def recorded_to_the_end() -> str:
    """Seed 3, four heuristic players, recorded to the end, as saved JSON."""
    return reach(4, 3, record=True).to_json()


def with_seat_99(kind: str, field: str) -> str:
    data = json.loads(recorded_to_the_end())
    event = next(e for e in data["events"] if e["kind"] == kind)
    if field == "order":
        event[field] = [99] + event[field][1:]
    elif field == "mover":
        event["move"]["mover"] = 99
    else:
        event[field] = 99
    return json.dumps(data)


@pytest.mark.parametrize("kind, field", [
    pytest.param("card_played", "seat", id="card_played"),
    pytest.param("trick_won", "seat", id="trick_won"),
    pytest.param("motor_wound", "seat", id="motor_wound"),
    pytest.param("flag_taken", "seat", id="flag_taken"),
    pytest.param("round_ended", "order", id="round_ended"),
    pytest.param("motor_released", "seat", id="motor_released"),
    pytest.param("moved", "mover", id="moved-mover"),
])
def test_a_seat_no_game_has_anywhere_in_a_saved_log_is_refused(kind, field):
    with pytest.raises(PositionError):
        Game.from_json(with_seat_99(kind, field))


def test_a_deal_of_no_hands_in_a_saved_log_is_refused():
    data = json.loads(recorded_to_the_end())
    data["events"][0]["hands"] = []
    with pytest.raises(PositionError):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("make", [
    pytest.param(lambda e: [e[0], CardPlayed("x", e[1].card)] + e[2:], id="seat-text"),
    pytest.param(lambda e: [e[0], CardPlayed(0, "R3")] + e[2:], id="card-text"),
    pytest.param(lambda e: [Event()] + e[1:], id="bare-event"),
    pytest.param(lambda e: [Dealt(None, None)] + e[1:], id="dealt-none"),
])
def test_a_state_whose_log_holds_ill_made_events_is_refused(make):
    # GameState checks only that the log holds Event objects; their fields are not read
    # through rally.common.inputs, so Game.from_state meets them raw.
    game = Game.new(3, seed=1)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    state = game.state()
    with pytest.raises(PositionError):
        Game.from_state(state.replace(events=tuple(make(list(state.events)))))


def test_a_position_with_a_huge_seat_number_in_hands():
    with pytest.raises(PositionError):
        Position.new(positions=[0, 0, 0], hand="R2 R3 R4 R5 R6", hands={10**5000: "G5"})


@pytest.mark.parametrize("positions", [{10**5000: -1}, {10**5000: 4, "b": 0}])
def test_move_with_a_huge_number_as_a_cars_name(positions):
    with pytest.raises(PositionError):
        move(TRACKS["volcano"], positions, "b", 1)


@pytest.mark.parametrize("bots", [
    pytest.param({"x": 5}, id="not-callable"),
    pytest.param({"x": lambda: 5}, id="not-a-bot"),
])
def test_win_rates_with_bots_that_are_not_bots(bots):
    with pytest.raises(SetupError):
        win_rates(bots, players=3, games=1)


@pytest.mark.parametrize("players", [
    pytest.param("4"),
    pytest.param(0),
    pytest.param(False),
    pytest.param(2.5),
    7,
])
def test_win_rates_refuses_a_number_of_players_no_game_has(players):
    with pytest.raises(SetupError):
        win_rates({"random": RandomBot}, players=players, games=1)


def test_win_rates_with_a_huge_number_of_players_is_refused_at_once():
    code = ("from rally import RandomBot, RuleError\nfrom rally.stich_rallye.analysis import win_rates\ntry:\n"
            "    win_rates({'r': RandomBot}, players=10**5000, games=1)\nexcept RuleError:\n    print('refused')\n")

    def limit_memory():  # so the runaway list ends in a MemoryError within seconds
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (384 * 2**20, 384 * 2**20))

    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                            preexec_fn=limit_memory)
    assert result.stdout.strip() == "refused", result.stderr[-500:]


def test_win_rates_takes_every_seed_a_game_takes():
    result = win_rates({"random": RandomBot}, players=3, games=2, seed=2**64 - 1)
    assert result.games == 2


def test_the_advisor_refuses_a_progress_that_cannot_be_called():
    with pytest.raises(SetupError):
        advise(a_position(), playouts=2, progress=5)


def test_a_position_on_a_named_custom_track_round_trips_through_its_code():
    game = Game.new(3, track=Track.parse("S..........", "ring"), seed=1)
    p = Position.from_game(game)
    assert Position.from_json(p.to_json()) == p
    assert Position.from_code(p.code()) == p
