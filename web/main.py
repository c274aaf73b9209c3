"""PyScript entry: connects the table controller (web/table, shipped in table.zip)
to the page's JavaScript. Python calls window.korttiUI; the page calls window.korttiPy.

The lobby needs no Python: the page is ready as soon as ``korttiPy`` exists. The table
controller (and with it the engine and its games) is imported on first use, or half a second
after the page is ready, whichever comes first; then the bots are imported in turn.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

data = json.loads(document.getElementById("kortti-data").textContent)
fast = "fast" in window.location.search  # tests: same flow, shorter pauses
_table = None


def push(model):
    window.korttiUI.update(json.dumps(model, ensure_ascii=False))


def table():
    """The table controller, built on first use (importing the engine takes a while)."""
    global _table
    if _table is None:
        from table.controller import Table

        _table = Table(data["messages"], push, lang=str(window.korttiUI.lang()),
                       bot_delay=0.02 if fast else 0.7, trick_pause=0.12 if fast else 1.3)
    return _table


def call(name):
    return create_proxy(lambda *args: getattr(table(), name)(*args))


api = window.Object.new()
api.start = create_proxy(lambda config: table().start(json.loads(config)))
api.act = call("act")
api.actCards = create_proxy(lambda verb, codes: table().act_cards(verb, json.loads(codes)))
api.checkCards = create_proxy(lambda verb, codes: table().check_cards(verb, json.loads(codes)))
api.category = create_proxy(lambda codes: table().category(json.loads(codes)))
api.hint = call("ask_hint")
api.suggest = call("suggest")
api.leaveSeat = call("leave_seat")
api.setLanguage = call("set_language")
api.nextDeal = call("next_deal")
api.record = call("record")
api.botErrors = call("bot_errors")
api.stop = call("stop")
window.korttiPy = api
window.korttiUI.ready()


async def warm_up():
    """While the reader is in the lobby: the table (engine, games), then each game's bots."""
    await asyncio.sleep(0.5)
    table()
    from table import bots

    await bots.preload(data.get("order") or list(data["games"]), asyncio.sleep)


warm = asyncio.ensure_future(warm_up())
