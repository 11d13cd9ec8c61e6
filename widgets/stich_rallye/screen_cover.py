"""ScreenCover: what a shared screen shows in place of a hand between two people's turns.

When several people play Stich Rallye at one screen (pass-and-play), a hand may be seen
by its owner only. Between turns :class:`GameView` puts this cover where the hand was: it
names who gets the screen next, says what the whole table sees, and holds the button that
person presses once only they can see the screen. Its words come from
:func:`rally.stich_rallye.table_view`, which knows no card of any hand, so the cover cannot give one
away.

>>> from rally import Game
>>> from rally.stich_rallye.table_view import table_view
>>> cover = ScreenCover()
>>> cover.ask(table_view(Game.new(3, seed=4)), 0)
>>> cover
Pass the screen to Ada (white car). Ada, press the button when only you can see the screen. Round 1. Ada to play. Cards in hand: Ada 5, Bo 5 and Cy 5. The button says: “I am Ada: show my cards”.
>>> cover.asked
0
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as w

from rally.stich_rallye.table_view import TableView

from .._display import StableRepr, plain_text
from ..i18n import _, join_words
from ..style import car_words


class ScreenCover(StableRepr, w.VBox):
    """The cover: hidden until :meth:`ask` (a person is to take the screen) or
    :meth:`wait` (computer players are playing). ``asked`` is the seat the button is
    for, or None."""

    def __init__(self) -> None:
        self.text = w.HTML()
        self.button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.asked: int | None = None
        self._words = ""  # what the cover says, as plain text
        self._reveal: Callable[[], object] = lambda: None
        self.button.on_click(lambda _: self._reveal())
        super().__init__([self.text, self.button], layout=w.Layout(
            display="none", align_items="flex-start", border="2px dashed #1d4ed8", padding="8px 12px",
            margin="4px 0", width="590px", max_width="100%"))
        self.add_class("rally-screen-cover")

    def on_reveal(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` when the person asked for presses the button."""
        self._reveal = callback

    def ask(self, view: TableView, seat: int, review: bool = False) -> None:
        """Ask ``seat``'s person to take the screen: for their turn, or (``review``) to
        look back at their own game once it is over."""
        name = view.names[seat]
        self.asked = seat
        heading = _("<b>Pass the screen to {name}</b> ({car}). {name}, press the button when only you can see "
                    "the screen.").format(name=html.escape(name), car=car_words(seat))
        self._say(heading, view)
        self.button.description = (_("I am {name}: show my review") if review
                                   else _("I am {name}: show my cards")).format(name=name)
        self.button.layout.display = "flex"
        self.layout.display = "flex"

    def wait(self, view: TableView) -> None:
        """Computer players are playing: the table as all see it, and no button."""
        self.asked = None
        self._say(_("<b>The computer players are playing.</b>"), view)
        self.button.layout.display = "none"
        self.layout.display = "flex"

    def hide(self) -> None:
        """Take the cover away (a hand is shown, or there is nothing to cover)."""
        self.asked = None
        self.layout.display = "none"

    @property
    def words(self) -> str:
        """What the cover says, as plain text ('' when hidden)."""
        if self.layout.display == "none":
            return ""
        button = (" " + _("The button says: “{label}”.").format(label=self.button.description)
                  if self.button.layout.display != "none" else "")
        return self._words + button

    def _say(self, heading: str, view: TableView) -> None:
        """Show ``heading`` (a little HTML) over the table as everybody sees it."""
        table = view.words()
        if view.current_player is not None:
            table += " " + _("Cards in hand: {sizes}.").format(sizes=join_words(
                [f"{name} {size}" for name, size in zip(view.names, view.hand_sizes)]))
        self._words = plain_text(heading) + " " + table
        self.text.value = (f"<div style='font-size:15px;line-height:1.4'>{heading}</div>"
                           f"<div style='font-size:13px;line-height:1.4;margin:4px 0'>{html.escape(table)}</div>")

    def __repr__(self) -> str:
        return self.words or _("No cover: the screen shows a hand, or nothing is hidden.")
