"""A friends table (issue 16, requirement 2), host side: the controller of the host's page
serves each friend at another device from that friend's seat. Driven as the host's page
drives it: the host's own moves, the bots' when the model says so, and each friend's
requests as the friend's page sends them (``guest_call``). A friend's replies never hold
a card the engine's view of that seat does not show, nor the record; every request is
checked from the friend's seat, in the friend's language; a refused one changes nothing.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.controller import Table

import engine

MESSAGES = pagedata.build(ROOT)["messages"]
GAMES = ["katte", "katko", "call-kitti", "kocka"]


def config(game: str, players: int = 4, **more: Any) -> dict[str, Any]:
    base = {"game": game, "players": players, "seat": 0, "name": "Ann", "options": {}, "seed": 11,
            "guests": {"1": "Ben", "3": "Cy"}, "guest_langs": {"1": "en", "3": "fi"},
            "levels": {str(s): "easy" for s in range(1, players)}}
    return {**base, **more}


def strings(value: Any) -> set[str]:
    """Every string in a JSON value, keys and image names broken down to card codes."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out |= strings(k) | strings(v)
    elif isinstance(value, list):
        for v in value:
            out |= strings(v)
    elif isinstance(value, str):
        out.add(value)
        out.update(re.findall(r"cards/([^/.\"]+)\.svg", value))
        out.update(value.split())
    return out


def cards_in(value: Any, deck: set[str]) -> set[str]:
    return {s for s in strings(value) if s in deck}


def play_deal(t: Table, first: dict[str, Any], rng: random.Random,
              check: Any = None) -> list[dict[str, Any]]:
    """Play the deal out: the host's moves, the bots', the friends' (random legal ones).
    ``check(reply)`` sees every reply of the host's worker. Returns them all."""
    m = t.match
    assert m is not None
    replies, reply = [first], first
    for _ in range(3000):
        if m.deal_over:
            break
        if reply["model"]["next"] == "bots":
            reply = run_async(t.bot_turn())
        elif 0 in m.to_act():
            reply = t.act(str(m.random_action(rng, 0)))
        else:
            seat = next(s for s in m.to_act() if s in t.people(m))
            got = t.guest_call(seat, "act", [str(m.random_action(rng, seat))])
            assert "error" not in got["reply"], got["reply"]
            reply = got["host"]
            reply.setdefault("guests", {})[str(seat)] = got["reply"]
            reply["guests"].update(got.get("guests", {}))
        assert "error" not in reply, reply.get("error")
        if check:
            check(reply)
        replies.append(reply)
    assert m.deal_over
    return replies


@pytest.mark.parametrize("game", GAMES)
def test_each_friend_gets_only_what_the_seat_may_see(game: str) -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config(game))
    m = t.match
    assert m is not None and (m.names or []) == ["Ann", "Ben", "Bot 1", "Cy"]
    deck = {c for hand in m.records[-1].hands for c in hand}  # every card dealt (the rest never leaves the engine)

    def check(reply: dict[str, Any]) -> None:
        guests = reply.get("guests") or {}
        assert set(guests) == {"1", "3"}  # every friend hears of every change
        for key, got in guests.items():
            seat = int(key)
            assert "record" not in got and "outcome" not in got
            assert got["model"]["seat"] == seat and got["model"]["guest"] is True
            # every card the friend's page is told of, the engine's view of that seat shows
            told, seen = cards_in(got, deck), cards_in(m.view(seat), deck)
            assert told <= seen, (game, seat, told - seen)
            # the hand drawn is the seat's own (Call Kitti draws arranged cards as sets instead)
            assert {c["code"] for c in got["model"]["hand"]} <= set(m.view(seat)["hand"])
            assert got["model"]["hand"] or game == "call-kitti" or m.deal_over or not m.view(seat)["hand"]

    replies = play_deal(t, first, random.Random(3), check)
    # the host's page is told who sits where, and its own replies carry the record
    assert replies[-1]["model"]["friends"] == [
        {"seat": 1, "name": "Ben", "connected": True, "seated": True},
        {"seat": 3, "name": "Cy", "connected": True, "seated": True}]
    assert "record" in replies[-1]
    # the friends' summaries are their own, in their own language
    ben, cy = replies[-1]["guests"]["1"]["model"], replies[-1]["guests"]["3"]["model"]
    assert ben["summary"] and cy["summary"] and ben["summary"]["title"] != cy["summary"]["title"]
    # the record is the engine's, as a solo table's would be: replaying it gives the same result
    again = engine.load_record(json.loads(json.dumps(replies[-1]["record"])))
    assert again.summaries[-1] == m.summaries[-1]


