"""Kočka (Smoking Cat): rules O-1 … O-11 of ``shared/rules/kocka.md``.

Four players, the 32-card German-suited deck, an exchange of three cards to
the left, eight tricks of follow-suit, penalty points (Hejma 10, hearts, the
last trick 5), a loser per deal who takes a letter of the game word.

>>> m = Kocka.new(4, seed=7)
>>> m.to_act(), len(m.legal_actions(0))   # all four pass at once; C(8,3) choices
((0, 1, 2, 3), 56)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..actions import Action
from ..cards import GERMAN, HEJMA
from ..errors import NotationError, Refusal
from ..events import ONLY, Event
from ..options import OptionSpec
from ..tricks import Trick, TrickMatch

SEATS = 4
TOTAL = 33
LAST_TRICK_BONUS = 5
_HEARTS = GERMAN.suits.index("H")
SUIT = GERMAN.suit_of
# O-7: penalty of each card, by card index.
POINTS = [0] * GERMAN.size
POINTS[HEJMA] = 10
for _rank, _pts in zip("789TUOKA", (1, 1, 1, 1, 2, 3, 4, 5)):
    POINTS[GERMAN.parse(_rank + "H")] = _pts

TRICKS = 8  # O-6
SEVENTEEN = 17  # O-8's "seventeen" option
HEJMA_CODE = GERMAN.code(HEJMA)
_CARD = GERMAN.card_of  # code -> card, for codes already checked


def penalty(code: str) -> int:
    """O-7: the penalty points of one card, by its code (the last trick's 5 apart).

    >>> penalty("OL"), penalty("AH"), penalty("7H"), penalty("AL")
    (10, 5, 1, 0)
    """
    return POINTS[GERMAN.parse(code)]


def still_out(points: Sequence[int]) -> int:
    """O-8's ``R``: the penalty points of the deal not yet taken (33 less the points
    taken), the last trick's 5 included until trick 8 is played.

    >>> still_out([0, 0, 0, 0]), still_out([10, 3, 4, 10]), still_out([10, 3, 4, 16])
    (33, 6, 0)
    """
    return TOTAL - sum(points)


def early_end(points: Sequence[int], hejma: int | None, mode: str) -> tuple[int, str] | None:
    """O-8: the seat certain to lose the deal now and why, under the table's
    ``early_end`` option; ``None`` while nobody is. The reason is ``"seventeen"``
    (17 points or more, the ``seventeen`` option), ``"out_of_reach"`` (more points than
    anyone else can reach with all the points still out) or ``"hejma"`` (the Hejma
    taker, whom the others can at best tie, and a tie loses with Hejma, O-9).

    >>> early_end([17, 0, 2, 0], None, "certain")   # R = 14: 17 > 2 + 14
    (0, 'out_of_reach')
    >>> early_end([17, 0, 2, 0], None, "seventeen"), early_end([17, 0, 2, 0], None, "off")
    ((0, 'seventeen'), None)
    >>> early_end([16, 1, 1, 0], 0, "certain"), early_end([16, 1, 1, 0], 1, "certain")   # R = 15
    ((0, 'hejma'), None)
    """
    if mode == "off":
        return None
    if mode == "seventeen":
        seat = next((s for s in range(len(points)) if points[s] >= SEVENTEEN), None)
        return None if seat is None else (seat, "seventeen")
    rest = TOTAL - sum(points)
    n = len(points)
    for s in range(n):
        p = points[s]
        if p < rest:
            continue  # someone with no points yet could still take them all and pass p
        reach = 0  # the most anyone else can end with (a loop, not a generator: every trick asks)
        for j in range(n):
            if j != s and points[j] > reach:
                reach = points[j]
        reach += rest
        if p > reach:
            return s, "out_of_reach"
        if hejma == s and p >= reach:
            return s, "hejma"
    return None


_PLAY = [[Action(s, "play", (GERMAN.code(c),)) for c in range(GERMAN.size)] for s in range(SEATS)]


class _Passes(dict[tuple[int, ...], Action]):
    """One seat's (shared) pass actions by their three cards in ascending order, made on
    first use (C(32, 3) at most). ``__missing__`` keeps a hit a plain C-level lookup:
    listing a seat's 56 passes was a third of the time of a random Kočka deal."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, cards: tuple[int, ...]) -> Action:
        action = self[cards] = Action(self.seat, "pass", tuple(GERMAN.code(c) for c in cards))
        return action


_PASSES = [_Passes(s) for s in range(SEATS)]


def _pass_action(seat: int, cards: tuple[int, ...]) -> Action:
    """The (shared) action passing three cards given in ascending order."""
    return _PASSES[seat][cards]


