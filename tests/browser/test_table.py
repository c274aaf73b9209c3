"""The table's own features: bot levels, the hint, Call Kitti's arrangement, Katte's
seat handed to a bot, Kočka's exchange, and the deal summary's account."""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import levels
from engine.cards import FRENCH
from engine.games.call_kitti import set_category
from engine.i18n import lookup

from .play import (
    menu_click,
    open_lobby,
    play_deal,
    record,
    replay,
    start_match,
    take_turn,
    wait_turn,
)


def set_levels(page: Any, level: str) -> None:
    for select in page.locator("select[name=level]").all():
        select.select_option(level)


def test_lobby_levels_come_from_the_engine(page: Any, watch: Any) -> None:
    open_lobby(page)
    for game in engine.GAMES:
        page.check(f"input[name=game][value='{game}']")
        menus = page.locator("select[name=level]")
        assert menus.count() == int(page.input_value("#players")) - 1
        for i in range(menus.count()):
            values = menus.nth(i).locator("option").evaluate_all("os => os.map((o) => o.value)")
            assert values == levels(game) + ["person"]  # the engine's levels, then a person (pass-and-play)
            assert menus.nth(i).input_value() == ("medium" if "medium" in values else levels(game)[-1])


def test_hard_bots_play_a_kocka_deal(page: Any, watch: Any) -> None:
    """Three hard bots (thinking in slices in the worker) and a human: a whole deal."""
    open_lobby(page, "fast&seed=4")
    page.check("input[name=game][value='kocka']")
    set_levels(page, "hard")
    start_match(page, "kocka", seat=0)
    play_deal(page)
    assert page.evaluate("window.kortti.botErrors()") == []
    doc = record(page)
    result = replay(doc)["deals"][-1]["result"]  # every action the bots took is legal
    assert sum(result["penalty"]) > 0
    assert page.locator("#summary table.results tbody tr").count() == 4


def test_hint_highlights_the_hard_bots_choice(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=1")
    start_match(page, "katte", players=3, seat=0)
    assert wait_turn(page) == "play"
    page.click("#hint-btn")
    page.wait_for_function("Boolean(window.kortti.model().hint)")
    hint = page.evaluate("window.kortti.model().hint")
    assert hint["text"] and "hint." not in hint["text"]
    assert page.inner_text("#hint") == hint["text"]
    card = page.locator("#hand .card.hinted")
    assert card.count() == 1 and card.get_attribute("data-code") == hint["card"]
    card.click()  # the highlighted card does what the hint said
    actions = record(page)["deals"][0]["actions"]
    assert actions[0] == hint["action"]


def test_call_kitti_arrangement(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=5")
    start_match(page, "call-kitti", seat=0)
    assert wait_turn(page) == "select"
    zones = page.locator("#actions .zone")
    assert zones.count() == 5
    go = page.locator("#select-go")
    assert not go.is_enabled()
    # tap set 3, then four cards: the set takes three, the fourth goes to the next set
    zones.nth(2).locator(".zone-head").click()
    for _ in range(4):
        page.locator("#hand .card.usable").first.click()
    assert zones.nth(2).locator(".zone-card").count() == 3
    assert sum(zones.nth(i).locator(".zone-card").count() for i in range(5)) == 4
    codes = zones.nth(2).locator(".zone-card").evaluate_all("bs => bs.map((b) => b.dataset.code)")
    category = lookup(f"set.{set_category(FRENCH.parse(c) for c in codes)}")
    assert zones.nth(2).locator(".zone-category").inner_text() == category
    # a placed card goes back to the hand when tapped
    zones.nth(2).locator(".zone-card").first.click()
    assert zones.nth(2).locator(".zone-card").count() == 2
    assert page.locator(f"#hand .card[data-code='{codes[0]}']").is_enabled()
    assert not go.is_enabled()  # incomplete: cannot be sent
    # drag a card onto the discard
    drag = page.locator("#hand .card.usable").first
    code = drag.get_attribute("data-code")
    drag.drag_to(zones.nth(4))
    assert zones.nth(4).locator(".zone-card").evaluate_all("bs => bs.map((b) => b.dataset.code)") == [code]
    # the suggestion fills every set; the engine accepts it, so it can be sent
    page.click("#suggest")  # answered by the worker: wait for the board it redraws
    page.wait_for_function("document.querySelectorAll('#actions .zone .zone-card').length === 13")
    assert sum(zones.nth(i).locator(".zone-card").count() for i in range(5)) == 13
    # each full set's name comes from the engine (asked per set): it replaces the count
    page.wait_for_function("[...document.querySelectorAll('#actions .zone .zone-category')].slice(0, 4)"
                           ".every((e) => !e.textContent.includes('/'))")
    for i in range(4):
        assert zones.nth(i).locator(".zone-category").inner_text() in {lookup(f"set.{c}") for c in
                                                                       ("trial", "double_run", "run", "color", "jute", "top")}
    assert go.is_enabled()
    chosen = [zones.nth(i).locator(".zone-card").evaluate_all("bs => bs.map((b) => b.dataset.code)") for i in range(5)]
    go.click()
    arranged = next(a for a in record(page)["deals"][0]["actions"] if a.startswith("0 arrange"))
    sent = [g.split() for g in arranged.split(" ", 2)[2].split(" / ")]
    assert sorted(map(sorted, sent[:4])) == sorted(map(sorted, chosen[:4])) and sent[4] == chosen[4]


def test_call_kitti_six_pairs(page: Any, watch: Any) -> None:
    seed = next(s for s in range(2000) if engine.new_match("call-kitti", 4, {}, s).view(0)["may_declare"])
    open_lobby(page, f"fast&seed={seed}")
    start_match(page, "call-kitti", seat=0)
    assert wait_turn(page) == "select"
    declare = page.locator("#actions button.action[data-id='0 declare']")
    assert declare.count() == 1
    declare.click()
    assert wait_turn(page) == "summary"
    summary = page.inner_text("#summary")
    assert "You declared six pairs" in summary and "null" not in summary
    assert record(page)["deals"][0]["actions"][-1] == "0 declare"


def test_katte_seat_handed_to_a_bot(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=1")
    start_match(page, "katte", players=3, seat=0)
    assert wait_turn(page) == "play"
    menu_click(page, "#leave-seat")
    # the seat now plays by itself: the deal ends with no more clicks from us
    page.wait_for_selector("#summary:not([hidden])", timeout=60_000)
    actions = record(page)["deals"][0]["actions"]
    assert actions[0] == "0 leave" and any(a.startswith("0 play") for a in actions[1:])
    assert page.evaluate("window.kortti.botErrors()") == []
    assert page.locator("#leave-seat").is_hidden()


def test_kocka_exchange_and_deal_account(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=7")
    start_match(page, "kocka", seat=2)
    take_turn(page, wait_turn(page))  # pass three
    assert wait_turn(page) == "play"
    deal = record(page)["deals"][0]
    got = next(a for a in deal["actions"] if a.startswith("1 pass ")).split()[2:]  # from the seat on our right
    marked = page.locator("#hand .card.received").evaluate_all("bs => bs.map((b) => b.dataset.code)")
    assert sorted(marked) == sorted(got)
    shown = page.locator("#shown .shown")  # cards on show lie under the felt
    assert shown.count() == 2  # what you passed, and what you received
    # every seat's game word, the human's on its own badge at the bottom of the felt
    assert page.locator("#seats .word").count() == 4 and page.locator("#seats .seat.mine .word").count() == 1
    play_deal(page)
    result = replay(record(page))["deals"][-1]
    items = page.locator("#summary .tricks-list li")
    assert items.count() == len(result["tricks"])
