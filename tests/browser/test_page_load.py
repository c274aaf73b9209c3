"""A page whose own scripts did not arrive (a request the browser cut, one that never
answers): it loads once more and plays, and if they fail again it says so in the reader's
language instead of sitting still (the guard in the head of the table's page, the rules
pages, the embed frame and the authors' test page: ``web/js/load-guard.js``).

Each test takes a browser context with no service worker (requests a service worker
answers never reach ``page.route``), but the table's third, which takes one of its own with
it (Playwright routes a service worker's requests there, not in the shared profile). No
``watch``: a cut request is a console error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Host
from .play import BOOT_TIMEOUT, open_lobby, start_match
from .test_embed import STATE, embeds, frame_of, host_page, iframe, wait_in

# the service worker's cached copy of js/app.js taken out: it asks the network for it
FORGET_APP = """async () => {
  for (const name of await caches.keys()) await (await caches.open(name)).delete(new URL('js/app.js', location.href).href);
}"""

# what a page whose files did not load says, in Finnish (web.boot.files)
FILES_FI = "Osa sivun tiedostoista ei latautunut. Tarkista verkkoyhteys ja lataa sivu uudelleen."
FILES_EN = "Some of the page's files did not load. Check the connection, then reload the page."


@pytest.fixture
def bare(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, service_workers="block")
    try:
        yield context
    finally:
        context.close()


def loads_of(page: Any, path: str = "") -> list[str]:
    """The addresses of the documents (a frame's too) the page asks for from now on, reloads
    included; only those whose address has ``path``, if given."""
    loads: list[str] = []
    page.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" and path in r.url else None)
    return loads


def cut_until_loaded_again(loads: list[str]) -> Any:
    """A route that cuts a script's requests until its page has loaded a second time
    (Chromium asks twice before it gives up), as the browser's own cut shows:
    net::ERR_ABORTED."""
    def route(route: Any) -> None:
        if len(loads) < 2:
            route.abort("aborted")
        else:
            route.fallback()
    return route


def test_a_script_request_cut_loads_the_page_again_and_it_plays(bare: Any) -> None:
    page = bare.new_page()
    loads = loads_of(page)
    page.route("**/js/app.js", cut_until_loaded_again(loads))
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
    assert page.inner_text("#boot-text") == FILES_FI
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


def test_a_rules_page_whose_script_was_cut_loads_again_and_its_examples_step(bare: Any) -> None:
    page = bare.new_page()
    loads = loads_of(page)
    page.route("**/js/rules/example.js", cut_until_loaded_again(loads))
    page.goto("/rules/en/katko.html")
    page.wait_for_selector("html[data-examples='live']")
    assert len(loads) == 2 and loads[0] == loads[1]
    example = page.locator("figure.ex").first
    before = example.locator(".ex-text").inner_text()
    example.locator(".ex-next").click()
    assert example.locator(".ex-text").inner_text() != before
    assert page.locator(".load-failed").count() == 0


@pytest.mark.parametrize(("path", "script", "words", "still"), [
    # a rules page, in Finnish: its rules still read, each example shows its first position
    ("/rules/fi/kocka.html", "js/rules/example.js", FILES_FI, "figure.ex .ex-board img"),
    # the authors' test page, in English: its instructions and form are still there
    ("/embed/test.html", "js/rules/embed-test.js", FILES_EN, "form#try textarea"),
])
def test_a_page_of_text_whose_script_never_arrives_says_so_above_it(bare: Any, path: str, script: str, words: str,
                                                                  still: str) -> None:
    page = bare.new_page()
    page.route(f"**/{script}", lambda route: route.abort("aborted"))
    loads = loads_of(page)
    page.goto(path)
    page.wait_for_selector("main > .load-failed[role=alert]:first-child")
    assert page.inner_text(".load-failed") == words
    assert len(loads) == 2
    assert page.locator("main h1").inner_text() and page.locator(still).count() > 0


def test_an_embed_whose_script_was_cut_loads_again_and_steps(bare: Any, site: Path, server: str, host: Host) -> None:
    """In another site's page, where the frame has no storage to count its loads in: the
    frame's address does."""
    host.pages["/docs.html"] = host_page(iframe(server, embeds(site, "en", "katko")["ex-katko-kt-1"]))
    page = bare.new_page()
    loads = loads_of(page, "/embed/example.html")
    page.route("**/js/rules/embed.js", cut_until_loaded_again(loads))
    page.goto(f"{host.url}/docs.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'live'")
    assert len(loads) == 2 and loads[1] == loads[0] + "?again="  # (a request has no #hash)
    frame.click(".ex-last")
    assert "Dan won the deal" in frame.inner_text(".ex-text")


def test_an_embed_whose_script_never_arrives_says_so_in_its_frame(bare: Any, site: Path, server: str,
                                                                   host: Host) -> None:
    """In another site's page, in the frame's language (Czech), and the host is told the
    message's height as the frame tells it its content's."""
    host.pages["/docs.html"] = host_page(iframe(server, embeds(site, "cs", "katko")["ex-katko-kt-1"], 120),
                                         script="<script>window.heights = []; addEventListener('message', "
                                                "(e) => e.data.type === 'kortti-embed-height' && heights.push(e.data.height));</script>")
    page = bare.new_page()
    page.route("**/js/rules/embed.js", lambda route: route.abort("aborted"))
    loads = loads_of(page, "/embed/example.html")
    page.goto(f"{host.url}/docs.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'error'", 15_000)
    assert frame.inner_text(".embed-error[role=alert] p") == (
        "Některé soubory stránky se nenačetly. Zkontroluj připojení a načti stránku znovu.")
    assert frame.inner_text(".embed-error h1") == "Tento příklad nelze zobrazit."
    assert len(loads) == 2
    height = frame.evaluate("Math.ceil(document.getElementById('embed').getBoundingClientRect().height)")
    assert page.evaluate("window.heights") == [height]
