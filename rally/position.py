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

A position has a JSON form and a compact text code that is safe in a chat or a URL;
both round-trip. Impossible positions raise :class:`PositionError` naming each problem.

>>> from rally import Position
>>> p = Position.new(track="volcano", positions=[0, 3, 7, 11], motors=[1, 1, 0, 1], round=1, flag=0,
...                  trick="G11 R5", hand="G3 G9 B4")
>>> p.decider, p.phase, p.tricks_done, [str(a) for a in p.options()]
(2, 'play', 2, ['G3', 'G9'])
>>> p.code()
'SR1_Tvolcano_R1_F0_P0.3.7.11_M1.1.0.1_CG11.R5_H2G3.G9.B4'
>>> Position.from_code(p.code()) == p
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence
from urllib.parse import quote, unquote

from .cards import CARDS, HAND_SIZES, ROUNDS, Card, check_players, deck, format_cards, join_words, parse_cards
from .errors import PositionError, RuleError
from .game import DEFAULT_NAMES, OVER, PLAY, TURBO, Action, Game, Turbo
from .motor import DEFAULT_DIAL, check_dial
from .track import TRACKS, Track, get_track
from .tricks import legal_plays, split_by_color, winner_and_lowest

FORMAT = "stich-rallye-position/1"
CODE_VERSION = "SR1"
#: The fields of a position code, in the order they are written.
CODE_FIELDS = {
    "T": "the track (a built-in name or track text)",
    "D": "the dial values (only when not the default)",
    "N": "the names (only when not the default)",
    "R": "the round",
    "F": "the flag holder's seat",
    "P": "each car's progress",
    "M": "each motor's dial position",
    "C": "the cards of the trick so far",
    "H": "a known hand: its seat, then its cards",
    "X": "cards seen in earlier tricks of this round",
}


