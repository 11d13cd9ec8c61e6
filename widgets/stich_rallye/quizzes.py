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
    DEFAULT_DIAL, DEFAULT_NAMES, Card, FlagTaken, Game, GameWon, HeuristicBot, LapCompleted, Motor, MotorWound,
    Moved, RoundEnded, Track, TrickWon, TurboUsed,
    deck, explain_trick, move, parse_cards, play_until, release_order, trick_move, why_illegal,
)
from rally.cards import format_cards
from rally.i18n import join_words
from rally.replay import round_end_span

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


def cards_in_play(players: int) -> Question:
    """'Which values are in play with N players?' — judged by :func:`rally.deck`."""
    decks = {n: deck(n) for n in (3, 4, 5)}
    spans = {n: (min(c.value for c in cards), max(c.value for c in cards)) for n, cards in decks.items()}
    low, high = spans[players]

    def check(answer: str) -> Feedback:
        return Feedback(answer == f"{low} to {high}", f"With {players} players the values {low} to {high} are in play, "
                                                     f"in each of the three colors: {len(decks[players])} cards.")

    return Question(f"{players} people sit down to play. Which card values are in play?",
                    tuple(f"{a} to {b}" for a, b in spans.values()), check,
                    hint="Fewer players use fewer cards. Choose that many players on the table above and read "
                         "the cards step.")


def who_plays_first(players: int, seed: int, flag: int) -> Question:
    """'Who plays the first card?' for a game whose flag went to seat ``flag`` — judged by
    the game rally deals."""
    game = Game.new(players, seed=seed, first_player=flag)
    first = game.names[game.current_player]

    def check(answer: str) -> Feedback:
        return Feedback(answer == first, f"{first} holds the flag, and the flag holder plays the first card.")

    return Question(f"{players} players set up the box, and this time {game.names[flag]} takes the flag. "
                    "Who plays the first card?", game.names, check,
                    hint="Read the flag step of the set-up: what does the flag holder do?")


