"""One match at the table, served to the page from its worker: requests in, replies out.

The page (web/js/table.js) paces the play: it asks for a bot's move, shows what
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

from typing import Any

import engine
from engine import EngineError, Event, Match

from . import bots, model
from .games import adapter
from .text import Text, catalogue

Reply = dict[str, Any]


class Table:
    def __init__(self, catalogues: dict[str, dict[str, str]], lang: str = "en") -> None:
        self.catalogues = catalogues
        self.lang = lang if lang in catalogues else "en"
        self.messages = catalogue(catalogues, self.lang)
        self.match: Match | None = None
        self.config: dict[str, Any] = {}
        self.seat = 0
        self.epoch = 0  # bumped by every change of the match (see the module's docstring)
        self.seen = (0, 0)  # (deal number, events already announced)
        self.hint: tuple[int, dict[str, Any]] | None = None  # (decision number, hint model)
        self.players = bots.Players("", {}, None)

    # ------------------------------------------------------------ a match begins

    def names(self, config: dict[str, Any], players: int, seat: int) -> list[str]:
        """The names the record keeps: the player's own (or the default), then Bot 1, Bot 2 …"""
        bot = self.messages.get("web.bot.name", "Bot {n}")
        names, k = [], 0
        for s in range(players):
            if s == seat:
                names.append(str(config.get("name") or self.messages.get("web.lobby.name.default", "You")))
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
            game, players, seat = str(config["game"]), int(config["players"]), int(config["seat"])
            names = self.names(config, players, seat)
            match = engine.new_match(game, players, config.get("options") or {}, config.get("seed"), names)
        except (EngineError, KeyError, TypeError, ValueError) as e:
            return {"error": str(e)}
        return self.seat_at(match, config)

    def resume(self, config: dict[str, Any], record: Any) -> Reply:
        """A saved match, replayed by the engine to exactly where it was. A record the
        engine refuses gets its reason (the page then keeps the save aside)."""
        try:
            match = engine.load_record(record)
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
        levels = {int(s): str(lv) for s, lv in (config.get("levels") or {}).items()}
        self.players = bots.Players(match.NAME, levels, config.get("seed"))
        # a resumed match announces only what happens from now on
        self.seen = (len(match.records), len(match.events_for(self.seat))) if resumed else (0, 0)
        return self.reply([])

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
        except Exception as e:  # a bot's bug must not break the arrangement board
            bots.note(self.players.errors, f"suggest failed: {type(e).__name__}: {e}")
            return None
        return [g.split() for g in " ".join(action.args).split(" / ")]

    def leave_seat(self) -> Reply:
        """Hand the human's seat to a computer player (Katte's ``leave``, K-14)."""
        if self.match is None:
            return {}
        return self.act(f"{self.seat} leave")

    def next_deal(self) -> Reply:
        m = self.match
        if m is None or not m.deal_over or m.match_over or model.session_over(m, self.config):
            return {"error": self.text("web.error.busy")}
        m.start_deal()
        return self.changed([])

    # ------------------------------------------------------------ thinking

    async def bot_turn(self) -> Reply:
        """One computer player's action (the first waiting), thought out in slices. The
        page asks again for the next; ``{"cancelled": true}`` if the match changed (or
        was left) while the bot thought."""
        m = self.match
        if m is None:
            return {"cancelled": True}
        waiting = model.waiting_bots(m, self.seat, self.left(m))
        if not waiting:
            return self.reply([])
        epoch = self.epoch
        try:
            action = await self.players.action(m, waiting[0], lambda: self.epoch == epoch and m is self.match)
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
        t = self.words()
        view = m.view(self.seat)  # once per reply: the moments, the news and the model read it
        out: Reply = {"moments": model.moments(m, self.seat, events, adapter(m.NAME), t, view),
                      "model": self.model(t, view)}
        if record:
            out["record"] = m.to_record()
        return out

    def model(self, t: Text, view: dict[str, Any]) -> dict[str, Any]:
        m = self.match
        assert m is not None
        count = model.decisions(m)
        hint = self.hint[1] if self.hint is not None and self.hint[0] == count else None
        return model.build(m, self.seat, adapter(m.NAME), t, view=view, announce=self.fresh_events(t, view),
                           hint=hint, left=self.left(m), config=self.config)

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
        return Text(self.messages, m.DECK.name if m is not None else "french", names, self.seat)

    def text(self, key: str) -> str:
        return self.messages.get(key, key)

    def left(self, m: Match) -> bool:
        """Has the human handed the seat to a computer player?"""
        return self.seat in (getattr(m, "bots", None) or ())

    def record(self) -> dict[str, Any] | None:
        return self.match.to_record() if self.match is not None else None

