"""The static site's build steps that make it light and offline (``bin/site``): the lessons
staged to start by themselves (``site/stage_notebooks.py``), Plotly left out of the kernel's
start (``site/make_lock.py``), the service worker that saves the whole build
(``site/offline.py``). The browser tests (``tests/browser/test_site.py``) check the built
site in Chromium; these check each step on small inputs, in a second."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"site_{name}", SITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


stage_notebooks, make_lock, offline = load("stage_notebooks"), load("make_lock"), load("offline")


# --- The lessons on the site start by themselves ------------------------------------------

def test_every_staged_lesson_says_it_starts_by_itself(tmp_path):
    stage_notebooks.main(str(ROOT / "notebooks"), str(tmp_path))
    lessons = sorted(tmp_path.rglob("[0-9][0-9]_*.ipynb"))
    assert len(lessons) == len(list((ROOT / "notebooks").rglob("[0-9][0-9]_*.ipynb"))) >= 20
    for lesson in lessons:
        text = "".join(cell["source"] for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]
                       if cell["cell_type"] == "markdown")
        assert not any(words in text for words in stage_notebooks.BY_HAND), lesson.name
        assert ("starts by itself" in text) or ("von selbst" in text), lesson.name


def test_a_lesson_that_asks_for_run_all_in_other_words_stops_the_build():
    notebook = {"cells": [{"cell_type": "markdown", "source": "Now choose **Run → Run All Cells** please."}]}
    with pytest.raises(SystemExit, match="SITE_WORDS"):
        stage_notebooks.stage(notebook)


# --- Plotly is fetched at the first figure, not at the kernel's start ----------------------

def wheel(folder: Path, name: str, version: str, requires: list[str] = ()) -> Path:
    """A small pure-Python wheel of ``name`` that needs ``requires``."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
        z.writestr(f"{name}-{version}.dist-info/METADATA", meta)
    return path


@pytest.fixture
def wheels(tmp_path):
    folder = tmp_path / "pypi"
    folder.mkdir()
    for name in make_lock.KERNEL_NAMES:
        wheel(folder, name.replace("-", "_"), "1.0")
    wheel(folder, "narwhals", "2.0")
    wheel(folder, "plotly", "7.0", ["narwhals>=1"])
    wheel(folder, "rally_notebooks", "0.1", ["plotly>=6", "ipython"])
    return folder


def test_plotly_is_in_the_lock_but_not_loaded_when_the_kernel_starts(tmp_path, wheels):
    npm_lock = tmp_path / "npm-lock.json"
    npm_lock.write_text(json.dumps({"info": {"version": "test"}, "packages": {}}))
    lock, lite = tmp_path / "lock.json", tmp_path / "jupyter-lite.json"
    assert make_lock.main([str(npm_lock), str(lock), str(lite), f"../../pypi={wheels}"]) == 0
    packages = json.loads(lock.read_text())["packages"]
    preload = json.loads(lite.read_text())["jupyter-config-data"]["litePluginSettings"][
        make_lock.KERNEL_PLUGIN]["loadPyodideOptions"]["packages"]
    assert {"plotly", "narwhals"} <= set(packages)             # Pyodide can fetch them by name
    assert not {"plotly", "narwhals"} & set(preload)           # but the kernel's start does not
    assert "rally-notebooks" in preload and "ipython" in preload
    # A package the kernel loads does not pull Plotly in; Plotly still brings what it needs.
    assert packages["rally-notebooks"]["depends"] == ["ipython"]
    assert packages["plotly"]["depends"] == ["narwhals"]
    assert packages["plotly"]["sha256"] == hashlib.sha256((wheels / "plotly-7.0-py3-none-any.whl").read_bytes()).hexdigest()


def test_a_lock_without_plotly_is_refused(tmp_path, wheels):
    (wheels / "plotly-7.0-py3-none-any.whl").unlink()
    (wheels / "rally_notebooks-0.1-py3-none-any.whl").unlink()
    npm_lock = tmp_path / "npm-lock.json"
    npm_lock.write_text(json.dumps({"info": {}, "packages": {}}))
    assert make_lock.main([str(npm_lock), str(tmp_path / "l.json"), str(tmp_path / "j.json"), f"x={wheels}"]) == 1


# --- The service worker saves every file of the build -------------------------------------

JUPYTERLITE_WORKER = 'const CACHE="precache",broadcast=new BroadcastChannel("/sw-api.v1");'


@pytest.fixture
def built(tmp_path):
    """A little built site, as ``jupyter lite build`` and bin/site leave it."""
    site = tmp_path / "_site"
    for name, text in {
        "index.html": "<html>front</html>", "index.html.gz": "twin", "lab/index.html": "<html>lab</html>",
        "de/lab/index.html": "<html>Labor</html>", "build/bundle.js": "console.log(1)",
        "pypi/plotly-7.0-py3-none-any.whl": "wheel", "files/notebooks/00_start_here.ipynb": "{}",
        "files/notebooks/de/00_hier_anfangen.ipynb": "{}", "api/contents/all.json": "{}",
        "rspack.config.js": "config", "service-worker.js": JUPYTERLITE_WORKER,
    }.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    return site


