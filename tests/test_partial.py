"""A seat's match at a no-peek table (engine/partial.py) beside the full match.

The key property: over seeded matches of every game, at several table sizes and options,
a PartialMatch for each seat with a person, fed only the public form of each move and the
cards the rules show it, sees exactly what the full match shows that seat (view, to_act,
its legal moves and the engine's check of its moves) at every step, never refuses a
legal move, and holds no card that seat was not shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import tables

from engine import GAMES, Action, EngineError, IllegalAction, Match, NotationError
from engine.bots import make_bot
from engine.partial import (
    HIDDEN,
    PartialMatch,
    is_unknown,
    public_action,
    public_start,
    revealed_with,
)
from engine.tricks import TrickMatch

TABLES: list[tuple[str, int, dict[str, Any], tuple[int, ...]]] = [
    ("kocka", 4, {}, ()),
    ("kocka", 4, {"early_end": "off"}, (2,)),
    ("kocka", 4, {"word": "KO"}, (0, 1)),
    ("katko", 2, {}, ()),
    ("katko", 4, {"trump": True, "must_beat": True}, (3,)),
    ("katko", 6, {"decks": 2, "trump": True, "must_beat": True, "growing_hand": True}, ()),
    ("katko", 5, {"must_beat": True}, (1, 4)),
    ("katte", 2, {}, ()),
    ("katte", 4, {}, (1,)),
    ("katte", 6, {"double_pay": True}, ()),
    ("call-kitti", 4, {}, ()),
    ("call-kitti", 4, {"base_price": 2}, (3,)),
]
SEEDS = range(6)


def _codes(match: Match, words: Any) -> Iterator[str]:
    """Every card code in a JSON-like value (a record's words, an event's data)."""
    if isinstance(words, str):
        for word in words.split():
            if match.DECK.is_code(word):
                yield word
    elif isinstance(words, dict):
        for value in words.values():
            yield from _codes(match, value)
    elif isinstance(words, (list, tuple)):
        for value in words:
            yield from _codes(match, value)


def _cards_held(partial: PartialMatch) -> Iterator[str]:
    """Every card in the partial match's state: hands, tricks, passes, sets, record, log."""
    m = partial.match
    code = m.DECK.code

    def real(cards: Any) -> Iterator[str]:
        for c in cards or ():
            if isinstance(c, int) and not is_unknown(c):
                yield code(c)

    state = m.__dict__
    for hand in state.get("hands", []):
        yield from real(hand)
    if isinstance(m, TrickMatch) and m.records:
        for trick in m.done + ([m.trick] if m.trick is not None else []):
            yield from real(c for _, c, _ in trick.plays)
    for key in ("passed", "received", "discards"):
        for cards in state.get(key, []) or []:
            yield from real(cards if isinstance(cards, tuple) else [cards])
    for sets in state.get("sets", []) or []:
        for trio in sets or []:
            yield from real(trio)
    for record in m.records:
        yield from _codes(m, record.hands)
        yield from _codes(m, record.actions)
        if record.turned:
            yield record.turned
    for event in m.log:
        yield from _codes(m, event.data)


def _my_moves(full: Match, seat: int) -> list[Action]:
    """Moves of ``seat`` to compare the engine's check on: every card played or discarded,
    a pass, an arrangement, every bid, a declaration."""
    deck = full.DECK
    if full.NAME == "call-kitti":
        hand = full.view(seat)["hand"]
        moves = [Action(seat, "bid", (str(n),)) for n in range(6)] + [Action(seat, "declare")]
        if len(hand) == 13:
            moves.append(full.parse(f"{seat} arrange " + " / ".join(" ".join(hand[i:i + 3]) for i in range(0, 12, 3))
                                    + f" / {hand[12]}"))
        return moves
    moves = [Action(seat, "play", (code,)) for code in deck.code_of]
    if full.NAME == "katte":
        moves += [Action(seat, "discard", (code,)) for code in deck.code_of] + [Action(seat, "timeout")]
    if full.NAME == "kocka":
        hand = full.view(seat)["hand"]
        moves.append(Action(seat, "pass", tuple(sorted(hand[:3], key=deck.parse))))
    return moves


