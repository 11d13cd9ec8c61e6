"""TrackFigure on a narrow screen (issue 41, item 5): the page tells the figure the room it
has (``probe.room``, as the page writes it), and in less room than its own width the figure
is laid out again for it (the key below the track, no word under 12 px, markers a finger
can find), then laid out wide again in room enough, exactly as a kernel with no page draws
it. What a page may write of the room is checked too."""

from __future__ import annotations

import pytest
from plotly.callbacks import Points

import rally
from rally import TRACKS, Track, move
from widgets import MovePlayer, TrackFigure
from widgets.plotly_view import NARROWEST
from widgets.stich_rallye.track_figure import (
    ACROSS, CAPTION, CARS_FIRST, NARROW_FONT, SPACES, SUMMARY, TRAIL, TRAIL_LABELS, UP,
)

#: A phone's room, and a laptop's.
PHONE, LAPTOP = 360, 1200


def font_sizes(fig: TrackFigure) -> dict[str, float]:
    """Every font size the figure sets, by where it is set (the layout's fonts, the legend's,
    the hover label's, each trace's text and each annotation's), Plotly's theme left out."""
    found: dict[str, float] = {}

    def walk(node, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "template":
                    continue
                if key in ("font", "textfont") and isinstance(value, dict) and value.get("size") is not None:
                    found[f"{path}.{key}"] = value["size"]
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}[{i}]")

    walk(fig.plot.to_plotly_json(), "")
    return found


def drawn(fig: TrackFigure) -> dict:
    """The figure as sent to the page, without Plotly's random trace ids."""
    figure = fig.plot.to_plotly_json()
    for trace in figure["data"]:
        trace.pop("uid", None)
    return figure


def midway(room: int | None = None) -> TrackFigure:
    """Lesson 3's sandbox two steps into its move, told ``room`` by the page first if given."""
    fig = TrackFigure(TRACKS["volcano"], positions=[0, 3, 7])
    if room is not None:
        fig.probe.set_state({"room": room})
    fig.show_move(move(TRACKS["volcano"], [0, 3, 7], 0, 3))
    fig.step()
    fig.step()
    return fig


def check_narrow(fig: TrackFigure, width: int) -> None:
    layout = fig.plot.layout
    assert layout.width == width and fig.probe.width == width  # no scaling down left for the page
    # The key below the track, left under it, in words of at least 12 px.
    assert layout.legend.y <= 0 and layout.legend.yanchor == "top" and layout.legend.x == 0
    assert layout.margin.b > 100 and layout.margin.l == layout.margin.r  # the track in the middle
    small = {where: size for where, size in font_sizes(fig).items() if size < NARROW_FONT}
    assert small == {}
    assert layout.hoverlabel.font.size >= NARROW_FONT  # a tap on a space says its number
    # Markers a finger can find, cars big enough for their initial.
    assert min(fig.plot.data[SPACES].marker.size) >= 9
    cars = [fig.plot.data[CARS_FIRST + seat] for seat in range(len(fig.names))]
    assert all(car.marker.size >= 20 and car.textfont.size >= NARROW_FONT for car in cars)
    # The whole track still fits: the plot keeps the stadium's proportions (1:1 axes).
    across = layout.width - layout.margin.l - layout.margin.r
    up = layout.height - layout.margin.t - layout.margin.b
    assert across / up == pytest.approx(ACROSS / UP, rel=0.02)
    # Cars waiting on the starting grid stand side by side, none over another's initial.
    grid = sorted(car.x[0] for car, progress in zip(cars, fig.positions) if progress == 0)
    pixels = across / ACROSS
    assert all((b - a) * pixels >= fig.look.car for a, b in zip(grid, grid[1:]))
    assert -layout.shapes[0].x0 >= max(grid, default=0) + fig.look.car / 2 / pixels  # in the grid's box


def test_a_phone_gets_the_narrow_layout_and_a_laptop_the_wide_one_back():
    fig = midway()
    wide = drawn(fig)
    assert fig.plot.layout.width == 720 and fig.plot.layout.legend.x > 1  # the key beside the track
    fig.probe.set_state({"room": PHONE})  # as the page writes it
    check_narrow(fig, PHONE)
    assert fig.plot.layout.annotations[CAPTION].text == fig.caption  # the step's words, below the track
    assert fig.plot.layout.annotations[CAPTION].yref == "paper"
    fig.probe.set_state({"room": LAPTOP})
    assert drawn(fig) == wide  # exactly what a kernel with no page draws
    assert fig.probe.width == 720


