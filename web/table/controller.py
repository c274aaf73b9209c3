"""One match at the table: the human's actions in, bot moves paced out, models pushed.

``push(model)`` draws a model (the page passes a JavaScript function); ``sleep`` is
``asyncio.sleep``, so bots yield to the browser while they think and between moves,
and the page never freezes. Nothing here runs a rule: ``legal_actions``/``check``
decide, and the bots (``engine.bots``) see only their seat's view.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from engine import EngineError, Event, Match

from . import bots, model
from .games import adapter
from .text import Text, catalogue

Push = Callable[[dict[str, Any]], None]
DONE = ("trick_won", "show_won", "show_tied")  # events that finish a trick (a show)


class Table:
    def __init__(self, messages: dict[str, dict[str, str]] | dict[str, str], push: Push,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 bot_delay: float = 0.7, trick_pause: float = 1.3, lang: str = "en") -> None:
        # one catalogue per language ({"en": {...}, "fi": {...}}), or a single catalogue
        if all(isinstance(v, dict) for v in messages.values()):
            self.catalogues: dict[str, dict[str, str]] = messages  # type: ignore[assignment]
        else:
            self.catalogues = {"en": messages}  # type: ignore[dict-item]
        self.lang = lang if lang in self.catalogues else "en"
        self.messages = catalogue(self.catalogues, self.lang)
        self.push = push
        self.sleep = sleep
        self.bot_delay = bot_delay
        self.trick_pause = trick_pause
        self.match: Match | None = None
        self.task: asyncio.Future[None] | None = None
        self.timer: asyncio.Future[None] | None = None
        self.hint_task: asyncio.Future[None] | None = None
        self.running = False
        self.show: int | None = None  # a finished trick kept on the table for a moment
        self.to_show: list[int] = []  # finished tricks (shows) still to be shown, in order
        self.seen = (0, 0)  # (deal number, events already announced)
        self.hint: tuple[int, dict[str, Any]] | None = None  # (decision number, hint model)
        self.hinting = False
        self.players = bots.Players("", {}, None)

    # ------------------------------------------------------------ from the page

    def start(self, config: dict[str, Any]) -> str:
        """A new match from the lobby's choices; "" or why it cannot start."""
        game, players, seat = config["game"], int(config["players"]), int(config["seat"])
        if config.get("lang"):
            self.set_language(config["lang"], refresh=False)
        bot = self.messages.get("web.bot.name", "Bot {n}")
        names, k = [], 0
        for s in range(players):
            if s == seat:
                names.append(config.get("name") or self.messages.get("web.lobby.name.default", "You"))
            else:
                k += 1
                names.append(bot.replace("{n}", str(k)))
        seed = config.get("seed")
        try:
            match = engine.new_match(game, players, config.get("options") or {}, seed, names)
        except EngineError as e:
            return str(e)
        self.stop()
        self.match = match
        self.seat = seat
        levels = {int(s): str(lv) for s, lv in (config.get("levels") or {}).items()}
        self.players = bots.Players(game, levels, seed)
        self.game = adapter(game)
        self.text = Text(self.messages, match.DECK.name, names, seat)
        self.seen = (0, 0)
        self.show, self.to_show = None, []
        self.hint = None
        self.kick()
        self.refresh()
        return ""

    def set_language(self, lang: str, refresh: bool = True) -> None:
        """Words from another catalogue, from now on (the page switches without a reload)."""
        if lang not in self.catalogues:
            return
        self.lang = lang
        self.messages = catalogue(self.catalogues, lang)
        if self.match is not None:
            self.text = Text(self.messages, self.match.DECK.name, self.text.names, self.seat)
            self.hint = None  # its reason was in the old language
            if refresh:
                self.refresh()

    def act(self, action_id: str) -> str:
        """The human's action (an engine action string); "" or the engine's refusal."""
        m = self.match
        if m is None or self.running:
            return self.messages.get("web.error.busy", "web.error.busy")
        try:
            action = m.parse(action_id)
        except EngineError as e:
            return str(e)
        if action.seat != self.seat:
            return self.messages.get("web.error.seat", "web.error.seat")
        refusal = m.check(action)
        if refusal is not None:
            return self.text.refusal(refusal)
        self.finished(m.apply(action))
        self.kick()  # first: the model drawn now already says "busy" while bots move
        self.refresh()
        return ""

    def act_cards(self, verb: str, codes: list[str]) -> str:
        """Cards chosen together (Kočka's pass; Call Kitti's sets, "/" between them)."""
        return self.act(" ".join([str(self.seat), verb, *codes]))

    def check_cards(self, verb: str, codes: list[str]) -> str:
        """Would these cards do? "" if the engine accepts them now, else its reason."""
        m = self.match
        if m is None:
            return "web.error.busy"
        try:
            refusal = m.check(m.parse(" ".join([str(self.seat), verb, *codes])))
        except EngineError as e:
            return str(e)
        return "" if refusal is None else self.text.refusal(refusal)

    def category(self, codes: list[str]) -> str:
        """A Call Kitti set's category in words (the engine names it), "" if not a set."""
        if self.match is None or self.match.NAME != "call-kitti" or len(codes) != 3:
            return ""
        from engine.cards import FRENCH
        from engine.games.call_kitti import set_category

        try:
            return self.text(f"set.{set_category(FRENCH.parse(c) for c in codes)}")
        except (EngineError, ValueError):
            return ""

    def suggest(self) -> str:
        """Call Kitti's "suggest" button: an arrangement from the bots, as JSON groups
        (four sets and the discard), or "" if there is none to give."""
        m = self.match
        if m is None or m.NAME != "call-kitti" or self.running or self.seat not in m.to_act():
            return ""
        view = m.view(self.seat)
        try:
            from engine.bots import call_kitti

            advise = getattr(call_kitti, "suggest_arrangement", None)
            if advise is not None:
                decision = advise(view)
            else:
                bot = bots.make("call-kitti", "medium", 0, self.players.errors)
                decision = bot.decide(view) if bot is not None else None
            if decision is None:
                return ""
            action = m.parse(decision.action)
            if action.verb != "arrange" or m.check(action) is not None:
                return ""
        except Exception as e:  # the bots are another helper's work in progress
            bots.note(self.players.errors, f"suggest failed: {type(e).__name__}: {e}")
            return ""
        return json.dumps([g.split() for g in " ".join(action.args).split(" / ")])

    def leave_seat(self) -> str:
        """Hand the human's seat to a computer player (Katte's ``leave``, K-14)."""
        m = self.match
        if m is None:
            return ""
        action = m.parse(f"{self.seat} leave")
        refusal = m.check(action)
        if refusal is not None:
            return self.text.refusal(refusal)
        if self.timer is not None and not self.timer.done():
            self.timer.cancel()
        self.finished(m.apply(action))
        self.kick()
        self.refresh()
        return ""

    def next_deal(self) -> None:
        m = self.match
        if m is None or not m.deal_over or m.match_over or self.running:
            return
        m.start_deal()
        self.show, self.to_show = None, []
        self.kick()
        self.refresh()

    def record(self) -> str:
        return json.dumps(self.match.to_record() if self.match else None, ensure_ascii=False)

    def bot_errors(self) -> str:
        return json.dumps(self.players.errors, ensure_ascii=False)

    def stop(self) -> None:
        """Leave the table: the bots, the hint and the turn timer stop."""
        for task in (self.task, self.timer, self.hint_task):
            if task is not None and not task.done():
                task.cancel()
        self.running = False
        self.hinting = False
        self.match = None

    # ------------------------------------------------------------ the hint

    def decisions(self) -> int:
        m = self.match
        return sum(len(r.actions) for r in m.records) if m is not None else 0

    def ask_hint(self) -> str:
        """The hard bot thinks for the human's seat (in slices); the model then shows it."""
        m = self.match
        if m is None or self.running or self.seat not in m.to_act() or m.deal_over:
            return self.messages.get("web.error.busy", "web.error.busy")
        if self.hinting or (self.hint is not None and self.hint[0] == self.decisions()):
            return ""
        self.hinting = True
        self.hint_task = asyncio.ensure_future(self.think_hint(m, self.decisions()))
        self.refresh()
        return ""

    async def think_hint(self, m: Match, count: int) -> None:
        try:
            decision = await bots.hint(m, self.seat, self.sleep)
            if m is self.match and self.decisions() == count and decision is not None:
                self.hint = (count, model.hint(m, self.seat, decision, self.text))
        finally:
            if m is self.match:
                self.hinting = False
                self.refresh()

    # ------------------------------------------------------------ pacing bots

    def finished(self, events: list[Event]) -> None:
        """Queue the tricks (shows) an action finished, to show each for a moment."""
        m = self.match
        assert m is not None
        k = sum(e.kind in DONE for e in events)
        total = len(m.trick_summary())
        self.to_show.extend(range(total - k, total))

    def left(self, m: Match) -> bool:
        """Has the human handed the seat to a computer player?"""
        return self.seat in (getattr(m, "bots", None) or ())

    def kick(self) -> None:
        """Run the bots until the human must act (or the deal ends), in the background."""
        if not self.running:
            self.running = True
            self.task = asyncio.ensure_future(self.pump(self.match))

    async def pump(self, m: Match | None) -> None:
        try:
            assert m is not None
            await self.show_finished(m)
            while not m.deal_over and m is self.match:
                acting = m.to_act()
                left = self.left(m)
                waiting = [s for s in acting if s != self.seat or left]
                if not waiting:
                    break
                if len(acting) > 1:  # a simultaneous phase: every bot acts, one after another
                    for s in waiting:
                        action = await self.players.action(m, s, self.sleep)
                        if m is not self.match:
                            return
                        self.finished(m.apply(action))
                        self.refresh()
                    await self.sleep(0)
                    continue
                self.refresh()  # shows "Bot n is thinking…"
                began = time.perf_counter()
                action = await self.players.action(m, waiting[0], self.sleep)
                if m is not self.match:
                    return
                # the thinking was part of the pause that lets the human follow the play
                await self.sleep(max(0.0, self.bot_delay - (time.perf_counter() - began)))
                if m is not self.match:
                    return
                self.finished(m.apply(action))
                await self.show_finished(m)
        finally:
            if m is not None and m is self.match:
                self.running = False
                self.refresh()
                self.start_timer(m)

    async def show_finished(self, m: Match) -> None:
        while self.to_show and m is self.match:
            self.show = self.to_show.pop(0)
            self.refresh()
            await self.sleep(self.trick_pause)
        self.show = None

    def start_timer(self, m: Match) -> None:
        """Katte's turn timer (K-13): when the human's time runs out, the engine plays."""
        seconds = model.timer(m, self.seat, list(m.to_act()), False, self.left(m))
        if seconds:
            self.timer = asyncio.ensure_future(self.time_out(m, seconds, len(m.records[-1].actions)))

    async def time_out(self, m: Match, seconds: float, count: int) -> None:
        await self.sleep(seconds)
        if m is self.match and not self.running and len(m.records[-1].actions) == count and not self.left(m):
            self.act(f"{self.seat} timeout")

    # ------------------------------------------------------------ drawing

    def fresh_events(self) -> list[str]:
        """Sentences for the events not yet announced (this deal's, as the human sees them)."""
        m = self.match
        assert m is not None
        deal = len(m.records)
        events = m.events_for(self.seat)
        start = self.seen[1] if self.seen[0] == deal else 0
        self.seen = (deal, len(events))
        out = []
        for e in events[start:]:
            if e["kind"] == "deal_started":
                e = {**e, "n": deal}
            text = self.game.event(e, self.text)
            if text:
                out.append(text)
        return out

    def refresh(self) -> None:
        m = self.match
        if m is None:
            return
        count = self.decisions()
        hint = self.hint[1] if self.hint is not None and self.hint[0] == count else None
        self.push(model.build(m, self.seat, self.game, self.text, busy=self.running,
                              show=self.show, announce=self.fresh_events(),
                              hint=hint, hinting=self.hinting, left=self.left(m)))
