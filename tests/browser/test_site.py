"""The static site (``bin/site``), as a school would run it: built from the package
registries, served by ``bin/serve-site`` on 127.0.0.1, opened in Chromium with
every other host cut off. Every lesson runs with the same checks as in JupyterLab, a
card is clicked in lesson 1, a move stepped in lesson 3, and any request that tries to
leave 127.0.0.1 fails the test.

``RALLY_SITE=_site`` tests a site built already (``bash bin/site``) instead of building one.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import time
import urllib.request
import zipfile

import pytest
from playwright.sync_api import expect

from lesson_words import WORDS, device_only_texts  # tests/lesson_words.py (pytest puts tests/ on sys.path)

from harness import browsers

from . import _lab, _other, _site, _speech, picture_payloads
from .conftest import skip_or_fail
from .test_lesson_moves import step_the_rulebook_example
from .test_lessons import check_run

#: Every lesson, in every language folder the lessons have.
LESSONS = sorted(str(p.relative_to(_lab.NOTEBOOKS)) for p in _lab.NOTEBOOKS.rglob("[0-9][0-9]_*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts)
#: The plain text of the widgets whose picture is empty (read aloud's).
DEVICE_ONLY = device_only_texts()
#: Screenshots of the site's lessons are named site_<lesson>.
SHOT = "site_"
lesson_pictures = _site.site_module("lesson_pictures")
drawing_lessons = _site.site_module("drawing_lessons")

#: JavaScript for the page's start: the messages the page sends to its workers (Pyodide's
#: kernel runs in one) wait until ``window.rallyLetPythonStart()``, so Python cannot be
#: ready while the test looks at the lesson as it opens, however fast the machine.
HOLD_PYTHON = """(() => {
  const held = [];
  let go = false;
  window.rallyLetPythonStart = () => { go = true; held.splice(0).forEach((send) => send()); };
  window.Worker = class extends window.Worker {
    postMessage(...message) { if (go) super.postMessage(...message); else held.push(() => super.postMessage(...message)); }
  };
})()"""
#: JavaScript: run ``code`` in the Python of the lesson in front, as a cell of its own would
#: but with no cell, and resolve with what it printed.
RUN_IN_PYTHON = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let printed = "";
  const future = kernel.requestExecute({ code, store_history: false });
  future.onIOPub = (message) => { if (message.header.msg_type === "stream") printed += message.content.text; };
  await future.done;
  return printed;
}"""
#: JavaScript: what Tab offers at the end of ``code`` in the Python of the lesson in front.
COMPLETE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return (await kernel.requestComplete({ code, cursor_pos: code.length })).content.matches;
}"""
#: Python: the entries of the lesson's import path in its folder on the kernel's drive (none:
#: site/lesson-page.js takes them off, docs/site.md "Other browsers").
DRIVE_ON_PATH = "import sys\nprint([p for p in sys.path if p in ('', '.') or p.startswith('/drive')])"
#: Python: whether Plotly is installed in the lesson's Python, and imported.
PLOTLY_THERE = "import importlib.util, sys\nprint(importlib.util.find_spec('plotly') is not None, 'plotly' in sys.modules)"

#: Python: from now on, count each widget message the lesson's Python hands the Pyodide
#: kernel to send (every comm message goes through ``send_comm``), by type.
COUNT_SENT = """import IPython
_rally_shell = IPython.get_ipython()
_rally_shell.rally_sent, _rally_send = {}, _rally_shell.send_comm
def _rally_counting(msg_type, *args):
    _rally_shell.rally_sent[msg_type] = _rally_shell.rally_sent.get(msg_type, 0) + 1
    return _rally_send(msg_type, *args)
