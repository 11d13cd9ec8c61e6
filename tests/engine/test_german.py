"""German all through: seeded games of both games played with German spoken, and no
English sentence in anything the engine says.

"English sentence" is measured against the English catalog itself (``rally.pot``): each
message's fixed words (the text between its placeholders), wherever they run to three
words or more, must not appear in what the engine says in German. So a message that
was left out of the translation, or a sentence still built in English somewhere, fails.

Shorter English is looked for word by word: the engine's commands, choices, track and
bot names (``english_phrases.COMMAND_WORDS``) must not appear in anything a German game says or a
German widget shows (card codes and position codes are machine forms and stay; the
views are checked in ``tests/widgets/test_i18n_german_views.py``, so this file runs on
Pyodide too), and
numbers are written as German writes them (``52,7 %``, never ``52.7%``).
"""

from __future__ import annotations

import random

import pytest

import rally
from rally import Game, HeuristicBot, Position, RandomBot, advise, examples, play_bots, play_out, review
from rally.stich_rallye.analysis import win_rates
from rally.cli import main as cli_main
from rally.rally_run import RallyRunGame
from rally.rally_run.bots import ForgetfulBot, PerfectMemoryBot, RandomRunBot
from rally.rally_run.simulate import memory_win_rates, simulate

pytest.importorskip("babel", reason="the check reads the English catalog with Babel")
from english_phrases import RALLY_POT, english_phrases, english_words  # noqa: E402

SEEDS = (3, 8, 21)
def said_in_german() -> list[str]:
    """What the engine says in German over seeded games of both games: every event, the
    moves, the trick explanations, positions, the advisor, a review, errors, the CLI."""
    texts: list[str] = []
    with rally.language("de"):
        for seed in SEEDS:
            game = Game.new(4, track="volcano", seed=seed)
            play_out(game, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], random.Random(seed))
            texts += [game.describe(event) for event in game.events]
            texts.append(game.summary())
            texts += [rally.explain_trick(list(trick)).sentence for trick in _tricks(game)]
        moment = examples.turbo_dilemma()
        texts.append(moment.summary())
        advice = advise(moment, playouts=40, seed=1)
        texts += [advice.sentence(), advice.hint(), advice.table()]
        for choice in moment.options():
            texts += moment.preview(choice)
        coached = examples.played(4, 5, 400)
        reviewed = review(coached, 0, playouts=20, seed=1)
        texts += [reviewed.sentence(), reviewed.table()] + [d.explanation for d in reviewed.decisions]
        for bad in (lambda: rally.Card.parse("G16"), lambda: Game.new(7), lambda: Position.from_code("SR9"),
                    lambda: rally.parse_cards("G11 G11"), lambda: rally.Track.parse("..S")):
            try:
                bad()
            except ValueError as err:
                texts.append(str(err))
        texts += [advice.judge(o.label) for o in advice.options]
        texts += [str(win_rates({"sorgfältig": HeuristicBot, "zufällig": RandomBot}, players=4, games=8, seed=1)
                      .table())]
        for bad in (lambda: rally.get_track("moon"), lambda: Game.new(3, names=["Ada", "Ada", "Bo"]),
                    lambda: Game.new(4, names=["Ada", "Bo"]), lambda: rally.parse_action("hello")):
            try:
                bad()
            except ValueError as err:
                texts.append(str(err))
        for seed in SEEDS:
            run = RallyRunGame.new(3, seed=seed)
            texts.append(run.what_is_legal(0))
            for action in ("drive C3", "rotate 1", "reveal E5", "finish", "swap A1 A1"):
                texts.append(run.why_illegal(action) or "")
            play_bots(run, [PerfectMemoryBot(), ForgetfulBot(2), RandomRunBot()], random.Random(seed))
            texts += run.narrate() + [run.summary(), run.summary(reveal=True)]
            texts.append(simulate(3, seed, "perfect", False, None))
        texts.append(memory_win_rates([0, None], games=4, seed=1).table())
    return texts


def _tricks(game: Game) -> list[tuple]:
    from rally.stich_rallye.events import TrickWon

    return [event.cards for event in game.events if isinstance(event, TrickWon)][:6]


def test_nothing_the_engine_says_in_german_is_english():
    phrases = english_phrases(RALLY_POT)
    assert len(phrases) > 100  # the catalog is read
    texts = said_in_german()
    assert len(texts) > 200
    left = sorted({p for p in phrases for t in texts if p in t})
    assert left == [], f"English left in German output: {left[:10]}"


def test_no_english_command_word_or_number_in_what_a_german_game_says():
    texts = said_in_german()
    assert english_words(texts) == []
    joined = "\n".join(texts)
    assert "Turbo nutzen" in joined and "ohne Turbo" in joined and "\xa0%" in joined  # the words are there instead
    assert "aufdecken" in joined and "Vulkan" in joined


def test_the_check_finds_english_command_words_and_numbers():
    assert english_words(["Ada darf: reveal A1 oder drive B2.", "52.7%", "Strecke beach", "HeuristicBot"]) != []
    assert len(english_words(["Ada darf: reveal A1", "Gewinnchance 52.7%", "Strecke volcano", "no turbo"])) == 4
    assert english_words(["SR1_Tvolcano_R2_P25.15.19", "52,7\xa0%", "Turbo nutzen", "Rally Run"]) == []


def test_the_command_line_speaks_german(capsys):
    assert cli_main(["explain", "--lang", "de", "G11", "R5", "B7", "G3"]) == 0
    out = capsys.readouterr().out
    assert "Blau kam als dritte Farbe in den Stich" in out and "B7" in out
    assert cli_main(["simulate", "--lang", "de", "--players", "3", "--seed", "2", "--brief"]) == 0
    out = capsys.readouterr().out
    left = sorted({p for p in english_phrases(RALLY_POT) if p in out})
    assert left == [], left
    assert rally.get_language() == "en"  # --lang does not outlive the command
