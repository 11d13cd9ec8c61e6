"""Why a Rally Run action is not allowed now, as a value (:class:`~rally.Refusal`), and
what would be.

:meth:`RunRefusals.refusal` gives the reason as a code and its facts, from the checks
:meth:`~rally.rally_run.RallyRunGame.legal_actions` uses (:func:`rules.step`,
:func:`rules.rotations`, :func:`rules.swap_block`); the words below make each code a
sentence only when asked. A refusal of a move ends with what the player may do instead
(facts ``may``, the reveals, drives and finish allowed, and ``may_swap``).

>>> from rally.rally_run import RallyRunGame
>>> reason = RallyRunGame.new(2, seed=1).refusal("drive B1")
>>> reason.code, reason.facts["to"], reason.facts["may"]
('M3.not_next', 1, (Reveal(Cell.parse('A1')),))
"""

from __future__ import annotations

from ..common import inputs
from typing import Any, Mapping

from ..common.errors import SetupError
from ..common.refusal import Refusal, wording
from ..common.i18n import _, capitalized, join_sentences, join_words, language, ngettext
from . import rules
from .actions import DRIVES, FINISH, REVEALS, ROTATES, DriveTo, Finish, Reveal, Rotate, RunAction, parse_action
from .board import CELLS, Cell, COLORS, NEIGHBOURS, PIT, START_FINISH, color_adjective, color_noun, place_name
from .state import OVER, ROTATE
from .table import RunTable
from .tiles import BITS, BY_CODE, Tile, a_kind, direction_word, mask_words, opposite


def _place_label(place: int) -> str:
    """A place as a list of places names it: ``"B1"``, ``"red start-finish"``."""
    if place < CELLS:
        return place_name(place)
    # TRANSLATORS: a start-finish tile in a list of places ("B1 or red start-finish");
    # {color} is the color as a noun ("Rot").
    return _("{color} start-finish").format(color=color_noun(COLORS[place - CELLS]))


