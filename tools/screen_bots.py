"""Screen a change to a bot before a long arena run: the same duplicate units played by the
bots as they are and with module attributes patched, and the paired difference.

    python tools/screen_bots.py katko hard,medium,medium,medium 200 7001 \\
        'engine.bots.katko.hard:SOLVE_FROM=3'

prints seat 0's mean result in both runs and their paired difference (patched − current)
with its 95% interval: the units are the arena's (``engine/bots/arena.py``: one deal or
match per rotation of the seats, the same cards and bot seeds in both runs), so the luck of
the deals cancels out of the difference. Each unit runs in a fresh process, so a patch
never leaks into the current bot's run.

``--oracle`` (Katko, Katte and Kočka) instead has seat 0's hard bot search the true hidden hands
in place of sampled ones: what perfect reading of the others' hands would win with the same
playouts.

Without a patch or ``--oracle`` the units are played once and seat 0's mean is printed beside
the fair share (1/seats of the hands or matches): the tools' own levels (``TOOL_LEVELS``) make
such a table worth playing, e.g. Katte's hard bot against three of the hard bot before its
plan search (issue 52), whose seats would all be alike and so make exactly the fair share:

    nice -n 19 python tools/screen_bots.py --jobs 1 --minutes 60 --out /tmp/hh.jsonl \
        katte hard,hard-before,hard-before,hard-before 2000 1100001

``--out`` appends one JSON line per result (a run cut short keeps every unit it finished; the
current and changed runs go seed by seed, so the finished units are paired), ``--minutes``
submits no unit after that long, and a partial figure is printed every ``--every`` units.
In Katko each result also counts the deals of its match units and the last tricks seat 0
won (issue 52's per-deal screen): ``--deals-only`` plays one deal per rotation in place of
a match, and the figures are then last tricks won per deal (``tools/katko_screen.py`` checks
the per-deal screen against the match results).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import Bot, Budget, arena, make_bot
from engine.bots.katte.hard import HardBot as KatteHard
from engine.games import GAMES


class KatteHardBefore(KatteHard):
    """Katte's hard bot as it was before its plan search (issue 52): the same code with the
    search of its own later cards off, so its tricks 3 and 4 use the medium playouts."""

    plan_seats = ()


TOOL_LEVELS: dict[tuple[str, str], type[Bot]] = {("katte", "hard-before"): KatteHardBefore}
"""Levels the tools seat beside the page's ones; never offered on the page."""


def make_level(game: str, level: str, seed: int | None = None, budget: Budget | None = None) -> Bot:
    """A bot of one of the page's levels or of ``TOOL_LEVELS``."""
    tool = TOOL_LEVELS.get((game, level))
    return tool(seed, budget) if tool is not None else make_bot(game, level, seed=seed, budget=budget)


def patch(patches: list[str], apply: bool = True) -> None:
    """Apply ``module:attribute=python expression`` patches (``module:Class.attribute``
    too) in this process (with ``apply`` false only check that each names an attribute
    that exists: a misspelt name would screen the bot unchanged)."""
    for item in patches:
        target, _, value = item.partition("=")
        module, _, path = target.partition(":")
        owner: Any = importlib.import_module(module)
        *outer, attribute = path.split(".")  # a class attribute too: module:Class.NAME
        for name in outer:
            owner = getattr(owner, name, None)
        if not hasattr(owner, attribute):
            raise SystemExit(f"screen_bots: {module} has no attribute {path!r}")
        if apply:
            setattr(owner, attribute, eval(value))


def unit(args: tuple[str, list[str], int, list[str]]) -> tuple[int, float]:
    seed, result = unit_measures(args)
    return seed, result["value"]


def unit_measures(args: tuple[str, list[str], int, list[str]], deals_only: bool = False) -> tuple[int, dict[str, Any]]:
    """One duplicate unit (every rotation of the seats) with ``patches`` applied: seat 0's mean
    result, and in Katko its last tricks won and the deals played over the rotations
    (``deals_only``: one deal per rotation, its result the last trick)."""
    game, seats, seed, patches = args
    patch(patches)
    players = len(seats)
    last = {"won": 0, "deals": 0}
    slot_seat = [0]

    def count(match: Any) -> None:
        result = match.deal_result()
        if "last_trick" in result:
            last["deals"] += 1
            last["won"] += result["last_trick"] == slot_seat[0]
        if deals_only:
            raise _DealOver

    value = 0.0
    for rotation in range(players):
        slot_seat[0] = (players - rotation) % players  # the seat whose slot is 0 in this rotation
        try:
            value += arena.play_unit(game, players, seats, seed, rotation, after_deal=count, make=make_level)[0]
        except _DealOver:
            pass
    out: dict[str, Any] = {"value": value / players}
    if last["deals"]:
        out.update(last_tricks=last["won"] / last["deals"], won=last["won"], deals=last["deals"])
        if deals_only:
            out["value"] = out["last_tricks"]
    return seed, out