_rally_shell.send_comm = _rally_counting
del _rally_counting"""
#: Python: the counts of COUNT_SENT so far, as JSON.
SENT = "import IPython, json\nprint(json.dumps(IPython.get_ipython().rally_sent, sort_keys=True))"
#: JavaScript: from now on, count each widget message the page gets from the lesson's Python, by type.
COUNT_GOT = """() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const got = window.rallyWidgetMessages = {};
  kernel.anyMessage.connect((_kernel, { msg, direction }) => {
    const type = msg.header.msg_type;
    if (direction === "recv" && ["comm_open", "comm_msg", "comm_close"].includes(type)) got[type] = (got[type] || 0) + 1;
  });
}"""
#: JavaScript: each output of the lesson in front by place ("cell:output"): whether it is a
#: picture (site/lesson_pictures.py) and the words it shows, a picture's or a widget's, and
#: for a picture how many of its CSS rules the page refused (its own rules, parsed afresh,
#: against those its shadow root holds).
DRAWN = """() => {
  const PICTURE = "application/vnd.rally-notebooks.picture+json";
  const count = (rules) => [...rules].reduce((n, rule) => n + 1 + (rule.cssRules ? count(rule.cssRules) : 0), 0);
  const drawn = {};
  window.jupyterapp.shell.currentWidget.content.widgets.forEach((cell, c) => {
    if (cell.model.type !== "code") return;
    cell.outputArea.widgets.forEach((child, o) => {
      const output = child.node.querySelector(".jp-OutputArea-output");
      const picture = output && output.querySelector(":scope > .rally-picture__view");
      if (!output) return;
      drawn[`${c}:${o}`] = { picture: Boolean(picture), text: (picture ? picture.shadowRoot.firstElementChild : output).innerText.trim() };
      if (picture) {
        const css = new CSSStyleSheet();
        css.replaceSync(cell.model.outputs.get(o).data[PICTURE].css);
        drawn[`${c}:${o}`].refused = count(css.cssRules) - count(picture.shadowRoot.adoptedStyleSheets.at(-1).cssRules);
      }
    });
  });
  return drawn;
}"""


@pytest.fixture(scope="module")
def site(browser_ready, tmp_path_factory):
    why = _site.missing_tools()
    if why is not None:
        skip_or_fail(f"The site's test needs Node.js to build it: {why}.")
    folder = _site.built_site(tmp_path_factory.mktemp("site") / "_site")
    with _site.StaticSite(folder) as served:
        yield served


@pytest.fixture(scope="module")
def leave_recorder():
    recorder = _site.LeaveRecorder()
    yield recorder
    recorder.close()


@pytest.fixture(scope="module")
def site_browser(playwright, leave_recorder):
    chromium = _site.launch_chromium(playwright, leave_recorder)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def site_page(site, site_browser, leave_recorder):
    """A fresh profile (nothing cached, nothing stored) at 1280 x 800 with other hosts cut
    off. After the test, nothing may have tried to leave, and the site had every file the
    page asked it for (a 404 is a file the build left out)."""
    context = site_browser.new_context(viewport=_lab.WINDOW)
    context.set_default_timeout(60_000)  # Python runs in the page: slower than a kernel
    site.block_other_hosts(context)
    site.left.clear()
    leave_recorder.seen.clear()
    page = context.new_page()
    seen = _lab.watch_script_errors(page)
    refused: list[str] = []
    context.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if r.status >= 400 and r.url.startswith(site.url) else None)
    try:
        yield page
    finally:
        context.close()
    _lab.assert_no_script_errors(seen)
    assert refused == [], f"the site did not have what the page asked for: {refused}"


def nothing_left(site, recorder) -> None:
    assert site.left == [], f"the site tried to reach other hosts: {site.left}"
    assert recorder.from_the_site() == [], f"requests for other hosts reached the proxy: {recorder.from_the_site()}"


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_lesson_0_goes_live_and_its_self_check_answers_in(name, site, leave_recorder):
    """Firefox and WebKit (Safari's engine; tests/browser/test_other_browsers.py has the app view):
    no uncaught error in the page or in Pyodide's worker, nothing asked of another host."""
    with _other.launch(name, leave_recorder) as driver:
        leave_recorder.seen.clear()
        seconds = _other.site_lesson_0(driver, site)
        driver.screenshot(f"{name}-site-00_start_here-quiz")
        _other.no_errors(driver, leave_recorder)
    print(f"{name}: lesson 0 visible after {seconds['visible']:.0f} s, live after {seconds['live']:.0f} s")


def test_lesson_9s_experiment_loses_no_widget_message_in_webkit(site, leave_recorder):
    """Issue 43: lesson 9's experiment sends hundreds of widget messages while Plotly's modules
    are first imported, where WebKit would meet Pyodide's ``NoGilError`` if the lesson's
    folder were on Python's import path (docs/site.md, "Other browsers"). The page must get
    every widget message the lesson's Python sent, counted on both sides, and show the
    experiment's end, its table and its chart with every bar, with no uncaught error in the
    page or its workers."""
    with _other.launch("webkit", leave_recorder) as driver:
        browsers.site_live(driver, site, "09_rally_run_memory.ipynb")
        _other.free_play_circuit(driver)
        driver.js(COUNT_GOT)
        driver.js(RUN_IN_PYTHON, COUNT_SENT)
        _other.memory_experiment(driver)
        driver.wait("() => [...document.querySelectorAll('table.rally-memory-table tbody tr')].length === 7")
        assert "Done." in driver.js("() => document.body.innerText")
        deadline = time.monotonic() + 60
        while True:  # the page may still be reading the last ones, and Python still sending (a chart fits its room)
            sent = json.loads(driver.js(RUN_IN_PYTHON, SENT))
            got = driver.js("() => window.rallyWidgetMessages")
            if got == sent or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert got == sent
        assert sent.get("comm_msg", 0) > 100, sent  # the games' progress alone sends hundreds
        _other.no_errors(driver, leave_recorder)


def test_the_site_holds_every_lesson(site):
    built = sorted(str(p.relative_to(site.folder / "files" / "notebooks"))
                   for p in (site.folder / "files" / "notebooks").rglob("[0-9][0-9]_*.ipynb"))
    assert built == LESSONS and "00_start_here.ipynb" in built


def page_words(url: str) -> str:
    """The text of the page at ``url`` as served, its whitespace made single spaces."""
    with urllib.request.urlopen(url, timeout=10) as r:
        return " ".join(r.read().decode("utf-8").split())


def test_the_front_page_says_nothing_is_installed_and_opens_lesson_0(site, site_page, leave_recorder):
    words = page_words(f"{site.url}/")
    assert "nothing is installed on this computer" in words and "your work stays in this browser" in words
    site_page.goto(f"{site.url}/")
    _lab.wait_for_lesson(site_page, "notebooks/00_start_here.ipynb", timeout=120_000)
    nothing_left(site, leave_recorder)


#: The course map's button in each app (site/lesson-page.js), by the lesson's folder.
COURSE_MAP = {"en": "Course map", "de": "Kursübersicht", "fr": "Plan des leçons", "es": "Mapa de lecciones",
              "zh": "课程地图"}
#: A lesson folder's key in lesson_words.WORDS.
LANGUAGE_KEY = {"zh": "zh_Hans"}

#: JavaScript: the words of JupyterLab's menu bar.
MENUS = "() => [...document.querySelectorAll('.lm-MenuBar-itemLabel')].map(e => e.textContent)"


def test_the_german_front_page_opens_german_lesson_0_in_german_jupyterlab(site, site_page, leave_recorder):
    words = page_words(f"{site.url}/de/")
    assert "Auf diesem Computer wird nichts installiert" in words and "bleibt in diesem Browser" in words
    site_page.goto(f"{site.url}/de/")
    _lab.wait_for_lesson(site_page, "notebooks/de/00_hier_anfangen.ipynb", timeout=120_000)
    menus = site_page.evaluate(MENUS)
    assert "Ausführen" in menus and "Datei" in menus, menus
    # The English app beside it keeps English: the German is that folder's default only.
    _lab.open_notebook(site_page, site, "00_start_here.ipynb", timeout=120_000)
    menus = site_page.evaluate(MENUS)
    assert "Run" in menus and "File" in menus, menus
    nothing_left(site, leave_recorder)


@pytest.mark.parametrize(("languages", "opens"), [
    (["fr-FR", "en"], "fr/lab/index.html?path=notebooks/fr/00_commencer_ici.ipynb"),
    (["es-MX"], "es/lab/index.html?path=notebooks/es/00_empieza_aqui.ipynb"),
    (["zh-CN"], "zh/lab/index.html?path=notebooks/zh/00_cong_zheli_kaishi.ipynb"),
    (["zh-TW", "de-AT"], "de/lab/index.html?path=notebooks/de/00_hier_anfangen.ipynb"),  # no traditional Chinese
    (["it-IT", "en-GB", "fr"], "lab/index.html?path=notebooks/00_start_here.ipynb"),  # the first the lessons speak
])
def test_the_front_page_opens_lesson_0_in_the_browsers_language(site, site_browser, languages, opens):
    context = site_browser.new_context(viewport=_lab.WINDOW, locale=languages[0])
    site.block_other_hosts(context)
    try:
        page = context.new_page()
        # navigator.languages as a browser set to these languages, in this order, reports it.
        page.add_init_script(f"Object.defineProperty(navigator, 'languages', {{get: () => {json.dumps(languages)}}});")
        page.route(re.compile(r".*/lab/index\.html.*"), lambda route: route.fulfill(body="<html>the app</html>",
                                                                                  content_type="text/html"))
        page.goto(f"{site.url}/")
        page.wait_for_url(lambda url: url == f"{site.url}/{opens}")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "es", "zh"])
