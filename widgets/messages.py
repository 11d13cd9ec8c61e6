"""A message line where a widget says what was wrong with the last input (an ipywidgets
line, :class:`Messages`, or an anywidget's synced status, :class:`StatusLine`), and reading
numbers typed in a box. Shared by the widgets of both games.

>>> whole_numbers("0, 3 7", "car's progress", 100)
[0, 3, 7]
"""

from __future__ import annotations

import html

import ipywidgets as w
import traitlets

import rally
from rally import inputs

from .i18n import _


class Messages:
    """A visible message line for bad input."""

    def _init_message(self) -> None:
        self.message = w.HTML()
        self._error = ""

    @property
    def error(self) -> str:
        """The message shown for the last bad input ('' when the last input was fine)."""
        return self._error

    def _show_error(self, text: str) -> None:
        self._error = text
        self.message.value = (
            f"<div role='alert' style='color:#9a3412;font-weight:600'>⚠ {html.escape(text)}</div>" if text else ""
        )


class StatusLine(traitlets.HasTraits):
    """An anywidget's status line, synced to its page: what the last click did, or why it
    was refused (``status_kind`` ``"error"``; the page shows it with ⚠, as an alert)."""

    status = traitlets.Unicode("").tag(sync=True)
    status_kind = traitlets.Unicode("info").tag(sync=True)

    def _say(self, text: str, kind: str = "info") -> None:
        self.status, self.status_kind = text, kind

    def _refuse(self, text: str) -> bool:
        """Show ``text`` as the reason a click did nothing; returns False (nothing done)."""
        self._say(text, "error")
        return False


def whole_numbers(text: str, what: str, high: int, error: type[rally.RuleError] = rally.SetupError) -> list[int]:
    """The whole numbers typed in a box, separated by commas or spaces (``"0, 3, 7"``),
    each read by :func:`rally.inputs.whole_text` as "Each <what>", from 0 to ``high``.
    ``what`` is a noun phrase in the language spoken (the caller translates it)."""
    typed = inputs.text(text, _("The numbers typed"), error, "0, 3, 7")
    each = _("Each {what}").format(what=what)
    return [inputs.whole_text(part, each, 0, high, error) for part in typed.replace(",", " ").split()]


__all__ = ["Messages", "StatusLine", "whole_numbers"]
