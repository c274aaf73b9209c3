"""Kočka bots: legal and deterministic, honest (view only) and hinted (their strength: tests/test_strength.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.bots import Budget, levels, make_bot
from engine.bots import kocka as K
from engine.bots.base import cards_in
from engine.bots.kocka.policy import medium_pass, medium_play
from engine.bots.kocka.worlds import Reader, plausibility, plays_so_far
from engine.cards import GERMAN
from engine.games.kocka import TOTAL

CATALOGUE = json.loads(
    (Path(__file__).resolve().parents[1] / "engine/locale/en.json").read_text("utf-8")
)
SMALL = Budget(4)  # a few worlds: enough to exercise the search, fast


def _bot(level: str, seed: int = 1) -> Any:
    return make_bot("kocka", level, seed=seed, budget=SMALL if level == "hard" else None)


def _views(seeds: range, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Views of seats to act at every point of random deals (random play drives them)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        m = GAMES["kocka"].new(4, options or {}, seed=seed)
        while not m.deal_over:
            seat = rng.choice(m.to_act())
            out.append(m.view(seat))
            m.apply(m.random_action(rng, seat))
    return out


def test_levels_are_registered() -> None:
    assert levels("kocka") == ["random", "easy", "medium", "hard"]


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_plays_legal_actions(level: str) -> None:
    views = _views(range(12)) + _views(range(12, 16), {"early_end": "off"})
    bot = _bot(level)
    for view in views[:: 2 if level == "hard" else 1]:
        decision = bot.decide(view)
        assert decision.action in view["legal"]


def test_whole_deals_with_every_level_at_the_table() -> None:
    for seed in range(6):
        m = GAMES["kocka"].new(4, seed=seed)
        bots = [_bot(level, seed) for level in ("random", "easy", "medium", "hard")]
        while not m.deal_over:
            for seat in m.to_act():
                m.apply(bots[seat].decide(m.view(seat)).action)
        assert m.deal_result()["penalty"]


def test_the_simulator_agrees_with_the_engine() -> None:
    """The hard bot's private simulator: same legal cards, voids, points and loser."""
    rng = random.Random(5)
    for seed in range(120):
        m = GAMES["kocka"].new(4, {"early_end": rng.choice(["certain", "seventeen", "off"])}, seed=seed)
        while m.phase == "pass":
            m.apply(m.random_action(rng))
        sim = K.new_sim([sum(1 << c for c in h) for h in m.hands], m.turn, m.options["early_end"])
        while not m.deal_over:
            seat = m.turn
            legal = sum(1 << GERMAN.parse(str(a).split()[-1]) for a in m.legal_actions(seat))
            assert sim.turn == seat and sim.legal() == legal
            public = K.sim_from_view(m.view(seat))
            assert (public.legal(), public.points, public.played, public.voids) == (
                legal, sim.points, sim.played, sim.voids)
            action = m.random_action(rng)
            m.apply(action)
            sim.play(GERMAN.parse(str(action).split()[-1]))
        result = m.deal_result()
        assert sim.over and sim.points == result["penalty"] and sim.loser == result["loser"]


def test_sampled_worlds_respect_every_public_fact() -> None:
    rng = random.Random(2)
    medium = [make_bot("kocka", "medium", seed=s) for s in range(4)]
    for seed in range(15):
        m = GAMES["kocka"].new(4, seed=seed)
        while not m.deal_over:
            seat = m.to_act()[0]
            if m.phase == "play":
                view = m.view(seat)
                base = K.sim_from_view(view)
                for _ in range(3):
                    w = K.sample_world(view, base, rng)
                    assert w is not None
                    assert [h.bit_count() for h in w.hands] == view["hand_counts"]
                    assert w.hands[seat] == base.hands[seat]
                    # the cards this seat passed are with the next seat unless played
                    gone = K.mask(view["passed"]) & ~base.played
                    assert w.hands[(seat + 1) % 4] & gone == gone
                    for s in range(4):
                        assert not w.hands[s] & base.played
                        if s != seat:
                            for suit in range(4):
                                if base.voids[s] >> suit & 1:
                                    assert not w.hands[s] & K.SUIT[suit]
                    # the hidden cards are exactly the real hidden cards
                    assert sum(w.hands) == sum(sum(1 << c for c in h) for h in m.hands)
            m.apply(medium[seat].decide(m.view(seat)).action)


