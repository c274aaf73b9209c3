"""Katko's per-deal screen checked against match results (issue 52, requirement 4).

A Katko match unit is noisy: one match per rotation, won or not. Its deals say more: the last
trick of each deal, won or not, is what the match is scored on. ``tools/screen_bots.py``
counts both in Katko (seat 0's last tricks won over every deal of its match units, and with
``--deals-only`` units of one deal per rotation); this reads its logs and asks how well the
per-deal figure predicts the match figure:

    nice -n 19 python tools/screen_bots.py --jobs 1 --out /tmp/katko.jsonl \\
        katko easy,medium,medium,medium 1200 1200001
    nice -n 19 python tools/screen_bots.py --jobs 1 --out /tmp/katko.jsonl \\
        katko hard,medium,medium,medium 1200 1200001
    python tools/katko_screen.py /tmp/katko.jsonl

For each table (the levels of the seats; match units and one-deal units apart) it prints,
with 95% intervals: seat 0's matches won and last tricks won per deal, each less the fair
share (seats all alike make exactly 1/seats of both in duplicate); their ratio, the match
points each point of last tricks is worth (paired bootstrap over units); the two figures'
correlation over units; and how many units (and CPU seconds) each needs to tell the table
from the fair share as surely. Then each table's match figure as the other tables' ratio
predicts it from its per-deal figure, beside the one measured.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ceiling import gap_closed, mean_ci


def tables(rows: list[dict[str, Any]]) -> dict[tuple[str, bool], list[dict[str, Any]]]:
    """Katko rows of the screen's current runs (no patch), by table and unit, one per seed."""
    out: dict[tuple[str, bool], dict[int, dict[str, Any]]] = {}
    for row in rows:
        if row.get("game") == "katko" and row.get("run") == "current" and "last_tricks" in row:
            key = (",".join(row["seats"]), bool(row.get("deals_only")))
            out.setdefault(key, {})[row["seed"]] = row
    return {key: [by_seed[s] for s in sorted(by_seed)] for key, by_seed in out.items()}


def correlation(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation (0 when either does not vary).

    >>> correlation([0.0, 0.25, 0.5], [0.0, 0.5, 1.0])
    1.0
    """
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def units_for_same_certainty(excess: float, half_width: float, units: int) -> float:
    """Units a figure needs for its 95% interval to just reach zero (the excess 1.96
    standard errors from it), from the spread seen over ``units``.

    >>> units_for_same_certainty(0.05, 0.05, 100)  # the interval just reaches zero: as many
    100.0
    """
    return units * (half_width / excess) ** 2 if excess else math.inf


def summarise(table: list[dict[str, Any]], fair: float) -> dict[str, float]:
    """One table's figures (see the module), in fractions."""
    matches = [r["value"] for r in table]
    last = [r["last_tricks"] for r in table]
    n = len(table)
    m, mci = mean_ci([x - fair for x in matches])
    d, dci = mean_ci([x - fair for x in last])
    out = {"units": float(n), "match": m, "match_ci": mci, "deal": d, "deal_ci": dci,
           "deals_per_unit": sum(r["deals"] for r in table) / n / 4,
           "cpu": sum(r.get("cpu", 0.0) for r in table) / n,
           "corr": correlation(matches, last),
           "match_units": units_for_same_certainty(m, mci, n),
           "deal_units": units_for_same_certainty(d, dci, n)}
    if n > 2 and d != 0:
        ratio, low, high, _ = gap_closed(matches, last, fair)
        out.update(ratio=ratio, ratio_low=low, ratio_high=high)
    return out


def report(rows: list[dict[str, Any]]) -> str:
    found = tables(rows)
    lines = [("table | unit | units | deals per match | matches won − fair | last tricks per deal − fair "
              "| match points per point of last tricks (bootstrap 95%) | correlation over units "
              "| units to tell from fair: by matches, by last tricks | CPU s per unit")]
    figures: dict[tuple[str, bool], dict[str, float]] = {}
    for (seats, deals_only), table in sorted(found.items()):
        if len(table) < 3:
            continue
        fair = 1.0 / len(seats.split(","))
        f = figures[(seats, deals_only)] = summarise(table, fair)
        ratio = (f"{f['ratio']:.2f} ({f['ratio_low']:.2f}–{f['ratio_high']:.2f})" if "ratio" in f else "–")
        lines.append(f"{seats} | {'one deal' if deals_only else 'match'} | {len(table)} | "
                     f"{f['deals_per_unit']:.2f} | {100 * f['match']:+.2f} ± {100 * f['match_ci']:.2f} | "
                     f"{100 * f['deal']:+.2f} ± {100 * f['deal_ci']:.2f} | {ratio} | {f['corr']:.2f} | "
                     f"{f['match_units']:.0f}, {f['deal_units']:.0f} | {f['cpu']:.2f}")
    matches = {k: f for k, f in figures.items() if not k[1] and "ratio" in f}
    if len(matches) > 1:
        lines.append("")
        lines.append("predicted from the per-deal figure by the other match tables' ratio (least squares "
                     "through zero) | measured matches won − fair")
        for key, f in matches.items():
            others = [g for k, g in matches.items() if k != key]
            fitted = sum(g["match"] * g["deal"] for g in others) / sum(g["deal"] ** 2 for g in others)
            lines.append(f"{key[0]}: {100 * fitted * f['deal']:+.2f} (ratio {fitted:.2f}) | "
                         f"{100 * f['match']:+.2f} ± {100 * f['match_ci']:.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("logs", type=Path, nargs="+", help="tools/screen_bots.py --out logs")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for path in args.logs for line in path.read_text().splitlines() if line]
    print(report(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