def _same(full: Match, partials: dict[int, PartialMatch], told: dict[int, set[str]]) -> None:
    for seat, partial in partials.items():
        assert partial.view() == full.view(seat), f"seat {seat}'s view"
        assert partial.to_act() == full.to_act()
        assert [str(a) for a in partial.legal_actions()] == [str(a) for a in full.legal_actions(seat)]
        for move in _my_moves(full, seat):
            assert partial.check(move) == full.check(move), f"seat {seat}: {move}"
        unseen = set(_cards_held(partial)) - told[seat]
        assert not unseen, f"seat {seat} holds cards it was never shown: {sorted(unseen)}"


def play_beside(name: str, players: int, options: dict[str, Any], seed: int, face_up: tuple[int, ...],
                deals: int = 3, level: str | None = None, leaver: int | None = None) -> int:
    """Play a seeded match (random moves, or the ``level`` bots' on each seat's view) and a
    PartialMatch per seat with a person beside it; the moves made. Katte: ``leaver`` leaves
    at its first turn, its hand face up to all from then on (K-14)."""
    full = GAMES[name].new(players, options, seed=seed)
    rng = random.Random(seed)
    bots = [make_bot(name, level, seed=seed + s) for s in range(players)] if level else []

    def next_move() -> Action:
        if leaver is not None and full.to_act() == (leaver,) and leaver not in face_up:
            return Action(leaver, "leave")
        if name == "katte" and rng.random() < 0.1:
            return Action(full.to_act()[0], "timeout")  # K-13 moves from the hidden hand
        if not bots:
            return full.random_action(rng)
        seat = full.to_act()[0]
        return full.parse(bots[seat].decide(full.view(seat)).action)
    partials = {s: PartialMatch(name, players, options, me=s) for s in range(players) if s not in face_up}
    told: dict[int, set[str]] = {s: set() for s in partials}
    moves = 0
    for deal in range(deals):
        if deal:
            if full.match_over:
                break
            full.start_deal()
        for seat, partial in partials.items():
            start = public_start(full, seat, face_up)
            partial.start_deal(**start)
            told[seat] |= set(start["hand"]) | {c for h in start["known"].values() for c in h}
            if start["turned"]:
                told[seat].add(start["turned"])
        _same(full, partials, told)
        while not full.deal_over:
            action = next_move()
            revealed = revealed_with(full, action)
            public = {s: public_action(full, s, action, face_up) for s in partials}
            for seat, partial in partials.items():
                # the seat knows which hands the move turns up, and the cards it knows of them
                turned = partial.turned_up_by(public[seat])
                assert sorted(turned) == sorted(revealed)
                for shown_seat, codes in turned.items():
                    assert len(codes) == len(revealed[shown_seat])
                    known = [c for c in codes if c != HIDDEN]
                    assert sorted(known) == sorted(c for c in revealed[shown_seat] if c in known)
                    if shown_seat == seat:
                        assert codes == revealed[seat]  # its own, to show
                # never refuse a legal move (the reveal comes first, as apply_public does it)
                for shown_seat, codes in revealed.items():
                    partial.reveal(shown_seat, codes)
                assert partial.check_public(public[seat]) is None, f"seat {seat} refused {public[seat]}"
            full.apply(action)
            moves += 1
            if action.verb == "leave":
                face_up = (*face_up, action.seat)
            for seat, partial in partials.items():
                partial.apply_public(public[seat])
                told[seat] |= set(_codes(full, public[seat])) | {c for h in revealed.values() for c in h}
            _same(full, partials, told)
    return moves


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "players", "options", "face_up"), TABLES)
def test_each_seat_sees_what_the_full_match_shows_it(
        name: str, players: int, options: dict[str, Any], face_up: tuple[int, ...], seed: int) -> None:
    assert play_beside(name, players, options, seed, face_up) > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_tables_each_seat_sees_what_the_full_match_shows_it(name: str) -> None:
    """Every table size and option the engine offers, drawn as test_properties draws them,
    some seats computer players with their hands face up."""
    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tables(name), st.data())
    def run(table: tuple[int, dict[str, Any], int], data: st.DataObject) -> None:
        players, options, seed = table
        face_up = tuple(data.draw(st.lists(st.integers(0, players - 1), max_size=players - 1, unique=True)))
        play_beside(name, players, options, seed, tuple(sorted(face_up)), deals=2)

    run()


