"""Katko bots: legal, deterministic, honest (view only) and hinted (their strength: tests/test_strength.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.bots import levels, make_bot
from engine.bots import plan as shared_plan
from engine.bots.base import Budget
from engine.bots.katko import Sim, read, sample_hands
from engine.bots.katko import plan as katko_plan
from engine.cards import FRENCH

Katko = GAMES["katko"]
CATALOGUE = json.loads((Path(__file__).parents[1] / "engine/locale/en.json").read_text())
FAST = Budget(6)  # a small count budget keeps the hard bot quick in the tests


def random_table(rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A legal table: 2–20 players, any options (two decks where one cannot serve)."""
    n = rng.randint(2, 20)
    opts: dict[str, Any] = {
        "trump": rng.random() < 0.5, "must_beat": rng.random() < 0.5,
        "points_for_twos": rng.random() < 0.3, "deuce_bonus": rng.choice(["auto", "on", "off"]),
        "hand_size": rng.choice([4, 5]), "decks": rng.choice([1, 2]),
    }
    if n * opts["hand_size"] + opts["trump"] > 52:
        opts["decks"] = 2
    return n, opts


def bots_for(n: int, seed: int, level: str | None = None) -> list[Any]:
    lv = ["random", "easy", "medium", "hard"]
    return [make_bot("katko", level or lv[s % 4], seed=seed + s, budget=FAST) for s in range(n)]


def test_every_level_plays_legal_cards_at_every_kind_of_table() -> None:
    assert levels("katko") == ["random", "easy", "medium", "hard"]
    rng = random.Random(7)
    decisions = 0
    for k in range(20):
        n, opts = random_table(rng)
        m = Katko.new(n, opts, seed=k)
        bots = bots_for(n, k)
        for _ in range(2):  # two deals: scores and a new dealer
            while not m.deal_over:
                seat = m.to_act()[0]
                view = m.view(seat)
                for level in ("random", "easy", "medium", "hard")[:4 if rng.random() < 0.3 else 3]:
                    d = make_bot("katko", level, seed=k, budget=FAST).decide(view)
                    assert d.action in view["legal"], (level, d.action, view["legal"])
                    decisions += 1
                m.apply(bots[seat].decide(view).action)
            if m.match_over:
                break
            m.start_deal()
    assert decisions > 300


def test_a_seeded_bot_is_deterministic() -> None:
    for level in ("easy", "medium", "hard"):
        runs = []
        for _ in range(2):
            m = Katko.new(5, {"must_beat": True, "trump": True}, seed=3)
            bots = [make_bot("katko", level, seed=10 + s, budget=Budget(12)) for s in range(5)]
            while not m.deal_over:
                seat = m.to_act()[0]
                m.apply(bots[seat].decide(m.view(seat)).action)
            runs.append(m.to_record())
        assert runs[0] == runs[1], level


def test_the_simulator_rules_as_the_engine_does() -> None:
    """Sim (the hard bot's private copy of T-6 … T-9) agrees with the engine on
    legal cards, trick winners and points, at random tables."""
    rng = random.Random(5)
    for k in range(300):
        n, opts = random_table(rng)
        m = Katko.new(n, opts, seed=k)
        info = read(m.view(m.to_act()[0]))
        sim = Sim(n, [list(h) for h in m.hands], info.trump, info.must_beat, info.bonus, info.twos,
                  m.hand_size)
        sim.leader = sim.turn = m.turn
        while not m.deal_over:
            assert sim.turn == m.turn
            legal = {FRENCH.parse(a.args[0]) for a in m.legal_actions()}
            assert set(sim.legal()) == legal
            card = rng.choice(sorted(legal))
            m.apply(f"{m.turn} play {FRENCH.code(card)}")
            sim.play(card)
        assert sim.over
        assert sim.points == m.deal_result()["points"]
        assert sim.last_winner == m.deal_result()["last_trick"]
        assert (sim.bonus_seat >= 0) == m.deal_result()["game_won"]


def test_sampled_hands_respect_every_public_fact() -> None:
    """Replaying the deal's public actions on sampled hidden hands is always legal:
    voids and must-beat inferences are kept (else the engine would refuse a play)."""
    rng = random.Random(11)
    checked = 0
    for k in range(120):
        n, opts = random_table(rng)
        n = min(n, 8)
        if n * opts["hand_size"] + opts["trump"] > 52:
            opts["decks"] = 2
        m = Katko.new(n, opts, seed=k)
        bots = bots_for(n, k, "random")
        stop = rng.randint(1, n * m.hand_size - 1)
        for _ in range(stop):
            seat = m.to_act()[0]
            m.apply(bots[seat].decide(m.view(seat)).action)
        seat = m.to_act()[0]
        view = m.view(seat)
        info = read(view)
        deal = m.records[-1]
        for _ in range(5):
            hands = sample_hands(info, rng)
            # put back every card each seat played this deal: the hands as dealt
            dealt = [list(h) for h in hands]
            for a in view["actions"]:
                s, _, code = a.split()
                dealt[int(s)].append(FRENCH.parse(code))
            b = Katko(n, opts)
            b.start_deal([FRENCH.codes(h) for h in dealt], deal.start, deal.turned)
            for a in view["actions"]:
                b.apply(a)
            assert sorted(b.hands[seat]) == sorted(m.hands[seat])
            checked += 1
    assert checked == 600


