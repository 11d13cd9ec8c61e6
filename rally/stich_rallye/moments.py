"""The moments of a guided first game of Stich Rallye: each new thing, the first time it happens.

A guided game stops the first time each kind of thing happens and says it in one or two
short sentences. The kinds, in teaching order (:data:`KINDS`): the learner leads a trick,
must follow a color, sees a trick of one, two and three colors won, loses a trick (the
motor winds), is offered the turbo, sees a car roll downhill and one roll back uphill,
the round's end with the motors driving, round 2's new deal, a lap, and the finish.

Which moments are new is decided here, from the game's own events and the decision it
asks the learner for now (:func:`detect`), and handed out once each by a
:class:`~rally.common.moment.MomentGuide` (:func:`guide`). A moment holds codes and facts; its
words come from :func:`moment_words` (short, a child's) and :func:`moment_why` (the
engine's full explanation), in the language spoken.

>>> from rally import Game
>>> game = Game.new(4, seed=GUIDED_SEED)
>>> first = guide().new(game)
>>> [m.kind for m in first]
['lead']
>>> moment_words(first[0], game.names)[0]
'In a trick, everyone plays one card; you lead this one, so play any card you like.'
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any, Iterable, Sequence

from ..common import inputs
from .bots import HeuristicBot, RandomBot
from .cards import Card
from ..common.errors import SetupError
from .events import Dealt, Event, GameWon, LapCompleted, MotorReleased, MotorWound, Moved, RoundEnded, TrickWon
from .game import Game, Turbo, turbo_move
from ..common.i18n import N_, _, capitalized, join_words
from ..common.moment import Coverage, Moment, MomentGuide, play_with_guide, rank_seeds, tally_coverage
from .movement import Move
from .tricks import play_rule
from ..common.turns import TurnBot

#: Every kind of moment, in teaching order.
KINDS = ("lead", "follow_color", "trick_one_color", "trick_two_colors", "trick_three_colors", "motor_wound",
         "turbo_offer", "downhill_roll", "uphill_roll", "round_end_motors", "new_deal", "lap", "finish")
#: The kinds that are a decision the learner is asked for now (their ``event`` is ``None``).
DECISIONS = ("lead", "follow_color", "turbo_offer")
#: The guided game: four players on the volcano track, the learner in seat 0, dealt from
#: this seed. Chosen by :func:`search_seeds` (``benchmarks/bench_guided_seed.py``) so that
#: every kind comes up in the game for most ways a learner may play.
GUIDED_SEED = 11
GUIDED_PLAYERS = 4
GUIDED_TRACK = "volcano"
#: The most seeds :func:`example_moment` plays to find a kind.
MAX_EXAMPLE_SEEDS = 200

#: The first words of the game's first trick won, by kind (and ``_you`` when the learner won it).
_TRICK_WON = {
    "trick_one_color": N_("{name} wins with {card} ({words}): only {color} was played, so the highest card wins."),
    "trick_two_colors": N_("{name} wins with {card} ({words}): {color} was the second color, so the highest "
                           "{color} wins."),
    "trick_three_colors": N_("{name} wins with {card} ({words}): {color} was the third color, so the highest "
                             "{color} wins."),
    "trick_one_color_you": N_("You win with {card} ({words}): only {color} was played, so the highest card wins."),
    "trick_two_colors_you": N_("You win with {card} ({words}): {color} was the second color, so the highest "
                               "{color} wins."),
    "trick_three_colors_you": N_("You win with {card} ({words}): {color} was the third color, so the highest "
                                 "{color} wins."),
}
#: The first words of a later trick won: its number in the round first, so that a tip is
#: never read as the trick of the tip before it (a tip shows only the first of each kind).
_LATER_TRICK_WON = {
    "trick_one_color": N_("In trick {trick}, {name} wins with {card} ({words}): only {color} was played, so the "
                          "highest card wins."),
    "trick_two_colors": N_("In trick {trick}, {name} wins with {card} ({words}): {color} was the second color, so the "
                           "highest {color} wins."),
    "trick_three_colors": N_("In trick {trick}, {name} wins with {card} ({words}): {color} was the third color, so the "
                             "highest {color} wins."),
    "trick_one_color_you": N_("In trick {trick}, you win with {card} ({words}): only {color} was played, so the "
                              "highest card wins."),
    "trick_two_colors_you": N_("In trick {trick}, you win with {card} ({words}): {color} was the second color, so the "
                               "highest {color} wins."),
    "trick_three_colors_you": N_("In trick {trick}, you win with {card} ({words}): {color} was the third color, so the "
                                 "highest {color} wins."),
}
#: How far the winner drives and, after the game's first trick (``_first``), who leads next.
_TRICK_DRIVES = {
    "": N_("The trick's lowest card, {lowest}, says how far {name}'s car drives."),
    "_you": N_("The trick's lowest card, {lowest}, says how far your car drives."),
    "_first": N_("The lowest card, {lowest}, says how far {name} drives, and {name} leads the next trick."),
    "_you_first": N_("The lowest card, {lowest}, says how far you drive, and you lead the next trick."),
}


def _trick_templates() -> dict[str, tuple[str, ...]]:
    """The words of a trick won, for each kind and winner, and for the game's first trick."""
    templates: dict[str, tuple[str, ...]] = {}
    for kind, first in _TRICK_WON.items():
        you = "_you" if kind.endswith("_you") else ""
        templates[kind + "_first"] = (first, _TRICK_DRIVES[you + "_first"])
        templates[kind] = (_LATER_TRICK_WON[kind], _TRICK_DRIVES[you])
    return templates


