"""The medium rules of thumb for Katte, as a function of a simulator position.

:func:`medium_move` is the easy and medium bots' choice, the hard bot's default and
its model of every other seat (in playouts and when it weighs samples), so it reads
only what the seat to act knows: its hand and discards, face-up cards, tricks won
and hand sizes. Qualify first (must-beat is forced; with a free choice give up the
least useful card, face down when it cannot beat, face up to win the trick when it
can), beat with the lowest beater when forced, keep the cards most likely to stay
unbeaten for tricks 5–6, and in trick 5 show the card whose showing and the other's
keeping give the best odds of winning trick 6.
"""

from __future__ import annotations

from .sim import ABOVE, DECK, RANKS, Move, Sim


def _p_clear(higher: int, unknown: int, held: int) -> float:
    """Chance that none of ``higher`` given unknown cards is among ``held`` cards drawn
    from ``unknown`` (hypergeometric): how likely a card stays unbeaten."""
    if higher <= 0 or held <= 0:
        return 1.0
    if higher + held > unknown:
        return 0.0
    p = 1.0
    for i in range(held):
        p *= (unknown - higher - i) / (unknown - i)
    return p


def known_to(sim: Sim, seat: int) -> int:
    """The cards ``seat`` knows where they are: its hand, its discards, face-up cards."""
    mask = sim.seen | sim.gone[seat]
    for c in sim.hands[seat]:
        mask |= 1 << c
    return mask


def _others_cards(sim: Sim, seat: int, counts: list[int] | None) -> int:
    """How many cards the other seats still in the hand hold (public)."""
    total = 0  # a loop, not sum() over a generator: every showdown move of every playout asks
    for s in range(sim.n):
        if s != seat and not sim.out[s]:
            total += counts[s] if counts is not None else len(sim.hands[s])
    return total


def keep_value(card: int, known: int) -> int:
    """How useful a card is for the end: fewer unseen higher cards is better, then rank."""
    # the suit breaks ties, so the order of the hand never matters
    return ((card % RANKS) - 16 * (ABOVE[card] & ~known).bit_count()) * 4 - card // RANKS


def medium_move(sim: Sim, counts: list[int] | None = None) -> Move:
    """The rule-based choice of the seat to act; uses only what that seat knows
    (its hand and discards, face-up cards, tricks won, hand sizes)."""
    seat = sim.turn
    hand = sim.hands[seat]
    known = sim.seen | sim.gone[seat]
    for c in hand:
        known |= 1 << c
    unknown = ~known
    if sim.trick_no == 5:
        return _showdown_move(sim, seat, known, counts), True
    won = sim.won[seat]
    if not sim.plays:
        if not won:
            # trick 1: a card nobody can beat qualifies at once
            masters = [c for c in hand if not ABOVE[c] & unknown]
            if masters:
                return min(masters), True
        return _least_useful(hand, unknown), True
    best = sim.best
    suit = best // RANKS
    beaters = []  # a loop, not a comprehension: every playout's every move asks
    for c in hand:
        if c > best and c // RANKS == suit:
            beaters.append(c)
    if not beaters:
        return _least_useful(hand, unknown), False
    if not won:
        # K-8.4: must beat. The lowest beater: high cards are worth more kept for
        # tricks 5-6 than spent on a trick that may be beaten again (measured)
        return min(beaters), True
    if len(beaters) == len(hand):
        return min(beaters), True
    # give up the least useful card: face up when it can beat (K-8.5), which also
    # wins the trick (and after trick 4, the showdown lead) at no cost
    give = _least_useful(hand, unknown)
    return give, give in beaters


def _least_useful(hand: list[int], unknown: int) -> int:
    """The card least useful for tricks 5-6: the most unseen higher cards, then the lowest
    rank, then the lowest suit (``keep_value``'s order; no two cards tie). A loop, where
    sorting the hand by a key function took a fifth of a hard decision's time."""
    least, least_key = -1, 1 << 30
    for c in hand:
        key = ((c % RANKS) - 16 * (ABOVE[c] & unknown).bit_count()) * 4 - c // RANKS
        if key < least_key:
            least, least_key = c, key
    return least


def _showdown_move(sim: Sim, seat: int, known: int, counts: list[int] | None) -> int:
    """Trick 5: show the card whose showing and keeping the other gives the best odds."""
    hand = sorted(sim.hands[seat])  # sorted: ties never depend on the order of the hand
    unknown = DECK - known.bit_count()
    held = _others_cards(sim, seat, counts)
    if sim.plays:
        best = sim.best
        suit = best // RANKS
        beaters = [c for c in hand if c // RANKS == suit and c > best]
        if len(beaters) == 1:
            return beaters[0]
        if not beaters:
            # cannot win trick 5: keep the card most likely to win trick 6
            a, b = hand
            return a if keep_value(a, known) < keep_value(b, known) else b
        later = 2 * (sim.active - sim.plays - 1)
    else:
        later = held
    best_card, best_score = hand[0], -1.0
    for i, show in enumerate(hand):
        keep = hand[1 - i]
        score = _p_clear((ABOVE[show] & ~known).bit_count(), unknown, later) * \
            _p_clear((ABOVE[keep] & ~known).bit_count(), unknown, held)
        if score > best_score:
            best_card, best_score = show, score
    return best_card
