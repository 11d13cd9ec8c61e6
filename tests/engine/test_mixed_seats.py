"""People and computer players mixed at one table, in both games (``rally.common.turns.play_bots``
with ``None`` for a person's seat): the computer players act only in their own turns, the
game waits for each person in theirs (a Stich Rallye player's turbo too), and a person's
action in someone else's turn is refused and changes nothing."""

from __future__ import annotations

import random

import pytest

from rally import Game, HeuristicBot, IllegalAction, RandomBot
from rally.stich_rallye.events import TurboDeclined, TurboUsed
from rally.rally_run import ForgetfulBot, PerfectMemoryBot, RallyRunGame
from rally.common.turns import play_bots


def play_table(game, bots, people, rng):
    """Play ``game`` to its end: ``bots`` for the computer seats (``None`` for people), the
    people's choices by ``people[seat]``. Returns each seat's decisions, in order."""
    decided = {seat: 0 for seat in range(game.players)}
    while not game.is_over:
        made = play_bots(game, bots, rng)
        if game.is_over:
            break
        seat = game.current_player
        assert bots[seat] is None, "the bots stopped where a computer player was to act"
        decided[seat] += 1
        others = [s for s in range(game.players) if s != seat and bots[s] is None]
        action = people[seat].choose(game.bot_view(seat), game.legal_actions(), rng)
        for other in others:  # someone else at the screen cannot act for this person
            before = game.clone()
            with pytest.raises(IllegalAction):
                game.apply(action, other)
            assert game == before
        game.apply(action, seat)
        assert made >= 0
    return decided


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_stich_rallye_with_two_people_and_two_computer_players(seed):
    game = Game.new(4, seed=seed)
    bots = [None, HeuristicBot(), None, RandomBot()]
    people = {0: HeuristicBot(turbo="always"), 2: RandomBot()}
    decided = play_table(game, bots, people, random.Random(seed))
    assert decided[0] > 0 and decided[2] > 0 and decided[1] == decided[3] == 0
    # Each person decided their own turbo: every turbo decision of seat 0 was theirs.
    turbos = [e for e in game.events if isinstance(e, (TurboUsed, TurboDeclined))]
    assert {e.seat for e in turbos} >= {0}
    cards = [e.seat for e in game.events if type(e).__name__ == "CardPlayed"]
    assert cards.count(0) == cards.count(1) == cards.count(2) == cards.count(3)


@pytest.mark.parametrize("seed", [2, 5])
def test_rally_run_with_people_and_computer_players_mixed(seed):
    game = RallyRunGame.new(4, seed=seed)
    bots = [None, PerfectMemoryBot(), ForgetfulBot(turns=3), None]
    people = {0: PerfectMemoryBot(), 3: ForgetfulBot(turns=1)}
    decided = play_table(game, bots, people, random.Random(seed))
    assert decided[0] > 0 and decided[3] > 0 and decided[1] == decided[2] == 0
    movers = {e.seat for e in game.events if hasattr(e, "seat")}
    assert {1, 2} <= movers


def test_a_table_of_people_only_never_plays_by_itself():
    game = Game.new(3, seed=4)
    assert play_bots(game, [None, None, None], random.Random(4)) == 0
    assert game.current_player is not None and len(game.events) == len(Game.new(3, seed=4).events)
