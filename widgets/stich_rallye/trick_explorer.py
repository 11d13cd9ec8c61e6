"""TrickExplorer: type a whole trick and rally says who wins it and why.

>>> explorer = TrickExplorer("G11 R5 B7 G3")
>>> explorer.table.winner
'Cy'
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as w

import rally
from rally import DEFAULT_NAMES
from rally.common import inputs

from .._display import StableRepr
from ..i18n import _, ngettext
from ..messages import Messages
from .trick_table import TrickTable


class TrickExplorer(Messages, StableRepr, w.VBox):
    """Type a trick ("G11 R5 B7 G3") and see who wins it and why."""

    def __init__(self, cards: str = "G11 R5 B7 G3", names: Sequence[str] = DEFAULT_NAMES):
        self._init_message()
        listed = inputs.sequence(names, _("The names"), rally.SetupError, "['Ada', 'Bo', 'Cy']", 5)
        self._names = inputs.names(listed, len(listed), rally.SetupError)
        cards = inputs.text(cards, _("The trick"), rally.SetupError, "G11 R5 B7 G3")
        self.cards = w.Text(value=cards, tooltip="", description=_("Trick"), placeholder=_("cards in play order: G11 R5 B7 G3"),
                            continuous_update=False, layout=w.Layout(width="360px"))
        self.go = w.Button(description=_("Who wins?"), button_style="primary")
        self.table = TrickTable(title=_("Trick"))
        self.go.on_click(lambda _button: self.explain())
        self.cards.observe(lambda _change: self.explain(), names="value")  # on Enter or leaving the field
        super().__init__([w.HBox([self.cards, self.go]), self.message, self.table])
        self.explain()

    def explain(self) -> bool:
        """Show the typed trick, played by the first players in seat order; False (and
        rally's reason shown) when it is not a whole trick of 3 to 5 cards."""
        try:
            cards = rally.check_trick(rally.parse_cards(self.cards.value), complete=True)
            if len(cards) > len(self._names):
                inputs.fail(rally.CardError, _("The trick"),
                            ngettext("at most {n} cards, one per player ({names})",
                                     "at most {n} cards, one per player ({names})", len(self._names))
                            .format(n=len(self._names), names=", ".join(self._names)), self.cards.value)
            self.table.show_trick(cards, names=self._names[:len(cards)], complete=True)
        except rally.RuleError as err:
            self._show_error(str(err))
            # No winner of the last trick stays under a new mistake, and no empty table
            # says "no cards played": only the mistake shows until the trick is whole.
            self.table.clear()
            self.table.layout.display = "none"
            return False
        self._show_error("")
        self.table.layout.display = None
        return True

    def __repr__(self) -> str:
        return repr(self.table)
