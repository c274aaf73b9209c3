"""Kočka rules that records show less well: options, views, exchange, match flow."""

from __future__ import annotations

import random
import unicodedata

import pytest

import engine
from engine import IllegalAction, OptionError
from engine.games.kocka import Kocka

KO1_HANDS = [
    ["7H", "TH", "OH", "AH", "9L", "TA", "UA", "OB"],
    ["9H", "KL", "8A", "OA", "KA", "AA", "9B", "TB"],
    ["UH", "KH", "8L", "TL", "UL", "9A", "8B", "KB"],
    ["8H", "7L", "OL", "AL", "7A", "7B", "UB", "AB"],
]


def ko1() -> Kocka:
    m = Kocka(4)
    m.start_deal(KO1_HANDS, 3)
    return m


def test_options_have_the_spec_defaults_and_metadata() -> None:
    meta = {o["key"]: o for o in Kocka.option_metadata(4)}
    assert meta["word"]["default"] == "KOČKA" and meta["word"]["rule"] == "O-10"
    assert meta["early_end"]["choices"] == ["certain", "seventeen", "off"]
    assert meta["early_end"]["default"] == "certain"


def test_word_length_counts_characters_after_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "KOČKA")
    assert len(decomposed) == 6
    m = Kocka(4, {"word": decomposed})
    assert m.word == "KOČKA" and len(m.word) == 5


@pytest.mark.parametrize("bad", [{"word": ""}, {"word": 5}, {"early_end": "never"}, {"early_end": True}])
def test_bad_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        Kocka(4, bad)


def test_received_cards_are_hidden_until_everyone_has_passed() -> None:
    m = ko1()
    m.apply("3 pass OL 8H AL")
    assert m.view(0)["received"] is None
    assert "OL" not in str(m.view(0))  # seat 3's pass is not seat 0's business yet
    for a in ("0 pass AH OH TH", "1 pass 9H AA KL", "2 pass KH UH KB"):
        m.apply(a)
    v0 = m.view(0)
    assert v0["received"] == ["8H", "OL", "AL"] or sorted(v0["received"]) == sorted(["OL", "8H", "AL"])
    assert v0["passed"] == ["TH", "OH", "AH"] or sorted(v0["passed"]) == ["AH", "OH", "TH"]
    assert "OL" in v0["hand"] and "AH" not in v0["hand"]
    # seat 1 sees what seat 0 passed to it, not what seat 3 passed to seat 0
    v1 = m.view(1)
    assert "OL" not in v1["hand"] and "OL" not in str(v1["events"])


def test_view_never_shows_other_hands() -> None:
    m = ko1()
    v = m.view(2)
    assert v["hand"] == sorted(v["hand"], key=lambda c: ("HLAB".index(c[1]), -"789TUOKA".index(c[0])))
    others = {c for s in (0, 1, 3) for c in KO1_HANDS[s]}
    text = str(v)
    assert not any(f"'{c}'" in text for c in others)
    assert v["hand_counts"] == [8, 8, 8, 8] and v["legal"] and v["to_act"] == [0, 1, 2, 3]


def test_hejma_and_hearts_may_be_led_on_trick_one() -> None:
    m = Kocka(4)
    m.start_deal(KO1_HANDS, 2)  # seat 3 leads; it holds OL and 8H
    for s in range(4):
        m.apply(m.legal_actions(s)[-1] if s == 3 else m.parse(f"{s} pass " + " ".join(KO1_HANDS[s][-3:])))
    legal = {str(a) for a in m.legal_actions(3)}
    assert {"3 play OL", "3 play 8H"} <= legal


def test_labels_and_refusals_are_in_words() -> None:
    m = ko1()
    assert m.label(m.parse("0 play OL")) == "Play Ober of leaves"
    with pytest.raises(IllegalAction) as info:
        m.apply("0 play 7H")
    assert info.value.refusal.code == "wrong_verb"
    for a in ("0 pass AH OH TH", "1 pass 9H AA KL", "2 pass KH UH KB", "3 pass OL 8H AL"):
        m.apply(a)
    m.apply("0 play TA")
    refusal = m.check(m.parse("1 play 9B"))
    assert refusal is not None and refusal.code == "follow_suit" and refusal.rule == "O-6"
    assert refusal.message() == "you must follow suit: play a card of acorns (O-6)"


def test_clone_is_independent() -> None:
    m = ko1()
    c = m.clone()
    c.apply("0 pass AH OH TH")
    assert m.to_act() == (0, 1, 2, 3) and c.to_act() == (1, 2, 3)
    assert m.to_record()["deals"][0]["actions"] == []


def test_loser_deals_next_and_a_full_match_ends_on_the_last_letter() -> None:
    rng = random.Random(3)
    m = engine.new_match("kocka", 4, {"word": "KOČ"}, seed=3)
    letters_before = [0] * 4
    while True:
        while not m.deal_over:
            m.apply(m.random_action(rng))
        result = m.deal_result()
        assert sum(result["penalty"]) == 33 or result["tricks_played"] < 8
        if result["loser"] is not None:
            letters_before[result["loser"]] += 1
        assert m.standing()["letters"] == letters_before
        if m.match_over:
            break
        dealer = m.records[-1].start
        m.start_deal()
        assert m.records[-1].start == (result["loser"] if result["loser"] is not None else dealer)
    assert m.standing()["loser"] == letters_before.index(3)
    with pytest.raises(engine.EngineError):
        m.start_deal()
