"""The page's side of one seat at a no-peek table (web/table/nopeek.py): four pages, each on
its own seat's partial match, moves passed between them in public form, draw exactly what a
table over the whole match draws for that seat; a move that visibly breaks a rule is refused
with its seat and reason in the player's words."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.controller import Table
from table.nopeek import NoPeekTable

import engine
from engine import Match
from engine.partial import public_start

MESSAGES = pagedata.build(ROOT)["messages"]
NAMES = ["Ann", "Ben", "Cy", "Di"]


class WholeTable(Table):
    """The reference: a table over the whole match, every other seat a person elsewhere."""

    def people(self, m: Match) -> set[int]:
        return set(range(m.players))


def config(game: str, players: int, seat: int) -> dict[str, Any]:
    return {"game": game, "players": players, "seat": seat, "name": NAMES[seat], "options": {},
            "names": NAMES[:players]}


def drawn(reply: dict[str, Any]) -> dict[str, Any]:
    model = dict(reply["model"])
    model.pop("can_undo", None)  # a solo table's undo: none at a table of persons
    # a no-peek table's own: no hint (nor undo), says it is no-peek, and waits for the others' moves
    for key in ("can_hint", "hint", "guest", "nopeek", "nopeek_bots"):
        model.pop(key, None)
    if model.get("summary"):  # (and the next deal is the host's to deal)
        model["summary"] = {k: v for k, v in model["summary"].items() if k != "next"}
    return model


@pytest.mark.parametrize(("game", "players"), [("kocka", 4), ("katte", 3), ("katko", 3), ("call-kitti", 4)])
def test_each_page_draws_what_a_whole_table_draws_for_its_seat(game: str, players: int) -> None:
    rng = random.Random(7)
    full = engine.new_match(game, players, seed=7, names=NAMES[:players])
    pages, whole = {}, {}
    for seat in range(players):
        pages[seat] = NoPeekTable(MESSAGES, "en")
        reply = pages[seat].sit(config(game, players, seat), public_start(full, seat))
        assert "error" not in reply, reply
        whole[seat] = WholeTable(MESSAGES, "en")
        reference = whole[seat].seat_at(full.clone(), config(game, players, seat))
        assert drawn(reply) == drawn(reference)
    moves = 0
    while not full.deal_over:
        action = full.random_action(rng)
        mover = action.seat
        replies = {mover: pages[mover].act(str(action))}
        send = replies[mover]["send"]
        for seat, page in pages.items():
            if seat != mover:
                give = send.get("give")
                cards = give["cards"] if give and give["seat"] == seat else None
                replies[seat] = page.take(send["public"], cards)
                assert "refused" not in replies[seat], replies[seat]
        # the hands a move turns up: each page shows its own, the waiting pages go on
        turned = {s: r.get("turned_up") or (r.get("send") or {}).get("turned_up") for s, r in replies.items()}
        for seat, page in pages.items():
            if "wait" in replies[seat]:
                for other in replies[seat]["wait"]["seats"]:
                    codes = turned[other]
                    assert codes, (seat, other)
                    replies[seat] = page.show(other, codes)
                assert "wait" not in replies[seat]
        for seat in range(players):
            reference = whole[seat].apply(whole[seat].match.parse(str(action)))  # type: ignore[union-attr]
            assert drawn(replies[seat]) == drawn(reference), (seat, action)
            for code in full.view(seat)["hand"]:  # why a card cannot be played, as any table says it
                assert pages[seat].why(code) == whole[seat].why(code)
        full.apply(action)
        moves += 1
    assert moves


def test_a_card_played_that_the_page_holds_is_refused_in_the_players_language() -> None:
    full = engine.new_match("katko", 3, seed=4, names=NAMES[:3])
    leader = full.to_act()[0]
    watcher = (leader + 1) % 3
    page = NoPeekTable(MESSAGES, "fi")
    page.sit({**config("katko", 3, watcher), "lang": "fi"}, public_start(full, watcher))
    mine = full.view(watcher)["hand"][0]
    got = page.take(f"{leader} play {mine}")
    refused = got["refused"]
    assert refused["seat"] == str(leader) and refused["reason"] == "refusal.card_elsewhere"
    assert "muualla" in refused["text"]  # the Finnish words
    assert "model" not in got  # nothing applied
    garbled = page.take(f"{leader} play ZZ")
    assert garbled["refused"]["reason"] == "refusal.unreadable_move"


def test_a_no_peek_page_says_so_offers_no_hint_and_waits_for_the_others_unless_it_relays() -> None:
    full = engine.new_match("kocka", 4, seed=3, names=NAMES)
    guest, host = NoPeekTable(MESSAGES, "en"), NoPeekTable(MESSAGES, "en")
    drawn_guest = guest.sit({**config("kocka", 4, 1), "levels": {"3": "medium"}}, public_start(full, 1, {3}))["model"]
    drawn_host = host.sit({**config("kocka", 4, 0), "levels": {"3": "medium"}, "np_host": True}, public_start(full, 0, {3}))["model"]
    assert drawn_guest["nopeek"] and drawn_guest["nopeek_bots"] and drawn_guest["guest"]
    assert not drawn_host["guest"] and not drawn_guest["can_hint"] and drawn_guest["hint"] is None
    plan = host.plan()
    assert plan["layout"][:8] == [0, 1, 2, "up", 0, 1, 2, "up"] and len(plan["cards"]) == 32
    # the audit of a deal: every card known, every move in full, through the rules
    record = full.to_record()["deals"][-1]
    slots = {k: record["hands"][k % 4][k // 4] for k in range(32)}
    request = {"slots": slots, "layout": plan["layout"], "start": record["dealer"]}
    assert host.audit_deal({**request, "actions": []})["ok"] is True
    wrong = host.audit_deal({**request, "actions": [f"1 play {record['hands'][1][0]}"]})  # a play in the pass
    assert wrong["ok"] is False and wrong["seat"] == 1 and wrong["text"]
    assert set(host.known_cards()) == set(full.view(0)["hand"]) | set(record["hands"][3])


# ---------------------------------------------------------------- a whole match


def kocka_pages(full: Match, levels: dict[str, str] | None = None) -> dict[int, NoPeekTable]:
    """A page per person at a Kočka table (the host's at seat 0), seated at ``full``'s deal."""
    up = {int(s) for s in levels or {}}
    pages = {}
    for seat in range(4):
        if seat in up:
            continue
        pages[seat] = NoPeekTable(MESSAGES, "en")
        cfg = {**config("kocka", 4, seat), "levels": dict(levels or {}), "np_host": seat == 0, "turn_seconds": 20}
        assert "error" not in pages[seat].sit(cfg, public_start(full, seat, up))
    return pages


def play_on(full: Match, pages: dict[int, NoPeekTable], rng: random.Random, until: int | None = None) -> list[str]:
    """Moves of ``full`` went round the pages (a face-up seat's as the host's page sends it),
    to the deal's end (or ``until`` moves); the public forms as the table saw them."""
    publics = []
    while not full.deal_over and (until is None or len(publics) < until):
        action = full.random_action(rng)
        if action.seat in pages:
            send = pages[action.seat].act(str(action))["send"]
        else:
            send = {"public": str(action)}
        for seat, page in pages.items():
            if seat != action.seat:
                give = send.get("give")
                got = page.take(send["public"], give["cards"] if give and give["seat"] == seat else None)
                assert "refused" not in got and "error" not in got, got
        publics.append(send["public"])
        full.apply(action)
    return publics


def audit_request(full: Match, earlier: list[Any]) -> dict[str, Any]:
    record = full.to_record()["deals"][-1]
    return {"slots": {k: record["hands"][k % 4][k // 4] for k in range(32)}, "layout": [k % 4 for k in range(32)],
            "start": record["dealer"], "actions": record["actions"], "earlier": earlier}


def test_a_no_peek_match_deals_again_after_ready_and_counts_each_fair_deal_once() -> None:
    rng = random.Random(5)
    full = engine.new_match("kocka", 4, seed=5, names=NAMES)
    pages = kocka_pages(full)
    earlier: list[Any] = []
    for deal in range(2):
        play_on(full, pages, rng)
        for seat, page in pages.items():
            summary = page.reply([])["model"]["summary"]
            assert summary["next"]["id"] == ("next" if seat == 0 else "ready")
            got = page.audit_deal(audit_request(full, earlier))
            assert got["ok"] is True, got
            # the deal counts once its audit says fair: its figures, from the audited record
            assert got["outcome"]["deal"] == deal and got["outcome"]["seat"] == seat
            assert got["record"]["deals"][-1]["hands"] == full.to_record()["deals"][-1]["hands"]
            assert "outcome" not in page.reply([])  # (and only then: no other reply carries it)
        earlier.append(got["deal"])
        # a friend says "ready"; the host asks for the deal and is told whom it waits for
        assert pages[1].ready()["model"]["summary"]["next"]["id"] == "wait"
        waiting = pages[0].wait_for([2, 3], True)["model"]["summary"]
        assert waiting["next"]["id"] == "now" and waiting["waiting"] == "Not ready yet: Cy, Di"
        full.start_deal()
        plan = pages[0].plan()
        assert plan["start"] == full.records[-1].start  # the dealer the rules fix (O-3)
        for seat, page in pages.items():
            reply = page.next_deal_at(public_start(full, seat))
            assert "error" not in reply, reply
            assert [c["code"] for c in reply["model"]["hand"]] == full.view(seat)["hand"]
    assert len(full.records) == 3


def test_a_void_deal_does_not_count_and_the_match_goes_on_as_before_it() -> None:
    rng = random.Random(8)
    full = engine.new_match("kocka", 4, seed=8, names=NAMES)
    pages = kocka_pages(full)
    play_on(full, pages, rng)
    host = pages[0]
    request = audit_request(full, [])
    wrong = host.audit_deal({**request, "actions": request["actions"][:-1] + ["1 play ZZ"]})
    assert wrong["ok"] is False and "outcome" not in wrong
    plan = host.plan()
    assert plan["start"] is None  # no deal counted: the dealer is drawn again (O-3)
    redeal = engine.new_match("kocka", 4, seed=9, names=NAMES)
    reply = host.next_deal_at(public_start(redeal, 0))
    assert "error" not in reply and len(host.match.records) == 1 and not host.match.summaries  # type: ignore[union-attr]


def test_a_friend_who_joins_mid_deal_plays_the_face_up_seat_and_the_host_stops_its_computer_player() -> None:
    import asyncio

    rng = random.Random(3)
    full = engine.new_match("kocka", 4, seed=3, names=NAMES)
    pages = kocka_pages(full, {"3": "medium"})
    publics = play_on(full, pages, rng, until=6)
    joiner = NoPeekTable(MESSAGES, "en")
    cfg = {**config("kocka", 4, 3), "levels": {"3": "medium"}}
    reply = joiner.join_at(cfg, public_start(full, 3, {3}), publics)
    assert "error" not in reply, reply
    assert [c["code"] for c in reply["model"]["hand"]] == full.view(3)["hand"]
    assert reply["model"]["nopeek_bots"] is False  # (no computer player left at the table)
    pages[0].person_up(3, True)
    while not full.deal_over:
        action = full.random_action(rng)
        if action.seat == 3:
            assert asyncio.run(pages[0].bot_move()) == {"move": None}  # the friend's move, not the host's bot's
            mover: NoPeekTable = joiner
        else:
            mover = pages[action.seat]
        send = mover.act(str(action))["send"]
        for page in [*pages.values(), joiner]:
            if page is not mover:
                assert "refused" not in page.take(send["public"], None)
        full.apply(action)
    # from the next deal the friend is a crypto seat: the plan deals its hand face down
    assert pages[0].plan({})["layout"][:4] == [0, 1, 2, 3]


def test_a_seat_whose_timer_runs_out_moves_by_its_computer_player_on_its_own_page() -> None:
    import asyncio

    full = engine.new_match("kocka", 4, seed=2, names=NAMES)
    pages = kocka_pages(full)
    seat = full.to_act()[0]
    got = asyncio.run(pages[seat].timeout())
    assert got["send"]["public"].startswith(f"{seat} pass ")
    other = (seat + 2) % 4
    assert "refused" not in pages[other].take(got["send"]["public"])


def test_the_worker_answers_a_no_peek_call_before_the_seat_sits_with_an_error() -> None:
    import json

    import worker

    worker.init(json.dumps({"messages": MESSAGES, "lang": "en"}))
    assert "np_sit" in json.loads(worker.np_take("0 play 7H"))["error"]
    plan = json.loads(worker.np_plan(json.dumps({**config("kocka", 4, 0), "levels": {"3": "easy"},
                                                 "guests": {"1": "Ben", "2": "Cy"}})))
    assert plan["layout"][:4] == [0, 1, 2, "up"] and plan["names"][:3] == NAMES[:3]
