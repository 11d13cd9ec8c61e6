"""The guided first game (issue 40): driven to its end from Python, every stop shows words
and marks something on the table, "Go on" continues, the learner makes every decision,
"Why?" shows the engine's explanation, and German words in German."""

from __future__ import annotations

import html
import inspect
import random
import re

import ipywidgets as w
import pytest
from path_budgets import GUIDED_WORDS  # tests/path_budgets.py (pytest puts tests/ on sys.path)

import rally
from rally import RandomBot, Turbo
from rally.stich_rallye.moments import DECISIONS, GUIDED_SEED, KINDS, moment_why
from widgets import GuidedGame, GameView
from widgets.stich_rallye.guided_game import KIND_LABELS, POINTER


def drive(view: GuidedGame, seed: int = 0) -> list[tuple[str, str, tuple]]:
    """Play ``view`` to its end: random legal decisions for the learner, "Go on" at every
    tip. Returns each stop's kind, words and mark."""
    rng, bot = random.Random(seed), RandomBot()
    stops = []
    for _step in range(2000):
        if view.moment is not None:
            assert not view.waiting_for_human or view.game.current_player == 0
            stops.append((view.moment.kind, view.tip_text, view.pointing))
            if view.moment.kind.startswith("trick_"):  # no words of an earlier move under the track
                assert view.figure.caption == "", (view.moment.kind, view.figure.caption)
            assert view.tip_box.layout.display == "flex"
            if view.game.awaiting_turbo and view.game.current_player == 0:
                # The turbo's buttons wait with the table: greyed, and the hand's line says
                # to read the tip (not "choose with the buttons").
                assert view.turbo_yes.disabled and view.turbo_no.disabled
                assert view.hand.prompt == view.held_words(), view.hand.prompt
            view.go_on()
            if view.moment is None:  # play goes on: no mark of a tip is left on the table
                assert view.pointing is None and view.figure.choices == () or view.game.awaiting_turbo
            continue
        if view.game.is_over:
            return stops
        assert view.waiting_for_human  # the computer players wait only for the learner
        assert not (view.turbo_yes.disabled or view.turbo_no.disabled)  # no tip up: the choice is live
        action = bot.choose(view.game, view.game.legal_actions(), rng)
        done = view.choose_turbo(action.use) if isinstance(action, Turbo) else view.play_card(action)
        assert done, view.alert_text
    raise AssertionError("the game did not end")


def test_a_guided_game_stops_at_every_kind_once_and_ends() -> None:
    view = GuidedGame()
    assert view.game.seed == GUIDED_SEED and isinstance(view, GameView)
    stops = drive(view)
    kinds = [kind for kind, _words, _mark in stops]
    assert sorted(kinds) == sorted(KINDS) and view.missing == ()
    for kind, words, mark in stops:
        assert words and mark is not None, kind
        assert mark[0] in ("trick", "motor", "space", "hand")
    assert view.summary.layout.display == "flex" and view.tip_box.layout.display == "none"
    summary = view.summary.children[0].value
    assert "You met 13 new things in this game" in summary
    # Which ones, folded under one line: every kind met, in words, in the order met.
    folded = re.search(r"<details[^>]*><summary[^>]*>Show the list</summary><ul[^>]*>(.*)</ul></details>", summary)
    assert folded and [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", folded.group(1))] == [
        KIND_LABELS[kind] for kind in kinds]


