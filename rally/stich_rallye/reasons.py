"""Why an option does what it does, in the rules' own terms: the coach's reasons.

The advisor counts wins; a child needs the reason behind the count. This module says,
for a decision whose result the rules settle at once, what that result is and why:
which trick a card wins or loses, that the trick's lowest card sets how far the winner
moves (S5, S8), where a hill rolled the car (S9), and when the turbo and the card alone
end on the same space, so the turbo gains nothing. The hint (:meth:`rally.Advice.hint`)
and the review (:func:`rally.stich_rallye.review`) both say their reasons from here.

Nothing here looks at hidden cards: a trick's result is settled only by its last card,
and a move only by the table.

>>> from rally import examples
>>> moment = examples.last_trick_turbo()     # seed 8: the winner of round 1's last trick chooses
>>> print(turbo_reason(moment, True))
4 + 4 = 8 spaces, to space 16
>>> print(turbo_reason(moment, False))
4 spaces, to space 15 (a downhill rolled it on from space 12), keeping the motor's 4 to drive you at the round's end
"""

from __future__ import annotations

from .cards import Card
from .events import GameWon, Moved
from .game import Action, Turbo, turbo_move
from ..common.i18n import _, ngettext
from .motor import Motor
from .movement import Move, move
from .position import Position
from .stakes import TrickStakes, trick_stakes
from .tricks import seat_and_lowest


def card_reason(position: Position, card: Action) -> str | None:
    """What ``card`` does to the trick, when it is the trick's last card: who wins it and
    how far the winner moves (the trick's lowest card), or that a lost trick winds the
    motor. ``None`` while other players still play after it: nothing is settled yet."""
    if not isinstance(card, Card) or len(position.trick) != position.players - 1:
        return None
    seat = position.decider
    winner, lowest = seat_and_lowest([c.code for c in position.trick] + [card.code], position.flag,
                                     position.players)
    if winner != seat:
        return _lost_reason(trick_stakes(position, card), position.player_names[winner])
    if position.dial[position.motors[seat]] > 0:
        return ngettext("{card} wins the trick, and the trick's lowest card, {lowest}, moves your car {lowest} "
                        "space (more if you use the turbo).",
                        "{card} wins the trick, and the trick's lowest card, {lowest}, moves your car {lowest} "
                        "spaces (more if you use the turbo).", lowest).format(card=card, lowest=lowest)
    move = _move(position, card)
    return ngettext("{card} wins the trick, and the trick's lowest card, {lowest}, moves your car {lowest} space, "
                    "{where}.",
                    "{card} wins the trick, and the trick's lowest card, {lowest}, moves your car {lowest} spaces, "
                    "{where}.", lowest).format(card=card, lowest=lowest, where=where(move))


def _lost_reason(stakes: TrickStakes, name: str) -> str:
    """:func:`card_reason` for a card that loses the trick to ``name``: the motor's wind."""
    facts = {"card": stakes.card, "name": name, "motor": stakes.motor, "wound": stakes.wound}
    # TRANSLATORS: {motor} and {wound} are the motor's values before and after the wind.
    return _by_wind(stakes, _("{card} loses the trick to {name}, and your motor drops from {motor} to {wound}."),
                    # TRANSLATORS: {motor} and {wound} are the motor's values before and after the wind.
                    _("{card} loses the trick to {name}, and your motor winds from {motor} to {wound}."),
                    _("{card} loses the trick to {name}, and a lost trick winds your motor one step.")).format(**facts)


def _by_wind(stakes: TrickStakes, over: str, up: str, same: str) -> str:
    """Of three templates, the one for what losing the trick does to the motor: winds it
    too far (its value drops), winds it up, or leaves its value as it is."""
    if stakes.over_winds:
        return over
    return up if stakes.wound > stakes.motor else same


