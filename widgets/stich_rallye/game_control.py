"""GameControl: a game of Stich Rallye at one screen, with no widget: the game, which
seats people play and which computer players, whose hand is on screen, the computer
players' pace, what the person on screen may do now, the turbo offer and the hints.
:class:`~widgets.stich_rallye.game_view.GameView` draws it; it is driven and tested alone.

>>> control = GameControl(Game.new(3, track="beach", seed=4))
>>> control.play_bots(), control.person_to_act      # seat 0 leads: the computer players wait
(0, True)
>>> control.act("G3")                                # the person on screen plays
>>> control.play_bots(), control.person_to_act
(4, True)
>>> events = control.take_events()
>>> control.messages[1:4]
['Ada plays G3 (green 3).', 'Bo plays B4 (blue 4).', 'Cy plays G6 (green 6).']
>>> control.act("X1")
Traceback (most recent call last):
...
rally.common.errors.CardError: “X1” is not a card: write a color letter R, G or B followed by a value from 1 to 15, like G11.
"""

from __future__ import annotations

import asyncio
import html
import random
from typing import Awaitable, Callable, NamedTuple, Sequence

import rally
from rally import HAND_SIZES, Bot, Card, Event, Game, HeuristicBot, IllegalAction, Turbo
from rally.common import inputs
from rally.common.turns import bots_per_seat, play_bots
from rally.stich_rallye.game import turbo_move
from rally.stich_rallye.movement import Move

from ..i18n import _, join_words
from ..style import laps_done

#: The longest pause between two computer players' actions, in seconds.
MAX_DELAY = 10


class TurboOffer(NamedTuple):
    """The turbo choice on offer to ``seat``: the trick's lowest card, the motor's value,
    and where each choice takes the car (``moves[True]``: with the turbo)."""

    seat: int
    lowest: Card
    value: int
    moves: dict[bool, Move]


