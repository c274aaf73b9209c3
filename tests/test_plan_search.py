"""tools/plan_search.py: Katte's search of the bot's own later choices per information set,
and tools/ceiling.py's share of the gap closed.

The plan search must not choose as if it saw each world's cards (strategy fusion): its value
on the worlds it learnt from lies between the medium rules' for the bot's later cards and
the value of choosing them in each world apart, and with one world it is that world's exact
value."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import ceiling
import plan_search

from engine.bots import make_bot
from engine.bots.katte import plan
from engine.bots.katte.policy import medium_move
from engine.bots.katte.sim import Sim, parse_move
from engine.bots.katte.worlds import Facts
from engine.games import GAMES


def positions(trick: int, deals: int) -> list[Facts]:
    """Seat 0's decisions at ``trick`` with a choice, in deals played by medium bots."""
    out = []
    for seed in range(1, deals + 1):
        match = GAMES["katte"].new(4, {}, seed=seed)
        bots = [make_bot("katte", "medium", seed=s) for s in range(4)]
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            if seat == 0 and view["trick_number"] == trick and len(view["legal"]) > 1:
                out.append(Facts(view))
            match.apply(bots[seat].decide(view).action)
    return out


def each_world_apart(sim: Sim, me: int) -> float:
    """1 if ``me`` can win the hand from ``sim`` choosing every later card with this world's
    cards in view (the others playing medium), else 0: the fused value."""
    while sim.result < 0 and sim.turn != me:
        sim.step(*medium_move(sim))
    if sim.result >= 0:
        return 1.0 if sim.result == me else 0.0
    for move in sim.legal():
        s = sim.clone()
        s.step(*move)
        if each_world_apart(s, me):
            return 1.0
    return 0.0


def medium_later(sim: Sim, me: int) -> float:
    s = sim.clone()
    while s.result < 0:
        s.step(*medium_move(s))
    return 1.0 if s.result == me else 0.0


def test_plan_lies_between_medium_and_fused_values() -> None:
    rng = Random(7)
    checked = below_fused = 0
    for facts in positions(3, 40):
        worlds = plan_search.draw(facts, rng, 60)
        moves = [parse_move(a) for a in facts_legal(facts)]
        for move, value in plan_search.root_values(worlds, worlds, facts.me, moves).items():
            after = []
            for sim, w in worlds:
                s = sim.clone()
                s.step(*move)
                after.append((s, w))
            medium = sum(w * medium_later(s, facts.me) for s, w in after)
            fused = sum(w * each_world_apart(s.clone(), facts.me) for s, w in after)
            assert medium - 1e-9 <= value <= fused + 1e-9
            checked += 1
            below_fused += value < fused - 1e-9
    # a search that let each world choose its own later cards would reach the fused value
    assert checked > 20 and below_fused > checked // 4


def test_one_world_is_searched_exactly() -> None:
    rng = Random(3)
    for facts in positions(3, 15):
        world = plan_search.draw(facts, rng, 1)
        moves = [parse_move(a) for a in facts_legal(facts)]
        for move, value in plan_search.root_values(world, world, facts.me, moves).items():
            s = world[0][0].clone()
            s.step(*move)
            assert value == world[0][1] * each_world_apart(s, facts.me)


def test_the_plan_is_one_move_per_information_set() -> None:
    # the later moves learnt are keyed by what the bot saw only, and a world never
    # chooses its own: replaying the learnt policy on the same worlds gives its value
    rng = Random(5)
    for facts in positions(3, 10):
        worlds = plan_search.draw(facts, rng, 80)
        for action in facts_legal(facts):
            move = parse_move(action)
            policy: plan.Policy = {}
            learnt = plan_search._run(plan.after(worlds, facts.me, (), move, policy, True, plan._Clock()))
            assert plan_search._run(plan.after(worlds, facts.me, (), move, policy, False, plan._Clock())) == learnt


def facts_legal(facts: Facts) -> list[str]:
    from engine.bots.katte.sim import action_of

    return [action_of(facts.me, m) for m in facts.sim.legal()]


def test_gap_closed_is_the_ratio_with_an_interval_around_it() -> None:
    rng = Random(1)
    hard = [0.25 + 0.05 * rng.random() for _ in range(200)]  # about 0.275
    oracle = [h + 0.2 + 0.05 * rng.random() for h in hard]  # about 0.5
    share, low, high, delta = ceiling.gap_closed(hard, oracle, 0.25)
    expect = (sum(hard) / 200 - 0.25) / (sum(oracle) / 200 - 0.25)
    assert abs(share - expect) < 1e-12
    assert low < share < high and high - low < 0.1
    assert abs((high - low) / 2 - delta) < 0.02  # the bootstrap and the delta method agree
