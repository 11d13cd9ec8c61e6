"""Keyboard and screen readers in the widgets (issue 27, items 3 and 4), as far as Python
sees them: what the live region announces as a game goes on, and where the keyboard's
focus is sent. The browser tests check the same on the page."""

from __future__ import annotations

import random

import rally
from widgets import Announcer, GameView, Quiz, tricks_quiz


def test_an_announcer_says_each_thing_once_and_counts():
    a = Announcer()
    assert repr(a) == "Nothing announced yet."
    a.say("", "  ")
    assert a.count == 0 and a.text == ""
    a.say("Bo plays G9.", "", "Your turn.")
    a.say("Your turn.")  # the same words again are news again: the count changes
    assert (a.text, a.count) == ("Your turn.", 2)


def test_a_game_announces_turns_cards_tricks_moves_and_the_turbo_offer():
    view = GameView(4, "volcano", seed=5)
    said = [view.announcer.text]
    rng = random.Random(3)
    turbo_offers = 0
    while not view.game.is_over:
        before = view.announcer.count
        if view.game.awaiting_turbo:
            assert "You won the trick" in view.announcer.text and "Use turbo" in view.announcer.text
            turbo_offers += 1
            view.choose_turbo(rng.random() < 0.5)
        else:
            assert view.announcer.text.endswith(view.hand.prompt)  # whose turn, and what may be played
            view.play_card(rng.choice(view.hand.playable))
        assert view.announcer.count > before  # every decision brings news
        said.append(view.announcer.text)
    text = " ".join(said)
    names = view.game.names
    assert turbo_offers > 0
    for words in (" plays ", " wins the trick", " moves ", "Your turn"):
        assert words in text, words
    assert any(f"{name} plays" in text for name in names[1:])  # the bots' cards are read out too
    # Every event in words was announced (the last ones at the end of the game).
    assert all(message in text for message in view.messages[-3:])


def test_the_keyboard_is_sent_to_what_must_be_decided(monkeypatch):
    sent: list[tuple[str, object]] = []
    view = GameView(4, "volcano", seed=5)
    monkeypatch.setattr(view.turbo_yes, "focus", lambda: sent.append(("turbo", None)))
    monkeypatch.setattr(view.end_anchor, "take_focus", lambda label: sent.append(("top", label)))
    monkeypatch.setattr(view.hand, "focus_card", lambda: sent.append(("hand", None)))
    rng = random.Random(4)
    while not view.game.is_over:
        if view.game.awaiting_turbo:
            assert sent[-1][0] == "turbo"  # the choice appeared: focus is on it
            view.choose_turbo(False)
            if not view.game.is_over:
                assert sent[-1][0] == "hand"  # and back in the hand afterwards
        else:
            view.play_card(rng.choice(view.hand.playable))
    assert sent[-1] == ("top", "The game is over.")  # the view's top: Tab goes down the screen from there


def test_a_self_check_sends_the_keyboard_on_and_announces_its_verdicts(monkeypatch):
    rally.set_language("en")
    quiz: Quiz = tricks_quiz()
    sent: list[str] = []
    monkeypatch.setattr(quiz.next_button, "focus", lambda: sent.append("next"))
    monkeypatch.setattr(quiz.choice, "focus", lambda: sent.append("answers"))
    monkeypatch.setattr(quiz.again_button, "focus", lambda: sent.append("again"))
    for number in range(len(quiz.questions)):
        right = next(c for c in quiz.question.choices if quiz.question.check(c).correct)
        quiz.answer(right)
        assert sent[-1] == "next" and quiz.announcer.text.startswith("✔ Right.")
        quiz.next()
        assert sent[-1] == ("answers" if number + 1 < len(quiz.questions) else "again")
    assert quiz.announcer.text == quiz.result() + " Great work!"  # the result, and a cheer


def test_no_labelled_control_of_any_widget_shows_null_on_hover():
    """ipywidgets' front end writes a control's ``tooltip`` into its label's title as it is,
    so a label with no tooltip (None) shows “null” on hover and gives a screen reader “null”
    as its description: every labelled control says its tooltip, "" when it needs none."""
    import ipywidgets
    from ipywidgets.widgets.widget_description import DescriptionWidget
    from test_i18n_plain_text import build_every_kind

    untitled: list[str] = []
    seen: set[int] = set()

    def walk(kind: str, w: object) -> None:
        if id(w) in seen or not isinstance(w, ipywidgets.Widget):
            return
        seen.add(id(w))
        if isinstance(w, DescriptionWidget) and w.description and w.tooltip is None:
            untitled.append(f"{kind}: {type(w).__name__} {w.description!r}")
        for child in (getattr(w, "children", None) or ()):
            walk(kind, child)

    built = build_every_kind()
    for kind, widget in built.items():
        walk(kind, widget)
    assert len(seen) > 100
    assert untitled == []
