"""The easy and medium Katte bots: the rules of thumb of :mod:`.policy`, with a hint.

Medium reads its view, plays :func:`.policy.medium_move` and says why
(:mod:`.hints`); easy is the same casual player with a random move one time in
four, so that a beginner can win against it.
"""

from __future__ import annotations

from ..base import Bot, Decision, View
from .hints import hint
from .policy import medium_move
from .sim import action_of, parse_move
from .worlds import Facts


class MediumBot(Bot):
    """Rules of thumb (see :mod:`.policy`)."""

    level = "medium"
    mistakes = 0.0

    def choose(self, view: View) -> Decision:
        legal: list[str] = view["legal"]
        if len(legal) == 1:
            facts = Facts(view)
            return hint(facts, parse_move(legal[0]), legal)
        if self.mistakes and self.rng.random() < self.mistakes:
            return Decision(self.rng.choice(legal))
        facts = Facts(view)
        move = medium_move(facts.sim, facts.counts)
        if action_of(facts.me, move) not in legal:  # never expected; stay legal regardless
            move = parse_move(legal[0])
        return hint(facts, move, legal)


class EasyBot(MediumBot):
    """A casual player: the medium rules, with a random move one time in four."""

    level = "easy"
    mistakes = 0.25
