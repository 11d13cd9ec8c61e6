"""A game of Stich Rallye at one moment, as plain data: :class:`GameState`.

A state is what a referee would write down to set the table up again: the set-up
(players, names, track, dial, seed, first player), the round and phase, the flag, the
winner, every hand, the trick, the earlier tricks' cards, every car's progress and
every motor's dial position, and (optionally) the event log.

Building a :class:`GameState` checks its *shape* (types, sizes and bounds, through
:mod:`rally.common.inputs`); whether a real game could reach it is the question
:func:`rally.stich_rallye.legality.state_problems` answers, and :meth:`rally.Game.from_state`
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

from ..common import inputs
from .cards import CARDS, HAND_SIZES, ROUNDS, Card, check_players
from ..common.errors import PositionError, RuleError
from .events import Event
from ..common.i18n import N_, _, ngettext
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
                inputs.fail(PositionError, _("The track"), _("a Track"), self.track, "TRACKS['volcano']")
            set_ = object.__setattr__  # normalise to tuples: a frozen value type holds no lists
            set_(self, "dial", check_dial(self.dial))
            set_(self, "names", inputs.names(self.names, n, PositionError))
        except RuleError as err:
            raise PositionError(str(err)) from None
        inputs.seed(self.seed, PositionError)
        inputs.seat(self.first_player, n, PositionError, _("The first player"))
        inputs.whole(self.round, _("The round"), 1, ROUNDS, PositionError)
        inputs.one_of(self.phase, _("The phase"), PHASES, PositionError)
        inputs.seat(self.flag, n, PositionError, _("The flag holder"))
        if self.winner is not None:
            inputs.seat(self.winner, n, PositionError, _("The winner"))
        hands = inputs.sequence(self.hands, _("The hands"), PositionError, _("one list of cards per player"), n)
        if len(hands) != n:
            inputs.fail(PositionError, _("The hands"), ngettext("{n} list of cards, one per player",
                                                                "{n} lists of cards, one per player",
                                                                n).format(n=n), self.hands)
        set_(self, "hands", tuple(_cards(h, HAND_SIZES[-1], N_("The cards of {name}'s hand"),
                                         N_("Each card in {name}'s hand"), name=self.names[s])
                                  for s, h in enumerate(hands)))
        set_(self, "trick", _cards(self.trick, n, N_("The cards of the trick"), N_("Each card in the trick")))
        set_(self, "discards", _cards(self.discards, len(CARDS), N_("The cards of the earlier tricks' cards"),
                                      N_("Each card in the earlier tricks' cards")))
        for field, what, each, values, high in (
                ("positions", _("The cars' progress"), _("Each car's progress"), self.positions, MAX_PROGRESS),
                ("motors", _("The cars' motor position"), _("Each car's motor position"), self.motors,
                 len(self.dial) - 1)):
            items = inputs.sequence(values, what, PositionError, _("one number per player"), n)
            if len(items) != n:
                inputs.fail(PositionError, what, ngettext("a list of {n} number, one per player",
                                                          "a list of {n} numbers, one per player", n).format(n=n),
                            values)
            for v in items:
                inputs.whole(v, each, 0, high, PositionError)
            set_(self, field, tuple(items))
        if self.events is not None:
            events = inputs.sequence(self.events, _("The event log"), PositionError, _("a list of events"),
                                     MAX_EVENTS)
            if not all(isinstance(e, Event) for e in events):
                raise PositionError(_("The event log must hold only events (rally.stich_rallye.events), as "
                                      "Game.events gives them."))
            set_(self, "events", tuple(events))

    def replace(self, **changes: Any) -> "GameState":
        """A copy with some fields changed, checked again: ``state.replace(flag=2)``."""
        return dataclasses.replace(self, **changes)

    @property
    def tricks_done(self) -> int:
        """Tricks finished this round: the earlier tricks' cards, a trick's worth each."""
        return len(self.discards) // self.players


def _cards(value: object, limit: int, what: str, each: str, **facts: object) -> tuple[Card, ...]:
    """The cards of ``value``, at most ``limit``. ``what`` names them all ("The cards of
    the trick"), ``each`` one of them ("Each card in the trick"): messages marked with
    ``N_``, translated (their ``facts`` filled in) only when they are said."""
    if isinstance(value, (list, tuple)) and len(value) <= limit and all(isinstance(c, Card) for c in value):
        return tuple(value)
    items = inputs.sequence(value, _(what).format(**facts), PositionError, _("a list of cards"), limit)
    for card in items:
        if not isinstance(card, Card):
            inputs.fail(PositionError, _(each).format(**facts), _("a Card"), card, "Card.parse('G11')")
    return tuple(items)  # pragma: no cover - the first check passes whenever these do


__all__ = ["GameState", "PLAY", "TURBO", "OVER", "PHASES", "MAX_EVENTS"]
