"""Imports every module the page's Python can reach, then plays a deal of every game with
every bot level deciding: run in Pyodide with only the cut standard library mounted
(tests/test_stdlib.py). ``MODULES`` (a list of names) is set by the caller; imported
without it (pytest's doctest collection), it does nothing. Prints what
failed to import and how many were imported."""

import importlib
import json

import engine
from engine.bots import LEVELS, make_bot


def main(modules: list[str]) -> None:
    failed = {}
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as e:
            failed[name] = str(e)
    for game in sorted(engine.GAMES):
        match = engine.new_match(game, 4, seed=11)
        bots = [make_bot(game, LEVELS[seat % len(LEVELS)], seed=seat) for seat in range(4)]
        while not match.deal_over:
            seat = match.to_act()[0]
            match.apply(bots[seat].decide(match.view(seat)).action)
    print(json.dumps({"failed": failed, "imported": len(modules)}))


# (run only where the caller set MODULES: pytest's doctest collection imports this file too)
if "MODULES" in globals():
    main(globals()["MODULES"])
