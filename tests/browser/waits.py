"""Waits that notice at once: Playwright's ``wait_for_selector``, checked every 50 ms.

Playwright checks a waited-for selector again after 0, 20, 50, 100, 100 ms and then only
every 500 ms, so a wait that lasts more than about a second (the page's Python booting,
a deal played out) ends on average 250 ms after its condition held: about a minute of
the whole suite's wall time on the 2-core machine. :func:`install` makes every
``Page.wait_for_selector`` and ``Frame.wait_for_selector`` first wait for the same
condition in the page, polled every :data:`POLL_MS`, and then ask Playwright's own wait,
which then answers at its first check: what a test waits for, its result and its
errors are Playwright's, only noticed sooner. A selector that is not plain CSS (a
Playwright selector such as ``text=…``) is left to Playwright's wait alone.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error, Frame, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

POLL_MS = 50

# Playwright's states: "visible" (the default) is a non-empty box and not visibility:hidden
HOLDS = """([selector, state]) => {
  // open shadow roots too, as Playwright's CSS engine pierces them
  const find = (root) => root.querySelector(selector)
    || [...root.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => find(e.shadowRoot)).find(Boolean) || null;
  let el;
  try { el = find(document); } catch { return true; }  // not CSS: Playwright decides
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  if (state === 'attached') return Boolean(el);
  if (state === 'detached') return !el;
  if (state === 'hidden') return !el || !shown(el);
  return Boolean(el) && shown(el);
}"""


def _quick(original: Any) -> Any:
    def wait_for_selector(self: Page | Frame, selector: str, *, state: str | None = None,
                          strict: bool | None = None, timeout: float | None = None) -> Any:
        started = time.monotonic()
        try:
            self.wait_for_function(HOLDS, arg=[selector, state or "visible"], polling=POLL_MS, timeout=timeout)
        except PlaywrightTimeoutError as e:
            try:  # what this check cannot see (a selector across a shadow root, say), Playwright's may
                return original(self, selector, state=state, strict=strict, timeout=100)
            except PlaywrightTimeoutError:
                raise PlaywrightTimeoutError(f"waiting for {selector!r} to be {state or 'visible'}: {e.message}") from e
        except Error:
            return original(self, selector, state=state, strict=strict, timeout=timeout)  # (a navigation, say)
        if timeout is not None and timeout > 0:  # Playwright's own wait gets what is left (0 means no limit)
            timeout = max(1.0, timeout - (time.monotonic() - started) * 1000)
        return original(self, selector, state=state, strict=strict, timeout=timeout)

    return wait_for_selector


def install() -> None:
    """Make Page's and Frame's ``wait_for_selector`` notice within :data:`POLL_MS` (once)."""
    for cls in (Page, Frame):
        if not getattr(cls.wait_for_selector, "quick", False):
            quick = _quick(cls.wait_for_selector)
            quick.quick = True  # type: ignore[attr-defined]
            cls.wait_for_selector = quick  # type: ignore[method-assign]
