"""A page whose own scripts did not arrive (a request the browser cut, one that never
answers): it loads once more and plays, and if they fail again it says so in the reader's
language instead of sitting still (the guard in index.html's head).

The first two tests take a browser context with no service worker (requests a service
worker answers never reach ``page.route``), the third one of its own with it (Playwright
routes a service worker's requests there, not in the shared profile). No ``watch``: a cut
request is a console error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .play import BOOT_TIMEOUT, open_lobby, start_match

# the service worker's cached copy of js/app.js taken out: it asks the network for it
FORGET_APP = """async () => {
  for (const name of await caches.keys()) await (await caches.open(name)).delete(new URL('js/app.js', location.href).href);
}"""


@pytest.fixture
def bare(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, service_workers="block")
    try:
        yield context
    finally:
        context.close()


def loads_of(page: Any) -> list[str]:
    """The addresses of the documents the page asks for from now on (reloads included)."""
    loads: list[str] = []
    page.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)
    return loads


def test_a_script_request_cut_loads_the_page_again_and_it_plays(bare: Any) -> None:
    page = bare.new_page()
    loads = loads_of(page)

    def cut_at_first(route: Any) -> None:  # (Chromium asks twice before it gives up)
        if len(loads) < 2:
            route.abort("aborted")  # as the browser's own cut shows: net::ERR_ABORTED
        else:
            route.fallback()

    page.route("**/js/app.js", cut_at_first)
    page.goto("/?fast")
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    assert len(loads) == 2 and loads[0] == loads[1]  # loaded once more, the same address
    start_match(page, "kocka")
    assert page.locator("#hand .card").count() == 8


def test_scripts_that_never_arrive_are_said_in_the_readers_language(bare: Any) -> None:
    page = bare.new_page()
    page.goto("/rules/en/index.html")  # a page of the site: the reader chose Finnish earlier
    page.evaluate("localStorage.setItem('kortti-lang', 'fi')")
    page.route("**/js/app.js", lambda route: route.abort("aborted"))
    loads = loads_of(page)
    page.goto("/")
    page.wait_for_selector("#boot.failed")
    assert page.inner_text("#boot-text") == (
        "Osa sivun tiedostoista ei latautunut. Tarkista verkkoyhteys ja lataa sivu uudelleen.")
    assert len(loads) == 2  # once more on the first failure, not again on the second
    assert page.evaluate("document.body.dataset.ready") is None


def test_a_script_that_never_answers_loads_the_page_again(browser: Any, server: str) -> None:
    """The service worker answers the page; the script's request, not in its cache, goes to
    the network and never comes back: the page loads once more and plays."""
    context = browser.new_context(base_url=server)
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.fallback()
        else:
            held.append(route)  # never answered

    try:
        page = context.new_page()
        open_lobby(page, "fast")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
        context.route("**/js/app.js", hold_the_first)
        page.evaluate(FORGET_APP)
        loads = loads_of(page)
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        assert len(held) == 1 and len(loads) == 2
        start_match(page, "kocka")
        assert page.locator("#hand .card").count() == 8
    finally:
        context.close()