def test_a_friends_requests_are_checked_from_the_friends_seat() -> None:
    t = Table(MESSAGES, "en")
    t.start(config("katko"))
    m = t.match
    assert m is not None
    rng = random.Random(1)
    while 1 not in m.to_act():  # to Ben's turn
        if 0 in m.to_act():
            t.act(str(m.random_action(rng, 0)))
        elif 3 in m.to_act():
            t.guest_call(3, "act", [str(m.random_action(rng, 3))])
        else:
            run_async(t.bot_turn())
    before = json.dumps(m.to_record())
    legal = [str(a) for a in m.legal_actions(1)]

    def refused(seat: int, call: str, args: Any) -> str:
        got = t.guest_call(seat, call, args)
        assert set(got) == {"reply"} and got["reply"].get("error"), got
        assert json.dumps(m.to_record()) == before  # nothing changed
        return str(got["reply"]["error"])

    # out of turn: Cy (seat 3) is not to act; Cy's reason comes in Finnish
    cy_move = f"3 play {m.records[-1].hands[3][0]}"
    assert refused(3, "act", [cy_move]) != refused(1, "act", ["1 play ZZ"])
    # a forged seat: Ben sends an action of the host's seat, or of Cy's
    assert refused(1, "act", [legal[0].replace("1 ", "0 ", 1)]) == "That is not your seat."
    assert refused(1, "act", [legal[0].replace("1 ", "3 ", 1)]) == "That is not your seat."
    # an unknown call, an oversized or malformed request, a seat nobody joined
    for call, args in [("undo", []), ("bot_turn", []), ("act", [1]), ("act", ["x" * 5000]),
                       ("act_cards", ["play", "not a list"]), ("act_cards", ["play", ["AS"] * 50]),
                       ("act", "1 play AS"), ("act", [None, None, None])]:
        refused(1, call, args)
    refused(2, "act", [legal[0].replace("1 ", "2 ", 1)])
    # a card that is not Ben's: the engine's reason, in Ben's language (English)
    not_his = next(c for c in m.records[-1].hands[0] if c not in m.view(1)["hand"])
    assert "not" in refused(1, "act", [f"1 play {not_his}"]).lower()
    # questions from Ben's seat: why not that card, in Ben's words
    assert t.guest_call(1, "why", [not_his])["reply"].get("text")
    # a legal move is taken
    got = t.guest_call(1, "act", [legal[0]])
    assert "error" not in got["reply"] and got["reply"]["model"]["seat"] == 1
    assert m.records[-1].actions[-1] == legal[0] or legal[0] in m.records[-1].actions


def test_a_friend_in_finnish_gets_the_table_in_finnish() -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config("kocka"))
    cy = first["guests"]["3"]["model"]
    ben = first["guests"]["1"]["model"]
    # word for word what a solo table in Finnish says from that seat
    solo = Table(MESSAGES, "fi").start({**config("kocka", seat=3, name="Cy"), "guests": {}})["model"]
    assert (cy["title"], cy["start_label"]) == (solo["title"], solo["start_label"])
    assert cy["status"] == solo["status"].replace("Botti 1", "Ann")  # (the seat it passes to is Ann's here)
    assert ben["title"] != cy["title"]
    assert first["model"]["title"] == ben["title"]  # the host's own table stays in the host's language


