"""The replay viewer's Python (web/table/replay.py): a hand record stepped through as the
table draws it, from one seat, never showing more than that seat saw at the table (and
Katte's face-down discards never, not even the seat's own)."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import Match

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.replay import Replay
from table.text import Text, catalogue

DATA = pagedata.build(ROOT)
GAMES = [("katte", 4), ("katte", 3), ("katko", 4), ("kocka", 4), ("call-kitti", 4)]


def finished(game: str, players: int, seed: int, deals: int = 1) -> dict[str, Any]:
    """A match of random legal play, ``deals`` deals long (fewer if it ends first)."""
    m = engine.new_match(game, players, seed=seed, names=[f"P{s}" for s in range(players)])
    rng = random.Random(seed)
    for d in range(deals):
        if d:
            if m.match_over:
                break
            m.start_deal()
        while not m.deal_over:
            m.apply(m.random_action(rng, m.to_act()[0]))
    return m.to_record()


def truncated(doc: dict[str, Any], deal: int, step: int) -> Match:
    """The engine's own match after ``step`` actions of ``deal``."""
    cut = {**doc, "deals": doc["deals"][:deal] + [{**doc["deals"][deal],
                                                    "actions": doc["deals"][deal]["actions"][:step]}]}
    return engine.load_record(cut)


def face_down(doc: dict[str, Any], deal: int, step: int) -> set[str]:
    """Katte: the cards discarded face down in the first ``step`` actions of ``deal``."""
    return {a.split()[2] for a in doc["deals"][deal]["actions"][:step] if a.split()[1] == "discard"}


def test_steps_are_the_actions() -> None:
    doc = finished("katko", 4, 5, deals=2)
    r = Replay(DATA["messages"], "en")
    opened = r.open(doc, 1)
    assert "error" not in opened
    assert [d["actions"] for d in opened["deals"]] == [len(d["actions"]) for d in doc["deals"]]
    assert all(d["over"] for d in opened["deals"])
    for deal, d in enumerate(doc["deals"]):
        n = len(d["actions"])
        first, last = r.step(deal, 0), r.step(deal, n)
        assert (first["step"], first["steps"], last["step"]) == (0, n, n)
        assert first["model"]["next"] != "over" and last["model"]["next"] == "over"
        assert last["model"]["summary"] is not None
        assert r.step(deal, n + 5)["step"] == n  # past the end: the last step
    # step k is the engine's own position after k actions: the seat's hand matches
    for k in range(len(doc["deals"][1]["actions"]) + 1):
        hand = [c["code"] for c in r.step(1, k)["model"]["hand"]]
        assert hand == truncated(doc, 1, k).view(1)["hand"]


@pytest.mark.parametrize("game,players", GAMES)
def test_the_last_step_tells_the_last_trick_once(game: str, players: int) -> None:
    """The trick a step finished is told under it on the felt (its moment's line): the
    step's own line does not say it again, nor say the deal's winner a second time."""
    doc = finished(game, players, 3)
    r = Replay(DATA["messages"], "en")
    r.open(doc, 0)
    n = len(doc["deals"][0]["actions"])
    last = r.step(0, n)
    taken = [x for x in last["moments"] if x["kind"] == "taken"]
    assert taken, "the last action finishes a trick"
    told = taken[-1]["line"]
    assert told and told not in last["line"], (told, last["line"])
    if game == "katko":
        assert "last trick" not in last["line"], last["line"]
    # a trick finished before the last one in the same step is still told in the line
    for earlier in taken[:-1]:
        assert earlier["line"] in last["line"]


def test_step_zero_is_the_dealt_hand() -> None:
    doc = finished("kocka", 4, 2)
    r = Replay(DATA["messages"], "en")
    r.open(doc, 2)
    shown = sorted(c["code"] for c in r.step(0, 0)["model"]["hand"])
    assert shown == sorted(doc["deals"][0]["hands"][2])