#: The short words of each kind (and variant): one or two sentences, each at most 20 words.
#: ``{card}`` is a card's code and ``{words}`` the card in words (G7, green 7).
TEMPLATES: dict[str, tuple[str, ...]] = {
    "lead": (N_("In a trick, everyone plays one card; you lead this one, so play any card you like."),
             N_("The others must play its color if they can; if not, any card.")),
    "follow_color": (N_("{name} led {card} ({words}), and you hold {color}."),
                     N_("So you must follow {color}: play {cards}.")),
    **_trick_templates(),
    "motor_wound": (N_("You lost the trick, so your motor winds up one step: it shows {value} now."),
                    N_("A wound motor drives your car later.")),
    "turbo_offer": (N_("You won the trick, and your lost tricks wound your motor to {value}."),
                    N_("Turbo: drive {lowest} + {value} and the motor goes back to 0; or drive {lowest} and keep it "
                       "wound.")),
    "downhill_roll": (N_("{name}'s car landed on a downhill space ▼, so it rolls on to space {space}."),),
    "uphill_roll": (N_("{name}'s car landed on an uphill space ▲, so it rolls back to space {space}."),),
    "uphill_roll_grid": (N_("{name}'s car landed on an uphill space ▲, so it rolls back to the starting grid."),),
    "round_end_motors": (N_("Round {round} is over: now every motor drives its car, last place first."),),
    "round_end_motors_value": (N_("Round {round} is over: now every motor drives its car, last place first."),
                               N_("{name}'s motor had {value}: the car drove that many empty spaces, and the motor went back to 0.")),
    "new_deal": (N_("Round {round}: all the cards are shuffled again, and everyone gets {cards} new cards."),
                 N_("The cards lying aside would be too few.")),
    "lap": (N_("{name}'s car reached the finish line: lap {lap} done!"),
            N_("The motor flips to its red side: one more lap to go.")),
    "lap_on_line": (N_("{name}'s car stopped on the start/finish: in this app, that counts as lap {lap} done!"),
                    N_("The motor flips to its red side: one more lap to go.")),
    "finish": (N_("{name}'s car finished its second lap: {name} wins the race!"),
               N_("If no car finishes two laps by the end of round 3, the car furthest ahead wins.")),
    "finish_leader": (N_("Round 3 is over and nobody went round twice."),
                      N_("{name}'s car is furthest ahead, so {name} wins the race!")),
    # The learner's own win, said to them as the turbo button said it ("you win!").
    "finish_you": (N_("Your car finished its second lap: you win the race!"),
                   N_("If no car finishes two laps by the end of round 3, the car furthest ahead wins.")),
    "finish_leader_you": (N_("Round 3 is over and nobody went round twice."),
                          N_("Your car is furthest ahead, so you win the race!")),
}
#: How round 2 and 3 are dealt (S3), said once: the "why" of a new deal.
DEAL_RULE = N_("Each player gets 5 cards in round 1, 7 in round 2 and 9 in round 3. Cards left over lie aside, "
               "face down. The cars stay where they are. The cards lying aside are too few for the next round. "
               "So all the cards are gathered and shuffled at the start of every round.")


