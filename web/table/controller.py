"""One match at the table, served to the page from its worker: requests in, replies out.

The page (web/js/table/table.js) paces the play: it asks for a bot's move, shows what
happened, waits, and asks again; Python never sleeps for the page. Every reply that
changes the match carries

* ``model``: the table as the human sees it (model.py),
* ``moments``: what to show before that model, in order (each finished trick or show,
  with its cards in front of their players and the sentence that says who took it),
* ``record``: the match as a hand record, which the page saves after every action.

Nothing here runs a rule: ``legal_actions`` / ``check`` decide, and the bots
(``engine.bots``) see only their seat's view. Long work (a bot's search, the hint)
runs in slices; a request that changes the match bumps ``epoch``, and thinking that
began before it stops at its next slice, so a move never waits behind it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engine
from engine import EngineError, Event, Match

from . import bots, model
from .friends import GUEST_CALLS, Guest, clean_name
from .games import adapter, signed
from .outcome import outcome
from .text import Text, catalogue

if TYPE_CHECKING:  # review.py imports the bots: loaded when a review is asked for
    from .review import Session

Reply = dict[str, Any]


class Table:
    def __init__(self, catalogues: dict[str, dict[str, str]], lang: str = "en",
                 across: dict[str, dict[str, str]] | None = None) -> None:
        # the catalogues the page has sent (more come when used); ``across``: the few words
        # read in every language at once (the lobby's "You", the bots' name), by language
        self.catalogues = catalogues
        self.across = across or {}
        self.lang = lang if lang in catalogues else "en"
        self.messages = catalogue(catalogues, self.lang)
        self.match: Match | None = None
        self.config: dict[str, Any] = {}
        self.seat = 0  # the seat the table is drawn for: the person to act (pass-and-play)
        self.humans: dict[int, str] = {}  # seat → name: every person at this device
        self.seen_by: dict[int, tuple[int, int]] = {}  # pass-and-play: each person's announced events
        self.epoch = 0  # bumped by every change of the match (see the module's docstring)
        self.seen = (0, 0)  # (deal number, events already announced)
        self.hint: tuple[int, dict[str, Any]] | None = None  # (decision number, hint model)
        self.reviewing: Session | None = None  # "Review my play": the finished deal under review (review.py)
        self.reviews = 0  # review requests: a newer one stops an older
        self.players = bots.Players("", {}, None)
        self.reported = 0  # finished deals whose outcome a reply has carried
        self.duplicates = 0  # "hard bot in my seat" requests: a newer one stops an older
        self.guests: dict[int, Guest] = {}  # a friends table: the friends at other devices, by seat
        self.serving: int | None = None  # the guest's seat a reply is being made for (guest_reply)
        self.host_ready = 0  # the deals over when the host asked for the next one (a friends table)

    # ------------------------------------------------------------ a match begins

    def names(self, config: dict[str, Any], players: int, seat: int) -> list[str]:
        """The names the record keeps: the player's own (and, pass-and-play, the other
        people's: ``humans``), then Bot 1, Bot 2 … A name left empty or at the lobby's
        default ("You", in any language) is kept as "Player <seat>": the table says "you"
        by itself, and a shared record is read by others."""
        bot = self.messages.get("web.bot.name", "Bot {n}")
        defaults = self.in_every_language("web.lobby.name.default")
        people = {**guests_of(config, players, seat), **people_of(config, players, seat)}
        names, k = [], 0
        for s in range(players):
            if s in people:
                chosen = people[s]
                if not chosen or chosen in defaults:
                    chosen = self.messages.get("web.replay.seat", "Player {n}").replace("{n}", str(s + 1))
                names.append(chosen)
            else:
                k += 1
                names.append(bot.replace("{n}", str(k)))
        return names

    def start(self, config: dict[str, Any]) -> Reply:
        """A new match from the lobby's choices (``game``, ``players``, ``seat``, ``name``,
        ``options``, ``levels``, ``seed``, ``session``)."""
        if config.get("lang"):
            self.set_language(str(config["lang"]))  # the bots' names are in the table's language
        try:
            config = numbered(config)
            game, players, seat = str(config["game"]), int(config["players"]), int(config["seat"])
            names = self.names(config, players, seat)
            number = config.get("number")
            match = engine.new_match(game, players, config.get("options") or {},
                                     None if number else config.get("seed"), names, number=number)
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        return self.seat_at(match, config)

    def resume(self, config: dict[str, Any], record: Any) -> Reply:
        """A saved match, replayed by the engine to exactly where it was. A record the
        engine refuses gets its reason (the page then keeps the save aside)."""
        try:
            config = numbered(config)
            match = engine.load_record(record, config.get("number"))
            seat = int(config["seat"])
            if match.NAME != config.get("game") or not 0 <= seat < match.players:
                raise EngineError("the save's table does not match its record")
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        if not match.records:
            match.start_deal()
        return self.seat_at(match, config, resumed=True)

    def seat_at(self, match: Match, config: dict[str, Any], resumed: bool = False) -> Reply:
        self.stop()
        if config.get("lang"):
            self.set_language(str(config["lang"]))
        self.match = match
        self.config = dict(config)
        self.seat = int(config["seat"])
        self.humans = {s: (match.names or [""] * match.players)[s] for s in people_of(config, match.players, self.seat)}
        self.seen_by = {}
        self.host_ready = 0
        # a friends table: the friends the table started with play from the first deal; a
        # resumed table (the host reloaded) waits for them to connect again
        self.guests = {s: Guest(name, str((config.get("guest_langs") or {}).get(str(s)) or "en"),
                                seated=not resumed, connected=not resumed,
                                seen=(len(match.records), len(match.events_for(s))) if resumed else (0, 0))
                       for s, name in guests_of(config, match.players, self.seat).items()}
        levels = {int(s): str(lv) for s, lv in (config.get("levels") or {}).items() if int(s) not in self.humans}
        # a numbered match's bots are seeded by its number, so "play this deal" meets them again
        self.players = bots.Players(match.NAME, levels, config.get("number") or config.get("seed"))
        # a resumed match announces only what happens from now on
        self.seen = (len(match.records), len(match.events_for(self.seat))) if resumed else (0, 0)
        # a resumed match paused on a finished deal reports it again (the page stores by key)
        self.reported = len(match.summaries) - (1 if match.deal_over and match.summaries else 0) if resumed else 0
        # with its record: the page stores the match before it offers the first decision
        return self.reply([], record=True)

    def stop(self) -> None:
        """Leave the table: thinking in progress stops at its next slice."""
        self.epoch += 1
        self.match = None
        self.hint = None

    def set_language(self, lang: str) -> Reply:
        """Words from another catalogue, from now on (the page switches without a reload)."""
        if lang in self.catalogues:
            self.lang = lang
            self.messages = catalogue(self.catalogues, lang)
            self.hint = None  # its reason was in the old language
        return self.reply([]) if self.match is not None else {}

    # ------------------------------------------------------------ the human

    def act(self, action_id: str) -> Reply:
        """The human's action (an engine action string): the reply, or the refusal."""
        m = self.match
        if m is None:
            return {"error": self.text("web.error.busy")}
        try:
            action = m.parse(action_id)
        except EngineError as e:
            return {"error": str(e)}
        if action.seat != self.seat:
            return {"error": self.text("web.error.seat")}
        refusal = m.check(action)
        if refusal is not None:
            return {"error": self.words().refusal(refusal), "refusal": model.refusal(refusal, m)}
        return self.apply(action)

    def act_cards(self, verb: str, codes: list[str]) -> Reply:
        """Cards chosen together (Kočka's pass; Call Kitti's sets, "/" between them)."""
        return self.act(" ".join([str(self.seat), verb, *codes]))

    def check_cards(self, verb: str, codes: list[str]) -> str:
        """Would these cards do? "" if the engine accepts them now, else its reason."""
        m = self.match
        if m is None:
            return self.text("web.error.busy")
        try:
            refusal = m.check(m.parse(" ".join([str(self.seat), verb, *codes])))
        except EngineError as e:
            return str(e)
        return "" if refusal is None else self.words().refusal(refusal)

    def why(self, code: str) -> Reply:
        """Why the human may not play ``code`` now: the engine's refusal, in words, with
        the rule it cites (the page links it to the rules page)."""
        m = self.match
        if m is None or m.deal_over:
            return {}
        acting = self.seat in m.to_act()
        # the ways a card can be used now, as the engine lists them (Katte: beat or discard)
        verbs = sorted({a.verb for a in m.legal_actions(self.seat) if a.verb in model.CARD_VERBS}) or ["play"]
        refusal = None
        for verb in verbs:
            try:
                refusal = m.check(m.parse(f"{self.seat} {verb} {code}"))
            except EngineError:
                continue
            if refusal is None:
                return {}
            if acting:
                break
        if refusal is None:
            return {}
        return {"text": self.words().refusal(refusal), **model.refusal(refusal, m)}

    def category(self, codes: list[str]) -> str:
        """A Call Kitti set's category in words (the engine names it), "" if not a set."""
        if self.match is None or self.match.NAME != "call-kitti" or len(codes) != 3:
            return ""
        from engine.games.call_kitti import set_category

        try:
            return self.words().category(set_category(self.match.DECK.parse(c) for c in codes))
        except (EngineError, ValueError):
            return ""

    def suggest(self) -> list[list[str]] | None:
        """Call Kitti's "suggest" button: an arrangement from the bots (four sets and the
        discard), or None if there is none to give."""
        m = self.match
        if m is None or m.NAME != "call-kitti" or self.seat not in m.to_act():
            return None
        try:
            from engine.bots import call_kitti

            decision = call_kitti.suggest_arrangement(m.view(self.seat))
            action = m.parse(decision.action)
            if action.verb != "arrange" or m.check(action) is not None:
                return None
        except Exception as e:  # noqa: BLE001 (a bot's bug must not break the arrangement board)
            bots.note(self.players.errors, f"suggest failed: {type(e).__name__}: {e}")
            return None
        return [g.split() for g in " ".join(action.args).split(" / ")]

    def leave_seat(self) -> Reply:
        """Hand the human's seat to a computer player (Katte's ``leave``, K-14)."""
        if self.match is None:
            return {}
        return self.act(f"{self.seat} leave")

    def next_deal(self, now: bool = False) -> Reply:
        """The next deal. At a friends table it starts when every person is ready (the
        seed's "everyone clicks ready"): the host's tap is the host's "ready", and the
        last friend's "ready" deals; ``now`` (the host's "Deal now") does not wait."""
        m = self.match
        if m is None or not m.deal_over or m.match_over or model.session_over(m, self.config):
            return {"error": self.text("web.error.busy")}
        self.host_ready = len(m.records)
        if not now and self.not_ready():
            return self.reply([])
        return self.deal()

    def deal(self) -> Reply:
        m = self.match
        assert m is not None
        m.start_deal()
        for g in self.guests.values():  # a friend who arrived (or came back) plays from this deal
            g.seated = g.connected
        return self.changed([])

    def not_ready(self) -> list[int]:
        """The friends playing at this table who have not said "ready" for the next deal."""
        m = self.match
        assert m is not None
        return [s for s, g in sorted(self.guests.items()) if g.connected and g.seated and g.ready != len(m.records)]

    def waiting_line(self, t: Text, host_seat: int | None = None) -> str:
        """Who the next deal waits for, by name ("" if nobody): the friends playing who
        have not said "ready", and to a friend (``host_seat``: the host's) the host if not
        yet, and the others but not the friend."""
        m = self.match
        assert m is not None
        seats = [s for s in self.not_ready() if s != self.serving]
        if host_seat is not None and self.host_ready != len(m.records):
            seats = [host_seat, *seats]
        return t("web.friends.summary.waiting", names=", ".join(t.names[s] for s in seats)) if seats else ""

    def all_ready(self) -> bool:
        """The host asked for the next deal and no friend playing is waited for."""
        m = self.match
        assert m is not None
        return m.deal_over and not m.match_over and self.host_ready == len(m.records) and not self.not_ready()

    def undo(self) -> Reply:
        """Practice: take back the human's last decision of this deal (and everything
        after it): the deal is replayed by the engine to just before it. The match is
        marked practice from then on; the deal of the day has no undo."""
        m = self.match
        back = self.undo_point()
        if m is None or back is None:
            return {"error": self.text("web.undo.none")}
        record = m.to_record()
        record["deals"][-1]["actions"] = record["deals"][-1]["actions"][:back]
        try:
            match = engine.load_record(record, self.config.get("number"))
        except EngineError as e:  # cannot happen to the engine's own record; said, not raised
            return {"error": str(e)}
        self.config["practice"] = True
        reply = self.seat_at(match, self.config, resumed=True)
        reply["record"] = match.to_record()
        return reply

    def undo_point(self) -> int | None:
        """Where undo goes back to: the index, in this deal's actions, of the human's last
        decision; None if there is none to take back (or undo is not allowed here)."""
        m = self.match
        if m is None or self.config.get("daily") or m.match_over or self.left(m) or not m.records or self.passing():
            return None  # (pass-and-play: one person's undo would take back another's move)
        actions = m.records[-1].actions
        for i in range(len(actions) - 1, -1, -1):
            if actions[i].split(" ", 1)[0] == str(self.seat):
                return i
        return None

    # ------------------------------------------------------------ thinking

    async def bot_turn(self) -> Reply:
        """One computer player's action (the first waiting), thought out in slices. The
        page asks again for the next; ``{"cancelled": true}`` if the match changed (or
        was left) while the bot thought."""
        m = self.match
        if m is None:
            return {"cancelled": True}
        waiting = model.waiting_bots(m, self.people(m))
        if not waiting:
            return self.reply([])
        epoch = self.epoch
        try:
            action = await self.players.action(m, waiting[0], lambda: self.epoch == epoch and m is self.match)
        except bots.Cancelled:
            return {"cancelled": True}
        return self.apply(action)

    async def timeout(self) -> Reply:
        """The human's turn timer ran out (a table option: ``model.timer``): the seat's
        computer player decides for it, this once (Katte's own timer is the engine's
        ``timeout`` action, which the page sends as a move)."""
        m = self.match
        if m is None or self.seat not in m.to_act() or m.deal_over or self.left(m):
            return {"error": self.text("web.error.busy")}
        if not int(self.config.get("turn_seconds") or 0):
            return {"error": self.text("web.error.busy")}
        epoch, seat = self.epoch, self.seat
        try:
            action = await self.players.action(m, seat, lambda: self.epoch == epoch and m is self.match)
        except bots.Cancelled:
            return {"cancelled": True}
        return self.apply(action)

    async def ask_hint(self) -> Reply:
        """The hard bot's choice for the human's seat, with its reason."""
        m = self.match
        if m is None or self.seat not in m.to_act() or m.deal_over or self.left(m):
            return {"error": self.text("web.error.busy")}
        count = model.decisions(m)
        if self.hint is None or self.hint[0] != count:
            epoch = self.epoch
            try:
                decision = await bots.hint(m, self.seat, lambda: self.epoch == epoch and m is self.match)
            except bots.Cancelled:
                return {"cancelled": True}
            if decision is None:
                return {"error": self.text("web.hint.none")}
            self.hint = (count, model.hint(m, self.seat, decision, self.words()))
        return self.reply([])

    def person(self, seat: int | None) -> int:
        """The seat a summary's tool looks from: the table's, or (pass-and-play) another
        person's at this device, asked for by seat."""
        return seat if seat is not None and seat in self.humans else self.seat

    def review_start(self, seat: int | None = None) -> Reply:
        """"Review my play": the human's decisions in the finished deal ({count}), or {error};
        pass-and-play: the person's at ``seat``."""
        from engine.bots.review import reviewed

        from .review import Session

        m = self.match
        self.reviews += 1
        if m is None or not m.records or not m.deal_over or self.left(m):
            return {"error": self.text("web.error.busy")}
        if not reviewed(m.NAME):
            return {"error": self.text("web.review.none")}
        self.reviewing = Session(m, self.person(seat), self.config.get("number"))
        return {"count": len(self.reviewing.points), "deal": self.reviewing.deal}

    async def review_one(self, index: int) -> Reply:
        """Decision ``index`` of the deal under review, judged by the hard bot (in slices);
        ``{"cancelled": true}`` if the match changed or a newer review began meanwhile."""
        session, m, epoch, asked = self.reviewing, self.match, self.epoch, self.reviews
        if session is None or not 0 <= index < len(session.points):
            return {"error": self.text("web.error.busy")}
        try:
            return await session.one(index, self.words(), lambda: (
                self.epoch == epoch and m is self.match and self.reviews == asked))
        except bots.Cancelled:
            return {"cancelled": True}

    async def review(self) -> Reply:
        """Every decision of the finished deal reviewed: {items} (or {error} / {cancelled})."""
        start = self.review_start()
        if "error" in start:
            return start
        asked = self.reviews
        items = []
        for i in range(start["count"]):
            item = await self.review_one(i)
            if "cancelled" in item or self.reviews != asked:
                return {"cancelled": True}
            items.append(item)
        return {"items": items}

    def review_stop(self) -> Reply:
        self.reviews += 1  # the running review stops at its next slice
        return {}

    async def duplicate(self, seat: int | None = None) -> Reply:
        """The finished deal played again with the hard bot in the human's seat
        (duplicate.py; pass-and-play: the person's at ``seat``); the match on the table
        does not change."""
        m = self.match
        if m is None or not m.records or not m.deal_over or len(m.summaries) < len(m.records):
            return {"error": self.text("web.duplicate.not_over")}
        from .duplicate import duplicate

        self.duplicates += 1
        epoch, mine = self.epoch, self.duplicates
        try:
            got = await duplicate(m, len(m.records) - 1, self.person(seat), self.players.levels, self.players.seed,
                                  self.words(), lambda: self.epoch == epoch and m is self.match
                                  and self.duplicates == mine)
        except bots.Cancelled:
            return {"cancelled": True}
        return {"duplicate": got}

    # ------------------------------------------------------------ replies

    def apply(self, action: engine.Action) -> Reply:
        m = self.match
        assert m is not None
        return self.changed(m.apply(action))

    def changed(self, events: list[Event]) -> Reply:
        self.epoch += 1
        return self.reply(events, record=True)

    def reply(self, events: list[Event], record: bool = False) -> Reply:
        """The model, with the moments ``events`` (just applied) bring to the table."""
        m = self.match
        assert m is not None
        handover = self.pass_on(m)
        t = self.words()
        view = m.view(self.seat)  # once per reply: the moments, the news and the model read it
        out: Reply = {"moments": model.moments(m, self.seat, events, adapter(m.NAME), t, view),
                      "model": self.model(t, view)}
        if handover:
            # the page hides the table until this person taps (the last person's hand goes first)
            out["model"]["handover"] = {"seat": self.seat, "name": t.names[self.seat],
                                        "title": t("web.handover.title", name=t.names[self.seat]),
                                        "text": t("web.handover.text", name=t.names[self.seat]),
                                        "button": t("web.handover.button", name=t.names[self.seat])}
        if record:
            out["record"] = m.to_record()
        self.report(out)
        if self.guests and self.serving is None:
            # a friends table: each friend's page gets the same moment from its own seat
            out["guests"] = {str(s): self.guest_reply(s, events) for s, g in self.guests.items() if g.connected}
        return out

    def people(self, m: Match) -> set[int]:
        """The seats persons play now: the people at this device (a seat handed to a
        computer player is not one) and the friends seated at other devices."""
        gone = set(getattr(m, "bots", None) or ())
        return {s for s in self.humans if s not in gone} | {s for s, g in self.guests.items() if g.seated}

    def passing(self) -> bool:
        """Pass-and-play: more than one person at this device."""
        return len(self.humans) > 1

    def pass_on(self, m: Match) -> bool:
        """Pass-and-play: once no computer player is to act, the table turns to the first
        person to act (a simultaneous phase goes seat by seat). True if it turned."""
        if not self.passing() or m.deal_over:
            return False
        people = self.people(m)
        if model.waiting_bots(m, people):
            return False
        acting = [s for s in m.to_act() if s in people]
        if not acting or self.seat in acting:
            return False
        self.seen_by[self.seat] = self.seen
        self.seat = acting[0]
        self.seen = self.seen_by.get(self.seat, (len(m.records), 0))
        self.hint = None
        return True

    # ------------------------------------------------------------ a friends table

    def friends(self) -> list[dict[str, Any]]:
        """Who sits where at a friends table: every friend, connected or not, and whether
        the friend plays in this deal (else a computer player does, until the next)."""
        return [{"seat": s, "name": g.name, "connected": g.connected, "seated": g.seated}
                for s, g in sorted(self.guests.items())]

    def guest_join(self, seat: int, name: str, lang: str) -> Reply:
        """A friend connects for ``seat`` (new, or back after leaving): seen by name at
        once, playing from the next deal; the host's page gets its table again."""
        m = self.match
        if m is None:
            return {"error": self.text("web.error.busy")}
        if not 0 <= seat < m.players or seat in self.humans:
            return {"error": self.text("web.friends.error.seat")}
        g = self.guests.get(seat)
        if g is not None and g.connected:
            return {"error": self.text("web.friends.error.taken")}
        if g is None:
            g = self.guests[seat] = Guest(clean_name(name, str(seat + 1)))
        g.name, g.lang, g.connected = clean_name(name, g.name), lang if lang in self.catalogues else "en", True
        g.seated, g.left = False, 0
        # what the friend's page tells starts from now: the deal so far is not news
        g.seen = (len(m.records), len(m.events_for(seat)))
        return self.reply([])

    def guest_leave(self, seat: int) -> Reply:
        """A friend left (closed the page, lost the connection, or was removed): a
        computer player takes the seat at once, for the rest of the deal (Katte's
        ``leave`` marks the moment in the record, K-14), and the friend may take it back
        from the next deal."""
        m = self.match
        g = self.guests.get(seat)
        if m is None or g is None:
            return {"error": self.text("web.error.busy")}
        playing = g.seated
        g.connected = g.seated = False
        if playing:  # every table says so at once, until the next deal (model: "notices")
            g.left = len(m.records)
        if playing and not m.deal_over and m.NAME == "katte" and m.can(f"{seat} leave"):
            return self.apply(m.parse(f"{seat} leave"))
        if playing and self.all_ready():  # the table waited only for this friend's "ready"
            return self.deal()
        return self.changed([])

    async def guest_timeout(self, seat: int) -> Reply:
        """The turn timer of the friend in ``seat`` ran out (the friend's page says so, or
        the host's page, a little later, if the friend's never does): the engine plays
        for the seat (Katte, K-13) or its computer player decides, this once. The same
        shape as ``guest_call``'s reply."""
        m = self.match
        g = self.guests.get(seat)
        if m is None or g is None or not g.seated or m.deal_over or seat not in m.to_act():
            return {"reply": {"error": self.text("web.error.busy")}}
        katte = f"{seat} timeout"
        if m.NAME == "katte" and m.can(katte):
            host = self.apply(m.parse(katte))
        elif int(self.config.get("turn_seconds") or 0):
            epoch = self.epoch
            try:
                action = await self.players.action(m, seat, lambda: self.epoch == epoch and m is self.match)
            except bots.Cancelled:
                return {"reply": {"cancelled": True}}
            host = self.apply(action)
        else:
            return {"reply": {"error": self.text("web.error.busy")}}
        guests = host.pop("guests", {})
        return {"reply": guests.pop(str(seat), {}), "host": host, "guests": guests}

    def guest_reply(self, seat: int, events: list[Event]) -> Reply:
        """The table as the friend in ``seat`` sees it, in the friend's language: the
        moments ``events`` bring and the model, never the record (it holds every hand).
        A friend waiting for the next deal sees who sits where, not the seat's cards."""
        m = self.match
        assert m is not None
        g = self.guests[seat]
        saved = (self.seat, self.seen, self.hint, self.messages, self.lang)
        self.serving, self.seat, self.seen, self.hint = seat, seat, g.seen, None
        self.messages, self.lang = catalogue(self.catalogues, g.lang), g.lang
        try:
            t = self.words()
            if not g.seated:  # (not even the summary: it would show what the seat's bot held)
                return {"waiting": {"title": t("web.friends.waiting.title"),
                                    "text": t("web.friends.waiting.text", name=g.name),
                                    "friends": self.friends(), "deal": len(m.records)}}
            view = m.view(seat)
            out: Reply = {"moments": model.moments(m, seat, events, adapter(m.NAME), t, view),
                          "model": self.model(t, view)}
            out["model"].update(guest=True, hint=None, can_hint=False, leave_seat=None)
            summary = out["model"].get("summary")
            if summary and summary["next"]["id"] == "next":  # "ready", then wait for the others
                ready = g.ready == len(m.records)
                summary["next"] = {"id": "wait" if ready else "ready",
                                   "label": t("web.friends.summary.readied" if ready else "web.friends.summary.ready")}
                summary["waiting"] = self.waiting_line(t, host_seat=saved[0])
            g.seen = self.seen
            return out
        finally:
            self.serving = None
            self.seat, self.seen, self.hint, self.messages, self.lang = saved

    def guest_call(self, seat: int, name: str, args: list[Any]) -> Reply:
        """A request from the friend in ``seat`` (``GUEST_CALLS``), checked as the host's
        own would be, from that seat and in the friend's language. A decision the engine
        takes changes the match: ``reply`` is the friend's table, ``host`` the host's
        (and ``guests`` every other friend's); else ``reply`` is the answer alone."""
        m = self.match
        g = self.guests.get(seat)
        if m is None or g is None or not g.connected:
            return {"reply": {"error": self.text("web.friends.error.seat")}}
        if name not in GUEST_CALLS or not isinstance(args, list) or len(args) > 2:
            return {"reply": {"error": self.text("web.friends.error.request")}}
        saved = (self.seat, self.seen, self.hint, self.messages, self.lang)
        self.serving, self.seat, self.seen, self.hint = seat, seat, g.seen, None
        self.messages, self.lang = catalogue(self.catalogues, g.lang), g.lang
        action: engine.Action | None = None
        try:
            if not g.seated:
                return {"reply": {"error": self.text("web.friends.error.next_deal")}}
            if name in ("act", "act_cards"):
                if name == "act":
                    action_id = _text_arg(args, 0)
                else:
                    codes = args[1] if len(args) > 1 and isinstance(args[1], list) else None
                    if codes is None or len(codes) > 20 or not all(isinstance(c, str) for c in codes):
                        return {"reply": {"error": self.text("web.friends.error.request")}}
                    action_id = " ".join([str(seat), _text_arg(args, 0), *codes])
                try:
                    action = m.parse(action_id)
                except EngineError as e:
                    return {"reply": {"error": str(e)}}
                if action.seat != seat:
                    return {"reply": {"error": self.text("web.error.seat")}}
                refusal = m.check(action)
                if refusal is not None:
                    return {"reply": {"error": self.words().refusal(refusal), "refusal": model.refusal(refusal, m)}}
            elif name == "why":
                return {"reply": self.why(_text_arg(args, 0))}
            elif name == "check_cards":
                return {"reply": {"text": self.check_cards(_text_arg(args, 0), _codes_arg(args, 1))}}
            elif name == "category":
                return {"reply": {"text": self.category(_codes_arg(args, 0))}}
            elif name == "ready":
                if not m.deal_over or m.match_over or model.session_over(m, self.config):
                    return {"reply": {"error": self.text("web.error.busy")}}
                g.ready = len(m.records)
            else:
                return {"reply": {"sets": self.suggest()}}
        finally:
            g.seen = self.seen
            self.serving = None
            self.seat, self.seen, self.hint, self.messages, self.lang = saved
        if action is None:  # "ready": the next deal if nobody else is waited for, else who is
            host = self.deal() if self.all_ready() else self.reply([])
        else:
            host = self.apply(action)  # the host's reply, with every friend's table in it
        guests = host.pop("guests", {})
        return {"reply": guests.pop(str(seat), {}), "host": host, "guests": guests}

    def report(self, out: Reply) -> None:
        """The statistics' hook: a reply in which a deal ended carries its ``outcome``."""
        m = self.match
        if m is None or len(m.summaries) <= self.reported:
            return
        self.reported = len(m.summaries)
        over = m.match_over or model.session_over(m, self.config)
        got = outcome(m, self.seat, over)
        if got is not None and self.passing():
            # pass-and-play: each person's figures, kept under their name (apart from solo play)
            got["people"] = [{"seat": s, "name": (m.names or [])[s], **(outcome(m, s, over) or {})}
                             for s in sorted(self.humans)]
        out["outcome"] = got
        out.setdefault("record", m.to_record())

    def model(self, t: Text, view: dict[str, Any]) -> dict[str, Any]:
        m = self.match
        assert m is not None
        count = model.decisions(m)
        hint = self.hint[1] if self.hint is not None and self.hint[0] == count else None
        built = model.build(m, self.seat, adapter(m.NAME), t, view=view, announce=self.fresh_events(t, view),
                            hint=hint, left=self.left(m), config=self.config, people=self.people(m))
        built["passing"] = self.passing() and self.serving is None
        built["can_undo"] = self.serving is None and not self.guests and self.undo_point() is not None
        built["friends"] = self.friends() if self.guests or self.config.get("friends") else None
        self.mark_friends(built, t, len(m.records))
        summary = built.get("summary")
        if self.guests and self.serving is None and summary and summary["next"]["id"] == "next":
            # the host's tap says "ready"; once it has, "Deal now" does not wait for the others
            if self.host_ready == len(m.records):
                summary["next"] = {"id": "now", "label": t("web.friends.summary.deal_now")}
            summary["waiting"] = self.waiting_line(t)
        built["practice"] = bool(self.config.get("practice"))
        built["number"] = m.number
        built["daily"] = self.config.get("daily")
        if built["daily"] and m.deal_over:
            built["daily_share"] = self.daily_share(t)
        return built

    def mark_friends(self, built: dict[str, Any], t: Text, deal: int) -> None:
        """A friends table: a friend's seat that a computer player has for now says whose it
        is and why (its badge), and a friend who left this deal's play is said in words."""
        for s, g in self.guests.items():
            if not g.seated and s != self.seat:
                key = "web.friends.badge.next" if g.connected else "web.friends.badge.away"
                built["seats"][s]["friend"] = t(key, name=g.name)
        built["notices"] = [t("web.friends.left", name=g.name) for s, g in sorted(self.guests.items())
                            if not g.connected and g.left == deal and s != self.seat]

    def daily_share(self, t: Text) -> str:
        """The deal of the day's result in one line to share ("Kočka, deal of 2026-12-01:
        4 penalty points"), from the engine's result of the deal."""
        m = self.match
        assert m is not None
        got = outcome(m, self.seat, True)
        figures = got["result"] if got else {}
        params: dict[str, Any] = {"game": t(f"game.{m.NAME}"), "date": self.config.get("daily")}
        if m.NAME == "katte":
            params["won"] = t("web.daily.share.katte.won" if figures.get("won") else "web.daily.share.katte.lost")
            params["chips"] = signed(int(figures.get("chips", 0)))
        elif m.NAME == "call-kitti":
            params["money"] = signed(int(figures.get("money", 0)))
        else:
            params.update(figures)
        return t(f"web.daily.share.{m.NAME}", **params)

    def fresh_events(self, t: Text, view: dict[str, Any]) -> list[str]:
        """Sentences for the events not yet announced (this deal's, as the human sees them)."""
        m = self.match
        assert m is not None
        deal = len(m.records)
        events = m.events_for(self.seat)
        start = self.seen[1] if self.seen[0] == deal else 0
        self.seen = (deal, len(events))
        game = adapter(m.NAME)
        out = []
        for e in events[start:]:
            if e["kind"] == "deal_started":
                e = {**e, "n": deal}
            text = game.event(e, t, view)
            if text:
                out.append(text)
        return out

    def words(self) -> Text:
        m = self.match
        names = list(m.names or []) if m is not None else []
        for s, g in self.guests.items():  # a friend is called by name at the table (the record keeps its own)
            if g.seated and s < len(names):
                names[s] = g.name
        names = self.bot_names(names)
        # pass-and-play: the device goes round, so the table names every person ("Ann plays")
        me = -1 if self.passing() and self.serving is None else self.seat
        return Text(self.messages, m.DECK.name if m is not None else "french", names, me, own=self.seat)

    def bot_names(self, names: list[str]) -> list[str]:
        """The computer players' names in the table's language: the record keeps them as
        they were named at the start ("Botti 1"), the table says "Bot 1" once it is Czech.
        A name someone typed is kept, even if it looks like a bot's of the same number."""
        word = self.messages.get("web.bot.name", "Bot {n}")
        people = set(self.humans) | set(self.guests)
        out, k = list(names), 0
        for s, name in enumerate(names):
            if s in people:
                continue
            k += 1
            said = {w.replace("{n}", str(k)) for w in self.in_every_language("web.bot.name") | {"Bot {n}"}}
            if name in said:
                out[s] = word.replace("{n}", str(k))
        return out

    def text(self, key: str) -> str:
        return self.messages.get(key, key)

    def in_every_language(self, key: str) -> set[str]:
        """``key``'s words in every language the page speaks (those it has not fetched from ``across``)."""
        return {c[key] for c in [*self.catalogues.values(), *self.across.values()] if key in c}

    def left(self, m: Match) -> bool:
        """Has the human handed the seat to a computer player? (A friend's seat: is the
        friend not playing it in this deal?)"""
        if self.serving is not None:
            return not self.guests[self.serving].seated
        return self.seat in (getattr(m, "bots", None) or ())

    def record(self) -> dict[str, Any] | None:
        return self.match.to_record() if self.match is not None else None


