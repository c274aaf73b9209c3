"""Katko bots: random, easy, medium and hard (``shared/rules/katko.md``).

Only the last trick scores, so every level plays the same plan with more or
less care: throw away what cannot win the last trick, keep the strongest card
for it, and win the second-to-last trick to *lead* the last one (a leader wins
unless someone still holds a higher card of the led suit). A 2 led to the last
trick that nobody can follow is the deuce bonus, which wins the match at once.

* easy: that plan by rank alone, with a random card now and then;
* medium: the plan with card counting (what is still unseen, who is void);
* hard: perfect-information Monte Carlo over hidden hands that respect every
  public fact (a seat that did not follow is void; under must-beat a seat that
  did not beat could not), heuristic playouts, an exact solve of the last
  two tricks, and outcomes valued by their effect on winning the *match*.

Every bot reads only its seat's view. The files: ``sim.py`` (the fast private copy
of the rules the hard bot plays its worlds on, and ``simulator_for``, which
``tests/test_simulators.py`` holds to the engine), ``worlds.py`` (reading a view,
sampling hidden hands), ``policy.py`` (the rules of thumb), ``simple.py`` (easy and
medium), ``playout.py`` (finishing a world), ``hard.py`` (the search), ``hints.py``
(the words). This module registers the bots and re-exports what other code uses.
"""

from __future__ import annotations

from .. import register
from ..base import RandomBot
from .hard import ARENA_SAMPLES, HardBot, equity
from .hints import decision, hard_decision
from .playout import MODEL_OPPONENTS, SOLVE_FROM, SOLVE_SEATS, playout, solve
from .policy import Counting, medium_choice, quick_policy
from .sim import DEUCE, RANKS, Outcome, Sim, card_of, code_of, simulator_for
from .simple import EasyBot, MediumBot
from .worlds import Info, read, sample_hands

# the names engine/bots/review.py has used since this was one module
_decision = decision
_probe = Info.trick_probe

register("katko", RandomBot, EasyBot, MediumBot, HardBot)

__all__ = [
    "ARENA_SAMPLES", "DEUCE", "MODEL_OPPONENTS", "RANKS", "SOLVE_FROM", "SOLVE_SEATS", "Counting",
    "EasyBot", "HardBot", "Info", "MediumBot", "Outcome", "Sim", "card_of", "code_of", "equity",
    "hard_decision", "medium_choice", "playout", "quick_policy", "read", "sample_hands", "simulator_for",
    "solve",
]