@pytest.mark.parametrize("seed", range(4))
def test_a_katte_leavers_hand_is_face_up_from_its_leave(seed: int) -> None:
    assert play_beside("katte", 4, {}, seed, (), deals=2, leaver=seed % 4) > 0


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("name", "players", "options", "face_up"), TABLES[::2])
def test_each_seat_sees_what_the_full_match_shows_it_with_the_bots_playing(
        name: str, players: int, options: dict[str, Any], face_up: tuple[int, ...], seed: int) -> None:
    assert play_beside(name, players, options, seed, face_up, deals=2, level="medium") > 0


def test_the_public_forms_hide_what_a_seat_may_not_see() -> None:
    kocka = GAMES["kocka"].new(4, seed=3)
    hand = kocka.view(1)["hand"]
    passing = kocka.parse("1 pass " + " ".join(hand[:3]))
    assert public_action(kocka, 3, passing) == "1 pass ? ? ?"
    assert public_action(kocka, 2, passing) == str(passing)  # the receiver learns the cards
    assert public_action(kocka, 3, passing, face_up=(2,)) == str(passing)  # to a face-up hand: all do
    katte = GAMES["katte"].new(3, seed=5)
    katte.apply(katte.legal_actions()[0])
    discard = next((a for a in katte.legal_actions() if a.verb == "discard"), None)
    if discard is not None:
        assert public_action(katte, (discard.seat + 1) % 3, discard) == f"{discard.seat} discard ?"
    kitti = GAMES["call-kitti"].new(4, seed=2)
    arrange = kitti.random_action(random.Random(1), 0)
    assert public_action(kitti, 1, arrange) == "0 arrange ?"
    assert public_action(kitti, 0, arrange) == str(arrange)


# ---------------------------------------------------------------- what a seat refuses at once


def _kocka_in_play(seed: int) -> tuple[Match, dict[int, PartialMatch]]:
    """A Kočka deal after the exchange, with a partial match for every seat."""
    full = GAMES["kocka"].new(4, seed=seed)
    partials = {s: PartialMatch("kocka", 4, me=s) for s in range(4)}
    for seat, partial in partials.items():
        partial.start_deal(**public_start(full, seat))
    rng = random.Random(seed)
    while full.phase == "pass":
        action = full.random_action(rng)
        public = {s: public_action(full, s, action) for s in partials}
        full.apply(action)
        for seat, partial in partials.items():
            partial.apply_public(public[seat])
    return full, partials


def test_a_card_the_seat_holds_played_by_another_is_refused() -> None:
    full, partials = _kocka_in_play(4)
    leader = full.to_act()[0]
    watcher = (leader + 2) % 4
    mine = partials[watcher].view()["hand"][0]
    refusal = partials[watcher].check_public(f"{leader} play {mine}")
    assert refusal is not None and refusal.code == "card_elsewhere"
    assert "is known to be elsewhere" in refusal.message()
    with pytest.raises(IllegalAction):
        partials[watcher].apply_public(f"{leader} play {mine}")


def test_a_move_out_of_turn_is_refused() -> None:
    full, partials = _kocka_in_play(5)
    leader = full.to_act()[0]
    other = (leader + 1) % 4
    watcher = (leader + 2) % 4
    card = next(c for c in full.DECK.code_of if c not in partials[watcher].view()["hand"])
    refusal = partials[watcher].check_public(f"{other} play {card}")
    assert refusal is not None and refusal.code == "not_your_turn"


