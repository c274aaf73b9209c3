"""What the page's Python reaches of the standard library (build.py cuts python_stdlib.zip
to it: web/gen/stdlib.mjs). Run once at build time in the pinned Pyodide under Node, with
the FULL library mounted and the page's zips unpacked where PyScript's ``files`` puts
them: it imports what the pages import and runs the code paths that import lazily (a deal
of every game with a decision of every bot level, a hint, a review, the lessons' steps),
so every standard module they load is in ``sys.modules`` afterwards.

``main``'s ``pyscript_imports`` names the modules that PyScript's own Python imports, read
from its sources by the build; ``messages`` is the page's catalogues, for the table.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any


def import_all(package_name: str) -> None:
    package = importlib.import_module(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(info.name)


def play_every_game() -> list[tuple[str, dict[str, Any]]]:
    """A deal of each game by medium bots, with one decision of every level at each turn
    of the first trick or so (the hard bots' searches import lazily), and a hint."""
    import engine
    from engine.bots import LEVELS, make_bot

    records = []
    for game in sorted(engine.GAMES):
        match = engine.new_match(game, 4, seed=5)
        bots = [make_bot(game, "medium", seed=seat) for seat in range(4)]
        turns = 0
        while not match.deal_over:
            seat = match.to_act()[0]
            if turns < 6:
                for level in LEVELS:
                    make_bot(game, level, seed=turns).decide(match.view(seat))
            turns += 1
            match.apply(bots[seat].decide(match.view(seat)).action)
        records.append((game, match.to_record()))
    return records


def run_lessons(records: list[tuple[str, dict[str, Any]]], langs: list[str]) -> None:
    import lesson

    for _game, record in records:
        for lang in langs:
            lesson.call(json.dumps({"fn": "steps", "record": record, "lang": lang}))
        lesson.call(json.dumps({"fn": "bot", "record": record, "deal": 0, "action": 0, "lang": "en"}))


async def run_table(messages: dict[str, dict[str, str]]) -> None:
    """A Kočka deal at the table controller against the hard bots, as the worker runs it:
    the bots' turns, a hint, a review of one decision, the record and a replay."""
    from table.controller import Table
    from table.replay import Replay

    from engine.bots import make_bot

    t = Table(messages, "en")
    t.start({"game": "kocka", "players": 4, "seat": 0, "options": {}, "seed": 3,
             "levels": {"1": "hard", "2": "hard", "3": "hard"}})
    m = t.match
    assert m is not None
    me = make_bot("kocka", "medium", 1)
    hinted = False
    while not m.deal_over:
        if 0 not in m.to_act():
            await t.bot_turn()
            continue
        if not hinted:
            await t.ask_hint()
            hinted = True
        t.act(me.decide(m.view(0)).action)
    t.review_start(0)
    await t.review_one(0)
    replay = Replay(messages, "en")
    replay.open(t.record(), 0, True, "en")
    replay.step(0, 3, "en")


async def main(pyscript_imports: list[str], messages: dict[str, dict[str, str]]) -> None:
    for name in pyscript_imports:
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # not a standard module (PyScript's own, or its JS modules: polyscript, js)
    for package in ("engine", "table", "lesson"):
        import_all(package)
    importlib.import_module("worker")
    records = play_every_game()
    run_lessons(records, list(messages))  # the site's languages: the page data's
    await run_table(messages)
