"""What every bot shares: the decision it returns, its budget, and the random floor.

A bot sees one thing: its seat's **view** (``Match.view(seat)``), the same dict
the page gets. It never holds the match itself; the hard bots build their own
hypothetical matches from the view and cards sampled for the hidden hands.

Search is *anytime*: :meth:`Bot.steps` is a generator that yields between
units of work (see :mod:`engine.bots.search`, the one search driver), so the page can run a bot in slices and
keep the browser responsive; :meth:`Bot.decide` simply runs it to the end.
In tests and the arena the budget is a sample count (deterministic with the
seed); in the browser it is also a time limit.
"""

from __future__ import annotations

import random
from abc import ABC
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

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


def cards_in(mask: int) -> list[int]:
    """The cards of a bit mask (card ``c`` is bit ``c``), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class RandomBot(Bot):
    """Uniformly random among the legal actions the view lists: the floor to beat."""

    level = "random"

    def choose(self, view: View) -> Decision:
        return Decision(self.rng.choice(view["legal"]))
