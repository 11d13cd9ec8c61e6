"""What no real game of Stich Rallye could produce: the one place that says it.

:func:`state_problems` reads a :class:`~rally.stich_rallye.state.GameState` and names, one sentence
each, every way it breaks the rules' history: cards that cannot be where they are,
hands of the wrong size, a flag, motors or cars that the tricks so far cannot explain,
a turbo with nothing to choose, a game over without a winner the rules allow.
``Game.problems()`` asks it (and replays the event log, when there is one), and every
way into the engine goes through ``Game.problems()``. Each invariant is written down,
with the ruling it follows from, in ``docs/invariants.md`` (I1-I10).

A state reached by play has no problems; change one thing and it is named:

>>> from rally import Game
>>> game = Game.new(4, seed=3)
>>> for card in ["R2", "R7", "R4", "R12"]:
...     game.apply(card)
>>> game.motors
(1, 1, 1, 0)
>>> state_problems(game.state())
[]
>>> state_problems(game.state().replace(motors=(1, 2, 1, 0)))
["Bo's motor is at position 2. That takes 2 lost tricks since the round began or Bo's last turbo. But Bo can have lost at most 1 of the 1 trick completed this round."]
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from .cards import HAND_SIZES, ROUNDS, Card, Color, deck
from ..common.i18n import _, join_words, language, ngettext
from .movement import position_problems
from .round_end import leader
from .state import OVER, PLAY, TURBO, GameState
from .tricks import seat_and_lowest, winner_and_lowest


def state_problems(state: GameState, lang: str | None = None) -> list[str]:
    """Every reason no real game could reach ``state``, as sentences (``[]`` if none), in
    ``lang`` (default: the language spoken, :mod:`rally.common.i18n`).

    Cards and hand sizes come first: when they are wrong, the later checks (which read
    the tricks from them) are not asked."""
    with language(lang):
        problems = _card_problems(state)
        if problems:
            return problems
        return (_following_problems(state) + _car_problems(state) + _flag_problems(state)
                + _motor_problems(state) + _turbo_problems(state) + _end_problems(state))


def _trick_winner(state: GameState) -> int | None:
    """The seat that won the current trick, if it is complete."""
    if len(state.trick) < state.players:
        return None
    return seat_and_lowest([c.code for c in state.trick], state.flag, state.players)[0]


def _trick_seats(state: GameState) -> list[int]:
    return [(state.flag + i) % state.players for i in range(len(state.trick))]


# ------------------------------------------------------------------ I1-I3: cards
def repeated_cards(cards: Iterable[Card]) -> list[str]:
    """I1's first half: a problem for each card given more than once (every card exists once, S2).

    >>> from rally.stich_rallye.cards import parse_cards
    >>> repeated_cards(parse_cards("B8 G3 B8"))
    ['B8 appears 2 times; every card exists once.']
    """
    return [ngettext("{card} appears {n} time; every card exists once.",
                     "{card} appears {n} times; every card exists once.", count).format(card=card, n=count)
            for card, count in sorted(Counter(cards).items()) if count > 1]


def _card_problems(state: GameState) -> list[str]:
    """I1 every card in play, once (S2, S3); I2 tricks and hand sizes (S1, S3); I3 the
    phase against the trick (S5, S8, S12, S13)."""
    n, names = state.players, state.names
    problems: list[str] = []
    in_play = deck(n)
    everything: list[Card] = [c for h in state.hands for c in h] + list(state.trick) + list(state.discards)
    problems.extend(repeated_cards(everything))
    for card in sorted(set(everything)):
        if card not in in_play:
            problems.append(_("{card} is not in play with {players} players (values {low}-{high}).").format(
                card=card, players=n, low=in_play[0].value, high=in_play[-1].value))
    k = HAND_SIZES[state.round - 1]
    done = state.tricks_done
    if len(state.discards) % n:
        problems.append(ngettext("{cards} card from earlier tricks cannot be whole tricks of {players}.",
                                 "{cards} cards from earlier tricks cannot be whole tricks of {players}.",
                                 len(state.discards)).format(cards=len(state.discards), players=n))
    elif done > k:
        problems.append(ngettext("Round {round} has {tricks} tricks, but {done} are listed as done.",
                                 "Round {round} has {tricks} tricks, but {done} are listed as done.", done).format(
            round=state.round, tricks=k, done=done))
    else:
        seats = _trick_seats(state)
        for s in range(n):
            expected = k - done - (1 if s in seats else 0)
            held = len(state.hands[s])
            if held != expected:
                # TRANSLATORS: goes into "(round 2 deals 7, {done})", see below.
                tricks_done = ngettext("{n} trick done", "{n} tricks done", done).format(n=done)
                if s in seats:
                    # TRANSLATORS: {done} is "1 trick done", "3 tricks done".
                    template = ngettext(
                        "{name} holds {n} card but should hold {expected} "
                        "(round {round} deals {dealt}, {done}, and a card in this trick).",
                        "{name} holds {n} cards but should hold {expected} "
                        "(round {round} deals {dealt}, {done}, and a card in this trick).", held)
                else:
                    # TRANSLATORS: {done} is "1 trick done", "3 tricks done".
                    template = ngettext("{name} holds {n} card but should hold {expected} "
                                        "(round {round} deals {dealt}, {done}).",
                                        "{name} holds {n} cards but should hold {expected} "
                                        "(round {round} deals {dealt}, {done}).", held)
                problems.append(template.format(name=names[s], n=held, expected=expected, round=state.round,
                                                dealt=k, done=tricks_done))
    complete = len(state.trick) == n
    if state.phase == TURBO and not complete:
        problems.append(_("The turbo choice comes only after a complete trick, and this one is not complete."))
    if state.phase == PLAY and complete:
        problems.append(_("A complete trick is settled at once: its winner moves or chooses the turbo."))
    if state.phase == PLAY and not problems and done == k:
        problems.append(_("Every trick of round {round} is done, so the round is over: "
                          "the motors move the cars, then the next round is dealt or the game ends.").format(
            round=state.round))
    if state.phase == OVER and not complete and not (not state.trick and done == k):
        problems.append(_("A game ends only when a car moves: after a complete trick or at a round's end, "
                          "not with a trick half played or tricks still to play."))
    return problems


# ------------------------------------------------------------------ I4: following
def _following_problems(state: GameState) -> list[str]:
    """I4: a card off the lead color means its player had none (S4)."""
    if not state.trick:
        return []
    lead = state.trick[0].color
    problems = []
    for seat, card in zip(_trick_seats(state)[1:], state.trick[1:]):
        if card.color != lead and any(c.color == lead for c in state.hands[seat]):
            problems.append(_("{name} played {card} but still holds {color}: they had to follow.").format(
                name=state.names[seat], card=card, color=lead.word))
    return problems


# ------------------------------------------------------------------ I4b: showing out
def earlier_tricks(played: Sequence[Card], flag: int, players: int) -> list[tuple[int, tuple[Card, ...]]]:
    """The earlier tricks of a round, each with the seat that led it, from their cards
    in the order played (a whole number of tricks) and the flag holder now.

    The flag holder leads the trick on the table and won the last finished trick (S1,
    S5); a trick's winner sits as far after its leader as the winning card lies after
    the first, so each leader is read back from the trick after it.

    >>> from rally import examples
    >>> game = examples.played(4, 3, 9)          # two tricks of a seeded game are done
    >>> [str(c) for c in game.discards], game.flag
    (['R2', 'R7', 'R4', 'R12', 'G2', 'G9', 'G5', 'B5'], 2)
    >>> [(leader, len(cards)) for leader, cards in earlier_tricks(game.discards, game.flag, 4)]
    [(0, 4), (3, 4)]
    >>> shown_out(game.discards, game.trick, game.flag, 4)   # Cy played B5 on a green lead in trick 2
    {2: {<Color.GREEN: 1>: (2, Card.parse('B5'))}}
    """
    tricks = [tuple(played[i:i + players]) for i in range(0, len(played) - players + 1, players)]
    led: list[int] = []
    leader = flag
    for trick in reversed(tricks):
        index = winner_and_lowest([c.code for c in trick])[0]
        leader = (leader - index) % players
        led.append(leader)
    return list(zip(reversed(led), tricks))


def shown_out(played: Sequence[Card], trick: Sequence[Card], flag: int, players: int
              ) -> dict[int, dict[Color, tuple[int, Card]]]:
    """Who showed out of which color this round: for each seat, each color it did not
    follow, with the trick (1, 2, ... this round; the trick on the table last) and the
    card it played instead. A player who does not follow has none of the lead color
    (S4), and no card comes back into a hand during a round, so the fact holds for the
    rest of the round. ``played`` holds the earlier tricks' cards in the order played,
    all of them."""
    tricks = earlier_tricks(played, flag, players) + [(flag, tuple(trick))]
    found: dict[int, dict[Color, tuple[int, Card]]] = {}
    for number, (leader, cards) in enumerate(tricks, start=1):
        if not cards:
            continue
        lead = cards[0].color
        for i, card in enumerate(cards[1:], start=1):
            if card.color != lead:
                found.setdefault((leader + i) % players, {}).setdefault(lead, (number, card))
    return found


def shown_out_problems(played: Sequence[Card], trick: Sequence[Card], flag: int,
                       hands: Sequence[Sequence[Card] | None], names: Sequence[str]) -> list[str]:
    """I4b: a player who showed out of a color plays none of it later in the round and
    holds none of it (``hands[seat]`` is ``None`` when unknown)."""
    n = len(names)
    tricks = earlier_tricks(played, flag, n) + [(flag, tuple(trick))]
    problems: list[str] = []
    for seat, colors in sorted(shown_out(played, trick, flag, n).items()):
        for color, (number, instead) in colors.items():
            facts = {"name": names[seat], "color": color.word, "trick": number, "instead": instead}
            for later, (leader, cards) in enumerate(tricks[number:], start=number + 1):
                for i, card in enumerate(cards):
                    if (leader + i) % n == seat and card.color == color:
                        problems.append(_("{name} played {instead} on a {color} lead in trick {trick}, so had no "
                                          "{color} left; yet {name} played {card} in trick {later}.").format(
                            card=card, later=later, **facts))
            held = [c for c in hands[seat] or () if c.color == color]
            if held:
                problems.append(_("{name} played {instead} on a {color} lead in trick {trick}, so had no {color} "
                                  "left; yet {name}'s hand holds {cards}.").format(
                    cards=" ".join(map(str, held)), **facts))
    return problems


# ------------------------------------------------------------------ I5: cars
def _car_problems(state: GameState) -> list[str]:
    """I5: cars rest on flat spaces, one a space (S6, S9); a car round twice ends the game (S13)."""
    problems = position_problems(state.track, dict(zip(state.names, state.positions)))
    twice = [s for s, p in enumerate(state.positions) if p >= 2 * len(state.track)]
    if twice and state.phase != OVER:
        problems.append(ngettext("{names} has gone round twice, so the game should be over.",
                                 "{names} have gone round twice, so the game should be over.", len(twice)).format(
            names=join_words([state.names[s] for s in twice])))
    return problems


# ------------------------------------------------------------------ I6: the flag
def _flag_problems(state: GameState) -> list[str]:
    """I6: before a round's first trick is settled, the flag is where the round began
    with it: the first player in round 1 (S1), the car in front in later rounds (S12)."""
    if state.tricks_done or state.phase == OVER:
        return []
    names = state.names
    if state.round == 1 and state.flag != state.first_player:
        return [_("No trick of round 1 is finished, so the flag is still with the first player, "
                  "{first}, not {flag}.").format(first=names[state.first_player], flag=names[state.flag])]
    best = max(state.positions)
    if state.round > 1 and state.positions[state.flag] != best:
        front = names[leader(state.positions, state.flag)]
        return [_("No trick of round {round} is finished, so the flag is still with the car that was in front "
                  "after the motors, {front}, not {flag}.").format(round=state.round, front=front,
                                                                   flag=names[state.flag])]
    return []


# ------------------------------------------------------------------ I7: motors
def _motor_problems(state: GameState) -> list[str]:
    """I7: each motor position counts the tricks its player lost since the round began
    or its last turbo (S11, S8); the tricks' winners must add up (S5); in round 1 a car
    off the grid won a trick (S6), and the flag holder won the last trick (S1)."""
    if state.phase == OVER:
        return []  # a win can come in the middle of the motors' release: positions then tell nothing more
    n, names, dial = state.players, state.names, state.dial
    done = state.tricks_done
    current = _trick_winner(state)
    total = done + (current is not None)  # tricks whose losers have wound
    must_win: list[list[str]] = [[] for _ in range(n)]  # why each seat won one of the finished tricks
    if done:
        # TRANSLATORS: one of the reasons listed after "... must have been won: ".
        must_win[state.flag].append(_("{name} holds the flag, so won the last finished trick").format(
            name=names[state.flag]))
    if state.round == 1:
        for s in range(n):
            if state.positions[s] > 0 and not must_win[s]:
                # TRANSLATORS: one of the reasons listed after "... must have been won: ".
                must_win[s].append(_("{name}'s car left the grid, which in round 1 only a won trick does").format(
                    name=names[s]))
    low = [len(w) for w in must_win]
    if sum(low) > done:
        reasons = [why for w in must_win for why in w]
        if not done:
            # TRANSLATORS: {reasons} are the reasons, each one of the two above, joined by "; ".
            template = ngettext("No trick of round {round} is finished yet, but {count} must have been won: "
                                "{reasons}.",
                                "No trick of round {round} is finished yet, but {count} must have been won: "
                                "{reasons}.", len(reasons))
        else:
            # TRANSLATORS: {reasons} are the reasons, each one of the two above, joined by "; ".
            template = ngettext("Only {done} trick of round {round} is finished, but {count} must have been won: "
                                "{reasons}.",
                                "Only {done} tricks of round {round} are finished, but {count} must have been won: "
                                "{reasons}.", done)
        return [template.format(round=state.round, done=done, count=len(reasons), reasons="; ".join(reasons))]
    problems: list[str] = []
    high = []
    for s in range(n):
        m = state.motors[s]
        trailing = _trailing_losses(s, state.flag, done, current)
        winds = trailing + (m - trailing) % len(dial)  # the fewest winds that leave the arrow at m
        won_now = 1 if s == current else 0
        can_lose = total - low[s] - won_now
        high.append(total - winds - won_now)
        if winds > can_lose:
            problems.append(_motor_sentence(names[s], m, trailing, winds, can_lose, total, len(dial)))
    if not problems and sum(high) < done:
        problems.append(ngettext("The motors show too many lost tricks: each of the {done} finished trick of "
                                 "round {round} was won by someone, but the motor positions leave room for only "
                                 "{won} won.",
                                 "The motors show too many lost tricks: each of the {done} finished tricks of "
                                 "round {round} was won by someone, but the motor positions leave room for only "
                                 "{won} won.", done).format(done=done, round=state.round, won=sum(high)))
    return problems


def _trailing_losses(seat: int, flag: int, done: int, current: int | None) -> int:
    """How many of the latest tricks ``seat`` surely lost in a row: the current complete
    trick (won by ``current``), then the last finished one (won by the flag holder)."""
    count = 0
    if current is not None:
        if current == seat:
            return 0
        count += 1
    if done and flag != seat:
        count += 1
    return count


def _motor_sentence(name: str, m: int, trailing: int, winds: int, can_lose: int, total: int, size: int) -> str:
    # TRANSLATORS: {bound} in the sentences below: the part after "but".
    bound = ngettext("{name} can have lost at most {can_lose} of the {total} trick completed this round",
                     "{name} can have lost at most {can_lose} of the {total} tricks completed this round",
                     total).format(name=name, can_lose=can_lose, total=total)
    facts = {"name": name, "m": m, "trailing": trailing, "winds": winds, "last": size - 1, "bound": bound}
    if winds == m:
        # TRANSLATORS: {bound} is "Ada can have lost at most 1 of the 2 tricks completed this round".
        return ngettext("{name}'s motor is at position {m}. That takes {m} lost trick since the round began "
                        "or {name}'s last turbo. But {bound}.",
                        "{name}'s motor is at position {m}. That takes {m} lost tricks since the round began "
                        "or {name}'s last turbo. But {bound}.", m).format(**facts)
    if trailing == 1:
        # TRANSLATORS: {bound} is "Ada can have lost at most 1 of the 2 tricks completed this round".
        template = ngettext("{name} lost the last trick. So the motor was wound at least once since the round "
                            "began or {name}'s last turbo. To stand at position {m} again, it needs {winds} wind "
                            "(the arrow goes back to 0 after position {last}). But {bound}.",
                            "{name} lost the last trick. So the motor was wound at least once since the round "
                            "began or {name}'s last turbo. To stand at position {m} again, it needs {winds} winds "
                            "(the arrow goes back to 0 after position {last}). But {bound}.", winds)
    elif trailing == 2:
        # TRANSLATORS: {bound} is "Ada can have lost at most 1 of the 2 tricks completed this round".
        template = ngettext("{name} lost the last 2 tricks. So the motor was wound at least twice since the round "
                            "began or {name}'s last turbo. To stand at position {m} again, it needs {winds} wind "
                            "(the arrow goes back to 0 after position {last}). But {bound}.",
                            "{name} lost the last 2 tricks. So the motor was wound at least twice since the round "
                            "began or {name}'s last turbo. To stand at position {m} again, it needs {winds} winds "
                            "(the arrow goes back to 0 after position {last}). But {bound}.", winds)
    else:
        # TRANSLATORS: {bound} is "Ada can have lost at most 1 of the 2 tricks completed this round".
        template = ngettext("{name} lost the last {trailing} trick. So the motor was wound at least {trailing} "
                            "time since the round began or {name}'s last turbo. To stand at position {m} again, it "
                            "needs {winds} winds (the arrow goes back to 0 after position {last}). But {bound}.",
                            "{name} lost the last {trailing} tricks. So the motor was wound at least {trailing} "
                            "times since the round began or {name}'s last turbo. To stand at position {m} again, it "
                            "needs {winds} winds (the arrow goes back to 0 after position {last}). But {bound}.",
                            trailing)
    return template.format(**facts)


# ------------------------------------------------------------------ I8: the turbo
def _turbo_problems(state: GameState) -> list[str]:
    """I8: the turbo is offered only to a trick's winner whose motor is above 0 (S8)."""
    current = _trick_winner(state)
    if state.phase != TURBO or current is None or state.dial[state.motors[current]] > 0:
        return []
    return [_("{name} won the trick with an empty motor, so there is no turbo to choose.").format(
        name=state.names[current])]


