""""Review my play": the human's decisions of a finished deal, each judged by the hard bot.

The engine replays the match's own record to just before each of the human's
actions in the deal (``engine.load_record`` on the record cut there), and the review
(``engine.bots.review``) sees only ``match.view(seat)`` at that point, as the hard
bot would have. Forced decisions (one legal action) are left out. Each decision is
reviewed in slices (the worker's event loop gets the hand back between worlds) and
stops with :class:`bots.Cancelled` once ``alive()`` says the answer is unwanted.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import EngineError, Match

from . import bots
from .text import Text

Reply = dict[str, Any]


class Session:
    """One finished deal under review: its decision points, replayed by the engine."""

    def __init__(self, match: Match, seat: int, number: Any = None) -> None:
        self.game = match.NAME
        self.seat = seat
        self.deal = len(match.records) - 1
        record = match.to_record()
        record["deals"] = record["deals"][: self.deal + 1]
        actions = list(record["deals"][-1]["actions"])
        self.points: list[tuple[int, str, Match]] = []  # (step, the human's action, the match before it)
        for step, action in enumerate(actions):
            if action.split(" ", 1)[0] != str(seat):
                continue
            cut = dict(record)
            cut["deals"] = record["deals"][:-1] + [dict(record["deals"][-1], actions=actions[:step])]
            try:
                before = engine.load_record(cut, number)
            except (EngineError, TypeError, ValueError):
                continue  # cannot happen to the engine's own record: such a point is skipped
            # (no listed actions: a free choice, like arranging Call Kitti's sets; one: forced)
            if seat in before.to_act() and len(before.view(seat).get("legal") or []) != 1:
                self.points.append((step, action, before))

    async def one(self, index: int, t: Text, alive: bots.Alive) -> Reply:
        """Decision ``index`` reviewed: the item the page lists (words in ``t``'s language)."""
        from engine.bots.review import review

        step, action, before = self.points[index]
        gen = review(self.game, before.view(self.seat), action, seed=self.deal * 1000 + step)
        result = await bots.think(_Steps(gen), {}, alive)
        item: Reply = {"deal": self.deal, "step": step, "action": action,
                       "action_label": _label(before, action, t), "marked": False}
        if result is None:
            item["skipped"] = True
            return item
        scale = 100.0 if result.unit in ("chance", "hand") else 1.0  # chances shown in per cent
        value_key = f"web.review.value.{result.unit}"
        item.update({
            "best": result.best, "best_label": _label(before, result.best, t),
            "human_value": result.human_value, "best_value": result.best_value, "diff": result.diff,
            "se": result.se, "worlds": result.worlds, "unit": result.unit, "marked": result.marked,
            "human_text": t.render(value_key, {"value": figure(result.human_value * scale, t.lang)}),
            "best_text": t.render(value_key, {"value": figure(result.best_value * scale, t.lang)}),
        })
        if result.marked:
            if result.reason and result.reason in t.messages:
                item["reason"] = t.render(result.reason, result.params).rstrip(".")
            else:
                item["reason"] = t.render("web.review.reason.better",
                                          {"diff": t.render(value_key, {"value": figure(result.diff * scale, t.lang, sign=False)})})
        return item


class _Steps:
    """A review generator in the shape ``bots.think`` runs (a bot's ``steps``)."""

    def __init__(self, gen: Any) -> None:
        self.gen = gen

    def steps(self, view: Any) -> Any:
        return self.gen


def figure(value: float, lang: str, sign: bool = True) -> str:
    """An estimate as the language writes it, with a real minus sign (and a plus: the
    table average is the zero the estimates are measured from).

    >>> figure(-3.64, "en"), figure(1.94, "cs"), figure(0.0, "fi"), figure(2.0, "en", sign=False)
    ('−3.6', '+1,9', '0,0', '2.0')
    """
    from engine.i18n import decimal

    text = decimal(abs(value), lang)
    if not sign or not text.strip("0.,"):
        return text
    return ("−" if value < 0 else "+") + text


def _label(match: Match, action: str, t: Text) -> str:
    try:
        return t.label(match.parse(action))
    except EngineError:
        return action
