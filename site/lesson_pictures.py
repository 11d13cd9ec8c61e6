"""Pictures of the lessons' widgets, for the site to show before Python is ready.

On the site a lesson's widgets exist only once Pyodide has started and run the lesson,
seconds after its text is on screen. So that a child sees the whole lesson at once, the
site's copy of each lesson carries a *picture* in every widget output: the HTML that
widget draws when the lesson starts and the CSS rules it uses. site/lesson-page.js draws
the pictures (not clickable, with the widget's words for a screen reader) until the
lesson's own run puts the live widget in their place.

- :func:`capture` takes the pictures in Chromium from the site's own run of each lesson
  (``bash bin/lesson-pictures``; it drives the site through :mod:`harness.site`) into ``site/pictures/``;
- :func:`stage` adds them to the site's copy of a lesson (site/stage_notebooks.py, bin/site),
  cleaned: a picture holds only what site/picture-policy.json allows (:data:`POLICY`), its
  HTML cleaned by nh3 (:func:`clean_html`) and its CSS checked by tinycss2
  (:func:`css_problems`), as the page cleans it again with DOMPurify as it draws it.

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

import functools
import json
import pathlib
import re
import sys
from typing import Any

import nh3
import tinycss2

#: The output's data key of a picture: ``{"html": ..., "css": ..., "text": ...}``.
MIME = "application/vnd.rally-notebooks.picture+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROOT = pathlib.Path(__file__).resolve().parents[1]
#: Where the pictures are kept: one JSON file per lesson, by the lesson's path.
FOLDER = ROOT / "site" / "pictures"
#: What a picture may hold, for the build (nh3, tinycss2) and the page (DOMPurify, the
#: browser's CSS parser; site/lesson_page.py puts it into site/lesson-page.js): the tags and
#: attributes a widget's picture draws with, the pattern every other attribute value must
#: match (no address but a place in the picture, ``url(#id)``; no CSS escape), and the
#: at-rules and CSS functions its styles may use (none that loads: no ``url()``).
POLICY: dict[str, Any] = json.loads((ROOT / "site" / "picture-policy.json").read_text(encoding="utf-8"))


class UnsafePicture(ValueError):
    """A picture whose CSS could load something or uses what the policy does not allow."""


def _value_problems(tokens: list[Any], problems: list[str]) -> None:
    for token in tokens:
        if token.type == "url":
            problems.append(f"url({token.value})")
        elif token.type == "error":
            problems.append(f"a CSS error ({token.message})")
        elif token.type == "function":
            if token.lower_name not in POLICY["css_functions"]:
                problems.append(f"{token.lower_name}()")
            _value_problems(token.arguments, problems)
        elif token.type in ("() block", "[] block", "{} block"):
            _value_problems(token.content, problems)


def _block_problems(tokens: str | list[Any], problems: list[str]) -> None:
    """The declarations of a style rule or a style attribute, and the rules nested in them."""
    for item in tinycss2.parse_blocks_contents(tokens, skip_comments=True, skip_whitespace=True):
        if item.type == "declaration":
            _value_problems(item.value, problems)
        elif item.type in ("qualified-rule", "at-rule"):
            _rule_problems(item, problems)
        else:
            problems.append(f"a CSS error ({item.message})")


def _rule_problems(rule: Any, problems: list[str]) -> None:
    if rule.type == "qualified-rule":
        _block_problems(rule.content, problems)
    elif rule.type == "at-rule" and rule.lower_at_keyword in POLICY["css_at_rules"] and rule.content is not None:
        for inner in tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True):
            _rule_problems(inner, problems)
    elif rule.type == "at-rule":
        problems.append(f"@{rule.lower_at_keyword}")
    else:
        problems.append(f"a CSS error ({rule.message})")


def css_problems(css: str, *, declarations: bool = False) -> list[str]:
    r"""What in a picture's CSS (a style sheet, or with ``declarations`` a style attribute) the
    policy refuses: an address, a function or an at-rule it does not list, a parse error. Read
    by tinycss2 as a browser reads it, escapes undone: [] for CSS that loads nothing.

    >>> css_problems("b { color: rgb(1, 2, 3) } @media (max-width: 600px) { i { width: 1px } }")
    []
    >>> css_problems("@\\69mport 'x.css'; b { background: u\\72l(//x.example/a.png) }")
    ['@import', 'url(//x.example/a.png)']
    """
    problems: list[str] = []
    if declarations:
        _block_problems(css, problems)
    else:
        for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
            _rule_problems(rule, problems)
    return problems


@functools.cache
def _style_allowed(style: str) -> bool:
    return not css_problems(style, declarations=True)  # the pictures' 5,400 style attributes hold 125 values


@functools.cache
def _cleaner() -> nh3.Cleaner:
    value = re.compile(POLICY["attribute_value"], re.IGNORECASE)

    def keep(_tag: str, name: str, text: str) -> str | None:
        allowed = _style_allowed(text) if name == "style" else value.fullmatch(text) is not None
        return text if allowed else None

    return nh3.Cleaner(tags=set(POLICY["tags"]), attributes={"*": set(POLICY["attributes"])},
                       generic_attribute_prefixes=set(POLICY["attribute_prefixes"]), attribute_filter=keep,
                       url_schemes=set(), url_relative="deny", link_rel=None, strip_comments=True)


def clean_html(html: str) -> str:
    """A picture's HTML as the site ships it: cleaned by nh3 (ammonia) of every tag and
    attribute the policy does not list and of every value that names an address.

    >>> clean_html('<img src=x onerror=alert(1)><b class="kept" onclick="alert(1)">G5</b><a href="https://x.example">a</a>')
    '<b class="kept">G5</b><a>a</a>'
    """
    return _cleaner().clean(html)


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
    ``pictures``, its HTML cleaned (:func:`clean_html`); return the outputs left without one,
    in words ("cell 3, output 1"). A picture whose CSS the policy refuses stops the build
    (:class:`UnsafePicture`): the widgets' own style sheets load nothing."""
    by_place = {(p["cell"], p["output"]): p for p in pictures}
    missing = []
    for c, o, output in widget_outputs(notebook):
        picture = by_place.get((c, o))
        if picture is None or picture["text"] != words(output):
            missing.append(f"cell {c}, output {o} ({words(output)[:60]!r})")
            continue
        problems = css_problems(picture["css"])
        if problems:
            raise UnsafePicture(f"the CSS of the picture of cell {c}, output {o} holds what site/picture-policy.json "
                                f"does not allow ({', '.join(problems[:3])}): a picture's CSS may load nothing")
        output["data"][MIME] = {"html": clean_html(picture["html"]), "css": picture["css"], "text": picture["text"]}
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
      // A part marked data-rally-no-picture shows what only this device knows: left out.
      const node = cell.outputArea.widgets[o].node.querySelector(".jp-OutputArea-output").cloneNode(true);
      node.querySelectorAll("[data-rally-no-picture]").forEach((part) => part.remove());
      const css = own.map((sheet) => used(sheet.cssRules, node)).filter(Boolean).join("\n");
      pictures.push({ cell: c, output: o, text: String(data["text/plain"] ?? ""), html: node.innerHTML, css });
    }
  });
  return pictures;
}"""


def capture(site: pathlib.Path, lessons: list[str]) -> None:
    """Take the pictures of ``lessons`` (paths under notebooks/, "de/01_stiche.ipynb") from
    the built site in ``site``, in Chromium at 1280x800, into :data:`FOLDER`."""
    sys.path.insert(0, str(ROOT))
    from harness import site as _site  # the site served, Chromium, "live": as a visitor gets them
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
