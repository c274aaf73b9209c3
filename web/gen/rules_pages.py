"""The rules pages themselves: the frame every generated page shares, one game's page
in one language (with its examples and language links), each language's index and the
chooser that picks the reader's language."""

from __future__ import annotations

import html
from typing import Any

import engine
from gen import load_guard
from gen.rules_common import (
    GAMES,
    LANG_NAMES,
    LANGS,
    RulesError,
    _json_script,
    ui,
    ui_strings,
    words,
)
from gen.rules_examples import Example, build_example, render_sets
from gen.rules_source import Page, inline


def page_config(lang: str, deck: str, base: str, pyodide: str, rules_map: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "lang": lang,
        "base": base,
        "pyodide": pyodide,
        "ui": ui_strings(lang),
        "cards": {deck: words.card_table(deck, lang)},
        "rules": rules_map,
    }


def deck_of(game: str) -> str:
    """The deck a game is played with, as the engine says."""
    return engine.game_class(game).DECK.name


def anchor_maps(pages: dict[tuple[str, str], Page]) -> dict[tuple[str, str], dict[str, dict[str, str]]]:
    """(game, lang) → other language → {section id here: its id there}, for the language
    links to keep the reader's place (examples have the same ids in every language).
    The pages share one outline: headings pair up by level, rule tags and their order
    among headings alike; one the other page lacks maps to "" (go to its top)."""
    def outline(page: Page) -> dict[tuple[str, str, int], str]:
        seen: dict[tuple[str, str], int] = {}
        out = {}
        for b in page.blocks:
            if b.kind in ("h2", "h3"):
                kind = (b.kind, " ".join(sorted(b.attrs["rules"].split())))
                seen[kind] = seen.get(kind, -1) + 1
                out[(*kind, seen[kind])] = b.attrs["id"]
        return out

    outlines = {key: outline(page) for key, page in pages.items()}
    maps: dict[tuple[str, str], dict[str, dict[str, str]]] = {}
    for (game, lang), here in outlines.items():
        maps[(game, lang)] = {}
        for other in LANGS:
            there = outlines.get((game, other))
            if other == lang or there is None:
                continue
            maps[(game, lang)][other] = {a: there.get(k, "") for k, a in here.items() if there.get(k, "") != a}
    return maps


def scroll_box(heading: str = "") -> str:
    """The opening tag of a box that scrolls sideways when a table is wider than the
    column (a phone). Keyboard users scroll it too, so it takes focus; as a group named
    by the heading above it (``heading``: that heading's id), focus says what it holds.
    (A group, not a region: a region named like its section would be a second landmark
    of the same name.)"""
    named = f' role="group" aria-labelledby="{heading}"' if heading else ""
    return f'<div class="table-wrap" tabindex="0"{named}>'


def page_shell(*, lang: str, base: str, title: str, description: str, head: str, site_links: str,
               main: str, nav: str = "", html_attrs: str = "") -> str:
    """The frame every generated page shares: head, the site's header, and ``main``.
    ``base`` leads to the site root; ``head`` and ``site_links`` are ready HTML; the
    plain strings ``title`` and ``description`` are escaped here."""
    site = html.escape(ui(lang, "site"))
    return f"""<!doctype html>
<html lang="{lang}"{html_attrs}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} – {site}</title>
<meta name="description" content="{html.escape(description)}">
<meta name="theme-color" content="#0d5132">
<link rel="icon" href="{base}icons/icon.svg" type="image/svg+xml">
{head}
</head>
<body class="rules-page">
<header class="top">
<p class="site"><a href="{base}index.html"><img src="{base}icons/icon.svg" alt="" width="28" height="28"> {site}</a>{site_links}</p>
{nav + chr(10) if nav else ""}</header>
{main}
</body>
</html>
"""


