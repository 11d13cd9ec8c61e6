"""Bad input: every case raises its typed error, says what was wrong and what would
be right, and leaves the game unchanged (its ``to_json()`` before and after)."""

from __future__ import annotations

import json
import random

import pytest

from conftest import build_game, cards, play_cards
from rally import (
    Card, CardError, CardPlayed, Color, Game, IllegalAction, LanguageError, Motor, Move, PathStep, PositionError,
    RandomBot, RuleError, SetupError, Track, TrackError, Turbo, check_dial, deck, explain_trick, legal_plays, move,
    parse_cards, play_out, trick_winner, why_illegal,
)
from rally.stich_rallye.replay import replay_states

FLAT10 = "S" + "." * 9
FLAT20 = "S" + "." * 19
PLAYERS = "The number of players of Stich Rallye must be a whole number from 3 to 5, like 4, "
CARD_FORM = "write a color letter R, G or B followed by a value from 1 to 15, like G11"
CARD_CODE = ("A card's code must be a whole number color * 16 + value (red 1-15, green 17-31, blue 33-47), "
             "like 27 (G11), ")
G5 = Card.parse("G5")
TRACK_FORM = "one letter for each space (like S..DD...U..): S for the start, only at the front, a dot for flat"


# ------------------------------------------------------------------ game positions


def mid_trick():
    """Ada has led G9; Bo (must follow with G3) is to play; Cy waits. (Round 1, three
    tricks done, one won by each car; Ada won the last.)"""
    game = build_game(3, track=FLAT20, hands=["G9 R2", "R3 G3", "B4 R4"], positions=[4, 6, 8], motors=[0, 2, 1])
    game.apply("G9")
    return game


def turbo_choice():
    """Ada won R9/R3/R4 with her motor at value 4 and must choose the turbo. (Round 2,
    five tricks done; Ada won the last, Bo and Cy lost it.)"""
    game = build_game(3, track=FLAT20, round=2, hands=["R9 G9", "R3 G3", "R4 G4"], positions=[5, 7, 0],
                      motors=[3, 1, 1])
    play_cards(game, "R9 R3 R4")
    return game


def game_over():
    """Ada went round twice (18 + 3 on a 10-space track) and won, in round 3."""
    game = build_game(3, track=FLAT10, round=3, hands=["R9 G9", "R3 G3", "R4 G4"], positions=[18, 5, 3],
                      motors=[0, 2, 1])
    play_cards(game, "R9 R3 R4")
    assert game.is_over
    return game


def saved(**changes):
    """JSON of a game in progress (4 players, volcano, one trick and a card played),
    with top-level fields replaced by ``changes`` (a value of ``...`` deletes the key)."""
    game = Game.new(4, seed=1)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value(data) if callable(value) else value
    return json.dumps(data)


def _swap_in_duplicate(data):
    hands = data["hands"]
    hands[0][0] = hands[1][0]
    return hands


def _card_not_in_play(data):
    hands = data["hands"]
    hands[0][0] = "R15"  # 4 players play 2-13
    return hands


def _short_hand(data):
    return [h[:-1] if s == 1 else h for s, h in enumerate(data["hands"])]


def _two_cars_on_space_3(data):
    return [3, 3, 0, 0]


def _off_suit_trick():
    """A trick where Bo played red although he holds the lead color green."""
    game = build_game(3, track=FLAT20, hands=["R2", "R3 G3", "B4 R4"], positions=[4, 6, 8], motors=[0, 2, 1],
                      trick="G9")
    data = json.loads(game.to_json())
    data["trick"] = ["G9", "R3"]
    data["hands"][1] = ["G3"]
    return json.dumps(data)


def _turbo_without_full_trick():
    data = json.loads(saved())
    data["phase"] = "turbo"
    return json.dumps(data)


# ------------------------------------------------------------------ the catalogue
# Each case: (id, make, error class, message fragments). ``make()`` returns
# ``(call, game)``: ``call()`` must raise; ``game`` (or None) must be unchanged.


def pure(f):
    return lambda: (f, None)


def act(prepare, action, seat=None):
    def make():
        game = prepare()
        return (lambda: game.apply(action, seat=seat)), game
    return make