def test_a_rally_run_languages_front_page_opens_its_lesson_0_in_its_jupyterlab(site, site_page, leave_recorder, lang):
    start = {"fr": "00_commencer_ici.ipynb", "es": "00_empieza_aqui.ipynb", "zh": "00_cong_zheli_kaishi.ipynb"}[lang]
    site_page.goto(f"{site.url}/{lang}/")
    _lab.wait_for_lesson(site_page, f"notebooks/{lang}/{start}", timeout=120_000)
    menus = site_page.evaluate(MENUS)
    assert WORDS[LANGUAGE_KEY.get(lang, lang)]["menu"].removesuffix(" →") in menus, menus
    assert "File" not in menus, menus  # JupyterLab speaks the language ("Fichier", "Archivo", "文件")
    _lab.screenshot(site_page, f"{SHOT}{lang}_front_page_lesson_0")
    nothing_left(site, leave_recorder)


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_on_the_site(site, site_page, leave_recorder, lesson):
    page = site_page
    # Before Python is ready (held back), every widget output shows its picture.
    page.add_init_script(HOLD_PYTHON)
    _speech.record(page, _speech.EVERY_LESSON_LANGUAGE)  # read aloud's buttons show
    page.goto(site.lesson_url(lesson))
    staged = json.loads((site.folder / "files" / site.lesson_path(lesson)).read_text(encoding="utf-8"))
    places = sorted(f"{c}:{o}" for c, o, _output in lesson_pictures.widget_outputs(staged))
    page.wait_for_function(f"() => document.querySelectorAll('.rally-picture').length === {len(places)}")
    # The lesson is the shell's current widget a moment after its pictures are drawn (a CI run
    # on a loaded machine read it before: null).
    page.wait_for_function("() => Boolean(window.jupyterapp?.shell?.currentWidget?.content)")
    before = page.evaluate(DRAWN)
    state = page.evaluate(_site.LIVE_STATE)
    assert state["live"] is None and state["kernel"] != "idle", state
    assert sorted(place for place, d in before.items() if d["picture"]) == places
    # Read aloud's picture is empty (it shows what only the device knows); every other has words.
    blank = {f"{c}:{o}" for c, o, output in lesson_pictures.widget_outputs(staged)
             if lesson_pictures.words(output) in DEVICE_ONLY}
    assert all(before[place]["text"] for place in places if place not in blank), before
    assert all(before[place]["refused"] == 0 for place in places), before  # the site's own CSS is kept whole
    _lab.screenshot(page, SHOT + lesson.removesuffix(".ipynb").replace("/", "_") + "_before_python",
                    page.locator(".rally-picture").first)
    page.evaluate("() => window.rallyLetPythonStart()")
    # Live (it ran by itself: no Run All from the test), each widget stands where its
    # picture was and shows the same words.
    live = _site.wait_until_live(page, site.lesson_path(lesson))
    after = page.evaluate(DRAWN)
    for place in places:
        assert after[place]["picture"] is False, place
        assert place in blank or after[place]["text"] == before[place]["text"], place
    check_run(page, lesson, live, shot=SHOT)
    expect(page).to_have_title(staged["metadata"]["title"])  # the lesson's title in the tab, not its file name
    # Plotly is in the lesson's Python only where the lesson may draw (loaded before the
    # first cell ran, which names it); the others start without its 7 MB.
    draws = drawing_lessons.IMPORT_LINE in next(c["source"] for c in staged["cells"] if c["cell_type"] == "code")
    assert page.evaluate(RUN_IN_PYTHON, PLOTLY_THERE).split() == [str(draws)] * 2, draws
    assert page.evaluate(RUN_IN_PYTHON, DRIVE_ON_PATH).strip() == "[]"  # no import looks at the drive
    # A document for a child: the simple interface, no file browser, a way to the course map.
    state = page.evaluate(_site.LIVE_STATE)
    assert state["mode"] == "single-document" and state["leftCollapsed"] is True, state
    assert state["notebooks"] == 1, state
    assert page.locator(".jp-FileBrowser").is_hidden()
    course_map = page.locator("button.rally-site-map")
    folder = lesson.split("/")[0] if "/" in lesson else "en"
    expect(course_map).to_have_text(COURSE_MAP[folder])
    menus = page.evaluate(MENUS)
    # JupyterLab in the lesson's language: the menu its start cell names (on the site, it runs by itself).
    assert WORDS[LANGUAGE_KEY.get(folder, folder)]["menu"].removesuffix(" →") in menus, menus
    assert folder in ("en", "es") or "Run" not in menus, menus  # Spanish's pack leaves "Run" in English
    # The English lessons' checks below read English words ("de/01_..." starts otherwise).
    if lesson.startswith("01_"):
        # A learner clicks a card they may play: it is picked, and the others are not.
        hand = page.locator(".rally-hand").first
        card = hand.locator('button.rally-card[aria-disabled="false"]').last
        card.scroll_into_view_if_needed()
        card.click()
        expect(card).to_have_class(re.compile(r"\bis-selected\b"))
        assert hand.locator("button.rally-card.is-selected").count() == 1
        _lab.screenshot(page, SHOT + "01_card_clicked", hand)
        # Tab completion works in the site's Python (jedi, with its type stubs).
        for code, offered in [("import rally\nrally.set_l", "set_language"), ("pri", "print"), ("x = [1]\nx.app", "append")]:
            matches = page.evaluate(COMPLETE, code)
            assert any(m.endswith(offered) for m in matches), (code, matches)
    if lesson.startswith("03_"):
        step_the_rulebook_example(page, shot=SHOT)
    if lesson.removeprefix("de/").startswith("00_"):
        play_the_first_moments(page, german=lesson.startswith("de/"))
    # Read aloud: a speaker at each paragraph of the lesson's text, on the site as elsewhere.
    assert page.locator(".jp-MarkdownCell .jp-RenderedMarkdown p .rally-read-aloud__button").count() > 0
    assert _lab.error_outputs(page) == []
    nothing_left(site, leave_recorder)


