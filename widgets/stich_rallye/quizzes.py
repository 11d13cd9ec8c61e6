"""The Stich Rallye lessons' self-check questions. Every answer is judged by :mod:`rally`,
so the quizzes can never disagree with the engine.

>>> quiz = tricks_quiz()
>>> quiz.answer("Cy").correct
True
"""

from __future__ import annotations

import random
from typing import Callable

from rally import (
    DEFAULT_DIAL, DEFAULT_NAMES, Card, Game, GameWon, HeuristicBot, Motor, MotorWound, Track, TrickWon,
    explain_trick, move, parse_cards, play_until, release_order, trick_move, why_illegal,
)
from rally.cards import format_cards, join_words

from ..quiz import Feedback, Question, Quiz

NAMES = DEFAULT_NAMES


def who_wins(cards: str, names: tuple[str, ...] = NAMES) -> Question:
    """'Who wins this trick?' for ``cards`` played by ``names`` in order."""
    trick = parse_cards(cards)
    explanation = explain_trick(trick)  # refuses anything but a whole trick of cards in play (S2, S5)
    players = names[: len(trick)]
    plays = ", ".join(f"{p} {c}" for p, c in zip(players, trick))

    def check(answer: str) -> Feedback:
        winner = players[explanation.winner]
        if answer == winner:
            return Feedback(True, explanation.sentence)
        chosen = trick[players.index(answer)]
        sentence = explanation.sentence
        return Feedback(False, f"{answer} played {chosen}, but {sentence[0].lower()}{sentence[1:]}")

    return Question(f"In this trick {plays} were played, in that order. Who wins it?", players, check,
                    hint="Find the last color to appear in the trick: its highest card wins.")


