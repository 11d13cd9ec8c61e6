"""The Rally Run lesson's self-check questions, every position made and every answer
judged by :mod:`rally.rally_run`.

The lesson asks a few questions after each rule it teaches (:data:`PARTS`), each about
a case the lesson did not just show; ``rally_run_quiz()`` without a part asks them all.
A quiz is asked in the language spoken when it is made (:mod:`widgets.i18n`); its
answers are explained in the language spoken when they are checked.

>>> quiz = rally_run_quiz("laying")
>>> quiz.answer("Only road ↑ ↓").correct   # a straight entered from the north
True
>>> rally_run_quiz("pit stop").answer("The one Bo started on").correct   # his trophy is Bo's red
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rally import SetupError
from rally.common import inputs
from rally.rally_run.tiles import a_kind

from ..i18n import N_, _, join_sentences, join_words, ngettext
from ..quiz import Feedback, Question, Quiz
from .board_words import color_adjective, color_noun

if TYPE_CHECKING:
    from rally.rally_run import RallyRunGame, RunAction

def _without_options(game: RallyRunGame, reason: str) -> str:
    """The engine's ``reason`` without its last sentence, what the player may do instead
    (``"Bo may: reveal B1 or swap two face-down tiles."``): the question asks about one move."""
    seat = game.current_player
    legal = "" if seat is None else " " + game.what_is_legal(seat)
    return reason[: -len(legal)] if legal and reason.endswith(legal) else reason


def _yes_no_or_only_if(game: RallyRunGame, action: RunAction, yes: Callable[[], str], only_if: str,
                       then: tuple[RallyRunGame, RunAction] | None, reading: Callable[[], str] | None = None
                       ) -> tuple[tuple[str, str, str], Callable[[str], Feedback]]:
    """The choices and the check of a question "may ``action`` be played on ``game``?":
    *Yes*, *No*, and ``only_if``, a condition the rules might seem to set (*Only if …*).
    The engine judges all three: *Yes* when ``game`` allows the action (``yes()`` explains
    why); ``only_if`` when ``game`` refuses it but ``then`` — the same action in a game
    where the condition holds — allows it; *No* when both refuse it. A question whose
    ``only_if`` the engine would allow is refused: it would have two right answers. With
    no ``then``, ``only_if`` is a misreading that is wrong as it is made (a yes or a no
    with a reason the rule does not give: :func:`_swap_misreading`). The games must not
    change after this. ``reading()``, when given, is said before the engine's reason for
    *No*: the project's reading the refusal rests on, labelled as such."""
    choices = (_("Yes"), _("No"), only_if)
    allowed = game.why_illegal(action) is None
    if not allowed and then is not None and then[0].why_illegal(then[1]) is None:
        raise SetupError(_("The choice “{choice}” would be right as well as “No”: choose another.").format(
            choice=only_if))

    def check(answer: str) -> Feedback:
        if allowed:
            return Feedback(answer == choices[0], yes())
        reason = _without_options(game, game.why_illegal(action) or "")  # in the language spoken now
        reason = join_sentences([reading(), reason]) if reading is not None else reason
        return Feedback(answer == choices[1], _("The answer is “No”. {reason}").format(reason=reason))

    return choices, check


def _on(game, cell: str) -> str:
    """``"B1, a curve: road ↓ ←"``: a face-up cell in words, its road in the board's arrows."""
    tile = game.tile(cell)
    # TRANSLATORS: a cell and the tile on it, as in "Bo's car stands on B1, a curve: road ↓ ←".
    return _("{cell}, {tile}").format(cell=cell, tile=tile.shown())


def _set_up(players: int) -> str:
    """``"A game for 2 players is set up."``"""
    return ngettext("A game for {players} player is set up.", "A game for {players} players is set up.",
                    players).format(players=players)


# The questions' games keep the engine's default names (rally.rally_run.NAMES_BY_COLOR):
# Bo drives red (seat 0), Gus green (seat 1 of two), Ed blue (seat 1 of three). Every
# sentence takes its names from its game, and says "he" of each of them.


