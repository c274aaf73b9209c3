"""The hard bot's sampled opponents: hands that fit the view, weighted by their bids.

A seat cannot see 39 cards; a sampled deal gives them to the three others, and each
hand is arranged by the optimiser (the opponents are modelled as playing well). A
hand is weighted by how well it explains the bid its seat already made (a softmax
over medium's bid utilities, :func:`.values.softmax`); a seat still to bid is given
the bid that model prefers. The search then mixes one pooled hand per seat into
many more worlds than were dealt (``WORLDS_PER_SAMPLE``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ...cards import FRENCH
from ..base import Budget, View
from .optimiser import fast_vals
from .sim import HAND, MAX_BID, SEATS
from .strength import WIN, win_chances
from .values import bid_utilities, shows_distribution, softmax
from .views import hand

WORLDS_PER_SAMPLE = 8  # worlds mixed from the pool per sampled deal


class Pool:
    """Sampled hands of the three others for one decision (see :func:`sample_pool`)."""

    def __init__(self, others: list[int]) -> None:
        self.others = others
        self.vals: dict[int, list[list[int]]] = {s: [] for s in others}
        self.weight: dict[int, list[float]] = {s: [] for s in others}
        self.bid: dict[int, list[int]] = {s: [] for s in others}
        self.picks: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return len(self.vals[self.others[0]])


def sample_pool(view: View, rng: random.Random, budget: Budget, share: float) -> Generator[None, None, Pool]:
    """Sampled deals of the cards ``view``'s seat cannot see, ``budget.samples`` of them
    or fewer when ``share`` of ``budget.seconds`` has gone; then each seat's picks
    (drawn by weight) for the mixed worlds. Yields after each deal."""
    seat = view["seat"]
    known = view["bids"]
    own = set(hand(view))
    if view["arrangement"] is not None:
        own |= {FRENCH.parse(c) for s in view["arrangement"]["sets"] for c in s}
        own.add(FRENCH.parse(view["arrangement"]["discard"]))
    unseen = [c for c in range(52) if c not in own]
    pool = Pool([s for s in range(SEATS) if s != seat])
    start = time.perf_counter()
    while len(pool) < max(1, budget.samples):
        rng.shuffle(unseen)
        for i, s in enumerate(pool.others):
            _, v = fast_vals(unseen[i * HAND:(i + 1) * HAND], WIN)
            us = bid_utilities(shows_distribution(win_chances(v)))
            pool.vals[s].append(v)
            known_bid = known[s]
            pool.weight[s].append(1.0 if known_bid is None else softmax(us)[known_bid])
            pool.bid[s].append(max(range(MAX_BID + 1), key=lambda b: (us[b], -b)))
        if budget.seconds is not None and time.perf_counter() - start > budget.seconds * share:
            break
        yield
    n = len(pool)
    for s in pool.others:
        weights = pool.weight[s]
        pool.picks[s] = rng.choices(range(n), weights=weights if sum(weights) > 0 else None,
                                    k=n * WORLDS_PER_SAMPLE)
    return pool
