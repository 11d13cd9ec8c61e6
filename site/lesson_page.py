"""Add the site's lesson-page script (site/lesson-page.js) to JupyterLab's page (used by bin/site).

The script opens a lesson as a document and runs it by itself; see its header. It is copied
to ``<site>/rally/lesson-page.js`` and loaded by ``<site>/lab/index.html`` (site/language_app.py
then makes ``de/lab/index.html`` from that page, with the same script).

The page also names its icon: it names none, so a browser would ask for ``/favicon.ico``,
which the site does not have (JupyterLab's is 319 KB, ten sizes; JupyterLite's 120-px
icon, which the app's manifest already names, is 4.6 KB).

Usage: python lesson_page.py SITE_DIR
"""

from __future__ import annotations

import pathlib
import shutil
import sys

HERE = pathlib.Path(__file__).parent
SCRIPT = "lesson-page.js"
TAG = f'<script src="../rally/{SCRIPT}" defer></script>'
ICON = "icon-120x120.png"


def add_lesson_page(site: pathlib.Path) -> None:
    (site / "rally").mkdir(exist_ok=True)
    shutil.copy(HERE / SCRIPT, site / "rally" / SCRIPT)
    page = site / "lab" / "index.html"
    text = page.read_text(encoding="utf-8")
    if TAG in text:
        return
    if text.count("</head>") != 1:
        raise SystemExit(f"{page} is not the page this script knows: update site/lesson_page.py")
    if not (site / ICON).is_file():
        raise SystemExit(f"{site / ICON} is missing (JupyterLite's icon, which the page names): update site/lesson_page.py")
    page.write_text(text.replace("</head>", f'  <link rel="icon" href="../{ICON}">\n  {TAG}\n  </head>'),
                    encoding="utf-8")


if __name__ == "__main__":
    add_lesson_page(pathlib.Path(sys.argv[1]))
    print(f"lesson_page: {sys.argv[1]}/lab/index.html runs its lessons by itself")
