"""A no-peek quick match over real WebRTC and a relay on loopback (issue 50): two strangers,
each in a browser context of its own, meet by the quick match of Kočka. The first finds no
table and opens a no-peek one: its page deals the first deal with itself the only person
(its seat the only crypto seat, the computer players face up) and announces the table as
no-peek. The second sees that before it joins, and sits down mid-deal: it plays a computer
player's seat face up until the deal ends, which is "all fair" on the host's page, and deals
in the next as a crypto seat: all fair on both pages. Runs only inside a network namespace
(test_in_netns.py).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import coincurve
import pytest
from nostr_events import make_event
from websockets.sync.client import connect

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_quick import SAID
from .nostr_relay import Relay
from .play import BOOT_TIMEOUT, TURN, take_turn
from .quick_facts import DIFFICULTY, KIND_LOOKING, KIND_TABLE

TOPIC = [["t", "kortti-quick:kocka-4"]]

STATE = "() => window.kortti?.quick?.()"
NOPEEK_STATE = "() => document.getElementById('nopeek-state')?.textContent || ''"
AUDITED = "() => window.kortti.noPeek?.()?.audits.length > 0"
# Where a page stands (a failure says it): its table's state, its no-peek log and status line.
WHERE = """() => ({model: window.kortti.model() && {next: window.kortti.model().next, deal: window.kortti.model().deal,
  summary: window.kortti.model().summary?.next, waiting: window.kortti.model().summary?.waiting},
  state: document.getElementById('nopeek-state')?.textContent, log: window.kortti.noPeek?.()?.log,
  error: document.getElementById('error')?.textContent})"""


class Strangers:
    """The players' pages, each on a device of its own; the errors any page reports."""

    def __init__(self, browser: Any, base_url: str, relay_url: str) -> None:
        self.browser, self.base_url, self.relay_url = browser, base_url, relay_url
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.console: list[str] = []  # (what the pages warned of: a failure says it)

    def open(self, name: str, no_peek: bool = True) -> Any:
        """A player's lobby with Kočka chosen, booted, the relay set (as under Connection
        settings), the quick match's consent given and its name typed (``no_peek``: the
        default; without it the player turns the lobby's "No-peek deal" off, and its quick
        match is dealt by its host)."""
        ctx = self.browser.new_context(base_url=self.base_url)
        ctx.add_init_script(SAID)
        ctx.add_init_script(f"""localStorage.setItem("kortti.friends.net",
          {json.dumps(json.dumps({"relays": [self.relay_url], "stun": []}))});""")
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{name}: {e}"))
        page.on("console", lambda m: self.console.append(f"{name} {m.type}: {m.text}") if m.type in ("warning", "error") else None)
        page.goto("/?fast")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        page.check("input[name=game][value='kocka']")
        assert page.is_checked("#quick-nopeek-choice")
        if not no_peek:
            page.uncheck("#quick-nopeek-choice")
        page.click("#quick-start")
        page.wait_for_selector("#quick-consent")
        assert ("The players' devices deal the cards between them" in page.inner_text("#quick-consent")) == no_peek
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


class LyingTable:
    """A stranger on the relay who announces a table whose host deals (its code, its seats) as
    a no-peek one, under its own key: every few seconds, and at once to a page looking."""

    def __init__(self, url: str, ad: dict[str, Any]) -> None:
        self.url, self.content = url, json.dumps({**ad, "nopeek": True})
        self.key = coincurve.PrivateKey()
        self.pubkey = str(self.key.public_key_xonly.format().hex())
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps(["REQ", "looking", {"kinds": [KIND_LOOKING], "#t": [TOPIC[0][1]]}]))
            due = 0.0
            while not self.stop.is_set():
                if time.monotonic() >= due:
                    ws.send(json.dumps(["EVENT", make_event(self.key, KIND_TABLE, self.content, int(time.time()), TOPIC,
                                                            work=DIFFICULTY)]))
                    due = time.monotonic() + 3
                try:
                    msg = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if msg[0] == "EVENT" and msg[1] == "looking":
                    due = 0.0

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


def announced(url: str, pubkey: str) -> dict[str, Any]:
    """The first announcement of ``pubkey``'s table the relay passes on (within 20 s)."""
    with connect(url) as ws:
        ws.send(json.dumps(["REQ", "tables", {"kinds": [KIND_TABLE], "#t": [TOPIC[0][1]]}]))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                msg = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue
            if msg[0] == "EVENT" and msg[2]["pubkey"] == pubkey:
                return dict(json.loads(msg[2]["content"]))
    raise AssertionError("the table was not announced")


