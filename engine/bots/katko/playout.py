"""The rest of a Katko deal in one sampled world: playouts and the exact end solve.

In a world every hand is known, so the hard bot finishes the deal: every seat plays
the quick policy until each hand holds at most ``SOLVE_FROM`` cards, then
:func:`solve` searches the end exactly over the deciding seat's choices. The other
seats there play the quick policy too (``MODEL_OPPONENTS``); max-n instead (each seat
for its own points, 2^n at worst, so only at tables of at most ``SOLVE_SEATS``)
measured alike against medium.
"""

from __future__ import annotations

from typing import Any

from .policy import quick_policy
from .sim import Outcome, Sim

SOLVE_FROM = 2
MODEL_OPPONENTS = True
SOLVE_SEATS = 6


def playout(sim: Sim, solve_from: int, root: int, value: Any) -> None:
    """Play ``sim`` to the end: the quick policy, then an exact solve once every
    hand holds at most ``solve_from`` cards (0: never)."""
    while not sim.over:
        if solve_from and sim.played == 0 and len(sim.hands[sim.turn]) <= solve_from:
            end = solve(sim, root, value)
            sim.points, sim.bonus_seat, sim.last_winner = list(end[0]), end[1], end[2]
            return
        legal = sim.legal()
        sim.play(legal[0] if len(legal) == 1 else quick_policy(sim, legal))


def solve(sim: Sim, root: int, value: Any) -> Outcome:
    """The rest of the deal with every hand known, searched over the root's
    choices; the other seats play the quick policy (the model of the opponents),
    or with ``MODEL_OPPONENTS`` off max-n: each plays for its own points and,
    when indifferent, against ``root``. ``value`` rates an outcome for the root.
    ``sim`` is used up."""
    while True:
        if sim.over:
            return sim.outcome()
        seat = sim.turn
        options = sim.legal()
        if len(options) == 1:
            sim.play(options[0])
        elif MODEL_OPPONENTS and seat != root:
            sim.play(quick_policy(sim, options))
        else:
            break
    options = sorted(set(options))
    best: Outcome | None = None
    best_key: tuple[float, float] = (0.0, 0.0)
    for card in options:
        nxt = sim.copy()
        nxt.play(card)
        out = solve(nxt, root, value)
        v = value(out)
        key = (v, 0.0) if seat == root else (float(out[0][seat]), -v)
        if best is None or key > best_key:
            best, best_key = out, key
    assert best is not None
    return best
