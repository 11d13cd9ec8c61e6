"""The Rally Run lesson's self-check questions, every position made and every answer
judged by :mod:`rally.rally_run`.

The lesson asks a few questions after each rule it teaches (:data:`PARTS`), each about
a case the lesson did not just show; ``rally_run_quiz()`` without a part asks them all.

>>> quiz = rally_run_quiz("laying")
>>> quiz.answer("1").correct   # a straight entered from the north lies one way only
True
>>> rally_run_quiz("pit stop").answer("The green trophy").correct
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rally import SetupError, inputs

from ..quiz import Feedback, Question, Quiz

if TYPE_CHECKING:
    from rally.rally_run import RallyRunGame


def _yes_or_no(reason: str | None, yes: str) -> Callable[[str], Feedback]:
    """Judge a yes/no question by the engine's ``reason`` an action is refused (None: allowed);
    ``yes`` explains why it is allowed."""

    def check(answer: str) -> Feedback:
        if reason is None:
            return Feedback(answer == "Yes", yes)
        return Feedback(answer == "No", f"No. {reason.split(' Ada may:')[0]}")

    return check


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _on(game, cell: str) -> str:
    """``"B1, a curve open to south and west"``: a face-up cell in words."""
    return f"{cell}, {game.tile(cell).describe()}"


# ----------------------------------------------------------------- setting up
def tiles_at_start(players: int) -> Question:
    """'How many face-down road tiles lie on the board at the start?' — counted on a new game."""
    from rally.rally_run import RallyRunGame

    hidden = sum(code == -1 for code in RallyRunGame.new(players).observation(0).codes)

    def check(answer: str) -> Feedback:
        return Feedback(int(answer) == hidden,
                        f"{hidden}: every road tile of the box lies face down around the pit stop, whatever the "
                        "number of players. Only the trophies and the cars depend on it.")

    return Question(
        f"A game for {players} players is set up. How many face-down road tiles lie on the board?",
        ("8", "12", "24", "25"),
        check,
        hint="Does the number of players change the grid of road tiles around the pit stop?",
    )


def trophies_at_start(players: int) -> Question:
    """'How many trophies lie on the pit stop at the start?' — read from a new game."""
    from rally.rally_run import COLORS, RallyRunGame
    from rally.i18n import join_words

    game = RallyRunGame.new(players)
    used = list(game.start_colors)
    spare = [c for c in COLORS if c not in used]

    def check(answer: str) -> Feedback:
        left = f" The {join_words(spare)} one{'s' if len(spare) > 1 else ''} stay{'' if len(spare) > 1 else 's'} " \
               "in the box." if spare else ""
        return Feedback(int(answer) == game.trophies_left,
                        f"{game.trophies_left}: one for each player, in the colors of the start-finish tiles the "
                        f"cars stand on ({join_words(used)}).{left}")

    return Question(
        f"A game for {players} players is set up. How many trophies lie on the pit stop?",
        ("1", "2", "3", "4"),
        check,
        hint="Who needs a trophy? Think of what the trophy's color tells its driver.",
    )


# ----------------------------------------------------------- laying a tile
def ways_to_lay(tiles: dict[str, str], car: str, reveal: str) -> Question:
    """'In how many ways may Ada lay the tile she reveals?' — judged by
    :meth:`rally.rally_run.RallyRunGame.rotations` (``tiles`` as for ``arrange``)."""
    from rally.rally_run import Cell, RallyRunGame, Tile
    from rally.rally_run.board import NEIGHBOURS
    from rally.rally_run.tiles import DIRECTION_WORDS, opposite

    game = RallyRunGame.arrange(2, tiles=tiles, cars=[car, "green"])
    heading = NEIGHBOURS[Cell.parse(car).index].index(Cell.parse(reveal).index)  # from the car to the tile
    side = DIRECTION_WORDS[opposite(heading)]
    under = _on(game, car)
    game.apply(f"reveal {reveal}")
    kind = game.tile(reveal).kind
    looks = [Tile(kind, r).describe() for r in game.rotations()]

    def check(answer: str) -> Feedback:
        ways = f"{len(looks)} ways: " + "; ".join(looks) if len(looks) > 1 else f"one way: {looks[0]}"
        return Feedback(int(answer) == len(looks),
                        f"Ada's road enters {reveal} from the {side}, so it must open to the {side}: {ways}.")

    return Question(
        f"Ada's car stands on {under}. She reveals {reveal}: it is {_article(kind.word)} {kind.word}. "
        "In how many different ways may she lay it?",
        ("1", "2", "3", "4"),
        check,
        hint="The tile's road must meet the road it is entered from: count the turns of the tile that do, and "
             "count turns that look the same once.",
    )


def which_way(game: RallyRunGame, reveal: str, who: str, where: str, choices: dict[str, frozenset[str]],
              why: str, hint: str) -> Question:
    """'Which way may {who} lay the tile {who} reveals?' on ``game`` — the ``choices`` name
    sets of openings (``"N"``, ``"E"``, ...); the right one is the set of ways
    :meth:`~rally.rally_run.RallyRunGame.rotations` offers."""
    from rally.rally_run import Tile
    from rally.rally_run.tiles import mask_words

    game.apply(f"reveal {reveal}")
    kind = game.tile(reveal).kind
    offered = [Tile(kind, r) for r in game.rotations()]
    ways = frozenset(d for tile in offered for d in tile.openings)
    if sum(ways == c for c in choices.values()) != 1:
        raise SetupError(f"Exactly one choice must be the engine's answer ({', '.join(sorted(ways))}).")
    words = " or ".join(f"open to {mask_words(t.mask)}" for t in offered)

    def check(answer: str) -> Feedback:
        return Feedback(choices[answer] == ways, f"{who} may lay it {words}. {why}")

    return Question(
        f"{where} {who} reveals {reveal}: it is {_article(kind.word)} {kind.word}. Which way may {who} lay it?",
        tuple(choices),
        check,
        hint=hint,
    )


def first_move_dead_end() -> Question:
    """Bo's first move reveals a dead end on E5 (R3): it faces a face-down neighbour."""
    from rally.rally_run import RallyRunGame

    return which_way(
        RallyRunGame.arrange(2, tiles={"E5": "D:N"}, turn=1), "E5", "Bo",
        "Bo's car still stands on the green start-finish tile, just east of E5: this is his first move.",
        {"Open to north or to west, as he likes": frozenset("NW"),
         "Only open to east, toward his start": frozenset("E"),
         "Only open to north": frozenset("N"),
         "Any of the four ways": frozenset("NESW")},
        why="On a car's first move a dead end may face a face-down neighbour of the corner cell (here E4 to the "
            "north or D5 to the west), but never the start-finish tile.",
        hint="On a car's first move a dead end gets special help: where may its opening face, and where not?",
    )


