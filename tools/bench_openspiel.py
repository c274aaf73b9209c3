"""Random play through the public API, time per action: Kočka beside OpenSpiel's Hearts.

The same loop for both: a new match (a new initial state), then until it ends: the
legal actions of the seat to act, a random one applied (Kočka's passes included;
Hearts' chance nodes are dealt with ``chance_outcomes``). OpenSpiel is never a
dependency of Kortti: run this in a separate environment that has it, e.g.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel
    /tmp/os/bin/python tools/bench_openspiel.py

It prints microseconds per action for each, and their ratio (the aim: at most 1.0).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine

SECONDS = 5.0


def kocka(rng: random.Random) -> int:
    """One deal of Kočka by random play; the actions taken."""
    m = engine.new_match("kocka", 4, seed=rng.randrange(1 << 30))
    n = 0
    while not m.deal_over:
        seat = m.to_act()[0]
        m.apply(rng.choice(m.legal_actions(seat)))
        n += 1
    return n


def hearts(game: object, rng: random.Random) -> int:
    """One deal of OpenSpiel's Hearts by random play; the actions taken (chance included)."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def per_action(play: object, *args: object) -> float:
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        actions += play(*args, rng)  # type: ignore[operator]
    return (time.perf_counter() - start) / actions * 1e6


def main() -> None:
    import pyspiel  # in the benchmark's own environment only

    ours = per_action(kocka)
    theirs = per_action(hearts, pyspiel.load_game("hearts"))
    print(f"Kočka (Kortti, {sys.implementation.name} {sys.version.split()[0]}): {ours:.1f} µs per action")
    print(f"Hearts (OpenSpiel {getattr(pyspiel, '__version__', '')}, C++ from Python): {theirs:.1f} µs per action")
    print(f"ratio: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