def test_a_revoke_after_showing_a_void_is_refused_and_a_card_passed_is_known() -> None:
    """Kočka: a seat that did not follow a suit holds none of it; a card passed to a seat is
    there, so it must follow with it."""
    for seed in range(40):
        full, partials = _kocka_in_play(seed)
        rng = random.Random(seed)
        while not full.deal_over:
            trick = full.trick
            assert trick is not None
            action = full.random_action(rng)
            if trick.plays:
                lead = full.DECK.suit(trick.plays[0][1])
                card = full.DECK.parse(action.args[0])
                if full.DECK.suit(card) != lead:  # the mover shows it lacks the lead suit
                    mover = action.seat
                    public = {s: public_action(full, s, action) for s in partials}
                    full.apply(action)
                    for seat, partial in partials.items():
                        partial.apply_public(public[seat])
                    watcher = (mover + 1) % 4
                    lacked = next((c for c in full.DECK.code_of if full.DECK.suit(full.DECK.parse(c)) == lead
                                   and c not in partials[watcher].view()["hand"]), None)
                    if lacked is None or full.deal_over:
                        break
                    while full.to_act() != (mover,) and not full.deal_over:
                        step = full.random_action(rng)
                        public = {s: public_action(full, s, step) for s in partials}
                        full.apply(step)
                        for seat, partial in partials.items():
                            partial.apply_public(public[seat])
                    if full.deal_over:
                        break
                    refusal = partials[watcher].check_public(f"{mover} play {lacked}")
                    assert refusal is not None and refusal.code in ("card_lacking", "card_elsewhere")
                    return
            public = {s: public_action(full, s, action) for s in partials}
            full.apply(action)
            for seat, partial in partials.items():
                partial.apply_public(public[seat])
    pytest.fail("no seed showed a void")


def test_a_katte_leader_discarding_is_refused_and_a_discard_is_accepted_unseen() -> None:
    full = GAMES["katte"].new(3, seed=11)
    partial = PartialMatch("katte", 3, me=0)
    partial.start_deal(**public_start(full, 0))
    leader = full.to_act()[0]
    if leader == 0:
        full.apply(full.legal_actions()[0])
        partial.apply_public(str(full.records[-1].actions[-1]))
        leader = full.to_act()[0]
    refusal = partial.check_public(f"{leader} discard {HIDDEN}")
    assert refusal is not None and refusal.code == "leader_discards"


def test_kocka_waits_for_the_cards_passed_to_a_seat() -> None:
    """The pass's shares may come after the passer's public move: the exchange waits."""
    full = GAMES["kocka"].new(4, seed=9)
    me = 2
    partial = PartialMatch("kocka", 4, me=me)
    partial.start_deal(**public_start(full, me))
    rng = random.Random(9)
    passed_to_me: list[str] = []
    for seat in range(4):
        action = full.random_action(rng, seat)
        public = public_action(full, me, action)
        if seat == me - 1:
            passed_to_me = list(action.args)
            public = f"{seat} pass ? ? ?"  # the shares not yet here
        full.apply(action)
        partial.apply_public(public)
    assert partial.to_act() == ()  # every seat passed, my cards not yet come
    partial.receive(passed_to_me)
    assert partial.view() == full.view(me)


@pytest.mark.parametrize(("hands", "shown"), [
    # K-5: six spades win at once, the hand shown to all
    ([["2S", "5S", "8S", "JS", "QS", "AS"], ["KH", "QH", "9D", "4C", "3C", "2H"],
      ["KD", "TD", "7C", "6H", "5H", "3D"]], (0,)),
    # two automatic hands: a re-deal, every hand shown
    ([["2S", "5S", "8S", "JS", "QS", "AS"], ["KH", "KD", "KC", "KS", "3C", "2H"],
      ["QD", "TD", "7C", "6H", "5H", "3D"]], (0, 1, 2)),
])
def test_katte_hands_shown_at_the_start(hands: list[list[str]], shown: tuple[int, ...]) -> None:
    full = GAMES["katte"](3)
    full.start_deal(hands, 1)
    start = public_start(full, 2)
    assert sorted(start["known"]) == [s for s in shown if s != 2]
    partial = PartialMatch("katte", 3, me=2)
    partial.start_deal(**start)
    assert partial.view() == full.view(2)


