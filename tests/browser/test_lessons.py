"""Every lesson, run in JupyterLab in Chromium: no cell fails and the widgets really
render (the track's spaces, card faces, dials), with a screenshot of each lesson."""

from __future__ import annotations

import json

import re

import pytest

from . import _lab, _site
import rally
from rally import DEFAULT_DIAL, TRACKS, Game, Position, Track, advise, examples, legal_plays, parse_cards
from widgets.course import lesson_named
from widgets.page_style import TOUCH_TARGET
from widgets.stich_rallye.guided_game import GuidedGame

LESSONS = sorted(p.name for p in _lab.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

#: The tracks each lesson draws, in page order (the figures' spaces must match them).
TRACKS_SHOWN = {
    "04_round_end_and_laps.ipynb": [TRACKS["volcano"]],  # the replay of a round's end
    # ... and the self-check's first question (its picture).
    "03_moving_and_hills.ipynb": [Track.parse("S.........D..U...."), Track.parse("S...DD....U.....D..."),
                                  Track.parse("S...........")],
    "05_play_a_game.ipynb": [TRACKS["volcano"]],  # the game under GameSetup (a family sets People there)
    "06_what_if.ipynb": [TRACKS["volcano"]],  # the guided position (the others are in the grown-ups' guide)
}


def test_every_lesson_is_covered():
    assert LESSONS == [
        "00_start_here.ipynb", "01_tricks.ipynb", "02_motor_and_turbo.ipynb", "03_moving_and_hills.ipynb",
        "04_round_end_and_laps.ipynb", "05_play_a_game.ipynb", "06_what_if.ipynb", "07_rally_run_driving.ipynb",
        "08_rally_run_finish.ipynb", "09_rally_run_memory.ipynb",
    ]


#: The way forward at a lesson's end in the app view (its last cell, "**Next:** [Lesson 2 …](…) ·
#: [Back to the start](…)"): each link's words and height in CSS px.
WAY_FORWARD = """() => [...[...document.querySelectorAll('#rendered_cells .jp-Cell')].at(-1)
  .querySelectorAll('a[href$=".ipynb"]')].map(a => [a.textContent, a.getBoundingClientRect().height])"""


def way_forward(page) -> list[tuple[str, float]]:
    """The links of the lesson's last line, with their heights."""
    return [tuple(link) for link in page.evaluate(WAY_FORWARD)]


@pytest.mark.parametrize("lesson", ["02_motor_and_turbo.ipynb", "de/02_motor_und_turbo.ipynb",
                                    "09_rally_run_memory.ipynb"])
def test_the_way_forward_is_a_target_a_finger_hits(page, lab, lesson):
    """In the app view the links at a lesson's end ("Next: Lesson 3 …", "Back to the start")
    are buttons at least 44 px tall, in English and German; a link inside the lesson's text
    (lesson 0's "For grown-ups") stays a link of the text."""
    _lab.open_app(page, lab, lesson)
    page.locator("#rendered_cells .jp-Cell").last.scroll_into_view_if_needed()
    links = way_forward(page)
    words = {"02_motor_and_turbo.ipynb": ["Lesson 3: moving and hills", "Back to the start"],
             "de/02_motor_und_turbo.ipynb": ["Lektion 3: Fahren und Hügel", "Zurück zum Anfang"],
             "09_rally_run_memory.ipynb": ["Back to the start"]}[lesson]
    assert [text for text, _height in links] == words
    assert all(height >= TOUCH_TARGET for _text, height in links), links
    _lab.screenshot(page, "way_forward_" + lesson.removesuffix(".ipynb").replace("/", "_"))
    if "02_" in lesson:
        return
    _lab.open_app(page, lab, "00_start_here.ipynb")
    grown_ups = page.locator("#rendered_cells a[href='for_grown_ups.ipynb']")
    assert grown_ups.evaluate("a => getComputedStyle(a).display") == "inline"


def card_faces(page, root=".rally-hand"):
    """The card buttons of the first hand: code, aria-disabled, value and corner text."""
    return page.eval_on_selector(root, """el => [...el.querySelectorAll('button.rally-card')].map(b => ({
        code: b.dataset.code, disabled: b.getAttribute('aria-disabled'),
        value: b.querySelector('.rally-card__value').textContent,
        corner: b.querySelector('.rally-card__corner').textContent,
        visible: b.getBoundingClientRect().width > 40 && b.getBoundingClientRect().height > 60 }))""")


def check_run(page, lesson: str, state: dict, shot: str = "") -> None:
    """What ``lesson``, run on ``page`` (``state``: what the run left, :func:`_lab.run_all` in
    JupyterLab, as ``test_learner_view.py`` runs each lesson, or :func:`_site.wait_until_live`
    on the site), shows: every cell ran with no error, each figure draws its track (a marker per space, a
    square per car), every button's words fit, the lesson's own checks (:data:`CHECKS`), and
    a screenshot whose name starts with ``shot``."""
    assert state["counts"] and all(n is not None for n in state["counts"])
    assert _lab.error_outputs(page) == []

    plots = page.evaluate(_lab.PLOT_POINTS)
    english = english_lesson(lesson)  # a German lesson draws what its English one draws
    expected_tracks = TRACKS_SHOWN.get(english, [])
    assert len(plots) == len(expected_tracks), plots
    for points, track in zip(plots, expected_tracks):
        assert points.get("spaces") == len(track), (points, str(track))  # one marker per space
        cars = {name: n for name, n in points.items() if name.startswith("car:")}
        assert cars and all(n == 1 for n in cars.values()), points      # one square per car

    assert page.evaluate(_lab.CUT_OFF_BUTTONS) == []  # every button's words can be read

    check = CHECKS.get(lesson)  # the checks read English words: English lessons only
    if check:
        check(page)
    last = page.locator(".jp-Cell").last
    target = page.locator(WIDGET_SHOT.get(english, ".jp-Cell")).last
    target.scroll_into_view_if_needed()
    _lab.screenshot(page, shot + lesson.removesuffix(".ipynb").replace("/", "_"))
    assert last.count() == 1


def english_lesson(lesson: str) -> str:
    """The English lesson a lesson (``de/03_fahren_und_huegel.ipynb``, ``fr/01_conduire.ipynb``)
    mirrors (``03_moving_and_hills.ipynb``, ``07_rally_run_driving.ipynb``); an English lesson is
    its own."""
    return lesson_named(lesson.rsplit("/", 1)[-1].removesuffix(".ipynb")).file("en")


def check_start_here(page):
    # The two game buttons (issue 40): one tap on Stich Rallye brings its guided game with
    # the first tip, whose "Go on" is the second tap.
    start = page.locator(".jp-OutputArea-output .rally-first-game").first
    games = start.locator("button:visible")  # Play again ▶ waits, hidden, for a game's end
    assert games.count() == 2, start.inner_text()
    assert "Stich Rallye" in games.nth(0).inner_text() and "Rally Run" in games.nth(1).inner_text()
    games.nth(0).click()
    first_tip = _lab.output_button(start, "Go on ▶")
    first_tip.wait_for(timeout=60_000)
    with rally.language("en"):
        expected = GuidedGame(bot_delay=0).tip_text  # the first tip, as Python words it
    assert expected and expected in " ".join(start.inner_text().split()), (expected, start.inner_text())
    assert start.locator(".rally-hand button.rally-card").count() > 0


def check_tricks(page):
    hand, trick = parse_cards("R2 G5 B9 G12"), parse_cards("G11 R5")
    faces = card_faces(page)
    assert [f["code"] for f in faces] == [str(c) for c in hand]
    assert [f["code"] for f in faces if f["disabled"] == "false"] == [str(c) for c in legal_plays(hand, trick)]
    assert all(f["visible"] for f in faces), faces
    # Told apart without color: value, letter and symbol on every face.
    assert [(f["value"], f["corner"]) for f in faces] == [("2", "R ♦"), ("5", "G ♣"), ("9", "B ♠"), ("12", "G ♣")]
    # Hovering a dimmed card says why (its title), focusing it shows the reason in the hand.
    dimmed = page.locator('.rally-hand button.rally-card[aria-disabled="true"]').first
    assert "You must follow green" in dimmed.get_attribute("title")
    dimmed.focus()
    message = page.locator(".rally-hand__message").first
    assert "You must follow green" in message.inner_text()
    # A tap on a card that may be played says why; after a dimmed card's reason, so does a
    # second tap on the same card (the model's choice does not change then).
    playable = page.locator('.rally-hand button.rally-card[data-code="G5"]').first
    for tap in (playable, dimmed, playable):
        tap.click(force=True)  # Playwright counts aria-disabled as not clickable; a finger does not
        want = "You must follow green" if tap is dimmed else "G5 may be played"
        page.wait_for_function("([want]) => document.querySelector('.rally-hand__message').textContent"
                               ".includes(want)", arg=[want], timeout=10_000)
    # The rulebook's trick, in the trick builder with the course's names: four plays, Cy's
    # blue 7 wins (Nyota's in the rulebook), with the sentence why.
    table = page.locator(".rally-trick").first
    assert table.locator(".rally-trick__play").count() == 4
    assert "Cy" in table.locator(".rally-trick__play.is-winner").inner_text()
    assert "★ wins" in table.locator(".is-winner .rally-trick__result").inner_text()
    assert "Blue was the third color played" in table.locator(".rally-trick__why").inner_text()


def check_motor(page):
    dial = page.locator(".rally-dial").first
    assert dial.locator("svg[role=img]").count() == 1
    assert dial.locator(".rally-dial__number").all_text_contents() == [str(v) for v in DEFAULT_DIAL]
    assert "position 0 of 9" in dial.locator("svg").get_attribute("aria-label")
    # A learner winds the motor twice: the arrow moves on and the value shows.
    for _ in range(2):
        _lab.output_button(page, "Lose a trick: wind").click()
    page.wait_for_function("() => document.querySelector('.rally-dial svg').getAttribute('aria-label')"
                           ".includes('position 2 of 9')")
    assert dial.locator(".rally-dial__value").inner_text() == f"motor {DEFAULT_DIAL[2]}"
    assert dial.locator(".rally-dial__number.is-current").text_content() == str(DEFAULT_DIAL[2])
    # The turbo moment: each button says where its choice puts the winner's car, as the rules do.
    moment = examples.turbo_choice()
    for words, use in (("Use turbo", True), ("Card alone", False)):
        played = moment.clone()
        played.apply(rally.Turbo(use))
        _lab.output_button(page, words).click()
        where = played.positions[moment.current_player]
        page.locator("div[role=status]", has_text=re.compile(rf"{words}: [^.]*stops on space {where}\.")).wait_for()


def check_round_end(page):
    quiz = page.locator(".widget-radio-box").last
    assert quiz.locator("input[type=radio]").count() >= 2
    assert _lab.output_button(page, "Check").count() == 1


def check_game(page):
    game = Game.new(4, track="volcano", seed=32)
    faces = card_faces(page)
    assert [f["code"] for f in faces] == [str(c) for c in game.hands[0]]
    assert [f["code"] for f in faces if f["disabled"] == "false"] == [str(c) for c in game.legal_actions()]
    assert all(re.fullmatch(r"[RGB] [♦♣♠]", f["corner"]) for f in faces)
    view = page.locator(".rally-hand").first.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][last()]")
    assert view.locator(".rally-dial svg[role=img]").count() == 4
    assert "Your turn" in page.get_by_text("Round 1 of 3").first.inner_text()


