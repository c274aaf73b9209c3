"""A no-peek quick match over real WebRTC and a relay on loopback (issue 50): two strangers,
each in a browser context of its own, meet by the quick match of Kočka. The first finds no
table and opens a no-peek one: its page deals the first deal with itself the only person
(its seat the only crypto seat, the computer players face up) and announces the table as
no-peek. The second hears that before it joins, sits down, and plays from the next deal: a
computer player keeps its seat, face up, until then. The first deal ends "all fair" on the
host's page. Runs only inside a network namespace (test_in_netns.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .nostr_relay import Relay
from .play import BOOT_TIMEOUT, TURN, take_turn

STATE = "() => window.kortti?.quick?.()"
NOPEEK_STATE = "() => document.getElementById('nopeek-state')?.textContent || ''"
AUDITED = "() => window.kortti.noPeek?.()?.audits.length > 0"


class Strangers:
    """The players' pages, each on a device of its own; the errors any page reports."""

    def __init__(self, browser: Any, base_url: str, relay_url: str) -> None:
        self.browser, self.base_url, self.relay_url = browser, base_url, relay_url
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, name: str) -> Any:
        """A player's lobby with Kočka chosen, booted, the relay set (as under Connection
        settings), the quick match's consent given and its name typed."""
        ctx = self.browser.new_context(base_url=self.base_url)
        ctx.add_init_script(f"""localStorage.setItem("kortti.friends.net",
          {json.dumps(json.dumps({"relays": [self.relay_url], "stun": []}))});""")
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{name}: {e}"))
        page.goto("/?fast&preview=nopeek")  # (Kočka's no-peek table is a preview: such a page has it)
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        page.check("input[name=game][value='kocka']")
        page.click("#quick-start")
        page.wait_for_selector("#quick-consent")
        assert "The players' devices deal the cards between them" in page.inner_text("#quick-consent")
        page.fill("#quick-name", name)
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def strangers(browser: Any, base_url: str, relay: Relay) -> Iterator[Strangers]:
    s = Strangers(browser, base_url, relay.url)
    try:
        yield s
        assert s.errors == [], s.errors
    finally:
        s.close()


def wait_state(page: Any, wanted: str, timeout: float = 60_000) -> dict[str, Any]:
    page.wait_for_function(f"(w) => ({STATE})()?.state === w", arg=wanted, timeout=timeout)
    return dict(page.evaluate(STATE))


def test_two_strangers_meet_at_a_no_peek_quick_table(strangers: Strangers) -> None:
    ann = strangers.open("Ann")
    ann.click("#quick-go")
    # nobody else: Ann's page opens a no-peek table and deals alone against the computer players
    hosting = wait_state(ann, "hosting", 90_000)
    ann.wait_for_selector("#table:not([hidden])")
    assert "No-peek" in ann.inner_text("#table-meta")
    assert "Computer players play face up" in ann.inner_text("#table-meta")

    # Ben knows before he joins that the table is no-peek (its badge, its announcement), and sits down
    ben = strangers.open("Ben")
    assert ben.inner_text("#quick-nopeek") == "No-peek · Computer players play face up"
    ben.click("#quick-go")
    seated = wait_state(ben, "seated", 60_000)
    assert seated["tried"] == [hosting["pubkey"]]
    ben.wait_for_selector("#friends-title:has-text('You are at the table')", timeout=20_000)
    assert "you play from the next deal" in ben.inner_text("#friends")
    ann.wait_for_function("() => window.kortti.quick().seats.humans === 2", timeout=20_000)

    # Ann plays the deal out; the computer players' moves come from her page, face up
    for _ in range(300):
        kind = ann.evaluate(TURN)
        if kind == "summary":
            break
        if kind in ("play", "select", "buttons"):
            take_turn(ann, kind)
        else:
            ann.wait_for_timeout(50)  # (a poll: the computer players' moves are on their way)
    else:
        raise AssertionError(f"the deal did not end: {ann.evaluate(NOPEEK_STATE)}")
    ann.wait_for_function(AUDITED, timeout=60_000)
    assert ann.evaluate(NOPEEK_STATE) == "Checking the deal… all fair"
    assert ann.evaluate("window.kortti.noPeek().log.filter((e) => e.kind !== 'fair')") == []
