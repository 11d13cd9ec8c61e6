"""GameSetup: choose the players, the track, the seed and the bots, and start a game.

``people`` is how many of the players are people at this screen (the first seats); with
two or more the game is played pass-and-play, each hand hidden from the others (see
:class:`GameView`).

It reads its inputs, asks rally, and shows rally's message when an input is wrong; what
was shown before stays as it was. Nothing raises into the notebook.

>>> setup = GameSetup(players=3, track="beach", seed=2)
>>> setup
A new game: 3 players on the beach track, seed 2.
>>> setup.seed.value = "two"
>>> setup.new_game() is None
True
>>> setup.error
'“two” is not a game number: write a whole number like 42.'
"""

from __future__ import annotations

import html
import re
from typing import Callable, Sequence

import ipywidgets as w

import rally
from rally import HeuristicBot, RandomBot
from rally.common import inputs

from .._display import StableRepr
from ..i18n import N_, _, join_words, ngettext, shown
from ..messages import Messages
from .game_view import GameView
from .track_choice import TrackChoice


#: The bots a lesson can pick, by name (the menu shows :data:`BOT_WORDS`, translated).
BOTS: dict[str, Callable[[], rally.Bot]] = {"careful": HeuristicBot, "random": RandomBot}
#: The bots in words, as the menu shows them (marked for the catalog, translated where shown).
BOT_WORDS = {"careful": N_("careful players"), "random": N_("random players")}


#: What may stand between typed names: a comma, a semicolon or a new line.
NAME_BREAKS = re.compile(r"[,;\n]")


def seat_names(typed: str, players: int) -> list[str] | None:
    """The names typed (``"Lena, Papa"``), one per seat from the first, and names for the
    seats left over (the computer players'): each seat's own name of :data:`rally.DEFAULT_NAMES`,
    so a name keeps its car's color as in every lesson (Cy drives the yellow car), or, where
    that name was typed, one not typed. Spaces inside a name stay (``"Oma Erika"``); empty
    parts are skipped. None when nothing is typed (rally's default names); more names than
    players raise rally's SetupError.

    >>> seat_names("Lena, Papa", 4)
    ['Lena', 'Papa', 'Cy', 'Di']
    >>> seat_names(" Oma Erika ;Jürgen, ", 3)
    ['Oma Erika', 'Jürgen', 'Cy']
    >>> seat_names("Cy, Ada", 3)
    ['Cy', 'Ada', 'Bo']
    """
    given = [part.strip() for part in NAME_BREAKS.split(typed)]
    given = [part for part in given if part]
    if not given:
        return None
    if len(given) > players:
        raise rally.SetupError(ngettext(
            "This game has {n} player: type at most {n} name, with commas between them, not {count}.",
            "This game has {n} players: type at most {n} names, with commas between them, not {count}.",
            players).format(n=players, count=len(given)))
    taken = {name.casefold() for name in given}
    spare = [name for name in rally.DEFAULT_NAMES if name.casefold() not in taken]
    names = list(given)
    for seat in range(len(given), players):
        own = rally.DEFAULT_NAMES[seat]
        name = own if own in spare else spare[0]
        spare.remove(name)
        names.append(name)
    return names


def _keyboard_to_hand(view: GameView) -> bool:
    """Bring the keyboard to a new game's hand when the person on screen plays first;
    returns whether it did."""
    if view.passing or view.game.current_player != view.viewer:
        return False
    view.hand.focus_card()
    return True