def guide(learner: int = 0) -> MomentGuide:
    """A guide that hands out each kind of :data:`KINDS` once, for the learner in seat ``learner``.

    >>> guide(1).learner, guide().missing[:2]
    (1, ('lead', 'follow_color'))
    """
    learner = inputs.whole(learner, _("The learner's seat"), 0, 4, SetupError, 0)
    return MomentGuide(KINDS, detect, learner)


def detect(game: Game, start: int, learner: int) -> list[Moment]:
    """The moments of ``game``'s events from index ``start`` on, in order, then the
    decision it asks ``learner`` for now, if that is one of :data:`DECISIONS`.

    >>> game = Game.new(4, seed=3)
    >>> [m.kind for m in detect(game, 0, 0)], [m.kind for m in detect(game, 0, 1)]
    (['lead'], [])
    """
    events = game.events
    found = [m for m in (_event_moment(events, i, learner) for i in range(start, len(events))) if m is not None]
    decision = _decision_moment(game, learner)
    if decision is not None:
        found.append(decision)
    return found


def _trick_of_round(events: Sequence[Event], index: int) -> int:
    """The number in its round of the trick won at event ``index`` (1 for the round's first)."""
    number = 0
    for event in events[index::-1]:
        if isinstance(event, RoundEnded):
            break
        number += isinstance(event, TrickWon)
    return number


def _event_moment(events: Sequence[Event], index: int, learner: int) -> Moment | None:
    """The moment event ``index`` is, if any."""
    event = events[index]
    if isinstance(event, TrickWon):
        why = event.explanation
        kind = ("trick_one_color", "trick_two_colors", "trick_three_colors")[len(why.colors) - 1]
        return Moment(kind, index, event.seat, (("card", why.winning_card), ("cards", event.cards),
                                                ("seats", event.seats), ("color", why.deciding_color),
                                                ("lowest", why.lowest), ("yours", event.seat == learner),
                                                ("first", not any(isinstance(e, TrickWon) for e in events[:index])),
                                                ("trick", _trick_of_round(events, index))))
    if isinstance(event, MotorWound) and event.seat == learner:
        return Moment("motor_wound", index, event.seat, (("position", event.position), ("value", event.value)))
    if isinstance(event, Moved) and event.move.roll is not None:
        move = event.move
        return Moment(f"{move.roll}_roll", index, event.seat, (("move", move), ("progress", move.final),
                                                               ("space", move.space)))
    if isinstance(event, RoundEnded):
        released = []
        for later in events[index + 1:]:
            if not isinstance(later, (MotorReleased, Moved)):
                break
            if isinstance(later, MotorReleased) and later.value > 0:
                released.append((later.seat, later.value))
        # The car named is the last one a motor drove: its move is the one the track shows.
        seat = released[-1][0] if released else event.order[0]
        return Moment("round_end_motors", index, seat, (("round", event.round), ("released", tuple(released))))
    if isinstance(event, Dealt) and event.round == 2:
        return Moment("new_deal", index, None, (("round", event.round), ("cards", len(event.hands[0]))))
    if isinstance(event, LapCompleted):
        move = next(e.move for e in reversed(events[:index]) if isinstance(e, Moved))
        return Moment("lap", index, event.seat, (("lap", event.lap), ("move", move), ("progress", move.final),
                                                 ("space", move.space), ("yours", event.seat == learner)))
    if isinstance(event, GameWon):
        last: Move | None = next((e.move for e in reversed(events[:index])
                                  if isinstance(e, Moved) and e.seat == event.seat), None)
        progress = 0 if last is None else last.final
        return Moment("finish", index, event.seat, (("reason", event.reason), ("move", last), ("progress", progress),
                                                    ("yours", event.seat == learner)))
    return None


