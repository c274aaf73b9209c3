"""Issue 52's yardsticks: the tools' own Katte level (the hard bot before its plan search),
Katko's last tricks counted per deal by tools/screen_bots.py and checked against matches by
tools/katko_screen.py, and Call Kitti's bid regret (tools/bid_regret.py). Each tool's
arithmetic on a small case, not a strength figure."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import bid_regret
import katko_screen
import screen_bots

from engine.bots import Budget, make_bot
from engine.bots import katte as K
from engine.games.katte import Katte


def _trick_3_views(deals: int) -> list[dict[str, Any]]:
    """Seat 0's views with a choice in trick 3 of four-seat deals played by medium bots."""
    views = []
    for seed in range(1, deals + 1):
        m = Katte.new(4, seed=seed)
        bots = [make_bot("katte", "medium", seed=s) for s in range(4)]
        while not m.deal_over:
            seat = m.to_act()[0]
            view = m.view(seat)
            if seat == 0 and view["trick_number"] == 3 and len(view["legal"]) > 1:
                views.append(view)
            m.apply(bots[seat].decide(view).action)
    return views


def test_hard_before_is_the_hard_bot_without_its_plan_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # the tools' "hard-before" decides as the page's hard bot does with the plan search
    # switched off, and otherwise than the page's hard bot at some trick-3 position
    views = _trick_3_views(20)
    budget = Budget(samples=40)
    before = [screen_bots.make_level("katte", "hard-before", i, budget).decide(v).action
              for i, v in enumerate(views)]
    shipped = [make_bot("katte", "hard", seed=i, budget=budget).decide(v).action for i, v in enumerate(views)]
    monkeypatch.setattr(K.plan, "PLAN_SEATS", ())
    without = [make_bot("katte", "hard", seed=i, budget=budget).decide(v).action for i, v in enumerate(views)]
    assert before == without
    assert before != shipped
    with pytest.raises(ValueError):
        screen_bots.make_level("katko", "hard-before")  # Katte's only: the others have no plan search


def test_alike_seats_make_exactly_the_fair_share_of_last_tricks_and_matches() -> None:
    # in duplicate every rotation of four alike bots is the same play, so seat 0's slot wins
    # the last trick of each deal in exactly one of the four: a slot counted at the wrong
    # seat would make 0 or 1
    for seed in (3, 4):
        _, unit = screen_bots.unit_measures(("katko", ["medium"] * 4, seed, []))
        assert unit["value"] == unit["last_tricks"] == 0.25
        assert unit["deals"] % 4 == 0 and unit["deals"] >= 4 and unit["won"] == unit["deals"] // 4
        _, one = screen_bots.unit_measures(("katko", ["medium"] * 4, seed, []), deals_only=True)
        assert (one["deals"], one["won"], one["value"]) == (4, 1, 0.25)


def test_katko_screen_sums_on_a_tiny_log() -> None:
    rows: list[dict[str, Any]] = [
        {"game": "katko", "run": "current", "seats": ["hard", "medium", "medium", "medium"], "seed": seed,
         "deals_only": False, "value": value, "last_tricks": last, "deals": 20, "cpu": 1.0}
        for seed, (value, last) in enumerate([(0.5, 0.3), (0.25, 0.3), (0.25, 0.25), (0.5, 0.35)])]
    rows.append({**rows[0], "run": "changed"})  # a patched run's row is not the table's
    (table,) = katko_screen.tables(rows).values()
    f = katko_screen.summarise(table, 0.25)
    assert f["match"] == pytest.approx(0.125)  # (0.25 + 0 + 0 + 0.25) / 4
    assert f["deal"] == pytest.approx(0.05)  # (0.05 + 0.05 + 0 + 0.1) / 4
    assert f["ratio"] == pytest.approx(2.5)
    assert f["deals_per_unit"] == 5
    assert 0 < f["corr"] < 1
    assert "hard,medium,medium,medium | match | 4 | 5.00 | +12.50" in katko_screen.report(rows)


def test_bid_regret_is_reproducible_from_its_seed() -> None:
    first = bid_regret.run(2, seed=5, samples=12, minutes=5, out=None, every=100)
    again = bid_regret.run(2, seed=5, samples=12, minutes=5, out=None, every=100)
    assert [r["values"] for r in first] == [r["values"] for r in again]
    assert len(first) == 2
    for row in first:
        assert row["regret"] == pytest.approx(max(row["values"]) - row["values"][row["bid"]], abs=1e-5)
        assert row["regret"] >= 0
        assert row["values"][row["best"]] == max(row["values"])
    assert bid_regret.figure(first).startswith("2 positions: bid regret")


def test_bid_regret_settles_early_only_a_bid_that_clearly_leads() -> None:
    # match seed 1's first bid: bid 0, far ahead of every other (tens of standard errors)
    _, _, view, bid = next(bid_regret.positions(1))
    values, settled = bid_regret.settled_values(view, bid, 2000, "1:0", stages=(500,))
    assert (bid, settled) == (0, 500)
    assert max(range(5), key=values.__getitem__) == bid
    # the same values with another bid made: not the best, so valued with the full count
    _, settled = bid_regret.settled_values(view, 3, 2000, "1:0", stages=(500,))
    assert settled == 2000
    # and the full reference agrees with the early one there
    rows = bid_regret.run(1, seed=1, samples=2000, minutes=5, out=None, every=100, stages=(500,))
    assert rows[0]["settled"] == 500
    assert "the same best bid in 1;" in bid_regret.check(rows, 5)


def test_the_tools_examples_hold() -> None:
    # their docstrings' worked cases: the regret, the intervals, the correlation, the units
    for module in (bid_regret, katko_screen):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted >= 2
