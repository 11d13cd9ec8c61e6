"""A kept event log is a game's whole history: replay it and compare (both games).

A saved or hand-made game may carry an event log. The log is believed only if its
decisions (each logged by the seat that chose it), played again on the game the log
starts from, are all legal and give exactly the same events; the game then compares the
state it reached with its own. :func:`log_issues` is that replay, for Stich Rallye's
``Game`` (invariant I11) and Rally Run's ``RallyRunGame`` (V17) alike: its problems are
values (:class:`~rally.common.problem.Problem`), worded here for both games.

>>> from rally import Game, CardPlayed
>>> game = Game.new(3, seed=4)
>>> game.apply("R5")
>>> def decision(e):
...     return (e.seat, e.card) if isinstance(e, CardPlayed) else None
>>> log_issues(game.events, Game.new(3, seed=4), decision, game.names, "I11", seed=4)
[]
>>> [(p.code, p.facts["number"]) for p in log_issues(game.events, Game.new(3, seed=5), decision, game.names,
...                                                   "I11", seed=5)]
[('I11.illegal', 2)]
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from .i18n import _, ngettext
from .problem import Problem
from .refusal import wording


class Replayable(Protocol):
    """What :func:`log_issues` needs of the game it replays on."""

    @property
    def events(self) -> Sequence[Any]: ...

    def why_illegal(self, action: Any, seat: int | None = None) -> str | None: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...


def log_issues(log: Sequence[Any], fresh: Replayable, decision: Callable[[Any], tuple[int, Any] | None],
               names: Sequence[str], code: str, seed: int | None = None) -> list[Problem]:
    """Replay ``log`` on ``fresh`` (a game at the log's start): ``decision(event)`` gives
    ``(seat, action)`` for an event a player chose, ``None`` for one that follows from
    the rules. Returns the first way the log is not the game's history, as a
    :class:`~rally.common.problem.Problem`, or ``[]``; ``fresh`` is then the game the log
    leads to. ``code`` is the invariant (``"I11"``, registered with :func:`register_wordings`);
    the sub-codes say how the log fails: ``.illegal`` (a decision the game does not allow:
    ``number``, ``seat``, ``name``, ``action`` and the game's ``reason``), ``.event`` (an
    event that did not happen: ``number``, ``kind``, and ``event``, what the game logs there,
    described with ``names``),
    ``.count`` (``n`` events where the decisions give ``expected``); each has ``seed``
    too: the replay starts from the deal of ``seed``, or (``None``) from the position the
    log starts at. A log's own events may name seats no game has, so only the game's
    events are described."""
    start = {"seed": seed}
    for i, event in enumerate(log):
        chosen = decision(event)
        if chosen is None:
            continue
        seat, action = chosen
        reason = fresh.refusal(action, seat) if isinstance(fresh, Refuses) else fresh.why_illegal(action, seat)
        if reason is not None:
            name = names[seat] if 0 <= seat < len(names) else None
            return [Problem(f"{code}.illegal", {"number": i + 1, "seat": seat, "name": name, "action": action,
                                               "reason": reason, **start})]
        fresh.apply(action, seat)
    expected = fresh.events
    for i, (said, done) in enumerate(zip(log, expected)):
        if said != done:
            return [Problem(f"{code}.event", {"number": i + 1, "kind": said.kind, "event": done,
                                             "names": tuple(names), **start})]
    if len(log) != len(expected):
        return [Problem(f"{code}.count", {"n": len(log), "expected": len(expected), **start})]
    return []


@runtime_checkable
class Refuses(Protocol):
    """A game that gives why an action is refused as a value (``Game.refusal``)."""

    def refusal(self, action: Any, seat: int | None = None) -> Any: ...


def replay_start(facts: Mapping[str, Any]) -> str:
    """Where a replay of the log starts, in the words of "the game played {where}": from
    the problem's ``seed``, or (``seed`` ``None``) from the position the log starts at."""
    if facts["seed"] is None:
        # TRANSLATORS: where a replay of the log starts, in "the game played {where}".
        return _("from the position it starts at")
    # TRANSLATORS: where a replay of the event log starts, put into sentences as "the game played {where}".
    return _("from seed {seed}").format(seed=facts["seed"])


def _illegal(facts: Mapping[str, Any]) -> str:
    who = facts["name"] if facts["name"] is not None else _("seat {seat}").format(seat=facts["seat"])
    # TRANSLATORS: {who} is a name or "seat 7"; {where} says where the replay starts: "from seed 3";
    # {reason} is a whole sentence saying why the action is not allowed.
    return _("Event {number} of the log says {who} chose {action}, which the game played {where} does not "
             "allow: {reason}").format(number=facts["number"], who=who, action=facts["action"],
                                       where=replay_start(facts), reason=facts["reason"])


def _event(facts: Mapping[str, Any]) -> str:
    # TRANSLATORS: {kind} is the event's name in a saved game (card_played, moved, ...): keep it as
    # it is; {where} says where the replay starts: "from seed 3"; {event} is what happened, quoted.
    return _("Event {number} of the log ({kind}) is not what the game played {where} logs there: "
             "{event}.").format(number=facts["number"], kind=facts["kind"], where=replay_start(facts),
                                event=repr(facts["event"].describe(facts["names"])))


def _count(facts: Mapping[str, Any]) -> str:
    # TRANSLATORS: {where} says where the replay starts: "from seed 3".
    return ngettext("The event log has {n} events, but its decisions, played {where}, give {expected}.",
                    "The event log has {n} events, but its decisions, played {where}, give {expected}.",
                    facts["n"]).format(n=facts["n"], where=replay_start(facts), expected=facts["expected"])


def register_wordings(code: str) -> None:
    """Word the problems :func:`log_issues` gives with ``code`` (a game's invariant, ``"I11"``)."""
    for sub, words in (("illegal", _illegal), ("event", _event), ("count", _count)):
        wording(f"{code}.{sub}")(words)

__all__ = ["Replayable", "log_issues", "register_wordings", "replay_start"]
