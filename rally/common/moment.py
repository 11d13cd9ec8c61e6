"""Moments: the first time something new happens in a game, for a guided first game (both games).

A guided game stops the first time each kind of thing happens (a trick of two colors, a
roll downhill, a swap, ...) and says it in a sentence or two. Which moments are new is
decided here and in each game's moment detector (:mod:`rally.stich_rallye.moments`,
:mod:`rally.rally_run.moments`), from the game's own events and the decision it asks for
now, never by the view that shows them.

A :class:`Moment` is a value: its ``kind`` (a code such as ``"trick_two_colors"``), the
event where it happened, whose it is, and the facts its words need. Words are made at
the edge, by the game's ``moment_words``. A :class:`MomentGuide` reads a game as it goes
on and hands out each kind once, at its first occurrence.

>>> guide = MomentGuide(("hello", "bye"), lambda game, start, learner: [Moment("hello", 0, 0)])
>>> [m.kind for m in guide.new(game=None, events=1)]
['hello']
>>> guide.new(game=None, events=2), guide.missing
([], ('bye',))
"""

from __future__ import annotations

from dataclasses import dataclass
import random
from typing import Any, Callable, Collection, Iterable, NamedTuple, Sequence, TypeVar

from . import inputs
from .errors import SetupError
from .i18n import _
from .turns import TurnBot, TurnGame, play_bots

#: What a detector is: ``detect(game, start, learner)`` lists the moments of the game's
#: events from index ``start`` on (in order), then any of the decision the game asks the
#: learner for now. It may list a kind again; the guide keeps the first.
Detector = Callable[[Any, int, int], Iterable["Moment"]]


@dataclass(frozen=True)
class Moment:
    """Something that happened (or a decision asked) in a game: a kind code, the index of
    its event in ``game.events`` (``None`` for a decision asked now), the seat it is about
    (``None`` when it is nobody's), and its facts as ``(name, value)`` pairs.

    >>> m = Moment("trick_two_colors", 12, 1, (("card", "B7"),))
    >>> m.fact("card"), m.fact("space")
    ('B7', None)
    """

    kind: str
    event: int | None
    seat: int | None
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str) -> Any:
        """The fact called ``name``, or ``None`` when the moment has none."""
        return dict(self.facts).get(name)


class MomentGuide:
    """Hands out each kind of moment once, at its first occurrence, as a game goes on.

    ``kinds`` lists every kind the game can bring up, in teaching order; ``detect`` is
    the game's detector (see :data:`Detector`); ``learner`` the seat being taught.
    ``nudges`` are kinds that help a learner who needs it, not something every game should
    show: they are never :attr:`missing`, and a nudge comes again whenever the detector
    gives it a new ``"again"`` fact (the learner needs it again, not just once).
    """

    def __init__(self, kinds: Sequence[str], detect: Detector, learner: int = 0,
                 nudges: Sequence[str] = ()) -> None:
        for given, what in ((kinds, _("A guide's kinds")), (nudges, _("A guide's nudges"))):
            if not (isinstance(given, (list, tuple)) and (given or given is nudges)
                    and all(isinstance(k, str) for k in given)):
                inputs.fail(SetupError, what, _("a list of kind codes"), given, "('trick_one_color',)")
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.nudges: tuple[str, ...] = tuple(nudges)
        self.learner = learner
        self._detect = detect
        self._read = 0
        self._seen: list[Moment] = []

    @property
    def seen(self) -> tuple[Moment, ...]:
        """The moments handed out so far, in order."""
        return tuple(self._seen)

    @property
    def met(self) -> tuple[str, ...]:
        """The kinds handed out so far, each once, in the order they first came."""
        return tuple(dict.fromkeys(m.kind for m in self._seen))

    @property
    def missing(self) -> tuple[str, ...]:
        """The kinds that have not come up yet, in teaching order."""
        done = {m.kind for m in self._seen}
        return tuple(k for k in self.kinds if k not in done)

    def new(self, game: Any, events: int | None = None) -> list[Moment]:
        """The moments of kinds not seen before that happened since the last call (and of
        the decision asked now), each kind once (a nudge once per ``"again"`` fact), in the
        order they happened. ``events`` is how many events the game has logged
        (``len(game.events)`` by default)."""
        count = len(game.events) if events is None else events
        done: set[object] = {m.kind for m in self._seen if m.kind in self.kinds}
        done.update((m.kind, m.fact("again")) for m in self._seen if m.kind in self.nudges)
        fresh: list[Moment] = []
        for moment in self._detect(game, self._read, self.learner):
            key = (moment.kind, moment.fact("again")) if moment.kind in self.nudges else moment.kind
            if (moment.kind in self.kinds or moment.kind in self.nudges) and key not in done:
                done.add(key)
                fresh.append(moment)
        self._read = count
        self._seen.extend(fresh)
        return fresh


