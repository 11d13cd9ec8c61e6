"""Open a lesson with JupyterLab's own interface in the lesson's language.

JupyterLab keeps its interface language as a user setting (the translation plugin's
``locale``, served by its language packs, such as ``jupyterlab-language-pack-de-DE``), not
in the address. So the German Binder badge opens this server extension's page,
``/lessons-in/de/<path>``: it sets the interface language to German for this server's
user, then sends the browser on to ``/lab/tree/<path>``, which JupyterLab then shows in
German; likewise ``fr``, ``es`` and ``zh`` (the folders of Rally Run's French, Spanish and
Chinese lessons). ``/lessons-in/en/<path>`` sets English back. A query (``?reset``) is
passed on.

It is enabled in ``binder/jupyter_server_config.json`` (``bin/quiet-lab`` installs that
file into the lessons' environment, Binder's ``postBuild`` too).

>>> interface_locale("de"), interface_locale("zh"), interface_locale("en")
('de_DE', 'zh_CN', 'en')
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_escape, url_path_join
from tornado import web

#: The lessons' languages and the JupyterLab locale each one opens in.
LOCALES = {"de": "de_DE", "en": "en", "es": "es_ES", "fr": "fr_FR", "zh": "zh_CN"}
#: Where JupyterLab keeps the translation plugin's user setting (under its user settings folder).
SETTING = pathlib.Path("@jupyterlab", "translation-extension", "plugin.jupyterlab-settings")


def interface_locale(lang: str) -> str:
    """The JupyterLab locale a lesson in ``lang`` opens with."""
    if lang not in LOCALES:
        raise ValueError(f"The lessons come in {', '.join(LOCALES)}, not {lang!r}.")
    return LOCALES[lang]


def set_interface_language(settings_dir: pathlib.Path, locale: str) -> None:
    """Write ``locale`` as the interface language into the JupyterLab user settings in
    ``settings_dir``, keeping the file's other settings (it holds plain JSON once written)."""
    path = settings_dir / SETTING
    settings: dict[str, Any] = {}
    if path.exists():
        try:
            settings = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:  # JSON5 with comments, as JupyterLab may write it: start afresh
            settings = {}
    settings["locale"] = locale
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


class LessonInLanguage(JupyterHandler):
    """``GET /lessons-in/<lang>/<path>``: set the interface language, then open the lesson."""

    @web.authenticated
    def get(self, lang: str, path: str) -> None:
        if lang not in LOCALES:
            raise web.HTTPError(404, f"The lessons come in {', '.join(LOCALES)}.")
        set_interface_language(self._settings_dir(), interface_locale(lang))
        query = self.request.query  # kept: "?reset" opens the lesson in a fresh workspace
        self.redirect(url_path_join(self.base_url, "lab", "tree", url_escape(path)) + (f"?{query}" if query else ""))

    def _settings_dir(self) -> pathlib.Path:
        for app in self.serverapp.extension_manager.extension_apps.get("jupyterlab", ()):
            if getattr(app, "user_settings_dir", None):
                return pathlib.Path(app.user_settings_dir)
        raise web.HTTPError(500, "JupyterLab is not running on this server.")


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "lab_language"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    route = url_path_join(serverapp.web_app.settings["base_url"], r"/lessons-in/([a-z]{2})/(.*)")
    serverapp.web_app.add_handlers(".*$", [(route, LessonInLanguage)])
