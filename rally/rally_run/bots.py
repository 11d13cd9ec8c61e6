"""Rally Run computer players that differ only in memory, and :func:`play_out`.

A bot is anything with ``choose(view, actions, rng) -> action``, where ``view`` is an
:class:`~rally.rally_run.Observation` (or a game, from which the bot takes the current
player's observation: it never looks at hidden tiles). Every bot plays the same policy:
head for the pit stop, then for its trophy's start-finish tile; at a reveal, lay the
tile so that its road points as close to the goal as it can; prefer roads it remembers
to lead on; swap when nothing else is possible, or to replace a remembered dead end
in front of it with a remembered better tile. What differs is memory:

- :class:`PerfectMemoryBot` remembers every tile it has seen, and follows swaps;
- :class:`ForgetfulBot` (``turns=k``) forgets a tile ``k`` turns of the table (every
  player's turn counts) after last seeing it;
- :class:`NoMemoryBot` knows only the tiles face up now.

All reveals, swaps and trophies happen in plain view, so a bot learns them from the
public event log in its observation.

>>> import random
>>> from rally.rally_run import RallyRunGame, PerfectMemoryBot, NoMemoryBot, play_out
>>> game = play_out(RallyRunGame.new(2, seed=4), [PerfectMemoryBot(), NoMemoryBot()], random.Random(4))
>>> game.is_over, game.winner is not None
(True, True)
"""

from __future__ import annotations

import functools
import heapq
import random
from collections.abc import Sequence
from typing import Protocol, Union

from ..common import inputs
from ..common.errors import SetupError
from ..common.i18n import _, language, ngettext
from ..common.turns import choice, no_choice, play_bots
from .actions import SWAPS, DriveTo, Finish, Reveal, Rotate, RunAction, Swap
from .board import CELLS, COLORS, NEIGHBOURS, PIT, distance
from .events import CarMoved, RunEvent, TileHidden, TilesSwapped, TileTurned
from .game import RallyRunGame
from .observation import Observation
from .rules import DEAD_END, direction
from .state import MAX_TURNS
from .tiles import BITS, MASKS, PERIODS, opposite

#: The longest bot name read (``"forgetful:10000"``).
MAX_BOT_TEXT = 40
#: What a bot decides from: an observation, or a game (the bot then takes the current player's observation).
View = Union[Observation, RallyRunGame]


def _observed(obs: object) -> Observation:
    return inputs.instance(obs, Observation, _("What the bot is shown"), SetupError, "game.observation(0)")


class RunBot(Protocol):
    """What :func:`play_out` asks: pick one of ``actions`` (never empty)."""

    def choose(self, view: View, actions: Sequence[RunAction], rng: random.Random) -> RunAction: ...