class RunRefusals(RunTable):
    """A game that says why an action is refused (:meth:`refusal`, :meth:`why_illegal`)
    and what is allowed."""

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
            return _may_words(self._may(inputs.seat(seat, self._players, SetupError)))

    def _may(self, seat: int) -> dict[str, Any]:
        """The facts of what ``seat`` may do now: ``seat``, ``name``, ``may`` (the
        reveals, drives and finish) and ``may_swap``."""
        reveals, drives, finish = rules.options(self._tiles, self._cars, self._held, seat)
        may: list[RunAction] = [REVEALS[c] for c in reveals]
        may += [DRIVES[c] for c in drives]
        if finish:
            may.append(FINISH)
        return {"seat": seat, "name": self._names[seat], "may": tuple(may),
                "may_swap": len(rules.swappable(self._cars, self._last_swap)) >= 2}

    def why_illegal(self, action: RunAction | str, seat: int | None = None, lang: str | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now, in
        a player's words, ending with what would be allowed; ``None`` if it is allowed
        (in ``lang``, default the language spoken: :mod:`rally.common.i18n`): :meth:`refusal`
        worded. Text that is not an action raises :class:`~rally.TileError`."""
        reason = self.refusal(action, seat)
        return None if reason is None else reason.words(lang)

    def refusal(self, action: RunAction | str, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (by ``seat``, default the current player) is not allowed now, as
        a value (:class:`~rally.Refusal`); ``None`` if it is allowed. Text that is not an
        action raises :class:`~rally.TileError`. Codes (facts in ``docs/engine.md``):
        :meth:`move_refusal`'s, then ``M3.reveal_first``; a reveal's ``M1.pit``,
        ``R11.face_up``; a drive's ``M3.face_down``; a finish's ``R5.no_trophy``,
        ``R5.corner``; ``M3.here``, ``M3.not_next``, ``M3.no_road``, ``R11.no_meet``
        (:func:`rules.step`); a rotation's ``R10.same_look``, ``R3.dead_end``,
        ``M3.meet`` (:func:`rules.rotations`); a swap's (:meth:`swap_refusal`).

        >>> from rally.rally_run import RallyRunGame
        >>> game = RallyRunGame.new(2, seed=1)
        >>> game.refusal("reveal A1") is None, game.refusal("finish").code
        (True, 'R5.no_trophy')
        """
        reason = self._turn_refusal(seat)
        if reason is not None:
            return reason
        act = parse_action(action)
        current = self._seat_to_move
        if self._phase == ROTATE and self._pending is not None:
            return self._rotate_refusal(current, self._pending, act)
        if isinstance(act, Rotate):
            return Refusal("M3.reveal_first", self._may(current))
        if isinstance(act, Reveal):
            return self._reveal_refusal(current, act.cell.index)
        if isinstance(act, DriveTo):
            return self._drive_refusal(current, act.cell.index)
        if isinstance(act, Finish):
            return self._finish_refusal(current)
        return self._swap_refusal(current, act.a.index, act.b.index)

    def move_refusal(self, seat: int | None = None) -> Refusal | None:
        """Why ``seat`` (default the current player) may not begin a move (a reveal, a
        drive, a finish or a swap) now, as a value; ``None`` if nothing stops it. Codes:
        ``run.over`` (facts ``winner``, ``name``, ``reason``, the end reason),
        ``seat.none`` (``seat``, ``high``), ``run.turn`` (``current``, ``seat``,
        ``current_name``, ``seat_name``), ``M3.wait`` (``current``, ``name``, ``cell``:
        another player's revealed tile waits) and ``M3.lay_first`` (``seat``, ``name``,
        ``cell``, ``kind``, ``rotations``: the player's own).

        >>> from rally.rally_run import RallyRunGame
        >>> game = RallyRunGame.new(2, seed=1)
        >>> game.apply("reveal A1")
        >>> game.move_refusal().code, game.move_refusal(1).code
        ('M3.lay_first', 'M3.wait')
        """
        turn = self._turn_refusal(seat)
        if turn is not None or self._phase != ROTATE or self._pending is None:
            return turn
        return self._rotate_refusal(self._seat_to_move, self._pending, None)

    def _turn_refusal(self, seat: int | None) -> Refusal | None:
        if self._phase == OVER:
            won = self._winner
            return Refusal("run.over", {"winner": won, "name": None if won is None else self._names[won],
                                        "reason": self._end_reason})
        current = self._seat_to_move
        if seat is None:
            return None
        if not (inputs.is_whole(seat) and 0 <= seat < self._players):
            # Checked before comparing: True == 1 and 1.0 == 1 would pass for seat 1.
            return Refusal("seat.none", {"seat": seat, "high": self._players - 1})
        if seat == current:
            return None
        if self._phase == ROTATE and self._pending is not None:
            return Refusal("M3.wait", {"current": current, "name": self._names[current], "cell": self._pending})
        return Refusal("run.turn", {"current": current, "seat": seat, "current_name": self._names[current],
                                    "seat_name": self._names[seat]})

    def _rotate_refusal(self, seat: int, cell: int, action: RunAction | None) -> Refusal | None:
        allowed, exception = rules.rotations(self._tiles, self._cars, seat, cell)
        kind = BY_CODE[self._tiles[cell]].kind
        r = action.rotation if isinstance(action, Rotate) else -1
        if r in allowed:
            return None
        facts: dict[str, Any] = {"kind": kind, "rotations": tuple(allowed)}
        if r < 0:
            return Refusal("M3.lay_first", {"seat": seat, "name": self._names[seat], "cell": cell, **facts})
        facts["rotation"] = r
        if r >= kind.rotations:
            return Refusal("R10.same_look", {"same": r % kind.rotations, **facts})
        if exception:
            toward = NEIGHBOURS[cell][Tile(kind, r).mask.bit_length() - 1]
            return Refusal("R3.dead_end", {"cell": cell, "toward": toward, **facts})
        src = self._cars[seat]
        return Refusal("M3.meet", {"place": src, "cell": cell, "direction": opposite(rules.direction(src, cell)),
                                   **facts})

    def _step_refusal(self, seat: int, dst: int, code: str) -> Refusal:
        """The refusal of a move toward ``dst`` that :func:`rules.step` stops with ``code``."""
        facts = self._may(seat)
        if code == "M3.here":
            return Refusal(code, {"cell": dst, **facts})
        if code in ("M3.not_next", "M3.no_road"):
            src = self._cars[seat]
            code_at = self._tiles[src] if src < CELLS and src != PIT else -1
            mask = rules.mask_at(self._tiles, src)
            roads = tuple(NEIGHBOURS[src][e] for e in range(4) if mask & BITS[e] and NEIGHBOURS[src][e] >= 0)
            return Refusal(code, {"place": src, "tile": None if code_at < 0 else BY_CODE[code_at], "to": dst,
                                  "direction": rules.direction(src, dst), "roads": roads, **facts})
        if code == "R11.no_meet":
            d = opposite(rules.direction(self._cars[seat], dst))
            return Refusal(code, {"cell": dst, "tile": BY_CODE[self._tiles[dst]], "direction": d, **facts})
        return Refusal(code, facts)

    def _reveal_refusal(self, seat: int, cell: int) -> Refusal | None:
        if cell == PIT:
            return Refusal("M1.pit")
        step = rules.step(self._tiles, self._cars, self._held, seat, cell)
        if step == "reveal":
            return None
        if step in ("drive", "R11.no_meet"):  # a car stands there: its tile is face up
            return Refusal("R11.face_up", {**self._cars_on(cell), **self._may(seat)})
        return self._step_refusal(seat, cell, step)

    def _cars_on(self, cell: int) -> dict[str, Any]:
        """The facts of a face-up tile that cars stand on: ``cell``, ``seats``, ``names``."""
        seats = tuple(s for s in range(self._players) if self._cars[s] == cell)
        return {"cell": cell, "seats": seats, "names": tuple(self._names[s] for s in seats)}

    def _drive_refusal(self, seat: int, cell: int) -> Refusal | None:
        step = rules.step(self._tiles, self._cars, self._held, seat, cell)
        if step == "drive":
            return None
        if step == "reveal":
            return Refusal("M3.face_down", {"cell": cell, **self._may(seat)})
        return self._step_refusal(seat, cell, step)

    def _finish_refusal(self, seat: int) -> Refusal | None:
        held = self._held[seat]
        if held is None:
            return Refusal("R5.no_trophy", self._may(seat))
        goal = rules.goal(held)
        step = rules.step(self._tiles, self._cars, self._held, seat, goal)
        if step == "finish":
            return None
        if step == "M3.not_next":
            return Refusal("R5.corner", {"color": held, "corner": START_FINISH[COLORS.index(held)].corner.index,
                                         "place": self._cars[seat], **self._may(seat)})
        return self._step_refusal(seat, goal, step)

    def swap_refusal(self, cell: Cell | str, other: Cell | str | None = None) -> Refusal | None:
        """Why the current player may not swap the tile on ``cell`` (with ``other``, if
        given) now, as a value; ``None`` if nothing stops it. Codes: ``M3.same``,
        ``M3.pit``, ``M3.face_up`` (facts ``cell``, ``seats``, ``names``),
        ``R9.just_swapped`` (facts ``a``, ``b``, the previous pair; ``seat``, ``name``,
        who swapped them): :func:`rally.rally_run.rules.swap_block`. A question asked
        only between turns: while a revealed tile waits to be laid, ask :meth:`move_refusal`.

        >>> from rally.rally_run import RallyRunGame
        >>> RallyRunGame.new(2, seed=1).swap_refusal("C3").code
        'M3.pit'
        """
        a = Cell.parse(cell).index
        if other is None:
            return self._cell_swap_refusal(self._seat_to_move, a)
        return self._swap_refusal(self._seat_to_move, a, Cell.parse(other).index)

    def _swap_refusal(self, seat: int, a: int, b: int) -> Refusal | None:
        if a == b:
            return Refusal("M3.same", {"cell": a})
        return self._cell_swap_refusal(seat, a) or self._cell_swap_refusal(seat, b)

    def _cell_swap_refusal(self, seat: int, cell: int) -> Refusal | None:
        code = rules.swap_block(self._cars, self._last_swap, cell)
        if code is None:
            return None
        if code == "M3.face_up":
            return Refusal(code, self._cars_on(cell))
        if code == "R9.just_swapped" and self._last_swap is not None:
            x, y = self._last_swap
            prev = (seat - 1) % self._players
            return Refusal(code, {"a": x, "b": y, "seat": prev, "name": self._names[prev]})
        return Refusal(code)


def _may_words(facts: Mapping[str, Any]) -> str:
    """What a player may do (the facts of :meth:`RunRefusals._may`) as one sentence."""
    # The actions in words, as they may be typed: the program reads them back.
    parts = [action.words() for action in facts["may"]]
    if facts["may_swap"]:
        parts.append(_("swap two face-down tiles"))
    if not parts:
        return _("{name} may: nothing.").format(name=facts["name"])
    # TRANSLATORS: {choices} are actions in words ("reveal B3", "drive C3", "finish": the
    # messages with context "action"), joined with "or".
    return _("{name} may: {choices}.").format(name=facts["name"], choices=join_words(parts, "or"))


def _then_may(sentence: str, facts: Mapping[str, Any]) -> str:
    return join_sentences([sentence, _may_words(facts)])


def _where(facts: Mapping[str, Any]) -> str:
    src, who = facts["place"], facts["name"]
    if src >= CELLS:
        # TRANSLATORS: this and the next two are the {where} of the sentences that say
        # why the car cannot go somewhere ("{where}, and {cell} is not next to it. ...").
        return _("{name}'s car is on the {color} start-finish tile").format(
            name=who, color=color_adjective(COLORS[src - CELLS]))
    if src == PIT:
        return _("{name}'s car is on the pit stop ({cell})").format(name=who, cell=place_name(src))
    return _("{name}'s car is on {cell} ({tile})").format(name=who, cell=place_name(src), tile=facts["tile"].shown())


def _rotation_choices(facts: Mapping[str, Any]) -> str:
    # The rotations in words, as they may be typed ("rotate 1"), each with its look in words.
    kind = facts["kind"]
    return join_words([f"{ROTATES[k].words()} ({Tile(kind, k).describe()})" for k in facts["rotations"]], "or")


@wording("run.over")
def _over_words(facts: Mapping[str, Any]) -> str:
    # TRANSLATORS: who won when a finished game names no winner (never in a real game).
    won = facts["name"] if facts["name"] is not None else _("nobody")
    if facts["reason"] == "finish":
        template = _("The game is over: {name} won (reached the finish with the trophy). Start a new game to play "
                     "on.")
    elif facts["reason"] == "all stuck":
        template = _("The game is over: {name} won (no car could ever move again). Start a new game to play on.")
    else:
        template = _("The game is over: {name} won (the turn limit was reached). Start a new game to play on.")
    return template.format(name=won)


@wording("run.turn")
def _turn_words(facts: Mapping[str, Any]) -> str:
    return _("It is {name}'s turn, not {other}'s.").format(name=facts["current_name"], other=facts["seat_name"])


@wording("M3.wait")
def _wait_words(facts: Mapping[str, Any]) -> str:
    return _("Wait: {name} has just revealed {cell} and is choosing how to lay it.").format(
        name=facts["name"], cell=place_name(facts["cell"]))


@wording("M3.lay_first")
def _lay_first_words(facts: Mapping[str, Any]) -> str:
    return _("{name} has just revealed {cell}, {a_kind}, and must first choose how to lay it: "
             "{choices}.").format(name=facts["name"], cell=place_name(facts["cell"]), a_kind=a_kind(facts["kind"]),
                                  choices=_rotation_choices(facts))


@wording("M3.reveal_first")
def _reveal_first_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("There is no revealed tile to turn: {name} must first reveal a face-down tile next to the car "
                       "(or drive, or swap).").format(name=facts["name"]), facts)


