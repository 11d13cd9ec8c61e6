"""The Stich Rallye lessons' self-check questions. Every answer is judged by :mod:`rally`,
so the quizzes can never disagree with the engine. A quiz is asked in the language spoken
when it is made (:mod:`widgets.i18n`); its answers are explained in the language spoken
when they are checked. None draws the track (lesson 3's do:
:mod:`widgets.stich_rallye.track_quizzes`), so lessons 1 and 2 load no Plotly.

>>> quiz = tricks_quiz()
>>> quiz.answer("Bo").correct
True
"""

from __future__ import annotations

import random
from typing import Callable

from rally import (
    DEFAULT_DIAL, DEFAULT_NAMES, Card, FlagTaken, Game, GameWon, HeuristicBot, Motor, MotorWound,
    Dealt, Moved, RoundEnded, SetupError, TrickWon,
    deck, explain_trick, legal_plays, parse_cards, play_until, release_order, trick_move, why_illegal,
)
from rally.stich_rallye.cards import HAND_SIZES, format_cards
from rally.stich_rallye.replay import round_end_span

from rally.stich_rallye.track import get_track
from ..i18n import _, join_sentences, join_words, ngettext
from ..quiz import Feedback, Question, Quiz
from .motor_dial import MotorDial

NAMES = DEFAULT_NAMES


