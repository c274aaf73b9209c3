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
from table.replay import Replay

_table = None
_replay = None  # the replay viewer's record: apart from the match on the table


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


def undo():
    return _json(_table.undo())


async def bot_turn():
    return _json(await _table.bot_turn())


async def hint():
    return _json(await _table.ask_hint())


async def duplicate():
    """The finished deal again, the hard bot in the human's seat: {duplicate} or {error}."""
    return _json(await _table.duplicate())


def set_language(lang):
    return _json(_table.set_language(lang))


def record():
    return _json(_table.record())


def bot_errors():
    return _json(_table.players.errors)


def stop():
    _table.stop()
    return _json({})


def replay_open(request):
    """{record, seat, you, lang} -> the record's deals, names and game, or {error}."""
    global _replay
    data = json.loads(request)
    _replay = Replay(_table.catalogues, data.get("lang") or _table.lang)
    return _json(_replay.open(data.get("record"), data.get("seat"), bool(data.get("you", True)), data.get("lang")))


def replay_step(request):
    """{deal, step, lang} -> the table at that step of the open replay: {model, moments, line}."""
    data = json.loads(request)
    if _replay is None:
        return _json({"error": "no replay is open"})
    return _json(_replay.step(data.get("deal"), data.get("step"), data.get("lang")))


__export__ = ["init", "warm", "start", "resume", "act", "act_cards", "check_cards", "why", "category",
              "suggest", "leave_seat", "next_deal", "undo", "bot_turn", "hint", "duplicate", "set_language", "record",
              "bot_errors", "stop", "replay_open", "replay_step"]


# "Review my play" (table/review.py): the page asks for the decisions, then each in turn
# (so it can say "Reviewing decision 3 of 9"); a later request stops a running one.
def review_start():
    return _json(_table.review_start())


async def review_one(index):
    return _json(await _table.review_one(int(index)))


async def review():
    return _json(await _table.review())


def review_stop():
    return _json(_table.review_stop())


__export__ += ["review_start", "review_one", "review", "review_stop"]
