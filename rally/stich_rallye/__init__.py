"""Stich Rallye (Ravensburger): the rules, explained, in pure Python.

Rulings S1-S13 are in ``shared/RULINGS.md``; the project's own decisions are in
``docs/decisions.md``. The names imported here are ``rally``'s too (``from rally import
Game``; ``rally.__init__`` lists them).

Where each rule lives:

- cards.py      S2, S3  cards, colors, the deck for 3-5 players, hand sizes
- tricks.py     S4, S5  following the lead color; the last new color wins
- motor.py      S11     the motor dial, winding and over-winding
- track.py      S10     tracks as text, the volcano and beach models
- movement.py   S6, S7, S9  progress, counting and jumping, downhill/uphill rolls
- round_end.py  S12     who releases a motor first, who takes the flag after
- kernel.py     S3, S5, S8, S11-S13  a game's state as integers and the primitives every path plays
                through: deal, play a card, settle a trick, move a car, end a round
- playout.py    whole games played fast (random or careful players) through those primitives
- game.py       S1, S8  the state machine: turns and the turbo choice, checked, in words, as states
- events.py     the typed event log
- state.py      a moment of a game as plain data (GameState)
- legality.py   what no real game could produce: the invariants I1-I10 (docs/invariants.md)
- serialization.py  a state as JSON and back (shape only)
- table_setup.py    the steps of setting the table up, in words
- table_view.py what everybody at the table sees (no hand but its size): pass-and-play's screen
- bots.py       RandomBot, HeuristicBot, play_out
- analysis.py   seeded experiments over many games (win rates)
- replay.py     a recorded game event by event: the table after event k
- position.py   what-if positions: any moment of a game, checked
- position_code.py  a position as a one-line code and as JSON, and back
- unseen.py     the cards a position does not show, dealt at random consistently with it
- evidence.py   what this round's plays say about the unseen cards: deals weighed by a model of careful play
- advisor.py    which choice wins: each option played out many times
- reasons.py    why an option does what it does, in the rules' own terms (the coach)
- stakes.py     what winning or losing the trick on the table changes for the decider
- review.py     a game review: each decision one player made, held against the advisor's best
- moments.py    a guided first game: each new thing, the first time it happens
- examples.py   the positions lessons and docs show, each reached by a seeded game
"""

from .bots import Bot, HeuristicBot, RandomBot, play_out, play_until
from .cards import CARDS, HAND_SIZES, Card, Color, deck, parse_cards
from .events import (
    CardPlayed, Dealt, Event, FlagTaken, GameWon, LapCompleted, LapLost, MotorReleased, MotorWound, Moved,
    RoundEnded, TrickWon, TurboDeclined, TurboUsed,
)
from .game import CAR_COLORS, Game, Turbo, parse_action, trick_move
from .round_end import leader, release_order
from .table_setup import setup_steps
from .table_view import TableView, table_view
from .state import GameState
from .motor import DEFAULT_DIAL, Motor, check_dial
from .movement import How, Move, PathStep, check_positions, move, position_problems
from .track import TRACKS, SpaceKind, Track, get_track, track_form
from .position import Position
from .advisor import Advice, AdvisorBot, OptionResult, advise
from .review import Review, ReviewedDecision, review, review_steps
from .tricks import TrickExplanation, check_trick, explain_trick, legal_plays, play_rule, trick_winner, why_illegal
