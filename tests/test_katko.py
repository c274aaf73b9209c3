"""Katko (shared/rules/katko.md): what the hand records cannot show well.

Option validation and defaults, message keys, the legal choices of KT-3 step
by step, views that hide what they must, match flow over several deals,
clone independence, and random legal matches that must stay consistent.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import IllegalAction, OptionError, i18n, load_record
from engine.cards import FRENCH
from engine.errors import DealError
from engine.games.katko import Katko

ROOT = Path(__file__).resolve().parent.parent

KT3_HANDS = [["KS", "4S", "9D", "2H", "JC"], ["AS", "3S", "5H", "QD", "7C"], ["8S", "7D", "TH", "3C", "KC"]]


def legal(m: Katko, seat: int | None = None) -> list[str]:
    return sorted(a.args[0] for a in m.legal_actions(seat))


def kt3(options: dict[str, Any] | None = None) -> Katko:
    m = Katko.new(3, {"trump": True, "must_beat": True} if options is None else options, deal=False)
    m.start_deal(KT3_HANDS, 2, "6H")
    return m


@pytest.fixture
def merged_catalogue() -> dict[str, str]:
    """The English catalogue."""
    return i18n.catalogue("en")


# ------------------------------------------------------------------ options

def test_defaults_depend_on_the_number_of_players() -> None:
    for players, hand, decks, bonus in ((2, 5, 1, False), (3, 5, 1, False), (4, 5, 1, True),
                                        (10, 5, 1, True), (11, 4, 2, False), (20, 4, 2, False)):
        m = Katko.new(players, seed=1)
        assert (m.options["hand_size"], m.options["decks"]) == (hand, decks)
        assert m.deuce_bonus is bonus, players
        assert all(len(h) == hand for h in m.hands)
        meta = {o["key"]: o for o in Katko.option_metadata(players)}
        assert meta["hand_size"]["default"] == hand and meta["decks"]["default"] == decks
    assert {o["key"] for o in Katko.option_metadata(4)} == {
        "hand_size", "decks", "trump", "must_beat", "deuce_bonus", "points_for_twos", "target", "growing_hand"}


def test_player_count_limits() -> None:
    for bad in (1, 21, True, "4"):
        with pytest.raises(OptionError):
            Katko(bad)  # type: ignore[arg-type]
    Katko(2)
    Katko(20)


@pytest.mark.parametrize("options", [
    {"hand_size": 3}, {"hand_size": 6}, {"decks": 0}, {"decks": 3}, {"target": 4}, {"target": "3"},
    {"trump": 1}, {"must_beat": "yes"}, {"deuce_bonus": True}, {"points_for_twos": None},
    {"growing_hand": 0}, {"trumps": True},
])
def test_option_values_out_of_range_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        Katko(4, options)


def test_cards_must_suffice() -> None:
    Katko(10, {"trump": True})  # 51 of 52
    Katko(13, {"decks": 1})  # 13 × 4 = 52
    Katko(11, {"decks": 1})  # 44: one deck is allowed when the cards suffice (T-1 Decision)
    with pytest.raises(OptionError, match="53 cards"):
        Katko(13, {"decks": 1, "trump": True})
    with pytest.raises(OptionError, match="55 cards"):
        Katko(11, {"decks": 1, "hand_size": 5})
    Katko(20, {"hand_size": 5, "trump": True})  # 101 of 104
    Katko(2, {"decks": 2})  # two decks with few players (T-1 Decision)


def test_growing_hand_grows_per_deal_up_to_the_cap() -> None:
    def sizes(players: int, options: dict[str, Any], deals: int) -> list[int]:
        m = Katko.new(players, {"growing_hand": True, "target": 7, **options}, seed=5, deal=False)
        out = []
        for _ in range(deals):
            m.start_deal()
            out.append(len(m.hands[0]))
            assert all(len(h) == out[-1] for h in m.hands)
            play_out(m, random.Random(1))
            if m.match_over:
                break
        return out

    assert sizes(10, {"hand_size": 4}, 4) == [4, 5, 5, 5]  # 10 × 5 = 50 ≤ 52 < 60
    assert sizes(10, {"hand_size": 4, "trump": True}, 3) == [4, 5, 5]  # 51 ≤ 52
    assert sizes(9, {"hand_size": 5, "trump": True}, 3) == [5, 5, 5]  # 9 × 6 + 1 = 55 > 52
    assert sizes(17, {"hand_size": 4}, 4) == [4, 5, 6, 6]  # two decks: 17 × 6 = 102 ≤ 104


# ---------------------------------------------------------------- dealing

def test_turned_card_rules() -> None:
    m = Katko.new(3, {"trump": True}, deal=False)
    with pytest.raises(DealError, match="turned"):
        m.start_deal(KT3_HANDS, 2)
    with pytest.raises(DealError, match="not a card code"):
        m.start_deal(KT3_HANDS, 2, "6X")
    with pytest.raises(DealError, match="2 times"):
        m.start_deal(KT3_HANDS, 2, "KS")
    plain = Katko.new(3, deal=False)
    with pytest.raises(DealError, match="without trumps"):
        plain.start_deal(KT3_HANDS, 2, "6H")


def test_seeded_deal_turns_the_next_card_and_deals_from_the_dealers_left() -> None:
    for seed in range(30):
        m = Katko.new(10, {"trump": True}, seed=seed)
        assert m.turned is not None and m.trump_suit == m.turned // 13
        dealt = [c for h in m.hands for c in h] + [m.turned]
        assert len(set(dealt)) == 51  # one deck: nothing twice, the turned card in no hand
        assert m.to_act() == ((m.dealer + 1) % 10,)
        record = m.to_record()
        assert record["deals"][0]["turned"] == FRENCH.code(m.turned)
    # Same seed, same deal: hands go round from the dealer's left, the turned card follows.
    a, b = Katko.new(4, {"trump": True}, seed=9), Katko.new(4, {"trump": True}, seed=9)
    assert a.hands == b.hands and a.turned == b.turned


def test_two_decks_may_repeat_a_card_once() -> None:
    m = Katko.new(4, {"decks": 2}, deal=False)
    m.start_deal([["AS", "AS", "2H", "3H", "4H"], ["5H"] * 2 + ["6H", "7H", "8H"],
                  ["9H", "TH", "JH", "QH", "KH"], ["AH", "2D", "3D", "4D", "5D"]], 3)
    assert [str(a) for a in m.legal_actions(0)] == ["0 play AS", "0 play 2H", "0 play 3H", "0 play 4H"]


# ----------------------------------------------------------------- legality

def test_kt3_legal_choices_step_by_step() -> None:
    """The 'legal choices under T-7' column of KT-3."""
    m = kt3()
    steps = [("0 play 4S", None), ("1 play AS", ["AS"]), ("2 play TH", ["TH"]),
             ("2 play 3C", None), ("0 play JC", ["JC"]), ("1 play 5H", ["5H"]),
             ("1 play QD", None), ("2 play 7D", ["7D"]), ("0 play 2H", ["2H"]),
             ("0 play KS", None), ("1 play 3S", ["3S"]), ("2 play 8S", ["8S"]),
             ("0 play 9D", None), ("1 play 7C", ["7C"]), ("2 play KC", ["KC"])]
    for action, choices in steps:
        if choices is not None:
            assert legal(m) == sorted(choices), action
        m.apply(action)
    assert m.deal_result() == {"points": [1, 0, 0], "last_trick": 0, "game_won": False}


def test_kt3_without_must_beat() -> None:
    m = kt3({"trump": True})
    m.apply("0 play 4S")
    assert legal(m) == ["3S", "AS"]
    m.apply("1 play AS")
    assert legal(m) == ["8S"]
    refusal = m.check(m.parse("2 play TH"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("follow_suit", "T-6")


def test_refusals_carry_code_rule_and_the_cards_that_may_be_played() -> None:
    m = kt3()
    m.apply("0 play 4S")
    r = m.check(m.parse("1 play 3S"))
    assert r is not None and r.to_json() == {
        "code": "must_beat", "rule": "T-7", "params": {"best": "4S", "cards": ["AS"], "deck": "french"}}
    m.apply("1 play AS")
    r = m.check(m.parse("2 play 8S"))
    assert r is not None and r.to_json() == {"code": "must_beat_trump", "rule": "T-7", "params": {
        "best": "AS", "cards": ["TH"], "suit": "H", "deck": "french"}}
    r = m.check(m.parse("2 play AD"))
    assert r is not None and r.code == "not_in_hand"
    r = m.check(m.parse("0 play KS"))
    assert r is not None and r.code == "not_your_turn" and r.params["to_act"] == 2
    with pytest.raises(IllegalAction):
        m.apply("2 play 8S")
    assert m.trick is not None and len(m.trick.plays) == 2  # a refused action changes nothing


def test_every_non_legal_card_is_refused_and_every_legal_one_accepted() -> None:
    rng = random.Random(3)
    for seed in range(40):
        options = {"trump": seed % 2 == 0, "must_beat": seed % 3 != 0, "decks": 1 + seed % 2}
        m = Katko.new(4, options, seed=seed)
        while not m.deal_over:
            seat = m.to_act()[0]
            ok = {a.args[0] for a in m.legal_actions(seat)}
            assert len(ok) == len(m.legal_actions(seat))  # each action once
            for card in set(m.hands[seat]):
                code = FRENCH.code(card)
                refusal = m.check(m.parse(f"{seat} play {code}"))
                assert (refusal is None) == (code in ok), (seed, code, refusal)
                if refusal is not None:
                    assert refusal.code in ("must_beat", "must_beat_trump", "follow_suit")
            m.apply(rng.choice(m.legal_actions(seat)))


def test_messages_render_in_english(merged_catalogue: dict[str, str]) -> None:
    m = kt3()
    m.apply("0 play 4S")
    r = m.check(m.parse("1 play 3S"))
    assert r is not None
    assert r.message() == "you can beat Four of spades, so you must beat it: play one of Ace of spades (T-7)"
    m.apply("1 play AS")
    r = m.check(m.parse("2 play 8S"))
    assert r is not None and "must play a trump (hearts)" in r.message() and "Ten of hearts" in r.message()
    assert m.label(m.legal_actions(2)[0]) == "Play Ten of hearts"
    with pytest.raises(Exception, match="T-7"):
        load_record({"game": "katko", "players": 3, "options": {"trump": True, "must_beat": True},
                     "deals": [{"dealer": 2, "hands": KT3_HANDS, "turned": "6H",
                                "actions": ["0 play 4S", "1 play 3S"]}]})


def test_every_message_key_used_exists() -> None:
    known = dict(i18n.catalogue("en"))
    for option in Katko.option_metadata(4):
        assert option["label"] in known and option["help"] in known
    for code in ("must_beat", "must_beat_trump", "follow_suit", "not_in_hand", "not_your_turn", "wrong_verb"):
        assert "refusal." + code in known
    # every reason an event gives has words
    reasons = set()
    for seed in range(60):
        m = Katko.new(3 + seed % 3, {"points_for_twos": True, "trump": seed % 2 == 1, "decks": 1 + seed % 2,
                                     "deuce_bonus": "on"}, seed=seed)
        rng = random.Random(seed)
        while not m.match_over:
            if m.deal_over:
                m.start_deal()
            for e in m.apply(rng.choice(m.legal_actions())):
                if "reason" in e.data:
                    reasons.add(e.data["reason"])
    assert reasons >= {"highest_of_lead", "highest_trump", "first_identical", "last_trick", "deuce_bonus"}
    for reason in reasons:
        assert "reason." + reason in known


# ------------------------------------------------------------------- views

def test_view_shows_public_facts_and_hides_other_hands() -> None:
    m = kt3()
    v = m.view(1)
    assert v["hand"] == ["AS", "3S", "5H", "QD", "7C"]
    assert (v["turned"], v["trump"], v["target"], v["hand_size"]) == ("6H", "H", 3, 5)
    assert v["scores"] == [0, 0, 0] and v["to_act"] == [0] and v["legal"] == []
    assert v["hand_counts"] == [5, 5, 5] and v["result"] is None
    text = json.dumps(v)
    for code in KT3_HANDS[0] + KT3_HANDS[2]:
        assert f'"{code}"' not in text
    assert m.view(0)["legal"] == ["0 play 4S", "0 play KS", "0 play 2H", "0 play 9D", "0 play JC"]


def test_views_do_not_depend_on_cards_the_seat_cannot_see() -> None:
    """Two deals that differ only in other seats' cards look the same to seat 0."""
    a = Katko.new(3, {"trump": True, "must_beat": True}, deal=False)
    b = Katko.new(3, {"trump": True, "must_beat": True}, deal=False)
    a.start_deal(KT3_HANDS, 2, "6H")
    b.start_deal([KT3_HANDS[0], ["AS", "2S", "7H", "JD", "QC"], ["8S", "3D", "TH", "3C", "KC"]], 2, "6H")
    for action in ("0 play 4S", "1 play AS", "2 play TH"):
        assert a.view(0) == b.view(0)
        a.apply(action)
        b.apply(action)
    assert a.view(0) == b.view(0)


