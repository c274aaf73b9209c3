"""Seats around the table (issue 9, requirement 3): at 360×740 with 6 Katte seats, 20
Katko seats (mid-trick) and Call Kitti's arrangement board, and at 1280×800 for Kočka,
every seat badge and every card on the felt lies inside the felt, none covers another,
the human's cards are tap targets at least 44 CSS px wide on screen, and the cards placed
in the arrangement's zones do not cover each other."""

from __future__ import annotations

from typing import Any

import pytest

from .play import open_lobby, start_match, take_turn, wait_turn

# Nothing moving on the felt: not busy, no trick on its way to a winner, no transition
# or animation running on a seat or a card.
STILL = """() => {
  const table = document.getElementById('table');
  const felt = document.getElementById('felt');
  if (!felt || table.dataset.busy) return false;
  if (document.querySelector('#trick .tcard.collect')) return false;
  return document.getAnimations().every((a) => a.playState !== 'running'
    || !(a.effect && a.effect.target && (felt.contains(a.effect.target) || a.effect.target.closest?.('#hand, #actions'))));
}"""

BOXES = """() => {
  const box = (e, what) => { const r = e.getBoundingClientRect();
    return { what, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; };
  const shown = (e) => e.checkVisibility();
  return {
    viewport: window.innerWidth,
    felt: box(document.getElementById('felt'), 'felt'),
    felted: [...document.querySelectorAll('#seats .seat')].filter(shown).map((e) => box(e, 'seat ' + e.dataset.seat))
      .concat([...document.querySelectorAll('#trick .tcard:not(.collect)')].filter(shown)
        .map((e) => box(e, 'card of seat ' + e.dataset.seat))),
    hand: [...document.querySelectorAll('#hand .card')].filter(shown).map((e) => box(e, 'hand ' + e.dataset.key)),
    zones: [...document.querySelectorAll('.zone-card')].filter(shown).map((e) => box(e, 'zone card ' + e.dataset.code)),
  };
}"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5


def clashes(boxes: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The pairs that overlap, each with the overlap's size (px)."""
    def size(a: dict[str, Any], b: dict[str, Any]) -> str:
        w = min(a["right"], b["right"]) - max(a["left"], b["left"])
        h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
        return f"{w:.1f}x{h:.1f}px"
    return [(a["what"], b["what"], size(a, b)) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b)]


def check_layout(page: Any, shot: str) -> dict[str, Any]:
    page.wait_for_function(STILL, timeout=15_000)
    b = page.evaluate(BOXES)
    try:
        felt = b["felt"]
        assert any(x["what"].startswith("seat") for x in b["felted"])
        outside = [x["what"] for x in b["felted"] if x["left"] < felt["left"] - 0.5 or x["right"] > felt["right"] + 0.5
                   or x["top"] < felt["top"] - 0.5 or x["bottom"] > felt["bottom"] + 0.5]
        assert outside == [], f"outside the felt {felt}: {outside}"
        both = clashes(b["felted"])
        assert both == [], f"covering each other on the felt: {both[:8]}"
        narrow = [(x["what"], round(x["width"], 1)) for x in b["hand"] if x["width"] < 44]
        assert narrow == [], f"hand cards narrower than 44 px: {narrow}"
        off = [x["what"] for x in b["hand"] if x["left"] < -0.5 or x["right"] > b["viewport"] + 0.5]
        assert off == [], f"hand cards off screen (width {b['viewport']}): {off}"
        zoned = clashes(b["zones"])
        assert zoned == [], f"zone cards covering each other: {zoned[:8]}"
    except AssertionError:
        page.screenshot(path=f"/tmp/kortti-layout-{shot}.png", full_page=True)
        raise
    return b


def start(page: Any, size: tuple[int, int], game: str, players: int, seed: int) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_lobby(page, f"fast&seed={seed}")
    start_match(page, game, players=players, seat=0)


def until_cards_on_felt(page: Any, turns: int = 40) -> None:
    """Play on until, at the human's turn, some cards lie on the felt (mid-trick)."""
    for _ in range(turns):
        kind = wait_turn(page)
        assert kind != "summary", "the deal ended before a trick was in play at the human's turn"
        if kind == "play" and page.locator("#trick .tcard:not(.collect)").count():
            return
        take_turn(page, kind)
    raise AssertionError("no trick in play at the human's turn")


@pytest.mark.parametrize("game,players,size,seed", [
    ("katte", 6, (360, 740), 2),
    ("katko", 20, (360, 740), 3),
    ("kocka", 4, (1280, 800), 4),
])
def test_seats_and_trick_do_not_overlap(page: Any, watch: Any, game: str, players: int,
                                        size: tuple[int, int], seed: int) -> None:
    start(page, size, game, players, seed)
    assert wait_turn(page) in ("play", "select")
    check_layout(page, f"{game}-{players}-start")
    until_cards_on_felt(page)
    b = check_layout(page, f"{game}-{players}-trick")
    assert len([x for x in b["felted"] if x["what"].startswith("seat")]) == players
    assert any(x["what"].startswith("card") for x in b["felted"])
    assert b["hand"], "the human's cards are on screen"


def test_call_kitti_arrangement_fits_a_phone(page: Any, watch: Any) -> None:
    start(page, (360, 740), "call-kitti", 4, 5)
    assert wait_turn(page) == "select"
    b = check_layout(page, "call-kitti-hand")
    assert len(b["hand"]) == 13
    zones = page.locator("#actions .zone")
    # some cards placed by taps, set by set
    zones.nth(0).locator(".zone-head").click()
    for _ in range(6):
        page.locator("#hand .card.usable").first.click()
    b = check_layout(page, "call-kitti-some")
    assert len(b["zones"]) == 6
    page.click("#suggest")  # every zone filled, once the worker has answered
    page.wait_for_function("document.querySelectorAll('#actions .zone .zone-card').length === 13")
    b = check_layout(page, "call-kitti-full")
    assert len(b["zones"]) == 13
