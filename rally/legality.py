"""What no real game of Stich Rallye could produce: the one place that says it.

:func:`state_problems` reads a :class:`~rally.state.GameState` and names, one sentence
each, every way it breaks the rules' history: cards that cannot be where they are,
hands of the wrong size, a flag, motors or cars that the tricks so far cannot explain,
a turbo with nothing to choose, a game over without a winner the rules allow.
``Game.problems()`` asks it (and replays the event log, when there is one), and every
way into the engine goes through ``Game.problems()``. Each invariant is written down,
with the ruling it follows from, in ``docs/invariants.md`` (I1-I10).

A state reached by play has no problems; change one thing and it is named:

>>> from rally import Game
>>> game = Game.new(4, seed=3)
>>> for card in ["R2", "R7", "R4", "R12"]:
...     game.apply(card)
>>> game.motors
(1, 1, 1, 0)
>>> state_problems(game.state())
[]
>>> state_problems(game.state().replace(motors=(1, 2, 1, 0)))
["Bo's motor is at position 2, which takes 2 lost tricks since the round began or Bo's last turbo, but Bo can have lost at most 1 of the 1 trick completed this round."]
"""

from __future__ import annotations

from collections import Counter

from .cards import HAND_SIZES, ROUNDS, Card, deck
from .i18n import join_words
from .movement import position_problems
from .round_end import leader
from .state import OVER, PLAY, TURBO, GameState
from .tricks import seat_and_lowest


def state_problems(state: GameState) -> list[str]:
    """Every reason no real game could reach ``state``, as sentences (``[]`` if none).

    Cards and hand sizes come first: when they are wrong, the later checks (which read
    the tricks from them) are not asked."""
    problems = _card_problems(state)
    if problems:
        return problems
    return (_following_problems(state) + _car_problems(state) + _flag_problems(state)
            + _motor_problems(state) + _turbo_problems(state) + _end_problems(state))


def _trick_winner(state: GameState) -> int | None:
    """The seat that won the current trick, if it is complete."""
    if len(state.trick) < state.players:
        return None
    return seat_and_lowest([c.code for c in state.trick], state.flag, state.players)[0]


def _trick_seats(state: GameState) -> list[int]:
    return [(state.flag + i) % state.players for i in range(len(state.trick))]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ------------------------------------------------------------------ I1-I3: cards
def _card_problems(state: GameState) -> list[str]:
    """I1 every card in play, once (S2, S3); I2 tricks and hand sizes (S1, S3); I3 the
    phase against the trick (S5, S8, S12, S13)."""
    n, names = state.players, state.names
    problems: list[str] = []
    in_play = deck(n)
    everything: list[Card] = [c for h in state.hands for c in h] + list(state.trick) + list(state.discards)
    for card, count in sorted(Counter(everything).items()):
        if count > 1:
            problems.append(f"{card} appears {count} times; every card exists once.")
        if card not in in_play:
            problems.append(f"{card} is not in play with {n} players (values {in_play[0].value}-{in_play[-1].value}).")
    k = HAND_SIZES[state.round - 1]
    done = state.tricks_done
    if len(state.discards) % n:
        problems.append(f"{_plural(len(state.discards), 'card')} from earlier tricks cannot be whole tricks of {n}.")
    elif done > k:
        problems.append(f"Round {state.round} has {k} tricks, but {done} are listed as done.")
    else:
        seats = _trick_seats(state)
        for s in range(n):
            expected = k - done - (1 if s in seats else 0)
            if len(state.hands[s]) != expected:
                in_trick = ", and a card in this trick" if s in seats else ""
                problems.append(
                    f"{names[s]} holds {_plural(len(state.hands[s]), 'card')} but should hold {expected} "
                    f"(round {state.round} deals {k}, {_plural(done, 'trick')} done{in_trick}).")
    complete = len(state.trick) == n
    if state.phase == TURBO and not complete:
        problems.append("The turbo choice comes only after a complete trick, and this one is not complete.")
    if state.phase == PLAY and complete:
        problems.append("A complete trick is settled at once: its winner moves or chooses the turbo.")
    if state.phase == PLAY and not problems and done == k:
        problems.append(f"Every trick of round {state.round} is done, so the round is over: "
                        "the motors move the cars, then the next round is dealt or the game ends.")
    if state.phase == OVER and not complete and not (not state.trick and done == k):
        problems.append("A game ends only when a car moves: after a complete trick or at a round's end, "
                        "not with a trick half played or tricks still to play.")
    return problems


