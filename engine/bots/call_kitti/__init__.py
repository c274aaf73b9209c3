"""Call Kitti bots: arrange thirteen cards into four sets and a discard, then bid.

The shows play themselves (C-7), so a seat has two decisions per deal: the
arrangement (C-5, with the six-pairs declaration of C-4 open) and the bid (C-6).
Random, easy and medium are rules of thumb (:mod:`.policy`); hard judges its best
splits and bids in money over sampled opponents (:mod:`.hard`, :mod:`.worlds`).
They share a fast private copy of the rules (:mod:`.sim`, where a set is a *value
rank*), the optimiser that arranges a hand (:mod:`.optimiser`) under a strength
table trained by self-play (:mod:`.strength`, data in ``strength.json``; tooling in
:mod:`.train`), the values of bids and standings (:mod:`.values`) and the
explanations of decisions (:mod:`.hints`).

This module registers the levels and keeps the names that other code uses as
``call_kitti.<name>`` (the review, the table, the tests), old private names included.

>>> from engine.bots import make_bot
>>> from engine.games.call_kitti import CallKitti
>>> m = CallKitti.new(4, seed=5)
>>> d = make_bot("call-kitti", "medium", seed=1).decide(m.view(0))
>>> d.action.split()[1], d.reason
('arrange', 'hint.call-kitti.arrange')
"""

from __future__ import annotations

from .. import register
from .hard import HardBot, suggest_bid
from .hints import bid_decision, suggest_arrangement
from .optimiser import optimise, search_top, split
from .policy import EasyBot, MediumBot, RandomCallKittiBot
from .sim import (
    MAX_BID,
    SEATS,
    SHOWS,
    hand_vrank,
    play_shows,
    score_deal,
    simulator_for,
    sorted_hand,
    triples,
)
from .strength import WIN
from .values import match_value
from .views import arrange_words, arranged_vals, hand

register("call-kitti", RandomCallKittiBot, EasyBot, MediumBot, HardBot)

__all__ = [
    "MAX_BID",
    "SEATS",
    "SHOWS",
    "WIN",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomCallKittiBot",
    "arrange_words",
    "arranged_vals",
    "bid_decision",
    "hand",
    "hand_vrank",
    "match_value",
    "optimise",
    "play_shows",
    "score_deal",
    "search_top",
    "simulator_for",
    "sorted_hand",
    "split",
    "suggest_arrangement",
    "suggest_bid",
    "triples",
]
