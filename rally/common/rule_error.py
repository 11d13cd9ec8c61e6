"""The base of every error rally raises for bad input: :class:`RuleError`, a ``ValueError``.

It stands alone, importing nothing, so that :mod:`rally.common.i18n` (through which
:mod:`rally.common.errors` speaks) can raise one too: a language rally has no messages in is
refused like any other bad input. Import it from :mod:`rally` or :mod:`rally.common.errors`.

>>> from rally import LanguageError, RuleError
>>> issubclass(LanguageError, RuleError) and issubclass(RuleError, ValueError)
True
"""


class RuleError(ValueError):
    """Base of every error raised by :mod:`rally` for bad input or a broken rule."""


__all__ = ["RuleError"]
