"""Simple computer players: a random legal action, drawn by the engine itself.

``match.random_action`` draws from every legal action, also where the engine does not
list them all (Call Kitti's arrangements; Kočka's 56 passes). Turn-timer and
leave-the-table actions are the table's business, never a bot's choice.
"""

from __future__ import annotations

import random

from engine import Action, Match

MACHINERY = ("timeout", "leave")


def choose(match: Match, seat: int, rng: random.Random) -> Action:
    action = match.random_action(rng, seat)
    if action.verb in MACHINERY:
        listed = [a for a in match.legal_actions(seat) if a.verb not in MACHINERY]
        action = rng.choice(listed) if listed else action
    return action
