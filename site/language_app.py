"""Add a copy of the site's JupyterLab that opens in another language (used by bin/site).

JupyterLite keeps JupyterLab's interface language as a setting, not in the address, and
reads its settings from every ``jupyter-lite.json`` between the page and the site's root.
So ``<site>/<lang>/lab/`` is the same app (the same build, the same files, the same kernel)
one folder deeper, and ``<site>/<lang>/jupyter-lite.json`` makes ``locale`` its default
there: the German lessons open at ``de/`` with JupyterLab in German, while ``lab/`` stays
English; likewise ``fr/``, ``es/`` and ``zh/``. The languages and their JupyterLab locales
are those Binder opens (``lab_language.LOCALES``); ``<site>/<lang>/index.html`` is that
language's front page (:data:`FRONT_PAGES`), which opens its lesson 0 at once.

Usage: python language_app.py SITE_DIR   (every language but English)
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent))  # the repository's lab_language: one list of languages for Binder and the site
from lab_language import LOCALES  # noqa: E402

TRANSLATION = "@jupyterlab/translation-extension:plugin"

#: Each language's front page: its html lang, lesson 0, title, heading, words and button.
FRONT_PAGES = {
    "de": ("de", "00_hier_anfangen.ipynb", "Rallye-Lektionen: Stich Rallye und Memo-Car-Race im Browser",
           "Rallye-Lektionen",
           "Die Lektionen zu <em>Stich Rallye</em> und <em>Memo-Car-Race</em> laufen hier in deinem Browser: "
           "Auf diesem Computer wird nichts installiert, und was du änderst, bleibt in diesem Browser "
           "(es wird nirgendwohin geschickt).",
           "Lektion 0 öffnen: hier anfangen"),
    "fr": ("fr", "00_commencer_ici.ipynb", "Leçons de Rallye Mémo dans le navigateur", "Leçons de Rallye Mémo",
           "Les leçons de <em>Rallye Mémo</em> marchent ici, dans ton navigateur\u00a0: rien ne s’installe sur cet "
           "ordinateur, et ce que tu changes reste dans ce navigateur (rien n’est envoyé ailleurs).",
           "Ouvrir la leçon 0\u00a0: commencer ici"),
    "es": ("es", "00_empieza_aqui.ipynb", "Lecciones de Memo Carrera de coches en el navegador",
           "Lecciones de Memo Carrera de coches",
           "Las lecciones de <em>Memo Carrera de coches</em> funcionan aquí, en tu navegador: no se instala nada "
           "en este ordenador, y lo que cambies se queda en este navegador (no se envía a ningún sitio).",
           "Abrir la lección 0: empieza aquí"),
    "zh": ("zh-Hans", "00_cong_zheli_kaishi.ipynb", "玩转拉力赛：在浏览器里上课", "玩转拉力赛课程",
           "<em>玩转拉力赛</em>的课程就在你的浏览器里运行：这台电脑上什么都不用安装，"
           "你改动的内容只留在这个浏览器里（不会发送到任何地方）。",
           "打开第 0 课：从这里开始"),
}
FRONT_PAGE = """<!doctype html>
<html lang="{tag}">
<head>
  <meta charset="utf-8">
  <title>{title}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <!-- JupyterLite's pages read their settings from here up (keep this script, even empty). -->
  <link rel="icon" href="../icon-120x120.png">
  <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root="..">{{}}</script>
  <!-- Opens lesson 0 at once, with JupyterLab in this folder's language (jupyter-lite.json here). -->
  <meta http-equiv="refresh" content="0; url={start}">
  <link rel="stylesheet" href="../landing.css">
</head>
<body>
  <h1>{heading}</h1>
  <p>{words}</p>
  <p><a class="start" href="{start}">{button}</a></p>
</body>
</html>
"""


def front_page(lang: str) -> str:
    """The front page of ``lang``'s folder: it opens lesson 0 there at once."""
    tag, lesson, title, heading, words, button = FRONT_PAGES[lang]
    return FRONT_PAGE.format(tag=tag, title=title, heading=heading, words=words, button=button,
                             start=f"lab/index.html?path=notebooks/{lang}/{lesson}")


def add_language_app(site: pathlib.Path, lang: str, locale: str) -> pathlib.Path:
    app, folder = site / "lab", site / lang
    (folder / "lab").mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(front_page(lang), encoding="utf-8")
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
    for lang, locale in LOCALES.items():
        if lang != "en":
            print(f"language_app: {add_language_app(pathlib.Path(sys.argv[1]), lang, locale)} opens in {locale}")
