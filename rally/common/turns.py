"""Taking turns: computer players act until a person must decide, in either game.

Both games have the same shape (OpenSpiel's): ``current_player`` (``None`` once over),
``legal_actions()``, ``apply(action)``, and ``bot_view(seat)``, what a computer player
in that seat is shown (the whole game in Stich Rallye; in Rally Run, a memory game, only
what that seat may see). :func:`play_bots` is the one loop that lets bots act; the game
views, ``play_out`` and ``play_until`` of both games use it.

>>> import random
>>> from rally import Game, HeuristicBot
>>> game = Game.new(3, seed=5)
>>> bots = [None, HeuristicBot(), HeuristicBot()]   # seat 0 is a person
>>> play_bots(game, bots, random.Random(5), until=0)
0
>>> game.apply("B2")
>>> play_bots(game, bots, random.Random(5), until=0), game.current_player
(4, 0)
"""

from __future__ import annotations

import random
from typing import Any, Callable, NoReturn, Protocol, Sequence

from . import inputs
from .errors import SetupError
from .i18n import _, ngettext


class TurnGame(Protocol):
    """What :func:`play_bots` needs of a game."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def players(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...

    def bot_view(self, seat: int) -> Any: ...


class TurnBot(Protocol):
    """A computer player: picks one of ``actions`` (never empty) from what it is shown."""

    def choose(self, view: Any, actions: Sequence[Any], rng: random.Random) -> Any: ...


def choice(actions: object, rng: object) -> Sequence[Any]:
    """``actions`` if it is a list or tuple of at least one action and ``rng`` a
    :class:`random.Random`: what a bot's ``choose`` is handed (every bot checks it, for a
    learner who calls one by hand), else :class:`~rally.SetupError`. (Whether each item is
    an action of the game, the game says when it is applied; a bot that finds none it can
    play refuses with :func:`no_choice`.)

    >>> choice([], random.Random(0))
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The actions to choose from must be a list of at least one legal action, like game.legal_actions(), not [].
    """
    if not isinstance(rng, random.Random):
        inputs.generator(rng, SetupError)
    if isinstance(actions, (list, tuple)) and actions:
        return actions
    no_choice(actions)


def no_choice(actions: object) -> NoReturn:
    """Refuse ``actions`` that hold no action a bot can choose (what a bot says when
    handed a list of anything but actions it knows).

    >>> no_choice(["G11"])
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The actions to choose from must be a list of at least one legal action, like game.legal_actions(), not ['G11'].
    """
    inputs.fail(SetupError, _("The actions to choose from"), _("a list of at least one legal action"), actions,
                "game.legal_actions()")


def play_bots(game: TurnGame, bots: Sequence[TurnBot | None], rng: random.Random, until: int | None = None,
              limit: int | None = None, stop: Callable[[Any], bool] | None = None) -> int:
    """Let ``bots[seat]`` act for every seat in turn until seat ``until`` must decide,
    ``stop(game)`` holds, ``limit`` actions are made, or the game is over. Returns how
    many actions the bots made. A seat whose turn comes with no bot (``None``) is a
    person's: the loop stops there too.
    """
    # The phrases naming what is wrong are looked up only when something is (this runs once a game).
    if not all(callable(getattr(game, name, None)) for name in ("legal_actions", "apply", "bot_view")):
        inputs.fail(SetupError, _("The game"), _("a game of Stich Rallye or Rally Run"), game, "Game.new(4)")
    inputs.generator(rng, SetupError)
    if not (isinstance(bots, (list, tuple)) and len(bots) <= 5):
        inputs.sequence(bots, _("The bots"), SetupError, "[None, RandomBot(), RandomBot()]", 5)
    for bot in bots:
        if bot is not None and not callable(getattr(bot, "choose", None)):
            # TRANSLATORS: choose is the method a bot answers with, as the program calls it: keep it.
            rule = _("None (a person) or a bot with a choose method")
            inputs.fail(SetupError, _("Each bot"), rule, bot, "RandomBot()")
    if stop is not None and not callable(stop):
        inputs.fail(SetupError, _("The stop test"), _("a function of the game, or None"), stop,
                    "lambda game: game.awaiting_turbo")
    if len(bots) != game.players:
        raise SetupError(_("Give one bot per player (None for a person): {needed} needed, {given} given.").format(
            needed=game.players, given=len(bots)))
    if until is not None and not (inputs.is_whole(until) and 0 <= until < game.players):
        inputs.seat(until, game.players, SetupError, _("The seat to stop at"))
    most = None if limit is None else inputs.whole(limit, _("The most actions"), 0, 100_000, SetupError, 1)
    made = 0
    seat = game.current_player
    while seat is not None and seat != until and (most is None or made < most) and not (stop and stop(game)):
        bot = bots[seat]
        if bot is None:
            break
        game.apply(bot.choose(game.bot_view(seat), game.legal_actions(), rng))
        made += 1
        seat = game.current_player
    return made


def bots_per_seat(bots: object, players: int, people: Sequence[int], parse: Callable[[str], Any] | None = None,
                  example: str = "RandomBot()") -> list[Any]:
    """The computer player of every seat, ``None`` for the ``people``'s seats, from
    ``bots``: one for everyone (a bot, or a name that ``parse`` reads: a fresh bot a
    seat), or a list with one per seat (the people's entries ignored) or one per computer
    player, in seat order. Anything else is a :class:`~rally.SetupError` saying what
    would do (``example`` a bot of the game).

    >>> from rally import HeuristicBot
    >>> bot = HeuristicBot()
    >>> bots_per_seat(bot, 3, [0]) == [None, bot, bot]
    True
    >>> bots_per_seat([bot, bot], 4, [1, 2]) == [bot, None, None, bot]
    True
    >>> bots_per_seat([bot], 3, [0])
    Traceback (most recent call last):
    ...
    rally.common.errors.SetupError: The bots must be one bot for everyone, or a list of 3 bots (one per seat) or of 2 (one per computer player), like RandomBot(), not [HeuristicBot(min_gain=3)].
    """
    computers = players - len(people)
    if isinstance(bots, str) or hasattr(bots, "choose"):
        specs: list[Any] = [bots] * players
    else:
        specs = inputs.sequence(bots, _("The bots"), SetupError, example, 100)
        if len(specs) == computers and computers != players:
            for person in sorted(people):
                specs.insert(person, None)
        elif len(specs) != players:
            inputs.fail(SetupError, _("The bots"), ngettext(
                "one bot for everyone, or a list of {n} bot (one per seat) or of {m} (one per computer player)",
                "one bot for everyone, or a list of {n} bots (one per seat) or of {m} (one per computer player)",
                players).format(n=players, m=computers), bots, example)
    seats = [None if seat in people else parse(spec) if parse is not None and isinstance(spec, str) else spec
             for seat, spec in enumerate(specs)]
    for seat, bot in enumerate(seats):
        if seat not in people and not callable(getattr(bot, "choose", None)):
            # TRANSLATORS: choose is the method a bot answers with, as the program calls it: keep it.
            rule = _("a bot with a choose method")
            inputs.fail(SetupError, _("Each computer player"), rule, bot, example)
    return seats


__all__ = ["TurnGame", "TurnBot", "bots_per_seat", "choice", "no_choice", "play_bots"]