def test_view_before_the_first_deal_and_after_the_match() -> None:
    m = Katko.new(4, deal=False)
    v = m.view(2)
    assert v["phase"] == "none" and v["hand"] == [] and v["to_act"] == [] and v["hand_size"] == 5
    over = load_record(json.loads((ROOT / "tests/records/katko/seed-en-dan-deuce-bonus.json").read_text()))
    assert isinstance(over, Katko)
    v = over.view(0)
    assert v["winner"] == 3 and v["result"] == {"points": [0, 0, 0, 3], "last_trick": 3, "game_won": True}
    assert v["phase"] == "over" and v["to_act"] == []
    kinds = [e["kind"] for e in v["events"]]
    assert kinds[-2:] == ["deal_result", "match_over"]
    assert v["events"][-1]["reason"] == "deuce_bonus" and v["events"][-1]["rule"] == "T-9"


# -------------------------------------------------------------- match flow

def play_out(m: Katko, rng: random.Random) -> None:
    while not m.deal_over:
        m.apply(rng.choice(m.legal_actions()))


def test_the_winner_of_a_deal_deals_the_next() -> None:
    m = Katko.new(5, {"target": 7}, seed=11)
    rng = random.Random(11)
    while True:
        dealer = m.dealer
        assert m.to_act() == ((dealer + 1) % 5,)
        play_out(m, rng)
        if m.match_over:
            break
        last = m.deal_result()["last_trick"]
        m.start_deal()
        assert m.dealer == last
    with pytest.raises(DealError, match="over"):
        m.start_deal()


