"""The moments of a guided first game of Rally Run: what is new, said short (issue 40).

A guided game stops the first time each kind of thing happens and says it in one or two
short sentences, for a five-year-old who hears them read aloud. Which moments are new is
decided here, from the game's own events and the decision it asks the learner for now
(:class:`~rally.common.moment.MomentGuide` hands each kind out once); a view only shows them.

The kinds, in teaching order (:data:`KINDS`):

- ``reveal``: the learner's first move: tap a face-down tile next to the car;
- ``lay_tile``: the learner's first revealed tile: turn it so the roads meet;
- ``trap``: a rotation offered now would leave the learner's car stuck for good
  (:mod:`rally.rally_run.traps`);
- ``tile_hidden``: a car drove on, and the tile it left turned face down;
- ``dead_end``: a car drove into a dead end;
- ``swap``: someone swapped two face-down tiles, unseen;
- ``swap_ban``: the previous player just swapped: those two may not be swapped now;
- ``drive_to_car``: a car drove onto a tile where another car stands;
- ``pit_stop_trophy``: a car reached the pit stop and took a trophy;
- ``finish``: a car reached its trophy's start-finish tile and won.

One more kind is a *nudge* (:data:`NUDGES`), for a learner who needs it, not a thing
every game shows: ``back_and_forth``, the learner's car has only gone to and fro
between two places over its last :data:`BACK_AND_FORTH_MOVES` moves. If the car still goes
nowhere :data:`BACK_AND_FORTH_MOVES` moves later, it comes once more, naming the swap button.

>>> game = RallyRunGame.new(2, seed=6)
>>> g = guide()
>>> [m.kind for m in g.new(game)]
['reveal']
>>> moment_words(g.seen[0], game.names, learner=0)
('Tap a tile next to your car.', 'It turns over, and you see its road.')
>>> game.apply("reveal A1")
>>> [(m.kind, m.fact("places")) for m in g.new(game)]
[('lay_tile', ('A1',))]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..common import inputs
from ..common.errors import SetupError
from ..common.i18n import N_, _, join_sentences
from ..common.moment import Coverage, Moment, MomentGuide, play_with_guide, rank_seeds, tally_coverage
from .actions import Reveal, RunAction, Swap
from .board import CELLS, COLORS, PIT, StartFinish, color_adjective, place_name
from .bots import RunBot, parse_bot
from .events import CarMoved, RunGameWon, TileHidden, TilesSwapped, TileTurned, TrophyTaken
from .game import RallyRunGame
from .simulate import numbered
from .tiles import BY_CODE, TileKind
from .traps import lay_words, trap_words, trapping_rotations

#: Every kind of moment, in teaching order.
KINDS = ("reveal", "lay_tile", "trap", "tile_hidden", "dead_end", "swap", "swap_ban", "drive_to_car",
         "pit_stop_trophy", "finish")
#: Kinds that help a learner who needs it: handed out once, never missed (see :class:`MomentGuide`).
NUDGES = ("back_and_forth",)
#: How many of the learner's moves in a row between the same two places make a nudge
#: (and how many more make it come again, once).
BACK_AND_FORTH_MOVES = 6
#: Kinds that are a decision the learner is asked now (the others are events).
DECISIONS = frozenset({"reveal", "lay_tile", "trap", "swap_ban", "back_and_forth"})
#: Kinds that no seed brings up reliably in a guided game (a car must drive onto another
#: car's tile, which two players seldom do): the game says so at the end and shows one
#: from a real seeded game (:func:`example_moment`).
RARE = ("drive_to_car",)


def _place(place: int) -> str:
    """A place as the board names it for a click: ``"B2"``, or a start-finish tile's color."""
    return place_name(place) if place < CELLS else COLORS[place - CELLS]