# ------------------------------------------------------------------ I4: following
def _following_problems(state: GameState) -> list[str]:
    """I4: a card off the lead color means its player had none (S4)."""
    if not state.trick:
        return []
    lead = state.trick[0].color
    problems = []
    for seat, card in zip(_trick_seats(state)[1:], state.trick[1:]):
        if card.color != lead and any(c.color == lead for c in state.hands[seat]):
            problems.append(f"{state.names[seat]} played {card} but still holds {lead.word}: they had to follow.")
    return problems


# ------------------------------------------------------------------ I5: cars
def _car_problems(state: GameState) -> list[str]:
    """I5: cars rest on flat spaces, one a space (S6, S9); a car round twice ends the game (S13)."""
    problems = position_problems(state.track, dict(zip(state.names, state.positions)))
    twice = [s for s, p in enumerate(state.positions) if p >= 2 * len(state.track)]
    if twice and state.phase != OVER:
        problems.append(f"{join_words([state.names[s] for s in twice])} {'has' if len(twice) == 1 else 'have'} "
                        "gone round twice, so the game should be over.")
    return problems


# ------------------------------------------------------------------ I6: the flag
def _flag_problems(state: GameState) -> list[str]:
    """I6: before a round's first trick is settled, the flag is where the round began
    with it: the first player in round 1 (S1), the car in front in later rounds (S12)."""
    if state.tricks_done or state.phase == OVER:
        return []
    names = state.names
    if state.round == 1 and state.flag != state.first_player:
        return [f"No trick of round 1 is finished, so the flag is still with the first player, "
                f"{names[state.first_player]}, not {names[state.flag]}."]
    best = max(state.positions)
    if state.round > 1 and state.positions[state.flag] != best:
        front = names[leader(state.positions, state.flag)]
        return [f"No trick of round {state.round} is finished, so the flag is still with the car that was in front "
                f"after the motors, {front}, not {names[state.flag]}."]
    return []


# ------------------------------------------------------------------ I7: motors
def _motor_problems(state: GameState) -> list[str]:
    """I7: each motor position counts the tricks its player lost since the round began
    or its last turbo (S11, S8); the tricks' winners must add up (S5); in round 1 a car
    off the grid won a trick (S6), and the flag holder won the last trick (S1)."""
    if state.phase == OVER:
        return []  # a win can come in the middle of the motors' release: positions then tell nothing more
    n, names, dial = state.players, state.names, state.dial
    done = state.tricks_done
    current = _trick_winner(state)
    total = done + (current is not None)  # tricks whose losers have wound
    must_win: list[list[str]] = [[] for _ in range(n)]  # why each seat won one of the finished tricks
    if done:
        must_win[state.flag].append(f"{names[state.flag]} holds the flag, so won the last finished trick")
    if state.round == 1:
        for s in range(n):
            if state.positions[s] > 0 and not must_win[s]:
                must_win[s].append(f"{names[s]}'s car left the grid, which in round 1 only a won trick does")
    low = [len(w) for w in must_win]
    if sum(low) > done:
        reasons = [why for w in must_win for why in w]
        finished = (f"No trick of round {state.round} is finished yet" if not done else
                    f"Only {_plural(done, 'trick')} of round {state.round} {'is' if done == 1 else 'are'} finished")
        return [f"{finished}, but {len(reasons)} must have been won: " + "; ".join(reasons) + "."]
    problems: list[str] = []
    high = []
    for s in range(n):
        m = state.motors[s]
        trailing = _trailing_losses(s, state.flag, done, current)
        winds = trailing + (m - trailing) % len(dial)  # the fewest winds that leave the arrow at m
        won_now = 1 if s == current else 0
        can_lose = total - low[s] - won_now
        high.append(total - winds - won_now)
        if winds > can_lose:
            problems.append(_motor_sentence(names[s], m, trailing, winds, can_lose, total, len(dial)))
    if not problems and sum(high) < done:
        problems.append(f"The motors show too many lost tricks: each of the {_plural(done, 'finished trick')} of "
                        f"round {state.round} was won by someone, but the motor positions leave room for only "
                        f"{sum(high)} won.")
    return problems