class Kocka(TrickMatch):
    NAME = "kocka"
    DECK = GERMAN
    PLAY_RULE = "O-6"
    MIN_PLAYERS = MAX_PLAYERS = SEATS
    ASYNC_PHASES = True
    OPTIONS = (
        OptionSpec("word", "text", "KOČKA", rule="O-10"),
        OptionSpec("early_end", "choice", "certain", rule="O-8", choices=("certain", "seventeen", "off")),
    )

    dealer: int
    passed: list[tuple[int, ...] | None]
    received: list[tuple[int, ...] | None]
    points: list[int]
    hejma: int | None

    def _setup(self) -> None:
        self.word = self.options["word"]
        self.letters = [0] * SEATS
        self.loser: int | None = None
        self.last_deal_loser: int | None = None
        self.last_dealer: int | None = None
        self.phase = "none"
        self.result = {}

    # ------------------------------------------------------------ dealing

    def _hand_sizes(self) -> int:
        return 8

    def _ruled_start(self) -> int | None:
        # O-3: the loser of the previous deal deals; after a draw, the same dealer.
        if self.last_dealer is None:
            return None
        return self.last_deal_loser if self.last_deal_loser is not None else self.last_dealer

    def _begin(self, hands: list[list[int]], start: int, turned: int | None) -> list[Event]:
        self.dealer = start
        self._start_tricks(hands, (start + 1) % SEATS)
        self.phase = "pass"
        self.passed = [None] * SEATS
        self.received = [None] * SEATS
        self.points = [0] * SEATS
        self.hejma = None
        self.result = {}
        return [Event("deal_started", {"dealer": start, "leader": self.turn})]

    # ------------------------------------------------------------ turns

    @property
    def match_over(self) -> bool:
        return self.loser is not None

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase  # "none" before the first deal, "over" after each: nobody acts
        if phase == "play":
            return (self.turn,)
        if phase == "pass":
            passed = self.passed
            acting = []
            for s in range(SEATS):  # a loop: a generator is a call per seat in CPython 3.11
                if passed[s] is None:
                    acting.append(s)
            return tuple(acting)
        return ()

    def _legal_actions(self, seat: int | None) -> list[Action]:
        if self.phase == "play":  # the common case first, without building to_act's tuple
            if seat is None:
                seat = self.turn
            elif seat != self.turn:
                return []
            row = _PLAY[seat]
            hand = self.hands[seat]
            plays = self.trick.plays  # type: ignore[union-attr]  # a trick is in play
            legal = []  # plain loops: a comprehension is a call of its own in CPython 3.11
            if plays:  # O-6: follow suit if you can
                lead = SUIT[plays[0][1]]
                for c in hand:
                    if SUIT[c] == lead:
                        legal.append(row[c])
                if legal:
                    return legal
            for c in hand:
                legal.append(row[c])
            return legal
        acting = self.to_act()
        if seat is None:
            seat = acting[0] if acting else -1
        if seat not in acting:  # (only the exchange has seats acting outside play)
            return []
        # the exchange (O-5): map over the dict's own lookup, the 56 passes listed without a Python loop
        return list(map(_PASSES[seat].__getitem__, combinations(sorted(self.hands[seat]), 3)))

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """Uniform over legal actions; a pass is drawn without listing all 56."""
        if seat is None and self.phase == "pass":
            seat = self.to_act()[0]
        if self.phase == "pass" and seat is not None and self.passed[seat] is None:
            return _pass_action(seat, tuple(sorted(rng.sample(self.hands[seat], 3))))
        return rng.choice(self.legal_actions(seat))

    def _canonical(self, action: Action) -> Action:
        if action.verb == "pass":
            cards = sorted(self._card(a, action) for a in action.args)
            if len(cards) != 3:
                raise NotationError(f"'{action}': pass takes three cards")
            return Action(action.seat, "pass", tuple(GERMAN.code(c) for c in cards))
        return super()._canonical(action)

    def _check(self, action: Action) -> Refusal | None:
        seat = action.seat
        if self.phase == "pass":
            if action.verb != "pass":
                return Refusal("wrong_verb", "O-5", {"verb": action.verb, "expected": "pass"})
            if self.passed[seat] is not None:
                return Refusal("already_acted", "O-5", {"seat": seat})
            cards = [GERMAN.parse(a) for a in action.args]
            if len(set(cards)) != 3:
                return Refusal("pass_three", "O-5")
            for c in cards:
                if c not in self.hands[seat]:
                    return Refusal("not_in_hand", "O-5", {"seat": seat, "card": GERMAN.code(c), "deck": "german"})
            return None
        if action.verb != "play":
            return Refusal("wrong_verb", "O-6", {"verb": action.verb, "expected": "play"})
        card = self._held_card(seat, action.args[0])
        if isinstance(card, Refusal):
            return card
        hand = self.hands[seat]
        trick = self.trick
        assert trick is not None
        if trick.plays:
            lead = SUIT[trick.plays[0][1]]
            if SUIT[card] != lead and any(SUIT[c] == lead for c in hand):
                return Refusal("follow_suit", "O-6", {"suit": GERMAN.suits[lead], "deck": "german"})
        return None

    # ------------------------------------------------------------ acting

    def _apply(self, action: Action) -> list[Event]:
        if action.verb == "pass":
            return self._pass(action)
        return self._play_card(action.seat, _CARD[action.args[0]])  # a code check() has read

    def _pass(self, action: Action) -> list[Event]:
        seat = action.seat
        cards = tuple([_CARD[a] for a in action.args])
        self.passed[seat] = cards
        events = [Event("passed", {"seat": seat, "cards": list(action.args)}, ONLY[seat]),
                  Event("seat_passed", {"seat": seat})]
        if None not in self.passed:
            events.extend(self._exchange())
        return events

    @staticmethod
    def passes_to(seat: int) -> int:
        """O-5: the seat that receives ``seat``'s three cards, the next one (on its left).

        >>> [Kocka.passes_to(s) for s in range(4)]
        [1, 2, 3, 0]
        """
        return (seat + 1) % SEATS

    def _exchange(self) -> list[Event]:
        """O-5: everyone has passed; each seat now takes the cards passed to it."""
        events = []
        for seat in range(SEATS):
            gone = self.passed[seat]
            assert gone is not None
            self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
            self.received[self.passes_to(seat)] = gone
        for seat in range(SEATS):
            got = self.received[seat]
            assert got is not None
            self.hands[seat].extend(got)
            events.append(Event("received", {"seat": seat, "cards": GERMAN.codes(got)}, ONLY[seat]))
        self.phase = "play"
        events.append(Event("exchange_done", {"leader": self.turn}))
        return events

    # ------------------------------------------------------------ the trick loop's hooks

    def _beats(self, card: int, best: int) -> bool:
        """O-6: only a higher card of the suit led takes the trick over (no trumps)."""
        return SUIT[card] == SUIT[best] and card > best

    def _trick_taken(self, trick: Trick) -> list[Event]:
        winner = trick.winner
        number = len(self.done)
        gained = 0
        for _, c, _ in trick.plays:
            gained += POINTS[c]
            if c == HEJMA:
                self.hejma = winner
        if number == TRICKS:
            gained += LAST_TRICK_BONUS
        self.points[winner] += gained
        events = [Event("trick_won", {
            "seat": winner, "card": GERMAN.code_of[trick.best], "trick": number,
            "points": gained, "last": number == TRICKS, "rule": "O-6",
        })]
        if number == TRICKS:
            events.extend(self._end_deal(early=False))
        elif self._certain_loser() is not None:
            events.extend(self._end_deal(early=True))
        return events

    def _certain_loser(self) -> int | None:
        """O-8: the seat certain to lose the deal now, under the table's option."""
        certain = early_end(self.points, self.hejma, self.options["early_end"])
        return None if certain is None else certain[0]

    def _end_deal(self, early: bool) -> list[Event]:
        """O-9: the most points loses; a tie goes to the Hejma taker, else a draw."""
        self.phase = "over"
        self.trick = None
        top = max(self.points)
        tied = [s for s in range(SEATS) if self.points[s] == top]
        if len(tied) == 1:
            loser: int | None = tied[0]
            reason = "most_points"
        elif self.hejma in tied:
            loser, reason = self.hejma, "hejma_tiebreak"
        else:
            loser, reason = None, "draw"
        self.last_dealer = self.dealer
        self.last_deal_loser = loser
        self.result = {
            "penalty": list(self.points), "loser": loser, "draw": loser is None,
            "tricks_played": len(self.done),
        }
        events = [Event("deal_result", {
            **self.result, "reason": reason, "early_end": early,
            "rule": "O-8" if early else "O-9",
        })]
        if loser is not None:
            self.letters[loser] += 1
            count = self.letters[loser]
            events.append(Event("letter", {"seat": loser, "letter": self.word[count - 1], "letters": count}))
            if count >= len(self.word):
                self.loser = loser
                events.append(Event("match_over", {"loser": loser, "rule": "O-10"}))
        return events

    # ------------------------------------------------------------ reading

    def _copy_state(self, other: Kocka) -> None:
        if self.records:
            self._copy_tricks(other)
            other.passed = list(self.passed)
            other.received = list(self.received)
            other.points = list(self.points)
            other.result = dict(self.result)
        other.letters = list(self.letters)

    def _mask(self, action: str, seat: int | None) -> str:
        # O-5: a pass is seen by its passer, and by its receiver once all have passed.
        words = action.split()
        if words[1] != "pass":
            return action
        passer = int(words[0])
        if passer == seat or (self.phase != "pass" and seat == (passer + 1) % SEATS):
            return action
        return f"{passer} pass ? ? ?"

    def standing(self) -> dict[str, Any]:
        return {"letters": list(self.letters), "loser": self.loser}

    def view(self, seat: int) -> dict[str, Any]:
        started = bool(self.records)
        passed = self.passed[seat] if started else None
        received = self.received[seat] if started else None
        return self._view(seat, {
            "dealer": self.dealer if started else None,
            "phase": self.phase,
            "hand": self._hand_view(seat),
            "hand_counts": self._hand_counts(),
            "passed": GERMAN.codes(passed) if passed is not None else None,
            "has_passed": [p is not None for p in self.passed] if started else [False] * SEATS,
            "received": GERMAN.codes(received) if received is not None else None,
            "trick": self._trick_view(seat),
            "tricks": self._tricks_view(seat),
            "points": list(self.points) if started else [0] * SEATS,
            "hejma": self.hejma if started else None,
            "letters": list(self.letters),
            "word": self.word,
        }, match_result={"loser": self.loser})
