"""The engine's layout: one package a game, and what both share in ``rally.common``.

Importing one game loads nothing of the other, and neither game's modules import the
other's; the widgets of each game import only their own game and what is shared.
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

import rally
import rally.stich_rallye
from test_typing import _imports, _module  # tests/engine/test_typing.py

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"stich_rallye": "rally.stich_rallye", "rally_run": "rally.rally_run"}


def _loaded_after(code: str) -> list[str]:
    """The ``rally`` modules a fresh Python has loaded after running ``code``."""
    result = subprocess.run(
        [sys.executable, "-c",
         code + "\nimport sys\nprint(' '.join(sorted(m for m in sys.modules if m.startswith('rally'))))"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    return result.stdout.split()


RALLY_RUN_GAME = ("import random\nfrom rally.rally_run import RallyRunGame, parse_bot, play_out\n"
                  "game = play_out(RallyRunGame.new(3, seed=2), [parse_bot('perfect')] * 3, random.Random(2))\n"
                  "game.summary(); game.narrate(lang='de'); RallyRunGame.from_json(game.to_json())")
STICH_RALLYE_GAME = ("import random\nfrom rally import Game, HeuristicBot, Position, play_out\n"
                     "game = Game.new(4, seed=3)\nPosition.from_game(game).to_game(1)\n"
                     "play_out(game, [HeuristicBot()] * 4, random.Random(3)); game.summary(lang='de')")


@pytest.mark.parametrize("code, used, other", [
    (RALLY_RUN_GAME, {"rally.rally_run.game", "rally.common.i18n"}, "rally.stich_rallye"),
    (STICH_RALLYE_GAME, {"rally.stich_rallye.game", "rally.stich_rallye.position"}, "rally.rally_run"),
], ids=["rally_run", "stich_rallye"])
def test_a_game_loads_nothing_of_the_other(code, used, other):
    loaded = _loaded_after(code)
    assert used <= set(loaded)
    assert [m for m in loaded if m.startswith(other)] == []


def test_no_game_imports_the_other_and_the_shared_modules_import_neither():
    """Read from the source, lazy imports included: a test the imports above could miss."""
    for path in (ROOT / "rally").rglob("*.py"):
        module = _module(path)
        imported = _imports(path)
        for game, package in GAMES.items():
            others = [p for g, p in GAMES.items() if g != game]
            if module.startswith(package):
                assert not [m for m in imported if m.startswith(tuple(others))], module
        if module.startswith("rally.common"):
            assert not [m for m in imported if m.startswith(tuple(GAMES.values()))], module


def test_each_games_widgets_import_only_their_game_and_what_is_shared():
    for game, package in GAMES.items():
        other = next(p for g, p in GAMES.items() if g != game)
        for path in (ROOT / "widgets" / game).rglob("*.py"):
            assert not [m for m in _imports(path) if m.startswith(other)], path


def test_stich_rallyes_names_are_rallys_too():
    """``from rally import Game`` and the rest: rally's list is the shared names and every
    public name Stich Rallye's package imports (not its modules), each the very object."""
    shared = {"CardError", "IllegalAction", "PositionError", "Problem", "Refusal", "RuleError", "SetupError", "TrackError", "LanguageError",
              "available_languages", "get_language", "language", "set_language", "DEFAULT_NAMES", "play_bots"}
    stich = {name for name, value in vars(rally.stich_rallye).items()
             if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert set(rally.__all__) == shared | stich
    for name in stich:
        assert getattr(rally, name) is getattr(rally.stich_rallye, name), name
    from rally import Game, examples

    assert Game.__module__ == "rally.stich_rallye.game" and examples.__name__ == "rally.stich_rallye.examples"
    try:
        rally.no_such_name
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("rally.no_such_name did not raise AttributeError")
