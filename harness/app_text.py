"""What a learner reads of each lesson in the app view: the page's visible text, its words,
its long sentences and any block it shows twice.

The lessons are served exactly as ``bin/lessons`` serves them (:class:`harness.lab.JupyterLab`
with a token, the cross-site checks on), each lesson's app view (``/voila/render/...``) opens
in Chromium at 1280 x 800 and, once Voilà has run every cell and drawn every widget, the
page's ``document.body.innerText`` is saved, one file a lesson, in course order, with its
links beside it (and the grown-ups' guide, each of its notebooks, counted apart from the
child's path). The counts are printed as tables, the lessons' and the guide's::

    bash bin/app-text [FOLDER] [--lang en|de|fr|es|zh_Hans] [--lesson 07_rally_run_driving]
    bash bin/app-text [FOLDER] --lesson for_grown_ups_3_advisor      (one notebook of the guide)

Each language's course is counted (``widgets.course.course``): English and German have every
lesson, French, Spanish and Chinese Rally Run's four pages. Chinese is written without spaces,
so two of its characters count as one word (:data:`CJK_PER_WORD`), as a Chinese text of 1,000
characters says about as much as 500 English words; letters and digits among them count as in
English. The browser tests count the same way on the pages they open
(``tests/browser/test_learner_view.py``).

>>> page = count("Round 1.\\nAda plays a card and wins. Bo winds his motor.\\nAda plays a card and wins.")
>>> page.words, page.sentences, page.long_sentences
(18, 4, [])
>>> page.repeated, count("Bo wins the trick by 2.\\nBo wins the trick by 2.").repeated
([], ['Bo wins the trick by 2.'])
>>> count("轮到你了。点一下 B3！").words, count("轮到你了。点一下 B3！").sentences
(5, 2)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import pathlib
import re
import secrets
import sys

#: The child's path, measured here (issue 41): at most this many words a page ...
MOST_WORDS_A_PAGE = 1200
#: ... and this many words a sentence.
MOST_WORDS_A_SENTENCE = 20
#: A line of this many words or more shown twice on one page is a repeated block.
REPEATED_LINE_WORDS = 5

#: The notebooks below notebooks/.
NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
#: The grown-ups' guide of each language that has one, its start and its parts (the same
#: limits as a lesson, counted apart from the child's path): these patterns below notebooks/.
#: The languages of Rally Run alone link the English guide.
GUIDES = {"en": "for_grown_ups*.ipynb", "de": "de/fuer_erwachsene*.ipynb"}

#: What only a screen reader reads (a game's live region, clipped to nothing on the screen):
#: ``innerText`` would count it, and a sighted reader never meets it.
SCREEN_READER_ONLY = ".rally-announcer"
#: JavaScript: what the page shows (hidden parts left out, as a reader meets it) and its links.
PAGE = """() => {
  const unseen = [...document.querySelectorAll('%s')].filter(e => e.style.display !== 'none');
  unseen.forEach(e => { e.style.display = 'none'; });
  const text = document.body.innerText;
  unseen.forEach(e => { e.style.display = ''; });
  return {text, links: [...document.querySelectorAll('a[href]')].filter(a => a.getClientRects().length > 0)
    .map(a => `${a.innerText.trim()} -> ${a.getAttribute('href')}`)};
}""" % SCREEN_READER_ONLY

_WORD = re.compile(r"\w")
#: Chinese characters (and Japanese kanji): a text in them has no spaces between words ...
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: ... and about two of them make a word.
CJK_PER_WORD = 2
# A sentence ends at . ! ? (a closing quote or bracket may follow) before the next one starts
# (with a capital, a digit, or Spanish ¿ ¡, perhaps after a warning's ⚠); a Chinese one at
# 。！？, with no space after it.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”“’)»«]))\s+(?=(?:⚠\s)?[\"„“‘(«»¿¡]?[A-ZÀ-ÖØ-Þ0-9¿¡])"
                           r"|(?<=[。！？])(?![”’」』）])\s*|(?<=[。！？][”’」』）])\s*")


def guide(lang: str) -> list[str]:
    """The guide's notebooks in ``lang`` (paths below notebooks/), its start first.

    >>> guide("en")[:2]
    ['for_grown_ups.ipynb', 'for_grown_ups_1_cards_and_hills.ipynb']
    >>> guide("de")[0], len(guide("de")) == len(guide("en"))
    ('de/fuer_erwachsene.ipynb', True)
    """
    return sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob(GUIDES[lang])) if lang in GUIDES else []


def guide_named(name: str) -> str | None:
    """``name`` (a file name, with or without ``de/`` and ``.ipynb``) as a notebook of the
    guide, or None if it names none.

    >>> guide_named("fuer_erwachsene_3_ratgeber"), guide_named("01_tricks")
    ('de/fuer_erwachsene_3_ratgeber.ipynb', None)
    """
    stem = name.removesuffix(".ipynb").split("/")[-1]
    return next((path for lang in GUIDES for path in guide(lang) if path.endswith(f"/{stem}.ipynb")
                 or path == f"{stem}.ipynb"), None)


def cjk_words(text: str) -> int:
    """The words the Chinese characters of ``text`` make: :data:`CJK_PER_WORD` a word, rounded up.

    >>> cjk_words("开到维修站"), cjk_words("Bo wins")
    (3, 0)
    """
    return math.ceil(len(CJK.findall(text)) / CJK_PER_WORD)


def words(text: str) -> int:
    """Words as a reader counts them: whitespace-separated pieces holding a letter or digit
    (a lone "·", "→" or "▶" is not a word); Chinese characters as :func:`cjk_words` counts them.

    >>> words("Ada's car → space 12 · lap 2"), words("Bo 开到 C3 了。")
    (6, 4)
    """
    return sum(1 for piece in CJK.sub(" ", text).split() if _WORD.search(piece)) + cjk_words(text)


def sentences(text: str) -> list[str]:
    """The page's sentences: every line on its own (a button, a heading, a list item), split
    where a sentence ends and the next begins.

    >>> sentences("Your turn. Play a card!\\nUse turbo: 3 + 4 → space 9")
    ['Your turn.', 'Play a card!', 'Use turbo: 3 + 4 → space 9']
    """
    found = []
    for line in text.splitlines():
        found += [part.strip() for part in _SENTENCE_END.split(line) if words(part)]
    return found


@dataclasses.dataclass
class PageCount:
    """One page's counts: words, sentences, those over the limit, and repeated lines."""

    name: str
    words: int
    sentences: int
    long_sentences: list[str]
    repeated: list[str]

    @property
    def too_long(self) -> bool:
        return self.words > MOST_WORDS_A_PAGE


