"""One match at the table: the human's actions in, bot moves paced out, models pushed.

``push(model)`` draws a model (the page passes a JavaScript function); ``sleep`` is
``asyncio.sleep``, so bots yield to the browser between moves and the page never
freezes. Nothing here runs a rule: ``legal_actions``/``check`` decide.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from engine import EngineError, Event, Match

from . import bots, model
from .games import adapter
from .text import Text

Push = Callable[[dict[str, Any]], None]
DONE = ("trick_won", "show_won", "show_tied")  # events that finish a trick (a show)


class Table:
    def __init__(self, messages: dict[str, str], push: Push,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 bot_delay: float = 0.7, trick_pause: float = 1.3) -> None:
        self.messages = messages
        self.push = push
        self.sleep = sleep
        self.bot_delay = bot_delay
        self.trick_pause = trick_pause
        self.match: Match | None = None
        self.task: asyncio.Future[None] | None = None
        self.timer: asyncio.Future[None] | None = None
        self.running = False
        self.show: int | None = None  # a finished trick kept on the table for a moment
        self.to_show: list[int] = []  # finished tricks (shows) still to be shown, in order
        self.seen = (0, 0)  # (deal number, events already announced)

    # ------------------------------------------------------------ from the page

    def start(self, config: dict[str, Any]) -> str:
        """A new match from the lobby's choices; "" or why it cannot start."""
        game, players, seat = config["game"], int(config["players"]), int(config["seat"])
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
        self.rng = random.Random(None if seed is None else seed + 1)
        self.game = adapter(game)
        self.text = Text(self.messages, match.DECK.name, names, seat)
        self.seen = (0, 0)
        self.show, self.to_show = None, []
        self.kick()
        self.refresh()
        return ""

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
            return refusal.message()
        self.finished(m.apply(action))
        self.kick()  # first: the model drawn now already says "busy" while bots move
        self.refresh()
        return ""

    def act_cards(self, verb: str, codes: list[str]) -> str:
        """Cards chosen together (Kočka's pass; Call Kitti's sets, "/" between them)."""
        return self.act(" ".join([str(self.seat), verb, *codes]))

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

    def stop(self) -> None:
        """Leave the table: the bots and the turn timer stop."""
        for task in (self.task, self.timer):
            if task is not None and not task.done():
                task.cancel()
        self.running = False
        self.match = None

    # ------------------------------------------------------------ pacing bots

    def finished(self, events: list[Event]) -> None:
        """Queue the tricks (shows) an action finished, to show each for a moment."""
        m = self.match
        assert m is not None
        k = sum(e.kind in DONE for e in events)
        total = len(m.trick_summary())
        self.to_show.extend(range(total - k, total))

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
                waiting = [s for s in acting if s != self.seat]
                if not waiting:
                    break
                if len(acting) > 1:  # a simultaneous phase: every bot acts at once
                    for s in waiting:
                        m.apply(bots.choose(m, s, self.rng))
                    self.refresh()
                    await self.sleep(0)
                    continue
                self.refresh()  # shows "Bot n is thinking…"
                await self.sleep(self.bot_delay)
                if m is not self.match:
                    return
                self.finished(m.apply(bots.choose(m, waiting[0], self.rng)))
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
        seconds = model.timer(m, self.seat, list(m.to_act()), False)
        if seconds:
            self.timer = asyncio.ensure_future(self.time_out(m, seconds, len(m.records[-1].actions)))

    async def time_out(self, m: Match, seconds: float, count: int) -> None:
        await self.sleep(seconds)
        if m is self.match and not self.running and len(m.records[-1].actions) == count:
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
        self.push(model.build(m, self.seat, self.game, self.text, busy=self.running,
                              show=self.show, announce=self.fresh_events()))
