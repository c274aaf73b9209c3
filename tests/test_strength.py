"""Each bot level plays better than the level below it, measured so that the test can fail.

Two kinds of measure, both on fixed seeds (so each run gives the same figures):

* **Whole deals or matches in duplicate** (``engine/bots/arena.py``; Katko: its share of
  last tricks over duplicate deals): the stronger level in one seat against three of the
  weaker. Every level sits in every seat with every hand, so two bots of the *same* level
  get exactly the fair value (penalty 0 against the table, a 25% share, 0 money). Each
  bar is the figure measured on exactly these runs minus three standard errors, and is
  strictly better than the fair value, so replacing the stronger bot by the weaker one
  fails the test (``python -m pytest tests/test_strength.py --swap-level hard=medium``
  and ``--swap-level medium=easy`` show it; ``tests/conftest.py``).
* **Fixed positions** where the gap is too small to show by playing whole hands in the
  suite's time (Katte's and Call Kitti's hard bots against medium): positions whose better
  move was settled beforehand by a long sampled run (``tools/strength_positions.py``,
  which wrote ``tests/strength_positions/``); the hard bot must choose that move more
  often than the medium bot, and at least as often as measured here minus a margin.

All of it runs in a few minutes on the 2-core test machine (``--durations`` prints it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.bots import Budget, make_bot
from engine.bots.arena import run
from engine.games.katko import Katko

POSITIONS = Path(__file__).parent / "strength_positions"

# game, stronger, weaker, units (deals or matches), seed, the stronger's sample count
# (None: its default), bar, and the figure measured on this very run (mean, standard error)
DUPLICATE = [
    # Kočka: penalty per deal minus the table mean (lower is better; fair: 0)
    ("kocka", "hard", "medium", 40, 500, 24, -0.18, (-2.358, 0.391)),
    ("kocka", "medium", "easy", 300, 500, None, -0.54, (-1.007, 0.155)),
    ("kocka", "easy", "random", 80, 500, None, -3.63, (-4.58, 0.32)),
    # Katte: hands won (fair: 0.25 at four seats)
    ("katte", "medium", "easy", 400, 1, None, 0.267, (0.2894, 0.0073)),
    ("katte", "medium", "random", 400, 1, None, 0.36, (0.398, 0.011)),
    # Call Kitti: money per match in base prices (fair: 0)
    ("call-kitti", "medium", "easy", 24, 1, None, 1.28, (3.292, 0.670)),
    ("call-kitti", "easy", "random", 8, 1, None, 50.1, (91.1, 13.7)),
]
LOWER_IS_BETTER = {"kocka"}


@pytest.mark.parametrize(("game", "strong", "weak", "units", "seed", "samples", "bar", "measured"), DUPLICATE,
                         ids=[f"{c[0]}-{c[1]}-vs-{c[2]}" for c in DUPLICATE])
def test_the_stronger_level_does_better_in_duplicate(game: str, strong: str, weak: str, units: int, seed: int,
                                                     samples: int | None, bar: float,
                                                     measured: tuple[float, float]) -> None:
    r = run(game, 4, [strong, weak, weak, weak], units, seed, jobs=1, progress=False,
            samples={strong: samples} if samples else None)
    mean = r["mean"][0]
    print(f"{game}: {strong} vs 3 {weak}: {mean:.4f} ± {r['ci95'][0]:.4f} (95%); bar {bar}")
    assert (mean <= bar) if game in LOWER_IS_BETTER else (mean >= bar), r


def katko_share(a: str, b: str, deals: int, seed: int, budget: Budget | None = None) -> tuple[float, float]:
    """Duplicate deals at 4 seats: level ``a``'s share of last tricks against three ``b``
    (fair share 0.25), its mean and standard error over the deals."""
    xs = []
    for d in range(deals):
        won = 0
        for rot in range(4):
            m = Katko.new(4, seed=seed + d)
            bots = [make_bot("katko", a if s == rot else b, seed=d * 7 + s,
                             budget=budget if s == rot else None) for s in range(4)]
            while not m.deal_over:
                seat = m.to_act()[0]
                m.apply(bots[seat].decide(m.view(seat)).action)
            won += m.deal_result()["last_trick"] == rot
        xs.append(won / 4)
    mean = sum(xs) / deals
    se = (sum((x - mean) ** 2 for x in xs) / (deals - 1) / deals) ** 0.5
    return mean, se


# Katko: a level's share of last tricks (fair: 0.25); the hard bot searches 40 worlds here
KATKO = [
    ("hard", "medium", 600, Budget(40), 0.265, (0.2867, 0.0070)),
    ("medium", "easy", 1200, None, 0.257, (0.2717, 0.0048)),
    ("easy", "random", 400, None, 0.307, (0.337, 0.010)),
]


@pytest.mark.parametrize(("strong", "weak", "deals", "budget", "bar", "measured"), KATKO,
                         ids=[f"katko-{c[0]}-vs-{c[1]}" for c in KATKO])
def test_katko_the_stronger_level_takes_more_last_tricks(strong: str, weak: str, deals: int, budget: Budget | None,
                                                         bar: float, measured: tuple[float, float]) -> None:
    mean, se = katko_share(strong, weak, deals, 500, budget)
    print(f"katko: {strong} vs 3 {weak}: {mean:.4f} ± {se:.4f}; bar {bar}")
    assert mean >= bar


def settled(game: str) -> list[dict[str, Any]]:
    positions: list[dict[str, Any]] = json.loads((POSITIONS / f"{game}.json").read_text("utf-8"))["positions"]
    return positions


# the hard bot at the sample count players meet in the arena and docs/bots.md (its default)
POSITION_CASES = [("katte", None), ("call-kitti", None)]


@pytest.mark.parametrize(("game", "samples"), POSITION_CASES, ids=[c[0] for c in POSITION_CASES])
def test_the_hard_bot_finds_the_settled_better_move_more_often(game: str, samples: int | None) -> None:
    positions = settled(game)
    hits = {"hard": 0, "medium": 0}
    for i, p in enumerate(positions):
        for level in hits:
            budget = Budget(samples) if level == "hard" and samples else None
            chosen = make_bot(game, level, seed=1000 + i, budget=budget).decide(p["view"]).action
            hits[level] += chosen == p["best"]
    print(f"{game}: the settled better move chosen in {len(positions)} positions: {hits}")
    assert hits["hard"] > hits["medium"], hits
    assert hits["hard"] >= MIN_HARD_HITS[game] * len(positions), hits


# measured with these positions and seeds: Katte hard 56 of 60 (medium 49; 55 before the plan search), Call Kitti hard
# 24 of 30 (medium 0: its positions are those where medium's move was settled worse)
MIN_HARD_HITS = {"katte": 0.9, "call-kitti": 0.7}
