"""The Kočka rules of thumb: a strong player's pass and play, and the easy and medium bots.

How dangerous a card is to hold (:func:`danger`), which three cards to pass, and which
card to lead, follow or discard, all read from the acting seat's own hand and the public
cards only. The medium bot plays these rules; the easy bot plays them with frequent
careless choices; the hard bot uses them to play out its sampled worlds
(:func:`playout`), to rank its candidate passes and to judge how plausible a world is.
"""

from __future__ import annotations

from itertools import combinations

from ...cards import HEJMA
from ...games.kocka import LAST_TRICK_BONUS, POINTS
from ..base import Bot, Decision, View, cards_in
from .hints import pass_decision, play_decision
from .sim import ABOVE, ALL, BELOW, HEARTS, HEJMA_BIT, LEAVES, SUIT, Sim, mask, sim_from_view

_GUARDED = [0.75 ** guards for guards in range(9)]
"""How much each lower card of its own (a guard to duck with) lowers a card's chance to win."""


def danger(c: int, hand: int, unseen: int) -> float:
    """Expected penalty that holding ``c`` will still cost (a strong player's rule of thumb).

    A card is dangerous when it can win tricks: many unseen lower cards of its
    suit, few higher ones, and few lower cards of its own to duck with. Hearts
    and Hejma carry their own points on top; a high leaf may catch Hejma.
    """
    return _danger(c, (unseen & BELOW[c]).bit_count(), (unseen & ABOVE[c]).bit_count(), hand, unseen)


def _danger(c: int, lo: int, hi: int, hand: int, unseen: int) -> float:
    """:func:`danger` from the counts of unseen cards below (``lo``) and above (``hi``)
    ``c`` in its suit, for a caller that has counted them already (the lead)."""
    if lo == 0:
        wp = 0.0 if hi else 0.5  # nobody else holds the suit: it wins when led, and draws discards
    else:
        wp = lo / (lo + hi) * _GUARDED[(hand & BELOW[c]).bit_count()]
    d = wp * 3.5
    if c < 8:
        d += POINTS[c] * (0.25 + 0.6 * wp)
    elif c == HEJMA:
        d += 10.0 * (0.15 + 0.8 * wp)
    elif c > HEJMA and c < 16 and unseen & HEJMA_BIT:
        d += 10.0 * wp * 0.4
    return d


def medium_pass(hand: int) -> tuple[int, ...]:
    """The three cards to pass: the most dangerous, with a bonus for clearing a suit
    (:func:`rank_passes`' first, found without sorting the rest: the hard bot's worlds
    before the exchange ask it for each of the three others)."""
    best: tuple[int, ...] = ()
    best_score = float("-inf")
    for score, combo in _pass_scores(hand):  # in ascending order: the first best is the least
        if score > best_score:
            best_score, best = score, combo
    return best


def rank_passes(hand: int) -> list[tuple[float, tuple[int, ...]]]:
    """All 56 passes, best first, scored by danger shed plus suits cleared."""
    scored = _pass_scores(hand)
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored


def _pass_scores(hand: int) -> list[tuple[float, tuple[int, ...]]]:
    """Every pass with its score, the cards' combinations in ascending order."""
    unseen = ALL & ~hand
    cards = cards_in(hand)
    dang = {c: danger(c, hand, unseen) for c in cards}
    # danger still held in a suit makes a void worth more: it lets us discard it
    held_pen = sum(dang[c] for c in cards if c < 8 or c == HEJMA)
    scored: list[tuple[float, tuple[int, ...]]] = []
    for combo in combinations(cards, 3):
        m = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
        keep = hand & ~m
        score = dang[combo[0]] + dang[combo[1]] + dang[combo[2]]
        for s in range(4):
            if hand & SUIT[s] and not keep & SUIT[s]:
                score += 2.0 + 0.15 * held_pen
        scored.append((score, combo))
    return scored


def medium_play(sim: Sim) -> int:
    """The card a strong player would play for the seat to act (reads only its own hand)."""
    seat = sim.turn
    hand = sim.hands[seat]
    legal = sim.legal()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    unseen = ALL & ~(hand | sim.played)
    if not sim.plays:
        return _lead(sim, seat, hand, unseen)
    if legal & SUIT[sim.lead] == legal and hand & SUIT[sim.lead]:
        return _follow(sim, hand, legal, unseen)
    return _discard(hand, unseen)