def check_what_if(page):
    # After Run All, before any guess, no advisor answer is anywhere in the lesson: no
    # pick, no verdict, no numbers, no outcomes, no bars (the lesson's stored outputs
    # and its markdown included).
    moments = {"Use the turbo now?": examples.turbo_dilemma()}
    answers = {title: advise(p) for title, p in moments.items()}  # what the lesson answers: the coach's analysis
    lesson = page.locator(".jp-Notebook")
    bars = ".jp-OutputArea-output .js-plotly-plot .barlayer .point"

    def no_answer_shown(titles=tuple(moments)):
        """No answer to the moments ``titles`` on the page; while none is answered, none
        of the answers' words either."""
        text = lesson.inner_text()
        if len(titles) == len(moments):
            for words in ("advisor's pick", "test games played by", "spaces driven", "What each choice does",
                          "playouts per choice"):
                assert words not in text, words
        for title in titles:
            assert answers[title].sentence() not in text
            assert "\t".join(answers[title].rows()[1][0]) not in text  # the numbers table's first row
            for choice in moments[title].options():  # where each choice would move a car
                assert not [line for line in moments[title].preview(choice) if " moves " in line and line in text]

    no_answer_shown()
    assert page.locator(bars).count() == 0
    assert lesson.get_by_text("Pick your guess first, then press").count() == len(moments)

    dilemma = moments["Use the turbo now?"]
    best = answers["Use the turbo now?"].best.label
    first = page.locator(".jp-OutputArea-output").filter(has_text="Use the turbo now?").first
    guesses = first.locator(".widget-radio-box").first
    guesses.evaluate("el => el.scrollIntoView({block: 'center'})")
    _lab.screenshot(page, "06_what_if_before_guess")  # the choices and the button; no answer
    # Asking before guessing asks for a guess, and answers nothing.
    _lab.output_button(first, "Ask the advisor").click()
    first.get_by_text("Pick your guess first: what should Bo do: “turbo” or “no turbo”?").wait_for()
    no_answer_shown()
    assert page.locator(bars).count() == 0
    # The learner guesses (still no answer), then asks: bars appear and the guess is judged.
    first.locator(".widget-radio-box label").filter(has_text=re.compile(rf"^\s*{best}\s*$")).click()
    no_answer_shown()
    _lab.output_button(first, "Ask the advisor").click()
    first.get_by_text("is the advisor's pick too").wait_for()
    chart = first.locator(".js-plotly-plot").last  # the advice chart, below the track
    chart.locator(".barlayer .point").nth(1).wait_for()
    assert chart.locator(".barlayer .point").count() == len(dilemma.options())
    assert chart.locator(".errorbar path").count() == 0  # no 99% intervals on a child's chart
    assert best + " ★" in chart.locator(".xtick").all_text_contents()   # the pick marked, not by color alone
    shown = first.inner_text()
    assert "What each choice does at once" in shown and "Bo uses the turbo" in shown
    # How the advisor counted (the test games, the computer players, the numbers) is folded
    # away for grown-ups; opened, it shows them.
    assert "playouts per choice" not in shown and "Playouts" not in shown and "test games each" not in shown
    assert answers["Use the turbo now?"].sentence() not in shown
    # Its heading is a button the keyboard reaches and opens, and says whether it is open.
    grown_ups = first.locator(".jupyter-widget-Collapse-header").filter(
        has_text="For grown-ups: how the advisor plays it out, and its numbers")
    assert (grown_ups.get_attribute("role"), grown_ups.get_attribute("tabindex"),
            grown_ups.get_attribute("aria-expanded")) == ("button", "0", "false")
    grown_ups.focus()
    page.keyboard.press("Enter")
    first.get_by_text("playouts per choice").first.wait_for()
    from playwright.sync_api import expect
    expect(grown_ups).to_have_attribute("aria-expanded", "true")
    assert answers["Use the turbo now?"].sentence() in first.inner_text()
    # The numbers table, a table in the page's font (a row's cells are apart by tabs in its text).
    assert "\t".join(answers["Use the turbo now?"].rows()[1][0]) in first.inner_text()
    assert first.locator("pre").count() == 0
    assert page.locator(bars).count() == len(dilemma.options())
    guesses.evaluate("el => el.scrollIntoView({block: 'start'})")
    _lab.screenshot(page, "06_what_if_advice")  # the guess, the verdict, the chart



