"""The hard Katte bot: perfect-information Monte Carlo with inference, exact at the end.

Each sample deals the unseen cards to fit every public fact and is weighted by how
well the medium rules explain the others' past plays (:mod:`.worlds`). Every legal
move is played out in every sample through the shared driver
(:mod:`engine.bots.search`), with the medium policy for all seats; in tricks 3 and 4
at four seats the bot searches its own later choices per information set in place of the
playouts (:mod:`.plan`), and in trick 5 it searches its own choice exactly against the
others' rule-based answers (:func:`solve_showdown`). A move replaces the medium choice only
when it wins clearly more often in the samples. The review of a human's play values moves the same way, with
the medium playouts in tricks 3 and 4 too (``engine/bots/review.py``).
"""

from __future__ import annotations

from collections.abc import Generator
from random import Random

from ..base import Bot, Budget, Steps, View
from ..search import Tally, sampled_values
from . import learned, plan
from .hints import hint
from .policy import medium_move
from .sim import Move, Sim, action_of, parse_move
from .worlds import Facts, likelihood, sample_world

ARENA_SAMPLES = 160
"""Samples per decision at four seats or fewer, in the page, the arena and tests: the 95th
percentile of a decision within 300 ms in Pyodide (``engine/bots/timing.py``). Three times
as many, still within the normal pace's 700 ms pause, won no more hands (docs/bot-experiments.md), so
the phone does not spend that work. A bigger table costs more per sample (more hands to
deal, longer playouts): see :func:`samples_for`."""
FULL_TABLE = 4  # seats at which ARENA_SAMPLES was timed
MARGIN = 0.05
"""How much better (in wins per unit of sample weight) a move must do than the medium
choice: the best of several noisy means is biased upwards."""
SOLVE_FROM = 5
"""From this trick on, the bot searches its own choices to the end exactly against the
others' medium answers (:func:`solve_showdown`) in place of a medium playout."""
SURPRISE = 0.3
"""A sample's weight is multiplied by this for each past play the medium rules do not explain."""
SURPRISE_AT = {5: 0.45, 6: 0.6}
"""The factor at a bigger table, where it differs: each trick has more of the others' plays
to explain, and 0.3 left too few samples with weight (paired over 800 duplicate units each,
0.45 at five seats and 0.6 at six won about a point more of the hands: docs/bot-experiments.md)."""


def surprise_for(players: int) -> float:
    """The factor per unexplained play at a table of ``players`` seats.

    >>> surprise_for(4), surprise_for(5), surprise_for(6)
    (0.3, 0.45, 0.6)
    """
    return SURPRISE_AT.get(players, SURPRISE)


def solve_showdown(sim: Sim, me: int) -> int:
    """The hand winner from a trick-5 position when ``me`` sees every card and shows
    the card that wins if there is one, and the other seats play by the medium rules
    (what they know only). Tricks 5–6 are at most four seats of two cards: exact."""
    while sim.result < 0 and sim.turn != me:
        sim.step(*medium_move(sim))
    if sim.result >= 0:
        return sim.result
    moves = sim.legal()
    first = -1
    for i, move in enumerate(moves):
        s = sim.clone() if i < len(moves) - 1 else sim
        s.step(*move)
        w = solve_showdown(s, me)
        if w == me:
            return w
        if first < 0:
            first = w
    return first


def play_out(sim: Sim, me: int, own: bool = False) -> int:
    """Finish the hand with medium play for every seat (solving trick 5 exactly inside
    playouts too was measured: no gain, and slower); with ``own``, ``me``'s cards of the
    tricks ``learned.LEARNED_FROM`` … ``LEARNED_UNTIL`` − 1 by the learned policy (:mod:`.learned`)."""
    while sim.result < 0:
        if own and sim.turn == me and learned.plays(sim.trick_no):
            sim.step(*learned.learned_move(sim))
        else:
            sim.step(*medium_move(sim))
    return sim.result


