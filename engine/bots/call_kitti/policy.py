"""The rule-of-thumb levels: random, easy and medium.

* **random**: a uniformly random split of the hand, a uniformly random listed action.
* **easy**: greedy arrangement (the best set first, then the best of the rest …)
  and a rough bid (the expected shows won, rounded, with some noise); never declares.
* **medium**: the optimiser's split (the most expected shows won under the strength
  table), the bid with the best expected points and goals for it, and six pairs
  declared when the hand is worth less than a fresh deal.
"""

from __future__ import annotations

from ..base import Bot, Decision, View
from .hints import arrange_decision, bid_decision, declare_decision, suggest_arrangement
from .optimiser import greedy, optimise
from .sim import MAX_BID
from .strength import win_chances
from .values import FRESH_DEAL, bid_utilities, shows_distribution
from .views import arrange_words, arranged_vals, hand, wants_arrangement


class RandomCallKittiBot(Bot):
    """A uniformly random split (as ``CallKitti.random_action``), else a random listed action."""

    level = "random"

    def choose(self, view: View) -> Decision:
        if wants_arrangement(view):
            cards = hand(view)
            self.rng.shuffle(cards)
            return Decision(arrange_words(view["seat"], [cards[i:i + 3] for i in range(0, 12, 3)], cards[12]))
        return Decision(self.rng.choice(view["legal"]))


class EasyBot(Bot):
    """Greedy sets, a rounded bid with noise, never declares: a casual player."""

    level = "easy"

    def choose(self, view: View) -> Decision:
        if wants_arrangement(view):
            sets, discard, vals = greedy(hand(view))
            return arrange_decision(view["seat"], sets, discard, sum(win_chances(vals)))
        chances = win_chances(arranged_vals(view))
        # a casual estimate: the expected shows won, rounded with some noise, never 4
        number = max(0, min(3, int(sum(chances) + 0.5 + self.rng.uniform(-0.7, 0.7))))
        return bid_decision(view, number, shows_distribution(chances))


class MediumBot(Bot):
    """The optimiser's split; the bid with the best table utility; six pairs declared
    when the hand is worth less than a fresh deal."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        legal = view["legal"]
        if wants_arrangement(view) or (view["phase"] == "bid" and "declare" in " ".join(legal)):
            vals = optimise(hand(view))[3]
            utilities = bid_utilities(shows_distribution(win_chances(vals)))
            if view["may_declare"] and max(utilities) < FRESH_DEAL:
                return declare_decision(view["seat"])
            if wants_arrangement(view):
                return suggest_arrangement(view)
        dist = shows_distribution(win_chances(arranged_vals(view)))
        utilities = bid_utilities(dist)
        number = max(range(MAX_BID + 1), key=lambda b: (utilities[b], -b))
        return bid_decision(view, number, dist)