def render_page(page: Page, pyodide: str, available: dict[str, set[str]],
                anchors: dict[str, dict[str, str]] | None = None) -> tuple[str, list[Example]]:
    """One rules page (``anchors``: its section ids in the other languages, see :func:`anchor_maps`)."""
    lang, game = page.lang, page.game
    deck = deck_of(game)
    base = "../../"
    page.meta["_base"] = base
    body: list[str] = []
    toc: list[str] = []
    examples: list[Example] = []
    counter: dict[str, int] = {}
    rules_map: dict[str, list[str]] = {}
    section_open = False
    heading = ""  # the id of the heading above, which names a table's scroll box
    for block in page.blocks:
        if block.kind == "h2":
            if section_open:
                body.append("</section>")
            anchor = block.attrs["id"]
            for rule in block.attrs["rules"].split():
                rules_map[rule] = ["#" + anchor, block.text]
            body.append(f'<section aria-labelledby="{anchor}"><h2 id="{anchor}">{inline(block.text, deck, lang)}</h2>')
            heading = anchor
            toc.append(f'<li><a href="#{anchor}">{inline(block.text, deck, lang)}</a></li>')
            section_open = True
        elif block.kind == "h3":
            anchor = block.attrs["id"]
            for rule in block.attrs["rules"].split():
                rules_map[rule] = ["#" + anchor, block.text]
            body.append(f'<h3 id="{anchor}">{inline(block.text, deck, lang)}</h3>')
            heading = anchor
        elif block.kind == "p":
            body.append(f"<p>{inline(block.text, deck, lang)}</p>")
        elif block.kind in ("ul", "ol"):
            items = "".join(f"<li>{inline(x, deck, lang)}</li>" for x in block.items)
            body.append(f"<{block.kind}>{items}</{block.kind}>")
        elif block.kind == "note":
            body.append(f'<aside class="note">{inline(block.text, deck, lang)}</aside>')
        elif block.kind == "table":
            head, *rest = block.items
            th = "".join(f'<th scope="col">{inline(c, deck, lang)}</th>' for c in head)
            trs = "".join("<tr>" + "".join(f"<td>{inline(c, deck, lang)}</td>" for c in r) + "</tr>" for r in rest)
            body.append(f'{scroll_box(heading)}<table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table></div>')
        elif block.kind in ("example", "turn"):
            markup, ex = build_example(block, page, base, counter)
            body.append(markup)
            examples.append(ex)
        elif block.kind == "sets":
            body.append(render_sets(block, page))
        else:
            raise RulesError(f"{game}.{lang}: unknown block @{block.kind}")
    if section_open:
        body.append("</section>")
    title = page.meta.get("title", game)
    alternates = "".join(
        f'<link rel="alternate" hreflang="{lg}" href="../{lg}/{game}.html">' for lg in LANGS if game in available[lg])
    switch = " ".join(
        (f'<a href="../{lg}/{game}.html" lang="{lg}" hreflang="{lg}"'
         + (' aria-current="page"' if lg == lang else "") + f">{LANG_NAMES[lg]}</a>")
        for lg in LANGS if game in available[lg])
    others = " ".join(
        f'<a href="{g}.html">{html.escape(words.engine_text("game." + g, lang))}</a>'
        for g in GAMES if g in available[lang] and g != game)
    config = page_config(lang, deck, base, pyodide, rules_map)
    lead = f'<p class="lead">{inline(page.meta["lead"], deck, lang)}</p>' if page.meta.get("lead") else ""
    # the load guard: if the examples' script does not arrive, once more, then a message
    # (before the style sheet: an inline script after one waits for it to load)
    guard = load_guard.script("korttiLoadGuard(() => document.documentElement.dataset.examples, "
                             f"() => korttiSayAboveMain({_json_script(ui(lang, 'files'))}));")
    head = (f'{alternates}\n{guard}\n<link rel="stylesheet" href="../rules.css">\n'
            f'<script type="application/json" id="rules-config">{_json_script(config)}</script>\n'
            f'<script type="module" src="{base}js/rules/example.js"></script>\n'
            f'<script type="application/json" id="lang-anchors">{_json_script(anchors or {})}</script>\n'
            f'<script type="module" src="{base}js/rules/rules-lang.js"></script>')
    main = f"""<main class="doc">
<article>
<h1>{inline(title, deck, lang)}</h1>
{lead}
<nav class="toc" aria-label="{html.escape(ui(lang, "contents"))}"><ol>{"".join(toc)}</ol></nav>
{"".join(body)}
</article>
</main>
<footer class="foot"><p>{html.escape(ui(lang, "other_games"))} {others} · <a href="{base}index.html">{html.escape(ui(lang, "play_games"))}</a> · <a href="{base}embed/test.html">{html.escape(ui(lang, "authors"))}</a></p></footer>"""
    markup = page_shell(
        lang=lang, base=base, title=title, description=page.meta.get("description", ""), head=head,
        site_links=f'\n<a href="index.html">{html.escape(ui(lang, "all_rules"))}</a>',
        nav=f'<nav class="langs" aria-label="{html.escape(ui(lang, "languages"))}">{switch}</nav>', main=main)
    return markup, examples