def call(prepare, method, *args, **kwargs):
    """``prepare()``'s game, and a call of its ``method`` that must be refused."""
    def make():
        game = prepare()
        return (lambda: getattr(game, method)(*args, **kwargs)), game
    return make


def load(text_or_factory):
    def make():
        text = text_or_factory() if callable(text_or_factory) else text_or_factory
        return (lambda: Game.from_json(text)), None
    return make


CASES = [
    # --- cards (S2)
    ("card-G16", pure(lambda: Card.parse("G16")), CardError, ["“G16” is not a card", CARD_FORM]),
    ("card-X3", pure(lambda: Card.parse("X3")), CardError, ["“X3” is not a card", CARD_FORM]),
    ("card-empty", pure(lambda: Card.parse("")), CardError, ["“” is not a card", CARD_FORM]),
    ("card-G0", pure(lambda: Card.parse("G0")), CardError, ["“G0” is not a card", CARD_FORM]),
    ("card-inner-space", pure(lambda: Card.parse("g 5")), CardError, ["“g 5” is not a card", CARD_FORM]),
    ("card-leading-zero", pure(lambda: Card.parse("G05")), CardError, ["“G05” is not a card", CARD_FORM]),
    ("card-value-first", pure(lambda: Card.parse("11G")), CardError, ["“11G” is not a card", CARD_FORM]),
    ("card-None", pure(lambda: Card.parse(None)), CardError, ["None is not a card", CARD_FORM]),
    ("card-code-0", pure(lambda: Card.from_code(0)), CardError, [CARD_CODE + "not 0."]),
    ("card-code-negative", pure(lambda: Card.from_code(-1)), CardError, [CARD_CODE + "not -1."]),
    ("card-code-16", pure(lambda: Card.from_code(16)), CardError, [CARD_CODE + "not 16."]),
    ("card-code-None", pure(lambda: Card.from_code(None)), CardError, [CARD_CODE + "not None."]),
    ("card-code-text", pure(lambda: Card.from_code("1")), CardError, [CARD_CODE + "not “1”."]),
    ("card-code-bool", pure(lambda: Card.from_code(True)), CardError, [CARD_CODE + "not True."]),
    ("card-value-0", pure(lambda: Card(Color.RED, 0)), CardError,
     ["A card's value must be a whole number from 1 to 15", "not 0."]),
    ("card-color-3", pure(lambda: Card(3, 5)), CardError,
     ["A card's color must be a whole number from 0 to 2", "like Color.GREEN", "not 3."]),
    ("cards-text", pure(lambda: parse_cards("G11 Q2")), CardError, ["“Q2” is not a card"]),
    ("color-letter", pure(lambda: Color.from_letter("Y")), CardError, ["“Y” is not a color", "R (red)"]),
    ("trick-empty", pure(lambda: trick_winner([])), CardError, ["empty trick has no winner"]),
    ("trick-card-twice", pure(lambda: trick_winner(cards("G5 G5"))), CardError, ["same card twice (G5)"]),
    ("trick-too-short", pure(lambda: trick_winner(cards("G5 G7"))), CardError,
     ["A whole trick has one card per player: 3 to 5 cards", "this one has 2."]),
    ("trick-card-not-in-play", pure(lambda: trick_winner(cards("G2 R15 G1"))), CardError,
     ["R15 is not in play with 3 players (values 2-10)."]),
    ("trick-not-cards", pure(lambda: legal_plays(cards("G5"), ["G7"])), CardError,
     ["Each card of a trick must be a Card", "Card.parse('G11')", "not “G7”."]),
    # --- players and setup (S1, S2, S11)
    ("deck-2", pure(lambda: deck(2)), SetupError, [PLAYERS + "not 2."]),
    ("players-2", pure(lambda: Game.new(2)), SetupError, [PLAYERS + "not 2."]),
    ("players-6", pure(lambda: Game.new(6)), SetupError, [PLAYERS + "not 6."]),
    ("players-text", pure(lambda: Game.new("4")), SetupError, [PLAYERS + "not “4”."]),
    ("players-bool", pure(lambda: Game.new(True)), SetupError, [PLAYERS + "not True."]),
    ("players-huge", pure(lambda: Game.new(10**5000)), SetupError, [PLAYERS + "not a number of about 5001 digits."]),
    ("first-player-3", pure(lambda: Game.new(3, first_player=3)), SetupError,
     ["The first player must be a whole number from 0 to 2", "not 3."]),
    ("first-player-neg", pure(lambda: Game.new(3, first_player=-1)), SetupError,
     ["The first player must be a whole number from 0 to 2", "not -1."]),
    ("seed-text", pure(lambda: Game.new(3, seed="42")), SetupError, ["The seed must be a whole number", "not “42”."]),
    ("seed-float", pure(lambda: Game.new(3, seed=1.5)), SetupError, ["The seed must be a whole number", "not 1.5."]),
    ("names-count", pure(lambda: Game.new(3, names=["A", "B"])), SetupError,
     ["The game needs 3 different names, one per player", "such as Ada, Bo and Cy", "not A and B."]),
    ("names-repeat", pure(lambda: Game.new(3, names=["A", "A", "B"])), SetupError,
     ["different name", "A is there more than once"]),
    ("names-blank", pure(lambda: Game.new(3, names=["A", " ", "C"])), SetupError,
     ["Each name must be printable text of 1 to 40 characters", "not “ ”."]),
    ("names-not-a-list", pure(lambda: Game.new(3, names=5)), SetupError, ["name", "5"]),
    ("names-a-string", pure(lambda: Game.new(3, names="abc")), SetupError, ["name", "“abc”"]),
    ("dial-start", pure(lambda: Game.new(3, dial=[1, 2, 3])), SetupError, ["must start with value 0", "[1, 2, 3]"]),
    ("dial-short", pure(lambda: Game.new(3, dial=[0])), SetupError, ["A dial must be a list of 2 to 20 values", "0"]),
    ("dial-negative", pure(lambda: Game.new(3, dial=[0, -1])), SetupError,
     ["Each dial value must be a whole number from 0 to 40", "not -1."]),
    ("dial-None", pure(lambda: Game.new(3, dial=None)), SetupError, ["A dial must be a list", "not None."]),
    ("dial-float", pure(lambda: check_dial([0, 2.5])), SetupError, ["not 2.5."]),
    ("motor-off-dial", pure(lambda: Motor(position=9)), SetupError,
     ["A motor position must be a whole number from 0 to 8", "not 9."]),
    ("track-too-few-flats", pure(lambda: Game.new(5, track="S....")), SetupError,
     ["only 5 flat spaces", "5 cars need at least 6"]),
    ("bots-count", pure(lambda: play_out(Game.new(3), [RandomBot()] * 2, random.Random(0))), SetupError,
     ["one bot per player", "3 needed, 2 given"]),
    # --- tracks (S10)
    ("track-first-char", pure(lambda: Track.parse(".S...")), TrackError, ["starts with the start/finish space S"]),
    ("track-second-S", pure(lambda: Track.parse("S..S..")), TrackError, ["space 3 is also 'S' in “S..S..”"]),
    ("track-hill-after-start", pure(lambda: Track.parse("SD....")), TrackError,
     ["right after the start must be flat", "space 1 is “D”"]),
    ("track-hill-before-start", pure(lambda: Track.parse("S...U")), TrackError,
     ["right before the start must be flat", "space 4 is “U”"]),
    ("track-bad-char", pure(lambda: Track.parse("S..X..")), TrackError, ["“X” at space 3 is not a track letter", TRACK_FORM]),
    ("track-too-short", pure(lambda: Track.parse("S..")), TrackError, ["A track has 5 to 200 spaces", "“S..” has 3"]),
    ("track-None", pure(lambda: Track.parse(None)), TrackError, ["A track must be text (a str)", "not None."]),
    ("track-int", pure(lambda: Track.parse(12345)), TrackError, ["A track must be text (a str)", "not 12345."]),
    ("track-unknown-name", pure(lambda: Game.new(3, track="moon")), TrackError,
     ["“moon” is neither a built-in track (beach or volcano)", TRACK_FORM]),
    ("track-empty", pure(lambda: Game.new(3, track=" ")), TrackError,
     ["Choose a track (beach or volcano) or write one of your own", TRACK_FORM]),
    ("track-text-without-start", pure(lambda: Game.new(3, track="D..U..")), TrackError,
     ["starts with the start/finish space S, but “D..U..” starts with “D”"]),
    # --- game actions (S1, S4, S8, S13)
    ("play-not-following", act(mid_trick, "R3"), IllegalAction, ["You must follow green: you hold G3"]),
    ("play-not-held", act(mid_trick, "B9"), IllegalAction, ["You do not hold B9", "your hand is R3, G3"]),
    ("play-out-of-turn", act(mid_trick, "B4", seat=2), IllegalAction, ["It is Bo's turn, not Cy's"]),
    ("play-no-such-seat", act(mid_trick, "G3", seat=7), IllegalAction, ["no seat 7", "from 0 to 2"]),
    ("play-seat-true", act(mid_trick, "G3", seat=True), IllegalAction, ["no seat True", "whole numbers"]),
    ("play-not-an-action", act(mid_trick, 42), IllegalAction, ["42 is not an action", "choose turbo or no turbo"]),
    ("play-bad-card-text", act(mid_trick, "Z9"), CardError, ["“Z9” is not a card", CARD_FORM]),
    ("turbo-not-winner", act(mid_trick, Turbo(True)), IllegalAction,
     ["Only a trick's winner chooses the turbo", "Bo must play a card"]),
    ("turbo-by-loser", act(turbo_choice, Turbo(True), seat=1), IllegalAction,
     ["Ada won the trick and is choosing"]),
    ("card-during-turbo", act(turbo_choice, "G9"), IllegalAction,
     ["must first choose", "use the turbo", "move by the lowest card alone"]),
    ("card-when-over", act(game_over, "G3", seat=1), IllegalAction, ["The game is over: Ada won"]),
    ("turbo-when-over", act(game_over, Turbo(True)), IllegalAction, ["The game is over: Ada won"]),
    # --- saved games
    ("json-not-json", load("{"), PositionError, ["A saved game is not JSON", "Game.to_json()"]),
    ("json-None", load(None), PositionError, ["A saved game must be text (a str)", "not None."]),
    ("json-bytes", load(b"{}"), PositionError, ["A saved game must be text (a str)", "not b'{}'."]),
    ("json-array", load("[]"), PositionError, ["A saved game must be a JSON object with the keys", "not []."]),
    ("json-missing-key", load(lambda: saved(motors=...)), PositionError, ["missing motors"]),
    ("json-unknown-key", load(lambda: saved(extra=1)), PositionError, ["unknown “extra”"]),
    ("json-bad-format", load(lambda: saved(format="chess/1")), PositionError,
     ["A saved game's format must be 'stich-rallye/1'", "not “chess/1”."]),
    ("json-card-twice", load(lambda: saved(hands=_swap_in_duplicate)), PositionError,
     ["appears 2 times; every card exists once"]),
    ("json-card-not-in-play", load(lambda: saved(hands=_card_not_in_play)), PositionError,
     ["R15 is not in play with 4 players (values 2-13)"]),
    ("json-two-cars-one-space", load(lambda: saved(positions=_two_cars_on_space_3)), PositionError,
     ["both on space 3; a space holds one car"]),
    ("json-car-on-hill", load(lambda: saved(positions=[0, 0, 4, 0])), PositionError,
     ["rests on downhill space 4", "only stop on flat spaces"]),
    ("json-motor-off-dial", load(lambda: saved(motors=[9, 1, 0, 1])), PositionError,
     ["Each car's motor position must be a whole number from 0 to 8", "not 9."]),
    ("json-motor-wound-beyond-the-tricks-lost", load(lambda: saved(motors=[3, 1, 0, 1])), PositionError,
     ["Ada's motor is at position 3. That takes 3 lost tricks",
      "But Ada can have lost at most 1 of the 1 trick completed this round"]),
    ("json-motor-not-wound-after-a-lost-trick", load(lambda: saved(motors=[1, 0, 0, 1])), PositionError,
     ["Bo lost the last trick. So the motor was wound at least once"]),
    ("json-hand-size", load(lambda: saved(hands=_short_hand)), PositionError, ["Bo holds", "should hold"]),
    ("json-round-4", load(lambda: saved(round=4)), PositionError, ["The round must be a whole number from 1 to 3",
                                                                    "not 4."]),
    ("json-phase", load(lambda: saved(phase="bidding")), PositionError,
     ["The phase must be one of 'play', 'turbo', 'over'", "not “bidding”."]),
    ("json-flag", load(lambda: saved(flag=4)), PositionError, ["flag holder must be a whole number from 0 to 3"]),
    ("json-winner-in-play", load(lambda: saved(winner=0)), PositionError, ["Only a finished game has a winner"]),
    ("json-two-laps-not-over", load(lambda: saved(positions=[0, 0, 62, 0])), PositionError,
     ["Cy has gone round twice, so the game should be over"]),
    ("json-turbo-incomplete-trick", load(_turbo_without_full_trick), PositionError,
     ["turbo choice comes only after a complete trick"]),
    ("json-trick-not-followed", load(_off_suit_trick), PositionError, ["played R3 but still holds green"]),
    ("json-players", load(lambda: saved(players="4")), PositionError, [PLAYERS + "not “4”."]),
    ("json-track", load(lambda: saved(track="SD...")), PositionError, ["The track:", "space 1 is “D”"]),
    ("json-names-not-a-list", load(lambda: saved(names=5)), PositionError, ["The names must be a list", "not 5."]),
    ("json-events", load(lambda: saved(events=[{"kind": "nonsense"}])), PositionError,
     ["An event's kind must be one of 'dealt', 'card_played'", "not “nonsense”."]),
    ("json-events-not-the-game", load(lambda: saved(events=lambda d: d["events"][:-1])), PositionError,
     ["The event log, played from seed 1, leads to another state than this one."]),
    # --- events, moves and their words (an event or a move no game logs is not made)
    ("event-seat-99", pure(lambda: CardPlayed(99, G5)), PositionError,
     ["The seat of a card_played event must be a whole number from 0 to 4, like 0, not 99."]),
    ("event-card-text", pure(lambda: CardPlayed(0, "G5")), PositionError,
     ["The card of a card_played event must be an object of type Card", "not “G5”."]),
    ("event-names-short", pure(lambda: CardPlayed(2, G5).describe(["Ada", "Bo"])), SetupError,
     ["The names must be a list of texts with a name for each seat from 0 to 2", "not ['Ada', 'Bo']."]),
    ("event-names-text", pure(lambda: CardPlayed(0, G5).describe("Ada")), SetupError,
     ["The names must be a list of texts", "not “Ada”."]),
    ("event-lang", pure(lambda: CardPlayed(0, G5).describe(["Ada"], lang="xx")), LanguageError,
     ["rally has no messages in “xx”: choose one of en, de"]),
    ("move-track-length-0", pure(lambda: Move(0, 3, 1, 4, 4, None, [PathStep(4, "counted")], 0)), PositionError,
     ["A move's track length must be a whole number from 5 to 200, like 5, not 0."]),
    ("move-names-short", pure(lambda: move(Track.parse(FLAT10), [1, 2], 1, 1).describe(["Ada"])), SetupError,
     ["The names must be a list of texts with a name for each seat from 0 to 1"]),
    ("step-how", pure(lambda: PathStep(3, "flew")), PositionError, ["How a step was entered must be one of"]),
    ("explain-lang-True", pure(lambda: explain_trick(cards("G5 G7 R3"), lang=True)), LanguageError,
     ["rally has no messages in True"]),
    # --- games handed over: bots, replays, hidden cards, JSON
    ("play-out-rng-None", pure(lambda: play_out(Game.new(3), [RandomBot()] * 3, None)), SetupError,
     ["The random generator must be an object of type Random, like random.Random(0), not None."]),
    ("play-out-game-None", pure(lambda: play_out(None, [RandomBot()] * 3, random.Random(0))), SetupError,
     ["The game must be an object of type Game", "not None."]),
    ("bot-choose-rng-None", pure(lambda: RandomBot().choose(Game.new(3), Game.new(3).legal_actions(), None)),
     SetupError, ["The random generator must be an object of type Random"]),
    ("replay-None", pure(lambda: replay_states(None)), SetupError,
     ["The game must be an object of type Game", "not None."]),
    ("hidden-cards-seat-9", call(mid_trick, "set_hidden_cards", {9: [1]}, [], 0), IllegalAction,
     ["A seat must be a whole number from 0 to 2, like 0, not 9."]),
    ("hidden-cards-not-in-play", call(lambda: Game.new(3, seed=1), "set_hidden_cards", {2: [1, 2, 3, 4, 5]}, [], 0),
     IllegalAction, ["must be the codes of cards in play", "each dealt once"]),
    ("hidden-cards-discards-None", call(mid_trick, "set_hidden_cards", {}, None, 0), IllegalAction,
     ["The earlier tricks' cards must be a list", "not None."]),
    ("json-indent", call(mid_trick, "to_json", indent=1.5), SetupError,
     ["The indent must be None (one line) or a whole number from 0 to 8, like 2, not 1.5."]),
    ("describe-not-an-event", call(mid_trick, "describe", "G5"), SetupError,
     ["The event must be an object of type Event"]),
    # --- move() (S6, S7, S9)
    ("move-negative-steps", pure(lambda: move(Track.parse(FLAT10), {"a": 1}, "a", -1)), RuleError,
     ["The number of spaces to move must be a whole number from 0 to 99", "not -1."]),
    ("move-huge-steps", pure(lambda: move(Track.parse(FLAT10), {"a": 1}, "a", 10**9)), RuleError,
     ["The number of spaces to move must be a whole number from 0 to 99", "not 1000000000."]),
    ("move-float-steps", pure(lambda: move(Track.parse(FLAT10), {"a": 1}, "a", 1.5)), RuleError, ["not 1.5"]),
    ("move-unknown-mover", pure(lambda: move(Track.parse(FLAT10), {"a": 1, "b": 2}, "zed", 1)), PositionError,
     ["“zed” is not one of the cars: “a”, “b”"]),
    ("move-not-a-track", pure(lambda: move("S....", {"a": 1}, "a", 1)), RuleError,
     ["move()'s track must be a Track", "not “S....”."]),
    ("move-shared-space", pure(lambda: move(Track.parse(FLAT10), {"a": 3, "b": 13}, "a", 1)), PositionError,
     ["both on space 3"]),
    ("move-on-hill", pure(lambda: move(Track.parse("S..D.."), {"a": 3}, "a", 1)), PositionError,
     ["rests on downhill space 3"]),
    ("move-negative-progress", pure(lambda: move(Track.parse(FLAT10), {"a": -2}, "a", 1)), PositionError,
     ["progress must be a whole number from 0 to 1000", "not -2."]),
]


