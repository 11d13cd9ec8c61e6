"""Every example in the engine's docstrings runs and says what its docstring says.

The examples are the engine's first documentation (python-chess style): each module of
``rally`` is run through :mod:`doctest`, with pytest's own doctest options (none).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import rally

MODULES = sorted(info.name for info in pkgutil.walk_packages(rally.__path__, "rally.")
                 if info.name not in ("rally.__main__",))
#: Modules whose examples review a whole game at the shipped settings (about 10 s each).
SLOW_MODULES = {"rally.stich_rallye.review"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW_MODULES else name
                                  for name in MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=0, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (see above)"


@pytest.mark.slow  # one example reviews a whole game at the shipped settings
def test_the_engine_doc_examples():
    """docs/engine.md's examples (pytest's doctest collection reads only README.md)."""
    path = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=0, report=True)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} of {result.attempted} examples in {path} failed"
