"""``python -m engine arena``: bots against bots in duplicate, with 95% intervals.

Each unit (a deal, or a match for Katko and Call Kitti) is played once per
rotation of the seats, with the same cards, so every level sits in every seat
with every hand; a unit's score for a level is its mean over the rotations.
Units run in parallel on all cores. Measures:

* katte: hands won (fraction); katko: matches won (fraction);
* call-kitti: money per match in base prices; kocka: penalty per deal minus the table mean.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any, Self

from ..games import GAMES
from . import Bot, Budget, make_bot

UNIT = {"katte": "deals", "katko": "matches", "call-kitti": "matches", "kocka": "deals"}
MEASURE = {
    "katte": "hands won",
    "katko": "matches won",
    "call-kitti": "money per match (base prices)",
    "kocka": "penalty per deal minus the table mean",
}
MAX_DEALS = 400  # a safety net for a match that will not end


def play_unit(game: str, players: int, seats: list[str], seed: int, rotation: int,
              options: dict[str, Any] | None = None, samples: dict[str, int] | None = None,
              before: Callable[[Any], None] | None = None, after_deal: Callable[[Any], None] | None = None,
              make: Callable[[str, str, int, Budget | None], Bot] | None = None) -> list[float]:
    """Play one unit with the levels rotated; the result of each *level slot*. ``samples``
    gives a level's search a sample count other than its default (the tests' lighter hard bot);
    ``before`` is shown the match before each decision (tools/screen_bots.py's oracle),
    ``after_deal`` after each deal; ``make`` makes a level's bot (the tools' own levels)."""
    cls = GAMES[game]
    match = cls.new(players, options or {}, seed=seed)
    slot_of_seat = [(s + rotation) % players for s in range(players)]
    budgets = {level: Budget(n) for level, n in (samples or {}).items()}
    maker = make or (lambda g, level, seed, budget: make_bot(g, level, seed=seed, budget=budget))
    bots = [maker(game, seats[slot_of_seat[s]], seed * 31 + s, budgets.get(seats[slot_of_seat[s]]))
            for s in range(players)]
    deals = 1
    while True:
        while not match.deal_over:
            for seat in match.to_act():
                if seat in match.to_act():
                    if before is not None:
                        before(match)
                    match.apply(bots[seat].decide(match.view(seat)).action)
        result = match.deal_result()
        if after_deal is not None:
            after_deal(match)
        if game == "katte" and result["winner"] is None and deals < MAX_DEALS:
            match.start_deal()  # a double automatic win: the same hand is dealt again
            deals += 1
            continue
        if game in ("katte", "kocka") or match.match_over or deals >= MAX_DEALS:
            break
        match.start_deal()
        deals += 1
    per_seat = _measure(game, match, players)
    out = [0.0] * players
    for s in range(players):
        out[slot_of_seat[s]] = per_seat[s]
    return out


def _measure(game: str, match: Any, players: int) -> list[float]:
    if game == "katte":
        winner = match.deal_result()["winner"]
        return [1.0 if s == winner else 0.0 for s in range(players)]
    if game == "kocka":
        pen = match.deal_result()["penalty"]
        mean = sum(pen) / players
        return [p - mean for p in pen]
    standing = match.standing()
    if game == "katko":
        return [1.0 if s == standing["winner"] else 0.0 for s in range(players)]
    base = match.options["base_price"]
    settlement = standing["settlement"] or [0] * players
    return [m / base for m in settlement]


def _unit(args: tuple[str, int, list[str], int, dict[str, Any] | None, dict[str, int] | None]) -> list[float]:
    game, players, seats, seed, options, samples = args
    rows = [play_unit(game, players, seats, seed, r, options, samples) for r in range(players)]
    return [sum(r[k] for r in rows) / players for k in range(players)]


def run(game: str, players: int, seats: list[str], units: int, seed: int, jobs: int | None = None,
        progress: bool = True, options: dict[str, Any] | None = None,
        samples: dict[str, int] | None = None) -> dict[str, Any]:
    """Play ``units`` duplicate units; the JSON summary. ``samples``: sample counts by level
    (instead of the levels' defaults)."""
    if len(seats) != players:
        raise ValueError(f"--seats must name {players} levels, one per seat")
    work = [(game, players, seats, seed + i, options, samples) for i in range(units)]
    results: list[list[float]] = []
    start = time.perf_counter()
    jobs = jobs or os.cpu_count() or 1
    with Pool(jobs) if jobs > 1 else _Serial() as pool:
        for row in pool.imap_unordered(_unit, work):
            results.append(row)
            if progress:
                _bar(len(results), units, time.perf_counter() - start)
    if progress:
        print(file=sys.stderr)
    means, cis = [], []
    for k in range(players):
        xs = [r[k] for r in results]
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
        means.append(m)
        cis.append(1.96 * sd / math.sqrt(len(xs)))
    return {"game": game, "players": players, "levels": seats, "measure": MEASURE[game],
            "mean": means, "ci95": cis, UNIT[game]: units, "seed": seed,
            "seconds": round(time.perf_counter() - start, 1)}


class _Serial:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn: Any, items: list[Any]) -> Any:
        return map(fn, items)


def _bar(done: int, total: int, seconds: float) -> None:
    width = 30
    filled = width * done // total
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {seconds:.0f}s", end="", file=sys.stderr, flush=True)


def report(summary: dict[str, Any]) -> str:
    unit = UNIT[summary["game"]]
    lines = [(f"{summary['game']}, {summary['players']} players, {summary[unit]} {unit} in duplicate "
              f"(seed {summary['seed']}, {summary['seconds']} s): {summary['measure']}")]
    for level, m, ci in zip(summary["levels"], summary["mean"], summary["ci95"]):
        pct = summary["game"] in ("katte", "katko")
        lines.append(f"  {level:8} {m * 100:6.1f}% ± {ci * 100:.1f}" if pct else f"  {level:8} {m:+7.3f} ± {ci:.3f}")
    return "\n".join(lines)


def main(args: Any) -> int:
    units = args.matches if UNIT[args.game] == "matches" else args.deals
    if units is None:
        print(f"give --{UNIT[args.game]} N for {args.game}", file=sys.stderr)
        return 2
    summary = run(args.game, args.players, args.seats.split(","), units, args.seed, args.jobs,
                  progress=not args.json)
    print(json.dumps(summary) if args.json else report(summary))
    return 0
