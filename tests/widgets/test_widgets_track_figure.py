"""TrackFigure: the drawn track matches rally's track, cars sit on their spaces, and
moves are shown exactly along ``Move.path``."""

from __future__ import annotations

import asyncio
import math

import pytest

import rally
from rally import TRACKS, Track, move
from widgets import TrackFigure
from widgets.stich_rallye.track_figure import CARS_FIRST, INSIDE_LINES, RADIUS, SPACES, STRAIGHT, SUMMARY, TRAIL
from widgets.stich_rallye.track_layout import ACROSS

EXPECTED_SYMBOL = {"S": "star", ".": "circle", "D": "triangle-down", "U": "triangle-up"}
TRACK_TEXTS = [str(TRACKS["volcano"]), str(TRACKS["beach"]), "S..D.U..", "S" + "..DD..U.." * 7 + "."]


def nearest_space(fig: TrackFigure, x: float, y: float) -> int:
    n = len(fig.track)
    return min(range(n), key=lambda s: math.dist(fig.space_xy(s), (x, y)))


@pytest.mark.parametrize("text", TRACK_TEXTS)
def test_space_markers_follow_the_kinds(text):
    track = Track.parse(text)
    fig = TrackFigure(track)
    marker = fig.plot.data[SPACES].marker
    assert len(fig.plot.data[SPACES].x) == len(track)
    assert list(marker.symbol) == [EXPECTED_SYMBOL[k.value] for k in track.kinds]
    color_of = {}
    for kind, color in zip(track.kinds, marker.color):
        assert color_of.setdefault(kind, color) == color  # one color per kind
    assert len(set(color_of.values())) == len(color_of)  # and the kinds' colors differ
    assert list(fig.plot.data[SPACES].customdata) == list(range(len(track)))


@pytest.mark.parametrize("text", TRACK_TEXTS)
def test_every_track_is_the_same_stadium(text):
    fig = TrackFigure(Track.parse(text))
    half = STRAIGHT / 2
    for space in range(len(fig.track)):
        x, y = fig.space_xy(space)
        if abs(x) <= half + 1e-9:
            assert abs(abs(y) - RADIUS) < 1e-9  # on a straight
        else:
            centre = (math.copysign(half, x), 0.0)
            assert abs(math.dist((x, y), centre) - RADIUS) < 1e-9  # on an end
    assert fig.space_xy(0) == (0.0, RADIUS)  # the start/finish: middle of the top straight
    x1, _ = fig.space_xy(1)
    assert x1 > 0  # clockwise: the first space is to the right of the start


def test_cars_sit_on_their_spaces_and_never_hide_each_other():
    track = TRACKS["volcano"]
    fig = TrackFigure(track, positions=[0, 0, 0, 0, 0])
    grid = [fig.car_xy(s) for s in range(5)]
    assert len(set(grid)) == 5  # five cars on the grid, five spots
    positions = [0, 3, 31, 37, 0]  # a car a lap ahead stands on the start while others wait
    fig.set_positions(positions)
    spots = [fig.car_xy(s) for s in range(5)]
    for seat, progress in enumerate(positions):
        if progress:
            assert nearest_space(fig, *spots[seat]) == progress % len(track)
    for a in range(5):
        for b in range(a + 1, 5):
            assert math.dist(spots[a], spots[b]) > 0.15, (a, b)


def test_car_markers_are_labelled_in_their_colors_with_lap_and_side():
    fig = TrackFigure(TRACKS["beach"], positions=[0, 30, 6], names=["Ann", "Bob", "Amy"])
    cars = [fig.plot.data[CARS_FIRST + s] for s in range(3)]
    assert [c.marker.color for c in cars] == ["#ffffff", "#d7263d", "#f6c90e"]
    assert cars[0].marker.line.color == "#1f2937" and cars[0].marker.line.width >= 1.5  # white needs an outline
    assert [c.text[0] for c in cars] == ["An", "B", "Am"]  # clashing initials get two letters
    assert cars[0].name == "Ann · starting grid · lap 1"
    assert cars[1].name == "Bob · space 2 · lap 2"  # 30 // 28 == 1 lap completed
    assert cars[2].name == "Amy · space 6 · lap 1"
    assert "red side" in cars[1].hovertext[0] and "yellow side" in cars[2].hovertext[0]


