"""How matches end at the table: Call Kitti's settlement as the engine computes it, and
the end of a Katte session (a table setting: Katte's rules have no end, K-3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine

from .play import open_lobby, play_deal, record, replay, start_match, wait_turn

RECORDS = Path(__file__).resolve().parents[1] / "records"


def put_save(page: Any, save: dict[str, Any]) -> None:
    """A saved match, as the table saves it after every action (web/js/records/store.js)."""
    page.evaluate("""async (save) => {
        const store = await import("./js/records/store.js");
        const done = await store.saveMatch(save);
        if (!done.ok) throw new Error(done.error);
    }""", save)


def end_a_call_kitti_match(page: Any) -> None:
    """The last deal of a match, stopped before the last bid, continued from the lobby: the
    human (seat 0) bids, the four shows play out, and the match ends (its summary on screen)."""
    doc = json.loads((RECORDS / "call-kitti" / "edge-8-settlement.json").read_text("utf-8"))
    last = doc["deals"][-1]["actions"].pop()  # "0 bid 2"
    doc["names"] = ["Tester", "Bot 1", "Bot 2", "Bot 3"]
    assert not engine.load_record(doc).match_over
    open_lobby(page, "fast")
    config = {"game": "call-kitti", "players": 4, "seat": 0, "name": "Tester", "options": doc["options"],
              "levels": {"1": "medium", "2": "medium", "3": "medium"}, "seed": 1, "lang": "en", "session": 0}
    put_save(page, {"v": 1, "game": "call-kitti", "config": config, "record": doc, "updated": 1,
                    "summary": {"deal": 2, "text": "Call Kitti, deal 2"}})
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    page.click(".offer[data-game='call-kitti'] .offer-continue")
    assert wait_turn(page) == "buttons"  # the bid
    page.click(f"#actions button.action[data-id='{last}']")
    assert wait_turn(page) == "summary"


def test_call_kitti_settlement_is_the_engines(page: Any, watch: Any) -> None:
    end_a_call_kitti_match(page)
    final = record(page)
    standing = replay(final)["match"]
    assert standing["settlement"] is not None
    rows = page.locator("#summary table.results tbody tr")
    assert rows.count() == 4
    shown = {}
    for i in range(4):
        row = rows.nth(i)
        shown[int(row.get_attribute("data-seat"))] = [c.strip() for c in row.locator("th, td").all_inner_texts()]
    # the rows in the engine's final ranking, each with the engine's settlement
    assert [int(rows.nth(i).get_attribute("data-seat")) for i in range(4)] == standing["ranking"]
    for seat, cells in shown.items():
        money = standing["settlement"][seat]
        assert f"{money:+d}".replace("-", "−") in cells or f"{money:+d}" in cells, (seat, cells, money)
    assert "null" not in page.inner_text("#summary")
    assert page.inner_text("#summary-next") == "New match"
    page.click("#summary-next")  # a finished match leaves nothing to continue
    page.wait_for_selector("#lobby:not([hidden])")
    # (the save is dropped as the lobby opens: waited for, not read once)
    page.wait_for_function("!document.querySelector(\".offer[data-game='call-kitti'] .offer-continue\")", timeout=10_000)


def test_a_finished_match_left_at_its_summary_is_not_offered_to_continue(page: Any, watch: Any) -> None:
    end_a_call_kitti_match(page)
    assert page.inner_text("#summary-title") == "The match is over"
    page.go_back()  # the player leaves the final summary by Back, not by "New match"
    page.wait_for_selector("#lobby:not([hidden])")
    # (the lobby draws its offers from the store as it opens: waited for, not read once)
    page.wait_for_function("!document.querySelector(\".offer[data-game='call-kitti']\")", timeout=10_000)
    # nor after a reload (the save itself is gone), and a new match asks nothing about it
    page.reload()
    page.wait_for_selector("body[data-offers='1']", timeout=90_000)
    assert not page.query_selector(".offer[data-game='call-kitti']"), page.inner_text("#lobby-offers")
    page.check("input[name=game][value='call-kitti']")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])", timeout=90_000)
    assert not page.query_selector("#replace-dialog[open]")


def test_leaving_a_finished_match_asks_nothing(page: Any, watch: Any) -> None:
    """"Leave" at the final summary goes to the lobby at once: there is no saved match left
    to promise ("Your match is saved" would be untrue) and nothing to lose."""
    end_a_call_kitti_match(page)
    page.click("#menu-btn")
    page.click("#leave")
    page.wait_for_selector("#lobby:not([hidden])")
    assert not page.query_selector("#leave-dialog[open]")


def test_a_katte_session_ends_with_standings(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=11")
    page.check("input[name=game][value='katte']")
    page.select_option("#players", "3")
    page.select_option("#session", "5")
    start_match(page, "katte", players=3, seat=0)
    for hand in range(1, 6):
        play_deal(page)
        title = page.inner_text("#summary-title")
        if hand < 5:
            assert page.inner_text("#summary-next") == "Next hand", (hand, title)
            page.click("#summary-next")
            page.wait_for_function(f"window.kortti.model() && window.kortti.model().deal === {hand + 1}")
    doc = record(page)
    assert len(doc["deals"]) == 5
    chips = replay(doc)["match"]["chips"]
    rows = page.locator("#summary table.results tbody tr")
    order = [int(rows.nth(i).get_attribute("data-seat")) for i in range(rows.count())]
    # final standings by chips, most first
    assert sorted(order) == [0, 1, 2]
    assert [chips[s] for s in order] == sorted(chips, reverse=True)
    assert page.inner_text("#summary-next") == "New match"
