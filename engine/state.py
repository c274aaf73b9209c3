"""The one API every game shares: a match in progress.

A :class:`Match` is a whole match (deal after deal). Its life:

* ``Game.new(players, options, seed)`` makes it; :meth:`Match.start_deal` deals
  (the explicit chance step: seeded cards, or given ones when replaying);
  ``Game.new(players, options, number=N)`` deals every deal from a deal
  number instead (:mod:`engine.shuffle`: the same cards on every version);
* :meth:`Match.to_act`, :meth:`Match.legal_actions`, :meth:`Match.check` (the
  "can" half) and :meth:`Match.apply` (the "do" half, returning events) play it;
* :meth:`Match.view` is what one seat may know, the only thing bots and the
  page receive;
* once :attr:`Match.deal_over`, :meth:`Match.start_deal` again, until
  :attr:`Match.match_over`.

Each game subclasses :class:`Match` and fills in the ``_``-prefixed hooks. The
base keeps the hand record (:meth:`to_record`), the per-deal summaries the
replay command prints, cloning and the keys every view shares, so no game
writes that bookkeeping twice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Self

from .actions import Action
from .cards import Deck
from .errors import DealError, IllegalAction, NotationError, OptionError, Refusal
from .events import Event
from .i18n import render
from .options import OptionSpec, describe, resolve
from .shuffle import below, check_number, shuffle, stream_for

Phase = Literal["none", "pass", "arrange", "bid", "play", "showdown", "over"]
"""Every game's stages of a deal: Kočka passes, Call Kitti arranges then bids, Katte
ends with a showdown; ``"none"`` before the first deal and ``"over"`` after each."""

BETWEEN_DEALS: frozenset[str] = frozenset(("none", "over"))
"""The phases in which no deal is in play: what :attr:`Match.deal_over` tests, written out
in the play loop's hot paths (a property call costs more than the test)."""


_DEFAULT_OPTIONS: dict[tuple[type, int], dict[str, Any]] = {}
"""Each game's default options by table size, as :func:`resolve` gives them (copied for each match)."""


