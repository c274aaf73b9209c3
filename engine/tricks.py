"""The trick-taking core shared by Katte, Katko and Kočka.

A :class:`TrickMatch` holds the hands, the trick in progress and the finished
tricks, turns in seat order, and renders tricks for views and the replay
output. Each game decides only what is its own: which cards are legal, who
wins a trick, and what a finished trick or deal means.
"""

from __future__ import annotations

from typing import Any

from .state import Match


class Trick:
    """A trick: who led, the plays so far, and who is winning it.

    ``plays`` holds ``(seat, card, face_up)``; a face-down card (Katte's
    discards) is never shown to anyone but its owner.
    """

    __slots__ = ("leader", "plays", "winner", "best")

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.plays: list[tuple[int, int, bool]] = []
        self.winner = leader
        self.best = -1  # the winning card so far; -1 before the lead

    def copy(self) -> "Trick":
        t = Trick(self.leader)
        t.plays = list(self.plays)
        t.winner = self.winner
        t.best = self.best
        return t

    def public(self, deck_codes: tuple[str, ...], seat: int | None = None) -> dict[str, Any]:
        """The trick as ``seat`` sees it: face-down cards as ``None`` except one's own."""
        return {
            "leader": self.leader,
            "plays": [
                {"seat": s, "card": deck_codes[c] if up or s == seat else None, "face_up": up}
                for s, c, up in self.plays
            ],
            "winner": self.winner if self.best >= 0 else None,
        }


class TrickMatch(Match):
    """A match whose deals are played as tricks, one card per seat in turn."""

    hands: list[list[int]]
    trick: Trick | None
    done: list[Trick]
    turn: int

    def _start_tricks(self, hands: list[list[int]], leader: int) -> None:
        self.hands = hands
        self.trick = Trick(leader)
        self.done = []
        self.turn = leader

    def _copy_tricks(self, other: "TrickMatch") -> None:
        """Fill ``other`` (a shallow copy) with independent trick state."""
        other.hands = [list(h) for h in self.hands]
        other.trick = self.trick.copy() if self.trick is not None else None
        other.done = list(self.done)  # finished tricks are never changed again

    def trick_summary(self) -> list[dict[str, Any]]:
        return [{"leader": t.leader, "winner": t.winner} for t in self.done]

    def _tricks_view(self, seat: int | None) -> list[dict[str, Any]]:
        codes = self.DECK._codes
        return [t.public(codes, seat) for t in self.done]

    def _trick_view(self, seat: int | None) -> dict[str, Any] | None:
        return self.trick.public(self.DECK._codes, seat) if self.trick is not None else None
