"""The learner's view of the lessons: every code input folded away (the learner can open
it), and the lessons' JupyterLab quiet (no news pop-up). Each lesson speaks its own
language: the English lessons in notebooks/, the others in their language's folder
(``widgets.course.FOLDERS``): one German lesson for every English one, and in French,
Spanish and Chinese one for each of Rally Run's, each doing the same things in the same
cells as the English lesson it mirrors."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from lesson_words import PYTHON, WORDS  # tests/lesson_words.py
from widgets.course import FOLDERS, course

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts)
IDS = [str(p.relative_to(NOTEBOOKS)) for p in LESSONS]
ENGLISH = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
GERMAN = sorted((NOTEBOOKS / "de").glob("[0-9][0-9]_*.ipynb"))
#: The guide for grown-ups, its start and its numbered parts, in each language.
GUIDE_ENGLISH = sorted(NOTEBOOKS.glob("for_grown_ups*.ipynb"))
GUIDE_GERMAN = sorted((NOTEBOOKS / "de").glob("fuer_erwachsene*.ipynb"))

#: Cells with this tag show in JupyterLab only; the app view (Voilà) leaves them out
#: (binder/jupyter_server_config.json), since there the lesson runs by itself.
LAB_ONLY = "jupyterlab-only"


#: Each language by its folder below notebooks/.
LANGUAGE_OF_FOLDER = {NOTEBOOKS / folder if folder else NOTEBOOKS: lang for lang, folder in FOLDERS.items()}


def _language(lesson: Path) -> str:
    return LANGUAGE_OF_FOLDER[lesson.parent]


def _cells(lesson: Path) -> list[dict]:
    return json.loads(lesson.read_text(encoding="utf-8"))["cells"]


def _code(lesson: Path) -> list[str]:
    return ["".join(c["source"]) for c in _cells(lesson) if c["cell_type"] == "code"]


def test_every_lesson_is_in_a_language_of_the_course():
    assert {p.parent for p in LESSONS} <= set(LANGUAGE_OF_FOLDER), IDS
    assert ENGLISH and len(GERMAN) == len(ENGLISH)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_code_input_is_folded_away(lesson):
    code = [c for c in _cells(lesson) if c["cell_type"] == "code"]
    assert code and all(c["metadata"].get("jupyter", {}).get("source_hidden") is True for c in code)
    first_lines = {"".join(c["source"]).split("\n")[0] for c in code}
    assert first_lines == {WORDS[_language(lesson)]["first_line"]}


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lesson_opens_with_one_start_instruction_for_jupyterlab_only(lesson):
    cells = _cells(lesson)
    assert cells[0]["cell_type"] == "markdown" and cells[0]["source"][0].startswith("# ")  # the title
    start = "start_guide" if lesson in GUIDE_ENGLISH + GUIDE_GERMAN else "start"
    assert "".join(cells[1]["source"]) == WORDS[_language(lesson)][start]
    assert cells[1]["metadata"].get("tags") == [LAB_ONLY]
    # Words about JupyterLab's menus and folded inputs appear only where the app leaves them out.
    for cell in cells:
        if cell["cell_type"] == "markdown" and LAB_ONLY not in cell["metadata"].get("tags", []):
            text = "".join(cell["source"])
            assert all(words["run_all"] not in text for words in WORDS.values()), text
            assert "•••" not in text and "···" not in text, text


def _sets_language(source: str, lang: str) -> bool:
    """The source is ``import rally`` and ``language_before = rally.set_language("<lang>")``:
    an assignment, so that the cell shows nothing (set_language returns the language
    before; a trailing ``;`` would not hide it from nbval, which keeps no history)."""
    body = ast.parse(source).body
    return (len(body) == 2 and isinstance(body[0], ast.Import) and [a.name for a in body[0].names] == ["rally"]
            and isinstance(body[1], ast.Assign) and ast.unparse(body[1].value) == f"rally.set_language({lang!r})")


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lesson_speaks_its_language_from_its_first_code_cell(lesson):
    """Whatever the computer's own language (LANG), an English lesson speaks English and a
    German one German: the first code cell says which."""
    cells = _cells(lesson)
    assert cells[2]["cell_type"] == "code", "the first code cell comes right after the start cell"
    assert _sets_language("".join(cells[2]["source"]), _language(lesson))
    assert not any("set_language" in source for source in _code(lesson)[1:])


def _call(node: ast.Call) -> str:
    """A widget call as code, its ``title=`` left out (the one argument in the lesson's
    language): ``WhatIf(dilemma, outcomes=True)``."""
    kept = ast.Call(func=node.func, args=node.args, keywords=[k for k in node.keywords if k.arg != "title"])
    return ast.unparse(kept)


def _widgets_called(lesson: Path) -> list[list[ast.Call]]:
    """For each code cell, the names imported from ``widgets`` that it calls, in order:
    the widget classes it creates and the quizzes it starts (see :func:`_call` for the
    arguments too)."""
    trees = [ast.parse(source) for source in _code(lesson)]
    names = {alias.asname or alias.name for tree in trees for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "widgets"
             for alias in node.names}
    calls = []
    for tree in trees:
        found = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and node.func.id in names]
        calls.append([node for node in sorted(found, key=lambda n: (n.lineno, n.col_offset))])
    return calls


def _same_code_cells_and_widgets(english: Path, german: Path) -> list[list[str]]:
    """Assert that ``german`` has the code cells of ``english`` and makes the same widgets
    the same way; return the widgets' names, cell by cell."""
    en_widgets, de_widgets = _widgets_called(english)[1:], _widgets_called(german)[1:]  # after the language cells
    assert len(de_widgets) == len(en_widgets), "the same number of code cells, besides the language cell"
    names = [[call.func.id for call in cell] for cell in en_widgets]
    assert [[call.func.id for call in cell] for cell in de_widgets] == names  # the same widgets, cell by cell
    # ... made the same way: the same games, seeds and positions (only titles are in words)
    assert [[_call(call) for call in cell] for cell in de_widgets] == [[_call(call) for call in cell] for cell in en_widgets]
    return names


