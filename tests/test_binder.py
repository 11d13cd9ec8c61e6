"""Build what Binder would build, from binder/ alone, and run every lesson in it.

This makes a fresh virtual environment, installs ``binder/requirements.txt`` into it
from the repository root (as repo2docker does), and executes each notebook with that
environment's own Jupyter. It needs the package registry, and takes a minute or two.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def test_binder_pins_the_python_we_run():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}"


def test_binder_requirements_pin_every_package_and_install_the_project():
    lines = [ln.strip() for ln in (BINDER / "requirements.txt").read_text().splitlines()]
    packages = [ln for ln in lines if ln and not ln.startswith("#")]
    assert packages[-1] == "."
    unpinned = [p for p in packages[:-1] if "==" not in p]
    assert not unpinned, f"unpinned: {unpinned}"
    names = {p.split("==")[0].lower().replace("_", "-") for p in packages[:-1]}
    assert {"jupyterlab", "ipywidgets", "anywidget", "plotly"} <= names


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    result = subprocess.run([*pip, "-r", str(BINDER / "requirements.txt")], cwd=ROOT, capture_output=True,
                            text=True, timeout=1800)
    assert result.returncode == 0, result.stderr[-3000:]
    # Binder runs binder/postBuild after installing, with the environment's python first on PATH.
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return venv


def test_binder_keeps_jupyterlab_quiet_no_news_popup(binder_env):
    settings = json.loads((binder_env / "share/jupyter/lab/settings/overrides.json").read_text())
    assert settings["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


def run_notebook(venv: Path, notebook: Path, out_dir: Path) -> dict:
    """Execute ``notebook`` with the Jupyter of ``venv``; return the executed notebook."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(
        [str(venv / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=300", "--ExecutePreprocessor.store_widget_state=False",
         "--output-dir", str(out_dir), str(notebook)],
        cwd=out_dir, env=env, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads((out_dir / notebook.name).read_text())


def test_the_kernel_is_the_binder_environment_with_the_project_installed(binder_env, tmp_path):
    probe = tmp_path / "probe.ipynb"
    probe.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "cells": [{"cell_type": "code", "id": "probe", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": "import sys, rally, widgets\nprint(sys.prefix)\nprint(rally.__file__)"}],
    }))
    out = tmp_path / "out"
    out.mkdir()
    text = run_notebook(binder_env, probe, out)["cells"][0]["outputs"][0]["text"]
    prefix, rally_file = "".join(text).split()  # nbformat may store text as a list of lines
    assert Path(prefix).resolve() == binder_env.resolve()
    assert Path(rally_file).resolve().is_relative_to(binder_env.resolve())  # installed, not this checkout


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_runs_in_the_binder_environment(binder_env, lesson, tmp_path):
    executed = run_notebook(binder_env, lesson, tmp_path)
    errors = [o for c in executed["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
    assert all(c.get("outputs") is not None for c in executed["cells"] if c["cell_type"] == "code")