def test_a_friend_who_leaves_is_replaced_at_once_and_comes_back_from_the_next_deal() -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config("katte", session=0))
    m = t.match
    assert m is not None
    rng = random.Random(2)
    reply = first
    while 1 not in m.to_act():
        reply = play_one(t, m, rng, reply)
    # Ben's page closes on his turn: a computer player takes the seat at once
    reply = t.guest_leave(1)
    assert m.records[-1].actions[-1] == "1 leave"  # Katte marks the moment (K-14)
    assert reply["model"]["next"] == "bots" and "1" not in reply["guests"]
    assert reply["model"]["friends"][0] == {"seat": 1, "name": "Ben", "connected": False, "seated": False}
    # Ben comes back mid-deal: shown by name, waiting for the next deal, told no card
    back = t.guest_join(1, "Ben", "en")
    waiting = back["guests"]["1"]
    assert "waiting" in waiting and "model" not in waiting
    assert t.guest_call(1, "act", [str(m.random_action(rng, 1))])["reply"]["error"].startswith("You play from the next")
    while not m.deal_over:
        reply = play_one(t, m, rng, reply)
    t.guest_call(3, "ready", [])  # (Cy played the deal: the next one waits for Cy's "ready")
    reply = t.next_deal()
    ben = reply["guests"]["1"]
    assert ben["model"]["seat"] == 1 and ben["model"]["hand"]  # dealt in from this deal
    assert sorted(c["code"] for c in ben["model"]["hand"]) == sorted(m.view(1)["hand"])
    assert 1 in t.people(m)


def test_every_table_says_at_once_that_a_friend_left_and_whose_seat_a_bot_has() -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config("katko"))
    m = t.match
    assert m is not None
    assert first["model"]["notices"] == [] and "friend" not in first["model"]["seats"][1]
    rng = random.Random(3)
    reply = first
    while len(m.records[-1].actions) < 3:
        reply = play_one(t, m, rng, reply)
    # Ben's page drops mid-deal: the host's table and Cy's (in Finnish) say so in the same reply
    reply = t.guest_leave(1)
    assert reply["model"]["notices"] == ["Ben left: a computer player took the seat."]
    assert reply["model"]["seats"][1]["friend"] == "Ben: not connected"
    cy = reply["guests"]["3"]["model"]
    assert cy["notices"] == ["Ben lähti: tietokonepelaaja otti paikan."] and cy["seats"][1]["friend"] == "Ben: ei yhteyttä"
    # back mid-deal: the seat says from when; the sentence has done its work
    back = t.guest_join(1, "Ben", "en")
    assert back["model"]["notices"] == [] and back["model"]["seats"][1]["friend"] == "Ben: from the next deal"
    # Cy leaves: said until the deal ends, not in the next one
    assert t.guest_leave(3)["model"]["notices"] == ["Cy left: a computer player took the seat."]
    while not m.deal_over:
        reply = play_one(t, m, rng, reply)
    assert reply["model"]["notices"] == ["Cy left: a computer player took the seat."]
    t.guest_call(1, "ready", [])
    nxt = t.next_deal()
    assert len(m.records) == 2 and nxt["model"]["notices"] == []
    assert nxt["model"]["seats"][3]["friend"] == "Cy: not connected" and "friend" not in nxt["model"]["seats"][1]


def test_the_next_deal_starts_when_every_person_is_ready() -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config("kocka"))
    m = t.match
    assert m is not None
    assert "error" in t.guest_call(1, "ready", [])["reply"]  # not while the deal is played
    last = play_deal(t, first, random.Random(5))[-1]
    summary = last["model"]["summary"]
    assert summary["next"]["id"] == "next" and summary["waiting"] == "Not ready yet: Ben, Cy"
    ben = last["guests"]["1"]["model"]["summary"]
    assert ben["next"] == {"id": "ready", "label": "Ready for the next deal"}
    assert ben["waiting"] == "Not ready yet: Ann, Cy"  # (the host, and not Ben himself)
    assert last["guests"]["3"]["model"]["summary"]["next"]["label"] == "Valmis seuraavaan jakoon"  # Cy's Finnish
    # Ben is ready: his button waits; everyone's table says who is left
    got = t.guest_call(1, "ready", [])
    assert got["reply"]["model"]["summary"]["next"]["id"] == "wait"
    assert got["host"]["model"]["summary"]["waiting"] == "Not ready yet: Cy"
    assert got["guests"]["3"]["model"]["summary"]["waiting"] == "Ei vielä valmiina: Ann"
    # the host's tap is the host's "ready": still Cy to wait for, and "Deal now" would not wait
    reply = t.next_deal()
    assert len(m.records) == 1 and reply["model"]["summary"]["next"]["id"] == "now"
    # Cy is ready last: the deal starts, on every table
    got = t.guest_call(3, "ready", [])
    assert len(m.records) == 2 and not m.deal_over
    assert got["host"]["model"]["summary"] is None and got["reply"]["model"]["hand"]
    assert got["guests"]["1"]["model"]["hand"]
    # the next deal's end: "Deal now" deals with nobody ready
    play_deal(t, got["host"], random.Random(6))
    t.next_deal()
    assert len(m.records) == 2
    t.next_deal(now=True)
    assert len(m.records) == 3
    # the next: a friend who leaves is no longer waited for
    play_deal(t, t.reply([]), random.Random(7))
    t.guest_call(1, "ready", [])
    t.next_deal()
    assert len(m.records) == 3
    t.guest_leave(3)
    assert len(m.records) == 4


