"""Pictures of the lessons' widgets, for the site to show before Python is ready.

On the site a lesson's widgets exist only once Pyodide has started and run the lesson,
seconds after its text is on screen. So that a child sees the whole lesson at once, the
site's copy of each lesson carries a *picture* in every widget output: the HTML that
widget draws when the lesson starts and the CSS rules it uses. site/lesson-page.js draws
the pictures (not clickable, with the widget's words for a screen reader) until the
lesson's own run puts the live widget in their place.

- :func:`capture` takes the pictures in Chromium from the site's own run of each lesson
  (``bash bin/lesson-pictures``; it uses the browser tests' harness) into ``site/pictures/``;
- :func:`stage` adds them to the site's copy of a lesson (site/stage_notebooks.py, bin/site).

A picture belongs to its output by place and by the output's words (its text/plain): an
output whose words changed since the pictures were taken gets none (the site still works;
its text shows until Python is ready). ``tests/site/test_site_build.py`` fails while a lesson has
such an output, and the site test checks each picture against the live widget.

>>> notebook = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "display_data",
...     "data": {WIDGET_VIEW: {"model_id": "m"}, "text/plain": "A hand: G5."}}]}]}
>>> stage(notebook, [{"cell": 0, "output": 0, "text": "A hand: G5.", "html": "<b>G5</b>", "css": ""}])
[]
>>> notebook["cells"][0]["outputs"][0]["data"][MIME]["html"]
'<b>G5</b>'
"""

from __future__ import annotations

import json
import pathlib
import re
import sys
from html.parser import HTMLParser
from typing import Any

#: The output's data key of a picture: ``{"html": ..., "css": ..., "text": ...}``.
MIME = "application/vnd.rally-notebooks.picture+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROOT = pathlib.Path(__file__).resolve().parents[1]
#: Where the pictures are kept: one JSON file per lesson, by the lesson's path.
FOLDER = ROOT / "site" / "pictures"
#: Tags no picture may hold: they run, load or send something, or change the page around it.
FORBIDDEN_TAGS = frozenset({"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta",
                            "link", "form", "portal", "style", "noscript", "template"})
#: Attributes that hold an address (a picture's addresses may not run code).
ADDRESS_ATTRIBUTES = frozenset({"href", "src", "xlink:href", "action", "formaction", "srcdoc", "data", "poster"})
RUNNING_ADDRESS = re.compile(r"^(javascript|vbscript|data:text)", re.IGNORECASE)


class _Checker(HTMLParser):
    """Reads a picture's HTML as a browser does and notes what would run or load."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORBIDDEN_TAGS:
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            elif name in ADDRESS_ATTRIBUTES and RUNNING_ADDRESS.match(re.sub(r"\s+", "", value or "")):
                self.problems.append(f"<{tag} {name}={value!r}>")

    handle_startendtag = handle_starttag


def unsafe(html: str, css: str = "") -> list[str]:
    """What in a picture would run, load or send something: [] for a picture of HTML and CSS only.

    >>> unsafe('<img/onerror=alert(1) src=x>'), unsafe('<b>G5</b>', 'b { color: red }')
    (['<img onerror=...>'], [])
    """
    checker = _Checker()
    checker.feed(html)
    checker.close()
    problems = checker.problems
    # CSS may point into the picture (url(#clip)) or hold an image (data:image/...), never load or run.
    if re.search(r"@import|expression\(|javascript:|url\(\s*['\"]?(?!#|data:image/)", css, re.IGNORECASE):
        problems.append("CSS that loads or runs something (@import, url() of an address, expression())")
    return problems


def words(output: dict[str, Any]) -> str:
    """An output's words (its text/plain), as one string."""
    value = (output.get("data") or {}).get("text/plain", "")
    return "".join(value) if isinstance(value, list) else str(value)


