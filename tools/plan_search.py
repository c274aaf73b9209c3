"""Katte's hard bot searching its OWN later choices without strategy fusion (issue 52, step 2).

Today's hard bot values each move by playing the rest of the hand out with the medium rules
for every seat, itself included; searching its own later cards exactly in each world lost
3.5 points (it then chose as if it saw that world's cards: strategy fusion). Here, from
``PLAN_FROM`` (trick 4; ``--from 3`` for trick 3), the bot's own later choices are searched
per information set:

* W worlds are drawn to fit the view and weighed as the hard bot weighs them
  (``worlds.sample_world``, ``worlds.likelihood``);
* after each of the bot's moves, every world is advanced by the others' medium answers to
  the bot's next turn, and the worlds are grouped by what the bot will then have seen (the
  plays since, face-down plays as "a discard" only): its information set;
* in each group the bot takes the one move best over the whole group (so no world's
  hidden cards choose it), and the search recurses; the others stay medium, so with their
  policy fixed there is no non-locality, and fusion is gone.

The best move per group is chosen on one half of the worlds and scored on the other
(then the halves swap, and the two held-out scores add up): the maximum over a group's
moves, scored on the worlds that chose it, is biased upwards (the winner's curse).

``compare`` plays deals with the hard bot in seat 0 against three medium ones and, at each
of its decisions from ``PLAN_FROM`` to trick 4, scores three moves on fresh worlds that
no choice saw: medium's move, today's hard move (the one it played) and the plan search's,
each followed by the bot's best later choices per information set (learnt on the plan's
worlds). Figures are hands won per 100 decisions and per 100 deals, with 95% intervals
over deals.

    nice -n 19 python tools/plan_search.py compare --deals 300 --seed 500001 --worlds 200

In arena games (the real test), the plan search replaces the hard bot's search from
``PLAN_FROM`` to trick 4 (trick 5 is already exact: the bot's last choice):

    nice -n 19 python tools/screen_bots.py katte hard,medium,medium,medium 400 500001 \\
        'engine.bots.katte.hard:search=__import__("tools.plan_search").plan_search.search'
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Generator
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.bots.katte import hard
from engine.bots.katte.policy import medium_move
from engine.bots.katte.sim import Move, Sim, parse_move
from engine.bots.katte.worlds import Facts, likelihood, sample_world
from engine.bots.search import Tally
from engine.games import GAMES

PLAN_FROM = 4
"""The first trick whose decisions the plan search makes (trick 5 is exact already)."""
PLAN_WORLDS = 200
"""Worlds per decision in arena games (both halves together)."""

Worlds = list[tuple[Sim, float]]
Path_ = tuple[Any, ...]  # the bot's moves and what it saw since the root: an information set
Policy = dict[Path_, Move]


def _advance(sim: Sim, me: int) -> tuple[Any, ...]:
    """Play the others' medium answers up to ``me``'s next turn or the hand's end; what
    ``me`` saw of them (a face-down card is seen as a discard only)."""
    seen = []
    while sim.result < 0 and sim.turn != me:
        card, up = medium_move(sim)
        seen.append((sim.turn, card if up else -1))
        sim.step(card, up)
    return tuple(seen)


def _after(worlds: Worlds, me: int, path: Path_, move: Move, policy: Policy, learn: bool) -> float:
    """The weighted hands won after ``move`` at ``path``: the hands that end count at once,
    the others go on grouped by what the bot sees, by the best move per group (``learn``:
    found here and stored in ``policy``) or by ``policy`` (else medium's move)."""
    total = 0.0
    groups: dict[tuple[Any, ...], Worlds] = {}
    for sim, w in worlds:
        s = sim.clone()
        s.step(*move)
        seen = _advance(s, me)
        if s.result >= 0:
            if s.result == me:
                total += w
        else:
            groups.setdefault(seen, []).append((s, w))
    for seen, group in groups.items():
        total += _node(group, me, path + (move, seen), policy, learn)
    return total


def _node(worlds: Worlds, me: int, path: Path_, policy: Policy, learn: bool) -> float:
    """The value of an information set of ``me`` (every world at its turn, alike to it)."""
    first = worlds[0][0]
    moves = first.legal()
    base = medium_move(first)  # the bot's own medium move: the same in every world of the set
    if not learn:
        move = policy.get(path, base)
        return _after(worlds, me, path, move if move in moves else base, policy, False)
    if len(moves) == 1:
        return _after(worlds, me, path, moves[0], policy, True)
    best, best_value, best_key = moves[0], 0.0, (-1.0, False)
    for move in moves:
        v = _after(worlds, me, path, move, policy, True)
        key = (round(v, 9), move == base)  # a tie goes to medium's move
        if key > best_key:
            best, best_value, best_key = move, v, key
    policy[path] = best
    return best_value


def root_values(learn_on: Worlds, score_on: Worlds, me: int, moves: list[Move]) -> dict[Move, float]:
    """Each root move's weighted hands won on ``score_on`` when the bot's later choices
    are the best per information set found on ``learn_on``."""
    out = {}
    for move in moves:
        policy: Policy = {}
        _after(learn_on, me, (), move, policy, True)
        out[move] = _after(score_on, me, (), move, policy, False)
    return out


def draw(facts: Facts, rng: Random, count: int) -> Worlds:
    """``count`` worlds that fit the view, with the hard bot's weights."""
    surprise = hard.surprise_for(facts.sim.n)
    worlds: Worlds = []
    for _ in range(count * 4):
        got = sample_world(facts, rng)
        if got is not None:
            worlds.append((got[0], likelihood(facts, got[0], got[1], surprise)))
            if len(worlds) == count:
                break
    return worlds


def plan_tally(facts: Facts, moves: list[Move], rng: Random, count: int) -> Tally[Move]:
    """Each move's held-out hands won over ``count`` worlds, two halves cross-fitted."""
    worlds = draw(facts, rng, count)
    half = len(worlds) // 2
    a, b = worlds[:half], worlds[half:]
    me = facts.me
    ab, ba = root_values(a, b, me, moves), root_values(b, a, me, moves)
    tally: Tally[Move] = Tally({m: [ab[m] + ba[m]] for m in moves}, list(moves))
    tally.worlds = len(worlds)
    tally.weight = sum(w for _, w in worlds)
    return tally


_hard_search = hard.search


def search(facts: Facts, moves: list[Move], rng: Random, samples: int,
           seconds: float | None = None) -> Generator[None, None, Tally[Move]]:
    """The hard bot's search with the plan search from ``PLAN_FROM`` to trick 4 (a
    drop-in for ``engine.bots.katte.hard.search``, for ``tools/screen_bots.py``)."""
    if PLAN_FROM <= facts.sim.trick_no < hard.SOLVE_FROM:
        return plan_tally(facts, moves, rng, PLAN_WORLDS)
    return (yield from _hard_search(facts, moves, rng, samples, seconds))


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
    c.add_argument("--from", dest="plan_from", type=int, default=PLAN_FROM, help="first trick searched")
    c.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    compare(args.deals, args.seed, args.worlds, args.plan_from, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
