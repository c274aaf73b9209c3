#!/usr/bin/env python3
"""The no-peek deal at a phone's speed (issue 50, requirement 5): web/js/nopeek/ in a module
worker of Debian's Chromium, the worker slowed ``--cpu`` times (4) the way tools/bench_phone.py
slows workers (a cgroup freezer: DevTools refuses to throttle a worker). Prints, asserts nothing.

    python tools/bench_nopeek_phone.py              # Kočka at 4 seats, Katte at 6; 3 deals each
    python tools/bench_nopeek_phone.py --deals 5 --cpu 1

Every seat's work is done in the one worker, one seat after another, each step timed apart:
its keys (making its own, checking the others'), its shuffle stage, its decryption shares,
and opening its own cards (checking the shares of them). On a table each seat has its own
device, so the wait before the first card is playable is the protocol's critical path:

    max(keys) + Σ stages (each seat waits for the previous one's) + max(shares) + max(opening)

plus the messages' trips through the host (each step is one message to the host and one on to
the others): printed apart, for a one-way trip of ``--trip-ms`` (50). The audit is timed as a
page runs it after the last card, and the transcript's bytes are printed. The machine's load
average before and after, and the slowing's check (a fixed loop in a worker, slowed and not).
"""

from __future__ import annotations

import argparse
import json
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
from engine import GAMES
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path

TABLES = [("kocka", 4), ("katte", 6)]
BLANK = "nopeek-bench.html"

# One deal, every seat's steps timed apart, in a module worker of the site's origin. A seat's
# input comes as JSON, as it would over the wire.
RUNNER = """
const loaded = Promise.all(["group", "deck", "audit"].map((m) => import(`${location.origin}/js/nopeek/${m}.js`)));
onmessage = async (e) => {
  try {
    const [group, deck, { audit }] = await loaded;
    const { game, deal, seats, cards } = e.data;
    const steps = { keys: [], stage: [], shares: [], open: [] };
    const timed = (step, work) => { const t = performance.now(); const out = work(); steps[step].push(performance.now() - t); return out; };
    const made = [];
    for (let seat = 0; seat < seats; seat++) made.push(timed("keys", () => deck.makeKey({ deal, seat })));
    const keys = made.map((m) => m.entry);
    for (let seat = 0; seat < seats; seat++) {
      const t = performance.now();
      keys.forEach((entry, other) => {
        if (other !== seat && !deck.checkKey(JSON.parse(JSON.stringify(entry)), { deal, seat: other })) throw new Error("key");
      });
      steps.keys[seat] += performance.now() - t;
    }
    const publicKeys = keys.map((k) => group.pointFromHex(k.key));
    const joint = deck.jointKey(publicKeys);
    const stages = [];
    let previous = deck.deckToJson(deck.openDeck(game, cards));
    for (let seat = 0; seat < seats; seat++) {
      const text = JSON.stringify(previous);
      previous = timed("stage", () => deck.deckToJson(deck.shuffleStage(deck.deckFromJson(JSON.parse(text)),
        deck.jointKey(keys.map((k) => group.pointFromHex(k.key)))).deck));
      stages.push({ seat, deck: previous });
    }
    const owners = deck.roundRobin(seats, cards.length);
    const shares = [];
    for (let seat = 0; seat < seats; seat++) {
      const text = JSON.stringify(previous);
      timed("shares", () => deck.deckFromJson(JSON.parse(text)).forEach((card, position) => {
        if (owners[position] !== seat) shares.push({ seat, position, ...deck.makeShare(made[seat].secret, publicKeys[seat], card.c1, { deal, seat }) });
      }));
    }
    const table = group.cardTable(game, cards);
    const final = deck.deckFromJson(previous);
    const hands = [];
    for (let seat = 0; seat < seats; seat++) {
      hands.push(timed("open", () => owners.flatMap((owner, position) => {
        if (owner !== seat) return [];
        const theirs = shares.filter((s) => s.position === position);
        for (const s of theirs) {
          if (!deck.checkShare(publicKeys[s.seat], final[position].c1, s.share, s.proof, { deal, seat: s.seat })) throw new Error("share");
        }
        return [deck.openCard(final[position], theirs.map((s) => group.pointFromHex(s.share)), made[seat].secret, table)];
      })));
    }
    const transcript = { v: 1, game, deal, cards, keys, stages, owners, shares };
    const text = JSON.stringify(transcript);
    const secrets = made.map((m) => group.scalarToHex(m.secret));
    const t = performance.now();
    const verdict = audit(JSON.parse(text), secrets);
    postMessage({ steps, audit: performance.now() - t, verdict, bytes: text.length, dealt: hands.flat().length });
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
                    for game, seats in TABLES:
                        deck = GAMES[game].DECK
                        cards = [deck.code_of[c] for c in range(deck.size)]
                        runs: list[dict[str, Any]] = []
                        for i in range(args.deals + 1):  # the first warms the JIT and the modules
                            found = page.evaluate(DEAL, {"game": game, "deal": f"bench-{i}", "seats": seats, "cards": cards})
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


def report(game: str, seats: int, runs: list[dict[str, Any]], args: argparse.Namespace) -> None:
    steps = {k: [max(r["steps"][k]) for r in runs] for k in ("keys", "shares", "open")}
    stage_sums = [sum(r["steps"]["stage"]) for r in runs]
    critical = [max(r["steps"]["keys"]) + sum(r["steps"]["stage"]) + max(r["steps"]["shares"]) + max(r["steps"]["open"])
                for r in runs]
    trips = 2 * (1 + seats + 1)  # keys, each stage, shares: to the host and on
    print(f"\n{game}, {seats} seats, {runs[0]['dealt']} cards dealt ({len(runs)} deals, worker {args.cpu:g}x slower):")
    print(f"  keys (slowest seat) {med(steps['keys']):.0f} ms; stages {med(stage_sums):.0f} ms in all "
          f"({med([med(r['steps']['stage']) for r in runs]):.0f} each); shares (slowest) {med(steps['shares']):.0f} ms; "
          f"opening (slowest) {med(steps['open']):.0f} ms")
    print(f"  wait before the first card, computing: {med(critical):.0f} ms (slowest deal {max(critical):.0f})"
          f" + {trips} trips x {args.trip_ms:.0f} ms = {med(critical) + trips * args.trip_ms:.0f} ms")
    print(f"  audit after the last card: {med([r['audit'] for r in runs]):.0f} ms"
          f" (slowest {max(r['audit'] for r in runs):.0f}); verdicts: {sorted({json.dumps(r['verdict']) for r in runs})}")
    print(f"  transcript: {med([r['bytes'] for r in runs]) / 1000:.1f} KB")


if __name__ == "__main__":
    sys.exit(main())
