"""The hard Katko bot's own later cards searched per information set (issue 52).

From ``playout.SOLVE_FROM`` cards the hard bot solves the end exactly in each world, so each
world chooses the bot's later cards by its own hidden cards (strategy fusion), and before
that its playouts play them by the quick policy. Here, from :data:`PLAN_FROM` cards, they
are searched per information set instead (:mod:`engine.bots.plan`): the hard bot's worlds
(every fitting deal of the hidden cards, alike), advanced after each of the bot's cards by
the others' medium answers (``policy.medium_choice``, from what each seat would know in that
world: its hand and the public plays), grouped by the cards the bot then saw, one card per
group, chosen on half the worlds and scored on the other. A finished deal is worth its
effect on winning the match (``hard.equity``). Measured offline by
``tools/plan_search.py compare --game katko``.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from random import Random
from typing import Any

from ..base import View
from ..plan import Clock, cross_fitted
from ..search import Tally
from .hard import equity
from .policy import medium_choice
from .sim import DECK, Sim, card_of
from .worlds import Info, _revealed, sample_hands

PLAN_FROM = 3
"""Cards in hand from which the plan search is measured (issue 52: "Katko from three")."""
PLAN_SEATS: tuple[int, ...] = ()
"""The table sizes at which the hard bot plays by the plan search from ``PLAN_FROM`` cards
in place of its playouts (none: offline it found a little room, but in games at four seats,
with the 100 worlds the page's time allows, it won no more matches and fewer last tricks
than the bot as it is, docs/bot-experiments.md); ``(4,)`` turns it on at four seats for a screen."""
PLAN_WORLDS = 200
"""Worlds per decision (both halves together) at the hard bot's arena count."""


