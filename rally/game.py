"""The whole game of Stich Rallye as a state machine (rulings S1, S3, S8, S12, S13).

In the spirit of OpenSpiel's game states: ask ``current_player`` and
``legal_actions()``, then ``apply`` one action. Actions are a :class:`~rally.Card`
(or its text, ``"G11"``) to play it, or ``Turbo(True)`` / ``Turbo(False)`` for a trick
winner's choice. Anything illegal raises :class:`~rally.IllegalAction` saying why,
and leaves the game exactly as it was.

>>> from rally import Game
>>> game = Game.new(4, track="beach", seed=3)
>>> game.current_player, game.round, [str(c) for c in game.hands[0]]
(0, 1, ['R2', 'R5', 'G9', 'B4', 'B10'])
>>> game.apply("G9")
>>> [str(c) for c in game.legal_actions()]
['G5', 'G8']
>>> game.apply("R7")
Traceback (most recent call last):
...
rally.errors.IllegalAction: You must follow green: you hold G5 and G8.
"""

from __future__ import annotations

import functools
import random
from math import floor
from typing import Iterable, NamedTuple, Sequence

from .cards import CARDS, ROUNDS, Card, check_players, deal_codes, format_cards
from .errors import IllegalAction, SetupError
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, LapCompleted, MotorReleased, MotorWound, Moved,
    RoundEnded, TrickWon, TurboDeclined, TurboUsed,
)
from .motor import DEFAULT_DIAL, check_dial, winding_table
from .movement import ROLL_NAMES, Move, travel
from .track import Track, get_track
from .tricks import legal_codes, why_illegal, winner_and_lowest

#: The player colors of the cars and motors, by seat.
CAR_COLORS = ("white", "red", "yellow", "purple", "blue")
#: Default player names, by seat (alphabetical, so seat order is easy to follow).
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")

PLAY, TURBO, OVER = "play", "turbo", "over"


class Turbo(NamedTuple):
    """A trick winner's choice: ``Turbo(True)`` adds the motor's whole value to the
    move, ``Turbo(False)`` moves by the lowest card alone (S8)."""

    use: bool

    def __str__(self) -> str:
        return "turbo" if self.use else "no turbo"

    def __repr__(self) -> str:
        return f"Turbo({self.use})"


USE_TURBO, NO_TURBO = Turbo(True), Turbo(False)
TURBO_CHOICES = [USE_TURBO, NO_TURBO]

Action = Card | Turbo


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


@functools.lru_cache(maxsize=256)
def _setup(players, track, dial, names) -> _Setup:
    check_players(players)
    track = get_track(track)
    dial = check_dial(dial)
    if track.resting_spaces <= players:
        raise SetupError(
            f"The track has only {track.resting_spaces} flat spaces; {players} cars need at least "
            f"{players + 1} so that a car can always find an empty one."
        )
    if names is None:
        names = DEFAULT_NAMES[:players]
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise SetupError(f"Give the names as a list, one per player, like {list(DEFAULT_NAMES[:players])}, not {names!r}.")
    names = tuple(names)
    if len(names) != players or not all(isinstance(x, str) and x.strip() for x in names):
        raise SetupError(f"Give one non-empty name per player ({players}), not {list(names)!r}.")
    if len(set(names)) != players:
        raise SetupError(f"Each player needs a different name; {list(names)!r} repeats one.")
    return _Setup(
        players, track, len(track), dial, names, winding_table(dial),
        tuple(tuple(s for s in range(players) if s != seat) for seat in range(players)),
        tuple(tuple(tuple((leader + i) % players for i in range(played, players)) for played in range(players + 1))
              for leader in range(players)),
    )


def release_order(positions: Sequence[int], flag: int) -> list[int]:
    """The seats in the order their motors move at a round's end (S12): last place
    (lowest progress) first; cars tied on the grid in seat order, starting with the
    seat clockwise after the flag holder ``flag``.

    >>> release_order([0, 7, 0, 3], flag=2)
    [0, 2, 3, 1]
    """
    # The stable sort keeps the seats' order (from the one after the flag holder) in ties.
    return sorted(_seats_after(len(positions), flag), key=positions.__getitem__)


@functools.lru_cache(maxsize=64)
def _seats_after(n: int, flag: int) -> tuple[int, ...]:
    """All ``n`` seats clockwise, starting with the one after seat ``flag``."""
    return tuple((flag + i) % n for i in range(1, n + 1))