def seeded_shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same state, about twice as fast:
    CPython's own Fisher–Yates with its ``_randbelow`` (rejection on ``getrandbits``)
    written out in the loop, not called for each card (a seeded deal's main cost), and
    each draw's bit count read from a table.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(7).shuffle(a); seeded_shuffle(b, random.Random(7)); a == b
    True
    """
    getrandbits = rng.getrandbits
    bits = _DRAW_BITS if len(cards) <= len(_DRAW_BITS) else [(i + 1).bit_length() for i in range(len(cards))]
    for i in range(len(cards) - 1, 0, -1):
        k = bits[i]  # a draw below i + 1 takes (i + 1).bit_length() bits
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_ORDERED_PACKS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Unshuffled packs by deck size and number of decks: every card index in order, once per
deck (a copy of one is cheaper than a list made from a range)."""

_DRAW_BITS = [(i + 1).bit_length() for i in range(2 * 52)]
"""``_DRAW_BITS[i]``: the bits of one draw below ``i + 1``, for packs of up to two decks."""


@dataclass
class DealRecord:
    """One deal as the hand record writes it."""

    start: int
    hands: list[list[str]]
    turned: str | None = None
    actions: list[str] = field(default_factory=list)

    def copy(self) -> DealRecord:
        return DealRecord(self.start, self.hands, self.turned, list(self.actions))


class Match(ABC):
    """A match of one game. Subclasses set the class constants and the hooks."""

    NAME: ClassVar[str]
    DECK: ClassVar[Deck]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    OPTIONS: ClassVar[tuple[OptionSpec, ...]]
    START_KEY: ClassVar[str] = "dealer"  # "leader" in Katte
    ASYNC_PHASES: ClassVar[bool] = False  # some phases let all seats act at once

    players: int
    options: dict[str, Any]
    names: list[str] | None
    seed: int | None
    number: int | None  # the deal number: every deal comes from it, not from rng
    _rng: random.Random
    _rng_shared: bool  # a clone holds the same generator: whoever draws first copies it
    records: list[DealRecord]
    summaries: list[dict[str, Any]]
    log: list[Event]
    # Every game keeps these two; each sets them in ``_setup`` and ``_begin``.
    phase: Phase  # the stage of the deal: "none" before the first, "over" after
    result: dict[str, Any]  # the current deal's result in the replay format, {} until it ends
    # the actions legal_actions listed last (or random_action drew), all legal until the
    # state changes (apply, start_deal): apply skips the check for them
    _listed: tuple[Action, ...] = ()
    _actions: list[str]  # the current deal's record's actions (apply's every call appends one)

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        *,
        number: int | None = None,
    ) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.MIN_PLAYERS <= players <= self.MAX_PLAYERS
        ):
            raise OptionError(
                f"{self.NAME} is for {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, not {players!r}"
                if self.MIN_PLAYERS != self.MAX_PLAYERS
                else f"{self.NAME} is for exactly {self.MIN_PLAYERS} players, not {players!r}"
            )
        self.players = players
        if options:
            self.options = resolve(self.OPTIONS, options, players)
        else:  # the defaults, resolved once per game and table size (a playout's every new match)
            key = (type(self), players)
            defaults = _DEFAULT_OPTIONS.get(key)
            if defaults is None:
                defaults = _DEFAULT_OPTIONS[key] = resolve(self.OPTIONS, {}, players)
            self.options = dict(defaults)
        self._check_options(self.options, players)
        if names is not None and len(names) != players:
            raise OptionError(f"names must have one entry per seat ({players}), not {len(names)}")
        self.names = list(names) if names is not None else None
        if number is not None:
            check_number(number)
            if seed is not None:
                raise OptionError("give a seed or a deal number, not both")
        self.number = number
        self.seed = seed
        self._rng = random.Random(seed)
        self._rng_shared = False
        self.records = []
        self.summaries = []
        self.log = []
        self._setup()

    @classmethod
    def new(
        cls,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        *,
        deal: bool = True,
        number: int | None = None,
    ) -> Self:
        """A new match, with its first deal dealt unless ``deal=False``; with a
        deal ``number`` every deal comes from it (:mod:`engine.shuffle`)."""
        match = cls(players, options, seed, names, number=number)
        if deal:
            match.start_deal()
        return match

    @classmethod
    def option_metadata(cls, players: int) -> list[dict[str, Any]]:
        """The table options for a lobby: key, kind, default, choices, rule."""
        return describe(cls.OPTIONS, players)

    @classmethod
    def _check_options(cls, options: dict[str, Any], players: int) -> None:
        """Cross-option checks (enough cards, …); raise ``OptionError``."""

    def _setup(self) -> None:
        """Match-level state (scores, letters …) at the start."""

    # ------------------------------------------------------------ the deal

    def start_deal(
        self,
        hands: Sequence[Sequence[str]] | None = None,
        start: int | None = None,
        turned: str | None = None,
    ) -> list[Event]:
        """Deal the next deal: the given cards, or a seeded (numbered) shuffle.

        ``start`` is the dealer (the leader in Katte); the rules fix it after
        the first deal, and a given value must agree with them.
        """
        if self.records and not self.deal_over:
            raise DealError("the current deal is not over yet")
        if self.match_over:
            raise DealError("the match is over: no more deals")
        ruled = self._ruled_start()
        if start is None:
            start = ruled if ruled is not None else self._draw_start(len(self.records))
        else:
            if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < self.players:
                raise DealError(f"{self.START_KEY} must be a seat from 0 to {self.players - 1}, not {start!r}")
            if ruled is not None and start != ruled:
                raise DealError(
                    f"the {self.START_KEY} of this deal must be seat {ruled} by the rules, not {start}"
                )
        if hands is None:
            if turned is not None:
                raise DealError("a turned card is given without the hands")
            cards, turned_card = self._shuffle(start)
        else:
            cards, turned_card = self._parse_hands(hands, turned)
        self.log = []
        self._listed = ()
        deck = self.DECK
        record = DealRecord(start, [], None if turned_card is None else deck.code(turned_card))
        for hand in cards:
            record.hands.append(deck.codes(hand))
        self.records.append(record)
        self._actions = record.actions
        events = self._begin(cards, start, turned_card)
        self._after(events)
        return events

    def next_start(self) -> int | None:
        """The dealer (Katte: the leader) the rules fix for the next deal; ``None``
        while it is still to be drawn by lot.

        >>> from engine.games.katko import Katko
        >>> m = Katko.new(2, deal=False)
        >>> m.next_start() is None
        True
        >>> _ = m.start_deal([["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6H"]], 1)
        >>> for _ in range(10):
        ...     _ = m.apply(m.legal_actions()[0])
        >>> m.next_start()   # T-2: the winner of the last trick deals
        0
        """
        return self._ruled_start()

    def _parse_hands(
        self, hands: Sequence[Sequence[str]], turned: str | None
    ) -> tuple[list[list[int]], int | None]:
        """Read given hands (card codes) and check them against the deck(s)."""
        if not isinstance(hands, (list, tuple)) or len(hands) != self.players:
            raise DealError(f"hands must list one hand per seat ({self.players})")
        sizes = self._hand_sizes()
        parsed: list[list[int]] = []
        counts: dict[int, int] = {}
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)):
                raise DealError(f"the hand of seat {seat} must be a list of card codes")
            if len(hand) != sizes:
                raise DealError(f"seat {seat} must be dealt {sizes} cards, not {len(hand)}")
            try:
                cards = [self.DECK.parse(c) for c in hand]
            except ValueError as e:
                raise DealError(f"seat {seat}: {e}") from None
            for c in cards:
                counts[c] = counts.get(c, 0) + 1
            parsed.append(cards)
        turned_card = self._parse_turned(turned)
        if turned_card is not None:
            counts[turned_card] = counts.get(turned_card, 0) + 1
        copies = self._deck_copies()
        for c, k in counts.items():
            if k > copies:
                raise DealError(
                    f"{self.DECK.code(c)} is dealt {k} times, but "
                    + ("the deck holds it once" if copies == 1 else f"the decks hold it {copies} times")
                )
        return parsed, turned_card

    def _parse_turned(self, turned: str | None) -> int | None:
        if turned is not None:
            raise DealError(f"{self.NAME} has no turned card")
        return None

    def _deck_copies(self) -> int:
        return 1

    def _shuffle(self, start: int) -> tuple[list[list[int]], int | None]:
        """Seeded (or numbered) cards for the next deal: hands in seat order, and a turned card."""
        deal = len(self.records)
        return self._deal_out(self._pack(deal), start, self._deal_size(deal))

    @property
    def rng(self) -> random.Random:
        """The generator the seed drives (deals, the first dealer); this match's own."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    def _draw_start(self, deal: int) -> int:
        """The dealer (leader) drawn by lot: from the number's ``start`` stream, or the seed."""
        if self.number is None:
            return self.rng.randrange(self.players)
        return below(self._stream(deal, "start"), self.players)

    def _pack(self, deal: int) -> list[int]:
        """The shuffled pack of deal ``deal``: every card in index order once per deck, then
        shuffled by the number's ``cards`` stream of that deal, or by the seeded ``rng``."""
        key = (self.DECK.size, self._deck_copies())
        ordered = _ORDERED_PACKS.get(key)
        if ordered is None:
            ordered = _ORDERED_PACKS[key] = tuple(range(key[0])) * key[1]
        pack = list(ordered)
        if self.number is None:
            seeded_shuffle(pack, self.rng)
        else:
            shuffle(pack, self._stream(deal, "cards"))
        return pack

    def _stream(self, deal: int, purpose: str) -> Iterator[int]:
        assert self.number is not None
        return stream_for(self.NAME, self.players, self.options, self.number, deal, purpose)

    def _deal_size(self, deal: int) -> int:
        """Cards per seat in deal ``deal`` (0-based); games whose size changes override it."""
        return self._hand_sizes()

    def _deal_out(self, pack: list[int], start: int, size: int) -> tuple[list[list[int]], int | None]:
        """The hands (seat order) and turned card from a shuffled pack: here in blocks,
        the first ``size`` cards to seat 0, the next to seat 1, …"""
        hands = []
        for i in range(self.players):
            hands.append(pack[i * size:(i + 1) * size])
        return hands, None

    def numbered_start(self, deal: int = 0) -> int:
        """The dealer (Katte: leader) the number draws by lot for deal ``deal``; the rules
        use it only when they do not fix one (the first deal)."""
        if self.number is None:
            raise DealError("this match has no deal number")
        return self._draw_start(deal)

    def numbered_cards(self, deal: int, start: int) -> tuple[list[list[str]], str | None]:
        """The cards (codes, as dealt) the number gives deal ``deal`` with ``start`` as
        dealer (leader), and the turned card, whatever happened in the deals before."""
        if self.number is None:
            raise DealError("this match has no deal number")
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
            raise DealError(f"a deal index must be a whole number from 0, not {deal!r}")
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < self.players:
            raise DealError(f"{self.START_KEY} must be a seat from 0 to {self.players - 1}, not {start!r}")
        hands, turned = self._deal_out(self._pack(deal), start, self._deal_size(deal))
        return [self.DECK.codes(h) for h in hands], None if turned is None else self.DECK.code(turned)

    # ------------------------------------------------------------- playing

    def parse(self, text: str) -> Action:
        """A record's action string as an :class:`Action`, canonical form.

        Raises :class:`~engine.errors.NotationError` for a malformed one
        (unknown verb, card code or seat); legality is :meth:`check`'s job.
        """
        action = Action.parse(text)
        if action.seat >= self.players:
            raise NotationError(f"{text!r}: there is no seat {action.seat} at a table of {self.players}")
        return self._canonical(action)

    def _canonical(self, action: Action) -> Action:
        """Check the argument words of a verb, and put them in canonical order."""
        if action.verb == "play" or action.verb == "discard":
            if len(action.args) != 1:
                raise NotationError(f"'{action}': {action.verb} takes one card")
            self._card(action.args[0], action)
            return Action(action.seat, action.verb, (self.DECK.code(self.DECK.parse(action.args[0])),))
        return action

    def _card(self, code: str, action: Action) -> int:
        try:
            return self.DECK.parse(code)
        except ValueError as e:
            raise NotationError(f"'{action}': {e}") from None

    def check(self, action: Action) -> Refusal | None:
        """``None`` if the action is legal now, else why not."""
        if self.deal_over:  # one test for the three refusals between deals
            if self.match_over:
                return Refusal("match_over")
            return Refusal("deal_over" if self.records else "no_deal")
        if not 0 <= action.seat < self.players:
            return Refusal("no_such_seat", params={"seat": action.seat})
        return self._check(action)

    def can(self, action: Action | str) -> bool:
        return self.check(self.parse(action) if isinstance(action, str) else action) is None

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out a legal action; the events it caused. Raises ``IllegalAction``."""
        if not isinstance(action, Action):
            action = self.parse(action)  # a string (parse says what else it is not)
        # An action legal_actions listed in this very state is legal: the check is skipped
        # (a random playout's every move). Compared by identity, which costs nothing.
        for listed in self._listed:
            if listed is action:
                break
        else:
            refusal = self.check(action)
            if refusal is not None:
                raise IllegalAction(refusal)
        self._listed = ()
        self._actions.append(action.text)
        events = self._apply(action)
        self.log += events  # _after, written out: this is every action's path
        if self.phase == "over":
            self._summarise()
        return events

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """A random legal action of ``seat`` (default: the first to act).

        For playouts and tests. Games whose legal actions are not all listed
        (Call Kitti's arrangements) override it to draw from all of them.
        """
        return rng.choice(self.legal_actions(seat))

    def _after(self, events: list[Event]) -> None:
        self.log += events
        if self.phase == "over":
            self._summarise()

    def _summarise(self) -> None:
        """Once a deal is over, its summary for the replay output (once per deal)."""
        if len(self.summaries) < len(self.records):
            self.summaries.append({"tricks": self.trick_summary(), "result": self.deal_result()})

    def label(self, action: Action, lang: str = "en") -> str:
        """A human label for an action, e.g. "Play Queen of hearts"."""
        params: dict[str, Any] = {"deck": self.DECK.name, **action.label_params()}
        if action.verb == "arrange":  # the sets as written, then the discard
            words = " ".join(action.args).split(" / ")
            params["sets"] = " / ".join(words[:4])
            params["card"] = words[4] if len(words) > 4 else ""
        return render("action." + action.verb, params, lang)

    def clone(self) -> Self:
        """An independent copy, cheap enough for search.

        A shallow copy, then fresh copies of what play changes: the record
        bookkeeping here (earlier deals are frozen), the game's state in
        :meth:`_copy_state`.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        if self.records:
            other.records = self.records[:-1] + [self.records[-1].copy()]
            other._actions = other.records[-1].actions
        else:
            other.records = []
        other.summaries = list(self.summaries)
        other.log = list(self.log)
        # the seeded generator is shared, not copied (a copy of its state is most of a
        # clone's cost, and a search's clones never deal): the first to draw copies it
        self._rng_shared = other._rng_shared = True
        self._copy_state(other)
        return other

    # ---------------------------------------------------------------- views

    def _view(self, seat: int, fields: dict[str, Any],
              match_result: dict[str, Any] | None = None) -> dict[str, Any]:
        """A view: the keys every game's view has, around ``fields`` (the game's own).

        In this order: the table (game, seat, players, names, options, deal),
        ``fields``, who is to act and what ``seat`` may do, the deal's result
        once it is over, ``match_result`` (the match's winner or loser, where
        the game shows it here), and this deal's events and actions as ``seat``
        saw them. The order is the golden playthroughs' order: keep it.
        """
        return {
            "game": self.NAME,
            "seat": seat,
            "players": self.players,
            "names": self.names,
            "options": dict(self.options),
            "deal": len(self.records) - 1,
            **fields,
            "to_act": list(self.to_act()),
            "legal": [str(a) for a in self.legal_actions(seat)],  # [] unless it may act
            "result": dict(self.result) if self.records and self.deal_over else None,
            **(match_result or {}),
            "events": self.events_for(seat),
            "actions": self.public_actions(seat),
        }

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        """This deal's events as ``seat`` saw them (``None``: a spectator)."""
        return [e.to_json() for e in self.log if e.visible_to(seat)]

    def public_actions(self, seat: int | None) -> list[str]:
        """This deal's actions in record notation as ``seat`` saw them.

        Cards the seat may not see are written ``?`` (another seat's face-down
        discard, pass or arrangement), so a bot can rebuild the deal's history.
        """
        if not self.records:
            return []
        return [self._mask(a, seat) for a in self.records[-1].actions]

    def _mask(self, action: str, seat: int | None) -> str:
        """``action`` with what ``seat`` may not see replaced by ``?``."""
        return action

    # ------------------------------------------------------------- records

    def to_record(self) -> dict[str, Any]:
        """The match so far as a hand record; it replays to the same state."""
        record: dict[str, Any] = {"game": self.NAME, "players": self.players}
        options = {s.key: self.options[s.key] for s in self.OPTIONS
                   if self.options[s.key] != s.default_for(self.players)}
        record["options"] = options
        if self.names is not None:
            record["names"] = list(self.names)
        if self.seed is not None:
            record["seed"] = self.seed
        deals = []
        for r in self.records:
            deal: dict[str, Any] = {self.START_KEY: r.start, "hands": [list(h) for h in r.hands]}
            if r.turned is not None:
                deal["turned"] = r.turned
            deal["actions"] = list(r.actions)
            deals.append(deal)
        record["deals"] = deals
        return record

    def replay_summary(self) -> dict[str, Any]:
        """The JSON object ``python -m engine replay`` prints."""
        deals = list(self.summaries)
        if self.records and not self.deal_over:
            deals.append({"tricks": self.trick_summary(), "result": {}})
        to_act: dict[str, Any] | None = None
        if self.records and not self.deal_over:
            seats = list(self.to_act())
            legal = [str(a) for s in seats for a in self.legal_actions(s) if a.verb not in ("timeout", "leave")]
            to_act = {"seats": seats, "legal": legal}
        return {"game": self.NAME, "deals": deals, "match": self.standing(), "to_act": to_act}

    # ----------------------------------------------------------- the hooks

    @property
    def deal_over(self) -> bool:
        """The current deal has ended (also true before the first deal)."""
        return self.phase in BETWEEN_DEALS

    def deal_result(self) -> dict[str, Any]:
        """The current deal's result in the replay format ({} while in progress)."""
        return dict(self.result)

    @property
    @abstractmethod
    def match_over(self) -> bool: ...

    @abstractmethod
    def _ruled_start(self) -> int | None:
        """The dealer (leader) the rules fix for the next deal; None if drawn by lot."""

    @abstractmethod
    def _hand_sizes(self) -> int:
        """Cards dealt to each seat in the next deal."""

    @abstractmethod
    def _begin(self, hands: list[list[int]], start: int, turned: int | None) -> list[Event]:
        """Set up the deal's state from the cards; events (e.g. automatic wins)."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several in simultaneous phases); () if none."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the first seat to act); ``[]`` for a
        seat that may not act now."""
        listed = self._legal_actions(seat)
        self._listed = tuple(listed)  # for apply: these need no check until the state changes
        return listed

    @abstractmethod
    def _legal_actions(self, seat: int | None) -> list[Action]:
        """The game's legal actions of ``seat`` (see :meth:`legal_actions`)."""

    @abstractmethod
    def _check(self, action: Action) -> Refusal | None: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """Exactly what ``seat`` may know now, JSON-ready (built with :meth:`_view`)."""

    @abstractmethod
    def _copy_state(self, other: Self) -> None:
        """Give ``other``, a shallow copy of this match, its own copy of every list,
        dict and set of the game's state that play changes (see :meth:`clone`)."""

    @abstractmethod
    def trick_summary(self) -> list[dict[str, Any]]:
        """Completed tricks (Call Kitti: shows) of the current deal: leader, winner."""

    @abstractmethod
    def standing(self) -> dict[str, Any]:
        """The match standing in the replay format."""
