"""The child's path in words (issue 41): what a learner reads in the app view, per language.

Each lesson page has its budget (:data:`PAGE_WORDS`), held by tests/browser/test_learner_view.py
on the app's text; each guided game of lesson 0 has its budget for its tips and its end, what a
learner reads without opening "Why?" (:data:`GUIDED_WORDS`), held by
tests/widgets/test_widgets_guided_game.py. Together they stay within :data:`MOST_WORDS_IN_ALL`
in each language. ``bash bin/app-text`` prints the counts these budgets were set from (no page has
room to spare): English 4,768 words on the pages and 516 in
the guided games (5,284), German 4,753 and 544 (5,297).

>>> all(words(lang) <= MOST_WORDS_IN_ALL for lang in PAGE_WORDS)
True
"""

from __future__ import annotations

#: The whole child's path, lessons 0-9 and lesson 0's two guided games, in each language.
MOST_WORDS_IN_ALL = 5300
#: At most this many words on one page.
MOST_WORDS_A_PAGE = 1200

#: Each lesson page's budget in the app view (a track figure's key counted once it is drawn).
PAGE_WORDS = {
    "en": {"00_start_here": 414, "01_tricks": 480, "02_motor_and_turbo": 448, "03_moving_and_hills": 578,
           "04_round_end_and_laps": 599, "05_play_a_game": 404, "06_what_if": 335, "07_rally_run_driving": 655,
           "08_rally_run_finish": 523, "09_rally_run_memory": 332},
    "de": {"00_start_here": 378, "01_tricks": 505, "02_motor_and_turbo": 477, "03_moving_and_hills": 575,
           "04_round_end_and_laps": 608, "05_play_a_game": 424, "06_what_if": 350, "07_rally_run_driving": 595,
           "08_rally_run_finish": 515, "09_rally_run_memory": 326},
}
#: Each guided game's tips and end, as harness.guided_text plays it.
GUIDED_WORDS = {
    "en": {"stich_rallye": 341, "rally_run": 175},
    "de": {"stich_rallye": 361, "rally_run": 183},
}


def words(lang: str) -> int:
    """The budgets of ``lang``'s whole path: its pages and its guided games."""
    return sum(PAGE_WORDS[lang].values()) + sum(GUIDED_WORDS[lang].values())
