"""Embeds: an example inside another site's page (the site on 127.0.0.1, the host page
on localhost, so the browser treats the frame as third party), offline too; broken
embed URLs show a message; ten embeds on one page stay responsive."""

from __future__ import annotations

import base64
import functools
import html
import itertools
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Host
from .play import BOOT_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
STATE = "document.getElementById('embed').dataset.state"
CONTENT = "document.getElementById('embed').getBoundingClientRect().height"  # what the frame shows


def wait_in(frame: Any, condition: str, timeout: float = BOOT_TIMEOUT) -> None:
    """Wait until ``condition`` holds in an embed frame, checking every 100 ms.

    Not Playwright's default, which re-checks on each animation frame: Chromium runs no
    animation frames in a cross-origin frame that is scrolled out of view, so a wait that
    starts before the frame has drawn (its state still "decoding") and whose frame is then
    out of view would never check again, however long ago the frame drew. A frame found by
    its address may not have parsed its example's element yet: that is "not yet", not an
    error in ``condition``."""
    frame.wait_for_function(f"document.getElementById('embed') !== null && ({condition})",
                            timeout=timeout, polling=100)


def embeds(site: Path, lang: str, game: str) -> dict[str, str]:
    """anchor → embed hash, from a built rules page."""
    text = (site / "rules" / lang / f"{game}.html").read_text("utf-8")
    return {a: html.unescape(h) for a, h in re.findall(r'<figure class="ex[^"]*" id="([^"]+)" data-embed="([^"]+)"', text)}


def iframe(server: str, hash_: str, height: int = 460, lazy: bool = True) -> str:
    loading = ' loading="lazy"' if lazy else ""
    return (f'<iframe src="{server}/embed/example.html#{html.escape(hash_)}" title="example" width="100%" '
            f'height="{height}" style="border:0;max-width:760px"{loading}></iframe>')


def host_page(*frames: str, spacer: int = 0, script: str = "") -> str:
    gap = f'<div style="height:{spacer}px"></div>' if spacer else ""
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Someone's docs</title><link rel='icon' href='data:,'>"
            "<script>window.longest = 0; new PerformanceObserver((l) => l.getEntries().forEach((e) => "
            "{ window.longest = Math.max(window.longest, e.duration); })).observe({type: 'longtask', buffered: true});"
            "window.lag = 0; let last = performance.now(); setInterval(() => { const now = performance.now(); "
            "window.lag = Math.max(window.lag, now - last - 10); last = now; }, 10);"
            "</script></head><body><h1>Card games</h1><p>Read this first.</p>" + gap
            + "".join(f"<section><p>An example:</p>{f}</section>" for f in frames) + script + "</body></html>")


def frame_of(page: Any, index: int = 0, timeout: float = 15.0) -> Any:
    """The ``index``-th embed frame, once it has loaded."""
    end = time.monotonic() + timeout
    while True:
        frames = [f for f in page.frames if "/embed/example.html" in f.url]
        if len(frames) > index:
            return frames[index]
        if time.monotonic() > end:
            raise AssertionError(f"embed frame {index} never loaded ({len(frames)} did)")
        page.wait_for_timeout(100)


def watch_requests(page: Any, allowed: list[str]) -> list[str]:
    foreign: list[str] = []

    def check(request: Any) -> None:
        if not request.url.startswith(tuple(allowed) + ("blob:", "data:")):
            foreign.append(request.url)

    page.on("request", check)
    return foreign


