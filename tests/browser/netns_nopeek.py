"""A no-peek friends table over real WebRTC (issue 50): a host and two friends, each in a
browser context of its own, and a computer player face up, play a deal of Kočka that every
page deals, plays and audits itself. Runs only inside a network namespace (test_in_netns.py).

Nothing to see (requirement 2): at each of a page's turns, its DOM (and every label), its
Python state (the seat's partial match) and every message it has received hold no card its
seat may not know at that moment: its own hand as dealt, the computer player's (face up),
the cards played, the cards passed to it or to the computer player. What it may know is
worked out after the audit, from the whole deal every page opened. The host's page is one of
them: it relays and sees no more than its seat. Cheats at the page level are named on every
page: a revoke written into a friend's outgoing move, a forged text, a friend who leaves.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import LOG_MESSAGES, PAGE_CARDS, PAGE_WORDS, TURN, Table, named_cards
from .play import take_turn

WORD = re.compile(r"[A-Za-z0-9]+")
SEATS = {0: "Ann", 1: "Ben", 2: "Cy"}  # seat 3: a computer player, face up
COMPUTER = 3

# Each of a page's turns: what it holds at that moment (taken by the test, judged after the audit).
SNAPSHOT = f"""async () => ({{
  decision: window.kortti.model().decision,
  dom: ({PAGE_CARDS})(),
  words: ({PAGE_WORDS})(),
  python: await window.kortti.noPeek().known(),
  got: (window.__got || []).length,
}})"""

AUDITED = "() => window.kortti.noPeek && window.kortti.noPeek() && window.kortti.noPeek().audits.length > 0"
STATE = "() => document.getElementById('nopeek-state')?.textContent || ''"
LOG = "() => window.kortti.noPeek().log"


class NoPeekTable(Table):
    console: list[str]

    def watch(self, page: Any) -> None:
        super().watch(page)
        if not hasattr(self, "console"):
            self.console = []
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}") if m.type in ("warning", "log", "info") else None)

    def seat_pages(self) -> dict[int, Any]:
        return {0: self.host, **self.friends}

    # Each table waited for as long as a friend's Python may take to boot on a loaded machine: no
    # share goes before its page has checked the host's deal with its own engine, so no table
    # opens, the host's neither, before the slowest friend's Python is up.
    TABLE_MS = 90_000

    def deal(self, table_ms: int | None = None, first: bool = True) -> None:
        super().deal(table_ms or self.TABLE_MS, first)

    def deal_no_peek(self) -> None:
        h = self.host
        h.check("#room-nopeek")
        self.deal_started = time.monotonic()
        try:
            self.deal()
        except Exception as e:
            said = {s: p.evaluate(SAID) for s, p in self.seat_pages().items()}
            raise AssertionError(f"the no-peek deal did not open every table: {said}; {self.console}") from e

    def play(self, check: Any = None, stop: Any = None, only: dict[int, Any] | None = None) -> int:
        """Every person plays the first usable card at its turn until every page shows the
        summary (or ``stop()`` says so); ``check(seat, page)`` before each turn; ``only``:
        the pages still at the table (else all). Returns the turns taken."""
        pages = only if only is not None else self.seat_pages()
        turns = 0
        stalled_since = time.monotonic()
        while time.monotonic() - stalled_since < STALL_S and turns < 300:
            if stop and stop():
                return turns
            kinds = {s: p.evaluate(TURN) for s, p in pages.items() if not p.is_closed()}
            if all(k == "summary" for k in kinds.values()):
                return turns
            acting = [(s, k) for s, k in kinds.items() if k in ("play", "select", "buttons")]
            if not acting:
                pages[0].wait_for_timeout(50)  # (a poll: the next move is on its way round the table)
                continue
            for seat, kind in acting:
                page = pages[seat]
                if check:
                    check(seat, page)
                try:
                    take_turn(page, kind)
                except Exception as e:
                    said = {s: (p.evaluate(SAID), p.evaluate(DRAWN)) for s, p in pages.items()}
                    raise AssertionError(f"seat {seat}'s {kind} failed: {said}; {self.console[-20:]}") from e
                turns += 1
                stalled_since = time.monotonic()
        said = {s: (p.evaluate(SAID), p.evaluate(DRAWN)) for s, p in pages.items() if not p.is_closed()}
        raise AssertionError(f"the deal did not end ({turns} turns; at most {STALL_S} s with none): {said}; {self.console[-20:]}")


# No person's turn for this long: the deal is stuck (a condition polled, not a sleep; generous
# for a loaded CI, where opening a leaver's escrow and the computer players' moves take a while).
STALL_S = 90

# What a page says while a deal is dealt, and what its no-peek table noted (a failure says where it stopped).
SAID = """() => ({status: document.getElementById('room-status')?.textContent || document.getElementById('join-status')?.textContent,
  state: document.getElementById('nopeek-state')?.textContent, log: window.kortti?.noPeek?.()?.log})"""


DRAWN = """() => ({model: window.kortti.model() && {next: window.kortti.model().next, mine: window.kortti.model().mine,
  select: Boolean(window.kortti.model().select), status: window.kortti.model().status}, busy: document.getElementById('table').dataset.busy,
  actions: document.getElementById('actions')?.innerHTML.slice(0, 300), error: document.getElementById('error')?.textContent})"""


def table_fixture(cls: type[NoPeekTable]) -> Any:
    """A netns no-peek file's ``table`` fixture: a ``cls`` at the test's page, no page error at the end."""
    @pytest.fixture
    def table(browser: Any, base_url: str, page: Any) -> Iterator[NoPeekTable]:
        page.add_init_script(LOG_MESSAGES)  # (the host's page taps what its friends send it)
        t = cls(browser, base_url, page)
        try:
            yield t
            assert t.errors == [], t.errors
        finally:
            t.close()
    return table


table = table_fixture(NoPeekTable)


def seat_may_know(deal: dict[str, Any], seat: int, decision: int) -> set[str]:
    """The cards ``seat`` may know once the first ``decision`` moves of the (audited) deal
    are made: its hand, the computer player's, the cards played or passed face up, the cards
    passed to it."""
    hands = deal["hands"]
    known = set(hands[seat]) | set(hands[COMPUTER])
    for action in deal["actions"][:decision]:
        mover, verb, *cards = action.split()
        if verb == "pass":
            if (int(mover) + 1) % 4 in (seat, COMPUTER) or int(mover) == COMPUTER:
                known |= set(cards)
        else:
            known |= set(cards)
    return known


def message_cards(text: str, deck: set[str]) -> set[str]:
    """The card codes a message names (a deal's start lists the whole deck in its order: no card's place)."""
    if not isinstance(text, str):
        return set()
    try:
        msg = json.loads(text)
    except ValueError:
        return set()
    if isinstance(msg, dict) and msg.get("kind") == "np-deal":
        msg["deal"].pop("cards", None)
    return set(WORD.findall(json.dumps(msg))) & deck


def test_a_no_peek_table_deals_plays_and_audits_with_nothing_to_see(table: NoPeekTable) -> None:
    table.open_room("kocka")
    table.host.evaluate("window.__got = []; window.korttiTap = (data) => window.__got.push(data)")
    table.invite(1, "Ben")
    table.invite(2, "Cy")
    table.deal_no_peek()
    pages = table.seat_pages()
    print(f"kocka no-peek: every table open {time.monotonic() - table.deal_started:.1f} s after the host dealt")
    for page in pages.values():  # the badge, and the computer player face up
        assert "No-peek" in page.inner_text("#table-meta")
        assert "Computer players play face up" in page.inner_text("#table-meta")
    snapshots: list[tuple[int, dict[str, Any]]] = []
    table.play(check=lambda seat, page: snapshots.append((seat, page.evaluate(SNAPSHOT))))
    for page in pages.values():
        page.wait_for_function(AUDITED, timeout=60_000)
    deals = {s: p.evaluate("window.kortti.noPeek().audits")[-1] for s, p in pages.items()}
    deal = deals[0]
    assert all(d == deal for d in deals.values()), "every page opened the same deal"
    for page in pages.values():
        assert page.evaluate(STATE) == "Checking the deal… all fair"
    deck = {c for hand in deal["hands"] for c in hand}
    assert len(deck) == 32
    # nothing to see: at every turn, on every page, the host's included
    assert {s for s, _ in snapshots} == set(SEATS)
    for seat, snap in snapshots:
        may = seat_may_know(deal, seat, snap["decision"])
        assert set(snap["dom"]) & deck <= may, (seat, snap["decision"], set(snap["dom"]) - may)
        assert set(snap["python"]) <= may, (seat, snap["decision"], set(snap["python"]) - may)
        unseen = deck - may
        assert not named_cards(snap["words"], "kocka", unseen), (seat, named_cards(snap["words"], "kocka", unseen))
        got = pages[seat].evaluate("(n) => window.__got.slice(0, n)", snap["got"])
        for text in got:
            assert message_cards(text, deck) <= may, (seat, message_cards(text, deck) - may)


def test_page_level_cheats_are_named_on_every_page(table: NoPeekTable) -> None:
    table.open_room("kocka")
    ben = table.invite(1, "Ben")
    table.invite(2, "Cy")
    table.deal_no_peek()
    pages = table.seat_pages()
    # a forged text: Ben's page sends one that says it is Cy's (seat 2): refused at once, named
    ben.evaluate("""() => window.__channel.send(JSON.stringify({v: 1, kind: "np", texts: [{to: "all",
      text: JSON.stringify({v: 1, deal: "x", seat: 2, seq: 99, kind: "hide", body: {slot: 0}, sig: {c: "00", s: "00"}})}]}))""")
    for seat, page in pages.items():
        page.wait_for_function(f"() => ({LOG})().some((e) => e.kind === 'refused' && e.seat === 1 && e.why === 'forged')")
        # (Ben's own page is told too, and says it as its own)
        told = "The table refused a message from this device." if seat == 1 else "A message from Ben was refused."
        assert told in page.evaluate(STATE) or page.evaluate(STATE) == ""

    # a revoke: Ben's page plays, in its outgoing move, a card that does not follow suit while
    # its hand holds one that does (the others cannot see that: the audit can), and later, in
    # place of that card, the one it kept back (its moves stay whole to the others)
    ben.evaluate("""() => { window.korttiNoPeekOutgoing = (send, mine) => {
      const played = /^(\\d+) play (\\S+)$/.exec(send.public);
      if (!played) return send;
      const swap = (window.__swap ||= {});
      const m = window.kortti.model();
      const led = m.trick.plays[0]?.cards[0]?.code;
      if (!swap[played[2]] && !window.__cheated && led) {
        const suit = (c) => c.slice(-1);
        const off = Object.keys(mine).find((c) => suit(c) !== suit(led) && c !== played[2]);
        if (suit(played[2]) !== suit(led) || !off) return send;
        window.__cheated = off;
        swap[played[2]] = off;
        swap[off] = played[2];
      }
      const card = swap[played[2]];
      return card ? { ...send, public: `${played[1]} play ${card}`, show: [card] } : send;
    }; }""")
    named = f"() => ({LOG})().some((e) => (e.kind === 'void' || e.kind === 'refused' && e.why !== 'forged') && e.seat === 1)"
    table.play(stop=lambda: all(p.evaluate(named) for p in pages.values()))
    assert ben.evaluate("window.__cheated || null"), ("Ben's page had a trick to revoke in",
                                                     {s: p.evaluate(LOG) for s, p in pages.items()})
    for seat, page in pages.items():
        page.wait_for_function(named, timeout=60_000)
        said = page.evaluate(STATE)
        assert "Ben" in said or seat == 1 and said.startswith("Your move was refused"), said


def test_a_friend_who_leaves_mid_deal_has_its_hand_opened_and_played_face_up(table: NoPeekTable) -> None:
    table.open_room("kocka")
    table.invite(1, "Ben")
    table.invite(2, "Cy")
    table.deal_no_peek()
    pages = table.seat_pages()
    cy = pages.pop(2)
    # Ben passes to Cy (Kočka's exchange, O-5), and once Cy's page has Ben's cards (its own 8,
    # the computer player's 8 and those 3) Cy closes the tab before its own pass: the others
    # open its hand together (Ben's cards stay Ben's until the exchange), and the host's page
    # plays it face up; the deal goes on
    pages[1].wait_for_function(f"() => ({TURN})() === 'select'")
    take_turn(pages[1], "select")
    cy.wait_for_function("async () => (await window.kortti.noPeek().known()).length === 19")
    cy.close()
    table.play(only=pages)
    for page in pages.values():
        assert page.evaluate(f"() => ({LOG})().some((e) => e.kind === 'opened' && e.seat === 2)")
        page.wait_for_function(AUDITED, timeout=60_000)
        assert page.evaluate(STATE) == "Checking the deal… all fair"
    # Ben's cards to Cy: opened at the exchange (not with Cy's hand) by the pages that did not know
    # them (Ann's), and not by Ben's
    for seat, page in pages.items():
        asked = page.evaluate(f"() => ({LOG})().some((e) => e.kind === 'passed-in' && e.seat === 2)")
        assert asked == (seat != 1), seat
