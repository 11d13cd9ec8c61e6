"""The words of the Rally Run board (:class:`~widgets.rally_run.board.RallyRunBoard`), in
the language rally speaks (:mod:`widgets.i18n`): the colors as words, the page's labels,
the heading and the prompt above the board, a player's line and the board in one sentence.

>>> from rally.rally_run import RallyRunGame
>>> game = RallyRunGame.new(2, seed=6)
>>> heading_and_prompt(game, 0, True, "move")[0]
'Your turn, Bo (red car). Heading for the pit stop (C3).'
>>> car_place(game.cars[0])
'on the red start-finish tile'
"""

from __future__ import annotations

from typing import Sequence

from rally.rally_run import Cell, RallyRunGame, StartFinish
from rally.rally_run.moments import nudge_words
from rally.rally_run.traps import trapping_rotations

from ..i18n import _, join_clauses, join_sentences, join_words, ngettext, pgettext


#: The back-and-forth nudge's picture: the guided game's tip shows it, and a free game's line starts with it.
NUDGE_PICTURE = "🔁"


def color_noun(color: str) -> str:
    """A Rally Run color as a word on its own (a tile's word, an item of a list), in the
    language spoken: ``"red"`` (German ``"Rot"``)."""
    words = {"red": pgettext("color", "red"), "blue": pgettext("color", "blue"),
             "green": pgettext("color", "green"), "yellow": pgettext("color", "yellow")}
    return words.get(color, color)


def color_adjective(color: str) -> str:
    """A Rally Run color beside a noun, in the language spoken: ``"red"`` (German
    ``"rot"``, the sentences add the ending)."""
    # TRANSLATORS: a color as an adjective without its ending: the sentences add it
    # ("das {color}e Start-Ziel-Plättchen", "ein {color}es Kanister-Plättchen"), so give the stem ("rot").
    words = {"red": pgettext("color adjective", "red"), "blue": pgettext("color adjective", "blue"),
             "green": pgettext("color adjective", "green"), "yellow": pgettext("color adjective", "yellow")}
    return words.get(color, color)


def ways(openings: Sequence[str]) -> str:
    """``"up and right"``: the ways a tile's road goes on the screen, in a child's words
    (no compass), in the language spoken."""
    words = {"N": pgettext("way", "up"), "E": pgettext("way", "right"), "S": pgettext("way", "down"),
             "W": pgettext("way", "left")}
    return join_words([words[d] for d in openings])


def page_labels(trophies_left: int) -> dict[str, str]:
    """The words the page shows around the board (board.js shows only what it is given)."""
    return {
        "move_button": _("Reveal / drive"), "swap_button": _("Swap two tiles"), "seed": _("Game number"),
        "new_game": _("New game"), "board": _("Rally Run board"), "log": _("What happened"),
        # TRANSLATORS: the short word on the pit stop tile of the board (a few letters fit).
        "pit": _("PIT"),
        "trophies": ngettext("{n} trophy", "{n} trophies", trophies_left).format(n=trophies_left),
        "no_swap_title": _("just swapped: not to be swapped now"),
        "no_swap_note": _("just swapped, not to be swapped now"),
        # TRANSLATORS: the badges on the board's tiles are short: on a phone about 6 letters fit in a
        # line; mark where a longer word may break with a soft hyphen (U+00AD): "auf\u00addecken".
        "pending_badge": _("lay it"), "pending_note": _("just revealed, choose how to lay it"),
        "badge_reveal": _("reveal"), "badge_drive": _("drive"), "badge_finish": _("finish"),
        # While swapping, every face-down tile is a choice: a sign, the one the "just swapped" mark
        # (⇄✕) uses, fits each tile where a word ran into its neighbours' on a phone.
        "badge_swap": "⇄", "badge_chosen": "⇄ ✓",
        "click_reveal": _("choose it to reveal it"), "click_drive": _("choose it to drive here"),
        "click_swap": _("choose it to swap it"), "click_chosen": _("choose it again to put it back"),
        "click_finish": _("choose it to finish and win"),
        # TRANSLATORS: a tile's name for a screen reader, then one more thing about it:
        # "B2: a face-down tile; choose it to reveal it".
        "with_note": _("{label}; {note}"),
        "rotations": _("Lay the tile:"),
        "rotations_shown": _("Ways to lay it:"),
    }