def start_quiz() -> Quiz:
    """Lesson 00: a first look, on the set-up and the game's big ideas. The game asked
    about is the lesson's own (four careful players, seed 1)."""
    return Quiz(
        "A first look",
        [
            cards_in_play(5),
            who_plays_first(4, 1, flag=2),
            what_losers_do(4, 1),
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


def who_leads_next(players: int, seed: int, number: int) -> Question:
    """'Who plays first in the next trick?' — judged by the flag event rally logs after
    trick ``number`` of a seeded game."""
    game = _careful_game(players, seed, lambda g: sum(isinstance(e, FlagTaken) for e in g.events) >= number)
    flag = [e for e in game.events if isinstance(e, FlagTaken)][number - 1]
    trick = [e for e in game.events if isinstance(e, TrickWon)][number - 1]  # the trick that flag follows
    plays = ", ".join(f"{NAMES[s]} {c}" for s, c in zip(trick.seats, trick.cards))

    def check(answer: str) -> Feedback:
        return Feedback(answer == NAMES[flag.seat], flag.describe(NAMES))

    return Question(f"In this trick {plays} were played, in that order. Who plays the first card of the next trick?",
                    tuple(NAMES[s] for s in sorted(trick.seats)), check,
                    hint="Who won the trick? The winner takes the flag.")


def tricks_quiz() -> Quiz:
    """Lesson 01: who wins, who leads next, and what may be played. Every trick and hand
    was played in a seeded game of careful players (``tests/test_quizzes.py`` replays each
    one), and none is shown in the lesson above the quiz."""
    return Quiz(
        "Who wins?",
        [
            who_wins_played(4, 28, 3),
            who_wins_played(3, 1, 1),
            who_wins_played(4, 4, 3),
            who_leads_next(5, 3, 3),
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
        f"The dial reads {', '.join(str(v) for v in dial)} clockwise. A motor's arrow is at position {start}, "
        f"showing {Motor(start, dial).value}. Its owner loses "
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
        [motor_value_after(3, start=2), motor_value_after(2, start=5), motor_value_after(2, start=7),
         turbo_distance(3, 7), turbo_distance(2, 16)],
    )


def track_in_words(track: Track) -> str:
    """A small track as a learner would read it off the board: its spaces, counted from
    the start/finish, and which are hills. ``"A track of 12 spaces, counted clockwise
    from the start/finish (space 0) to space 11; spaces 4 and 5 are downhill (blue), all
    the others flat."``"""
    n = len(track)

    def spaces(kind: str, word: str) -> str | None:
        found = [str(i) for i, k in enumerate(track.kinds) if k.word == kind]
        if not found:
            return None
        return f"space{'s' if len(found) > 1 else ''} {join_words(found)} {'are' if len(found) > 1 else 'is'} {word}"

    hills = [h for h in (spaces("downhill", "downhill (blue)"), spaces("uphill", "uphill (red)")) if h]
    kinds = f"; {join_words(hills)}, all the others flat" if hills else ", with no hills"
    return f"A track of {n} spaces, counted clockwise from the start/finish (space 0) to space {n - 1}{kinds}."


def where_does_it_end(track_text: str, positions: dict[str, int], mover: str, steps: int,
                      hint: str = "Count only empty spaces, jump over cars, then see whether the move ends on a hill.",
                      decoys: tuple[int, ...] = ()) -> Question:
    """'Where does the car stop?' on a small track — judged by :func:`rally.move`.

    The track is described in board words (:func:`track_in_words`); ``decoys`` are wrong
    spaces to offer besides the usual slips (counting the cars, stopping on the hill).
    """
    track = Track.parse(track_text)
    result = move(track, positions, mover, steps)  # refuses positions a game cannot reach (S6, S9)
    n = len(track)

    def where(car: str) -> str:
        p = positions[car]
        return f"{car} waits on the starting grid" if p == 0 else f"{car} stands on space {p % n}"

    others = [where(car) for car in positions if car != mover]
    start = positions[mover]
    wrong = {(start + steps) % n, result.counted_end % n, (result.space + 1) % n, *(d % n for d in decoys)}
    choices = sorted(wrong | {result.space})

    def check(answer: str) -> Feedback:
        return Feedback(int(answer) == result.space, result.describe())

    return Question(
        f"{track_in_words(track)} {join_words([where(mover), *others])}. {mover} moves {steps}. "
        f"On which space does {mover}'s car stop?",
        tuple(str(c) for c in choices),
        check,
        hint=hint,
    )


def moving_quiz() -> Quiz:
    """Lesson 03: driving clockwise, counting, jumping and rolls. Every position is made
    by :func:`rally.move` on a small track, and none is one the lesson shows."""
    return Quiz(
        "Moving and hills",
        [
            where_does_it_end("S...........", {"Ada": 6, "Bo": 3, "Cy": 9}, "Ada", 2, decoys=(4,),
                              hint="Cars drive one way only: clockwise, toward the higher space numbers."),
            where_does_it_end("S..........", {"Ada": 3, "Bo": 4, "Cy": 5}, "Ada", 2, decoys=(6,),
                              hint="A space with a car on it is jumped and not counted, whoever is there."),
            where_does_it_end("S....U.......", {"Ada": 2, "Bo": 9}, "Ada", 4, decoys=(4,),
                              hint="A hill only matters where the move ends; passing over it changes nothing."),
            where_does_it_end("S...DD........", {"Ada": 1, "Bo": 6, "Cy": 7}, "Ada", 3, decoys=(6,),
                              hint="Ending on a downhill space, the car rolls on to the first empty flat space "
                                   "after the hill."),
            where_does_it_end("S.....UU.....", {"Ada": 2, "Bo": 5}, "Ada", 4,
                              hint="Jump the car on the way, then: ending on an uphill space, the car rolls back "
                                   "to the last empty flat space before the hill."),
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
    right = (f"{winner}'s car moves for the trick and the others wind up, as after every trick"
             if moved and wound == [s for s in range(players) if s != won.seat] else "The motors move at once")
    said = " ".join(game.describe(e) for e in before if isinstance(e, (Moved, MotorWound, TurboUsed)))

    def check(answer: str) -> Feedback:
        return Feedback(answer == right, f"The last trick is played out like any other: {said} Only then do "
                                         "the motors move.")

    return Question(
        f"Round {round_number}: {winner} wins the round's last trick, and every hand is now empty. What happens "
        "next, before the motors move the cars?",
        (f"{winner}'s car moves for the trick and the others wind up, as after every trick",
         "The motors move at once", f"Only {winner}'s motor moves"), check,
        hint="Is the last trick any different from the tricks before it?")


def exact_finish(players: int, seed: int) -> Question:
    """'Does landing exactly on the finish space complete a lap?' — judged by the first
    such move of a seeded game of careful players (S13)."""
    game = _careful_game(players, seed, lambda g: False)
    n = len(game.track)
    at = next(i for i, e in enumerate(game.events)
              if isinstance(e, Moved) and e.move.final in (n, 2 * n) and e.move.roll is None)
    moved = game.events[at]
    assert isinstance(moved, Moved)
    lap = moved.move.final // n
    completed = any(isinstance(e, LapCompleted) and e.seat == moved.seat and e.lap == lap
                    for e in game.events[at + 1:at + 3])
    name = game.names[moved.seat]
    right = "Yes: landing on the finish space counts" if completed else "No: the car must go past it"

    def check(answer: str) -> Feedback:
        return Feedback(answer == right, game.describe(moved) + " " + " ".join(
            game.describe(e) for e in game.events[at + 1:at + 2] if isinstance(e, LapCompleted)))

    return Question(
        f"{name}'s car stands on space {moved.move.start % n}, in lap {lap}, and moves {moved.move.steps}: it stops "
        f"exactly on the start/finish space. Has {name} completed lap {lap}?",
        ("Yes: landing on the finish space counts", "No: the car must go past it"), check,
        hint="Crossing the finish line means reaching the start/finish space: is stopping on it reaching it?")


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
            last_trick_first(4, 3, 1),
            exact_finish(3, 9),
        ],
    )


__all__ = [
    "start_quiz", "what_losers_do", "laps_to_win", "tricks_quiz", "motor_quiz", "moving_quiz", "round_end_quiz",
    "who_wins", "may_play", "motor_value_after", "turbo_distance", "where_does_it_end", "track_in_words", "who_releases_first",
]
