""""Review my play" (engine/bots/review.py, web/table/review.py): a deliberately poor
play is marked, the bot's own choice is not, the review sees only the seat's view,
and a review the page no longer wants stops."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import engine
from engine.bots import make_bot
from engine.bots.review import K, review, run

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.controller import Table
from table.review import Session

MESSAGES = pagedata.build(ROOT)["messages"]
SEED = 28  # a Kočka table (medium bots) where hearts are led while the human holds AH and a lower heart
POOR = "0 play AH"


def poor_deal(lang: str = "en") -> tuple[Table, int]:
    """A finished Kočka deal at the table: the human (seat 0) plays the medium bot's card
    every time, except once: it takes a hearts trick with the ace when a lower heart
    would duck under it. Returns the table and the index of that action in the deal."""
    t = Table(MESSAGES, lang)
    t.start({"game": "kocka", "players": 4, "seat": 0, "options": {}, "seed": SEED,
             "levels": {"1": "medium", "2": "medium", "3": "medium"}})
    m = t.match
    assert m is not None
    me = make_bot("kocka", "medium", 1)
    poor = -1
    while not m.deal_over:
        if 0 not in m.to_act():
            assert "error" not in run_async(t.bot_turn())
            continue
        v = m.view(0)
        action = me.decide(v).action
        trick = v["trick"]["plays"] if v["phase"] == "play" and v["trick"] else []
        if poor < 0 and trick and trick[0]["card"].endswith("H") and POOR in v["legal"]:
            ducks = [a for a in v["legal"] if a != POOR]
            assert ducks, "a lower heart would have ducked"
            action, poor = POOR, len(m.records[-1].actions)
        assert "error" not in t.act(action)  # as the page sends a tapped card
    assert poor >= 0, "the seed no longer gives the position: choose another"
    return t, poor


def test_review_marks_a_deliberately_poor_play() -> None:
    t, poor = poor_deal()
    got = run_async(t.review())
    assert "items" in got, got
    items = {i["step"]: i for i in got["items"]}
    bad = items[poor]
    assert bad["action"] == POOR
    assert bad["marked"] is True
    assert bad["best"] != POOR and bad["best"].startswith("0 play ") and bad["best"].endswith("H")
    assert bad["best_value"] - bad["human_value"] > K * bad["se"] > 0
    assert bad["reason"] and "web.review" not in bad["reason"] and "hint." not in bad["reason"]
    assert "table average" in bad["human_text"] and "table average" in bad["best_text"]
    # every item is one of the human's own decisions of this deal, in order
    steps = [i["step"] for i in got["items"]]
    assert steps == sorted(steps)
    assert all(i["action"].startswith("0 ") for i in got["items"])


def test_review_words_are_in_the_readers_language() -> None:
    t, poor = poor_deal("fi")
    got = run_async(t.review())
    bad = next(i for i in got["items"] if i["step"] == poor)
    assert bad["marked"] and "keskiarvoon" in bad["human_text"]
    assert "," in bad["human_text"]  # 1,5 in Finnish


def test_the_bots_own_choice_is_not_marked() -> None:
    t, poor = poor_deal()
    m = t.match
    assert m is not None
    session = Session(m, 0)
    _, action, before = next(p for p in session.points if p[0] == poor)
    view = before.view(0)
    judged = run(review("kocka", view, action, seed=5))
    assert judged is not None and judged.marked
    again = run(review("kocka", view, judged.best, seed=5))
    assert again is not None
    assert again.best == judged.best and again.diff == 0.0 and not again.marked


def test_the_review_sees_only_the_seats_view() -> None:
    """Twin deals: the same from seat 0's view, other hidden cards (two unplayed cards of
    one suit swapped between seats 1 and 2): the same candidates, the same verdict."""
    t, poor = poor_deal()
    m = t.match
    assert m is not None
    record = m.to_record()
    deal = record["deals"][-1]
    actions = deal["actions"][:poor]
    cut = dict(record, deals=record["deals"][:-1] + [dict(deal, actions=actions)])
    passed = {int(a.split()[0]): set(a.split()[2:]) for a in actions if a.split()[1] == "pass"}
    played = {a.split()[2] for a in actions if a.split()[1] == "play"}
    hands = deal["hands"]

    def free(seat: int) -> list[str]:
        return [c for c in hands[seat] if c not in passed.get(seat, set()) and c not in played]

    a, b = next((x, y) for x in free(1) for y in free(2) if x[-1] == y[-1])
    twin_hands = [list(h) for h in hands]
    twin_hands[1][twin_hands[1].index(a)] = b
    twin_hands[2][twin_hands[2].index(b)] = a
    twin = dict(cut, deals=cut["deals"][:-1] + [dict(cut["deals"][-1], hands=twin_hands)])
    one, two = engine.load_record(cut), engine.load_record(twin)
    assert one.view(0) == two.view(0)
    assert one.view(1) != two.view(1)  # the hidden cards do differ
    r1 = run(review("kocka", one.view(0), POOR, seed=9))
    r2 = run(review("kocka", two.view(0), POOR, seed=9))
    assert r1 is not None and r2 is not None
    assert r1.to_json() == r2.to_json()


def test_forced_decisions_are_left_out() -> None:
    t, _ = poor_deal()
    m = t.match
    assert m is not None
    for _, _, before in Session(m, 0).points:
        assert len(before.view(0)["legal"]) > 1
    kocka = engine.new_match("kocka", 4, seed=1)
    while not kocka.deal_over:
        seat = kocka.to_act()[0]
        v = kocka.view(seat)
        if len(v["legal"]) == 1:  # a forced play: nothing to review
            assert run(review("kocka", v, v["legal"][0])) is None
        kocka.apply(kocka.random_action(random.Random(seat), seat))


def test_call_kitti_arrangements_and_bids_are_judged_in_money() -> None:
    from engine.bots import call_kitti as ck

    m = engine.new_match("call-kitti", 4, seed=2)
    v = m.view(0)
    careless = str(m.random_action(random.Random(1), 0))  # sets dealt out in hand order, near enough
    r = run(review("call-kitti", v, careless, seed=1))
    assert r is not None and r.unit == "money" and r.marked and r.best != careless
    suggested = ck.suggest_arrangement(v).action
    r = run(review("call-kitti", v, suggested, seed=1))
    assert r is not None and not r.marked
    # the bid: four shows bid with those careless sets is marked; the bot's own bid is not
    m.apply(m.parse(careless))
    rng = random.Random(3)
    for seat in (1, 2, 3):
        m.apply(m.random_action(rng, seat))
    while 0 not in m.to_act():
        m.apply(m.random_action(rng, m.to_act()[0]))
    v = m.view(0)
    four = run(review("call-kitti", v, "0 bid 4", seed=1))
    assert four is not None and four.marked
    own = run(review("call-kitti", v, four.best, seed=1))
    assert own is not None and not own.marked
    # and the page's review lists the arrangement (no legal list: a free choice) and the bid
    while not m.deal_over:
        seat = m.to_act()[0]
        m.apply(m.random_action(rng, seat))
    verbs = [action.split()[1] for _, action, _ in Session(m, 0).points]
    assert verbs[:2] == ["arrange", "bid"]


def test_katte_plays_are_judged_as_the_chance_of_winning_the_hand() -> None:
    """Every Katte decision with a choice gets a verdict on the same worlds: the bot's
    best is never worse than the player's action, and the bot's own choice is never
    marked against itself."""
    rng = random.Random(5)
    seen = 0
    for seed in range(1, 4):
        m = engine.new_match("katte", 4, seed=seed)
        while not m.deal_over:
            seat = m.to_act()[0]
            v = m.view(seat)
            action = m.random_action(rng, seat)
            if len(v["legal"]) > 1 and str(action) in v["legal"]:
                r = run(review("katte", v, str(action), seed=seed, samples=12, seconds=None))
                assert r is not None and r.unit == "hand" and 0.0 <= r.human_value <= 1.0
                assert r.best_value >= r.human_value and r.best in v["legal"]
                again = run(review("katte", v, r.best, seed=seed, samples=12, seconds=None))
                assert again is not None and not again.marked
                seen += 1
            m.apply(action)
    assert seen >= 5


def test_a_review_stops_when_a_newer_request_comes() -> None:
    t, _ = poor_deal()
    assert t.review_start()["count"] > 0

    async def both() -> list[Any]:
        async def stop_soon() -> dict[str, Any]:
            await asyncio.sleep(0)
            return t.review_stop()

        return list(await asyncio.gather(t.review_one(0), stop_soon()))

    first, _ = run_async(both())
    assert first == {"cancelled": True}


def test_a_review_needs_a_finished_deal() -> None:
    t = Table(MESSAGES, "en")
    t.start({"game": "kocka", "players": 4, "seat": 0, "options": {}, "seed": SEED,
             "levels": {"1": "medium", "2": "medium", "3": "medium"}})
    assert "error" in t.review_start()