def test_every_stop_marks_its_widget_and_go_on_clears_it() -> None:
    view = GuidedGame()
    assert view.moment.kind == "lead" and view.pointing == ("hand", 0)
    assert view.hand.layout.border == POINTER
    view.go_on()
    assert view.moment is None and view.hand.layout.border == ""
    view.play_card(view.hand.playable[0])
    assert view.moment is not None  # the first trick of one, two or three colors at least
    kind, mark = view.moment.kind, view.pointing
    if mark[0] == "trick":  # the trick just won stays on the table while its tip is up
        assert view.trick_table.layout.border == POINTER and view.trick_table.winner
        assert [row["card"]["code"] for row in view.trick_table.plays] == [str(c) for c in view.moment.fact("cards")]
        # "Previous trick" shows the trick before it, not the same one twice (walk 36): here
        # the round's first trick, so none; once the tip is gone, the trick just won.
        assert view.last_trick.plays == [] and view.game.round == 1
        shown = view.trick_table.plays
        if not view.game.trick and view.game.current_player != view.human:  # the hand says who waits: the learner
            assert "read the tip" in view.hand.prompt.lower()
    elif mark[0] == "motor":
        assert view.dials[mark[1]].layout.border == POINTER
    assert kind in KINDS
    if mark[0] == "trick":
        while view.moment is not None and view.pointing[0] == "trick":
            view.go_on()
        assert view.last_trick.plays == shown


def test_a_tip_about_a_later_trick_shows_the_trick_before_it_as_previous() -> None:
    """Played on with the first card that may be played: at each tip about a trick that
    was not its round's first, "Previous trick" holds the trick before it, as the replay
    has it at that trick's end."""
    from rally.stich_rallye.replay import replay_states

    view = GuidedGame()
    checked = 0
    for _step in range(400):
        if view.game.is_over and view.moment is None:
            break
        if view.moment is not None:
            if view.pointing[0] == "trick" and view.moment.event is not None:
                state = replay_states(view.game)[view.moment.event]
                shown = [row["card"]["code"] for row in view.last_trick.plays]
                assert [row["card"]["code"] for row in view.trick_table.plays] == [str(c) for c in state.trick]
                if state.last_trick and view.moment.fact("trick") != 1:
                    assert shown == [str(c) for c in state.last_trick]
                    checked += 1
                else:
                    assert shown == []
            view.go_on()
        elif view.game.awaiting_turbo:
            view.choose_turbo(True)
        else:
            view.play_card(view.hand.playable[0])
    assert checked >= 1


def test_the_learner_makes_every_decision_and_the_table_waits_on_a_tip() -> None:
    view = GuidedGame()
    before = len(view.game.events)
    assert not view.play_card(view.game.legal_actions()[0])  # a tip is up: nothing happens
    assert "Go on" in view.hand.message and len(view.game.events) == before
    view.go_on()
    rng, made = random.Random(1), 0
    while not view.game.is_over or view.moment is not None:
        if view.moment is not None:
            view.go_on()
            continue
        assert view.game.current_player == 0 and view.waiting_for_human
        assert view.act(RandomBot().choose(view.game, view.game.legal_actions(), rng))
        made += 1
    mine = [e for e in view.game.events
            if isinstance(e, (rally.CardPlayed, rally.TurboUsed, rally.TurboDeclined)) and e.seat == 0]
    assert made == len(mine)  # every card and turbo choice of seat 0 was one of ours


def shown_texts(widget: w.Widget) -> list[str]:
    """Every text ``widget`` shows, from its HTML parts and its hands' prompts and messages."""
    texts = [html.unescape(re.sub(r"<[^>]+>", " ", widget.value))] if isinstance(widget, w.HTML) else []
    if hasattr(widget, "message") and hasattr(widget, "prompt"):  # a CardHand
        texts += [widget.prompt, widget.message]
    for child in getattr(widget, "children", ()):
        texts += shown_texts(child)
    return texts


