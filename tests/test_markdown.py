"""The guide for authors on the site: web/gen/markdown.py (a Markdown subset, refusing the
rest with the line) and embed/authors.html, built from docs/authors.md by web/gen/rules.py.

No browser and no npm needed: the generator is called directly.
"""

from __future__ import annotations

import doctest
import html
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from gen import markdown, rules

AUTHORS = ROOT / "docs" / "authors.md"


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return rules.build_pages("vendor/pyodide-test/")[0]


@pytest.fixture(scope="module")
def guide(files: dict[str, bytes]) -> str:
    return files[rules.GUIDE].decode()


def site_paths(files: dict[str, bytes]) -> set[str]:
    """Every path of the built site (the rules build's files and the rest of build.py's)."""
    from gen import cards, icons

    out = set(files) | set(cards.all_files()) | set(icons.all_files())
    out |= {f"js/{p.relative_to(ROOT / 'web' / 'js').as_posix()}" for p in (ROOT / "web" / "js").rglob("*.js")}
    return out | {"index.html", "sw.js"}


class Page(HTMLParser):
    """A page's hrefs and srcs, its ids, and its text outside <pre> and <code>."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.prose: list[str] = []
        self.pres: list[str] = []
        self._in_code = 0
        self._in_pre = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.urls.append(v)
            if k == "id" and v:
                self.ids.add(v)
        if tag in ("code", "pre"):
            self._in_code += 1
        if tag == "pre":
            self._in_pre = True
            self.pres.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "pre"):
            self._in_code -= 1
        if tag == "pre":
            self._in_pre = False

    def handle_data(self, data: str) -> None:
        if self._in_pre:
            self.pres[-1] += data
        elif not self._in_code:
            self.prose.append(data)


def parsed(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    return page


def md_headings(text: str) -> list[tuple[int, str]]:
    """The headings of a Markdown text (outside code fences): (level, words)."""
    out = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"^(#{1,6}) (.*)$", line)):
            out.append((len(m.group(1)), m.group(2).strip()))
    return out


def resolve(page: str, url: str) -> str:
    """A relative link on ``page`` as a site path (no fragment)."""
    parts: list[str] = []
    for part in (Path(page).parent / url.split("#")[0]).as_posix().split("/"):
        if part == "..":
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


# --------------------------------------------------------------- converter


def test_doctests() -> None:
    result = doctest.testmod(markdown)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize("text, line, words", [
    ("para\n\n> quoted", 3, "block quotes"),
    ("para\n\n#### deep", 3, "deeper than ###"),
    ("Title\n=====", 2, "setext"),
    ("a\n\n---\n", 3, "horizontal rules"),
    ("a\n\n~~~\ncode\n~~~", 3, "~~~"),
    ("text\n\n```py\nnever closed", 3, "never closed"),
    ("one `unclosed code", 1, "code span"),
    ("a\nb **bold never closed", 2, "'**' is never closed"),
    ("a * b", 1, "literal asterisks"),
    ("see [ref][1]", 1, "only inline links"),
    ("see [x]", 1, "only inline links"),
    ("![pic](a.png)", 1, "images"),
    ("a <b>raw</b>", 1, "raw HTML"),
    ("a &amp; b", 1, "entities"),
    ("a \\* b", 1, "backslash"),
    ("some _under_ words", 1, "'_' emphasis"),
    ("line with break  \nnext", 1, "hard line break"),
    ("* item\nlazy line", 2, "lazy continuation"),
    ("* item\n next", 2, "indented by 1"),
    ("para\n\n    indented code", 3, "indented code"),
    ("+ plus", 1, "'+' list"),
    ("| a | b |\n|---|---|\n| 1 |", 3, "1 cells"),
    ("| a | b |\n| 1 | 2 |", 2, "'|---|'"),
    ("[x](#nowhere)", 1, "names no heading"),
    ("\tTab", 1, "tabs"),
])
def test_unsupported_syntax_names_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(markdown.MarkdownError) as err:
        markdown.convert(text)
    assert err.value.line == line and str(err.value).startswith(f"line {line}: "), str(err.value)
    assert words in str(err.value)


def test_what_it_renders() -> None:
    doc = markdown.convert(
        "# T\n\nA **b *i* b** and *i **b** i*, `a*b` and ``x ` y``; [l](#t), [r](../x.md).\n\n"
        "1. one\n   cont\n2. two\n\n   ```sh\n   echo <hi> & \"q\"\n   ```\n\n"
        "| a | b |\n|:--|--:|\n| `c`x | 2 |\n\n## T\n",
        link=lambda href: None)
    assert doc.html == (
        '<h1 id="t">T</h1>\n'
        '<p>A <strong>b <em>i</em> b</strong> and <em>i <strong>b</strong> i</em>, <code>a*b</code> and '
        '<code>x ` y</code>; <a href="#t">l</a>, r (<code>../x.md</code>).</p>\n'
        "<ol>\n<li>one\ncont</li>\n<li>two\n"
        '<pre><code class="language-sh">echo &lt;hi&gt; &amp; "q"\n</code></pre></li>\n</ol>\n'
        '<table>\n<thead><tr><th scope="col" style="text-align:left">a</th>'
        '<th scope="col" style="text-align:right">b</th></tr></thead>\n<tbody>\n'
        '<tr><td style="text-align:left"><code>c</code>x</td><td style="text-align:right">2</td></tr>\n'
        "</tbody>\n</table>\n"
        '<h2 id="t-2">T</h2>')


def test_the_build_names_the_file_and_line(tmp_path: Path) -> None:
    source = tmp_path / "authors.md"
    source.write_text("# Guide\n\nFine.\n\n> not fine\n", "utf-8")
    with pytest.raises(rules.RulesError, match=r"authors\.md: line 5: block quotes"):
        rules.render_guide(set(), source)


def test_repository_paths_are_code_and_site_pages_are_links(tmp_path: Path) -> None:
    source = tmp_path / "authors.md"
    source.write_text(
        "# Guide\n\nThe [spec](../shared/spec/hand-records.md), [tests](../tests/test_records.py), "
        "[this guide](authors.md#two), [the test page](/embed/test.html), `/embed/test.html`, "
        "`/embed/none.html`.\n\n## Two\n", "utf-8")
    page = rules.render_guide({"embed/test.html", rules.GUIDE}, source)
    assert "spec (<code>../shared/spec/hand-records.md</code>)" in page
    assert "tests (<code>../tests/test_records.py</code>)" in page
    assert '<a href="authors.html#two">this guide</a>' in page
    assert '<a href="test.html">the test page</a>' in page
    assert '<a href="test.html"><code>/embed/test.html</code></a>' in page
    assert "<code>/embed/none.html</code>" in page and 'href="none.html"' not in page


# ------------------------------------------------------------ the built page


def test_guide_is_built_with_every_heading(guide: str) -> None:
    page = parsed(guide)
    want = [(level, html.unescape(re.sub(r"\*+|`", "", words)))
            for level, words in md_headings(AUTHORS.read_text("utf-8"))]
    assert want and want[0][0] == 1 and len(want) > 5
    got = [(int(m.group(1)), html.unescape(re.sub(r"<[^>]+>", "", m.group(3))), m.group(2))
           for m in re.finditer(r'<h([1-6]) id="([a-z0-9-]+)">(.*?)</h\1>', guide)]
    assert [(level, words) for level, words, _ in got] == want
    for _, _, anchor in got:
        assert anchor in page.ids
    assert '<html lang="en">' in guide and '<link rel="stylesheet" href="../rules/rules.css">' in guide


def test_guide_has_the_code_samples(guide: str) -> None:
    """Every fenced block of docs/authors.md is a <pre> on the page, the same text
    (the site's address is filled in by script; as built, the placeholder stands)."""
    text = AUTHORS.read_text("utf-8")
    blocks = [re.sub(rf"^{indent}", "", body, flags=re.MULTILINE)
              for indent, body in re.findall(r"^( *)```[a-z]*\n(.*?)^\1```$", text, re.DOTALL | re.MULTILINE)]
    pres = parsed(guide).pres
    assert pres == blocks
    listener = next(b for b in blocks if "kortti-embed-height" in b)
    assert listener.startswith("<script>\naddEventListener(\"message\"") and listener in pres
    assert '<span class="kortti-origin">https&#58;//KORTTI-SITE</span>' in guide  # the listener's origin
    assert '<span class="kortti-site">https&#58;//KORTTI-SITE</span>/embed/example.html' in guide
    assert '<script type="module" src="../js/rules/embed-guide.js"></script>' in guide


def test_guide_has_no_raw_markdown(guide: str) -> None:
    page = parsed(guide)
    prose = "".join(page.prose)
    assert "```" not in guide
    for marker in ("**", "](", "`", "[", "]"):
        assert marker not in prose, (marker, prose[max(0, prose.find(marker) - 60):prose.find(marker) + 60])
    assert re.search(r"(^|\s)\*\S", prose) is None and re.search(r"\S\*(\s|$)", prose) is None
    assert re.search(r"^#+ ", prose, re.MULTILINE) is None


def test_every_link_of_the_guide_resolves(files: dict[str, bytes], guide: str) -> None:
    site = site_paths(files)
    page = parsed(guide)
    assert page.urls
    for url in page.urls:
        assert not re.match(r"^[a-z]+:", url), f"{rules.GUIDE}: a link off the site: {url}"
        if url.startswith("#"):
            assert url[1:] in page.ids, f"{rules.GUIDE}: no #{url[1:]} on the page"
            continue
        target = resolve(rules.GUIDE, url)
        assert target in site, f"{rules.GUIDE}: broken link {url}"
        if "#" in url and target.endswith(".html"):
            there = parsed(files[target].decode())
            assert url.split("#", 1)[1] in there.ids, f"{rules.GUIDE}: {url}: no such anchor there"
    assert "docs/authors.md" not in "".join(page.prose)


def test_test_page_links_to_the_guide(files: dict[str, bytes], guide: str) -> None:
    test_page = files["embed/test.html"].decode()
    assert "docs/authors.md" not in test_page and "shared/spec" not in test_page
    ids = parsed(guide).ids
    links = [u for u in parsed(test_page).urls if u.split("#")[0] == "authors.html"]
    anchors = {u.split("#", 1)[1] for u in links if "#" in u}
    assert {"frames-that-fit-their-content", "writing-a-hand-record"} <= anchors <= ids
    assert '<html lang="en">' in test_page  # one language, as the guide


def test_guide_in_every_build_the_same(files: dict[str, bytes]) -> None:
    assert rules.build_pages("vendor/pyodide-test/")[0][rules.GUIDE] == files[rules.GUIDE]


def test_guide_is_precached(files: dict[str, bytes]) -> None:
    """build.py precaches every file of the site: the guide and its script with them."""
    import build

    sw, _ = build.service_worker({**files, "js/rules/embed-guide.js": b""})
    head = sw.decode().split(";\n", 2)[1]
    assert '"./embed/authors.html"' in head and '"./js/rules/embed-guide.js"' in head