def _swapped(m: Any, seat: int, rng: random.Random) -> Any:
    """The same deal with two unplayed cards swapped between two other seats."""
    deal = m.records[-1]
    named = {a.split()[2] for a in deal.actions}
    others = [s for s in range(m.players) if s != seat]
    rng.shuffle(others)
    s1, s2 = others[:2]
    c1 = [c for c in deal.hands[s1] if c not in named and c not in deal.hands[s2]]
    c2 = [c for c in deal.hands[s2] if c not in named and c not in deal.hands[s1]]
    if not c1 or not c2:
        return None
    x, y = rng.choice(c1), rng.choice(c2)
    hands = [list(h) for h in deal.hands]
    hands[s1][hands[s1].index(x)] = y
    hands[s2][hands[s2].index(y)] = x
    b = Katko(m.players, m.options)
    b.start_deal(hands, deal.start, deal.turned)
    for a in deal.actions:
        if b.check(b.parse(a)) is not None:
            return None
        b.apply(a)
    return b


def test_a_bot_decides_the_same_when_only_hidden_cards_differ() -> None:
    rng = random.Random(2)
    compared = 0
    for k in range(60):
        n, opts = random_table(rng)
        n = max(3, min(n, 8))
        if n * opts["hand_size"] + opts["trump"] > 52:
            opts["decks"] = 2
        m = Katko.new(n, opts, seed=k)
        bots = bots_for(n, k, "medium")
        for _ in range(rng.randint(0, n * m.hand_size - 2)):
            seat = m.to_act()[0]
            m.apply(bots[seat].decide(m.view(seat)).action)
        seat = m.to_act()[0]
        b = _swapped(m, seat, rng)
        if b is None:
            continue
        assert m.view(seat) == b.view(seat)  # the bot cannot tell the two deals apart
        for level in ("easy", "medium", "hard"):
            da = make_bot("katko", level, seed=k, budget=Budget(10)).decide(m.view(seat))
            db = make_bot("katko", level, seed=k, budget=Budget(10)).decide(b.view(seat))
            assert da == db, level
        compared += 1
    assert compared >= 25


def test_hints_name_a_catalogued_reason_and_cards() -> None:
    seen = set()
    for k in range(30):
        m = Katko.new(4, seed=k)
        bots = bots_for(4, k, "medium")
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            for level in ("medium", "hard"):
                d = make_bot("katko", level, seed=k, budget=FAST).decide(view)
                assert d.reason in CATALOGUE, d.reason
                assert d.params["deck"] == "french"
                FRENCH.parse(d.params["card"])
                for c in d.params.get("cards", []):
                    FRENCH.parse(c)
                    assert c in view["hand"]
                for field in ("{card}", "{cards}"):
                    if field in CATALOGUE[d.reason]:
                        assert field[1:-1] in d.params, (d.reason, d.params)
                seen.add(d.reason)
            m.apply(bots[seat].decide(view).action)
    assert {"hint.katko.forced", "hint.katko.dump", "hint.katko.keep"} <= seen
    assert set(CATALOGUE) >= seen


def _seat0_views_at(cards: int, deals: int) -> list[dict[str, Any]]:
    """Seat 0's views with a choice at ``cards`` cards in hand, in four-seat deals played by medium bots."""
    views = []
    for seed in range(1, deals + 1):
        m = Katko.new(4, seed=seed)
        bots = bots_for(4, seed, "medium")
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            if seat == 0 and len(view["hand"]) == cards and len(view["legal"]) > 1:
                views.append(view)
            m.apply(bots[seat].decide(view).action)
    return views


def test_the_plan_search_thinks_in_slices_and_can_be_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hard bot's search from three cards at four seats (what a hint or a bot turn runs),
    # at ten times the page's worlds: many slices of YIELD_EVERY, each a chance to cancel,
    # in the search itself and not only while it draws its worlds
    monkeypatch.setattr(katko_plan, "PLAN_SEATS", (4,))
    monkeypatch.setattr(katko_plan, "PLAN_WORLDS", 10 * katko_plan.PLAN_WORLDS)
    searching = []
    search = shared_plan.cross_fitted  # katko/plan.py's own name for it is patched below

    def traced(*args: Any) -> Any:
        searching.append(True)
        return (yield from search(*args))

    monkeypatch.setattr(katko_plan, "cross_fitted", traced)
    view = _seat0_views_at(3, 3)[0]
    gen = make_bot("katko", "hard", seed=1).steps(view)
    while not searching:
        next(gen)  # drawing the worlds
    for _ in range(2):
        next(gen)  # still searching after two more slices
    gen.close()  # what the page does when the answer is no longer wanted
    with pytest.raises(StopIteration):
        next(gen)
