"""What both games share: errors, input checks, languages, taking turns, event logs.

Neither game is imported here: each game's package builds on these, and importing one
game loads nothing of the other.

- rule_error.py     ``RuleError``, the base of every error for bad input (a ``ValueError``)
- errors.py         the typed errors of both games (``SetupError``, ``IllegalAction``, ...)
- inputs.py         reading numbers, names, texts and JSON: bounded, one message style
- i18n.py           languages: every sentence through gettext; catalogs in ``rally/locale``
                    (docs/translating.md)
- turns.py          ``play_bots``: computer players act until a person must decide
- logged_event.py   the base of every logged event: a small immutable value with a kind
- history.py        a kept event log replayed and compared
- moment.py         guided first games: stop the first time each new thing happens
- stats.py          how sure a count of wins is (Wilson interval, sign test)
"""
