"""The worlds the Kočka hard bot imagines: hidden hands dealt to fit the view, and weighed.

A world is a full deal in play (a :class:`Sim` with every hand filled in) that
respects every public fact the deciding seat knows: the cards played, the suits a
seat showed it is void in by not following, and the three cards it passed, which
sit in the next seat's hand until played. Before the exchange a world is any deal
of the unseen cards, with each other seat passing what the medium rules would. A
world is then weighed by how well it explains the others' plays so far.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import GERMAN
from ..base import View, cards_in
from .policy import medium_pass, medium_play
from .sim import ALL, Sim, mask, new_sim

PLAY_WEIGHT = 0.5  # a world's weight is multiplied by this per play the medium rules would not make


def _deal_hidden(rng: random.Random, pool: int, need: list[int], voids: list[int],
                 fixed: list[int]) -> list[int] | None:
    """Deal the ``pool`` cards so each seat gets ``need[s]`` more, none in a suit it is void in."""
    cards = cards_in(pool)
    rng.shuffle(cards)
    # most constrained cards first, so a void never strands a card
    cards.sort(key=lambda c: sum(1 for s in range(4) if need[s] and not voids[s] >> (c >> 3) & 1))
    hands = list(fixed)
    left = list(need)
    for c in cards:
        suit = c >> 3
        seats = [s for s in range(4) if left[s] and not voids[s] >> suit & 1]
        if not seats:
            return None
        total = sum(left[s] for s in seats)
        r = rng.randrange(total)
        for s in seats:
            r -= left[s]
            if r < 0:
                break
        hands[s] |= 1 << c
        left[s] -= 1
    return hands


def sample_world(view: View, base: Sim, rng: random.Random) -> Sim | None:
    """A full deal in play consistent with the view; None if sampling failed."""
    me = view["seat"]
    counts = view["hand_counts"]
    mine = base.hands[me]
    pool = ALL & ~(mine | base.played)
    fixed = [0, 0, 0, 0]
    fixed[me] = mine
    left_seat = (me + 1) & 3
    gone = mask(view["passed"]) & pool  # still in the next seat's hand
    fixed[left_seat] = gone
    pool &= ~gone
    need = [0 if s == me else counts[s] - fixed[s].bit_count() for s in range(4)]
    voids = list(base.voids)
    voids[me] = 0
    for _ in range(30):
        hands = _deal_hidden(rng, pool, need, voids, fixed)
        if hands is not None:
            w = base.copy()
            w.hands = hands
            return w
    hands = _deal_hidden(rng, pool, need, [0, 0, 0, 0], fixed)  # facts contradict: ignore voids
    if hands is None:
        return None
    w = base.copy()
    w.hands = hands
    return w


def pass_world(hand: int, me: int, rng: Any) -> tuple[list[int], list[int]]:
    """A world before the exchange: the others' hands any deal of the cards not in
    ``hand``, and the three cards each of them passes (medium's choice), as masks."""
    pool = cards_in(ALL & ~hand)
    rng.shuffle(pool)
    hands = [0, 0, 0, 0]
    hands[me] = hand
    for k, s in enumerate(s for s in range(4) if s != me):
        for c in pool[8 * k: 8 * k + 8]:
            hands[s] |= 1 << c
    gives = [0, 0, 0, 0]
    for s in range(4):
        if s != me:
            g = medium_pass(hands[s])
            gives[s] = (1 << g[0]) | (1 << g[1]) | (1 << g[2])
    return hands, gives


def plays_so_far(view: View) -> tuple[list[tuple[int, int]], int]:
    """The deal's plays so far as (seat, card), and the leader of trick 1."""
    tricks = list(view["tricks"]) + ([view["trick"]] if view["trick"] else [])
    plays = [(p["seat"], GERMAN.parse(p["card"])) for t in tricks for p in t["plays"]]
    return plays, tricks[0]["leader"]


def plausibility(world: Sim, history: list[tuple[int, int]], first: int, me: int) -> float:
    """How well a world explains the others' plays: ``PLAY_WEIGHT`` per play a
    strong player would not have made holding those cards (Rebstock et al. 2019)."""
    start = list(world.hands)
    for seat, c in history:
        start[seat] |= 1 << c
    sim = new_sim(start, first, world.mode)
    weight = 1.0
    for seat, c in history:
        if seat != me and medium_play(sim) != c:
            weight *= PLAY_WEIGHT
        sim.play(c)
    return weight
