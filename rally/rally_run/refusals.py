"""Why a Rally Run action is not allowed now, in a player's words, and what would be.

Each refusal names the rule that stops the action and ends with what the player may do
instead (:meth:`RunRefusals.what_is_legal`).
"""

from __future__ import annotations

from ..common import inputs
from typing import Any, Mapping

from ..common.errors import SetupError
from ..common.refusal import Refusal, wording
from ..common.i18n import _, capitalized, join_words, language, ngettext
from . import rules
from .actions import DRIVES, FINISH, REVEALS, ROTATES, DriveTo, Finish, Reveal, Rotate, RunAction, Swap, parse_action
from .board import CELLS, Cell, COLORS, NEIGHBOURS, PIT, START_FINISH, color_adjective, color_noun, place_name
from .state import MOVE, OVER, ROTATE
from .table import RunTable
from .tiles import BITS, BY_CODE, MASKS, Tile, a_kind, direction_word, mask_words, opposite


def _place_label(place: int) -> str:
    """A place as a list of places names it: ``"B1"``, ``"red start-finish"``."""
    if place < CELLS:
        return place_name(place)
    # TRANSLATORS: a start-finish tile in a list of places ("B1 or red start-finish");
    # {color} is the color as a noun ("Rot").
    return _("{color} start-finish").format(color=color_noun(COLORS[place - CELLS]))



