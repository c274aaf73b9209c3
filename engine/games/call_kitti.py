"""Call Kitti: rules C-1 … C-12 of ``shared/rules/call-kitti.md``.

Four players, one 52-card deck, anti-clockwise (the next seat is ``seat + 1``).
Each seat splits its 13 cards into four sets of three and a discard, bids how
many of the four shows it will win, and the shows then play themselves: in
show k everyone reveals their k-th highest set (C-7). First to 5 points wins.

The set ranking (C-R1 … C-R6) is exported for bots and the table; these are
the rules file's "Set values to check":

>>> set_category(parse_set("QS KH AD")), set_category(parse_set("AS 2H 3D"))
('run', 'run')
>>> set_value(parse_set("QS KH AD")) > set_value(parse_set("AS 2H 3D")) > set_value(parse_set("KS QH JD"))
True
>>> set_category(parse_set("AS KH 2D")), set_category(parse_set("AH KH 2H"))
('top', 'color')
>>> set_value(parse_set("9S 9H 5C")) == set_value(parse_set("9D 9C 5H"))
True
>>> pair_count(parse_set("2S 2H 5D 5C 8S 8H JD JC QS QH KD KC AS"))
6
>>> pair_count(parse_set("7S 7H 7D 7C 2S 2H 5D 5C 8S 8H JD JC AS"))
6
>>> m = CallKitti.new(4, seed=3)
>>> m.to_act(), m.phase             # C-5: everyone arranges at once
((0, 1, 2, 3), 'arrange')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import reduce
from operator import xor
from typing import Any

from ..actions import Action
from ..cards import FRENCH
from ..errors import NotationError, Refusal
from ..events import ONLY, Event
from ..options import OptionSpec
from ..state import Match, seeded_shuffle

SEATS = 4
HAND_SIZE = 13
SHOWS = 4
SET_SIZE = 3
GOAL_POINTS = 5  # C-10
WATI_PER_POINT = 5  # C-8
SIX_PAIRS = 6  # C-4
MAX_BID = 4  # C-6
SPECIAL_PRICE = 2  # C-9: 2B from (or to) each opponent
_ACE = 12  # rank index of the ace (0 is the two)

# C-R1, highest first. A value tuple starts with the category's strength (trial 5 … top 0).
CATEGORIES = ("trial", "double_run", "run", "color", "jute", "top")
TRIAL, DOUBLE_RUN, RUN, COLOR, JUTE, TOP = 5, 4, 3, 2, 1, 0
_CATEGORY_NAME = {5 - i: name for i, name in enumerate(CATEGORIES)}

Trio = tuple[int, int, int]


# ------------------------------------------------------------------ set ranking


def parse_set(text: str) -> tuple[int, ...]:
    """Card codes separated by spaces as cards, e.g. ``parse_set("AS 2H 3D")``."""
    return tuple(FRENCH.parse(code) for code in text.split())


def _sequence_key(high: int, mid: int, low: int) -> int:
    """C-R3: a sequence's strength (A-K-Q 13, A-2-3 12, K-Q-J 11 … 4-3-2 2), or -1.

    ``high >= mid >= low`` are rank indices (0 = two … 12 = ace). A wrap-around
    such as A-K-2 is no sequence.
    """
    if high == _ACE and mid == 1 and low == 0:
        return 12  # A-2-3: second only to A-K-Q
    if high - mid == 1 and mid - low == 1:
        return 13 if high == _ACE else high  # K-Q-J has high 11, 4-3-2 high 2
    return -1


def _value3(x: int, y: int, z: int) -> tuple[int, ...]:
    """The value of the set ``x y z`` (the hot path of :func:`set_value`)."""
    a, b, c = x % 13, y % 13, z % 13
    if a < b:
        a, b = b, a
    if b < c:
        b, c = c, b
        if a < b:
            a, b = b, a
    if a == c:
        return (TRIAL, a)  # C-R2
    one_suit = x // 13 == y // 13 == z // 13
    seq = _sequence_key(a, b, c)
    if seq >= 0:
        return (DOUBLE_RUN if one_suit else RUN, seq)
    if one_suit:
        return (COLOR, a, b, c)  # C-R4
    if a == b:
        return (JUTE, a, c)  # C-R5: the pair's rank, then the odd card
    if b == c:
        return (JUTE, b, a)
    return (TOP, a, b, c)  # C-R4


def set_value(cards: Iterable[int]) -> tuple[int, ...]:
    """A comparable value of a 3-card set: higher is better, equal is a tie (C-R1 … C-R6).

    The first element is the category's strength (trial 5 … top 0), the rest
    rank the set inside its category. Suits never count beyond making a set
    one-suited (C-R6).

    >>> set_value(parse_set("AS AH AD")) > set_value(parse_set("2S 2H 2D")) > set_value(parse_set("AH KH QH"))
    True
    >>> set_value(parse_set("4S 3H 2D")) < set_value(parse_set("5S 4H 3D"))   # 4-3-2: the lowest run
    True
    >>> set_value(parse_set("AS KH 2D")) < set_value(parse_set("2S 2H 3D"))   # A-K-2 is a top
    True
    >>> set_value(parse_set("KS 9H 5D")) > set_value(parse_set("KH 9D 4C"))   # C-R4: the third card
    True
    >>> set_value(parse_set("9S 9H 2C")) > set_value(parse_set("8S 8H AC"))   # C-R5: the pair first
    True
    """
    trio = tuple(cards)
    if len(trio) != SET_SIZE:
        raise ValueError(f"a set has three cards, not {len(trio)}")
    return _value3(*trio)


def set_category(cards: Iterable[int]) -> str:
    """The set's category: ``trial``, ``double_run``, ``run``, ``color``, ``jute`` or ``top``."""
    return _CATEGORY_NAME[set_value(cards)[0]]


