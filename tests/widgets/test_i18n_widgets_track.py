"""The track widgets speak German when rally does (widgets/stich_rallye/track_figure.py,
move_player.py, move_explorer.py, trick_explorer.py, motor_playground.py,
position_editor.py, advisor_panel.py, advice_chart.py, what_if.py): labels, buttons,
tooltips, status lines, the figure's legend, hover texts and annotations. English stays
as it was, and code finds the figure's traces by their stable keys (``meta``) in any
language.

Every position, move and trick here comes from a seeded game of heuristic players.
These tests pass once the widgets' German catalog holds these translations."""

from __future__ import annotations

import random

import rally
from rally import Game, HeuristicBot, Position, language
from rally.stich_rallye.events import Moved
from widgets import AdvisorPanel, MotorPlayground, MoveExplorer, MovePlayer, PositionEditor, TrackFigure, WhatIf
from widgets import TrickExplorer
from widgets.stich_rallye.track_figure import (CAPTION, CAR_KEY, CARS_FIRST, KEY_FIRST, KIND_STYLE, SPACES, SPACES_KEY,
                                               SUMMARY, TRAIL_LABELS)

SEED = 3

#: English words of these widgets that a German learner must not see.
ENGLISH = (
    "start/finish", "downhill", "uphill", "rolls forward", "rolls back", "starting grid", "clockwise", "Space ",
    " car)", "laps completed", "motor on its", "Back to start", "Step ", "Play", "Show end", "The move is over",
    "Press", "No move", "moves ", "lap 1", "lap 2", "Who moves", "Spaces to move", "Spaces are counted", "Trick",
    "Who wins", "cards in play order", "Lose a trick", "Use the turbo", "worth", "one more loss", "Players", "Round",
    "Flag holder", "Spaces along", "Motor positions", "Decider", "Other hands", "Earlier tricks", "Place car",
    "Copy code", "Load code", "paste a position", "Choose a car", "possible position", "tricks done", "plays next",
    "Choices", "Playouts", "Seed", "Played by", "stop early", "Ask the advisor", "playouts", "chance to win",
    "Your guess", "What should", "Pick your guess", "What each choice",
)


def seeded_game(decisions: int | None = None) -> tuple[Game, list[tuple[tuple[int, ...], Moved]]]:
    """A four-player game on the volcano, dealt from :data:`SEED`, played by heuristic
    players for ``decisions`` decisions (all of them when None); and, per decision that
    moved a car, the cars' progress before it and its first move."""
    game = Game.new(4, track="volcano", seed=SEED)
    rng = random.Random(SEED)
    moves = []
    while not game.is_over and (decisions is None or len(moves) < decisions):
        before, seen = game.positions, len(game.events)
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
        moved = [e for e in game.events[seen:] if isinstance(e, Moved)]
        if moved:
            moves.append((before, moved[0]))
    return game, moves


def lively_move() -> tuple[tuple[int, ...], Moved]:
    """The first move of the game that starts on the track, jumps a car and rolls."""
    _game, moves = seeded_game()
    for before, event in moves:
        hows = {step.how.value for step in event.move.path}
        if event.move.start > 0 and {"jumped", "rolled"} <= hows and before[event.move.mover] == event.move.start:
            return before, event
    raise AssertionError("the seeded game has no such move")


def played_position(decisions: int) -> Position:
    game = Game.new(4, track="volcano", seed=SEED)
    rng = random.Random(SEED)
    for _ in range(decisions):
        game.apply(HeuristicBot().choose(game, game.legal_actions(), rng))
    return Position.from_game(game)


def figure_texts(figure: TrackFigure) -> list[str]:
    """Every text of the figure's own a learner can see (the caption and the summary of a
    move are rally's words, not checked here)."""
    plot = figure.plot
    texts = [str(trace.name) for trace in plot.data if trace.showlegend is not False]
    texts += [str(t) for trace in plot.data for t in (trace.hovertext or ()) if t]
    texts += [str(t) for trace in plot.data if trace.mode and "text" in trace.mode for t in (trace.text or ())]
    texts += [str(note.text) for i, note in enumerate(plot.layout.annotations) if i not in (CAPTION, SUMMARY)]
    return texts


def assert_no_english(texts: list[str]) -> None:
    for text in texts:
        for words in ENGLISH:
            assert words not in text, (words, text)


