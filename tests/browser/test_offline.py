"""Offline: after one visit the service worker has the whole site, Pyodide included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gen.languages import languages
from playwright.sync_api import Error as PlaywrightError

from .conftest import SNAPSHOT_CACHED
from .play import BOOT_TIMEOUT, open_lobby, play_deal, start_match
from .wasm_trace import traced


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
    daily, number = page.evaluate("[window.kortti.model().daily, window.kortti.model().number]")
    day = str(int(daily[-2:]))  # "2026-12-06" is written "Dec 6" in English
    meta = page.inner_text("#table-meta")  # the date and the deal's number
    assert meta.startswith("Deal of the day, ") and day in meta.split(" · ")[0], meta
    assert f"Match No. {number}" in meta, meta
    play_deal(page)
    assert page.locator("#daily-copy").is_visible()


def test_a_return_visit_restores_reuses_compiled_wasm_and_plays_offline(
        playwright: Any, browser_type_launch_args: dict[str, Any], server: str, tmp_path: Path) -> None:
    """A player's browser (a profile on disk): the first visit boots plainly and the service
    worker then keeps the site; a return visit in a new tab restores Python from the memory
    snapshot and compiles none of Pyodide's wasm again (V8's code cache); and with the
    network cut, a new tab still boots and plays a whole deal."""
    context = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), base_url=server,
                                                           **browser_type_launch_args)
    try:
        first = context.new_page()

        def first_visit() -> None:
            first.goto("/?fast&seed=7")
            first.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)

        compiled = traced(context, first, first_visit)
        assert first.evaluate("document.body.dataset.boot") == "plain"  # nothing kept yet
        assert compiled["wasm.Deserialize"] == 0 and compiled["wasm.CompileLazy"] > 1000, compiled
        first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
        first.wait_for_function(SNAPSHOT_CACHED, timeout=BOOT_TIMEOUT)
        first.close()

        tab = context.new_page()

        def visit() -> None:
            tab.goto("/?fast&seed=7")
            tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)

        wasm = traced(context, tab, visit)
        assert tab.evaluate("document.body.dataset.boot") == "snapshot"
        assert wasm["wasm.Deserialize"] >= 1, wasm  # Pyodide's compiled code, from V8's code cache
        # what the cache holds is not compiled again (the rest: functions first called after
        # V8 wrote it, far fewer)
        assert wasm["wasm.CompileLazy"] < compiled["wasm.CompileLazy"] / 4, (wasm, compiled)
        tab.close()

        context.set_offline(True)
        offline = context.new_page()
        offline.goto("/?fast&seed=7")
        offline.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        assert offline.evaluate("document.body.dataset.boot") == "snapshot"
        start_match(offline, "kocka")
        play_deal(offline)
        assert offline.locator("#summary table.results tbody tr").count() == 4
        # what play does not need (the rules pages…) came after data-ready, and is here too
        offline.goto("/rules/en/kocka.html")
        assert offline.locator("figure.ex").count() > 0
    finally:
        context.close()


# a connection that says Save-Data (navigator.connection as Chromium gives it), until the
# tab says its link is good again (a later visit on a better connection)
LIGHT = """Object.defineProperty(navigator, 'connection', { configurable: true,
  get: () => ({ saveData: !sessionStorage.getItem('good-link'), effectiveType: '4g' }) });"""
KEPT = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith('kortti-'));
  if (names.length !== 1) return [];
  return (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
}"""


def test_save_data_keeps_what_offline_play_needs_first_and_the_rest_later(browser: Any, base_url: str) -> None:
    """Issue 49, req. 4: a first visit with Save-Data on (a new browser: nothing kept yet)
    precaches the lobby, the table, the engine, the runtime and the page's language, but
    not the rules pages, the memory snapshot nor other languages' words; offline play works
    from it; and a later visit on a good connection keeps the rest."""
    context = browser.new_context(base_url=base_url, locale="en-GB")
    context.add_init_script(LIGHT)
    page = context.new_page()
    try:
        open_lobby(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
        kept = page.evaluate(KEPT)
        for needed in ("/", "/index.html", "/js/app.js", "/engine.zip", "/table.zip", "/worker.py", "/pyscript.json",
                       "/pyodide-boot.mjs", "/app.css"):
            assert needed in kept, needed
        assert any(p.endswith("/python_stdlib.zip") for p in kept) and any(p.endswith(".wasm") for p in kept)
        assert any(p.startswith("/cards/") for p in kept)
        later = [p for p in kept if p.startswith(("/rules/", "/embed/", "/py-snapshot-", "/i18n/"))]
        assert later == [], later[:5]

        context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        start_match(page, "kocka")
        play_deal(page)
        assert page.locator("#summary table.results tbody tr").count() == 4

        context.set_offline(False)
        page.evaluate("sessionStorage.setItem('good-link', '1')")
        page.goto("/?fast")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        page.wait_for_function(SNAPSHOT_CACHED, timeout=BOOT_TIMEOUT)
        # the rest comes one file after another (sw.js keepTheRest): waited for as a whole
        try:
            page.wait_for_function(f"""async () => {{
              const kept = await ({KEPT})();
              // every other language's words (English's are in the page)
              return kept.includes('/rules/en/index.html')
                && kept.filter((p) => p.startsWith('/i18n/')).length === {len(languages()) - 1};
            }}""", timeout=BOOT_TIMEOUT, polling=250)
        except PlaywrightError:
            kept = page.evaluate(KEPT)
            raise AssertionError(f"the rest was not kept: {len(kept)} files, i18n "
                                 f"{[p for p in kept if p.startswith('/i18n/')]}, rules {sum(p.startswith('/rules/') for p in kept)}")
    finally:
        context.close()
