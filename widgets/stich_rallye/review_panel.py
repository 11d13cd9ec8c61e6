"""ReviewPanel: the game view's reviews, above its replay. In Jupyter the review's work on
each decision starts while the game goes on (:meth:`ReviewPanel.look_ahead`, a thread that
waits while a hint is worked out), and after the game the review grows a step at a time in
a thread too (:func:`rally.review_steps`): the panel shows what it has found about once a
second until it is whole. Without an event loop (tests) it is made at once. In pass-and-play
each person opens their own review, one at a time, behind a :class:`ScreenCover`.

>>> from rally import Game
>>> panel = ReviewPanel(Game.new(3, seed=4), {}, on_select=print, on_hide=print, on_reveal=print)
>>> panel.review is None, panel.layout.display
(True, 'none')
"""

from __future__ import annotations

import asyncio
import contextlib
import concurrent.futures
import html
import threading
from typing import Callable, Iterator, Sequence

import ipywidgets as w

import rally
from rally import Event, Game
from rally.stich_rallye.game import decision_of
from rally.stich_rallye.review import look_ahead
from rally.stich_rallye.table_view import table_view

from ..closing import replace_children, running_loop
from ..i18n import _, get_language
from .game_review import GameReview
from .screen_cover import ScreenCover

#: While a review grows, the page shows what it has at most this often, in seconds (and
#: always its first step and its last).
REVIEW_REFRESH = 1.0