class RunRefusals(RunTable):
    """A game that says why an action is refused (:meth:`why_illegal`) and what is allowed."""

    __slots__ = ()

    def what_is_legal(self, seat: int, lang: str | None = None) -> str:
        """What ``seat`` may do now, as one sentence: the actions in words (as they may be
        typed), joined with "or" (the sentence :meth:`why_illegal` ends with; in ``lang``,
        default the language spoken).

        >>> from rally.rally_run import RallyRunGame
        >>> RallyRunGame.new(2, seed=1).what_is_legal(0)
        'Bo may: reveal A1 or swap two face-down tiles.'
        >>> RallyRunGame.new(2, seed=1).what_is_legal(-1)
        Traceback (most recent call last):
        ...
        rally.common.errors.SetupError: A seat must be a whole number from 0 to 1, like 0, not -1.
        """
        with language(lang):
            return self._what_is_legal(inputs.seat(seat, self._players, SetupError))

    def _what_is_legal(self, seat: int) -> str:
        reveals, drives, finish = rules.options(self._tiles, self._cars, self._held, seat)
        # The actions in words, as they may be typed: the program reads them back.
        parts = [REVEALS[c].words() for c in reveals] + [DRIVES[c].words() for c in drives]
        if finish:
            parts.append(FINISH.words())
        if len(rules.swappable(self._cars, self._last_swap)) >= 2:
            parts.append(_("swap two face-down tiles"))
        if not parts:
            return _("{name} may: nothing.").format(name=self._names[seat])
        # TRANSLATORS: {choices} are actions in words ("reveal B3", "drive C3", "finish": the
        # messages with context "action"), joined with "or".
        return _("{name} may: {choices}.").format(name=self._names[seat], choices=join_words(parts, "or"))

    def _where(self, seat: int) -> str:
        src = self._cars[seat]
        who = self._names[seat]
        if src >= CELLS:
            # TRANSLATORS: this and the next two are the {where} of the sentences that say
            # why the car cannot go somewhere ("{where}, and {cell} is not next to it: ...").
            return _("{name}'s car is on the {color} start-finish tile").format(
                name=who, color=color_adjective(COLORS[src - CELLS]))
        if src == PIT:
            return _("{name}'s car is on the pit stop ({cell})").format(name=who, cell=place_name(src))
        return _("{name}'s car is on {cell} ({tile})").format(
            name=who, cell=place_name(src), tile=BY_CODE[self._tiles[src]].describe())

    def _road_to(self, seat: int, dst: int) -> str | None:
        """Why ``seat``'s car has no road from its place to ``dst``, or None if it has."""
        src = self._cars[seat]
        d = rules.direction(src, dst)
        mask = rules.mask_at(self._tiles, src)
        if d >= 0 and mask & BITS[d]:
            return None
        roads = [_place_label(NEIGHBOURS[src][e]) for e in range(4) if mask & BITS[e] and NEIGHBOURS[src][e] >= 0]
        words = {"where": self._where(seat), "cells": join_words(roads, "or")}
        if d < 0:
            if roads:
                template = _("{where}, and {cell} is not next to it: from there the road leads only to {cells}.")
            else:
                template = _("{where}, and {cell} is not next to it: from there no road leads anywhere on the board.")
            return template.format(cell=place_name(dst), **words)
        words["direction"] = direction_word(d)
        if dst >= CELLS:
            if roads:
                template = _("{where}: no road leaves it to the {direction}, toward the {color} start-finish tile; "
                             "the road leads only to {cells}.")
            else:
                template = _("{where}: no road leaves it to the {direction}, toward the {color} start-finish tile; "
                             "no road leads anywhere on the board.")
            return template.format(color=color_adjective(COLORS[dst - CELLS]), **words)
        if roads:
            template = _("{where}: no road leaves it to the {direction}, toward {cell}; the road leads only to "
                         "{cells}.")
        else:
            template = _("{where}: no road leaves it to the {direction}, toward {cell}; no road leads anywhere on "
                         "the board.")
        return template.format(cell=place_name(dst), **words)

    def why_illegal(self, action: RunAction | str, seat: int | None = None, lang: str | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now, in
        a player's words, ending with what would be allowed; ``None`` if it is allowed
        (in ``lang``, default the language spoken: :mod:`rally.common.i18n`).
        Text that is not an action raises :class:`~rally.TileError`."""
        if lang is None:  # apply asks every move: no language switch then
            return self._why_illegal(action, seat)
        with language(lang):
            return self._why_illegal(action, seat)

    def _why_illegal(self, action: RunAction | str, seat: int | None) -> str | None:
        names = self._names
        if self._phase == OVER:
            return self._over_words()
        current = self._seat_to_move
        if seat is not None and not (inputs.is_whole(seat) and 0 <= seat < self._players):
            # Checked before comparing: True == 1 and 1.0 == 1 would pass for seat 1.
            return _("There is no seat {seat}: seats are whole numbers from 0 to {high}.").format(
                seat=inputs.shown(seat), high=self._players - 1)
        if seat is not None and seat != current:
            if self._phase == ROTATE and self._pending is not None:
                return _("Wait: {name} has just revealed {cell} and is choosing how to lay it.").format(
                    name=names[current], cell=place_name(self._pending))
            return _("It is {name}'s turn, not {other}'s.").format(name=names[current], other=names[seat])
        act = parse_action(action)
        if self._phase == ROTATE and self._pending is not None:
            return self._why_rotate(current, self._pending, act)
        if isinstance(act, Rotate):
            return _("There is no revealed tile to turn: {name} must first reveal a face-down tile next to the car "
                     "(or drive, or swap).").format(name=names[current]) + " " + self._what_is_legal(current)
        if isinstance(act, Reveal):
            return self._why_reveal(current, act.cell.index)
        if isinstance(act, DriveTo):
            return self._why_drive(current, act.cell.index)
        if isinstance(act, Finish):
            return self._why_finish(current)
        return self._why_swap(current, act.a.index, act.b.index)

    def _over_words(self) -> str:
        # TRANSLATORS: who won when a finished game names no winner (never in a real game).
        won = self._names[self._winner] if self._winner is not None else _("nobody")
        if self._end_reason == "finish":
            template = _("The game is over: {name} won (reached the finish with the trophy). Start a new game to play "
                         "on.")
        elif self._end_reason == "all stuck":
            template = _("The game is over: {name} won (no car could ever move again). Start a new game to play on.")
        else:
            template = _("The game is over: {name} won (the turn limit was reached). Start a new game to play on.")
        return template.format(name=won)

    def _why_rotate(self, seat: int, cell: int, action: RunAction) -> str | None:
        allowed, exception = rules.rotations(self._tiles, self._cars, seat, cell)
        tile = BY_CODE[self._tiles[cell]]
        r = action.rotation if isinstance(action, Rotate) else -1
        if r in allowed:
            return None
        # The rotations in words, as they may be typed ("rotate 1"), each with its look in words.
        choices = join_words([f"{ROTATES[k].words()} ({Tile(tile.kind, k).describe()})" for k in allowed], "or")
        if not isinstance(action, Rotate):
            return _("{name} has just revealed {cell}, {a_kind}, and must first choose how to lay it: "
                     "{choices}.").format(name=self._names[seat], cell=place_name(cell), a_kind=a_kind(tile.kind),
                                          choices=choices)
        if r >= tile.kind.rotations:
            same = r % tile.kind.rotations
            return ngettext("{A_kind} turned {n} quarter turn looks just like rotate {same}; each look is offered "
                            "once: {choices}.",
                            "{A_kind} turned {n} quarter turns looks just like rotate {same}; each look is offered "
                            "once: {choices}.", r).format(
                A_kind=capitalized(a_kind(tile.kind)), n=r, same=same, choices=choices)
        laid = Tile(tile.kind, r)
        src = self._cars[seat]
        if exception:
            toward = NEIGHBOURS[cell][laid.mask.bit_length() - 1]
            words = {"r": r, "direction": mask_words(laid.mask), "choices": choices}
            if toward < 0:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward the edge of the "
                             "board; on a car's first move a dead end must face a face-down neighbour instead: "
                             "{choices}.")
            elif toward >= CELLS:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward the {color} "
                             "start-finish tile; on a car's first move a dead end must face a face-down neighbour "
                             "instead: {choices}.")
                words["color"] = color_adjective(COLORS[toward - CELLS])
            else:
                template = _("Laid as rotate {r}, the dead end would open to the {direction}, toward {cell}; on a "
                             "car's first move a dead end must face a face-down neighbour instead: {choices}.")
                words["cell"] = place_name(toward)
            return template.format(**words)
        back = opposite(rules.direction(src, cell))
        words = {"r": r, "tile": laid.describe(), "direction": direction_word(back), "choices": choices}
        if src >= CELLS:
            return _("Laid as rotate {r}, {tile} would not meet the road from the {color} start-finish tile: it must "
                     "open to the {direction}. Choose {choices}.").format(
                color=color_adjective(COLORS[src - CELLS]), **words)
        return _("Laid as rotate {r}, {tile} would not meet the road from {cell}: it must open to the {direction}. "
                 "Choose {choices}.").format(cell=place_name(src), **words)

    def _already_there(self, seat: int, cell: int) -> str:
        return _("{name}'s car already stands on {cell}.").format(
            name=self._names[seat], cell=place_name(cell)) + " " + self._what_is_legal(seat)

    def _why_reveal(self, seat: int, cell: int) -> str | None:
        if cell == PIT:
            return _("The pit stop is never face down, so it cannot be revealed: to go there, drive C3 (if your road "
                     "leads to it).")
        if cell == self._cars[seat]:
            return self._already_there(seat, cell)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell in self._cars:
            others = join_words([self._names[s] for s in range(self._players) if self._cars[s] == cell])
            return _("{cell} is already face up ({names}'s car stands on it): drive {cell} instead, if its road meets "
                     "yours.").format(cell=place_name(cell), names=others) + " " + self._what_is_legal(seat)
        return None

    def _why_drive(self, seat: int, cell: int) -> str | None:
        if cell == self._cars[seat]:
            return self._already_there(seat, cell)
        why = self._road_to(seat, cell)
        if why:
            return why + " " + self._what_is_legal(seat)
        if cell == PIT:
            return None
        if cell not in self._cars:
            return _("The tile on {cell} is face down and no car stands on it: reveal {cell} to drive there.").format(
                cell=place_name(cell)) + " " + self._what_is_legal(seat)
        d = rules.direction(self._cars[seat], cell)
        if not MASKS[self._tiles[cell]] & BITS[opposite(d)]:
            tile = BY_CODE[self._tiles[cell]]
            return _("The tile on {cell} is {tile}: it has no road to the {direction}, so the roads do not "
                     "meet.").format(cell=place_name(cell), tile=tile.describe(),
                                     direction=direction_word(opposite(d))) + " " + self._what_is_legal(seat)
        return None

    def _why_finish(self, seat: int) -> str | None:
        held = self._held[seat]
        if held is None:
            return _("{name} holds no trophy yet: first drive onto the pit stop (C3) to take one; its color names the "
                     "finish.").format(name=self._names[seat]) + " " + self._what_is_legal(seat)
        sf = START_FINISH[COLORS.index(held)]
        src = self._cars[seat]
        if src != sf.corner.index:
            words = {"name": self._names[seat], "color": color_adjective(held), "corner": sf.corner}
            if src >= CELLS:
                text = _("{name}'s finish is the {color} start-finish tile beside {corner}; the car must stand on "
                         "{corner} first (it is on the {start_color} start-finish tile).").format(
                    start_color=color_adjective(COLORS[src - CELLS]), **words)
            else:
                text = _("{name}'s finish is the {color} start-finish tile beside {corner}; the car must stand on "
                         "{corner} first (it is on {cell}).").format(cell=place_name(src), **words)
            return text + " " + self._what_is_legal(seat)
        why = self._road_to(seat, sf.place)
        if why:
            return why + " " + self._what_is_legal(seat)
        return None

    def _why_swap(self, seat: int, a: int, b: int) -> str | None:
        reason = self._swap_refusal(seat, a, b)
        return None if reason is None else reason.words()

    def swap_refusal(self, cell: Cell | str, other: Cell | str | None = None) -> Refusal | None:
        """Why the current player may not swap the tile on ``cell`` (with ``other``, if
        given) now, as a value; ``None`` if nothing stops it. Codes: ``M3.same``,
        ``M3.pit``, ``M3.face_up`` (facts ``cell``, ``seats``, ``names``),
        ``R9.just_swapped`` (facts ``a``, ``b``, the previous pair; ``seat``, ``name``,
        who swapped them): :func:`rally.rally_run.rules.swap_block`. A question asked
        only between turns: while a revealed tile waits to be laid, ask :meth:`why_illegal`.

        >>> from rally.rally_run import RallyRunGame
        >>> RallyRunGame.new(2, seed=1).swap_refusal("C3").code
        'M3.pit'
        """
        a = Cell.parse(cell).index
        if other is None:
            return self._cell_swap_refusal(self._seat_to_move, a)
        return self._swap_refusal(self._seat_to_move, a, Cell.parse(other).index)

    def _refusal_value(self, action: RunAction | str, seat: int | None) -> Refusal | None:
        """The refused ``action``'s reason as a value, for the refusals that have one
        yet (a swap's, asked between turns by its mover); ``None`` for the others."""
        act = parse_action(action)
        current = self._seat_to_move
        if not isinstance(act, Swap) or self._phase != MOVE or seat not in (None, current):
            return None
        return self._swap_refusal(current, act.a.index, act.b.index)

    def _swap_refusal(self, seat: int, a: int, b: int) -> Refusal | None:
        if a == b:
            return Refusal("M3.same", {"cell": a})
        return self._cell_swap_refusal(seat, a) or self._cell_swap_refusal(seat, b)

    def _cell_swap_refusal(self, seat: int, cell: int) -> Refusal | None:
        code = rules.swap_block(self._cars, self._last_swap, cell)
        if code is None:
            return None
        if code == "M3.face_up":
            seats = tuple(s for s in range(self._players) if self._cars[s] == cell)
            return Refusal(code, {"cell": cell, "seats": seats, "names": tuple(self._names[s] for s in seats)})
        if code == "R9.just_swapped" and self._last_swap is not None:
            x, y = self._last_swap
            prev = (seat - 1) % self._players
            return Refusal(code, {"a": x, "b": y, "seat": prev, "name": self._names[prev]})
        return Refusal(code)


@wording("M3.same")
def _same_words(facts: Mapping[str, Any]) -> str:
    return _("A swap exchanges two different tiles, not {cell} with itself.").format(cell=place_name(facts["cell"]))


@wording("M3.pit")
def _pit_words(facts: Mapping[str, Any]) -> str:
    return _("The pit stop never moves: swap two face-down road tiles.")


@wording("M3.face_up")
def _face_up_words(facts: Mapping[str, Any]) -> str:
    return _("The tile on {cell} is face up under {names}'s car: only face-down tiles may be swapped.").format(
        cell=place_name(facts["cell"]), names=join_words(list(facts["names"])))


@wording("R9.just_swapped")
def _just_swapped_words(facts: Mapping[str, Any]) -> str:
    return _("{name} has just swapped {a} and {b}: neither may be swapped again right away. Choose two other "
             "face-down tiles.").format(name=facts["name"], a=place_name(facts["a"]), b=place_name(facts["b"]))