def _decision_moment(game: Game, learner: int) -> Moment | None:
    """The decision ``game`` asks ``learner`` for now, as a moment, if it is one to teach."""
    if game.current_player != learner:
        return None
    now = ("events", len(game.events))
    hand = game.hands[learner]
    if game.awaiting_turbo:
        moves = [turbo_move(game, use) for use in (True, False)]
        lowest = moves[1].steps
        return Moment("turbo_offer", None, learner, (now, ("value", game.motor_values[learner]), ("lowest", lowest),
                                                     ("turbo_move", moves[0]), ("card_move", moves[1])))
    trick = game.trick
    if not trick:
        return Moment("lead", None, learner, (now, ("hand", hand)))
    lead = trick[0]
    follow = tuple(c for c in hand if c.color == lead.color)
    if not follow:
        return None
    return Moment("follow_color", None, learner, (now, ("lead", lead), ("leader", game.flag), ("hand", hand),
                                                  ("trick", trick), ("follow", follow)))


def _variant(moment: Moment) -> str:
    """The key of :data:`TEMPLATES` for ``moment``."""
    if moment.kind == "uphill_roll" and moment.fact("progress") == 0:
        return "uphill_roll_grid"
    if moment.kind == "round_end_motors" and moment.fact("released"):
        return "round_end_motors_value"
    you = "_you" if moment.fact("yours") else ""
    if moment.kind == "finish" and moment.fact("reason") == "leader":
        return "finish_leader" + you
    if moment.kind == "finish" or (moment.kind == "lap" and moment.fact("lap") > 1):
        return "finish" + you  # a second lap is the finish (S13): the finish says it
    if moment.kind == "lap" and _stops_on_line(moment.fact("move")):
        return "lap_on_line"
    if moment.kind.startswith("trick_"):
        # The game's first trick says who leads next: a trick won mid-round, never the round's last.
        return moment.kind + ("_you" if moment.fact("yours") else "") + ("_first" if moment.fact("first") else "")
    return moment.kind


def _stops_on_line(move: Move) -> bool:
    """Whether ``move`` ends exactly on the start/finish by its own steps: the project's
    reading that this counts as crossing the line (S13), which the learner is told."""
    return move.space == 0 and move.roll is None


def moment_words(moment: Moment, names: Sequence[str]) -> tuple[str, ...]:
    """The moment in one or two short sentences, in the language spoken; ``names`` are the
    players' names by seat.

    >>> from rally import Card
    >>> m = Moment("trick_three_colors", 5, 2, (("card", Card.parse("B7")), ("color", Card.parse("B7").color),
    ...                                           ("lowest", 3), ("trick", 2)))
    >>> moment_words(m, ("Ada", "Bo", "Cy", "Di"))[0]
    'In trick 2, Cy wins with B7 (blue 7): blue was the third color, so the highest blue wins.'
    """
    if not isinstance(moment, Moment) or moment.kind not in KINDS:
        inputs.fail(SetupError, _("The moment"), _("a Moment of a guided game"), moment, "guide().seen[0]")
    names = tuple(names)
    facts: dict[str, Any] = dict(moment.facts)
    if moment.seat is not None:
        facts["name"] = names[moment.seat]
    card = facts.get("card") if isinstance(facts.get("card"), Card) else facts.get("lead")
    if isinstance(card, Card):
        facts["card"], facts["words"] = str(card), card.describe()
    if "color" in facts:
        facts["color"] = facts["color"].word
    if moment.kind == "follow_color":
        facts["name"] = names[facts["leader"]]
        facts["color"] = facts["lead"].color.word
        facts["cards"] = join_words([str(c) for c in facts["follow"]], "or")
    if moment.kind == "round_end_motors" and facts["released"]:
        facts["value"] = facts["released"][-1][1]
    return tuple(_(template).format(**facts) for template in TEMPLATES[_variant(moment)])


