"""The game, its events, its moves and its set-up in German (issue 18), and in English
as before.

Every game here is played from a seed; what each sentence must say is worked out from
the event's own facts (who, which card, how far), so the checks hold for any deal. They
pass once the German catalog holds these messages (``rally/locale/de``).
"""

from __future__ import annotations

import random

import pytest

import rally
from rally import (
    Card, CardPlayed, Dealt, FlagTaken, Game, GameWon, HeuristicBot, LapCompleted, MotorReleased, MotorWound, Moved,
    RandomBot, RoundEnded, TrickWon, TurboDeclined, TurboUsed, explain_trick, play_bots, play_out, setup_steps,
)
from rally.common.errors import CardError, IllegalAction, SetupError, TrackError
from rally.common.i18n import _

#: Seeds whose games, between them, log every kind of event the checks below know
#: (an over-wound motor in seed 20, a win by the leader after round 3 in seed 1).
SEEDS = (1, 3, 8, 20, 21)
COLOR_DE = {"R": "Rot", "G": "Grün", "B": "Blau"}


def played(seed: int) -> Game:
    game = Game.new(4, track="volcano", seed=seed)
    play_out(game, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], random.Random(seed))
    return game


def felder(n: int) -> str:
    return "Feld" if n == 1 else "Felder"


def german_of(game: Game, event: object) -> str | None:
    """What ``event`` must say in German, from its facts; ``None`` for the events checked
    by pieces (moves, tricks) in the test itself."""
    names = game.names
    if isinstance(event, Dealt):
        return f"Runde {event.round}: Jeder bekommt {len(event.hands[0])} Karten."
    if isinstance(event, CardPlayed):
        card = event.card
        return f"{names[event.seat]} spielt {card} aus ({COLOR_DE[card.color.letter]} {card.value})."
    if isinstance(event, MotorWound):
        if event.position == 0:
            return (f"{names[event.seat]} hat den Stich verloren und zieht den Motor zu weit auf: Er springt "
                    f"zurück auf {event.value}, und die aufgezogene Kraft ist weg.")
        return f"{names[event.seat]} hat den Stich verloren und zieht den Motor auf: Er zeigt jetzt {event.value}."
    if isinstance(event, TurboUsed):
        return (f"{names[event.seat]} nutzt den Turbo: {event.value} {felder(event.value)} mehr, und der Motor geht "
                "zurück auf 0.")
    if isinstance(event, TurboDeclined):
        return f"{names[event.seat]} fährt ohne Turbo. Der Motor bleibt auf {event.value}."
    if isinstance(event, MotorReleased):
        if event.value == 0:
            return f"Der Motor von {names[event.seat]} zeigt 0, also bleibt das Auto stehen."
        return f"Der Motor von {names[event.seat]} bewegt das Auto um {event.value} {felder(event.value)}."
    if isinstance(event, RoundEnded):
        order = [names[s] for s in event.order]
        return (f"Runde {event.round} ist vorbei. Jetzt bewegt jeder Motor sein Auto. Wer hinten liegt, "
                f"fährt zuerst: {', '.join(order[:-1])} und {order[-1]}.")
    if isinstance(event, FlagTaken):
        return {
            "trick": f"{names[event.seat]} nimmt die Startspieler-Fahne und eröffnet den nächsten Stich.",
            "last trick": f"{names[event.seat]} hat den letzten Stich der Runde gewonnen und behält die Fahne, "
                          "während die Motoren die Autos bewegen. Danach bekommt sie, wer vorn liegt.",
            "leader": f"{names[event.seat]} liegt vorn und nimmt die Startspieler-Fahne für die nächste Runde.",
        }[event.reason]
    if isinstance(event, LapCompleted):
        if event.lap == 1:
            return (f"{names[event.seat]} fährt zum ersten Mal über die Ziellinie: Der Zahlenkreis des Motors wird "
                    "auf die rote Seite gedreht.")
        return f"{names[event.seat]} fährt wieder über die Ziellinie und hat Abschnitt {event.lap} geschafft."
    if isinstance(event, GameWon):
        if event.reason == "second lap":
            return f"{names[event.seat]} ist zum zweiten Mal über die Ziellinie gefahren und gewinnt die Rallye sofort!"
        return (f"Nach Runde 3 ist niemand zweimal über die Ziellinie gefahren; {names[event.seat]} liegt vorn und "
                "gewinnt die Rallye!")
    return None


