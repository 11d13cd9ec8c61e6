"""What winning or losing a trick changes (rally/stich_rallye/stakes.py), and the review
saying it (issue 45, item 4): every fact the words state is held against what the
engine does when the trick is played out, never typed in.

The games are the seeded games of ``rally.stich_rallye.examples.played``; the engine
plays each trick to its end from deals of the unseen cards (``Position.to_game``), and
its own events (``TrickWon``, ``MotorWound``) say who won, the trick's lowest card and
the motor's new value."""

from __future__ import annotations

import random
import re

import pytest

from rally import Card, Event, Game, MotorWound, Moved, Position, TrickWon, Turbo, review
from rally.stich_rallye.movement import Move
from rally.common.i18n import language
from rally.stich_rallye.examples import played
from rally.stich_rallye.game import decision_of
from rally.stich_rallye.reasons import card_reason, stakes_reasons
from rally.stich_rallye.review import ReviewedDecision
from rally.stich_rallye.stakes import trick_stakes
from rally.stich_rallye.state import PLAY

pytestmark = pytest.mark.slow  # minutes of test games: out of the fast loop (bin/test --fast)

GAMES = ((3, 5), (4, 8), (5, 2))


def moments(players: int, seed: int) -> list[Position]:
    """Every moment of a seeded game where a seat plays a card, as that seat saw it."""
    game = played(players, seed, 1000)
    again = Game.new(players, track=game.track, seed=seed, dial=game.dial, record=False)
    found = []
    for event in game.events:
        made = decision_of(event)
        if made is None:
            continue
        position = Position.from_game(again)
        if position.phase == PLAY:
            found.append(position)
        again.apply_trusted(made[1])
    return found


def finish_trick(position: Position, card: Card, deal: int) -> tuple[Game, list[Event]]:
    """The trick ``card`` goes into, played to its end by the engine on one deal of the
    unseen cards (random legal cards after it): the game, and the events of its last card."""
    game = position.to_game(deal)
    rng = random.Random(deal)
    events = game.apply_recorded(card)
    while not any(isinstance(e, TrickWon) for e in events):
        events = game.apply_recorded(rng.choice(game.legal_actions()))
    return game, events


def played_out(position: Position, card: Card, deal: int) -> tuple[TrickWon, MotorWound | None, int]:
    """:func:`finish_trick`'s result: who won the trick, the decider's wind if they lost
    it, and their motor's value before."""
    seat = position.decider
    before = position.to_game(deal).motor_values[seat]
    _, events = finish_trick(position, card, deal)
    won = next(e for e in events if isinstance(e, TrickWon))
    wound = next((e for e in events if isinstance(e, MotorWound) and e.seat == seat), None)
    return won, wound, before


def card_alone(position: Position, card: Card, deal: int) -> Move:
    """The decider's move by the trick's lowest card alone, when ``card`` wins them the
    trick on ``deal`` (:func:`finish_trick`), as the engine makes it."""
    game, events = finish_trick(position, card, deal)
    if game.awaiting_turbo:
        events = game.apply_recorded(Turbo(False))
    return next(e.move for e in events if isinstance(e, Moved) and e.seat == position.decider)


@pytest.mark.parametrize("players, seed", GAMES)
def test_the_stakes_are_what_the_engine_does_when_the_trick_is_played_out(players, seed):
    """A win moves by the trick's lowest card, never more than the stakes say (exactly
    that when they call it settled); a loss winds the motor to the value they say."""
    wins = losses = settled = drops = rolls = 0
    for position in moments(players, seed):
        for card in position.options():
            assert isinstance(card, Card)
            stakes = trick_stakes(position, card)
            for deal in (0, 1):
                won, wound, before = played_out(position, card, deal)
                assert stakes.motor == before
                lowest = min(c.value for c in won.cards)
                assert (stakes.alone is not None) == stakes.settled
                if stakes.settled:
                    assert lowest == stakes.most
                    settled += 1
                if won.seat == position.decider:  # a win moves the car no further than the stakes say
                    assert wound is None and lowest <= stakes.most
                    wins += 1
                    if stakes.settled:  # where the card alone takes the car: the engine's move
                        assert stakes.alone == card_alone(position, card, deal)
                        rolls += stakes.alone is not None and stakes.alone.roll is not None
                else:
                    assert wound is not None and wound.value == stakes.wound
                    assert stakes.over_winds == (wound.value < before)
                    losses += 1
                    drops += stakes.over_winds
    assert wins > 20 and losses > 20 and settled > 20 and drops > 0 and rolls > 0


def over_winding_moment() -> tuple[Position, Card, Card]:
    """A seeded moment where the decider plays a trick's last card with a motor that one
    more wind drops, and one of their cards loses the trick, one wins it."""
    for players, seed in GAMES + ((3, 35), (3, 43), (3, 51)):
        for position in moments(players, seed):
            if len(position.trick) != position.players - 1:
                continue
            by_result: dict[bool, Card] = {}
            for card in position.options():
                assert isinstance(card, Card)
                won, wound, before = played_out(position, card, 0)
                if wound is not None and wound.value < before:
                    by_result[False] = card
                elif wound is None:
                    by_result[True] = card
            if len(by_result) == 2:
                return position, by_result[False], by_result[True]
    pytest.fail("no seeded game reaches an over-winding last card any more")