def moment_why(moment: Moment, game: Game) -> str:
    """The engine's full explanation of ``moment`` of ``game`` (its events; a decision's
    facts), in the language spoken: the trick's explanation, the move step by step, the
    rule of the deal, and so on.

    >>> game = Game.new(4, seed=3)
    >>> print(moment_why(guide().new(game)[0], game))
    Nobody has played a card in this trick yet, so there is no color to follow.
    """
    if not isinstance(moment, Moment) or moment.kind not in KINDS:
        inputs.fail(SetupError, _("The moment"), _("a Moment of a guided game"), moment, "guide().seen[0]")
    names = game.names
    kind = moment.kind
    if kind == "lead":  # the tip says what to do; this says why any card is allowed
        return _("Nobody has played a card in this trick yet, so there is no color to follow.")
    if kind == "follow_color":
        return play_rule(moment.fact("hand"), moment.fact("trick") or ())
    if kind == "turbo_offer":
        return "\n".join(_("{choice}: {move}").format(choice=capitalized(Turbo(use).word()), move=m.describe(names))
                         for use, m in ((True, moment.fact("turbo_move")), (False, moment.fact("card_move"))))
    events = game.events
    if moment.event is None or not 0 <= moment.event < len(events):
        inputs.fail(SetupError, _("The moment's event"), _("an event of this game"), moment.event, 0)
    event = events[moment.event]
    if kind in ("downhill_roll", "uphill_roll"):
        return event.describe(names)
    if kind == "lap":
        move: Move = moment.fact("move")
        said = [move.describe(names), _("The motor flips to its red side.")]
        if _stops_on_line(move):
            said.append(_("In this app, stopping exactly on the start/finish counts as crossing it."))
        return " ".join(said)
    if kind == "round_end_motors":
        said = [event.describe(names)]
        for later in events[moment.event + 1:]:
            if not isinstance(later, (MotorReleased, Moved)):
                break
            said.append(later.describe(names))
        return "\n".join(said)
    if kind == "new_deal":
        return event.describe(names) + " " + _(DEAL_RULE)
    return event.describe(names)  # a trick won, a motor wound, the game won


# ------------------------------------------------------------------ playing guided games
def guided_game(seed: int = GUIDED_SEED) -> Game:
    """A new guided game: :data:`GUIDED_PLAYERS` players on :data:`GUIDED_TRACK`, dealt from ``seed``."""
    return Game.new(GUIDED_PLAYERS, track=GUIDED_TRACK, seed=seed)


def play_guided(seed: int, learner_bot: TurnBot, learner_rng: random.Random, learner: int = 0,
                until: str | None = None) -> tuple[Game, MomentGuide]:
    """Play the guided game of ``seed`` as the widget does (heuristic computer players
    drawing from ``random.Random(seed)``), the learner's decisions made by ``learner_bot``
    with ``learner_rng``, asking the guide after every action. Stops at the end, or as soon
    as a moment of kind ``until`` is handed out. Returns the game and its guide.

    >>> game, seen = play_guided(GUIDED_SEED, HeuristicBot(), random.Random(1), until="trick_one_color")
    >>> [m.kind for m in seen.seen][:2], game.is_over
    (['lead', 'trick_one_color'], False)
    """
    game = guided_game(seed)
    moments = guide(learner)
    bots: list[TurnBot | None] = [HeuristicBot() for _seat in range(game.players)]
    bots[learner] = None
    play_with_guide(game, moments, bots, learner_bot, learner_rng, random.Random(seed), until)
    return game, moments


