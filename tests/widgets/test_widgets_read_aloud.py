"""Read aloud (issue 40, item 3), driven from Python: what the page is given to read with
(the lesson's language, the words in that language), the plain text nbval compares, what
a SpeakButton holds, and that the page may set nothing. The reading itself is the
browser's: tests/browser/test_read_aloud.py records what the page sends to it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rally import language
from widgets import ReadAloud, SpeakButton
from widgets.read_aloud import STORAGE_KEY

ROOT = Path(__file__).resolve().parents[2]
LABELS = {"read", "stop", "switch", "hint", "on", "no_voice", "no_speech"}


@pytest.mark.parametrize("lang, read, switch, no_voice", [
    ("en", "Read aloud", "Read new moments aloud", "🔊 This browser cannot read aloud in English."),
    ("de", "Vorlesen", "Neues automatisch vorlesen", "🔊 Dieser Browser kann nicht auf Deutsch vorlesen."),
])
def test_the_page_reads_in_the_lesson_language_and_says_so_in_it(lang, read, switch, no_voice):
    with language(lang):
        widget = ReadAloud()
    assert widget.language == lang and widget.kind == "page" and widget.storage_key == STORAGE_KEY
    assert set(widget.labels) == LABELS and all(widget.labels.values())
    assert widget.labels["read"] == read and widget.labels["switch"] == switch
    assert no_voice in widget.labels["no_voice"]


@pytest.mark.parametrize("lang, tag", [("fr", "fr"), ("es", "es"), ("zh_Hans", "zh-CN")])
def test_rally_runs_other_languages_are_read_by_their_voices(lang, tag):
    """A voice is found by its BCP 47 tag: simplified Chinese by the voices of zh-CN."""
    with language(lang):
        widget = ReadAloud()
    assert widget.language == tag
    assert widget.labels["read"] != "Read aloud" and "English" not in widget.labels["no_voice"]


def test_the_plain_text_says_what_it_does_in_the_lesson_language():
    assert "🔊" in repr(ReadAloud())
    with language("de"):
        assert repr(ReadAloud()).startswith("Vorlesen: ein 🔊-Knopf")
        assert repr(SpeakButton()) == "(Ein 🔊-Knopf, noch ohne Text zum Vorlesen.)"


def test_a_speak_button_holds_each_new_text_and_counts_them():
    button = SpeakButton(new=True)
    assert (button.kind, button.text, button.new, button.count) == ("button", "", True, 0)
    button.say("  Your turn: play a card. ")
    button.say("Your turn: play a card.")  # the same words again are still news
    assert (button.text, button.count) == ("Your turn: play a card.", 2)
    assert repr(button) == "Read aloud: Your turn: play a card."
    assert SpeakButton("A tip.").new is False


def test_the_page_may_set_nothing_on_them():
    for widget in (ReadAloud(), SpeakButton("Hello.", new=True)):
        assert widget._page_writes == frozenset()
        widget.set_state({"language": "fr", "text": "Nonsense", "labels": {}})
        assert widget.language == "en" and widget.labels
        assert getattr(widget, "text", "Hello.") == "Hello."


def test_the_script_reads_with_a_voice_of_the_lesson_language_and_sends_nothing_back():
    script = (ROOT / "widgets" / "read_aloud.js").read_text(encoding="utf-8")
    assert "speechSynthesis" in script and "SpeechSynthesisUtterance" in script
    assert "localService" in script  # a voice on the device first: it reads offline
    assert "utterance.lang = lang" in script
    assert "model.set(" not in script and "save_changes" not in script  # the page writes nothing


def _code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


NUMBERED = sorted(p for p in (ROOT / "notebooks").glob("**/0[1-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("lesson", NUMBERED, ids=[str(p.relative_to(ROOT / "notebooks")) for p in NUMBERED])
def test_every_numbered_lesson_reads_aloud_right_after_it_sets_its_language(lesson):
    code = _code_cells(lesson)
    assert "set_language" in code[0] and "ReadAloud()" in code[1], code[1]
    assert sum("ReadAloud(" in source for source in code) == 1