# ----------------------------------------------------------------- setting up
def tiles_at_start(players: int) -> Question:
    """'How many face-down road tiles lie on the board at the start?' — counted on a new game."""
    from rally.rally_run import RallyRunGame

    hidden = sum(code == -1 for code in RallyRunGame.new(players).observation(0).codes)

    def check(answer: str) -> Feedback:
        return Feedback(int(answer) == hidden,
                        _("{n}: every road tile of the box lies face down around the pit stop, whatever the number "
                          "of players. Only the trophies and the cars depend on it.").format(n=hidden))

    return Question(
        _set_up(players),
        ("8", "12", "24", "25"),
        check,
        hint=_("Does the number of players change the grid of road tiles around the pit stop?"),
        heading=_("How many face-down road tiles lie on the board?"),
    )


def trophies_at_start(players: int) -> Question:
    """'How many trophies lie on the pit stop at the start?' — read from a new game."""
    from rally.rally_run import COLORS, RallyRunGame

    game = RallyRunGame.new(players)
    used = list(game.start_colors)
    spare = [c for c in COLORS if c not in used]

    def check(answer: str) -> Feedback:
        said = [_("{n}: one for each player, in the colors of the start-finish tiles the cars stand on "
                  "({colors}).").format(n=game.trophies_left, colors=join_words([color_noun(c) for c in used]))]
        if spare:
            said.append(ngettext("The {colors} one stays in the box.", "The {colors} ones stay in the box.",
                                 len(spare)).format(colors=join_words([color_noun(c) for c in spare])))
        return Feedback(int(answer) == game.trophies_left, join_sentences(said))

    return Question(
        _set_up(players),
        ("1", "2", "3", "4"),
        check,
        hint=_("Who needs a trophy? Think of what the trophy's color tells its driver."),
        heading=_("How many trophies lie on the pit stop?"),
    )


# ----------------------------------------------------------- laying a tile
def ways_to_lay(tiles: dict[str, str], car: str, reveal: str) -> Question:
    """'In how many ways may Bo lay the tile he reveals?' — judged by
    :meth:`rally.rally_run.RallyRunGame.rotations` (``tiles`` as for ``arrange``)."""
    from rally.rally_run import Cell, RallyRunGame, Tile
    from rally.rally_run.board import NEIGHBOURS
    from rally.rally_run.tiles import BITS, mask_words, opposite

    game = RallyRunGame.arrange(2, tiles=tiles, cars=[car, "green"])
    name = game.names[0]
    heading = NEIGHBOURS[Cell.parse(car).index].index(Cell.parse(reveal).index)  # from the car to the tile
    side = BITS[opposite(heading)]
    under = _on(game, car)
    game.apply(f"reveal {reveal}")
    kind = game.tile(reveal).kind
    offered = [Tile(kind, r) for r in game.rotations()]

    def check(answer: str) -> Feedback:
        looks = "; ".join(tile.describe() for tile in offered)
        return Feedback(int(answer) == len(offered), ngettext(
            "{name}'s road enters {cell} from the {side}, so it must open to the {side}: one way: {looks}.",
            "{name}'s road enters {cell} from the {side}, so it must open to the {side}: {n} ways: {looks}.",
            len(offered)).format(name=name, cell=reveal, side=mask_words(side), n=len(offered), looks=looks))

    return Question(
        _("{name}'s car stands on {place}. He reveals {cell}: it is {tile}.").format(
            name=name, place=under, cell=reveal, tile=a_kind(kind)),
        ("1", "2", "3", "4"),
        check,
        hint=_("The tile's road must meet the road it is entered from: count the turns of the tile that do, and "
               "count turns that look the same once."),
        heading=_("In how many different ways may {name} lay the tile on {cell}?").format(name=name, cell=reveal),
    )


def which_way(game: RallyRunGame, reveal: str, who: str, where: str, choices: dict[str, frozenset[str]],
              why: str, hint: str, reading: bool = False) -> Question:
    """'Which way may {who} lay the tile {who} reveals?' on ``game`` — the ``choices`` name
    sets of openings (``"N"``, ``"E"``, ...); the right one is the set of ways
    :meth:`~rally.rally_run.RallyRunGame.rotations` offers. ``where``, ``why`` and the
    ``hint`` are said as given; with ``reading``, the answer rests on the project's reading
    and the question asks "In this app, …"."""
    from rally.rally_run import Tile

    game.apply(f"reveal {reveal}")
    kind = game.tile(reveal).kind
    offered = [Tile(kind, r) for r in game.rotations()]
    ways = frozenset(d for tile in offered for d in tile.openings)
    if sum(ways == c for c in choices.values()) != 1:
        raise SetupError(_("Exactly one choice must be the engine's answer ({openings}).").format(
            openings=", ".join(sorted(ways))))

    def check(answer: str) -> Feedback:
        words = join_words([t.way() for t in offered], "or")
        return Feedback(choices[answer] == ways, _("{who} may lay it as {ways}. {why}").format(who=who, ways=words,
                                                                                               why=why))

    return Question(
        _("{where} {who} reveals {cell}: it is {tile}.").format(where=where, who=who, cell=reveal,
                                                                 tile=a_kind(kind)),
        tuple(choices),
        check,
        hint=hint,
        heading=(_("In this app, which way may {who} lay the tile on {cell}?") if reading
                 else _("Which way may {who} lay the tile on {cell}?")).format(who=who, cell=reveal),
    )


