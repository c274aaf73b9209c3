"""A no-peek match over real WebRTC (issue 50): not one deal but the match. A host and a
friend, each in a browser context of its own, and two computer players face up, at a Kočka
table with a turn timer: the friend's first turn runs out and its own page makes the move (the
rules' way, its computer player's choice, sent with its shares like any move); the deal is
audited all fair on both pages and counts once in each page's statistics; the friend says
"ready", the host deals again, and the second deal is audited fair and counted too. Then the
friend's page is reloaded mid-deal: it says plainly that a no-peek match cannot be resumed and
offers the lobby, and the host's page sees it leave (two people deal: the leaver's key has no
one else to open it, so that deal is void, said on the table, and not counted).
Runs only inside a network namespace (test_in_netns.py).
"""

from __future__ import annotations

from typing import Any

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import TURN
from .netns_nopeek import DRAWN, LOG, SAID, STATE, NoPeekTable, table_fixture

TIMER_S = 8  # the host's choice of turn timer (a test's own value: the room offers 20 s and up)
AUDITS = "() => window.kortti.noPeek && window.kortti.noPeek() ? window.kortti.noPeek().audits.length : 0"
# this page's statistics: its rows of finished deals, as the statistics page reads them
DEAL_ROWS = """async () => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("kortti"); r.onsuccess = () => ok(r.result); r.onerror = no; });
  const rows = await new Promise((ok) => { const r = db.transaction("results").objectStore("results").getAll(); r.onsuccess = () => ok(r.result); });
  db.close();
  return rows.filter((r) => r.kind === "deal").map((r) => r.deal).sort();
}"""


def dealt(table: NoPeekTable, page: Any) -> None:
    """The next deal's table is on ``page`` (else what every page said, and their console)."""
    try:
        page.wait_for_function("() => window.kortti.model().next !== 'over'", timeout=60_000)
    except Exception as e:
        said = {s: (p.evaluate(SAID), p.evaluate(DRAWN)) for s, p in table.seat_pages().items()}
        raise AssertionError(f"the next deal did not come: {said}; {table.console[-30:]}") from e


def deal_rows(page: Any, count: int) -> list[int]:
    """The page's statistics rows of deals, once there are ``count`` (or the ones there are
    20 s: the store is written just after the verdict)."""
    for _ in range(200):
        rows = list(page.evaluate(DEAL_ROWS))
        if len(rows) >= count:
            return rows
        page.wait_for_timeout(100)  # (a poll: IndexedDB is read, not watched)
    return rows


class MatchTable(NoPeekTable):
    def deal(self, table_ms: int | None = None, first: bool = False) -> None:
        super().deal(table_ms, first)  # (a later deal: a friend may be ready already)


table = table_fixture(MatchTable)


def test_a_no_peek_match_times_out_deals_again_counts_fair_deals_and_cannot_be_reloaded(table: NoPeekTable) -> None:
    table.open_room("kocka")
    ben = table.invite(1, "Ben")  # seats 2 and 3: computer players, face up
    host = table.host
    host.evaluate(f"() => {{ const s = document.getElementById('room-timer'); s.add(new Option('{TIMER_S} s', '{TIMER_S}')); s.value = '{TIMER_S}'; }}")
    table.deal_no_peek()
    pages = table.seat_pages()
    for page in pages.values():  # (a failure says which replies carried a deal's outcome)
        page.evaluate("window.kortti.watch((r) => { if (r.outcome) (window.__outcomes ||= []).push(r.outcome.deal); })")

    # Ben lets his first turn (the pass) run out: his own page passes three cards for him
    ben.wait_for_function(f"() => ({TURN})() === 'select'", timeout=60_000)
    assert ben.evaluate("window.kortti.model().timer.seconds") == TIMER_S
    ben.wait_for_function("() => !window.kortti.model().mine", timeout=(TIMER_S + 20) * 1000)
    # (the move came to the host's relay from Ben's page, as any move: in public form, its
    # cards named, as they go to a computer player's hand, face up)
    host.wait_for_function("""() => (window.__got || []).some((d) => /"kind":"np".*"move":"1 pass \\w+ \\w+ \\w+"/.test(d))""")

    for deal in (1, 2):
        table.play()
        for page in pages.values():
            page.wait_for_function(f"() => ({AUDITS})() === {deal}", timeout=60_000)
            assert page.evaluate(STATE) == "Checking the deal… all fair"
            # counted once it was audited fair, once per deal, on each player's page
            rows = deal_rows(page, deal)
            assert rows == list(range(deal)), (rows, page.evaluate("window.__outcomes || []"), page.evaluate(SAID))
        if deal == 2:
            break
        # the next deal: Ben says ready, the host deals (as at any friends table)
        assert ben.inner_text("#summary-next") == "Ready for the next deal"
        ben.click("#summary-next")
        ben.wait_for_function("() => window.kortti.model().summary.next.id === 'wait'")
        host.click("#summary-next")
        for page in pages.values():
            dealt(table, page)
    deals = [p.evaluate("window.kortti.noPeek().audits") for p in pages.values()]
    # two deals, the same on both pages (else each page's moves, in the order it recorded them)
    assert deals[0] == deals[1] and deals[0][0]["hands"] != deals[0][1]["hands"], [[d["actions"] for d in p] for p in deals]

    # a third deal; Ben's page is reloaded in it: it cannot resume, says so, offers the lobby
    ben.click("#summary-next")
    host.click("#summary-next")
    dealt(table, ben)
    ben.reload()
    ben.wait_for_selector("#nopeek-reload-back")
    assert ben.inner_text("#friends-title") == "This no-peek match cannot go on here"
    assert "cannot be resumed" in ben.inner_text("#join-status")
    # the host's page sees Ben leave: with two people dealing, no one else holds a piece of
    # Ben's key, so his hand cannot be opened: the deal is void (not counted), and said so
    try:
        host.wait_for_function(f"() => ({LOG})().some((e) => e.kind === 'void' && e.seat === 1 && e.why === 'left')",
                               timeout=60_000)
    except Exception as e:
        raise AssertionError(f"the host did not see Ben leave: {host.evaluate(SAID)}; {table.console[-30:]}") from e
    void = "The deal is void: Ben left before the check and their key could not be opened, so the deal cannot be checked."
    assert host.evaluate(STATE) == void
    host.wait_for_function(f"() => document.getElementById('table-notice').textContent.includes({void!r})")
    assert deal_rows(host, 3) == [0, 1]
    ben.click("#nopeek-reload-back")
    ben.wait_for_selector("#lobby:not([hidden])")