@dataclass(frozen=True, eq=False)
class Position:
    """A moment of a game of Stich Rallye, as the deciding player sees it.

    Build one with :meth:`new` (which reads card text and checks everything),
    :meth:`from_game`, :meth:`from_json` or :meth:`from_code`. ``hands[seat]`` is a
    tuple of cards, or ``None`` for a hand the decider does not know.
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
        (``"G3 G9 B4"``). Raises :class:`PositionError` listing every problem."""
        problems: list[str] = []
        try:
            track = get_track(track)
        except RuleError as err:
            raise PositionError(str(err)) from None
        if isinstance(positions, (str, bytes)) or not isinstance(positions, Sequence):
            raise PositionError(f"Give the cars' progress as a list, one number per player, like [0, 3, 7], not {positions!r}.")
        n = len(positions)
        try:
            check_players(n)
        except RuleError:
            raise PositionError(f"Give one progress per player: 3, 4 or 5 numbers, not {len(positions)}.") from None
        if motors is None:
            motors = (0,) * n
        trick_cards = _read_cards(trick, "the trick", problems)
        played_cards = _read_cards(played, "the earlier tricks", problems)
        known: list[tuple[Card, ...] | None] = [None] * n
        if hands is not None:
            if not isinstance(hands, Mapping):
                raise PositionError(f"Give the other hands as {{seat: cards}}, like {{1: 'R2 G7'}}, not {hands!r}.")
            for seat, cards in hands.items():
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                    problems.append(f"There is no seat {seat!r}: seats run from 0 to {n - 1}.")
                    continue
                known[seat] = tuple(_read_cards(cards, f"seat {seat}'s hand", problems))
        if problems:
            raise PositionError(problems)
        position = cls(track, tuple(positions), tuple(motors), tuple(known), round, flag, tuple(trick_cards),
                       tuple(played_cards), tuple(dial) if _iterable(dial) else dial,
                       None if names is None else tuple(names) if _iterable(names) else names)
        if hand is not None:
            decider = position._decider_or_none()
            if decider is None:
                raise PositionError(position.problems() or ["The decider cannot be found."])
            own = tuple(_read_cards(hand, "the decider's hand", problems))
            if problems:
                raise PositionError(problems)
            if known[decider] is not None and sorted(known[decider]) != sorted(own):
                raise PositionError(f"Seat {decider} decides: give their hand once, as hand= or in hands=, not both differently.")
            known[decider] = own
            position = cls(position.track, position.positions, position.motors, tuple(known), round, flag,
                           position.trick, position.played, position.dial, position.names)
        position.check()
        return position

    @classmethod
    def from_game(cls, game: Game, reveal: bool = False) -> "Position":
        """The moment ``game`` is at, as its current player sees it: their own hand and
        the cards played this round are known; the other hands only if ``reveal``."""
        if game.phase == OVER:
            raise PositionError(f"The game is over ({game.names[game.winner]} won): there is nothing left to decide.")
        decider = game.current_player
        hands = tuple(
            tuple(CARDS[c] for c in game.hand_codes(s)) if reveal or s == decider else None
            for s in range(game.players)
        )
        names = None if game.names == DEFAULT_NAMES[:game.players] else game.names
        position = cls(game.track, game.positions, game.motors, hands, game.round, game.flag, game.trick,
                       game.discards, game.dial, names)
        position.check()
        return position

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
        seat = self._decider_or_none()
        if seat is None:
            raise PositionError(self.problems())
        return seat

    def _decider_or_none(self) -> int | None:
        n = len(self.positions)
        if not isinstance(self.flag, int) or isinstance(self.flag, bool) or not 0 <= self.flag < n:
            return None
        if len(self.trick) == n:
            return (self.flag + winner_and_lowest([c.code for c in self.trick])[0]) % n
        if len(self.trick) > n:
            return None
        return (self.flag + len(self.trick)) % n

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
        if self.phase == TURBO:
            return [Turbo(True), Turbo(False)]
        return legal_plays(self.hand, self.trick)

    # ------------------------------------------------------------- checking
    def problems(self) -> list[str]:
        """Every reason this position could not happen, as sentences (empty if none)."""
        try:
            self._template()
        except PositionError as err:
            return err.problems
        return []

    def check(self) -> None:
        """Raise :class:`PositionError` listing every problem, if there are any."""
        self._template()

    def _template(self) -> tuple[Game, "_Unknowns"]:
        """A game for this position with the unknown cards dealt in a fixed way, and what
        is unknown; cached. Every rule check of a saved game applies (``Game.from_dict``)."""
        cached = self.__dict__.get("_cache")
        if cached is not None:
            return cached
        from .serialization import FORMAT as GAME_FORMAT, game_from_dict

        problems: list[str] = []
        n = len(self.positions)
        if not isinstance(self.round, int) or isinstance(self.round, bool) or not 1 <= self.round <= ROUNDS:
            raise PositionError(f"The round is 1, 2 or 3, not {self.round!r}.")
        if len(self.hands) != n:
            raise PositionError(f"Give one hand (or None for unknown) per player ({n}), not {len(self.hands)}.")
        if len(self.trick) > n:
            raise PositionError(f"The trick holds {len(self.trick)} cards but there are only {n} players.")
        decider = self._decider_or_none()
        if decider is None:
            raise PositionError(f"The flag holder is a seat from 0 to {n - 1}, not {self.flag!r}.")
        names = self.player_names
        k = HAND_SIZES[self.round - 1]
        turbo = len(self.trick) == n
        own = self.hands[decider]
        if own is None:
            raise PositionError(
                f"{names[decider]} decides now{' (they won the trick)' if turbo else ''}: give their hand.")
        most = k - (1 if turbo else 0)
        least = 0 if turbo else 1
        if not least <= len(own) <= most:
            raise PositionError(
                f"{names[decider]} holds {len(own)} cards, but in round {self.round} "
                f"{'the trick winner' if turbo else 'the player to play'} holds {least} to {most} "
                f"(each player gets {k}).")
        done = k - len(own) - (1 if turbo else 0)
        try:
            in_play = deck(n)
        except RuleError as err:
            raise PositionError(str(err)) from None
        seen = [c for h in self.hands if h for c in h] + list(self.trick) + list(self.played)
        unseen = sorted(set(in_play) - set(seen))
        if len(self.played) > done * n:
            problems.append(
                f"{len(self.played)} cards are listed from earlier tricks, but only {done} trick"
                f"{'s' if done != 1 else ''} of {n} cards {'have' if done != 1 else 'has'} been played this round.")
        trick_seats = self.trick_seats
        sizes = [k - done - (1 if s in trick_seats else 0) for s in range(n)]
        # Seats that did not follow the lead color have none of it (S4).
        lead = self.trick[0].color if self.trick else None
        void = {s for s, c in zip(trick_seats[1:], self.trick[1:]) if c.color != lead}
        unknown = [s for s in range(n) if self.hands[s] is None]
        need_hands = sum(sizes[s] for s in unknown)
        need_discards = max(0, done * n - len(self.played))
        if need_hands + need_discards > len(unseen):
            problems.append(
                f"The unknown hands and earlier tricks need {need_hands + need_discards} unseen cards, but only "
                f"{len(unseen)} are unseen: check the hand sizes and the cards listed.")
        short = [s for s in unknown if s in void]
        allowed = [c for c in unseen if c.color != lead]
        if short and sum(sizes[s] for s in short) > len(allowed):
            problems.append(
                f"{join_words([names[s] for s in short])} did not follow {lead.word}, so they hold no {lead.word}; "
                f"there are not enough other unseen cards ({len(allowed)}) for their hands.")
        if problems:
            raise PositionError(problems)
        unknowns = _Unknowns(tuple(unseen), tuple(short), tuple(s for s in unknown if s not in void),
                             tuple(sizes), need_discards, lead)
        hands = list(self.hands)
        rest = list(unseen)
        for seat in short:  # first fit: constrained seats take from the allowed cards
            take = [c for c in rest if c.color != lead][:sizes[seat]]
            hands[seat] = tuple(take)
            rest = [c for c in rest if c not in take]
        for seat in unknowns.free:
            hands[seat], rest = tuple(rest[:sizes[seat]]), rest[sizes[seat]:]
        discards = list(self.played) + rest[:need_discards]
        data = {
            "format": GAME_FORMAT, "players": n, "names": list(names), "track": str(self.track),
            "track_name": self.track.name, "dial": list(self.dial), "seed": 0, "first_player": 0,
            "round": self.round, "phase": TURBO if turbo else PLAY, "flag": self.flag, "winner": None,
            "hands": [[str(c) for c in h] for h in hands], "trick": [str(c) for c in self.trick],
            "discards": [str(c) for c in discards], "positions": list(self.positions),
            "motors": list(self.motors), "events": None,
        }
        game = game_from_dict(data)
        object.__setattr__(self, "_cache", (game, unknowns))
        return game, unknowns

    def __post_init__(self):
        # Hands are sets of cards: keep them sorted, as a game does, so equal positions
        # have equal codes and options come in the game's order.
        object.__setattr__(self, "hands", tuple(None if h is None else tuple(sorted(h)) for h in self.hands))
        try:
            object.__setattr__(self, "dial", check_dial(self.dial))
        except RuleError as err:
            raise PositionError(str(err)) from None
        if self.names is not None:
            try:
                Game._blank(len(self.positions), self.track, 0, 0, self.dial, self.names, False)
            except RuleError as err:
                raise PositionError(str(err)) from None
        for what, values in (("progress", self.positions), ("motor position", self.motors)):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise PositionError(f"Each car's {what} is a whole number, not {list(values)!r}.")
        if len(self.motors) != len(self.positions):
            raise PositionError(
                f"Give one motor position per player ({len(self.positions)}), not {len(self.motors)}.")

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
            rng = random.Random(rng)
        template, unknowns = self._template()
        game = template.clone()
        game._log = None
        unknowns.deal(game, rng)
        return game

    def preview(self, action: Action | str) -> list[str]:
        """What happens at once when the decider takes ``action``, in words: every event up
        to the next decision (the trick's result, a move and why it ended where it did).
        Unknown hands play no part in it. Raises :class:`IllegalAction` for an option
        the decider does not have.

        >>> p = Position.new(positions=[1, 2, 3], flag=1, trick="R9 R10", hand="R2 R7")
        >>> p.preview("R7")[-2]
        'Cy moves 7 from space 3: counts 7 empty spaces and stops on space 10.'
        """
        game = self.to_game(0)
        if isinstance(action, str):
            words = " ".join(action.lower().split())
            action = Turbo(words == "turbo") if words in ("turbo", "no turbo") else Card.parse(action)
        game._log = []  # record only what this action sets off
        game.apply(action)
        return game.narrate()

    # -------------------------------------------------------------- formats
    def to_dict(self) -> dict:
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
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> "Position":
        """A position from :meth:`to_json` text, checked."""
        if not isinstance(text, (str, bytes)):
            raise PositionError(f"Position.from_json needs JSON text (from Position.to_json()), not {type(text).__name__}.")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise PositionError(f"This is not JSON ({err.msg} at line {err.lineno}, column {err.colno}); "
                                "use the text that Position.to_json() gives.") from None
        keys = ("format", "track", "track_name", "dial", "names", "round", "flag", "positions", "motors", "trick",
                "hands", "played")
        if not isinstance(data, dict) or sorted(data) != sorted(keys):
            raise PositionError("A position in JSON is an object with exactly the keys " + ", ".join(keys) + ".")
        if data["format"] != FORMAT:
            raise PositionError(f"Unknown format {data['format']!r}: this version reads {FORMAT!r}.")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise PositionError(f"'hands' is a list with one hand (a list of cards, or null) per seat, not {hands!r}.")
        try:
            track = Track.parse(data["track"], str(data["track_name"])) if data["track_name"] not in TRACKS \
                else TRACKS[data["track_name"]]
        except RuleError as err:
            raise PositionError(str(err)) from None
        if str(track) != data["track"]:
            raise PositionError(f"The track text does not match the built-in {data['track_name']!r} track.")
        return cls.new(track, _list(data["positions"], "positions"), _list(data["motors"], "motors"), data["round"],
                       data["flag"], _list(data["trick"], "trick"), None,
                       {s: _list(h, f"hands[{s}]") for s, h in enumerate(hands) if h is not None},
                       _list(data["played"], "played"), _list(data["dial"], "dial"), data["names"])

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
        if not isinstance(code, str):
            raise PositionError(f"A position code is text like 'SR1_Tvolcano_R1_F0_...', not {code!r}.")
        fields = code.strip().split("_")
        if fields[0] != CODE_VERSION:
            raise PositionError(f"A position code starts with {CODE_VERSION}_, like "
                                f"'SR1_Tvolcano_R1_F0_P0.3.7_M0.0.0_C_H0R2.G5'; this one starts {fields[0][:12]!r}.")
        values: dict[str, str] = {}
        hands: dict[int, str] = {}
        for field in fields[1:]:
            key, value = field[:1], field[1:]
            if key not in CODE_FIELDS:
                raise PositionError(
                    f"{field[:20]!r} is not a field of a position code; fields start with "
                    + ", ".join(f"{k} ({v})" for k, v in CODE_FIELDS.items()) + ".")
            if key == "H":
                if not value[:1].isdigit():
                    raise PositionError(f"A hand field is H, the seat, then the cards, like H2G3.G9; not {field!r}.")
                hands[int(value[0])] = value[1:]
                continue
            if key in values:
                raise PositionError(f"The field {key} ({CODE_FIELDS[key]}) appears twice.")
            values[key] = value
        missing = [k for k in "TRFPMC" if k not in values]
        if missing:
            raise PositionError("The code lacks " + ", ".join(f"{k} ({CODE_FIELDS[k]})" for k in missing) + ".")
        return cls.new(
            values["T"], _numbers(values["P"], "P"), _numbers(values["M"], "M"), _number(values["R"], "R"),
            _number(values["F"], "F"), values["C"].replace(".", " "), None,
            {seat: text.replace(".", " ") for seat, text in hands.items()}, values.get("X", "").replace(".", " "),
            _numbers(values["D"], "D") if "D" in values else DEFAULT_DIAL,
            [_unescape(x) for x in values["N"].split(".")] if "N" in values else None,
        )

    # -------------------------------------------------------------- display
    def summary(self) -> str:
        """A few lines a player would read: who decides, the trick, cars, motors, hands."""
        names, n = self.player_names, len(self.track)
        d = self.decider
        head = (f"Round {self.round}, {self.tricks_done} trick{'s' if self.tricks_done != 1 else ''} done; "
                f"{names[self.flag]} holds the flag. ")
        if self.phase == TURBO:
            head += f"{names[d]} won the trick and chooses: turbo or not."
        else:
            head += f"{names[d]} to play."
        lines = [head]
        if self.trick:
            lines.append("Trick: " + ", ".join(f"{names[s]} {c}" for s, c in zip(self.trick_seats, self.trick)))
        for s in range(self.players):
            p = self.positions[s]
            where = "on the grid" if p == 0 else f"space {p % n}, lap {p // n + 1}"
            hand = self.hands[s]
            shown = "unknown" if hand is None else (format_cards(hand) or "-")
            lines.append(f"  {names[s]}: {where}, motor {self.dial[self.motors[s]]} (position {self.motors[s]}), hand {shown}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"Position.from_code({self.code()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.code())


@dataclass(frozen=True)
class _Unknowns:
    """What a position leaves unknown, and how to deal it at random."""

    unseen: tuple[Card, ...]
    short: tuple[int, ...]  # unknown hands that cannot hold the lead color
    free: tuple[int, ...]  # other unknown hands
    sizes: tuple[int, ...]  # cards each seat holds
    discards: int  # unseen cards already played this round
    lead: int | None  # the lead color, if the trick has begun

    def deal(self, game: Game, rng: random.Random) -> None:
        """Deal the unknown hands and earlier tricks of ``game`` anew. Each consistent
        deal is equally likely: the seats short of the lead color share one set of
        allowed cards, so dealing them first and the rest after is uniform."""
        codes = [c.code for c in self.unseen]
        if self.short:
            lead = int(self.lead)
            allowed = [c for c in codes if c >> 4 != lead]
            need = sum(self.sizes[s] for s in self.short)
            taken = rng.sample(allowed, need)
            start = 0
            for seat in self.short:
                game.hands_[seat] = split_by_color(taken[start:start + self.sizes[seat]])
                start += self.sizes[seat]
            gone = set(taken)
            codes = [c for c in codes if c not in gone]
        need = sum(self.sizes[s] for s in self.free) + self.discards
        rest = rng.sample(codes, need)
        start = 0
        for seat in self.free:
            game.hands_[seat] = split_by_color(rest[start:start + self.sizes[seat]])
            start += self.sizes[seat]
        if self.discards:
            known = game.discards_[:len(game.discards_) - self.discards]
            game.discards_ = known + rest[start:]
        game.seed = rng.getrandbits(62)  # later rounds are dealt from a fresh seed


def _iterable(value: object) -> bool:
    return not isinstance(value, (str, bytes)) and hasattr(value, "__iter__")


def _read_cards(value, what: str, problems: list[str]) -> list[Card]:
    if isinstance(value, (str, list, tuple)):
        try:
            return parse_cards(value)
        except RuleError as err:
            problems.append(f"In {what}: {err}")
            return []
    problems.append(f"Give {what} as cards or card text like 'G3 B7', not {value!r}.")
    return []


def _list(value, key: str) -> list:
    if not isinstance(value, list):
        raise PositionError(f"'{key}' must be a list, not {value!r}.")
    return value


def _number(text: str, key: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise PositionError(f"The field {key} ({CODE_FIELDS[key]}) needs a whole number, not {text!r}.")
    return int(text)


def _numbers(text: str, key: str) -> list[int]:
    return [_number(part, key) for part in text.split(".")]


def _escape(name: str) -> str:
    return quote(name, safe="").replace(".", "%2E").replace("_", "%5F")


def _unescape(text: str) -> str:
    return unquote(text)


__all__ = ["Position", "FORMAT", "CODE_FIELDS"]
