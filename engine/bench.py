"""``python -m engine bench``: random matches per second through the public API.

Each step asks ``to_act`` and ``legal_actions`` and applies a random legal
action, as a bot's playout would; labels are never built. Prints one line a
game, plus Kočka's time per deal (the aim: under 0.2 ms in CPython).
"""

from __future__ import annotations

import platform
import random
import sys
import time
from typing import Any

from .games import GAMES

# A typical table for each game (the defaults otherwise).
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "katte": (4, {}),
    "katko": (4, {}),
    "call-kitti": (4, {}),
    "kocka": (4, {}),
}


def play_match(name: str, seed: int, max_deals: int = 200) -> int:
    """Play one random match; the number of deals played."""
    players, options = TABLES[name]
    rng = random.Random(seed)
    match = GAMES[name].new(players, options, seed=seed)
    deals = 1
    while True:
        while not match.deal_over:
            match.apply(match.random_action(rng))
        if match.match_over or deals >= max_deals:
            return deals
        match.start_deal()
        deals += 1


def play_deal(name: str, seed: int) -> None:
    players, options = TABLES[name]
    rng = random.Random(seed)
    match = GAMES[name].new(players, options, seed=seed)
    while not match.deal_over:
        match.apply(match.random_action(rng))


def measure(name: str, seconds: float) -> dict[str, float]:
    start = time.perf_counter()
    matches = deals = 0
    while time.perf_counter() - start < seconds / 2:
        deals += play_match(name, matches)
        matches += 1
    mid = time.perf_counter()
    single = 0
    while time.perf_counter() - mid < seconds / 2:
        play_deal(name, single)
        single += 1
    end = time.perf_counter()
    return {
        "matches_per_s": matches / (mid - start),
        "deals_in_matches": deals / max(matches, 1),
        "deals_per_s": single / (end - mid),
        "ms_per_deal": 1000 * (end - mid) / max(single, 1),
    }


def run(games: list[str] | None, seconds: float) -> None:
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    print(f"{impl} {platform.python_version()}: random play through the public API")
    for name in games or sorted(GAMES):
        r = measure(name, seconds)
        print(f"{name:11} {r['matches_per_s']:9.1f} matches/s ({r['deals_in_matches']:.1f} deals each)"
              f"  {r['deals_per_s']:9.0f} deals/s  {r['ms_per_deal']:.3f} ms/deal")
