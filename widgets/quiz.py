"""A self-check quiz whose answers the rules engine verifies.

A :class:`Quiz` shows one :class:`Question` at a time. Choosing an answer and pressing
*Check* shows feedback in words (never by color alone: a ✔ or ✘ and a sentence). A
first wrong answer gets a hint and another try; only a second wrong answer shows the
solution. *Next question* works once the question is answered right or its solution
has been shown.

>>> from widgets.quiz import Feedback, Question, Quiz
>>> q = Question("Two cars and one more?", ("2", "3"), lambda a: Feedback(a == "3", "Two and one make three."),
...              hint="Count the cars one by one.")
>>> quiz = Quiz("Warm-up", [q])
>>> quiz.answer("2").message, quiz.answer("2").message
('Count the cars one by one. Try again.', 'Two and one make three.')
>>> quiz.answer("3").correct, quiz
(True, Quiz('Warm-up', question 1 of 1, 1 right of 3 tries))
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as w

from rally import SetupError, inputs
from .i18n import N_, _


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
        self.heading = w.HTML()
        self.prompt = w.HTML()
        self.choice = w.RadioButtons(options=[], value=None, layout=w.Layout(width="auto"))
        self.check_button = w.Button(description=_("Check"), button_style="primary", icon="check")
        self.next_button = w.Button(description=_("Next question"), icon="arrow-right")
        self.feedback = w.HTML()
        self.check_button.on_click(lambda _: self._check_selected())
        self.next_button.on_click(lambda _: self.next())
        super().__init__(
            [self.heading, self.prompt, self.choice, w.HBox([self.check_button, self.next_button]), self.feedback],
            layout=w.Layout(border="1px solid #999", padding="8px", max_width="760px"),
        )
        self._show()

    @property
    def question(self) -> Question:
        return self.questions[self.index]

    def answer(self, choice: str) -> Feedback:
        """Answer the current question with ``choice`` (as clicking it and *Check* would)."""
        if choice not in self.question.choices:
            feedback = Feedback(False, _("{choice} is not one of the choices: pick one of {choices}.").format(
                choice=repr(choice), choices=", ".join(self.question.choices)))
            self._show_feedback(feedback, counted=False)
            return feedback
        self.choice.value = choice
        return self._check_selected()

    def next(self) -> bool:
        """Go to the next question (after the last, back to the first), once this one is
        answered right or its solution was shown; returns whether it moved on."""
        if not self.done:
            self._show_feedback(Feedback(False, _("Answer this question first: pick an answer and press Check.")),
                                counted=False)
            return False
        self.index = (self.index + 1) % len(self.questions)
        self._show()
        return True

    def _check_selected(self) -> Feedback:
        if self.choice.value is None:
            feedback = Feedback(False, _("Pick an answer first, then press Check."))
            self._show_feedback(feedback, counted=False)
            return feedback
        verdict = self.question.check(self.choice.value)
        if verdict.correct or self.done:
            feedback = verdict
        else:
            self.misses += 1
            # The first miss gets a hint and another try; the second, the solution.
            feedback = verdict if self.misses >= 2 else Feedback(False, _("{hint} Try again.").format(
                hint=self._hint()))
        self.done = self.done or verdict.correct or self.misses >= 2
        self._show_feedback(feedback, counted=True)
        self.next_button.disabled = not self.done
        return feedback

    def _show_feedback(self, feedback: Feedback, counted: bool) -> None:
        if counted:
            self.tries += 1
            self.right += feedback.correct
        if feedback.correct:
            mark, word, color = "✔", _("Right."), "#1a7f37"
        else:
            mark, word, color = "✘", (_("Not yet.") if counted and self.misses == 1 and not self.done
                                      else _("Not quite.")), "#b3261e"
        self.feedback.value = (
            f'<div role="status" style="border-left:4px solid {color};padding:4px 8px">'
            f"<b>{mark} {word}</b> {html.escape(feedback.message)}</div>"
        )

    def _show(self) -> None:
        q = self.question
        self.heading.value = _("{title} — question {number} of {count}").format(
            title=f"<b>{html.escape(self.title)}</b>", number=self.index + 1, count=len(self.questions))
        self.prompt.value = f"<p>{html.escape(q.prompt)}</p>"
        self.choice.options = list(q.choices)
        self.choice.value = None
        self.feedback.value = ""
        self.misses, self.done = 0, False
        self.next_button.disabled = True

    def _hint(self) -> str:
        """The current question's hint; the default one in the language spoken now."""
        hint = self.question.hint
        return _(hint) if hint == DEFAULT_HINT else hint

    def __repr__(self) -> str:
        return (
            f"Quiz({self.title!r}, question {self.index + 1} of {len(self.questions)}, "
            f"{self.right} right of {self.tries} tries)"
        )