def play_the_first_moments(page, german: bool) -> None:
    """Lesson 0 on the site: a tap on a game starts its guided game at its first tip; "Go
    on" lets the learner play. Stich Rallye: a card is played and the trick goes on; Rally
    Run: its first tip shows too."""
    go_on = "Weiter ▶" if german else "Go on ▶"
    run = "Memo-Car-Race" if german else "Rally Run"  # the German box's name on German pages
    for game, words in [("Stich Rallye", "Stich Rallye:"), (run, run)]:
        _lab.output_button(page, words, prefix=True).filter(has_text=game).click()
        button = page.locator(".jp-OutputArea-output button", has_text=go_on).first
        expect(button).to_be_visible(timeout=60_000)
        _lab.screenshot(page, SHOT + ("de_" if german else "") + "00_first_tip_" + game.replace(" ", "_"))
        button.click()
        expect(button).to_be_hidden(timeout=60_000)  # Python has closed the tip: the learner's turn
        page.wait_for_timeout(600)  # the page's smooth scroll to the hand has ended
        if game == "Stich Rallye":
            # The guided game's hand: lesson 0's box set-up further down has a hand of its
            # own, drawn or not as the notebook's windowing decides.
            hand = page.locator(".rally-first-game .rally-hand")
            cards = hand.locator("button.rally-card")
            expect(cards.first).to_be_visible(timeout=60_000)
            held = cards.count()
            hand.locator('button.rally-card[aria-disabled="false"]').first.click()
            expect(cards).to_have_count(held - 1, timeout=60_000)  # played: the hand holds one card less


