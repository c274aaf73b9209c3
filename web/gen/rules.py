"""The rules pages and the example embed, generated at build time.

Inputs: ``web/rules/src/<game>.<lang>.txt`` (the pages, in a small text format, see
``docs/authors.md``; each page ends with the shared sections of ``src/shared/``, such as
"fair deals"), ``web/rules/examples/*.json`` (hand records), the ``rules.*``
strings (``web/i18n/rules/<lang>.json``) and
the ``lesson`` package (``web/rules/lesson``), which turns a record into steps in words.

Output (:func:`all_files`): ``rules/<lang>/<game>.html`` and an index per language
(with language links, ``js/rules-lang.js``), ``rules/index.html`` (picks a language),
``rules/rules.css``, ``rules/pips/*.svg``, ``embed/example.html`` (the frame an author
embeds), ``embed/test.html`` (a page to try records and copy embed codes), ``embed/authors.html``
(``docs/authors.md``, the guide for authors, through :mod:`gen.markdown`) and
``lesson.zip`` (the ``lesson`` package with its strings, for Pyodide).

Every example is replayed through the engine here: the page shows its first position
and carries all its steps as JSON, so it reads, prints and steps before Python boots.
An example whose ``expect:`` does not match the engine's replay stops the build.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
import sys
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[1]
RULES = WEB / "rules"
if str(RULES) not in sys.path:
    sys.path.insert(0, str(RULES))

from lesson import steps as lesson_steps
from lesson import words

import engine

LANGS = ("en", "fi", "cs")
GAMES = ("katte", "katko", "call-kitti", "kocka")
LANG_NAMES = {"en": "English", "fi": "Suomi", "cs": "Čeština"}
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class RulesError(Exception):
    """A page source or example that cannot be built, said in words."""


# ------------------------------------------------------------------ strings


def catalogue(web: Path = WEB) -> dict[str, dict[str, str]]:
    """lang → the ``rules.*`` strings: ``web/i18n/rules/<lang>.json``, a catalogue of
    their own so that they stay out of the lobby's page data."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        data = json.loads((web / "i18n" / "rules" / f"{lang}.json").read_text("utf-8"))
        out[lang] = {k: v for k, v in data.items() if k.startswith(("rules.", "hint."))}
    return out


def ui(lang: str, key: str, **params: Any) -> str:
    return words.t(lang, "ui." + key, **params)


# ----------------------------------------------------------- record codec


