"""Katte bots: easy, medium (rules of thumb) and hard (PIMC with inference).

All bots read only their seat's view. From it they build a small private simulator
of the rest of the hand (:mod:`.sim`); the other seats' unseen cards are left empty
for the rule-based bots (:mod:`.policy`, :mod:`.medium`) and sampled to fit every
public fact for the hard bot (:mod:`.worlds`, :mod:`.hard`). Every decision says why
(:mod:`.hints`). This module registers the levels and keeps the names that the review
(``engine/bots/review.py``) and the tests use.
"""

from __future__ import annotations

from .. import register
from ..base import RandomBot
from . import plan
from .hard import ARENA_SAMPLES, HardBot, hand_won
from .hints import hint
from .medium import EasyBot, MediumBot
from .policy import medium_move
from .sim import action_of, parse_move, simulator_for
from .worlds import Facts, likelihood, sample_world

register("katte", RandomBot, EasyBot, MediumBot, HardBot)

__all__ = [
    "ARENA_SAMPLES",
    "EasyBot",
    "Facts",
    "HardBot",
    "MediumBot",
    "action_of",
    "hand_won",
    "hint",
    "likelihood",
    "medium_move",
    "parse_move",
    "plan",
    "sample_world",
    "simulator_for",
]
