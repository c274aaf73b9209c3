"""What shows won, bids and a match standing are worth, in base prices.

Medium values a bid by fixed prices of a point, a goal and a WATI
(:func:`bid_utilities` over the distribution of shows won); the hard bot and the
review value the whole match state after a deal (:func:`match_value`: C-10 … C-12
with the standing smoothed). The opponent model of the sampled worlds is a softmax
over medium's bid utilities. The constants were fitted as their comments say.
"""

from __future__ import annotations

import math

from .sim import GOAL, MAX_BID, SEATS, SHOWS

ALPHA = 1.5  # medium: a point, in base prices (a step towards the 5 points of C-10)
BETA = 0.8  # a goal costs 1B unless you win the match (C-12)
GAMMA = 0.3  # a WATI: a fifth of a point, and the tie-break of C-10
SPECIAL = 2 * (SEATS - 1)  # C-9: 2B from (or to) each of the three others
TEMPERATURE = 4.0  # how sharply the opponent model prefers its best bid
KAPPA = 0.8  # match value: a seat's chance to win the match grows as exp(KAPPA × points)
# What a fresh deal is worth, so a six-pairs hand worth less is declared (C-4): the
# mean over random hands of medium's best bid utility (3,000 hands), and of hard's
# best expected change of match value at the start of a match (80 hands; negative,
# as the others' points count against it).
FRESH_DEAL = 0.62
FRESH_DEAL_HARD = -0.08


def shows_distribution(p: list[float]) -> list[float]:
    """P(exactly w shows won), w = 0 … 4, treating the shows as independent."""
    dist = [1.0, 0.0, 0.0, 0.0, 0.0]
    for q in p:
        for w in range(SHOWS, 0, -1):
            dist[w] = dist[w] * (1 - q) + dist[w - 1] * q
        dist[0] *= 1 - q
    return dist


def bid_utilities(dist: list[float]) -> list[float]:
    """Medium's value of each bid 0 … 4 for a distribution of shows won (C-8, C-9 bid 4),
    ignoring the match state: points, goals and WATI at fixed prices."""
    out = [0.0]
    for b in range(1, MAX_BID):
        u = 0.0
        for w, p in enumerate(dist):
            u += p * (b * ALPHA + (w - b) * GAMMA if w >= b else -b * (ALPHA + BETA))
        out.append(u)
    out.append(SPECIAL * (2 * dist[SHOWS] - 1))  # struck: only the 2B payments count
    return out


def softmax(us: list[float]) -> list[float]:
    """The opponent model: how likely each bid is, given medium's utilities."""
    top = max(us)
    es = [math.exp(TEMPERATURE * (u - top)) for u in us]
    total = sum(es)
    return [e / total for e in es]


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def match_value(seat: int, points: list[int], wati: list[int], goals: list[int]) -> float:
    """What the rest of the match is worth to ``seat`` in base prices (C-10 … C-12).

    A seat on 5+ points wins as C-10 says; otherwise each seat wins with a chance
    growing as exp(KAPPA × points). A loser pays its place (1B … 3B), doubled when
    its final points are negative, plus its goals (C-12). Points still move before
    the end, so places and signs are smoothed: seat l finishes ahead of seat m with
    chance sigmoid(points_l - points_m), and below zero with sigmoid(-2.2 - 1.2 points)
    (fitted to medium self-play: 10% of losers on 0 points end negative, 29% on -1,
    46% on -2; KAPPA too: 0.8 fits who won from each deal's standing, 400 matches).
    """
    over = [s for s in range(SEATS) if points[s] >= GOAL]
    if over:
        top = max(wati[s] for s in over)
        over = [s for s in over if wati[s] == top]
        top = max(points[s] for s in over)
        over = [s for s in over if points[s] == top]
        chances = [1.0 / len(over) if s in over else 0.0 for s in range(SEATS)]
        final = True
    else:
        es = [math.exp(KAPPA * p) for p in points]
        total = sum(es)
        chances = [e / total for e in es]
        final = False
    value = 0.0
    for j in range(SEATS):
        if chances[j] == 0.0:
            continue
        owed = [0.0] * SEATS
        for s in range(SEATS):
            if s == j:
                continue
            place = 1.0
            for o in range(SEATS):
                if o != s and o != j:
                    if final:
                        mine, theirs = (points[s], wati[s], -goals[s]), (points[o], wati[o], -goals[o])
                        place += 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
                    else:
                        place += _sigmoid(points[o] - points[s])
            negative = (1.0 if points[s] < 0 else 0.0) if final else _sigmoid(-2.2 - 1.2 * points[s])
            owed[s] = place * (1.0 + negative) + goals[s]
        value += chances[j] * (sum(owed) if j == seat else -owed[seat])
    return value
