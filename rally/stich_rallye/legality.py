"""What no real game of Stich Rallye could produce: the one place that says it.

:func:`state_problems` reads a :class:`~rally.stich_rallye.state.GameState` and names, one sentence
each, every way it breaks the rules' history: cards that cannot be where they are,
hands of the wrong size, a flag, motors or cars that the tricks so far cannot explain,
a turbo with nothing to choose, a game over without a winner the rules allow.
``Game.problems()`` asks it (and replays the event log, when there is one), and every
way into the engine goes through ``Game.problems()``. Each invariant is written down,
with the ruling it follows from, in ``docs/invariants.md`` (I1-I10).

Each problem is a value first (:func:`state_issues`): a
:class:`~rally.common.problem.Problem` with the invariant's code (``I7.motor``) and its
facts, worded beside its check (:func:`~rally.common.refusal.wording`) only when asked.
A state reached by play has no problems; change one thing and it is named:

>>> from rally import Game
>>> game = Game.new(4, seed=3)
>>> for card in ["R2", "R7", "R4", "R12"]:
...     game.apply(card)
>>> game.motors
(1, 1, 1, 0)
>>> state_problems(game.state())
[]
>>> [(p.code, p.facts["seat"], p.facts["winds"]) for p in state_issues(game.state().replace(motors=(1, 2, 1, 0)))]
[('I7.motor', 1, 2)]
>>> state_problems(game.state().replace(motors=(1, 2, 1, 0)))
["Bo's motor is at position 2. That takes 2 lost tricks since the round began or Bo's last turbo. But Bo can have lost at most 1 of the 1 trick completed this round."]
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .cards import HAND_SIZES, ROUNDS, Card, Color, deck
from ..common.i18n import _, join_words, language, ngettext
from ..common.problem import Problem
from ..common.refusal import wording
from .movement import position_issues
from .round_end import leader
from .state import OVER, PLAY, TURBO, GameState
from .tricks import seat_and_lowest, winner_and_lowest


def state_problems(state: GameState, lang: str | None = None) -> list[str]:
    """Every reason no real game could reach ``state``, as sentences (``[]`` if none), in
    ``lang`` (default: the language spoken, :mod:`rally.common.i18n`): :func:`state_issues`
    worded."""
    with language(lang):
        return [p.words() for p in state_issues(state)]


def state_issues(state: GameState) -> list[Problem]:
    """Every reason no real game could reach ``state``, as values (``[]`` if none): each
    a :class:`~rally.common.problem.Problem` with its invariant's code (``docs/invariants.md``).

    Cards and hand sizes come first: when they are wrong, the later checks (which read
    the tricks from them) are not asked."""
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
    """I1's first half: a problem for each card given more than once (every card exists
    once, S2), as sentences: :func:`repeated_card_issues` worded.

    >>> from rally.stich_rallye.cards import parse_cards
    >>> repeated_cards(parse_cards("B8 G3 B8"))
    ['B8 appears 2 times; every card exists once.']
    """
    return [p.words() for p in repeated_card_issues(cards)]


def repeated_card_issues(cards: Iterable[Card]) -> list[Problem]:
    """I1's first half as values: ``I1.repeated`` with the card and how often it appears.

    >>> from rally.stich_rallye.cards import parse_cards
    >>> [(p.code, str(p.facts["card"]), p.facts["count"]) for p in repeated_card_issues(parse_cards("B8 G3 B8"))]
    [('I1.repeated', 'B8', 2)]
    """
    return [Problem("I1.repeated", {"card": card, "count": count})
            for card, count in sorted(Counter(cards).items()) if count > 1]


@wording("I1.repeated")
def _repeated(facts: Mapping[str, Any]) -> str:
    return ngettext("{card} appears {n} time; every card exists once.",
                    "{card} appears {n} times; every card exists once.", facts["count"]).format(
        card=facts["card"], n=facts["count"])


def _card_problems(state: GameState) -> list[Problem]:
    """I1 every card in play, once (S2, S3); I2 tricks and hand sizes (S1, S3); I3 the
    phase against the trick (S5, S8, S12, S13)."""
    n, names = state.players, state.names
    in_play = deck(n)
    everything: list[Card] = [c for h in state.hands for c in h] + list(state.trick) + list(state.discards)
    problems = repeated_card_issues(everything)
    for card in sorted(set(everything)):
        if card not in in_play:
            problems.append(Problem("I1.not_in_play", {"card": card, "players": n, "low": in_play[0].value,
                                                       "high": in_play[-1].value}))
    k = HAND_SIZES[state.round - 1]
    done = state.tricks_done
    if len(state.discards) % n:
        problems.append(Problem("I2.split", {"cards": len(state.discards), "players": n}))
    elif done > k:
        problems.append(Problem("I2.too_many", {"round": state.round, "tricks": k, "done": done}))
    else:
        seats = _trick_seats(state)
        for s in range(n):
            expected = k - done - (1 if s in seats else 0)
            held = len(state.hands[s])
            if held != expected:
                problems.append(Problem("I2.hand", {
                    "seat": s, "name": names[s], "held": held, "expected": expected, "round": state.round,
                    "dealt": k, "done": done, "in_trick": s in seats}))
    complete = len(state.trick) == n
    if state.phase == TURBO and not complete:
        problems.append(Problem("I3.turbo"))
    if state.phase == PLAY and complete:
        problems.append(Problem("I3.unsettled"))
    if state.phase == PLAY and not problems and done == k:
        problems.append(Problem("I3.round_over", {"round": state.round}))
    if state.phase == OVER and not complete and not (not state.trick and done == k):
        problems.append(Problem("I3.over_midway"))
    return problems


@wording("I1.not_in_play")
def _not_in_play(facts: Mapping[str, Any]) -> str:
    return _("{card} is not in play with {players} players (values {low}-{high}).").format(**facts)


@wording("I2.split")
def _split(facts: Mapping[str, Any]) -> str:
    return ngettext("{cards} card from earlier tricks cannot be whole tricks of {players}.",
                    "{cards} cards from earlier tricks cannot be whole tricks of {players}.",
                    facts["cards"]).format(**facts)


@wording("I2.too_many")
def _too_many(facts: Mapping[str, Any]) -> str:
    return ngettext("Round {round} has {tricks} tricks, but {done} are listed as done.",
                    "Round {round} has {tricks} tricks, but {done} are listed as done.", facts["done"]).format(**facts)


@wording("I2.hand")
def _hand_size(facts: Mapping[str, Any]) -> str:
    held, done = facts["held"], facts["done"]
    # TRANSLATORS: goes into "(round 2 deals 7, {done})", see below.
    tricks_done = ngettext("{n} trick done", "{n} tricks done", done).format(n=done)
    if facts["in_trick"]:
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
    return template.format(name=facts["name"], n=held, expected=facts["expected"], round=facts["round"],
                           dealt=facts["dealt"], done=tricks_done)


@wording("I3.turbo")
def _turbo_early(facts: Mapping[str, Any]) -> str:
    return _("The turbo choice comes only after a complete trick, and this one is not complete.")


@wording("I3.unsettled")
def _unsettled(facts: Mapping[str, Any]) -> str:
    return _("A complete trick is settled at once: its winner moves or chooses the turbo.")


@wording("I3.round_over")
def _round_over(facts: Mapping[str, Any]) -> str:
    return _("Every trick of round {round} is done, so the round is over: "
             "the motors move the cars, then the next round is dealt or the game ends.").format(round=facts["round"])


@wording("I3.over_midway")
def _over_midway(facts: Mapping[str, Any]) -> str:
    return _("A game ends only when a car moves: after a complete trick or at a round's end, "
             "not with a trick half played or tricks still to play.")


# ------------------------------------------------------------------ I4: following
def _following_problems(state: GameState) -> list[Problem]:
    """I4: a card off the lead color means its player had none (S4)."""
    if not state.trick:
        return []
    lead = state.trick[0].color
    problems = []
    for seat, card in zip(_trick_seats(state)[1:], state.trick[1:]):
        if card.color != lead and any(c.color == lead for c in state.hands[seat]):
            problems.append(Problem("I4", {"seat": seat, "name": state.names[seat], "card": card, "color": lead}))
    return problems


@wording("I4")
def _not_followed(facts: Mapping[str, Any]) -> str:
    return _("{name} played {card} but still holds {color}: they had to follow.").format(
        name=facts["name"], card=facts["card"], color=facts["color"].word)


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


def shown_out_issues(played: Sequence[Card], trick: Sequence[Card], flag: int,
                       hands: Sequence[Sequence[Card] | None], names: Sequence[str]) -> list[Problem]:
    """I4b: a player who showed out of a color plays none of it later in the round
    (``I4b.played``) and holds none of it (``I4b.held``; ``hands[seat]`` is ``None`` when
    unknown)."""
    n = len(names)
    tricks = earlier_tricks(played, flag, n) + [(flag, tuple(trick))]
    problems: list[Problem] = []
    for seat, colors in sorted(shown_out(played, trick, flag, n).items()):
        for color, (number, instead) in colors.items():
            facts = {"seat": seat, "name": names[seat], "color": color, "trick": number, "instead": instead}
            for later, (leader, cards) in enumerate(tricks[number:], start=number + 1):
                for i, card in enumerate(cards):
                    if (leader + i) % n == seat and card.color == color:
                        problems.append(Problem("I4b.played", {**facts, "card": card, "later": later}))
            held = tuple(c for c in hands[seat] or () if c.color == color)
            if held:
                problems.append(Problem("I4b.held", {**facts, "cards": held}))
    return problems


@wording("I4b.played")
def _played_after_showing_out(facts: Mapping[str, Any]) -> str:
    return _("{name} played {instead} on a {color} lead in trick {trick}, so had no "
             "{color} left; yet {name} played {card} in trick {later}.").format(
        name=facts["name"], instead=facts["instead"], color=facts["color"].word, trick=facts["trick"],
        card=facts["card"], later=facts["later"])


@wording("I4b.held")
def _held_after_showing_out(facts: Mapping[str, Any]) -> str:
    return _("{name} played {instead} on a {color} lead in trick {trick}, so had no {color} "
             "left; yet {name}'s hand holds {cards}.").format(
        name=facts["name"], instead=facts["instead"], color=facts["color"].word, trick=facts["trick"],
        cards=" ".join(map(str, facts["cards"])))


# ------------------------------------------------------------------ I5: cars
def _car_problems(state: GameState) -> list[Problem]:
    """I5: cars rest on flat spaces, one a space (S6, S9); a car round twice ends the game (S13)."""
    problems = position_issues(state.track, dict(zip(state.names, state.positions)))
    twice = tuple(s for s, p in enumerate(state.positions) if p >= 2 * len(state.track))
    if twice and state.phase != OVER:
        problems.append(Problem("I5.twice", {"seats": twice, "names": tuple(state.names[s] for s in twice)}))
    return problems


@wording("I5.twice")
def _twice_not_over(facts: Mapping[str, Any]) -> str:
    return ngettext("{names} has gone round twice, so the game should be over.",
                    "{names} have gone round twice, so the game should be over.", len(facts["names"])).format(
        names=join_words(facts["names"]))


# ------------------------------------------------------------------ I6: the flag
def _flag_problems(state: GameState) -> list[Problem]:
    """I6: before a round's first trick is settled, the flag is where the round began
    with it: the first player in round 1 (S1), the car in front in later rounds (S12)."""
    if state.tricks_done or state.phase == OVER:
        return []
    names = state.names
    if state.round == 1 and state.flag != state.first_player:
        return [Problem("I6.first_player", {"first": state.first_player, "first_name": names[state.first_player],
                                            "flag": state.flag, "flag_name": names[state.flag]})]
    best = max(state.positions)
    if state.round > 1 and state.positions[state.flag] != best:
        front = leader(state.positions, state.flag)
        return [Problem("I6.front", {"round": state.round, "front": front, "front_name": names[front],
                                     "flag": state.flag, "flag_name": names[state.flag]})]
    return []


@wording("I6.first_player")
def _flag_not_first(facts: Mapping[str, Any]) -> str:
    return _("No trick of round 1 is finished, so the flag is still with the first player, "
             "{first}, not {flag}.").format(first=facts["first_name"], flag=facts["flag_name"])


@wording("I6.front")
def _flag_not_front(facts: Mapping[str, Any]) -> str:
    return _("No trick of round {round} is finished, so the flag is still with the car that was in front "
             "after the motors, {front}, not {flag}.").format(round=facts["round"], front=facts["front_name"],
                                                              flag=facts["flag_name"])


# ------------------------------------------------------------------ I7: motors
def _motor_problems(state: GameState) -> list[Problem]:
    """I7: each motor position counts the tricks its player lost since the round began
    or its last turbo (S11, S8); the tricks' winners must add up (S5); in round 1 a car
    off the grid won a trick (S6), and the flag holder won the last trick (S1)."""
    if state.phase == OVER:
        return []  # a win can come in the middle of the motors' release: positions then tell nothing more
    n, names, dial = state.players, state.names, state.dial
    done = state.tricks_done
    current = _trick_winner(state)
    total = done + (current is not None)  # tricks whose losers have wound
    # Why each seat won one of the finished tricks: "flag" (it holds the flag, so won the
    # last one) or "grid" (its car left the grid, which in round 1 only a won trick does).
    must_win: list[list[str]] = [[] for _ in range(n)]
    if done:
        must_win[state.flag].append("flag")
    if state.round == 1:
        for s in range(n):
            if state.positions[s] > 0 and not must_win[s]:
                must_win[s].append("grid")
    low = [len(w) for w in must_win]
    if sum(low) > done:
        reasons = tuple((why, s, names[s]) for s in range(n) for why in must_win[s])
        return [Problem("I7.winners", {"round": state.round, "done": done, "reasons": reasons})]
    problems: list[Problem] = []
    high = []
    for s in range(n):
        m = state.motors[s]
        trailing = _trailing_losses(s, state.flag, done, current)
        winds = trailing + (m - trailing) % len(dial)  # the fewest winds that leave the arrow at m
        won_now = 1 if s == current else 0
        can_lose = total - low[s] - won_now
        high.append(total - winds - won_now)
        if winds > can_lose:
            problems.append(Problem("I7.motor", {
                "seat": s, "name": names[s], "m": m, "trailing": trailing, "winds": winds, "can_lose": can_lose,
                "total": total, "last": len(dial) - 1}))
    if not problems and sum(high) < done:
        problems.append(Problem("I7.lost", {"done": done, "round": state.round, "won": sum(high)}))
    return problems


@wording("I7.winners")
def _too_many_winners(facts: Mapping[str, Any]) -> str:
    reasons = []
    for why, _seat, name in facts["reasons"]:
        if why == "flag":
            # TRANSLATORS: one of the reasons listed after "... must have been won: ".
            reasons.append(_("{name} holds the flag, so won the last finished trick").format(name=name))
        else:
            # TRANSLATORS: one of the reasons listed after "... must have been won: ".
            reasons.append(_("{name}'s car left the grid, which in round 1 only a won trick does").format(name=name))
    done = facts["done"]
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
    return template.format(round=facts["round"], done=done, count=len(reasons), reasons="; ".join(reasons))


@wording("I7.lost")
def _too_many_lost(facts: Mapping[str, Any]) -> str:
    return ngettext("The motors show too many lost tricks: each of the {done} finished trick of "
                    "round {round} was won by someone, but the motor positions leave room for only "
                    "{won} won.",
                    "The motors show too many lost tricks: each of the {done} finished tricks of "
                    "round {round} was won by someone, but the motor positions leave room for only "
                    "{won} won.", facts["done"]).format(done=facts["done"], round=facts["round"], won=facts["won"])


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


@wording("I7.motor")
def _motor_sentence(facts: Mapping[str, Any]) -> str:
    name, m, trailing, winds, total = facts["name"], facts["m"], facts["trailing"], facts["winds"], facts["total"]
    # TRANSLATORS: {bound} in the sentences below: the part after "but".
    bound = ngettext("{name} can have lost at most {can_lose} of the {total} trick completed this round",
                     "{name} can have lost at most {can_lose} of the {total} tricks completed this round",
                     total).format(name=name, can_lose=facts["can_lose"], total=total)
    words = {"name": name, "m": m, "trailing": trailing, "winds": winds, "last": facts["last"], "bound": bound}
    if winds == m:
        # TRANSLATORS: {bound} is "Ada can have lost at most 1 of the 2 tricks completed this round".
        return ngettext("{name}'s motor is at position {m}. That takes {m} lost trick since the round began "
                        "or {name}'s last turbo. But {bound}.",
                        "{name}'s motor is at position {m}. That takes {m} lost tricks since the round began "
                        "or {name}'s last turbo. But {bound}.", m).format(**words)
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
    return template.format(**words)


# ------------------------------------------------------------------ I8: the turbo
def _turbo_problems(state: GameState) -> list[Problem]:
    """I8: the turbo is offered only to a trick's winner whose motor is above 0 (S8)."""
    current = _trick_winner(state)
    if state.phase != TURBO or current is None or state.dial[state.motors[current]] > 0:
        return []
    return [Problem("I8", {"seat": current, "name": state.names[current]})]