@wording("R10.same_look")
def _same_look_words(facts: Mapping[str, Any]) -> str:
    r = facts["rotation"]
    return ngettext("{A_kind} turned {n} quarter turn looks just like rotate {same}; each look is offered "
                    "once: {choices}.",
                    "{A_kind} turned {n} quarter turns looks just like rotate {same}; each look is offered "
                    "once: {choices}.", r).format(
        A_kind=capitalized(a_kind(facts["kind"])), n=r, same=facts["same"], choices=_rotation_choices(facts))


@wording("R3.dead_end")
def _dead_end_words(facts: Mapping[str, Any]) -> str:
    r, toward = facts["rotation"], facts["toward"]
    words = {"r": r, "direction": mask_words(Tile(facts["kind"], r).mask), "choices": _rotation_choices(facts)}
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


@wording("M3.meet")
def _meet_words(facts: Mapping[str, Any]) -> str:
    r, src = facts["rotation"], facts["place"]
    words = {"r": r, "tile": Tile(facts["kind"], r).describe(), "direction": direction_word(facts["direction"]),
             "choices": _rotation_choices(facts)}
    if src >= CELLS:
        return _("Laid as rotate {r}, {tile} would not meet the road from the {color} start-finish tile: it must "
                 "open to the {direction}. Choose {choices}.").format(
            color=color_adjective(COLORS[src - CELLS]), **words)
    return _("Laid as rotate {r}, {tile} would not meet the road from {cell}: it must open to the {direction}. "
             "Choose {choices}.").format(cell=place_name(src), **words)


