"""Reading a Call Kitti view and writing actions, for every level.

A seat sees its 13 cards (``hand``), its own arrangement once made, and what is
public; the bots read cards as ints (``FRENCH``) and answer in record notation
(``"2 arrange AS KS QS / … / 4D"``, ``"2 bid 3"``).
"""

from __future__ import annotations

from ...cards import FRENCH
from ..base import View
from .sim import hand_vrank


def hand(view: View) -> list[int]:
    """The seat's cards."""
    return [FRENCH.parse(c) for c in view["hand"]]


def arrange_words(seat: int, sets: list[list[int]], discard: int) -> str:
    """The ``arrange`` action for four sets in show order and a discard."""
    words = " / ".join(" ".join(FRENCH.codes(s)) for s in sets)
    return f"{seat} arrange {words} / {FRENCH.code(discard)}"


def arranged_vals(view: View) -> list[int]:
    """The value ranks of the seat's own sets, in show order (once arranged)."""
    arrangement = view["arrangement"]
    return [hand_vrank([FRENCH.parse(c) for c in s]) for s in arrangement["sets"]]


def bid_action(view: View, number: int) -> str:
    return f"{view['seat']} bid {number}"


def wants_arrangement(view: View) -> bool:
    """Whether the seat has still to arrange its cards."""
    return bool(view["phase"] == "arrange" and view["arrangement"] is None)
