"""The engine's tests, run again under the static site's own Python: Pyodide (CPython 3.14
compiled to WebAssembly), in Node.js, from the same npm package the site ships.

A change that works on this machine's Python but breaks the engine on Pyodide's fails
here. Pyodide comes from ``bin/fetch-pyodide`` (the npm registry), the test tools from
PyPI as pure-Python wheels (``tests/site/pyodide/requirements.txt``), unpacked once into
``build/``; ``tests/site/pyodide/run_pytest.mjs`` mounts the repository and runs pytest.
Without Node.js or npm the test is skipped, unless ``RALLY_REQUIRE_PYODIDE=1`` (CI) says
it must run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPS = ROOT / "build" / "pyodide-test-deps"
REQUIREMENTS = ROOT / "tests" / "site" / "pyodide" / "requirements.txt"
#: The engine's test files: those that import rally alone (no widgets, Jupyter or browser,
#: and no network: a test that serves files over a socket cannot run where Pyodide runs).
ENGINE_TESTS = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "engine").glob("test_*.py")
    if not any(word in p.read_text(encoding="utf-8")
                for word in ("widgets", "plotly", "subprocess", "nbformat", "playwright", "binder", "http.client"))
)


def _tools_missing() -> str | None:
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return None


@pytest.fixture(scope="module")
def pyodide_and_tools() -> tuple[Path, Path]:
    missing = _tools_missing()
    if missing:
        if os.environ.get("RALLY_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"The engine must be tested under Pyodide here, but {missing}.")
        pytest.skip(f"{missing}: the engine's tests under Pyodide need Node.js and npm")
    pyodide = Path(subprocess.run(["bash", str(ROOT / "bin" / "fetch-pyodide")], check=True, capture_output=True,
                                  text=True).stdout.strip())
    stamp = DEPS / ".requirements"
    wanted = REQUIREMENTS.read_text(encoding="utf-8")
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != wanted:
        shutil.rmtree(DEPS, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--target", str(DEPS), "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
                        "--platform", "any", "--implementation", "py", "-r", str(REQUIREMENTS)], check=True)
        stamp.write_text(wanted, encoding="utf-8")
    return pyodide, DEPS


def test_the_engine_tests_pass_under_pyodide(pyodide_and_tools):
    pyodide, deps = pyodide_and_tools
    assert len(ENGINE_TESTS) >= 10, ENGINE_TESTS
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "site" / "pyodide" / "run_pytest.mjs"), str(pyodide), str(deps), "--",
         "-q", "-p", "no:cacheprovider", "-o", "addopts=", *ENGINE_TESTS],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
    )
    out = run.stdout + run.stderr
    assert "on emscripten (Pyodide)" in out, out[-3000:]  # it really ran in Pyodide
    assert run.returncode == 0, out[-6000:]
    assert " passed" in out.splitlines()[-1] and "failed" not in out.splitlines()[-1], out[-2000:]