def test_a_lost_last_card_says_the_motors_new_value_and_an_over_wind_says_it_drops():
    position, loses, wins = over_winding_moment()
    won, wound, before = played_out(position, loses, 0)
    assert wound is not None
    name = position.player_names[won.seat]
    assert card_reason(position, loses) == (f"{loses} loses the trick to {name}, and your motor drops from "
                                            f"{before} to {wound.value}.")
    with language("de"):
        assert card_reason(position, loses) == (f"Mit {loses} verlierst du den Stich an {name}, und dein Motor "
                                                f"sinkt von {before} auf {wound.value}.")
    # The same motor, said for a trick still open: the loss's drop, the win's turbo.
    sentences = stakes_reasons(trick_stakes(position, wins))
    assert sentences[-1] == f"If you lose this trick, your motor drops from {before} to {wound.value}."
    assert f"With the turbo, your motor's {before} would add to that." in sentences


# ------------------------------------------------------------------ the review
@pytest.fixture(scope="module")
def reviewed() -> tuple[list[ReviewedDecision], list[ReviewedDecision]]:
    """Three whole seeded games of careful bots, seat 0, at the coach's settings, in English
    and (the same answers, remembered) in German."""
    games = [played(4, 8, 1000), played(3, 5, 1000), played(3, 16, 1000)]
    return ([d for game in games for d in review(game, 0).decisions],
            [d for game in games for d in review(game, 0, lang="de").decisions])


def open_trick(d: ReviewedDecision) -> bool:
    """A card played into a trick whose winner was not known when it was played."""
    return d.kind == "card" and len(d.position.trick) < d.position.players - 1 and not d.forced


def a_loss(position: Position) -> tuple[MotorWound, int]:
    """The decider's wind in a trick they lose, played out by the engine (some card of
    theirs on some deal), and their motor's value before it."""
    for deal in range(20):
        for card in position.options():
            assert isinstance(card, Card)
            _, wound, before = played_out(position, card, deal)
            if wound is not None:
                return wound, before
    pytest.fail("the decider won the trick whatever they played")


@pytest.mark.slow_setup
def test_a_flagged_card_into_an_open_trick_says_what_winning_and_losing_the_trick_change(reviewed):
    english, german = reviewed
    said = 0
    for d, de in zip(english, german):
        if not (open_trick(d) and "In the test games" in d.explanation):
            continue
        said += 1
        mine, best = d.chosen.trick_win_rate, d.best.trick_win_rate
        assert mine is not None and best is not None
        winner = d.chosen if mine > best else d.best
        assert isinstance(winner.action, Card)
        # The move a win brings: by the trick's lowest card, at most the lowest so far (the
        # most a win can bring is held against every way to finish the trick, below).
        most = trick_stakes(d.position, winner.action).most
        assert most <= min(c.value for c in (*d.position.trick, winner.action))
        only = "only " if winner is d.chosen else ""
        assert re.search(rf"If {winner.action} wins this trick, your car moves {only}by the trick's lowest card: "
                         rf"{most} spaces?( or fewer)?\.", d.explanation), d.explanation
        # How often each card won the trick is times in 100; a percentage is the race's chance only.
        assert re.search(r"(\d+ times in 100|(never|always) won you this trick; \w+ (never|always) did)",
                         d.explanation), d.explanation
        assert not re.search(r"this trick in \d+%", d.explanation)
        # The motor's next value, from the engine: a trick the decider loses, played out.
        wound, before = a_loss(d.position)
        assert (f"If you lose this trick, your motor winds from {before} to {wound.value}: it can take you "
                f"further later." in d.explanation) == (wound.value > before)
        assert (f"it drops from {before} to {wound.value}" in d.explanation) == (wound.value < before)
        assert (f"With the turbo, your motor's {before} would add to that." in d.explanation) == (before > 0)
        if wound.value > before:
            assert f"ziehst du deinen Motor von {before} auf {wound.value} auf" in de.explanation, de.explanation
        assert "If " not in de.explanation and "test games" not in de.explanation
        assert ("oder weniger" in de.explanation) == ("or fewer" in d.explanation)
    assert said >= 2
    assert any(d.clear for d in english if open_trick(d) and "In the test games" in d.explanation)


