"""The game widgets in German (issue 18): built while rally speaks German, every label,
button, status line, chart text and message of GameView, GameReplay, GameReview,
GameSetup, BoxSetup, CardHand, MotorDial, TrickTable and CopyButton is German; built in
English, they say exactly what they said before. The stable text repr stays English.

Every game here is played from a seed; these tests pass once the widgets' German
catalog holds these translations (``widgets/locale/de``)."""

from __future__ import annotations

import html
import random

import pytest

import rally
from rally import TrickWon, examples
from widgets import BoxSetup, CardHand, CopyButton, GameReplay, GameReview, GameSetup, GameView, MotorDial, TrickTable
from widgets.messages import whole_numbers
from widgets.stich_rallye.track_choice import OWN
from widgets.style import car_words, card_face, lap_label, laps_label

#: English texts these widgets show (their msgids): none may be seen in German.
ENGLISH = [
    "Your turn", "play a card", "choose the turbo", "Round ", "flag:", "Waiting for", "Game over", "The game is over",
    "This trick", "Previous trick", "Use turbo", "Card alone", "Hint: ask the advisor", "Plays every option",
    "Step forward", "Step back", "Replay", "step through everything", "Event ", "This is how the game ended",
    "instant", "slow", "act at once", "pause ", "Computer players", "'s hand", " car)", "wins the trick", "cards played",
    "No cards", "lap ", "finished", "yellow", "motor ", "arrow at position", "play it", "cannot be played",
    "win chance", "best option", "your choice", "costliest", "your decisions", "Show it in the replay",
    "Review of your game", "The decisions that cost the most", "Your decisions", "Players", "Track", "Names",
    "New game", "careful", "random (", "Copy code", "position code", "Copied", "Selected:", "space ", "start/finish",
    "the finish", "turbo or card alone", "card alone", "Your hand", "★ wins", " of ",
]


def english_in(texts, rally_said=()) -> list[str]:
    """The English msgids found in ``texts``, leaving out what rally said (its own catalog's)."""
    found = set()
    for text in texts:
        text = str(text)
        for said in sorted(rally_said, key=len, reverse=True):  # "B4" is in "you played B4" too
            text = text.replace(html.escape(said), "").replace(said, "")
        found |= {e for e in ENGLISH if e in text}
    return sorted(found)


