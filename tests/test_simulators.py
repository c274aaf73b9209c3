"""One conformance test for every bot's fast simulator (``engine/bots/simulator.py``):
random deals at random tables, played through the engine and the simulator side by
side, must give the same seat to act, the same legal actions and the same result."""

from __future__ import annotations

import importlib
import random

import pytest
from tables import random_table

from engine import GAMES, Match
from engine.bots.simulator import Simulator

MODULES = {"katte": "katte", "katko": "katko", "call-kitti": "call_kitti", "kocka": "kocka"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_simulator_plays_by_the_engines_rules(game: str) -> None:
    simulator_for = importlib.import_module(f"engine.bots.{MODULES[game]}").simulator_for
    rng = random.Random(11)
    deals = 0
    for seed in range(200):
        players, options = random_table(game, rng)
        match: Match = GAMES[game].new(players, options, seed=seed)
        sim: Simulator = simulator_for(match)
        while not match.deal_over:
            seat = match.to_act()[0]
            assert sim.to_act() == seat, (seed, match.to_record())
            engine_legal = sorted(str(a) for a in match.legal_actions(seat))
            listed = sim.legal_actions()
            assert listed is None or listed == engine_legal, (seed, listed, engine_legal)
            action = str(match.random_action(rng, seat))
            match.apply(action)
            sim.apply(action)
        assert sim.to_act() == -1
        result = match.deal_result()
        got = sim.outcome()
        assert got and got == {k: result[k] for k in got}, (seed, got, result)
        deals += 1
    assert deals == 200


@pytest.mark.parametrize("name", ["kocka", "katte", "katko", "call-kitti"])
def test_the_benchmark_plays_whole_deals_through_each_fast_simulator(name: str) -> None:
    """python -m engine bench's second half: random deals to the end in each simulator, with
    a result the rules allow (every penalty point, trick or show goes to someone)."""
    from engine.bench import PLAYOUTS, starts

    rng = random.Random(4)
    results = [PLAYOUTS[name](start, rng) for start in starts(name, rng)]
    assert len(results) >= 60
    for r in results:
        if name == "kocka":
            assert sum(r) <= 33 and max(r) > 0  # all 33, or fewer after an early end (O-8)
        elif name == "katte":
            assert 0 <= r < 4  # the winner's seat
        elif name == "katko":
            assert sum(r) >= 1  # the last trick's point at least (T-9)
        else:
            assert sum(r) <= 4  # four shows, a tied one won by nobody (C-7)
