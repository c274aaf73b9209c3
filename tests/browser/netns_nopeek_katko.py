"""A no-peek friends table of Katko over real WebRTC (issue 50): a host and two friends, each
in a browser context of its own, and a computer player face up, play one deal of Katko with
two packs (every card twice: 104 slots, two of them one card) and a turned trump, which every
page deals, plays and audits itself. Runs only inside a network namespace (test_in_netns.py);
netns_nopeek.py's table and checks, on Katko's deck.

Nothing to see: at each of a page's turns its DOM (and every label), its Python state and
every message it got hold no card its seat may not know at that moment: its hand, the
computer player's, the turned card (face up to all from the deal), the cards played.
"""

from __future__ import annotations

import json
import time
from typing import Any

from engine import GAMES

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import PAGE_CARDS, PAGE_WORDS, named_cards
from .netns_nopeek import AUDITED, STATE, NoPeekTable, message_cards, table_fixture
from .play import BOOT_TIMEOUT

SEATS = {0: "Ann", 1: "Ben", 2: "Cy"}  # seat 3: a computer player, face up
COMPUTER = 3
DECK = set(GAMES["katko"].DECK.code_of)

# Each of a page's turns: what it holds at that moment (netns_nopeek.py's).
SNAPSHOT = f"""async () => ({{
  decision: window.kortti.model().decision,
  dom: ({PAGE_CARDS})(),
  words: ({PAGE_WORDS})(),
  python: await window.kortti.noPeek().known(),
  got: (window.__got || []).length,
}})"""


class KatkoTable(NoPeekTable):
    def open_katko(self) -> None:
        """The room of a Katko table of four with two packs and a turned trump (the lobby's options)."""
        h = self.host
        self.game = "katko"
        h.goto(f"/{self.QUERY}")
        h.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        h.check("input[name=game][value='katko']")
        h.select_option("#players", "4")
        h.select_option("#opt-decks", label="2")  # (two packs: by its label, as a value "1" would match the label "1")
        h.check("#opt-trump")
        h.fill("#name", self.host_name)
        h.click("#friends-start")
        h.wait_for_selector("#invite-seats")

    # a friend's page boots its Python for the first no-peek deal, and two packs are 104 slots to
    # shuffle and deal: each table waited for as long as a page's boot
    TABLE_MS = BOOT_TIMEOUT


table = table_fixture(KatkoTable)


def seat_may_know(deal: dict[str, Any], seat: int, decision: int) -> set[str]:
    """The cards ``seat`` may know once the first ``decision`` moves of the (audited) deal are
    made: its hand, the computer player's, the turned card, the cards played."""
    known = set(deal["hands"][seat]) | set(deal["hands"][COMPUTER]) | {deal["turned"]}
    for action in deal["actions"][:decision]:
        known |= set(action.split()[2:])
    return known


def test_a_katko_deal_with_two_packs_and_a_turned_trump_plays_and_audits_with_nothing_to_see(table: KatkoTable) -> None:
    table.open_katko()
    table.host.evaluate("window.__got = []; window.korttiTap = (data) => window.__got.push(data)")
    table.invite(1, "Ben")
    table.invite(2, "Cy")
    table.deal_no_peek()
    pages = table.seat_pages()
    print(f"katko no-peek, two packs: every table open {time.monotonic() - table.deal_started:.1f} s after the host dealt")
    for page in pages.values():
        assert "No-peek" in page.inner_text("#table-meta")
    snapshots: list[tuple[int, dict[str, Any]]] = []
    table.play(check=lambda seat, page: snapshots.append((seat, page.evaluate(SNAPSHOT))))
    for page in pages.values():
        page.wait_for_function(AUDITED, timeout=60_000)
    deals = {s: p.evaluate("window.kortti.noPeek().audits")[-1] for s, p in pages.items()}
    deal = deals[0]
    assert all(d == deal for d in deals.values()), "every page opened the same deal"
    for page in pages.values():
        assert page.evaluate(STATE) == "Checking the deal… all fair"
    assert deal["turned"] in DECK and all(len(hand) == 5 for hand in deal["hands"])
    # dealt from two packs: every friend's page got the deal's 104 slots, every card twice
    for seat in (1, 2):
        started = [json.loads(text) for text in pages[seat].evaluate("window.__got") if '"np-deal"' in text]
        cards = started[0]["deal"]["cards"]
        assert len(cards) == 104 and set(cards) == DECK, len(cards)
    # the turned card: face up on every page from its first turn
    assert {s for s, _ in snapshots} == set(SEATS)
    for seat in SEATS:
        first = next(snap for s, snap in snapshots if s == seat)
        assert deal["turned"] in first["dom"], (seat, first["dom"])
    # nothing to see: at every turn, on every page, the host's included
    for seat, snap in snapshots:
        may = seat_may_know(deal, seat, snap["decision"])
        assert set(snap["dom"]) & DECK <= may, (seat, snap["decision"], set(snap["dom"]) - may)
        assert set(snap["python"]) <= may, (seat, snap["decision"], set(snap["python"]) - may)
        unseen = DECK - may
        assert not named_cards(snap["words"], "katko", unseen), (seat, named_cards(snap["words"], "katko", unseen))
        got = pages[seat].evaluate("(n) => window.__got.slice(0, n)", snap["got"])
        for text in got:
            assert message_cards(text, DECK) <= may, (seat, message_cards(text, DECK) - may)
