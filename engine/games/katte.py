"""Katte (Catte, Cắt tê): rules K-1 … K-15 of ``shared/rules/katte.md``.

Two to six players, one 52-card deck, six cards each and an ante per hand.
Automatic wins (four of a kind, six of a suit) end a hand at once; otherwise
tricks 1–4 are "beat or discard", players with no trick are out, trick 5 is
a two-card showdown and trick 6 turns the last cards over by itself. Chips
are a running net balance; the match never ends.

>>> m = Katte(3)
>>> _ = m.start_deal([["2S", "5S", "8S", "JS", "QS", "AS"], ["KH", "QH", "9D", "4C", "3C", "2H"],
...                   ["KD", "TD", "7C", "6H", "5H", "3D"]], 1)   # K-C: six spades win at once
>>> m.deal_result()
{'winner': 0, 'automatic': True, 'eliminated': [], 'chips': [40, -20, -20]}
>>> _ = m.start_deal()   # the winner leads the next hand (K-7)
>>> m.leader, m.match_over
(0, False)
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import FRENCH
from ..errors import NotationError, Refusal
from ..events import ONLY, Event
from ..options import OptionSpec
from ..state import BETWEEN_DEALS
from ..tricks import Trick, TrickMatch

MAX_SEATS = 6
HAND = 6
RANKS = FRENCH.rank_count
SUIT = FRENCH.suit_of
RANK = FRENCH.rank_of
_CARD = FRENCH.card_of  # code -> card, for codes already checked
_CODE = FRENCH.code_of  # card -> code, without a call (every card played writes one)
QUALIFYING_TRICKS = 4  # K-9 is judged after trick 4
SHOWDOWN_TRICK = 5  # K-10
REVEAL_TRICK = 6  # K-11: plays itself

# Precomputed actions: legal_actions() only indexes these (no string building).
_PLAY = [[Action(s, "play", (FRENCH.code(c),)) for c in range(FRENCH.size)] for s in range(MAX_SEATS)]
_DISCARD = [[Action(s, "discard", (FRENCH.code(c),)) for c in range(FRENCH.size)] for s in range(MAX_SEATS)]


def _order_key(card: int) -> int:
    """K-13's order: by rank, equal ranks ♠ > ♥ > ♦ > ♣ (so ♣ is the lowest)."""
    return RANK[card] * 4 + (3 - SUIT[card])


def _beats(card: int, best: int) -> bool:
    """Same suit as the best card and higher (within a suit, a higher int is a higher rank)."""
    return SUIT[card] == SUIT[best] and card > best


# K-5 in one sum: each card adds 1 to a 3-bit count of its rank and to a 4-bit count of its
# suit, the suit counts starting at 2, so that a rank's count of four sets its field's top
# bit (4) and a suit's count of six sets its field's top bit (2 + 6 = 8). A six-card hand
# cannot overflow either field. One loop of additions, where counting in lists took four times as long.
_SUIT_FIELD = 40  # above the 13 rank fields (39 bits)
_K5_BIT = [(1 << 3 * RANK[c]) + (1 << _SUIT_FIELD + 4 * SUIT[c]) for c in range(FRENCH.size)]
_K5_START = sum(2 << _SUIT_FIELD + 4 * s for s in range(4))
_FOUR = sum(4 << 3 * r for r in range(RANKS))
_SIX = sum(8 << _SUIT_FIELD + 4 * s for s in range(4))


def automatic_kind(hand: list[int]) -> str | None:
    """K-5: ``four_of_a_kind``, ``six_of_a_suit`` or None for a six-card hand."""
    counts = _K5_START
    for c in hand:
        counts += _K5_BIT[c]
    if counts & _FOUR:
        return "four_of_a_kind"
    if counts & _SIX:
        return "six_of_a_suit"
    return None


