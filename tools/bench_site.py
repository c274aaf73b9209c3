#!/usr/bin/env python3
"""How fast the site is in headless Chromium: prints figures, asserts nothing.

    python tools/bench_site.py               # build into a temporary folder, measure, print
    python tools/bench_site.py --runs 5 --games kocka,katte

In one run of Debian's Chromium (the same one the browser tests use):

* **lobby painted**: first-contentful-paint of the page, and the page's own
  ``kortti:lobby`` mark (the lobby is drawn, Python still loading);
* **data-ready cold**: the ``kortti:ready`` mark (Python booted, play enabled) in a
  fresh browser profile: nothing cached;
* **data-ready warm**: the same after one visit, with the service worker serving every
  file from its cache;
* **bare Pyodide**, the reference: a page that only boots the same local Pyodide
  (``loadPyodide`` from vendor/) and nothing else, cold and warm (HTTP cache);
* **longest main-thread task** (PerformanceObserver ``longtask``, tasks over 50 ms) while
  hard bots play a full deal of each game and the human's seat plays the first legal
  card after asking for a hint (the hard bot's search for the human's seat, in slices).

Times are milliseconds from navigation start. The machine's load shows in every figure:
compare the site with the bare reference taken in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

import build
from gen.serve import make_server
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path
from tests.browser.play import take_turn

BOOT_TIMEOUT = 180_000

BARE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body><p>Booting Pyodide…</p>
<script type="module">
const { loadPyodide } = await import("./%(pyodide)s/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./%(pyodide)s/" });
py.runPython("1 + 1");
performance.mark("bare:ready");
document.body.dataset.ready = "1";
</script></body></html>
"""

MARKS = """() => {
  const out = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  out.fcp = fcp ? fcp.startTime : null;
  return out;
}"""

# observe long tasks from now on (the deal), in the page
WATCH_LONG = """() => {
  window.longTasks = [];
  window.dealStart = performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push([e.duration, e.startTime - window.dealStart]);
  }).observe({ type: 'longtask' });
}"""

TURN = """() => {
  const m = window.kortti && window.kortti.model();
  if (!m || m.busy || m.hinting) return false;
  if (m.summary) return "summary";
  if (document.querySelector('#hand .card:enabled')) return m.select ? "select" : "play";
  if (document.querySelector('#actions button.action')) return "buttons";
  return false;
}"""