@pytest.mark.slow_setup
def test_a_card_into_an_open_trick_won_as_often_as_the_best_says_what_else_differs(reviewed):
    """When the chosen and the best card won the trick about as often in the test games
    (under 10 points apart), the review says so, the trick's lowest card the lower of the two
    would set (when it is lower than every card in the trick: held against the engine
    finishing the trick) and the card each keeps; it gives no trick rates then."""
    english, german = reviewed
    said = 0
    for d, de in zip(english, german):
        if not open_trick(d) or d.chosen.win_rate >= d.best.win_rate:
            continue
        mine, other = d.chosen.action, d.best.action
        assert isinstance(mine, Card) and isinstance(other, Card)
        close = abs((d.chosen.trick_win_rate or 0) - (d.best.trick_win_rate or 0)) < 0.1
        assert (f"{mine} and {other} won you this trick about as often in the test games." in d.explanation) == close
        if not close:
            continue
        said += 1
        assert "times in 100" not in d.explanation, d.explanation
        assert f"Playing {mine} keeps {other} for the tricks to come; playing {other} keeps {mine}." in d.explanation
        low = min(mine, other, key=lambda card: card.value)
        sets_lowest = mine.value != other.value and all(low.value < c.value for c in d.position.trick)
        assert (f"With {low}, the trick's lowest card is {low.value} or lower" in d.explanation) == sets_lowest
        if sets_lowest:  # however the others finish the trick, its lowest card is at most that
            for deal in range(5):
                _game, events = finish_trick(d.position, low, deal)
                won = next(e for e in events if isinstance(e, TrickWon))
                assert min(c.value for c in won.cards) <= low.value
        assert f"Spielst du {mine}, bleibt dir {other}" in de.explanation, de.explanation
    assert said >= 1


def test_a_last_card_that_loses_says_the_motors_next_value(reviewed):
    """The motor's next value after a lost last card: said of the card, or, when the
    chosen and the best card both lose, once for both ("either way")."""
    english, german = reviewed
    said = 0
    for d, de in zip(english, german):
        last = d.kind == "card" and len(d.position.trick) == d.position.players - 1
        if not last or d.chosen.win_rate >= d.best.win_rate:
            continue
        results = {}
        for option in (d.chosen, d.best):
            assert isinstance(option.action, Card)
            results[option.action] = played_out(d.position, option.action, 0)
        both_lose = all(wound is not None for _won, wound, _before in results.values())
        for action, (won, wound, before) in results.items():
            if wound is None:
                continue
            said += 1
            name = d.position.player_names[won.seat]
            sentence = (f"Either way, your motor winds from {before} to {wound.value}." if both_lose else
                        f"{action} loses the trick to {name}, and your motor winds from {before} to {wound.value}.")
            assert (sentence in d.explanation) == (wound.value > before), d.explanation
            if wound.value > before:
                assert f"von {before} auf {wound.value} auf" in de.explanation
    assert said >= 2


@pytest.mark.parametrize("players, seed", ((3, 5), (4, 8)))
def test_the_most_a_win_can_move_is_reached_by_some_way_to_finish_the_trick(players, seed):
    """``most`` is the highest lowest card of any way to finish the trick with cards not
    yet seen (every order of them, by the rules' own trick winner) in which ``card``
    wins: never more, and some finish reaches it."""
    from itertools import permutations

    from rally.stich_rallye.cards import deck
    from rally.stich_rallye.tricks import winner_and_lowest

    checked = 0
    for position in moments(players, seed)[:: 3]:
        later = players - len(position.trick) - 1
        if not later or later > 2:
            continue
        seen = {c.code for c in (*position.trick, *position.hand, *position.played)}
        unseen = [c.code for c in deck(players) if c.code not in seen]
        for card in [o for o in position.options() if isinstance(o, Card)]:
            codes = [c.code for c in (*position.trick, card)]
            mine = len(codes) - 1
            best = max((lowest for rest in permutations(unseen, later)
                        for won, lowest in [winner_and_lowest(codes + list(rest))] if won == mine), default=None)
            if best is not None:
                assert trick_stakes(position, card).most == best, (position.code, card)
                checked += 1
    assert checked > 20


def test_two_last_cards_that_end_the_trick_alike_say_the_difference_is_the_card_kept():
    """Two last cards that both lose the trick to the same player, who moves as far with
    either: the explanation says the trick ends the same, and points at the hand. Where
    the winner or the move differs, it does not say so."""
    from rally.stich_rallye.reasons import both_lose_reasons

    same = differ = 0
    for players, seed in GAMES:
        for position in moments(players, seed):
            if len(position.trick) != position.players - 1:
                continue
            cards = [o for o in position.options() if isinstance(o, Card)]
            for chosen in cards:
                for other in cards:
                    if other == chosen:
                        continue
                    said = both_lose_reasons(position, chosen, other)
                    if said is None:
                        continue
                    games = []
                    for card in (chosen, other):
                        game = position.to_game(0)
                        games.append([e for e in game.apply_recorded(card) if isinstance(e, TrickWon)][0])
                    alike = (games[0].seat, min(c.value for c in games[0].cards)) == (
                        games[1].seat, min(c.value for c in games[1].cards))
                    text = " ".join(said)
                    kept = f"Playing {chosen} keeps {other} for the tricks to come; playing {other} keeps {chosen}."
                    assert (kept in text) == alike, text
                    same += alike
                    differ += not alike
    assert same and differ