def test_a_katte_automatic_win_claimed_ends_the_deal_as_the_full_match_does() -> None:
    hands = [["2S", "5S", "8S", "JS", "QS", "AS"], ["KH", "QH", "9D", "4C", "3C", "2H"],
             ["KD", "TD", "7C", "6H", "5H", "3D"]]
    full = GAMES["katte"](3)
    full.start_deal(hands, 1)
    partial = PartialMatch("katte", 3, me=2)
    partial.start_deal(1, hands[2])  # as the page deals it: seat 0's win unseen
    assert not partial.match.deal_over and partial.own_automatic_win() is None
    partial.apply_public("1 play KH")  # the leader's card, before the claim came
    partial.claim(0, hands[0])
    assert partial.view() == full.view(2) and partial.match._actions == []
    with pytest.raises(IllegalAction):
        partial.claim(1, hands[1])  # no automatic win
    mine = PartialMatch("katte", 3, me=0)
    mine.start_deal(1, hands[0])
    assert mine.own_automatic_win() == hands[0] and mine.view() == full.view(0)


def _watch_until(name: str, players: int, options: dict[str, Any], face_up: tuple[int, ...], watcher: int,
                 found: Any) -> tuple[Match, PartialMatch, Any]:
    """Seeded deals played at random, the watcher's partial match beside, until ``found(full)``
    gives something for the seat to act."""
    for seed in range(100):
        full = GAMES[name].new(players, options, seed=seed)
        partial = PartialMatch(name, players, options, me=watcher)
        partial.start_deal(**public_start(full, watcher, face_up))
        rng = random.Random(seed)
        while not full.deal_over:
            hit = found(full)
            if hit is not None:
                return full, partial, hit
            action = full.random_action(rng)
            revealed = revealed_with(full, action)
            public = public_action(full, watcher, action, face_up)
            full.apply(action)
            partial.apply_public(public, revealed=revealed)
    raise AssertionError("no deal gave the case")


def test_a_face_up_hand_that_does_not_follow_suit_is_refused_at_once() -> None:
    def revoke(full: Match) -> str | None:
        trick = full.trick  # type: ignore[attr-defined]
        if full.to_act() != (1,) or trick is None or not trick.plays:
            return None
        deck = full.DECK
        lead = deck.suit(trick.plays[0][1])
        hand = full.hands[1]  # type: ignore[attr-defined]
        off = [c for c in hand if deck.suit(c) != lead]
        return f"1 play {deck.code(off[0])}" if off and len(off) < len(hand) else None

    full, partial, move = _watch_until("katko", 4, {}, (1,), 0, revoke)
    refusal = partial.check_public(move)
    assert refusal is not None and refusal.code == "follow_suit"
    assert full.check(full.parse(move)) == refusal


def test_a_kocka_seat_that_does_not_follow_with_a_card_passed_to_it_is_refused() -> None:
    """Seat 0 knows the three cards it passed to seat 1: seat 1 must follow with them."""
    def revoke(full: Match) -> str | None:
        trick = full.trick  # type: ignore[attr-defined]
        if full.phase != "play" or full.to_act() != (1,) or trick is None or not trick.plays:
            return None
        deck = full.DECK
        lead = deck.suit(trick.plays[0][1])
        got = [c for c in full.passed[0] if c in full.hands[1]]  # type: ignore[attr-defined]
        off = [c for c in full.hands[1] if deck.suit(c) != lead]  # type: ignore[attr-defined]
        if off and any(deck.suit(c) == lead for c in got):
            return f"1 play {deck.code(off[0])}"
        return None

    full, partial, move = _watch_until("kocka", 4, {}, (), 0, revoke)
    refusal = partial.check_public(move)
    assert refusal is not None and refusal.code == "follow_suit"
    assert full.check(full.parse(move)) == refusal


def test_a_face_up_katte_hand_that_discards_with_a_beater_is_refused() -> None:
    def discard(full: Match) -> str | None:
        trick = full.trick  # type: ignore[attr-defined]
        if full.phase != "play" or full.to_act() != (2,) or trick is None or not trick.plays:
            return None
        if full.won[2]:  # type: ignore[attr-defined]
            return None
        deck = full.DECK
        hand = full.hands[2]  # type: ignore[attr-defined]
        beaters = [c for c in hand if deck.suit(c) == deck.suit(trick.best) and c > trick.best]
        others = [c for c in hand if c not in beaters]
        return f"2 discard {deck.code(others[0])}" if beaters and others else None

    full, partial, move = _watch_until("katte", 4, {}, (2,), 0, discard)
    refusal = partial.check_public(move)
    assert refusal is not None and refusal.code == "must_beat"
    assert full.check(full.parse(move)) == refusal


