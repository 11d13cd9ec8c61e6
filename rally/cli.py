"""``python -m rally``: explain a trick, or watch bots play a whole game.

    python -m rally explain G11 R5 B7 G3
    python -m rally simulate --players 4 --track beach --seed 3
    python -m rally tracks
    python -m rally run --players 4 --seed 3 --bots perfect,forgetful:3,none,perfect

Bad arguments print one line saying what was wrong and exit with code 2. Every number
has a stated range (see ``--help``): a trick has 3 to 5 cards, ``--games`` at most
:data:`MAX_GAMES`, so no command runs for days without a word.

Output that cannot be written never ends in a traceback (docs/decisions.md, "The command
line's output"): a reader that stops early (``| head``) ends the command quietly, with
exit status 141 as for any Unix tool cut off by a closed pipe; a closed or full output
prints one line and exits with 2. Characters the terminal's encoding lacks are written
plainer (German ü as ue, ß as ss, a dash as -, else ?), so a German learner on an ASCII
terminal still reads every sentence.
"""

from __future__ import annotations

import argparse
import codecs
import os
import random
import sys
from typing import IO, TYPE_CHECKING, Callable, NoReturn, Sequence

from .common import inputs
from .common.errors import RuleError, SetupError
from .common.i18n import N_, LanguageError, _, available_languages, ngettext, npgettext, set_language
from .rally_run.simulate import MAX_GAMES, simulate, simulate_many
from .rally_run.state import MAX_TURNS
from .stich_rallye.bots import Bot, HeuristicBot, RandomBot, play_out
from .stich_rallye.cards import MAX_PLAYERS, MIN_PLAYERS, parse_cards
from .stich_rallye.events import Dealt, GameWon, RoundEnded, TrickWon
from .stich_rallye.game import Game
from .stich_rallye.track import TRACKS, SpaceKind

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

BOTS: dict[str, Callable[[], Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}
#: The kinds of bot ``simulate`` takes, in words (translated where shown); the value of
#: ``--bots`` itself stays as typed.
BOT_WORDS = {"heuristic": N_("heuristic bots"), "random": N_("random bots")}


#: The exit status when the reader of the output went away (``| head``): 128 + SIGPIPE.
PIPE_CLOSED = 141
#: Plainer forms of the characters rally's sentences use, for a terminal whose encoding lacks them.
_PLAIN = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "é": "e", "\xa0": " ",
          "–": "-", "—": "-", "„": '"', "“": '"', "”": '"', "‚": "'", "‘": "'", "’": "'", "…": "...", "×": "x",
          "→": "->", "←": "<-", "·": ".", "«": '"', "»": '"', "\u202f": " "}


def _plainer(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``rally.plain``: each character the encoding lacks, as :data:`_PLAIN` or ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    lacking = error.object[error.start:error.end]
    return "".join(_PLAIN.get(character, "?") for character in lacking), error.end


codecs.register_error("rally.plain", _plainer)


def _write(stream: "SupportsWrite[str] | None", text: str) -> None:
    """Write ``text`` to ``stream``, plainer where its encoding lacks a character (a
    closed stream, ``None``, raises :class:`OSError`: the output cannot be written)."""
    if stream is None:
        raise OSError(_("the output is closed"))
    try:
        stream.write(text)
    except UnicodeEncodeError:  # nothing was written: the text is encoded whole first
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "rally.plain").decode(encoding))


def _silence(stream: IO[str] | None) -> None:
    """Send what is left of ``stream`` nowhere, so Python's flush at exit has nothing to complain of."""
    try:
        if stream is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):  # no file behind it (a test's capture): nothing will be flushed to one
        pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit code 2
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def print_usage(self, file: "SupportsWrite[str] | None" = None) -> None:
        _write(sys.stdout if file is None else file, self.format_usage())

    def print_help(self, file: "SupportsWrite[str] | None" = None) -> None:
        _write(sys.stdout if file is None else file, self.format_help())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            _write(sys.stderr, message)
        sys.exit(status)


