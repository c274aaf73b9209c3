"""Settle the better move of fixed positions, for the strength tests of two hard bots.

Katte's and Call Kitti's hard bots do better than their medium bots by too little to show
in whole hands or matches within the test suite's time (docs/bots.md). So
``tests/test_strength.py`` checks what the hard bot does better on fixed positions
instead, positions whose better move this tool settles beforehand by a long sampled run:

* Katte (``--game katte``): the hard bot's own valuation of every legal move with
  ``--samples`` worlds (inferred hidden cards, medium playouts, the exact showdown);
  kept where one move is ahead of every other by more than ``--margin`` wins per hand
  and three standard errors of the paired difference. From medium self-play at four
  and six seats.
* Call Kitti (``--game call-kitti``): the review's valuation (``engine/bots/review.py``)
  of the medium bot's arrangement or bid against the hard bot's candidates, with
  ``--samples`` sampled deals; kept where a move beats medium's by more than
  ``--margin`` (money plus match value, in base prices) and three standard errors.

The test then requires the hard bot at the test's budget to choose the settled move
more often than the medium bot does.

    python tools/strength_positions.py --game katte --out tests/strength_positions/katte.json
    python tools/strength_positions.py --game call-kitti --samples 400 --margin 0.1 \\
        --positions 30 --out tests/strength_positions/call-kitti.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import GAMES
from engine.bots import make_bot
from engine.bots.katte.hard import search
from engine.bots.katte.sim import parse_move
from engine.bots.katte.worlds import Facts
from engine.bots.search import drain


def values(view: dict[str, Any], samples: int, seed: int) -> tuple[list[str], list[float], list[list[float]], float]:
    """Each legal move's weighted wins per world, as the hard bot values them."""
    facts = Facts(view)
    legal: list[str] = view["legal"]
    moves = [parse_move(a) for a in legal]
    tally = drain(search(facts, moves, random.Random(seed), samples))
    per_world = [tally.values[m] for m in moves]
    return legal, [sum(v) / tally.weight for v in per_world], per_world, tally.weight


def settled(legal: list[str], means: list[float], per_world: list[list[float]], total: float,
            margin: float) -> str | None:
    """The clearly best move, or None."""
    order = sorted(range(len(legal)), key=lambda i: -means[i])
    best = order[0]
    for other in order[1:]:
        d = [a - b for a, b in zip(per_world[best], per_world[other])]
        n = len(d)
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        se = sd * math.sqrt(n) / total  # of the weighted mean difference
        if means[best] - means[other] <= max(margin, 3 * se):
            return None
    return legal[best]


def kitti_positions(count: int, samples: int, margin: float) -> tuple[list[dict[str, Any]], int, int]:
    """Call Kitti positions from medium self-play where the review settles a better move
    than medium's: (positions, the last seed, decisions looked at)."""
    from engine.bots.review import review, run

    found: list[dict[str, Any]] = []
    seen = seed = 0
    while len(found) < count:
        seed += 1
        match = GAMES["call-kitti"].new(4, seed=seed)
        bots = [make_bot("call-kitti", "medium", seed=seed * 10 + s) for s in range(4)]
        while not match.deal_over and len(found) < count:
            seat = match.to_act()[0]
            view = match.view(seat)
            action = bots[seat].decide(view).action
            judged = run(review("call-kitti", view, action, seed=seed * 100 + seen, samples=samples, seconds=None))
            seen += 1
            if judged is not None and judged.diff > max(margin, 3 * judged.se):
                found.append({"players": 4, "view": view, "best": judged.best, "medium": action,
                              "values": {"best": round(judged.best_value, 3), "medium": round(judged.human_value, 3),
                                         "se": round(judged.se, 3)}})
                print(f"{len(found)}/{count} (of {seen} decisions) {judged.best}", file=sys.stderr)
            match.apply(action)
    return found, seed, seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["katte", "call-kitti"], default="katte")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--samples", type=int, default=3000)
    ap.add_argument("--margin", type=float, default=0.05)
    ap.add_argument("--positions", type=int, default=60)
    args = ap.parse_args()
    start = time.perf_counter()
    if args.game == "call-kitti":
        kitti, last, looked = kitti_positions(args.positions, args.samples, args.margin)
        write(args.out, kitti, f"Call Kitti positions where {args.samples} sampled deals of the review's valuation "
              f"put a move ahead of the medium bot's by more than {args.margin} and 3 standard errors; made by "
              f"tools/strength_positions.py from medium self-play, seeds 1-{last}, {looked} decisions looked "
              f"at, {time.perf_counter() - start:.0f} s.")
        return
    found: list[dict[str, Any]] = []
    seen = 0
    seed = 0
    while len(found) < args.positions:
        seed += 1
        players = 4 if seed % 2 else 6
        match = GAMES["katte"].new(players, seed=seed)
        bots = [make_bot("katte", "medium", seed=seed * 10 + s) for s in range(players)]
        while not match.deal_over and len(found) < args.positions:
            seat = match.to_act()[0]
            view = match.view(seat)
            if len(view["legal"]) > 1:
                seen += 1
                legal, means, per_world, total = values(view, args.samples, seed * 100 + seen)
                best = settled(legal, means, per_world, total, args.margin)
                if best is not None:
                    found.append({"players": players, "view": view, "best": best,
                                  "values": {a: round(v, 4) for a, v in zip(legal, means)}})
                    print(f"{len(found)}/{args.positions} (of {seen} decisions) {best}", file=sys.stderr)
            match.apply(bots[seat].decide(view).action)
    write(args.out, found, (f"Katte positions whose better move is settled by {args.samples} sampled worlds of the hard "
                  f"bot's valuation (ahead of every other move by more than {args.margin} and 3 standard "
                  f"errors); made by tools/strength_positions.py from medium self-play, seeds 1-{seed}, "
                  f"{seen} decisions looked at, {time.perf_counter() - start:.0f} s."))


def write(out: Path, positions: list[dict[str, Any]], about: str) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"about": about, "positions": positions}, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