class MemoryBot:
    """The shared policy, with a memory that keeps a tile for ``turns`` turns of the
    table after it was last seen (``None``: forever; ``0``: no memory at all; at most
    :data:`~rally.rally_run.state.MAX_TURNS`)."""

    def __init__(self, turns: int | None = None):
        self.turns = None if turns is None else inputs.whole(
            turns, _("A bot's memory (in turns; None for ever)"), 0, MAX_TURNS, SetupError, 3)
        self._reset()

    def _reset(self) -> None:
        self._memory: dict[int, tuple[int, int]] = {}  # cell -> (tile code, turn last seen)
        self._seen = 0
        self._first: RunEvent | None = None
        self._turn = 0
        self._recent: list[tuple[int, RunAction]] = []

    def __repr__(self) -> str:
        return f"{type(self).__name__}(turns={self.turns})"

    def describe(self, lang: str | None = None) -> str:
        """The bot in words, for tables and charts a learner reads: "a computer player with no memory"
        (in ``lang``, default the language spoken: :mod:`rally.common.i18n`)."""
        with language(lang):
            if self.turns is None:
                return _("a computer player with perfect memory")
            if self.turns == 0:
                return _("a computer player with no memory")
            return ngettext("a computer player that remembers {n} turn", "a computer player that remembers {n} turns", self.turns).format(
                n=self.turns)

    # ------------------------------------------------------------------ memory
    def observe(self, obs: Observation) -> None:
        """Learn what happened since the bot last looked, from the public log in ``obs``
        (:meth:`choose` does this first; a new game starts a new memory)."""
        events = (obs if isinstance(obs, Observation) else _observed(obs)).events
        first = events[0] if events else None
        if first is not self._first or len(events) < self._seen:  # another game
            self._reset()
            self._first = first
        if self.turns == 0:
            self._seen = len(events)
            return
        memory = self._memory
        turn = self._turn
        for e in events[self._seen:]:
            if isinstance(e, TileTurned):
                memory[e.cell] = (e.code, turn)
            elif isinstance(e, TileHidden):
                if e.cell in memory:
                    memory[e.cell] = (memory[e.cell][0], turn)
            elif isinstance(e, TilesSwapped):
                a, b = memory.pop(e.a, None), memory.pop(e.b, None)
                if a is not None:
                    memory[e.b] = a
                if b is not None:
                    memory[e.a] = b
                turn += 1
            elif isinstance(e, CarMoved):
                turn += 1
        self._turn = turn
        self._seen = len(events)

    def remembered(self, obs: Observation) -> dict[int, int]:
        """Cell -> tile code for the face-down tiles this bot remembers now (call after
        :meth:`observe` has shown it ``obs``)."""
        if self.turns == 0:
            return {}
        codes = (obs if isinstance(obs, Observation) else _observed(obs)).codes
        now = self._turn
        return {c: code for c, (code, seen) in self._memory.items()
                if codes[c] == -1 and (self.turns is None or now - seen <= self.turns)}

    # ------------------------------------------------------------------ policy
    def choose(self, view: View, actions: Sequence[RunAction], rng: random.Random) -> RunAction:
        """One of ``actions`` for the player of ``view`` (see the module's docstring)."""
        actions = choice(actions, rng)
        if isinstance(view, RallyRunGame):
            seat = view.current_player
            if seat is None:
                raise SetupError(_("The game is over: there is nothing to choose."))
            obs = view.observation(seat)
        else:
            obs = view
        self.observe(obs)
        action = self._choose(obs, actions, rng)
        if obs.phase == "move":
            # A loop breaker: the same choice from the same place three times in the
            # bot's last twelve turns means the plan goes round in circles; try
            # something else at random.
            key = (obs.places[obs.seat], action)
            recent = self._recent
            if recent.count(key) >= 2:
                action = actions[int(rng.random() * len(actions))]
                key = (obs.places[obs.seat], action)
            recent.append(key)
            if len(recent) > 12:
                del recent[0]
        return action

    def _choose(self, obs: Observation, actions: Sequence[RunAction], rng: random.Random) -> RunAction:
        known = self.remembered(obs)
        seat = obs.seat
        src = obs.places[seat]
        if src < CELLS and src != PIT:
            known[src] = obs.codes[src]  # the tile under the car: seen now, re-laid on a return
        held = obs.held[seat]
        target = PIT if held is None else CELLS + COLORS.index(held)
        cell = obs.pending
        if cell is not None:  # the rotations of the tile just revealed
            kind = obs.codes[cell] >> 2
            turns: list[Source] = [(0.0, cell, MASKS[kind * 4 + a.rotation], a)
                                   for a in actions if isinstance(a, Rotate)]
            best = _plan(obs, known, target, turns, rng)
            return best if best is not None else actions[int(rng.random() * len(actions))]
        sources: list[Source] = []
        swaps_from = len(actions)
        for i, a in enumerate(actions):
            if isinstance(a, Swap):
                swaps_from = i
                break
            if isinstance(a, Finish):
                return a
            if not isinstance(a, (Reveal, DriveTo)):
                continue
            dst = a.cell.index
            if dst == target:
                return a
            penalty = 0.0 if (isinstance(a, DriveTo) or dst in known) else UNKNOWN
            sources.append((penalty, dst, -1 - opposite(direction(src, dst)), a))
        best = _plan(obs, known, target, sources, rng) if sources else None
        swaps = actions[swaps_from:]
        if best is not None:
            if isinstance(best, Reveal) and known.get(best.cell.index, 0) >> 2 == DEAD_END:
                better = self._swap_out(obs, best.cell.index, known)
                if better is not None:
                    return better
            return best
        # No known way to the goal. Explore an unknown tile if there is one; otherwise
        # replace a remembered useless tile in front of the car by another one.
        sources.sort(key=lambda s: distance(s[1], target) + rng.random())
        for s in sources:
            if isinstance(s[3], Reveal) and s[1] not in known:
                return s[3]
        better = self._unblock(obs, known, target)
        if better is not None:
            return better
        for s in sources:
            if isinstance(s[3], Reveal):
                better = self._replace(obs, s[1], known, rng)
                if better is not None:
                    return better
        if sources:
            return sources[0][3]
        better = self._swap_in_front(obs, known, target)
        if better is not None:
            return better
        if not swaps:  # none of the actions is one this view allows
            no_choice(actions)
        return swaps[int(rng.random() * len(swaps))]

    @staticmethod
    def _unblock(obs: Observation, known: dict[int, int], target: int) -> Swap | None:
        """Swap the remembered dead end nearest the goal with a tile farther from it,
        remembered as better if possible."""
        dead = sorted((c for c, code in known.items() if code >> 2 == DEAD_END and obs.codes[c] == -1),
                      key=lambda c: distance(c, target))
        if not dead:
            return None
        others = [c for c in range(CELLS) if obs.codes[c] == -1 and known.get(c, 0) >> 2 != DEAD_END]
        others.sort(key=lambda c: (c not in known, -distance(c, target)))
        for c in dead[:2]:
            for o in others:
                if distance(o, target) > distance(c, target):
                    swap = _swap_of(obs, c, o)
                    if swap is not None:
                        return swap
        return None

    @staticmethod
    def _replace(obs: Observation, cell: int, known: dict[int, int], rng: random.Random) -> Swap | None:
        """A swap of ``cell`` with a remembered tile of another kind (crossroads first),
        or else with a tile the bot does not know."""
        here = known.get(cell, -4) >> 2
        for kind in (2, 1, 0):
            if kind == here:
                continue
            for other, code in known.items():
                if code >> 2 == kind:
                    swap = _swap_of(obs, cell, other)
                    if swap is not None:
                        return swap
        fresh = [c for c in range(CELLS) if c not in known and _swap_of(obs, cell, c) is not None]
        return _swap_of(obs, cell, fresh[int(rng.random() * len(fresh))]) if fresh else None

    @staticmethod
    def _swap_out(obs: Observation, bad: int, known: dict[int, int]) -> Swap | None:
        """A swap putting a remembered non-dead-end tile on ``bad``."""
        for cell, code in known.items():
            if code >> 2 != DEAD_END:
                swap = _swap_of(obs, cell, bad)
                if swap is not None:
                    return swap
        return None

    @staticmethod
    def _swap_in_front(obs: Observation, known: dict[int, int], target: int) -> Swap | None:
        """When stuck: bring a remembered crossroads next to the goal, if any."""
        crosses = [c for c, code in known.items() if code >> 2 == 2 and obs.codes[c] == -1]
        goal = target if target < CELLS else next(n for n in NEIGHBOURS[target] if 0 <= n < CELLS)
        for n in NEIGHBOURS[goal] + (goal,):
            if 0 <= n < CELLS and n not in crosses:
                for c in crosses:
                    swap = _swap_of(obs, c, n)
                    if swap is not None:
                        return swap
        return None


