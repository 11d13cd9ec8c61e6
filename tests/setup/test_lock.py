"""One lock for every install: uv.lock, the files made from it, and this environment.

``bash bin/lessons`` and ``bash bin/test`` install uv.lock's versions with uv
(bin/env.sh); Binder and the site's build install the files ``bash bin/lock`` makes from
it; the site's Pyodide wheels are pinned by hand to the lock's versions, or to Pyodide's
own where marked. These tests fail when any of them disagree.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.markers import Marker

ROOT = Path(__file__).resolve().parents[2]
UV = Path(sys.executable).parent / "uv"
#: The files pinned by hand for Pyodide, and the marks that let a pin differ from the lock.
PYODIDE_PINS = [ROOT / "site" / "runtime.txt", ROOT / "site" / "extensions.txt",
                ROOT / "tests" / "site" / "pyodide" / "requirements.txt"]
OWN_VERSION = ("# Pyodide 314.0.6's own version", "# the newest with a pure-Python wheel")

pytestmark = pytest.mark.skipif(not UV.exists(), reason=f"uv is not installed beside {sys.executable} (bin/env.sh)")


def name_of(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", requirement).lower()


def locked(*selection: str) -> dict[str, str]:
    """The lock's pins for ``selection`` (uv export's options) that apply to this Python."""
    exported = subprocess.run(
        [str(UV), "export", "--frozen", "--no-hashes", "--no-emit-project", "--no-header", "--no-annotate",
         *selection], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    pins = {}
    for line in exported.splitlines():
        requirement, _, marker = line.partition(";")
        name, _, version = requirement.strip().partition("==")
        if version and (not marker.strip() or Marker(marker.strip()).evaluate()):
            pins[name_of(name)] = version
    return pins


def all_locked_versions() -> dict[str, set[str]]:
    import tomllib

    versions: dict[str, set[str]] = {}
    for package in tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))["package"]:
        versions.setdefault(name_of(package["name"]), set()).add(package["version"])
    return versions


def test_the_lock_and_the_files_made_from_it_agree_with_pyproject():
    """uv.lock matches pyproject.toml; binder/requirements.txt and site/requirements.txt are
    what the lock says (bin/lock --check, with this environment)."""
    result = subprocess.run(["bash", str(ROOT / "bin" / "lock"), "--check"], capture_output=True, text=True,
                            env={**os.environ, "RALLY_VENV": sys.prefix})
    assert result.returncode == 0, result.stderr[-3000:]


def test_a_pyproject_the_lock_does_not_match_is_caught(tmp_path):
    shutil.copy(ROOT / "uv.lock", tmp_path)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    changed = pyproject.replace('"plotly>=6.0",', '"plotly>=6.0",\n    "six>=1.16",', 1)
    assert changed != pyproject
    (tmp_path / "pyproject.toml").write_text(changed, encoding="utf-8")
    # uv resolves again before it compares, so it needs the packages' metadata: from PyPI into
    # a cache of this test's own, so the answer is the same on a new machine as on a used one.
    result = subprocess.run([str(UV), "lock", "--check", "--project", str(tmp_path)], capture_output=True, text=True,
                            env={**os.environ, "UV_CACHE_DIR": str(tmp_path / "uv-cache")})
    assert result.returncode != 0 and "update" in result.stderr.lower(), result.stderr


def test_a_hand_edited_binder_file_is_caught(tmp_path):
    """bin/lock --check compares each made file with the lock, line by line."""
    copy = tmp_path / "project"
    for part in ("bin", "binder", "site"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("pictures", "__pycache__"))
    for name in ("pyproject.toml", "uv.lock", "README.md"):
        shutil.copy(ROOT / name, copy / name)
    binder = copy / "binder" / "requirements.txt"
    binder.write_text(re.sub(r"^plotly==\S+", "plotly==5.24.1", binder.read_text(), flags=re.M))
    result = subprocess.run(["bash", str(copy / "bin" / "lock"), "--check"], capture_output=True, text=True,
                            env={**os.environ, "RALLY_VENV": sys.prefix})
    assert result.returncode == 1
    assert "-plotly==5.24.1" in result.stderr and "binder/requirements.txt is not what uv.lock says" in result.stderr


def test_this_environment_is_exactly_the_lock():
    """What bin/env.sh installed (its stamp names the extras): every locked package at its
    locked version (the venv's tools, pip and uv, too), and nothing else."""
    stamp = Path(sys.prefix) / ".rally-installed"
    if not stamp.exists():
        pytest.skip(f"{sys.prefix} was not made by bin/env.sh")
    extras = stamp.read_text().split()[1].split(",")
    wanted = locked(*[arg for extra in extras for arg in ("--extra", extra)], "--group", "tools")
    installed = {name_of(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}
    wrong = {name: (version, installed.get(name)) for name, version in wanted.items() if installed.get(name) != version}
    assert wrong == {}, f"locked version, installed version: {wrong}"
    extra = set(installed) - set(wanted) - {"rally-notebooks"}
    assert extra == set(), f"installed but not in the lock: {sorted(extra)}"
    assert importlib.metadata.version("uv") == re.search(r'UV_VERSION="([^"]+)"', (
        ROOT / "bin" / "env.sh").read_text()).group(1)


@pytest.mark.parametrize("pins", PYODIDE_PINS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pyodide_pins_take_the_locks_versions(pins):
    versions = all_locked_versions()
    differ = []
    for line in pins.read_text(encoding="utf-8").splitlines():
        match = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
        if not match or name_of(match.group(1)) not in versions:
            continue
        name, version = name_of(match.group(1)), match.group(2)
        own = any(mark in line for mark in OWN_VERSION)
        if own == (version in versions[name]):  # a marked pin must differ; any other must agree
            differ.append(f"{line} (uv.lock: {', '.join(sorted(versions[name]))})")
    assert differ == [], "pins that disagree with uv.lock (or are marked as their own but agree):\n" + "\n".join(differ)
