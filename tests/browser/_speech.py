"""A page's speech synthesis replaced by a recorder with the voices a test chooses.

Headless Chromium has no voices, and a test must not make a sound: before the page loads,
``window.speechSynthesis`` (and ``SpeechSynthesisUtterance``) are replaced
(``page.add_init_script``). ``window.__spoken`` is then what was sent: each utterance's
text, language and voice. Read aloud shows its switch and 🔊 buttons only where the device
has a voice for the lesson's language, so a test that looks for them gives the page one.
"""

from __future__ import annotations

import json

ENGLISH_VOICE = {"name": "Local English", "lang": "en-US", "localService": True, "default": True}
GERMAN_VOICE = {"name": "Lokale Stimme", "lang": "de-DE", "localService": True, "default": False}
FRENCH_VOICE = {"name": "Voix locale", "lang": "fr-FR", "localService": True, "default": False}
SPANISH_VOICE = {"name": "Voz local", "lang": "es-ES", "localService": True, "default": False}
CHINESE_VOICE = {"name": "本地语音", "lang": "zh-CN", "localService": True, "default": False}
#: A voice for every language a lesson is written in.
EVERY_LESSON_LANGUAGE = [ENGLISH_VOICE, GERMAN_VOICE, FRENCH_VOICE, SPANISH_VOICE, CHINESE_VOICE]

RECORDER = """
(() => {
  const voices = %s;
  window.__spoken = [];
  class Utterance {
    constructor(text) { this.text = text; this.lang = ""; this.voice = null; this.onend = null; this.onerror = null; }
  }
  const synth = {
    speaking: false, pending: false, paused: false, onvoiceschanged: null,
    getVoices: () => voices.map((v) => ({ ...v, voiceURI: v.name })),
    speak(u) {
      window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null });
      setTimeout(() => u.onend && u.onend({}), 20);
    },
    cancel() {}, pause() {}, resume() {},
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = Utterance;
})();
"""


def record(page, voices: list[dict]) -> None:
    """Give ``page`` (before it loads) a recording speech synthesis with ``voices``."""
    page.add_init_script(RECORDER % json.dumps(voices))