def later_dead_end() -> Question:
    """Later in the game a dead end gets no help: it opens back the way the car came."""
    from rally.rally_run import RallyRunGame

    return which_way(
        RallyRunGame.arrange(2, tiles={"B1": "C:WS", "B2": "D:N"}, cars=["B1", "green"]), "B2", "Ada",
        "Ada's car has left its start long ago and stands on B1, a curve open to south and west.",
        {"Open to north, back toward B1": frozenset("N"),
         "Open to south, on toward B3": frozenset("S"),
         "Open to east or to south, as she likes": frozenset("ES"),
         "Any of the four ways": frozenset("NESW")},
        why="Away from the start a dead end, like any tile, must meet the road the car comes by: it faces back "
            "toward B1, and Ada will have to turn round.",
        hint="Away from the start, the usual rule holds: the road must meet the road the car comes from.",
    )


# --------------------------------------------------- driving onto a car, face down
def may_drive(tiles: dict[str, str], cars: tuple[str, str], target: str) -> Question:
    """'May Ada drive onto the tile where Bo's car stands?' — judged by ``why_illegal``."""
    from rally.rally_run import DriveTo, RallyRunGame

    game = RallyRunGame.arrange(2, tiles=tiles, cars=list(cars))
    reason = game.why_illegal(DriveTo(target))

    check = _yes_or_no(reason, f"Yes: the roads of {cars[0]} and {target} meet, so Ada drives onto {target} "
                               "beside Bo's car. Nothing is revealed.")

    return Question(
        f"Ada's car stands on {_on(game, cars[0])}. Bo's car stands on {_on(game, target)}. It is Ada's turn. "
        f"May she drive onto {target}?",
        ("Yes", "No"),
        check,
        hint="A car may join another car's tile only when the two tiles' roads meet: both must open toward each "
             "other.",
    )


