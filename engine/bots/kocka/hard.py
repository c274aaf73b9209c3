"""The Kočka hard bot: perfect-information Monte Carlo over sampled worlds, exact endings.

At the exchange it scores the most promising passes (the medium ranking's best few)
on sampled deals by successive halving, so the close calls get the most worlds. In
play it hands the shared search driver (``engine/bots/search.py``) its worlds
(``worlds.Reader``: drawn until one explains the others' plays, else weighed by
plausibility) and the value of each card in a world: a medium playout, or, once
the deciding seat holds :data:`OWN_ENDING` cards or fewer, the best it can do to the end
against the others' medium play (:func:`solve_own`). With ``plan.PLAN_CARDS`` set (off: issue
52's offline measure found no room), its own later cards are searched per information set
instead (``plan.py``).
"""

from __future__ import annotations

import time

from ...cards import GERMAN
from ...games.kocka import TOTAL
from ..base import Bot, Budget, Decision, Steps, View
from ..search import sampled_values
from . import plan
from .hints import pass_decision, play_decision
from .policy import medium_play, playout, rank_passes
from .sim import Sim, mask, new_sim, sim_from_view
from .worlds import PLAY_WEIGHT, Reader, pass_world, plausibility, plays_so_far

ARENA_SAMPLES = 160
"""Worlds per decision for the hard bot in the page, the arena and tests: the 95th
percentile of a decision within the 700 ms pause the page keeps between computer moves at
the normal pace, in Pyodide (``engine/bots/timing.py``)."""

EXACT_CARDS = 3  # with this many cards or fewer a world costs several playouts: a third of the worlds
READ_TRIES = 30
"""Draws per world in play, the first that explains every play of the others kept (worlds.Reader)."""
OWN_ENDING = 5
"""From this many cards in hand, the end is searched exactly over our own cards, the others
playing the medium rules (:func:`solve_own`): what they do in the worlds the reader keeps."""


def solve_own(sim: Sim, me: int) -> float:
    """Our best utility to the end when we choose every card of ours and the others play
    the medium rules (what they do in the worlds the reader keeps); ``sim`` is consumed."""
    while not sim.over and sim.turn != me:
        sim.play(medium_play(sim))
    if sim.over:
        return sim.utility(me)
    legal = sim.legal()
    if not legal & (legal - 1):
        sim.play(legal.bit_length() - 1)
        return solve_own(sim, me)
    # No ending is better than every point still out going to the others: once a card
    # reaches that, the cards after it cannot do better (the same best, found sooner).
    ceiling = TOTAL / 4.0 - sim.points[me]
    best = -1e9
    while legal:
        low = legal & -legal
        legal ^= low
        child = sim.copy()
        child.play(low.bit_length() - 1)
        v = solve_own(child, me)
        if v > best:
            best = v
            if best >= ceiling:
                break
    return best


def card_value(world: Sim, card: int, me: int) -> float:
    """Our utility when we play ``card`` in ``world`` and the deal goes on: a medium
    playout, or from :data:`OWN_ENDING` cards our best to the end (:func:`solve_own`).
    The hard bot and the review of a player's card value a world the same way."""
    w = world.copy()
    own = w.hands[me].bit_count() <= OWN_ENDING
    w.play(card)
    if own:
        return solve_own(w, me)
    playout(w)
    return w.utility(me)


