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
Laid as road ↑ ←, its roads would lead only off the board or to a start-finish tile. In this app, Bo may not drive onto one of those before the pit stop. So Bo's car could never drive on. Choose road ↓ ← instead.
>>> trap_words(game, 2) is None
True
"""

from __future__ import annotations

from ..common.errors import IllegalAction
from ..common.i18n import _, join_sentences, join_words
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
    reason = game.refusal(ROTATES[rotation] if rotation in range(4) else str(rotation))
    if reason is not None:
        raise IllegalAction.because(reason)
    return _lay(game, rotation)


def trap_words(game: RallyRunGame, rotation: int) -> str | None:
    """Why laying the tile just revealed at ``rotation`` traps its car for good, in the
    language spoken and in the board's own words for each way (``road ↑ ←``), ending with
    the ways that do not; ``None`` when it does not trap (errors as :func:`would_trap`)."""
    if not would_trap(game, rotation):
        return None
    seat = game.current_player
    assert seat is not None and game.pending is not None
    kind = game.tiles[game.pending]
    assert kind is not None
    safe = [r for r in game.rotations() if r not in trapping_rotations(game)]
    name = game.names[seat]
    # The start-finish tiles a car may not enter yet are decision R5 (the project's reading): said so.
    text = join_sentences([
        _("Laid as {way}, its roads would lead only off the board or to a start-finish tile.").format(
            way=Tile(kind.kind, rotation).way()),
        _("In this app, {name} may not drive onto one of those before the pit stop.").format(name=name),
        _("So {name}'s car could never drive on.").format(name=name)])
    if safe:
        choices = join_words([Tile(kind.kind, r).way() for r in safe], "or")
        text = join_sentences([text, _("Choose {choices} instead.").format(choices=choices)])
    return text


def lay_words(game: RallyRunGame) -> str:
    """Which ways of laying the tile just revealed meet the car's road, in the board's own
    words (``road ↓ ←``), and a warning for a way that traps the car. Raises
    :class:`NoTileToLay` when no tile waits.

    >>> from rally.rally_run import RallyRunGame
    >>> game = RallyRunGame.arrange(2, tiles={"A1": "C:NE"})
    >>> game.apply("reveal A1")
    >>> print(lay_words(game))
    Only some ways make the roads meet. Here these fit: road ↓ ← or road ↑ ←. Careful: in this app, laid as road ↑ ←, Bo's car could never drive on.
    """
    if not game.awaiting_rotation or game.pending is None:
        raise NoTileToLay(_("No revealed tile waits to be laid: reveal a tile next to the car first, then ask about "
                            "its rotations."))
    kind = game.tiles[game.pending]
    assert kind is not None and game.current_player is not None
    traps = trapping_rotations(game)
    choices = join_words([Tile(kind.kind, r).way() for r in game.rotations()], "or")
    if game.first_move_dead_end():
        text = _("In this app, on a first move, a dead end faces a face-down neighbor, never a start-finish tile. Here "
                 "these fit: {choices}.").format(choices=choices)
    else:
        text = _("Only some ways make the roads meet. Here these fit: {choices}.").format(choices=choices)
    if traps:
        text += " " + _("Careful: in this app, laid as {way}, {name}'s car could never drive on.").format(
            way=Tile(kind.kind, traps[0]).way(), name=game.names[game.current_player])
    return text


__all__ = ["NoTileToLay", "trapping_rotations", "would_trap", "trap_words", "lay_words"]