def boards_stored(lesson: str) -> int:
    """How many Rally Run boards the lesson's stored outputs show (a board's plain text
    begins "Rally Run as ...")."""
    cells = json.loads((_lab.NOTEBOOKS / lesson).read_text(encoding="utf-8"))["cells"]
    return sum("".join(o.get("data", {}).get("text/plain", "")).startswith("Rally Run as ")
               for c in cells for o in c.get("outputs", []))


def check_boards_drawn(page, lesson: str):
    """Every board of the lesson is drawn, each painting its striped backs and chequered pit
    stop with patterns of its own svg (none depends on another board being drawn)."""
    from playwright.sync_api import expect

    boards = page.locator(".rally-run")
    expected = boards_stored(lesson)
    assert expected >= 1  # lessons 7 and 8 show one board each (issue 41)
    expect(boards).to_have_count(expected)
    fills = boards.evaluate_all("""els => els.map(el => {
        const svg = el.querySelector('.rally-run__board');
        const urls = [...svg.querySelectorAll('.rr-back, .rr-pit')].map(r => r.getAttribute('fill'));
        return urls.filter(u => !svg.querySelector(u.slice(4, -1))).length + (urls.length ? 0 : 1);
    })""")
    assert fills == [0] * expected, fills
    return boards


def check_rally_run_driving(page):
    from playwright.sync_api import expect

    from rally.rally_run import RallyRunGame

    boards = check_boards_drawn(page, "07_rally_run_driving.ipynb")
    first = boards.first  # issue 41: one board, Bo's first move, a dead end revealed on A1
    # The whole grid: 25 cells, the pit stop in the middle, 23 face-down backs marked "?".
    assert first.locator("g.rr-cell").count() == 25
    assert first.locator('g.rr-cell--pit[data-place="C3"]').count() == 1
    # The pit's words in lines of their own (a long word wraps on a narrow board).
    pit = " ".join(line.strip() for line in first.locator("g.rr-cell--pit text:not([visibility=hidden])")
                   .all_text_contents())
    assert pit.startswith("PIT") and "2 trophies" in pit, pit
    assert first.locator("g.rr-cell--down .rr-hidden-mark").all_text_contents() == ["?"] * 23
    # Start-finish tiles and cars told apart without color: a word, an initial (no color letter:
    # "B" would be both Bo and blue).
    starts = first.locator("g.rr-start")
    assert [starts.nth(i).get_attribute("data-place") for i in range(4)] == ["red", "blue", "green", "yellow"]
    assert starts.locator(".rr-start-letter").count() == 0
    assert starts.locator(".rr-start-word").all_text_contents() == ["red", "blue", "green", "yellow"]
    assert first.locator(".rally-run__board .rr-car-label").all_text_contents() == ["B", "G"]
    # A tile's kind is its road's shape, never a letter: on the board a letter is a driver.
    assert first.locator(".rr-kind").count() == 0
    assert [t.text_content() for t in first.locator(".rally-run__board .rr-car title").all()] == [
        "Bo's red car", "Gus's green car"]
    # The revealed tile waits to be laid, one button per rotation the engine offers (the first
    # move's dead end: east or south, never toward the start).
    # (Its badge says so: the badges stand over the tiles, in a group of their own.)
    assert first.locator("g.rr-cell--up").count() == 1 and first.locator("g.rr-cell--up .rr-pending").count() == 1
    assert "lay it" in first.locator(".rally-run__board .rr-badges").first.text_content()
    game = RallyRunGame.arrange(2, tiles={"A1": "D:N"}, seed=1)
    game.apply("reveal A1")
    # The child tries it (Bo against the computer's Gus): the two ways are buttons; a tap lays
    # the tile, Bo drives onto it, Gus plays, and it is Bo's turn again.
    ways = first.locator("button.rally-run__rotation")
    assert ways.count() == len(game.rotations()) == 2
    assert "Your turn, Bo" in first.locator(".rally-run__heading").inner_text()
    ways.first.click()
    expect(first.locator(".rally-run__log")).to_contain_text("Turn 1: Bo", timeout=30_000)
    expect(first.locator(".rally-run__log")).to_contain_text("Gus", timeout=30_000)
    expect(first.locator(".rally-run__heading")).to_contain_text("Your turn, Bo", timeout=30_000)


