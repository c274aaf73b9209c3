"""What a seat may know, as types: the shape of every game's ``Match.view(seat)``.

A view is the one thing bots, the page and (next) the guests of a friends table
receive, so its shape is a contract. Each game's view is a :class:`BaseView`
(the keys every game has) plus its own keys; ``tests/test_views.py`` checks, over
random play at random tables, that every view has exactly these keys with values
of these types, so a change of shape cannot pass unnoticed.

Card codes are strings (``"TH"``); a card another seat holds face down is never in a
view, and a face-down card on the table is ``None`` (Katte's discards).
"""

from __future__ import annotations

from typing import Any, TypedDict

from .state import Phase


class PlayView(TypedDict):
    """One card on a trick: ``card`` is ``None`` for another seat's face-down discard."""

    seat: int
    card: str | None
    face_up: bool


class TrickView(TypedDict):
    leader: int
    plays: list[PlayView]
    winner: int | None  # who is winning it so far (who won it, once complete)


class ShowPlayView(TypedDict):
    """One seat's set in a Call Kitti show: its three cards and their category."""

    seat: int
    cards: list[str]
    category: str


class ShowView(TypedDict):
    leader: int
    plays: list[ShowPlayView]
    winner: int | None
    tied: list[int]


class EventView(TypedDict):
    """An event as a view lists it: its kind and the event's own data (flattened)."""

    kind: str


class BaseView(TypedDict):
    """The keys of every game's view."""

    game: str
    seat: int
    players: int
    names: list[str] | None
    options: dict[str, Any]
    deal: int  # deals dealt so far (1 in the first deal)
    phase: Phase
    hand: list[str]
    hand_counts: list[int]
    to_act: list[int]
    legal: list[str]  # the seat's legal actions now, in record notation
    result: dict[str, Any] | None  # the deal's result once over (the replay format)
    events: list[EventView]  # this deal's events this seat may see
    actions: list[str]  # this deal's actions, other seats' hidden cards masked


class KatteView(BaseView):
    leader: int | None
    trick_number: int | None
    shown: dict[str, list[str]]  # seat → cards shown to everyone (K-5's proof, the reveal)
    trick: TrickView | None
    tricks: list[TrickView]
    lead_suit: str | None
    best: str | None
    tricks_won: list[int]
    eliminated: list[int]
    pot: int
    ante: int
    chips: list[int]
    bots: list[int]  # seats that left and are played by the computer (K-14)


class KatkoView(BaseView):
    dealer: int | None
    hand_size: int
    turned: str | None
    trump: str | None
    must_beat: bool
    deuce_bonus: bool
    trick: TrickView | None
    tricks: list[TrickView]
    last_trick: bool
    points: list[int]
    scores: list[int]
    target: int
    winner: int | None


class KockaView(BaseView):
    dealer: int | None
    passed: list[str] | None  # the three cards this seat passed, once it has
    has_passed: list[bool]
    received: list[str] | None
    trick: TrickView | None
    tricks: list[TrickView]
    points: list[int]
    hejma: int | None  # who took the Hejma (O-7)
    letters: list[int]
    word: str
    loser: int | None


class ArrangementView(TypedDict):
    sets: list[list[str]]
    discard: str


class CallKittiView(BaseView):
    dealer: int | None
    pairs: int
    may_declare: bool
    arrangement: ArrangementView | None  # this seat's own sets, once arranged
    arranged: list[bool]
    bids: list[int | None]
    bidder: int | None
    won: list[int]
    trick: None  # shows play themselves: none is ever half done
    tricks: list[ShowView]
    declared_by: int | None
    points: list[int]
    wati: list[int]
    wati_carry: list[int]
    goals: list[int]
    payments: list[int]
    winner: int | None
    ranking: list[int] | None
    settlement: list[int] | None


VIEWS: dict[str, type[BaseView]] = {
    "katte": KatteView, "katko": KatkoView, "kocka": KockaView, "call-kitti": CallKittiView,
}
"""Each game's view type, by the names hand records use."""
