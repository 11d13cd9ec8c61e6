"""The advisor, the game review, the win-rate table and the command line in German
(issue 18), and the same calls still in English.

Every position is one a seeded game reaches (``rally.stich_rallye.examples``); every expected number
comes from the engine, never typed in. These tests pass once the German catalog holds the
translations of rally/stich_rallye/advisor.py, review.py, analysis.py, bots.py and cli.py.
"""

from __future__ import annotations

import random

import pytest

import rally
from rally import HeuristicBot, RandomBot, advise, examples, explain_trick, language, parse_cards, review, trick_winner
from rally.stich_rallye.analysis import win_rates
from rally.cli import main
from rally.stich_rallye.game import Game, Turbo


@pytest.fixture(scope="module")
def turbo_advice() -> rally.Advice:
    return advise(examples.turbo_dilemma(), playouts=100, seed=1)


@pytest.fixture(scope="module")
def card_advice() -> rally.Advice:
    return advise(examples.lone_color_lead(), playouts=100, seed=1)


@pytest.fixture(scope="module")
def game_review() -> tuple[rally.Review, rally.Review]:
    """One review of a whole seeded game, made twice: explanations in German and in English."""
    game = examples.played(3, 5, 1000)
    return (review(game, seat=0, playouts=20, seed=1, lang="de"),
            review(game, seat=0, playouts=20, seed=1, lang="en"))


def test_the_advisor_speaks_german(turbo_advice: rally.Advice, card_advice: rally.Advice) -> None:
    name = turbo_advice.position.player_names[turbo_advice.seat]
    best = turbo_advice.best
    with language("de"):
        sentence, hint, table = turbo_advice.sentence(), turbo_advice.hint(), turbo_advice.table()
        words = {o.label: o.word for o in turbo_advice.options}
    assert words == {"turbo": "Turbo nutzen", "no turbo": "Ohne Turbo"}
    assert sentence.startswith(f"Für {name} hat „{words[best.label]}“ {100 * best.win_rate:.0f}\xa0% von "
                               f"{best.playouts} Probespielen gewonnen.")
    assert "Computerspielern" in sentence
    turbo_hint = "Nutz den Turbo! So gab es in" if best.action.use else "Fahr ohne Turbo! So gab es in"
    assert hint.startswith(f"{turbo_hint} {best.playouts} Probespielen") and "%" not in hint
    assert " wurde " not in hint  # no passive: who won is said
    assert "Mit Turbo: " in hint and "Ohne Turbo: " in hint  # what each choice does, in the rules' words
    head, *rows = table.splitlines()
    assert head.split() == ["Wahl", "Gewinnchance", "Intervall", "(99", "%)", "Felder", "gefahren", "Probespiele"]
    assert "Intervall (99\xa0%)" in head and "," in rows[0] and "." not in rows[0]  # 99 %, 52,7 %
    assert [row.split("  ")[0].strip() for row in rows[:2]] == [words[o.label] for o in turbo_advice.options]
    assert rows[2].startswith("Felder gefahren: wie weit das Auto")
    # A card keeps its code; lang= speaks for one call only.
    assert card_advice.table(lang="de").splitlines()[1].startswith(card_advice.options[0].label)
    assert card_advice.hint(lang="de").startswith(f"Spiel {card_advice.best.label} ({card_advice.best.action.describe('de')})! In ")
    assert turbo_advice.sentence(lang="en").startswith(f"For {name}, {best.label} won {best.win_rate:.0%} of "
                                                       f"{best.playouts} test games")
    assert turbo_advice.table().splitlines()[0].split() == ["option", "win", "chance", "99%", "interval", "spaces",
                                                            "driven", "playouts"]


def test_judging_a_guess_in_german(card_advice: rally.Advice) -> None:
    best = card_advice.best
    for option in card_advice.options:
        german = card_advice.judge(option.label, lang="de")
        english = card_advice.judge(option.label, lang="en")
        if option is best:
            assert german.startswith(f"✔ Deine Vermutung, „{best.label}“, ist auch die Wahl des Ratgebers.")
            assert english.startswith(f"✔ Your guess, {best.label}, is the advisor's pick too.")
        else:
            assert german.startswith(f"{english[0]} Du hast „{option.label}“ gewählt ({100 * option.win_rate:.0f}\xa0%). "
                                     f"Der Ratgeber wählt „{best.label}“ ({100 * best.win_rate:.0f}\xa0%)")
    with language("de"), pytest.raises(rally.SetupError, match="^Deine Vermutung muss eine der Möglichkeiten"):
        card_advice.judge("turbo")


