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
