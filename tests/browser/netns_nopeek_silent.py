"""A friend whose page goes silent at a no-peek table (issue 50, "Leavers"), over real WebRTC:
the page stays connected (it still answers the host's pings) but sends the table nothing more,
as a page whose deal worker a phone has killed, or whose scripts hang. Runs only inside a
network namespace (test_in_netns.py).

The table waits on that seat for its limit (shortened here by the host's test knob, as other
tests shorten their waits), then the host hands it on as a leaver's: the others open its
escrow, its cards are played face up by a computer player, every page left says who stopped
answering and reaches "all fair"; the silent page, once it hears, says its seat was handed on.
"""

from __future__ import annotations

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import TURN
from .netns_nopeek import AUDITED, LOG, STATE, NoPeekTable, table_fixture

# the host's page's limit for a silent page, in ms (nopeek-watch.js's knob: 90 s and more by default)
SILENT_MS = 20_000
HANDED_ON = "Cy's page stopped answering: a computer player plays their cards face up."
TOLD = ("Your page stopped answering the table, so a computer player plays your cards face up. "
        "Ask the host for a new invite (or open the table code again) to come back from the next deal.")


table = table_fixture(NoPeekTable)


def test_a_friend_whose_page_goes_silent_is_handed_on_and_the_others_play_on_to_all_fair(table: NoPeekTable) -> None:
    table.open_room("kocka")
    table.invite(1, "Ben")
    cy = table.invite(2, "Cy")
    table.deal_no_peek()
    pages = table.seat_pages()
    # everyone passes (Kočka's exchange), then Cy's page goes silent at its first card: its
    # deal's worker is gone, so nothing it owes the table ever goes; the page itself stays
    # connected and answers pings
    table.play(stop=lambda: cy.evaluate(TURN) == "play")
    cy.evaluate("() => window.kortti.noPeek().close()")
    table.host.evaluate(f"window.korttiNoPeekSilentMs = {SILENT_MS}")
    del pages[2]
    for page in pages.values():
        page.wait_for_function(f"() => ({STATE})() === {HANDED_ON!r}", timeout=SILENT_MS + 60_000)
        assert page.evaluate(f"() => ({LOG})().some((e) => e.kind === 'opened' && e.seat === 2)")
    # Cy's page is told its seat was handed on
    told = "() => document.getElementById('join-status')?.textContent || ''"
    try:
        cy.wait_for_function(f"() => ({told})() === {TOLD!r}")
    except Exception as e:
        raise AssertionError(f"Cy's page says: {cy.evaluate(told)!r}") from e
    assert cy.inner_text("#friends-title") == "You are no longer at the table"
    table.play(only=pages)
    for page in pages.values():
        page.wait_for_function(AUDITED, timeout=60_000)
        assert page.evaluate(STATE) == "Checking the deal… all fair"
