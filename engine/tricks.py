"""The trick-taking core shared by Katte, Katko and Kočka.

A :class:`TrickMatch` holds the hands, the trick in progress and the finished
tricks, and runs the one play loop (:meth:`TrickMatch._play_card`): a card
leaves the hand, joins the trick, may take it over; the next seat is on turn,
or the trick is complete, its meaning is scored and its winner leads the next.
It also makes the checks every play starts with and renders tricks for views
and the replay output.

Each game supplies only its own hooks: which cards are legal, whether a card
beats the winning one (:meth:`~TrickMatch._beats`), who plays next and how many
play to a trick, and what a finished trick means (:meth:`~TrickMatch._trick_taken`,
which may end the deal).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from .errors import Refusal
from .events import Event
from .state import BETWEEN_DEALS, Match

_CLOCKWISE = [[(seat + 1) % n for seat in range(n)] for n in range(33)]
"""``_CLOCKWISE[n][seat]``: the next seat clockwise at a table of ``n`` (shared, never changed)."""


class Trick:
    """A trick: who led, how many cards complete it, the plays so far, and who is winning it.

    ``plays`` holds ``(seat, card, face_up)``; a face-down card (Katte's
    discards) is never shown to anyone but its owner.
    """

    __slots__ = ("best", "leader", "plays", "size", "winner")

    def __init__(self, leader: int, size: int) -> None:
        self.leader = leader
        self.size = size  # the seats that play to it, fixed when it starts (Katte's shrink between tricks)
        self.plays: list[tuple[int, int, bool]] = []
        self.winner = leader
        self.best = -1  # the winning card so far; -1 before the lead

    def copy(self) -> Trick:
        t = Trick(self.leader, self.size)
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

    PLAY_RULE: ClassVar[str]
    """The rule that says who plays when, cited by the common refusals (K-8, T-5, O-6)."""

    hands: list[list[int]]
    trick: Trick | None
    done: list[Trick]
    turn: int
    _following: list[int]  # _following[seat]: who plays after seat within a trick

    def _start_tricks(self, hands: list[list[int]], leader: int) -> None:
        self.hands = hands
        self.trick = Trick(leader, self._trick_size())
        self.done = []
        self.turn = leader
        self._following = _CLOCKWISE[self.players]

    def _seat_order_changed(self) -> None:
        """Read :meth:`_next_seat` into the table the play loop uses (a list, not a call per
        card), for a game whose order changes within a deal (Katte's eliminations). The table
        is replaced, never changed, so clones and matches may share it."""
        following = []
        for seat in range(self.players):
            following.append(self._next_seat(seat))
        self._following = following

    def _copy_tricks(self, other: TrickMatch) -> None:
        """Fill ``other`` (a shallow copy) with independent trick state."""
        other.hands = [list(h) for h in self.hands]
        other.trick = self.trick.copy() if self.trick is not None else None
        other.done = list(self.done)  # finished tricks are never changed again

    # ------------------------------------------------------------- the play loop

    @abstractmethod
    def _beats(self, card: int, best: int) -> bool:
        """Whether face-up ``card`` takes the trick from the winning card ``best``."""

    @abstractmethod
    def _trick_taken(self, trick: Trick) -> list[Event]:
        """What the finished ``trick`` (already in :attr:`done`) means: points, events,
        perhaps the end of the deal (then ``phase`` is ``"over"``)."""

    def _trick_size(self) -> int:
        """How many cards make the next trick (Katte: only the seats still in the hand);
        asked once per trick, as it starts."""
        return self.players

    def _next_seat(self, seat: int) -> int:
        """Who plays after ``seat`` within a trick: the next seat clockwise. The play loop
        reads a table, not this: every deal starts clockwise, and a game that overrides this
        for a change within the deal (Katte's eliminations) calls :meth:`_seat_order_changed`
        when its order changes."""
        return (seat + 1) % self.players

    def _played(self, seat: int, card: int, face_up: bool, beat: bool) -> list[Event]:
        """The events of one card played; ``beat``: it took the trick over from another."""
        return [Event("played", {"seat": seat, "card": self.DECK.code_of[card]})]

    def _play_card(self, seat: int, card: int, face_up: bool = True) -> list[Event]:
        """``seat`` plays ``card`` (already checked): the one loop of every trick game."""
        self.hands[seat].remove(card)
        trick = self.trick
        assert trick is not None
        plays = trick.plays
        plays.append((seat, card, face_up))
        beat = False
        if face_up:
            best = trick.best
            if best < 0:
                trick.best, trick.winner = card, seat
            elif self._beats(card, best):
                trick.best, trick.winner, beat = card, seat, True
        events = self._played(seat, card, face_up, beat)
        if len(plays) < trick.size:
            self.turn = self._following[seat]
            return events
        self.done.append(trick)
        events += self._trick_taken(trick)
        if self.phase != "over":  # the winner leads the next trick
            winner = trick.winner
            self.trick = Trick(winner, self._trick_size())
            self.turn = winner
        return events

    def _refuse_turn(self, seat: int) -> Refusal | None:
        """The first check of every play: is it this seat's turn?"""
        if seat != self.turn:
            return Refusal("not_your_turn", self.PLAY_RULE, {"seat": seat, "to_act": self.turn})
        return None

    def _held_card(self, seat: int, code: str) -> int | Refusal:
        """The checks every play starts with: is it the seat's turn, and does it hold the
        card? The card if so (parsed once, for the game's own checks), else the refusal."""
        if seat != self.turn:
            return Refusal("not_your_turn", self.PLAY_RULE, {"seat": seat, "to_act": self.turn})
        card = self.DECK.parse(code)
        if card not in self.hands[seat]:
            return Refusal("not_in_hand", self.PLAY_RULE, {"seat": seat, "card": code, "deck": self.DECK.name})
        return card

    # ------------------------------------------------------------- turns

    def to_act(self) -> tuple[int, ...]:
        """The seat on turn (Kočka overrides this for its exchange, where all act at once)."""
        if self.phase in BETWEEN_DEALS:  # deal_over, without the property's call
            return ()
        return (self.turn,)

    def _seat_on_turn(self, seat: int | None) -> int | None:
        """For ``legal_actions(seat)``: the seat on turn if ``seat`` is it or ``None``;
        ``None`` if ``seat`` may not play now (another's turn, or no deal in play)."""
        if self.phase in BETWEEN_DEALS or (seat is not None and seat != self.turn):
            return None
        return self.turn

    def trick_summary(self) -> list[dict[str, Any]]:
        summary = []
        for t in self.done:  # a loop: this is written once per deal of every playout
            summary.append({"leader": t.leader, "winner": t.winner})
        return summary

    # ------------------------------------------------------------- views
    # Each of these also answers before the first deal, when there are no cards yet.

    def _hand_view(self, seat: int) -> list[str]:
        """The seat's hand as card codes, in the deck's display order."""
        if not self.records:
            return []
        return self.DECK.codes(sorted(self.hands[seat], key=self.DECK.sort_key))

    def _hand_counts(self) -> list[int]:
        """How many cards each seat holds (public)."""
        if not self.records:
            return [0] * self.players
        return [len(h) for h in self.hands]

    def _tricks_view(self, seat: int | None) -> list[dict[str, Any]]:
        """This deal's finished tricks as ``seat`` sees them."""
        if not self.records:
            return []
        codes = self.DECK.code_of
        return [t.public(codes, seat) for t in self.done]

    def _trick_view(self, seat: int | None) -> dict[str, Any] | None:
        """The trick in progress as ``seat`` sees it; None between deals."""
        if not self.records or self.trick is None:
            return None
        return self.trick.public(self.DECK.code_of, seat)
