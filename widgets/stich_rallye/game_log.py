"""GameLog: every event of a game in words, the newest at the bottom of a scrolling list,
the last :data:`LOG_LINES` of them shown (a replay shows those up to the step it is at).

>>> log = GameLog()
>>> log.show(["Ada plays G3 (green 3).", "Bo plays B4 (blue 4)."], upto=0)
>>> "Bo plays" in log.value
False
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as w

from ..announcer import Announcer
from ..i18n import _

#: Events shown in the message area (all of them stay in the view's ``messages``).
LOG_LINES = 80
#: The most events one announcement reads out (a bot round between two of your turns fits).
ANNOUNCED_EVENTS = 16


class GameLog(w.HTML):
    """The log ("What happened"), a list a screen reader reads as a log; ``announcer``
    (laid out apart) says what is new."""

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(width="auto"))  # "100%" and the widget's margin overflowed a phone
        #: What a screen reader says as the game goes on: one live region, made once.
        self.announcer = Announcer()
        self._announced = 0  # how many of the messages were announced
        self._last_prompt = ""

    def announce(self, messages: Sequence[str], prompt: str) -> None:
        """Say once, from the live region, what happened since the last announcement (the
        ``messages`` not said yet) and what comes now (``prompt``: whose turn, the turbo offer)."""
        news = messages[self._announced:]
        self._announced = len(messages)
        if not news and prompt == self._last_prompt:
            return
        self._last_prompt = prompt
        self.announcer.say(*news[-ANNOUNCED_EVENTS:], prompt)

    def show(self, messages: Sequence[str], upto: int | None = None) -> None:
        """Show ``messages`` (up to index ``upto`` when given)."""
        lines = messages if upto is None else messages[: upto + 1]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines[-LOG_LINES:])
        self.value = (
            "<div style='display:flex;flex-direction:column-reverse;max-height:150px;overflow:auto;"
            "border:1px solid #d1d5db;padding:2px 8px;font-size:13px' role='log' tabindex='0' "
            f"aria-label='{html.escape(_('What happened'), quote=True)}'>"
            f"<ol start='{max(1, len(lines) - LOG_LINES + 1)}' style='margin:0;padding-left:2.4em'>{items}</ol></div>"
        )
