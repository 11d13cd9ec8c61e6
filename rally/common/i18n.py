"""Languages: every sentence rally says goes through here, on Python's gettext.

English is the language the code is written in; any other language is a message
catalog in ``rally/locale/<language>/LC_MESSAGES/rally.mo``, made from the ``.po``
file beside it with Babel (``bash bin/catalogs``). Adding a language needs a catalog,
no code.

The language is chosen once with :func:`set_language` (or, before any choice, from the
usual LANGUAGE, LC_ALL, LC_MESSAGES and LANG variables), or for a while with
:func:`language`; functions that speak take ``lang=`` too.

>>> from rally import explain_trick, parse_cards, set_language
>>> trick = parse_cards("G11 R5 B7 G3")
>>> previous = set_language("de")
>>> print(explain_trick(trick))
Blau kam als dritte Farbe in den Stich. Also gewinnt die höchste Karte in Blau, die 7. Das Auto fährt 3 Felder vor, so weit wie die niedrigste Karte.
>>> with language("en"):
...     print(explain_trick(trick))
Blue was the third color played, so the highest blue, 7, wins; the car moves 3, the lowest card.
>>> print(explain_trick(trick, lang="en"))
Blue was the third color played, so the highest blue, 7, wins; the car moves 3, the lowest card.
>>> _ = set_language(previous)

Rules for the messages themselves (``docs/translating.md`` says more):

- a sentence is one template with named placeholders, ``_("{name} wins.").format(name=...)``,
  never glued from pieces, so a translation may put the words in any order;
- counts use :func:`ngettext`; a word that means different things gets a context
  (:func:`pgettext`);
- a text kept in a constant is marked with :func:`N_` and translated where it is shown.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
import pathlib
import re
from typing import Iterable, Iterator, Sequence

from .rule_error import RuleError

DOMAIN = "rally"
LOCALE_DIR = pathlib.Path(__file__).parents[1] / "locale"
#: The language the messages are written in (no catalog needed).
SOURCE_LANGUAGE = "en"
#: The languages of Rally Run's rulebook alone: their catalogs translate Rally Run's part
#: (every message but those only Stich Rallye's code says), and Stich Rallye speaks English in them.
RALLY_RUN_ONLY = ("es", "fr", "zh_Hans")


class LanguageError(RuleError):
    """A language was asked for that rally has no messages in: a
    :class:`~rally.common.errors.RuleError` (so a ``ValueError``), as every error of rally is, so
    ``except RuleError`` catches a bad ``lang=`` too."""


def available_languages() -> tuple[str, ...]:
    """The languages rally speaks: English and every language with a catalog.

    >>> "en" in available_languages() and "de" in available_languages()
    True
    """
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


#: Chinese written in traditional characters, which a zh_Hans catalog does not serve.
_TRADITIONAL = ("zh_hant", "zh_tw", "zh_hk", "zh_mo")


def _code(lang: object) -> str | None:
    """``"de"`` for ``"de"``, ``"DE"``, ``"de_DE.UTF-8"`` or ``"de-AT"``; ``"zh_Hans"`` for
    ``"zh"``, ``"zh-CN"`` or ``"zh-Hans-SG"`` (a language whose catalog names a script or a
    country serves its base code too); ``None`` for anything rally cannot speak.

    >>> _code("de_DE.UTF-8"), _code("zh-CN"), _code("zh-TW"), _code("xx")
    ('de', 'zh_Hans', None, None)
    """
    if isinstance(lang, str):
        code = lang.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
        known = {name.lower(): name for name in available_languages()}
        base = code.split("_")[0]
        for candidate in (code, "_".join(code.split("_")[:2]), base):
            if candidate in known:
                return known[candidate]
        if not code.startswith(_TRADITIONAL):
            served = [name for low, name in known.items() if low.split("_")[0] == base]
            if len(served) == 1:
                return served[0]
    return None


def _normalized(lang: object) -> str:
    """The code of ``lang`` (:func:`_code`); a LanguageError naming the languages there
    are for anything rally cannot speak."""
    code = _code(lang)
    if code is not None:
        return code
    # TRANSLATORS: {given} is what was asked for, {languages} the codes of the languages there are (en, de).
    raise LanguageError(_("rally has no messages in {given}: choose one of {languages} (a code like 'de' or 'de_DE' "
                          "works too).").format(given=shown(lang), languages=", ".join(available_languages())))


def _from_environment() -> str:
    """The first language the usual variables name that rally speaks, else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: "de:en"
            code = _code(part)
            if code is not None:
                return code
        return SOURCE_LANGUAGE  # the first variable set decides, as gettext reads them
    return SOURCE_LANGUAGE