class TurboAlways:
    """A learner who plays random legal cards and always uses (or, with ``use=False``,
    never uses) the turbo: two of :func:`learner_policies`."""

    def __init__(self, use: bool) -> None:
        self.use = use

    def choose(self, view: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        if view.awaiting_turbo:
            return Turbo(self.use)
        return RandomBot().choose(view, actions, rng)


def learner_policies(count: int = 200) -> list[tuple[str, TurnBot, int]]:
    """``count`` ways a learner may play, as ``(name, bot, rng seed)``: the heuristic
    player, always and never the turbo, and random legal play with different seeds.

    >>> [name for name, _bot, _seed in learner_policies(5)]
    ['heuristic', 'always turbo', 'never turbo', 'random 0', 'random 1']
    """
    count = inputs.whole(count, _("The number of learners"), 3, 10_000, SetupError, 200)
    fixed: list[tuple[str, TurnBot, int]] = [("heuristic", HeuristicBot(), 0), ("always turbo", TurboAlways(True), 0),
                                             ("never turbo", TurboAlways(False), 0)]
    return fixed + [(f"random {i}", RandomBot(), i) for i in range(count - len(fixed))]


def coverage(seed: int, policies: Iterable[tuple[str, TurnBot, int]]) -> Coverage:
    """For the guided game of ``seed``, played once by each learner of ``policies``
    (:func:`learner_policies`): the share under which every kind comes up, how many miss
    each kind, and how early (in events) all but the finish came up, on average."""
    plays = (play_guided(seed, bot, random.Random(rng_seed)) for _name, bot, rng_seed in policies)
    return tally_coverage(plays, KINDS, lambda _game, m: m.event if m.event is not None else m.fact("events"),
                          lambda game: len(game.events))


def search_seeds(seeds: Iterable[int], policies: int = 20) -> list[tuple[float, int]]:
    """``(share of policies that meet every kind, seed)`` for each seed, best first (see
    :func:`coverage`); :data:`GUIDED_SEED` is the best of a search."""
    chosen = learner_policies(policies)
    return rank_seeds(seeds, lambda seed: coverage(seed, chosen).share)


@functools.lru_cache(maxsize=len(KINDS))
def example_moment(kind: str) -> tuple[Game, Moment]:
    """A real seeded game at the first moment of ``kind``: the guided game of the first seed
    (from 0) whose heuristic players bring it up, played to that moment. The moment's
    event (for a decision, the game's last event) is where to show it.

    >>> game, moment = example_moment("uphill_roll")
    >>> moment.kind, game.events[moment.event].move.roll
    ('uphill_roll', 'uphill')
    """
    kind = inputs.one_of(kind, _("The kind of moment"), KINDS, SetupError)
    for seed in range(MAX_EXAMPLE_SEEDS):
        game, seen = play_guided(seed, HeuristicBot(), random.Random(seed), until=kind)
        found = [m for m in seen.seen if m.kind == kind]
        if found:
            return game, found[0]
    raise SetupError(_("No game of the first {n} seeds brings up {kind}.").format(n=MAX_EXAMPLE_SEEDS, kind=kind))


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (after ``.``, ``!`` or ``?`` and a space).

    >>> sentences("Bo wins. Cy moves 3!")
    ['Bo wins.', 'Cy moves 3!']
    """
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


__all__ = ["KINDS", "DECISIONS", "GUIDED_SEED", "GUIDED_PLAYERS", "GUIDED_TRACK", "TEMPLATES", "DEAL_RULE", "guide",
           "detect", "moment_words", "moment_why", "guided_game", "play_guided", "learner_policies", "Coverage", "coverage",
           "search_seeds", "example_moment", "sentences", "TurboAlways"]
