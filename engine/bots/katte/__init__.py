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
from .hard import ARENA_SAMPLES, HardBot, play_out, solve_showdown
from .hints import hint as _hint
from .medium import EasyBot, MediumBot
from .policy import medium_move
from .sim import action_of as _action
from .sim import parse_move as _parse_move
from .sim import simulator_for
from .worlds import Facts as _Facts
from .worlds import likelihood, sample_world

register("katte", RandomBot, EasyBot, MediumBot, HardBot)

__all__ = [
    "ARENA_SAMPLES",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "_Facts",
    "_action",
    "_hint",
    "_parse_move",
    "likelihood",
    "medium_move",
    "play_out",
    "sample_world",
    "simulator_for",
    "solve_showdown",
]
