"""What a learner sees of every lesson, in every language (English and German, and Rally Run's
pages in the languages of Rally Run alone), in Chromium at 1280 x 800, in
both views, on the server ``bin/lessons`` starts (``_lab.JupyterLab``):

* JupyterLab after *Run All Cells*: every code input folded away (no editor, nothing of the
  code on show) and nothing in the outputs, widgets included, that reads as Python;
* in both views, axe-core finds no serious or critical accessibility violation in the
  lesson's outputs (the project's widgets);
* the app (Voilà on the same server, ``/voila/render/...``): the lesson already run, no
  code at all, no error, no instruction meant for JupyterLab's menus, the widgets drawn, no
  Python in any text, nothing wider than the window, and the course's links: on to the next
  lesson and back to the start (the last lesson: back to the start). A screenshot of each
  is saved as ``voila_<lesson>.png``;
* the child's path (issue 41), counted on the app's text as :mod:`harness.app_text` counts
  it (``bin/app-text`` prints the same counts): each page within its budget of words
  (tests/path_budgets.py: at most 1,200; with the guided games at most 5,300 in English and German,
  and its own budget for a path of Rally Run alone), no sentence
  over 20 words, no line shown twice but the figures' own labels (:data:`SHOWN_TWICE`). The
  pages' text is saved under ``test-artifacts/app-text/``.

"Reads as Python" is the detector of tests/lessons/test_lessons_view.py, used unchanged.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from english_phrases import RALLY_POT, WIDGETS_POT, english_phrases
from lesson_words import PYTHON, WORDS  # tests/lesson_words.py (pytest puts tests/ on sys.path)
from path_budgets import MOST_WORDS_A_PAGE, PAGE_WORDS, most_words_in_all, words

from harness import app_text
from widgets.course import FOLDERS, course

from . import _lab
from .test_lessons import LESSONS as RUN_CHECKED, check_run

#: Every lesson of the course, as (path below notebooks/, its language, its English name).
LESSONS = [(lesson.file(lang), lang, lesson.english) for lang in FOLDERS for lesson in course(lang)]
IDS = [path for path, _, _ in LESSONS]

#: The English that a page in another language must not show.
ENGLISH_PHRASES = english_phrases(RALLY_POT, WIDGETS_POT)

#: What each lesson's widgets draw in the app (each must be on the page and visible); a
#: lesson in another language draws what the English lesson it mirrors draws.
WIDGETS = {
    "00_start_here": [".rally-first-game button", ".widget-radio-box input[type=radio]"],  # the games, the self-check
    "01_tricks": [".rally-hand button.rally-card"],                    # card faces
    "02_motor_and_turbo": [".rally-dial svg"],                          # the motor dial
    "03_moving_and_hills": [".js-plotly-plot"],                         # the tracks
    "04_round_end_and_laps": [".widget-radio-box input[type=radio]"],  # the self-check
    "05_play_a_game": [".js-plotly-plot", ".rally-hand button.rally-card", ".rally-dial svg"],
    "06_what_if": [".js-plotly-plot"],
    "07_rally_run_driving": [".rally-run"],                             # the Rally Run board
    "08_rally_run_finish": [".rally-run"],
    "09_rally_run_memory": [".jp-OutputArea-output button"],           # the experiment, run on request
}

#: Lines a page may show twice: each track figure's own "Where the cars are, in words", its
#: key's line for Bo on space 3 and, in German, its key's "clockwise" line (lesson 3 draws
#: three figures: two in the lesson, one with its self-check's first question).
SHOWN_TWICE = {"03_moving_and_hills": 2, "de/03_fahren_und_huegel": 3}
#: Where the app's text is saved, one file a page, as ``bin/app-text`` saves it.
APP_TEXT = _lab.ROOT / "test-artifacts" / "app-text"

#: Words that only make sense in JupyterLab (its menus, a folded input's •••): never in the app.
JUPYTERLAB_ONLY_WORDS = [WORDS[lang][key] for lang in WORDS for key in ("run_all", "menu")] + ["•••"]

#: JavaScript: per code cell of the open notebook, whether an editor shows, whether the
#: folded-input placeholder shows, and the words its input area shows.
CODE_INPUTS = f"""() => {_lab._PANEL}.content.widgets
  .map((cell, index) => ({{cell, index}}))
  .filter(({{cell}}) => cell.model.type === 'code')
  .map(({{cell, index}}) => {{
    const wrapper = cell.node.querySelector('.jp-Cell-inputWrapper');
    const shown = el => el !== null && el.getClientRects().length > 0;
    return {{
      index,
      hidden: cell.inputHidden,
      editor: [...cell.node.querySelectorAll('.jp-InputArea-editor, .cm-editor')].some(shown),
      placeholder: shown(cell.node.querySelector('.jp-InputPlaceholder')),
      text: wrapper ? wrapper.innerText.trim() : '',
    }};
  }})"""


#: JavaScript: the buttons of the outputs whose words do not fit (shown cut off with "…").
CUT_OFF_BUTTONS = """() => [...document.querySelectorAll('.jp-OutputArea-output button')]
  .filter(b => b.getClientRects().length > 0 && b.scrollWidth > b.clientWidth)
  .map(b => b.textContent.trim())"""


#: JavaScript: printed outputs whose lines may break inside a word (JupyterLab's default).
TEXT_BREAKS = """() => [...document.querySelectorAll('.jp-OutputArea-output pre')]
  .filter(pre => getComputedStyle(pre).wordBreak === 'break-all')
  .map(pre => pre.textContent.slice(0, 60))"""


def code_lines(lesson: str) -> list[str]:
    """The lines of the lesson's code cells that are code (not blank, not a comment)."""
    cells = json.loads((_lab.NOTEBOOKS / lesson).read_text(encoding="utf-8"))["cells"]
    lines = ["".join(c["source"]).splitlines() for c in cells if c["cell_type"] == "code"]
    return [s.strip() for block in lines for s in block if len(s.strip()) >= 6 and not s.strip().startswith("#")]


