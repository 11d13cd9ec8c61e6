"""Read aloud (issue 40, item 3) in Chromium: the lesson's paragraphs, a widget's message
and each new moment (what the quiz's live region announces) are sent to the browser's
speech synthesis in the lesson's language, and where the device has no voice for that
language the page says so in words and shows no switch and no button.

Headless Chromium has no voices: each test gives the page the voices it chooses
(tests/browser/_speech.py), and ``window.__spoken`` is what was sent.
"""

from __future__ import annotations

import re

import pytest

from . import _lab, _speech

LESSON = {"en": "01_tricks.ipynb", "de": "de/01_stiche.ipynb"}
ENGLISH_VOICE = _speech.ENGLISH_VOICE
ENGLISH_ONLINE = {"name": "Online English", "lang": "en-GB", "localService": False, "default": False}
GERMAN_VOICE = _speech.GERMAN_VOICE

#: JavaScript: the text a reader sees of an element, its whitespace as a speech engine gets it.
SEEN = "el => el.innerText.replace(/\\s+/g, ' ').trim()"
#: The lesson's text with a button: the first paragraph of the lesson (under its title).
PARAGRAPH = ".jp-RenderedMarkdown p:has(> .rally-read-aloud__button)"


def record_speech(page, voices: list[dict]) -> None:
    _speech.record(page, voices)


def spoken(page) -> list[dict]:
    return page.evaluate("() => window.__spoken")


def wait_spoken(page, count: int) -> list[dict]:
    page.wait_for_function(f"() => window.__spoken.length >= {count}", timeout=15_000)
    return spoken(page)


def check_buttons_are_named_and_reachable(page, name: str) -> None:
    """Every 🔊 button is a real button named ``name`` (or Stop while reading), in the tab order."""
    buttons = page.eval_on_selector_all(".rally-read-aloud__button", """bs => bs.map(b => ({
        tag: b.tagName, name: b.getAttribute('aria-label'), tab: b.tabIndex, hidden: b.hidden }))""")
    assert len(buttons) > 10, buttons
    assert all(b["tag"] == "BUTTON" and b["name"] == name and b["tab"] == 0 for b in buttons), buttons[:5]


def test_jupyterlab_reads_a_paragraph_a_message_and_each_new_moment_in_english(page, lab):
    record_speech(page, [ENGLISH_ONLINE, GERMAN_VOICE, ENGLISH_VOICE])
    _lab.open_notebook(page, lab, LESSON["en"])
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    switch = page.get_by_role("switch", name="Read new moments aloud")
    switch.wait_for()
    assert not switch.is_checked()
    page.locator(PARAGRAPH).first.wait_for()
    check_buttons_are_named_and_reachable(page, "Read aloud")

    # A paragraph: its words as shown, in English, with the voice on the device.
    paragraph = page.locator(PARAGRAPH).first
    words = paragraph.evaluate(SEEN)
    assert words.startswith("A trick is one card from every player"), words
    paragraph.get_by_role("button", name="Read aloud").click()
    assert wait_spoken(page, 1) == [{"text": words, "lang": "en", "voice": "Local English"}]

    # By keyboard: a heading's button, focused and pressed with Enter.
    heading = page.locator(".jp-RenderedMarkdown h2:has(> .rally-read-aloud__button)").first
    heading.locator(".rally-read-aloud__button").focus()
    page.keyboard.press("Enter")
    assert wait_spoken(page, 2)[1] == {"text": heading.evaluate(SEEN), "lang": "en", "voice": "Local English"}

    # The switch: on, said so, kept in the browser.
    switch.check()
    assert wait_spoken(page, 3)[2]["text"] == "From now on I read each new moment aloud."
    assert page.evaluate("() => localStorage.getItem('rally-notebooks:read-aloud')") == "on"

    # A new moment: the quiz's answer, read as it comes; then its message's own button.
    quiz = page.locator(".jp-OutputArea-output").filter(has=page.locator(".widget-radio-box")).last
    quiz.get_by_text("Question 1 of 6", exact=True).wait_for()
    quiz.locator(".widget-radio-box label", has_text="Bo").click()
    _lab.output_button(page, "Check").click()
    said = wait_spoken(page, 4)[3]
    feedback = quiz.locator(".rally-quiz__feedback")
    assert said["lang"] == "en" and said["text"].startswith("✔ Right.") and said["text"] == feedback.evaluate(SEEN)
    message_button = quiz.locator(".rally-read-aloud__button--message:not([hidden])").first
    message_button.click()
    assert wait_spoken(page, 5)[4]["text"] == said["text"]

    _lab.screenshot(page, "read_aloud_lab_en")
    assert _lab.axe_violations(page, ".jp-Cell") == []  # the cells: JupyterLab's own frame is not ours


@pytest.mark.parametrize("voice", [True, False], ids=["german-voice", "no-german-voice"])
def test_the_app_view_reads_german_or_says_there_is_no_german_voice(page, lab, voice):
    record_speech(page, [ENGLISH_VOICE, GERMAN_VOICE] if voice else [ENGLISH_VOICE])
    page.add_init_script("localStorage.setItem('rally-notebooks:read-aloud', 'on')")  # on from an earlier lesson
    _lab.open_app(page, lab, LESSON["de"])
    assert _lab.app_errors(page) == []
    no_voice = "🔊 Dieser Browser kann nicht auf Deutsch vorlesen."
    if voice:
        switch = page.get_by_role("switch", name="Neues automatisch vorlesen")
        switch.wait_for()
        assert switch.is_checked()  # kept across lessons
        page.locator(PARAGRAPH).first.wait_for()
        check_buttons_are_named_and_reachable(page, "Vorlesen")
        paragraph = page.locator(PARAGRAPH).first
        words = paragraph.evaluate(SEEN)
        paragraph.get_by_role("button", name="Vorlesen").click()
        assert wait_spoken(page, 1) == [{"text": words, "lang": "de", "voice": "Lokale Stimme"}]
        assert page.get_by_text(no_voice).count() == 0
    else:
        # Nothing shown that cannot work, and no failure at the top of the page: lesson 0 said it.
        page.locator(".jp-RenderedMarkdown p").first.wait_for()
        page.wait_for_function("() => document.querySelector('.rally-read-aloud__row')?.hidden === true")
        page.wait_for_timeout(500)  # the page's text is decorated a moment after it shows
        assert page.get_by_role("switch").count() == 0
        assert page.locator(".rally-read-aloud__button:visible").count() == 0
        assert page.get_by_text(no_voice).count() == 0
        assert spoken(page) == []  # no English voice reading German
    _lab.screenshot(page, f"read_aloud_app_de_{'voice' if voice else 'no_voice'}")
    assert _lab.axe_violations(page, "#rendered_cells") == []
    assert not re.search(r"\bRead aloud\b", page.inner_text("#rendered_cells"))
    if not voice:  # the course's first page says it once, in words, where the switch would be
        _lab.open_app(page, lab, "de/00_hier_anfangen.ipynb")
        widget_note = page.locator(".rally-read-aloud__row + .rally-read-aloud__note")
        widget_note.wait_for()
        assert widget_note.inner_text() == no_voice and page.get_by_text(no_voice).count() == 1
        assert page.get_by_role("switch").count() == 0
