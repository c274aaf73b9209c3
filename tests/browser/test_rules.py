"""The rules pages in the browser: static first, live examples, and "your turn"."""

from __future__ import annotations

from typing import Any

import pytest

from .play import BOOT_TIMEOUT

KT1 = "#ex-katko-kt-1"
TURN = "#ex-katko-kt-3-2"  # KT-3 stopped at Carla's decision in trick 1


def step_text(page: Any, figure: str) -> str:
    return str(page.inner_text(f"{figure} .ex-text")) + " | " + str(page.inner_text(f"{figure} .ex-why"))


def test_readable_without_javascript(browser: Any, base_url: str) -> None:
    """Static HTML first: the rules, the first positions and the whole play, no script."""
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    try:
        page.goto("/rules/fi/katko.html")
        assert page.locator("h1").inner_text() == "Katko"
        board = page.locator(f"{KT1} .ex-board")
        assert board.locator("img").count() == 20  # four hands of five
        assert "Ville jakaa" in board.inner_text()
        assert "Ville 1" in page.locator(f"{KT1} .ex-outcome").inner_text()
        assert page.locator(f"{KT1} .ex-log-table tbody tr").count() == 5
        assert page.locator(f"{KT1} .ex-bar").is_hidden()
    finally:
        context.close()


def test_step_through_an_example(page: Any, watch: Any) -> None:
    page.goto("/rules/en/katko.html")
    page.wait_for_selector("html[data-examples='live']")
    fig = page.locator(KT1)
    fig.scroll_into_view_if_needed()
    assert fig.locator(".ex-pos").inner_text() == "1 / 22"
    assert "Dan deals 5 cards each" in step_text(page, KT1)
    for _ in range(4):
        page.click(f"{KT1} .ex-next")
    text = step_text(page, KT1)
    assert "Dan follows suit" in text and "Ben wins the trick" in text and "highest spade" in text
    assert fig.locator(".ex-seat").nth(1).locator(".ex-card.win").count() == 1  # Ben's K♠ marked
    page.click(f"{KT1} .ex-prev")
    assert "Ben wins" not in step_text(page, KT1)
    page.click(f"{KT1} .ex-last")
    assert "Dan won the deal" in step_text(page, KT1)
    assert page.is_disabled(f"{KT1} .ex-next")
    page.click(f"{KT1} .ex-first")
    assert fig.locator(".ex-pos").inner_text() == "1 / 22"
    # play through, fast
    fig.evaluate("(f) => { f.dataset.speed = '40'; }")
    page.click(f"{KT1} .ex-playbtn")
    page.wait_for_function(f"document.querySelector('{KT1} .ex-pos').textContent === '22 / 22'", timeout=10_000)
    assert "Dan won the deal" in step_text(page, KT1)
    # keyboard
    fig.locator(".ex-first").focus()
    page.click(f"{KT1} .ex-first")
    page.keyboard.press("ArrowRight")
    assert fig.locator(".ex-pos").inner_text() == "2 / 22"


def test_your_turn_gets_the_engines_verdict_and_the_bot(page: Any, watch: Any) -> None:
    page.goto("/rules/en/katko.html")
    page.wait_for_selector("html[data-examples='live']")
    fig = page.locator(TURN)
    fig.scroll_into_view_if_needed()
    assert "You are Carla" in fig.locator(".ex-ask").inner_text()
    choices = fig.locator(".ex-choices .ex-cardbtn")
    assert choices.count() == 5
    choices.nth(0).click()  # 8♠: she could follow suit, but must-beat makes her trump
    page.wait_for_selector(f"{TURN} .ex-bot", timeout=BOOT_TIMEOUT)
    answer = fig.locator(".ex-answer").inner_text()
    assert "Not allowed" in answer and "must play a trump" in answer
    assert fig.locator(".ex-verdict a[href='#must-beat']").count() == 1  # the rule, on this page
    assert "would play 10♥" in answer and "only legal card" in answer
    assert "Carla chose to play 10♥" in answer
    page.click(f"{TURN} .ex-again")
    choices.nth(1).click()  # 10♥
    page.wait_for_selector(f"{TURN} .ex-bot")
    assert "Allowed" in fig.locator(".ex-verdict").inner_text()
    page.click(f"{TURN} .ex-continue")
    assert "Carla wins the trick" in step_text(page, TURN)
    assert page.evaluate("document.documentElement.dataset.python") == "ready"


@pytest.mark.parametrize("lang, game, turn, pick, expect", [
    ("cs", "kocka", "#ex-kocka-ko-1-3", "8H", "Povoleno"),  # Adam may dump any card on a bell lead
    ("fi", "katte", "#ex-katte-k-a-2", "discard AC", "Ei sallittu"),  # Eero may not hide his A♣
])
def test_your_turn_in_other_languages(page: Any, watch: Any, lang: str, game: str, turn: str, pick: str,
                                      expect: str) -> None:
    page.goto(f"/rules/{lang}/{game}.html")
    page.wait_for_selector("html[data-examples='live']")
    fig = page.locator(turn)
    fig.scroll_into_view_if_needed()
    verb, _, card = pick.rpartition(" ")
    if verb == "discard":
        fig.locator(".ex-how input[value=discard]").check()
    names = page.evaluate(f"JSON.parse(document.querySelector('{turn} .ex-data').textContent).question.hand")
    fig.locator(".ex-choices .ex-cardbtn").nth(names.index(card)).click()
    page.wait_for_selector(f"{turn} .ex-bot", timeout=BOOT_TIMEOUT)
    assert expect in fig.locator(".ex-verdict").inner_text()


def test_copy_embed_code(page: Any, watch: Any, base_url: str) -> None:
    page.goto("/rules/en/kocka.html")
    page.wait_for_selector("html[data-examples='live']")
    page.click("#ex-kocka-ko-1-2 .ex-copy")
    code = page.locator("#ex-kocka-ko-1-2 .ex-embed textarea").input_value()
    assert code.startswith(f'<iframe src="{base_url}/embed/example.html#lang=en&amp;r=z')
    assert 'loading="lazy"' in code and code.endswith("</iframe>")


def test_every_page_comes_alive(page: Any, watch: Any) -> None:
    for lang in ("en", "fi", "cs"):
        for game in ("katte", "katko", "call-kitti", "kocka"):
            page.goto(f"/rules/{lang}/{game}.html")
            page.wait_for_selector("html[data-examples='live']")
            assert page.locator("figure.ex:not([data-live])").count() == 0
            # step every example once forward and back: no script error on any game
            for fig in page.locator("figure.ex").all():
                if fig.locator(".ex-next").is_enabled():
                    fig.locator(".ex-next").click()
                    fig.locator(".ex-prev").click()