def stakes_reasons(stakes: TrickStakes, only: bool = False) -> list[str]:
    """What winning the trick with ``stakes.card`` and what losing it change, in sentences,
    for a trick whose winner is not known yet. ``only``: the card that wins the trick
    more often did worse, so the move a win brings is said to be no more than it is."""
    facts = {"card": stakes.card, "most": stakes.most, "motor": stakes.motor, "wound": stakes.wound}
    if stakes.settled and only:
        win = ngettext("If {card} wins this trick, your car moves only by the trick's lowest card: {most} "
                       "space.",
                       "If {card} wins this trick, your car moves only by the trick's lowest card: {most} "
                       "spaces.", stakes.most)
    elif stakes.settled:
        win = ngettext("If {card} wins this trick, your car moves by the trick's lowest card: {most} space.",
                       "If {card} wins this trick, your car moves by the trick's lowest card: {most} spaces.",
                       stakes.most)
    elif only:
        # TRANSLATORS: {most} is the lowest card in the trick so far; a later card may be lower.
        win = ngettext("If {card} wins this trick, your car moves only by the trick's lowest card: {most} space or fewer.",
                       "If {card} wins this trick, your car moves only by the trick's lowest card: {most} spaces or "
                       "fewer.", stakes.most)
    else:
        # TRANSLATORS: {most} is the lowest card in the trick so far; a later card may be lower.
        win = ngettext("If {card} wins this trick, your car moves by the trick's lowest card: {most} space or fewer.",
                       "If {card} wins this trick, your car moves by the trick's lowest card: {most} spaces or fewer.",
                       stakes.most)
    sentences = [win.format(**facts)]
    if stakes.alone is not None and stakes.motor:
        sentences.append(_("By the card alone, that takes it {where}.").format(where=where(stakes.alone)))
    elif stakes.alone is not None:
        sentences.append(_("That takes it {where}.").format(where=where(stakes.alone)))
    if stakes.motor:
        sentences.append(_("With the turbo, your motor's {motor} would add to that.").format(**facts))
    sentences.append(_by_wind(
        stakes, _("If you lose this trick, your motor drops from {motor} to {wound}."),
        _("If you lose this trick, your motor winds from {motor} to {wound}: it can take you further later."),
        _("If you lose this trick, your motor winds one step, but its value stays {motor}.")).format(**facts))
    return sentences


def both_lose_reasons(position: Position, chosen: Card, other: Card) -> list[str] | None:
    """When ``chosen`` and ``other`` are both the trick's last card and both lose it: who
    would win with each and how far they would move (the card played sets the trick's
    lowest card), and the motor's wind, said once; when the trick ends the same with
    either, that the difference is the card kept. ``None`` unless both lose."""
    if len(position.trick) != position.players - 1:
        return None
    seat, names, codes = position.decider, position.player_names, [c.code for c in position.trick]
    mine, low = seat_and_lowest(codes + [chosen.code], position.flag, position.players)
    theirs, other_low = seat_and_lowest(codes + [other.code], position.flag, position.players)
    if seat in (mine, theirs):
        return None
    stakes = trick_stakes(position, chosen)
    facts = {"card": chosen, "name": names[mine], "lowest": low, "other": other, "winner": names[theirs],
             "other_lowest": other_low, "motor": stakes.motor, "wound": stakes.wound}
    sentences = [ngettext("{card} loses the trick to {name}, who moves {lowest} space.",
                          "{card} loses the trick to {name}, who moves {lowest} spaces.", low).format(**facts),
                 ngettext("With {other} instead, {winner} would win it and move {other_lowest} space.",
                          "With {other} instead, {winner} would win it and move {other_lowest} spaces.",
                          other_low).format(**facts)]
    either = _by_wind(stakes, _("Either way, your motor drops from {motor} to {wound}."),
                      _("Either way, your motor winds from {motor} to {wound}."), "")
    if either:
        sentences.append(either.format(**facts))
    if (mine, low) == (theirs, other_low):  # the same trick either way: what differs is kept for later
        sentences += [_("So this trick ends the same with either card."), kept_for_later(chosen, other)]
    return sentences


