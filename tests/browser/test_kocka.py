"""Kočka in the browser: a whole deal clicked through, checked against the engine's replay."""

from __future__ import annotations

import re
from typing import Any

from engine.i18n import card_name

from .play import open_lobby, play_deal, record, replay, shown_results, start_match, wait_turn


def test_full_deal_matches_replay(page: Any, watch: Any) -> None:
    open_lobby(page)
    start_match(page, "kocka", seat=2, name="Tester")
    play_deal(page)
    doc = record(page)
    assert doc["game"] == "kocka" and doc["names"][2] == "Tester"
    assert len(doc["deals"]) == 1 and doc["deals"][0]["actions"][:0] == []
    passes = [a for a in doc["deals"][0]["actions"] if " pass " in a]
    assert len(passes) == 4 and any(a.startswith("2 pass ") for a in passes)
    result = replay(doc)["deals"][-1]["result"]
    shown = shown_results(page)
    assert sorted(shown) == [0, 1, 2, 3]
    table_name = {s: "You" if s == 2 else doc["names"][s] for s in range(4)}  # the human is "You"
    for seat, cells in shown.items():
        assert cells[0] == table_name[seat]
        assert int(cells[1]) == result["penalty"][seat]
    summary = page.locator("#summary").inner_text()
    if result["loser"] is None:
        assert "draw" in summary.lower()
    else:
        assert table_name[result["loser"]] in summary
        assert shown[result["loser"]][2] != "–"  # the loser's letter is shown


def test_match_end_standings_and_new_match(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=3")
    start_match(page, "kocka", options={"word": "K"})  # one lost deal ends the match
    for _ in range(6):  # a drawn deal is played again
        play_deal(page)
        if page.evaluate("window.kortti.model().match_over"):
            break
        page.click("#summary-next")
    assert page.locator("#summary h2").inner_text() == "The match is over"
    standing = replay(record(page))["match"]
    assert standing["loser"] is not None
    loser = "You" if standing["loser"] == 0 else record(page)["names"][standing["loser"]]
    assert loser in page.locator("#summary").inner_text()
    page.click("#summary-next")  # "New match": back to the lobby
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.is_enabled("#start")


def test_no_hidden_card_in_the_page(page: Any, watch: Any) -> None:
    """Other hands are counts and backs only: no card of theirs is named anywhere in the DOM."""
    open_lobby(page)
    start_match(page, "kocka", seat=1)
    wait_turn(page)  # the pass: nothing played yet
    mine = set(record(page)["deals"][0]["hands"][1])
    html = page.content()
    named = set(re.findall(r"cards/german/(\w\w)\.svg", html)) | set(re.findall(r'data-code="(\w\w)"', html))
    assert named == mine
    text = page.locator("body").inner_text() + " ".join(page.eval_on_selector_all("[aria-label]", "es => es.map((e) => e.getAttribute('aria-label'))"))
    others = {c for s, h in enumerate(record(page)["deals"][0]["hands"]) if s != 1 for c in h}
    assert all(card_name(c, "german") in text for c in mine)
    assert [c for c in others if card_name(c, "german") in text] == []
