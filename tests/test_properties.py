"""Properties of random legal matches, for every game, across random tables."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import play_random, tables

from engine import GAMES, Action, EngineError, IllegalAction, Match, replay_record
from engine.state import seeded_shuffle
from engine.tricks import TrickMatch

NAMES = sorted(GAMES)
MANY = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _cards_in_play(match: TrickMatch) -> list[int]:
    """Every card in a hand or a trick, sorted (a multiset, compared as a list: cheaper)."""
    cards = [c for h in match.hands for c in h]
    for trick in match.done + ([match.trick] if match.trick is not None else []):
        cards += [c for _, c, _ in trick.plays]
    cards.sort()
    return cards


class _NoCardLostOrMade:
    """The step check: the cards in hands and tricks are the cards dealt, at every step.
    What was dealt is read once a deal (at every step it was most of the test's time)."""

    def __init__(self) -> None:
        self.deal: object = None
        self.dealt: list[int] = []

    def __call__(self, match: Match) -> None:
        if isinstance(match, TrickMatch) and match.records:
            deal = match.records[-1]
            if deal is not self.deal:
                self.deal = deal
                self.dealt = sorted(match.DECK.parse(c) for h in deal.hands for c in h)
            assert _cards_in_play(match) == self.dealt, "cards were lost or made"


def _check_deal(name: str, match: Match, result: dict[str, Any], tricks: list[dict[str, Any]]) -> None:
    for t in tricks:
        assert 0 <= t["leader"] < match.players
        assert t["winner"] is None and name == "call-kitti" or 0 <= t["winner"] < match.players
    if name == "kocka":
        assert len(tricks) == result["tricks_played"]
        if result["tricks_played"] == 8:
            assert sum(result["penalty"]) == 33
        else:
            assert sum(result["penalty"]) < 33
        assert result["draw"] == (result["loser"] is None)
    elif name == "katte":
        assert sum(result["chips"]) == 0
    elif name == "call-kitti":
        if not result.get("cancelled"):
            assert sum(result["payments"]) == 0
    elif name == "katko":
        assert sum(result["points"]) >= 1


@pytest.mark.parametrize("name", NAMES)
def test_random_matches_keep_the_rules_invariants(name: str) -> None:
    @MANY
    @given(tables(name))
    def run(table: tuple[int, dict[str, Any], int]) -> None:
        players, options, seed = table
        match = GAMES[name].new(players, options, seed=seed)
        play_random(match, seed, max_deals=12, on_step=_NoCardLostOrMade())
        for summary in match.summaries:
            _check_deal(name, match, summary["result"], summary["tricks"])
        standing = match.standing()
        if name == "katte":
            assert sum(standing["chips"]) == 0
        if name == "call-kitti" and standing["settlement"] is not None:
            assert sum(standing["settlement"]) == 0
        # a record written from any match replays to the same result
        assert replay_record(match.to_record()) == match.replay_summary()

    run()


def _swap_words(action: Action, x: str, y: str) -> str:
    swap = {x: y, y: x}
    return str(Action(action.seat, action.verb, tuple(swap.get(w, w) for w in action.args)))


@pytest.mark.parametrize("name", NAMES)
def test_a_view_does_not_depend_on_cards_the_seat_cannot_see(name: str) -> None:
    """Swap two cards between two other seats' hands: if the same actions are legal
    in both deals, the seat's view is identical. Cards no action names are swapped;
    a hidden arrangement (Call Kitti) names them only privately, so its words are
    swapped along with the cards."""
    private = {"arrange"}  # verbs whose cards stay secret while the deal goes on
    compared = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
    @given(tables(name), st.integers(1, 60), st.data())
    def run(table: tuple[int, dict[str, Any], int], steps: int, data: st.DataObject) -> None:
        players, options, seed = table
        a = GAMES[name].new(players, options, seed=seed)
        rng = random.Random(seed)
        actions = []
        for _ in range(steps):
            if a.deal_over:
                break
            action = a.random_action(rng)
            a.apply(action)
            actions.append(action)
        assume(not a.deal_over and actions)
        seat = data.draw(st.integers(0, players - 1))
        deal = a.records[-1]
        others = [s for s in range(players) if s != seat]
        assume(len(others) >= 2)
        s1, s2 = data.draw(st.permutations(others))[:2]
        named = {w for act in actions if not (act.verb in private and act.seat in (s1, s2)) for w in act.args}
        c1 = [c for c in deal.hands[s1] if c not in named and c not in deal.hands[s2]]
        c2 = [c for c in deal.hands[s2] if c not in named and c not in deal.hands[s1]]
        assume(c1 and c2)
        x, y = data.draw(st.sampled_from(c1)), data.draw(st.sampled_from(c2))
        hands = [list(h) for h in deal.hands]
        hands[s1][hands[s1].index(x)] = y
        hands[s2][hands[s2].index(y)] = x
        b = GAMES[name](players, options, seed)
        b.start_deal(hands, deal.start, deal.turned)
        for action in actions:
            if action.verb in private and action.seat in (s1, s2):
                action = b.parse(_swap_words(action, x, y))
            if b.deal_over or b.check(action) is not None:
                assume(False)
            b.apply(action)
        assume(not b.deal_over)
        assert a.view(seat) == b.view(seat)
        compared.append(len(actions))

    run()
    assert len(compared) >= 30, f"only {len(compared)} pairs of deals were compared"


@settings(deadline=None)  # (Hypothesis's 200 ms a case failed it at a load of 20: no timed assertions)
@given(st.integers(0, 2**64), st.integers(0, 120), st.integers(0, 5))  # past 104: beyond its table
def test_the_seeded_shuffle_is_pythons_own(seed: int, size: int, draws: int) -> None:
    """Seeded deals (hand records with a ``seed``) keep their cards: the engine's shuffle
    gives random.shuffle's permutation and leaves the generator in the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(draws):
        ours.random(), theirs.random()
    a, b = list(range(size)), list(range(size))
    seeded_shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", NAMES)
def test_seeded_dealing_is_deterministic(name: str) -> None:
    cls = GAMES[name]
    one, two = cls.new(cls.MIN_PLAYERS + (cls.MAX_PLAYERS > 4), seed=99), cls.new(cls.MIN_PLAYERS + (cls.MAX_PLAYERS > 4), seed=99)
    play_random(one, 5, max_deals=3)
    play_random(two, 5, max_deals=3)
    assert one.to_record() == two.to_record()


@pytest.mark.parametrize("name", NAMES)
def test_an_action_listed_before_the_state_changed_is_checked_again(name: str) -> None:
    """apply takes an action legal_actions listed in the same state without checking it
    again; once any action has changed the state, each of those is checked like any other:
    the one just played, played again, is refused, and the refusal changes nothing."""
    cls = GAMES[name]
    match = cls.new(cls.MIN_PLAYERS, seed=3)
    rng = random.Random(3)
    refused = 0
    while not match.deal_over:
        seat = match.to_act()[0]
        listed = match.legal_actions(seat)
        match.apply(rng.choice(listed) if listed else match.random_action(rng, seat))
        record = match.to_record()
        for stale in listed:
            if match.check(stale) is not None:
                with pytest.raises(IllegalAction):
                    match.apply(stale)
                refused += 1
        assert match.to_record() == record
    assert refused > 0


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_action_is_legal_and_others_are_refused(name: str) -> None:
    cls = GAMES[name]
    match = cls.new(cls.MIN_PLAYERS, seed=11)
    rng = random.Random(11)
    steps = 0
    while not match.deal_over and steps < 80:
        for seat in match.to_act():
            listed = match.legal_actions(seat)
            assert len({str(a) for a in listed}) == len(listed), "an action is listed twice"
            for action in listed:
                assert match.check(action) is None
        for seat in range(match.players):
            if seat not in match.to_act():
                for action in match.legal_actions(seat):
                    pytest.fail(f"seat {seat} is not to act but has {action}")
        action = match.random_action(rng)
        match.apply(action)
        steps += 1
    with pytest.raises(EngineError):
        match.apply(action) if match.deal_over else match.apply(f"{(match.to_act()[0] + 1) % match.players} play 2S")