def count(text: str, name: str = "") -> PageCount:
    """The counts of one page's visible ``text``."""
    found = sentences(text)
    long = [s for s in found if words(s) > MOST_WORDS_A_SENTENCE]
    seen: dict[str, int] = {}
    for line in (line.strip() for line in text.splitlines()):
        if words(line) >= REPEATED_LINE_WORDS:
            seen[line] = seen.get(line, 0) + 1
    return PageCount(name, words(text), len(found), long, [line for line, times in seen.items() if times > 1])


def table(pages: list[PageCount]) -> str:
    """The counts as a text table, one row a page and the totals."""
    rows = [f"{'page':44} {'words':>6} {'sentences':>9} {'over ' + str(MOST_WORDS_A_SENTENCE):>8} {'repeated':>8}"]
    for page in pages:
        mark = "  (over %d words)" % MOST_WORDS_A_PAGE if page.too_long else ""
        rows.append(f"{page.name:44} {page.words:>6} {page.sentences:>9} {len(page.long_sentences):>8} "
                    f"{len(page.repeated):>8}{mark}")
    rows.append(f"{'all':44} {sum(p.words for p in pages):>6} {sum(p.sentences for p in pages):>9} "
                f"{sum(len(p.long_sentences) for p in pages):>8} {sum(len(p.repeated) for p in pages):>8}")
    return "\n".join(rows)


