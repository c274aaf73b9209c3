"""A friends table over real WebRTC (issue 16): a host and a friend in two browser contexts
of one Chromium, the same-network way (an invite link and an answer link, carried by the
test as players would carry them). Runs only inside a network namespace
(test_in_netns.py), so nothing leaves the machine.

The host's page runs the match; the friend's page has no Python at all, and draws the
table from what the host sends for the friend's seat. Every message the friend's page
receives, and its page at each of its turns, holds no card that the engine's view of the
friend's seat does not show at that moment (the host's record, replayed by the engine to
that moment, says what the seat could see).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

import engine

from .netns import WEBRTC_FLAGS
from .play import BOOT_TIMEOUT, take_turn

# Every message the friend's page gets on a data channel, as it came (before guest.js reads it).
LOG_MESSAGES = """(() => {
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    configurable: true, get() { return d.get.call(this); },
    set(fn) { d.set.call(this, fn && ((e) => { (window.__got ||= []).push(e.data); return fn(e); })); },
  });
})();"""

# The friend's (or host's) turn as a player sees it: "play"/"select"/"buttons", "summary", or false.
TURN = """() => {
  const m = window.kortti && window.kortti.model();
  const table = document.getElementById('table');
  if (!m || table.hidden || table.dataset.busy) return false;
  if (!document.getElementById('summary').hidden) return "summary";
  if (!m.mine) return false;
  if (document.querySelector('#hand .card.usable')) return m.select ? "select" : "play";
  if (document.querySelector('#actions button.action:enabled')) return "buttons";
  return false;
}"""

# Whose turn it is at the table, as the host's page shows it: "host", "friend", "over", or false.
WHO = """(friend) => {
  const m = window.kortti && window.kortti.model();
  const table = document.getElementById('table');
  if (!m || table.hidden) return false;
  if (!document.getElementById('summary').hidden) return "over";
  if (m.seats[friend].acting && !table.dataset.busy) return "friend";
  if (table.dataset.busy) return false;
  if (m.mine && (document.querySelector('#hand .card.usable') || document.querySelector('#actions button.action:enabled')))
    return "host";
  return false;
}"""

# Every card code the page holds: images, data attributes, anywhere in the document.
PAGE_CARDS = """() => {
  const html = document.documentElement.outerHTML;
  const found = new Set();
  for (const m of html.matchAll(/cards\\/([A-Za-z0-9]+)\\.svg/g)) found.add(m[1]);
  for (const m of html.matchAll(/data-code="([A-Za-z0-9]+)"/g)) found.add(m[1]);
  return [...found];
}"""


@pytest.fixture(autouse=True)
def in_namespace() -> None:
    flags = os.environ.get("KORTTI_CHROMIUM_EXTRA_FLAGS", "").split()
    if not set(WEBRTC_FLAGS) <= set(flags):
        pytest.fail("run through tests/browser/test_in_netns.py (a network namespace, WebRTC flags)")


@pytest.fixture
def two(browser: Any, base_url: str) -> Iterator[tuple[Any, Any]]:
    host_ctx = browser.new_context(base_url=base_url)
    friend_ctx = browser.new_context(base_url=base_url)
    friend_ctx.add_init_script(LOG_MESSAGES)
    errors: list[str] = []
    pages = []
    for ctx in (host_ctx, friend_ctx):
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pages.append(page)
    try:
        yield pages[0], pages[1]
        assert errors == [], errors
    finally:
        host_ctx.close()
        friend_ctx.close()


def allowed_cards(record: dict[str, Any], decision: int, seat: int) -> set[str]:
    """The cards the engine's view of ``seat`` shows after the deal's first ``decision``
    actions (the host's record, replayed to that moment)."""
    cut = json.loads(json.dumps(record))
    cut["deals"] = cut["deals"][:1]
    cut["deals"][0]["actions"] = cut["deals"][0]["actions"][:decision]
    cut["deals"][0].pop("result", None)
    match = engine.load_record(cut)
    return {c for c in re.findall(r"[A-Za-z0-9]+", json.dumps(match.view(seat))) if c in DECK_CODES}


DECK_CODES: set[str] = set()


def test_a_host_and_a_friend_play_a_kocka_deal(two: tuple[Any, Any]) -> None:
    host, friend = two
    started = time.monotonic()
    host.goto("/?fast&seed=7")
    host.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    host.check("input[name=game][value='kocka']")
    host.fill("#name", "Ann")
    host.click("#friends-start")
    # the room: an invite for seat 2 (index 1)
    host.click(".invite-make[data-seat='1']")
    invite = host.wait_for_selector("#invite-link-1").input_value()
    assert re.search(r"#/join/1\.[\w-]+$", invite), invite
    print(f"invite link: {len(invite)} characters")

    # the friend opens it: no Python on this page, ever
    friend.goto(invite)
    friend.wait_for_selector("#join-go")
    friend.fill("#join-name", "Ben")
    friend.click("#join-go")
    answer = friend.wait_for_selector("#join-answer-link").input_value()
    assert re.search(r"#/answer/1\.[\w-]+$", answer), answer

    # the host pastes the answer; the friend is seated, says ready; the host deals
    host.fill("#invite-answer-1", answer)
    host.click(".invite-connect[data-seat='1']")
    host.wait_for_selector(".invite-seat[data-seat='1'][data-connected='1']", timeout=20_000)
    connected = time.monotonic()
    assert "Ben" in host.inner_text(".invite-seat[data-seat='1']")
    assert host.is_disabled("#room-deal")  # Ben is not ready yet
    friend.click("#join-ready")
    host.wait_for_selector("#room-deal:enabled")
    host.click("#room-deal")
    host.wait_for_selector("#table:not([hidden])")
    friend.wait_for_selector("#table:not([hidden])", timeout=20_000)
    print(f"connected {connected - started:.1f} s after the host's page opened")

    # both see the table: Ben's page from seat 2, named; the host's page names Ben too
    assert friend.evaluate("window.kortti.model().seat") == 1
    assert "Ben" in host.inner_text("#seats")
    assert "Ann" in friend.inner_text("#seats")

    checks = 0
    for _ in range(200):
        who = host.wait_for_function(WHO, arg=1, timeout=60_000).json_value()
        if who == "over":
            break
        if who == "host":
            take_turn(host, host.wait_for_function(TURN, timeout=30_000).json_value())
            continue
        kind = friend.wait_for_function(TURN, timeout=30_000).json_value()
        if kind == "summary":
            break
        # at each of Ben's turns: the cards on his page are the ones his seat may see
        record = host.evaluate("window.kortti.record()")
        if not DECK_CODES:
            DECK_CODES.update(c for hand in record["deals"][0]["hands"] for c in hand)
        decision = friend.evaluate("window.kortti.model().decision")
        shown = set(friend.evaluate(PAGE_CARDS)) & DECK_CODES
        assert shown <= allowed_cards(record, decision, 1), shown - allowed_cards(record, decision, 1)
        checks += 1
        tapped = time.monotonic()
        before = host.evaluate("window.kortti.model().decision")
        take_turn(friend, kind)
        host.wait_for_function("(n) => window.kortti.model().decision > n", arg=before, timeout=20_000)
        print(f"a friend's move reached the host's table in {1000 * (time.monotonic() - tapped):.0f} ms")
    friend.wait_for_function("() => !document.getElementById('summary').hidden", timeout=60_000)
    assert checks >= 4

    # the friend's page never booted Python, and played the whole deal
    assert friend.evaluate("document.body.dataset.ready") is None
    # every message Ben's page got: no card his seat could not see at that moment
    record = host.evaluate("window.kortti.record()")
    got = [json.loads(m) for m in friend.evaluate("window.__got || []")]
    assert any(m["kind"] == "update" for m in got)
    for m in got:
        reply = m.get("reply")
        if not isinstance(reply, dict) or "model" not in reply:
            continue
        told = {c for c in re.findall(r"[A-Za-z0-9]+", json.dumps(reply)) if c in DECK_CODES}
        may = allowed_cards(record, reply["model"]["decision"], 1)
        assert told <= may, (m["kind"], reply["model"]["decision"], told - may)
        assert "record" not in reply
    # both pages end with the engine's result of the host's record
    again = engine.load_record(record)
    assert again.deal_over
    host_summary = host.inner_text("#summary")
    friend_summary = friend.inner_text("#summary")
    points = again.summaries[-1]
    print("summary:", points)
    assert friend.is_disabled("#summary-next")  # Ben waits for Ann to deal
    for text in (host_summary, friend_summary):
        assert "Ben" in text or "Ann" in text
