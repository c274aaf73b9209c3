"""The authors' guide: ``docs/authors.md`` as the site's page ``embed/authors.html``."""

from __future__ import annotations

import html
import re
from pathlib import Path

from gen.rules_common import WEB, RulesError, ui
from gen.rules_pages import page_shell, scroll_box

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
    script runs (js/rules/embed-guide.js): the site's root in an embed address, its origin in
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
        head='<link rel="stylesheet" href="../rules/rules.css">\n<script type="module" src="../js/rules/embed-guide.js"></script>',
        site_links=f' <a href="../rules/index.html">{html.escape(ui("en", "all_rules"))}</a> <a href="test.html">Try a hand record</a>',
        main=main)