@pytest.mark.parametrize("game,players", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_hidden_card_at_any_step(game: str, players: int, seed: int) -> None:
    """At every step, every card the replay names or draws is one the engine's view of
    the seat holds then, face-down Katte cards excepted; the others' hands never."""
    doc = finished(game, players, seed)
    seat = seed % players
    r = Replay(DATA["messages"], "en")
    assert "error" not in r.open(doc, seat, you=False)
    cls = engine.game_class(game)
    dealt = {c for hand in doc["deals"][0]["hands"] for c in hand} | ({doc["deals"][0]["turned"]} - {None}
                                                                       if "turned" in doc["deals"][0] else set())
    names = Text(catalogue(DATA["messages"], "en"), cls.DECK.name, doc["names"], -1)
    checked_discard = False
    for step in range(len(doc["deals"][0]["actions"]) + 1):
        view = json.dumps(truncated(doc, 0, step).view(seat))
        down = face_down(doc, 0, step) if game == "katte" else set()
        allowed = {c for c in dealt if re.search(rf"\b{c}\b", view)} - down
        out = r.step(0, step)
        text = json.dumps(out, ensure_ascii=False)
        for c in dealt - allowed:
            assert f'"code": "{c}"' not in text and f"/{c}.svg" not in text, (step, c)
            assert names.card(c) not in text, (step, c, names.card(c))
        checked_discard = checked_discard or bool(down)
        if game == "katte":
            # a face-down card lies on the felt as a back, with no name
            for p in out["model"]["trick"]["plays"] + [p for mo in out["moments"] for p in mo.get("plays", [])]:
                if p["down"]:
                    assert [c["code"] for c in p["cards"]] == [None]
    if game == "katte" and players == 4 and seed == 1:
        assert checked_discard, "this seed should have a face-down discard to check"


def test_others_hands_never_in_the_model() -> None:
    """Before the end, the model lists only the seat's own hand; the others as counts."""
    doc = finished("katko", 4, 9)
    r = Replay(DATA["messages"], "en")
    r.open(doc, 0)
    for step in range(len(doc["deals"][0]["actions"])):
        m = r.step(0, step)["model"]
        assert {c["code"] for c in m["hand"]} <= set(doc["deals"][0]["hands"][0])
        assert all("hand" not in s for s in m["seats"])


def test_read_only() -> None:
    doc = finished("katte", 4, 4)
    r = Replay(DATA["messages"], "en")
    r.open(doc, 0)
    for step in range(len(doc["deals"][0]["actions"]) + 1):
        m = r.step(0, step)["model"]
        assert not m["mine"] and not m["buttons"] and m["select"] is None and m["hint"] is None
        assert all(not c["actions"] for c in m["hand"])


@pytest.mark.parametrize("lang", ["en", "fi", "cs"])
def test_bad_records_say_why_in_the_readers_language(lang: str) -> None:
    messages = catalogue(DATA["messages"], lang)
    doc = finished("katko", 4, 3)
    broken = json.loads(json.dumps(doc))
    broken["deals"][0]["actions"][3] = broken["deals"][0]["actions"][2]  # a card played twice
    cases = [
        (broken, 0, "web.replay.error.record"),
        ({"game": "chess", "players": 2}, 0, "web.replay.error.record"),
        (json.dumps(doc)[:200], 0, "web.replay.error.record"),  # truncated text
        (doc, 7, "web.replay.error.seat"),
        ({**doc, "deals": []}, 0, "web.replay.error.empty"),
    ]
    for record, seat, key in cases:
        out = Replay(DATA["messages"], lang).open(record, seat)
        assert out["error"].startswith(messages[key].split("{")[0].strip()), (record, out)
    out = Replay(DATA["messages"], lang).open(broken, 0)
    where = Text(messages, "french", [])("web.replay.error.where_action", deal=1, action=4)
    assert where in out["error"]


def test_replay_leaves_the_table_alone() -> None:
    """Opening a replay never touches a match in progress (the worker keeps both)."""
    from table.controller import Table

    table = Table(DATA["messages"], "en")
    reply = table.start({"game": "katko", "players": 4, "seat": 0, "seed": 11})
    before = ({**reply["model"], "announce": []}, table.record())
    r = Replay(DATA["messages"], "en")
    r.open(finished("katko", 4, 12), 0)
    r.step(0, 3)
    assert (table.reply([])["model"], table.record()) == before  # (its news were said already)
