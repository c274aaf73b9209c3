"""The rules pages' source format (``web/rules/src/<game>.<lang>.txt``, see
``docs/authors.md``): parsed into a :class:`Page` (its header and blocks), and its inline
marks (bold, italic, links, code, card chips) turned into HTML."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from gen.rules_common import RulesError, words


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
