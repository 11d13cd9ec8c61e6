"""Interactive views over :mod:`rally`, for the lessons in ``notebooks/``. Views draw;
the rules, the bots' turns, the replay and the quizzes' answers all come from ``rally``.

Shared by both games (this folder):

- ``plotly_view.py``  :class:`PlotlyView`: a Plotly figure in a box, on public APIs only
- ``quiz.py``         :class:`Quiz`: self-check questions, hint first, judged by rally
- ``messages.py``     the line where a widget says what was wrong with an input, and
  :class:`~widgets.messages.PageWrites`: the page sets only what a click chooses
- ``scroll_anchor.py`` :class:`ScrollAnchor`: brings a part of a view into the window, or the keyboard there
- ``announcer.py``    :class:`Announcer`: one live region a screen reader reads as a game goes on
- ``read_aloud.py``   :class:`ReadAloud` and :class:`SpeakButton`: the lesson's text, the widgets'
  messages and each new moment read aloud by the browser, in the lesson's language
- ``page_style.py``   :class:`PageStyle`: focus rings, whole labels and touch targets for every control
- ``style.py``        car colors, card faces and labels that never rely on color alone
- ``_display.py``     a stable plain-text view of every widget, for nbval
- ``course.py``       the course: the lessons in order, in every language they are written in
- ``course_progress.py`` :class:`CourseProgress` and :class:`LessonDone`: the learner's ticks,
  kept in the browser
- ``first_game.py``   :class:`FirstGame`: lesson 0's start, a game chosen and its guided first game
- ``first_check.py``  :class:`FirstCheck`: lesson 0's self-check, on the game chosen

Stich Rallye (``stich_rallye/``, one view a file): :class:`TrackFigure`,
:class:`CardHand`, :class:`MotorDial`, :class:`TrickTable`, :class:`GameView` (and the guided first game :class:`GuidedGame`; with
:class:`GameReview` and :class:`ReviewChart` after a coached game), the
lessons' controls :class:`GameSetup`, :class:`MoveExplorer`, :class:`MotorPlayground`,
:class:`TurboChoice`, :class:`TrickExplorer`, the what-if tools :class:`PositionEditor`, :class:`AdvisorPanel`,
:class:`AdviceChart`, :class:`WhatIf`, :class:`CopyButton`, and the quizzes.

Rally Run (``rally_run/``): :class:`RallyRunBoard` (one learner, or people together), the guided first game :class:`GuidedRun`, :class:`FreePlayBoard`
(free play: build a track), :class:`MemoryChart`, :class:`MemoryExperiment` and its quiz.

Every widget has a stable ``repr`` for nbval. See ``docs/widgets.md``.
"""

from rally.stich_rallye.replay import ReplayState, replay_states

from .announcer import Announcer
from .course_progress import CourseProgress, LessonDone
from .first_check import FirstCheck
from .first_game import FirstGame
from .page_style import PageStyle
from .plotly_view import PlotlyView
from .quiz import Feedback, Question, Quiz
from .read_aloud import ReadAloud, SpeakButton
from .scroll_anchor import ScrollAnchor
from .rally_run import FreePlayBoard, GuidedRun, MemoryChart, MemoryExperiment, RallyRunBoard, rally_run_quiz
from .stich_rallye import (
    AdviceChart, AdvisorPanel, BoxSetup, CardHand, CopyButton, GameReplay, GameReview, GameSetup, GameView, GuidedGame, MotorDial, MotorPlayground, MoveExplorer,
    MovePlayer, PositionEditor, ReviewChart, ScreenCover, TrackFigure, TrackFrame, TrickExplorer, TrickTable, TurboChoice, WhatIf, motor_quiz, moving_quiz,
    round_end_quiz, start_quiz, tricks_quiz,
)
from .style import card_face, lap_label

__all__ = [
    "Announcer", "ReadAloud", "SpeakButton", "PageStyle", "CourseProgress", "LessonDone", "FirstCheck", "AdviceChart", "AdvisorPanel", "BoxSetup", "CopyButton", "PositionEditor", "WhatIf",
    "CardHand", "FreePlayBoard", "GameReplay", "GameReview", "GameSetup", "GameView", "GuidedGame", "GuidedRun", "MemoryChart", "MemoryExperiment", "MotorDial", "MotorPlayground", "MoveExplorer", "MovePlayer", "PlotlyView",
    "RallyRunBoard", "ReplayState", "ReviewChart", "ScreenCover", "ScrollAnchor", "TrackFigure", "TrackFrame", "TrickExplorer", "TrickTable", "TurboChoice", "card_face",
    "lap_label", "replay_states", "Feedback", "Question", "Quiz", "tricks_quiz", "motor_quiz", "moving_quiz",
    "round_end_quiz", "rally_run_quiz", "start_quiz",
]
