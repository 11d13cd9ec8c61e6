"""The learner's view of the lessons: every code input folded away (the learner can open
it), and the lessons' JupyterLab quiet (no news pop-up)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.name for p in LESSONS])
def test_every_code_input_is_folded_away(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code and all(c["metadata"].get("jupyter", {}).get("source_hidden") is True for c in code)
    # A folded input still shows its first line: it is words for the learner, not code.
    first_lines = {"".join(c["source"]).split("\n")[0] for c in code}
    assert first_lines == {"# Instructions for the computer (click ••• to read them)"}


START = "**To start:** choose **Run → Run All Cells** in the menu at the top."
#: Cells with this tag show in JupyterLab only; the app view (Voilà) leaves them out
#: (binder/jupyter_server_config.json), since there the lesson runs by itself.
LAB_ONLY = "jupyterlab-only"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.name for p in LESSONS])
def test_every_lesson_opens_with_one_start_instruction_for_jupyterlab_only(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    assert cells[0]["cell_type"] == "markdown" and cells[0]["source"][0].startswith("# ")  # the title
    assert "".join(cells[1]["source"]) == START and cells[1]["metadata"].get("tags") == [LAB_ONLY]
    # Words about JupyterLab's menus and folded inputs appear only where the app leaves them out.
    for cell in cells:
        if cell["cell_type"] == "markdown" and LAB_ONLY not in cell["metadata"].get("tags", []):
            text = "".join(cell["source"])
            assert "Run All" not in text and "•••" not in text and "···" not in text, text


def test_the_lessons_jupyterlab_fetches_no_news():
    settings = json.loads((ROOT / "binder" / "overrides.json").read_text(encoding="utf-8"))
    assert settings["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}


#: What would make a learner read Python: reprs, list brackets, keywords, calls with
#: keyword arguments, attribute calls, the modulo and floor-division operators.
PYTHON = re.compile(
    r"Card\.parse\(|\blambda\b|\[\s*['\"\d(]|\b(True|False|None)\b|\w\([^)]*\b[a-z_]\w*=|"
    r"\b[A-Za-z_]\w*\.[a-z_]\w*\(|\s%\s|//|\bTurbo\(|\w+Bot\(\)|\(\s*-?\d+\s*,\s*-?\d+\s*,\s*-?\d+")


def _read_outputs(cell: dict) -> list[str]:
    """What a learner reads of a cell's outputs: printed text, and the plain text of
    results that are not widgets (a widget shows its own view instead)."""
    texts = []
    for output in cell.get("outputs", []):
        texts.append("".join(output.get("text", "")))
        data = output.get("data", {})
        if "application/vnd.jupyter.widget-view+json" not in data:
            texts.append("".join(data.get("text/plain", "")))
    return texts


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.name for p in LESSONS])
def test_no_lesson_output_speaks_python(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    found = [f"cell {i}: {line.strip()}" for i, cell in enumerate(cells) for text in _read_outputs(cell)
             for line in text.splitlines() if PYTHON.search(line)]
    assert found == []


@pytest.mark.parametrize("line", [
    "May play: [Card.parse('G5'), Card.parse('G12')]", "Legal actions: [Turbo(True), Turbo(False)]",
    "position p % N", "True", "Value at each position: (0, 1, 2, 4, 7)", "against NoMemoryBot()", "fn = lambda g: g.round", "order: [2, 0, 1]",
    "Position.from_code(code)", "advise(p, seed=0)"])
def test_the_python_detector_sees_python(line):
    assert PYTHON.search(line)


@pytest.mark.parametrize("line", [
    "May play: G5, G12", "turbo           31.0%   23.3% -  39.9%", "Ada moves 3 from space 2: counts 3 empty spaces.",
    "The choices: turbo or no turbo", "(300 games each, 2 players, against a bot with no memory; a fair share would be 50.0%)"])
def test_the_python_detector_passes_plain_words(line):
    assert not PYTHON.search(line)
