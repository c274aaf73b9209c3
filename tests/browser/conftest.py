"""Browser tests: build the site once, serve it from a thread, drive Debian's Chromium.

Needs the system ``chromium`` (apt) and ``playwright`` + ``pytest-playwright`` (pip);
never ``playwright install``. ``./test.sh`` installs both. Without Chromium the
browser tests fail with a message saying so: they are never skipped.
"""

from __future__ import annotations

import collections
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from build_steps import made_once, run_folder, shared_steps
from gen.serve import make_server

import build

from . import waits

waits.install()  # a waited-for selector is noticed within 50 ms, not up to 500 ms later (waits.py)

# As root, on a closed network, Chromium needs these (shared/notes/tech.md).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]  # a small /dev/shm crashes renderers ("Target crashed")


def chromium_path() -> str | None:
    return os.environ.get("KORTTI_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    path = chromium_path()
    if path is None:
        pytest.fail("no system chromium found: apt-get install chromium (or run ./test.sh)")
    # KORTTI_CHROMIUM_EXTRA_FLAGS: more flags, space-separated (netns.py's WebRTC flags)
    extra = os.environ.get("KORTTI_CHROMIUM_EXTRA_FLAGS", "").split()
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_FLAGS + extra}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, in a temporary folder (the developer's dist/ is left alone), or the
    one KORTTI_SITE_DIR names (already built: test_in_netns.py passes its own down). One
    build for the run: xdist's workers share it (the first to ask builds it, the other
    waits for it), and its Node steps are the ones the other tests use (build_steps.py)."""
    if os.environ.get("KORTTI_SITE_DIR"):
        return Path(os.environ["KORTTI_SITE_DIR"])
    folder = run_folder(tmp_path_factory) / "site"
    with made_once(folder, "dist") as to_make:
        if to_make:
            with shared_steps(tmp_path_factory):
                build.build(folder / "dist")
    return folder / "dist"


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    # KORTTI_SERVER_PORT: the outer run's port, reused inside a network namespace (nothing
    # else listens there), so that the profile warmed outside serves the same origin
    srv = make_server(site, int(os.environ.get("KORTTI_SERVER_PORT", "0")))
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def base_url(server: str) -> str:
    return server


# What a test may leave behind in the shared profile, cleared before each test. The
# service worker and its cache stay: every test is a player's return visit.
PER_TEST_STORAGE = "cookies,file_systems,indexeddb,local_storage,shader_cache,websql,shared_storage,storage_buckets"
SNAPSHOT_CACHED = """async () => {
  const url = new URL((await (await fetch('./pyscript.json')).json()).interpreter, location.href);
  const boot = await (await fetch(url)).text();
  const name = JSON.parse(boot.match(/^const SNAPSHOT = (.*);$/m)[1]).url;
  return Boolean(await caches.match(new URL(name, location.href).href));
}"""


def warm_up(playwright: Any, launch_args: dict[str, Any], server: str, profile: Path) -> None:
    """A browser profile on disk after a first visit, closed (every cache written out): its
    HTTP cache and V8's code cache persist as a player's browser's do (Playwright's
    in-memory contexts keep no wasm), and its service worker has the whole site, the
    memory snapshot included. Every page opened in it after this is a return visit."""
    context = playwright.chromium.launch_persistent_context(str(profile), base_url=server, **launch_args)
    first = context.pages[0] if context.pages else context.new_page()
    first.goto("/?fast")
    first.wait_for_selector("body[data-ready='1']", timeout=90_000)
    first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    first.wait_for_function(SNAPSHOT_CACHED, timeout=90_000)
    context.close()


def reopened(playwright: Any, launch_args: dict[str, Any], server: str, profile: Path, **device: Any) -> Any:
    """A profile warmed (``warm_up``), opened again: a return visit from the start."""
    context = playwright.chromium.launch_persistent_context(str(profile), base_url=server, **launch_args, **device)
    restored = list(context.pages)  # (whatever the browser opened by itself: not a test's)
    context.warm_blank = context.new_page()  # keeps the browser open
    for page in restored:
        page.close()
    return context


def fresh(profile: Any, server: str) -> Iterator[Any]:
    """A warm profile with no saved game, setting or statistic left from another test."""
    blank = profile.warm_blank
    cdp = profile.new_cdp_session(blank)
    cdp.send("Storage.clearDataForOrigin", {"origin": server, "storageTypes": PER_TEST_STORAGE})
    profile.clear_cookies()
    profile.set_offline(False)
    try:
        yield profile
    finally:
        for page in profile.pages:
            if page is not blank:
                page.close()
        profile.set_offline(False)
        cdp.send("Storage.clearDataForOrigin", {"origin": server, "storageTypes": PER_TEST_STORAGE})
        cdp.detach()


@pytest.fixture(scope="session")
def warm_profiles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the session's profiles live: ``desktop``, warmed first, and ``warmed``, its
    copy from which the phone's profile is made without a first visit of its own."""
    return tmp_path_factory.mktemp("profiles")


