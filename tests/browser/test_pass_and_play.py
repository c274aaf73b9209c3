"""Pass-and-play (issue 16, requirement 1): two people at one device play a Kočka deal
with two bots. Between their turns the table hides behind a screen that names the next
person, with no card of the last person's hand left on the page; each person's table
shows that person's hand only."""

from __future__ import annotations

from typing import Any

from .play import TURN, open_lobby, record, take_turn

# What the page waits on: the screen between two people, else what the person may do
WAIT = f"() => document.getElementById('pass-screen')?.hidden === false ? 'pass' : ({TURN})()"
COVERED = """() => {
  // the screen covers the whole table: what lies under the middle and the corners is it
  const screen = document.getElementById('pass-screen');
  const points = [[innerWidth / 2, innerHeight / 2], [2, 2], [innerWidth - 2, innerHeight - 2]];
  return points.every(([x, y]) => screen.contains(document.elementFromPoint(x, y)));
}"""


# What the page holds outside the hand-over screen (the table's markup, its labels, what the
# live region says) of ``cards`` ([code, label] pairs), but for face-up cards on the felt
# (a trick, the last trick: everybody saw them played); and any mark of a card as someone's own.
UNDER_SCREEN = """(cards) => {
  const table = document.getElementById('table').cloneNode(true);
  table.querySelector('#pass-screen').remove();
  const open = new Set([...table.querySelectorAll('#trick figure, #last-trick figure')].map((f) => f.dataset.code));
  for (const f of table.querySelectorAll('#trick figure, #last-trick figure')) f.remove();
  const markup = table.outerHTML + document.getElementById('live').outerHTML;
  return { cards: cards.filter(([code, label]) => !open.has(code)
             && (markup.includes(`/${code}.svg`) || markup.includes(`"${code}"`) || markup.includes(label))),
           own: document.querySelectorAll('#table [data-mine], #table .tcard-mine').length,
           hand: document.querySelectorAll('#hand > *').length, shown: document.getElementById('shown').textContent };
}"""
# The cards a person may know and others may not: the hand, and the cards passed and received.
KNOWN = """() => { const m = window.kortti.model();
  return [...m.hand, ...(m.center.groups || []).flatMap((g) => g.cards)].map((c) => [c.code, c.label || c.name]); }"""