def python_in(texts: list[str]) -> list[str]:
    """Every line of ``texts`` that reads as Python, with the number of the output it is in."""
    return [f"output {i}: {line.strip()}" for i, text in enumerate(texts) for line in text.splitlines()
            if PYTHON.search(line)]


def is_caption(text: str) -> bool:
    """A folded input may show its first line (JupyterLab 4 does): only a caption in words,
    a comment line such as "# The cards in play", never code."""
    return text == "" or (text.startswith("#") and "\n" not in text and not PYTHON.search(text))


# --------------------------------------------------------------------- JupyterLab


@pytest.mark.parametrize("lesson, lang, english", LESSONS, ids=IDS)
def test_jupyterlab_shows_no_code_and_no_python(page, lab, lesson, lang, english):
    """Run in JupyterLab, the lesson shows no code and no Python, and axe finds nothing
    serious; an English lesson's run is also checked as every lesson's run on the site is
    (``test_lessons.check_run``: figures, buttons, its own checks, a screenshot)."""
    _lab.open_notebook(page, lab, lesson)
    state = _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    if lesson in RUN_CHECKED:
        check_run(page, lesson, state)

    inputs = page.evaluate(CODE_INPUTS)
    assert inputs
    assert [i["index"] for i in inputs if not i["hidden"] or not i["placeholder"]] == []  # all folded away
    assert [i["index"] for i in inputs if i["editor"]] == []                               # no code editor shows
    shown = [f"cell {i['index']}: {i['text']}" for i in inputs if not is_caption(i["text"])]
    assert shown == [], "folded inputs show code (JupyterLab shows a folded cell's first line)"

    texts = page.evaluate(_lab.OUTPUT_TEXTS, ".jp-Notebook")
    assert texts
    assert python_in(texts) == []
    assert page.evaluate(TEXT_BREAKS) == []  # printed sentences wrap at spaces
    assert _lab.axe_violations(page) == []  # the widgets: nothing serious or critical for axe-core


