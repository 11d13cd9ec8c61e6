"""Bots playing Rally Run, as text: what ``python -m rally run`` prints.

>>> print(simulate(2, seed=6, bots="perfect", brief=True).splitlines()[-1])
Winner: Ada, who reached the finish with the trophy.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from ..errors import SetupError
from .board import MAX_PLAYERS, MIN_PLAYERS
from .bots import parse_bot, play_out
from .events import CarMoved, RunGameWon, TileRevealed, TilesSwapped, TrophyTaken
from .game import RallyRunGame


def numbered(events):
    """``(turn, event)`` pairs, turns counted from 1: a turn starts with a reveal, a swap
    or a drive that reveals nothing."""
    turn = 0
    for event in events:
        if isinstance(event, (TileRevealed, TilesSwapped)) or (isinstance(event, CarMoved) and event.how != "reveal"):
            turn += 1
        yield turn, event


def parse_bots(text: str, players: int) -> list:
    """One bot name for everybody (``"perfect"``) or one per player (``"perfect,none"``)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"Rally Run is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")
    parts = [p for p in text.split(",")]
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise SetupError(f"--bots names one bot for everybody or one per player ({players}), not {len(parts)}: "
                         f"like perfect or perfect,forgetful:3,none.")
    return [parse_bot(p) for p in parts]


def simulate(players: int, seed: int = 0, bots: str = "perfect", brief: bool = False,
             max_turns: int | None = None) -> str:
    """A readable log of one game played by ``bots``; the last line names the winner."""
    chosen = parse_bots(bots, players)
    game = RallyRunGame.new(players, seed=seed, max_turns=max_turns)
    play_out(game, chosen, random.Random(seed))
    names = game.names
    lines = [
        f"Rally Run: {players} players, seed {seed}, at most {game.max_turns} turns.",
        "Players: " + ", ".join(f"{names[s]} ({game.start_colors[s]} car, {chosen[s]!r})" for s in range(players)) + ".",
        "",
    ]
    for turn, event in numbered(game.events):
        if not brief or isinstance(event, (TrophyTaken, RunGameWon)):
            prefix = f"Turn {turn}: " if not isinstance(event, RunGameWon) else ""
            lines.append(f"{prefix}{event.describe(names)}")
    lines.append("")
    lines.append(game.summary())
    lines.append("")
    how = {"finish": "reached the finish with the trophy",
           "turn limit": "was closest to their goal when the turn limit was reached",
           "all stuck": "was closest to their goal when no car could ever move again"}[game.end_reason]
    lines.append(f"Winner: {names[game.winner]}, who {how}.")
    return "\n".join(lines)


def simulate_many(players: int, games: int, seed: int = 0, bots: str = "perfect",
                  max_turns: int | None = None) -> str:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...): wins by seat, how games
    ended, turns, and games per second."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SetupError(f"--games is a whole number of games from 1, not {games!r}.")
    chosen = parse_bots(bots, players)
    wins, reasons, turns = Counter(), Counter(), []
    start = time.perf_counter()
    for k in range(games):
        game = RallyRunGame.new(players, seed=seed + k, max_turns=max_turns)
        play_out(game, chosen, random.Random(seed + k))
        wins[game.winner] += 1
        reasons[game.end_reason] += 1
        turns.append(game.turn)
    elapsed = time.perf_counter() - start
    turns.sort()
    names = game.names
    lines = [f"Rally Run: {games} games of {players} players, seeds {seed} to {seed + games - 1}."]
    for s in range(players):
        lines.append(f"  {names[s]} ({chosen[s]!r}): {wins[s]} wins ({100 * wins[s] / games:.0f}%)")
    lines.append("Ended by: " + ", ".join(f"{r} {n}" for r, n in reasons.most_common()) + ".")
    lines.append(f"Turns per game: median {turns[len(turns) // 2]}, longest {turns[-1]}.")
    lines.append(f"Speed: {games / elapsed:.0f} games a second ({elapsed:.2f} s).")
    return "\n".join(lines)