@wording("M3.here")
def _here_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("{name}'s car already stands on {cell}.").format(
        name=facts["name"], cell=place_name(facts["cell"])), facts)


@wording("M3.not_next")
def _not_next_words(facts: Mapping[str, Any]) -> str:
    roads = [_place_label(p) for p in facts["roads"]]
    words = {"where": _where(facts), "cells": join_words(roads, "or"), "cell": place_name(facts["to"])}
    if roads:
        template = _("{where}, and {cell} is not next to it. From there the road leads only to {cells}.")
    else:
        template = _("{where}, and {cell} is not next to it. From there no road leads anywhere on the board.")
    return _then_may(template.format(**words), facts)


@wording("M3.no_road")
def _no_road_words(facts: Mapping[str, Any]) -> str:
    roads = [_place_label(p) for p in facts["roads"]]
    dst = facts["to"]
    words = {"where": _where(facts), "cells": join_words(roads, "or"), "direction": direction_word(facts["direction"])}
    if dst >= CELLS:
        if roads:
            template = _("{where}. No road leaves it to the {direction}, toward the {color} start-finish tile. "
                         "The road leads only to {cells}.")
        else:
            template = _("{where}. No road leaves it to the {direction}, toward the {color} start-finish tile. "
                         "No road leads anywhere on the board.")
        return _then_may(template.format(color=color_adjective(COLORS[dst - CELLS]), **words), facts)
    if roads:
        template = _("{where}. No road leaves it to the {direction}, toward {cell}. The road leads only to "
                     "{cells}.")
    else:
        template = _("{where}. No road leaves it to the {direction}, toward {cell}. No road leads anywhere on "
                     "the board.")
    return _then_may(template.format(cell=place_name(dst), **words), facts)


