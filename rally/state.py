"""A game of Stich Rallye at one moment, as plain data: :class:`GameState`.

A state is what a referee would write down to set the table up again: the set-up
(players, names, track, dial, seed, first player), the round and phase, the flag, the
winner, every hand, the trick, the earlier tricks' cards, every car's progress and
every motor's dial position, and (optionally) the event log.

Building a :class:`GameState` checks its *shape* (types, sizes and bounds, through
:mod:`rally.inputs`); whether a real game could reach it is the question
:func:`rally.legality.state_problems` answers, and :meth:`rally.Game.from_state`
asks it. A state is reached by playing:

>>> from rally import Game
>>> game = Game.new(3, seed=5)
>>> game.apply("B2")
>>> state = game.state()
>>> state.round, state.phase, [str(c) for c in state.trick], state.positions
(1, 'play', ['B2'], (0, 0, 0))
>>> Game.from_state(state) == game
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from . import inputs
from .cards import CARDS, HAND_SIZES, ROUNDS, Card, check_players
from .errors import PositionError, RuleError
from .events import Event
from .motor import check_dial
from .movement import MAX_PROGRESS
from .track import Track

PLAY, TURBO, OVER = "play", "turbo", "over"
PHASES = (PLAY, TURBO, OVER)
#: The longest event log a game can have: every card, turbo and move of three rounds.
MAX_EVENTS = 2000


@dataclass(frozen=True)
class GameState:
    """A moment of a game, as plain data (see the module's docstring).

    ``phase`` is ``"play"`` (a card is due), ``"turbo"`` (a complete trick's winner
    chooses) or ``"over"``; ``hands[seat]`` and ``trick`` and ``discards`` are cards,
    ``positions`` each car's progress (S6), ``motors`` each motor's dial position (S11).
    ``events`` is the log from the first deal, or ``None`` when none is kept.
    """

    players: int
    track: Track
    dial: tuple[int, ...]
    names: tuple[str, ...]
    seed: int
    first_player: int
    round: int
    phase: str
    flag: int
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    discards: tuple[Card, ...]
    positions: tuple[int, ...]
    motors: tuple[int, ...]
    events: tuple[Event, ...] | None = None

    def __post_init__(self) -> None:
        try:
            n = check_players(self.players)
            if not isinstance(self.track, Track):
                inputs.fail(PositionError, "The track", "a Track", self.track, "TRACKS['volcano']")
            set_ = object.__setattr__  # normalise to tuples: a frozen value type holds no lists
            set_(self, "dial", check_dial(self.dial))
            set_(self, "names", inputs.names(self.names, n, PositionError))
        except RuleError as err:
            raise PositionError(str(err)) from None
        inputs.seed(self.seed, PositionError)
        inputs.seat(self.first_player, n, PositionError, "The first player")
        inputs.whole(self.round, "The round", 1, ROUNDS, PositionError)
        inputs.one_of(self.phase, "The phase", PHASES, PositionError)
        inputs.seat(self.flag, n, PositionError, "The flag holder")
        if self.winner is not None:
            inputs.seat(self.winner, n, PositionError, "The winner")
        hands = inputs.sequence(self.hands, "The hands", PositionError, "one list of cards per player", n)
        if len(hands) != n:
            inputs.fail(PositionError, "The hands", f"{n} lists of cards, one per player", self.hands)
        set_(self, "hands", tuple(_cards(h, f"{self.names[s]}'s hand", HAND_SIZES[-1]) for s, h in enumerate(hands)))
        set_(self, "trick", _cards(self.trick, "the trick", n))
        set_(self, "discards", _cards(self.discards, "the earlier tricks' cards", len(CARDS)))
        for what, values, high in (("progress", self.positions, MAX_PROGRESS),
                                   ("motor position", self.motors, len(self.dial) - 1)):
            items = inputs.sequence(values, f"The cars' {what}", PositionError, "one number per player", n)
            if len(items) != n:
                inputs.fail(PositionError, f"The cars' {what}", f"a list of {n} numbers, one per player", values)
            for v in items:
                inputs.whole(v, f"Each car's {what}", 0, high, PositionError)
            set_(self, "positions" if what == "progress" else "motors", tuple(items))
        if self.events is not None:
            events = inputs.sequence(self.events, "The event log", PositionError, "a list of events", MAX_EVENTS)
            if not all(isinstance(e, Event) for e in events):
                raise PositionError("The event log must hold only events (rally.events), as Game.events gives them.")
            set_(self, "events", tuple(events))

    def replace(self, **changes: Any) -> "GameState":
        """A copy with some fields changed, checked again: ``state.replace(flag=2)``."""
        return dataclasses.replace(self, **changes)

    @property
    def tricks_done(self) -> int:
        """Tricks finished this round: the earlier tricks' cards, a trick's worth each."""
        return len(self.discards) // self.players


def _cards(value: object, what: str, limit: int) -> tuple[Card, ...]:
    """``what`` names the cards inside a sentence: "the trick", "Ada's hand"."""
    items = inputs.sequence(value, f"The cards of {what}", PositionError, "a list of cards", limit)
    for card in items:
        if not isinstance(card, Card):
            inputs.fail(PositionError, f"Each card in {what}", "a Card", card, "Card.parse('G11')")
    return tuple(items)


__all__ = ["GameState", "PLAY", "TURBO", "OVER", "PHASES", "MAX_EVENTS"]