class GameSetup(Messages, StableRepr, w.VBox):
    """A game to play at once (``setup.view``, a :class:`GameView`), with its settings
    folded away behind one button: players, track, seed, names, people and bots, then
    "New game". ``coach`` gives the game the advisor's hints and review; ``show_settings``
    opens the settings from the start.

    >>> setup = GameSetup(seed=2)
    >>> setup.settings.layout.display, setup.settings_button.value
    ('none', False)
    >>> setup.settings_button.value = True
    >>> setup.settings.layout.display
    'flex'
    """

    def __init__(self, players: int = 4, track: str = "volcano", seed: int = 0,
                 names: Sequence[str] | None = None, bot: str = "careful", bot_delay: float = 0.0,
                 people: int = 1, coach: bool = False, show_settings: bool = False):
        self._init_message()
        self.players = w.Dropdown(options=[3, 4, 5], value=players, tooltip="", description=_("Players"),
                                  layout=w.Layout(width="150px"))
        people = inputs.whole(people, _("The number of people"), 1, players, rally.SetupError)
        self.people = w.Dropdown(options=list(range(1, players + 1)), value=people, description=_("People"),
                                 tooltip=_("How many players are people at this screen; the computer plays the rest"),
                                 layout=w.Layout(width="150px"))
        self.players.observe(self._on_players, names="value")
        self._coach = inputs.flag(coach, "coach", rally.SetupError)
        self.track = TrackChoice(track if isinstance(track, str) else "")
        self.seed = w.Text(value=str(seed), tooltip="", description=_("Game number"), layout=w.Layout(width="180px"))
        self.names = w.Text(value=", ".join(names or ()), description=_("Names"), placeholder="Ada, Bo, Cy, Di",
                            tooltip=_("Your names, with commas between them. The computer players get names "
                                      "of their own."),
                            layout=w.Layout(width="300px"))
        self.bot = w.Dropdown(options=[(_(BOT_WORDS[name]), name) for name in BOTS], value=bot, tooltip="", description=_("Computer players"),
                              layout=w.Layout(width="260px"))
        for setting in (self.players, self.people, self.track, self.seed, self.names):
            setting.observe(self._setting_changed, names="value")
        self.start = w.Button(description=_("New game"), button_style="primary")
        self.start.on_click(lambda _: self._start_pressed())
        self._bot_delay = bot_delay
        self.view: GameView | None = None
        self.box = w.Box()
        # A child meets the game first; the settings are a grown-up's errand, one tap away.
        self.settings = w.VBox([w.HBox([self.players, self.track, self.seed]),
                                w.HBox([self.names, self.people, self.bot, self.start]), self.message])
        self.settings.add_class("rally-game-settings")
        self.settings_button = w.ToggleButton(
            value=inputs.flag(show_settings, "show_settings", rally.SetupError),
            tooltip=_("Players, track, game number, your names"))
        self.settings_button.observe(lambda _change: self._show_settings(), names="value")
        self._show_settings()
        # Under a game that is over, where the child is: the next game, with the same settings.
        self.again = w.Button(description=_("Play again ▶"), button_style="primary",
                              tooltip=_("A new game with the next game number"),
                              layout=w.Layout(display="none", min_height="44px", margin="8px 0"))
        self.again.on_click(lambda _: self._ask_again())
        # A finished game's replay and review go with it: "Play again" asks first (a child
        # mistook it for the replay's "▶ Play" and lost the review).
        self.again_yes = w.Button(description=_("Yes, a new game ▶"), button_style="primary",
                                  layout=w.Layout(width="auto"))
        self.again_no = w.Button(description=_("Keep this game"), layout=w.Layout(width="auto"))
        self.again_yes.on_click(lambda _: self.play_again())
        self.again_no.on_click(lambda _: self._keep_game())
        self.again_words = w.HTML()
        self.confirm = w.VBox([self.again_words, w.HBox([self.again_yes, self.again_no])],
                              layout=w.Layout(display="none", margin="8px 0"))
        super().__init__([self.settings_button, self.settings, self.box, self.again, self.confirm])
        self.new_game()

    def _show_settings(self) -> None:
        """Show or fold the settings as the button says; its words say what a tap does."""
        shown = self.settings_button.value
        self.settings.layout.display = "flex" if shown else "none"
        self.settings_button.description = _("Hide the settings ⚙") if shown else _("Game settings ⚙")

    def _seed(self) -> int:
        """The game number typed, or a :class:`rally.SetupError` in a child's words."""
        typed = self.seed.value.strip()
        try:
            return inputs.whole_text(typed, _("The game number"), 0, inputs.MAX_SEED, rally.SetupError, 42)
        except rally.SetupError:
            raise rally.SetupError(_("{given} is not a game number: write a whole number like 42.").format(
                given=shown(typed))) from None

    def new_game(self) -> GameView | None:
        """Build a game from the controls. Returns the new view, or None (with the
        reason shown) when an input is wrong; the previous game then stays."""
        try:
            players, seed, names, track = self._settings()
            view = GameView(players, track=track, seed=seed, names=names,
                            bots=BOTS[self.bot.value](), bot_delay=self._bot_delay,
                            people=list(range(self.people.value)), coach=self._coach)
        except rally.RuleError as err:
            self.settings_button.value = True  # the error shows beside the setting to mend
            self._show_error(str(err))
            return None
        self._show_error("")
        old, self.view = self.view, view
        self.box.children = (view,)
        self.again.layout.display = self.confirm.layout.display = "none"
        view.when_over(self._offer_again)
        if old is not None:
            old.close()
        return view

    def _settings(self) -> tuple[int, int, list[str] | None, rally.Track]:
        """The players, game number, names and track set, or a :class:`rally.RuleError` in a
        child's words on the first that is wrong."""
        players = self.players.value
        seed = self._seed()
        typed = inputs.text(self.names.value, _("The names"), rally.SetupError, "Ada, Bo, Cy", inputs.MAX_TEXT_CHARS)
        names = inputs.names(seat_names(typed, players), players, rally.SetupError)
        return players, seed, names, rally.get_track(self.track.value)

    def _setting_changed(self, change: dict) -> None:
        """A setting changed: a track is checked as soon as it is chosen or written, and while
        an error shows, every change checks again, so the error goes once all is right (walk 76:
        it stayed until the next New game) or says what is wrong now."""
        if not (self.error or change["owner"] is self.track):
            return
        try:
            self._settings()
        except rally.RuleError as err:
            self._show_error(str(err))
        else:
            self._show_error("")

    def _start_pressed(self) -> None:
        """New game pressed: the game is set, so the settings fold away and the keyboard goes
        to the new game (its hand, or the button that folds the settings out again)."""
        view = self.new_game()
        if view is None:
            return
        self.settings_button.value = False
        if not _keyboard_to_hand(view):
            self.settings_button.focus()

    def _offer_again(self) -> None:
        self.again.layout.display = None

    def _ask_again(self) -> None:
        """"Play again" pressed: say what goes with this game, and ask."""
        self.again_words.value = "<b>" + html.escape(
            _("A new game? This game, its review and its replay will be gone.") if self._coach
            else _("A new game? This game and its replay will be gone.")) + "</b>"
        self.again.layout.display = "none"
        self.confirm.layout.display = "flex"
        self.again_yes.focus()

    def _keep_game(self) -> None:
        """Not now: the game stays, and "Play again" waits under it."""
        self.confirm.layout.display = "none"
        self.again.layout.display = None
        self.again.focus()

    def play_again(self) -> GameView | None:
        """The next game number (after the last comes 0), then :meth:`new_game`."""
        try:
            seed = self._seed()
        except rally.SetupError:
            seed = self.view.game.seed if self.view is not None else 0
        self.seed.value = str(0 if seed >= inputs.MAX_SEED else seed + 1)
        view = self.new_game()
        if view is not None:
            _keyboard_to_hand(view)  # the button pressed goes: the keyboard goes to the new hand
        return view

    def _on_players(self, change: dict) -> None:
        """More or fewer players: the people's menu offers 1 to that many."""
        people = min(self.people.value, change["new"])
        self.people.options = list(range(1, change["new"] + 1))
        self.people.value = people

    def __repr__(self) -> str:
        view = self.view
        if view is None:
            return _("A new game: none yet.")
        game = view.game
        text = ngettext("A new game: {players} player on the {track} track, seed {seed}.",
                        "A new game: {players} players on the {track} track, seed {seed}.", game.players).format(
            players=game.players, track=game.track.shown_name, seed=game.seed)
        if view.passing:
            text += " " + _("{names} play at this screen, each hand hidden from the others.").format(
                names=join_words([game.names[s] for s in view.people]))
        return text
