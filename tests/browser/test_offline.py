"""Offline: after one visit the service worker has the whole site, Pyodide included."""

from __future__ import annotations

from typing import Any

from .play import BOOT_TIMEOUT, open_lobby, play_deal, start_match


def test_offline_reload_boots_and_plays(page: Any, context: Any, watch: Any) -> None:
    open_lobby(page)
    # the worker controls the page once every file is precached and it has activated
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    cached = page.evaluate("""async () => {
      const names = (await caches.keys()).filter((k) => k.startsWith('kortti-'));
      return [names.length, (await (await caches.open(names[0])).keys()).length];
    }""")
    assert cached[0] == 1 and cached[1] > 100
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    start_match(page, "kocka")
    play_deal(page)
    assert page.locator("#summary table.results tbody tr").count() == 4


def test_offline_the_kept_things_work_too(page: Any, context: Any, watch: Any) -> None:
    """Statistics, history, settings, the deal of the day and undo need no network."""
    open_lobby(page, "fast")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    page.click("#stats-link")
    page.wait_for_selector("#stats[data-drawn]")  # (nothing played yet: drawn empty)
    page.click(".page-back a")
    page.click("#history-link")
    page.wait_for_selector("#history[data-drawn]")
    page.click(".page-back a")
    page.click("#settings-btn")
    page.wait_for_selector("dialog[open]")
    page.keyboard.press("Escape")
    page.check("input[name=game][value='kocka']")
    page.click("#daily")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("window.kortti.model() && window.kortti.model().daily")
    assert "2" in page.inner_text("#table-meta")  # the date and the deal's number
    play_deal(page)
    assert page.locator("#daily-copy").is_visible()
