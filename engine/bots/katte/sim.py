"""The bots' fast simulator of a hand of Katte: their private copy of rules K-5, K-8 … K-11.

The hard bot plays out thousands of hands per decision, too many for the engine's
``Match`` (events, records, views). :class:`Sim` holds the rest of a hand from the
current trick on, with cards as ints (``suit * 13 + rank`` as in :mod:`engine.cards`)
and bit masks, and answers exactly what the engine would, only faster. A copy of the
rules can drift from the rules, so :func:`simulator_for` sets it up from an engine
match's true deal behind the common face of ``engine/bots/simulator.py``, which
``tests/test_simulators.py`` holds to the engine.

>>> import engine
>>> m = engine.new_match("katte", 4, seed=3)
>>> s = simulator_for(m)
>>> s.to_act() == m.to_act()[0], s.legal_actions() == sorted(str(a) for a in m.legal_actions())
(True, True)
"""

from __future__ import annotations

from typing import Any

from ...cards import FRENCH
from ...state import Match
from ..simulator import Simulator

RANKS = 13
DECK = 52

_SUIT_MASK = [((1 << RANKS) - 1) << (RANKS * s) for s in range(4)]
ABOVE = [_SUIT_MASK[c // RANKS] & ~((1 << (c + 1)) - 1) for c in range(DECK)]
"""``ABOVE[c]``: the cards of c's suit that beat c."""

Move = tuple[int, bool]  # (card, face up)


def code(card: int) -> str:
    return FRENCH.code(card)


def parse_move(action: str) -> Move:
    """A play or discard in record notation ("2 play AS") as a move."""
    words = action.split()
    return FRENCH.parse(words[2]), words[1] == "play"


def action_of(seat: int, move: Move) -> str:
    """A move of ``seat`` in record notation."""
    return f"{seat} {'play' if move[1] else 'discard'} {code(move[0])}"


def automatic(cards: list[int]) -> bool:
    """K-5: four of a kind or six of a suit win a hand at once."""
    ranks = [0] * RANKS
    for c in cards:
        ranks[c % RANKS] += 1
    return max(ranks) >= 4 or all(c // RANKS == cards[0] // RANKS for c in cards)


class Sim:
    """The rest of a hand of Katte, from the current trick on (rules K-8 … K-11)."""

    __slots__ = (
        "active",
        "best",
        "gone",
        "hands",
        "n",
        "out",
        "plays",
        "result",
        "seen",
        "trick_no",
        "turn",
        "winner",
        "won",
    )

    n: int
    hands: list[list[int]]
    won: list[int]
    out: list[bool]
    active: int
    gone: list[int]  # each seat's own face-down discards (what it knows it threw)
    seen: int  # face-up cards
    trick_no: int
    best: int
    winner: int
    plays: int
    turn: int
    result: int

    def clone(self) -> Sim:
        o = object.__new__(Sim)
        o.n = self.n
        o.hands = [list(h) for h in self.hands]
        o.won = list(self.won)
        o.out = list(self.out)
        o.active = self.active
        o.gone = list(self.gone)
        o.seen = self.seen
        o.trick_no = self.trick_no
        o.best = self.best
        o.winner = self.winner
        o.plays = self.plays
        o.turn = self.turn
        o.result = self.result
        return o

    def next_in(self, seat: int) -> int:
        n = self.n
        nxt = (seat + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def legal(self) -> list[Move]:
        """The seat to act's moves, as the engine lists them."""
        hand = self.hands[self.turn]
        if not self.plays:
            return [(c, True) for c in hand]
        best = self.best
        suit = best // RANKS
        beaters = [c for c in hand if c // RANKS == suit and c > best]
        if self.trick_no == 5:
            return [(c, True) for c in (beaters or hand)]
        moves = [(c, True) for c in beaters]
        if not beaters or self.won[self.turn]:
            moves.extend((c, False) for c in hand if not (c // RANKS == suit and c > best))
        return moves

    def step(self, card: int, up: bool) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if up:
            if not self.plays or (card // RANKS == self.best // RANKS and card > self.best):
                self.best = card
                self.winner = seat
            self.seen |= 1 << card
        else:
            self.gone[seat] |= 1 << card
        self.plays += 1
        if self.plays < self.active:
            self.turn = self.next_in(seat)
            return
        winner = self.winner
        self.won[winner] += 1
        if self.trick_no == 4:  # K-9: no trick, out; four tricks win at once
            for s in range(self.n):
                if not self.won[s] and not self.out[s]:
                    self.out[s] = True
                    self.active -= 1
            if self.won[winner] == 4:
                self.result = winner
                return
        elif self.trick_no == 5:  # K-11: the trick-5 winner's last card sets the suit
            self.result = self.trick_six(winner)
            return
        self.trick_no += 1
        self.turn = winner
        self.plays = 0
        self.best = -1

    def trick_six(self, leader: int) -> int:
        best = self.hands[leader][0]
        win = leader
        for s in range(self.n):
            if not self.out[s] and s != leader:
                c = self.hands[s][0]
                if c // RANKS == best // RANKS and c > best:
                    best, win = c, s
        return win


def new_hand(hands: list[list[int]], leader: int) -> Sim:
    """A hand at its first lead: ``hands`` dealt, nobody out, nothing played yet."""
    n = len(hands)
    sim = object.__new__(Sim)
    sim.n = n
    sim.hands = hands
    sim.won = [0] * n
    sim.out = [False] * n
    sim.active = n
    sim.gone = [0] * n
    sim.seen = 0
    sim.trick_no = 1
    sim.best = -1
    sim.winner = leader
    sim.plays = 0
    sim.turn = leader
    sim.result = -1
    return sim


# ---------------------------------------------------------------- the engine's face


class _Simulator:
    """:class:`Sim` behind the common face of ``engine/bots/simulator.py``."""

    def __init__(self, hands: list[list[int]], leader: int, ante: int, multiplier: int) -> None:
        self.sim = new_hand(hands, leader)
        self.ante = ante
        self.multiplier = multiplier
        # K-5 before any trick: one automatic hand wins, two or more re-deal
        self.automatic = [s for s in range(len(hands)) if automatic(hands[s])]

    def over(self) -> bool:
        return bool(self.automatic) or self.sim.result >= 0

    def to_act(self) -> int:
        return -1 if self.over() else self.sim.turn

    def legal_actions(self) -> list[str] | None:
        if self.over():
            return []
        return sorted(action_of(self.sim.turn, m) for m in self.sim.legal())

    def apply(self, action: str) -> None:
        self.sim.step(*parse_move(action))

    def outcome(self) -> dict[str, Any]:
        sim = self.sim
        n = sim.n
        if len(self.automatic) > 1:  # K-5: a re-deal, nobody wins
            return {"winner": None, "automatic": False, "eliminated": [], "chips": [0] * n}
        if self.automatic:
            winner, auto, out = self.automatic[0], True, []
        else:
            winner = sim.result
            auto = sim.trick_no == 4  # K-9: all four tricks
            out = [s for s in range(n) if sim.out[s]]
        # K-6 / K-12: the pot, and from each opponent ante × m more after an automatic win
        each = self.ante * (1 + self.multiplier) if auto else self.ante
        chips = [-each] * n
        chips[winner] = each * (n - 1)
        return {"winner": winner, "automatic": auto, "eliminated": out, "chips": chips}


def simulator_for(match: Match) -> Simulator:
    """The simulator set up with ``match``'s true deal (every card known), at any point of it."""
    m: Any = match  # a Katte match: its hands, leader, tricks and stakes
    hands = [list(h) for h in m.hands]
    tricks = list(m.done) + ([m.trick] if m.trick is not None else [])
    for t in tricks:  # back to the dealt hands
        for seat, c, _ in t.plays:
            hands[seat].append(c)
    out = _Simulator(hands, m.leader, m.ante, m.multiplier)
    for t in tricks[:5]:  # trick 6 plays itself (K-11)
        for _, c, up in t.plays:
            out.sim.step(c, up)
    return out
