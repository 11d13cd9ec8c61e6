"""The static site's build steps that make it light and offline (``bin/site``): the lessons
staged to start by themselves (``site/stage_notebooks.py``), the kernel's packages locked
(``site/make_lock.py``), the service worker that saves the whole build
(``site/offline.py``). The browser tests (``tests/browser/test_site.py``) check the built
site in Chromium; these check each step on small inputs, in a second."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"site_{name}", SITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


stage_notebooks, make_lock, offline = load("stage_notebooks"), load("make_lock"), load("offline")
lesson_pictures, drawing_lessons = load("lesson_pictures"), load("drawing_lessons")
sys.path.insert(0, str(ROOT / "tests"))
from browser import picture_payloads  # noqa: E402  (the payloads the site's browser test opens too)
from lesson_words import device_only_texts  # noqa: E402


# --- Each language's app and front page -----------------------------------------------------

def test_each_language_but_english_has_an_app_and_a_front_page_that_opens_its_lesson_0():
    pytest.importorskip("jupyter_server", reason="the languages are lab_language's (the lab extra)")
    language_app = load("language_app")
    import lab_language
    from widgets.course import FOLDERS

    assert sorted(language_app.FRONT_PAGES) == sorted(lang for lang in lab_language.LOCALES if lang != "en")
    for lang in language_app.FRONT_PAGES:
        page = language_app.front_page(lang)
        start = re.search(r'url=lab/index\.html\?path=(notebooks/[^"]+)"', page).group(1)
        assert (ROOT / start).is_file() and start.split("/")[1] == lang, start
        assert f'href="lab/index.html?path={start}"' in page  # the button, for a browser that does not follow
        tag = re.search(r'<html lang="([^"]+)">', page).group(1)
        assert tag.split("-")[0] == lang, tag
    assert set(language_app.FRONT_PAGES) <= set(FOLDERS.values())


# --- The lessons on the site start by themselves ------------------------------------------

#: The notebooks the site stages: the lessons and the guide for grown-ups (its start and parts).
STAGED = ("[0-9][0-9]_*.ipynb", "for_grown_ups*.ipynb", "fuer_erwachsene*.ipynb")


#: How each language says on the site that a lesson starts by itself.
STARTS_BY_ITSELF = ("starts by itself", "von selbst", "démarre toute seule", "empieza sola", "自己开始")


def test_every_staged_lesson_says_it_starts_by_itself(tmp_path):
    stage_notebooks.main(str(ROOT / "notebooks"), str(tmp_path))
    lessons = sorted(p for pattern in STAGED for p in tmp_path.rglob(pattern))
    # JupyterLab (the browser tests) may leave .ipynb_checkpoints copies; the site skips them.
    sources = [p for pattern in STAGED for p in (ROOT / "notebooks").rglob(pattern) if ".ipynb_checkpoints" not in p.parts]
    assert len(lessons) == len(sources) >= 32
    assert not any(".ipynb_checkpoints" in p.parts for p in lessons)
    for lesson in lessons:
        text = "".join(cell["source"] for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]
                       if cell["cell_type"] == "markdown")
        assert not any(words in text for words in stage_notebooks.BY_HAND), lesson.name
        assert any(words in text for words in STARTS_BY_ITSELF), lesson.name


def test_a_lesson_that_asks_for_run_all_in_other_words_stops_the_build():
    notebook = {"cells": [{"cell_type": "markdown", "source": "Now choose **Run → Run All Cells** please."}]}
    with pytest.raises(SystemExit, match="SITE_WORDS"):
        stage_notebooks.stage(notebook)


# --- A lesson that may draw loads Plotly; the others start without it ----------------------

def code_cell(source: str) -> dict:
    return {"cell_type": "code", "source": source, "outputs": [], "metadata": {}}


@pytest.fixture
def package(tmp_path):
    """A small widgets package: ``Chart`` draws through ``charts``, which uses the figure
    module, and ``Deal`` through ``Chart``; ``Hand`` does not; the package's ``__init__``
    names them and the figures."""
    root = tmp_path / "widgets"
    (root / "cards").mkdir(parents=True)
    (root / "__init__.py").write_text("from .plotly_view import PlotlyView\nfrom .cards import Chart, Hand\n"
                                      "from rally.stich_rallye.replay import replay_states\n")
    (root / "plotly_view.py").write_text("class PlotlyView: pass\n")
    (root / "charts.py").write_text("from .plotly_view import PlotlyView\nclass Bars(PlotlyView): pass\n")
    (root / "cards" / "__init__.py").write_text("from .chart import Chart\nfrom .hand import Hand\n")
    (root / "cards" / "chart.py").write_text("from ..charts import Bars\nclass Chart: pass\n")
    (root / "cards" / "hand.py").write_text("import html\nclass Hand: pass\n")
    (root / "cards" / "deal.py").write_text("from ..cards import Chart\nclass Deal: pass\n")  # through an __init__
    return drawing_lessons.Drawing(root)


@pytest.mark.parametrize("source, draws", [
    ("# Instructions\nfrom widgets import Hand\nHand()", False),
    ("from widgets import Chart", True),                      # through two re-exports and a module
    ("from widgets.cards.chart import Chart", True),
    ("from widgets.cards import Hand, Chart", True),
    ("from widgets.cards.deal import Deal", True),            # a module that takes Chart from cards/__init__
    ("from widgets import replay_states", False),            # taken from outside the package
    ("import widgets", True),                                # the whole package: it may draw
    ("import plotly.graph_objects as go", True),
    ("import rally\nrally.set_language('en')", False),
])
def test_which_lessons_may_draw_is_read_from_the_widgets_sources(package, source, draws):
    assert (package.why({"cells": [code_cell(source)]}) is not None) is draws


def test_a_lesson_that_may_draw_names_plotly_in_its_first_cell(package):
    drawing = {"cells": [{"cell_type": "markdown", "source": "# A lesson"},
                         code_cell("# Instructions for the computer\n# (two lines)\nimport rally"),
                         code_cell("from widgets import Chart")]}
    staged = stage_notebooks.stage(drawing, package)
    assert staged["cells"][1]["source"] == (
        f"# Instructions for the computer\n# (two lines)\n{drawing_lessons.IMPORT_LINE}\nimport rally")
    assert staged["cells"][2]["source"] == "from widgets import Chart"
    quiet = stage_notebooks.stage({"cells": [code_cell("# Instructions\nfrom widgets import Hand")]}, package)
    assert quiet["cells"][0]["source"] == "# Instructions\nfrom widgets import Hand"


def test_the_lessons_that_draw_are_those_with_figures():
    """The real lessons, read from the real widgets, in both languages: the Stich Rallye
    lessons that show the track (lesson 0 in its guided game, lesson 3's self-check too),
    lesson 9 its memory chart; lessons 1 and 2, whose self-checks draw no track (their module,
    widgets.stich_rallye.quizzes, imports no figure), and lessons 7 and 8 draw none."""
    drawing = drawing_lessons.Drawing(ROOT / "widgets")
    for folder in (ROOT / "notebooks", ROOT / "notebooks" / "de"):
        found = {}
        for lesson in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            found[lesson.name[:2]] = drawing.why(json.loads(lesson.read_text(encoding="utf-8"))) is not None
        assert found == {"00": True, "01": False, "02": False, "03": True, "04": True, "05": True, "06": True,
                         "07": False, "08": False, "09": True}, folder
    assert drawing.why({"cells": [{"cell_type": "code", "source": "from widgets import moving_quiz"}]}) == (
        "moving_quiz (widgets.stich_rallye.track_quizzes) draws with widgets.plotly_view")


# --- Each widget output has its picture, drawn before Python is ready ----------------------

def lessons() -> list[Path]:
    return sorted(p for p in (ROOT / "notebooks").rglob("[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)


#: The plain text of the widgets whose picture is empty (see below).
DEVICE_ONLY = device_only_texts()


@pytest.mark.parametrize("lesson", lessons(), ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_widget_output_of_a_lesson_has_a_current_picture(lesson):
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    outputs = lesson_pictures.widget_outputs(notebook)
    missing = lesson_pictures.stage(notebook, lesson_pictures.load(lesson, ROOT / "notebooks"))
    assert missing == [], f"{lesson.name}: outputs whose picture is missing or stale; run bash bin/lesson-pictures"
    staged = [output["data"][lesson_pictures.MIME] for _c, _o, output in outputs]
    assert len(staged) == len(outputs) > 0
    for picture in staged:
        # Read aloud draws only what the device knows (its voices, the switch kept in the
        # browser), so its picture is empty: nothing shows until Python is ready.
        assert picture["text"] and (picture["html"].strip() or picture["text"] in DEVICE_ONLY), lesson.name
        assert lesson_pictures.css_problems(picture["css"]) == [], lesson.name


def test_the_site_copy_of_a_lesson_carries_its_pictures(tmp_path):
    stage_notebooks.main(str(ROOT / "notebooks"), str(tmp_path))
    notebook = json.loads((tmp_path / "de" / "01_stiche.ipynb").read_text(encoding="utf-8"))
    outputs = lesson_pictures.widget_outputs(notebook)
    assert outputs and all(lesson_pictures.MIME in output["data"] for _c, _o, output in outputs)
    # The hand's picture is the hand as the German lesson draws it: its cards, with letters.
    hand = next(output["data"][lesson_pictures.MIME] for _c, _o, output in outputs
                if "Deine Hand" in output["data"][lesson_pictures.MIME]["text"])
    assert "rally-card" in hand["html"]


def test_an_output_whose_words_changed_gets_no_picture_and_is_named():
    lesson = ROOT / "notebooks" / "01_tricks.ipynb"
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    (c, o, output), *others = lesson_pictures.widget_outputs(notebook)
    output["data"]["text/plain"] = "A hand that the pictures never saw."
    missing = lesson_pictures.stage(notebook, lesson_pictures.load(lesson, ROOT / "notebooks"))
    assert missing == [f"cell {c}, output {o} ('A hand that the pictures never saw.')"]
    assert lesson_pictures.MIME not in output["data"]
    assert all(lesson_pictures.MIME in other["data"] for _c, _o, other in others)


class Markup(HTMLParser):
    """A picture's HTML as cleaned (well formed, escaped): its tags, attributes and words."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str]] = []
        self.words: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [(name, value or "") for name, value in attrs]

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.words += data.split()


POLICY = lesson_pictures.POLICY
#: What the policy removes from the site's own pictures: Plotly's link to its website (on
#: its logo), the ``rel`` of its toolbar's buttons, and the SVG namespace declarations,
#: which an HTML page does not read.
REMOVED_FROM_OWN = {"href", "target", "rel", "xmlns", "xmlns:xlink"}


def test_cleaning_keeps_the_site_s_own_pictures_whole():
    """The policy is what the widgets draw with: cleaning a picture of the site's own keeps
    every element, every word and every attribute but those named in REMOVED_FROM_OWN."""
    pictures = [p for path in sorted(lesson_pictures.FOLDER.rglob("*.json"))
                for p in json.loads(path.read_text(encoding="utf-8"))["pictures"]]
    assert len(pictures) > 100
    for picture in pictures:
        before, after = Markup(picture["html"]), Markup(lesson_pictures.clean_html(picture["html"]))
        assert (after.tags, after.words) == (before.tags, before.words)
        assert after.attributes == [(name, value) for name, value in before.attributes if name not in REMOVED_FROM_OWN]


@pytest.mark.parametrize("name", picture_payloads.HTML)
def test_the_build_cleans_a_picture_of_what_would_load_or_run(name):
    """A payload of tests/browser/picture_payloads.py in a picture's HTML: the site gets it
    with only the policy's tags and attributes, no address, no script, no event handler."""
    lesson = ROOT / "notebooks" / "01_tricks.ipynb"
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    pictures = lesson_pictures.load(lesson, ROOT / "notebooks")
    pictures[0] = {**pictures[0], "html": '<b class="kept">G5</b>' + picture_payloads.html_payloads()[name]}
    assert lesson_pictures.stage(notebook, pictures) == []
    shipped = Markup(lesson_pictures.widget_outputs(notebook)[0][2]["data"][lesson_pictures.MIME]["html"])
    allowed = {attribute.lower() for attribute in POLICY["attributes"]}
    assert "b" in shipped.tags and set(shipped.tags) <= {tag.lower() for tag in POLICY["tags"]}
    assert [(a, v) for a, v in shipped.attributes
            if not (a in allowed or a.startswith(tuple(POLICY["attribute_prefixes"])))] == []
    # data-* and aria-* values are words that only a script or CSS attr() reads (its type() refused).
    assert [(a, v) for a, v in shipped.attributes if not a.startswith(("data-", "aria-"))
            and re.search(r"leak|javascript|rallyPwned|\\", v)] == []
    assert [v for a, v in shipped.attributes if a == "style" and lesson_pictures.css_problems(v, declarations=True)] == []


@pytest.mark.parametrize("name", picture_payloads.CSS)
def test_picture_css_that_loads_or_runs_something_stops_the_build(name):
    lesson = ROOT / "notebooks" / "01_tricks.ipynb"
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    pictures = lesson_pictures.load(lesson, ROOT / "notebooks")
    pictures[0] = {**pictures[0], "css": pictures[0]["css"] + "\n" + picture_payloads.css_payloads()[name]}
    with pytest.raises(lesson_pictures.UnsafePicture, match="may load nothing"):
        lesson_pictures.stage(notebook, pictures)


@pytest.mark.parametrize("name", picture_payloads.REACH)
def test_picture_css_that_reaches_for_the_page_is_left_to_the_page(name):
    """CSS that loads nothing passes the build, whatever it styles: the page draws each
    picture in a shadow root inside a box of its own, where it reaches nothing else
    (tests/browser/test_site.py opens these on the site)."""
    assert lesson_pictures.css_problems(picture_payloads.reach_payloads()[name]) == []


@pytest.mark.parametrize("css", ["b { clip-path: url(#clip1) }", "b { background: url(data:image/png;base64,AA) }",
                                 "b { background: rgb(1 2 3) } @font-face { font-family: x }"])
def test_picture_css_names_no_address_at_all(css):
    """Not even a place in the picture or an image in the CSS itself: the widgets' CSS uses none."""
    assert lesson_pictures.css_problems(css) != []


def test_the_page_and_the_build_clean_by_one_policy(tmp_path):
    """site/picture-policy.json is the one list: the build's cleaners read it, and
    site/lesson_page.py puts it into the site's lesson-page script, which hands it to
    DOMPurify (shipped beside it, loaded first, its source map's name taken out)."""
    lesson_page = load("lesson_page")
    site, purify = tmp_path / "site", tmp_path / "dompurify"
    (site / "lab").mkdir(parents=True)
    (site / "lab" / "index.html").write_text("<html><head></head><body></body></html>", encoding="utf-8")
    (site / lesson_page.ICON).write_bytes(b"png")
    (purify / "dist").mkdir(parents=True)
    (purify / "dist" / "purify.min.js").write_text("window.DOMPurify = 1;\n//# sourceMappingURL=purify.min.js.map\n")
    lesson_page.add_lesson_page(site, purify)
    script = (site / "rally" / "lesson-page.js").read_text(encoding="utf-8")
    (policy,) = re.findall(r"^ *const POLICY = (.*);$", script, re.MULTILINE)
    assert json.loads(policy) == POLICY == json.loads((SITE / "picture-policy.json").read_text(encoding="utf-8"))
    assert lesson_page.POLICY_SLOT not in script
    assert (site / "rally" / "purify.min.js").read_text() == "window.DOMPurify = 1;\n"
    page = (site / "lab" / "index.html").read_text(encoding="utf-8")
    assert page.index("../rally/purify.min.js") < page.index("../rally/lesson-page.js")


def test_dompurify_is_pinned_and_fetched_from_the_npm_registry():
    version = (SITE / "dompurify-version.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    fetch = (ROOT / "bin" / "fetch-dompurify").read_text(encoding="utf-8")
    assert 'npm pack --silent "dompurify@$VERSION"' in fetch and "bin/fetch-dompurify" in (ROOT / "bin" / "site").read_text()


# --- Every package the site ships is loaded when the kernel starts -------------------------

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


def lock_for(tmp_path, wheels) -> tuple[int, dict, list[str]]:
    """make_lock on ``wheels``: its exit code, the lock's packages and the kernel's preload."""
    npm_lock = tmp_path / "npm-lock.json"
    npm_lock.write_text(json.dumps({"info": {"version": "test"}, "packages": {}}))
    lock, lite = tmp_path / "lock.json", tmp_path / "jupyter-lite.json"
    code = make_lock.main([str(npm_lock), str(lock), str(lite), f"../../pypi={wheels}"])
    if code:
        return code, {}, []
    preload = json.loads(lite.read_text())["jupyter-config-data"]["litePluginSettings"][
        make_lock.KERNEL_PLUGIN]["loadPyodideOptions"]["packages"]
    return code, json.loads(lock.read_text())["packages"], preload


def test_the_kernel_starts_with_its_packages_and_loads_plotly_when_a_cell_imports_it(tmp_path, wheels):
    """The kernel's packages and the project's load at start; Plotly (and what only it needs)
    stays in the lock, for the kernel to load before a cell that imports it."""
    code, packages, preload = lock_for(tmp_path, wheels)
    assert code == 0
    assert preload[:len(make_lock.KERNEL_NAMES)] == make_lock.KERNEL_NAMES
    assert set(preload) == set(packages) - {"plotly", "narwhals"}
    assert packages["rally-notebooks"]["depends"] == ["ipython"]  # it imports Plotly at its first figure
    assert packages["plotly"]["depends"] == ["narwhals"] and packages["plotly"]["imports"] == ["plotly"]
    assert packages["plotly"]["sha256"] == hashlib.sha256((wheels / "plotly-7.0-py3-none-any.whl").read_bytes()).hexdigest()


def test_a_shipped_package_that_nothing_loads_is_refused(tmp_path, wheels):
    wheel(wheels, "six", "1.17")
    assert lock_for(tmp_path, wheels)[0] == 1


def test_wheels_that_do_not_fit_together_are_refused(tmp_path, wheels):
    (wheels / "narwhals-2.0-py3-none-any.whl").unlink()  # plotly needs it
    assert lock_for(tmp_path, wheels)[0] == 1


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


def worker_files(site: Path) -> dict[str, str]:
    """The worker's FILES: each file's path and its contents' hash."""
    text = (site / "service-worker.js").read_text()
    start = text.index("const FILES = ") + len("const FILES = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def test_the_worker_lists_every_file_a_browser_may_ask_for(built):
    version, count = offline.make_offline(built)
    files = worker_files(built)
    assert list(files) == sorted(files) and count == len(files)
    assert all(files[name] == hashlib.sha256((built / name).read_bytes()).hexdigest()[:16] for name in files)
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


#: JavaScript: the worker run in Node.js with a browser's worker globals stubbed (a cache
#: store that matches as the browser's does, a network that can be switched off). Runs the
#: scenario named on the command line and prints what it saw as JSON.
WORKER_IN_NODE = r"""
const fs = require("fs"), vm = require("vm");
const [worker, scenario] = process.argv.slice(2);
const ORIGIN = "http://127.0.0.1:8000/";
const listeners = [], stores = new Map();
const bare = (url, options) => (options && options.ignoreSearch) ? String(url).split("?")[0] : String(url);
const caches = {
  open: async (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return {
      match: async (url, options) => { for (const [key, value] of store) if (bare(key, options) === bare(url, options)) return new Response(value); },
      put: async (url, response) => { store.set(String(url), await response.text()); },
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  },
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
};
let online = true, fetched = [];
const files = { "service-worker.js": null, "jupyterlite-service-worker.js": "// JupyterLite", "index.html": "front page", "lab/index.html": "lab page" };
const network = async (input, options) => {
  const url = String(input.url || input);
  fetched.push(url.replace(ORIGIN, ""));
  if (!online) throw new TypeError("Failed to fetch");
  const name = url.replace(ORIGIN, "").split("?")[0];
  const body = name === "service-worker.js" ? fs.readFileSync(worker, "utf8") : files[name];
  return body === undefined ? new Response("no", { status: 404 }) : new Response(body, { status: 200 });
};
const told = [];
const self = {
  location: new URL(ORIGIN + "service-worker.js"),
  addEventListener: (type, fn) => listeners.push({ type, fn, from: "ours" }),
  clients: { matchAll: async () => [{ postMessage: (m) => told.push(m) }] },
};
vm.runInContext(fs.readFileSync(worker, "utf8"), vm.createContext({
  self, caches, URL, Response, console, setTimeout, clearTimeout, AbortController, JSON,
  fetch: network, importScripts: (url) => listeners.push({ type: "fetch", from: "jupyterlite:" + url }),
}));
const source = fs.readFileSync(worker, "utf8");
const VERSION = source.match(/const VERSION = "([0-9a-f]+)"/)[1];
const FILES = JSON.parse(source.slice(source.indexOf("const FILES = ") + 14, source.indexOf(";\nconst PREFIX")));
const answer = async (url) => {
  let stopped = false, response = null;
  const event = { request: { url: ORIGIN + url, method: "GET" }, stopImmediatePropagation: () => { stopped = true; },
                  respondWith: (p) => { response = p; } };
  listeners.find((l) => l.type === "fetch" && l.from === "ours").fn(event);
  let body = null;
  try { const r = response ? await response : null; body = r === null ? null : (typeof r === "string" ? r : await r.text()); }
  catch (e) { body = "error: " + e.message; }
  return { stopped, body };
};
const save = async () => {
  let done;
  listeners.find((l) => l.type === "message").fn({ data: { type: "rally-offline-save" }, waitUntil: (p) => { done = p; } });
  await done;
  return told[told.length - 1];
};
(async () => {
  const out = { order: listeners.map((l) => `${l.type}:${l.from}`) };
  // An older build's complete copy, already there.
  const old = await caches.open("rally-offline-0123456789abcdef");
  await old.put(ORIGIN + "lab/index.html", new Response("old lab page"));
  await old.put(ORIGIN + "rally-offline-complete", new Response("old"));
  if (scenario === "offline") {
    online = false;
    out.fromOld = await answer("lab/index.html?path=notebooks/01_tricks.ipynb");
    out.missing = await answer("pypi/none.whl");
    out.drive = await answer("api/drive.v1");
    online = true;
    out.status = await save();
    out.caches = await caches.keys();
    online = false;
    fetched = [];
    out.fromNew = await answer("lab/index.html?path=notebooks/01_tricks.ipynb");
    out.again = await answer("index.html");
    out.fetchedOffline = fetched;   // the second answer did not wait for the network
  } else if (scenario === "404") {
    delete files["index.html"];
    out.status = await save();
    out.caches = await caches.keys();
    online = false;
    out.fromOld = await answer("lab/index.html");
  } else if (scenario === "reuse") {
    // The older build listed its files: the lab page with this build's hash, the front page
    // with another. A third build's copy has the lab page too, but is not complete.
    const list = (files) => new Response(JSON.stringify(files));
    await old.put(ORIGIN + "rally-offline-files", list({ "lab/index.html": FILES["lab/index.html"], "index.html": "0000000000000000" }));
    await old.put(ORIGIN + "index.html", new Response("old front page"));
    const half = await caches.open("rally-offline-fedcba9876543210");
    await half.put(ORIGIN + "rally-offline-files", list(FILES));
    await half.put(ORIGIN + "lab/index.html", new Response("half-saved lab page"));
    out.status = await save();
    out.caches = await caches.keys();
    out.fetched = fetched;
    const mine = await caches.open("rally-offline-" + VERSION);
    out.saved = {};
    for (const name of ["index.html", "lab/index.html"]) out.saved[name] = await (await mine.match(ORIGIN + name)).text();
  }
  out.version = VERSION;
  console.log(JSON.stringify(out));
})();
"""


def run_worker(built: Path, tmp_path: Path, scenario: str) -> dict:
    offline.make_offline(built)
    script = tmp_path / "run.js"
    script.write_text(WORKER_IN_NODE)
    done = subprocess.run(["node", str(script), str(built / "service-worker.js"), scenario],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def small_build(built):
    """The little site with just the files the Node.js scenarios serve."""
    for path in sorted(built.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(built).as_posix() not in ("index.html", "lab/index.html", "service-worker.js"):
            path.unlink()
    return built


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_worker_answers_offline_from_one_complete_copy_and_replaces_the_old_one(small_build, tmp_path):
    seen = run_worker(small_build, tmp_path, "offline")
    # Ours first, so what it answers JupyterLite's listener never sees; JupyterLite's last.
    assert seen["order"] == ["message:ours", "fetch:ours", "fetch:jupyterlite:./jupyterlite-service-worker.js"]
    # Network down, this build not saved yet: the older build's complete copy answers.
    assert seen["fromOld"] == {"stopped": True, "body": "old lab page"}          # ?path= ignored
    assert seen["missing"] == {"stopped": True, "body": "error: Failed to fetch"}  # not saved: the failure stands
    assert seen["drive"] == {"stopped": False, "body": None}                   # left to JupyterLite's worker
    # Saved: complete, and only then is the older build's copy deleted.
    assert seen["status"]["complete"] is True and seen["status"]["failed"] == 0
    assert seen["caches"] == [f"rally-offline-{seen['version']}"]
    assert seen["fromNew"] == {"stopped": True, "body": "lab page"}
    # For a while after the network failed, the saved copy answers at once: no waiting for it.
    assert seen["again"] == {"stopped": True, "body": "front page"} and seen["fetchedOffline"] == []


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_new_build_copies_the_files_an_older_complete_copy_saved_with_the_same_contents(small_build, tmp_path):
    seen = run_worker(small_build, tmp_path, "reuse")
    assert seen["status"]["complete"] is True and seen["status"]["failed"] == 0
    assert seen["status"]["saved"] == seen["status"]["total"] == 3
    # The lab page came from the complete older copy (same hash), not the network nor the
    # incomplete copy; the front page, changed since, from the network.
    assert seen["saved"] == {"index.html": "front page", "lab/index.html": "old lab page"}
    assert "lab/index.html" not in seen["fetched"] and "index.html" in seen["fetched"]
    assert seen["caches"] == [f"rally-offline-{seen['version']}"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_file_that_cannot_be_saved_leaves_the_copy_incomplete_and_the_old_one_kept(small_build, tmp_path):
    seen = run_worker(small_build, tmp_path, "404")
    assert seen["status"]["complete"] is False and seen["status"]["failed"] == 1
    assert sorted(seen["caches"]) == sorted(["rally-offline-0123456789abcdef", f"rally-offline-{seen['version']}"])
    assert seen["fromOld"] == {"stopped": True, "body": "old lab page"}        # never a half-saved build
