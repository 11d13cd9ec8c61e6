"""The words of a :class:`~widgets.stich_rallye.track_figure.TrackFigure`, in the language
rally speaks (:mod:`widgets.i18n`): the key's entries, the hover texts, the cars in words
and the figure in one sentence.

>>> legend_name("Ada", 34, 31)
'Ada · space 3 · lap 2'
"""

from __future__ import annotations

import html
from typing import Sequence

from rally import Move, SpaceKind, Track

from ..i18n import N_, _, join_words, language, ngettext, pgettext
from ..style import laps_done, motor_side

#: The legend's words per space kind (translated where shown: ``_(KIND_LEGEND[kind])``).
KIND_LEGEND: dict[SpaceKind, str] = {
    SpaceKind.START: N_("start/finish"),
    SpaceKind.FLAT: N_("flat"),
    SpaceKind.DOWNHILL: N_("downhill (rolls forward)"),
    SpaceKind.UPHILL: N_("uphill (rolls back)"),
}
#: A space's kind in a hover text ("Space 3: downhill"), translated where shown.
KIND_WORD: dict[SpaceKind, str] = {
    SpaceKind.START: N_("start/finish"),
    SpaceKind.FLAT: N_("flat"),
    SpaceKind.DOWNHILL: N_("downhill"),
    SpaceKind.UPHILL: N_("uphill"),
}
#: A car named by its color, per color word of :data:`rally.CAR_COLORS` (German declines
#: the color with the car, so each is a whole phrase).
CAR_PHRASE: dict[str, str] = {
    "white": N_("{name} (white car)"),
    "red": N_("{name} (red car)"),
    "yellow": N_("{name} (yellow car)"),
    "purple": N_("{name} (purple car)"),
    "blue": N_("{name} (blue car)"),
}
#: A car's legend entry after 0, 1 and 2 completed laps: where it is and its lap (the
#: motor's side is on its dial and in the car's hover text).
LEGEND_NAMES = (N_("{name} · {where} · lap 1"), N_("{name} · {where} · lap 2"), N_("{name} · {where} · finished"))


def cars_by_color(names: Sequence[str], colors: Sequence[str]) -> list[str]:
    """Each car named with its color, by seat: ``"Ada (white car)"`` (``names`` as given:
    escaped already where they go into HTML)."""
    return [_(CAR_PHRASE[color]).format(name=name) for name, color in zip(names, colors)]


def legend_name(name: str, progress: int, track_length: int, jumping: bool = False) -> str:
    """``"Ada · space 3 · lap 1"``: a car's legend entry; ``"Ada · jumping · lap 1"`` while a
    move shows it over another car's space (so the key never puts two cars on one space)."""
    if jumping:
        # TRANSLATORS: where a car is, in the track's key, while it jumps over another car.
        where = _("jumping")
    else:
        where = _("starting grid") if progress == 0 else _("space {space}").format(space=progress % track_length)
    return _(LEGEND_NAMES[min(max(laps_done(progress, track_length), 0), 2)]).format(name=name, where=where)


def key_chars(names: Sequence[str], track_length: int) -> int:
    """The characters of the key's longest car entry, wherever the cars stand."""
    n = track_length
    return max((len(legend_name(name, progress, n)) for name in names
                for progress in (0, n - 1, 2 * n - 1, 2 * n)), default=0)


def car_hover(progress: int, track_length: int) -> str:
    """The template of a car's hover text, by where it stands and its motor's side; it
    takes ``car`` (the car in words), ``space`` and ``laps``."""
    if progress == 0:
        return _("{car} on the starting grid; laps completed: {laps}; motor on its yellow side")
    if motor_side(laps_done(progress, track_length)) == "red":
        return _("{car} on space {space}; laps completed: {laps}; motor on its red side")
    return _("{car} on space {space}; laps completed: {laps}; motor on its yellow side")


def space_hovers(kinds: Sequence[SpaceKind], positions: Sequence[int], car_words: Sequence[str]) -> list[str]:
    """Each space's hover text: its number and kind, and the cars on it (the start's also
    names the cars on the starting grid)."""
    n = len(kinds)
    on_space: dict[int | str, list[str]] = {}
    for seat, p in enumerate(positions):
        where = "grid" if p == 0 else p % n
        on_space.setdefault(where, []).append(car_words[seat])
    hover = []
    space_line, grid_line, here_line = _("Space {space}: {kind}"), _("on the starting grid: {cars}"), \
        _("here: {cars}")
    kind_words = {kind: _(word) for kind, word in KIND_WORD.items()}
    for space, kind in enumerate(kinds):
        lines = [space_line.format(space=space, kind=kind_words[kind])]
        if space == 0 and "grid" in on_space:
            lines.append(grid_line.format(cars=", ".join(on_space["grid"])))
        if space in on_space:
            lines.append(here_line.format(cars=", ".join(on_space[space])))
        hover.append("<br>".join(lines))
    return hover


def trail_word(how: str) -> str:
    """The short mark beside a space a move's car ``"jumped"`` or ``"rolled"`` onto."""
    # TRANSLATORS: a short mark beside a space where the moving car jumped another car, or rolled.
    return pgettext("trail mark", "jump") if how == "jumped" else pgettext("trail mark", "roll")


