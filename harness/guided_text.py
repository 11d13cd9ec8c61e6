"""What a learner reads in lesson 0's guided first games: every tip, and the words shown
at the end, in a whole game played from Python with one fixed policy (the browser tests
play the same moves on the page, ``tests/browser/test_first_game.py``):

* Stich Rallye: the first card of the hand that may be played; the turbo always used.
* Rally Run: the first place on the board marked to click (reveal, drive or finish, in
  the board's order); to lay a tile, the first way that does not trap the car.

The "Why?" texts open only on a tap and are not counted; ``bin/app-text`` writes these
words beside the lessons' and counts them with the child's path (issue 41).

>>> lines = words_read("rally_run", "en")
>>> lines[0]
'Tap a tile next to your car. It turns over, and you see its road.'
"""

from __future__ import annotations

import html
import re

#: The guided games, by the name lesson 0's buttons use.
GAMES = ("stich_rallye", "rally_run")
#: More steps than any guided game takes.
_STEPS = 3000


def plain(text: str) -> str:
    """Words as a reader sees them: no tags, one space between words (a no-break space kept,
    as French writes before « : »), and of a folded list (a closed ``details``) only its
    summary, as the browser shows it until it is opened."""
    text = re.sub(r"(<details\b[^>]*>\s*<summary\b.*?</summary>).*?</details>", r"\1", text, flags=re.S)
    return re.sub(r"[^\S\u00a0\u202f]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text))).strip()


def rr_choice(board) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The policy on Rally Run's board: ``("rotate", n)`` or ``("click", place)``."""
    if board.rotations:
        laid = [r for r in board.rotations if not r["trap"]] or board.rotations
        return ("rotate", str(laid[0]["rotation"]))
    places = [c["cell"] for c in board.cells if c["target"]] + [s["color"] for s in board.starts if s["target"]]
    if not places:
        raise RuntimeError(f"nothing to click on the board: {board.prompt}")
    return ("click", places[0])


def _end_words(rows) -> list[str]:  # type: ignore[no-untyped-def]
    """The words of a guided game's end: each row is an HTML widget or a box that starts with one."""
    return [plain(row.value if hasattr(row, "value") else row.children[0].value) for row in rows]


def _tips(guided, over, move, why: bool) -> list[str]:  # type: ignore[no-untyped-def]
    """Play ``guided`` (either game's guided view) to its end: at a tip, read it (and its
    "Why?") and go on; else ``move()`` until ``over()``."""
    read: list[str] = []
    for _step in range(_STEPS):
        if guided.moment is not None:
            read += [guided.tip_text] + ([plain(guided.why())] if why else [])
            guided.go_on()
        elif over():
            return read
        else:
            move()
    raise RuntimeError(f"the guided game did not end in {_STEPS} steps")


def words_read(game: str, lang: str, why: bool = False) -> list[str]:
    """The tips of a whole guided ``game`` in ``lang``, in order, then the end's words;
    with ``why``, each tip's "Why?" text after it too (all the guidance there is)."""
    import rally
    from widgets.rally_run.guided_game import GuidedRun
    from widgets.stich_rallye.guided_game import GuidedGame

    with rally.language(lang):
        if game == "stich_rallye":
            view = GuidedGame(bot_delay=0)

            def play() -> None:
                if view.game.awaiting_turbo:
                    view.choose_turbo(True)
                else:
                    view.play_card(view.hand.playable[0])

            read = _tips(view, lambda: view.game.is_over, play, why) + _end_words(view.summary.children)
            view.close()
        elif game == "rally_run":
            run = GuidedRun(pace=0)

            def lay_or_click() -> None:
                how, what = rr_choice(run.board)
                run.board.rotate(int(what)) if how == "rotate" else run.board.click(what)

            read = _tips(run, lambda: run.board.game.is_over, lay_or_click, why) + _end_words(run.end_box.children)
            run.close()
        else:
            raise ValueError(f"no guided game {game!r}: one of {', '.join(GAMES)}")
    return [line for line in read if line]


__all__ = ["GAMES", "plain", "rr_choice", "words_read"]
