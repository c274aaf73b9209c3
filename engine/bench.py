"""``python -m engine bench``: random play per second, through the public API and
through the bots' fast simulators.

Through the API, each step asks ``to_act`` and ``legal_actions`` and applies a random
legal action; labels are never built. Prints one line a game, plus the time per deal.
Then each game's fast simulator (``engine/bots/<game>/sim.py``, what a hard bot's
search plays out) plays random deals: its deals per second. ``tools/bench_pyodide.py``
runs the same in the Pyodide the site ships; ``tools/bench_openspiel.py`` sets the
public API beside OpenSpiel's Hearts.
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


# ------------------------------------------------------------------ the bots' fast simulators
# What a hard bot's search plays thousands of per decision: a copy of a deal in the
# simulator's own form (engine/bots/<game>/sim.py), played out at random to its result.
# The deals are dealt (and Kočka's exchange made) by the engine beforehand, untimed.

STARTS = 64  # different deals, played out in turn


def starts(name: str, rng: random.Random) -> list[Any]:
    """Start positions of ``name``'s simulator, from seeded engine deals."""
    from .bots.call_kitti.sim import sorted_hand
    from .bots.katko.sim import simulator_for as katko_sim
    from .bots.katte.sim import simulator_for as katte_sim
    from .bots.kocka.sim import simulator_for as kocka_sim

    out: list[Any] = []
    for i in range(STARTS):
        players, options = TABLES[name]
        m = GAMES[name].new(players, options, seed=rng.randrange(1 << 30))
        if name == "kocka":
            while m.phase == "pass":  # the exchange, by the engine
                m.apply(m.random_action(rng))
            out.append(kocka_sim(m).sim)  # type: ignore[attr-defined]
        elif name == "katte":
            if not m.deal_over:  # (a deal won at once by an automatic hand has no play)
                out.append(katte_sim(m).sim)  # type: ignore[attr-defined]
        elif name == "katko":
            out.append(katko_sim(m).sim)  # type: ignore[attr-defined]
        else:
            out.append([sorted_hand(list(h)) for h in m.hands])  # type: ignore[attr-defined]
    return out


def _kocka_playout(start: Any, rng: random.Random) -> Any:
    s = start.copy()
    while not s.over:
        legal = s.legal()  # a bit mask: a random set bit, the lowest after k others
        for _ in range(rng.randrange(legal.bit_count())):
            legal &= legal - 1
        s.play((legal & -legal).bit_length() - 1)
    return s.points


def _katte_playout(start: Any, rng: random.Random) -> Any:
    s = start.clone()
    while s.result < 0:
        moves = s.legal()
        s.step(*moves[rng.randrange(len(moves))])
    return s.result


def _katko_playout(start: Any, rng: random.Random) -> Any:
    s = start.copy()
    while not s.over:
        cards = s.legal()
        s.play(cards[rng.randrange(len(cards))])
    return s.points


def _call_kitti_playout(hands: list[list[int]], rng: random.Random) -> Any:
    """Four random arrangements, the shows (C-7) and the score (C-8, C-9), random bids."""
    from .bots.call_kitti.sim import hand_vrank, play_shows, score_deal

    vals = []
    for hand in hands:
        cards = list(hand)
        rng.shuffle(cards)
        vals.append(sorted((hand_vrank(cards[i:i + 3]) for i in range(0, 12, 3)), reverse=True))
    won = play_shows(vals)
    zeros = [0, 0, 0, 0]
    score_deal([rng.randrange(4) for _ in range(4)], won, zeros, zeros, zeros, zeros)
    return won


PLAYOUTS = {"kocka": _kocka_playout, "katte": _katte_playout, "katko": _katko_playout,
            "call-kitti": _call_kitti_playout}


def sim_deals_per_second(name: str, seconds: float) -> float:
    """Random deals per second through ``name``'s fast simulator (CPU time)."""
    rng = random.Random(1)
    positions = starts(name, rng)
    playout = PLAYOUTS[name]
    clock = time.process_time
    begin, done = clock(), 0
    while clock() - begin < seconds:
        for start in positions:
            playout(start, rng)
        done += len(positions)
    return done / (clock() - begin)


def run_sims(games: list[str] | None, seconds: float) -> None:
    impl = "Pyodide" if sys.platform == "emscripten" else platform.python_implementation()
    print(f"{impl} {platform.python_version()}: random deals through the bots' fast simulators")
    for name in games or sorted(GAMES):
        print(f"{name:11} {sim_deals_per_second(name, seconds):9.0f} deals/s")
