"""Driving the page like a player: the lobby, then clicks on enabled cards only."""

from __future__ import annotations

from typing import Any

import engine

BOOT_TIMEOUT = 90_000  # ms: Pyodide boot is CPU-bound; a loaded 2-core machine is slow

# What the human may do now, read from the page (never from the engine):
# "summary", "select" (choose cards, then confirm), "play", "buttons", or false (wait).
TURN = """() => {
  const m = window.kortti && window.kortti.model();
  const table = document.getElementById('table');
  if (!m || table.dataset.busy) return false;
  if (!document.getElementById('summary').hidden) return "summary";
  if (!m.mine) return false;
  if (document.querySelector('#hand .card.usable')) return m.select ? "select" : "play";
  if (document.querySelector('#actions button.action:enabled')) return "buttons";
  return false;
}"""


def cut_short(page: Any, element_id: str) -> str | None:
    """The text of the element ``element_id`` if it is cut short (an ellipsis, or lines
    clamped away), else None: a title or a line beside the table's tools, say."""
    return page.evaluate("""(id) => { const e = document.getElementById(id);
      return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 ? e.textContent : null; }""",
                         element_id)


def open_lobby(page: Any, query: str = "fast&seed=7") -> None:
    page.goto(f"/?{query}")
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)


def stored_before(page: Any, key: str, value: str) -> None:
    """``localStorage[key] = value`` on the site's origin, as a reader's earlier visit left
    it, written from a page of the site that boots no Python (the rules index): the lobby
    opened next reads it at its boot, with no boot of the table spent on writing it."""
    page.goto("/rules/en/index.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def start_match(page: Any, game: str, players: int | None = None, seat: int = 0,
                name: str = "Tester", options: dict[str, str] | None = None) -> None:
    page.check(f"input[name=game][value='{game}']")
    if players is not None and page.is_enabled("#players"):
        page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))
    page.fill("#name", name)
    for key, value in (options or {}).items():
        page.fill(f"#opt-{key}", value)
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def menu_click(page: Any, item: str) -> None:
    """Click a tool of the table's menu (``#sheet-btn``, ``#table-settings``, ``#leave`` …),
    opening the menu first as a player would."""
    if not page.locator(item).is_visible():
        page.click("#menu-btn")
    page.click(item)


def wait_turn(page: Any, timeout: int = 30_000) -> str:
    return str(page.wait_for_function(TURN, timeout=timeout).json_value())


FREE_CARD = "#hand .card.usable[aria-pressed=false]"
GO_OR_FREE = f"""() => document.querySelector('#select-go:enabled') || document.querySelector('{FREE_CARD}')"""


def take_turn(page: Any, kind: str) -> None:
    """One human decision by clicking: the first enabled card(s), like a hurried player."""
    if kind == "select":  # choose cards in order until the confirm button is enabled
        for _ in range(40):
            if page.is_enabled("#select-go"):
                break
            free = page.locator(FREE_CARD)
            if not free.count():
                # all placed (the engine's verdict on them is on its way), or the turn is taken
                # back a moment (a computer player's simultaneous move first: a leaver's at a
                # no-peek table); the selection stays, so go on once either is over
                page.wait_for_function(GO_OR_FREE)
                continue
            free.first.click()
        page.click("#select-go")
    elif kind == "play":
        card = page.locator("#hand .card.usable").first
        card.click()
        if page.locator("#actions button.action").count():  # one card, several actions
            page.locator("#actions button.action").first.click()
    elif kind == "buttons":
        page.locator("#actions button.action").first.click()


def play_deal(page: Any, max_turns: int = 400) -> None:
    """Click through the current deal until the page shows its summary."""
    for _ in range(max_turns):
        kind = wait_turn(page)
        if kind == "summary":
            return
        take_turn(page, kind)
    raise AssertionError("the deal did not end")


def record(page: Any) -> dict[str, Any]:
    return page.evaluate("window.kortti.record()")


def shown_results(page: Any) -> dict[int, list[str]]:
    """The summary table: seat -> the cells of its row, as the page shows them."""
    rows = page.locator("#summary table.results tbody tr")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[int(row.get_attribute("data-seat"))] = [c.strip() for c in row.locator("th, td").all_inner_texts()]
    return out


def replay(doc: dict[str, Any]) -> dict[str, Any]:
    return engine.replay_record(doc)


def choose_language(page: Any, code: str, menu: str = "#lang") -> None:
    """``code`` chosen in a language menu, and the page switched to it: its words are
    fetched first when the page has not used that language yet (js/i18n.js)."""
    page.select_option(menu, code)
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)