def test_hover_text_names_space_kind_and_who_stands_there():
    fig = TrackFigure(TRACKS["volcano"], positions=[0, 3, 7])
    hover = fig.plot.data[SPACES].hovertext
    assert hover[3] == "Space 3: flat<br>here: Bo (red car)"
    assert hover[4] == "Space 4: downhill"
    assert hover[9] == "Space 9: uphill"
    assert hover[0] == "Space 0: start/finish<br>on the starting grid: Ada (white car)"


def test_show_move_visits_exactly_the_path():
    track = TRACKS["volcano"]
    positions = [0, 3, 7]
    m = move(track, positions, 0, 3)  # jumps Bo on 3, ends on a downhill and rolls
    assert {s.how.value for s in m.path} == {"counted", "jumped", "rolled"}
    fig = TrackFigure(track, positions)
    fig.show_move(m)
    assert fig.frames_shown == () and fig.frames_left == len(m.path)
    assert fig.positions == (0, 3, 7) and fig.car_xy(0) == fig.car_spot((0, 3, 7), 0)
    captions = m.captions(fig.names)
    seen = []
    while True:
        more = fig.step()
        frame = fig.frames_shown[-1]
        seen.append(frame.progress)
        assert fig.caption == captions[len(seen) - 1] == frame.caption
        assert fig.positions[0] == frame.progress and fig.positions[1:] == (3, 7)
        assert nearest_space(fig, *fig.car_xy(0)) == frame.progress % len(track)
        assert len(fig.plot.data[TRAIL].x) == len(seen)
        if not more:
            break
    assert seen == [s.progress for s in m.path]
    assert [f.how for f in fig.frames_shown] == [s.how.value for s in m.path]
    assert fig.step() is False and fig.positions == (m.final, 3, 7)
    assert fig.summary == m.describe(fig.names)


def test_a_passing_car_does_not_hide_the_jumped_one():
    track = TRACKS["volcano"]
    m = move(track, [0, 3, 7], 0, 3)
    fig = TrackFigure(track, [0, 3, 7])
    fig.show_move(m)
    fig.step(), fig.step(), fig.step()  # the third step enters Bo's space
    assert fig.frames_shown[-1].how == "jumped" and fig.positions[:2] == (3, 3)
    assert math.dist(fig.car_xy(0), fig.car_xy(1)) > 0.15


def test_the_key_never_puts_two_cars_on_one_space_while_one_jumps():
    track = TRACKS["volcano"]
    fig = TrackFigure(track, [0, 3, 7], names=["Ada", "Bo", "Cy"])
    fig.show_move(move(track, [0, 3, 7], 0, 3))
    keys = []
    while fig.step():
        keys.append((fig.frames_shown[-1].how, fig.plot.data[CARS_FIRST].name, fig.plot.data[CARS_FIRST + 1].name))
    jumped = [(ada, bo) for how, ada, bo in keys if how == "jumped"]
    assert jumped == [("Ada · jumping · lap 1", "Bo · space 3 · lap 1")]
    assert all("jumping" not in ada for how, ada, _bo in keys if how != "jumped")
    assert fig.plot.data[CARS_FIRST].name == f"Ada · space {fig.positions[0]} · lap 1"


