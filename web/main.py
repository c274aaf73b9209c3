"""PyScript entry: connects the table controller (web/table, shipped in table.zip)
to the page's JavaScript. Python calls window.korttiUI; the page calls window.korttiPy."""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy
from table.controller import Table

data = json.loads(document.getElementById("kortti-data").textContent)
fast = "fast" in window.location.search  # tests: same flow, shorter pauses


def push(model):
    window.korttiUI.update(json.dumps(model, ensure_ascii=False))


table = Table(data["messages"], push,
              bot_delay=0.02 if fast else 0.7, trick_pause=0.12 if fast else 1.3)

api = window.Object.new()
api.start = create_proxy(lambda config: table.start(json.loads(config)))
api.act = create_proxy(table.act)
api.actCards = create_proxy(lambda verb, codes: table.act_cards(verb, json.loads(codes)))
api.nextDeal = create_proxy(table.next_deal)
api.record = create_proxy(table.record)
api.stop = create_proxy(table.stop)
window.korttiPy = api
window.korttiUI.ready()
