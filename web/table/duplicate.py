""""How would the hard bot have done in my seat?": a finished deal played again.

The same cards from the same start (dealer or leader, turned card, and the match as it
stood before the deal: scores, Kočka's letters, Katte's chips), with the hard bot in the
human's seat and every other seat's bot at its level and seed, as at the table. It is
played ``runs`` times (the hard bot's seed differs per run, so the runs differ), and
compared with what the human got, in the game's own figure (``outcome.deal_figures``).

It runs in the worker like a bot's turn: between two moves it hands the event loop back
and asks ``alive()``; once the answer is no longer wanted, :class:`bots.Cancelled`.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import Any

import engine
from engine import Match

from . import bots, model
from .games import signed
from .outcome import deal_figures
from .text import Text

RUNS = 3
MOST_MOVES = 5000  # a deal never takes this many actions: a guard against a loop
# the figure shown per game (deal_figures' keys); Kočka's ``value`` is its penalty negated
FIGURE = {"kocka": "penalty", "katte": "chips", "katko": "points", "call-kitti": "money"}
SIGNED = ("katte", "call-kitti")  # figures that are a gain or a loss: "+3", "−2"


@dataclass
class Run:
    """One run: the match it was played in (its last deal is the run) and its players."""

    match: Match
    players: bots.Players


def deal_start(match: Match, index: int) -> Match:
    """A fresh match at the start of deal ``index``: the deals before it replayed from
    the record (what they left behind matters), then the same cards dealt again."""
    record = match.to_record()
    deal = record["deals"][index]
    before = {**record, "deals": record["deals"][:index]}
    fresh = engine.load_record(before, match.number)
    fresh.start_deal(deal["hands"], deal[match.START_KEY], deal.get("turned"))
    return fresh


def hard_seed(seed: int | None, seat: int, run: int) -> int | None:
    """The hard bot's seed in run ``run``: different per run, fixed for a seeded match."""
    return None if seed is None else (seed * 31 + seat) * 1000 + 7 * (run + 1)


async def play_runs(match: Match, index: int, seat: int, levels: dict[int, str], seed: int | None,
                    alive: bots.Alive, runs: int = RUNS) -> list[Run]:
    """Deal ``index`` played ``runs`` times with the hard bot in ``seat``."""
    start = deal_start(match, index)
    out = []
    for run in range(runs):
        m = start.clone()
        # fresh bots per run, seeded as the table seeds them; the human's seat is the hard bot's
        players = bots.Players(match.NAME, {**levels, seat: "hard"}, seed)
        players.bots[seat] = bots.make(match.NAME, "hard", hard_seed(seed, seat, run), players.errors)
        for _ in range(MOST_MOVES):
            waiting = model.waiting_bots(m, ())  # every seat to act is a bot's now
            if not waiting:
                break
            await asyncio.sleep(0)  # the page's requests first (easy bots never pause)
            if not alive():
                raise bots.Cancelled
            # Call Kitti's simultaneous phases: one waiting seat after another, as at the table
            m.apply(await players.action(m, waiting[0], alive))
        out.append(Run(m, players))
    return out


def figure(game: str, result: dict[str, Any], seat: int) -> tuple[int, int]:
    """(the game's figure, the signed ``value``) of a finished deal for ``seat``."""
    got = deal_figures(game, result, seat)
    return int(got.get(FIGURE.get(game, "value"), got["value"])), int(got["value"])


def number(x: float, game: str, t: Text) -> str:
    """A figure as the reader's language writes it (one decimal at most)."""
    x = round(x, 1)
    if x == int(x):
        text = signed(int(x)) if game in SIGNED else str(int(x)).replace("-", "\u2212")
    else:
        text = f"{abs(x):.1f}".replace(".", t.messages.get("format.decimal_point", "."))
        text = ("+" if x > 0 and game in SIGNED else "\u2212" if x < 0 else "") + text
    return text


async def duplicate(match: Match, index: int, seat: int, levels: dict[int, str], seed: int | None,
                    t: Text, alive: bots.Alive, runs: int = RUNS) -> dict[str, Any]:
    """The report: the human's figure of deal ``index`` beside the hard bot's runs.

    ``human`` and ``bot.runs`` are the game's figure (``key``: Kočka's penalty points,
    fewer is better; the others' more is better); ``human_value`` and ``bot.values`` the
    signed ``value`` of ``outcome.deal_figures``; ``spread`` is the runs' standard
    deviation (population), ``min`` / ``max`` their range. ``shown`` has them in words."""
    game = match.NAME
    human, human_value = figure(game, match.summaries[index].get("result") or {}, seat)
    played = await play_runs(match, index, seat, levels, seed, alive, runs)
    pairs = [figure(game, r.match.summaries[-1].get("result") or {}, seat) for r in played]
    figures = [f for f, _ in pairs]
    mean = sum(figures) / len(figures) if figures else 0.0
    spread = math.sqrt(sum((f - mean) ** 2 for f in figures) / len(figures)) if figures else 0.0
    key = FIGURE.get(game, "value")
    shown = {"unit": t(f"web.duplicate.unit.{game}"), "you": number(human, game, t),
             "figures": ", ".join(number(f, game, t) for f in figures), "n": len(figures),
             "mean": number(mean, game, t), "spread": number(spread, "", t),
             "min": number(min(figures, default=0), game, t), "max": number(max(figures, default=0), game, t)}
    return {
        "game": game, "deal": index, "seat": seat, "key": key, "fewer_is_better": game == "kocka",
        "human": human, "human_value": human_value,
        "bot": {"key": key, "runs": figures, "values": [v for _, v in pairs], "mean": mean,
                "spread": spread, "spread_kind": "standard deviation", "min": min(figures, default=0),
                "max": max(figures, default=0)},
        "shown": shown,
        "words": t("web.duplicate.words", **shown),
    }
