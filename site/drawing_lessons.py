"""Which lessons draw with Plotly (used by site/stage_notebooks.py).

On the site the kernel starts without Plotly (site/make_lock.py) and loads it before a cell
whose ``import`` lines name it. So the site's copy of a lesson that may draw a figure, as its
cells run or later from a button, says ``import plotly`` in its first code cell.

A lesson may draw when it uses a widget whose module reaches :mod:`widgets.plotly_view`
through the package's own imports (``from ..plotly_view import PlotlyView``, or through
another module of the package that does). Read from the sources, nothing imported: the
site's build tools need neither the widgets nor Plotly. Package ``__init__`` files are not
followed: ``widgets/__init__.py`` names every view, and importing it draws nothing, since
Plotly is imported only at the first figure.

    >>> import json, pathlib
    >>> root = pathlib.Path(__file__).resolve().parent.parent
    >>> lesson = json.loads((root / "notebooks" / "03_moving_and_hills.ipynb").read_text(encoding="utf-8"))
    >>> Drawing(root / "widgets").why(lesson)
    'MovePlayer (widgets.stich_rallye.move_player) draws with widgets.plotly_view'
    >>> lesson = json.loads((root / "notebooks" / "07_rally_run_driving.ipynb").read_text(encoding="utf-8"))
    >>> Drawing(root / "widgets").why(lesson) is None
    True
"""

from __future__ import annotations

import ast
import functools
import pathlib

#: The module every Plotly figure of the widgets is made by.
FIGURES = "widgets.plotly_view"
#: The line the site's copy of a drawing lesson starts with (a comment says why to a reader).
IMPORT_LINE = "import plotly  # this lesson draws: on the website Plotly is loaded before this cell runs"


class Drawing:
    """What the widgets package at ``package`` (its folder) says about drawing."""

    def __init__(self, package: pathlib.Path) -> None:
        self.package = package
        self.name = package.name

    @functools.cache
    def _file(self, module: str) -> pathlib.Path | None:
        parts = module.split(".")
        if parts[0] != self.name:
            return None
        base = self.package.joinpath(*parts[1:])
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path
        return None

    @functools.cache
    def _tree(self, module: str) -> ast.Module | None:
        path = self._file(module)
        return ast.parse(path.read_text(encoding="utf-8")) if path else None

    def _absolute(self, module: str, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        path = self._file(module)
        is_package = path is not None and path.name == "__init__.py"
        parts = module.split(".")
        base = parts if is_package else parts[:-1]
        base = base[:len(base) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))

    def imports(self, module: str) -> set[str]:
        """The package's modules that ``module`` imports itself (its own lines): a name
        taken from a package's ``__init__`` counts as the module that defines it."""
        found: set[str] = set()
        for node in ast.walk(self._tree(module) or ast.Module(body=[], type_ignores=[])):
            if isinstance(node, ast.ImportFrom):
                target = self._absolute(module, node)
                for alias in node.names:  # `from . import x` names a module; `from .x import y` a name
                    sub = f"{target}.{alias.name}"
                    if self._file(sub):
                        found.add(sub)
                    elif self._file(target):
                        found.add(self.defined_in(target, alias.name) or target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        return {m for m in found if self._file(m) and m != module}

    def reaches(self, module: str) -> set[str]:
        """``module`` and every module of the package that importing it runs, not counting
        the ``__init__`` files of the packages they lie in."""
        seen: set[str] = set()
        todo = [module]
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                todo += [m for m in self.imports(current) if self._file(m).name != "__init__.py"]
        return seen

    def defined_in(self, module: str, name: str) -> str | None:
        """The module of the package that defines ``name`` as ``module`` exports it (following
        re-exports), or None for a name it takes from outside the package."""
        tree = self._tree(module)
        for node in tree.body if tree else []:
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if (alias.asname or alias.name) == name:
                        target = self._absolute(module, node)
                        if self._file(f"{target}.{alias.name}"):
                            return f"{target}.{alias.name}"
                        return self.defined_in(target, alias.name) if self._file(target) else None
        return module

    def why(self, notebook: dict) -> str | None:
        """Why the lesson may draw (the first widget found that draws), or None."""
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            source = "".join(cell.get("source", ""))
            try:
                tree = ast.parse(source)
            except SyntaxError:  # IPython syntax (magics): the site's lessons have none
                raise SystemExit(f"drawing_lessons: a lesson cell is not plain Python: {source[:200]!r}")
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [(alias.name, None) for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    names = [(node.module or "", alias.name) for alias in node.names]
                else:
                    continue
                for module, name in names:
                    if module.split(".")[0] == "plotly":
                        return "it imports plotly"
                    if module.split(".")[0] != self.name:
                        continue
                    where = module if name in (None, "*") else self.defined_in(module, name)
                    if where is not None and FIGURES in self.reaches(where):
                        return f"{name or module} ({where}) draws with {FIGURES}"
        return None