def when_face_down() -> Question:
    """Two cars share B2; Bo drives off, then Ada: when does B2 turn face down?
    Judged by the order of the engine's events."""
    from rally.rally_run import CarMoved, Cell, RallyRunGame, TileHidden

    game = RallyRunGame.arrange(2, tiles={"B2": "X:NESW", "B3": "S:NS", "C2": "C:WS"}, cars=["B2", "B2"], turn=15)
    for cell in ("B3", "C2"):  # Bo drives on, then Ada
        game.apply(f"reveal {cell}")
        game.apply(f"rotate {game.rotations()[0]}")
    events = list(game.events)
    hidden = next(i for i, e in enumerate(events) if isinstance(e, TileHidden) and e.cell == Cell.parse("B2").index)
    mover = next(e for e in reversed(events[:hidden]) if isinstance(e, CarMoved))
    names = ("Ada", "Bo")
    answer_text = f"When {names[mover.seat]} drives off"

    def check(answer: str) -> Feedback:
        first = names[1 - mover.seat]
        return Feedback(answer == answer_text,
                        f"When {first} drives off, {names[mover.seat]}'s car still stands on B2, so it stays face "
                        f"up. When {names[mover.seat]} drives off too, nobody is left on it and it turns face down.")

    return Question(
        "Ada's and Bo's cars both stand on B2, a crossroads. Bo drives on to B3; then Ada drives on to C2. "
        "When does the tile on B2 turn face down?",
        ("When Bo drives off", "When Ada drives off", "Never: once revealed, a tile stays face up"),
        check,
        hint="A tile stays face up as long as any car stands on it.",
    )


# ------------------------------------------------------------------- swapping
def may_swap_after(actions: tuple[str, ...], swap: tuple[str, str]) -> Question:
    """'May Ada swap these two tiles now?' after ``actions`` played from the deal of
    seed 1 (two players) — the story is the engine's own narration, the verdict its
    ``why_illegal``."""
    from rally.rally_run import RallyRunGame, Swap

    game = RallyRunGame.new(2, seed=1)
    for action in actions:
        game.apply(action)
    if game.current_player != 0:
        raise SetupError("The swap question is asked on Ada's turn.")
    story = " ".join(game.narrate())
    reason = game.why_illegal(Swap(*swap))

    check = _yes_or_no(reason, "Yes: both are face down, and only the two tiles the player just before her "
                               "swapped are barred. Bo did not swap; her own swap does not count.")

    return Question(
        f"So far: {story} Now it is Ada's turn. May she swap {swap[0]} and {swap[1]}?",
        ("Yes", "No"),
        check,
        hint="Only face-down tiles may be swapped, and not the two the player just before you swapped.",
    )


# ------------------------------------------------------------ the pit stop
def trophy_taken() -> Question:
    """Ada holds the red trophy; Bo drives onto the pit stop: which trophy does he take?"""
    from rally.rally_run import RallyRunGame

    game = RallyRunGame.arrange(2, tiles={"C2": "S:NS", "B3": "S:EW"}, cars=["B3", "C2"], trophies=["red", None],
                                turn=13)
    game.apply("drive C3")
    got = game.trophies[1]
    choices = {"The green trophy": "green", "The red trophy": "red",
               "Nothing: Ada took the only one": None, "The one he likes best": "any"}

    def check(answer: str) -> Feedback:
        return Feedback(choices[answer] == got,
                        f"The {got} trophy: a two-player game has one trophy per player, red and {got}. Ada took "
                        f"red, so {got} was left, and now the {got} start-finish tile is Bo's finish.")

    return Question(
        f"A two-player game: Ada has already taken the red trophy at the pit stop and driven on. Bo's car stands on "
        f"{_on(game, 'C2')}, next to the pit stop. He drives onto it. What does he take?",
        tuple(choices),
        check,
        hint="How many trophies were put on the pit stop at the start, and in which colors?",
    )


# ------------------------------------------------------------------ finishing
def may_finish(tile: str, trophy: str) -> Question:
    """'May Ada drive onto the red start-finish tile?' from A1, laid as ``tile``, holding
    the ``trophy`` of that color — judged by ``why_illegal(Finish())``."""
    from rally.rally_run import Finish, RallyRunGame, Tile

    game = RallyRunGame.arrange(2, tiles={"A1": tile}, cars=["A1", "green"], trophies=[trophy, None])
    reason = game.why_illegal(Finish())

    check = _yes_or_no(reason, f"Yes: she holds the {trophy} trophy and A1's road leads west onto the {trophy} "
                               "start-finish tile. She drives onto it and wins.")

    return Question(
        f"Ada holds the {trophy} trophy. Her car stands on A1, {Tile.parse(tile).describe()}; the red "
        "start-finish tile lies just west of A1. May she drive onto it now?",
        ("Yes", "No"),
        check,
        hint="A car finishes only on the start-finish tile of its trophy's color, along a road that leads there.",
    )


