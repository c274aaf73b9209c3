"""Katte: what the hand records cannot show well (options, views, timers, leaving,
match flow, clones) and random legal matches keeping the rules' invariants."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from engine import IllegalAction, OptionError, load_record, replay_record
from engine.actions import Action
from engine.cards import FRENCH
from engine.games.katte import Katte, automatic_kind

ROOT = Path(__file__).resolve().parent.parent
KA_HANDS = [["9S", "4H", "2H", "KC", "JH", "TC"], ["KS", "8H", "3H", "6S", "5D", "AC"],
            ["3S", "AH", "2D", "6C", "QC", "9D"], ["QS", "7H", "5C", "4C", "JS", "2S"]]
KA_ACTIONS = ["0 play 9S", "1 play KS", "2 discard 3S", "3 discard 2S",
              "1 play 8H", "2 play AH", "3 discard 7H", "0 discard 4H",
              "2 play 2D", "3 discard JS", "0 discard 2H", "1 discard 3H",
              "2 play 6C", "3 discard 5C", "0 play KC", "1 discard 6S",
              "0 play TC", "1 play AC", "2 play QC"]
KC_HANDS = [["2S", "5S", "8S", "JS", "QS", "AS"], ["KH", "QH", "9D", "4C", "3C", "2H"],
            ["KD", "TD", "7C", "6H", "5H", "3D"]]
DOUBLE_AUTO = [["AS", "AH", "AD", "AC", "2S", "3H"], ["KH", "QH", "JH", "TH", "9H", "8H"],
               ["2C", "3C", "4D", "5D", "6S", "7S"]]


def dealt(players: int, hands: list[list[str]], leader: int, options: dict[str, Any] | None = None,
          actions: Sequence[str] = ()) -> Katte:
    # seeded, so that a test that deals on from the given hands always gets the same cards
    # (unseeded, a later deal's own automatic win changed the chips one run in about 300)
    match = Katte(players, options, seed=1)
    match.start_deal(hands, leader)
    for a in actions:
        match.apply(a)
    return match


def refusal_code(match: Katte, text: str) -> str | None:
    refusal = match.check(match.parse(text))
    return None if refusal is None else refusal.code


# ------------------------------------------------------------------ options

def test_option_defaults_and_metadata() -> None:
    m = Katte(4)
    assert m.options == {"ante": 10, "double_pay": False, "turn_seconds": None}
    meta = {o["key"]: o for o in Katte.option_metadata(4)}
    assert meta["ante"]["kind"] == "int" and meta["ante"]["minimum"] == 1 and meta["ante"]["rule"] == "K-3"
    assert meta["double_pay"]["kind"] == "bool" and meta["double_pay"]["rule"] == "K-6"
    assert meta["turn_seconds"]["kind"] == "seconds" and meta["turn_seconds"]["default"] is None


@pytest.mark.parametrize("options", [
    {"ante": 0}, {"ante": -5}, {"ante": True}, {"ante": 2.5}, {"ante": "10"},
    {"double_pay": 1}, {"double_pay": None},
    {"turn_seconds": 0}, {"turn_seconds": 1.5}, {"turn_seconds": True}, {"turn_seconds": "30"},
    {"trump": True},
])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        Katte(3, options)


@pytest.mark.parametrize("players", [0, 1, 7, True])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(OptionError):
        Katte(players)


def test_good_options_are_kept() -> None:
    m = Katte(6, {"ante": 25, "double_pay": True, "turn_seconds": 30})
    assert m.options == {"ante": 25, "double_pay": True, "turn_seconds": 30}
    assert Katte(2, {"turn_seconds": None}).options["turn_seconds"] is None


def test_every_message_key_has_english_text() -> None:
    source = (ROOT / "engine/games/katte.py").read_text("utf-8")
    english = json.loads((ROOT / "engine/locale/en.json").read_text("utf-8"))
    codes = set(re.findall(r'Refusal\("(\w+)"', source))
    assert {"must_beat", "beater_face_up", "cannot_beat", "showdown_must_beat"} <= codes
    for code in codes:
        assert "refusal." + code in english, code
    for spec in Katte.OPTIONS:
        assert english.get(f"option.{spec.key}") and english.get(f"option.{spec.key}.help"), spec.key
    for kind in set(re.findall(r'Event\("(\w+)"', source)):
        assert f"event.katte.{kind}" in english, kind
    for reason in ("four_of_a_kind", "six_of_a_suit", "double_automatic", "beat", "all_discarded",
                   "nobody_beat", "all_four_tricks", "trick_six"):
        assert "reason." + reason in english


def test_refusals_carry_rule_and_card_params() -> None:
    m = dealt(4, KA_HANDS, 0, actions=["0 play 9S"])
    refusal = m.check(m.parse("1 discard 6S"))
    assert refusal is not None and refusal.code == "must_beat" and refusal.rule == "K-8"
    assert refusal.params == {"best": "9S", "cards": ["KS"], "deck": "french"}
    assert m.label(Action(1, "play", ("KS",))) == "Play King of spades"


# ------------------------------------------------------------------ K-5

@pytest.mark.parametrize("hand, kind", [
    ("AS AH AD AC 2S 3H", "four_of_a_kind"), ("2S 5S 8S JS QS AS", "six_of_a_suit"),
    ("AS AH AD KC KS 3H", None), ("2S 5S 8S JS QS AH", None), ("7S 7H 7D 7C 7S 2H", "four_of_a_kind"),
])
def test_automatic_kinds(hand: str, kind: str | None) -> None:
    assert automatic_kind([FRENCH.parse(c) for c in hand.split()]) == kind


def test_single_automatic_win_shows_only_the_winners_cards() -> None:
    m = dealt(3, KC_HANDS, 1)
    assert m.deal_over and m.to_act() == () and m.legal_actions(1) == []
    for seat in range(3):
        v = m.view(seat)
        assert v["shown"] == {"0": ["AS", "QS", "JS", "8S", "5S", "2S"]}
        assert v["result"] == {"winner": 0, "automatic": True, "eliminated": [], "chips": [40, -20, -20]}
        others = {c for s in (1, 2) if s != seat for c in KC_HANDS[s]}
        assert not others & set(json.dumps(v).replace('"', " ").split()), "another hand leaked"
    assert m.standing() == {"chips": [40, -20, -20]}
    assert m.chips == [40, -20, -20]


def test_double_automatic_win_shows_all_hands_and_carries_the_antes() -> None:
    m = dealt(3, DOUBLE_AUTO, 2)
    assert m.deal_result() == {"winner": None, "automatic": False, "eliminated": [], "chips": [0, 0, 0]}
    assert m.view(2)["shown"]["0"] == ["AS", "2S", "AH", "3H", "AD", "AC"]  # by suit, high first
    assert set(m.view(2)["shown"]) == {"0", "1", "2"}
    assert m.view(0)["pot"] == 30  # the antes wait in the pot
    with pytest.raises(Exception, match="must be seat 2"):
        m.start_deal(start=0)
    m.start_deal()
    assert m.leader == 2 and not m.deal_over
    started = next(e for e in m.log if e.kind == "deal_started")
    assert started.data["antes_carried"] is True and started.data["pot"] == 30
    assert m.standing() == {"chips": [0, 0, 0]}


def test_redeal_repeats_until_resolved_with_the_same_leader() -> None:
    m = dealt(3, DOUBLE_AUTO, 1)
    m.start_deal(DOUBLE_AUTO, None)
    assert m.leader == 1 and m.deal_result()["winner"] is None
    m.start_deal(KC_HANDS, None)
    assert m.leader == 1 and m.deal_result()["chips"] == [40, -20, -20]
    m.start_deal()
    assert m.leader == 0  # K-7: the automatic winner leads next
    started = next(e for e in m.log if e.kind == "deal_started")
    assert started.data["antes_carried"] is False


# ------------------------------------------------------------------ tricks 1-4

def _legal(m: Katte, seat: int) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


def test_legal_actions_follow_must_beat_and_face_up_rules() -> None:
    m = dealt(4, KA_HANDS, 0)
    assert _legal(m, 0) == {f"0 play {c}" for c in KA_HANDS[0]}  # the leader leads anything, never discards
    assert _legal(m, 1) == set()
    m.apply("0 play 9S")
    assert _legal(m, 1) == {"1 play KS"}  # K-8.4
    m.apply("1 play KS")
    assert _legal(m, 2) == {f"2 discard {c}" for c in KA_HANDS[2]}  # K-8.3: no beater, any discard
    for a in KA_ACTIONS[2:15]:
        m.apply(a)
    # seat 1 has a trick: free to beat with AC or discard a non-beater, never AC face down
    assert _legal(m, 1) == {"1 play AC", "1 discard 6S", "1 discard 5D"}
    assert refusal_code(m, "1 discard AC") == "beater_face_up"
    assert refusal_code(m, "1 play 6S") == "cannot_beat"


def test_free_player_may_discard_non_beaters_but_a_player_without_trick_must_beat() -> None:
    hands = [["AS", "2H", "3D", "4C", "5S", "6H"], ["KS", "9H", "8D", "7C", "TD", "JC"],
             ["3S", "4H", "QH", "KH", "AH", "9C"]]
    # seat 0 wins trick 1, seat 2 trick 2; seat 0 (a trick) then faces 4H holding 3D 4C 5S 6H
    m = dealt(3, hands, 0, actions=["0 play AS", "1 discard 7C", "2 discard 3S",
                                    "0 play 2H", "1 play 9H", "2 play QH",
                                    "2 play 4H"])
    assert m.turn == 0 and m.won[0] == 1
    assert _legal(m, 0) == {"0 play 6H", "0 discard 3D", "0 discard 4C", "0 discard 5S"}
    m = dealt(3, hands, 0, actions=["0 play AS", "1 discard 7C", "2 discard 3S",
                                    "0 play 3D", "1 play 8D", "2 discard 9C"])
    # seat 1 wins trick 2 and leads 9H: seat 2 (no trick) must beat, with any of its beaters
    m.apply("1 play 9H")
    assert _legal(m, 2) == {"2 play QH", "2 play KH", "2 play AH"}


def test_a_non_beater_played_by_a_player_who_must_beat_is_refused_by_must_beat() -> None:
    # seat 1 (no trick) holds TD and taps 6S on a 6D lead: it may not discard 6S either,
    # so the refusal is K-8.4's must-beat, never "can only be discarded face down"
    hands = [["6D", "2H", "3C", "4C", "5S", "7H"], ["TD", "6S", "8H", "9C", "JC", "QS"]]
    m = dealt(2, hands, 0, actions=["0 play 6D"])
    refusal = m.check(m.parse("1 play 6S"))
    assert refusal is not None and refusal.code == "must_beat" and refusal.rule == "K-8"
    assert refusal.params["cards"] == ["TD"]
    assert "discarded" not in refusal.message()
    assert refusal_code(m, "1 discard 6S") == "must_beat"


def test_free_player_holding_only_beaters_cannot_discard() -> None:
    hands = [["2S", "AH", "KH", "QH", "JH", "3C"], ["9S", "4D", "5D", "6D", "7D", "8C"],
             ["TS", "2H", "3H", "4H", "9D", "TC"]]
    m = dealt(3, hands, 0, actions=["0 play 2S", "1 play 9S", "2 play TS",    # seat 2 wins
                                    "2 play 2H", "0 play AH", "1 discard 4D",  # seat 0 wins
                                    "0 play 3C", "1 play 8C", "2 play TC",     # seat 2 wins
                                    "2 play 3H"])
    # seat 0 holds KH QH JH, every card beats 3H, and it has a trick: it must beat
    assert _legal(m, 0) == {"0 play KH", "0 play QH", "0 play JH"}
    assert refusal_code(m, "0 discard JH") == "beater_face_up"


def test_out_of_turn_and_not_in_hand() -> None:
    m = dealt(4, KA_HANDS, 0)
    assert refusal_code(m, "2 play 3S") == "not_your_turn"
    assert refusal_code(m, "0 play AS") == "not_in_hand"
    assert refusal_code(m, "0 discard 9S") == "leader_discards"
    assert refusal_code(m, "0 bid 3") == "wrong_verb"
    with pytest.raises(IllegalAction):
        m.apply("2 play 3S")


# ------------------------------------------------------------------ K-9 … K-12

def test_worked_example_k_a_events_and_views() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS)
    assert m.deal_result() == {"winner": 2, "automatic": False, "eliminated": [3], "chips": [-10, -10, 30, -10]}
    kinds = [e.kind for e in m.log]
    assert kinds.count("trick_won") == 6 and "eliminated" in kinds and kinds[-1] == "deal_result"
    six = [e for e in m.log if e.kind == "trick_won"][-1].data
    assert six == {"seat": 2, "card": "9D", "trick": 6, "reason": "beat", "rule": "K-11"}
    revealed = next(e for e in m.log if e.kind == "revealed").data
    assert revealed["suit"] == "D" and revealed["leader"] == 1
    assert [p["seat"] for p in revealed["cards"]] == [1, 2, 0]  # seat 3 is out
    final = next(e for e in m.log if e.kind == "deal_result").data
    assert final["rule"] == "K-11" and final["payout"] == "K-12"
    for seat in range(4):
        v = m.view(seat)
        text = json.dumps(v)
        # seat 3's last two cards (QS 4C) were never played face up: hidden from others
        if seat != 3:
            assert '"QS"' not in text and '"4C"' not in text
        assert v["tricks"][5]["plays"] == [{"seat": 1, "card": "5D", "face_up": True},
                                           {"seat": 2, "card": "9D", "face_up": True},
                                           {"seat": 0, "card": "JH", "face_up": True}]
    assert m.view(3)["hand"] == ["QS", "4C"]


def test_face_down_discards_are_seen_only_by_their_owner() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:4])
    for seat in range(4):
        plays = m.view(seat)["tricks"][0]["plays"]
        assert plays[2] == {"seat": 2, "card": "3S" if seat == 2 else None, "face_up": False}
        assert plays[3] == {"seat": 3, "card": "2S" if seat == 3 else None, "face_up": False}
        own = [e for e in m.view(seat)["events"] if e["kind"] == "discarded_card"]
        assert [e["seat"] for e in own] == ([2] if seat == 2 else [3] if seat == 3 else [])
    m.apply("1 play 8H")
    m.apply("2 play AH")
    m.apply("3 discard 7H")
    assert m.view(0)["trick"]["plays"][2]["card"] is None
    assert m.view(3)["trick"]["plays"][2]["card"] == "7H"
    assert m.view(0)["best"] == "AH" and m.view(0)["lead_suit"] == "H"


def test_all_four_tricks_pay_like_an_automatic_win_with_double_pay() -> None:
    hands = [["AS", "AH", "AD", "KC", "2S", "3S"], ["4S", "5H", "6D", "7C", "8C", "9C"],
             ["2H", "3H", "4D", "5D", "6C", "TS"]]
    acts = ["0 play AS", "1 discard 4S", "2 discard TS", "0 play AH", "1 discard 5H", "2 discard 3H",
            "0 play AD", "1 discard 6D", "2 discard 5D", "0 play KC", "1 discard 7C", "2 discard 6C"]
    m = dealt(3, hands, 0, {"double_pay": True, "ante": 5}, acts)
    # n = 3, a = 5, m = 2: each opponent pays a(1+m) = 15
    assert m.deal_result() == {"winner": 0, "automatic": True, "eliminated": [1, 2], "chips": [30, -15, -15]}
    assert len(m.done) == 4 and m.view(1)["hand"] == ["9C", "8C"]
    assert '"2S"' not in json.dumps(m.view(1))  # the winner's last cards stay hidden
    rule = next(e for e in m.log if e.kind == "deal_result").data
    assert rule["rule"] == "K-9" and rule["payout"] == "K-6"


def test_match_flow_leader_is_the_previous_winner_and_chips_run_on() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS)
    assert not m.match_over
    with pytest.raises(Exception, match="must be seat 2"):
        m.start_deal(start=1)
    m.start_deal(KA_HANDS)
    assert m.leader == 2 and m.to_act() == (2,)
    rng = random.Random(5)
    for _ in range(30):
        while not m.deal_over:
            m.apply(m.random_action(rng))
        result = m.deal_result()
        if result["winner"] is not None:
            nxt = result["winner"]
        else:
            nxt = m.leader
        m.start_deal()
        assert m.leader == nxt
    assert sum(m.chips) == 0 and not m.match_over
    assert m.chips == [sum(s["result"]["chips"][i] for s in m.summaries) for i in range(4)]
    assert replay_record(m.to_record()) == m.replay_summary()


# ------------------------------------------------------------------ K-13

def test_timeout_plays_highest_beater_even_for_a_free_player() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:15])
    events = m.apply("1 timeout")  # seat 1 has a trick, holds AC (beats KC): K-13 plays it face up
    assert events[0].kind == "timed_out" and events[1].data["card"] == "AC"
    assert m.records[-1].actions[-1] == "1 timeout"


def test_timeout_leads_highest_and_discards_lowest_with_suit_order() -> None:
    hands = [["KH", "KS", "3D", "4D", "5D", "6C"], ["2D", "2C", "7H", "8H", "9H", "TC"],
             ["AS", "QS", "3C", "4C", "5H", "6H"]]
    m = dealt(3, hands, 0)
    assert m.apply("0 timeout")[1].data["card"] == "KS"          # K ties: spade before heart
    ev = m.apply("1 timeout")
    assert ev[1].kind == "discarded" and ev[2].data["card"] == "2C" and ev[2].to == frozenset({1})
    assert m.apply("2 timeout")[1].data["card"] == "AS"          # highest beater


def test_timeout_in_the_showdown_shows_the_highest_card_or_beater() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:16])
    assert m.phase == "showdown"
    assert m.apply("0 timeout")[1].data["card"] == "JH"   # leader: highest of JH TC
    assert m.apply("1 timeout")[1].data["card"] == "AC"   # no heart: highest of 5D AC
    assert m.apply("2 timeout")[1].data["card"] == "QC"   # no heart: highest of QC 9D
    # trick 5 to seat 0 (nobody beat JH); trick 6: TC sets clubs, 5D and 9D cannot beat
    assert m.deal_result()["winner"] == 0
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:16] + ["0 play TC"])
    assert m.apply("1 timeout")[1].data["card"] == "AC"   # the beater, as must-beat wants


def test_timeout_is_only_for_the_seat_to_act() -> None:
    m = dealt(3, [KC_HANDS[1], KC_HANDS[2], ["2S", "5S", "8S", "JS", "QS", "AH"]], 0)
    assert refusal_code(m, "1 timeout") == "not_your_turn"
    with pytest.raises(Exception, match="no arguments"):
        m.parse("0 timeout 2S")


# ------------------------------------------------------------------ K-14

def test_leave_any_time_once_and_not_when_out() -> None:
    m = dealt(4, KA_HANDS, 0)
    m.apply("2 leave")                       # not its turn: the turn does not move
    assert m.to_act() == (0,) and m.bots == {2} and m.view(0)["bots"] == [2]
    assert refusal_code(m, "2 leave") == "already_left"
    for a in KA_ACTIONS[:16]:
        m.apply(a)
    assert refusal_code(m, "3 leave") == "out_of_hand"   # seat 3 is out after trick 4
    m.apply("0 leave")
    for a in KA_ACTIONS[16:]:
        m.apply(a)
    assert m.deal_result()["winner"] == 2 and m.bots == {0, 2}
    assert refusal_code(m, "1 leave") == "deal_over"
    m.start_deal(KA_HANDS)                   # given cards: a random deal may be an automatic win (K-5)
    assert refusal_code(m, "0 leave") == "already_left"  # the seat stays a computer player
    assert m.view(3)["bots"] == [0, 2]
    # the record keeps both leaves where they happened, and replays
    again = load_record(m.to_record())
    assert isinstance(again, Katte)
    assert again.bots == {0, 2} and again.records[0].actions[0] == "2 leave"


# ------------------------------------------------------------------ views: no peeking

def test_views_hide_other_hands_and_list_legal_only_for_the_seat_to_act() -> None:
    m = dealt(4, KA_HANDS, 0)
    for seat in range(4):
        v = m.view(seat)
        assert v["hand"] == [FRENCH.code(c) for c in sorted((FRENCH.parse(x) for x in KA_HANDS[seat]),
                                                             key=FRENCH.sort_key)]
        assert v["legal"] == ([] if seat else [f"0 play {c}" for c in KA_HANDS[0]])
        text = json.dumps({k: v[k] for k in v if k != "hand"})
        for other in range(4):
            for card in KA_HANDS[other]:
                assert f'"{card}"' not in text
        assert v["pot"] == 40 and v["chips"] == [0, 0, 0, 0] and v["hand_counts"] == [6, 6, 6, 6]
        assert v["phase"] == "play" and v["trick_number"] == 1 and v["to_act"] == [0]


def test_a_view_is_the_same_when_hidden_cards_differ() -> None:
    """Two deals that differ only in cards seat 0 cannot see (seat 2's discard and
    seat 3's unplayed cards) give seat 0 the same view, event for event."""
    a = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:4])
    other = [list(h) for h in KA_HANDS]
    other[2][other[2].index("3S")], other[3][other[3].index("QS")] = "QS", "3S"
    b = dealt(4, other, 0, actions=["0 play 9S", "1 play KS", "2 discard QS", "3 discard 2S"])
    assert a.view(0) == b.view(0)
    assert a.view(2) != b.view(2)


