"""Shared helpers for the engine's rules tests (tests/engine/test_rules_*.py, imported as `conftest`).

Four kinds of helpers live here:

* ``build_game``: a Game in a chosen, legal position, read from a ``GameState`` by
  ``Game.from_state`` (which refuses any state no real game reaches).
* Reference implementations of rulings S5, S7/S9, S12 and the D5 tie-break, written
  from RULINGS.md independently of the engine, used as oracles in property tests.
* ``check_event_log`` / ``CheckedBot``: replay a recorded game's events and assert
  every ruling along the way; check the live state at every decision.
* ``track_texts`` / ``dials``: hypothesis strategies for random valid tracks and dials.

Import them with ``from conftest import ...`` (pytest puts tests/ on sys.path).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from hypothesis import strategies as st

from rally import (
    DEFAULT_DIAL, DEFAULT_NAMES, HAND_SIZES, Card, CardPlayed, Dealt, FlagTaken, Game, GameState, GameWon,
    LapCompleted, LapLost, MotorReleased, MotorWound, Moved, RoundEnded, TrickWon, TurboDeclined, TurboUsed, deck,
    get_track, legal_plays, parse_cards,
)

# --------------------------------------------------------------------------- positions


def cards(text: str | Iterable) -> list[Card]:
    """``cards("G11 R5")`` -> list of Card."""
    return parse_cards(text)


def build_game(
    players: int,
    *,
    track: str,
    hands: Sequence[str],
    positions: Sequence[int],
    motors: Sequence[int] | None = None,
    flag: int = 0,
    trick: str = "",
    round: int = 1,
    phase: str = "play",
    dial: Sequence[int] = DEFAULT_DIAL,
    names: Sequence[str] | None = None,
    first_player: int | None = None,
    seed: int = 0,
    record: bool = True,
) -> Game:
    """A game in an exact position: a :class:`GameState` read by ``Game.from_state``,
    which refuses (with a :class:`PositionError` naming each problem) any state no real
    game could reach (docs/invariants.md). So the position must be a legal one: every
    seat but the flag holder lost the last finished trick, so its motor is wound (I7);
    in round 1 a car off the grid won a trick; at a round's start the flag is with the
    first player (round 1) or the car in front (rounds 2 and 3).

    ``hands`` gives each seat's cards as text ("R9 G2"); the cards of the tricks already
    played in this round (the discards) are filled in from the unused cards in play,
    so that hand sizes are consistent with the round (S3). ``first_player`` defaults to
    the flag holder. The state has no event log (a log is a whole game's history, I11);
    with ``record`` the game keeps one from this moment (``Game.record_from_now``), so
    ``game.events`` holds only what happens after this position.
    """
    hand_cards = [cards(h) for h in hands]
    trick_cards = cards(trick)
    assert len(hand_cards) == players
    k = HAND_SIZES[round - 1]
    trick_seats = [(flag + i) % players for i in range(len(trick_cards))]
    done = {k - len(h) - (1 if s in trick_seats else 0) for s, h in enumerate(hand_cards)}
    assert len(done) == 1, f"inconsistent hand sizes for round {round}: {done}"
    done = done.pop()
    used = {c for h in hand_cards for c in h} | set(trick_cards)
    spare = [c for c in deck(players) if c not in used]
    assert len(spare) >= done * players, "not enough unused cards for the discards"
    state = GameState(
        players=players, track=get_track(track), dial=tuple(dial),
        names=tuple(names) if names is not None else DEFAULT_NAMES[:players], seed=seed,
        first_player=flag if first_player is None else first_player, round=round, phase=phase, flag=flag,
        winner=None, hands=tuple(tuple(h) for h in hand_cards), trick=tuple(trick_cards),
        discards=tuple(spare[: done * players]), positions=tuple(positions),
        motors=tuple(motors) if motors is not None else (0,) * players, events=None,
    )
    game = Game.from_state(state)
    if record:
        game.record_from_now()
    return game


def play_cards(game: Game, text: str) -> None:
    """Play the cards of ``text`` in order, each by the player whose turn it is."""
    for card in cards(text):
        game.apply(card, seat=game.current_player)


def events_of(game: Game, cls) -> list:
    return [e for e in game.events if isinstance(e, cls)]


def path_summary(move) -> list[tuple]:
    """A Move's path as ``(progress, how, over)`` tuples with ``how`` as plain text."""
    return [(s.progress, s.how.value, s.over) for s in move.path]


@st.composite
def track_texts(draw, players: int):
    """A valid track: 'S', a flat space, flat/hill spaces, a flat space; enough flat
    spaces (the start included) for ``players`` cars plus one."""
    middle = draw(st.lists(st.sampled_from("..DU"), min_size=2, max_size=36))
    text = list("S." + "".join(middle) + ".")
    # Flatten hills from the left (or lengthen the track) until there are more
    # resting spaces than cars.
    while text.count(".") + 1 <= players:
        hills = [i for i, ch in enumerate(text) if ch in "DU"]
        if hills:
            text[hills[0]] = "."
        else:
            text.append(".")
    return "".join(text)


#: Random valid dials: value 0 first, then 1 to 11 values of 0 to 20.
dials = st.lists(st.integers(0, 20), min_size=1, max_size=11).map(lambda rest: (0, *rest))


# ------------------------------------------------------------ reference rules (oracles)


def ref_trick_winner(trick: Sequence[Card]) -> int:
    """S5 from the text: the last color to appear decides; its highest card wins."""
    colors = []
    for c in trick:
        if c.color not in colors:
            colors.append(c.color)
    deciding = colors[-1]
    return max((c.value, i) for i, c in enumerate(trick) if c.color == deciding)[1]


def ref_move(text: str, positions: Mapping[object, int] | Sequence[int], mover, steps: int) -> int:
    """S7 and S9 from the text: the mover's progress after moving ``steps`` empty spaces.

    Occupied spaces (any other car's space, the grid included) are jumped and not
    counted; a move ending on a downhill rolls on to the first empty flat space, one
    ending on an uphill rolls back to the last empty flat space, stopping at the grid.
    The start/finish counts as a flat space (decision D1).
    """
    if not isinstance(positions, Mapping):
        positions = dict(enumerate(positions))
    n = len(text)
    occupied = {p % n for car, p in positions.items() if car != mover}
    p = positions[mover]
    counted = 0
    while counted < steps:
        p += 1
        if p % n not in occupied:
            counted += 1
    if steps == 0:
        return p

    def can_rest(q: int) -> bool:
        return text[q % n] in "S." and q % n not in occupied

    if text[p % n] == "D":
        p += 1
        while not can_rest(p):
            p += 1
    elif text[p % n] == "U":
        p -= 1
        while p > 0 and not can_rest(p):
            p -= 1
    return p


def ref_release_order(positions: Sequence[int], flag: int) -> list[int]:
    """S12: last place first; cars tied (only on the grid) in seat order starting with
    the seat clockwise after the flag holder."""
    n = len(positions)
    return sorted(range(n), key=lambda s: (positions[s], (s - flag - 1) % n))


def ref_leader(positions: Sequence[int], flag: int) -> int:
    """Greatest progress; a tie (only possible on the grid) goes to the first tied seat
    clockwise from the flag holder, the holder included (engine decision D5)."""
    n = len(positions)
    best = max(positions)
    return next((flag + i) % n for i in range(n) if positions[(flag + i) % n] == best)


def position_violations(text: str, positions: Sequence[int]) -> list[str]:
    """S6/S9: cars off the grid on distinct spaces, never resting on a hill."""
    n = len(text)
    out = []
    off_grid = [p for p in positions if p != 0]
    if len({p % n for p in off_grid}) != len(off_grid):
        out.append(f"two cars share a space: {list(positions)}")
    for p in positions:
        if p < 0:
            out.append(f"negative progress {p}")
        elif text[p % n] in "DU":
            out.append(f"a car rests on hill space {p % n}: {list(positions)}")
    return out


# ------------------------------------------------------------------ event-log replay


class LogChecker:
    """Replays ``game.events`` from the first Dealt and asserts rulings S1, S3-S9,
    S11-S13 at every step, with the oracles above. Call :meth:`run`."""

    def __init__(self, game: Game, first_player: int):
        self.game = game
        self.events = list(game.events)
        self.i = 0
        self.n = game.players
        self.text = str(game.track)
        self.N = len(self.text)
        self.dial = tuple(game.dial)
        self.pos = [0] * self.n
        self.mot = [0] * self.n
        self.flag = first_player
        self.round = 0
        self.won_by: int | None = None
        self.moves = 0

    def next(self, cls):
        assert self.i < len(self.events), f"event log ended early at event {self.i}"
        e = self.events[self.i]
        self.i += 1
        name = " or ".join(c.__name__ for c in cls) if isinstance(cls, tuple) else cls.__name__
        assert isinstance(e, cls), f"event {self.i - 1}: expected {name}, got {e!r}"
        return e

    def peek(self):
        return self.events[self.i] if self.i < len(self.events) else None

    def move(self, seat: int, steps: int, cause: str) -> bool:
        """Check one Moved event (and its LapCompleted / GameWon). True if the game ended."""
        e = self.next(Moved)
        assert (e.seat, e.cause, e.move.steps, e.move.start) == (seat, cause, steps, self.pos[seat])
        expected = ref_move(self.text, self.pos, seat, steps)
        assert e.move.final == expected, f"{e.move.describe()} expected final {expected}"
        start = self.pos[seat]
        self.pos[seat] = e.move.final
        self.moves += 1
        problems = position_violations(self.text, self.pos)
        assert not problems, problems
        if e.move.final // self.N > start // self.N:
            lap = self.next(LapCompleted)
            assert (lap.seat, lap.lap) == (seat, e.move.final // self.N)
        elif e.move.final // self.N < start // self.N:  # rolled back behind the line (D7)
            lost = self.next(LapLost)
            assert (lost.seat, lost.lap) == (seat, start // self.N)
        else:
            assert not isinstance(self.peek(), (LapCompleted, LapLost))
        if e.move.final >= 2 * self.N:  # S13: the first car to reach 2N wins at once
            won = self.next(GameWon)
            assert (won.seat, won.reason) == (seat, "second lap")
            assert self.i == len(self.events), "GameWon must be the last event"
            self.won_by = seat
            return True
        return False

    def run(self) -> None:
        n, dial = self.n, self.dial
        all_cards = set(deck(n))
        while True:
            dealt = self.next(Dealt)
            self.round += 1
            assert dealt.round == self.round <= 3
            k = HAND_SIZES[self.round - 1]
            assert len(dealt.hands) == n and all(len(h) == k for h in dealt.hands)  # S3
            everything = [c for h in dealt.hands for c in h]
            assert len(set(everything)) == len(everything), "a card dealt twice"
            assert set(everything) <= all_cards, "a card not in play was dealt"
            assert self.mot == [0] * n
            hands = [list(h) for h in dealt.hands]
            played: set[Card] = set()
            for _ in range(k):
                trick: list[Card] = []
                for j in range(n):
                    cp = self.next(CardPlayed)
                    seat = (self.flag + j) % n  # S1: from the flag holder, clockwise
                    assert cp.seat == seat, f"expected seat {seat} to play, got {cp.seat}"
                    assert cp.card not in played, f"{cp.card} played twice in round {self.round}"
                    assert cp.card in legal_plays(hands[seat], trick), (
                        f"{cp.card} breaks S4 on {trick} with hand {hands[seat]}")
                    hands[seat].remove(cp.card)
                    played.add(cp.card)
                    trick.append(cp.card)
                tw = self.next(TrickWon)
                winner = (self.flag + ref_trick_winner(trick)) % n
                assert (tw.seat, tw.leader, tuple(tw.cards)) == (winner, self.flag, tuple(trick))
                lowest = min(c.value for c in trick)
                wound = [self.next(MotorWound) for _ in range(n - 1)]
                assert sorted(w.seat for w in wound) == [s for s in range(n) if s != winner]
                for w in wound:  # S11: one position on, back to 0 after the last
                    self.mot[w.seat] = (self.mot[w.seat] + 1) % len(dial)
                    assert (w.position, w.value) == (self.mot[w.seat], dial[self.mot[w.seat]])
                value = dial[self.mot[winner]]
                steps = lowest
                if value > 0:  # S8: a choice only with a motor above 0
                    choice = self.next((TurboUsed, TurboDeclined))
                    assert (choice.seat, choice.value) == (winner, value)
                    if isinstance(choice, TurboUsed):
                        steps += value
                        self.mot[winner] = 0
                else:
                    assert not isinstance(self.peek(), (TurboUsed, TurboDeclined))
                if self.move(winner, steps, "trick"):
                    return
                ft = self.next(FlagTaken)
                last = all(not h for h in hands)  # the round's last trick: the motors move next
                assert (ft.seat, ft.reason) == (winner, "last trick" if last else "trick")
                self.flag = winner
            assert all(not h for h in hands), "every dealt card is played once"
            # S12: motors release in order, then the leader takes the flag.
            ended = self.next(RoundEnded)
            order = ref_release_order(self.pos, self.flag)
            assert (ended.round, list(ended.order)) == (self.round, order)
            for seat in order:
                rel = self.next(MotorReleased)
                value = dial[self.mot[seat]]
                assert (rel.seat, rel.value) == (seat, value)
                self.mot[seat] = 0
                if value > 0:
                    if self.move(seat, value, "motor"):
                        return
                else:
                    assert not isinstance(self.peek(), Moved)
            leader = ref_leader(self.pos, self.flag)
            ft = self.next(FlagTaken)
            assert (ft.seat, ft.reason) == (leader, "leader")
            self.flag = leader
            if self.round == 3:  # S13: nobody went round twice, the leader wins
                won = self.next(GameWon)
                assert (won.seat, won.reason) == (leader, "leader")
                assert self.i == len(self.events), "GameWon must be the last event"
                self.won_by = leader
                return


def check_event_log(game: Game, first_player: int = 0) -> LogChecker:
    """Replay and check a finished recorded game; also check the final state agrees."""
    checker = LogChecker(game, first_player)
    checker.run()
    assert sum(isinstance(e, GameWon) for e in game.events) == 1
    assert isinstance(game.events[-1], GameWon)
    assert game.is_over and game.winner == checker.won_by
    assert game.round == checker.round <= 3
    assert list(game.positions) == checker.pos
    assert list(game.motors) == checker.mot
    return checker


class CheckedBot:
    """Wraps a bot; before every decision asserts the live state is possible."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0

    def choose(self, game: Game, actions, rng):
        check_live_state(game, actions)
        self.decisions += 1
        return self.bot.choose(game, actions, rng)


def check_live_state(game: Game, actions) -> None:
    n, dial, text = game.players, game.dial, str(game.track)
    assert list(actions) == game.legal_actions()
    assert all(0 <= m < len(dial) for m in game.motors), f"motor off the dial: {game.motors}"
    assert not position_violations(text, game.positions)
    hands = game.hands
    in_play = [c for h in hands for c in h] + list(game.trick) + list(game.discards)
    assert len(set(in_play)) == len(in_play) and set(in_play) <= set(deck(n))
    assert len(in_play) == n * HAND_SIZES[game.round - 1]
    if isinstance(actions[0], Card):
        if not game.discards:
            # S11: motors start every round at 0 and only a finished trick winds them.
            assert game.motors == (0,) * n, f"round {game.round} began with motors {game.motors}"
        seat = game.current_player
        assert set(actions) <= set(hands[seat])
        assert actions == legal_plays(list(hands[seat]), list(game.trick))
