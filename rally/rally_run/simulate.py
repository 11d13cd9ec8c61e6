"""Bots playing Rally Run, as text: what ``python -m rally run`` prints; and the
experiment "how much does memory help?" (:func:`memory_win_rates`).

Every count is bounded, so no call runs for days without a word: at most
:data:`MAX_GAMES` games (a few hundred a second), turn limits up to
:data:`~rally.rally_run.state.MAX_TURNS` and at most :data:`MAX_RUN_TURNS` turns in
all (games times the turn limit), seeds from 0 to 2**64-1 (game ``k`` of a run uses
seed ``seed + k``, so the last one must fit too), and at most :data:`MAX_MEMORIES`
memory lengths, :data:`MAX_GAMES` games in all, in one experiment.

>>> print(simulate(2, seed=6, bots="perfect", brief=True).splitlines()[-1])
Winner: Bo, who reached the finish with the trophy.
>>> print(memory_win_rates([0, 1, None], games=20, seed=1).table())
memory        wins    win rate   95% interval
none            12       60.0%   38.7% - 78.1%
1 turn          12       60.0%   38.7% - 78.1%
perfect         16       80.0%   58.4% - 91.9%
(20 games each, 2 players, against a computer player with no memory; a fair share would be 50.0%)
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..common import inputs
from ..common.stats import wilson_interval
from ..common.errors import SetupError
from ..common.i18n import _, decimal, language, ngettext, percent, percent_range, pgettext
from .board import MAX_PLAYERS, MIN_PLAYERS, color_adjective
from .bots import ForgetfulBot, MemoryBot, NoMemoryBot, PerfectMemoryBot, RandomRunBot, parse_bot, play_out
from .events import CarMoved, RunEvent, RunGameWon, TileRevealed, TilesSwapped, TrophyTaken
from .game import TURNS_PER_PLAYER, RallyRunGame
from .state import MAX_TURNS

#: The most games one call plays (``python -m rally run --games``, :func:`memory_win_rates`).
MAX_GAMES = 10_000
#: The most turns one run may play: games times the turn limit (minutes at worst, not days).
MAX_RUN_TURNS = 10_000_000
#: The most memory lengths one experiment compares.
MAX_MEMORIES = 20
#: The longest ``--bots`` text: a name per player.
MAX_BOTS_TEXT = 100


def numbered(events: Iterable[RunEvent], before: int = 0) -> Iterator[tuple[int, RunEvent]]:
    """``(turn, event)`` pairs, turns counted from ``before + 1`` (``before``: the turns
    played before the log starts, as in an arranged game): a turn starts with a reveal, a
    swap or a drive that reveals nothing."""
    turn = before
    for event in events:
        if isinstance(event, (TileRevealed, TilesSwapped)) or (isinstance(event, CarMoved) and event.how != "reveal"):
            turn += 1
        yield turn, event


def log_lines(events: Iterable[RunEvent], names: Sequence[str], before: int = 0,
              lang: str | None = None) -> list[str]:
    """Each event in words, numbered by turn (``"Turn 3: Bo swaps ..."``), counting the
    ``before`` turns played before the log starts; the end of the game has no number
    (in ``lang``, default the language spoken: :mod:`rally.common.i18n`)."""
    with language(lang):
        return [event.describe(names) if isinstance(event, RunGameWon) else
                _("Turn {turn}: {event}").format(turn=turn, event=event.describe(names))
                for turn, event in numbered(events, before)]


def parse_bots(text: str, players: int) -> list[MemoryBot | RandomRunBot]:
    """One bot name for everybody (``"perfect"``) or one per player (``"perfect,none"``)."""
    players = inputs.whole(players, _("The number of players"), MIN_PLAYERS, MAX_PLAYERS, SetupError)
    parts = inputs.text(text, "--bots", SetupError, "perfect,forgetful:3", MAX_BOTS_TEXT).split(",")
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        # TRANSLATORS: --bots and the bot names after "like" are what the program reads: keep them.
        raise SetupError(_("--bots names one bot for everybody or one per player ({players}), not {n}: like perfect "
                           "or perfect,forgetful:3,none.").format(players=players, n=len(parts)))
    return [parse_bot(p) for p in parts]


def _first_seed(seed: object, games: int, what: str) -> int:
    """A seed for ``games`` games, which use seeds ``seed`` to ``seed + games - 1``."""
    first = inputs.seed(seed, SetupError, what)
    if first + games - 1 > inputs.MAX_SEED:
        inputs.fail(SetupError, what, ngettext(
            "at most 2**64 - {n} for {n} game (game k uses the seed + k)",
            "at most 2**64 - {n} for {n} games (game k uses the seed + k)", games).format(n=games), seed, 0)
    return first


def simulate(players: int, seed: int = 0, bots: str = "perfect", brief: bool = False,
             max_turns: int | None = None, lang: str | None = None) -> str:
    """A readable log of one game played by ``bots``; the last line names the winner
    (in ``lang``, default the language spoken: :mod:`rally.common.i18n`)."""
    with language(lang):
        return _simulate(players, seed, bots, brief, max_turns)


def _simulate(players: int, seed: int, bots: str, brief: bool, max_turns: int | None) -> str:
    seed = inputs.seed(seed, SetupError)
    chosen = parse_bots(bots, players)
    game = RallyRunGame.new(players, seed=seed, max_turns=max_turns)
    play_out(game, chosen, random.Random(seed))
    names = game.names
    # TRANSLATORS: {bot} is the bot in words, like "a computer player with perfect memory".
    who = ", ".join(_("{name} ({color} car, {bot})").format(
        name=names[s], color=color_adjective(game.start_colors[s]), bot=chosen[s].describe()) for s in range(players))
    lines = [
        ngettext("Rally Run: {players} players, seed {seed}, at most {n} turns.",
                 "Rally Run: {players} players, seed {seed}, at most {n} turns.", game.max_turns).format(
            players=players, seed=seed, n=game.max_turns),
        _("Players: {players}.").format(players=who),
        "",
    ]
    for line, event in zip(log_lines(game.events, names), game.events):
        if not brief or isinstance(event, (TrophyTaken, RunGameWon)):
            lines.append(line)
    lines.append("")
    lines.append(game.summary())
    lines.append("")
    assert game.winner is not None and game.end_reason is not None  # play_out plays to the end
    if game.end_reason == "finish":
        winner = _("Winner: {name}, who reached the finish with the trophy.")
    elif game.end_reason == "turn limit":
        winner = _("Winner: {name}, who was ahead when the turn limit was reached (a trophy in hand first, then the "
                   "fewest steps to go; a tie to the later player).")
    else:
        winner = _("Winner: {name}, who was ahead when no car could ever move again (a trophy in hand first, then "
                   "the fewest steps to go; a tie to the later player).")
    lines.append(winner.format(name=names[game.winner]))
    return "\n".join(lines)


def simulate_many(players: int, games: int, seed: int = 0, bots: str = "perfect",
                  max_turns: int | None = None, lang: str | None = None) -> str:
    """Play ``games`` games (1 to :data:`MAX_GAMES`; seeds ``seed``, ``seed + 1``, ...):
    wins by seat, how games ended, turns, and games per second (in ``lang``, default
    the language spoken: :mod:`rally.common.i18n`)."""
    with language(lang):
        return _simulate_many(players, games, seed, bots, max_turns)


def _simulate_many(players: int, games: int, seed: int, bots: str, max_turns: int | None) -> str:
    games = inputs.whole(games, "--games", 1, MAX_GAMES, SetupError, 300)
    seed = _first_seed(seed, games, "--seed")
    chosen = parse_bots(bots, players)
    limit = TURNS_PER_PLAYER * len(chosen) if max_turns is None else inputs.whole(
        max_turns, _("The turn limit"), 1, MAX_TURNS, SetupError, TURNS_PER_PLAYER * len(chosen))
    if games * limit > MAX_RUN_TURNS:
        # TRANSLATORS: --games is the command line's option: keep it.
        inputs.fail(SetupError, _("--games times the turn limit"),
                    _("at most {n} turns in one run").format(n=MAX_RUN_TURNS),
                    ngettext("{games} games of at most {n} turns", "{games} games of at most {n} turns", limit).format(
                        games=games, n=limit), _("300 games of 200 turns"))
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    names: tuple[str, ...] = ()
    start = time.perf_counter()
    for k in range(games):
        game = RallyRunGame.new(players, seed=seed + k, max_turns=max_turns)
        play_out(game, chosen, random.Random(seed + k))
        wins[game.winner if game.winner is not None else -1] += 1
        reasons[game.end_reason or ""] += 1
        turns.append(game.turn)
        names = game.names
    elapsed = time.perf_counter() - start
    turns.sort()
    lines = [ngettext("Rally Run: {n} games of {players} players, seeds {seed} to {last}.",
                      "Rally Run: {n} games of {players} players, seeds {seed} to {last}.", games).format(
        n=games, players=players, seed=seed, last=seed + games - 1)]
    for s in range(players):
        lines.append("  " + ngettext("{name} ({bot}): {n} wins ({percent})", "{name} ({bot}): {n} wins ({percent})",
                                     wins[s]).format(name=names[s], bot=chosen[s].describe(), n=wins[s],
                                                     percent=percent(wins[s] / games)))
    ends = {"finish": pgettext("end reason", "finish"), "turn limit": pgettext("end reason", "turn limit"),
            "all stuck": pgettext("end reason", "all stuck")}
    lines.append(_("Ended by: {ends}.").format(
        ends=", ".join(f"{ends.get(r, r)} {n}" for r, n in reasons.most_common())))
    lines.append(_("Turns per game: median {median}, longest {longest}.").format(
        median=turns[len(turns) // 2], longest=turns[-1]))
    lines.append(_("Speed: {rate} games a second ({seconds} s).").format(
        rate=decimal(games / elapsed), seconds=decimal(elapsed, 2)))
    return "\n".join(lines)


# --------------------------------------------------------------- how much does memory help?


@dataclass(frozen=True)
class MemoryRow:
    """One memory length's result: ``turns`` is ``None`` for perfect memory, 0 for none."""

    turns: int | None
    wins: int
    games: int

    @property
    def label(self) -> str:
        """The memory length in words, in the language spoken: ``"perfect"``, ``"none"``, ``"3 turns"``."""
        if self.turns is None:
            return pgettext("memory", "perfect")
        if self.turns == 0:
            return pgettext("memory", "none")
        return ngettext("{n} turn", "{n} turns", self.turns).format(n=self.turns)

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class MemoryResult:
    """What :func:`memory_win_rates` found: one row per memory length, in the order asked."""

    rows: tuple[MemoryRow, ...]
    players: int
    opponents: tuple[str, ...]
    seed: int

    @property
    def fair_share(self) -> float | None:
        """The win rate of a bot no better than its opponents, when they all play
        alike; ``None`` when they differ (then no single rate is "fair")."""
        return 1 / self.players if len(set(self.opponents)) == 1 else None

    def table(self, lang: str | None = None) -> str:
        """A plain-text table, one line per memory length (in ``lang``, default the
        language spoken: :mod:`rally.common.i18n`; the opponents are named in the language
        spoken when :func:`memory_win_rates` ran)."""
        with language(lang):
            lines = ["{memory:<10}{wins:>8}{rate:>12}   {interval}".format(
                memory=pgettext("table header", "memory"), wins=pgettext("table header", "wins"),
                rate=pgettext("table header", "win rate"),
                interval=pgettext("table header", "{level} interval").format(level=percent(0.95)))]
            for row in self.rows:
                low, high = row.interval
                lines.append(f"{row.label:<10}{row.wins:>8}{percent(row.rate, 1):>12}   {percent_range(low, high, 1)}")
            games = self.rows[0].games if self.rows else 0
            words = {"n": games, "players": self.players, "opponents": ", ".join(self.opponents)}
            if self.fair_share is not None:
                lines.append(ngettext(
                    "({n} games each, {players} players, against {opponents}; a fair share would be {fair})",
                    "({n} games each, {players} players, against {opponents}; a fair share would be {fair})",
                    games).format(fair=percent(self.fair_share, 1), **words))
            else:
                lines.append(ngettext("({n} games each, {players} players, against {opponents})",
                                      "({n} games each, {players} players, against {opponents})",
                                      games).format(**words))
            return "\n".join(lines)