def _whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, ASCII digits only."""
    def read(text: str) -> int:
        try:
            return inputs.whole_text(text, what, low, high, SetupError)
        except SetupError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return read


def _lang_option() -> "_Parser":
    """``--lang``, which every command takes (before or after the command's name)."""
    option = _Parser(prog="python -m rally", add_help=False)
    option.add_argument("--lang", default=None, metavar="LANG",
                        help=_("the language to speak: {languages} (default: the LANGUAGE or LANG variable, else en)")
                        .format(languages=", ".join(available_languages())))
    return option


def _parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language spoken (chosen before it is made)."""
    lang = [_lang_option()]
    parser = _Parser(prog="python -m rally", description=_("Stich Rallye rules from the command line."),
                     parents=lang)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    explain = sub.add_parser("explain", help=_("who wins a trick, and why"), parents=lang)
    explain.add_argument("cards", nargs="+", help=_("the trick's cards in play order, like G11 R5 B7 G3"))
    sim = sub.add_parser("simulate", help=_("bots play a whole game; print what happens"), parents=lang)
    sim.add_argument("--players", type=_whole("--players", MIN_PLAYERS, MAX_PLAYERS), default=4,
                     help=_("3, 4 or 5 (default 4)"))
    sim.add_argument("--track", default="volcano", help=_("volcano, beach, or track text like 'S..DD..U...'"))
    sim.add_argument("--seed", type=_whole("--seed", 0, inputs.MAX_SEED), default=0,
                     help=_("fixes the deals and the bots' choices (0 to 2**64-1)"))
    sim.add_argument("--bots", default="heuristic", help=_("heuristic or random (default heuristic)"))
    sim.add_argument("--brief", action="store_true", help=_("only tricks, round ends and the result"))
    sub.add_parser("tracks", help=_("list the built-in tracks"), parents=lang)
    run = sub.add_parser("run", help=_("Rally Run: bots play a game (or --games N of them); print what happens"),
                         parents=lang)
    run.add_argument("--players", type=_whole("--players", 2, 4), default=4, help=_("2, 3 or 4 (default 4)"))
    run.add_argument("--seed", type=_whole("--seed", 0, inputs.MAX_SEED), default=0,
                     help=_("fixes the layout and the bots' choices (0 to 2**64-1)"))
    run.add_argument("--bots", default="perfect",
                     help=_("perfect, forgetful:K, none or random; one for all or one per player, like perfect,none"))
    run.add_argument("--brief", action="store_true", help=_("only trophies, the board at the end and the winner"))
    run.add_argument("--games", type=_whole("--games", 1, MAX_GAMES), default=None,
                     help=_("play this many games (1 to {most}) and print the results and speed").format(
                         most=MAX_GAMES))
    run.add_argument("--max-turns", type=_whole("--max-turns", 1, MAX_TURNS), default=None,
                     help=_("turn limit (1 to {most}; default 100 per player)").format(most=MAX_TURNS))
    return parser


def _explain(cards: Sequence[str]) -> str:
    from .stich_rallye.tricks import explain_trick

    trick = parse_cards(list(cards))
    result = explain_trick(trick)
    head = _("{cards}: card {number} ({card}) wins.").format(
        cards=" ".join(str(c) for c in trick), number=result.winner + 1, card=result.winning_card)
    return head + "\n" + result.sentence


def _car(seat: int, name: str) -> str:
    """``"Ada (white car)"``: a player and the color of their car
    (:data:`rally.stich_rallye.game.CAR_COLORS`, by seat)."""
    return (_("{name} (white car)"), _("{name} (red car)"), _("{name} (yellow car)"), _("{name} (purple car)"),
            _("{name} (blue car)"))[seat].format(name=name)


def _simulate(players: int, track: str, seed: int, bots: str, brief: bool) -> str:
    inputs.one_of(bots, "--bots", BOTS, SetupError)
    game = Game.new(players, track=track, seed=seed)
    play_out(game, [BOTS[bots]() for _seat in range(players)], random.Random(seed))
    names = game.names
    n = len(game.track)
    lines = [
        ngettext("Stich Rallye: {players} players on the {track} track ({n} spaces), seed {seed}, {bots}.",
                 "Stich Rallye: {players} players on the {track} track ({n} spaces), seed {seed}, {bots}.", n).format(
            players=players, track=game.track.shown_name, n=n, seed=seed, bots=_(BOT_WORDS[bots])),
        _("Players: {players}.").format(players=", ".join(_car(s, names[s]) for s in range(players))),
    ]
    for event in game.events:
        if isinstance(event, Dealt):
            lines.append("")
            lines.append(_("== Round {round} ==").format(round=event.round))
        if brief and not isinstance(event, (Dealt, TrickWon, RoundEnded, GameWon)):
            continue
        lines.append(("  " if not isinstance(event, (Dealt, GameWon)) else "") + event.describe(names))
    lines.append("")
    standing = sorted(range(players), key=lambda s: -game.positions[s])
    lines.append(_("Final positions: {positions}.").format(positions=", ".join(
        _("{name} {position} ({laps} + {spaces})").format(
            name=names[s], position=game.positions[s],
            laps=npgettext("final positions", "{n} laps", "{n} laps", game.positions[s] // n).format(
                n=game.positions[s] // n),
            spaces=npgettext("final positions", "{n} spaces", "{n} spaces", game.positions[s] % n).format(
                n=game.positions[s] % n))
        for s in standing)))
    assert game.winner is not None  # play_out plays to the end
    lines.append(_("Winner: {name}.").format(name=names[game.winner]))
    return "\n".join(lines)


def _tracks() -> str:
    lines = []
    for name, track in sorted(TRACKS.items()):
        lines.append(ngettext("{name}: {n} spaces, {downhill} downhill, {uphill} uphill",
                              "{name}: {n} spaces, {downhill} downhill, {uphill} uphill", len(track)).format(
            name=name, n=len(track), downhill=track.count(SpaceKind.DOWNHILL), uphill=track.count(SpaceKind.UPHILL))
            + f"\n  {track}")
    lines.append(_("(Models of the printed boards: the rule text does not describe them.)"))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the program's arguments) and return
    its exit status: 0 done, 2 bad arguments or output that cannot be written,
    :data:`PIPE_CLOSED` when the reader stopped early. ``--help`` and bad arguments
    end with :class:`SystemExit`, as argparse does."""
    previous = None
    try:
        try:
            # The language first, so that everything after it (help and errors too) speaks it.
            chosen, _rest = _lang_option().parse_known_args(argv)
            try:
                previous = set_language(chosen.lang) if chosen.lang is not None else None
            except LanguageError as err:
                _parser().error(str(err))
            parser = _parser()
            return _run(parser, parser.parse_args(argv))
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # here, where a failure can still be answered
    except BrokenPipeError:  # the reader went away (| head): nothing to say to anyone
        _silence(sys.stdout)
        return PIPE_CLOSED
    except OSError as err:  # a full disk, a closed output
        _silence(sys.stdout)
        try:
            _write(sys.stderr, _("python -m rally: error: the output cannot be written: {problem}.").format(
                problem=err.strerror or err) + "\n")
        except OSError:  # no stderr either: the exit status says it
            pass
        return 2
    finally:
        if previous is not None:
            set_language(previous)


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        if args.command == "explain":
            out = _explain(args.cards)
        elif args.command == "run":
            if args.games is None:
                out = simulate(args.players, args.seed, args.bots, args.brief, args.max_turns)
            else:
                out = simulate_many(args.players, args.games, args.seed, args.bots, args.max_turns)
        elif args.command == "simulate":
            out = _simulate(args.players, args.track, args.seed, args.bots, args.brief)
        else:
            out = _tracks()
    except RuleError as err:
        _write(sys.stderr, f"{parser.prog}: error: {err}\n")
        return 2
    _write(sys.stdout, out + "\n")
    return 0
