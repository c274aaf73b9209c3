"""Call Kitti's bid regret (issue 52, requirement 4): the expected base prices the hard bot's
bid loses per deal against a reference bidder with the same information and 20,000 samples.

    nice -n 19 python -m tools.bid_regret run --positions 2000 --seed 1 --part 0/2 \\
        --out /tmp/bid_regret.jsonl          # and --part 1/2 beside it, on the other core
    python -m tools.bid_regret report /tmp/bid_regret.jsonl
    python -m tools.bid_regret check /tmp/bid_regret.jsonl --positions 50

The positions are the hard bot's bids in seat 0 of matches against three medium bots (match
``seed``, ``seed + 1``, …, the bots seeded as the arena seeds them), played on with the bids it
made. At each, the reference is the hard bot's own valuation (the same view, the same model of
the others: sampled hands arranged by the optimiser and weighed by the bids already made,
``engine/bots/call_kitti/hard.py``) with ``--samples`` sampled deals in place of its 144: each
bid's expected change of match value and payments in base prices. The regret of the bid made
is the best bid's value minus its value, both by the reference, so a bid the reference would
also make loses nothing. Its mean over the positions, with a 95% interval, is the figure
(issue 52's aim: ≤ 0.03 base prices per deal; the hard bot bids once a deal). Six-pairs
declarations are not bids and not counted.

Most bids are far clearer than 20,000 samples need: a position is first valued with 1,000
samples, then 5,000 (``STAGES``), and settled there when the bid made is the best and leads
every other bid by six standard errors (``CLEAR``), counted cautiously on the sampled pool's
effective size rather than on its many mixed worlds; its regret is then zero, as the full
reference would make it. ``check`` values such positions again with the full 20,000 and says
whether it agrees. One JSON line per position is appended to
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
from collections import Counter
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import Budget, make_bot
from engine.bots.call_kitti.hard import HardBot
from engine.bots.call_kitti.views import arranged_vals
from engine.games import GAMES

REFERENCE_SAMPLES = 20_000
STAGES = (1_000, 5_000)
"""Fewer samples tried first: a bid that is clearly the best with them is settled there."""
CLEAR = 6.0
"""Standard errors by which the bid made must lead every other bid to be settled early."""
T = TypeVar("T")


def _run(steps: Generator[None, None, T]) -> T:
    """A sliced search run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def reference_values(view: dict[str, Any], samples: int, seed: str) -> tuple[list[float], float]:
    """Each bid 0 … 4's expected value in base prices by the hard bot's valuation with
    ``samples`` sampled deals (the payments and the change of match value it weighs), and
    how sure the pool is: its effective size, the least over the other seats of the
    weighted pool's (Σw)² / Σw² (a seat whose bid is known weighs its hands by it)."""
    bot = HardBot(seed=None, budget=Budget(samples=samples))
    bot.rng.seed(seed)
    pool = _run(bot._pool(view, arranging=False))
    tally, _ = _run(bot.world_values(view, pool, arranged_vals(view)))
    size = min(effective_size(pool.weight[s]) for s in pool.others)
    values = [tally.mean(b) for b in range(len(tally.values))]
    lead = margin(tally.values, best_bid(values), size)
    return values, lead


def effective_size(weights: list[float]) -> float:
    """Kish's effective sample size of weighted draws.

    >>> effective_size([1.0, 1.0, 1.0, 1.0]), effective_size([1.0, 0.0, 0.0, 0.0])
    (4.0, 1.0)
    """
    total = sum(weights)
    return total * total / sum(w * w for w in weights) if total > 0 else 0.0


def margin(per_world: dict[int, list[float]], bid: int, size: float) -> float:
    """How far ``bid`` leads every other bid, in standard errors: the least, over the
    others, of the paired difference's mean over its standard error. The error counts
    ``size`` independent draws, not the worlds: the worlds mix a pool of that effective
    size, so they are not independent, and counting the pool is the cautious side.
    A tie, or a bid behind another, leads by zero or less.

    >>> margin({0: [3.0, 5.0], 1: [1.0, 1.0]}, 0, 2.0)
    3.0
    >>> margin({0: [1.0, 1.0], 1: [1.0, 1.0]}, 0, 2.0)
    0.0
    """
    lead = math.inf
    for other, values in per_world.items():
        if other == bid:
            continue
        diffs = [a - b for a, b in zip(per_world[bid], values)]
        m, half = mean_ci(diffs)
        error = half / 1.96 * math.sqrt(len(diffs) / max(size, 1.0))
        lead = min(lead, m / error if error > 0 else (math.inf if m > 0 else 0.0))
    return lead


def settled_values(view: dict[str, Any], bid: int, samples: int, seed: str,
                   stages: tuple[int, ...] = STAGES) -> tuple[list[float], int]:
    """The reference's values of each bid, and the samples they were settled with.

    The reference is ``samples`` sampled deals. Most bids are far clearer than that needs:
    a position is settled with fewer (each of ``stages`` in turn) when there the bid made
    is the best and leads every other by :data:`CLEAR` standard errors, counted on the
    pool's effective size (:func:`margin`), so that its regret is zero as it would be with
    ``samples``; ``check`` values such positions again with ``samples`` to show it."""
    for count in (*(n for n in stages if n < samples), samples):
        values, lead = reference_values(view, count, seed)
        best = best_bid(values)
        if count == samples or (best == bid and lead >= CLEAR):
            return values, count
    raise AssertionError("the last stage always settles")