def _laying(tiles: dict[str, str], car: str, choices: dict[str, frozenset[str]], why: str,
            hint: str, intro: str = "") -> Question:
    """'Which way may Bo lay the tile on B2?', Bo's car on ``car`` (face up, as ``tiles``
    says) and B2 the tile he reveals: :func:`which_way` on a two-player game; ``intro``
    is said first."""
    from rally.rally_run import RallyRunGame

    game = RallyRunGame.arrange(2, tiles=tiles, cars=[car, "green"])
    name = game.names[0]
    where = _("{name}'s car stands on {place}.").format(name=name, place=_on(game, car))
    return which_way(game, "B2", name, join_sentences([intro, where] if intro else [where]), choices, why=why, hint=hint)


def straight_from_north() -> Question:
    """Bo's road enters B2 from the north and B2 is a straight: it lies north-south only."""
    return _laying({"B1": "C:WS", "B2": "S:NS"}, "B1",
                   {_("Only road → ←"): frozenset("EW"),
                    _("Only road ↑ ↓"): frozenset("NS"),
                    _("Road ↑ ↓ or road → ←, as he likes"): frozenset("NESW")},
                   why=_("A straight goes ↑ ↓ or → ←. Only ↑ ↓ meets the road from B1."),
                   hint=_("The tile's road must meet the road the car comes by."))


def curve_from_west() -> Question:
    """Bo's road comes from A1 and leads east from A2 into B2, and B2 is a curve: it may
    lie two ways, open to the west and to the north or the south, and Bo chooses."""
    return _laying({"A2": "C:NE", "B2": "C:NW"}, "A2",
                   {_("Only road ↑ ←"): frozenset("NW"),
                    _("Only road → ↓"): frozenset("ES"),
                    _("Road ↑ ← or road ↓ ←, as he likes"): frozenset("NSW")},
                   why=_("Both meet the road from A2, and he chooses."),
                   hint=_("The tile's road must meet the road the car comes by. Can more than one way do that?"),
                   # Lesson 0 asks it, before lesson 7 names the squares.
                   intro=_("A square is named by its column and row: A2 is column A, row 2."))


def first_move_dead_end() -> Question:
    """Gus's first move reveals a dead end on E5 (M3, R3): in this app it faces a
    face-down neighbour, never his start."""
    from rally.rally_run import RallyRunGame

    game = RallyRunGame.arrange(2, tiles={"E5": "D:N"}, turn=1)
    name = game.names[1]
    return which_way(
        game, "E5", name,
        _("{name}'s car still stands on the green start-finish tile, just east of E5: it has not left its "
          "start yet.").format(name=name),
        {_("Only open to east, toward his start"): frozenset("E"),
         _("Only open to north"): frozenset("N"),
         _("Open to north or to west, as he likes"): frozenset("NW"),
         _("Any of the four ways"): frozenset("NESW")},
        # Said as lesson 7 says it ("while your car is still on its start-finish tile"): a car
        # that swapped first is still there (a German editor: the English said "first move").
        why=_("In this app, a dead end revealed from the start must face a face-down neighbor: E4 (north) or D5 "
              "(west)."),
        hint=_("From the start, a dead end gets special help: where may its opening face, and where not?"),
        # The rulebook lets the dead end face a face-down neighbour and not the start; whether that
        # is a may or a must, readers differ: the app makes it a must (R3), and says so.
        reading=True,
    )


