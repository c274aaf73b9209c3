"""Accessibility: axe-core (tests/browser/axe.py: WCAG 2.x A and AA, and best practices)
finds no violation, of any impact, on every kind of page a player or an author meets:
the lobby, a friends table's room (before the deal), the quick match's first page, the table mid-deal in each game (in
each theme: light, dark, high contrast), the summary, a replay, the history and the
statistics (each theme), the rules pages with a live example stepped and a "your turn"
answered, the rules index, the authors' guide, the embed test page
(with its preview frame) and an embed frame, alone and in another site's page; each at
1280×800 and at 360×740. axe looks inside frames too, across origins. And none of the
lobby, the room, the quick match's page and the rules pages scrolls sideways at either size (WCAG 1.4.10, reflow).

And the embed test page counts moves as its messages do (issue 9, req. 6).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from . import axe
from .conftest import Host
from .play import BOOT_TIMEOUT, open_lobby, play_deal, start_match, take_turn, wait_turn
from .reflow import assert_reflows
from .test_embed import STATE, embeds, iframe, wait_in

SIZES = {"1280x800": (1280, 800), "360x740": (360, 740)}


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest, page: Any) -> str:
    """The page's viewport: a desktop window and a phone."""
    width, height = SIZES[request.param]
    page.set_viewport_size({"width": width, "height": height})
    return str(request.param)


# ---------------------------------------------------------------- the lobby and the table


def test_lobby(page: Any, watch: Any, size: str) -> None:
    open_lobby(page)
    axe.check(page, f"the lobby at {size}")
    assert_reflows(page, f"the lobby at {size}")


def test_friends_room(page: Any, watch: Any, size: str) -> None:
    open_lobby(page)
    page.check("input[name=game][value='kocka']")  # a game with the room's own turn timer
    page.click("#friends-start")
    page.wait_for_selector("#room-timer")
    axe.check(page, f"a friends table's room at {size}")
    assert_reflows(page, f"a friends table's room at {size}")


def test_quick_match_pages(page: Any, watch: Any, size: str) -> None:
    open_lobby(page)
    page.click("#quick-start")
    page.wait_for_selector("#quick-consent")
    page.click("#quick-go")  # (no name: said beside the field)
    page.wait_for_selector("#quick-said:has-text('Type the name')")
    page.click(".net-settings summary")  # (the connection settings open: the TURN fields too)
    axe.check(page, f"the quick match's first page at {size}")
    assert_reflows(page, f"the quick match's first page at {size}")


THEMES = ["light", "dark", "contrast"]


def in_every_theme(page: Any, what: str) -> list[str]:
    """axe on the page as it stands in each theme (the settings' themes, switched in place
    as the settings dialog switches them: <html data-theme>); the reports of what fails."""
    reports = []
    for theme in THEMES:
        page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", theme)
        found = axe.violations(page)
        if found:
            reports.append(axe.report(found, f"{what}, {theme} theme"))
    return reports


@pytest.mark.parametrize("game", ["katte", "katko", "call-kitti", "kocka"])
def test_table_mid_deal(page: Any, watch: Any, size: str, game: str) -> None:
    """The table at the human's first decision of the first deal, and again at the next one
    (cards on the table by then), in every theme: what a screen-reader user meets while
    playing, and what a low-vision player reads."""
    open_lobby(page)
    start_match(page, game)
    reports = []
    kind = wait_turn(page)
    for moment in ("at the first decision", "after one move"):
        if moment == "after one move":
            take_turn(page, kind)
            kind = wait_turn(page)
        assert kind != "summary", f"{game}: the deal ended before the human's decision {moment}"
        reports += in_every_theme(page, f"{game}'s table {moment} at {size}")
    if reports:
        pytest.fail("\n".join(reports))


def test_summary_replay_history_and_statistics(page: Any, watch: Any, size: str) -> None:
    """After a deal, in every theme: the deal's summary, its replay (at its last step),
    the history and the statistics pages."""
    open_lobby(page)
    start_match(page, "katko", 3)
    play_deal(page)
    reports = in_every_theme(page, f"the summary at {size}")
    page.click("#summary-replay")
    page.wait_for_selector("#replay[data-state='ready']", timeout=BOOT_TIMEOUT)
    page.click("#replay-last")
    page.wait_for_function("document.getElementById('replay').dataset.step !== '0'")
    reports += in_every_theme(page, f"the replay's last step at {size}")
    for route, ready in (("#/history", ".history-item"), ("#/stats", ".stats-table")):
        page.evaluate("(hash) => { location.hash = hash; }", route)
        page.wait_for_selector(ready, timeout=BOOT_TIMEOUT)
        reports += in_every_theme(page, f"{route} at {size}")
    if reports:
        pytest.fail("\n".join(reports))


