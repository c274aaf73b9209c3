"""Kočka bots: easy, medium (rules of a strong player) and hard (PIMC search).

Cards are the engine's integers (``suit * 8 + rank``, hearts = suit 0, leaves 1,
acorns 2, bells 3; rank 0 = 7 … 7 = A); a hand is a 32-bit mask. Every bot reads
only its seat's view. The hard bot samples the hidden hands consistently with
every public fact (voids shown by not following, the three cards it passed sit
in the next seat's hand until played), plays each sample out with the medium
policy on a private bit-mask simulator of the rules (checked against the engine
in the tests) and solves the last tricks exactly; at the exchange it scores the
most promising passes on sampled deals.

>>> import engine
>>> m = engine.new_match("kocka", 4, seed=3)
>>> d = make_bot("kocka", "hard", seed=1, budget=Budget(4)).decide(m.view(0))
>>> d.action in m.view(0)["legal"], d.reason.startswith("hint.kocka.")
(True, True)
"""

from __future__ import annotations

import random
import time
from itertools import combinations
from typing import Any

from ..cards import GERMAN, HEJMA
from ..games.kocka import LAST_TRICK_BONUS, POINTS, TOTAL
from . import make_bot, register
from .base import Bot, Budget, Decision, RandomBot, Steps, View, cards_in
from .search import sampled_values

__all__ = ["ARENA_SAMPLES", "EasyBot", "HardBot", "MediumBot", "make_bot"]

ARENA_SAMPLES = 80
"""Worlds per decision for the hard bot in tests and the arena (fits 300 ms at p95 in Pyodide)."""

ALL = (1 << 32) - 1
HEARTS, LEAVES = 0, 1
SUIT = [0xFF << (8 * s) for s in range(4)]
BELOW = [((1 << c) - 1) & SUIT[c >> 3] for c in range(32)]  # same suit, lower rank
ABOVE = [SUIT[c >> 3] & ~((1 << (c + 1)) - 1) for c in range(32)]  # same suit, higher rank
HEJMA_BIT = 1 << HEJMA
LOSER_WEIGHT = 3.0  # utility of a deal: -(penalty - table mean) - 3 if this seat loses it
EXACT_CARDS = 3
PLAY_WEIGHT = 0.5  # a world's weight is multiplied by this per play the medium rules would not make  # solve exactly once the deciding seat holds this many cards or fewer


def _mask(codes: list[str] | tuple[str, ...] | None) -> int:
    m = 0
    for code in codes or ():
        m |= 1 << GERMAN.parse(code)
    return m


def _code(card: int) -> str:
    return GERMAN.code(card)


# --------------------------------------------------------------------- simulator


class Sim:
    """A Kočka deal in play, on bit masks: the engine's rules O-6 … O-9, fast.

    ``hands`` of seats a bot cannot see are 0 when a Sim is built from a view
    (the policies only ever read the hand of the seat they play for).
    """

    __slots__ = (
        "best",
        "hands",
        "hejma",
        "lead",
        "loser",
        "mode",
        "ntricks",
        "over",
        "played",
        "plays",
        "points",
        "trick_hejma",
        "trick_pts",
        "turn",
        "voids",
        "winner",
    )

    hands: list[int]
    played: int
    turn: int
    plays: list[int]
    lead: int
    best: int
    winner: int
    trick_pts: int
    trick_hejma: bool
    points: list[int]
    hejma: int | None
    ntricks: int
    voids: list[int]
    mode: str
    over: bool
    loser: int | None

    def copy(self) -> Sim:
        o = object.__new__(Sim)
        o.hands = list(self.hands)
        o.played = self.played
        o.turn = self.turn
        o.plays = list(self.plays)
        o.lead = self.lead
        o.best = self.best
        o.winner = self.winner
        o.trick_pts = self.trick_pts
        o.trick_hejma = self.trick_hejma
        o.points = list(self.points)
        o.hejma = self.hejma
        o.ntricks = self.ntricks
        o.voids = list(self.voids)
        o.mode = self.mode
        o.over = self.over
        o.loser = self.loser
        return o

    def legal(self) -> int:
        """O-6: follow the led suit if you can."""
        h = self.hands[self.turn]
        if self.plays:
            f = h & SUIT[self.lead]
            if f:
                return f
        return h

    def play(self, card: int) -> None:
        seat = self.turn
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        if not self.plays:
            self.lead = card >> 3
            self.best = card
            self.winner = seat
        elif card >> 3 == self.lead:
            if card > self.best:
                self.best = card
                self.winner = seat
        else:
            self.voids[seat] |= 1 << self.lead
        self.plays.append(card)
        self.trick_pts += POINTS[card]
        if card == HEJMA:
            self.trick_hejma = True
        if len(self.plays) < 4:
            self.turn = (seat + 1) & 3
            return
        w = self.winner
        self.ntricks += 1
        pts = self.trick_pts + (LAST_TRICK_BONUS if self.ntricks == 8 else 0)
        self.points[w] += pts
        if self.trick_hejma:
            self.hejma = w
        self.plays = []
        self.trick_pts = 0
        self.trick_hejma = False
        self.turn = w
        if self.ntricks == 8 or self._certain():
            self._end()

    def _certain(self) -> bool:
        """O-8: is the loser already certain (under the table's option)?"""
        p = self.points
        if self.mode == "off":
            return False
        if self.mode == "seventeen":
            return max(p) >= 17
        rest = TOTAL - p[0] - p[1] - p[2] - p[3]
        for s in range(4):
            ps = p[s]
            hj = self.hejma == s
            if all(ps > p[j] + rest or (hj and ps >= p[j] + rest) for j in range(4) if j != s):
                return True
        return False

    def _end(self) -> None:
        """O-9: the most points loses; ties go to the Hejma taker, else a draw."""
        self.over = True
        top = max(self.points)
        tied = [s for s in range(4) if self.points[s] == top]
        if len(tied) == 1:
            self.loser = tied[0]
        else:
            self.loser = self.hejma if self.hejma in tied else None

    def utility(self, seat: int) -> float:
        p = self.points
        u = (p[0] + p[1] + p[2] + p[3]) / 4.0 - p[seat]
        return u - LOSER_WEIGHT if self.loser == seat else u