def launch(playwright: Any) -> Any:
    """The browser tests' Chromium, with their flags: the figures are for the browser they test."""
    path = chromium_path()
    if path is None:
        sys.exit("bench_site: no system chromium (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)


def boot(browser: Any, url: str, ready_mark: str, warm: bool) -> dict[str, float]:
    """Open ``url`` in a fresh profile; with ``warm``, open it again once it is cached
    (by the service worker if the page has one, else the HTTP cache)."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        if warm:
            if page.evaluate("'serviceWorker' in navigator && navigator.serviceWorker.getRegistrations()"
                             ".then((r) => r.length > 0)"):
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
            page.reload()
            page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        marks = page.evaluate(MARKS)
        return {"fcp": marks.get("fcp"), "lobby": marks.get("kortti:lobby"), "ready": marks[ready_mark]}
    finally:
        context.close()


def play_deal(browser: Any, base: str, game: str, players: int) -> dict[str, Any]:
    """Hard bots play a full deal (the human plays the first legal card after a hint):
    the long main-thread tasks meanwhile."""
    context = browser.new_context(base_url=base)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto("/?fast&seed=11")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        page.check(f"input[name=game][value='{game}']")
        if page.is_enabled("#players"):
            page.select_option("#players", str(players))
        for select in page.locator("select[name=level]").all():
            values = select.locator("option").evaluate_all("os => os.map((o) => o.value)")
            select.select_option("hard" if "hard" in values else values[-1])
        page.wait_for_timeout(500)  # let the page settle after boot
        page.evaluate(WATCH_LONG)
        page.click("#start")
        hints = 0
        for _ in range(400):
            kind = page.wait_for_function(TURN, timeout=120_000).json_value()
            if kind == "summary":
                break
            if page.is_enabled("#hint-btn"):
                page.click("#hint-btn")
                page.wait_for_function("!window.kortti.model().hinting", timeout=60_000)
                hints += 1
            if kind == "select" and page.locator("#suggest").count():
                page.click("#suggest")  # take the suggested split (Call Kitti)
            if kind == "play":
                page.locator("#hand .card:enabled").first.click()
            else:
                take_turn(page, kind)  # select cards and confirm, or click the first button
        page.wait_for_timeout(300)  # the last tasks reach the observer
        tasks = sorted(page.evaluate("window.longTasks"), reverse=True)  # [duration, start after the deal began]
        # calibration: a task known to be long must show (the observer works in this browser)
        page.evaluate("window.longTasks = []; setTimeout(() => { const t = performance.now(); "
                      "while (performance.now() - t < 120); }, 0)")
        page.wait_for_timeout(500)
        probe = page.evaluate("window.longTasks")
        bot_errors = page.evaluate("window.kortti.botErrors()")
        return {"tasks": tasks, "hints": hints, "errors": errors + bot_errors,
                "probe": max(p[0] for p in probe) if probe else None}
    finally:
        context.close()


def fmt(values: list[float | None]) -> str:
    got = [v for v in values if v is not None]
    if not got:
        return "n/a"
    if len(got) == 1:
        return f"{got[0]:7.0f} ms"
    return f"{statistics.median(got):7.0f} ms (min {min(got):.0f}, max {max(got):.0f}, n={len(got)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="boots of each kind (median reported)")
    parser.add_argument("--games", default="kocka,katte,katko,call-kitti",
                        help="games whose deal is played by hard bots for the long-task figure")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = Path(tmp) / "dist"
        print("building the site …", flush=True)
        build.build(site)
        (site / "bare.html").write_text(BARE % {"pyodide": build.PYODIDE[4]}, "utf-8")
        srv = make_server(site, 0)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        try:
            with sync_playwright() as p:
                browser = launch(p)
                try:
                    rows: dict[str, list[dict[str, float]]] = {k: [] for k in ("cold", "warm", "bare cold", "bare warm")}
                    for i in range(args.runs):
                        print(f"boot run {i + 1}/{args.runs} …", flush=True)
                        rows["cold"].append(boot(browser, base + "/", "kortti:ready", warm=False))
                        rows["warm"].append(boot(browser, base + "/", "kortti:ready", warm=True))
                        rows["bare cold"].append(boot(browser, base + "/bare.html", "bare:ready", warm=False))
                        rows["bare warm"].append(boot(browser, base + "/bare.html", "bare:ready", warm=True))
                    deals = {}
                    for game in [g for g in args.games.split(",") if g]:
                        print(f"hard bots play a {game} deal …", flush=True)
                        deals[game] = play_deal(browser, base, game, 4)
                finally:
                    browser.close()
        finally:
            srv.shutdown()
            srv.server_close()

    print()
    print("Kortti site in headless Chromium (ms from navigation start; median of runs)")
    print(f"  lobby painted (first-contentful-paint), cold  {fmt([r['fcp'] for r in rows['cold']])}")
    print(f"  lobby drawn (kortti:lobby mark), cold         {fmt([r['lobby'] for r in rows['cold']])}")
    print(f"  lobby painted (first-contentful-paint), warm  {fmt([r['fcp'] for r in rows['warm']])}")
    print(f"  data-ready (Python booted), cold              {fmt([r['ready'] for r in rows['cold']])}")
    print(f"  data-ready, warm (service worker)             {fmt([r['ready'] for r in rows['warm']])}")
    print(f"  bare Pyodide boot (reference), cold           {fmt([r['ready'] for r in rows['bare cold']])}")
    print(f"  bare Pyodide boot (reference), warm           {fmt([r['ready'] for r in rows['bare warm']])}")
    print()
    print("Main-thread long tasks (> 50 ms) while hard bots play a full deal (human asks a hint each turn)")
    for game, d in deals.items():
        tasks = d["tasks"]
        top = ", ".join(f"{t:.0f} (at {at / 1000:.1f} s)" for t, at in tasks[:5]) or "none"
        longest = f"{tasks[0][0]:.0f} ms" if tasks else "none over 50 ms"
        print(f"  {game:11s} longest {longest:>16s}; {len(tasks)} long tasks; top: {top}; "
              f"hints {d['hints']}; errors {len(d['errors'])}")
        probe = d["probe"]
        print(f"      (observer check: a 120 ms busy task was seen as {probe:.0f} ms)" if probe is not None
              else "      (observer check FAILED: a 120 ms busy task was not seen; the figure above means nothing)")
        for e in d["errors"][:3]:
            print(f"      error: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