_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("rally_language", default=None)
_chosen: list[str] = []  # set_language's choice, for every context that chose none


def get_language() -> str:
    """The language rally speaks now: ``"en"``, ``"de"``, ..."""
    lang = _current.get()
    if lang is not None:
        return lang
    if not _chosen:
        _chosen.append(_from_environment())
    return _chosen[0]


def set_language(lang: str | None) -> str:
    """Speak ``lang`` from now on (``None``: what the environment's variables say).
    Returns the language spoken before, so a caller can set it back.

    >>> set_language("xx")
    Traceback (most recent call last):
    ...
    rally.common.i18n.LanguageError: rally has no messages in “xx”: choose one of en, de, es, fr, zh_Hans (a code like 'de' or 'de_DE' works too).
    >>> previous = set_language("de_DE.UTF-8")
    >>> get_language()
    'de'
    >>> _ = set_language(previous)
    """
    chosen = _from_environment() if lang is None else _normalized(lang)
    before = get_language()
    _chosen[:] = [chosen]
    return before


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block only (``None``: leave it as it is)."""
    token = _current.set(get_language() if lang is None else _normalized(lang))
    try:
        yield get_language()
    finally:
        _current.reset(token)


class Catalog:
    """The messages of one package (a gettext domain) in every language it has, each
    looked up in the language spoken now. rally's is :data:`RALLY`; the widgets have
    their own, in the same language.

    >>> with language("de"):
    ...     RALLY.pgettext("color", "green")
    'Grün'
    """

    def __init__(self, domain: str, locale_dir: pathlib.Path) -> None:
        self.domain = domain
        self.locale_dir = locale_dir
        self._translations: dict[str, _gettext.NullTranslations] = {}

    def translation(self, lang: str | None = None) -> _gettext.NullTranslations:
        """The catalog of ``lang`` (default: the language spoken now); English is the
        messages as written."""
        lang = get_language() if lang is None else lang
        found = self._translations.get(lang)
        if found is None:
            found = (_gettext.NullTranslations() if lang == SOURCE_LANGUAGE else
                     _gettext.translation(self.domain, localedir=self.locale_dir, languages=[lang], fallback=True))
            self._translations[lang] = found
        return found

    def gettext(self, message: str) -> str:
        """``message`` in the language spoken now."""
        return self.translation().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a message for the count ``n``, in the language spoken now."""
        return self.translation().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the language spoken now, where ``context`` says which sense is meant."""
        return self.translation().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a context, as :meth:`pgettext`."""
        return self.translation().npgettext(context, singular, plural, n)