def kept_for_later(card: Card, other: Card) -> str:
    """What each of two cards leaves in the hand for the tricks to come, in words."""
    # TRANSLATORS: {card} and {other} are two cards' codes (G6, G12).
    return _("Playing {card} keeps {other} for the tricks to come; playing {other} keeps {card}.").format(
        card=card, other=other)


def turbo_reason(position: Position, use: bool) -> str:
    """What the turbo choice ``use`` does for the trick's winner: ``"3 + 5 = 8 spaces, to
    space 19 of lap 2"`` and the like, with any hill's roll and the race's end."""
    seat = position.decider
    game = position.to_game(0)  # the move depends only on the table, never on hidden cards
    value = game.motor_values[seat]
    events = game.apply_recorded(Turbo(use))
    move = next(e.move for e in events if isinstance(e, Moved))
    won = next((e for e in events if isinstance(e, GameWon)), None)
    after = ""
    if won is not None and won.seat == seat and move.final >= 2 * move.track_length:
        place = _("over the finish line, winning the race")
    else:
        place = where(move)
        if won is not None and won.seat != seat:
            after = _("; then {name} wins the race").format(name=position.player_names[won.seat])
        elif won is not None and won.reason == "second lap":
            after = _("; then your motor takes you over the finish line at the round's end, winning the race")
        elif won is not None:
            after = _("; the race ends with your car in front, winning it")
    facts = {"card": move.steps - value if use else move.steps, "value": value, "steps": move.steps,
             "where": place, "after": after}
    if use:
        return ngettext("{card} + {value} = {steps} space, {where}{after}",
                        "{card} + {value} = {steps} spaces, {where}{after}", move.steps).format(**facts)
    if won is not None and won.seat == seat and not after:  # the race is over: no motor kept for anything
        return ngettext("{steps} space, {where}", "{steps} spaces, {where}", move.steps).format(**facts)
    if not position.hand:
        return ngettext("{steps} space, {where}, keeping the motor's {value} to drive you at the round's end{after}",
                        "{steps} spaces, {where}, keeping the motor's {value} to drive you at the round's end{after}",
                        move.steps).format(**facts)
    return ngettext("{steps} space, {where}, keeping the motor's {value} for later{after}",
                    "{steps} spaces, {where}, keeping the motor's {value} for later{after}", move.steps).format(**facts)


def kept_motor_reasons(position: Position) -> list[str]:
    """Why keeping the motor at a turbo choice may pay later in the round: losing more
    tricks winds it on from where it is, while a used motor starts again from 0; at the
    round's end it drives the car (S8, S11, S12). Said for the most the tricks left can
    wind each to, and that the kept one carries the car over the finish line when it does
    and the used one would not. Empty when the kept motor can reach no more than the used one.

    >>> from rally import examples
    >>> for sentence in kept_motor_reasons(examples.turbo_dilemma()):
    ...     print(sentence)
    A kept motor winds on. On this app's dial, 1 more lost trick this round takes it from 11 to 16.
    On this app's dial, a used motor starts again from 0 and reaches at most 1 this round.
    At the round's end, the motor drives your car on by its value.
    """
    seat, tricks = position.decider, len(position.hand)
    kept, losses = _most_wound(Motor(position.motors[seat], position.dial), tricks)
    used, _losses = _most_wound(Motor(0, position.dial), tricks)
    if kept.value <= used.value:
        return []
    facts = {"losses": losses, "value": position.dial[position.motors[seat]], "best": kept.value,
             "zero": position.dial[0], "used": used.value}
    sentences = []
    if tricks:  # (on the round's last trick the turbo's own reason says the kept motor drives the car at its end)
        sentences.append(ngettext("A kept motor winds on. On this app's dial, {losses} more lost trick this round "
                                  "takes it from {value} to {best}.",
                                  "A kept motor winds on. On this app's dial, {losses} more lost tricks this round "
                                  "take it from {value} to {best}.", losses).format(**facts) if losses else
                         _("A kept motor's {value} can still drive your car at the round's end.").format(**facts))
    sentences.append(_("On this app's dial, a used motor starts again from {zero} and reaches at most {used} this "
                       "round.").format(**facts)
                     if used.value > facts["zero"] else
                     _("A used motor is back at {zero}: it cannot move your car at the round's end.").format(**facts))
    finish = 2 * len(position.track)
    if _round_end_reach(position, False, kept.value) >= finish > _round_end_reach(position, True, used.value):
        sentences.append(_("At the round's end, {best} would carry your car over the finish line.").format(**facts))
    elif tricks:
        sentences.append(_("At the round's end, the motor drives your car on by its value."))
    return sentences


