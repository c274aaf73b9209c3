"""Command-line tooling: train the strength table by self-play and write ``strength.json``.

Not used by the bots at play (the page need not ship it): each round arranges random
hands with the current table, takes the distribution of each show's set as the next
table's CDFs. ``python -m engine.bots.call_kitti.train`` reproduces the shipped table
(four rounds of 30,000 deals, seed 1; minutes in CPython).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from .optimiser import fast_vals
from .sim import HAND, NV, SEATS, SHOWS
from .strength import Table

SCALE = 65535


def train_table(rounds: int = 3, deals: int = 20000, seed: int = 1) -> list[list[int]]:
    """Self-play from a table that only prefers higher values (its optimum is close
    to the greedy split); the last round's four CDFs in 1/``SCALE`` units."""
    rng = random.Random(seed)
    w: Table = [[(v / NV) ** 3 for v in range(NV)] for _ in range(SHOWS)]
    cdfs: list[list[float]] = []
    for _ in range(rounds):
        counts = [[0] * NV for _ in range(SHOWS)]
        for _ in range(deals):
            pack = list(range(52))
            rng.shuffle(pack)
            for s in range(SEATS):
                _, vr = fast_vals(pack[s * HAND:(s + 1) * HAND], w)
                for k in range(SHOWS):
                    counts[k][vr[k]] += 1
        cdfs = []
        for k in range(SHOWS):
            total = sum(counts[k])
            acc, row = 0, []
            for v in range(NV):
                row.append(acc / total)  # strictly below v
                acc += counts[k][v]
            cdfs.append(row)
        w = [[f ** 3 for f in row] for row in cdfs]
    return [[min(SCALE, round(f * SCALE)) for f in row] for row in cdfs]


def write(cdfs: list[list[int]], path: Path) -> None:
    """``strength.json``: one CDF per show, 39 numbers a line."""
    path_data = json.loads(path.read_text()) if path.exists() else {}
    about = json.dumps(path_data.get("about", "Call Kitti strength table"), ensure_ascii=False)
    rows = []
    for row in cdfs:
        lines = [", ".join(str(f) for f in row[i:i + 39]) for i in range(0, len(row), 39)]
        rows.append("    [" + ",\n     ".join(lines) + "]")
    path.write_text("{\n  \"about\": " + about + ",\n  \"scale\": " + str(SCALE)
                    + ",\n  \"cdf\": [\n" + ",\n".join(rows) + "\n  ]\n}\n")


if __name__ == "__main__":
    write(train_table(rounds=4, deals=30000, seed=1), Path(__file__).with_name("strength.json"))
