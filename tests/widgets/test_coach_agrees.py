"""The coach speaks with one voice (issue 26, item 1): a child who follows every hint of a
coached game is never shown one of those decisions as costly in the review after it. The
game is played through the coached view itself (``GameView(coach=True)``), as in lesson 5:
its Hint button, then the card or turbo choice the hint names."""

from __future__ import annotations

import random

import pytest

import rally
from widgets import GameView


def follow_every_hint(view: GameView) -> list[str]:
    """Ask for the hint at every decision of the human and do what it says; returns the
    hints. The hint's choice is read from the advisor's answer the view showed."""
    hints = []
    while not view.game.is_over:
        assert view.waiting_for_human
        hint = view.show_hint()
        hints.append(hint)
        best = rally.advise(view.game).best.action  # the answer behind the hint just shown
        assert hint == rally.advise(view.game).hint()
        if isinstance(best, rally.Turbo):
            assert view.choose_turbo(best.use)
        else:
            assert view.play_card(str(best))
    return hints


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_following_every_hint_is_never_costly(seed):
    view = GameView(4, "volcano", seed=seed, coach=True)
    hints = follow_every_hint(view)
    review = view.review
    assert review is not None and len(review.decisions) == len(hints) > 10
    assert review.costly() == ()  # none of the followed hints is among the costliest
    assert all(d.cost == 0 for d in review.decisions)
    assert "well played" in review.sentence()
    assert view.review_view is not None and view.review_view.costly == ()


def test_the_review_shows_only_clear_costs():
    """A game of random choices has costs; every one shown is clear of the noise."""
    game = rally.Game.new(4, seed=2)
    rally.play_out(game, [rally.RandomBot()] + [rally.HeuristicBot()] * 3, random.Random(2))
    review = rally.stich_rallye.review(game, 0)
    costly = review.costly(100)
    assert costly and all(d.clear and d.cost > 0 for d in costly)
    unclear = [d for d in review.decisions if d.cost > 0 and not d.clear]
    assert all(d not in costly for d in unclear)
    for d in unclear:  # their words never call them costly, and say the test games cannot tell
        assert "cannot tell" in d.explanation or d.explanation.startswith(("You led", "You played", "You used",
                                                                           "You moved"))


@pytest.mark.parametrize("lang,banned", [("en", ("playout", "interval")), ("de", ("Intervall", "Playout"))])
def test_the_coach_speaks_a_childs_words(lang, banned):
    """Lesson 5 never says playouts or intervals: not in a hint, the review's sentence or
    any decision's explanation, in English or German (issue 26, item 4)."""
    game = rally.Game.new(4, seed=6)
    rally.play_out(game, [rally.RandomBot()] + [rally.HeuristicBot()] * 3, random.Random(6))
    review = rally.stich_rallye.review(game, 0, lang=lang)
    with rally.common.i18n.language(lang):
        texts = [review.sentence()] + [d.explanation for d in review.decisions]
        texts += [rally.advise(d.position).hint() for d in review.decisions]
    assert any("%" in t for t in texts)
    for text in texts:
        for word in banned:
            assert word.lower() not in text.lower(), (word, text)