#: The site's kernel, named in a notebook so that JupyterLab asks nobody to choose one.
KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: JavaScript: what the pictures of a notebook made elsewhere (picture_payloads) did to the
#: page: whether each was drawn (its ``.kept`` mark), what ran, what in them still names an
#: address, a handler or a script, and which of the page's parts a style hid or painted (MARK).
WHAT_PICTURES_DID = """(mark) => {
  const views = [...document.querySelectorAll(".rally-picture__view")];
  const drawn = (view) => view.shadowRoot || view;
  const page = [...document.querySelectorAll("body *")].filter((e) => !e.closest(".rally-picture__view"));
  const hidden = (e) => { const s = getComputedStyle(e);
    return s.display === "none" || s.visibility !== "visible" || s.opacity !== "1" || s.filter !== "none" || !e.getClientRects().length; };
  return {
    drawn: views.filter((v) => drawn(v).querySelector(".kept")).length,
    inert: views.every((v) => v.inert && v.getAttribute("aria-hidden") === "true"),
    ran: window.rallyPwned || [],
    named: views.flatMap((v) => [...drawn(v).querySelectorAll("*")]).flatMap((e) => [...e.attributes])
      .filter((a) => a.name.startsWith("on") || (!/^(data|aria)-/.test(a.name) && /leak|javascript|rallyPwned|\\\\/i.test(a.value)))
      .map((a) => `${a.name}=${a.value}`),
    hidden: ["html", "body", ".jp-NotebookPanel", ".jp-Notebook", ".jp-MarkdownCell", ".rally-site-map"]
      .filter((selector) => !document.querySelector(selector) || hidden(document.querySelector(selector))),
    painted: page.filter((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor].includes(mark))
      .map((e) => `${e.localName}.${e.className}`),
  };
}"""
#: JavaScript: how many pixels of a screenshot of the window (a PNG's data address) are MARK's
#: colour outside every picture's box: what a picture painted over the page around it. (A
#: picture is inert, so no point of the window finds it: only what is seen tells.)
PAINTED_OUTSIDE = """async ([shot, mark]) => {
  const image = new Image();
  await new Promise((done) => { image.onload = done; image.src = shot; });
  const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const [r, g, b] = mark.match(/\\d+/g).map(Number);
  // Each box to whole pixels, outwards: a box is painted from the pixel its edge falls in.
  const boxes = [...document.querySelectorAll(".rally-picture")].map((e) => e.getBoundingClientRect())
    .map((b) => ({ left: Math.floor(b.left), top: Math.floor(b.top), right: Math.ceil(b.right), bottom: Math.ceil(b.bottom) }));
  let outside = 0;
  for (let y = 0; y < image.height; y += 2) for (let x = 0; x < image.width; x += 2) {
    const i = 4 * (y * image.width + x);
    if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b
        && !boxes.some((box) => x >= box.left && x < box.right && y >= box.top && y < box.bottom)) outside++;
  }
  return outside;
}"""