class Katte(TrickMatch):
    NAME = "katte"
    DECK = FRENCH
    PLAY_RULE = "K-8"
    MIN_PLAYERS = 2
    MAX_PLAYERS = MAX_SEATS
    START_KEY = "leader"
    OPTIONS = (
        OptionSpec("ante", "int", 10, rule="K-3", minimum=1),
        OptionSpec("double_pay", "bool", False, rule="K-6"),
        OptionSpec("turn_seconds", "seconds", None, rule="K-13"),
    )

    # match state
    chips: list[int]
    bots: set[int]
    next_leader: int | None
    antes_in_pot: bool
    # deal state
    leader: int
    won: list[int]
    out: list[bool]
    eliminated: list[int]
    shown: dict[int, list[int]]
    pot: int

    def _setup(self) -> None:
        self.ante: int = self.options["ante"]
        self.multiplier = 2 if self.options["double_pay"] else 1
        self.chips = [0] * self.players
        self.bots = set()
        self.next_leader = None
        self.antes_in_pot = False  # True after a K-5 re-deal: no new ante
        self.phase = "none"
        self.result = {}

    # ------------------------------------------------------------ dealing

    def _hand_sizes(self) -> int:
        return HAND

    def _ruled_start(self) -> int | None:
        # K-7: the previous winner leads; after a re-deal the same leader.
        # Seats never empty in the engine (a computer takes a left seat, K-14).
        return self.next_leader

    def _begin(self, hands: list[list[int]], start: int, turned: int | None) -> list[Event]:
        n = self.players
        carried = self.antes_in_pot
        self.antes_in_pot = False
        self.leader = start
        self.out = [False] * n
        self.eliminated = []  # before the first trick: its size counts the seats still in
        self._start_tricks(hands, start)
        self.phase = "play"
        self.won = [0] * n
        self.shown = {}
        self.result = {}
        # K-3: every seat antes, except after a re-deal, whose antes stay in the pot.
        self.pot = n * self.ante
        events = [Event("deal_started", {
            "leader": start, "ante": self.ante, "pot": self.pot, "antes_carried": carried, "rule": "K-3",
        })]
        winners = []
        for s in range(n):
            kind = self._automatic_kind(hands[s])
            if kind is not None:
                winners.append((s, kind))
        if len(winners) == 1:
            seat, kind = winners[0]
            self.shown = {seat: sorted(hands[seat], key=FRENCH.sort_key)}
            events.append(Event("automatic_win", {
                "seat": seat, "cards": FRENCH.codes(self.shown[seat]), "reason": kind, "rule": "K-5",
            }))
            events.extend(self._settle(seat, automatic=True, reason=kind, rule="K-5"))
        elif winners:
            events.extend(self._redeal([s for s, _ in winners]))
        return events

    def _automatic_kind(self, hand: list[int]) -> str | None:
        """K-5 for one dealt hand (a seat's partial match knows only some hands: it overrides this)."""
        return automatic_kind(hand)

    def _redeal(self, seats: list[int]) -> list[Event]:
        """K-5: two or more automatic wins: nobody wins, all hands shown, deal again."""
        n = self.players
        self.shown = {s: sorted(self.hands[s], key=FRENCH.sort_key) for s in range(n)}
        self.phase = "over"
        self.trick = None
        self.antes_in_pot = True
        self.next_leader = self.leader
        self.result = {"winner": None, "automatic": False, "eliminated": [], "chips": [0] * n}
        return [
            Event("redeal", {
                "seats": seats, "hands": [FRENCH.codes(self.shown[s]) for s in range(n)], "rule": "K-5",
            }),
            Event("deal_result", {**self.result, "reason": "double_automatic", "rule": "K-5"}),
        ]

    # ------------------------------------------------------------ turns

    @property
    def match_over(self) -> bool:
        return False  # K-3: hands go on until the players stop

    def _legal_actions(self, seat: int | None) -> list[Action]:
        """The card actions of the seat to act (``timeout`` and ``leave`` are not listed:
        a timeout repeats one of these plays, and leaving is no move of the game)."""
        # _seat_on_turn, written out (this runs for every card of every playout)
        if self.phase in BETWEEN_DEALS or (seat is not None and seat != self.turn):
            return []
        seat = self.turn
        hand = self.hands[seat]
        trick = self.trick
        assert trick is not None
        # Plain loops, no comprehensions: this runs for every card of every playout, and
        # CPython 3.11 makes a comprehension a function call (twice as slow here).
        play = _PLAY[seat]
        legal = []
        if not trick.plays:  # K-8.1 / K-10: the leader shows any card
            for c in hand:
                legal.append(play[c])
            return legal
        best = trick.best
        suit = SUIT[best]
        others = []
        for c in hand:
            if c > best and SUIT[c] == suit:  # a beater
                legal.append(play[c])
            else:
                others.append(c)
        if self.phase == "showdown":
            if not legal:  # K-10: must-beat for all, no discard
                for c in others:
                    legal.append(play[c])
            return legal
        if not legal or self.won[seat]:
            # K-8.3–5: discard only non-beaters, and only when free to (no beater, or a trick won)
            discard = _DISCARD[seat]
            for c in others:
                legal.append(discard[c])
        return legal

    def _canonical(self, action: Action) -> Action:
        if action.verb in ("timeout", "leave") and action.args:
            raise NotationError(f"'{action}': {action.verb} takes no arguments")
        return super()._canonical(action)

    def _check(self, action: Action) -> Refusal | None:
        seat, verb = action.seat, action.verb
        if verb == "leave":
            if seat in self.bots:
                return Refusal("already_left", "K-14", {"seat": seat})
            if self.out[seat]:
                return Refusal("out_of_hand", "K-14", {"seat": seat})
            return None
        if verb not in ("play", "discard", "timeout"):
            return Refusal("wrong_verb", "K-8", {"verb": verb, "expected": "play, discard"})
        if verb == "timeout":
            return self._refuse_turn(seat)  # K-13 always finds a move
        card = self._held_card(seat, action.args[0])
        if isinstance(card, Refusal):
            return card
        hand = self.hands[seat]
        trick = self.trick
        assert trick is not None
        showdown = self.phase == "showdown"
        if not trick.plays:
            if verb == "discard":
                return Refusal("leader_discards", "K-10" if showdown else "K-8")
            return None
        best = trick.best
        suit = SUIT[best]
        beaters = [c for c in hand if c > best and SUIT[c] == suit]  # _beats, inlined
        if showdown:
            if verb == "discard":
                return Refusal("showdown_no_discard", "K-10")
            if beaters and card not in beaters:
                return Refusal("showdown_must_beat", "K-10", self._beat_params(best, beaters))
            return None
        if verb == "play":
            if card not in beaters and beaters and not self.won[seat]:
                # K-8.4 refuses it, not K-8.3: this player may not discard it either
                return Refusal("must_beat", "K-8", self._beat_params(best, beaters))
            if card not in beaters:
                return Refusal("cannot_beat", "K-8", {"card": action.args[0], "best": FRENCH.code(best),
                                                      "deck": "french"})
            return None
        if beaters and not self.won[seat]:
            return Refusal("must_beat", "K-8", self._beat_params(best, beaters))
        if card in beaters:
            return Refusal("beater_face_up", "K-8", {"card": action.args[0], "best": FRENCH.code(best),
                                                     "deck": "french"})
        return None

    @staticmethod
    def _beat_params(best: int, beaters: list[int]) -> dict[str, Any]:
        return {"best": FRENCH.code(best), "cards": FRENCH.codes(sorted(beaters)), "deck": "french"}

    # ------------------------------------------------------------ acting

    def _apply(self, action: Action) -> list[Event]:
        verb = action.verb
        seat = action.seat
        if verb == "leave":
            self.bots.add(seat)
            return [Event("left", {"seat": seat, "rule": "K-14"})]
        if verb == "timeout":
            card, face_up = self._timeout_move(seat)
            events = [Event("timed_out", {"seat": seat, "rule": "K-13"})]
            return events + self._play_card(seat, card, face_up)
        return self._play_card(seat, _CARD[action.args[0]], verb == "play")  # a code check() has read

    def _timeout_move(self, seat: int) -> tuple[int, bool]:
        """K-13: the highest beater; else the highest card when one must be shown;
        else the lowest card, face down."""
        hand = self.hands[seat]
        trick = self.trick
        assert trick is not None
        if trick.plays:
            beaters = [c for c in hand if _beats(c, trick.best)]
            if beaters:
                return max(beaters), True
            if self.phase != "showdown":
                return min(hand, key=_order_key), False
        return max(hand, key=_order_key), True

    # ------------------------------------------------------------ the trick loop's hooks

    def _beats(self, card: int, best: int) -> bool:
        return SUIT[card] == SUIT[best] and card > best  # the module's _beats, one call fewer

    def _trick_size(self) -> int:
        return self.players - len(self.eliminated)

    def _next_seat(self, seat: int) -> int:
        """K-2: the next seat clockwise that is still in the hand."""
        n = self.players
        nxt = (seat + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _played(self, seat: int, card: int, face_up: bool, beat: bool) -> list[Event]:
        number = len(self.done) + 1
        if face_up:
            return [Event("played", {"seat": seat, "card": _CODE[card], "trick": number, "beat": beat})]
        # K-8.7: the discard is never shown, except to its owner.
        return [
            Event("discarded", {"seat": seat, "trick": number}),
            Event("discarded_card", {"seat": seat, "card": _CODE[card], "trick": number}, ONLY[seat]),
        ]

    def _trick_taken(self, trick: Trick) -> list[Event]:
        winner = trick.winner
        number = len(self.done)
        self.won[winner] += 1
        beaten = winner != trick.leader
        if number <= QUALIFYING_TRICKS:
            reason, rule = ("beat" if beaten else "all_discarded"), "K-8"
        else:
            reason, rule = ("beat" if beaten else "nobody_beat"), "K-10"
        events = [Event("trick_won", {
            "seat": winner, "card": _CODE[trick.best], "trick": number, "reason": reason, "rule": rule,
        })]
        if number == QUALIFYING_TRICKS:
            events.extend(self._qualify(winner))
            if self.phase != "over":
                self.phase = "showdown"
        elif number == SHOWDOWN_TRICK:
            events.extend(self._final_reveal(winner))
        return events

    def _qualify(self, trick4_winner: int) -> list[Event]:
        """K-9: seats with no trick are out; four tricks to one seat win the hand."""
        self.eliminated = []
        for s in range(self.players):
            if not self.won[s]:
                self.eliminated.append(s)
                self.out[s] = True
        if self.eliminated:
            self._seat_order_changed()
        events = []
        if self.eliminated:
            events.append(Event("eliminated", {"seats": list(self.eliminated), "rule": "K-9"}))
        if self.won[trick4_winner] == QUALIFYING_TRICKS:
            events.extend(self._settle(trick4_winner, automatic=True, reason="all_four_tricks", rule="K-9"))
        return events

    def _final_reveal(self, trick5_winner: int) -> list[Event]:
        """K-11: trick 6 plays itself, led by the trick-5 winner's last card."""
        six = Trick(trick5_winner, self._trick_size())
        seat = trick5_winner
        hands, following = self.hands, self._following
        cards = []  # for the event (a loop, not a comprehension: once per hand of every playout)
        for _ in range(six.size):
            card = hands[seat].pop()
            six.plays.append((seat, card, True))
            cards.append({"seat": seat, "card": _CODE[card]})
            best = six.best
            if best < 0 or (SUIT[card] == SUIT[best] and card > best):  # _beats, inlined
                six.best = card
                six.winner = seat
            seat = following[seat]
        self.done.append(six)
        self.won[six.winner] += 1
        winner = six.winner
        events = [
            Event("revealed", {
                "leader": trick5_winner, "suit": FRENCH.suit_letter(six.plays[0][1]),
                "cards": cards, "rule": "K-11",
            }),
            Event("trick_won", {
                "seat": winner, "card": _CODE[six.best], "trick": REVEAL_TRICK,
                "reason": "beat" if winner != trick5_winner else "nobody_beat", "rule": "K-11",
            }),
        ]
        return events + self._settle(winner, automatic=False, reason="trick_six", rule="K-11")

    def _settle(self, winner: int, automatic: bool, reason: str, rule: str) -> list[Event]:
        """K-6 / K-12: the winner takes the pot; an automatic win (or all four
        tricks) also takes ``ante × m`` from every opponent."""
        n = self.players
        each = self.ante * (1 + self.multiplier) if automatic else self.ante
        chips = [-each] * n
        chips[winner] = each * (n - 1)
        for s in range(n):
            self.chips[s] += chips[s]
        self.phase = "over"
        self.trick = None
        self.next_leader = winner
        self.result = {"winner": winner, "automatic": automatic, "eliminated": list(self.eliminated),
                       "chips": chips}
        return [Event("deal_result", {
            **self.result, "reason": reason, "rule": rule, "payout": "K-6" if automatic else "K-12",
        })]

    # ------------------------------------------------------------ reading

    def _copy_state(self, other: Katte) -> None:
        if self.records:
            self._copy_tricks(other)
            other.won = list(self.won)
            other.out = list(self.out)
            other.eliminated = list(self.eliminated)
            other.shown = dict(self.shown)  # its lists are never changed
            other.result = dict(self.result)
        other.chips = list(self.chips)
        other.bots = set(self.bots)

    def _mask(self, action: str, seat: int | None) -> str:
        # K-8.7: a face-down discard is never shown to anyone but its owner.
        words = action.split()
        if words[1] == "discard" and int(words[0]) != seat:
            return f"{words[0]} discard ?"
        return action

    def standing(self) -> dict[str, Any]:
        return {"chips": list(self.chips)}

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its own hand and discards, the face-up cards,
        and the hands K-5 shows; never another seat's face-down or unplayed cards."""
        started = bool(self.records)
        n = self.players
        trick = self.trick if started else None
        lead = trick.plays[0][1] if trick is not None and trick.plays else None
        return self._view(seat, {
            "leader": self.leader if started else None,
            "phase": self.phase,
            "trick_number": len(self.done) + 1 if started and not self.deal_over else None,
            "hand": self._hand_view(seat),
            "hand_counts": self._hand_counts(),
            "shown": {str(s): FRENCH.codes(c) for s, c in sorted(self.shown.items())} if started else {},
            "trick": self._trick_view(seat),
            "tricks": self._tricks_view(seat),
            "lead_suit": FRENCH.suit_letter(lead) if lead is not None else None,
            "best": FRENCH.code(trick.best) if trick is not None and trick.best >= 0 else None,
            "tricks_won": list(self.won) if started else [0] * n,
            "eliminated": list(self.eliminated) if started else [],
            "pot": self.pot if started and (not self.deal_over or self.antes_in_pot) else 0,
            "ante": self.ante,
            "chips": list(self.chips),
            "bots": sorted(self.bots),
        })
