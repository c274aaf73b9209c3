"""The table on one screen (issue 15): at a phone's sizes (portrait and landscape) and on a
laptop, every game's table fits the screen without scrolling, at the human's turns and at
the deal's summary: the seats, the felt's words, the prompt, the whole hand (44 px to tap
each card), every enabled control. No card covers a word on the felt. The summary's every
action can be reached and clicked; the lobby's Start is on the first screen.

Everything is read from the page as a player sees it (boxes, the element under a point)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .play import cut_short, open_lobby, start_match, stored_before, take_turn, wait_turn

PHONES = [(360, 740), (390, 844), (740, 360)]  # portrait, a taller one, landscape
LAPTOP = (1280, 800)
SIZES = [*PHONES, LAPTOP]
GAMES = [("katte", 4), ("katko", 5), ("call-kitti", 4), ("kocka", 4)]

# What lies outside the viewport, or is covered where a tap would land, among what the
# player needs at this moment: the hand's cards, the prompt, the seats, the felt's words,
# every enabled button of the table (the toolbar, the actions, Call Kitti's board).
OFF_SCREEN = """() => {
  const W = innerWidth, H = innerHeight;
  const out = [];
  const shown = (e) => e.checkVisibility() && e.getBoundingClientRect().width > 0;
  const name = (e) => (e.id || e.className || e.tagName) + ' ' + (e.dataset.code || e.textContent.trim().slice(0, 30));
  const needed = [...document.querySelectorAll(
      '#hand .card, #status, #felt-info, #seats .seat, #table button:enabled, #table .zone-head')]
    .filter(shown).filter((e) => !e.closest('#summary, .menu, #last-trick'));
  for (const e of needed) {
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      out.push('off screen: ' + name(e) + ` [${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.right)},${Math.round(r.bottom)}]`);
      continue;
    }
    if (e.matches('button, .card')) {
      // a tap on its middle reaches it (nothing lies over it there)
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === e || e.contains(hit))) out.push('covered: ' + name(e) + ' by ' + (hit ? name(hit) : 'nothing'));
    }
  }
  return out;
}"""

# The page is not scrolled and cannot be: it is exactly the screen.
SCROLL = """() => [scrollX, scrollY, document.documentElement.scrollWidth - innerWidth,
  document.documentElement.scrollHeight - innerHeight]"""

# Every card's strip left to tap, across (to the next card in its row) and down (to the
# row below): the least of them, in px.
TAP = """() => {
  // (where each card lies in the layout: a chosen or hinted card is lifted a little)
  const cards = [...document.querySelectorAll('#hand .card')].filter((e) => e.checkVisibility());
  let least = Infinity;
  cards.forEach((c, i) => {
    least = Math.min(least, c.offsetWidth, c.offsetHeight);
    const next = cards[i + 1];
    if (next && Math.abs(next.offsetTop - c.offsetTop) < 1) least = Math.min(least, next.offsetLeft - c.offsetLeft);
    else if (next && next.offsetTop > c.offsetTop) least = Math.min(least, next.offsetTop - c.offsetTop);
  });
  return cards.length ? least : null;
}"""

# Text on the felt (the seats' badges, the felt's words) that a card's box crosses.
TEXT_UNDER_CARDS = """() => {
  const cards = [...document.querySelectorAll('#trick .tcard:not(.collect) img, #center img, #hand .card')]
    .filter((e) => e.checkVisibility()).map((e) => [e, e.getBoundingClientRect()]);
  const out = [];
  for (const root of [document.getElementById('felt'), document.getElementById('felt-info')]) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim() || n.parentElement.closest('#summary, .visually-hidden, figcaption, .tcard')) continue;
      const box = n.parentElement.getBoundingClientRect();
      if (!n.parentElement.checkVisibility() || box.width <= 1 || box.height <= 1) continue; // (clipped away: for readers)
      const range = document.createRange();
      range.selectNodeContents(n);
      const clip = getComputedStyle(n.parentElement).overflow !== 'visible';
      for (const r of range.getClientRects()) {
        // (text cut off with an ellipsis is drawn only inside its box)
        const t = clip ? { left: Math.max(r.left, box.left), right: Math.min(r.right, box.right),
                           top: Math.max(r.top, box.top), bottom: Math.min(r.bottom, box.bottom) } : r;
        for (const [card, c] of cards) {
          const x = Math.min(t.right, c.right) - Math.max(t.left, c.left);
          const y = Math.min(t.bottom, c.bottom) - Math.max(t.top, c.top);
          if (x > 1 && y > 1) out.push(`"${n.textContent.trim()}" under ${card.dataset.code || card.alt || card.className}`);
        }
      }
    }
  }
  return out;
}"""


def check_screen(page: Any, where: str) -> None:
    page.wait_for_function("!document.querySelector('#trick .tcard:not(.collect)') || "
                           "[...document.querySelectorAll('#trick .tcard')].every((f) => !f.getAnimations().length)")
    assert page.evaluate(SCROLL) == [0, 0, 0, 0], f"{where}: the page scrolls ({page.evaluate(SCROLL)})"
    problems = page.evaluate(OFF_SCREEN)
    assert problems == [], f"{where}: {problems[:6]}"
    assert page.evaluate(TEXT_UNDER_CARDS) == [], f"{where}: {page.evaluate(TEXT_UNDER_CARDS)[:4]}"
    assert cut_short(page, "table-title") is None, f"{where}: the title {cut_short(page, 'table-title')!r} is cut short"
    least = page.evaluate(TAP)
    assert least is None or least >= 44 - 0.5, f"{where}: a card of the hand leaves {least:.1f} px to tap"


def settle(page: Any) -> None:
    """The page has drawn itself at the viewport's size (the table is laid out again on resize)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def phone(phone_context: Any) -> Any:
    """A page of the test's phone (conftest.PHONE: 360×740, touch), motion reduced."""
    page = phone_context.new_page()
    page.emulate_media(reduced_motion="reduce")
    return page


