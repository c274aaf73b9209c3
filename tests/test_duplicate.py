""""How would the hard bot have done in my seat?" (web/table/duplicate.py), driven through
the table controller as the page drives it: a deal played to its end by a random human
and the table's bots, then played again with the hard bot in the human's seat."""

from __future__ import annotations

import asyncio
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table import bots
from table import duplicate as dup
from table.controller import Table
from table.outcome import deal_figures

MESSAGES = pagedata.build(ROOT)["messages"]
GAMES = ["katte", "katko", "call-kitti", "kocka"]
LEVELS = {"1": "easy", "2": "medium", "3": "easy"}


@pytest.fixture(autouse=True)
def quick_hard_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot searches 4 worlds a move here, not its game's full count."""
    from engine.bots import Budget

    monkeypatch.setattr(bots, "BUDGETS", {"hard": Budget(4)})


def finish_deal(t: Table, rng: random.Random) -> None:
    """Random human moves and the table's bots until the deal is over."""
    m = t.match
    assert m is not None
    for _ in range(3000):
        if m.deal_over:
            return
        if t.seat in m.to_act():
            reply = t.act(str(bots.random_choice(m, t.seat, rng)))
        else:
            reply = run_async(t.bot_turn())
        assert "error" not in reply
    raise AssertionError("the deal did not end")


def table_after(game: str, deals: int, lang: str = "en") -> Table:
    t = Table(MESSAGES, lang)
    reply = t.start({"game": game, "players": 4, "seat": 0, "options": {}, "levels": LEVELS, "seed": 11})
    assert "error" not in reply
    rng = random.Random(5)
    for i in range(deals):
        if i:
            assert "error" not in t.next_deal()
        finish_deal(t, rng)
    return t


def spy(monkeypatch: pytest.MonkeyPatch) -> list[dup.Run]:
    """The runs the next request plays, kept for the test."""
    seen: list[dup.Run] = []
    real = dup.play_runs

    async def keep(*args: Any, **kwargs: Any) -> list[dup.Run]:
        runs = await real(*args, **kwargs)
        seen.extend(runs)
        return runs

    monkeypatch.setattr(dup, "play_runs", keep)
    return seen


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("deals", [1, 2])
def test_the_same_deal_again_with_the_hard_bot_in_my_seat(game: str, deals: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    t = table_after(game, deals)
    m = t.match
    assert m is not None and m.deal_over
    before = m.to_record()
    runs = spy(monkeypatch)
    reply = run_async(t.duplicate())
    assert "error" not in reply and "cancelled" not in reply
    got = reply["duplicate"]
    assert t.match is m and m.to_record() == before  # the table's match is untouched

    index = len(m.records) - 1
    real = before["deals"][index]
    key = dup.FIGURE[game]
    mine = deal_figures(game, m.summaries[index]["result"], 0)
    assert got["key"] == key and got["deal"] == index
    assert (got["human"], got["human_value"]) == (mine[key], mine["value"])

    assert len(runs) == dup.RUNS == len(got["bot"]["runs"])
    for run, figure, value in zip(runs, got["bot"]["runs"], got["bot"]["values"]):
        played = run.match.to_record()["deals"]
        # the same cards from the same start, after the same earlier deals
        assert len(played) == index + 1
        assert played[:index] == before["deals"][:index]
        assert played[index]["hands"] == real["hands"]
        assert played[index][m.START_KEY] == real[m.START_KEY]
        assert played[index].get("turned") == real.get("turned")
        assert run.match.summaries[:index] == m.summaries[:index]
        assert run.match.deal_over
        # the hard bot in the human's seat; the other seats as at the table
        assert run.players.level(0) == "hard"
        assert {s: run.players.level(s) for s in (1, 2, 3)} == {int(s): lv for s, lv in LEVELS.items()}
        assert run.players.seed == t.players.seed == 11
        figures = deal_figures(game, run.match.summaries[-1]["result"], 0)
        assert (figure, value) == (figures[key], figures["value"])

    figs = got["bot"]["runs"]
    mean = sum(figs) / len(figs)
    assert got["bot"]["mean"] == pytest.approx(mean)
    assert got["bot"]["spread"] == pytest.approx(math.sqrt(sum((f - mean) ** 2 for f in figs) / len(figs)))
    assert (got["bot"]["min"], got["bot"]["max"]) == (min(figs), max(figs))
    assert got["shown"]["n"] == len(figs)
    assert got["words"].startswith(MESSAGES["en"][f"web.duplicate.unit.{game}"])
    assert "{" not in got["words"]


def test_each_run_seeds_the_hard_bot_differently() -> None:
    assert len({dup.hard_seed(11, 0, r) for r in range(dup.RUNS)}) == dup.RUNS
    assert dup.hard_seed(None, 0, 1) is None  # an unseeded match's bots are unseeded too


def test_in_finnish_the_words_are_finnish() -> None:
    t = table_after("katko", 1, "fi")
    got = run_async(t.duplicate())["duplicate"]
    assert got["words"].startswith(MESSAGES["fi"]["web.duplicate.unit.katko"])
    assert "keskiarvo" in got["words"]


def test_before_the_deal_ends_there_is_nothing_to_play_again() -> None:
    for lang in ("en", "cs"):
        t = Table(MESSAGES, lang)
        t.start({"game": "kocka", "players": 4, "seat": 0, "options": {}, "levels": LEVELS, "seed": 3})
        assert run_async(t.duplicate()) == {"error": MESSAGES[lang]["web.duplicate.not_over"]}
    assert Table(MESSAGES, "en").match is None
    assert run_async(Table(MESSAGES, "en").duplicate()) == {"error": MESSAGES["en"]["web.duplicate.not_over"]}


def test_a_request_no_longer_wanted_stops() -> None:
    t = table_after("kocka", 1)
    m = t.match
    assert m is not None
    calls = []

    def alive() -> bool:
        calls.append(1)
        return len(calls) < 4

    with pytest.raises(bots.Cancelled):
        run_async(dup.duplicate(m, 0, 0, {1: "easy", 2: "easy", 3: "easy"}, 11, t.words(), alive))
    assert len(calls) == 4  # it stopped at the first "no"


@pytest.mark.parametrize("leave", ["stop", "again"])
def test_leaving_the_table_or_asking_again_cancels_the_request(leave: str) -> None:
    t = table_after("kocka", 1)

    async def go() -> tuple[dict[str, Any], dict[str, Any] | None]:
        first = asyncio.create_task(t.duplicate())
        for _ in range(3):
            await asyncio.sleep(0)
        second = None
        if leave == "stop":
            t.stop()
        else:
            second = asyncio.create_task(t.duplicate())
        return await first, (await second if second is not None else None)

    first, second = run_async(go())
    assert first == {"cancelled": True}
    if leave == "again":
        assert second is not None and "duplicate" in second