def new_sim(hands: list[int], leader: int, mode: str) -> Sim:
    """A deal right after the exchange."""
    s = object.__new__(Sim)
    s.hands = list(hands)
    s.played = 0
    s.turn = leader
    s.plays = []
    s.lead = 0
    s.best = -1
    s.winner = leader
    s.trick_pts = 0
    s.trick_hejma = False
    s.points = [0, 0, 0, 0]
    s.hejma = None
    s.ntricks = 0
    s.voids = [0, 0, 0, 0]
    s.mode = mode
    s.over = False
    s.loser = None
    return s


def sim_from_view(view: View) -> Sim:
    """The public state of the deal in play, with only the viewer's hand filled in."""
    me = view["seat"]
    hands = [0, 0, 0, 0]
    hands[me] = _mask(view["hand"])
    trick = view["trick"] or {"leader": 0, "plays": []}
    s = new_sim(hands, trick["leader"], view["options"].get("early_end", "certain"))
    voids = s.voids
    for t in view["tricks"]:
        cards = [(p["seat"], GERMAN.parse(p["card"])) for p in t["plays"]]
        lead = cards[0][1] >> 3
        for seat, c in cards:
            s.played |= 1 << c
            if c >> 3 != lead:
                voids[seat] |= 1 << lead
    s.points = list(view["points"])
    s.hejma = view["hejma"]
    s.ntricks = len(view["tricks"])
    s.turn = trick["leader"]
    for p in trick["plays"]:
        c = GERMAN.parse(p["card"])
        seat = p["seat"]
        s.played |= 1 << c
        if not s.plays:
            s.lead, s.best, s.winner = c >> 3, c, seat
        elif c >> 3 == s.lead:
            if c > s.best:
                s.best, s.winner = c, seat
        else:
            voids[seat] |= 1 << s.lead
        s.plays.append(c)
        s.trick_pts += POINTS[c]
        s.trick_hejma = s.trick_hejma or c == HEJMA
        s.turn = (seat + 1) & 3
    return s


# ------------------------------------------------------------------ evaluation


def danger(c: int, hand: int, unseen: int) -> float:
    """Expected penalty that holding ``c`` will still cost (a strong player's rule of thumb).

    A card is dangerous when it can win tricks: many unseen lower cards of its
    suit, few higher ones, and few lower cards of its own to duck with. Hearts
    and Hejma carry their own points on top; a high leaf may catch Hejma.
    """
    lo = (unseen & BELOW[c]).bit_count()
    hi = (unseen & ABOVE[c]).bit_count()
    if lo == 0:
        wp = 0.0 if hi else 0.5  # nobody else holds the suit: it wins when led, and draws discards
    else:
        guards = (hand & BELOW[c]).bit_count()
        wp = lo / (lo + hi) * (0.75 ** guards)
    d = wp * 3.5
    if c < 8:
        d += POINTS[c] * (0.25 + 0.6 * wp)
    elif c == HEJMA:
        d += 10.0 * (0.15 + 0.8 * wp)
    elif c > HEJMA and c < 16 and unseen & HEJMA_BIT:
        d += 10.0 * wp * 0.4
    return d