def _lead(sim: Sim, seat: int, hand: int, unseen: int) -> int:
    """Lead the card least likely to win, weighted by what winning would cost."""
    voids = sim.voids
    # how many others are void in each suit (counted once, not once per card: every playout's
    # every lead asks)
    void_others = [0, 0, 0, 0]
    for j in range(4):
        v = voids[j]
        if v and j != seat:  # (most seats are void in nothing)
            void_others[0] += v & 1
            void_others[1] += v >> 1 & 1
            void_others[2] += v >> 2 & 1
            void_others[3] += v >> 3 & 1
    best_c, best_cost = -1, 1e9
    last = sim.ntricks == 7
    rest = hand
    while rest:  # the cards lowest first, without a list (every playout's every lead)
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        s = c >> 3
        lo = (unseen & BELOW[c]).bit_count()
        hi = (unseen & ABOVE[c]).bit_count()
        void_opp = void_others[s]
        if hi == 0:
            pw = 1.0
        elif lo == 0:
            pw = 0.0
        else:
            pw = lo / (lo + hi) * 0.8
        gain = POINTS[c] + 2.5 * void_opp + (LAST_TRICK_BONUS if last else 0)
        if s == HEARTS:
            gain += 1.5 * min(3, lo + hi)
        elif s == LEAVES and unseen & HEJMA_BIT:
            gain += 4.0 if c > HEJMA else 1.5
        if hi == 0 and lo == 0:
            gain += 4.0  # everyone discards onto it
        d = _danger(c, lo, hi, hand, unseen)  # with the counts made above, not made again
        cost = pw * (gain + 2.0)
        if pw == 0.0:
            cost -= 0.1 * d + 0.3 * POINTS[c]  # shed risky cards for free
        else:
            cost -= 0.15 * d
        if cost < best_cost:
            best_c, best_cost = c, cost
    return best_c


def _follow(sim: Sim, hand: int, legal: int, unseen: int) -> int:
    """Duck under the winning card if possible; otherwise win as cheaply as wisely."""
    best = sim.best
    below = legal & BELOW[best]
    if below:
        return below.bit_length() - 1  # the highest card that still loses
    followers = 3 - len(sim.plays)
    lowest = legal & -legal
    sure = followers == 0
    if not sure:
        # can anyone after us still beat our lowest card?
        sure = not (unseen & ABOVE[lowest.bit_length() - 1])
        if not sure:
            later = [(sim.turn + k) & 3 for k in range(1, followers + 1)]
            sure = all(sim.voids[j] >> sim.lead & 1 for j in later)
    if not sure:
        return lowest.bit_length() - 1
    # we take the trick anyway: shed the card that would cost most to keep
    best_c, best_v = -1, -1e9
    rest = legal
    while rest:  # lowest first, without a list
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        v = danger(c, hand, unseen) - POINTS[c] + 0.01 * c
        if v > best_v:
            best_c, best_v = c, v
    return best_c


def _discard(hand: int, unseen: int) -> int:
    """Void in the led suit: dump Hejma, then the costliest heart or high card."""
    if hand & HEJMA_BIT:
        return HEJMA
    best_c, best_v = -1, -1e9
    rest = hand
    while rest:  # lowest first, without a list
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        v = danger(c, hand, unseen) + POINTS[c] + 0.01 * (c & 7)
        if v > best_v:
            best_c, best_v = c, v
    return best_c


def playout(sim: Sim) -> None:
    """Play the deal to its end with the medium policy for every seat."""
    while not sim.over:
        sim.play(medium_play(sim))


class MediumBot(Bot):
    """A strong player's rules: pass danger and clear suits, duck, dump Hejma, lead low."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        if view["phase"] == "pass":
            hand = mask(view["hand"])
            combo = medium_pass(hand)
            return self._pass(view, hand, combo)
        sim = sim_from_view(view)
        return play_decision(sim, medium_play(sim))

    _pass = staticmethod(pass_decision)  # the name engine/bots/review.py calls


class EasyBot(MediumBot):
    """A casual player: the medium rules, with frequent careless choices."""

    level = "easy"
    MISTAKES = 0.35

    def choose(self, view: View) -> Decision:
        if self.rng.random() >= self.MISTAKES:
            return super().choose(view)
        if view["phase"] == "pass":
            # a casual pass: simply the three highest-ranked cards
            hand = mask(view["hand"])
            combo = tuple(sorted(cards_in(hand), key=lambda c: (c & 7, c))[-3:])
            return self._pass(view, hand, combo)
        return Decision(self.rng.choice(view["legal"]))