def start_tile(color: str, corner: Cell) -> str:
    """``"the red start-finish tile beside A1"``, in the language spoken."""
    return _("the {color} start-finish tile beside {corner}").format(color=color_adjective(color), corner=corner)


def car_place(place: StartFinish | Cell) -> str:
    """Where a car stands: ``"on the red start-finish tile"`` or ``"on A1"``."""
    if isinstance(place, StartFinish):
        return _("on the {color} start-finish tile").format(color=color_adjective(place.color))
    return _("on {cell}").format(cell=place)


def line_place(place: StartFinish | Cell, color: str, trophy: str) -> str:
    """Where a car stands, for its player's line: ``"at the start"`` while it has not left
    the start-finish tile of its own color (its line already says the color), else
    :func:`car_place`."""
    if isinstance(place, StartFinish) and place.color == color and not trophy:
        return _("at the start")
    return car_place(place)


def player_line(name: str, you: bool, color: str, where: str, trophy: str) -> str:
    """A player's line beside the board: ``"Bo (you): red car, on A1, no trophy yet"`` (``where``
    from :func:`line_place`). Colors
    are words here, never letters: a color's letter would read as a driver's initial (B: Bo or blue?)."""
    who = _("{name} (you)").format(name=name) if you else name
    facts = {"who": who, "color": color_adjective(color), "where": where}
    if trophy:
        return _("{who}: {color} car, {where}, trophy: {trophy}").format(trophy=color_noun(trophy), **facts)
    return _("{who}: {color} car, {where}, no trophy yet").format(**facts)


def lay_prompt(game: RallyRunGame) -> str:
    """What a person is asked while the tile just revealed waits to be laid, warning them
    when a rotation would leave the car stuck for good (issue 41)."""
    text = _("Lay the tile on {cell}: choose which ways its road goes.").format(
        cell=Cell.of(game.pending))
    if trapping_rotations(game):
        text = join_sentences([text, trap_warning()])
    return text


def trap_warning() -> str:
    """What a way to lay the tile marked ⚠ means (and why a guide refuses it while its ⚠ tip is up)."""
    # Stuck for good is the project's reading (R5, R7): said so.
    return _("⚠ In this app, the way marked ⚠ traps your car for good. Better choose another way.")


#: From how many turns left a player is told, on each turn, how many remain.
TURNS_WARNED = 10


def ending_words(game: RallyRunGame, me: int, again: str | None = None) -> str:
    """What ``me`` is told at the end of a game played: that they won, or where their car
    got to (with its trophy, if any); and how to play again, with the button's words
    ``again`` (the board's "New game" if None). A long game that ends with the winner alone
    leaves a child without a word about their own run."""
    again = again or page_labels(0)["new_game"]
    if game.winner == me:
        return _("You win! Press “{new}” to play again.").format(new=again)
    obs = game.observation(me)
    trophy = obs.held[me]
    where = line_place(obs.cars[me], obs.start_colors[me], trophy or "")
    if trophy:
        return _("Your car: {where}, trophy: {trophy}. Press “{new}” to play again.").format(
            where=where, trophy=color_noun(trophy), new=again)
    return _("Your car: {where}, no trophy yet. Press “{new}” to play again.").format(where=where, new=again)


