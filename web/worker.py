"""The page's Python, in a worker (PyScript's named worker "engine"): the engine, the
bots and the table controller (web/table, shipped in table.zip) answer the page's
requests here, so nothing Python does ever holds up the page.

Every export takes and returns JSON text. The page (web/js/engine.js) calls them
through the worker's ``xworker.sync``; the pacing of the play is the page's own.
Long work (``bot_turn``, ``hint``) is async and thinks in slices, so a later request
(a move, leaving the table) is answered between two slices, and stops it.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

from table import bots
from table.controller import Table
from table.nopeek import NoPeekTable
from table.replay import Replay

_table: Table | None = None
_replay: Replay | None = None  # the replay viewer's record: apart from the match on the table


def _json(reply: Any) -> str:
    return json.dumps(reply, ensure_ascii=False)


def _t() -> Table:
    """The table ``init`` set up (the page calls ``init`` before anything else)."""
    if _table is None:
        raise RuntimeError("the table is not set up: init() comes first")
    return _table


def _boot() -> dict[str, str]:
    """How this worker booted (pyodide-boot.mjs): from the memory snapshot or plainly, and why."""
    try:
        # Pyodide's module of the worker's JS globals (by name: mypy would take web/js for it)
        boot: Any = importlib.import_module("js").korttiBoot
        return {"kind": str(boot.kind), "why": str(boot.why)}
    except Exception:  # noqa: BLE001 (no such record: say nothing rather than fail the boot)
        return {"kind": "unknown", "why": ""}


def init(data: str) -> str:
    """The catalogues the page has (its language's and English's), the words read across
    every language, and the page's language; then the bots are imported, while the reader
    is still in the lobby. Says how the worker booted."""
    global _table
    config = json.loads(data)
    _table = Table(config["messages"], config.get("lang") or "en", config.get("across"))
    return _json({"ok": True, "boot": _boot()})


def add_catalogue(lang: str, messages: str) -> str:
    """A language's words, fetched by the page when used (a switch, a friend who joined in it)."""
    _t().catalogues[str(lang)] = json.loads(messages)
    return _json({"ok": True})


def warm(games: str) -> str:
    bots.preload(json.loads(games))
    return _json({"ok": True})


def start(config: str) -> str:
    return _json(_t().start(json.loads(config)))


def resume(config: str, record: str) -> str:
    return _json(_t().resume(json.loads(config), json.loads(record)))


def act(action: str) -> str:
    return _json(_t().act(action))


def act_cards(verb: str, codes: str) -> str:
    return _json(_t().act_cards(verb, json.loads(codes)))


def check_cards(verb: str, codes: str) -> str:
    return _json(_t().check_cards(verb, json.loads(codes)))


def why(code: str) -> str:
    return _json(_t().why(code))


def category(codes: str) -> str:
    return _json(_t().category(json.loads(codes)))


def suggest() -> str:
    return _json(_t().suggest())


def leave_seat() -> str:
    return _json(_t().leave_seat())


def next_deal(when: str = "") -> str:
    """The next deal; ``when`` "now": the host of a friends table deals without waiting."""
    return _json(_t().next_deal(now=when == "now"))


def undo() -> str:
    return _json(_t().undo())


async def bot_turn() -> str:
    return _json(await _t().bot_turn())


async def hint() -> str:
    return _json(await _t().ask_hint())


async def duplicate(seat: str | int | None = None) -> str:
    """The finished deal again, the hard bot in the human's seat (pass-and-play: that
    person's, ``seat``): {duplicate} or {error}."""
    return _json(await _t().duplicate(None if seat is None else int(seat)))


def set_language(lang: str) -> str:
    return _json(_t().set_language(lang))


def record() -> str:
    return _json(_t().record())


def bot_errors() -> str:
    return _json(_t().players.errors)


def stop() -> str:
    _t().stop()
    return _json({})


def replay_open(request: str) -> str:
    """{record, seat, you, lang} -> the record's deals, names and game, or {error}."""
    global _replay
    data = json.loads(request)
    _replay = Replay(_t().catalogues, data.get("lang") or _t().lang)
    return _json(_replay.open(data.get("record"), data.get("seat"), bool(data.get("you", True)), data.get("lang")))


def replay_step(request: str) -> str:
    """{deal, step, lang} -> the table at that step of the open replay: {model, moments, line}."""
    data = json.loads(request)
    if _replay is None:
        return _json({"error": "no replay is open"})
    return _json(_replay.step(data.get("deal"), data.get("step"), data.get("lang")))


__export__ = ["init", "warm", "start", "resume", "act", "act_cards", "check_cards", "why", "category",
              "suggest", "leave_seat", "next_deal", "undo", "bot_turn", "hint", "duplicate", "set_language", "record",
              "bot_errors", "stop", "replay_open", "replay_step", "add_catalogue"]


# "Review my play" (table/review.py): the page asks for the decisions, then each in turn
# (so it can say "Reviewing decision 3 of 9"); a later request stops a running one.
def review_start(seat: str | int | None = None) -> str:
    return _json(_t().review_start(None if seat is None else int(seat)))


async def review_one(index: str | int) -> str:
    return _json(await _t().review_one(int(index)))


async def review() -> str:
    return _json(await _t().review())