def medium_pass(hand: int) -> tuple[int, ...]:
    """The three cards to pass: the most dangerous, with a bonus for clearing a suit."""
    return _rank_passes(hand)[0][1]


def _rank_passes(hand: int) -> list[tuple[float, tuple[int, ...]]]:
    """All 56 passes, best first, scored by danger shed plus suits cleared."""
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
    scored.sort(key=lambda x: (-x[0], x[1]))
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
    best_c, best_cost = -1, 1e9
    last = sim.ntricks == 7
    for c in cards_in(hand):
        s = c >> 3
        lo = (unseen & BELOW[c]).bit_count()
        hi = (unseen & ABOVE[c]).bit_count()
        void_opp = sum(1 for j in range(4) if j != seat and voids[j] >> s & 1)
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
        cost = pw * (gain + 2.0)
        if pw == 0.0:
            cost -= 0.1 * danger(c, hand, unseen) + 0.3 * POINTS[c]  # shed risky cards for free
        else:
            cost -= 0.15 * danger(c, hand, unseen)
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
    for c in cards_in(legal):
        v = danger(c, hand, unseen) - POINTS[c] + 0.01 * c
        if v > best_v:
            best_c, best_v = c, v
    return best_c


def _discard(hand: int, unseen: int) -> int:
    """Void in the led suit: dump Hejma, then the costliest heart or high card."""
    if hand & HEJMA_BIT:
        return HEJMA
    best_c, best_v = -1, -1e9
    for c in cards_in(hand):
        v = danger(c, hand, unseen) + POINTS[c] + 0.01 * (c & 7)
        if v > best_v:
            best_c, best_v = c, v
    return best_c


def playout(sim: Sim) -> None:
    """Play the deal to its end with the medium policy for every seat."""
    while not sim.over:
        sim.play(medium_play(sim))


def solve(sim: Sim) -> list[float]:
    """Exact play to the end (max^n: each seat maximises its own utility); utilities.

    ``sim`` is consumed: forced moves are played on it in place, and only real
    choices are copied, which keeps the last three tricks to a few milliseconds.
    """
    legal = 0
    while not sim.over:
        legal = sim.legal()
        if legal & (legal - 1):
            break
        sim.play(legal.bit_length() - 1)
    if sim.over:
        return [sim.utility(s) for s in range(4)]
    seat = sim.turn
    best: list[float] | None = None
    # cards in the trick are not gone: a card between two of ours may still be beaten
    gone = sim.played
    for c in sim.plays:
        gone &= ~(1 << c)
    prev = -1
    while legal:
        low = legal & -legal
        legal ^= low
        c = low.bit_length() - 1
        if (prev >= 0 and prev >> 3 == c >> 3 and POINTS[prev] == POINTS[c]
                and BELOW[c] & ABOVE[prev] & ~gone == 0):
            prev = c  # equivalent to the card just tried: same outcome
            continue
        prev = c
        child = sim.copy()
        child.play(c)
        v = solve(child)
        if best is None or v[seat] > best[seat]:
            best = v
    assert best is not None
    return best


# ------------------------------------------------------------------- sampling


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
    gone = _mask(view["passed"]) & pool  # still in the next seat's hand
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


def _history(view: View) -> tuple[list[tuple[int, int]], int]:
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


# ---------------------------------------------------------------------- hints


def _explain_pass(hand: int, combo: tuple[int, ...]) -> tuple[str, dict[str, Any]]:
    """Why pass ``combo``: a hint key (without prefix) and its params."""
    m = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
    params: dict[str, Any] = {"cards": [_code(c) for c in combo], "deck": "german"}
    cleared = [s for s in range(4) if hand & SUIT[s] and not (hand & ~m) & SUIT[s]]
    if m & HEJMA_BIT:
        return "pass_hejma", params
    if cleared:
        params["suit"] = GERMAN.suits[cleared[0]]
        return "pass_void", params
    if any(c < 8 and POINTS[c] >= 3 for c in combo):
        return "pass_hearts", params
    return "pass_dangerous", params


