"""What happened, as types: the shape of every game's events (``Event.to_json()``).

An event is what a table animates and explains and what a view lists under
``events``, so its shape is a contract, like a view's (``engine/views.py``). Each
kind is a TypedDict whose ``kind`` is its name; where a kind carries different keys
in different games (``deal_started``, ``played``, ``trick_won``, ``deal_result``,
``match_over``) each game has its own. ``tests/test_event_types.py`` checks, over
random play at random tables and the hand records, that every event has exactly
the keys and value types declared here, and that every declared shape occurs.

Card codes are strings (``"TH"``); ``rule`` names the rule of ``shared/rules/`` that
decided the event.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

EventKind = Literal[
    "deal_started", "played", "trick_won", "deal_result", "match_over",
    # Katte
    "automatic_win", "redeal", "left", "timed_out", "discarded", "discarded_card",
    "eliminated", "revealed",
    # Katko
    "target_tie",
    # Kočka
    "passed", "seat_passed", "received", "exchange_done", "letter",
    # Call Kitti
    "arranged", "seat_arranged", "bidding_started", "declared", "bid", "show", "show_won",
    "show_tied", "still_tied",
]
"""Every event's ``kind``; ``Event.kind`` is one of these."""


# ------------------------------------------------------------ shared by several games

class DealStarted(TypedDict):
    """Kočka's and Call Kitti's deal start: the dealer and who acts first."""

    kind: Literal["deal_started"]
    dealer: int
    leader: int


class Played(TypedDict):
    """A card played face up (Katko, Kočka; Katte's is :class:`KattePlayed`)."""

    kind: Literal["played"]
    seat: int
    card: str


# ------------------------------------------------------------ Katte

KatteAutomatic = Literal["four_of_a_kind", "six_of_a_suit"]


class KatteDealStarted(TypedDict):
    kind: Literal["deal_started"]
    leader: int
    ante: int
    pot: int
    antes_carried: bool  # a re-deal's antes stayed in the pot (K-5)
    rule: Literal["K-3"]


class AutomaticWin(TypedDict):
    """K-5: one seat's hand wins at once; its cards are shown to everyone."""

    kind: Literal["automatic_win"]
    seat: int
    cards: list[str]
    reason: KatteAutomatic
    rule: Literal["K-5"]


class Redeal(TypedDict):
    """K-5: two or more automatic wins: every hand is shown and the deal is played again."""

    kind: Literal["redeal"]
    seats: list[int]
    hands: list[list[str]]
    rule: Literal["K-5"]


class Left(TypedDict):
    kind: Literal["left"]
    seat: int
    rule: Literal["K-14"]


class TimedOut(TypedDict):
    kind: Literal["timed_out"]
    seat: int
    rule: Literal["K-13"]


class KattePlayed(TypedDict):
    kind: Literal["played"]
    seat: int
    card: str
    trick: int
    beat: bool  # it took the trick over from another seat


class Discarded(TypedDict):
    """A face-down discard as everyone sees it: no card (K-8.7)."""

    kind: Literal["discarded"]
    seat: int
    trick: int


class DiscardedCard(TypedDict):
    """The same discard as its owner sees it."""

    kind: Literal["discarded_card"]
    seat: int
    card: str
    trick: int


class KatteTrickWon(TypedDict):
    kind: Literal["trick_won"]
    seat: int
    card: str
    trick: int
    reason: Literal["beat", "all_discarded", "nobody_beat"]
    rule: Literal["K-8", "K-10", "K-11"]


class Eliminated(TypedDict):
    kind: Literal["eliminated"]
    seats: list[int]
    rule: Literal["K-9"]


class RevealedCard(TypedDict):
    seat: int
    card: str


class Revealed(TypedDict):
    """K-11: trick 6 plays itself, every remaining card face up."""

    kind: Literal["revealed"]
    leader: int
    suit: str
    cards: list[RevealedCard]
    rule: Literal["K-11"]