def test_a_public_form_that_hides_a_face_up_card_cannot_be_read() -> None:
    full = GAMES["kocka"].new(4, seed=1)
    partial = PartialMatch("kocka", 4, me=0)
    partial.start_deal(**public_start(full, 0))
    for garbled in ("1 play ?", "1 pass 7H ? ?", "1 play XX"):
        with pytest.raises(NotationError):
            partial.check_public(garbled)
    kitti = PartialMatch("call-kitti", 4, me=0)
    kitti.start_deal(**public_start(GAMES["call-kitti"].new(4, seed=1), 0))
    with pytest.raises(NotationError):
        kitti.check_public("1 bid x")


def test_a_deal_start_that_cannot_be_is_refused() -> None:
    partial = PartialMatch("katko", 2, me=0)
    with pytest.raises(EngineError):
        partial.start_deal(0, ["AS", "KS", "QS", "JS", "TS"], {1: ["AS", "2H", "3H", "4H", "5H"]})
    with pytest.raises(EngineError):
        partial.start_deal(0, ["AS", "KS", "QS", "JS"])
    with pytest.raises(EngineError):
        PartialMatch("katko", 2, me=2)
    assert partial.start_deal(0, ["AS", "KS", "QS", "JS", "TS"]) and partial.to_act() == (1,)


# ---------------------------------------------------------------- Katko's copies of a card

# Katko's tables with two packs: from 11 players by default (T-1), or chosen; the turned card
# with them, computer players face up.
COPIES = [
    ("katko", 11, {}, (3, 8)),
    ("katko", 20, {"trump": True, "must_beat": True}, tuple(range(6, 20))),
    ("katko", 3, {"decks": 2, "trump": True, "must_beat": True, "points_for_twos": True}, ()),
]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("name", "players", "options", "face_up"), COPIES)
def test_each_seat_sees_what_the_full_match_shows_it_with_two_packs(
        name: str, players: int, options: dict[str, Any], face_up: tuple[int, ...], seed: int) -> None:
    assert play_beside(name, players, options, seed, face_up, deals=2) > 0


def test_a_card_whose_other_copy_the_seat_holds_may_be_played_by_another() -> None:
    """Two packs: a seat holding one copy of a card knows nothing of the other; holding both,
    or one with the other turned up, it knows the card is elsewhere."""
    hand = ["AS", "KS", "QS", "JS", "TS"]
    one = PartialMatch("katko", 2, {"decks": 2}, me=0)
    one.start_deal(0, hand)  # dealer 0: seat 1 leads
    assert one.check_public("1 play AS") is None
    one.apply_public("1 play AS")
    assert one.view()["hand"] == hand  # (my copy is still mine)
    both = PartialMatch("katko", 2, {"decks": 2}, me=0)
    both.start_deal(0, ["AS", "AS", "QS", "JS", "TS"])
    refusal = both.check_public("1 play AS")
    assert refusal is not None and refusal.code == "card_elsewhere"
    turned = PartialMatch("katko", 2, {"decks": 2, "trump": True}, me=0)
    turned.start_deal(0, hand, turned="AS")
    refusal = turned.check_public("1 play AS")
    assert refusal is not None and refusal.code == "card_elsewhere"
    assert turned.check_public("1 play KS") is None
    # a hand face up to all with both copies: one played, the other still there; a third seat may play neither
    face_up = PartialMatch("katko", 3, {"decks": 2}, me=0)
    face_up.start_deal(0, hand, {1: ["AH", "AH", "2C", "3C", "4C"]})  # dealer 0: seat 1 leads
    face_up.apply_public("1 play AH")
    refusal = face_up.check_public("2 play AH")
    assert refusal is not None and refusal.code == "card_elsewhere"
    assert face_up.check_public("2 play KH") is None