def test_pictures_from_a_notebook_made_elsewhere_load_run_and_cover_nothing(site, site_page, leave_recorder):
    """Anyone may open a notebook on the site: its pictures are drawn cleaned by DOMPurify
    (site/picture-policy.json), their CSS kept inside each picture's shadow root and box.
    Every payload of picture_payloads (addresses in attributes, srcset, SVG animation,
    parser tricks, CSS url() escaped or in image-set(), @import, @font-face, overlays, rules
    for the page's own parts) loads nothing from anywhere, runs nothing, and leaves the
    page visible and uncovered. (The site's own pictures are cleaned at build too.)"""
    page = site_page
    asked: list[str] = []  # every request for an address a payload names, to any host
    page.context.on("request", lambda request: asked.append(request.url) if "leak" in request.url else None)
    page.add_init_script(HOLD_PYTHON)  # the notebook's cell never runs: its pictures stay
    page.goto(f"{site.url}/lab/index.html")  # the app alone, no lesson
    page.wait_for_function("() => window.jupyterapp && document.querySelector('button.rally-site-map')")
    kept = '<b class="kept">G5</b>'
    pictures = ([(name, kept + html, "") for name, html in picture_payloads.html_payloads().items()]
                + [(name, kept + '<div class="cover">cover</div>', css)
                   for name, css in {**picture_payloads.css_payloads(), **picture_payloads.reach_payloads()}.items()])
    # One cell each: JupyterLab shows at most 50 outputs of a cell.
    cells = [{"cell_type": "code", "execution_count": 1, "metadata": {}, "source": "x", "outputs": [
        {"output_type": "display_data", "metadata": {}, "data": {
            "text/plain": name,
            "application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2, "version_minor": 0},
            lesson_pictures.MIME: {"html": html, "css": css, "text": name}}}]} for name, html, css in pictures]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": KERNEL}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "Words beside the pictures."}, *cells]}
    page.evaluate("""async (nb) => {
      await window.jupyterapp.serviceManager.contents.save('elsewhere.ipynb', {type: 'notebook', format: 'json', content: nb});
      await window.jupyterapp.commands.execute('docmanager:open', {path: 'elsewhere.ipynb'});
    }""", notebook)
    page.wait_for_function(f"() => document.querySelectorAll('.rally-picture').length === {len(pictures)}")
    page.wait_for_timeout(2000)  # for whatever would load or run
    did = page.evaluate(WHAT_PICTURES_DID, picture_payloads.MARK)
    # What each picture that paints MARK shows of it outside its box, with that picture on screen.
    did["covered"] = {}
    for i, (name, html, css) in enumerate(pictures):
        if picture_payloads.MARK in html + css:
            page.locator(".rally-picture").nth(i).scroll_into_view_if_needed()
            shot = "data:image/png;base64," + base64.b64encode(page.screenshot()).decode()
            if outside := page.evaluate(PAINTED_OUTSIDE, [shot, picture_payloads.MARK]):
                did["covered"][name] = outside
    _lab.screenshot(page, SHOT + "pictures_from_elsewhere")
    did["loaded"] = sorted({name for url in asked + site.left + leave_recorder.from_the_site()
                            for name in re.findall(r"leak[-.](?:example/)?([hc]\d\d)", url)})
    assert did == {"drawn": len(pictures), "inert": True, "ran": [], "named": [], "hidden": [], "painted": [],
                   "covered": {}, "loaded": []}, did
    assert asked == [] and page.url.startswith(site.url)  # no refresh took the page away
    nothing_left(site, leave_recorder)


