#!/usr/bin/env python3
"""A friends table's figures (issue 16), measured with real WebRTC: prints, asserts nothing
of its own.

    python tools/bench_friends.py            # build, run the friends tests in a namespace, print
    python tools/bench_friends.py --site dist   # a site already built

It runs the same three-context tests as ``./test.sh`` (tests/browser/netns_friends.py:
a host and two friends in real Chromium contexts, a Nostr relay on loopback, inside a
network namespace with only loopback; tests/browser/netns_peer.py: the invite/answer
exchange) and prints the figures they measure, with the machine's load average:

* from the host's page opening to two friends seated (invite links), and from a friend
  asking to join by the table code to being seated;
* the bytes a friend's page had fetched when its table was drawn, and whether its own
  Python had booted (it never needs to);
* from a friend's tap to the card on every other peer's felt (median and max per game);
* the data channel's round trip and the invite and answer codes' lengths;
* the quick match (tests/browser/netns_quick.py: five players, a relay on loopback): from
  the tap to seated with several pressing at once and with one table waiting, the events a
  page sends the relays per minute in each state; and the proof of work of one
  announcement, mined in Chromium at the CPU's speed and slowed 4x as a phone's.

A test that fails is said, with its output: its figures are then not to be trusted.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.netns import NetnsError, run_pytest_in_netns

import build

# the lines the tests print that are figures
FIGURE = re.compile(r"seated .* after|had fetched|on every other peer's felt|round trip|code: \d+ chars|^open \d+ ms"
                    r"|^quick match:")


# The proof of work of table announcements, mined in the page as a host mines them, at the
# CPU's own speed and slowed as a phone's (DevTools' CPU throttling): the time per try.
MINE = """async (n) => {
  const lobby = await import("/js/net/quick-lobby.js");
  const nostr = await import("/js/net/nostr.js");
  const keys = await nostr.newKeys();
  let ms = 0, tries = 0;
  for (let i = 0; i < n; i++) {
    const template = { pubkey: keys.pubkey, created_at: Math.floor(Date.now() / 1000) + i, kind: lobby.KIND_TABLE,
      tags: [["t", "kortti-quick:katko-4"]], content: JSON.stringify({ i }) };
    const began = performance.now();
    tries += (await nostr.mine(template, lobby.DIFFICULTY)).tries;
    ms += performance.now() - began;
  }
  return { msPerTry: ms / tries, tries, difficulty: lobby.DIFFICULTY };
}"""


def mining(site: Path, runs: int = 20) -> None:
    """Prints the time a try of the proof of work takes, at 1x and 4x slowed CPU, and so the
    expected time of one announcement's (the number of tries is luck: 2^difficulty on average)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path
    from web.gen.serve import make_server

    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/rules/en/index.html")  # (no Python)
            cdp = page.context.new_cdp_session(page)
            for rate in (1, 4):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                got = page.evaluate(MINE, runs)
                expected = got["msPerTry"] * 2 ** got["difficulty"]
                print(f"  proof of work at {got['difficulty']} bits, CPU slowed {rate}x: {got['msPerTry'] * 1000:.1f} µs a try "
                      f"over {got['tries']} tries ({runs} announcements), so {expected:.0f} ms an announcement on average")
            browser.close()
    finally:
        server.shutdown()


def relay_rates(site: Path, seconds: float = 60) -> None:
    """Prints the events a lone public table's page sends the relays a minute, visible and
    hidden: its lobby announcements and its table code's (Trystero's), counted by a relay on
    loopback (one page: nothing else writes to that relay)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path
    from tests.browser.nostr_relay import Relay
    from tests.browser.quick_facts import KIND_LOOKING, KIND_TABLE
    from web.gen.serve import make_server

    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    relay = Relay().start()
    hide = """() => { Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); }"""

    def count(since: float, until: float) -> tuple[float, float]:
        lobby = sum(1 for at, kind, _ in relay.accepted if kind in (KIND_TABLE, KIND_LOOKING) and since <= at < until)
        other = sum(1 for at, kind, _ in relay.accepted if kind not in (KIND_TABLE, KIND_LOOKING) and since <= at < until)
        return lobby * 60 / (until - since), other * 60 / (until - since)

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            page = browser.new_page(base_url=f"http://127.0.0.1:{server.server_address[1]}")
            page.goto("/rules/en/index.html")
            page.evaluate("(url) => localStorage.setItem('kortti.friends.net', JSON.stringify({relays: [url], stun: []}))",
                          relay.url)
            page.goto("/?fast")
            page.wait_for_selector("body[data-ready='1']", timeout=120_000)
            page.check("input[name=game][value='katko']")
            page.click("#quick-start")
            page.fill("#quick-name", "Ann")
            page.click("#quick-go")
            page.wait_for_function("() => window.kortti.quick()?.state === 'hosting'", timeout=60_000)
            began = time.monotonic()
            time.sleep(seconds)
            lobby, code = count(began, time.monotonic())
            print(f"  a lone public table, visible, over {seconds:.0f} s: {lobby:.1f} lobby events a minute "
                  f"(announcements), {code:.1f} table-code events a minute (Trystero's)")
            page.evaluate(hide)
            began = time.monotonic()
            time.sleep(seconds)
            lobby, code = count(began + 1, time.monotonic())
            print(f"  the same, its page hidden, over {seconds:.0f} s: {lobby:.1f} lobby events a minute, "
                  f"{code:.1f} table-code events a minute")
            browser.close()
    finally:
        relay.stop()
        server.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a site already built (default: build one into a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kortti-bench-friends-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "dist"
            print("building the site …", flush=True)
            build.build(site)
        print(f"load average at the start: {os.getloadavg()[0]:.1f} (2 cores here; figures move with it)")
        print("\nthe quick match's proof of work (Chromium, this machine):")
        mining(site)
        print("\nthe events a public table's page sends the relays:")
        relay_rates(site)
        failed = 0
        runs = [("netns_friends.py", ["-k", "two_friends or table_code_and_come_back"]), ("netns_peer.py", []),
                ("netns_quick.py", [])]
        for name, extra in runs:
            started = time.monotonic()
            try:
                done = run_pytest_in_netns(ROOT / "tests" / "browser" / name, site.resolve(),
                                           basetemp=Path(tmp) / name, timeout=900, extra=extra)
            except NetnsError as e:
                print(f"no network namespace: {e}")
                return 1
            print(f"\n{name}: {time.monotonic() - started:.0f} s")
            for line in done.stdout.splitlines():
                if FIGURE.search(line):
                    print("  " + line.strip()[:260])
            if done.returncode != 0:
                failed += 1
                print(f"{name} FAILED (exit {done.returncode}); its output:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}")
        print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
        return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