# ----------------------------------------------------------------------- the rules pages


@pytest.mark.parametrize("lang, game", [("en", "katte"), ("fi", "katko"), ("cs", "kocka"), ("en", "call-kitti")])
def test_rules_page_with_a_live_example(page: Any, watch: Any, size: str, lang: str, game: str) -> None:
    """A rules page in each language (Call Kitti's has the ranked sets too), its first
    example stepped once and its written log opened."""
    page.goto(f"/rules/{lang}/{game}.html")
    page.wait_for_selector("html[data-examples='live']")
    fig = page.locator("figure.ex").first
    fig.scroll_into_view_if_needed()
    step = fig.locator(".ex-board").get_attribute("data-step")
    fig.locator(".ex-next").click()
    assert fig.locator(".ex-board").get_attribute("data-step") != step
    fig.locator("details.ex-log summary").click()
    reports = in_every_theme(page, f"/rules/{lang}/{game}.html at {size}")
    if reports:
        pytest.fail("\n".join(reports))
    assert_reflows(page, f"/rules/{lang}/{game}.html at {size}")


def test_rules_your_turn_answered(page: Any, watch: Any, size: str) -> None:
    """A "your turn" question (Call Kitti's arrangements: whole arrangements as buttons),
    answered: the engine's verdict, the bot's choice, and the buttons to go on."""
    page.goto("/rules/en/call-kitti.html")
    page.wait_for_selector("html[data-examples='live']")
    fig = page.locator("figure.ex-turn").first
    fig.scroll_into_view_if_needed()
    fig.locator(".ex-choice").first.click()
    fig.locator(".ex-bot").wait_for(timeout=BOOT_TIMEOUT)
    reports = in_every_theme(page, f"/rules/en/call-kitti.html, a question answered, at {size}")
    if reports:
        pytest.fail("\n".join(reports))


@pytest.mark.parametrize("path", ["/rules/en/index.html", "/rules/cs/index.html", "/embed/authors.html"])
def test_rules_index_and_guide(page: Any, watch: Any, size: str, path: str) -> None:
    page.goto(path)
    page.wait_for_load_state("load")
    reports = in_every_theme(page, f"{path} at {size}")
    if reports:
        pytest.fail("\n".join(reports))
    assert_reflows(page, f"{path} at {size}")


def test_rules_language_chooser(browser: Any, base_url: str, size: str) -> None:
    """rules/index.html as a reader without script sees it (with script it goes on to a
    language at once): links to each language's index, in its own words. Its script is
    held back here, so the page stays (no ``watch``: that refusal is a console error). A
    browser of its own, with no service worker: requests a service worker answers never
    reach ``page.route``."""
    width, height = (int(n) for n in size.split("x"))
    context = browser.new_context(base_url=base_url, service_workers="block",
                                  viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.route("**/js/rules/rules-lang.js", lambda route: route.abort())
        page.goto("/rules/index.html")
        assert page.url.endswith("/rules/index.html")
        axe.check(page, f"/rules/index.html without its script at {size}")
    finally:
        context.close()


# -------------------------------------------------------------------------------- embeds


def test_embed_test_page(page: Any, watch: Any, size: str) -> None:
    """The authors' test page with its preview frame live (axe checks inside the frame
    too), then with a record the engine refuses (the message in the frame)."""
    page.goto("/embed/test.html")
    page.wait_for_function("document.getElementById('code').value.startsWith('<iframe')")
    page.locator("#preview iframe").scroll_into_view_if_needed()
    page.wait_for_selector("#code[data-height=measured]", state="attached", timeout=BOOT_TIMEOUT)
    axe.check(page, f"/embed/test.html, its preview live, at {size}")
    page.fill("#record", json.dumps(REFUSED))
    page.click("#try button[type=submit]")
    frame = preview(page)
    wait_in(frame, f"{STATE} === 'error'")
    axe.check(page, f"/embed/test.html, its preview refusing a record, at {size}")


@pytest.mark.parametrize("which", ["example", "your turn", "broken"])
def test_embed_frame_alone(page: Any, watch: Any, site: Path, size: str, which: str) -> None:
    """An embed frame opened by itself (the test page's "Open the frame alone"): live and
    stepped, a "your turn" question, and a broken link's message."""
    hash_ = {"example": embeds(site, "en", "katko").get("ex-katko-kt-1"),
             "your turn": embeds(site, "cs", "katko").get("ex-katko-kt-3-2"),
             "broken": "lang=fi&r=z%%%"}[which]
    assert hash_, f"no {which} embed on the rules pages"
    page.goto(f"/embed/example.html#{hash_}")
    want = "error" if which == "broken" else "live"
    wait_in(page, f"{STATE} === '{want}'")
    if which == "example":
        page.click(".ex-next")
    axe.check(page, f"the embed frame ({which}) at {size}")


def test_embed_in_another_sites_page(page: Any, site: Path, server: str, host: Host, size: str) -> None:
    """The embed in another site's page (another origin): the frame adds no second main
    landmark and nothing else to the host page's problems (this host page has none)."""
    frame_html = iframe(server, embeds(site, "en", "kocka")["ex-kocka-ko-1-2"], 560, lazy=False)
    host.pages["/a11y.html"] = ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
                                "<meta name='viewport' content='width=device-width, initial-scale=1'>"
                                "<title>Card games</title><link rel='icon' href='data:,'></head><body>"
                                f"<main><h1>Card games</h1><p>An example:</p>{frame_html}</main></body></html>")
    page.goto(f"{host.url}/a11y.html")
    frame = next_frame(page)
    wait_in(frame, f"{STATE} === 'live'")
    axe.check(page, f"an embed in another site's page at {size}")


