"""Katte's hard bot searching its OWN later choices without strategy fusion: the offline
measure (issue 52, step 2).

The search itself is the hard bot's, in ``engine/bots/katte/plan.py`` (from trick 3 at four
seats, W = 200 worlds): after each of the bot's moves every world is advanced by the others'
medium answers, the worlds are grouped by what the bot will then have seen, and each group
takes the one move best over the whole group; the later moves are chosen on one half of the
worlds and scored on the other.

``compare`` plays deals with the hard bot in seat 0 against three medium ones and, at each
of its decisions from ``--from`` (default ``plan.PLAN_FROM``) to trick 4, scores three moves
on fresh worlds that no choice saw: medium's move, the hard bot's move (the one it played)
and the plan search's, each followed by the bot's best later choices per information set
(learnt on the plan's worlds). Figures are hands won per 100 decisions and per 100 deals,
with 95% intervals over deals. Since the plan search ships, "the hard bot's move" is the
plan's own from ``plan.PLAN_FROM`` on; the figures of ``docs/bot-experiments.md`` were
measured before, against the bot without it.

    nice -n 19 python tools/plan_search.py compare --deals 300 --seed 500001 --worlds 200

In arena games, against the hard bot without it (``tools/screen_bots.py``, paired):

    nice -n 19 python tools/screen_bots.py --jobs 1 katte hard,medium,medium,medium 400 500001 \\
        'engine.bots.katte.plan:PLAN_SEATS=()'
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Generator
from pathlib import Path
from random import Random
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.bots.katte import hard, plan
from engine.bots.katte.plan import Worlds
from engine.bots.katte.policy import medium_move
from engine.bots.katte.sim import Move, parse_move
from engine.bots.katte.worlds import Facts
from engine.bots.search import Tally
from engine.games import GAMES

T = TypeVar("T")


def _run(steps: Generator[None, None, T]) -> T:
    """A sliced search run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def draw(facts: Facts, rng: Random, count: int) -> Worlds:
    """``count`` worlds that fit the view, with the hard bot's weights."""
    return _run(plan.draw(facts, rng, count, hard.surprise_for(facts.sim.n)))


def root_values(learn_on: Worlds, score_on: Worlds, me: int, moves: list[Move]) -> dict[Move, float]:
    """Each root move's held-out value (``engine.bots.katte.plan.root_values``)."""
    return _run(plan.root_values(learn_on, score_on, me, moves))


def plan_tally(facts: Facts, moves: list[Move], rng: Random, count: int) -> Tally[Move]:
    """Each move's held-out hands won over ``count`` worlds, two halves cross-fitted."""
    return _run(plan.plan_search(facts, moves, rng, count, hard.surprise_for(facts.sim.n)))


def compare_deal(seed: int, count: int, plan_from: int) -> list[dict[str, Any]]:
    """One deal, hard in seat 0 against three medium: at each of seat 0's decisions from
    ``plan_from`` to trick 4, the three moves scored on fresh worlds (see the module)."""
    players = 4
    match = GAMES["katte"].new(players, {}, seed=seed)
    bots = [make_bot("katte", "hard" if s == 0 else "medium", seed=seed * 31 + s) for s in range(players)]
    rng = Random(seed)
    rows = []
    while not match.deal_over:
        seat = match.to_act()[0]
        view = match.view(seat)
        action = bots[seat].decide(view).action
        if seat == 0 and len(view["legal"]) > 1:
            facts = Facts(view)
            if plan_from <= facts.sim.trick_no < hard.SOLVE_FROM:
                moves = [parse_move(a) for a in view["legal"]]
                start = time.process_time()
                tally = plan_tally(facts, moves, rng, count)
                base = hard.medium_index(facts, moves)
                wins = [tally.total(m) for m in moves]
                best = max(range(len(moves)), key=lambda i: (wins[i], i == base))
                if wins[best] - wins[base] < hard.MARGIN * tally.weight:
                    best = base  # the hard bot's margin over medium's move, kept
                plan_seconds = time.process_time() - start
                # fresh worlds, and the bot's later choices learnt on other fresh ones
                learn, score = draw(facts, rng, count), draw(facts, rng, count)
                picks = {"medium": moves[base], "hard": parse_move(action), "plan": moves[best]}
                values = root_values(learn, score, 0, sorted(set(picks.values())))
                weight = sum(w for _, w in score)
                # the winner's curse: the plan's move scored on the worlds that chose its later moves
                own = root_values(learn, learn, 0, [moves[best]])[moves[best]] / sum(w for _, w in learn)
                rows.append({"seed": seed, "trick": facts.sim.trick_no, "moves": len(moves),
                             "plan_seconds": plan_seconds,
                             **{k: values[m] / weight for k, m in picks.items()},
                             "medium_line": _medium_line(score, moves[base]) / weight,
                             "hard_line": _medium_line(score, parse_move(action)) / weight,
                             "plan_in_sample": own})
        match.apply(action)
    return rows


