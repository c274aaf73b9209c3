"""Why a Kočka bot chose what it did: the hint shown to the player, as a message key and params.

Every decision of the Kočka bots carries a reason (``hint.kocka.*`` in
``engine/locale/``) so the page can explain a bot's move or suggest one: a pass is
explained by what it sheds (Hejma, a suit cleared, costly hearts, dangerous cards),
a play by what it does in the trick (a safe lead, a duck, a dump, a forced card).
"""

from __future__ import annotations

from typing import Any

from ...cards import GERMAN, HEJMA
from ...games.kocka import POINTS
from ..base import Decision, View
from .sim import ABOVE, ALL, BELOW, HEARTS, HEJMA_BIT, SUIT, Sim, code


def _explain_pass(hand: int, combo: tuple[int, ...]) -> tuple[str, dict[str, Any]]:
    """Why pass ``combo``: a hint key (without prefix) and its params."""
    m = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
    params: dict[str, Any] = {"cards": [code(c) for c in combo], "deck": "german"}
    cleared = [s for s in range(4) if hand & SUIT[s] and not (hand & ~m) & SUIT[s]]
    if m & HEJMA_BIT:
        return "pass_hejma", params
    if cleared:
        params["suit"] = GERMAN.suits[cleared[0]]
        return "pass_void", params
    if any(c < 8 and POINTS[c] >= 3 for c in combo):
        return "pass_hearts", params
    return "pass_dangerous", params


def _explain_play(sim: Sim, card: int) -> tuple[str, dict[str, Any]]:
    """Why ``card`` is a good play now: a hint key (without prefix) and its params."""
    seat = sim.turn
    hand = sim.hands[seat]
    legal = sim.legal()
    params: dict[str, Any] = {"card": code(card), "deck": "german"}
    if legal & (legal - 1) == 0:
        return "forced", params
    unseen = ALL & ~(hand | sim.played)
    if not sim.plays:
        lo = (unseen & BELOW[card]).bit_count()
        hi = (unseen & ABOVE[card]).bit_count()
        if lo == 0 and hi:
            return ("lead_hejma" if card == HEJMA else "lead_safe"), params
        rest = hand & ~(1 << card)
        if sim.ntricks >= 5 and rest & SUIT[card >> 3] & BELOW[card]:
            low = rest & SUIT[card >> 3] & -(rest & SUIT[card >> 3])
            params["card"] = code(low.bit_length() - 1)
            return "keep_low", params
        if hi == 0:
            return "lead_win", params
        return "lead_low", params
    if card >> 3 == sim.lead:
        if card < sim.best:
            params["best"] = code(sim.best)
            return "duck", params
        return "take", params
    if card == HEJMA:
        return "dump_hejma", params
    if card < 8:
        return "dump_heart", params
    keep = hand & HEJMA_BIT or (hand & SUIT[HEARTS] and (hand & SUIT[HEARTS]).bit_length() - 1 >= 5)
    if keep:
        held = HEJMA if hand & HEJMA_BIT else (hand & SUIT[HEARTS]).bit_length() - 1
        params["cards"] = [code(held)]
        return "dump_high_keep", params
    return "dump_high", params


def play_decision(sim: Sim, card: int) -> Decision:
    """Playing ``card`` for the seat to act in ``sim``, with its hint."""
    reason, params = _explain_play(sim, card)
    return Decision(f"{sim.turn} play {code(card)}", "hint.kocka." + reason, params)


def pass_decision(view: View, hand: int, combo: tuple[int, ...]) -> Decision:
    """Passing ``combo`` from ``hand`` for the view's seat, with its hint."""
    reason, params = _explain_pass(hand, combo)
    action = f"{view['seat']} pass " + " ".join(code(c) for c in sorted(combo))
    return Decision(action, "hint.kocka." + reason, params)
