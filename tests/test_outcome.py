"""The table's outcome of each finished deal and match (web/table/outcome.py), carried by
the controller's reply in which the deal ended: real matches played to their end with
random legal moves through the table, every figure checked against the engine's own
replay of the record the reply carried."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.controller import Table

MESSAGES = pagedata.build(ROOT)["messages"]


def config(game: str, players: int, **extra: Any) -> dict[str, Any]:
    levels = {str(s): "easy" for s in range(1, players)}
    return {"game": game, "players": players, "seat": 0, "name": "Tester", "options": {},
            "levels": levels, "seed": 5, "lang": "en", "session": 0, **extra}


def play_out(table: Table, seed: int, max_deals: int = 60) -> list[dict[str, Any]]:
    """Random legal moves for every seat, through the table, to the match's end: every
    reply that carried an outcome."""
    rng = random.Random(seed)
    replies = []
    for _ in range(max_deals):
        m = table.match
        assert m is not None
        while not m.deal_over:
            reply = table.apply(m.random_action(rng, m.to_act()[0]))
            if "outcome" in reply:
                replies.append(reply)
        if replies and replies[-1]["outcome"]["match_over"]:
            return replies
        reply = table.next_deal()
        assert "error" not in reply
        if "outcome" in reply:  # a deal over as soon as dealt (Katte's automatic win)
            replies.append(reply)
    raise AssertionError("the match did not end")


def checked(replies: list[dict[str, Any]]) -> dict[str, Any]:
    """One outcome per finished deal, in order, each with the record it ended in; the
    last one ends the match. Returns the engine's replay of the final record."""
    assert [r["outcome"]["deal"] for r in replies] == list(range(len(replies)))
    assert [r["outcome"]["match_over"] for r in replies] == [False] * (len(replies) - 1) + [True]
    for r in replies:
        assert len(r["record"]["deals"]) == r["outcome"]["deal"] + 1
        assert (r["outcome"]["match"] is None) == (not r["outcome"]["match_over"])
    return engine.replay_record(replies[-1]["record"])


@pytest.mark.parametrize("seed", [1, 2])
def test_kocka_penalties_and_the_completed_word(seed: int) -> None:
    table = Table(MESSAGES)
    table.start(config("kocka", 4, options={"word": "KOČ"}, seed=seed))
    replies = play_out(table, seed)
    replay = checked(replies)
    for r, deal in zip(replies, replay["deals"], strict=True):
        got, result = r["outcome"]["result"], deal["result"]
        assert got["penalty"] == result["penalty"][0]
        assert got["letter"] == (result["loser"] == 0)
        assert got["win"] is not got["letter"]
        assert got["value"] == -result["penalty"][0]
    match = replies[-1]["outcome"]["match"]
    assert match["lost"] == (replay["match"]["loser"] == 0)
    assert match["letters"] == replay["match"]["letters"][0]
    if match["lost"]:
        assert match["letters"] == 3  # the word was completed


def test_katte_hands_and_chips_over_a_session() -> None:
    table = Table(MESSAGES)
    table.start(config("katte", 3, session=4))
    replies = play_out(table, 3)
    replay = checked(replies)
    assert len(replies) == 4  # the table's session, not the rules, ended the match
    for r, deal in zip(replies, replay["deals"], strict=True):
        got, result = r["outcome"]["result"], deal["result"]
        assert got["won"] == (result["winner"] == 0)
        assert got["chips"] == result["chips"][0]
    chips = replay["match"]["chips"]
    assert replies[-1]["outcome"]["match"] == {"chips": chips[0], "won": chips[0] == max(chips)}
    assert sum(r["outcome"]["result"]["chips"] for r in replies) == chips[0]


@pytest.mark.parametrize("seed", [4, 9])
def test_katko_points_and_the_match_won(seed: int) -> None:
    table = Table(MESSAGES)
    table.start(config("katko", 4, seed=seed))
    replies = play_out(table, seed)
    replay = checked(replies)
    for r, deal in zip(replies, replay["deals"], strict=True):
        assert r["outcome"]["result"]["points"] == deal["result"]["points"][0]
        assert r["outcome"]["result"]["win"] == (deal["result"]["last_trick"] == 0)
    assert replies[-1]["outcome"]["match"] == {"won": replay["match"]["winner"] == 0,
                                               "score": replay["match"]["scores"][0]}


def test_call_kitti_money_and_the_match_won() -> None:
    table = Table(MESSAGES)
    table.start(config("call-kitti", 4, seed=6))
    replies = play_out(table, 6, max_deals=200)
    replay = checked(replies)
    for r, deal in zip(replies, replay["deals"], strict=True):
        result = deal["result"]
        assert r["outcome"]["result"]["money"] == (result["payments"][0] if "payments" in result else 0)
    match = replies[-1]["outcome"]["match"]
    assert match["won"] == (replay["match"]["winner"] == 0)
    assert match["money"] == replay["match"]["settlement"][0]
    # what the deals paid plus what the end settled is the match's money
    assert sum(r["outcome"]["result"]["money"] for r in replies) + match["settle"] == match["money"]


def test_no_outcome_before_a_deal_ends_and_a_resume_reports_the_finished_deal_again() -> None:
    table = Table(MESSAGES)
    first = table.start(config("katko", 4))
    assert "outcome" not in first
    m = table.match
    assert m is not None
    rng = random.Random(1)
    reply = table.apply(m.random_action(rng, m.to_act()[0]))
    assert "outcome" not in reply  # the deal goes on
    while not m.deal_over:
        reply = table.apply(m.random_action(rng, m.to_act()[0]))
    assert reply["outcome"]["deal"] == 0
    saved = reply["record"]
    # the page reloaded on the deal's summary: the resumed table reports it again
    again = Table(MESSAGES)
    resumed = again.resume(config("katko", 4), saved)
    assert resumed["outcome"] == reply["outcome"]
    # resumed in the middle of the next deal: nothing to report until it ends
    table.next_deal()
    m.apply(m.random_action(rng, m.to_act()[0]))
    middle = Table(MESSAGES).resume(config("katko", 4), m.to_record())
    assert "outcome" not in middle
