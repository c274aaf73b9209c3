"""One seat's match at a no-peek table (issue 50): the engine on what that seat knows.

At a no-peek table no page holds the whole deal. Each page knows its own cards, the
public moves and the cards the rules turn face up (a card played face up, Katko's turned
card, a computer player's or a leaver's hand, the cards passed to it in Kočka, Call
Kitti's shown sets, Katte's K-5 hands and trick six). A :class:`PartialMatch` runs the
game's own :class:`~engine.state.Match` on that: the cards the seat does not know are
*placeholders*, ints from :data:`UNKNOWN` up, each unknown card its own, never a card of
the deck (a rule that read one would fail loudly: the deck's tables stop below them).
Its :meth:`~PartialMatch.view` is the full match's ``view(me)`` at every step, and so are
``to_act``, and ``legal_actions`` and ``check`` when the seat acts
(``tests/test_partial.py`` holds them equal over random matches of every game).

Another seat's move comes in its **public form** (:func:`public_action`, the mover's
side): the move in hand-record notation with every card this seat may not see written
``?``:

* a card played face up: as is (``"2 play QH"``);
* Katte's face-down discard: ``"2 discard ?"`` (the card, when the mover's hand is face
  up to all: a computer player's, a leaver's);
* Katte's timeout (K-13 picks the move from the hidden hand): the move it made,
  ``"2 timeout QH"`` face up or ``"2 timeout ?"`` face down (``"2 timeout"`` for a hand face
  up to all, whose move every seat works out);
* Kočka's pass: ``"2 pass ? ? ?"`` (the count only) to third seats, the cards to the
  receiver (``"2 pass 7H 8H OL"``), and to all when the passer's or the receiver's hand is
  face up;
* Call Kitti's arrangement: ``"2 arrange ?"``; its sets come with the last bid, when the
  shows turn them face up;
* bids, a declaration, a leave, a play of a face-up hand: as is.

The cards the rules turn face up *with* a move come beside it (:func:`revealed_with`):
trick six's cards with the last card of Katte's trick five, every seat's four sets with
Call Kitti's last bid, a leaver's hand with its leave. :meth:`PartialMatch.check_public`
refuses a move that visibly breaks a rule (the engine's own refusal on the cards the mover
certainly holds, or a card the seat knows is elsewhere or the mover showed it lacks) and
never one that is legal in some deal consistent with what the seat knows; the full check
is the audit's (:mod:`engine.audit`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .actions import Action
from .errors import DealError, EngineError, IllegalAction, NotationError, Refusal
from .events import Event
from .games.call_kitti import SET_SIZE, SHOWS, CallKitti
from .games.katko import Katko
from .games.katte import Katte, automatic_kind
from .games.kocka import SEATS as KOCKA_SEATS
from .games.kocka import Kocka
from .state import DealRecord, Match
from .tricks import TrickMatch

UNKNOWN = 1 << 16
"""The first placeholder: an unknown card is an int from here up, one per card, so that
no two are equal (a pass or a discard takes exactly the placeholders it takes)."""

HIDDEN = "?"
"""How a public move writes a card the seat may not see."""


def is_unknown(card: int) -> bool:
    return card >= UNKNOWN


# ---------------------------------------------------------------- the games, on what one seat knows
# Each reads another seat's hand only where the rules turn it face up; these override the
# few hooks that would read a hidden one, so the full games' hot paths stay as they are.


class _PartialKatte(Katte):
    def _automatic_kind(self, hand: list[int]) -> str | None:
        # K-5: a hand not shown at the deal's start is no automatic win here (the audit
        # finds one that was hidden)
        return None if any(map(is_unknown, hand)) else super()._automatic_kind(hand)

    def _redeal(self, seats: list[int]) -> list[Event]:
        """K-5's re-deal once two automatic wins are claimed (:meth:`PartialMatch.claim`): as the
        full match makes it, each hand not claimed shown as none (every card of the deal is
        shown at the audit)."""
        hidden = {s: h for s, h in enumerate(self.hands) if any(map(is_unknown, h))}
        for s in hidden:
            self.hands[s] = []
        try:
            events = super()._redeal(seats)
        finally:
            for s, h in hidden.items():
                self.hands[s] = h
        for s in hidden:
            del self.shown[s]
        return events

    def _played(self, seat: int, card: int, face_up: bool, beat: bool) -> list[Event]:
        if is_unknown(card):  # another seat's face-down discard: only the fact (K-8.7)
            return [Event("discarded", {"seat": seat, "trick": len(self.done) + 1})]
        return super()._played(seat, card, face_up, beat)

    def _final_reveal(self, trick5_winner: int) -> list[Event]:
        if any(is_unknown(c) for s in range(self.players) if not self.out[s] for c in self.hands[s]):
            raise EngineError("trick six turns every last card up (K-11): reveal them with trick five's last card")
        return super()._final_reveal(trick5_winner)


class _PartialKatko(Katko):
    pass


class _PartialKocka(Kocka):
    me: int

    def _exchange(self) -> list[Event]:
        """O-5, as :meth:`Kocka._exchange`, with only this seat's ``received`` event: the
        others' are theirs alone, and their cards may be placeholders."""
        events = []
        for seat in range(KOCKA_SEATS):
            gone = self.passed[seat]
            assert gone is not None
            self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
            self.received[self.passes_to(seat)] = gone
        for seat in range(KOCKA_SEATS):
            got = self.received[seat]
            assert got is not None
            self.hands[seat].extend(got)
        got = self.received[self.me]
        assert got is not None
        events.append(Event("received", {"seat": self.me, "cards": self.DECK.codes(got)}, frozenset((self.me,))))
        self.phase = "play"
        events.append(Event("exchange_done", {"leader": self.turn}))
        return events