def play_to_the_end(view: GameView, seed: int) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Play the human's seat at random to the end; returns the texts of every turbo choice
    offered: its two buttons, its explanation and the labels of its marks on the track."""
    rng, seen = random.Random(seed), []
    while not view.game.is_over:
        if view.game.awaiting_turbo:
            seen.append((view.turbo_yes.description, view.turbo_no.description, view.turbo_text.value,
                         tuple(label for label, move in view.figure.choices)))
            assert view.choose_turbo(rng.random() < 0.5)
        else:
            assert view.play_card(rng.choice(view.hand.playable))
    return seen


def first_trick(game: rally.Game) -> TrickWon:
    return next(e for e in game.events if isinstance(e, TrickWon))


# ---------------------------------------------------------------- German
def test_a_game_view_built_in_german_speaks_german_to_its_end():
    with rally.language("de"):
        view = GameView(3, track="beach", seed=4)
        game = view.game
        assert view.hand.title == f"Handkarten von {game.names[0]} (weißes Auto)"
        assert view.status.value == (f"<div style='font-size:15px'>Runde 1 von 3 · ⚑ Fahne: <b>{game.names[0]}</b> · "
                                     "<b>Du bist dran</b>: Spiel eine Karte aus.</div>")
        assert view.hand.prompt.startswith("Du bist dran. ")
        assert (view.trick_table.title, view.last_trick.title) == ("Dieser Stich", "Vorheriger Stich")
        assert [label for label, delay in view.speed.options] == ["sofort", "schnell", "langsam"]
        assert view.speed.tooltip == "ohne Pause · Pause von 0,4 s · Pause von 1 s"
        assert view.hint_button.description == "Hol dir einen Ratgeber-Tipp"
        assert view.hand.labels["play"] == "{code} ausspielen"
        assert view.dials[0].label == "1. Abschnitt · gelbe Seite"
        assert view.dials[0].labels["value"] == "Motor {value}"
        turbo_texts = play_to_the_end(view, 3)
        assert turbo_texts, "seed 3 lets the human choose the turbo at least once"
        for yes, no, text, marks in turbo_texts:
            assert yes.startswith("Turbo nutzen: ") and no.startswith("Ohne Turbo: ")
            assert "<b>Du hast den Stich gewonnen.</b>" in text
            assert marks in (("Turbo oder ohne Turbo",), ("Turbo", "ohne Turbo"))
        assert f"Spiel vorbei: <b>{game.names[game.winner]}</b> gewinnt die Rallye!" in view.status.value
        assert view.replay_forward.description == "Ab dem ersten Austeilen wiederholen ▶"
        assert "So endete das Spiel." in view.replay_text.value and "Schritt " in view.replay_text.value
        view.replay_step(+1)
        assert (view.replay_forward.description, view.replay_back.description) == ("Schritt vor ▶", "◀ Schritt zurück")
        assert view.hand.prompt == "Wiederholung: die Handkarten, wie sie damals waren."
        assert view.last_trick.status == "Noch keine Karte ausgespielt."
        shown = [view.status.value, view.hand.title, view.hand.prompt, view.replay_text.value, view.hint_button.tooltip,
                 view.replay_box.slider.description, view.speed.description, view.turbo_yes.description,
                 *view.hand.labels.values(), *view.dials[1].labels.values(), *view.last_trick.labels.values(),
                 *(box.value for box in view.replay_box.children if hasattr(box, "value") and isinstance(box.value, str)),
                 *(text for texts in turbo_texts for text in (*texts[:3], *texts[3]))]
        assert english_in(shown, [view.replay_state.text]) == []
        assert repr(view).startswith("Ein Spiel auf der Strecke Strand, Spielnummer 4")  # in words, in German
    assert repr(view).startswith("A game on the beach track, seed 4")  # in words, in the language spoken
    view.close()


def test_the_trick_table_and_the_hand_in_german():
    game = examples.played(4, 7, 60)
    won = first_trick(game)
    with rally.language("de"):
        table = TrickTable()
        table.show_trick(won.cards, won.seats, game.names)
        assert table.title == "Stich" and table.labels == {"wins": "★ gewinnt"}
        winning = [row["card"]["code"] for row in table.plays if row["wins"]]
        assert table.status == f"{table.winner} gewinnt den Stich mit {winning[0]}."
        table.show_trick(won.cards[:2], won.seats[:2], game.names, complete=False)
        assert table.status == "2 von 4 Karten ausgespielt."
        hand = CardHand(game.hands[0][:3] or won.cards[:3])
        assert hand.title == "Deine Handkarten"
        assert hand.labels == {"empty": "Keine Karten auf der Hand.", "play": "{code} ausspielen",
                               "playable": "{words}: ausspielen",
                               "unplayable": "{words}: kann nicht ausgespielt werden. {reason}",
                               "waiting": "{words}: noch warten. {reason}"}
        assert [c["color_word"] for c in hand.cards] == [card.color.word for card in rally.parse_cards(hand.codes)]
        assert card_face(won.cards[0])["color_word"] in ("Rot", "Grün", "Blau")
        missing = next(c for c in rally.parse_cards(won.cards) if str(c) not in hand.codes)
        with pytest.raises(rally.CardError, match="ist nicht in dieser Hand"):
            hand.reason(str(missing))
        with pytest.raises(rally.SetupError, match="^Die Angabe der Plätze "):
            table.show_trick(won.cards, list(won.seats[:-1]) + [won.seats[0]], game.names)
        assert repr(table).startswith("Stich: Ada Grün 6 und Bo Grün 3")  # the title is the caller's
    assert repr(table).startswith("Stich: Ada green 6 and Bo green 3")


@pytest.mark.slow  # a whole game and its review at the shipped settings
def test_motor_dials_replays_and_reviews_in_german():
    game = examples.played(3, 5, 1000)
    with rally.language("de"):
        dial = MotorDial(name=game.names[1], seat=1)
        dial.update(game.motors[1], laps=1)
        assert dial.label == "2. Abschnitt · rote Seite" and laps_label(2) == "im Ziel · rote Seite"
        assert lap_label(0, len(game.track)) == "1. Abschnitt · gelbe Seite"
        assert dial.labels["described"].startswith("Motor von {name}: Pfeil auf Stellung {position}")
        assert car_words(2) == "gelbes Auto"
        replay = GameReplay(game, first=2, last=5)
        assert replay.text.startswith("Schritt 1 von 4 · Runde 1 · ⚑ ")
        assert (replay.back.description, replay.forward.description) == ("◀ Schritt zurück", "Schritt vor ▶")
        assert "<b>Wiederholung</b>" == replay.children[0].value
        review = GameReview(rally.stich_rallye.review(game, 0))
        layout = review.chart.plot.layout
        assert layout.title.text == f"Gewinnchance von {game.names[0]} nach jeder Entscheidung"
        assert layout.yaxis.title.text == "Gewinnchance (%)"
        assert layout.annotations[0].text == "Runde 1"
        names = {trace.meta: trace.name for trace in review.chart.plot.data}
        assert names == {"best option": "Beste Möglichkeit", "your choice": "Deine Wahl", "costliest": "Am meisten geschadet"}
        assert review.buttons[0].description == "① In der Wiederholung zeigen"
        assert "Gewinnchance" in review.children[3].children[0].value
        texts = [dial.label, *dial.labels.values(), replay.text, replay.trick_table.title, replay.last_trick.title,
                 layout.title.text, layout.xaxis.title.text, review.children[0].value, review.children[2].value,
                 *(trace.name for trace in review.chart.plot.data), *(b.description for b in review.buttons),
                 *review.chart.plot.data[1].hovertext]
        rally_said = [replay.state.text, review.review.sentence(),
                      *(text for d in review.review.decisions for text in (d.label, d.best.label))]
        assert english_in(texts, rally_said) == []
        assert repr(dial).startswith("Motor von ") and repr(dial).endswith(", 2. Abschnitt · rote Seite")  # the plain text in words, in German
        assert repr(replay).startswith("Wiederholung, Schritt 1 von 4, Runde 1, ")
    assert repr(dial).endswith(", lap 2 · red side")
    assert repr(replay).startswith("Replay, step 1 of 4, round 1, ")


def test_setups_and_copy_button_in_german():
    with rally.language("de"):
        setup = GameSetup(players=3, track="beach", seed=2)
        assert [setup.players.description, setup.track.menu.description, setup.seed.description,
                setup.names.description, setup.bot.description, setup.start.description] == [
            "Spieler", "Strecke", "Spielnummer", "Namen", "Computerspieler", "Neues Spiel"]
        assert setup.track.value == "Strand"
        assert [label for label, name in setup.track.menu.options] == ["Strand", "Vulkan", "eine eigene Strecke …"]
        setup.track.menu.value = OWN  # a track of one's own: a field for it, and how to write it, in German
        assert setup.track.own.layout.display == "flex" and setup.track.own.description == "Deine Strecke"
        assert "So schreibst du sie: ein Buchstabe für jedes Feld" in setup.track.form.value
        setup.track.own.value = "S..DD...U.."
        assert setup.track.value == "S..DD...U.." and str(setup.new_game().game.track) == "S..DD...U.."
        setup.track.menu.value = "Strand"
        assert setup.track.value == "Strand" and setup.track.own.layout.display == "none"
        assert [label for label, key in setup.bot.options] == ["sorgfältig", "zufällig"]
        setup.bot.value = "random"  # the key stays the same in every language
        assert setup.new_game() is not None
        setup.seed.value = "zwei"
        assert setup.new_game() is None and setup.error.endswith("ist keine Spielnummer: Schreib eine ganze Zahl wie 42.")
        box = BoxSetup(players=3)
        assert [label for label, n in box.chooser.options] == ["3 Spieler", "4 Spieler", "5 Spieler"]
        first = box.game.names[box.game.first_player]
        assert box.hand.title == f"Die 5 Karten von {first} für Runde 1 (wer die Fahne ⚑ hat, spielt als Erster aus)"
        copy = CopyButton(text=rally.Position.from_game(examples.played(3, 28, 10)).code())
        assert copy.label == "Code kopieren"
        assert copy.labels == {"field": "Code der Spielsituation", "copied": "Kopiert.",
                               "selected": "Markiert: Drück Strg+C (oder ⌘C), um zu kopieren."}
        with pytest.raises(rally.SetupError, match=r"^Jeder Eintrag \(Feld\) "):
            whole_numbers("1 x", "Feld", 9)
        assert english_in([setup.error, box.hand.title, box.chooser.description, copy.label]) == []
    assert repr(setup) == "A new game: 3 players on the beach track, seed 2."


# ---------------------------------------------------------------- English
def test_english_stays_as_it_was():
    with rally.language("en"):
        view = GameView(3, track="beach", seed=4)
        game = view.game
        assert view.hand.title == f"{game.names[0]}'s hand (white car)"
        assert view.status.value == (f"<div style='font-size:15px'>Round 1 of 3 · ⚑ flag: <b>{game.names[0]}</b> · "
                                     "<b>Your turn</b>: play a card.</div>")
        assert [label for label, delay in view.speed.options] == ["instant", "fast", "slow"]
        assert view.dials[0].label == "lap 1 · yellow side" and view.dials[0].labels["value"] == "motor {value}"
        turbo_texts = play_to_the_end(view, 3)
        assert turbo_texts and all(yes.startswith("Use turbo: ") and no.startswith("Card alone: ")
                                   for yes, no, text, marks in turbo_texts)
        assert view.replay_forward.description == "Replay from the first deal ▶"
        won = first_trick(game)
        table = TrickTable(title="Trick")
        table.show_trick(won.cards, won.seats, game.names)
        assert table.status.endswith(".") and " wins the trick with " in table.status
        assert table.labels == {"wins": "★ wins"}
        assert CopyButton().labels["copied"] == "Copied."
        assert BoxSetup(players=3).chooser.options[0] == ("3 players", 3)
        view.close()
