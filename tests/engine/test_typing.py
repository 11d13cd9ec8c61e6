"""The rules package type-checks under ``mypy --strict`` with zero errors, and the
package's modules import no UI library and form no import circle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RALLY = ROOT / "rally"


def test_mypy_strict_finds_no_error_in_rally():
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
         "rally"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(path: Path) -> set[str]:
    """The modules of ``rally`` that ``path`` imports, anywhere in the file (lazy imports too)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] if node.module else [f"{module}.{a.name}" for a in node.names]
            found.update(t for t in targets if t.startswith("rally"))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("rally"))
    return found


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_circles_in_rally():
    modules = {_module(p): p for p in RALLY.rglob("*.py")}
    graph = {m: {t for t in _imports(p) if t in modules and t != m and not modules[t].name == "__init__.py"}
             for m, p in modules.items() if not p.name == "__init__.py"}
    # Depth-first search for a cycle, naming it when found.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                return stack[stack.index(t):] + [t]
            if t not in state:
                cycle = visit(t)
                if cycle:
                    return cycle
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            cycle = visit(m)
            assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_cycle_finder_sees_a_circle(tmp_path):
    """The import reader follows relative imports (so the test above can fail)."""
    assert "rally.stich_rallye.serialization" in _imports(RALLY / "stich_rallye" / "game.py")
    assert "rally.stich_rallye.game" not in _imports(RALLY / "stich_rallye" / "serialization.py")


def test_rally_imports_no_ui_library():
    for path in RALLY.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for name in names:
                assert name.split(".")[0] not in {"ipywidgets", "anywidget", "plotly", "IPython", "traitlets"}, path


def test_whole_number_checks_live_in_the_input_module_only():
    """One input module: no ad hoc 'isinstance(x, bool)' whole-number checks elsewhere."""
    offenders = []
    for path in list(RALLY.rglob("*.py")) + list((ROOT / "widgets").rglob("*.py")):
        if path.name == "inputs.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "isinstance(" in line and "bool)" in line:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
