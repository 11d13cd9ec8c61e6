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
import json
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


def pyodide_and_deps() -> tuple[Path, Path]:
    """Pyodide's folder and the test tools unpacked for it (once; again when
    :data:`REQUIREMENTS` changes)."""
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


def run_in_pyodide(pyodide: Path, deps: Path, *pytest_args: str) -> subprocess.CompletedProcess[str]:
    """pytest with ``pytest_args`` inside Pyodide, in Node.js, from the repository's root."""
    return subprocess.run(
        ["node", str(ROOT / "tests" / "site" / "pyodide" / "run_pytest.mjs"), str(pyodide), str(deps), "--",
         "-q", "-p", "no:cacheprovider", "-o", "addopts=", *pytest_args],
        cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )


@pytest.fixture(scope="module")
def pyodide_and_tools() -> tuple[Path, Path]:
    missing = _tools_missing()
    if missing:
        if os.environ.get("RALLY_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"The engine must be tested under Pyodide here, but {missing}.")
        pytest.skip(f"{missing}: the engine's tests under Pyodide need Node.js and npm")
    return pyodide_and_deps()


#: The engine's tests in this many shares, each run in a Pyodide of its own, so that test
#: workers can share the run (alone it is the suite's longest test).
SHARES = 2
#: How long each engine test took under Pyodide (pytest-split's ``--store-durations``):
#: pytest-split cuts the tests, in their order, into shares of about equal time, so a
#: module's tests mostly stay together. Record them again after adding an engine test file:
#: ``.venv/bin/python tests/site/test_engine_on_pyodide.py``.
DURATIONS = ROOT / "tests" / "site" / "pyodide" / "durations.json"


#: Tests that took longer than this under Pyodide (seconds, as recorded) run on this
#: machine's Python only: each plays many whole games or reviews through code that a quicker
#: test of the same module runs under Pyodide too (three quarters of the time, in a dozen tests).
#: So do the tests marked ``slow_setup``: they share such a test's module fixture, whose
#: minutes the recorded times give to the test that ran first (one of the slowest).
SLOWEST = 5.0


def recorded_times() -> dict[str, float]:
    """Each engine test's recorded seconds under Pyodide (:data:`DURATIONS`), by its node id."""
    return json.loads(DURATIONS.read_text(encoding="utf-8"))


def slowest_tests(times: dict[str, float]) -> list[str]:
    """The engine tests of ``times`` left to this machine's Python (see :data:`SLOWEST`)."""
    return sorted(node for node, seconds in times.items() if seconds > SLOWEST)


def test_the_recorded_times_know_every_engine_test_file():
    """A file with no recorded time would be guessed at (pytest-split takes the mean), and
    the shares would drift apart again: one waits minutes on another."""
    recorded = recorded_times()
    known = {node.split("::")[0] for node in recorded}
    assert set(ENGINE_TESTS) - known == set(), "record the times again: see DURATIONS"
    # Every file still runs under Pyodide: none has only tests slower than SLOWEST.
    slowest = set(slowest_tests(recorded))
    left = {node.split("::")[0] for node in recorded if node not in slowest}
    assert set(ENGINE_TESTS) <= left, set(ENGINE_TESTS) - left


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_the_engine_tests_pass_under_pyodide(pyodide_and_tools, share):
    # pytest-split cuts the shares before the slowest are deselected: it reads the times of
    # the tests that run, so that the shares stay about equal.
    times = recorded_times()
    slowest = slowest_tests(times)
    kept = DEPS.parent / f"pyodide-durations-{share}.json"
    kept.write_text(json.dumps({node: t for node, t in times.items() if node not in slowest}), encoding="utf-8")
    run = run_in_pyodide(*pyodide_and_tools, "--splits", str(SHARES), "--group", str(share + 1),
                         "--splitting-algorithm", "duration_based_chunks",
                         "--durations-path", str(kept.relative_to(ROOT)), "-m", "not slow_setup",
                         *(f"--deselect={node}" for node in slowest), *ENGINE_TESTS)
    out = run.stdout + run.stderr
    assert "on emscripten (Pyodide)" in out, out[-3000:]  # it really ran in Pyodide
    assert f"Running group {share + 1}/{SHARES}" in out, out[-3000:]  # only its share
    assert run.returncode == 0, out[-6000:]
    assert " passed" in out.splitlines()[-1] and "failed" not in out.splitlines()[-1], out[-2000:]


if __name__ == "__main__":  # record the times the shares are cut by (DURATIONS)
    done = run_in_pyodide(*pyodide_and_deps(), "--store-durations",
                          "--durations-path", str(DURATIONS.relative_to(ROOT)), *ENGINE_TESTS)
    print((done.stdout + done.stderr)[-2000:])
    sys.exit(done.returncode)