def _count_cars(positions: Sequence[int], n: int) -> dict[int, int]:
    """How many cars stand on each occupied space of a track of ``n`` spaces. Unrecorded
    play keeps this up to date as cars move (see :meth:`Game._move`) rather than building
    each mover's set of occupied spaces anew."""
    cars: dict[int, int] = {}
    for p in positions:
        space = p % n
        if space in cars:
            cars[space] += 1
        else:
            cars[space] = 1
    return cars


class Game:
    """A game of Stich Rallye from the first deal to the winner.

    Create one with :meth:`Game.new`. Seats are numbered 0..n-1 clockwise (S1).
    """

    __slots__ = (
        "players", "track", "dial", "seed", "first_player", "names", "_rc", "_n", "_wind", "_others", "_to_play",
        "round", "flag", "hands_", "trick_", "discards_", "positions_", "motors_", "phase", "winner",
        "_log",
    )

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        players: int,
        track: Track | str = "volcano",
        seed: int = 0,
        first_player: int = 0,
        dial: Sequence[int] = DEFAULT_DIAL,
        names: Sequence[str] | None = None,
        record: bool = True,
    ) -> "Game":
        """A new game, dealt for round 1.

        ``track`` is a :class:`Track`, a built-in name or track text; ``seed`` fixes
        every deal; ``first_player`` holds the flag first; ``dial`` gives the motor
        values (see :data:`DEFAULT_DIAL`); ``record=False`` skips the event log, for
        fast simulation.
        """
        return cls._blank(players, track, seed, first_player, dial, names, record, deal=True)

    @classmethod
    def _blank(cls, players, track, seed, first_player, dial, names, record, deal=False) -> "Game":
        """A game in round 1 with the cars on the grid: dealt if ``deal``, else with empty hands."""
        if type(seed) is not int and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SetupError(f"The seed is a whole number that fixes the deals, like 0 or 42, not {seed!r}.")
        try:
            setup = _setup(players, track, tuple(dial), names if names is None or isinstance(names, str) else tuple(names))
        except TypeError:  # something unhashable: let the checks name it
            setup = _setup.__wrapped__(players, track, dial, names)
        players = setup.players
        if (type(first_player) is not int and (isinstance(first_player, bool) or not isinstance(first_player, int))
                or not 0 <= first_player < players):
            raise SetupError(f"The first player is a seat from 0 to {players - 1}, not {first_player!r}.")
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
        game.trick_ = []
        game.discards_ = []
        game.positions_ = [0] * players
        game.motors_ = [0] * players
        game.phase = PLAY
        game.winner = None
        game._log = [] if record else None
        if deal:
            game._deal()
        else:
            game.hands_ = [[[], [], []] for _ in range(players)]
        return game

    def clone(self) -> "Game":
        """An independent copy: changing one never changes the other."""
        g = Game.__new__(Game)
        for slot in ("players", "track", "dial", "seed", "first_player", "names", "_rc", "_n", "_wind", "_others", "_to_play",
                     "round", "flag", "phase", "winner"):
            setattr(g, slot, getattr(self, slot))
        g.hands_ = [[h[0][:], h[1][:], h[2][:]] for h in self.hands_]
        g.trick_ = self.trick_[:]
        g.discards_ = self.discards_[:]
        g.positions_ = self.positions_[:]
        g.motors_ = self.motors_[:]
        g._log = None if self._log is None else self._log[:]
        return g

    # ------------------------------------------------------------ observation
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def awaiting_turbo(self) -> bool:
        """True while a trick's winner must choose ``Turbo(True)`` or ``Turbo(False)``."""
        return self.phase == TURBO

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        if self.phase == PLAY:
            return (self.flag + len(self.trick_)) % self.players
        if self.phase == TURBO:
            return self._trick_result()[0]
        return None

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, sorted by color then value."""
        return tuple(tuple(CARDS[c] for c in h[0] + h[1] + h[2]) for h in self.hands_)

    def hand_codes(self, seat: int) -> list[int]:
        """``seat``'s hand as sorted card codes (the engine's integers)."""
        h = self.hands_[seat]
        return h[0] + h[1] + h[2]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick so far, in play order (led by the flag holder)."""
        return tuple(CARDS[c] for c in self.trick_)

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played each card of :attr:`trick`."""
        return tuple((self.flag + i) % self.players for i in range(len(self.trick_)))

    @property
    def discards(self) -> tuple[Card, ...]:
        """Cards played in earlier tricks of this round."""
        return tuple(CARDS[c] for c in self.discards_)

    @property
    def positions(self) -> tuple[int, ...]:
        """Each car's progress by seat (S6)."""
        return tuple(self.positions_)

    @property
    def spaces(self) -> tuple[int, ...]:
        """The space each car stands on, by seat."""
        return tuple(p % self._n for p in self.positions_)

    @property
    def laps(self) -> tuple[int, ...]:
        """Laps completed by each car (its motor shows red from 1 on)."""
        return tuple(p // self._n for p in self.positions_)

    @property
    def motors(self) -> tuple[int, ...]:
        """Each motor's dial position, by seat."""
        return tuple(self.motors_)

    @property
    def motor_values(self) -> tuple[int, ...]:
        """Each motor's value now, by seat."""
        return tuple(self.dial[m] for m in self.motors_)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order (empty when not recording)."""
        return tuple(self._log or ())

    @property
    def recording(self) -> bool:
        return self._log is not None

    @property
    def tricks_left(self) -> int:
        """Tricks of this round not yet finished, the current one included."""
        if self.phase == OVER:
            return 0
        if self.phase == TURBO:
            return len(self.hand_codes(0)) + 1
        return len(self.hand_codes(self.current_player))

    def legal_actions(self) -> list[Action]:
        """What the current player may do: cards in hand order, or the turbo choice."""
        if self.phase == PLAY:
            seat = (self.flag + len(self.trick_)) % self.players
            lead = self.trick_[0] >> 4 if self.trick_ else -1
            return [CARDS[c] for c in legal_codes(self.hands_[seat], lead)]
        if self.phase == TURBO:
            return list(TURBO_CHOICES)
        return []

    def why_illegal(self, action: Action | str, seat: int | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now,
        in a player's words; ``None`` if it is allowed."""
        names = self.names
        if self.phase == OVER:
            return f"The game is over: {names[self.winner]} won."
        current = self.current_player
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players):
            # Checked before comparing: True == 1 and 1.0 == 1 would pass for seat 1.
            return f"There is no seat {seat!r}: seats are whole numbers from 0 to {self.players - 1}."
        if seat is not None and seat != current:
            if self.phase == TURBO:
                return f"Wait: {names[current]} won the trick and is choosing whether to use the turbo."
            return f"It is {names[current]}'s turn, not {names[seat]}'s."
        if isinstance(action, str):
            action = Card.parse(action)
        if self.phase == TURBO:
            if isinstance(action, Turbo):
                return None
            return (
                f"{names[current]} won the trick and must first choose: use the turbo (add the motor's "
                f"{self.dial[self.motors_[current]]} to the move) or move by the lowest card alone."
            )
        if isinstance(action, Turbo):
            return (
                f"Only a trick's winner chooses the turbo, right after winning it; now {names[current]} "
                "must play a card."
            )
        if not isinstance(action, Card):
            return f"{action!r} is not an action: play a Card (like Card.parse('G11')) or choose Turbo(True)/Turbo(False)."
        return why_illegal(
            [CARDS[c] for c in self.hand_codes(current)], [CARDS[c] for c in self.trick_], action
        )

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Do ``action`` for the current player (checked to be ``seat`` if given).

        Raises :class:`IllegalAction` with the reason, leaving the game unchanged."""
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, str):
            action = Card.parse(action)
        if self.phase == TURBO:
            seat, lowest = self._trick_result()
            self._finish_trick(seat, lowest, bool(action.use))
        else:
            self._play(action.code)

    # ------------------------------------------------- the engine's primitives
    def _trick_result(self) -> tuple[int, int]:
        index, lowest = winner_and_lowest(self.trick_)
        return (self.flag + index) % self.players, lowest

    def _deal(self) -> None:
        self.hands_ = deal_codes(self.players, self.seed, self.round)
        self.motors_[:] = [0] * self.players  # in place: the playout kernel holds this list
        self.discards_ = []
        if self._log is not None:
            self._log.append(Dealt(self.round, self.hands))

    def _play(self, code: int) -> None:
        trick = self.trick_
        seat = (self.flag + len(trick)) % self.players
        self.hands_[seat][code >> 4].remove(code)
        trick.append(code)
        if self._log is not None:
            self._log.append(CardPlayed(seat, CARDS[code]))
        if len(trick) == self.players:
            pending = self._resolve_trick()
            if pending is not None:
                self.phase = TURBO  # the winner decides (S8)

    def _resolve_trick(self) -> tuple[int, int] | None:
        """Wind the losers' motors and move the winner, or return ``(winner, lowest)``
        when the winner has a motor to choose about (S8)."""
        n = self.players
        index, lowest = winner_and_lowest(self.trick_)
        winner = self.flag + index
        if winner >= n:
            winner -= n
        motors, wind, log = self.motors_, self._wind, self._log
        for s in range(n):
            if s != winner:
                motors[s] = wind[motors[s]]  # a lost trick winds the motor (S11)
        if log is not None:
            log.append(TrickWon(winner, self.flag, self.trick))
            log.extend(MotorWound(s, motors[s], self.dial[motors[s]]) for s in range(n) if s != winner)
        if self.dial[motors[winner]] > 0:
            return winner, lowest
        self._finish_trick(winner, lowest, False)
        return None

    def _finish_trick(self, winner: int, lowest: int, use: bool) -> None:
        """Move the trick's winner by the lowest card, plus the motor if ``use`` (S8)."""
        steps = lowest
        value = self.dial[self.motors_[winner]]
        if use:
            steps += value
            self.motors_[winner] = 0
        if self._log is not None and value > 0:
            self._log.append(TurboUsed(winner, value) if use else TurboDeclined(winner, value))
        self.phase = PLAY
        if self._move(winner, steps, "trick"):
            return
        self.discards_ += self.trick_
        self.trick_ = []
        self.flag = winner
        if self._log is not None:
            self._log.append(FlagTaken(winner, "trick"))
        hand = self.hands_[winner]
        if not (hand[0] or hand[1] or hand[2]):
            self._end_round()

    def _move(self, seat: int, steps: int, cause: str, cars: dict[int, int] | None = None) -> bool:
        """Move ``seat``'s car; True when that wins the game (S13).

        Without a log, ``cars`` may give :func:`_count_cars` of the positions, the mover
        included; it is used for the occupied spaces and kept up to date.
        """
        positions, n = self.positions_, self._n
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
            path: list = []
            final, end, roll = travel(self._rc, {positions[s] % n: s for s in self._others[seat]}, start, steps, path)
        positions[seat] = final
        if log is not None:
            move = Move(seat, start, steps, final, end, ROLL_NAMES[roll], tuple(path), n)
            log.append(Moved(seat, move, cause))
            if final // n > start // n:
                log.append(LapCompleted(seat, final // n))
        if final >= 2 * n:  # a second lap ends the game at once (S13)
            self.phase = OVER
            self.winner = seat
            if log is not None:
                log.append(GameWon(seat, "second lap"))
            return True
        return False

    def release_order(self) -> list[int]:
        """The order motors move cars at this round's end (see :func:`release_order`)."""
        return release_order(self.positions_, self.flag)

    def _end_round(self, cars: dict[int, int] | None = None) -> None:
        """Release the motors (S12), then pass the flag to the leader and deal the next
        round, or end the game (S13). ``cars`` is as for :meth:`_move`, only without a log."""
        order = release_order(self.positions_, self.flag)
        log, dial, motors = self._log, self.dial, self.motors_
        if log is not None:
            log.append(RoundEnded(self.round, tuple(order)))
        if cars is None and log is None:
            cars = _count_cars(self.positions_, self._n)
        for seat in order:
            value = dial[motors[seat]]
            if log is not None:
                log.append(MotorReleased(seat, value))
            motors[seat] = 0
            if value > 0:
                if self._move(seat, value, "motor", cars):
                    return
        self.flag = self.leader()
        if log is not None:
            log.append(FlagTaken(self.flag, "leader"))
        if self.round == ROUNDS:
            self.phase = OVER
            self.winner = self.flag
            if log is not None:
                log.append(GameWon(self.flag, "leader"))
            return
        self.round += 1
        self._deal()

    def leader(self) -> int:
        """The car with the greatest progress. Ties can only happen on the grid; then the
        first tied seat clockwise from the flag holder, the holder included, leads."""
        n, positions = self.players, self.positions_
        best = max(positions)
        if positions.count(best) == 1:
            return positions.index(best)
        for i in range(n):
            seat = (self.flag + i) % n
            if positions[seat] == best:
                return seat
        raise AssertionError("unreachable")

    def _random_playout(self, rng: random.Random) -> None:
        """Play to the end choosing uniformly at random: the same choices, in the same
        order, as :class:`RandomBot` through ``legal_actions``/``apply`` (a test holds
        the two paths equal), without building action lists, Card objects or events.

        Works from any state, mid-trick included. The rules come from the same
        functions ``apply`` uses (:func:`winner_and_lowest`, :func:`travel`, the winding
        table, :meth:`_end_round`); only S4's one-line filter is written out inline.
        """
        rnd = rng.random  # floor(rnd() * k) is RandomBot's int(rng.random() * k), a little faster
        if self.phase == TURBO:
            self._finish_trick(*self._trick_result(), rnd() < 0.5)
        n, N = self.players, self._n
        goal = 2 * N
        rc, dial, wind, others, to_play = self._rc, self.dial, self._wind, self._others, self._to_play
        positions, motors = self.positions_, self.motors_
        cars = _count_cars(positions, N)  # kept up to date here and by _move()
        while self.phase == PLAY:
            hands, flag, trick, discards = self.hands_, self.flag, self.trick_, self.discards_
            # Tricks of this round, with the state in locals; synced back at the round's end.
            while True:
                if trick:
                    lead = trick[0] >> 4
                else:
                    hand = hands[flag]
                    legal = hand[0] + hand[1] + hand[2]
                    code = legal[floor(rnd() * len(legal))]
                    lead = code >> 4
                    hand[lead].remove(code)
                    trick.append(code)
                for seat in to_play[flag][len(trick)]:
                    follow = hands[seat][lead]  # S4, as legal_codes(): follow the lead color if you can
                    if follow:
                        trick.append(follow.pop(floor(rnd() * len(follow))))
                    else:
                        hand = hands[seat]
                        legal = hand[0] + hand[1] + hand[2]
                        code = legal[floor(rnd() * len(legal))]
                        hand[code >> 4].remove(code)
                        trick.append(code)
                index, steps = winner_and_lowest(trick)
                winner = flag + index
                if winner >= n:
                    winner -= n
                for s in others[winner]:
                    motors[s] = wind[motors[s]]
                value = dial[motors[winner]]
                if value > 0 and rnd() < 0.5:  # RandomBot's pick of Turbo(True) from TURBO_CHOICES
                    steps += value
                    motors[winner] = 0
                start = positions[winner]
                here = start % N
                if cars[here] > 1:
                    cars[here] -= 1
                else:
                    del cars[here]  # now it holds the other cars' spaces, as travel() wants
                final = travel(rc, cars, start, steps)[0]
                positions[winner] = final
                if final >= goal:
                    self.flag, self.trick_, self.discards_ = flag, trick, discards
                    self.phase, self.winner = OVER, winner
                    return
                here = final % N
                if here in cars:
                    cars[here] += 1
                else:
                    cars[here] = 1
                discards += trick
                trick.clear()
                flag = winner
                hand = hands[winner]
                if not (hand[0] or hand[1] or hand[2]):
                    break
            self.flag, self.trick_, self.discards_ = flag, trick, discards
            self._end_round(cars)

    # ---------------------------------------------------------------- display
    def describe(self, event: Event) -> str:
        """An event of this game in words, with the players' names."""
        return event.describe(self.names)

    def narrate(self) -> list[str]:
        """Every event so far in words."""
        return [e.describe(self.names) for e in self._log or ()]

    def summary(self) -> str:
        """A few lines a player would read at the table."""
        n = self._n
        lines = []
        if self.phase == OVER:
            lines.append(f"Game over after round {self.round}: {self.names[self.winner]} wins.")
        else:
            lines.append(
                f"Round {self.round}, {self.names[self.flag]} holds the flag; "
                f"{self.names[self.current_player]} to {'choose the turbo' if self.phase == TURBO else 'play'}."
            )
        if self.trick_:
            lines.append("Trick: " + ", ".join(
                f"{self.names[s]} {CARDS[c]}" for s, c in zip(self.trick_seats, self.trick_)))
        for s in range(self.players):
            p = self.positions_[s]
            if p == 0:
                where = "on the grid"
            elif p >= 2 * n:
                where = f"past the finish line after two laps (space {p % n})"
            else:
                where = f"space {p % n}, lap {p // n + 1}"
            lines.append(
                f"  {self.names[s]} ({CAR_COLORS[s]} car): {where}, motor {self.dial[self.motors_[s]]}"
                f" (position {self.motors_[s]}), hand {format_cards(self.hands[s]) or '-'}"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = f"winner={self.names[self.winner]!r}" if self.phase == OVER else f"to_act={self.current_player}"
        return (
            f"<Game {self.players} players, {self.track.name} track, seed {self.seed}, "
            f"round {self.round}, {state}, positions {list(self.positions_)}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # mutable

    def _repr_html_(self) -> str:
        import html

        return "<pre>" + html.escape(self.summary()) + "</pre>"

    # ---------------------------------------------------------- serialization
    def to_dict(self) -> dict:
        from .serialization import game_to_dict

        return game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :meth:`from_json` gives it back."""
        from .serialization import game_to_json

        return game_to_json(self, indent)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game from :meth:`to_json` text. Raises :class:`PositionError` naming every
        problem when the text is not JSON or describes an impossible state."""
        from .serialization import game_from_json

        return game_from_json(text)
