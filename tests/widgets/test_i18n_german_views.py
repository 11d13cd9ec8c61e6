"""German widgets show no English command, choice, track or bot word and no number in
English form (the same check as ``tests/engine/test_german.py`` makes of the engine)."""

from __future__ import annotations

import rally
from english_phrases import english_words
from test_i18n_plain_text import build_every_kind


def shown_by(widget: object) -> list[str]:
    """Every text a widget shows: its words (descriptions, values, labels, titles, options,
    tooltips, its plain text) and its Plotly figures' texts, through all its children.
    The widget's codes (a position code in a copy button, the data of a chart) are left out."""
    import ipywidgets

    texts: list[str] = [repr(widget)]
    seen: set[int] = set()

    def walk(w: object) -> None:
        if id(w) in seen or not isinstance(w, ipywidgets.Widget):
            return
        seen.add(id(w))
        for key in w.keys:
            if key.startswith("_") or key in ("layout", "style", "button_style", "box_style", "bar_style", "icon",
                                              "orientation", "text", "code", "mode", "tabbable"):
                continue
            value = getattr(w, key, None)
            if isinstance(value, str):
                texts.append(value)
            elif isinstance(value, dict):
                texts.extend(str(v) for v in value.values() if isinstance(v, str))
            elif isinstance(value, (list, tuple)):
                for item in value:
                    if isinstance(item, ipywidgets.Widget):
                        walk(item)
                    elif isinstance(item, str):
                        texts.append(item)
                    elif isinstance(item, dict):
                        # A card's code and a tile's target ("reveal": the page shows its
                        # label's words for it) are keys, never shown.
                        texts.extend(str(v) for k, v in item.items()
                                     if isinstance(v, str) and k not in ("code", "target"))
        if hasattr(w, "_options_labels"):
            texts.extend(w._options_labels)
        plot = getattr(w, "plot", None)
        if plot is not None:
            layout = plot.layout
            texts.extend([str(layout.title.text or ""), str(layout.xaxis.title.text or ""),
                          str(layout.yaxis.title.text or "")])
            texts.extend(str(a.text) for a in layout.annotations)
            for trace in plot.data:
                texts.append(str(trace.name or ""))
                for field in ("x", "hovertext", "text"):
                    values = getattr(trace, field, None)
                    if isinstance(values, (list, tuple)):
                        texts.extend(str(v) for v in values if isinstance(v, str))
        for child in (getattr(w, "children", None) or ()):
            walk(child)

    walk(widget)
    return texts


def test_no_english_command_word_or_number_in_what_a_german_widget_shows():
    with rally.language("de"):
        built = build_every_kind()
        board = built["RallyRunBoard"]
        game = board.game
        first = next(a for a in game.legal_actions() if hasattr(a, "cell"))
        board.click(str(first.cell))  # a tile turned up: the board offers its rotations
        shown = {name: shown_by(widget) for name, widget in built.items()}
    found = {name: english_words(texts) for name, texts in shown.items()}
    assert {name: words for name, words in found.items() if words} == {}
    assert any("Turbo nutzen" in t for t in shown["WhatIf"]) and any("Ohne Turbo" in t for t in shown["AdviceChart"])
    assert any("Strand" in t for t in shown["GameSetup"])


def test_the_what_if_buttons_show_german_words_and_read_them_back():
    from widgets import WhatIf

    with rally.language("de"):
        lesson = WhatIf(rally.stich_rallye.examples.turbo_dilemma(), playouts=20, seed=1)
        assert [word for word, _code in lesson.choice.options] == ["Turbo nutzen", "Ohne Turbo"]
        lesson.predict("Ohne Turbo")  # the words on the button, as a learner would type them
        assert lesson.prediction == "no turbo" and lesson.choice.value == "no turbo"
        lesson.ask()
        bars = list(lesson.advisor.chart.plot.data[0].x)
    assert sorted(bar.replace(" ★", "") for bar in bars) == ["Ohne Turbo", "Turbo nutzen"]
