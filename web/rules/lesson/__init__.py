"""Live examples for the rules pages: a hand record as steps in words, and "your turn".

The page's worker calls :func:`call` with JSON and gets JSON back, so no Python
object crosses into JavaScript.
"""

from __future__ import annotations

import json
from typing import Any

from . import steps, turn

__all__ = ["call", "steps", "turn"]


def call(request: str) -> str:
    """``{"fn": "steps"|"verdict"|"bot", ...}`` → the answer as JSON."""
    req: dict[str, Any] = json.loads(request)
    fn = req.get("fn")
    lang = req.get("lang", "en")
    try:
        if fn == "steps":
            t = req.get("turn")
            result: Any = steps.build(req["record"], lang, tuple(t) if t else None)
        elif fn == "verdict":
            result = turn.verdict(req["record"], req["deal"], req["action"], req["move"], lang)
        elif fn == "bot":
            result = turn.bot(req["record"], req["deal"], req["action"], lang)
        else:
            result = {"error": {"message": f"unknown function {fn!r}"}}
    except Exception as e:  # noqa: BLE001  (a message in the frame, never a stack trace)
        result = {"error": {"message": f"{type(e).__name__}: {e}", "deal": None, "action": None, "where": ""}}
    return json.dumps(result, ensure_ascii=False)