def test_view_before_any_deal() -> None:
    v = Katte(3).view(1)
    assert v["phase"] == "none" and v["hand"] == [] and v["result"] is None and v["legal"] == []


# ------------------------------------------------------------------ clone

def test_clone_is_independent_and_plays_on_identically() -> None:
    m = dealt(4, KA_HANDS, 0, actions=KA_ACTIONS[:6])
    c = m.clone()
    c.apply("3 leave")
    for a in KA_ACTIONS[6:]:
        c.apply(a)
    assert c.deal_over and not m.deal_over
    assert m.hands[2] == [FRENCH.parse(x) for x in ["2D", "6C", "QC", "9D"]]
    assert len(m.done) == 1 and m.trick is not None and len(m.trick.plays) == 2
    assert m.chips == [0, 0, 0, 0] and m.bots == set() and m.won == [0, 1, 0, 0]
    assert len(m.records[-1].actions) == 6 and m.deal_result() == {}
    for a in KA_ACTIONS[6:]:
        m.apply(a)
    assert m.replay_summary()["deals"] == c.replay_summary()["deals"]


# ------------------------------------------------------------------ random matches

def _cards_in_play(m: Katte) -> Counter[int]:
    cards: Counter[int] = Counter(c for h in m.hands for c in h)
    for trick in m.done + ([m.trick] if m.trick is not None else []):
        cards.update(c for _, c, _ in trick.plays)
    return cards


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"ante": 3, "double_pay": True}, {"turn_seconds": 20, "ante": 1}])
def test_random_legal_matches_keep_the_invariants(players: int, options: dict[str, Any]) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        m = Katte.new(players, options, seed=seed)
        ante = m.options["ante"]
        mult = 2 if m.options["double_pay"] else 1
        for _ in range(6):
            dealt_cards = Counter(FRENCH.parse(c) for h in m.records[-1].hands for c in h)
            while not m.deal_over:
                seat = m.to_act()[0]
                legal = m.legal_actions(seat)
                assert legal and len({str(a) for a in legal}) == len(legal)
                # every card action of the seat is either listed or refused
                for c in m.hands[seat]:
                    for verb in ("play", "discard"):
                        act = Action(seat, verb, (FRENCH.code(c),))
                        assert (m.check(act) is None) == (act in legal)
                roll = rng.random()
                if roll < 0.05:
                    m.apply(f"{seat} timeout")
                elif roll < 0.08 and rng.randrange(players) not in m.bots:
                    quitter = rng.randrange(players)
                    if quitter not in m.bots and not m.out[quitter]:
                        m.apply(f"{quitter} leave")
                else:
                    m.apply(rng.choice(legal))
                assert _cards_in_play(m) == dealt_cards
            r = m.deal_result()
            assert sum(r["chips"]) == 0
            if r["winner"] is None:
                assert r["chips"] == [0] * players and len(m.done) == 0
            else:
                assert r["winner"] not in r["eliminated"]
                each = ante * (1 + mult) if r["automatic"] else ante
                assert r["chips"][r["winner"]] == each * (players - 1)
                assert all(r["chips"][s] == -each for s in range(players) if s != r["winner"])
                assert len(m.done) in ((0, 4) if r["automatic"] else (6,))
                if len(m.done) == 6:
                    assert set(r["eliminated"]) == {s for s in range(players) if not any(
                        t.winner == s for t in m.done[:4])}
                    assert players > 2 or not r["eliminated"]  # edge 10
            m.start_deal()
        assert sum(m.chips) == 0
        assert replay_record(m.to_record()) == m.replay_summary()
