"""The hard bot: arrangement and bid judged in money over sampled opponents.

It keeps the optimiser's four best splits and plays the one worth most; the bid
comes from the distribution of shows won in sampled worlds (:mod:`.worlds`), each
candidate bid scored with C-8/C-9 (bid 4, sole successful bid, struck deals)
through :func:`.values.match_value` (points, goals, WATI, how near each seat is to
5 points). Six pairs are declared when the hand is worth less than a fresh deal.
The worlds are valued by the shared driver :func:`engine.bots.search.sampled_values`.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from ..base import Bot, Budget, Decision, Steps, View
from ..search import Tally, sampled_values
from .hints import arrange_decision, bid_decision, declare_decision
from .optimiser import search_top, split
from .sim import MAX_BID, SEATS, SHOWS, play_shows, score_deal, sorted_hand, triples
from .strength import WIN
from .values import FRESH_DEAL_HARD, match_value
from .views import arranged_vals, hand, wants_arrangement
from .worlds import Pool, sample_pool

ARENA_SAMPLES = 144
"""Sampled deals per bid in the page, the arena and tests: p95 within the normal pace's 700 ms pause in Pyodide."""
ARRANGE_SAMPLES = 48
"""Sampled deals per arrangement: each candidate split is valued on them, which costs
several bids' worth, and the arrangement is where search adds least (docs/bot-experiments.md)."""


class HardBot(Bot):
    """The optimiser's best splits, judged by money; declaration and bid from sampled
    opponents (see the module doc)."""

    level = "hard"
    CANDIDATES = 4  # splits compared by money when arranging

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(samples=ARENA_SAMPLES))
        self._deadline: float | None = None

    def steps(self, view: View) -> Steps:
        seat = view["seat"]
        may_declare = bool(view["may_declare"]) and f"{seat} declare" in view["legal"]
        now = match_value(seat, view["points"], view["wati"], view["goals"])
        seconds = self.budget.seconds if self.budget is not None else None
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        # arranging compares several splits on the same worlds: less time for the pool
        pool = yield from self._pool(view, wants_arrangement(view))
        if wants_arrangement(view):
            cards = sorted_hand(hand(view))
            masks, vals = triples(cards)
            best: tuple[float, int] | None = None
            tops = search_top(masks, vals, WIN, self.CANDIDATES)
            for i, (_, idx) in enumerate(tops):
                utilities, _ = yield from self._worlds(view, pool, [vals[t] for t in idx])
                if best is None or max(utilities) > best[0] + 0.02:  # prefer more shows on a near tie
                    best = (max(utilities), i)
            assert best is not None
            if may_declare and best[0] - now < FRESH_DEAL_HARD:
                return declare_decision(seat)
            score, idx = tops[best[1]]
            sets, discard = split(cards, masks, idx)
            return arrange_decision(seat, sets, discard, score)
        utilities, dist = yield from self._worlds(view, pool, arranged_vals(view))
        if may_declare and max(utilities) - now < FRESH_DEAL_HARD:
            return declare_decision(seat)
        number = max(range(MAX_BID + 1), key=lambda b: (utilities[b], -b))
        return bid_decision(view, number, dist)

    def _pool(self, view: View, arranging: bool) -> Generator[None, None, Pool]:
        """The sampled opponents for this decision (:func:`.worlds.sample_pool`): fewer
        for an arrangement (ARRANGE_SAMPLES to ARENA_SAMPLES, of a count budget); on a
        clock, a smaller share of the time, as the splits are compared afterwards."""
        budget = self.budget or Budget(samples=ARENA_SAMPLES)
        if arranging and budget.seconds is None:
            budget = Budget(samples=max(1, budget.samples * ARRANGE_SAMPLES // ARENA_SAMPLES))
        return (yield from sample_pool(view, self.rng, budget, 0.35 if arranging else 0.6))

    def _worlds(self, view: View, pool: Pool, mine: list[int]) -> Generator[
            None, None, tuple[list[float], list[float]]]:
        """The expected match value of each bid 0 … 4 with sets ``mine``, and my
        distribution of shows won (:meth:`world_values`)."""
        tally, dist = yield from self.world_values(view, pool, mine)
        return [tally.mean(b) for b in range(MAX_BID + 1)], dist

    def world_values(self, view: View, pool: Pool, mine: list[int]) -> Generator[
            None, None, tuple[Tally[int], list[float]]]:
        """Each bid 0 … 4's value in every world (a tally), and my distribution of shows
        won, over worlds that mix one pooled hand per seat (drawn by weight). The mix
        ignores that two others cannot hold the same card, which matters far less than
        the cards I hold myself, and gives many more worlds per arranged hand. The
        tally's worlds are what ``tools/bid_regret.py`` reads its standard errors from."""
        seat = view["seat"]
        known = view["bids"]
        points, wati, goals = list(view["points"]), list(view["wati"]), list(view["goals"])
        carry = list(view["wati_carry"])
        worlds = len(pool.picks[pool.others[0]])
        dist = [0.0] * (SHOWS + 1)
        memo: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        # many (bids, shows won) lead to the same standing after the deal: value each once
        standings: dict[tuple[tuple[int, ...], ...], float] = {}
        vals: list[list[int]] = [mine] * SEATS
        bids = [0] * SEATS
        drawn = iter(range(worlds))

        def world() -> tuple[int, ...]:
            """The next pooled world: how many shows each seat wins in it."""
            x = next(drawn)
            for s in pool.others:
                i = pool.picks[s][x]
                vals[s] = pool.vals[s][i]
                known_bid = known[s]
                bids[s] = pool.bid[s][i] if known_bid is None else known_bid
            won = tuple(play_shows(vals))
            dist[won[seat]] += 1
            return won

        def value(won: tuple[int, ...], b: int) -> float:
            bids[seat] = b
            key = (tuple(bids), won)
            u = memo.get(key)
            if u is None:
                pts, wt, gl, pay = score_deal(bids, list(won), points, carry, wati, goals)
                after = (tuple(pts), tuple(wt), tuple(gl))
                v = standings.get(after)
                if v is None:
                    v = standings[after] = match_value(seat, pts, wt, gl)
                u = memo[key] = pay[seat] + v
            return u

        left = None if self._deadline is None else max(0.0, self._deadline - time.perf_counter())
        tally = yield from sampled_values(list(range(MAX_BID + 1)), world, value, samples=worlds, seconds=left)
        return tally, [d / max(tally.worlds, 1) for d in dist]


def suggest_bid(view: View, budget: Budget | None = None, seed: int | None = 0) -> Decision:
    """The bid hint: the hard bot's bid with its reason."""
    return HardBot(seed, budget).decide(view)
