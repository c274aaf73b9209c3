"""Call Kitti: set ranking, options, views, match flow and random playouts.

The worked example and the edge cases are hand records under
tests/records/call-kitti; these tests cover what records show badly.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise, permutations
from typing import Any

import pytest

from engine import IllegalAction, NotationError, OptionError, i18n, load_record, new_match
from engine.actions import Action
from engine.cards import FRENCH
from engine.errors import DealError
from engine.games.call_kitti import (
    CATEGORIES,
    CallKitti,
    canonical_arrangement,
    pair_count,
    parse_set,
    set_category,
    set_value,
)

RANKS = "23456789TJQKA"
CK1 = ["7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS / 3H",
       "KS KH KD / AC 2H 3S / 5H 9H QH / 3C 8S TC / 2S",
       "QS JH TS / AH 8H 6H / 9S 9C 4C / QC 7D 5S / 4H",
       "AD 2D 3D / JD JC AS / 6S 6C 5C / TH 8C QD / 5D"]
SIX_PAIRS_HAND = "2S 2H 5D 5C 8S 8H JD JC QS QH KD KC AS"


def v(text: str) -> tuple[int, ...]:
    return set_value(parse_set(text))


def hands_of(arrangements: list[str]) -> list[list[str]]:
    return [a.replace("/", " ").split() for a in arrangements]


def ck1_match(**options: Any) -> CallKitti:
    m = CallKitti.new(4, options, deal=False)
    m.start_deal(hands_of(CK1), 0)
    return m


def arrange_all(m: CallKitti, arrangements: list[str]) -> None:
    for s, a in enumerate(arrangements):
        m.apply(f"{s} arrange {a}")


def random_arrangement(m: CallKitti, seat: int, rng: random.Random) -> str:
    cards = FRENCH.codes(list(m.hands[seat]))
    rng.shuffle(cards)
    return " / ".join(" ".join(cards[i:i + 3]) for i in (0, 3, 6, 9)) + " / " + cards[12]


# ------------------------------------------------------------ set ranking


def test_c_r1_categories_in_order() -> None:
    ladder = ["2S 2H 2D", "4S 3S 2S", "AS KH QD", "AS KS JS", "AS AH KD", "AS KH JD"]
    assert [set_category(parse_set(t)) for t in ladder] == list(CATEGORIES)
    values = [v(t) for t in ladder]
    assert values == sorted(values, reverse=True) and len(set(values)) == 6


def test_c_r2_trials_by_rank() -> None:
    trials = [v(f"{r}S {r}H {r}D") for r in RANKS]
    assert trials == sorted(trials) and len(set(trials)) == 13
    assert v("AS AH AD") > v("KS KH KD") > v("2S 2H 2C")


def test_c_r3_sequence_order() -> None:
    order = ["A K Q", "A 2 3"] + [f"{RANKS[h]} {RANKS[h - 1]} {RANKS[h - 2]}" for h in range(11, 1, -1)]
    assert order[-1] == "4 3 2" and len(order) == 12
    for suits, category in (("SHD", "run"), ("CCC", "double_run")):
        sets = [" ".join(r + s for r, s in zip(o.split(), suits)) for o in order]
        assert all(set_category(parse_set(t)) == category for t in sets)
        values = [v(t) for t in sets]
        assert values == sorted(values, reverse=True) and len(set(values)) == 12, category
    assert v("4H 3H 2H") > v("AS KH QD")  # any double run beats any run


@pytest.mark.parametrize("text, category", [
    ("AS KH 2D", "top"), ("KS AH 2D", "top"), ("AH KH 2H", "color"), ("QS KS AS", "double_run"),
    ("AS 2H 3D", "run"), ("2S 3S AS", "double_run"), ("2S KH AD", "top"), ("QS KH 2D", "top"),
])
def test_c_r3_wrap_arounds_are_no_sequence(text: str, category: str) -> None:
    assert set_category(parse_set(text)) == category


def test_c_r4_color_and_top_compare_card_by_card() -> None:
    assert v("AH 5H 3H") > v("KH QH TH")  # highest card first
    assert v("AH 9H 3H") > v("AS 8S 7S")  # then the second
    assert v("AH 9H 4H") > v("AS 9S 3S")  # then the third
    assert v("AS 9H 4D") > v("AH 9D 3C")
    assert v("KS 9H 4D") == v("KH 9C 4S")


def test_c_r5_jute_pair_first_then_odd_card() -> None:
    assert v("3S 3H 2D") > v("2S 2H AD")  # the pair's rank decides first
    assert v("9S 9H AC") > v("9D 9C KH")
    assert v("9S 9H 5C") == v("9D 9C 5H")


def test_c_r6_no_suit_ranking() -> None:
    rng = random.Random(1)
    for _ in range(300):
        trio = rng.sample(range(52), 3)
        for perm in permutations(range(4)):
            relabelled = [perm[c // 13] * 13 + c % 13 for c in trio]
            assert set_value(relabelled) == set_value(trio)


def test_set_values_to_check_of_the_rules() -> None:
    assert set_category(parse_set("QS KH AD")) == "run"
    assert v("QS KH AD") > v("AS 2H 3D") > v("KS QH JD")
    assert set_category(parse_set("AS KH 2D")) == "top"
    assert set_category(parse_set("AH KH 2H")) == "color"
    assert v("9S 9H 5C") == v("9D 9C 5H")
    assert pair_count(parse_set(SIX_PAIRS_HAND)) == 6
    assert pair_count(parse_set("7S 7H 7D 7C 2S 2H 5D 5C 8S 8H JD JC AS")) == 6
    assert pair_count(parse_set("7S 7H 7D 2S 2H 5D 5C 8S 8H JD JC AS KS")) == 5  # a trial is one pair


def test_set_value_needs_three_cards() -> None:
    with pytest.raises(ValueError, match="three cards"):
        set_value(parse_set("AS KS"))


def test_canonical_arrangement_orders_sets_for_the_shows() -> None:
    sets = [parse_set(t) for t in ("2C 6D JS", "TD 8D 9D", "KC 4S 4D", "7C 7S 7H")]
    assert [FRENCH.codes(s) for s in canonical_arrangement(sets)] == [
        ["7S", "7H", "7C"], ["TD", "9D", "8D"], ["KC", "4S", "4D"], ["JS", "6D", "2C"]]


# ------------------------------------------------------------ options, notation, labels


def test_base_price_option() -> None:
    assert CallKitti.new(4).options == {"base_price": 1}
    assert CallKitti.new(4, {"base_price": 5}).options["base_price"] == 5
    for bad in (0, -1, "2", True, 1.5, None):
        with pytest.raises(OptionError):
            CallKitti.new(4, {"base_price": bad})
    with pytest.raises(OptionError, match="unknown option"):
        CallKitti.new(4, {"target": 5})
    meta = CallKitti.option_metadata(4)
    assert meta[0]["key"] == "base_price" and meta[0]["default"] == 1 and meta[0]["minimum"] == 1


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_exactly_four_players(players: int) -> None:
    with pytest.raises(OptionError, match="exactly 4"):
        CallKitti.new(players)


def test_arrange_notation_is_canonical() -> None:
    m = ck1_match()
    written = m.parse("0 arrange 2C JS 6D/10D 8D 9D / KC 4S 4D / 7C 7S 7H / 3H")
    assert str(written) == "0 arrange 7S 7H 7C / TD 9D 8D / KC 4S 4D / JS 6D 2C / 3H"
    assert written == m.parse(f"0 arrange {CK1[0]}")
    with pytest.raises(NotationError, match="7X"):
        m.parse("0 arrange 7X 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS / 3H")
    with pytest.raises(NotationError):
        m.parse("0 bid two")
    with pytest.raises(NotationError):
        m.parse("0 declare now")


def test_arrangement_refusals() -> None:
    m = ck1_match()
    cases = {
        "0 arrange 7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS 3H": "arrange_shape",
        "0 arrange 7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D / JS 3H": "arrange_shape",
        "0 arrange 7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS": "arrange_shape",
        "0 arrange 7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS / 7S": "arrange_duplicate",
        "0 arrange 7S 7H 7C / 8D 9D TD / 4S 4D KC / 2C 6D JS / AS": "not_in_hand",
    }
    for text, code in cases.items():
        refusal = m.check(m.parse(text))
        assert refusal is not None and refusal.code == code and refusal.rule == "C-5", text
    assert m.check(m.parse(f"0 arrange {CK1[0]}")) is None
    m.apply(f"0 arrange {CK1[0]}")
    refusal = m.check(m.parse(f"0 arrange {CK1[0]}"))
    assert refusal is not None and refusal.code == "already_arranged"
    with pytest.raises(IllegalAction):
        m.apply("1 bid 1")


def test_labels() -> None:
    m = ck1_match()
    assert m.label(m.parse("1 bid 3")) == "Bid 3"
    assert m.label(m.parse("1 declare")) == "Declare six pairs"
    label = m.label(m.parse(f"1 arrange {CK1[1]}"))
    assert label.startswith("Arrange the sets KS KH KD / AC 3S 2H") and label.endswith("discard Two of spades")


def test_set_categories_have_english_names() -> None:
    english = i18n.catalogue("en")
    assert all(english.get(f"set.{c}") for c in CATEGORIES)


# ------------------------------------------------------------ phases and legal actions


def test_arrangement_phase_then_bidding_from_the_seat_after_the_dealer() -> None:
    m = ck1_match()
    assert m.to_act() == (0, 1, 2, 3) and m.legal_actions(0) == []
    m.apply(f"2 arrange {CK1[2]}")
    assert m.to_act() == (0, 1, 3)
    for s in (3, 0, 1):
        m.apply(f"{s} arrange {CK1[s]}")
    assert m.phase == "bid" and m.to_act() == (1,)
    assert [str(a) for a in m.legal_actions()] == [f"1 bid {n}" for n in range(5)]
    assert m.legal_actions(2) == []
    refusal = m.check(m.parse("1 bid 5"))
    assert refusal is not None and refusal.code == "bid_range" and refusal.rule == "C-6"
    summary = m.replay_summary()
    assert summary["to_act"] == {"seats": [1], "legal": [f"1 bid {n}" for n in range(5)]}


def six_pairs_match(dealer: int = 2) -> CallKitti:
    """Seat 1 holds six pairs; the other seats the rest of the deck in order."""
    six = SIX_PAIRS_HAND.split()
    rest = [c for c in FRENCH.codes(list(range(52))) if c not in six]
    m = CallKitti.new(4, deal=False)
    m.start_deal([rest[0:13], six, rest[13:26], rest[26:39]], dealer)
    return m


def test_declare_is_offered_until_the_first_bid_only_to_the_eligible_seat() -> None:
    m = six_pairs_match()
    assert [str(a) for a in m.legal_actions(1)] == ["1 declare"]
    assert m.legal_actions(0) == [] and m.view(1)["may_declare"] and not m.view(0)["may_declare"]
    refusal = m.check(m.parse("0 declare"))
    assert refusal is not None and refusal.code == "six_pairs_needed" and refusal.params["pairs"] < 6
    rng = random.Random(0)
    for s in range(4):
        m.apply(f"{s} arrange {random_arrangement(m, s, rng)}")
    # after arranging, before the first bid: still possible, also for a seat that is not bidding
    assert m.to_act() == (3,) and [str(a) for a in m.legal_actions(1)] == ["1 declare"]
    m.apply("3 bid 2")
    assert m.legal_actions(1) == [] and not m.view(1)["may_declare"]
    refusal = m.check(m.parse("1 declare"))
    assert refusal is not None and refusal.code == "declare_too_late" and refusal.rule == "C-4"


def test_declaring_cancels_and_the_same_dealer_deals_again() -> None:
    m = six_pairs_match(dealer=2)
    m.apply("1 declare")
    assert m.deal_over and not m.match_over
    assert m.deal_result()["cancelled"] and m.deal_result()["declared_by"] == 1
    assert m.standing()["points"] == [0, 0, 0, 0]
    m.start_deal()
    assert m.dealer == 2
    played = ck1_match()
    arrange_all(played, CK1)
    for s in (1, 2, 3, 0):
        played.apply(f"{s} bid 1")
    with pytest.raises(DealError, match="must be seat 1"):
        played.start_deal(hands_of(CK1), 0)  # after a played deal the next seat deals


def test_dealer_passes_to_the_next_seat_after_played_and_struck_deals() -> None:
    m = CallKitti.new(4, seed=11)
    rng = random.Random(11)
    dealers = [m.dealer]
    for _ in range(6):
        for s in range(4):
            m.apply(f"{s} arrange {random_arrangement(m, s, rng)}")
        for _ in range(4):
            m.apply(m.legal_actions()[rng.randrange(5)])
        if m.match_over:
            break
        m.start_deal()
        dealers.append(m.dealer)
    assert all(b == (a + 1) % 4 for a, b in pairwise(dealers))


# ------------------------------------------------------------ shows and scoring


def test_each_show_reveals_the_kth_highest_set() -> None:
    m = ck1_match()
    arrange_all(m, CK1)
    for s in (1, 2, 3, 0):
        m.apply(f"{s} bid 1")
    for seat in range(4):
        arrangement = m.sets[seat]
        assert arrangement is not None
        values = [set_value(t) for t in arrangement]
        assert values == sorted(values, reverse=True)
        for k, show in enumerate(m.shows):
            assert dict(show.plays)[seat] == arrangement[k]
    # the plays follow the turn order from each show's leader
    for show in m.shows:
        assert [s for s, _ in show.plays] == [(show.leader + i) % 4 for i in range(4)]


def test_ck1_scoring_and_base_price_does_not_scale_points() -> None:
    m = ck1_match(base_price=7)
    arrange_all(m, CK1)
    for s, b in ((1, 1), (2, 0), (3, 2), (0, 1)):
        m.apply(f"{s} bid {b}")
    assert m.deal_result()["points"] == [1, 1, 0, -2]
    assert m.standing()["wati"] == [0, 1, 0, 0] and m.standing()["goals"] == [0, 0, 0, 2]
    kinds = [e.kind for e in m.log]
    assert kinds.count("show") == 4 and kinds.count("show_won") == 4 and kinds[-1] == "deal_result"
    assert all("rule" in e.data for e in m.log if e.kind in ("show_won", "show_tied", "deal_result"))


def finish(m: CallKitti, points: list[int], wati: list[int], goals: list[int], dealer: int = 0) -> list[Any]:
    """Put the match standing in place and run the end check of C-10."""
    m.points, m.wati_total, m.goals, m.dealer = list(points), list(wati), list(goals), dealer
    return m._check_end()


def test_c10_end_of_game_tie_breaks() -> None:
    m = ck1_match()
    assert finish(m, [4, 4, -1, 0], [9, 0, 0, 0], [0, 0, 0, 0]) == [] and m.winner is None
    finish(m, [5, 7, 0, 0], [3, 2, 0, 0], [0, 0, 0, 0])
    assert m.winner == 0  # lifetime WATI beats more points (the seed, literally)
    m = ck1_match()
    finish(m, [5, 7, 6, 0], [3, 3, 1, 9], [0, 0, 0, 0])
    assert m.winner == 1  # WATI tied: the higher points; seat 3's WATI does not count below 5
    m = ck1_match()
    events = finish(m, [6, 6, 0, 0], [2, 2, 0, 0], [0, 0, 0, 0])
    assert m.winner is None and events[0].kind == "still_tied" and events[0].data["seats"] == [0, 1]
    assert not m.match_over


def test_c11_ranking_and_c12_settlement() -> None:
    m = ck1_match(base_price=2)
    m.payments = [4, -2, -2, 0]
    finish(m, [5, 2, 2, -1], [0, 1, 1, 0], [3, 1, 2, 4], dealer=1)
    # seats 1 and 2 tie on points and WATI: fewer goals first
    assert m.ranking == [0, 1, 2, 3]
    owed = {1: 1 * 2 + 1 * 2, 2: 2 * 2 + 2 * 2, 3: 2 * (3 * 2) + 4 * 2}
    assert m.settlement == [4 + sum(owed.values()), -2 - owed[1], -2 - owed[2], 0 - owed[3]]
    assert sum(m.settlement) == 0
    m = ck1_match()
    finish(m, [0, 5, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], dealer=2)
    assert m.ranking == [1, 3, 2, 0]  # 2 and 3 fully tied: seat order from seat 3 (after dealer 2)


def test_winner_goals_are_not_settled() -> None:
    m = ck1_match()
    finish(m, [5, 0, 0, 0], [0, 0, 0, 0], [9, 0, 0, 0], dealer=3)
    assert m.settlement == [6, -1, -2, -3]


# ------------------------------------------------------------ views, clone


def test_view_hides_other_seats_cards_and_discards() -> None:
    base = ck1_match()
    other = CallKitti.new(4, deal=False)
    hands = hands_of(CK1)
    pool = hands[1] + hands[2] + hands[3]
    random.Random(5).shuffle(pool)
    other.start_deal([hands[0], pool[:13], pool[13:26], pool[26:]], 0)
    assert base.view(0) == other.view(0)
    base.apply(f"0 arrange {CK1[0]}")
    other.apply(f"0 arrange {CK1[0]}")
    base.apply(f"1 arrange {CK1[1]}")
    other.apply(f"1 arrange {' / '.join(' '.join(pool[i:i + 3]) for i in (0, 3, 6, 9))} / {pool[12]}")
    assert base.view(0) == other.view(0)
    assert base.view(0)["arranged"] == [True, True, False, False]
    assert base.view(1)["arrangement"]["discard"] == "2S" and base.view(0)["arrangement"]["discard"] == "3H"
    # after the shows, 12 of each seat's cards are public, the discard never
    m = ck1_match()
    arrange_all(m, CK1)
    for s in (1, 2, 3, 0):
        m.apply(f"{s} bid 1")
    seen = json.dumps(m.view(0))
    for discard in ("2S", "4H", "5D"):
        assert f'"{discard}"' not in seen
    assert m.view(0)["hand"] == ["3H"] and m.view(0)["hand_counts"] == [1, 1, 1, 1]
    assert len(m.view(0)["tricks"]) == 4 and m.view(0)["result"]["won"] == [1, 2, 0, 1]


def test_view_has_the_common_keys() -> None:
    view = ck1_match().view(2)
    for key in ("game", "seat", "players", "names", "options", "deal", "phase", "hand", "hand_counts",
                "trick", "tricks", "to_act", "legal", "result", "events", "bids", "points", "wati",
                "wati_carry", "goals", "payments", "arrangement"):
        assert key in view
    assert view["phase"] == "arrange" and len(view["hand"]) == 13 and view["result"] is None
    assert CallKitti.new(4, deal=False).view(0)["hand"] == []


def test_clone_is_independent() -> None:
    m = ck1_match()
    arrange_all(m, CK1)
    m.apply("1 bid 1")
    copy = m.clone()
    for s, b in ((2, 0), (3, 2), (0, 1)):
        copy.apply(f"{s} bid {b}")
    assert copy.deal_over and not m.deal_over
    assert m.bids == [None, 1, None, None] and m.points == [0, 0, 0, 0] and m.shows == []
    assert len(m.records[-1].actions) == 5 and len(copy.records[-1].actions) == 8
    assert copy.points == [1, 1, 0, -2]


# ------------------------------------------------------------ random matches


@pytest.mark.parametrize("seed, base", [(s, b) for s in range(12) for b in (1, 3)])
def test_random_matches_finish_consistently(seed: int, base: int) -> None:
    rng = random.Random(seed)
    m = new_match("call-kitti", 4, {"base_price": base}, seed=seed)
    assert isinstance(m, CallKitti)
    totals = [0] * 4
    for _ in range(3000):
        dealt = [sorted(h) for h in m.hands]
        assert sorted(c for h in dealt for c in h) == list(range(52))
        for s in rng.sample(range(4), 4):
            if m.may_declare(s) and rng.random() < 0.5:
                m.apply(Action(s, "declare"))
                break
            m.apply(f"{s} arrange {random_arrangement(m, s, rng)}")
        if not m.deal_over:
            oracle = m.clone()  # shows do not depend on bids: bid what you will win, or at random
            for _ in range(4):
                oracle.apply(oracle.legal_actions()[0])
        while not m.deal_over:
            bidder = m.to_act()[0]
            m.apply(Action(bidder, "bid", (str(oracle.won[bidder] if rng.random() < 0.6 else rng.randrange(5)),)))
        result = m.deal_result()
        assert sum(result["payments"]) == 0
        assert all(p % base == 0 for p in result["payments"])
        if not result["cancelled"]:
            assert sum(result["won"]) + sum(len(s.tied) > 0 for s in m.shows) == 4
            for seat in range(4):  # conserve cards: 12 shown + 1 discard = the dealt hand
                shown = [c for show in m.shows for s, t in show.plays if s == seat for c in t]
                discard = m.discards[seat]
                assert discard is not None and sorted([*shown, discard]) == dealt[seat]
            if result["struck"]:
                assert result["points"] == [0] * 4 and result["goals"] == [0] * 4
        totals = [t + p for t, p in zip(totals, result["points"])]
        assert m.points == totals
        if m.match_over:
            break
        m.start_deal()
    assert m.match_over
    standing = m.standing()
    assert standing["settlement"] is not None and sum(standing["settlement"]) == 0
    assert standing["points"][standing["winner"]] >= 5 and sorted(standing["ranking"]) == [0, 1, 2, 3]
    replayed = load_record(m.to_record())
    assert replayed.standing() == standing and replayed.replay_summary() == m.replay_summary()
