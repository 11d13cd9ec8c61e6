"""The engine's side of a Stich Rallye game: its state as integers and the primitives
every way of playing goes through (rulings S1, S3, S5, S8, S11-S13).

Dealing, playing a card, settling a trick (the losers wind, the winner moves, with the
turbo or without), moving a car and ending a round are each written once, here. The
recorded game (:class:`rally.Game`, with its checks and event log) and the fast
playouts (:mod:`rally.stich_rallye.playout`) both act only through them.
"""

from __future__ import annotations

import functools
from typing import Hashable, Mapping, NamedTuple, Self, Sequence

from ..common import inputs
from .cards import (
    CARDS, HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, ROUNDS, Card, check_players, deal_codes, deck, split_by_color,
)
from ..common.errors import IllegalAction, SetupError
from ..common.refusal import Refusal
from . import refusals as _refusals  # noqa: F401  (registers the wordings of the codes below)
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, LapCompleted, LapLost, MotorReleased, MotorWound, Moved, RoundEnded,
    TrickWon, TurboDeclined, TurboUsed,
)
from ..common.i18n import _, ngettext
from .motor import MAX_DIAL_VALUE, check_dial, winding_table
from .movement import Move, occupants_of, travel
from .round_end import leader_of, release_order_of
from .state import OVER, PLAY, TURBO
from .track import Track, get_track
from .tricks import seat_and_lowest, winner_and_lowest