def may_play(hand: str, trick: str) -> Question:
    """'Which of these cards may you play?' — judged by :func:`rally.why_illegal`."""
    cards, played = parse_cards(hand), parse_cards(trick)

    def check(answer: str) -> Feedback:
        card = Card.parse(answer)
        reason = why_illegal(cards, played, card)
        if reason is None:
            if any(c.color == played[0].color for c in cards):
                return Feedback(True, f"{card} follows {played[0].color.word}, the lead color.")
            return Feedback(True, f"You hold no {played[0].color.word}, so any card may be played, {card} too.")
        return Feedback(False, reason)

    return Question(
        f"The trick so far is {format_cards(played)}. You hold {format_cards(cards)}. Pick a card you may play.",
        tuple(str(c) for c in cards),
        check,
        hint="Which color was led? A player who holds that color must play it.",
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
    right = "They wind up their motors" if wound == losers else "Nothing happens to them"
    names = join_words([game.names[s] for s in losers])

    def check(answer: str) -> Feedback:
        said = "; ".join(e.describe(game.names) for e in game.events if isinstance(e, MotorWound))
        return Feedback(answer == right, f"Only the winner's car moves; the others wind up their motors: {said}")

    return Question(
        f"{game.names[won.seat]} won a trick; {names} lost it. What do {names} do now?",
        ("Their cars move back", "They wind up their motors", "Nothing happens to them"), check,
        hint="Think of the motor: when does it get wound up?")


def laps_to_win(players: int, seed: int) -> Question:
    """'How many laps win the race at once?' — judged by a seeded game that ended that way."""
    game = _careful_game(players, seed, lambda g: False)
    won = next(e for e in game.events if isinstance(e, GameWon))
    laps = game.laps[won.seat] if won.reason == "second lap" else 2

    def check(answer: str) -> Feedback:
        return Feedback(int(answer) == laps, f"The first car round the track {laps} times wins at once; after three "
                                             "rounds without that, the car in front wins.")

    return Question("How many times must a car go round the track to win the race at once?", ("1", "2", "3"), check,
                    hint="Look at the first lines of this lesson: what must you do before anyone else?")


def start_quiz() -> Quiz:
    """Lesson 00: a first look. The trick and the game are those of the lesson's own seeded
    game (four careful players, seed 1)."""
    return Quiz(
        "A first look",
        [
            who_wins("R3 R10 R12 R4"),  # the first trick of the lesson's game (4 players, seed 1)
            what_losers_do(4, 1),
            laps_to_win(4, 1),
        ],
    )


def tricks_quiz() -> Quiz:
    """Lesson 01: who wins, and what may be played.

    Apart from the rulebook's own example, every trick and hand here was played in a
    seeded game of heuristic players (``tests/test_quizzes.py`` replays each one)."""
    return Quiz(
        "Who wins?",
        [
            who_wins("G11 R5 B7 G3"),  # the rulebook's example trick
            who_wins("G2 G6 G4"),  # 3 players, seed 0, trick 8
            who_wins("B8 B3 G4 B11"),  # 4 players, seed 18, trick 3
            who_wins("R1 R5 G2 R14 B1"),  # 5 players, seed 12, trick 1
            may_play("R8 G9 G13 B4", "G8 G6"),  # 4 players, seed 25, Cy after 6 decisions
            may_play("G6 B3 B13", "R3 R10 R7"),  # 4 players, seed 2, Di after 12 decisions
        ],
    )


def motor_value_after(losses: int, start: int = 0, dial: tuple[int, ...] = DEFAULT_DIAL) -> Question:
    """'What does the motor show after losing N more tricks?' — judged by :class:`rally.Motor`."""
    motor = Motor(start, dial)
    for _ in range(losses):
        motor = motor.wound()
    values = sorted(set(dial))

    def check(answer: str) -> Feedback:
        path = [Motor(start, dial)]
        for _ in range(losses):
            path.append(path[-1].wound())
        steps = " → ".join(str(m.value) for m in path)
        over = " Past the last position the arrow comes back to 0: the energy is lost." if any(
            m.position == 0 for m in path[1:]) else ""
        if int(answer) == motor.value:
            return Feedback(True, f"The arrow goes {steps}.{over}")
        return Feedback(False, f"Count the positions: the arrow goes {steps}, so it shows {motor.value}.{over}")

    return Question(
        f"A motor shows {Motor(start, dial).value} (position {start} on the dial {list(dial)}). Its owner loses "
        f"{losses} more trick{'s' if losses != 1 else ''}. What does the motor show now?",
        tuple(str(v) for v in values),
        check,
        hint="Move the arrow one position for each lost trick; after the last position it comes back to 0.",
    )


def turbo_distance(lowest: int, motor_value: int) -> Question:
    """'How far does the winner go with the turbo?'"""

    total, plain = trick_move(lowest, motor_value, True), trick_move(lowest, motor_value, False)

    def check(answer: str) -> Feedback:
        if int(answer) == total:
            return Feedback(True, f"The lowest card gives {lowest} and the whole motor adds {motor_value}: {total} in all.")
        if int(answer) == plain:
            return Feedback(False, f"That is the move without the turbo. With it, the motor's whole {motor_value} is added: {total}.")
        return Feedback(False, f"The turbo is all or nothing: {lowest} for the lowest card plus all {motor_value} = {total}.")

    options = sorted({plain, motor_value, total, max(1, lowest + motor_value // 2)})
    return Question(
        f"You win a trick whose lowest card is {lowest}, and your motor shows {motor_value}. "
        "You use the turbo. How many empty spaces does your car count?",
        tuple(str(o) for o in options),
        check,
        hint="The turbo is all or nothing: the lowest card, and the motor's whole value on top.",
    )


def motor_quiz() -> Quiz:
    """Lesson 02: winding, over-winding and the turbo."""
    return Quiz(
        "The motor",
        [motor_value_after(3), motor_value_after(2, start=5), motor_value_after(2, start=7),
         turbo_distance(3, 7), turbo_distance(2, 16)],
    )


def where_does_it_end(track_text: str, positions: dict[str, int], mover: str, steps: int) -> Question:
    """'Where does the car end?' on a small track — judged by :func:`rally.move`."""
    track = Track.parse(track_text)
    result = move(track, positions, mover, steps)
    others = ", ".join(f"{car} on space {p % len(track)}" for car, p in positions.items() if car != mover)
    start = positions[mover]
    choices = sorted({result.space, (start + steps) % len(track), result.counted_end % len(track),
                      (result.space + 1) % len(track)})

    def check(answer: str) -> Feedback:
        text = result.describe()
        return Feedback(int(answer) == result.space, text)

    return Question(
        f"Track {track_text} (S start, . flat, D downhill, U uphill; spaces numbered from 0). "
        f"{mover} stands on space {start % len(track)}; {others}. {mover} moves {steps}. On which space does "
        f"{mover}'s car stop?",
        tuple(str(c) for c in choices),
        check,
        hint="Count only empty spaces, jump over cars, then see whether the move ends on a hill.",
    )


def moving_quiz() -> Quiz:
    """Lesson 03: counting, jumping and rolls."""
    return Quiz(
        "Moving and hills",
        [
            where_does_it_end("S.........", {"Ada": 2, "Bo": 4}, "Ada", 3),
            where_does_it_end("S....DD.....", {"Ada": 2, "Bo": 7}, "Ada", 3),
            where_does_it_end("S....U......", {"Ada": 1, "Bo": 4}, "Ada", 3),
            where_does_it_end("S..DD.......", {"Ada": 1, "Bo": 6, "Cy": 5}, "Ada", 2),
        ],
    )


def who_releases_first(positions: list[int], flag: int, names: tuple[str, ...] = NAMES) -> Question:
    """'Whose motor moves first at the round's end?' — judged by :func:`rally.release_order`."""
    players = names[: len(positions)]
    order = release_order(positions, flag)
    where = ", ".join(f"{p} {'on the grid' if pos == 0 else f'{pos} spaces along'}" for p, pos in zip(players, positions))

    def check(answer: str) -> Feedback:
        sequence = ", then ".join(players[s] for s in order)
        on_grid = [players[s] for s in order if positions[s] == 0]
        ties = (
            f" {join_words(on_grid)} are {'both' if len(on_grid) == 2 else 'all'} on the grid, so they go in seat "
            f"order starting with the seat after {players[flag]}, who holds the flag."
            if len(on_grid) > 1 else ""
        )
        return Feedback(answer == players[order[0]], f"Last place goes first: {sequence}.{ties}")

    return Question(
        f"The round's last trick is over. {where}. {players[flag]} holds the flag. Whose motor moves first?",
        players,
        check,
        hint="The car furthest behind moves first; cars on the grid go in turn from the player after the flag holder.",
    )


def round_end_quiz() -> Quiz:
    """Lesson 04: the release order and the flag. Each question is the end of a round
    of a seeded game of heuristic players (``tests/test_quizzes.py`` replays each one):
    the flag holder won the last trick, so that car has moved."""
    return Quiz(
        "End of a round",
        [
            who_releases_first([24, 46, 39, 19], flag=1),  # 4 players, seed 0, round 2
            who_releases_first([0, 17, 0, 15], flag=1),  # 4 players, seed 52, round 1
            who_releases_first([3, 0, 8, 19, 0], flag=3),  # 5 players, seed 2, round 1
        ],
    )


__all__ = [
    "start_quiz", "what_losers_do", "laps_to_win", "tricks_quiz", "motor_quiz", "moving_quiz", "round_end_quiz",
    "who_wins", "may_play", "motor_value_after", "turbo_distance", "where_does_it_end", "who_releases_first",
]
