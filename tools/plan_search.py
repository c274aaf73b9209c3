"""The hard bots searching their OWN later choices without strategy fusion: the offline
measure (issue 52, step 2), for Katte (the default), Kočka and Katko (``--game``).

The search itself is the hard bot's, in ``engine/bots/katte/plan.py`` (from trick 3 at four
seats, W = 200 worlds): after each of the bot's moves every world is advanced by the others'
medium answers, the worlds are grouped by what the bot will then have seen, and each group
takes the one move best over the whole group; the later moves are chosen on one half of the
worlds and scored on the other.

``compare`` plays deals with the hard bot in seat 0 against three medium ones and, at each
of its decisions from ``--from`` (default ``plan.PLAN_FROM``) to trick 4, scores three moves
on fresh worlds that no choice saw: medium's move, the hard bot's move (the one it played)
and the plan search's, each followed by the bot's best later choices per information set
(learnt on the plan's worlds). Figures are hands won per 100 decisions and per 100 deals,
with 95% intervals over deals. Since the plan search ships, "the hard bot's move" is the
plan's own from ``plan.PLAN_FROM`` on; the figures of ``docs/bot-experiments.md`` were
measured before, against the bot without it.

    nice -n 19 python tools/plan_search.py compare --deals 300 --seed 500001 --worlds 200

``compare --game kocka`` does the same for Kočka's hard bot from six cards in hand (its
decisions with a choice at six cards or fewer; ``engine/bots/kocka/plan.py``), and
``--game katko`` for Katko's from three (``engine/bots/katko/plan.py``): the hard bot in seat 0
against three medium, the first deal of each seeded match. Kočka's figures are the hard
bot's utility (its penalty below the table mean, 3 less when it loses the deal) per
decision and per deal; Katko's, its chance to win the match (``hard.equity``) in points.
``--minutes`` stops at a deadline, ``--every`` prints the figures so far every so many
deals, and ``--out`` appends each deal's rows to a JSON-lines log.

    nice -n 19 python tools/plan_search.py compare --game kocka --deals 1000 --worlds 200 --minutes 30 --every 10

In arena games, against the hard bot without it (``tools/screen_bots.py``, paired):

    nice -n 19 python tools/screen_bots.py --jobs 1 katte hard,medium,medium,medium 400 500001 \\
        'engine.bots.katte.plan:PLAN_SEATS=()'
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from random import Random
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.bots import plan as shared
from engine.bots.katte import hard, plan
from engine.bots.katte.plan import Worlds
from engine.bots.katte.policy import medium_move
from engine.bots.katte.sim import Move, parse_move
from engine.bots.katte.worlds import Facts
from engine.bots.search import Tally
from engine.cards import GERMAN
from engine.games import GAMES

T = TypeVar("T")


def _run(steps: Generator[None, None, T]) -> T:
    """A sliced search run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def draw(facts: Facts, rng: Random, count: int) -> Worlds:
    """``count`` worlds that fit the view, with the hard bot's weights."""
    return _run(plan.draw(facts, rng, count, hard.surprise_for(facts.sim.n)))


def root_values(learn_on: Worlds, score_on: Worlds, me: int, moves: list[Move]) -> dict[Move, float]:
    """Each root move's held-out value (``engine.bots.katte.plan.root_values``)."""
    return _run(plan.root_values(learn_on, score_on, me, moves))


def plan_tally(facts: Facts, moves: list[Move], rng: Random, count: int) -> Tally[Move]:
    """Each move's held-out hands won over ``count`` worlds, two halves cross-fitted."""
    return _run(plan.plan_search(facts, moves, rng, count, hard.surprise_for(facts.sim.n)))


def hard_against_medium(game: str, seed: int) -> tuple[Any, list[Any], Random]:
    """A deal of ``game`` at four seats: the match, the hard bot in seat 0 and three medium
    ones (each seeded from ``seed``), and the comparison's own random source."""
    match = GAMES[game].new(4, {}, seed=seed)
    bots = [make_bot(game, "hard" if s == 0 else "medium", seed=seed * 31 + s) for s in range(4)]
    return match, bots, Random(seed)


