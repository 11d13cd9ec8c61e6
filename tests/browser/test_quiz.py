"""Lesson 01's self-check, answered in the browser as a learner would."""

from __future__ import annotations

import re


from . import _lab
from rally import explain_trick, parse_cards
from widgets import tricks_quiz


def test_tricks_quiz_wrong_twice_then_right(page, lab):
    from playwright.sync_api import expect

    _lab.open_notebook(page, lab, "01_tricks.ipynb")
    _lab.run_all(page)
    assert _lab.error_outputs(page) == []
    # The quiz's output: the one with the answers to choose from (its heading changes with
    # every question, so it is not found by words).
    quiz = page.locator(".jp-OutputArea-output").filter(has=page.locator(".widget-radio-box")).last
    quiz.get_by_text("Question 1 of 6", exact=True).wait_for()
    assert "Di G6, Ada G3, Bo B4, Cy G12" in quiz.inner_text()
    options = quiz.locator(".widget-radio-box label")
    assert options.all_inner_texts() == ["Di", "Ada", "Bo", "Cy"]
    check = _lab.output_button(page, "Check")
    feedback = quiz.locator(".rally-quiz__feedback")  # what the learner reads
    announced = quiz.locator(".rally-announcer[role=status]")  # what a screen reader hears, one element
    assert feedback.count() == 0 and announced.count() == 1  # nothing judged yet

    next_button = _lab.output_button(page, "Next question")
    assert next_button.is_disabled()  # nothing answered yet: no skipping ahead

    # A first wrong answer gets a hint and another try, not the solution ...
    quiz.locator(".widget-radio-box label", has_text="Ada").click()
    check.click()
    feedback.wait_for()
    text = feedback.inner_text()
    assert text.startswith("✘ Not yet.") and "last new color" in text and "Ada played G3" not in text, text
    assert next_button.is_disabled()
    # ... a second one shows why, ...
    check.click()
    expect(feedback).to_contain_text("✘ Not quite.")
    assert "Ada played G3. But" in feedback.inner_text()
    assert next_button.is_enabled()
    _lab.screenshot(page, "01_tricks-quiz-solution", quiz)

    quiz.locator(".widget-radio-box label", has_text="Bo").click()
    check.click()
    expect(feedback).to_have_text(re.compile("^✔"))
    sentence = explain_trick(parse_cards("G6 G3 B4 G12")).sentence
    assert feedback.inner_text() == f"✔ Right. {sentence}"
    expect(announced).to_have_text(f"✔ Right. {sentence}")  # said once, in the same live region
    _lab.screenshot(page, "01_tricks-quiz", quiz)
    # Answered right, the question is locked with its ✔: another answer cannot turn it into a ✘.
    expect(check).to_be_disabled()
    assert quiz.locator(".widget-radio-box input[type=radio]:enabled").count() == 0
    quiz.locator(".widget-radio-box label", has_text="Cy").click(force=True)  # a child taps it all the same
    page.wait_for_timeout(300)
    assert feedback.inner_text() == f"✔ Right. {sentence}"
    assert quiz.locator(".widget-radio-box label", has=page.locator("input:checked")).inner_text().strip() == "Bo"

    next_button.click()
    page.get_by_text("Question 2 of 6", exact=True).wait_for()
    expect(quiz).to_contain_text("Ada R3, Bo R10, Cy R4")  # each part of the quiz arrives as its own update
    expect(feedback).to_have_count(0)

    # On to the end, each question answered right at once but the last: the quiz ends
    # with the result, and does not start over.
    questions = tricks_quiz().questions
    for number, question in enumerate(questions[1:], start=2):
        # The heading says what is asked unless the prompt under it asks it already.
        heading = f"Question {number} of 6" + ("" if question.heading in question.prompt else f": {question.heading}")
        quiz.get_by_text(heading, exact=True).wait_for()
        expect(feedback).to_have_count(0)  # the last answer's feedback is gone: this question is shown
        right = next(c for c in question.choices if question.check(c).correct)
        if number == len(questions):
            wrong = next(c for c in question.choices if not question.check(c).correct)
            quiz.locator(".widget-radio-box label").filter(has_text=re.compile(f"^{wrong}$")).click()
            check.click()
            expect(feedback).to_contain_text("✘ Not yet.")
        quiz.locator(".widget-radio-box label").filter(has_text=re.compile(f"^{right}$")).click()
        check.click()
        expect(feedback).to_contain_text("✔ Right.")
        last = number == len(questions)
        _lab.output_button(page, "See your result" if last else "Next question").click()
    expect(feedback).to_contain_text("You have finished the self-check: 4 of 6 questions right at the first try.")
    assert _lab.output_button(page, "Start again").is_visible()
    assert not _lab.output_button(page, "Check").is_visible()
    _lab.screenshot(page, "01_tricks-quiz-result", quiz)
