"""CopyButton: copies a position code to the clipboard."""

from __future__ import annotations

import pathlib

import anywidget
import traitlets

from .._display import StableRepr
from ..messages import PageWrites
from ..i18n import _


HERE = pathlib.Path(__file__).parent


class CopyButton(StableRepr, PageWrites, anywidget.AnyWidget):
    """A read-only field with ``text`` and a button that copies it to the clipboard
    (or selects it, where the page may not write to the clipboard). Its words are in
    the language spoken when it was made."""

    _esm = HERE / "copy_button.js"
    _css = """
    .rally-copy { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
    .rally-copy__field { font-family: ui-monospace, monospace; font-size: 12px; min-width: min(420px, 100%); flex: 1;
                         padding: 3px 6px; border: 1px solid #9ca3af; border-radius: 4px; }
    .rally-copy__button { padding: 3px 10px; border: 1px solid #374151; border-radius: 4px; background: #f3f4f6;
                          cursor: pointer; white-space: nowrap; }
    .rally-copy__status { font-size: 12px; color: #374151; }
    @media (pointer: coarse) { .rally-copy__field, .rally-copy__button { min-height: 44px; } }
    """
    text = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Copy code").tag(sync=True)
    copies = traitlets.Int(0).tag(sync=True)
    #: The words the page shows besides ``label``.
    labels = traitlets.Dict().tag(sync=True)
    #: The page counts the copies made; the rest is the kernel's.
    _page_writes = frozenset({"copies"})

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Copy code"))
        kwargs.setdefault("labels", {
            # TRANSLATORS: read out by a screen reader: the field holding the code.
            "field": _("position code"),
            "copied": _("Copied."),
            "selected": _("Selected: press Ctrl+C (or ⌘C) to copy."),
        })
        super().__init__(**kwargs)

    def __repr__(self) -> str:
        return _("A button that copies the code {code}").format(code=self.text)
