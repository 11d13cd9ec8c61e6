"""The learner's ticks on the course: :class:`LessonDone` at the end of a lesson ticks it
off, :class:`CourseProgress` in lesson 0 shows which lessons are ticked.

The ticks are kept in the browser (``localStorage``), not in the notebook or the kernel: a
child's progress stays on the computer they learn on, in JupyterLab, in the app view and on
the static site alike, and a lesson run again starts no one else's. Python never sees them,
so the plain text (what nbval compares) is the same for every learner.

>>> LessonDone("01_tricks")
A button that ticks off lesson 1 when you have finished it.
>>> CourseProgress()
The course, 10 lessons: lessons you tick off at their end are ticked here.
"""

from __future__ import annotations

import pathlib

import anywidget
import traitlets

from ._display import StableRepr
from .messages import PageWrites
from .course import course, course_language, lesson_named
from .i18n import _, ngettext
from .page_style import PAGE_CSS

HERE = pathlib.Path(__file__).parent
#: Where the ticks are kept in the browser: a JSON list of English lesson names.
STORAGE_KEY = "rally-notebooks:finished"

_CSS = """
.rally-course { font-size: 14px; line-height: 1.5; }
.rally-course ol { list-style: none; padding-left: 0; margin: 4px 0; }
/* A lesson's row: its mark, then its title, which wraps under the title, not under the mark. The
   two stay on one line of the page's text (a flex row would read as two lines). */
.rally-course li { padding: 2px 0 2px 1.6em; text-indent: -1.6em; }
.rally-course__mark { display: inline-block; width: 1.6em; text-indent: 0; font-weight: bold; }
/* The title is a link where the page links that lesson, and looks like one. */
.rally-course a[href] { color: #1d4ed8; text-decoration: underline; }
.rally-course a[href]:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.rally-course__done .rally-course__mark { color: #166534; }
.rally-course__next { margin: 10px 0; }
.rally-course__button { padding: 6px 14px; border: 1px solid #374151; border-radius: 6px; background: #f3f4f6;
                        cursor: pointer; font-size: 14px; min-height: 36px; }
@media (pointer: coarse) {
  .rally-course__button { min-height: 44px; }
  /* A link in a lesson's list (lesson 0's list of the lessons) is a finger's target too: a
     phone's line alone is 21 px. */
  .jp-RenderedMarkdown li a[href] { display: inline-flex; align-items: center; min-height: 44px; }
  /* A finger's target: each row and its link as tall as 44 px. */
  .rally-course li { padding-top: 12px; padding-bottom: 12px; }
  .rally-course li a[href], .rally-course__next a[href] { padding: 14px 0; }
}
.rally-course__button[aria-pressed="true"] { background: #dcfce7; border-color: #166534; }
.rally-course__button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.rally-course__note { margin: 6px 0 0; color: #374151; }
/* The way forward at a lesson's end in the app view (Voilà puts each cell in a box of its own in
   #rendered_cells): the last cell's line "**Next:** [Lesson 2 …](…) · [Back to the start](…)".
   Each link is a button a finger can hit, at least 44 px tall, in every language. */
#rendered_cells div:not(:has(~ div)) > .jp-MarkdownCell p:has(> strong:first-child) > a[href$=".ipynb"] {
  display: inline-flex; align-items: center; min-height: 44px; box-sizing: border-box; margin: 4px 2px;
  padding: 6px 14px; border: 1px solid #1d4ed8; border-radius: 6px; background: #eff6ff; color: #1e3a8a;
  font-weight: bold; text-decoration: underline; vertical-align: middle;
}
#rendered_cells div:not(:has(~ div)) > .jp-MarkdownCell p:has(> strong:first-child) > a[href$=".ipynb"]:focus-visible {
  outline: 3px solid #1d4ed8; outline-offset: 2px;
}
/* The "·" between the two buttons is left out (its text has no size): on a phone it stood alone at
   the start of the second line. The buttons' own margins keep them apart. */
#rendered_cells div:not(:has(~ div)) > .jp-MarkdownCell p:has(> strong:first-child):has(> a[href$=".ipynb"]) {
  font-size: 0;
}
#rendered_cells div:not(:has(~ div)) > .jp-MarkdownCell p:has(> strong:first-child):has(> a[href$=".ipynb"]) > * {
  font-size: var(--jp-content-font-size1, 14px);
}
/* JupyterLab breaks a printed line anywhere, even inside a word ("t/he hill"). The lessons'
   printed text is sentences: wrap it at spaces, and only a word longer than the line may
   break. Every lesson shows a LessonDone, so this reaches every lesson's page. */
.jp-OutputArea-output pre { word-break: normal; overflow-wrap: break-word; }
"""


