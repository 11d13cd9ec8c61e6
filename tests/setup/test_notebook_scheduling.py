"""A notebook's cells stay on one test worker, and so do the tests of a module that builds
the site or the Binder environment, or shares a coached game (the root conftest.py's scheduler)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest_under_test", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebooks_cells_are_one_unit_and_every_other_test_its_own():
    split = root_conftest().NotebookCellsTogether._split_scope
    assert split(None, "notebooks/de/06_was_waere_wenn.ipynb::Cell 4") == "notebooks/de/06_was_waere_wenn.ipynb"
    assert split(None, "notebooks/de/06_was_waere_wenn.ipynb::Cell 0") == "notebooks/de/06_was_waere_wenn.ipynb"
    assert split(None, "tests/engine/test_cli.py::test_help[en]") == "tests/engine/test_cli.py::test_help[en]"
    assert split(None, "README.md::README.md") == "README.md::README.md"


def test_a_module_with_a_costly_module_fixture_is_one_unit():
    conftest = root_conftest()
    split = conftest.NotebookCellsTogether._split_scope
    for module in conftest.MODULES_TOGETHER:
        assert (ROOT / module).is_file(), module
        assert split(None, f"{module}::test_a[1]") == split(None, f"{module}::test_b") == module
    assert split(None, "tests/browser/test_lessons.py::test_a[1]") == "tests/browser/test_lessons.py::test_a[1]"


@pytest.mark.slow  # two lessons in a pytest of its own, on two more workers
def test_two_workers_run_each_notebook_on_one_of_them(tmp_path):
    """Two German lessons on two workers: every cell of each on the same worker, in order
    (with pytest-xdist's worksteal, cells of the shorter lesson went to the other worker)."""
    lessons = ["notebooks/de/06_was_waere_wenn.ipynb", "notebooks/de/09_rally_run_gedaechtnis.ipynb"]
    run = subprocess.run([sys.executable, "-m", "pytest", *lessons, "-n", "2", "-v", "-p", "no:randomly",
                          "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "scheduling tests via NotebookCellsTogether" in run.stdout
    workers: dict[str, set[str]] = {}
    for line in run.stdout.splitlines():
        if line.startswith("[gw") and "PASSED" in line:
            worker, lesson = line.split("]")[0][1:], line.split("PASSED ")[1].split("::")[0]
            workers.setdefault(lesson, set()).add(worker)
    assert len(workers) == 2 and all(len(used) == 1 for used in workers.values()), workers


def test_the_slow_tests_are_collected_first(tmp_path):
    """A slow test at the end of the collection is moved before the others."""
    (tmp_path / "test_order.py").write_text(
        "import pytest\n\ndef test_quick():\n    pass\n\n@pytest.mark.slow\ndef test_long():\n    pass\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text((ROOT / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                          "-o", "addopts=", "-o", "markers=slow: long", str(tmp_path)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    listed = [line for line in run.stdout.splitlines() if "::" in line]
    assert [line.rpartition("::")[2] for line in listed] == ["test_long", "test_quick"], run.stdout + run.stderr