class _DealOver(Exception):
    """Ends a unit after its first deal (``--deals-only``)."""


ORACLE_GAMES = ("katko", "katte", "kocka")


def oracle_unit(args: tuple[str, int, int]) -> tuple[int, float]:
    """A unit whose seat-0 hard bot searches the true hidden hands instead of sampled ones
    (Katko: as its one world; Katte: every world is the true deal, the hidden discards
    included; Kočka: in play, every world is the true deal, while the
    exchange, before which nobody knows the others' hands, is decided as usual)."""
    game, seed, players = args
    true: dict[str, Any] = {}
    samples: dict[str, int] | None = None  # (Kočka: the hard bot's own count)
    if game == "katko":
        from engine.bots.katko import hard as katko_hard

        assert hasattr(katko_hard, "sample_hands")
        setattr(katko_hard, "sample_hands", lambda info, rng: [list(h) for h in true["hands"]])  # noqa: B010
        samples = {"hard": 1}
    elif game == "katte":
        from engine.bots.katte import hard as katte_hard

        def katte_world(facts: Any, rng: object) -> Any:
            # the true deal: the others' hands, and each hidden discard's card in the
            # order of its slot (the order the discards were made)
            match = true["match"]
            world = facts.sim.clone()
            gone, thrown = list(world.gone), []
            for trick in list(match.done) + ([match.trick] if match.trick is not None else []):
                for seat, card, face_up in trick.plays:
                    if not face_up and seat != facts.me:
                        gone[seat] |= 1 << card
                        thrown.append(card)
            for seat in range(world.n):
                if seat != facts.me:
                    world.hands[seat] = list(match.hands[seat])
            world.gone = gone
            return world, thrown

        assert hasattr(katte_hard, "sample_world")
        setattr(katte_hard, "sample_world", katte_world)  # noqa: B010
    else:
        from engine.bots.kocka import hard as kocka_hard

        class reader:  # hard.Reader's place: the true deal as every world
            explained = None  # so each world's plausibility is found by the replay, as before

            def __init__(self, view: object, base: Any, *rest: object) -> None:
                self.base = base

            def __call__(self) -> Any:
                w = self.base.copy()
                w.hands = [sum(1 << c for c in hand) for hand in true["hands"]]
                return w

        # the worlds of play come from hard.Reader (checked: a patch of a name the bot no
        # longer reads would screen it unchanged)
        assert hasattr(kocka_hard, "Reader")
        setattr(kocka_hard, "Reader", reader)  # noqa: B010
    seats = ["hard"] + ["medium"] * (players - 1)

    def show(match: Any) -> None:
        true["hands"] = [list(h) for h in match.hands]
        true["match"] = match

    rows = [arena.play_unit(game, players, seats, seed, rotation, samples=samples, before=show)
            for rotation in range(players)]
    return seed, sum(row[0] for row in rows) / players


