"""The Katko bots' rules of thumb: the quick policy and medium's card counting.

Only the last trick scores, so the plan is always the same: throw away what cannot
win the last trick, keep the strongest card for it, and win the second-to-last trick
to *lead* the last one (a leader wins unless someone still holds a higher card of the
led suit; a 2 led there that nobody can follow is the deuce bonus). The quick policy
(:func:`quick_policy`) follows it by rank alone from the seat's own hand: it is the
easy bot and the hard bot's model of every player in its playouts. Medium
(:func:`medium_choice`) follows it with card counting: what is still unseen and who
is void.
"""

from __future__ import annotations

from .sim import BONUS_POINTS, DEUCE, RANKS, Sim
from .worlds import Info


def quick_policy(sim: Sim, legal: list[int]) -> int:
    """The playout policy: the plan by rank alone, from the seat's own hand.

    Early, throw the weakest card; at the second-to-last trick win it with the
    cheapest card that can (to lead the last trick), else keep the stronger card;
    when leading it, lead the stronger card and keep the other (a 2 is kept to be
    led for the deuce bonus).
    """
    if len(legal) == 1:
        return legal[0]
    hand = sim.hands[sim.turn]
    trump = sim.trump
    if len(hand) != 2:
        return _weakest(legal, trump)
    if sim.lead < 0:
        a, b = hand
        if sim.bonus and (a % RANKS == DEUCE) != (b % RANKS == DEUCE):
            return b if a % RANKS == DEUCE else a
        # the stronger of the two (the first if they are as strong)
        return b if _strength(b, trump) > _strength(a, trump) else a
    winners = [c for c in legal if sim.beats(c)]
    if winners:
        return _weakest(winners, trump)
    return _weakest(legal, trump)


def _strength(card: int, trump: int) -> int:
    """A card's strength by rank alone, trumps above every plain card."""
    return card % RANKS + (RANKS if card // RANKS == trump else 0)


def _weakest(cards: list[int], trump: int) -> int:
    """The first of the weakest ``cards`` by rank alone (trumps strongest), as
    ``min(cards, key=…)`` finds it: a loop, since every move of every playout asks."""
    weakest, least = cards[0], 2 * RANKS
    for c in cards:
        strength = c % RANKS + (RANKS if c // RANKS == trump else 0)
        if strength < least:
            weakest, least = c, strength
    return weakest


class Counting:
    """Medium's estimates from the unseen cards and the known voids."""

    def __init__(self, info: Info) -> None:
        self.info = info
        self.total = max(sum(info.unseen), 1)
        self.others = [s for s in range(info.n) if s != info.me]

    def holders(self, card: int, seats: list[int]) -> float:
        """Expected copies of the unseen ``card`` held by ``seats`` (voids respected)."""
        info = self.info
        u = info.unseen[card]
        if not u:
            return 0.0
        cards = sum(info.counts[s] for s in seats if card not in info.forbidden[s])
        return u * cards / self.total

    def threats(self, card: int, seats: list[int]) -> list[float]:
        """Expected holdings of each unseen card that would beat ``card`` as lead."""
        info = self.info
        suit, out = card // RANKS, []
        for c in range(card + 1, (suit + 1) * RANKS):
            h = self.holders(c, seats)
            if h:
                out.append(h)
        if info.trump >= 0 and suit != info.trump:
            for c in range(info.trump * RANKS, (info.trump + 1) * RANKS):
                h = self.holders(c, seats)
                if h:
                    out.append(h)
        return out

    def wins_trick(self, card: int, seats: list[int]) -> float:
        """Chance that ``card`` leading (or winning) the trick now is not beaten by ``seats``."""
        p = 1.0
        for h in self.threats(card, seats):
            p *= max(0.0, 1.0 - min(h, 1.0))
        return p

    def wins_last(self, card: int, leading: bool) -> float:
        """Chance ``card`` wins the last trick kept to the end (leading it or not),
        in points: a 2 led there that wins is the deuce bonus."""
        info = self.info
        left = max(info.left - 1, 1)
        p = 1.0
        for h in self.threats(card, self.others):
            # a threat must still be in its holder's hand at the end: high cards usually are
            p *= max(0.0, 1.0 - min(h * 1.5 / left, 1.0))
        if not leading:
            return p * 0.25 if card % RANKS != DEUCE else 0.0
        if info.bonus and card % RANKS == DEUCE:
            return p * BONUS_POINTS
        return p


def medium_choice(info: Info) -> tuple[int, str, int]:
    """The medium plan: (card, reason, card to keep or -1)."""
    legal = info.legal
    if len(legal) == 1:
        return legal[0], "forced", -1
    count = Counting(info)
    leading = not info.plays
    if info.left == 2:
        best_val, choice, kept = -1.0, legal[0], -1
        for x in legal:
            rest = list(info.hand)
            rest.remove(x)
            y = rest[0]
            if leading:
                win = count.wins_trick(x, count.others)
            elif info.trick_probe().beats(x):
                win = count.wins_trick(x, info.after_me())
            else:
                win = 0.0
            val = win * count.wins_last(y, True) + (1 - win) * count.wins_last(y, False)
            if val > best_val + 1e-9:
                best_val, choice, kept = val, x, y
        if kept >= 0 and info.bonus and kept % RANKS == DEUCE and count.wins_last(kept, True) > 0.5:
            return choice, "deuce", kept
        if (leading or info.trick_probe().beats(choice)) and count.wins_trick(
                choice, count.others if leading else info.after_me()) > 0.5:
            return choice, "win_lead", kept
        return choice, "keep", kept
    # early tricks: throw away the card least useful at the end
    ranked = sorted(legal, key=lambda c: (count.wins_last(c, True) + 0.02 * (c % RANKS), c))
    rest = list(info.hand)
    rest.remove(ranked[0])
    keep = max(rest, key=lambda c: (count.wins_last(c, True), c % RANKS))
    return ranked[0], "dump", keep
