"""The table's words, without a browser: the Python side of the page (web/table) run in
CPython on whole deals, in every language. Rare moments that a seeded browser game
seldom reaches (an automatic win, a re-deal, the deuce bonus) are dealt on purpose."""

from __future__ import annotations

import asyncio
import random
import re
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table import model
from table.controller import Table
from table.games import adapter
from table.text import Text, catalogue

DATA = pagedata.build(ROOT)
RAW = re.compile(r"\b(?:web|event|refusal|hint|card|set|reason|label|option|action|game|katte|phase|special"
                 r"|result|place)\.[a-z0-9_.-]+|\{[a-z_]+\}")
GAMES = [("kocka", 4), ("katte", 5), ("katko", 6), ("call-kitti", 4)]


def run_async(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """asyncio.run in a thread of its own: Playwright's sync API keeps an event loop
    running in the test thread once a browser test has run."""
    failed: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as e:  # noqa: BLE001 (handed to the test thread)
            failed.append(e)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def strings(x: Any, key: str = "") -> list[str]:
    if isinstance(x, dict):
        return [s for k, v in x.items() for s in strings(v, k)]
    if isinstance(x, list):
        return [s for v in x for s in strings(v, key)]
    if isinstance(x, str) and key not in ("id", "action", "img", "code", "game", "deck", "verb"):
        return [x]
    return []


def draw(m: engine.Match, lang: str, seat: int = 0) -> dict[str, Any]:
    t = Text(catalogue(DATA["messages"], lang), m.DECK.name, m.names, seat)
    return model.build(m, seat, adapter(m.NAME), t, announce=[])


def play(table: Table, replies: list[dict[str, Any]], config: dict[str, Any], hints: bool) -> None:
    """A match started as the lobby would; the human plays the first legal thing (after a
    hint), bots the rest (asked one move at a time, as the page asks), to the summary."""

    async def run() -> None:
        replies.append(table.start(config))
        assert "error" not in replies[-1]
        turns = 0
        for _ in range(3000):
            m = replies[-1]["model"]
            if m["next"] == "over":
                assert m["summary"]
                return
            if m["next"] == "bots":
                replies.append(await table.bot_turn())
                continue
            turns += 1
            if hints and m["can_hint"] and not m["hint"] and turns % 2 == 1:
                replies.append(await table.ask_hint())
                continue
            if m["select"]:
                codes = [c["code"] for c in m["hand"] if c["select"]]
                if m["select"]["verb"] == "arrange":
                    codes = codes[:3] + ["/"] + codes[3:6] + ["/"] + codes[6:9] + ["/"] + codes[9:12] + ["/"] + codes[12:]
                else:
                    codes = codes[:3]
                replies.append(table.act_cards(m["select"]["verb"], codes))
            elif any(c["actions"] for c in m["hand"]):
                card = next(c for c in m["hand"] if c["actions"])
                replies.append(table.act(card["actions"][0]["id"]))
            elif m["buttons"]:
                replies.append(table.act(m["buttons"][0]["id"]))
            assert "error" not in replies[-1], replies[-1]
        raise AssertionError("the deal did not end")

    run_async(run)
    table.stop()


@pytest.mark.parametrize("lang", DATA["languages"])
@pytest.mark.parametrize("game,players", GAMES)
def test_a_deal_in_words(game: str, players: int, lang: str) -> None:
    replies: list[dict[str, Any]] = []
    table = Table(DATA["messages"], lang=lang)
    play(table, replies, {"game": game, "players": players, "seat": 1, "seed": 3, "name": "Tester",
                          "levels": {str(s): "medium" for s in range(players)}}, hints=True)
    models = [r["model"] for r in replies if "model" in r]
    words = [s for r in replies for s in strings(r)]
    assert sorted(set(RAW.findall("\n".join(words)))) == []
    assert any(m["hint"] for m in models), "a hint was given"
    assert table.players.errors == []
    assert models[-1]["summary"]["lines"] or game == "katko"
    # every finished trick (show) was a moment with its sentence, before the summary
    taken = [mo for r in replies for mo in r.get("moments", []) if mo["kind"] == "taken"]
    assert taken and all(mo["line"] and mo["plays"] for mo in taken)


def test_languages_switch_the_table() -> None:
    table = Table(DATA["messages"], lang="en")
    english = table.start({"game": "kocka", "players": 4, "seat": 0, "seed": 1})["model"]["title"]
    assert "jako" in table.set_language("fi")["model"]["title"] and english
    assert "rozdání" in table.set_language("cs")["model"]["title"]
    table.stop()


def test_katte_automatic_win_shows_the_hand() -> None:
    m = engine.new_match("katte", 3, {}, 1, ["A", "B", "C"], deal=False)
    m.start_deal(hands=[["2S", "2H", "2D", "2C", "9S", "KH"], ["3S", "4S", "5S", "6H", "7H", "8H"],
                        ["TS", "JS", "QD", "KD", "AC", "3C"]], start=0)
    assert m.deal_over
    for lang in DATA["languages"]:
        out = draw(m, lang, seat=1)  # A's hand, as B sees it
        summary = out["summary"]
        assert sorted(c["code"] for c in summary["groups"][0]["cards"]) == sorted(["2S", "2H", "2D", "2C", "9S", "KH"])
        assert "A" in summary["groups"][0]["label"]
        assert not RAW.findall("\n".join(strings(out)))


def test_katte_redeal_shows_every_hand() -> None:
    m = engine.new_match("katte", 3, {}, 1, ["A", "B", "C"], deal=False)
    m.start_deal(hands=[["2S", "2H", "2D", "2C", "9S", "KH"], ["3S", "3H", "3D", "3C", "7H", "8H"],
                        ["TS", "JS", "QD", "KD", "AC", "4C"]], start=0)
    out = draw(m, "en")
    assert len(out["summary"]["groups"]) == 3 and len(out["center"]["groups"]) == 3
    assert out["summary"]["lines"] == [DATA["messages"]["en"]["reason.double_automatic"]]


def test_katko_deuce_bonus_is_called_out() -> None:
    rng = random.Random(5)
    for seed in range(3000):
        m = engine.new_match("katko", 4, {"deuce_bonus": "on"}, seed, ["A", "B", "C", "D"])
        while not m.deal_over:
            m.apply(m.random_action(rng))
        if m.deal_result()["game_won"]:
            break
    else:
        raise AssertionError("no deuce bonus in 3000 random deals")
    for lang in DATA["languages"]:
        out = draw(m, lang)
        words = catalogue(DATA["messages"], lang)["web.katko.deuce"].split("{name}")[0]
        assert any(line.startswith(words) for line in out["summary"]["lines"]), out["summary"]["lines"]
        assert not RAW.findall("\n".join(strings(out)))


def test_kocka_early_end_is_called_out() -> None:
    rng = random.Random(2)
    for seed in range(500):
        m = engine.new_match("kocka", 4, {}, seed, ["A", "B", "C", "D"])
        while not m.deal_over:
            m.apply(m.random_action(rng))
        if m.deal_result()["tricks_played"] < 8:
            break
    out = draw(m, "en")
    trick = m.deal_result()["tricks_played"]
    line = out["summary"]["lines"][0]  # why the deal ended early, and that the rest is not played
    loser = "ABCD"[m.deal_result()["loser"]]
    assert f"trick {trick}" in line and f"{loser} loses" in line and "not played" in line, line
    assert len(out["summary"]["tricks"]) == trick
