""""Your turn": the engine's verdict on a move, and what the hard bot would do and why.

Both work on the record cut just before the asked action, so the position is
exactly the one the example shows.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import engine
from engine.errors import EngineError

from . import words as W

BOT_SEED = 1  # the same answer every time, in the page and in tests


def position(doc: Any, deal: int, action: int) -> engine.Match:
    """The match just before ``action`` of ``deal``."""
    if isinstance(doc, (str, bytes)):
        doc = json.loads(doc)
    cut = copy.deepcopy(doc)
    cut["deals"] = cut["deals"][:deal + 1]
    cut["deals"][deal]["actions"] = cut["deals"][deal].get("actions", [])[:action]
    return engine.load_record(cut)


def _message(key: str, params: dict[str, Any], lang: str) -> str:
    """A catalogue message: the engine's own words, or (for languages the engine does
    not have this key in yet) the pages' translation of it, else English."""
    from engine.i18n import catalogue, render

    if key in catalogue(lang):
        return render(key, params, lang)
    own = W.lookup(key, lang)  # this language's page strings, else English ones
    if own is None or (key in catalogue("en") and key not in W._CATALOGUE.get(lang, {})):
        return render(key, params, lang)
    p = dict(params)
    deck = p.pop("deck", None)
    if deck:
        for k in ("card", "cards", "best", "winning"):
            if k in p:
                v = p[k]
                p[k] = [W.card_name(c, deck, lang) for c in v] if isinstance(v, (list, tuple)) \
                    else W.card_name(v, deck, lang)
        if "suit" in p:
            p["suit"] = W.suit(deck, p["suit"], lang)
    flat = {k: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for k, v in p.items()}
    return own.format_map(_Keep(flat))


class _Keep(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def verdict(doc: Any, deal: int, action: int, move: str, lang: str = "en") -> dict[str, Any]:
    """Is ``move`` (record notation, e.g. ``"2 play 8S"``) legal at that point?

    ``{"legal": True}`` or ``{"legal": False, "message": …, "rule": "T-7"}``.
    """
    match = position(doc, deal, action)
    try:
        parsed = match.parse(move)
    except EngineError as e:
        return {"legal": False, "message": str(e), "rule": ""}
    refusal = match.check(parsed)
    if refusal is None:
        return {"legal": True, "move": str(parsed), "label": _label(match, parsed, lang)}
    return {"legal": False, "move": str(parsed), "label": _label(match, parsed, lang),
            "message": _message("refusal." + refusal.code, refusal.params, lang), "rule": refusal.rule}


def _label(match: engine.Match, action: engine.Action, lang: str) -> str:
    words = str(action).split()
    verb = words[1]
    if verb in ("play", "discard"):
        return W.t(lang, f"turn.{verb}", card=W.cards([words[2]]))
    if verb == "pass":
        return W.t(lang, "turn.pass", cards=W.cards(words[2:]))
    if verb == "bid":
        return W.t(lang, "turn.bid", n=words[2])
    if verb == "declare":
        return W.t(lang, "turn.declare")
    return str(action)


def bot(doc: Any, deal: int, action: int, lang: str = "en", samples: int = 120,
        seconds: float | None = 4.0) -> dict[str, Any]:
    """What the hard bot would do there, seeing only what that player sees, and why."""
    from engine.bots import Budget, make_bot

    match = position(doc, deal, action)
    seats = match.to_act()
    if not seats:
        return {"action": None, "label": "", "reason": ""}
    # the asked action's seat (in a phase where all act at once, several may be to act)
    cut = doc if not isinstance(doc, (str, bytes)) else json.loads(doc)
    seat = int(cut["deals"][deal]["actions"][action].split()[0])
    player = make_bot(match.NAME, "hard", BOT_SEED, Budget(samples, seconds))
    decision = player.decide(match.view(seat))
    parsed = match.parse(decision.action)
    reason = _message(decision.reason, decision.params, lang) if decision.reason else ""
    return {"action": decision.action, "label": _label(match, parsed, lang), "reason": reason}
