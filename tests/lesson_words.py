"""What a learner reads of the lessons' machinery, and what must never show: shared by the
lessons' tests (tests/lessons/) and the learner's view in the browser (tests/browser/)."""

from __future__ import annotations

import re

#: What a learner reads of the lessons' own machinery, in each lesson's language. A folded
#: input still shows its first line: it is words for the learner, not code. The start cell
#: names JupyterLab's menu as JupyterLab shows it in that language (the German words are
#: those of jupyterlab-language-pack-de-DE 4.5.post3: "Run" is "Ausführen", "Run All Cells"
#: is "Alle Zellen ausführen"), likewise the French, Spanish and Chinese packs' (Spanish's
#: leaves the menu's title "Run" in English); the guide for grown-ups has a start cell of its
#: own. ``menu`` is the menu's title as a lesson writes it before the arrow.
WORDS = {
    "en": {"first_line": "# Instructions for the computer (click ••• to read them)",
           "start": "**To start:** choose **Run → Run All Cells** in the menu at the top.",
           "start_guide": "**To start:** choose **Run → Run All Cells** in the menu at the top.",
           "run_all": "Run All", "menu": "Run →"},
    "de": {"first_line": "# Anweisungen für den Computer (••• anklicken zum Lesen)",
           "start": "**Zum Start:** Wähle oben im Menü **Ausführen → Alle Zellen ausführen**.",
           # The guide for grown-ups speaks to them as "ihr".
           "start_guide": "**Zum Start:** Wählt oben im Menü **Ausführen → Alle Zellen ausführen**.",
           "run_all": "Alle Zellen ausführen", "menu": "Ausführen →"},
    "fr": {"first_line": "# Instructions pour l'ordinateur (clique sur ••• pour les lire)",
           "start": "**Pour commencer\u00a0:** dans le menu en haut, choisis **Exécution → Exécuter toutes les cellules**.",
           "run_all": "Exécuter toutes les cellules", "menu": "Exécution →"},
    "es": {"first_line": "# Instrucciones para el ordenador (haz clic en ••• para leerlas)",
           "start": "**Para empezar:** en el menú de arriba, elige **Run → Ejecutar todas las celdas**.",
           "run_all": "Ejecutar todas las celdas", "menu": "Run →"},
    "zh_Hans": {"first_line": "# 给电脑的指令（点 ••• 就能看）",
                "start": "**开始**：在上方的菜单里选择 **运行 → 运行所有单元格**。",
                "run_all": "运行所有单元格", "menu": "运行 →"},
}

#: What would make a learner read Python: reprs, list brackets, keywords, calls with
#: keyword arguments, attribute calls, the modulo and floor-division operators (a % after a
#: name, not after a number: German writes "52,7 %").
PYTHON = re.compile(
    r"Card\.parse\(|\blambda\b|\[\s*['\"\d(]|\b(True|False|None)\b|\w\([^)]*\b[a-z_]\w*=|"
    r"\b[A-Za-z_]\w*\.[a-z_]\w*\(|[A-Za-z_)\]]\s%\s|//|\bTurbo\(|\w+Bot\(\)|\(\s*-?\d+\s*,\s*-?\d+\s*,\s*-?\d+")


def device_only_texts() -> set[str]:
    """The plain text (in every lessons' language) of the widgets whose site picture is empty: read
    aloud draws only what the device knows (its voices, the switch kept in the browser)."""
    from rally import language
    from widgets import ReadAloud

    texts = set()
    for lang in WORDS:
        with language(lang):
            texts.add(repr(ReadAloud()))
    return texts
