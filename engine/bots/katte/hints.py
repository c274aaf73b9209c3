"""Why a Katte bot chose its move: a message key and card params for the hint.

Every level's decision carries one (``hint.katte.*`` in ``engine/locale``), and the
review of a human's play reuses it for the better move, so the reason is told from
the position alone: the move is forced, a lead (a card nobody can beat, or a low
one), a must-beat, a beat or a discard that keeps the best cards for the end, taking
the showdown lead in trick 4, or the trick-5 showdown with the chance of winning the
hand when the hard bot has measured it.
"""

from __future__ import annotations

from typing import Any

from ..base import Decision
from .policy import keep_value, known_to
from .sim import ABOVE, Move, action_of, code
from .worlds import Facts


def hint(facts: Facts, move: Move, legal: list[str], chance: float | None = None) -> Decision:
    """The move with a short reason (a message key and card params)."""
    sim = facts.sim
    me = facts.me
    card, up = move
    action = action_of(me, move)
    params: dict[str, Any] = {"card": code(card), "deck": "french"}
    if chance is not None:
        params["chance"] = round(chance * 100)
    hand = sim.hands[me]
    known = known_to(sim, me)
    rest = [c for c in hand if c != card]
    if len(legal) == 1:
        return Decision(action, "hint.katte.forced", params)
    if sim.trick_no == 5:
        params["cards"] = [code(c) for c in rest]
        return Decision(action, "hint.katte.showdown", params)
    if not sim.plays:
        if not ABOVE[card] & ~known:
            return Decision(action, "hint.katte.lead_master", params)
        return Decision(action, "hint.katte.lead_low", params)
    params["best"] = code(sim.best)
    if up and not sim.won[me]:
        return Decision(action, "hint.katte.must_beat", params)
    keep = sorted(rest, key=lambda c: -keep_value(c, known))[:2]
    params["cards"] = [code(c) for c in keep]
    if up:
        if sim.trick_no == 4:
            return Decision(action, "hint.katte.take_lead", params)
        return Decision(action, "hint.katte.beat", params)
    return Decision(action, "hint.katte.discard", params)
