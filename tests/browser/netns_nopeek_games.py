"""Katte and Call Kitti at a no-peek friends table over real WebRTC (issue 50): the host and
two friends, each in a browser context of its own, and a computer player face up, as
netns_nopeek.py plays Kočka. One table of contexts plays three deals, a room each: a deal
of Katte to "all fair", a deal of Call Kitti to "all fair", then a deal of Katte in which a
friend's page hides a card that could have beaten. Runs only inside a network namespace
(test_in_netns.py).

Nothing to see (requirement 2), at each of a page's turns, as netns_nopeek.py checks it: its
DOM and labels, its Python state and every message it has received hold only the cards its
seat may know at that moment, worked out after the audit by the engine from the whole deal
every page opened (engine/partial.py's public forms and the cards the rules turn up with a
move): never another seat's face-down discard (Katte), nor another seat's arrangement before
the shows or its discard at all (Call Kitti).
"""

from __future__ import annotations

import time
from typing import Any

from engine.partial import public_action, revealed_with
from engine.record import load_record

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)
from .netns_friends import named_cards
from .netns_nopeek import AUDITED, LOG, SNAPSHOT, STATE, NoPeekTable, message_cards, table_fixture

COMPUTER = 3  # seat 3: a computer player, face up; 0 Ann (the host), 1 Ben, 2 Cy
FAIR = "Checking the deal… all fair"


table = table_fixture(NoPeekTable)


def seat_may_know(game: str, deal: dict[str, Any], seat: int, decision: int) -> set[str]:
    """The cards ``seat`` may know once the first ``decision`` moves of the audited deal are
    made: its hand, the computer player's, and what each move shows it (the move's public form
    for the seat, the hands the rules turn up with it), by the engine's own account."""
    start = {k: v for k, v in deal.items() if k != "actions"}
    match = load_record({"game": game, "players": 4, "deals": [{**start, "actions": []}]})
    known = set(deal["hands"][seat]) | set(deal["hands"][COMPUTER])
    words = set(match.DECK.code_of)
    for text in deal["actions"][:decision]:
        action = match.parse(text)
        known |= set(public_action(match, seat, action, {COMPUTER}).split()) & words
        known |= {c for codes in revealed_with(match, action).values() for c in codes}
        match.apply(action)
    return known


def new_room(table: NoPeekTable, game: str) -> dict[int, Any]:
    """A room of ``game``: Ann hosts, Ben and Cy join on the pages they have (the table's one
    set of contexts), and the no-peek deal is dealt; every seat's page."""
    friends = dict(table.friends)
    table.friends = {}
    table.open_room(game, 4)
    table.host.evaluate("window.__got = []; window.korttiTap = (data) => window.__got.push(data)")
    for seat, name in ((1, "Ben"), (2, "Cy")):
        page = table.invite(seat, name, friends.get(seat))
        page.evaluate("window.__got = []")  # (the messages of this room only)
    table.deal_no_peek()
    return table.seat_pages()


def play_to_fair(table: NoPeekTable, game: str) -> dict[str, Any]:
    """A room of ``game``, one no-peek deal played to "all fair" on every page, nothing to see
    at any turn; the audited deal."""
    pages = new_room(table, game)
    print(f"{game} no-peek: every table open {time.monotonic() - table.deal_started:.1f} s after the host dealt")
    snapshots: list[tuple[int, dict[str, Any]]] = []
    table.play(check=lambda seat, page: snapshots.append((seat, page.evaluate(SNAPSHOT))))
    for page in pages.values():
        page.wait_for_function(AUDITED, timeout=60_000)
    deals = {s: p.evaluate("window.kortti.noPeek().audits")[-1] for s, p in pages.items()}
    deal = deals[0]
    assert all(d == deal for d in deals.values()), "every page opened the same deal"
    for page in pages.values():
        assert page.evaluate(STATE) == FAIR, page.evaluate(LOG)
    deck = {c for hand in deal["hands"] for c in hand}
    assert {s for s, _ in snapshots} == {0, 1, 2}
    for seat, snap in snapshots:
        may = seat_may_know(game, deal, seat, snap["decision"])
        assert set(snap["dom"]) & deck <= may, (seat, snap["decision"], set(snap["dom"]) - may)
        assert set(snap["python"]) <= may, (seat, snap["decision"], set(snap["python"]) - may)
        unseen = deck - may
        assert not named_cards(snap["words"], game, unseen), (seat, named_cards(snap["words"], game, unseen))
        got = pages[seat].evaluate("(n) => window.__got.slice(0, n)", snap["got"])
        for text in got:
            assert message_cards(text, deck) <= may, (seat, message_cards(text, deck) - may)
    return deal


