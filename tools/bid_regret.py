"""Call Kitti's bid regret (issue 52, requirement 4): the expected base prices the hard bot's
bid loses per deal against a reference bidder with the same information and 20,000 samples.

    nice -n 19 python -m tools.bid_regret --positions 2000 --seed 1 --minutes 30 \\
        --out /tmp/bid_regret.jsonl

The positions are the hard bot's bids in seat 0 of matches against three medium bots (match
``seed``, ``seed + 1``, …, the bots seeded as the arena seeds them), played on with the bids it
made. At each, the reference is the hard bot's own valuation (the same view, the same model of
the others: sampled hands arranged by the optimiser and weighed by the bids already made,
``engine/bots/call_kitti/hard.py``) with ``--samples`` sampled deals in place of its 144: each
bid's expected change of match value and payments in base prices. The regret of the bid made
is the best bid's value minus its value, both by the reference, so a bid the reference would
also make loses nothing. Its mean over the positions, with a 95% interval, is the figure
(issue 52's aim: ≤ 0.03 base prices per deal; the hard bot bids once a deal). Six-pairs
declarations are not bids and not counted. One JSON line per position is appended to
``--out``, so a run cut short keeps its positions; ``report`` prints the figure of logs.
Everything is seeded: the same seed gives the same positions and the same reference.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import Budget, make_bot
from engine.bots.call_kitti.hard import HardBot
from engine.bots.call_kitti.views import arranged_vals
from engine.games import GAMES

REFERENCE_SAMPLES = 20_000
T = TypeVar("T")


def _run(steps: Generator[None, None, T]) -> T:
    """A sliced search run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def reference_values(view: dict[str, Any], samples: int, seed: str) -> list[float]:
    """Each bid 0 … 4's expected value in base prices by the hard bot's valuation with
    ``samples`` sampled deals (the payments and the change of match value it weighs)."""
    bot = HardBot(seed=None, budget=Budget(samples=samples))
    bot.rng.seed(seed)
    pool = _run(bot._pool(view, arranging=False))
    values, _ = _run(bot._worlds(view, pool, arranged_vals(view)))
    return values


def regret(values: list[float], bid: int) -> float:
    """What bidding ``bid`` loses against the best bid by ``values``.

    >>> regret([0.0, 0.5, 0.25, -1.0, -2.0], 2)
    0.25
    """
    return max(values) - values[bid]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and its 95% interval's half-width (normal).

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return round(m, 12), round(1.96 * sd / math.sqrt(len(xs)), 12)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k`` of ``n``: unlike the normal one, not empty
    when no bid (or every bid) differs.

    >>> [round(x, 4) for x in wilson(0, 20)]
    [0.0, 0.1611]
    """
    z2 = 1.96 ** 2
    centre = (k + z2 / 2) / (n + z2)
    half = math.sqrt(z2 * (k * (n - k) / n + z2 / 4)) / (n + z2)
    return max(0.0, centre - half), min(1.0, centre + half)


def positions(seed: int) -> Iterator[tuple[int, int, dict[str, Any], int]]:
    """The hard bot's bids in seat 0 against three medium bots, match after match from
    ``seed``: (match seed, deal, the view it bid from, its bid)."""
    for match_seed in range(seed, sys.maxsize):
        match = GAMES["call-kitti"].new(4, {}, seed=match_seed)
        bots = [make_bot("call-kitti", "hard" if s == 0 else "medium", seed=match_seed * 31 + s) for s in range(4)]
        deal = 1
        while True:
            while not match.deal_over:
                for seat in match.to_act():
                    if seat in match.to_act():
                        view = match.view(seat)
                        action = bots[seat].decide(view).action
                        words = action.split()
                        if seat == 0 and words[1] == "bid":
                            yield match_seed, deal, view, int(words[2])
                        match.apply(action)
            if match.match_over:
                break
            match.start_deal()
            deal += 1


def run(count: int, seed: int, samples: int, minutes: float, out: Path | None, every: int) -> list[dict[str, Any]]:
    """Up to ``count`` positions from ``seed``, each with its reference and regret; a partial
    figure every ``every`` positions; no new position after ``minutes``."""
    start = time.time()
    rows: list[dict[str, Any]] = []
    log = out.open("a") if out is not None else None
    for index, (match_seed, deal, view, bid) in enumerate(positions(seed)):
        if index >= count or time.time() - start > minutes * 60:
            break
        cpu = time.process_time()
        values = reference_values(view, samples, f"{seed}:{index}")
        row = {"seed": seed, "index": index, "match": match_seed, "deal": deal, "bid": bid,
               "best": max(range(len(values)), key=lambda b: (values[b], -b)),
               "values": [round(v, 6) for v in values], "regret": regret(values, bid), "samples": samples,
               "cpu": round(time.process_time() - cpu, 2), "load": os.getloadavg()[0]}
        rows.append(row)
        if log is not None:
            log.write(json.dumps(row) + "\n")
            log.flush()
        if len(rows) % every == 0:
            print(f"[{time.time() - start:.0f} s, load {row['load']:.1f}] {figure(rows)}", file=sys.stderr, flush=True)
    if log is not None:
        log.close()
    return rows


def figure(rows: list[dict[str, Any]]) -> str:
    """The regret per deal over ``rows`` with its interval, and how often the bid differs."""
    if len(rows) < 2:
        return f"{len(rows)} positions"
    m, ci = mean_ci([r["regret"] for r in rows])
    differ = sum(r["bid"] != r["best"] for r in rows)
    low, high = wilson(differ, len(rows))
    return (f"{len(rows)} positions: bid regret {m:.4f} ± {ci:.4f} base prices per deal; "
            f"the bid differs from the reference's in {differ} ({100 * differ / len(rows):.1f}%, "
            f"95% interval {100 * low:.1f}–{100 * high:.1f}%)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="positions, their reference and regret (one JSON line each)")
    r.add_argument("--positions", type=int, default=2000)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--samples", type=int, default=REFERENCE_SAMPLES, help="the reference's sampled deals")
    r.add_argument("--minutes", type=float, default=math.inf, help="start no position after this")
    r.add_argument("--out", type=Path)
    r.add_argument("--every", type=int, default=10, help="a partial figure every this many positions")
    p = sub.add_parser("report", help="the figure of one or more logs")
    p.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        rows = run(args.positions, args.seed, args.samples, args.minutes, args.out, args.every)
        print(f"call-kitti, hard in seat 0 vs 3 medium, from match seed {args.seed}, reference "
              f"{args.samples} samples: {figure(rows)}")
    else:
        rows = [json.loads(line) for path in args.logs for line in path.read_text().splitlines() if line]
        print(figure(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