def best_bid(values: list[float]) -> int:
    """The bid worth most by ``values``; a tie to the lower bid, as the hard bot breaks it.

    >>> best_bid([0.0, 0.5, 0.5, -1.0, -2.0])
    1
    """
    return max(range(len(values)), key=lambda b: (values[b], -b))


def settled_with(row: dict[str, Any]) -> int:
    """The samples a logged position was settled with (logs from before the stages: all)."""
    return int(row.get("settled", row["samples"]))


def part_of(text: str) -> tuple[int, int]:
    """``--part``'s "i/k", checked.

    >>> part_of("1/2")
    (1, 2)
    """
    try:
        i, k = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected i/k, such as 0/2, not {text!r}") from None
    if not 0 <= i < k:
        raise argparse.ArgumentTypeError(f"expected 0 <= i < k in i/k, not {text!r}")
    return i, k


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


def run(count: int, seed: int, samples: int, minutes: float, out: Path | None, every: int,
        part: tuple[int, int] = (0, 1), stages: tuple[int, ...] = STAGES) -> list[dict[str, Any]]:
    """Up to ``count`` positions from ``seed``, each with its reference and regret; a partial
    figure every ``every`` positions; no new position after ``minutes``. ``part`` (i, k)
    takes only the positions whose index is i modulo k, so k processes share a run."""
    start = time.time()
    rows: list[dict[str, Any]] = []
    log = out.open("a") if out is not None else None
    for index, (match_seed, deal, view, bid) in enumerate(positions(seed)):
        if index >= count or time.time() - start > minutes * 60:
            break
        if index % part[1] != part[0]:
            continue
        cpu = time.process_time()
        values, settled = settled_values(view, bid, samples, f"{seed}:{index}", stages)
        row = {"seed": seed, "index": index, "match": match_seed, "deal": deal, "bid": bid,
               "best": best_bid(values),
               "values": [round(v, 6) for v in values], "regret": regret(values, bid), "samples": samples,
               "settled": settled, "cpu": round(time.process_time() - cpu, 2), "load": os.getloadavg()[0]}
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
    """The regret per deal over ``rows`` with its interval, how often the bid differs, and
    how many positions were settled with how many samples."""
    if len(rows) < 2:
        return f"{len(rows)} positions"
    m, ci = mean_ci([r["regret"] for r in rows])
    differ = sum(r["bid"] != r["best"] for r in rows)
    low, high = wilson(differ, len(rows))
    stages = Counter(settled_with(r) for r in rows)
    settled = ", ".join(f"{stages[n]} with {n:,}" for n in sorted(stages))
    return (f"{len(rows)} positions: bid regret {m:.4f} ± {ci:.4f} base prices per deal; "
            f"the bid differs from the reference's in {differ} ({100 * differ / len(rows):.1f}%, "
            f"95% interval {100 * low:.1f}–{100 * high:.1f}%); settled {settled} samples")


def check(rows: list[dict[str, Any]], count: int) -> str:
    """Value again with the full reference the first ``count`` positions of ``rows`` that were
    settled early, and say whether the full reference agrees: the same best bid, no regret."""
    early = sorted((r for r in rows if settled_with(r) < r["samples"]),
                   key=lambda r: (r["seed"], r["index"]))[:count]
    wanted = {(r["seed"], r["index"]): r for r in early}
    agree, worst, done = 0, 0.0, 0
    for seed in sorted({r["seed"] for r in early}):
        last = max(i for s, i in wanted if s == seed)
        for index, (_, _, view, bid) in enumerate(positions(seed)):
            if index > last:
                break
            row = wanted.get((seed, index))
            if row is None:
                continue
            values, _ = reference_values(view, row["samples"], f"{seed}:{index}")
            best = best_bid(values)
            agree += best == row["best"] == bid
            worst = max(worst, regret(values, bid))
            done += 1
    return (f"{done} positions settled early, valued again with the full reference: the same best bid "
            f"in {agree}; the largest regret by the full reference {worst:.4f} base prices")


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
    r.add_argument("--part", type=part_of, default=(0, 1), help="i/k: only the positions whose index is i modulo k")
    p = sub.add_parser("report", help="the figure of one or more logs")
    p.add_argument("logs", type=Path, nargs="+")
    c = sub.add_parser("check", help="value positions settled early again with the full reference")
    c.add_argument("logs", type=Path, nargs="+")
    c.add_argument("--positions", type=int, default=50)
    args = parser.parse_args(argv)
    if args.command == "run":
        rows = run(args.positions, args.seed, args.samples, args.minutes, args.out, args.every, args.part)
        print(f"call-kitti, hard in seat 0 vs 3 medium, from match seed {args.seed}, reference "
              f"{args.samples} samples: {figure(rows)}")
        return 0
    rows = [json.loads(line) for path in args.logs for line in path.read_text().splitlines() if line]
    print(figure(rows) if args.command == "report" else check(rows, args.positions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