def test_the_track_figure_speaks_german_and_keeps_its_keys():
    game, _moves = seeded_game(1)  # early: cars on the starting grid and on the first lap
    late, _moves = seeded_game()   # the end: cars on their second lap
    with language("de"):
        early = TrackFigure(game.track, game.positions, game.names)
        ending = TrackFigure(late.track, late.positions, late.names)
    legend = [early.plot.data[KEY_FIRST + i].name for i in range(len(KIND_STYLE))]
    assert legend == ["Start/Ziel", "flach", "Abfahrt (rollt weiter)", "Anstieg (rollt zurück)"]
    notes = [note.text for note in early.plot.layout.annotations]
    assert "Startfeld" in notes and "Fahrt im Uhrzeigersinn ↻" in notes
    hover = early.plot.data[SPACES].hovertext
    assert hover[0].startswith("Feld 0: Start/Ziel<br>auf dem Startfeld: ")
    assert "Ada (weißes Auto)" in " ".join(hover)
    cars = [early.plot.data[CARS_FIRST + seat] for seat in range(4)]
    on_grid = [c for c, p in zip(cars, game.positions) if p == 0]
    assert on_grid and on_grid[0].hovertext[0].endswith(
        "auf dem Startfeld; geschaffte Abschnitte: 0; der Zahlenkreis zeigt die gelbe Seite")
    red = [ending.plot.data[CARS_FIRST + s] for s, p in enumerate(late.positions) if p >= len(late.track)]
    assert red and "der Zahlenkreis zeigt die rote Seite" in red[0].hovertext[0]
    assert_no_english(figure_texts(early) + figure_texts(ending))
    # Code finds the traces by key, whatever the language.
    with language("en"):
        english = TrackFigure(game.track, game.positions, game.names)
    for figure in (early, english):
        assert figure.plot.data[SPACES].meta == SPACES_KEY
        assert [figure.plot.data[CARS_FIRST + s].meta for s in range(4)] == [CAR_KEY + n for n in game.names]
    assert english.plot.data[KEY_FIRST].name == "start/finish"
    assert english.plot.data[SPACES].hovertext[0].startswith("Space 0: start/finish<br>on the starting grid: ")
    assert english.plot.data[CARS_FIRST].name.startswith(f"{game.names[0]} · ")
    assert english.plot.data[CARS_FIRST].name.endswith(" · lap 1")


def test_the_move_player_says_each_step_in_german():
    before, event = lively_move()
    game, _moves = seeded_game(1)
    move = event.move
    mover = game.names[move.mover]
    with language("de"):
        player = MovePlayer(game.track, before, move, names=game.names)
        buttons = [player.back_button, player.step_button, player.play_button, player.end_button]
        assert [b.description for b in buttons] == ["↺ Noch einmal von vorn", "Schritt vor ▶", "Abspielen ▶▶", "Zum Ende ⇥"]
        assert player.step_button.tooltip == "Zeig das nächste Feld"
        assert player.status_text.startswith(f"{mover} fährt von Feld {move.start} aus {move.steps} Felder vor. "
                                             "Drück „Schritt vor ▶“ oder „Abspielen ▶▶“.")
        player.step()
        assert player.status_text.startswith(f"Schritt 1 von {len(move.path)}: ")
        player.play()
        assert player.status_text.endswith("Die Fahrt ist zu Ende.")
        marks = list(player.figure.plot.data[TRAIL_LABELS].text)
        assert "springt" in marks and "rollt" in marks
        player.step()  # nothing left to show
        assert player.status_text.startswith("Die Fahrt ist zu Ende. Drück auf „↺ Noch einmal von vorn“")
        texts = [b.description for b in buttons] + [b.tooltip for b in buttons] + figure_texts(player.figure)
    assert_no_english(texts)
    with language("en"):  # a click later speaks the language spoken then
        player.back()
        assert player.status_text.startswith(f"{mover} moves {move.steps} from space {move.start}. Press Step ▶")


def test_the_sandbox_and_the_trick_explorer_speak_german():
    before, event = lively_move()
    move = event.move
    game, _moves = seeded_game(1)
    with language("de"):
        sandbox = MoveExplorer(game.track.name, positions=before, mover=move.mover, steps=move.steps)
        trick = [str(a) for a in game_actions(4)]
        explorer = TrickExplorer(" ".join(trick), names=game.names[:3])
    assert [label for label, _lap in sandbox.laps[0].options] == ["1. Abschnitt", "2. Abschnitt"]
    assert sandbox.laps[0].tooltips[1] == f"{game.names[0]} ist im zweiten Abschnitt"
    assert sandbox.spaces[0].description == f"Feld von {game.names[0]}"
    assert (sandbox.mover.description, sandbox.steps.description) == ("Wer fährt", "Felder vorwärts")
    help_line = sandbox.children[1].value
    assert "Feld 0 ist Start/Ziel, im 1. Abschnitt ist es das Startfeld." in help_line
    texts = [help_line, sandbox.mover.description, sandbox.steps.description, *sandbox.laps[0].tooltips]
    assert (explorer.cards.description, explorer.go.description) == ("Stich", "Wer gewinnt?")
    assert explorer.cards.placeholder == "Karten der Reihe nach: G11 R5 B7 G3"
    assert "höchstens 3 Karten, eine pro Spieler" in explorer.error  # four cards, three names
    assert_no_english(texts + [explorer.cards.description, explorer.go.description, explorer.cards.placeholder])