def first_turns(page: Any, game: str, players: int, sizes: list[tuple[int, int]], *, seat: int = 0,
                turns: int = 4, query: str = "fast&seed=7") -> None:
    """A match's first turns (a full hand, then cards on the felt), each looked at in every
    size in ``sizes`` in turn, as a phone turned between portrait and landscape."""
    open_lobby(page, query)
    start_match(page, game, players=players, seat=seat)
    for turn in range(turns):
        kind = wait_turn(page)
        if kind == "summary":
            break
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            check_screen(page, f"{game} ({players}) at {width}×{height}, turn {turn + 1}")
        take_turn(page, kind)


@pytest.mark.parametrize("game,players", GAMES)
def test_every_table_fits_the_screen_of_a_phone(phone_context: Any, game: str, players: int) -> None:
    first_turns(phone(phone_context), game, players, PHONES)


@pytest.mark.parametrize("game,players", GAMES)
def test_every_table_fits_the_screen_of_a_laptop(page: Any, game: str, players: int) -> None:
    page.emulate_media(reduced_motion="reduce")
    first_turns(page, game, players, [LAPTOP])


def test_twenty_seats_fit_a_phone_in_both_orientations(phone_context: Any) -> None:
    first_turns(phone(phone_context), "katko", 20, [(360, 740), (740, 360)], seat=10, turns=2, query="fast")


SUMMARY_BUTTONS = "#summary button:enabled, #summary a[href]"


