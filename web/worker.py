"""The page's Python, in a worker (PyScript's named worker "engine"): the engine, the
bots and the table controller (web/table, shipped in table.zip) answer the page's
requests here, so nothing Python does ever holds up the page.

Every export takes and returns JSON text. The page (web/js/engine.js) calls them
through the worker's ``xworker.sync``; the pacing of the play is the page's own.
Long work (``bot_turn``, ``hint``) is async and thinks in slices, so a later request
(a move, leaving the table) is answered between two slices, and stops it.
"""

import json

from table import bots
from table.controller import Table

_table = None


def _json(reply):
    return json.dumps(reply, ensure_ascii=False)


def init(data):
    """The catalogues of every language, and the page's language; then the bots are
    imported, while the reader is still in the lobby."""
    global _table
    data = json.loads(data)
    _table = Table(data["messages"], data.get("lang") or "en")
    return _json({"ok": True})


def warm(games):
    bots.preload(json.loads(games))
    return _json({"ok": True})


def start(config):
    return _json(_table.start(json.loads(config)))


def resume(config, record):
    return _json(_table.resume(json.loads(config), json.loads(record)))


def act(action):
    return _json(_table.act(action))


def act_cards(verb, codes):
    return _json(_table.act_cards(verb, json.loads(codes)))


def check_cards(verb, codes):
    return _json(_table.check_cards(verb, json.loads(codes)))


def why(code):
    return _json(_table.why(code))


def category(codes):
    return _json(_table.category(json.loads(codes)))


def suggest():
    return _json(_table.suggest())


def leave_seat():
    return _json(_table.leave_seat())


def next_deal():
    return _json(_table.next_deal())


async def bot_turn():
    return _json(await _table.bot_turn())


async def hint():
    return _json(await _table.ask_hint())


def set_language(lang):
    return _json(_table.set_language(lang))


def record():
    return _json(_table.record())


def bot_errors():
    return _json(_table.players.errors)


def stop():
    _table.stop()
    return _json({})


__export__ = ["init", "warm", "start", "resume", "act", "act_cards", "check_cards", "why", "category",
              "suggest", "leave_seat", "next_deal", "bot_turn", "hint", "set_language", "record",
              "bot_errors", "stop"]