def test_a_card_tapped_before_go_on_is_refused_in_one_warning() -> None:
    """Learner-walk finding: the warning stood both in the tip and under the hand."""
    view = GuidedGame()
    warning = f"First read the tip, then press “{view.go_button.description}”."
    rng, bot, checked = random.Random(0), RandomBot(), 0
    while checked < 2 and not view.game.is_over:
        if view.moment is None:
            assert view.act(bot.choose(view.game, view.game.legal_actions(), rng))
            continue
        if view.game.current_player == view.human and not view.game.awaiting_turbo:  # a tip up at the learner's turn
            # The hand waits with the tip: every card says so when tapped, none is crossed out.
            assert view.hand.codes and view.hand.playable == []
            assert {view.hand.reason(code) for code in view.hand.codes} == {warning}
            assert all(c["waiting"] for c in view.hand.cards)
            before = len(view.game.events)
            assert not view.play_card(view.game.legal_actions()[0]) and len(view.game.events) == before
            assert view.hand.message == warning
            # Once under the card tapped, and on the status line in place of "Your turn"
            # (the walk found "Your turn: play a card." beside a tip about a trick over).
            assert sum(text.count(warning) for text in shown_texts(view)) == 2
            assert warning in view.status.value and "Your turn" not in view.status.value
            checked += 1
        view.go_on()
    assert checked == 2
    view.go_on()
    while view.moment is not None or view.game.current_player != view.human or view.game.awaiting_turbo:
        if view.moment is not None:
            view.go_on()
        else:
            view.act(bot.choose(view.game, view.game.legal_actions(), rng))
    assert view.hand.playable  # no tip: the learner's cards may be played again


def test_why_shows_the_engines_explanation() -> None:
    view = GuidedGame()
    text = view.why()
    # The first tip says what to do (lead any card); "Why?" says why, not the tip again (the walk).
    assert text == moment_why(view.guide.seen[0], view.game) and view.why_text.layout.display == "block"
    assert "color to follow" in text and text not in view.tip_text
    assert view.why() == text and view.why_text.layout.display == "none"  # a second tap hides it
    view.go_on()
    view.play_card(view.hand.playable[0])
    assert view.why() == moment_why(view.moment, view.game)
    assert "wins the trick" in view.why() or view.moment.kind not in ("trick_one_color",)


def test_the_example_of_a_kind_is_a_replay_of_a_real_game() -> None:
    view = GuidedGame()
    replay = view.show_example("uphill_roll")
    assert view.example_box.layout.display == "flex"
    assert "uphill" in replay.text or "bergauf" in replay.text
    with pytest.raises(rally.SetupError):
        view.show_example("dance")


def test_german_words_in_german() -> None:
    with rally.language("de"):
        view = GuidedGame()
        assert view.tip_text.startswith("In einem Stich spielt jeder eine Karte, und diesen Stich eröffnest du:")
        assert view.go_button.description == "Weiter ▶" and view.why_button.description == "Warum?"
        stops = drive(view, seed=2)
        assert all(words and "the" not in words.split() for _k, words, _m in stops)
        assert "In diesem Spiel hast du 13 neue Sachen entdeckt!" in view.summary.children[0].value


def test_a_tip_and_its_mark_are_brought_into_view_and_a_refused_card_says_why_by_the_hand() -> None:
    view = GuidedGame()
    assert "rally-guided" in view._dom_classes and "rally-guided-tip-box" in view.tip_box._dom_classes
    assert view.tip_scroll.marks == ".rally-guided-marked" and view.tip_scroll.ring == "4px rgb(245, 158, 11)"
    width, _style, color = POINTER.split()  # the ring the page looks for is the pointer's border
    assert view.tip_scroll.ring == f"{width} rgb({int(color[1:3], 16)}, {int(color[3:5], 16)}, {int(color[5:7], 16)})"
    assert view.tip_scroll.requests >= 1
    assert "rally-guided-marked" in view.hand._dom_classes  # the first tip marks the hand
    asked = view.tip_scroll.requests
    assert not view.play_card(view.game.legal_actions()[0])
    assert "Go on" in view.hand.message  # under the card tapped, not only in the tip far above
    assert view.tip_scroll.requests == asked + 1  # and the tip with its note comes into view
    # A tap on a card of the waiting hand, as the page sends it: refused, and the tip comes
    # into view again (the walk found it a screen away on a phone, with nothing leading there).
    view.hand.set_state({"selected": view.hand.codes[0]})
    assert view.hand.selected == "" and "Go on" in view.hand.message
    assert view.tip_scroll.requests == asked + 2
    view.go_on()
    assert "rally-guided-marked" not in view.hand._dom_classes
    view.play_card(view.hand.playable[0])
    marked = [w for w in view._marked]
    assert marked and all("rally-guided-marked" in w._dom_classes for w in marked)


