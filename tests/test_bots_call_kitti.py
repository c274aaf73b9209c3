"""Call Kitti bots: legal, deterministic, honest and explained (their strength: tests/test_strength.py)."""

from __future__ import annotations

import json
import random
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from engine.bots import Budget, make_bot
from engine.bots import call_kitti as ck
from engine.games.call_kitti import CallKitti, set_value
from engine.i18n import fill

GAME = "call-kitti"
LEVELS = ("random", "easy", "medium", "hard")
CATALOGUE = json.loads((Path(__file__).parents[1] / "engine/locale/en.json").read_text())
FAST = Budget(samples=4)  # hard with a small count budget, where strength does not matter


def _bot(level: str, seed: int = 0, budget: Budget | None = None) -> Any:
    return make_bot(GAME, level, seed=seed, budget=FAST if level == "hard" and budget is None else budget)


def _play_deal(match: CallKitti, bots: list[Any], check: Any = None) -> None:
    while not match.deal_over:
        for seat in match.to_act():
            if seat in match.to_act():
                view = match.view(seat)
                decision = bots[seat].decide(view)
                if check is not None:
                    check(match, seat, view, decision)
                match.apply(decision.action)


def test_every_level_acts_legally_in_many_deals() -> None:
    seen = {level: 0 for level in LEVELS}

    def check(match: CallKitti, seat: int, view: dict[str, Any], decision: Any) -> None:
        assert match.check(match.parse(decision.action)) is None, decision.action
        seen[bots[seat].level] += 1

    for seed in range(12):
        levels = [LEVELS[(seed + s) % 4] for s in range(4)]
        match = CallKitti.new(4, seed=seed)
        bots = [_bot(levels[s], seed * 10 + s) for s in range(4)]
        for _ in range(3):
            _play_deal(match, bots, check)
            if match.match_over:
                break
            match.start_deal()
    assert min(seen.values()) >= 40


def test_six_pairs_hand_is_handled_at_every_level() -> None:
    pairs = ["2S", "2H", "5D", "5C", "8S", "8H", "JD", "JC", "QS", "QH", "KD", "KC", "AS"]
    rest = [c for c in (r + s for s in "SHDC" for r in "23456789TJQKA") if c not in pairs]
    hands = [pairs, rest[:13], rest[13:26], rest[26:39]]
    for level in LEVELS:
        match = CallKitti(4, seed=1)
        match.start_deal(hands, 3)  # seat 0 bids first, so it may also declare when bidding
        view = match.view(0)
        assert view["may_declare"]
        action = _bot(level, 5).decide(view).action
        assert match.check(match.parse(action)) is None


def test_a_seed_makes_every_level_deterministic() -> None:
    match = CallKitti.new(4, seed=11)
    views = [match.view(s) for s in range(4)]
    for level in LEVELS:
        first = [_bot(level, 3, Budget(samples=12)).decide(v) for v in views]
        again = [_bot(level, 3, Budget(samples=12)).decide(v) for v in views]
        assert first == again
    bots = [_bot("easy", s) for s in range(4)]
    for seat in range(4):
        match.apply(bots[seat].decide(match.view(seat)).action)
    hard = [_bot("hard", 3, Budget(samples=12)).decide(match.view(match.to_act()[0])) for _ in range(2)]
    assert hard[0] == hard[1]


def _swap_words(action: str, x: str, y: str) -> str:
    return " ".join(y if w == x else x if w == y else w for w in action.split())


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_ignores_cards_the_seat_cannot_see(level: str) -> None:
    """Two deals differing only in two cards swapped between two other seats (their
    secret arrangements swapped along): the same view, the same decision."""
    compared = 0
    phases = set()
    for seed in range(10):
        rng = random.Random(seed)
        a = CallKitti.new(4, seed=seed)
        deal = a.records[-1]
        seat = rng.randrange(4)
        s1, s2 = rng.sample([s for s in range(4) if s != seat], 2)
        x, y = rng.choice(deal.hands[s1]), rng.choice(deal.hands[s2])
        hands = [list(h) for h in deal.hands]
        hands[s1][hands[s1].index(x)] = y
        hands[s2][hands[s2].index(y)] = x
        b = CallKitti(4, seed=seed)
        b.start_deal(hands, deal.start)
        movers = [_bot("medium", 100 + s) for s in range(4)]
        # the others arrange (and, when `seat` arranges too, those before it bid); then
        # `seat` decides in both deals: arranging in even seeds, bidding in odd ones
        while not a.deal_over:
            acting = [s for s in a.to_act() if s != seat]
            if not acting:
                if a.phase == "arrange" and seed % 2:
                    acting = [seat]
                else:
                    break
            mover = acting[0]
            action = movers[mover].decide(a.view(mover)).action
            a.apply(action)
            b.apply(_swap_words(action, x, y) if mover in (s1, s2) else action)
        if a.deal_over or seat not in a.to_act():
            continue
        assert a.view(seat) == b.view(seat)
        da = _bot(level, 7).decide(a.view(seat))
        db = _bot(level, 7).decide(b.view(seat))
        assert da == db
        phases.add(a.phase)
        compared += 1
    assert compared >= 6 and phases == {"arrange", "bid"}


def _fill(key: str, params: dict[str, Any]) -> str:
    text = CATALOGUE[key]
    fields = set(re.findall(r"\{(\w+)[,}]", text))  # plain fields and plurals' counts
    assert fields <= set(params), (key, fields - set(params))
    return fill(text, params)