def test_every_event_of_seeded_games_is_told_in_german():
    seen = set()
    for seed in SEEDS:
        game = played(seed)
        n = len(game.track)
        for event in game.events:
            said = game.describe(event, lang="de")
            seen.add(type(event).__name__ + (":" + event.reason if isinstance(event, (FlagTaken, GameWon)) else ""))
            expected = german_of(game, event)
            if expected is not None:
                assert said == expected
            elif isinstance(event, TrickWon):
                assert said == (f"{game.names[event.seat]} gewinnt den Stich. "
                                + explain_trick(event.cards, lang="de").sentence)
            else:
                assert isinstance(event, Moved)
                move, who = event.move, game.names[event.seat]
                start = "vom Startfeld" if move.start == 0 else f"von Feld {move.start % n}"
                assert said.startswith(f"{who} fährt {start} los")
                counted = f"zählt {move.steps} {'freies Feld' if move.steps == 1 else 'freie Felder'}"
                end = move.counted_end % n
                ending = {None: f"{counted} und hält auf Feld {end}.",
                          "downhill": f"{counted} und landet auf Feld {end}, einer Abfahrt. Das Auto rollt",
                          "uphill": f"{counted} und landet auf Feld {end}, einem Anstieg. Das Auto rollt"}[move.roll]
                assert ending in said
                if move.jumped:
                    assert " los und überspringt " in said
    # The seeds between them show every kind of event and both ways a game is won.
    assert {"Dealt", "CardPlayed", "TrickWon", "MotorWound", "TurboUsed", "TurboDeclined", "Moved", "LapCompleted",
            "RoundEnded", "MotorReleased", "FlagTaken:trick", "FlagTaken:last trick", "FlagTaken:leader",
            "GameWon:second lap", "GameWon:leader"} <= seen


def test_moves_and_their_captions_in_german_and_in_english():
    game = played(3)
    rolls = [e.move for e in game.events if isinstance(e, Moved) and e.move.roll is not None]
    downhill = next(m for m in rolls if m.roll == "downhill")
    uphill = next(m for m in rolls if m.roll == "uphill")
    n = downhill.track_length
    german = downhill.describe(game.names, lang="de")
    assert german.endswith(f"bis auf Feld {downhill.space}, das erste freie Feld danach.")
    english = downhill.describe(game.names, lang="en")
    assert english.endswith(f"to space {downhill.space}, the first empty space after the hill.")
    assert f"counts {downhill.steps} empty spaces and ends on downhill space {downhill.counted_end % n}" in english
    assert uphill.describe(game.names, lang="de").endswith("das letzte freie Feld vor dem Anstieg.")

    captions = downhill.captions(game.names, lang="de")
    assert len(captions) == len(downhill.path)
    counted = [c for c in captions if c.startswith("zählt Feld ")]
    assert counted[-1].endswith(f"({downhill.steps} von {downhill.steps})")
    assert any(c.startswith("rollt bergab weiter auf Feld ") for c in captions)
    assert all(c.startswith(("zählt Feld", "überspringt", "rollt")) for c in captions)
    assert downhill.captions(game.names, lang="en")[0].startswith(("counts space", "jumps"))
    assert any(c.startswith("rollt zurück auf Feld ") for c in uphill.captions(game.names, lang="de"))
    # A car that jumps others says so, in a German list.
    jumping = next(e.move for e in game.events if isinstance(e, Moved) and e.move.jumped)
    first = next(s for s in jumping.path if s.how.value == "jumped")
    assert f"überspringt {game.names[first.over]} auf Feld {first.progress % n}" in jumping.describe(game.names,
                                                                                                       lang="de")


def test_setup_steps_in_german_and_unchanged_in_english():
    game = Game.new(3, seed=4)
    german = setup_steps(game, lang="de")
    assert german[0] == ("Spielplan: die Strecke Vulkan, in der App ein Rundkurs mit 31 Feldern. Die Autos fahren im "
                         "Uhrzeigersinn; nur ein Anstieg kann ein Auto zurückrollen lassen.")
    assert german[1] == ("Autos und Motoren: eine Farbe für jeden, Ada (Weiß), Bo (Rot) "
                         "und Cy (Gelb).")
    assert german[4] == ("Karten: Bei 3 Spielern sind die Werte 2 bis 10 im Spiel, in Rot, Grün und Blau: 27 Karten. "
                         "Der Rest kommt zurück in die Schachtel.")
    assert german[5].startswith("Fahne: Ada nimmt die Startspieler-Fahne und spielt die erste Karte aus.")
    assert german[6] == ("Austeilen: Jeder bekommt 5 Karten für Runde 1; die übrigen 12 Karten liegen ungesehen "
                         "beiseite. Vor Runde 2 und 3 werden alle Karten neu gemischt und ausgeteilt (so lesen die "
                         "Lektionen die Regel).")
    beach = setup_steps(Game.new(5, track="beach", seed=2, first_player=3), lang="de")
    assert beach[0].startswith("Spielplan: die Strecke Strand, in der App ein Rundkurs mit 28 Feldern.")
    assert "Di (Lila) und Ed (Blau)" in beach[1]
    assert beach[5].endswith("in der App ist das Di.)")
    english = setup_steps(game, lang="en")
    assert english[0] == "Board: the volcano track, in this app a loop of 31 spaces. Cars drive round it clockwise; only an uphill can roll a car back."
    assert english[1] == ("Cars and motors: one color each, Ada white, Bo red "
                          "and Cy yellow.")
    assert english[6] == ("Deal: each player gets 5 cards for round 1; the other 12 lie aside, unseen. Before rounds 2 "
                          "and 3 all the cards are shuffled and dealt again (how the lessons read the rules).")
    every = setup_steps(Game.new(5, seed=2), lang="en")[4]
    assert every == "Cards: with 5 players all 45 cards are in play, the values 1 to 15 in red, green and blue."