def test_a_given_dealer_must_agree_with_the_rules() -> None:
    m = Katko.new(4, seed=2)
    play_out(m, random.Random(2))
    wrong = (m.deal_result()["last_trick"] + 1) % 4
    with pytest.raises(DealError, match="must be seat"):
        m.start_deal(None, wrong)


def test_deuce_bonus_on_with_two_decks() -> None:
    m = Katko.new(4, {"decks": 2, "deuce_bonus": "on", "hand_size": 4}, deal=False)
    m.start_deal([["AS", "AH", "AD", "2C"], ["AS", "3H", "3D", "4S"],
                  ["5S", "5H", "5D", "6S"], ["7S", "7H", "7D", "8S"]], 3)
    for action in ("0 play AS", "1 play AS", "2 play 5S", "3 play 7S", "0 play AH", "1 play 3H", "2 play 5H",
                   "3 play 7H", "0 play AD", "1 play 3D", "2 play 5D", "3 play 7D"):
        m.apply(action)
    events = m.apply("0 play 2C") + m.apply("1 play 4S") + m.apply("2 play 6S") + m.apply("3 play 8S")
    assert m.deal_result() == {"points": [3, 0, 0, 0], "last_trick": 0, "game_won": True}
    assert m.match_over and m.standing() == {"scores": [3, 0, 0, 0], "winner": 0}
    first = m.done[0]
    assert first.winner == 0  # seat 1's identical AS came second (T-8)
    won = [e for e in events if e.kind == "trick_won"]
    assert won[0].data["points"] == 3 and won[0].data["last"]