def plan_worlds(samples: int, arena_samples: int) -> int:
    """W for a sample budget: ``PLAN_WORLDS`` at the arena's count, in proportion else, at
    least two (one per half).

    >>> plan_worlds(350, 350), plan_worlds(10, 350)
    (200, 5)
    """
    return max(2, samples * PLAN_WORLDS // arena_samples)


class World:
    """A Katko world with what is public in it, so that each seat's medium answer can be
    read from its own knowledge: the trick in progress, the cards each seat showed it
    cannot hold, the cards nobody has seen played (before any hand is taken off)."""

    __slots__ = ("forbidden", "plays", "sim", "unseen")

    def __init__(self, sim: Sim, plays: list[tuple[int, int]], forbidden: list[frozenset[int]],
                 unseen: list[int]) -> None:
        self.sim = sim
        self.plays = plays
        self.forbidden = forbidden
        self.unseen = unseen

    def copy(self) -> World:
        return World(self.sim.copy(), list(self.plays), list(self.forbidden), list(self.unseen))

    def play(self, card: int, probe: Sim) -> None:
        """``card`` played by the seat to act, with what it reveals of that seat's hand."""
        sim = self.sim
        seat = sim.turn
        if sim.lead >= 0:
            probe.lead, probe.best = sim.lead, sim.best
            revealed = _revealed(probe, seat, card)
            if not revealed <= self.forbidden[seat]:
                self.forbidden[seat] = self.forbidden[seat] | revealed
        self.unseen[card] -= 1
        self.plays.append((seat, card))
        sim.play(card)
        if sim.played == 0 or sim.over:
            self.plays = []

    def info(self, seat: int, root: Info) -> Info:
        """What ``seat`` knows at its turn here, as ``worlds.read`` would read its view."""
        sim = self.sim
        hand = list(sim.hands[seat])
        unseen = list(self.unseen)
        for c in hand:
            unseen[c] -= 1
        playing = bool(self.plays)
        return Info(
            n=sim.n, me=seat, hand=hand, legal=sorted(set(sim.legal())), trump=sim.trump,
            must_beat=sim.must_beat, bonus=sim.bonus, twos=sim.twos, size=sim.size, done=sim.done,
            leader=sim.leader, plays=list(self.plays), lead=sim.lead if playing else -1,
            best=sim.best if playing else -1, winner=sim.winner if playing else -1,
            counts=[len(h) for h in sim.hands], forbidden=[set(f) for f in self.forbidden],
            unseen=[max(u, 0) for u in unseen], scores=root.scores, points=list(sim.points),
            target=root.target)


class KatkoPlan:
    """Katko's worlds for the shared plan search (:class:`engine.bots.plan.PlanGame`) at one
    decision of ``root.me``: a finished deal is worth its match equity to the bot."""

    def __init__(self, root: Info) -> None:
        self.root = root
        self.probe = Sim(root.n, [[] for _ in range(root.n)], root.trump, root.must_beat, False, False, 99)
        self.values: dict[tuple[tuple[int, ...], int, int], float] = {}

    def medium(self, world: World) -> int:
        legal = world.sim.legal()
        if len(set(legal)) == 1:
            return legal[0]
        return medium_choice(world.info(world.sim.turn, self.root))[0]

    def play(self, world: World, move: int) -> World:
        w = world.copy()
        w.play(move, self.probe)
        return w

    def advance(self, world: World, me: int) -> tuple[Any, ...]:
        """The others' medium cards up to ``me``'s next turn, all seen face up."""
        seen = []
        sim = world.sim
        while not sim.over and sim.turn != me:
            card = self.medium(world)
            seen.append(card)
            world.play(card, self.probe)
        return tuple(seen)

    def over(self, world: World) -> bool:
        return world.sim.over

    def value(self, world: World, me: int) -> float:
        out = world.sim.outcome()
        v = self.values.get(out)
        if v is None:
            v = self.values[out] = equity(self.root, out, me)
        return v

    def legal(self, world: World) -> list[int]:
        return sorted(set(world.sim.legal()))

    def base(self, world: World) -> int:
        return self.medium(world)  # reads the bot's own hand and the public plays only


def public_unseen(info: Info) -> list[int]:
    """The copies of each card not yet seen played nor turned (``info.unseen`` with the
    seat's own hand put back)."""
    unseen = list(info.unseen)
    for c in info.hand:
        unseen[c] += 1
    return unseen


def public_forbidden(view: View, info: Info) -> list[frozenset[int]]:
    """Per seat, the cards its plays showed it cannot hold, the viewer's own included (what
    the others know of it): ``worlds.read``'s inference for every seat."""
    forbidden: list[frozenset[int]] = [frozenset(f) for f in info.forbidden]
    probe = Sim(info.n, [[] for _ in range(info.n)], info.trump, info.must_beat, False, False, 99)
    mine: set[int] = set()
    tricks = list(view["tricks"]) + ([view["trick"]] if view.get("trick") else [])
    for t in tricks:
        probe.lead, probe.best, probe.winner, probe.played = -1, -1, -1, 0
        for p in t["plays"]:
            seat, card = p["seat"], card_of(p["card"])
            if seat == info.me and probe.lead >= 0:
                mine |= _revealed(probe, seat, card)
            probe.turn = seat
            probe.hands[seat] = [card]
            probe.play(card)
    forbidden[info.me] = frozenset(mine)
    return forbidden


def draw(info: Info, view: View, rng: Random, count: int, clock: Clock | None = None,
         ) -> Generator[None, None, list[tuple[World, float]]]:
    """``count`` worlds as the hard bot draws them (every fitting deal alike, weight 1)."""
    clock = clock or Clock()
    unseen = public_unseen(info)
    forbidden = public_forbidden(view, info)
    worlds = []
    for _ in range(count):
        worlds.append((World(info.sim(sample_hands(info, rng)), list(info.plays), list(forbidden),
                             list(unseen)), 1.0))
        if clock.due():
            yield
    assert len(unseen) == DECK
    return worlds


def plan_search(info: Info, view: View, rng: Random, count: int) -> Generator[None, None, Tally[int]]:
    """Each legal card's held-out match equity over ``count`` worlds, the two halves
    cross-fitted (a tally of one value per card: the sum of both held-out scores)."""
    start = time.perf_counter()
    clock = Clock()
    moves = list(info.legal)
    worlds = yield from draw(info, view, rng, count, clock)
    held_out = yield from cross_fitted(KatkoPlan(info), worlds, info.me, moves, clock)
    tally: Tally[int] = Tally({m: [held_out[m]] for m in moves}, list(moves))
    tally.worlds = len(worlds)
    tally.weight = float(len(worlds))
    tally.seconds = time.perf_counter() - start
    return tally
