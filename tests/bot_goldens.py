"""Golden bot decisions: what every level decides, with its reason, at every turn of a
few seeded deals, so that a refactoring of the bots shows as a readable diff (and a
deliberate change of play shows exactly where it plays differently).

Regenerate after a deliberate change with ``python tests/bot_goldens.py`` and review
the diff of ``tests/golden_bots/``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import GAMES
from engine.bots import Budget, levels, make_bot

GOLDEN = Path(__file__).parent / "golden_bots"
SEEDS = (1, 2, 3, 4)
HARD = Budget(samples=6)  # a few worlds, no clock: the same decisions on any machine


def playthrough(game: str) -> str:
    """Each level's decision at every turn of ``SEEDS``' first deals, random play between."""
    lines = [f"# {game}: every level's decision at every turn (hard: {HARD.samples} worlds)"]
    for seed in SEEDS:
        rng = random.Random(seed)
        match = GAMES[game].new(4, seed=seed)
        lines.append(f"\n## seed {seed}")
        turn = 0
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            if len(view["legal"]) > 1:
                turn += 1
                for level in levels(game):
                    bot = make_bot(game, level, seed=seed * 1000 + turn, budget=HARD if level == "hard" else None)
                    d = bot.decide(view)
                    params = json.dumps(d.params, sort_keys=True, ensure_ascii=False)
                    lines.append(f"{turn:3} seat {seat} {level:6} {d.action}  {d.reason or '-'} {params}")
            match.apply(match.random_action(rng, seat))
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game in sorted(GAMES):
        (GOLDEN / f"{game}.txt").write_text(playthrough(game), "utf-8")
        print(f"wrote {GOLDEN / game}.txt")


if __name__ == "__main__":
    main()