def test_catalogue_is_large_and_ids_are_unique():
    ids = [case[0] for case in CASES]
    assert len(ids) >= 40 and len(set(ids)) == len(ids)


@pytest.mark.parametrize("make, error, fragments", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_typed_helpful_error_and_changes_nothing(make, error, fragments):
    call, game = make()
    before = game.to_json() if game is not None else None
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value) is error, f"expected {error.__name__}, got {type(info.value).__name__}: {info.value}"
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    if game is not None:
        assert game.to_json() == before
        # The game still works: its legal actions are still accepted.
        if not game.is_over:
            game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("prepare, action, seat", [
    (mid_trick, "R3", None), (mid_trick, "B4", 2), (mid_trick, Turbo(True), None),
    (turbo_choice, "G9", None), (turbo_choice, Turbo(True), 1), (game_over, "G3", None),
])
def test_why_illegal_gives_the_same_reason_without_raising(prepare, action, seat):
    game = prepare()
    before = game.to_json()
    reason = game.why_illegal(action, seat=seat)
    with pytest.raises(IllegalAction) as info:
        game.apply(action, seat=seat)
    assert reason and str(info.value) == reason
    assert info.value.refusal == game.refusal(action, seat=seat) and info.value.refusal.words() == reason
    assert game.to_json() == before


