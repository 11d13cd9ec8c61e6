"""The child's path in words (issue 41): what a learner reads in the app view, per language.

Each lesson page has its budget (:data:`PAGE_WORDS`, by the lesson's course id), held by
tests/browser/test_learner_view.py on the app's text; each guided game of lesson 0 has its
budget for its tips and its end, what a learner reads without opening "Why?"
(:data:`GUIDED_WORDS`), held by tests/widgets/test_widgets_guided_game.py. Together they stay
within :func:`most_words_in_all` in each language. ``bash bin/app-text`` prints the counts
these budgets were set from (no page has room to spare): English 4,748 words on the pages and
540 in the guided games (5,288), German 4,726 and 574 (5,300).

A language of Rally Run alone (French, Spanish, Chinese: issue 44) has a path of its own:
lesson 0's Rally Run part, Rally Run's three lessons and its guided game. The English pages
of those three lessons and Rally Run's guided game make 1,755 words (699, 538, 322 and 196),
and lesson 0's Rally Run part about 300 more; such a path stays within
:data:`MOST_WORDS_RALLY_RUN_ALONE`. French counted 2,196 (338, 746, 544, 347 and 221): it
says the same in about 10% more words; Spanish 2,331 (361, 790, 585, 350 and 245), about 16%
more, as Spanish runs longer than English; Chinese 1,727 (272, 583, 422, 272 and 178), counting
two characters a word (``harness.app_text.CJK_PER_WORD``).

>>> all(words(lang) <= most_words_in_all(lang) for lang in PAGE_WORDS)
True
"""

from __future__ import annotations

from rally.common.i18n import RALLY_RUN_ONLY

#: The whole child's path, lessons 0-9 and lesson 0's two guided games, in English and German.
MOST_WORDS_IN_ALL = 5300
#: The whole path of a language of Rally Run alone: its four pages and Rally Run's guided game.
MOST_WORDS_RALLY_RUN_ALONE = 2400
#: At most this many words on one page.
MOST_WORDS_A_PAGE = 1200

#: Each lesson page's budget in the app view (a track figure's key counted once it is drawn).
PAGE_WORDS = {
    "en": {"00_start_here": 414, "01_tricks": 486, "02_motor_and_turbo": 437, "03_moving_and_hills": 569,
           "04_round_end_and_laps": 545, "05_play_a_game": 396, "06_what_if": 342, "07_rally_run_driving": 699,
           "08_rally_run_finish": 538, "09_rally_run_memory": 322},
    "de": {"00_start_here": 380, "01_tricks": 505, "02_motor_and_turbo": 458, "03_moving_and_hills": 573,
           "04_round_end_and_laps": 546, "05_play_a_game": 414, "06_what_if": 358, "07_rally_run_driving": 658,
           "08_rally_run_finish": 517, "09_rally_run_memory": 317},
    "fr": {"00_start_here": 338, "07_rally_run_driving": 746, "08_rally_run_finish": 544, "09_rally_run_memory": 347},
    "es": {"00_start_here": 361, "07_rally_run_driving": 790, "08_rally_run_finish": 585, "09_rally_run_memory": 350},
    "zh_Hans": {"00_start_here": 272, "07_rally_run_driving": 583, "08_rally_run_finish": 422,
                "09_rally_run_memory": 272},
}
#: Each guided game's tips and end, as harness.guided_text plays it (the games lesson 0 offers).
GUIDED_WORDS = {
    "en": {"stich_rallye": 344, "rally_run": 196},
    "de": {"stich_rallye": 364, "rally_run": 210},
    "fr": {"rally_run": 221},
    "es": {"rally_run": 245},
    "zh_Hans": {"rally_run": 178},
}


def most_words_in_all(lang: str) -> int:
    """The most words ``lang``'s whole path may have: the whole course, or Rally Run's path."""
    return MOST_WORDS_RALLY_RUN_ALONE if lang in RALLY_RUN_ONLY else MOST_WORDS_IN_ALL


def words(lang: str) -> int:
    """The budgets of ``lang``'s whole path: its pages and its guided games."""
    return sum(PAGE_WORDS[lang].values()) + sum(GUIDED_WORDS[lang].values())