def encode_record(record: dict[str, Any]) -> str:
    """A record as a URL-safe string: ``z`` + base64url(raw deflate of the JSON), or
    ``j`` + base64url(JSON) when that is shorter. The embed page reads both."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data) + packer.flush()
    z = "z" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    j = "j" + base64.urlsafe_b64encode(data).decode().rstrip("=")
    return z if len(z) < len(j) else j


def decode_record(text: str) -> Any:
    raw = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    if text[0] == "z":
        raw = zlib.decompress(raw, -15)
    return json.loads(raw)


# ------------------------------------------------------------ page sources


@dataclass
class Block:
    kind: str  # h2 h3 p ul ol note table example turn sets
    text: str = ""
    items: list[Any] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass
class Page:
    game: str
    lang: str
    meta: dict[str, str]
    blocks: list[Block]


HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*(?:\{#([a-z0-9-]+)\})?\s*(?:\[([A-Z0-9 -]+)\])?\s*$")


def parse_source(text: str, game: str, lang: str) -> Page:
    meta: dict[str, str] = {}
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    # the header: key: value lines up to the first blank line
    while i < len(lines) and lines[i].strip():
        key, _, value = lines[i].partition(":")
        meta[key.strip()] = value.strip()
        i += 1
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", " ".join(para)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            i += 1
            continue
        if stripped.startswith("@") and stripped != "@end":
            flush()
            words_ = stripped[1:].split()
            kind, args = words_[0], words_[1:]
            attrs: dict[str, str] = {"args": " ".join(args)}
            body: list[str] = []
            i += 1
            while i < len(lines) and lines[i].strip() != "@end":
                if kind == "sets" and not re.match(r"^\s*(caption|label):", lines[i]):
                    if lines[i].strip():
                        body.append(lines[i].strip())
                else:
                    k, _, v = lines[i].strip().partition(":")
                    if k:
                        attrs[k.strip()] = (attrs.get(k.strip(), "") + " " + v.strip()).strip()
                i += 1
            if i >= len(lines):
                raise RulesError(f"{game}.{lang}: @{kind} {' '.join(args)} has no @end")
            i += 1
            blocks.append(Block(kind, items=body, attrs=attrs))
            continue
        m = HEADING.match(stripped)
        if m:
            flush()
            level = "h2" if len(m.group(1)) == 2 else "h3"
            anchor = m.group(3) or slug(m.group(2))
            blocks.append(Block(level, m.group(2), attrs={"id": anchor, "rules": m.group(4) or ""}))
            i += 1
            continue
        if stripped.startswith(("- ", "* ")) or re.match(r"^\d+\. ", stripped):
            flush()
            kind = "ul" if stripped.startswith(("- ", "* ")) else "ol"
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                s = lines[i].strip()
                if (kind == "ul" and s.startswith(("- ", "* "))) or (kind == "ol" and re.match(r"^\d+\. ", s)):
                    items.append(re.sub(r"^(- |\* |\d+\. )", "", s))
                else:
                    items[-1] += " " + s
                i += 1
            blocks.append(Block(kind, items=items))
            continue
        if stripped.startswith(">"):
            flush()
            note: list[str] = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                note.append(lines[i].strip()[1:].strip())
                i += 1
            blocks.append(Block("note", " ".join(note)))
            continue
        if stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            blocks.append(Block("table", items=rows))
            continue
        para.append(stripped)
        i += 1
    flush()
    return Page(game, lang, meta, blocks)


def slug(text: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]\[]+)\]\(([^)\s]+)\)|`([^`]+)`")


def inline(text: str, deck: str, lang: str) -> str:
    """Page text to HTML: escaping, **bold**, *italic*, [links](href), `code`, [[card]] chips."""
    out = []
    pos = 0
    for m in words.CARD_TOKEN.finditer(text):
        out.append(_marks(text[pos:m.start()]))
        out.append(words.chips_html(m.group(0), deck, lang))
        pos = m.end()
    out.append(_marks(text[pos:]))
    return "".join(out)


def _marks(text: str) -> str:
    out = []
    pos = 0
    for m in INLINE.finditer(text):
        out.append(html.escape(text[pos:m.start()], quote=False))
        if m.group(1) is not None:
            out.append(f"<strong>{_marks(m.group(1))}</strong>")
        elif m.group(2) is not None:
            out.append(f"<em>{_marks(m.group(2))}</em>")
        elif m.group(5) is not None:  # a command to type, as written
            out.append(f"<code>{html.escape(m.group(5), quote=False)}</code>")
        else:
            out.append(f'<a href="{html.escape(m.group(4))}">{_marks(m.group(3))}</a>')
        pos = m.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


# ---------------------------------------------------------------- examples


def load_example(name: str, rules_dir: Path = RULES) -> dict[str, Any]:
    path = rules_dir / "examples" / f"{name}.json"
    if not path.exists():
        raise RulesError(f"no example record {path.relative_to(rules_dir.parent.parent)}")
    record: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return record


def subset(expected: Any, actual: Any) -> bool:
    """``expected`` is contained in ``actual`` (dicts by key, lists item by item)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            subset(e, a) for e, a in zip(expected, actual))
    return bool(expected == actual)


def card_img(code: str, deck: str, lang: str, base: str, cls: str = "") -> str:
    name = html.escape(words.card_name(code, deck, lang))
    c = f' class="{cls}"' if cls else ""
    return f'<img{c} src="{base}cards/{deck}/{code}.svg" alt="{name}" width="200" height="280">'