def _trailing_losses(seat: int, flag: int, done: int, current: int | None) -> int:
    """How many of the latest tricks ``seat`` surely lost in a row: the current complete
    trick (won by ``current``), then the last finished one (won by the flag holder)."""
    count = 0
    if current is not None:
        if current == seat:
            return 0
        count += 1
    if done and flag != seat:
        count += 1
    return count


_TIMES = {1: "once", 2: "twice"}


def _motor_sentence(name: str, m: int, trailing: int, winds: int, can_lose: int, total: int, size: int) -> str:
    bound = f"{name} can have lost at most {can_lose} of the {_plural(total, 'trick')} completed this round"
    if winds == m:
        return (f"{name}'s motor is at position {m}, which takes {_plural(m, 'lost trick')} since the round began "
                f"or {name}'s last turbo, but {bound}.")
    last = "the last trick" if trailing == 1 else f"the last {trailing} tricks"
    return (f"{name} lost {last}, so the motor was wound at least {_TIMES.get(trailing, f'{trailing} times')} since "
            f"the round began or {name}'s last turbo; to stand at position {m} again it needs {winds} winds (the arrow "
            f"goes back to 0 after position {size - 1}), but {bound}.")


# ------------------------------------------------------------------ I8: the turbo
def _turbo_problems(state: GameState) -> list[str]:
    """I8: the turbo is offered only to a trick's winner whose motor is above 0 (S8)."""
    current = _trick_winner(state)
    if state.phase != TURBO or current is None or state.dial[state.motors[current]] > 0:
        return []
    return [f"{state.names[current]} won the trick with an empty motor, so there is no turbo to choose."]


# ------------------------------------------------------------------ I9-I10: the end
def _end_problems(state: GameState) -> list[str]:
    """I9: only a finished game has a winner; I10: the winner and the moment the game
    ended are the ones the rules give (S13)."""
    names, n = state.names, state.players
    if state.phase != OVER:
        return [] if state.winner is None else ["Only a finished game has a winner."]
    if state.winner is None:
        return ["A finished game has a winner."]
    winner = names[state.winner]
    twice = [s for s in range(n) if state.positions[s] >= 2 * len(state.track)]
    if len(twice) > 1:
        return [f"{join_words([names[s] for s in twice])} have all gone round twice, but the game ends "
                "at once when the first does."]
    if twice:
        if twice[0] != state.winner:
            return [f"{names[twice[0]]} has gone round twice, so {names[twice[0]]} won, not {winner}."]
        current = _trick_winner(state)
        if current is not None and current != state.winner:
            return [f"The game ended with a complete trick on the table, so it ended with that trick's move, "
                    f"and {names[current]} won that trick, not {winner}."]
        return []
    problems = []
    if state.round != ROUNDS or state.trick or any(state.hands):
        problems.append(f"Nobody has gone round twice, so the game can only be over after round {ROUNDS}'s "
                        "motors have moved, with every card played.")
    if any(state.motors):
        problems.append("After the last round every motor has moved its car and is back at 0.")
    if state.positions[state.winner] != max(state.positions):
        problems.append(f"After round {ROUNDS} the car in front wins, and that is not {winner}.")
    elif state.flag != state.winner:
        problems.append(f"After the last round the car in front, {winner}, takes the flag.")
    return problems


__all__ = ["state_problems"]
