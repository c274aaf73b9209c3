"""WCAG 1.4.10 (reflow) as a page check: read at the window's width, nothing scrolls
sideways and nothing is cut off at the window's edge."""

from __future__ import annotations

from typing import Any

# What reaches past the window's right edge outside any box that scrolls across: cut off
# (a parent that hides its overflow, the page's own edge), so not read at all.
CUT_OFF = """() => { const width = document.documentElement.clientWidth, out = [];
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 0.5) continue;
    let box = e.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    if (!box) out.push(`${e.tagName.toLowerCase()}.${e.className} (${Math.round(r.left)} to ${Math.round(r.right)} px)`);
  }
  return out.slice(0, 5); }"""


def assert_reflows(page: Any, what: str) -> None:
    """The page is read at the window's width, with no scrolling sideways (a box of its
    own may scroll, as the statistics' wide tables do), and nothing cut off at the window's
    edge (a table too wide for a box that hides its overflow, say)."""
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{what} scrolls sideways: {width[0]} px in a {width[1]} px window"
    cut = page.evaluate(CUT_OFF)
    assert cut == [], f"{what} cuts off at the window's edge: {cut}"