def test_embed_in_another_sites_page(page: Any, site: Path, server: str, host: Host) -> None:
    hashes = embeds(site, "en", "katko")
    host.pages["/docs.html"] = host_page(iframe(server, hashes["ex-katko-kt-1"]))
    foreign = watch_requests(page, [server, host.url])
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{host.url}/docs.html")
    frame = frame_of(page)
    # the first position at once, as plain HTML, before Python
    frame.wait_for_selector(".ex-board img", timeout=10_000)
    assert frame.locator(".ex-board img").count() == 20
    assert frame.locator(".ex-seat").first.inner_text().startswith("Anna")
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)  # it is in view: Python booted
    for _ in range(4):
        frame.click(".ex-next")
    assert "Ben wins the trick" in frame.inner_text(".ex-why")
    frame.click(".ex-last")
    assert "Dan won the deal" in frame.inner_text(".ex-text")
    assert frame.evaluate("window.origin") == server and page.evaluate("window.origin") == host.url
    assert foreign == [] and errors == []


def test_embed_asks_your_turn(page: Any, site: Path, server: str, host: Host) -> None:
    hashes = embeds(site, "cs", "katko")
    host.pages["/turn.html"] = host_page(iframe(server, hashes["ex-katko-kt-3-2"], 620))
    page.goto(f"{host.url}/turn.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
    assert "Cyril" in frame.inner_text(".ex-ask")
    frame.locator(".ex-choices .ex-cardbtn").nth(0).click()  # 8♠, but Cyril must trump
    frame.wait_for_selector(".ex-bot", timeout=BOOT_TIMEOUT)
    verdict = frame.inner_text(".ex-verdict")
    assert "Nepovoleno" in verdict and "trumf" in verdict


def test_embed_boots_python_only_when_seen(page: Any, site: Path, server: str, host: Host) -> None:
    hashes = embeds(site, "en", "kocka")
    host.pages["/far.html"] = host_page(iframe(server, hashes["ex-kocka-ko-1-2"], lazy=False), spacer=4000)
    page.goto(f"{host.url}/far.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'first'", 10_000)
    assert frame.locator(".ex-board img").count() == 32
    page.wait_for_timeout(2500)
    assert frame.evaluate(STATE) == "first"  # out of sight: no Python yet
    assert not frame.evaluate("performance.getEntriesByType('resource').some((e) => e.name.includes('pyodide'))")
    page.locator("iframe").scroll_into_view_if_needed()
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)


