"""The table as players live it (issue 9): every trick or show taken is seen on the table
before the summary, "Next deal" answers its first click, a reload or Back/forward loses
nothing, a refused tap says why, a deal can be played with the keyboard alone, a card
held twice shows twice, and a bot's six-pairs declaration ends the deal cleanly.

Everything is read from the page (the DOM, ``window.kortti``); the engine only picks
seeds beforehand and replays the page's hand record afterwards."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.record import load_record

from .play import open_lobby, play_deal, record, replay, start_match, take_turn, wait_turn

# ------------------------------------------------------------------ helpers

# Every time the sentence under the felt (#trick-line) gets a new sentence: the text,
# the seats of the trick cards visible on the felt at that moment, and whether the
# deal's summary was still hidden. Watches the whole table (its skeleton is redrawn
# when a match opens), so it survives the table's redraws.
OBSERVE = """() => {
  const log = [];
  window.__trickLines = log;
  let last = '';
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 0 && r.height > 0;
  };
  const look = () => {
    const line = document.getElementById('trick-line');
    const text = line && !line.classList.contains('empty') && shown(line) ? line.textContent.trim() : '';
    if (text === last) return;
    last = text;
    if (!text) return;
    const summary = document.getElementById('summary');
    const figures = [...document.querySelectorAll('#trick .tcard:not(.collect)')].filter(shown);
    log.push({ text, seats: figures.map((f) => Number(f.dataset.seat)),
               summaryHidden: !summary || summary.hidden || !summary.checkVisibility() });
  };
  new MutationObserver(look).observe(document.getElementById('table'),
    { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'hidden'] });
}"""

# The table has nothing left to play out: not busy, the summary shown or the human's turn.
SETTLED = """() => {
  const m = window.kortti && window.kortti.model();
  const table = document.getElementById('table');
  if (!m || table.hidden || table.dataset.busy) return false;
  return !document.getElementById('summary').hidden || m.mine;
}"""

FOCUS = """() => { const a = document.activeElement;
  return !a || a === document.body ? 'body' : (a.id || a.dataset.key || a.tagName); }"""


def model(page: Any) -> dict[str, Any]:
    return page.evaluate("window.kortti.model()")


def hand_codes(page: Any) -> list[str]:
    return page.locator("#hand .card").evaluate_all("bs => bs.map((b) => b.dataset.code)")


def wait_table(page: Any) -> None:
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("Boolean(window.kortti && window.kortti.model())")


def play_until(page: Any, test: str, turns: int = 60) -> str:
    """Take turns (clicking like a hurried player) until, at the human's turn, ``test``
    (a JS expression) is true; returns the kind of turn it is then."""
    for _ in range(turns):
        kind = wait_turn(page)
        if kind != "summary" and page.evaluate(f"() => Boolean({test})"):
            return kind
        if kind == "summary":
            page.click("#summary-next")
            page.wait_for_selector("#summary", state="hidden")
            continue
        take_turn(page, kind)
    raise AssertionError(f"never reached a turn where {test}")


def decide(game: str, seed: int, seat: int, view: dict[str, Any]) -> str:
    """What the page's medium bot at ``seat`` does first (its seed as web/table/bots.py makes it)."""
    return make_bot(game, "medium", seed * 31 + seat, None).decide(view).action


# ------------------------------------------------------------------ 1. every trick is seen


@pytest.mark.parametrize("game,seed", [("katte", 3), ("katko", 5), ("call-kitti", 11), ("kocka", 4)])
def test_every_trick_taken_is_shown(page: Any, watch: Any, game: str, seed: int) -> None:
    open_lobby(page, f"fast&seed={seed}")
    start_match(page, game, players=4, seat=0)
    page.evaluate(OBSERVE)
    play_deal(page)
    lines = page.evaluate("window.__trickLines")
    doc = record(page)
    tricks = replay(doc)["deals"][-1]["tricks"]
    # the seats that played in each trick (show): Katte's seats still in, all four in a show
    played = [[p["seat"] for p in t["plays"]] for t in load_record(doc).view(0)["tricks"]]
    assert len(played) == len(tricks)
    names = [s["name"] for s in model(page)["seats"]]
    declared = any(a.endswith(" declare") for a in doc["deals"][-1]["actions"])
    if game == "call-kitti":
        assert not declared, f"seed {seed}: a six-pairs declaration ended the deal (pick another seed)"
        assert len(tricks) == 4 and all(sorted(p) == [0, 1, 2, 3] for p in played), "four shows of four seats"
    if game == "katte":
        # the deciding tricks (showdown, reveal) are among the sentences when the deal reached them
        assert len(tricks) >= 5, f"seed {seed}: the Katte deal should reach its showdown ({len(tricks)} tricks)"
    # one sentence per trick taken, in order; then at most one more: the deal's result
    taken, rest = lines[:len(tricks)], lines[len(tricks):]
    assert len(taken) == len(tricks), f"{len(tricks)} tricks, but the line said only: {[x['text'] for x in lines]}"
    assert len(rest) <= 1, f"more sentences than tricks (+ the result): {[x['text'] for x in lines]}"
    for i, (line, seats, trick) in enumerate(zip(taken, played, tricks)):
        assert line["summaryHidden"], f"trick {i + 1} was said with the summary over the felt: {line['text']!r}"
        assert sorted(line["seats"]) == sorted(seats), \
            f"trick {i + 1} ({line['text']!r}): cards on the felt from seats {line['seats']}, played by {seats}"
        if trick["winner"] is not None:
            assert names[trick["winner"]] in line["text"], f"trick {i + 1}: {line['text']!r} does not name its winner"
    for line in rest:
        assert line["summaryHidden"], f"the deal's result was said with the summary up: {line['text']!r}"
    assert page.locator("#summary").is_visible()