def test_show_final_state_at_once_and_skip():
    track = TRACKS["volcano"]
    m = move(track, [0, 3, 7], 0, 3)
    fig = TrackFigure(track, [0, 3, 7])
    fig.show_move(m, animate=False)
    assert fig.frames_left == 0 and [f.progress for f in fig.frames_shown] == [m.final]
    assert fig.positions == (m.final, 3, 7)
    assert len(fig.plot.data[TRAIL].x) == len(m.path)  # the whole path is marked
    fig.show_move(move(track, fig.positions, 1, 2))
    fig.step()
    fig.skip()
    assert fig.positions[1] == fig.current_move.final and fig.frames_left == 0
    first = move(track, fig.positions, 2, 4)
    fig.show_move(first)
    fig.step()  # the next move starts while this one is still being shown
    after_first = (fig.positions[0], fig.positions[1], first.final)
    fig.show_move(move(track, after_first, 0, 1))
    while fig.step():
        pass
    assert fig.positions[2] == first.final and fig.positions[0] == fig.current_move.final


def test_moves_keyed_by_name_and_zero_steps():
    track = Track.parse("S....D..U....")
    fig = TrackFigure(track, [3, 4], names=["Ann", "Bo"])
    m = move(track, {"Ann": 3, "Bo": 4}, "Ann", 2)
    fig.show_move(m, animate=False)
    assert fig.positions == (6, 4)
    assert fig.frames_shown[-1].caption == m.captions()[-1]
    still = move(track, {"Ann": 6, "Bo": 4}, "Bo", 0)
    fig.show_move(still)
    assert fig.positions == (6, 4) and fig.frames_left == 0 and fig.caption == "Bo does not move."


def test_bad_input_raises_rally_errors_and_keeps_the_figure():
    fig = TrackFigure(TRACKS["volcano"], [0, 3, 7])
    before = (fig.positions, fig.plot.data[CARS_FIRST].x)
    with pytest.raises(rally.PositionError):
        fig.set_positions([0, 4, 7])  # space 4 is downhill
    with pytest.raises(rally.SetupError):
        fig.set_positions([0, 3])
    with pytest.raises(rally.TrackError):
        fig.show_move(move(TRACKS["beach"], [0, 3, 7], 0, 2))
    with pytest.raises(rally.PositionError):
        fig.show_move(move(TRACKS["volcano"], {9: 0}, 9, 2))
    assert (fig.positions, fig.plot.data[CARS_FIRST].x) == before
    with pytest.raises(rally.TrackError):
        TrackFigure("volcano")  # type: ignore[arg-type]
    with pytest.raises(rally.SetupError):
        TrackFigure(TRACKS["volcano"], [0] * 6)
    with pytest.raises(rally.SetupError, match="Each player needs a different name"):
        TrackFigure(TRACKS["volcano"], [0, 3], names=["Ann", "Ann"])
    with pytest.raises(rally.SetupError, match="The game needs 2 different names"):
        TrackFigure(TRACKS["volcano"], [0, 3], names=["Ann"])


def test_play_steps_through_without_a_loop_and_on_a_timer_with_one():
    track = TRACKS["volcano"]
    fig = TrackFigure(track, [0, 3, 7])
    fig.show_move(move(track, [0, 3, 7], 0, 3))
    assert fig.play() is None and fig.frames_left == 0  # no event loop: all at once

    async def timed():
        fig.show_move(move(track, fig.positions, 1, 2))
        task = fig.play(interval=0.001)
        assert isinstance(task, asyncio.Task) and fig.frames_left > 0
        await task
        return fig.frames_left

    assert asyncio.run(timed()) == 0
    assert [f.progress for f in fig.frames_shown] == [s.progress for s in fig.current_move.path]

    async def stopped():
        fig.show_move(move(track, fig.positions, 2, 4))
        task = fig.play(interval=0.001)
        await asyncio.sleep(0)  # the first frame
        fig.stop_playing()
        await asyncio.sleep(0.01)
        return task.cancelled() or task.done(), fig.frames_left

    done, left = asyncio.run(stopped())
    assert done and left > 0  # the frames not shown stay queued
    fig.skip()
    assert fig.frames_left == 0 and fig.positions[2] == fig.current_move.final