#: Extra cost of stepping onto a tile the bot does not know (it may lead nowhere).
UNKNOWN = 0.7
#: ``EXITS[kind][entry]``: every direction a tile of that kind can be made to open to,
#: when a car enters it from ``entry`` and lays it to meet its road.
EXITS = tuple(
    tuple(
        functools.reduce(lambda acc, r: acc | (MASKS[k * 4 + r] if MASKS[k * 4 + r] & BITS[e] else 0),
                         range(PERIODS[k]), 0)
        for e in range(4))
    for k in range(4))


#: ``_STEPS[place][mask]``: ``(neighbour, entry)`` for each opening of ``mask`` that
#: stays on the board.
_STEPS = tuple(
    tuple(tuple((NEIGHBOURS[p][d], opposite(d)) for d in range(4) if m & BITS[d] and NEIGHBOURS[p][d] >= 0)
          for m in range(16))
    for p in range(len(NEIGHBOURS)))


_DIST = tuple(tuple(distance(a, b) for a in range(len(NEIGHBOURS))) for b in range(len(NEIGHBOURS)))


#: A place to plan from: ``(cost, cell, how, action)`` (see :func:`_plan`).
Source = tuple[float, int, int, RunAction]


def _plan(obs: Observation, known: dict[int, int], target: int, sources: Sequence[Source],
          rng: random.Random) -> RunAction | None:
    """Cheapest way to the target from ``sources``, a list of ``(cost, cell, how, tag)``:
    ``how`` is an openings mask to leave ``cell`` by (a rotation being chosen), or
    ``-1 - entry`` for a car entering ``cell`` from direction ``entry``. Returns the tag
    of the best source, or None if no way is known. Face-up tiles are fixed, remembered
    tiles can be laid as the bot likes, unknown tiles may go anywhere at a small cost."""
    search = _Search(obs.codes, known, target)
    for tag, (cost, cell, how, _action) in enumerate(sources):
        cost += rng.random() * 0.2
        if how >= 0:
            search.leave(cost, cell, how, tag)
        else:
            search.reach(cost + 1.0, cell, cell * 4 + ((-1 - how) if cell in known else 0), tag)
    best = search.run()
    return sources[best][3] if best >= 0 else None


