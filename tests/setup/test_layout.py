"""The project's tools stand on their own: nothing in ``site/``, ``bin/``, ``harness/`` or
``benchmarks/`` imports the tests or puts ``tests/`` on the import path. What the tools and
the tests share (the server started as ``bin/lessons`` starts it, the built site served,
Chromium) lives in ``harness/``."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOLS = ("site", "bin", "harness", "benchmarks")
#: The test-only packages: tests/ itself and what pytest puts on the path from it.
TEST_MODULES = {"tests", "browser", "conftest", "lesson_words", "english_phrases"}


def python_files() -> list[pathlib.Path]:
    files = []
    for folder in TOOLS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and (path.suffix == ".py" or path.read_bytes()[:40].startswith(b"#!/usr/bin/env python")):
                files.append(path)
    return files


def uses_of_tests(source: str) -> list[str]:
    """Imports of a test module, and ``tests`` put on ``sys.path``, in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in TEST_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in TEST_MODULES:
                found.append(node.module)
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("sys.path.insert"):
            if '"tests"' in ast.unparse(node) or "'tests'" in ast.unparse(node):
                found.append(ast.unparse(node))
    return found


def test_the_tools_import_nothing_of_the_tests():
    files = python_files()
    assert any(p.parent.name == "harness" for p in files) and any(p.parent.name == "site" for p in files)
    found = {str(p.relative_to(ROOT)): uses for p in files if (uses := uses_of_tests(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_check_sees_an_import_of_the_tests():
    source = "import sys\nsys.path.insert(0, str(ROOT / 'tests'))\nfrom browser import _site\nimport conftest\n"
    assert sorted(uses_of_tests(source)) == ["browser", "conftest", "sys.path.insert(0, str(ROOT / 'tests'))"]
