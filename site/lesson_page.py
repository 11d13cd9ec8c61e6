"""Add the site's lesson-page script (site/lesson-page.js) to JupyterLab's page (used by bin/site).

The script opens a lesson as a document and runs it by itself; see its header. It is copied
to ``<site>/rally/lesson-page.js`` with what a widget's picture may hold
(site/picture-policy.json) put in, beside DOMPurify (``<site>/rally/purify.min.js``, from
the npm package bin/fetch-dompurify unpacks), which cleans the pictures as they are drawn.
``<site>/lab/index.html`` loads both, DOMPurify first (site/language_app.py then makes
``de/lab/index.html`` from that page, with the same scripts).

The page also names its icon: it names none, so a browser would ask for ``/favicon.ico``,
which the site does not have (JupyterLab's is 319 KB, ten sizes; JupyterLite's 120-px
icon, which the app's manifest already names, is 4.6 KB).

Usage: python lesson_page.py SITE_DIR DOMPURIFY_DIR
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).parent
SCRIPT = "lesson-page.js"
PURIFY = "purify.min.js"
POLICY = HERE / "picture-policy.json"
#: Where the script takes the policy (a JavaScript object literal, the JSON itself).
POLICY_SLOT = "__PICTURE_POLICY__"
TAGS = f'<script src="../rally/{PURIFY}" defer></script>\n  <script src="../rally/{SCRIPT}" defer></script>'
ICON = "icon-120x120.png"


def add_lesson_page(site: pathlib.Path, dompurify: pathlib.Path) -> None:
    (site / "rally").mkdir(exist_ok=True)
    script = (HERE / SCRIPT).read_text(encoding="utf-8")
    if script.count(POLICY_SLOT) != 1:
        raise SystemExit(f"{HERE / SCRIPT} does not say once where the picture policy goes ({POLICY_SLOT})")
    policy = json.dumps(json.loads(POLICY.read_text(encoding="utf-8")), ensure_ascii=False)
    (site / "rally" / SCRIPT).write_text(script.replace(POLICY_SLOT, policy), encoding="utf-8")
    # Without its source map's name: no browser asks for a file the site does not ship.
    purify = (dompurify / "dist" / PURIFY).read_text(encoding="utf-8")
    (site / "rally" / PURIFY).write_text(re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", purify), encoding="utf-8")
    page = site / "lab" / "index.html"
    text = page.read_text(encoding="utf-8")
    if TAGS in text:
        return
    if text.count("</head>") != 1:
        raise SystemExit(f"{page} is not the page this script knows: update site/lesson_page.py")
    if not (site / ICON).is_file():
        raise SystemExit(f"{site / ICON} is missing (JupyterLite's icon, which the page names): update site/lesson_page.py")
    page.write_text(text.replace("</head>", f'  <link rel="icon" href="../{ICON}">\n  {TAGS}\n  </head>'),
                    encoding="utf-8")


if __name__ == "__main__":
    add_lesson_page(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
    print(f"lesson_page: {sys.argv[1]}/lab/index.html runs its lessons by itself")