class _Search:
    """:func:`_plan`'s A* search over (cell, entry) states; the open-board distance to
    the target never overestimates. ``done`` is the cheapest way to the target found so
    far, ``tag`` the number of the source it starts from (-1: none yet)."""

    __slots__ = ("codes", "known", "target", "h", "best", "heap", "done", "tag")

    def __init__(self, codes: Sequence[int], known: dict[int, int], target: int) -> None:
        self.codes, self.known, self.target, self.h = codes, known, target, _DIST[target]
        self.best: dict[int, float] = {}
        self.heap: list[tuple[float, float, int, int]] = []  # (estimate, cost, state, source number)
        self.done, self.tag = 1e9, -1

    def reach(self, cost: float, cell: int, state: int, tag: int) -> None:
        """Reach ``state`` on ``cell`` at ``cost`` from source ``tag``, if that is cheaper."""
        if cost < self.best.get(state, 1e9):
            self.best[state] = cost
            heapq.heappush(self.heap, (cost + self.h[cell], cost, state, tag))

    def leave(self, cost: float, cell: int, mask: int, tag: int) -> None:
        """Leave ``cell`` by the openings ``mask`` for every neighbour a way may go on to."""
        c0 = cost + 1.0
        known, codes, target = self.known, self.codes, self.target
        for n, e in _STEPS[cell][mask]:
            if n == target:
                if c0 < self.done:
                    self.done, self.tag = c0, tag
                continue
            if n >= CELLS:
                continue
            c = c0
            if n in known:
                state = n * 4 + e  # a remembered tile: where it can lead depends on the entry
            else:
                code = codes[n]
                if code >= 0:
                    if not MASKS[code] & BITS[e]:
                        continue
                elif code == -1:
                    c += UNKNOWN
                state = n * 4  # fixed or unknown: the way in does not matter
            self.reach(c, n, state, tag)

    def run(self) -> int:
        """Search until no cheaper way can be found; the number of the best source, or -1."""
        heap, best, known, codes = self.heap, self.best, self.known, self.codes
        while heap:
            f, cost, state, tag = heapq.heappop(heap)
            if f >= self.done:
                break
            if cost > best[state]:
                continue
            cell, e = state >> 2, state & 3
            if cell == PIT:
                mask = 15
            elif cell in known:
                mask = EXITS[known[cell] >> 2][e]
            else:
                code = codes[cell]
                mask = MASKS[code] if code >= 0 else 15
            self.leave(cost, cell, mask, tag)
        return self.tag


