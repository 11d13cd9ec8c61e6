"""German all through: seeded games of both games played with German spoken, and no
English sentence in anything the engine says.

"English sentence" is measured against the English catalog itself (``rally.pot``): each
message's fixed words (the text between its placeholders), wherever they run to three
words or more, must not appear in what the engine says in German. So a message that
was left out of the translation, or a sentence still built in English somewhere, fails.
"""

from __future__ import annotations

import random

import pytest

import rally
from rally import Game, HeuristicBot, Position, RandomBot, advise, examples, play_bots, play_out, review
from rally.cli import main as cli_main
from rally.rally_run import RallyRunGame
from rally.rally_run.bots import ForgetfulBot, PerfectMemoryBot, RandomRunBot
from rally.rally_run.simulate import simulate

pytest.importorskip("babel", reason="the check reads the English catalog with Babel")
from english_phrases import RALLY_POT, english_phrases  # noqa: E402

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
        for seed in SEEDS:
            run = RallyRunGame.new(3, seed=seed)
            play_bots(run, [PerfectMemoryBot(), ForgetfulBot(2), RandomRunBot()], random.Random(seed))
            texts += run.narrate() + [run.summary(), run.summary(reveal=True)]
            texts.append(simulate(3, seed, "perfect", False, None))
    return texts


def _tricks(game: Game) -> list[tuple]:
    from rally.events import TrickWon

    return [event.cards for event in game.events if isinstance(event, TrickWon)][:6]


def test_nothing_the_engine_says_in_german_is_english():
    phrases = english_phrases(RALLY_POT)
    assert len(phrases) > 100  # the catalog is read
    texts = said_in_german()
    assert len(texts) > 200
    left = sorted({p for p in phrases for t in texts if p in t})
    assert left == [], f"English left in German output: {left[:10]}"


def test_the_command_line_speaks_german(capsys):
    assert cli_main(["explain", "--lang", "de", "G11", "R5", "B7", "G3"]) == 0
    out = capsys.readouterr().out
    assert "Blau war die dritte ausgespielte Farbe" in out and "B7" in out
    assert cli_main(["simulate", "--lang", "de", "--players", "3", "--seed", "2", "--brief"]) == 0
    out = capsys.readouterr().out
    left = sorted({p for p in english_phrases(RALLY_POT) if p in out})
    assert left == [], left
    assert rally.get_language() == "en"  # --lang does not outlive the command
