"""The table's numbered matches, the deal of the day and undo (web/table/controller.py),
driven through the controller as the page drives it: the cards must be the ones
``python -m engine deal`` prints for the number, and undo must go back exactly to
the human's previous turn."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from gen.languages import languages
from table.controller import Table

from engine.shuffle import daily_number

MESSAGES = pagedata.build(ROOT)["messages"]


def table() -> Table:
    return Table(MESSAGES, "en")


def config(game: str, **more: Any) -> dict[str, Any]:
    base = {"game": game, "players": 4, "seat": 0, "options": {}, "levels": {"1": "easy", "2": "easy", "3": "easy"}}
    return {**base, **more}


def cli_deal(game: str, number: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "engine", "deal", game, str(number)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def run_bots(t: Table) -> dict[str, Any]:
    """Let the computer players act until it is the human's turn (or the deal ends)."""
    reply: dict[str, Any] = {}
    while t.match is not None and not t.match.deal_over and 0 not in t.match.to_act():
        reply = run_async(t.bot_turn())
    return reply


@pytest.mark.parametrize("game", ["katte", "katko", "call-kitti", "kocka"])
def test_a_numbered_table_deals_what_engine_deal_prints(game: str) -> None:
    t = table()
    reply = t.start(config(game, number=424242))
    assert "error" not in reply
    printed = cli_deal(game, 424242)
    dealt = t.record()["deals"][0]  # type: ignore[index]
    assert dealt["hands"] == printed["hands"]
    assert reply["model"]["number"] == 424242
    # the seat's own hand on the table is its hand in the printed deal
    assert sorted(c["code"] for c in reply["model"]["hand"]) == sorted(printed["hands"][0])


def test_a_numbered_match_resumed_deals_its_next_deal_from_the_number() -> None:
    t = table()
    t.start(config("kocka", number=77))
    while not t.match.deal_over:  # type: ignore[union-attr]
        if 0 in t.match.to_act():  # type: ignore[union-attr]
            t.act(str(t.match.random_action(random.Random(2), 0)))  # type: ignore[union-attr]
        else:
            run_bots(t)
    saved = t.record()
    again = table()
    assert "error" not in again.resume(config("kocka", number=77), saved)
    again.next_deal()
    first = table()
    first.start(config("kocka", number=77))
    # deal 2 of the same number, whoever deals it, comes from the number, not from chance
    assert again.match.numbered_cards(1, again.match.records[1].start)[0] == \
        [list(h) for h in again.match.records[1].hands]  # type: ignore[union-attr]


def test_a_bad_number_is_refused_in_words() -> None:
    for bad in (0, -5, 2**53, "12"):
        reply = table().start(config("kocka", number=bad))
        assert "deal number" in reply["error"]


def test_the_deal_of_the_day_is_fixed_by_the_date_whatever_the_lobby_sent() -> None:
    a = table().start(config("katko", daily="2026-12-01", players=6, options={"trump": True},
                             levels={"1": "hard"}))
    b = table().start(config("katko", daily="2026-12-01"))
    assert a["model"]["number"] == b["model"]["number"] == daily_number("katko", "2026-12-01")
    assert a["model"]["players"] == 4 and a["model"]["daily"] == "2026-12-01"
    assert a["model"]["seats"][1]["bot"] and len(a["model"]["seats"]) == 4
    assert a["model"]["can_undo"] is False
    other_day = table().start(config("katko", daily="2026-12-02"))
    assert other_day["model"]["number"] != a["model"]["number"]
    assert "date" in table().start(config("katko", daily="01.12.2026"))["error"]


def test_the_deal_of_the_day_is_one_deal() -> None:
    t = table()
    t.start(config("kocka", daily="2026-12-01"))
    while not t.match.deal_over:  # type: ignore[union-attr]
        if 0 in t.match.to_act():  # type: ignore[union-attr]
            t.act(str(t.match.random_action(random.Random(2), 0)))  # type: ignore[union-attr]
        else:
            run_bots(t)
    model = t.reply([])["model"]
    assert model["match_over"] is True and model["summary"]["next"]["id"] == "new"
    assert "error" in t.next_deal()


@pytest.mark.parametrize("game", ["katte", "katko", "call-kitti", "kocka"])
def test_undo_goes_back_to_the_humans_previous_turn(game: str) -> None:
    t = table()
    t.start(config(game, number=9001))
    run_bots(t)
    assert t.reply([])["model"]["can_undo"] is False  # nothing of the human's to take back yet
    before = t.record()
    first = str(t.match.random_action(random.Random(1), 0))  # type: ignore[union-attr]
    t.act(first)
    run_bots(t)
    assert not t.match.deal_over  # type: ignore[union-attr]
    reply = t.undo()
    assert "error" not in reply
    # exactly where the human was before deciding: same record, the human to act again
    assert reply["record"] == before
    assert 0 in t.match.to_act()  # type: ignore[union-attr]
    assert reply["model"]["practice"] is True and t.config["practice"] is True
    # and the match goes on from there
    assert "error" not in t.act(str(t.match.random_action(random.Random(2), 0)))  # type: ignore[union-attr]


def test_undo_is_refused_on_the_deal_of_the_day() -> None:
    t = table()
    t.start(config("kocka", daily="2026-12-01"))
    run_bots(t)
    t.act(str(t.match.random_action(random.Random(2), 0)))  # type: ignore[union-attr]
    assert t.reply([])["model"]["can_undo"] is False
    assert "error" in t.undo()


@pytest.mark.parametrize("game", ["katte", "katko", "call-kitti", "kocka"])
@pytest.mark.parametrize("lang", languages())
def test_the_deal_of_the_day_ends_with_a_line_to_share(game: str, lang: str) -> None:
    t = Table(MESSAGES, lang)
    t.start(config(game, daily="2026-12-01"))
    rng = random.Random(3)
    while not t.match.deal_over:  # type: ignore[union-attr]
        if 0 in t.match.to_act():  # type: ignore[union-attr]
            t.act(str(t.match.random_action(rng, 0)))  # type: ignore[union-attr]
        else:
            run_bots(t)
    line = t.reply([])["model"]["daily_share"]
    assert "2026-12-01" in line and "{" not in line and "web." not in line
    if game == "kocka":
        penalty = t.match.summaries[-1]["result"]["penalty"][0]  # type: ignore[union-attr]
        assert str(penalty) in line
