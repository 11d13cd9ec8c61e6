"""The whole game of Stich Rallye as a state machine (rulings S1, S8; the moves themselves,
S3-S13, are :mod:`rally.stich_rallye.kernel`'s primitives).

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
rally.common.errors.IllegalAction: You must follow green: you hold G5 and G8.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..common import inputs
from .cards import CARDS, Card, format_cards, split_by_color
from ..common.errors import IllegalAction, PositionError, SetupError
from .events import CardPlayed, Event, Moved, TurboDeclined, TurboUsed, event_from_dict
from ..common.history import log_issues, register_wordings
from ..common.problem import Problem
from ..common.refusal import Refusal, wording
from . import refusals as _refusals  # noqa: F401  (registers the wordings of the codes below)
from ..common.i18n import N_, _, available_languages, language, ngettext, pgettext
from .kernel import trick_move
from .legality import state_issues
from .motor import DEFAULT_DIAL
from .movement import Move
from .playout import Playouts
from .serialization import state_from_json, state_to_dict, state_to_json
from .state import OVER, PLAY, TURBO, GameState
from .track import Track
from .tricks import legal_codes, refusal as card_refusal

__all__ = ["CAR_COLORS", "NO_TURBO", "TURBO_CHOICES", "USE_TURBO", "Action", "Game", "Turbo", "decision_of",
           "parse_action", "trick_move", "turbo_move"]

#: The player colors of the cars and motors, by seat: English words, the same in every
#: language (the widgets draw with them); marked for the catalogs and translated where
#: they are shown, ``_(CAR_COLORS[seat])``.
CAR_COLORS = (N_("white"), N_("red"), N_("yellow"), N_("purple"), N_("blue"))


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
TURBO_CHOICES = [USE_TURBO, NO_TURBO]


@wording("action.unknown")
def _unknown_action_words(facts: Mapping[str, Any]) -> str:
    return _("{given} is not an action: play a card (like G11) or choose {turbo} or {no_turbo}.").format(
        given=inputs.shown(facts["given"]), turbo=USE_TURBO.word(), no_turbo=NO_TURBO.word())

Action = Card | Turbo


class Game(Playouts):
    """A game of Stich Rallye from the first deal to the winner.

    Create one with :meth:`Game.new`. Seats are numbered 0..n-1 clockwise (S1). What a
    game is made of and the moves are :class:`~rally.stich_rallye.kernel.GameKernel`'s,
    the fast playouts :class:`~rally.stich_rallye.playout.Playouts`'; this class adds
    the checks, the words and the states.
    """

    __slots__ = ()

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
            raise IllegalAction.because(Refusal("S5.incomplete", {"played": len(self._trick), "players": self.players}))
        return self._trick_result()

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
        """This moment of the game as plain data (see :class:`~rally.stich_rallye.state.GameState`)."""
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
            # back (through rally.common.inputs) it is the same event.
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
        problems = game._issues_of(state)  # the state just loaded: no need to build it again
        if problems:
            raise PositionError(problems)
        return game

    def problems(self) -> list[str]:
        """Every reason no real game could be where this one is, as sentences; ``[]``
        for every game reached by play: :meth:`issues` worded.

        >>> Game.new(3, seed=1).problems()
        []
        """
        return [p.words() for p in self.issues()]

    def issues(self) -> list[Problem]:
        """Every reason no real game could be where this one is, as values
        (:class:`~rally.common.problem.Problem`: an invariant's code and its facts); ``[]``
        for every game reached by play. The rules' history is checked by
        :func:`rally.stich_rallye.legality.state_issues`; an event log must also replay, from
        the seed, to exactly this state (``I11.*``, see ``docs/invariants.md``).

        >>> game = Game.new(3, seed=1, record=True)
        >>> game.apply("R3")
        >>> game.issues()
        []
        >>> try:
        ...     Game.from_state(game.state().replace(seed=2))   # the log's deal is not seed 2's
        ... except PositionError as err:
        ...     [(p.code, p.facts["number"], p.facts["kind"]) for p in err.issues]
        [('I11.event', 1, 'dealt')]
        """
        return self._issues_of(self.state())

    def _issues_of(self, state: GameState) -> list[Problem]:
        """:meth:`issues`, given the state this game holds (made once by the caller)."""
        found = state_issues(state)
        if not found and self._log is not None and not self._partial:
            found = self._history_issues()
        return found

    def _history_issues(self) -> list[Problem]:
        """Replay the log's decisions on a new game from the same seed; the log and the
        state must come out exactly as they are (invariant I11)."""
        replay = Game.new(self.players, self.track, self.seed, self.first_player, self.dial, self.names)
        found = log_issues(self._log or [], replay, decision_of, self.names, "I11", seed=self.seed)
        if not found and replay.state() != self.state():
            found = [Problem("I11.state", {"seed": self.seed})]
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
        hand and the table). See :func:`rally.common.turns.play_bots`."""
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
        is allowed: :meth:`refusal` worded. Text is read by :func:`parse_action` (a card
        like ``"G11"``, or ``"turbo"`` / ``"no turbo"``)."""
        reason = self.refusal(action, seat)
        return None if reason is None else reason.words(lang)

    def refusal(self, action: Action | str, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now,
        as a value (:class:`rally.common.refusal.Refusal`); ``None`` if it is allowed.
        Codes: ``over``, ``seat.none``, ``turn``, ``S8.wait``, ``S8.first``,
        ``S8.winner_only``, ``action.unknown``, and a card's (``hand.missing``,
        ``S4.follow``: :func:`rally.stich_rallye.tricks.refusal`)."""
        names = self.names
        if self.winner is not None:
            return Refusal("over", {"winner": self.winner, "name": names[self.winner]})
        current = self._to_act()
        if seat is not None:
            if not (inputs.is_whole(seat) and 0 <= seat < self.players):
                return Refusal("seat.none", {"seat": seat, "high": self.players - 1})
            if seat != current:
                if self.phase == TURBO:
                    return Refusal("S8.wait", {"current": current, "name": names[current]})
                return Refusal("turn", {"current": current, "seat": seat,
                                        "current_name": names[current], "seat_name": names[seat]})
        if isinstance(action, str):
            action = parse_action(action)
        if self.phase == TURBO:
            if isinstance(action, Turbo):
                return None
            return Refusal("S8.first", {"current": current, "name": names[current],
                                        "value": self.dial[self._motors[current]]})
        if isinstance(action, Turbo):
            return Refusal("S8.winner_only", {"current": current, "name": names[current]})
        if not isinstance(action, Card):
            return Refusal("action.unknown", {"given": action})
        return card_refusal([CARDS[c] for c in self.hand_codes(current)], [CARDS[c] for c in self._trick], action)

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
        reason = self.refusal(action, seat)
        if reason is not None:
            raise IllegalAction.because(reason)
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
            return _summary(self)

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
        """The game as JSON-ready data (see :mod:`rally.stich_rallye.serialization`)."""
        return state_to_dict(self.state())

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text; :meth:`from_json` gives it back."""
        return state_to_json(self.state(), indent)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game from :meth:`to_json` text. Raises :class:`PositionError` naming every
        problem when the text is not JSON or describes a state no real game reaches."""
        return cls.from_state(state_from_json(text))


def _summary(game: Game) -> str:
    """:meth:`Game.summary` in the language spoken."""
    n = len(game.track)
    names = game.names
    lines = []
    winner, actor = game.winner, game.current_player
    if winner is not None:
        lines.append(_("Game over after round {round}: {name} wins.").format(round=game.round, name=names[winner]))
    elif actor is not None:
        line = (_("Round {round}, {flag} holds the flag; {name} to choose the turbo.") if game.phase == TURBO else
                _("Round {round}, {flag} holds the flag; {name} to play."))
        lines.append(line.format(round=game.round, flag=names[game.flag], name=names[actor]))
    if game.trick:
        # TRANSLATORS: {cards} lists who played which card so far: "Ada G11, Bo R5".
        lines.append(_("Trick: {cards}").format(cards=", ".join(
            f"{names[s]} {card}" for s, card in zip(game.trick_seats, game.trick))))
    hands, motors = game.hands, game.motors
    for s, p in enumerate(game.positions):
        facts = {"name": names[s], "color": _(CAR_COLORS[s]), "space": p % n, "lap": p // n + 1,
                 "value": game.dial[motors[s]], "position": motors[s], "hand": format_cards(hands[s]) or "-"}
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


def decision_of(event: Event) -> tuple[int, Action] | None:
    """The seat and the action it chose that logged ``event``; ``None`` for an event
    that follows from the rules."""
    if isinstance(event, CardPlayed):
        return event.seat, event.card
    if isinstance(event, (TurboUsed, TurboDeclined)):
        return event.seat, Turbo(isinstance(event, TurboUsed))
    return None


def turbo_move(game: Game, use: bool) -> Move:
    """Where the trick's winner's car goes with the turbo choice ``use`` (True: the lowest
    card plus the motor's value; False: the card alone), played on a copy: ``game`` is not
    changed, and the hidden cards play no part. A game not waiting for the turbo choice,
    or a ``use`` that is not True or False, raises :class:`~rally.IllegalAction` saying why.

    >>> from rally.stich_rallye.examples import turbo_dilemma
    >>> game = turbo_dilemma().to_game(0)
    >>> turbo_move(game, True).steps - turbo_move(game, False).steps == game.motor_values[game.current_player]
    True
    >>> game.awaiting_turbo
    True
    """
    if not isinstance(game, Game):
        inputs.instance(game, Game, _("The game"), SetupError, "Game.new(4, seed=3)")
    choice = Turbo(use)
    return next(e.move for e in game.clone().apply_recorded(choice) if isinstance(e, Moved))


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


register_wordings("I11")  # the log's replay (I11.illegal, I11.event, I11.count), worded in rally.common.history


@wording("I11.state")
def _log_elsewhere(facts: Mapping[str, Any]) -> str:
    return _("The event log, played from seed {seed}, leads to another state than this one.").format(
        seed=facts["seed"])
