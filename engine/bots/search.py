"""The one search driver of the hard bots: values of candidate moves over sampled worlds.

Every hard bot is perfect-information Monte Carlo (PIMC, ``shared/notes/bots.md``):
draw a world (the hidden cards dealt so that they fit every public fact), try each
candidate in it, and add up what each is worth to the deciding seat. Only the
parts that differ are the game's: how a world is drawn (``sample``, which may
return ``None`` when a draw does not fit), what a candidate is worth in it
(``value``: a playout, or an exact solve near the end), how much a world counts
(``weight``: how well it explains the plays so far) and, optionally, when a
candidate is clearly worse and stops getting worlds (``prune``).

The driver is a generator, like :meth:`engine.bots.base.Bot.steps`: it yields
every few milliseconds so the page can cancel a search between slices, and
returns the :class:`Tally`. It stops at the sample count, after four times as
many draws (so a world that rarely fits cannot loop for ever), when the time
budget runs out (after at least one world), or when pruning leaves one candidate.
Two runs with the same seed and a sample budget give the same tally.

>>> import random
>>> rng = random.Random(1)
>>> search = sampled_values(["low", "high"], lambda: rng.random(),
...                         lambda world, move: world if move == "high" else 0.4, samples=200)
>>> tally = drain(search)
>>> tally.worlds, tally.best(), round(tally.mean("high"), 1)
(200, 'high', 0.5)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

World = TypeVar("World")
Move = TypeVar("Move", bound=Hashable)

YIELD_EVERY = 0.015  # seconds of search between two chances to cancel it
TRIES_PER_WORLD = 4  # draws allowed per wanted world before the search gives up


@dataclass
class Tally(Generic[Move]):
    """What a search found: each candidate's weighted values, world by world."""

    values: dict[Move, list[float]]
    live: list[Move]  # the candidates still in the running (all, without pruning)
    worlds: int = 0
    weight: float = 0.0  # the sum of the worlds' weights
    seconds: float = field(default=0.0, compare=False)

    def total(self, move: Move) -> float:
        """The weighted sum over the worlds ``move`` was tried in."""
        return sum(self.values[move])

    def mean(self, move: Move) -> float:
        return self.total(move) / max(self.worlds, 1)

    def best(self, prefer: Move | None = None, digits: int = 9) -> Move:
        """The live candidate with the highest mean (to ``digits`` decimals, so sums
        of the same values in another order tie); a tie goes to ``prefer`` (the medium
        bot's choice, so the search only overrides it for a reason), then to the
        earliest candidate."""
        return max(self.live, key=lambda m: (round(self.mean(m), digits), m == prefer))


def sampled_values(
    candidates: list[Move],
    sample: Callable[[], World | None],
    value: Callable[[World, Move], float],
    *,
    samples: int,
    seconds: float | None = None,
    weight: Callable[[World], float] | None = None,
    prune: Callable[[list[Move], dict[Move, list[float]], int], list[Move]] | None = None,
    prune_every: int = 0,
) -> Generator[None, None, Tally[Move]]:
    """Try every live candidate in up to ``samples`` worlds; see the module's text.

    ``prune(live, values, worlds)`` runs after every ``prune_every`` worlds, from the
    second such batch on, and returns the candidates that stay.
    """
    live = list(candidates)
    tally: Tally[Move] = Tally({m: [] for m in live}, live)
    start = tick = time.perf_counter()
    tries = 0
    while tally.worlds < samples and tries < samples * TRIES_PER_WORLD and len(live) > 1:
        tries += 1
        world = sample()
        if world is None:
            continue
        w = weight(world) if weight is not None else 1.0
        for move in live:
            tally.values[move].append(w * value(world, move))
            now = time.perf_counter()
            if now - tick > YIELD_EVERY:
                tick = now
                yield
        tally.weight += w
        tally.worlds += 1
        if prune is not None and tally.worlds % prune_every == 0 and tally.worlds >= 2 * prune_every:
            live = tally.live = prune(live, tally.values, tally.worlds)
        if seconds is not None and time.perf_counter() - start > seconds:
            break
    tally.seconds = time.perf_counter() - start
    return tally


def drain(search: Generator[None, None, Tally[Move]]) -> Tally[Move]:
    """Run a search to its end at once (the arena and tests; the page steps it)."""
    while True:
        try:
            next(search)
        except StopIteration as done:
            result: Tally[Move] = done.value
            return result
