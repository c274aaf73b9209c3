"""The rules pages' example board is drawn twice: in Python for the first position (web/gen/
rules_board.py ``render_board``, baked into the page so it reads before Python boots) and in
JS for every step after (web/js/rules/lesson-board.js ``boardHtml``). This golden test holds the two
equal (issue 11, requirement 6): every step of every example on every rules page, in every
language, drawn by both, must parse to the same HTML.

No browser: ``boardHtml`` is a pure function of (step, names, deck, words, base), so Node runs
it (tests/rules_board_draw.mjs) on the very data the built page carries (its ``rules-config``
and each example's ``ex-data``). The Python side of the start step is the markup baked into
the page; the other steps are ``render_board`` on the same positions.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from gen import rules, rules_board
from gen.rules_common import lesson_steps, ui

NODE = shutil.which("node") or "node"  # required, as by build.py (npm): a missing node fails here
DRAW = ROOT / "tests" / "rules_board_draw.mjs"
LESSON_BOARD = ROOT / "web" / "js" / "rules" / "lesson-board.js"

CONFIG = re.compile(r'<script type="application/json" id="rules-config">(.*?)</script>', re.DOTALL)
FIGURE = re.compile(r'<figure class="ex[^"]*" id="([^"]+)".*?</figure>', re.DOTALL)
BAKED = re.compile(r'<div class="ex-board" data-step="(\d+)">(.*?</p>)</div><div class="ex-(?:q|bar)"', re.DOTALL)
DATA = re.compile(r'<script type="application/json" class="ex-data">(.*?)</script>', re.DOTALL)


@dataclass
class Shown:
    """One example as its page carries it, and as the build knows it."""

    where: str  # "katte.en#ex-…", for messages
    client: dict[str, Any]  # the page's ex-data: what lesson-board.js draws from
    data: dict[str, Any]  # the lesson steps the build made: what render_board draws from
    start: int
    baked: str  # the first position's markup in the page


@dataclass
class PageCase:
    game: str
    lang: str
    cfg: dict[str, Any]
    shown: list[Shown]


def unjson(text: str) -> Any:
    return json.loads(text.replace("<\\/", "</"))


@pytest.fixture(scope="module")
def built() -> list[PageCase]:
    files, pages = rules.build_pages("vendor/pyodide-test/")
    cases = []
    for page, examples in pages:
        markup = files[f"rules/{page.lang}/{page.game}.html"].decode()
        cfg_match = CONFIG.search(markup)
        assert cfg_match, f"{page.game}.{page.lang}: no rules-config"
        by_anchor = {ex.anchor: ex for ex in examples}
        shown = []
        for fig in FIGURE.finditer(markup):
            baked, data = BAKED.search(fig.group(0)), DATA.search(fig.group(0))
            assert baked and data, f"{page.game}.{page.lang}#{fig.group(1)}: no board or data"
            ex = by_anchor[fig.group(1)]
            shown.append(Shown(f"{page.game}.{page.lang}#{ex.anchor}", unjson(data.group(1)), ex.data,
                               int(baked.group(1)), baked.group(2)))
        assert len(shown) == len(examples), f"{page.game}.{page.lang}: a figure was not found"
        cases.append(PageCase(page.game, page.lang, unjson(cfg_match.group(1)), shown))
    return cases


def js_boards(cases: list[PageCase], module: Path = LESSON_BOARD) -> list[list[list[str]]]:
    """Every step of every example, drawn by lesson-board.js under Node."""
    pages = []
    for case in cases:
        deck = next(iter(case.cfg["cards"]))
        pages.append({"ui": case.cfg["ui"], "cards": case.cfg["cards"], "deck": deck, "lang": case.cfg["lang"],
                      "base": case.cfg["base"], "rules": case.cfg["rules"],
                      "examples": [{"names": s.client["names"], "deck": s.client["deck"], "steps": s.client["steps"]}
                                   for s in case.shown]})
    assert NODE is not None
    run = subprocess.run([NODE, str(DRAW), str(module)], input=json.dumps(pages), capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    out: list[list[list[str]]] = json.loads(run.stdout)
    return out


def python_boards(case: PageCase, s: Shown, baked: bool = True) -> list[str]:
    """Every step drawn by render_board; the start step as the page has it baked."""
    base = case.cfg["base"]
    boards = [rules_board.render_board(step, s.data, case.lang, base)
              for step in lesson_steps.expand(s.data["steps"])]
    if baked:
        boards[s.start] = s.baked
    return boards


class _Tokens(HTMLParser):
    """Markup as the DOM sees it: tags with their attributes as a set (order and quoting
    don't matter), text with character references resolved and runs of space as one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.text = ""

    def _flush(self) -> None:
        if self.text:
            self.out.append(re.sub(r"\s+", " ", self.text))
            self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        self.out.append(f"<{tag}" + "".join(f' {k}="{v}"' for k, v in sorted(attrs, key=lambda a: a[0])) + ">")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        self.text += data


def tokens(markup: str) -> list[str]:
    p = _Tokens()
    p.feed(markup)
    p.close()
    p._flush()
    return p.out


def differences(cases: list[PageCase], drawn: list[list[list[str]]], baked: bool = True) -> list[str]:
    """The first step of each example where Python and JS draw differently, and where they part."""
    found = []
    for case, page in zip(cases, drawn, strict=True):
        for s, js in zip(case.shown, page, strict=True):
            py = python_boards(case, s, baked)
            assert len(py) == len(js), f"{s.where}: {len(py)} steps in Python, {len(js)} in JS"
            for i, (a, b) in enumerate(zip(py, js, strict=True)):
                if a == b:  # the same text parses the same (and parsing is the slow part)
                    continue
                ta, tb = tokens(a), tokens(b)
                if ta != tb:
                    k = next((k for k, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
                    found.append(f"{s.where} step {i}: Python {''.join(ta[k:k + 3])!r}… "
                                 f"JS {''.join(tb[k:k + 3])!r}… after {''.join(ta[max(0, k - 3):k])!r}")
                    break  # one step says it: the example's next
    return found


@pytest.fixture(scope="module")
def drawn(built: list[PageCase]) -> list[list[list[str]]]:
    return js_boards(built)


def test_python_and_js_draw_every_step_alike(built: list[PageCase], drawn: list[list[list[str]]]) -> None:
    diffs = differences(built, drawn)
    assert not diffs, f"{len(diffs)} examples differ, e.g.:\n" + "\n".join(diffs[:8])


def test_every_board_feature_is_compared(built: list[PageCase]) -> None:
    """Each game in each language, and everything the board can show, is in what was compared."""
    assert {(c.game, c.lang) for c in built if c.shown} == {(g, lang) for g in rules.GAMES for lang in rules.LANGS}
    markup = "".join(b for c in built for s in c.shown for b in python_boards(c, s))
    features = {
        "acting seat": 'class="ex-seat acting', "out seat": " out\"", "dealer badge": 'class="ex-badge"',
        "face down": "ex-card down", "passed": " passed\"", "tie": " tie\"", "trick winner": "ex-card win",
        "a tag on a play": 'class="ex-tag"', "arranged groups": 'class="ex-group"',
        "a discard group": 'class="ex-group discard"', "a new card": '<img class="new"',
        "card chips": 'class="cc ', "several chips": 'class="ccs"',
    }
    missing = [name for name, mark in features.items() if mark not in markup]
    assert not missing, f"no example shows: {missing}"
    for c in built:  # each game's own marks in every language: the decks' card images
        assert f'cards/{next(iter(c.cfg["cards"]))}/' in "".join(s.baked for s in c.shown), c.game


def test_a_python_change_is_reported(built: list[PageCase], drawn: list[list[list[str]]],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """render_board altered (the dealer badge says something else): every example with a dealer differs."""
    monkeypatch.setattr(rules_board, "ui", lambda lang, key, **p: "X" if key == "dealer" else ui(lang, key, **p))
    some = [(c, d) for c, d in zip(built, drawn, strict=True) if c.lang == "fi"]
    diffs = differences([c for c, _ in some], [d for _, d in some], baked=False)
    assert diffs and all("ex-badge" in d for d in diffs), diffs[:3]


def test_a_js_change_is_reported(built: list[PageCase], tmp_path: Path) -> None:
    """Node draws from an altered copy of web/js: a play's tag lost its class."""
    shutil.copytree(ROOT / "web" / "js", tmp_path / "js")
    altered = tmp_path / "js" / "rules" / "lesson-board.js"
    source = altered.read_text("utf-8")
    assert source.count('class="ex-tag"') == 1
    altered.write_text(source.replace('class="ex-tag"', 'class="ex-tag2"'), "utf-8")
    some = [c for c in built if c.game == "katte"]
    diffs = differences(some, js_boards(some, altered))
    assert diffs and all("ex-tag" in d for d in diffs), diffs[:3]


def test_only_spelling_is_forgiven() -> None:
    """Attribute order, quoting and character references are the same DOM; the rest is not."""
    assert tokens('<b class="x" title="a&#x27;b">&amp;  c</b>') == tokens("<b title=\"a'b\" class=x>&amp; c</b>")
    assert tokens('<b class="x y">c</b>') != tokens('<b class="y x">c</b>')
    assert tokens("<b>c</b> <i></i>") != tokens("<b>c</b><i></i>")
