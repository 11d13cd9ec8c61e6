"""The examples in the docstrings of widgets/ and harness/ run and say what they show, as
those of rally/ do (tests/engine/test_docstrings.py): pytest's own doctest collection
covers only its testpaths."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import harness
import widgets

MODULES = sorted(info.name for package, prefix in ((widgets, "widgets."), (harness, "harness."))
                 for info in pkgutil.walk_packages(package.__path__, prefix))
#: Modules whose examples review a whole game at the shipped settings (about 8 s each).
SLOW_MODULES = {"widgets.stich_rallye.game_review"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW_MODULES else name
                                  for name in MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_examples_are_found():
    assert "widgets.stich_rallye.box_setup" in MODULES and "harness.app_text" in MODULES
