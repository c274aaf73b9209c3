""""How would the hard bot have done in my seat?" on the deal's summary, in the browser."""

from __future__ import annotations

from typing import Any

from .play import open_lobby, play_deal, record, shown_results, start_match


def test_the_hard_bot_plays_my_kocka_deal_again(page: Any, watch: Any) -> None:
    open_lobby(page)
    start_match(page, "kocka", seat=0)
    play_deal(page)
    before = record(page)
    penalty = shown_results(page)[0][1]  # the human's penalty points, as the summary shows them

    page.click("#duplicate-btn")
    # while the worker plays the deal again: said, and the button waits
    page.wait_for_selector("#duplicate-box[data-state=running]")
    assert "Playing the deal again" in page.inner_text("#duplicate-box")
    assert page.is_disabled("#duplicate-btn")
    page.wait_for_selector("#duplicate-box[data-state=done]", timeout=180_000)
    box = page.locator("#duplicate-box")
    you = box.locator(".duplicate-you")
    assert you.get_attribute("data-figure") == penalty
    assert penalty in you.inner_text()
    runs = box.locator(".duplicate-runs").get_attribute("data-runs").split()
    assert len(runs) == 3 and all(r.isdigit() for r in runs)
    assert "3 runs" in box.inner_text()
    assert "Penalty points" in box.inner_text()
    assert page.is_enabled("#duplicate-btn")
    # the table's match did not change: the same summary, the same record
    assert record(page) == before
    assert shown_results(page)[0][1] == penalty
    assert page.is_visible("#summary-next")
