"""Read aloud (issue 40): every paragraph of a lesson, every message a widget shows and
every new moment of a game, read in the lesson's language by the browser's own speech
synthesis (the Web Speech API: ``speechSynthesis``), so a child who reads slowly can
listen instead.

- :class:`ReadAloud`, put once near the top of a lesson, adds a 🔊 button (named "Read
  aloud") to each heading, paragraph and list item of the lesson's text, and to each
  message area the widgets show (their status lines and alerts: anything marked
  ``role="status"``, ``role="alert"`` or ``aria-live``). It also shows one switch, "Read
  new moments aloud": while it is on, what a game's :class:`~widgets.Announcer` says and
  every :class:`SpeakButton` made with ``new=True`` is read as it comes. The switch is
  kept in the browser (``localStorage``), so it stays on from lesson to lesson.
- :class:`SpeakButton` is a 🔊 button a widget puts beside one message of its own (a
  guided tip): :meth:`SpeakButton.say` gives it new words.

The voice is one of the device's voices for the lesson's language, a voice on the device
itself (``localService``) first, so it reads with no network too. Where the device has no
voice for the language, or the browser no speech at all, the page shows no switch and no 🔊
button: nothing that cannot work. Lesson 0's :class:`ReadAloud` (``say_when_silent=True``)
also says so in words, where the switch would be; the other lessons then say nothing, so a
child does not meet the same failure at the top of every page. Nothing is spoken by Python and nothing of it is
stored in the notebook: the plain text (what nbval compares) is the same everywhere.

>>> ReadAloud()
Read aloud: a 🔊 button beside each paragraph and message, and a switch that reads each new moment aloud.
>>> tip = SpeakButton(new=True)
>>> tip.say("Your turn: play a card.")
>>> tip, tip.count
(Read aloud: Your turn: play a card., 1)
"""

from __future__ import annotations

import pathlib

import anywidget
import traitlets

from ._display import StableRepr
from .i18n import _, get_language
from .messages import PageWrites

HERE = pathlib.Path(__file__).parent
#: Where the switch is kept in the browser: ``"on"`` or ``"off"``.
STORAGE_KEY = "rally-notebooks:read-aloud"


def _labels() -> dict[str, str]:
    """The words the page shows, in the language spoken now."""
    return {
        # TRANSLATORS: the name of each 🔊 button (a screen reader says it; a tooltip shows it). Short.
        "read": _("Read aloud"),
        # TRANSLATORS: a 🔊 button that stops the reading (it is pressed while reading).
        "stop": _("Stop reading"),
        "switch": _("Read new moments aloud"),
        # TRANSLATORS: {icon} is where the page draws the speaker of the buttons; keep it.
        "hint": _("The speaker button {icon} beside a paragraph reads it aloud."),
        # TRANSLATORS: said aloud when the switch "Read new moments aloud" is turned on.
        "on": _("From now on I read each new moment aloud."),
        # TRANSLATORS: "English" is the language of the lesson: in a translation, name the language you translate into.
        "no_voice": _("🔊 This browser cannot read aloud in English."),
        "no_speech": _("🔊 This browser cannot read aloud."),
    }


#: The tag a browser's voices carry for a language whose code is not one already
#: (BCP 47: simplified Chinese is read by the voices of mainland China).
SPEECH_TAGS = {"zh_Hans": "zh-CN"}


class _Speaker(StableRepr, PageWrites, anywidget.AnyWidget):
    """What both share: the page's script, the language and the words."""

    _esm = HERE / "read_aloud.js"
    _css = (HERE / "read_aloud.css").read_text(encoding="utf-8")
    #: "page" (:class:`ReadAloud`) or "button" (:class:`SpeakButton`).
    kind = traitlets.Unicode("page").tag(sync=True)
    #: The language the words are read in ("en", "de", "zh-CN"): the lesson's, when the widget was made.
    language = traitlets.Unicode("en").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("language", SPEECH_TAGS.get(get_language(), get_language()))
        kwargs.setdefault("labels", _labels())
        super().__init__(**kwargs)


class ReadAloud(_Speaker):
    """Put it once in a lesson (the lesson's language set first): 🔊 buttons at every
    paragraph and message of the lesson's page, and the switch that reads new moments.
    ``say_when_silent``: where the device cannot read the lesson's language, say so (the
    course's first page); otherwise nothing is shown there."""

    #: Where the device cannot read the lesson's language: True says so in words.
    say_when_silent = traitlets.Bool(False).tag(sync=True)

    def __init__(self, say_when_silent: bool = False, **kwargs):
        super().__init__(kind="page", say_when_silent=say_when_silent, **kwargs)
        self._plain = _("Read aloud: a 🔊 button beside each paragraph and message, and a switch that reads "
                        "each new moment aloud.")

    def __repr__(self) -> str:
        return self._plain


class SpeakButton(_Speaker):
    """A 🔊 button that reads ``text`` aloud. With ``new=True`` the text is also read by
    itself each time :meth:`say` gives new words, while the page's switch "Read new
    moments aloud" is on (a guided game's tip). Put it beside the message it reads."""

    #: The words the button reads ('' shows no button).
    text = traitlets.Unicode("").tag(sync=True)
    #: True: read each new text by itself while the switch is on.
    new = traitlets.Bool(False).tag(sync=True)
    #: How many times :meth:`say` gave words: the same words twice are still new.
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, text: str = "", new: bool = False, **kwargs):
        super().__init__(kind="button", text=text, new=new, **kwargs)

    def say(self, text: str) -> None:
        """New words to read (read by themselves if ``new`` and the switch is on)."""
        with self.hold_sync():
            self.text = text.strip()
            self.count += 1

    def __repr__(self) -> str:
        if not self.text:
            return _("(A 🔊 button, with nothing to read yet.)")
        # TRANSLATORS: a 🔊 button's plain text: {text} is what it reads.
        return _("Read aloud: {text}").format(text=self.text)


__all__ = ["ReadAloud", "SpeakButton", "STORAGE_KEY"]
