"""The bots' fast private copy of the Call Kitti rules, and its adapter to the engine.

The hard bot and the review play thousands of deals per decision, far too many for
the engine's ``Match``, so this module keeps the rules they need in a cheap form: a
set is its *value rank* (the dense rank of :func:`engine.games.call_kitti.set_value`
among the distinct values of all 22,100 sets, so comparing ranks is the engine's
comparison of sets), the four shows (C-7) are :func:`play_shows` over ranks, and a
deal's scoring (C-8, C-9) is :func:`score_deal`. A copy of the rules can drift, so
:func:`simulator_for` sets it up from a real match behind the common face of
``engine/bots/simulator.py``, and ``tests/test_simulators.py`` plays it side by side
with the engine.

>>> from engine.games.call_kitti import CallKitti
>>> m = CallKitti.new(4, seed=5)
>>> sim = simulator_for(m)
>>> sim.to_act(), sim.legal_actions()   # arranging: too many actions to list
(0, None)
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...cards import FRENCH
from ...games.call_kitti import pair_count, set_value

if TYPE_CHECKING:
    from ...games.call_kitti import CallKitti
    from ..simulator import Simulator

SEATS = 4
SHOWS = 4
HAND = 13
GOAL = 5
MAX_BID = 4
SIX_PAIRS = 6  # C-4

# ------------------------------------------------------------------ value ranks

# Every set, by its ranks high to low (r1 >= r2 >= r3) and whether it is one-suited,
# maps to a key r1*169 + r2*13 + r3 (+ 2197 when one-suited); VRANK[key] is its value rank.


def _build_vranks() -> tuple[list[int], int]:
    values: dict[int, tuple[int, ...]] = {}
    for r1 in range(13):
        for r2 in range(r1 + 1):
            for r3 in range(r2 + 1):
                key = r1 * 169 + r2 * 13 + r3
                values[key] = set_value((r1, 13 + r2, 26 + r3))  # three suits
                if r1 != r2 and r2 != r3:
                    values[key + 2197] = set_value((r1, r2, r3))  # one suit
    order = sorted(set(values.values()))
    dense = {v: i for i, v in enumerate(order)}
    table = [-1] * (2 * 2197)
    for key, v in values.items():
        table[key] = dense[v]
    return table, len(order)


VRANK, NV = _build_vranks()
TRIPLES = list(combinations(range(HAND), 3))
TMASK = [(1 << i) | (1 << j) | (1 << k) for i, j, k in TRIPLES]
FULL = (1 << HAND) - 1
_BACKWARDS = range(len(TRIPLES) - 1, -1, -1)


def sorted_hand(hand: list[int]) -> list[int]:
    """Cards high rank first, so that a triple i < j < k has its ranks in order."""
    return sorted(hand, key=lambda c: (-(c % 13), c // 13))


def triples(cards: list[int]) -> tuple[list[int], list[int]]:
    """The hand's 286 sets, strongest first: (masks of local card indices, value ranks);
    equal values in descending triple order (the order the bots' goldens were made in)."""
    rk = [c % 13 for c in cards]
    r169 = [r * 169 for r in rk]
    r13 = [r * 13 for r in rk]
    su = [c // 13 for c in cards]
    vr = VRANK
    vals = [vr[r169[i] + r13[j] + rk[k] + (2197 if su[i] == su[j] == su[k] else 0)] for i, j, k in TRIPLES]
    # a stable sort of the triples taken last to first: by value, then by triple, both descending
    order = sorted(_BACKWARDS, key=vals.__getitem__, reverse=True)
    return [TMASK[t] for t in order], [vals[t] for t in order]


def hand_vrank(trio: list[int] | tuple[int, ...]) -> int:
    """The value rank of one set (cards as ints)."""
    cards = sorted_hand(list(trio))
    rk = [c % 13 for c in cards]
    key = rk[0] * 169 + rk[1] * 13 + rk[2]
    if cards[0] // 13 == cards[1] // 13 == cards[2] // 13:
        key += 2197
    return VRANK[key]


# ------------------------------------------------------------------ shows and scoring


def play_shows(vals: list[list[int]]) -> list[int]:
    """Shows won per seat (C-7) from each seat's set value ranks in show order;
    a complete tie is won by nobody. (The leader never changes who wins.)"""
    won = [0] * SEATS
    for k in range(SHOWS):
        top, who, tied = -1, -1, False
        for s in range(SEATS):
            v = vals[s][k]
            if v > top:
                top, who, tied = v, s, False
            elif v == top:
                tied = True
        if not tied:
            won[who] += 1
    return won


def _specials(bids: list[int], won: list[int]) -> tuple[list[int], bool]:
    """C-9 at a base price of 1: (payments, whether the deal is struck)."""
    pay = [0] * SEATS
    special = False
    four_paid = set()
    for s in range(SEATS):
        if bids[s] == MAX_BID:
            sign = 2 if won[s] == SHOWS else -2
            special = True
            if sign > 0:
                four_paid.add(s)
            for o in range(SEATS):
                pay[o] -= sign
            pay[s] += SEATS * sign
    if min(bids) > 0:
        made = [s for s in range(SEATS) if won[s] >= bids[s]]
        if len(made) == 1:
            special = True
            if made[0] not in four_paid:
                for o in range(SEATS):
                    pay[o] -= 2
                pay[made[0]] += 2 * SEATS
    return pay, special


def score_deal(bids: list[int], won: list[int], points: list[int], carry: list[int],
               wati: list[int], goals: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """C-8/C-9 for one deal: (points, lifetime WATI, goals, payments) afterwards.

    ``carry`` is each seat's WATI not yet turned into a point. The test of this
    module's adapter and ``tests/test_bots_call_kitti.py`` check it against the engine.
    """
    pay, special = _specials(bids, won)
    if special:
        return list(points), list(wati), list(goals), pay
    pts, wt, gl = list(points), list(wati), list(goals)
    for s in range(SEATS):
        b, w = bids[s], won[s]
        if b == 0:
            continue
        if w == b:
            pts[s] += b
        elif w > b:
            wt[s] += w - b
            pts[s] += b + (carry[s] + w - b) // 5
        else:
            pts[s] -= b
            gl[s] += b
    return pts, wt, gl, pay


# ------------------------------------------------------------------ the engine's face


class _Deal:
    """One deal of a real match in the fast form (see :func:`simulator_for`)."""

    def __init__(self, match: CallKitti) -> None:
        self.dealer = match.dealer
        self.pairs = [pair_count(h) for h in match.hands]
        self.vals: list[list[int] | None] = [
            None if sets is None else sorted((hand_vrank(t) for t in sets), reverse=True)
            for sets in match.sets]
        self.bids: list[int | None] = list(match.bids)
        self.bidder = match.bidder
        self.base: int = match.base
        self.standing = (list(match.points), list(match.wati_carry), list(match.wati_total),
                         list(match.goals))
        self.result: dict[str, Any] = {}
        self.over = match.deal_over

    def _first_bid_open(self) -> bool:
        return self.bids[(self.dealer + 1) % SEATS] is None

    def to_act(self) -> int:
        if self.over:
            return -1
        waiting = [s for s in range(SEATS) if self.vals[s] is None]
        return waiting[0] if waiting else self.bidder

    def legal_actions(self) -> list[str] | None:
        seat = self.to_act()
        if seat < 0:
            return []
        if any(v is None for v in self.vals):
            return None  # arranging: every split of the 13 cards (C-5)
        actions = [f"{seat} bid {n}" for n in range(MAX_BID + 1)]
        if self.pairs[seat] >= SIX_PAIRS and self._first_bid_open():
            actions.append(f"{seat} declare")
        return sorted(actions)

    def apply(self, action: str) -> None:
        words = action.split()
        seat, verb = int(words[0]), words[1]
        if verb == "declare":
            zeros = [0] * SEATS
            self.result = {"cancelled": True, "declared_by": seat, "bids": list(self.bids),
                           "won": zeros, "points": zeros, "struck": False, "payments": zeros,
                           "wati": zeros, "goals": zeros}
            self.over = True
        elif verb == "arrange":
            groups = " ".join(words[2:]).split(" / ")[:SHOWS]
            trios = [[FRENCH.parse(c) for c in g.split()] for g in groups]
            self.vals[seat] = sorted((hand_vrank(t) for t in trios), reverse=True)  # C-7: show order
        else:
            self.bids[seat] = int(words[2])
            self.bidder = (seat + 1) % SEATS
            if all(b is not None for b in self.bids):
                self._finish()

    def _finish(self) -> None:
        bids = [b for b in self.bids if b is not None]
        won = play_shows([v for v in self.vals if v is not None])
        points, carry, wati, goals = self.standing
        pts, wt, gl, pay = score_deal(bids, won, points, carry, wati, goals)
        _, struck = _specials(bids, won)
        self.result = {
            "cancelled": False, "bids": bids, "won": won, "struck": struck,
            "points": [a - b for a, b in zip(pts, points)],
            "wati": [a - b for a, b in zip(wt, wati)],
            "goals": [a - b for a, b in zip(gl, goals)],
            "payments": [p * self.base for p in pay],
        }
        self.over = True

    def outcome(self) -> dict[str, Any]:
        return dict(self.result)


def simulator_for(match: CallKitti) -> Simulator:
    """The fast rules set up with the true deal of ``match`` (every card known)."""
    return _Deal(match)
