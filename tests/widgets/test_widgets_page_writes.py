"""What a page may set on the project's own widgets (issue 39): only what a click chooses,
and what only the page can measure.

Every trait an anywidget syncs with its page could be set by the page (a changed page, a
browser's console). For each widget the page may set only the traits listed in its
``_page_writes`` (a card hand's ``selected``, a copy button's count, a probe's ``shown``
and the ``room`` its figure has, in px); anything else it sends is refused: the trait keeps
its value, the page is sent it again, and a widget with a status line says so. A value of
the wrong type for a trait the page may set is refused the same way, never a traceback, and
so is a room no screen has (below 0, above ``ROOM_MAX``, not a whole number). So a board
made with ``interactive=False`` stays a picture, whatever the page sends.
"""

from __future__ import annotations

import anywidget
import pytest

from rally.rally_run import RallyRunGame
from widgets import (
    Announcer, CardHand, CopyButton, CourseProgress, FreePlayBoard, LessonDone, MotorDial, PageStyle,
    RallyRunBoard, ReadAloud, ScrollAnchor, SpeakButton, TrickTable,
)
from widgets.messages import PageWrites
from widgets.plotly_view import PlotlyBundle, ViewProbe
from widgets.tip_scroll import TipScroll

#: One of every anywidget of the project. (PlotlyFigure is Plotly's FigureWidget with another
#: way to load its front end: its traits are Plotly's, which the page sets as a figure is
#: zoomed or clicked.)
MAKERS = {
    "Announcer": Announcer, "PageStyle": PageStyle, "CourseProgress": CourseProgress,
    "LessonDone": lambda: LessonDone("07_rally_run_driving"), "ViewProbe": ViewProbe, "PlotlyBundle": PlotlyBundle,
    "ScrollAnchor": ScrollAnchor, "CardHand": lambda: CardHand(["G5", "R2"], ["G9"]), "MotorDial": MotorDial,
    "CopyButton": lambda: CopyButton(text="R2.G5"), "TrickTable": TrickTable,
    "RallyRunBoard": lambda: RallyRunBoard(players=2, seed=6, bots="none"), "FreePlayBoard": FreePlayBoard,
    "ReadAloud": ReadAloud, "SpeakButton": lambda: SpeakButton("Your turn.", new=True),
    "TipScroll": lambda: TipScroll(marks=".rr-highlight"),
}


def project_anywidgets() -> set[str]:
    found, todo = set(), [anywidget.AnyWidget]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("widgets.") and not cls.__name__.startswith("_"):
            found.add(cls.__name__)
    return found - {"PlotlyFigure"}


def test_every_anywidget_of_the_project_guards_what_the_page_sets():
    assert project_anywidgets() <= set(MAKERS)
    for name, make in MAKERS.items():
        assert isinstance(make(), PageWrites), name


def other_value(value: object) -> object:
    """A value of the same type as ``value``, different from it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, str):
        return value + "!"
    if isinstance(value, list):
        return [*value, {}] if not value or isinstance(value[0], dict) else [*value, value[0]]
    if isinstance(value, dict):
        return {**value, "extra": "x"}
    return None


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_the_page_sets_only_what_a_click_chooses(name):
    widget = MAKERS[name]()
    synced = [key for key in widget.keys if not key.startswith("_") and key not in ("layout", "tabbable", "tooltip")]
    for key in synced:
        if key in widget._page_writes:
            continue
        before, sent = widget.get_state(key), other_value(getattr(widget, key))
        widget.set_state({key: sent})  # as the page would send it
        assert getattr(widget, key) != sent, f"the page changed {name}.{key}"
        if key not in ("status", "status_kind"):  # those say the refusal
            assert widget.get_state(key) == before, f"the page changed {name}.{key}"


@pytest.mark.parametrize("name, key, good, bad", [
    ("CardHand", "selected", "G5", 5),
    ("CopyButton", "copies", 1, "many"),
    ("ViewProbe", "shown", True, "yes"),
    ("ViewProbe", "room", 360, -1),
    ("ViewProbe", "room", 360, 10**6),
    ("ViewProbe", "room", 360, 360.5),
    ("ViewProbe", "room", 360, "360"),
    ("ViewProbe", "room", 360, True),
])
def test_what_the_page_may_set_it_sets_and_a_wrong_type_is_refused(name, key, good, bad):
    widget = MAKERS[name]()
    widget.set_state({key: good})
    assert getattr(widget, key) == good
    widget.set_state({key: bad})  # no traceback: refused
    assert getattr(widget, key) == good


def test_a_frozen_board_stays_frozen_whatever_the_page_sends():
    game = RallyRunGame.new(2, seed=6)
    board = RallyRunBoard(game, interactive=False)
    cells = board.cells
    board.set_state({"interactive": True})
    assert board.interactive is False and board.cells == cells
    assert board.status_kind == "error" and "interactive" in board.status and "nothing changed" in board.status
    assert board.click("A1") is False
    assert "cannot be played" in board.status
    with pytest.raises(Exception, match="read-only"):
        board.interactive = True  # not from Python either: the board keeps no bots to play with
    assert board.game.turn == game.turn


def test_a_playing_board_refuses_the_page_setting_its_game_and_plays_on():
    board = RallyRunBoard(players=2, seed=6, bots="none")
    board.set_state({"seed": 99, "mode": "swap", "cells": []})
    assert board.seed == 6 and board.mode == "move" and len(board.cells) == 25
    assert "cells, mode and seed" in board.status
    assert board.click("A1") and board.rotate(1)  # the board plays on