def test_the_course_map_button_opens_lesson_0_and_stops_the_lesson_left(site, site_page):
    """From any lesson, one press opens lesson 0 (its map of the course) in the same
    language; the lesson left is closed and its Python stopped (one kernel at a time)."""
    page = site_page
    _lab.open_notebook(page, site, "de/02_motor_und_turbo.ipynb", timeout=120_000)
    _site.wait_until_live(page, site.lesson_path("de/02_motor_und_turbo.ipynb"))
    page.locator("button.rally-site-map").click()
    state = _site.wait_until_live(page, site.lesson_path("de/00_hier_anfangen.ipynb"))
    assert state["notebooks"] == 1 and state["mode"] == "single-document", state
    sessions = page.evaluate("async () => (await window.jupyterapp.serviceManager.sessions.refreshRunning(),"
                             " [...window.jupyterapp.serviceManager.sessions.running()].map(s => s.path))")
    assert sessions == [site.lesson_path("de/00_hier_anfangen.ipynb")], sessions


def ready_offline(page, version: str | None = None, timeout: float = 180_000) -> str:
    """Wait until the page says the site is saved for offline use (by the build ``version``,
    if given); the note's words."""
    page.wait_for_function(
        "(version) => document.body.dataset.rallyOffline === 'ready' "
        "&& (!version || document.body.dataset.rallyOfflineVersion === version)",
        arg=version, timeout=timeout, polling=250)
    note = page.locator(".rally-offline")
    expect(note).to_be_visible()
    assert note.get_attribute("role") == "status"
    return note.inner_text()


def test_after_one_visit_every_lesson_opens_with_no_server(site, site_browser, leave_recorder, tmp_path):
    """A learner visits one lesson; the site is saved (the note says so). Then the server
    stops, and lessons never opened before, English and German, open and run."""
    folder = tmp_path / "_site"
    shutil.copytree(site.folder, folder)  # a server of its own, to stop
    with _site.StaticSite(folder) as own:
        context = site_browser.new_context(viewport=_lab.WINDOW)
        context.set_default_timeout(60_000)
        own.block_other_hosts(context)
        page = context.new_page()
        seen = _lab.watch_script_errors(page)
        try:
            _lab.open_notebook(page, own, "00_start_here.ipynb", timeout=120_000)
            _site.wait_until_live(page, own.lesson_path("00_start_here.ipynb"))
            assert "every lesson now works without internet" in ready_offline(page)
            _lab.screenshot(page, SHOT + "offline_ready")
            own.stop()
            with pytest.raises(Exception):  # the server is gone indeed
                urllib.request.urlopen(f"{own.url}/index.html", timeout=5)
            for lesson, words in (("03_moving_and_hills.ipynb", "every lesson now works without internet"),
                                  ("de/07_rally_run_fahren.ipynb", "Alle Lektionen funktionieren jetzt auch ohne Internet")):
                page.goto(own.lesson_url(lesson))
                state = _site.wait_until_live(page, own.lesson_path(lesson))
                assert state["notebooks"] == 1, state
                assert _lab.error_outputs(page) == []
                assert words in ready_offline(page)
                _lab.screenshot(page, SHOT + "offline_" + lesson.removesuffix(".ipynb").replace("/", "_"))
            # The front page too, and it still opens lesson 0.
            page.goto(f"{own.url}/")
            _site.wait_until_live(page, own.lesson_path("00_start_here.ipynb"))
        finally:
            context.close()
        _lab.assert_no_script_errors(seen)
        assert own.left == [] and leave_recorder.from_the_site() == []


