"""The course (issue 25): every lesson in widgets.course.COURSE exists in English and German
and no lesson is left out of it; every lesson ends with a button that ticks it off and the
links on (to the next lesson, and back to the start); lesson 0 maps every lesson and shows
the ticks. How the links behave in a browser: tests/browser/test_learner_view.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rally
from widgets import CourseProgress, LessonDone
from widgets.course import COURSE, lesson_named, next_lesson

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LANGS = ("en", "de")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+\.ipynb)\)")
EVERY = [(lesson, lang) for lang in LANGS for lesson in COURSE]
IDS = [lesson.file(lang) for lesson, lang in EVERY]


def cells(lesson, lang) -> list[dict]:
    return json.loads((NOTEBOOKS / lesson.file(lang)).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_course_is_every_lesson_in_both_languages_and_nothing_else():
    for lang in LANGS:
        listed = {lesson.file(lang) for lesson in COURSE}
        there = {str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob(("de/" if lang == "de" else "") + "[0-9][0-9]_*.ipynb")}
        assert there == listed, lang
    assert [lesson.number for lesson in COURSE] == list(range(len(COURSE)))


@pytest.mark.parametrize("lesson, lang", EVERY, ids=IDS)
def test_every_lesson_ends_with_its_tick_and_the_links_on(lesson, lang):
    *_, tick, links = cells(lesson, lang)
    assert tick["cell_type"] == "code" and source(tick).endswith(f'LessonDone("{lesson.english}")')
    assert links["cell_type"] == "markdown"
    targets = [target for _, target in LINK.findall(source(links))]
    following = next_lesson(lesson.english)
    start = COURSE[0].file(lang).split("/")[-1]
    expected = ([following.file(lang).split("/")[-1]] if following else []) + ([start] if lesson != COURSE[0] else [])
    assert targets == expected
    with rally.language(lang):
        if following:  # the next lesson is named as its title reads in the course map
            assert f"[{following.title()}]" in source(links)


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_0_maps_every_lesson_and_shows_the_ticks(lang):
    start = cells(COURSE[0], lang)
    linked = {target for cell in start if cell["cell_type"] == "markdown" for _, target in LINK.findall(source(cell))}
    assert {lesson.file(lang).split("/")[-1] for lesson in COURSE[1:]} <= linked
    assert any(cell["cell_type"] == "code" and source(cell).endswith("CourseProgress()") for cell in start)


#: How each language marks the project's reading where the rulebook is silent (issue 41).
IN_THIS_APP = {"en": "in this app", "de": "in der App"}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_0_says_once_what_in_this_app_means_before_any_lesson_uses_it(lang):
    """The lessons mark the project's readings with "In this app"; lesson 0 says, once, that
    the rulebook is silent there or lets the players choose, and the table may play it so too."""
    mark = IN_THIS_APP[lang]
    start = " ".join(source(c) for c in cells(COURSE[0], lang) if c["cell_type"] == "markdown")
    silent = {"en": ("rulebook says nothing or lets you choose", "may play it that way at the table too"),
              "de": ("Spielanleitung nichts dazu oder lässt dir die Wahl", "darfst du es auch so spielen")}
    told = re.split(r"(?<=[.!?])\s+", start)
    said = [i for i, s in enumerate(told) if f"“{mark}”" in s or f"„{mark}“" in s]
    assert len(said) == 1, said
    assert silent[lang][0] in told[said[0]] and silent[lang][1] in told[said[0] + 1], told[said[0]:said[0] + 2]
    users = [lesson for lesson in COURSE[1:] if any(
        mark.lower() in source(c).lower() for c in cells(lesson, lang) if c["cell_type"] == "markdown")]
    assert len(users) >= 5  # the mark is the lessons' way of labelling a reading, not a one-off


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_between_lessons_leads_to_a_lesson_of_the_same_language(lang):
    for lesson in COURSE:
        for cell in cells(lesson, lang):
            for _, target in LINK.findall(source(cell)) if cell["cell_type"] == "markdown" else ():
                assert (NOTEBOOKS / lesson.file(lang)).parent.joinpath(target).is_file(), (lesson.file(lang), target)


def test_the_tick_and_the_map_speak_the_lesson_language_and_keep_no_state_in_python():
    with rally.language("de"):
        done, progress = LessonDone("02_motor_und_turbo"), CourseProgress()
    assert done.lesson == "02_motor_and_turbo"  # one key for both languages: a tick counts for the lesson
    # The button says plainly what it does (issue 41): it ticks the lesson off, kept in this browser.
    assert done.labels["tick"] == "✓ Ich bin mit dieser Lektion fertig"
    assert done.labels["ticked"] == "✓ Geschafft: Lektion 2: Motor und Turbo"
    assert "nur in diesem Browser" in done.labels["note_open"]
    assert "Kursübersicht in Lektion 0" in done.labels["note_ticked"]
    assert LessonDone("02_motor_and_turbo").labels["tick"] == "✓ I have finished this lesson"
    assert repr(done) == "Ein Knopf, der Lektion 2 abhakt, wenn du mit ihr fertig bist."
    assert [item["name"] for item in progress.lessons] == [lesson.english for lesson in COURSE]
    assert progress.lessons[7]["title"] == "Lektion 7: Der Spielplan und das Fahren (Memo-Car-Race)"
    assert progress.storage_key == done.storage_key
    assert repr(CourseProgress()).startswith("The course, 10 lessons")


def test_a_lesson_no_course_has_is_refused_in_words():
    with pytest.raises(ValueError, match="no lesson is called 'lesson 11'; the lessons are 00_start_here, 01_tricks"):
        LessonDone("lesson 11")
    assert lesson_named("01_stiche") is lesson_named("01_tricks")
    assert next_lesson(COURSE[-1].german) is None


#: The guide for grown-ups in each language: its start (linked once from lesson 0), then its parts.
GUIDES = {"en": sorted(NOTEBOOKS.glob("for_grown_ups*.ipynb")),
          "de": sorted((NOTEBOOKS / "de").glob("fuer_erwachsene*.ipynb"))}


def links(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [target for cell in cells if cell["cell_type"] == "markdown" for _, target in LINK.findall(source(cell))]


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_links_its_parts_and_each_part_the_next_one_and_the_guide_s_start(lang):
    start, *parts = GUIDES[lang]
    assert len(parts) == 5 and COURSE[0].file(lang).split("/")[-1] in links(start)
    assert start.name in links(NOTEBOOKS / COURSE[0].file(lang))  # lesson 0 links the guide's start
    assert [target for target in links(start) if target in {p.name for p in parts}] == [p.name for p in parts]
    for part, following in zip(parts, parts[1:] + [None]):
        *_, last = json.loads(part.read_text(encoding="utf-8"))["cells"]
        assert last["cell_type"] == "markdown", part.name
        expected = ([following.name] if following else []) + [start.name]  # then, maybe, lesson 0
        assert [t for _, t in LINK.findall(source(last))][:len(expected)] == expected, part.name
        assert all(part.parent.joinpath(target).is_file() for target in links(part)), part.name