@pytest.mark.parametrize("prepare, action, seat, code, facts", [
    (mid_trick, "R3", None, "S4.follow", {"color": Color.GREEN, "cards": (Card.parse("G3"),)}),
    (mid_trick, "B9", None, "hand.missing", {"card": Card.parse("B9"), "hand": (Card.parse("R3"), Card.parse("G3"))}),
    (mid_trick, "B4", 2, "turn", {"current": 1, "seat": 2, "current_name": "Bo", "seat_name": "Cy"}),
    (mid_trick, "G3", 7, "seat.none", {"seat": 7, "high": 2}),
    (mid_trick, 42, None, "action.unknown", {"given": 42}),
    (mid_trick, Turbo(True), None, "S8.winner_only", {"current": 1, "name": "Bo"}),
    (turbo_choice, Turbo(True), 1, "S8.wait", {"current": 0, "name": "Ada"}),
    (turbo_choice, "G9", None, "S8.first", None),
    (game_over, "G3", None, "over", {"winner": 0, "name": "Ada"}),
])
def test_refusal_is_a_code_and_its_facts(prepare, action, seat, code, facts):
    reason = prepare().refusal(action, seat=seat)
    assert reason.code == code
    if facts is not None:
        assert dict(reason.facts) == facts
    # The same value in both languages, worded differently at the edge.
    assert reason.words("en") != reason.words("de")


