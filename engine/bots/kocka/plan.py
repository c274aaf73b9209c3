"""The hard Kočka bot's own later cards searched per information set (issue 52).

From :data:`OWN_ENDING` cards the hard bot searches its own cards to the end exactly in each
world (``hard.solve_own``), so each world chooses them by its own hidden cards (strategy
fusion). Here they are searched per information set instead (:mod:`engine.bots.plan`): the
worlds the reader keeps (``worlds.Reader``, weighed as the hard bot weighs them), advanced
after each of the bot's cards by the others' medium answers, grouped by the cards the bot
then saw, one card per group, chosen on half the worlds and scored on the other. Every
card is played face up, so what the bot sees of the others' answers is the cards
themselves. Measured offline by ``tools/plan_search.py compare --game kocka``.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from random import Random
from typing import Any

from ...cards import GERMAN
from ..base import View, cards_in
from ..plan import Clock, cross_fitted
from ..search import Tally
from .policy import medium_play
from .sim import Sim, sim_from_view
from .worlds import Reader, plausibility, plays_so_far

PLAN_FROM = 6
"""Cards in hand from which the plan search is measured (issue 52: "Kočka from six")."""
PLAN_CARDS = 0
"""Cards in hand from which the hard bot plays by the plan search in place of its playouts
and exact endings (0: never). Off: the offline measure did not show it clearly better
than the bot as it is (docs/bot-experiments.md); ``PLAN_FROM`` turns it on for a screen."""
PLAN_WORLDS = 200
"""Worlds per decision (both halves together) at the hard bot's arena count."""


def plan_worlds(samples: int, arena_samples: int) -> int:
    """W for a sample budget: ``PLAN_WORLDS`` at the arena's count, in proportion else, at
    least two (one per half).

    >>> plan_worlds(160, 160), plan_worlds(6, 160)
    (200, 7)
    """
    return max(2, samples * PLAN_WORLDS // arena_samples)

Worlds = list[tuple[Sim, float]]


class KockaPlan:
    """Kočka's worlds for the shared plan search (:class:`engine.bots.plan.PlanGame`): a
    finished deal is worth the hard bot's utility (``Sim.utility``: its penalty below the
    table mean, 3 less if it loses the deal)."""

    def play(self, world: Sim, move: int) -> Sim:
        s = world.copy()
        s.play(move)
        return s

    def advance(self, world: Sim, me: int) -> tuple[Any, ...]:
        """The others' medium cards up to ``me``'s next turn, all seen face up."""
        seen = []
        while not world.over and world.turn != me:
            card = medium_play(world)
            seen.append(card)
            world.play(card)
        return tuple(seen)

    def over(self, world: Sim) -> bool:
        return world.over

    def value(self, world: Sim, me: int) -> float:
        return world.utility(me)

    def legal(self, world: Sim) -> list[int]:
        return cards_in(world.legal())

    def base(self, world: Sim) -> int:
        return medium_play(world)  # reads the bot's own hand and the public cards only


KOCKA = KockaPlan()


def draw(view: View, rng: Random, count: int, tries: int, clock: Clock | None = None,
         ) -> Generator[None, None, Worlds]:
    """``count`` worlds as the hard bot draws them in play (the reader's, up to ``tries``
    draws each), weighed as it weighs them (1 if a world explains every play)."""
    clock = clock or Clock()
    base = sim_from_view(view)
    history, first = plays_so_far(view)
    read = Reader(view, base, rng, history, first, tries)
    worlds: Worlds = []
    while len(worlds) < count:
        world = read()
        if world is None:  # never expected: the view's facts always leave a deal
            break
        w = 1.0 if world is read.explained else plausibility(world, history, first, view["seat"])
        worlds.append((world, w))
        if clock.due():
            yield
    return worlds


def plan_search(view: View, rng: Random, count: int, tries: int) -> Generator[None, None, Tally[int]]:
    """Each legal card's held-out value over ``count`` worlds, the two halves cross-fitted
    (a tally of one value per card: the sum of both held-out scores)."""
    start = time.perf_counter()
    clock = Clock()
    moves = [GERMAN.parse(a.split()[-1]) for a in view["legal"]]
    worlds = yield from draw(view, rng, count, tries, clock)
    held_out = yield from cross_fitted(KOCKA, worlds, view["seat"], moves, clock)
    tally: Tally[int] = Tally({m: [held_out[m]] for m in moves}, list(moves))
    tally.worlds = len(worlds)
    tally.weight = sum(w for _, w in worlds)
    tally.seconds = time.perf_counter() - start
    return tally
