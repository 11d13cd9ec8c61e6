"""What everybody at the table sees (``rally.stich_rallye.table_view``), the screen between two people's
turns in pass-and-play: never a card of any hand, only the hands' sizes; the trick, the last
trick and its winner, the motors, the cars and whose turn it is, as the game says."""

from __future__ import annotations

import random

import pytest

from rally import Game, HeuristicBot, play_until, table_view
from rally.stich_rallye.events import Dealt, TrickWon


def played(seed: int, actions: int) -> Game:
    """A seeded game of careful players, ``actions`` decisions in."""
    game = Game.new(4, seed=seed)
    made = [0]

    def stop(g):
        made[0] += 1
        return made[0] > actions

    return play_until(game, [HeuristicBot()] * 4, random.Random(seed), stop)


@pytest.mark.parametrize("seed, actions", [(1, 0), (2, 3), (3, 9), (4, 17), (5, 40), (6, 75)])
def test_the_table_view_shows_no_card_of_any_hand_whatever_the_hands_hold(seed, actions):
    game = played(seed, actions)
    view = table_view(game)
    in_hands = {card for hand in game.hands for card in hand}
    shown = {card for _, card in view.trick} | {card for _, card in view.last_trick} | set(view.discards)
    assert not in_hands & shown and not any(repr(card) in repr(view) for card in in_hands)
    assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
    # The same table with the hidden cards dealt anew among the hands: the same view.
    codes = [card.code for hand in game.hands for card in hand]
    random.Random(seed).shuffle(codes)
    other = game.clone()
    hands, at = {}, 0
    for seat, hand in enumerate(game.hands):
        hands[seat], at = codes[at:at + len(hand)], at + len(hand)
    other.set_hidden_cards(hands, [c.code for c in game.discards], game.seed)
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in game.hands] or len(codes) <= 1
    assert table_view(other) == view


def test_the_last_trick_is_the_one_just_won_and_a_new_round_clears_it():
    game = Game.new(3, seed=4)
    assert table_view(game).last_trick == () and table_view(game).last_winner is None
    rng = random.Random(4)
    bots = [HeuristicBot()] * 3
    play_until(game, bots, rng, lambda g: any(isinstance(e, TrickWon) for e in g.events))
    won = next(e for e in game.events if isinstance(e, TrickWon))
    view = table_view(game)
    assert view.last_trick == tuple(zip(won.seats, won.cards)) and view.last_winner == won.seat
    deals = sum(isinstance(e, Dealt) for e in game.events)
    play_until(game, bots, rng, lambda g: sum(isinstance(e, Dealt) for e in g.events) > deals)
    if not game.is_over:
        assert table_view(game).last_trick == ()


def test_whose_turn_and_the_turbo_decision_are_the_games():
    game = Game.new(3, seed=11)
    play_until(game, [HeuristicBot()] * 3, random.Random(11), lambda g: g.awaiting_turbo)
    view = table_view(game)
    assert view.awaiting_turbo and view.current_player == game.current_player
    assert view.words().endswith(f"{game.names[game.current_player]} decides on the turbo.")
    assert view.motors == game.motors and view.positions == game.positions and view.laps == game.laps
    # The trick just won is still on the table: the last trick is the one before it (or none).
    deal = max(i for i, e in enumerate(game.events) if isinstance(e, Dealt))
    *before, won = [e for e in game.events[deal:] if isinstance(e, TrickWon)]  # this round's tricks
    assert view.trick == tuple(zip(won.seats, won.cards))
    assert view.last_trick == (tuple(zip(before[-1].seats, before[-1].cards)) if before else ())


def test_a_finished_game_says_who_won_in_both_languages():
    game = played(7, 10_000)
    assert game.is_over
    view = table_view(game)
    assert view.current_player is None and view.winner == game.winner
    assert view.words().endswith(f"The game is over: {game.names[game.winner]} won.")
    assert view.words("de").startswith("Runde ") and "Das Spiel ist vorbei" in view.words("de")