def _explain_play(sim: Sim, card: int) -> tuple[str, dict[str, Any]]:
    """Why ``card`` is a good play now: a hint key (without prefix) and its params."""
    seat = sim.turn
    hand = sim.hands[seat]
    legal = sim.legal()
    params: dict[str, Any] = {"card": _code(card), "deck": "german"}
    if legal & (legal - 1) == 0:
        return "forced", params
    unseen = ALL & ~(hand | sim.played)
    if not sim.plays:
        lo = (unseen & BELOW[card]).bit_count()
        hi = (unseen & ABOVE[card]).bit_count()
        if lo == 0 and hi:
            return ("lead_hejma" if card == HEJMA else "lead_safe"), params
        rest = hand & ~(1 << card)
        if sim.ntricks >= 5 and rest & SUIT[card >> 3] & BELOW[card]:
            low = rest & SUIT[card >> 3] & -(rest & SUIT[card >> 3])
            params["card"] = _code(low.bit_length() - 1)
            return "keep_low", params
        if hi == 0:
            return "lead_win", params
        return "lead_low", params
    if card >> 3 == sim.lead:
        if card < sim.best:
            params["best"] = _code(sim.best)
            return "duck", params
        return "take", params
    if card == HEJMA:
        return "dump_hejma", params
    if card < 8:
        return "dump_heart", params
    keep = hand & HEJMA_BIT or (hand & SUIT[HEARTS] and (hand & SUIT[HEARTS]).bit_length() - 1 >= 5)
    if keep:
        held = HEJMA if hand & HEJMA_BIT else (hand & SUIT[HEARTS]).bit_length() - 1
        params["cards"] = [_code(held)]
        return "dump_high_keep", params
    return "dump_high", params


def _play_decision(sim: Sim, card: int) -> Decision:
    reason, params = _explain_play(sim, card)
    return Decision(f"{sim.turn} play {_code(card)}", "hint.kocka." + reason, params)


# ------------------------------------------------------------------------ bots


