"""Build what Binder would build, from binder/ alone, and run every lesson in it.

This makes a fresh virtual environment, installs ``binder/requirements.txt`` into it
from the repository root (as repo2docker does), and executes each notebook with that
environment's own Jupyter; it also opens lesson 0 as an app (Voilà) on that environment's
Jupyter server. It needs the package registry, and takes a minute or two.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Binder environment installed anew: out of the fast loop (bin/test --fast)

ROOT = Path(__file__).resolve().parents[2]
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
    assert {"jupyterlab", "ipywidgets", "anywidget", "plotly", "voila"} <= names


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


def test_binder_serves_the_app_view_with_its_settings(binder_env):
    # Where the server reads its configuration (a file of jupyter_server_config.d/ is read only
    # for which extensions are enabled): the server itself must see the app's settings.
    shown = subprocess.run(
        [str(binder_env / "bin" / "python"), "-c",
         "import json; from jupyter_server.serverapp import ServerApp; app = ServerApp(); app.load_config_file();"
         " print(json.dumps({k: dict(v) for k, v in app.config.items()}, default=repr))"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "JUPYTER_CONFIG_DIR": str(binder_env / "no-home")})
    assert shown.returncode == 0, shown.stderr[-2000:]
    seen = json.loads(shown.stdout)
    for section, settings in json.loads((BINDER / "jupyter_server_config.json").read_text()).items():
        for key, value in settings.items():
            assert seen.get(section, {}).get(key) == value, (section, key, seen.get(section))
    # and what only the Python file can hold: an app-view page gets its _xsrf cookie, and its language
    assert "give_the_page_its_xsrf_cookie" in seen["VoilaConfiguration"]["prelaunch_hook"], seen["VoilaConfiguration"]
    assert "tell_the_page_its_language" in seen["VoilaConfiguration"]["page_config_hook"], seen["VoilaConfiguration"]
    listed = subprocess.run([str(binder_env / "bin" / "jupyter"), "server", "extension", "list"],
                            capture_output=True, text=True, timeout=120)
    words = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)  # without its colors
    assert re.search(r"voila\.server_extension\s+enabled", words), words[-2000:]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_app_badge_opens_lesson_0_run_with_no_code(binder_env, tmp_path):
    """The second badge's address, /voila/render/notebooks/00_start_here.ipynb, on the Jupyter
    server of the Binder environment (serving a copy of the repository's lessons)."""
    shutil.copytree(ROOT / "notebooks", tmp_path / "site" / "notebooks")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{binder_env / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    cmd = [str(binder_env / "bin" / "jupyter"), "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           f"--ServerApp.root_dir={tmp_path / 'site'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    with open(tmp_path / "server.log", "wb") as log:
        server = subprocess.Popen(cmd, cwd=tmp_path / "site", env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                assert server.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.25)
        # Voilà answers once it has run every cell of the lesson.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/notebooks/00_start_here.ipynb",
                                    timeout=600) as response:
            page = response.read().decode("utf-8")
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(timeout=10)
    assert "Two games to choose from" in page                   # a cell's output (the game chooser): the lesson ran
    assert "Run All" not in page                                # the JupyterLab-only start instruction left out
    assert "There was an error" not in page and "Traceback" not in page
    code_cells = re.findall(r'class="[^"]*\bjp-CodeCell\b[^"]*"', page)
    assert code_cells and all("jp-mod-noInput" in c for c in code_cells)  # no code shown


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
