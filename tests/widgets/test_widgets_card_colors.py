"""Card faces take their color class from the color's key, never from the translated word
(issue 41: in German every card was drawn black on white, its class ``rally-card--Rot``
matching no rule of card_face.css)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rally
from rally import Card, examples
from widgets import CardHand, GameView, TrickTable
from widgets.style import card_face

CSS = (Path(__file__).parents[2] / "widgets" / "stich_rallye" / "card_face.css").read_text(encoding="utf-8")
#: The colors card_face.css styles: ``.rally-card--red { --card-ink: ...; border-color: ... }``.
STYLED = {m.group(1): m.group(2) for m in re.finditer(r"\.rally-card--(\w+) \{([^}]*)\}", CSS)
          if "--card-ink" in m.group(2) and "border-color" in m.group(2)}


def classes(face: dict) -> list[str]:
    """The classes card_hand.js and trick_table.js give a card face (``rally-card--${card.color}``)."""
    return [f"rally-card--{face['color']}", f"rally-card--{face['pattern']}"]


def test_the_style_sheet_styles_each_color_key():
    assert set(STYLED) == {"red", "green", "blue"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_face_says_its_color_as_a_key_and_as_a_word(lang):
    with rally.language(lang):
        faces = {code: card_face(Card.parse(code)) for code in ("R5", "G11", "B7")}
    assert [faces[c]["color"] for c in ("R5", "G11", "B7")] == ["red", "green", "blue"]
    words = [faces[c]["color_word"] for c in ("R5", "G11", "B7")]
    assert words == (["red", "green", "blue"] if lang == "en" else ["Rot", "Grün", "Blau"])


def test_a_german_game_view_draws_its_cards_in_their_colors():
    with rally.language("de"):
        view = GameView(3, track="beach", seed=4)
        view.play_card(view.hand.playable[0])
        faces = [*view.hand.cards, *(row["card"] for row in view.trick_table.plays)]
        assert view.trick_table.plays and len(faces) > 3
        for face in faces:
            color = face["color"]
            assert color in STYLED, f"{face['code']}: class rally-card--{color} has no color in card_face.css"
            assert classes(face)[0] == f"rally-card--{dict(R='red', G='green', B='blue')[face['code'][0]]}"
            assert face["color_word"] in ("Rot", "Grün", "Blau")  # the word on the card stays German
        view.close()


def test_german_trick_tables_and_hands_carry_color_keys():
    game = examples.played(4, 7, 60)
    with rally.language("de"):
        table, hand = TrickTable(), CardHand(["R5", "G11", "B7"])
        cards = next(e for e in game.events if isinstance(e, rally.TrickWon))
        table.show_trick(cards.cards, cards.seats, game.names)
    assert {row["card"]["color"] for row in table.plays} <= set(STYLED)
    assert [row["color"] for row in hand.cards] == ["red", "green", "blue"]


def test_the_site_s_pictures_of_cards_carry_color_keys():
    """The pictures the site shows before Python is ready (site/pictures/) hold cards too."""
    kinds = set(STYLED) | {"small", "stripes", "dots", "plain", "waiting"}
    folder = Path(__file__).parents[2] / "site" / "pictures"
    found = {(path.relative_to(folder).as_posix(), kind) for path in sorted(folder.rglob("*.json"))
             for kind in re.findall(r"rally-card--([\w-]+)", path.read_text(encoding="utf-8"))}
    assert found and {(path, kind) for path, kind in found if kind not in kinds} == set()
