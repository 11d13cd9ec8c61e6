"""TrackChoice: pick a board from a menu, or write a track of one's own.

The menu holds the boards by their names in the language spoken and, last, "a track of my
own"; that choice opens a field for track text and says how it is written. ``value`` is
what :func:`rally.get_track` reads: a board's name or the text typed. Setting ``value``
picks the board of that name, or opens the field with the text.

>>> choice = TrackChoice("Vulkan")   # a board's name in any language rally speaks
>>> choice.value, choice.menu.value, choice.own.layout.display
('volcano', 'volcano', 'none')
>>> choice.value = "S..DD...U.."
>>> choice.menu.value == OWN, choice.own.value, choice.own.layout.display
(True, 'S..DD...U..', 'flex')
"""

from __future__ import annotations

import html

import ipywidgets as w
import traitlets

import rally
from rally import TRACKS

from ..i18n import _

#: The menu's value for "a track of my own".
OWN = "\x00own"


class TrackChoice(w.VBox):
    """A board from the menu, or a track of one's own written out (see the module)."""

    value = traitlets.Unicode("")

    def __init__(self, value: str = "volcano", width: str = "300px", description_width: str = "") -> None:
        style = {"description_width": description_width} if description_width else {}
        boards = [TRACKS[name].shown_name for name in sorted(TRACKS)]
        self.menu = w.Dropdown(options=[*((board, board) for board in boards), (_("a track of my own …"), OWN)],
                               tooltip="", description=_("Track"), style=style, layout=w.Layout(width=width))
        self.own = w.Text(description=_("Your track"), placeholder="S..DD...U..", tooltip="", style=style,
                          continuous_update=False, layout=w.Layout(width=width, display="none"))
        self.form = w.HTML(layout=w.Layout(display="none", max_width=width))
        super().__init__([self.menu, self.own, self.form])
        self.add_class("rally-track-choice")
        self._showing = False
        self.menu.observe(lambda _change: self._from_controls(), names="value")
        self.own.observe(lambda _change: self._from_controls(), names="value")
        self.value = value if isinstance(value, str) else ""
        self._show_value({"new": self.value})  # also when the value is the empty default

    @traitlets.observe("value")
    def _show_value(self, change: dict[str, object]) -> None:
        """Show ``value`` in the controls: its board in the menu, or the field with the text."""
        if self._showing:
            return
        text = str(change["new"])
        board = self._board(text)
        self._showing = True
        try:
            if board is None:
                self.own.value = text
                self.menu.value = OWN
            else:
                self.menu.value = self.value = board  # a board by the name its menu shows
        finally:
            self._showing = False
        self._show_own()

    def _board(self, text: str) -> str | None:
        """The menu's name for the board ``text`` names, or None for track text or an unknown name."""
        try:
            track = rally.get_track(text)
        except rally.RuleError:
            return None
        # A name gives the board itself; track text, even a board's, gives a track of one's own.
        return track.shown_name if TRACKS.get(track.name) is track else None

    def _from_controls(self) -> None:
        """The menu or the field changed: ``value`` follows."""
        self._show_own()
        if self._showing:
            return
        self._showing = True
        try:
            self.value = self.own.value if self.menu.value == OWN else str(self.menu.value)
        finally:
            self._showing = False

    def _show_own(self) -> None:
        """The field and how to write a track show only while "a track of my own" is chosen."""
        own = self.menu.value == OWN
        self.own.layout.display = self.form.layout.display = "flex" if own else "none"
        if own and not self.form.value:
            self.form.value = "<p>{}</p>".format(html.escape(_("How to write it: {form}.").format(form=rally.track_form())))