def _medium_line(worlds: Worlds, move: Move) -> float:
    """Weighted hands won by ``move`` with the medium rules for the bot's later cards."""
    total = 0.0
    for sim, w in worlds:
        s = sim.clone()
        s.step(*move)
        while s.result < 0:
            s.step(*medium_move(s))
        if s.result == 0:
            total += w
    return total


def _ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def compare(deals: int, seed: int, count: int, plan_from: int, jobs: int) -> None:
    from multiprocessing import Pool

    start = time.time()
    per_deal: list[list[dict[str, Any]]] = []
    work = [(s, count, plan_from) for s in range(seed, seed + deals)]
    with Pool(jobs) as pool:
        for rows in pool.imap_unordered(_compare_args, work):
            per_deal.append(rows)
            if len(per_deal) % 25 == 0:
                print(f"{len(per_deal)}/{deals} deals, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    decisions = [r for rows in per_deal for r in rows]
    print(f"katte, 4 seats, hard in seat 0 vs 3 medium: {deals} deals from seed {seed}, W = {count} "
          f"worlds (halves of {count // 2}), plan from trick {plan_from}; {len(decisions)} decisions; "
          f"{time.time() - start:.0f} s")
    if not decisions:
        return
    changed = {k: sum(r["plan"] != r[k] for r in decisions) for k in ("medium", "hard")}
    print(f"  plan's move differs from medium's at {changed['medium']}, from hard's at {changed['hard']}")
    sec = sorted(r["plan_seconds"] for r in decisions)
    print(f"  plan search CPU s per decision: p50 {sec[len(sec) // 2]:.2f}, p95 {sec[int(len(sec) * 0.95)]:.2f}")
    for name, key in (("medium's move, medium later", "medium_line"), ("medium's move", "medium"),
                      ("today's hard move, medium later", "hard_line"), ("today's hard move", "hard"),
                      ("plan search's move", "plan"), ("the same, on its own worlds", "plan_in_sample")):
        m, ci = _ci([r[key] * 100 for r in decisions])
        print(f"  {name:34} {m:6.2f} ± {ci:.2f} hands won per 100 decisions")
    for a, b in (("plan", "hard"), ("plan", "medium"), ("hard", "medium"), ("hard", "hard_line"),
                 ("plan_in_sample", "plan")):
        d = _ci([100 * sum(r[a] - r[b] for r in rows) for rows in per_deal])
        e = _ci([100 * (r[a] - r[b]) for r in decisions])
        print(f"  {a} − {b}: {d[0]:+.3f} ± {d[1]:.3f} points per deal ({len(per_deal)} deals); "
              f"{e[0]:+.3f} ± {e[1]:.3f} per decision")


def _compare_args(args: tuple[int, int, int]) -> list[dict[str, Any]]:
    return compare_deal(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare", help="medium's, hard's and the plan's moves on held-out worlds")
    c.add_argument("--deals", type=int, default=300)
    c.add_argument("--seed", type=int, default=500001)
    c.add_argument("--worlds", type=int, default=200, help="W: worlds per decision, both halves")
    c.add_argument("--from", dest="plan_from", type=int, default=plan.PLAN_FROM, help="first trick searched")
    c.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    compare(args.deals, args.seed, args.worlds, args.plan_from, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