def check_rally_run_finish(page):
    boards = check_boards_drawn(page, "08_rally_run_finish.ipynb")
    # The board to play: Bo's turn, A1 marked to reveal, nothing else clickable.
    play = boards.last
    assert "Your turn, Bo" in play.locator(".rally-run__heading").inner_text()
    marked = play.locator("g[data-place]:has(.rr-target)")
    assert [marked.nth(i).get_attribute("data-place") for i in range(marked.count())] == ["A1"]


def check_rally_run_memory(page):
    # Nothing slow ran before the page showed: a button, and no chart until it is pressed.
    assert page.locator(".js-plotly-plot").count() == 0
    _lab.output_button(page, "Run the experiment").click()
    # The memory chart: one bar per memory length; no intervals on a child's chart.
    chart = page.locator(".js-plotly-plot").filter(has_text="Win rate by memory").last
    chart.wait_for(timeout=180_000)
    chart.scroll_into_view_if_needed()
    chart.locator(".barlayer .point").nth(6).wait_for()
    assert chart.locator(".barlayer .point").count() == 7 and chart.locator(".errorbar path").count() == 0
    assert chart.locator(".xtick").all_text_contents() == [
        "none", "1 turn", "2 turns", "3 turns", "5 turns", "8 turns", "perfect"]
    assert "Done." in page.locator(".jp-OutputArea-output").filter(has_text="Run the experiment").last.inner_text()
    # Its table in the page's own font at 14 px or more, not a small typewriter font.
    family, size = page.locator("table.rally-memory-table").last.evaluate(
        "t => [getComputedStyle(t).fontFamily, parseFloat(getComputedStyle(t).fontSize)]")
    assert "mono" not in family.lower() and size >= 14, (family, size)