@pytest.mark.parametrize("refuse, code, facts", [
    (lambda: mid_trick().trick_result(), "S5.incomplete", {"played": 1, "players": 3}),
    (lambda: mid_trick().set_hidden_cards({2: [1]}, [], 0), "hidden.hand_size", {"seat": 2, "size": 2, "given": 1}),
    (lambda: mid_trick().set_hidden_cards({}, [5], 0), "hidden.discards", {"count": 9, "given": 1}),
    (lambda: Game.new(3, seed=1).set_hidden_cards({2: [1, 2, 3, 4, 5]}, [], 0), "hidden.cards", {"players": 3}),
])
def test_a_programs_misuse_is_refused_with_a_code_too(refuse, code, facts):
    """Asking a trick's result too early, or dealing the unseen cards wrongly (the advisor's
    set_hidden_cards), is refused as a value like a player's move."""
    with pytest.raises(IllegalAction) as info:
        refuse()
    assert info.value.refusal.code == code and dict(info.value.refusal.facts) == facts
    assert str(info.value) == info.value.refusal.words("en")
    assert info.value.refusal.words("de") != info.value.refusal.words("en")


def test_legal_actions_are_accepted():
    game = mid_trick()
    assert game.why_illegal("G3") is None
    game = turbo_choice()
    assert game.why_illegal(Turbo(False)) is None and game.why_illegal(Turbo(True), seat=0) is None