def test_the_narrow_layout_follows_a_move_to_its_end_and_keeps_the_track_in_place():
    fig = midway(PHONE)
    before = (fig.plot.layout.margin.l, fig.plot.layout.margin.t, fig.plot.layout.width,
              fig.plot.layout.height - fig.plot.layout.margin.b)  # where the plot is: the track
    height = fig.plot.layout.height
    fig.skip()
    check_narrow(fig, PHONE)
    summary = fig.plot.layout.annotations[SUMMARY]
    assert summary.text.startswith("Ada moves 3 from the grid") and "<br>" in summary.text
    assert fig.plot.layout.height > height  # grown for the summary below the track
    after = (fig.plot.layout.margin.l, fig.plot.layout.margin.t, fig.plot.layout.width,
             fig.plot.layout.height - fig.plot.layout.margin.b)
    assert after == before
    # Every step's mark is still there: numbers for counted steps, words for the others.
    assert list(fig.plot.data[TRAIL_LABELS].text) == ["1", "2", "jump", "3", "roll", ""]  # one word for two rolls
    assert len(fig.plot.data[TRAIL].x) == len(fig.current_move.path)
    # Back to the start of a move the figure keeps its height: the buttons below stay put.
    fig.show_move(move(TRACKS["volcano"], fig.positions, 1, 2))
    assert fig.plot.layout.height == after[3] + fig.plot.layout.margin.b and fig.plot.layout.height > height
    # Wide again, it is what a kernel with no page draws after the same steps.
    fig.probe.set_state({"room": LAPTOP})
    twin = TrackFigure(TRACKS["volcano"], positions=[0, 3, 7])
    twin.show_move(move(TRACKS["volcano"], [0, 3, 7], 0, 3))
    twin.skip()
    twin.show_move(move(TRACKS["volcano"], twin.positions, 1, 2))
    assert drawn(fig) == drawn(twin)


def test_choices_clicks_and_five_cars_in_the_narrow_layout():
    track = TRACKS["beach"]
    fig = TrackFigure(track, [0, 0, 0, 0, 0], width=590, height=270)  # the game's figure
    fig.probe.set_state({"room": 330})  # a phone's, in the app view
    turbo = move(track, [0] * 5, 1, 4)
    fig.show_choices([("turbo", turbo)], caption="Bo chooses")
    check_narrow(fig, 330)
    # The ring goes round the end space's marker, 16 px across or more on a phone; its label
    # stands beside where the car would stand.
    ring, label = fig.plot.data[CARS_FIRST + 5], fig.plot.data[CARS_FIRST + 6]
    assert (ring.x[0], ring.y[0]) == fig.space_xy(turbo.final)
    assert label.text == ("turbo",) and ring.marker.size >= 16
    clicked = []
    fig.on_space_click(clicked.append)
    fig.probe.set_state({"room": 500})  # a window turned: laid out again, still clickable
    fig.plot.data[SPACES]._dispatch_on_click(
        Points(point_inds=[4], xs=[0], ys=[0], trace_name="spaces", trace_index=SPACES), None)
    assert clicked == [4]
    check_narrow(fig, 500)
    assert fig.plot.layout.margin.l > 20  # the track no bigger than on a laptop: centred


@pytest.mark.parametrize("room", [NARROWEST - 60, 1])
def test_less_room_than_the_narrowest_layout_leaves_the_rest_to_the_page(room):
    fig = TrackFigure(TRACKS["volcano"], [0, 3, 7])
    fig.probe.set_state({"room": room})
    assert fig.plot.layout.width == NARROWEST == fig.probe.width  # the page scales that down
    assert min(font_sizes(fig).values()) >= NARROW_FONT


def test_room_enough_or_no_room_told_keeps_the_wide_layout():
    fig = TrackFigure(TRACKS["volcano"], [0, 3, 7])
    wide = drawn(fig)
    for room in (720, 0, 5000):
        fig.probe.set_state({"room": room})
        assert drawn(fig) == wide


@pytest.mark.parametrize("room", [-5, 10**6, 360.5, "360", True, None])
def test_a_room_no_screen_has_is_refused(room):
    fig = TrackFigure(TRACKS["volcano"], [0, 3, 7])
    fig.probe.set_state({"room": PHONE})
    fig.probe.set_state({"room": room})  # no traceback: refused, the layout stays
    assert fig.probe.room == PHONE and fig.plot.layout.width == PHONE


def test_the_words_of_a_long_german_key_fit_the_narrow_layout():
    rally.set_language("de")
    try:
        fig = MovePlayer(Track.parse("S.........D..U...."), [2, 3], move(Track.parse("S.........D..U...."), [2, 3], 0, 4),
                         names=["Nyota", "Michael"], colors=["red", "yellow"]).figure
        fig.probe.set_state({"room": PHONE})
        fig.skip()
        check_narrow(fig, PHONE)
        assert "Abschnitt" in fig.plot.data[CARS_FIRST].name
    finally:
        rally.set_language("en")