def _medium_deal_views(seed: int) -> list[tuple[dict[str, Any], list[int]]]:
    """Seat 0's views in play through a deal the medium rules play at every seat, each with
    the true hands at that moment (as masks)."""
    m = GAMES["kocka"].new(4, seed=seed)
    medium = [make_bot("kocka", "medium", seed=s) for s in range(4)]
    out = []
    while not m.deal_over:
        seat = m.to_act()[0]
        if seat == 0 and m.phase == "play":
            out.append((m.view(0), [sum(1 << c for c in h) for h in m.hands]))
        m.apply(medium[seat].decide(m.view(seat)).action)
    return out


def test_the_reader_keeps_worlds_that_explain_the_plays_and_fit_the_facts() -> None:
    """The hard bot's worlds in play (``worlds.Reader``): against the medium rules the true
    hands always explain every play; the reader's check is the full replay's
    (``plausibility`` is 1 exactly when it accepts); every world it returns fits the public
    facts; and far more of its worlds explain the plays than plain draws do."""
    rng = random.Random(4)
    explained_reader = explained_plain = total = 0
    for seed in range(10):
        for view, true in _medium_deal_views(seed):
            base = K.sim_from_view(view)
            history, first = plays_so_far(view)
            reader = Reader(view, base, rng, history, first, 30)
            assert all(reader.explains(s, true[s]) for s in range(1, 4))
            for _ in range(6):
                plain = K.sample_world(view, base, rng)
                assert plain is not None
                fits = all(reader.explains(s, plain.hands[s]) for s in range(1, 4))
                assert fits == (plausibility(plain, history, first, 0) == 1.0)
                explained_plain += fits
                w = reader()
                assert w is not None
                assert [h.bit_count() for h in w.hands] == view["hand_counts"]
                assert w.hands[0] == base.hands[0]
                assert sum(w.hands) == sum(true)  # the hidden cards, each once
                gone = K.mask(view["passed"]) & ~base.played
                assert w.hands[1] & gone == gone
                for s in range(1, 4):
                    for suit in range(4):
                        if base.voids[s] >> suit & 1:
                            assert not w.hands[s] & K.SUIT[suit]
                explained_reader += plausibility(w, history, first, 0) == 1.0
                total += 1
    print(f"worlds that explain every play: reader {explained_reader}/{total}, plain draws {explained_plain}/{total}")
    assert explained_reader > 1.5 * explained_plain


def _true_endings(deals: int = 40) -> Iterator[Any]:
    """Seat 0's true position (every hand known) at each of its decisions from
    ``OWN_ENDING`` cards on, in ``deals`` deals played by medium bots."""
    for seed in range(deals):
        for view, true in _medium_deal_views(seed):
            if len(view["hand"]) <= K.OWN_ENDING:
                world = K.sim_from_view(view)
                world.hands = list(true)
                yield world


def test_the_own_ending_is_at_least_what_playing_medium_ourselves_makes() -> None:
    """``solve_own``: our best to the end when the others play medium is never below
    playing medium ourselves (one of the lines it searches), and above it somewhere."""
    better = 0
    for world in _true_endings():
        mine = world.copy()
        K.playout(mine)
        best = K.solve_own(world.copy(), 0)
        assert best >= mine.utility(0) - 1e-9
        better += best > mine.utility(0) + 1e-9
    assert better > 0


def _every_ending(sim: Any, me: int) -> float:
    """``solve_own`` without its early stop: every line of ours tried to the end."""
    while not sim.over and sim.turn != me:
        sim.play(medium_play(sim))
    if sim.over:
        return float(sim.utility(me))
    best = -1e9
    for card in cards_in(sim.legal()):
        child = sim.copy()
        child.play(card)
        best = max(best, _every_ending(child, me))
    return best


def test_the_own_ending_stops_early_only_when_nothing_can_be_better() -> None:
    """``solve_own`` stops trying our cards once one gives every point still out to the
    others: its value is still the best of every line, in every ending position of 40
    deals, and the stop happens in some of them."""
    at_ceiling = 0
    for world in _true_endings():
        best = K.solve_own(world.copy(), 0)
        assert best == _every_ending(world.copy(), 0)
        at_ceiling += best == TOTAL / 4.0 - world.points[0]
    assert at_ceiling > 0