class KatteDealResult(TypedDict):
    kind: Literal["deal_result"]
    winner: int
    automatic: bool
    eliminated: list[int]
    chips: list[int]
    reason: KatteAutomatic | Literal["all_four_tricks", "trick_six"]
    rule: Literal["K-5", "K-9", "K-11"]
    payout: Literal["K-6", "K-12"]


class KatteRedealResult(TypedDict):
    """The result of a deal cancelled by a re-deal: nobody wins, nobody pays."""

    kind: Literal["deal_result"]
    winner: None
    automatic: bool
    eliminated: list[int]
    chips: list[int]
    reason: Literal["double_automatic"]
    rule: Literal["K-5"]


KatteEvent: TypeAlias = (
    KatteDealStarted | AutomaticWin | Redeal | Left | TimedOut | KattePlayed | Discarded |
    DiscardedCard | KatteTrickWon | Eliminated | Revealed | KatteDealResult |
    KatteRedealResult
)


# ------------------------------------------------------------ Katko

class KatkoDealStarted(TypedDict):
    kind: Literal["deal_started"]
    dealer: int
    leader: int
    hand_size: int
    turned: str | None  # the card turned for trumps (None: no trumps)
    trump: str | None  # its suit letter
    rule: Literal["T-3"]


class KatkoTrickWon(TypedDict):
    kind: Literal["trick_won"]
    seat: int
    card: str
    trick: int
    last: bool
    points: int
    reason: Literal["highest_trump", "highest_of_lead", "first_identical"]
    rule: Literal["T-8"]


class KatkoDealResult(TypedDict):
    kind: Literal["deal_result"]
    points: list[int]
    last_trick: int  # who took it
    game_won: bool  # the deuce bonus won the match outright (T-9)
    reason: Literal["deuce_bonus", "last_trick"]
    rule: Literal["T-9"]


class KatkoMatchOver(TypedDict):
    kind: Literal["match_over"]
    winner: int
    scores: list[int]
    reason: Literal["deuce_bonus", "target", "target_tiebreak"]
    rule: Literal["T-9", "T-10"]


class TargetTie(TypedDict):
    """T-10: several seats reached the target with the same score: play on."""

    kind: Literal["target_tie"]
    seats: list[int]
    scores: list[int]
    rule: Literal["T-10"]


KatkoEvent: TypeAlias = (
    KatkoDealStarted | Played | KatkoTrickWon | KatkoDealResult | KatkoMatchOver | TargetTie
)


# ------------------------------------------------------------ Kočka

class Passed(TypedDict):
    """The three cards a seat passed, as that seat sees it."""

    kind: Literal["passed"]
    seat: int
    cards: list[str]


class SeatPassed(TypedDict):
    """That a seat has passed, as everyone sees it."""

    kind: Literal["seat_passed"]
    seat: int


class Received(TypedDict):
    """The three cards a seat received, as that seat sees it."""

    kind: Literal["received"]
    seat: int
    cards: list[str]


class ExchangeDone(TypedDict):
    kind: Literal["exchange_done"]
    leader: int


class KockaTrickWon(TypedDict):
    kind: Literal["trick_won"]
    seat: int
    card: str
    trick: int
    points: int
    last: bool
    rule: Literal["O-6"]


class KockaDealResult(TypedDict):
    kind: Literal["deal_result"]
    penalty: list[int]
    loser: int | None
    draw: bool
    tricks_played: int
    reason: Literal["most_points", "hejma_tiebreak", "draw"]
    early_end: bool
    rule: Literal["O-8", "O-9"]


class Letter(TypedDict):
    """The deal's loser takes the next letter of the word."""

    kind: Literal["letter"]
    seat: int
    letter: str
    letters: int  # how many the seat has now


class KockaMatchOver(TypedDict):
    kind: Literal["match_over"]
    loser: int
    rule: Literal["O-10"]


