"""Kočka bots: easy, medium (rules of a strong player) and hard (PIMC search).

Every bot reads only its seat's view. The hard bot samples the hidden hands
consistently with every public fact (voids shown by not following, the three cards
it passed sit in the next seat's hand until played), plays each sample out with the
medium policy on a private bit-mask simulator of the rules (held to the engine by
``tests/test_simulators.py``) and solves the last tricks exactly; at the exchange it
scores the most promising passes on sampled deals. The package, by purpose:
``sim`` (the simulator), ``policy`` (the rules of thumb; the easy and medium bots),
``worlds`` (sampling and weighing hidden hands), ``hard`` (the hard bot), ``hints``
(why a move was chosen), ``timing`` (command-line timing, not shipped to the page).
This module registers the bots and keeps the names other code reads from it.

>>> import engine
>>> m = engine.new_match("kocka", 4, seed=3)
>>> d = make_bot("kocka", "hard", seed=1, budget=Budget(4)).decide(m.view(0))
>>> d.action in m.view(0)["legal"], d.reason.startswith("hint.kocka.")
(True, True)
"""

from __future__ import annotations

from .. import make_bot, register
from ..base import Budget, RandomBot
from .hard import ARENA_SAMPLES, EXACT_CARDS, OWN_ENDING, READ_TRIES, HardBot, card_value, solve_own
from .hints import play_decision
from .policy import EasyBot, MediumBot, medium_play, playout, rank_passes
from .sim import SUIT, mask, new_sim, sim_from_view, simulator_for
from .worlds import Reader, pass_world, plays_so_far, sample_world

__all__ = [
    "ARENA_SAMPLES",
    "EXACT_CARDS",
    "OWN_ENDING",
    "READ_TRIES",
    "SUIT",
    "Budget",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "Reader",
    "card_value",
    "make_bot",
    "mask",
    "medium_play",
    "new_sim",
    "pass_world",
    "play_decision",
    "playout",
    "plays_so_far",
    "rank_passes",
    "sample_world",
    "sim_from_view",
    "simulator_for",
    "solve_own",
]

register("kocka", RandomBot, EasyBot, MediumBot, HardBot)
