"""A hand record, step by step and in words: the positions a live example shows.

:func:`build` replays a record through the engine's public API and returns, for
each position, everything a page needs to draw it without Python: the hands, the
cards on the table, each seat's status, who acts, and two sentences: what just
happened, and why (why the card was allowed or forced, why the trick was won).
Every "why" is the engine's: its events, its legal actions and its public answers
(see :class:`narrator.Narrator`); nothing here decides a rule. The same code runs at build
time (the rules pages carry its output) and in the browser (an embed computes it from
the record in its URL).
"""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.errors import EngineError, RecordError

from . import words as W
from .narrate_call_kitti import CallKittiNarrator
from .narrate_katko import KatkoNarrator
from .narrate_katte import KatteNarrator
from .narrate_kocka import KockaNarrator
from .narrator import Narrator

STEP_KEYS = ("h", "hands", "table", "st", "act", "dealer", "out", "info", "text", "why")


def _error(e: EngineError, lang: str) -> dict[str, Any]:
    deal = getattr(e, "deal", None)
    action = getattr(e, "action", None)
    if deal is not None and action is not None:
        where = W.t(lang, "error.where_action", deal=deal + 1, action=action + 1)
    elif deal is not None:
        where = W.t(lang, "error.where_deal", deal=deal + 1)
    else:
        where = ""
    return {"deal": deal, "action": action, "message": str(getattr(e, "message", e)), "where": where}


def build(doc: Any, lang: str = "en", turn: tuple[int, int] | None = None) -> dict[str, Any]:
    """The example's steps, or ``{"error": …}`` for a record the engine refuses.

    ``turn`` (deal index, action index) asks for a "your turn" question before that
    action: the answer carries ``question`` with the step it stops at.
    """
    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except (ValueError, RecursionError) as e:
            return {"error": {"deal": None, "action": None, "message": f"not valid JSON: {e}", "where": ""}}
    try:
        final = engine.load_record(doc)
    except RecordError as e:
        return {"error": _error(e, lang)}
    except EngineError as e:  # pragma: no cover (load_record wraps them all)
        return {"error": _error(e, lang)}
    cls = engine.game_class(doc["game"])
    match = cls(doc["players"], doc.get("options", {}), doc.get("seed"), doc.get("names"))
    names = W.names_for(doc.get("names"), match.players, lang)
    narrator = NARRATORS[cls.NAME](match, names, lang, len(doc.get("deals", [])))
    question: dict[str, Any] | None = None
    for i, deal in enumerate(doc.get("deals", [])):
        events = match.start_deal(deal.get("hands"), deal.get(match.START_KEY), deal.get("turned"))
        narrator.begin(i, events)
        for j, text in enumerate(deal.get("actions", [])):
            action = match.parse(text)
            if turn == (i, j):
                question = narrator.question(action, i, j)
            narrator.before(action)
            narrator.after(action, match.apply(action))
        if not match.deal_over:
            narrator.pending()
    if turn is not None and question is None:
        return {"error": {"deal": turn[0], "action": turn[1], "where": "",
                          "message": f"the record has no action {turn[1] + 1} in deal {turn[0] + 1} to ask about"}}
    out: dict[str, Any] = {
        "game": cls.NAME,
        "deck": cls.DECK.name,
        "players": match.players,
        "names": names,
        "title": W.engine_text(f"game.{cls.NAME}", lang),
        "labels": narrator.option_labels(),
        "steps": compress(narrator.steps),
        "log": narrator.log,
        "outcome": narrator.outcome,
        "summary": final.replay_summary(),
    }
    if question is not None:
        out["question"] = question
    return out


def compress(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step keeps only what changed since the one before (the page merges them)."""
    out = []
    prev: dict[str, Any] = {}
    for step in steps:
        out.append({k: v for k, v in step.items() if prev.get(k, None) != v or not prev})
        prev = step
    return out


def expand(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    full = []
    cur: dict[str, Any] = {}
    for step in steps:
        cur = {**cur, **step}
        full.append(cur)
    return full


NARRATORS: dict[str, type[Narrator]] = {
    "katko": KatkoNarrator,
    "katte": KatteNarrator,
    "kocka": KockaNarrator,
    "call-kitti": CallKittiNarrator,
}
