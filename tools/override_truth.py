"""Is Katte's hard bot right where its search departs from the medium move? Checked on the true deal.

    python tools/override_truth.py 3000 200001        # deals, first seed
    python tools/override_truth.py 3000 200001 6      # at six seats

Seat 0's hard bot plays medium bots (three, or as many as the seats given). At each of
its decisions the search is run once more (``hard.search``: the bot's own count and
worlds) and, where another move wins more of the sampled worlds than medium's (by any
amount), both moves are played on in the *true* deal as the bot plays its worlds out
(``hard.hand_won``: the medium rules for every seat, trick 5 exactly against the others'
medium answers). The label is 1 when only the search's move wins the hand there, -1 when
only medium's does, 0 otherwise. Grouped by the search's margin (its wins minus medium's,
per unit of sample weight), the mean label says what overriding is worth: if the worlds
were the true posterior, it would match the margin. The bot overrides from ``MARGIN`` up
(``engine/bots/katte/hard.py``).
"""

from __future__ import annotations

import math
import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.bots.katte import hard
from engine.bots.katte.sim import Sim, parse_move
from engine.bots.katte.worlds import Facts
from engine.bots.search import drain
from engine.games import GAMES

EDGES = (0.0, 0.02, 0.05, 0.1, 0.2, 2.0)  # the margin's buckets


def true_world(facts: Facts, match: Any) -> Sim:
    """The deal as it is: the others' hands and their face-down discards."""
    world = facts.sim.clone()
    gone = list(world.gone)
    for trick in list(match.done) + ([match.trick] if match.trick is not None else []):
        for seat, card, face_up in trick.plays:
            if not face_up and seat != facts.me:
                gone[seat] |= 1 << card
    for seat in range(world.n):
        if seat != facts.me:
            world.hands[seat] = list(match.hands[seat])
    world.gone = gone
    return world


def override(view: dict[str, Any], match: Any, rng: random.Random) -> tuple[int, float, int] | None:
    """(trick, the search's margin, the label) where the search prefers another move."""
    if len(view["legal"]) == 1:
        return None
    facts = Facts(view)
    moves = [parse_move(a) for a in view["legal"]]
    tally = drain(hard.search(facts, moves, rng, hard.samples_for(hard.ARENA_SAMPLES, view["players"])))
    if not tally.worlds:
        return None
    won = [tally.total(m) for m in moves]
    base = hard.medium_index(facts, moves)
    best = max(range(len(moves)), key=lambda i: (won[i], i == base))
    if best == base:
        return None
    truth = true_world(facts, match)
    showdown = facts.sim.trick_no >= hard.SOLVE_FROM
    label = hard.hand_won(truth, moves[best], facts.me, showdown) - hard.hand_won(truth, moves[base], facts.me, showdown)
    return facts.sim.trick_no, (won[best] - won[base]) / tally.weight, int(label)


def deals(args: tuple[int, int, int]) -> list[tuple[int, float, int]]:
    first, count, players = args
    rows = []
    for seed in range(first, first + count):
        match = GAMES["katte"].new(players, {}, seed=seed)
        bots = [make_bot("katte", "hard" if s == 0 else "medium", seed=seed * 7 + s) for s in range(players)]
        rng = random.Random(seed * 13)
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            if seat == 0:
                row = override(view, match, rng)
                if row is not None:
                    rows.append(row)
            match.apply(bots[seat].decide(view).action)
    return rows


def main() -> int:
    total, first = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    chunk = max(1, total // 20)
    jobs = [(s, min(chunk, first + total - s), players) for s in range(first, first + total, chunk)]
    with Pool(2) as pool:
        rows = [row for part in pool.map(deals, jobs) for row in part]
    groups: dict[tuple[str, int], list[tuple[float, int]]] = defaultdict(list)
    for trick, margin, label in rows:
        b = next(i for i in range(len(EDGES) - 1) if EDGES[i] <= margin < EDGES[i + 1])
        groups[(f"trick {trick}", b)].append((margin, label))
        groups[("all", b)].append((margin, label))
    print(f"Katte, {players} seats, {total} deals from seed {first}: {len(rows)} decisions where the search "
          f"prefers another move than medium's (the bot overrides from a margin of {hard.MARGIN})")
    for key in sorted(groups, key=lambda k: (k[0] == "all", k)):
        xs = groups[key]
        n = len(xs)
        labels = [x[1] for x in xs]
        mean = sum(labels) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in labels) / max(n - 1, 1))
        print(f"  {key[0]:8} margin {EDGES[key[1]]:.2f}-{EDGES[key[1] + 1]:.2f}: n {n:5}, "
              f"the search's mean margin {sum(x[0] for x in xs) / n:.3f}, "
              f"in the true deal {mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