def test_summary_and_refusals_in_german():
    game = Game.new(4, seed=6)
    lines = game.summary(lang="de").splitlines()
    assert lines[0] == "Runde 1, Ada hat die Startspieler-Fahne; Ada ist dran."
    assert lines[1].startswith("  Ada (Auto in Weiß): auf dem Startfeld, Motor 0 (Stellung 0), Handkarten ")
    assert game.summary(lang="en").splitlines()[1].startswith("  Ada (white car): on the grid, motor 0 (position 0)")
    assert game.why_illegal("turbo", lang="de") == ("Den Turbo wählt nur, wer gerade einen Stich gewonnen hat, "
                                                    "und zwar gleich danach. Jetzt muss Ada eine Karte ausspielen.")
    assert game.why_illegal("G3", seat=2, lang="de") == "Ada ist dran, nicht Cy."
    assert game.why_illegal("G3", seat=2, lang="en") == "It is Ada's turn, not Cy's."
    with rally.language("de"):
        with pytest.raises(IllegalAction, match="^Ada ist dran, nicht Bo.$"):
            game.apply(game.legal_actions()[0], seat=1)
    # Played on to a trick's end where the winner must choose about the turbo.
    bots = [HeuristicBot()] * 4
    play_bots(game, bots, random.Random(6), stop=lambda g: g.awaiting_turbo)
    assert game.awaiting_turbo
    winner = game.names[game.current_player]
    assert game.summary(lang="de").splitlines()[0].endswith(f"; {winner} entscheidet jetzt über den Turbo.")
    assert game.why_illegal(game.hands[0][0] if game.hands[0] else "G3", lang="de").startswith(
        f"{winner} hat den Stich gewonnen und entscheidet zuerst: Turbo nutzen")
    # Once over, the game says who won, in German.
    play_out(game, bots, random.Random(6))
    assert game.summary(lang="de").startswith(f"Spiel vorbei nach Runde {game.round}: {game.names[game.winner]} gewinnt.")
    assert game.why_illegal("G3", lang="de") == f"Das Spiel ist vorbei: {game.names[game.winner]} hat gewonnen."


def test_errors_in_german():
    with rally.language("de"):
        with pytest.raises(CardError, match=r"^„G16“ ist keine Karte: Schreib einen Farbbuchstaben R, G oder B"):
            Card.parse("G16")
        with pytest.raises(TrackError, match=r"^Eine Strecke beginnt mit dem Feld Start/Ziel \(S\), aber „\.\.S\.\.“ beginnt mit „\.“\.$"):
            rally.Track.parse("..S..")
        with pytest.raises(TrackError, match=r"^„x“ auf Feld 2 ist kein Streckenbuchstabe: ein Buchstabe für jedes Feld"):
            rally.Track.parse("S.x..")
        with pytest.raises(SetupError, match=r"^Die Strecke hat nur 4 flache Felder; 4 Autos brauchen mindestens 5"):
            Game.new(4, track="S.DU..")
        with pytest.raises(SetupError, match="^Die Spielerzahl bei Stich Rallye "):
            Game.new(7)
        with pytest.raises(SetupError, match=r"^Gib für jeden Platz einen Computerspieler an \(None für einen "
                                             r"Menschen\): 3 nötig, 2 angegeben\.$"):
            play_bots(Game.new(3, seed=1), [None, None], random.Random(1))
    with pytest.raises(CardError, match=r"^“G16” is not a card: write a color letter R, G or B"):
        with rally.language("en"):
            Card.parse("G16")


def test_words_code_looks_up_stay_english():
    with rally.language("de"):
        assert rally.CAR_COLORS == ("white", "red", "yellow", "purple", "blue")
        assert _(rally.CAR_COLORS[3]) == "Lila"
        assert rally.TRACKS["volcano"].name == "volcano" and rally.TRACKS["volcano"].shown_name == "Vulkan"
        assert rally.TRACKS["beach"].shown_name == "Strand"
        assert rally.SpaceKind.DOWNHILL.word == "downhill" and _(rally.SpaceKind.DOWNHILL.word) == "bergab"
        assert Card.parse("G11").describe() == "Grün 11"
        assert str(rally.Turbo(True)) == "turbo"  # an action code, read back by parse_action
    assert Card.parse("G11").describe(lang="en") == "green 11"
    assert rally.TRACKS["volcano"].shown_name in ("volcano", "Vulkan")  # as the environment's language says


def test_lang_is_for_one_call_only():
    game = played(8)
    before = rally.get_language()
    german = game.narrate(lang="de")
    assert german[0] == "Runde 1: Jeder bekommt 5 Karten."
    assert game.narrate(lang="en")[0] == "Round 1: each player gets 5 cards."
    assert [e.describe(game.names, lang="de") for e in game.events] == german
    assert rally.get_language() == before