def compare_deal(seed: int, count: int, plan_from: int) -> list[dict[str, Any]]:
    """One deal, hard in seat 0 against three medium: at each of seat 0's decisions from
    ``plan_from`` to trick 4, the three moves scored on fresh worlds (see the module)."""
    match, bots, rng = hard_against_medium("katte", seed)
    rows = []
    while not match.deal_over:
        seat = match.to_act()[0]
        view = match.view(seat)
        action = bots[seat].decide(view).action
        if seat == 0 and len(view["legal"]) > 1:
            facts = Facts(view)
            if plan_from <= facts.sim.trick_no < hard.SOLVE_FROM:
                moves = [parse_move(a) for a in view["legal"]]
                start = time.process_time()
                tally = plan_tally(facts, moves, rng, count)
                base = hard.medium_index(facts, moves)
                wins = [tally.total(m) for m in moves]
                best = max(range(len(moves)), key=lambda i: (wins[i], i == base))
                if wins[best] - wins[base] < hard.MARGIN * tally.weight:
                    best = base  # the hard bot's margin over medium's move, kept
                plan_seconds = time.process_time() - start
                # fresh worlds, and the bot's later choices learnt on other fresh ones
                learn, score = draw(facts, rng, count), draw(facts, rng, count)
                picks = {"medium": moves[base], "hard": parse_move(action), "plan": moves[best]}
                values = root_values(learn, score, 0, sorted(set(picks.values())))
                weight = sum(w for _, w in score)
                # the winner's curse: the plan's move scored on the worlds that chose its later moves
                own = root_values(learn, learn, 0, [moves[best]])[moves[best]] / sum(w for _, w in learn)
                rows.append({"seed": seed, "trick": facts.sim.trick_no, "moves": len(moves),
                             "plan_seconds": plan_seconds,
                             **{k: values[m] / weight for k, m in picks.items()},
                             "medium_line": _medium_line(score, moves[base]) / weight,
                             "hard_line": _medium_line(score, parse_move(action)) / weight,
                             "plan_in_sample": own})
        match.apply(action)
    return rows


def _medium_line(worlds: Worlds, move: Move) -> float:
    """Weighted hands won by ``move`` with the medium rules for the bot's later cards."""
    total = 0.0
    for sim, w in worlds:
        s = sim.clone()
        s.step(*move)
        while s.result < 0:
            s.step(*medium_move(s))
        if s.result == 0:
            total += w
    return total


def compare_deal_kocka(seed: int, count: int, plan_from: int) -> list[dict[str, Any]]:
    """One Kočka deal, hard in seat 0 against three medium: at each of seat 0's decisions
    with a choice from ``plan_from`` cards in hand, the three moves scored on fresh worlds."""
    from engine.bots.kocka import hard as kocka_hard
    from engine.bots.kocka import plan as kocka_plan
    from engine.bots.kocka.policy import medium_play
    from engine.bots.kocka.sim import sim_from_view

    match, bots, rng = hard_against_medium("kocka", seed)
    tries = kocka_hard.READ_TRIES
    rows = []
    while not match.deal_over:
        for seat in match.to_act():
            if seat not in match.to_act():
                continue
            view = match.view(seat)
            action = bots[seat].decide(view).action
            if seat == 0 and view["phase"] == "play" and len(view["legal"]) > 1 and len(view["hand"]) <= plan_from:
                base_sim = sim_from_view(view)
                moves = [GERMAN.parse(a.split()[-1]) for a in view["legal"]]
                start = time.process_time()
                tally = _run(kocka_plan.plan_search(view, rng, count, tries))
                base = medium_play(base_sim)
                best = max(moves, key=lambda m: (round(tally.total(m), 9), m == base))
                plan_seconds = time.process_time() - start
                learn = _run(kocka_plan.draw(view, rng, count, tries))
                score = _run(kocka_plan.draw(view, rng, count, tries))
                played = GERMAN.parse(action.split()[-1])
                picks = {"medium": base, "hard": played, "plan": best}
                game = kocka_plan.KOCKA
                values = _run(shared.root_values(game, learn, score, 0, sorted(set(picks.values()))))
                weight = sum(w for _, w in score)
                own = _run(shared.root_values(game, learn, learn, 0, [best]))[best] / sum(w for _, w in learn)

                rows.append({"seed": seed, "cards": len(view["hand"]), "moves": len(moves),
                             "plan_seconds": plan_seconds,
                             **{k: values[m] / weight for k, m in picks.items()},
                             "medium_line": _kocka_medium_line(score, base) / weight,
                             "hard_line": _kocka_medium_line(score, played) / weight,
                             "plan_in_sample": own})
            match.apply(action)
    return rows


