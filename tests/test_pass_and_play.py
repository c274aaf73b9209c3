"""Pass-and-play (issue 16, requirement 1): several people at one device, driven through
the table's controller (web/table/controller.py) as the page drives it. Each reply shows
one person's seat: the person to act, once no computer player is to act; when the table
turns to another person the reply says so (the page then hides the table until that
person taps), and nothing of the last person's hand is in it. Every game, to the end of
a deal, simultaneous phases (Kočka's pass, Call Kitti's arrangement and bids) seat by seat.
"""

from __future__ import annotations

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
from table.controller import Table

MESSAGES = pagedata.build(ROOT)["messages"]


def config(game: str, players: int = 4, **more: Any) -> dict[str, Any]:
    base = {"game": game, "players": players, "seat": 0, "name": "Ann", "options": {}, "seed": 11,
            "humans": {"2": "Ben"}, "levels": {str(s): "easy" for s in range(1, players)}}
    return {**base, **more}


def play_through(t: Table, reply: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Play the deal out as the page would: bots when the model says so, else a legal
    action of the person shown. Returns every reply."""
    replies = [reply]
    m = t.match
    assert m is not None
    for _ in range(2000):
        model = reply["model"]
        if model["next"] == "over":
            break
        if model["next"] == "bots":
            reply = run_async(t.bot_turn())
        else:
            seat = model["seat"]
            assert seat in m.to_act(), (seat, m.to_act())
            reply = t.act(str(m.random_action(rng, seat)))
        assert "error" not in reply, reply.get("error")
        replies.append(reply)
    return replies


@pytest.mark.parametrize("game", ["katte", "katko", "call-kitti", "kocka"])
def test_each_person_sees_only_their_own_hand(game: str) -> None:
    t = Table(MESSAGES, "en")
    first = t.start(config(game))
    assert "error" not in first
    m = t.match
    assert m is not None and (m.names or [])[:3] == ["Ann", "Bot 1", "Ben"]
    replies = play_through(t, first, random.Random(5))
    assert m.deal_over
    shown = {r["model"]["seat"] for r in replies}
    assert shown == {0, 2}, shown  # the table turned to both people, never to a bot's seat
    for r in replies:
        model = r["model"]
        seat = model["seat"]
        hand = sorted(c["code"] for c in model["hand"])
        # the hand on the table is the shown person's, as the engine's view of that seat has it
        assert model["passing"] is True
        assert all(s["bot"] == (s["seat"] not in (0, 2)) for s in model["seats"])
        other = 2 if seat == 0 else 0
        assert not set(hand) & set(m.records[-1].hands[other]) - set(m.records[-1].hands[seat]), game
        if model.get("handover"):
            assert model["handover"]["seat"] == seat and model["handover"]["name"] == ["Ann", "", "Ben"][seat]
            assert "Ben" in model["handover"]["title"] or "Ann" in model["handover"]["title"]
    # the table names the people in what all see ("Ann plays …": a device that goes round
    # has no one "you"); "you" is left to a seat's own hidden moves (a pass, a discard)
    told_ben = [line for r in replies if r["model"]["seat"] == 2 for line in r["model"]["announce"]]
    assert any(line.startswith("Ann ") for line in told_ben) or game == "call-kitti", told_ben
    turned = [r for r in replies if r["model"].get("handover")]
    assert turned, "the table never turned to the other person"


def test_a_handover_comes_only_when_no_bot_is_to_act_and_undo_is_off() -> None:
    t = Table(MESSAGES, "en")
    reply = t.start(config("kocka"))
    replies = play_through(t, reply, random.Random(2))
    for r in replies:
        model = r["model"]
        if model.get("handover"):
            assert model["next"] == "you" and model["mine"], model["status"]
        assert model["can_undo"] is False


def test_the_deals_outcome_has_each_persons_figures() -> None:
    t = Table(MESSAGES, "en")
    reply = t.start(config("kocka"))
    replies = play_through(t, reply, random.Random(3))
    outcomes = [r["outcome"] for r in replies if r.get("outcome")]
    assert len(outcomes) == 1
    people = outcomes[0]["people"]
    assert [(p["seat"], p["name"]) for p in people] == [(0, "Ann"), (2, "Ben")]
    result = t.match.summaries[-1]["result"]  # type: ignore[union-attr]
    assert [p["result"]["penalty"] for p in people] == [result["penalty"][0], result["penalty"][2]]


def test_solo_play_is_unchanged() -> None:
    """One person: no handover, "you" as before, undo available, no people in the outcome."""
    t = Table(MESSAGES, "en")
    reply = t.start(config("kocka", humans={}))
    replies = play_through(t, reply, random.Random(4))
    assert all(not r["model"].get("handover") and r["model"]["passing"] is False for r in replies)
    assert {r["model"]["seat"] for r in replies} == {0}
    assert all("people" not in r["outcome"] for r in replies if r.get("outcome"))
    assert any(r["model"]["can_undo"] for r in replies)


@pytest.mark.parametrize("humans", [{"9": "Zed"}, {"x": "Zed"}, {"0": "Dup"}, None, {"1": 5}])
def test_odd_humans_in_a_config_are_ignored_or_named(humans: Any) -> None:
    t = Table(MESSAGES, "en")
    reply = t.start(config("katko", humans=humans))
    assert "error" not in reply
    names = list(t.match.names or [])  # type: ignore[union-attr]
    assert names[0] == "Ann"
    if humans == {"1": 5}:
        assert names[1] == "5"
    else:
        assert names[1:] == ["Bot 1", "Bot 2", "Bot 3"]


def test_a_saved_pass_and_play_match_resumes_behind_the_screen() -> None:
    """A reload in the middle of the deal: the match resumes from its record, and if it is
    another person's turn than the lobby's seat, the table turns to them behind the screen."""
    t = Table(MESSAGES, "en")
    reply = t.start(config("kocka"))
    rng = random.Random(6)
    while not (reply["model"]["next"] == "you" and reply["model"]["seat"] == 2):
        if reply["model"]["next"] == "bots":
            reply = run_async(t.bot_turn())
        else:
            reply = t.act(str(t.match.random_action(rng, reply["model"]["seat"])))  # type: ignore[union-attr]
    again = Table(MESSAGES, "en")
    resumed = again.resume(config("kocka"), t.record())
    assert "error" not in resumed
    assert resumed["model"]["seat"] == 2 and resumed["model"]["handover"]["name"] == "Ben"
    assert sorted(c["code"] for c in resumed["model"]["hand"]) == sorted(reply["model"]["hand"][i]["code"]
                                                                          for i in range(len(reply["model"]["hand"])))


def test_the_summarys_tools_look_from_each_persons_seat() -> None:
    # a finished deal's review and "hard bot in my seat" for either person, asked by seat
    t = Table(MESSAGES, "en")
    play_through(t, t.start(config("katte")), random.Random(3))
    m = t.match
    assert m is not None and m.deal_over
    for seat in (0, 2):
        started = t.review_start(seat)
        assert "error" not in started, started
        assert t.reviewing is not None and t.reviewing.seat == seat
        assert run_async(t.duplicate(seat))["duplicate"]["seat"] == seat
    # a bot's seat is no person's: the table's own seat is taken instead
    t.review_start(1)
    assert t.reviewing is not None and t.reviewing.seat == t.seat
    assert run_async(t.duplicate(1))["duplicate"]["seat"] == t.seat


def test_a_face_down_card_is_marked_for_its_owner_only() -> None:
    # Katte: a discard lies face down; "yours" only on the viewer's own
    others = 0
    for seed in range(1, 9):
        t = Table(MESSAGES, "en")
        for reply in play_through(t, t.start(config("katte", seed=seed)), random.Random(seed)):
            model = reply["model"]
            for p in model["trick"]["plays"]:
                if p["down"]:
                    assert p["mine"] == (p["seat"] == model["seat"]), (seed, model["seat"], p)
                    others += p["seat"] in (0, 2) and p["seat"] != model["seat"]
    assert others, "no other person's face-down card was seen"
