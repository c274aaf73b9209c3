"""The quick match over real WebRTC and a relay on loopback (issue 48): five players, each in
a browser context of its own (another device), find each other through the lobby's events
on the relay, as on the public ones. Each has turned the lobby's "No-peek deal" off: this is
the quick match whose host deals (the no-peek one, the default: netns_nopeek_quick.py). Runs
only inside a network namespace (test_in_netns.py): nothing leaves the machine.

On the relay, beside the players, while the first three look: a stranger who floods it
with listings of a table (one key, many events a second), and a table announced properly
whose host never answers (its code leads nowhere): the pages skip the first and pass over
the second.

The figures printed here (time from the tap to seated, events a page sends per minute in
each state) are read by tools/bench_friends.py.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any, Self

import coincurve
import pytest
from nostr_events import make_event
from websockets.sync.client import connect

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import Table
from .nostr_relay import Relay
from .play import BOOT_TIMEOUT, menu_click
from .quick_facts import DIFFICULTY, KIND_LOOKING, KIND_TABLE, VERSION, WORDS

# Katte: its public table's session is open (no match end: a Katko match may end with its
# first deal, when a led two wins the last trick, and the table with it)
GAME, PRESET = "katte", "katte-4"
JOIN_S = 10  # how long a page tries a table before the next (quick.js, JOIN_MS)
TOPIC = [["t", f"kortti-quick:{PRESET}"]]

# Every sentence the quick match's status line and the note over the table showed, in order.
SAID = """(() => {
  window.__said = [];
  const last = {};
  const look = () => {
    for (const id of ["quick-status", "quick-note"]) {
      const text = document.getElementById(id)?.textContent;
      if (text && last[id] !== text) window.__said.push(text);
      last[id] = text;
    }
  };
  addEventListener("DOMContentLoaded", () => new MutationObserver(look).observe(document.body,
    { childList: true, subtree: true, characterData: true }));
})();"""

STATE = "() => window.kortti?.quick?.()"


class Strangers:
    """What else the relay hears: a flood of listings from one key, and a proper
    announcement, re-sent every few seconds, of a table whose code nobody hosts."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.flooder, self.phantom = coincurve.PrivateKey(), coincurve.PrivateKey()
        self.stop = threading.Event()
        self.sent = 0
        self.threads = [threading.Thread(target=self._flood, daemon=True), threading.Thread(target=self._haunt, daemon=True)]

    @staticmethod
    def pubkey(key: coincurve.PrivateKey) -> str:
        return str(key.public_key_xonly.format().hex())

    def _ad(self, humans: int, opened: int, code: str) -> str:
        return json.dumps({"v": VERSION, "game": GAME, "preset": PRESET, "free": 4 - humans, "humans": humans,
                           "code": code, "opened": opened})

    def _flood(self) -> None:
        # the table with the most people, open the longest: the pick, were it not skipped;
        # each event distinct (its own table code: copies of one event count once)
        opened = int(time.time()) - 3600
        with connect(self.url) as ws:
            while not self.stop.wait(0.05):  # twenty a second: the relay's own limit
                code = "-".join(random.sample(WORDS, 4))
                ws.send(json.dumps(["EVENT", make_event(self.flooder, KIND_TABLE, self._ad(3, opened, code),
                                                        int(time.time()), TOPIC, work=DIFFICULTY)]))
                self.sent += 1

    def _haunt(self) -> None:
        # announced as a host does: every few seconds, and at once to a page looking
        content = self._ad(3, int(time.time()) - 600, "-".join(WORDS[4:8]))
        with connect(self.url) as ws:
            ws.send(json.dumps(["REQ", "looking", {"kinds": [KIND_LOOKING], "#t": [TOPIC[0][1]]}]))
            due = 0.0
            while not self.stop.is_set():
                if time.monotonic() >= due:
                    ws.send(json.dumps(["EVENT", make_event(self.phantom, KIND_TABLE, content, int(time.time()), TOPIC,
                                                            work=DIFFICULTY)]))
                    due = time.monotonic() + 5
                try:
                    msg = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if msg[0] == "EVENT" and msg[1] == "looking":
                    due = 0.0

    def __enter__(self) -> Self:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(10)


class Players:
    """The players' pages, each on a device of its own; the errors any page reports."""

    def __init__(self, browser: Any, base_url: str, relay_url: str) -> None:
        self.browser, self.base_url, self.relay_url = browser, base_url, relay_url
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, name: str) -> Any:
        """A player's lobby, booted, with the relay set (as under Connection settings)."""
        ctx = self.browser.new_context(base_url=self.base_url)
        ctx.add_init_script(SAID)
        ctx.add_init_script(f"""localStorage.setItem("kortti.friends.net",
          {json.dumps(json.dumps({"relays": [self.relay_url], "stun": []}))});""")
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{name}: {e}"))
        page.goto("/?fast")
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    page.check(f"input[name=game][value='{GAME}']")