class _CourseWidget(StableRepr, PageWrites, anywidget.AnyWidget):
    """What both course widgets share; their words are in the language spoken when made."""

    _esm = HERE / "course_progress.js"
    _css = _CSS + PAGE_CSS  # every lesson shows a LessonDone: the page style reaches every lesson
    #: "progress" (the course map's ticks) or "done" (a lesson's tick button).
    kind = traitlets.Unicode("progress").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    #: Every lesson of the course of the language spoken (``widgets.course.course``): its course
    #: id (its English name), its title and its notebook's file name in that language.
    lessons = traitlets.List().tag(sync=True)
    #: The lesson a ``done`` button ticks off (its English name).
    lesson = traitlets.Unicode("").tag(sync=True)
    #: The words the page shows, in the language spoken when the widget was made.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        lang = course_language()
        kwargs.setdefault("lessons", [{"name": item.english, "title": item.title(), "file": f"{item.name(lang)}.ipynb"}
                                      for item in course()])
        super().__init__(**kwargs)


class CourseProgress(_CourseWidget):
    """Every lesson of the course with a tick (✓) for those the learner ticked off at their
    end, in this browser; a dash (–) for the others, which does not look like a choice to tap."""

    def __init__(self, **kwargs):
        kwargs.setdefault("labels", {
            "done": _("finished"),
            "open": _("not finished yet"),
            "count": _("{done} of {total} lessons finished"),
            "next": _("Go on with:"),
            "storage": _("This browser cannot keep ticks (its storage is off)."),
        })
        super().__init__(kind="progress", **kwargs)
        self._plain = ngettext("The course, {count} lesson: lessons you tick off at their end are ticked here.",
                               "The course, {count} lessons: lessons you tick off at their end are ticked here.",
                               len(self.lessons)).format(count=len(self.lessons))

    def __repr__(self) -> str:
        return self._plain


class LessonDone(_CourseWidget):
    """A button that ticks off ``lesson`` (its file name in any language) on the course map,
    or takes the tick back; the tick is the lesson's course id, its English name, in every
    language. A name no lesson has is refused with the names there are."""

    def __init__(self, lesson: str, **kwargs):
        item = lesson_named(lesson)
        title = item.title()
        kwargs.setdefault("labels", {
            # The button says what it does: it marks the lesson done, and the tick shows on lesson 0's
            # course map (which says the ticks stay in this browser only), so it needs no note of its own
            # until it is pressed ("Tick off this lesson in lesson 0" read as ticking off lesson 0: walk 79).
            # Lesson 0 shows its own tick on its map, right above the button.
            "tick": _("✓ Mark as done") if item.number == 0 else _("✓ Mark as done (shows in lesson 0)"),
            "ticked": _("✓ Finished: {title}").format(title=title),
            "note_ticked": _("The tick shows on the course map in lesson 0. Press again to take it away."),
            "note_open": "",
            "storage": _("This browser cannot keep ticks (its storage is off)."),
        })
        super().__init__(kind="done", lesson=item.english, **kwargs)
        self._plain = _("A button that ticks off lesson {number} when you have finished it.").format(number=item.number)

    def __repr__(self) -> str:
        return self._plain
