"""The course: the lessons in the order a learner takes them, in English and German.

One list serves the lessons' links, the course map (:class:`widgets.CourseProgress`), the
ticks a learner sets at a lesson's end (:class:`widgets.LessonDone`) and the tests that
walk the course.

>>> [lesson.english for lesson in COURSE][:2]
['00_start_here', '01_tricks']
>>> next_lesson("01_tricks").english
'02_motor_and_turbo'
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, _


@dataclass(frozen=True)
class Lesson:
    """One lesson: its file name (without ``.ipynb``) in ``notebooks/`` and in ``notebooks/de/``."""

    english: str
    german: str
    #: What the lesson is about, a few words (a message of the widgets' catalog).
    topic: str = ""

    @property
    def number(self) -> int:
        """The lesson's number, from its file name: 1 for ``01_tricks``."""
        return int(self.english[:2])

    def title(self) -> str:
        """``"Lesson 1: tricks"`` in the language spoken."""
        return _("Lesson {number}: {topic}").format(number=self.number, topic=_(self.topic))

    def file(self, lang: str) -> str:
        """The lesson's notebook path below ``notebooks/`` in ``lang`` ("en" or "de")."""
        return f"{self.english}.ipynb" if lang == "en" else f"de/{self.german}.ipynb"


COURSE: tuple[Lesson, ...] = (
    Lesson("00_start_here", "00_hier_anfangen", N_("start here")),
    Lesson("01_tricks", "01_stiche", N_("tricks")),
    Lesson("02_motor_and_turbo", "02_motor_und_turbo", N_("the motor and the turbo")),
    Lesson("03_moving_and_hills", "03_fahren_und_huegel", N_("moving and hills")),
    Lesson("04_round_end_and_laps", "04_rundenende_und_abschnitte", N_("the round's end and laps")),
    Lesson("05_play_a_game", "05_ein_spiel_spielen", N_("play a game")),
    Lesson("06_what_if", "06_was_waere_wenn", N_("what if?")),
    Lesson("07_rally_run_driving", "07_rally_run_fahren", N_("the board and driving (Rally Run)")),
    Lesson("08_rally_run_finish", "08_rally_run_ziel", N_("swapping and the finish (Rally Run)")),
    Lesson("09_rally_run_memory", "09_rally_run_gedaechtnis", N_("how much memory helps (Rally Run)")),
)


def lesson_named(name: str) -> Lesson:
    """The lesson whose English or German file name (without ``.ipynb``) is ``name``."""
    for lesson in COURSE:
        if name in (lesson.english, lesson.german):
            return lesson
    known = ", ".join(lesson.english for lesson in COURSE)
    raise ValueError(f"no lesson is called {name!r}; the lessons are {known}")


def next_lesson(name: str) -> Lesson | None:
    """The lesson after ``name``, or None after the last one."""
    index = COURSE.index(lesson_named(name))
    return COURSE[index + 1] if index + 1 < len(COURSE) else None
