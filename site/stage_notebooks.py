"""Copy the lessons into the site (used by bin/site), changed only where JupyterLite needs it.

- The kernel: the lessons name JupyterLab's ``python3``; the site's kernel is Pyodide's
  ``python``. Without this JupyterLite asks the learner to choose a kernel on every lesson.
- Multi-line text kept as a list of lines (as nbformat writes it): JupyterLite 0.8.6 shows
  a stored stream output's lines joined with commas, so the site keeps each text whole.
- The widgets' pictures (site/lesson_pictures.py), which the site draws until Python is
  ready; an output whose picture no longer matches its words is named and left without.
- How a lesson starts: on the site a lesson runs by itself (site/lesson-page.js), so the
  sentences that ask for "Run → Run All Cells" say so instead (:data:`SITE_WORDS`). A
  lesson that words it otherwise stops the build, so the two never drift apart.
- Plotly: the site's kernel starts without it (site/make_lock.py), so a lesson that may
  draw (site/drawing_lessons.py) says ``import plotly`` in its first code cell, after the
  cell's opening comment; the kernel then loads Plotly before it runs that cell.

The lessons' words, cells and outputs stay the same; the repository's files are not touched.
Usage: python stage_notebooks.py SOURCE_DIR DEST_DIR
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # loaded from its file by the tests too
import drawing_lessons  # noqa: E402
import lesson_pictures  # noqa: E402

KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

#: What the lessons say about starting, and what the site says instead (in every lessons' language).
SITE_WORDS = {
    "**To start:** choose **Run → Run All Cells** in the menu at the top.":
        "**To start:** nothing to do. On this website a lesson starts by itself in a moment.",
    "Every lesson starts the same way, with **Run → Run All Cells**, and starts fresh.":
        "Every lesson starts by itself on this website, and starts fresh.",
    "**Zum Start:** Wähle oben im Menü **Ausführen → Alle Zellen ausführen**.":
        "**Zum Start:** Nichts zu tun. Auf dieser Website startet eine Lektion gleich von selbst.",
    "**Zum Start:** Wählt oben im Menü **Ausführen → Alle Zellen ausführen**.":
        "**Zum Start:** Nichts zu tun. Auf dieser Website startet eine Lektion gleich von selbst.",
    "Jede Lektion startet gleich, mit **Ausführen → Alle Zellen ausführen**, und fängt jedes Mal\nvon vorn an.":
        "Jede Lektion startet auf dieser Website von selbst und fängt jedes Mal\nvon vorn an.",
    "**Pour commencer\u00a0:** dans le menu en haut, choisis **Exécution → Exécuter toutes les cellules**.":
        "**Pour commencer\u00a0:** rien à faire. Sur ce site, une leçon démarre toute seule dans un instant.",
    "**Para empezar:** en el menú de arriba, elige **Run → Ejecutar todas las celdas**.":
        "**Para empezar:** no hace falta hacer nada. En esta web, la lección empieza sola en un momento.",
    "**开始**：在上方的菜单里选择 **运行 → 运行所有单元格**。":
        "**开始**：什么都不用做。在这个网站上，课程马上会自己开始。",
}
#: The words that ask for running by hand; no lesson on the site may keep them.
BY_HAND = ("Run All Cells", "Alle Zellen ausführen", "Exécuter toutes les cellules", "Ejecutar todas las celdas",
           "运行所有单元格")


def joined(value):
    return "".join(value) if isinstance(value, list) else value


#: The widgets package, whose sources say which lessons draw.
WIDGETS = pathlib.Path(__file__).resolve().parent.parent / "widgets"


def stage(notebook: dict, drawing: drawing_lessons.Drawing | None = None) -> dict:
    notebook.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
    if (drawing or drawing_lessons.Drawing(WIDGETS)).why(notebook):
        first = next(c for c in notebook["cells"] if c.get("cell_type") == "code")
        lines = joined(first.get("source", "")).split("\n")
        comments = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
        first["source"] = "\n".join(lines[:comments] + [drawing_lessons.IMPORT_LINE] + lines[comments:])
    for cell in notebook.get("cells", []):
        cell["source"] = joined(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            for lesson_words, site_words in SITE_WORDS.items():
                cell["source"] = cell["source"].replace(lesson_words, site_words)
            if any(words in cell["source"] for words in BY_HAND):
                raise SystemExit(f"stage_notebooks: a lesson asks for running by hand in words the site "
                                 f"does not know: {cell['source'][:200]!r}; add them to SITE_WORDS")
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = joined(output["text"])
            for mime, value in (output.get("data") or {}).items():
                if isinstance(value, list) and not mime.endswith("json"):
                    output["data"][mime] = joined(value)
    return notebook


def main(source: str, dest: str) -> int:
    src, out = pathlib.Path(source), pathlib.Path(dest)
    drawing = drawing_lessons.Drawing(WIDGETS)
    without_pictures = []
    for path in sorted(src.rglob("*")):
        if any(part in (".ipynb_checkpoints", "__pycache__") for part in path.relative_to(src).parts):
            continue
        target = out / path.relative_to(src)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.suffix == ".ipynb":
            target.parent.mkdir(parents=True, exist_ok=True)
            notebook = stage(json.loads(path.read_text(encoding="utf-8")), drawing)
            missing = lesson_pictures.stage(notebook, lesson_pictures.load(path, src))
            without_pictures += [f"{path.relative_to(src)}: {where}" for where in missing]
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    if without_pictures:
        print("stage_notebooks: these widget outputs have no picture (their words changed since "
              "bin/lesson-pictures took them); they show their words until Python is ready:\n  "
              + "\n  ".join(without_pictures), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