@wording("I8")
def _empty_turbo(facts: Mapping[str, Any]) -> str:
    return _("{name} won the trick with an empty motor, so there is no turbo to choose.").format(name=facts["name"])


# ------------------------------------------------------------------ I9-I10: the end
def _end_problems(state: GameState) -> list[Problem]:
    """I9: only a finished game has a winner; I10: the winner and the moment the game
    ended are the ones the rules give (S13)."""
    names, n = state.names, state.players
    if state.phase != OVER:
        return [] if state.winner is None else [Problem("I9.early", {"winner": state.winner})]
    if state.winner is None:
        return [Problem("I9.none")]
    winner = {"winner": state.winner, "winner_name": names[state.winner]}
    twice = tuple(s for s in range(n) if state.positions[s] >= 2 * len(state.track))
    if len(twice) > 1:
        return [Problem("I10.twice_all", {"seats": twice, "names": tuple(names[s] for s in twice)})]
    if twice:
        if twice[0] != state.winner:
            return [Problem("I10.twice", {"seat": twice[0], "name": names[twice[0]], **winner})]
        current = _trick_winner(state)
        if current is not None and current != state.winner:
            return [Problem("I10.trick", {"seat": current, "name": names[current], **winner})]
        return []
    problems = []
    if state.round != ROUNDS or state.trick or any(state.hands):
        problems.append(Problem("I10.early", {"round": ROUNDS}))
    if any(state.motors):
        problems.append(Problem("I10.motors", {"motors": state.motors}))
    if state.positions[state.winner] != max(state.positions):
        problems.append(Problem("I10.front", {"round": ROUNDS, **winner}))
    elif state.flag != state.winner:
        problems.append(Problem("I10.flag", {"flag": state.flag, **winner}))
    return problems