def test_hints_have_reasons_in_the_catalogue() -> None:
    reasons = set()
    for seed in range(6):
        match = CallKitti.new(4, seed=seed)
        decision = ck.suggest_arrangement(match.view(0))
        assert match.check(match.parse(decision.action)) is None
        assert decision.reason == "hint.call-kitti.arrange"
        assert decision.params["deck"] == "french"
        _fill(decision.reason, decision.params)
        bots = [_bot("medium", s) for s in range(4)]
        for s in range(4):
            match.apply(bots[s].decide(match.view(s)).action)
        for level in ("easy", "medium", "hard"):
            bidder = match.to_act()[0]
            hint = ck.suggest_bid(match.view(bidder), FAST) if level == "hard" else _bot(level).decide(
                match.view(bidder))
            assert hint.reason in CATALOGUE
            reasons.add(hint.reason)
            _fill(hint.reason, hint.params)
    assert "hint.call-kitti.declare" in CATALOGUE
    assert "hint.call-kitti.bid" in reasons


def test_the_optimiser_finds_the_best_of_all_200200_splits() -> None:
    rng = random.Random(4)
    for _ in range(2):
        pack = list(range(52))
        rng.shuffle(pack)
        hand = pack[:13]
        score, sets, discard, vals = ck.optimise(hand)
        assert sorted([c for s in sets for c in s] + [discard]) == sorted(hand)
        vr = {t: ck.hand_vrank(t) for t in combinations(sorted(hand), 3)}
        best = -1.0
        count = 0
        for d in hand:
            rest = sorted(c for c in hand if c != d)
            first = rest[0]
            for a in combinations(rest[1:], 2):
                s1 = (first, *a)
                r1 = [c for c in rest if c not in s1]
                for b in combinations(r1[1:], 2):
                    s2 = (r1[0], *b)
                    r2 = [c for c in r1 if c not in s2]
                    for c in combinations(r2[1:], 2):
                        s3 = (r2[0], *c)
                        s4 = tuple(x for x in r2 if x not in s3)
                        v = sorted((vr[s1], vr[s2], vr[s3], vr[s4]), reverse=True)
                        best = max(best, sum(ck.WIN[k][v[k]] for k in range(4)))
                        count += 1
        assert count == 200200
        assert score == pytest.approx(best)
        assert vals == sorted(vals, reverse=True)


def test_value_ranks_order_sets_as_the_engine_does() -> None:
    rng = random.Random(2)
    for _ in range(3000):
        x, y = rng.sample(range(52), 3), rng.sample(range(52), 3)
        vx, vy = set_value(x), set_value(y)
        rx, ry = ck.hand_vrank(x), ck.hand_vrank(y)
        assert (vx > vy) == (rx > ry) and (vx == vy) == (rx == ry)


def test_private_shows_and_scoring_agree_with_the_engine() -> None:
    rng = random.Random(9)
    for seed in range(150):
        match = CallKitti.new(4, seed=seed)
        # a random standing so that WATI carries and C-10 matter
        match.points = [rng.randrange(-3, 5) for _ in range(4)]
        match.wati_carry = [rng.randrange(5) for _ in range(4)]
        match.wati_total = [c + rng.randrange(3) for c in match.wati_carry]
        match.goals = [rng.randrange(4) for _ in range(4)]
        before = (list(match.points), list(match.wati_carry), list(match.wati_total), list(match.goals))
        for s in range(4):
            action = _bot("medium").decide(match.view(s)).action
            if rng.random() < 0.5 or "declare" in action:
                action = str(match.random_action(rng, s))
            match.apply(action)
        vals = [[ck.hand_vrank(t) for t in match.sets[s] or []] for s in range(4)]
        bids = [rng.choice([0, 1, 1, 2, 3, 4]) for _ in range(4)]
        while not match.deal_over:
            bidder = match.to_act()[0]
            match.apply(f"{bidder} bid {bids[bidder]}")
        won = ck.play_shows(vals)
        assert won == match.won
        pts, wati, goals, pay = ck.score_deal(bids, won, before[0], before[1], before[2], before[3])
        assert pts == match.points and wati == match.wati_total and goals == match.goals
        assert pay == match.result["payments"]


def test_hard_keeps_to_its_time_budget_and_yields() -> None:
    match = CallKitti.new(4, seed=3)
    bots = [_bot("medium", s) for s in range(4)]
    for s in range(4):
        match.apply(bots[s].decide(match.view(s)).action)
    view = match.view(match.to_act()[0])
    import time

    def run(budget: Budget) -> tuple[int, float, Any]:
        steps = _bot("hard", 1, budget).steps(view)
        yields, start = 0, time.perf_counter()
        try:
            while True:
                next(steps)
                yields += 1
        except StopIteration as done:
            return yields, time.perf_counter() - start, done.value

    # a clock of 0.05 s stops a search of a million deals: generous, so a loaded machine never fails it
    yields, took, decision = run(Budget(samples=10**6, seconds=0.05))
    assert took < 5 and yields >= 1
    assert match.check(match.parse(decision.action)) is None
    # bounded by its count instead, the search yields between its slices however fast the machine
    yields, _, decision = run(Budget(samples=200, seconds=600))
    assert yields >= 3
    assert match.check(match.parse(decision.action)) is None
