"""The rules pages and the example embed, generated at build time.

Inputs: ``web/rules/src/<game>.<lang>.txt`` (the pages, in a small text format, see
``docs/authors.md``; each page ends with the shared sections of ``src/shared/``, such as
"fair deals"), ``web/rules/examples/*.json`` (hand records), the ``rules.*``
strings (``web/i18n/rules/<lang>.json``) and
the ``lesson`` package (``web/rules/lesson``), which turns a record into steps in words.

Output (:func:`all_files`): ``rules/<lang>/<game>.html`` and an index per language
(with language links, ``js/rules/rules-lang.js``), ``rules/index.html`` (picks a language),
``rules/rules.css``, ``rules/pips/*.svg``, ``embed/example.html`` (the frame an author
embeds), ``embed/test.html`` (a page to try records and copy embed codes), ``embed/authors.html``
(``docs/authors.md``, the guide for authors, through :mod:`gen.markdown`) and
``lesson.zip`` (the ``lesson`` package with its strings, for Pyodide).

Every example is replayed through the engine here: the page shows its first position
and carries all its steps as JSON, so it reads, prints and steps before Python boots.
An example whose ``expect:`` does not match the engine's replay stops the build.

The parts, each in a module of its own: ``rules_common`` (paths, languages, strings, the
``lesson`` package), ``rules_source`` (the source format), ``rules_examples`` (the
examples and their record codec), ``rules_board`` (an example's board and log as HTML),
``rules_pages`` (the pages, indexes and chooser), ``rules_guide`` (the authors' guide).
This module builds everything from them (:func:`build_pages`, :func:`all_files`), packs
the embed frame's config and ``lesson.zip``, and keeps the names others import from it.
"""

from __future__ import annotations

import html
import io
import json
import zipfile
from typing import Any

import engine
from gen import load_guard
from gen.rules_board import card_img, render_board, render_log
from gen.rules_common import (
    GAMES,
    LANG_NAMES,
    LANGS,
    RULES,
    WEB,
    RulesError,
    _json_script,
    catalogue,
    ui,
    ui_strings,
    words,
)
from gen.rules_examples import (
    Example,
    build_example,
    decode_record,
    encode_record,
    load_example,
    render_example,
    render_sets,
    subset,
)
from gen.rules_guide import DOCS, GUIDE, GUIDE_PAGES, PLACEHOLDER, render_guide
from gen.rules_pages import (
    anchor_maps,
    deck_of,
    page_config,
    page_shell,
    render_chooser,
    render_index,
    render_page,
    scroll_box,
)
from gen.rules_source import HEADING, INLINE, Block, Page, inline, parse_source, slug

# the names other code (build.py, gen.rule_links, the tests) takes from here
__all__ = [
    "DOCS", "GAMES", "GUIDE", "GUIDE_PAGES", "HEADING", "INLINE", "LANGS", "LANG_NAMES", "PLACEHOLDER",
    "RULES", "SHARED_OPTIONS", "WEB", "ZIP_TIME", "Block", "Example", "Page", "RulesError",
    "all_files", "anchor_maps", "build_example", "build_pages", "card_img", "catalogue", "deck_of",
    "decode_record", "embed_config", "encode_record", "inline", "lesson_zip", "load_example",
    "page_config", "page_shell", "parse_source", "pips", "render_board", "render_chooser",
    "render_example", "render_guide", "render_index", "render_log", "render_page", "render_sets",
    "scroll_box", "shared_section", "slug", "subset", "ui", "words",
]

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def embed_config(pyodide: str) -> dict[str, Any]:
    uis = {lang: ui_strings(lang) for lang in LANGS}
    cards: dict[str, dict[str, Any]] = {}
    known = engine.catalogue()  # the games, decks and player ranges, as the engine has them
    for lang in LANGS:
        cards[lang] = {deck: words.card_table(deck, lang) for deck in known["decks"]}
    # "langs": the site's languages in their order (gen/languages.py), for the frame's pick
    return {"base": "../", "pyodide": pyodide, "langs": list(LANGS), "ui": uis, "cards": cards, "names": words.DEFAULT_NAMES,
            "games": known["games"], "decks": known["decks"]}