class GameControl:
    """Who does what in ``game`` at one screen. ``people`` lists the seats people play
    (by default ``[human]``, seat 0 when neither is given); ``bots`` plays the others:
    one bot for all, or a list (see :func:`rally.common.turns.bots_per_seat`), by default
    a :class:`~rally.HeuristicBot` each, drawing from ``rng`` (default
    ``random.Random(game.seed)``). ``delay`` is the computer players' pace, in seconds
    between two of their actions. With two or more people (pass-and-play) ``viewer``,
    the seat whose hand is on screen, is ``None`` until that person :meth:`reveal` s it.
    Bad set-ups raise :class:`~rally.SetupError`; bad input raises a
    :class:`~rally.RuleError` saying why and changes nothing."""

    def __init__(self, game: Game, *, human: int | None = None, people: Sequence[int] | None = None,
                 bots: Bot | Sequence[Bot] | None = None, rng: random.Random | None = None, delay: float = 0.0,
                 coach: bool = False) -> None:
        if not isinstance(game, Game):
            inputs.fail(rally.SetupError, _("GameView's game"), _("a Game"), game, "Game.new(4, seed=3)")
        if not game.full_history:  # the replay retells the whole log, from the first deal
            raise rally.SetupError(_("GameView needs a game that records its events from the first deal: "
                                     "Game.new(..., record=True), played on."))
        if human is not None:
            human = inputs.seat(human, game.players, rally.SetupError, _("The human's seat"))
        self.people: list[int] = inputs.people(people, human, game.players, rally.SetupError)
        self.human: int = self.people[0] if human is None else human
        self.delay = inputs.number(delay, _("The bots' delay in seconds"), 0, MAX_DELAY, rally.SetupError, 0.4)
        if rng is not None and not isinstance(rng, random.Random):
            inputs.fail(rally.SetupError, _("GameView's rng"), _("a random.Random"), rng, "random.Random(7)")
        self.coach = inputs.flag(coach, "coach", rally.SetupError)
        self.game = game
        #: Pass-and-play: more than one person at this screen, so hands are hidden between turns.
        self.passing = len(self.people) > 1
        #: The seat whose hand is on screen (``None``: nobody's, the screen is being passed).
        self.viewer: int | None = None if self.passing else self.human
        #: Every seat's computer player, ``None`` for the people's seats.
        default = [HeuristicBot() for _seat in range(game.players)]
        self.bots: list[Bot | None] = bots_per_seat(default if bots is None else bots, game.players, self.people,
                                                    example="HeuristicBot()")
        self.rng = rng if rng is not None else random.Random(game.seed)
        #: The answer behind the hint on show (None when there is none).
        self.hint_advice: rally.Advice | None = None
        #: The hints each seat was shown, for its review.
        self.hints: dict[int, list[rally.Advice]] = {}
        self._messages: list[str] = []
        self._seen = 0

    # -------------------------------------------------------------- reading
    @property
    def messages(self) -> list[str]:
        """Every event taken so far (:meth:`take_news`) in words, in order."""
        return list(self._messages)

    @property
    def person_to_act(self) -> bool:
        """True when a person must act now (the game is not over)."""
        return not self.game.is_over and self.game.current_player in self.people

    def bots_to_move(self, paused: bool = False) -> bool:
        """True when a computer player is to act now and play does not wait (``paused``)."""
        return not self.game.is_over and self.game.current_player not in self.people and not paused

    def status(self, held: str | None = None) -> tuple[str, str | None]:
        """The status line (round, flag, whose turn: a little HTML) and what the person on
        screen is told under their hand; None for the second when another player acts.
        ``held``: what play waits for instead of a move (a guided game's tip): the status
        line says it in place of whose turn it is, while the game is on; the line over the
        hand says nothing of playing (a tapped card says what it waits for), or the held
        words when the turbo's buttons wait with it."""
        game, names, me = self.game, self.game.names, self.viewer
        current, choosing = game.current_player, game.awaiting_turbo
        prompt: str | None = None
        if game.is_over:
            turn = _("Game over: <b>{name}</b> wins!").format(name=html.escape(names[game.winner]))
            prompt = _("The game is over.")
            if not self.passing and self.people and game.winner not in self.people:
                # One person who lost: where their own car got to (the winner alone says nothing of it).
                turn += " " + self._how_far(self.people[0])
        elif current == me:
            if self.passing:  # the screen is passed round: the status names whose turn it is
                turn = (_("<b>{name}'s turn</b>: choose the turbo.") if choosing
                        else _("<b>{name}'s turn</b>: play a card.")).format(name=html.escape(names[me]))
            else:
                turn = _("<b>Your turn</b>: choose the turbo.") if choosing else _("<b>Your turn</b>: play a card.")
            prompt = (_("Your turn: use your motor or not? Choose with the buttons below the trick.") if choosing
                      else _("Your turn. {rule}").format(rule=rally.play_rule(game.hands[me], game.trick)))
        else:
            who = html.escape(names[current])
            turn = _("{name} to choose the turbo…").format(name=who) if choosing else _("{name} to play…").format(
                name=who)
        if held is not None and not game.is_over:
            turn = html.escape(held)
            if prompt is not None:  # never "play any card" or "choose with the buttons" while they wait
                prompt = held if choosing else ""
        return "<div style='font-size:15px'>" + _("Round {round} of {rounds} · ⚑ flag: <b>{flag}</b> · {turn}").format(
            round=game.round, rounds=len(HAND_SIZES), flag=html.escape(names[game.flag]), turn=turn) + "</div>", prompt

    def _how_far(self, seat: int) -> str:
        """Where ``seat``'s car got to: its space and its lap."""
        progress, length = self.game.positions[seat], len(self.game.track)
        return _("Your car: space {space}, lap {lap}.").format(space=progress % length,
                                                               lap=laps_done(progress, length) + 1)

    def turbo_offer(self) -> TurboOffer | None:
        """The turbo choice when the person on screen makes it now, else None."""
        game, seat = self.game, self.viewer
        if seat is None or not game.awaiting_turbo or game.current_player != seat:
            return None
        moves = {use: turbo_move(game, use) for use in (True, False)}
        return TurboOffer(seat, rally.explain_trick(game.trick).lowest, game.motor_values[seat], moves)

    def take_events(self) -> tuple[Event, ...]:
        """The events since the last call (their words added to :attr:`messages`)."""
        events = self.game.events[self._seen:]
        self._seen += len(events)
        self._messages += [event.describe(self.game.names) for event in events]
        return events

    # --------------------------------------------------------------- acting
    def play_bots(self, stop: Callable[[Game], bool] | None = None, limit: int | None = None) -> int:
        """Let the computer players act until a person must decide, ``stop(game)`` holds or
        ``limit`` actions are made; how many they made."""
        return play_bots(self.game, self.bots, self.rng, stop=stop, limit=limit)

    async def play_slowly(self, paused: Callable[[], bool], show: Callable[[], Awaitable[None]],
                          waiting: Callable[[], None]) -> None:
        """The computer players act one at a time, :attr:`delay` seconds apart, until a
        person must decide or ``paused()``: ``show()`` draws what happened (awaited: it may
        animate), first and after each action; ``waiting()`` runs before each pause."""
        await show()
        while self.bots_to_move(paused()):
            waiting()
            await asyncio.sleep(self.delay)
            self.play_bots(limit=1)
            await show()

    def refusal(self, action: Card | Turbo | str) -> str | None:
        """Why the person on screen may not do ``action`` now, in words, or None."""
        return self._screen_refusal() or self.game.why_illegal(action, self._actor)

    def _screen_refusal(self) -> str | None:
        """Pass-and-play: why nobody may act while the screen is being passed, or None."""
        game = self.game
        if self.viewer is not None or game.is_over:
            return None
        current = game.current_player
        name = game.names[current]
        if current not in self.people:
            return _("Wait: {name} is a computer player.").format(name=name)
        button = _("I am {name}: show my cards").format(name=name)  # the cover's button
        return _("First pass the screen to {name}: {name}, press “{button}” when only you can see "
                 "the screen.").format(name=name, button=button)

    @property
    def _actor(self) -> int:
        """The seat the person on screen acts for (the human's when no hand is shown)."""
        return self.human if self.viewer is None else self.viewer

    def act(self, action: Card | Turbo | str) -> None:
        """Do ``action`` for the person on screen. Refused (the game unchanged) with
        :class:`~rally.IllegalAction` saying why, or :class:`~rally.CardError` for text that
        is no card. Once the turn passes to another seat in pass-and-play, no hand is on
        screen (``viewer`` is None)."""
        reason = self._screen_refusal()
        if reason is not None:
            raise IllegalAction(reason)
        seat = self._actor
        self.game.apply(action, seat)  # the rules' refusal, with its reason as a value
        self.hint_advice = None  # a hint answers one decision only
        if self.passing and self.game.current_player != seat:
            self.viewer = None

    def reveal(self, seat: int) -> None:
        """Pass-and-play: ``seat``'s person has the screen; their hand is shown."""
        self.viewer = inputs.seat(seat, self.game.players, rally.SetupError)

    def hide(self) -> None:
        """Pass-and-play: no hand on screen."""
        if self.passing:
            self.viewer = None

    def review_refusal(self, seat: object) -> str | None:
        """Why ``seat``'s own review may not open now (pass-and-play, after the game), or None."""
        if not (self.passing and self.game.is_over):
            return _("Each person's review opens once a game of several people is over.")
        if not (inputs.is_whole(seat) and seat in self.people):
            return _("The reviews are for the people's seats, {seats}, not {given}.").format(
                seats=join_words([str(s) for s in self.people]), given=inputs.shown(seat))
        return None

    def hint(self, time_limit: float | None) -> rally.Advice | None:
        """The advisor's answer for the decision of the person on screen (kept for their
        review), within ``time_limit`` seconds; None when they have no decision now."""
        if self.viewer is None or not self.person_to_act or self.game.current_player != self.viewer:
            return None
        advice = rally.advise(self.game, time_limit=time_limit)
        self.hint_advice = advice
        self.hints.setdefault(self.viewer, []).append(advice)
        return advice

    def describe(self) -> str:
        """The game in one sentence: track, seed, round, who acts (or who won), the cars."""
        game = self.game
        words = {"track": game.track.shown_name, "seed": game.seed, "round": game.round,
                 "spaces": join_words([str(p) for p in game.positions])}
        if game.is_over:
            template = _("A game on the {track} track, seed {seed}: {name} won. The cars have driven {spaces} spaces.")
            name = game.names[game.winner]
        elif game.awaiting_turbo:
            template = _("A game on the {track} track, seed {seed}, round {round}: {name} chooses the turbo. "
                         "The cars have driven {spaces} spaces.")
            name = game.names[game.current_player]
        else:
            template = _("A game on the {track} track, seed {seed}, round {round}: {name} to play. "
                         "The cars have driven {spaces} spaces.")
            name = game.names[game.current_player]
        return template.format(name=name, **words)


__all__ = ["GameControl", "TurboOffer", "MAX_DELAY"]