def widget_outputs(notebook: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """``(cell index, output index, output)`` of every widget output, in order."""
    return [(c, o, output)
            for c, cell in enumerate(notebook.get("cells", []))
            for o, output in enumerate(cell.get("outputs", []))
            if WIDGET_VIEW in (output.get("data") or {})]


def picture_file(lesson: pathlib.Path, notebooks: pathlib.Path) -> pathlib.Path:
    """Where the pictures of ``lesson`` (a notebook under ``notebooks``) are kept."""
    return FOLDER / lesson.relative_to(notebooks).with_suffix(".json")


def stage(notebook: dict[str, Any], pictures: list[dict[str, Any]]) -> list[str]:
    """Add to each widget output of ``notebook`` (changed in place) its picture from
    ``pictures``; return the outputs left without one, in words ("cell 3, output 1")."""
    by_place = {(p["cell"], p["output"]): p for p in pictures}
    missing = []
    for c, o, output in widget_outputs(notebook):
        picture = by_place.get((c, o))
        if picture is None or picture["text"] != words(output):
            missing.append(f"cell {c}, output {o} ({words(output)[:60]!r})")
            continue
        problems = unsafe(picture["html"], picture["css"])
        if problems:
            raise ValueError(f"the picture of cell {c}, output {o} holds something that runs or loads "
                             f"({', '.join(problems[:3])}): a picture may hold HTML and CSS only")
        output["data"][MIME] = {key: picture[key] for key in ("html", "css", "text")}
    return missing


def load(lesson: pathlib.Path, notebooks: pathlib.Path) -> list[dict[str, Any]]:
    """The pictures kept for ``lesson`` ([] if none were taken)."""
    path = picture_file(lesson, notebooks)
    if not path.exists():
        return []
    pictures: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["pictures"]
    return pictures


#: JavaScript, run once the lesson's text is on screen: remembers the style sheets the page
#: has then (JupyterLab's own), so a picture keeps only rules the widgets brought.
MARK_PAGE_STYLES = "() => { window.rallyPageStyles = new Set([...document.styleSheets].map(s => s.ownerNode)); }"

#: JavaScript, run once the lesson is live: a picture of every widget output of the lesson
#: in front, with the CSS rules (from the widgets' style sheets) its elements use.
TAKE_PICTURES = r"""() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const own = [...document.styleSheets].filter(s => !window.rallyPageStyles.has(s.ownerNode));
  // A rule is kept when its selector, without states and pseudo-elements, finds an element.
  const bare = (selector) => selector
    .replace(/::?(before|after|placeholder|selection|marker|first-line|first-letter|-webkit-[\w-]+|-moz-[\w-]+)/g, "")
    .replace(/:(hover|focus-visible|focus-within|focus|active|visited|link)\b/g, "");
  const finds = (root, selector) => {
    try { return root.matches(selector) || root.querySelector(selector) !== null; } catch { return false; }
  };
  const used = (rules, root) => [...rules].map((rule) => {
    if (rule instanceof CSSStyleRule) return finds(root, bare(rule.selectorText) || "*") ? rule.cssText : "";
    if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
      const inner = used(rule.cssRules, root);
      const at = rule instanceof CSSMediaRule ? "@media" : "@supports";
      return inner ? `${at} ${rule.conditionText} {\n${inner}\n}` : "";
    }
    return "";
  }).filter(Boolean).join("\n");
  const pictures = [];
  panel.content.widgets.forEach((cell, c) => {
    if (cell.model.type !== "code") return;
    const outputs = cell.model.outputs;
    for (let o = 0; o < outputs.length; o++) {
      const data = outputs.get(o).data;
      if (!data["application/vnd.jupyter.widget-view+json"]) continue;
      const node = cell.outputArea.widgets[o].node.querySelector(".jp-OutputArea-output");
      const css = own.map((sheet) => used(sheet.cssRules, node)).filter(Boolean).join("\n");
      pictures.push({ cell: c, output: o, text: String(data["text/plain"] ?? ""), html: node.innerHTML, css });
    }
  });
  return pictures;
}"""


def capture(site: pathlib.Path, lessons: list[str]) -> None:
    """Take the pictures of ``lessons`` (paths under notebooks/, "de/01_stiche.ipynb") from
    the built site in ``site``, in Chromium at 1280x800, into :data:`FOLDER`."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import _site  # the browser tests' harness: server, Chromium, "live"
    from playwright.sync_api import sync_playwright

    recorder = _site.LeaveRecorder()
    with _site.StaticSite(site) as served, sync_playwright() as playwright:
        browser = _site.launch_chromium(playwright, recorder)
        for name in lessons:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            served.block_other_hosts(context)
            page = context.new_page()
            page.goto(served.lesson_url(name))
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.evaluate(MARK_PAGE_STYLES)
            _site.wait_until_live(page, served.lesson_path(name))
            pictures = page.evaluate(TAKE_PICTURES)
            context.close()
            lesson = ROOT / "notebooks" / name
            path = picture_file(lesson, ROOT / "notebooks")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"lesson": name, "pictures": pictures}, indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
            print(f"{name}: {len(pictures)} pictures, {path.stat().st_size // 1024} KB", file=sys.stderr)
        browser.close()
    if recorder.from_the_site() or served.left:
        raise RuntimeError(f"the site tried to leave 127.0.0.1: {recorder.from_the_site() + served.left}")


def main(argv: list[str]) -> int:
    """``python site/lesson_pictures.py SITE [LESSON ...]``: every lesson if none is named."""
    if not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    notebooks = ROOT / "notebooks"
    lessons = argv[1:] or [str(p.relative_to(notebooks)) for p in sorted(notebooks.rglob("*.ipynb"))
                           if ".ipynb_checkpoints" not in p.parts]
    capture(pathlib.Path(argv[0]), lessons)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