def _swap_of(obs: Observation, a: int, b: int) -> Swap | None:
    """The swap of cells ``a`` and ``b`` if it is allowed now."""
    if a == b:
        return None
    codes, no = obs.codes, obs.no_swap
    if codes[a] != -1 or codes[b] != -1 or a in no or b in no:
        return None
    return SWAPS[(a, b) if a < b else (b, a)]


class PerfectMemoryBot(MemoryBot):
    """Remembers every tile it has seen, for the whole game, and follows swaps."""

    def __init__(self) -> None:
        super().__init__(None)

    def __repr__(self) -> str:
        return "PerfectMemoryBot()"


class ForgetfulBot(MemoryBot):
    """Forgets a tile ``turns`` turns of the table after last seeing it."""

    def __init__(self, turns: int = 4) -> None:
        super().__init__(inputs.whole(turns, _("ForgetfulBot's memory (in turns; NoMemoryBot() remembers nothing)"),
                                      1, MAX_TURNS, SetupError, 4))

    def __repr__(self) -> str:
        return f"ForgetfulBot(turns={self.turns})"


class NoMemoryBot(MemoryBot):
    """Knows only the tiles that are face up right now."""

    def __init__(self) -> None:
        super().__init__(0)

    def __repr__(self) -> str:
        return "NoMemoryBot()"


class RandomRunBot:
    """Chooses uniformly among the legal actions (for tests and baselines)."""

    def choose(self, view: View, actions: Sequence[RunAction], rng: random.Random) -> RunAction:
        actions = choice(actions, rng)
        return actions[int(rng.random() * len(actions))]

    def __repr__(self) -> str:
        return "RandomRunBot()"

    def describe(self, lang: str | None = None) -> str:
        """The bot in words: "a bot that moves at random" (in ``lang``, default the
        language spoken: :mod:`rally.common.i18n`)."""
        with language(lang):
            return _("a bot that moves at random")


def play_out(game: RallyRunGame, bots: Sequence[RunBot], rng: random.Random) -> RallyRunGame:
    """Play ``game`` to its end, asking ``bots[seat]`` with that seat's observation.
    Returns the game (it always ends: decision R8 bounds the turns)."""
    inputs.instance(game, RallyRunGame, _("The game"), SetupError, "RallyRunGame.new(2, seed=6)")
    play_bots(game, bots, rng)  # which checks the bots, one per player, and the random generator
    return game


def parse_bot(text: str) -> MemoryBot | RandomRunBot:
    """A bot from its short name: ``perfect``, ``forgetful:K`` (``forgetful`` is K=4;
    K from 1 to :data:`~rally.rally_run.state.MAX_TURNS`, in the digits 0-9), ``none``
    or ``random``.

    >>> parse_bot("forgetful:٣")
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: K in forgetful:K (turns of memory) must be a whole number from 1 to 10000 written in the digits 0-9, like 1, not “٣”.
    """
    t = inputs.text(text, _("A bot"), SetupError, "perfect", MAX_BOT_TEXT).strip().lower()
    if t == "perfect":
        return PerfectMemoryBot()
    if t in ("none", "nomemory"):
        return NoMemoryBot()
    if t == "random":
        return RandomRunBot()
    if t == "forgetful":
        return ForgetfulBot()
    if t.startswith("forgetful:"):
        return ForgetfulBot(inputs.whole_text(t[len("forgetful:"):], _("K in forgetful:K (turns of memory)"), 1,
                                              MAX_TURNS, SetupError))
    # TRANSLATORS: perfect, forgetful:K, none and random are what the program reads: keep them.
    inputs.fail(SetupError, _("A bot"), _("perfect, forgetful:K (K turns, at least 1), none or random"), text,
                "'forgetful:3'")


__all__ = ["RunBot", "MemoryBot", "PerfectMemoryBot", "ForgetfulBot", "NoMemoryBot", "RandomRunBot", "play_out",
           "parse_bot"]