def later_dead_end() -> Question:
    """Later in the game a dead end gets no help: it opens back the way the car came."""
    from rally.rally_run import RallyRunGame

    game = RallyRunGame.arrange(2, tiles={"B1": "C:WS", "B2": "D:N"}, cars=["B1", "green"])
    name = game.names[0]
    return which_way(
        game, "B2", name,
        _("{name}'s car has left its start long ago and stands on B1, a curve open to south and "
          "west.").format(name=name),
        {_("Open to south, on toward B3"): frozenset("S"),
         _("Open to north, back toward B1"): frozenset("N"),
         _("Open to east or to south, as he likes"): frozenset("ES"),
         _("Any of the four ways"): frozenset("NESW")},
        why=_("Away from the start, a dead end must meet the car's road, like any tile. It faces back toward B1: "
              "{name} must turn round.").format(name=name),
        hint=_("Away from the start, the usual rule holds: the road must meet the road the car comes from."),
    )


# --------------------------------------------------- driving onto a car, face down
def may_drive(tiles: dict[str, str], cars: tuple[str, str], target: str) -> Question:
    """'May Bo drive onto the tile where Gus's car stands?' — judged by ``why_illegal``;
    'Only if Gus drives off first' by the same move with Gus's car back on its start,
    the tile face down."""
    from rally.rally_run import DriveTo, RallyRunGame

    game = RallyRunGame.arrange(2, tiles=tiles, cars=list(cars))
    mover, other = game.names
    gone = RallyRunGame.arrange(2, tiles={cell: tile for cell, tile in tiles.items() if cell != target},
                                cars=[cars[0], "green"])
    choices, check = _yes_no_or_only_if(
        game, DriveTo(target), lambda: _(
            "The answer is “Yes”. The roads of {here} and {there} meet, so {mover} drives onto {there} beside "
            "{other}'s car. Nothing is revealed.").format(here=cars[0], there=target, mover=mover, other=other),
        _("Only if {other} drives off {target} first").format(other=other, target=target), (gone, DriveTo(target)))

    return Question(
        _("{mover}'s car stands on {here}. {other}'s car stands on {there}. It is {mover}'s turn.").format(
            mover=mover, other=other, here=_on(game, cars[0]), there=_on(game, target)),
        choices,
        check,
        hint=_("A car may join another car's tile only when the two tiles' roads meet: both must open toward each "
               "other."),
        heading=_("May {mover} drive onto {target}?").format(mover=mover, target=target),
    )


def when_face_down() -> Question:
    """Two cars share B2; Gus drives off, then Bo: when does B2 turn face down?
    Judged by the order of the engine's events."""
    from rally.rally_run import CarMoved, Cell, RallyRunGame, TileHidden

    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B3": "S:NS", "C2": "C:WS"}, cars=["B2", "B2"],
                                turn=15)
    names = game.names
    first, then = names[game.current_player], names[1 - game.current_player]
    for cell in ("B3", "C2"):  # the player to move drives on, then the other
        game.apply(f"reveal {cell}")
        game.apply(f"rotate {game.rotations()[0]}")
    events = list(game.events)
    hidden = next(i for i, e in enumerate(events) if isinstance(e, TileHidden) and e.cell == Cell.parse("B2").index)
    mover = next(e for e in reversed(events[:hidden]) if isinstance(e, CarMoved))
    drives_off = {name: _("When {name} drives off").format(name=name) for name in names}
    answer_text = drives_off[names[mover.seat]]

    def check(answer: str) -> Feedback:
        return Feedback(answer == answer_text,
                        _("When {first} drives off, {last}'s car still stands on B2, so it stays face up. When "
                          "{last} drives off too, nobody is left on it and it turns face down.").format(
                            first=names[1 - mover.seat], last=names[mover.seat]))

    return Question(
        _("{a}'s and {b}'s cars both stand on B2, a crossroads. {first} drives on to B3; then {then} drives on to "
          "C2.").format(a=names[0], b=names[1], first=first, then=then),
        (drives_off[first], drives_off[then], _("Never: once revealed, a tile stays face up")),
        check,
        hint=_("A tile stays face up as long as any car stands on it."),
        heading=_("When does the tile on B2 turn face down?"),
    )