def save(folder: pathlib.Path, name: str, shown: dict) -> PageCount:
    """Write one page's text (``name``.txt) and links (``name``.links.txt) into ``folder``;
    return its counts. ``shown`` is what :data:`PAGE` gives."""
    path = folder / f"{name}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(shown["text"], encoding="utf-8")
    (folder / f"{name}.links.txt").write_text("\n".join(shown["links"]) + "\n", encoding="utf-8")
    return count(shown["text"], name)


def save_guided_games(folder: pathlib.Path, lang: str) -> list[PageCount]:
    """Write what a learner reads in lesson 0's guided games in ``lang`` (their tips and
    their end, :mod:`harness.guided_text`), one file a game lesson 0 offers in ``lang``,
    beside the lessons' pages (``00_guided_<game>.txt``, under ``de/`` in German); return
    their counts. They belong to the child's path: lesson 0 starts them."""
    from widgets.course import in_folder
    from widgets.first_game import games_spoken

    from . import guided_text

    counts = []
    for game in games_spoken(lang):
        name = in_folder(lang, f"00_guided_{game}")
        text = "\n".join(guided_text.words_read(game, lang))
        counted = save(folder, name, {"text": text, "links": []})
        print(f"{counted.name}: {counted.words} words", file=sys.stderr)
        counts.append(counted)
    return counts


def write_course(folder: pathlib.Path, langs: list[str],
                 only: str | None = None) -> tuple[list[PageCount], list[PageCount]]:
    """Open every lesson's app view (in course order, each language of ``langs``), count
    lesson 0's guided games (:func:`save_guided_games`), then every notebook of the guide
    for grown-ups, on a server started as ``bin/lessons``
    starts it, and save what each page shows into ``folder``; only the lesson or guide
    notebook ``only`` if given. Returns the counts: the lessons', the guide's."""
    from playwright.sync_api import sync_playwright

    from widgets.course import course, lesson_named

    from . import lab

    only_guide = guide_named(only) if only else None
    pages, guides = [], []
    with lab.JupyterLab(token=secrets.token_hex(16)) as server, sync_playwright() as playwright:
        browser = lab.launch_chromium(playwright)
        context = browser.new_context(viewport=lab.WINDOW)
        page = context.new_page()
        for lang in langs:
            lessons = [] if only_guide else [lesson_named(only)] if only else list(course(lang))
            for lesson in (item for item in lessons if item.name(lang) is not None):
                path = lesson.file(lang)
                lab.open_app(page, server, path)
                lab.wait_for_figures(page)  # a busy machine draws a track a while after Voilà is done
                counted = save(folder, path.removesuffix(".ipynb"), page.evaluate(PAGE))
                print(f"{counted.name}: {counted.words} words", file=sys.stderr)
                pages.append(counted)
            if not only:
                pages += save_guided_games(folder, lang)
            for path in ([only_guide] if only_guide else [] if only else guide(lang)):
                lab.open_app(page, server, path)
                lab.wait_for_figures(page)
                counted = save(folder, path.removesuffix(".ipynb"), page.evaluate(PAGE))
                print(f"{counted.name}: {counted.words} words", file=sys.stderr)
                guides.append(counted)
            if only_guide:
                break  # the guide's notebook is in one language
        browser.close()
    (folder / "counts.json").write_text(json.dumps([dataclasses.asdict(p) for p in pages + guides], indent=1,
                                                   ensure_ascii=False) + "\n", encoding="utf-8")
    return pages, guides


def main(argv: list[str] | None = None) -> int:
    from widgets.course import FOLDERS

    parser = argparse.ArgumentParser(prog="bin/app-text", description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="test-artifacts/app-text", type=pathlib.Path,
                        help="where the pages' text goes (default: test-artifacts/app-text)")
    parser.add_argument("--lang", choices=list(FOLDERS), action="append", help="a language (default: all)")
    parser.add_argument("--lesson", help="one lesson or one notebook of the guide for grown-ups, by its file name")
    args = parser.parse_args(argv)
    pages, guides = write_course(args.folder, args.lang or list(FOLDERS), args.lesson)
    if pages:
        print(table(pages))
    if guides:
        print(("\n" if pages else "") + "The guide for grown-ups (not the child's path):\n" + table(guides))
    print(f"\nThe pages' text is in {args.folder}/.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