class MediumBot(Bot):
    """A strong player's rules: pass danger and clear suits, duck, dump Hejma, lead low."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        if view["phase"] == "pass":
            hand = _mask(view["hand"])
            combo = medium_pass(hand)
            return self._pass(view, hand, combo)
        sim = sim_from_view(view)
        return _play_decision(sim, medium_play(sim))

    @staticmethod
    def _pass(view: View, hand: int, combo: tuple[int, ...]) -> Decision:
        reason, params = _explain_pass(hand, combo)
        action = f"{view['seat']} pass " + " ".join(_code(c) for c in sorted(combo))
        return Decision(action, "hint.kocka." + reason, params)


class EasyBot(MediumBot):
    """A casual player: the medium rules, with frequent careless choices."""

    level = "easy"
    MISTAKES = 0.35

    def choose(self, view: View) -> Decision:
        if self.rng.random() >= self.MISTAKES:
            return super().choose(view)
        if view["phase"] == "pass":
            # a casual pass: simply the three highest-ranked cards
            hand = _mask(view["hand"])
            combo = tuple(sorted(cards_in(hand), key=lambda c: (c & 7, c))[-3:])
            return self._pass(view, hand, combo)
        return Decision(self.rng.choice(view["legal"]))


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


class HardBot(Bot):
    """PIMC: sampled worlds that respect every public fact, medium playouts, exact endings."""

    level = "hard"
    PASS_CANDIDATES = 16
    PASS_FACTOR = 2  # the exchange decides most of a deal: it may get more worlds than a play

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(ARENA_SAMPLES))

    def steps(self, view: View) -> Steps:
        legal = view["legal"]
        if len(legal) == 1 or view["phase"] not in ("pass", "play"):
            if view["phase"] == "play":
                sim = sim_from_view(view)
                return _play_decision(sim, GERMAN.parse(legal[0].split()[-1]))
            return Decision(legal[0])
        if view["phase"] == "pass":
            return (yield from self._pass_steps(view))
        return (yield from self._play_steps(view))

    # ---------------------------------------------------------------- exchange

    def _pass_steps(self, view: View) -> Steps:
        me = view["seat"]
        hand = _mask(view["hand"])
        ranked = _rank_passes(hand)[: self.PASS_CANDIDATES]
        combos = [c for _, c in ranked]
        totals = [0.0] * len(combos)
        budget = self.budget
        assert budget is not None
        start = time.perf_counter()
        rng = self.rng
        leader = (view["trick"] or {"leader": (view["dealer"] + 1) & 3})["leader"]
        mode = view["options"].get("early_end", "certain")
        # successive halving: every round plays the survivors on the same new
        # worlds, then keeps the better half, so the close calls get the most worlds
        alive = list(range(len(combos)))
        rounds, n = 1, len(combos)
        while n > 2:
            n = (n + 1) // 2
            rounds += 1
        batch = max(1, budget.samples * self.PASS_FACTOR // rounds)
        counts = [0] * len(combos)
        tick = start
        out_of_time = False
        rnd = 0
        while not out_of_time:
            rnd += 1
            for _ in range(batch):
                hands, gives = pass_world(hand, me, rng)
                for i in alive:
                    combo = combos[i]
                    gives[me] = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
                    after = [(hands[s] & ~gives[s]) | gives[(s - 1) & 3] for s in range(4)]
                    sim = new_sim(after, leader, mode)
                    playout(sim)
                    totals[i] += sim.utility(me)
                    counts[i] += 1
                    now = time.perf_counter()
                    if now - tick > 0.015:
                        tick = now
                        yield
                if budget.seconds is not None:
                    spent = time.perf_counter() - start
                    if spent > budget.seconds:
                        out_of_time = True
                        break
                    if spent > budget.seconds * rnd / rounds:
                        break  # on a clock, each round gets its share of the time
            if len(alive) <= 2:
                break
            alive.sort(key=lambda k: (-totals[k], k))
            alive = alive[: (len(alive) + 1) // 2]
        i = max(alive, key=lambda k: (totals[k] / max(counts[k], 1), -k))
        return MediumBot._pass(view, hand, combos[i])

    # -------------------------------------------------------------------- play

    def _play_steps(self, view: View) -> Steps:
        me = view["seat"]
        base = sim_from_view(view)
        cands = [GERMAN.parse(a.split()[-1]) for a in view["legal"]]
        history, first = _history(view)
        budget = self.budget
        assert budget is not None
        exact = base.hands[me].bit_count() <= EXACT_CARDS
        # an exact world costs several playouts, and is worth several: fewer of them
        samples = max(6, budget.samples // 3) if exact and budget.seconds is None else budget.samples
        rng = self.rng

        def value(world: Sim, card: int) -> float:
            w = world.copy()
            w.play(card)
            if exact:
                return solve(w)[me]
            playout(w)
            return w.utility(me)

        tally = yield from sampled_values(
            cands, lambda: sample_world(view, base, rng), value, samples=samples, seconds=budget.seconds,
            weight=(lambda world: plausibility(world, history, first, me)) if PLAY_WEIGHT < 1.0 else None)
        # ties go to the medium choice, so search only overrides it for a reason
        pref = medium_play(base)
        i = max(range(len(cands)), key=lambda k: (round(tally.total(cands[k]), 6), cands[k] == pref))
        return _play_decision(base, cands[i])


def timing(level: str = "hard", deals: int = 30, samples: int | None = None,
           cpu: bool = False) -> dict[str, float]:
    """Decision times (ms, p50 and p95) at the busiest points of a deal, printed.

    The points are the exchange, the first lead, and the lead of trick 6 (the
    first exact solve); deals are played by medium bots with fixed seeds; ``cpu``
    measures process time instead of wall time. Run it
    in Pyodide: ``python tools/bench_pyodide.py --code "from engine.bots.kocka
    import timing; timing('hard')"``.
    """
    from ..games import GAMES

    clock = time.process_time if cpu else time.perf_counter  # CPU time: fair on a busy machine
    points: dict[str, list[View]] = {"pass": [], "lead 1": [], "trick 2": [], "lead 6": []}
    for seed in range(deals):
        m = GAMES["kocka"].new(4, seed=seed)
        medium = [MediumBot(s) for s in range(4)]
        points["pass"].append(m.view(0))
        for s in range(4):
            m.apply(medium[s].decide(m.view(s)).action)
        k = 0
        while not m.deal_over:
            seat = m.to_act()[0]
            v = m.view(seat)
            for name, at in (("lead 1", 0), ("trick 2", 5), ("lead 6", 20)):
                if k == at:
                    points[name].append(v)
            m.apply(medium[seat].decide(v).action)
            k += 1
    out: dict[str, float] = {}
    for name, views in points.items():
        ts = []
        for v in views:
            bot = make_bot("kocka", level, seed=1, budget=Budget(samples) if samples else None)
            t = clock()
            bot.decide(v)
            ts.append((clock() - t) * 1000)
        ts.sort()
        p50, p95 = ts[len(ts) // 2], ts[min(len(ts) - 1, int(len(ts) * 0.95))]
        out[name + " p50"], out[name + " p95"] = p50, p95
        print(f"{level} {name:8} n={len(ts):3} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {ts[-1]:6.1f} ms")
    return out


register("kocka", RandomBot, EasyBot, MediumBot, HardBot)