def people_of(config: dict[str, Any], players: int, seat: int) -> dict[int, str]:
    """The persons at this device, seat → name as typed: the lobby's seat and name, and
    pass-and-play's others (``humans``: {seat: name}); seats out of range are ignored."""
    people = {seat: str(config.get("name") or "").strip()}
    for s, name in (config.get("humans") or {}).items():
        try:
            k = int(s)
        except (TypeError, ValueError):
            continue
        if 0 <= k < players and k != seat:
            people[k] = str(name or "").strip()[:24]
    return people


def _text_arg(args: list[Any], i: int) -> str:
    """A guest's text argument (an action, a verb, a card), bounded; "" if missing."""
    value = args[i] if i < len(args) else ""
    return value[:200] if isinstance(value, str) else ""


def _codes_arg(args: list[Any], i: int) -> list[str]:
    """A guest's list of card codes, bounded; [] if it is not one."""
    value = args[i] if i < len(args) else []
    if not isinstance(value, list) or len(value) > 20:
        return []
    return [c[:8] for c in value if isinstance(c, str)]


def guests_of(config: dict[str, Any], players: int, seat: int) -> dict[int, str]:
    """A friends table's friends at other devices, seat → name (``guests``: {seat: name});
    the host's own seat and seats out of range are ignored."""
    out = {}
    for s, name in (config.get("guests") or {}).items():
        try:
            k = int(s)
        except (TypeError, ValueError):
            continue
        if 0 <= k < players and k != seat:
            out[k] = clean_name(name, f"{k + 1}")
    return out


def numbered(config: dict[str, Any]) -> dict[str, Any]:
    """The config with its deal number checked; the deal of the day's table is fixed here
    (default options, four seats, medium bots seeded by the day's number, one deal)."""
    config = dict(config)
    daily = config.get("daily")
    if daily:
        from engine.shuffle import daily_number

        game = str(config["game"])
        config.update(number=daily_number(game, str(daily)), players=4, options={}, session=1,
                      levels={str(s): "medium" for s in range(4) if s != int(config.get("seat", 0))})
    if config.get("number") is not None:
        from engine.shuffle import check_number

        config["number"] = check_number(config["number"])
    return config