def render_board(step: dict[str, Any], data: dict[str, Any], lang: str, base: str) -> str:
    """One position as HTML. js/example.js draws the same markup for the other steps."""
    deck = data["deck"]
    names = data["names"]
    rows = []
    for seat, name in enumerate(names):
        classes = ["ex-seat"]
        if seat in step["act"]:
            classes.append("acting")
        if seat in step["out"]:
            classes.append("out")
        badges = ""
        if step.get("dealer") == seat:
            badges += f' <span class="ex-badge">{html.escape(ui(lang, "dealer"))}</span>'
        hand = _hand_html(step["hands"][seat], deck, lang, base)
        plays = [p for p in step["table"] if p[0] == seat]
        play = "".join(_play_html(p, deck, lang, base) for p in plays)
        rows.append(
            f'<li class="{" ".join(classes)}"><div class="ex-who"><b>{html.escape(name)}</b>{badges}'
            f'<span class="ex-st">{html.escape(step["st"][seat])}</span></div>'
            f'<div class="ex-hand">{hand}</div><div class="ex-play">{play}</div></li>')
    info = words.chips_html(step["info"], deck, lang)
    return (f'<p class="ex-head"><b class="ex-h">{html.escape(step["h"])}</b> <span class="ex-info">{info}</span></p>'
            f'<ol class="ex-seats">{"".join(rows)}</ol>'
            f'<p class="ex-text" aria-live="polite">{words.chips_html(step["text"], deck, lang)}</p>'
            f'<p class="ex-why">{words.chips_html(step["why"], deck, lang)}</p>')


def _hand_html(hand: str, deck: str, lang: str, base: str) -> str:
    if not hand:
        return ""
    groups = hand.split("|")
    out = []
    for g in groups:
        cls = "ex-group discard" if g.startswith("!") else "ex-group"
        cards = []
        for code in g.lstrip("!").split():
            new = code.startswith("*")
            cards.append(card_img(code.lstrip("*"), deck, lang, base, "new" if new else ""))
        out.append(f'<span class="{cls}">{"".join(cards)}</span>' if len(groups) > 1 else "".join(cards))
    return "".join(out)


def _play_html(play: list[Any], deck: str, lang: str, base: str) -> str:
    codes, flags = play[1], play[2]
    tag = play[3] if len(play) > 3 else ""
    cls = ["ex-card"]
    if "w" in flags:
        cls.append("win")
    if "d" in flags:
        cls.append("down")
        tag = tag or ui(lang, "face_down")
    if "p" in flags:
        cls.append("passed")
    if "t" in flags:
        cls.append("tie")
    imgs = "".join(card_img(c, deck, lang, base) for c in codes.split())
    tag_html = f'<span class="ex-tag">{html.escape(tag)}</span>' if tag else ""
    return f'<span class="{" ".join(cls)}"><span class="ex-cards">{imgs}</span>{tag_html}</span>'


def render_log(data: dict[str, Any], lang: str) -> str:
    """The whole record as a table: the printable, indexable version of the example."""
    deck = data["deck"]
    names = data["names"]
    out = []
    multi = len(data["log"]) > 1
    for deal in data["log"]:
        rows = []
        for tr in deal["tricks"]:
            plays = []
            for p in tr["plays"]:
                cards = words.chips_html(words.cards(p[1].split()), deck, lang)
                mark = " ↓" if "d" in p[2] else ""
                strong = ("<strong>", "</strong>") if "w" in p[2] else ("", "")
                plays.append(f"{strong[0]}{html.escape(names[p[0]])} {cards}{mark}{strong[1]}")
            winner = html.escape(names[tr["winner"]]) if tr["winner"] is not None else "–"
            rows.append(f'<tr><th scope="row">{tr["n"]}</th><td>{" · ".join(plays)}</td><td>{winner}</td>'
                        f'<td>{words.chips_html(tr["why"], deck, lang)}</td></tr>')
        caption = f'<caption>{html.escape(ui(lang, "deal_n", n=deal["deal"] + 1))}</caption>' if multi else ""
        head = (f'<thead><tr><th scope="col">{html.escape(ui(lang, "log_trick"))}</th>'
                f'<th scope="col">{html.escape(ui(lang, "log_cards"))}</th>'
                f'<th scope="col">{html.escape(ui(lang, "log_winner"))}</th>'
                f'<th scope="col">{html.escape(ui(lang, "log_why"))}</th></tr></thead>')
        table = f'<table class="ex-log-table">{caption}{head}<tbody>{"".join(rows)}</tbody></table>' if rows else ""
        result = (f'<p class="ex-log-result">{words.chips_html(deal["result"], deck, lang)}</p>'
                  if deal["result"] else "")
        out.append(table + result)
    return "".join(out)


