"""Hand records (``shared/spec/hand-records.md``): load, check, replay.

:func:`replay_record` plays a record through the public API, so a record is
legal exactly when every one of its actions would be legal at a table. The
first problem met, in replay order, is raised as a :class:`RecordError` that
names the deal and action indices.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import EngineError, RecordError, Refusal
from .state import Match

TOP_KEYS = {"game", "players", "options", "names", "seed", "deals"}
DEAL_KEYS = {"hands", "turned", "actions"}


def parse_json(text: str | bytes) -> Any:
    """The JSON document, or a :class:`RecordError` saying where it breaks."""
    try:
        return json.loads(text)
    except UnicodeDecodeError as e:
        raise RecordError(f"the record is not UTF-8 text: {e.reason}") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise RecordError("the record is not valid JSON: nested too deeply") from None


def load_record(doc: Any, number: int | None = None) -> Match:
    """Replay a record (a parsed JSON object or its text) into a :class:`Match`.

    A ``number`` makes the deals after the record's come from that deal number
    (the table's numbered matches; records keep only the cards)."""
    from . import game_class

    if isinstance(doc, (str, bytes)):
        doc = parse_json(doc)
    if not isinstance(doc, dict):
        raise RecordError("a hand record must be a JSON object")
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in the record (allowed: {', '.join(sorted(TOP_KEYS))})")
    for key in ("game", "players"):
        if key not in doc:
            raise RecordError(f"the record has no {key!r}")
    try:
        cls = game_class(doc["game"])
    except EngineError as e:
        raise RecordError(str(e)) from None
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"'seed' must be a whole number, not {seed!r}")
    names = doc.get("names")
    if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
        raise RecordError("'names' must be a list of strings, one per seat")
    try:
        match = cls(doc["players"], doc.get("options", {}), seed, names, number=number)
    except EngineError as e:
        raise RecordError(str(e)) from None
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("'deals' must be a list")
    for i, deal in enumerate(deals):
        _replay_deal(match, i, deal, seed)
    return match


def _replay_deal(match: Match, i: int, deal: Any, seed: int | None) -> None:
    if not isinstance(deal, dict):
        raise RecordError(f"deal {i} must be a JSON object", i)
    allowed = DEAL_KEYS | {match.START_KEY}
    unknown = sorted(set(deal) - allowed)
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in deal {i} (allowed: {', '.join(sorted(allowed))})", i)
    if match.match_over:
        raise RecordError(f"the match ended before deal {i}: no more deals may follow", i)
    if match.records and not match.deal_over:
        raise RecordError(f"deal {i} starts before deal {i - 1} has ended", i)
    start = deal.get(match.START_KEY)
    hands = deal.get("hands")
    if seed is None:
        if hands is None:
            raise RecordError(f"deal {i} has no 'hands' and the record no 'seed' to deal them from", i)
        if start is None and not match.records:
            raise RecordError(f"the first deal needs its {match.START_KEY!r} (or the record a 'seed')", i)
    try:
        match.start_deal(hands, start, deal.get("turned"))
    except EngineError as e:
        raise RecordError(f"deal {i}: {e}", i) from None
    actions = deal.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"deal {i}: 'actions' must be a list", i)
    for j, text in enumerate(actions):
        seat = _seat_of(text)
        if match.deal_over:
            raise RecordError(f"{text!r}: the deal is already over, no action may follow", i, j,
                              seat=seat, refusal=Refusal("deal_over"))
        try:
            action = match.parse(text)
        except EngineError as e:
            raise RecordError(str(e), i, j, seat=seat,
                              refusal=Refusal("unreadable_move", params={"seat": seat, "action": str(text)})) from None
        refusal = match.check(action)
        if refusal is not None:
            raise RecordError(f"'{action}': {refusal.message()}", i, j, seat=action.seat, refusal=refusal)
        match.apply(action)


def _seat_of(text: Any) -> int | None:
    """The seat an action's text starts with, if it can be read that far."""
    words = text.split() if isinstance(text, str) else []
    return int(words[0]) if words and words[0].isdigit() else None


def replay_record(doc: Any) -> dict[str, Any]:
    """The replay command's JSON object for a record (raises ``RecordError``)."""
    return load_record(doc).replay_summary()
