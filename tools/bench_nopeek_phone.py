#!/usr/bin/env python3
"""The no-peek deal at a phone's speed (issue 50, requirement 5): a table's real DealSessions
(web/js/nopeek/session.js, 2 to 6) in a module worker of Debian's Chromium, the worker slowed
``--cpu`` times (4) the way tools/bench_phone.py slows workers (a cgroup freezer: DevTools
refuses to throttle a worker). Prints, asserts nothing.

    python tools/bench_nopeek_phone.py              # Kočka at 4 seats, Katte at 6; 3 deals each
    python tools/bench_nopeek_phone.py --deals 5 --cpu 1 --tables kocka:2,kocka:4

The sessions talk over an in-memory star relay as a table's pages do (tests/nopeek_table.mjs):
each seat's calls are timed apart and move that seat's own clock, and a message is taken one
trip (``--trip-ms``, 50) after it was sent through the host (two between friends). Printed:
each seat's own work per step, the wait before the first card (when the last hand opens: the
critical path with its trips), the audit after the last card, the bytes per deal, and the
machine's load average before and after with the slowing's check (a fixed loop in a worker,
slowed and not).
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
sys.path.insert(0, str(ROOT / "tools"))

from bench_phone import WORKER_LOOP, WorkerSlowing
from bench_site import load
from gen.serve import Handler, Server

import build
import engine
from engine import GAMES
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path

BLANK = "nopeek-bench.html"

# One deal: every seat's DealSession (web/js/nopeek/session.js) in the one worker, over an
# in-memory star relay as a table's pages run them (tests/nopeek_table.mjs). Each seat's calls
# are timed apart and move that seat's own clock; a message reaches another seat one trip
# later through the host (two trips: to the host and on; one from or to the host), and is
# taken at the later of its arrival and the receiver's clock. So the wait before the first
# card is the time at which the last seat's hand opens: the protocol's critical path with its
# trips. Then every seat reveals at once (the deal's last card played) and the audit's wait
# is the time until the last seat's verdict.
RUNNER = """
const loaded = import(`${location.origin}/js/nopeek/session.js`);
onmessage = async (e) => {
  try {
    const { DealSession } = await loaded;
    const { game, deal, cards, layout, players, trip } = e.data;
    const seats = [...Array(players).keys()];
    const pages = seats.map((me) => new DealSession({ game, deal, cards, seats, me, layout }));
    const clock = seats.map(() => 0);
    const own = seats.map(() => ({}));
    const hand = seats.map(() => null);
    const verdicts = seats.map(() => null);
    let queue = [];
    let bytesIn = 0, bytesOut = 0, messages = 0;
    const kindOf = (text) => JSON.parse(text).kind;
    const call = (seat, label, work) => {
      const t = performance.now();
      const out = work(pages[seat]);
      const ms = performance.now() - t;
      clock[seat] += ms;
      own[seat][label] = (own[seat][label] || 0) + ms;
      for (const { text } of out.send) {
        bytesIn += text.length;
        messages += 1;
        for (const to of seats) {
          if (to === seat) continue;
          bytesOut += text.length;
          queue.push({ at: clock[seat] + (seat === 0 || to === 0 ? trip : 2 * trip), to, from: seat, text });
        }
      }
      // then the work it does ahead (session.idle), as the page's worker does once it has replied
      const ahead = performance.now();
      pages[seat].idle();
      const aheadMs = performance.now() - ahead;
      clock[seat] += aheadMs;
      own[seat].ahead = (own[seat].ahead || 0) + aheadMs;
      for (const ev of out.events) {
        if (ev.kind === "hand") hand[seat] = clock[seat];
        if (ev.kind === "fault") throw new Error(`seat ${seat}: fault ${ev.seat} ${ev.why}`);
        if (ev.kind === "audit") verdicts[seat] = { at: clock[seat], ok: ev.verdict.ok, ms };
      }
    };
    const drain = () => {
      while (queue.length) {
        queue.sort((a, b) => a.at - b.at);
        const m = queue.shift();
        clock[m.to] = Math.max(clock[m.to], m.at);
        call(m.to, kindOf(m.text), (s) => s.receive(m.from, m.text));
      }
    };
    for (const seat of seats) call(seat, "key", (s) => s.start());
    drain();
    const first = Math.max(...hand);
    const dealBytes = { bytesIn, bytesOut, messages };
    const last = Math.max(...clock);
    for (const seat of seats) clock[seat] = last;
    for (const seat of seats) call(seat, "finish", (s) => s.finish());
    drain();
    const audit = Math.max(...verdicts.map((v) => v.at)) - last;
    postMessage({ first, hand, own, audit, auditCall: Math.max(...verdicts.map((v) => v.ms)), ok: verdicts.every((v) => v.ok),
      deal: dealBytes, bytesIn, bytesOut, messages });
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
};
"""

START = """async (runner) => {
  window.bench = new Worker(URL.createObjectURL(new Blob([runner], { type: "text/javascript" })), { type: "module" });
}"""
DEAL = """(spec) => new Promise((done) => {
  window.bench.onmessage = (e) => done(e.data);
  window.bench.postMessage(spec);
})"""


def serve(site: Path) -> tuple[Server, str]:
    srv = Server(("127.0.0.1", 0), lambda *a, **k: Handler(*a, directory=str(site), **k))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per table (medians printed)")
    parser.add_argument("--cpu", type=float, default=4.0, help="how many times slower the worker")
    parser.add_argument("--trip-ms", type=float, default=50.0, help="one message's one-way trip, for the wait's network part")
    parser.add_argument("--tables", default="kocka:4,katte:6", help="game:seats, comma-separated (2 to 6 seats)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    loads = [load()]
    workers = WorkerSlowing(args.cpu)
    try:
        with tempfile.TemporaryDirectory(prefix="bench-nopeek-") as tmp:
            site = Path(tmp)
            for path, data in build.nopeek_files().items():
                (site / path).parent.mkdir(parents=True, exist_ok=True)
                (site / path).write_bytes(data)
            (site / BLANK).write_text("<!doctype html><html lang='en'><title>bench</title><link rel='icon' href='data:,'></html>")
            srv, base = serve(site)
            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
                    page = browser.new_page()
                    page.goto(f"{base}/{BLANK}")
                    workers.set(False)
                    plain = page.evaluate(WORKER_LOOP)
                    workers.set(True)
                    slowed = page.evaluate(WORKER_LOOP)
                    print(f"load average at the start: {loads[0]}")
                    print(f"worker slowing: {workers.why or f'a fixed loop {plain:.0f} ms -> {slowed:.0f} ms ({slowed / plain:.1f}x)'}")
                    page.evaluate(START, RUNNER)
                    for game, seats in tables(args.tables):
                        deck = GAMES[game].DECK
                        cards = [deck.code_of[c] for c in range(deck.size)]
                        size = engine.new_match(game, seats, seed=1)._hand_sizes()
                        layout: list[int | str] = [k % seats if k < size * seats else "stock" for k in range(len(cards))]
                        runs: list[dict[str, Any]] = []
                        for i in range(args.deals + 1):  # the first warms the JIT and the modules
                            found = page.evaluate(DEAL, {"game": game, "deal": f"bench-{i}", "players": seats, "cards": cards,
                                                         "layout": layout, "trip": args.trip_ms})
                            if "error" in found:
                                raise SystemExit(f"{game}: {found['error']}")
                            if i:
                                runs.append(found)
                        report(game, seats, runs, args)
                    browser.close()
            finally:
                srv.shutdown()
                srv.server_close()
    finally:
        workers.close()
    loads.append(load())
    print(f"\nload average at the end: {loads[-1]}")
    return 0


def tables(spec: str) -> list[tuple[str, int]]:
    """``kocka:4,katte:6`` -> the tables to deal."""
    return [(game, int(n)) for game, n in (part.split(":") for part in spec.split(",") if part)]


def report(game: str, seats: int, runs: list[dict[str, Any]], args: argparse.Namespace) -> None:
    firsts = [r["first"] for r in runs]
    print(f"\n{game}, {seats} seats ({len(runs)} deals, worker {args.cpu:g}x slower, a trip {args.trip_ms:g} ms):")
    labels = sorted({k for r in runs for o in r["own"] for k in o})
    per = {k: med([max(o.get(k, 0) for o in r["own"]) for r in runs]) for k in labels}
    print("  each seat's own work per step (slowest seat, median ms): "
          + "; ".join(f"{k} {v:.0f}" for k, v in per.items()))
    print(f"  wait before the first card (the last hand open: critical path + trips): {med(firsts):.0f} ms "
          f"(slowest deal {max(firsts):.0f})")
    print(f"  audit after the last card (reveals' trips + the audit): {med([r['audit'] for r in runs]):.0f} ms "
          f"(the audit's own call {med([r['auditCall'] for r in runs]):.0f} ms); all fair: {all(r['ok'] for r in runs)}")
    deal = runs[0]["deal"]
    print(f"  bytes per deal: {deal['messages']} messages, {deal['bytesIn'] / 1000:.1f} KB into the relay, "
          f"{deal['bytesOut'] / 1000:.1f} KB out of it; with the reveals {runs[0]['bytesIn'] / 1000:.1f} KB in, "
          f"{runs[0]['bytesOut'] / 1000:.1f} KB out")


if __name__ == "__main__":
    sys.exit(main())
