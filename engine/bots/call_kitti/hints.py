"""The bots' decisions with their explanations, and the table's "suggest" button.

Every level explains an arrangement, a bid or a six-pairs declaration the same way:
a catalogue key (``hint.call-kitti.*`` in ``engine/locale``) and its parameters, so
the table can say in the player's language why (the sets' categories and the
expected shows won; the bid's expected shows won and its chance to make it).
"""

from __future__ import annotations

from ...cards import FRENCH
from ...games.call_kitti import set_category
from ..base import Decision, View
from .optimiser import optimise
from .sim import MAX_BID
from .views import arrange_words, bid_action, hand


def arrange_decision(seat: int, sets: list[list[int]], discard: int, expected: float) -> Decision:
    """An arrangement with its sets' categories and the shows it expects to win."""
    return Decision(arrange_words(seat, sets, discard), "hint.call-kitti.arrange", {
        "categories": [set_category(s) for s in sets],
        "card": FRENCH.code(discard), "deck": "french", "expected": round(expected, 1)})


def declare_decision(seat: int) -> Decision:
    """Six pairs declared (C-4): the hand is worth less than a fresh deal."""
    return Decision(f"{seat} declare", "hint.call-kitti.declare", {})


def bid_decision(view: View, number: int, dist: list[float]) -> Decision:
    """A bid with the expected shows won and the chance of winning at least ``number``."""
    expected = sum(w * p for w, p in enumerate(dist))
    chance = round(100 * sum(dist[number:]))
    key = "hint.call-kitti." + ("bid_zero" if number == 0 else "bid_four" if number == MAX_BID else "bid")
    return Decision(bid_action(view, number), key,
                    {"number": number, "expected": round(expected, 1), "chance": chance})


def suggest_arrangement(view: View) -> Decision:
    """The table's "suggest" button: the optimiser's split, with the categories named."""
    score, sets, discard, _ = optimise(hand(view))
    return arrange_decision(view["seat"], sets, discard, score)
