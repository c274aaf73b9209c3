"""Command-line tooling: how long the Kočka bots take to decide at the busiest points.

Not imported by the bots or the page; run it where the timings matter, in Pyodide:
``python tools/bench_pyodide.py --code "from engine.bots.kocka.timing import timing;
timing('hard')"``. It is how :data:`engine.bots.kocka.ARENA_SAMPLES` was chosen.
"""

from __future__ import annotations

import time

from .. import make_bot
from ..base import Budget, View
from .policy import MediumBot


def timing(level: str = "hard", deals: int = 30, samples: int | None = None,
           cpu: bool = False) -> dict[str, float]:
    """Decision times (ms, p50 and p95) at the busiest points of a deal, printed.

    The points are the exchange, the first lead, and the lead of trick 6 (the
    first exact solve); deals are played by medium bots with fixed seeds; ``cpu``
    measures process time instead of wall time.
    """
    from ...games import GAMES

    clock = time.process_time if cpu else time.perf_counter  # CPU time: fair on a busy machine
    points: dict[str, list[View]] = {"pass": [], "lead 1": [], "trick 2": [], "lead 6": []}
    for seed in range(deals):
        m = GAMES["kocka"].new(4, seed=seed)
        medium = [MediumBot(s) for s in range(4)]
        points["pass"].append(m.view(0))
        for s in range(4):
            m.apply(medium[s].decide(m.view(s)).action)
        k = 0
        while not m.deal_over:
            seat = m.to_act()[0]
            v = m.view(seat)
            for name, at in (("lead 1", 0), ("trick 2", 5), ("lead 6", 20)):
                if k == at:
                    points[name].append(v)
            m.apply(medium[seat].decide(v).action)
            k += 1
    out: dict[str, float] = {}
    for name, views in points.items():
        ts = []
        for v in views:
            bot = make_bot("kocka", level, seed=1, budget=Budget(samples) if samples else None)
            t = clock()
            bot.decide(v)
            ts.append((clock() - t) * 1000)
        ts.sort()
        p50, p95 = ts[len(ts) // 2], ts[min(len(ts) - 1, int(len(ts) * 0.95))]
        out[name + " p50"], out[name + " p95"] = p50, p95
        print(f"{level} {name:8} n={len(ts):3} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {ts[-1]:6.1f} ms")
    return out
