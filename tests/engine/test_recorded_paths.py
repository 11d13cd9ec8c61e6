"""The engine's paths agree: the recorded fast path of ``play_out`` makes the same
choices and logs the same events as bots asked through ``legal_actions``/``apply``; a
recorded move's path, traced on demand, is the one ``move()`` traces at once."""

from __future__ import annotations

import random

import pytest

from rally import Game, Moved, RandomBot, TRACKS, move, play_out


def _slow(game: Game, rng: random.Random) -> Game:
    bot = RandomBot()
    while not game.is_over:
        game.apply(bot.choose(game, game.legal_actions(), rng))
    return game


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("track", ["volcano", "beach", "S..D.U....DD..U...."])
def test_recorded_fast_path_equals_bots_through_apply(players, track):
    for seed in range(15):
        fast = play_out(Game.new(players, track=track, seed=seed), [RandomBot()] * players, random.Random(seed))
        slow = _slow(Game.new(players, track=track, seed=seed), random.Random(seed))
        unrecorded = play_out(Game.new(players, track=track, seed=seed, record=False), [RandomBot()] * players,
                              random.Random(seed))
        assert fast.events == slow.events and fast.state() == slow.state()
        assert unrecorded.state() == fast.state().replace(events=None)


def test_the_fast_path_works_from_the_middle_of_a_recorded_game():
    game = Game.new(4, seed=9)
    rng = random.Random(9)
    for _ in range(23):
        game.apply(RandomBot().choose(game, game.legal_actions(), rng))
    a, b = game.clone(), game.clone()
    play_out(a, [RandomBot()] * 4, random.Random(1))
    _slow(b, random.Random(1))
    assert a.events == b.events and a.winner == b.winner


def test_a_recorded_moves_path_is_the_path_move_traces():
    game = play_out(Game.new(5, seed=4), [RandomBot()] * 5, random.Random(4))
    track = TRACKS["volcano"]
    positions = [0] * 5
    checked = 0
    for event in game.events:
        if isinstance(event, Moved):
            m = event.move
            assert positions[m.mover] == m.start
            again = move(track, positions, m.mover, m.steps)
            assert (again.final, again.counted_end, again.roll, again.path) == (m.final, m.counted_end, m.roll, m.path)
            assert again == m
            positions[m.mover] = m.final
            checked += 1
    assert checked > 20


def test_moves_read_back_from_json_equal_the_recorded_ones():
    game = play_out(Game.new(3, seed=2), [RandomBot()] * 3, random.Random(2))
    again = Game.from_json(game.to_json())
    assert again.events == game.events
    moved = [e for e in again.events if isinstance(e, Moved)]
    assert moved and all(e.move.path for e in moved if e.move.steps)


def test_a_move_past_several_cars_on_one_space_names_them_all():
    names = ["Ada", "Bo", "Cy", "Di"]
    m = move(TRACKS["volcano"], [0, 0, 0, 2], 3, 31)  # Di passes the finish line and the grid
    assert "jumping Ada, Bo and Cy on space 0" in m.describe(names)
    assert any("jumps Ada, Bo and Cy on space 0" in caption for caption in m.captions(names))


def test_a_step_past_several_cars_reads_back_from_json():
    # In 9,000 seeded games of careful players no car ever passed two cars still on the
    # grid, so the event is made from move() directly.
    import json

    from rally.stich_rallye.events import event_from_dict

    m = move(TRACKS["volcano"], [0, 0, 0, 2], 3, 31)
    event = Moved(3, m, "trick")
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
