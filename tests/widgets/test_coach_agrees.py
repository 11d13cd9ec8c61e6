"""The coach speaks with one voice (issue 26, item 1): a child who follows every hint of a
coached game is never shown one of those decisions as costly in the review after it. The
game is played through the coached view itself (``GameView(coach=True)``), as in lesson 5:
its Hint button, then the card or turbo choice the hint names. The hint has a time
budget (``GameView.hint_seconds``); one its limit stopped before it was sure is never
blamed either."""

from __future__ import annotations

import random

import pytest

import rally
from widgets import GameView

pytestmark = pytest.mark.slow  # minutes of test games: out of the fast loop (bin/test --fast)


def follow_every_hint(view: GameView) -> list[rally.Advice]:
    """Ask for the hint at every decision of the human and do what it says; returns the
    answers behind the hints. The hint's choice is read from the advisor's answer the view
    showed; one the time limit did not stop is the coach's one analysis of the moment."""
    hints = []
    while not view.game.is_over:
        assert view.waiting_for_human
        hint = view.show_hint()
        advice = view.hint_advice
        assert advice is not None and hint == advice.hint() and advice.position == rally.Position.from_game(view.game)
        if not advice.out_of_time:
            assert advice == rally.advise(view.game)
        hints.append(advice)
        best = advice.best.action
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
    assert review is not None and review.complete and len(review.decisions) == len(hints) > 10
    assert review.costly() == ()  # none of the followed hints is among the costliest
    for d, hint in zip(review.decisions, hints):  # a cost only where a hint stopped early named another choice
        assert d.cost == 0 or (hint.out_of_time and d.followed and hint.best.action != d.best.action)
    assert "well played" in review.sentence()
    assert view.review_view is not None and view.review_view.costly == ()


def test_following_hints_stopped_by_the_time_limit_is_never_costly():
    """On a machine so busy that every hint stops after its first test game (a time budget
    of a millisecond), each names the choice that won that one game, often not the
    whole analysis's pick; the review says so, and never counts it as costly."""
    view = GameView(4, "volcano", seed=13, coach=True)
    view.hint_seconds = 0.001
    hints = follow_every_hint(view)
    # Each stopped after one test game, unless the whole answer was remembered from before (then given at once).
    assert all(h.played == 1 and h.out_of_time or h == rally.advise(h.position) for h in hints if len(h.options) > 1)
    assert any("not sure yet" in h.hint() for h in hints)
    review = view.review
    assert review is not None and review.costly(100) == () and "well played" in review.sentence()
    followed = [d for d in review.decisions if d.followed]
    assert followed, "some hint of one test game named another choice than the whole analysis"
    for d in followed:  # the closer look may find the hint's pick the best after all
        assert not d.clear and ("You followed the hint" in d.explanation) == (d.chosen is not d.best)
    assert any(d.chosen is not d.best for d in followed)
    # Without the hints shown, the same game's review blames some of those choices: the hints protect them.
    plain = rally.review(view.game, 0)
    assert [d.chosen.action for d in plain.decisions] == [d.chosen.action for d in review.decisions]
    assert any(d.clear for d in plain.decisions if review.decisions[d.number - 1].followed)


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