def test_repr_is_stable_and_is_the_plain_text_view():
    a = TrackFigure(TRACKS["volcano"], [0, 5 + 1, 7])
    b = TrackFigure(TRACKS["volcano"], [0, 6, 7])
    assert repr(a) == repr(b) == "The volcano track, 31 spaces. Cars on spaces 0, 6 and 7."
    data = a._repr_mimebundle_()
    assert data["text/plain"] == repr(a)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert repr(TrackFigure(Track.parse("S..D.U.."))) == "The custom track, 8 spaces."


def test_a_summary_too_long_for_the_loop_stands_below_the_track_in_the_wide_look():
    """Inside the loop a summary of more than INSIDE_LINES lines ran into the cars and the
    note on the direction (the walk, on a laptop): it goes below the track, the figure grown
    for it while it is shown; a short one stays inside."""
    track = TRACKS["volcano"]
    short = TrackFigure(track, positions=[1, 3, 7])
    short.show_move(move(track, [1, 3, 7], 2, 1))
    short.skip()
    inside = short.plot.layout.annotations[SUMMARY]
    assert inside.text.count("<br>") < INSIDE_LINES and inside.yref is None and short.plot.layout.height == 350
    fig = TrackFigure(track, positions=[8, 10, 15, 16])
    fig.show_move(move(track, [8, 10, 15, 16], 0, 7))
    fig.skip()
    below = fig.plot.layout.annotations[SUMMARY]
    assert below.text.count("<br>") >= INSIDE_LINES and below.text.startswith("Ada moves 7 from space 8")
    assert (below.yref, below.y, below.yanchor) == ("paper", 0, "top")
    assert fig.plot.layout.height - 350 == fig.plot.layout.margin.b - 6 > 0  # the track keeps its size and place
    fig.show_move(move(track, fig.positions, 1, 1))  # the next move: no summary yet, back inside
    assert fig.plot.layout.height == 350 and fig.plot.layout.annotations[SUMMARY].yref is None


def test_on_a_phone_the_room_for_a_move_s_words_stays_while_they_stand_and_goes_with_them():
    """A narrow look writes a move's words below the track: the figure grows for them and
    does not shrink while the move is stepped through (what stands below does not jump);
    once no words stand there, no empty band is left above the key."""
    track = TRACKS["volcano"]
    fig = TrackFigure(track, positions=[1, 3, 7])
    fig.fit_room(360)
    plain = fig.plot.layout.height
    fig.show_move(move(track, [1, 3, 7], 0, 6))
    heights = [fig.plot.layout.height]
    while fig.step():
        heights.append(fig.plot.layout.height)
    heights.append(fig.plot.layout.height)
    assert heights == sorted(heights) and heights[0] > plain  # grown, never shrunk mid-move
    assert fig.summary and fig.plot.layout.height == heights[-1]
    fig.set_positions(fig.positions)  # the words go: so does their room
    assert fig.plot.layout.height == plain and fig.plot.layout.legend.y == 0.0


@pytest.mark.parametrize("room", [320, 360, 412])
@pytest.mark.parametrize("name", ["volcano", "beach"])
def test_on_a_phone_no_car_covers_a_car_on_the_next_space(name, room):
    """Three cars in a row on neighbouring spaces, anywhere round the loop (the bends
    too, where the inner side has the least room): no car's square overlaps another's."""
    track = TRACKS[name]
    n = len(track)
    fig = TrackFigure(track, positions=[1, 2, 3])
    fig.fit_room(room)
    look = fig.look
    assert look.width <= room
    ppu = (look.width - look.margin["l"] - look.margin["r"]) / ACROSS
    for first in range(1, n + 1):
        positions = [first, first + 1, first + 2]  # a car past the line keeps counting
        spots = [fig.car_spot(positions, seat) for seat in range(3)]
        for a in range(3):
            for b in range(a + 1, 3):
                apart = max(abs(spots[a][0] - spots[b][0]), abs(spots[a][1] - spots[b][1])) * ppu
                assert apart >= look.car, (positions, a, b, apart, look.car)


