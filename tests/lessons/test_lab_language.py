"""lab_language: a lesson opened with JupyterLab's interface in the lesson's language (the
German Binder badge). The page itself is tested in Chromium (tests/browser/test_german.py)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("jupyter_server", reason="lab_language runs inside a Jupyter server (the lab extra)")
import lab_language  # noqa: E402


def test_each_lesson_language_has_a_jupyterlab_locale_and_others_are_refused():
    assert lab_language.interface_locale("de") == "de_DE"
    assert lab_language.interface_locale("en") == "en"
    assert [lab_language.interface_locale(lang) for lang in ("fr", "es", "zh")] == ["fr_FR", "es_ES", "zh_CN"]
    with pytest.raises(ValueError, match="The lessons come in de, en, es, fr, zh, not 'it'"):
        lab_language.interface_locale("it")


def test_each_lessons_folder_has_its_language_pack_installed():
    from jupyterlab_server.translation_utils import get_language_packs

    packs, _message = get_language_packs()
    for lang in lab_language.LOCALES:
        assert lang == "en" or lab_language.interface_locale(lang) in packs, (lang, sorted(packs))


def test_setting_the_language_keeps_the_other_settings(tmp_path):
    path = tmp_path / lab_language.SETTING
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"locale": "en", "displayPseudoLanguage": False}), encoding="utf-8")
    lab_language.set_interface_language(tmp_path, "de_DE")
    assert json.loads(path.read_text(encoding="utf-8")) == {"locale": "de_DE", "displayPseudoLanguage": False}


def test_setting_the_language_in_a_fresh_settings_folder_or_over_json5(tmp_path):
    lab_language.set_interface_language(tmp_path / "fresh", "de_DE")
    assert json.loads((tmp_path / "fresh" / lab_language.SETTING).read_text(encoding="utf-8")) == {"locale": "de_DE"}
    path = tmp_path / "json5" / lab_language.SETTING
    path.parent.mkdir(parents=True)
    path.write_text('{\n  // a comment, as JupyterLab writes\n  "locale": "en"\n}', encoding="utf-8")
    lab_language.set_interface_language(tmp_path / "json5", "de_DE")
    assert json.loads(path.read_text(encoding="utf-8")) == {"locale": "de_DE"}


def test_the_extension_is_enabled_where_the_lessons_run():
    from pathlib import Path

    config = json.loads((Path(__file__).resolve().parents[2] / "binder" / "jupyter_server_config.json")
                        .read_text(encoding="utf-8"))
    assert config["ServerApp"]["jpserver_extensions"] == {"lab_language": True}
    assert lab_language._jupyter_server_extension_points() == [{"module": "lab_language"}]
