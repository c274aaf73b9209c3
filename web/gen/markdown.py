"""A small Markdown-subset converter, for ``docs/authors.md`` on the site (no dependencies).

It covers what that file uses, and refuses the rest: anything else stops the build with
:class:`MarkdownError`, naming the line, rather than being rendered wrongly.

Blocks:

* ATX headings ``#``, ``##``, ``###`` (each gets an ``id`` from its words, for anchors);
* paragraphs (lines join until a blank line or another block);
* bullet lists (``*`` or ``-``) and numbered lists (``1.``), items continued on lines
  indented to the item's text, nested lists, and blocks (code, paragraphs) inside items;
* fenced code blocks (three backticks, optional language), also inside list items;
* tables (``| a | b |`` rows with a ``|---|---|`` line under the header; ``:`` aligns).

Inline: ```code``` spans (any number of backticks), ``**bold**``, ``*italic*`` (nested
either way), ``[links](href)``; everything else is text, HTML-escaped.

Refused: ``>`` quotes, ``~~~`` fences, ``####`` and setext headings, rules (``---``),
``+`` lists, indented code blocks, raw HTML, HTML entities, backslash escapes,
``_underscore_`` emphasis, images, reference links and bare ``[brackets]``, hard line
breaks (two trailing spaces), tabs outside code, lazy continuation lines.

>>> doc = convert("# Title\\n\\nSome *words* and `code <b>`.\\n\\n* one\\n* two\\n  * nested\\n")
>>> print(doc.html)
<h1 id="title">Title</h1>
<p>Some <em>words</em> and <code>code &lt;b&gt;</code>.</p>
<ul>
<li>one</li>
<li>two
<ul>
<li>nested</li>
</ul></li>
</ul>
>>> [(h.level, h.id, h.text) for h in doc.headings]
[(1, 'title', 'Title')]
>>> print(convert("```js\\nif (a < b && c) x = `${y}`;\\n```").html)
<pre><code class="language-js">if (a &lt; b &amp;&amp; c) x = `${y}`;
</code></pre>
>>> convert("Fine.\\n\\n> a quote")
Traceback (most recent call last):
...
gen.markdown.MarkdownError: line 3: block quotes ('>') are not supported
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Document", "Heading", "MarkdownError", "convert", "slug"]


class MarkdownError(ValueError):
    """Markdown this converter does not handle (or that is broken), with its line number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Heading:
    level: int
    id: str
    text: str  # plain text
    html: str  # the heading's inline HTML (without the h tag)


@dataclass
class Document:
    """The converted text: ``blocks`` are (kind, HTML) for the top-level blocks (kind:
    h1 h2 h3 p ul ol pre table), ``headings`` every heading in order."""

    blocks: list[tuple[str, str]] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)

    @property
    def html(self) -> str:
        return "\n".join(markup for _, markup in self.blocks)


# ``link(href) -> href or None``: where a Markdown link goes on the page; None renders it
# as its target in code instead (a path the site does not have).
LinkHook = Callable[[str], "str | None"]
# ``code_link(text) -> href or None``: a code span that should also be a link.
CodeLinkHook = Callable[[str], "str | None"]

Line = tuple[int, str]  # (line number from 1, text)

FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)\s*$")
HEADING = re.compile(r"^(#{1,6})(?:[ ]+(.*?))?[ ]*$")
BULLET = re.compile(r"^([*-])( +)(?=\S)")
NUMBER = re.compile(r"^(\d{1,9})\.( +)(?=\S)")
DELIMITER_CELL = re.compile(r"^\s*(:?)-+(:?)\s*$")


def slug(text: str) -> str:
    """An anchor id from a heading's words (ASCII, lower case, hyphens).

    >>> slug("Frames that fit their content")
    'frames-that-fit-their-content'
    >>> slug("Kočka: “your turn”")
    'kocka-your-turn'
    >>> slug("The site's own rules pages")
    'the-sites-own-rules-pages'
    """
    plain = unicodedata.normalize("NFKD", re.sub(r"['’]", "", text)).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


