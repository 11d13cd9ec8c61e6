"""The app view's page around a lesson (Voilà with the project's "rally" template,
binder/voila/rally, and the settings of binder/): every lesson and every part of the guide
for grown-ups has a title, shown as the browser tab's title; a German page says in German
that a part of the lesson failed; the loading spinner's picture has no English name.

The page is drawn here by Voilà's own exporter from the repository's template, with no
server and no kernel (the cells' outputs are given); tests/browser/test_learner_view.py and
tests/browser/test_german.py open the same pages on the server ``bin/lessons`` starts.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from traitlets.config import Config

voila_paths = pytest.importorskip("voila.paths", reason="the app view (Voilà) is the lessons' lab extra")
from voila.execute import VoilaExecutor  # noqa: E402
from voila.exporter import VoilaExporter  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
BINDER = ROOT / "binder"
#: Every notebook a learner or a grown-up opens: the lessons and the guide, in every language.
EVERY_NOTEBOOK = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("*/*.ipynb"))
IDS = [str(path.relative_to(NOTEBOOKS)) for path in EVERY_NOTEBOOK]

GERMAN_FAILURE = ("Dieser Teil der Lektion konnte nicht laufen. Lade die Seite neu. Hilft das nicht, öffne die "
                  "Lektion in JupyterLab und wähle Ausführen → Alle Zellen ausführen.")


def first_heading(notebook: nbformat.NotebookNode) -> str:
    """The first ``# `` heading of the notebook's markdown."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise AssertionError("the notebook has no heading")


@pytest.mark.parametrize("path", EVERY_NOTEBOOK, ids=IDS)
def test_every_notebook_has_its_heading_as_title(path):
    """``metadata.title``, which Voilà makes the page's ``<title>``: the notebook's own first
    heading (capitals aside), never the file name."""
    notebook = nbformat.read(path, as_version=4)
    title = notebook.metadata.get("title")
    assert title and title.casefold() == first_heading(notebook).casefold(), (title, first_heading(notebook))
    assert not title[0].islower() and "_" not in title  # a capital, or a script without (第 0 课)


def server_config() -> Config:
    """The app view's settings as the server reads them: binder/jupyter_server_config.json,
    then binder/jupyter_server_config.py (bin/quiet-lab installs both)."""
    config = Config(json.loads((BINDER / "jupyter_server_config.json").read_text(encoding="utf-8")))
    code = (BINDER / "jupyter_server_config.py").read_text(encoding="utf-8")
    exec(compile(code, "jupyter_server_config.py", "exec"), {"get_config": lambda: config})
    return config


@pytest.fixture(scope="module")
def template_root(tmp_path_factory) -> Path:
    """A Jupyter data folder holding the repository's template as ``voila/templates/rally``."""
    root = tmp_path_factory.mktemp("jupyter")
    shutil.copytree(BINDER / "voila" / "rally", root / "voila" / "templates" / "rally")
    return root


def failed_cell(config: Config) -> nbformat.NotebookNode:
    """A code cell that raised, its error output as Voilà leaves it with the app's settings."""
    cell = nbformat.v4.new_code_cell("raise ValueError('secret detail')", execution_count=3)
    cell.outputs = [nbformat.v4.new_output("error", ename="ValueError", evalue="secret detail",
                                           traceback=["Traceback ...", "ValueError: secret detail"])]
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
    assert executor.should_strip_error()  # show_tracebacks off, as binder/ sets it
    return executor.strip_code_cell_errors(cell)


def server_failure(config: Config) -> nbformat.NotebookNode:
    """What Voilà shows when the server, not the notebook, fails while running a cell."""
    cell = nbformat.v4.new_code_cell("")
    text = f"An exception occurred at the server (not the notebook). {config.VoilaExecutor.cell_error_instruction}"
    cell.outputs = [nbformat.v4.new_output("stream", name="stderr", text=text)]
    return cell


def app_page(notebook_path: str, template_root: Path, outputs=()) -> str:
    """The page Voilà sends for ``notebook_path`` (below the repository), its cells' outputs
    replaced by ``outputs`` (a list of cells)."""
    config = server_config()
    notebook = nbformat.read(ROOT / notebook_path, as_version=4)
    page_config = {"baseUrl": "/"}
    hook = config.VoilaConfiguration.page_config_hook
    page_config = hook(page_config, base_url="/", settings={}, log=None, voila_configuration=None,
                       notebook_path=notebook_path)
    template = config.VoilaConfiguration.template
    paths = voila_paths.collect_template_paths(
        ["voila", "nbconvert"], template, root_dirs=[str(template_root), *voila_paths._default_root_dirs()])
    exporter = VoilaExporter(template_paths=paths, template_name=template, config=config, contents_manager=None,
                             base_url="/", theme="light", show_margins=False, mathjax_url="null")
    exporter.exclude_input = exporter.exclude_input_prompt = exporter.exclude_output_prompt = True

    async def kernel_start(nb):
        return "kernel"

    async def cells(nb, kernel_id):
        for cell in outputs:
            yield cell

    async def render() -> str:
        context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": kernel_start,
                   "cell_generator": cells, "notebook_execute": None, "progressive_rendering": False}
        parts = [part async for part, _ in exporter.generate_from_notebook_node(
            notebook, resources={"base_url": "/", "theme": "light", "metadata": {"name": Path(notebook_path).stem}},
            extra_context=context, page_config=page_config)]
        return "".join(parts)

    return asyncio.run(render())