def lesson_zip(cat: dict[str, dict[str, str]]) -> bytes:
    """The lesson package and its strings, as Pyodide unpacks it (same bytes every build)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        entries = [(f"lesson/{p.name}", p.read_bytes()) for p in sorted((RULES / "lesson").glob("*.py"))]
        entries.append(("lesson/strings.json", json.dumps(cat, ensure_ascii=False, sort_keys=True).encode()))
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def pips() -> dict[str, bytes]:
    """Tiny suit signs for the German card chips in text (the card art's own signs)."""
    from gen import cards

    out = {}
    for suit, (kind, colour) in cards.GERMAN_SUITS.items():
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-55 -55 110 110" width="16" height="16">'
               f'{cards.SIGNS[kind].format(c=colour)}</svg>')
        out[f"rules/pips/{suit}.svg"] = svg.encode()
    return out


# The sections every game's page ends with, in this order (src/shared/<name>.<lang>.txt).
SHARED_SECTIONS = ("fair-deals", "no-peek")

# For the commands of the "fair deals" section: a table option of each game to show.
SHARED_OPTIONS = {
    "katte": '{"ante": 5}',
    "katko": '{"trump": true}',
    "call-kitti": '{"base_price": 2}',
    "kocka": '{"early_end": "off"}',
}


def shared_section(name: str, game: str, lang: str) -> list[Block]:
    """The blocks of ``src/shared/<name>.<lang>.txt``, a section every game's page ends
    with; ``{game}``, ``{options}`` and ``{start}`` in it become the game's own."""
    text = (RULES / "src" / "shared" / f"{name}.{lang}.txt").read_text("utf-8")
    # the engine names a deal's first player (Katte: the leader)
    words_ = {"game": game, "options": SHARED_OPTIONS[game], "start": engine.game_class(game).START_KEY}
    for key, value in words_.items():
        text = text.replace("{" + key + "}", value)
    return parse_source("\n" + text, game, lang).blocks  # "\n": no header lines


def build_pages(pyodide: str = "vendor/pyodide/") -> tuple[dict[str, bytes], list[tuple[Page, list[Example]]]]:
    """Every rules file, and the pages with their examples (for tests)."""
    cat = catalogue()
    words.install(cat)
    sources = sorted((RULES / "src").glob("*.txt"))
    pages: dict[tuple[str, str], Page] = {}
    for path in sources:
        game, _, lang = path.stem.rpartition(".")
        if game not in GAMES or lang not in LANGS:
            raise RulesError(f"{path.name}: name it <game>.<lang>.txt ({', '.join(GAMES)}; {', '.join(LANGS)})")
        pages[(game, lang)] = parse_source(path.read_text("utf-8"), game, lang)
        for name in SHARED_SECTIONS:
            pages[(game, lang)].blocks += shared_section(name, game, lang)
    available = {lang: {g for g, lg in pages if lg == lang} for lang in LANGS}
    files: dict[str, bytes] = {}
    built = []
    anchors = anchor_maps(pages)
    for (game, lang), page in sorted(pages.items()):
        markup, examples = render_page(page, pyodide, available, anchors[(game, lang)])
        files[f"rules/{lang}/{game}.html"] = markup.encode()
        built.append((page, examples))
    for lang in LANGS:
        files[f"rules/{lang}/index.html"] = render_index(lang, pages, available).encode()
    files["rules/index.html"] = render_chooser(available).encode()  # picks the reader's language
    files["rules/rules.css"] = (RULES / "rules.css").read_bytes()
    files.update(pips())
    config = _json_script(embed_config(pyodide))
    # the test page's language menu: the site's languages, each in its own name
    options = "".join(f'<option value="{lg}" lang="{lg}">{html.escape(LANG_NAMES[lg])}</option>' for lg in LANGS)
    for name in ("example.html", "test.html"):
        template = (WEB / "embed" / name).read_text("utf-8")
        files[f"embed/{name}"] = (template.replace("{{CONFIG}}", config).replace("{{LANG_OPTIONS}}", options).replace("{{LOAD_GUARD}}", load_guard.code())
                                   .replace("{{FILES}}", _json_script(ui("en", "files")))).encode()  # (test.html: English)
    files["lesson.zip"] = lesson_zip(cat)
    site = set(files) | {"index.html"} | {f"js/{p.relative_to(WEB / 'js').as_posix()}" for p in (WEB / "js").rglob("*.js")}
    files[GUIDE] = render_guide(site | {GUIDE}).encode()
    return files, built


def all_files(site: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The rules pages and the embed, for build.py (``site``: the other files, to find Pyodide)."""
    pyodide = "vendor/pyodide/"
    for path in site or {}:
        if path.endswith("/pyodide.mjs"):
            pyodide = path.rsplit("/", 1)[0] + "/"
    return build_pages(pyodide)[0]