def _event_moment(game: RallyRunGame, index: int) -> Moment | None:
    """The moment the event at ``index`` of ``game.events`` is, if any."""
    event = game.events[index]
    if isinstance(event, TileHidden):
        return Moment("tile_hidden", index, None, (("places", (place_name(event.cell),)),
                                                   ("tile", str(BY_CODE[_code_hidden(game, event.cell, index)]))))
    if isinstance(event, TileTurned) and event.tile.kind is TileKind.DEAD_END and not event.exception:
        return Moment("dead_end", index, event.seat, (("places", (place_name(event.cell),)), ("tile", str(event.tile))))
    if isinstance(event, TilesSwapped):
        return Moment("swap", index, event.seat, (("places", (place_name(event.a), place_name(event.b))),))
    if isinstance(event, CarMoved) and event.how == "car":
        return Moment("drive_to_car", index, event.seat, (("places", (place_name(event.end),)),))
    if isinstance(event, TrophyTaken):
        goal = CELLS + COLORS.index(event.color)
        return Moment("pit_stop_trophy", index, event.seat, (("places", (place_name(PIT), _place(goal))),
                                                             ("color", event.color)))
    if isinstance(event, RunGameWon) and event.reason == "finish":
        color = game.trophies[event.seat]
        return Moment("finish", index, event.seat, (("places", (color,)), ("color", color)))
    if isinstance(event, RunGameWon):  # the turn limit, or every car stuck (R7, R8)
        car = game.cars[event.seat]  # where the car ahead stands: a cell, or a start-finish tile's color
        place = car.color if isinstance(car, StartFinish) else str(car)
        return Moment("finish", index, event.seat, (("places", (place,)), ("reason", event.reason),
                                                     ("turns", game.max_turns // game.players),
                                                     ("all", game.max_turns)))
    return None


def _code_hidden(game: RallyRunGame, cell: int, index: int) -> int:
    """The code of the tile on ``cell`` that turned face down at event ``index``: as it
    was last laid there (everyone saw it)."""
    for event in reversed(game.events[:index]):
        if isinstance(event, TileTurned) and event.cell == cell:
            return event.code
        if isinstance(event, TilesSwapped) and cell in (event.a, event.b):
            break
    tile = game.tiles[cell]
    assert tile is not None  # a road cell
    return int(tile.code)


def _decision_moments(game: RallyRunGame, learner: int) -> list[Moment]:
    """The moments of the decision ``game`` asks ``learner`` for now (none on others' turns)."""
    if game.current_player != learner:
        return []
    asked = (("events", len(game.events)),)  # when it was asked: the log's length then
    if game.awaiting_rotation:
        assert game.pending is not None
        cell = (("places", (place_name(game.pending),)),) + asked
        tile = game.tiles[game.pending]
        assert tile is not None
        found = [Moment("lay_tile", None, learner, cell + (("rotations", tuple(game.rotations())),))]
        traps = trapping_rotations(game)
        if traps:
            found.append(Moment("trap", None, learner, cell + (
                ("rotations", traps), ("tile", str(type(tile)(tile.kind, traps[0]))))))
        return found
    found = []
    reveals = tuple(place_name(a.cell.index) for a in game.legal_actions() if isinstance(a, Reveal))
    going_nowhere = going_back_and_forth(game, learner)
    if going_nowhere:  # pointing at the tiles it may turn over, or at the car
        found.append(Moment("back_and_forth", None, learner,
                            (("places", reveals or (str(game.car_place(learner)),)),) + asked
                            + (("again", going_nowhere),)))
    if reveals:
        found.append(Moment("reveal", None, learner, (("places", reveals),) + asked))
    if game.no_swap:
        found.append(Moment("swap_ban", None, (learner - 1) % game.players,
                            (("places", tuple(str(c) for c in game.no_swap)),) + asked))
    return found


def going_back_and_forth(game: RallyRunGame, learner: int) -> tuple[int, int] | None:
    """Whether ``learner``'s car is going nowhere: its last :data:`BACK_AND_FORTH_MOVES`
    moves (or more) since its last swap all went between the same two places, and none took a trophy. If so,
    which time this is to say it: the learner's move where the to and fro began, and 1
    (it has lasted :data:`BACK_AND_FORTH_MOVES` moves) or 2 (twice that, or more); else ``None``.

    >>> going_back_and_forth(RallyRunGame.new(2, seed=6), 0) is None
    True
    """
    ends: list[int] = []
    first = 0  # the learner's first move since its last swap: a nudge to swap, once followed, goes (walk 79)
    for event in game.events:
        if isinstance(event, CarMoved) and event.seat == learner:
            ends.append(event.end)
        elif isinstance(event, TilesSwapped) and event.seat == learner:
            first = len(ends)
    places: set[int] = set()
    begun = len(ends)
    while begun > first and ends[begun - 1] != PIT and len(places | {ends[begun - 1]}) <= 2:
        begun -= 1
        places.add(ends[begun])
    lasted = len(ends) - begun
    return (begun, min(2, lasted // BACK_AND_FORTH_MOVES)) if lasted >= BACK_AND_FORTH_MOVES else None


def detect(game: RallyRunGame, start: int, learner: int) -> list[Moment]:
    """The moments of ``game.events[start:]``, in order, then those of the decision asked
    of ``learner`` now (a :data:`rally.common.moment.Detector`). A kind may come more than
    once; :class:`~rally.common.moment.MomentGuide` keeps the first.

    >>> game = RallyRunGame.new(2, seed=6)
    >>> game.apply("swap B2 D4")
    >>> [(m.kind, m.event, m.seat) for m in detect(game, 0, 1)]
    [('swap', 0, 0), ('reveal', None, 1), ('swap_ban', None, 0)]
    """
    found = [m for m in (_event_moment(game, i) for i in range(start, len(game.events))) if m is not None]
    return found + _decision_moments(game, learner)


def guide(learner: int = 0) -> MomentGuide:
    """A guide that hands out each kind of :data:`KINDS` and :data:`NUDGES` once, for the
    seat ``learner``."""
    return MomentGuide(KINDS, detect, learner, NUDGES)


# ----------------------------------------------------------------- the words
# Each kind's sentences: (for the learner's own moment, for another player's). At most
# two sentences of at most twelve words: a five-year-old hears them read aloud.
_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "reveal": ((N_("Tap a tile next to your car."), N_("It turns over, and you see its road.")), ()),
    "lay_tile": ((N_("Turn the tile so its road meets yours."),
                  N_("Each arrow shows an open side of the tile.")), ()),
    "trap": ((N_("Careful: in this app, the ⚠ way traps your car for good."),
              N_("Its road leads nowhere your car may drive.")), ()),
    "tile_hidden": ((N_("The tile behind turns face down, if no car stands on it."), N_("Try to remember what kind of tile it is!")), ()),
    "dead_end": ((N_("Dead end: your road stops here."), N_("In this app, only its open end leads out.")),
                 (N_("Dead end: {name}'s road stops here."), N_("In this app, only its open end leads out."))),
    "swap": ((N_("You swapped two face-down tiles, without looking."), N_("Their roads changed places!")),
             (N_("{name} swapped two face-down tiles, without looking."), N_("Their roads changed places!"))),
    "swap_ban": ((N_("{name} just swapped these two tiles."), N_("You play next, so you may not swap either of them.")), ()),
    "drive_to_car": ((N_("Your car drove onto another car's tile."), N_("Two cars may share a tile.")),
                     (N_("{name}'s car drove onto another car's tile."), N_("Two cars may share a tile."))),
    "pit_stop_trophy": ((N_("Pit stop: your trophy is {color}."), N_("Now drive to the {color} start-finish tile.")),
                        (N_("Pit stop: {name}'s trophy is {color}."),
                         N_("{name} must now reach the {color} start-finish tile."))),
    "back_and_forth": ((N_("Going back and forth?"), N_("Try another way, or swap two face-down tiles.")), ()),
    "back_and_forth_again": ((N_("Still going back and forth?"), N_("Swap two face-down tiles!")), ()),  # its 2nd time
    "finish": ((N_("You reached your finish with the trophy."), N_("You win the race!")),
               (N_("{name} reached the finish with the trophy."), N_("{name} wins the race!"))),
}
#: The game's end when nobody reached the finish (R7, R8): why it stops, then who wins.
# Both counts: the board's heading and its log count every player's turns ("Game over after 80 turns").
_NO_FINISH = {"turn limit": N_("In this app, a first game is short: {turns} turns each, {all} in all."),
              "all stuck": N_("In this app, a game stops when no car can ever move.")}
_AHEAD = (N_("Nobody finished; in this app, the car closest to winning wins: yours!"),
          N_("Nobody finished; in this app, the car closest to winning wins: {name}'s!"))


class UnknownMoment(SetupError):
    """A moment whose kind is not one of :data:`KINDS`."""


def _kind(kind: object) -> str:
    if not (isinstance(kind, str) and kind in KINDS + NUDGES):
        inputs.fail(UnknownMoment, _("A Rally Run moment's kind"), _("one of {kinds}").format(
            kinds=", ".join(KINDS + NUDGES)), kind, "'swap'")
    return kind


def nudged_again(moment: Moment) -> bool:
    """Whether ``moment`` is the back-and-forth nudge's second time (the one that names the swap).

    >>> nudged_again(Moment("back_and_forth", None, 0, (("again", (3, 2)),))), nudged_again(Moment("swap", 3, 1))
    (True, False)
    """
    again = moment.fact("again")
    return moment.kind == "back_and_forth" and isinstance(again, tuple) and again[-1] > 1


def nudge_words(game: RallyRunGame, seat: int) -> tuple[str, ...]:
    """The back-and-forth nudge's sentences for ``seat`` now, in the language spoken, or
    none while its car is not going back and forth (:func:`going_back_and_forth`): a free
    game's board says them where a guided game shows its tip.

    >>> nudge_words(RallyRunGame.new(2, seed=6), 0)
    ()
    """
    going = going_back_and_forth(game, seat)
    if going is None:
        return ()
    return moment_words(Moment("back_and_forth", None, seat, (("again", going),)), game.names, learner=seat)


def moment_words(moment: Moment, names: Sequence[str], learner: int | None = None) -> tuple[str, ...]:
    """The one or two short sentences of ``moment``, in the language spoken; the
    learner's own moments (its seat is ``learner``) are said to "you".

    >>> moment_words(Moment("swap", 3, 1), ("Bo", "Gus"), learner=0)
    ('Gus swapped two face-down tiles, without looking.', 'Their roads changed places!')
    """
    yours, others = _WORDS[_kind(moment.kind)]
    if nudged_again(moment):
        yours, others = _WORDS["back_and_forth_again"]
    if moment.fact("reason") in _NO_FINISH:  # nobody reached the finish: the project's own end (R8)
        why = _NO_FINISH[moment.fact("reason")]
        yours, others = (why, _AHEAD[0]), (why, _AHEAD[1])
    seat = moment.seat
    chosen = yours if (not others or seat is None or seat == learner) else others
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    color = moment.fact("color")
    words = {"name": name, "color": color_adjective(color) if isinstance(color, str) else "",
             "turns": moment.fact("turns"), "all": moment.fact("all")}
    return tuple(_(sentence).format(**words) for sentence in chosen)


# ------------------------------------------------------------ the explanation
class MomentGone(SetupError):
    """A decision moment explained with a game that no longer asks that decision."""


def _turn_lines(game: RallyRunGame, index: int) -> list[str]:
    """The log's words for the whole turn holding event ``index`` (the engine's own)."""
    numbered_events = list(numbered(game.events))
    turn = numbered_events[index][0]
    return [e.describe(game.names) for t, e in numbered_events if t == turn]


def _decision_why(moment: Moment, game: RallyRunGame) -> str:
    """A decision moment's explanation: what the engine allows now (revealing), or its
    reason for a choice it refuses now (laying the tile, the swap ban), or why a rotation traps."""
    seat = game.current_player
    asker = moment.seat if moment.kind != "swap_ban" or moment.seat is None else (moment.seat + 1) % game.players
    asked = seat is not None and seat == asker
    if moment.kind in ("lay_tile", "trap"):
        asked = asked and game.awaiting_rotation and (place_name(game.pending or 0),) == moment.fact("places")
    else:
        asked = asked and not game.awaiting_rotation
    if not asked:
        raise MomentGone(_("This moment's decision is no longer asked: explain it with the game as it was then "
                           "(example_moment gives one)."))
    assert seat is not None
    if moment.kind == "trap":
        return trap_words(game, moment.fact("rotations")[0]) or ""
    if moment.kind == "lay_tile":
        return lay_words(game)
    if moment.kind == "swap_ban":
        reason = game.swap_refusal(game.no_swap[0])
        return "" if reason is None else reason.words()
    return game.what_is_legal(seat)


def moment_why(moment: Moment, game: RallyRunGame) -> str:
    """The engine's full explanation of ``moment``, in the language spoken: for an
    event, the log's words for that whole turn; for a decision asked now, the reason the
    engine gives for a choice it refuses (or, for a trap, why the rotation traps). For a
    decision, ``game`` must still ask it (else :class:`MomentGone`).

    >>> game = RallyRunGame.new(2, seed=6)
    >>> print(moment_why(guide().new(game)[0], game))
    Bo may: reveal A1 or swap two face-down tiles.
    """
    if _kind(moment.kind) in DECISIONS:
        return _decision_why(moment, game)
    if moment.event is None or not 0 <= moment.event < len(game.events):
        raise MomentGone(_("This moment's event is not in the game's log: explain it with the game it happened "
                           "in."))
    return join_sentences(_turn_lines(game, moment.event))


# ------------------------------------------------------------ playing guided games
#: The guided first game: two players, the learner (seat 0, the red car, who moves
#: first) and one computer player; a five-year-old follows one other car more easily
#: than three, and waits less. :data:`GUIDED_SEED` is the best of :func:`search_seeds`
#: over the seeds from 0 to 599 whose A1 tile is a curve (so the first move can trap the
#: car); ``tests/engine/test_rally_run_moments.py`` checks what it brings up.
GUIDED_PLAYERS = 2
#: The computer player of the guided game (a name for :func:`~rally.rally_run.parse_bot`):
#: it forgets a tile four turns after it last saw it, so it makes mistakes a memory can use.
GUIDED_BOT = "forgetful:4"
GUIDED_SEED = 113
#: The guided game's turn limit (R8): 40 turns each, so a first game lasts minutes, not a
#: quarter of an hour. Over 40 seeded learners who tap at random, a race took a median of
#: 50 turns (90th percentile 143, the longest 200); past the limit, the car ahead wins.
GUIDED_MAX_TURNS = 80
#: The learner's seat in the guided game.
LEARNER = 0
#: How many seeds :func:`example_moment` tries before it gives up (it finds each kind
#: within the first few).
MAX_EXAMPLE_SEEDS = 200


def guided_game(seed: int = GUIDED_SEED, names: Sequence[str] | None = None) -> RallyRunGame:
    """A new guided game: :data:`GUIDED_PLAYERS` players (``names``, or the usual ones),
    dealt from ``seed``, stopping after :data:`GUIDED_MAX_TURNS` turns.

    >>> guided_game().max_turns
    80
    """
    return RallyRunGame.new(GUIDED_PLAYERS, seed=seed, names=names, max_turns=GUIDED_MAX_TURNS)


def play_guided(seed: int, learner_bot: RunBot, learner_rng: random.Random, learner: int = LEARNER,
                until: str | None = None) -> tuple[RallyRunGame, MomentGuide]:
    """Play the guided game of ``seed`` as the widget does (the computer player,
    :data:`GUIDED_BOT`, drawing from ``random.Random(seed)``), the learner's decisions
    made by ``learner_bot`` with ``learner_rng``, asking the guide before every action.
    Stops at the end, or as soon as a moment of kind ``until`` is handed out. Returns the
    game and its guide.

    >>> game, seen = play_guided(GUIDED_SEED, parse_bot("perfect"), random.Random(1), until="tile_hidden")
    >>> seen.seen[-1].kind, isinstance(game.events[seen.seen[-1].event], TileHidden)
    ('tile_hidden', True)
    """
    game = guided_game(seed)
    moments = guide(learner)
    bots: list[RunBot | None] = [parse_bot(GUIDED_BOT) for _seat in range(game.players)]
    bots[learner] = None
    play_with_guide(game, moments, bots, learner_bot, learner_rng, random.Random(seed), until)
    return game, moments


class RandomLearner:
    """A learner who taps at random among what the board offers: a move (a reveal, a
    drive, a finish, a rotation) most of the time, a swap now and then (``swap_share``).
    Uniform over the legal actions would almost never move: a car has one to three moves
    and some two hundred swaps.

    >>> game = RallyRunGame.new(2, seed=6)
    >>> str(RandomLearner(0.0).choose(game, game.legal_actions(), random.Random(1)))
    'reveal A1'
    """

    def __init__(self, swap_share: float = 0.2) -> None:
        if not (isinstance(swap_share, (int, float)) and 0.0 <= swap_share <= 1.0):
            inputs.fail(SetupError, _("The share of swaps"), _("a number from 0 to 1"), swap_share, 0.2)
        self.swap_share = float(swap_share)

    def choose(self, view: object, actions: Sequence[RunAction], rng: random.Random) -> RunAction:
        """A random move, or (with probability ``swap_share``, or when there is no move) a random swap."""
        moves = [a for a in actions if not isinstance(a, Swap)]
        swaps = [a for a in actions if isinstance(a, Swap)]
        pool = swaps if swaps and (not moves or rng.random() < self.swap_share) else moves
        return pool[int(rng.random() * len(pool))]

    def __repr__(self) -> str:
        return f"RandomLearner({self.swap_share})"


def learner_policies(count: int = 200) -> list[tuple[str, RunBot, int]]:
    """``count`` ways a learner may play, as ``(name, bot, rng seed)``: the project's
    computer players of every memory, and random tapping with different seeds.

    >>> [name for name, _bot, _seed in learner_policies(5)]
    ['perfect', 'forgetful:3', 'none', 'random 0', 'random 1']
    """
    count = inputs.whole(count, _("The number of learners"), 3, 10_000, SetupError, 200)
    fixed: list[tuple[str, RunBot, int]] = [(name, parse_bot(name), 0) for name in ("perfect", "forgetful:3", "none")]
    return fixed + [(f"random {i}", RandomLearner(), i) for i in range(count - len(fixed))]


def coverage(seed: int, policies: Iterable[tuple[str, RunBot, int]]) -> Coverage:
    """For the guided game of ``seed``, played once by each learner of ``policies``
    (:func:`learner_policies`): the share under which every kind but :data:`RARE` comes
    up, how many miss each kind, and how early (in turns) all but the finish came up."""
    plays = (play_guided(seed, bot, random.Random(rng_seed)) for _name, bot, rng_seed in policies)
    return tally_coverage(plays, KINDS, _turn_of, lambda game: game.turn, rare=RARE)


def _turn_of(game: RallyRunGame, moment: Moment) -> int:
    """The turn (from 1) a moment came on: its event's, or for a decision the turn asked."""
    if moment.event is not None:
        return list(numbered(game.events))[moment.event][0]
    asked: int = moment.fact("events")
    before = [turn for turn, _event in numbered(game.events[:asked])]
    return (before[-1] if before else 0) + (0 if moment.kind in ("lay_tile", "trap") else 1)


def search_seeds(seeds: Iterable[int], policies: int = 20) -> list[tuple[float, int]]:
    """``(share of policies that meet every kind but the rare ones, seed)`` for each seed,
    best first (see :func:`coverage`); :data:`GUIDED_SEED` is the best of a search."""
    chosen = learner_policies(policies)
    return rank_seeds(seeds, lambda seed: coverage(seed, chosen).share)


@lru_cache(maxsize=len(KINDS))
def example_moment(kind: str) -> tuple[RallyRunGame, Moment]:
    """A real seeded game at the first moment of ``kind``: the guided game of the first
    seed (from 0) where it comes up when a perfect-memory computer player plays the
    learner's seat, played to that moment (a decision still asked). For "Show me" when the
    learner's own game did not bring it up.

    >>> game, moment = example_moment("swap_ban")
    >>> moment.kind, game.current_player == LEARNER, len(game.no_swap)
    ('swap_ban', True, 2)
    """
    _kind(kind)
    for seed in range(MAX_EXAMPLE_SEEDS):
        game, seen = play_guided(seed, parse_bot("perfect"), random.Random(seed), until=kind)
        found = [m for m in seen.seen if m.kind == kind]
        if found:
            return game, found[0]
    raise UnknownMoment(_("No game from seed 0 to {last} brings up a {kind} moment.").format(
        last=MAX_EXAMPLE_SEEDS - 1, kind=kind))


__all__ = ["KINDS", "DECISIONS", "RARE", "GUIDED_PLAYERS", "GUIDED_BOT", "GUIDED_SEED", "LEARNER", "Coverage",
           "MomentGone", "RandomLearner", "UnknownMoment", "coverage", "detect", "example_moment", "guide",
           "guided_game", "learner_policies", "moment_words", "moment_why", "nudged_again", "play_guided",
           "search_seeds"]
