"""A kept event log is a game's whole history: replay it and compare (both games).

A saved or hand-made game may carry an event log. The log is believed only if its
decisions (each logged by the seat that chose it), played again on the game the log
starts from, are all legal and give exactly the same events; the game then compares the
state it reached with its own. :func:`log_problems` is that replay, for Stich Rallye's
``Game`` and Rally Run's ``RallyRunGame`` alike.

>>> from rally import Game, CardPlayed
>>> game = Game.new(3, seed=4)
>>> game.apply("R5")
>>> fresh = Game.new(3, seed=4)
>>> log_problems(game.events, fresh, lambda e: (e.seat, e.card) if isinstance(e, CardPlayed) else None,
...              game.names, "from seed 4")
[]
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from .i18n import _, ngettext


class Replayable(Protocol):
    """What :func:`log_problems` needs of the game it replays on."""

    @property
    def events(self) -> Sequence[Any]: ...

    def why_illegal(self, action: Any, seat: int | None = None) -> str | None: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...


def log_problems(log: Sequence[Any], fresh: Replayable, decision: Callable[[Any], tuple[int, Any] | None],
                 names: Sequence[str], where: str) -> list[str]:
    """Replay ``log`` on ``fresh`` (a game at the log's start): ``decision(event)`` gives
    ``(seat, action)`` for an event a player chose, ``None`` for one that follows from
    the rules. Returns the first way the log is not the game's history, in words, or
    ``[]``; ``fresh`` is then the game the log leads to. ``where`` says where the replay
    starts ("from seed 3", in the language spoken). A log's own events may name seats no
    game has, so only the game's events are put into words."""
    for i, event in enumerate(log):
        chosen = decision(event)
        if chosen is None:
            continue
        seat, action = chosen
        reason = fresh.why_illegal(action, seat)
        if reason is not None:
            who = names[seat] if 0 <= seat < len(names) else _("seat {seat}").format(seat=seat)
            # TRANSLATORS: {who} is a name or "seat 7"; {where} says where the replay starts: "from seed 3";
            # {reason} is a whole sentence saying why the action is not allowed.
            return [_("Event {number} of the log says {who} chose {action}, which the game played {where} does not "
                      "allow: {reason}").format(number=i + 1, who=who, action=action, where=where, reason=reason)]
        fresh.apply(action, seat)
    expected = fresh.events
    for i, (said, done) in enumerate(zip(log, expected)):
        if said != done:
            # TRANSLATORS: {kind} is the event's name in a saved game (card_played, moved, ...): keep it as
            # it is; {where} says where the replay starts: "from seed 3"; {event} is what happened, quoted.
            return [_("Event {number} of the log ({kind}) is not what the game played {where} logs there: "
                      "{event}.").format(number=i + 1, kind=said.kind, where=where, event=repr(done.describe(names)))]
    if len(log) != len(expected):
        # TRANSLATORS: {where} says where the replay starts: "from seed 3".
        return [ngettext("The event log has {n} events, but its decisions, played {where}, give {expected}.",
                         "The event log has {n} events, but its decisions, played {where}, give {expected}.",
                         len(log)).format(n=len(log), where=where, expected=len(expected))]
    return []


__all__ = ["Replayable", "log_problems"]
