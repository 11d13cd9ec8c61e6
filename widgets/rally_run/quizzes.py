"""The Rally Run lesson's self-check questions, every answer judged by
:mod:`rally.rally_run`.

>>> quiz = rally_run_quiz()
>>> quiz.answer("2").correct   # a curve entered from the north: two ways to lay it
True
"""

from __future__ import annotations

from ..quiz import Feedback, Question, Quiz


def ways_to_lay(tiles: dict[str, str], car: str, reveal: str) -> Question:
    """'In how many ways may Ada lay the tile she reveals?' — judged by
    :meth:`rally.rally_run.RallyRunGame.rotations` (``tiles`` as for ``arrange``)."""
    from rally.rally_run import Cell, RallyRunGame, Tile
    from rally.rally_run.board import NEIGHBOURS
    from rally.rally_run.tiles import DIRECTION_WORDS, opposite

    game = RallyRunGame.arrange(2, tiles=tiles, cars=[car, "green"])
    heading = NEIGHBOURS[Cell.parse(car).index].index(Cell.parse(reveal).index)  # from the car to the tile
    side = DIRECTION_WORDS[opposite(heading)]
    under = game.tile(car)
    game.apply(f"reveal {reveal}")
    kind = game.tile(reveal).kind
    looks = [Tile(kind, r).describe() for r in game.rotations()]

    def check(answer: str) -> Feedback:
        ways = f"{len(looks)} ways: " + "; ".join(looks) if len(looks) > 1 else f"one way: {looks[0]}"
        return Feedback(int(answer) == len(looks),
                        f"Ada's road enters {reveal} from the {side}, so it must open to the {side}: {ways}.")

    return Question(
        f"Ada's car stands on {car}, {under.describe()}. She reveals {reveal}: it is {'an' if kind.word[0] in 'aeiou' else 'a'} "
        f"{kind.word}. "
        "In how many different ways may she lay it?",
        ("1", "2", "3", "4"),
        check,
        hint="The tile's road must meet the road it is entered from: count the turns of the tile that do.",
    )


def may_swap(last_swap: tuple[str, str], swap: tuple[str, str]) -> Question:
    """'May Ada swap these two tiles?' right after Bo's swap — judged by ``why_illegal``."""
    from rally.rally_run import RallyRunGame, Swap

    game = RallyRunGame.arrange(2, last_swap=list(last_swap), turn=2)
    reason = game.why_illegal(Swap(*swap))

    def check(answer: str) -> Feedback:
        if reason is None:
            return Feedback(answer == "Yes", "Yes: both are face down and neither is one of the two Bo just swapped.")
        return Feedback(answer == "No", f"No. {reason}")

    return Question(
        f"Bo has just swapped the face-down tiles {last_swap[0]} and {last_swap[1]}. Now it is Ada's turn. "
        f"May she swap {swap[0]} and {swap[1]}?",
        ("Yes", "No"),
        check,
        hint="The two tiles the previous player just swapped may not be swapped again right away.",
    )


def stays_face_up(tiles: dict[str, str], cars: tuple[str, str], reveal: str) -> Question:
    """'Ada drives on: does the tile she leaves go face down?' — judged by applying the turn."""
    from rally.rally_run import RallyRunGame

    game = RallyRunGame.arrange(2, tiles=tiles, cars=list(cars))
    left = cars[0]
    game.apply(f"reveal {reveal}")
    game.apply(f"rotate {game.rotations()[0]}")
    up = game.is_face_up(left)
    others = [name for name, place in zip(("Ada", "Bo"), cars) if place == left and name != "Ada"]

    def check(answer: str) -> Feedback:
        if up:
            why = f"{' and '.join(others)} still stands on {left}, so it stays face up until the last car leaves it."
        else:
            why = f"No other car stands on {left}, so it goes face down again, keeping its rotation."
        return Feedback(answer == ("It stays face up" if up else "It goes face down"), why)

    where = f"Bo's car stands on {cars[1]} too" if cars[1] == left else f"Bo's car stands on {cars[1]}"
    return Question(
        f"Ada's car stands on {left}; {where}. Ada reveals {reveal}, lays it and drives onto it. "
        f"What happens to {left}?",
        ("It goes face down", "It stays face up"),
        check,
        hint="A road tile turns face down when the last car on it drives off.",
    )


def may_finish(tile: str, trophy: str) -> Question:
    """'May Ada drive onto the red start-finish tile?' from A1, laid as ``tile``, holding
    the ``trophy`` of that color — judged by ``why_illegal(Finish())``."""
    from rally.rally_run import Finish, RallyRunGame, Tile

    game = RallyRunGame.arrange(2, tiles={"A1": tile}, cars=["A1", "green"], trophies=[trophy, None])
    reason = game.why_illegal(Finish())

    def check(answer: str) -> Feedback:
        if reason is None:
            return Feedback(answer == "Yes", f"Yes: she holds the {trophy} trophy and A1's road leads west onto "
                                             f"the {trophy} start-finish tile. She drives onto it and wins.")
        return Feedback(answer == "No", f"No. {reason}")

    return Question(
        f"Ada holds the {trophy} trophy. Her car stands on A1, {Tile.parse(tile).describe()}; the red "
        "start-finish tile lies just west of A1. May she drive onto it now?",
        ("Yes", "No"),
        check,
        hint="A car finishes only on the start-finish tile of its trophy's color, along a road that leads there.",
    )


def rally_run_quiz() -> Quiz:
    """Lesson 07: laying a tile, swapping, tiles going face down, and the finish."""
    return Quiz(
        "Rally Run",
        [
            ways_to_lay({"B1": "C:WS", "B2": "C:NE"}, car="B1", reveal="B2"),
            ways_to_lay({"B1": "C:WS", "B2": "X:NESW"}, car="B1", reveal="B2"),
            may_swap(("A4", "B5"), ("A4", "D2")),
            may_swap(("A4", "B5"), ("D2", "D4")),
            stays_face_up({"B2": "X:NESW", "B3": "S:NS"}, ("B2", "B2"), reveal="B3"),
            stays_face_up({"B2": "X:NESW", "B3": "S:NS"}, ("B2", "E5"), reveal="B3"),
            may_finish("S:NS", "red"),
            may_finish("C:WS", "red"),
            may_finish("C:WS", "green"),
        ],
    )



__all__ = ["rally_run_quiz", "ways_to_lay", "may_swap", "stays_face_up", "may_finish"]
