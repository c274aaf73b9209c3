"""Computer players at the table: the engine's bots (``engine.bots``), one per seat.

A bot sees only its seat's view (``match.view(seat)``), never the match. It thinks in
slices (``Bot.steps`` yields between units of work); :func:`think` hands the worker's
event loop back between slices, so a request from the page (a move, leaving the table)
is answered at once, and thinking the page no longer needs stops (:class:`Cancelled`).
Every bot plays at its own default: a hard bot searches its game's fixed sample count
(``ARENA_SAMPLES``), the count the arena and ``docs/bots.md`` measure, so the strength
players meet is the strength published, and a seeded bot decides the same in the page
as on the command line. The counts are chosen so the 95th percentile of a decision
stays within the pause the page keeps between computer moves at the normal pace (700 ms,
shortened by the time the bot took: thinking there costs the player nothing), in Pyodide
(``engine/bots/timing.py``); easy and medium are instant.

A level a game's bots do not have falls back to medium, then to random; a bot that
cannot be built at all, fails, or proposes an action the engine refuses is replaced
by a random legal action (the engine's own ``random_action``), and the fault is kept
in ``errors`` for tests and bug reports.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from engine import Action, EngineError, Match

MACHINERY = ("timeout", "leave")
SLICE = 0.012  # seconds of bot work between two hand-backs to the browser
DEFAULT_LEVEL = "medium"

Alive = Callable[[], bool]  # False once the thinking is no longer wanted


class Cancelled(Exception):
    """The match changed (or was left) while a bot thought: its answer is not wanted."""


BUDGETS: dict[str, Any] = {}  # a level's search budget instead of its default (tests make bots quicker)


def make(game: str, level: str, seed: int | None, errors: list[str] | None = None) -> Any:
    """The engine's bot for ``level``, else medium, else random; None if none can be built."""
    try:
        from engine.bots import make_bot
    except Exception as e:  # noqa: BLE001 (the bots package itself is broken: random play)
        note(errors, f"engine.bots: {type(e).__name__}: {e}")
        return None
    for lv in dict.fromkeys([level, DEFAULT_LEVEL, "random"]):
        try:
            return make_bot(game, lv, seed, BUDGETS.get(lv))
        except ValueError:
            continue  # this game has no such level (yet)
        except Exception as e:  # noqa: BLE001 (a bot module that does not import: fall back)
            note(errors, f"{game} {lv} bot: {type(e).__name__}: {e}")
    return None


def note(errors: list[str] | None, text: str) -> None:
    print(f"kortti: {text}")  # the browser console (PyScript prints there)
    if errors is not None:
        errors.append(text)


async def think(bot: Any, view: dict[str, Any], alive: Alive) -> Any:
    """Run ``bot.steps(view)`` to its decision, handing the event loop back every few ms;
    :class:`Cancelled` as soon as ``alive()`` says the answer is no longer wanted."""
    gen = bot.steps(view)
    last = time.perf_counter()
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value
        now = time.perf_counter()
        if now - last >= SLICE:
            await asyncio.sleep(0)
            if not alive():
                gen.close()
                raise Cancelled
            last = time.perf_counter()


def random_choice(match: Match, seat: int, rng: random.Random) -> Action:
    """A random legal action, drawn by the engine itself (never a machinery action)."""
    action = match.random_action(rng, seat)
    if action.verb in MACHINERY:
        listed = [a for a in match.legal_actions(seat) if a.verb not in MACHINERY]
        action = rng.choice(listed) if listed else action
    return action


class Players:
    """The computer players of one match: a level per seat, a bot built on first use."""

    def __init__(self, game: str, levels: dict[int, str], seed: int | None) -> None:
        self.game = game
        self.levels = dict(levels)
        self.seed = seed
        self.bots: dict[int, Any] = {}
        self.rng = random.Random(None if seed is None else seed + 1)
        self.errors: list[str] = []

    def level(self, seat: int) -> str:
        return self.levels.get(seat, DEFAULT_LEVEL)

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            seed = None if self.seed is None else self.seed * 31 + seat
            self.bots[seat] = make(self.game, self.level(seat), seed, self.errors)
        return self.bots[seat]

    async def action(self, match: Match, seat: int, alive: Alive) -> Action:
        """The seat's bot's action for the match as it is now (checked by the engine)."""
        bot = self.bot(seat)
        if bot is not None:
            try:
                decision = await think(bot, match.view(seat), alive)
                if not alive():
                    raise Cancelled
                action = match.parse(decision.action)
                refusal = match.check(action)
                if refusal is None and action.seat == seat:
                    return action
                note(self.errors, f"{self.game} {self.level(seat)} bot proposed {decision.action!r}: "
                                  f"{refusal.message() if refusal else 'not its seat'}")
            except Cancelled:
                raise
            except EngineError as e:
                note(self.errors, f"{self.game} {self.level(seat)} bot: {e}")
            except Exception as e:  # noqa: BLE001 (a bug in a bot must not stop the game)
                note(self.errors, f"{self.game} {self.level(seat)} bot failed: {type(e).__name__}: {e}")
        return random_choice(match, seat, self.rng)


def preload(games: list[str]) -> None:
    """Import each game's bots (in the worker, while the reader is still in the lobby)."""
    for game in games:
        try:
            from engine.bots import levels

            levels(game)  # imports the game's bot module
        except Exception as e:  # noqa: BLE001 (said once; the table plays on with what loads)
            note(None, f"{game} bots do not load: {type(e).__name__}: {e}")


async def hint(match: Match, seat: int, alive: Alive, seed: int | None = None) -> Any:
    """The hard bot's decision for ``seat`` (a Decision), or None if no bot can tell."""
    bot = make(match.NAME, "hard", seed)
    if bot is None:
        return None
    try:
        decision = await think(bot, match.view(seat), alive)
        if alive() and match.check(match.parse(decision.action)) is None:
            return decision
    except Cancelled:
        raise
    except Exception as e:  # noqa: BLE001 (a hint that fails is no hint, never a broken table)
        note(None, f"hint failed: {type(e).__name__}: {e}")
    return None
