"""Traps: a way of laying a revealed tile that leaves the car stuck for good (issue 41).

A tile just revealed may be offered at a rotation after which its car can never move
again (decision R7, :meth:`~rally.rally_run.RallyRunGame.is_stuck_for_good`): on a
car's first move, a curve on the corner cell laid to open toward the board's edge
leaves only the road back to the start-finish tile, which is not the car's finish. The
rules allow it; a board should say so before the learner lays the tile that way. What
counts is decided once, here, by laying the tile on a copy of the game and asking the
engine's own :meth:`~rally.rally_run.RallyRunGame.is_stuck_for_good`.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.arrange(2, tiles={"A1": "C:NE"})
>>> game.apply("reveal A1")
>>> game.rotations(), trapping_rotations(game)
([2, 3], (3,))
>>> print(trap_words(game, 3))
Laid as rotate 3, a curve open to north and west leaves Bo's car no way on, ever: its roads lead only off the board or to a start-finish tile that is not its finish, and nothing changes a tile under a car. Choose rotate 2 (a curve open to south and west) instead.
>>> trap_words(game, 2) is None
True
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..i18n import _, join_words
from .actions import ROTATES
from .game import RallyRunGame
from .tiles import Tile


class NoTileToLay(IllegalAction):
    """A trap was asked about while no revealed tile waits for its rotation."""


def _lay(game: RallyRunGame, rotation: int) -> bool:
    """Whether laying the pending tile at ``rotation`` leaves its car stuck for good."""
    seat = game.current_player
    assert seat is not None  # a tile waits for its rotation: the game is not over
    trial = game.clone()
    trial.apply(ROTATES[rotation])
    return trial.is_stuck_for_good(seat)


def trapping_rotations(game: RallyRunGame) -> tuple[int, ...]:
    """The rotations offered now (:meth:`~rally.rally_run.RallyRunGame.rotations`) after
    which the car that revealed the tile could never move again; ``()`` when none
    would, or when no tile waits for its rotation."""
    if not game.awaiting_rotation:
        return ()
    return tuple(r for r in game.rotations() if _lay(game, r))


def would_trap(game: RallyRunGame, rotation: int) -> bool:
    """True when laying the tile just revealed at ``rotation`` leaves its car stuck for
    good. Raises :class:`NoTileToLay` when no tile waits, and
    :class:`~rally.IllegalAction` (the engine's reason) for a rotation not offered.

    >>> would_trap(RallyRunGame.new(2, seed=6), 1)
    Traceback (most recent call last):
    ...
    rally.rally_run.traps.NoTileToLay: No revealed tile waits to be laid: reveal a tile next to the car first, then ask about its rotations.
    """
    if not game.awaiting_rotation:
        raise NoTileToLay(_("No revealed tile waits to be laid: reveal a tile next to the car first, then ask about "
                            "its rotations."))
    reason = game.why_illegal(ROTATES[rotation] if rotation in range(4) else str(rotation))
    if reason is not None:
        raise IllegalAction(reason)
    return _lay(game, rotation)


def trap_words(game: RallyRunGame, rotation: int) -> str | None:
    """Why laying the tile just revealed at ``rotation`` traps its car for good, in the
    language spoken, ending with the rotations that do not; ``None`` when it does not
    trap (errors as :func:`would_trap`)."""
    if not would_trap(game, rotation):
        return None
    seat = game.current_player
    assert seat is not None and game.pending is not None
    kind = game.tiles[game.pending]
    assert kind is not None
    safe = [r for r in game.rotations() if r not in trapping_rotations(game)]
    text = _("Laid as rotate {r}, {tile} leaves {name}'s car no way on, ever: its roads lead only off the board or "
             "to a start-finish tile that is not its finish, and nothing changes a tile under a car.").format(
        r=rotation, tile=Tile(kind.kind, rotation).describe(), name=game.names[seat])
    if safe:
        choices = join_words([f"{ROTATES[r].words()} ({Tile(kind.kind, r).describe()})" for r in safe], "or")
        text += " " + _("Choose {choices} instead.").format(choices=choices)
    return text


__all__ = ["NoTileToLay", "trapping_rotations", "would_trap", "trap_words"]