def _json_script(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


@dataclass
class Example:
    """One example on one page, built and checked."""

    name: str
    kind: str  # example | turn
    record: dict[str, Any]
    data: dict[str, Any]
    expect: Any
    title: str
    anchor: str
    turn: tuple[int, int] | None = None


def build_example(block: Block, page: Page, base: str, counter: dict[str, int]) -> tuple[str, Example]:
    lang = page.lang
    args = block.attrs["args"].split()
    if not args:
        raise RulesError(f"{page.game}.{lang}: @{block.kind} needs a record name")
    name = args[0]
    record = load_example(name)
    turn: tuple[int, int] | None = None
    if block.kind == "turn":
        if len(args) != 3:
            raise RulesError(f"{page.game}.{lang}: @turn {name} needs a deal and an action number")
        turn = (int(args[1]), int(args[2]))
    data = lesson_steps.build(record, lang, turn)
    if "error" in data:
        raise RulesError(f"{page.game}.{lang}: example {name}: {data['error']}")
    if record["game"] != page.game:
        raise RulesError(f"{page.game}.{lang}: example {name} is a {record['game']} record")
    expect = json.loads(block.attrs["expect"]) if "expect" in block.attrs else None
    if expect is not None and not subset(expect, data["summary"]):
        raise RulesError(f"{page.game}.{lang}: example {name} does not replay to what the page states: "
                         f"expected {expect}, the engine says {data['summary']}")
    counter[name] = counter.get(name, 0) + 1
    anchor = "ex-" + slug(name) + ("" if counter[name] == 1 else f"-{counter[name]}")
    title = block.attrs.get("title", name)
    ex = Example(name, block.kind, record, data, expect, title, anchor, turn)
    return render_example(ex, block, page, base), ex


def render_example(ex: Example, block: Block, page: Page, base: str) -> str:
    lang = page.lang
    data = ex.data
    deck = data["deck"]
    full = lesson_steps.expand(data["steps"])
    start = data["question"]["step"] if ex.turn else 0
    labels = "".join(f'<span class="ex-opt">{html.escape(lbl)}</span>' for lbl in data["labels"])
    intro = f'<p class="ex-intro">{inline(block.attrs["intro"], deck, lang)}</p>' if "intro" in block.attrs else ""
    kind_label = ui(lang, "your_turn") if ex.turn else ui(lang, "example")
    payload = encode_record(ex.record)
    embed_hash = f"lang={lang}&r={payload}" + (f"&turn={ex.turn[0]}.{ex.turn[1]}" if ex.turn else "")
    question = ""
    if ex.turn:
        q = data["question"]
        ask = block.attrs.get("ask") or ui(lang, "ask", name=data["names"][q["seat"]])
        question = (f'<div class="ex-q"><p class="ex-ask">{inline(ask, deck, lang)}</p>'
                    f'<p class="ex-q-wait">{html.escape(ui(lang, "needs_python"))}</p></div>')
    outcome = " ".join(data["outcome"])
    client = {"steps": data["steps"], "names": data["names"], "deck": deck, "game": data["game"], "start": start}
    if ex.turn:  # Python needs the record to judge a move; other examples carry it in their embed URL
        client["question"] = data["question"]
        client["record"] = ex.record
    log = render_log(data, lang)
    return (
        f'<figure class="ex{" ex-turn" if ex.turn else ""}" id="{ex.anchor}" data-embed="{html.escape(embed_hash)}">'
        f'<figcaption><span class="ex-kind">{html.escape(kind_label)}</span> '
        f'<strong>{inline(ex.title, deck, lang)}</strong> {labels}</figcaption>'
        f'{intro}'
        f'<div class="ex-board" data-step="{start}">{render_board(full[start], data, lang, base)}</div>'
        f'{question}'
        f'<div class="ex-bar" hidden></div>'
        f'<p class="ex-outcome"><strong>{html.escape(ui(lang, "result"))}</strong> '
        f'{words.chips_html(outcome, deck, lang)}</p>'
        f'<details class="ex-log"><summary>{html.escape(ui(lang, "log"))}</summary>{log}</details>'
        f'<script type="application/json" class="ex-data">{_json_script(client)}</script>'
        f'</figure>'
    )


def render_sets(block: Block, page: Page) -> str:
    """Call Kitti's set ranking as rows of sets, checked against the engine: each row's
    sets must rank in the order its ``>`` and ``=`` say."""
    from engine.cards import FRENCH
    from engine.games.call_kitti import set_category, set_value

    lang = page.lang
    rows = []
    for line in block.items:
        tokens = re.split(r"\s*([>=])\s*", line)
        sets = tokens[0::2]
        ops = tokens[1::2]
        values = []
        cells = []
        for s in sets:
            codes = s.split()
            if len(codes) != 3:
                raise RulesError(f"{page.game}.{lang}: @sets: {s!r} is not a set of three cards")
            cards = [FRENCH.parse(c) for c in codes]
            values.append(set_value(cards))
            cat = set_category(cards)
            cells.append(f'<span class="set"><span class="set-cards">'
                         f'{"".join(card_img(c, "french", lang, page.meta["_base"]) for c in codes)}</span>'
                         f'<span class="set-cat">{html.escape(words.t(lang, "set." + cat))}</span></span>')
        for a, op, b, sa, sb in zip(values, ops, values[1:], sets, sets[1:]):
            if (op == ">" and not a > b) or (op == "=" and a != b):
                raise RulesError(f"{page.game}.{lang}: @sets: the engine does not rank {sa} {op} {sb}")
        row = cells[0]
        for op, cell in zip(ops, cells[1:]):
            said = html.escape(ui(lang, "beats" if op == ">" else "equals"))  # what a screen reader says for the sign
            row += (f'<span class="set-op"><span aria-hidden="true">{op}</span>'
                    f'<span class="visually-hidden"> {said} </span></span>{cell}')
        rows.append(f'<div class="set-row">{row}</div>')
    caption = block.attrs.get("caption", "")
    cap = f"<figcaption>{inline(caption, 'french', lang)}</figcaption>" if caption else ""
    return f'<figure class="sets">{cap}{"".join(rows)}</figure>'


# -------------------------------------------------------------------- pages


def page_config(lang: str, deck: str, base: str, pyodide: str, rules_map: dict[str, list[str]]) -> dict[str, Any]:
    cat = words._CATALOGUE.get(lang, {})
    en = words._CATALOGUE.get("en", {})
    ui_keys = sorted(k for k in en if k.startswith("rules.ui."))
    return {
        "lang": lang,
        "base": base,
        "pyodide": pyodide,
        "ui": {k[len("rules.ui."):]: cat.get(k) or en[k] for k in ui_keys},
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
        f'<a href="{g}.html">{html.escape(words.t(lang, "game." + g))}</a>'
        for g in GAMES if g in available[lang] and g != game)
    config = page_config(lang, deck, base, pyodide, rules_map)
    lead = f'<p class="lead">{inline(page.meta["lead"], deck, lang)}</p>' if page.meta.get("lead") else ""
    head = (f'{alternates}\n<link rel="stylesheet" href="../rules.css">\n'
            f'<script type="application/json" id="rules-config">{_json_script(config)}</script>\n'
            f'<script type="module" src="{base}js/example.js"></script>\n'
            f'<script type="application/json" id="lang-anchors">{_json_script(anchors or {})}</script>\n'
            f'<script type="module" src="{base}js/rules-lang.js"></script>')
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
        head=f'<link rel="stylesheet" href="{up}rules.css">\n<script type="module" src="{base}js/rules-lang.js"></script>',
        site_links="", nav=f'<nav class="langs" aria-label="{html.escape(ui(lang, "languages"))}">{switch}</nav>', main=main)


