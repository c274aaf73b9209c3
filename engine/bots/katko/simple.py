"""The easy and medium Katko bots: the rules of thumb of ``policy.py`` as players.

Easy plays the quick policy (the plan by rank alone) and, one move in four, a random
legal card; medium plays the counted plan. Both read only their seat's view and say
why with a hint (``hints.py``).
"""

from __future__ import annotations

from ..base import Bot, Decision, View
from .hints import decision
from .policy import medium_choice, quick_policy
from .sim import card_of
from .worlds import read


class EasyBot(Bot):
    """A casual player: keeps the higher cards for the end by rank alone and
    throws the lowest, wins the second-to-last trick when it can; one move in
    four is a random legal card."""

    level = "easy"
    MISTAKES = 0.25

    def choose(self, view: View) -> Decision:
        legal = sorted({card_of(a.split()[2]) for a in view["legal"]})
        if len(legal) > 1 and self.rng.random() < self.MISTAKES:
            return decision(view, self.rng.choice(legal), "play", -1)
        info = read(view)
        sim = info.sim([[] for _ in range(info.n)])
        sim.turn = info.me
        sim.hands[info.me] = list(info.hand)
        card = quick_policy(sim, legal)
        return decision(view, card, "forced" if len(legal) == 1 else "play", -1)


class MediumBot(Bot):
    """Rule-based play from the strategy, with card counting and voids."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        info = read(view)
        card, reason, keep = medium_choice(info)
        return decision(view, card, reason, keep)
