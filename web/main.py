"""PyScript entry: connects the table controller (web/table, shipped in table.zip)
to the page's JavaScript. Python calls window.korttiUI; the page calls window.korttiPy."""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy
from table import bots
from table.controller import Table

data = json.loads(document.getElementById("kortti-data").textContent)
fast = "fast" in window.location.search  # tests: same flow, shorter pauses


def push(model):
    window.korttiUI.update(json.dumps(model, ensure_ascii=False))


table = Table(data["messages"], push, lang=str(window.korttiUI.lang()),
              bot_delay=0.02 if fast else 0.7, trick_pause=0.12 if fast else 1.3)

api = window.Object.new()
api.start = create_proxy(lambda config: table.start(json.loads(config)))
api.act = create_proxy(table.act)
api.actCards = create_proxy(lambda verb, codes: table.act_cards(verb, json.loads(codes)))
api.checkCards = create_proxy(lambda verb, codes: table.check_cards(verb, json.loads(codes)))
api.category = create_proxy(lambda codes: table.category(json.loads(codes)))
api.hint = create_proxy(table.ask_hint)
api.suggest = create_proxy(table.suggest)
api.leaveSeat = create_proxy(table.leave_seat)
api.setLanguage = create_proxy(table.set_language)
api.nextDeal = create_proxy(table.next_deal)
api.record = create_proxy(table.record)
api.botErrors = create_proxy(table.bot_errors)
api.stop = create_proxy(table.stop)
window.korttiPy = api
window.korttiUI.ready()
warm = asyncio.ensure_future(bots.preload(data.get("order") or list(data["games"]), asyncio.sleep))