#: Every lesson not in English, with the English lesson it mirrors (the same course id).
MIRRORS = [(NOTEBOOKS / lesson.file(lang), NOTEBOOKS / lesson.file("en"))
           for lang in FOLDERS if lang != "en" for lesson in course(lang)]


@pytest.mark.parametrize("english", ENGLISH, ids=[p.name for p in ENGLISH])
def test_every_english_lesson_has_a_german_one(english):
    german = [p for p in GERMAN if p.name[:3] == english.name[:3]]
    assert len(german) == 1, f"no German lesson (or more than one) numbered {english.name[:2]} in notebooks/de"


@pytest.mark.parametrize("lesson, english", MIRRORS, ids=[str(p.relative_to(NOTEBOOKS)) for p, _ in MIRRORS])
def test_every_lesson_has_the_code_cells_and_widgets_of_the_english_lesson_it_mirrors(lesson, english):
    """A German lesson and its English one, or a French, Spanish or Chinese page of Rally
    Run's and the English lesson it mirrors (lesson 0 too: its widgets know the language)."""
    assert any(_same_code_cells_and_widgets(english, lesson)), "the comparison found widgets to compare"


def test_every_language_has_its_whole_course_and_no_other_lesson():
    for lang, folder in FOLDERS.items():
        there = sorted((NOTEBOOKS / folder).glob("[0-9][0-9]_*.ipynb"))
        assert there == [NOTEBOOKS / lesson.file(lang) for lesson in course(lang)], lang


def _guide_part(notebook: Path) -> str:
    """The part of the guide a notebook is: "" for its start, "1" for
    ``for_grown_ups_1_cards_and_hills`` or ``fuer_erwachsene_1_karten_und_huegel``."""
    rest = notebook.stem.removeprefix("for_grown_ups").removeprefix("fuer_erwachsene")
    return rest.split("_")[1] if rest else ""