def test_clone_is_independent() -> None:
    m = Katko.new(4, {"trump": True, "points_for_twos": True}, seed=4)
    m.apply(m.legal_actions()[0])
    c = m.clone()
    before = (m.view(0), m.to_record(), m.standing())
    rng = random.Random(4)
    while not c.match_over:
        if c.deal_over:
            c.start_deal()
        c.apply(rng.choice(c.legal_actions()))
    assert (m.view(0), m.to_record(), m.standing()) == before
    assert c.match_over and not m.match_over


OPTION_SETS = [
    {},
    {"trump": True},
    {"must_beat": True},
    {"trump": True, "must_beat": True},
    {"points_for_twos": True, "deuce_bonus": "on"},
    {"decks": 2, "must_beat": True, "trump": True},
    {"growing_hand": True, "hand_size": 4, "trump": True, "target": 5},
    {"points_for_twos": True, "target": 7, "deuce_bonus": "off"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_matches_finish_consistently(options: dict[str, Any]) -> None:
    for seed in range(25):
        players = 2 + seed % 8 if seed % 5 else 11 + seed % 10
        m = Katko.new(players, options, seed=seed)
        rng = random.Random(seed)
        scores = [0] * players
        while True:
            copies = m.options["decks"]
            dealt = Counter(c for h in m.hands for c in h)
            size = len(m.hands[0])
            plays: Counter[int] = Counter()
            twos_won = 0
            while not m.deal_over:
                for e in m.apply(rng.choice(m.legal_actions())):
                    if e.kind == "played":
                        plays[FRENCH.parse(e.data["card"])] += 1
                    if e.kind == "trick_won" and e.data["card"][0] == "2":
                        twos_won += 1
            # conserve cards: exactly the dealt cards were played, the turned one never
            assert plays == dealt and len(m.done) == size
            assert all(k <= copies for k in dealt.values())
            if m.turned is not None:
                assert dealt[m.turned] + 1 <= copies
            result = m.deal_result()
            last = result["last_trick"]
            assert m.done[-1].winner == last
            total = sum(result["points"])
            if result["game_won"]:
                assert total == 3 + (twos_won - 1 if m.options["points_for_twos"] else 0)
                assert m.standing()["winner"] == last
            else:
                assert total == 1 + (twos_won if m.options["points_for_twos"] else 0)
            scores = [s + p for s, p in zip(scores, result["points"])]
            assert m.standing()["scores"] == scores
            winner = m.standing()["winner"]
            target = m.options["target"]
            if winner is not None:
                assert result["game_won"] or scores[winner] == max(scores) >= target
                break
            # no winner yet: nobody at the target, or a tie at the top that the last trick does not break
            tied = [s for s in range(players) if scores[s] >= target and scores[s] == max(scores)]
            assert not tied or (len(tied) > 1 and last not in tied)
            m.start_deal()
        # the written record replays to the same standing
        again = load_record(m.to_record())
        assert again.standing() == m.standing() and again.to_record() == m.to_record()


def test_seeded_record_without_hands_replays() -> None:
    m = load_record({"game": "katko", "players": 4, "seed": 8, "deals": [{"actions": []}]})
    assert isinstance(m, Katko) and all(len(h) == 5 for h in m.hands)
    assert "hands" in m.to_record()["deals"][0] and "dealer" in m.to_record()["deals"][0]
