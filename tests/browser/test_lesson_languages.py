"""Rally Run's French, Spanish and Chinese lessons as a family opens them on Binder:
through ``/lessons-in/<lang>/...`` (lab_language), so JupyterLab itself speaks the lesson's
language, and the lesson's start cell names the menu and its item exactly as JupyterLab
shows them. The test follows that instruction with clicks, as a child would."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lesson_words import WORDS

from . import _lab

#: Lesson 0 of each language of Rally Run alone, and its language's key in WORDS.
STARTS = {"fr": ("fr/00_commencer_ici.ipynb", "fr"), "es": ("es/00_empieza_aqui.ipynb", "es"),
          "zh": ("zh/00_cong_zheli_kaishi.ipynb", "zh_Hans")}


@pytest.mark.parametrize("lang", sorted(STARTS))
def test_the_start_cell_names_jupyterlabs_own_menu_and_running_it_works(page, lab_in_english_after, lang):
    lesson, key = STARTS[lang]
    path = lab_in_english_after.lesson_path(lesson)
    page.goto(f"{lab_in_english_after.url}/lessons-in/{lang}/{path}?reset")
    _lab.wait_for_lesson(page, path)
    start = page.locator(".jp-MarkdownCell").nth(1).inner_text()
    # "… **Exécution → Exécuter toutes les cellules**.": the menu's title, then its item.
    menu, item = re.search(r"\*\*([^*]+?) → ([^*]+?)\*\*", WORDS[key]["start"]).groups()
    assert f"{menu} → {item}" in start, start
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(menu)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()
    page.wait_for_function(
        f"() => {{ const s = ({_lab.RUN_STATE})(); "
        "return s && s.kernel === 'idle' && s.running === 0 && s.counts.every(n => n !== null); }",
        timeout=180_000, polling=200)
    assert _lab.error_outputs(page) == []
    expect(page.locator(".rally-guided, .jp-OutputArea-output").first).to_be_visible()
    _lab.screenshot(page, f"lab_{lang}_lesson_0_run_from_its_menu")
