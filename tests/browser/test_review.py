""""Review my play" on the page: a Kočka deal where the human once takes a hearts trick
with the ace while a lower heart would duck under it; after the deal, "Review my play"
lists the human's decisions and marks that one, in words, with the bot's choice, both
estimates and a reason, and a link to that step in the replay viewer."""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import make_bot

from .conftest import Watch
from .play import open_lobby, record, start_match, wait_turn

SEED = 28  # tests/test_review.py: hearts are led while the human holds AH and a lower heart
POOR = "AH"


def my_choice(page: Any) -> tuple[str, list[str]]:
    """What the human plays now: the medium bot's choice for seat 0 (worked out by the test
    from the page's own record), except the deliberately poor ace of hearts, once."""
    m = engine.load_record(record(page))
    v = m.view(0)
    action = make_bot("kocka", "medium", 1).decide(v).action
    trick = v["trick"]["plays"] if v["phase"] == "play" and v["trick"] else []
    if trick and trick[0]["card"].endswith("H") and f"0 play {POOR}" in v["legal"] and len(v["legal"]) > 1:
        action = f"0 play {POOR}"
    words = action.split()
    return words[1], words[2:]


def test_review_marks_a_deliberately_poor_play(page: Any, watch: Watch) -> None:
    open_lobby(page, f"fast&seed={SEED}")
    start_match(page, "kocka")
    poor_played = False
    for _ in range(60):
        kind = wait_turn(page)
        if kind == "summary":
            break
        verb, codes = my_choice(page)
        if verb == "pass":
            for code in codes:
                page.click(f"#hand .card[data-code='{code}']")
            page.click("#select-go")
        else:
            poor_played = poor_played or codes[0] == POOR
            page.click(f"#hand .card[data-code='{codes[0]}']")
    assert poor_played, "the seed no longer gives the position: choose another"
    page.click("#review-btn")
    page.wait_for_selector("#review-list", timeout=120_000)
    items = page.locator("#review-list li")
    assert items.count() >= 2
    bad = page.locator(f"#review-list li[data-action='0 play {POOR}']")
    assert bad.count() == 1
    assert "marked" in (bad.get_attribute("class") or "")
    text = bad.inner_text()
    assert "Could be better" in text  # in words, not colour only
    assert "The hard bot's choice: Play" in text and "table average" in text and "Why:" in text
    fine = page.locator("#review-list li:not(.marked)")
    assert fine.count() >= 1 and "Fine" in fine.first.inner_text()
    # the item opens the replay viewer at that decision
    step = int(bad.get_attribute("data-step") or "-1")
    bad.locator("a.review-step").click()
    page.wait_for_selector(f"#replay[data-state='ready'][data-step='{step}']", timeout=60_000)
    assert watch.foreign == []