@pytest.mark.parametrize("game,players", GAMES)
def test_the_summary_offers_everything_on_a_phone(phone_context: Any, game: str, players: int) -> None:
    page = phone(phone_context)
    stored_before(page, "kortti-settings", '{"pace": "instant"}')
    open_lobby(page, "fast&seed=7")
    start_match(page, game, players=players, seat=0)
    for _ in range(200):
        kind = wait_turn(page, timeout=60_000)
        if kind == "summary":
            break
        take_turn(page, kind)
    sheet = page.locator("#summary")
    box = sheet.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 740 + 0.5 and box["x"] >= 0 and box["x"] + box["width"] <= 360.5
    # it scrolls within itself where it must, and says so (a shadow at the cut edge)
    if page.evaluate("(() => { const s = document.getElementById('summary'); return s.scrollHeight > s.clientHeight + 1; })()"):
        assert page.evaluate("getComputedStyle(document.getElementById('summary')).overflowY") in ("auto", "scroll")
        assert page.get_attribute("#summary", "data-more") == "below"
    ids = page.locator(SUMMARY_BUTTONS).evaluate_all("es => es.map((e) => e.id)")
    assert {"summary-next", "duplicate-btn", "review-btn", "summary-share", "summary-replay"} <= set(ids), ids
    for i in range(len(ids)):
        control = page.locator(SUMMARY_BUTTONS).nth(i)
        control.scroll_into_view_if_needed()
        r = control.bounding_box()
        assert r and r["y"] >= 0 and r["y"] + r["height"] <= 740 + 0.5, f"{ids[i]} cannot be brought on screen"
        hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e && (e.closest('button, a') || e).id; }",
                            [r["x"] + r["width"] / 2, r["y"] + r["height"] / 2])
        assert hit == ids[i], f"{ids[i]}: a tap lands on {hit!r}"
    assert page.evaluate(SCROLL)[:2] == [0, 0]
    assert cut_short(page, "table-title") is None, \
        f"the title {cut_short(page, 'table-title')!r} is cut short beside the tools"
    # Review's result scrolls into view when it arrives
    page.click("#review-btn")
    page.wait_for_selector("#review-box[data-state=done], #review-box[data-state=error]", timeout=120_000)
    page.wait_for_function("""(() => { const b = document.getElementById('review-box').getBoundingClientRect();
      const s = document.getElementById('summary').getBoundingClientRect();
      return b.top < s.bottom && b.bottom > s.top; })()""")


@pytest.mark.parametrize("width,height", SIZES)
def test_the_lobby_start_is_on_the_first_screen(browser: Any, base_url: str, width: int, height: int) -> None:
    phone = width < 800
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone)
    page = context.new_page()
    try:
        page.goto("/?fast&seed=7")  # (the lobby answers before Python is up: no need to wait for it)
        page.wait_for_selector("#lobby-form #start")
        assert page.evaluate("scrollY") == 0
        for game, _ in GAMES:  # (choosing a game may scroll the page to it: Start stays in sight)
            page.check(f"input[name=game][value='{game}']")
            r = page.locator("#start").bounding_box()
            assert r and r["y"] >= 0 and r["y"] + r["height"] <= height, f"{game}: Start at {r} on a {width}×{height} screen"
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id", [r["x"] + r["width"] / 2, r["y"] + r["height"] / 2])
            assert hit == "start", f"{game}: Start is covered by {hit!r}"
    finally:
        context.close()


def test_katte_no_trick_warning_fits_a_phone(phone_context: Any) -> None:
    """From trick 3 Katte's prompt also warns a player with no trick yet (K-9); the longer
    prompt still leaves the whole table on one 360 px screen. Hands are played until a
    deal brings the warning."""
    page = phone(phone_context)
    open_lobby(page)
    start_match(page, "katte", players=4)
    for _ in range(120):
        kind = wait_turn(page)
        if kind == "summary":
            page.click("#summary-next")
            page.wait_for_function("document.getElementById('summary').hidden")
            continue
        if "You have no trick yet" in page.inner_text("#status"):
            break
        take_turn(page, kind)
    else:
        raise AssertionError("no deal brought the warning")
    assert re.search(r"win this (one|trick)", page.inner_text("#status"))
    check_screen(page, "Katte's prompt with the no-trick warning at 360×740")
