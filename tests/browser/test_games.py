"""Katte, Katko and Call Kitti in the browser: a whole deal clicked through as the human,
and the page's deal summary checked against the engine's replay of the hand record."""

from __future__ import annotations

from typing import Any

import pytest

from .play import open_lobby, play_deal, record, replay, shown_results, start_match, wait_turn


def num(n: int, sign: bool = False) -> str:
    """A number as the page writes it: a true minus sign (−), a plus where a change is shown."""
    return (f"{n:+d}" if sign else str(n)).replace("-", "\u2212")


def expected(game: str, summary: dict[str, Any], seat: int) -> list[str]:
    """The summary row the page must show for ``seat`` (after the name), from the replay."""
    result, match = summary["deals"][-1]["result"], summary["match"]
    if game == "katte":
        return [num(result["chips"][seat], sign=True), num(match["chips"][seat], sign=True)]
    if game == "katko":
        return [num(result["points"][seat]), num(match["scores"][seat])]
    # Call Kitti: this deal's account ("bid 1, won 2: +1"), then points, WATI and goals so far
    return [num(match["points"][seat]), num(match["wati"][seat]), num(match["goals"][seat])]


@pytest.mark.parametrize("game,players,seat", [("katte", 5, 1), ("katko", 6, 3), ("call-kitti", 4, 2)])
def test_full_deal_matches_replay(page: Any, watch: Any, game: str, players: int, seat: int) -> None:
    open_lobby(page, "fast&seed=5")
    start_match(page, game, players=players, seat=seat)
    play_deal(page)
    doc = record(page)
    assert doc["game"] == game and doc["players"] == players and doc["names"][seat] == "Tester"
    mine = [a for a in doc["deals"][-1]["actions"] if a.startswith(f"{seat} ")]
    assert mine, "the human acted in the deal"
    summary = replay(doc)
    shown = shown_results(page)
    assert sorted(shown) == list(range(players))
    for s, cells in shown.items():
        assert cells[0] == ("You" if s == seat else doc["names"][s])  # the table calls the human "You"
        want = expected(game, summary, s)
        assert cells[-len(want):] == want, (s, cells, want)


def test_katte_turn_timer_plays_for_you(page: Any, watch: Any) -> None:
    open_lobby(page, "fast&seed=2")
    start_match(page, "katte", players=3, seat=0, options={"turn_seconds": "1"})
    assert wait_turn(page) == "play"
    assert page.locator("#timer [role=timer]").count() == 1
    assert page.inner_text("#timer .timer-count") in ("1 s", "0 s")  # the seconds left, counting down
    # wait without acting: K-13, the engine plays for the seat whose time ran out
    page.wait_for_function("async () => (await window.kortti.record()).deals[0].actions.includes('0 timeout')",
                           timeout=10_000)