def render_index(lang: str, pages: dict[tuple[str, str], Page], available: dict[str, set[str]]) -> str:
    """The list of rules pages in one language (rules/<lang>/index.html)."""
    base = "../../"
    here = ""
    up = "../"
    items = []
    for game in GAMES:
        if game not in available[lang]:
            continue
        page = pages[(game, lang)]
        items.append(f'<li><a href="{here}{game}.html"><strong>{html.escape(page.meta.get("title", game))}</strong></a>'
                     f'<br><span>{html.escape(page.meta.get("description", ""))}</span></li>')
    switch = " ".join(
        f'<a href="{up}{lg}/index.html" lang="{lg}" hreflang="{lg}"' + (' aria-current="page"' if lg == lang else "")
        + f">{LANG_NAMES[lg]}</a>" for lg in LANGS)
    main = f"""<main class="doc"><article>
<h1>{html.escape(ui(lang, "all_rules"))}</h1>
<p class="lead">{html.escape(ui(lang, "index_lead"))}</p>
<ul class="games-list">{"".join(items)}</ul>
<p><a href="{base}embed/test.html">{html.escape(ui(lang, "authors"))}</a></p>
</article></main>"""
    return page_shell(
        lang=lang, base=base, title=ui(lang, "all_rules"), description=ui(lang, "index_description"),
        head=f'<link rel="stylesheet" href="{up}rules.css">\n<script type="module" src="{base}js/rules/rules-lang.js"></script>',
        site_links="", nav=f'<nav class="langs" aria-label="{html.escape(ui(lang, "languages"))}">{switch}</nav>', main=main)


def render_chooser(available: dict[str, set[str]]) -> str:
    """rules/index.html, the way in from the lobby: js/rules/rules-lang.js goes on to the
    remembered language, else the browser's, else English; without script, plain links
    to every language's index, each in its own words."""
    langs = [lg for lg in LANGS if available[lg]]
    titles = " · ".join(f'<span lang="{lg}">{html.escape(ui(lg, "all_rules"))}</span>' for lg in langs)
    items = "".join(
        f'<li lang="{lg}"><a href="{lg}/index.html" hreflang="{lg}"><strong>{LANG_NAMES[lg]}</strong></a>'
        f'<br><span>{html.escape(ui(lg, "index_description"))}</span></li>' for lg in langs)
    label = " · ".join(ui(lg, "languages") for lg in langs)
    head = ("".join(f'<link rel="alternate" hreflang="{lg}" href="{lg}/index.html">' for lg in langs)
            + '\n<link rel="stylesheet" href="rules.css">\n<script type="module" src="../js/rules/rules-lang.js"></script>')
    main = f"""<main class="doc"><article>
<h1>{titles}</h1>
<nav aria-label="{html.escape(label)}"><ul class="games-list">{items}</ul></nav>
</article></main>"""
    return page_shell(lang="en", base="../", title=" · ".join(ui(lg, "all_rules") for lg in langs),
                      description=ui("en", "index_description"), head=head, site_links="", main=main,
                      html_attrs=" data-pick-lang")