def heading_and_prompt(game: RallyRunGame, me: int, interactive: bool, mode: str,
                       shared: bool = False, again: str | None = None, nudge: bool = True) -> tuple[str, str]:
    """The line above the board and what ``me`` is asked to do, in ``mode`` (``"move"`` or
    ``"swap"``); no prompt on a board only shown (not ``interactive``) or on another's turn.
    At the end, a board played by one person (not ``shared``) tells them how they did, and
    which button (``again``: :func:`ending_words`) plays again. A car going back and forth
    is nudged to swap (``nudge``; a guide that shows its own tip for it says no)."""
    names = game.names
    if game.is_over:  # the winner in the heading: the line below says why (a finish, or the limit)
        assert game.winner is not None  # a game of Rally Run always ends with a winner
        said = game.events[-1].describe(names)
        if interactive and not shared:
            said += " " + ending_words(game, me, again)
        return (ngettext("Game over after {n} turn: {name} wins!", "Game over after {n} turns: {name} wins!",
                         game.turns_played).format(n=game.turns_played, name=names[game.winner]), said)
    # No turn number: the game counts every player's turns together, so a child's 50th
    # turn would read "Turn 99" beside a limit of "100 turns each".
    current = game.current_player
    if not interactive or current != me:  # a shown position, or a computer player's turn while paused
        if game.awaiting_rotation:
            return _("{name} chooses how to lay the tile just revealed.").format(name=names[current]), ""
        return _("{name} to move.").format(name=names[current]), ""
    goal = game.goal(me)
    aim = _("the pit stop (C3)") if goal == Cell.parse("C3") else start_tile(goal.color, goal.corner)
    head = _("Your turn, {name} ({color} car). Heading for {goal}.").format(
        name=names[me], color=color_adjective(game.start_colors[me]), goal=aim)
    left = game.turns_left
    if left <= TURNS_WARNED:  # the end comes by the turn limit: said before it comes, not only when it has
        head += " " + ngettext("Only {n} turn left before the game stops.", "Only {n} turns left before the game stops.",
                               left).format(n=left)
    if game.awaiting_rotation:
        return head, lay_prompt(game)
    # The buttons are named as they read: their words come from the same labels.
    buttons = page_labels(0)
    if mode == "swap":
        return head, _("Swap mode: choose two face-down tiles marked {sign}, or press “{back}” to go back.").format(
            sign=buttons["badge_swap"], back=buttons["move_button"])
    if game.is_stuck_for_good(me):  # walk 77: swapping can never free it; say so, not "swap"
        return head, _("In this app, your car is stuck for good: it can never drive on. You may still swap two "
                       "tiles, or press “{new}” to play again.").format(new=again or buttons["new_game"])
    if not game.can_move(me):  # no tile to tap: say so, or the board looks frozen (round 26's walk)
        return head, _("No road leads on from here. Press “{swap}” and swap two face-down tiles.").format(
            swap=buttons["swap_button"])
    ask = _("Choose a tile marked reveal or drive (or your finish), or press “{swap}”.").format(
        swap=buttons["swap_button"])
    # Walk 78: a free game's deal may shut a car in a few tiles; only a swap lets it out. Its picture
    # (the guided game's tip's) makes it stand out in the line (walk 79: missed as plain words).
    said = nudge_words(game, me) if nudge else ()
    return head, join_sentences([*((f"{NUDGE_PICTURE} {said[0]}", *said[1:]) if said else ()), ask])


def board_in_words(game: RallyRunGame, seat: int) -> str:
    """The board as ``seat`` sees it, in one sentence: whose turn, where the cars stand."""
    names = game.names
    if game.is_over:
        state = _("{name} won").format(name=names[game.winner])
    elif game.awaiting_rotation:
        state = _("{name} to lay the tile").format(name=names[game.current_player])
    else:
        state = _("{name} to move").format(name=names[game.current_player])
    cars = join_clauses([_("{name} {place}").format(name=names[s], place=car_place(p)) for s, p in enumerate(game.cars)])
    return ngettext("Rally Run as {name} sees it, seed {seed}, turn {turn}: {state}. Cars: {cars}. "
                    "{n} trophy left.",
                    "Rally Run as {name} sees it, seed {seed}, turn {turn}: {state}. Cars: {cars}. "
                    "{n} trophies left.", game.trophies_left).format(
        name=names[seat], seed=game.seed, turn=game.turn + 1, state=state, cars=cars,
        n=game.trophies_left)