def render_chooser(available: dict[str, set[str]]) -> str:
    """rules/index.html, the way in from the lobby: js/rules-lang.js goes on to the
    remembered language, else the browser's, else English; without script, plain links
    to every language's index, each in its own words."""
    langs = [lg for lg in LANGS if available[lg]]
    titles = " · ".join(f'<span lang="{lg}">{html.escape(ui(lg, "all_rules"))}</span>' for lg in langs)
    items = "".join(
        f'<li lang="{lg}"><a href="{lg}/index.html" hreflang="{lg}"><strong>{LANG_NAMES[lg]}</strong></a>'
        f'<br><span>{html.escape(ui(lg, "index_description"))}</span></li>' for lg in langs)
    label = " · ".join(ui(lg, "languages") for lg in langs)
    head = ("".join(f'<link rel="alternate" hreflang="{lg}" href="{lg}/index.html">' for lg in langs)
            + '\n<link rel="stylesheet" href="rules.css">\n<script type="module" src="../js/rules-lang.js"></script>')
    main = f"""<main class="doc"><article>
<h1>{titles}</h1>
<nav aria-label="{html.escape(label)}"><ul class="games-list">{items}</ul></nav>
</article></main>"""
    return page_shell(lang="en", base="../", title=" · ".join(ui(lg, "all_rules") for lg in langs),
                      description=ui("en", "index_description"), head=head, site_links="", main=main,
                      html_attrs=" data-pick-lang")