class _Sentence(str):
    """A sentence to go inside another one: ``{sentence:lowerfirst}`` in a template gives it
    with its first letter in lower case (English), ``{sentence}`` as it is (German, whose
    nouns keep their capital)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "lowerfirst":
            return self[:1].lower() + self[1:]
        return str.__format__(self, spec)


def who_wins(cards: str, names: tuple[str, ...] = NAMES) -> Question:
    """'Who wins this trick?' for ``cards`` played by ``names`` in order."""
    trick = parse_cards(cards)
    explanation = explain_trick(trick)  # refuses anything but a whole trick of cards in play (S2, S5)
    players = names[: len(trick)]
    plays = ", ".join(f"{p} {c}" for p, c in zip(players, trick))

    def check(answer: str) -> Feedback:
        sentence = explain_trick(trick).sentence  # in the language spoken now
        winner = players[explanation.winner]
        if answer == winner:
            return Feedback(True, sentence)
        chosen = trick[players.index(answer)]
        # TRANSLATORS: {sentence:lowerfirst} is the explanation with its first letter in lower case;
        # write {sentence} to keep it as it is (German nouns keep their capital).
        return Feedback(False, _("{answer} played {chosen}. But {sentence:lowerfirst}").format(
            answer=answer, chosen=chosen, sentence=_Sentence(sentence)))

    return Question(_("In this trick {plays} were played, in that order. Who wins it?").format(plays=plays),
                    players, check, hint=_("Find the last new color to appear in the trick: its highest card wins."))


def may_play(hand: str, trick: str) -> Question:
    """'Which card may you play?' for a hand that holds exactly one card it may play, so
    every other choice is wrong — judged by :func:`rally.why_illegal`. A hand with several
    playable cards is refused: the question could not be answered wrongly enough to teach."""
    cards, played = parse_cards(hand), parse_cards(trick)
    playable = legal_plays(cards, played)
    if len(playable) != 1:
        raise SetupError(_("This question needs a hand with exactly one card that may be played; {hand} holds "
                           "{count} after {trick}.").format(hand=format_cards(cards), count=len(playable),
                                                            trick=format_cards(played)))

    def check(answer: str) -> Feedback:
        card = Card.parse(answer)
        reason = why_illegal(cards, played, card)
        if reason is None:
            return Feedback(True, _("{card} follows {color}, the lead color.").format(
                card=card, color=played[0].color.word))
        return Feedback(False, reason)

    return Question(
        _("The trick so far is {trick}. You hold {hand}. Pick a card you may play.").format(
            trick=join_words([str(c) for c in played]), hand=join_words([str(c) for c in cards])),
        tuple(str(c) for c in cards),
        check,
        hint=_("Which color was led? A player who holds that color must play it."),
        heading=_("Which card may you play?"),
    )


def _careful_game(players: int, seed: int, stop: Callable[[Game], bool]) -> Game:
    """A recorded game of careful players from ``seed``, played until ``stop`` holds."""
    return play_until(Game.new(players, seed=seed), [HeuristicBot()] * players, random.Random(seed), stop)


def what_losers_do(players: int, seed: int) -> Question:
    """'What do the players who lose a trick do?' — judged by the events rally logs for the
    first trick of a seeded game of careful players."""
    game = _careful_game(players, seed, lambda g: any(isinstance(e, TrickWon) for e in g.events))
    won = next(e for e in game.events if isinstance(e, TrickWon))
    losers = [s for s in range(players) if s != won.seat]
    wound = [e.seat for e in game.events if isinstance(e, MotorWound)]
    choices = (_("Their cars move back"), _("They wind up their motors"), _("Nothing happens to them"))
    right = choices[1] if wound == losers else choices[2]
    names = join_words([game.names[s] for s in losers])

    def check(answer: str) -> Feedback:
        events = [e for e in game.events if isinstance(e, MotorWound)]
        if all(e.position for e in events):  # none over-wound: one sentence for all
            said = _("{names} each wind their motor one position on.").format(
                names=join_words([game.names[e.seat] for e in events]))
        else:
            said = " ".join(e.describe(game.names) for e in events)
        return Feedback(answer == right, _("Only {winner}'s car moves now. {events}").format(
            winner=game.names[won.seat], events=said))

    return Question(
        _("{winner} won a trick; {losers} lost it. What do {losers} do now?").format(
            winner=game.names[won.seat], losers=names),
        choices, check,
        hint=_("Think of the motor: when does it get wound up?"))


def laps_to_win(players: int, seed: int) -> Question:
    """'What happens when a car finishes its second lap in the middle of a round?' — judged
    by a seeded game that ended that way: the race is won at once, the round's other tricks
    unplayed. (Asking only how many laps win, a fresh fact-checker found, asked again what
    the guided game's last tip had just said.)"""
    game = _careful_game(players, seed, lambda g: False)
    won = next(e for e in game.events if isinstance(e, GameWon))
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    played = len(tricks) - sum(HAND_SIZES[: game.round - 1])  # the tricks of the last round played
    if won.reason != "second lap" or played >= HAND_SIZES[game.round - 1] or game.laps[won.seat] != 2:
        raise SetupError(_("The laps question needs a game won by a second lap before its round is over."))
    name = game.names[won.seat]
    choices = (_("{name} wins the race at once").format(name=name),
               _("The round is played to its end; then the car furthest ahead wins"),
               _("{name} must drive one more lap to win").format(name=name))

    def check(answer: str) -> Feedback:
        return Feedback(answer == choices[0], join_sentences([
            won.describe(game.names),
            _("The round's other tricks are not played. Only if no car finishes two laps by the end of round 3 "
              "does the car in front win.")]))

    return Question(
        _("{name}'s car has finished 1 lap. In round {round}, {name} wins trick {trick} of {tricks}, and the car "
          "crosses the start/finish again.").format(
            name=name, round=game.round, trick=played, tricks=HAND_SIZES[game.round - 1]),
        choices, check, hint=_("Think of the end of a race: what must a car do before the others?"),
        heading=_("What happens now?"))


def start_quiz() -> Quiz:
    """Lesson 00: a first look at the game's big ideas, after the guided first game. The
    games asked about are four careful players, seed 1."""
    return Quiz(
        _("A first look"),
        [
            what_losers_do(4, 1),
            who_leads_next(4, 1, 2, codes_told=False),
            laps_to_win(4, 1),
        ],
    )


def played_trick(players: int, seed: int, number: int) -> TrickWon:
    """Trick ``number`` (from 1) of a seeded game of careful players."""
    game = _careful_game(players, seed, lambda g: sum(isinstance(e, TrickWon) for e in g.events) >= number)
    return [e for e in game.events if isinstance(e, TrickWon)][number - 1]


def who_wins_played(players: int, seed: int, number: int) -> Question:
    """'Who wins this trick?' for trick ``number`` of a seeded game, the players named
    in the order they played."""
    trick = played_trick(players, seed, number)
    return who_wins(format_cards(trick.cards, sep=" "), tuple(NAMES[s] for s in trick.seats))


def who_leads_next(players: int, seed: int, number: int, codes_told: bool = True) -> Question:
    """'Who plays first in the next trick?' — judged by the flag event rally logs after
    trick ``number`` of a seeded game. Unless ``codes_told`` (lesson 1 teaches them), the
    question first says how a card is written, and its feedback leaves the flag out."""
    game = _careful_game(players, seed, lambda g: sum(isinstance(e, FlagTaken) for e in g.events) >= number)
    flag = [e for e in game.events if isinstance(e, FlagTaken)][number - 1]
    trick = [e for e in game.events if isinstance(e, TrickWon)][number - 1]  # the trick that flag follows
    plays = ", ".join(f"{NAMES[s]} {c}" for s, c in zip(trick.seats, trick.cards))

    # Lesson 0 comes before the flag is taught: its feedback says who won, not who takes the flag.
    said = f"{trick.describe(NAMES)} {flag.describe(NAMES)}" if codes_told or flag.reason != "trick" else _(
        "{name} won this trick, so {name} plays the first card of the next one.").format(name=NAMES[flag.seat])

    def check(answer: str) -> Feedback:
        return Feedback(answer == NAMES[flag.seat], said)

    # Which trick it was, when mid-round: after a round's last trick the car in front leads (a fact-checker).
    prompt = join_sentences([_("In this trick {plays} were played, in that order.").format(plays=plays),
                             *([_("It was not the round's last trick.")] if flag.reason == "trick" else []),
                             _("Who plays the first card of the next trick?")])
    if not codes_told:
        first = trick.cards[0]
        # TRANSLATORS: {code} is a card's code, like G6; {words} says it, like "green 6".
        prompt = _("A card is written as its color's letter and its value: {code} is the {words}.").format(
            code=first, words=first.describe()) + " " + prompt
    return Question(prompt,
                    tuple(NAMES[s] for s in sorted(trick.seats)), check,
                    hint=_("Who won the trick? During a round, the winner plays the first card next."))


def tricks_quiz() -> Quiz:
    """Lesson 01: who wins, who leads next, and what may be played. Every trick and hand
    was played in a seeded game of careful players (``tests/lessons/test_quizzes.py`` replays each
    one), and none is shown in the lesson above the quiz."""
    return Quiz(
        _("Tricks"),
        [
            who_wins_played(4, 4, 3),
            who_wins_played(3, 1, 1),
            who_wins_played(4, 28, 3),
            who_leads_next(5, 3, 3),
            may_play("R7 R9 G3 B8", "G6 G13"),  # 4 players, seed 1, Ada after 6 decisions
            may_play("R7 G9 B8", "R3 R10"),  # 4 players, seed 2, Cy after 11 decisions
        ],
    )


def wound_motor(turns: int, dial: tuple[int, ...] = DEFAULT_DIAL) -> Motor:
    """The motor after ``turns`` lost tricks in a round, wound on from 0 by :class:`rally.Motor`."""
    return Motor(0, dial).winding(turns)[-1]


def motor_value_after(losses: int, start: int = 0, dial: tuple[int, ...] = DEFAULT_DIAL) -> Question:
    """'What does the motor show after losing N more tricks?' — judged by :class:`rally.Motor`.
    The question shows the dial (:class:`~widgets.stich_rallye.motor_dial.MotorDial`) with its
    arrow where ``start`` lost tricks of a round put it; its words say the value, never the position."""
    before = wound_motor(start, dial)
    path = before.winding(losses)
    motor = path[-1]
    values = sorted(set(dial))

    def check(answer: str) -> Feedback:
        steps = " → ".join(str(m.value) for m in path)
        over = [_("In this app, after the last number the arrow comes back to 0: the saved-up speed is lost.")] if any(
            m.position == 0 for m in path[1:]) else []
        if int(answer) == motor.value:
            return Feedback(True, " ".join([_("The arrow goes {steps}.").format(steps=steps), *over]))
        return Feedback(False, " ".join([_("One step on for each lost trick: the arrow goes {steps}, so it shows "
                                           "{value}.").format(steps=steps, value=motor.value), *over]))

    def picture() -> MotorDial:
        return MotorDial(before.dial, position=before.position)

    return Question(
        ngettext("The arrow points at {value}. Its owner loses {losses} more trick. What does this app's dial show "
                 "now?",
                 "The arrow points at {value}. Its owner loses {losses} more tricks. What does this app's dial show "
                 "now?",
                 losses).format(value=before.value, losses=losses),
        tuple(str(v) for v in values),
        check,
        hint=_("On this app's dial, move the arrow one position on for each lost trick. After the last, it comes "
               "back to 0."),
        picture=picture,
    )


def turbo_distance(lowest: int, motor_value: int) -> Question:
    """'How far does the winner go with the turbo?'"""

    total, plain = trick_move(lowest, motor_value, True), trick_move(lowest, motor_value, False)

    def check(answer: str) -> Feedback:
        facts = {"lowest": lowest, "motor": motor_value, "total": total}
        if int(answer) == total:
            return Feedback(True, _("The lowest card gives {lowest} and the whole motor adds {motor}: {total} in "
                                    "all.").format(**facts))
        if int(answer) == plain:
            return Feedback(False, _("That is the move without the turbo. With it, the motor's whole {motor} is "
                                     "added: {total}.").format(**facts))
        return Feedback(False, _("The turbo is all or nothing: {lowest} for the lowest card plus all {motor} = "
                                 "{total}.").format(**facts))

    options = sorted({plain, motor_value, total, max(1, lowest + motor_value // 2)})
    return Question(
        _("You win a trick whose lowest card is {lowest}, and your motor shows {motor}. You use the turbo. How many "
          "spaces does your car drive?").format(lowest=lowest, motor=motor_value),
        tuple(str(o) for o in options),
        check,
        hint=_("The turbo is all or nothing: the lowest card, and the motor's whole value on top."),
    )


def motor_quiz() -> Quiz:
    """Lesson 02: the turbo (the printed rule) first, then winding and over-winding on the
    lessons' dial (a reading, S11)."""
    return Quiz(
        _("The motor"),
        [turbo_distance(3, 7), turbo_distance(2, 16),
         motor_value_after(3, start=2), motor_value_after(2, start=5), motor_value_after(2, start=7)],
    )


def who_releases_first(positions: list[int], flag: int, names: tuple[str, ...] = NAMES,
                       track: str = "volcano") -> Question:
    """'Whose motor moves first at the round's end?' — judged by :func:`rally.release_order`.
    Each car is given as the board shows it: its space on ``track`` and its lap."""
    players = names[: len(positions)]
    order = release_order(positions, flag)
    n = len(get_track(track))
    laps: dict[int, list[str]] = {}  # 0: the grid
    for p, pos in zip(players, positions):
        laps.setdefault(0 if pos == 0 else pos // n + 1, []).append(
            p if pos == 0 else _("{name} on space {space}").format(name=p, space=pos % n))
    where = " ".join(_("On the grid: {cars}.").format(cars=join_words(cars)) if lap == 0 else
                     _("Lap {lap}: {cars}.").format(lap=lap, cars=join_words(cars)) for lap, cars in sorted(laps.items()))

    def check(answer: str) -> Feedback:
        # TRANSLATORS: between the players in the order their motors move: "Di, then Ada, then Cy".
        sequence = _(", then ").join(players[s] for s in order)
        on_grid = [players[s] for s in order if positions[s] == 0]
        said = [_("Last place goes first: {order}.").format(order=sequence)]
        if len(on_grid) == 2:
            said.append(_("{cars} are both on the grid. In this app they go in turn, clockwise, starting after "
                          "{flag}, who won the last trick.").format(cars=join_words(on_grid), flag=players[flag]))
        elif len(on_grid) > 2:
            said.append(_("{cars} are all on the grid. In this app they go in turn, clockwise, starting after "
                          "{flag}, who won the last trick.").format(cars=join_words(on_grid), flag=players[flag]))
        return Feedback(answer == players[order[0]], " ".join(said))

    # TRANSLATORS: {where} says where the cars are, in sentences: "Lap 1: Ada on space 24 and Di on space 19. Lap 2: …"
    prompt = _("{flag} won the round's last trick. {where} Whose motor moves first?")
    if sum(pos == 0 for pos in positions) >= 2:  # who goes first among them is the project's reading (S12)
        # TRANSLATORS: {seats} lists the players in their seats' order: "Ada, Bo, Cy and Di".
        prompt = _("{flag} won the round's last trick. {where} They sit {seats}, clockwise. In this app, "
                   "whose motor moves first?")
    return Question(
        prompt.format(where=where, flag=players[flag], seats=join_words(list(players))),
        players,
        check,
        hint=_("The car furthest behind moves first: every car on lap 2 is ahead of those on lap 1. Cars on the "
               "grid: in this app they go in turn from the player after the last trick's winner."),
    )


def last_trick_first(players: int, seed: int, round_number: int) -> Question:
    """'What happens after the round's last trick, before the motors move?' — judged by
    the events rally logs for that round of a seeded game of careful players."""
    game = _careful_game(players, seed, lambda g: g.round > round_number or g.is_over)
    first, last = round_end_span(game, round_number)
    ended = next(i for i in range(first, last + 1) if isinstance(game.events[i], RoundEnded))
    won = next(e for e in game.events[first:ended] if isinstance(e, TrickWon))
    before = game.events[first:ended]
    winner = game.names[won.seat]
    moved = any(isinstance(e, Moved) and e.seat == won.seat for e in before)
    wound = sorted({e.seat for e in before if isinstance(e, MotorWound)})
    choices = (_("{winner}'s car moves, and the others wind up their motors").format(winner=winner),
               _("Every motor moves its car at once"), _("Only {winner}'s motor moves its car").format(winner=winner))
    right = choices[0] if moved and wound == [s for s in range(players) if s != won.seat] else choices[1]

    losers = join_words([game.names[s] for s in wound])

    def check(answer: str) -> Feedback:
        return Feedback(answer == right, _("As in any other trick, {winner}'s car moves, and {losers} wind up "
                                           "their motors. Only then do the motors move.").format(
                                               winner=winner, losers=losers))

    return Question(
        _("Round {round}: {winner} wins the round's last trick, and every hand is now empty. What happens "
          "first?").format(round=round_number, winner=winner),
        choices, check,
        hint=_("Is the last trick any different from the tricks before it?"))


def new_deal(players: int, seed: int) -> Question:
    """'Are the cards left aside enough for round 2?' — counted from the deals of a seeded
    game of careful players: round 2's hands need more cards than round 1 left aside, which
    is why all the cards are gathered and shuffled first (S3: the only way to deal round 2,
    so it carries no "in this app"). The learner counts: the
    question does not say how many cards round 2 deals (a printed rule, taught in lesson 4),
    and the lesson's sentence about the reshuffle does not give the answer away."""
    game = _careful_game(players, seed, lambda g: sum(isinstance(e, Dealt) for e in g.events) >= 2)
    first, second = [e for e in game.events if isinstance(e, Dealt)][:2]
    n, played = len(second.hands[0]), players * len(first.hands[0])
    aside, need = len(deck(players)) - played, players * n  # aside: never dealt in round 1
    enough = aside >= need
    choices = {_("No, too few"): False,
               _("Yes, with some left over"): True,
               _("Yes, just enough for everyone"): True}

    def check(answer: str) -> Feedback:
        return Feedback(choices[answer] == enough, " ".join([
            _("{players} players need {n} cards each: {need} in all. Only {aside} were never dealt.").format(
                players=players, n=n, need=need, aside=aside),
            _("So all the cards are gathered and shuffled first, at the table too.")]))

    return Question(_("Round 1 is over: {aside} cards were never dealt. Round 2 begins, with {players} players. Are "
                      "those {aside} cards enough?").format(aside=aside, players=players),
                    tuple(choices), check, hint=_("How many cards does each player get in round 2? And all of them "
                                                  "together?"))


def round_end_quiz() -> Quiz:
    """Lesson 04: the release order and the flag. Each question is the end of a round
    of a seeded game of heuristic players (``tests/lessons/test_quizzes.py`` replays each one):
    the flag holder won the last trick, so that car has moved."""
    return Quiz(
        _("End of a round"),
        [
            who_releases_first([24, 46, 39, 19], flag=1),  # 4 players, seed 0, round 2
            who_releases_first([0, 17, 0, 15], flag=1),  # 4 players, seed 52, round 1
            who_releases_first([3, 0, 8, 19, 0], flag=3),  # 5 players, seed 2, round 1
            last_trick_first(4, 3, 1),
            new_deal(4, 0),
        ],
    )


__all__ = [
    "start_quiz", "what_losers_do", "laps_to_win", "tricks_quiz", "motor_quiz", "round_end_quiz",
    "who_wins", "may_play", "motor_value_after", "turbo_distance", "who_releases_first",
]
