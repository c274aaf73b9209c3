"""A deal of each game played by medium bots, printed as one JSON line: run by CPython
from the repository's source and by Pyodide from the page's compiled zips
(tests/test_bytecode.py), which must print the same."""

import json

import engine
from engine.bots import make_bot

out = {}
for game in sorted(engine.GAMES):
    match = engine.new_match(game, 4, seed=11)
    bots = [make_bot(game, "medium", seed=seat) for seat in range(4)]
    while not match.deal_over:
        seat = match.to_act()[0]
        match.apply(bots[seat].decide(match.view(seat)).action)
    out[game] = {"result": match.deal_result(), "record": match.to_record()}
print(json.dumps(out, sort_keys=True))
