"""The Katko bots' fast simulator: a private copy of the rules T-6 … T-9.

The hard bot plays thousands of deals a decision, far too many for the engine's
``Match`` (events, records, views), so :class:`Sim` keeps one deal in progress with
every hand known on plain ints: whose turn, the legal cards under the duty, the trick
winner and the points, nothing else, so a playout costs microseconds. Being a copy of
the rules, it can drift from them: :func:`simulator_for` sets it up from an engine
match's true deal behind the common :class:`~engine.bots.simulator.Simulator` face, so
``tests/test_simulators.py`` holds it to the engine move by move.
"""

from __future__ import annotations

from typing import Any

from ...cards import FRENCH
from ...state import Match
from ..simulator import Simulator

RANKS = 13
DECK = 52
DEUCE = 0  # rank index of the 2
BONUS_POINTS = 3
SUITS = FRENCH.suits

Outcome = tuple[tuple[int, ...], int, int]  # points, deuce-bonus seat, last-trick winner


def card_of(code: str) -> int:
    return FRENCH.parse(code)


def code_of(card: int) -> str:
    return FRENCH.code(card)


class Sim:
    """A Katko deal in progress with every hand known: a sampled world.

    It mirrors the engine's T-6 … T-9 (duty, trick winner, points) on plain
    ints, without events or records, so a playout costs microseconds.
    """

    __slots__ = (
        "best",
        "bonus",
        "bonus_seat",
        "done",
        "hands",
        "last_winner",
        "lead",
        "leader",
        "must_beat",
        "n",
        "played",
        "points",
        "size",
        "trump",
        "turn",
        "twos",
        "winner",
    )

    def __init__(self, n: int, hands: list[list[int]], trump: int, must_beat: bool, bonus: bool,
                 twos: bool, size: int) -> None:
        self.n = n
        self.hands = hands
        self.trump = trump
        self.must_beat = must_beat
        self.bonus = bonus
        self.twos = twos
        self.size = size
        self.done = 0  # finished tricks
        self.leader = 0
        self.turn = 0
        self.lead = -1  # lead suit of the trick in progress, -1 before the lead
        self.best = -1
        self.winner = -1
        self.played = 0  # cards played to the trick in progress
        self.points = [0] * n
        self.bonus_seat = -1
        self.last_winner = -1

    def copy(self) -> Sim:
        other = object.__new__(Sim)
        other.n, other.trump, other.must_beat, other.bonus = self.n, self.trump, self.must_beat, self.bonus
        other.twos, other.size, other.done, other.leader = self.twos, self.size, self.done, self.leader
        other.turn, other.lead, other.best, other.winner = self.turn, self.lead, self.best, self.winner
        other.played, other.bonus_seat, other.last_winner = self.played, self.bonus_seat, self.last_winner
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        return other

    @property
    def over(self) -> bool:
        return self.last_winner >= 0

    def legal(self) -> list[int]:
        """The cards the seat to act may play (T-6, T-7), as the engine rules them."""
        hand = self.hands[self.turn]
        lead = self.lead
        if lead < 0:
            return hand
        # plain loops, not comprehensions: every move of every playout asks
        cards = []
        if self.must_beat:
            best = self.best
            trump = self.trump
            if best // RANKS == lead:
                for c in hand:
                    if c > best and c // RANKS == lead:
                        cards.append(c)
                if cards:
                    return cards
                if trump >= 0 and trump != lead:
                    for c in hand:
                        if c // RANKS == trump:
                            cards.append(c)
                    if cards:
                        return cards
            else:
                for c in hand:
                    if c > best and c // RANKS == trump:
                        cards.append(c)
                if cards:
                    return cards
        for c in hand:
            if c // RANKS == lead:
                cards.append(c)
        return cards if cards else hand

    def play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        best = self.best
        if best < 0:
            self.lead = card // RANKS
            self.best, self.winner = card, seat
        elif (card > best and card // RANKS == best // RANKS) or (
                card // RANKS == self.trump and best // RANKS != self.trump):
            self.best, self.winner = card, seat
        self.played += 1
        if self.played < self.n:
            self.turn = (seat + 1) % self.n
            return
        # the trick is complete (T-8, T-9)
        self.done += 1
        winner, best = self.winner, self.best
        last = self.done == self.size
        deuce = best % RANKS == DEUCE
        if last and self.bonus and deuce and winner == self.leader:
            self.points[winner] += BONUS_POINTS
            self.bonus_seat = winner
        else:
            self.points[winner] += (1 if last else 0) + (1 if self.twos and deuce else 0)
        if last:
            self.last_winner = winner
            return
        self.leader = self.turn = winner
        self.lead, self.best, self.winner, self.played = -1, -1, -1, 0

    def beats(self, card: int) -> bool:
        """Would ``card`` take over the trick in progress now (T-8)?"""
        best = self.best
        if best < 0:
            return True
        return (card > best and card // RANKS == best // RANKS) or (
            card // RANKS == self.trump and best // RANKS != self.trump)

    def outcome(self) -> Outcome:
        """The finished deal: its points, the deuce-bonus seat and the last trick's winner."""
        return tuple(self.points), self.bonus_seat, self.last_winner


class TrueDeal:
    """A :class:`Sim` in the engine's terms (seats, record notation): the
    :class:`~engine.bots.simulator.Simulator` face that the conformance test plays.

    >>> import engine
    >>> deal = simulator_for(engine.new_match("katko", 4, seed=1))
    >>> seat = deal.to_act()
    >>> deal.apply(deal.legal_actions()[0]); deal.to_act() == (seat + 1) % 4
    True
    """

    def __init__(self, sim: Sim) -> None:
        self.sim = sim

    def to_act(self) -> int:
        return -1 if self.sim.over else self.sim.turn

    def legal_actions(self) -> list[str]:
        turn = self.sim.turn
        return sorted({f"{turn} play {code_of(c)}" for c in self.sim.legal()})

    def apply(self, action: str) -> None:
        self.sim.play(card_of(action.split()[2]))

    def outcome(self) -> dict[str, Any]:
        points, bonus_seat, last = self.sim.outcome()
        return {"points": list(points), "last_trick": last, "game_won": bonus_seat >= 0}


def simulator_for(match: Match) -> Simulator:
    """The simulator set up with the true deal of a Katko ``match`` in play."""
    m: Any = match  # a Katko match: its trick state is the game's, not Match's
    trick = m.trick
    sim = Sim(m.players, [list(h) for h in m.hands], m.trump_suit, bool(m.must_beat),
              bool(m.deuce_bonus), bool(m.twos_score), m.hand_size)
    sim.done = len(m.done)
    sim.leader = sim.turn = trick.leader
    sim.points = list(m.points)
    for seat, card, _ in trick.plays:
        sim.hands[seat].append(card)  # put the played card back and play it again
        sim.play(card)
    return TrueDeal(sim)