# A friend's page that cheats: at its first turn following in tricks 1–4 (four plays each) with a
# card that beats (the table offers to play it face up), whatever it plays goes out as a
# face-down discard of that card (its slot only): no other page can tell, K-8 forbids it.
BEATER = """() => { const m = window.kortti.model();
  if (m.decision >= 16 || !m.trick.plays.length) return null;
  return m.hand.find((c) => c.actions.some((a) => a.verb === "play"))?.code ?? null; }"""
HIDE_BEATER = """(beater) => { window.korttiNoPeekOutgoing = (send, mine) => {
  if (window.__cheated || !(beater in mine)) return send;
  window.__cheated = beater;
  return { public: `${send.public.split(" ")[0]} discard ?`, hide: [beater] };
}; }"""


def cheat_in_katte(table: NoPeekTable) -> tuple[int, str] | None:
    """A deal of Katte in which the first friend to follow with a card that beats hides it
    face down and then leaves (its hand opened from its escrow, played face up): the deal goes
    on to its audit on the pages left. The cheat (seat, card), or None if no friend had one."""
    pages = new_room(table, "katte")
    cheat: dict[str, Any] = {}

    def arm(seat: int, page: Any) -> None:
        if cheat or seat == 0:  # (the host's page relays: it stays)
            return
        card = page.evaluate(BEATER)
        if card:
            page.evaluate(HIDE_BEATER, card)
            cheat.update(seat=seat, card=card, decision=page.evaluate("window.kortti.model().decision"))

    table.play(check=arm, stop=lambda: bool(cheat))
    if not cheat:
        return None
    seat = cheat["seat"]
    left = {s: p for s, p in pages.items() if s != seat}
    for page in left.values():  # the hidden discard went round (taken: no page can tell) …
        page.wait_for_function("(n) => window.kortti.model().decision > n", arg=cheat["decision"], timeout=30_000)
    assert pages[seat].evaluate("window.__cheated") == cheat["card"]
    pages[seat].close()  # … and the cheat leaves before the audit
    table.play(only=left)
    return seat, cheat["card"]


def test_katte_and_call_kitti_play_to_all_fair_with_nothing_to_see_and_a_hidden_beater_is_named_by_the_audit(
        table: NoPeekTable) -> None:
    katte = play_to_fair(table, "katte")
    hidden = [a for a in katte["actions"] if a.split()[1] == "discard" and int(a.split()[0]) != COMPUTER]
    assert hidden, "a person discarded face down (and no other page saw the card until the audit)"

    kitti = play_to_fair(table, "call-kitti")
    arranged = [a for a in kitti["actions"] if a.split()[1] == "arrange"]
    assert len(arranged) == 4 and all(a.count("/") == 4 for a in arranged)  # every arrangement in full at the audit

    # the same contexts, a deal of Katte with a cheat: named by the audit on every page left
    for _ in range(3):  # (a deal in which no friend ever follows with a card that beats: dealt again)
        cheat = cheat_in_katte(table)
        if cheat:
            break
    assert cheat, "a friend followed with a card that beats in one of three deals"
    seat, card = cheat
    name = {1: "Ben", 2: "Cy"}[seat]
    voided = f"() => ({LOG})().some((e) => e.kind === 'void' && e.seat === {seat})"
    for page in table.seat_pages().values():
        if page.is_closed():
            continue
        page.wait_for_function(voided, timeout=60_000)
        said = page.evaluate(STATE)
        assert said.startswith(f"The deal is void: {name} broke a rule:") and "(K-8)" in said, said
        assert named_cards(said, "katte", {card}), said  # the card it hid, named
