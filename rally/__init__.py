"""rally: the rules of Stich Rallye, explained, in pure Python.

Where each rule lives (rulings S1-S13 in ``shared/RULINGS.md``):

- cards.py      S2, S3  cards, colors, the deck for 3-5 players, hand sizes
- tricks.py     S4, S5  following the lead color; the last new color wins
- motor.py      S11     the motor dial, winding and over-winding
- track.py      S10     tracks as text, the volcano and beach models
- movement.py   S6, S7, S9  progress, counting and jumping, downhill/uphill rolls
- round_end.py  S12     who releases a motor first, who takes the flag after
- game.py       S1, S3, S8, S12, S13  the state machine: turns, turbo, round end, laps, the win
- events.py     the typed event log
- state.py      a moment of a game as plain data (GameState)
- legality.py   what no real game could produce: the invariants I1-I10 (docs/invariants.md)
- serialization.py  a state as JSON and back (shape only)
- inputs.py     reading numbers, names, texts and JSON: bounded, one message style
- turns.py      play_bots: computer players act until a person must decide (both games)
- table_view.py what everybody at the table sees (no hand but its size): pass-and-play's screen
- bots.py       RandomBot, HeuristicBot, play_out
- analysis.py   seeded experiments over many games (win rates)
- rally_run/    the second game, Rally Run (M1-M5): ``from rally import rally_run`` (loaded on demand)
- replay.py     a recorded game event by event: the table after event k
- history.py    a kept event log replayed and compared (both games)
- position.py   what-if positions: any moment of a game, as code and JSON
- advisor.py    which choice wins: each option played out many times
- review.py     a game review: each decision one player made, held against the advisor's best
- examples.py   the positions lessons and docs show, each reached by a seeded game
- i18n.py       languages: every sentence through gettext; catalogs in locale/ (docs/translating.md)
"""

from .bots import Bot, HeuristicBot, RandomBot, play_out, play_until
from .turns import play_bots
from .cards import CARDS, HAND_SIZES, Card, Color, deck, parse_cards
from .errors import CardError, IllegalAction, PositionError, RuleError, SetupError, TrackError
from .i18n import LanguageError, available_languages, get_language, language, set_language
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, LapCompleted, LapLost, MotorReleased, MotorWound, Moved,
    RoundEnded, TrickWon, TurboDeclined, TurboUsed,
)
from .game import CAR_COLORS, Game, Turbo, parse_action, trick_move
from .inputs import DEFAULT_NAMES
from .round_end import leader, release_order
from .table_setup import setup_steps
from .table_view import TableView, table_view
from .state import GameState
from .motor import DEFAULT_DIAL, Motor, check_dial
from .movement import How, Move, PathStep, check_positions, move, position_problems
from .track import TRACKS, SpaceKind, Track, get_track
from .position import Position
from .advisor import Advice, AdvisorBot, OptionResult, advise
from .review import Review, ReviewedDecision, review, review_steps
from .tricks import TrickExplanation, check_trick, explain_trick, legal_plays, play_rule, trick_winner, why_illegal

__all__ = [
    "Bot", "HeuristicBot", "RandomBot", "play_bots", "play_out", "play_until",
    "CARDS", "HAND_SIZES", "Card", "Color", "deck", "parse_cards",
    "CardError", "IllegalAction", "PositionError", "RuleError", "SetupError", "TrackError",
    "LanguageError", "available_languages", "get_language", "language", "set_language",
    "CardPlayed", "Dealt", "Event", "FlagTaken", "GameWon", "LapCompleted", "LapLost", "MotorReleased", "MotorWound",
    "Moved", "RoundEnded", "TrickWon", "TurboDeclined", "TurboUsed",
    "CAR_COLORS", "DEFAULT_NAMES", "Game", "GameState", "Turbo", "parse_action", "trick_move", "leader", "release_order", "setup_steps", "TableView", "table_view",
    "DEFAULT_DIAL", "Motor", "check_dial",
    "How", "Move", "PathStep", "check_positions", "move", "position_problems",
    "Position", "Advice", "AdvisorBot", "OptionResult", "advise", "Review", "ReviewedDecision", "review", "review_steps",
    "TRACKS", "SpaceKind", "Track", "get_track",
    "TrickExplanation", "check_trick", "explain_trick", "legal_plays", "play_rule", "trick_winner", "why_illegal",
]
