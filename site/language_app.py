"""Add a copy of the site's JupyterLab that opens in another language (used by bin/site).

JupyterLite keeps JupyterLab's interface language as a setting, not in the address, and
reads its settings from every ``jupyter-lite.json`` between the page and the site's root.
So ``<site>/<lang>/lab/`` is the same app (the same build, the same files, the same kernel)
one folder deeper, and ``<site>/<lang>/jupyter-lite.json`` makes ``locale`` its default
there: the German lessons open at ``de/`` with JupyterLab in German, while ``lab/`` stays
English. ``site/<lang>/index.html`` is that language's front page.

Usage: python language_app.py SITE_DIR LANG LOCALE   (e.g. _site de de_DE)
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import sys

HERE = pathlib.Path(__file__).parent
TRANSLATION = "@jupyterlab/translation-extension:plugin"


def add_language_app(site: pathlib.Path, lang: str, locale: str) -> pathlib.Path:
    app, folder = site / "lab", site / lang
    (folder / "lab").mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / lang / "index.html", folder / "index.html")
    (folder / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"settingsOverrides": {TRANSLATION: {"locale": locale}}},
    }, indent=2) + "\n", encoding="utf-8")
    # The app's page, one folder deeper: every "../" to the site's root gains one step.
    page = (app / "index.html").read_text(encoding="utf-8")
    page = re.sub(r"""(["'])\.\./""", r"\1../../", page)
    page = page.replace('data-jupyter-lite-root=".."', 'data-jupyter-lite-root="../.."')
    if 'data-jupyter-lite-root="../.."' not in page or "../../build/" not in page:
        raise SystemExit(f"{app / 'index.html'} is not the page this script knows: update site/language_app.py")
    (folder / "lab" / "index.html").write_text(page, encoding="utf-8")
    config = json.loads((app / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    data["settingsUrl"] = "../" + data["settingsUrl"]  # relative to the page's folder
    data["appUrl"] = f"/{lang}/lab"
    (folder / "lab" / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    # The page asks every folder for jupyter-lite.ipynb too (settings kept in a notebook);
    # the site's say nothing, so the new folders get copies rather than a 404 each.
    for source, target in ((site, folder), (app, folder / "lab")):
        notebook = source / "jupyter-lite.ipynb"
        if json.loads(notebook.read_text(encoding="utf-8"))["metadata"]["jupyter-lite"]["jupyter-config-data"]:
            raise SystemExit(f"{notebook} holds settings: site/language_app.py copies it only when it holds none")
        shutil.copy(notebook, target / notebook.name)
    return folder


if __name__ == "__main__":
    site, lang, locale = sys.argv[1:4]
    print(f"language_app: {add_language_app(pathlib.Path(site), lang, locale)} opens in {locale}")