# ------------------------------------------------------- the test page counts moves once

# deal 1's second move, Ben's A♥, does not follow Anna's spade lead
REFUSED = {"game": "katko", "players": 2, "deals": [{"dealer": 1, "hands": [
    ["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "6S"]], "actions": ["0 play AS", "1 play AH"]}]}


def preview(page: Any) -> Any:
    """The test page's current preview frame (each "Try it" makes a new one)."""
    page.wait_for_selector("#preview iframe:not([data-tried])")
    page.locator("#preview iframe:not([data-tried])").scroll_into_view_if_needed()  # in view, it starts Python
    frame = page.locator("#preview iframe:not([data-tried])").element_handle().content_frame()
    assert frame is not None
    return frame


def next_frame(page: Any) -> Any:
    page.wait_for_function("document.querySelector('iframe') && document.querySelector('iframe').contentWindow")
    frame = page.locator("iframe").element_handle().content_frame()
    assert frame is not None
    return frame


def try_it(page: Any, record: dict[str, Any], move: str = "", deal: str = "") -> None:
    # the frame on show now is replaced (asynchronously): preview() waits for its successor
    page.evaluate("document.querySelectorAll('#preview iframe').forEach((f) => f.setAttribute('data-tried', ''))")
    page.fill("#record", json.dumps(record))
    page.fill("#turn", move)
    page.fill("#turn-deal", deal)
    page.click("#try button[type=submit]")


def test_test_page_counts_moves_as_its_messages_do(page: Any, watch: Any) -> None:
    """The move a message names is the move the "your turn" field asks about when given the
    same numbers: the page counts deals and moves from 1 in both."""
    page.goto("/embed/test.html")
    page.wait_for_function("document.getElementById('code').value.startsWith('<iframe')")
    # a refused move: the message says where
    try_it(page, REFUSED)
    frame = preview(page)
    wait_in(frame, f"{STATE} === 'error'")
    said = re.search(r"deal (\d+), move (\d+)", frame.inner_text(".embed-error"))
    assert said, frame.inner_text(".embed-error")
    deal, move = said.groups()
    assert (deal, move) == ("1", "2")
    # the same record with that move made legal, asked about at the numbers the message gave
    fixed = json.loads(json.dumps(REFUSED))
    fixed["deals"][0]["actions"][1] = "1 play 6S"
    try_it(page, fixed, move=move, deal=deal)
    # the code is written once the record is encoded (asynchronously)
    page.wait_for_function("document.getElementById('code').value.includes('turn=0.1')")
    assert "turn=0.1" in page.input_value("#code")  # the address counts from 0 (docs/authors.md)
    frame = preview(page)
    wait_in(frame, f"{STATE} === 'live'")
    assert "you are Ben" in frame.inner_text(".ex-ask")  # the seat of move 2 ("1 play …")
    assert frame.locator(".ex-play img").count() == 1  # before it: Anna's lead only
    # a move the record does not have: the message names it with the field's number
    try_it(page, fixed, move="3", deal="1")
    frame = preview(page)
    wait_in(frame, f"{STATE} === 'error'")
    text = frame.inner_text(".embed-error")
    assert re.search(r"\b3\b", text) and "deal 1" in text, text
    # no move at all: never a silent plain example
    try_it(page, fixed, move="0", deal="1")
    assert "from 1" in page.inner_text("#try-error")
    assert page.locator("#try-error").get_attribute("role") == "alert"