def convert(text: str, link: LinkHook | None = None, code_link: CodeLinkHook | None = None) -> Document:
    """Markdown (the subset above) → :class:`Document`. Raises :class:`MarkdownError`.

    Links to ``#anchors`` must name a heading of the text:

    >>> print(convert("## Two words\\n\\nSee [there](#two-words) and [x](a.md).",
    ...               link=lambda h: None).html)
    <h2 id="two-words">Two words</h2>
    <p>See <a href="#two-words">there</a> and x (<code>a.md</code>).</p>
    >>> convert("[gone](#nowhere)")
    Traceback (most recent call last):
    ...
    gen.markdown.MarkdownError: line 1: the link to #nowhere names no heading of this text
    """
    conv = _Converter(link, code_link)
    lines = [(n, raw.rstrip("\n")) for n, raw in enumerate(text.splitlines(), 1)]
    for n, line in lines:
        if line.endswith("  ") and line.strip():
            raise MarkdownError(n, "two trailing spaces (a hard line break) are not supported")
    doc = Document()
    doc.blocks = conv.blocks(lines, top=True)
    doc.headings = conv.headings
    ids = {h.id for h in doc.headings}
    for n, anchor in conv.anchors:
        if anchor not in ids:
            raise MarkdownError(n, f"the link to #{anchor} names no heading of this text")
    return doc


