"""The course: the lessons in the order a learner takes them, in English and German.

One list serves the lessons' links, the course map and the tests that walk the course.

>>> [lesson.english for lesson in COURSE][:2]
['00_start_here', '01_tricks']
>>> next_lesson("01_tricks").english
'02_motor_and_turbo'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    """One lesson: its file name (without ``.ipynb``) in ``notebooks/`` and in ``notebooks/de/``."""

    english: str
    german: str

    def file(self, lang: str) -> str:
        """The lesson's notebook path below ``notebooks/`` in ``lang`` ("en" or "de")."""
        return f"{self.english}.ipynb" if lang == "en" else f"de/{self.german}.ipynb"


COURSE: tuple[Lesson, ...] = (
    Lesson("00_start_here", "00_hier_anfangen"),
    Lesson("01_tricks", "01_stiche"),
    Lesson("02_motor_and_turbo", "02_motor_und_turbo"),
    Lesson("03_moving_and_hills", "03_fahren_und_huegel"),
    Lesson("04_round_end_and_laps", "04_rundenende_und_abschnitte"),
    Lesson("05_play_a_game", "05_ein_spiel_spielen"),
    Lesson("06_what_if", "06_was_waere_wenn"),
    Lesson("07_rally_run_driving", "07_rally_run_fahren"),
    Lesson("08_rally_run_finish", "08_rally_run_ziel"),
    Lesson("09_rally_run_memory", "09_rally_run_gedaechtnis"),
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