@pytest.fixture(scope="session")
def warm_profile(playwright: Any, browser_type_launch_args: dict[str, Any], server: str,
                 warm_profiles: Path) -> Iterator[Any]:
    """The session's desktop profile on disk, warmed (``warm_up``): ``context`` and ``page``.
    A copy of it as warmed is kept for the phone's profile, and for the runs in a network
    namespace (``warmed_copy``), which take it instead of warming one of their own."""
    desktop = warm_profiles / "desktop"
    if os.environ.get("KORTTI_WARM_PROFILE"):  # warmed by the outer run (test_in_netns.py)
        outer = Path(os.environ["KORTTI_WARM_PROFILE"])
        shutil.copytree(outer, desktop, symlinks=True)
        (warm_profiles / "warmed").symlink_to(outer)  # (never opened: not copied twice, 114 MB)
    else:
        warm_up(playwright, browser_type_launch_args, server, desktop)
        shutil.copytree(desktop, warm_profiles / "warmed", symlinks=True, ignore=shutil.ignore_patterns("Singleton*"))
    context = reopened(playwright, browser_type_launch_args, server, desktop)
    yield context
    context.close()


@pytest.fixture(scope="session")
def warmed_copy(warm_profile: Any, warm_profiles: Path) -> Path:
    """The desktop profile as warmed (a first visit to ``server``), never opened since: a
    run in a network namespace copies it (KORTTI_WARM_PROFILE) and serves the site on the
    same port (KORTTI_SERVER_PORT), so its pages are return visits from the start."""
    return warm_profiles / "warmed"


# A phone as the tests hold it first: 360 px wide, twice as dense, touch, a mobile viewport
# (its meta viewport honoured, scrollbars drawn over the page). Tests resize its pages.
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def warm_phone(playwright: Any, browser_type_launch_args: dict[str, Any], server: str,
               warm_profile: Any, warm_profiles: Path) -> Iterator[Any]:
    """A phone's profile on disk, warmed (a phone player's return visit): ``phone_context``.
    A copy of the desktop profile's first visit (the caches are the same site's: the
    device is the context's, not the profile's), opened as a phone. Made only in a
    session that has a test which asks for it."""
    phone = warm_profiles / "phone"
    shutil.copytree(warm_profiles / "warmed", phone, symlinks=True)
    context = reopened(playwright, browser_type_launch_args, server, phone, **PHONE)
    yield context
    context.close()


@pytest.fixture
def context(warm_profile: Any, server: str) -> Iterator[Any]:
    """The shared profile, with no saved game, setting or statistic left from another test."""
    yield from fresh(warm_profile, server)


@pytest.fixture
def phone_context(warm_phone: Any, server: str) -> Iterator[Any]:
    """The shared phone profile (360×740 at first), cleared like ``context``."""
    yield from fresh(warm_phone, server)


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    p = context.new_page()
    # every test's page keeps a record for its report if it fails, watched or not (a
    # test that allows another origin, say, has no ``watch``); only ``watch`` asserts on it
    record = Watch(None)
    record.attach(p)
    RECORDS[id(p)] = record
    yield p
    RECORDS.pop(id(p), None)