def ask(page: Any, name: str) -> None:
    """The lobby's Quick match, the first time, dealt by its host (the player turns the no-peek
    deal off): what it sends where is said, a name is asked."""
    page.uncheck("#quick-nopeek-choice")
    page.click("#quick-start")
    page.wait_for_selector("#quick-consent")
    consent = page.inner_text("#quick-consent")
    for words in ("relays", "your name", "internet address", "host's device", "timer"):
        assert words in consent, consent
    page.fill("#quick-name", name)


def state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(STATE) or {})


def wait_state(page: Any, wanted: str, timeout: float = 60_000) -> dict[str, Any]:
    page.wait_for_function(f"(w) => ({STATE})()?.state === w", arg=wanted, timeout=timeout)
    return state(page)


def seat_of(host: Any, name: str) -> int:
    seats = host.evaluate("window.kortti.model().friends || []")
    return int(next(f["seat"] for f in seats if f["name"] == name and f["connected"]))


def per_minute(relay: Relay, pubkey: str, kind: int, since: float, until: float) -> float:
    sent = sum(1 for at, k, key in relay.accepted if key == pubkey and k == kind and since <= at <= until)
    return sent * 60 / (until - since)


@pytest.fixture
def players(browser: Any, base_url: str, relay: Relay) -> Iterator[Players]:
    p = Players(browser, base_url, relay.url)
    try:
        yield p
        assert p.errors == [], p.errors
    finally:
        p.close()


