"""One seat's table at a no-peek table (issue 50), in the page's worker.

At a no-peek table every page runs its own seat's match (``engine.partial``): no page holds
the whole deal. :class:`NoPeekTable` is the table controller (controller.py) over that
match, so the page draws the same model, offers the same choices and says why a card cannot
be played, as at any table; what differs is how moves travel:

* the seat's own move (:meth:`~controller.Table.act`, a computer player's decision for it)
  is applied here and comes out as ``send``: its public form for the other seats and what
  the protocol reveals of the seat's cards (``show``: cards whose shares go to everyone;
  ``hide``: a face-down card, only its slot; ``give``: cards for one seat alone, Kočka's
  pass; ``commit``: Call Kitti's arrangement, secret until the shows);
* another seat's move comes in by :meth:`NoPeekTable.take` in its public form, is checked
  at once (a refusal names the seat and the catalogue reason, in the player's language)
  and applied; a move that turns cards up (Katte's trick five, Call Kitti's last bid)
  waits for every hand it turns up (``wait``), and this seat's own such cards go out;
* the cards passed to this seat come by :meth:`NoPeekTable.receive`.

The computer players' hands are face up to all (``levels``: their seats), so every page runs
them alike. Nothing here runs a rule: the partial match decides.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import Action, EngineError, Event, IllegalAction, Match, Refusal
from engine.audit import audit, verdict_message
from engine.games.katte import Katte
from engine.games.kocka import Kocka
from engine.partial import HIDDEN, PartialMatch, is_unknown, public_action

from . import bots, model
from .controller import Reply, Table
from .outcome import outcome
from .text import Text


class NoPeekTable(Table):
    partial: PartialMatch | None = None
    face_up: frozenset[int] = frozenset()
    waiting: tuple[str, list[str] | None, dict[int, list[str]]] | None = None  # a move waiting for hands shown
    persons_up: frozenset[int] = frozenset()  # face-up seats a person plays this deal (one who joined mid-deal)
    before: Match | None = None  # the match as it was before this deal (a void deal does not count)
    void = False  # this deal's audit said it was void
    void_note = ""  # the last void deal's verdict, in the player's words: on the table until a deal counts
    readied = -1  # a friend's page: the deals over when it said "ready"
    host_ready = -1  # the host's page: the deals over when it asked for the next deal
    waiting_for: tuple[int, ...] = ()  # the host's page: the friends whose "ready" the next deal waits for

    # ------------------------------------------------------------ a deal begins

    def sit(self, config: dict[str, Any], deal: dict[str, Any]) -> Reply:
        """Sit at a no-peek table: ``config`` as :meth:`Table.start` takes it (``game``,
        ``players``, ``seat``, ``name``, ``options``, ``levels`` for the computer players,
        ``names``: every seat's), ``deal`` what the seat knows as the deal starts (``start``,
        ``hand``, ``known``: the hands face up to all, ``turned``)."""
        try:
            game, players, seat = str(config["game"]), int(config["players"]), int(config["seat"])
            names = config.get("names") or self.names(config, players, seat)
            partial = PartialMatch(game, players, config.get("options") or {}, names, me=seat)
            before = partial.match.clone()
            partial.start_deal(**_deal(deal))
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        self.partial, self.waiting, self.before, self.void, self.void_note = partial, None, before, False, ""
        self.seat = seat
        self.seated_as(config.get("levels") or {}, partial.match)
        return self.with_claim(self.seat_at(partial.match, {**config, "levels": self.config["levels"]}))

    def seated_as(self, levels: dict[str, Any], m: Match) -> None:
        """This deal's computer players (``levels``: seat -> level; their hands face up to all).
        A page whose own seat is among them plays it itself, face up (a friend who joined the
        deal after it began)."""
        levels = {str(s): str(v) for s, v in levels.items() if 0 <= int(s) < m.players}
        self.config["levels"] = levels
        self.face_up = frozenset(int(s) for s in levels)
        self.persons_up = frozenset({self.seat} & self.face_up)
        self.players = bots.Players(m.NAME, {int(s): v for s, v in levels.items()}, self.config.get("number"))

    def join_at(self, config: dict[str, Any], deal: dict[str, Any], moves: list[str]) -> Reply:
        """A friend who joins a running deal in a computer player's seat: the deal as it
        began (its own hand among the face-up ones), then every move so far in public form;
        it plays the seat face up until the deal ends."""
        reply = self.sit(config, deal)
        for public in moves:
            if "error" in reply or "refused" in reply:
                return {"error": str(reply.get("error") or reply["refused"]["text"])}
            reply = self.take(str(public))
        return reply

    def person_up(self, seat: int, playing: bool) -> Reply:
        """The relay's page: a friend plays (or no longer plays) the face-up ``seat`` for the
        rest of this deal; its computer player stops (or takes over again)."""
        if self.match is None:
            return {"error": self.text("web.error.busy")}
        self.persons_up = self.persons_up | {seat} if playing else self.persons_up - {seat}
        self.epoch += 1  # (a computer player thinking for the seat stops)
        return self.reply([])

    def next_deal_at(self, deal: dict[str, Any]) -> Reply:
        """The next deal of the match, as this seat knows it."""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        self.drop_void()
        try:
            self.seated_as(deal.get("levels") or {}, self.partial.match)
            before = self.partial.match.clone()
            events = self.partial.start_deal(**_deal(deal))
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        self.waiting, self.before = None, before
        return self.with_claim(self.changed(events))

    def with_claim(self, reply: Reply) -> Reply:
        """Katte: this seat's automatic win (K-5), which only its page sees: ``claim``, the cards
        its page shows (every other page applies it by :meth:`claim`)."""
        own = self.partial.own_automatic_win() if self.partial is not None and "error" not in reply else None
        if own is not None:
            reply["claim"] = own
        return reply

    def claim(self, seat: int, codes: list[str]) -> Reply:
        """Katte: another seat showed its hand as an automatic win (K-5): the deal ends as the
        rules end it (``undone``: the moves taken since the deal, which the deal never had).
        A hand that is no such win is refused, its seat named."""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        undone = len(self.partial.match._actions)
        try:
            events = self.partial.claim(int(seat), [str(c) for c in codes])
        except IllegalAction as e:
            return {"refused": self.refused(e.refusal, str(seat))}
        except EngineError as e:
            return {"error": str(e)}
        self.waiting = None
        out = self.changed(events)
        out["undone"] = undone
        return out

    def void_deal(self, said: str) -> Reply:
        """This deal is void (its audit, or a fault that voids it mid-deal: a leaver whose key
        cannot be opened): it will not count, and what the page said stays on the table."""
        self.void, self.void_note = True, str(said)[:400]
        return self.reply([]) if self.match is not None else {"error": self.text("web.error.busy")}

    def drop_void(self) -> None:
        """A deal the audit found void does not count: the match goes on as it was before it."""
        if self.void and self.before is not None and self.partial is not None:
            self.match = self.partial.match = self.before
            self.before, self.void = None, False

    def plan_first(self, config: dict[str, Any]) -> Reply:
        """The first deal's slots (:meth:`plan`), before the seat sits: a match of the config's
        game, not dealt, and every seat's name as the record keeps it (``names``)."""
        try:
            game, players, seat = str(config["game"]), int(config["players"]), int(config["seat"])
            self.match = PartialMatch(game, players, config.get("options") or {}, None, me=seat).match
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        self.face_up = frozenset(int(s) for s in (config.get("levels") or {}))
        plan = self.plan()
        if "error" not in plan:
            plan["names"] = self.names(config, players, seat)
        return plan

    def plan(self, levels: dict[str, Any] | None = None) -> Reply:
        """The next deal's slots as the no-peek deal lays them out (docs/no-peek.md, "slot"):
        ``cards`` the engine's deck in its order, every copy of a card its own slot (Katko's two
        packs: the pack twice over), ``layout`` each slot's holder (round the seats in turn, as
        many as the engine deals each; a computer player's slots face up: ``"up"``; the rest
        ``"stock"``), ``turned`` the slot of the card the rules turn up at the deal (Katko's
        trump: face up to all, ``"up"``; None when none is), ``start`` the dealer the rules fix
        (None: the host draws one). ``levels``: the next deal's computer players, if they change
        (seats are worked out per deal). Nothing changes: the page plans beside the deal it is
        still drawing (a void deal stays until the next deal begins; the plan follows the match
        as it was before it)."""
        m = self.before if self.void and self.before is not None else self.match
        if m is None:
            return {"error": self.text("web.error.busy")}
        face_up = self.face_up if levels is None else frozenset(int(s) for s in levels)
        size, cards = m._hand_sizes(), list(m.DECK.code_of) * m._deck_copies()
        layout: list[int | str] = ["stock"] * len(cards)
        for k in range(size * m.players):
            seat = k % m.players
            layout[k] = "up" if seat in face_up else seat
        turned = _turned_slot(m, len(cards), size)
        if turned is not None:
            layout[turned] = "up"
        return {"cards": cards, "layout": layout, "turned": turned, "start": m._ruled_start(), "size": size}

    def hands_of(self, layout: list[Any], slots: dict[int, str], turned: int | None = None) -> list[list[str]]:
        """Each seat's hand as dealt from the cards of the slots (``slots``: slot -> card; the
        ``turned`` card's slot is no seat's)."""
        m = self.match
        assert m is not None
        return [[slots[k] for k, h in enumerate(layout)
                 if k != turned and (h == seat or (h == "up" and k % m.players == seat))]
                for seat in range(m.players)]

    def open_in(self, seat: int) -> Reply:
        """The cards every page knows ``seat`` holds (``cards``): the page lets its move name
        them with no card shown (:meth:`PartialMatch.open_in`)."""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        return {"cards": self.partial.open_in(int(seat))}

    def left_seat(self, seat: int, codes: list[str], passed_in: list[str] | None = None) -> Reply:
        """A person left mid-deal: the hand the others opened from its escrow is face up to
        all from now on, and a computer player (the host's page decides) plays it. ``codes``:
        the opened cards dealt to it; ``passed_in``: those passed to it (Kočka), which the
        engine puts in its hand at the exchange (the page opens them once a reply asks for
        them, ``open_passed``: then they are its hand's at once)."""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        try:
            self.partial.reveal(int(seat), list(codes), list(passed_in or []))
        except EngineError as e:
            return {"error": str(e)}
        self.face_up = self.face_up | {int(seat)}
        self.persons_up = self.persons_up - {int(seat)}
        levels = dict(self.config.get("levels") or {})
        levels.setdefault(str(seat), "medium")
        self.config["levels"] = levels
        self.players = bots.Players(self.match.NAME if self.match else "", {int(s): str(v) for s, v in levels.items()},
                                    self.config.get("number"))
        return self.changed([])

    def reply(self, events: list[Event], record: bool = False) -> Reply:
        """As any table's; and ``open_passed``: the leavers whose passed-in cards the page opens now."""
        out = super().reply(events, record)
        wanted = self.passed_in_wanted()
        if wanted:
            out["open_passed"] = wanted
        return out

    def passed_in_wanted(self) -> list[int]:
        """Kočka: the leavers whose hand holds cards passed to it that this page does not know.
        From the exchange (O-5) they are its hand's, face up to all: the page opens them (its
        deal's session keeps them closed until then) and hands them over (:meth:`left_seat`'s
        ``passed_in``). The engine says when the exchange is; the page only asks."""
        m = self.match
        if not isinstance(m, Kocka) or m.phase != "play":
            return []
        return [s for s in sorted(self.face_up - {self.seat}) if any(is_unknown(c) for c in m.hands[s])]

    def acting(self) -> list[int]:
        """The host's page: the seats whose move the table waits for now (a person's, not a
        computer player's), or whose cards a move waits to see turned up; none once the deal is
        over. A friend's page silent here past its limit is handed on (net/nopeek-watch.js)."""
        m, partial = self.match, self.partial
        if m is None or partial is None or m.deal_over:
            return []
        if self.waiting is not None:
            public, _, shown = self.waiting
            return sorted(s for s, codes in partial.turned_up_by(public).items() if HIDDEN in codes and s not in shown)
        people = self.people(m)
        return sorted(s for s in m.to_act() if s in people)

    async def bot_move(self) -> Reply:
        """The host's page: the move of the first computer player to act (its hand face up
        to all), decided here on what every page knows; not applied (it goes round the
        table like any move, and every page checks it in full)."""
        m = self.match
        if m is None:
            return {"cancelled": True}
        waiting = model.waiting_bots(m, self.people(m))
        if not waiting:
            return {"move": None}
        epoch = self.epoch
        try:
            action = await self.players.action(m, waiting[0], lambda: self.epoch == epoch and m is self.match)
        except bots.Cancelled:
            return {"cancelled": True}
        return {"move": action.text}

    def known_cards(self) -> list[str]:
        """Every card code this seat's match holds anywhere (tests: nothing the seat may not
        know until the audit): the hands' known cards, the record's hands and moves, the
        cards passed and set aside. (A placeholder is no card.)"""
        m = self.match
        if m is None:
            return []
        deck = m.DECK
        found: set[str] = set()

        def cards(values: Any) -> None:
            for c in values or ():
                if isinstance(c, (list, tuple)):
                    cards(c)
                elif isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(deck.code_of):
                    found.add(deck.code_of[c])

        for hand in getattr(m, "hands", None) or ():
            cards(hand)
        for name in ("passed", "sets", "discards"):
            cards(getattr(m, name, None))
        words = set(deck.code_of)
        for record in m.records:
            for text in [*(c for h in record.hands for c in h), *record.actions, record.turned or ""]:
                found.update(w for w in str(text).split() if w in words)
        if self.partial is not None and self.partial._incoming:
            cards(self.partial._incoming)
        return sorted(found)

    def audit_deal(self, request: dict[str, Any]) -> Reply:
        """The rules' audit of the deal just over (engine/audit.py) on every card, once the
        deal's cryptography opened them: ``slots`` (slot -> card), ``layout``, ``turned`` (the
        turned card's slot, as :meth:`plan` laid it), ``start``, ``actions`` (every move in
        full), ``earlier`` (the match's audited deals). The verdict, with its reason in the
        player's language."""
        m = self.match
        if m is None:
            return {"error": self.text("web.error.busy")}
        slots = {int(k): str(v) for k, v in (request.get("slots") or {}).items()}
        try:
            at = request.get("turned")
            turned_slot = None if at is None else int(at)
            hands = self.hands_of(list(request["layout"]), slots, turned_slot)
            turned = None if turned_slot is None else slots[turned_slot]
        except (KeyError, TypeError, ValueError) as e:
            return {"ok": False, "reason": "refusal.bad_args", "seat": None, "text": str(e)}
        # Call Kitti: the sets each seat showed, in show order, against the arrangement it committed to
        shown = {int(s): [str(c) for c in codes] for s, codes in (request.get("shown") or {}).items()}
        # Katte: the seats that showed an automatic win (K-5), and the hands face up from the deal
        layout = list(request["layout"])
        claimed = [int(s) for s in request.get("claimed") or []] + [k % m.players for k, h in enumerate(layout) if h == "up"]
        verdict = audit(m.NAME, m.players, self.config.get("options") or {}, m.names, int(request["start"]), hands,
                        turned, [str(a) for a in request.get("actions") or []],
                        earlier=request.get("earlier") or (), shown=shown or None, claimed=claimed)
        if not verdict["ok"]:
            verdict["text"] = verdict_message(verdict, self.lang)
            verdict.pop("message", None)
            self.void = True
            return verdict
        return {**self.counted(verdict["record"]), "ok": True, "deal": verdict["record"]["deals"][-1]}

    def counted(self, record: dict[str, Any]) -> Reply:
        """A deal the audit said fair counts: the table, with the deal's ``outcome`` for the
        statistics and the audited ``record`` (every card) for the history, as any table reports
        a deal (the partial match's own record has placeholders)."""
        m = self.match
        assert m is not None
        self.void_note = ""
        out = self.reply([])
        try:
            full = engine.load_record(record)
        except EngineError as e:  # (the audit has just replayed it: cannot happen; said, not raised)
            return {**out, "error": str(e)}
        out["outcome"] = outcome(full, self.seat, full.match_over or model.session_over(full, self.config))
        out["record"] = record
        return out

    def model(self, t: Text, view: dict[str, Any]) -> dict[str, Any]:
        """The table as at any table; a page that is not the host's waits for the others'
        moves (computer players' too: the host's page decides them), and has no hint or undo."""
        built = super().model(t, view)
        built.update(nopeek=True, nopeek_bots=bool(self.face_up - self.persons_up), can_undo=False, hint=None,
                     can_hint=False, guest=not self.config.get("np_host"))
        if self.waiting is not None:  # a move waits for the hands it turns up: nobody acts (nor a computer
            built.update(mine=False, timer=None, guest=True)  # player) until they come, as the page pushes them
        if self.void_note:  # (a void deal's verdict stays readable on the table)
            built["notices"] = [*(built.get("notices") or []), self.void_note]
        summary, m = built.get("summary"), self.match
        if summary and m is not None and summary["next"]["id"] == "next":
            deals = len(m.records)
            if not self.config.get("np_host"):  # "ready", then wait for the host's deal
                ready = self.readied == deals
                summary["next"] = {"id": "wait" if ready else "ready",
                                   "label": t("web.friends.summary.readied" if ready else "web.friends.summary.ready")}
            elif self.host_ready == deals:  # the host's tap said "ready": "Deal now" does not wait
                summary["next"] = {"id": "now", "label": t("web.friends.summary.deal_now")}
            if self.waiting_for:
                summary["waiting"] = t("web.friends.summary.waiting", names=", ".join(t.names[s] for s in self.waiting_for))
        return built

    def ready(self) -> Reply:
        """A friend's page: "ready" for the next deal (the host's page deals when all are)."""
        m = self.match
        if m is None or not m.deal_over or m.match_over:
            return {"error": self.text("web.error.busy")}
        self.readied = len(m.records)
        return self.reply([])

    def wait_for(self, seats: list[int], host_ready: bool) -> Reply:
        """The host's page: the friends the next deal waits for, and whether the host asked for it."""
        m = self.match
        if m is None:
            return {"error": self.text("web.error.busy")}
        self.waiting_for = tuple(sorted(int(s) for s in seats if 0 <= int(s) < m.players))
        if host_ready:
            self.host_ready = len(m.records)
        return self.reply([])

    def report(self, out: Reply) -> None:
        """No outcome from a partial match: a no-peek deal counts once its audit says fair."""

    def people(self, m: Match) -> set[int]:
        """Every seat but the computer players' (and Katte's leavers'): persons at their own pages
        (and a face-up seat a friend who joined mid-deal plays)."""
        gone = set(getattr(m, "bots", None) or ())
        return {s for s in range(m.players) if (s not in self.face_up or s in self.persons_up) and s not in gone}

    async def timeout(self) -> Reply:
        """This seat's turn timer ran out: the rules' timeout (Katte's ``timeout`` move, K-13)
        or the seat's computer player decides this once, here where the hand is; the move goes
        round like any, with what it reveals."""
        m = self.match
        if m is not None and m.NAME == "katte" and m.can(f"{self.seat} timeout"):
            return self.act(f"{self.seat} timeout")
        return await super().timeout()

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> Reply:
        """This seat's move (or a computer player's, run alike on every page), applied here;
        the seat's own comes out in public form with what to reveal."""
        partial = self.partial
        assert partial is not None
        send = self.outgoing(action) if action.seat == partial.me else None
        reply = self.advance(action.text, None, {})
        if send is not None and "error" not in reply:
            reply["send"] = send
        return reply

    def outgoing(self, action: Action) -> dict[str, Any]:
        """This seat's move as the others learn it, and what of its cards the protocol reveals."""
        m = self.match
        assert m is not None and self.partial is not None
        seat = action.seat
        others = next((s for s in range(m.players) if s != seat and not _receives(m, action, s)), -1)
        send: dict[str, Any] = {"public": public_action(m, others, action, self.face_up)}
        if action.verb == "play":
            send["show"] = list(action.args)
        elif action.verb == "discard":
            send["hide"] = list(action.args)
        elif action.verb == "timeout" and isinstance(m, Katte):
            card, face_up = m._timeout_move(seat)
            send["show" if face_up else "hide"] = [m.DECK.code(card)]
        elif action.verb == "pass" and isinstance(m, Kocka):
            send["give"] = {"seat": Kocka.passes_to(seat), "cards": list(action.args)}
        elif action.verb == "arrange":
            send["commit"] = action.text
        elif action.verb == "leave":
            send["show"] = list(m.view(seat)["hand"])
        mine = self.partial.turned_up_by(action.text).get(seat)
        if mine:
            send["turned_up"] = mine
        return send

    def take(self, public: str, cards: list[str] | None = None,
             revealed: dict[str, list[str]] | None = None) -> Reply:
        """Another seat's move in its public form (``cards``: what this seat learns with it
        alone; ``revealed``: hands the rules turn up with it, by seat). A move that visibly
        breaks a rule is refused and not applied: ``refused`` names the seat and the reason."""
        partial = self.partial
        if partial is None:
            return {"error": self.text("web.error.busy")}
        try:
            refusal = partial.check_public(public, cards)
            shown = {int(s): list(c) for s, c in (revealed or {}).items()}
        except (EngineError, TypeError, ValueError) as e:
            seat = public.split()[0] if isinstance(public, str) and public.split() else "?"
            refusal = Refusal("unreadable_move", params={"seat": seat, "action": str(public)})
            return {"refused": self.refused(refusal, seat), "detail": str(e)}
        if refusal is not None:
            return {"refused": self.refused(refusal, public.split()[0])}
        mine = partial.turned_up_by(public).get(partial.me)
        out = self.advance(public, cards, shown)
        if mine and "error" not in out:
            out["turned_up"] = mine  # this seat's cards the move turns up: the others wait for them
        return out

    def check(self, public: str) -> Reply:
        """The relay's page: would this move be refused here at once? (Checked before it goes
        round the table, so that no page takes a move the relay's page refuses.)"""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        try:
            refusal = self.partial.check_public(public, None)
        except (EngineError, TypeError, ValueError):
            refusal = Refusal("unreadable_move", params={"seat": public.split()[0] if public.split() else "?",
                                                         "action": str(public)})
        return {"refused": self.refused(refusal, public.split()[0])} if refusal is not None else {}

    def show(self, seat: int, codes: list[str]) -> Reply:
        """A seat's cards that the waiting move turns up have come; the move goes on once all have."""
        if self.waiting is None:
            return {"error": self.text("web.error.busy")}
        public, cards, shown = self.waiting
        return self.advance(public, cards, {**shown, int(seat): list(codes)})

    def receive(self, codes: list[str]) -> Reply:
        """Kočka: the cards passed to this seat."""
        if self.partial is None:
            return {"error": self.text("web.error.busy")}
        try:
            events = self.partial.receive(codes)
        except EngineError as e:
            return {"error": str(e)}
        return self.changed(events) if events else self.reply([])

    def advance(self, public: str, cards: list[str] | None, shown: dict[int, list[str]]) -> Reply:
        """Apply a move once every hand it turns up is known, else wait for them (``wait``)."""
        partial = self.partial
        assert partial is not None
        turned = partial.turned_up_by(public)
        missing = sorted(s for s, codes in turned.items() if HIDDEN in codes and s not in shown)
        if missing:
            self.waiting = (public, cards, shown)
            out = self.reply([])
            # (``cards``: how many each seat turns up: the page knows when a seat's have all come)
            out["wait"] = {"seats": missing, "cards": {str(s): len(turned[s]) for s in missing}}
            if partial.me in turned:
                out["turned_up"] = turned[partial.me]
            return out
        self.waiting = None
        try:
            events: list[Event] = partial.apply_public(public, cards, shown)
        except EngineError as e:
            return {"error": str(e)}
        return self.changed(events)

    def refused(self, refusal: Refusal, seat: str) -> dict[str, Any]:
        m = self.match
        assert m is not None
        return {"seat": seat, "reason": "refusal." + refusal.code, "args": dict(refusal.params),
                "text": self.words().refusal(refusal), **model.refusal(refusal, m)}


def _deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal's start as the page sends it (JSON: seats as strings) for ``PartialMatch.start_deal``."""
    return {"start": int(deal["start"]), "hand": list(deal["hand"]),
            "known": {int(s): list(h) for s, h in (deal.get("known") or {}).items()},
            "turned": deal.get("turned")}


def _turned_slot(m: Match, cards: int, size: int) -> int | None:
    """The slot of the card the rules turn up at the deal (Katko's trump, T-4), or None: the
    engine's own deal, of the slots in order, says which (the slots' cards are drawn apart)."""
    turned = m._deal_out(list(range(cards)), m.players - 1, size)[1]
    return None if turned is None else int(turned)


def _receives(m: Match, action: Action, seat: int) -> bool:
    """Whether ``seat`` learns ``action``'s cards alone (the receiver of a Kočka pass)."""
    return isinstance(m, Kocka) and action.verb == "pass" and seat == Kocka.passes_to(action.seat)