# ------------------------------------------------------------ authors' guide

DOCS = WEB.parent / "docs"
GUIDE = "embed/authors.html"  # docs/authors.md, as a page of the site
PLACEHOLDER = "https://KORTTI-SITE"  # the site's address in the guide's code samples
# Repository files the guide may link to that the site has as pages of its own.
GUIDE_PAGES = {"docs/authors.md": GUIDE, "web/embed/test.html": "embed/test.html"}


def _relative(target: str, page: str) -> str:
    """``target`` (a site path, maybe with #fragment) as a link from ``page``."""
    import posixpath

    path, hash_, fragment = target.partition("#")
    rel = posixpath.relpath(path, posixpath.dirname(page) or ".")
    return rel + hash_ + fragment


def render_guide(site: set[str], source: Path | None = None) -> str:
    """``docs/authors.md`` as ``embed/authors.html`` (English, like the test page), with
    :mod:`gen.markdown`. ``site``: the paths of the built site, so that a path in code
    (```/embed/test.html```) becomes a link when the site has it; a Markdown link to a
    repository file the site does not have is shown as the path, in code, not as a link.

    In code samples ``https://KORTTI-SITE`` becomes this site's address when the page's
    script runs (js/embed-guide.js): the site's root in an embed address, its origin in
    the listener. Without script the placeholder stays, and the note above says so."""
    import posixpath

    from gen import markdown

    source = source or DOCS / "authors.md"

    def site_path(path: str) -> str | None:
        return _relative(path.lstrip("/"), GUIDE) if path.split("#")[0].lstrip("/") in site else None

    def link(href: str) -> str | None:
        if href.startswith("/"):
            return site_path(href)
        path, hash_, fragment = href.partition("#")
        repo = posixpath.normpath(posixpath.join("docs", path))
        page = GUIDE_PAGES.get(repo)
        return _relative(page + hash_ + fragment, GUIDE) if page else None

    def code_link(code: str) -> str | None:
        return site_path(code) if re.fullmatch(r"/[\w./-]+\.html(#[\w-]*)?", code) else None

    try:
        doc = markdown.convert(source.read_text("utf-8"), link=link, code_link=code_link)
    except markdown.MarkdownError as e:
        raise RulesError(f"{source.name}: {e}") from None
    if not doc.blocks or doc.blocks[0][0] != "h1":
        raise RulesError(f"{source.name}: the guide starts with its title, a '# ' heading")

    def sample(block: str) -> str:
        # the embed code's address: the site's root; elsewhere (the listener): its origin
        block = re.sub(re.escape(PLACEHOLDER) + "(/?)", lambda m: (
            f'<span class="kortti-{"site" if m.group(1) else "origin"}">{PLACEHOLDER}</span>{m.group(1)}'), block)
        # JSON in a sample may close two objects at once: "}}" is the same text as
        # "}&#125;", and the site-wide check for leftover {{templates}} stays meaningful
        return block.replace("}}", "}&#125;").replace("{{", "&#123;{")

    parts = []
    heading = ""
    for kind, block in doc.blocks[1:]:
        if kind in ("h2", "h3"):
            m = re.match(r'<h[23] id="([^"]+)"', block)
            heading = m.group(1) if m else ""
        if kind == "table":
            block = f'{scroll_box(heading)}{block}</div>'
        if "<pre>" in block:  # code samples scroll sideways too: keyboard users can scroll them
            block = sample(block).replace("<pre>", '<pre tabindex="0">')
        parts.append(block)
    body = "\n".join(parts)
    # The placeholder is not an address anything is fetched from or linked to: written
    # with "&#58;" (the same text) so that "https://" in a page still means a link off-site.
    body = body.replace(PLACEHOLDER, PLACEHOLDER.replace(":", "&#58;"))
    placeholder = html.escape(PLACEHOLDER).replace(":", "&#58;")
    intro, h2, rest = body.partition("\n<h2 ")  # the words before the first section, then the rest
    rest = "<h2 " + rest if h2 else ""
    toc = "".join(f'<li><a href="#{h.id}">{h.html}</a></li>' for h in doc.headings if h.level == 2)
    title = doc.headings[0]
    note = (f'<p class="note" id="site-address">In the code samples, <code>{placeholder}</code> stands for '
            f'this site\'s address<span class="kortti-filled" hidden>, and on this page it is already filled in: '
            f'<code class="kortti-site">{placeholder}</code></span>.</p>')
    main = f"""<main class="doc"><article class="guide">
<h1 id="{title.id}">{title.html}</h1>
{intro}
{note}
<nav class="toc" aria-label="{html.escape(ui("en", "contents"))}"><ol>{toc}</ol></nav>
{rest}
</article></main>
<footer class="foot"><p><a href="test.html">Try a hand record and copy its embed code</a> · <a href="../rules/index.html">{html.escape(ui("en", "all_rules"))}</a> · <a href="../index.html">{html.escape(ui("en", "play_games"))}</a></p></footer>"""
    return page_shell(
        lang="en", base="../", title=title.text,
        description="How to embed Kortti's live card-game examples in any web page, write hand records, and build the rules pages.",
        head='<link rel="stylesheet" href="../rules/rules.css">\n<script type="module" src="../js/embed-guide.js"></script>',
        site_links=f' <a href="../rules/index.html">{html.escape(ui("en", "all_rules"))}</a> <a href="test.html">Try a hand record</a>',
        main=main)