class HardBot(Bot):
    """PIMC: sampled worlds that respect every public fact, medium playouts, exact endings."""

    level = "hard"
    PASS_CANDIDATES = 16
    PASS_DIVISOR = 2  # the exchange's worlds per round: budget / (this × rounds); its 16 candidates make it the slowest decision

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(ARENA_SAMPLES))

    def steps(self, view: View) -> Steps:
        legal = view["legal"]
        if len(legal) == 1 or view["phase"] not in ("pass", "play"):
            if view["phase"] == "play":
                sim = sim_from_view(view)
                return play_decision(sim, GERMAN.parse(legal[0].split()[-1]))
            return Decision(legal[0])
        if view["phase"] == "pass":
            return (yield from self._pass_steps(view))
        return (yield from self._play_steps(view))

    # ---------------------------------------------------------------- exchange

    def _pass_steps(self, view: View) -> Steps:
        me = view["seat"]
        hand = mask(view["hand"])
        ranked = rank_passes(hand)[: self.PASS_CANDIDATES]
        combos = [c for _, c in ranked]
        totals = [0.0] * len(combos)
        budget = self.budget
        assert budget is not None
        start = time.perf_counter()
        rng = self.rng
        leader = (view["trick"] or {"leader": (view["dealer"] + 1) & 3})["leader"]
        mode = view["options"].get("early_end", "certain")
        # successive halving: every round plays the survivors on the same new
        # worlds, then keeps the better half, so the close calls get the most worlds
        alive = list(range(len(combos)))
        rounds, n = 1, len(combos)
        while n > 2:
            n = (n + 1) // 2
            rounds += 1
        batch = max(1, budget.samples // (self.PASS_DIVISOR * rounds))
        counts = [0] * len(combos)
        tick = start
        out_of_time = False
        rnd = 0
        while not out_of_time:
            rnd += 1
            for _ in range(batch):
                hands, gives = pass_world(hand, me, rng)
                for i in alive:
                    combo = combos[i]
                    gives[me] = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
                    after = [(hands[s] & ~gives[s]) | gives[(s - 1) & 3] for s in range(4)]
                    sim = new_sim(after, leader, mode)
                    playout(sim)
                    totals[i] += sim.utility(me)
                    counts[i] += 1
                    now = time.perf_counter()
                    if now - tick > 0.015:
                        tick = now
                        yield
                if budget.seconds is not None:
                    spent = time.perf_counter() - start
                    if spent > budget.seconds:
                        out_of_time = True
                        break
                    if spent > budget.seconds * rnd / rounds:
                        break  # on a clock, each round gets its share of the time
            if len(alive) <= 2:
                break
            alive.sort(key=lambda k: (-totals[k], k))
            alive = alive[: (len(alive) + 1) // 2]
        i = max(alive, key=lambda k: (totals[k] / max(counts[k], 1), -k))
        return pass_decision(view, hand, combos[i])

    # -------------------------------------------------------------------- play

    def _play_steps(self, view: View) -> Steps:
        me = view["seat"]
        base = sim_from_view(view)
        cands = [GERMAN.parse(a.split()[-1]) for a in view["legal"]]
        history, first = plays_so_far(view)
        budget = self.budget
        assert budget is not None
        if base.hands[me].bit_count() <= plan.PLAN_CARDS:
            # its own later cards searched per information set (off unless PLAN_CARDS is set)
            count = plan.plan_worlds(min(budget.samples, ARENA_SAMPLES), ARENA_SAMPLES)
            tally = yield from plan.plan_search(view, self.rng, count, READ_TRIES)
            pref = medium_play(base)
            best = max(cands, key=lambda c: (round(tally.total(c), 6), c == pref))
            return play_decision(base, best)
        exact = base.hands[me].bit_count() <= EXACT_CARDS
        # an exact world costs several playouts, and is worth several: fewer of them
        samples = max(6, budget.samples // 3) if exact and budget.seconds is None else budget.samples
        read = Reader(view, base, self.rng, history, first, READ_TRIES)
        # Every world is this decision's position with other hidden hands, and a world's
        # values depend on its hands alone: late in the deal the same hands come back often
        # (at five cards, one world in six), and their playouts or exact endings are not
        # repeated.
        known: dict[tuple[tuple[int, ...], int], float] = {}

        def value(world: Sim, card: int) -> float:
            key = (tuple(world.hands), card)
            v = known.get(key)
            if v is None:
                v = known[key] = card_value(world, card, me)
            return v

        def weight(world: Sim) -> float:
            # a world the reader kept explains every play: its plausibility is 1 without the
            # replay (tests/test_bots_kocka.py holds the two checks equal). The driver weighs
            # each world as soon as it is drawn, so the reader's last world is this one.
            return 1.0 if world is read.explained else plausibility(world, history, first, me)

        tally = yield from sampled_values(cands, read, value, samples=samples, seconds=budget.seconds,
                                          weight=weight if PLAY_WEIGHT < 1.0 else None)
        # ties go to the medium choice, so search only overrides it for a reason
        pref = medium_play(base)
        i = max(range(len(cands)), key=lambda k: (round(tally.total(cands[k]), 6), cands[k] == pref))
        return play_decision(base, cands[i])
