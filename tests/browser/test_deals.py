"""Numbered deals on the page (web/js/records/deals.js): every match shows its number and deals
what ``python -m engine deal`` prints for it; "Play this deal" seats another browser at
the same cards (the link carries the number, never the cards); a link cut short says
so; the deal of the day is the same in two browsers; undo takes back a decision and
marks the match practice."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from .play import (
    BOOT_TIMEOUT,
    cut_short,
    open_lobby,
    play_deal,
    record,
    start_match,
    take_turn,
    wait_turn,
)
from .test_one_screen import check_screen

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8"))
FI = json.loads((ROOT / "web" / "i18n" / "fi.json").read_text("utf-8"))


def hand(page: Any) -> list[str]:
    return sorted(c["code"] for c in page.evaluate("window.kortti.model().hand"))


def cli_deal(game: str, number: int, players: int = 4) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "engine", "deal", game, str(number), "--players", str(players)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def test_a_match_shows_its_number_and_deals_what_the_engine_prints(page: Any) -> None:
    open_lobby(page, "fast")  # no seed: a numbered match, as players get
    start_match(page, "kocka")
    wait_turn(page)
    meta = page.inner_text("#table-meta")
    number = int(re.search(r"(\d+)", meta).group(1))  # type: ignore[union-attr]
    assert number == page.evaluate("window.kortti.model().number")
    assert record(page)["deals"][0]["hands"] == cli_deal("kocka", number)["hands"]
    # the number is the match's (every deal comes from it); the title says which deal
    assert meta == f"Match No. {number}" and page.inner_text("#table-title") == "Kočka, deal 1"
    play_deal(page)
    page.click("#summary-next")
    page.wait_for_function("document.getElementById('table-title').textContent === 'Kočka, deal 2'")
    assert page.inner_text("#table-meta") == f"Match No. {number}"


def test_the_deal_number_reads_whole_on_a_phone(page: Any) -> None:
    """On a phone, with Hint, Undo and Menu beside the title, the line under it shows the
    whole number (it runs under the tools), not "Match No. 226010946…", and the
    title reads whole too ("Katte, hand 1", not "Katte, han…"), in every game, with the
    whole table still on one screen."""
    page.set_viewport_size({"width": 360, "height": 740})
    for game in ("katte", "katko", "call-kitti", "kocka"):
        open_lobby(page, "fast")
        start_match(page, game)
        take_turn(page, wait_turn(page))
        if wait_turn(page) == "summary":
            continue  # (a deal over in one decision shows no table to check)
        page.wait_for_selector("#undo-btn:visible")
        number = str(page.evaluate("window.kortti.model().number"))
        where = f"{game}, a numbered match at 360 px"
        assert number in page.inner_text("#table-meta"), where
        assert cut_short(page, "table-meta") is None, f"{where}: the line {cut_short(page, 'table-meta')!r} is cut short"
        check_screen(page, where)  # the title whole too, all on one screen


def test_play_this_deal_seats_another_browser_at_the_same_cards(browser: Any, page: Any, server: str) -> None:
    open_lobby(page, "fast")
    start_match(page, "katko", players=3)
    wait_turn(page)
    mine = record(page)
    play_deal(page)
    page.click("#play-link")
    link = page.input_value("#share-text")
    # no cards in it: no card code among the words of the decoded link ("%2C" is a comma, not 2♣)
    words = set(re.findall(r"[0-9A-Za-z]+", unquote(link)))
    assert "number=" in link and not words & {c for hand in mine["deals"][0]["hands"] for c in hand}
    other = browser.new_context(base_url=server)
    try:
        guest = other.new_page()
        assert "?fast#" in link  # (the page's own address, as the sharer opened it)
        guest.goto(link)
        guest.wait_for_selector("#deal-link-dialog", timeout=BOOT_TIMEOUT)
        guest.click("#deal-link-dialog-yes")
        guest.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
        wait_turn(guest, timeout=BOOT_TIMEOUT)
        theirs = guest.evaluate("window.kortti.record()")
        assert theirs["deals"][0]["hands"] == mine["deals"][0]["hands"]
        assert theirs["deals"][0]["dealer"] == mine["deals"][0]["dealer"]
        assert guest.evaluate("window.kortti.model().number") == page.evaluate("window.kortti.model().number")
    finally:
        other.close()


def test_a_deal_link_cut_short_says_so_in_the_readers_language(browser: Any, server: str) -> None:
    link = f"{server}/?fast#/deal/kocka?number=123456&players=4&seat=0&options=%7B%7D&levels=-,easy,medium,hard&v=1"
    cut = link[: link.index("&levels")]
    for locale, words in (("en-GB", EN), ("fi-FI", FI)):
        context = browser.new_context(base_url=server, locale=locale)
        try:
            page = context.new_page()
            page.goto(cut)
            page.wait_for_selector("#lobby .error", timeout=BOOT_TIMEOUT)
            assert page.inner_text("#lobby .error") == words["web.deal_link.bad"]
            assert page.locator("#table").is_hidden()
        finally:
            context.close()


def test_the_deal_of_the_day_is_the_same_in_two_browsers(browser: Any, server: str) -> None:
    seen = []
    for _ in range(2):
        context = browser.new_context(base_url=server)
        try:
            page = context.new_page()
            open_lobby(page, "fast")
            page.check("input[name=game][value='katte']")
            page.click("#daily")
            page.wait_for_selector("#table:not([hidden])")
            wait_turn(page)
            model = page.evaluate("window.kortti.model()")
            assert model["daily"] and model["players"] == 4 and not model["can_undo"]
            assert page.locator("#undo-btn").is_hidden()
            seen.append((model["number"], record(page)["deals"][0]["hands"], page.inner_text("#table-meta")))
        finally:
            context.close()
    assert seen[0] == seen[1]


def test_undo_takes_back_the_last_decision_and_marks_practice(page: Any) -> None:
    open_lobby(page, "fast")
    start_match(page, "katko", players=3)
    kind = wait_turn(page)
    before = record(page)
    held = hand(page)
    assert page.locator("#undo-btn").is_hidden()  # nothing to take back yet
    take_turn(page, kind)
    wait_turn(page)
    assert len(hand(page)) == len(held) - 1
    # the first undo of a counted match says it makes the match practice: asked first
    page.click("#undo-btn")
    assert EN["web.undo.practice.text"] in page.inner_text("#undo-dialog")
    page.click("#undo-dialog-no")  # kept as it is
    assert len(hand(page)) == len(held) - 1 and not page.evaluate("window.kortti.model().practice")
    page.click("#undo-btn")
    page.click("#undo-dialog-yes")
    page.wait_for_function("window.kortti.model() && window.kortti.model().practice === true")
    wait_turn(page)
    assert hand(page) == held
    assert record(page) == before
    assert EN["web.table.practice"] in page.inner_text("#table-meta")
    page.wait_for_function(f"document.getElementById('live').textContent === {EN['web.undo.practice.now']!r}")
