"""A self-check quiz whose answers the rules engine verifies.

A :class:`Quiz` shows one :class:`Question` at a time. Choosing an answer and pressing
*Check* shows feedback in words (never by color alone: a ✔ or ✘ and a sentence);
a wrong answer explains why and lets the learner try again.

>>> from widgets.quiz import Feedback, Question, Quiz
>>> q = Question("2 + 2?", ("3", "4"), lambda a: Feedback(a == "4", "Two and two make four."))
>>> quiz = Quiz("Warm-up", [q])
>>> quiz.answer("3").correct, quiz.answer("4").correct
(False, True)
>>> quiz
Quiz('Warm-up', question 1 of 1, 1 right of 2 tries)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as w

from rally import SetupError, inputs


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer, and the explanation to show."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Question:
    """A prompt, its choices, and a ``check`` that judges an answer (via :mod:`rally`)."""

    prompt: str
    choices: tuple[str, ...]
    check: Callable[[str], Feedback]


class Quiz(w.VBox):
    """Questions one at a time, with a Check button, feedback and a Next button."""

    def __init__(self, title: str, questions: Sequence[Question]):
        title = inputs.text(title, "A quiz's title", SetupError, "Who wins?", 200)
        listed = inputs.sequence(questions, "A quiz's questions", SetupError, "[Question(...)]", 100)
        if not listed or not all(isinstance(q, Question) for q in listed):
            inputs.fail(SetupError, "A quiz's questions", "a list of 1 to 100 Questions", questions, "[Question(...)]")
        self.title = title
        self.questions = listed
        self.index = 0
        self.tries = 0
        self.right = 0
        self.heading = w.HTML()
        self.prompt = w.HTML()
        self.choice = w.RadioButtons(options=[], value=None, layout=w.Layout(width="auto"))
        self.check_button = w.Button(description="Check", button_style="primary", icon="check")
        self.next_button = w.Button(description="Next question", icon="arrow-right")
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
            feedback = Feedback(False, f"{choice!r} is not one of the choices: pick one of {', '.join(self.question.choices)}.")
            self._show_feedback(feedback, counted=False)
            return feedback
        self.choice.value = choice
        return self._check_selected()

    def next(self) -> None:
        """Go to the next question (after the last, back to the first)."""
        self.index = (self.index + 1) % len(self.questions)
        self._show()

    def _check_selected(self) -> Feedback:
        if self.choice.value is None:
            feedback = Feedback(False, "Pick an answer first, then press Check.")
            self._show_feedback(feedback, counted=False)
            return feedback
        feedback = self.question.check(self.choice.value)
        self._show_feedback(feedback, counted=True)
        return feedback

    def _show_feedback(self, feedback: Feedback, counted: bool) -> None:
        if counted:
            self.tries += 1
            self.right += feedback.correct
        mark, word, color = ("✔", "Right.", "#1a7f37") if feedback.correct else ("✘", "Not quite.", "#b3261e")
        self.feedback.value = (
            f'<div role="status" style="border-left:4px solid {color};padding:4px 8px">'
            f"<b>{mark} {word}</b> {html.escape(feedback.message)}</div>"
        )

    def _show(self) -> None:
        q = self.question
        self.heading.value = (
            f"<b>{html.escape(self.title)}</b> — question {self.index + 1} of {len(self.questions)}"
        )
        self.prompt.value = f"<p>{html.escape(q.prompt)}</p>"
        self.choice.options = list(q.choices)
        self.choice.value = None
        self.feedback.value = ""

    def __repr__(self) -> str:
        return (
            f"Quiz({self.title!r}, question {self.index + 1} of {len(self.questions)}, "
            f"{self.right} right of {self.tries} tries)"
        )
