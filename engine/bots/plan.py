"""A hard bot's search of its OWN later choices, per information set (issue 52): the part
every game shares.

Searching the bot's later moves in each sampled world apart lets each world choose them by
its own hidden cards (strategy fusion). Here they are searched per information set:

* after each of the bot's moves, every world is advanced by the others' answers (a fixed
  policy: the medium rules) to the bot's next turn, and the worlds are grouped by what the
  bot will then have seen (:meth:`PlanGame.advance`): its information set;
* in each group the bot takes the one move best over the whole group (so no world's
  hidden cards choose it), and the search recurses. With the others' policy fixed there is
  no non-locality, and fusion is gone.

The later moves are chosen on one half of the worlds and scored on the other, then the
halves swap and the two held-out scores add up (:func:`cross_fitted`): the best of a
group's moves, scored on the worlds that chose it, is biased upwards (the winner's curse).

Each game says what a world is and how it moves on (:class:`PlanGame`: Katte's in
``katte/plan.py``, Katko's and Kočka's beside their bots). Like every search of the bots,
it is a generator that yields every few milliseconds (:data:`.search.YIELD_EVERY`), so the
page can cancel it between slices.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Hashable
from typing import Any, Protocol, TypeVar

from .search import YIELD_EVERY

S = TypeVar("S")  # a world: one deal in play with every hand filled in
M = TypeVar("M", bound=Hashable)  # a move of the bot

InfoSet = tuple[Any, ...]  # the bot's moves and what it saw since the root
Search = Generator[None, None, float]


class PlanGame(Protocol[S, M]):
    """What the plan search needs of a game, for one decision of seat ``me``."""

    def play(self, world: S, move: M) -> S:
        """A copy of ``world`` with ``move`` made (``world`` is left as it was)."""

    def advance(self, world: S, me: int) -> tuple[Any, ...]:
        """Play the others' answers up to ``me``'s next turn or the deal's end, in place;
        what ``me`` saw of them (the key that groups worlds into information sets)."""

    def over(self, world: S) -> bool:
        """Whether the deal (or hand) is over: ``value`` then applies."""

    def value(self, world: S, me: int) -> float:
        """What a finished ``world`` is worth to ``me``."""

    def legal(self, world: S) -> list[M]:
        """``me``'s legal moves at its turn (the same in every world of an information set)."""

    def base(self, world: S) -> M:
        """``me``'s own medium move at its turn (the same in every world of an information
        set): a tie between moves goes to it."""


Worlds = list[tuple[S, float]]  # each world with its weight
Policy = dict[InfoSet, M]  # the move learnt for each information set
Watch = Callable[[list[tuple[Any, float]], list[Any], dict[Any, float]], None]
"""Told of every choice learnt with more than one move: the information set's worlds, the
legal moves and each one's value over the worlds (the offline log of
``engine/bots/katte/train.py``, which teaches the learned policy)."""


class Clock:
    """When the search last handed control back (a yield)."""

    def __init__(self) -> None:
        self.tick = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        if now - self.tick > YIELD_EVERY:
            self.tick = now
            return True
        return False


def after(game: PlanGame[S, M], worlds: list[tuple[S, float]], me: int, path: InfoSet, move: M,
          policy: dict[InfoSet, M], learn: bool, clock: Clock, watch: Watch | None = None) -> Search:
    """The weighted value after ``move`` at ``path``: the worlds that end count at once,
    the others go on grouped by what the bot sees, by the best move per group (``learn``:
    found here and stored in ``policy``) or by ``policy`` (else the medium move)."""
    total = 0.0
    groups: dict[tuple[Any, ...], list[tuple[S, float]]] = {}
    for world, w in worlds:
        s = game.play(world, move)
        seen = game.advance(s, me)
        if game.over(s):
            total += w * game.value(s, me)
        else:
            groups.setdefault(seen, []).append((s, w))
        if clock.due():
            yield
    for seen, group in groups.items():
        total += yield from node(game, group, me, path + (move, seen), policy, learn, clock, watch)
    return total


def node(game: PlanGame[S, M], worlds: list[tuple[S, float]], me: int, path: InfoSet,
         policy: dict[InfoSet, M], learn: bool, clock: Clock, watch: Watch | None = None) -> Search:
    """The value of an information set of ``me`` (every world at its turn, alike to it)."""
    first = worlds[0][0]
    moves = game.legal(first)
    base = game.base(first)
    if not learn:
        move = policy.get(path, base)
        return (yield from after(game, worlds, me, path, move if move in moves else base, policy, False, clock))
    if len(moves) == 1:
        return (yield from after(game, worlds, me, path, moves[0], policy, True, clock, watch))
    best, best_value, best_key = moves[0], 0.0, (float("-inf"), False)
    values = {}
    for move in moves:
        v = yield from after(game, worlds, me, path, move, policy, True, clock, watch)
        values[move] = v
        key = (round(v, 9), move == base)  # a tie goes to medium's move
        if key > best_key:
            best, best_value, best_key = move, v, key
    policy[path] = best
    if watch is not None:
        watch(worlds, moves, values)
    return best_value


def root_values(game: PlanGame[S, M], learn_on: list[tuple[S, float]], score_on: list[tuple[S, float]],
                me: int, moves: list[M], clock: Clock | None = None,
                watch: Watch | None = None) -> Generator[None, None, dict[M, float]]:
    """Each root move's weighted value on ``score_on`` when the bot's later choices are the
    best per information set found on ``learn_on`` (each choice learnt told to ``watch``)."""
    clock = clock or Clock()
    out = {}
    for move in moves:
        policy: dict[InfoSet, M] = {}
        yield from after(game, learn_on, me, (), move, policy, True, clock, watch)
        out[move] = yield from after(game, score_on, me, (), move, policy, False, clock)
    return out


def halves(worlds: list[tuple[S, float]]) -> tuple[list[tuple[S, float]], list[tuple[S, float]]]:
    """The worlds split in two, in order (the second half the larger when they are odd).

    >>> halves([("a", 1.0), ("b", 1.0), ("c", 1.0)])
    ([('a', 1.0)], [('b', 1.0), ('c', 1.0)])
    """
    half = len(worlds) // 2
    return worlds[:half], worlds[half:]


def cross_fitted(game: PlanGame[S, M], worlds: list[tuple[S, float]], me: int, moves: list[M],
                 clock: Clock | None = None, watch: Watch | None = None) -> Generator[None, None, dict[M, float]]:
    """Each root move's held-out value over ``worlds``: the later choices learnt on one half
    and scored on the other, then the other way round, the two scores added up."""
    clock = clock or Clock()
    a, b = halves(worlds)
    ab = yield from root_values(game, a, b, me, moves, clock, watch)
    ba = yield from root_values(game, b, a, me, moves, clock, watch)
    return {m: ab[m] + ba[m] for m in moves}


def run(steps: Generator[None, None, Any]) -> Any:
    """A sliced search run to its end at once (tools and tests)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
