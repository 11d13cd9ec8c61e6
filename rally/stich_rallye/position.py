"""What-if positions: any moment of a game where one player must decide.

A :class:`Position` describes a moment from the deciding player's side of the table:
the track and dial, the round, every car's progress and motor, the flag holder, the
cards of the trick so far, the decider's hand, and, optionally, the other hands and
the cards seen in earlier tricks of this round. Hands that are not given are unknown:
:meth:`Position.to_game` deals them at random from the unseen cards, consistently with
what the trick shows (a player who did not follow the lead color holds none of it, S4),
and weighed by the round's plays (:mod:`rally.stich_rallye.evidence`).

Who decides follows from the rules: while the trick is incomplete it is the next seat
clockwise from the flag holder (S1); when the trick is complete it is its winner,
choosing the turbo (S5, S8). How many tricks of the round are done follows from the
decider's hand size (S3).

Every position is checked when it is made, whichever way it is made: a position no
real game could reach raises :class:`PositionError` naming each problem (the checks of
``Game.problems()``, see ``docs/invariants.md``). A position has a JSON form and a
compact text code that is safe in a chat or a URL; both round-trip. Positions are best
taken from a game played to the moment:

>>> from rally import Game, Position
>>> game = Game.new(4, seed=3)
>>> game.apply("G9"); game.apply("G5")
>>> p = Position.from_game(game)
>>> p.decider, p.phase, p.tricks_done, [str(a) for a in p.options()]   # Cy has no green
(2, 'play', 0, ['R4', 'B5', 'B8', 'B11', 'B13'])
>>> p.code()
'SR1_Tvolcano_R1_F0_P0.0.0.0_M0.0.0.0_CG9.G5_H2R4.B5.B8.B11.B13'
>>> Position.from_code(p.code()) == p
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Self, Sequence

from ..common import inputs
from .cards import HAND_SIZES, ROUNDS, Card, format_cards, parse_cards
from ..common.i18n import N_, _, language, ngettext, pgettext
from ..common.errors import PositionError, RuleError
from ..common.problem import Problem
from .events import Event
from .game import Action, Game, parse_action
from ..common.inputs import DEFAULT_NAMES
from .legality import repeated_card_issues
from .motor import DEFAULT_DIAL, MAX_DIAL_POSITIONS, check_dial
from .movement import MAX_PROGRESS
from .position_code import (
    CODE_FIELDS, FORMAT, position_code, position_to_dict, position_to_json, read_code, read_json,
)
from .state import PLAY, TURBO
from .track import Track, get_track
from .tricks import seat_and_lowest
from .unseen import UnseenCards


@dataclass(frozen=True, eq=False)
class Position:
    """A moment of a game of Stich Rallye, as the deciding player sees it.

    Build one with :meth:`from_game`, :meth:`new` (which reads card text),
    :meth:`from_json` or :meth:`from_code`; each checks everything, and so does the
    plain constructor. ``hands[seat]`` is a tuple of cards, or ``None`` for a hand the
    decider does not know.
    """

    track: Track
    positions: tuple[int, ...]
    motors: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    round: int = 1
    flag: int = 0
    trick: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    dial: tuple[int, ...] = DEFAULT_DIAL
    names: tuple[str, ...] | None = None
    #: What the position leaves unseen, and its game: made and checked with the position.
    _unseen: UnseenCards = field(init=False, repr=False, compare=False)

    # ------------------------------------------------------------- building
    @classmethod
    def new(
        cls,
        track: Track | str = "volcano",
        positions: Sequence[int] = (0, 0, 0, 0),
        motors: Sequence[int] | None = None,
        round: int = 1,
        flag: int = 0,
        trick: Iterable[Card | str] | str = (),
        hand: Iterable[Card | str] | str | None = None,
        hands: Mapping[int, Iterable[Card | str] | str] | None = None,
        played: Iterable[Card | str] | str = (),
        dial: Sequence[int] = DEFAULT_DIAL,
        names: Sequence[str] | None = None,
    ) -> Self:
        """A checked position. ``hand`` is the decider's hand; ``hands`` may give
        other seats' hands as ``{seat: cards}``. Cards may be written as text
        (``"G3 G9 B4"``). Raises :class:`PositionError` listing every problem.

        >>> Position.new(positions=[0, 0, 0], hand="R2 G5 B9 B3 R7").options()[:2]
        [Card.parse('R2'), Card.parse('R7')]
        """
        try:
            track = get_track(track)
        except RuleError as err:
            raise PositionError(str(err)) from None
        progress = inputs.sequence(positions, _("The cars' progress"), PositionError, "[0, 3, 7]", 5)
        n = len(progress)
        if not 3 <= n <= 5:
            inputs.fail(PositionError, _("The cars' progress"), _("a list of 3, 4 or 5 numbers, one per player"),
                        positions, "[0, 3, 7]")
        known: list[tuple[Card, ...] | None] = [None] * n
        if hands is not None:
            if not isinstance(hands, Mapping):
                # TRANSLATORS: {seat: cards} is Python's notation, not a placeholder: keep it as it is.
                inputs.fail(PositionError, _("The other hands"), _("a mapping {seat: cards}"), hands,
                            "{1: 'R2 G7'}")
            for seat, cards in hands.items():
                seat = inputs.seat(seat, n, PositionError, _("A seat in hands"))
                known[seat] = _cards(cards, N_("In seat {seat}'s hand: {error}"), seat=seat)
        if hand is not None:
            own = _cards(hand, N_("In the decider's hand: {error}"))
            decider = _decider(inputs.seat(flag, n, PositionError, _("The flag holder")),
                               _cards(trick, N_("In the trick: {error}")), n)
            if decider is None:
                inputs.fail(PositionError, _("The trick"), _at_most_cards(n), trick)
            if known[decider] is not None and sorted(known[decider] or ()) != sorted(own):
                raise PositionError(_("Seat {seat} decides: give their hand once, as hand= or in hands=, "
                                      "not both differently.").format(seat=decider))
            known[decider] = own
        wound = (0,) * n if motors is None else tuple(inputs.sequence(motors, _("The motors"), PositionError,
                                                                        "[0, 2, 1]", 5))
        values = tuple(inputs.sequence(dial, _("The dial"), PositionError, str(list(DEFAULT_DIAL)),
                                       MAX_DIAL_POSITIONS))
        called = None if names is None else tuple(inputs.sequence(names, _("The names"), PositionError,
                                                                  "['Ada', 'Bo', 'Cy']", 5))
        return cls(track, tuple(progress), wound, tuple(known), round, flag, _cards(trick, N_("In the trick: {error}")),
                   _cards(played, N_("In the earlier tricks: {error}")), values, called)

    @classmethod
    def from_game(cls, game: Game, reveal: bool = False) -> Self:
        """The moment ``game`` is at, as its current player sees it: their own hand and
        the cards played this round are known; the other hands only if ``reveal``."""
        if not isinstance(game, Game):
            inputs.fail(PositionError, _("Position.from_game's argument"), _("a Game"), game, "Game.new(4, seed=3)")
        decider = game.current_player
        if decider is None:
            raise PositionError(_("The game is over ({name} won): there is nothing left to decide.").format(
                name=game.names[game.winner or 0]))
        hands = tuple(game.hands[s] if reveal or s == decider else None for s in range(game.players))
        names = None if game.names == DEFAULT_NAMES[:game.players] else game.names
        return cls(game.track, game.positions, game.motors, hands, game.round, game.flag, game.trick,
                   game.discards, game.dial, names)

    def __post_init__(self) -> None:
        # Every way of making a position ends here: normalise, check the shape, then
        # whether a real game reaches it (Game.problems(), through the template game).
        set_ = object.__setattr__
        if not isinstance(self.track, Track):
            inputs.fail(PositionError, _("The track"), _("a Track"), self.track, "TRACKS['volcano']")
        try:
            set_(self, "dial", check_dial(self.dial))
        except RuleError as err:
            raise PositionError(str(err)) from None
        n = len(inputs.sequence(self.positions, _("The cars' progress"), PositionError, "(0, 3, 7)", 5))
        if not 3 <= n <= 5:
            inputs.fail(PositionError, _("The cars' progress"), _("3, 4 or 5 numbers, one per player"),
                        self.positions)
        for field, what, each, values, high in (
                ("positions", _("The cars' progress"), _("Each car's progress"), self.positions, MAX_PROGRESS),
                ("motors", _("The motor positions"), _("Each motor position"), self.motors, len(self.dial) - 1)):
            items = inputs.sequence(values, what, PositionError, "(0, 3, 7)", 5)
            if len(items) != n:
                inputs.fail(PositionError, what, ngettext("{n} number, one per player", "{n} numbers, one per player",
                                                          n).format(n=n), values)
            for v in items:
                inputs.whole(v, each, 0, high, PositionError)
            set_(self, field, tuple(items))
        inputs.whole(self.round, _("The round"), 1, ROUNDS, PositionError)
        inputs.seat(self.flag, n, PositionError, _("The flag holder"))
        if self.names is not None:
            set_(self, "names", inputs.names(self.names, n, PositionError))
        hands = inputs.sequence(self.hands, _("The hands"), PositionError, _("one hand (or None) per seat"), n)
        if len(hands) != n:
            inputs.fail(PositionError, _("The hands"), ngettext("{n} hand (None for unknown), one per seat",
                                                                "{n} hands (None for unknown), one per seat",
                                                                n).format(n=n), self.hands)
        # Hands are sets of cards: keep them sorted, as a game does, so equal positions
        # have equal codes and options come in the game's order.
        set_(self, "hands", tuple(None if h is None else tuple(sorted(_cards(h, N_("In a hand: {error}"))))
                                  for h in hands))
        set_(self, "trick", _cards(self.trick, N_("In the trick: {error}")))
        set_(self, "played", _cards(self.played, N_("In the earlier tricks: {error}")))
        if len(self.trick) > n:
            inputs.fail(PositionError, _("The trick"), _at_most_cards(n), [str(c) for c in self.trick])
        set_(self, "_unseen", UnseenCards.of(self, self._tricks_done()))

    # ---------------------------------------------------------- derived facts
    @property
    def players(self) -> int:
        return len(self.positions)

    @property
    def player_names(self) -> tuple[str, ...]:
        """The names in use: the given ones or the defaults by seat."""
        return self.names if self.names is not None else DEFAULT_NAMES[:self.players]

    @property
    def phase(self) -> str:
        """``"play"`` while the trick is incomplete, ``"turbo"`` when its winner chooses."""
        return TURBO if len(self.trick) == self.players else PLAY

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played each card of the trick: the flag holder led (S1)."""
        return tuple((self.flag + i) % self.players for i in range(len(self.trick)))

    @property
    def decider(self) -> int:
        """The seat that decides now: the next to play, or the trick's winner."""
        seat = _decider(self.flag, self.trick, self.players)
        assert seat is not None  # the trick's size was checked when the position was made
        return seat

    @property
    def hand(self) -> tuple[Card, ...]:
        """The decider's hand."""
        return self.hands[self.decider] or ()

    @property
    def tricks_done(self) -> int:
        """Tricks already finished this round, read from the decider's hand size (S3)."""
        return HAND_SIZES[self.round - 1] - len(self.hand) - (1 if self.phase == TURBO else 0)

    def options(self) -> list[Action]:
        """What the decider may do: the cards they may play (S4), or the turbo choice."""
        return self._unseen.game.legal_actions()

    # ------------------------------------------------------------- checking
    def problems(self, lang: str | None = None) -> list[str]:
        """Every reason this position could not happen: always ``[]`` for a position
        that exists, since making one checks it (see :meth:`Game.problems`); in ``lang``
        (default: the language spoken, :mod:`rally.common.i18n`)."""
        with language(lang):
            return self._unseen.game.problems()

    def issues(self) -> list[Problem]:
        """:meth:`problems` as values (:class:`~rally.common.problem.Problem`, see
        :meth:`Game.issues`): always ``[]`` for a position that exists; a position that
        could not happen raises :class:`PositionError` with them as ``issues``."""
        return self._unseen.game.issues()

    def check(self) -> None:
        """Raise :class:`PositionError` listing every problem, if there are any."""
        found = self.issues()
        if found:
            raise PositionError(found)

    def _tricks_done(self) -> int:
        """The tricks of the round done, read from the decider's hand; raises
        :class:`PositionError` for a card given twice, or a decider's hand that is
        missing or of a size no game deals."""
        n, names = self.players, self.player_names
        k = HAND_SIZES[self.round - 1]
        decider = self.decider
        turbo = len(self.trick) == n
        own = self.hands[decider]
        # A card given twice first: every count below would be off by it, and say something else.
        repeated = repeated_card_issues([c for h in self.hands if h for c in h] + list(self.trick)
                                        + list(self.played))
        if repeated:
            raise PositionError(repeated)
        if own is None:
            if turbo:
                raise PositionError(_("{name} decides now (they won the trick): give their hand.").format(
                    name=names[decider]))
            raise PositionError(_("{name} decides now: give their hand.").format(name=names[decider]))
        most, least = k - (1 if turbo else 0), 0 if turbo else 1
        if not least <= len(own) <= most:
            if turbo:
                template = ngettext("{name} holds {n} card, but in round {round} the trick winner holds {least} to "
                                    "{most} (each player gets {dealt}).",
                                    "{name} holds {n} cards, but in round {round} the trick winner holds {least} to "
                                    "{most} (each player gets {dealt}).", len(own))
            else:
                template = ngettext("{name} holds {n} card, but in round {round} the player to play holds {least} "
                                    "to {most} (each player gets {dealt}).",
                                    "{name} holds {n} cards, but in round {round} the player to play holds {least} "
                                    "to {most} (each player gets {dealt}).", len(own))
            raise PositionError(template.format(name=names[decider], n=len(own), round=self.round, least=least,
                                                most=most, dealt=k))
        return k - len(own) - (1 if turbo else 0)

    # ---------------------------------------------------------------- games
    def to_game(self, rng: random.Random | int | None = None) -> Game:
        """A game at this moment, ready for ``apply``: unknown hands dealt at random
        from the unseen cards (players who did not follow the lead get none of its
        color; a deal from which careful players would have played this round's cards
        comes more often, :mod:`rally.stich_rallye.evidence`), and later rounds dealt
        from a fresh seed. ``rng`` may be a seed.

        >>> p = Position.new(positions=[0, 0, 0], hand="R2 G5 B9 B3 R7")
        >>> game = p.to_game(1)
        >>> game.current_player, [str(c) for c in game.hands[0]]
        (0, ['R2', 'R7', 'G5', 'B3', 'B9'])
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(inputs.seed(rng, PositionError) if rng is not None else None)
        return self._unseen.deal(rng)

    def preview(self, action: Action | str, lang: str | None = None) -> list[str]:
        """What happens at once when the decider takes ``action``, in words (in ``lang``,
        default the language spoken): every event up to the next decision (the trick's
        result, a move and why it ended where it did). Unknown hands play no part in it.
        Raises :class:`IllegalAction` for an option the decider does not have.

        >>> game = Game.new(3, seed=5)
        >>> for card in ["B2", "G10"]:
        ...     game.apply(card)
        >>> Position.from_game(game).preview("R4")[-2]
        'Cy moves 2 from the grid: counts 2 empty spaces and stops on space 2.'
        """
        with language(lang):
            game = self.to_game(0)
            events: list[Event] = game.apply_recorded(parse_action(action) if isinstance(action, str) else action)
            return [e.describe(self.player_names) for e in events]

    # -------------------------------------------------------------- formats
    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (see :mod:`rally.stich_rallye.position_code`)."""
        return position_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The position as JSON text; :meth:`from_json` reads it back."""
        return position_to_json(self, indent)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """A position from :meth:`to_json` text, checked."""
        return cls(**read_json(text))

    def code(self) -> str:
        """The position as one line of letters, digits and ``. _ - ~ %``, safe to paste
        in a chat or a URL; :meth:`from_code` reads it back. Fields are separated by
        ``_``: ``SR1`` then ``T`` track, ``D`` dial (if not the default), ``N`` names
        (if given), ``R`` round, ``F`` flag holder, ``P`` progress, ``M`` motors,
        ``C`` trick, one ``H<seat>`` per known hand, ``X`` earlier cards (if any)."""
        return position_code(self)

    @classmethod
    def from_code(cls, code: str) -> Self:
        """A position from :meth:`code` text, checked; a bad code raises
        :class:`PositionError` saying which field is wrong."""
        return cls.new(**read_code(code))

    # -------------------------------------------------------------- display
    def summary(self, lang: str | None = None) -> str:
        """A few lines a player would read: who decides, the trick, cars, motors, hands
        (in ``lang``, default the language spoken: :mod:`rally.common.i18n`)."""
        with language(lang):
            return self._summary()

    def _summary(self) -> str:
        names, n = self.player_names, len(self.track)
        done = self.tricks_done
        facts = {"round": self.round, "done": done, "flag": names[self.flag], "name": names[self.decider]}
        if self.phase == TURBO:
            head = ngettext("Round {round}, {done} trick done; {flag} holds the flag. "
                            "{name} won the trick and chooses: turbo or not.",
                            "Round {round}, {done} tricks done; {flag} holds the flag. "
                            "{name} won the trick and chooses: turbo or not.", done)
        else:
            head = ngettext("Round {round}, {done} trick done; {flag} holds the flag. {name} to play.",
                            "Round {round}, {done} tricks done; {flag} holds the flag. {name} to play.", done)
        lines = [head.format(**facts)]
        if self.trick:
            # TRANSLATORS: {cards} is each card of the trick after its player's name: "Ada G11, Bo R5".
            lines.append(_("Trick: {cards}").format(
                cards=", ".join(f"{names[s]} {c}" for s, c in zip(self.trick_seats, self.trick))))
        for s in range(self.players):
            p = self.positions[s]
            hand = self.hands[s]
            seat = {"name": names[s], "space": p % n, "lap": p // n + 1, "motor": self.dial[self.motors[s]],
                    "position": self.motors[s],
                    "hand": pgettext("hand", "unknown") if hand is None else (format_cards(hand) or "-")}
            # TRANSLATORS: {position} is the motor's dial position; {hand} the cards, "-" or "unknown".
            line = (_("{name}: on the grid, motor {motor} (position {position}), hand {hand}") if p == 0 else
                    _("{name}: space {space}, lap {lap}, motor {motor} (position {position}), hand {hand}"))
            lines.append("  " + line.format(**seat))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"Position.from_code({self.code()!r})"

    def __eq__(self, other: object) -> bool:
        # The code holds everything a position is (a custom track's name is only a label).
        if not isinstance(other, Position):
            return NotImplemented
        return self.code() == other.code()

    def __hash__(self) -> int:
        return hash(self.code())


def _decider(flag: int, trick: Sequence[Card], n: int) -> int | None:
    """Who decides: the next seat to play, or a complete trick's winner; ``None`` for a
    trick with more cards than players."""
    if len(trick) == n:
        return seat_and_lowest([c.code for c in trick], flag, n)[0]
    if len(trick) > n:
        return None
    return (flag + len(trick)) % n


def _cards(value: object, where: str, **facts: object) -> tuple[Card, ...]:
    """The cards of ``value``; ``where`` is the message (marked, not yet translated) that
    says where a bad card is: ``N_("In the trick: {error}")``, its other ``facts`` given."""
    try:
        return tuple(parse_cards(value))
    except RuleError as err:
        raise PositionError(_(where).format(error=err, **facts)) from None


def _at_most_cards(n: int) -> str:
    return ngettext("at most {n} card, one per player", "at most {n} cards, one per player", n).format(n=n)


__all__ = ["Position", "FORMAT", "CODE_FIELDS"]
