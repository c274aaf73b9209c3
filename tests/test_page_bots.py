"""The bots players meet are the bots ``docs/bots.md`` measures.

The page (``web/table/bots.py``) builds each seat's bot with no budget of its own, so a
hard bot searches its game's fixed sample count (``ARENA_SAMPLES``), as in the arena:
seeded alike, the page's bot and the arena's make the same decisions, move after move.
A time budget in the page (as it once had: a quarter of a second) would make them differ.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from table import bots

from engine import GAMES
from engine.bots import make_bot

DECISIONS = 6  # hard decisions compared per game (each takes up to a few tenths of a second)


@pytest.mark.parametrize("game", ["kocka", "katte", "katko", "call-kitti"])
def test_the_pages_hard_bots_decide_as_the_arenas(game: str) -> None:
    seed = 7
    players = 4
    match = GAMES[game].new(players, {}, seed=seed)
    page = bots.Players(game, {s: "hard" for s in range(1, players)}, seed)
    # the arena seeds seat s's bot with seed * 31 + s (engine/bots/arena.py), as the page does
    arena = {s: make_bot(game, "hard", seed=seed * 31 + s) for s in range(1, players)}
    human = random.Random(1)
    compared = 0
    while compared < DECISIONS and not match.deal_over:
        seat = match.to_act()[0]
        if seat == 0:
            match.apply(bots.random_choice(match, 0, human))
            continue
        expected = match.parse(arena[seat].decide(match.view(seat)).action)
        got = run_async(page.action(match, seat, lambda: True))
        assert got == expected, f"{game} seat {seat}: the page played {got}, the arena's bot {expected}"
        assert not page.errors
        match.apply(got)
        compared += 1
    assert compared == DECISIONS