# ------------------------------------------------------------------- swapping
def may_swap_after(actions: tuple[str, ...], swap: tuple[str, str]) -> Question:
    """'May Bo swap these two tiles now?' after ``actions`` played from the deal of
    seed 1 (two players) — the story is the engine's own narration, the verdict its
    ``why_illegal``; the third choice a misreading of the swap rule that this game makes
    tempting (:func:`_swap_misreading`)."""
    from rally.rally_run import RallyRunGame, Swap

    game = RallyRunGame.new(2, seed=1)
    for action in actions:
        game.apply(action)
    if game.current_player != 0:
        raise SetupError(_("The swap question is asked on the first player's turn."))
    name, other = game.names
    story = join_sentences(game.narrate())
    choices, check = _yes_no_or_only_if(
        game, Swap(*swap), lambda: _(
            "The answer is “Yes”. Both are face down, and only the two tiles the player just before him swapped "
            "are barred. {other} did not swap; {name}'s own swap does not count.").format(name=name, other=other),
        _swap_misreading(game, swap), None)

    return Question(
        _("So far: {story} Now it is {name}'s turn.").format(story=story, name=name),
        choices,
        check,
        hint=_("Only face-down tiles may be swapped, and not the two the player just before you swapped."),
        heading=_("May {name} swap {a} and {b}?").format(name=name, a=swap[0], b=swap[1]),
    )


def _swap_misreading(game: RallyRunGame, swap: tuple[str, str]) -> str:
    """A wrong answer with a reason that is true of ``game`` but not the rule (a fresh
    fact-checker: "only if the two tiles lie next to each other" tested no misreading
    anyone has): a player's own swap barring him; only the tiles he swapped himself being
    barred; a tile left out of the last swap being free to swap though face up."""
    from rally.rally_run import Cell, TilesSwapped

    seat = game.current_player
    name = game.names[seat]
    cells = [Cell.parse(c) for c in swap]
    own = [e for e in game.events if isinstance(e, TilesSwapped) and e.seat == seat]
    swapped = [e for e in game.events if isinstance(e, TilesSwapped)]
    codes = [None if (r := game.swap_refusal(c)) is None else r.code for c in cells]
    for cell, code in zip(cells, codes):
        if code is None and own and cell.index in (own[-1].a, own[-1].b):
            return _("No: {name} swapped {cell} himself on his last turn").format(name=name, cell=cell)
        if code == "R9.just_swapped" and not any(cell.index in (e.a, e.b) for e in own):
            return _("Yes: {name} did not swap {cell} himself").format(name=name, cell=cell)
        if code == "M3.face_up" and not (swapped and cell.index in (swapped[-1].a, swapped[-1].b)):
            return _("Yes: {cell} was not in the last swap").format(cell=cell)
    raise SetupError(_("This swap question has no misreading to offer: choose other tiles."))


# ------------------------------------------------------------ the pit stop
def trophy_taken() -> Question:
    """Gus is the first to reach the pit stop and turns over the trophy of the other car's
    color: which start-finish tile is his finish now? The game is dealt with the first seed
    whose top trophy has that color, and judged by playing that move: his finish is the
    color of the trophy he turned over, not the tile he started on (going home is the
    tempting wrong answer; only the trophy's rule gives the right one). The question names
    the trophy's color and the choices name tiles by whose start they are (in this app each
    car starts on the tile of its color): the child links the color to a car on the board,
    as no word of the question stands in the right choice."""
    from rally.rally_run import RallyRunGame

    def arrive(seed: int) -> RallyRunGame:
        game = RallyRunGame.arrange(2, tiles={"C2": "S:NS", "B3": "S:EW"}, cars=["B3", "C2"], turn=13, seed=seed)
        game.apply("drive C3")
        return game

    game = RallyRunGame.arrange(2, tiles={"C2": "S:NS", "B3": "S:EW"}, cars=["B3", "C2"], turn=13)
    first, second = game.names
    own, other = game.start_colors[1], game.start_colors[0]
    place = _on(game, "C2")
    got = next(trophy for trophy in (arrive(seed).trophies[1] for seed in range(100)) if trophy == other)
    # The right answer is not always the first: a child should not learn where it stands.
    choices = {_("The one he started on himself"): own,
               _("The one {name} started on").format(name=first): other,
               _("Any start-finish tile he reaches first"): None}

    def check(answer: str) -> Feedback:
        return Feedback(choices[answer] == got,
                        _("The {color} one, where {driver} started. The trophy's color names the finish, wherever "
                          "a car started.").format(driver=first, color=color_adjective(got)))

    return Question(
        # Each car's color said here (a fact-checker: the question needs it, and lesson 8 says it only below).
        _("{first} ({first_color} car) and {second} ({second_color} car) are playing. In this app, each car started "
          "on the tile of its color. {second} stands on {place}, next to the pit stop. He drives onto the pit stop "
          "and turns over the top trophy: it is {color}.").format(
            first=first, second=second, first_color=color_adjective(other), second_color=color_adjective(own),
            place=place, color=color_adjective(got)),
        tuple(choices),
        check,
        hint=_("What does the trophy's color tell its driver?"),
        heading=_("Which start-finish tile is {name}'s finish now?").format(name=second),
    )