class _Converter:
    def __init__(self, link: LinkHook | None, code_link: CodeLinkHook | None) -> None:
        self.link = link
        self.code_link = code_link
        self.headings: list[Heading] = []
        self.anchors: list[tuple[int, str]] = []  # (line, #anchor) links, checked at the end
        self.ids: dict[str, int] = {}

    # ------------------------------------------------------------------ blocks

    def blocks(self, lines: list[Line], top: bool = False) -> list[tuple[str, str]]:
        """The blocks of ``lines`` (already dedented to their container)."""
        out: list[tuple[str, str]] = []
        i = 0
        while i < len(lines):
            n, line = lines[i]
            if not line.strip():
                i += 1
                continue
            self._refuse_block(n, line, container=not top)
            if line.startswith("```"):
                i = self._fence(lines, i, out)
            elif line.startswith("#"):
                out.append(self._heading(n, line, top))
                i += 1
            elif BULLET.match(line) or NUMBER.match(line):
                i = self._list(lines, i, out)
            elif line.startswith("|"):
                i = self._table(lines, i, out)
            else:
                i = self._paragraph(lines, i, out)
        return out

    def _refuse_block(self, n: int, line: str, container: bool) -> None:
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if "\t" in line:
            raise MarkdownError(n, "tabs are not supported outside code blocks: indent with spaces")
        if indent >= 4:
            raise MarkdownError(n, "indented code blocks are not supported: use a ``` fence")
        if indent:
            where = "the list item's text" if container else "a list item"
            raise MarkdownError(n, f"a line indented by {indent} space(s) that does not line up with {where}")
        if stripped.startswith(">"):
            raise MarkdownError(n, "block quotes ('>') are not supported")
        if stripped.startswith("~~~"):
            raise MarkdownError(n, "'~~~' fences are not supported: use ```")
        if stripped.startswith("````"):
            raise MarkdownError(n, "fences of more than three backticks are not supported")
        if re.match(r"^([-*_])( *\1){2,} *$", stripped):
            raise MarkdownError(n, "horizontal rules are not supported")
        if re.match(r"^\+ ", stripped):
            raise MarkdownError(n, "'+' list items are not supported: use '*' or '-'")
        if re.match(r"^<[A-Za-z/!?]", stripped):
            raise MarkdownError(n, "raw HTML is not supported")
        if re.match(r"^\[[^\]]+\]:", stripped):
            raise MarkdownError(n, "reference link definitions are not supported")
        if re.match(r"^\d+\)", stripped):
            raise MarkdownError(n, "numbered items with ')' are not supported: use '1.'")

    def _fence(self, lines: list[Line], i: int, out: list[tuple[str, str]]) -> int:
        n, line = lines[i]
        m = FENCE.match(line)
        if not m:
            raise MarkdownError(n, "a code fence's info must be one word (the language)")
        body: list[str] = []
        j = i + 1
        while j < len(lines) and lines[j][1].rstrip() != "```":
            body.append(lines[j][1])
            j += 1
        if j >= len(lines):
            raise MarkdownError(n, "this code block is never closed (no ``` line after it)")
        cls = f' class="language-{m.group(1)}"' if m.group(1) else ""
        code = "".join(html.escape(b, quote=False) + "\n" for b in body)
        out.append(("pre", f"<pre><code{cls}>{code}</code></pre>"))
        return j + 1

    def _heading(self, n: int, line: str, top: bool) -> tuple[str, str]:
        m = HEADING.match(line)
        if not m or not m.group(2):
            raise MarkdownError(n, "a heading is '#' to '###', a space, then its words")
        level = len(m.group(1))
        if level > 3:
            raise MarkdownError(n, f"headings deeper than ### are not supported ({'#' * level})")
        if not top:
            raise MarkdownError(n, "headings inside list items are not supported")
        if re.search(r"\s#+$", m.group(2)):
            raise MarkdownError(n, "closing '#'s after a heading are not supported")
        inner = self.inline(m.group(2), n)
        text = html.unescape(re.sub(r"<[^>]+>", "", inner))
        anchor = slug(text)
        self.ids[anchor] = self.ids.get(anchor, 0) + 1
        if self.ids[anchor] > 1:
            anchor = f"{anchor}-{self.ids[anchor]}"
        self.headings.append(Heading(level, anchor, text, inner))
        return f"h{level}", f'<h{level} id="{anchor}">{inner}</h{level}>'

    def _starts_block(self, line: str) -> bool:
        return bool(line.startswith(("```", "#", "|")) or BULLET.match(line) or NUMBER.match(line))

    def _paragraph(self, lines: list[Line], i: int, out: list[tuple[str, str]]) -> int:
        first = lines[i][0]
        text: list[str] = []
        while i < len(lines) and lines[i][1].strip():
            n, line = lines[i]
            if text:
                if re.match(r"^(=+|-+) *$", line):
                    raise MarkdownError(n, "setext headings (a line of '=' or '-' under text) are not supported")
                if self._starts_block(line):
                    break
                self._refuse_block(n, line, container=False)
            text.append(line)
            i += 1
        out.append(("p", f"<p>{self.inline(chr(10).join(text), first)}</p>"))
        return i

    def _list(self, lines: list[Line], i: int, out: list[tuple[str, str]]) -> int:
        line0 = lines[i][1]
        ordered = NUMBER.match(line0) is not None
        marker = (NUMBER.match(line0) or BULLET.match(line0))
        assert marker is not None
        bullet = None if ordered else marker.group(1)
        items: list[str] = []
        start = int(marker.group(1)) if ordered else 1
        while i < len(lines):
            n, line = lines[i]
            m = NUMBER.match(line) if ordered else BULLET.match(line)
            if not m or (bullet is not None and m.group(1) != bullet):
                break
            width = m.end()
            body: list[Line] = [(n, line[width:])]
            i += 1
            while i < len(lines):
                n2, nxt = lines[i]
                if not nxt.strip():
                    # a blank line: the item goes on only if its next text is indented
                    k = i
                    while k < len(lines) and not lines[k][1].strip():
                        k += 1
                    if k < len(lines) and lines[k][1].startswith(" " * width):
                        body.extend((nn, "") for nn, _ in lines[i:k])
                        i = k
                        continue
                    break
                if nxt.startswith(" " * width):
                    body.append((n2, nxt[width:]))
                    i += 1
                    continue
                if nxt.startswith(" "):
                    raise MarkdownError(n2, f"this line is indented by {len(nxt) - len(nxt.lstrip(' '))} "
                                            f"space(s): a list item's text here starts at {width}")
                if (NUMBER.match(nxt) if ordered else BULLET.match(nxt)):
                    break
                raise MarkdownError(n2, "a list item's next line must be indented to its text "
                                        f"({width} spaces), or follow a blank line: lazy continuation "
                                        "lines are not supported")
            items.append(self._item(body))
            # a blank line between items is allowed (the list goes on)
            k = i
            while k < len(lines) and not lines[k][1].strip():
                k += 1
            if k < len(lines) and k > i:
                m2 = NUMBER.match(lines[k][1]) if ordered else BULLET.match(lines[k][1])
                if m2 and (bullet is None or m2.group(1) == bullet):
                    i = k
        tag = "ol" if ordered else "ul"
        attr = f' start="{start}"' if ordered and start != 1 else ""
        out.append((tag, f"<{tag}{attr}>\n" + "\n".join(items) + f"\n</{tag}>"))
        return i

    def _item(self, body: list[Line]) -> str:
        blocks = self.blocks(body)
        parts = [markup for _, markup in blocks]
        if blocks and blocks[0][0] == "p":  # the item's first text, without <p>
            parts[0] = parts[0][len("<p>"):-len("</p>")]
        return "<li>" + "\n".join(parts) + "</li>"

    def _table(self, lines: list[Line], i: int, out: list[tuple[str, str]]) -> int:
        n, head = lines[i]
        if i + 1 >= len(lines):
            raise MarkdownError(n, "a table needs a '|---|' line under its header")
        cells = self._cells(n, head)
        n2, delim = lines[i + 1]
        marks = self._cells(n2, delim)
        aligns: list[str] = []
        for cell in marks:
            m = DELIMITER_CELL.match(cell)
            if not m:
                raise MarkdownError(n2, "a table needs a '|---|' line under its header")
            aligns.append({(":", ":"): "center", ("", ":"): "right", (":", ""): "left"}.get((m.group(1), m.group(2)), ""))
        if len(marks) != len(cells):
            raise MarkdownError(n2, f"the header has {len(cells)} cells, the '|---|' line {len(marks)}")

        def row(n: int, cells: list[str], tag: str) -> str:
            scope = ' scope="col"' if tag == "th" else ""
            tds = []
            for cell, align in zip(cells, aligns):
                style = f' style="text-align:{align}"' if align else ""
                tds.append(f"<{tag}{scope}{style}>{self.inline(cell.strip(), n)}</{tag}>")
            return "<tr>" + "".join(tds) + "</tr>"

        rows = []
        i += 2
        while i < len(lines) and lines[i][1].startswith("|"):
            nr, line = lines[i]
            r = self._cells(nr, line)
            if len(r) != len(cells):
                raise MarkdownError(nr, f"this row has {len(r)} cells, the header {len(cells)}")
            rows.append(row(nr, r, "td"))
            i += 1
        if i < len(lines) and lines[i][1].strip():
            raise MarkdownError(lines[i][0], "a table ends with a blank line")
        out.append(("table", f'<table>\n<thead>{row(n, cells, "th")}</thead>\n<tbody>\n'
                              + "\n".join(rows) + "\n</tbody>\n</table>"))
        return i

    def _cells(self, n: int, line: str) -> list[str]:
        line = line.rstrip()
        if not (line.startswith("|") and line.endswith("|") and len(line) > 1):
            raise MarkdownError(n, "a table row starts and ends with '|'")
        if "\\|" in line:
            raise MarkdownError(n, "escaped pipes ('\\|') in tables are not supported")
        return line[1:-1].split("|")

    # ------------------------------------------------------------------ inline

    def inline(self, text: str, line: int) -> str:
        """Inline Markdown → HTML. ``line``: where ``text`` starts (for errors)."""
        markup, pos = self._span(text, 0, None, line)
        assert pos == len(text)
        return markup

    def _line_of(self, text: str, pos: int, line: int) -> int:
        return line + text.count("\n", 0, pos)

    def _span(self, text: str, pos: int, closer: str | None, line: int) -> tuple[str, int]:
        """HTML of ``text`` from ``pos`` up to ``closer`` (``**``, ``*``, ``]``; None: the
        end); returns it and the position after the closer."""
        out: list[str] = []
        plain: list[str] = []

        def flush() -> None:
            if plain:
                out.append(html.escape("".join(plain), quote=False))
                plain.clear()

        while pos < len(text):
            c = text[pos]
            where = self._line_of(text, pos, line)
            if closer == "**" and text.startswith("**", pos) and not text.startswith("***", pos):
                flush()
                return "".join(out), pos + 2
            if closer == "*" and c == "*" and not text.startswith("**", pos):
                if text[pos - 1].isspace():
                    raise MarkdownError(where, "an italic '*' closes after a space")
                flush()
                return "".join(out), pos + 1
            if closer == "]" and c == "]":
                flush()
                return "".join(out), pos + 1
            if c == "`":
                flush()
                ticks = len(text[pos:]) - len(text[pos:].lstrip("`"))
                end = text.find("`" * ticks, pos + ticks)
                while end != -1 and text.startswith("`", end + ticks):  # a longer run: not the closer
                    end = text.find("`" * ticks, end + ticks + 1)
                if end == -1:
                    raise MarkdownError(where, "a code span ('`') is never closed")
                code = text[pos + ticks:end].replace("\n", " ")
                if len(code) > 2 and code.startswith(" ") and code.endswith(" ") and code.strip():
                    code = code[1:-1]
                span = f"<code>{html.escape(code, quote=False)}</code>"
                href = self.code_link(code) if self.code_link else None
                out.append(f'<a href="{html.escape(href)}">{span}</a>' if href else span)
                pos = end + ticks
                continue
            if c == "*":
                flush()
                if text.startswith("***", pos):
                    raise MarkdownError(where, "'***' is not supported: write **bold *italic*** as two marks")
                double = text.startswith("**", pos)
                mark = "**" if double else "*"
                after = text[pos + len(mark):pos + len(mark) + 1]
                if not after or after.isspace():
                    raise MarkdownError(where, f"a '{mark}' that opens nothing (followed by a space): "
                                               "literal asterisks are not supported outside code")
                try:
                    inner, pos = self._span(text, pos + len(mark), mark, line)
                except _Unclosed:
                    raise MarkdownError(where, f"'{mark}' is never closed (in the same paragraph)") from None
                tag = "strong" if double else "em"
                out.append(f"<{tag}>{inner}</{tag}>")
                continue
            if c == "[":
                flush()
                if closer == "]":
                    raise MarkdownError(where, "brackets inside a link's text are not supported")
                try:
                    label, after_pos = self._span(text, pos + 1, "]", line)
                except _Unclosed:
                    raise MarkdownError(where, "a '[' that is not a link: bare brackets are not supported "
                                               "outside code") from None
                m = re.match(r"\(([^()\s]+)\)", text[after_pos:])
                if not m:
                    raise MarkdownError(where, "a '[...]' not followed by '(href)': only inline links "
                                               "are supported (no reference links, no bare brackets)")
                href = m.group(1)
                out.append(self._link(label, href, where))
                pos = after_pos + m.end()
                continue
            if c == "!" and text.startswith("![", pos):
                raise MarkdownError(where, "images are not supported")
            if c == "\\":
                raise MarkdownError(where, "backslash escapes are not supported outside code")
            if c == "<" and re.match(r"<[A-Za-z/!?]", text[pos:]):
                raise MarkdownError(where, "raw HTML and <autolinks> are not supported outside code")
            if c == "&" and re.match(r"&(#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);", text[pos:]):
                raise MarkdownError(where, "HTML entities are not supported: write the character")
            if c == "_" and (pos == 0 or not text[pos - 1].isalnum()) and text[pos + 1:pos + 2].strip() \
                    and re.match(r"_[^_]*[^\s_]_(?!\w)", text[pos:]):
                raise MarkdownError(where, "'_' emphasis is not supported: use *italic* or **bold**")
            if c == "]":
                raise MarkdownError(where, "a ']' with no '[' before it")
            plain.append(c)
            pos += 1
        if closer is not None:
            raise _Unclosed
        flush()
        return "".join(out), pos

    def _link(self, label: str, href: str, line: int) -> str:
        if href.startswith("#"):
            self.anchors.append((line, href[1:]))
            return f'<a href="{html.escape(href)}">{label}</a>'
        if re.match(r"^[a-z][a-z0-9+.-]*:", href, re.IGNORECASE):
            target: str | None = href  # an absolute URL: as written
        else:
            target = self.link(href) if self.link else href
        if target is None:  # nowhere on the site: say where, as code
            code = f"<code>{html.escape(href, quote=False)}</code>"
            return code if html.unescape(re.sub(r"<[^>]+>", "", label)) == href else f"{label} ({code})"
        return f'<a href="{html.escape(target)}">{label}</a>'


class _Unclosed(Exception):
    """A ``**``, ``*`` or ``[`` whose closer never came (turned into a MarkdownError)."""