def test_the_guide_has_the_same_parts_in_both_languages():
    assert [_guide_part(p) for p in GUIDE_ENGLISH] == ["", "1", "2", "3", "4", "5"]
    assert [_guide_part(p) for p in GUIDE_GERMAN] == [_guide_part(p) for p in GUIDE_ENGLISH]


@pytest.mark.parametrize("english", GUIDE_ENGLISH, ids=[p.name for p in GUIDE_ENGLISH])
def test_every_part_of_the_english_guide_has_a_german_one_with_the_same_code_cells_and_widgets(english):
    german = [p for p in GUIDE_GERMAN if _guide_part(p) == _guide_part(english)]
    assert len(german) == 1, f"no German part (or more than one) of the guide like {english.name} in notebooks/de"
    _same_code_cells_and_widgets(english, german[0])


def test_the_german_lessons_readme_names_each_german_lesson_and_its_english_one():
    readme = (NOTEBOOKS / "de" / "README.md").read_text(encoding="utf-8")
    for english, german in zip(ENGLISH, GERMAN):
        assert german.stem in readme and english.stem in readme, (german.stem, english.stem)


def test_the_lessons_jupyterlab_fetches_no_news():
    settings = json.loads((ROOT / "binder" / "overrides.json").read_text(encoding="utf-8"))
    assert settings["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}




def _read_outputs(cell: dict, widgets: bool = False) -> list[str]:
    """What a learner reads of a cell's outputs: printed text, and the plain text of
    results that are not widgets (a widget shows its own view instead); with ``widgets``,
    the widgets' plain text too (what a screen reader or nbval reads)."""
    texts = []
    for output in cell.get("outputs", []):
        texts.append("".join(output.get("text", "")))
        data = output.get("data", {})
        if widgets or "application/vnd.jupyter.widget-view+json" not in data:
            texts.append("".join(data.get("text/plain", "")))
    return texts


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_no_lesson_output_speaks_python(lesson):
    cells = _cells(lesson)
    found = [f"cell {i}: {line.strip()}" for i, cell in enumerate(cells) for text in _read_outputs(cell)
             for line in text.splitlines() if PYTHON.search(line)]
    assert found == []


#: Every lesson not in English.
TRANSLATED = [lesson for lesson, _english in MIRRORS]


@pytest.mark.parametrize("lesson", TRANSLATED, ids=[str(p.relative_to(NOTEBOOKS)) for p in TRANSLATED])
def test_no_translated_lesson_output_speaks_english(lesson):
    """What a German, French, Spanish or Chinese lesson stores (what nbval compares) holds no
    English phrase of the catalogs' messages: every widget speaks the lesson's language."""
    from english_phrases import RALLY_POT, WIDGETS_POT, english_phrases

    phrases = english_phrases(RALLY_POT, WIDGETS_POT)
    shown = " ".join(" ".join(text.split()) for cell in _cells(lesson) for text in _read_outputs(cell, widgets=True))
    assert shown and sorted(p for p in phrases if p in shown) == []


@pytest.mark.parametrize("line", [
    "May play: [Card.parse('G5'), Card.parse('G12')]", "Legal actions: [Turbo(True), Turbo(False)]",
    "position p % N", "True", "Value at each position: (0, 1, 2, 4, 7)", "against NoMemoryBot()", "fn = lambda g: g.round", "order: [2, 0, 1]",
    "Position.from_code(code)", "advise(p, seed=0)"])
def test_the_python_detector_sees_python(line):
    assert PYTHON.search(line)


@pytest.mark.parametrize("line", [
    "May play: G5, G12", "turbo           31.0%   23.3% -  39.9%", "Ada moves 3 from space 2: counts 3 empty spaces.",
    "The choices: turbo or no turbo", "(300 games each, 2 players, against a computer player with no memory; a fair share would be 50.0%)"])
def test_the_python_detector_passes_plain_words(line):
    assert not PYTHON.search(line)