def test_a_friend_cannot_take_a_seat_that_is_not_free() -> None:
    t = Table(MESSAGES, "en")
    t.start(config("kocka"))
    assert t.guest_join(0, "Eve", "en")["error"]  # the host's seat
    assert t.guest_join(1, "Eve", "en")["error"]  # Ben is connected
    assert t.guest_join(9, "Eve", "en")["error"]  # no such seat
    fresh = t.guest_join(2, "Dee <b>" + "x" * 100, "cs")  # a bot's seat: from the next deal
    assert "waiting" in fresh["guests"]["2"]
    assert fresh["model"]["friends"][1]["name"] == ("Dee <b>" + "x" * 100)[:24]  # at most 24 characters


def play_one(t: Table, m: Any, rng: random.Random, reply: dict[str, Any]) -> dict[str, Any]:
    if t.people(m) & set(m.to_act()) and not [s for s in m.to_act() if s not in t.people(m)]:
        seat = next(s for s in m.to_act() if s in t.people(m))
        if seat == 0:
            return t.act(str(m.random_action(rng, 0)))
        got = t.guest_call(seat, "act", [str(m.random_action(rng, seat))])
        assert "error" not in got["reply"], got["reply"]
        return dict(got["host"])
    return run_async(t.bot_turn())


@pytest.mark.parametrize("game", ["katko", "call-kitti", "kocka"])
def test_a_friends_tables_turn_timer_lets_the_bot_decide_for_a_slow_person(game: str) -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config(game, turn_seconds=20))
    m = t.match
    assert m is not None
    rng = random.Random(4)
    reply = first
    for _ in range(200):  # to a turn of Ben's
        if 1 in m.to_act() and not [s for s in m.to_act() if s not in t.people(m)]:
            break
        reply = play_one(t, m, rng, reply)
    ben = reply["guests"]["1"]["model"] if "guests" in reply else t.guest_reply(1, [])["model"]
    assert ben["mine"] and ben["timer"] == {"seconds": 20, "action": None, "call": "timeout"}
    before = len(m.records[-1].actions)
    if 3 not in m.to_act():  # Cy is not to act: refused, nothing changes
        assert "error" in run_async(t.guest_timeout(3))["reply"]
        assert len(m.records[-1].actions) == before
    got = run_async(t.guest_timeout(1))
    assert "error" not in got["reply"] and got["reply"]["model"]["seat"] == 1
    assert any(a.startswith("1 ") for a in m.records[-1].actions[before:])  # Ben's seat moved, by its bot
    assert got["host"]["model"]["seat"] == 0 and "record" in got["host"]


def test_without_a_timer_nobody_is_timed_out() -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config("kocka"))
    assert first["guests"]["1"]["model"]["timer"] is None
    assert "error" in run_async(t.guest_timeout(1))["reply"]
    assert "error" in run_async(t.timeout())


def test_the_page_and_the_controller_agree_on_what_a_friend_may_ask() -> None:
    """protocol.js checks a friend's requests before the host's worker sees them; the
    controller checks them again (friends.py): both lists name the same calls ("timeout"
    goes to ``guest_timeout``)."""
    from table.friends import GUEST_CALLS

    text = (ROOT / "web" / "js" / "net" / "protocol.js").read_text("utf-8")
    found = re.search(r"export const GUEST_CALLS = \[([^\]]*)\]", text)
    assert found
    in_js = set(re.findall(r'"(\w+)"', found.group(1)))
    assert in_js == set(GUEST_CALLS) | {"timeout"}