def test_broken_embed_urls_show_a_message(page: Any, site: Path, server: str, host: Host) -> None:
    good = embeds(site, "en", "katko")["ex-katko-kt-1"]
    illegal = {"game": "katko", "players": 2, "deals": [{"dealer": 1, "hands": [
        ["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "6S"]], "actions": ["0 play AS", "1 play AH"]}]}
    plain = base64.urlsafe_b64encode(json.dumps(illegal).encode()).decode().rstrip("=")
    crowded = base64.urlsafe_b64encode(json.dumps({"game": "katte", "players": 7}).encode()).decode().rstrip("=")
    cases = {
        good[: len(good) * 2 // 3]: "incomplete",  # cut off when copied
        "lang=fi": "puuttuu",  # no record at all (Finnish frame)
        "lang=cs&r=z%%%": "poškozený",  # damaged (Czech frame)
        "lang=en&r=j" + plain[:40]: "incomplete",
        "lang=en&r=j" + plain: "follow suit",  # a record the engine refuses, with where and why
        "lang=en&r=j" + crowded: "from 2 to 6",  # Katte's player range, as the engine has it
    }
    host.pages["/broken.html"] = host_page(*(iframe(server, h, 220, lazy=False) for h in cases))
    page.goto(f"{host.url}/broken.html")
    for i, expected in enumerate(cases.values()):
        page.locator("iframe").nth(i).scroll_into_view_if_needed()  # the engine's check needs Python: in view
        frame = frame_of(page, i)
        wait_in(frame, f"{STATE} === 'error'", BOOT_TIMEOUT)
        text = frame.inner_text(".embed-error")
        assert expected in text, text
        assert "Traceback" not in text and frame.locator(".embed-error[role=alert]").count() == 1
    assert "deal 1, move 2" in frame_of(page, 4).inner_text(".embed-error")


def chromium_as_shipped(browser: Any, launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch arguments for Chromium with its own storage partitioning.

    Playwright starts Chromium with ``--disable-features=…,ThirdPartyStoragePartitioning,…``
    (microsoft/playwright#32230); no reader's browser runs so. Without partitioning, a
    third-party frame's storage, service worker included, falls under the cookie setting,
    and this Chromium blocks third-party cookies by default: the frame would get no service
    worker ("The user denied permission to use Service Worker"). Keep Playwright's other
    switches, drop that one feature from its list."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        switches = page.inner_text("#command_line").split()
    finally:
        page.close()
    disabled = next((s for s in switches if s.startswith("--disable-features=")), "")
    features = disabled.partition("=")[2].split(",")
    if "ThirdPartyStoragePartitioning" not in features:
        return dict(launch_args)
    kept = ",".join(f for f in features if f != "ThirdPartyStoragePartitioning")
    return {**launch_args, "ignore_default_args": [disabled], "args": [*launch_args.get("args", []), f"--disable-features={kept}"]}


@pytest.mark.parametrize("window", ["normal", "private"])
def test_embed_works_offline(browser: Any, browser_type: Any, browser_type_launch_args: dict[str, Any], tmp_path: Path,
                             site: Path, server: str, host: Host, window: str) -> None:
    """Offline, in Chromium as a reader has it: a normal profile with the browser's defaults
    (no settings changed; this Chromium blocks third-party cookies by default), or a private
    window. Both give the third-party frame partitioned storage: the site's service worker
    registers in the frame, keyed to the host page's site, and keeps a copy of everything,
    so the example plays offline after one visit online. A private window forgets that copy
    when it is closed. (Playwright's own launch turns partitioning off; see above.)"""
    hashes = embeds(site, "en", "katte")
    host.pages["/offline.html"] = host_page(iframe(server, hashes["ex-katte-k-a"], 560))
    args = chromium_as_shipped(browser, browser_type_launch_args)
    if window == "normal":
        profile = tmp_path / "profile"  # empty: Chromium writes its defaults
        context = browser_type.launch_persistent_context(str(profile), **args)
        private = None
    else:
        private = browser_type.launch(**args)
        context = private.new_context()
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{host.url}/offline.html")
        frame = frame_of(page)
        wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
        # the site's service worker (third-party, so partitioned) has precached everything
        wait_in(frame, "navigator.serviceWorker.controller !== null", BOOT_TIMEOUT)
        context.set_offline(True)
        frame.evaluate(f"{STATE} = 'before the reload'; location.reload()")
        wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)  # the reloaded frame, offline
        assert frame.evaluate("navigator.onLine") is False
        assert frame.evaluate("navigator.serviceWorker.controller !== null")
        frame.click(".ex-last")
        assert "Carla takes the pot" in frame.inner_text(".ex-text")
        assert errors == []
    finally:
        context.close()
        if private is not None:
            private.close()


def test_embed_offline_before_it_was_saved(page: Any, site: Path, server: str, host: Host) -> None:
    """A reader opens a page, goes offline, then scrolls to an embed that never started: the
    frame keeps its cards and says, in its language, why it cannot start; back online, it
    starts by itself."""
    hashes = embeds(site, "fi", "katko")
    host.pages["/train.html"] = host_page(iframe(server, hashes["ex-katko-kt-1"], lazy=False), spacer=4000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{host.url}/train.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'first'", 10_000)  # out of view: no Python, nothing saved
    page.context.set_offline(True)
    page.locator("iframe").scroll_into_view_if_needed()
    wait_in(frame, f"{STATE} === 'offline'", BOOT_TIMEOUT)
    status = frame.inner_text(".embed-status")
    assert "Olet offline-tilassa" in status and "yhteys palaa" in status, status
    assert frame.locator(".ex-board img").count() == 20  # the cards as dealt are still there
    assert frame.locator(".ex-start").inner_text().strip() == "Yritä uudelleen"
    page.context.set_offline(False)  # the frame hears "online", reloads and starts
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
    assert errors == []


def test_ten_embeds_stay_responsive(browser: Any, site: Path, server: str, host: Host,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmark: a page with ten embeds, nothing touched. The figure printed is the
    longest main-thread task of the host page and of every embed frame."""
    picks = []
    for lang, game in (("en", "katko"), ("fi", "katte"), ("cs", "kocka"), ("en", "call-kitti")):
        picks += list(embeds(site, lang, game).values())[:3]
    frames = [iframe(server, h, 480) for h in picks[:10]]
    host.pages["/ten.html"] = host_page(*frames)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(f"{host.url}/ten.html")
        page.wait_for_function("[...document.querySelectorAll('iframe')].length === 10")
        first = frame_of(page, 0, timeout=60)
        wait_in(first, f"{STATE} !== 'decoding'", 60_000)
        shown = (time.perf_counter() - start) * 1000
        # the figure's window: untouched, until every frame in view has booted Python (or
        # failed: asserted below), the span in which their long tasks would come
        # (a frame at least half in view: its example is seen, so it boots)
        in_view = page.evaluate("[...document.querySelectorAll('iframe')].filter((f) => "
                                "{ const r = f.getBoundingClientRect(); return innerHeight - r.top >= r.height / 2; }).length")
        assert in_view >= 1
        booted = f"['live', 'offline', 'error'].includes({STATE})"
        end = time.monotonic() + BOOT_TIMEOUT / 1000
        while sum(f.evaluate(booted) for f in page.frames if "/embed/example.html" in f.url) < in_view:
            assert time.monotonic() < end, "the frames in view never booted Python"
            page.wait_for_timeout(100)  # (frames across origins: checked from here, every 100 ms)
        loaded = [f for f in page.frames if "/embed/example.html" in f.url]
        states = [f.evaluate(STATE) for f in loaded]
        longest_frames = max(f.evaluate("window.korttiEmbed.longest()") for f in loaded)
        longest_host = page.evaluate("window.longest")
        lag = page.evaluate("window.lag")
        drawn = max(f.evaluate("window.korttiEmbed.drawn() || 0") for f in loaded)
        # scroll through the page: every frame shows its first position (lazy ones load on the way)
        for i in range(10):
            page.locator("iframe").nth(i).scroll_into_view_if_needed()
        frame_of(page, 9, timeout=60)  # (the last lazy frame may still be loading)
        all_frames = [f for f in page.frames if "/embed/example.html" in f.url]
        for f in all_frames:
            wait_in(f, f"{STATE} !== 'decoding'", 60_000)
            assert f.locator(".ex-board img").count() > 0  # its cards as dealt
        longest = max(longest_host, longest_frames)
        with capsys.disabled():
            tasks = f"{longest:.0f} ms" if longest else "none of 50 ms or more (Long Tasks API)"
            print(f"\n[ten embeds] longest main-thread task before any touch: {tasks} "
                  f"(host page {longest_host:.0f} ms, embed frames {longest_frames:.0f} ms); "
                  f"host event loop at most {lag:.0f} ms late (10 ms timer); "
                  f"each frame's script drew its first position in at most {drawn:.0f} ms; "
                  f"first frame drawn {shown:.0f} ms after navigation; {len(loaded)} of 10 frames loaded "
                  f"at first (the rest lazily), {states.count('live')} of them booted Python (in view); all 10 drawn after scrolling: "
                  f"{len(all_frames)}")
        assert len(all_frames) == 10
        assert "error" not in states and states.count("live") >= in_view, states
        # The responsiveness figure is printed, never asserted: a timing bar would fail on a
        # busy machine. Booting Python happens only in the two frames in view, in workers.
        assert states.count("live") < len(loaded), "frames out of view booted Python"
    finally:
        context.close()


def listener_from_docs(origin: str) -> str:
    """The host-page listener docs/authors.md gives authors, as written there."""
    text = (ROOT / "docs" / "authors.md").read_text("utf-8")
    blocks: list[str] = re.findall(r"```html\n(.*?)```", text, re.DOTALL)
    block = next(b for b in blocks if "kortti-embed-height" in b)
    return block.replace("https://KORTTI-SITE", origin)


def test_frames_fit_their_content_with_the_documented_listener(page: Any, site: Path, server: str, host: Host) -> None:
    """A host page with the listener of docs/authors.md: its frames, given 150 px, grow to
    exactly what they show, and follow as that changes; one in view and live, one below it
    (out of view, first position only)."""
    hashes = embeds(site, "en", "katko")
    log = ("<script>window.heights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'kortti-embed-height') "
           "window.heights.push([[...document.querySelectorAll('iframe')].findIndex((f) => f.contentWindow === e.source), e.data.height]); });</script>")
    host.pages["/fit.html"] = host_page(iframe(server, hashes["ex-katko-kt-1"], 150, lazy=False),
                                        iframe(server, hashes["ex-katko-kt-3-2"], 150, lazy=False),
                                        spacer=0, script=listener_from_docs(server) + log)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{host.url}/fit.html")
    fits = f"(() => {{ const gap = innerHeight - {CONTENT}; return gap >= 0 && gap < 1; }})()"
    frame = frame_of(page, 0)
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
    wait_in(frame, fits, 10_000)
    before = frame.evaluate("innerHeight")
    assert before > 300
    frame.click(".ex-last")  # Dan won the deal: other words, another height
    wait_in(frame, fits, 10_000)
    below = frame_of(page, 1)
    wait_in(below, f"{STATE} !== 'decoding'", 20_000)
    wait_in(below, fits, 10_000)
    heights: list[list[int]] = page.evaluate("window.heights")
    for index in (0, 1):
        mine = [h for i, h in heights if i == index]
        assert mine and all(a != b for a, b in itertools.pairwise(mine)), mine  # only changes are sent
    assert errors == []


def test_copied_embed_code_fits_the_example(page: Any, server: str, host: Host) -> None:
    """An author copies a "your turn" example's code from a rules page into their page: the
    frame shows every step, and the answer to its question, without cutting anything off
    or scrolling, and with no wide empty band below."""
    foreign = watch_requests(page, [server, host.url])
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server}/rules/en/katte.html")
    page.wait_for_selector("html[data-examples='live']")
    page.click("#ex-katte-k-a-2 .ex-copy")
    code = page.locator("#ex-katte-k-a-2 .ex-embed textarea").input_value()
    assert code.startswith("<iframe ") and code.endswith("</iframe>") and "\n" not in code  # one line of HTML
    height = int(re.findall(r' height="(\d+)"', code)[0])
    host.pages["/copied.html"] = host_page(code)
    page.goto(f"{host.url}/copied.html")
    frame = frame_of(page)
    wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
    assert frame.evaluate("innerHeight") == height
    shown = []
    if frame.locator(".ex-first").is_enabled():  # it opens at its question
        frame.click(".ex-first")
    while True:
        shown.append(frame.evaluate(CONTENT))
        if frame.locator(".ex-q:not([hidden])").count():
            asked = frame.evaluate(CONTENT)
        if frame.locator(".ex-next").is_disabled():
            break
        frame.click(".ex-next")
    if frame.locator(".ex-first").is_enabled():
        frame.click(".ex-first")
    while not frame.locator(".ex-q:not([hidden])").count():
        frame.click(".ex-next")
    frame.locator(".ex-choices .ex-cardbtn").nth(0).click()
    frame.wait_for_selector(".ex-bot", timeout=BOOT_TIMEOUT)
    shown.append(frame.evaluate(CONTENT))
    tallest = max(shown)
    print(f"\n[copied code] height {height} px; the example at its tallest {tallest:.0f} px "
          f"(asking {asked:.0f} px, answered {shown[-1]:.0f} px)")
    assert tallest <= height  # nothing cut off: no scrolling inside the frame
    assert height - tallest < 80  # and no wide empty band (the spare is a line or two)
    assert foreign == [] and errors == []


def test_embed_test_page(page: Any, watch: Any) -> None:
    """The authors' test page builds an embed code, previews it, and gives the code the
    height the example needs (measured in the preview once it is live)."""
    page.goto("/embed/test.html")
    page.wait_for_function("document.getElementById('code').value.startsWith('<iframe')")
    code = page.input_value("#code")
    assert "/embed/example.html#lang=en&amp;r=" in code
    frame = page.frame_locator("#preview iframe")
    frame.locator(".ex-board img").first.wait_for(timeout=10_000)
    page.locator("#preview iframe").scroll_into_view_if_needed()  # in view, the preview starts
    page.wait_for_selector("#code[data-height=measured]", state="attached", timeout=BOOT_TIMEOUT)
    code = page.input_value("#code")
    assert "\n" not in code
    height = int(re.findall(r' height="(\d+)"', code)[0])
    preview = next(f for f in page.frames if "/embed/example.html" in f.url)
    assert preview.evaluate("innerHeight") == height and preview.evaluate(CONTENT) <= height
    preview.click(".ex-last")
    assert preview.evaluate(CONTENT) <= height
    page.fill("#record", '{"game": "katko", "players": 2, "deals": [{"dealer": 0, "hands": [["AS"]]}]}')
    page.select_option("#lang", "fi")  # the test page's own menu (the embed code's language)
    page.click("#try button[type=submit]")
    page.wait_for_function("document.getElementById('code').value.includes('lang=fi')")


def test_embed_test_page_links_to_the_guide(page: Any, watch: Any, site: Path) -> None:
    """The test page links to the guide for authors (docs/authors.md as a page of the
    site); the guide loads with no console error and nothing fetched from elsewhere (the
    watch fixture), fills this site's address into its code samples, and is precached."""
    page.goto("/embed/test.html")
    assert page.locator("a[href='authors.html#frames-that-fit-their-content']").count() == 1
    page.click("a[href='authors.html#writing-a-hand-record']")
    page.wait_for_url("**/embed/authors.html#writing-a-hand-record")
    page.wait_for_selector(".kortti-filled", state="visible")
    origin = page.evaluate("location.origin")
    assert page.locator("h2#writing-a-hand-record").is_visible()
    listener = page.locator("pre", has_text="kortti-embed-height").inner_text()
    assert listener.strip() == listener_from_docs(origin).strip()  # ready to paste
    assert page.locator("pre .kortti-site").first.inner_text() == origin  # the site is at the root
    page.click("a[href='test.html'] code")  # "/embed/test.html" in the text is a link
    page.wait_for_url("**/embed/test.html")
    sw = (site / "sw.js").read_text()
    assert '"./embed/authors.html"' in sw and '"./js/rules/embed-guide.js"' in sw




class SiteServer:
    """The site on a server of its own that logs every request (path, Referer). It serves
    no service worker (sw.js is not found), so every fetch reaches it: it tells the browser
    to revalidate every time. ``replace`` (path → bytes) serves other contents, and paths in
    ``missing`` are not found."""

    def __init__(self, site: Path) -> None:
        from gen.serve import Handler, Server

        self.log: list[tuple[str, str]] = []
        self.replace: dict[str, bytes] = {}
        self.missing: set[str] = {"/sw.js"}
        outer = self

        class Logged(Handler):
            def do_GET(self) -> None:
                path = self.path.split("?")[0]
                outer.log.append((path, self.headers.get("Referer", "")))
                if path in outer.missing:
                    self.send_error(404)
                elif path in outer.replace:
                    body = outer.replace[path]
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                else:
                    super().do_GET()

            def log_message(self, format: str, *args: object) -> None:
                pass  # the log above is the record

        self.server = Server(("127.0.0.1", 0), functools.partial(Logged, directory=str(site)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def fetched(self, name: str) -> list[str]:
        """The Referers of the requests for files named ``name``."""
        return [r for path, r in self.log if path.endswith("/" + name)]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def own_site(site: Path) -> Iterator[SiteServer]:
    s = SiteServer(site)
    yield s
    s.close()


@pytest.fixture
def as_shipped(browser: Any, browser_type: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    """Chromium as readers have it: third-party frames get partitioned storage, shared
    workers included (see chromium_as_shipped)."""
    own = browser_type.launch(**chromium_as_shipped(browser, browser_type_launch_args))
    yield own
    own.close()


def python_of(frame: Any) -> tuple[str, str]:
    """("shared"|"dedicated" and the worker's name, how many times it booted Pyodide)."""
    data = frame.evaluate("({...document.documentElement.dataset})")
    return data.get("pythonWorker", ""), data.get("pythonBoots", "")


@pytest.mark.parametrize("how", ["shared", "refused", "missing"])
def test_embeds_share_one_python(request: pytest.FixtureRequest, browser: Any, site: Path, own_site: SiteServer,
                                 host: Host, how: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Four embeds in view on one page all go live on ONE Python: the frames connect to a
    SharedWorker (one per browser partition, here the host page's site), which boots
    Pyodide once. Evidence from both sides: the site's server sees Pyodide fetched for one
    boot, and every frame's worker names the same worker, booted once.

    The fallbacks, each frame with a plain Worker of its own: "refused", Playwright's own
    Chromium launch (no storage partitioning, third-party cookies blocked: a third-party
    frame's SharedWorker gets an error event); "missing", no SharedWorker at all (as in
    Chrome on Android). The time all four took to go live is printed, not asserted."""
    server = own_site.url
    picks = [next(iter(embeds(site, lang, game).values()))
             for lang, game in (("en", "katko"), ("fi", "katte"), ("cs", "kocka"), ("en", "call-kitti"))]
    host.pages["/four.html"] = host_page(*(iframe(server, h, 460, lazy=False) for h in picks))
    chromium = browser if how == "refused" else request.getfixturevalue("as_shipped")
    context = chromium.new_context(viewport={"width": 1280, "height": 2400})  # all four in view
    if how == "missing":
        context.add_init_script("delete window.SharedWorker")  # in every frame
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        start = time.perf_counter()
        page.goto(f"{host.url}/four.html")
        frames = [frame_of(page, i, timeout=60) for i in range(4)]
        for f in frames:
            wait_in(f, f"{STATE} === 'live' || {STATE} === 'error'", BOOT_TIMEOUT)
        seconds = time.perf_counter() - start
        states = [f.evaluate(STATE) for f in frames]
        workers = [python_of(f) for f in frames]
        named = [w for w, _ in workers]
        wasm = own_site.fetched("pyodide.asm.wasm")
        booted = own_site.fetched("pyodide-lock.json")  # fetched once a boot
        with capsys.disabled():
            print(f"\n[four embeds, {how}] all live {seconds:.1f} s after navigation; states {states}; "
                  f"Pyodide booted {len(booted)}× (pyodide-lock.json fetched {len(booted)}×, "
                  f"pyodide.asm.wasm {len(wasm)}×, by {sorted(set(wasm))}); workers {workers}")
        assert states == ["live"] * 4
        assert {b for _, b in workers} == {"1"}, workers  # each worker booted once ...
        if how == "shared":
            assert len(booted) == 1 and 0 < len(wasm) <= 2, (booted, wasm)  # ... one Python in all
            assert named[0].startswith("shared ") and len(set(named)) == 1, named  # all four share it
        else:
            assert len(booted) == 4, booted  # ... a Python for each frame
            assert all(n.startswith("dedicated ") for n in named) and len(set(named)) == 4, named
        assert errors == []
    finally:
        context.close()


def test_shared_python_of_an_older_site_version_is_not_used(site: Path, own_site: SiteServer, host: Host,
                                                            as_shipped: Any) -> None:
    """The site is updated while a reader keeps a page open: a page opened after the update
    finds the shared worker still running the old lesson code, and gets a Python of its own
    (the worker compares the zips a page would load with those it booted with)."""
    import io
    import zipfile

    hashes = embeds(site, "en", "katko")
    host.pages["/a.html"] = host_page(iframe(own_site.url, hashes["ex-katko-kt-1"], lazy=False))
    host.pages["/b.html"] = host_page(iframe(own_site.url, hashes["ex-katko-kt-3-2"], lazy=False))
    context = as_shipped.new_context()
    try:
        old = context.new_page()
        old.goto(f"{host.url}/a.html")
        wait_in(frame_of(old), f"{STATE} === 'live'", BOOT_TIMEOUT)
        before = python_of(frame_of(old))
        assert before[0].startswith("shared "), before
        # the update: another lesson.zip (the same files, and one more)
        out = io.BytesIO()
        with zipfile.ZipFile(site / "lesson.zip") as src, zipfile.ZipFile(out, "w") as dst:
            for item in src.infolist():
                dst.writestr(item, src.read(item))
            dst.writestr("lesson/update.txt", "a newer version")
        own_site.replace["/lesson.zip"] = out.getvalue()
        new = context.new_page()
        new.goto(f"{host.url}/b.html")
        wait_in(frame_of(new), f"{STATE} === 'live'", BOOT_TIMEOUT)
        after = python_of(frame_of(new))
        assert after[0].startswith("dedicated "), after
        assert python_of(frame_of(old)) == before  # the old page keeps its Python
        frame_of(old).click(".ex-next")  # and it still answers
    finally:
        context.close()


def test_shared_python_boots_offline(site: Path, server: str, host: Host, as_shipped: Any) -> None:
    """Offline, the shared worker's script and everything it fetches (Pyodide, the zips)
    come from the site's service worker: a frame reloaded offline boots a new shared worker."""
    hashes = embeds(site, "en", "katko")
    host.pages["/offline-shared.html"] = host_page(iframe(server, hashes["ex-katko-kt-1"], lazy=False))
    context = as_shipped.new_context()
    try:
        page = context.new_page()
        page.goto(f"{host.url}/offline-shared.html")
        frame = frame_of(page)
        wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
        wait_in(frame, "navigator.serviceWorker.controller !== null", BOOT_TIMEOUT)
        online = python_of(frame)
        context.set_offline(True)
        frame.evaluate(f"{STATE} = 'before the reload'; location.reload()")
        wait_in(frame, f"{STATE} === 'live'", BOOT_TIMEOUT)
        offline = python_of(frame)
        assert online[0].startswith("shared ") and offline[0].startswith("shared "), (online, offline)
        assert offline[0] != online[0] and offline[1] == "1"  # a new worker, booted offline
    finally:
        context.close()


def test_shared_python_tells_every_frame_why_it_failed(site: Path, own_site: SiteServer, host: Host,
                                                      as_shipped: Any) -> None:
    """Python cannot start (the engine is missing on the server): every frame waiting on the
    shared worker says why; Pyodide itself was loaded once (a later caller retries only
    what failed)."""
    own_site.missing.add("/engine.zip")
    picks = list(embeds(site, "en", "katko").values())[:4]
    host.pages["/failing.html"] = host_page(*(iframe(own_site.url, h, 460, lazy=False) for h in picks))
    context = as_shipped.new_context(viewport={"width": 1280, "height": 2400})
    try:
        page = context.new_page()
        page.goto(f"{host.url}/failing.html")
        for i in range(4):
            frame = frame_of(page, i, timeout=60)
            wait_in(frame, f"{STATE} === 'error'", BOOT_TIMEOUT)
            assert "engine.zip: 404" in frame.inner_text(".embed-status")
        assert len(own_site.fetched("pyodide-lock.json")) == 1
    finally:
        context.close()
