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