def move_opening(name: str, move: Move, track_length: int) -> str:
    """The caption before a move's first step: ``"Ada moves 3 from space 4"``."""
    if move.start == 0:
        template = ngettext("{name} moves {n} from the grid", "{name} moves {n} from the grid", move.steps)
    else:
        template = ngettext("{name} moves {n} from space {space}", "{name} moves {n} from space {space}",
                            move.steps)
    return template.format(name=name, n=move.steps, space=move.start % track_length)


def track_in_words(track: Track, lang: str | None = None) -> str:
    """A small track as a learner would read it off the board: its spaces, counted from
    the start/finish, and which are hills (in ``lang``, default the language spoken).
    ``"A track of 12 spaces, counted clockwise from the start/finish (space 0) to space
    11; spaces 4 and 5 are downhill (blue), all the others flat."``"""
    with language(lang):
        return _track_in_words(track)


def _spaces_of(track: Track, kind: SpaceKind) -> list[str]:
    """The numbers of ``track``'s spaces of ``kind``, as words for :func:`join_words`."""
    return [str(i) for i, k in enumerate(track.kinds) if k is kind]


def _track_in_words(track: Track) -> str:
    n = len(track)
    hills = []
    for kind in (SpaceKind.DOWNHILL, SpaceKind.UPHILL):
        found = _spaces_of(track, kind)
        if not found:
            continue
        spaces = join_words(found)
        if kind is SpaceKind.DOWNHILL:
            hills.append(ngettext("space {spaces} is downhill (blue)", "spaces {spaces} are downhill (blue)",
                                  len(found)).format(spaces=spaces))
        else:
            hills.append(ngettext("space {spaces} is uphill (red)", "spaces {spaces} are uphill (red)",
                                  len(found)).format(spaces=spaces))
    if hills:
        template = ngettext("A track of {n} spaces, counted clockwise from the start/finish (space 0) to space "
                            "{last}; {hills}, all the others flat.",
                            "A track of {n} spaces, counted clockwise from the start/finish (space 0) to space "
                            "{last}; {hills}, all the others flat.", n)
        return template.format(n=n, last=n - 1, hills=join_words(hills))
    return ngettext("A track of {n} spaces, counted clockwise from the start/finish (space 0) to space {last}, "
                    "with no hills.",
                    "A track of {n} spaces, counted clockwise from the start/finish (space 0) to space {last}, "
                    "with no hills.", n).format(n=n, last=n - 1)


def hills_in_words(track: Track) -> str:
    """The hills of a small track in one or two short sentences, for a question that asks
    where a car stops: the hills are drawn only in color and shape.

    >>> hills_in_words(Track.parse("S...DD...U..")), hills_in_words(Track.parse("S....."))
    ('Spaces 4 and 5 are downhill ▼. Space 9 is uphill ▲.', 'This track has no hills.')
    """
    said = []
    down = _spaces_of(track, SpaceKind.DOWNHILL)
    if down:
        said.append(ngettext("Space {spaces} is downhill ▼.", "Spaces {spaces} are downhill ▼.",
                             len(down)).format(spaces=join_words(down)))
    up = _spaces_of(track, SpaceKind.UPHILL)
    if up:
        said.append(ngettext("Space {spaces} is uphill ▲.", "Spaces {spaces} are uphill ▲.",
                             len(up)).format(spaces=join_words(up)))
    return " ".join(said) or _("This track has no hills.")


def cars_table(positions: Sequence[int], car_words: Sequence[str], track_length: int, track_words: str = "") -> str:
    """Where every car is, as a table folded under a summary line (HTML), after
    ``track_words`` (the track itself in words, :func:`track_in_words`) when given: the
    hills are drawn only in color and shape, so a screen reader gets them here."""
    n = track_length
    rows = []
    for seat, p in enumerate(positions):
        where = _("starting grid") if p == 0 else _("space {space}").format(space=p % n)
        rows.append(f"<tr><td>{car_words[seat]}</td><td>{html.escape(where)}</td><td>{laps_done(p, n)}</td></tr>")
    head = "".join(f"<th scope='col' style='text-align:left;padding-right:12px'>{html.escape(h)}</th>"
                   for h in (_("Car"), _("Where"), _("Laps completed")))
    said = f"<p style='margin:2px 0'>{html.escape(track_words)}</p>" if track_words else ""
    return ("<details style='font-size:13px;margin:2px 0'><summary>" + html.escape(_("Where the cars are, in words"))
            + f"</summary>{said}<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>")


def track_sentence(track: Track, positions: Sequence[int]) -> str:
    """The track and where the cars stand, in one sentence (a figure's repr)."""
    text = ngettext("The {track} track, {n} space.", "The {track} track, {n} spaces.", len(track)).format(
        track=track.shown_name, n=len(track))
    if not positions:
        return text
    return text + " " + ngettext("A car on space {spaces}.", "Cars on spaces {spaces}.", len(positions)).format(
        spaces=join_words([str(p) for p in positions]))
