"""The message catalogs (docs/translating.md): every message the code uses is in every
language's catalog, translated, not fuzzy, with the same placeholders, and compiled. The
languages of Rally Run's rulebook alone (``rally.common.i18n.RALLY_RUN_ONLY``) translate Rally Run's part:
every message but those only Stich Rallye's code uses.

The messages are read from the code the way ``bin/catalogs`` reads them (Babel, with
``babel.cfg``), so a message added to the code and not to the catalogs fails here.
"""

from __future__ import annotations

import gettext
import pathlib
import re
import string

import pytest

babel = pytest.importorskip("babel", reason="the catalog checks need Babel: bash bin/test installs it")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from rally.common.i18n import RALLY_RUN_ONLY  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: Each package with messages: its gettext domain and its locale folder.
DOMAINS = {"rally": ROOT / "rally" / "locale", "widgets": ROOT / "widgets" / "locale"}
#: What bin/catalogs passes to pybabel besides Babel's default keywords.
KEYWORDS = {"pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def used_in_code(domain: str) -> dict[tuple[str | None, str], set[str]]:
    """Every message the package ``domain`` asks for: (context, id) -> the files that ask,
    as Babel extracts them (bin/catalogs reads each package's folder)."""
    from babel.messages.extract import DEFAULT_KEYWORDS

    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(ROOT / domain), method_map, options_map, keywords={**DEFAULT_KEYWORDS, **KEYWORDS}):
        msgid = message[0] if isinstance(message, (tuple, list)) else message
        found.setdefault((context, msgid), set()).add(filename)
    return found


def must_translate(lang: str, files: set[str]) -> bool:
    """Whether ``lang`` translates a message the code asks for in ``files``: every one, or in a
    language of Rally Run's alone, every one not only Stich Rallye's code asks for."""
    return lang not in RALLY_RUN_ONLY or not all("stich_rallye" in f for f in files)


def catalogs():
    """Each language's catalog: (domain, language, path of the .po)."""
    for domain, locale in DOMAINS.items():
        for po in sorted(locale.glob(f"*/LC_MESSAGES/{domain}.po")):
            yield pytest.param(domain, po.parent.parent.name, po, id=f"{domain}-{po.parent.parent.name}")


def read(po: pathlib.Path):
    with po.open("rb") as f:
        return read_po(f)


def placeholders(text: str) -> set[str]:
    """The names of a template's ``{placeholders}``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def entries(catalog):
    return [m for m in catalog if m.id]


def test_there_is_a_catalog_for_each_package_in_each_language():
    languages = ["de", *RALLY_RUN_ONLY]
    assert [p.values[:2] for p in catalogs()] == [(d, lang) for d in DOMAINS for lang in sorted(languages)]


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_code_asks_for_messages_and_every_one_has_a_template(domain):
    used = used_in_code(domain)
    assert len(used) >= 1
    template = read(DOMAINS[domain] / f"{domain}.pot")
    in_template = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in entries(template)}
    assert sorted(set(used) - in_template, key=str) == [], f"run bash bin/catalogs: messages missing from {domain}.pot"
    assert sorted(in_template - set(used), key=str) == [], f"run bash bin/catalogs: {domain}.pot holds messages no code uses"


@pytest.mark.parametrize("domain, lang, po", list(catalogs()))
def test_catalog_is_whole_translated_and_not_fuzzy(domain, lang, po):
    used = used_in_code(domain)
    catalog = read(po)
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in entries(catalog)}
    missing = sorted(set(used) - set(ids), key=str)
    assert missing == [], f"{po.relative_to(ROOT)} lacks {len(missing)} messages (bash bin/catalogs adds them): {missing[:5]}"
    extra = sorted(set(ids) - set(used), key=str)
    assert extra == [], f"{po.relative_to(ROOT)} holds messages no code uses: {extra[:5]}"
    plural_forms = catalog.num_plurals
    for key, message in ids.items():
        where = f"{po.relative_to(ROOT)}: {key[1][:70]!r}"
        assert not message.fuzzy, f"{where} is fuzzy: check it and remove the fuzzy mark"
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if isinstance(message.id, (tuple, list)):
            assert len(forms) == plural_forms, f"{where}: {plural_forms} plural forms needed"
        if not must_translate(lang, used[key]):
            assert all(forms) or not any(forms), f"{where}: some plural forms translated, some not"
            if not any(forms):
                continue  # Stich Rallye's: English, in a language of Rally Run's alone
        assert all(form for form in forms), f"{where} is not translated"
        english = placeholders(message.id if isinstance(message.id, str) else message.id[1])
        # The singular form (the first) may leave the count out where the English singular does:
        # "one way" is "eine Lage", not "1 Lage".
        singular = placeholders(message.id[0]) if isinstance(message.id, (tuple, list)) else english
        for index, form in enumerate(forms):
            assert placeholders(form) == english or (index == 0 and placeholders(form) == singular), (
                f"{where}: the translation's placeholders {sorted(placeholders(form))} differ from {sorted(english)}")


@pytest.mark.parametrize("domain, lang, po", list(catalogs()))
def test_compiled_catalog_is_the_catalog(domain, lang, po):
    """rally.mo says exactly what rally.po says (bash bin/catalogs compiles it)."""
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo.relative_to(ROOT)} is missing: run bash bin/catalogs"
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for message in entries(read(po)):
        if isinstance(message.id, (tuple, list)):
            for n in (1, 2, 5):
                got = (compiled.npgettext(message.context, message.id[0], message.id[1], n) if message.context
                       else compiled.ngettext(message.id[0], message.id[1], n))
                # An untranslated message (Stich Rallye's, in a language of Rally Run's alone) stays English:
                # Babel compiles an empty form as the English of its index (0 singular, else plural).
                form = compiled.plural(n)
                want = message.string[form] or message.id[min(form, 1)]
                assert got == want, f"{mo.name} is older than {po.name}: run bash bin/catalogs"
        else:
            got = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
            assert got == (message.string or message.id), f"{mo.name} is older than {po.name}: run bash bin/catalogs"


def test_no_message_is_built_from_an_f_string_inside_a_lookup():
    """``_(f"...")`` would look up a text no catalog has: the templates are plain strings."""
    pattern = re.compile(r"\b(?:_|ngettext|pgettext|npgettext|N_)\(\s*f[\"']")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for domain in DOMAINS for p in (ROOT / domain).rglob("*.py")
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []
