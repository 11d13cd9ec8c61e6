"""The widgets' words in the language rally speaks (:mod:`rally.common.i18n`): their own
catalog (``widgets/locale``), the same language. Labels, buttons, tooltips, messages,
the quizzes and the figures' texts all come through here; the JavaScript components show
texts Python gives them, so they follow too.

>>> from rally import language
>>> with language("de"):
...     _("Check")
'Prüfen'
"""

from __future__ import annotations

import pathlib

from rally.common.i18n import (
    N_, Catalog, capitalized, decimal, get_language, join_clauses, join_sentences, join_words, language, percent,
    percent_range, shown,
)

WIDGETS = Catalog("widgets", pathlib.Path(__file__).with_name("locale"))
_ = WIDGETS.gettext
ngettext = WIDGETS.ngettext
pgettext = WIDGETS.pgettext
npgettext = WIDGETS.npgettext

__all__ = ["WIDGETS", "_", "ngettext", "pgettext", "npgettext", "N_", "capitalized", "decimal", "get_language",
           "join_clauses", "join_sentences", "join_words", "language", "percent", "percent_range", "shown"]
