"""Every position and saved game the project shows is one a real game reaches.

Collects every position code (``SR1_...``) and every saved game or position in JSON
written anywhere a reader sees it (README, docs, notebooks with their outputs, the
packages' docstrings and quizzes, the benchmarks) and requires each to load: loading
checks it against every invariant (docs/invariants.md). The tests themselves are left
out: they hold impossible positions on purpose, to see them refused.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rally import Game, Position

ROOT = Path(__file__).resolve().parents[2]
PLACES = ["README.md", "docs", "notebooks", "rally", "widgets", "benchmarks", "binder"]
CODE = re.compile(r"SR1_T[A-Za-z0-9._~%-]+")
SAVED = re.compile(r'\{\s*"format"\s*:\s*"stich-rallye(?:-position)?/1"')


def _texts():
    for place in PLACES:
        path = ROOT / place
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if file.suffix not in (".md", ".py", ".ipynb", ".json", ".txt") or ".ipynb_checkpoints" in file.parts:
                continue
            text = file.read_text(encoding="utf-8")
            if file.suffix == ".ipynb":  # the cells' sources and outputs as a reader sees them
                text = "\n".join(_notebook_texts(json.loads(text)))
            yield file.relative_to(ROOT), text


def _notebook_texts(notebook):
    for cell in notebook["cells"]:
        yield "".join(cell["source"])
        for output in cell.get("outputs", []):
            yield "".join(output.get("text", ""))
            for value in output.get("data", {}).values():
                yield value if isinstance(value, str) else "".join(value) if isinstance(value, list) else json.dumps(value)


def _codes():
    """Every code shown, with the first file it is in, and every top-level place a code is in."""
    found, seen_in = {}, set()
    for name, text in _texts():
        for match in CODE.finditer(text):
            code = match.group(0).rstrip(".")
            if code.endswith("..."):  # an elided example in prose, not a position
                continue
            found.setdefault(code, name)
            seen_in.add(str(name).split("/")[0])
    return sorted(found.items()), seen_in


def _saved():
    found = []
    for name, text in _texts():
        for match in SAVED.finditer(text):
            found.append((name, text, match.start()))
    return found


CODES, SEEN_IN = _codes()


def test_the_collector_finds_the_examples():
    """The docs (docs/engine.md), the lessons and the docstrings do show position codes: if
    none were found, the test below would pass for nothing."""
    assert len(CODES) >= 3 and {"docs", "notebooks"} <= SEEN_IN, (CODES, SEEN_IN)


@pytest.mark.parametrize("code,where", CODES, ids=[f"{w}:{c[:40]}" for c, w in CODES])
def test_every_position_code_shown_is_reachable(code, where):
    position = Position.from_code(code)  # raises PositionError naming every problem
    assert position.problems() == []


def test_every_saved_game_shown_is_reachable():
    """Saved games and positions in JSON (none are shown today; any added must load)."""
    for where, text, start in _saved():
        data, _ = json.JSONDecoder().raw_decode(text[start:])
        loader = Game.from_json if data["format"] == "stich-rallye/1" else Position.from_json
        loader(json.dumps(data)), where


def test_the_saved_game_collector_reads_json_in_text():
    game = Game.new(3, seed=2)
    text = "A saved game: " + game.to_json() + " and more prose."
    start = SAVED.search(text).start()
    data, _ = json.JSONDecoder().raw_decode(text[start:])
    assert Game.from_json(json.dumps(data)) == game


# ---------------------------------------------------------------- rally.stich_rallye.examples
from rally import Color, Moved, Turbo  # noqa: E402
from rally import examples  # noqa: E402


def test_the_turbo_dilemma_is_what_lesson_6_says():
    p = examples.turbo_dilemma()
    game = p.to_game(0)
    assert (p.round, p.phase, p.player_names[p.decider]) == (2, "turbo", "Bo")
    assert str(p.trick[-1]) == "G13" and game.trick_result() == (p.decider, 5)
    assert game.motor_values[p.decider] == 11 and p.dial[p.motors[p.decider] + 1] == 16
    assert p.options() == [Turbo(True), Turbo(False)]


def test_the_lone_color_lead_is_what_lesson_6_says():
    p = examples.lone_color_lead()
    assert p.round == 3 and not p.trick and len(p.hand) == 3 and p.player_names[p.decider] == "Cy"
    assert all(h is not None for h in p.hands)
    assert [str(c) for c in p.hand] == ["R8", "G13", "B8"]
    assert not any(c.color is Color.BLUE for s, h in enumerate(p.hands) if s != p.decider for c in h)


def test_the_hill_block_is_what_lesson_6_says():
    p = examples.hill_block()
    assert p.round == 3 and p.tricks_done == 0 and len(p.trick) == p.players - 1
    assert p.player_names[p.decider] == "Di" and not any(p.motors)
    rolls = {}
    for card in p.options():
        game = p.to_game(0)
        events = game.apply_recorded(card)
        assert game.flag != p.decider  # Di cannot win the trick
        moved = [e for e in events if isinstance(e, Moved)]
        assert p.player_names[moved[0].seat] == "Cy"
        rolls[str(card)] = moved[0].move.roll
    assert rolls == {"R2": "uphill", "R3": None, "R6": "downhill"}


def test_the_last_trick_turbo_is_what_lesson_6_says():
    """Lesson 6's third moment: the turbo takes Ada further now (space 16, motor empty), but
    without it a downhill rolls her to 15 and her motor moves her on to 24 at the round's end;
    the advisor tells the two apart clearly."""
    from rally.stich_rallye.advisor import advise

    p = examples.last_trick_turbo()
    assert (p.round, p.phase, p.player_names[p.decider]) == (1, "turbo", "Ada")
    assert p.tricks_done == 4 and str(p.trick[-1]) == "R8"
    game = p.to_game(0)
    assert game.trick_result() == (p.decider, 4) and game.motor_values[p.decider] == 4
    ends = {}
    for choice in p.options():
        after = p.to_game(0)
        events = after.apply_recorded(choice)
        moves = [e.move for e in events if isinstance(e, Moved) and e.seat == p.decider]
        ends[str(choice)] = [(m.final % 31, m.roll) for m in moves]
    assert ends == {"turbo": [(16, None)], "no turbo": [(15, "downhill"), (24, "downhill")]}
    advice = advise(p, playouts=500, seed=0)
    assert str(advice.best.action) == "no turbo" and advice.clearly_best
