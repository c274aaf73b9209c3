"""Keyboard only: start a Kočka match, pass three cards, and play a trick, with no mouse."""

from __future__ import annotations

from typing import Any

from .play import open_lobby, record, wait_turn

FOCUS = "() => { const a = document.activeElement; return a ? (a.id || a.dataset.code || a.tagName) : null; }"


def tab_to(page: Any, test: str, limit: int = 80) -> None:
    """Press Tab until the focused element passes ``test`` (a JS expression on ``a``)."""
    for _ in range(limit):
        if page.evaluate(f"(() => {{ const a = document.activeElement; return Boolean(a && ({test})); }})()"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {test}; focus is on {page.evaluate(FOCUS)}")


def test_keyboard_pass_and_trick(page: Any, watch: Any) -> None:
    open_lobby(page)
    tab_to(page, "a.name === 'game'")
    for _ in range(4):  # arrows move through a radio group
        if page.is_checked("input[value=kocka]"):
            break
        page.keyboard.press("ArrowDown")
    assert page.is_checked("input[value=kocka]")
    tab_to(page, "a.id === 'start'")
    page.keyboard.press("Enter")
    assert wait_turn(page) == "select"
    # the hand is one tab stop; arrows move between its cards, Space chooses one
    tab_to(page, "a.classList.contains('card')")
    for _ in range(3):
        for _ in range(10):
            if page.evaluate("document.activeElement.getAttribute('aria-pressed') === 'false'"):
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
    assert page.locator("#hand .card[aria-pressed=true]").count() == 3
    tab_to(page, "a.id === 'select-go'")
    page.keyboard.press("Enter")
    assert wait_turn(page) == "play"
    before = len(record(page)["deals"][0]["actions"])
    # it is our turn: the focus is back on a playable card, Enter plays it
    focused = page.evaluate("document.activeElement.dataset.code")
    for _ in range(10):  # an unplayable card says why; arrows find a playable one
        if focused and page.evaluate("document.activeElement.classList.contains('usable')"):
            break
        page.keyboard.press("ArrowRight")
        focused = page.evaluate("document.activeElement.dataset.code")
    page.keyboard.press("Enter")
    actions = record(page)["deals"][0]["actions"]
    assert actions[before] == f"0 play {focused}"
    page.wait_for_selector(f"#trick .tcard[data-seat='0'][data-code='{focused}'], #last-trick .tcard[data-code='{focused}']",
                           state="attached")
