"""The course: the lessons in the order a learner takes them, in every language the lessons
are written in.

One list serves the lessons' links, the course map (:class:`widgets.CourseProgress`), the
ticks a learner sets at a lesson's end (:class:`widgets.LessonDone`) and the tests that
walk the course. English and German have every lesson; the languages of Rally Run's
rulebook alone (``rally.common.i18n.RALLY_RUN_ONLY``: French, Spanish, Chinese) have Rally
Run's part, four pages numbered from 0 for that child. A lesson is known everywhere by its
*course id*, its English file name: the tick a learner sets means the same lesson in every
language.

>>> [lesson.english for lesson in COURSE][:2]
['00_start_here', '01_tricks']
>>> next_lesson("01_tricks").english
'02_motor_and_turbo'
>>> [lesson.file("fr") for lesson in course("fr")][:2]
['fr/00_commencer_ici.ipynb', 'fr/01_conduire.ipynb']
>>> next_lesson("01_conduire").file("fr")
'fr/02_echanger_et_arriver.ipynb'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .i18n import N_, _, get_language

#: Each language the lessons are written in, and its folder below ``notebooks/`` ("" for English).
FOLDERS: Mapping[str, str] = {"en": "", "de": "de", "fr": "fr", "es": "es", "zh_Hans": "zh"}


def in_folder(lang: str, name: str) -> str:
    """``name`` (a file or a pattern) in ``lang``'s folder below ``notebooks/`` (:data:`FOLDERS`).

    >>> in_folder("zh_Hans", "03_jiyi.ipynb"), in_folder("en", "01_tricks.ipynb")
    ('zh/03_jiyi.ipynb', '01_tricks.ipynb')
    """
    folder = FOLDERS[lang]
    return f"{folder}/{name}" if folder else name


@dataclass(frozen=True)
class Lesson:
    """One lesson: its course id (its English file name, without ``.ipynb``, in
    ``notebooks/``), what it is about, and its file name in each other language that has it
    (in that language's folder, :data:`FOLDERS`)."""

    english: str
    #: What the lesson is about, a few words (a message of the widgets' catalog).
    topic: str = ""
    #: The lesson's file name (without ``.ipynb``) by language, English aside.
    names: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def name(self, lang: str) -> str | None:
        """The lesson's file name in ``lang`` (without folder and ``.ipynb``), or None
        where that language has no such lesson."""
        return self.english if lang == "en" else self.names.get(lang)

    def file(self, lang: str) -> str:
        """The lesson's notebook path below ``notebooks/`` in ``lang``: ``fr/01_conduire.ipynb``."""
        name = self.name(lang)
        if name is None:
            raise ValueError(f"lesson {self.english} has no {lang} notebook; "
                             f"{lang} has {', '.join(lesson.english for lesson in course(lang))}")
        return in_folder(lang, f"{name}.ipynb")

    @property
    def number(self) -> int:
        """The lesson's number in the course of the language spoken (:func:`course_language`),
        from its file name there: 1 for ``01_tricks``, 1 for ``fr/01_conduire`` (the English
        ``07_rally_run_driving``); a lesson that language has not keeps its English number."""
        return int((self.name(course_language()) or self.english)[:2])

    def title(self) -> str:
        """``"Lesson 1: tricks"`` in the language spoken, numbered as in its course."""
        return _("Lesson {number}: {topic}").format(number=self.number, topic=_(self.topic))


def _rally_run(de: str, fr: str, es: str, zh: str) -> dict[str, str]:
    """The file names of a Rally Run lesson: German, and the Rally-Run-only languages (Chinese
    in pinyin, ASCII only)."""
    return {"de": de, "fr": fr, "es": es, "zh_Hans": zh}


COURSE: tuple[Lesson, ...] = (
    Lesson("00_start_here", N_("start here"),
           _rally_run("00_hier_anfangen", "00_commencer_ici", "00_empieza_aqui", "00_cong_zheli_kaishi")),
    Lesson("01_tricks", N_("tricks"), {"de": "01_stiche"}),
    Lesson("02_motor_and_turbo", N_("the motor and the turbo"), {"de": "02_motor_und_turbo"}),
    Lesson("03_moving_and_hills", N_("moving and hills"), {"de": "03_fahren_und_huegel"}),
    Lesson("04_round_end_and_laps", N_("the round's end and laps"), {"de": "04_rundenende_und_abschnitte"}),
    Lesson("05_play_a_game", N_("play a game"), {"de": "05_ein_spiel_spielen"}),
    Lesson("06_what_if", N_("what if?"), {"de": "06_was_waere_wenn"}),
    Lesson("07_rally_run_driving", N_("the board and driving (Rally Run)"),
           _rally_run("07_rally_run_fahren", "01_conduire", "01_conducir", "01_kaiche")),
    Lesson("08_rally_run_finish", N_("swapping and the finish (Rally Run)"),
           _rally_run("08_rally_run_ziel", "02_echanger_et_arriver", "02_cambiar_y_meta", "02_huhuan_he_zhongdian")),
    Lesson("09_rally_run_memory", N_("how much memory helps (Rally Run)"),
           _rally_run("09_rally_run_gedaechtnis", "03_memoire", "03_memoria", "03_jiyi")),
)


def course_language(lang: str | None = None) -> str:
    """The language whose lessons serve ``lang`` (the language spoken if None): itself when
    lessons are written in it, else English.

    >>> course_language("fr"), course_language("it")
    ('fr', 'en')
    """
    lang = get_language() if lang is None else lang
    return lang if lang in FOLDERS else "en"


def course(lang: str | None = None) -> tuple[Lesson, ...]:
    """The lessons of ``lang``'s course (the language spoken if None), in order.

    >>> [lesson.english for lesson in course("fr")]
    ['00_start_here', '07_rally_run_driving', '08_rally_run_finish', '09_rally_run_memory']
    """
    lang = course_language(lang)
    return tuple(lesson for lesson in COURSE if lesson.name(lang) is not None)


def lesson_named(name: str) -> Lesson:
    """The lesson whose file name (without ``.ipynb``) in any language is ``name``."""
    for lesson in COURSE:
        if name == lesson.english or name in lesson.names.values():
            return lesson
    known = ", ".join(lesson.english for lesson in COURSE)
    raise ValueError(f"no lesson is called {name!r}; the lessons are {known}")


def language_of(name: str) -> str:
    """The language of the lesson file ``name``; its course id is English.

    >>> language_of("03_jiyi"), language_of("07_rally_run_driving")
    ('zh_Hans', 'en')
    """
    lesson = lesson_named(name)
    return next(lang for lang in FOLDERS if lesson.name(lang) == name)


def next_lesson(name: str, lang: str | None = None) -> Lesson | None:
    """The lesson after ``name`` in the course of ``lang`` (if None: the language of the file
    ``name``), or None after the last one."""
    lessons = course(language_of(name) if lang is None else lang)
    index = lessons.index(lesson_named(name))
    return lessons[index + 1] if index + 1 < len(lessons) else None