def game_actions(count: int) -> list:
    """The first ``count`` actions of the seeded game (the first trick's cards)."""
    game = Game.new(4, track="volcano", seed=SEED)
    rng = random.Random(SEED)
    actions = []
    for _ in range(count):
        action = HeuristicBot().choose(game, game.legal_actions(), rng)
        game.apply(action)
        actions.append(action)
    return actions


def test_the_motor_playground_and_its_plain_text_speak_german():
    with language("de"):
        playground = MotorPlayground()
        assert (playground.lose.description, playground.use.description) == (
            "Stich verloren: aufziehen", "Turbo nutzen: zurück auf 0")
        assert playground.text == "Der Motor zeigt 0. Noch ein verlorener Stich, und er zeigt 1."
        assert "Noch ein verlorener Stich" in playground.status.value
        assert repr(playground).startswith("Motor: Der Motor zeigt 0.")
        assert_no_english([playground.text, playground.lose.description, playground.use.description])


def test_the_position_editor_speaks_german():
    position = played_position(30)
    with language("de"):
        editor = PositionEditor(position, playouts=20)
        labels = [editor.players.description, editor.track.menu.description, editor.round.description,
                  editor.flag.description, editor.progress.description, editor.progress.placeholder,
                  editor.car.description, editor.load_button.description, editor.paste.placeholder,
                  *editor.lap.tooltips, *(label for label, _lap in editor.lap.options)]
        assert labels[:5] == ["Spieler", "Strecke", "Runde", "Fahne bei", "Felder ab Start"]
        assert "✔ Eine mögliche Spielsituation." in editor.status.value
        assert "Möglichkeiten: " in editor.status.value and f"Runde {position.round}: " in editor.status.value
        good = editor.status.value.split("<pre")[0]  # rally's summary of the position follows
        progress = list(position.positions)
        progress[1] = progress[0] = max(progress)  # two cars on one space
        editor.progress.value = ", ".join(map(str, progress))
        assert "⚠ Noch keine mögliche Spielsituation:" in editor.status.value
    assert_no_english(labels + [good])


def test_the_what_if_lesson_and_the_advisor_speak_german():
    position = played_position(30)
    who = position.player_names[position.decider]
    with language("de"):
        lesson = WhatIf(position, playouts=20, outcomes=True)
        panel: AdvisorPanel = lesson.advisor
        panel.stop_early.value = False
        assert lesson.choice.description == "Deine Vermutung"
        assert f"<b>Was sollte {who} tun?</b> Gib zuerst deine Vermutung ab, dann drück „<i>Frag den Ratgeber</i>“." \
            in lesson.children[4].value
        assert panel.ask_button.description == "Frag den Ratgeber"
        assert [label for label, _bots in panel.bots.options] == [
            "sorgfältige Computerspieler", "zufällig spielende Computerspieler (schneller)"]
        assert lesson.ask() is None and "Gib zuerst deine Vermutung ab" in lesson.verdict.value
        assert panel.chart.plot.layout.title.text == "Frag den Ratgeber, welche Möglichkeit gewinnt"
        lesson.predict(lesson.choice.options[0][1])  # (the button's words, the action's code)
        advice = lesson.ask()
        assert advice is not None
        chart = panel.chart.plot
        assert chart.layout.title.text == f"Möglichkeiten von {who}: Gewinnchance"  # the count: in the fold
        assert chart.layout.yaxis.title.text == "Gewinnchance (%)"
        assert "Probespielen gewonnen" in chart.data[0].hovertext[0]
        assert panel.progress_text.value == "20 von 20 Probespielen pro Möglichkeit"
        assert "Was jede Möglichkeit sofort bewirkt:" in lesson.outcomes.value
        texts = [lesson.choice.description, lesson.children[4].value, panel.ask_button.description,
                 panel.playouts.description, panel.seed.description, panel.bots.description,
                 panel.stop_early.description, panel.progress_text.value, str(chart.layout.title.text),
                 str(chart.layout.yaxis.title.text), *map(str, chart.data[0].hovertext),
                 lesson.outcomes.value.split("</b></p>")[0]]
    assert_no_english(texts)
    with language("de"):
        assert repr(panel).startswith("Der Ratgeber: „")  # the plain text in words, in German


def test_english_is_unchanged():
    position = played_position(30)
    who = position.player_names[position.decider]
    with language("en"):
        editor = PositionEditor(position, playouts=20)
        lesson = WhatIf(position, playouts=20)
        playground = MotorPlayground()
    assert "✔ A possible position.</b> Round " in editor.status.value and "Choices: " in editor.status.value
    assert [label for label, _lap in editor.lap.options] == ["lap 1", "lap 2"]
    assert f"<b>What should {who} do?</b> Pick your guess first, then press <i>Ask the advisor</i>." \
        in lesson.children[4].value
    assert lesson.advisor.chart.plot.layout.title.text == "Ask the advisor to see which choice wins"
    assert playground.text == "The motor shows 0. One more lost trick makes it 1."