#: The codes of the cards in play, by the number of players.
_IN_PLAY = {n: frozenset(c.code for c in deck(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_WHOLE = frozenset({int})

def trick_move(lowest: int, motor_value: int, turbo: bool) -> int:
    """How many empty spaces a trick's winner counts (S5, S8): the trick's lowest card,
    plus the motor's whole value with the turbo (all or nothing).

    >>> trick_move(3, 7, True), trick_move(3, 7, False)
    (10, 3)
    """
    inputs.whole(lowest, _("The trick's lowest card"), 1, 15, SetupError, 3)
    inputs.whole(motor_value, _("The motor's value"), 0, MAX_DIAL_VALUE, SetupError, 7)
    return _trick_move(lowest, motor_value, inputs.flag(turbo, _("The turbo"), SetupError))


def _trick_move(lowest: int, motor_value: int, turbo: bool) -> int:
    """:func:`trick_move` for the engine, which knows its numbers are right."""
    return lowest + motor_value if turbo else lowest


class _Setup(NamedTuple):
    """What does not change during a game, validated once and shared between games."""

    players: int
    track: Track
    length: int  # of the track
    dial: tuple[int, ...]
    names: tuple[str, ...]
    wind: tuple[int, ...]
    others: tuple[tuple[int, ...], ...]  # every seat but this one
    # The seats still to play in a trick, clockwise (S1), by its leader and the cards played so far.
    to_play: tuple[tuple[tuple[int, ...], ...], ...]


def _setup(players: object, track: object, dial: object, names: object) -> _Setup:
    """The checked set-up; the same set-up is checked once and shared (see :func:`_known_setup`)."""
    # Only plain values are looked up: the cache would take True for 1 and False for 0.
    if (type(players) is int and isinstance(dial, (list, tuple)) and all(type(v) is int for v in dial)
            and (names is None or isinstance(names, (list, tuple)) and all(type(x) is str for x in names))
            and isinstance(track, (Track, str))):
        return _known_setup(players, track, tuple(dial), None if names is None else tuple(names))
    return _known_setup.__wrapped__(players, track, dial, names)


@functools.lru_cache(maxsize=256)
def _known_setup(players: object, track: object, dial: object, names: object) -> _Setup:
    players = check_players(players)
    track = get_track(track)
    dial = check_dial(dial)
    if track.resting_spaces <= players:
        raise SetupError(ngettext(
            "The track has only {flat} flat space; {players} cars need at least {need} so that a car can always "
            "find an empty one.",
            "The track has only {flat} flat spaces; {players} cars need at least {need} so that a car can always "
            "find an empty one.", track.resting_spaces).format(flat=track.resting_spaces, players=players,
                                                               need=players + 1))
    names = inputs.names(names, players, SetupError)
    return _Setup(
        players, track, len(track), dial, names, winding_table(dial),
        tuple(tuple(s for s in range(players) if s != seat) for seat in range(players)),
        tuple(tuple(tuple((leader + i) % players for i in range(played, players)) for played in range(players + 1))
              for leader in range(players)),
    )


def count_cars(positions: Sequence[int], n: int) -> dict[int, int]:
    """How many cars stand on each occupied space of a track of ``n`` spaces. Unrecorded
    play keeps this up to date as cars move (see :meth:`GameKernel._move`) rather than building
    each mover's set of occupied spaces anew."""
    cars: dict[int, int] = {}
    for p in positions:
        space = p % n
        if space in cars:
            cars[space] += 1
        else:
            cars[space] = 1
    return cars


class GameKernel:
    """A game's state as the engine's integers, and the primitives that change it.

    :class:`rally.Game` is one, with the checks, the words and the states on top; this
    class holds what a game is made of and the rules that move it on.
    """

    __slots__ = (
        "players", "track", "dial", "seed", "first_player", "names", "_rc", "_n", "_wind", "_others", "_to_play",
        "round", "flag", "_hands", "_trick", "_discards", "_positions", "_motors", "phase", "winner",
        "_log", "_partial",
    )
    players: int
    track: Track
    dial: tuple[int, ...]
    seed: int
    first_player: int
    names: tuple[str, ...]
    round: int
    flag: int
    phase: str
    winner: int | None
    _rc: tuple[int, ...]
    _n: int
    _wind: tuple[int, ...]
    _others: tuple[tuple[int, ...], ...]
    _to_play: tuple[tuple[tuple[int, ...], ...], ...]
    _hands: list[list[list[int]]]
    _trick: list[int]
    _discards: list[int]
    _positions: list[int]
    _motors: list[int]
    _log: list[Event] | None
    _partial: bool  # the log began after the first deal (record_from_now)


    @classmethod
    def _blank(cls, players: object, track: object, seed: object, first_player: object, dial: object,
               names: object, record: object, deal: bool = False) -> Self:
        """A game in round 1 with the cars on the grid: dealt if ``deal``, else with empty hands."""
        setup = _setup(players, track, dial, names)
        players = setup.players
        seed = inputs.seed(seed, SetupError)
        # Checked before rally.common.inputs is asked why not: this runs for every new game.
        first_player = (first_player if type(first_player) is int and 0 <= first_player < players else
                        inputs.seat(first_player, players, SetupError, _("The first player")))
        record = inputs.flag(record, "record", SetupError)
        game = cls.__new__(cls)
        game.players = players
        game.track = setup.track
        game.dial = setup.dial
        game.seed = seed
        game.first_player = first_player
        game.names = setup.names
        game._rc = setup.track.roll_codes
        game._n = setup.length
        game._wind = setup.wind
        game._others = setup.others
        game._to_play = setup.to_play
        game.round = 1
        game.flag = first_player
        game._trick = []
        game._discards = []
        game._positions = [0] * players
        game._motors = [0] * players
        game.phase = PLAY
        game.winner = None
        game._log = [] if record else None
        game._partial = False
        if deal:
            game._deal()
        else:
            game._hands = [[[], [], []] for _ in range(players)]
        return game

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""
        g = type(self).__new__(type(self))
        for slot in ("players", "track", "dial", "seed", "first_player", "names", "_rc", "_n", "_wind", "_others", "_to_play",
                     "round", "flag", "phase", "winner"):
            setattr(g, slot, getattr(self, slot))
        g._hands = [[h[0][:], h[1][:], h[2][:]] for h in self._hands]
        g._trick = self._trick[:]
        g._discards = self._discards[:]
        g._positions = self._positions[:]
        g._motors = self._motors[:]
        g._log = None if self._log is None else self._log[:]
        g._partial = self._partial
        return g

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, sorted by color then value."""
        return tuple(tuple(CARDS[c] for c in h[0] + h[1] + h[2]) for h in self._hands)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick so far, in play order (led by the flag holder)."""
        return tuple(CARDS[c] for c in self._trick)

    def set_hidden_cards(self, hands: Mapping[int, Sequence[int]], discards: Sequence[int], seed: int) -> None:
        """Deal the cards a player cannot see anew: ``hands`` by seat and the earlier
        tricks' ``discards`` as card codes, and ``seed`` for later rounds. For playouts
        (see :meth:`rally.Position.to_game`), which deal from exactly the unseen cards,
        keeping every hand's size. Anything else (a seat no game has, a hand of another
        size, a card not in play or given twice) raises :class:`IllegalAction` and
        changes nothing.

        >>> from rally import Game
        >>> game = Game.new(3, seed=1)
        >>> game.set_hidden_cards({9: [18]}, [], 0)
        Traceback (most recent call last):
        ...
        rally.common.errors.IllegalAction: A seat must be a whole number from 0 to 2, like 0, not 9.
        """
        if not isinstance(hands, Mapping):
            # TRANSLATORS: the new hands are given as a dict from seats to lists of card codes.
            inputs.fail(IllegalAction, _("The new hands"), _("a dict of card codes by seat"), hands, "{1: [18, 35]}")
        new_hands: dict[int, Sequence[int]] = {}
        for seat, codes in hands.items():
            seat = inputs.seat(seat, self.players, IllegalAction)
            if not (isinstance(codes, (list, tuple)) and len(codes) <= HAND_SIZES[-1]):
                inputs.sequence(codes, _("A new hand"), IllegalAction, "[18, 35]", HAND_SIZES[-1])
            size = sum(map(len, self._hands[seat]))
            if len(codes) != size:
                raise IllegalAction.because(Refusal("hidden.hand_size", {"seat": seat, "size": size, "given": len(codes)}))
            new_hands[seat] = codes
        new_discards = list(discards) if isinstance(discards, (list, tuple)) and len(discards) <= len(
            self._discards) else inputs.sequence(discards, _("The earlier tricks' cards"), IllegalAction, "[18, 35]",
                                                 len(self._discards))
        if len(new_discards) != len(self._discards):
            raise IllegalAction.because(Refusal("hidden.discards", {"count": len(self._discards),
                                                                     "given": len(new_discards)}))
        seed = inputs.seed(seed, IllegalAction)
        dealt = [c for codes in new_hands.values() for c in codes] + new_discards
        kept = [c for s, hand in enumerate(self._hands) if s not in new_hands for color in hand for c in color]
        every = dealt + kept + self._trick
        if not (_WHOLE.issuperset(map(type, dealt)) and len(set(every)) == len(every)
                and _IN_PLAY[self.players].issuperset(every)):
            raise IllegalAction.because(Refusal("hidden.cards", {"players": self.players}))
        for seat, codes in new_hands.items():
            self._hands[seat] = split_by_color(codes)
        self._discards = list(new_discards)
        self.seed = seed

    # ------------------------------------------------- the engine's primitives
    def _trick_result(self) -> tuple[int, int]:
        return seat_and_lowest(self._trick, self.flag, self.players)

    def _deal(self) -> None:
        self._hands = deal_codes(self.players, self.seed, self.round)
        self._motors[:] = [0] * self.players  # in place: a playout may hold this list
        self._discards = []
        if self._log is not None:
            self._log.append(Dealt.trusted(self.round, self.hands))

    def _play(self, code: int) -> None:
        trick = self._trick
        seat = (self.flag + len(trick)) % self.players
        self._hands[seat][code >> 4].remove(code)
        trick.append(code)
        if self._log is not None:
            self._log.append(CardPlayed.trusted(seat, CARDS[code]))
        if len(trick) == self.players:
            pending = self._resolve_trick()
            if pending is not None:
                self.phase = TURBO  # the winner decides (S8)

    def _resolve_trick(self) -> tuple[int, int] | None:
        """Wind the losers' motors and move the winner, or return ``(winner, lowest)``
        when the winner has a motor to choose about (S8)."""
        winner, lowest = self._wind_losers()
        if self.dial[self._motors[winner]] > 0:
            return winner, lowest
        self._finish_trick(winner, lowest, False)
        return None

    def _wind_losers(self) -> tuple[int, int]:
        """The complete trick's ``(winner, lowest)`` (S5), after winding every other
        seat's motor (S11)."""
        index, lowest = winner_and_lowest(self._trick)
        winner = self.flag + index
        if winner >= self.players:
            winner -= self.players
        motors, wind, log = self._motors, self._wind, self._log
        losers = self._others[winner]
        for s in losers:
            motors[s] = wind[motors[s]]
        if log is not None:
            log.append(TrickWon.trusted(winner, self.flag, self.trick))
            log.extend(MotorWound.trusted(s, motors[s], self.dial[motors[s]]) for s in losers)
        return winner, lowest

    def _finish_trick(self, winner: int, lowest: int, use: bool, cars: dict[int, int] | None = None) -> None:
        """Move the trick's winner by the lowest card, plus the motor if ``use`` (S8),
        then hand over the flag and end the round after its last trick. ``cars`` is as
        for :meth:`_move`."""
        value = self.dial[self._motors[winner]]
        steps = _trick_move(lowest, value, use)
        if use:
            self._motors[winner] = 0
        log = self._log
        if log is not None and value > 0:
            log.append(TurboUsed.trusted(winner, value) if use else TurboDeclined.trusted(winner, value))
        self.phase = PLAY
        if self._move(winner, steps, "trick", cars):
            return
        self._discards += self._trick
        self._trick = []
        self.flag = winner
        hand = self._hands[winner]
        last = not (hand[0] or hand[1] or hand[2])
        if log is not None:
            log.append(FlagTaken.trusted(winner, "last trick" if last else "trick"))
        if last:
            self._end_round(cars)

    def _move(self, seat: int, steps: int, cause: str, cars: dict[int, int] | None = None) -> bool:
        """Move ``seat``'s car; True when that wins the game (S13).

        Without a log, ``cars`` may give :func:`count_cars` of the positions, the mover
        included; it is used for the occupied spaces and kept up to date.
        """
        positions, n = self._positions, self._n
        log = self._log
        start = positions[seat]
        if cars is not None:
            here = start % n
            if cars[here] > 1:
                cars[here] -= 1
            else:
                del cars[here]  # now it holds the other cars' spaces, as travel() wants
            final = travel(self._rc, cars, start, steps)[0]
            here = final % n
            if here in cars:
                cars[here] += 1
            else:
                cars[here] = 1
        elif log is None:
            final = travel(self._rc, {positions[s] % n for s in self._others[seat]}, start, steps)[0]
        else:
            occupants: dict[int, Hashable] = {positions[s] % n: s for s in self._others[seat]}
            if len(occupants) < self.players - 1:  # cars sharing a space (the grid): name them all
                occupants = occupants_of(positions, seat, n)
            result = travel(self._rc, occupants, start, steps)
            final = result[0]
        positions[seat] = final
        if log is not None:
            log.append(Moved.trusted(seat, Move.traced(seat, start, steps, result, n, self._rc, occupants), cause))
            if final // n > start // n:
                log.append(LapCompleted.trusted(seat, final // n))
            elif final // n < start // n:  # rolled back behind the finish line (S6, S9)
                log.append(LapLost.trusted(seat, start // n))
        if final >= 2 * n:  # a second lap ends the game at once (S13)
            self.phase = OVER
            self.winner = seat
            if log is not None:
                log.append(GameWon.trusted(seat, "second lap"))
            return True
        return False

    def release_order(self) -> list[int]:
        """The order motors move cars at this round's end (see :func:`rally.stich_rallye.round_end.release_order`)."""
        return release_order_of(self._positions, self.flag)

    def _end_round(self, cars: dict[int, int] | None = None) -> None:
        """Release the motors (S12), then pass the flag to the leader and deal the next
        round, or end the game (S13). ``cars`` is as for :meth:`_move`, only without a log."""
        order = release_order_of(self._positions, self.flag)
        log, dial, motors = self._log, self.dial, self._motors
        if log is not None:
            log.append(RoundEnded.trusted(self.round, tuple(order)))
        if cars is None and log is None:
            cars = count_cars(self._positions, self._n)
        for seat in order:
            value = dial[motors[seat]]
            if log is not None:
                log.append(MotorReleased.trusted(seat, value))
            motors[seat] = 0
            if value > 0:
                if self._move(seat, value, "motor", cars):
                    return
        self.flag = self.leader()
        if log is not None:
            log.append(FlagTaken.trusted(self.flag, "leader"))
        if self.round == ROUNDS:
            self.phase = OVER
            self.winner = self.flag
            if log is not None:
                log.append(GameWon.trusted(self.flag, "leader"))
            return
        self.round += 1
        self._deal()

    def leader(self) -> int:
        """The car with the greatest progress; ties (only on the grid) go to the first tied
        seat clockwise from the flag holder, the holder included (S12, decision D5)."""
        return leader_of(self._positions, self.flag)

