"""Pass-and-play (issue 16, requirement 1): two people at one device play a Kočka deal
with two bots. Between their turns the table hides behind a screen that names the next
person, with no card of the last person's hand left on the page; each person's table
shows that person's hand only."""

from __future__ import annotations

from typing import Any

from .play import TURN, open_lobby, record, take_turn

# What the page waits on: the screen between two people, else what the person may do
WAIT = f"() => document.getElementById('pass-screen')?.hidden === false ? 'pass' : ({TURN})()"
COVERED = """() => {
  // the screen covers the whole table: what lies under the middle and the corners is it
  const screen = document.getElementById('pass-screen');
  const points = [[innerWidth / 2, innerHeight / 2], [2, 2], [innerWidth - 2, innerHeight - 2]];
  return points.every(([x, y]) => screen.contains(document.elementFromPoint(x, y)));
}"""


def test_two_people_play_a_kocka_deal_behind_a_screen(page: Any, watch: Any) -> None:
    open_lobby(page)
    page.check("input[name=game][value='kocka']")
    page.select_option("#seat", "0")
    page.fill("#name", "Ann")
    page.select_option("#level-2", "person")  # seat 3: a person at this device
    page.fill("input[name=person-name][data-seat='2']", "Ben")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    seat_of = {"Ann": 0, "Ben": 2}
    shown = "Ann"  # the person who started the match holds the device first
    screens, turns = 0, {0: 0, 2: 0}
    for _ in range(200):
        kind = str(page.wait_for_function(WAIT, timeout=30_000).json_value())
        if kind == "pass":
            screens += 1
            assert page.locator("#hand .card").count() == 0, "a hand stays on the page behind the screen"
            assert page.evaluate(COVERED), "the screen does not cover the table"
            title = page.inner_text("#pass-title")
            nxt = "Ben" if "Ben" in title else "Ann"
            assert nxt in title and nxt != shown, (title, shown)
            shown = nxt
            assert page.evaluate("document.activeElement.id") == "pass-go"
            page.click("#pass-go")
            continue
        if kind == "summary":
            break
        seat = seat_of[shown]
        model = page.evaluate("window.kortti.model()")
        assert model["seat"] == seat and model["passing"]
        dealt = record(page)["deals"][0]["hands"]
        hand = set(page.eval_on_selector_all("#hand .card", "bs => bs.map((b) => b.dataset.code)"))
        # Ann receives from seat 4 (a bot), Ben from seat 2 (a bot): never from each other
        assert not hand & set(dealt[2 - seat]), (shown, hand & set(dealt[2 - seat]))
        names = page.eval_on_selector_all("#seats .seat", "ss => ss.map((s) => s.textContent)")
        assert any("Ann" in n for n in names) and any("Ben" in n for n in names), names
        turns[seat] += 1
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    assert turns[0] >= 2 and turns[2] >= 2, turns
    assert screens >= 2, screens
    doc = record(page)
    assert doc["names"][0] == "Ann" and doc["names"][2] == "Ben"
    # the summary's tools look from the seat of the person who holds the device, by name
    page.wait_for_selector("#summary:not([hidden]) #review-btn")
    assert shown in page.inner_text("#review-btn") and shown in page.inner_text("#summary-replay")
    # the statistics keep each person's figures under their name, apart from solo play
    page.wait_for_function("window.kortti.model().next === 'over'")
    page.evaluate("location.hash = '#/stats'")
    page.wait_for_selector(".stats-table[data-game='kocka']")
    groups = page.eval_on_selector_all(".stats-table[data-game='kocka'] tbody th", "hs => hs.map((h) => h.textContent)")
    assert any(g.startswith("Ann, pass-and-play") for g in groups), groups
    assert any(g.startswith("Ben, pass-and-play") for g in groups), groups
    assert all("pass-and-play" in g for g in groups), groups  # no solo figures from this match
