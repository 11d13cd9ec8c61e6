"""The advisor (rally/stich_rallye/advisor.py): seeded, right on positions whose answer is known,
honest about stopping early, and clear about bad input."""

from __future__ import annotations

import random
import re

import pytest

from rally import Card, Game, HeuristicBot, Position, PositionError, RandomBot, SetupError, Turbo, play_until
from rally import advise
from rally.stich_rallye.advisor import ALPHA, RESERVE, Z99, Advice, OptionResult, play_test_game
from rally.common.stats import sign_test, wilson_interval
from rally.stich_rallye.game import turbo_move
from rally.stich_rallye.reasons import turbo_reason

TRACK20 = "S......D......U....."  # 20 spaces: 2 laps end at progress 40


def played(seed: int, decisions: int) -> Game:
    """Three heuristic players on TRACK20, dealt from ``seed`` (the bots draw from
    ``random.Random(seed)``), after ``decisions`` decisions: every position the advisor
    is asked about here is one a real game reaches."""
    game = Game.new(3, track=TRACK20, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
    return game


def turbo_decides():
    """Seed 55 after 45 decisions, round 2's last trick: Cy won Ada's B10 R10 G9 with 11
    on the motor, at progress 23. The turbo takes Cy 9 + 11 spaces, past 40, at once;
    without it Cy moves 9, the round ends, and Ada (7 on her motor, at 32) goes round
    first. Nothing is left to deal, so either way the end is certain."""
    return Position.from_game(played(55, 45))


def card_decides():
    """Seed 235 after 48 decisions, round 3's first trick: Cy led B3, Ada played B9; Bo, at
    37, must follow blue with B2 or B10. B10 wins the trick and moves Bo 3 spaces, past
    40: Bo wins at once. After B2, Ada wins with B9, and her 2 spaces (jumping Bo and Cy)
    take her past 40 first."""
    return Position.from_game(played(235, 48))


def search(seeds=range(1000)):
    """How the two moments above were found (run by hand, not by the tests): the first
    seeded games with two options where one wins the game at once and the other makes
    someone else win at once (a turbo choice; two cards)."""
    found = {}
    for seed in seeds:
        game = Game.new(3, track=TRACK20, seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not game.is_over:
            options = game.legal_actions()
            seat = game.current_player
            winners = []
            for option in options:
                after = game.clone()
                after.apply(option)
                winners.append(after.winner)
            kind = "turbo" if game.awaiting_turbo else "card"
            if kind not in found and len(options) == 2 and seat in winners and None not in winners \
                    and any(w != seat for w in winners):
                found[kind] = (seed, decisions, Position.from_game(game).code())
            game.apply(HeuristicBot().choose(game, options, rng))
            decisions += 1
        if len(found) == 2:
            break
    return found


def test_the_moments_asked_about_are_the_seeded_games():
    assert turbo_decides().code() == ("SR1_TS......D......U....._R2_F0_P32.16.23_M4.5.5_CB10.R10.G9_H2_XR4.R3.R8.R2.R6"
                                      ".G2.B3.B6.B8.R7.G5.R9.B5.G3.B9.G7.G8.G10")
    assert card_decides().code() == "SR1_TS......D......U....._R3_F2_P36.37.39_M0.0.0_CB3.B9_H1R6.R8.G2.G5.G6.G9.G10.B2.B10"
    found = search(seeds=[55, 235])
    assert found == {"turbo": (55, 45, turbo_decides().code()), "card": (235, 48, card_decides().code())}


def test_an_option_that_wins_outright_is_ranked_first_and_one_that_cannot_win_last():
    advice = advise(turbo_decides(), playouts=300, seed=3, stop_early=False)
    by_label = {o.label: o for o in advice.options}
    assert by_label["turbo"].win_rate == 1.0 and by_label["turbo"].wins == 300
    assert by_label["no turbo"].wins == 0
    assert advice.best.action == Turbo(True)
    assert [o.label for o in advice.ranked] == ["turbo", "no turbo"]
    assert advice.clearly_best and not advice.stopped_early
    assert by_label["turbo"].progress_gained > by_label["no turbo"].progress_gained


def test_the_winning_card_is_ranked_first():
    advice = advise(card_decides(), playouts=200, seed=0, stop_early=False)
    assert [o.label for o in advice.options] == ["B2", "B10"]  # hand order
    assert advice.best.action == Card.parse("B10") and advice.best.win_rate == 1.0
    assert advice.ranked[1].action == Card.parse("B2") and advice.ranked[1].wins == 0


def test_the_same_question_gives_the_same_answer():
    game = Game.new(4, seed=21, record=False)
    play_until(game, [RandomBot()] * 4, random.Random(2), lambda g: len(g.hand_codes(g.current_player)) == 3)
    first = advise(game, playouts=150, seed=9)
    again = advise(game.clone(), playouts=150, seed=9)
    assert first.options == again.options
    other = advise(game, playouts=150, seed=10)
    assert first.options != other.options  # a different seed draws other cards and dice


def test_stopping_early_is_reported_and_counts_the_playouts_made():
    calls = []
    advice = advise(turbo_decides(), playouts=1000, seed=1, batch=50, progress=lambda d, t: calls.append((d, t)))
    assert advice.stopped_early
    made = advice.options[0].playouts
    assert made < 1000 and all(o.playouts == made for o in advice.options)
    assert calls[-1] == (made, 1000) and [d for d, _ in calls] == list(range(50, made + 1, 50))
    assert "Stopped early" in advice.table()


def test_intervals_are_99_percent_wilson_intervals_of_the_counts():
    advice = advise(card_decides(), playouts=120, seed=4, stop_early=False)
    for o in advice.options:
        assert o.interval == wilson_interval(o.wins, o.playouts, Z99)
        assert o.interval[0] <= o.win_rate <= o.interval[1]


def test_every_option_meets_the_same_deals():
    # With one option only, the advisor's answer is the plain playout statistic. Seed 0
    # after 5 decisions: Cy led G4, Ada played G8, and Bo's one green is G10.
    p = Position.from_game(played(0, 5))
    assert p.code() == "SR1_TS......D......U....._R1_F2_P0.0.3_M1.1.0_CG4.G8_H1R6.R8.G10.B7_XB3.B6.B9"
    advice = advise(p, playouts=100, seed=5)
    assert [o.label for o in advice.options] == ["G10"] and not advice.stopped_early
    assert advice.options[0].playouts == 100
    assert "only one choice" in advice.sentence()


def test_options_are_compared_on_the_same_test_games():
    # Every option's wins are recorded game by game; the best is held against another on the
    # games only one of them won (a sign test), shared among the options.
    advice = advise(card_decides(), playouts=120, seed=4, stop_early=False)
    assert all(o.outcomes is not None and o.outcomes.bit_count() == o.wins and o.outcomes < 1 << 120
               for o in advice.options)
    best = advice.best
    for o in advice.ranked[1:]:
        ahead, behind = (best.outcomes & ~o.outcomes).bit_count(), (o.outcomes & ~best.outcomes).bit_count()
        assert ahead - behind == best.wins - o.wins
        assert advice.clearly_worse(o) == (sign_test(ahead, behind) < ALPHA / 2 / (len(advice.options) - 1))
    assert not advice.clearly_worse(best)


@pytest.mark.parametrize("moment", [lambda: Position.from_game(Game.new(4, seed=3)), turbo_decides],
                         ids=["cards", "turbo"])
def test_play_test_game_plays_the_advisors_test_games_one_by_one(moment):
    # play_test_game is the advisor's one test game: the same deals and dice drawn in the same
    # order give the same games won, game by game, and the same tricks won (benchmarks
    # that look closer at two options play on from the same stream of deals with it).
    position = moment()
    advice = advise(position, playouts=40, seed=11, stop_early=False)
    stream, players, seat = random.Random(11), [HeuristicBot()] * position.players, position.decider
    won, tricks = [0] * len(advice.options), [0] * len(advice.options)
    for k in range(40):
        deal, dice = position.to_game(stream), stream.getrandbits(64)
        for i, option in enumerate(advice.options):
            game, taker = play_test_game(deal, option.action, dice, players)
            assert game.is_over and (taker is None) == isinstance(option.action, Turbo)
            won[i] |= (game.winner == seat) << k
            tricks[i] += taker == seat
    assert won == [o.outcomes for o in advice.options]
    assert tricks == [o.trick_wins or 0 for o in advice.options]
    assert len(set(won)) > 1  # the options' test games differ: the check has teeth


def last_card_then_turbo():
    """Seed 0 after 51 decisions, round 3: Bo led G5, Cy played G6, and Ada (32 on a
    20-space track, 1 on her motor) plays the trick's last card. G8 wins it, moving her 5:
    with the turbo 6, to 38 + 2 = 40, two laps, and she wins at once; without it she stops
    at 37. A careful player keeps a motor of 1 (its turbo policy waits for a riper one)."""
    return Position.from_game(played(0, 51))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_last_card_that_wins_the_trick_counts_with_the_better_turbo_choice_after_it(seed):
    # Nothing hidden is shown between the trick's last card and its winner's turbo choice:
    # the card is judged by the better of the two on the same test games (a careful
    # player's turbo afterwards would judge the card by its own slip).
    position = last_card_then_turbo()
    assert position.code() == "SR1_TS......D......U....._R3_F1_P32.39.38_M1.0.1_CG5.G6_H0R8.G2.G3.G4.G8.B4.B5.B9_XR2.R4.R5"
    advice = advise(position, playouts=30, seed=seed, stop_early=False)
    stream, players, seat = random.Random(seed), [HeuristicBot()] * position.players, position.decider
    wins = {then: [0] * len(advice.options) for then in (None, Turbo(True), Turbo(False))}
    for _k in range(30):
        deal, dice = position.to_game(stream), stream.getrandbits(64)
        for i, option in enumerate(advice.options):
            for then in wins:
                wins[then][i] += play_test_game(deal, option.action, dice, players, then)[0].winner == seat
    g8 = [str(o.action) for o in advice.options].index("G8")
    assert wins[None][g8] == 0 and wins[Turbo(True)][g8] == 30  # the careful turbo loses; the turbo wins
    assert advice.best.label == "G8" and advice.options[g8].wins == 30
    # A card after which no turbo choice of Ada's follows is played out as before.
    for i, option in enumerate(advice.options):
        expected = max(wins[Turbo(True)][i], wins[Turbo(False)][i]) if i == g8 else wins[None][i]
        assert option.wins == expected, (option.label, wins)


def test_the_same_test_games_tell_apart_what_the_intervals_cannot():
    # 200 test games; the best wins 110 of them, the other 90, and every game the other won
    # the best won too: the intervals overlap, but game by game the best is ahead 20 to 0.
    moment = turbo_decides()
    best_games, other_games = (1 << 110) - 1, (1 << 90) - 1
    def option(action, games):
        wins = games.bit_count()
        return OptionResult(action, 200, wins, 0.0, wilson_interval(wins, 200, Z99), None, games)
    best, other = option(Turbo(True), best_games), option(Turbo(False), other_games)
    advice = Advice(moment, moment.decider, (best, other), False, 200, 0, "heuristic")
    assert not best.clearly_above(other) and advice.clearly_worse(other)
    # The same counts from games that fell apart at random: 110 and 90 wins, 60 games each alone.
    scattered = option(Turbo(False), ((1 << 90) - 1) << 50)
    apart = Advice(moment, moment.decider, (best, scattered), False, 200, 0, "heuristic")
    assert not apart.clearly_worse(scattered)
    with pytest.raises(SetupError, match="one of this answer's options"):
        advice.clearly_worse(scattered)


def test_heuristic_playouts_work_too():
    advice = advise(turbo_decides(), playouts=30, seed=0, bots="heuristic", stop_early=False)
    assert advice.best.action == Turbo(True) and advice.bots == "heuristic"


# ------------------------------------------------------------- the time limit
class FakeClock:
    """A clock that moves ``tick`` seconds each time it is read."""

    def __init__(self, tick: float):
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def four_cards() -> Game:
    """A four-player game at a lead with four cards in hand: four options, none settled at once."""
    game = Game.new(4, seed=21, record=False)
    play_until(game, [RandomBot()] * 4, random.Random(2), lambda g: len(g.hand_codes(g.current_player)) == 4
               and not g.trick_codes)
    return game


@pytest.mark.parametrize("limit, seed", [(0.105, 3), (0.255, 4)])  # a seed each: answers are remembered
def test_the_time_limit_stops_before_the_next_test_game_would_pass_it(limit, seed):
    # The clock moves 0.01 s a read: read once at the start and once after each test game,
    # k games have taken 0.01 * k seconds; it goes on while two more would end in time, a
    # tenth of the limit kept free (RESERVE).
    clock = FakeClock(0.01)
    calls = []
    cut = advise(four_cards(), playouts=200, seed=seed, time_limit=limit, clock=clock,
                 progress=lambda done, total: calls.append((done, total)))
    played = cut.played
    assert cut.out_of_time and not cut.stopped_early and cut.playouts_asked == 200
    end = limit * (1 - RESERVE)
    assert 0.01 * (played + 1) <= end < 0.01 * (played + 2)  # room for one more, not for two
    assert all(o.playouts == played for o in cut.options) and calls[-1] == (played, 200)
    # The games played are the first of the whole answer's: an anytime search on the same test games.
    whole = advise(four_cards(), playouts=200, seed=seed, stop_early=False)
    for short, long in zip(cut.options, whole.options):
        assert short.outcomes == long.outcomes & ((1 << played) - 1) and short.wins == short.outcomes.bit_count()
    assert cut.sureness == ("clear" if cut.clearly_best else "unsure")
    # Not remembered: asked again without a limit, the whole analysis.
    again = advise(four_cards(), playouts=200, seed=seed)
    assert not again.out_of_time and again.played in (200, *range(50, 200, 50))


class HiccupClock(FakeClock):
    """A :class:`FakeClock` whose ``at``-th read comes ``hiccup`` seconds late: a busy
    machine made the process wait."""

    def __init__(self, tick: float, at: int, hiccup: float):
        super().__init__(tick)
        self.at, self.hiccup = at, hiccup

    def __call__(self) -> float:
        if self.reads + 1 == self.at:
            self.now += self.hiccup
        return super().__call__()


def test_the_time_limit_keeps_the_longest_test_game_free():
    # Test games of 0.01 s, but one took 0.31 s: from then on the search keeps 0.31 s free
    # (more than the tenth it keeps anyway), so another such wait still ends in time.
    clock = HiccupClock(0.01, at=6, hiccup=0.3)
    cut = advise(four_cards(), playouts=200, seed=6, time_limit=1.0, clock=clock)
    assert cut.out_of_time and cut.played == clock.reads - 1
    assert clock.now + 0.31 <= 1.0  # room for one more test game as long as the longest
    assert clock.now + 2 * 0.02 < 1.0 - RESERVE  # a tenth alone would have gone on
    steady = FakeClock(0.01)
    advise(four_cards(), playouts=200, seed=9, time_limit=1.0, clock=steady)
    assert 0.01 * (steady.reads + 2) > 1.0 - RESERVE  # without the wait, it keeps a tenth


def test_an_answer_in_time_is_the_same_as_without_a_limit():
    unhurried = advise(four_cards(), playouts=120, seed=8, time_limit=5.0, clock=FakeClock(0.0))
    assert not unhurried.out_of_time and unhurried.sureness in ("clear", "close")
    assert unhurried == advise(four_cards(), playouts=120, seed=8)  # and remembered as it


def test_an_unsure_answer_says_so_in_words():
    cut = advise(four_cards(), playouts=200, seed=5, time_limit=1.5, clock=FakeClock(1.0))  # after one test game
    assert cut.played == 1 and cut.sureness == "unsure" and not cut.clearly_best
    note = "The advisor had to stop after 1 test game, so it is not sure yet."
    assert cut.hint().endswith(note) and cut.sentence().endswith(note)
    assert "Stopped at the time limit after 1 playout per option of 200." in cut.table()
    assert cut.hint("de").endswith("Der Ratgeber musste nach 1 Probespiel aufhören. Er ist sich noch nicht sicher.")
    whole = advise(four_cards(), playouts=200, seed=5)
    assert "not sure" not in whole.hint() and whole.sureness in ("clear", "close")


@pytest.mark.parametrize("kwargs, message", [
    ({"time_limit": 0}, "time_limit must be a number from 0.001 to 3600, like 1.0, not 0."),
    ({"time_limit": -1.0}, "time_limit must be a number from 0.001 to 3600"),
    ({"time_limit": "1"}, "time_limit must be a number from 0.001 to 3600"),
    ({"time_limit": float("nan")}, "time_limit must be a number"),
    ({"time_limit": True}, "time_limit must be a number"),
    ({"time_limit": 1, "clock": "now"}, "clock must be None or a function that returns the time in seconds"),
])
def test_bad_time_limits_are_refused(kwargs, message):
    with pytest.raises(SetupError, match=re.escape(message)):
        advise(turbo_decides(), **kwargs)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"playouts": 0}, SetupError, "playouts must be a whole number from 1 to 100000, like 1000, not 0."),
    ({"batch": -1}, SetupError, "batch must be a whole number from 1 to 100000, like 100, not -1."),
    ({"bots": "clever"}, SetupError, "bots must be one of 'random', 'heuristic', like 'random', not “clever”."),
    ({"seed": "x"}, SetupError, "The seed must be a whole number from 0 to 18446744073709551615, like 42, not “x”."),
])
def test_bad_requests_are_refused(kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        advise(turbo_decides(), **kwargs)


def test_advising_a_finished_game_or_nonsense_is_refused():
    with pytest.raises(SetupError, match="needs a Position or a Game"):
        advise("SR1_Tvolcano")
    game = Game.new(3, seed=1, record=False)
    from rally import play_out
    play_out(game, [RandomBot()] * 3, random.Random(1))
    with pytest.raises(PositionError, match="game is over"):
        advise(game)


# ------------------------------------------------------------ the turbo's reasons
def first_turbo_where_both_win(seed: int) -> Position:
    """The first turbo decision of a seeded game of careful players where the card alone
    and the turbo both take the car over the finish line a second time."""
    game, bot, rng = Game.new(4, seed=seed), HeuristicBot(), random.Random(seed)
    while not game.is_over:
        if game.awaiting_turbo:
            alone, turbo = turbo_move(game, False), turbo_move(game, True)
            if min(alone.final, turbo.final) >= 2 * alone.track_length:
                return Position.from_game(game)
        game.apply(bot.choose(game, game.legal_actions(), rng))
    raise AssertionError(f"seed {seed}: no such turbo decision")


def test_a_card_that_wins_the_race_alone_keeps_no_motor_for_later():
    """A German editor: "keeping the motor's 2 for later" beside a move that wins the race."""
    position = first_turbo_where_both_win(0)
    alone, turbo = turbo_reason(position, False), turbo_reason(position, True)
    assert alone == "7 spaces, over the finish line, winning the race"
    assert turbo.endswith("= 9 spaces, over the finish line, winning the race")
    assert "later" not in alone and "keeping" not in alone


def first_turbo_where_the_kept_motor_finishes(seed: int) -> tuple[Game, Position]:
    """The first turbo decision of a seeded game of careful players, with tricks still to
    come this round, where the kept motor could carry the car over the finish line at the
    round's end and the used one could not (the game waits for the choice)."""
    from rally.stich_rallye.reasons import kept_motor_reasons

    game, bot, rng = Game.new(4, seed=seed), HeuristicBot(), random.Random(seed)
    while not game.is_over:
        if game.awaiting_turbo:
            position = Position.from_game(game)
            if position.hand and any("finish line" in s for s in kept_motor_reasons(position)):
                return game, position
        game.apply(bot.choose(game, game.legal_actions(), rng))
    raise AssertionError(f"seed {seed}: no such turbo decision")


def test_a_costly_turbo_says_how_far_the_kept_motor_would_wind_and_carry_the_car():
    """Walk 79b: a review led with a turbo that cost 97 points and said only "keeps the
    motor's 4 for later". It now says what the kept motor does, and each fact is the rules':
    the dial wound trick by trick, and the round's end move on the track as it stands."""
    from rally import DEFAULT_DIAL, Motor, move
    from rally.stich_rallye.review import _explain_turbo

    game, position = first_turbo_where_the_kept_motor_finishes(0)
    seat, track = position.decider, len(position.track)
    before = Motor(position.motors[seat], position.dial)
    alone, turbo = game.clone(), game.clone()
    alone.apply(Turbo(False))
    turbo.apply(Turbo(True))
    assert turbo.motor_values[seat] == 0 < alone.motor_values[seat] == before.value
    # The most each motor reaches by losing the tricks left, and the fewest losses to it.
    wound = [before]
    for _ in position.hand:
        wound.append(wound[-1].wound())
    losses = max(range(len(wound)), key=lambda j: (wound[j].value, -j))
    fresh = max(DEFAULT_DIAL[:len(position.hand) + 1])
    assert move(position.track, alone.positions, seat, wound[losses].value).final >= 2 * track
    assert move(position.track, turbo.positions, seat, fresh).final < 2 * track

    def result(action: Turbo, wins: int) -> OptionResult:
        return OptionResult(action, 1000, wins, 0.0, wilson_interval(wins, 1000, Z99))

    used, kept = result(Turbo(True), 20), result(Turbo(False), 990)
    advice = Advice(position, seat, (used, kept), False, 1000, 0, "heuristic")
    text = _explain_turbo(position, advice, used, clear=True, followed=False)
    assert (f"A kept motor winds on. On this app's dial, {losses} more lost tricks this round take it from "
            f"{before.value} to {wound[losses].value}." in text), text
    assert f"On this app's dial, a used motor starts again from 0 and reaches at most {fresh} this round." in text
    assert f"At the round's end, {wound[losses].value} would carry your car over the finish line." in text
    # Where the test games cannot tell the two apart, no reason is made up for a cost.
    assert "a kept motor" not in _explain_turbo(position, advice, used, clear=False, followed=False)
