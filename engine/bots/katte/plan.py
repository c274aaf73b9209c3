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

Like every search of the bots, it is a generator that yields every few milliseconds
(:data:`engine.bots.search.YIELD_EVERY`), so the page can cancel it between slices.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from random import Random
from typing import Any

from ..search import YIELD_EVERY, Tally
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
InfoSet = tuple[Any, ...]  # the bot's moves and what it saw since the root
Policy = dict[InfoSet, Move]
Search = Generator[None, None, float]


class _Clock:
    """When the search last handed control back (a yield)."""

    def __init__(self) -> None:
        self.tick = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        if now - self.tick > YIELD_EVERY:
            self.tick = now
            return True
        return False


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


def after(worlds: Worlds, me: int, path: InfoSet, move: Move, policy: Policy, learn: bool,
          clock: _Clock) -> Search:
    """The weighted hands won after ``move`` at ``path``: the hands that end count at once,
    the others go on grouped by what the bot sees, by the best move per group (``learn``:
    found here and stored in ``policy``) or by ``policy`` (else medium's move)."""
    total = 0.0
    groups: dict[tuple[Any, ...], Worlds] = {}
    for sim, w in worlds:
        s = sim.clone()
        s.step(*move)
        seen = advance(s, me)
        if s.result >= 0:
            if s.result == me:
                total += w
        else:
            groups.setdefault(seen, []).append((s, w))
        if clock.due():
            yield
    for seen, group in groups.items():
        total += yield from _node(group, me, path + (move, seen), policy, learn, clock)
    return total


def _node(worlds: Worlds, me: int, path: InfoSet, policy: Policy, learn: bool, clock: _Clock) -> Search:
    """The value of an information set of ``me`` (every world at its turn, alike to it)."""
    first = worlds[0][0]
    moves = first.legal()
    base = medium_move(first)  # the bot's own medium move: the same in every world of the set
    if not learn:
        move = policy.get(path, base)
        return (yield from after(worlds, me, path, move if move in moves else base, policy, False, clock))
    if len(moves) == 1:
        return (yield from after(worlds, me, path, moves[0], policy, True, clock))
    best, best_value, best_key = moves[0], 0.0, (-1.0, False)
    for move in moves:
        v = yield from after(worlds, me, path, move, policy, True, clock)
        key = (round(v, 9), move == base)  # a tie goes to medium's move
        if key > best_key:
            best, best_value, best_key = move, v, key
    policy[path] = best
    return best_value


def root_values(learn_on: Worlds, score_on: Worlds, me: int, moves: list[Move],
                clock: _Clock | None = None) -> Generator[None, None, dict[Move, float]]:
    """Each root move's weighted hands won on ``score_on`` when the bot's later choices
    are the best per information set found on ``learn_on``."""
    clock = clock or _Clock()
    out = {}
    for move in moves:
        policy: Policy = {}
        yield from after(learn_on, me, (), move, policy, True, clock)
        out[move] = yield from after(score_on, me, (), move, policy, False, clock)
    return out


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
    half = len(worlds) // 2
    a, b = worlds[:half], worlds[half:]
    ab = yield from root_values(a, b, facts.me, moves, clock)
    ba = yield from root_values(b, a, facts.me, moves, clock)
    tally: Tally[Move] = Tally({m: [ab[m] + ba[m]] for m in moves}, list(moves))
    tally.worlds = len(worlds)
    tally.weight = sum(w for _, w in worlds)
    tally.seconds = time.perf_counter() - start
    return tally
