"""The Rally Run views: the board played by clicks, the guided first game, the memory
experiment's chart, and the lesson's self-check questions."""

from .board import RallyRunBoard
from .free_play import FreePlayBoard
from .guided_game import GuidedRun
from .memory_chart import MemoryChart, MemoryExperiment
from .quizzes import rally_run_quiz

__all__ = ["FreePlayBoard", "GuidedRun", "MemoryChart", "MemoryExperiment", "RallyRunBoard", "rally_run_quiz"]