def failure_texts(page: str) -> list[str]:
    """The texts of the page's error outputs (Voilà's page draws them as stderr, in its HTML)."""
    found = re.findall(r'data-mime-type="application/vnd\.jupyter\.stderr">\s*<pre>(.*?)</pre>', page, re.S)
    return [html.unescape(text).strip() for text in found]


@pytest.mark.parametrize("path", ["notebooks/de/03_fahren_und_huegel.ipynb", "notebooks/00_start_here.ipynb",
                                  "notebooks/for_grown_ups_3_advisor.ipynb"])
def test_the_page_title_is_the_notebooks_title(path, template_root):
    page = app_page(path, template_root)
    title = nbformat.read(ROOT / path, as_version=4).metadata["title"]
    head = page.partition("</head>")[0]
    assert re.findall(r"<title>(.*?)</title>", head, re.S) == [html.escape(title, quote=False)]


def test_a_german_page_tells_a_failure_in_german(template_root):
    config = server_config()
    page = app_page("notebooks/de/01_stiche.ipynb", template_root, [failed_cell(config), server_failure(config)])
    assert failure_texts(page) == [GERMAN_FAILURE, GERMAN_FAILURE]
    assert '<html lang="de">' in page
    assert not re.search(r"There was an error|could not run|exception occurred|secret detail|Traceback", page)


#: What a page of each language of Rally Run alone says: its html lang, its loading line, and
#: its failure sentence's start.
RALLY_RUN_PAGES = {
    "fr": ("fr", "La leçon se charge…", "Cette partie de la leçon n’a pas pu marcher."),
    "es": ("es", "La lección se está cargando…", "Esta parte de la lección no ha podido funcionar."),
    "zh_Hans": ("zh-Hans", "课程正在加载……", "这一课的这一部分没能运行。"),
}


@pytest.mark.parametrize("lang", sorted(RALLY_RUN_PAGES))
def test_a_page_of_a_language_of_rally_run_alone_speaks_it(lang, template_root):
    """The lesson's folder decides the page's language: its html lang (screen readers, reading
    aloud), the loading line, the notice when its Python stopped, and a failure's sentence,
    which names JupyterLab's menu as the lessons' start cell does, in the lesson's language."""
    from lesson_words import WORDS
    from widgets.course import COURSE

    tag, loading, failed = RALLY_RUN_PAGES[lang]
    config = server_config()
    page = app_page(f"notebooks/{COURSE[7].file(lang)}", template_root, [failed_cell(config), server_failure(config)])
    assert f'<html lang="{tag}">' in page
    assert re.search(r"var words = \{[^\n]*" + re.escape(json.dumps(loading)), page)
    texts = failure_texts(page)
    assert len(texts) == 2 and all(text.startswith(failed) and f"{WORDS[lang]['menu']} {WORDS[lang]['run_all']}" in text
                                 for text in texts), texts
    assert not re.search(r"There was an error|could not run|exception occurred|secret detail|Traceback|lesson is loading",
                         page)


def test_an_english_page_tells_a_failure_in_the_apps_english_words(template_root):
    config = server_config()
    page = app_page("notebooks/01_tricks.ipynb", template_root, [failed_cell(config), server_failure(config)])
    instruction = config.VoilaExecutor.cell_error_instruction
    assert failure_texts(page) == [f"There was an error when executing cell [3]. {instruction}",
                                   f"An exception occurred at the server (not the notebook). {instruction}"]
    assert "This part of the lesson could not run." in instruction
    assert '<html lang="en">' in page
    assert GERMAN_FAILURE not in page and "secret detail" not in page


@pytest.mark.parametrize("path", ["notebooks/de/01_stiche.ipynb", "notebooks/01_tricks.ipynb"])
def test_the_loading_spinner_has_no_english_name(path, template_root):
    """Voilà's spinner picture is titled "spin" (a tooltip; a screen reader may read it): the
    page leaves the picture unnamed and hidden from screen readers; the line under it speaks."""
    page = app_page(path, template_root)
    spinner = re.search(r'<svg class="spinner"[^>]*>.*?</svg>', page, re.S)
    assert spinner and 'aria-hidden="true"' in spinner.group(0)
    assert "<title>" not in spinner.group(0) and "Running" not in page
    assert re.search(r'<h2 id="loading_text"></h2>', page)
    loading = "Die Lektion wird geladen …" if "/de/" in path else "The lesson is loading …"
    assert re.search(r"var words = \{[^\n]*" + re.escape(json.dumps(loading)), page)
