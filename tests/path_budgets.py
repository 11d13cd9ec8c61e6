"""The child's path in words (issue 41): what a learner reads in the app view, per language.

Each lesson page has its budget (:data:`PAGE_WORDS`), held by tests/browser/test_learner_view.py
on the app's text; each guided game of lesson 0 has its budget for its tips and its end, what a
learner reads without opening "Why?" (:data:`GUIDED_WORDS`), held by
tests/widgets/test_widgets_guided_game.py. Together they stay within :data:`MOST_WORDS_IN_ALL`
in each language. ``bash bin/app-text`` prints the counts these budgets were set from (each page
has 3 words of room in English, 2 in German): English 4,670 words on the pages and 479 in the
guided games (5,149), German 4,751 and 522 (5,273).

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
    "en": {"00_start_here": 382, "01_tricks": 462, "02_motor_and_turbo": 453, "03_moving_and_hills": 576,
           "04_round_end_and_laps": 592, "05_play_a_game": 433, "06_what_if": 343,
           "07_rally_run_driving": 625, "08_rally_run_finish": 485, "09_rally_run_memory": 349},
    "de": {"00_start_here": 378, "01_tricks": 496, "02_motor_and_turbo": 461, "03_moving_and_hills": 586,
           "04_round_end_and_laps": 616, "05_play_a_game": 454, "06_what_if": 369,
           "07_rally_run_driving": 591, "08_rally_run_finish": 476, "09_rally_run_memory": 344},
}
#: Each guided game's tips and end, as harness.guided_text plays it.
GUIDED_WORDS = {
    "en": {"stich_rallye": 330, "rally_run": 170},
    "de": {"stich_rallye": 370, "rally_run": 169},
}


def words(lang: str) -> int:
    """The budgets of ``lang``'s whole path: its pages and its guided games."""
    return sum(PAGE_WORDS[lang].values()) + sum(GUIDED_WORDS[lang].values())
