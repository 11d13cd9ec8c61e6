"""Every widget's plain-text form reads as words in the language spoken, never as Python.

The plain text (``text/plain``, the widget's ``repr``) is what nbval stores and what
JupyterLab shows where a widget will be before Run All. So each kind of widget is built
here from seeded games, in English and in German, and its text must hold no class name,
no list, dict or quote marks, no ``name(`` call, no address; be the same when built
twice; and differ between the languages (it is said in each).
"""

from __future__ import annotations

import inspect
import random
import re

import ipywidgets
import pytest

import rally
import widgets
from rally import examples, play_out, review
from rally.stich_rallye.table_view import table_view

#: Signs of Python in a text: a class name of the widgets, brackets, braces, quotes
#: around a word, a call, a keyword argument, an object's address.
PYTHON = re.compile(r"[\[\]{}]|\b\w+\(|\b\w+=|'\w[^']*'|\"\w[^\"]*\"|0x[0-9a-f]{6,}|\bNone\b|\bTrue\b|\bFalse\b")
CLASS_NAMES = sorted(name for name in widgets.__all__ if inspect.isclass(getattr(widgets, name)))


def build_every_kind() -> dict[str, object]:
    """One widget of every kind the package offers, each from a seeded game."""
    position = rally.Position.from_game(examples.played(3, 28, 10))
    turbo = examples.turbo_dilemma()
    game = examples.played(3, 5, 60)
    reviewed = review(examples.played(3, 4, 400), 0, playouts=10, seed=1)
    finished = rally.Game.new(3, seed=5)
    play_out(finished, [rally.RandomBot()] * 3, random.Random(5))
    advice = rally.advise(turbo, playouts=20, seed=1)
    chart = widgets.AdviceChart()
    chart.show(advice)
    panel = widgets.AdvisorPanel(turbo, playouts=20, seed=1)
    panel.ask()
    what_if = widgets.WhatIf(turbo, playouts=20, seed=1)
    what_if.predict("no turbo")
    hand = widgets.CardHand(["G3", "R5", "G9"], ["G11"])
    hand.selected = "G9"
    table = widgets.TrickTable()
    table.show_trick(rally.parse_cards("G11 R5 B7 G3"), [0, 1, 2, 3], ("Ada", "Bo", "Cy", "Di"))
    from rally.rally_run.simulate import memory_win_rates
    from widgets.quiz import Feedback

    announcer = widgets.Announcer()
    free = widgets.FreePlayBoard(rows=3, cols=3)  # a start-finish tile laid, a car on it: their words too
    for step in (lambda: free.choose_piece("red"), lambda: free.click("A1"), lambda: free.choose_car("red"),
                 lambda: free.click("A1")):
        assert step(), free.status
    announcer.say("Bo plays G9 (green 9).")
    cover = widgets.ScreenCover()  # pass-and-play's cover, asking for the person whose turn it is
    cover.ask(table_view(game), game.current_player)
    turbo_choice = widgets.TurboChoice(rally.examples.turbo_choice())
    turbo_choice.choose(True)
    built = {
        "AdviceChart": chart, "AdvisorPanel": panel, "WhatIf": what_if, "CardHand": hand, "TrickTable": table,
        "BoxSetup": widgets.BoxSetup(players=3), "CopyButton": widgets.CopyButton(text=position.code()),
        "PositionEditor": widgets.PositionEditor(position), "GameReplay": widgets.GameReplay(finished),
        "GameReview": widgets.GameReview(reviewed), "ReviewChart": widgets.ReviewChart(reviewed),
        "GameSetup": widgets.GameSetup(players=3, track="beach", seed=2),
        "GameView": widgets.GameView(3, "beach", 4), "MotorDial": widgets.MotorDial(name="Bo", position=4, laps=1),
        "MotorPlayground": widgets.MotorPlayground(), "MoveExplorer": widgets.MoveExplorer(),
        "MovePlayer": widgets.MovePlayer(rally.TRACKS["volcano"], [0, 3, 7]),
        "RallyRunBoard": widgets.RallyRunBoard(players=3, seed=2), "ScrollAnchor": widgets.ScrollAnchor(),
        "ScreenCover": cover,
        "FreePlayBoard": free,
        "TrackFigure": widgets.TrackFigure(game.track, game.positions),
        "TrickExplorer": widgets.TrickExplorer(), "TurboChoice": turbo_choice,
        "MemoryExperiment": widgets.MemoryExperiment([0, None], games=4, seed=1),
        "CourseProgress": widgets.CourseProgress(), "LessonDone": widgets.LessonDone("03_moving_and_hills"),
        "PageStyle": widgets.PageStyle(), "Announcer": announcer,
        "ReadAloud": widgets.ReadAloud(), "SpeakButton": widgets.SpeakButton("Bo plays G9 (green 9).", new=True),
        "MemoryChart": widgets.MemoryChart(memory_win_rates([0, None], games=4, seed=1)),
        "GuidedGame": widgets.GuidedGame(),
        "FirstCheck": widgets.FirstCheck(),
        "GuidedRun": widgets.GuidedRun(pace=0),
        "Quiz": widgets.Quiz("The motor", [widgets.Question("Two and one?", ("2", "3"), lambda a: Feedback(a == "3", "Three."))]),
    }
    return built


def test_every_kind_of_widget_is_built():
    kinds = [name for name in CLASS_NAMES if issubclass(getattr(widgets, name), ipywidgets.Widget)
             and name not in ("PlotlyView",)]  # PlotlyView: the base of the charts, built through them
    assert sorted(build_every_kind()) == sorted(kinds)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_widgets_plain_text_reads_as_words(lang):
    with rally.language(lang):
        first, second = build_every_kind(), build_every_kind()
        texts = {name: repr(widget) for name, widget in first.items()}
        bundles = {name: widget._repr_mimebundle_() for name, widget in first.items()}
        again = {name: repr(widget) for name, widget in second.items()}
    for name, text in texts.items():
        assert text == again[name], name  # stable for nbval
        data = bundles[name][0] if isinstance(bundles[name], tuple) else bundles[name]
        assert data["text/plain"] == text, name
        assert PYTHON.search(text) is None, (name, text)
        assert not any(re.search(rf"\b{cls}\b", text) for cls in CLASS_NAMES), (name, text)
        assert text[:1].isupper() or text[:1] in "(„", (name, text)


def test_the_plain_text_is_said_in_each_language():
    with rally.language("en"):
        english = {name: repr(widget) for name, widget in build_every_kind().items()}
    with rally.language("de"):
        german = {name: repr(widget) for name, widget in build_every_kind().items()}
    same = sorted(name for name in english if english[name] == german[name])
    assert same == []
    assert german["CardHand"] == ("Deine Handkarten: Grün 3, Rot 5 und Grün 9. Ausspielen darfst du: Grün 3 und Grün 9. "
                                  "Gewählt: Grün 9.")
    assert english["CardHand"] == "Your hand: green 3, red 5 and green 9. May be played: green 3 and green 9. " \
                                  "Chosen: green 9."
    assert german["GameSetup"] == "Ein neues Spiel: 3 Spieler auf der Strecke Strand, Spielnummer 2."
    assert german["WhatIf"].startswith("Was sollte ") and "Deine Vermutung: Ohne Turbo." in german["WhatIf"]