@wording("I9.early")
def _winner_early(facts: Mapping[str, Any]) -> str:
    return _("Only a finished game has a winner.")


@wording("I9.none")
def _no_winner(facts: Mapping[str, Any]) -> str:
    return _("A finished game has a winner.")


@wording("I10.twice_all")
def _all_twice(facts: Mapping[str, Any]) -> str:
    return _("{names} have all gone round twice, but the game ends at once when the first does.").format(
        names=join_words(facts["names"]))


@wording("I10.twice")
def _twice_not_winner(facts: Mapping[str, Any]) -> str:
    return _("{name} has gone round twice, so {name} won, not {winner}.").format(
        name=facts["name"], winner=facts["winner_name"])


@wording("I10.trick")
def _trick_not_winner(facts: Mapping[str, Any]) -> str:
    return _("The game ended with a complete trick on the table, so it ended with that trick's move, "
             "and {name} won that trick, not {winner}.").format(name=facts["name"], winner=facts["winner_name"])


@wording("I10.early")
def _over_early(facts: Mapping[str, Any]) -> str:
    return _("Nobody has gone round twice, so the game can only be over after round {round}'s "
             "motors have moved, with every card played.").format(round=facts["round"])


@wording("I10.motors")
def _motors_left(facts: Mapping[str, Any]) -> str:
    return _("After the last round every motor has moved its car and is back at 0.")


@wording("I10.front")
def _not_in_front(facts: Mapping[str, Any]) -> str:
    return _("After round {round} the car in front wins, and that is not {winner}.").format(
        round=facts["round"], winner=facts["winner_name"])


@wording("I10.flag")
def _flag_not_taken(facts: Mapping[str, Any]) -> str:
    return _("After the last round the car in front, {winner}, takes the flag.").format(winner=facts["winner_name"])


__all__ = ["state_issues", "state_problems"]
