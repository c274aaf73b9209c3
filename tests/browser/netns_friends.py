"""Friends tables over real WebRTC (issue 16): a host and two friends, each in a browser
context of its own in one Chromium, the same-network way (an invite link and an answer
link per friend, carried by the test as players would carry them). Runs only inside a
network namespace (test_in_netns.py): nothing leaves the machine.

The host's page runs the match; a friend's page has no Python at all and draws the table
from what the host sends for the friend's seat. Every message a friend's page receives,
and its page at each of its turns, holds no card that the engine's view of the friend's
seat does not show at that moment (the host's record, replayed by the engine to that
moment, says what the seat could see); every page ends with the engine's result.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.i18n import card_name

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .play import BOOT_TIMEOUT, shown_results, take_turn
from .test_games import expected

# Every message a friend's page gets from the host, as it came (guest.js's tap, whichever
# way the page connected), and the invite way's data channel itself (the bad-input test
# sends on it what no page of ours would).
LOG_MESSAGES = """(() => {
  window.korttiTap = (data) => (window.__got ||= []).push(data);
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    configurable: true, get() { return d.get.call(this); },
    set(fn) { window.__channel = this; d.set.call(this, fn); },
  });
})();"""

# A player's turn as the page shows it: "play"/"select"/"buttons", "summary", or false.
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

# Who is to act, as the host's page shows it: "host", a friend's seat, "over", or false.
WHO = """(friends) => {
  const m = window.kortti && window.kortti.model();
  const table = document.getElementById('table');
  if (!m || table.hidden || table.dataset.busy) return false;
  if (!document.getElementById('summary').hidden) return "over";
  if (m.mine && (document.querySelector('#hand .card.usable') || document.querySelector('#actions button.action:enabled')))
    return "host";
  // (a friend's seat a computer player has for now is the bots' to play)
  const seat = friends.find((s) => m.seats[s].acting && (m.friends || []).some((f) => f.seat === s && f.seated));
  return seat === undefined ? false : seat;
}"""

# Each card as it first reached the felt, in order (a figure moved within the felt, or
# inside a new box, counts once), with when by this page's clock (printed: tap to card).
WATCH_CARDS = """() => {
  window.__cards = [];
  const seen = new WeakSet();
  new MutationObserver((changes) => {
    const now = performance.timeOrigin + performance.now();
    for (const c of changes) for (const n of c.addedNodes) {
      const figures = n.matches?.("figure.tcard") ? [n] : [...(n.querySelectorAll?.("figure.tcard") ?? [])];
      for (const f of figures) if (!seen.has(f)) { seen.add(f); window.__cards.push({ seat: Number(f.dataset.seat), t: now }); }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""
NOW = "() => performance.timeOrigin + performance.now()"

# A friend's page says the host is gone ("Waiting for the host"), however briefly: noted when shown.
SAW_HOST_LOST = """() => {
  window.__sawHostLost = false;
  const look = () => { if (/Waiting for the host/.test(document.body.innerText)) window.__sawHostLost = true; };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""

# Every card code the page holds: images (in the deck's folder too, as the felt draws them:
# "cards/french/7C.svg", "cards/german/..."), data attributes, anywhere in the document.
PAGE_CARDS = """() => {
  const html = document.documentElement.outerHTML;
  const found = new Set();
  for (const m of html.matchAll(/cards\\/(?:[A-Za-z0-9_-]+\\/)*([A-Za-z0-9]+)\\.svg/g)) found.add(m[1]);
  for (const m of html.matchAll(/data-code="([A-Za-z0-9]+)"/g)) found.add(m[1]);
  return [...found];
}"""

# What the page keeps: localStorage and every IndexedDB record, as text.
STORAGE = """async () => {
  const out = [JSON.stringify(Object.entries(localStorage))];
  for (const info of await indexedDB.databases()) {
    const db = await new Promise((ok, no) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = no; });
    for (const name of db.objectStoreNames) {
      const rows = await new Promise((ok) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); });
      out.push(JSON.stringify(rows));
    }
    db.close();
  }
  return out.join("\\n");
}"""

WORD = re.compile(r"[A-Za-z0-9]+")
GAME_NAMES = {"katte": "Katte", "katko": "Katko", "call-kitti": "Call Kitti", "kocka": "Kočka"}

TRYSTERO_CORE = "vendor/trystero-core-0.25.4"
TRYSTERO_SELF_ID = "const selfId = genId(20);"


def named_peer(route: Any, peer_id: str) -> None:
    """Trystero's utils.mjs as served, but for the page's own peer id, which is ``peer_id``."""
    text = route.fetch().text()
    assert TRYSTERO_SELF_ID in text, "Trystero's utils.mjs no longer makes selfId so: see new_friend_page"
    route.fulfill(body=text.replace(TRYSTERO_SELF_ID, f"const selfId = {json.dumps(peer_id)};"),
                  headers={"content-type": "text/javascript"})


def at_test_pace(link: str) -> str:
    """A friend's link opened at the tests' pace (``?fast``: the same flow with short pauses),
    as the host's page and every other test's page are."""
    page, _, fragment = link.partition("#")
    assert "?" not in page, link
    return f"{page}?fast#{fragment}"


class Table:
    """The host's page (the shared warm profile: its Python restores from the snapshot) and
    the friends' pages (contexts of their own, as other devices are)."""

    QUERY = "?fast&seed=7"  # the host's page's query

    def __init__(self, browser: Any, base_url: str, host: Any) -> None:
        self.browser, self.base_url, self.host = browser, base_url, host
        self.friends: dict[int, Any] = {}
        self.game = ""
        self.host_name = "Ann"  # ("": the host types no name, and is "You" at the table)
        self.contexts: list[Any] = []
        self.card_ms: list[float] = []  # a friend's tap to the card on another peer's felt
        self.errors: list[str] = []
        self.watch(host)

    def watch(self, page: Any) -> None:
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def new_friend_page(self, peer_id: str | None = None) -> Any:
        """A friend's page, on a device of its own. ``peer_id``: the Trystero id its copy of
        Trystero gives itself (else a random one, as always), so that a test knows which side
        of the id order the friend is on: of two peers, the one with the lower id makes the
        connection offer."""
        # (the module is fetched by the page itself: no service worker may answer for it)
        ctx = self.browser.new_context(base_url=self.base_url, **({"service_workers": "block"} if peer_id else {}))
        ctx.add_init_script(LOG_MESSAGES)
        if peer_id is not None:
            ctx.route(f"**/{TRYSTERO_CORE}/utils.mjs", lambda route: named_peer(route, peer_id))
        self.contexts.append(ctx)
        page = ctx.new_page()
        self.watch(page)
        return page

    def open_room(self, game: str, players: int | None = None) -> None:
        h = self.host
        self.game = game
        h.goto(f"/{self.QUERY}")
        h.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        self.back_to_lobby(h)
        h.check(f"input[name=game][value='{game}']")
        if players is not None and h.is_enabled("#players"):
            h.select_option("#players", str(players))
        h.fill("#name", self.host_name)
        h.click("#friends-start")
        h.wait_for_selector("#invite-seats")

    def back_to_lobby(self, page: Any) -> None:
        """A page that was at a table before this one (a test of several rooms): to the lobby as
        its player would go (a no-peek table's page says a reload cannot resume its match)."""
        if page.is_visible("#nopeek-reload-back"):
            page.click("#nopeek-reload-back")
            page.wait_for_selector("input[name=game]", state="visible")

    def invite(self, seat: int, name: str, page: Any | None = None) -> Any:
        """The host invites ``seat``; a friend opens the link, answers; the host pastes the
        answer. Returns the friend's page, connected."""
        h = self.host
        h.click(f".invite-make[data-seat='{seat}']")
        link = h.wait_for_selector(f"#invite-link-{seat}").input_value()
        about = f"&host={self.host_name}" if self.host_name else ""
        assert re.search(rf"#/join/{seat}\.[\w-]+\?game={self.game}{about}$", link), link
        friend = page or self.new_friend_page()
        friend.goto(at_test_pace(link))
        # the invite says what it is to, before "Join"
        to = f"{self.host_name} invites you to play" if self.host_name else "You are invited to play"
        assert friend.inner_text("#join-invited").startswith(f"{to} {GAME_NAMES[self.game]}, seat {seat + 1}."), \
            friend.inner_text("#join-invited")
        friend.fill("#join-name", name)
        friend.click("#join-go")
        answer = friend.wait_for_selector("#join-answer-link").input_value()
        assert re.search(rf"#/answer/{seat}\.[\w-]+$", answer), answer
        h.fill(f"#invite-answer-{seat}", answer)
        h.click(f".invite-connect[data-seat='{seat}']")
        h.wait_for_selector(f".invite-seat[data-seat='{seat}'][data-connected='1']", timeout=20_000)
        assert name in h.inner_text(f".invite-seat[data-seat='{seat}']")
        self.friends[seat] = friend
        return friend

    def deal(self, table_ms: int = 60_000, first: bool = True) -> None:
        """Every friend ready, the host deals, every page's table opens (within ``table_ms``: a
        no-peek deal boots each friend's Python and deals first, on a loaded CI). ``first``: no
        one was ready before (a match's later deal may start with some ready)."""
        h = self.host
        for friend in self.friends.values():
            if first:
                assert h.is_disabled("#room-deal")  # not everyone is ready yet
            friend.click("#join-ready")
        h.wait_for_selector("#room-deal:enabled")
        h.click("#room-deal")
        for page in (h, *self.friends.values()):
            page.wait_for_selector("#table:not([hidden])", timeout=table_ms)

    def record(self) -> dict[str, Any]:
        return dict(self.host.evaluate("window.kortti.record()"))

    def play_out(self, check_turn: Any = None, stop: Any = None) -> int:
        """Everyone plays (the first usable card, like a hurried player) to the summary.
        ``check_turn(seat, page)`` looks at a friend's page before each of its turns;
        ``stop(turns)`` may end the play early (True). Returns the friends' turns."""
        h, turns = self.host, 0
        for page in (h, *self.friends.values()):
            page.evaluate(WATCH_CARDS)
        for _ in range(400):
            if stop and stop(turns):
                return turns
            who = h.wait_for_function(WHO, arg=list(self.friends), timeout=60_000).json_value()
            if who == "over":
                break
            before = h.evaluate("window.kortti.model().decision")
            if who == "host":
                take_turn(h, h.wait_for_function(TURN, timeout=30_000).json_value())
                continue
            friend = self.friends[int(who)]
            kind = friend.wait_for_function(TURN, timeout=30_000).json_value()
            if check_turn:
                check_turn(int(who), friend)
            seat = int(who)
            others = [h, *(p for s, p in self.friends.items() if s != seat)]
            # what each other peer's felt had got before the tap (by count: pages' clocks are not one clock)
            marks = [page.evaluate("window.__cards.length") for page in others]
            tapped = friend.evaluate(NOW)
            take_turn(friend, kind)
            h.wait_for_function("(n) => window.kortti.model().decision > n", arg=before, timeout=20_000)
            turns += 1
            if kind == "play":  # on every other peer's felt: the first card of that seat since the tap
                for page, mark in zip(others, marks, strict=True):
                    self.card_ms.append(self.card_shown(page, seat, mark) - tapped)
        seated = h.evaluate("(window.kortti.model().friends || []).filter((f) => f.seated).map((f) => f.seat)")
        for seat, friend in self.friends.items():
            if seat in seated:  # (a friend who plays from the next deal has no table yet)
                friend.wait_for_function("() => !document.getElementById('summary').hidden", timeout=60_000)
        return turns

    def card_shown(self, page: Any, seat: int, mark: int) -> float:
        """When (by ``page``'s clock) ``seat``'s first card after the first ``mark`` cards reached
        ``page``'s felt; on a timeout, what that page drew and shows, so a failure says where
        the card went missing."""
        try:
            return float(page.wait_for_function("([seat, mark]) => window.__cards.slice(mark).find((c) => c.seat === seat)?.t",
                                                arg=[seat, mark], timeout=20_000).json_value())
        except Exception as e:
            seen = page.evaluate("""(mark) => ({ mark, cards: window.__cards.map((c) => c.seat),
              trick: [...document.querySelectorAll('#trick figure')].map((f) => f.dataset.seat + ':' + f.dataset.code),
              status: document.getElementById('status')?.textContent, busy: document.getElementById('table')?.dataset.busy,
              decision: window.kortti?.model()?.decision })""", mark)
            who = "host" if page is self.host else f"friend {next(s for s, p in self.friends.items() if p is page)}"
            raise AssertionError(f"seat {seat}'s card never reached the {who}'s felt: {seen}; errors {self.errors}") from e

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def table(browser: Any, base_url: str, page: Any) -> Iterator[Table]:
    t = Table(browser, base_url, page)
    try:
        yield t
        assert t.errors == [], t.errors
    finally:
        t.close()


def deck_of(record: dict[str, Any]) -> set[str]:
    return {c for deal in record["deals"] for hand in deal["hands"] for c in hand}


def seat_may_see(record: dict[str, Any], model: dict[str, Any], seat: int, deck: set[str]) -> set[str]:
    """The cards the engine's view of ``seat`` shows at the moment a table ``model`` was made:
    the host's record, replayed by the engine to that deal and that many actions."""
    cut = json.loads(json.dumps(record))
    deals = cut["deals"][:model["deal"]]
    left = model["decision"] - sum(len(d["actions"]) for d in deals[:-1])
    if left < len(deals[-1]["actions"]):
        deals[-1]["actions"] = deals[-1]["actions"][:left]
        deals[-1].pop("result", None)
    cut["deals"] = deals
    match = engine.load_record(cut)
    return {c for c in WORD.findall(json.dumps(match.view(seat))) if c in deck}


def seat_has_seen(record: dict[str, Any], model: dict[str, Any], seat: int, deck: set[str]) -> set[str]:
    """Every card the engine's view of ``seat`` has shown from the first action of the match
    to the moment ``model`` was made (what the page may still name: a card played, then
    taken with its trick)."""
    seen: set[str] = set()
    done = 0
    for number, deal in enumerate(record["deals"][:model["deal"]], start=1):
        upto = model["decision"] if number == model["deal"] else done + len(deal["actions"])
        for decision in range(done, upto + 1):
            seen |= seat_may_see(record, {"deal": number, "decision": decision}, seat, deck)
        done += len(deal["actions"])
    return seen


# What the page says in words, to a reader's eyes or a screen reader: its text, and every
# label, description, alternative text and title.
PAGE_WORDS = """() => [document.body.innerText, ...[...document.querySelectorAll('[aria-label], [aria-description], [alt], [title]')]
  .flatMap((e) => ['aria-label', 'aria-description', 'alt', 'title'].map((a) => e.getAttribute(a) || ''))].join('\\n')"""


def named_cards(text: str, game: str, cards: set[str]) -> set[str]:
    """Which of ``cards`` the text names, in English (the friends' pages' language here)."""
    deck = "german" if game == "kocka" else "french"
    low = text.lower()
    return {c for c in cards if card_name(c, deck).lower() in low}


def check_messages(page: Any, seat: int, record: dict[str, Any]) -> int:
    """Every table the friend's page was sent holds only what the seat may see, and never
    the record. Returns how many were checked."""
    deck = deck_of(record)
    got = [json.loads(m) for m in page.evaluate("window.__got || []")]
    checked = 0
    for m in got:
        reply = m.get("reply")
        if not isinstance(reply, dict) or "model" not in reply:
            continue
        assert "record" not in reply and "outcome" not in reply
        assert reply["model"]["seat"] == seat
        told = {c for c in WORD.findall(json.dumps(reply)) if c in deck}
        may = seat_may_see(record, reply["model"], seat, deck)
        assert told <= may, (m["kind"], reply["model"]["decision"], told - may)
        checked += 1
    return checked


GAMES = [("katte", 4), ("katko", 4), ("call-kitti", 4), ("kocka", 4)]


@pytest.mark.parametrize("game,players", GAMES)
def test_a_host_and_two_friends_play_a_deal(table: Table, game: str, players: int) -> None:
    started = time.monotonic()
    table.open_room(game, players)
    ben = table.invite(1, "Ben")
    cy = table.invite(3, "Cy")
    print(f"{game}: two friends seated {time.monotonic() - started:.1f} s after the host's page opened")
    table.deal()
    assert ben.evaluate("window.kortti.model().seat") == 1 and cy.evaluate("window.kortti.model().seat") == 3
    # what a friend's page had fetched when its table was drawn (a figure, printed: issue 16)
    fetched = ben.evaluate("""() => performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation"))
      .reduce((n, e) => n + (e.encodedBodySize || 0), 0)""")
    booted = ben.evaluate("Boolean(document.body.dataset.ready)")
    print(f"{game}: a friend's page had fetched {fetched / 1e6:.2f} MB when its table was drawn; its own Python ready: {booted}")
    # every page names the others, and its own seat "You"
    people = {0: "Ann", 1: "Ben", 3: "Cy"}
    for own, page in ((0, table.host), (1, ben), (3, cy)):
        seats = page.locator("#seats").inner_text()
        for s, name in people.items():
            assert ("You" if s == own else name) in seats, (own, seats)

    def check_turn(seat: int, page: Any) -> None:
        # at each of a friend's turns: the cards on the page are the ones the seat may see
        record = table.record()
        deck = deck_of(record)
        shown = set(page.evaluate(PAGE_CARDS)) & deck
        model = page.evaluate("window.kortti.model()")
        may = seat_may_see(record, model, seat, deck)
        assert shown <= may, (seat, shown - may)
        # nor does any word on it, or any label a screen reader reads, name another card
        # than those the seat has been shown so far
        named = named_cards(page.evaluate(PAGE_WORDS), game, deck - seat_has_seen(record, model, seat, deck))
        assert not named, (seat, named)

    turns = table.play_out(check_turn)
    assert turns >= 2
    if table.card_ms:
        ms = sorted(table.card_ms)
        print(f"{game}: a friend's card on every other peer's felt, from the tap: median {ms[len(ms) // 2]:.0f} ms, "
              f"max {ms[-1]:.0f} ms ({len(ms)} cards)")
    record = table.record()
    assert check_messages(ben, 1, record) > 0 and check_messages(cy, 3, record) > 0
    # the friends' pages never booted Python, and keep no card
    for page in (ben, cy):
        assert page.evaluate("document.body.dataset.ready") is None
        assert not set(WORD.findall(page.evaluate(STORAGE))) & deck_of(record)
    # every page shows the engine's result of the host's record, each from its own seat
    summary = engine.replay_record(record)
    shown = {name: shown_results(page) for name, page in (("host", table.host), ("ben", ben), ("cy", cy))}
    for s in range(players):
        rows = {name: cells[1:] for name, got in shown.items() for cells in [got[s]]}
        assert rows["host"] == rows["ben"] == rows["cy"], (s, rows)
        if game == "kocka":
            assert int(rows["host"][0]) == summary["deals"][-1]["result"]["penalty"][s]
        else:
            want = expected(game, summary, s)
            assert rows["host"][-len(want):] == want, (s, rows["host"], want)
    # the next deal starts when every person is ready (the seed's "everyone clicks ready")
    assert ben.inner_text("#summary-waiting") == "Not ready yet: Ann, Cy"
    ben.click("#summary-next")
    ben.wait_for_selector("#summary-next:disabled")
    table.host.wait_for_selector("#summary-waiting:text-is('Not ready yet: Cy')")
    table.host.click("#summary-next")  # the host's "ready": the deal still waits for Cy
    table.host.wait_for_selector("#summary-next:text-is('Deal now, without waiting')")
    assert len(table.record()["deals"]) == 1
    assert cy.is_enabled("#summary-next") and cy.inner_text("#summary-next") == "Ready for the next deal"
    cy.wait_for_function("() => !document.querySelector('#summary-waiting')")  # nobody else is waited for
    cy.click("#summary-next")
    for page in (table.host, ben, cy):
        page.wait_for_function("() => window.kortti.model().deal === 2 && !window.kortti.model().summary")


# What no page of ours sends, and why the host refuses it (protocol.js, host.js).
JUNK = [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    (json.dumps({"v": 1, "kind": "shout"}), "unknown"),
    (json.dumps({"v": 1, "kind": "call", "id": 900, "call": "act", "args": ["x" * 9000]}), "oversized"),
    (json.dumps({"v": 1, "kind": "call", "id": 901, "call": "undo", "args": []}), "malformed"),
    (json.dumps({"v": 1, "kind": "call", "id": "902", "call": "act", "args": ["1 play 7H"]}), "malformed"),
    (json.dumps({"v": 1, "kind": "hello", "name": "Eve", "lang": "en", "token": ""}), "hello"),
    (json.dumps({"v": 1, "kind": "call", "id": 1, "call": "act", "args": ["1 play 7H"]}), "order"),  # replayed
]


def test_bad_messages_from_a_friend_change_nothing(table: Table) -> None:
    table.open_room("katko", 4)
    ben = table.invite(1, "Ben")
    table.deal()
    # Ben plays twice (his request ids 1, 2 …), then, not on his turn, his page is made to misbehave
    table.play_out(stop=lambda turns: turns >= 2)
    table.host.wait_for_function("() => !window.kortti.model().seats[1].acting && window.kortti.model().mine")
    record = json.dumps(table.record())
    refused_before = len([m for m in ben.evaluate("(window.__got || []).map(JSON.parse)") if m["kind"] == "refused"])
    ben.evaluate("(msgs) => msgs.forEach((m) => window.__channel.send(m))", [m for m, _ in JUNK])
    hand = table.record()["deals"][0]["hands"][1]
    host_hand = table.record()["deals"][0]["hands"][0]
    # out of turn, and a forged seat: well-formed requests, answered with the engine's reason
    ben.evaluate("""([a, b]) => { window.__channel.send(JSON.stringify({v: 1, kind: "call", id: 950, call: "act", args: [a]}));
                                 window.__channel.send(JSON.stringify({v: 1, kind: "call", id: 951, call: "act", args: [b]})); }""",
                 [f"1 play {hand[-1]}", f"0 play {host_hand[-1]}"])
    # a flood: more than the burst the host takes (pings, which the host answers at once: a
    # flood of calls that each wait for Python reaches a slow host's bucket spread out, so
    # that on a loaded machine it could refill in time and nothing would be refused)
    ben.evaluate("""() => { for (let i = 0; i < 60; i += 1)
      window.__channel.send(JSON.stringify({v: 1, kind: "ping"})); }""")
    # the pings are refused as they come, the calls answered after the host's Python: wait for
    # both (the answer alone could come before the refusals of pings sent after its request)
    ben.wait_for_function("""() => { const got = (window.__got || []).map(JSON.parse);
      return got.some((m) => m.kind === "answer" && m.id === 951) && got.some((m) => m.kind === "refused" && m.why === "flood"); }""")
    got = [json.loads(m) for m in ben.evaluate("window.__got || []")]
    refusals = [m["why"] for m in got if m["kind"] == "refused"][refused_before:]
    for _, why in JUNK:
        assert why in refusals, (why, refusals)
    assert "flood" in refusals
    answers = {m["id"]: m["reply"] for m in got if m["kind"] == "answer"}
    assert answers[950].get("error") and answers[951]["error"] == "That is not your seat."
    assert json.dumps(table.record()) == record  # nothing changed
    # a page of another version is told so and not kept at the table: a bot takes the seat at
    # once, and the table goes on to the end of the deal
    # (sent again until answered: just after the flood, the host's rate limit may still refuse it)
    ben.wait_for_function("""() => {
      if (/another version/.test(document.body.innerText)) return true;
      if (window.__channel.readyState === "open") window.__channel.send(JSON.stringify({v: 99, kind: "bye"}));
      return false;
    }""", polling=500, timeout=15_000)
    table.host.wait_for_function("() => !window.kortti.model().friends[0].connected")
    table.friends.clear()
    table.play_out()
    after = table.record()["deals"][0]
    assert after["actions"][:len(json.loads(record)["deals"][0]["actions"])] == json.loads(record)["deals"][0]["actions"]
    assert engine.load_record(table.record()).deal_over


def test_friends_who_go_away_are_replaced_at_once_and_come_back_next_deal(table: Table) -> None:
    table.open_room("katko", 4)
    ben = table.invite(1, "Ben")
    table.invite(3, "Cy")
    table.deal()
    h = table.host
    table.play_out(stop=lambda turns: turns >= 2)
    # Cy's device goes away mid-deal: a computer player takes the seat at once, and the
    # host's table says so (not only in the invite dialog), Cy's seat too
    table.contexts[1].close()
    table.friends.pop(3)
    h.wait_for_function("() => window.kortti.model().friends[1].connected === false")
    h.wait_for_selector("#table-notice:text-is('Cy left: a computer player took the seat.')")
    assert h.inner_text(".seat[data-seat='3'] .friend-chip") == "Cy: not connected"
    table.play_out(stop=lambda turns: turns >= 3)
    before = table.record()["deals"][0]["actions"]
    # the host's page reloads mid-deal: the table goes on from the saved match, and Ben is told
    h.reload()
    h.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    assert table.record()["deals"][0]["actions"][:len(before)] == before
    ben.wait_for_function("() => /reloaded/.test(document.body.innerText)", timeout=15_000)
    table.friends.clear()
    # a new invite for Ben's seat, from the host's menu, opened on Ben's page: seated from the next deal
    h.click("#menu-btn")
    h.click("#invite-btn")
    table.invite(1, "Ben", page=ben)
    ben.wait_for_selector("#join-status")
    h.click("#invite-close")
    table.play_out()  # the rest of deal 1: computer players in both friends' seats
    h.click("#summary-next")
    ben.wait_for_selector("#table:not([hidden])", timeout=20_000)
    assert ben.evaluate("window.kortti.model().seat") == 1 and ben.evaluate("window.kortti.model().deal") == 2
    assert table.play_out() >= 1  # Ben played deal 2 himself
    assert check_messages(ben, 1, table.record()) > 0


def use_relay(page: Any, url: str) -> None:
    """The connection settings, as a player sets them: this relay, no STUN server (loopback)."""
    page.click(".net-settings summary")
    page.fill("#net-relays", url)
    page.fill("#net-stun", "")
    page.click("#net-save")
    page.wait_for_selector(".net-settings [role=status]:has-text('Saved')")


def test_friends_join_by_a_table_code_and_come_back_without_a_new_invite(table: Table, relay: Any) -> None:
    h = table.host
    table.open_room("katko", 4)
    assert not h.query_selector("#table-code")  # off until the host turns it on, after saying what it sends
    assert "relays" in h.inner_text("#code-panel")
    use_relay(h, relay.url)
    h.click("#code-on")
    code = h.wait_for_selector("#table-code").inner_text()
    assert len(code.split()) == 4
    link = h.input_value("#code-link")
    # Ben types the code in the lobby (no Python on his page); Cy opens the link
    ben = table.new_friend_page()
    ben.goto("/?fast")
    ben.wait_for_selector("#join-code")
    ben.fill("#join-code", code.upper())
    ben.click("#join-code-go")
    cy = table.new_friend_page()
    cy.goto(at_test_pace(link))
    for page, name in ((ben, "Ben"), (cy, "Cy")):
        page.wait_for_selector("#join-go")
        assert "relays" in page.inner_text("#friends")  # what joining sends, said before
        use_relay(page, relay.url)
        page.fill("#join-name", name)
        asked = time.monotonic()
        page.click("#join-go")
        page.wait_for_selector("#join-ready", timeout=30_000)
        print(f"table code: {name} seated {time.monotonic() - asked:.1f} s after asking to join (loopback relay)")
    h.wait_for_function("() => document.querySelectorAll('.invite-seat[data-connected=\"1\"]').length === 2")
    seats = {name: int(h.get_attribute(f".invite-seat[data-connected='1']:has-text('{name}')", "data-seat"))
             for name in ("Ben", "Cy")}
    assert sorted(seats.values()) == [1, 2]  # the first free seats, in order
    table.friends = {seats["Ben"]: ben, seats["Cy"]: cy}
    table.deal()
    assert relay.events > 0  # the offers went through the relay (encrypted: nothing here reads them)
    assert not relay.refused["invalid"]  # every event Trystero sent is signed as the relay checks
    table.play_out(stop=lambda turns: turns >= 2)
    # the host's page reloads mid-deal: the code opens again and both friends come back by
    # themselves, known by their tokens, to their own seats, from the next deal
    for page in (ben, cy):  # (what each friend's page says meanwhile, noted as it shows: it may be brief)
        page.evaluate(SAW_HOST_LOST)
    h.reload()
    h.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    for page in (ben, cy):
        page.wait_for_function("() => window.__sawHostLost === true", timeout=20_000)
    h.wait_for_function("() => (window.kortti.model().friends || []).filter((f) => f.connected).length === 2",
                        timeout=60_000)
    friends = h.evaluate("window.kortti.model().friends")
    assert {f["seat"]: f["name"] for f in friends} == {seats["Ben"]: "Ben", seats["Cy"]: "Cy"}
    table.play_out()
    h.click("#summary-next")
    for name, page in (("Ben", ben), ("Cy", cy)):
        page.wait_for_selector("#table:not([hidden])", timeout=20_000)
        assert page.evaluate("window.kortti.model().seat") == seats[name]
    assert table.play_out() >= 1
    record = table.record()
    assert check_messages(ben, seats["Ben"], record) > 0 and check_messages(cy, seats["Cy"], record) > 0


def test_a_table_code_with_no_relay_in_reach_says_so(table: Table) -> None:
    table.open_room("kocka", 4)
    use_relay(table.host, "ws://127.0.0.1:9")  # nothing listens there
    table.host.click("#code-on")
    table.host.wait_for_selector("#code-status:has-text('No relay answered')", timeout=30_000)
    # the browser's own report of each failed connection the test provoked: expected here
    table.errors[:] = [e for e in table.errors if not e.startswith("WebSocket connection to 'ws://127.0.0.1:9/'")]


def open_code_table(table: Table, relay_url: str) -> str:
    """The host opens a Katko room with a table code over the relay: the code's link."""
    table.open_room("katko", 4)
    use_relay(table.host, relay_url)
    table.host.click("#code-on")
    table.host.wait_for_selector("#table-code")
    return str(table.host.input_value("#code-link"))


def join_by_code(page: Any, link: str, name: str, relay_url: str) -> None:
    """A friend opens the table's link, sets the relay, gives a name and asks to join: seated."""
    page.goto(at_test_pace(link))
    page.wait_for_selector("#join-go")
    use_relay(page, relay_url)
    page.fill("#join-name", name)
    page.click("#join-go")
    page.wait_for_selector("#join-ready", timeout=30_000)


# Trystero keeps a pool of connection offers made in advance; one older than 57 s is made
# anew before it is sent (its ICE restarted). A reload of the host a minute or more after
# the joins is a friend's first offer from such an old one (issue 53).
LATE_RELOAD_S = 90


def test_friends_by_a_table_code_come_back_after_a_late_reload_on_both_sides_of_the_id_order(
        table: Table, relay: Any) -> None:
    h = table.host
    link = open_code_table(table, relay.url)
    # whatever id the host's page takes after its reload, Ben's is below it (Ben makes the
    # connection offer) and Cy's above it (Cy answers the host's): both sides, every run
    ben = table.new_friend_page(peer_id="0" * 20)
    cy = table.new_friend_page(peer_id="z" * 20)
    join_by_code(ben, link, "Ben", relay.url)
    join_by_code(cy, link, "Cy", relay.url)
    joined = time.monotonic()
    h.wait_for_function("() => document.querySelectorAll('.invite-seat[data-connected=\"1\"]').length === 2")
    seats = {name: int(h.get_attribute(f".invite-seat[data-connected='1']:has-text('{name}')", "data-seat"))
             for name in ("Ben", "Cy")}
    table.friends = {seats["Ben"]: ben, seats["Cy"]: cy}
    table.deal()
    # the match goes on a while: the reload comes LATE_RELOAD_S after the joins (the time
    # itself is what is tested, so it is waited out)
    h.wait_for_timeout(max(0.0, LATE_RELOAD_S - (time.monotonic() - joined)) * 1000)
    for page in (ben, cy):
        page.evaluate(SAW_HOST_LOST)
    reloaded = time.monotonic()
    h.reload()
    h.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    for page in (ben, cy):
        page.wait_for_function("() => window.__sawHostLost === true", timeout=20_000)
    try:
        h.wait_for_function("() => (window.kortti.model().friends || []).filter((f) => f.connected).length === 2",
                            timeout=30_000)
    except Exception as e:
        back = h.evaluate("(window.kortti.model().friends || []).filter((f) => f.connected).map((f) => f.name)")
        raise AssertionError(f"back 30 s after the host's late reload: {back} of Ben (his page makes the "
                             "connection offer) and Cy (hers answers the host's)") from e
    print(f"table code: both friends back {time.monotonic() - reloaded:.1f} s after the host's reload began, "
          f"{LATE_RELOAD_S} s after the joins")
    friends = h.evaluate("window.kortti.model().friends")
    assert {f["seat"]: f["name"] for f in friends} == {seats["Ben"]: "Ben", seats["Cy"]: "Cy"}
    for page in (ben, cy):  # each friend's page says it plays from the next deal, no longer that it waits
        page.wait_for_function("() => !/Waiting for the host/.test(document.body.innerText)")


def test_a_friend_whose_host_stays_away_is_told_so_with_the_way_back(table: Table, relay: Any) -> None:
    h = table.host
    link = open_code_table(table, relay.url)
    ben = table.new_friend_page()
    join_by_code(ben, link, "Ben", relay.url)
    h.wait_for_selector(".invite-seat[data-connected='1']")
    table.friends = {int(h.get_attribute(".invite-seat[data-connected='1']", "data-seat")): ben}
    table.deal()
    # the host's page goes to another site, and stays there: Ben's page waits for the host,
    # then says that the host is not back, and what Ben can do
    at = h.url
    h.goto("about:blank")
    ben.wait_for_selector("#friends-title:text-is('Waiting for the host')")
    ben.wait_for_selector("#friends-title:text-is('The host is not back yet')", timeout=30_000)
    said = ben.inner_text("#join-status")
    assert "ask the host for a new invite" in said and "keeps looking" in said, said
    assert ben.is_visible("#friends a[href='#/']")  # the way back to the games
    # the page kept looking meanwhile: the host's page comes back, and Ben with it
    h.goto(at)
    h.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    h.wait_for_function("() => (window.kortti.model().friends || []).some((f) => f.connected)", timeout=30_000)
    ben.wait_for_function("() => !/not back yet|Waiting for the host/.test(document.body.innerText)")


def test_nobody_is_stranded_at_a_friends_table(table: Table) -> None:
    """The host's "Deal" with an older match of the game saved: "Cancel" keeps the room and
    the friend in it. A friend's page says why it gives no hint and offers no hand record
    it does not have; the host's "Leave" says the friends go too, and the friend reads that
    the host left."""
    h = table.host
    # a solo Katko match, left in the lobby: saved
    h.goto("/?fast&seed=7")
    h.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    h.check("input[name=game][value='katko']")
    h.click("#start")
    h.wait_for_selector("#table:not([hidden])")
    h.go_back()
    h.wait_for_selector(".offer[data-game='katko'] .offer-continue")
    table.open_room("katko", 4)
    ben = table.invite(1, "Ben")
    ben.click("#join-ready")
    ready = "Ready. The cards are dealt when Ann deals."
    ben.wait_for_selector(f"#join-status:text-is('{ready}')")
    h.click("#room-deal:enabled")
    h.wait_for_selector("#replace-dialog[open]")
    h.click("#replace-dialog-no")
    # back in the room, Ben still seated and ready: "Deal" again works
    h.wait_for_selector("#replace-dialog", state="detached")
    assert h.is_visible("#friends-title") and h.is_enabled("#room-deal")
    assert "Ben, ready" in h.inner_text(".invite-seat[data-seat='1'][data-connected='1']")
    assert ben.inner_text("#join-status") == ready
    h.click("#room-deal")
    h.click("#replace-dialog-yes")
    h.wait_for_selector("#table:not([hidden])")
    ben.wait_for_selector("#table:not([hidden])", timeout=20_000)
    # Ben's Hint says why there is none
    ben.click("#hint-btn")
    ben.wait_for_selector("#hint:text-is(\"Hints are given only on the host's device, which runs the game.\")")
    table.play_out()
    # the summary: the host's page offers its record; Ben's, which has none, offers nothing
    assert h.is_visible("#record-link")
    assert ben.is_visible("#summary-next") and not ben.query_selector("#record-link")
    # the host leaves: the dialog says Ben goes too; Ben's page says the host left
    h.click("#menu-btn")
    h.click("#leave")
    assert "The friends at the table will be disconnected." in h.inner_text("#leave-dialog-text")
    h.click("#leave-dialog-yes")
    ben.wait_for_selector("#friends-title:text-is('Ann left the table')", timeout=20_000)
    assert "You left" not in ben.inner_text("#friends")


def test_a_host_who_typed_no_name_is_not_called_you_on_a_friends_page(table: Table) -> None:
    table.host_name = ""  # the host is "You" on the host's own page
    table.open_room("kocka", 4)
    ben = table.invite(2, "Ben")  # (its invite: "You are invited to play Kočka, seat 3.")
    ben.wait_for_selector("#join-status:text-is(\"Connected to the host's table.\")")  # (not "You's table")
    ben.click("#join-ready")
    ben.wait_for_selector("#join-status:text-is('Ready. The cards are dealt when the host deals.')")
    table.host.click("#room-back")  # the host leaves the room
    ben.wait_for_selector("#friends-title:text-is('The host left the table')", timeout=20_000)
    assert ben.inner_text("#join-status") == "The host closed the table."


def test_a_deal_that_cannot_start_tells_the_friends_rather_than_keep_them_waiting(table: Table) -> None:
    h = table.host
    table.open_room("katko", 4)
    ben = table.invite(1, "Ben")
    ben.click("#join-ready")
    # meanwhile a Katko match is open in another tab of the host's browser: it holds the game
    other = h.context.new_page()
    other.goto("/?fast&seed=7")
    other.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    other.check("input[name=game][value='katko']")
    other.click("#start")
    other.wait_for_selector("#table:not([hidden])")
    h.click("#room-deal:enabled")
    # no table comes: Ben is told the host left; the host's lobby says where the match is open
    ben.wait_for_selector("#friends-title:text-is('Ann left the table')", timeout=20_000)
    h.wait_for_selector(".offer[data-game='katko'] .offer-note:has-text('open in another tab')")
    assert h.is_hidden("#friends")