@pytest.mark.parametrize("name", ["volcano", "beach"])
def test_a_jump_s_word_stays_on_the_wide_figure_beside_the_loop_s_ends(name):
    """In the wide look the words of a move's jumps and rolls stand outside the track, but
    past the loop's two ends there is no room (a "jump" there was cut to "ump"): there they
    stand inside the loop, and every word is within the plot."""
    from widgets.stich_rallye.track_layout import pixels_per_unit, stadium_point, wide_look
    from widgets.stich_rallye.track_traces import trail_marks

    n = len(TRACKS[name])
    look = wide_look(720, 350, ["Ada", "Bo", "Cy"], n)
    ppu = pixels_per_unit(look.width, look.height, look.margin["r"])
    xy = [stadium_point(i / n) for i in range(n)]
    for how in ("jumped", "rolled"):
        marks = trail_marks([(p, how) for p in range(1, n + 1)], xy, look.word_out)
        half_word = 0.6 * look.text * max(len(t) for t in marks["text"]) / 2 / ppu
        assert all(abs(x) + half_word <= ACROSS / 2 for x in marks["x"])
        assert any(abs(x) > STRAIGHT / 2 for x in marks["x"])  # the ends were tried


@pytest.mark.parametrize("name", ["volcano", "beach"])
def test_on_a_phone_a_move_s_words_stand_once_apart_and_the_direction_note_makes_room(name):
    """In a narrow look a move's words stand inside the loop, where the words of the spaces
    round a bend would print over each other and over the note on the direction: each word
    stands once, two words at least a line apart, and the note steps aside while the move
    is shown (its numbered steps show the direction then)."""
    from widgets.stich_rallye.track_traces import DIRECTION_NOTE, TRAIL_LABELS, WORDS_APART

    track = TRACKS[name]
    n = len(track)
    fig = TrackFigure(track, positions=[0, 0, 0])
    fig.fit_room(360)
    note = fig.plot.layout.annotations[DIRECTION_NOTE]
    flats = [s for s in range(1, n) if track.kinds[s] is rally.SpaceKind.FLAT]
    looked = 0
    for first, second, third in zip(flats, flats[1:], flats[2:]):  # the mover jumps the other two
        for steps in (4, 8):
            positions = [first, second, third]
            fig.set_positions(positions)
            assert note.visible is not False
            fig.show_move(move(track, positions, 0, steps))
            while fig.step():
                pass
            labels = fig.plot.data[TRAIL_LABELS]
            words = [(t, (x, y)) for t, x, y in zip(labels.text, labels.x, labels.y) if t and not t.isdigit()]
            assert len({t for t, _ in words}) == len(words), words
            for (_a, p), (_b, q) in zip(words, words[1:]):
                assert math.dist(p, q) >= WORDS_APART - 1e-9, words
            assert note.visible is False
            looked += len(words) == 2
    assert looked  # moves with both words were met


@pytest.mark.parametrize("room", [300, 360])
def test_on_a_phone_neighbouring_two_digit_step_numbers_stand_apart(room):
    """Round 32's walk read lesson 4's "11 10" as "1110": in a narrow look a move's
    two-digit step numbers on neighbouring spaces never overlap, on a straight too."""
    from widgets.stich_rallye.track_traces import TRAIL_LABELS

    track = TRACKS["volcano"]
    fig = TrackFigure(track, positions=[0, 0, 0])
    fig.fit_room(room)  # lesson 4's replay, in its framed box, has about 300 px on a phone
    look = fig.look
    ppu = (look.width - look.margin["l"] - look.margin["r"]) / ACROSS
    # A two-digit number's box and a space's width beside it (closer, "11 10" reads "1110"), in plot units.
    wide, high = (0.6 * look.text * 2 + 0.5 * look.text) / ppu, look.text / ppu
    on_straights = 0
    for start in (s for s in range(1, len(track)) if track.kinds[s] is rally.SpaceKind.FLAT):
        fig.set_positions([start, 0, 0])
        fig.show_move(move(track, [start, 0, 0], 0, 13))
        while fig.step():
            pass
        labels = fig.plot.data[TRAIL_LABELS]
        numbers = [(int(t), (x, y)) for t, x, y in zip(labels.text, labels.x, labels.y) if t.isdigit()]
        for (a, p), (_b, q) in zip(numbers, numbers[1:]):
            if a >= 10:
                assert abs(p[0] - q[0]) >= wide or abs(p[1] - q[1]) >= high, (start, a, p, q)
                on_straights += abs(p[0]) < STRAIGHT / 2 and abs(q[0]) < STRAIGHT / 2
    assert on_straights  # numbers side by side on a straight were met


