"""The Katko bots' words: each decision's hint, a message key and its card params.

A bot's decision carries a reason the table shows as a hint ("throw away the 3",
"keep the ace for the last trick", "win this trick to lead the last one", "keep the 2
for the deuce bonus"): ``hint.katko.<reason>`` in ``engine/locale``, with the card
played and the card kept. :func:`decision` builds it; :func:`hard_decision` finds the
words for a card the hard bot's search chose over medium's plan.
"""

from __future__ import annotations

from typing import Any

from ..base import Decision, View
from .policy import Counting
from .sim import DEUCE, RANKS, code_of
from .worlds import Info


def decision(view: View, card: int, reason: str, keep: int) -> Decision:
    """The action for ``card`` with its hint: a message key and card params."""
    params: dict[str, Any] = {"card": code_of(card), "deck": "french"}
    if keep >= 0:
        params["cards"] = [code_of(keep)]
    elif reason in ("keep", "deuce", "dump", "win_lead"):
        reason = "play"
    return Decision(f"{view['seat']} play {code_of(card)}", f"hint.katko.{reason}", params)


def hard_decision(view: View, info: Info, best: int, card_m: int, reason: str, keep: int) -> Decision:
    """The hard bot's play ``best`` with its hint: medium's words when medium chose the
    same card (``card_m``, ``reason``, ``keep``), else the card it keeps for the end."""
    if best == card_m:
        return decision(view, best, reason, keep)
    rest = list(info.hand)
    rest.remove(best)
    keep = max(rest, key=lambda c: Counting(info).wins_last(c, True))
    if info.bonus and keep % RANKS == DEUCE:
        reason = "deuce"
    elif info.left == 2:
        reason = "win_lead" if info.trick_probe().beats(best) else "keep"
    else:
        # "throw away" only for the cheapest card; otherwise say what is kept
        reason = "dump" if best % RANKS == min(c % RANKS for c in info.legal) else "keep"
    return decision(view, best, reason, keep)
