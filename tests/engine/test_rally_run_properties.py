"""Rally Run property tests (hypothesis): random games by a random mix of bots, on random
seeds and tile mixes, checked at every step.

- tiles are conserved: the board always holds exactly the tile mix;
- every move follows a road: the car leaves by an opening of its tile and enters a
  tile that opens back toward it (the first-move dead end of M3/R3 excepted);
- a road tile is face up exactly while a car stands on it (or it was just revealed);
- a car once stuck for good (R7) never moves again;
- each game ends within ``max_turns`` turns with exactly one winner, by the finish
  (M5), the turn limit (R8) or every car stuck for good (R7, the standings decide);
- everything ``legal_actions()`` lists is allowed, other actions are refused with the
  state unchanged, and JSON round-trips;
- every state reached has no problems (``RallyRunGame.problems()``: invariants V1-V16 and
  the log replayed from the seed), and comes back the same through JSON, through
  ``state()`` / ``from_state``, and (without its log) as a position.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rally import IllegalAction
from rally.rally_run import (
    CarMoved, DriveTo, ForgetfulBot, NoMemoryBot, PerfectMemoryBot, RallyRunGame, RandomRunBot, Reveal, Rotate,
    RunGameWon, Swap, TileKind, TileTurned, play_out,
)
from rally.rally_run.board import CELLS, FIXED_MASKS, NEIGHBOURS, PIT
from rally.rally_run.tiles import BITS, KINDS, opposite

pytestmark = pytest.mark.slow  # property tests over many random games: out of the fast loop (bin/test --fast)

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

BOT_MAKERS = [PerfectMemoryBot, NoMemoryBot, lambda: ForgetfulBot(2), lambda: ForgetfulBot(5), RandomRunBot]


@st.composite
def tile_mixes(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 24), min_size=3, max_size=3)))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 24 - cuts[2]]
    if counts[0] + counts[1] + counts[2] == 0:  # all dead ends: allowed, but make it rarer
        counts = [1, 0, 0, 23]
    return dict(zip(KINDS, counts))


def mask_at(game: RallyRunGame, place: int) -> int:
    if place >= CELLS or place == PIT:
        return FIXED_MASKS[place]
    tile = game.tiles[place]
    assert tile is not None
    return tile.mask


def places(game: RallyRunGame) -> tuple[int, ...]:
    """Each car's engine place (cells 0-24, start-finish tiles 25-28)."""
    return game.observation(0).places


