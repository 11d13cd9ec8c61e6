"""The Stich Rallye views, one a file: the track, cards, motors, tricks, a whole game (alone
or passed round a table), the lessons' controls, the game review, the what-if tools and
the self-check questions."""

from .advice_chart import AdviceChart
from .advisor_panel import AdvisorPanel
from .box_setup import BoxSetup
from .card_hand import CardHand
from .copy_button import CopyButton
from .game_replay import GameReplay
from .game_review import GameReview, ReviewChart
from .game_setup import GameSetup
from .game_view import GameView
from .guided_game import GuidedGame
from .motor_dial import MotorDial
from .motor_playground import MotorPlayground
from .move_explorer import MoveExplorer
from .move_player import MovePlayer
from .position_editor import PositionEditor
from .screen_cover import ScreenCover
from .quizzes import motor_quiz, round_end_quiz, start_quiz, tricks_quiz
from .track_figure import TrackFigure, TrackFrame
from .track_quizzes import moving_quiz
from .trick_explorer import TrickExplorer
from .trick_table import TrickTable
from .turbo_choice import TurboChoice
from .what_if import WhatIf

__all__ = [
    "AdviceChart", "AdvisorPanel", "BoxSetup", "CardHand", "CopyButton", "GameReplay", "GameReview", "GameSetup", "GameView", "GuidedGame", "MotorDial", "MotorPlayground",
    "MoveExplorer", "MovePlayer", "PositionEditor", "ReviewChart", "ScreenCover", "TrackFigure", "TrackFrame", "TrickExplorer", "TrickTable", "TurboChoice", "WhatIf",
    "motor_quiz", "moving_quiz", "round_end_quiz", "start_quiz", "tricks_quiz",
]