# --------------------------------------------------------------------- the app (Voilà)


def course_links(page) -> list[str]:
    """The addresses of the page's links to lessons, as the browser resolves them."""
    return page.eval_on_selector_all("#rendered_cells a[href*='.ipynb']", "els => els.map(a => a.href)")


@pytest.mark.parametrize("lesson, lang, english", LESSONS, ids=IDS)
def test_app_shows_the_lesson_run_with_no_code(page, lab, lesson, lang, english):
    _lab.open_app(page, lab, lesson)
    assert _lab.app_errors(page) == []
    # The browser tab says which lesson, in its language (metadata.title), not its file name.
    assert page.title() == json.loads((_lab.NOTEBOOKS / lesson).read_text(encoding="utf-8"))["metadata"]["title"]

    # No code at all: no input area of a code cell, no editor, no highlighted source ...
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .cm-editor, .jp-CodeCell .highlight").count() == 0
    # ... and no line of the lesson's code anywhere in the page's text.
    text = page.inner_text("#rendered_cells")
    assert [line for line in code_lines(lesson) if line in text] == []
    # No instruction meant for JupyterLab: the app has no menu and runs the lesson by itself.
    assert [words for words in JUPYTERLAB_ONLY_WORDS if words in text] == []

    for selector in WIDGETS[english]:
        page.locator(selector).first.wait_for(state="visible", timeout=60_000)

    # Nothing a learner reads is Python: the lesson's text and every output, widgets included.
    texts = page.evaluate(_lab.OUTPUT_TEXTS, "#rendered_cells")
    assert python_in(texts) == []
    prose = page.locator("#rendered_cells .jp-MarkdownCell").all_inner_texts()
    assert prose and python_in(prose) == []

    assert page.evaluate(TEXT_BREAKS) == []  # printed sentences wrap at spaces, not inside words

    # Laid out for the window: every word of every button fits (one pixel too few already
    # cuts "instant" to "inst…"), nothing sticks out to the right.
    assert page.evaluate(CUT_OFF_BUTTONS) == []
    too_wide = page.evaluate("""() => [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
        .filter(o => o.getBoundingClientRect().right > window.innerWidth + 1)
        .map(o => o.innerText.slice(0, 80))""")
    assert too_wide == []

    # The course goes on from here: a link to the next lesson in the same language (the last
    # lesson: none), and back to the start (lesson 0: it is the start); each opens as an app.
    links = course_links(page)
    assert links and all("/voila/render/" in href for href in links), links
    lessons = course(lang)
    index = [item.english for item in lessons].index(english)
    start = lab.app_url(lessons[0].file(lang))
    if index + 1 < len(lessons):
        assert lab.app_url(lessons[index + 1].file(lang)) in links, links
    if index > 0:
        assert start in links, links

    assert _lab.axe_violations(page) == []  # the widgets: nothing serious or critical for axe-core

    # The child's path: short pages, short sentences, nothing shown twice; in a language
    # other than English, no English phrase of the catalogs' messages (tests/english_phrases.py).
    name = lesson.removesuffix(".ipynb")
    shown = page.evaluate(app_text.PAGE)
    if lang != "en":
        assert sorted(p for p in ENGLISH_PHRASES if p in " ".join(shown["text"].split())) == []
    counted = app_text.save(APP_TEXT, name, shown)
    most = (PAGE_WORDS[lang][english.removesuffix(".ipynb")], 0, SHOWN_TWICE.get(name, 0))
    found = (counted.words, len(counted.long_sentences), len(counted.repeated))
    assert all(n <= limit for n, limit in zip(found, most)), (found, most, counted.long_sentences, counted.repeated)

    page.locator(WIDGETS[english][0]).first.evaluate("el => el.scrollIntoView({block: 'center'})")
    _lab.screenshot(page, f"voila_{lang}_{english}")


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_the_pages_budgets_add_up_to_the_child_s_path(lang):
    assert words(lang) <= most_words_in_all(lang)  # the pages and lesson 0's guided games
    assert max(PAGE_WORDS[lang].values()) <= MOST_WORDS_A_PAGE == app_text.MOST_WORDS_A_PAGE
    assert sorted(PAGE_WORDS[lang]) == sorted(item.english for item in course(lang))