def play_with_guide(game: TurnGame, guide: MomentGuide, bots: Sequence[TurnBot | None], learner_bot: TurnBot,
                    learner_rng: random.Random, rng: random.Random, until: str | None = None) -> None:
    """Play ``game`` on as a guided game does, asking ``guide`` after every action: the
    learner's decisions made by ``learner_bot`` (drawing from ``learner_rng``), every other
    seat by its bot of ``bots`` (``None`` at the learner's seat) drawing from ``rng``. Stops
    at the end, or as soon as a moment of kind ``until`` is handed out. Both games' seed
    searches and tests play their guided games this way."""
    while True:
        if any(m.kind == until for m in guide.new(game)) or game.current_player is None:
            return
        if game.current_player == guide.learner:
            game.apply(learner_bot.choose(game.bot_view(guide.learner), game.legal_actions(), learner_rng))
        else:
            play_bots(game, bots, rng, limit=1)


#: A guided game (Stich Rallye's :class:`~rally.stich_rallye.game.Game` or Rally Run's game).
G = TypeVar("G")


class Coverage(NamedTuple):
    """How well a seed's guided game brings up every kind (see :func:`tally_coverage`)."""

    share: float  # of the learners who meet every kind (but the rare ones) in the game
    missed: dict[str, int]  # by kind, how many learners miss it
    late: float  # on average, when the last kind but the finish came up, on the game's own clock


def tally_coverage(plays: Iterable[tuple[G, MomentGuide]], kinds: Sequence[str], when: Callable[[G, Moment], float],
                   length: Callable[[G], float], rare: Collection[str] = ()) -> Coverage:
    """Tally the guided games of ``plays`` (each game played to its end with its guide):
    the share of games that met every kind but ``rare``, how many missed each kind, and on
    average how late (``when`` a moment came; ``length`` of a game that met none) the last
    kind but the finish came up. Both games' seed searches use it.

    >>> tally_coverage([], ("lead", "finish"), lambda g, m: 0, lambda g: 0)
    Coverage(share=0.0, missed={'lead': 0, 'finish': 0}, late=0.0)
    """
    missed = {kind: 0 for kind in kinds}
    played = complete = 0
    late = 0.0
    for game, seen in plays:
        played += 1
        complete += not [kind for kind in seen.missing if kind not in rare]
        for kind in seen.missing:
            missed[kind] += 1
        first: dict[str, Moment] = {}
        for moment in seen.seen:
            first.setdefault(moment.kind, moment)  # a nudge that came again counts when it first came
        times = [when(game, m) for m in first.values() if m.kind != "finish"]
        late += max(times) if times else length(game)
    return Coverage(complete / played if played else 0.0, missed, late / played if played else 0.0)


def rank_seeds(seeds: Iterable[int], share: Callable[[int], float]) -> list[tuple[float, int]]:
    """``(share, seed)`` for each seed, best first, then the lower seed.

    >>> rank_seeds([3, 1, 2], {1: 0.5, 2: 0.9, 3: 0.9}.get)
    [(0.9, 2), (0.9, 3), (0.5, 1)]
    """
    return sorted(((share(seed), seed) for seed in seeds), key=lambda t: (-t[0], t[1]))


__all__ = ["Coverage", "Detector", "Moment", "MomentGuide", "play_with_guide", "rank_seeds", "tally_coverage"]
