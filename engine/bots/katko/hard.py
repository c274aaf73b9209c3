"""The hard Katko bot: sampled search valued by the chance of winning the match.

Perfect-information Monte Carlo through the shared driver (``engine/bots/search.py``):
worlds are hidden hands that respect every public fact (``worlds.py``), each
candidate card is played out in each world (``playout.py``), and a finished deal is
worth its effect on winning the *match* (:func:`equity`), not its points. Candidates
clearly worse over the same worlds stop getting worlds (:func:`prune`), and ties go
to medium's plan, whose words the hint then uses. With ``plan.PLAN_SEATS`` set (off: issue 52's
offline measure found a little room, which a paired screen in games did not show), its decisions
from ``plan.PLAN_FROM`` cards search its own later cards per information set instead (``plan.py``).
"""

from __future__ import annotations

from ..base import Bot, Budget, Steps, View
from ..search import sampled_values
from .hints import decision, hard_decision
from .playout import MODEL_OPPONENTS, SOLVE_FROM, SOLVE_SEATS, playout
from .policy import medium_choice
from .sim import Outcome, Sim
from .worlds import Info, read, sample_hands

ARENA_SAMPLES = 350  # worlds per decision in the page, the arena and tests: p95 within 300 ms in Pyodide
# (four times as many, still within the normal pace's 700 ms pause, won no more matches: docs/bot-experiments.md)
WORK_UNIT = 24  # seat-cards (players × hand) of the table ARENA_SAMPLES was timed on (4 × 5 + slack)
PRUNE_EVERY = 16  # worlds between checks for clearly worse candidates
PRUNE_Z = 3.0


def equity(info: Info, out: Outcome, me: int) -> float:
    """My chance of winning the match after a deal ending in ``out``.

    A match decided now counts 1 or 0; otherwise each seat's chance is taken
    as proportional to 2^-(points it still needs), a race where one seat a deal
    scores (deliberately simple: it makes scoring worth more when close).
    """
    points, bonus_seat, last = out
    if bonus_seat >= 0:
        return 1.0 if bonus_seat == me else 0.0
    totals = [s + p for s, p in zip(info.scores, points)]
    target = info.target
    reached = [s for s in range(info.n) if totals[s] >= target]
    if reached:
        top = max(totals[s] for s in reached)
        tied = [s for s in reached if totals[s] == top]
        if len(tied) == 1:
            return 1.0 if tied[0] == me else 0.0
        if last in tied:
            return 1.0 if last == me else 0.0
    weights = [0.5 ** max(target - t, 0) for t in totals]
    return weights[me] / sum(weights)


def prune(live: list[int], values: dict[int, list[float]], worlds: int) -> list[int]:
    """Drop the candidates clearly worse than the best so far (paired over the same
    worlds: the mean loss exceeds ``PRUNE_Z`` standard errors), so the budget goes
    to the close calls; deterministic, as it depends on the values only."""
    lead = max(live, key=lambda c: sum(values[c]))
    keep = []
    for c in live:
        if c == lead:
            keep.append(c)
            continue
        d = [a - b for a, b in zip(values[lead], values[c])]
        m = sum(d) / worlds
        var = sum((x - m) ** 2 for x in d) / max(worlds - 1, 1)
        if m <= 0 or m * m * worlds <= PRUNE_Z * PRUNE_Z * var:
            keep.append(c)
    return keep


class HardBot(Bot):
    """PIMC over hidden hands consistent with every public fact, heuristic
    playouts, an exact solve of the last two tricks, match-level values."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(ARENA_SAMPLES))

    def steps(self, view: View) -> Steps:
        info = read(view)
        if len(info.legal) == 1 or info.left == 1:
            return decision(view, info.legal[0], "forced", -1)
        budget = self.budget or Budget(ARENA_SAMPLES)
        from . import plan  # here, not at the top: plan.py imports this module's equity

        if info.n in plan.PLAN_SEATS and info.left <= plan.PLAN_FROM:
            # its own later cards searched per information set (off unless PLAN_SEATS is set)
            count = plan.plan_worlds(min(budget.samples, ARENA_SAMPLES), ARENA_SAMPLES)
            tally = yield from plan.plan_search(info, view, self.rng, count)
            card_m, reason, keep = medium_choice(info)
            return hard_decision(view, info, tally.best(prefer=card_m), card_m, reason, keep)
        samples = budget.samples
        if budget.seconds is None:
            # count budget: scale down at big tables, so arena decisions stay bounded
            work = info.n * info.left
            samples = max(4, min(samples, samples * WORK_UNIT // max(work, 1)))
        me = info.me
        solve_from = SOLVE_FROM if (info.n <= SOLVE_SEATS or MODEL_OPPONENTS) else 0
        cache: dict[Outcome, float] = {}

        def value(out: Outcome) -> float:
            v = cache.get(out)
            if v is None:
                v = cache[out] = equity(info, out, me)
            return v

        rng = self.rng

        def world() -> Sim:
            return info.sim(sample_hands(info, rng))

        def worth(base: Sim, card: int) -> float:
            w = base.copy()
            w.play(card)
            playout(w, solve_from, me, value)
            return value(w.outcome())

        tally = yield from sampled_values(list(info.legal), world, worth, samples=samples, seconds=budget.seconds,
                                          prune=prune, prune_every=PRUNE_EVERY)
        # ties (the same value in every world) go to medium's choice
        card_m, reason, keep = medium_choice(info)
        return hard_decision(view, info, tally.best(prefer=card_m), card_m, reason, keep)