def _most_wound(motor: Motor, tricks: int) -> tuple[Motor, int]:
    """The highest-valued motor ``motor`` becomes by losing at most ``tricks`` more tricks,
    and the fewest losses that take it there."""
    reach = motor.winding(tricks)
    losses = max(range(len(reach)), key=lambda j: (reach[j].value, -j))
    return reach[losses], losses


def _round_end_reach(position: Position, use: bool, motor: int) -> int:
    """Where the decider's car ends when, after the turbo choice ``use``, it moves ``motor``
    at the round's end with every other car where it stands now."""
    positions = list(position.positions)  # a trick moves its winner only
    positions[position.decider] = turbo_move(position.to_game(0), use).final  # the table alone settles it
    return move(position.track, positions, position.decider, motor).final


def turbo_gains_nothing(position: Position) -> bool:
    """True when the turbo and the card alone end on the same space (a hill rolls both
    back, or the car ahead blocks both): then the turbo only spends the motor."""
    game = position.to_game(0)  # the moves depend only on the table, never on hidden cards
    return turbo_move(game, True).final == turbo_move(game, False).final


def where(move: Move) -> str:
    """Where ``move`` ended, with the hill that rolled it there: ``"to space 15"``,
    ``"to space 9 (a downhill rolled it on from space 7)"``, ``"onto the start/finish
    space"``."""
    n = move.track_length
    final = move.final
    if final % n == 0:
        place = _("onto the start/finish space")
    elif final >= n:
        place = _("to space {space} of lap {lap}").format(space=final % n, lap=final // n + 1)
    else:
        place = _("to space {space}").format(space=final % n)
    counted = move.counted_end % n
    if move.roll == "downhill":
        return _("{place} (a downhill rolled it on from space {counted})").format(place=place, counted=counted)
    if move.roll == "uphill":
        return _("{place} (an uphill rolled it back from space {counted})").format(place=place, counted=counted)
    return place


def immediate_moves(position: Position, action: Action) -> list[Move]:
    """The moves ``action`` makes at once, in order: the trick winner's, then the motors'
    at a round's end; none for a card played into a trick still open, or when the winner
    now chooses about the turbo. Hidden cards play no part in them.

    >>> from rally.stich_rallye.examples import turbo_dilemma
    >>> dilemma = turbo_dilemma()
    >>> [turbo], [card] = immediate_moves(dilemma, Turbo(True)), immediate_moves(dilemma, Turbo(False))
    >>> turbo.final > card.final
    True
    """
    game = position.to_game(0)
    return [e.move for e in game.apply_recorded(action) if isinstance(e, Moved)]


def _move(position: Position, action: Action) -> Move:
    """The first of :func:`immediate_moves`, for an action known to move a car at once
    (a trick's last card whose winner has no motor to choose about)."""
    return immediate_moves(position, action)[0]


__all__ = ["both_lose_reasons", "card_reason", "immediate_moves", "kept_motor_reasons", "stakes_reasons", "turbo_reason",
           "turbo_gains_nothing", "where"]