class _PartialCallKitti(CallKitti):
    def _pairs(self, hand: list[int]) -> int:
        # C-4 for a hand this seat cannot see: never asked (another seat's declaration is
        # checked at the audit), so no count is made up but this 0
        return 0 if any(map(is_unknown, hand)) else super()._pairs(hand)

    def _play_shows(self) -> list[Event]:
        if any(is_unknown(c) for sets in self.sets if sets is not None for t in sets for c in t):
            raise EngineError("the shows turn every set up (C-7): reveal them with the last bid")
        return super()._play_shows()


_PARTIAL: dict[str, type[Match]] = {
    "katte": _PartialKatte, "katko": _PartialKatko, "kocka": _PartialKocka, "call-kitti": _PartialCallKitti,
}


# ---------------------------------------------------------------- the mover's side


def public_action(match: Match, seat: int, action: Action, face_up: Collection[int] = ()) -> str:
    """``action`` (legal, not yet applied to ``match``) as ``seat`` learns it: record notation
    with every card ``seat`` may not see written ``?``. ``face_up``: the seats whose hands
    are face up to all (computer players, leavers).

    >>> from engine import new_match
    >>> m = new_match("kocka", 4, seed=1)
    >>> a = m.parse("0 pass " + " ".join(m.view(0)["hand"][:3]))
    >>> public_action(m, 2, a), public_action(m, 1, a) == str(a)
    ('0 pass ? ? ?', True)
    """
    mover, verb = action.seat, action.verb
    if seat == mover:
        return action.text
    if mover in face_up:
        return action.text  # a hand face up to all: every seat can work out a timeout's move too
    if isinstance(match, Katte):
        if verb == "discard":
            return f"{mover} discard {HIDDEN}"
        if verb == "timeout":
            card, up = match._timeout_move(mover)
            return f"{mover} timeout {match.DECK.code(card) if up else HIDDEN}"
    if isinstance(match, Kocka) and verb == "pass":
        receiver = Kocka.passes_to(mover)
        if seat == receiver or receiver in face_up:
            return action.text
        return f"{mover} pass {HIDDEN} {HIDDEN} {HIDDEN}"
    if isinstance(match, CallKitti) and verb == "arrange":
        return f"{mover} arrange {HIDDEN}"
    return action.text


def revealed_with(match: Match, action: Action) -> dict[int, list[str]]:
    """The cards the rules turn face up to every seat as ``action`` (legal, not yet applied)
    is made, by seat: trick six's last cards with the last card of Katte's trick five
    (K-11), a leaver's hand (K-14), every seat's sets in show order with Call Kitti's last
    bid (C-7). ``{}`` for most moves."""
    codes = match.DECK.code_of
    if isinstance(match, Katte):
        if action.verb == "leave":
            return {action.seat: [codes[c] for c in match.hands[action.seat]]}
        trick = match.trick
        if match.phase == "showdown" and trick is not None and len(trick.plays) == trick.size - 1:
            if action.verb == "timeout":
                played, _ = match._timeout_move(action.seat)
            else:
                played = match.DECK.parse(action.args[0])
            shown: dict[int, list[str]] = {}
            for s in range(match.players):
                if not match.out[s]:
                    left = list(match.hands[s])
                    if s == action.seat:
                        left.remove(played)
                    shown[s] = [codes[c] for c in left]
            return shown
    if isinstance(match, CallKitti) and action.verb == "bid" and sum(b is None for b in match.bids) == 1:
        return {s: [codes[c] for trio in sets for c in trio]
                for s, sets in enumerate(match.sets) if sets is not None}
    return {}