# ------------------------------------------------------------------ I9-I10: the end
def _end_problems(state: GameState) -> list[str]:
    """I9: only a finished game has a winner; I10: the winner and the moment the game
    ended are the ones the rules give (S13)."""
    names, n = state.names, state.players
    if state.phase != OVER:
        return [] if state.winner is None else [_("Only a finished game has a winner.")]
    if state.winner is None:
        return [_("A finished game has a winner.")]
    winner = names[state.winner]
    twice = [s for s in range(n) if state.positions[s] >= 2 * len(state.track)]
    if len(twice) > 1:
        return [_("{names} have all gone round twice, but the game ends at once when the first does.").format(
            names=join_words([names[s] for s in twice]))]
    if twice:
        if twice[0] != state.winner:
            return [_("{name} has gone round twice, so {name} won, not {winner}.").format(
                name=names[twice[0]], winner=winner)]
        current = _trick_winner(state)
        if current is not None and current != state.winner:
            return [_("The game ended with a complete trick on the table, so it ended with that trick's move, "
                      "and {name} won that trick, not {winner}.").format(name=names[current], winner=winner)]
        return []
    problems = []
    if state.round != ROUNDS or state.trick or any(state.hands):
        problems.append(_("Nobody has gone round twice, so the game can only be over after round {round}'s "
                          "motors have moved, with every card played.").format(round=ROUNDS))
    if any(state.motors):
        problems.append(_("After the last round every motor has moved its car and is back at 0."))
    if state.positions[state.winner] != max(state.positions):
        problems.append(_("After round {round} the car in front wins, and that is not {winner}.").format(
            round=ROUNDS, winner=winner))
    elif state.flag != state.winner:
        problems.append(_("After the last round the car in front, {winner}, takes the flag.").format(winner=winner))
    return problems


__all__ = ["state_problems"]