def wait_state(page: Any, wanted: str, timeout: float = 60_000) -> dict[str, Any]:
    page.wait_for_function(f"(w) => ({STATE})()?.state === w", arg=wanted, timeout=timeout)
    return dict(page.evaluate(STATE))


def play_out(pages: dict[str, Any]) -> None:
    """Every person plays the first usable card at its turn until every page shows the summary;
    the computer players' moves come from the host's page, face up."""
    for _ in range(400):
        kinds = {n: p.evaluate(TURN) for n, p in pages.items()}
        if all(k == "summary" for k in kinds.values()):
            return
        acting = [(n, k) for n, k in kinds.items() if k in ("play", "select", "buttons")]
        if not acting:
            next(iter(pages.values())).wait_for_timeout(50)  # (a poll: the next move is on its way round)
        for name, kind in acting:
            take_turn(pages[name], kind)
    raise AssertionError(f"the deal did not end: {[p.evaluate(NOPEEK_STATE) for p in pages.values()]}")


def test_two_strangers_meet_at_a_no_peek_quick_table(strangers: Strangers, relay: Relay) -> None:
    # a table whose host deals (Cy turned the no-peek deal off), which a stranger on the relay
    # announces as no-peek: Ann's page goes there, is sent a table by its host, and leaves it
    cy = strangers.open("Cy", no_peek=False)
    cy.click("#quick-go")
    plain = announced(relay.url, wait_state(cy, "hosting", 90_000)["pubkey"])
    assert "nopeek" not in plain
    liar = LyingTable(relay.url, plain)
    try:
        ann = strangers.open("Ann")
        ann.click("#quick-go")
        # nobody else: Ann's page opens a no-peek table and deals alone against the computer players
        hosting = wait_state(ann, "hosting", 90_000)
    finally:
        liar.close()
    said = ann.evaluate("window.__said")
    assert "That table said it was a no-peek table, but its host's device dealt the cards: this page left it. " \
        "Looking for a table…" in said, said
    assert hosting["tried"] == [liar.pubkey]  # (once: and never Cy's own listing, which deals otherwise)
    ann.wait_for_selector("#table:not([hidden])")
    assert "No-peek" in ann.inner_text("#table-meta")
    assert "Computer players play face up" in ann.inner_text("#table-meta")

    # Ben knows before he joins that the table is no-peek (its badge, its announcement), and sits
    # down mid-deal: he plays a computer player's seat face up until the deal ends
    ben = strangers.open("Ben")
    assert ben.inner_text("#quick-nopeek") == "No-peek · Computer players play face up"
    assert "people who arrive take one over at once and play its cards face up until the deal ends" in ben.inner_text("#friends")
    ben.click("#quick-go")
    seated = wait_state(ben, "seated", 60_000)
    assert seated["tried"] == [hosting["pubkey"]]
    ben.wait_for_selector("#table:not([hidden])", timeout=60_000)
    assert "No-peek" in ben.inner_text("#table-meta")
    ann.wait_for_function("() => window.kortti.quick().seats.humans === 2", timeout=20_000)
    pages = {"Ann": ann, "Ben": ben}
    play_out(pages)
    ann.wait_for_function(AUDITED, timeout=60_000)
    assert ann.evaluate(NOPEEK_STATE) == "Checking the deal… all fair"

    # the next deal, once both are ready: Ben deals in, a crypto seat; every page audits it fair
    for page in pages.values():
        page.click("#summary-next:enabled")
    try:
        for page in pages.values():
            page.wait_for_function("() => window.kortti.model()?.next !== 'over'", timeout=60_000)
    except Exception as e:
        where = {n: p.evaluate(WHERE) for n, p in pages.items()}
        raise AssertionError(f"no second deal: {where}; {strangers.console[-20:]}") from e
    play_out(pages)
    for page in pages.values():
        page.wait_for_function("() => window.kortti.noPeek().log.some((e) => e.kind === 'fair' || e.kind === 'void')",
                               timeout=60_000)
        assert page.evaluate(NOPEEK_STATE) == "Checking the deal… all fair"
    print("no-peek quick match, the second deal's seats on the host's page:",
          ann.evaluate("window.kortti.model().seats.map((s) => s.name)"))
    assert len(ann.evaluate("window.kortti.noPeek().audits")) == 2
    # (Ben's page audits only a deal it dealt in: the second)
    assert [e for e in ben.evaluate("window.kortti.noPeek().log") if e["kind"] == "fair"] == [{"kind": "fair"}]
