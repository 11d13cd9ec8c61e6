"""Rally Run speaks German (issue 18): seeded games played through, and what the engine
says about them (events, refusals, errors, the board, the ``python -m rally run``
report, the memory table) in German with HABA's words, while English stays as it was.

Every position here is reached by playing: a seeded deal and its first moves, or a
whole game played by bots.
"""

from __future__ import annotations

import random

import pytest

import rally
from rally.common.errors import IllegalAction, PositionError, SetupError, TileError
from rally.rally_run import Cell, PerfectMemoryBot, RallyRunGame, RandomRunBot, Tile, play_out
from rally.rally_run.bots import ForgetfulBot, NoMemoryBot
from rally.rally_run.legality import state_problems
from rally.rally_run.replay import replay_states
from rally.rally_run.simulate import log_lines, memory_win_rates, simulate

#: English words that must not be left in a German text about Rally Run.
ENGLISH = ("start-finish", "trophy", "pit stop", "face down", "face-down", " drives ", " reveals ", " swaps ",
           " lays it ", "straight", "curve", "crossroads", "dead end", " turn ", " wins", "Winner", "Players:",
           " car)", " car,", "north", "east", "south", "west", "PIT")


@pytest.fixture(autouse=True)
def english_after_each_test():
    """Every test starts and ends in English, whatever it switched to."""
    before = rally.set_language("en")
    yield
    rally.set_language(before)


def first_moves() -> RallyRunGame:
    """Seed 6, two players: Bo reveals A1 and lays it (the doctests' game)."""
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    game.apply("rotate 1")
    return game


def played(seed: int = 4) -> RallyRunGame:
    """A whole game of three bots from a seed."""
    game = RallyRunGame.new(3, seed=seed)
    return play_out(game, [PerfectMemoryBot(), ForgetfulBot(2), RandomRunBot()], random.Random(seed))


def assert_german(text: str) -> None:
    left = [word for word in ENGLISH if word in text]
    assert left == [], f"English left in {text!r}: {left}"


def test_the_events_of_a_seeded_game_are_told_in_german_and_english_stays():
    game = first_moves()
    assert game.narrate(lang="de") == [
        "Bo deckt A1 auf – eine Gerade.",
        "Bo legt das Plättchen hin – Straße → ←.",
        "Bo fährt vom roten Start-Ziel-Plättchen nach A1.",
    ]
    assert game.narrate() == [
        "Bo reveals A1: a straight.",
        "Bo lays it: road → ←.",
        "Bo drives from the red start-finish tile to A1.",
    ]
    assert game.events[0].describe(game.names, lang="de") == "Bo deckt A1 auf – eine Gerade."
    assert log_lines(game.events, game.names, lang="de")[0] == "Zug 1: Bo deckt A1 auf – eine Gerade."
    assert replay_states(game, lang="de")[2].text == "Bo fährt vom roten Start-Ziel-Plättchen nach A1."
    assert rally.get_language() == "en"  # lang= is for one call only


def test_a_whole_game_in_german_names_the_rulebook_things():
    game = played()
    with rally.language("de"):
        story = game.narrate()
        board = game.summary(reveal=True)
    for line in story + [board]:
        assert_german(line)
    said = "\n".join(story)
    assert "in der Boxengasse das oberste Kanister-Plättchen" in said
    assert "wird wieder verdeckt" in said
    assert story[-1] == game.events[-1].describe(game.names, lang="de")
    assert any(w in said for w in ("Sackgasse", "Kreuzung", "Kurve", "Gerade"))
    english = game.narrate()
    assert "takes the top trophy at the pit stop" in "\n".join(english)


def test_refusals_say_why_in_german():
    game = RallyRunGame.new(2, seed=6)
    game.apply("reveal A1")
    assert game.why_illegal("drive C3", lang="de") == (
        "Bo hat gerade A1 aufgedeckt (eine Gerade) und muss zuerst wählen, wie das Plättchen liegen soll: "
        "Drehung 1 (eine Gerade, offen nach Osten und Westen).")
    game.apply("rotate 1")
    with rally.language("de"), pytest.raises(IllegalAction) as refused:
        game.apply("drive C3")
    assert str(refused.value) == (
        "Das Auto von Gus steht auf dem grünen Start-Ziel-Plättchen, und C3 liegt nicht daneben. Von dort führt die "
        "Straße nur zu E5. Gus darf: E5 aufdecken oder zwei verdeckte Plättchen vertauschen.")
    with pytest.raises(IllegalAction) as refused:
        game.apply("drive C3")
    assert str(refused.value) == (
        "Gus's car is on the green start-finish tile, and C3 is not next to it. From there the road leads only to E5. "
        "Gus may: reveal E5 or swap two face-down tiles.")
    assert game.why_illegal("swap A1 B2", lang="de") == (
        "Das Plättchen auf A1 liegt aufgedeckt unter dem Auto von Bo: Nur verdeckte Plättchen dürfen vertauscht werden.")
    over = played()
    assert over.why_illegal("finish", lang="de").startswith("Das Spiel ist vorbei: ")


