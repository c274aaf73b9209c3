"""Katte bots: legal, deterministic, honest (view only), with hints (their strength:
tests/test_strength.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.bots import Budget, levels, make_bot
from engine.bots import katte as K
from engine.games.katte import Katte

LEVELS = ("random", "easy", "medium", "hard")
FAST = Budget(samples=6)  # enough to exercise every branch of the search quickly
CATALOGUE = json.loads((Path(__file__).resolve().parents[1] / "engine" / "locale"
                        / "en.json").read_text("utf-8"))


def _bot(level: str, seed: int) -> Any:
    return make_bot("katte", level, seed=seed, budget=FAST if level == "hard" else None)


def _random_positions(count: int, seed: int) -> list[Katte]:
    """Matches stopped at random decision points, 2–6 players, mixed play so far."""
    rng = random.Random(seed)
    out: list[Katte] = []
    while len(out) < count:
        players = rng.randint(2, 6)
        m = Katte.new(players, seed=rng.randrange(1 << 30))
        policy = [make_bot("katte", rng.choice(["random", "medium"]), seed=s) for s in range(players)]
        stop = rng.randrange(0, 6 * players)
        for _ in range(stop):
            if m.deal_over:
                break
            seat = m.to_act()[0]
            m.apply(policy[seat].decide(m.view(seat)).action)
        if not m.deal_over:
            out.append(m)
    return out


def test_levels_are_registered() -> None:
    assert levels("katte") == list(LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level: str) -> None:
    for i, m in enumerate(_random_positions(120, 5)):
        seat = m.to_act()[0]
        view = m.view(seat)
        decision = _bot(level, i).decide(view)
        assert decision.action in view["legal"]


def test_the_simulator_agrees_with_the_engine() -> None:
    """The private simulator lists the engine's legal moves and finds its winner."""
    rng = random.Random(3)
    for seed in range(150):
        m = Katte.new(rng.randint(2, 6), seed=seed)
        if m.deal_over:
            continue
        first = K.Facts(m.view(m.to_act()[0])).sim.clone()
        first.hands = [list(h) for h in m.hands]  # the true deal, for the replay below
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            sim = K.Facts(view).sim
            assert sorted(K.action_of(seat, mv) for mv in sim.legal()) == sorted(view["legal"])
            action = rng.choice(view["legal"])
            m.apply(action)
            assert first.turn == seat
            first.step(*K.parse_move(action))
        assert first.result == m.deal_result()["winner"]


def test_samples_respect_every_public_fact() -> None:
    """The true deal never breaks a constraint the hard bot infers, and a sample is
    a full deal: the right number of cards per seat, no card twice, none seen."""
    for i, m in enumerate(_random_positions(150, 9)):
        seat = m.to_act()[0]
        facts = K.Facts(m.view(seat))
        hidden: dict[int, list[int]] = {s: [] for s in range(m.players)}
        for t in m.done + [m.trick]:
            for s, c, up in t.plays:
                if not up and s != seat:
                    hidden[s].append(c)
        order = {s: iter(cards) for s, cards in hidden.items()}
        for s, forbid in facts.slots:
            assert not forbid >> next(order[s]) & 1
        for s in range(m.players):
            if s != seat:
                assert not any(facts.hand_forbid[s] >> c & 1 for c in m.hands[s])
        got = K.sample_world(facts, random.Random(i))
        assert got is not None
        world, thrown = got
        cards = [c for s in range(m.players) for c in world.hands[s]] + thrown
        assert len(cards) == len(set(cards))
        assert [len(h) for h in world.hands] == [len(h) for h in m.hands]
        assert world.hands[seat] == facts.sim.hands[seat]
        assert not any(world.seen >> c & 1 for c in cards)


