"""The hard Katte bot's search of its OWN later choices, per information set (issue 52).

Before, every playout played the bot's later cards by the medium rules; searching them
exactly in each world lost 3.5 points, since each world then chose them by its own hidden
cards (strategy fusion). From ``PLAN_FROM`` to the trick before the exact showdown, the
hard bot now searches them per information set:

* W worlds are drawn to fit the view and weighed as the hard bot weighs them
  (:func:`.worlds.sample_world`, :func:`.worlds.likelihood`);
* after each of the bot's moves, every world is advanced by the others' medium answers to
  the bot's next turn, and the worlds are grouped by what the bot will then have seen (the
  plays since, a face-down play as "a discard" only): its information set;
* in each group the bot takes the one move best over the whole group (so no world's
  hidden cards choose it), and the search recurses. The others stay medium, so with their
  policy fixed there is no non-locality, and fusion is gone.

The later moves are chosen on one half of the worlds and scored on the other, then the
halves swap and the two held-out scores add up: the best of a group's moves, scored on
the worlds that chose it, is biased upwards (the winner's curse). Measured in
``docs/bot-experiments.md``.

The search itself (the grouping, the best move per group, the halves) is the one every game
shares, :mod:`engine.bots.plan`; this module gives it Katte's worlds. Like every search of
the bots, it is a generator that yields every few milliseconds
(:data:`engine.bots.search.YIELD_EVERY`), so the page can cancel it between slices.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from random import Random
from typing import Any

from .. import plan as shared
from ..plan import Clock as _Clock
from ..plan import InfoSet
from ..search import Tally
from . import learned
from .policy import medium_move
from .sim import Move, Sim
from .worlds import Facts, likelihood, sample_world

PLAN_FROM = 3
"""The first trick whose decisions the plan search makes (from trick 4 it gained nothing:
the bot's one later choice is its trick-5 card, which medium already plays well)."""
PLAN_SEATS = (4,)
"""The table sizes it plays at: measured at four seats only (docs/bots.md); the other
tables keep the medium playouts until a screen shows it pays there too."""
PLAN_WORLDS = 200
"""Worlds per decision (both halves together) at the hard bot's arena sample count; more
(1,000) gained no more."""

Worlds = list[tuple[Sim, float]]
Policy = dict[InfoSet, Move]
Search = Generator[None, None, float]


def plan_worlds(samples: int, arena_samples: int) -> int:
    """W for a sample budget: ``PLAN_WORLDS`` at the arena's count, in proportion else (so
    the tests' small budgets stay quick), at least two (one per half).

    >>> plan_worlds(160, 160), plan_worlds(6, 160), plan_worlds(1, 160)
    (200, 7, 2)
    """
    return max(2, samples * PLAN_WORLDS // arena_samples)


def advance(sim: Sim, me: int) -> tuple[Any, ...]:
    """Play the others' medium answers up to ``me``'s next turn or the hand's end; what
    ``me`` saw of them (a face-down card is seen as a discard only)."""
    seen = []
    while sim.result < 0 and sim.turn != me:
        card, up = medium_move(sim)
        seen.append((sim.turn, card if up else -1))
        sim.step(card, up)
    return tuple(seen)


class KattePlan:
    """Katte's worlds for the shared plan search (:class:`engine.bots.plan.PlanGame`): a
    hand won is worth 1."""

    def play(self, world: Sim, move: Move) -> Sim:
        s = world.clone()
        s.step(*move)
        return s

    def advance(self, world: Sim, me: int) -> tuple[Any, ...]:
        return advance(world, me)

    def over(self, world: Sim) -> bool:
        return world.result >= 0

    def value(self, world: Sim, me: int) -> float:
        return 1.0 if world.result == me else 0.0

    def legal(self, world: Sim) -> list[Move]:
        return world.legal()

    def base(self, world: Sim) -> Move:
        """The bot's own move where the learning half never reached its information set (and
        a tie's winner): the same in every world of the set. The medium rules', or with
        ``learned.LEARNED_IN_PLAN`` the learned policy's in its tricks."""
        if learned.LEARNED_IN_PLAN and world.n in learned.LEARNED_SEATS and learned.plays(world.trick_no):
            return learned.learned_move(world)
        return medium_move(world)


KATTE = KattePlan()


def after(worlds: Worlds, me: int, path: InfoSet, move: Move, policy: Policy, learn: bool,
          clock: _Clock) -> Search:
    """The weighted hands won after ``move`` at ``path`` (:func:`engine.bots.plan.after`)."""
    return (yield from shared.after(KATTE, worlds, me, path, move, policy, learn, clock))


def root_values(learn_on: Worlds, score_on: Worlds, me: int, moves: list[Move],
                clock: _Clock | None = None) -> Generator[None, None, dict[Move, float]]:
    """Each root move's weighted hands won on ``score_on`` when the bot's later choices
    are the best per information set found on ``learn_on``."""
    return (yield from shared.root_values(KATTE, learn_on, score_on, me, moves, clock))


def draw(facts: Facts, rng: Random, count: int, surprise: float,
         clock: _Clock | None = None) -> Generator[None, None, Worlds]:
    """Up to ``count`` worlds that fit the view (at most four draws each), with the hard
    bot's weights."""
    clock = clock or _Clock()
    worlds: Worlds = []
    for _ in range(count * 4):
        got = sample_world(facts, rng)
        if got is not None:
            worlds.append((got[0], likelihood(facts, got[0], got[1], surprise)))
            if len(worlds) == count:
                break
        if clock.due():
            yield
    return worlds


def plan_search(facts: Facts, moves: list[Move], rng: Random, count: int,
                surprise: float) -> Generator[None, None, Tally[Move]]:
    """Each move's held-out hands won over ``count`` worlds, the two halves cross-fitted
    (a tally of one value per move: the sum of both held-out scores)."""
    start = time.perf_counter()
    clock = _Clock()
    worlds = yield from draw(facts, rng, count, surprise, clock)
    held_out = yield from shared.cross_fitted(KATTE, worlds, facts.me, moves, clock)
    tally: Tally[Move] = Tally({m: [held_out[m]] for m in moves}, list(moves))
    tally.worlds = len(worlds)
    tally.weight = sum(w for _, w in worlds)
    tally.seconds = time.perf_counter() - start
    return tally