@wording("M1.pit")
def _pit_reveal_words(facts: Mapping[str, Any]) -> str:
    return _("The pit stop is never face down, so it cannot be revealed: to go there, drive C3 (if your road "
             "leads to it).")


@wording("R11.face_up")
def _face_up_reveal_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("{cell} is already face up ({names}'s car stands on it): drive {cell} instead, if its road "
                       "meets yours.").format(cell=place_name(facts["cell"]), names=join_words(list(facts["names"]))),
                     facts)


@wording("M3.face_down")
def _face_down_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("The tile on {cell} is face down and no car stands on it: reveal {cell} to drive "
                       "there.").format(cell=place_name(facts["cell"])), facts)


@wording("R11.no_meet")
def _no_meet_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("The tile on {cell} is {tile}: it has no road to the {direction}, so the roads do not "
                       "meet.").format(cell=place_name(facts["cell"]), tile=facts["tile"].describe(),
                                       direction=direction_word(facts["direction"])), facts)


@wording("R5.no_trophy")
def _no_trophy_words(facts: Mapping[str, Any]) -> str:
    return _then_may(_("{name} holds no trophy yet: first drive onto the pit stop (C3) to take one; its color names "
                       "the finish.").format(name=facts["name"]), facts)


@wording("R5.corner")
def _corner_words(facts: Mapping[str, Any]) -> str:
    src = facts["place"]
    words = {"name": facts["name"], "color": color_adjective(facts["color"]), "corner": place_name(facts["corner"])}
    if src >= CELLS:
        text = _("{name}'s finish is the {color} start-finish tile beside {corner}. The car must stand on "
                 "{corner} first (it is on the {start_color} start-finish tile).").format(
            start_color=color_adjective(COLORS[src - CELLS]), **words)
    else:
        text = _("{name}'s finish is the {color} start-finish tile beside {corner}. The car must stand on "
                 "{corner} first (it is on {cell}).").format(cell=place_name(src), **words)
    return _then_may(text, facts)


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
    # No "choose two others": the board marks the tiles that may be swapped, and a self-check or a
    # guide's "Why?" asks for no swap (walk 78: an order inside a quiz's answer).
    return _("{name} has just swapped {a} and {b}: neither may be swapped again right away.").format(
        name=facts["name"], a=place_name(facts["a"]), b=place_name(facts["b"]))