def samples_for(samples: int, players: int) -> int:
    """A count budget at ``players`` seats: a sample costs more at a bigger table (more
    hands to deal, longer playouts), so beyond four seats it shrinks in proportion (six
    seats: 2/3 of the samples), which keeps the time bounded (engine/bots/timing.py)."""
    if players <= FULL_TABLE:
        return samples
    return max(8, samples * FULL_TABLE // players)


class HardBot(Bot):
    """PIMC over samples that respect every public fact; exact tricks 5–6."""

    level = "hard"
    plan_seats: tuple[int, ...] | None = None
    """The table sizes at which it searches its own later cards (``None``: ``plan.PLAN_SEATS``);
    ``()`` is the bot before the plan search, for the tools' tables (``tools/screen_bots.py``)."""

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        # read through the package, where the strength test lowers it for CI
        from . import ARENA_SAMPLES as samples

        super().__init__(seed, budget or Budget(samples=samples, seconds=None))

    def steps(self, view: View) -> Steps:
        legal: list[str] = view["legal"]
        facts = Facts(view)
        if len(legal) == 1:
            return hint(facts, parse_move(legal[0]), legal)
        moves = [parse_move(a) for a in legal]
        budget = self.budget
        assert budget is not None  # always set by __init__
        samples = budget.samples if budget.seconds is not None else samples_for(budget.samples, view["players"])
        tally = yield from search(facts, moves, self.rng, samples, budget.seconds, self.plan_seats)
        worlds, total = tally.worlds, tally.weight
        wins = [tally.total(m) for m in moves]
        if not worlds:  # nothing fits (never expected): fall back on the rules of thumb
            move = medium_move(facts.sim, facts.counts)
            return hint(facts, move if action_of(facts.me, move) in legal else moves[0], legal)
        # ties go to the medium choice, so equal samples never pick at random
        base = medium_index(facts, moves)
        # the medium choice is kept unless a move does clearly better in the samples:
        # with a few dozen samples, the top of several noisy means is biased upwards
        best = max(range(len(moves)), key=lambda i: (wins[i], i == base))
        if wins[best] - wins[base] < MARGIN * total:
            best = base
        return hint(facts, moves[best], legal, wins[best] / total if total else None)


def hand_won(world: Sim, move: Move, me: int, showdown: bool, own: bool = False) -> float:
    """1.0 if ``me`` wins the hand when ``move`` is played in ``world`` and the hand goes
    on as the hard bot plays its worlds out (the medium rules; from ``SOLVE_FROM``, trick 5
    exactly for ``me``; with ``own``, ``me``'s later cards by the learned policy), else 0.0.
    ``world`` is left as it was."""
    w = world.clone()
    w.step(*move)
    winner = solve_showdown(w, me) if showdown else play_out(w, me, own)
    return 1.0 if winner == me else 0.0


def search(facts: Facts, moves: list[Move], rng: Random, samples: int, seconds: float | None = None,
           plan_seats: tuple[int, ...] | None = None) -> Generator[None, None, Tally[Move]]:
    """The hard bot's search: every move's hands won over sampled worlds, each world
    weighed by how well the medium rules explain the others' plays in it; from
    ``PLAN_FROM`` to the trick before ``SOLVE_FROM`` at four seats, with the bot's own later choices
    searched per information set (:mod:`.plan`: its worlds in proportion to ``samples``; at the
    table sizes ``plan_seats``, ``plan.PLAN_SEATS`` unless given)."""
    showdown = facts.sim.trick_no >= SOLVE_FROM
    surprise = surprise_for(facts.sim.n)
    seats = plan.PLAN_SEATS if plan_seats is None else plan_seats
    if facts.sim.n in seats and plan.PLAN_FROM <= facts.sim.trick_no < SOLVE_FROM:
        # a time budget (hints, tests) keeps at most the arena's worlds, whose p95 fits the pause
        count = plan.plan_worlds(samples if seconds is None else min(samples, ARENA_SAMPLES), ARENA_SAMPLES)
        return (yield from plan.plan_search(facts, moves, rng, count, surprise))

    own = facts.sim.n in learned.LEARNED_SEATS

    def value(got: tuple[Sim, list[int]], move: Move) -> float:
        return hand_won(got[0], move, facts.me, showdown, own)

    return (yield from sampled_values(
        moves, lambda: sample_world(facts, rng), value, samples=samples, seconds=seconds,
        weight=lambda got: likelihood(facts, got[0], got[1], surprise)))


def medium_index(facts: Facts, moves: list[Move]) -> int:
    """Which of ``moves`` the medium rules would make (the first if none: never expected)."""
    pref = medium_move(facts.sim.clone(), facts.counts)
    return moves.index(pref) if pref in moves else 0