def test_on_a_phone_a_car_a_lane_further_in_is_pinned_to_its_space():
    """Neighbours on a phone take turns a lane further in (their squares are wider than a
    space): each car standing further in than a car alone gets a line to its own space, the
    others none; the wide look needs no lanes and draws no line."""
    from widgets.stich_rallye.track_traces import PINS

    track = TRACKS["volcano"]
    flats = [s for s in range(1, len(track)) if track.kinds[s] is rally.SpaceKind.FLAT]
    row = next(flats[i:i + 3] for i in range(len(flats)) if flats[i + 2] - flats[i] == 2)  # three neighbours
    fig = TrackFigure(track, positions=[*row, 0])
    assert list(fig.plot.data[PINS].x) == []
    fig.fit_room(360)
    pins = fig.plot.data[PINS]
    segments = [(pins.x[i:i + 2], pins.y[i:i + 2]) for i in range(0, len(pins.x), 3)]
    assert len(segments) == 1  # the middle car of the row, a lane in
    (x0, x1), (y0, y1) = segments[0]
    assert (x0, y0) == fig.space_xy(row[1]) and (x1, y1) == fig.car_xy(1)
    assert pins.x[2] is None
    fig.fit_room(0)
    assert list(fig.plot.data[PINS].x) == []


def test_every_place_for_a_choice_label_keeps_clear_of_its_ring():
    """Walk 77: on a phone "card alone" stood over its own ring. Every place label_places
    offers, in every direction round the ring, leaves the whole ring uncovered."""
    from widgets.stich_rallye.track_layout import narrow_look, wide_look
    from widgets.stich_rallye.track_traces import label_places, ring_size

    names = ["Ada", "Bo", "Cy", "Di"]
    wide = wide_look(720, 350, names, 31)
    for look in (wide, narrow_look(360, wide, names, 31)):
        ring = ring_size(look) / 2 / look.ppu
        for inward in ((0.0, -1.0), (1.0, 0.0), (math.sqrt(0.5), math.sqrt(0.5))):
            for label in ("turbo", "card alone", "B5 or B7"):
                for x0, y0, x1, y1 in label_places(label, (0.0, 0.0), inward, look):
                    nearest = math.hypot(max(x0, 0.0, -x1), max(y0, 0.0, -y1))
                    assert nearest >= ring, (label, inward, (x0, y0, x1, y1))


@pytest.mark.parametrize("room", [0, 360])  # wide, and a phone's narrow look
def test_marked_choices_hide_the_note_on_the_direction_until_they_go(room):
    """Walk 80: "turbo or card alone" stood over "cars run clockwise" in lesson 5's turbo
    choice. While choices are marked, the rings say where the car goes, and the note is off."""
    from widgets.stich_rallye.track_traces import DIRECTION_NOTE

    track = Track.parse("S.........D..U....")
    figure = TrackFigure(track, positions=[2, 3], names=["Cy", "Bo"])
    figure.fit_room(room)
    note = figure.plot.layout.annotations[DIRECTION_NOTE]
    assert note.visible is not False
    figure.show_choices([("turbo", move(track, [2, 3], 0, 4)), ("card alone", move(track, [2, 3], 0, 3))])
    assert figure.plot.layout.annotations[DIRECTION_NOTE].visible is False
    figure.set_positions([2, 3])
    assert figure.plot.layout.annotations[DIRECTION_NOTE].visible is True
