"""The quick match on one page (issue 48), with a Nostr relay on loopback and none at all:
what it says before the first one, the name it asks once, what a relay out of reach looks
like, and a lone public table as the relays see it (its events checked here by a second
implementation: hashlib and coincurve), dealt by its host: the player turned the lobby's
"No-peek deal" off. A quick match is no-peek by default (issue 50): what it says, its
announcement, the tables it does not sit at. Strangers meeting over WebRTC: netns_quick.py
(host-dealt), netns_nopeek_quick.py.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import coincurve
import pytest
from nostr_events import check, leading_zero_bits, make_event
from websockets.sync.client import connect

from .nostr_relay import Relay
from .play import BOOT_TIMEOUT, menu_click, open_lobby, stored_before
from .quick_facts import DIFFICULTY, KIND_LOOKING, KIND_TABLE, VERSION, WORDS

NET = "kortti.friends.net"
TOPIC = "kortti-quick:katko-4"


def quick(page: Any, relays: list[str]) -> None:
    """The lobby, its relays set as under Connection settings, Katko chosen."""
    stored_before(page, NET, json.dumps({"relays": relays, "stun": []}))
    open_lobby(page, "fast")
    page.check("input[name=game][value='katko']")
    assert page.is_checked("#quick-nopeek-choice")  # (the quick match deals no-peek unless turned off)


def test_a_quick_match_says_what_it_sends_asks_a_name_once_and_says_when_no_relay_answers(page: Any) -> None:
    quick(page, ["ws://127.0.0.1:9"])  # (nothing listens there)
    page.click("#quick-start")
    page.wait_for_selector("#quick-consent")
    said = page.inner_text("#friends")
    for words in ("Quick match: Katko", "4 players, 45 seconds a turn", "Public Nostr relays see that a table of this game exists",
                  "see your name", "internet address", "The players' devices deal the cards between them", "45-second timer",
                  "public no-peek table", "people who arrive take one over at once and play its cards face up until the deal ends"):
        assert words in said, said
    assert "The host's device deals the cards" not in said and "from the next deal" not in said
    assert page.input_value("#quick-name") == ""  # (the lobby's "You" is no name for strangers)
    page.click("#quick-go")
    assert page.inner_text("#quick-said") == "Type the name the others will see."
    assert not page.query_selector("#quick-status")  # nothing was sent
    page.fill("#quick-name", "  Ann\u202e \n ")  # a direction override and a line break: not part of a name
    page.click("#quick-go")
    page.wait_for_selector("#quick-status:has-text('Looking for a table…')")
    page.wait_for_selector("#quick-status:has-text('No relay answered')", timeout=20_000)
    assert page.is_visible("#quick-again") and page.is_visible("#quick-solo") and page.is_visible(".net-settings")
    # one tap back to the computer players, with the name given
    page.click("#quick-solo")
    page.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.kortti.model().game") == "katko"
    assert page.evaluate("location.hash") == "#/play/katko"
    assert page.evaluate("document.getElementById('name').value") == "Ann"
    # the choice is remembered: the next quick match looks at once
    menu_click(page, "#leave")
    page.click("#leave-dialog-yes")
    page.click("#quick-start")
    page.wait_for_selector("#quick-status:has-text('Looking for a table…')")
    assert not page.query_selector("#quick-consent")
    page.click("#quick-back")
    page.wait_for_selector("#lobby:not([hidden])")
    # (the browser's own report of each failed connection to the port nobody listens on)


class Listener:
    """A client of the relay that keeps every lobby event of a preset it hears (Katko's unless said)."""

    def __init__(self, url: str, topic: str = TOPIC) -> None:
        self.events: list[tuple[float, dict[str, Any]]] = []
        self.ws = connect(url)
        self.ws.send(json.dumps(["REQ", "all", {"kinds": [KIND_TABLE, KIND_LOOKING], "#t": [topic]}]))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        for raw in self.ws:
            msg = json.loads(raw)
            if msg[0] == "EVENT":
                self.events.append((time.monotonic(), msg[2]))

    def of(self, kind: int, pubkey: str, since: float = 0) -> list[dict[str, Any]]:
        return [e for at, e in self.events if e["kind"] == kind and e["pubkey"] == pubkey and at >= since]

    def wait(self, kind: int, pubkey: str, since: float, timeout: float) -> float:
        """Seconds from ``since`` to the first such event after it (AssertionError after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            times = [at for at, e in self.events if e["kind"] == kind and e["pubkey"] == pubkey and at >= since]
            if times:
                return min(times) - since
            time.sleep(0.05)
        raise AssertionError(f"no event of kind {kind} within {timeout} s")

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def listener(relay: Relay) -> Iterator[Listener]:
    listening = Listener(relay.url)
    yield listening
    listening.close()


def test_a_lone_public_table_announces_itself_as_the_relays_should_see_it(page: Any, relay: Relay,
                                                                         listener: Listener) -> None:
    quick(page, [relay.url])
    page.uncheck("#quick-nopeek-choice")  # a table dealt by its host, as the player chose
    page.click("#quick-start")
    said = page.inner_text("#friends")
    for words in ("The host's device deals the cards", "people who arrive take them from the next deal"):
        assert words in said, said
    assert "no-peek" not in said.lower() and not page.query_selector("#quick-nopeek")
    # a no-peek table with more people is there to be heard while the page looks: it deals otherwise
    now = int(time.time())
    no_peek = make_event(coincurve.PrivateKey(), KIND_TABLE, json.dumps(
        {"v": VERSION, "game": "katko", "preset": "katko-4", "free": 1, "humans": 3, "code": "-".join(WORDS[:4]),
         "opened": now - 60, "nopeek": True}), now, [["t", TOPIC]], work=DIFFICULTY)
    page.fill("#quick-name", "Ann")
    page.click("#quick-go")
    page.wait_for_selector("#quick-status:has-text('Looking for a table…')")
    key = page.evaluate("window.kortti.quick().pubkey")
    listener.wait(KIND_LOOKING, key, 0, 10)
    listener.ws.send(json.dumps(["EVENT", no_peek]))  # (heard before the page picks: it listens 2.5 s)
    # so nobody else: the page deals at once against computer players and opens its table
    page.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("#quick-note:has-text('Nobody else is here yet: you play the computer players until someone comes.')")
    assert no_peek["pubkey"] in {pubkey for _, kind, pubkey in relay.accepted if kind == KIND_TABLE}  # (passed on)
    assert page.evaluate("window.kortti.quick().tried") == []
    assert page.evaluate("location.hash") == "#/play/katko"
    assert page.evaluate("window.kortti.model().timer?.seconds") == 45  # public tables: always the turn timer
    listener.wait(KIND_TABLE, key, 0, 10)
    looking, = listener.of(KIND_LOOKING, key)
    ad = json.loads(listener.of(KIND_TABLE, key)[0]["content"])
    # what the relays see: the game, the preset, the version, the seats, the code; no name
    assert json.loads(looking["content"]) == {"v": VERSION, "game": "katko", "preset": "katko-4"}
    assert set(ad) == {"v", "game", "preset", "free", "humans", "code", "opened"}
    assert (ad["v"], ad["game"], ad["preset"], ad["free"], ad["humans"]) == (VERSION, "katko", "katko-4", 3, 1)
    assert all(word in WORDS for word in ad["code"].split("-")) and len(ad["code"].split("-")) == 4
    assert "Ann" not in json.dumps(listener.events)
    for event in [looking, *listener.of(KIND_TABLE, key)]:
        assert check(event) == (True, True)  # signed as coincurve checks
        assert ["t", TOPIC] in event["tags"]
    for event in listener.of(KIND_TABLE, key):
        assert leading_zero_bits(event["id"]) >= DIFFICULTY and ["nonce", event["tags"][-1][1], str(DIFFICULTY)] in event["tags"]
    # a page looking is answered at once (not at the next announcement, 10 s on)
    last = max(at for at, e in listener.events if e["pubkey"] == key)
    time.sleep(max(0.0, last + 3.5 - time.monotonic()))  # (answers come at most every 3 s)
    stranger = coincurve.PrivateKey()
    asked = time.monotonic()
    listener.ws.send(json.dumps(["EVENT", make_event(stranger, KIND_LOOKING, json.dumps(
        {"v": VERSION, "game": "katko", "preset": "katko-4"}), int(time.time()), [["t", TOPIC]])]))
    answered = listener.wait(KIND_TABLE, key, asked, 5)
    assert answered < 2.0, answered
    print(f"\na lone public table answered a page looking in {answered * 1000:.0f} ms (loopback relay)")
    # a hidden page sends nothing; seen again, it announces at once
    hidden = time.monotonic()
    page.evaluate("""() => { Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); }""")
    time.sleep(11.5)  # (longer than the announcements' period: what is tested is that none came)
    assert listener.of(KIND_TABLE, key, hidden + 0.5) == []
    shown = time.monotonic()
    page.evaluate("""() => { delete document.visibilityState;
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); }""")
    assert listener.wait(KIND_TABLE, key, shown, 5) < 2.0
    # leaving says the table closes for everyone; after it, the page announces nothing
    menu_click(page, "#leave")
    assert "it closes for everyone at it" in page.inner_text("#leave-dialog")
    page.click("#leave-dialog-yes")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.is_hidden("#quick-note")
    left = time.monotonic()
    time.sleep(11)
    assert listener.of(KIND_TABLE, key, left + 0.5) == []
    assert not relay.refused["invalid"]
    assert re.fullmatch(r"[0-9a-f]{64}", key)
    # the choice is remembered with the lobby's others
    page.reload()
    page.wait_for_selector("#quick-nopeek-choice")
    assert not page.is_checked("#quick-nopeek-choice")


def test_a_no_peek_quick_match_says_so_announces_it_and_sits_only_at_no_peek_tables(page: Any, relay: Relay) -> None:
    topic = "kortti-quick:kocka-4"
    stored_before(page, NET, json.dumps({"relays": [relay.url], "stun": []}))
    open_lobby(page, "fast")
    page.check("input[name=game][value='kocka']")
    assert page.is_checked("#quick-nopeek-choice")  # (the default)
    listener = Listener(relay.url, topic)
    try:
        page.click("#quick-start")
        page.wait_for_selector("#quick-consent")
        # the consent says who deals at a no-peek table, and what every player sees in its place
        consent = page.inner_text("#quick-consent")
        assert "The players' devices deal the cards between them: no one, the host included, sees another's hand." in consent
        assert "After each deal every card is shown to the table" in consent
        assert "Computer players play their hands face up." in consent
        assert "The host's device deals the cards" not in consent
        assert page.inner_text("#quick-nopeek") == "No-peek · Computer players play face up"
        # two tables are there to be heard while the page looks, each with more people than
        # none: one whose host deals (no "nopeek"), and one whose "nopeek" is not a yes or no
        now = int(time.time())

        def ad(key: coincurve.PrivateKey, extra: dict[str, Any]) -> dict[str, Any]:
            content = {"v": VERSION, "game": "kocka", "preset": "kocka-4", "free": 1, "humans": 3,
                       "code": "-".join(WORDS[:4]), "opened": now - 60, **extra}
            return make_event(key, KIND_TABLE, json.dumps(content), now, [["t", topic]], work=DIFFICULTY)

        plain, malformed = coincurve.PrivateKey(), coincurve.PrivateKey()
        tables = [ad(plain, {}), ad(malformed, {"nopeek": "yes"})]
        page.fill("#quick-name", "Ann")
        page.click("#quick-go")
        page.wait_for_selector("#quick-status:has-text('Looking for a table…')")
        key = page.evaluate("window.kortti.quick().pubkey")
        listener.wait(KIND_LOOKING, key, 0, 10)
        for event in tables:  # (heard before the page picks: it listens 2.5 s after its "looking")
            listener.ws.send(json.dumps(["EVENT", event]))
        # neither is sat at: the page opens its own no-peek table and deals alone with the computer players
        page.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
        page.wait_for_function("() => window.kortti.quick()?.state === 'hosting'")
        accepted = {pubkey for _, kind, pubkey in relay.accepted if kind == KIND_TABLE}
        assert {tables[0]["pubkey"], tables[1]["pubkey"]} <= accepted  # (the relay passed both on)
        assert page.evaluate("window.kortti.quick().tried") == []
        assert "No-peek" in page.inner_text("#table-meta")
        assert "Computer players play face up" in page.inner_text("#table-meta")
        # its announcement says it is a no-peek table
        listener.wait(KIND_TABLE, key, 0, 15)
        own = json.loads(listener.of(KIND_TABLE, key)[0]["content"])
        assert set(own) == {"v", "game", "preset", "free", "humans", "code", "opened", "nopeek"}
        assert (own["game"], own["free"], own["humans"], own["nopeek"]) == ("kocka", 3, 1, True)
    finally:
        listener.close()
