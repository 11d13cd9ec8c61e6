"""A game as JSON and back, with every impossible state named (ruling S6 and S9 for
positions, S2-S4 for cards, S11 for motors).

>>> from rally import Game
>>> game = Game.new(3, seed=5)
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from collections import Counter

from .cards import CARDS, HAND_SIZES, ROUNDS, Card, deck
from .errors import PositionError, RuleError
from .events import event_from_dict
from .game import OVER, PLAY, TURBO, Game
from .movement import position_problems
from .track import Track
from .tricks import split_by_color, winner_and_lowest

FORMAT = "stich-rallye/1"


def game_to_dict(game: Game) -> dict:
    return {
        "format": FORMAT,
        "players": game.players,
        "names": list(game.names),
        "track": str(game.track),
        "track_name": game.track.name,
        "dial": list(game.dial),
        "seed": game.seed,
        "first_player": game.first_player,
        "round": game.round,
        "phase": game.phase,
        "flag": game.flag,
        "winner": game.winner,
        "hands": [[str(CARDS[c]) for c in game.hand_codes(s)] for s in range(game.players)],
        "trick": [str(CARDS[c]) for c in game.trick_],
        "discards": [str(CARDS[c]) for c in game.discards_],
        "positions": list(game.positions_),
        "motors": list(game.motors_),
        "events": None if game._log is None else [e.to_dict() for e in game._log],
    }


def game_to_json(game: Game, indent: int | None = None) -> str:
    return json.dumps(game_to_dict(game), indent=indent)


_KEYS = ("format", "players", "names", "track", "track_name", "dial", "seed", "first_player", "round",
         "phase", "flag", "winner", "hands", "trick", "discards", "positions", "motors", "events")


def game_from_json(text: str) -> Game:
    if not isinstance(text, (str, bytes)):
        raise PositionError(f"Game.from_json needs JSON text (from Game.to_json()), not {type(text).__name__}.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise PositionError(f"This is not JSON ({err.msg} at line {err.lineno}, column {err.colno}); "
                            "use the text that Game.to_json() gives.") from None
    return game_from_dict(data)


def _cards(value, what: str, problems: list[str]) -> list[Card]:
    if not isinstance(value, list):
        problems.append(f"{what} must be a list of cards like ['G11', 'R5'], not {value!r}.")
        return []
    out = []
    for item in value:
        try:
            out.append(Card.parse(item))
        except RuleError as err:
            problems.append(f"In {what}: {err}")
    return out


def _whole(value, what: str, low: int, high: int | None, problems: list[str]) -> bool:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
    if not ok:
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        problems.append(f"{what} must be a whole number {span}, not {value!r}.")
    return ok


def game_from_dict(data: object) -> Game:
    """A game from :func:`game_to_dict` output, checked for every impossibility."""
    if not isinstance(data, dict):
        raise PositionError("A saved game is a JSON object with keys " + ", ".join(_KEYS) + ".")
    missing = [k for k in _KEYS if k not in data]
    unknown = [k for k in data if k not in _KEYS]
    if missing or unknown:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        if unknown:
            parts.append("unknown " + ", ".join(unknown))
        raise PositionError(f"A saved game has the keys {', '.join(_KEYS)}: this one has {'; '.join(parts)}.")
    if data["format"] != FORMAT:
        raise PositionError(f"Unknown format {data['format']!r}: this version reads {FORMAT!r}.")
    try:
        game = Game._blank(data["players"], Track.parse(data["track"], str(data["track_name"])), data["seed"],
                           data["first_player"], data["dial"], data["names"], data["events"] is not None)
    except RuleError as err:
        raise PositionError(f"The game's setup is invalid: {err}") from None
    problems: list[str] = []
    n = game.players
    if not _whole(data["round"], "The round", 1, ROUNDS, problems):
        raise PositionError(problems)
    if not _whole(data["flag"], "The flag holder", 0, n - 1, problems):
        raise PositionError(problems)
    phase = data["phase"]
    if phase not in (PLAY, TURBO, OVER):
        raise PositionError(f"The phase must be 'play', 'turbo' or 'over', not {phase!r}.")
    game.round, game.flag, game.phase = data["round"], data["flag"], phase

    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise PositionError(f"There must be one hand per player ({n}), not {hands!r}.")
    hand_cards = [_cards(h, f"{game.names[s]}'s hand", problems) for s, h in enumerate(hands)]
    trick = _cards(data["trick"], "the trick", problems)
    discards = _cards(data["discards"], "the discards", problems)
    if problems:
        raise PositionError(problems)

    in_play = set(deck(n))
    everything = [c for h in hand_cards for c in h] + trick + discards
    for card, count in sorted(Counter(everything).items()):
        if count > 1:
            problems.append(f"{card} appears {count} times; every card exists once.")
        if card not in in_play:
            problems.append(f"{card} is not in play with {n} players (values {min(in_play).value}-{max(in_play).value}).")
    k = HAND_SIZES[game.round - 1]
    if len(trick) > n:
        problems.append(f"The trick holds {len(trick)} cards but there are only {n} players.")
    trick_seats = [(game.flag + i) % n for i in range(len(trick))]
    played = len(discards) // n if n else 0
    if len(discards) % n:
        problems.append(f"{len(discards)} discards cannot be whole tricks of {n} cards.")
    for s in range(n):
        expected = k - played - (1 if s in trick_seats else 0)
        if len(hand_cards[s]) != expected:
            problems.append(
                f"{game.names[s]} holds {len(hand_cards[s])} cards but should hold {expected} "
                f"(round {game.round} deals {k}, {played} tricks done{', and a card in this trick' if s in trick_seats else ''})."
            )
    # Every card in the trick must have been a legal play (S4).
    for i, card in enumerate(trick[1:], 1):
        seat = trick_seats[i]
        if card.color != trick[0].color and any(c.color == trick[0].color for c in hand_cards[seat]):
            problems.append(f"{game.names[seat]} played {card} but still holds {trick[0].color.word}: they had to follow.")
    if phase == TURBO and len(trick) != n:
        problems.append("The turbo choice comes only after a complete trick.")
    if phase == PLAY and len(trick) == n:
        problems.append("A complete trick must be resolved: the phase should be 'turbo' or 'over'.")

    positions, motors = data["positions"], data["motors"]
    if not isinstance(positions, list) or len(positions) != n:
        problems.append(f"There must be one position per player ({n}), not {positions!r}.")
        positions = None
    else:
        problems.extend(position_problems(game.track, dict(zip(game.names, positions))))
    if not isinstance(motors, list) or len(motors) != n:
        problems.append(f"There must be one motor per player ({n}), not {motors!r}.")
        motors = None
    else:
        # Motors start each round at 0 and wind once per lost trick (S11), so a motor
        # cannot be further round than the tricks completed this round.
        completed = played + (1 if len(trick) == n else 0)
        # The winner of a complete trick did not wind for it.
        taker = (game.flag + winner_and_lowest([c.code for c in trick])[0]) % n if len(trick) == n else None
        for s, m in enumerate(motors):
            if _whole(m, f"{game.names[s]}'s motor position (on a dial of {len(game.dial)})", 0, len(game.dial) - 1,
                      problems) and completed < len(game.dial) and m > completed and phase != OVER:
                problems.append(
                    f"{game.names[s]}'s motor is at position {m}, but only {completed} trick"
                    f"{'s have' if completed != 1 else ' has'} been completed this round (each lost trick winds it once)."
                )
            elif s == taker and isinstance(m, int) and played < len(game.dial) and m > played and phase != OVER:
                problems.append(
                    f"{game.names[s]}'s motor is at position {m}, but {game.names[s]} won this trick and lost at most "
                    f"{played} before it this round (each lost trick winds it once).")
    winner = data["winner"]
    if phase == OVER:
        if _whole(winner, "The winner", 0, n - 1, problems) and positions and all(isinstance(p, int) for p in positions):
            if max(positions) >= 2 * len(game.track) and positions[winner] < 2 * len(game.track):
                problems.append(f"{game.names[winner]} cannot have won: another car has gone round twice.")
    elif winner is not None:
        problems.append("Only a finished game has a winner.")
    if phase != OVER and positions and all(isinstance(p, int) for p in positions):
        if max(positions) >= 2 * len(game.track):
            problems.append("A car has gone round twice, so the game should be over.")
    if phase == TURBO and motors and not problems:
        seat = (game.flag + winner_and_lowest([c.code for c in trick])[0]) % n
        if game.dial[motors[seat]] == 0:
            problems.append(f"{game.names[seat]} won the trick with an empty motor, so there is no turbo to choose.")
    events = data["events"]
    log = None
    if events is not None:
        try:
            log = [event_from_dict(e) for e in events]
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            problems.append(f"The event log is malformed ({type(err).__name__}: {err}).")
    if problems:
        raise PositionError(problems)
    game.hands_ = [split_by_color(c.code for c in h) for h in hand_cards]
    game.trick_ = [c.code for c in trick]
    game.discards_ = [c.code for c in discards]
    game.positions_ = list(positions)
    game.motors_ = list(motors)
    game.winner = winner
    game._log = log
    return game