CHECKS = {
    "00_start_here.ipynb": check_start_here,
    "01_tricks.ipynb": check_tricks,
    "02_motor_and_turbo.ipynb": check_motor,
    "04_round_end_and_laps.ipynb": check_round_end,
    "05_play_a_game.ipynb": check_game,
    "06_what_if.ipynb": check_what_if,
    "07_rally_run_driving.ipynb": check_rally_run_driving,
    "08_rally_run_finish.ipynb": check_rally_run_finish,
    "09_rally_run_memory.ipynb": check_rally_run_memory,
}
#: What the lesson's screenshot shows: its main widget.
WIDGET_SHOT = {
    "01_tricks.ipynb": ".rally-hand",
    "02_motor_and_turbo.ipynb": ".rally-dial",
    "03_moving_and_hills.ipynb": ".js-plotly-plot",
    "05_play_a_game.ipynb": ".rally-hand:visible",  # the family game's hand is under its cover
    "06_what_if.ipynb": ".jp-OutputArea-output .js-plotly-plot",
    "07_rally_run_driving.ipynb": ".rally-run",
    "08_rally_run_finish.ipynb": ".rally-run",
}


def test_a_browser_that_has_gone_is_launched_again(playwright, lab_leave_recorder):
    """The tests' shared Chromium (conftest's browser): one that has gone (here closed under
    the tests, as a crash would) is launched again for the next test, with the same net."""
    chromium = _site.launch_chromium(playwright, lab_leave_recorder)
    try:
        first = chromium.live()
        first.close()
        assert not first.is_connected()
        context = chromium.new_context()
        page = context.new_page()
        page.set_content("<p>again</p>")
        assert page.inner_text("p") == "again" and chromium.live() is not first and chromium.is_connected()
        context.close()
    finally:
        chromium.close()