RECORDS: dict[int, Watch] = {}  # the ``page`` fixture's records, by the page's id


class Watch:
    """Console errors, page errors, and requests that leave the origin; and, for a failed
    test's report, the page's last console lines and failed requests (a flake that only
    shows once in many runs must say what the page was doing)."""

    def __init__(self, origin: str | None) -> None:
        self.origin = origin  # None: only the log for the report, no check of requests
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.log: collections.deque[str] = collections.deque(maxlen=200)

    def attach(self, page: Any) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda e: (self.errors.append(str(e)), self.log.append(f"pageerror: {e}")))
        page.on("request", self._request)
        page.on("requestfailed", lambda r: self.log.append(f"request failed: {r.url} ({r.failure})"))
        page.on("framenavigated", lambda f: self.log.append(f"navigated: {f.url}") if f.parent_frame is None else None)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)
        self.log.append(f"console.{message.type}: {message.text[:500]}")

    def _request(self, request: Any) -> None:
        if self.origin is None:
            return
        url = request.url
        if not url.startswith((self.origin + "/", "blob:", "data:")):
            self.foreign.append(url)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report carries what its page logged (``watch``'s record)."""
    outcome = yield
    report = outcome.get_result()
    args = getattr(item, "funcargs", {})
    w = args.get("watch") or RECORDS.get(id(args.get("page")))
    if report.failed and isinstance(w, Watch) and w.log:
        report.sections.append(("the page's last console lines and failed requests", "\n".join(w.log)))
    if report.failed and report.when == "call" and args.get("page") is not None:
        report.sections.append(("the page when the test failed", page_state(args["page"])))


# What a failed test's page had become: whether its own script ran, and how each of its
# scripts was loaded (a page whose js/app.js request was aborted has been seen, rarely).
PAGE_STATE = """() => JSON.stringify({
  url: location.href, readyState: document.readyState, ready: document.body?.dataset.ready ?? null,
  app: typeof window.kortti, controller: Boolean(navigator.serviceWorker?.controller),
  scripts: performance.getEntriesByType("resource").filter((e) => /[.]m?js$/.test(new URL(e.name).pathname))
    .map((e) => `${new URL(e.name).pathname} ${e.responseStatus ?? "?"} ${Math.round(e.duration)} ms`
      + (e.workerStart ? " (service worker)" : "")),
}, null, 1)"""


def page_state(page: Any) -> str:
    try:
        return str(page.evaluate(PAGE_STATE))
    except PlaywrightError as e:  # a closed or crashed page: say so, the report goes on
        return f"(not readable: {e})"


@pytest.fixture
def watch(page: Any, server: str) -> Iterator[Watch]:
    """Every browser test: no console error, and no request leaves the origin."""
    w = RECORDS[id(page)]  # the page fixture's record, now also checked
    w.origin = server
    yield w
    assert w.foreign == [], f"requests left the origin: {w.foreign}"
    assert w.errors == [], f"console errors: {w.errors}"


class Host:
    """Another site: serves the pages a test puts in ``pages`` (path → HTML)."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path.split("?")[0])
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write((body or "not found").encode())

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        # "localhost" and "127.0.0.1" are different sites to the browser
        self.url = f"http://localhost:{self.server.server_address[1]}"


@pytest.fixture
def host() -> Iterator[Host]:
    """Another site (localhost; the site under test is 127.0.0.1), for embeds."""
    h = Host()
    yield h
    h.server.shutdown()
    h.server.server_close()


@pytest.fixture
def relay() -> Iterator[Any]:
    """A Nostr relay on loopback (nostr_relay.py): the table codes' and the quick match's tests."""
    from .nostr_relay import Relay

    r = Relay().start()
    yield r
    r.stop()
