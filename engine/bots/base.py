"""What every bot shares: the decision it returns, its budget, and sampled search.

A bot sees one thing: its seat's **view** (``Match.view(seat)``), the same dict
the page gets. It never holds the match itself; the hard bots build their own
hypothetical matches from the view and cards sampled for the hidden hands.

Search is *anytime*: :meth:`Bot.steps` is a generator that yields between
units of work (one sampled world), so the page can run a bot in slices and
keep the browser responsive; :meth:`Bot.decide` simply runs it to the end.
In tests and the arena the budget is a sample count (deterministic with the
seed); in the browser it is also a time limit.
"""

from __future__ import annotations

import random
import time
from abc import ABC
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..state import Match

View = dict[str, Any]
Steps = Generator[None, None, "Decision"]


@dataclass(frozen=True)
class Decision:
    """An action (record notation) and, for hints, why: a message key and params."""

    action: str
    reason: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "reason": self.reason, "params": dict(self.params)}


@dataclass(frozen=True)
class Budget:
    """How long a search may run: ``samples`` worlds at most, and ``seconds`` at most."""

    samples: int
    seconds: float | None = None


class Bot(ABC):
    """A player for one seat. Subclasses implement :meth:`steps` (or :meth:`choose`)."""

    level: str = ""

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def steps(self, view: View) -> Steps:
        """Think in slices: yields between units of work, returns the decision."""
        return self.choose(view)
        yield  # pragma: no cover  (makes this a generator)

    def choose(self, view: View) -> Decision:
        """A quick decision for bots that do not search."""
        raise NotImplementedError

    def decide(self, view: View) -> Decision:
        """The decision, computed in one go."""
        gen = self.steps(view)
        while True:
            try:
                next(gen)
            except StopIteration as done:
                decision: Decision = done.value
                return decision


def pick(rng: random.Random, actions: Iterable[str]) -> str:
    return rng.choice(sorted(actions))


def cards_in(mask: int) -> list[int]:
    """The cards of a bit mask (card ``c`` is bit ``c``), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sampled_search(
    view: View,
    candidates: list[str],
    sample_world: Callable[[random.Random], Match | None],
    rollout: Callable[[Match, random.Random], float],
    rng: random.Random,
    budget: Budget,
) -> Generator[None, None, dict[str, float]]:
    """Perfect-information Monte Carlo: the mean value of each candidate action.

    For each sampled world (hidden cards drawn to fit every public fact), each
    candidate is applied to a copy and played out; ``rollout`` returns the value
    for the deciding seat. Yields after each world; stops at the sample count or
    when the time budget runs out (after at least one world).
    """
    totals = {a: 0.0 for a in candidates}
    worlds = 0
    start = time.perf_counter()
    tries = 0
    while worlds < budget.samples and tries < budget.samples * 4:
        tries += 1
        world = sample_world(rng)
        if world is None:
            continue
        for action in candidates:
            w = world.clone()
            w.apply(action)
            totals[action] += rollout(w, rng)
        worlds += 1
        if budget.seconds is not None and time.perf_counter() - start > budget.seconds:
            break
        yield
    return {a: t / max(worlds, 1) for a, t in totals.items()}


class RandomBot(Bot):
    """Uniformly random among the legal actions the view lists: the floor to beat."""

    level = "random"

    def choose(self, view: View) -> Decision:
        return Decision(self.rng.choice(view["legal"]))
