"""Command-line tooling: how long a game's hard bot takes to decide, in the page's terms.

Not imported by the bots or the page. The page gives the hard bot the same fixed sample
count as the arena (each game's ``ARENA_SAMPLES``), so what players meet is what
``docs/bots.md`` measures; this tool checks that count fits the page's aim (the 95th
percentile of a decision within the 700 ms pause it replaces at the normal pace) where it
matters, in Pyodide::

    python tools/bench_pyodide.py --code "from engine.bots.timing import main; main()"
    python -m engine.bots.timing kocka --players 4 --deals 20       # in CPython

Deals are played by medium bots with fixed seeds; at every decision of seat 0 a fresh
hard bot (fixed seed, default budget) decides the same view and is timed. Times are CPU
time, fair on a busy machine: ``time.process_time`` in CPython, and Node's
``process.cpuUsage()`` in Pyodide (whose own clocks all read wall time). Grouped by the
decision's verb.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

from ..games import GAMES
from . import make_bot

# The tables timed by main(): four seats, and each game's largest table the page offers
TABLES: tuple[tuple[str, int], ...] = (
    ("kocka", 4), ("katte", 4), ("katte", 6), ("katko", 4), ("katko", 8), ("katko", 20), ("call-kitti", 4),
)


def cpu_clock() -> Callable[[], float]:
    """Seconds of CPU used by this process so far."""
    try:
        js: Any = importlib.import_module("js")  # Pyodide: the host's globals
        usage = js.process.cpuUsage  # Node only (a browser has no such clock)
    except (ImportError, AttributeError):
        return time.process_time

    def node_cpu() -> float:
        u = usage()
        return float(u.user + u.system) / 1e6

    return node_cpu


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * q))]


def timing(game: str, players: int = 4, deals: int = 12, first_seed: int = 1,
           options: dict[str, Any] | None = None) -> dict[str, list[float]]:
    """Milliseconds (CPU) of the hard bot's decisions for seat 0, by verb, printed."""
    clock = cpu_clock()
    times: dict[str, list[float]] = {}
    for seed in range(first_seed, first_seed + deals):
        match = GAMES[game].new(players, options or {}, seed=seed)
        medium = [make_bot(game, "medium", seed=seed * 31 + s) for s in range(players)]
        while not match.deal_over:
            for seat in match.to_act():
                if seat not in match.to_act():
                    continue
                view = match.view(seat)
                if seat == 0:
                    hard = make_bot(game, "hard", seed=seed)
                    t = clock()
                    decision = hard.decide(view)
                    ms = (clock() - t) * 1000
                    times.setdefault(match.parse(decision.action).verb, []).append(ms)
                match.apply(medium[seat].decide(view).action)
    everything = sorted(t for ts in times.values() for t in ts)
    for verb, ts in sorted(times.items()) + [("all", everything)]:
        ts.sort()
        print(f"{game:10} {players:2} seats {verb:8} n={len(ts):4}  p50 {percentile(ts, .5):6.1f}  "
              f"p95 {percentile(ts, .95):6.1f}  max {ts[-1]:6.1f} ms", flush=True)
    return times


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="one game (default: every table in TABLES)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=12)
    args = parser.parse_args(argv if argv is not None else [])
    tables = [(args.game, args.players)] if args.game else list(TABLES)
    for game, players in tables:
        timing(game, players, args.deals)


if __name__ == "__main__":
    main(sys.argv[1:])
