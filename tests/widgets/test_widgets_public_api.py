"""The widgets use only the public APIs of ipywidgets, anywidget, traitlets and Plotly.

Every attribute whose name starts with one underscore, read or written anywhere in
``widgets/``, must be one the widgets define themselves (their own state, anywidget's
documented ``_esm``/``_css``), reached through ``self`` or ``cls``; IPython's display
protocol (``_repr_mimebundle_``) is the one exception, reached through ``super()``. So no
widget touches a private attribute of another library, nor of another class.
"""

from __future__ import annotations

import ast
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
PROTOCOL = {"_repr_mimebundle_", "_repr_html_", "_repr_svg_", "_ipython_display_"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _defined(tree: ast.AST) -> set[str]:
    """Underscore names the widgets define: methods, class attributes, ``self.x = ...``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        names.add(leaf.id)
                    elif isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) \
                            and leaf.value.id in ("self", "cls"):
                        names.add(leaf.attr)
    return {n for n in names if _private(n)}


def offences(sources: dict[str, str]) -> list[str]:
    trees = {name: ast.parse(text) for name, text in sources.items()}
    own = set().union(*(_defined(t) for t in trees.values()))
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            base = node.value
            through_super = isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super"
            if node.attr in PROTOCOL and through_super:
                continue
            if isinstance(base, ast.Name) and base.id in ("self", "cls") and node.attr in own:
                continue
            found.append(f"{name}:{node.lineno}: .{node.attr}")
    return found


def test_no_widget_touches_a_private_attribute_of_another_library_or_class():
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(WIDGETS.rglob("*.py"))}
    assert offences(sources) == []


def test_the_check_sees_what_it_forbids():
    bad = {
        "a.py": "class A:\n    def f(self, fig):\n        self._mine = 1\n        fig._widget_data = []\n"
                "        return self._view_count, fig._mine\n",
    }
    assert offences(bad) == ["a.py:4: ._widget_data", "a.py:5: ._view_count", "a.py:5: ._mine"]