def test_a_script_error_on_the_page_is_seen(browser):
    """The watch every browser test keeps (conftest's page fixture): an uncaught exception
    and an error a script reports on the console are both seen."""
    context = browser.new_context()
    try:
        page = context.new_page()
        seen = _lab.watch_script_errors(page)
        page.set_content("<script>console.error('a widget failed'); setTimeout(() => notDefinedAnywhere());</script>")
        page.wait_for_timeout(300)
    finally:
        context.close()
    assert any("a widget failed" in line for line in seen), seen
    assert any("notDefinedAnywhere" in line and line.startswith("uncaught") for line in seen), seen


def test_a_request_for_another_host_is_seen(browser, lab_leave_recorder):
    """The net every test with the lab's Chromium has (conftest's no_request_leaves): a page
    that asks another host for a style sheet, a script or a font is recorded, and the
    request is refused."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content('<link rel="stylesheet" href="http://cdn.example.invalid/icons.css">'
                         '<img src="http://images.example.invalid/car.png">')
        page.wait_for_timeout(500)
    finally:
        context.close()
    seen = lab_leave_recorder.from_the_site()
    lab_leave_recorder.seen.clear()  # seen on purpose: not this test's failure
    assert any("cdn.example.invalid/icons.css" in line for line in seen), seen
    assert any("images.example.invalid/car.png" in line for line in seen), seen