# ------------------------------------------------------------------ finishing
def may_finish(tile: str, trophy: str) -> Question:
    """'May Bo drive onto the red start-finish tile?' from A1, laid as ``tile``, holding
    the ``trophy`` of that color — judged by ``why_illegal(Finish())``; 'Only if no other
    car stands on it' by the same move, since no car stands there already."""
    from rally.rally_run import Finish, RallyRunGame, Tile

    game = RallyRunGame.arrange(2, tiles={"A1": tile}, cars=["A1", "green"], trophies=[trophy, None])
    name = game.names[0]
    # The other car waits on its green start, so the red start-finish tile is clear: the
    # "Only if" below holds already, and the engine's verdict on this very game refutes it.
    choices, check = _yes_no_or_only_if(
        game, Finish(), lambda: _(
            "The answer is “Yes”. He holds the {color} trophy and A1's road leads west (←) onto the {color} "
            "start-finish tile. He drives onto it and wins.").format(color=color_adjective(trophy)),
        _("Only if no other car stands on the red start-finish tile"), (game, Finish()),
        None if trophy == "red" else lambda: _("In this app, a car may enter just one start-finish tile: its finish."))

    return Question(
        _("{name} holds the {color} trophy. His car stands on A1, {tile}. The red start-finish tile lies just west "
          "(←) of A1.").format(name=name, color=color_adjective(trophy), tile=Tile.parse(tile).shown()),
        choices,
        check,
        hint=_("A car finishes only on the start-finish tile of its trophy's color. In this app, a road must "
               "lead there."),
        # How a car reaches a start-finish tile is the project's reading (R5), whatever the trophy.
        heading=_("In this app, may {name} drive onto the red start-finish tile now?").format(name=name),
    )


# ------------------------------------------------ when nobody gets home
def traps_for_good() -> Question:
    """Ed's first move in a three-player game reveals a curve on E1: which way of laying
    it leaves his car stuck for good (R7)? Judged by ``is_stuck_for_good``."""
    from rally.rally_run import RallyRunGame, Tile
    from rally.rally_run.tiles import mask_words

    game = RallyRunGame.arrange(3, tiles={"E1": "C:NE"}, turn=1)
    name = game.names[1]
    game.apply("reveal E1")
    choices: dict[str, bool] = {}
    for r in game.rotations():
        after = game.clone()
        after.apply(f"rotate {r}")
        mask = Tile(game.tile("E1").kind, r).mask
        choices[_("Open to {directions}").format(directions=mask_words(mask))] = after.is_stuck_for_good(1)
    if list(choices.values()) != [True, False]:
        raise SetupError(_("Exactly one way of laying {name}'s curve should trap his car.").format(name=name))
    trap, free = choices

    def check(answer: str) -> Feedback:
        return Feedback(answer == trap,
                        _("{trap}: one road leads off the board and the other onto his own start-finish tile, where "
                          "a car without its trophy never drives. {free}, the road leads on into E2.").format(
                            trap=trap, free=free))

    return Question(
        _("A three-player game: {name}'s car is on the blue start-finish tile, just east of E1, and this is his "
          "first move. He reveals E1: a curve.").format(name=name),
        (*choices, _("Neither way")),
        check,
        hint=_("A car is stuck for good when every road out of its tile leads off the board or onto a start-finish "
               "tile it may not drive onto."),
        heading=_("Which way of laying the curve leaves {name}'s car stuck for good?").format(name=name),
    )