_RANK_BIT = [1 << card % 13 for card in range(52)]


def pair_count(cards: Iterable[int]) -> int:
    """C-4: pairs in a hand, Σ ⌊count/2⌋ over ranks (a four of a kind is two pairs).

    That is (cards − ranks held an odd number of times) / 2, and the ranks held an odd
    number of times are the bits left set when every card toggles its rank's bit.
    """
    cards = list(cards)
    return (len(cards) - reduce(xor, map(_RANK_BIT.__getitem__, cards), 0).bit_count()) // 2


_CARD_ORDER = [(12 - card % 13) * 4 + card // 13 for card in range(52)]
"""Cards inside a set, as a sort key: high rank first, then suit S H D C."""


_TIE_ORDER = [-(card % 13) * 4 - card // 13 for card in range(52)]
"""Equal sets, by their cards: the order that keeps them as they were written."""


def _show_order(cards: Trio) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sets of an arrangement, best first: by value, then by the cards (equal sets stay ordered)."""
    return (_value3(*cards), (_TIE_ORDER[cards[0]], _TIE_ORDER[cards[1]], _TIE_ORDER[cards[2]]))


def canonical_arrangement(sets: Sequence[Sequence[int]]) -> list[Trio]:
    """The four sets as the record writes them: cards high to low, sets in show order (C-7)."""
    by_order = _CARD_ORDER.__getitem__  # a C-level sort key: a bot's playouts make many of these
    trios: list[Trio] = []
    for s in sets:
        a, b, c = sorted(s, key=by_order)
        trios.append((a, b, c))
    trios.sort(key=_show_order, reverse=True)
    return trios


_CARD = FRENCH.card_of  # code -> card, for codes already checked


# An arrangement's canonical words: four sets of three codes, each followed by "/", then the discard.
_ARRANGED_WORDS = SHOWS * (SET_SIZE + 1) + 1
_SLASHES = tuple(range(SET_SIZE, _ARRANGED_WORDS - 1, SET_SIZE + 1))
_CODES_AT = tuple(i for i in range(_ARRANGED_WORDS) if i not in _SLASHES)
_SET_STARTS = tuple(range(0, _ARRANGED_WORDS - 1, SET_SIZE + 1))
_ORDER_FROM = [tuple((leader + i) % SEATS for i in range(SEATS)) for leader in range(SEATS)]  # a show's play order


def _ints_are_cards(cards: list[Any]) -> bool:
    """Every one a card as an int (no bools, nothing out of the deck)."""
    return set(map(type, cards)) == {int} and 0 <= min(cards) and max(cards) < FRENCH.size


# ---------------------------------------------------------- precomputed actions


def _arranged(seat: int, trios: list[Trio], discard: int) -> Action:
    """The ``arrange`` action of sets already in canonical order, and a discard."""
    codes = FRENCH.code_of
    args: list[str] = []
    for a, b, c in trios:
        args += (codes[a], codes[b], codes[c], "/")
    args.append(codes[discard])
    return Action(seat, "arrange", tuple(args))


_BID = [[Action(s, "bid", (str(n),)) for n in range(MAX_BID + 1)] for s in range(SEATS)]
_DECLARE = [Action(s, "declare") for s in range(SEATS)]


class Show:
    """One show (C-7): its leader, the sets revealed in play order, its winner (None: a tie)."""

    __slots__ = ("leader", "plays", "tied", "winner")

    def __init__(self, leader: int, plays: tuple[tuple[int, Trio], ...], winner: int | None,
                 tied: tuple[int, ...]) -> None:
        self.leader = leader
        self.plays = plays
        self.winner = winner
        self.tied = tied

    def public(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [{"seat": s, "cards": FRENCH.codes(cards), "category": _CATEGORY_NAME[_value3(*cards)[0]]}
                      for s, cards in self.plays],
            "winner": self.winner,
            "tied": list(self.tied),
        }


class CallKitti(Match):
    """A match of Call Kitti: deals until someone reaches 5 points and wins (C-10).

    Phases of a deal: ``arrange`` (all seats at once; ``declare`` also open),
    ``bid`` (one seat at a time from the seat after the dealer), then the four
    shows and the scoring happen by themselves with the last bid; ``over``.
    """

    NAME = "call-kitti"
    DECK = FRENCH
    MIN_PLAYERS = MAX_PLAYERS = SEATS
    START_KEY = "dealer"
    ASYNC_PHASES = True
    OPTIONS = (OptionSpec("base_price", "int", 1, rule="C-12", minimum=1),)

    # the deal
    dealer: int
    hands: list[list[int]]
    pairs: list[int]
    sets: list[list[Trio] | None]
    discards: list[int | None]
    bids: list[int | None]
    bidder: int
    shows: list[Show]
    won: list[int]
    cancelled: bool
    declared_by: int | None

    def _setup(self) -> None:
        self.base = self.options["base_price"]
        self.points = [0] * SEATS
        self.wati_carry = [0] * SEATS
        self.wati_total = [0] * SEATS
        self.goals = [0] * SEATS
        self.payments = [0] * SEATS  # C-9 money so far
        self.winner: int | None = None
        self.ranking: list[int] | None = None
        self.settlement: list[int] | None = None
        self.last_dealer: int | None = None
        self.last_cancelled = False
        self.phase = "none"
        self.result = {}

    # ------------------------------------------------------------ dealing

    def _hand_sizes(self) -> int:
        return HAND_SIZE

    def _ruled_start(self) -> int | None:
        # C-2: the deal passes to the next seat; a six-pairs cancellation keeps the dealer.
        if self.last_dealer is None:
            return None
        return self.last_dealer if self.last_cancelled else (self.last_dealer + 1) % SEATS

    def _begin(self, hands: list[list[int]], start: int, turned: int | None) -> list[Event]:
        self.dealer = start
        self.phase = "arrange"
        self.hands = hands
        self.pairs = [self._pairs(h) for h in hands]
        self.sets = [None] * SEATS
        self.discards = [None] * SEATS
        self.bids = [None] * SEATS
        self.bidder = (start + 1) % SEATS  # C-6
        self.shows = []
        self.won = [0] * SEATS
        self.cancelled = False
        self.declared_by = None
        self.result = {}
        return [Event("deal_started", {"dealer": start, "leader": self.bidder})]

    def _pairs(self, hand: list[int]) -> int:
        """C-4's pairs of one dealt hand (a seat's partial match knows only its own: it overrides this)."""
        return pair_count(hand)

    # ------------------------------------------------------------ turns

    @property
    def match_over(self) -> bool:
        return self.winner is not None

    def to_act(self) -> tuple[int, ...]:
        if self.deal_over:
            return ()
        if self.phase == "arrange":
            return tuple(s for s in range(SEATS) if self.sets[s] is None)
        return (self.bidder,)

    def may_declare(self, seat: int) -> bool:
        """C-4: six pairs or more, the deal not over, and nobody has bid yet."""
        return (not self.deal_over and self.pairs[seat] >= SIX_PAIRS
                and self.bids[(self.dealer + 1) % SEATS] is None)

    def _legal_actions(self, seat: int | None) -> list[Action]:
        """Bids for the bidder, and ``declare`` for a seat that may declare.

        Arrangements (C-5) are too many to list: any split of the 13 cards is
        legal, and :meth:`check` judges a given one.
        """
        if self.deal_over:
            return []
        if seat is None:
            acting = self.to_act()
            seat = acting[0] if acting else -1
        if not 0 <= seat < SEATS:
            return []
        actions = list(_BID[seat]) if self.phase == "bid" and seat == self.bidder else []
        if self.may_declare(seat):
            actions.append(_DECLARE[seat])
        return actions

    def arrange_action(self, seat: int, sets: Sequence[Sequence[int]], discard: int) -> Action:
        """The ``arrange`` action for four sets (cards as ints) and a discard."""
        if (type(seat) is int and 0 <= seat < self.players and len(sets) == SHOWS
                and all(isinstance(t, (list, tuple)) and len(t) == SET_SIZE for t in sets)
                and _ints_are_cards([*sets[0], *sets[1], *sets[2], *sets[3], discard])):
            # Well shaped: the canonical action parse() would give, without writing the
            # notation out and reading it back (a bot's playouts make many of these).
            return _arranged(seat, canonical_arrangement(sets), discard)
        words = " / ".join(" ".join(FRENCH.codes(list(t))) for t in sets)
        return self.parse(f"{seat} arrange {words} / {FRENCH.code(discard)}")

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """Uniform among the splits of the hand while arranging; else among the listed actions."""
        if seat is None and self.phase == "arrange":
            seat = self.to_act()[0]
        if self.phase == "arrange" and seat is not None and self.sets[seat] is None:
            cards = list(self.hands[seat])
            seeded_shuffle(cards, rng)  # rng.shuffle's permutation, faster
            action = _arranged(seat, canonical_arrangement((cards[0:3], cards[3:6], cards[6:9], cards[9:12])),
                               cards[12])
            self._listed = (action,)  # a split of the seat's own hand: legal, apply need not check it
            return action
        return super().random_action(rng, seat)

    def _canonical(self, action: Action) -> Action:
        verb = action.verb
        if verb == "bid":
            if len(action.args) != 1:
                raise NotationError(f"'{action}': bid takes one number, 0 to {MAX_BID}")
            try:
                number = int(action.args[0])
            except ValueError:
                raise NotationError(f"'{action}': a bid is a whole number, 0 to {MAX_BID}") from None
            if 0 <= number <= MAX_BID:
                return _BID[action.seat][number]
            return Action(action.seat, "bid", (str(number),))  # check refuses it (C-6)
        if verb == "declare":
            if action.args:
                raise NotationError(f"'{action}': declare takes no arguments")
            return _DECLARE[action.seat]
        if verb == "arrange":
            return self._canonical_arrange(action)
        return super()._canonical(action)

    def _canonical_arrange(self, action: Action) -> Action:
        """Card codes read, ``/`` as its own word; a well-shaped split in canonical order.

        A badly shaped one is kept as written so that :meth:`check` can say what is wrong.
        """
        words = " ".join(action.args).replace("/", " / ").split()
        groups: list[list[int]] = [[]]
        for word in words:
            if word == "/":
                groups.append([])
            else:
                groups[-1].append(self._card(word, action))
        if [len(g) for g in groups] == [SET_SIZE] * SHOWS + [1]:
            sets = canonical_arrangement(groups[:SHOWS])
            args: list[str] = []
            for trio in sets:
                args.extend(FRENCH.codes(trio))
                args.append("/")
            args.append(FRENCH.code(groups[SHOWS][0]))
            return Action(action.seat, "arrange", tuple(args))
        args = []
        for i, group in enumerate(groups):
            if i:
                args.append("/")
            args.extend(FRENCH.codes(group))
        return Action(action.seat, "arrange", tuple(args))

    def _check(self, action: Action) -> Refusal | None:
        verb, seat = action.verb, action.seat
        if verb == "declare":
            if self.bids[(self.dealer + 1) % SEATS] is not None:
                return Refusal("declare_too_late", "C-4")
            if self.pairs[seat] < SIX_PAIRS:
                return Refusal("six_pairs_needed", "C-4", {"seat": seat, "pairs": self.pairs[seat]})
            return None
        if verb == "arrange":
            if self.sets[seat] is not None:
                return Refusal("already_arranged", "C-5", {"seat": seat})
            return self._check_arrangement(action)
        if verb == "bid":
            if self.phase == "arrange":
                waiting = [s for s in range(SEATS) if self.sets[s] is None]
                return Refusal("arrange_first", "C-6", {"seats": waiting})
            if seat != self.bidder:
                return Refusal("not_your_turn", "C-6", {"seat": seat, "to_act": self.bidder})
            number = int(action.args[0])
            if not 0 <= number <= MAX_BID:
                return Refusal("bid_range", "C-6", {"number": number, "max": MAX_BID})
            return None
        expected = "arrange, declare" if self.phase == "arrange" else "bid"
        return Refusal("wrong_verb", "C-5" if self.phase == "arrange" else "C-6",
                       {"verb": verb, "expected": expected})

    def _check_arrangement(self, action: Action) -> Refusal | None:
        """C-5: exactly four sets of three and one discard, the seat's own 13 distinct cards."""
        args = action.args
        if len(args) == _ARRANGED_WORDS and all(args[i] == "/" for i in _SLASHES) and all(
                args[i] in _CARD for i in _CODES_AT):
            # The canonical form (every card a code, one "/" after each set): well shaped.
            cards = [_CARD[args[i]] for i in _CODES_AT]
        else:
            groups = " ".join(args).split(" / ")
            sizes = [len(g.split()) for g in groups]
            if sizes != [SET_SIZE] * SHOWS + [1]:
                return Refusal("arrange_shape", "C-5", {"sizes": sizes})
            cards = [FRENCH.parse(a) for a in args if a != "/"]
        seen: set[int] = set()
        hand = self.hands[action.seat]
        for card in cards:
            if card in seen:
                return Refusal("arrange_duplicate", "C-5", {"card": FRENCH.code(card), "deck": "french"})
            seen.add(card)
            if card not in hand:
                return Refusal("not_in_hand", "C-5",
                               {"seat": action.seat, "card": FRENCH.code(card), "deck": "french"})
        return None

    # ------------------------------------------------------------ acting

    def _apply(self, action: Action) -> list[Event]:
        if action.verb == "bid":
            return self._bid(action.seat, int(action.args[0]))
        if action.verb == "arrange":
            return self._arrange(action)
        return self._declare(action.seat)

    def _arrange(self, action: Action) -> list[Event]:
        seat = action.seat
        args = action.args  # the canonical form (read by check(), or built so): four sets in show order
        cards = [_CARD[a] for a in args if a != "/"]
        self.sets[seat] = [(cards[i], cards[i + 1], cards[i + 2]) for i in range(0, SHOWS * SET_SIZE, SET_SIZE)]
        self.discards[seat] = cards[-1]
        events = [
            Event("arranged", {"seat": seat, "sets": [list(args[i:i + SET_SIZE]) for i in _SET_STARTS],
                               "discard": args[-1]}, ONLY[seat]),
            Event("seat_arranged", {"seat": seat}),
        ]
        if None not in self.sets:
            self.phase = "bid"
            events.append(Event("bidding_started", {"bidder": self.bidder, "rule": "C-6"}))
        return events

    def _declare(self, seat: int) -> list[Event]:
        """C-4: the deal is cancelled; the same dealer deals again (C-2)."""
        self.phase = "over"
        self.cancelled = True
        self.declared_by = seat
        self.last_dealer = self.dealer
        self.last_cancelled = True
        self.result = {
            "cancelled": True, "declared_by": seat, "bids": list(self.bids), "won": [0] * SEATS,
            "points": [0] * SEATS, "struck": False, "payments": [0] * SEATS,
            "wati": [0] * SEATS, "goals": [0] * SEATS, "specials": [],
        }
        return [
            Event("declared", {"seat": seat, "rule": "C-4"}),
            Event("deal_result", {**self.result, "reason": "six_pairs", "next_dealer": self.dealer,
                                  "rule": "C-4"}),
        ]

    def _bid(self, seat: int, number: int) -> list[Event]:
        self.bids[seat] = number
        events = [Event("bid", {"seat": seat, "number": number})]
        self.bidder = (seat + 1) % SEATS
        if all(b is not None for b in self.bids):
            events.extend(self._play_shows())
            events.extend(self._score())
        return events

    def _play_shows(self) -> list[Event]:
        """C-7: everyone reveals their k-th highest set; the best wins, a complete tie nobody."""
        events: list[Event] = []
        leader = (self.dealer + 1) % SEATS
        sets: list[list[Trio]] = self.sets  # type: ignore[assignment]  # all arranged by now
        values = [[_value3(*trio) for trio in sets[s]] for s in range(SEATS)]
        codes = FRENCH.code_of
        for k in range(SHOWS):
            order = _ORDER_FROM[leader]
            plays = tuple([(s, sets[s][k]) for s in order])
            shown = [values[s][k] for s in order]
            best = max(shown)
            top = tuple([s for s, v in zip(order, shown) if v == best])
            a, b, c = plays[shown.index(best)][1]
            events.append(Event("show", {
                "show": k + 1, "leader": leader,
                "plays": [{"seat": s, "cards": [codes[x], codes[y], codes[z]], "category": _CATEGORY_NAME[v[0]]}
                          for (s, (x, y, z)), v in zip(plays, shown)],
            }))
            category = _CATEGORY_NAME[best[0]]
            if len(top) == 1:
                winner: int | None = top[0]
                self.won[top[0]] += 1
                events.append(Event("show_won", {
                    "show": k + 1, "seat": top[0], "cards": [codes[a], codes[b], codes[c]],
                    "category": category, "rule": "C-7"}))
            else:
                winner = None
                events.append(Event("show_tied", {
                    "show": k + 1, "seats": list(top), "category": category,
                    "leader": leader, "rule": "C-7"}))
            self.shows.append(Show(leader, plays, winner, top if winner is None else ()))
            if winner is not None:
                leader = winner  # on a tie the same leader leads again
        return events

    def _score(self) -> list[Event]:
        """C-8 and C-9 for the finished deal, then the end check of C-10."""
        bids = [b for b in self.bids if b is not None]
        won = self.won
        base = self.base
        payments = [0] * SEATS
        specials: list[dict[str, Any]] = []
        paid_as_bid_four: set[int] = set()
        for s in range(SEATS):
            if bids[s] == MAX_BID:  # C-9 bid 4
                sign = 1 if won[s] == SHOWS else -1
                self._pay(payments, s, sign * SPECIAL_PRICE * base)
                specials.append({"kind": "bid_four", "seat": s, "success": sign > 0})
                if sign > 0:
                    paid_as_bid_four.add(s)
        if all(b > 0 for b in bids):  # C-9 sole successful bid; any bid 0 switches it off
            made = [s for s in range(SEATS) if won[s] >= bids[s]]
            if len(made) == 1:
                sole = made[0]
                specials.append({"kind": "sole_bid", "seat": sole})
                if sole not in paid_as_bid_four:  # not paid twice
                    self._pay(payments, sole, SPECIAL_PRICE * base)
        struck = bool(specials)
        points = [0] * SEATS
        wati = [0] * SEATS
        goals = [0] * SEATS
        if not struck:
            for s in range(SEATS):
                b, w = bids[s], won[s]
                if b == 0:
                    continue  # C-8: bid 0 never scores, never fails, never earns WATI
                if w == b:
                    points[s] = b
                elif w > b:
                    extra = w - b
                    wati[s] = extra
                    self.wati_total[s] += extra
                    carry = self.wati_carry[s] + extra
                    points[s] = b + carry // WATI_PER_POINT
                    self.wati_carry[s] = carry % WATI_PER_POINT
                else:
                    points[s] = -b
                    goals[s] = b
                self.points[s] += points[s]
                self.goals[s] += goals[s]
        for s in range(SEATS):
            self.payments[s] += payments[s]
        self.phase = "over"
        self.last_dealer = self.dealer
        self.last_cancelled = False
        self.result = {
            "cancelled": False, "bids": list(bids), "won": list(won), "points": points,
            "struck": struck, "payments": payments, "wati": wati, "goals": goals,
            "specials": specials,
        }
        events = [Event("deal_result", {**self.result, "rule": "C-9" if struck else "C-8"})]
        return events + self._check_end()

    @staticmethod
    def _pay(payments: list[int], seat: int, amount: int) -> None:
        """``seat`` receives ``amount`` from each opponent (pays it, if negative)."""
        for other in range(SEATS):
            if other != seat:
                payments[other] -= amount
                payments[seat] += amount

    def _check_end(self) -> list[Event]:
        """C-10: one player on 5+ wins; several: most lifetime WATI, then most points."""
        candidates = [s for s in range(SEATS) if self.points[s] >= GOAL_POINTS]
        if not candidates:
            return []
        top_wati = max(self.wati_total[s] for s in candidates)
        candidates = [s for s in candidates if self.wati_total[s] == top_wati]
        top_points = max(self.points[s] for s in candidates)
        candidates = [s for s in candidates if self.points[s] == top_points]
        if len(candidates) > 1:
            return [Event("still_tied", {"seats": candidates, "rule": "C-10"})]
        winner = candidates[0]
        self.winner = winner
        self.ranking = self._final_ranking(winner)
        self.settlement, owed = self._settle(self.ranking)
        return [Event("match_over", {
            "winner": winner, "ranking": list(self.ranking), "settlement": list(self.settlement),
            "owed": owed, "rule": "C-10"})]

    def _final_ranking(self, winner: int) -> list[int]:
        """C-11: the winner, then points, lifetime WATI, fewer goals, seat order after the dealer."""
        first = (self.dealer + 1) % SEATS
        others = [s for s in range(SEATS) if s != winner]
        others.sort(key=lambda s: (-self.points[s], -self.wati_total[s], self.goals[s], (s - first) % SEATS))
        return [winner] + others

    def _settle(self, ranking: list[int]) -> tuple[list[int], list[dict[str, Any]]]:
        """C-12: each loser pays P (1B, 2B, 3B by place; 2P if on negative points) plus goals × B.

        Also what each loser owes, for the match-over event: seat, place (2–4), the
        positional part (``doubled`` when the seat's points are negative) and the goals part.
        """
        winner = ranking[0]
        money = list(self.payments)
        owed = []
        for place, seat in enumerate(ranking[1:], start=1):
            positional = place * self.base
            doubled = self.points[seat] < 0
            if doubled:
                positional *= 2  # only the positional part doubles
            goals = self.goals[seat] * self.base
            money[seat] -= positional + goals
            money[winner] += positional + goals
            owed.append({"seat": seat, "place": place + 1, "positional": positional, "goals": goals,
                         "doubled": doubled})
        return money, owed

    # ------------------------------------------------------------ reading

    def _copy_state(self, other: CallKitti) -> None:
        if self.records:
            # dealt hands and finished shows are never changed: shared
            other.sets = list(self.sets)
            other.discards = list(self.discards)
            other.bids = list(self.bids)
            other.shows = list(self.shows)
            other.won = list(self.won)
            other.result = dict(self.result)
        other.points = list(self.points)
        other.wati_carry = list(self.wati_carry)
        other.wati_total = list(self.wati_total)
        other.goals = list(self.goals)
        other.payments = list(self.payments)

    def trick_summary(self) -> list[dict[str, Any]]:
        return [{"leader": s.leader, "winner": s.winner} for s in self.shows]

    def _mask(self, action: str, seat: int | None) -> str:
        # C-5: an arrangement is secret; the shows reveal its sets one by one, never the discard.
        words = action.split()
        if words[1] == "arrange" and int(words[0]) != seat:
            return f"{words[0]} arrange ?"
        return action

    def standing(self) -> dict[str, Any]:
        return {
            "points": list(self.points), "wati": list(self.wati_total), "goals": list(self.goals),
            "winner": self.winner,
            "ranking": list(self.ranking) if self.ranking is not None else None,
            "settlement": list(self.settlement) if self.settlement is not None else None,
            "wati_carry": list(self.wati_carry), "payments": list(self.payments),
        }

    def _arrangement_codes(self, seat: int) -> dict[str, Any]:
        sets = self.sets[seat]
        discard = self.discards[seat]
        assert sets is not None and discard is not None
        return {"sets": [FRENCH.codes(s) for s in sets], "discard": FRENCH.code(discard)}

    def view(self, seat: int) -> dict[str, Any]:
        started = bool(self.records)
        if started:
            shown = {c for show in self.shows for s, cards in show.plays if s == seat for c in cards}
            hand = [c for c in self.hands[seat] if c not in shown]
            left = HAND_SIZE - SET_SIZE * len(self.shows)
        else:
            hand, left = [], 0
        return self._view(seat, {
            "dealer": self.dealer if started else None,
            "phase": self.phase,
            "hand": FRENCH.codes(sorted(hand, key=FRENCH.sort_key)),
            "hand_counts": [left] * SEATS,
            "pairs": self.pairs[seat] if started else 0,
            "may_declare": started and self.may_declare(seat),
            "arrangement": self._arrangement_codes(seat) if started and self.sets[seat] is not None else None,
            "arranged": [s is not None for s in self.sets] if started else [False] * SEATS,
            "bids": list(self.bids) if started else [None] * SEATS,
            "bidder": self.bidder if started and self.phase == "bid" else None,
            "won": list(self.won) if started else [0] * SEATS,
            "trick": None,  # shows play themselves: none is ever half done
            "tricks": [s.public() for s in self.shows] if started else [],
            "declared_by": self.declared_by if started else None,
            "points": list(self.points),
            "wati": list(self.wati_total),
            "wati_carry": list(self.wati_carry),
            "goals": list(self.goals),
            "payments": list(self.payments),
            "winner": self.winner,
            "ranking": list(self.ranking) if self.ranking is not None else None,
            "settlement": list(self.settlement) if self.settlement is not None else None,
        })