def compare_deal_katko(seed: int, count: int, plan_from: int) -> list[dict[str, Any]]:
    """The first deal of a Katko match, hard in seat 0 against three medium: at each of seat
    0's decisions with a choice from ``plan_from`` cards in hand, the three moves scored on
    fresh worlds (match equity, in points)."""
    from engine.bots.katko import plan as katko_plan
    from engine.bots.katko.policy import medium_choice
    from engine.bots.katko.sim import card_of
    from engine.bots.katko.worlds import read

    match, bots, rng = hard_against_medium("katko", seed)
    rows = []
    while not match.deal_over:
        seat = match.to_act()[0]
        view = match.view(seat)
        action = bots[seat].decide(view).action
        if seat == 0:
            info = read(view)
            if len(info.legal) > 1 and 1 < info.left <= plan_from:
                moves = list(info.legal)
                start = time.process_time()
                tally = _run(katko_plan.plan_search(info, view, rng, count))
                base = medium_choice(info)[0]
                best = max(moves, key=lambda m: (round(tally.total(m), 9), m == base))
                plan_seconds = time.process_time() - start
                learn = _run(katko_plan.draw(info, view, rng, count))
                score = _run(katko_plan.draw(info, view, rng, count))
                played = card_of(action.split()[2])
                picks = {"medium": base, "hard": played, "plan": best}
                game = katko_plan.KatkoPlan(info)
                values = _run(shared.root_values(game, learn, score, 0, sorted(set(picks.values()))))
                weight = float(len(score))
                own = _run(shared.root_values(game, learn, learn, 0, [best]))[best] / len(learn)

                rows.append({"seed": seed, "cards": info.left, "moves": len(moves),
                             "plan_seconds": plan_seconds,
                             **{k: 100 * values[m] / weight for k, m in picks.items()},
                             "medium_line": 100 * _katko_medium_line(game, score, base) / weight,
                             "hard_line": 100 * _katko_medium_line(game, score, played) / weight,
                             "plan_in_sample": 100 * own})
        match.apply(action)
    return rows


def _kocka_medium_line(worlds: list[tuple[Any, float]], card: int) -> float:
    """Kočka: the weighted utility of ``card`` in ``worlds`` with the medium rules for every
    later card (the bot's own too)."""
    from engine.bots.kocka.policy import playout

    total = 0.0
    for world, w in worlds:
        s = world.copy()
        s.play(card)
        playout(s)
        total += w * s.utility(0)
    return total


def _katko_medium_line(game: Any, worlds: list[tuple[Any, float]], card: int) -> float:
    """Katko: the weighted match equity of ``card`` in ``worlds`` with medium's answers for
    every later card (the bot's own too)."""
    total = 0.0
    for world, w in worlds:
        s = game.play(world, card)
        while not s.sim.over:
            s.play(game.medium(s), game.probe)
        total += w * game.value(s, 0)
    return total


def _ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


# per game: one deal's rows, the window's words, and the unit of its figures
GAME_WINDOWS: dict[str, tuple[Callable[[int, int, int], list[dict[str, Any]]], str, str, float]] = {
    "katte": (compare_deal, "katte, 4 seats, hard in seat 0 vs 3 medium; plan from trick {}",
              "hands won per 100 decisions", 100.0),
    "kocka": (compare_deal_kocka, "kocka, hard in seat 0 vs 3 medium; plan from {} cards in hand",
              "utility (penalty below the table mean, -3 if the loser) per decision", 1.0),
    "katko": (compare_deal_katko, ("katko, 4 seats, hard in seat 0 vs 3 medium, first deal of each match; "
                                   "plan from {} cards in hand"), "match equity points per decision", 1.0),
}
DEFAULT_FROM = {"katte": plan.PLAN_FROM, "kocka": 6, "katko": 3}