def who_is_ahead() -> Question:
    """Gus plays the last turn the limit allows (a swap) with Bo holding a trophy far from
    home and Gus next to the pit stop: who wins (R8)? Judged by playing that turn."""
    from rally.rally_run import Cell, RallyRunGame, Swap
    from rally.rally_run.board import CELLS, COLORS, PIT, distance

    game = RallyRunGame.arrange(2, tiles={"C4": "S:NS", "C2": "S:EW"}, cars=["C4", "C2"], trophies=["red", None],
                                turn=199)
    holder, other = game.names
    steps_holder = distance(Cell.parse("C4").index, CELLS + COLORS.index("red"))
    steps_other = distance(Cell.parse("C2").index, PIT)
    last, limit = game.turn + 1, game.max_turns
    other_place = _on(game, "C2")
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Swap)))
    if game.end_reason != "turn limit" or game.winner is None:
        raise SetupError(_("{name}'s swap should reach the turn limit.").format(name=other))
    winner = game.names[game.winner]

    def check(answer: str) -> Feedback:
        return Feedback(answer == winner,
                        _("{winner}: holding a trophy counts before any number of steps, so {holder} is ahead of "
                          "{other}, who has none yet, however close he is to the pit stop.").format(
                            winner=winner, holder=holder, other=other))

    return Question(
        join_sentences([
            ngettext("A two-player game: nobody has finished, and {name} is playing turn {turn}, the last of the "
                     "{limit} turn the game may have.",
                     "A two-player game: nobody has finished, and {name} is playing turn {turn}, the last of the "
                     "{limit} turns the game may have.", limit).format(name=other, turn=last, limit=limit),
            ngettext("{name} holds the red trophy; his car is on C4, {steps} step from the red start-finish tile.",
                     "{name} holds the red trophy; his car is on C4, {steps} steps from the red start-finish tile.",
                     steps_holder).format(name=holder, steps=steps_holder),
            ngettext("{name} holds no trophy; his car is on {place}, right beside the pit stop ({steps} step) but "
                     "with no road into it.",
                     "{name} holds no trophy; his car is on {place}, right beside the pit stop ({steps} steps) but "
                     "with no road into it.", steps_other).format(name=other, place=other_place, steps=steps_other),
            _("{name} swaps two tiles, and with that the game ends.").format(name=other),
        ]),
        (holder, other, _("Nobody: it is a draw")),
        check,
        hint=_("Look at the order these lessons use when nobody finishes: what counts first?"),
        heading=_("Who wins?"),
    )


#: The lesson's parts, in its order, their titles (translated where shown) and their questions.
PARTS: dict[str, tuple[str, Callable[[], list[Question]]]] = {
    "set-up": (N_("setting up"), lambda: [tiles_at_start(2), trophies_at_start(3)]),
    "laying": (N_("laying a tile"), lambda: [straight_from_north()]),
    "dead ends": (N_("dead ends"), lambda: [first_move_dead_end(), later_dead_end()]),
    "sharing": (N_("driving onto a car, tiles face down"), lambda: [
        may_drive({"B1": "C:WS", "B2": "S:EW"}, ("B1", "B2"), "B2"), when_face_down()]),
    "swap": (N_("swapping"), lambda: [
        may_swap_after(("swap A4 B5", "reveal E5", "rotate 0"), ("A4", "D2")),
        may_swap_after(("swap A4 B5", "reveal E5", "rotate 0"), ("E5", "D2"))]),
    "pit stop": (N_("the pit stop"), lambda: [trophy_taken()]),
    "finish": (N_("the finish"), lambda: [may_finish("S:NS", "red"), may_finish("C:WS", "green")]),
    "endings": (N_("when nobody gets home"), lambda: [traps_for_good(), who_is_ahead()]),
}


def rally_run_quiz(*parts: str) -> Quiz:
    """The questions on each of ``parts`` (keys of :data:`PARTS`), in that order, or on all
    of them when none is named; the title names the parts.

    >>> quiz = rally_run_quiz("laying", "dead ends")
    >>> quiz.title, len(quiz.questions)
    ('Rally Run: laying a tile and dead ends', 3)
    """
    if not parts:
        # TRANSLATORS: the game's name, as its box in your language says it (German: Memo-Car-Race).
        return Quiz(_("Rally Run"), [q for _title, make in PARTS.values() for q in make()])
    keys = [inputs.one_of(part, _("The part of the Rally Run lesson"), tuple(PARTS), SetupError) for part in parts]
    titles = join_words([_(PARTS[key][0]) for key in keys])
    # TRANSLATORS: the title of a quiz on parts of the Rally Run lessons, like "Rally Run: swapping".
    return Quiz(_("Rally Run: {part}").format(part=titles), [q for key in keys for q in PARTS[key][1]()])


__all__ = ["rally_run_quiz", "PARTS", "tiles_at_start", "trophies_at_start", "ways_to_lay", "which_way",
           "straight_from_north", "curve_from_west", "first_move_dead_end", "later_dead_end", "may_drive", "when_face_down", "may_swap_after",
           "trophy_taken", "may_finish", "traps_for_good", "who_is_ahead"]
