"""Katko ("viimeinen tikki", last trick): rules T-1 … T-11 of ``shared/rules/katko.md``.

2–20 players, one or two French decks, four or five cards each, tricks of
follow-suit (optionally a turned trump and the must-beat duty); only the last
trick scores, plus the deuce bonus and the points for 2s when the table plays
them. The winner of a deal deals the next one; the first to the target wins.

>>> m = Katko.new(4, seed=3)
>>> m.to_act() == ((m.dealer + 1) % 4,), m.hand_size, m.options["deuce_bonus"]
(True, 5, 'auto')
>>> m = Katko.new(3, {"trump": True, "must_beat": True}, deal=False)
>>> _ = m.start_deal([["KS", "4S", "9D", "2H", "JC"], ["AS", "3S", "5H", "QD", "7C"],
...                   ["8S", "7D", "TH", "3C", "KC"]], 2, "6H")
>>> _ = m.apply("0 play 4S"); [str(a) for a in m.legal_actions(1)]
['1 play AS']
>>> _ = m.apply("1 play AS"); [str(a) for a in m.legal_actions(2)]   # must trump: T-7.2
['2 play TH']
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import FRENCH
from ..errors import DealError, OptionError, Refusal
from ..events import Event
from ..options import OptionSpec
from ..tricks import Trick, TrickMatch

MAX_SEATS = 20
DECK_SIZE = FRENCH.size
SUIT = FRENCH.suit_of
RANK = FRENCH.rank_of
_CARD = FRENCH.card_of  # code -> card, for codes already checked
DEUCE = 0  # rank index of the 2
NO_TRUMP = -1
DEUCE_BONUS_POINTS = 3
BIG_TABLE = 11  # T-1/T-3: from 11 players, two decks and four cards by default

# Precomputed actions: legal_actions and apply never build strings.
_PLAY = [[Action(s, "play", (FRENCH.code(c),)) for c in range(DECK_SIZE)] for s in range(MAX_SEATS)]

# The duty a seat is under in a trick (what _duty returns), for refusals.
ANY, BEAT, BEAT_TRUMP, FOLLOW = "any", "beat", "beat_trump", "follow"


def trick_of(view: dict[str, Any]) -> tuple[int, int] | None:
    """The trick in play and the tricks of the deal, ``(3, 5)`` for "trick 3 of 5", from
    a seat's view (T-5: one trick per card dealt, so a deal has ``hand_size`` tricks);
    ``None`` when no deal is in play.

    >>> m = Katko.new(3, seed=1)
    >>> trick_of(m.view(0))
    (1, 5)
    >>> for _ in range(3):
    ...     _ = m.apply(m.legal_actions()[0])
    >>> trick_of(m.view(0))
    (2, 5)
    """
    if view.get("phase") != "play":
        return None
    total: int = view["hand_size"]
    return len(view["tricks"]) + 1, total


def led_deuce_won(leader: int, winner: int, card: str) -> bool:
    """T-9: the trick was won by the 2 its winner led, the deuce bonus's shape. On the last
    trick it ends the match, but only at a table that plays the bonus (``deuce_bonus`` in
    the view), so a rules page can say why a led 2 did not.

    >>> led_deuce_won(2, 2, "2H"), led_deuce_won(1, 2, "2H"), led_deuce_won(2, 2, "3H")
    (True, False, False)
    """
    return winner == leader and RANK[FRENCH.parse(card)] == DEUCE


def _default_hand_size(players: int) -> int:
    return 4 if players >= BIG_TABLE else 5


def _default_decks(players: int) -> int:
    return 2 if players >= BIG_TABLE else 1


class Katko(TrickMatch):
    NAME = "katko"
    DECK = FRENCH
    PLAY_RULE = "T-5"
    MIN_PLAYERS = 2
    MAX_PLAYERS = MAX_SEATS
    START_KEY = "dealer"
    OPTIONS = (
        OptionSpec("hand_size", "choice", _default_hand_size, rule="T-3", choices=(4, 5)),
        OptionSpec("decks", "choice", _default_decks, rule="T-1", choices=(1, 2)),
        OptionSpec("trump", "bool", False, rule="T-4"),
        OptionSpec("must_beat", "bool", False, rule="T-7"),
        OptionSpec("deuce_bonus", "choice", "auto", rule="T-9", choices=("auto", "on", "off")),
        OptionSpec("points_for_twos", "bool", False, rule="T-9"),
        OptionSpec("target", "choice", 3, rule="T-10", choices=(3, 5, 7)),
        OptionSpec("growing_hand", "bool", False, rule="T-11"),
    )

    dealer: int
    hand_size: int
    turned: int | None
    trump_suit: int
    points: list[int]

    # ------------------------------------------------------------ options

    @classmethod
    def _check_options(cls, options: dict[str, Any], players: int) -> None:
        """T-1: the cards must suffice for every hand (and the turned card)."""
        need = players * options["hand_size"] + (1 if options["trump"] else 0)
        have = DECK_SIZE * options["decks"]
        if need > have:
            decks = "one deck holds" if options["decks"] == 1 else "two decks hold"
            raise OptionError(
                f"{players} players × {options['hand_size']} cards"
                + (" + the turned card" if options["trump"] else "")
                + f" need {need} cards, but {decks} only {have} (T-1): use two decks or fewer cards"
            )

    def _setup(self) -> None:
        n = self.players
        opts = self.options
        self.copies = opts["decks"]
        self.must_beat = opts["must_beat"]
        self.target = opts["target"]
        self.twos_score = opts["points_for_twos"]
        bonus = opts["deuce_bonus"]
        # T-9: "auto" plays the bonus with four or more players and one deck.
        self.deuce_bonus = bonus == "on" or (bonus == "auto" and n >= 4 and self.copies == 1)
        # T-11: the largest hand the deck(s) allow, the turned card kept aside.
        self.max_hand = (DECK_SIZE * self.copies - (1 if opts["trump"] else 0)) // n
        self.scores = [0] * n
        self.winner: int | None = None
        self.last_winner: int | None = None  # last-trick winner of the previous deal
        self.hand_size = opts["hand_size"]
        self.turned = None
        self.trump_suit = NO_TRUMP
        self.points = [0] * n
        self.result = {}
        self.phase = "none"

    # ------------------------------------------------------------ dealing

    def _hand_sizes(self) -> int:
        """Cards per seat in the next deal (T-3; T-11 grows it by one a deal)."""
        return self._deal_size(len(self.records))

    def _deal_size(self, deal: int) -> int:
        size: int = self.options["hand_size"]
        if self.options["growing_hand"]:
            size = min(size + deal, self.max_hand)
        return size

    def _deck_copies(self) -> int:
        return int(self.copies)

    def _ruled_start(self) -> int | None:
        # T-2: the winner of the previous deal (its last trick) deals; the first by lot.
        return self.last_winner

    def _parse_turned(self, turned: str | None) -> int | None:
        """T-4: a turned card exactly when the table plays with trumps."""
        if not self.options["trump"]:
            if turned is not None:
                raise DealError(f"a turned card ({turned!r}) is given, but this table plays without trumps (T-4)")
            return None
        if turned is None:
            raise DealError("this table plays with a turned trump (T-4): the deal must give its 'turned' card")
        try:
            return self.DECK.parse(turned)
        except ValueError as e:
            raise DealError(f"turned card: {e}") from None

    def _deal_out(self, pack: list[int], start: int, size: int) -> tuple[list[list[int]], int | None]:
        """T-3/T-4: a fresh full pack (both decks with two), one card at a time from the
        dealer's left; with trumps the next card of the stock is turned."""
        n = self.players
        dealt = n * size
        hands = [pack[(seat - start - 1) % n:dealt:n] for seat in range(n)]
        turned = pack[dealt] if self.options["trump"] else None
        return hands, turned

    def _begin(self, hands: list[list[int]], start: int, turned: int | None) -> list[Event]:
        self.dealer = start
        self.hand_size = len(hands[0])
        self.turned = turned
        self.trump_suit = NO_TRUMP if turned is None else SUIT[turned]
        for hand in hands:
            hand.sort()  # a fixed order, so legal_actions does not depend on dealing order
        self._start_tricks(hands, (start + 1) % self.players)  # T-5: left of the dealer leads
        self.phase = "play"
        self.points = [0] * self.players
        self.result = {}
        return [Event("deal_started", {
            "dealer": start, "leader": self.turn, "hand_size": self.hand_size,
            "turned": None if turned is None else FRENCH.code(turned),
            "trump": None if turned is None else FRENCH.suits[self.trump_suit],
            "rule": "T-3",
        })]

    # ------------------------------------------------------------ turns

    @property
    def match_over(self) -> bool:
        return self.winner is not None

    def _duty(self, seat: int) -> tuple[str, list[int]]:
        """What the seat must play now (T-6, T-7): the duty and the cards meeting it."""
        hand = self.hands[seat]
        trick = self.trick
        assert trick is not None
        if not trick.plays:
            return ANY, hand
        lead = SUIT[trick.plays[0][1]]
        # Plain loops, no comprehensions: this runs for every card of every playout, and
        # CPython 3.11 makes a comprehension a function call.
        cards = []
        if self.must_beat:
            best = trick.best
            trump = self.trump_suit
            if SUIT[best] == lead:
                # T-7.1: beat in the lead suit (an identical card does not beat, T-8) …
                for c in hand:
                    if c > best and SUIT[c] == lead:
                        cards.append(c)
                if cards:
                    return BEAT, cards
                # … T-7.2: else any trump beats a winning card that is not a trump.
                if trump != NO_TRUMP and trump != lead:
                    for c in hand:
                        if SUIT[c] == trump:
                            cards.append(c)
                    if cards:
                        return BEAT_TRUMP, cards
            else:
                # The winning card is a trump on a plain lead: only a higher trump beats it.
                for c in hand:
                    if c > best and SUIT[c] == trump:
                        cards.append(c)
                if cards:
                    return BEAT_TRUMP, cards
        for c in hand:
            if SUIT[c] == lead:
                cards.append(c)
        if cards:
            return FOLLOW, cards
        return ANY, hand

    def duty(self, seat: int | None = None) -> tuple[str, list[str]]:
        """What the seat to act must play now (T-6, T-7), so that a table or a rules page
        can say why a card is forced: ``"any"`` (it leads, or has none of the suit led),
        ``"follow"`` (follow suit), ``"beat"`` (beat the winning card in the suit led) or
        ``"beat_trump"`` (beat it with a trump), and the cards that meet it.
        ``("none", [])`` for a seat that is not to act.

        >>> m = Katko.new(3, {"trump": True, "must_beat": True}, deal=False)
        >>> _ = m.start_deal([["KS", "4S", "9D", "2H", "JC"], ["AS", "3S", "5H", "QD", "7C"],
        ...                   ["8S", "7D", "TH", "3C", "KC"]], 2, "6H")
        >>> m.duty(0)
        ('any', ['KS', '4S', '2H', '9D', 'JC'])
        >>> _ = m.apply("0 play 4S"); m.duty(1), m.duty(2)
        (('beat', ['AS']), ('none', []))
        >>> _ = m.apply("1 play AS"); m.duty()   # nothing beats the ace in spades: a trump does
        ('beat_trump', ['TH'])
        """
        seat = self._seat_on_turn(seat)
        if seat is None:
            return "none", []
        duty, cards = self._duty(seat)
        return duty, FRENCH.codes(sorted(dict.fromkeys(cards), key=FRENCH.sort_key))

    def _legal_actions(self, seat: int | None) -> list[Action]:
        seat = self._seat_on_turn(seat)
        if seat is None:
            return []
        cards = self._duty(seat)[1]
        if self.copies > 1:
            cards = list(dict.fromkeys(cards))  # identical cards of two decks: one action
        row = _PLAY[seat]
        legal = []
        for c in cards:
            legal.append(row[c])
        return legal

    def _check(self, action: Action) -> Refusal | None:
        seat = action.seat
        if action.verb != "play":
            return Refusal("wrong_verb", "T-5", {"verb": action.verb, "expected": "play"})
        card = self._held_card(seat, action.args[0])
        if isinstance(card, Refusal):
            return card
        duty, cards = self._duty(seat)
        if card in cards:
            return None
        return self._refusal(duty, cards)

    def _refusal(self, duty: str, cards: list[int]) -> Refusal:
        """Why a card outside ``cards`` may not be played, with the cards that may."""
        trick = self.trick
        assert trick is not None
        allowed = FRENCH.codes(sorted(set(cards)))
        best = FRENCH.code(trick.best)
        if duty == BEAT:
            return Refusal("must_beat", "T-7", {"best": best, "cards": allowed, "deck": "french"})
        if duty == BEAT_TRUMP:
            return Refusal("must_beat_trump", "T-7", {
                "best": best, "cards": allowed, "suit": FRENCH.suits[self.trump_suit], "deck": "french"})
        lead = FRENCH.suits[SUIT[trick.plays[0][1]]]
        return Refusal("follow_suit", "T-7" if self.must_beat else "T-6", {"suit": lead, "deck": "french"})

    # ------------------------------------------------------------ acting

    def _apply(self, action: Action) -> list[Event]:
        return self._play_card(action.seat, _CARD[action.args[0]])  # a code check() has read

    # ------------------------------------------------------------ the trick loop's hooks

    def _beats(self, card: int, best: int) -> bool:
        """T-8: a higher card of the winning card's suit, or a first trump, takes over;
        an identical card (two decks) does not, so the first played wins."""
        suit, trump = SUIT[card], self.trump_suit
        return (card > best and suit == SUIT[best]) or (suit == trump and SUIT[best] != trump)

    def _win_reason(self, trick: Trick) -> str:
        """T-8 in words: why the winning card won."""
        best = trick.best
        if SUIT[best] == self.trump_suit:
            reason = "highest_trump"
        else:
            reason = "highest_of_lead"
        for seat, card, _ in trick.plays:
            if card == best and seat != trick.winner:
                return "first_identical"
        return reason

    def _trick_taken(self, trick: Trick) -> list[Event]:
        winner = trick.winner
        best = trick.best
        number = len(self.done)
        last = number == self.hand_size
        by_deuce = RANK[best] == DEUCE
        bonus = last and self.deuce_bonus and led_deuce_won(trick.leader, winner, FRENCH.code(best))
        if bonus:
            gained = DEUCE_BONUS_POINTS  # T-9: replaces the 1 + the point for the 2
        else:
            gained = (1 if last else 0) + (1 if self.twos_score and by_deuce else 0)
        self.points[winner] += gained
        events = [Event("trick_won", {
            "seat": winner, "card": FRENCH.code(best), "trick": number, "last": last,
            "points": gained, "reason": self._win_reason(trick), "rule": "T-8",
        })]
        if last:
            events.extend(self._end_deal(winner, bonus))
        return events

    def _end_deal(self, last_trick: int, bonus: bool) -> list[Event]:
        """T-9 scores the deal; T-10 (or the deuce bonus) may end the match."""
        self.phase = "over"
        self.trick = None
        self.last_winner = last_trick
        self.result = {"points": list(self.points), "last_trick": last_trick, "game_won": bonus}
        events = [Event("deal_result", {
            **self.result, "reason": "deuce_bonus" if bonus else "last_trick", "rule": "T-9"})]
        for seat, p in enumerate(self.points):
            self.scores[seat] += p
        if bonus:
            self.winner = last_trick
            events.append(Event("match_over", {
                "winner": last_trick, "scores": list(self.scores), "reason": "deuce_bonus", "rule": "T-9"}))
            return events
        reached = [s for s in range(self.players) if self.scores[s] >= self.target]
        if not reached:
            return events
        top = max(self.scores[s] for s in reached)
        tied = [s for s in reached if self.scores[s] == top]
        if len(tied) == 1:
            self.winner, reason = tied[0], "target"
        elif last_trick in tied:
            self.winner, reason = last_trick, "target_tiebreak"
        else:
            events.append(Event("target_tie", {"seats": tied, "scores": list(self.scores), "rule": "T-10"}))
            return events
        events.append(Event("match_over", {
            "winner": self.winner, "scores": list(self.scores), "reason": reason, "rule": "T-10"}))
        return events

    # ------------------------------------------------------------ reading

    def _copy_state(self, other: Katko) -> None:
        if self.records:
            self._copy_tricks(other)
            other.points = list(self.points)
            other.result = dict(self.result)
        other.scores = list(self.scores)

    def standing(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winner": self.winner}

    def view(self, seat: int) -> dict[str, Any]:
        started = bool(self.records)
        turned = self.turned if started else None
        return self._view(seat, {
            "dealer": self.dealer if started else None,
            "phase": self.phase,
            "hand": self._hand_view(seat),
            "hand_counts": self._hand_counts(),
            "hand_size": self.hand_size if started else self._hand_sizes(),
            "turned": None if turned is None else FRENCH.code(turned),
            "trump": None if turned is None else FRENCH.suits[self.trump_suit],
            "must_beat": self.must_beat,
            "deuce_bonus": self.deuce_bonus,
            "trick": self._trick_view(seat),
            "tricks": self._tricks_view(seat),
            "last_trick": started and not self.deal_over and len(self.done) == self.hand_size - 1,
            "points": list(self.points),
            "scores": list(self.scores),
            "target": self.target,
        }, match_result={"winner": self.winner})