def interval(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def task(args: tuple[str, str, list[str], int, list[str], bool]) -> dict[str, Any]:
    """One unit of the ``current`` run, the ``changed`` one (its patches) or the ``oracle``: a
    log row (seed, run, seat 0's measures, the CPU seconds and the load it ran under)."""
    run, game, seats, seed, patches, deals_only = args
    start = time.process_time()
    if run == "oracle":
        measures: dict[str, Any] = {"value": oracle_unit((game, seed, len(seats)))[1]}
    else:
        measures = unit_measures((game, seats, seed, patches), deals_only)[1]
    return {"game": game, "seats": seats, "seed": seed, "run": run, "patches": patches, "deals_only": deals_only,
            **measures,
            "cpu": round(time.process_time() - start, 2), "load": os.getloadavg()[0]}


def summary(rows: list[dict[str, Any]], fair: float, paired: bool) -> list[str]:
    """The figures of the finished units: each run's mean of seat 0 and, when ``paired``, the
    difference changed − current over the seeds both finished (else seat 0 − the fair share);
    in Katko the last tricks won per deal too. Means with their 95% intervals."""
    by_run: dict[str, dict[int, dict[str, Any]]] = {}
    for row in rows:
        by_run.setdefault(row["run"], {})[row["seed"]] = row
    runs = [r for r in ("current", "changed", "oracle") if r in by_run]
    seeds = sorted(set.intersection(*(set(by_run[r]) for r in runs))) if runs else []
    if len(seeds) < 2:
        return [f"{len(seeds)} units finished"]
    out = []
    for key, name in (("value", "result"), ("last_tricks", "last tricks won per deal")):
        if not all(key in by_run[r][s] for r in runs for s in seeds):
            continue
        means = {r: interval([by_run[r][s][key] for s in seeds]) for r in runs}
        line = f"{len(seeds)} units, {name}: " + ", ".join(f"{r} {m:+.4f} ± {ci:.4f}" for r, (m, ci) in means.items())
        if paired:
            other = runs[1]
            d = interval([by_run[other][s][key] - by_run["current"][s][key] for s in seeds])
            line += f"; paired difference {d[0]:+.4f} ± {d[1]:.4f}"
        else:
            m, ci = means["current"]
            line += f"; − the fair share {m - fair:+.4f} ± {ci:.4f}"
        out.append(line)
    return out


def fair_share(game: str, players: int) -> float:
    """What seat 0 makes in duplicate when every seat is alike: exactly 1/seats of the hands
    or matches (the other measures are against the table, so 0)."""
    return 1.0 / players if game in ("katte", "katko") else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("seats", help="one level per seat, seat 0 the one screened: hard,medium,medium,medium")
    parser.add_argument("units", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("patches", nargs="*", help="module:attribute=value, applied to the changed run")
    parser.add_argument("--oracle", action="store_true", help="Katko, Katte, Kočka: seat 0 searches the true hands")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--out", type=Path, help="append one JSON line per result to this log")
    parser.add_argument("--minutes", type=float, help="submit no unit after this many minutes")
    parser.add_argument("--every", type=int, default=50, help="print a partial figure every this many units")
    parser.add_argument("--deals-only", action="store_true", help="Katko: one deal per rotation, last tricks won")
    args = parser.parse_args(argv)
    patch(args.patches, apply=False)  # a wrong name stops the screen before any unit runs
    seats = args.seats.split(",")
    for level in seats:
        if (args.game, level) not in TOOL_LEVELS:
            make_bot(args.game, level)  # a wrong level stops the screen here too
    if args.oracle and (args.game not in ORACLE_GAMES or seats != ["hard", "medium", "medium", "medium"]):
        parser.error(f"--oracle is for {', '.join(ORACLE_GAMES)}, hard,medium,medium,medium")
    if args.deals_only and args.game != "katko":
        parser.error("--deals-only is Katko's")
    runs = ["current"] + (["oracle"] if args.oracle else ["changed"] if args.patches else [])
    todo = [(run, args.game, seats, s, args.patches if run == "changed" else [], args.deals_only)
            for s in range(args.seed, args.seed + args.units) for run in runs]
    start = time.time()
    stop = start + args.minutes * 60 if args.minutes is not None else math.inf
    rows: list[dict[str, Any]] = []
    fair = fair_share(args.game, len(seats))
    log = args.out.open("a") if args.out is not None else None
    with Pool(args.jobs, maxtasksperchild=1) as pool:
        pending: list[Any] = []
        while todo or pending:
            while todo and len(pending) < args.jobs and time.time() < stop:
                pending.append(pool.apply_async(task, (todo.pop(0),)))
            if not pending:
                break
            pending[0].wait()
            for result in [p for p in pending if p.ready()]:
                pending.remove(result)
                rows.append(result.get())
                if log is not None:
                    log.write(json.dumps(rows[-1]) + "\n")
                    log.flush()
                if len(rows) % (args.every * len(runs)) == 0:
                    for line in summary(rows, fair, len(runs) > 1):
                        print(f"[{time.time() - start:.0f} s, load {rows[-1]['load']:.1f}] {line}",
                              file=sys.stderr, flush=True)
    if log is not None:
        log.close()
    what = "the true hands" if args.oracle else " ".join(args.patches) or "(no patch)"
    print(f"{args.game}, seat 0 {seats[0]} vs {','.join(seats[1:])}, from seed {args.seed}, "
          f"{time.time() - start:.0f} s; changed: {what}")
    for line in summary(rows, fair, len(runs) > 1):
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
