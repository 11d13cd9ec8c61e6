"""The learner's view of the lessons: every code input folded away (the learner can open
it), and the lessons' JupyterLab quiet (no news pop-up)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.name for p in LESSONS])
def test_every_code_input_is_folded_away(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code and all(c["metadata"].get("jupyter", {}).get("source_hidden") is True for c in code)


def test_the_lessons_jupyterlab_fetches_no_news():
    settings = json.loads((ROOT / "binder" / "overrides.json").read_text(encoding="utf-8"))
    assert settings["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
