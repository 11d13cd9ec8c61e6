"""Interactive widgets over :mod:`rally`: the track, cards, motors, tricks and a whole
game against bots, for the lessons in ``notebooks/``.

- :class:`TrackFigure`  the track as a stadium-shaped Plotly figure, with animated moves
- :class:`CardHand`     a hand of clickable cards, the unplayable ones dimmed with the reason
- :class:`MotorDial`    a motor as an SVG dial, with its yellow or red side
- :class:`TrickTable`   a trick in play order, its winner and rally's explanation
- :class:`GameView`     a full game against bots, with a replay afterwards
- :class:`RallyRunBoard`  the Rally Run board from one player's view, playable by clicks against bots
- :class:`MemoryChart`  Rally Run: win rate by memory length, with intervals
- :class:`GameSetup`, :class:`MotorPlayground`, :class:`MoveExplorer`, :class:`TrickExplorer`  controls for lessons
- :class:`PositionEditor`, :class:`AdvisorPanel`, :class:`WhatIf`  what-if positions and the advisor
- :mod:`widgets.quiz`, :mod:`widgets.quizzes`  self-check questions judged by rally

Every widget takes its rules from ``rally`` and has a stable ``repr`` for nbval.
See ``docs/widgets.md`` for a notebook example.
"""

from .card_hand import CardHand
from .controls import GameSetup, MotorPlayground, MoveExplorer, TrickExplorer
from .game_view import GameView
from .motor_dial import MotorDial
from .rally_run_board import RallyRunBoard
from .rally_run_chart import MemoryChart
from rally.replay import ReplayState, replay_states
from .style import card_face, lap_label
from .track_figure import TrackFigure, TrackFrame
from .trick_table import TrickTable
from .what_if import AdviceChart, AdvisorPanel, CopyButton, PositionEditor, WhatIf

__all__ = [
    "AdviceChart", "AdvisorPanel", "CopyButton", "PositionEditor", "WhatIf",
    "CardHand", "GameSetup", "GameView", "MemoryChart", "MotorDial", "MotorPlayground", "MoveExplorer", "RallyRunBoard", "ReplayState", "TrackFigure", "TrackFrame",
    "TrickExplorer", "TrickTable", "card_face", "lap_label", "replay_states",
]