def test_medium_play_is_fully_explained_by_the_opponent_model() -> None:
    """Against medium seats, the true deal has weight 1 (no play is a surprise)."""
    rng = random.Random(2)
    for seed in range(25):
        players = rng.randint(2, 6)
        m = Katte.new(players, seed=seed)
        bots = [make_bot("katte", "medium", seed=s) for s in range(players)]
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            facts = K.Facts(view)
            hidden: dict[int, list[int]] = {s: [] for s in range(players)}
            for t in m.done + [m.trick]:
                for s, c, up in t.plays:
                    if not up and s != seat:
                        hidden[s].append(c)
            order = {s: iter(cards) for s, cards in hidden.items()}
            thrown = [next(order[s]) for s, _ in facts.slots]
            world = facts.sim.clone()
            world.hands = [list(h) for h in m.hands]
            assert K.likelihood(facts, world, thrown, 0.3) == 1.0
            m.apply(bots[seat].decide(view).action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_makes_a_level_deterministic(level: str) -> None:
    def play() -> list[str]:
        m = Katte.new(4, seed=21)
        bots = [_bot(level, 100 + s) for s in range(4)]
        while not m.deal_over:
            seat = m.to_act()[0]
            m.apply(bots[seat].decide(m.view(seat)).action)
        return m.records[-1].actions

    assert play() == play()


def _twin_deals(seed: int) -> tuple[Katte, Katte, int] | None:
    """Two deals, same actions so far, that differ by one swap of cards between two
    other seats' hands (cards no action named): the seat to act cannot tell them apart."""
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    a = Katte.new(players, seed=seed)
    policy = [make_bot("katte", "medium", seed=s) for s in range(players)]
    actions = []
    for _ in range(rng.randrange(0, 4 * players)):
        if a.deal_over:
            return None
        seat = a.to_act()[0]
        action = policy[seat].decide(a.view(seat)).action
        a.apply(action)
        actions.append(action)
    if a.deal_over:
        return None
    me = a.to_act()[0]
    others = [s for s in range(players) if s != me]
    rng.shuffle(others)
    s1, s2 = others[:2]
    x, y = rng.choice(a.hands[s1]), rng.choice(a.hands[s2])
    deal = a.records[-1]
    hands = [list(h) for h in deal.hands]
    cx, cy = a.DECK.code(x), a.DECK.code(y)
    hands[s1][hands[s1].index(cx)] = cy
    hands[s2][hands[s2].index(cy)] = cx
    b = Katte(players, None, seed)
    b.start_deal(hands, deal.start)
    for action in actions:
        if b.deal_over or not b.can(action):
            return None
        b.apply(action)
    if b.deal_over or b.to_act() != (me,):
        return None
    assert a.hands != b.hands
    return a, b, me


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_sees_only_its_view(level: str) -> None:
    """Deals that differ only in cards the seat cannot see give the same decision."""
    compared = 0
    for seed in range(400):
        twins = _twin_deals(seed)
        if twins is None:
            continue
        a, b, me = twins
        va, vb = a.view(me), b.view(me)
        assert va == vb
        da = make_bot("katte", level, seed=seed, budget=Budget(12)).decide(va)
        db = make_bot("katte", level, seed=seed, budget=Budget(12)).decide(vb)
        assert da == db
        compared += 1
        if compared >= 25:
            break
    assert compared >= 25


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_hints_carry_a_known_reason(level: str) -> None:
    reasons = set()
    for i, m in enumerate(_random_positions(80, 17)):
        seat = m.to_act()[0]
        decision = _bot(level, i).decide(m.view(seat))
        if decision.reason is None:  # easy's random slips carry no reason
            assert level == "easy"
            continue
        assert decision.reason in CATALOGUE
        assert decision.params["deck"] == "french"
        for key in ("card", "best"):
            if key in decision.params:
                assert GAMES["katte"].DECK.is_code(decision.params[key])
        reasons.add(decision.reason)
    assert len(reasons) >= 5


def test_the_busiest_decision_yields_while_it_thinks() -> None:
    m = Katte.new(6, seed=4)
    bot = make_bot("katte", "hard", seed=1, budget=Budget(samples=10_000, seconds=0.3))
    gen = bot.steps(m.view(m.to_act()[0]))
    slices = 0
    try:
        while True:
            next(gen)
            slices += 1
    except StopIteration as done:
        assert done.value.action in m.view(m.to_act()[0])["legal"]
    assert slices >= 2


def _trick_positions(trick: int, deals: int) -> list[dict[str, Any]]:
    """Seat 0's views with a choice at ``trick`` in four-seat deals played by medium bots."""
    views = []
    for seed in range(1, deals + 1):
        m = Katte.new(4, seed=seed)
        bots = [make_bot("katte", "medium", seed=s) for s in range(4)]
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            if seat == 0 and view["trick_number"] == trick and len(view["legal"]) > 1:
                views.append(view)
            m.apply(bots[seat].decide(view).action)
    return views


def test_from_trick_3_the_hard_bot_plans_its_own_later_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # at four seats the hard bot's tricks 3 and 4 are the plan search's (its later cards
    # chosen per information set), not medium playouts: it plays otherwise at some of them
    views = _trick_positions(3, 20)
    planned = [make_bot("katte", "hard", seed=i).decide(v).action for i, v in enumerate(views)]
    monkeypatch.setattr(K.plan, "PLAN_SEATS", ())
    playouts = [make_bot("katte", "hard", seed=i).decide(v).action for i, v in enumerate(views)]
    assert len(views) >= 12
    assert sum(a != b for a, b in zip(planned, playouts, strict=True)) >= 1


def test_the_plan_search_thinks_in_slices_and_can_be_stopped() -> None:
    # ten times the page's worlds: many slices of YIELD_EVERY, each a chance to cancel
    view = _trick_positions(3, 3)[0]
    bot = make_bot("katte", "hard", seed=1, budget=Budget(samples=10 * K.ARENA_SAMPLES))
    gen = bot.steps(view)
    for _ in range(2):
        next(gen)  # still thinking after two slices
    gen.close()  # what the page does when the answer is no longer wanted
    with pytest.raises(StopIteration):
        next(gen)
