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
from dataclasses import dataclass
from math import floor
from typing import Callable, Hashable, Mapping, NamedTuple, Sequence

from . import inputs
from .cards import (
    CARDS, HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, ROUNDS, Card, check_players, deal_codes, deck, format_cards,
    split_by_color,
)
from .errors import IllegalAction, PositionError, SetupError
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, LapCompleted, LapLost, MotorReleased, MotorWound, Moved, RoundEnded,
    TrickWon, TurboDeclined, TurboUsed, event_from_dict,
)
from .history import log_problems
from .i18n import N_, _, available_languages, language, ngettext, pgettext
from .legality import state_problems
from .motor import DEFAULT_DIAL, MAX_DIAL_VALUE, check_dial, winding_table
from .movement import Move, occupants_of, travel
from .round_end import leader_of, release_order_of
from .serialization import state_from_json, state_to_dict, state_to_json
from .state import OVER, PLAY, TURBO, GameState
from .track import Track, get_track
from .tricks import legal_codes, seat_and_lowest, why_illegal, winner_and_lowest

#: The player colors of the cars and motors, by seat: English words, the same in every
#: language (the widgets draw with them); marked for the catalogs and translated where
#: they are shown, ``_(CAR_COLORS[seat])``.
CAR_COLORS = (N_("white"), N_("red"), N_("yellow"), N_("purple"), N_("blue"))
#: The codes of the cards in play, by the number of players.
_IN_PLAY = {n: frozenset(c.code for c in deck(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_WHOLE = frozenset({int})


@dataclass(frozen=True, slots=True)
class Turbo:
    """A trick winner's choice: ``Turbo(True)`` adds the motor's whole value to the
    move, ``Turbo(False)`` moves by the lowest card alone (S8)."""

    use: bool

    def __post_init__(self) -> None:
        if type(self.use) is not bool:  # checked first: the two choices are made on import
            inputs.flag(self.use, _("A turbo choice"), IllegalAction)

    def __str__(self) -> str:
        return "turbo" if self.use else "no turbo"

    def __repr__(self) -> str:
        return f"Turbo({self.use})"

    def word(self) -> str:
        """The choice in words, in the language spoken: ``"turbo"`` / ``"no turbo"``
        (German ``"Turbo nutzen"`` / ``"ohne Turbo"``); :func:`parse_action` reads it back."""
        # TRANSLATORS: an option of the turbo choice, on buttons, in tables and sentences ("Try turbo: ...").
        if self.use:
            return pgettext("option", "turbo")
        return pgettext("option", "no turbo")


USE_TURBO, NO_TURBO = Turbo(True), Turbo(False)


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
    def _blank(cls, players: object, track: object, seed: object, first_player: object, dial: object,
               names: object, record: object, deal: bool = False) -> "Game":
        """A game in round 1 with the cars on the grid: dealt if ``deal``, else with empty hands."""
        setup = _setup(players, track, dial, names)
        players = setup.players
        seed = inputs.seed(seed, SetupError)
        # Checked before rally.inputs is asked why not: this runs for every new game.
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

    def clone(self) -> "Game":
        """An independent copy: changing one never changes the other."""
        g = Game.__new__(Game)
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

    # ------------------------------------------------------------ observation
    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self.phase == OVER

    @property
    def awaiting_turbo(self) -> bool:
        """True while a trick's winner must choose ``Turbo(True)`` or ``Turbo(False)``."""
        return self.phase == TURBO

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        if self.phase == PLAY:
            return (self.flag + len(self._trick)) % self.players
        if self.phase == TURBO:
            return self._trick_result()[0]
        return None

    def _to_act(self) -> int:
        """:attr:`current_player` of a game that is not over."""
        if self.phase == TURBO:
            return self._trick_result()[0]
        return (self.flag + len(self._trick)) % self.players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, sorted by color then value."""
        return tuple(tuple(CARDS[c] for c in h[0] + h[1] + h[2]) for h in self._hands)

    def hand_codes(self, seat: int) -> list[int]:
        """``seat``'s hand as sorted card codes (the engine's integers); a new list."""
        h = self._hands[inputs.seat(seat, self.players, SetupError)]
        return h[0] + h[1] + h[2]

    @property
    def trick_codes(self) -> tuple[int, ...]:
        """The current trick as card codes, in play order (for bots' fast arithmetic)."""
        return tuple(self._trick)

    def trick_result(self) -> tuple[int, int]:
        """``(winner's seat, lowest value)`` of the complete trick on the table (S5);
        raises :class:`IllegalAction` while the trick is still being played."""
        if len(self._trick) < self.players:
            raise IllegalAction(ngettext("The trick is not complete: {played} of {players} card is played.",
                                         "The trick is not complete: {played} of {players} cards are played.",
                                         self.players).format(played=len(self._trick), players=self.players))
        return self._trick_result()

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick so far, in play order (led by the flag holder)."""
        return tuple(CARDS[c] for c in self._trick)

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played each card of :attr:`trick`."""
        return tuple((self.flag + i) % self.players for i in range(len(self._trick)))

    @property
    def discards(self) -> tuple[Card, ...]:
        """Cards played in earlier tricks of this round."""
        return tuple(CARDS[c] for c in self._discards)

    @property
    def discard_codes(self) -> tuple[int, ...]:
        """:attr:`discards` as card codes."""
        return tuple(self._discards)

    @property
    def positions(self) -> tuple[int, ...]:
        """Each car's progress by seat (S6)."""
        return tuple(self._positions)

    @property
    def spaces(self) -> tuple[int, ...]:
        """The space each car stands on, by seat."""
        return tuple(p % self._n for p in self._positions)

    @property
    def laps(self) -> tuple[int, ...]:
        """Laps completed by each car (its motor shows red from 1 on)."""
        return tuple(p // self._n for p in self._positions)

    @property
    def motors(self) -> tuple[int, ...]:
        """Each motor's dial position, by seat."""
        return tuple(self._motors)

    @property
    def motor_values(self) -> tuple[int, ...]:
        """Each motor's value now, by seat."""
        return tuple(self.dial[m] for m in self._motors)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order (empty when not recording)."""
        return tuple(self._log or ())

    @property
    def recording(self) -> bool:
        """True when the game keeps its event log (the default)."""
        return self._log is not None

    @property
    def full_history(self) -> bool:
        """True when :attr:`events` runs from the first deal (a new game's log); False
        for a log begun by :meth:`record_from_now`, or no log at all."""
        return self._log is not None and not self._partial

    def record_from_now(self) -> None:
        """Keep an event log from this moment on, for a game made without one (from a
        position or a state): :attr:`events` then tells what happens from here. Such a
        log is not the game's whole history, so :meth:`state` and :meth:`to_json` leave
        it out. A game that already records keeps its log."""
        if self._log is None:
            self._log, self._partial = [], True

    # ---------------------------------------------------------------- states
    def state(self) -> GameState:
        """This moment of the game as plain data (see :class:`~rally.state.GameState`)."""
        return GameState(
            players=self.players, track=self.track, dial=self.dial, names=self.names, seed=self.seed,
            first_player=self.first_player, round=self.round, phase=self.phase, flag=self.flag,
            winner=self.winner, hands=self.hands, trick=self.trick, discards=self.discards,
            positions=self.positions, motors=self.motors,
            events=None if self._log is None or self._partial else tuple(self._log),
        )

    @classmethod
    def from_state(cls, state: GameState) -> "Game":
        """The game at ``state``; raises :class:`PositionError` naming every reason no
        real game could reach it (see :meth:`problems`). With an event log the game
        records on; without one it does not."""
        if not isinstance(state, GameState):
            inputs.fail(PositionError, _("Game.from_state's argument"), _("a GameState"), state, "game.state()")
        for event in state.events or ():
            # An event made by hand must be one the log could hold: written out and read
            # back (through rally.inputs) it is the same event.
            if event_from_dict(event.to_dict()) != event:
                raise PositionError(_("The event log holds {event}, which is not an event as a game logs it.").format(
                    event=inputs.shown(event, 60)))
        try:
            game = cls._blank(state.players, state.track, state.seed, state.first_player, state.dial, state.names,
                              state.events is not None)
        except SetupError as err:
            raise PositionError(_("The game's set-up is invalid: {problem}").format(problem=err)) from None
        game.round, game.phase, game.flag, game.winner = state.round, state.phase, state.flag, state.winner
        game._hands = [split_by_color(c.code for c in h) for h in state.hands]
        game._trick = [c.code for c in state.trick]
        game._discards = [c.code for c in state.discards]
        game._positions = list(state.positions)
        game._motors = list(state.motors)
        game._log = None if state.events is None else list(state.events)
        problems = game._problems_of(state)  # the state just loaded: no need to build it again
        if problems:
            raise PositionError(problems)
        return game

    def problems(self) -> list[str]:
        """Every reason no real game could be where this one is, as sentences; ``[]``
        for every game reached by play. The rules' history is checked by
        :func:`rally.legality.state_problems`; an event log must also replay, from the
        seed, to exactly this state (see ``docs/invariants.md``).

        >>> Game.new(3, seed=1).problems()
        []
        """
        return self._problems_of(self.state())

    def _problems_of(self, state: GameState) -> list[str]:
        """:meth:`problems`, given the state this game holds (made once by the caller)."""
        found = state_problems(state)
        if not found and self._log is not None and not self._partial:
            found = self._history_problems()
        return found

    def _history_problems(self) -> list[str]:
        """Replay the log's decisions on a new game from the same seed; the log and the
        state must come out exactly as they are (invariant I11)."""
        replay = Game.new(self.players, self.track, self.seed, self.first_player, self.dial, self.names)
        # TRANSLATORS: where a replay of the event log starts, put into sentences as "the game played {where}".
        where = _("from seed {seed}").format(seed=self.seed)
        found = log_problems(self._log or [], replay, decision_of, self.names, where)
        if not found and replay.state() != self.state():
            found = [_("The event log, played from seed {seed}, leads to another state than this one.").format(
                seed=self.seed)]
        return found

    @property
    def tricks_left(self) -> int:
        """Tricks of this round not yet finished, the current one included."""
        if self.phase == OVER:
            return 0
        if self.phase == TURBO:
            return len(self.hand_codes(0)) + 1
        return len(self.hand_codes((self.flag + len(self._trick)) % self.players))

    def bot_view(self, seat: int) -> "Game":
        """What a computer player in ``seat`` is shown: the game itself (Stich Rallye's
        bots may read every public fact; :class:`rally.HeuristicBot` reads only its own
        hand and the table). See :func:`rally.turns.play_bots`."""
        inputs.seat(seat, self.players, SetupError)
        return self

    def legal_actions(self) -> list[Action]:
        """What the current player may do: cards in hand order, or the turbo choice."""
        if self.phase == PLAY:
            seat = (self.flag + len(self._trick)) % self.players
            lead = self._trick[0] >> 4 if self._trick else -1
            return [CARDS[c] for c in legal_codes(self._hands[seat], lead)]
        if self.phase == TURBO:
            return list(TURBO_CHOICES)
        return []

    def why_illegal(self, action: Action | str, seat: int | None = None, lang: str | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now,
        in a player's words (in ``lang``, default the language spoken); ``None`` if it
        is allowed. Text is read by :func:`parse_action` (a card like ``"G11"``, or
        ``"turbo"`` / ``"no turbo"``)."""
        with language(lang):
            return self._why_illegal(action, seat)

    def _why_illegal(self, action: Action | str, seat: int | None) -> str | None:
        names = self.names
        if self.winner is not None:
            return _("The game is over: {name} won.").format(name=names[self.winner])
        current = self._to_act()
        if seat is not None:
            if not (inputs.is_whole(seat) and 0 <= seat < self.players):
                return _("There is no seat {seat}: seats are whole numbers from 0 to {high}.").format(
                    seat=inputs.shown(seat), high=self.players - 1)
            if seat != current:
                if self.phase == TURBO:
                    return _("Wait: {name} won the trick and is choosing whether to use the turbo.").format(
                        name=names[current])
                return _("It is {current}'s turn, not {seat}'s.").format(current=names[current], seat=names[seat])
        if isinstance(action, str):
            action = parse_action(action)
        if self.phase == TURBO:
            if isinstance(action, Turbo):
                return None
            return _("{name} won the trick and must first choose: use the turbo (add the motor's {value} to the "
                     "move) or move by the lowest card alone.").format(
                name=names[current], value=self.dial[self._motors[current]])
        if isinstance(action, Turbo):
            return _("Only a trick's winner chooses the turbo, right after winning it; now {name} must play a card."
                     ).format(name=names[current])
        if not isinstance(action, Card):
            return _("{given} is not an action: play a card (like G11) or choose {turbo} or {no_turbo}.").format(
                given=inputs.shown(action), turbo=USE_TURBO.word(), no_turbo=NO_TURBO.word())
        return why_illegal(
            [CARDS[c] for c in self.hand_codes(current)], [CARDS[c] for c in self._trick], action
        )

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Do ``action`` for the current player (checked to be ``seat`` if given).

        Raises :class:`IllegalAction` with the reason, leaving the game unchanged."""
        if self.phase == PLAY and type(action) is Card and seat is None:
            # The common case, checked on codes; the words are built only for a refusal.
            trick = self._trick
            hand = self._hands[(self.flag + len(trick)) % self.players]
            if action.code in legal_codes(hand, trick[0] >> 4 if trick else -1):
                self._play(action.code)
                return
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.apply_trusted(parse_action(action) if isinstance(action, str) else action)

    def apply_trusted(self, action: Action) -> None:
        """Do ``action``, known to be one of :meth:`legal_actions`, without checking it
        again: the way in for hot loops (the advisor's playouts) that took it from
        ``legal_actions()`` a moment ago. Anything else may break the game: use
        :meth:`apply`."""
        if isinstance(action, Turbo):
            self._finish_trick(*self._trick_result(), action.use)
        else:
            self._play(action.code)

    def apply_recorded(self, action: Action | str) -> list[Event]:
        """:meth:`apply` ``action`` and return the events it set off, up to the next
        decision, whether or not this game keeps its log (a preview of one choice)."""
        if self._log is not None:
            before = len(self._log)
            self.apply(action)
            return self._log[before:]
        self._log = []
        try:
            self.apply(action)
            return self._log
        finally:
            self._log = None

    def set_hidden_cards(self, hands: Mapping[int, Sequence[int]], discards: Sequence[int], seed: int) -> None:
        """Deal the cards a player cannot see anew: ``hands`` by seat and the earlier
        tricks' ``discards`` as card codes, and ``seed`` for later rounds. For playouts
        (see :meth:`rally.Position.to_game`), which deal from exactly the unseen cards,
        keeping every hand's size. Anything else (a seat no game has, a hand of another
        size, a card not in play or given twice) raises :class:`IllegalAction` and
        changes nothing.

        >>> game = Game.new(3, seed=1)
        >>> game.set_hidden_cards({9: [18]}, [], 0)
        Traceback (most recent call last):
        ...
        rally.errors.IllegalAction: A seat must be a whole number from 0 to 2, like 0, not 9.
        """
        if not isinstance(hands, Mapping):
            # TRANSLATORS: the new hands are given as a dict from seats to lists of card codes.
            inputs.fail(IllegalAction, _("The new hands"), _("a dict of card codes by seat"), hands, "{1: [18, 35]}")
        new_hands: dict[int, Sequence[int]] = {}
        for seat, codes in hands.items():
            seat = inputs.seat(seat, self.players, IllegalAction)
            if not (isinstance(codes, (list, tuple)) and len(codes) <= HAND_SIZES[-1]):
                inputs.sequence(codes, _("A new hand"), IllegalAction, "[18, 35]", HAND_SIZES[-1])
            if len(codes) != sum(map(len, self._hands[seat])):
                raise IllegalAction(_("A new hand for seat {seat} must keep its size.").format(seat=seat))
            new_hands[seat] = codes
        new_discards = list(discards) if isinstance(discards, (list, tuple)) and len(discards) <= len(
            self._discards) else inputs.sequence(discards, _("The earlier tricks' cards"), IllegalAction, "[18, 35]",
                                                 len(self._discards))
        if len(new_discards) != len(self._discards):
            raise IllegalAction(_("The earlier tricks' cards must keep their number."))
        seed = inputs.seed(seed, IllegalAction)
        dealt = [c for codes in new_hands.values() for c in codes] + new_discards
        kept = [c for s, hand in enumerate(self._hands) if s not in new_hands for color in hand for c in color]
        every = dealt + kept + self._trick
        if not (_WHOLE.issuperset(map(type, dealt)) and len(set(every)) == len(every)
                and _IN_PLAY[self.players].issuperset(every)):
            raise IllegalAction(_("The new hands and the earlier tricks' cards must be the codes of cards in play "
                                  "(see Card.code), each dealt once."))
        for seat, codes in new_hands.items():
            self._hands[seat] = split_by_color(codes)
        self._discards = list(new_discards)
        self.seed = seed

    # ------------------------------------------------- the engine's primitives
    def _trick_result(self) -> tuple[int, int]:
        return seat_and_lowest(self._trick, self.flag, self.players)

    def _deal(self) -> None:
        self._hands = deal_codes(self.players, self.seed, self.round)
        self._motors[:] = [0] * self.players  # in place: the playout kernel holds this list
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
        n = self.players
        index, lowest = winner_and_lowest(self._trick)
        winner = self.flag + index
        if winner >= n:
            winner -= n
        motors, wind, log = self._motors, self._wind, self._log
        for s in range(n):
            if s != winner:
                motors[s] = wind[motors[s]]  # a lost trick winds the motor (S11)
        if log is not None:
            log.append(TrickWon.trusted(winner, self.flag, self.trick))
            log.extend(MotorWound.trusted(s, motors[s], self.dial[motors[s]]) for s in range(n) if s != winner)
        if self.dial[motors[winner]] > 0:
            return winner, lowest
        self._finish_trick(winner, lowest, False)
        return None

    def _finish_trick(self, winner: int, lowest: int, use: bool) -> None:
        """Move the trick's winner by the lowest card, plus the motor if ``use`` (S8)."""
        value = self.dial[self._motors[winner]]
        steps = _trick_move(lowest, value, use)
        if use:
            self._motors[winner] = 0
        if self._log is not None and value > 0:
            self._log.append(TurboUsed.trusted(winner, value) if use else TurboDeclined.trusted(winner, value))
        self.phase = PLAY
        if self._move(winner, steps, "trick"):
            return
        self._discards += self._trick
        self._trick = []
        self.flag = winner
        hand = self._hands[winner]
        last = not (hand[0] or hand[1] or hand[2])
        if self._log is not None:
            self._log.append(FlagTaken.trusted(winner, "last trick" if last else "trick"))
        if last:
            self._end_round()

    def _move(self, seat: int, steps: int, cause: str, cars: dict[int, int] | None = None) -> bool:
        """Move ``seat``'s car; True when that wins the game (S13).

        Without a log, ``cars`` may give :func:`_count_cars` of the positions, the mover
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
        """The order motors move cars at this round's end (see :func:`rally.round_end.release_order`)."""
        return release_order_of(self._positions, self.flag)

    def _end_round(self, cars: dict[int, int] | None = None) -> None:
        """Release the motors (S12), then pass the flag to the leader and deal the next
        round, or end the game (S13). ``cars`` is as for :meth:`_move`, only without a log."""
        order = release_order_of(self._positions, self.flag)
        log, dial, motors = self._log, self.dial, self._motors
        if log is not None:
            log.append(RoundEnded.trusted(self.round, tuple(order)))
        if cars is None and log is None:
            cars = _count_cars(self._positions, self._n)
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

    def play_policy(self, card: Callable[["Game", int, Sequence[int], Sequence[int]], int],
                    turbo: Callable[["Game", int, int], bool]) -> None:
        """Play to the end with a computer player's policy on the engine's integers:
        ``card(game, seat, trick, legal)`` returns one of the ``legal`` card codes for
        ``seat`` to play onto ``trick`` (both read-only), and ``turbo(game, seat,
        lowest)`` whether the winner of the trick on the table uses the motor. The same
        moves as :meth:`apply` with those choices, without action lists or checks: the
        fast way for playouts by careful players (:class:`rally.HeuristicBot`)."""
        n = self.players
        while self.phase != OVER:
            if self.phase == TURBO:
                seat, lowest = self._trick_result()
                self._finish_trick(seat, lowest, turbo(self, seat, lowest))
                continue
            trick = self._trick
            seat = (self.flag + len(trick)) % n
            legal = legal_codes(self._hands[seat], trick[0] >> 4 if trick else -1)
            self._play(legal[0] if len(legal) == 1 else card(self, seat, trick, legal))

    def random_playout(self, rng: random.Random) -> None:
        """Play to the end choosing uniformly at random: the same choices, in the same
        order, as :class:`RandomBot` through ``legal_actions``/``apply`` (a test holds
        the two paths equal), without building action lists, Card objects or events.

        Works from any state, mid-trick included. The rules come from the same
        functions ``apply`` uses (:func:`winner_and_lowest`, :func:`travel`, the winding
        table, :meth:`_end_round`); only S4's one-line filter is written out inline.
        """
        rnd = inputs.generator(rng, SetupError).random  # floor(rnd() * k) is RandomBot's int(rng.random() * k)
        if self._log is not None:
            # Recorded: the same draws, through the primitives that log every event.
            while self.phase != OVER:
                if self.phase == TURBO:
                    self._finish_trick(*self._trick_result(), rnd() < 0.5)
                    continue
                trick = self._trick
                legal = legal_codes(self._hands[(self.flag + len(trick)) % self.players], trick[0] >> 4 if trick else -1)
                self._play(legal[floor(rnd() * len(legal))])
            return
        if self.phase == TURBO:
            self._finish_trick(*self._trick_result(), rnd() < 0.5)
        n, N = self.players, self._n
        goal = 2 * N
        rc, dial, wind, others, to_play = self._rc, self.dial, self._wind, self._others, self._to_play
        positions, motors = self._positions, self._motors
        cars = _count_cars(positions, N)  # kept up to date here and by _move()
        while self.phase == PLAY:
            hands, flag, trick, discards = self._hands, self.flag, self._trick, self._discards
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
                    self.flag, self._trick, self._discards = flag, trick, discards
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
            self.flag, self._trick, self._discards = flag, trick, discards
            self._end_round(cars)

    # ---------------------------------------------------------------- display
    def describe(self, event: Event, lang: str | None = None) -> str:
        """An event of this game in words, with the players' names (in ``lang``, default
        the language spoken)."""
        if not isinstance(event, Event):
            inputs.instance(event, Event, _("The event"), SetupError, "game.events[0]")
        return event.describe(self.names, lang)

    def narrate(self, lang: str | None = None) -> list[str]:
        """Every event so far in words (in ``lang``, default the language spoken)."""
        with language(lang):
            return [e.describe(self.names) for e in self._log or ()]

    def summary(self, lang: str | None = None) -> str:
        """A few lines a player would read at the table (in ``lang``, default the
        language spoken)."""
        with language(lang):
            return self._summary()

    def _summary(self) -> str:
        n = self._n
        names = self.names
        lines = []
        if self.winner is not None:
            lines.append(_("Game over after round {round}: {name} wins.").format(round=self.round,
                                                                                 name=names[self.winner]))
        elif self.phase == TURBO:
            lines.append(_("Round {round}, {flag} holds the flag; {name} to choose the turbo.").format(
                round=self.round, flag=names[self.flag], name=names[self._to_act()]))
        else:
            lines.append(_("Round {round}, {flag} holds the flag; {name} to play.").format(
                round=self.round, flag=names[self.flag], name=names[self._to_act()]))
        if self._trick:
            # TRANSLATORS: {cards} lists who played which card so far: "Ada G11, Bo R5".
            lines.append(_("Trick: {cards}").format(cards=", ".join(
                f"{names[s]} {CARDS[c]}" for s, c in zip(self.trick_seats, self._trick))))
        for s in range(self.players):
            p = self._positions[s]
            facts = {"name": names[s], "color": _(CAR_COLORS[s]), "space": p % n, "lap": p // n + 1,
                     "value": self.dial[self._motors[s]], "position": self._motors[s],
                     "hand": format_cards(self.hands[s]) or "-"}
            if p == 0:
                line = _("{name} ({color} car): on the grid, motor {value} (position {position}), hand {hand}")
            elif p >= 2 * n:
                line = _("{name} ({color} car): past the finish line after two laps (space {space}), "
                         "motor {value} (position {position}), hand {hand}")
            else:
                line = _("{name} ({color} car): space {space}, lap {lap}, motor {value} (position {position}), "
                         "hand {hand}")
            lines.append("  " + line.format(**facts))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = f"winner={self.names[self.winner]!r}" if self.winner is not None else f"to_act={self._to_act()}"
        return (
            f"<Game {self.players} players, {self.track.name} track, seed {self.seed}, "
            f"round {self.round}, {state}, positions {list(self._positions)}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]  # mutable, so not hashable

    def _repr_html_(self) -> str:
        import html

        return "<pre>" + html.escape(self.summary()) + "</pre>"

    # ---------------------------------------------------------- serialization
    def to_dict(self) -> dict[str, object]:
        """The game as JSON-ready data (see :mod:`rally.serialization`)."""
        return state_to_dict(self.state())

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :meth:`from_json` gives it back."""
        return state_to_json(self.state(), indent)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game from :meth:`to_json` text. Raises :class:`PositionError` naming every
        problem when the text is not JSON or describes a state no real game reaches."""
        return cls.from_state(state_from_json(text))


def decision_of(event: Event) -> tuple[int, Action] | None:
    """The seat and the action it chose that logged ``event``; ``None`` for an event
    that follows from the rules."""
    if isinstance(event, CardPlayed):
        return event.seat, event.card
    if isinstance(event, (TurboUsed, TurboDeclined)):
        return event.seat, Turbo(isinstance(event, TurboUsed))
    return None


def parse_action(text: object) -> Action:
    """An action from text: a card (``"G11"``), ``"turbo"`` or ``"no turbo"``, or the turbo
    choice in the words of any language rally speaks (``"Turbo nutzen"``, ``"ohne Turbo"``).

    >>> parse_action("turbo"), parse_action("g11"), parse_action("ohne Turbo")
    (Turbo(True), Card.parse('G11'), Turbo(False))
    """
    if isinstance(text, str) and len(text) <= 40:
        words = " ".join(text.lower().split())
        found = _turbo_words().get(words)
        if found is not None:
            return found
    return Card.parse(text)


@functools.cache
def _turbo_words() -> dict[str, Turbo]:
    """Every way of writing the turbo choice that :func:`parse_action` reads: the codes
    and the option words of every language, lower-case."""
    found = {"turbo": USE_TURBO, "no turbo": NO_TURBO}
    for lang in available_languages():
        with language(lang):
            for choice in (USE_TURBO, NO_TURBO):
                found.setdefault(" ".join(choice.word().lower().split()), choice)
    return found
