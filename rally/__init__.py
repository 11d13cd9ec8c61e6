"""rally: the rules of Stich Rallye and Rally Run, explained, in pure Python.

One package a game, and what both share beside them:

- common/        what both games share: errors, input checks, languages (i18n),
                 taking turns, event logs and their replay, guided first games, statistics
- stich_rallye/  Stich Rallye (rulings S1-S13): cards, tricks, motors, the track, the
                 game, bots, positions, the advisor, the review, the lessons' examples
- rally_run/     Rally Run (rulings M1-M5): tiles, the board, the game, bots, free play
- cli.py         ``python -m rally``: both games on the command line
- locale/        the engine's message catalogs

Stich Rallye's names are this package's too (``from rally import Game``), loaded on
first use: ``import rally.rally_run`` loads nothing of Stich Rallye.

>>> import rally
>>> rally.Game.new(3, seed=1).current_player
0
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .common.errors import CardError, IllegalAction, PositionError, RuleError, SetupError, TrackError
from .common.problem import Problem
from .common.refusal import Refusal
from .common.i18n import LanguageError, available_languages, get_language, language, set_language
from .common.inputs import DEFAULT_NAMES
from .common.turns import play_bots

if TYPE_CHECKING:
    from .stich_rallye import *  # noqa: F403  (what __getattr__ gives, for type checkers)
    from .stich_rallye import analysis, examples, replay

#: Stich Rallye's modules that are used by their short names: ``from rally import examples``.
_MODULES = frozenset({"analysis", "examples", "replay"})


def __getattr__(name: str) -> object:
    """Stich Rallye's public names and modules, imported on first use (then kept here)."""
    if name in _MODULES:
        value: object = importlib.import_module(f"{__name__}.stich_rallye.{name}")
    elif name in _STICH_RALLYE:
        value = getattr(importlib.import_module(f"{__name__}.stich_rallye"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | _MODULES)


#: Stich Rallye's public names (imported in ``rally/stich_rallye/__init__.py``).
_STICH_RALLYE = frozenset({
    "Bot", "HeuristicBot", "RandomBot", "play_out", "play_until",
    "CARDS", "HAND_SIZES", "Card", "Color", "deck", "parse_cards",
    "CardPlayed", "Dealt", "Event", "FlagTaken", "GameWon", "LapCompleted", "LapLost", "MotorReleased", "MotorWound",
    "Moved", "RoundEnded", "TrickWon", "TurboDeclined", "TurboUsed",
    "CAR_COLORS", "Game", "GameState", "Turbo", "parse_action", "trick_move", "leader", "release_order",
    "setup_steps", "TableView", "table_view",
    "DEFAULT_DIAL", "Motor", "check_dial",
    "How", "Move", "PathStep", "check_positions", "move", "position_problems",
    "Position", "Advice", "AdvisorBot", "OptionResult", "advise", "Review", "ReviewedDecision", "review", "review_steps",
    "TRACKS", "SpaceKind", "Track", "get_track", "track_form",
    "TrickExplanation", "check_trick", "explain_trick", "legal_plays", "play_rule", "trick_winner", "why_illegal",
})

__all__ = [
    "CardError", "IllegalAction", "PositionError", "Problem", "Refusal", "RuleError", "SetupError", "TrackError",
    "LanguageError", "available_languages", "get_language", "language", "set_language",
    "DEFAULT_NAMES", "play_bots", *sorted(_STICH_RALLYE),
]
