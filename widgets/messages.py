"""A message line where a widget says what was wrong with the last input (an ipywidgets
line, :class:`Messages`, or an anywidget's synced status, :class:`StatusLine`), what a page
may write (:class:`PageWrites`), and reading numbers typed in a box. Shared by the widgets
of both games.

>>> whole_numbers("0, 3 7", "car's progress", 100)
[0, 3, 7]
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

import ipywidgets as w
import traitlets

import rally
from rally.common import inputs

from .i18n import _, join_words


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


class PageWrites(traitlets.HasTraits):
    """Mixin for the project's anywidgets (put it before ``anywidget.AnyWidget``): of the
    traits synced with the page, the page may set only those in ``_page_writes`` (what a
    click chooses); every other is the kernel's to say (a board's ``interactive``, its
    cells, its words). Anything else the page sends, and a value of the wrong type, is
    refused: the trait keeps its value, the page is sent it again, and
    :meth:`_page_refused` hears of it (a widget with a status line says it there). So no
    page can make a frozen board playable or put the view and the game out of step.

    >>> from widgets import CopyButton
    >>> button = CopyButton(text="R2.G5")
    >>> button.set_state({"text": "B9", "copies": 1})  # as the page sends it: only copies is the page's
    >>> button.text, button.copies
    ('R2.G5', 1)
    """

    #: The synced traits the page may set.
    _page_writes: ClassVar[frozenset[str]] = frozenset()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """What the page sends (ipywidgets calls this with each update from the page)."""
        refused = [name for name in sync_data if name not in self._page_writes]
        for name in sync_data:
            if name in self._page_writes:
                try:
                    super().set_state({name: sync_data[name]})  # type: ignore[misc]
                except traitlets.TraitError:
                    refused.append(name)
        if refused:
            known = [name for name in refused if name in self.keys]  # type: ignore[attr-defined]
            if known:
                self.send_state(known)  # type: ignore[attr-defined]
            self._page_refused(sorted(refused))

    def _page_refused(self, names: list[str]) -> None:
        """The page tried to set ``names`` (refused); a widget with a status line says so."""


class StatusLine(PageWrites):
    """An anywidget's status line, synced to its page: what the last click did, or why it
    was refused (``status_kind`` ``"error"``; the page shows it with ⚠, as an alert)."""

    status = traitlets.Unicode("").tag(sync=True)
    status_kind = traitlets.Unicode("info").tag(sync=True)

    def _page_refused(self, names: list[str]) -> None:
        # TRANSLATORS: {names} are the names of the widget's settings the page sent, as the program calls them.
        self._refuse(_("The page tried to change {names}, which only the program sets; nothing changed.").format(
            names=join_words(names)))

    def _say(self, text: str, kind: str = "info") -> None:
        self.status, self.status_kind = text, kind

    def _refuse(self, text: str) -> bool:
        """Show ``text`` as the reason a click did nothing; returns False (nothing done)."""
        self._say(text, "error")
        return False


def whole_numbers(text: str, what: str, high: int, error: type[rally.RuleError] = rally.SetupError) -> list[int]:
    """The whole numbers typed in a box, separated by commas or spaces (``"0, 3, 7"``),
    each read by :func:`rally.common.inputs.whole_text` as "Each <what>", from 0 to ``high``.
    ``what`` is a noun phrase in the language spoken (the caller translates it)."""
    typed = inputs.text(text, _("The numbers typed"), error, "0, 3, 7")
    each = _("Each {what}").format(what=what)
    return [inputs.whole_text(part, each, 0, high, error) for part in typed.replace(",", " ").split()]


__all__ = ["Messages", "PageWrites", "StatusLine", "whole_numbers"]