#: rally's own messages (``rally/locale``).
RALLY = Catalog(DOMAIN, LOCALE_DIR)
_ = RALLY.gettext
ngettext = RALLY.ngettext
pgettext = RALLY.pgettext
npgettext = RALLY.npgettext


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it yet (for constants)."""
    return message


def join_words(items: Sequence[str] | Iterable[str], conjunction: str = "and") -> str:
    """``"a, b and c"`` (or ``"or"``), in the language spoken now.

    >>> join_words(["G3", "G9", "G12"], "or")
    'G3, G9 or G12'
    """
    if conjunction not in ("and", "or"):
        raise ValueError(f"join_words joins with 'and' or 'or', not {conjunction!r}")
    return _joined(list(items), _(", "), _("{items} or {last}") if conjunction == "or" else _("{items} and {last}"))


def _joined(items: list[str], separator: str, last: str) -> str:
    """``items`` as ``last`` (``"{items} and {last}"``) joins them, the first ones by ``separator``."""
    if len(items) <= 1:
        return "".join(items)
    return last.format(items=separator.join(items[:-1]), last=items[-1])


def join_clauses(items: Sequence[str] | Iterable[str]) -> str:
    """Clauses side by side (``"Bo on A1, Gus on B2 and Cy on C3"``): :func:`join_words`'s
    "and", except in a language that joins clauses otherwise (Chinese: with "，", where its
    "和" joins only nouns).

    >>> join_clauses(["Bo on A1", "Gus on B2", "Cy on C3"])
    'Bo on A1, Gus on B2 and Cy on C3'
    """
    return _joined(list(items), pgettext("clauses", ", "), pgettext("clauses", "{items} and {last}"))


#: The space after a full-width stop, which Chinese does not write between sentences.
_AFTER_FULL_STOP = re.compile(r"(?<=[。！？：；])[ ]+")


def join_sentences(sentences: Iterable[str]) -> str:
    """Sentences one after another, as the language spoken writes them: a space between
    them, none after a full-width stop (。！？ in Chinese).

    >>> join_sentences(["Bo wins.", "Gus is second."]), join_sentences(["Bo 赢了。", "Gus 第二。"])
    ('Bo wins. Gus is second.', 'Bo 赢了。Gus 第二。')
    """
    return _AFTER_FULL_STOP.sub("", " ".join(sentences))


def decimal(value: float, digits: int | None = 0) -> str:
    """``value`` with ``digits`` decimals (``None``: as few as it needs), as the language
    spoken writes numbers: ``"52.7"`` in English, ``"52,7"`` in German (the decimal
    separator is a message of the catalog).

    >>> decimal(52.66, 1), decimal(0.25, None)
    ('52.7', '0.25')
    >>> with language("de"):
    ...     decimal(52.66, 1)
    '52,7'
    """
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    # TRANSLATORS: the decimal separator, as in 52.7 (German: a comma).
    point = pgettext("number", ".")
    return text.replace(".", point) if point != "." else text


def percent(rate: float, digits: int = 0) -> str:
    """The fraction ``rate`` as a percentage with ``digits`` decimals, in the language
    spoken: ``"52.7%"`` in English, ``"52,7 %"`` in German (the template is a message).

    >>> percent(0.5266, 1), percent(1.0)
    ('52.7%', '100%')
    >>> with language("de"):
    ...     percent(0.5266, 1)
    '52,7\\xa0%'
    """
    # TRANSLATORS: a percentage, {number} already written with this language's decimal
    # separator; German puts a no-break space before the sign: "{number} %".
    return pgettext("number", "{number}%").format(number=decimal(100 * rate, digits))


def percent_range(low: float, high: float, digits: int = 0) -> str:
    """An interval of two fractions as percentages: ``"55.2% - 78.6%"``; German
    ``"55,2 % – 78,6 %"``.

    >>> percent_range(0.552, 0.786, 1)
    '55.2% - 78.6%'
    """
    # TRANSLATORS: an interval, {low} and {high} already written as percentages ("55.2%").
    return pgettext("number", "{low} - {high}").format(low=percent(low, digits), high=percent(high, digits))


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a message shows it: short, and safe for any object (a huge number is
    described, not printed, so the message never fails to build).

    A short text is quoted as the language quotes it (“so”, in German „so“, in French « so »),
    not as code would; anything else is written as Python writes it.

    >>> shown(10**5000), shown("g20"), shown("x" * 50)
    ('a number of about 5001 digits', '“g20”', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    >>> with language("de"):
    ...     shown("rot")
    '„rot“'
    """
    if type(value) is int and value.bit_length() > 64:  # (an int subclass, like True, is short)
        return _("a number of about {digits} digits").format(digits=int(value.bit_length() * 0.30103) + 1)
    if type(value) is str and len(value) <= limit - 2 and value.isprintable():
        # TRANSLATORS: a short text quoted in a message, as your language quotes ("„{text}“" in German).
        return pgettext("quote", "“{text}”").format(text=value)
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = _("a {type}").format(type=type(value).__name__)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case, for a word that starts a sentence."""
    return text[:1].upper() + text[1:]


__all__ = [
    "LanguageError", "available_languages", "get_language", "set_language", "language", "Catalog", "RALLY",
    "_", "ngettext", "pgettext", "npgettext", "N_", "join_clauses", "join_sentences", "join_words", "decimal", "percent", "percent_range", "shown",
    "capitalized",
]
