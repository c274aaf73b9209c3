#!/usr/bin/env python3
"""How soon a rules page answers a "your turn" question: prints figures, asserts nothing.

    python tools/bench_rules.py                 # build into a temporary folder, measure, print
    python tools/bench_rules.py --runs 5 --page rules/fi/katte.html --turn '#ex-katte-k-a-2'

Issue 15's bar: on a return visit, the first answer comes within 1 s of the tap. The
rules page starts its Python (a worker, js/rules/lesson-python.js) once the page is idle after
load, restoring the site's memory snapshot when the device has it; a tap that comes
before Python is up waits for it.

One browser profile on disk (a real HTTP cache and V8 code cache, as a player's browser
has): the first visit opens the page and waits until the service worker has cached the
whole site, the snapshot included. Then, ``--runs`` times, the page is opened in a new tab
(a return visit) and a choice of the question is tapped ``--read`` seconds after the
page's load event (a reader who scrolls to the question first; 0: at once). Printed per
run and as medians: when Python was up (ms from navigation start; how it booted), and
the tap-to-verdict time (the engine's "Allowed"/"Not allowed", drawn) and tap-to-bot
time (the bot's choice, drawn).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from gen.serve import Handler, Server

import build
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path

SW_HAS_SNAPSHOT = """async () => {
  if (!navigator.serviceWorker.controller) return false;
  const boot = await (await fetch(new URL('../../pyodide-boot.mjs', location.href))).text();
  const name = JSON.parse(boot.match(/^const SNAPSHOT = (.*);$/m)[1]).url;
  return Boolean(await caches.match(new URL(name, new URL('../../', location.href)).href));
}"""


def one_visit(context: Any, url: str, turn: str, read: float) -> dict[str, Any]:
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function("document.readyState === 'complete'")
        time.sleep(read)  # the reader's time before the tap: the page is left alone meanwhile
        fig = page.locator(turn)
        fig.scroll_into_view_if_needed()
        tap = page.evaluate("performance.now()")
        fig.locator(".ex-choice").first.click()
        page.wait_for_selector(f"{turn} .ex-verdict", timeout=120_000)
        verdict = page.evaluate("performance.now()")
        page.wait_for_selector(f"{turn} .ex-bot", timeout=120_000)
        bot = page.evaluate("performance.now()")
        up = page.evaluate("performance.getEntriesByName('kortti:python-ready')[0]?.startTime ?? null")
        kind = page.evaluate("document.documentElement.dataset.pythonBoot ?? '?'")
        return {"tap": tap, "up": up, "kind": kind, "verdict": verdict - tap, "bot": bot - tap}
    finally:
        page.close()


def med(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f} ms (min {min(values):.0f}, max {max(values):.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="return visits (median reported)")
    parser.add_argument("--page", default="rules/en/katko.html")
    parser.add_argument("--turn", default="#ex-katko-kt-3-2", help="the question's figure (CSS selector)")
    parser.add_argument("--read", type=float, nargs="*", default=[0.0, 3.0],
                        help="seconds between the page's load and the tap (each is measured)")
    args = parser.parse_args(argv)
    path = chromium_path()
    if path is None:
        sys.exit("bench_rules: no system chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-rules-") as tmp:
        site = Path(tmp) / "dist"
        print("building the site …", flush=True)
        build.build(site)

        def handler(*a: Any, **k: Any) -> Handler:
            return Handler(*a, directory=str(site), **k)

        srv = Server(("127.0.0.1", 0), handler)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{srv.server_address[1]}/{args.page}"
        try:
            with sync_playwright() as p:
                context = p.chromium.launch_persistent_context(os.path.join(tmp, "profile"), executable_path=path,
                                                               args=CHROMIUM_FLAGS)
                first = context.new_page()
                start = time.monotonic()
                first.goto(url)
                first.wait_for_function(SW_HAS_SNAPSHOT, timeout=180_000, polling=500)
                print(f"first visit: the service worker has the site and the snapshot after "
                      f"{time.monotonic() - start:.1f} s", flush=True)
                first.close()
                for read in args.read:
                    rows = []
                    for i in range(args.runs):
                        row = one_visit(context, url, args.turn, read)
                        rows.append(row)
                        print(f"  return visit, tap {read:.1f} s after load, run {i + 1}: Python up at "
                              f"{row['up']:.0f} ms ({row['kind']}), tap at {row['tap']:.0f} ms, "
                              f"verdict {row['verdict']:.0f} ms after the tap, bot {row['bot']:.0f} ms", flush=True)
                    print(f"tap {read:.1f} s after load ({args.runs} return visits, load {os.getloadavg()[0]:.2f}):")
                    print(f"  Python up         {med([r['up'] for r in rows])} from navigation start")
                    print(f"  tap → verdict     {med([r['verdict'] for r in rows])}   (aim: ≤ 1000 ms)")
                    print(f"  tap → bot's move  {med([r['bot'] for r in rows])}")
                context.close()
        finally:
            srv.shutdown()
            srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