def report(game: str, per_deal: list[list[dict[str, Any]]], deals: int, seed: int, count: int, plan_from: int,
           seconds: float) -> None:
    """The figures over the deals done so far (each difference summed per deal, with its
    95% interval over deals)."""
    _, words, unit, scale = GAME_WINDOWS[game]
    decisions = [r for rows in per_deal for r in rows]
    print(f"{words.format(plan_from)}: {len(per_deal)} of {deals} deals from seed {seed}, W = {count} "
          f"worlds (halves of {count // 2}); {len(decisions)} decisions; {seconds:.0f} s", flush=True)
    if len(decisions) < 2:
        return
    changed = {k: sum(r["plan"] != r[k] for r in decisions) for k in ("medium", "hard")}
    print(f"  plan's move differs from medium's at {changed['medium']}, from hard's at {changed['hard']}")
    sec = sorted(r["plan_seconds"] for r in decisions)
    print(f"  plan search CPU s per decision: p50 {sec[len(sec) // 2]:.2f}, p95 {sec[int(len(sec) * 0.95)]:.2f}")
    for name, key in (("medium's move, medium later", "medium_line"), ("medium's move", "medium"),
                      ("today's hard move, medium later", "hard_line"), ("today's hard move", "hard"),
                      ("plan search's move", "plan"), ("the same, on its own worlds", "plan_in_sample")):
        m, ci = _ci([r[key] * scale for r in decisions])
        print(f"  {name:34} {m:7.3f} ± {ci:.3f} {unit}")
    for a, b in (("plan", "hard"), ("plan", "medium"), ("hard", "medium"), ("hard", "hard_line"),
                 ("plan_in_sample", "plan")):
        d = _ci([scale * sum(r[a] - r[b] for r in rows) for rows in per_deal])
        e = _ci([scale * (r[a] - r[b]) for r in decisions])
        print(f"  {a} − {b}: {d[0]:+.3f} ± {d[1]:.3f} per deal ({len(per_deal)} deals); "
              f"{e[0]:+.3f} ± {e[1]:.3f} per decision", flush=True)
    stage = "trick" if game == "katte" else "cards"
    for at in sorted({r[stage] for r in decisions}, reverse=stage == "cards"):
        rows = [r for r in decisions if r[stage] == at]
        if len(rows) > 1:
            e = _ci([scale * (r["plan"] - r["hard"]) for r in rows])
            print(f"    at {at} {'cards in hand' if stage == 'cards' else '(trick)'}: {len(rows)} decisions, "
                  f"plan − hard {e[0]:+.3f} ± {e[1]:.3f} per decision; the moves differ at "
                  f"{sum(r['plan'] != r['hard'] for r in rows)}", flush=True)


def compare(deals: int, seed: int, count: int, plan_from: int, jobs: int, game: str = "katte",
            minutes: float | None = None, every: int = 0, out: str | None = None) -> None:
    start = time.time()
    per_deal: list[list[dict[str, Any]]] = []
    work = [(game, s, count, plan_from) for s in range(seed, seed + deals)]
    results: Iterator[list[dict[str, Any]]]
    if jobs > 1:
        from multiprocessing import Pool

        pool = Pool(jobs)
        results = pool.imap_unordered(_compare_args, work)
    else:
        results = map(_compare_args, work)
    for rows in results:
        per_deal.append(rows)
        if out:
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps({"game": game, "worlds": count, "from": plan_from, "rows": rows}) + "\n")
        if every and len(per_deal) % every == 0:
            report(game, per_deal, deals, seed, count, plan_from, time.time() - start)
        elif len(per_deal) % 25 == 0:
            print(f"{len(per_deal)}/{deals} deals, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
        if minutes is not None and time.time() - start > minutes * 60:
            break
    if jobs > 1:
        pool.terminate()
    report(game, per_deal, deals, seed, count, plan_from, time.time() - start)


def report_log(path: str, only: str | None = None) -> None:
    """The figures of each (game, W, window) in a ``--out`` log."""
    runs: dict[tuple[str, int, int], list[list[dict[str, Any]]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            got = json.loads(line)
            if only is None or got["game"] == only:
                runs.setdefault((got["game"], got["worlds"], got["from"]), []).append(got["rows"])
    for (game, count, plan_from), per_deal in runs.items():
        seeds = [r["seed"] for rows in per_deal for r in rows]
        report(game, per_deal, len(per_deal), min(seeds, default=0), count, plan_from, 0.0)


def _compare_args(args: tuple[str, int, int, int]) -> list[dict[str, Any]]:
    game, seed, count, plan_from = args
    return GAME_WINDOWS[game][0](seed, count, plan_from)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare", help="medium's, hard's and the plan's moves on held-out worlds")
    c.add_argument("--game", choices=sorted(GAME_WINDOWS), default="katte")
    c.add_argument("--deals", type=int, default=300)
    c.add_argument("--seed", type=int, default=500001)
    c.add_argument("--worlds", type=int, default=200, help="W: worlds per decision, both halves")
    c.add_argument("--from", dest="plan_from", type=int, default=None,
                   help="first trick searched (Katte), cards in hand (Kočka: 6, Katko: 3)")
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--minutes", type=float, default=None, help="stop after the deal that passes this")
    c.add_argument("--every", type=int, default=0, help="print the figures so far every so many deals")
    c.add_argument("--out", default=None, help="append each deal's rows to this JSON-lines file")
    r = sub.add_parser("report", help="the figures of a compare run's --out log (a run stopped early too)")
    r.add_argument("log")
    r.add_argument("--game", choices=sorted(GAME_WINDOWS), default=None, help="only this game's rows")
    args = parser.parse_args(argv)
    if args.command == "report":
        report_log(args.log, args.game)
        return 0
    plan_from = DEFAULT_FROM[args.game] if args.plan_from is None else args.plan_from
    compare(args.deals, args.seed, args.worlds, plan_from, args.jobs, args.game, args.minutes, args.every,
            args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