def test_position_error_lists_every_problem():
    # Cy's car on a downhill, Ada's motor 8 positions on after one trick of the round, and
    # a winner while the game goes on: three problems of three invariants (I5, I7, I9).
    # (A motor off the dial, like 9, is a shape error: the state is not even built.)
    text = saved(positions=[0, 0, 4, 0], motors=[8, 1, 0, 1], winner=2)
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    problems = info.value.problems
    issues = info.value.issues
    assert [p.code for p in issues] == ["I5.hill", "I7.motor", "I9.early"]
    assert (issues[0].facts["car"], issues[0].facts["space"], issues[0].facts["slope"]) == ("Cy", 4, "downhill")
    assert (issues[1].facts["seat"], issues[1].facts["m"]) == (0, 8)
    assert problems == [p.words() for p in issues]
    assert str(info.value).startswith(f"{len(problems)} problems: (1) ")


def test_trick_checks_do_not_change_their_arguments():
    hand, trick = cards("R2 G3 B4"), cards("G11 R5")
    legal_plays(hand, trick)
    why_illegal(hand, trick, hand[0])
    assert hand == cards("R2 G3 B4") and trick == cards("G11 R5")


# ------------------------------------------------------------------ the error classes


@pytest.mark.parametrize("cls", [RuleError, CardError, SetupError, TrackError, IllegalAction, PositionError])
def test_every_error_class_is_a_value_error(cls):
    assert issubclass(cls, ValueError)
    assert issubclass(cls, RuleError)


def test_illegal_action_is_a_rule_error_and_caught_as_value_error():
    assert issubclass(IllegalAction, RuleError)
    game = mid_trick()
    with pytest.raises(ValueError):
        game.apply("R3")
    try:
        Card.parse("X3")
    except ValueError as err:
        assert isinstance(err, CardError)
    else:  # pragma: no cover
        pytest.fail("Card.parse('X3') did not raise")
