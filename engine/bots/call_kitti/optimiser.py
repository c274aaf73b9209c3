"""Arranging thirteen cards: the best four sets and discard under a strength table.

Medium and hard split a hand by maximising Σ w[k][value rank of the k-th set] (the
expected shows won under :data:`.strength.WIN`); the hard bot keeps its few best
splits to compare them in money, and samples opponents' arrangements with the same
search. The search is a branch and bound over the hand's 286 sets in value order,
the same answer as trying all 200,200 splits. Easy's greedy split is here too.
"""

from __future__ import annotations

import heapq

from .sim import FULL, HAND, SHOWS, sorted_hand, triples
from .strength import WIN, Table


def search(masks: list[int], vals: list[int], w: Table) -> tuple[float, tuple[int, int, int, int]]:
    """The best split: the four disjoint sets (indices into the sorted list) with the
    highest Σ w[k][value of the k-th set], found by :func:`search_top`."""
    (best,) = search_top(masks, vals, w, 1)  # a 13-card hand always has a split
    return best[0], (best[1][0], best[1][1], best[1][2], best[1][3])


def search_top(masks: list[int], vals: list[int], w: Table, count: int) -> list[tuple[float, tuple[int, ...]]]:
    """Branch and bound keeping the ``count`` best splits (best first).

    Sets are taken in value order (a < b < c < d), so each split is met once and
    set k plays show k. Every ``w[k]`` grows with the value, so ``w[k][v]`` of the
    current candidate bounds every later one: when the bound (the count-th best
    score so far) fails, the rest of the loop fails too (break, not continue).
    """
    w0, w1, w2, w3 = w
    n = len(masks)
    heap: list[tuple[float, tuple[int, ...]]] = []
    bar = -1.0
    for a in range(n):
        va = vals[a]
        sa = w0[va]
        if sa + w1[va] + w2[va] + w3[va] <= bar:
            break
        ma = masks[a]
        for b in range(a + 1, n):
            mb = masks[b]
            if ma & mb:
                continue
            vb = vals[b]
            sb = sa + w1[vb]
            if sb + w2[vb] + w3[vb] <= bar:
                break
            mab = ma | mb
            for c in range(b + 1, n):
                mc = masks[c]
                if mab & mc:
                    continue
                vc = vals[c]
                sc = sb + w2[vc]
                if sc + w3[vc] <= bar:
                    break
                mabc = mab | mc
                for d in range(c + 1, n):
                    if masks[d] & mabc:
                        continue
                    score = sc + w3[vals[d]]
                    if score <= bar:
                        break
                    # equal value ranks make equal splits for the shows: keep one
                    key = (vals[a], vals[b], vals[c], vals[d])
                    if any(tuple(vals[i] for i in t) == key for _, t in heap):
                        continue
                    heapq.heappush(heap, (score, (a, b, c, d)))
                    if len(heap) > count:
                        heapq.heappop(heap)
                    if len(heap) == count:
                        bar = heap[0][0]
    return sorted(heap, reverse=True)


def split(cards: list[int], masks: list[int], idx: tuple[int, ...]) -> tuple[list[list[int]], int]:
    """The sets ``idx`` (indices into ``masks``) as cards, and the card left over."""
    used = 0
    sets = []
    for t in idx:
        m = masks[t]
        used |= m
        sets.append([cards[i] for i in range(HAND) if m >> i & 1])
    return sets, cards[(FULL ^ used).bit_length() - 1]


def optimise(hand: list[int], w: Table | None = None) -> tuple[float, list[list[int]], int, list[int]]:
    """The best split of ``hand`` under table ``w``: (score, four sets in show order,
    discard, value ranks of the sets)."""
    cards = sorted_hand(hand)
    masks, vals = triples(cards)
    score, idx = search(masks, vals, w or WIN)
    sets, discard = split(cards, masks, idx)
    return score, sets, discard, [vals[t] for t in idx]


def fast_vals(hand: list[int], w: Table) -> tuple[float, list[int]]:
    """Only the optimum's score and the value ranks of its sets (for sampled opponents)."""
    masks, vals = triples(sorted_hand(hand))
    score, idx = search(masks, vals, w)
    return score, [vals[t] for t in idx]


def greedy(hand: list[int]) -> tuple[list[list[int]], int, list[int]]:
    """Easy: the best set, then the best set of the rest, and so on."""
    cards = sorted_hand(hand)
    masks, vals = triples(cards)
    used = 0
    sets, vr = [], []
    for m, v in zip(masks, vals):
        if m & used:
            continue
        used |= m
        sets.append([cards[i] for i in range(HAND) if m >> i & 1])
        vr.append(v)
        if len(sets) == SHOWS:
            break
    return sets, cards[(FULL ^ used).bit_length() - 1], vr
