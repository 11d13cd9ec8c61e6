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

import fcntl
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
    DEPS.parent.mkdir(parents=True, exist_ok=True)
    with open(DEPS.parent / "pyodide-test-deps.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test worker may be unpacking them
        if not stamp.is_file() or stamp.read_text(encoding="utf-8") != wanted:
            shutil.rmtree(DEPS, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                            "--target", str(DEPS), "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
                            "--platform", "any", "--implementation", "py", "-r", str(REQUIREMENTS)], check=True)
            stamp.write_text(wanted, encoding="utf-8")
    return pyodide, DEPS


#: The engine's test files in this many shares, each run in a Pyodide of its own, so that
#: test workers can share the run (alone it is the suite's longest test).
SHARES = 3


def test_the_shares_hold_every_engine_test_once():
    assert len(ENGINE_TESTS) >= 10, ENGINE_TESTS
    shares = [_share(n) for n in range(SHARES)]
    assert sorted(f for share in shares for f in share) == ENGINE_TESTS and all(shares)


def _share(n: int) -> list[str]:
    """Every :data:`SHARES`-th engine test file, from the ``n``-th (by size, so the shares
    take about as long)."""
    by_size = sorted(ENGINE_TESTS, key=lambda f: (ROOT / f).stat().st_size, reverse=True)
    return sorted(by_size[n::SHARES])


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_the_engine_tests_pass_under_pyodide(pyodide_and_tools, share):
    pyodide, deps = pyodide_and_tools
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "site" / "pyodide" / "run_pytest.mjs"), str(pyodide), str(deps), "--",
         "-q", "-p", "no:cacheprovider", "-o", "addopts=", *_share(share)],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
    )
    out = run.stdout + run.stderr
    assert "on emscripten (Pyodide)" in out, out[-3000:]  # it really ran in Pyodide
    assert run.returncode == 0, out[-6000:]
    assert " passed" in out.splitlines()[-1] and "failed" not in out.splitlines()[-1], out[-2000:]