KockaEvent: TypeAlias = (
    DealStarted | Passed | SeatPassed | Received | ExchangeDone | Played | KockaTrickWon |
    KockaDealResult | Letter | KockaMatchOver
)


# ------------------------------------------------------------ Call Kitti

Category = Literal["trial", "double_run", "run", "color", "jute", "top"]


class Arranged(TypedDict):
    """A seat's four sets and discard, as that seat sees it."""

    kind: Literal["arranged"]
    seat: int
    sets: list[list[str]]
    discard: str


class SeatArranged(TypedDict):
    kind: Literal["seat_arranged"]
    seat: int


class BiddingStarted(TypedDict):
    kind: Literal["bidding_started"]
    bidder: int
    rule: Literal["C-6"]


class Declared(TypedDict):
    """C-4: a seat with six pairs cancels the deal."""

    kind: Literal["declared"]
    seat: int
    rule: Literal["C-4"]


class Bid(TypedDict):
    kind: Literal["bid"]
    seat: int
    number: int


class ShowPlay(TypedDict):
    seat: int
    cards: list[str]
    category: Category


class Show(TypedDict):
    kind: Literal["show"]
    show: int  # 1 to 4
    leader: int
    plays: list[ShowPlay]


class ShowWon(TypedDict):
    kind: Literal["show_won"]
    show: int
    seat: int
    cards: list[str]
    category: Category
    rule: Literal["C-7"]


class ShowTied(TypedDict):
    kind: Literal["show_tied"]
    show: int
    seats: list[int]
    category: Category
    leader: int  # leads the next show again
    rule: Literal["C-7"]


class BidFour(TypedDict):
    kind: Literal["bid_four"]
    seat: int
    success: bool


class SoleBid(TypedDict):
    kind: Literal["sole_bid"]
    seat: int


class CallKittiDealResult(TypedDict):
    kind: Literal["deal_result"]
    cancelled: Literal[False]
    bids: list[int]
    won: list[int]
    points: list[int]
    struck: bool  # a special (C-9) replaced the ordinary scoring
    payments: list[int]
    wati: list[int]
    goals: list[int]
    specials: list[BidFour | SoleBid]
    rule: Literal["C-8", "C-9"]


class CallKittiCancelled(TypedDict):
    """C-4: the result of a deal cancelled by six pairs."""

    kind: Literal["deal_result"]
    cancelled: Literal[True]
    declared_by: int
    bids: list[int | None]
    won: list[int]
    points: list[int]
    struck: bool
    payments: list[int]
    wati: list[int]
    goals: list[int]
    specials: list[BidFour | SoleBid]
    reason: Literal["six_pairs"]
    next_dealer: int
    rule: Literal["C-4"]


class StillTied(TypedDict):
    """C-10: several seats on 5+ points tie on everything: play on."""

    kind: Literal["still_tied"]
    seats: list[int]
    rule: Literal["C-10"]


class Owed(TypedDict):
    """What one loser pays the winner (C-12)."""

    seat: int
    place: int  # 2 to 4
    positional: int
    goals: int
    doubled: bool  # the positional part doubled: the seat's points are negative


class CallKittiMatchOver(TypedDict):
    kind: Literal["match_over"]
    winner: int
    ranking: list[int]
    settlement: list[int]
    owed: list[Owed]
    rule: Literal["C-10"]


CallKittiEvent: TypeAlias = (
    DealStarted | Arranged | SeatArranged | BiddingStarted | Declared | Bid | Show | ShowWon |
    ShowTied | CallKittiDealResult | CallKittiCancelled | StillTied | CallKittiMatchOver
)


GameEvent: TypeAlias = (
    KatteEvent | KatkoEvent | KockaEvent | CallKittiEvent
)
"""Any game's event, as ``Event.to_json()`` returns it."""

EVENTS: dict[str, object] = {
    "katte": KatteEvent, "katko": KatkoEvent, "kocka": KockaEvent, "call-kitti": CallKittiEvent,
}
"""Each game's event union, by the names hand records use."""