def test_strangers_meet_at_one_table_fill_it_leave_it_and_find_another(
        players: Players, relay: Relay, browser: Any, base_url: str) -> None:
    with Strangers(relay.url) as strangers:
        # three players press Quick match at the same moment
        names = ["Ann", "Ben", "Cy"]
        pages = {n: players.open(n) for n in names}
        for n in names:
            ready(pages[n])
            ask(pages[n], n)
        tapped = time.monotonic()
        for n in names:
            pages[n].click("#quick-go")
        for n in names:
            pages[n].wait_for_function(f"() => ['hosting', 'seated'].includes(({STATE})()?.state)", timeout=90_000)
        hosts = [n for n in names if state(pages[n])["state"] == "hosting"]
        # one table, not several: every lone table but the oldest moved to it
        pages_host = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            states = {n: state(pages[n]).get("state") for n in names}
            hosts = [n for n in names if states[n] == "hosting"]
            if len(hosts) == 1 and state(pages[hosts[0]])["seats"]["humans"] == 3:
                pages_host = hosts[0]
                break
            time.sleep(0.2)
        assert pages_host, f"not one table of three: {states}, {[state(pages[n]) for n in names]}"
        print(f"quick match: three pressing at once seated together {time.monotonic() - tapped:.1f} s after the tap "
              f"(each tried for {JOIN_S} s first a table that never answers)")
        host = pages[pages_host]
        guests = [n for n in names if n != pages_host]
        flooder, phantom = Strangers.pubkey(strangers.flooder), Strangers.pubkey(strangers.phantom)
        for n in names:
            tried = state(pages[n])["tried"]
            assert flooder not in tried, f"{n} tried the flooder's table: {tried}, flooder {flooder}, phantom {phantom}, " \
                f"pages {[state(pages[m])['pubkey'] for m in names]}, relay {relay.refused}"
            assert phantom in tried, f"{n} never tried the best listed table: {tried}"
        for n in guests:
            said = pages[n].evaluate("window.__said")
            assert "Looking for a table…" in said, said
            assert f"Joined {pages_host}'s table." in said, said
        assert strangers.sent > 20  # (the flood went on all along)
        strangers.close()  # (from here on the figures are the real tables' alone)

        # a fourth joins the running table: seated from the next deal
        dee = players.open("Dee")
        ready(dee)
        ask(dee, "Dee")
        tapped = time.monotonic()
        dee.click("#quick-go")
        wait_state(dee, "seated", 60_000)
        host.wait_for_function("() => (window.kortti.model().friends || []).filter((f) => f.connected).length === 3")
        print(f"quick match: one joining a waiting table seated {time.monotonic() - tapped:.1f} s after the tap")
        full = time.monotonic()
        dee.wait_for_selector("#friends-title:has-text('You are at the table')", timeout=20_000)
        assert "you play from the next deal" in dee.inner_text("#friends")
        table = Table(browser, base_url, host)
        table.game = GAME
        table.friends = {seat_of(host, n): pages[n] for n in guests} | {seat_of(host, "Dee"): dee}
        table.play_out()
        host.click("#summary-next")  # (the friends at the table are ready by then: the next deal comes)
        dee_seat = seat_of(host, "Dee")
        dee.wait_for_function("(s) => window.kortti.model()?.seat === s && !document.getElementById('table').hidden",
                              arg=dee_seat, timeout=30_000)

        # a fifth finds no table with a free seat (the full one stopped announcing): opens one
        eve = players.open("Eve")
        ready(eve)
        ask(eve, "Eve")
        eve.click("#quick-go")
        wait_state(eve, "hosting")
        eve.wait_for_selector("#quick-note:has-text('Nobody else is here yet')")
        host_key = state(host)["pubkey"]
        assert per_minute(relay, host_key, KIND_TABLE, full + 4, time.monotonic()) == 0  # a full table is quiet

        # a leaver's seat goes to a computer player, and the table announces its free seat
        # again: the fifth, alone at hers, moves to it (a table with people beats her own)
        cy = "Cy" if "Cy" in guests else guests[-1]
        cy_seat = seat_of(host, cy)
        left = time.monotonic()
        menu_click(pages[cy], "#leave")
        pages[cy].click("#leave-dialog-yes")
        host.wait_for_function("(s) => !(window.kortti.model().friends || []).find((f) => f.seat === s)?.connected",
                               arg=cy_seat, timeout=20_000)
        # (the table says "Cy left: a computer player took the seat." only when Cy leaves mid-deal:
        # whether the deal is over at that moment is timing, so the model is what is checked)
        deadline = time.monotonic() + 15
        while per_minute(relay, host_key, KIND_TABLE, left, time.monotonic() + 1e-3) == 0:
            assert time.monotonic() < deadline, "the table did not announce its free seat again"
            time.sleep(0.2)
        wait_state(eve, "seated", 30_000)
        host.wait_for_function("() => (window.kortti.model().friends || []).filter((f) => f.connected).length === 3")
        assert f"Joined {pages_host}'s table." in eve.evaluate("window.__said")

        # the host's tab closes: the table ends for everyone. Who played is told so, with the
        # scores, a new quick match and the computer players one tap away; the fifth, who was
        # not dealt in yet, is told and looks again by herself, and opens a table
        host.close()
        ben = next(n for n in guests if n != cy)
        for p in (pages[ben], dee):
            p.wait_for_selector("#friends-title:has-text('The table is gone')", timeout=20_000)
            assert f"{pages_host} left, and the table closed." in p.inner_text("#quick-status")
            assert p.is_visible("#quick-again") and p.is_visible("#quick-solo")
            assert p.locator(".quick-scores li").count() == 4  # the scores when it closed, kept on screen
        wait_state(eve, "hosting")
        assert f"{pages_host} left, and the table closed. Looking for a table…" in eve.evaluate("window.__said")
        tapped = time.monotonic()
        dee.click("#quick-again")
        wait_state(dee, "seated")
        eve.wait_for_function("() => window.kortti.quick().seats.humans === 2")
        print(f"quick match: one joining a waiting table, again, seated {time.monotonic() - tapped:.1f} s after the tap")
        pages[ben].click("#quick-solo")  # (back to the computer players, in one tap)
        pages[ben].wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
        assert pages[ben].evaluate("window.kortti.quick()") is None and pages[ben].is_hidden("#quick-note")

        print("quick match: lobby events a page sends the relays: looking, "
              f"{state(dee)['sent']['looking']} 'looking' event a search; a full table, "
              f"{per_minute(relay, host_key, KIND_TABLE, full + 4, left):.1f} a minute (over {left - full - 4:.0f} s)")
        # the table codes' own events (Trystero's: its announcements and signals), per sender
        lobby = {KIND_TABLE, KIND_LOOKING}
        first, last = relay.accepted[0][0], relay.accepted[-1][0]
        senders: dict[str, int] = {}
        for _, kind, key in relay.accepted:
            if kind not in lobby:
                senders[key] = senders.get(key, 0) + 1
        print(f"quick match: table-code events (Trystero) over {last - first:.0f} s: "
              f"{max(senders.values()) * 60 / (last - first):.1f} a minute from the busiest sender, "
              f"{sum(senders.values()) * 60 / (last - first) / len(senders):.1f} on average over {len(senders)} senders")