def test_a_new_build_reaches_a_browser_that_saved_the_old_one(site, site_browser, tmp_path):
    """A browser that saved the site for offline use gets the next build on its next visit
    online, and saves that one instead of the old, downloading only what the build changed."""
    folder = tmp_path / "_site"
    shutil.copytree(site.folder, folder)
    offline, precompress = _site.site_module("offline"), _site.site_module("precompress")
    with _site.StaticSite(folder) as own:
        context = site_browser.new_context(viewport=_lab.WINDOW)
        own.block_other_hosts(context)
        page = context.new_page()
        try:
            _lab.open_notebook(page, own, "01_tricks.ipynb", timeout=120_000)
            _site.wait_until_live(page, own.lesson_path("01_tricks.ipynb"))
            ready_offline(page)
            ours = "async () => (await caches.keys()).filter(k => k.startsWith('rally-offline-'))"
            old = page.evaluate(ours)
            assert len(old) == 1
            # The next build, finished as bin/site finishes one.
            lab = folder / "lab" / "index.html"
            lab.write_text(lab.read_text(encoding="utf-8").replace("</head>", "<!-- rally-new-build --></head>"),
                           encoding="utf-8")
            version, _ = offline.make_offline(folder)
            precompress.finish(folder, now=time.time() + 60)
            asked: list[str] = []
            context.on("request", lambda r: asked.append(r.url))
            page.goto(own.lesson_url("01_tricks.ipynb"))
            _site.wait_until_live(page, own.lesson_path("01_tricks.ipynb"))
            assert "rally-new-build" in page.content()
            ready_offline(page, version)  # the new build's worker says so, not the old one's
            # The files the build left alone came from the old copy: the English lesson's page
            # never asks for the German ones, so only a worker downloading them again would.
            assert [url for url in asked if "/de/" in url] == []
            # The new copy is complete, and only then was the old build's copy deleted.
            assert page.evaluate(ours) == [f"rally-offline-{version}"] != old
            assert page.evaluate("async (name) => !!(await (await caches.open(name)).match(location.origin + '/rally-offline-complete'))",
                                 f"rally-offline-{version}")
        finally:
            context.close()


def test_the_site_ships_one_copy_of_plotly_js(site):
    """Plotly's wheel keeps only its widget's front end: one plotly.js, not four."""
    (wheel,) = (site.folder / "pypi").glob("plotly-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        big_js = [n for n in names if n.endswith(".js") and z.getinfo(n).file_size > 1_000_000]
    assert big_js == ["plotly/package_data/widgetbundle.js"], big_js
    listed = {line.split(",")[0] for line in record.splitlines() if line}
    assert listed == set(names), listed ^ set(names)  # RECORD lists exactly what is there


def test_a_request_that_tries_to_leave_is_caught(site, site_page, leave_recorder):
    """The nets themselves: a fetch for another host, from the page and from a web worker
    (where Pyodide runs), is stopped and recorded, so the checks above can fail."""
    site_page.goto(f"{site.url}/lab/index.html")
    site_page.evaluate("""async () => {
      try { await fetch('https://cdn.jsdelivr.net/npm/pyodide/from-the-page'); } catch (e) {}
      const worker = new Worker(URL.createObjectURL(new Blob([
        "fetch('https://files.pythonhosted.org/from-a-worker').catch(() => {}).finally(() => postMessage('done'))"],
        {type: 'text/javascript'})));
      await new Promise(resolve => { worker.onmessage = resolve; });
    }""")
    caught = site.left + leave_recorder.from_the_site()
    assert any("from-the-page" in line for line in caught), caught
    assert any("from-a-worker" in line or "files.pythonhosted.org" in line for line in caught), caught
    site.left.clear()
    leave_recorder.seen.clear()


#: A page the test adds to the served site: it fetches the app's page as the app would (the
#: browser's cache decides whether to ask the server) and keeps its text.
PROBE = """<!doctype html><title>waiting</title><script>
fetch("lab/index.html").then(r => r.text()).then(t => { document.body.dataset.text = t; document.title = "ready"; });
</script>"""


def test_a_returning_browser_gets_a_new_build(site, site_browser):
    """A learner's browser that visited the site sees a new build on its next visit: the
    files are dated at the build and the server has every file checked again (a browser
    kept the old app for years when the files said 1985)."""
    precompress = _site.site_module("precompress")
    probe, target = site.folder / "rally-probe.html", site.folder / "lab" / "index.html"
    before = target.read_text(encoding="utf-8")
    probe.write_text(PROBE, encoding="utf-8")
    context = site_browser.new_context()
    site.block_other_hosts(context)
    page = context.new_page()

    def fetched() -> str:
        page.goto(f"{site.url}/rally-probe.html")
        page.wait_for_function("document.title === 'ready'")
        return page.evaluate("document.body.dataset.text")

    try:
        assert "rally-new-build" not in fetched()
        target.write_text(before.replace("</head>", "<!-- rally-new-build --></head>"), encoding="utf-8")
        precompress.finish(site.folder, now=time.time() + 60)  # as bin/site finishes a build
        assert "rally-new-build" in fetched()
    finally:
        context.close()
        probe.unlink()
        target.write_text(before, encoding="utf-8")
        precompress.finish(site.folder)