def test_the_keyboard_goes_to_the_new_hand_in_round_3_and_to_the_summary_at_the_end(monkeypatch) -> None:
    view = GuidedGame()
    dealt_focus: list[tuple[int, str]] = []  # the round, and who asked (a tip's "Go on", the turbo, a new deal)
    real = view.hand.focus_card
    monkeypatch.setattr(view.hand, "focus_card",
                        lambda: (dealt_focus.append((view.game.round, inspect.stack()[1].function)), real()))
    focused: list[object] = []
    monkeypatch.setattr(w.Button, "focus", lambda self: focused.append(self))
    drive(view, seed=3)
    # Round 3's deal brings no tip: the keyboard is brought to the new hand all the same.
    assert (3, "_show_turn") in dealt_focus
    assert view.game.is_over and view.moment is None
    first = next((row.children[1] for row in view.summary.children[1:]), view.replay_forward)
    assert focused[-1] is first  # not the hidden "Go on"


def test_the_round_end_tip_says_the_new_cards_are_already_dealt() -> None:
    for lang, words in (("en", "Your new cards for round 2 are already below."),
                        ("de", "Deine neuen Karten für Runde 2 liegen schon unten.")):
        with rally.language(lang):
            view = GuidedGame()
            stops = drive(view)
            ends = [text for kind, text, _mark in stops if kind == "round_end_motors"]
            assert ends and words in ends[0], ends


@pytest.mark.parametrize("seed", range(4))
def test_the_round_end_tip_names_the_car_whose_move_the_track_shows(seed) -> None:
    """The tip names one motor's drive; the track under it shows the last drive of the
    round's end. They are the same car, or a child looks for Bo's move and finds Di's."""
    view = GuidedGame()
    rng, bot = random.Random(seed), RandomBot()
    while view.moment is None or view.moment.kind != "round_end_motors":
        if view.moment is not None:
            view.go_on()
            continue
        action = bot.choose(view.game, view.game.legal_actions(), rng)
        assert view.choose_turbo(action.use) if isinstance(action, Turbo) else view.play_card(action)
    kind, seat = view.pointing
    name, move = view.game.names[seat], view.figure.current_move
    assert kind == "motor" and move is not None and move.mover == seat, (view.pointing, move)
    assert f"{name}'s motor had " in view.tip_text and name in move.describe(view.game.names)


def test_the_hand_says_the_learner_is_the_named_seat() -> None:
    view = GuidedGame()
    assert view.hand.title == "Your cards: you are Ada (white car)"
    assert "Ada" in view.why() or "you" in view.tip_text.lower()  # the tips say "you", "Why?" may say Ada
    with rally.language("de"):
        view = GuidedGame()
        assert view.hand.title.startswith("Deine Handkarten: Du bist Ada")


#: Issue 40: the guidance of each guided game (every tip, its "Why?" and the end's words),
#: at most this many words in every language lesson 0 offers it in.
GUIDANCE_WORDS = {"stich_rallye": 1200, "rally_run": 600}


@pytest.mark.parametrize("game, lang", [(game, lang) for lang in GUIDED_WORDS for game in sorted(GUIDED_WORDS[lang])])
def test_the_guidance_of_a_whole_guided_game_stays_within_its_budget(game, lang) -> None:
    from harness.app_text import MOST_WORDS_A_SENTENCE, sentences, words
    from harness.guided_text import words_read

    tips, guidance = words_read(game, lang), words_read(game, lang, why=True)
    assert len(guidance) > len(tips) >= 9  # every tip has its "Why?"
    assert sum(words(line) for line in guidance) <= GUIDANCE_WORDS[game]
    # Issue 41: the tips and the end (what a learner reads without "Why?") are part of the
    # child's path, within its budget (tests/path_budgets.py).
    assert words("\n".join(tips)) <= GUIDED_WORDS[lang][game]  # counted as bin/app-text counts the page
    # A tip is a sentence or two a child reads at once: none over the lessons' limit.
    assert all(words(s) <= MOST_WORDS_A_SENTENCE for line in tips for s in sentences(line))