def test_a_review_speaks_german(game_review: tuple[rally.Review, rally.Review]) -> None:
    german, english = game_review
    # The same verdicts, whatever the language: the review is seeded.
    assert [(d.chosen.label, d.best.label, d.cost) for d in german.decisions] == \
           [(d.chosen.label, d.best.label, d.cost) for d in english.decisions]
    made, best = len(german.choices), sum(d.cost == 0 for d in german.choices)
    name = german.names[german.seat]
    assert german.sentence(lang="de").startswith(f"{name} hatte {made}-mal eine echte Wahl und hat {best}-mal so "
                                                 f"gewählt wie der Ratgeber")
    assert english.sentence(lang="en").startswith(f"{name} had a real choice {made} times; {best} of those")
    assert german.table(lang="de").splitlines()[0].split() == ["#", "Runde", "Stich", "Gewählt", "Gewinnchance", "Beste",
                                                               "Gewinnchance", "Verlust"]
    with language("de"):
        for d in german.decisions:
            action = d.chosen.action
            if isinstance(action, Turbo):
                did = "Du hast den Turbo genutzt" if action.use else "Du bist ohne Turbo gefahren"
            else:
                did = f"Du hast ihn mit {action} eröffnet" if not d.position.trick else f"Du hast {action} gespielt"
            assert d.label == f"Runde {d.round}, Stich {d.trick}: {did}"
            # Where the rules settled the trick at once, the explanation starts with that reason.
            said = did.replace("Du hast ihn mit", "Du hast den Stich mit")  # in a sentence of its own: the trick named
            assert d.explanation.startswith((said, f"Mit {action} "))
    for d in english.decisions:
        assert d.label.startswith(f"Round {d.round}, trick {d.trick}: you ")
        assert d.explanation.startswith(("You ", f"{d.chosen.action} wins", f"{d.chosen.action} loses"))


def test_win_rates_in_german() -> None:
    result = win_rates({"heuristic": HeuristicBot, "random": RandomBot}, players=4, games=20, seed=1)
    german = result.table(lang="de").splitlines()
    assert german[0].split() == ["Computerspieler", "Gewinnrate", "Intervall", "(95", "%)"]
    assert german[-1] == "(20 Spiele, 4 Spieler; ein gerechter Anteil wäre 25,0\xa0%)"
    assert result.table().splitlines()[-1] == f"(20 games, 4 players; a fair share would be {1 / 4:.1%})"


def test_explain_on_the_command_line_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    before = rally.get_language()
    cards = "G11 R5 B7 G3".split()
    trick = parse_cards(cards)
    winner = trick_winner(trick)
    assert main(["explain", "--lang", "de", *cards]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"G11 R5 B7 G3: Karte {winner + 1} ({trick[winner]}) gewinnt.",
                   explain_trick(trick, lang="de").sentence]
    assert rally.get_language() == before  # --lang speaks for the one command
    assert main(["--lang", "en", "explain", *cards]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"G11 R5 B7 G3: card {winner + 1} ({trick[winner]}) wins."


def test_simulate_on_the_command_line_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--lang", "de", "--seed", "3", "--brief"]) == 0
    german = capsys.readouterr().out.splitlines()
    assert main(["simulate", "--lang", "en", "--seed", "3", "--brief"]) == 0
    english = capsys.readouterr().out.splitlines()
    game = Game.new(4, seed=3)
    rally.play_out(game, [HeuristicBot() for _seat in range(4)], random.Random(3))
    assert game.winner is not None
    names = game.names
    assert len(german) == len(english)
    assert german[0].startswith("Stich Rallye: 4 Spieler auf der Strecke ")
    assert german[0].endswith(f"({len(game.track)} Felder), Startwert 3, sorgfältige Computerspieler (heuristic).")
    assert english[0] == (f"Stich Rallye: 4 players on the volcano track ({len(game.track)} spaces), seed 3, "
                          "heuristic bots.")
    assert german[1] == (f"Spieler: {names[0]} (weißes Auto), {names[1]} (rotes Auto), {names[2]} (gelbes Auto), "
                         f"{names[3]} (lila Auto).")
    assert [line for line in german if line.startswith("==")] == ["== Runde 1 ==", "== Runde 2 ==", "== Runde 3 =="]
    assert german[-2].startswith("Endstand: ") and "Abschnitt" in german[-2] and "Felder" in german[-2]
    assert german[-1] == f"Gewinner: {names[game.winner]}."
    assert english[-1] == f"Winner: {names[game.winner]}."


def test_help_and_tracks_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--lang", "de", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m rally simulate")  # argparse's own words stay
    assert "3, 4 oder 5 (Standard 4)" in text and "die Sprache der Ausgabe" in text
    assert main(["tracks", "--lang", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    volcano = rally.TRACKS["volcano"]
    assert f"volcano: {len(volcano)} Felder, davon {volcano.count(rally.SpaceKind.DOWNHILL)} bergab und " \
           f"{volcano.count(rally.SpaceKind.UPHILL)} bergauf" in lines
    assert lines[-1].startswith("(Nachbildungen der gedruckten Spielpläne")