def test_errors_about_tiles_cells_and_set_up_are_german():
    with rally.language("de"):
        with pytest.raises(TileError) as wrong:
            Tile.parse("S:NE")
        assert str(wrong.value) == "Eine Gerade kann nicht nach Norden und Osten offen sein; möglich sind: S:NS, S:EW."
        with pytest.raises(TileError) as wrong:
            Cell(5, 0)
        assert str(wrong.value).startswith("Die Reihe eines Feldes (0 ist Reihe 1, im Norden) muss ")
        with pytest.raises(SetupError) as wrong:
            RallyRunGame.new(2, tiles={"curve": 24, "straight": 1})
        assert "Straßen-Plättchen" in str(wrong.value) and "8 Geraden, 8 Kurven, 4 Kreuzungen" in str(wrong.value)
    with pytest.raises(TileError) as wrong:
        Tile.parse("S:NE")
    assert str(wrong.value) == "A straight cannot open to north and east: it can be S:NS, S:EW."


def test_a_position_no_game_reaches_is_refused_in_german():
    state = first_moves().state()
    gus_on_a1 = state.replace(cars=(state.cars[0], state.cars[0]), events=None, start=None)
    problems = state_problems(gus_on_a1, lang="de")
    assert problems and all(p.startswith("Das Auto von Gus steht ") for p in problems)
    assert state_problems(gus_on_a1)[0].startswith("Gus's car stands ")
    with rally.language("de"), pytest.raises(PositionError) as refused:
        RallyRunGame.from_state(gus_on_a1)
    assert "Das Auto von Gus steht" in str(refused.value)


def test_the_board_and_the_run_report_use_german_words():
    game = first_moves()
    board = game.summary(lang="de")
    assert board.splitlines()[0] == "Memo-Car-Race, 2 Spieler, Zug 2 von höchstens 200: Gus ist dran."
    assert "BOX" in board and "Rot >" in board and "< Grün" in board and "S:EW" in board
    assert "  Bo (rotes Auto): auf A1, unterwegs zur Boxengasse (C3); noch kein Kanister-Plättchen." in board
    assert board.splitlines()[-1] == "Noch in der Boxengasse: 2 Kanister-Plättchen (verdeckt)."
    assert_german(board)
    english = game.summary()
    assert english.splitlines()[0] == "Rally Run, 2 players, turn 2 of at most 200: Gus to move."
    assert "PIT" in english and "red >" in english
    report = simulate(2, seed=6, bots="perfect", brief=True, lang="de")
    assert report.splitlines()[0] == "Memo-Car-Race: 2 Spieler, Startwert 6, höchstens 200 Züge."
    assert report.splitlines()[-1] == "Bo hat gewonnen und ist mit dem Kanister-Plättchen ins Ziel gefahren."
    assert_german(report)
    assert simulate(2, seed=6, bots="perfect", brief=True).splitlines()[-1] == (
        "Winner: Bo, who reached the finish with the trophy.")


def test_the_memory_experiment_and_the_bots_in_german():
    with rally.language("de"):
        result = memory_win_rates([0, None], games=4, seed=1)
    table = result.table(lang="de").splitlines()
    assert table[0].split() == ["Gedächtnis", "Siege", "Gewonnen", "So", "ungefähr", "(95", "%", "sicher)"]
    assert table[1].startswith("keins") and table[2].startswith("perfekt")
    assert table[3].startswith("(je 4 Spiele, 2 Spieler; Gegner: ein Computerspieler ohne Gedächtnis;")
    assert result.table().splitlines()[0].split() == ["memory", "wins", "win", "rate", "95%", "interval"]
    assert NoMemoryBot().describe(lang="de") == "ein Computerspieler ohne Gedächtnis"
    assert ForgetfulBot(3).describe(lang="de") == "ein Computerspieler, der sich Plättchen 3 Züge lang merkt"
    assert ForgetfulBot(3).describe() == "a computer player that remembers 3 turns"