def test_two_people_play_a_kocka_deal_behind_a_screen(page: Any, watch: Any) -> None:
    open_lobby(page)
    page.check("input[name=game][value='kocka']")
    page.select_option("#seat", "0")
    page.fill("#name", "Ann")
    page.select_option("#level-2", "person")  # seat 3: a person at this device
    page.fill("input[name=person-name][data-seat='2']", "Ben")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    seat_of = {"Ann": 0, "Ben": 2}
    shown = "Ann"  # the person who started the match holds the device first
    screens, turns = 0, {0: 0, 2: 0}
    known: dict[str, list[list[str]]] = {"Ann": [], "Ben": []}  # each person's own cards, as last seen
    for _ in range(200):
        kind = str(page.wait_for_function(WAIT, timeout=30_000).json_value())
        if kind == "pass":
            screens += 1
            assert page.locator("#hand .card").count() == 0, "a hand stays on the page behind the screen"
            assert page.evaluate(COVERED), "the screen does not cover the table"
            # nothing of the last person's cards (hand, passed, received) left in the page
            under = page.evaluate(UNDER_SCREEN, known[shown])
            assert under == {"cards": [], "own": 0, "hand": 0, "shown": ""}, (shown, under)
            title = page.inner_text("#pass-title")
            nxt = "Ben" if "Ben" in title else "Ann"
            assert nxt in title and nxt != shown, (title, shown)
            shown = nxt
            assert page.evaluate("document.activeElement.id") == "pass-go"
            page.click("#pass-go")
            continue
        if kind == "summary":
            break
        seat = seat_of[shown]
        model = page.evaluate("window.kortti.model()")
        assert model["seat"] == seat and model["passing"]
        dealt = record(page)["deals"][0]["hands"]
        hand = set(page.eval_on_selector_all("#hand .card", "bs => bs.map((b) => b.dataset.code)"))
        # Ann receives from seat 4 (a bot), Ben from seat 2 (a bot): never from each other
        assert not hand & set(dealt[2 - seat]), (shown, hand & set(dealt[2 - seat]))
        names = page.eval_on_selector_all("#seats .seat", "ss => ss.map((s) => s.textContent)")
        assert any("Ann" in n for n in names) and any("Ben" in n for n in names), names
        turns[seat] += 1
        known[shown] = page.evaluate(KNOWN)
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    assert turns[0] >= 2 and turns[2] >= 2, turns
    assert screens >= 2, screens
    doc = record(page)
    assert doc["names"][0] == "Ann" and doc["names"][2] == "Ben"
    # the summary's tools look from the seat of the person who holds the device, by name;
    # each person may have them look from their own seat instead
    page.wait_for_selector("#summary:not([hidden]) #review-btn")
    assert shown in page.inner_text("#review-btn") and shown in page.inner_text("#summary-replay")
    people = page.locator("#summary .summary-people button")
    assert people.all_inner_texts() == ["Ann", "Ben"]
    other = "Ben" if shown == "Ann" else "Ann"
    people.filter(has_text=other).click()
    assert people.filter(has_text=other).get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.seat") == str(seat_of[other])  # the focus stays
    for tool in ("#review-btn", "#duplicate-btn", "#summary-replay"):
        assert other in page.inner_text(tool), (tool, page.inner_text(tool))
    page.click("#summary-replay")  # the replay from the other person's seat: that person's cards
    page.wait_for_function("location.hash.startsWith('#/share/')")
    assert page.evaluate("location.hash").startswith(f"#/share/{seat_of[other]}."), page.evaluate("location.hash")
    page.go_back()
    page.wait_for_selector("#summary:not([hidden]) #review-btn")
    # the continue card gives each person's figures, by name
    page.evaluate("location.hash = '#/'")
    offer = page.locator("#lobby-offers .offer[data-game='kocka']")
    offer.wait_for()
    line = offer.inner_text()
    assert "Ann: " in line and "Ben: " in line and "You" not in line, line
    # the history lists both people by name, as people (a bot's level only after a bot)
    page.evaluate("location.hash = '#/history'")
    listed = page.locator(".history-item[data-game='kocka'] .history-players").inner_text()
    assert listed.startswith("Ann, Bot 1 (") and ", Ben, Bot 2 (" in listed, listed
    # its replay names every person as the table did (nobody is "You")
    page.click(".history-item[data-game='kocka'] .history-replay")
    page.wait_for_selector("#replay[data-state='ready']")
    assert page.inner_text("#replay-seat") == "Seen from Ann's seat."
    seats = " ".join(page.eval_on_selector_all("#seats .seat", "ss => ss.map((s) => s.textContent)"))
    assert "Ann" in seats and "Ben" in seats and "You" not in seats, seats
    # the statistics keep each person's figures under their name, apart from solo play
    page.wait_for_function("window.kortti.model().next === 'over'")
    page.evaluate("location.hash = '#/stats'")
    page.wait_for_selector(".stats-table[data-game='kocka']")
    groups = page.eval_on_selector_all(".stats-table[data-game='kocka'] tbody th", "hs => hs.map((h) => h.textContent)")
    assert any(g.startswith("Ann, pass-and-play") for g in groups), groups
    assert any(g.startswith("Ben, pass-and-play") for g in groups), groups
    assert all("pass-and-play" in g for g in groups), groups  # no solo figures from this match


# Each face-down card on the felt (not one of a taken trick on its way out): its seat, and whether it is marked as the viewer's own.
DOWN = """() => [...document.querySelectorAll('#trick figure:not(.collect)')].filter((f) => f.querySelector('img.down'))
  .map((f) => ({ seat: Number(f.dataset.seat), own: f.dataset.mine === 'mine' || Boolean(f.querySelector('.tcard-mine'))
                 || /your card/.test(f.textContent + (f.querySelector('img')?.alt || '')) }))"""


def test_katte_face_down_cards_are_marked_for_their_owner_only(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=11")
    page.check("input[name=game][value='katte']")
    page.select_option("#seat", "0")
    page.fill("#name", "Ann")
    page.select_option("#level-2", "person")
    page.fill("input[name=person-name][data-seat='2']", "Ben")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    others = 0  # face-down cards of the other person seen after a hand-over
    for _ in range(300):
        kind = str(page.wait_for_function(WAIT, timeout=30_000).json_value())
        if kind == "pass":
            page.click("#pass-go")
            continue
        if kind == "summary":
            break
        seat = page.evaluate("window.kortti.model().seat")
        for down in page.evaluate(DOWN):
            # "yours" on one's own face-down card, never on another's
            assert down["own"] == (down["seat"] == seat), (seat, down)
            others += down["seat"] in (0, 2) and down["seat"] != seat
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    assert others >= 1, "no face-down card of the other person was seen: the check did not run"
