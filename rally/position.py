"""What-if positions: any moment of a game where one player must decide.

A :class:`Position` describes a moment from the deciding player's side of the table:
the track and dial, the round, every car's progress and motor, the flag holder, the
cards of the trick so far, the decider's hand, and, optionally, the other hands and
the cards seen in earlier tricks of this round. Hands that are not given are unknown:
:meth:`Position.to_game` deals them at random from the unseen cards, consistently with
what the trick shows (a player who did not follow the lead color holds none of it, S4).

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

import bisect
import math
import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence
from urllib.parse import quote, unquote

from . import inputs
from .cards import CARDS, HAND_SIZES, ROUNDS, Card, deck, format_cards, parse_cards, read_cards
from .i18n import N_, _, join_words, language, ngettext, pgettext
from .errors import PositionError, RuleError, SetupError
from .events import Event
from .game import Action, Game, parse_action
from .inputs import DEFAULT_NAMES
from .legality import repeated_cards, shown_out, shown_out_problems
from .motor import DEFAULT_DIAL, MAX_DIAL_POSITIONS, MAX_DIAL_VALUE, check_dial
from .movement import MAX_PROGRESS
from .serialization import read_track
from .state import PLAY, TURBO, GameState
from .track import TRACKS, Track, get_track
from .tricks import seat_and_lowest

FORMAT = "stich-rallye-position/1"
CODE_VERSION = "SR1"
#: The fields of a position code, in the order they are written.
#: (Each description is marked for the catalogs: translate it where it is shown, ``_(CODE_FIELDS[key])``.)
CODE_FIELDS = {
    "T": N_("the track (a built-in name or track text)"),
    "D": N_("the dial values, when not the default"),
    "N": N_("the names, when not the default"),
    "R": N_("the round"),
    "F": N_("the flag holder's seat"),
    "P": N_("each car's progress"),
    "M": N_("each motor's dial position"),
    "C": N_("the cards of the trick so far"),
    "H": N_("a known hand: its seat, then its cards"),
    "X": N_("the earlier tricks' cards of this round, in the order played"),
}
#: What a code may hold: letters, digits and ``. _ - ~ %`` (no spaces, commas or tabs).
_CODE_TEXT = re.compile(r"[A-Za-z0-9._~%-]+")
_KEYS = ("format", "track", "track_name", "dial", "names", "round", "flag", "positions", "motors", "trick",
         "hands", "played")


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
    ) -> "Position":
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
    def from_game(cls, game: Game, reveal: bool = False) -> "Position":
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
        self._template()

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
        return self._template()[0].legal_actions()

    # ------------------------------------------------------------- checking
    def problems(self, lang: str | None = None) -> list[str]:
        """Every reason this position could not happen: always ``[]`` for a position
        that exists, since making one checks it (see :meth:`Game.problems`); in ``lang``
        (default: the language spoken, :mod:`rally.i18n`)."""
        with language(lang):
            return self._template()[0].problems()

    def check(self) -> None:
        """Raise :class:`PositionError` listing every problem, if there are any."""
        found = self.problems()
        if found:
            raise PositionError(found)

    def _template(self) -> tuple[Game, "_Unknowns"]:
        """A game at this position with the unknown cards dealt in a fixed way, and what
        is unknown; made once, when the position is made. Raises :class:`PositionError`
        for a position no real game could reach."""
        cached: tuple[Game, _Unknowns] | None = self.__dict__.get("_cache")
        if cached is not None:
            return cached
        n, names = self.players, self.player_names
        k = HAND_SIZES[self.round - 1]
        decider = self.decider
        turbo = len(self.trick) == n
        own = self.hands[decider]
        # A card given twice first: every count below would be off by it, and say something else.
        repeated = repeated_cards([c for h in self.hands if h for c in h] + list(self.trick) + list(self.played))
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
        done = k - len(own) - (1 if turbo else 0)
        in_play = deck(n)
        seen = [c for h in self.hands if h for c in h] + list(self.trick) + list(self.played)
        unseen = sorted(set(in_play) - set(seen))
        problems: list[str] = []
        if len(self.played) > done * n:
            facts = {"cards": len(self.played), "done": done, "players": n}
            if len(self.played) == 1:  # then no trick is done
                # TRANSLATORS: said of exactly one card ({cards} is 1), with no trick done yet ({done} is 0).
                template = pgettext("one card", "{cards} cards are listed from earlier tricks, but only {done} tricks "
                                    "of {players} cards have been played this round.")
            else:
                # TRANSLATORS: {cards} is 2 or more; {players} is the number of cards in a trick.
                template = ngettext("{cards} cards are listed from earlier tricks, but only {done} trick "
                                    "of {players} cards has been played this round.",
                                    "{cards} cards are listed from earlier tricks, but only {done} tricks "
                                    "of {players} cards have been played this round.", done)
            problems.append(template.format(**facts))
        trick_seats = self.trick_seats
        sizes = tuple(k - done - (1 if s in trick_seats else 0) for s in range(n))
        # Who showed out of which color (S4): in every earlier trick when all of them are
        # listed in the order played, else in the trick on the table only.
        history = len(self.played) == done * n and not problems
        if history:
            problems += shown_out_problems(self.played, self.trick, self.flag, self.hands, names)
        voids = shown_out(self.played if history else (), self.trick, self.flag, n)
        unknown = [s for s in range(n) if self.hands[s] is None]
        need_hands = sum(sizes[s] for s in unknown)
        need_discards = max(0, done * n - len(self.played))
        if need_hands + need_discards > len(unseen):
            problems.append(ngettext(
                "The unknown hands and earlier tricks need {need} unseen cards, but only "
                "{unseen} are unseen: check the hand sizes and the cards listed.",
                "The unknown hands and earlier tricks need {need} unseen cards, but only "
                "{unseen} are unseen: check the hand sizes and the cards listed.",
                need_hands + need_discards).format(need=need_hands + need_discards, unseen=len(unseen)))
        if problems:
            raise PositionError(problems)
        lacking = {s: frozenset(int(c) for c in voids.get(s, {})) for s in unknown}
        unknowns = _Unknowns.plan(tuple(c.code for c in unseen), sizes, tuple(unknown), lacking, need_discards)
        if unknowns is None:
            short = [s for s in unknown if lacking[s]]
            colors = sorted({c for s in short for c in voids[s]})
            allowed = [c for c in unseen if c.color not in colors]
            # TRANSLATORS: {names} is one name or several ("Bo and Cy"), as the count says.
            raise PositionError(ngettext(
                "{names} did not follow {color}, so they hold no {color}; "
                "there are not enough other unseen cards ({cards}) for their hands.",
                "{names} did not follow {color}, so they hold no {color}; "
                "there are not enough other unseen cards ({cards}) for their hands.",
                len(short)).format(names=join_words([names[s] for s in short]),
                                   color=join_words([c.word for c in colors], "or"), cards=len(allowed)))
        hands = list(self.hands)
        dealt, left = unknowns.first_deal()
        for seat, codes in dealt.items():
            hands[seat] = tuple(CARDS[c] for c in codes)
        rest = [CARDS[c] for c in left]
        # The first player matters only while round 1's first trick is unsettled, when it
        # is the flag holder; later deals come from the seed that to_game draws.
        state = GameState(players=n, track=self.track, dial=self.dial, names=names, seed=0,
                          first_player=self.flag, round=self.round, phase=TURBO if turbo else PLAY, flag=self.flag,
                          winner=None, hands=tuple(h or () for h in hands), trick=self.trick,
                          discards=tuple(self.played) + tuple(rest[:need_discards]), positions=self.positions,
                          motors=self.motors, events=None)
        game = Game.from_state(state)
        object.__setattr__(self, "_cache", (game, unknowns))
        return game, unknowns

    # ---------------------------------------------------------------- games
    def to_game(self, rng: random.Random | int | None = None) -> Game:
        """A game at this moment, ready for ``apply``: unknown hands dealt at random
        from the unseen cards (players who did not follow the lead get none of its
        color), and later rounds dealt from a fresh seed. ``rng`` may be a seed.

        >>> p = Position.new(positions=[0, 0, 0], hand="R2 G5 B9 B3 R7")
        >>> game = p.to_game(1)
        >>> game.current_player, [str(c) for c in game.hands[0]]
        (0, ['R2', 'R7', 'G5', 'B3', 'B9'])
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(inputs.seed(rng, PositionError) if rng is not None else None)
        template, unknowns = self._template()
        game = template.clone()
        unknowns.deal(game, rng)
        return game

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
        return {
            "format": FORMAT,
            "track": str(self.track),
            "track_name": self.track.name,
            "dial": list(self.dial),
            "names": None if self.names is None else list(self.names),
            "round": self.round,
            "flag": self.flag,
            "positions": list(self.positions),
            "motors": list(self.motors),
            "trick": [str(c) for c in self.trick],
            "hands": [None if h is None else [str(c) for c in h] for h in self.hands],
            "played": [str(c) for c in self.played],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The position as JSON text; :meth:`from_json` reads it back."""
        return inputs.json_text(self.to_dict(), indent, SetupError)

    @classmethod
    def from_json(cls, text: str) -> "Position":
        """A position from :meth:`to_json` text, checked."""
        data = inputs.json_object(text, _("A position in JSON"), _KEYS, PositionError, "Position.to_json()")
        if data["format"] != FORMAT:
            inputs.fail(PositionError, _("A position's format"), repr(FORMAT), data["format"])
        hands = inputs.sequence(data["hands"], _("The hands"), PositionError, "[['G11'], None, ...]", 5)
        return cls(read_track(data["track"], data["track_name"]),
                   tuple(inputs.sequence(data["positions"], _("The cars' progress"), PositionError, "[0, 3, 7]", 5)),
                   tuple(inputs.sequence(data["motors"], _("The motors"), PositionError, "[0, 2, 1]", 5)),
                   tuple(None if h is None else read_cards(h, _("A hand")) for h in hands),
                   data["round"], data["flag"], read_cards(data["trick"], _("The trick")),
                   read_cards(data["played"], _("The earlier tricks' cards")),
                   tuple(inputs.sequence(data["dial"], _("The dial"), PositionError, str(list(DEFAULT_DIAL)),
                                         MAX_DIAL_POSITIONS)),
                   None if data["names"] is None else
                   tuple(inputs.sequence(data["names"], _("The names"), PositionError, "['Ada', 'Bo', 'Cy']", 5)))

    def code(self) -> str:
        """The position as one line of letters, digits and ``. _ - ~ %``, safe to paste
        in a chat or a URL; :meth:`from_code` reads it back. Fields are separated by
        ``_``: ``SR1`` then ``T`` track, ``D`` dial (if not the default), ``N`` names
        (if given), ``R`` round, ``F`` flag holder, ``P`` progress, ``M`` motors,
        ``C`` trick, one ``H<seat>`` per known hand, ``X`` earlier cards (if any)."""
        track = self.track.name if TRACKS.get(self.track.name) == self.track else str(self.track)
        fields = [CODE_VERSION, "T" + track]
        if self.dial != DEFAULT_DIAL:
            fields.append("D" + ".".join(map(str, self.dial)))
        if self.names is not None:
            fields.append("N" + ".".join(_escape(name) for name in self.names))
        fields += [f"R{self.round}", f"F{self.flag}", "P" + ".".join(map(str, self.positions)),
                   "M" + ".".join(map(str, self.motors)), "C" + ".".join(map(str, self.trick))]
        fields += [f"H{s}" + ".".join(map(str, h)) for s, h in enumerate(self.hands) if h is not None]
        if self.played:
            fields.append("X" + ".".join(map(str, self.played)))
        return "_".join(fields)

    @classmethod
    def from_code(cls, code: str) -> "Position":
        """A position from :meth:`code` text, checked; a bad code raises
        :class:`PositionError` saying which field is wrong."""
        example = "SR1_Tvolcano_R1_F0_P0.0.0_M0.0.0_C_H0R7.G8.G9.B3.B8"
        text = inputs.text(code, _("A position code"), PositionError, example, inputs.MAX_TEXT_CHARS).strip()
        fields = text.split("_")
        if fields[0] != CODE_VERSION:
            raise PositionError(_("A position code starts with {version}_, like {example}; this one starts {start}.")
                                .format(version=CODE_VERSION, example=repr(example),
                                        start=inputs.shown(fields[0], 12)))
        values: dict[str, str] = {}
        hands: dict[int, str] = {}
        for field in fields[1:]:
            key, value = field[:1], field[1:]
            if key not in CODE_FIELDS:
                # TRANSLATORS: {fields} lists each field's letter with what it holds: "T (the track ...), ...".
                raise PositionError(_("{field} is not a field of a position code; fields start with {fields}.").format(
                    field=inputs.shown(field, 20), fields=_fields(CODE_FIELDS)))
            if value and not _CODE_TEXT.fullmatch(value):
                raise PositionError(_("The field {key} ({field}) may hold only the letters A-Z, the digits "
                                      "0-9 and . - ~ %, not {given}.").format(
                    key=key, field=_(CODE_FIELDS[key]), given=inputs.shown(value, 20)))
            if key == "H":
                seat = inputs.whole_text(
                    value[:1], _("A hand field's seat (H, the seat, then the cards, like H2G3.G9)"), 0, 4, PositionError)
                if seat in hands:
                    raise PositionError(_("The hand of seat {seat} (H{seat}) appears twice.").format(seat=seat))
                hands[seat] = value[1:]
                continue
            if key in values:
                raise PositionError(_("The field {key} ({field}) appears twice.").format(
                    key=key, field=_(CODE_FIELDS[key])))
            values[key] = value
        missing = [k for k in "TRFPMC" if k not in values]
        if missing:
            # TRANSLATORS: {fields} lists each missing field's letter with what it holds: "R (the round), ...".
            raise PositionError(_("The code lacks {fields}.").format(
                fields=_fields({k: CODE_FIELDS[k] for k in missing})))
        dial = _numbers(values["D"], "D", MAX_DIAL_VALUE) if "D" in values else list(DEFAULT_DIAL)
        return cls.new(
            values["T"], _numbers(values["P"], "P", MAX_PROGRESS), _numbers(values["M"], "M", MAX_DIAL_POSITIONS - 1),
            _number(values["R"], "R", ROUNDS, 1), _number(values["F"], "F", 4), values["C"].replace(".", " "), None,
            {seat: text.replace(".", " ") for seat, text in hands.items()}, values.get("X", "").replace(".", " "),
            dial, [_unescape(x) for x in values["N"].split(".")] if "N" in values else None,
        )

    # -------------------------------------------------------------- display
    def summary(self, lang: str | None = None) -> str:
        """A few lines a player would read: who decides, the trick, cars, motors, hands
        (in ``lang``, default the language spoken: :mod:`rally.i18n`)."""
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


@dataclass(frozen=True)
class _Unknowns:
    """What a position leaves unknown, and how to deal it at random, consistently with
    every public fact: who showed out of which color.

    Seats that lack colors are *short*; every other unknown place (the free hands, the
    unseen earlier tricks' cards, the cards not dealt this round) takes any color, so
    those pool together. A deal is drawn in two steps, each uniform: first how many
    cards of each color every short seat gets (a *split*, drawn with the number of deals
    it allows as its weight), then which cards. So every consistent deal is equally
    likely.
    """

    unseen: tuple[int, ...]  # card codes, sorted
    sizes: tuple[int, ...]  # cards each seat holds
    short: tuple[int, ...]
    free: tuple[int, ...]
    discards: int  # unseen cards already played this round
    splits: tuple[tuple[tuple[int, ...], ...], ...]  # per split: per short seat, cards of each color
    weights: tuple[int, ...]  # cumulative number of deals up to each split
    by_color: tuple[tuple[int, ...], ...]  # the unseen codes of each color

    @classmethod
    def plan(cls, unseen: tuple[int, ...], sizes: tuple[int, ...], unknown: tuple[int, ...],
             lacking: Mapping[int, frozenset[int]], discards: int) -> "_Unknowns | None":
        """The plan for dealing, or ``None`` when the short seats cannot be dealt at all."""
        short = tuple(s for s in unknown if lacking[s])
        free = tuple(s for s in unknown if not lacking[s])
        by_color = tuple(tuple(c for c in unseen if c >> 4 == color) for color in range(3))
        pools = [len(p) for p in by_color]
        splits: list[tuple[tuple[int, ...], ...]] = []
        weights: list[int] = []
        total = 0

        def ways(split: list[tuple[int, ...]]) -> int:
            count = 1
            for color, pool in enumerate(pools):
                taken = [row[color] for row in split]
                count *= math.factorial(pool) // math.prod(math.factorial(t) for t in taken)
                count //= math.factorial(pool - sum(taken))
            return count

        def fill(i: int, left: list[int], split: list[tuple[int, ...]]) -> None:
            nonlocal total
            if i == len(short):
                total += ways(split)
                splits.append(tuple(split))
                weights.append(total)
                return
            seat = short[i]
            allowed = [c for c in range(3) if c not in lacking[seat]]
            for row in _compositions(sizes[seat], [left[c] if c in allowed else 0 for c in range(3)]):
                fill(i + 1, [left[c] - row[c] for c in range(3)], split + [row])

        fill(0, pools, [])
        free_need = sum(sizes[s] for s in free) + discards
        if not splits or len(unseen) - sum(sizes[s] for s in short) < free_need:
            return None
        return cls(unseen, sizes, short, free, discards, tuple(splits), tuple(weights), by_color)

    def first_deal(self) -> tuple[dict[int, list[int]], list[int]]:
        """A fixed deal (the first split, the cards in order): the hands of the unknown
        seats, and the rest of the unseen cards in order (the earlier tricks' first)."""
        return self._deal(self.splits[0], [list(p) for p in self.by_color], None)

    def deal(self, game: Game, rng: random.Random) -> None:
        """Deal the unknown hands and earlier tricks of ``game`` anew (see the class)."""
        if not self.short:  # nothing to weigh: one uniform sample
            rest = rng.sample(self.unseen, sum(self.sizes[s] for s in self.free) + self.discards)
            hands: dict[int, list[int]] = {}
            start = 0
            for seat in self.free:
                hands[seat] = rest[start:start + self.sizes[seat]]
                start += self.sizes[seat]
            others = rest[start:]
        else:
            pick = rng.randrange(self.weights[-1])
            split = self.splits[bisect.bisect_right(self.weights, pick)]
            pools = [list(p) for p in self.by_color]
            for pool in pools:
                rng.shuffle(pool)
            hands, others = self._deal(split, pools, rng)
        known = game.discard_codes[:len(game.discard_codes) - self.discards]
        game.set_hidden_cards(hands, known + tuple(others[:self.discards]), rng.getrandbits(62))

    def _deal(self, split: tuple[tuple[int, ...], ...], pools: list[list[int]],
              rng: random.Random | None) -> tuple[dict[int, list[int]], list[int]]:
        hands: dict[int, list[int]] = {}
        for seat, row in zip(self.short, split):
            hands[seat] = [c for color in range(3) for c in pools[color][:row[color]]]
            for color in range(3):
                del pools[color][:row[color]]
        rest = [c for pool in pools for c in pool]
        if rng is not None:
            rng.shuffle(rest)
        start = 0
        for seat in self.free:
            hands[seat] = rest[start:start + self.sizes[seat]]
            start += self.sizes[seat]
        return hands, rest[start:]


def _compositions(size: int, most: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` cards as counts of the three colors, at most ``most[c]`` of each."""
    for red in range(min(size, most[0]) + 1):
        for green in range(min(size - red, most[1]) + 1):
            blue = size - red - green
            if blue <= most[2]:
                yield (red, green, blue)


def _cards(value: object, where: str, **facts: object) -> tuple[Card, ...]:
    """The cards of ``value``; ``where`` is the message (marked, not yet translated) that
    says where a bad card is: ``N_("In the trick: {error}")``, its other ``facts`` given."""
    try:
        return tuple(parse_cards(value))
    except RuleError as err:
        raise PositionError(_(where).format(error=err, **facts)) from None


def _at_most_cards(n: int) -> str:
    return ngettext("at most {n} card, one per player", "at most {n} cards, one per player", n).format(n=n)


def _fields(described: Mapping[str, str]) -> str:
    """``"T (the track ...), R (the round)"``: fields of a position code and what each holds."""
    return _(", ").join(f"{k} ({_(v)})" for k, v in described.items())


def _number(text: str, key: str, high: int, low: int = 0) -> int:
    return inputs.whole_text(text, _("The field {key} ({field})").format(key=key, field=_(CODE_FIELDS[key])),
                             low, high, PositionError)


def _numbers(text: str, key: str, high: int) -> list[int]:
    return [_number(part, key, high) for part in text.split(".")[:MAX_DIAL_POSITIONS + 1]]


def _unescape(text: str) -> str:
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        names = CODE_FIELDS["N"]
        raise PositionError(_("The field N ({field}) holds {given}, which is not a name escaped as a position code "
                              "writes it.").format(field=_(names), given=inputs.shown(text, 20))) from None


def _escape(name: str) -> str:
    return quote(name, safe="").replace(".", "%2E").replace("_", "%5F")


__all__ = ["Position", "FORMAT", "CODE_FIELDS"]