class ReviewPanel(w.VBox):
    """The box above the replay that shows a review of ``game`` (``review``, drawn as
    ``review_view``), made with the ``hints`` each seat was shown. A decision chosen in it
    calls ``on_select``; pass-and-play's "Done: hide my review" calls ``on_hide``, its
    cover's button ``on_reveal``. ``task`` is the review growing (None when none is);
    ``ahead`` the review's work on decisions made, queued."""

    def __init__(self, game: Game, hints: dict[int, list[rally.Advice]],
                 on_select: Callable[[rally.ReviewedDecision], object], on_hide: Callable[[], object],
                 on_reveal: Callable[[], object]) -> None:
        super().__init__(layout=w.Layout(display="none"))
        self.game, self.hints, self.on_select = game, hints, on_select
        self.review: rally.Review | None = None
        self.review_view: GameReview | None = None
        self.cover = ScreenCover()  # pass-and-play: the reviews' cover, above the replay
        self.cover.on_reveal(on_reveal)
        self.task: asyncio.Task | None = None
        self.ahead: list[concurrent.futures.Future] = []
        self._reviews: dict[int, rally.Review] = {}
        self._chooser: tuple[w.Widget, ...] | None = None  # pass-and-play: the reviews' buttons, once over
        self._hide = w.Button(description=_("Done: hide my review"), button_style="primary",
                              layout=w.Layout(width="auto"))
        self._hide.on_click(lambda _: on_hide())
        self._title = w.HTML()  # pass-and-play: whose review it is, kept while the review grows

    def ask(self, seat: int) -> None:
        """Pass-and-play: ask ``seat``'s person to take the screen for their own review."""
        self.cover.ask(table_view(self.game), seat, review=True)
        self.cover.button.focus()

    def show_to(self, seat: int) -> None:
        """Pass-and-play: the person asked for has the screen: their review, hideable."""
        self.cover.hide()
        self.start(seat, hideable=True)

    def look_ahead(self, moment: rally.Position, events: Sequence[Event]) -> None:
        """Start the review's work on the decision ``events`` logged, made at ``moment``,
        in its thread (it waits while a hint is worked out)."""
        chosen = next(filter(None, map(decision_of, events)))[1]
        self.ahead = [job for job in self.ahead if not job.done()]
        self.ahead.append(_worker("ahead").submit(look_ahead, moment, chosen, _wait_for_hints))

    def offer(self, people: Sequence[int], ask: Callable[[int], object]) -> None:
        """Pass-and-play, the game over: a button per person for their own review."""
        if self._chooser is None:  # made once: a button is never closed inside its own click
            buttons = []
            for seat in people:
                button = w.Button(description=_("{name}'s review").format(name=self.game.names[seat]),
                                  layout=w.Layout(width="auto", margin="2px 6px 2px 0"))
                button.on_click(lambda _, seat=seat: ask(seat))
                buttons.append(button)
            self._chooser = (
                w.HTML("<div style='line-height:1.4'>" + _(
                    "<b>Look back at your game.</b> Each of you can open your own review: the cards you held and the "
                    "choices that cost the most. It opens behind the same cover, one person at a time.") + "</div>"),
                w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")), self.cover)
        self.clear()
        self.children = self._chooser
        self.layout.display = "flex"

    def clear(self) -> None:
        """Take what the box shows off the page and close it; its buttons and cover stay,
        for the next person. A review still growing stops after the step it is at."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        replace_children(self, (), self.kept_parts())
        self.review = self.review_view = None

    def start(self, seat: int, hideable: bool = False) -> None:
        """Review ``seat``'s decisions and show the review; ``hideable`` adds a button that
        hides it again (pass-and-play). With an event loop running (in Jupyter) the review
        grows in a thread and the box shows it as it grows; without one it is made here."""
        self.clear()
        note = w.HTML("<i>" + _("Reviewing your game: every option of every decision you made is played out…")
                      + "</i>")
        bar = w.IntProgress(min=0, max=1, value=0, layout=w.Layout(width="400px"))
        self.children = (note, bar)
        self.layout.display = "flex"
        for job in self.ahead:  # the game is over: what was not begun is left to the review itself
            job.cancel()
        self.ahead = []
        if seat in self._reviews:  # a review opened again is not made again
            self._show(seat, self._reviews[seat], hideable)
            return
        loop = running_loop()
        try:
            steps = rally.review_steps(self.game, seat, lang=get_language(), hints=self.hints.get(seat, ()))
            if loop is not None:
                self.task = loop.create_task(self._grow(seat, steps, hideable, note, bar))
                return
            step = None
            for step in steps:
                _show_progress(bar, step)
        except rally.RuleError as err:  # SetupError and the like: said in words, never raised into the page
            self._failed(err)
            return
        if step is not None:
            self._show(seat, step, hideable)

    async def _grow(self, seat: int, steps: Iterator[rally.Review], hideable: bool, note: w.HTML,
                    bar: w.IntProgress) -> None:
        """Take ``steps`` one at a time in the review's thread, the kernel's event loop free
        meanwhile, and show what they have found: the first step, then at most every
        :data:`REVIEW_REFRESH` seconds, and the last (the whole review)."""
        loop = asyncio.get_running_loop()
        shown_at: float | None = None
        step = shown = None
        try:
            while True:
                found = await loop.run_in_executor(_worker("review"), next, steps, None)
                if found is None:
                    break
                step = found
                _show_progress(bar, step)
                if shown_at is None or step.complete or loop.time() - shown_at >= REVIEW_REFRESH:
                    self._show(seat, step, hideable, (note, bar))
                    shown, shown_at = step, loop.time()
        except asyncio.CancelledError:
            raise
        except Exception as err:  # never raise into the notebook from a background task
            self._failed(err)
            return
        finally:
            if self.task is asyncio.current_task():
                self.task = None
        if step is not None and step is not shown:
            self._show(seat, step, hideable)

    def _show(self, seat: int, review: rally.Review, hideable: bool, working: tuple[w.Widget, ...] = ()) -> None:
        """Show ``review`` in place of what is shown; ``working`` (a note and a progress bar)
        stays under it while it is still growing. What goes is closed."""
        if review.complete:
            self._reviews[seat] = review
        self.review = review
        before_view, self.review_view = self.review_view, GameReview(review)
        if before_view is not None:  # a review grown further: drawn at once for the room its last step had
            self.review_view.chart.take_room_of(before_view.chart)
        self.review_view.on_select(self.on_select)
        shown: tuple[w.Widget, ...] = (self.review_view,)
        if hideable:
            self._title.value = "<b>" + _("{name}'s review").format(name=html.escape(self.game.names[seat])) + "</b>"
            shown = (self._title, self.review_view, self._hide)
        if not review.complete:
            shown += working
        replace_children(self, shown, self.kept_parts())

    def _failed(self, err: Exception) -> None:
        """Say in the review's place, where the learner looks, why there is no review."""
        self.review = self.review_view = None
        replace_children(self, (w.HTML("<div role='alert'>" + _("The review could not be made: {error}").format(
            error=html.escape(str(err))) + "</div>"),), self.kept_parts())

    def kept_parts(self) -> tuple[w.Widget, ...]:
        """The parts never closed while the view lives, on the page or not: the reviews'
        buttons, cover and title. The view closes them with itself."""
        return (*(self._chooser or ()), self._title, self._hide)


def _show_progress(bar: w.IntProgress, review: rally.Review) -> None:
    """The progress bar under a review that grows: the decisions with their last verdict."""
    bar.max = max(1, len(review.decisions) + review.unreviewed)
    bar.value = len(review.decisions) - len(review.pending)


_workers: dict[str, concurrent.futures.ThreadPoolExecutor] = {}
#: Set while no hint is being worked out: the review's work done ahead waits for it.
HINT_FREE = threading.Event()
HINT_FREE.set()


@contextlib.contextmanager
def hint_time() -> Iterator[None]:
    """While a hint is worked out: the review's work done ahead waits, the hint has the
    machine to itself."""
    HINT_FREE.clear()
    try:
        yield
    finally:
        HINT_FREE.set()


def _worker(name: str) -> concurrent.futures.ThreadPoolExecutor:
    """The one thread of its kind (``"review"``: reviews growing, a step at a time;
    ``"ahead"``: the review's work on decisions just made), made when first needed."""
    if name not in _workers:
        _workers[name] = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"rally-{name}")
    return _workers[name]


def _wait_for_hints(done: int, total: int) -> None:
    """Between two batches of the review's work done ahead: wait while a hint is worked out."""
    HINT_FREE.wait()
