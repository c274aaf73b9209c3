"""The ceiling of a hard bot (issue 52): the same bot given the true hidden cards, beside
the bot as it is and medium, and the share of the gap to that ceiling the bot closes.

    nice -n 19 python tools/ceiling.py run katte --players 4 --seed 300001 --minutes 15 \\
        --out /tmp/ceiling.jsonl
    python tools/ceiling.py report /tmp/ceiling.jsonl

``run`` plays duplicate units (the arena's: one deal, or a Katko match, per rotation of the
seats) of seat 0's hard bot against medium ones twice, as it is and with the true hands
(``tools/screen_bots.py --oracle``), each in a fresh process, and appends one JSON line per
result, so a run stopped early (``--minutes``, or by hand) keeps every unit it finished.
``report`` pairs the two by seed and prints, per game and table size:

* hard and oracle: seat 0's mean over the units with its 95% interval;
* medium: the fair value. Medium is deterministic, so four medium bots in duplicate get
  exactly the table's fair share (1/seats of the hands or matches; 0 penalty against the
  table mean): no sample is needed;
* the gap closed, (hard − medium) ÷ (oracle − medium), with a 95% interval from a paired
  bootstrap over units (the same resampled units for both means) and, beside it, the delta
  method's;
* the unit counts and the load average the results were measured under.

Call Kitti has no oracle here: its hard bot's edge is in the bid (issue 52, requirement 4).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from screen_bots import ORACLE_GAMES, oracle_unit

from engine.bots import arena

FAIR = {"katte": "1/seats", "katko": "1/seats", "kocka": "0"}


def fair(game: str, players: int) -> float:
    """What medium makes against medium in duplicate: exactly the fair share."""
    return 0.0 if game == "kocka" else 1.0 / players


def task(args: tuple[str, str, int, int]) -> dict[str, Any]:
    """One unit, as the bot is (``hard``) or with the true hands (``oracle``)."""
    kind, game, players, seed = args
    start = time.process_time()
    if kind == "oracle":
        value = oracle_unit((game, seed, players))[1]
    else:
        seats = ["hard"] + ["medium"] * (players - 1)
        value = arena._unit((game, players, seats, seed, None, None))[0]
    return {"game": game, "players": players, "seed": seed, "kind": kind, "value": value,
            "cpu": round(time.process_time() - start, 2), "load": os.getloadavg()[0]}


def run(game: str, players: int, seed: int, units: int, minutes: float, jobs: int, out: Path) -> None:
    """Hard and oracle units from ``seed`` on, seed by seed, until ``units`` or ``minutes``."""
    todo = [(kind, game, players, s) for s in range(seed, seed + units) for kind in ("hard", "oracle")]
    stop = time.time() + minutes * 60
    start = time.time()
    done = 0
    with Pool(jobs, maxtasksperchild=1) as pool, out.open("a") as log:
        pending: list[Any] = []
        while todo or pending:
            while todo and len(pending) < jobs and time.time() < stop:
                pending.append(pool.apply_async(task, (todo.pop(0),)))
            if not pending:
                break
            pending[0].wait()
            for result in [p for p in pending if p.ready()]:
                pending.remove(result)
                row = result.get()
                log.write(json.dumps(row) + "\n")
                log.flush()
                done += 1
                print(f"\r{game} {players}: {done} results, {time.time() - start:.0f} s, "
                      f"load {row['load']:.2f}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def gap_closed(hard: list[float], oracle: list[float], medium: float, resamples: int = 4000,
               seed: int = 1) -> tuple[float, float, float, float]:
    """The share (hard − medium) ÷ (oracle − medium), its paired bootstrap 95% interval
    (percentiles) and the delta method's half-width.

    >>> share, low, high, delta = gap_closed([0.3, 0.35, 0.3, 0.25], [0.5, 0.45, 0.55, 0.5], 0.25)
    >>> round(share, 3)
    0.2
    """
    n = len(hard)
    share = (sum(hard) / n - medium) / (sum(oracle) / n - medium)
    rng = random.Random(seed)
    shares = []
    for _ in range(resamples):
        pick = [int(rng.random() * n) for _ in range(n)]
        h = sum(hard[i] for i in pick) / n - medium
        o = sum(oracle[i] for i in pick) / n - medium
        if o != 0:
            shares.append(h / o)
    shares.sort()
    low, high = shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1]
    # delta method for a ratio of paired means: var(h/o) ≈ (var h − 2r cov + r² var o) / (n o²)
    mh, mo = sum(hard) / n - medium, sum(oracle) / n - medium
    r = mh / mo
    vh = sum((x - medium - mh) ** 2 for x in hard) / (n - 1)
    vo = sum((x - medium - mo) ** 2 for x in oracle) / (n - 1)
    cov = sum((a - medium - mh) * (b - medium - mo) for a, b in zip(hard, oracle)) / (n - 1)
    delta = 1.96 * math.sqrt(max(vh - 2 * r * cov + r * r * vo, 0.0) / n) / abs(mo)
    return share, low, high, delta


def report(paths: list[Path]) -> str:
    rows: dict[tuple[str, int], dict[str, dict[int, dict[str, Any]]]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            r = json.loads(line)
            rows.setdefault((r["game"], r["players"]), {}).setdefault(r["kind"], {})[r["seed"]] = r
    out = [("game, seats | units | medium (fair) | hard | oracle | hard − medium | oracle − medium "
            "| gap closed (bootstrap 95%; delta ±) | load avg (min–max) | CPU s per unit (hard, oracle)")]
    for (game, players), kinds in sorted(rows.items()):
        seeds = sorted(set(kinds.get("hard", {})) & set(kinds.get("oracle", {})))
        if len(seeds) < 2:
            continue
        scale = 100.0 if game in ("katte", "katko") else 1.0  # points of hands or matches; penalty
        hard = [kinds["hard"][s]["value"] * scale for s in seeds]
        oracle = [kinds["oracle"][s]["value"] * scale for s in seeds]
        medium = fair(game, players) * scale
        h, o = mean_ci(hard), mean_ci(oracle)
        dh = mean_ci([x - medium for x in hard])
        do = mean_ci([x - medium for x in oracle])
        share, low, high, delta = gap_closed(hard, oracle, medium)
        loads = [kinds[k][s]["load"] for k in ("hard", "oracle") for s in seeds]
        cpu = [sum(kinds[k][s]["cpu"] for s in seeds) / len(seeds) for k in ("hard", "oracle")]
        out.append(f"{game}, {players} | {len(seeds)} (seeds {seeds[0]}–{seeds[-1]}) | {medium:+.2f} | "
                   f"{h[0]:+.2f} ± {h[1]:.2f} | {o[0]:+.2f} ± {o[1]:.2f} | {dh[0]:+.2f} ± {dh[1]:.2f} | "
                   f"{do[0]:+.2f} ± {do[1]:.2f} | {share * 100:.0f}% ({low * 100:.0f}–{high * 100:.0f}%; "
                   f"± {delta * 100:.0f}) | {min(loads):.2f}–{max(loads):.2f} | {cpu[0]:.1f}, {cpu[1]:.1f}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play hard and oracle units, one JSON line each")
    r.add_argument("game", choices=ORACLE_GAMES)
    r.add_argument("--players", type=int, default=4)
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--units", type=int, default=100_000, help="at most this many seeds")
    r.add_argument("--minutes", type=float, default=30.0, help="submit no unit after this")
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("report", help="the table from one or more run logs")
    p.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        if args.game == "kocka" and args.players != 4:
            parser.error("Kočka is played by four")
        run(args.game, args.players, args.seed, args.units, args.minutes, args.jobs, args.out)
    else:
        print(report(args.logs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
