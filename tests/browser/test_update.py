"""A new version of the site never interrupts a game: its service worker waits, and
the page takes it up when it is next opened (old caches are then deleted)."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gen.serve import make_server
from playwright.sync_api import Error as PlaywrightError

from .play import BOOT_TIMEOUT, open_lobby, play_deal, start_match, take_turn, wait_turn

CACHES = "async () => (await caches.keys()).filter((k) => k.startsWith('kortti-')).sort()"
# Ready, and done updating: no version waiting, and no reload of its own still to come
# (pwa.js marks <html data-updating> and sessionStorage's kortti-update until it reloads).
SETTLED = """async () => document.body.dataset.ready === '1' && !document.documentElement.dataset.updating
  && sessionStorage.getItem('kortti-update') === null
  && !(await navigator.serviceWorker.getRegistration())?.waiting"""

# What pwa.js's takeUpdate decides on at load (a failure's message): the registration's
# versions, this page's controller, whether a match began, and the page's own marks.
WORKERS = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const v = (w) => w ? `${w.state} ${new URL(w.scriptURL).pathname}` : null;
  return { url: location.href, ready: document.body?.dataset.ready ?? null,
    active: v(r?.active), waiting: v(r?.waiting), installing: v(r?.installing),
    controller: v(navigator.serviceWorker.controller), game: window.kortti?.model()?.game ?? null,
    updateMark: sessionStorage.getItem('kortti-update'), caches: await (CACHES_JS)() };
}""".replace("CACHES_JS", CACHES)


def seen(page: Any) -> str:
    """``WORKERS`` as the page reads it now, or why it could not be read (a page between
    two documents), for a failure's message."""
    try:
        return str(page.evaluate(WORKERS))
    except PlaywrightError as e:
        return f"(the page could not say: {e})"


def reopen(page: Any, cdp: Any) -> None:
    """The player opens the page again. The browser's own update check at this navigation
    can make the page reload itself once more (pwa.js): that reload then takes the place of
    ours, which Playwright reports as aborted; the waits after this say where it must end.
    A navigation can also wait on a service worker that DevTools keeps from going idle (see
    wait_for_takeover): if it has not committed within 20 s, the workers are stopped, as the
    browser would stop idle ones, and the page is opened again."""
    for attempt in range(3):
        try:
            if attempt == 0:
                page.reload(wait_until="commit", timeout=20_000)
            else:
                page.goto(page.url, wait_until="commit", timeout=20_000)
            return
        except PlaywrightError as e:
            if "ERR_ABORTED" in str(e):
                return
            if "Timeout" not in str(e) or attempt == 2:
                raise
            print(f"reopen: no commit within 20 s (attempt {attempt + 1}); stopping the service workers")
            cdp.send("ServiceWorker.stopAllWorkers")