def memory_bot(turns: int | None) -> MemoryBot:
    """The bot that remembers a tile ``turns`` turns (``None``: for ever, 0: not at all)."""
    if turns is None:
        return PerfectMemoryBot()
    return NoMemoryBot() if turns == 0 else ForgetfulBot(turns)


def memory_win_rates(memories: Iterable[int | None] | int | None = (0, 1, 2, 3, 5, 8, None),
                     opponents: Sequence[str] | str = ("none",), games: int = 300, seed: int = 0,
                     progress: Callable[[int, int], None] | None = None) -> MemoryResult:
    """How often a bot wins with each memory length against the same ``opponents``
    (bot names as in :func:`~rally.rally_run.parse_bot`; their number fixes the players).

    Game ``k`` is laid out from seed ``seed + k`` and the tested bot takes seat ``k``
    modulo the number of players, so every seat is played equally often; every memory
    length plays the very same layouts, so differences come from memory alone.
    ``progress(done, total)``, if given, is called after each game, with the games
    played so far and the games in all.
    """
    if progress is not None and not callable(progress):
        inputs.fail(SetupError, "progress", _("None or a function called as progress(done, total)"), progress, "print")
    if memories is None or inputs.is_whole(memories):
        lengths: list[object] = [memories]
    else:
        if isinstance(memories, (range, Iterator)):  # read no more than the bound allows
            memories = list(itertools.islice(memories, MAX_MEMORIES + 1))
        lengths = inputs.sequence(memories, _("The memory lengths"), SetupError, "[0, 3, None]", MAX_MEMORIES)
    # one name, not its letters
    names = [opponents] if isinstance(opponents, str) else inputs.sequence(
        opponents, _("The opponents"), SetupError, "['none']", MAX_PLAYERS)
    if not lengths:
        raise SetupError(_("Give at least one memory length to try, like [0, 3, None] (None: perfect memory)."))
    games = inputs.whole(games, _("The number of games"), 1, MAX_GAMES, SetupError, 300)
    seed = _first_seed(seed, games, _("The seed"))
    players = len(names) + 1
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(ngettext(
            "Give 1 to {high} opponents (Rally Run is for {low} to {most} players), not {n}.",
            "Give 1 to {high} opponents (Rally Run is for {low} to {most} players), not {n}.", len(names)).format(
            high=MAX_PLAYERS - 1, low=MIN_PLAYERS, most=MAX_PLAYERS, n=len(names)))
    checked: list[int | None] = [None if t is None else inputs.whole(
        t, _("A memory length (in turns; None for perfect)"), 0, MAX_TURNS, SetupError) for t in lengths]
    if games * len(checked) > MAX_GAMES:
        inputs.fail(SetupError, _("The games times the memory lengths"),
                    _("at most {n} games in all").format(n=MAX_GAMES),
                    ngettext("{games} games for each of {n} memory lengths",
                             "{games} games for each of {n} memory lengths", len(checked)).format(
                        games=games, n=len(checked)), _("300 games for 7"))
    labels = tuple(parse_bot(o).describe() for o in names)  # words a learner reads
    rows: list[MemoryRow] = []
    for turns in checked:
        wins = 0
        for k in range(games):
            me = k % players
            bots: list[MemoryBot | RandomRunBot] = [parse_bot(o) for o in names]
            bots.insert(me, memory_bot(turns))
            game = play_out(RallyRunGame.new(players, seed=seed + k), bots, random.Random(seed + k))
            wins += game.winner == me
            if progress is not None:
                progress(len(rows) * games + k + 1, len(checked) * games)
        rows.append(MemoryRow(turns, wins, games))
    return MemoryResult(tuple(rows), players, labels, seed)
