"""The Kočka bots' fast simulator: a private copy of rules O-6 … O-9 on bit masks.

The hard bot plays thousands of deals per decision, far too many for the engine's
general ``Match``, so it plays them here: a hand is a 32-bit mask of the engine's
card integers (``suit * 8 + rank``, hearts = suit 0, leaves 1, acorns 2, bells 3;
rank 0 = 7 … 7 = A). A copy of the rules can drift from the rules, so
:func:`simulator_for` sets this simulator up from an engine match's true deal behind
the common face of ``engine/bots/simulator.py``, which ``tests/test_simulators.py``
holds to the engine.

>>> import engine
>>> m = engine.new_match("kocka", 4, seed=3)
>>> s = simulator_for(m)
>>> s.to_act(), len(s.legal_actions() or [])
(0, 56)
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...cards import GERMAN, HEJMA
from ...games.kocka import LAST_TRICK_BONUS, POINTS, TOTAL
from ...state import Match
from ..base import View, cards_in
from ..simulator import Simulator

ALL = (1 << 32) - 1
HEARTS, LEAVES = 0, 1
SUIT = [0xFF << (8 * s) for s in range(4)]
BELOW = [((1 << c) - 1) & SUIT[c >> 3] for c in range(32)]  # same suit, lower rank
ABOVE = [SUIT[c >> 3] & ~((1 << (c + 1)) - 1) for c in range(32)]  # same suit, higher rank
HEJMA_BIT = 1 << HEJMA
LOSER_WEIGHT = 3.0  # utility of a deal: -(penalty - table mean) - 3 if this seat loses it


def mask(codes: list[str] | tuple[str, ...] | None) -> int:
    """The bit mask of card codes (``None``: no cards)."""
    m = 0
    for code in codes or ():
        m |= 1 << GERMAN.parse(code)
    return m


def code(card: int) -> str:
    return GERMAN.code(card)


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
            # s is certain to lose if it stays above every other seat (level with Hejma);
            # loops, not all() over a generator: this runs after every trick of every playout
            ps = p[s]
            hj = self.hejma == s
            for j in range(4):
                if j != s and not (ps > p[j] + rest or (hj and ps >= p[j] + rest)):
                    break
            else:
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
    hands[me] = mask(view["hand"])
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


# ------------------------------------------------- the common face (simulator.py)


class _Simulator:
    """:class:`Sim` in the engine's terms, with the exchange (O-5) in front of it."""

    def __init__(self, hands: list[int], passed: list[int | None], leader: int, mode: str) -> None:
        self.hands = hands  # during the exchange; then the Sim holds them
        self.passed = passed
        self.leader = leader
        self.mode = mode
        self.sim: Sim | None = None
        self._exchange_if_done()

    def _exchange_if_done(self) -> None:
        if self.sim is None and all(p is not None for p in self.passed):
            gives = [p or 0 for p in self.passed]
            after = [(self.hands[s] & ~gives[s]) | gives[(s - 1) & 3] for s in range(4)]
            self.sim = new_sim(after, self.leader, self.mode)

    def to_act(self) -> int:
        if self.sim is None:
            return next(s for s in range(4) if self.passed[s] is None)
        return -1 if self.sim.over else self.sim.turn

    def legal_actions(self) -> list[str] | None:
        seat = self.to_act()
        if seat < 0:
            return []
        if self.sim is None:
            return sorted(f"{seat} pass " + " ".join(code(c) for c in combo)
                          for combo in combinations(cards_in(self.hands[seat]), 3))
        return sorted(f"{seat} play {code(c)}" for c in cards_in(self.sim.legal()))

    def apply(self, action: str) -> None:
        words = action.split()
        if words[1] == "pass":
            self.passed[int(words[0])] = mask(words[2:])
            self._exchange_if_done()
        else:
            assert self.sim is not None
            self.sim.play(GERMAN.parse(words[2]))

    def outcome(self) -> dict[str, Any]:
        s = self.sim
        if s is None or not s.over:
            return {}
        return {"penalty": list(s.points), "loser": s.loser, "draw": s.loser is None,
                "tricks_played": s.ntricks}


def simulator_for(match: Match) -> Simulator:
    """The simulator set up with ``match``'s true deal (every card known), at any point of it."""
    m: Any = match  # a Kočka match: its hands, exchange and tricks
    mode = m.options["early_end"]
    hands = [sum(1 << c for c in h) for h in m.hands]
    if m.phase == "pass":
        passed = [None if p is None else sum(1 << c for c in p) for p in m.passed]
        return _Simulator(hands, passed, m.turn, mode)
    # in play (or over): the hands after the exchange, then the tricks replayed
    tricks = list(m.done) + ([m.trick] if m.trick is not None else [])
    plays = [(seat, c) for t in tricks for seat, c, _ in t.plays]
    for seat, c in plays:
        hands[seat] |= 1 << c
    exchanged: list[int | None] = [0, 0, 0, 0]  # folded into the hands above
    out = _Simulator(hands, exchanged, tricks[0].leader if tricks else m.turn, mode)
    assert out.sim is not None
    for _, c in plays:
        out.sim.play(c)
    return out
