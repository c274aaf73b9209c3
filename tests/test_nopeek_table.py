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