def wait_for_takeover(page: Any, cdp: Any, predicate: str) -> None:
    """Wait for ``predicate`` (JS) once the page has let a waiting version take over.

    The page asks the waiting version to skip waiting; the browser activates it once the old
    version is idle, and stops an idle worker after a few seconds. But a worker with DevTools
    attached is never stopped for idleness, and Playwright attaches to every service worker:
    when the old one had a request in flight at the moment of the ask, the activation then
    waits for Chromium's five-minute limit (seen here about every other run). So while the
    page waits for the takeover, the old worker is stopped as the idle timer would stop it.
    """
    waiting = """async () => document.documentElement.dataset.updating === '1'
      && Boolean((await navigator.serviceWorker.getRegistration())?.waiting)"""
    for _ in range(BOOT_TIMEOUT // 2000):
        try:
            page.wait_for_function(predicate, timeout=2000)
            return
        except PlaywrightError:
            pass  # not yet, or the page reloaded itself meanwhile: look again
        try:
            if page.evaluate(waiting):
                cdp.send("ServiceWorker.stopAllWorkers")
        except PlaywrightError:
            pass  # the page is between documents (its own reload)
    page.wait_for_function(predicate, timeout=2000)  # the last look: its error says what is missing


@contextmanager
def served_copy(browser: Any, site: Path, tmp_path: Path) -> Iterator[tuple[Path, Any, Any, Any]]:
    """A copy of the built site on a server of its own (a test deploys a new version by
    editing it), and a context with a page on it whose DevTools session sees the service
    workers: (the copy's root, the context, the page, the session)."""
    root = tmp_path / "site"
    shutil.copytree(site, root)
    srv = make_server(root, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    context = browser.new_context(base_url=f"http://127.0.0.1:{srv.server_address[1]}")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    try:
        yield root, context, page, cdp
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()


def playing_kocka(page: Any) -> str:
    """The site installed (its service worker in control) and a Kočka match in progress; the
    name of the version's cache."""
    open_lobby(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    [cache] = page.evaluate(CACHES)
    start_match(page, "kocka")
    take_turn(page, wait_turn(page))
    return str(cache)


def deploy_new_version(page: Any, root: Path) -> None:
    """A new version of the site deployed, found by the page's browser, installed and waiting."""
    sw = root / "sw.js"
    sw.write_text(re.sub(r'const VERSION = "(\w+)"', r'const VERSION = "\1x"', sw.read_text(), count=1))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function("navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))",
                           timeout=BOOT_TIMEOUT)


def test_new_version_waits_for_the_next_load(browser: Any, site: Path, tmp_path: Path) -> None:
    with served_copy(browser, site, tmp_path) as (root, _, page, cdp):
        old = playing_kocka(page)  # a game is in progress
        page.evaluate("window.sameDocument = true")

        # a new version is deployed while we play
        deploy_new_version(page, root)
        page.wait_for_function("async () => (await caches.keys()).length === 2")
        assert page.evaluate("window.sameDocument") is True  # not reloaded under our feet
        play_deal(page)  # the game goes on to its end on the old version
        assert page.evaluate(CACHES) == sorted([old, old + "x"])

        # opened again: the new version takes over before any game, the old cache goes.
        # (The page then reloads itself once; waiting for "load" could race with that.)
        reopen(page, cdp)
        wait_for_takeover(page, cdp, f"async () => {{ const k = await caches.keys(); return k.length === 1 && k[0] === '{old}x'; }}")
        # the page after its own reload, the new version active (waited for, not read once: the
        # page's own reload may still be on its way when the first copy looks settled)
        wait_for_takeover(page, cdp, f"""async () => (await ({SETTLED})())
          && (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'""")

        # and it stays there: opened once more, the site settles on the one new cache (the
        # browser's own update check may still be under way at this load: see README, "Updates"),
        # and play works on it
        reopen(page, cdp)
        wait_for_takeover(page, cdp, f"""async () => {{
          const r = await navigator.serviceWorker.getRegistration();
          const k = (await caches.keys()).filter((n) => n.startsWith('kortti-'));
          return document.body.dataset.ready === '1' && !document.documentElement.dataset.updating
            && r && !r.installing && !r.waiting && k.length === 1 && k[0] === '{old}x';
        }}""")
        # it was opened on the Kočka table's address: that match continues (its old page's
        # hold on it let go as it unloaded); the player goes back to the lobby and starts another
        # (window.kortti looked for first: a page that has just reloaded itself may not have it yet)
        wait_for_takeover(page, cdp, "window.kortti?.model()?.game === 'kocka'")
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector("#start:not([aria-busy])")
        start_match(page, "katko")
        play_deal(page)
        # the new version in control, nothing else installing or waiting, and only its cache left
        # (Chromium can list the deleted old cache again for a moment around a load: README, "Updates")
        page.wait_for_function(f"""async () => {{
          const r = await navigator.serviceWorker.getRegistration();
          return r && r.active?.state === 'activated' && !r.installing && !r.waiting
            && JSON.stringify(await ({CACHES})()) === JSON.stringify(['{old}x']);
        }}""", timeout=BOOT_TIMEOUT)


# A browser that never lets the waiting version take over (the page's ask is dropped on
# its way): what a player meets if the old version never goes idle.
NEVER_TAKES_OVER = """
const post = ServiceWorker.prototype.postMessage;
ServiceWorker.prototype.postMessage = function (message, ...rest) {
  if (message !== "skip-waiting") return post.call(this, message, ...rest);
};
"""


def test_a_takeover_that_never_comes_does_not_hold_the_match_back(browser: Any, site: Path, tmp_path: Path) -> None:
    with served_copy(browser, site, tmp_path) as (root, context, page, cdp):
        old = playing_kocka(page)
        table = page.url
        deploy_new_version(page, root)

        # opened again on the table's address, the new version waiting: the page asks it to
        # take over, and it never does; after a few seconds the match goes on, on this version
        page.add_init_script(NEVER_TAKES_OVER)
        reopen(page, cdp)
        try:
            page.wait_for_function("document.documentElement.dataset.updating === '1'", timeout=BOOT_TIMEOUT)
        except PlaywrightError as e:  # seen once in many runs: say which of takeUpdate's conditions failed
            raise AssertionError(f"the page never asked the waiting version to take over: {seen(page)}") from e
        page.wait_for_function("window.kortti?.model()?.game === 'kocka'", timeout=BOOT_TIMEOUT)
        assert page.url == table
        assert page.evaluate("document.documentElement.dataset.updating") is None
        assert page.evaluate("sessionStorage.getItem('kortti-update')") is None
        take_turn(page, wait_turn(page))  # and it plays
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))")
        assert page.evaluate(CACHES) == sorted([old, old + "x"])  # the old version is still whole

        # the next time the page is opened (where the browser lets it), the new version takes over
        page.close()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        page.goto(table, wait_until="commit")
        wait_for_takeover(page, cdp, f"""async () => (await ({SETTLED})())
          && JSON.stringify(await ({CACHES})()) === JSON.stringify(['{old}x'])""")
        wait_for_takeover(page, cdp, "window.kortti?.model()?.game === 'kocka'")