# ------------------------------------------------ when nobody gets home
def traps_for_good() -> Question:
    """Bo's first move in a three-player game reveals a curve on E1: which way of laying
    it leaves his car stuck for good (R7)? Judged by ``is_stuck_for_good``."""
    from rally.rally_run import RallyRunGame, Tile

    game = RallyRunGame.arrange(3, tiles={"E1": "C:NE"}, turn=1)
    game.apply("reveal E1")
    choices: dict[str, bool] = {}
    for r in game.rotations():
        after = game.clone()
        after.apply(f"rotate {r}")
        words = Tile(game.tile("E1").kind, r).describe().removeprefix("a curve ")
        choices[words[0].upper() + words[1:]] = after.is_stuck_for_good(1)
    if list(choices.values()) != [True, False]:
        raise SetupError("Exactly one way of laying Bo's curve should trap his car.")
    trap, free = choices

    def check(answer: str) -> Feedback:
        return Feedback(answer == trap,
                        f"{trap}: one road leads off the board and the other onto his own start-finish tile, "
                        f"where a car without its trophy never drives. {free}, the road leads on into E2.")

    return Question(
        "A three-player game: Bo's car is on the blue start-finish tile, just east of E1, and this is his first "
        "move. He reveals E1: a curve. Which way of laying it leaves his car stuck for good?",
        (*choices, "Neither way"),
        check,
        hint="A car is stuck for good when every road out of its tile leads off the board or onto a start-finish "
             "tile it may not drive onto.",
    )


def who_is_ahead() -> Question:
    """Bo plays the last turn the limit allows (a swap) with Ada holding a trophy far from
    home and Bo next to the pit stop: who wins (R8)? Judged by playing that turn."""
    from rally.rally_run import Cell, RallyRunGame, Swap
    from rally.rally_run.board import CELLS, COLORS, PIT, distance

    game = RallyRunGame.arrange(2, tiles={"C4": "S:NS", "C2": "S:EW"}, cars=["C4", "C2"], trophies=["red", None],
                                turn=199)
    steps_ada = distance(Cell.parse("C4").index, CELLS + COLORS.index("red"))
    steps_bo = distance(Cell.parse("C2").index, PIT)
    last, limit = game.turn + 1, game.max_turns
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Swap)))
    if game.end_reason != "turn limit" or game.winner is None:
        raise SetupError("Bo's swap should reach the turn limit.")
    winner = game.names[game.winner]

    def check(answer: str) -> Feedback:
        return Feedback(answer == winner,
                        f"{winner}: holding a trophy counts before any number of steps, so Ada is ahead of Bo, "
                        "who has none yet, however close he is to the pit stop.")

    return Question(
        f"A two-player game: nobody has finished, and Bo is playing turn {last}, the last of the {limit} turns "
        f"the game may have. Ada holds the red trophy; her car is on C4, {steps_ada} steps from the red "
        f"start-finish tile. Bo holds no trophy; his car is on {_on(game, 'C2')}, right beside the pit stop "
        f"({steps_bo} step) but with no road into it. Bo swaps two tiles, and with that the game ends. Who wins?",
        ("Ada", "Bo", "Nobody: it is a draw"),
        check,
        hint="Look at the order these lessons use when nobody finishes: what counts first?",
    )


#: The lesson's parts, in its order, and their questions.
PARTS: dict[str, tuple[str, Callable[[], list[Question]]]] = {
    "set-up": ("setting up", lambda: [tiles_at_start(2), trophies_at_start(3)]),
    "laying": ("laying a tile", lambda: [ways_to_lay({"B1": "C:WS", "B2": "S:NS"}, car="B1", reveal="B2")]),
    "dead ends": ("dead ends", lambda: [first_move_dead_end(), later_dead_end()]),
    "sharing": ("driving onto a car, tiles face down", lambda: [
        may_drive({"B1": "C:WS", "B2": "S:EW"}, ("B1", "B2"), "B2"), when_face_down()]),
    "swap": ("swapping", lambda: [
        may_swap_after(("swap A4 B5", "reveal E5", "rotate 0"), ("A4", "D2")),
        may_swap_after(("swap A4 B5", "reveal E5", "rotate 0"), ("E5", "D2"))]),
    "pit stop": ("the pit stop", lambda: [trophy_taken()]),
    "finish": ("the finish", lambda: [may_finish("S:NS", "red"), may_finish("C:WS", "green")]),
    "endings": ("when nobody gets home", lambda: [traps_for_good(), who_is_ahead()]),
}


def rally_run_quiz(part: str | None = None) -> Quiz:
    """Lesson 07's questions on one ``part`` (a key of :data:`PARTS`), or all of them."""
    if part is None:
        return Quiz("Rally Run", [q for _, make in PARTS.values() for q in make()])
    key = inputs.one_of(part, "The part of the Rally Run lesson", tuple(PARTS), SetupError)
    title, make = PARTS[key]
    return Quiz(f"Rally Run: {title}", make())


__all__ = ["rally_run_quiz", "PARTS", "tiles_at_start", "trophies_at_start", "ways_to_lay", "which_way",
           "first_move_dead_end", "later_dead_end", "may_drive", "when_face_down", "may_swap_after",
           "trophy_taken", "may_finish", "traps_for_good", "who_is_ahead"]
