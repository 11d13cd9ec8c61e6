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
from ..common import inputs
from ..common.errors import SetupError
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, MotorReleased, MotorWound, Moved, RoundEnded, TurboUsed,
)
from .game import Game
from ..common.i18n import _, language, ngettext
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


def replay_states(game: Game, lang: str | None = None) -> list[ReplayState]:
    """One :class:`ReplayState` per event of ``game`` (which must record its events from
    the first deal: :attr:`Game.full_history`), each event's text in ``lang`` (default:
    the language spoken, :mod:`rally.common.i18n`)."""
    inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=3)")
    if not game.full_history:
        raise SetupError(_("A replay retells the game from its first deal: give a game that records its events "
                           "from the start, Game.new(..., record=True), played on."))
    with language(lang):
        return _replay_states(game)


def _replay_states(game: Game) -> list[ReplayState]:
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


def round_end_span(game: Game, round_number: int) -> tuple[int, int]:
    """The events of round ``round_number``'s end, as ``(first, last)`` indexes into
    ``game.events``: from the first card of the round's last trick to the flag going to
    the car in front (or to the win, if the race ends on the way).

    >>> import random
    >>> from rally import Game, HeuristicBot, play_out
    >>> game = play_out(Game.new(4, seed=8), [HeuristicBot()] * 4, random.Random(8))
    >>> first, last = round_end_span(game, 1)
    >>> game.describe(game.events[first]), game.describe(game.events[last])
    ('Bo plays G11 (green 11).', 'Bo is in front and takes the flag for the next round.')
    """
    events = game.events
    ended = next((i for i, e in enumerate(events) if isinstance(e, RoundEnded) and e.round == round_number), None)
    if ended is None:
        ended_rounds = [str(e.round) for e in events if isinstance(e, RoundEnded)]
        if ended_rounds:
            # TRANSLATORS: {rounds} lists the rounds ended so far: "1" or "1, 2".
            template = ngettext("Round {round} has not ended in this game; it has played {events} events "
                                "and ended rounds {rounds}.",
                                "Round {round} has not ended in this game; it has played {events} events "
                                "and ended rounds {rounds}.", len(ended_rounds))
        else:
            template = ngettext("Round {round} has not ended in this game; it has played {events} events "
                                "and ended rounds none.",
                                "Round {round} has not ended in this game; it has played {events} events "
                                "and ended rounds none.", len(events))
        raise SetupError(template.format(round=round_number, events=len(events), rounds=", ".join(ended_rounds)))
    first, _closing = trick_span(game, ended - 1)  # the event before the round's end closes its last trick

    def new_leader(event: Event) -> bool:
        return isinstance(event, GameWon) or isinstance(event, FlagTaken) and event.reason == "leader"

    last = next(i for i in range(ended, len(events)) if new_leader(events[i]))
    return first, last


def trick_span(game: Game, at: int) -> tuple[int, int]:
    """The events of the trick that event ``at`` (a card, the trick's result or its move)
    belongs to, as ``(first, last)``: from its first card to the flag changing hands after
    it, or to the win if the race ends.

    >>> from rally import examples
    >>> game = examples.played(3, 28, 1000)
    >>> first, last = trick_span(game, len(game.events) - 1)
    >>> game.describe(game.events[first]), game.describe(game.events[last])
    ('Cy plays B7 (blue 7).', 'Ada has gone round twice and wins the race at once!')
    """
    events = game.events
    at = inputs.whole(at, _("The event's index"), 0, len(events) - 1, SetupError, len(events) - 1)
    first = at
    while first > 0 and not isinstance(events[first - 1], (FlagTaken, Dealt)):
        first -= 1
    while first < len(events) - 1 and not isinstance(events[first], CardPlayed):
        first += 1
    last = next((i for i in range(first, len(events)) if isinstance(events[i], (FlagTaken, GameWon))), len(events) - 1)
    return first, last
