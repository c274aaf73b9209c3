#!/usr/bin/env python3
"""The no-peek deal's cost (issue 50, docs/no-peek.md), measured under Node on web/js/nopeek/
and the vendored @noble/curves: prints, asserts nothing.

    python tools/bench_nopeek.py            # Kočka at 4 seats and Katte at 6, 5 deals each
    python tools/bench_nopeek.py --deals 20
    python tools/bench_nopeek.py --sessions  # every game's table of pages (session.js), 5 deals each

--sessions: tests/nopeek_table.mjs's tables (2 to 6 pages over an in-memory star relay, each
page's session.js timed apart): the messages and bytes the relay carries per deal, by kind,
and each page's milliseconds in its session's calls (the whole deal, until its hand opened,
the audit's call).

For each: the scalar multiplications each seat does (its key and the checks of the others'
keys, its escrow and the checks of the others' (its own piece opened), its shuffle stage, its
shares with their proofs, the checks of the shares of its own cards and their opening), the
milliseconds that takes per seat (all seats run one after another in one process, so a
seat's figure is its own work only, not the wait for the others), the audit's milliseconds
(audit.js, in a process of its own: every key, permutation and randomiser revealed; the
joint key's table built in it; wall time and the process's CPU time, which a loaded machine
inflates less) and the transcript's bytes as JSON, the revelations apart.
Medians over the deals, with the slowest; the machine's load average before and after (2
cores here, shared: figures move with it). The phone's 4× slower CPU comes in a later step,
in the browser.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

import build
from engine import GAMES

TABLES = [("kocka", 4), ("katte", 6)]
# tests/nopeek_table.mjs's tables, for --sessions: Kočka's has a pass, Katte's discards, Katko's
# a computer seat face up, Call Kitti's commitments
SESSIONS = ["two", "kocka", "katte", "katko", "call-kitti"]


def lay_out(site: Path) -> None:
    """js/nopeek/ and the vendored packages it loads, as the build lays them out."""
    for path, data in build.nopeek_files().items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_bytes(data)


def node(site: Path, request: dict[str, object]) -> dict[str, list[dict[str, object]]]:
    inputs = site / "request.json"
    inputs.write_text(json.dumps(request))
    out = subprocess.run(["node", str(ROOT / "tests" / "nopeek_check.mjs"), str(site), str(inputs)],
                         capture_output=True, text=True, timeout=3600, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f} (slowest {max(values):.0f})"


def sessions(site: Path, deals: int) -> None:
    """Whole tables of pages (session.js) over tests/nopeek_table.mjs's in-memory relay."""
    codes = {game: [GAMES[game].DECK.code_of[c] for c in range(GAMES[game].DECK.size)] for game in GAMES}
    for table in SESSIONS:
        inputs = site / "tables.json"
        # one warm-up table first in the same process (the JIT), then the measured ones
        inputs.write_text(json.dumps({"decks": codes, "runs": [{"table": table}] * (deals + 1)}))
        out = subprocess.run(["node", str(ROOT / "tests" / "nopeek_table.mjs"), str(site), str(inputs)],
                             capture_output=True, text=True, timeout=3600, check=True)
        runs = json.loads(out.stdout.strip().splitlines()[-1])[1:]
        seats = runs[0]["seats"]
        kinds: dict[str, list[int]] = {}
        for text in runs[0]["log"]:
            kinds.setdefault(json.loads(text)["kind"], []).append(len(text))
        print(f"\n{table}: {len(seats)} crypto seats, {len(runs[0]['layout'])} cards ({deals} deals):")
        print(f"  messages per deal: {statistics.median(len(r['log']) for r in runs)}, "
              f"bytes the relay carries: {statistics.median(r['bytes'] for r in runs):,}")
        print("  by kind (count, bytes each at most): "
              + ", ".join(f"{k} {len(v)} × ≤{max(v):,}" for k, v in kinds.items()))
        print(f"  ms per page, the whole session (keys … audit): {spread([m for r in runs for m in r['ms'].values()])}")
        print(f"  ms per page until its hand opened: {spread([m for r in runs for m in r['handMs'].values()])}")
        print(f"  ms per page of the audit: {spread([m for r in runs for m in r['auditMs'].values()])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=5, help="deals per table (default 5)")
    parser.add_argument("--sessions", action="store_true",
                        help="whole sessions (session.js) of every game's table over an in-memory relay")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} (2 cores here; figures move with it)")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        lay_out(site)
        if args.sessions:
            sessions(site, args.deals)
            print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
            return 0
        for game, seats in TABLES:
            deck = GAMES[game].DECK
            cards = [deck.code_of[c] for c in range(deck.size)]
            # one warm-up deal first in the same process (the JIT), then the measured ones
            specs = [{"game": game, "deal": f"bench-{i}", "seats": seats, "cards": cards} for i in range(args.deals + 1)]
            dealt = node(site, {"deals": specs})["deals"][1:]
            audits = node(site, {"deals": specs[:1], "audits": [d["transcript"] for d in dealt]})["audits"]
            per_seat_ms = [ms for d in dealt for ms in d["ms"]]  # type: ignore[attr-defined]
            mults = sorted({m for d in dealt for m in d["multiplications"]})  # type: ignore[attr-defined]
            print(f"\n{game}, {seats} seats, {len(cards)} cards ({args.deals} deals):")
            print(f"  scalar multiplications per seat: {', '.join(map(str, mults))}")
            print(f"  ms per seat (keys + stage + shares + opening its cards): {spread(per_seat_ms)}")
            print(f"  audit ms (every key, permutation and randomiser revealed): "
                  f"{spread([float(a['ms']) for a in audits])}"  # type: ignore[arg-type]
                  f"; CPU ms {spread([float(a['cpuMs']) for a in audits])}"  # type: ignore[arg-type]
                  f"; its multiplications: {audits[0]['multiplications']}")
            print(f"  transcript bytes (JSON, the deal's messages): "
                  f"{statistics.median(int(d['bytes']) for d in dealt):,}"  # type: ignore[call-overload]
                  f"; the audit's revelations: {statistics.median(int(d['revealBytes']) for d in dealt):,}")  # type: ignore[call-overload]
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
