"""A German lesson as a German family opens it: through the German Binder badge's address
(``/lessons-in/de/...``, lab_language), so JupyterLab itself speaks German; lesson 5's
game in German, a trick played by clicking a card, and nothing English on the way."""

from __future__ import annotations

import json
import re

import pytest

from . import _lab

pytest.importorskip("babel", reason="the check reads the English catalogs with Babel")
from english_phrases import RALLY_POT, WIDGETS_POT, english_phrases  # noqa: E402

LESSON = "de/05_ein_spiel_spielen.ipynb"
#: JavaScript on the GameView's output: the number of events in its log.
EVENTS = """el => { const ol = el.querySelector('ol[start]');
  return ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0; }"""



def test_a_german_lesson_in_german_jupyterlab_plays_a_trick(page, lab_in_english_after):
    path = lab_in_english_after.lesson_path(LESSON)
    page.goto(f"{lab_in_english_after.url}/lessons-in/de/{path}?reset")  # the query reaches JupyterLab: a fresh workspace
    _lab.wait_for_lesson(page, path)
    menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    assert "Ausführen" in menus and "Datei" in menus and "Run" not in menus, menus  # JupyterLab in German
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []

    game = page.locator(".jp-CodeCell .jp-OutputArea-output").filter(has=page.locator(".rally-hand")).first
    status = game.locator(".rally-game__status")
    assert "Du bist dran" in status.inner_text()
    before = game.evaluate(EVENTS)
    card = game.locator('.rally-hand button.rally-card[aria-disabled="false"]').first
    card.scroll_into_view_if_needed()
    card.click()
    page.wait_for_function(
        """([el, before]) => {
          const ol = el.querySelector('ol[start]');
          const n = ol ? Number(ol.getAttribute('start')) - 1 + ol.children.length : 0;
          const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status;
          return n > before && kernel === 'idle' && /Du bist dran|Spiel vorbei/.test(el.textContent);
        }""", arg=[game.element_handle(), before], timeout=60_000)
    log = game.locator("ol[start] li").all_inner_texts()
    assert any("spielt" in line for line in log), log  # "Ada spielt G5 …": the trick, told in German
    assert any("gewinnt den Stich" in line for line in log), log
    _lab.screenshot(page, "de_05_after_a_trick")

    shown = "\n".join(page.evaluate(_lab.OUTPUT_TEXTS, ".jp-Notebook"))
    left = sorted(p for p in english_phrases(RALLY_POT, WIDGETS_POT) if p in shown)
    assert left == [], f"English in the German lesson: {left[:10]}"


#: JavaScript run before the app page's own: every text Voilà's loading line shows, kept, and
#: how its spinner's picture is named (its <title>, hidden from screen readers or not).
LOADING_TEXTS = """window.rallyLoading = [];
new MutationObserver(() => { const el = document.getElementById('loading_text');
  if (el && el.textContent !== window.rallyLoading.at(-1)) window.rallyLoading.push(el.textContent);
  const svg = document.querySelector('#loading svg');
  if (svg) window.rallySpinner = {title: svg.querySelector('title')?.textContent ?? null,
                                  hidden: svg.getAttribute('aria-hidden')}; })
  .observe(document, {subtree: true, childList: true, characterData: true});"""


@pytest.mark.parametrize(("lesson", "lang", "words"), [
    ("de/02_motor_und_turbo.ipynb", "de", r"Die Lektion wird (geladen|vorbereitet)"),
    ("02_motor_and_turbo.ipynb", "en", r"The lesson is loading|Getting the lesson ready: step \d+ of \d+"),
    ("fr/01_conduire.ipynb", "fr", r"La leçon se (charge|prépare\u00a0: étape \d+ sur \d+)"),  # French: a no-break space
    ("zh/01_kaiche.ipynb", "zh-Hans", r"课程正在加载|正在准备课程：第 \d+ 步，共 \d+ 步"),
])
def test_the_app_view_speaks_the_lessons_language_while_it_loads(page, lab, lesson, lang, words):
    """Voilà's spinner would say "Running …" and "Executing 3 of 17": the rally template says
    it in a child's words instead, in the lesson's language ("Getting the lesson ready: step
    3 of 8", "Die Lektion wird vorbereitet: Schritt 3 von 8", "La leçon se prépare : étape 3
    sur 8"), and a German page is marked German for screen readers and read aloud (a French
    page French, a Chinese one zh-Hans). Its spinner's picture has no name ("spin"), and
    the browser tab shows the lesson's title (metadata.title), not its file name."""
    page.add_init_script(LOADING_TEXTS)
    _lab.open_app(page, lab, lesson)
    said = [text for text in page.evaluate("() => window.rallyLoading") if text]  # empty until the page's script
    assert said and all(re.search(words, text) for text in said), said
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert page.title() == json.loads((_lab.NOTEBOOKS / lesson).read_text(encoding="utf-8"))["metadata"]["title"]
    assert page.evaluate("() => window.rallySpinner") == {"title": None, "hidden": "true"}