class Checker:
    """Wraps the bots: before each decision checks the live state; after each action
    checks the new events (every move follows a road)."""

    def __init__(self, game: RallyRunGame, mix: dict, rng: random.Random):
        self.game, self.rng = game, rng
        self.mix = Counter({k: n for k, n in mix.items() if n})
        self.seen = 0
        self.steps = 0
        self.stuck: set[int] = set()

    def check_state(self) -> None:
        game = self.game
        assert Counter(t.kind for t in game.tiles if t is not None) == self.mix  # tiles conserved
        obs = game.observation(game.current_player)
        cars = places(game)
        for cell in range(CELLS):
            up = cell == PIT or cell in cars or cell == game.pending
            assert (obs.codes[cell] != -1) == up, f"face-up state of cell {cell} is wrong"
        assert game.turn < game.max_turns
        assert self.stuck <= game.stuck_for_good(), "a car stuck for good came free"
        self.stuck = set(game.stuck_for_good())
        for seat in self.stuck:
            assert not game.can_move(seat)

    def check_moves(self, before: RallyRunGame) -> None:
        game = self.game
        new = game.events[self.seen:]
        self.seen = len(game.events)
        exception = any(isinstance(e, TileTurned) and e.exception for e in new)
        for e in new:
            if isinstance(e, CarMoved):
                d = NEIGHBOURS[e.start].index(e.end)  # a neighbour, or ValueError
                assert mask_at(before, e.start) & BITS[d], f"{e} leaves by no road"
                if not exception:
                    assert mask_at(game, e.end) & BITS[opposite(d)], f"{e} enters by no road"
                else:
                    assert e.start >= CELLS  # only a first move
                assert places(before)[e.seat] == e.start and places(game)[e.seat] == e.end
                assert e.seat not in self.stuck, f"{e}: that car was stuck for good (R7)"

    def check_refusals(self, actions) -> None:
        game = self.game
        legal = set(actions)
        for a in actions[:8]:
            assert game.why_illegal(a) is None
        candidates = [Reveal((self.rng.randrange(5), self.rng.randrange(5))),
                      DriveTo((self.rng.randrange(5), self.rng.randrange(5))),
                      Rotate(self.rng.randrange(4))]
        a, b = self.rng.sample(range(25), 2)
        candidates.append(Swap((a // 5, a % 5), (b // 5, b % 5)))
        for c in candidates:
            if c in legal:
                continue
            text = game.to_json()
            assert game.why_illegal(c)
            try:
                game.apply(c)
            except IllegalAction:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{c} was not listed but was allowed")
            assert game.to_json() == text  # unchanged


def check_reachable(game: RallyRunGame) -> None:
    """A state reached by play: no problems, and the same again from JSON and from its state."""
    assert game.issues() == []
    assert RallyRunGame.from_json(game.to_json()) == game
    state = game.state()
    assert RallyRunGame.from_state(state) == game and RallyRunGame.from_state(state).state() == state
    position = RallyRunGame.from_state(state.position)
    assert position.state().position == state.position and position.events == ()


def play_checked(game: RallyRunGame, bots, rng: random.Random, mix: dict) -> Checker:
    checker = Checker(game, mix, random.Random(rng.random()))
    while not game.is_over:
        checker.check_state()
        actions = game.legal_actions()
        assert actions, "a player always has something to do (R7)"
        if checker.steps % 7 == 0:
            checker.check_refusals(actions)
            check_reachable(game)
        before = game.clone()
        game.apply(bots[game.current_player].choose(game.observation(game.current_player), actions, rng))
        checker.steps += 1
        checker.check_moves(before)
    return checker


def check_end(game: RallyRunGame) -> None:
    assert game.is_over and game.winner in range(game.players)
    check_reachable(game)
    assert game.turn <= game.max_turns
    wins = [e for e in game.events if isinstance(e, RunGameWon)]
    assert len(wins) == 1 and wins[0] is game.events[-1] and wins[0].seat == game.winner
    if game.end_reason == "finish":
        color = game.trophies[game.winner]
        assert color is not None and str(game.car_place(game.winner)) == f"{color} start-finish"
    else:
        assert game.end_reason in ("turn limit", "all stuck")
        assert game.standings()[0] == game.winner
        if game.end_reason == "all stuck":
            assert all(game.is_stuck_for_good(s) for s in range(game.players))
        else:
            assert game.turn == game.max_turns


@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), mix=tile_mixes(),
       bots=st.lists(st.integers(0, len(BOT_MAKERS) - 1), min_size=4, max_size=4),
       max_turns=st.integers(1, 250))
def test_random_games_follow_the_rules_and_end_with_one_winner(players, seed, mix, bots, max_turns):
    game = RallyRunGame.new(players, seed=seed, tiles=mix, first_player=seed % players, max_turns=max_turns)
    rng = random.Random(seed)
    play_checked(game, [BOT_MAKERS[b]() for b in bots[:players]], rng, mix)
    check_end(game)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_memory_bots_finish_default_games_within_the_bound(players, seed):
    game = RallyRunGame.new(players, seed=seed)
    play_out(game, [PerfectMemoryBot(), ForgetfulBot(3), NoMemoryBot(), PerfectMemoryBot()][:players],
             random.Random(seed))
    check_end(game)
    assert game.turn <= 100 * players


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6))
def test_all_dead_ends_still_ends_with_one_winner(seed):
    """With only dead ends no car can get far: the bound ends every game anyway."""
    mix = {TileKind.DEAD_END: 24}
    game = RallyRunGame.new(2, seed=seed, tiles=mix, max_turns=40)
    play_checked(game, [PerfectMemoryBot(), RandomRunBot()], random.Random(seed), mix)
    check_end(game)


@SETTINGS
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_observations_never_depend_on_hidden_tiles(seed, steps):
    game = RallyRunGame.new(3, seed=seed)
    rng = random.Random(seed)
    bots = [RandomRunBot()] * 3
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bots[0].choose(game, game.legal_actions(), rng))
    # The same moment with the face-down tiles shuffled and turned: a game reached from
    # another layout. (Built from the position alone: no log leads to both.)
    position = game.state().position
    hidden = [c for c in range(CELLS) if c != PIT and c not in places(game) and c != game.pending]
    tiles = list(position.tiles)
    moved = [tiles[c] for c in hidden]
    rng.shuffle(moved)
    for c, tile in zip(hidden, moved):
        assert tile is not None
        tiles[c] = tile.rotated(rng.randrange(4))
    seen, shuffled = RallyRunGame.from_state(position), RallyRunGame.from_state(position.replace(tiles=tuple(tiles)))
    for seat in range(3):
        assert seen.observation(seat) == shuffled.observation(seat)
        assert str(seen.observation(seat)) == str(shuffled.observation(seat))
        assert game.observation(seat).codes == shuffled.observation(seat).codes


@settings(max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64 - 1), mix=tile_mixes(),
       first=st.integers(0, 3), every=st.integers(2, 6))
def test_every_state_reached_by_play_has_no_problems_and_round_trips(players, seed, mix, first, every):
    game = RallyRunGame.new(players, seed=seed, tiles=mix, first_player=first % players, max_turns=60)
    bots = [RandomRunBot(), PerfectMemoryBot(), ForgetfulBot(2), NoMemoryBot()][:players]
    rng = random.Random(seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            check_reachable(game)
        seat = game.current_player
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(), rng))
        step += 1
    check_reachable(game)
