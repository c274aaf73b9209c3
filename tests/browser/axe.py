"""Accessibility checks with axe-core, in the browser tests.

axe-core comes from npm like the site's runtimes (build.py): a pinned version with its
sha512 integrity, ``npm pack``ed into .cache/npm/ by ``build.fetch`` and read from the
tarball by ``build.unpack``. Only the tests use it: the site never ships it.

:func:`violations` injects ``axe.min.js`` into every frame of a page (so that axe also
looks inside iframes, same-site or not), runs it with the WCAG 2.x A and AA rules and the
best practices, and returns what fails; :func:`report` says it in lines a developer can
act on: the rule, its impact, each element's selector and what to fix there.
"""

from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

import build

# (npm spec, tarball name, sha512 integrity, the one file wanted), as build.py pins its own.
AXE = ("axe-core@4.14.1", "axe-core-4.14.1.tgz",
       "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
       ["axe.min.js"])

# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and Deque's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


@functools.cache
def source() -> str:
    """axe.min.js of the pinned axe-core (fetched once into .cache/npm/, then read from there)."""
    spec, name, integrity, wanted = AXE
    files = build.unpack(spec, build.fetch(spec, name, integrity), wanted)
    return files["axe.min.js"].decode("utf-8")


@dataclass
class Node:
    target: list[Any]  # CSS selectors; a nested list reaches into frames
    html: str
    summary: str


@dataclass
class Violation:
    rule: str
    impact: str
    help: str
    url: str
    nodes: list[Node]

    def __str__(self) -> str:
        lines = [f"{self.rule} ({self.impact}): {self.help} [{len(self.nodes)}×] {self.url}"]
        for n in self.nodes:
            target = " >>> ".join(t if isinstance(t, str) else " ".join(map(str, t)) for t in n.target)
            lines.append(f"  at {target}")
            lines.append(f"     {n.html[:200]}")
            for line in n.summary.splitlines():
                lines.append(f"     {line}")
        return "\n".join(lines)


def inject(frame: Any) -> None:
    """Put axe into ``frame`` (a Playwright Page or Frame), once.

    First as a script tag (``add_script_tag(content=...)``). Where a Content-Security-Policy
    forbids inline scripts the tag never runs (Chromium logs the refusal as a console
    error, which a test's ``watch`` then reports), so the same code is evaluated through
    the DevTools protocol instead, which the page's CSP does not govern."""
    if frame.evaluate("typeof window.axe === 'object'"):
        return
    code = source()
    with contextlib.suppress(PlaywrightError):  # in case Playwright reports a refused tag
        frame.add_script_tag(content=code)
    if not frame.evaluate("typeof window.axe === 'object'"):
        frame.evaluate("() => {\n" + code + "\n}")
    if not frame.evaluate("typeof window.axe === 'object'"):
        raise AssertionError(f"could not load axe-core into {frame.url}")
    # axe's frames answer only frames of their own origin unless told otherwise: an embed
    # (the site) in another site's page is cross-origin, and is checked too
    frame.evaluate("axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] })")


def violations(page: Any, include: str | None = None, tags: list[str] | None = None) -> list[Violation]:
    """What axe finds on ``page`` now (all frames; ``include``: only under that selector)."""
    for frame in page.frames:
        if frame.url.startswith(("http:", "https:")) and not frame.is_detached():
            inject(frame)
    result = page.evaluate(
        """async ([include, tags]) => {
          const r = await axe.run(include ? { include: [include] } : document, {
            runOnly: { type: "tag", values: tags }, resultTypes: ["violations"],
          });
          return r.violations.map((v) => ({
            rule: v.id, impact: v.impact || "", help: v.help, url: v.helpUrl,
            nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary || "" })),
          }));
        }""",
        [include, tags or TAGS])
    return [Violation(v["rule"], v["impact"], v["help"], v["url"],
                      [Node(n["target"], n["html"], n["summary"]) for n in v["nodes"]]) for v in result]


def report(found: list[Violation], where: str = "") -> str:
    """The violations in words, for an assert message."""
    if not found:
        return f"{where}: no accessibility violation"
    total = sum(len(v.nodes) for v in found)
    head = f"{where}: axe-core found {total} accessibility violation(s) in {len(found)} rule(s):"
    return "\n".join([head, *map(str, found)])


def check(page: Any, where: str, include: str | None = None) -> None:
    """Fail the test if axe finds anything on ``page``, saying what it found."""
    found = violations(page, include)
    if found:
        pytest.fail(report(found, where))
