"""Lesson 3's self-check: where a car stops on a small track, each question with the track
drawn (:class:`~widgets.stich_rallye.track_figure.TrackFigure`, so Plotly). Kept apart from
:mod:`widgets.stich_rallye.quizzes`, whose questions draw no track: lessons 1 and 2 load no Plotly.

>>> quiz = moving_quiz()
>>> quiz.answer("8").correct
True
"""

from __future__ import annotations

from rally import Track, move
from ..i18n import N_, _, join_words, ngettext
from ..quiz import Feedback, Question, Quiz
from .track_figure import TrackFigure
from .track_traces import SPACES, space_numbers
from .track_words import hills_in_words


#: The hint of a "where does it end?" question that brings none of its own.
WHERE_HINT = N_("Count only empty spaces, jump over cars, then see whether the move ends on a hill.")


def where_does_it_end(track_text: str, positions: dict[str, int], mover: str, steps: int,
                      hint: str = WHERE_HINT, decoys: tuple[int, ...] = ()) -> Question:
    """'Where does the car stop?' on a small track — judged by :func:`rally.move`.

    The question shows the track with its cars where :func:`rally.move` accepted them
    (:class:`~widgets.stich_rallye.track_figure.TrackFigure`, each car's space in its key); its
    words say the move and the track's hills
    (:func:`~widgets.stich_rallye.track_words.hills_in_words`), which the picture shows only
    in color and shape. ``decoys`` are wrong spaces to offer besides the usual slips
    (counting the cars, stopping on the hill).
    """
    track = Track.parse(track_text)
    result = move(track, positions, mover, steps)  # refuses positions a game cannot reach (S6, S9)
    n = len(track)
    start = positions[mover]
    wrong = {(start + steps) % n, result.counted_end % n, (result.space + 1) % n, *(d % n for d in decoys)}
    choices = sorted(wrong | {result.space})

    said = [result.describe()]
    hill = track.hill(result.counted_end)
    if len(hill) > 1:  # the child counted some of its spaces on the way, so say they are one hill
        said.append(_("Spaces {spaces} make one hill.").format(spaces=join_words([str(s) for s in hill])))

    def check(answer: str) -> Feedback:
        return Feedback(int(answer) == result.space, " ".join(said))

    def picture() -> TrackFigure:
        figure = TrackFigure(track, positions=list(positions.values()), names=list(positions))
        # The child answers with a space's number, so each space shows its own.
        figure.plot.data[SPACES].update(**space_numbers([figure.space_xy(s) for s in range(n)], figure.look.text))
        figure.redrawn()  # made before the page shows it (the first question), it is sent whole: else lost
        return figure

    return Question(
        " ".join([ngettext("{mover} moves {steps}.", "{mover} moves {steps}.", steps).format(mover=mover, steps=steps),
                  hills_in_words(track), _("On which space does {mover}'s car stop?").format(mover=mover)]),
        tuple(str(c) for c in choices),
        check,
        hint=_(hint) if hint == WHERE_HINT else hint,
        picture=picture,
    )


def moving_quiz() -> Quiz:
    """Lesson 03: driving clockwise, counting, jumping and rolls. Every position is made
    by :func:`rally.move` on a small track, and none is one the lesson shows."""
    return Quiz(
        _("Moving and hills"),
        [
            where_does_it_end("S...........", {"Ada": 6, "Bo": 3, "Cy": 9}, "Ada", 2, decoys=(4, 7),
                              hint=_("Cars drive clockwise, toward higher numbers. Count from the next space, "
                                     "not the one the car stands on.")),
            where_does_it_end("S..........", {"Ada": 3, "Bo": 4, "Cy": 5}, "Ada", 2, decoys=(6,),
                              hint=_("A space with a car on it is jumped and not counted, whoever is there.")),
            where_does_it_end("S....U.......", {"Ada": 2, "Bo": 9}, "Ada", 4, decoys=(4,),
                              hint=_("A hill only matters where the move ends; passing over it changes nothing.")),
            where_does_it_end("S...DD........", {"Ada": 1, "Bo": 6, "Cy": 7}, "Ada", 3, decoys=(6,),
                              hint=_("Ending on a downhill space, the car rolls on to the first empty space "
                                     "after the hill.")),
            where_does_it_end("S.....UU.....", {"Ada": 2, "Bo": 5}, "Ada", 4,
                              hint=_("Jump the car on the way. Ending on an uphill space, the car rolls back to the "
                                     "last empty space before the hill.")),
        ],
    )


__all__ = ["WHERE_HINT", "moving_quiz", "where_does_it_end"]