def public_start(match: Match, seat: int, face_up: Collection[int] = ()) -> dict[str, Any]:
    """What ``seat`` knows as the current deal of ``match`` starts (call it right after
    ``start_deal``): the start (dealer, Katte's leader), its own hand as dealt, the hands
    face up to all (``face_up``, and Katte's K-5 shown hands) and the turned card; the
    arguments of :meth:`PartialMatch.start_deal`."""
    deal = match.records[-1]
    known = {s: list(deal.hands[s]) for s in sorted(face_up) if s != seat}
    if isinstance(match, Katte):
        for s in match.shown:
            if s != seat:
                known[s] = list(deal.hands[s])
    return {"start": deal.start, "hand": list(deal.hands[seat]), "known": known, "turned": deal.turned}


# ---------------------------------------------------------------- one seat's side


class PartialMatch:
    """One seat's match at a no-peek table: built like a match, for the seat ``me``."""

    def __init__(
        self,
        game: str,
        players: int,
        options: dict[str, Any] | None = None,
        names: Sequence[str] | None = None,
        *,
        me: int,
    ) -> None:
        try:
            cls = _PARTIAL[game]
        except (KeyError, TypeError):
            raise EngineError(f"unknown game {game!r} (known: {', '.join(sorted(_PARTIAL))})") from None
        if isinstance(me, bool) or not isinstance(me, int) or not isinstance(players, int) or not 0 <= me < players:
            raise EngineError(f"me must be a seat of the table, not {me!r}")
        self.match: Match = cls(players, options, None, names)
        self.me = me
        if isinstance(self.match, _PartialKocka):
            self.match.me = me
        self.lacks: list[set[int]] = [set() for _ in range(players)]
        """``lacks[seat]``: cards ``seat`` showed it does not hold (a suit it did not follow, a
        beater it did not play), read from its legal moves so far this deal."""
        self._placeholders = UNKNOWN
        self._incoming: list[int] | None = None  # Kočka: the cards passed to me, once known
        self._exchange_waits = False  # Kočka: every seat passed, my cards not yet come
        self._held: dict[int, list[int]] = {}  # Kočka: a leaver's cards passed to it, until the exchange
        self._pass_at: dict[int, int] = {}  # Kočka: the index of each seat's pass in the deal's actions
        self._dealt: tuple[Match, dict[str, Any]] | None = None  # Katte: the match before this deal, and its start
        self.claimed: dict[int, list[str]] = {}
        """Katte: the automatic wins (K-5) other seats claimed this deal, their hands as shown."""

    # ------------------------------------------------------------ the deal

    def start_deal(
        self,
        start: int,
        hand: Sequence[str],
        known: Mapping[int, Sequence[str]] | None = None,
        turned: str | None = None,
    ) -> list[Event]:
        """Deal the next deal as this seat knows it: the ``start`` (dealer; Katte's leader),
        its own ``hand`` as dealt, the ``known`` hands face up to all (a computer player's,
        Katte's K-5 hands) and the ``turned`` card (Katko with trumps); every other card is
        a placeholder."""
        m = self.match
        if isinstance(m, Katte) and not (m.records and not m.deal_over):
            self._dealt = (m.clone(), {"start": start, "hand": list(hand), "known": dict(known or {}), "turned": turned})
            self.claimed = {}
        if m.records and not m.deal_over:
            raise DealError("the current deal is not over yet")
        if m.match_over:
            raise DealError("the match is over: no more deals")
        ruled = m._ruled_start()
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < m.players:
            raise DealError(f"{m.START_KEY} must be a seat from 0 to {m.players - 1}, not {start!r}")
        if ruled is not None and start != ruled:
            raise DealError(f"the {m.START_KEY} of this deal must be seat {ruled} by the rules, not {start}")
        size = m._hand_sizes()
        given = dict(known or {})
        given[self.me] = hand
        hands: list[list[int]] = []
        for seat in range(m.players):
            if seat in given:
                cards = self._cards(given[seat])
                if len(cards) != size:
                    raise DealError(f"seat {seat} must be dealt {size} cards, not {len(cards)}")
                hands.append(cards)
            else:
                hands.append(self._unknowns(size))
        turned_card = m._parse_turned(turned)
        seen = Counter(c for h in hands for c in h if not is_unknown(c))
        if turned_card is not None:
            seen[turned_card] += 1
        twice = [m.DECK.code(c) for c, k in seen.items() if k > m._deck_copies()]
        if twice:
            raise DealError(f"{twice[0]} is dealt more often than the deck holds it")
        m.log = []
        m._listed = ()
        deck = m.DECK
        record = DealRecord(start, [[HIDDEN if is_unknown(c) else deck.code(c) for c in h] for h in hands],
                            None if turned_card is None else deck.code(turned_card))
        m.records.append(record)
        m._actions = record.actions
        self.lacks = [set() for _ in range(m.players)]
        self._incoming = None
        self._exchange_waits = False
        self._held = {}
        self._pass_at = {}
        events = m._begin(hands, start, turned_card)
        m._after(events)
        return events

    # ------------------------------------------------------------ Katte's automatic wins

    def own_automatic_win(self) -> list[str] | None:
        """Katte: this seat's hand as dealt when it wins at the deal (K-5), the cards its page
        shows to claim it; else None."""
        m = self.match
        if not isinstance(m, Katte) or not m.records:
            return None
        dealt = m.records[-1].hands[self.me]
        return list(dealt) if automatic_kind(self._cards(dealt)) is not None else None

    def claim(self, seat: int, codes: Sequence[str]) -> list[Event]:
        """Katte: ``seat`` shows its six cards as dealt, an automatic win (K-5). The deal ends
        as the full match ends it at the deal, with that hand known: the moves taken since
        (a claim that came after the leader's first card) are undone, since the full deal had
        none. Two claims: K-5's re-deal. Raises ``IllegalAction`` for a hand that is no
        automatic win, or not one the seat can have been dealt."""
        m = self.match
        if not isinstance(m, Katte) or self._dealt is None or seat == self.me:
            raise EngineError("only another seat's Katte hand claims an automatic win")
        cards = self._cards(codes)
        if len(cards) != m._hand_sizes() or automatic_kind(cards) is None:
            raise IllegalAction(Refusal("not_automatic", "K-5", {"seat": seat}))
        before, start = self._dealt
        now = m.clone()
        claimed_before = self.claimed
        claimed = {**claimed_before, seat: list(codes)}
        m.__dict__.clear()
        m.__dict__.update(before.clone().__dict__)  # (the same object: the table holds it)
        try:
            events = self.start_deal(start["start"], start["hand"], {**start["known"], **claimed}, start["turned"])
        except DealError:  # a card it cannot hold (known elsewhere): the deal as it was
            m.__dict__.clear()
            m.__dict__.update(now.__dict__)
            self._dealt, self.claimed = (before, start), claimed_before
            raise IllegalAction(Refusal("not_automatic", "K-5", {"seat": seat})) from None
        self._dealt, self.claimed = (before, start), claimed
        return events

    def _cards(self, codes: Sequence[str]) -> list[int]:
        deck = self.match.DECK
        try:
            return [deck.parse(c) for c in codes]
        except ValueError as e:
            raise NotationError(str(e)) from None

    def _unknowns(self, n: int) -> list[int]:
        first = self._placeholders
        self._placeholders += n
        return list(range(first, first + n))

    # ------------------------------------------------------------ reading (the full match's, for me)

    def view(self) -> dict[str, Any]:
        return self.match.view(self.me)

    def to_act(self) -> tuple[int, ...]:
        return self.match.to_act()

    def legal_actions(self) -> list[Action]:
        return self.match.legal_actions(self.me)

    def check(self, action: Action | str) -> Refusal | None:
        """This seat's own move, checked as the full match checks it."""
        m = self.match
        return m.check(m.parse(action) if isinstance(action, str) else action)

    @property
    def deal_over(self) -> bool:
        return self.match.deal_over

    # ------------------------------------------------------------ what the seat knows

    def _possible(self, seat: int) -> Counter[int]:
        """The cards ``seat`` may hold among its unknown ones: every copy of every card, less
        those this seat knows are elsewhere (a known card in a hand, a card on a trick, the
        turned card) and those ``seat`` showed it lacks."""
        m = self.match
        copies = m._deck_copies()
        left = Counter({c: copies for c in range(m.DECK.size)})
        for hand in self._hands():
            left.subtract(c for c in hand if not is_unknown(c))
        if isinstance(m, TrickMatch) and m.records:
            for trick in m.done + ([m.trick] if m.trick is not None else []):
                left.subtract(c for _, c, _ in trick.plays if not is_unknown(c))
        turned = getattr(m, "turned", None)
        if isinstance(turned, int):
            left[turned] -= 1
        for c in self.lacks[seat]:
            left[c] = 0
        return +left

    def open_in(self, seat: int) -> list[str]:
        """The cards every page knows ``seat`` holds (a face-up hand passed them to it, the rules
        turned them up), as a multiset: a move of ``seat``'s may name one with no card shown (its
        page holds no slot of it). Not a card this seat alone knows there (its own Kočka pass to
        ``seat``), nor the other copy of a card a face-up hand holds (Katko's two packs)."""
        m = self.match
        known = Counter(c for c in self._hands()[seat] if not is_unknown(c))
        if isinstance(m, Kocka) and seat != self.me and Kocka.passes_to(self.me) == seat:
            known.subtract(m.received[seat] or ())  # (what this seat passed it: only its own page knows)
        return m.DECK.codes(sorted((+known).elements()))

    def _hands(self) -> list[list[int]]:
        hands: list[list[int]] = getattr(self.match, "hands", [])
        return hands

    # ------------------------------------------------------------ another seat's move

    def check_public(self, public: str, cards: Sequence[str] | None = None) -> Refusal | None:
        """Why another seat's move (its public form; ``cards``: what this seat learns with it
        privately) visibly breaks a rule, or ``None`` when it may be legal given what this
        seat cannot see. This seat's own move is checked in full. A move that cannot be read
        raises ``NotationError``."""
        m = self.match
        action, card, known = self._read(public, cards)
        seat = action.seat
        if m.deal_over:
            return m.check(action)
        if seat == self.me:
            return m.check(m.parse(public))
        if isinstance(m, TrickMatch) and (action.verb in ("play", "discard") or (action.verb == "timeout" and action.args)):
            return self._check_card(action, card)
        if isinstance(m, Kocka) and action.verb == "pass":
            if m.phase != "pass":
                return Refusal("wrong_verb", "O-6", {"verb": "pass", "expected": "play"})
            if m.passed[seat] is not None:
                return Refusal("already_acted", "O-5", {"seat": seat})
            for c in known:
                refusal = self._elsewhere(seat, c, "O-5")
                if refusal is not None:
                    return refusal
            return None
        if isinstance(m, CallKitti) and action.verb == "arrange":
            if m.sets[seat] is not None:
                return Refusal("already_arranged", "C-5", {"seat": seat})
            return None
        if isinstance(m, CallKitti) and action.verb == "declare" and any(map(is_unknown, m.hands[seat])):
            if m.bids[(m.dealer + 1) % m.players] is not None:
                return Refusal("declare_too_late", "C-4")
            return None  # C-4's six pairs: seen at the audit
        return m.check(action)  # bids, leaves: nothing hidden in them

    def _read(self, public: str, cards: Sequence[str] | None) -> tuple[Action, int | None, list[int]]:
        """The move as an action (hidden cards ``?``), its one card if it has one and it is
        known, and every card it names that this seat learns."""
        m = self.match
        action = Action.parse(public)
        if action.seat >= m.players:
            raise NotationError(f"{public!r}: there is no seat {action.seat} at a table of {m.players}")
        words = [w for w in action.args if w != HIDDEN]
        hidden = len(words) < len(action.args)
        if action.verb == "timeout" and isinstance(m, Katte) and action.args:
            if len(action.args) > 1:
                raise NotationError(f"{public!r}: a timeout's public form names its move's card, or ?")
        elif not hidden:
            action = m.parse(public)  # nothing hidden: the engine's canonical form
            words = [w for w in action.args if w != "/"]
        elif action.verb not in ("discard", "pass", "arrange") or words:
            raise NotationError(f"{public!r}: only a discard, a pass or an arrangement hides its cards, all of them")
        if cards is not None:
            words = list(cards)
        elif action.verb not in ("play", "discard", "timeout", "pass", "arrange"):
            words = []  # a bid's number, no card
        known = self._cards(words)
        card = known[0] if len(known) == 1 and action.verb in ("play", "discard", "timeout") else None
        return action, card, known

    def _elsewhere(self, seat: int, card: int, rule: str) -> Refusal | None:
        """A card ``seat`` cannot hold: not in its hand when this seat knows it all, or known
        to be elsewhere, or one it showed it lacks."""
        m = self.match
        hand = self._hands()[seat]
        code = m.DECK.code(card)
        if card in hand:
            return None
        params = {"seat": seat, "card": code, "deck": m.DECK.name}
        if not any(map(is_unknown, hand)):
            return Refusal("not_in_hand", rule, params)
        if card in self.lacks[seat]:
            return Refusal("card_lacking", rule, params)
        if not self._possible(seat)[card]:
            return Refusal("card_elsewhere", rule, params)
        return None

    def _engine_check(self, seat: int, hand: list[int], action: Action) -> Refusal | None:
        """The engine's own check of ``action`` as if ``seat`` held exactly ``hand``."""
        hands = self._hands()
        held = hands[seat]
        hands[seat] = hand
        try:
            return self.match._check(action)
        finally:
            hands[seat] = held

    def _card_action(self, action: Action, card: int) -> Action:
        """The play or discard a card move is (a timeout: the move K-13 made)."""
        verb = action.verb
        if verb == "timeout":
            verb = "play" if action.args[0] != HIDDEN else "discard"
        return Action(action.seat, verb, (self.match.DECK.code(card),))

    def _certain(self, seat: int) -> list[int]:
        return [c for c in self._hands()[seat] if not is_unknown(c)]

    def _check_card(self, action: Action, card: int | None) -> Refusal | None:
        """A card move of a trick game, checked on the cards its mover certainly holds (those
        this seat knows, and the card itself): holding more only adds duties (follow, beat),
        so the engine's refusal on them is the rules' refusal."""
        m = self.match
        assert isinstance(m, TrickMatch)
        seat = action.seat
        refusal = m._refuse_turn(seat)
        if refusal is not None:
            return refusal
        certain = self._certain(seat)
        if card is not None:
            refusal = self._elsewhere(seat, card, m.PLAY_RULE)
            if refusal is not None:
                return refusal
            hand = certain if card in certain else certain + [card]
            return self._engine_check(seat, hand, self._card_action(action, card))
        # a face-down card: legal if it is for some card the mover may hold
        first: Refusal | None = None
        for x in self._candidates(seat):
            hand = certain if x in certain else certain + [x]
            refusal = self._engine_check(seat, hand, self._card_action(action, x))
            if refusal is None:
                return None
            first = first or refusal
        return first or Refusal("not_in_hand", m.PLAY_RULE, {"seat": seat, "card": HIDDEN, "deck": m.DECK.name})

    def _candidates(self, seat: int) -> list[int]:
        """Every card ``seat`` may hold, once each."""
        certain = self._certain(seat)
        if len(certain) == len(self._hands()[seat]):
            return list(dict.fromkeys(certain))
        return list(dict.fromkeys(certain + list(self._possible(seat))))

    def _learn_lacks(self, action: Action, card: int | None) -> None:
        """After a legal-looking card move: each card the mover may hold that would have made
        the move illegal had it held it, it does not hold (hands only shrink in play)."""
        seat = action.seat
        certain = self._certain(seat)
        if len(certain) == len(self._hands()[seat]):
            return  # a hand seen whole: nothing to learn
        base = certain if card is None or card in certain else certain + [card]
        for c in self._possible(seat):
            if card is not None:
                if self._engine_check(seat, base + [c], self._card_action(action, card)) is not None:
                    self.lacks[seat].add(c)
                continue
            if all(self._engine_check(seat, base + [x, c], self._card_action(action, x)) is not None
                   for x in self._candidates(seat) if x != c):
                self.lacks[seat].add(c)

    def apply_public(
        self,
        public: str,
        cards: Sequence[str] | None = None,
        revealed: Mapping[int, Sequence[str]] | None = None,
    ) -> list[Event]:
        """Another seat's move in its public form (this seat's own: in full), with ``cards``
        this seat learns privately with it (Kočka: the cards passed to it) and the cards the
        rules turn face up with it (:func:`revealed_with`). Raises ``IllegalAction`` for a
        move :meth:`check_public` refuses."""
        m = self.match
        for seat, codes in (revealed or {}).items():
            self.reveal(seat, codes)
        refusal = self.check_public(public, cards)
        if refusal is not None:
            raise IllegalAction(refusal)
        action, card, known = self._read(public, cards)
        seat, verb = action.seat, action.verb
        if seat == self.me:
            if isinstance(m, Kocka) and verb == "pass":
                self._pass_at[seat] = len(m._actions)
                if sum(p is None for p in m.passed) == 1:  # this pass is the last: the exchange
                    self._show_held()
            return m.apply(m.parse(public))
        if isinstance(m, TrickMatch) and (verb in ("play", "discard") or (verb == "timeout" and action.args)):
            self._learn_lacks(action, card)
            if card is None:
                hidden = [c for c in m.hands[seat] if is_unknown(c)]
                played = hidden[-1] if hidden else self._candidates(seat)[0]
            else:
                played = self._place(seat, card)
            face_up = verb == "play" or (verb == "timeout" and action.args[0] != HIDDEN)
            if verb == "timeout":
                text = f"{seat} timeout"
                return self._carry(text, lambda: [Event("timed_out", {"seat": seat, "rule": "K-13"})]
                                   + m._play_card(seat, played, face_up))
            code = HIDDEN if is_unknown(played) else m.DECK.code(played)
            return self._carry(f"{seat} {verb} {code}", lambda: m._play_card(seat, played, face_up))
        if isinstance(m, _PartialKocka) and verb == "pass":
            return self._pass(seat, known)
        if isinstance(m, _PartialCallKitti) and verb == "arrange" and HIDDEN in action.args:
            return self._carry(f"{seat} arrange {HIDDEN}", lambda: self._arranged(seat))
        if isinstance(m, CallKitti) and verb == "declare":
            return self._carry(f"{seat} declare", lambda: m._declare(seat))
        return m.apply(action)

    def turned_up_by(self, public: str) -> dict[int, list[str]]:
        """The cards the rules turn face up with this move (before it is applied), as far as
        this seat knows them, by seat: ``?`` for each it does not know yet (those seats must
        show theirs, and :meth:`apply_public` gets them as ``revealed``). ``{}`` for most
        moves; Katte's last card of trick five (K-11) and a leave (K-14), Call Kitti's last bid (C-7)."""
        m = self.match
        action = Action.parse(public)
        codes = m.DECK.code_of
        out: dict[int, list[str]] = {}
        if isinstance(m, Katte) and action.verb == "leave":  # K-14: the leaver's hand, face up from now on
            return {action.seat: [HIDDEN if is_unknown(c) else codes[c] for c in m.hands[action.seat]]}
        if isinstance(m, Katte) and action.verb in ("play", "discard", "timeout") and action.seat == m.turn:
            trick = m.trick
            if m.phase != "showdown" or trick is None or len(trick.plays) != trick.size - 1:
                return {}
            for s in range(m.players):
                if m.out[s]:
                    continue
                hand = list(m.hands[s])
                if s == action.seat:  # its last card but one goes to trick five
                    played: int | None = None
                    if s == self.me or not any(map(is_unknown, hand)):
                        played = m._timeout_move(s)[0] if action.verb == "timeout" else m.DECK.parse(action.args[0])
                    elif action.args and action.args[0] != HIDDEN:
                        played = m.DECK.parse(action.args[0])
                    if played is None or played not in hand:
                        played = next(c for c in hand if is_unknown(c))
                    hand.remove(played)
                out[s] = [HIDDEN if is_unknown(c) else codes[c] for c in hand]
        elif isinstance(m, CallKitti) and action.verb == "bid" and sum(b is None for b in m.bids) == 1:
            for s, sets in enumerate(m.sets):
                if sets is not None:
                    out[s] = [HIDDEN if is_unknown(c) else codes[c] for trio in sets for c in trio]
        return out

    def _carry(self, text: str, change: Any) -> list[Event]:
        """What :meth:`Match.apply` does after its check, for a move the engine may not check here."""
        m = self.match
        m._listed = ()
        m._actions.append(text)
        events: list[Event] = change()
        m._after(events)
        return events

    def _place(self, seat: int, card: int, spare: Collection[int] = ()) -> int:
        """``card`` is in ``seat``'s hand: one of its placeholders becomes it (if not known),
        never one of ``spare`` (placeholders that stand for other cards: Kočka's pass)."""
        hand = self._hands()[seat]
        if card in hand:
            return card
        for i in range(len(hand) - 1, -1, -1):
            if is_unknown(hand[i]) and hand[i] not in spare:
                hand[i] = card
                return card
        raise EngineError(f"seat {seat} holds no unknown card to be {self.match.DECK.code(card)}")

    def reveal(self, seat: int, codes: Sequence[str], passed_in: Sequence[str] = ()) -> None:
        """Cards of ``seat``'s hand turned face up by the rules (trick six, a leaver's hand,
        Call Kitti's shown sets in show order). ``passed_in``: Kočka, a leaver's cards passed
        to it (O-5): its hand's from the exchange; before it, the passer's still, held here
        unseen until the exchange. A leaver that passed before the exchange shows the cards
        it kept: its passed ones stay the receiver's to see."""
        m = self.match
        cards, incoming = self._cards(codes), self._cards(passed_in)
        spare: Collection[int] = ()
        if isinstance(m, _PartialKocka) and m.phase == "pass":
            if incoming and seat != self.me:
                self._held[seat] = incoming
            incoming = []
            spare = m.passed[seat] or ()
        cards += incoming
        if seat != self.me:
            have = Counter(c for c in self._hands()[seat] if not is_unknown(c))
            for c in cards:
                if have[c]:
                    have[c] -= 1
                else:
                    self._place(seat, c, spare)
        if isinstance(m, CallKitti) and len(cards) == SHOWS * SET_SIZE:
            m.sets[seat] = [(cards[i], cards[i + 1], cards[i + 2]) for i in range(0, len(cards), SET_SIZE)]

    # ------------------------------------------------------------ Kočka's pass

    def _pass(self, seat: int, known: list[int]) -> list[Event]:
        m = self.match
        assert isinstance(m, _PartialKocka)
        if known:
            gone = tuple(sorted(self._place(seat, c) for c in known))
            text = f"{seat} pass " + " ".join(m.DECK.codes(gone))
        elif Kocka.passes_to(seat) == self.me and self._incoming is not None:
            gone = tuple(sorted(self._place(seat, c) for c in self._incoming))
            text = f"{seat} pass " + " ".join(m.DECK.codes(gone))
        else:
            hidden = [c for c in m.hands[seat] if is_unknown(c)]
            gone = tuple(hidden[-3:])
            text = f"{seat} pass {HIDDEN} {HIDDEN} {HIDDEN}"
        self._pass_at[seat] = len(m._actions)

        def change() -> list[Event]:
            m.passed[seat] = gone
            events = [Event("seat_passed", {"seat": seat})]
            if None not in m.passed:
                events += self._exchange()
            return events

        return self._carry(text, change)

    def _exchange(self) -> list[Event]:
        m = self.match
        assert isinstance(m, _PartialKocka)
        mine = m.passed[(self.me - 1) % KOCKA_SEATS]
        if mine is None or any(map(is_unknown, mine)):
            self._exchange_waits = True  # the cards passed to me have not come yet
            return []
        self._exchange_waits = False
        self._show_held()
        return m._exchange()

    def _show_held(self) -> None:
        """At the exchange: a leaver's cards passed to it are in its hand, face up from now on."""
        for leaver, cards in self._held.items():
            self._passed_cards((leaver - 1) % KOCKA_SEATS, cards)
        self._held = {}

    def receive(self, codes: Sequence[str]) -> list[Event]:
        """Kočka: the cards passed to this seat (their shares come to it alone), any time
        before or after the passer's public pass; the exchange waits for them."""
        m = self.match
        if not isinstance(m, _PartialKocka) or m.phase != "pass":
            raise EngineError("only Kočka's exchange passes cards to a seat")
        cards = sorted(self._cards(codes))
        if len(cards) != 3:
            raise EngineError("a pass is three cards")
        passer = (self.me - 1) % KOCKA_SEATS
        self._incoming = cards
        if m.passed[passer] is None:
            return []
        self._passed_cards(passer, cards)
        if not self._exchange_waits:
            return []
        events = self._exchange()
        m._after(events)
        return events

    def _passed_cards(self, passer: int, cards: list[int]) -> None:
        """Kočka: ``passer``'s pass, made unseen, is ``cards``: its placeholders become them."""
        m = self.match
        assert isinstance(m, _PartialKocka)
        gone = m.passed[passer]
        assert gone is not None
        if not any(map(is_unknown, gone)):
            return
        hand = m.hands[passer]
        for placeholder, card in zip(gone, cards):
            if is_unknown(placeholder):
                hand[hand.index(placeholder)] = card
        passed = m.passed[passer] = tuple(sorted(cards))
        m._actions[self._pass_at[passer]] = f"{passer} pass " + " ".join(m.DECK.codes(passed))

    # ------------------------------------------------------------ Call Kitti's arrangement

    def _arranged(self, seat: int) -> list[Event]:
        """Another seat arranged: its sets and discard are unknown until the shows."""
        m = self.match
        assert isinstance(m, CallKitti)
        unknown = self._unknowns(SHOWS * SET_SIZE + 1)
        m.sets[seat] = [(unknown[i], unknown[i + 1], unknown[i + 2]) for i in range(0, SHOWS * SET_SIZE, SET_SIZE)]
        m.discards[seat] = unknown[-1]
        events = [Event("seat_arranged", {"seat": seat})]
        if None not in m.sets:
            m.phase = "bid"
            events.append(Event("bidding_started", {"bidder": m.bidder, "rule": "C-6"}))
        return events
