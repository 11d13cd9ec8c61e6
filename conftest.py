"""Keeps each notebook's cells together on one test worker.

nbval runs a notebook's cells in order, in one kernel. With several workers, an idle one
could take some of those cells and run them in a kernel of its own, where the cells before
them never ran (a German lesson's last cell then spoke English). pytest-xdist's
``xdist_group`` cannot say this with pytest 9.2 (pytest-dev/pytest-xdist#1386), so the suite's
``--dist loadscope`` (pyproject.toml) uses the scheduler here: a notebook's cells are one unit
of work, and so is each module of :data:`MODULES_TOGETHER`; every other test is a unit of
its own, and an idle worker takes the next unit.
"""

from __future__ import annotations

from typing import Any

import pytest

#: Modules whose tests share a costly module fixture: the static site (a whole build) and the
#: Binder environment (the project installed), which write where the project's build lives,
#: and the game review's widgets (a coached game and its review, whose answers the module's
#: later tests find remembered). On one worker, it is made once, and never by two workers at
#: the same time.
MODULES_TOGETHER = ("tests/browser/test_site.py", "tests/setup/test_binder.py",
                    "tests/widgets/test_widgets_game_review.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow first, then the modules of :data:`MODULES_TOGETHER` (each in its
    order): the longest units start while the other workers take the many short ones, so no
    worker is left alone with a long one at the end."""
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None,
                                 item.nodeid.partition("::")[0] not in MODULES_TOGETHER))


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest without pytest-xdist (the engine's tests under Pyodide): one process, nothing to keep
    pass
else:

    class NotebookCellsTogether(LoadScopeScheduling):
        """pytest-xdist's scope scheduling with one scope per notebook, one per module of
        :data:`MODULES_TOGETHER` and one per other test (tests/setup/test_notebook_scheduling.py)."""

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.partition("::")[0]
            return path if path.endswith(".ipynb") or path in MODULES_TOGETHER else nodeid

    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScopeScheduling | None:
        """The scheduler for ``--dist loadscope``; any other ``--dist`` keeps pytest-xdist's own."""
        return NotebookCellsTogether(config, log) if config.getvalue("dist") == "loadscope" else None