def review_stop() -> str:
    return _json(_t().review_stop())


__export__ += ["review_start", "review_one", "review", "review_stop"]


# A friends table (table/friends.py): the host's page relays each friend's requests from
# another device; every reply carries ``guests``, each friend's own table, for the page to
# send on. Nothing a friend sends is trusted: the controller checks it from that seat.
def guest_join(seat: str | int, name: str, lang: str) -> str:
    return _json(_t().guest_join(int(seat), name, lang))


def guest_leave(seat: str | int) -> str:
    return _json(_t().guest_leave(int(seat)))


def guest_call(seat: str | int, request: str) -> str:
    """{call, args} from the friend in ``seat`` -> {reply, host?, guests?}."""
    try:
        data = json.loads(request)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        data = {}
    return _json(_t().guest_call(int(seat), str(data.get("call")), data.get("args") or []))


async def guest_timeout(seat: str | int) -> str:
    """The friend in ``seat`` ran out of time: {reply, host, guests} or {reply: {error}}."""
    return _json(await _t().guest_timeout(int(seat)))


async def timeout() -> str:
    return _json(await _t().timeout())


__export__ += ["guest_join", "guest_leave", "guest_call", "guest_timeout", "timeout"]


# A no-peek table (table/nopeek.py): every page runs its own seat's partial match; the
# page's JS (net/nopeek-table.js) brings the deal's cards and the other seats' public moves.
def np_sit(config: str, deal: str) -> str:
    """This page's seat at a no-peek table: the table from now on is its NoPeekTable."""
    global _table
    t = _t()
    table = NoPeekTable(t.catalogues, t.lang, t.across)
    reply = table.sit(json.loads(config), json.loads(deal))
    if "error" not in reply:
        _table = table
    return _json(reply)


def _np(call: Callable[[NoPeekTable], Any]) -> str:
    """A call on this page's no-peek seat; before ``np_sit`` (or at another table) an error,
    as every call answers one."""
    table = _table
    if not isinstance(table, NoPeekTable):
        return _json({"error": "not at a no-peek table: np_sit() comes first"})
    return _json(call(table))


def np_plan(config: str) -> str:
    """The first deal's slots, before the seat sits: a table of the config's game, not dealt."""
    return _json(NoPeekTable(_t().catalogues, _t().lang, _t().across).plan_first(json.loads(config)))


def np_join(config: str, deal: str, moves: str) -> str:
    """A friend joins a running no-peek deal in a face-up seat: the deal so far, replayed."""
    global _table
    t = _t()
    table = NoPeekTable(t.catalogues, t.lang, t.across)
    reply = table.join_at(json.loads(config), json.loads(deal), json.loads(moves))
    if "error" not in reply:
        _table = table
    return _json(reply)


def np_next_plan(levels: str = "null") -> str:
    return _np(lambda t: t.plan(json.loads(levels)))


def np_next_deal(deal: str) -> str:
    return _np(lambda t: t.next_deal_at(json.loads(deal)))


def np_take(public: str, cards: str = "null", revealed: str = "null") -> str:
    return _np(lambda t: t.take(public, json.loads(cards), json.loads(revealed)))


def np_check(public: str) -> str:
    return _np(lambda t: t.check(public))


def np_show(seat: str | int, codes: str) -> str:
    return _np(lambda t: t.show(int(seat), json.loads(codes)))


def np_claim(seat: str | int, codes: str) -> str:
    return _np(lambda t: t.claim(int(seat), json.loads(codes)))


def np_receive(codes: str) -> str:
    return _np(lambda t: t.receive(json.loads(codes)))


def np_left(seat: str | int, codes: str, passed_in: str = "[]") -> str:
    return _np(lambda t: t.left_seat(int(seat), json.loads(codes), json.loads(passed_in)))


def np_open_in(seat: str | int) -> str:
    return _np(lambda t: t.open_in(int(seat)))


def np_person_up(seat: str | int, playing: str | bool) -> str:
    return _np(lambda t: t.person_up(int(seat), playing in (True, "true", "1")))


def np_void(said: str) -> str:
    return _np(lambda t: t.void_deal(said))


def np_ready() -> str:
    return _np(lambda t: t.ready())


def np_wait_for(seats: str, host_ready: str | bool = "") -> str:
    return _np(lambda t: t.wait_for(json.loads(seats), host_ready in (True, "true", "1")))


async def np_bot() -> str:
    table = _table
    if not isinstance(table, NoPeekTable):
        return _json({"error": "not at a no-peek table: np_sit() comes first"})
    return _json(await table.bot_move())


def np_acting() -> str:
    return _np(lambda t: t.acting())


def np_audit(request: str) -> str:
    return _np(lambda t: t.audit_deal(json.loads(request)))


def np_known() -> str:
    """Tests: every card code this seat's no-peek match holds."""
    return _json(_table.known_cards() if isinstance(_table, NoPeekTable) else [])


__export__ += ["np_sit", "np_check", "np_plan", "np_next_plan", "np_next_deal", "np_take", "np_show", "np_receive", "np_left",
               "np_claim", "np_bot", "np_audit", "np_known", "np_join", "np_person_up", "np_ready", "np_wait_for",
               "np_void", "np_acting", "np_open_in"]
