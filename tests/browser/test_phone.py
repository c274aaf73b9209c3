"""A phone (360 px wide) with many seats: every card and seat on screen, none overlapping."""

from __future__ import annotations

from typing import Any

import pytest
from gen.languages import languages

from .play import choose_language, open_lobby, start_match, take_turn, wait_turn

BOXES = """() => [...document.querySelectorAll(
  '#hand .card, #trick .tcard, #seats .seat, #me .seat, #actions button, #center img,'
  + ' #lobby:not([hidden]) .game, #lobby:not([hidden]) .field, #lobby:not([hidden]) #start')]
  .map((e) => { const r = e.getBoundingClientRect();
    return {what: e.className + ' ' + (e.dataset.code || e.dataset.seat || e.textContent), id: e.id,
            left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


def check_layout(page: Any, width: int) -> None:
    boxes = page.evaluate(BOXES)
    assert boxes
    off = [b["what"] for b in boxes if b["left"] < 0 or b["right"] > width]
    assert off == [], f"off-screen: {off}"
    # the lobby's Start floats over the form at the screen's foot (sticky, issue 15): it is
    # on top where it lies, and the rest of the form scrolls out from under it
    start = [b for b in boxes if b["id"] == "start"]
    for b in start:
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id",
                            [(b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2])
        assert hit == "start", f"Start is covered by {hit!r}"
    boxes = [b for b in boxes if b not in start]
    # (the hand's cards may overlap each other, fanned: issue 15; each keeps a 44 px strip
    # to tap, held by test_one_screen.py)
    fanned = lambda a, b: a["what"].startswith("card ") and b["what"].startswith("card ")
    clashes = [(a["what"], b["what"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if overlap(a, b) and not fanned(a, b)]
    assert clashes == [], f"overlapping: {clashes[:5]}"
    wide = page.evaluate(f"""[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > {width} + 0.5)
      .map((e) => e.tagName + '#' + e.id + '.' + e.className)""")
    assert wide == [], f"wider than the screen: {wide[:5]}"  # no sideways scrolling


@pytest.mark.parametrize("game,players", [("katko", 20), ("katte", 6), ("call-kitti", 4), ("kocka", 4)])
def test_phone_layout(phone_context: Any, game: str, players: int) -> None:
    page = phone_context.new_page()  # 360×740, twice as dense, touch (conftest.PHONE)
    page.emulate_media(reduced_motion="reduce")
    open_lobby(page)
    check_layout(page, 360)
    start_match(page, game, players=players, seat=players // 2)
    # a phone player's return visit: Python restored from the memory snapshot the first
    # visit cached (the phone's profile is a copy of that visit's: conftest.warm_phone)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    check_layout(page, 360)
    for _ in range(3):  # into the deal: cards in the middle, fewer in hand
        kind = wait_turn(page)
        if kind == "summary":
            break
        take_turn(page, kind)
        check_layout(page, 360)
    check_layout(page, 360)


def test_the_lobby_fits_a_phone_in_every_language(phone_context: Any) -> None:
    """Each game's table options in each language at 360 px: a long choice (Finnish
    "Avoin: pelaa niin kauan kuin haluat") once widened its select, and with it the whole
    form, past the screen's edge."""
    page = phone_context.new_page()
    open_lobby(page)
    for lang in languages():
        choose_language(page, lang)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        for game in ("katte", "katko", "call-kitti", "kocka"):
            page.check(f"input[name=game][value='{game}']")
            check_layout(page, 360)


# every layout shift of the page, from its first paint (the Layout Instability API)
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push({ value: e.value,
  moved: e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?') }); })
  .observe({ type: 'layout-shift', buffered: true });"""


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_lobby_does_not_jump_as_it_loads(phone_context: Any, lang: str) -> None:
    """Nothing seen moves while the lobby loads, in any language: the language menu once
    widened when its options came, moving the rules link, and the loading bar and the links
    under the form were pushed down when the form was drawn (Lighthouse's CLS 0.089)."""
    phone_context.add_init_script(f"localStorage.setItem('kortti-lang', '{lang}');" + SHIFTS)
    page = phone_context.new_page()
    open_lobby(page)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    shifts = page.evaluate("window.__shifts")
    assert sum(s["value"] for s in shifts) < 0.01, shifts


# The hand's cards drawn raised (a transform) that are neither chosen nor hinted.
RAISED = """() => [...document.querySelectorAll('#hand .card')]
  .filter((c) => c.checkVisibility() && c.getAttribute('aria-pressed') !== 'true' && !c.classList.contains('hinted'))
  .filter((c) => getComputedStyle(c).transform !== 'none').map((c) => c.dataset.code)"""


def test_a_tap_leaves_no_card_raised(phone_context: Any) -> None:
    """A touch screen keeps :hover where the finger was: the card that slid under it after
    a tap (Call Kitti's arrangement: the tapped card goes to its set) was drawn raised, as
    if chosen. Raising a card under the pointer is for screens that hover."""
    page = phone_context.new_page()
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("matchMedia('(hover: none)').matches")  # (the phone as the test's device says)
    open_lobby(page)
    start_match(page, "call-kitti", players=4, seat=0)
    assert wait_turn(page) == "select"
    page.locator("#actions .zone").nth(0).locator(".zone-head").tap()
    for _ in range(3):
        card = page.locator("#hand .card.usable").first
        key = card.get_attribute("data-key")
        card.tap()
        page.wait_for_selector(f"#hand .card.placed[data-key='{key}']", state="attached")
        assert page.evaluate(RAISED) == [], f"raised after a tap on {key}"
