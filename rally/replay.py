"""Replaying a recorded game one event at a time: the table as it stood after event k.

:func:`replay_states` folds ``Game.events`` into what the table showed right after
each event: where the cars stood, every motor, the hands, the trick, the flag. It only
reads what the events record (a car's final progress, a motor's new position, the
cards dealt and played); where an event says a motor was used or a round began, the
new position comes from :meth:`rally.Motor.released`.

>>> import random
>>> from rally import Game, HeuristicBot, play_out
>>> game = play_out(Game.new(3, seed=5), [HeuristicBot()] * 3, random.Random(5))
>>> states = replay_states(game)
>>> len(states) == len(game.events)
True
>>> final = states[-1]
>>> final.positions == game.positions, final.motors == game.motors, final.winner == game.winner
(True, True, True)
>>> states[0].text
'Round 1: each player gets 5 cards.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .events import CardPlayed, Dealt, Event, FlagTaken, GameWon, MotorReleased, MotorWound, Moved, TurboUsed
from .game import Game
from .motor import Motor


@dataclass(frozen=True)
class ReplayState:
    """The table right after event ``index`` of a game."""

    index: int
    event: Event
    text: str
    round: int
    flag: int
    positions: tuple[int, ...]
    motors: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    last_trick: tuple[Card, ...]
    last_trick_seats: tuple[int, ...]
    winner: int | None


def replay_states(game: Game) -> list[ReplayState]:
    """One :class:`ReplayState` per event of ``game`` (which must record its events)."""
    players, dial = game.players, game.dial
    round_, flag, winner = 1, game.first_player, None
    positions = [0] * players
    motors = [Motor(dial=dial).position] * players
    hands: list[list[Card]] = [[] for _ in range(players)]
    trick: list[Card] = []
    seats: list[int] = []
    last: tuple[Card, ...] = ()
    last_seats: tuple[int, ...] = ()
    states: list[ReplayState] = []
    for index, event in enumerate(game.events):
        if isinstance(event, Dealt):
            round_ = event.round
            hands = [list(hand) for hand in event.hands]
            motors = [Motor(m, dial).released().position for m in motors]
        elif isinstance(event, CardPlayed):
            hands[event.seat].remove(event.card)
            trick.append(event.card)
            seats.append(event.seat)
        elif isinstance(event, MotorWound):
            motors[event.seat] = event.position
        elif isinstance(event, (TurboUsed, MotorReleased)):
            motors[event.seat] = Motor(motors[event.seat], dial).released().position
        elif isinstance(event, Moved):
            positions[event.seat] = event.move.final
        elif isinstance(event, FlagTaken):
            flag = event.seat
            if event.reason in ("trick", "last trick"):  # the trick leaves the table
                last, last_seats = tuple(trick), tuple(seats)
                trick, seats = [], []
        elif isinstance(event, GameWon):
            winner = event.seat
        states.append(ReplayState(
            index, event, event.describe(game.names), round_, flag, tuple(positions), tuple(motors),
            tuple(tuple(hand) for hand in hands), tuple(trick), tuple(seats), last, last_seats, winner,
        ))
    return states