def test_jupyterlab_never_writes_a_childs_run_into_the_lesson_files(lab):
    """A shared classroom server: what one child runs must not be saved into the lesson the
    next child opens, so the lessons' JupyterLab settings switch autosave off (read back from
    the running server, as the page reads them)."""
    import urllib.request

    request = urllib.request.Request(f"{lab.url}/lab/api/settings/@jupyterlab/docmanager-extension:plugin")
    if lab.token:
        request.add_header("Authorization", f"token {lab.token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        plugin = json.loads(response.read())
    # JupyterLab's server puts the overrides into the schema's defaults; the page's own
    # settings (none here) would come on top of them.
    assert plugin["schema"]["properties"]["autosave"]["default"] is False
    assert "autosave" not in plugin["settings"]


def test_the_server_opens_on_lesson_0_as_an_app(page, lab):
    """What ``bin/lessons`` opens in the browser (the server's first page) is lesson 0 in the
    app view: already run, the first games to tap, no code and no Run All to find."""
    page.goto(f"{lab.url}/" + (f"?token={lab.token}" if lab.token else ""))
    page.wait_for_url(re.compile(r"/voila/render/notebooks/00_start_here\.ipynb"), timeout=120_000)
    page.locator(".rally-first-game button").first.wait_for(timeout=120_000)
    assert _lab.app_errors(page) == []


@pytest.mark.parametrize("lang", list(FOLDERS))
def test_app_next_link_opens_the_next_lesson_and_the_last_leads_back(page, lab, lang):
    """A learner in the app (no menu, no file browser) walks on by the links alone."""
    lessons = course(lang)
    first, second, last = lessons[0].file(lang), lessons[1].file(lang), lessons[-1].file(lang)
    _lab.open_app(page, lab, first)
    page.locator(f"#rendered_cells a[href$='{second.split('/')[-1]}']").last.click()
    page.wait_for_url(lab.app_url(second), wait_until="commit", timeout=120_000)
    _lab.open_app(page, lab, last)
    page.locator(f"#rendered_cells a[href$='{first.split('/')[-1]}']").last.click()
    page.wait_for_url(lab.app_url(first), wait_until="commit", timeout=120_000)


@pytest.mark.parametrize("view", ["app", "jupyterlab"])
def test_lesson_0_s_course_map_ticks_the_lessons_done_and_opens_any_lesson(page, lab, view):
    """A child back in lesson 0 after lessons 1-6 goes on from the course map: it counts the
    ticks, names the first lesson not ticked yet, and a tap on it or on a lesson's row opens
    that lesson the way the page opens its own links (the rows were plain words, and the
    page's last line still said "Next: Lesson 1": walk 79b)."""
    lessons = course("en")
    done = [item.english for item in lessons[1:7]]
    page.add_init_script(f"localStorage.setItem('rally-notebooks:finished', {json.dumps(json.dumps(done))})")
    start, seventh = lessons[0].file("en"), lessons[7].file("en")
    if view == "app":
        _lab.open_app(page, lab, start)
    else:
        _lab.open_notebook(page, lab, start)
        _lab.run_all(page)
    course_map = page.locator(".rally-course").filter(has=page.locator("ol")).first
    expect(course_map).to_contain_text("6 of 10 lessons finished", timeout=60_000)
    assert course_map.locator("li.rally-course__done").count() == 6
    row = course_map.locator("li", has_text=lessons[7].title()).locator("a")
    expect(row).to_have_attribute("aria-label", f"{lessons[7].title()} (not finished yet)")
    # Above the rows, the first lesson not ticked yet, to go on with.
    expect(course_map.locator(".rally-course__next")).to_have_text(f"Go on with: {lessons[7].title()}")
    (row if view == "jupyterlab" else course_map.locator(".rally-course__next a")).click()
    if view == "app":
        page.wait_for_url(lab.app_url(seventh), wait_until="commit", timeout=120_000)
    else:  # JupyterLab opens it beside lesson 0, in the same page
        _lab.wait_for_lesson(page, lab.lesson_path(seventh), timeout=120_000)


def test_app_widgets_answer_clicks(page, lab):
    """The app's widgets are live (Voilà keeps the lesson's kernel): winding lesson 2's
    motor twice moves its dial on, as in JupyterLab."""
    _lab.open_app(page, lab, "02_motor_and_turbo.ipynb")
    dial = page.locator(".rally-dial").first
    assert "position 0 of 9" in dial.locator("svg").get_attribute("aria-label")
    for _ in range(2):
        _lab.output_button(page, "Lose a trick: wind").first.click()
    page.wait_for_function("() => document.querySelector('.rally-dial svg').getAttribute('aria-label')"
                           ".includes('position 2 of 9')")


#: What a failing cell says in the app, by the lesson's language (binder/jupyter_server_config.json
#: for English, binder/voila/rally for German), and what a German page never says.
CELL_FAILED = {"en": "This part of the lesson could not run.",
               "de": "Dieser Teil der Lektion konnte nicht laufen. Lade die Seite neu. Hilft das nicht, öffne "
                     "die Lektion in JupyterLab und wähle Ausführen → Alle Zellen ausführen."}
ENGLISH_FAILURE = re.compile(r"There was an error|executing cell|could not run|Reload|Run All")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_app_leaves_out_jupyterlab_only_cells_and_tells_an_error_in_words(page, lab, lang):
    """The app's settings (binder/jupyter_server_config.json): a cell tagged
    ``jupyterlab-only`` is left out of the app, and a cell that fails shows a sentence
    in words, not a traceback (nor anything on stderr); in a German lesson's folder, in German."""
    notebook = {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [
            {"cell_type": "markdown", "id": "lab", "metadata": {"tags": ["jupyterlab-only"]},
             "source": "To start: choose Run, then Run All Cells."},
            {"cell_type": "markdown", "id": "both", "metadata": {}, "source": "Shown in both views."},
            {"cell_type": "code", "id": "ok", "metadata": {}, "execution_count": None, "outputs": [],
             "source": "import sys\nprint('Blue wins.')\nprint('a warning', file=sys.stderr)"},
            {"cell_type": "code", "id": "bad", "metadata": {}, "execution_count": None, "outputs": [],
             "source": "raise ValueError('secret detail')"},
        ],
    }
    name = ("de/" if lang == "de" else "") + "app_settings_probe.ipynb"
    probe = _lab.NOTEBOOKS / name  # served by bin/lessons' server, removed afterwards
    probe.write_text(json.dumps(notebook), encoding="utf-8")
    try:
        _lab.open_app(page, lab, name)
        text = page.inner_text("#rendered_cells")
        assert "Shown in both views." in text and "Blue wins." in text
        assert "To start" not in text
        assert "a warning" not in text
        errors = _lab.app_errors(page)  # the detector the lesson tests rely on sees it
        assert len(errors) == 1 and CELL_FAILED[lang] in errors[0], errors
        assert not re.search(r"Traceback|ValueError|secret detail|raise", text), text
        if lang == "de":
            assert errors == [CELL_FAILED["de"]] and not ENGLISH_FAILURE.search(text), text
    finally:
        probe.unlink()