def worker_files(site: Path) -> list[str]:
    text = (site / "service-worker.js").read_text()
    start = text.index("const FILES = ") + len("const FILES = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def test_the_worker_lists_every_file_a_browser_may_ask_for(built):
    version, count = offline.make_offline(built)
    files = worker_files(built)
    assert files == sorted(files) and count == len(files)
    assert {"index.html", "lab/index.html", "de/lab/index.html", "build/bundle.js", "pypi/plotly-7.0-py3-none-any.whl",
            "files/notebooks/00_start_here.ipynb", "files/notebooks/de/00_hier_anfangen.ipynb",
            "api/contents/all.json", "jupyterlite-service-worker.js"} == set(files)
    text = (built / "service-worker.js").read_text()
    assert json.dumps(version) in text and "__VERSION__" not in text and "__FILES__" not in text
    # JupyterLite's worker is kept, and loaded after ours.
    assert (built / "jupyterlite-service-worker.js").read_text() == JUPYTERLITE_WORKER
    assert text.rstrip().endswith('importScripts("./jupyterlite-service-worker.js");')


def test_a_new_build_has_a_new_version_and_the_same_build_the_same(built):
    first, _ = offline.make_offline(built)
    assert offline.make_offline(built)[0] == first            # run again: nothing changed
    (built / "lab" / "index.html").write_text("<html>lab, new</html>")
    assert offline.make_offline(built)[0] != first


def test_a_site_whose_worker_is_not_jupyterlites_is_refused_and_left_alone(built):
    (built / "service-worker.js").write_text("self.addEventListener('fetch', () => {});")
    with pytest.raises(SystemExit, match="not JupyterLite's service worker"):
        offline.make_offline(built)
    assert (built / "service-worker.js").read_text() == "self.addEventListener('fetch', () => {});"
    assert not (built / "jupyterlite-service-worker.js").exists()


#: JavaScript: the worker run in Node.js with a browser's worker globals stubbed: which
#: listeners it adds, in which order, and what its fetch listener does with three requests
#: while the network is down (a file of the site, saved; one not saved; JupyterLite's drive).
WORKER_IN_NODE = r"""
const fs = require("fs"), vm = require("vm");
const worker = process.argv[2];
const listeners = [], store = new Map();
const self = {
  location: new URL("http://127.0.0.1:8000/service-worker.js"),
  addEventListener: (type, fn) => listeners.push({ type, fn, from: "ours" }),
  clients: { matchAll: async () => [] },
};
const caches = { open: async () => ({ match: async (url, options) => store.get(String(url).split("?")[0]) }) };
store.set("http://127.0.0.1:8000/lab/index.html", "saved lab page");
const context = vm.createContext({ self, caches, URL, Response: class {}, console, setTimeout,
  fetch: async () => { throw new TypeError("Failed to fetch"); },
  importScripts: (url) => { listeners.push({ type: "fetch", from: "jupyterlite:" + url }); } });
vm.runInContext(fs.readFileSync(worker, "utf8"), context);
const answer = async (url) => {
  let stopped = false, response = null;
  const event = { request: { url, method: "GET" }, stopImmediatePropagation: () => { stopped = true; },
                  respondWith: (p) => { response = p; } };
  listeners.find((l) => l.type === "fetch" && l.from === "ours").fn(event);
  let body = null;
  try { body = response ? await response : null; } catch (e) { body = "error: " + e.message; }
  return { stopped, body };
};
(async () => {
  console.log(JSON.stringify({
    order: listeners.map((l) => `${l.type}:${l.from}`),
    saved: await answer("http://127.0.0.1:8000/lab/index.html?path=notebooks/01_tricks.ipynb"),
    missing: await answer("http://127.0.0.1:8000/pypi/none.whl"),
    drive: await answer("http://127.0.0.1:8000/api/drive.v1"),
  }));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_worker_answers_from_the_saved_copy_when_the_network_is_down(built, tmp_path):
    offline.make_offline(built)
    script = tmp_path / "run.js"
    script.write_text(WORKER_IN_NODE)
    done = subprocess.run(["node", str(script), str(built / "service-worker.js")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    # Ours first, so what it answers JupyterLite's listener never sees; JupyterLite's last.
    assert seen["order"] == ["activate:ours", "message:ours", "fetch:ours", "fetch:jupyterlite:./jupyterlite-service-worker.js"]
    assert seen["saved"] == {"stopped": True, "body": "saved lab page"}         # the address's ?path= ignored
    assert seen["missing"] == {"stopped": True, "body": "error: Failed to fetch"}  # not saved: the failure stands
    assert seen["drive"] == {"stopped": False, "body": None}                   # left to JupyterLite's worker
