"""A self-check quiz whose answers the rules engine verifies.

A :class:`Quiz` shows one :class:`Question` at a time, headed by what it asks. Choosing an
answer and pressing *Check* shows feedback in words (never by color alone: a ✔ or ✘ and a
sentence). A first wrong answer gets a hint and another try; only a second wrong answer
shows the solution. A right answer locks the question with its ✔: its answers and *Check*
are disabled, so trying another answer cannot turn the ✔ into a ✘. A question may bring a
picture (a motor dial, a track, a board) drawn above its answers. *Next question* works
once the question is answered right or its solution has been shown. After the last question the quiz ends with the learner's result
(how many were right at the first try) and says it is finished; *Start again* begins anew.

>>> from widgets.quiz import Feedback, Question, Quiz
>>> q = Question("Ada has two cars and gets one more. How many cars has she?", ("2", "3"),
...              lambda a: Feedback(a == "3", "Two and one make three."), hint="Count the cars one by one.")
>>> quiz = Quiz("Warm-up", [q])
>>> q.heading
'How many cars has she?'
>>> quiz.answer("2").message, quiz.answer("2").message
('Count the cars one by one. Try again.', 'Two and one make three.')
>>> quiz.next(), quiz.finished, quiz.result()
(True, True, 'You have finished the self-check: 0 of 1 question right at the first try.')
>>> quiz.restart(); quiz.answer("3").message, quiz.answer("2").correct, quiz.solved
('Two and one make three.', True, True)
>>> quiz
Self-check “Warm-up”: 1 question.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

import ipywidgets as w

from rally import SetupError
from rally.common import inputs
from .announcer import Announcer
from .i18n import N_, _, ngettext
from .page_style import PageStyle


#: The hint of a question that brings none of its own (translated where it is shown).
DEFAULT_HINT = N_("Look again at the rule this part of the lesson is about.")


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer, and the explanation to show."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Question:
    """A prompt, its choices, a ``check`` that judges an answer (via :mod:`rally`), and a
    ``hint`` shown after a first wrong answer: a nudge toward the rule, not the answer."""

    prompt: str
    choices: tuple[str, ...]
    check: Callable[[str], Feedback]
    hint: str = DEFAULT_HINT
    #: What the question asks, in a few words: its heading. By default the prompt's own
    #: question, its last sentence ending in "?"; a prompt with none must give one.
    heading: str = field(default="")
    #: Makes the question's picture (a widget), drawn between the prompt and the answers.
    picture: Callable[[], w.Widget] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.heading:
            asked = re.findall(r"[^.?!:]*\?", self.prompt)
            if not asked:
                raise SetupError(_("A question needs a heading that says what it asks: its prompt has no "
                                   "question mark. Give one, such as heading=\"Which card may you play?\"."))
            object.__setattr__(self, "heading", asked[-1].strip())


class Quiz(w.VBox):
    """Questions one at a time, with a Check button, feedback and a Next button."""

    def __init__(self, title: str, questions: Sequence[Question]):
        title = inputs.text(title, _("A quiz's title"), SetupError, _("Who wins?"), 200)
        listed = inputs.sequence(questions, _("A quiz's questions"), SetupError, "[Question(...)]", 100)
        if not listed or not all(isinstance(q, Question) for q in listed):
            inputs.fail(SetupError, _("A quiz's questions"), _("a list of 1 to 100 Questions"), questions,
                        "[Question(...)]")
        self.title = title
        self.questions = listed
        self.index = 0
        self.tries = 0
        self.right = 0
        self.misses = 0  # wrong answers to the current question
        self.done = False  # the current question is answered right, or its solution shown
        self.solved = False  # the current question is answered right: it is locked with its ✔
        self._solved_by: str | None = None  # the right answer, kept while the question is locked
        #: For each question answered so far: was it right at the first try?
        self.first_tries: list[bool] = []
        self.finished = False
        # Made in the language spoken now, as every word of the quiz.
        self._plain = ngettext("Self-check “{title}”: {count} question.", "Self-check “{title}”: {count} questions.",
                               len(listed)).format(title=title, count=len(listed))
        self._next_words, self._last_words = _("Next question"), _("See your result")
        self.title_line = w.HTML(f"<b>{html.escape(title)}</b>")
        self.heading = w.HTML()
        self.prompt = w.HTML()
        #: Holds the current question's picture, if it has one.
        self.picture = w.Box(layout=w.Layout(flex_flow="column", max_width="100%"))
        self.choice = w.RadioButtons(options=[], value=None, layout=w.Layout(width="auto"))
        # Each button as wide as its words in any language ("Zu deinem Ergebnis" is longer than
        # the default width, and the words change on the last question).
        self.check_button = w.Button(description=_("Check"), button_style="primary", icon="check",
                                     layout=w.Layout(width="auto", min_width="148px"))
        self.next_button = w.Button(description=self._next_words, icon="arrow-right",
                                    layout=w.Layout(width="auto", min_width="148px"))
        self.again_button = w.Button(description=_("Start again"), icon="refresh",
                                     layout=w.Layout(width="auto", min_width="148px", display="none"))
        self.feedback = w.HTML()
        #: Says each verdict and the result once, from a live region that stays in the page.
        self.announcer = Announcer()
        self.check_button.on_click(lambda _: self._check_selected())
        self.next_button.on_click(lambda _: self.next())
        self.again_button.on_click(lambda _: self.restart())
        self.choice.observe(self._chosen_again, names="value")
        #: The words of the last wrong answer's feedback, while the learner may try again.
        self._miss_words = ""
        super().__init__(
            [self.title_line, self.heading, self.prompt, self.picture, self.choice,
             w.HBox([self.check_button, self.next_button, self.again_button], layout=w.Layout(flex_flow="row wrap")),
             self.feedback, self.announcer, PageStyle()],
            layout=w.Layout(border="1px solid #999", padding="8px", max_width="760px"),
        )
        self._show()

    @property
    def question(self) -> Question:
        return self.questions[self.index]

    def answer(self, choice: str) -> Feedback:
        """Answer the current question with ``choice`` (as clicking it and *Check* would).
        A question answered right stays locked: ``choice`` is ignored, and the right answer's
        feedback (in the language spoken now) is returned; the page keeps its ✔."""
        if self.solved:
            return self._locked()
        if choice not in self.question.choices:
            feedback = Feedback(False, _("{choice} is not one of the choices: pick one of {choices}.").format(
                choice=repr(choice), choices=", ".join(self.question.choices)))
            self._show_feedback(feedback, counted=False)
            return feedback
        self.choice.value = choice
        return self._check_selected()

    def next(self) -> bool:
        """Go to the next question once this one is answered right or its solution was
        shown; after the last one, end the quiz with the result. Returns whether it moved on."""
        if self.finished:
            return False
        if not self.done:
            self._show_feedback(Feedback(False, _("Answer this question first: pick an answer and press Check.")),
                                counted=False)
            return False
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show()
            self.choice.focus()  # the keyboard goes to the new question's answers
        else:
            self._finish()
            self.again_button.focus()
        return True

    def result(self) -> str:
        """The learner's result in words: how many questions were right at the first try."""
        right, count = sum(self.first_tries), len(self.questions)
        return ngettext("You have finished the self-check: {right} of {count} question right at the first try.",
                        "You have finished the self-check: {right} of {count} questions right at the first try.",
                        count).format(right=right, count=count)

    def restart(self) -> None:
        """Begin again with the first question; the result so far is forgotten."""
        self.index, self.tries, self.right, self.first_tries, self.finished = 0, 0, 0, [], False
        for button in (self.check_button, self.next_button):
            button.layout.display = None
        self.choice.layout.display = None
        self.again_button.layout.display = "none"
        self._show()
        self.choice.focus()

    def _finish(self) -> None:
        self.finished = True
        self.heading.value = ""
        self.prompt.value = ""
        self.choice.options = []
        self.picture.children = ()
        self.choice.layout.display = "none"
        for button in (self.check_button, self.next_button):
            button.layout.display = "none"
        self.again_button.layout.display = None
        right, count = sum(self.first_tries), len(self.questions)
        again = self.again_button.description
        cheer = (_("Great work!") if right == count else
                 _("Good work! Press “{button}” to try once more.").format(button=again) if 2 * right >= count else
                 # Not "you found every answer": after two misses the quiz shows the answer itself.
                 _("Now you have seen every answer. Press “{button}” to try once more.").format(button=again))
        self._feedback_box("#1f2937", f"<b>{html.escape(self.result())}</b> {html.escape(cheer)}")
        self.announcer.say(self.result(), cheer)

    def _chosen_again(self, change: dict[str, object]) -> None:
        """A new choice after a wrong answer: the ✘ and "Try again" go, the hint stays until Check."""
        if change["new"] is not None and self._miss_words and not self.done:
            self._feedback_box("#6b7280", f"ℹ {html.escape(self._miss_words)}")
            self._miss_words = ""

    def _feedback_box(self, color: str, inner: str) -> None:
        """Show ``inner`` (HTML, escaped by the caller) in the feedback box, ruled in ``color``."""
        self.feedback.value = (f'<div class="rally-quiz__feedback" style="border-left:4px solid {color};'
                               f'padding:4px 8px">{inner}</div>')

    def _locked(self) -> Feedback:
        """The feedback of the right answer that locked the current question."""
        return self.question.check(self._solved_by or "")

    def _check_selected(self) -> Feedback:
        if self.solved:
            return self._locked()
        if self.choice.value is None:
            feedback = Feedback(False, _("Pick an answer first, then press Check."))
            self._show_feedback(feedback, counted=False)
            return feedback
        verdict = self.question.check(self.choice.value)
        if not self.done and len(self.first_tries) == self.index:  # the first answer to this question
            self.first_tries.append(verdict.correct)
        hint = ""
        if verdict.correct or self.done:
            feedback = verdict
        else:
            self.misses += 1
            # The first miss gets a hint and another try; the second, the solution.
            hint = self._hint() if self.misses < 2 else ""
            feedback = Feedback(False, _("{hint} Try again.").format(hint=hint)) if hint else verdict
        self.done = self.done or verdict.correct or self.misses >= 2
        self._show_feedback(feedback, counted=True)
        if hint:  # once another answer is picked, the hint stays without its "Try again"
            self._miss_words = hint
        self.next_button.disabled = not self.done
        if verdict.correct:  # locked with its ✔: the other answers cannot take it away
            self.solved, self._solved_by = True, self.choice.value
            self.choice.disabled = self.check_button.disabled = True
        if self.done:
            self.next_button.focus()  # answered: the keyboard goes on to the next question
        return feedback

    def _show_feedback(self, feedback: Feedback, counted: bool) -> None:
        if counted:
            self.tries += 1
            self.right += feedback.correct
        if feedback.correct:
            mark, word, color = "✔", _("Right."), "#1a7f37"
        elif not counted:  # no answer picked yet: a nudge, not a wrong answer
            mark, word, color = "ℹ", "", "#6b7280"
        else:
            mark, word, color = "✘", (_("Not yet.") if counted and self.misses == 1 and not self.done
                                      else _("Not quite.")), "#b3261e"
        self._feedback_box(color, f"<b>{mark} {word}</b> {html.escape(feedback.message)}")
        self._miss_words = ""  # a wrong first answer's hint is kept by _check_selected
        self.announcer.say(f"{mark} {word}".strip(), feedback.message)

    def _show(self) -> None:
        q = self.question
        self._miss_words = ""
        # A heading the prompt already asks is not said twice.
        said = (_("Question {number} of {count}") if q.heading in q.prompt else
                _("Question {number} of {count}: {heading}")).format(
            number=self.index + 1, count=len(self.questions), heading=q.heading)
        self.heading.value = "<b>{}</b>".format(html.escape(said))
        self.prompt.value = f"<p>{html.escape(q.prompt)}</p>"
        self.choice.options = list(q.choices)
        self.choice.value = None
        self.picture.children = (q.picture(),) if q.picture is not None else ()
        self.feedback.value = ""
        self.misses, self.done, self.solved, self._solved_by = 0, False, False, None
        self.choice.disabled = self.check_button.disabled = False
        self.next_button.disabled = True
        last = self.index + 1 == len(self.questions)
        self.next_button.description = self._last_words if last else self._next_words

    def _hint(self) -> str:
        """The current question's hint; the default one in the language spoken now."""
        hint = self.question.hint
        return _(hint) if hint == DEFAULT_HINT else hint

    def __repr__(self) -> str:
        return self._plain
