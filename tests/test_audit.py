"""The no-peek audit's replay (engine/audit.py): a move that broke a rule with hidden cards
is named, seat, action and reason, once every card is known."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import GAMES, Action, Match
from engine.audit import audit, audit_record, verdict_message
from engine.partial import PartialMatch, public_action, public_start

Cheat = Callable[[Match], Action | None]


def _cheat_in_a_deal(game: str, players: int, options: dict[str, object], cheat: Cheat) -> tuple[Match, Action]:
    """A seeded deal played at random until ``cheat`` finds an illegal move for the seat to act."""
    for seed in range(200):
        match = GAMES[game].new(players, options, seed=seed)
        rng = random.Random(seed)
        while not match.deal_over:
            move = cheat(match)
            if move is not None:
                assert match.check(move) is not None
                return match, move
            match.apply(match.random_action(rng))
    raise AssertionError("no deal gave the chance to cheat")


def _audit_with(match: Match, move: Action) -> dict[str, object]:
    deal = match.records[-1]
    return audit(match.NAME, match.players, match.options, None, deal.start, deal.hands, deal.turned,
                 [*deal.actions, str(move)])


def _revoke(match: Match) -> Action | None:
    """A card off the suit led by a seat that holds the suit (Kočka O-6, Katko T-6)."""
    if match.phase != "play" or match.trick is None or not match.trick.plays:  # type: ignore[attr-defined]
        return None
    seat = match.to_act()[0]
    deck = match.DECK
    lead = deck.suit(match.trick.plays[0][1])  # type: ignore[attr-defined]
    hand = match.hands[seat]  # type: ignore[attr-defined]
    off = [c for c in hand if deck.suit(c) != lead]
    if off and any(deck.suit(c) == lead for c in hand):
        return Action(seat, "play", (deck.code(off[0]),))
    return None


def test_a_kocka_revoke_passes_the_other_pages_and_the_audit_names_it() -> None:
    match, move = _cheat_in_a_deal("kocka", 4, {}, _revoke)
    # the other pages cannot see it: a seat that has not shown a void may hold no card of the suit
    watcher = (move.seat + 2) % 4
    partial = PartialMatch("kocka", 4, me=watcher)
    record = match.to_record()
    replay = GAMES["kocka"](4)
    replay.start_deal(record["deals"][0]["hands"], record["deals"][0]["dealer"])
    partial.start_deal(**public_start(replay, watcher))
    for text in record["deals"][0]["actions"]:
        action = replay.parse(text)
        public = public_action(replay, watcher, action)
        replay.apply(action)
        partial.apply_public(public)
    if not partial.lacks[move.seat] & {match.DECK.parse(move.args[0])}:
        hidden_revoke = partial.check_public(str(move))
        assert hidden_revoke is None or hidden_revoke.code in ("card_lacking", "follow_suit")
    verdict = _audit_with(match, move)
    assert verdict["ok"] is False
    assert (verdict["seat"], verdict["action"], verdict["reason"]) == (
        move.seat, len(match.records[-1].actions), "refusal.follow_suit")
    assert verdict["deal"] == 0


def test_a_katko_revoke_is_named() -> None:
    match, move = _cheat_in_a_deal("katko", 4, {"trump": True}, _revoke)
    verdict = _audit_with(match, move)
    assert (verdict["ok"], verdict["seat"], verdict["action"], verdict["reason"]) == (
        False, move.seat, len(match.records[-1].actions), "refusal.follow_suit")


def _discard_that_could_beat(match: Match) -> Action | None:
    """Katte K-8: a face-down discard by a seat with no trick yet that holds a beater."""
    trick = match.trick  # type: ignore[attr-defined]
    if match.phase != "play" or trick is None or not trick.plays:
        return None
    seat = match.to_act()[0]
    if match.won[seat]:  # type: ignore[attr-defined]
        return None
    deck = match.DECK
    hand = match.hands[seat]  # type: ignore[attr-defined]
    beaters = [c for c in hand if deck.suit(c) == deck.suit(trick.best) and c > trick.best]
    others = [c for c in hand if c not in beaters]
    if beaters and others:
        return Action(seat, "discard", (deck.code(others[0]),))
    return None


def test_a_katte_discard_that_could_have_beaten_is_named_in_every_language() -> None:
    match, move = _cheat_in_a_deal("katte", 4, {}, _discard_that_could_beat)
    verdict = _audit_with(match, move)
    assert (verdict["ok"], verdict["seat"], verdict["action"], verdict["reason"]) == (
        False, move.seat, len(match.records[-1].actions), "refusal.must_beat")
    english = verdict_message(verdict)
    assert english.startswith("you must beat") or "beat" in english
    for lang in ("fi", "cs", "vi", "ne"):
        words = verdict_message(verdict, lang)
        assert words and words != english and "refusal." not in words and "{" not in words


def _kitti_deal(seed: int) -> Match:
    """A Call Kitti deal played to its end (not cancelled)."""
    for s in range(seed, seed + 50):
        match = GAMES["call-kitti"].new(4, seed=s)
        rng = random.Random(s)
        while not match.deal_over:
            match.apply(match.random_action(rng))
        if not match.result.get("cancelled"):
            return match
    raise AssertionError("every deal was cancelled")


def test_a_call_kitti_arrangement_of_cards_not_dealt_is_named() -> None:
    match = _kitti_deal(1)
    deal = match.records[-1]
    actions = list(deal.actions)
    j, text = next((j, a) for j, a in enumerate(actions) if a.split()[1] == "arrange")
    seat = int(text.split()[0])
    stranger = next(c for c in deal.hands[(seat + 1) % 4])
    words = text.split()
    words[2] = stranger  # one card of the next seat's hand in this seat's first set
    actions[j] = " ".join(words)
    verdict = audit("call-kitti", 4, {}, None, deal.start, deal.hands, None, actions)
    assert (verdict["ok"], verdict["seat"], verdict["action"], verdict["reason"]) == (
        False, seat, j, "refusal.not_in_hand")


def test_call_kitti_sets_shown_other_than_arranged_are_named() -> None:
    match = _kitti_deal(3)
    deal = match.records[-1]
    shows = match.shows  # type: ignore[attr-defined]
    shown = {s: [c for show in shows for p, cards in show.plays if p == s for c in match.DECK.codes(list(cards))]
             for s in range(4)}
    assert audit("call-kitti", 4, {}, None, deal.start, deal.hands, None, deal.actions, shown=shown)["ok"]
    liar = 2
    shown[liar] = shown[liar][3:6] + shown[liar][0:3] + shown[liar][6:]  # its first two sets swapped
    verdict = audit("call-kitti", 4, {}, None, deal.start, deal.hands, None, deal.actions, shown=shown)
    arranged = next(j for j, a in enumerate(deal.actions) if a.startswith(f"{liar} arrange"))
    assert (verdict["ok"], verdict["seat"], verdict["action"], verdict["reason"]) == (
        False, liar, arranged, "refusal.shows_not_arranged")


def test_a_call_kitti_declaration_without_six_pairs_is_named() -> None:
    full = GAMES["call-kitti"].new(4, seed=5)
    deal = full.records[-1]
    seat = next(s for s in range(4) if full.pairs[s] < 6)  # type: ignore[attr-defined]
    verdict = audit("call-kitti", 4, {}, None, deal.start, deal.hands, None, [f"{seat} declare"])
    assert (verdict["ok"], verdict["seat"], verdict["action"], verdict["reason"]) == (
        False, seat, 0, "refusal.six_pairs_needed")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_fair_deal_passes_with_its_record(game: str) -> None:
    match = GAMES[game].new(4, seed=8)
    rng = random.Random(8)
    while not match.deal_over:
        match.apply(match.random_action(rng))
    deal = match.records[-1]
    verdict = audit(game, 4, match.options, None, deal.start, deal.hands, deal.turned, deal.actions)
    assert verdict["ok"] is True
    assert verdict["record"]["deals"] == match.to_record()["deals"]
    assert verdict["result"]["deals"] == match.replay_summary()["deals"]


@pytest.mark.parametrize("game", ["kocka", "call-kitti"])
def test_moves_made_at_once_are_recorded_alike_whatever_order_a_page_took_them_in(game: str) -> None:
    """Kočka's passes, Call Kitti's arrangements: each page applies its own move as it makes it
    and the others' as the relay orders them, so two pages whose turn timers ran out together
    list the same moves in different orders (netns_nopeek_match: the host's and Ben's first
    passes); both pages' audits keep one record of the deal."""
    match = GAMES[game].new(4, seed=3)
    rng = random.Random(3)
    while not match.deal_over:
        match.apply(match.random_action(rng))
    deal = match.records[-1]
    actions = list(deal.actions)
    at_once = [k for k, a in enumerate(actions[:4]) if a.split()[1] in ("pass", "arrange")]
    assert len(at_once) == 4, actions[:4]
    mine_first = [actions[2], actions[0], actions[3], actions[1], *actions[4:]]  # (each seat's own first, say)
    verdicts = [audit(game, 4, match.options, None, deal.start, deal.hands, deal.turned, a) for a in (actions, mine_first)]
    assert all(v["ok"] for v in verdicts), verdicts
    assert verdicts[0]["record"] == verdicts[1]["record"]
    assert [a.split()[0] for a in verdicts[1]["record"]["deals"][-1]["actions"][:4]] == ["0", "1", "2", "3"]


def test_a_move_after_the_deal_and_an_unreadable_move_name_their_seats() -> None:
    match = GAMES["katko"].new(2, seed=2)
    rng = random.Random(2)
    while not match.deal_over:
        match.apply(match.random_action(rng))
    deal = match.records[-1]
    verdict = audit("katko", 2, match.options, None, deal.start, deal.hands, None, [*deal.actions, "1 play 2S"])
    assert (verdict["seat"], verdict["reason"]) == (1, "refusal.deal_over")
    garbled = audit("katko", 2, match.options, None, deal.start, deal.hands, None, ["1 play XX"])
    assert (garbled["seat"], garbled["action"], garbled["reason"]) == (1, 0, "refusal.unreadable_move")
    assert "1 play XX" in verdict_message(garbled)
    broken = audit_record({"game": "katko", "players": 2, "deals": [{"dealer": 0, "hands": [["AS"], ["KS"]]}]})
    assert broken["ok"] is False and broken["seat"] is None and broken["reason"] == "refusal.bad_args"