# ------------------------------------------------------------------ 2. "Next deal" at once


def test_next_deal_works_on_first_click(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=8")
    start_match(page, "katko", players=4, seat=0)
    play_deal(page)
    assert model(page)["deal"] == 1
    page.locator("#summary-next").click()  # once: no retry follows
    page.wait_for_function("window.kortti.model().deal === 2 && document.getElementById('summary').hidden",
                           timeout=10_000)
    assert page.locator("#summary").is_hidden()
    title = page.inner_text("#table-title")
    assert title == model(page)["title"] and "2" in title
    assert len(record(page)["deals"]) == 2


# ------------------------------------------------------------------ 3. a reload continues


def test_reload_mid_deal_continues(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=12")
    start_match(page, "katko", players=4, seat=0)
    for _ in range(2):  # two tricks into the deal
        take_turn(page, wait_turn(page))
    assert wait_turn(page) == "play"
    before = model(page)
    actions = record(page)["deals"][-1]["actions"]
    shown = hand_codes(page)
    assert shown == [c["code"] for c in before["hand"]]
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    wait_table(page)
    assert page.url.endswith("#/play/katko")
    assert wait_turn(page) == "play"
    after = model(page)
    assert [c["code"] for c in after["hand"]] == [c["code"] for c in before["hand"]]
    assert after["decision"] == before["decision"] and after["deal"] == before["deal"]
    assert after["mine"] and hand_codes(page) == shown
    assert record(page)["deals"][-1]["actions"] == actions


# ------------------------------------------------------------------ 4. Back and forward


def test_back_to_lobby_and_forward_to_table(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=9")
    start_match(page, "katko", players=4, seat=0)
    take_turn(page, wait_turn(page))
    assert wait_turn(page) == "play"
    before = model(page)
    shown = hand_codes(page)
    page.go_back()
    page.wait_for_selector("#lobby", state="visible")
    assert page.locator("#table").is_hidden()
    offer = page.locator("#lobby-offers .offer[data-game='katko'] .offer-continue")
    offer.wait_for(state="visible")
    page.go_forward()
    page.wait_for_selector("#table", state="visible")
    assert page.locator("#lobby").is_hidden()
    wait_table(page)
    assert wait_turn(page) == "play"
    after = model(page)
    assert [c["code"] for c in after["hand"]] == [c["code"] for c in before["hand"]]
    assert after["decision"] == before["decision"]
    assert hand_codes(page) == shown


# ------------------------------------------------------------------ 5. a refused tap says why


def test_refused_tap_shows_the_reason(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=6")
    start_match(page, "katko", players=4, seat=0)
    # a turn where the human must follow suit and holds a card of another suit
    play_until(page, "document.querySelector('#hand .card[aria-disabled=true]')")
    card = page.locator("#hand .card[aria-disabled=true]").first
    code = card.get_attribute("data-code")
    doc = record(page)
    m = load_record(doc)
    refusal = m.check(m.parse(f"0 play {code}"))
    assert refusal is not None, f"the page refuses {code}, the engine would accept it"
    card.click(force=True)  # a real tap on its centre: aria-disabled makes Playwright call it "not enabled"
    why = page.locator("#why")
    link = page.locator("#why a")
    link.wait_for(state="visible", timeout=10_000)
    text = why.inner_text().strip()
    assert text and "refusal." not in text and "{" not in text
    href = link.get_attribute("href") or ""
    assert "rules/en/katko.html#" in href, href
    assert refusal.rule in link.inner_text(), (refusal.rule, link.inner_text())
    # nothing was played: the card is still in the hand, the record unchanged
    assert record(page)["deals"][-1]["actions"] == doc["deals"][-1]["actions"]
    assert page.locator(f"#hand .card[data-code='{code}']").count() >= 1


# ------------------------------------------------------------------ 6. keyboard only


def test_keyboard_only_deal(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=10")
    start_match(page, "katko", players=4, seat=0)
    assert wait_turn(page) == "play"
    page.focus("#hand .card[tabindex='0']")
    for presses in range(300):
        page.wait_for_function(SETTLED, timeout=30_000)
        focus = page.evaluate(FOCUS)
        assert focus != "body", f"the focus fell back to the page body after {presses} key presses"
        if page.locator("#summary").is_visible():
            break
        assert page.evaluate("() => document.activeElement.matches('#hand .card')"), \
            f"at the human's turn the focus is on {focus}, not in the hand"
        usable = page.evaluate("() => document.activeElement.matches('#hand .card.usable')")
        page.keyboard.press("Enter" if usable else "ArrowRight")
    else:
        raise AssertionError("the deal did not end")
    assert page.evaluate("document.activeElement.id") == "summary-next"
    actions = record(page)["deals"][0]["actions"]
    assert any(a.startswith("0 play ") for a in actions)
    page.keyboard.press("Enter")
    page.wait_for_function("window.kortti.model().deal === 2 && document.getElementById('summary').hidden",
                           timeout=10_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    assert page.evaluate(FOCUS) != "body"


# ------------------------------------------------------------------ 8. a card held twice


def katko_two_decks_seed() -> tuple[int, list[str], str]:
    for seed in range(1000):
        hand = engine.new_match("katko", 4, {"decks": 2}, seed).view(0)["hand"]
        twice = sorted(c for c in set(hand) if hand.count(c) > 1)
        if twice:
            return seed, hand, twice[0]
    raise AssertionError("no seed deals seat 0 a card twice")


def test_katko_two_decks_card_held_twice(page: Any, watch: Any) -> None:
    seed, hand, twice = katko_two_decks_seed()
    decks = next(o for o in engine.game_class("katko").OPTIONS if o.key == "decks")
    open_lobby(page, f"fast&seed={seed}")
    page.check("input[name=game][value='katko']")
    page.select_option("#players", index=4 - engine.game_class("katko").MIN_PLAYERS)
    page.select_option("#seat", index=0)
    assert page.input_value("#players") == "4"
    # the lobby lists the engine's choices in order; by index, as Playwright matches a
    # value string against the labels too (and this menu's labels are "1", "2")
    page.select_option("#opt-decks", index=list(decks.choices).index(2))
    assert page.input_value("#opt-decks") == str(list(decks.choices).index(2))
    page.click("#start")
    wait_table(page)
    assert record(page)["options"]["decks"] == 2
    buttons = page.locator("#hand .card")
    assert buttons.count() == len(hand) == model(page)["seats"][0]["count"]
    assert sorted(hand_codes(page)) == sorted(hand)
    copies = page.locator(f"#hand .card[data-code='{twice}']")
    assert copies.count() == 2
    keys = copies.evaluate_all("bs => bs.map((b) => b.dataset.key)")
    assert len(set(keys)) == 2 and all(keys)


# ------------------------------------------------------------------ 9. a bot declares six pairs


def declaring_bot_seed() -> tuple[int, int]:
    """A seed whose first deal gives a bot seat (the first asked, so others would follow)
    six pairs that the page's medium bot declares."""
    for seed in range(5000):
        m = engine.new_match("call-kitti", 4, {}, seed)
        for seat in (1, 2):
            if m.may_declare(seat) and decide("call-kitti", seed, seat, m.view(seat)) == f"{seat} declare":
                return seed, seat
    raise AssertionError("no seed gives a declaring bot")


def test_call_kitti_bot_declares_six_pairs(page: Any, watch: Any) -> None:
    seed, seat = declaring_bot_seed()
    open_lobby(page, f"fast&seed={seed}")
    start_match(page, "call-kitti", seat=0)
    play_deal(page)
    actions = record(page)["deals"][0]["actions"]
    assert f"{seat} declare" in actions and actions[-1] == f"{seat} declare", actions
    assert page.evaluate("window.kortti.botErrors()") == []
    assert page.locator("#summary").is_visible()
    assert page.locator("#summary-next").is_enabled()
