"""The course (issue 25): every lesson in widgets.course.COURSE exists in English and German,
Rally Run's in each language of Rally Run alone (issue 44), and no lesson is left out of it;
every lesson ends with a button that ticks it off and the links on (to the next lesson of its
language, and back to the start); lesson 0 maps every lesson of its language and shows the
ticks. How the links behave in a browser: tests/browser/test_learner_view.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rally
from widgets import CourseProgress, LessonDone
from rally.common.i18n import RALLY_RUN_ONLY
from widgets.course import COURSE, FOLDERS, course, in_folder, lesson_named, next_lesson

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LANGS = tuple(FOLDERS)
#: The languages of Rally Run alone that have lessons.
RALLY_RUN_LANGS = [lang for lang in LANGS if lang in RALLY_RUN_ONLY]
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+\.ipynb)\)")
EVERY = [(lesson, lang) for lang in LANGS for lesson in course(lang)]
IDS = [lesson.file(lang) for lesson, lang in EVERY]


def cells(lesson, lang) -> list[dict]:
    return json.loads((NOTEBOOKS / lesson.file(lang)).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_course_is_every_lesson_in_each_language_and_nothing_else():
    for lang in LANGS:
        listed = {lesson.file(lang) for lesson in course(lang)}
        there = {str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob(in_folder(lang, "[0-9][0-9]_*.ipynb"))}
        assert there == listed, lang
        with rally.language(lang):  # each language numbers its own lessons from 0
            assert [lesson.number for lesson in course(lang)] == list(range(len(course(lang)))), lang
    assert course("en") == course("de") == COURSE


@pytest.mark.parametrize("lang", RALLY_RUN_LANGS)
def test_a_language_of_rally_run_alone_has_lesson_0_and_rally_run_s_lessons(lang):
    """Lesson 0 (its Rally Run half) and the lessons that teach Rally Run, each ticked under
    its English course id; any other language is served the English course."""
    assert [lesson.english for lesson in course(lang)] == [
        "00_start_here", "07_rally_run_driving", "08_rally_run_finish", "09_rally_run_memory"]
    assert course("it") == COURSE
    with pytest.raises(ValueError, match="lesson 01_tricks has no"):
        COURSE[1].file(lang)


@pytest.mark.parametrize("lesson, lang", EVERY, ids=IDS)
def test_every_lesson_ends_with_its_tick_and_the_links_on(lesson, lang):
    *_, tick, links = cells(lesson, lang)
    assert tick["cell_type"] == "code" and source(tick).endswith(f'LessonDone("{lesson.english}")')
    assert links["cell_type"] == "markdown"
    targets = [target for _, target in LINK.findall(source(links))]
    following = next_lesson(lesson.english, lang)
    assert following == next_lesson(lesson.file(lang).split("/")[-1].removesuffix(".ipynb"))
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
    assert {lesson.file(lang).split("/")[-1] for lesson in course(lang)[1:]} <= linked
    assert any(cell["cell_type"] == "code" and source(cell).endswith("CourseProgress()") for cell in start)


#: How each language marks the project's reading where the rulebook is silent (issue 41), in
#: its quotation marks, as lesson 0 names it; the catalogs' messages mark readings alike.
IN_THIS_APP = {"en": "“in this app”", "de": "„in der App“", "fr": "«\u00a0dans cette appli\u00a0»",
               "es": "«en esta aplicación»", "zh_Hans": "“在这个程序里”"}
#: What lesson 0 says around the mark: the rulebook is silent, unclear or lets you choose (the sentence
#: naming the mark, or the one before it), and the table may play it so too (the sentence after it).
SILENT = {"en": ("rulebook says nothing, is unclear or lets you choose", "may play it that way at the table too"),
          "de": ("Spielanleitung nichts, ist unklar oder lässt dir die Wahl", "darfst du das auch so spielen"),
          "fr": ("la règle ne dit rien, n'est pas claire ou te laisse choisir", "Tu peux aussi jouer comme ça à table"),
          "es": ("las instrucciones no dicen nada, no son claras o te dejan elegir", "También puedes jugar así en la mesa"),
          "zh_Hans": ("游戏指南没有说、说得不清楚，或者让你自己选", "在桌上也可以这样玩")}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_0_says_once_what_in_this_app_means_before_any_lesson_uses_it(lang):
    """The lessons mark the project's readings with "In this app"; lesson 0 says, once, that
    the rulebook is silent there or lets the players choose, and the table may play it so too.
    Every lesson of Rally Run's that marks a reading in English marks one in each language of
    Rally Run alone."""
    quoted = IN_THIS_APP[lang]
    start = " ".join(re.sub(r"[ \n]+", " ", source(c)) for c in cells(COURSE[0], lang) if c["cell_type"] == "markdown")
    told = re.split(r"(?<=[.!?。！？])\s*", start)
    said = [i for i, s in enumerate(told) if quoted in s]
    assert len(said) == 1, said
    assert SILENT[lang][0] in " ".join(told[max(said[0] - 1, 0):said[0] + 1]), told[said[0] - 1:said[0] + 1]
    assert SILENT[lang][1] in told[said[0] + 1], told[said[0]:said[0] + 2]

    def marking(lang: str) -> list[str]:
        return [lesson.english for lesson in course(lang)[1:] if any(
            IN_THIS_APP[lang].strip("“”„«»\u00a0").lower() in source(c).lower()
            for c in cells(lesson, lang) if c["cell_type"] == "markdown")]

    if lang in RALLY_RUN_ONLY:  # Rally Run's lessons that mark a reading in English mark one here too
        english = [name for name in marking("en") if lesson_named(name) in course(lang)]
        assert marking(lang) == english and len(english) >= 2, (marking(lang), english)
    else:
        assert len(marking(lang)) >= 5  # the mark is the lessons' way of labelling a reading, not a one-off


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_between_lessons_leads_to_a_lesson_of_the_same_language(lang):
    """Every link of a lesson resolves, and every one to a lesson stays in the lesson's language
    (a language of Rally Run alone links only the English guide for grown-ups besides)."""
    own = {NOTEBOOKS / item.file(lang) for item in course(lang)}
    guide = GUIDES["en"][:1] if lang in RALLY_RUN_ONLY else GUIDES[lang]
    other_start = [NOTEBOOKS / COURSE[0].file("de")] if lang == "en" else []  # English lesson 0's "Auf Deutsch"
    for lesson in course(lang):
        for cell in cells(lesson, lang):
            for _, target in LINK.findall(source(cell)) if cell["cell_type"] == "markdown" else ():
                path = (NOTEBOOKS / lesson.file(lang)).parent.joinpath(target).resolve()
                assert path.is_file(), (lesson.file(lang), target)
                assert path in own or path in guide or path in other_start, (lesson.file(lang), target)


def test_the_tick_and_the_map_speak_the_lesson_language_and_keep_no_state_in_python():
    with rally.language("de"):
        done, progress = LessonDone("02_motor_und_turbo"), CourseProgress()
    assert done.lesson == "02_motor_and_turbo"  # one key for both languages: a tick counts for the lesson
    # The button says plainly what it does (issue 41): it ticks the lesson off in lesson 0, whose course map
    # says the ticks stay in this browser.
    assert done.labels["tick"] == "✓ Fertig (Haken erscheint in Lektion 0)"
    assert done.labels["ticked"] == "✓ Geschafft: Lektion 2: Motor und Turbo"
    assert done.labels["note_open"] == ""
    assert "Kursübersicht in Lektion 0" in done.labels["note_ticked"]
    assert LessonDone("02_motor_and_turbo").labels["tick"] == "✓ Mark as done (shows in lesson 0)"
    # Lesson 0's own tick shows on its course map, right above: the same words, with no note.
    assert LessonDone("00_start_here").labels["tick"] == "✓ Mark as done"
    assert repr(done) == "Ein Knopf, der Lektion 2 abhakt, wenn du mit ihr fertig bist."
    assert [item["name"] for item in progress.lessons] == [lesson.english for lesson in COURSE]
    assert progress.lessons[7]["title"] == "Lektion 7: Der Spielplan und das Fahren (Memo-Car-Race)"
    assert progress.lessons[7]["file"] == "07_rally_run_fahren.ipynb"  # a row links the lesson the page links
    assert progress.storage_key == done.storage_key
    assert repr(CourseProgress()).startswith("The course, 10 lessons")


def test_a_language_of_rally_run_alone_maps_and_ticks_its_own_four_lessons_under_the_english_ids():
    with rally.language("fr"):
        done, progress, english_id = LessonDone("02_echanger_et_arriver"), CourseProgress(), LessonDone("08_rally_run_finish")
    assert done.lesson == english_id.lesson == "08_rally_run_finish"  # the same tick as in English and German
    assert done.labels["ticked"] == "✓ Finie\u00a0: Leçon 2\u00a0: l'échange et l'arrivée (Rallye Mémo)"
    assert repr(done) == "Un bouton qui coche la leçon 2 quand tu l'as finie."
    assert [item["name"] for item in progress.lessons] == [
        "00_start_here", "07_rally_run_driving", "08_rally_run_finish", "09_rally_run_memory"]
    assert [item["title"].split("\u00a0:")[0] for item in progress.lessons] == [f"Leçon {n}" for n in range(4)]
    assert repr(progress).startswith("Le cours, 4 leçons")
    assert progress.storage_key == LessonDone("01_tricks").storage_key


def test_a_lesson_no_course_has_is_refused_in_words():
    with pytest.raises(ValueError, match="no lesson is called 'lesson 11'; the lessons are 00_start_here, 01_tricks"):
        LessonDone("lesson 11")
    assert lesson_named("01_stiche") is lesson_named("01_tricks")
    assert next_lesson(COURSE[-1].name("de")) is None
    assert next_lesson("00_start_here", "fr") is lesson_named("01_conduire")


#: The guide for grown-ups in each language: its start (linked once from lesson 0), then its parts.
GUIDES = {"en": sorted(NOTEBOOKS.glob("for_grown_ups*.ipynb")),
          "de": sorted((NOTEBOOKS / "de").glob("fuer_erwachsene*.ipynb"))}


def links(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [target for cell in cells if cell["cell_type"] == "markdown" for _, target in LINK.findall(source(cell))]


#: How a language of Rally Run alone says, after the link, that the guide is in English.
IN_ENGLISH = {"fr": "(en anglais)", "es": "(en inglés)", "zh_Hans": "（英文）"}


@pytest.mark.parametrize("lang", RALLY_RUN_LANGS)
def test_lesson_0_of_a_language_of_rally_run_alone_links_the_english_guide_once_and_says_so(lang):
    start = "".join(source(c) for c in cells(COURSE[0], lang) if c["cell_type"] == "markdown")
    assert LINK.findall(start).count(LINK.findall(start)[-1]) == 1
    assert [target for _, target in LINK.findall(start)].count("../" + GUIDES["en"][0].name) == 1
    assert re.search(r"\]\(\.\./" + re.escape(GUIDES["en"][0].name) + r"\)\s*" + re.escape(IN_ENGLISH[lang]), start)
    assert all("../" + GUIDES["en"][0].name not in source(c) for lesson in course(lang)[1:]
               for c in cells(lesson, lang))  # once: from lesson 0


@pytest.mark.parametrize("lang", ["en", "de"])
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