def test_medium_passes_the_first_of_its_ranking() -> None:
    """``medium_pass`` finds the best pass without sorting all 56: on 3,000 random hands it
    is ``rank_passes``' first, ties included (they go to the lowest cards)."""
    rng = random.Random(11)
    tied = 0
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(32), 8))
        ranked = K.rank_passes(hand)
        assert medium_pass(hand) == ranked[0][1]
        tied += ranked[0][0] == ranked[1][0]
    assert tied > 0  # the tie-break was exercised


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_seed_makes_a_bot_deterministic(level: str) -> None:
    views = _views(range(3))[::3]
    one, two = _bot(level, 7), _bot(level, 7)
    assert [one.decide(v) for v in views] == [two.decide(v) for v in views]


def _twin_deals(seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Pairs of views of one seat in two deals that differ only in cards it cannot see.

    Two cards are swapped between two other seats' hands; no action of the deal
    names them (as tests/test_properties.py does), so the same actions replay.
    """
    rng = random.Random(seed)
    a = GAMES["kocka"].new(4, seed=seed)
    actions = []
    while not a.deal_over and len(actions) < rng.randrange(2, 30):
        action = a.random_action(rng)
        a.apply(action)
        actions.append(str(action))
    if a.deal_over:
        return []
    seat = a.to_act()[0]
    s1, s2 = rng.sample([s for s in range(4) if s != seat], 2)
    named = {w for act in actions for w in act.split()[2:]}
    deal = a.records[-1]
    c1 = [c for c in deal.hands[s1] if c not in named]
    c2 = [c for c in deal.hands[s2] if c not in named]
    if not c1 or not c2:
        return []
    x, y = rng.choice(c1), rng.choice(c2)
    hands = [list(h) for h in deal.hands]
    hands[s1][hands[s1].index(x)] = y
    hands[s2][hands[s2].index(y)] = x
    b = GAMES["kocka"](4, {}, seed)
    b.start_deal(hands, deal.start)
    for act in actions:
        if b.deal_over or not b.can(act):
            return []  # the swap changed what was legal: not a twin
        b.apply(act)
    if b.deal_over or seat not in b.to_act():
        return []
    assert a.records[-1].hands != b.records[-1].hands
    return [(a.view(seat), b.view(seat))]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_decides_the_same_whatever_it_cannot_see(level: str) -> None:
    pairs = [p for seed in range(40) for p in _twin_deals(seed)]
    assert len(pairs) >= 15
    for va, vb in pairs:
        assert _bot(level, 3).decide(va) == _bot(level, 3).decide(vb)


def test_hints_name_keys_of_the_catalogue() -> None:
    seen = set()
    for level in ("medium", "hard"):
        bot = _bot(level)
        for view in _views(range(8))[::2]:
            d = bot.decide(view)
            assert d.reason is not None and d.reason in CATALOGUE, d
            assert d.params.get("deck") == "german"
            text = CATALOGUE[d.reason].format_map({k: str(v) for k, v in d.params.items()})
            assert "{" not in text
            seen.add(d.reason)
    assert len(seen) >= 8


def test_medium_ducks_and_dumps_hejma() -> None:
    view = _views(range(1))[0]
    sim = K.new_sim([0, 0, 0, 0], 0, "certain")
    sim.hands[1] = K.mask(["7L", "OL", "KA", "9B", "AH", "TH", "8A", "7B"])
    sim.play(GERMAN.parse("KL"))
    assert K.medium_play(sim) == GERMAN.parse("OL")  # duck under KL with Hejma
    sim2 = K.new_sim([0, 0, 0, 0], 0, "certain")
    sim2.hands[1] = K.mask(["OL", "KA", "9B", "AH", "TH", "8A", "7B", "UB"])
    sim2.play(GERMAN.parse("7H"))
    assert K.medium_play(sim2) == GERMAN.parse("TH")  # cannot duck 7H, others may still overtake: lowest above
    sim3 = K.new_sim([0, 0, 0, 0], 0, "certain")
    sim3.hands[1] = K.mask(["OL", "KA", "9B", "KL", "8A", "7B", "UB", "AB"])
    sim3.play(GERMAN.parse("7H"))
    assert K.medium_play(sim3) == GERMAN.parse("OL")  # void in hearts: dump Hejma
    assert view["phase"] == "pass"