def embed_config(pyodide: str) -> dict[str, Any]:
    uis = {}
    cards: dict[str, dict[str, Any]] = {}
    en = words._CATALOGUE.get("en", {})
    for lang in LANGS:
        cat = words._CATALOGUE.get(lang, {})
        uis[lang] = {k[len("rules.ui."):]: cat.get(k) or en[k] for k in sorted(en) if k.startswith("rules.ui.")}
    known = engine.catalogue()  # the games, decks and player ranges, as the engine has them
    for lang in LANGS:
        cards[lang] = {deck: words.card_table(deck, lang) for deck in known["decks"]}
    return {"base": "../", "pyodide": pyodide, "ui": uis, "cards": cards, "names": words.DEFAULT_NAMES,
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
        pages[(game, lang)].blocks += shared_section("fair-deals", game, lang)
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
    for name in ("example.html", "test.html"):
        template = (WEB / "embed" / name).read_text("utf-8")
        files[f"embed/{name}"] = template.replace("{{CONFIG}}", config).encode()
    files["lesson.zip"] = lesson_zip(cat)
    site = set(files) | {"index.html"} | {f"js/{p.name}" for p in (WEB / "js").glob("*.js")}
    files[GUIDE] = render_guide(site | {GUIDE}).encode()
    return files, built


def all_files(site: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The rules pages and the embed, for build.py (``site``: the other files, to find Pyodide)."""
    pyodide = "vendor/pyodide/"
    for path in site or {}:
        if path.endswith("/pyodide.mjs"):
            pyodide = path.rsplit("/", 1)[0] + "/"
    return build_pages(pyodide)[0]
